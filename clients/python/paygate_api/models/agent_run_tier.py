from enum import StrEnum

class AgentRunTier(StrEnum):
    DEEP = "deep"
    FREE = "free"
    STANDARD = "standard"

    def __str__(self) -> str:
        return str(self.value)
