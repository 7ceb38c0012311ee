//! An offline promise's lifecycle: `RECEIVED → SETTLED | REJECTED`, both
//! final. RECEIVED lives inside one sync command only (the promise is being
//! checked); what is stored is the outcome. A promise seen again is never
//! moved: its hash answers DUPLICATE (`already_settled`, `already_rejected`).

use serde::{Deserialize, Serialize};

pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = OfflinePromiseStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Status {
    Received,
    Settled,
    Rejected,
}

impl Status {
    #[cfg(test)]
    pub const ALL: [Status; 3] = [Status::Received, Status::Settled, Status::Rejected];

    pub fn is_final(self) -> bool {
        matches!(self, Status::Settled | Status::Rejected)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// Every check passed and the posting was made.
    Settle,
    /// A check failed (the reason travels beside, not in the status).
    Reject,
}

/// The next status for `trigger` in `from`, or why not.
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    match (from, trigger) {
        (Status::Received, Trigger::Settle) => Ok(Status::Settled),
        (Status::Received, Trigger::Reject) => Ok(Status::Rejected),
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

    const TRIGGERS: [Trigger; 2] = [Settle, Reject];

    const ALLOWED: &[(Status, Trigger, Status)] =
        &[(Received, Settle, Settled), (Received, Reject, Rejected)];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        for s in Status::ALL {
            match s {
                Received | Settled | Rejected => {}
            }
        }
        for t in TRIGGERS {
            match t {
                Settle | Reject => {}
            }
        }
        assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
        assert_eq!(transition(Settled, Reject), Err(Refusal::Closed));
    }
}
