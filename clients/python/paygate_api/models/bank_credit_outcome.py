from enum import StrEnum

class BankCreditOutcome(StrEnum):
    OVERPAID = "overpaid"
    PAID = "paid"
    PARTIAL = "partial"
    REVIEW = "review"

    def __str__(self) -> str:
        return str(self.value)
