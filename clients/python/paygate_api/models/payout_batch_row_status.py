from enum import StrEnum

class PayoutBatchRowStatus(StrEnum):
    FAILED = "FAILED"
    INVALID = "INVALID"
    NEEDS_REVIEW = "NEEDS_REVIEW"
    PAID = "PAID"
    PROCESSING = "PROCESSING"
    SKIPPED = "SKIPPED"
    VALID = "VALID"

    def __str__(self) -> str:
        return str(self.value)
