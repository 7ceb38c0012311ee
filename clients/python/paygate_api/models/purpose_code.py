from enum import StrEnum

class PurposeCode(StrEnum):
    CONSTRUCTION = "CONSTRUCTION"
    DONATION = "DONATION"
    GENERAL_MERCHANT = "GENERAL_MERCHANT"
    GOVERNMENT_FEE = "GOVERNMENT_FEE"
    HEALTH = "HEALTH"
    MARKET = "MARKET"
    REMITTANCE = "REMITTANCE"
    RENT = "RENT"
    SCHOOL = "SCHOOL"
    TAX = "TAX"
    TRANSPORT = "TRANSPORT"
    UTILITY = "UTILITY"

    def __str__(self) -> str:
        return str(self.value)
