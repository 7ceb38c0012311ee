from enum import StrEnum

class FxQuoteStatus(StrEnum):
    EXPIRED = "EXPIRED"
    INDICATIVE = "INDICATIVE"
    LOCKED = "LOCKED"

    def __str__(self) -> str:
        return str(self.value)
