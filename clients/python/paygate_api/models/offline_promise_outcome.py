from enum import StrEnum

class OfflinePromiseOutcome(StrEnum):
    DUPLICATE = "DUPLICATE"
    REJECTED = "REJECTED"
    SETTLED = "SETTLED"

    def __str__(self) -> str:
        return str(self.value)
