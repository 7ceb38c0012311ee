from enum import StrEnum

class DunningExhausted(StrEnum):
    CANCEL = "cancel"
    UNPAID = "unpaid"

    def __str__(self) -> str:
        return str(self.value)
