from enum import StrEnum

class RailReason(StrEnum):
    CIRCUIT_HALF_OPEN = "circuit_half_open"
    CIRCUIT_OPEN = "circuit_open"
    RAIL_NOT_CONFIGURED = "rail_not_configured"

    def __str__(self) -> str:
        return str(self.value)
