//! Time. Everything that reads the time takes a [`Clock`], so tests and the
//! sandbox can control it. Times are unix milliseconds inside, RFC 3339 UTC outside.

use std::sync::Arc;
#[cfg(test)]
use std::sync::atomic::{AtomicI64, Ordering};

pub trait Clock: Send + Sync {
    fn now_ms(&self) -> i64;
}

pub type SharedClock = Arc<dyn Clock>;

pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        i64::try_from(now.as_millis()).unwrap_or(i64::MAX)
    }
}

/// A clock that only moves when told to, for tests.
#[cfg(test)]
pub struct ManualClock(AtomicI64);

#[cfg(test)]
impl ManualClock {
    pub fn new(now_ms: i64) -> ManualClock {
        ManualClock(AtomicI64::new(now_ms))
    }
    pub fn advance_ms(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

#[cfg(test)]
impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// `2026-09-01T12:00:00.123Z`.
///
/// Every rendered object carries several of these, so the digits are written
/// directly (a twentieth of the cost of a format description); years outside
/// 0–9999, which no real timestamp reaches, take the general formatter.
pub fn rfc3339(ms: i64) -> String {
    let nanos = i128::from(ms) * 1_000_000;
    let Ok(t) = time::OffsetDateTime::from_unix_timestamp_nanos(nanos) else {
        return String::new();
    };
    let Ok(year) = u32::try_from(t.year()) else {
        return rfc3339_general(t);
    };
    if year > 9999 {
        return rfc3339_general(t);
    }
    let mut out = String::with_capacity(24);
    let mut digits = |value: u32, width: u32, after: char| {
        for place in (0..width).rev() {
            let digit = value / 10u32.pow(place) % 10;
            out.push(char::from_digit(digit, 10).unwrap_or('0'));
        }
        out.push(after);
    };
    digits(year, 4, '-');
    digits(u32::from(u8::from(t.month())), 2, '-');
    digits(u32::from(t.day()), 2, 'T');
    digits(u32::from(t.hour()), 2, ':');
    digits(u32::from(t.minute()), 2, ':');
    digits(u32::from(t.second()), 2, '.');
    digits(u32::from(t.millisecond()), 3, 'Z');
    out
}

fn rfc3339_general(t: time::OffsetDateTime) -> String {
    let format = time::macros::format_description!(
        "[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:3]Z"
    );
    t.format(&format).unwrap_or_default()
}

/// A request parameter in RFC 3339 (`2026-09-01T12:00:00Z`), as unix
/// milliseconds; `param` names it in the error.
pub fn parse_param(
    param: &str,
    value: Option<&str>,
) -> Result<Option<i64>, crate::error::ApiError> {
    let Some(value) = value else { return Ok(None) };
    let parsed = time::OffsetDateTime::parse(value, &time::format_description::well_known::Rfc3339)
        .map_err(|_| {
            crate::error::ApiError::field(
                param,
                format!(
                    "{param} must be an RFC 3339 time such as 2026-09-01T12:00:00Z (got {value:?})"
                ),
            )
        })?;
    Ok(Some(
        i64::try_from(parsed.unix_timestamp_nanos() / 1_000_000).unwrap_or(i64::MAX),
    ))
}

#[cfg(test)]
mod tests {
    #[test]
    fn rfc3339_writes_what_the_general_formatter_writes() {
        let mut ms: i64 = -62_167_219_200_000; // 0000-01-01
        let mut step: i64 = 1;
        while ms < 253_402_300_800_000 {
            // 9999-12-31 and one past
            let t = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
                .expect("in range");
            assert_eq!(super::rfc3339(ms), super::rfc3339_general(t), "{ms}");
            ms += step;
            step = step * 3 + 7;
            if step > 40_000_000_000 {
                step = 999;
            }
        }
        for ms in [253_402_300_800_000, -62_167_219_200_001, i64::MIN, i64::MAX] {
            let general =
                time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
                    .map(super::rfc3339_general)
                    .unwrap_or_default();
            assert_eq!(super::rfc3339(ms), general, "{ms}");
        }
    }

    #[test]
    fn rfc3339_is_utc_with_millis() {
        assert_eq!(super::rfc3339(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(
            super::rfc3339(1_788_264_000_123),
            "2026-09-01T12:00:00.123Z"
        );
    }
}
