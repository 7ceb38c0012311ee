//! When a settlement period ends and when its cycle is due (origin section
//! 11): periods end at the profile's cut-off (22:00 UTC unless set), every day
//! for `T0`, `T1` and `T2`, on Sundays for `weekly`, never by themselves for
//! `manual`. A closed cycle is due at once for `T0`, at 09:00 UTC one or two
//! weekdays after its close for `T1` and `T2`, the next Monday at 09:00 UTC
//! for `weekly`, and never for `manual` (it is paid by `POST /pay`). Pure
//! functions of the time: no store, no clock.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ApiError;

const MINUTE_MS: i64 = 60_000;
const DAY_MS: i64 = 24 * 60 * MINUTE_MS;
/// The origin's cut-off: 22:00 UTC.
pub const CUT_OFF_DEFAULT: CutOff = CutOff { minutes: 22 * 60 };
/// Due cycles are paid at 09:00 UTC (origin section 11).
const DUE_MINUTES: i64 = 9 * 60;

/// How often a profile's periods end and when their cycles are paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = SettlementSchedule)]
pub enum Schedule {
    /// Daily periods, paid at the close.
    T0,
    /// Daily periods, paid one weekday later at 09:00 UTC.
    T1,
    /// Daily periods, paid two weekdays later at 09:00 UTC.
    T2,
    /// Weekly periods (ending Sunday at the cut-off), paid Monday at 09:00 UTC.
    #[serde(rename = "weekly")]
    Weekly,
    /// Periods end only by `POST /settlement_cycles`; paid by `POST /settlement_cycles/{id}/pay`.
    #[serde(rename = "manual")]
    Manual,
}

/// A time of day in UTC, to the minute: when a period ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct CutOff {
    minutes: i64,
}

impl CutOff {
    /// `HH:MM`, 00:00 to 23:59 (UTC).
    pub fn parse(param: &str, text: &str) -> Result<CutOff, ApiError> {
        let refused = || {
            ApiError::field(
                param,
                format!(
                    "{param} must be a UTC time of day HH:MM from 00:00 to 23:59, such as 22:00 (got {text:?})"
                ),
            )
        };
        let (hours, minutes) = text.split_once(':').ok_or_else(refused)?;
        let two_digits = |s: &str| s.len() == 2 && s.bytes().all(|b| b.is_ascii_digit());
        if !two_digits(hours) || !two_digits(minutes) {
            return Err(refused());
        }
        let (hours, minutes): (i64, i64) = (
            hours.parse().map_err(|_| refused())?,
            minutes.parse().map_err(|_| refused())?,
        );
        if hours > 23 || minutes > 59 {
            return Err(refused());
        }
        Ok(CutOff {
            minutes: hours * 60 + minutes,
        })
    }

    fn offset_ms(self) -> i64 {
        self.minutes * MINUTE_MS
    }
}

impl std::fmt::Display for CutOff {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:02}:{:02}", self.minutes / 60, self.minutes % 60)
    }
}

impl From<CutOff> for String {
    fn from(cut_off: CutOff) -> String {
        cut_off.to_string()
    }
}

impl TryFrom<String> for CutOff {
    type Error = String;
    fn try_from(text: String) -> Result<CutOff, String> {
        CutOff::parse("cut_off", &text).map_err(|e| e.message)
    }
}

/// Days since the epoch of the UTC day holding `ms`.
fn day_of(ms: i64) -> i64 {
    ms.div_euclid(DAY_MS)
}

/// Monday 0 .. Sunday 6 of an epoch day (1970-01-01 was a Thursday).
fn weekday(day: i64) -> i64 {
    (day + 3).rem_euclid(7)
}

const SATURDAY: i64 = 5;
const SUNDAY: i64 = 6;

/// The end of the period holding `at_ms`: the first cut-off strictly after
/// it (for `weekly`, the first one on a Sunday). `None` for `manual`.
pub fn period_end(schedule: Schedule, cut_off: CutOff, at_ms: i64) -> Option<i64> {
    if schedule == Schedule::Manual {
        return None;
    }
    let mut end = day_of(at_ms) * DAY_MS + cut_off.offset_ms();
    if end <= at_ms {
        end += DAY_MS;
    }
    if schedule == Schedule::Weekly {
        while weekday(day_of(end)) != SUNDAY {
            end += DAY_MS;
        }
    }
    Some(end)
}

/// The start of the period that ends at `end_ms`: the cut-off before it.
pub fn period_start(schedule: Schedule, end_ms: i64) -> i64 {
    match schedule {
        Schedule::Weekly => end_ms - 7 * DAY_MS,
        _ => end_ms - DAY_MS,
    }
}

/// When a cycle closed at `closed_ms` is paid. `None` for `manual`.
pub fn due_at(schedule: Schedule, closed_ms: i64) -> Option<i64> {
    let at_nine = |day: i64| day * DAY_MS + DUE_MINUTES * MINUTE_MS;
    let weekdays_later = |count: u32| {
        let mut day = day_of(closed_ms);
        let mut left = count;
        while left > 0 {
            day += 1;
            if weekday(day) < SATURDAY {
                left -= 1;
            }
        }
        at_nine(day)
    };
    match schedule {
        Schedule::T0 => Some(closed_ms),
        Schedule::T1 => Some(weekdays_later(1)),
        Schedule::T2 => Some(weekdays_later(2)),
        Schedule::Weekly => {
            let mut day = day_of(closed_ms) + 1;
            while weekday(day) != 0 {
                day += 1;
            }
            Some(at_nine(day))
        }
        Schedule::Manual => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> i64 {
        crate::clock::parse_param("t", Some(text))
            .expect("time")
            .expect("some")
    }

    fn shown(ms: Option<i64>) -> String {
        ms.map(crate::clock::rfc3339).unwrap_or_default()
    }

    #[test]
    fn cut_offs_are_hh_mm_in_utc() {
        assert_eq!(CutOff::parse("c", "22:00").expect("ok"), CUT_OFF_DEFAULT);
        assert_eq!(
            CutOff::parse("c", "07:05").expect("ok").to_string(),
            "07:05"
        );
        for bad in ["24:00", "7:00", "22:60", "2200", "", "22:00:00", "ab:cd"] {
            let error = CutOff::parse("cut_off", bad).expect_err(bad);
            assert_eq!(error.param.as_deref(), Some("cut_off"), "{bad}");
        }
    }

    /// 2027-01-04 is a Monday.
    #[test]
    fn daily_periods_end_at_the_next_cut_off_and_weekly_ones_on_sunday() {
        let c = CUT_OFF_DEFAULT;
        let monday_noon = at("2027-01-04T12:00:00Z");
        assert_eq!(
            shown(period_end(Schedule::T1, c, monday_noon)),
            "2027-01-04T22:00:00.000Z"
        );
        // A payment at the cut-off itself belongs to the next period.
        assert_eq!(
            shown(period_end(Schedule::T0, c, at("2027-01-04T22:00:00Z"))),
            "2027-01-05T22:00:00.000Z"
        );
        assert_eq!(
            shown(period_end(Schedule::Weekly, c, monday_noon)),
            "2027-01-10T22:00:00.000Z"
        );
        assert_eq!(period_end(Schedule::Manual, c, monday_noon), None);
        assert_eq!(
            shown(Some(period_start(
                Schedule::Weekly,
                at("2027-01-10T22:00:00Z")
            ))),
            "2027-01-03T22:00:00.000Z"
        );
    }

    #[test]
    fn due_times_follow_the_schedule_and_skip_weekends() {
        let monday = at("2027-01-04T22:00:00Z");
        let friday = at("2027-01-08T22:00:00Z");
        let saturday = at("2027-01-09T22:00:00Z");
        assert_eq!(due_at(Schedule::T0, monday), Some(monday));
        let sunday = at("2027-01-10T22:00:00Z");
        // (schedule, the period's end, when it is due)
        let cases = [
            (Schedule::T1, monday, "2027-01-05T09:00:00.000Z"),
            (Schedule::T2, monday, "2027-01-06T09:00:00.000Z"),
            (Schedule::T1, friday, "2027-01-11T09:00:00.000Z"),
            (Schedule::T2, friday, "2027-01-12T09:00:00.000Z"),
            (Schedule::T1, saturday, "2027-01-11T09:00:00.000Z"),
            (Schedule::Weekly, sunday, "2027-01-11T09:00:00.000Z"),
        ];
        for (schedule, end, due) in cases {
            assert_eq!(shown(due_at(schedule, end)), due, "{schedule:?}");
        }
        assert_eq!(due_at(Schedule::Manual, monday), None);
    }
}
