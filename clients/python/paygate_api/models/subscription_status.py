from enum import StrEnum

class SubscriptionStatus(StrEnum):
    ACTIVE = "ACTIVE"
    CANCELLED = "CANCELLED"
    ENDED = "ENDED"
    INCOMPLETE = "INCOMPLETE"
    PAST_DUE = "PAST_DUE"
    TRIALING = "TRIALING"
    UNPAID = "UNPAID"

    def __str__(self) -> str:
        return str(self.value)
