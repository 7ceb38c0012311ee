from enum import StrEnum

class Method(StrEnum):
    MSISDN_AMOUNT = "msisdn_amount"
    REFERENCE = "reference"
    SMS = "sms"

    def __str__(self) -> str:
        return str(self.value)
