//! Approving a batch and paying its rows (origin section 12; the money
//! flow is drawn in `docs/payouts.md`, Batches).
//!
//! Approval is one command: the maker-checker rule (`readiness::may_approve`),
//! the rows and the funds checked, then one posting reserves the amounts
//! and fees of every row the run pays (`available` → `reserved`), and the
//! batch is EXECUTING. Rows are then paid in chunks of at most
//! [`CHUNK_ROWS_MAX`], one writer command each: the first in the approving
//! command, each next one by a durable `PayoutBatchChunk` timer that the
//! chunk before scheduled in its own transaction. A row's status, its
//! payout (`payouts::create`, funded from `reserved`, with the batch's
//! reference) and the batch's cursor are written by the same command, so a
//! crash loses no row and pays none twice: after a restart the timer is
//! still there and the cursor says where to go on.
//!
//! A `wallet` row is a transfer to that organisation (`transfers::create`,
//! funded from `reserved` too). A row refused before anything moved (a
//! limit, a recipient disabled since) is FAILED and its share stays in the
//! reservation; a payout the rail fails returns its money to `available`
//! (the single payout's rule). When the run has taken its last row, what is
//! left of the reservation is released to `available`; when no row's payout
//! is PROCESSING any more, the batch ends EXECUTED, PARTIAL or FAILED.

use super::columns::Column;
use super::readiness::{self, Maker};
use super::state::{RowStatus, RowTrigger, Status, Trigger, row_transition, transition};
use super::validate::{Payee, PayeeMethod};
use super::{BatchRow, PayoutBatch, Run, StoredError, batch_view, read, row_id};
use crate::auth::Principal;
use crate::domain::payouts::{self, BatchRef, Destination, Payout, PayoutRequest};
use crate::domain::{audit, resource, test_clocks, transfers};
use crate::error::{ApiError, Code};
use crate::events::EventType;
use crate::ledger::{self, Cause, CauseKind, Class, Posting};
use crate::scheduler::{self, TimerKind};
use crate::store::{Read, Tx};

/// Rows paid per writer command by default: a chunk of 200 keeps one
/// command in the tens of milliseconds (a 5,000-row batch is 25 commands),
/// so other requests wait little behind it.
pub const CHUNK_ROWS_DEFAULT: u32 = 200;
/// The most rows one command pays (`serve --payout-batch-chunk-rows`).
pub const CHUNK_ROWS_MAX: u32 = 250;
/// Approvals of one batch: the first and nine retries of its FAILED rows.
/// Rows that fail ten times need a new batch (and a look at why).
pub const RUNS_MAX: u32 = 10;

/// `POST /payouts/batches/{id}/approve`, in the writer: checks the rule
/// (against the maker and whoever edited a row),
/// the rows and the funds, reserves, and pays the first chunk. `stepped_up`:
/// the approver's PIN was verified (off the writer, before this command).
pub fn approve(
    tx: &mut Tx<'_>,
    principal: &Principal,
    id: &str,
    stepped_up: bool,
    chunk_rows: u32,
) -> Result<PayoutBatch, ApiError> {
    let mut batch = read(tx, principal, id)?;
    approvable(&batch)?;
    let approver = Maker::of(principal);
    if !readiness::may_approve_batch(batch.makers(), &approver, stepped_up) {
        return Err(step_up_required(&batch, &approver));
    }
    let rows = ready(&batch)?;
    let required = batch.required_minor();
    let available = super::available_in_tx(tx, &batch)?;
    if available < required {
        return Err(ApiError::new(
            Code::InsufficientFunds,
            format!(
                "approving {} needs {required} {} minor units available (its rows and fees); {}; nothing moved",
                batch.id,
                batch.currency,
                crate::ledger::held(Some(principal), "the available balance", available)
            ),
        ));
    }
    batch.status = transition(batch.status, Trigger::Approve)
        .map_err(|_| ApiError::internal("an approvable batch is approved"))?;
    let now = tx.now_ms();
    reserve(tx, &batch, required)?;
    batch.reserved_minor = required;
    batch.cursor = 1;
    batch.sandbox = test_clocks::sandbox_of(principal.mode, &principal.org);
    batch.updated_at_ms = now;
    batch.runs.push(Run {
        number: run_number(&batch) + 1,
        approved_by: approver,
        stepped_up,
        approved_at_ms: now,
        rows,
        reserved_minor: required,
        released_minor: 0,
        finished_at_ms: None,
    });
    emit(tx, &batch, EventType::PayoutBatchApproved)?;
    let details = serde_json::json!({
        "run": run_number(&batch),
        "rows": rows,
        "reserved_minor": required,
        "currency": batch.currency,
        "stepped_up": stepped_up,
    });
    let actor = audit::Actor::of(principal);
    audit::record(
        tx,
        &actor,
        "payout_batch.approved",
        Some(&batch.id),
        details,
    )?;
    run_chunk(tx, &mut batch, chunk_rows)?;
    save(tx, &batch)?;
    Ok(batch)
}

/// 409 unless the batch may be approved now (PENDING_APPROVAL, PARTIAL or
/// FAILED, fewer than [`RUNS_MAX`] times). An EXECUTING batch answers this
/// too: the writer runs approvals one at a time, so the second of two
/// concurrent approvals finds the first one's run.
fn approvable(batch: &PayoutBatch) -> Result<(), ApiError> {
    let message = if !batch.status.is_approvable() {
        format!(
            "payout batch {} is {}; only a batch PENDING_APPROVAL, PARTIAL or FAILED can {}",
            batch.id,
            batch.status.as_str(),
            Trigger::Approve.verb()
        )
    } else if run_number(batch) >= RUNS_MAX {
        format!(
            "payout batch {} was approved {RUNS_MAX} times already; make a new batch of the rows that still fail",
            batch.id
        )
    } else {
        return Ok(());
    };
    Err(ApiError::new(Code::PayoutBatchNotApprovable, message))
}

/// 422 unless invalid rows are to be skipped and some row is left to pay;
/// the number of rows the run pays.
fn ready(batch: &PayoutBatch) -> Result<u32, ApiError> {
    if batch.counts.invalid > 0 && !batch.skip_invalid {
        return Err(ApiError::new(
            Code::PayoutBatchNotReady,
            format!(
                "payout batch {} has {} invalid rows and was not made with skip_invalid: fix or exclude each (POST /payouts/batches/{{id}}/rows/{{row}}), or make it with skip_invalid to skip them",
                batch.id, batch.counts.invalid
            ),
        )
        .with_param("skip_invalid"));
    }
    let rows = batch.counts.valid + batch.counts.failed;
    if rows == 0 {
        return Err(ApiError::new(
            Code::PayoutBatchNotReady,
            format!("payout batch {} has no row left to pay", batch.id),
        ));
    }
    Ok(rows)
}

/// 403 `step_up_required`, saying why this approver is the maker.
fn step_up_required(batch: &PayoutBatch, approver: &Maker) -> ApiError {
    let message = if approver.is_key() {
        format!(
            "an API key acts as the owner and as the member who made it, and never provides step-up, so it cannot approve payout batch {}, made by the owner, a key or the key's creator: another team member with payouts:approve approves it, or its maker with a PIN",
            batch.id
        )
    } else {
        format!(
            "you made payout batch {} or fixed or excluded one of its rows (or act as its maker): another team member with payouts:approve approves it, or you with your PIN in the pin field",
            batch.id
        )
    };
    ApiError::new(Code::StepUpRequired, message).with_param("pin")
}

fn run_number(batch: &PayoutBatch) -> u32 {
    u32::try_from(batch.runs.len()).unwrap_or(u32::MAX)
}

/// `available` → `reserved`: the run's rows and fees, in one posting.
fn reserve(tx: &mut Tx<'_>, batch: &PayoutBatch, amount_minor: i64) -> Result<String, ApiError> {
    let (available, reserved) = accounts(batch);
    posting(batch, CauseKind::PayoutBatchReservation, " approved")
        .transfer(available, reserved, amount_minor, &batch.currency)
        .post(tx)
}

/// `reserved` → `available`: what the run did not spend, once its last row
/// is taken.
fn release(tx: &mut Tx<'_>, batch: &mut PayoutBatch) -> Result<(), ApiError> {
    let left = batch.reserved_minor;
    if left > 0 {
        let (available, reserved) = accounts(batch);
        posting(
            batch,
            CauseKind::PayoutBatchRelease,
            ": reservation not spent",
        )
        .transfer(reserved, available, left, &batch.currency)
        .post(tx)?;
    }
    batch.reserved_minor = 0;
    if let Some(run) = batch.runs.last_mut() {
        run.released_minor = left.max(0);
    }
    Ok(())
}

fn accounts(batch: &PayoutBatch) -> (ledger::Account, ledger::Account) {
    let (mode, owner, currency) = (batch.mode, batch.owner.as_str(), batch.currency.as_str());
    (
        ledger::merchant_account(mode, owner, currency, Class::Available),
        ledger::merchant_account(mode, owner, currency, Class::Reserved),
    )
}

/// A posting of the batch caused by `kind`, described as
/// `payout batch <id><what>`.
fn posting(batch: &PayoutBatch, kind: CauseKind, what: &str) -> ledger::PostingBuilder {
    let cause = Cause {
        kind,
        id: batch.id.clone(),
    };
    let description = format!("payout batch {}{what}", batch.id);
    Posting::build(batch.mode, &batch.owner, cause, &description)
}

/// The `PayoutBatchChunk` timer: the next chunk of the run `run`. A timer
/// of an earlier run, or of a batch no longer executing, does nothing;
/// while the guardian halts money movement it fails, so the scheduler tries
/// it again later (approved rows wait instead of being paid out of a ledger
/// that does not add up).
pub fn on_chunk(tx: &mut Tx<'_>, id: &str, run: u32, chunk_rows: u32) -> Result<(), ApiError> {
    let Some(mut batch) = tx.object::<PayoutBatch>(id)? else {
        return Ok(());
    };
    if batch.status != Status::Executing
        || run_number(&batch) != run
        || batch.cursor > batch.counts.rows
    {
        return Ok(());
    }
    if crate::guardian::halted(tx)? {
        // The timer is tried again 30 s later, and so on until cleared.
        return Err(ApiError::new(
            Code::GuardianHalt,
            format!("payout batch {id} waits: money movement is halted"),
        ));
    }
    if let Some(sandbox) = batch.sandbox.clone() {
        test_clocks::follow(tx, &sandbox)?;
    }
    run_chunk(tx, &mut batch, chunk_rows)?;
    save(tx, &batch)
}

/// Takes up to `chunk_rows` rows from the cursor on; then schedules the
/// next chunk, or, past the last row, releases what is left and finishes.
fn run_chunk(tx: &mut Tx<'_>, batch: &mut PayoutBatch, chunk_rows: u32) -> Result<(), ApiError> {
    let principal = Principal::system("payout_batch", &batch.owner, batch.mode);
    let chunk_rows = chunk_rows.clamp(1, CHUNK_ROWS_MAX);
    let end = batch
        .cursor
        .saturating_add(chunk_rows)
        .min(batch.counts.rows.saturating_add(1));
    while batch.cursor < end {
        let id = row_id(&batch.id, batch.cursor);
        if let Some(mut row) = tx.object::<BatchRow>(&id)? {
            take(tx, batch, &mut row, &principal)?;
        }
        batch.cursor += 1;
    }
    if batch.cursor <= batch.counts.rows {
        let next = TimerKind::PayoutBatchChunk {
            batch: batch.id.clone(),
            run: run_number(batch),
        };
        let now = tx.wall_ms();
        return Ok(scheduler::schedule_real_time(tx, now, next)?);
    }
    release(tx, batch)?;
    finish_if_done(tx, batch)
}

/// One row, as the run finds it: a due row is paid, an invalid one
/// skipped (approval checked `skip_invalid`), any other left as it is.
fn take(
    tx: &mut Tx<'_>,
    batch: &mut PayoutBatch,
    row: &mut BatchRow,
    principal: &Principal,
) -> Result<(), ApiError> {
    let trigger = match row.status {
        status if status.is_due() => pay(tx, batch, row, principal)?,
        RowStatus::Invalid => RowTrigger::Skip,
        _ => return Ok(()),
    };
    move_row(batch, row, trigger)?;
    row.updated_at_ms = tx.now_ms();
    tx.put_object(row.id.clone(), &*row)?;
    Ok(())
}

/// Pays a due row: a transfer for a `wallet` row, else a payout funded from
/// the reservation. A refusal (4xx) writes nothing (`payouts::create` and
/// `transfers::create` check before they write), so the row is FAILED and
/// its share stays reserved; anything else fails the command, which the
/// timer retries.
fn pay(
    tx: &mut Tx<'_>,
    batch: &mut PayoutBatch,
    row: &mut BatchRow,
    principal: &Principal,
) -> Result<RowTrigger, ApiError> {
    let (amount_minor, fee_minor) = match (row.amount_minor, row.fee_minor) {
        (Some(amount), Some(fee)) => (amount, fee),
        _ => return Err(ApiError::internal(format!("row {} has no amount", row.id))),
    };
    if amount_minor + fee_minor > batch.reserved_minor {
        return Err(ApiError::internal(format!(
            "payout batch {}: row {} needs {} but {} is reserved",
            batch.id,
            row.row,
            amount_minor + fee_minor,
            batch.reserved_minor
        )));
    }
    row.attempts += 1;
    row.failure = None;
    let description = row_description(batch, row);
    let outcome = match row.recipient.clone() {
        Some(to) => {
            let new = transfers::NewTransfer {
                to,
                amount_minor,
                currency: batch.currency.clone(),
                note: description,
                quote_id: None,
                funded_from: Class::Reserved,
            };
            transfers::create(tx, principal, new).map(|t| {
                row.transfer = Some(t.id);
                (t.amount_minor + t.fee_minor, RowTrigger::Pay)
            })
        }
        None => pay_out(tx, batch, row, principal, description),
    };
    match outcome {
        Ok((spent_minor, trigger)) => {
            batch.reserved_minor -= spent_minor;
            if batch.reserved_minor < 0 {
                return Err(ApiError::internal(format!(
                    "payout batch {} spent more than it reserved",
                    batch.id
                )));
            }
            Ok(trigger)
        }
        Err(error) if error.code.status() < 500 => {
            row.failure = Some(StoredError {
                field: None,
                code: error.code.as_str().to_string(),
                message: error.message,
            });
            Ok(RowTrigger::Fail)
        }
        Err(error) => Err(error),
    }
}

/// A mobile-money or bank row's payout: the destination from its cells by
/// the single payout's rule, the batch and row on the payout. What it
/// spent, and the row's move as the payout stands.
fn pay_out(
    tx: &mut Tx<'_>,
    batch: &PayoutBatch,
    row: &mut BatchRow,
    principal: &Principal,
    description: Option<String>,
) -> Result<(i64, RowTrigger), ApiError> {
    let method = match row.cells.get(Column::Method) {
        Some("bank") => PayeeMethod::Bank,
        _ => PayeeMethod::MobileMoney,
    };
    let destination =
        <Destination as Payee>::check(method, &row.cells, &batch.currency).map_err(|errors| {
            let first = errors.into_iter().next();
            ApiError::new(
                Code::ValidationError,
                first.map_or_else(|| "the row's destination".into(), |e| e.message),
            )
        })?;
    let request = PayoutRequest {
        amount_minor: row.amount_minor.unwrap_or_default(),
        currency: batch.currency.clone(),
        destination,
        description,
        reference: None,
        batch: Some(BatchRef {
            id: batch.id.clone(),
            row: row.row,
        }),
        funded_from: Class::Reserved,
    };
    let payout = payouts::create(tx, principal, request)?;
    row.payout = Some(payout.id.clone());
    let trigger = payout_trigger(&payout, row);
    Ok((payout.amount_minor + payout.fee_minor, trigger))
}

/// The row's reference, else the batch's: the payout's description, the
/// transfer's note.
fn row_description(batch: &PayoutBatch, row: &BatchRow) -> Option<String> {
    row.cells
        .get(Column::Reference)
        .map(str::to_string)
        .or_else(|| batch.reference.clone())
}

/// The row's move for its payout's status (and its failure, when FAILED);
/// `None` while the payout is PENDING (never seen after its command).
fn payout_trigger(payout: &Payout, row: &mut BatchRow) -> RowTrigger {
    match payout.status {
        payouts::Status::Paid => RowTrigger::Pay,
        payouts::Status::Failed => {
            let code = payout.failure_reason.map_or("failed", |r| r.as_str());
            row.failure = Some(StoredError {
                field: None,
                code: code.to_string(),
                message: format!("payout {} failed: {code}", payout.id),
            });
            RowTrigger::Fail
        }
        payouts::Status::NeedsReview => RowTrigger::Hold,
        payouts::Status::Pending | payouts::Status::Processing => RowTrigger::Wait,
    }
}

/// Moves `row` by `trigger` and keeps the batch's counts and sums in step.
fn move_row(
    batch: &mut PayoutBatch,
    row: &mut BatchRow,
    trigger: RowTrigger,
) -> Result<(), ApiError> {
    let from = row.status;
    let to = row_transition(from, trigger).map_err(|refusal| {
        ApiError::internal(format!(
            "row {} is {}: {trigger:?} refused ({refusal:?})",
            row.id,
            from.as_str()
        ))
    })?;
    let share = row.amount_minor.unwrap_or(0) + row.fee_minor.unwrap_or(0);
    let held = |s: RowStatus| matches!(s, RowStatus::Processing | RowStatus::NeedsReview);
    match (held(from), held(to)) {
        (false, true) => batch.in_transit_minor += share,
        (true, false) => batch.in_transit_minor -= share,
        _ => {}
    }
    if to == RowStatus::Paid {
        batch.paid_minor += row.amount_minor.unwrap_or(0);
        batch.paid_fees_minor += row.fee_minor.unwrap_or(0);
    }
    let count = batch.counts.of(from);
    *count = count
        .checked_sub(1)
        .ok_or_else(|| ApiError::internal(format!("no {} row to move", from.as_str())))?;
    *batch.counts.of(to) += 1;
    row.status = to;
    Ok(())
}

/// A finished batch whose row in review was resolved says again what its
/// rows are (a returned row makes it PARTIAL or FAILED, so approving it
/// again retries that row), with the event of its new status.
fn follow_review(tx: &mut Tx<'_>, batch: &mut PayoutBatch) -> Result<(), ApiError> {
    if !matches!(
        batch.status,
        Status::Executed | Status::Partial | Status::Failed
    ) {
        return Ok(());
    }
    let trigger = Trigger::Reviewed {
        any_paid: batch.counts.paid > 0,
        any_failed: batch.counts.failed > 0,
    };
    let before = batch.status;
    batch.status = transition(batch.status, trigger)
        .map_err(|_| ApiError::internal("a finished batch follows its rows' review"))?;
    batch.updated_at_ms = tx.now_ms();
    if batch.status == before {
        return Ok(());
    }
    let event = match batch.status {
        Status::Partial => EventType::PayoutBatchPartial,
        Status::Failed => EventType::PayoutBatchFailed,
        _ => EventType::PayoutBatchExecuted,
    };
    emit(tx, batch, event)
}

/// Ends the run when its last row is taken and no payout of it is
/// PROCESSING: EXECUTED (none failed), PARTIAL or FAILED, with its event.
fn finish_if_done(tx: &mut Tx<'_>, batch: &mut PayoutBatch) -> Result<(), ApiError> {
    if batch.status != Status::Executing
        || batch.cursor <= batch.counts.rows
        || batch.counts.processing > 0
    {
        return Ok(());
    }
    let trigger = Trigger::Finish {
        any_paid: batch.counts.paid > 0,
        any_failed: batch.counts.failed > 0,
    };
    batch.status = transition(batch.status, trigger)
        .map_err(|_| ApiError::internal("an executing batch finishes"))?;
    let now = tx.now_ms();
    batch.updated_at_ms = now;
    if let Some(run) = batch.runs.last_mut() {
        run.finished_at_ms = Some(now);
    }
    let event = match batch.status {
        Status::Partial => EventType::PayoutBatchPartial,
        Status::Failed => EventType::PayoutBatchFailed,
        _ => EventType::PayoutBatchExecuted,
    };
    emit(tx, batch, event)
}

/// A `PayoutPoll` fired: when the payout belongs to a batch row that waits
/// for it (PROCESSING), the row follows the payout's outcome, and the batch
/// finishes if it was the last. Anything else does nothing, so a poll fired
/// twice moves nothing twice.
pub fn on_payout(tx: &mut Tx<'_>, payout_id: &str) -> Result<(), ApiError> {
    let Some(payout) = tx.object::<Payout>(payout_id)? else {
        return Ok(());
    };
    let Some(batch_ref) = &payout.batch else {
        return Ok(());
    };
    if !payout.status.is_final() {
        return Ok(());
    }
    let Some(mut batch) = tx.object::<PayoutBatch>(&batch_ref.id)? else {
        return Ok(());
    };
    let id = row_id(&batch.id, batch_ref.row);
    let Some(mut row) = tx.object::<BatchRow>(&id)? else {
        return Ok(());
    };
    let waiting = matches!(row.status, RowStatus::Processing | RowStatus::NeedsReview);
    if !waiting || row.payout.as_deref() != Some(payout_id) {
        return Ok(());
    }
    let mut trigger = payout_trigger(&payout, &mut row);
    if row.status == RowStatus::NeedsReview {
        // Only a review moves a row in review: its payout is PAID or FAILED now.
        trigger = match trigger {
            RowTrigger::Pay => RowTrigger::Resolve { paid: true },
            RowTrigger::Fail => RowTrigger::Resolve { paid: false },
            _ => return Ok(()),
        };
    }
    move_row(&mut batch, &mut row, trigger)?;
    row.updated_at_ms = tx.now_ms();
    tx.put_object(row.id.clone(), &row)?;
    follow_review(tx, &mut batch)?;
    finish_if_done(tx, &mut batch)?;
    save(tx, &batch)
}

fn save(tx: &mut Tx<'_>, batch: &PayoutBatch) -> Result<(), ApiError> {
    Ok(tx.put_object(batch.id.clone(), batch)?)
}

fn emit(tx: &mut Tx<'_>, batch: &PayoutBatch, event: EventType) -> Result<(), ApiError> {
    resource::emit(tx, event, batch, &batch_view(batch))
}

#[cfg(test)]
mod tests;
