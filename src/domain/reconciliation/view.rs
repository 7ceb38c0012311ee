//! What a statement looks like to its organisation: the summary (lists),
//! the summary with the lines that need a person (one statement), and the
//! whole report as CSV (every line and every missing record).

use serde::Serialize;
use utoipa::ToSchema;

use super::matching::Class;
use super::{Counts, Item, Statement};
use crate::clock::rfc3339;
use crate::domain::list::named_list;
use crate::domain::payout_batches::export::neutralise;

/// A line, or a missing record, that needs a person.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = ReconciliationItemView)]
pub struct ItemView {
    /// The file's line (the header is line 1); none for a missing record.
    pub line: Option<u64>,
    /// The gateway id the line names (or the missing record's).
    pub reference: String,
    /// `unmatched`, `mismatched` or `missing`.
    pub class: Class,
    /// `not_in_gateway`, `outcome`, `currency`, `amount`, `date`,
    /// `duplicate`, `in_review` (a payout in NEEDS_REVIEW: resolve it with
    /// `POST /payouts/{id}/review`, the line as evidence) or `not_in_statement`.
    pub reason: &'static str,
    pub statement_amount_minor: Option<i64>,
    pub gateway_amount_minor: Option<i64>,
    pub currency: String,
    pub statement_date: Option<String>,
    pub gateway_time: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = ReconciliationStatementView)]
pub struct StatementView {
    pub id: String,
    /// Always `reconciliation_statement`.
    pub object: &'static str,
    pub livemode: bool,
    pub rail: String,
    pub currency: Option<String>,
    /// SHA-256 of the file, hex: the same bytes again answer this statement.
    pub digest: String,
    pub file_bytes: u64,
    /// The whole UTC days the lines' dates cover.
    pub period_start: String,
    pub period_end: String,
    pub counts: Counts,
    /// Lines and records that need a person (unmatched + mismatched + missing).
    pub attention_count: u32,
    /// The first 1,000 of them, in line order then missing records (one
    /// statement only; the CSV report lists all). Absent in lists.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attention: Option<Vec<ItemView>>,
    /// `GET` it for the whole report as CSV.
    pub report_url: String,
    pub created: String,
}

named_list!(StatementList of StatementView, "Newest first, without `attention`.");

fn item_view(item: &Item) -> ItemView {
    ItemView {
        line: item.line,
        reference: item.reference.clone(),
        class: item.class,
        reason: item.reason.as_str(),
        statement_amount_minor: item.statement_amount_minor,
        gateway_amount_minor: item.gateway_amount_minor,
        currency: item.currency.clone(),
        statement_date: item.statement_date_ms.map(rfc3339),
        gateway_time: item.gateway_at_ms.map(rfc3339),
    }
}

/// A statement in a list: its counts, not its lines.
pub fn summary(s: &Statement) -> StatementView {
    StatementView {
        id: s.id.clone(),
        object: "reconciliation_statement",
        livemode: s.mode == crate::mode::Mode::Live,
        rail: s.rail.clone(),
        currency: s.currency.clone(),
        digest: s.digest.clone(),
        file_bytes: s.file_bytes,
        period_start: rfc3339(s.period_start_ms),
        period_end: rfc3339(s.period_end_ms),
        counts: s.counts.clone(),
        attention_count: s.attention_count,
        attention: None,
        report_url: format!("/v1/reconciliation/statements/{}/report.csv", s.id),
        created: rfc3339(s.created_at_ms),
    }
}

/// One statement: its counts and the lines that need a person.
pub fn view(s: &Statement) -> StatementView {
    StatementView {
        attention: Some(s.attention.iter().map(item_view).collect()),
        ..summary(s)
    }
}

/// The report's columns.
const COLUMNS: &str = "line,reference,class,reason,statement_amount_minor,gateway_amount_minor,currency,statement_date,gateway_time,reconciliation_status";

pub(super) fn report_header() -> String {
    format!("{COLUMNS}\n")
}

/// Appends one row: a line (`matched`: it needs nobody, so no reason) or a
/// missing record. `resolution`: what the line resolved (`MATCHED`).
pub(super) fn report_row(out: &mut String, item: &Item, matched: bool, resolution: &str) {
    let reason = if matched { "" } else { item.reason.as_str() };
    let number = |n: Option<i64>| n.map(|n| n.to_string()).unwrap_or_default();
    let cells = [
        item.line.map(|l| l.to_string()).unwrap_or_default(),
        quoted(&item.reference),
        item.class.as_str().to_string(),
        reason.to_string(),
        number(item.statement_amount_minor),
        number(item.gateway_amount_minor),
        item.currency.clone(),
        item.statement_date_ms.map(rfc3339).unwrap_or_default(),
        item.gateway_at_ms.map(rfc3339).unwrap_or_default(),
        resolution.to_string(),
    ];
    out.push_str(&cells.join(","));
    out.push('\n');
}

/// A cell from the file (a reference): a formula neutralised as payout
/// batch exports do, quoted when it holds a comma, quote or line break.
fn quoted(cell: &str) -> String {
    let cell = neutralise(cell);
    if cell.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", cell.replace('"', "\"\""))
    } else {
        cell.into_owned()
    }
}
