//! The connected account lifecycle: `active → detached` (the platform's
//! access ends; the account, its keys and its money stay the customer's).
//! Detach is idempotent. The claim is another dimension (`onboarding.claimed`):
//! it is allowed in both statuses, because a detached customer must still be
//! able to take over what is theirs.

use serde::{Deserialize, Serialize};

pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = AccountStatus)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Active,
    Detached,
}

impl Status {
    /// Every status (the table test's list; the simulator's too).
    pub const ALL: [Status; 2] = [Status::Active, Status::Detached];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// `PATCH /accounts/{id}` (default fee, metadata).
    Update,
    /// `POST /accounts/{id}/account_links`.
    SendLink,
    /// The customer opened the claim link and set a password; `link_live`:
    /// the link is the account's current one and has not expired.
    Claim { link_live: bool },
    /// `POST /accounts/{id}/detach`.
    Detach,
}

/// The next status for `trigger` in `from`, or why not.
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    use Trigger::*;
    match (from, trigger) {
        (_, Claim { link_live: false }) => Err(Refusal::DeadlinePassed),
        (status, Claim { link_live: true }) => Ok(status),
        (Active, Update | SendLink) => Ok(Active),
        (_, Detach) => Ok(Detached),
        (Detached, Update | SendLink) => Err(Refusal::Closed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;
    use Status::*;
    use Trigger::*;

    const TRIGGERS: [Trigger; 5] = [
        Update,
        SendLink,
        Claim { link_live: true },
        Claim { link_live: false },
        Detach,
    ];

    const ALLOWED: &[(Status, Trigger, Status)] = &[
        (Active, Update, Active),
        (Active, SendLink, Active),
        (Active, Claim { link_live: true }, Active),
        (Active, Detach, Detached),
        (Detached, Claim { link_live: true }, Detached),
        (Detached, Detach, Detached),
    ];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        // Exhaustive: a new status or trigger does not compile until listed.
        for s in Status::ALL {
            match s {
                Active | Detached => {}
            }
        }
        for t in TRIGGERS {
            match t {
                Update | SendLink | Claim { .. } | Detach => {}
            }
        }
        assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
    }
}
