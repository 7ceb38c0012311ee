//! The subscription lifecycle (after Stripe Billing's statuses):
//!
//! - `TRIALING`: a trial runs; no invoice yet. Its end bills the first period.
//! - `INCOMPLETE`: created without a trial, its first invoice not paid yet.
//! - `ACTIVE`: the latest invoice is paid.
//! - `PAST_DUE`: an invoice failed and is in dunning (retries after 1, 3 and
//!   7 days); a later payment makes it `ACTIVE` again.
//! - `UNPAID`: dunning ran out on a plan that keeps the subscription
//!   (`dunning_exhausted: unpaid`): no more invoices; it can be cancelled.
//! - `CANCELLED`: cancelled now (by request, or dunning ran out). Final.
//! - `ENDED`: a cancel at period end reached the period's end. Final.

use serde::{Deserialize, Serialize};

pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SubscriptionStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Status {
    Trialing,
    Incomplete,
    Active,
    PastDue,
    Unpaid,
    Cancelled,
    Ended,
}

impl Status {
    pub const ALL: [Status; 7] = [
        Status::Trialing,
        Status::Incomplete,
        Status::Active,
        Status::PastDue,
        Status::Unpaid,
        Status::Cancelled,
        Status::Ended,
    ];

    /// Whether the subscription still runs (bills, takes usage, can be cancelled).
    pub fn running(self) -> bool {
        transition(self, Trigger::Usage).is_ok()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// An invoice of the subscription was paid.
    InvoicePaid,
    /// A collection attempt of an invoice failed.
    PaymentFailed,
    /// An invoice's last attempt failed: CANCELLED (`cancel`) or UNPAID.
    DunningExhausted { cancel: bool },
    /// A period ended and the next one starts (the trial's end included).
    Renew,
    /// A period ended with a cancel at period end asked.
    End,
    /// `POST /subscriptions/{id}/cancel`.
    Cancel { immediately: bool },
    /// `POST /subscriptions/{id}/usage`.
    Usage,
}

/// The next status for `trigger` in `from`, or why not.
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    use Trigger::*;
    match (from, trigger) {
        (Cancelled | Ended, _) => Err(Refusal::Closed),
        (Incomplete | Active | PastDue, InvoicePaid) => Ok(Active),
        (Active | PastDue, PaymentFailed) => Ok(PastDue),
        (Incomplete, PaymentFailed) => Ok(Incomplete),
        (Incomplete | Active | PastDue, DunningExhausted { cancel: true }) => Ok(Cancelled),
        (Incomplete | Active | PastDue, DunningExhausted { cancel: false }) => Ok(Unpaid),
        (Trialing, Renew) => Ok(Active),
        (Incomplete | Active | PastDue, Renew) => Ok(from),
        (Trialing | Incomplete | Active | PastDue, End) => Ok(Ended),
        (_, Cancel { immediately: true }) => Ok(Cancelled),
        // UNPAID has no period end to wait for.
        (Unpaid, Cancel { immediately: false }) => Ok(Cancelled),
        (_, Cancel { immediately: false }) => Ok(from),
        (Unpaid, _) => Err(Refusal::Invalid),
        (Trialing | Incomplete | Active | PastDue, Usage) => Ok(from),
        (Trialing, InvoicePaid | PaymentFailed | DunningExhausted { .. }) => Err(Refusal::Invalid),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;
    use Status::*;
    use Trigger::*;

    const TRIGGERS: [Trigger; 9] = [
        InvoicePaid,
        PaymentFailed,
        DunningExhausted { cancel: true },
        DunningExhausted { cancel: false },
        Renew,
        End,
        Cancel { immediately: true },
        Cancel { immediately: false },
        Usage,
    ];

    const ALLOWED: &[(Status, Trigger, Status)] = &[
        (Trialing, Renew, Active),
        (Trialing, End, Ended),
        (Trialing, Cancel { immediately: true }, Cancelled),
        (Trialing, Cancel { immediately: false }, Trialing),
        (Trialing, Usage, Trialing),
        (Incomplete, InvoicePaid, Active),
        (Incomplete, PaymentFailed, Incomplete),
        (Incomplete, DunningExhausted { cancel: true }, Cancelled),
        (Incomplete, DunningExhausted { cancel: false }, Unpaid),
        (Incomplete, Renew, Incomplete),
        (Incomplete, End, Ended),
        (Incomplete, Cancel { immediately: true }, Cancelled),
        (Incomplete, Cancel { immediately: false }, Incomplete),
        (Incomplete, Usage, Incomplete),
        (Active, InvoicePaid, Active),
        (Active, PaymentFailed, PastDue),
        (Active, DunningExhausted { cancel: true }, Cancelled),
        (Active, DunningExhausted { cancel: false }, Unpaid),
        (Active, Renew, Active),
        (Active, End, Ended),
        (Active, Cancel { immediately: true }, Cancelled),
        (Active, Cancel { immediately: false }, Active),
        (Active, Usage, Active),
        (PastDue, InvoicePaid, Active),
        (PastDue, PaymentFailed, PastDue),
        (PastDue, DunningExhausted { cancel: true }, Cancelled),
        (PastDue, DunningExhausted { cancel: false }, Unpaid),
        (PastDue, Renew, PastDue),
        (PastDue, End, Ended),
        (PastDue, Cancel { immediately: true }, Cancelled),
        (PastDue, Cancel { immediately: false }, PastDue),
        (PastDue, Usage, PastDue),
        (Unpaid, Cancel { immediately: true }, Cancelled),
        (Unpaid, Cancel { immediately: false }, Cancelled),
    ];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        for s in Status::ALL {
            match s {
                Trialing | Incomplete | Active | PastDue | Unpaid | Cancelled | Ended => {}
            }
        }
        for t in TRIGGERS {
            match t {
                InvoicePaid
                | PaymentFailed
                | DunningExhausted { .. }
                | Renew
                | End
                | Cancel { .. }
                | Usage => {}
            }
        }
        assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
        assert!(Active.running() && !Unpaid.running() && !Ended.running());
    }
}
