from enum import StrEnum

class KeyKind(StrEnum):
    PK = "pk"
    RK = "rk"
    SK = "sk"

    def __str__(self) -> str:
        return str(self.value)
