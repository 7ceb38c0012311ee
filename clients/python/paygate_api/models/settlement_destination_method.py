from enum import StrEnum

class SettlementDestinationMethod(StrEnum):
    BANK = "bank"
    MOBILE_MONEY = "mobile_money"
    WALLET = "wallet"

    def __str__(self) -> str:
        return str(self.value)
