//! Attempts: one try of the payer on a rail, its lifecycle, and what the
//! rail is asked about it. An intent keeps its attempts in order; the last
//! one is the current one.
//!
//! Lifecycle: an attempt starts PROCESSING and ends AUTHORISED (manual
//! capture), CAPTURED, FAILED or UNKNOWN as the rail answers; an AUTHORISED
//! attempt is CAPTURED or, voided, ABANDONED; an UNKNOWN one is decided by
//! the operator's review (CAPTURED or FAILED); a prompt the payer never
//! answered is ABANDONED when its intent is cancelled or expires.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::Intent;
use crate::error::ApiError;
use crate::lifecycle::Refusal;
use crate::rails::card::Card;
use crate::rails::{CollectRequest, FailureReason};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum AttemptStatus {
    Processing,
    Authorised,
    Captured,
    Failed,
    Unknown,
    Abandoned,
}

crate::domain::resource::record_and_view! {
    #[derive(Debug, Clone, Serialize, Deserialize)]
    pub struct Attempt {}
    #[derive(Debug, Serialize, ToSchema)]
    pub struct AttemptView {

    }
    shared {
        pub id: String,
        pub rail: String,
        pub operator: Option<String>,
        pub customer_msisdn: Option<String>,
        pub status: AttemptStatus,
        /// `invalid_msisdn`, `provider_unavailable` or `declined` when the attempt failed.
        pub failure_reason: Option<FailureReason>,
    }
    record_tail {
        pub started_at_ms: i64,
        pub ended_at_ms: Option<i64>,
        /// A card attempt's card: brand, last four, expiry (never the number or CVC).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub card: Option<Card>,
        /// A bank attempt's reference and what arrived under it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub bank: Option<BankTransfer>,
        /// A wallet attempt's payer: the organisation whose available balance pays.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub payer: Option<String>,
        /// A live card attempt's hosted payment page at the card aggregator,
        /// where the payer types the card (the intent's `next_action`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub redirect_url: Option<String>,
        /// A live attempt's rail request (`rrq_...`): what the provider calls
        /// it, for a refund of its payment.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub rail_request: Option<String>,
    }
    view_tail {
        pub started_at: String,
        pub ended_at: Option<String>,
        /// A card attempt's card: brand, last four and expiry only.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub card: Option<crate::rails::card::Card>,
        /// A wallet attempt's payer (the organisation whose wallet paid).
        #[serde(skip_serializing_if = "Option::is_none")]
        pub payer: Option<String>,
    }
}

/// A bank transfer attempt: the reference the payer quotes, and the
/// credits that arrived under it (`methods.rs`).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct BankTransfer {
    pub reference: String,
    /// Credited towards the amount while the attempt was open.
    #[serde(default)]
    pub received_minor: i64,
    /// Sent back to the payer: the excess of an overpayment, or what a
    /// short payment had sent when the intent closed unpaid.
    #[serde(default)]
    pub returned_minor: i64,
    /// Arrived after the attempt closed: held for review (`docs/payments-rails.md`).
    #[serde(default)]
    pub review_minor: i64,
}

impl AttemptStatus {
    #[cfg(test)]
    pub const ALL: [AttemptStatus; 6] = [
        AttemptStatus::Processing,
        AttemptStatus::Authorised,
        AttemptStatus::Captured,
        AttemptStatus::Failed,
        AttemptStatus::Unknown,
        AttemptStatus::Abandoned,
    ];
}

/// What can end an attempt (or move an authorised or unknown one on).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// The payer approved a manual-capture payment.
    Authorise,
    /// The money was taken: at once, by `POST /capture`, or by a review.
    Capture,
    /// The rail refused, or a review found the payment unpaid.
    Fail,
    /// The rail's answer is unknown.
    Unknown,
    /// Voided, or left unanswered when the intent was cancelled or expired.
    Abandon,
}

/// The next status for `trigger` in `from`, or why not.
pub fn transition(from: AttemptStatus, trigger: Trigger) -> Result<AttemptStatus, Refusal> {
    use AttemptStatus::*;
    match (from, trigger) {
        (Processing, Trigger::Authorise) => Ok(Authorised),
        (Processing | Authorised | Unknown, Trigger::Capture) => Ok(Captured),
        (Processing | Unknown, Trigger::Fail) => Ok(Failed),
        (Processing, Trigger::Unknown) => Ok(Unknown),
        (Processing | Authorised, Trigger::Abandon) => Ok(Abandoned),
        (Captured | Failed | Abandoned, _) => Err(Refusal::Closed),
        _ => Err(Refusal::Invalid),
    }
}

impl Intent {
    /// Ends the current attempt (none: nothing to end). The intent's own
    /// transition has been checked first, so a refusal here is a bug, and
    /// answered as one.
    pub(super) fn end_attempt(
        &mut self,
        now: i64,
        trigger: Trigger,
        reason: Option<FailureReason>,
    ) -> Result<(), ApiError> {
        let intent = &self.id;
        let Some(attempt) = self.attempts.last_mut() else {
            return Ok(());
        };
        attempt.status = transition(attempt.status, trigger).map_err(|refusal| {
            ApiError::internal(format!(
                "attempt {} of {intent} is {:?} and refused {trigger:?} ({refusal:?})",
                attempt.id, attempt.status
            ))
        })?;
        attempt.failure_reason = reason;
        attempt.ended_at_ms = Some(now);
        crate::metrics::rail_attempt(&attempt.rail, &format!("{:?}", attempt.status));
        Ok(())
    }

    /// Abandons the current attempt when it is still open (PROCESSING, or
    /// AUTHORISED and voided); an ended attempt stays as it ended.
    pub(super) fn abandon_attempt(&mut self, now: i64) {
        if let Some(attempt) = self.attempts.last_mut()
            && let Ok(abandoned) = transition(attempt.status, Trigger::Abandon)
        {
            attempt.status = abandoned;
            attempt.ended_at_ms = Some(now);
        }
    }
}

pub(super) fn reason_str(reason: FailureReason) -> &'static str {
    match reason {
        FailureReason::InvalidMsisdn => "invalid_msisdn",
        FailureReason::ProviderUnavailable => "provider_unavailable",
        FailureReason::Declined => "declined",
        FailureReason::InsufficientFunds => "insufficient_funds",
        FailureReason::ExpiredCard => "expired_card",
        FailureReason::IncorrectCvc => "incorrect_cvc",
        FailureReason::AuthenticationFailed => "authentication_failed",
    }
}

/// What the rail is asked about `attempt` of `intent`.
pub(super) fn collect_request<'a>(intent: &'a Intent, attempt: &'a Attempt) -> CollectRequest<'a> {
    CollectRequest {
        rail: &attempt.rail,
        msisdn: attempt.customer_msisdn.as_deref(),
        amount_minor: intent.amount_minor,
        currency: &intent.currency,
        reference: &intent.id,
        card: attempt.card.as_ref(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;
    use AttemptStatus::*;

    const TRIGGERS: [Trigger; 5] = [
        Trigger::Authorise,
        Trigger::Capture,
        Trigger::Fail,
        Trigger::Unknown,
        Trigger::Abandon,
    ];

    const ALLOWED: &[(AttemptStatus, Trigger, AttemptStatus)] = &[
        (Processing, Trigger::Authorise, Authorised),
        (Processing, Trigger::Capture, Captured),
        (Processing, Trigger::Fail, Failed),
        (Processing, Trigger::Unknown, Unknown),
        (Processing, Trigger::Abandon, Abandoned),
        (Authorised, Trigger::Capture, Captured),
        (Authorised, Trigger::Abandon, Abandoned),
        (Unknown, Trigger::Capture, Captured),
        (Unknown, Trigger::Fail, Failed),
    ];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        // Exhaustive: a new status or trigger does not compile until listed.
        for s in AttemptStatus::ALL {
            match s {
                Processing | Authorised | Captured | Failed | Unknown | Abandoned => {}
            }
        }
        for t in TRIGGERS {
            match t {
                Trigger::Authorise
                | Trigger::Capture
                | Trigger::Fail
                | Trigger::Unknown
                | Trigger::Abandon => {}
            }
        }
        assert_table(&AttemptStatus::ALL, &TRIGGERS, ALLOWED, transition);
    }
}
