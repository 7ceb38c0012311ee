from enum import StrEnum

class OfflinePromiseStatus(StrEnum):
    RECEIVED = "RECEIVED"
    REJECTED = "REJECTED"
    SETTLED = "SETTLED"

    def __str__(self) -> str:
        return str(self.value)
