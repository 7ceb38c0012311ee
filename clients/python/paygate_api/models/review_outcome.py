from enum import StrEnum

class ReviewOutcome(StrEnum):
    NOT_PAID = "not_paid"
    PAID = "paid"

    def __str__(self) -> str:
        return str(self.value)
