//! The national switch's submission outbox drainer: a tokio task that takes
//! each outbox row through the writer (the payment becomes DISPATCHING, or
//! one more inquiry is counted, and the row is deleted, in one commit) and
//! only then calls the [`SwitchConnector`], recording its answer through the
//! writer again.
//!
//! Exactly once across `kill -9`: a row not yet taken is still in the store
//! after a restart and is sent then; a row taken is gone, so a submission is
//! never sent twice. A payment taken but without a recorded answer stays
//! DISPATCHING until its inquiry timer makes it UNKNOWN and queues an
//! inquiry (`domain::switch_payments`).

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;

use crate::domain::switch_payments::{self, OutboxRow};
use crate::rails::switch_connector::SwitchConnector;
use crate::store::{Store, Writer};

/// Rows read per pass at most.
const ROWS_PER_PASS: usize = 64;
/// The drainer looks at the outbox at least this often.
const IDLE_WAKE: Duration = Duration::from_millis(500);

/// Runs the drainer until the process ends. `delay` holds each pass back
/// (the hidden `serve --switch-dispatch-delay-ms`, for the test that kills
/// the gateway between the commit and the dispatch).
pub fn spawn(
    store: Store,
    writer: Writer,
    wake: Arc<Notify>,
    connector: Arc<dyn SwitchConnector>,
    delay: Duration,
) {
    tokio::spawn(async move {
        loop {
            let rows = store
                .snapshot()
                .map_err(crate::error::ApiError::from)
                .and_then(|snapshot| switch_payments::outbox(&snapshot, ROWS_PER_PASS));
            let rows = match rows {
                Ok(rows) => rows,
                Err(error) => {
                    tracing::error!(%error, "switch outbox: cannot read the outbox");
                    Vec::new()
                }
            };
            if rows.is_empty() {
                tokio::select! {
                    () = tokio::time::sleep(IDLE_WAKE) => {},
                    () = wake.notified() => {},
                }
                continue;
            }
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            for row in rows {
                drain(&writer, connector.as_ref(), row).await;
            }
        }
    });
}

/// Takes one row, calls the switch, records the answer.
async fn drain(writer: &Writer, connector: &dyn SwitchConnector, row: OutboxRow) {
    let taken_row = row.clone();
    let taken = writer
        .run(move |tx| switch_payments::take(tx, &taken_row))
        .await;
    let submission = match taken {
        Ok(Some(submission)) => submission,
        Ok(None) => return,
        Err(error) => {
            tracing::warn!(payment = %row.payment, %error, "switch outbox: cannot take a row; retrying");
            return;
        }
    };
    tracing::info!(
        payment = %submission.payment,
        merchant = %submission.merchant,
        amount_minor = submission.amount_minor,
        currency = %submission.currency,
        kind = %row.kind,
        "switch outbox: sending"
    );
    let payment = row.payment.clone();
    let recorded = if row.kind == "inquire" {
        let outcome = connector.inquire(&submission);
        writer
            .run(move |tx| switch_payments::on_inquired(tx, &payment, outcome))
            .await
    } else {
        let outcome = connector.submit(&submission);
        writer
            .run(move |tx| switch_payments::on_submitted(tx, &payment, outcome))
            .await
    };
    if let Err(error) = recorded {
        // The inquiry timer set when the row was taken settles it.
        tracing::warn!(payment = %row.payment, %error, "switch outbox: cannot record the switch's answer");
    }
}
