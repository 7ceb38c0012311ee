//! The lifecycle of a national-switch payment (origin section 10): every
//! status change goes through [`transition`]. The five status dimensions
//! (authorization, beneficiary credit, settlement, reconciliation,
//! resolution) follow from the facts recorded with each move (`mod.rs`).

use serde::{Deserialize, Serialize};

pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SwitchPaymentStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Status {
    /// Accepted by the gateway; consent not looked at yet (only inside the
    /// creating command: the same command moves it on).
    Received,
    /// The payer's consent is missing or older than 600 s.
    RequiresAction,
    /// Consent valid: waiting in the submission outbox.
    Ready,
    /// Taken from the outbox and (possibly) sent to the switch.
    Dispatching,
    /// The switch acknowledged it and is working.
    Pending,
    /// The payer's institution authorized it.
    Authorized,
    /// A submission timed out after it may have been sent: an inquiry, never
    /// a resend, will tell.
    Unknown,
    Completed,
    Rejected,
    Expired,
    Cancelled,
}

impl Status {
    /// Every status (the table test's list; the simulator's too).
    pub const ALL: [Status; 11] = [
        Status::Received,
        Status::RequiresAction,
        Status::Ready,
        Status::Dispatching,
        Status::Pending,
        Status::Authorized,
        Status::Unknown,
        Status::Completed,
        Status::Rejected,
        Status::Expired,
        Status::Cancelled,
    ];

    pub fn is_final(self) -> bool {
        matches!(
            self,
            Status::Completed | Status::Rejected | Status::Expired | Status::Cancelled
        )
    }

    /// Not yet handed to the switch: the only statuses a cancel or the
    /// 15-minute expiry may end (origin section 10).
    pub fn before_emission(self) -> bool {
        matches!(
            self,
            Status::Received | Status::RequiresAction | Status::Ready
        )
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Received => "RECEIVED",
            Status::RequiresAction => "REQUIRES_ACTION",
            Status::Ready => "READY",
            Status::Dispatching => "DISPATCHING",
            Status::Pending => "PENDING",
            Status::Authorized => "AUTHORIZED",
            Status::Unknown => "UNKNOWN",
            Status::Completed => "COMPLETED",
            Status::Rejected => "REJECTED",
            Status::Expired => "EXPIRED",
            Status::Cancelled => "CANCELLED",
        }
    }
}

crate::lifecycle::triggers! {
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Trigger {
        /// The consent check at creation: valid (given less than 600 s ago) or not.
        Consent {
            valid: bool,
        },
        /// The consent's 600 s ran out before the payment left.
        ConsentLapsed,
        /// The outbox drainer took the submission.
        Dispatch,
        /// The switch acknowledged the submission (or an inquiry found it).
        Accepted,
        /// The payer's institution authorized.
        Authorize,
        /// The beneficiary was credited.
        Credit,
        /// The switch or the payer's institution refused (or an inquiry found
        /// nothing was received).
        Reject,
        /// No answer after a send that may have happened.
        TimedOut,
        /// 15 minutes passed before emission.
        Expire,
        Cancel,
    }
}

pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    use Trigger::*;
    match (from, trigger) {
        (Received, Consent { valid: true }) => Ok(Ready),
        (Received, Consent { valid: false }) | (Ready, ConsentLapsed) => Ok(RequiresAction),
        (Ready, Dispatch) => Ok(Dispatching),
        (Dispatching | Unknown, Accepted) => Ok(Pending),
        (Pending, Authorize) => Ok(Authorized),
        (Authorized, Credit) => Ok(Completed),
        (Dispatching | Unknown | Pending, Reject) => Ok(Rejected),
        (Dispatching, TimedOut) => Ok(Unknown),
        (s, Expire | Cancel) if s.before_emission() => Ok(if trigger == Expire {
            Expired
        } else {
            Cancelled
        }),
        (s, _) if s.is_final() => Err(Refusal::Closed),
        _ => Err(Refusal::Invalid),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;
    use Status::*;
    use Trigger::*;

    const ALLOWED: &[(Status, Trigger, Status)] = &[
        (Received, Consent { valid: true }, Ready),
        (Received, Consent { valid: false }, RequiresAction),
        (Ready, ConsentLapsed, RequiresAction),
        (Ready, Dispatch, Dispatching),
        (Dispatching, Accepted, Pending),
        (Unknown, Accepted, Pending),
        (Pending, Authorize, Authorized),
        (Authorized, Credit, Completed),
        (Dispatching, Reject, Rejected),
        (Unknown, Reject, Rejected),
        (Pending, Reject, Rejected),
        (Dispatching, TimedOut, Unknown),
        (Received, Expire, Expired),
        (RequiresAction, Expire, Expired),
        (Ready, Expire, Expired),
        (Received, Cancel, Cancelled),
        (RequiresAction, Cancel, Cancelled),
        (Ready, Cancel, Cancelled),
    ];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        for s in Status::ALL {
            match s {
                Received | RequiresAction | Ready | Dispatching | Pending | Authorized
                | Unknown | Completed | Rejected | Expired | Cancelled => {}
            }
        }
        for t in Trigger::ALL {
            match t {
                Consent { .. }
                | ConsentLapsed
                | Dispatch
                | Accepted
                | Authorize
                | Credit
                | Reject
                | TimedOut
                | Expire
                | Cancel => {}
            }
        }
        assert_table(&Status::ALL, Trigger::ALL, ALLOWED, transition);
    }

    #[test]
    fn nothing_emitted_can_be_cancelled_and_final_payments_are_closed() {
        assert_eq!(transition(Dispatching, Cancel), Err(Refusal::Invalid));
        assert_eq!(transition(Unknown, Cancel), Err(Refusal::Invalid));
        assert_eq!(transition(Completed, Cancel), Err(Refusal::Closed));
        // An UNKNOWN payment is never dispatched again: only an inquiry's
        // answer moves it.
        assert_eq!(transition(Unknown, Dispatch), Err(Refusal::Invalid));
    }
}
