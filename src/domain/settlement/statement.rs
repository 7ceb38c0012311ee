//! A cycle's statement: numbered and hashed as the origin (section 11), in
//! JSON, CSV and PDF with the same lines and totals.
//!
//! - Number: `SET-<business date YYYYMMDD>-<6 characters, upper case>`. The
//!   business date is the UTC date of the period's end. The origin took the
//!   six characters after `sc_` of a random id; ours are time-ordered, so
//!   those would repeat across the cycles of a day: we take the last six
//!   (random) characters instead (docs/decisions.md).
//! - Hash: SHA-256 (hex) of the pipe-joined id, owner id, currency, period
//!   from, period to (RFC 3339 in milliseconds, as the API shows them),
//!   gross, fees, refunded, split, holds, net (minor units), and the
//!   collection transaction ids of its payments, comma-joined in item order.
//! - Lines: per payment its gross, then each fee (provider fee, service fee,
//!   tax) and its splits as separate lines; per refund, refund release,
//!   dispute hold and carried amount one line. They sum to the totals.

use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::cycles::{Conversion, Cycle, Item, ItemKind};
use super::state::Status;
use super::view::{PeriodView, TotalsView, totals};
use crate::clock::rfc3339;
use crate::error::{ApiError, Code};
use crate::store::Read;

/// `SET-20270104-7K3QXZ`.
pub fn number(cycle: &Cycle) -> String {
    let end = cycle
        .period_to_ms
        .or(cycle.closed_at_ms)
        .unwrap_or(cycle.created_at_ms);
    let date: String = rfc3339(end)
        .chars()
        .take(10)
        .filter(|c| *c != '-')
        .collect();
    let suffix: String = cycle
        .id
        .chars()
        .rev()
        .take(6)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    format!("SET-{date}-{}", suffix.to_ascii_uppercase())
}

/// The pipe-joined text the hash covers.
pub fn hash_input(cycle: &Cycle, collections: &[String]) -> String {
    let t = &cycle.totals;
    [
        cycle.id.clone(),
        cycle.owner.clone(),
        cycle.currency.clone(),
        rfc3339(cycle.period_from_ms),
        rfc3339(period_to(cycle)),
        t.gross_minor.to_string(),
        t.fees_minor().to_string(),
        t.refunds_minor.to_string(),
        t.splits_minor.to_string(),
        t.holds_minor.to_string(),
        cycle.net_minor.to_string(),
        collections.join(","),
    ]
    .join("|")
}

fn period_to(cycle: &Cycle) -> i64 {
    cycle
        .period_to_ms
        .or(cycle.closed_at_ms)
        .unwrap_or(cycle.updated_at_ms)
}

/// What a statement line is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = StatementLineType)]
#[serde(rename_all = "snake_case")]
pub enum LineType {
    Payment,
    ProviderFee,
    ServiceFee,
    Tax,
    Split,
    Refund,
    RefundRelease,
    DisputeHold,
    Carried,
    /// A platform's application fee: taken from a connected account's
    /// payment (negative) or earned by the platform (positive).
    ApplicationFee,
}

impl LineType {
    pub fn as_str(self) -> &'static str {
        match self {
            LineType::Payment => "payment",
            LineType::ProviderFee => "provider_fee",
            LineType::ServiceFee => "service_fee",
            LineType::Tax => "tax",
            LineType::Split => "split",
            LineType::Refund => "refund",
            LineType::RefundRelease => "refund_release",
            LineType::DisputeHold => "dispute_hold",
            LineType::Carried => "carried",
            LineType::ApplicationFee => "application_fee",
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = StatementLine)]
pub struct Line {
    /// From 1.
    pub line: u32,
    pub date: String,
    #[serde(rename = "type")]
    pub line_type: LineType,
    /// What caused it: `pi_`, `re_`, `dp_` or `sc_`.
    pub source: String,
    pub payment_intent: Option<String>,
    /// Signed: what it adds to or takes from the net.
    pub amount_minor: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StatementOrganisation)]
pub struct OrganisationView {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SettlementStatementView {
    /// Always `settlement_statement`.
    pub object: &'static str,
    pub number: String,
    /// SHA-256, hex, of the fields `docs/settlement.md` lists.
    pub hash: String,
    pub cycle: String,
    pub livemode: bool,
    pub organisation: OrganisationView,
    pub period: PeriodView,
    pub currency: String,
    pub status: Status,
    pub totals: TotalsView,
    /// What the close moved out of pending, the figure paid.
    pub net_minor: i64,
    pub carried_forward_minor: i64,
    pub settlement_currency: String,
    pub amount_paid_minor: Option<i64>,
    /// Disclosed when the settlement currency differs.
    pub conversion: Option<Conversion>,
    pub failure_reason: Option<String>,
    pub lines: Vec<Line>,
}

/// Lines a statement shows at most: a full cycle's payments with their fees
/// and splits (the statement of a bigger cycle would not be read anyway).
pub const STATEMENT_LINES_MAX: usize = super::CYCLE_ITEMS_MAX as usize * 5;

/// The statement of a closed cycle, read from a snapshot (409
/// `cycle_not_closed` while the period runs).
pub fn build(
    read: &impl Read,
    cycle: &Cycle,
    organisation_name: String,
) -> Result<SettlementStatementView, ApiError> {
    if cycle.status == Status::Open {
        return Err(ApiError::new(
            Code::CycleNotClosed,
            format!(
                "settlement cycle {} is OPEN: its statement exists once its period ends (POST /settlement_cycles closes it now)",
                cycle.id
            ),
        ));
    }
    let mut lines = Vec::new();
    let mut collections = Vec::new();
    for seq in 0..cycle.items_count {
        let Some(item) = super::item(read, &cycle.id, seq)? else {
            continue;
        };
        if let Some(transaction) = item
            .transaction
            .clone()
            .filter(|_| item.kind == ItemKind::Payment)
        {
            collections.push(transaction);
        }
        push_lines(&mut lines, &item);
        if lines.len() > STATEMENT_LINES_MAX {
            return Err(ApiError::internal("a statement past its line bound"));
        }
    }
    let hash = hex::encode(Sha256::digest(hash_input(cycle, &collections).as_bytes()));
    Ok(SettlementStatementView {
        object: "settlement_statement",
        number: number(cycle),
        hash,
        cycle: cycle.id.clone(),
        livemode: cycle.mode.livemode(),
        organisation: OrganisationView {
            id: cycle.owner.clone(),
            name: organisation_name,
        },
        period: PeriodView {
            from: rfc3339(cycle.period_from_ms),
            to: Some(rfc3339(period_to(cycle))),
        },
        currency: cycle.currency.clone(),
        status: cycle.status,
        totals: totals(&cycle.totals),
        net_minor: cycle.net_minor,
        carried_forward_minor: cycle.carried_forward_minor,
        settlement_currency: cycle.plan.settlement_currency.clone(),
        amount_paid_minor: cycle.amount_paid_minor,
        conversion: cycle.conversion.clone(),
        failure_reason: cycle.failure_reason.clone(),
        lines,
    })
}

/// An item's lines: a payment's gross, then each fee and its splits.
fn push_lines(lines: &mut Vec<Line>, item: &Item) {
    let mut push = |line_type: LineType, amount_minor: i64| {
        if amount_minor == 0 && line_type != LineType::Payment {
            return;
        }
        lines.push(Line {
            line: u32::try_from(lines.len() + 1).unwrap_or(u32::MAX),
            date: rfc3339(item.at_ms),
            line_type,
            source: item.source.clone(),
            payment_intent: item.payment_intent.clone(),
            amount_minor,
        });
    };
    match item.kind {
        ItemKind::Payment => {
            push(LineType::Payment, item.gross_minor);
            push(LineType::ProviderFee, -item.provider_fee_minor);
            push(LineType::ServiceFee, -item.service_fee_minor);
            push(LineType::Tax, -item.tax_minor);
            push(
                LineType::Split,
                -(item.split_minor - item.application_fee_minor),
            );
            push(LineType::ApplicationFee, -item.application_fee_minor);
        }
        ItemKind::Refund => push(LineType::Refund, item.amount_minor),
        ItemKind::RefundRelease => push(LineType::RefundRelease, item.amount_minor),
        ItemKind::DisputeHold => push(LineType::DisputeHold, item.amount_minor),
        ItemKind::Carried => push(LineType::Carried, item.amount_minor),
        ItemKind::ApplicationFee => push(LineType::ApplicationFee, item.amount_minor),
    }
}

/// A spreadsheet cell that cannot run as a formula: text starting with `=`,
/// `+`, `-`, `@`, a tab or a carriage return gets a leading `'` (OWASP's
/// CSV injection advice). Our own integers (`-150`) stay numbers.
pub fn neutralise(cell: &str) -> String {
    let is_integer = cell
        .strip_prefix('-')
        .unwrap_or(cell)
        .bytes()
        .all(|b| b.is_ascii_digit())
        && !cell.is_empty()
        && cell != "-";
    match cell.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') if !is_integer => format!("'{cell}"),
        _ => cell.to_string(),
    }
}

/// A `#` header line's value: one line, no field separators, so the line
/// stays one cell that starts with `#`.
fn header_value(value: &str) -> String {
    value
        .chars()
        .map(|c| {
            if c.is_control() || c == ',' || c == '"' {
                ' '
            } else {
                c
            }
        })
        .collect()
}

/// The CSV statement: `#` lines with the number, organisation, period,
/// totals and hash (origin section 11), then a header row and the lines.
pub fn csv(statement: &SettlementStatementView) -> Result<Vec<u8>, ApiError> {
    let t = &statement.totals;
    let mut out = Vec::new();
    let headers = [
        format!("# Settlement statement {}", statement.number),
        format!(
            "# Organisation: {} ({})",
            header_value(&statement.organisation.name),
            statement.organisation.id
        ),
        format!(
            "# Period: {} to {}",
            statement.period.from,
            statement.period.to.as_deref().unwrap_or_default()
        ),
        format!(
            "# Cycle: {} ({})",
            statement.cycle,
            statement.status.as_str()
        ),
        format!("# Currency: {}", statement.currency),
    ];
    // The amounts, in minor units, each `# <label>: <amount>`.
    let amounts = [
        ("Gross", t.gross_minor),
        ("Provider fees", t.provider_fee_minor),
        ("Service fees", t.service_fee_minor),
        ("Tax", t.tax_minor),
        ("Refunds", t.refunds_minor),
        ("Splits", t.splits_minor),
        ("Dispute holds", t.holds_minor),
        ("Carried in", t.carried_in_minor),
        ("Application fees earned", t.application_fees_minor),
        ("Net", statement.net_minor),
        ("Carried forward", statement.carried_forward_minor),
    ]
    .map(|(label, minor)| format!("# {label}: {minor}"));
    let hash = format!("# Hash: {}", statement.hash);
    for line in headers.into_iter().chain(amounts).chain([hash]) {
        out.extend_from_slice(line.as_bytes());
        out.extend_from_slice(b"\r\n");
    }
    let mut writer = ::csv::WriterBuilder::new()
        .terminator(::csv::Terminator::CRLF)
        .from_writer(out);
    let failed = |e: ::csv::Error| ApiError::internal(format!("csv: {e}"));
    writer
        .write_record([
            "line",
            "date",
            "type",
            "source",
            "payment_intent",
            "amount_minor",
            "currency",
        ])
        .map_err(failed)?;
    for line in &statement.lines {
        let record = [
            line.line.to_string(),
            line.date.clone(),
            line.line_type.as_str().to_string(),
            line.source.clone(),
            line.payment_intent.clone().unwrap_or_default(),
            line.amount_minor.to_string(),
            statement.currency.clone(),
        ];
        writer
            .write_record(record.iter().map(|cell| neutralise(cell)))
            .map_err(failed)?;
    }
    writer
        .into_inner()
        .map_err(|e| ApiError::internal(format!("csv: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_that_would_run_as_formulas_are_neutralised() {
        for (cell, shown) in [
            ("=1+1", "'=1+1"),
            ("+243", "'+243"),
            ("-2+3", "'-2+3"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\tx"),
            ("\rx", "'\rx"),
            ("-150", "-150"),
            ("150", "150"),
            ("-", "'-"),
            ("pi_01", "pi_01"),
        ] {
            assert_eq!(neutralise(cell), shown, "{cell:?}");
        }
        assert_eq!(header_value("Shop, \"Inc\"\n=1"), "Shop   Inc  =1");
    }
}
