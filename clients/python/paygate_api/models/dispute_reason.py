from enum import StrEnum

class DisputeReason(StrEnum):
    DUPLICATE = "duplicate"
    FRAUDULENT = "fraudulent"
    OTHER = "other"
    PRODUCT_NOT_RECEIVED = "product_not_received"
    UNRECOGNIZED = "unrecognized"

    def __str__(self) -> str:
        return str(self.value)
