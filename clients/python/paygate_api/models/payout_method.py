from enum import StrEnum

class PayoutMethod(StrEnum):
    BANK = "bank"
    MOBILE_MONEY = "mobile_money"

    def __str__(self) -> str:
        return str(self.value)
