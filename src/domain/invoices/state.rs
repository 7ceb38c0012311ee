//! The invoice lifecycle (origin section 24): `OPEN` while an attempt to
//! collect it runs, `FAILED` between attempts (dunning), `PAID` or `VOID`
//! for good.

use serde::{Deserialize, Serialize};

pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = InvoiceStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Status {
    Open,
    Paid,
    Failed,
    Void,
}

impl Status {
    pub const ALL: [Status; 4] = [Status::Open, Status::Paid, Status::Failed, Status::Void];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// Its money arrived (the wallet paid, or its payment request was paid).
    Pay,
    /// The running attempt failed (refused, or no answer before the next one).
    Fail,
    /// The next dunning attempt starts.
    Retry,
    /// Its subscription was cancelled, or its dunning ran out.
    Void,
}

/// The next status for `trigger` in `from`, or why not.
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::{Failed, Open, Paid};
    match (from, trigger) {
        (Open | Failed, Trigger::Pay) => Ok(Paid),
        (Open, Trigger::Fail) => Ok(Failed),
        (Failed, Trigger::Retry) => Ok(Open),
        (Open | Failed, Trigger::Void) => Ok(Status::Void),
        (Paid | Status::Void, _) => Err(Refusal::Closed),
        (Failed, Trigger::Fail) | (Open, Trigger::Retry) => Err(Refusal::Invalid),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;
    use Status::{Failed, Open, Paid, Void};

    const TRIGGERS: [Trigger; 4] = [Trigger::Pay, Trigger::Fail, Trigger::Retry, Trigger::Void];

    const ALLOWED: &[(Status, Trigger, Status)] = &[
        (Open, Trigger::Pay, Paid),
        (Open, Trigger::Fail, Failed),
        (Open, Trigger::Void, Void),
        (Failed, Trigger::Pay, Paid),
        (Failed, Trigger::Retry, Open),
        (Failed, Trigger::Void, Void),
    ];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        for s in Status::ALL {
            match s {
                Open | Paid | Failed | Void => {}
            }
        }
        for t in TRIGGERS {
            match t {
                Trigger::Pay | Trigger::Fail | Trigger::Retry | Trigger::Void => {}
            }
        }
        assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
    }
}
