//! Payout batches (spec section 4.8): the CSV columns, creation from JSON
//! rows or a CSV, lists, one batch with its rows and readiness (or its rows
//! as CSV), a row fixed or excluded before approval
//! (`domain::payout_batches::edit`), approval (which pays it,
//! `domain::payout_batches::execution`) and cancellation.

use crate::domain::payout_batches::PAYOUT_BATCH;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

use super::command;
use super::command::Write;
use super::extract::{Body, Params, Path, Reader, json};
use super::list::{self, Rows};
use super::operations::operations;
use super::step_up;
use crate::domain::currency::{self, Currency};
use crate::domain::fields;
use crate::domain::payout_batches::columns::{Column, METHODS, Required};
use crate::domain::payout_batches::{
    self as batches, BatchList, BatchView, Cells, NewBatch, NewRows, PayoutBatch, RawRow,
    RowChange, RowList, Status, amount::format_major,
};
use crate::domain::step_up::Proof;
use crate::error::{ApiError, Code, ErrorBody};
use crate::store::keys::Child;

operations! {
    columns: scope("payouts:read"),
    create: scope("payouts:write").ik_required(),
    list: scope("payouts:read"),
    retrieve: scope("payouts:read"),
    approve: scope("payouts:approve").moving_money(),
    cancel: scope("payouts:write"),
    // Not in the spec (issue 48 item 8, decision 570): the role permission
    // and key scope that create batches.
    fix_row: scope("payouts:write").added(),
    exclude_row: scope("payouts:write").added(),
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ColumnView {
    pub name: &'static str,
    /// The methods whose rows must fill it (all three for `method` and `amount`).
    pub required_for: Vec<&'static str>,
    pub description: &'static str,
    pub example: &'static str,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MethodColumnsView {
    pub method: &'static str,
    /// Besides `method` and `amount`.
    pub required: Vec<&'static str>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BatchColumnsView {
    /// Always `payout_batch_columns`.
    pub object: &'static str,
    /// In the origin's order, which the export keeps.
    pub columns: Vec<ColumnView>,
    pub methods: Vec<MethodColumnsView>,
    pub rows_max: usize,
    pub csv_bytes_max: usize,
}

fn required_for(column: Column) -> Vec<&'static str> {
    match column.required() {
        Required::Always => METHODS.to_vec(),
        Required::For(method) => vec![method],
        Required::ForBankDetails => vec!["bank"],
        Required::Optional => Vec::new(),
    }
}

#[utoipa::path(get, path = "/payouts/batches/columns", tag = "payouts",
    responses((status = 200, description = "The CSV columns (and JSON row fields) of a batch, and which each method requires", body = BatchColumnsView)))]
pub async fn columns() -> Result<Response, ApiError> {
    let columns = Column::ALL
        .iter()
        .map(|c| ColumnView {
            name: c.name(),
            required_for: required_for(*c),
            description: c.description(),
            example: c.example(),
        })
        .collect();
    let methods = METHODS
        .iter()
        .map(|m| MethodColumnsView {
            method: m,
            required: Column::ALL
                .iter()
                .filter(|c| c.required() != Required::Always && required_for(**c).contains(m))
                .map(|c| c.name())
                .collect(),
        })
        .collect();
    json(
        200,
        &BatchColumnsView {
            object: "payout_batch_columns",
            columns,
            methods,
            rows_max: batches::ROWS_MAX,
            csv_bytes_max: batches::CSV_BYTES_MAX,
        },
    )
}

/// One row as JSON: the CSV's columns as fields.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = PayoutBatchRowInput)]
pub struct RowInput {
    /// `mobile_money`, `bank` or `wallet`.
    pub method: Option<String>,
    /// In MAJOR units as a string (`"1500.50"`), or a whole number; a JSON
    /// number with a fraction is refused (it is a float). Or `amount_minor`.
    #[serde(default, deserialize_with = "major_amount")]
    #[schema(value_type = Option<String>, example = "1500.50")]
    pub amount: Option<String>,
    /// Instead of `amount`: minor units.
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    pub amount_minor: Option<i64>,
    pub wallet: Option<String>,
    pub operator_id: Option<String>,
    pub phone: Option<String>,
    pub name: Option<String>,
    pub bank_name: Option<String>,
    pub account_name: Option<String>,
    pub account_number: Option<String>,
    pub country: Option<String>,
    pub swift: Option<String>,
    pub bank_account_id: Option<String>,
    pub reference: Option<String>,
}

/// An amount in major units: a string, or a whole JSON number; never a float.
fn major_amount<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    match Option::<serde_json::Value>::deserialize(deserializer)? {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(serde_json::Value::String(s)) => Ok(Some(s)),
        Some(serde_json::Value::Number(n)) if n.is_u64() => Ok(Some(n.to_string())),
        Some(other) => Err(serde::de::Error::custom(format!(
            "amount must be a string in major units such as \"12.50\" (a JSON number with a fraction is a float, which is not exact), or amount_minor; got {other}"
        ))),
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateBatch {
    /// The batch's currency: every row pays in it.
    pub currency: String,
    /// The rows as JSON (at most 5,000); or `csv`, not both.
    #[schema(max_items = 5000)]
    pub rows: Option<Vec<RowInput>>,
    /// The text of a CSV file: a header naming the columns
    /// (`GET /payouts/batches/columns`), then one row per line; at most
    /// 5,000 rows and 1 MiB. A UTF-8 BOM, CRLF and quoted fields are fine.
    #[schema(max_length = 1_048_576)]
    pub csv: Option<String>,
    /// Yours, at most 100 characters.
    #[schema(max_length = 100)]
    pub reference: Option<String>,
    #[schema(max_length = 500)]
    pub note: Option<String>,
    /// Invalid rows are SKIPPED at execution instead of blocking approval.
    pub skip_invalid: Option<bool>,
}

/// JSON rows as the CSV reader would hand them over: cells by column, each
/// row's `line` its position.
fn json_rows(rows: Vec<RowInput>, currency: Currency) -> Result<Vec<RawRow>, ApiError> {
    if rows.len() > batches::ROWS_MAX {
        return Err(ApiError::new(
            Code::BatchTooLarge,
            format!(
                "rows holds {} rows; a batch holds at most {}: split it into several batches",
                rows.len(),
                batches::ROWS_MAX
            ),
        )
        .with_param("rows"));
    }
    if rows.is_empty() {
        return Err(ApiError::field("rows", "rows must hold at least one row"));
    }
    rows.into_iter()
        .enumerate()
        .map(|(i, input)| json_row(i, input, currency))
        .collect()
}

fn json_row(i: usize, input: RowInput, currency: Currency) -> Result<RawRow, ApiError> {
    let cells = cells_of(input, currency, &format!("rows[{i}]."))?;
    let row = u32::try_from(i + 1).unwrap_or(u32::MAX);
    Ok(RawRow {
        row,
        line: u64::from(row),
        cells,
        cells_found: None,
    })
}

/// A JSON row's cells by column (a field left out is an empty cell); `at`
/// prefixes the `param` of a refusal (`rows[3].`, or nothing for one row).
fn cells_of(input: RowInput, currency: Currency, at: &str) -> Result<Cells, ApiError> {
    let amount = match (input.amount, input.amount_minor) {
        (Some(_), Some(_)) => {
            return Err(ApiError::field(
                format!("{at}amount_minor"),
                "give amount (major units) or amount_minor, not both",
            ));
        }
        (None, Some(minor)) => {
            let param = format!("{at}amount_minor");
            let minor = crate::domain::intents::input::amount(&param, minor)?;
            Some(format_major(minor, currency.exponent))
        }
        (amount, None) => amount,
    };
    let mut cells = Cells::default();
    for (column, value) in [
        (Column::Method, input.method),
        (Column::Amount, amount),
        (Column::Wallet, input.wallet),
        (Column::OperatorId, input.operator_id),
        (Column::Phone, input.phone),
        (Column::Name, input.name),
        (Column::BankName, input.bank_name),
        (Column::AccountName, input.account_name),
        (Column::AccountNumber, input.account_number),
        (Column::Country, input.country),
        (Column::Swift, input.swift),
        (Column::BankAccountId, input.bank_account_id),
        (Column::Reference, input.reference),
    ] {
        cells.set(column, value.as_deref().unwrap_or(""));
    }
    Ok(cells)
}

#[utoipa::path(post, path = "/payouts/batches", tag = "payouts", request_body = CreateBatch,
    responses((status = 201, description = "The batch, PENDING_APPROVAL: every row VALID or INVALID (with its errors by line and field), totals and fees, readiness, and its first 50 rows", body = BatchView),
              (status = 400, description = "rows and csv both (param `csv`) or neither; invalid_csv: the CSV cannot be read as a whole; a field (`param` names it). Nothing stored", body = ErrorBody),
              (status = 413, description = "batch_too_large: more than 5,000 rows or a CSV over 1 MiB (payload_too_large: a body over 1 MiB). Nothing stored", body = ErrorBody)))]
pub async fn create(
    Write(state, caller, claim): Write,
    Body(input): Body<CreateBatch>,
) -> Result<Response, ApiError> {
    if input.rows.is_some() && input.csv.is_some() {
        return Err(ApiError::field(
            "csv",
            "send rows (JSON) or csv (the text of a CSV file), not both",
        ));
    }
    let currency = currency::parse("currency", &input.currency)?;
    let rows = match (input.rows, input.csv) {
        (Some(rows), _) => NewRows::Rows(json_rows(rows, currency)?),
        (None, Some(csv)) => NewRows::Csv(csv),
        (None, None) => {
            return Err(ApiError::field(
                "rows",
                "send the batch's rows: rows (JSON objects) or csv (the text of a CSV file)",
            ));
        }
    };
    let new = NewBatch {
        currency,
        reference: fields::text("reference", input.reference, batches::REFERENCE_CHARS_MAX)?,
        note: fields::text("note", input.note, batches::NOTE_CHARS_MAX)?,
        skip_invalid: input.skip_invalid.unwrap_or(false),
        rows,
    };
    let snapshot = state.store.snapshot()?;
    let now_ms = state.now_for(&snapshot, &caller)?;
    let prepared = batches::prepare(&snapshot, &caller, new, now_ms)?;
    drop(snapshot);
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        batches::create(tx, &caller, prepared)
    })
    .await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct BatchQuery {
    /// Only batches in this status.
    status: Option<Status>,
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^pb_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

#[utoipa::path(get, path = "/payouts/batches", tag = "payouts", params(BatchQuery),
    responses((status = 200, description = "Batches, newest first (without rows, errors and readiness)", body = BatchList)))]
pub async fn list(
    Reader(state, caller): Reader,
    Params(query): Params<BatchQuery>,
) -> Result<Response, ApiError> {
    let keep = |b: &PayoutBatch| query.status.is_none_or(|s| b.status == s);
    let rows = Rows::owned(PAYOUT_BATCH.family, &caller);
    let snapshot = state.store.snapshot()?;
    let found = list::page(&snapshot, rows, query.limit, query.cursor.as_deref(), keep)?;
    json(200, &found.map(|b| batches::batch_view(&b)))
}

/// The answer's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[schema(as = PayoutBatchFormat)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Json,
    Csv,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct RetrieveQuery {
    /// `json` (default): the batch with a page of rows; `csv`: every row as
    /// a CSV file (the batch's columns, then line, status, errors).
    #[param(inline)]
    format: Option<Format>,
    /// Rows per page, 1 to 200; default 50 (JSON only).
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The rows' `next_cursor` of the previous page (JSON only).
    #[param(pattern = "^pbr_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

#[utoipa::path(get, path = "/payouts/batches/{id}", tag = "payouts",
    params(("id" = String, Path, description = "pb_..."), RetrieveQuery),
    responses((status = 200, description = "The batch with its readiness, first errors and a page of rows in line order; with format=csv, every row as CSV (formula cells neutralised with a leading ')", content(
                  (BatchView = "application/json"),
                  (String = "text/csv"))),
              (status = 404, description = "payout_batch_not_found", body = ErrorBody)))]
pub async fn retrieve(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
    Params(query): Params<RetrieveQuery>,
) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let batch = batches::read(&snapshot, &caller, &id)?;
    if query.format == Some(Format::Csv) {
        let body = batches::export_csv(&snapshot, &batch)?;
        let disposition = format!("attachment; filename=\"{}.csv\"", batch.id);
        return Ok((
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
                (header::CONTENT_DISPOSITION, disposition),
            ],
            body,
        )
            .into_response());
    }
    let rows = Rows::children(Child::PayoutBatchRow, &batch.id);
    let page: RowList = list::page(
        &snapshot,
        rows,
        query.limit,
        query.cursor.as_deref(),
        |_| true,
    )?
    .map(|r| batches::row_view(&r));
    let available_minor = batches::available(&snapshot, &batch)?;
    let shows_balance = caller.may("balance:read");
    json(
        200,
        &batches::detailed(&batch, available_minor, shows_balance, page),
    )
}

/// A PIN is at most this long (team PINs are 4 to 12 digits).
const PIN_CHARS_MAX: usize = 12;

#[derive(Debug, Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct ApproveBatch {
    /// The approving team member's PIN (step-up): needed when the approver
    /// made the batch. An API key never provides step-up, so it is ignored
    /// for a key.
    #[schema(max_length = 12)]
    pub pin: Option<String>,
}

#[utoipa::path(post, path = "/payouts/batches/{id}/approve", tag = "payouts",
    params(("id" = String, Path, description = "pb_...")),
    request_body(content = ApproveBatch, description = "`pin` when the approver made the batch"),
    responses((status = 200, description = "Approved: its rows and fees are reserved and it executes (EXECUTING); a batch whose rows fit in one chunk answers EXECUTED, PARTIAL or FAILED at once. Payout_batch.approved, then payout_batch.executed, .partial or .failed", body = BatchView),
              (status = 403, description = "step_up_required: the approver made the batch (an API key acts as the owner) and sent no PIN, or a wrong one", body = ErrorBody),
              (status = 404, description = "payout_batch_not_found", body = ErrorBody),
              (status = 409, description = "payout_batch_not_approvable: not PENDING_APPROVAL, PARTIAL or FAILED (EXECUTING: another approval runs it), or approved 10 times", body = ErrorBody),
              (status = 422, description = "payout_batch_not_ready: invalid rows without skip_invalid, or no row to pay; insufficient_funds: available is short of the rows and fees. Nothing moved", body = ErrorBody)))]
pub async fn approve(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(input): Body<ApproveBatch>,
) -> Result<Response, ApiError> {
    // Any PIN within the bound is checked (a wrong one is 403); a longer one
    // is never hashed.
    if input
        .pin
        .as_ref()
        .is_some_and(|p| p.chars().count() > PIN_CHARS_MAX)
    {
        return Err(ApiError::field(
            "pin",
            format!("pin must be at most {PIN_CHARS_MAX} characters"),
        ));
    }
    let pin = input.pin;
    // Not found before a PIN is checked: another organisation's batch says
    // nothing, and costs no PIN attempt.
    batches::read(&state.store.snapshot()?, &caller, &id)?;
    let stepped_up = match (&caller.session, pin) {
        (Some(_), Some(pin)) => {
            let proof = Proof::Pin(Some(&pin));
            step_up::require(&state, &caller, proof, "approving a payout batch").await?;
            true
        }
        _ => false,
    };
    let chunk_rows = state.settings.payout_batch_chunk_rows;
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let batch = batches::approve(tx, &caller, &id, stepped_up, chunk_rows)?;
        Ok(batches::batch_view(&batch))
    })
    .await
}

#[utoipa::path(post, path = "/payouts/batches/{id}/rows/{row}", tag = "payouts",
    params(("id" = String, Path, description = "pb_..."),
           ("row" = u32, Path, description = "The row's number, 1 to counts.rows (its `row`, not its CSV line)", minimum = 1, maximum = 5000)),
    request_body(content = RowInput, description = "The row's columns, all of them, as a corrected CSV line: a field left out is empty"),
    responses((status = 200, description = "Fixed: the row is VALID with these values, and the batch's counts, totals, fees, errors and readiness are computed again (still PENDING_APPROVAL). The caller joins `editors`: another member approves. Payout_batch.updated", body = BatchView),
              (status = 400, description = "The values do not pass a CSV row's validation (`param` names the first column at fault, the message says every error; `duplicate` on reference repeats another row), or amount and amount_minor both. Nothing changed", body = ErrorBody),
              (status = 404, description = "payout_batch_not_found; payout_batch_row_not_found (param `row`)", body = ErrorBody),
              (status = 409, description = "payout_batch_not_editable: the batch is not PENDING_APPROVAL, the row was excluded (param `row`), or 20 people edited it already. Nothing changed", body = ErrorBody)))]
pub async fn fix_row(
    Write(state, caller, claim): Write,
    Path((id, row)): Path<(String, u32)>,
    Body(input): Body<RowInput>,
) -> Result<Response, ApiError> {
    // The currency is the batch's: read it to turn amount_minor into the
    // major units a cell holds (the writer reads the batch again).
    let batch = batches::read(&state.store.snapshot()?, &caller, &id)?;
    let currency = currency::parse("currency", &batch.currency)?;
    let cells = cells_of(input, currency, "")?;
    let change = RowChange::Fix(Box::new(cells));
    edit(state, caller, claim, (&id, row), change).await
}

#[derive(Debug, Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct ExcludeRow {}

#[utoipa::path(post, path = "/payouts/batches/{id}/rows/{row}/exclude", tag = "payouts",
    params(("id" = String, Path, description = "pb_..."),
           ("row" = u32, Path, description = "The row's number, 1 to counts.rows", minimum = 1, maximum = 5000)),
    request_body(content = ExcludeRow, description = "Optional, empty"),
    responses((status = 200, description = "Excluded: the row is SKIPPED for good (never paid, not fixed again), and the batch's counts, totals, errors and readiness are computed again (still PENDING_APPROVAL). The caller joins `editors`. Payout_batch.updated", body = BatchView),
              (status = 404, description = "payout_batch_not_found; payout_batch_row_not_found (param `row`)", body = ErrorBody),
              (status = 409, description = "payout_batch_not_editable: the batch is not PENDING_APPROVAL, the row is excluded already (param `row`), or 20 people edited it already. Nothing changed", body = ErrorBody)))]
pub async fn exclude_row(
    Write(state, caller, claim): Write,
    Path((id, row)): Path<(String, u32)>,
    Body(_): Body<ExcludeRow>,
) -> Result<Response, ApiError> {
    edit(state, caller, claim, (&id, row), RowChange::Exclude).await
}

/// A row's edit computed on this worker over a snapshot (every refusal is
/// there), then stored by the writer (`payout_batches::edit`).
async fn edit(
    state: super::AppState,
    caller: crate::auth::Principal,
    claim: super::extract::Claim,
    (id, row): (&str, u32),
    change: RowChange,
) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let prepared = batches::prepare_edit(&snapshot, &caller, id, row, change)?;
    drop(snapshot);
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        batches::edit_row(tx, &caller, prepared)
    })
    .await
}

#[derive(Debug, Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct CancelBatch {
    /// Why, at most 200 characters.
    #[schema(max_length = 200)]
    pub reason: Option<String>,
}

#[utoipa::path(post, path = "/payouts/batches/{id}/cancel", tag = "payouts",
    params(("id" = String, Path, description = "pb_...")),
    request_body(content = CancelBatch, description = "Optional"),
    responses((status = 200, description = "CANCELLED; nothing was reserved or paid", body = BatchView),
              (status = 404, description = "payout_batch_not_found", body = ErrorBody),
              (status = 409, description = "payout_batch_not_cancellable: not PENDING_APPROVAL", body = ErrorBody)))]
pub async fn cancel(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(input): Body<CancelBatch>,
) -> Result<Response, ApiError> {
    let reason = fields::text("reason", input.reason, 200)?;
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let batch = batches::cancel(tx, &caller, &id, reason)?;
        Ok(batches::batch_view(&batch))
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_json_amount_is_a_string_or_a_whole_number_never_a_float() {
        let parse = |v: serde_json::Value| serde_json::from_value::<RowInput>(v);
        let row = parse(serde_json::json!({"amount": "12.50"})).expect("string");
        assert_eq!(row.amount.as_deref(), Some("12.50"));
        let row = parse(serde_json::json!({"amount": 1500})).expect("whole");
        assert_eq!(row.amount.as_deref(), Some("1500"));
        let err = parse(serde_json::json!({"amount": 12.5})).expect_err("float");
        assert!(err.to_string().contains("not exact"), "{err}");
        assert!(parse(serde_json::json!({"amount": -5})).is_err());
    }

    #[test]
    fn json_rows_are_numbered_and_amount_minor_becomes_major_units() {
        let usd = currency::find("USD").expect("usd");
        let rows = vec![
            RowInput {
                amount_minor: Some(1_250),
                ..RowInput::default()
            },
            RowInput {
                amount: Some("3".into()),
                ..RowInput::default()
            },
        ];
        let raw = json_rows(rows, usd).expect("rows");
        assert_eq!(raw[0].cells.get(Column::Amount), Some("12.50"));
        assert_eq!((raw[1].row, raw[1].line), (2, 2));
        let both = vec![RowInput {
            amount: Some("1".into()),
            amount_minor: Some(1),
            ..RowInput::default()
        }];
        let err = json_rows(both, usd).expect_err("both");
        assert_eq!(err.param.as_deref(), Some("rows[0].amount_minor"));
        let too_many = (0..=batches::ROWS_MAX)
            .map(|_| RowInput::default())
            .collect();
        assert_eq!(
            json_rows(too_many, usd).expect_err("too many").code,
            Code::BatchTooLarge
        );
    }
}
