from enum import StrEnum

class SessionStatus(StrEnum):
    COMPLETE = "complete"
    EXPIRED = "expired"
    OPEN = "open"

    def __str__(self) -> str:
        return str(self.value)
