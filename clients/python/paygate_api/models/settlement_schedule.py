from enum import StrEnum

class SettlementSchedule(StrEnum):
    MANUAL = "manual"
    T0 = "T0"
    T1 = "T1"
    T2 = "T2"
    WEEKLY = "weekly"

    def __str__(self) -> str:
        return str(self.value)
