from enum import StrEnum

class RouteDestinationType3Method(StrEnum):
    BANK = "bank"

    def __str__(self) -> str:
        return str(self.value)
