//! The test clock lifecycle: `READY → ADVANCING → READY`. An advance runs
//! the sandbox's timers in due order; while it runs, the clock takes no
//! other advance and cannot be deleted.

use serde::{Deserialize, Serialize};

pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = TestClockStatus)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Ready,
    Advancing,
}

impl Status {
    #[cfg(test)]
    pub const ALL: [Status; 2] = [Status::Ready, Status::Advancing];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// `POST /test_clocks/{id}/advance`; `later` says whether the new time
    /// is after the clock's (time never goes backwards).
    Advance { later: bool },
    /// Every timer due up to the new time has fired.
    Finish,
    /// `DELETE`, attach or detach: only a clock at rest.
    Change,
}

/// The next status for `trigger` in `from`, or why not.
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    use Trigger::*;
    match (from, trigger) {
        (Ready, Advance { later: true }) => Ok(Advancing),
        (Ready, Advance { later: false }) => Err(Refusal::Invalid),
        (Advancing, Finish) => Ok(Ready),
        (Ready, Change) => Ok(Ready),
        (Advancing, Advance { .. } | Change) => Err(Refusal::AttemptInFlight),
        (Ready, Finish) => Err(Refusal::Invalid),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;
    use Status::*;
    use Trigger::*;

    const TRIGGERS: [Trigger; 4] = [
        Advance { later: true },
        Advance { later: false },
        Finish,
        Change,
    ];

    const ALLOWED: &[(Status, Trigger, Status)] = &[
        (Ready, Advance { later: true }, Advancing),
        (Advancing, Finish, Ready),
        (Ready, Change, Ready),
    ];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        for s in Status::ALL {
            match s {
                Ready | Advancing => {}
            }
        }
        for t in TRIGGERS {
            match t {
                Advance { .. } | Finish | Change => {}
            }
        }
        assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
        // An advance on an advancing clock is the "already running" refusal (409).
        assert_eq!(
            transition(Advancing, Advance { later: true }),
            Err(Refusal::AttemptInFlight)
        );
    }
}
