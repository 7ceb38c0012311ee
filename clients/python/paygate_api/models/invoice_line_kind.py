from enum import StrEnum

class InvoiceLineKind(StrEnum):
    RECURRING = "recurring"
    TAX = "tax"
    USAGE = "usage"

    def __str__(self) -> str:
        return str(self.value)
