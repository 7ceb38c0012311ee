from enum import StrEnum

class CancellationReason(StrEnum):
    ABANDONED = "abandoned"
    DUPLICATE = "duplicate"
    FRAUDULENT = "fraudulent"
    REQUESTED_BY_CUSTOMER = "requested_by_customer"

    def __str__(self) -> str:
        return str(self.value)
