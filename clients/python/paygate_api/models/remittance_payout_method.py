from enum import StrEnum

class RemittancePayoutMethod(StrEnum):
    BANK = "bank"
    CASH_PICKUP = "cash_pickup"
    MOBILE_MONEY = "mobile_money"
    WALLET = "wallet"

    def __str__(self) -> str:
        return str(self.value)
