//! The lifecycle of a diaspora quote (origin section 23): QUOTED, then PAID
//! once, or EXPIRED at its `expires_at`.

use serde::{Deserialize, Serialize};

pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = DiasporaQuoteStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Status {
    Quoted,
    Paid,
    Expired,
}

impl Status {
    #[cfg(test)]
    pub const ALL: [Status; 3] = [Status::Quoted, Status::Paid, Status::Expired];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// Paid before `expires_at` (`in_time`: the guard, decided by the caller's clock).
    Pay {
        in_time: bool,
    },
    Expire,
}

pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    match (from, trigger) {
        (Status::Quoted, Trigger::Pay { in_time: true }) => Ok(Status::Paid),
        (Status::Quoted, Trigger::Pay { in_time: false }) => Err(Refusal::DeadlinePassed),
        (Status::Quoted, Trigger::Expire) => Ok(Status::Expired),
        _ => Err(Refusal::Closed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;
    use Status::*;
    use Trigger::*;

    const TRIGGERS: [Trigger; 3] = [Pay { in_time: true }, Pay { in_time: false }, Expire];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        for s in Status::ALL {
            match s {
                Quoted | Paid | Expired => {}
            }
        }
        for t in TRIGGERS {
            match t {
                Pay { .. } | Expire => {}
            }
        }
        let allowed = [
            (Quoted, Pay { in_time: true }, Paid),
            (Quoted, Expire, Expired),
        ];
        assert_table(&Status::ALL, &TRIGGERS, &allowed, transition);
        assert_eq!(
            transition(Quoted, Pay { in_time: false }),
            Err(Refusal::DeadlinePassed)
        );
    }
}
