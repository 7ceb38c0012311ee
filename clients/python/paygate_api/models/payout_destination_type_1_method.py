from enum import StrEnum

class PayoutDestinationType1Method(StrEnum):
    BANK = "bank"

    def __str__(self) -> str:
        return str(self.value)
