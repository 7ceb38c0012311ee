from enum import StrEnum

class SplitPayoutStatus(StrEnum):
    PAID = "PAID"

    def __str__(self) -> str:
        return str(self.value)
