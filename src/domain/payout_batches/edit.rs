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
//! maker (maker-checker, `readiness::may_approve_batch`).
//!
//! The work (reading the batch's rows, at most [`ROWS_MAX`], validating,
//! the duplicate check, the totals) is done on the request's worker over a
//! snapshot ([`prepare_edit`]), as for creation; the writer ([`edit_row`])
//! only stores it, when the batch's `revision` (one more with every edit)
//! and status are still those it was computed from. Otherwise another edit,
//! an approval or a cancellation came first, and the writer computes it
//! again from its own transaction: the duplicate check then sees the other
//! rows as they are when the edit commits.

use super::readiness::Maker;
use super::state::{RowStatus, RowTrigger, Status, Trigger, row_transition, transition};
use super::validate::{self, Destination, Duplicates, RowError};
use super::{
    BatchRow, BatchView, Cells, Checked, Counts, PayoutBatch, RawRow, Recipients, all_rows,
    answered, rules, stored_row, totalled,
};
use crate::auth::Principal;
use crate::domain::{audit, resource};
use crate::error::{ApiError, Code};
use crate::events::EventType;
use crate::store::{Read, Tx};

#[cfg(doc)]
use super::ROWS_MAX;

/// Distinct people (members or keys) besides the maker who may edit one
/// batch's rows: each is kept to hold maker-checker, so the list is bounded.
pub const EDITORS_MAX: usize = 20;

/// What happens to the row.
#[derive(Clone)]
pub enum RowChange {
    /// Its new cells, all of them (a column left out is empty).
    Fix(Box<Cells>),
    Exclude,
}

/// An edit computed from a snapshot, ready for the writer (see the module
/// doc): the batch and the row as they will be stored.
#[derive(Clone)]
pub struct PreparedEdit {
    row: u32,
    change: RowChange,
    /// The batch's `revision` and status it was computed from.
    seen: (u32, Status),
    batch: PayoutBatch,
    before: BatchRow,
    after: BatchRow,
    action: &'static str,
    /// The batch's first rows after the edit, and the cursor past them.
    first_rows: Vec<BatchRow>,
    next_cursor: Option<String>,
}

/// Checks and computes `POST /payouts/batches/{id}/rows/{row}` (fix) or
/// `.../rows/{row}/exclude` over `read`: the request's snapshot on its
/// worker, or the writer's transaction when the batch changed meanwhile.
/// Every refusal is here, before anything is written.
pub fn prepare_edit(
    read: &impl Read,
    principal: &Principal,
    id: &str,
    row: u32,
    change: RowChange,
) -> Result<PreparedEdit, ApiError> {
    let mut batch = super::read(read, principal, id)?;
    let seen = (batch.revision, batch.status);
    let status = transition(batch.status, Trigger::EditRow).map_err(|_| not_editable(&batch))?;
    let editors = with_editor(&batch, Maker::of(principal))?;
    let mut rows = all_rows(read, &batch)?;
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
    rows[at] = match &change {
        RowChange::Fix(cells) => {
            let cells = (**cells).clone();
            let checked = revalidated(read, principal, &batch, &rows, &before, cells)?;
            BatchRow {
                attempts: before.attempts,
                ..stored_row(&batch.id, checked, before.updated_at_ms)
            }
        }
        RowChange::Exclude => BatchRow {
            status: next,
            ..before.clone()
        },
    };
    debug_assert_eq!(rows[at].status, next, "validation agrees with the table");
    batch = totalled(recount(batch), &rows)?;
    batch.status = status;
    batch.editors = editors;
    batch.revision = batch.revision.wrapping_add(1);
    let first = crate::domain::list::LIST_LIMIT_DEFAULT;
    let next_cursor = (rows.len() > first)
        .then(|| rows.get(first - 1).map(|r| r.id.clone()))
        .flatten();
    let after = rows[at].clone();
    rows.truncate(first);
    Ok(PreparedEdit {
        row,
        change,
        seen,
        batch,
        before,
        after,
        action,
        first_rows: rows,
        next_cursor,
    })
}

/// The prepared edit, in the writer: stored with the event and the audit
/// row when the batch is as it was prepared from (its `revision` and
/// status), else prepared again from the transaction; answers the batch
/// with its readiness and first rows.
pub fn edit_row(
    tx: &mut Tx<'_>,
    principal: &Principal,
    prepared: PreparedEdit,
) -> Result<BatchView, ApiError> {
    let current = super::read(tx, principal, &prepared.batch.id)?;
    let mut edit = if (current.revision, current.status) == prepared.seen {
        prepared
    } else {
        let PreparedEdit { row, change, .. } = prepared;
        prepare_edit(tx, principal, &current.id, row, change)?
    };
    let now = tx.now_ms();
    edit.batch.updated_at_ms = now;
    edit.after.updated_at_ms = now;
    if let Some(shown) = edit.first_rows.iter_mut().find(|r| r.row == edit.row) {
        shown.updated_at_ms = now;
    }
    let PreparedEdit {
        row,
        batch,
        before,
        after,
        action,
        first_rows,
        next_cursor,
        ..
    } = edit;
    tx.put_object(after.id.clone(), &after)?;
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
    answered(tx, principal, &batch, &first_rows, next_cursor)
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
    read: &impl Read,
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
    Recipients::new(read, principal).resolve(&mut checked)?;
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

#[cfg(test)]
mod tests {
    use super::super::{NewBatch, NewRows, create, prepare};
    use super::*;
    use crate::mode::Mode;
    use crate::store::Store;

    /// A stored batch of `csv` (CDF) made by `principal`; its id.
    fn stored(store: &Store, principal: &Principal, csv: &str) -> String {
        let new = NewBatch {
            currency: crate::currency::find("CDF").expect("cdf"),
            reference: None,
            note: None,
            skip_invalid: false,
            rows: NewRows::Csv(csv.into()),
        };
        let snapshot = store.snapshot().expect("snapshot");
        let prepared = prepare(&snapshot, principal, new, 0).expect("prepared");
        let view = store
            .write_now(0, |tx| create(tx, principal, prepared))
            .expect("created");
        view.id
    }

    fn fix(phone: &str) -> RowChange {
        let mut cells = Cells::default();
        for (column, value) in [
            (super::super::columns::Column::Method, "mobile_money"),
            (super::super::columns::Column::Amount, "20"),
            (super::super::columns::Column::OperatorId, "mpesa"),
            (super::super::columns::Column::Phone, phone),
            (super::super::columns::Column::Reference, "SAME"),
        ] {
            cells.set(column, value);
        }
        RowChange::Fix(Box::new(cells))
    }

    #[test]
    fn two_edits_prepared_from_one_snapshot_are_checked_again_by_the_writer() {
        let store = Store::ephemeral().expect("store");
        let principal = Principal::system("test", "org_a", Mode::Test);
        let id = stored(
            &store,
            &principal,
            "method,amount,operator_id,phone,reference\n\
             mobile_money,10,mpesa,+243810000001,A\n\
             mobile_money,x,mpesa,+243810000002,B\n\
             mobile_money,y,mpesa,+243810000003,C\n",
        );
        // Both rows fixed into the same payment, each checked alone.
        let snapshot = store.snapshot().expect("snapshot");
        let first = prepare_edit(&snapshot, &principal, &id, 2, fix("+243810000009"));
        let second = prepare_edit(&snapshot, &principal, &id, 3, fix("+243810000009"));
        let (first, second) = (first.expect("first"), second.expect("second"));
        let view = store
            .write_now(0, |tx| edit_row(tx, &principal, first))
            .expect("the first is stored");
        assert_eq!((view.counts.valid, view.counts.invalid), (2, 1));
        // The second finds the batch changed and is computed again: now a
        // duplicate of row 2, refused, and nothing of it is written.
        let refused = store
            .write_now(0, |tx| edit_row(tx, &principal, second))
            .expect_err("a duplicate");
        assert_eq!(refused.param.as_deref(), Some("reference"));
        let snapshot = store.snapshot().expect("snapshot");
        let batch = super::super::read(&snapshot, &principal, &id).expect("batch");
        assert_eq!(batch.revision, 1);
        assert_eq!((batch.counts.valid, batch.counts.invalid), (2, 1));
        assert_eq!(batch.total_minor, 1_000 + 2_000);
        let rows = all_rows(&snapshot, &batch).expect("rows");
        assert_eq!(rows[2].status, RowStatus::Invalid);
        // A third, from a fresh snapshot, excludes it: the batch is clean.
        let exclude =
            prepare_edit(&snapshot, &principal, &id, 3, RowChange::Exclude).expect("exclude");
        let view = store
            .write_now(0, |tx| edit_row(tx, &principal, exclude))
            .expect("excluded");
        assert_eq!((view.counts.invalid, view.counts.skipped), (0, 1));
        assert_eq!(view.error_count, 0);
    }
}
