from enum import StrEnum

class AgentRunStatus(StrEnum):
    COMPLETED = "completed"
    FAILED = "failed"
    QUEUED = "queued"

    def __str__(self) -> str:
        return str(self.value)
