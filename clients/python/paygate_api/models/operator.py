from enum import StrEnum

class Operator(StrEnum):
    AFRICELL = "africell"
    AIRTEL = "airtel"
    MPESA = "mpesa"
    MTN = "mtn"
    ORANGE = "orange"

    def __str__(self) -> str:
        return str(self.value)
