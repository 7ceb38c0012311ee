from enum import StrEnum

class RouteDestinationType5Method(StrEnum):
    KEEP = "keep"

    def __str__(self) -> str:
        return str(self.value)
