from enum import StrEnum

class PayoutBatchSource(StrEnum):
    CSV = "csv"
    ROWS = "rows"

    def __str__(self) -> str:
        return str(self.value)
