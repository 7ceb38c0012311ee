from enum import StrEnum

class StatementOfFormat(StrEnum):
    CSV = "csv"
    JSON = "json"
    PDF = "pdf"

    def __str__(self) -> str:
        return str(self.value)
