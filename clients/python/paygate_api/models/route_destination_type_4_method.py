from enum import StrEnum

class RouteDestinationType4Method(StrEnum):
    AGENT = "agent"

    def __str__(self) -> str:
        return str(self.value)
