from enum import StrEnum

class FailureReason(StrEnum):
    AUTHENTICATION_FAILED = "authentication_failed"
    DECLINED = "declined"
    EXPIRED_CARD = "expired_card"
    INCORRECT_CVC = "incorrect_cvc"
    INSUFFICIENT_FUNDS = "insufficient_funds"
    INVALID_MSISDN = "invalid_msisdn"
    PROVIDER_UNAVAILABLE = "provider_unavailable"

    def __str__(self) -> str:
        return str(self.value)
