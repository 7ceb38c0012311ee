from enum import StrEnum

class MatchedOn(StrEnum):
    AMOUNT = "amount"
    LEDGER_REFERENCE = "ledger_reference"
    MSISDN = "msisdn"
    REFERENCE = "reference"

    def __str__(self) -> str:
        return str(self.value)
