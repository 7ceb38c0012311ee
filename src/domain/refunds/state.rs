//! The refund lifecycle (drawn in `docs/refunds.md`):
//! `REQUESTED → APPROVED → PROCESSING → SUCCEEDED | FAILED`, and
//! `REQUESTED | APPROVED → REJECTED`. A refund is created REQUESTED.

use serde::{Deserialize, Serialize};

pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = RefundStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Status {
    Requested,
    Approved,
    Processing,
    Succeeded,
    Failed,
    Rejected,
}

impl Status {
    /// Every status (the table test's list; the simulator's too).
    pub const ALL: [Status; 6] = [
        Status::Requested,
        Status::Approved,
        Status::Processing,
        Status::Succeeded,
        Status::Failed,
        Status::Rejected,
    ];

    pub fn is_final(self) -> bool {
        matches!(self, Status::Succeeded | Status::Failed | Status::Rejected)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// Approved, at once (small refunds) or by `POST /refunds/{id}/approve`.
    Approve,
    /// Sent to the rail.
    Execute,
    /// The rail paid the payer back.
    Succeed,
    /// The rail refused.
    Fail,
    /// `POST /refunds/{id}/reject`.
    Reject,
}

impl Trigger {
    /// What the refund could not do, as the error message says it.
    pub fn verb(self) -> &'static str {
        match self {
            Trigger::Approve => "be approved",
            Trigger::Execute => "be executed",
            Trigger::Succeed => "succeed",
            Trigger::Fail => "fail",
            Trigger::Reject => "reject",
        }
    }
}

/// The next status for `trigger` in `from`, or why not.
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    use Trigger::*;
    match (from, trigger) {
        (Requested, Approve) => Ok(Approved),
        (Approved, Execute) => Ok(Processing),
        (Processing, Succeed) => Ok(Succeeded),
        (Processing, Fail) => Ok(Failed),
        (Requested | Approved, Reject) => Ok(Rejected),
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

    const TRIGGERS: [Trigger; 5] = [Approve, Execute, Succeed, Fail, Reject];

    const ALLOWED: &[(Status, Trigger, Status)] = &[
        (Requested, Approve, Approved),
        (Approved, Execute, Processing),
        (Processing, Succeed, Succeeded),
        (Processing, Fail, Failed),
        (Requested, Reject, Rejected),
        (Approved, Reject, Rejected),
    ];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        // Exhaustive: a new status or trigger does not compile until listed.
        for s in Status::ALL {
            match s {
                Requested | Approved | Processing | Succeeded | Failed | Rejected => {}
            }
        }
        for t in TRIGGERS {
            match t {
                Approve | Execute | Succeed | Fail | Reject => {}
            }
        }
        assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
    }

    #[test]
    fn final_refunds_are_closed() {
        assert_eq!(transition(Succeeded, Reject), Err(Refusal::Closed));
        assert_eq!(transition(Processing, Reject), Err(Refusal::Invalid));
    }
}
