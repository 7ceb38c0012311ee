from enum import StrEnum

class Provider(StrEnum):
    AIRTEL_MONEY = "airtel_money"
    FLUTTERWAVE = "flutterwave"
    MTN_MOMO = "mtn_momo"

    def __str__(self) -> str:
        return str(self.value)
