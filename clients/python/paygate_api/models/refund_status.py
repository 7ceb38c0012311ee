from enum import StrEnum

class RefundStatus(StrEnum):
    APPROVED = "APPROVED"
    FAILED = "FAILED"
    PROCESSING = "PROCESSING"
    REJECTED = "REJECTED"
    REQUESTED = "REQUESTED"
    SUCCEEDED = "SUCCEEDED"

    def __str__(self) -> str:
        return str(self.value)
