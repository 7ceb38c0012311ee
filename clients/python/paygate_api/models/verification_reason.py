from enum import StrEnum

class VerificationReason(StrEnum):
    AMOUNT_MISMATCH = "amount_mismatch"
    AWAITING_PAYMENT = "awaiting_payment"
    IN_FLIGHT = "in_flight"
    LEDGER_POSTED = "ledger_posted"
    MANUAL_REVIEW = "manual_review"
    MATCHED_AMOUNT = "matched_amount"
    MATCHED_LEDGER_REFERENCE = "matched_ledger_reference"
    MATCHED_MSISDN = "matched_msisdn"
    MATCHED_REFERENCE = "matched_reference"
    NO_CANDIDATE = "no_candidate"
    PAYMENT_DEAD = "payment_dead"
    TIED_CANDIDATES = "tied_candidates"

    def __str__(self) -> str:
        return str(self.value)
