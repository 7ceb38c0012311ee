from enum import StrEnum

class DiasporaQuoteStatus(StrEnum):
    EXPIRED = "EXPIRED"
    PAID = "PAID"
    QUOTED = "QUOTED"

    def __str__(self) -> str:
        return str(self.value)
