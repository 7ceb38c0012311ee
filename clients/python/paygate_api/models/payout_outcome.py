from enum import StrEnum

class PayoutOutcome(StrEnum):
    INVALID_ACCOUNT = "invalid_account"
    PAID = "paid"
    PENDING_THEN_PAID = "pending_then_paid"
    PROVIDER_UNAVAILABLE = "provider_unavailable"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return str(self.value)
