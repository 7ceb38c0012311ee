from enum import StrEnum

class RevokeReason(StrEnum):
    LOST = "lost"
    REPLACED = "replaced"
    RETIRED = "retired"
    STOLEN = "stolen"
    TAMPERED = "tampered"

    def __str__(self) -> str:
        return str(self.value)
