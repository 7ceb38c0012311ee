//! What an agent run costs and how many may run (origin behaviour sections
//! 13 and 25), as pure functions the writer calls inside the command that
//! admits a run, so two concurrent runs cannot both pass a quota.
//!
//! - Price in ACU (agent compute units; 1 ACU = 1 US cent, the origin's
//!   unit): standard 5, deep 90, tax (20 %) included, converted into the
//!   charged currency at the mode's mid rate and rounded up.
//! - The first [`FREE_RUNS_PER_MONTH`] standard runs of a calendar month
//!   (UTC, on the sandbox's clock) are free; deep runs are always paid.
//! - At most [`PAID_RUNS_PER_DAY`] paid runs a calendar day and
//!   [`RUNS_PER_MINUTE`] runs of any tier a minute of real time; past either,
//!   429 `neural_quota_exceeded` and nothing is counted or charged.

use serde::{Deserialize, Serialize};

pub const STANDARD_ACU: i64 = 5;
pub const DEEP_ACU: i64 = 90;
/// The tax included in a price: 20 %, in basis points.
pub const TAX_INCLUDED_BPS: i64 = 2_000;
pub const FREE_RUNS_PER_MONTH: u32 = 5;
pub const PAID_RUNS_PER_DAY: u32 = 20;
pub const RUNS_PER_MINUTE: u32 = 30;
/// The currency an ACU is counted in: 1 ACU is one minor unit of it.
pub const ACU_CURRENCY: &str = "USD";

const MINUTE_MS: i64 = 60_000;
const DAY_MS: i64 = 86_400_000;

/// How deep an analysis goes (spec 4.13 `depth`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema, Default)]
#[schema(as = AgentDepth)]
#[serde(rename_all = "snake_case")]
pub enum Depth {
    /// The recent window (30 or 90 days); 5 ACU.
    #[default]
    Standard,
    /// The whole 180-day window and every ranking policy; 90 ACU.
    Deep,
}

/// How a run is billed (origin: `billing.tier`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = AgentRunTier)]
#[serde(rename_all = "snake_case")]
pub enum Tier {
    /// One of the month's free standard runs.
    Free,
    Standard,
    Deep,
}

/// The ACU of a run of `depth`.
pub fn acu(depth: Depth) -> i64 {
    match depth {
        Depth::Standard => STANDARD_ACU,
        Depth::Deep => DEEP_ACU,
    }
}

/// The tax inside a tax-included `amount_minor`: amount × 20 / 120, rounded
/// half up (the rest is the fee revenue).
pub fn tax_included_minor(amount_minor: i64) -> i64 {
    let exact = i128::from(amount_minor) * i128::from(TAX_INCLUDED_BPS);
    let divisor = i128::from(10_000 + TAX_INCLUDED_BPS);
    i64::try_from((exact + divisor / 2) / divisor).unwrap_or(0)
}

/// An organisation's counters (stored at `keys::agent_usage`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    /// The month the free runs count, `YYYY-MM` (sandbox clock).
    pub month: String,
    pub free_used: u32,
    /// The day paid runs count, as days since 1970 (sandbox clock).
    pub day: i64,
    pub paid_today: u32,
    /// The minute runs count, as minutes since 1970 (real time).
    pub minute: i64,
    pub runs_this_minute: u32,
}

/// Which quota refused a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quota {
    Minute,
    Day,
}

impl Quota {
    pub fn as_str(self) -> &'static str {
        match self {
            Quota::Minute => "runs_per_minute",
            Quota::Day => "paid_runs_per_day",
        }
    }
}

/// A refused admission: the quota, and in how many seconds it frees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refused {
    pub quota: Quota,
    pub retry_after_seconds: i64,
}

/// Admits one run of `depth` at `now_ms` (sandbox clock) and `wall_ms`
/// (real time): the counters after it and its tier, or the quota it breaks.
pub fn admit(
    usage: &Usage,
    depth: Depth,
    now_ms: i64,
    wall_ms: i64,
) -> Result<(Usage, Tier), Refused> {
    let mut next = usage.clone();
    let (month, day, minute) = (
        month_of(now_ms),
        now_ms.div_euclid(DAY_MS),
        wall_ms.div_euclid(MINUTE_MS),
    );
    if next.month != month {
        next.month = month;
        next.free_used = 0;
    }
    if next.day != day {
        next.day = day;
        next.paid_today = 0;
    }
    if next.minute != minute {
        next.minute = minute;
        next.runs_this_minute = 0;
    }
    if next.runs_this_minute >= RUNS_PER_MINUTE {
        return Err(Refused {
            quota: Quota::Minute,
            retry_after_seconds: ((minute + 1) * MINUTE_MS - wall_ms + 999) / 1000,
        });
    }
    let tier = match depth {
        Depth::Standard if next.free_used < FREE_RUNS_PER_MONTH => Tier::Free,
        Depth::Standard => Tier::Standard,
        Depth::Deep => Tier::Deep,
    };
    if tier != Tier::Free {
        if next.paid_today >= PAID_RUNS_PER_DAY {
            return Err(Refused {
                quota: Quota::Day,
                retry_after_seconds: ((day + 1) * DAY_MS - now_ms + 999) / 1000,
            });
        }
        next.paid_today += 1;
    } else {
        next.free_used += 1;
    }
    next.runs_this_minute += 1;
    Ok((next, tier))
}

/// `YYYY-MM` of `now_ms` in UTC.
fn month_of(now_ms: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp(now_ms.div_euclid(1000))
        .map(|t| format!("{:04}-{:02}", t.year(), u8::from(t.month())))
        .unwrap_or_else(|_| "1970-01".into())
}

/// `acu` in the charged currency's minor units, rounded up, never below 1,
/// given what 1,000 ACU convert to (`minor_per_thousand_acu`, rounded down by
/// the FX conversion): the rounding up is to a thousandth of a minor unit.
pub fn convert_up(acu: i64, minor_per_thousand_acu: i64) -> i64 {
    let exact = i128::from(acu) * i128::from(minor_per_thousand_acu);
    i64::try_from((exact + 999) / 1000)
        .unwrap_or(i64::MAX)
        .max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const JAN_1: i64 = 1_798_761_600_000; // 2027-01-01T00:00:00Z

    #[test]
    fn prices_include_their_tax() {
        assert_eq!(acu(Depth::Standard), 5);
        assert_eq!(acu(Depth::Deep), 90);
        assert_eq!(tax_included_minor(5), 1); // 0.83 rounds up
        assert_eq!(tax_included_minor(90), 15);
        assert_eq!(tax_included_minor(120), 20);
        assert_eq!(tax_included_minor(0), 0);
    }

    #[test]
    fn conversion_rounds_up_and_never_charges_nothing() {
        // 1 ACU = 28.5 minor units: 5 ACU = 142.5 → 143.
        assert_eq!(convert_up(5, 28_500), 143);
        assert_eq!(convert_up(90, 1_000), 90);
        assert_eq!(convert_up(5, 1), 1);
    }

    #[test]
    fn five_standard_runs_a_month_are_free_then_paid() {
        let mut usage = Usage::default();
        let mut tiers = Vec::new();
        for i in 0..7 {
            let (next, tier) =
                admit(&usage, Depth::Standard, JAN_1, JAN_1 + i * 60_000).expect("admitted");
            usage = next;
            tiers.push(tier);
        }
        assert_eq!(&tiers[..5], &[Tier::Free; 5]);
        assert_eq!(&tiers[5..], &[Tier::Standard; 2]);
        assert_eq!(usage.paid_today, 2);
        // A deep run is never free, even with free runs left.
        let (_, tier) = admit(&Usage::default(), Depth::Deep, JAN_1, JAN_1).expect("deep");
        assert_eq!(tier, Tier::Deep);
        // A new month gives five more.
        let feb = JAN_1 + 31 * DAY_MS;
        let (next, tier) = admit(&usage, Depth::Standard, feb, feb).expect("february");
        assert_eq!((tier, next.free_used, next.paid_today), (Tier::Free, 1, 0));
    }

    #[test]
    fn twenty_paid_runs_a_day_then_refused_until_midnight() {
        let mut usage = Usage::default();
        for i in 0..20 {
            usage = admit(&usage, Depth::Deep, JAN_1, JAN_1 + i * 60_000)
                .expect("paid")
                .0;
        }
        let refused =
            admit(&usage, Depth::Deep, JAN_1 + 3_600_000, JAN_1 + 30 * 60_000).expect_err("21st");
        assert_eq!(refused.quota, Quota::Day);
        assert_eq!(refused.retry_after_seconds, 23 * 3_600);
        // Free runs are not paid runs: still admitted.
        assert_eq!(
            admit(&usage, Depth::Standard, JAN_1, JAN_1 + 40 * 60_000)
                .expect("free")
                .1,
            Tier::Free
        );
        // The next day admits again.
        assert!(admit(&usage, Depth::Deep, JAN_1 + DAY_MS, JAN_1 + DAY_MS).is_ok());
    }

    #[test]
    fn thirty_runs_a_minute_then_refused_until_the_next_minute() {
        let mut usage = Usage::default();
        // A day apart on the sandbox clock (no daily cap), one real minute.
        for day in 0..30 {
            usage = admit(
                &usage,
                Depth::Standard,
                JAN_1 + day * DAY_MS,
                JAN_1 + 10_000,
            )
            .expect("admitted")
            .0;
        }
        let refused = admit(&usage, Depth::Standard, JAN_1, JAN_1 + 10_000).expect_err("31st");
        assert_eq!(
            refused,
            Refused {
                quota: Quota::Minute,
                retry_after_seconds: 50
            }
        );
        assert!(admit(&usage, Depth::Standard, JAN_1, JAN_1 + 60_000).is_ok());
    }
}
