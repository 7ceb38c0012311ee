from enum import StrEnum

class ReviewDecision(StrEnum):
    PAID = "paid"
    RETURNED = "returned"

    def __str__(self) -> str:
        return str(self.value)
