from enum import StrEnum

class AccountType(StrEnum):
    CORPORATE = "corporate"
    DEVELOPER = "developer"
    GOVERNMENT = "government"
    MERCHANT = "merchant"
    NGO = "ngo"

    def __str__(self) -> str:
        return str(self.value)
