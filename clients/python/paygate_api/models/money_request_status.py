from enum import StrEnum

class MoneyRequestStatus(StrEnum):
    CANCELLED = "CANCELLED"
    EXPIRED = "EXPIRED"
    PAID = "PAID"
    PENDING = "PENDING"

    def __str__(self) -> str:
        return str(self.value)
