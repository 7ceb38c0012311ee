from enum import StrEnum

class RouteDestinationType2Method(StrEnum):
    MOBILE_MONEY = "mobile_money"

    def __str__(self) -> str:
        return str(self.value)
