//! What a team member may refund without step-up, counted over time rather
//! than per refund (security review issue 44, finding 7; decision 294).
//!
//! Origin section 3 asks step-up of "session refunds over 100 000 minor":
//! checked per refund, three refunds of 50 000 passed it. So a team member's
//! refunds executed without a PIN are counted twice, and a refund needs
//! step-up when it would take either count over
//! [`AUTO_APPROVE_MAX_MINOR`](super::AUTO_APPROVE_MAX_MINOR):
//!
//! - over the payment intent: every member's refunds of it without step-up
//!   (`rsu|<mode>|intent|<pi>` → minor units), so the intent cannot be
//!   emptied in slices;
//! - over a rolling 24 hours for the member (`rsu|<mode>|member|<mem>` →
//!   minor units by hour), so slices spread over many intents count too.
//!
//! API keys are not counted (a key cannot step up, decision 87), nor refunds
//! made or approved under step-up. A refund counted stays counted if it
//! fails later: the count bounds what a person did without a PIN, not what
//! the rail achieved, and erring this way asks one PIN too many, never one
//! too few.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::auth::Principal;
use crate::error::ApiError;
use crate::mode::Mode;
use crate::store::{Read, Tx};

/// The member's window: the last 24 hours, counted by the hour (the window
/// holds the current hour and the 23 before it, so between 23 and 24 hours).
pub const WINDOW_HOURS: i64 = 24;
const HOUR_MS: i64 = 3_600_000;

/// Refunds without step-up already counted against a new one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counted {
    /// On the refund's payment intent, by every member.
    pub intent_minor: i64,
    /// By the member in the window.
    pub member_window_minor: i64,
}

/// The rule: a team member's refund of `amount_minor` without step-up is
/// executed at once only when neither count, with it, passes `max_minor`.
pub fn within(amount_minor: i64, counted: Counted, max_minor: i64) -> bool {
    let fits = |sum: i64| {
        sum.checked_add(amount_minor)
            .is_some_and(|t| t <= max_minor)
    };
    fits(counted.intent_minor) && fits(counted.member_window_minor)
}

/// The member's sums by hour (hours since the epoch), only the window's.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct MemberHours {
    minor_by_hour: BTreeMap<i64, i64>,
}

impl MemberHours {
    /// Drops the hours before the window that ends at `hour`.
    fn prune(&mut self, hour: i64) {
        self.minor_by_hour = self.minor_by_hour.split_off(&(hour - (WINDOW_HOURS - 1)));
    }

    fn sum(&self) -> i64 {
        self.minor_by_hour.values().copied().sum()
    }
}

fn intent_key(mode: Mode, intent: &str) -> String {
    format!("rsu|{}|intent|{intent}", mode.as_str())
}

fn member_key(mode: Mode, member: &str) -> String {
    format!("rsu|{}|member|{member}", mode.as_str())
}

fn member_hours(
    read: &impl Read,
    mode: Mode,
    member: &str,
    now_ms: i64,
) -> Result<MemberHours, ApiError> {
    let mut hours: MemberHours = read.object(&member_key(mode, member))?.unwrap_or_default();
    hours.prune(now_ms.div_euclid(HOUR_MS));
    Ok(hours)
}

/// The counts a refund by `member` on `intent` is checked against.
pub fn counted(
    read: &impl Read,
    mode: Mode,
    intent: &str,
    member: &str,
    now_ms: i64,
) -> Result<Counted, ApiError> {
    let intent_minor: i64 = read.object(&intent_key(mode, intent))?.unwrap_or(0);
    Ok(Counted {
        intent_minor,
        member_window_minor: member_hours(read, mode, member, now_ms)?.sum(),
    })
}

/// Whether `principal`'s refund of `amount_minor` on `intent` is executed
/// at once: an API key's always, a member's under step-up always, else only
/// [`within`] the counts; the refund is then counted.
pub fn take(
    tx: &mut Tx<'_>,
    principal: &Principal,
    mode: Mode,
    intent: &str,
    amount_minor: i64,
    stepped_up: bool,
) -> Result<bool, ApiError> {
    let Some(session) = principal.session.as_ref().filter(|_| !stepped_up) else {
        return Ok(true);
    };
    let now = tx.now_ms();
    let member = session.member_id.as_str();
    let counts = counted(tx, mode, intent, member, now)?;
    if !within(amount_minor, counts, super::AUTO_APPROVE_MAX_MINOR) {
        return Ok(false);
    }
    tx.put_object(
        intent_key(mode, intent),
        &(counts.intent_minor + amount_minor),
    )?;
    let mut hours = member_hours(tx, mode, member, now)?;
    *hours
        .minor_by_hour
        .entry(now.div_euclid(HOUR_MS))
        .or_default() += amount_minor;
    tx.put_object(member_key(mode, member), &hours)?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAX: i64 = 100_000;

    fn counted(intent_minor: i64, member_window_minor: i64) -> Counted {
        Counted {
            intent_minor,
            member_window_minor,
        }
    }

    /// (amount, already on the intent, already by the member today, executed at once)
    #[test]
    fn a_refund_without_step_up_fits_both_counts_or_waits() {
        let table: &[(i64, i64, i64, bool)] = &[
            (50_000, 0, 0, true),
            (50_000, 50_000, 50_000, true),
            (50_000, 100_000, 100_000, false), // the third of 50 000
            (1, 100_000, 0, false),            // the intent is spent
            (1, 0, 100_000, false),            // the member's day is spent
            (100_000, 0, 0, true),             // the threshold itself
            (100_001, 0, 0, false),            // one big refund, as before
            (40_000, 60_000, 10_000, true),
            (40_001, 60_000, 10_000, false),
            (40_001, 10_000, 60_000, false),
            (i64::MAX, 1, 0, false), // no overflow
        ];
        for &(amount, on_intent, by_member, at_once) in table {
            assert_eq!(
                within(amount, counted(on_intent, by_member), MAX),
                at_once,
                "{amount} on {on_intent} (intent) and {by_member} (member)"
            );
        }
    }

    #[test]
    fn the_members_window_keeps_the_last_24_hours() {
        let mut hours = MemberHours::default();
        hours.minor_by_hour.insert(100, 10);
        hours.minor_by_hour.insert(101, 20);
        hours.minor_by_hour.insert(124, 40);
        hours.prune(124);
        assert_eq!(hours.sum(), 60, "hour 100 is 24 hours before hour 124");
        hours.prune(125);
        assert_eq!(hours.sum(), 40);
        assert_eq!(hours.minor_by_hour.len(), 1, "old hours are dropped");
    }

    #[test]
    fn a_members_refunds_are_counted_per_intent_and_per_day() {
        let store = crate::store::Store::ephemeral().expect("store");
        let mut principal = Principal::system("test", "org_a", Mode::Test);
        principal.session = Some(crate::auth::SessionCaller {
            session_id: "ses_a".into(),
            member_id: "mem_a".into(),
            email: "a@example.com".into(),
            role: crate::auth::roles::Role::Owner,
        });
        let take_at = |now: i64, intent: &str, amount: i64, stepped_up: bool| {
            store
                .write_now(now, |tx| {
                    take(tx, &principal, Mode::Test, intent, amount, stepped_up)
                })
                .expect("take")
        };
        assert!(take_at(0, "pi_1", 50_000, false));
        assert!(take_at(0, "pi_1", 50_000, false));
        assert!(
            !take_at(0, "pi_1", 50_000, false),
            "the third needs step-up"
        );
        assert!(
            take_at(0, "pi_1", 50_000, true),
            "with step-up: not counted"
        );
        assert!(!take_at(0, "pi_2", 1, false), "the member's day is spent");
        let day = WINDOW_HOURS * HOUR_MS;
        assert!(take_at(day, "pi_2", 100_000, false), "a day later");
        assert!(!take_at(day, "pi_1", 1, false), "pi_1 stays spent");
        let key = Principal::system("test", "org_a", Mode::Test);
        let by_key = store
            .write_now(day, |tx| take(tx, &key, Mode::Test, "pi_1", 500_000, false))
            .expect("take");
        assert!(by_key, "an API key is not counted");
    }
}
