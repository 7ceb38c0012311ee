//! The API key lifecycle: a key is created `active`; `POST
//! /api_keys/{id}/revoke` or a rotation (which makes a new key and revokes
//! the old) makes it `revoked`, for good. Only an active key authenticates
//! and can be rotated; revoking a revoked key answers it as it is. The key
//! record lives in `auth::keys` (the gate reads it); its status is derived
//! from `revoked_at_ms`.

use crate::auth::keys::KeyRecord;
pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Active,
    Revoked,
}

impl Status {
    #[cfg(test)]
    pub const ALL: [Status; 2] = [Status::Active, Status::Revoked];

    /// The status of `key`.
    pub fn of(key: &KeyRecord) -> Status {
        if key.revoked_at_ms.is_some() {
            Status::Revoked
        } else {
            Status::Active
        }
    }

    /// As key views show it.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Active => "active",
            Status::Revoked => "revoked",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// `POST /api_keys/{id}/rotate`: the old key is revoked.
    Rotate,
    /// `POST /api_keys/{id}/revoke`.
    Revoke,
    /// A request presents its secret. The gate asks
    /// `KeyRecord::is_active` (`auth` sits below the domain); a test pins
    /// it to this row.
    #[cfg_attr(not(test), allow(dead_code))]
    Authenticate,
}

/// The next status for `trigger` in `from`, or why not.
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    use Trigger::*;
    match (from, trigger) {
        (Active, Rotate | Revoke) => Ok(Revoked),
        (Revoked, Revoke) => Ok(Revoked),
        (Active, Authenticate) => Ok(Active),
        (Revoked, Rotate | Authenticate) => Err(Refusal::Closed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;
    use Status::*;
    use Trigger::*;

    const TRIGGERS: [Trigger; 3] = [Rotate, Revoke, Authenticate];

    const ALLOWED: &[(Status, Trigger, Status)] = &[
        (Active, Rotate, Revoked),
        (Active, Revoke, Revoked),
        (Revoked, Revoke, Revoked),
        (Active, Authenticate, Active),
    ];

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
                Rotate | Revoke | Authenticate => {}
            }
        }
        assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
    }

    #[test]
    fn the_gate_authenticates_exactly_the_keys_the_table_admits() {
        // `auth::keys` sits below the domain and checks `is_active` itself;
        // it must agree with the Authenticate row.
        let mut key = KeyRecord::restricted(&[]);
        for revoked in [None, Some(1)] {
            key.revoked_at_ms = revoked;
            let admitted = transition(Status::of(&key), Authenticate).is_ok();
            assert_eq!(key.is_active(), admitted, "revoked_at_ms {revoked:?}");
        }
    }
}
