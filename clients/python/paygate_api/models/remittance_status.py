from enum import StrEnum

class RemittanceStatus(StrEnum):
    COMPLETED = "completed"
    FAILED = "failed"
    PENDING = "pending"
    READY_FOR_PICKUP = "ready_for_pickup"
    REFUNDED = "refunded"

    def __str__(self) -> str:
        return str(self.value)
