from enum import StrEnum

class InvoiceCollection(StrEnum):
    NONE = "none"
    PAYMENT_REQUEST = "payment_request"
    WALLET = "wallet"

    def __str__(self) -> str:
        return str(self.value)
