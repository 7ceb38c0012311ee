//! What the API shows of a batch and its rows.

use serde::Serialize;

use super::BatchView;
use super::readiness::{self, Inputs, Maker};
use super::{BatchError, BatchRow, Cells, PayoutBatch, RowStatus, Run, StoredError};
use crate::domain::list::{List, named_list};

/// One approval of a batch and its execution.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = PayoutBatchRun)]
pub struct RunView {
    /// 1 for the first approval; each retry of the FAILED rows is the next.
    pub number: u32,
    pub approved_by: Maker,
    /// The approver's PIN was verified (step-up; the maker needs it).
    pub stepped_up: bool,
    pub approved_at: String,
    /// Rows it pays: the VALID ones, or on a retry the FAILED ones.
    pub rows: u32,
    /// Their amounts and fees, reserved at approval.
    pub reserved_minor: i64,
    /// What it did not spend (rows refused before anything moved), back in available.
    pub released_minor: i64,
    /// When the batch left EXECUTING.
    pub finished_at: Option<String>,
}

/// One row error, with where it is.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = PayoutBatchError)]
pub struct BatchErrorView {
    /// 1-based among the rows.
    pub row: u32,
    /// The CSV line (the header is line 1); for JSON rows, the row's position.
    pub line: u64,
    /// The column at fault; null for the row as a whole (its cell count).
    pub field: Option<String>,
    /// `required`, `invalid`, `invalid_amount`, `too_long`, `unknown_method`,
    /// `unknown_operator`, `currency_not_supported`, `unsupported`,
    /// `cell_count`, `duplicate`, `recipient_not_found`, `self_payout`,
    /// `recipient_inactive`.
    pub code: String,
    pub message: String,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = PayoutBatchRowError)]
pub struct RowErrorView {
    pub field: Option<String>,
    pub code: String,
    pub message: String,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = PayoutBatchRow)]
pub struct RowView {
    pub id: String,
    /// Always `payout_batch_row`.
    pub object: &'static str,
    pub row: u32,
    pub line: u64,
    pub status: RowStatus,
    /// In minor units; null when the row is INVALID.
    pub amount_minor: Option<i64>,
    pub fee_minor: Option<i64>,
    /// A `wallet` row's receiving organisation (`org_...`).
    pub recipient: Option<String>,
    /// The row's cells by column: as sent when INVALID, normalised when VALID.
    #[schema(value_type = Object)]
    pub cells: Cells,
    pub errors: Vec<RowErrorView>,
    /// Its latest payout (`po_...`), once a run paid it.
    pub payout: Option<String>,
    /// A `wallet` row's transfer (`tr_...`), once paid.
    pub transfer: Option<String>,
    /// Why it is FAILED: its payout's failure reason (`invalid_account`,
    /// `provider_unavailable`), or the error that refused it before anything
    /// moved (`daily_limit_exceeded`, `recipient_inactive`, ...).
    pub failure: Option<RowErrorView>,
    /// Times a run tried to pay it.
    pub attempts: u32,
}

named_list!(RowList of RowView, "In line order.");
named_list!(BatchList of BatchView, "Newest first.");

fn error_view(e: &StoredError) -> RowErrorView {
    RowErrorView {
        field: e.field.clone(),
        code: e.code.clone(),
        message: e.message.clone(),
    }
}

pub fn row_view(row: &BatchRow) -> RowView {
    RowView {
        id: row.id.clone(),
        object: "payout_batch_row",
        row: row.row,
        line: row.line,
        status: row.status,
        amount_minor: row.amount_minor,
        fee_minor: row.fee_minor,
        recipient: row.recipient.clone(),
        cells: row.cells.clone(),
        errors: row.errors.iter().map(error_view).collect(),
        payout: row.payout.clone(),
        transfer: row.transfer.clone(),
        failure: row.failure.as_ref().map(error_view),
        attempts: row.attempts,
    }
}

fn run_view(run: &Run) -> RunView {
    RunView {
        number: run.number,
        approved_by: run.approved_by.clone(),
        stepped_up: run.stepped_up,
        approved_at: crate::clock::rfc3339(run.approved_at_ms),
        rows: run.rows,
        reserved_minor: run.reserved_minor,
        released_minor: run.released_minor,
        finished_at: run.finished_at_ms.map(crate::clock::rfc3339),
    }
}

fn batch_error_view(e: &BatchError) -> BatchErrorView {
    BatchErrorView {
        row: e.row,
        line: e.line,
        field: e.error.field.clone(),
        code: e.error.code.clone(),
        message: e.error.message.clone(),
    }
}

/// The batch alone: lists and events.
pub fn batch_view(batch: &PayoutBatch) -> BatchView {
    BatchView {
        id: batch.id.clone(),
        object: "payout_batch",
        livemode: batch.mode.livemode(),
        status: batch.status,
        currency: batch.currency.clone(),
        reference: batch.reference.clone(),
        note: batch.note.clone(),
        skip_invalid: batch.skip_invalid,
        source: batch.source,
        counts: batch.counts.clone(),
        total_minor: batch.total_minor,
        fees_minor: batch.fees_minor,
        total_with_fees_minor: batch.total_minor + batch.fees_minor,
        paid_minor: batch.paid_minor,
        paid_fees_minor: batch.paid_fees_minor,
        reserved_minor: batch.reserved_minor,
        runs: batch.runs.iter().map(run_view).collect(),
        maker: batch.maker.clone(),
        editors: batch.editors.clone(),
        error_count: batch.error_count,
        errors: None,
        readiness: None,
        rows: None,
        cancellation: batch.cancellation.clone(),
        created_at: crate::clock::rfc3339(batch.created_at_ms),
        updated_at: crate::clock::rfc3339(batch.updated_at_ms),
    }
}

/// The batch with its errors, its readiness against `available_minor` and a
/// page of its rows: creation and `GET /payouts/batches/{id}`. The balance
/// shows only when `shows_balance` (the caller may read balances).
pub fn detailed(
    batch: &PayoutBatch,
    available_minor: i64,
    shows_balance: bool,
    rows: List<RowView>,
) -> BatchView {
    let mut readiness = readiness::readiness(Inputs {
        status: batch.status,
        valid_rows: batch.counts.valid,
        failed_rows: batch.counts.failed,
        invalid_rows: batch.counts.invalid,
        skip_invalid: batch.skip_invalid,
        required_minor: batch.required_minor(),
        available_minor,
        maker: &batch.maker,
        editors: &batch.editors,
    });
    if !shows_balance {
        readiness.funds = readiness.funds.without_balance();
    }
    BatchView {
        errors: Some(batch.errors.iter().map(batch_error_view).collect()),
        readiness: Some(readiness),
        rows: Some(rows),
        ..batch_view(batch)
    }
}
