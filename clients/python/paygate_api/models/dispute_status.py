from enum import StrEnum

class DisputeStatus(StrEnum):
    LOST = "LOST"
    NEEDS_RESPONSE = "NEEDS_RESPONSE"
    UNDER_REVIEW = "UNDER_REVIEW"
    WON = "WON"

    def __str__(self) -> str:
        return str(self.value)
