//! What the gateway has seen of each rail: rolling counters of decided
//! attempts (succeeded, failed, unknown) and their latency over the last
//! 24 hours, and the circuit breaker (origin behaviour section 19: open after
//! 5 faults in a row, half-open 120 s after the last one).
//!
//! One small record per (mode, catalogue entry) at `rail_stats|<mode>|<id>`
//! in `objects`, updated by the writer where an attempt's outcome is recorded
//! and read by every ranking. It is bounded: one bucket per hour, 24 of them;
//! an older bucket is dropped when the record is next written and ignored
//! when read. Buckets and the circuit run on real time (`Tx::wall_ms`), not
//! on a sandbox's test clock: a rail's outage happens in real time, and the
//! counters are shared by every organisation of the mode.

use serde::{Deserialize, Serialize};

use crate::mode::Mode;
use crate::rails::{Collection, FailureReason};
use crate::store::{Read, StoreError, Tx, keys};

/// The width of one bucket.
pub const BUCKET_MS: i64 = 3_600_000;
/// Buckets kept: the current hour and the 23 before it (the "24 h").
pub const BUCKETS_MAX: usize = 24;
/// Faults in a row that open the circuit.
pub const FAULTS_TO_OPEN: u32 = 5;
/// How long an open circuit stays open after its last fault.
pub const HALF_OPEN_AFTER_MS: i64 = 120_000;
/// One attempt's latency counts at most this much: an attempt decided after
/// a test clock jumped a year must not drown a day of real measurements
/// (anything past 15 s already scores 0).
pub const LATENCY_SAMPLE_MS_MAX: i64 = 3_600_000;

/// A decided attempt, as the counters see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Succeeded,
    /// `fault`: the rail itself failed (provider unavailable). A payer who
    /// declines or a number that is no wallet is an answer, not a fault.
    Failed {
        fault: bool,
    },
    /// The rail could not say what happened: counted, and a fault.
    Unknown,
}

impl Outcome {
    /// The outcome a rail's answer decides; a pending answer decides nothing.
    pub fn of(collection: &Collection) -> Option<Outcome> {
        match collection {
            Collection::Succeeded => Some(Outcome::Succeeded),
            Collection::Failed(reason) => Some(Outcome::Failed {
                fault: *reason == FailureReason::ProviderUnavailable,
            }),
            Collection::Unknown => Some(Outcome::Unknown),
            Collection::Pending { .. } => None,
        }
    }

    fn is_fault(self) -> bool {
        matches!(self, Outcome::Unknown | Outcome::Failed { fault: true })
    }
}

/// The counters of the window, summed: the score's inputs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Measured {
    pub succeeded: u64,
    pub failed: u64,
    pub unknown: u64,
    pub latency_ms_total: i64,
    pub latency_samples: u64,
}

impl Measured {
    pub fn decided(&self) -> u64 {
        self.succeeded + self.failed + self.unknown
    }
}

/// The circuit breaker's state, derived from the faults in a row and the
/// time since the last one (never stored, so it cannot disagree with them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Circuit {
    Closed,
    /// Open long enough: the next attempt is the probe.
    HalfOpen,
    /// The rail is unusable until [`HALF_OPEN_AFTER_MS`] after its last fault.
    Open,
}

/// The circuit after `faults_in_a_row` faults, the last `since_last_fault_ms` ago.
pub fn circuit(faults_in_a_row: u32, since_last_fault_ms: i64) -> Circuit {
    if faults_in_a_row < FAULTS_TO_OPEN {
        Circuit::Closed
    } else if since_last_fault_ms < HALF_OPEN_AFTER_MS {
        Circuit::Open
    } else {
        Circuit::HalfOpen
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Bucket {
    /// Hours since the epoch.
    hour: i64,
    #[serde(default)]
    succeeded: u32,
    #[serde(default)]
    failed: u32,
    #[serde(default)]
    unknown: u32,
    #[serde(default)]
    latency_ms_total: i64,
    #[serde(default)]
    latency_samples: u32,
}

/// One rail's stored counters.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RailStats {
    /// Oldest first, at most [`BUCKETS_MAX`], one per hour.
    #[serde(default)]
    buckets: Vec<Bucket>,
    /// Faults since the last attempt that was not one.
    #[serde(default)]
    faults_in_a_row: u32,
    #[serde(default)]
    last_fault_ms: i64,
}

/// A bucket of `hour` is in the window that ends in `now_hour`.
fn in_window(hour: i64, now_hour: i64) -> bool {
    hour <= now_hour && hour > now_hour - BUCKETS_MAX as i64
}

impl RailStats {
    /// Counts `outcome`, decided `latency_ms` after its attempt started, at `now_ms`.
    pub fn record(&mut self, outcome: Outcome, latency_ms: i64, now_ms: i64) {
        let now_hour = now_ms.div_euclid(BUCKET_MS);
        self.buckets.retain(|b| in_window(b.hour, now_hour));
        if self.buckets.last().is_none_or(|b| b.hour != now_hour) {
            self.buckets.push(Bucket {
                hour: now_hour,
                ..Bucket::default()
            });
        }
        debug_assert!(self.buckets.len() <= BUCKETS_MAX, "{:?}", self.buckets);
        let Some(bucket) = self.buckets.last_mut() else {
            return;
        };
        let count = match outcome {
            Outcome::Succeeded => &mut bucket.succeeded,
            Outcome::Failed { .. } => &mut bucket.failed,
            Outcome::Unknown => &mut bucket.unknown,
        };
        *count = count.saturating_add(1);
        bucket.latency_ms_total = bucket
            .latency_ms_total
            .saturating_add(latency_ms.clamp(0, LATENCY_SAMPLE_MS_MAX));
        bucket.latency_samples = bucket.latency_samples.saturating_add(1);
        if outcome.is_fault() {
            self.faults_in_a_row = self.faults_in_a_row.saturating_add(1);
            self.last_fault_ms = now_ms;
        } else {
            self.faults_in_a_row = 0;
        }
    }

    /// The counters of the 24 h window that ends at `now_ms`.
    pub fn measured(&self, now_ms: i64) -> Measured {
        let now_hour = now_ms.div_euclid(BUCKET_MS);
        self.buckets
            .iter()
            .filter(|b| in_window(b.hour, now_hour))
            .fold(Measured::default(), |m, b| Measured {
                succeeded: m.succeeded + u64::from(b.succeeded),
                failed: m.failed + u64::from(b.failed),
                unknown: m.unknown + u64::from(b.unknown),
                latency_ms_total: m.latency_ms_total.saturating_add(b.latency_ms_total),
                latency_samples: m.latency_samples + u64::from(b.latency_samples),
            })
    }

    pub fn circuit(&self, now_ms: i64) -> Circuit {
        circuit(self.faults_in_a_row, now_ms - self.last_fault_ms)
    }
}

/// The counters of catalogue entry `rail_id` in `mode` (empty when none were kept).
pub fn load(read: &impl Read, mode: Mode, rail_id: &str) -> Result<RailStats, StoreError> {
    Ok(read
        .object(&keys::rail_stats(mode, rail_id))?
        .unwrap_or_default())
}

/// Counts `outcome` for `rail_id` in `mode`, at the batch's real time.
pub fn record(
    tx: &mut Tx<'_>,
    mode: Mode,
    rail_id: &str,
    outcome: Outcome,
    latency_ms: i64,
) -> Result<(), StoreError> {
    let mut stats = load(tx, mode, rail_id)?;
    stats.record(outcome, latency_ms, tx.wall_ms());
    tx.put_object(keys::rail_stats(mode, rail_id), &stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FAULT: Outcome = Outcome::Failed { fault: true };
    const DECLINED: Outcome = Outcome::Failed { fault: false };

    #[test]
    fn the_circuit_opens_after_five_faults_in_a_row_and_half_opens_after_120_s() {
        // (faults in a row, ms since the last fault) → circuit
        let cases = [
            (0, 0, Circuit::Closed),
            (4, 0, Circuit::Closed),
            (4, 1_000_000, Circuit::Closed),
            (5, 0, Circuit::Open),
            (5, 119_999, Circuit::Open),
            (5, 120_000, Circuit::HalfOpen),
            (9, 30_000, Circuit::Open),
            (9, 600_000, Circuit::HalfOpen),
        ];
        for (faults, since, expected) in cases {
            assert_eq!(circuit(faults, since), expected, "{faults} {since}");
        }
    }

    #[test]
    fn a_decided_answer_resets_the_faults_and_a_fault_in_half_open_reopens() {
        let mut stats = RailStats::default();
        let t = 10 * BUCKET_MS;
        for i in 0..4 {
            stats.record(FAULT, 0, t + i);
        }
        stats.record(DECLINED, 0, t + 4);
        assert_eq!(
            stats.circuit(t + 5),
            Circuit::Closed,
            "a decline is an answer"
        );
        for i in 0..5 {
            stats.record(Outcome::Unknown, 0, t + 10 + i);
        }
        assert_eq!(stats.circuit(t + 20), Circuit::Open);
        let half_open = t + 14 + HALF_OPEN_AFTER_MS;
        assert_eq!(stats.circuit(half_open), Circuit::HalfOpen);
        stats.record(FAULT, 0, half_open);
        assert_eq!(
            stats.circuit(half_open + 1),
            Circuit::Open,
            "the probe failed"
        );
        stats.record(Outcome::Succeeded, 0, half_open + HALF_OPEN_AFTER_MS);
        assert_eq!(
            stats.circuit(half_open + HALF_OPEN_AFTER_MS),
            Circuit::Closed
        );
    }

    #[test]
    fn counters_cover_24_hourly_buckets_and_drop_older_ones() {
        let mut stats = RailStats::default();
        for hour in 0..30 {
            stats.record(Outcome::Succeeded, 1_000, hour * BUCKET_MS + 5);
            stats.record(DECLINED, 3_000, hour * BUCKET_MS + 6);
        }
        assert_eq!(stats.buckets.len(), BUCKETS_MAX);
        let now = 29 * BUCKET_MS + 10;
        let m = stats.measured(now);
        assert_eq!((m.succeeded, m.failed, m.unknown), (24, 24, 0));
        assert_eq!((m.latency_ms_total, m.latency_samples), (24 * 4_000, 48));
        // An hour later the oldest bucket has left the window, unwritten.
        assert_eq!(stats.measured(now + BUCKET_MS).succeeded, 23);
        assert_eq!(stats.measured(now + 24 * BUCKET_MS), Measured::default());
    }

    #[test]
    fn a_latency_sample_is_capped() {
        let mut stats = RailStats::default();
        stats.record(Outcome::Succeeded, 400 * 86_400_000, 0);
        stats.record(Outcome::Succeeded, -5, 0);
        assert_eq!(stats.measured(0).latency_ms_total, LATENCY_SAMPLE_MS_MAX);
    }

    #[test]
    fn the_outcomes_of_a_rails_answers() {
        use crate::rails::FailureReason::*;
        assert_eq!(
            Outcome::of(&Collection::Succeeded),
            Some(Outcome::Succeeded)
        );
        assert_eq!(
            Outcome::of(&Collection::Failed(ProviderUnavailable)),
            Some(FAULT)
        );
        assert_eq!(Outcome::of(&Collection::Failed(Declined)), Some(DECLINED));
        assert_eq!(
            Outcome::of(&Collection::Failed(InvalidMsisdn)),
            Some(DECLINED)
        );
        assert_eq!(Outcome::of(&Collection::Unknown), Some(Outcome::Unknown));
        assert_eq!(Outcome::of(&Collection::Pending { poll_after_ms: 1 }), None);
    }
}
