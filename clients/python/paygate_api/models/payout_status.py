from enum import StrEnum

class PayoutStatus(StrEnum):
    FAILED = "FAILED"
    NEEDS_REVIEW = "NEEDS_REVIEW"
    PAID = "PAID"
    PENDING = "PENDING"
    PROCESSING = "PROCESSING"

    def __str__(self) -> str:
        return str(self.value)
