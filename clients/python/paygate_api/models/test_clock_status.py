from enum import StrEnum

class TestClockStatus(StrEnum):
    ADVANCING = "advancing"
    READY = "ready"

    def __str__(self) -> str:
        return str(self.value)
