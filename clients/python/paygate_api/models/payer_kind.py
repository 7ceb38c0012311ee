from enum import StrEnum

class PayerKind(StrEnum):
    EMAIL = "email"
    PHONE = "phone"
    TAG = "tag"

    def __str__(self) -> str:
        return str(self.value)
