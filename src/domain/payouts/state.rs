//! The payout lifecycle (drawn in `docs/payouts.md`). The spec names no
//! payout states (section 3: "not shown"); these follow the origin's batch
//! rows (PAID, FAILED) and its MANUAL_REVIEW stage:
//!
//! ```text
//! PENDING ──accept──> PROCESSING ──pay──> PAID
//!    │                    │ ──fail──> FAILED
//!    │                    └ ──hold──> NEEDS_REVIEW
//!    └──pay | fail | hold (the rail answered at once)
//! NEEDS_REVIEW ──pay | fail──> PAID | FAILED (a live rail's status inquiry decided it)
//! ```
//!
//! A payout is created PENDING with its money already in transit; the
//! sandbox is asked in the same command, a live rail through the rail
//! outbox (`docs/rails.md`). PAID and FAILED are final; NEEDS_REVIEW is
//! final for the sandbox, and a live payout leaves it only by what the
//! provider's status inquiry says (never guessed, so never paid twice).

use serde::{Deserialize, Serialize};

pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = PayoutStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Status {
    /// Created: the money is in transit; the rail has not taken it yet.
    Pending,
    /// The rail took it and its outcome is pending: the gateway asks again.
    Processing,
    /// The money reached the destination's rail.
    Paid,
    /// The rail refused it; amount and fee are back in available.
    Failed,
    /// The rail cannot say whether it paid; the money stays in transit.
    NeedsReview,
}

impl Status {
    /// Every status (the table test's list; the simulator's too).
    pub const ALL: [Status; 5] = [
        Status::Pending,
        Status::Processing,
        Status::Paid,
        Status::Failed,
        Status::NeedsReview,
    ];

    pub fn is_final(self) -> bool {
        matches!(self, Status::Paid | Status::Failed | Status::NeedsReview)
    }

    /// The status as the API writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "PENDING",
            Status::Processing => "PROCESSING",
            Status::Paid => "PAID",
            Status::Failed => "FAILED",
            Status::NeedsReview => "NEEDS_REVIEW",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// The rail took the payout and will say later.
    Accept,
    /// The rail paid it.
    Pay,
    /// The rail refused it.
    Fail,
    /// The rail cannot tell (or kept answering "pending" past the bound).
    Hold,
}

/// The next status for `trigger` in `from`, or why not.
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    use Trigger::*;
    match (from, trigger) {
        (Pending, Accept) => Ok(Processing),
        (Pending | Processing, Pay) => Ok(Paid),
        (Pending | Processing, Fail) => Ok(Failed),
        (Pending | Processing, Hold) => Ok(NeedsReview),
        // A live provider's inquiry found out what happened to it.
        (NeedsReview, Pay) => Ok(Paid),
        (NeedsReview, Fail) => Ok(Failed),
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

    const TRIGGERS: [Trigger; 4] = [Accept, Pay, Fail, Hold];

    const ALLOWED: &[(Status, Trigger, Status)] = &[
        (Pending, Accept, Processing),
        (Pending, Pay, Paid),
        (Pending, Fail, Failed),
        (Pending, Hold, NeedsReview),
        (Processing, Pay, Paid),
        (Processing, Fail, Failed),
        (Processing, Hold, NeedsReview),
        (NeedsReview, Pay, Paid),
        (NeedsReview, Fail, Failed),
    ];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        // Exhaustive: a new status or trigger does not compile until listed.
        for s in Status::ALL {
            match s {
                Pending | Processing | Paid | Failed | NeedsReview => {}
            }
        }
        for t in TRIGGERS {
            match t {
                Accept | Pay | Fail | Hold => {}
            }
        }
        assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
    }

    #[test]
    fn a_settled_payout_is_closed_so_it_is_never_paid_or_returned_twice() {
        for done in [Paid, Failed] {
            for t in TRIGGERS {
                assert_eq!(transition(done, t), Err(Refusal::Closed), "{done:?} {t:?}");
            }
        }
        for t in [Accept, Hold] {
            assert_eq!(transition(NeedsReview, t), Err(Refusal::Closed), "{t:?}");
        }
        assert_eq!(transition(Processing, Accept), Err(Refusal::Invalid));
    }
}
