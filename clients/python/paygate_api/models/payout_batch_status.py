from enum import StrEnum

class PayoutBatchStatus(StrEnum):
    CANCELLED = "CANCELLED"
    EXECUTED = "EXECUTED"
    EXECUTING = "EXECUTING"
    FAILED = "FAILED"
    PARTIAL = "PARTIAL"
    PENDING_APPROVAL = "PENDING_APPROVAL"

    def __str__(self) -> str:
        return str(self.value)
