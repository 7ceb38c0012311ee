//! The lifecycles of team members and their sessions.
//!
//! A member is created active; `POST /team/members/{id}/disable` makes it
//! disabled, for good, and its sessions stop working at once. Only an active
//! member signs in or acts through a session; the last active owner is never
//! disabled.
//!
//! A session starts live; it ends at logout (or when its member's password
//! changes, which the member's epoch decides in `team::session_by_token`). A
//! live session is used only before its absolute expiry and its idle
//! timeout, deadlines that travel in the trigger. Both statuses are derived
//! from the records' `disabled_at_ms` and `revoked_at_ms`.

pub use crate::lifecycle::Refusal;

pub mod member {
    use super::Refusal;
    use crate::domain::team::Member;

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Status {
        Active,
        Disabled,
    }

    impl Status {
        #[cfg(test)]
        pub const ALL: [Status; 2] = [Status::Active, Status::Disabled];

        pub fn of(member: &Member) -> Status {
            if member.disabled_at_ms.is_some() {
                Status::Disabled
            } else {
                Status::Active
            }
        }
    }

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Trigger {
        /// `POST /team/members/{id}/disable`; `last_owner`: it is an owner
        /// and no other active owner remains. Disabling a disabled member
        /// answers it as it is.
        Disable { last_owner: bool },
        /// A login, or a request through one of its sessions.
        SignIn,
    }

    /// The next status for `trigger` in `from`, or why not.
    pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
        use Status::*;
        use Trigger::*;
        match (from, trigger) {
            (_, Disable { last_owner: true }) => Err(Refusal::Invalid),
            (Active | Disabled, Disable { last_owner: false }) => Ok(Disabled),
            (Active, SignIn) => Ok(Active),
            (Disabled, SignIn) => Err(Refusal::Closed),
        }
    }
}

pub mod session {
    use super::Refusal;
    use crate::domain::team::Session;

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Status {
        Live,
        Ended,
    }

    impl Status {
        #[cfg(test)]
        pub const ALL: [Status; 2] = [Status::Live, Status::Ended];

        pub fn of(session: &Session) -> Status {
            if session.revoked_at_ms.is_some() {
                Status::Ended
            } else {
                Status::Live
            }
        }
    }

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Trigger {
        /// A request through it; `expired`: past its absolute expiry,
        /// `idle`: past its idle timeout.
        Use { expired: bool, idle: bool },
        /// Activity recorded (for the idle timeout).
        Touch,
        /// Logout. Ending an ended session changes nothing.
        End,
    }

    /// The next status for `trigger` in `from`, or why not.
    pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
        use Status::*;
        use Trigger::*;
        match (from, trigger) {
            (
                Live,
                Use {
                    expired: false,
                    idle: false,
                },
            ) => Ok(Live),
            (Live, Use { .. }) => Err(Refusal::DeadlinePassed),
            (Live, Touch) => Ok(Live),
            (Live | Ended, End) => Ok(Ended),
            (Ended, Use { .. } | Touch) => Err(Refusal::Closed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;

    #[test]
    fn every_member_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        use member::Status::*;
        use member::Trigger::*;
        use member::{Status, Trigger, transition};
        const TRIGGERS: [Trigger; 3] = [
            Disable { last_owner: false },
            Disable { last_owner: true },
            SignIn,
        ];
        const ALLOWED: &[(Status, Trigger, Status)] = &[
            (Active, Disable { last_owner: false }, Disabled),
            (Disabled, Disable { last_owner: false }, Disabled),
            (Active, SignIn, Active),
        ];
        // Exhaustive: a new status or trigger does not compile until listed.
        for s in Status::ALL {
            match s {
                Active | Disabled => {}
            }
        }
        for t in TRIGGERS {
            match t {
                Disable { .. } | SignIn => {}
            }
        }
        assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
        assert_eq!(transition(Disabled, SignIn), Err(Refusal::Closed));
    }

    #[test]
    fn every_session_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        use session::Status::*;
        use session::Trigger::*;
        use session::{Status, Trigger, transition};
        const fn used(expired: bool, idle: bool) -> Trigger {
            Use { expired, idle }
        }
        const TRIGGERS: [Trigger; 6] = [
            used(false, false),
            used(true, false),
            used(false, true),
            used(true, true),
            Touch,
            End,
        ];
        const ALLOWED: &[(Status, Trigger, Status)] = &[
            (Live, used(false, false), Live),
            (Live, Touch, Live),
            (Live, End, Ended),
            (Ended, End, Ended),
        ];
        for s in Status::ALL {
            match s {
                Live | Ended => {}
            }
        }
        for t in TRIGGERS {
            match t {
                Use { .. } | Touch | End => {}
            }
        }
        assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
        assert_eq!(
            transition(Live, used(true, false)),
            Err(Refusal::DeadlinePassed)
        );
        assert_eq!(transition(Ended, Touch), Err(Refusal::Closed));
    }
}
