//! The lifecycle convention every resource of the domain follows.
//!
//! A resource with a status has a `state.rs` holding its `Status`, its
//! `Trigger` (what can happen to it) and one pure function
//! `transition(from, trigger) -> Result<Status, Refusal>` that holds every
//! rule of its lifecycle. A guard that depends on something outside the
//! status (a deadline, a counter) travels inside the trigger as data, so the
//! rule is still decided in `transition` and proved by its table test. The
//! caller maps a [`Refusal`] to the API error its clients have always seen:
//! the codes and messages belong to each area, the reasons are shared.

/// Why a trigger is not allowed in the current status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// An attempt is already running (intents).
    AttemptInFlight,
    /// Capture of an intent that is not an AUTHORISED manual-capture intent.
    NotAuthorised,
    /// A deadline carried by the trigger has passed (evidence, expiry).
    DeadlinePassed,
    /// The resource is in a final status.
    Closed,
    /// Any other move the table forbids.
    Invalid,
}

/// Declares a lifecycle's `Trigger` enum with `Trigger::ALL`: every
/// trigger, each guard that travels as a `bool` both ways. The table test
/// tries each in every status, and so does the simulator
/// (`sim/lifecycles.rs`), so neither keeps a list of its own that a new
/// trigger could miss. Variants are unit or carry one `bool` field.
macro_rules! triggers {
    ($(#[$m:meta])* $vis:vis enum $name:ident { $($body:tt)* }) => {
        $(#[$m])*
        $vis enum $name { $($body)* }

        impl $name {
            #[cfg_attr(not(test), allow(dead_code))]
            pub const ALL: &'static [$name] =
                &$crate::lifecycle::triggers!(@all $name [] $($body)*);
        }
    };
    (@all $name:ident [$($out:tt)*] #[$m:meta] $($rest:tt)*) => {
        $crate::lifecycle::triggers!(@all $name [$($out)*] $($rest)*)
    };
    (@all $name:ident [$($out:tt)*] $v:ident { $f:ident : bool $(,)? } $(, $($rest:tt)*)?) => {
        $crate::lifecycle::triggers!(
            @all $name [$($out)* $name::$v { $f: false }, $name::$v { $f: true },] $($($rest)*)?
        )
    };
    (@all $name:ident [$($out:tt)*] $v:ident $(, $($rest:tt)*)?) => {
        $crate::lifecycle::triggers!(@all $name [$($out)* $name::$v,] $($($rest)*)?)
    };
    (@all $name:ident [$($out:tt)*]) => { [$($out)*] };
}
pub(crate) use triggers;

/// The lifecycle of a thing its owner can only withdraw: `Active` until a
/// `Revoke`, then `Revoked` for good (a QR code, a credit-readiness
/// consent). Each resource names and spells its status its own way (the
/// attributes given go on its `Status`); the rule and its table test are
/// written here once.
macro_rules! revocable {
    ($(#[$status:meta])*) => {
        pub use $crate::lifecycle::Refusal;

        $(#[$status])*
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
            /// The owner withdraws it.
            Revoke,
        }

        /// The next status for `trigger` in `from`, or why not.
        pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
            match (from, trigger) {
                (Status::Active, Trigger::Revoke) => Ok(Status::Revoked),
                (Status::Revoked, _) => Err(Refusal::Closed),
            }
        }

        #[cfg(test)]
        mod revocable_tests {
            use super::*;

            #[test]
            fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
                // Exhaustive: a new status or trigger does not compile until listed.
                for s in Status::ALL {
                    match s {
                        Status::Active | Status::Revoked => {}
                    }
                }
                let triggers = [Trigger::Revoke];
                $crate::lifecycle::assert_table(
                    &Status::ALL,
                    &triggers,
                    &[(Status::Active, Trigger::Revoke, Status::Revoked)],
                    transition,
                );
                assert_eq!(transition(Status::Revoked, Trigger::Revoke), Err(Refusal::Closed));
            }
        }
    };
}
pub(crate) use revocable;

/// Checks `transition` over every (status, trigger) pair: the pairs in
/// `allowed` must lead where the table says, every other pair must be
/// refused. `statuses` and `triggers` are each machine's complete lists (each
/// test pins them with an exhaustive `match`, so a new variant fails to
/// compile until its row is decided).
#[cfg(test)]
pub(crate) fn assert_table<S, T>(
    statuses: &[S],
    triggers: &[T],
    allowed: &[(S, T, S)],
    transition: impl Fn(S, T) -> Result<S, Refusal>,
) where
    S: Copy + PartialEq + std::fmt::Debug,
    T: Copy + PartialEq + std::fmt::Debug,
{
    for (from, trigger, _) in allowed {
        assert!(
            statuses.contains(from) && triggers.contains(trigger),
            "{from:?} + {trigger:?} is in the table but not in the lists"
        );
    }
    for &from in statuses {
        for &trigger in triggers {
            let expected = allowed
                .iter()
                .find(|(f, t, _)| *f == from && *t == trigger)
                .map(|(_, _, to)| *to);
            let got = transition(from, trigger);
            match expected {
                Some(to) => assert_eq!(got, Ok(to), "{from:?} + {trigger:?}"),
                None => assert!(
                    got.is_err(),
                    "{from:?} + {trigger:?} should be refused, got {got:?}"
                ),
            }
        }
    }
}
