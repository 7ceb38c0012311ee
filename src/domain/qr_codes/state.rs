//! The QR code lifecycle: a code is created ACTIVE and `POST
//! /qr_codes/{id}/revoke` makes it REVOKED, for good. Codes do not expire
//! (a static code is printed; only its merchant withdraws it), and scans
//! count without changing the status.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = QrStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
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
    /// `POST /qr_codes/{id}/revoke`.
    Revoke,
}

/// The next status for `trigger` in `from`, or why not.
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    use Trigger::*;
    match (from, trigger) {
        (Active, Revoke) => Ok(Revoked),
        (Revoked, _) => Err(Refusal::Closed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;
    use Status::*;
    use Trigger::*;

    const TRIGGERS: [Trigger; 1] = [Revoke];

    const ALLOWED: &[(Status, Trigger, Status)] = &[(Active, Revoke, Revoked)];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        // Exhaustive: a new status or trigger does not compile until listed.
        for s in Status::ALL {
            match s {
                Active | Revoked => {}
            }
        }
        for t in TRIGGERS {
            match t {
                Revoke => {}
            }
        }
        assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
    }

    #[test]
    fn a_revoked_code_is_closed() {
        assert_eq!(transition(Revoked, Revoke), Err(Refusal::Closed));
    }
}
