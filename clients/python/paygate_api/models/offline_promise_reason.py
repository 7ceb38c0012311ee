from enum import StrEnum

class OfflinePromiseReason(StrEnum):
    ALREADY_REJECTED = "already_rejected"
    ALREADY_SETTLED = "already_settled"
    COUNTER_NOT_MONOTONIC = "counter_not_monotonic"
    CURRENCY_NOT_ENABLED = "currency_not_enabled"
    DEVICE_DAILY_CEILING = "device_daily_ceiling"
    GUARDIAN_HALT = "guardian_halt"
    INSUFFICIENT_FUNDS = "insufficient_funds"
    INVALID_AMOUNT = "invalid_amount"
    MERCHANT_KEY_UNKNOWN = "merchant_key_unknown"
    MERCHANT_SIGNATURE_INVALID = "merchant_signature_invalid"
    NONCE_EXPIRED = "nonce_expired"
    NONCE_NOT_MERCHANTS = "nonce_not_merchants"
    NONCE_REPLAYED = "nonce_replayed"
    OFFLINE_CEILING = "offline_ceiling"
    OFFLINE_DISABLED = "offline_disabled"
    PARTY_INACTIVE = "party_inactive"
    PAYER_DEVICE_UNKNOWN = "payer_device_unknown"
    PAYER_KEY_INVALID = "payer_key_invalid"
    PAYER_SIGNATURE_INVALID = "payer_signature_invalid"
    POSTING_FAILED = "posting_failed"
    PROMISE_EXPIRED = "promise_expired"
    PROMISE_TOO_OLD = "promise_too_old"
    RISK_BLOCKED = "risk_blocked"
    RISK_REVIEW = "risk_review"
    SUBMITTER_NOT_PARTY = "submitter_not_party"
    UNKNOWN_PARTY = "unknown_party"

    def __str__(self) -> str:
        return str(self.value)
