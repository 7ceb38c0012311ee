from enum import StrEnum

class Verdict(StrEnum):
    INVALID_SIGNATURE = "invalid_signature"
    TRUSTED = "trusted"
    UNKNOWN_KEY = "unknown_key"
    UNSIGNED = "unsigned"

    def __str__(self) -> str:
        return str(self.value)
