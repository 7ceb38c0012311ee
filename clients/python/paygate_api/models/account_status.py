from enum import StrEnum

class AccountStatus(StrEnum):
    ACTIVE = "active"
    DETACHED = "detached"

    def __str__(self) -> str:
        return str(self.value)
