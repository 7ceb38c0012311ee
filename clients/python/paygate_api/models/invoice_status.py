from enum import StrEnum

class InvoiceStatus(StrEnum):
    FAILED = "FAILED"
    OPEN = "OPEN"
    PAID = "PAID"
    VOID = "VOID"

    def __str__(self) -> str:
        return str(self.value)
