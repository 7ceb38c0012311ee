from enum import StrEnum

class CreditBand(StrEnum):
    BUILDING = "building"
    FAIR = "fair"
    GOOD = "good"
    STRONG = "strong"

    def __str__(self) -> str:
        return str(self.value)
