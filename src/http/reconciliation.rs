//! Reconciliation statements (issue 47, `docs/reconciliation.md`): a rail's
//! statement imported as CSV, matched with the gateway's records; lists, one
//! statement with the lines that need a person, and the whole report as CSV.

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::ToSchema;

use super::command::{self, Write};
use super::extract::{Body, Params, Path, Reader, json};
use super::list::{self, Rows};
use super::operations::operations;
use crate::domain::reconciliation::{
    self as reconciliation, NewStatement, STATEMENT, Statement, StatementList, StatementView,
};
use crate::error::{ApiError, ErrorBody};
use crate::store::Output;

operations! {
    import_statement: scope("reconciliation:write").added(),
    list_statements: scope("reconciliation:read").added(),
    retrieve_statement: scope("reconciliation:read").added(),
    statement_report: scope("reconciliation:read").added(),
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ImportStatement {
    /// The rail whose statement it is: `national_switch`, `mobile_money`,
    /// `bank`, `mtn_momo`, `airtel_money` or `flutterwave`.
    pub rail: String,
    /// The statement's currency, for a file without a `currency` column.
    #[schema(max_length = 3)]
    pub currency: Option<String>,
    /// The text of the CSV file: a header naming `reference`, `amount`
    /// (major units), `currency`, `date` (`YYYY-MM-DD` or RFC 3339) and
    /// optionally `status`, in any order (other columns are ignored), then
    /// one line per movement. At most 50,000 lines; through the API the
    /// 1 MiB request body bound comes first (about 12,000 lines). A UTF-8
    /// BOM, CRLF and quoted fields are fine.
    #[schema(max_length = 1_048_576)]
    pub csv: String,
}

#[utoipa::path(post, path = "/reconciliation/statements", tag = "reconciliation", request_body = ImportStatement,
    responses((status = 201, description = "Imported: every line matched (or not) with the gateway's records; matched lines resolved what waited on them (a national-switch payment's reconciliation DUE → MATCHED); `counts` and `attention` list the rest", body = StatementView),
              (status = 200, description = "The same file (by SHA-256) was imported before: its statement, unchanged; nothing was written", body = StatementView),
              (status = 400, description = "invalid_statement: the CSV cannot be read (the message names the line and column; param `csv`); a field (`param` names it). Nothing stored", body = ErrorBody),
              (status = 413, description = "statement_too_large: over 50,000 lines (payload_too_large: a body over 1 MiB). Nothing stored", body = ErrorBody)))]
pub async fn import_statement(
    Write(state, caller, claim): Write,
    Body(input): Body<ImportStatement>,
) -> Result<Response, ApiError> {
    let rail = reconciliation::rail("rail", &input.rail)?;
    let currency = match input.currency {
        None => None,
        Some(c) => Some(
            crate::domain::currency::parse("currency", &c)?
                .code
                .to_string(),
        ),
    };
    let new = NewStatement {
        rail,
        currency,
        text: input.csv,
    };
    let snapshot = state.store.snapshot()?;
    let now_ms = state.now_for(&snapshot, &caller)?;
    let prepared = reconciliation::prepare(&snapshot, &caller, new, now_ms)?;
    drop(snapshot);
    command::apply_output(&state, claim, move |tx| {
        let (statement, stored) = reconciliation::import(tx, prepared)?;
        let status = if stored { 201 } else { 200 };
        Output::json(status, &reconciliation::view(&statement))
    })
    .await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct StatementQuery {
    /// Only statements of this rail.
    rail: Option<String>,
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^rst_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

#[utoipa::path(get, path = "/reconciliation/statements", tag = "reconciliation", params(StatementQuery),
    responses((status = 200, description = "Statements, newest first (counts, without their lines)", body = StatementList)))]
pub async fn list_statements(
    Reader(state, caller): Reader,
    Params(query): Params<StatementQuery>,
) -> Result<Response, ApiError> {
    let keep = |s: &Statement| query.rail.as_ref().is_none_or(|r| &s.rail == r);
    let rows = Rows::owned(STATEMENT.family, &caller);
    let snapshot = state.store.snapshot()?;
    let found = list::page(&snapshot, rows, query.limit, query.cursor.as_deref(), keep)?;
    json(200, &found.map(|s| reconciliation::summary(&s)))
}

#[utoipa::path(get, path = "/reconciliation/statements/{id}", tag = "reconciliation",
    params(("id" = String, Path, description = "rst_...")),
    responses((status = 200, description = "The statement: its counts and the first 1,000 lines and records that need a person", body = StatementView),
              (status = 404, description = "reconciliation_statement_not_found", body = ErrorBody)))]
pub async fn retrieve_statement(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let statement = reconciliation::read(&snapshot, &caller, &id)?;
    json(200, &reconciliation::view(&statement))
}

#[utoipa::path(get, path = "/reconciliation/statements/{id}/report.csv", tag = "reconciliation",
    params(("id" = String, Path, description = "rst_...")),
    responses((status = 200, description = "The whole report: one row per line of the file, in order, then one per missing record (columns line, reference, class, reason, statement_amount_minor, gateway_amount_minor, currency, statement_date, gateway_time, reconciliation_status; formula cells neutralised with a leading ')", content_type = "text/csv", body = String),
              (status = 404, description = "reconciliation_statement_not_found", body = ErrorBody)))]
pub async fn statement_report(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let (statement, csv) = reconciliation::report(&snapshot, &caller, &id)?;
    let disposition = format!("attachment; filename=\"{}.csv\"", statement.id);
    Ok((
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        csv,
    )
        .into_response())
}
