//! Reconciliation statements (issue 47, `docs/reconciliation.md`): a rail's
//! statement file imported for one organisation and mode, each line matched
//! with what the gateway recorded under its reference ([`matching`]), what
//! a matched line waits on resolved (a national-switch payment's
//! reconciliation, DUE, becomes MATCHED), and the rest listed for a person.
//!
//! The work is split as a payout batch's is: [`prepare`] reads the file and
//! looks every reference up on the request's worker over a snapshot;
//! [`import`] stores the statement, its report and its digest, resolves the
//! switch payments and adds to the totals `/metrics` shows, in one writer
//! command. A statement never changes once stored (no lifecycle, so no
//! state table): a second import of the same bytes answers the first
//! statement, by the file's SHA-256 (decision 420).

pub mod file;
pub mod matching;
mod view;

use std::collections::{BTreeMap, HashSet};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

pub use self::file::STATEMENT_BYTES_MAX;
use self::matching::{Class, Outcome, Reason, Record};
pub use self::view::{StatementList, StatementView, summary, view};

use super::audit::{self, Actor};
use super::resource::{self, Kind};
use super::{live_rails, payouts, switch_payments};
use crate::auth::Principal;
use crate::error::{ApiError, Code, Missing};
use crate::metrics::ReconciliationTotals;
use crate::mode::Mode;
use crate::rails::live::Provider;
use crate::store::keys::{self, Family};
use crate::store::{Meta, Read, Tx};

/// Lines needing a person kept on the statement for its view (the counts
/// stay exact; the CSV report lists every line).
pub const ATTENTION_SHOWN_MAX: usize = 1_000;
/// Records of a rail scanned for those a statement lacks, at most.
const RECORDS_SCANNED_MAX: usize = 200_000;
/// The rails a statement may be of, and what each carries (decision 423).
pub const RAILS: [&str; 6] = [
    switch_payments::RAIL,
    "mobile_money",
    "bank",
    "mtn_momo",
    "airtel_money",
    "flutterwave",
];

/// `rst_...`: reconciliation statements, `reconciliation_statement_not_found`
/// when absent or another's.
pub const STATEMENT: Kind = Kind::new(
    Family::new("rst"),
    Missing::new(
        Code::ReconciliationStatementNotFound,
        "reconciliation statement",
    ),
);

/// How many lines (and records) came out each way.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = ReconciliationCounts)]
pub struct Counts {
    pub lines: u32,
    pub matched: u32,
    pub unmatched: u32,
    pub mismatched: u32,
    /// Records of the rail and period that no line names.
    pub missing: u32,
    /// Matched lines that resolved what waited on them (a switch payment's
    /// reconciliation DUE → MATCHED).
    pub resolved: u32,
}

/// A line (or a missing record) that needs a person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    /// The file's line; none for a missing record.
    pub line: Option<u64>,
    pub reference: String,
    pub class: Class,
    pub reason: Reason,
    pub statement_amount_minor: Option<i64>,
    pub gateway_amount_minor: Option<i64>,
    pub currency: String,
    /// The line's date, unix ms.
    pub statement_date_ms: Option<i64>,
    /// The record's time, unix ms.
    pub gateway_at_ms: Option<i64>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Statement {
    pub id: String,
    pub mode: Mode,
    pub owner: String,
    pub rail: String,
    /// The currency given with the import, for a file without the column.
    pub currency: Option<String>,
    /// SHA-256 of the file's bytes, hex.
    pub digest: String,
    pub file_bytes: u64,
    /// The days the lines cover: `[first date's midnight, last date's next midnight)`.
    pub period_start_ms: i64,
    pub period_end_ms: i64,
    pub counts: Counts,
    /// The first [`ATTENTION_SHOWN_MAX`] lines and records needing a person.
    pub attention: Vec<Item>,
    pub attention_count: u32,
    pub imported_by: Actor,
    pub created_at_ms: i64,
}

crate::domain::resource::owned!(Statement);

/// The whole report, as CSV, kept beside its statement.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Report {
    pub statement: String,
    pub csv: String,
}

/// A validated import.
pub struct NewStatement {
    pub rail: String,
    pub currency: Option<String>,
    pub text: String,
}

/// What [`import`] stores, or the statement the same bytes made before.
#[derive(Clone)]
pub enum Prepared {
    Known(String),
    New(Box<Fresh>),
}

#[derive(Clone)]
pub struct Fresh {
    statement: Statement,
    report: String,
    /// Switch payments whose reconciliation a matched line resolves.
    resolves: Vec<Resolve>,
}

/// A switch payment's resolution, computed on the worker: the writer stores
/// `after` when the record still hashes to `before` (unchanged since the
/// snapshot), and otherwise computes it again (`switch_payments::reconcile`).
#[derive(Clone)]
struct Resolve {
    id: String,
    before: u64,
    after: Vec<u8>,
}

fn hash(bytes: &[u8]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut hasher);
    hasher.finish()
}

impl Prepared {
    /// The same import made by `actor` (the CLI's, rather than a principal's).
    pub fn by(self, actor: Actor) -> Prepared {
        match self {
            Prepared::New(mut fresh) => {
                fresh.statement.imported_by = actor;
                Prepared::New(fresh)
            }
            known => known,
        }
    }
}

/// The statement a second import of the same bytes answers.
fn digest_key(mode: Mode, owner: &str, digest: &str) -> String {
    keys::reconciliation_digest(mode, owner, digest)
}

/// Checks a rail's name (`param` in the error).
pub fn rail(param: &str, value: &str) -> Result<String, ApiError> {
    if RAILS.contains(&value) {
        Ok(value.to_string())
    } else {
        Err(ApiError::field(
            param,
            format!("{param} must be one of {}", RAILS.join(", ")),
        ))
    }
}

/// Reads and matches a statement over a snapshot (see the module doc).
pub fn prepare(
    read: &impl Read,
    principal: &Principal,
    new: NewStatement,
    now_ms: i64,
) -> Result<Prepared, ApiError> {
    let (mode, owner) = (principal.mode, principal.owner());
    let digest = hex::encode(Sha256::digest(new.text.as_bytes()));
    if let Some(id) = read.index_id(&digest_key(mode, owner, &digest))? {
        return Ok(Prepared::Known(id));
    }
    let lines = file::read(&new.text, new.currency.as_deref()).map_err(refused)?;
    let id = STATEMENT.new_id();
    let (period_start_ms, period_end_ms) = period(&lines);
    let mut counts = Counts {
        lines: u32::try_from(lines.len()).unwrap_or(u32::MAX),
        ..Counts::default()
    };
    let mut attention = Vec::new();
    let mut report = view::report_header();
    let mut seen = HashSet::with_capacity(lines.len());
    let mut resolves = Vec::new();
    for line in &lines {
        let (record, payment) = record(read, mode, owner, &line.reference)?;
        let repeated = !seen.insert(line.reference.as_str());
        let (class, reason) = matching::classify(line, record.as_ref(), repeated);
        let mut resolution = "";
        match class {
            Class::Matched => {
                counts.matched += 1;
                if let Some((bytes, payment)) = payment {
                    resolution = "MATCHED";
                    if let Some(after) = switch_payments::reconciled(payment, &id, now_ms) {
                        resolves.push(Resolve {
                            id: line.reference.clone(),
                            before: hash(&bytes),
                            after: crate::store::encode(&after)?,
                        });
                    }
                }
            }
            Class::Unmatched => counts.unmatched += 1,
            _ => counts.mismatched += 1,
        }
        let item = Item {
            line: Some(line.line),
            reference: line.reference.clone(),
            class,
            reason: reason.unwrap_or(Reason::NotInGateway),
            statement_amount_minor: Some(line.amount_minor),
            gateway_amount_minor: record.as_ref().map(|r| r.amount_minor),
            currency: line.currency.clone(),
            statement_date_ms: Some(line.date_ms),
            gateway_at_ms: record.as_ref().map(|r| r.at_ms),
        };
        view::report_row(&mut report, &item, reason.is_none(), resolution);
        if reason.is_some() && attention.len() < ATTENTION_SHOWN_MAX {
            attention.push(item);
        }
    }
    let missing = rail_records(read, mode, owner, &new.rail, &seen)?
        .into_iter()
        .filter(|r| matching::is_missing(r, period_start_ms, period_end_ms));
    for record in missing {
        counts.missing += 1;
        let item = missing_item(&record);
        view::report_row(&mut report, &item, false, "");
        if attention.len() < ATTENTION_SHOWN_MAX {
            attention.push(item);
        }
    }
    let attention_count = counts.unmatched + counts.mismatched + counts.missing;
    let statement = Statement {
        id,
        mode,
        owner: owner.to_string(),
        rail: new.rail,
        currency: new.currency,
        digest,
        file_bytes: u64::try_from(new.text.len()).unwrap_or(u64::MAX),
        period_start_ms,
        period_end_ms,
        counts,
        attention,
        attention_count,
        imported_by: Actor::of(principal),
        created_at_ms: now_ms,
    };
    Ok(Prepared::New(Box::new(Fresh {
        statement,
        report,
        resolves,
    })))
}

/// The report's item for a payment the rail's records hold and the
/// statement does not.
fn missing_item(record: &Record) -> Item {
    Item {
        line: None,
        reference: record.id.clone(),
        class: Class::Missing,
        reason: Reason::NotInStatement,
        statement_amount_minor: None,
        gateway_amount_minor: Some(record.amount_minor),
        currency: record.currency.clone(),
        statement_date_ms: None,
        gateway_at_ms: Some(record.at_ms),
    }
}

/// Stores a prepared statement (or answers the one the same bytes made,
/// `false`: nothing changed); `true` when this import stored it.
pub fn import(tx: &mut Tx<'_>, prepared: Prepared) -> Result<(Statement, bool), ApiError> {
    let fresh = match prepared {
        Prepared::Known(id) => return known(tx, &id).map(|s| (s, false)),
        Prepared::New(fresh) => *fresh,
    };
    let Fresh {
        mut statement,
        report,
        resolves,
    } = fresh;
    // Another import of the same bytes may have committed since the snapshot.
    let digest = digest_key(statement.mode, &statement.owner, &statement.digest);
    if let Some(id) = tx.index_id(&digest)? {
        return known(tx, &id).map(|s| (s, false));
    }
    for resolve in resolves {
        let unchanged = tx
            .object_bytes(&resolve.id)?
            .is_some_and(|bytes| hash(&bytes) == resolve.before);
        if unchanged {
            tx.put_object_bytes(resolve.id, resolve.after);
            statement.counts.resolved += 1;
        } else if switch_payments::reconcile(tx, &resolve.id, &statement.id)? {
            statement.counts.resolved += 1;
        }
    }
    resource::insert(tx, STATEMENT.family, &statement)?;
    resource::point(tx, digest, &statement.id);
    tx.put_object(
        keys::reconciliation_report(&statement.id),
        &Report {
            statement: statement.id.clone(),
            csv: report,
        },
    )?;
    let mut totals: ReconciliationTotals = tx.meta(Meta::ReconciliationTotals)?.unwrap_or_default();
    let c = &statement.counts;
    totals.statements += 1;
    totals.matched += u64::from(c.matched);
    totals.unmatched += u64::from(c.unmatched);
    totals.mismatched += u64::from(c.mismatched);
    totals.missing += u64::from(c.missing);
    totals.resolved += u64::from(c.resolved);
    tx.put_meta(Meta::ReconciliationTotals, &totals)?;
    audit::record(
        tx,
        &statement.imported_by,
        "reconciliation_statement.imported",
        Some(&statement.id),
        serde_json::json!({
            "rail": statement.rail,
            "digest": statement.digest,
            "counts": statement.counts,
        }),
    )?;
    Ok((statement, true))
}

fn known(read: &impl Read, id: &str) -> Result<Statement, ApiError> {
    read.object(id)?
        .ok_or_else(|| ApiError::internal(format!("statement {id} is indexed but not stored")))
}

/// The caller's statement `id`.
pub fn read(read: &impl Read, principal: &Principal, id: &str) -> Result<Statement, ApiError> {
    resource::find(read, principal, id, &STATEMENT)
}

/// The caller's statement `id`'s whole report, as CSV.
pub fn report(
    read: &impl Read,
    principal: &Principal,
    id: &str,
) -> Result<(Statement, String), ApiError> {
    let statement = self::read(read, principal, id)?;
    let report: Option<Report> = read.object(&keys::reconciliation_report(&statement.id))?;
    let csv = report
        .map(|r| r.csv)
        .ok_or_else(|| ApiError::internal(format!("statement {id} has no report")))?;
    Ok((statement, csv))
}

fn refused(error: file::FileError) -> ApiError {
    let code = if error.is_too_large() {
        Code::StatementTooLarge
    } else {
        Code::InvalidStatement
    };
    ApiError::new(code, error.to_string()).with_param("csv")
}

const DAY_MS: i64 = 86_400_000;

/// The whole UTC days the lines' dates fall in.
fn period(lines: &[file::Line]) -> (i64, i64) {
    let first = lines.iter().map(|l| l.date_ms).min().unwrap_or(0);
    let last = lines.iter().map(|l| l.date_ms).max().unwrap_or(0);
    (
        first.div_euclid(DAY_MS) * DAY_MS,
        (last.div_euclid(DAY_MS) + 1) * DAY_MS,
    )
}

/// A national-switch payment as stored, and as read.
type Payment = (Vec<u8>, switch_payments::SwitchPayment);

/// The record a reference names, when it is the caller's: a national-switch
/// payment (`pay_`, with its bytes, for its resolution), a payout (`po_`) or
/// a live rail request (`rrq_`), the ids the providers echo (decision 422).
fn record(
    read: &impl Read,
    mode: Mode,
    owner: &str,
    reference: &str,
) -> Result<(Option<Record>, Option<Payment>), ApiError> {
    let mine = |m: Mode, o: &str| m == mode && o == owner;
    let prefix = reference.split('_').next().unwrap_or("");
    if prefix == "pay" {
        let Some(bytes) = read.object_bytes(reference)? else {
            return Ok((None, None));
        };
        let payment: switch_payments::SwitchPayment = crate::store::decode(&bytes)?;
        if !mine(payment.mode, &payment.owner) {
            return Ok((None, None));
        }
        return Ok((Some(switch_record(&payment)), Some((bytes, payment))));
    }
    let record = match prefix {
        "po" => read
            .object::<payouts::Payout>(reference)?
            .filter(|p| mine(p.mode, &p.owner))
            .map(|p| payout_record(&p)),
        "rrq" => read
            .object::<live_rails::requests::RailRequest>(reference)?
            .filter(|r| mine(r.mode, &r.owner))
            .map(|r| request_record(&r)),
        _ => None,
    };
    Ok((record, None))
}

fn switch_record(p: &switch_payments::SwitchPayment) -> Record {
    use switch_payments::Status;
    Record {
        id: p.id.clone(),
        amount_minor: p.amount_minor,
        currency: p.currency.clone(),
        at_ms: p.created_at_ms,
        outcome: match p.status {
            Status::Completed => Outcome::Succeeded,
            Status::Rejected | Status::Expired | Status::Cancelled => Outcome::Failed,
            _ => Outcome::Pending,
        },
    }
}

fn payout_record(p: &payouts::Payout) -> Record {
    use payouts::Status;
    Record {
        id: p.id.clone(),
        amount_minor: p.amount_minor,
        currency: p.currency.clone(),
        at_ms: p.completed_at_ms.unwrap_or(p.created_at_ms),
        outcome: match p.status {
            Status::Paid => Outcome::Succeeded,
            Status::Failed => Outcome::Failed,
            Status::NeedsReview => Outcome::InReview,
            Status::Pending | Status::Processing => Outcome::Pending,
        },
    }
}

fn request_record(r: &live_rails::requests::RailRequest) -> Record {
    use live_rails::state::Status;
    Record {
        id: r.id.clone(),
        amount_minor: r.amount_minor,
        currency: r.currency.clone(),
        at_ms: r.created_at_ms,
        outcome: match r.status {
            Status::Succeeded => Outcome::Succeeded,
            Status::Failed => Outcome::Failed,
            _ => Outcome::Pending,
        },
    }
}

/// The records `rail` carries for the owner that no line named (`seen`
/// holds the lines' references: those are not read again).
fn rail_records(
    read: &impl Read,
    mode: Mode,
    owner: &str,
    rail: &str,
    seen: &HashSet<&str>,
) -> Result<Vec<Record>, ApiError> {
    if let Some(provider) = Provider::parse(rail) {
        let requests: BTreeMap<String, live_rails::requests::RailRequest> =
            live_rails::reconcile::gateway_requests(read, mode, owner, provider)?;
        return Ok(requests
            .values()
            .filter(|r| !seen.contains(r.id.as_str()))
            .map(request_record)
            .collect());
    }
    let family = if rail == switch_payments::RAIL {
        switch_payments::SWITCH_PAYMENT.family
    } else {
        payouts::PAYOUT.family
    };
    let rows = read.scan_index(
        &keys::owned_prefix(family, mode, owner),
        None,
        RECORDS_SCANNED_MAX,
    )?;
    let mut records = Vec::with_capacity(rows.len());
    for (key, _) in rows {
        let id = keys::id_of(&key);
        if seen.contains(id) {
            continue;
        }
        if rail == switch_payments::RAIL {
            if let Some(p) = read.object::<switch_payments::SwitchPayment>(id)? {
                records.push(switch_record(&p));
            }
        } else if let Some(p) = read.object::<payouts::Payout>(id)?
            && p.destination.rail() == rail
        {
            records.push(payout_record(&p));
        }
    }
    Ok(records)
}

#[cfg(test)]
mod tests;
