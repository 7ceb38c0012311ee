//! The dispute lifecycle: `NEEDS_RESPONSE → UNDER_REVIEW → WON | LOST`, and
//! `NEEDS_RESPONSE → LOST` when the evidence deadline passes unanswered.
//! Evidence after the deadline is refused whatever the status: the deadline
//! travels in [`Trigger::Respond`].

use serde::{Deserialize, Serialize};

pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = DisputeStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Status {
    NeedsResponse,
    UnderReview,
    Won,
    Lost,
}

impl Status {
    /// Every status (the table test's list; the simulator's too).
    pub const ALL: [Status; 4] = [
        Status::NeedsResponse,
        Status::UnderReview,
        Status::Won,
        Status::Lost,
    ];

    pub fn is_final(self) -> bool {
        matches!(self, Status::Won | Status::Lost)
    }
}

crate::lifecycle::triggers! {
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Trigger {
        /// `POST /disputes/{id}/respond`; `deadline_passed` when it comes at or
        /// after the evidence deadline.
        Respond { deadline_passed: bool },
        /// The review found for the merchant.
        Win,
        /// The review found for the payer.
        Lose,
        /// The evidence deadline's timer fired.
        DeadlinePassed,
    }
}

/// The next status for `trigger` in `from`, or why not.
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    use Trigger::*;
    match (from, trigger) {
        // Checked first: late evidence is refused as late, whatever the status.
        (
            _,
            Respond {
                deadline_passed: true,
            },
        ) => Err(Refusal::DeadlinePassed),
        (NeedsResponse, Respond { .. }) => Ok(UnderReview),
        (UnderReview, Win) => Ok(Won),
        (UnderReview, Lose) => Ok(Lost),
        (NeedsResponse, DeadlinePassed) => Ok(Lost),
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
        (
            NeedsResponse,
            Respond {
                deadline_passed: false,
            },
            UnderReview,
        ),
        (UnderReview, Win, Won),
        (UnderReview, Lose, Lost),
        (NeedsResponse, DeadlinePassed, Lost),
    ];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        // Exhaustive: a new status or trigger does not compile until listed.
        for s in Status::ALL {
            match s {
                NeedsResponse | UnderReview | Won | Lost => {}
            }
        }
        for t in Trigger::ALL {
            match t {
                Respond { .. } | Win | Lose | DeadlinePassed => {}
            }
        }
        assert_table(&Status::ALL, Trigger::ALL, ALLOWED, transition);
    }

    #[test]
    fn late_evidence_is_refused_as_late_in_every_status() {
        let late = Respond {
            deadline_passed: true,
        };
        for from in Status::ALL {
            assert_eq!(transition(from, late), Err(Refusal::DeadlinePassed));
        }
        assert_eq!(
            transition(
                UnderReview,
                Respond {
                    deadline_passed: false
                }
            ),
            Err(Refusal::Invalid)
        );
    }
}
