from enum import StrEnum

class NextActionType(StrEnum):
    DO_NOT_PAY = "do_not_pay"
    NONE = "none"
    OPEN_PAYMENT_LINK = "open_payment_link"
    PAY_INTENT = "pay_intent"
    PAY_OFFLINE = "pay_offline"
    PAY_QR_CODE = "pay_qr_code"
    USE_SCHEME_APP = "use_scheme_app"

    def __str__(self) -> str:
        return str(self.value)
