//! The organisation lifecycle: an organisation is created `active`, and an
//! operator's `POST /organisations/{id}/disable` makes it `disabled`, for
//! good (there is no enable). Only an active organisation's keys and
//! sessions act; the instance's own organisation is never disabled (its
//! owners operate the gateway).

pub use super::Status;
pub use crate::lifecycle::Refusal;

impl Status {
    #[cfg(test)]
    pub const ALL: [Status; 2] = [Status::Active, Status::Disabled];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// `POST /organisations/{id}/disable`; `instance`: the organisation is
    /// the instance's own. Disabling a disabled organisation answers it as
    /// it is.
    Disable { instance: bool },
    /// One of its keys or sessions calls (the gate and every command that
    /// acts for it check).
    Act,
    /// It is named as a party money moves to or between (a transfer's or a
    /// payout's recipient, an offline promise's merchant or payer, an
    /// invoice's wallet payer).
    Receive,
}

/// The next status for `trigger` in `from`, or why not.
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    use Trigger::*;
    match (from, trigger) {
        (_, Disable { instance: true }) => Err(Refusal::Invalid),
        (Active | Disabled, Disable { instance: false }) => Ok(Disabled),
        (Active, Act | Receive) => Ok(Active),
        (Disabled, Act | Receive) => Err(Refusal::Closed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;
    use Status::*;
    use Trigger::*;

    const TRIGGERS: [Trigger; 4] = [
        Disable { instance: false },
        Disable { instance: true },
        Act,
        Receive,
    ];

    const ALLOWED: &[(Status, Trigger, Status)] = &[
        (Active, Disable { instance: false }, Disabled),
        (Disabled, Disable { instance: false }, Disabled),
        (Active, Act, Active),
        (Active, Receive, Active),
    ];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        // Exhaustive: a new status or trigger does not compile until listed.
        for s in Status::ALL {
            match s {
                Active | Disabled => {}
            }
        }
        for t in TRIGGERS {
            match t {
                Disable { .. } | Act | Receive => {}
            }
        }
        assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
    }

    #[test]
    fn a_disabled_organisation_is_closed_and_the_instance_never_disabled() {
        assert_eq!(transition(Disabled, Act), Err(Refusal::Closed));
        assert_eq!(transition(Disabled, Receive), Err(Refusal::Closed));
        assert_eq!(
            transition(Active, Disable { instance: true }),
            Err(Refusal::Invalid)
        );
    }
}
