//! The agent-run lifecycle: `queued → completed | failed`. A run answered at
//! once (`wait: true`) goes through the same move inside its one command; a
//! background run waits QUEUED until its timer completes it.

use serde::{Deserialize, Serialize};

pub use crate::lifecycle::Refusal;

/// Lower case, as the origin's run statuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = AgentRunStatus)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Queued,
    Completed,
    Failed,
}

impl Status {
    #[cfg(test)]
    pub const ALL: [Status; 3] = [Status::Queued, Status::Completed, Status::Failed];

    pub fn is_final(self) -> bool {
        matches!(self, Status::Completed | Status::Failed)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// The analysis answered and its price was posted.
    Complete,
    /// The analysis refused its input, or the balance could no longer pay
    /// (a background run): nothing is charged.
    Fail,
}

/// The next status for `trigger` in `from`, or why not.
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    use Trigger::*;
    match (from, trigger) {
        (Queued, Complete) => Ok(Completed),
        (Queued, Fail) => Ok(Failed),
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

    const TRIGGERS: [Trigger; 2] = [Complete, Fail];

    const ALLOWED: &[(Status, Trigger, Status)] =
        &[(Queued, Complete, Completed), (Queued, Fail, Failed)];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        // Exhaustive: a new status or trigger does not compile until listed.
        for s in Status::ALL {
            match s {
                Queued | Completed | Failed => {}
            }
        }
        for t in TRIGGERS {
            match t {
                Complete | Fail => {}
            }
        }
        assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
    }

    #[test]
    fn a_finished_run_is_closed() {
        assert_eq!(transition(Completed, Complete), Err(Refusal::Closed));
        assert_eq!(transition(Failed, Fail), Err(Refusal::Closed));
    }
}
