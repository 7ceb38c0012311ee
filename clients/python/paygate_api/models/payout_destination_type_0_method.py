from enum import StrEnum

class PayoutDestinationType0Method(StrEnum):
    MOBILE_MONEY = "mobile_money"

    def __str__(self) -> str:
        return str(self.value)
