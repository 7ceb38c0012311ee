from enum import StrEnum

class ReconciliationClass(StrEnum):
    MATCHED = "matched"
    MISMATCHED = "mismatched"
    MISSING = "missing"
    UNMATCHED = "unmatched"

    def __str__(self) -> str:
        return str(self.value)
