//! The billing calendar: pure functions of dates and amounts, no store.
//!
//! - **Anchoring.** Period `n` of a subscription ends at `anchor + n ×
//!   interval`, always counted from the anchor, never from the previous
//!   end: a monthly subscription anchored on 31 January ends its periods on
//!   28 (29 in a leap year) February, 31 March, 30 April, 31 May... A day
//!   the month lacks falls back to the month's last day, and the next month
//!   that has it gets it back (Stripe's billing cycle anchor). Yearly
//!   periods anchored on 29 February end on 28 February, and on 29 February
//!   again every leap year.
//! - **Proration** of an immediate cancel: the unused share of the paid
//!   recurring amount, by the millisecond, rounded down (never more than
//!   was paid).
//! - **Recurring revenue** normalised to a month (origin section 24): a day
//!   ×30, a week ×4, a year ÷12, each divided by `interval_count`.

use serde::{Deserialize, Serialize};
use time::{Date, Month, OffsetDateTime};

const DAY_MS: i64 = 86_400_000;

/// How often a plan bills (`interval_count` of them per period).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = PlanInterval)]
#[serde(rename_all = "snake_case")]
pub enum Interval {
    Day,
    Week,
    Month,
    Year,
}

impl Interval {
    pub fn as_str(self) -> &'static str {
        match self {
            Interval::Day => "day",
            Interval::Week => "week",
            Interval::Month => "month",
            Interval::Year => "year",
        }
    }
}

/// The end of period `n` (n ≥ 0; period 0 ends at the anchor itself) of a
/// subscription anchored at `anchor_ms` with periods of `count` intervals;
/// `None` past the calendar's range.
pub fn boundary_ms(anchor_ms: i64, interval: Interval, count: u32, n: u32) -> Option<i64> {
    let steps = i64::from(count).checked_mul(i64::from(n))?;
    match interval {
        Interval::Day => anchor_ms.checked_add(steps.checked_mul(DAY_MS)?),
        Interval::Week => anchor_ms.checked_add(steps.checked_mul(7 * DAY_MS)?),
        Interval::Month => add_months(anchor_ms, steps),
        Interval::Year => add_months(anchor_ms, steps.checked_mul(12)?),
    }
}

/// `at_ms` moved `months` calendar months on, its day of month kept, or the
/// month's last day when the month is shorter; the time of day is kept.
pub fn add_months(at_ms: i64, months: i64) -> Option<i64> {
    let at = OffsetDateTime::from_unix_timestamp_nanos(i128::from(at_ms) * 1_000_000).ok()?;
    let index = i64::from(at.year()) * 12 + i64::from(u8::from(at.month())) - 1 + months;
    let year = i32::try_from(index.div_euclid(12)).ok()?;
    let month = Month::try_from(u8::try_from(index.rem_euclid(12) + 1).ok()?).ok()?;
    let day = at.day().min(time::util::days_in_month(month, year));
    let date = Date::from_calendar_date(year, month, day).ok()?;
    let moved = at.replace_date(date);
    i64::try_from(moved.unix_timestamp_nanos() / 1_000_000).ok()
}

/// The unused share of `paid_minor` for a period `[start_ms, end_ms)` cut at
/// `at_ms`: `paid × (end − at) / (end − start)`, rounded down; 0 outside
/// the period.
pub fn unused_minor(paid_minor: i64, start_ms: i64, end_ms: i64, at_ms: i64) -> i64 {
    let length = end_ms - start_ms;
    if length <= 0 || paid_minor <= 0 || at_ms >= end_ms {
        return 0;
    }
    let left = (end_ms - at_ms.max(start_ms)).min(length);
    let share = i128::from(paid_minor) * i128::from(left) / i128::from(length);
    i64::try_from(share).unwrap_or(0)
}

/// A plan's recurring amount per month (origin section 24): a day ×30, a
/// week ×4, a year ÷12, each divided by `count`; rounded half up.
pub fn monthly_minor(amount_minor: i64, interval: Interval, count: u32) -> i64 {
    let (numerator, denominator): (i128, i128) = match interval {
        Interval::Day => (30, 1),
        Interval::Week => (4, 1),
        Interval::Month => (1, 1),
        Interval::Year => (1, 12),
    };
    let denominator = denominator * i128::from(count.max(1));
    let exact = i128::from(amount_minor) * numerator;
    i64::try_from((exact * 2 + denominator) / (denominator * 2)).unwrap_or(i64::MAX)
}

/// `YYYYMM` of `at_ms` (UTC), for invoice numbers.
pub fn year_month(at_ms: i64) -> String {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(at_ms) * 1_000_000)
        .map(|t| format!("{:04}{:02}", t.year(), u8::from(t.month())))
        .unwrap_or_else(|_| "000000".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(text: &str) -> i64 {
        let t = OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339)
            .expect("date");
        i64::try_from(t.unix_timestamp_nanos() / 1_000_000).expect("ms")
    }

    fn day(at_ms: i64) -> String {
        crate::clock::rfc3339(at_ms)[..10].to_string()
    }

    #[test]
    fn month_ends_anchor_on_the_31st_and_fall_back_to_short_months() {
        let anchor = ms("2027-01-31T09:30:00Z");
        let ends: Vec<String> = (1..=4)
            .map(|n| day(boundary_ms(anchor, Interval::Month, 1, n).expect("end")))
            .collect();
        assert_eq!(
            ends,
            ["2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"]
        );
        // 2028 is a leap year: 29 February.
        let leap = ms("2028-01-31T00:00:00Z");
        assert_eq!(
            day(boundary_ms(leap, Interval::Month, 1, 1).expect("end")),
            "2028-02-29"
        );
        // The time of day is kept.
        let end = boundary_ms(anchor, Interval::Month, 1, 2).expect("end");
        assert_eq!(crate::clock::rfc3339(end), "2027-03-31T09:30:00.000Z");
        // Quarterly: three months a period.
        assert_eq!(
            day(boundary_ms(anchor, Interval::Month, 3, 1).expect("end")),
            "2027-04-30"
        );
    }

    #[test]
    fn yearly_periods_from_29_february_return_to_it_in_leap_years() {
        let anchor = ms("2028-02-29T00:00:00Z");
        let ends: Vec<String> = (1..=4)
            .map(|n| day(boundary_ms(anchor, Interval::Year, 1, n).expect("end")))
            .collect();
        assert_eq!(
            ends,
            ["2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29"]
        );
    }

    #[test]
    fn days_and_weeks_are_fixed_lengths() {
        let anchor = ms("2027-02-27T12:00:00Z");
        assert_eq!(
            day(boundary_ms(anchor, Interval::Day, 2, 1).expect("end")),
            "2027-03-01"
        );
        assert_eq!(
            boundary_ms(anchor, Interval::Week, 1, 2),
            Some(anchor + 14 * DAY_MS)
        );
        assert_eq!(boundary_ms(anchor, Interval::Month, 1, 0), Some(anchor));
        assert_eq!(boundary_ms(i64::MAX - 1, Interval::Day, 1, 1), None);
    }

    #[test]
    fn proration_is_the_unused_share_rounded_down() {
        let (start, end) = (0, 30 * DAY_MS);
        assert_eq!(unused_minor(3_000, start, end, 10 * DAY_MS), 2_000);
        assert_eq!(unused_minor(1_000, start, end, 1), 999);
        assert_eq!(unused_minor(1_000, start, end, end), 0);
        assert_eq!(unused_minor(1_000, start, end, -5), 1_000);
        assert_eq!(unused_minor(0, start, end, 5), 0);
    }

    #[test]
    fn recurring_revenue_is_normalised_to_a_month() {
        assert_eq!(monthly_minor(1_000, Interval::Day, 1), 30_000);
        assert_eq!(monthly_minor(1_000, Interval::Week, 2), 2_000);
        assert_eq!(monthly_minor(9_000, Interval::Month, 3), 3_000);
        assert_eq!(monthly_minor(12_000, Interval::Year, 1), 1_000);
        // 1000 / 12 = 83.33 → 83; 1010 / 12 = 84.17 → 84; 90/12 = 7.5 → 8.
        assert_eq!(monthly_minor(1_000, Interval::Year, 1), 83);
        assert_eq!(monthly_minor(90, Interval::Year, 1), 8);
    }

    #[test]
    fn invoice_months_are_utc() {
        assert_eq!(year_month(ms("2028-02-29T23:59:59Z")), "202802");
        assert_eq!(year_month(ms("2027-12-31T23:59:59Z")), "202712");
    }
}
