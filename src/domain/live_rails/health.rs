//! A live provider's health: its circuit breaker and counters, one record
//! per mode and provider (a provider that is down is down for every
//! organisation), updated by the writer with every answer the dispatcher
//! records.
//!
//! The circuit opens after [`FAULTS_TO_OPEN`] faults in a row (no answer,
//! connection refused, a reply that cannot be read; a refusal the provider
//! gives is an answer, not a fault) and stays open for the dispatcher's
//! cooldown (`serve --rail-circuit-cooldown-ms`). Open, the provider is
//! skipped by routing (`rail_unavailable`), by the ranking, and by the
//! dispatcher (a queued request fails as `provider_unavailable` without
//! being sent); `GET /status` lists it in `degraded_flags`. After the
//! cooldown it is half-open: the next request is sent as a probe, and its
//! answer closes the circuit, or its fault opens it again.

use serde::{Deserialize, Serialize};

use crate::mode::Mode;
use crate::rails::live::Provider;
use crate::store::{Read, StoreError, Tx, keys};

/// Faults in a row that open the circuit.
pub const FAULTS_TO_OPEN: u32 = 3;
/// The error rate is counted over windows of this length.
const WINDOW_MS: i64 = 60 * 60 * 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Circuit {
    Closed,
    Open,
    HalfOpen,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Health {
    pub faults_in_a_row: u32,
    pub last_fault_ms: Option<i64>,
    pub last_success_ms: Option<i64>,
    /// Until when the circuit stays open after the last fault.
    pub open_until_ms: i64,
    /// The current window's start and counts (the error rate).
    pub window_start_ms: i64,
    pub window_calls: u32,
    pub window_faults: u32,
}

impl Health {
    pub fn circuit(&self, now_ms: i64) -> Circuit {
        if self.faults_in_a_row < FAULTS_TO_OPEN {
            Circuit::Closed
        } else if now_ms < self.open_until_ms {
            Circuit::Open
        } else {
            Circuit::HalfOpen
        }
    }

    /// Faults per call in the current window, 0..1 (0 without calls).
    pub fn error_rate(&self) -> f64 {
        if self.window_calls == 0 {
            return 0.0;
        }
        f64::from(self.window_faults) / f64::from(self.window_calls)
    }

    /// Counts one call's result at `now_ms`.
    pub fn count(&mut self, fault: bool, now_ms: i64, cooldown_ms: i64) {
        if now_ms - self.window_start_ms >= WINDOW_MS {
            self.window_start_ms = now_ms;
            self.window_calls = 0;
            self.window_faults = 0;
        }
        self.window_calls = self.window_calls.saturating_add(1);
        if fault {
            self.window_faults = self.window_faults.saturating_add(1);
            self.faults_in_a_row = self.faults_in_a_row.saturating_add(1);
            self.last_fault_ms = Some(now_ms);
            self.open_until_ms = now_ms.saturating_add(cooldown_ms);
        } else {
            self.faults_in_a_row = 0;
            self.last_success_ms = Some(now_ms);
        }
    }
}

pub fn load(read: &impl Read, mode: Mode, provider: Provider) -> Result<Health, StoreError> {
    Ok(read
        .object(&keys::rail_health(mode, provider.as_str()))?
        .unwrap_or_default())
}

/// Counts one call of `provider` in the writer.
pub fn record(
    tx: &mut Tx<'_>,
    mode: Mode,
    provider: Provider,
    fault: bool,
    cooldown_ms: i64,
) -> Result<(), StoreError> {
    let mut health = load(tx, mode, provider)?;
    health.count(fault, tx.wall_ms(), cooldown_ms);
    tx.put_object(keys::rail_health(mode, provider.as_str()), &health)
}

/// The live providers whose circuit is open now (`GET /status` `degraded_flags`).
pub fn open_circuits(read: &impl Read, now_ms: i64) -> Result<Vec<Provider>, StoreError> {
    let mut open = Vec::new();
    for provider in Provider::ALL {
        if load(read, Mode::Live, provider)?.circuit(now_ms) == Circuit::Open {
            open.push(provider);
        }
    }
    Ok(open)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_circuit_opens_after_faults_in_a_row_and_half_opens_after_the_cooldown() {
        let mut h = Health::default();
        for i in 0..FAULTS_TO_OPEN {
            assert_eq!(h.circuit(1_000), Circuit::Closed, "after {i} faults");
            h.count(true, 1_000, 500);
        }
        assert_eq!(h.circuit(1_499), Circuit::Open);
        assert_eq!(h.circuit(1_500), Circuit::HalfOpen);
        // The probe fails: open again for a cooldown.
        h.count(true, 1_600, 500);
        assert_eq!(h.circuit(1_700), Circuit::Open);
        // The probe is answered: closed.
        h.count(false, 2_200, 500);
        assert_eq!(h.circuit(2_200), Circuit::Closed);
        assert_eq!(h.last_success_ms, Some(2_200));
        assert!((h.error_rate() - 4.0 / 5.0).abs() < 1e-9);
    }

    #[test]
    fn an_answer_between_faults_keeps_the_circuit_closed() {
        let mut h = Health::default();
        for _ in 0..10 {
            h.count(true, 0, 500);
            h.count(false, 0, 500);
        }
        assert_eq!(h.circuit(0), Circuit::Closed);
    }
}
