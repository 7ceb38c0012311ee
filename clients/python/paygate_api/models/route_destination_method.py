from enum import StrEnum

class RouteDestinationMethod(StrEnum):
    AGENT = "agent"
    BANK = "bank"
    KEEP = "keep"
    MOBILE_MONEY = "mobile_money"
    QR = "qr"
    WALLET = "wallet"

    def __str__(self) -> str:
        return str(self.value)
