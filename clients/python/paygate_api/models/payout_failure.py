from enum import StrEnum

class PayoutFailure(StrEnum):
    INVALID_ACCOUNT = "invalid_account"
    PROVIDER_UNAVAILABLE = "provider_unavailable"
    RETURNED = "returned"

    def __str__(self) -> str:
        return str(self.value)
