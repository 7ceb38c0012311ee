//! Fixing or excluding one row of a batch before anyone approved it (issue
//! 48 item 8; decisions 570–574), so that one wrong phone number does not
//! mean cancelling and uploading the batch again.
//!
//! A fix replaces the row's cells wholesale, as a corrected CSV line would,
//! and passes the very checks a CSV row gets: `validate::check_row`, the
//! wallet recipient's look-up and the duplicate check against the batch's
//! other VALID rows. A fix that does not pass is refused (400 naming the
//! field) and nothing changes: a row is never made worse by an edit. An
//! excluded row is SKIPPED for good: never paid, never fixed again.
//!
//! Either way the batch's counts, totals and first errors are computed
//! again from its rows by the function creation uses (`totalled`), and the
//! editor joins the batch's makers: approval refuses them as it refuses the
//! maker (maker-checker, `readiness::may_approve`).
//!
//! It runs in the writer, rows and all (at most [`ROWS_MAX`]): the
//! duplicate check must see the other rows as they are when the edit
//! commits, which only the writer does, and an edit is a person's rare act.

use super::readiness::Maker;
use super::state::{RowStatus, RowTrigger, Trigger, row_transition, transition};
use super::validate::{self, Destination, Duplicates, RowError};
use super::{
    BatchRow, BatchView, Cells, Checked, Counts, PayoutBatch, RawRow, Recipients, RowList,
    all_rows, available_in_tx, detailed, read, row_view, rules, stored_row, totalled,
};
use crate::auth::Principal;
use crate::domain::{audit, resource};
use crate::error::{ApiError, Code};
use crate::events::EventType;
use crate::store::Tx;

#[cfg(doc)]
use super::ROWS_MAX;

/// Distinct people (members or keys) besides the maker who may edit one
/// batch's rows: each is kept to hold maker-checker, so the list is bounded.
pub const EDITORS_MAX: usize = 20;

/// What happens to the row.
pub enum RowChange {
    /// Its new cells, all of them (a column left out is empty).
    Fix(Box<Cells>),
    Exclude,
}

/// `POST /payouts/batches/{id}/rows/{row}` and `.../rows/{row}/exclude`, in
/// the writer: the row fixed or excluded, the batch recomputed, the event
/// and audit row; answers the batch with its readiness and first rows.
pub fn edit_row(
    tx: &mut Tx<'_>,
    principal: &Principal,
    id: &str,
    row: u32,
    change: RowChange,
) -> Result<BatchView, ApiError> {
    let mut batch = read(tx, principal, id)?;
    let status = transition(batch.status, Trigger::EditRow).map_err(|_| not_editable(&batch))?;
    let editors = with_editor(&batch, Maker::of(principal))?;
    let mut rows = all_rows(tx, &batch)?;
    let Some(at) = rows.iter().position(|r| r.row == row) else {
        return Err(ApiError::new(
            Code::PayoutBatchRowNotFound,
            format!(
                "payout batch {} has no row {row}: its rows are 1 to {}",
                batch.id, batch.counts.rows
            ),
        )
        .with_param("row"));
    };
    let before = rows[at].clone();
    let (trigger, action) = match &change {
        RowChange::Fix(_) => (RowTrigger::Fix, "fixed"),
        RowChange::Exclude => (RowTrigger::Exclude, "excluded"),
    };
    let next = row_transition(before.status, trigger).map_err(|_| {
        ApiError::new(
            Code::PayoutBatchNotEditable,
            format!(
                "row {row} of payout batch {} is {}; only a VALID or INVALID row can be {action}",
                batch.id,
                before.status.as_str()
            ),
        )
        .with_param("row")
    })?;
    let now = tx.now_ms();
    rows[at] = match change {
        RowChange::Fix(cells) => {
            let checked = revalidated(tx, principal, &batch, &rows, &before, *cells)?;
            BatchRow {
                attempts: before.attempts,
                ..stored_row(&batch.id, checked, now)
            }
        }
        RowChange::Exclude => BatchRow {
            status: next,
            updated_at_ms: now,
            ..before.clone()
        },
    };
    debug_assert_eq!(rows[at].status, next, "validation agrees with the table");
    batch = totalled(recount(batch), &rows)?;
    batch.status = status;
    batch.editors = editors;
    batch.updated_at_ms = now;
    let after = &rows[at];
    tx.put_object(after.id.clone(), after)?;
    tx.put_object(batch.id.clone(), &batch)?;
    resource::emit(
        tx,
        EventType::PayoutBatchUpdated,
        &batch,
        &super::batch_view(&batch),
    )?;
    let details = serde_json::json!({
        "row": row,
        "line": before.line,
        "action": action,
        "status_before": before.status.as_str(),
        "status": after.status.as_str(),
        "cells_before": before.cells,
        "amount_minor": after.amount_minor,
        "total_minor": batch.total_minor,
        "invalid_rows": batch.counts.invalid,
    });
    audit::record(
        tx,
        &audit::Actor::of(principal),
        &format!("payout_batch.row_{action}"),
        Some(&batch.id),
        details,
    )?;
    let available_minor = available_in_tx(tx, &batch)?;
    let first = crate::domain::list::LIST_LIMIT_DEFAULT;
    let next_cursor = (rows.len() > first)
        .then(|| rows.get(first - 1).map(|r| r.id.clone()))
        .flatten();
    let page = RowList::page(rows.iter().take(first).map(row_view).collect(), next_cursor);
    Ok(detailed(
        &batch,
        available_minor,
        principal.may("balance:read"),
        page,
    ))
}

/// 409: only a batch nobody approved yet has rows that change.
fn not_editable(batch: &PayoutBatch) -> ApiError {
    ApiError::new(
        Code::PayoutBatchNotEditable,
        format!(
            "payout batch {} is {}; only a batch PENDING_APPROVAL can {}: make a new batch of the rows to change",
            batch.id,
            batch.status.as_str(),
            Trigger::EditRow.verb()
        ),
    )
}

/// The batch's editors with `editor` (once; the maker is not repeated).
fn with_editor(batch: &PayoutBatch, editor: Maker) -> Result<Vec<Maker>, ApiError> {
    let mut editors = batch.editors.clone();
    let same = |m: &Maker| m.member_id == editor.member_id && m.key_id == editor.key_id;
    if same(&batch.maker) || editors.iter().any(same) {
        return Ok(editors);
    }
    if editors.len() >= EDITORS_MAX {
        return Err(ApiError::new(
            Code::PayoutBatchNotEditable,
            format!(
                "payout batch {} was edited by {EDITORS_MAX} people already; ask one of them, or make a new batch",
                batch.id
            ),
        ));
    }
    editors.push(editor);
    Ok(editors)
}

/// The batch with its counts, totals and errors cleared, for `totalled`.
fn recount(batch: PayoutBatch) -> PayoutBatch {
    PayoutBatch {
        counts: Counts::default(),
        total_minor: 0,
        fees_minor: 0,
        errors: Vec::new(),
        error_count: 0,
        ..batch
    }
}

/// The row with `cells`, checked as a CSV row of the batch is (see the
/// module doc), or the 400 that names its first field at fault.
fn revalidated(
    tx: &Tx<'_>,
    principal: &Principal,
    batch: &PayoutBatch,
    rows: &[BatchRow],
    row: &BatchRow,
    cells: Cells,
) -> Result<Checked, ApiError> {
    let currency = crate::currency::find(&batch.currency)
        .ok_or_else(|| ApiError::internal("a batch's currency is in the catalogue"))?;
    let rules = rules(currency);
    let raw = |row: &BatchRow, cells: Cells| RawRow {
        row: row.row,
        line: row.line,
        cells,
        cells_found: None,
    };
    let mut checked: Checked = validate::check_row(raw(row, cells), &rules);
    Recipients::new(tx, principal).resolve(&mut checked)?;
    // The other VALID rows as they were checked (a wallet row's recipient
    // as resolved then), then this one: a repeat of any is the duplicate.
    let mut duplicates = Duplicates::default();
    for other in rows
        .iter()
        .filter(|r| r.row != row.row && r.status == RowStatus::Valid)
    {
        let mut seen: Checked = validate::check_row(raw(other, other.cells.clone()), &rules);
        if let (
            Ok(validate::Valid {
                destination: Destination::Wallet { to },
                ..
            }),
            Some(org),
        ) = (&mut seen.outcome, &other.recipient)
        {
            *to = org.clone();
        }
        duplicates.check(&mut seen);
    }
    duplicates.check(&mut checked);
    match &checked.outcome {
        Ok(_) => Ok(checked),
        Err(errors) => Err(refused(errors)),
    }
}

/// 400 naming the first field at fault, with every error's message.
fn refused(errors: &[RowError]) -> ApiError {
    let param = errors.iter().find_map(|e| e.field).unwrap_or("row");
    let message = errors
        .iter()
        .map(|e| e.message.as_str())
        .collect::<Vec<_>>()
        .join("; ");
    ApiError::field(param, format!("{message}; nothing changed"))
}
