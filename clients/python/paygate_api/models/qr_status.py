from enum import StrEnum

class QrStatus(StrEnum):
    ACTIVE = "ACTIVE"
    REVOKED = "REVOKED"

    def __str__(self) -> str:
        return str(self.value)
