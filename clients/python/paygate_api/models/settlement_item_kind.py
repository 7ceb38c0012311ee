from enum import StrEnum

class SettlementItemKind(StrEnum):
    APPLICATION_FEE = "application_fee"
    CARRIED = "carried"
    DISPUTE_HOLD = "dispute_hold"
    PAYMENT = "payment"
    REFUND = "refund"
    REFUND_RELEASE = "refund_release"

    def __str__(self) -> str:
        return str(self.value)
