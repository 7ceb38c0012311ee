from enum import StrEnum

class Answer(StrEnum):
    AMBIGUOUS = "AMBIGUOUS"
    CONFIRMED = "CONFIRMED"
    NOT_FOUND = "NOT_FOUND"
    PENDING = "PENDING"

    def __str__(self) -> str:
        return str(self.value)
