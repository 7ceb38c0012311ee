from enum import StrEnum

class CorridorStatus(StrEnum):
    LIVE = "live"
    SANDBOX = "sandbox"
    SUSPENDED = "suspended"

    def __str__(self) -> str:
        return str(self.value)
