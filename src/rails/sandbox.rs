//! The sandbox rail's magic payer numbers (spec section 8, test keys only).

use serde::Serialize;

/// What the sandbox does for a payer number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Succeed,
    Fail,
    Ambiguous,
    TimeoutThenSucceed,
    ProviderUnavailable,
    Declined,
}

/// A row of `GET /sandbox`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct MagicNumber {
    /// The payer number (`customer_msisdn`), or a pattern such as `*0000`.
    pub msisdn: &'static str,
    pub outcome: Outcome,
    /// What happens to the attempt and the intent.
    pub behaviour: &'static str,
    /// The intent's status once the sandbox is done.
    pub intent_ends: &'static str,
}

pub const MAGIC_NUMBERS: &[MagicNumber] = &[
    MagicNumber {
        msisdn: "+243000000501",
        outcome: Outcome::Succeed,
        behaviour: "the payer approves at once; the intent is captured and credited to the test balance; event payment_intent.succeeded",
        intent_ends: "SETTLEMENT_PENDING",
    },
    MagicNumber {
        msisdn: "+243000000404",
        outcome: Outcome::Fail,
        behaviour: "wallet not found: the attempt fails with invalid_msisdn; the intent goes back to REQUIRES_PAYMENT_METHOD",
        intent_ends: "REQUIRES_PAYMENT_METHOD",
    },
    MagicNumber {
        msisdn: "+243000000408",
        outcome: Outcome::Ambiguous,
        behaviour: "the provider outcome is unknown: the payment is parked in MANUAL_REVIEW; event payment_intent.ambiguous_hold",
        intent_ends: "AMBIGUOUS",
    },
    MagicNumber {
        msisdn: "+243000000500",
        outcome: Outcome::TimeoutThenSucceed,
        behaviour: "processing for 6 seconds (a durable timer), then succeeds and settles",
        intent_ends: "SETTLEMENT_PENDING",
    },
    MagicNumber {
        msisdn: "+243000000503",
        outcome: Outcome::ProviderUnavailable,
        behaviour: "retryable attempt failure provider_unavailable; a new attempt is allowed",
        intent_ends: "REQUIRES_PAYMENT_METHOD",
    },
    MagicNumber {
        msisdn: "*0000",
        outcome: Outcome::Declined,
        behaviour: "any number ending in 0000: the payer rejects the prompt; the attempt ends declined",
        intent_ends: "REQUIRES_PAYMENT_METHOD",
    },
];

/// The outcome for a payer number; other numbers succeed like `+243000000501`.
pub fn outcome_for(msisdn: &str) -> Outcome {
    if msisdn.ends_with("0000") {
        return Outcome::Declined;
    }
    MAGIC_NUMBERS
        .iter()
        .find(|m| m.msisdn == msisdn)
        .map(|m| m.outcome)
        .unwrap_or(Outcome::Succeed)
}

/// How long the sandbox keeps a `timeout_then_succeed` payment pending (spec section 8).
pub const PENDING_MS: i64 = 6_000;

/// The sandbox rail: deterministic, in memory, for test keys.
pub struct Sandbox;

impl super::Rail for Sandbox {
    fn collect(&self, request: &super::CollectRequest<'_>) -> super::Collection {
        use super::{Collection, FailureReason};
        tracing::debug!(
            rail = request.rail,
            amount_minor = request.amount_minor,
            currency = request.currency,
            reference = request.reference,
            "sandbox collect"
        );
        match outcome_for(request.msisdn.unwrap_or_default()) {
            Outcome::Succeed => Collection::Succeeded,
            Outcome::Fail => Collection::Failed(FailureReason::InvalidMsisdn),
            Outcome::Ambiguous => Collection::Unknown,
            Outcome::TimeoutThenSucceed => Collection::Pending {
                poll_after_ms: PENDING_MS,
            },
            Outcome::ProviderUnavailable => Collection::Failed(FailureReason::ProviderUnavailable),
            Outcome::Declined => Collection::Failed(FailureReason::Declined),
        }
    }

    fn status(&self, request: &super::CollectRequest<'_>) -> super::Collection {
        match self.collect(request) {
            // Once the pending time has passed, the payment goes through.
            super::Collection::Pending { .. } => super::Collection::Succeeded,
            other => other,
        }
    }

    fn capture(&self, _: &super::CollectRequest<'_>, _: i64) -> Result<(), crate::error::ApiError> {
        Ok(())
    }

    fn void(&self, _: &super::CollectRequest<'_>) -> Result<(), crate::error::ApiError> {
        Ok(())
    }

    /// Sandbox refunds always succeed (origin behaviour section 2).
    fn refund(&self, _: &super::CollectRequest<'_>, _: i64) -> Result<(), crate::error::ApiError> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_numbers_map_to_the_spec_outcomes() {
        assert_eq!(outcome_for("+243000000501"), Outcome::Succeed);
        assert_eq!(outcome_for("+243000000404"), Outcome::Fail);
        assert_eq!(outcome_for("+243000000408"), Outcome::Ambiguous);
        assert_eq!(outcome_for("+243000000500"), Outcome::TimeoutThenSucceed);
        assert_eq!(outcome_for("+243000000503"), Outcome::ProviderUnavailable);
        assert_eq!(outcome_for("+243810000000"), Outcome::Declined);
        assert_eq!(outcome_for("+243811234567"), Outcome::Succeed);
    }
}
