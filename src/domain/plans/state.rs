//! The plan lifecycle: `ACTIVE → ARCHIVED`. An archived plan takes no new
//! subscriptions; the running ones continue (spec section 3).

use serde::{Deserialize, Serialize};

pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = PlanStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Status {
    Active,
    Archived,
}

impl Status {
    pub const ALL: [Status; 2] = [Status::Active, Status::Archived];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// `POST /plans/{id}/archive`.
    Archive,
    /// A new subscription to the plan.
    Subscribe,
}

/// The next status for `trigger` in `from`, or why not.
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    use Trigger::*;
    match (from, trigger) {
        (Active, Archive) => Ok(Archived),
        (Active, Subscribe) => Ok(Active),
        (Archived, _) => Err(Refusal::Closed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;
    use Status::*;
    use Trigger::*;

    const TRIGGERS: [Trigger; 2] = [Archive, Subscribe];

    const ALLOWED: &[(Status, Trigger, Status)] =
        &[(Active, Archive, Archived), (Active, Subscribe, Active)];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        for s in Status::ALL {
            match s {
                Active | Archived => {}
            }
        }
        for t in TRIGGERS {
            match t {
                Archive | Subscribe => {}
            }
        }
        assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
    }
}
