from enum import StrEnum

class Brand(StrEnum):
    AMEX = "amex"
    DISCOVER = "discover"
    MASTERCARD = "mastercard"
    UNKNOWN = "unknown"
    VISA = "visa"

    def __str__(self) -> str:
        return str(self.value)
