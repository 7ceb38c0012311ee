from enum import StrEnum

class SwitchPaymentStatus(StrEnum):
    AUTHORIZED = "AUTHORIZED"
    CANCELLED = "CANCELLED"
    COMPLETED = "COMPLETED"
    DISPATCHING = "DISPATCHING"
    EXPIRED = "EXPIRED"
    PENDING = "PENDING"
    READY = "READY"
    RECEIVED = "RECEIVED"
    REJECTED = "REJECTED"
    REQUIRES_ACTION = "REQUIRES_ACTION"
    UNKNOWN = "UNKNOWN"

    def __str__(self) -> str:
        return str(self.value)
