from enum import StrEnum

class LatePaymentStatus(StrEnum):
    HELD = "HELD"
    REFUNDED = "REFUNDED"
    REFUNDING = "REFUNDING"
    RELEASED = "RELEASED"

    def __str__(self) -> str:
        return str(self.value)
