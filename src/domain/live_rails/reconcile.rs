//! Reconciliation of a provider's transaction report with the gateway's
//! rail requests of one organisation (`docs/rails.md`): `paygate reconcile`
//! and `POST /rails/{rail}/reconciliations`.
//!
//! The report is CSV with a header line naming at least `reference` (the
//! gateway's request id, which the providers echo as MTN's `externalId`,
//! Airtel's `transaction.id` and Flutterwave's `tx_ref`), `amount` (major
//! units, as providers write them), `currency` and `status`; other columns
//! are ignored. Each line is classed:
//!
//! - **missing**: a request the gateway recorded as SUCCEEDED that the report lacks;
//! - **extra**: a report line the gateway has no request for;
//! - **mismatched**: both have it, but the amount, currency or outcome differ
//!   (or the provider took money for an attempt that had moved on, so the
//!   ledger holds no posting for it).
//!
//! A report with any of them emits `reconciliation.mismatch`.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use utoipa::ToSchema;

use super::requests::RailRequest;
use super::state::Status;
use crate::domain::events;
use crate::error::ApiError;
use crate::events::EventType;
use crate::mode::Mode;
use crate::rails::live::{Kind, Provider, minor_units};
use crate::store::{Read, Tx, keys};

/// Lines a report may hold.
pub const LINES_MAX: usize = 100_000;
/// Rail requests compared per run at most.
pub(crate) const REQUESTS_MAX: usize = 1_000_000;
/// Items listed per class in a report at most (the counts stay exact).
const ITEMS_MAX: usize = 1_000;

/// One line of a provider's report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub number: usize,
    pub reference: String,
    /// `None`: the amount could not be read.
    pub amount_minor: Option<i64>,
    pub currency: String,
    /// The provider said the money moved.
    pub succeeded: bool,
}

/// Reads a report.
pub fn parse(text: &str) -> Result<Vec<Line>, ApiError> {
    let mut reader = csv::ReaderBuilder::new()
        .trim(csv::Trim::All)
        .flexible(true)
        .from_reader(text.as_bytes());
    let headers = reader
        .headers()
        .map_err(|e| {
            ApiError::field(
                "statement",
                format!("the report's header line cannot be read: {e}"),
            )
        })?
        .clone();
    let column = |name: &str| {
        headers
            .iter()
            .position(|h| h.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                ApiError::field(
                    "statement",
                    format!("the report has no {name} column (it needs reference, amount, currency, status)"),
                )
            })
    };
    let (reference, amount, currency, status) = (
        column("reference")?,
        column("amount")?,
        column("currency")?,
        column("status")?,
    );
    let mut lines = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let number = i + 2;
        if lines.len() >= LINES_MAX {
            return Err(ApiError::field(
                "statement",
                format!("a report holds at most {LINES_MAX} lines"),
            ));
        }
        let record = record.map_err(|e| {
            ApiError::field("statement", format!("line {number} cannot be read: {e}"))
        })?;
        let field = |i: usize| record.get(i).unwrap_or_default().to_string();
        let currency = field(currency).to_ascii_uppercase();
        lines.push(Line {
            number,
            reference: field(reference),
            amount_minor: minor_units(&field(amount), &currency),
            currency,
            succeeded: succeeded(&field(status)),
        });
    }
    Ok(lines)
}

/// The providers' words for "the money moved": MTN `SUCCESSFUL`, Airtel
/// `TS`/`SUCCESS`, Flutterwave `successful`.
fn succeeded(status: &str) -> bool {
    matches!(
        status.to_ascii_uppercase().as_str(),
        "SUCCESSFUL" | "SUCCESS" | "SUCCEEDED" | "TS"
    )
}

/// One difference.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReconciliationItem {
    /// The request id (the report's `reference`).
    pub reference: String,
    /// The report's line, when the report has it.
    pub line: Option<usize>,
    /// What differs: `not_in_report`, `not_in_gateway`, `amount`,
    /// `currency`, `outcome`, `not_in_ledger`.
    pub reason: String,
    pub gateway_amount_minor: Option<i64>,
    pub report_amount_minor: Option<i64>,
    /// The gateway's status of the request (`SUCCEEDED`, `FAILED`, ...).
    pub gateway_status: Option<String>,
    /// The payment intent or payout it served.
    pub target: Option<String>,
}

/// What a reconciliation found.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReconciliationReportView {
    /// Always `reconciliation`.
    pub object: &'static str,
    pub rail: Provider,
    pub livemode: bool,
    /// The daily job's period (its requests' creation times); absent for a
    /// report sent by hand, which is compared with every request.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period_start: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period_end: Option<String>,
    /// The report's lines (the daily job: those about its period).
    pub lines: usize,
    pub matched: usize,
    pub missing_count: usize,
    pub extra_count: usize,
    pub mismatched_count: usize,
    pub missing: Vec<ReconciliationItem>,
    pub extra: Vec<ReconciliationItem>,
    pub mismatched: Vec<ReconciliationItem>,
}

impl ReconciliationReportView {
    pub fn is_clean(&self) -> bool {
        self.missing_count == 0 && self.extra_count == 0 && self.mismatched_count == 0
    }
}

/// What a reconciliation compares: every request (a report sent by hand),
/// or those created in one period (the daily job), only collections when
/// the provider's report lists only those.
#[derive(Debug, Clone, Default)]
pub struct Scope {
    /// `[start, end)` of the requests' creation, unix milliseconds.
    pub period: Option<(i64, i64)>,
    pub collections_only: bool,
}

impl Scope {
    pub fn period(start_ms: i64, end_ms: i64) -> Scope {
        Scope {
            period: Some((start_ms, end_ms)),
            collections_only: false,
        }
    }

    pub fn holds(&self, request: &RailRequest) -> bool {
        let in_period = self
            .period
            .is_none_or(|(start, end)| (start..end).contains(&request.created_at_ms));
        in_period && (!self.collections_only || request.kind == Kind::Collection)
    }
}

/// Every rail request of `owner` at `provider`, by id.
pub(crate) fn gateway_requests(
    tx: &impl Read,
    mode: Mode,
    owner: &str,
    provider: Provider,
) -> Result<BTreeMap<String, RailRequest>, ApiError> {
    let prefix = keys::rail_requests(mode, owner, provider.as_str());
    let rows = tx.scan_index(&prefix, None, REQUESTS_MAX)?;
    let mut requests = BTreeMap::new();
    for (key, _) in rows {
        let id = crate::store::keys::id_of(&key).to_string();
        if let Some(request) = tx.object::<RailRequest>(&id)? {
            requests.insert(id, request);
        }
    }
    Ok(requests)
}

fn item(
    reference: &str,
    line: Option<&Line>,
    reason: &str,
    request: Option<&RailRequest>,
) -> ReconciliationItem {
    ReconciliationItem {
        reference: reference.to_string(),
        line: line.map(|l| l.number),
        reason: reason.to_string(),
        gateway_amount_minor: request.map(|r| r.amount_minor),
        report_amount_minor: line.and_then(|l| l.amount_minor),
        gateway_status: request.map(|r| r.status.as_str().to_string()),
        target: request.map(|r| r.target.clone()),
    }
}

/// Why a line and a request disagree, if they do.
fn difference(line: &Line, request: &RailRequest) -> Option<&'static str> {
    let gateway_succeeded = request.status == Status::Succeeded;
    if line.succeeded != gateway_succeeded {
        return Some("outcome");
    }
    if !line.succeeded {
        return None;
    }
    if line.currency != request.currency {
        return Some("currency");
    }
    if line.amount_minor != Some(request.amount_minor) {
        return Some("amount");
    }
    // The provider took the money, but the attempt had moved on: no posting.
    request.orphaned.then_some("not_in_ledger")
}

/// Compares `lines` with the requests, and emits `reconciliation.mismatch`
/// when they differ.
pub fn run(
    tx: &mut Tx<'_>,
    mode: Mode,
    owner: &str,
    provider: Provider,
    lines: &[Line],
) -> Result<ReconciliationReportView, ApiError> {
    run_scoped(tx, mode, owner, provider, lines, &Scope::default())
}

/// [`run`] over the requests `scope` holds: a line about a request outside
/// it (another day's) is not compared; a line naming no request at all is
/// extra.
pub fn run_scoped(
    tx: &mut Tx<'_>,
    mode: Mode,
    owner: &str,
    provider: Provider,
    lines: &[Line],
    scope: &Scope,
) -> Result<ReconciliationReportView, ApiError> {
    let mut requests = gateway_requests(tx, mode, owner, provider)?;
    let (mut missing, mut extra, mut mismatched) = (Vec::new(), Vec::new(), Vec::new());
    let mut seen = BTreeSet::new();
    let mut matched = 0;
    let known: BTreeSet<String> = requests.keys().cloned().collect();
    requests.retain(|_, r| scope.holds(r));
    let mut compared = 0;
    for line in lines {
        seen.insert(line.reference.as_str());
        match requests.get(&line.reference) {
            None if line.succeeded && !known.contains(&line.reference) => {
                compared += 1;
                extra.push(item(&line.reference, Some(line), "not_in_gateway", None))
            }
            None => {}
            Some(request) => match difference(line, request) {
                Some(reason) => {
                    mismatched.push(item(&line.reference, Some(line), reason, Some(request)))
                }
                None => matched += 1,
            },
        }
        if requests.contains_key(&line.reference) {
            compared += 1;
        }
    }
    for (id, request) in &requests {
        if request.status == Status::Succeeded && !seen.contains(id.as_str()) {
            missing.push(item(id, None, "not_in_report", Some(request)));
        }
    }
    let report = ReconciliationReportView {
        object: "reconciliation",
        rail: provider,
        livemode: mode == Mode::Live,
        period_start: scope.period.map(|p| crate::clock::rfc3339(p.0)),
        period_end: scope.period.map(|p| crate::clock::rfc3339(p.1)),
        lines: if scope.period.is_some() {
            compared
        } else {
            lines.len()
        },
        matched,
        missing_count: missing.len(),
        extra_count: extra.len(),
        mismatched_count: mismatched.len(),
        missing: missing.into_iter().take(ITEMS_MAX).collect(),
        extra: extra.into_iter().take(ITEMS_MAX).collect(),
        mismatched: mismatched.into_iter().take(ITEMS_MAX).collect(),
    };
    if !report.is_clean() {
        events::emit_view(tx, EventType::ReconciliationMismatch, mode, owner, &report)?;
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_is_read_by_its_header_names() {
        let lines = parse(
            "Date,Reference,Amount,Currency,Status\n\
             2026-11-23,rrq_1,1500,UGX,SUCCESSFUL\n\
             2026-11-23,rrq_2,12.50,EUR,FAILED\n",
        )
        .expect("parsed");
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].reference, "rrq_1");
        assert_eq!(lines[0].amount_minor, Some(1500));
        assert!(lines[0].succeeded);
        assert_eq!(lines[1].amount_minor, Some(1250));
        assert!(!lines[1].succeeded);
        assert_eq!(lines[1].number, 3);
        let err = parse("reference,amount\nx,1\n").expect_err("refused");
        assert!(err.message.contains("currency"), "{}", err.message);
    }

    #[test]
    fn providers_words_for_success_are_known() {
        for s in ["SUCCESSFUL", "successful", "TS", "SUCCESS"] {
            assert!(succeeded(s), "{s}");
        }
        for s in ["FAILED", "TF", "PENDING", ""] {
            assert!(!succeeded(s), "{s}");
        }
    }
}
