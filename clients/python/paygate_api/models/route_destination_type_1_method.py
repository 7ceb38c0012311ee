from enum import StrEnum

class RouteDestinationType1Method(StrEnum):
    QR = "qr"

    def __str__(self) -> str:
        return str(self.value)
