//! The lifecycle of a rail request (one collection or payout at a live
//! provider, `docs/rails.md`):
//!
//! ```text
//! QUEUED ──send──> SENT ──accepted──> PENDING ──succeeded | failed──> SUCCEEDED | FAILED
//!   │               │ ──succeeded | failed──> SUCCEEDED | FAILED
//!   │               └ ──lost──> UNKNOWN ──accepted──> PENDING
//!   │                              └ ──succeeded | failed──> SUCCEEDED | FAILED
//!   └──failed (never sent: circuit open, connection refused)──> FAILED
//!
//! QUEUED | SENT | PENDING | UNKNOWN ──resolve──> RESOLVED
//! ```
//!
//! `resolve`: a member's review decided what the provider never said (a
//! refund PROCESSING for ever, issue 47): the request is closed, its
//! inquiries stop, and an answer arriving afterwards is recorded
//! (`last_answer`) but moves nothing (decision 430).
//!
//! `lost`: the request may have reached the provider and no answer came
//! back. Only a status inquiry moves an UNKNOWN request on; it is never sent
//! again, so the payer is never asked (or the payee paid) twice.

use serde::{Deserialize, Serialize};

pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = RailRequestStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Status {
    /// In the outbox, committed with its attempt or payout; not sent yet.
    Queued,
    /// Taken from the outbox and handed to the connector; no answer recorded.
    Sent,
    /// The provider holds it; its outcome comes by callback or inquiry.
    Pending,
    /// It may have reached the provider; only an inquiry decides.
    Unknown,
    Succeeded,
    Failed,
    /// Closed by a member's review of what it served: final, whatever the
    /// provider says later.
    Resolved,
}

impl Status {
    #[cfg(test)]
    pub const ALL: [Status; 7] = [
        Status::Queued,
        Status::Sent,
        Status::Pending,
        Status::Unknown,
        Status::Succeeded,
        Status::Failed,
        Status::Resolved,
    ];

    pub fn is_final(self) -> bool {
        matches!(self, Status::Succeeded | Status::Failed | Status::Resolved)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Queued => "QUEUED",
            Status::Sent => "SENT",
            Status::Pending => "PENDING",
            Status::Unknown => "UNKNOWN",
            Status::Succeeded => "SUCCEEDED",
            Status::Failed => "FAILED",
            Status::Resolved => "RESOLVED",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// The dispatcher took it from the outbox to send it.
    Send,
    /// The provider holds it.
    Accepted,
    Succeeded,
    Failed,
    /// Sent, and no readable answer came back.
    Lost,
    /// A member's review decided what it served (`requests::close`).
    Resolve,
}

/// The next status for `trigger` in `from`, or why not.
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    match (from, trigger) {
        (Queued, Trigger::Send) => Ok(Sent),
        // Never sent: refused before it left (circuit open, connection refused).
        (Queued, Trigger::Failed) => Ok(Failed),
        (Sent | Pending | Unknown, Trigger::Accepted) => Ok(Pending),
        (Sent | Pending | Unknown, Trigger::Succeeded) => Ok(Succeeded),
        (Sent | Pending | Unknown, Trigger::Failed) => Ok(Failed),
        (Sent, Trigger::Lost) => Ok(Unknown),
        (Queued | Sent | Pending | Unknown, Trigger::Resolve) => Ok(Resolved),
        (s, _) if s.is_final() => Err(Refusal::Closed),
        _ => Err(Refusal::Invalid),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;
    use Status::*;

    const TRIGGERS: [Trigger; 6] = [
        Trigger::Send,
        Trigger::Accepted,
        Trigger::Succeeded,
        Trigger::Failed,
        Trigger::Lost,
        Trigger::Resolve,
    ];

    const ALLOWED: &[(Status, Trigger, Status)] = &[
        (Queued, Trigger::Send, Sent),
        (Queued, Trigger::Failed, Failed),
        (Sent, Trigger::Accepted, Pending),
        (Sent, Trigger::Succeeded, Succeeded),
        (Sent, Trigger::Failed, Failed),
        (Sent, Trigger::Lost, Unknown),
        (Pending, Trigger::Accepted, Pending),
        (Pending, Trigger::Succeeded, Succeeded),
        (Pending, Trigger::Failed, Failed),
        (Unknown, Trigger::Accepted, Pending),
        (Unknown, Trigger::Succeeded, Succeeded),
        (Unknown, Trigger::Failed, Failed),
        (Queued, Trigger::Resolve, Resolved),
        (Sent, Trigger::Resolve, Resolved),
        (Pending, Trigger::Resolve, Resolved),
        (Unknown, Trigger::Resolve, Resolved),
    ];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        for s in Status::ALL {
            match s {
                Queued | Sent | Pending | Unknown | Succeeded | Failed | Resolved => {}
            }
        }
        for t in TRIGGERS {
            match t {
                Trigger::Send
                | Trigger::Accepted
                | Trigger::Succeeded
                | Trigger::Failed
                | Trigger::Lost
                | Trigger::Resolve => {}
            }
        }
        assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
    }

    #[test]
    fn a_request_is_sent_once_whatever_happens_after() {
        for s in [Sent, Pending, Unknown, Succeeded, Failed, Resolved] {
            assert!(transition(s, Trigger::Send).is_err(), "{s:?}");
        }
    }

    #[test]
    fn a_resolved_request_takes_no_answer_of_the_provider() {
        for t in TRIGGERS {
            assert_eq!(transition(Resolved, t), Err(Refusal::Closed), "{t:?}");
        }
    }
}
