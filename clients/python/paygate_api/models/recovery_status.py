from enum import StrEnum

class RecoveryStatus(StrEnum):
    ABSORBED = "ABSORBED"
    FAILED = "FAILED"
    RECOVERED = "RECOVERED"

    def __str__(self) -> str:
        return str(self.value)
