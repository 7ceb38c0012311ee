from enum import StrEnum

class StatementLineType(StrEnum):
    APPLICATION_FEE = "application_fee"
    CARRIED = "carried"
    DISPUTE_HOLD = "dispute_hold"
    PAYMENT = "payment"
    PROVIDER_FEE = "provider_fee"
    REFUND = "refund"
    REFUND_RELEASE = "refund_release"
    SERVICE_FEE = "service_fee"
    SPLIT = "split"
    TAX = "tax"

    def __str__(self) -> str:
        return str(self.value)
