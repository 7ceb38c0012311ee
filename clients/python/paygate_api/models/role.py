from enum import StrEnum

class Role(StrEnum):
    ADMIN = "admin"
    DEVELOPER = "developer"
    FINANCE = "finance"
    OWNER = "owner"
    VIEWER = "viewer"

    def __str__(self) -> str:
        return str(self.value)
