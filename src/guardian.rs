//! Guardian mode: when the ledger invariant is found broken at runtime, money
//! movement halts (503 `guardian_halt` on every operation that moves money)
//! until an operator clears it; reads keep working.
//!
//! The auditor re-runs the full ledger check at start and then periodically on
//! a read snapshot (off the writer thread). A halt is persisted, so a restart
//! does not clear it: `paygate guardian clear` re-verifies and clears.

use std::sync::{Arc, RwLock};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::error::{ApiError, Code};
use crate::ledger;
use crate::store::{Meta, Read, Snapshot, Store, StoreError, Writer};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Halt {
    pub reason: String,
    pub since_ms: i64,
}

#[derive(Default)]
pub struct Guardian {
    halt: RwLock<Option<Halt>>,
}

pub type SharedGuardian = Arc<Guardian>;

impl Guardian {
    pub fn load(snapshot: &Snapshot) -> Result<Guardian, StoreError> {
        Ok(Guardian {
            halt: RwLock::new(snapshot.meta(Meta::Guardian)?),
        })
    }

    pub fn halt(&self) -> Option<Halt> {
        self.halt.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// `Err(guardian_halt)` while halted.
    pub fn check_money_may_move(&self) -> Result<(), ApiError> {
        match self.halt() {
            None => Ok(()),
            Some(h) => Err(ApiError::new(
                Code::GuardianHalt,
                format!(
                    "money movement is halted since {}: {}; reads keep working. An operator clears it with `paygate guardian clear` once `paygate verify` passes",
                    crate::clock::rfc3339(h.since_ms),
                    h.reason
                ),
            )),
        }
    }

    /// Engages the halt and persists it through the writer.
    pub async fn engage(&self, writer: &Writer, reason: String, now_ms: i64) {
        tracing::error!(%reason, "guardian: halting money movement");
        let halt = Halt {
            reason,
            since_ms: now_ms,
        };
        *self.halt.write().unwrap_or_else(|e| e.into_inner()) = Some(halt.clone());
        let persisted = writer
            .run(move |tx| Ok(tx.put_meta(Meta::Guardian, &halt)?))
            .await;
        if let Err(e) = persisted {
            tracing::error!(error = %e, "guardian: could not persist the halt");
        }
    }
}

/// Whether a halt is recorded, read inside a command: money the gateway
/// moves on its own (the chunks of an approved payout batch) waits while it is.
pub fn halted(read: &impl crate::store::Read) -> Result<bool, StoreError> {
    read.has_meta(Meta::Guardian)
}

/// Runs the ledger check once; on failure engages the guardian.
pub async fn audit_once(store: &Store, writer: &Writer, guardian: &Guardian, now_ms: i64) -> bool {
    let store = store.clone();
    let report = tokio::task::spawn_blocking(move || {
        let snapshot = store.snapshot()?;
        ledger::verify(&snapshot)
    })
    .await;
    match report {
        Ok(Ok(report)) if report.ok() => true,
        Ok(Ok(report)) => {
            let reason = format!(
                "ledger invariant broken: {} unbalanced postings, {} balance mismatches ({})",
                report.unbalanced_postings,
                report.balance_mismatches,
                report.problems.first().cloned().unwrap_or_default()
            );
            guardian.engage(writer, reason, now_ms).await;
            false
        }
        Ok(Err(e)) => {
            tracing::error!(error = %e, "guardian: audit could not read the store");
            false
        }
        Err(e) => {
            tracing::error!(error = %e, "guardian: audit task failed");
            false
        }
    }
}

/// Audits at start, then every `interval`, until the process ends.
pub fn spawn_auditor(
    store: Store,
    writer: Writer,
    guardian: SharedGuardian,
    clock: crate::clock::SharedClock,
    interval: Duration,
) {
    tokio::spawn(async move {
        loop {
            if guardian.halt().is_none() {
                audit_once(&store, &writer, &guardian, clock.now_ms()).await;
            }
            tokio::time::sleep(interval).await;
        }
    });
}

/// How often a node of a shared store reads the halt other nodes recorded.
const HALT_FOLLOW_INTERVAL: Duration = Duration::from_secs(1);

/// On a store other gateway nodes share (PostgreSQL): adopts a halt another
/// node recorded, so that money stops on every node within
/// [`HALT_FOLLOW_INTERVAL`] of the first node's finding rather than at each
/// node's next audit (decision 261). It never lifts a halt: as on one node,
/// `paygate guardian clear` and a restart of each node do.
pub fn spawn_halt_follower(store: Store, guardian: SharedGuardian) {
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(HALT_FOLLOW_INTERVAL).await;
            if guardian.halt().is_some() {
                continue;
            }
            let recorded = store
                .snapshot()
                .and_then(|s| s.meta::<Halt>(Meta::Guardian));
            match recorded {
                Ok(Some(halt)) => {
                    tracing::error!(reason = %halt.reason, "guardian: another node halted money movement");
                    *guardian.halt.write().unwrap_or_else(|e| e.into_inner()) = Some(halt);
                }
                Ok(None) => {}
                Err(error) => tracing::warn!(%error, "guardian: cannot read the recorded halt"),
            }
        }
    });
}

/// Clears a persisted halt (offline, server stopped) when the ledger verifies.
pub fn clear_offline(store: &Store) -> Result<ledger::VerifyReport, ApiError> {
    let report = ledger::verify(&store.snapshot()?)?;
    if report.ok() {
        store.write_now(0, |tx| {
            tx.delete_meta(Meta::Guardian);
            Ok(())
        })?;
    }
    Ok(report)
}
