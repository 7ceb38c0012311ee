//! The FX quote lifecycle (spec section 2: LOCKED, INDICATIVE, EXPIRED; the
//! table is drawn in `docs/fx.md`).
//!
//! A quote is created LOCKED, or INDICATIVE when the platform does not
//! guarantee its rate ([`initial`]: a stale rate, an amount above the
//! lockable maximum, no USD rate to measure it). It becomes EXPIRED when its
//! expiry passes on the sandbox's clock: computed on read ([`super::status_at`]),
//! never stored and never a timer. Taking it for a transfer or a route keeps
//! its status and marks it used: it is honoured once.

use serde::{Deserialize, Serialize};

pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = FxQuoteStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Status {
    /// The rate is guaranteed until `expires_at`.
    Locked,
    /// An estimate: a transfer that takes it before `expires_at` converts at
    /// the rate of that moment (`indicative_reason` says why).
    Indicative,
    /// Past `expires_at`: it can no longer be taken.
    Expired,
}

/// Why a quote is INDICATIVE rather than LOCKED.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = FxIndicativeReason)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// A rate it was priced from is older than its freshness limit (24 h).
    RateStale,
    /// The amount is worth more than the lockable maximum (USD 100,000).
    AmountAboveLockMax,
    /// No rate to USD measures the amount against the lockable maximum.
    NoUsdRate,
}

impl Status {
    /// Every status (the table test's list; the simulator's too).
    pub const ALL: [Status; 3] = [Status::Locked, Status::Indicative, Status::Expired];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// Its expiry has passed on the sandbox's clock.
    Expire,
    /// A transfer or a route takes it (`fx::take_quote`); `used_before` says
    /// whether one already did.
    #[cfg_attr(not(test), allow(dead_code))]
    Take { used_before: bool },
}

/// The status a new quote starts in.
pub fn initial(indicative: Option<Reason>) -> Status {
    match indicative {
        None => Status::Locked,
        Some(_) => Status::Indicative,
    }
}

/// The next status for `trigger` in `from`, or why not: an expired quote
/// refuses a take with `DeadlinePassed` (409 `quote_expired`), a used one
/// with `Closed` (409 `quote_used`).
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    use Trigger::*;
    match (from, trigger) {
        (Locked | Indicative, Expire) => Ok(Expired),
        (Expired, Expire) => Err(Refusal::Closed),
        (Expired, Take { .. }) => Err(Refusal::DeadlinePassed),
        (Locked | Indicative, Take { used_before: true }) => Err(Refusal::Closed),
        (s @ (Locked | Indicative), Take { used_before: false }) => Ok(s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;
    use Status::*;
    use Trigger::*;

    const TRIGGERS: [Trigger; 3] = [
        Expire,
        Take { used_before: false },
        Take { used_before: true },
    ];

    const ALLOWED: &[(Status, Trigger, Status)] = &[
        (Locked, Expire, Expired),
        (Indicative, Expire, Expired),
        (Locked, Take { used_before: false }, Locked),
        (Indicative, Take { used_before: false }, Indicative),
    ];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        // Exhaustive: a new status or trigger does not compile until listed.
        for s in Status::ALL {
            match s {
                Locked | Indicative | Expired => {}
            }
        }
        for t in TRIGGERS {
            match t {
                Expire | Take { .. } => {}
            }
        }
        assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
    }

    #[test]
    fn a_quote_is_honoured_once_and_never_after_expiry() {
        let used = Take { used_before: true };
        assert_eq!(transition(Locked, used), Err(Refusal::Closed));
        assert_eq!(transition(Indicative, used), Err(Refusal::Closed));
        assert_eq!(
            transition(Expired, Take { used_before: false }),
            Err(Refusal::DeadlinePassed)
        );
        assert_eq!(transition(Expired, used), Err(Refusal::DeadlinePassed));
    }

    #[test]
    fn only_an_unguaranteed_rate_starts_indicative() {
        assert_eq!(initial(None), Locked);
        for why in [
            Reason::RateStale,
            Reason::AmountAboveLockMax,
            Reason::NoUsdRate,
        ] {
            assert_eq!(initial(Some(why)), Indicative);
        }
    }
}
