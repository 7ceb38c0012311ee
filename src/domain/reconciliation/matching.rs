//! Matching one statement line with what the gateway recorded under its
//! reference (decision 422): the same reference, the same outcome, currency
//! and amount, and the line's date within [`WINDOW_MS`] of the record's
//! time. Pure: the records are looked up by the caller.

use serde::{Deserialize, Serialize};

use super::file::Line;

/// A line's date may be this far from its record's time, either way: a
/// provider dates a line by its value date, which follows the gateway's
/// time by up to a few banking days (a Friday evening's payment is Monday's
/// line).
pub const WINDOW_MS: i64 = 3 * 86_400_000;

/// What the gateway knows of a record a line may name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// `pay_...`, `po_...`, `rrq_...`.
    pub id: String,
    pub amount_minor: i64,
    pub currency: String,
    /// When the money moved (or the record was made, when it has not).
    pub at_ms: i64,
    pub outcome: Outcome,
}

/// The gateway's outcome of a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Succeeded,
    Failed,
    /// Still moving: the rail has not answered.
    Pending,
    /// Parked for a person (a payout in NEEDS_REVIEW): the statement is the
    /// evidence a reviewer needs, not a decision the import takes.
    InReview,
}

/// How a line (or a record) came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = ReconciliationClass)]
pub enum Class {
    /// The line and its record agree.
    Matched,
    /// No record of the gateway has the line's reference.
    Unmatched,
    /// A record has it, but something differs (`reason`).
    Mismatched,
    /// A record of the statement's rail and period that no line names.
    Missing,
}

/// Why a line needs a person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = ReconciliationReason)]
pub enum Reason {
    NotInGateway,
    Outcome,
    Currency,
    Amount,
    Date,
    /// A second line with a reference an earlier line named.
    Duplicate,
    /// The record waits for a review (`POST /payouts/{id}/review`, with the
    /// line as evidence).
    InReview,
    NotInStatement,
}

impl Reason {
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::NotInGateway => "not_in_gateway",
            Reason::Outcome => "outcome",
            Reason::Currency => "currency",
            Reason::Amount => "amount",
            Reason::Date => "date",
            Reason::Duplicate => "duplicate",
            Reason::InReview => "in_review",
            Reason::NotInStatement => "not_in_statement",
        }
    }
}

impl Class {
    pub fn as_str(self) -> &'static str {
        match self {
            Class::Matched => "matched",
            Class::Unmatched => "unmatched",
            Class::Mismatched => "mismatched",
            Class::Missing => "missing",
        }
    }
}

/// The class of `line` against the record of its reference, if any, and why
/// it needs a person. `repeated`: an earlier line named the same reference.
pub fn classify(line: &Line, record: Option<&Record>, repeated: bool) -> (Class, Option<Reason>) {
    let Some(record) = record else {
        return (Class::Unmatched, Some(Reason::NotInGateway));
    };
    let reason = if repeated {
        Some(Reason::Duplicate)
    } else if record.outcome == Outcome::InReview {
        Some(Reason::InReview)
    } else if line.succeeded != (record.outcome == Outcome::Succeeded) {
        Some(Reason::Outcome)
    } else if line.currency != record.currency {
        Some(Reason::Currency)
    } else if line.amount_minor != record.amount_minor {
        Some(Reason::Amount)
    } else if line.date_ms.abs_diff(record.at_ms) > WINDOW_MS.unsigned_abs() {
        Some(Reason::Date)
    } else {
        None
    };
    match reason {
        None => (Class::Matched, None),
        Some(reason) => (Class::Mismatched, Some(reason)),
    }
}

/// Whether a record no line named is missing from a statement covering the
/// days `[start_ms, end_ms)`: only money the gateway says moved, in them.
pub fn is_missing(record: &Record, start_ms: i64, end_ms: i64) -> bool {
    record.outcome == Outcome::Succeeded && (start_ms..end_ms).contains(&record.at_ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: i64 = 86_400_000;

    fn line() -> Line {
        Line {
            line: 2,
            reference: "pay_1".into(),
            amount_minor: 2_500,
            currency: "CDF".into(),
            date_ms: 10 * DAY,
            succeeded: true,
        }
    }

    fn record() -> Record {
        Record {
            id: "pay_1".into(),
            amount_minor: 2_500,
            currency: "CDF".into(),
            at_ms: 10 * DAY - 3_600_000,
            outcome: Outcome::Succeeded,
        }
    }

    #[test]
    fn a_line_agreeing_with_its_record_within_the_window_is_matched() {
        assert_eq!(
            classify(&line(), Some(&record()), false),
            (Class::Matched, None)
        );
        let late = Line {
            date_ms: 10 * DAY + 2 * DAY,
            ..line()
        };
        assert_eq!(classify(&late, Some(&record()), false).0, Class::Matched);
        let failed = Line {
            succeeded: false,
            ..line()
        };
        let failed_record = Record {
            outcome: Outcome::Failed,
            ..record()
        };
        assert_eq!(
            classify(&failed, Some(&failed_record), false).0,
            Class::Matched
        );
    }

    #[test]
    fn each_difference_is_named_first_outcome_then_currency_amount_date() {
        let mismatch = |l: Line, r: Record| classify(&l, Some(&r), false);
        let reason = |l: Line, r: Record| mismatch(l, r).1;
        assert_eq!(
            classify(&line(), None, false),
            (Class::Unmatched, Some(Reason::NotInGateway))
        );
        assert_eq!(
            reason(
                line(),
                Record {
                    outcome: Outcome::Pending,
                    ..record()
                }
            ),
            Some(Reason::Outcome)
        );
        assert_eq!(
            reason(
                Line {
                    succeeded: false,
                    ..line()
                },
                record()
            ),
            Some(Reason::Outcome)
        );
        assert_eq!(
            reason(
                Line {
                    currency: "USD".into(),
                    amount_minor: 1,
                    ..line()
                },
                record()
            ),
            Some(Reason::Currency)
        );
        assert_eq!(
            reason(
                Line {
                    amount_minor: 2_501,
                    ..line()
                },
                record()
            ),
            Some(Reason::Amount)
        );
        assert_eq!(
            mismatch(
                Line {
                    date_ms: 14 * DAY,
                    ..line()
                },
                record()
            ),
            (Class::Mismatched, Some(Reason::Date))
        );
        assert_eq!(
            reason(
                line(),
                Record {
                    outcome: Outcome::InReview,
                    ..record()
                }
            ),
            Some(Reason::InReview)
        );
        assert_eq!(
            classify(&line(), Some(&record()), true),
            (Class::Mismatched, Some(Reason::Duplicate))
        );
    }

    #[test]
    fn only_money_that_moved_in_the_period_is_missing() {
        assert!(is_missing(&record(), 9 * DAY, 10 * DAY));
        assert!(!is_missing(&record(), 10 * DAY, 11 * DAY));
        let pending = Record {
            outcome: Outcome::Pending,
            ..record()
        };
        assert!(!is_missing(&pending, 9 * DAY, 10 * DAY));
    }
}
