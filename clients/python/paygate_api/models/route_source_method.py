from enum import StrEnum

class RouteSourceMethod(StrEnum):
    BANK = "bank"
    CARD = "card"
    MOBILE_MONEY = "mobile_money"
    WALLET = "wallet"

    def __str__(self) -> str:
        return str(self.value)
