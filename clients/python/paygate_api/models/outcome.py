from enum import StrEnum

class Outcome(StrEnum):
    AMBIGUOUS = "ambiguous"
    DECLINED = "declined"
    FAIL = "fail"
    PROVIDER_UNAVAILABLE = "provider_unavailable"
    SUCCEED = "succeed"
    TIMEOUT_THEN_SUCCEED = "timeout_then_succeed"

    def __str__(self) -> str:
        return str(self.value)
