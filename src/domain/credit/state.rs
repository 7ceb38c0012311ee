//! A credit-readiness consent's lifecycle: `active → revoked`. Expiry is a
//! time, not a move: a code past its `expires_at` answers 403 whatever its
//! status.

use serde::{Deserialize, Serialize};

pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = CreditConsentStatus)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Active,
    Revoked,
}

impl Status {
    #[cfg(test)]
    pub const ALL: [Status; 2] = [Status::Active, Status::Revoked];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// `POST /credit_readiness/consents/{id}/revoke` by the owner.
    Revoke,
}

pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    match (from, trigger) {
        (Status::Active, Trigger::Revoke) => Ok(Status::Revoked),
        (Status::Revoked, _) => Err(Refusal::Closed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        for s in Status::ALL {
            match s {
                Status::Active | Status::Revoked => {}
            }
        }
        let triggers = [Trigger::Revoke];
        assert_table(
            &Status::ALL,
            &triggers,
            &[(Status::Active, Trigger::Revoke, Status::Revoked)],
            transition,
        );
    }
}
