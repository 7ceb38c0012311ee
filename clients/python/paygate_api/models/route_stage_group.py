from enum import StrEnum

class RouteStageGroup(StrEnum):
    EXCEPTION = "exception"
    FUNDED = "funded"
    INITIATED = "initiated"
    PAYING = "paying"
    SETTLED = "settled"

    def __str__(self) -> str:
        return str(self.value)
