from enum import StrEnum

class TransferStatus(StrEnum):
    SUCCEEDED = "SUCCEEDED"

    def __str__(self) -> str:
        return str(self.value)
