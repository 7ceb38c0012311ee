from enum import StrEnum

class RefundPolicy(StrEnum):
    MERCHANT_ABSORBS = "merchant_absorbs"
    PRO_RATA = "pro_rata"

    def __str__(self) -> str:
        return str(self.value)
