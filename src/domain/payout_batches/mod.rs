//! Payout batches (spec section 4.8, origin behaviour section 12): many
//! payouts sent as JSON rows or a CSV, every row validated, stored with the
//! batch's totals and fees, and paid only once approved by someone other
//! than its maker (maker-checker), in chunks of rows (`execution`).
//!
//! The work is split so the writer only applies: [`prepare`] runs on the
//! request's worker over a snapshot (the streamed CSV parse, each row's
//! validation, wallet recipients, duplicates, totals, the rows' encoding);
//! [`create`] stores the batch and its rows in one command, with its event
//! and audit row. Rows are child records (`pbr_...`, listed by
//! `Rows::children(Child::PayoutBatchRow, batch)`), bounded by
//! [`ROWS_MAX`]; their ids sort in reverse line order, so the index (read
//! newest, that is greatest, first) lists them from line 1. Before
//! approval one row may be fixed or excluded (`edit`).

pub mod amount;
pub mod columns;
pub mod csv_rows;
mod edit;
mod execution;
pub mod export;
#[cfg(test)]
mod fuzzing;
mod payee;
pub mod readiness;
pub mod state;
pub mod validate;
mod view;

use crate::domain::resource::Kind;
use std::collections::HashMap;

use serde::{Deserialize, Serialize};

pub use self::columns::Cells;
pub use self::csv_rows::{CSV_BYTES_MAX, ROWS_MAX, RawRow};
pub use self::edit::{RowChange, edit_row, prepare_edit};
pub use self::execution::{CHUNK_ROWS_DEFAULT, CHUNK_ROWS_MAX, approve, on_chunk, on_payout};
use self::readiness::Maker;
use self::readiness::Readiness;
pub use self::state::{RowStatus, Status};
use self::state::{Trigger, transition};
use self::validate::{Destination, Duplicates, RowError, Rules};
use self::view::{BatchErrorView, RunView};
pub use self::view::{BatchList, RowList, batch_view, detailed, row_view};

use super::currency::Currency;
use super::resource;
use super::{audit, org, payouts, transfers};
use crate::auth::Principal;
use crate::error::{ApiError, Code, Missing};
use crate::events::EventType;
use crate::ledger::{self, Class};
use crate::mode::Mode;
use crate::store::keys::{self, Child, Family};
use crate::store::{Read, Tx};

/// The errors a batch keeps for its views (the rows keep all of theirs).
pub const ERRORS_SHOWN_MAX: usize = 100;
/// A batch's `reference` and `note`.
pub const REFERENCE_CHARS_MAX: usize = 100;
pub const NOTE_CHARS_MAX: usize = 500;
/// Characters kept of each cell of an INVALID row (a valid row's cells are
/// bounded by validation).
const INVALID_CELL_CHARS_MAX: usize = 200;

/// A row validated with the single payout's destination rule.
type Checked = validate::Checked<payouts::Destination>;

/// The fee of a row, on top of its amount: what paying it charges. A
/// mobile-money or bank row is a payout (`payouts::fee_minor`, decision
/// 107); a `wallet` row is a transfer (`transfers::fee_minor`).
pub fn row_fee_minor(amount_minor: i64, is_wallet: bool) -> i64 {
    if is_wallet {
        transfers::fee_minor(amount_minor)
    } else {
        payouts::fee_minor(amount_minor)
    }
}

/// How many rows are in each status now (they add up to `rows`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = PayoutBatchCounts)]
pub struct Counts {
    pub rows: u32,
    pub valid: u32,
    pub invalid: u32,
    pub paid: u32,
    pub failed: u32,
    pub skipped: u32,
    #[serde(default)]
    pub processing: u32,
    #[serde(default)]
    pub needs_review: u32,
}

impl Counts {
    /// The count of rows in `status`.
    fn of(&mut self, status: RowStatus) -> &mut u32 {
        match status {
            RowStatus::Valid => &mut self.valid,
            RowStatus::Invalid => &mut self.invalid,
            RowStatus::Paid => &mut self.paid,
            RowStatus::Failed => &mut self.failed,
            RowStatus::Skipped => &mut self.skipped,
            RowStatus::Processing => &mut self.processing,
            RowStatus::NeedsReview => &mut self.needs_review,
        }
    }
}

/// One approval of a batch and the execution it started.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Run {
    /// 1 for the first approval; a retry of the FAILED rows is the next.
    pub number: u32,
    pub approved_by: Maker,
    /// The approver's PIN was verified (step-up; the maker needs it).
    pub stepped_up: bool,
    pub approved_at_ms: i64,
    /// Rows it pays: the VALID ones, or on a retry the FAILED ones.
    pub rows: u32,
    /// Their amounts and fees, reserved at approval.
    pub reserved_minor: i64,
    /// What it did not spend (rows refused before anything moved), given
    /// back to available when its last row was taken.
    pub released_minor: i64,
    /// When its last row was decided and the batch left EXECUTING.
    pub finished_at_ms: Option<i64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = PayoutBatchCancellation)]
pub struct Cancellation {
    pub by: Maker,
    pub at: String,
    pub reason: Option<String>,
}

/// How the rows arrived.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = PayoutBatchSource)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    Csv,
    Rows,
}

/// `pb_...`: payout batchs, `payout_batch_not_found` when absent or another's.
pub const PAYOUT_BATCH: Kind = Kind::new(
    Family::new("pb"),
    Missing::new(Code::PayoutBatchNotFound, "payout batch"),
);

crate::domain::resource::record_and_view! {
    #[derive(Debug, Clone, Serialize, Deserialize)]
    pub struct PayoutBatch {
        pub id: String,
        pub mode: Mode,
        pub owner: String,
    }
    #[derive(Debug, Serialize, utoipa::ToSchema)]
    pub struct BatchView {
        pub id: String,
        /// Always `payout_batch`.
        pub object: &'static str,
        pub livemode: bool,
    }
    shared {
        pub status: Status,
        pub currency: String,
        pub reference: Option<String>,
        pub note: Option<String>,
        /// Invalid rows are SKIPPED when the batch executes; without it they block approval.
        pub skip_invalid: bool,
        pub source: Source,
    }
    record_tail {
        pub maker: Maker,
        pub counts: Counts,
        /// Amounts of the VALID rows at creation: what the batch pays.
        pub total_minor: i64,
        /// Their withdrawal fees.
        pub fees_minor: i64,
        /// Of those, already paid with their fees (execution keeps them).
        #[serde(default)]
        pub paid_minor: i64,
        #[serde(default)]
        pub paid_fees_minor: i64,
        /// Amounts and fees of the rows whose payout is PROCESSING or
        /// NEEDS_REVIEW: spent from a reservation, not paid, not due again.
        #[serde(default)]
        pub in_transit_minor: i64,
        /// What is left of the current run's reservation (in `reserved`).
        #[serde(default)]
        pub reserved_minor: i64,
        /// The next row (its number) the current run looks at.
        #[serde(default)]
        pub cursor: u32,
        /// Every approval, oldest first (at most [`RUNS_MAX`]).
        #[serde(default)]
        pub runs: Vec<Run>,
        /// The sandbox whose test clock execution follows (set at approval).
        #[serde(default)]
        pub sandbox: Option<String>,
        /// Who fixed or excluded a row, besides the maker (at most
        /// [`edit::EDITORS_MAX`]): each counts as a maker for approval.
        #[serde(default)]
        pub editors: Vec<Maker>,
        /// One more with every edit of a row: the writer stores an edit
        /// computed off the writer only if no other came first (`edit`).
        #[serde(default)]
        pub revision: u32,
        /// The first [`ERRORS_SHOWN_MAX`] row errors, by line.
        pub errors: Vec<BatchError>,
        pub error_count: u32,
        pub cancellation: Option<Cancellation>,
        pub created_at_ms: i64,
        pub updated_at_ms: i64,
    }
    view_tail {
        pub counts: Counts,
        /// Amounts of the VALID rows, in minor units: what the batch pays.
        pub total_minor: i64,
        /// Their fees, on top: a payout's (70 bps, half up, at least 1 minor unit) or, for a `wallet` row, a transfer's (75 bps).
        pub fees_minor: i64,
        /// total_minor + fees_minor: what the first approval reserves from the available balance.
        pub total_with_fees_minor: i64,
        /// Amounts of the PAID rows.
        pub paid_minor: i64,
        /// Their fees.
        pub paid_fees_minor: i64,
        /// What is left of the current run's reservation, in the `reserved`
        /// balance: rows not paid yet. 0 once the run has taken its last row.
        pub reserved_minor: i64,
        /// Every approval and the execution it started, oldest first.
        pub runs: Vec<RunView>,
        /// Who made it (approval needs someone else, or the maker with step-up).
        pub maker: Maker,
        /// Who fixed or excluded a row before approval, besides the maker:
        /// each counts as a maker, so approval needs someone else (or them with step-up).
        pub editors: Vec<Maker>,
        /// Row errors in the batch (the rows keep all of theirs).
        pub error_count: u32,
        /// The first 100 row errors, by line (on creation and `GET /payouts/batches/{id}`).
        #[serde(skip_serializing_if = "Option::is_none")]
        pub errors: Option<Vec<BatchErrorView>>,
        /// Whether it can be approved now (on creation and `GET /payouts/batches/{id}`).
        #[serde(skip_serializing_if = "Option::is_none")]
        pub readiness: Option<Readiness>,
        /// A page of its rows in line order (on creation: the first 50; on
        /// `GET /payouts/batches/{id}`: `limit` and `cursor`).
        #[serde(skip_serializing_if = "Option::is_none")]
        pub rows: Option<RowList>,
        pub cancellation: Option<Cancellation>,
        pub created_at: String,
        pub updated_at: String,
    }
}

crate::domain::resource::owned!(PayoutBatch);

impl PayoutBatch {
    /// What approval would reserve now: the rows still to pay (VALID and
    /// FAILED) and their fees.
    pub fn required_minor(&self) -> i64 {
        self.total_minor + self.fees_minor
            - self.paid_minor
            - self.paid_fees_minor
            - self.in_transit_minor
    }

    /// Its maker and whoever edited a row: none of them approves alone.
    pub fn makers(&self) -> impl Iterator<Item = &Maker> {
        std::iter::once(&self.maker).chain(&self.editors)
    }
}

/// One row's error, kept on the batch for its views.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BatchError {
    pub row: u32,
    pub line: u64,
    pub error: StoredError,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StoredError {
    pub field: Option<String>,
    pub code: String,
    pub message: String,
}

impl From<&RowError> for StoredError {
    fn from(e: &RowError) -> StoredError {
        StoredError {
            field: e.field.map(str::to_string),
            code: e.code.to_string(),
            message: e.message.clone(),
        }
    }
}

/// A row of a batch: its own record, child of the batch.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BatchRow {
    pub id: String,
    pub batch: String,
    /// 1-based among the rows.
    pub row: u32,
    /// The CSV line where it starts (the header is line 1); for JSON rows, `row`.
    pub line: u64,
    pub status: RowStatus,
    pub cells: Cells,
    /// Set when VALID (and then for ever).
    pub amount_minor: Option<i64>,
    pub fee_minor: Option<i64>,
    /// A `wallet` row's receiving organisation.
    pub recipient: Option<String>,
    pub errors: Vec<StoredError>,
    pub updated_at_ms: i64,
    /// Its latest payout (`po_...`), once executed.
    #[serde(default)]
    pub payout: Option<String>,
    /// A `wallet` row's transfer (`tr_...`), once paid.
    #[serde(default)]
    pub transfer: Option<String>,
    /// Why it is FAILED: its payout's `failure_reason`, or the refusal that
    /// stopped it before anything moved.
    #[serde(default)]
    pub failure: Option<StoredError>,
    /// Times a run tried to pay it.
    #[serde(default)]
    pub attempts: u32,
}

/// `pbr_<the batch's suffix><99999 − row>`: unique, tied to its batch, and
/// sorting in reverse row order (see the module doc).
fn row_id(batch_id: &str, row: u32) -> String {
    let suffix = batch_id.strip_prefix("pb_").unwrap_or(batch_id);
    format!("pbr_{suffix}{:05}", 99_999 - row.min(99_999))
}

/// A validated `POST /payouts/batches`.
pub struct NewBatch {
    pub currency: Currency,
    pub reference: Option<String>,
    pub note: Option<String>,
    pub skip_invalid: bool,
    pub rows: NewRows,
}

pub enum NewRows {
    Csv(String),
    /// JSON rows, already in cells (at most [`ROWS_MAX`]).
    Rows(Vec<RawRow>),
}

/// A batch ready to store: everything computed, the rows encoded.
#[derive(Clone)]
pub struct Prepared {
    batch: PayoutBatch,
    /// `(id, encoded record)` of every row, in row order.
    rows: Vec<(String, Vec<u8>)>,
    /// The first page of rows, for the answer.
    first_rows: Vec<BatchRow>,
}

/// Reads, validates and totals a new batch's rows on the caller's worker
/// (see the module doc); refuses the whole batch (nothing stored) only for
/// a CSV that cannot be read or is too large.
pub fn prepare(
    read: &impl Read,
    principal: &Principal,
    new: NewBatch,
    now_ms: i64,
) -> Result<Prepared, ApiError> {
    let rules = rules(new.currency);
    let mut checked: Vec<Checked> = Vec::new();
    let source = match new.rows {
        NewRows::Csv(text) => {
            csv_rows::read(&text, |raw| checked.push(validate::check_row(raw, &rules)))
                .map_err(csv_refused)?;
            Source::Csv
        }
        NewRows::Rows(raws) => {
            checked.extend(raws.into_iter().map(|raw| validate::check_row(raw, &rules)));
            Source::Rows
        }
    };
    let mut recipients = Recipients::new(read, principal);
    let mut duplicates = Duplicates::default();
    for row in &mut checked {
        recipients.resolve(row)?;
        duplicates.check(row);
    }
    let id = PAYOUT_BATCH.new_id();
    let rows: Vec<BatchRow> = checked
        .into_iter()
        .map(|c| stored_row(&id, c, now_ms))
        .collect();
    let batch = PayoutBatch {
        id: id.clone(),
        mode: principal.mode,
        owner: principal.owner().to_string(),
        status: Status::PendingApproval,
        currency: new.currency.code.to_string(),
        reference: new.reference,
        note: new.note,
        skip_invalid: new.skip_invalid,
        source,
        maker: Maker::of(principal),
        counts: Counts::default(),
        total_minor: 0,
        fees_minor: 0,
        paid_minor: 0,
        paid_fees_minor: 0,
        in_transit_minor: 0,
        reserved_minor: 0,
        cursor: 0,
        runs: Vec::new(),
        sandbox: None,
        editors: Vec::new(),
        revision: 0,
        errors: Vec::new(),
        error_count: 0,
        cancellation: None,
        created_at_ms: now_ms,
        updated_at_ms: now_ms,
    };
    let batch = totalled(batch, &rows)?;
    let encoded = rows
        .iter()
        .map(|r| Ok((r.id.clone(), crate::store::encode(r)?)))
        .collect::<Result<Vec<_>, ApiError>>()?;
    let first_rows = rows
        .into_iter()
        .take(crate::domain::list::LIST_LIMIT_DEFAULT)
        .collect();
    Ok(Prepared {
        batch,
        rows: encoded,
        first_rows,
    })
}

/// What every row of a batch in `currency` is checked against (creation
/// and a fixed row alike).
fn rules(currency: Currency) -> Rules<'static> {
    Rules {
        currency: currency.code,
        exponent: currency.exponent,
        // A row is a payout or a transfer: both start at 100 minor units.
        amount_minor_min: payouts::AMOUNT_MIN_MINOR.max(transfers::AMOUNT_MIN_MINOR),
    }
}

/// The answer to a CSV that is refused as a whole: 413 when too large, 400
/// when it cannot be read; `param` is `csv`.
fn csv_refused(error: csv_rows::CsvError) -> ApiError {
    let code = if error.is_too_large() {
        Code::BatchTooLarge
    } else {
        Code::InvalidCsv
    };
    ApiError::new(code, error.to_string()).with_param("csv")
}

/// The receiving organisations of `wallet` rows, each handle looked up once.
struct Recipients<'a, R: Read> {
    read: &'a R,
    owner: &'a str,
    found: HashMap<String, Result<String, RowError>>,
}

impl<'a, R: Read> Recipients<'a, R> {
    fn new(read: &'a R, principal: &'a Principal) -> Self {
        Recipients {
            read,
            owner: principal.owner(),
            found: HashMap::new(),
        }
    }

    /// Replaces a valid wallet row's handle with the organisation's id, or
    /// makes the row invalid.
    fn resolve(&mut self, row: &mut Checked) -> Result<(), ApiError> {
        let Ok(validate::Valid {
            destination: Destination::Wallet { to },
            ..
        }) = &mut row.outcome
        else {
            return Ok(());
        };
        if !self.found.contains_key(to.as_str()) {
            let answer = self.look_up(to)?;
            self.found.insert(to.clone(), answer);
        }
        match &self.found[to.as_str()] {
            Ok(org_id) => *to = org_id.clone(),
            Err(error) => row.refuse(error.clone()),
        }
        Ok(())
    }

    fn look_up(&self, to: &str) -> Result<Result<String, RowError>, ApiError> {
        let refuse = |code, message: String| Ok(Err(RowError::new(Some("wallet"), code, message)));
        match org::find_by_handle(self.read, to)? {
            None => refuse(
                "recipient_not_found",
                format!("no organisation of this gateway is {to:?}"),
            ),
            Some(o) if o.id == self.owner => refuse(
                "self_payout",
                format!("{to} is this organisation: a payout to itself moves nothing"),
            ),
            Some(o) if !o.admits(org::state::Trigger::Receive) => refuse(
                "recipient_inactive",
                format!("{to} is disabled and cannot receive money"),
            ),
            Some(o) => Ok(Ok(o.id)),
        }
    }
}

fn stored_row(batch_id: &str, checked: Checked, now_ms: i64) -> BatchRow {
    let (status, amount_minor, recipient, errors, cells) = match checked.outcome {
        Ok(valid) => {
            let recipient = match valid.destination {
                Destination::Wallet { to } => Some(to),
                _ => None,
            };
            (
                RowStatus::Valid,
                Some(valid.amount_minor),
                recipient,
                Vec::new(),
                checked.cells,
            )
        }
        Err(errors) => (
            RowStatus::Invalid,
            None,
            None,
            errors.iter().map(StoredError::from).collect(),
            checked.cells.truncated(INVALID_CELL_CHARS_MAX),
        ),
    };
    BatchRow {
        id: row_id(batch_id, checked.row),
        batch: batch_id.to_string(),
        row: checked.row,
        line: checked.line,
        status,
        cells,
        amount_minor,
        fee_minor: amount_minor.map(|a| row_fee_minor(a, recipient.is_some())),
        recipient,
        errors,
        updated_at_ms: now_ms,
        payout: None,
        transfer: None,
        failure: None,
        attempts: 0,
    }
}

/// The batch with its counts, totals and first errors from its rows, before
/// any approval (rows VALID, INVALID, or SKIPPED when excluded, whose errors
/// no longer count).
fn totalled(mut batch: PayoutBatch, rows: &[BatchRow]) -> Result<PayoutBatch, ApiError> {
    let overflow = || ApiError::internal("a batch's total overflows i64");
    for row in rows {
        batch.counts.rows += 1;
        *batch.counts.of(row.status) += 1;
        if row.status == RowStatus::Valid {
            let (amount, fee) = (row.amount_minor.unwrap_or(0), row.fee_minor.unwrap_or(0));
            batch.total_minor = batch.total_minor.checked_add(amount).ok_or_else(overflow)?;
            batch.fees_minor = batch.fees_minor.checked_add(fee).ok_or_else(overflow)?;
        }
        if row.status == RowStatus::Skipped {
            continue;
        }
        for error in &row.errors {
            batch.error_count += 1;
            if batch.errors.len() < ERRORS_SHOWN_MAX {
                batch.errors.push(BatchError {
                    row: row.row,
                    line: row.line,
                    error: error.clone(),
                });
            }
        }
    }
    batch
        .total_minor
        .checked_add(batch.fees_minor)
        .ok_or_else(overflow)?;
    Ok(batch)
}

/// `POST /payouts/batches`, in the writer: stores the prepared batch and its
/// rows, emits `payout_batch.created`, records the audit row, and answers
/// the batch with its readiness, first errors and first page of rows.
pub fn create(
    tx: &mut Tx<'_>,
    principal: &Principal,
    prepared: Prepared,
) -> Result<BatchView, ApiError> {
    let Prepared {
        batch,
        rows,
        first_rows,
    } = prepared;
    resource::insert(tx, PAYOUT_BATCH.family, &batch)?;
    let prefix = keys::child_prefix(Child::PayoutBatchRow, &batch.id);
    let more = rows.len() > first_rows.len();
    for (id, bytes) in rows {
        tx.put_index(format!("{prefix}{id}"), Vec::new());
        tx.put_object_bytes(id, bytes);
    }
    resource::emit(
        tx,
        EventType::PayoutBatchCreated,
        &batch,
        &batch_view(&batch),
    )?;
    let details = serde_json::json!({
        "currency": batch.currency,
        "rows": batch.counts.rows,
        "invalid_rows": batch.counts.invalid,
        "total_minor": batch.total_minor,
        "fees_minor": batch.fees_minor,
    });
    audit::record(
        tx,
        &audit::Actor::of(principal),
        "payout_batch.created",
        Some(&batch.id),
        details,
    )?;
    let next_cursor = more
        .then(|| first_rows.last().map(|r| r.id.clone()))
        .flatten();
    answered(tx, principal, &batch, &first_rows, next_cursor)
}

/// The batch as a command that made or changed it answers: its readiness
/// against the available balance as the command sees it (shown to a caller
/// who may read balances), and its first rows.
fn answered(
    tx: &Tx<'_>,
    principal: &Principal,
    batch: &PayoutBatch,
    first_rows: &[BatchRow],
    next_cursor: Option<String>,
) -> Result<BatchView, ApiError> {
    let available_minor = available_in_tx(tx, batch)?;
    let page = RowList::page(first_rows.iter().map(row_view).collect(), next_cursor);
    Ok(detailed(
        batch,
        available_minor,
        principal.may("balance:read"),
        page,
    ))
}

/// The batch's currency's available balance, as the command sees it.
fn available_in_tx(tx: &Tx<'_>, batch: &PayoutBatch) -> Result<i64, ApiError> {
    let account =
        ledger::merchant_account(batch.mode, &batch.owner, &batch.currency, Class::Available);
    Ok(ledger::balance(tx, &account)?)
}

/// The available balance of the batch's currency in a snapshot (`GET`).
pub fn available(snapshot: &crate::store::Snapshot, batch: &PayoutBatch) -> Result<i64, ApiError> {
    let balances = ledger::balances(snapshot, batch.mode, &batch.owner)?;
    Ok(balances
        .iter()
        .find(|b| b.currency == batch.currency)
        .map_or(0, |b| b.of(Class::Available)))
}

/// `POST /payouts/batches/{id}/cancel`: only while PENDING_APPROVAL; the
/// rows stay as they are and nothing was reserved, so nothing moves.
pub fn cancel(
    tx: &mut Tx<'_>,
    principal: &Principal,
    id: &str,
    reason: Option<String>,
) -> Result<PayoutBatch, ApiError> {
    let mut batch = read(tx, principal, id)?;
    let trigger = Trigger::Cancel;
    batch.status = transition(batch.status, trigger).map_err(|_| {
        ApiError::new(
            Code::PayoutBatchNotCancellable,
            format!(
                "payout batch {} is {}; only a batch PENDING_APPROVAL can {}",
                batch.id,
                batch.status.as_str(),
                trigger.verb()
            ),
        )
    })?;
    let now = tx.now_ms();
    batch.updated_at_ms = now;
    batch.cancellation = Some(Cancellation {
        by: Maker::of(principal),
        at: crate::clock::rfc3339(now),
        reason: reason.clone(),
    });
    tx.put_object(batch.id.clone(), &batch)?;
    resource::emit(
        tx,
        EventType::PayoutBatchCancelled,
        &batch,
        &batch_view(&batch),
    )?;
    audit::record(
        tx,
        &audit::Actor::of(principal),
        "payout_batch.cancelled",
        Some(&batch.id),
        serde_json::json!({ "reason": reason }),
    )?;
    Ok(batch)
}

/// The batch `id` when `principal` owns it.
pub fn read(read: &impl Read, principal: &Principal, id: &str) -> Result<PayoutBatch, ApiError> {
    resource::find(read, principal, id, &PAYOUT_BATCH)
}

/// Every row of `batch`, in row order (bounded by [`ROWS_MAX`]), for the export.
pub fn all_rows(read: &impl Read, batch: &PayoutBatch) -> Result<Vec<BatchRow>, ApiError> {
    let prefix = keys::child_prefix(Child::PayoutBatchRow, &batch.id);
    let index = read.scan_index_rev(&prefix, ROWS_MAX)?;
    let mut rows = Vec::with_capacity(index.len());
    for (key, _) in index {
        let id = crate::store::keys::id_of(&key);
        if let Some(row) = read.object::<BatchRow>(id)? {
            rows.push(row);
        }
    }
    Ok(rows)
}

/// The rows of `batch` as CSV (see `export`).
pub fn export_csv(
    snapshot: &crate::store::Snapshot,
    batch: &PayoutBatch,
) -> Result<Vec<u8>, ApiError> {
    let rows = all_rows(snapshot, batch)?;
    let export_rows = rows.iter().map(|r| export::ExportRow {
        line: r.line,
        status: r.status.as_str(),
        cells: &r.cells,
        errors: r
            .errors
            .iter()
            .map(|e| e.message.as_str())
            .collect::<Vec<_>>()
            .join("; "),
    });
    export::write(export_rows).map_err(ApiError::internal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_pays_the_single_payouts_fee_or_a_wallet_row_the_transfers() {
        assert_eq!(row_fee_minor(100, false), 1, "at least 1");
        assert_eq!(row_fee_minor(15_000, false), 105);
        assert_eq!(row_fee_minor(1_000_071, false), 7_000);
        assert_eq!(row_fee_minor(1_000_072, false), 7_001, "half up");
        assert_eq!(
            row_fee_minor(1_000_072, false),
            payouts::fee_minor(1_000_072)
        );
        assert_eq!(row_fee_minor(10_000, true), transfers::fee_minor(10_000));
        assert_eq!(row_fee_minor(10_000, true), 75);
    }

    #[test]
    fn row_ids_belong_to_their_batch_and_sort_in_reverse_row_order() {
        let batch = PAYOUT_BATCH.new_id();
        let ids: Vec<String> = (1..=ROWS_MAX as u32).map(|r| row_id(&batch, r)).collect();
        assert!(
            ids.windows(2).all(|w| w[0] > w[1]),
            "greatest first is row 1"
        );
        for id in [&ids[0], &ids[ROWS_MAX - 1]] {
            assert!(crate::ids::is_id(id, "pbr"), "{id}");
            assert!(id.contains(batch.trim_start_matches("pb_")));
        }
    }

    #[test]
    fn a_prepared_batch_is_stored_with_its_rows_listed_in_line_order() {
        let store = crate::store::Store::ephemeral().expect("store");
        let principal = Principal::system("test", "org_a", Mode::Test);
        let text = "method,amount,operator_id,phone,name\n\
                    mobile_money,10,mpesa,+243810000001,Al\n\
                    mobile_money,x,mpesa,+243810000002,Bo\n\
                    mobile_money,30,mpesa,+243810000003,Cy\n";
        let new = NewBatch {
            currency: super::super::currency::find("CDF").expect("cdf"),
            reference: None,
            note: None,
            skip_invalid: false,
            rows: NewRows::Csv(text.into()),
        };
        let snapshot = store.snapshot().expect("snapshot");
        let prepared = prepare(&snapshot, &principal, new, 0).expect("prepared");
        let view = store
            .write_now(0, |tx| create(tx, &principal, prepared))
            .expect("created");
        let snapshot = store.snapshot().expect("snapshot");
        let batch = read(&snapshot, &principal, &view.id).expect("read");
        assert_eq!(
            (batch.counts.valid, batch.counts.invalid, batch.total_minor),
            (2, 1, 4_000)
        );
        assert_eq!((batch.fees_minor, batch.required_minor()), (7 + 21, 4_028));
        let rows = all_rows(&snapshot, &batch).expect("rows");
        let lines: Vec<u64> = rows.iter().map(|r| r.line).collect();
        assert_eq!(lines, vec![2, 3, 4]);
        assert_eq!(rows[1].status, RowStatus::Invalid);
        assert_eq!(batch.errors[0].error.field.as_deref(), Some("amount"));
        let other = Principal::system("test", "org_b", Mode::Test);
        let hidden = read(&snapshot, &other, &batch.id).expect_err("another owner");
        assert_eq!(hidden.code, Code::PayoutBatchNotFound);
    }
}
