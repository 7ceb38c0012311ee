from enum import StrEnum

class VerificationStatus(StrEnum):
    AMBIGUOUS = "AMBIGUOUS"
    MISMATCH = "MISMATCH"
    NOT_FOUND = "NOT_FOUND"
    PENDING = "PENDING"
    VERIFIED = "VERIFIED"

    def __str__(self) -> str:
        return str(self.value)
