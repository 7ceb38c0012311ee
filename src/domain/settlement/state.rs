//! The settlement cycle's lifecycle (origin section 11): `OPEN` while its
//! period runs; `CLOSED` (or `SKIPPED` when nothing happened in it) at the
//! cut-off; then `PAID` at once for a wallet, or `PAYING` while a payout is
//! on its way and `PAID` or `FAILED` when the rail answers; `FAILED` at once
//! when the net is under the profile's minimum. Only a CLOSED cycle is paid.

use serde::{Deserialize, Serialize};

pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SettlementCycleStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Status {
    /// The period runs: payments, refunds and holds of the profile accrue to it.
    Open,
    /// The period ended; the net moved to `settlement_pending`; waiting to be paid.
    Closed,
    /// A payout of the net is on its way.
    Paying,
    /// Paid to the wallet's available balance, or the payout reached the rail. Final.
    Paid,
    /// Not paid: under the minimum (the net went back to pending and carries
    /// into the next cycle), or the payout failed (its money is back in
    /// available). `failure_reason` says which. Final.
    Failed,
    /// The period ended with nothing in it. Final.
    Skipped,
}

impl Status {
    /// Every status (the table test's list; the simulator's too).
    pub const ALL: [Status; 6] = [
        Status::Open,
        Status::Closed,
        Status::Paying,
        Status::Paid,
        Status::Failed,
        Status::Skipped,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Open => "OPEN",
            Status::Closed => "CLOSED",
            Status::Paying => "PAYING",
            Status::Paid => "PAID",
            Status::Failed => "FAILED",
            Status::Skipped => "SKIPPED",
        }
    }
}

/// What can happen to a cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// The period ended (cut-off, or `POST /settlement_cycles`); `empty` when
    /// nothing accrued to it.
    Close { empty: bool },
    /// A payout of the net was sent and its outcome is not known yet.
    SendPayout,
    /// The money reached its destination.
    Pay,
    /// Under the minimum, or the payout failed.
    Fail,
}

/// The next status for `trigger` in `from`, or why not.
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    use Trigger::*;
    match (from, trigger) {
        (Open, Close { empty: false }) => Ok(Closed),
        (Open, Close { empty: true }) => Ok(Skipped),
        (Closed, SendPayout) => Ok(Paying),
        (Closed | Paying, Pay) => Ok(Paid),
        (Closed | Paying, Fail) => Ok(Failed),
        (Paid | Failed | Skipped, _) => Err(Refusal::Closed),
        _ => Err(Refusal::Invalid),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;
    use Status::*;
    use Trigger::*;

    const TRIGGERS: [Trigger; 5] = [
        Close { empty: false },
        Close { empty: true },
        SendPayout,
        Pay,
        Fail,
    ];

    const ALLOWED: &[(Status, Trigger, Status)] = &[
        (Open, Close { empty: false }, Closed),
        (Open, Close { empty: true }, Skipped),
        (Closed, SendPayout, Paying),
        (Closed, Pay, Paid),
        (Closed, Fail, Failed),
        (Paying, Pay, Paid),
        (Paying, Fail, Failed),
    ];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        for s in Status::ALL {
            match s {
                Open | Closed | Paying | Paid | Failed | Skipped => {}
            }
        }
        for t in TRIGGERS {
            match t {
                Close { .. } | SendPayout | Pay | Fail => {}
            }
        }
        assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
    }

    #[test]
    fn final_statuses_say_so() {
        for from in [Paid, Failed, Skipped] {
            for trigger in TRIGGERS {
                assert_eq!(transition(from, trigger), Err(Refusal::Closed));
            }
        }
        assert_eq!(transition(Open, Pay), Err(Refusal::Invalid));
    }
}
