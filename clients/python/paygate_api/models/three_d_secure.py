from enum import StrEnum

class ThreeDSecure(StrEnum):
    AUTHENTICATED = "authenticated"
    FAILED = "failed"
    REQUIRED = "required"

    def __str__(self) -> str:
        return str(self.value)
