//! The daily reconciliation of each configured live rail (`docs/rails.md`).
//!
//! A durable timer per organisation and provider fires `lag` after each
//! period ends (by default each UTC day, an hour after midnight: providers'
//! reports lag behind). It writes a run and a `reconcile` row of the rail
//! outbox in one commit, and schedules the next period's timer; the rail
//! outbox dispatcher takes the row, fetches the provider's view of the
//! period off the writer, and records the comparison through the writer
//! ([`record`]), which emits `reconciliation.mismatch` on any difference.
//!
//! The provider's view: Flutterwave's transaction report (`GET
//! /v3/transactions`, its collections of those days, amounts included);
//! MTN MoMo and Airtel Money offer no report in their public APIs, so the
//! period's rail requests are each asked about by status inquiry, which
//! compares outcomes (not amounts). Nothing is changed by a run.

use serde::{Deserialize, Serialize};

use super::reconcile::{self, Line, Scope};
use super::requests::RailRequest;
use super::{RailConfig, find};
use crate::domain::Settings;
use crate::error::ApiError;
use crate::mode::Mode;
use crate::rails::live::Provider;
use crate::scheduler::{self, TimerKind};
use crate::store::{Read, Snapshot, Tx, keys};

/// Rail requests one run asks about by inquiry at most (MTN, Airtel).
pub const INQUIRIES_PER_RUN_MAX: usize = 500;
/// A run whose provider cannot be reached is tried this many times.
pub const RUN_ATTEMPTS_MAX: u32 = 3;
/// Configurations armed at start at most.
const CONFIGS_MAX: usize = 10_000;
/// Outbox kind of a run's row.
pub const OUTBOX_KIND: &str = "reconcile";

/// The object key of the marker that says which period an organisation's
/// provider is armed for (one timer per rail, however often it is configured).
fn marker(mode: Mode, owner: &str, provider: Provider) -> String {
    format!(
        "rail_reconcile_next|{}|{owner}|{}",
        mode.as_str(),
        provider.as_str()
    )
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Armed {
    period_end_ms: i64,
    period_ms: i64,
}

/// One daily run.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Run {
    /// `rrc_...`.
    pub id: String,
    pub mode: Mode,
    pub owner: String,
    pub provider: Provider,
    pub period_start_ms: i64,
    pub period_end_ms: i64,
    /// `queued`, `done`, `failed`.
    pub status: String,
    pub attempts: u32,
    pub error: Option<String>,
    pub missing_count: usize,
    pub extra_count: usize,
    pub mismatched_count: usize,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

/// The end of the period that holds `now_ms` (periods are aligned to the
/// epoch, so a day's period ends at midnight UTC).
pub fn period_end(now_ms: i64, period_ms: i64) -> i64 {
    let period_ms = period_ms.max(1);
    (now_ms.div_euclid(period_ms) + 1) * period_ms
}

/// Arms the daily run of `provider` for `owner`, unless it is armed with
/// the same period already.
pub fn arm(
    tx: &mut Tx<'_>,
    settings: &Settings,
    mode: Mode,
    owner: &str,
    provider: Provider,
) -> Result<(), ApiError> {
    let period_ms = settings.rail_reconcile_period_ms;
    let key = marker(mode, owner, provider);
    if let Some(armed) = tx.object::<Armed>(&key)?
        && armed.period_ms == period_ms
    {
        return Ok(());
    }
    let end = period_end(tx.wall_ms(), period_ms);
    schedule(tx, settings, mode, owner, provider, end)
}

fn schedule(
    tx: &mut Tx<'_>,
    settings: &Settings,
    mode: Mode,
    owner: &str,
    provider: Provider,
    period_end_ms: i64,
) -> Result<(), ApiError> {
    let period_ms = settings.rail_reconcile_period_ms;
    tx.put_object(
        marker(mode, owner, provider),
        &Armed {
            period_end_ms,
            period_ms,
        },
    )?;
    scheduler::schedule_real_time(
        tx,
        period_end_ms + settings.rail_reconcile_lag_ms,
        TimerKind::RailReconcile {
            mode,
            owner: owner.to_string(),
            provider: provider.as_str().to_string(),
            period_end_ms,
        },
    )?;
    Ok(())
}

/// Arms every configured live rail (at start: a rail configured offline, or
/// before this job existed, gets its timer).
pub fn arm_all(tx: &mut Tx<'_>, settings: &Settings) -> Result<usize, ApiError> {
    let prefix = format!("rail_config|{}|", Mode::Live.as_str());
    let rows = tx.scan_objects(&prefix, CONFIGS_MAX)?;
    let mut armed = 0;
    for (_, value) in rows {
        let config: RailConfig = crate::store::decode(&value)?;
        arm(tx, settings, config.mode, &config.owner, config.provider)?;
        armed += 1;
    }
    Ok(armed)
}

/// The timer of the period ending at `period_end_ms`: queues its run and
/// arms the next period. A rail no longer configured stops here.
pub fn on_timer(
    tx: &mut Tx<'_>,
    settings: &Settings,
    mode: Mode,
    owner: &str,
    provider: &str,
    period_end_ms: i64,
) -> Result<(), ApiError> {
    let Some(provider) = Provider::parse(provider) else {
        return Ok(());
    };
    let key = marker(mode, owner, provider);
    let armed = tx.object::<Armed>(&key)?;
    // A timer of an earlier arming (the period changed) is stale.
    if armed.as_ref().map(|a| a.period_end_ms) != Some(period_end_ms) {
        return Ok(());
    }
    if find(tx, mode, owner, provider)?.is_none() {
        tx.delete_object(key);
        return Ok(());
    }
    let now = tx.now_ms();
    let period_ms = armed.map_or(settings.rail_reconcile_period_ms, |a| a.period_ms);
    let run = Run {
        id: crate::ids::new_id("rrc"),
        mode,
        owner: owner.to_string(),
        provider,
        period_start_ms: period_end_ms - period_ms,
        period_end_ms,
        status: "queued".into(),
        attempts: 0,
        error: None,
        missing_count: 0,
        extra_count: 0,
        mismatched_count: 0,
        created_at_ms: now,
        updated_at_ms: now,
    };
    tx.put_object(run.id.clone(), &run)?;
    tx.put_index(keys::rail_outbox(now, &run.id, OUTBOX_KIND), Vec::new());
    let next = period_end(period_end_ms, settings.rail_reconcile_period_ms);
    schedule(tx, settings, mode, owner, provider, next)
}

/// What the dispatcher needs to fetch a run's view of the provider.
pub struct TakenRun {
    pub run: Run,
    pub config: RailConfig,
}

/// Takes a run's outbox row in the writer (deleted; one more attempt).
/// `None`: taken already, or nothing to run.
pub fn take(tx: &mut Tx<'_>, row_key: &str, id: &str) -> Result<Option<TakenRun>, ApiError> {
    if tx.index(row_key)?.is_none() {
        return Ok(None);
    }
    tx.delete_index(row_key.to_string());
    let Some(mut run) = tx.object::<Run>(id)? else {
        return Ok(None);
    };
    let Some(config) = find(tx, run.mode, &run.owner, run.provider)? else {
        return Ok(None);
    };
    run.attempts += 1;
    run.updated_at_ms = tx.now_ms();
    tx.put_object(run.id.clone(), &run)?;
    Ok(Some(TakenRun { run, config }))
}

/// The rail requests created in a run's period, read from a snapshot off
/// the writer (to ask about, without a report), at most [`INQUIRIES_PER_RUN_MAX`].
pub fn period_requests(snapshot: &Snapshot, run: &Run) -> Result<Vec<RailRequest>, ApiError> {
    let scope = Scope::period(run.period_start_ms, run.period_end_ms);
    let prefix = keys::rail_requests(run.mode, &run.owner, run.provider.as_str());
    let rows = snapshot.scan_index(&prefix, None, reconcile::REQUESTS_MAX)?;
    let mut requests = Vec::new();
    for (key, _) in rows {
        let id = crate::store::keys::id_of(&key);
        if let Some(request) = snapshot.object::<RailRequest>(id)?
            && scope.holds(&request)
        {
            requests.push(request);
            if requests.len() >= INQUIRIES_PER_RUN_MAX {
                break;
            }
        }
    }
    Ok(requests)
}

/// Records what the provider said about a run's period: compares it with
/// the ledger (emitting `reconciliation.mismatch` on a difference), or,
/// when the provider could not be reached, tries again `retry_ms` later
/// until [`RUN_ATTEMPTS_MAX`].
pub fn record(
    tx: &mut Tx<'_>,
    id: &str,
    fetched: Result<(Vec<Line>, bool), String>,
    retry_ms: i64,
) -> Result<(), ApiError> {
    let Some(mut run) = tx.object::<Run>(id)? else {
        return Ok(());
    };
    let now = tx.now_ms();
    run.updated_at_ms = now;
    match fetched {
        Ok((lines, collections_only)) => {
            let mut scope = Scope::period(run.period_start_ms, run.period_end_ms);
            scope.collections_only = collections_only;
            let report =
                reconcile::run_scoped(tx, run.mode, &run.owner, run.provider, &lines, &scope)?;
            run.status = "done".into();
            run.missing_count = report.missing_count;
            run.extra_count = report.extra_count;
            run.mismatched_count = report.mismatched_count;
            run.error = None;
        }
        Err(error) => {
            run.error = Some(error);
            if run.attempts < RUN_ATTEMPTS_MAX {
                tx.put_index(
                    keys::rail_outbox(now + retry_ms.max(1), &run.id, OUTBOX_KIND),
                    Vec::new(),
                );
            } else {
                run.status = "failed".into();
            }
        }
    }
    tx.put_object(run.id.clone(), &run)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_daily_period_ends_at_midnight_utc() {
        let day = 86_400_000;
        // 2026-11-23T14:05:00Z → 2026-11-24T00:00:00Z.
        let now = 1_795_443_900_000;
        let end = period_end(now, day);
        assert_eq!(end % day, 0);
        assert!(end > now && end - now <= day);
        // The end of a period belongs to the next one.
        assert_eq!(period_end(end, day), end + day);
    }
}
