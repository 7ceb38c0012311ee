from enum import StrEnum

class Kind(StrEnum):
    EMVCO = "emvco"
    INVALID_EMVCO = "invalid_emvco"
    PAYGATE_CHECKOUT_URL = "paygate_checkout_url"
    PAYGATE_INTENT_QR = "paygate_intent_qr"
    PAYGATE_OFFLINE_QR = "paygate_offline_qr"
    PAYGATE_PAYMENT_LINK = "paygate_payment_link"
    PAYGATE_QR_CODE = "paygate_qr_code"
    UNKNOWN = "unknown"
    URL = "url"

    def __str__(self) -> str:
        return str(self.value)
