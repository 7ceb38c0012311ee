from enum import StrEnum

class SettlementCycleStatus(StrEnum):
    CLOSED = "CLOSED"
    FAILED = "FAILED"
    OPEN = "OPEN"
    PAID = "PAID"
    PAYING = "PAYING"
    SKIPPED = "SKIPPED"

    def __str__(self) -> str:
        return str(self.value)
