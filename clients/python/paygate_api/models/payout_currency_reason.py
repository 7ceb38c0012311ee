from enum import StrEnum

class PayoutCurrencyReason(StrEnum):
    CORRIDOR_NOT_LIVE = "corridor_not_live"
    CORRIDOR_SUSPENDED = "corridor_suspended"
    CURRENCY_DISABLED = "currency_disabled"
    INSUFFICIENT_LIQUIDITY = "insufficient_liquidity"
    NO_FX_APPROVAL = "no_fx_approval"
    NO_RATE = "no_rate"
    OPERATOR_CANNOT_PAY = "operator_cannot_pay"

    def __str__(self) -> str:
        return str(self.value)
