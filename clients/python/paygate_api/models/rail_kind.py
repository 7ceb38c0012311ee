from enum import StrEnum

class RailKind(StrEnum):
    BANK = "bank"
    CARD = "card"
    MOBILE_MONEY = "mobile_money"
    QR = "qr"
    WALLET = "wallet"

    def __str__(self) -> str:
        return str(self.value)
