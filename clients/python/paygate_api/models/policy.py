from enum import StrEnum

class Policy(StrEnum):
    CHEAPEST = "cheapest"
    FASTEST = "fastest"
    MOST_RELIABLE = "most_reliable"
    SMART = "smart"

    def __str__(self) -> str:
        return str(self.value)
