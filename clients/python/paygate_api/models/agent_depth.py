from enum import StrEnum

class AgentDepth(StrEnum):
    DEEP = "deep"
    STANDARD = "standard"

    def __str__(self) -> str:
        return str(self.value)
