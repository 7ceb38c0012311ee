from enum import StrEnum

class FxIndicativeReason(StrEnum):
    AMOUNT_ABOVE_LOCK_MAX = "amount_above_lock_max"
    NO_USD_RATE = "no_usd_rate"
    RATE_STALE = "rate_stale"

    def __str__(self) -> str:
        return str(self.value)
