from enum import StrEnum

class CaptureMethod(StrEnum):
    AUTOMATIC = "automatic"
    MANUAL = "manual"

    def __str__(self) -> str:
        return str(self.value)
