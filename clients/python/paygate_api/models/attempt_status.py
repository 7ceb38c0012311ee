from enum import StrEnum

class AttemptStatus(StrEnum):
    ABANDONED = "ABANDONED"
    AUTHORISED = "AUTHORISED"
    CAPTURED = "CAPTURED"
    FAILED = "FAILED"
    PROCESSING = "PROCESSING"
    UNKNOWN = "UNKNOWN"

    def __str__(self) -> str:
        return str(self.value)
