from enum import StrEnum

class RouteDestinationType0Method(StrEnum):
    WALLET = "wallet"

    def __str__(self) -> str:
        return str(self.value)
