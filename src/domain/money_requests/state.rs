//! The money request lifecycle: `PENDING → PAID | CANCELLED | EXPIRED`; the
//! last three are final.

use serde::{Deserialize, Serialize};

pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = MoneyRequestStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Status {
    Pending,
    Paid,
    Cancelled,
    Expired,
}

impl Status {
    #[cfg(test)]
    pub const ALL: [Status; 4] = [
        Status::Pending,
        Status::Paid,
        Status::Cancelled,
        Status::Expired,
    ];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// The request's intent was paid.
    Pay,
    /// `POST /money_requests/{code}/cancel`.
    Cancel,
    /// The request's expiry timer fired.
    Expire,
}

/// The next status for `trigger` in `from`, or why not.
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    use Trigger::*;
    match (from, trigger) {
        (Pending, Pay) => Ok(Paid),
        (Pending, Cancel) => Ok(Cancelled),
        (Pending, Expire) => Ok(Expired),
        (Paid | Cancelled | Expired, _) => Err(Refusal::Closed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;
    use Status::*;
    use Trigger::*;

    const TRIGGERS: [Trigger; 3] = [Pay, Cancel, Expire];

    const ALLOWED: &[(Status, Trigger, Status)] = &[
        (Pending, Pay, Paid),
        (Pending, Cancel, Cancelled),
        (Pending, Expire, Expired),
    ];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        // Exhaustive: a new status or trigger does not compile until listed.
        for s in Status::ALL {
            match s {
                Pending | Paid | Cancelled | Expired => {}
            }
        }
        for t in TRIGGERS {
            match t {
                Pay | Cancel | Expire => {}
            }
        }
        assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
    }
}
