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
