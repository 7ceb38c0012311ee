//! Validation of one batch row: its amount and its destination, every field
//! checked and every error kept (a person fixes a spreadsheet once, not once
//! per error). A mobile-money or bank destination is decided by the single
//! payout's rule (`payouts::Destination`, through the [`Payee`] trait that
//! `payout_batches::payee` implements); what is the batch's own is here: the
//! line, the `wallet` method, the amount in major units, and duplicates.
//!
//! Duplicates within a batch ([`Duplicates`]): two rows with the same method,
//! destination (operator and phone; country and account number; receiving
//! wallet), amount and reference. The later one is INVALID: paying it would
//! most likely pay someone twice, and a deliberate second payment says so
//! with its own reference.
//!
//! Pure: only `std` and its siblings (the fuzz target includes this file and
//! brings its own stand-in [`Payee`]).

use std::collections::HashMap;

use super::amount;
use super::columns::{Cells, Column};
use super::csv_rows::RawRow;

pub const REFERENCE_CHARS_MAX: usize = 100;
const HANDLE_CHARS: std::ops::RangeInclusive<usize> = 2..=80;

/// What a row is checked against.
pub struct Rules<'a> {
    pub currency: &'a str,
    /// Decimals of `currency`.
    pub exponent: u32,
    /// The smallest amount a row pays, in minor units (a payout's, a transfer's).
    pub amount_minor_min: i64,
}

/// The methods whose destination is a payee outside the gateway.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PayeeMethod {
    MobileMoney,
    Bank,
}

/// A mobile-money or bank destination, decided from a row's cells by the
/// single payout's rule (`payouts::Destination`).
pub trait Payee: Sized + Clone + PartialEq + std::fmt::Debug {
    /// The destination of a row of `method` paying in `currency`, or every
    /// refusal with its column.
    fn check(method: PayeeMethod, cells: &Cells, currency: &str) -> Result<Self, Vec<RowError>>;
    /// Writes its normalised cells (the method's own) into `cells`.
    fn write(&self, cells: &mut Cells);
    /// Equal for two destinations that pay the same account.
    fn duplicate_key(&self) -> String;
}

/// Where a valid row's money goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination<P> {
    /// A mobile-money number or a bank account: a payout.
    Payee(P),
    /// Another organisation of this gateway, as written (`@tag`, `org_...`,
    /// phone, e-mail); the domain resolves it. A transfer.
    Wallet { to: String },
}

/// One error of a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowError {
    /// The column at fault; `None` for the row as a whole.
    pub field: Option<&'static str>,
    /// `required`, `invalid`, `invalid_amount`, `too_long`, `unknown_method`,
    /// `unknown_operator`, `currency_not_supported`, `unsupported`,
    /// `cell_count`, `duplicate`, or the domain's (`recipient_not_found`, ...).
    pub code: &'static str,
    pub message: String,
}

impl RowError {
    pub fn new(field: Option<&'static str>, code: &'static str, message: String) -> RowError {
        RowError {
            field,
            code,
            message,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Valid<P> {
    pub amount_minor: i64,
    pub destination: Destination<P>,
}

/// A row after validation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked<P> {
    pub row: u32,
    pub line: u64,
    /// As sent; for a valid row only the cells that are paid on, normalised.
    pub cells: Cells,
    pub outcome: Result<Valid<P>, Vec<RowError>>,
}

impl<P> Checked<P> {
    /// Marks the row invalid with `error` (kept with any it had).
    pub fn refuse(&mut self, error: RowError) {
        match &mut self.outcome {
            Ok(_) => self.outcome = Err(vec![error]),
            Err(errors) => errors.push(error),
        }
    }
}

/// Validates one row.
pub fn check_row<P: Payee>(raw: RawRow, rules: &Rules<'_>) -> Checked<P> {
    let mut errors = Vec::new();
    if let Some((found, expected)) = raw.cells_found {
        errors.push(RowError::new(
            None,
            "cell_count",
            format!(
                "line {} has {found} cells where the header has {expected}",
                raw.line
            ),
        ));
    }
    let amount = amount_of(&raw.cells, rules, &mut errors);
    let destination = destination::<P>(&raw.cells, rules, &mut errors);
    let reference = text(
        &raw.cells,
        Column::Reference,
        0,
        REFERENCE_CHARS_MAX,
        &mut errors,
    );
    let outcome = match (amount, destination) {
        (Some(amount_minor), Some(destination)) if errors.is_empty() => Ok(Valid {
            amount_minor,
            destination,
        }),
        _ => {
            debug_assert!(!errors.is_empty(), "an invalid row says why");
            Err(errors)
        }
    };
    let cells = match &outcome {
        Ok(valid) => normalised(valid, rules, reference),
        Err(_) => raw.cells,
    };
    Checked {
        row: raw.row,
        line: raw.line,
        cells,
        outcome,
    }
}

fn amount_of(cells: &Cells, rules: &Rules<'_>, errors: &mut Vec<RowError>) -> Option<i64> {
    let Some(value) = cells.get(Column::Amount) else {
        errors.push(required(Column::Amount, None));
        return None;
    };
    let invalid = |message: String| RowError::new(Some("amount"), "invalid_amount", message);
    match amount::parse_major(value, rules.exponent) {
        Err(e) => {
            errors.push(invalid(e.message(value, rules.currency, rules.exponent)));
            None
        }
        Ok(minor) if minor < rules.amount_minor_min => {
            errors.push(invalid(format!(
                "amount must be at least {} {} ({} minor units), the smallest payout (got {:?})",
                amount::format_major(rules.amount_minor_min, rules.exponent),
                rules.currency,
                rules.amount_minor_min,
                shown(value)
            )));
            None
        }
        Ok(minor) => Some(minor),
    }
}

/// The destination of a batch row, from its method's cells, or `None` with
/// the reasons pushed onto `errors`.
fn destination<P: Payee>(
    cells: &Cells,
    rules: &Rules<'_>,
    errors: &mut Vec<RowError>,
) -> Option<Destination<P>> {
    let Some(method) = cells.get(Column::Method) else {
        errors.push(required(Column::Method, None));
        return None;
    };
    let mut payee = |method| match P::check(method, cells, rules.currency) {
        Ok(payee) => Some(Destination::Payee(payee)),
        Err(refusals) => {
            errors.extend(refusals);
            None
        }
    };
    match method.to_ascii_lowercase().as_str() {
        "mobile_money" => payee(PayeeMethod::MobileMoney),
        "bank" => payee(PayeeMethod::Bank),
        "wallet" => {
            if cells.get(Column::Wallet).is_none() {
                errors.push(required(Column::Wallet, Some("wallet")));
                return None;
            }
            let (min, max) = (*HANDLE_CHARS.start(), *HANDLE_CHARS.end());
            let to = text(cells, Column::Wallet, min, max, errors)?;
            Some(Destination::Wallet { to })
        }
        _ => {
            errors.push(RowError::new(
                Some("method"),
                "unknown_method",
                format!(
                    "method must be one of {} (got {:?})",
                    super::columns::METHODS.join(", "),
                    shown(method)
                ),
            ));
            None
        }
    }
}

/// A free-text cell: `min..=max` characters, no control characters. An
/// absent cell is `None` without an error (the caller says when it is
/// required), except that an optional one (`min` 0) is `Some("")`.
fn text(
    cells: &Cells,
    column: Column,
    min: usize,
    max: usize,
    errors: &mut Vec<RowError>,
) -> Option<String> {
    let Some(value) = cells.get(column) else {
        return (min == 0).then(String::new);
    };
    let chars = value.chars().count();
    let name = column.name();
    if chars > max {
        errors.push(RowError::new(
            Some(name),
            "too_long",
            format!("{name} must be at most {max} characters (got {chars})"),
        ));
        return None;
    }
    if chars < min || value.chars().any(char::is_control) {
        errors.push(RowError::new(
            Some(name),
            "invalid",
            format!("{name} must be {min} to {max} characters without control characters"),
        ));
        return None;
    }
    Some(value.to_string())
}

/// The cells a valid row is paid on, normalised, and nothing else.
fn normalised<P: Payee>(valid: &Valid<P>, rules: &Rules<'_>, reference: Option<String>) -> Cells {
    let mut cells = Cells::default();
    match &valid.destination {
        Destination::Payee(payee) => payee.write(&mut cells),
        Destination::Wallet { to } => {
            cells.set(Column::Method, "wallet");
            cells.set(Column::Wallet, to);
        }
    }
    cells.set(
        Column::Amount,
        &amount::format_major(valid.amount_minor, rules.exponent),
    );
    cells.set(Column::Reference, reference.as_deref().unwrap_or(""));
    cells
}

fn required(column: Column, method: Option<&str>) -> RowError {
    let name = column.name();
    let message = match method {
        Some(method) => format!("{name} is required for method {method}"),
        None => format!("{name} is required"),
    };
    RowError::new(Some(name), "required", message)
}

/// At most 40 characters of a cell, for a message.
fn shown(value: &str) -> String {
    value.chars().take(40).collect()
}

/// Finds rows that repeat an earlier one (see the module doc).
#[derive(Default)]
pub struct Duplicates {
    /// Key → the line of its first row.
    seen: HashMap<String, u64>,
}

impl Duplicates {
    /// Makes `checked` invalid when a valid row before it had the same key.
    pub fn check<P: Payee>(&mut self, checked: &mut Checked<P>) {
        let Ok(valid) = &checked.outcome else { return };
        let key = duplicate_key(valid, checked.cells.get(Column::Reference));
        match self.seen.get(&key) {
            Some(first) => {
                let first = *first;
                checked.refuse(RowError::new(
                    Some("reference"),
                    "duplicate",
                    format!(
                        "this row repeats line {first} (same destination, amount and reference); give each payment its own reference"
                    ),
                ));
            }
            None => {
                self.seen.insert(key, checked.line);
            }
        }
    }
}

fn duplicate_key<P: Payee>(valid: &Valid<P>, reference: Option<&str>) -> String {
    let destination = match &valid.destination {
        Destination::Payee(payee) => payee.duplicate_key(),
        Destination::Wallet { to } => format!("wallet|{}", to.to_lowercase()),
    };
    format!(
        "{destination}|{}|{}",
        valid.amount_minor,
        reference.unwrap_or("")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::payouts::Destination as Payout;

    fn rules() -> Rules<'static> {
        Rules {
            currency: "CDF",
            exponent: 2,
            amount_minor_min: 100,
        }
    }

    fn check(raw: RawRow) -> Checked<Payout> {
        check_row(raw, &rules())
    }

    fn raw(pairs: &[(Column, &str)]) -> RawRow {
        let mut cells = Cells::default();
        for (column, value) in pairs {
            cells.set(*column, value);
        }
        RawRow {
            row: 1,
            line: 2,
            cells,
            cells_found: None,
        }
    }

    fn fields(checked: &Checked<Payout>) -> Vec<(Option<&'static str>, &'static str)> {
        match &checked.outcome {
            Ok(_) => Vec::new(),
            Err(errors) => errors.iter().map(|e| (e.field, e.code)).collect(),
        }
    }

    fn mobile(amount: &str, phone: &str) -> RawRow {
        raw(&[
            (Column::Method, "Mobile_Money"),
            (Column::Amount, amount),
            (Column::OperatorId, "MPESA"),
            (Column::Phone, phone),
            (Column::Name, "Amani"),
            (Column::BankName, "ignored"),
        ])
    }

    #[test]
    fn a_valid_mobile_money_row_is_normalised_to_what_is_paid() {
        let checked = check(mobile("1500.5", "243 812-345678"));
        let valid = checked.outcome.clone().expect("valid");
        assert_eq!(valid.amount_minor, 150_050);
        assert_eq!(
            valid.destination,
            Destination::Payee(Payout::MobileMoney {
                operator_id: "mpesa".into(),
                operator: "mpesa".into(),
                phone: "+243812345678".into(),
                name: Some("Amani".into())
            })
        );
        assert_eq!(checked.cells.get(Column::Amount), Some("1500.50"));
        assert_eq!(checked.cells.get(Column::Phone), Some("+243812345678"));
        assert_eq!(checked.cells.get(Column::BankName), None, "not paid on");
    }

    #[test]
    fn every_error_of_a_row_is_reported_with_its_field() {
        let checked = check(raw(&[
            (Column::Method, "mobile_money"),
            (Column::Amount, "12.345"),
            (Column::OperatorId, "mtn"),
            (Column::Phone, "0812"),
            (Column::Name, "A"),
        ]));
        assert_eq!(
            fields(&checked),
            vec![
                (Some("amount"), "invalid_amount"),
                (Some("operator_id"), "currency_not_supported"),
                (Some("phone"), "invalid"),
                (Some("name"), "invalid"),
            ]
        );
        assert_eq!(checked.cells.get(Column::Amount), Some("12.345"), "as sent");
    }

    #[test]
    fn an_amount_below_the_smallest_payout_is_an_error_of_its_row() {
        assert_eq!(
            fields(&check(mobile("0.99", "+243812345678"))),
            vec![(Some("amount"), "invalid_amount")]
        );
        assert!(check(mobile("1", "+243812345678")).outcome.is_ok());
    }

    #[test]
    fn bank_rows_follow_the_single_payouts_rules_and_never_a_saved_account() {
        let good = raw(&[
            (Column::Method, "bank"),
            (Column::Amount, "10"),
            (Column::BankName, "Equity BCDC"),
            (Column::AccountName, "Amani K"),
            (Column::AccountNumber, "cd00 0123-4567"),
            (Column::Country, "cd"),
            (Column::Swift, "eqblcdki"),
        ]);
        let checked = check(good.clone());
        assert!(
            matches!(&checked.outcome, Ok(Valid { destination: Destination::Payee(Payout::Bank { account_number, swift, country, .. }), .. })
                if account_number == "CD0001234567" && swift.as_deref() == Some("EQBLCDKI") && country == "CD"),
            "{checked:?}"
        );
        let mut without_bic = good.clone();
        without_bic.cells.set(Column::Swift, "");
        assert!(check(without_bic).outcome.is_ok(), "the BIC is optional");
        let mut saved = good.clone();
        saved.cells.set(Column::BankAccountId, "ba_1");
        assert_eq!(
            fields(&check(saved)),
            vec![(Some("bank_account_id"), "unsupported")]
        );
        let missing = raw(&[(Column::Method, "bank"), (Column::Amount, "10")]);
        assert_eq!(fields(&check(missing)).len(), 4);
        let mut bad = good;
        bad.cells.set(Column::Swift, "EQBL1");
        bad.cells.set(Column::Country, "COD");
        bad.cells.set(Column::AccountNumber, "12");
        assert_eq!(
            fields(&check(bad)),
            vec![
                (Some("account_number"), "invalid"),
                (Some("country"), "invalid"),
                (Some("swift"), "invalid")
            ]
        );
    }

    #[test]
    fn methods_operators_and_cell_counts_are_checked() {
        let unknown = raw(&[(Column::Method, "cash"), (Column::Amount, "1")]);
        assert_eq!(
            fields(&check(unknown)),
            vec![(Some("method"), "unknown_method")]
        );
        let mut row = mobile("1", "+243812345678");
        row.cells.set(Column::OperatorId, "nope");
        row.cells_found = Some((3, 13));
        assert_eq!(
            fields(&check(row)),
            vec![
                (None, "cell_count"),
                (Some("operator_id"), "unknown_operator")
            ]
        );
        let mut in_country = mobile("1", "+243812345678");
        in_country.cells.set(Column::OperatorId, "mpesa_cd");
        assert!(
            check(in_country).outcome.is_ok(),
            "the single payout's form"
        );
        let wallet = raw(&[
            (Column::Method, "wallet"),
            (Column::Amount, "1"),
            (Column::Wallet, "@beta"),
        ]);
        assert!(check(wallet).outcome.is_ok());
        let nowhere = raw(&[(Column::Method, "wallet"), (Column::Amount, "1")]);
        assert_eq!(fields(&check(nowhere)), vec![(Some("wallet"), "required")]);
    }

    #[test]
    fn a_later_row_with_the_same_destination_amount_and_reference_is_a_duplicate() {
        let mut duplicates = Duplicates::default();
        let mut first = check(mobile("10", "+243812345678"));
        let mut same = mobile("10.00", "243812345678");
        same.cells.set(Column::OperatorId, "mpesa_cd");
        let mut same = check(same);
        same.line = 3;
        let mut other_amount = check(mobile("11", "+243812345678"));
        let mut with_reference = mobile("10", "+243812345678");
        with_reference.cells.set(Column::Reference, "second");
        let mut with_reference = check(with_reference);
        for checked in [
            &mut first,
            &mut same,
            &mut other_amount,
            &mut with_reference,
        ] {
            duplicates.check(checked);
        }
        assert!(first.outcome.is_ok());
        assert_eq!(fields(&same), vec![(Some("reference"), "duplicate")]);
        assert!(matches!(&same.outcome, Err(e) if e[0].message.contains("line 2")));
        assert!(other_amount.outcome.is_ok());
        assert!(with_reference.outcome.is_ok());
    }
}
