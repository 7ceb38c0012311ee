//! The platform signing key lifecycle (`GET /keys`): a key is created
//! `active` and signs new webhook deliveries, QR payloads and quotes; a
//! rotation (`paygate keys rotate`) makes every active key `retired`, for
//! good. A retired key signs nothing new but stays in the registry, so what
//! it signed still verifies: QR resolution accepts active and retired keys.

pub use super::KeyStatus as Status;
pub use crate::lifecycle::Refusal;

impl Status {
    #[cfg(test)]
    pub const ALL: [Status; 2] = [Status::Active, Status::Retired];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// Signs something new.
    Sign,
    /// A signature made with it is checked (QR resolution).
    Verify,
    /// A rotation retires every key; a retired key stays retired.
    Retire,
}

/// The next status for `trigger` in `from`, or why not.
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    use Trigger::*;
    match (from, trigger) {
        (Active, Sign) => Ok(Active),
        (Retired, Sign) => Err(Refusal::Closed),
        (Active | Retired, Verify) => Ok(from),
        (Active | Retired, Retire) => Ok(Retired),
    }
}

/// Whether a key in `status` admits `trigger`.
pub fn admits(status: Status, trigger: Trigger) -> bool {
    transition(status, trigger).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;
    use Status::*;
    use Trigger::*;

    const TRIGGERS: [Trigger; 3] = [Sign, Verify, Retire];

    const ALLOWED: &[(Status, Trigger, Status)] = &[
        (Active, Sign, Active),
        (Active, Verify, Active),
        (Retired, Verify, Retired),
        (Active, Retire, Retired),
        (Retired, Retire, Retired),
    ];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        // Exhaustive: a new status or trigger does not compile until listed.
        for s in Status::ALL {
            match s {
                Active | Retired => {}
            }
        }
        for t in TRIGGERS {
            match t {
                Sign | Verify | Retire => {}
            }
        }
        assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
    }

    #[test]
    fn a_retired_key_verifies_but_never_signs() {
        assert_eq!(transition(Retired, Sign), Err(Refusal::Closed));
        assert_eq!(transition(Retired, Verify), Ok(Retired));
    }
}
