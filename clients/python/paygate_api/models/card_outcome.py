from enum import StrEnum

class CardOutcome(StrEnum):
    CHALLENGE_REQUIRED = "challenge_required"
    DECLINED = "declined"
    EXPIRED_CARD = "expired_card"
    INCORRECT_CVC = "incorrect_cvc"
    INSUFFICIENT_FUNDS = "insufficient_funds"
    REFUND_UNANSWERED = "refund_unanswered"
    SUCCEED = "succeed"

    def __str__(self) -> str:
        return str(self.value)
