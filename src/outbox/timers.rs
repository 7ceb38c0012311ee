//! The scheduler task: wakes at the earliest due timer (or on every commit,
//! when a sooner timer may have been added) and fires each due timer in its
//! own writer command, through the domain's `on_timer`. It sits above the
//! domain; the timers and their store are `crate::scheduler`.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;

use crate::clock::SharedClock;
use crate::domain::{self, Settings};
use crate::error::ApiError;
use crate::scheduler::{Timer, schedule};
use crate::store::{Queue, Read, Store, StoreError, Writer};

/// Timers fired per wake-up at most.
const FIRE_BATCH_MAX: usize = 512;
/// A timer whose handler failed is retried this much later.
const RETRY_DELAY_MS: i64 = 30_000;
/// An advance that cannot even postpone a failed timer pauses this long.
const RETRY_PAUSE: Duration = Duration::from_secs(1);
/// The scheduler looks at the table at least this often.
const IDLE_WAKE: Duration = Duration::from_secs(1);

/// Drives the advance of the test clock `clock` to its end: one writer
/// command per timer, in due order (`domain::test_clocks::step`). A timer
/// whose handler fails moves 30 s later on the clock, as real timers do.
pub async fn advance(writer: Writer, settings: Arc<Settings>, clock: String) {
    loop {
        let (id, step_settings) = (clock.clone(), settings.clone());
        match writer
            .run(move |tx| domain::test_clocks::step(tx, &step_settings, &id))
            .await
        {
            Ok(true) => {}
            Ok(false) => return,
            Err(error) => {
                tracing::warn!(%clock, %error, "test clock: a timer failed; retrying it later");
                let id = clock.clone();
                if let Err(error) = writer
                    .run(move |tx| domain::test_clocks::postpone_failed(tx, &id))
                    .await
                {
                    tracing::error!(%clock, %error, "test clock: cannot postpone a failed timer");
                    tokio::time::sleep(RETRY_PAUSE).await;
                }
            }
        }
    }
}

/// Resumes the advances a restart interrupted.
pub fn resume_advances(store: &Store, writer: &Writer, settings: &Arc<Settings>) {
    let clocks = store
        .snapshot()
        .map_err(ApiError::from)
        .and_then(|snapshot| domain::test_clocks::advancing(&snapshot));
    match clocks {
        Ok(clocks) => {
            for clock in clocks {
                tokio::spawn(advance(writer.clone(), settings.clone(), clock));
            }
        }
        Err(error) => tracing::error!(%error, "cannot resume test clock advances"),
    }
}

/// Runs the scheduler until the process ends.
pub fn spawn(
    store: Store,
    writer: Writer,
    clock: SharedClock,
    committed: Arc<Notify>,
    settings: Arc<Settings>,
) {
    resume_advances(&store, &writer, &settings);
    tokio::spawn(async move {
        loop {
            let now = clock.now_ms();
            let due = match due_timers(&store, now) {
                Ok(due) => due,
                Err(e) => {
                    tracing::error!(error = %e, "scheduler: cannot read timers");
                    Vec::new()
                }
            };
            if due.is_empty() {
                let next = next_due_ms(&store).ok().flatten();
                let wait = next
                    .map(|due| Duration::from_millis(u64::try_from(due - now).unwrap_or(0)))
                    .unwrap_or(IDLE_WAKE)
                    .min(IDLE_WAKE);
                tokio::select! {
                    () = tokio::time::sleep(wait) => {},
                    () = committed.notified() => {},
                }
                continue;
            }
            let mut fired = Vec::with_capacity(due.len());
            for (row_key, timer) in due {
                let writer = writer.clone();
                let settings = settings.clone();
                fired.push(tokio::spawn(async move {
                    fire(&writer, row_key, timer, settings).await
                }));
            }
            for task in fired {
                let _ = task.await;
            }
        }
    });
}

pub fn due_timers(store: &Store, now_ms: i64) -> Result<Vec<(String, Timer)>, StoreError> {
    let snapshot = store.snapshot()?;
    let upper = crate::store::keys::due_before(now_ms.saturating_add(1));
    let rows = snapshot.scan_timers("", Some(&upper), FIRE_BATCH_MAX)?;
    rows.into_iter()
        .map(|(k, v)| Ok((k, crate::store::decode(&v)?)))
        .collect()
}

fn next_due_ms(store: &Store) -> Result<Option<i64>, StoreError> {
    store.snapshot()?.first_due(Queue::Timers)
}

/// Fires one timer: deletes it and runs its handler in one command. If the
/// handler fails, the timer is moved `RETRY_DELAY_MS` later instead.
async fn fire(writer: &Writer, row_key: String, timer: Timer, settings: Arc<Settings>) {
    let handler_key = row_key.clone();
    let handler_timer = timer.clone();
    let outcome = writer
        .run(move |tx| fire_in(tx, &settings, handler_key, &handler_timer))
        .await;
    if let Err(error) = outcome {
        tracing::warn!(timer = ?timer.kind, %error, "timer handler failed; retrying later");
        let retried = writer.run(move |tx| postpone_in(tx, row_key, timer)).await;
        if let Err(error) = retried {
            tracing::error!(%error, "cannot reschedule a failed timer");
        }
    }
}

/// One timer's command: deletes its row and runs its handler, or does
/// nothing when the row is gone (fired already). The simulator
/// (`src/sim/`) fires timers through it too.
pub fn fire_in(
    tx: &mut crate::store::Tx<'_>,
    settings: &Settings,
    row_key: String,
    timer: &Timer,
) -> Result<(), ApiError> {
    if tx.timer(&row_key)?.is_none() {
        return Ok(()); // fired already
    }
    tx.delete_timer(row_key);
    domain::on_timer(tx, settings, &timer.kind)
}

/// After a failed handler: the timer again in [`RETRY_DELAY_MS`], unless it
/// is gone.
pub fn postpone_in(
    tx: &mut crate::store::Tx<'_>,
    row_key: String,
    timer: Timer,
) -> Result<(), ApiError> {
    if tx.timer(&row_key)?.is_some() {
        tx.delete_timer(row_key);
        let due = tx.now_ms() + RETRY_DELAY_MS;
        schedule(tx, due, timer.kind)?;
    }
    Ok(())
}
