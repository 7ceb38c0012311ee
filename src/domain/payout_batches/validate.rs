//! Validation of one batch row: its amount and its destination, every field
//! checked and every error kept (a person fixes a spreadsheet once, not once
//! per error). [`batch_row_destination`] is the destination parser of batch
//! rows; the single payout (`domain::payouts`) has its own, and the two are
//! meant to become one.
//!
//! Duplicates within a batch ([`Duplicates`]): two rows with the same method,
//! destination (operator and phone; BIC and account number; receiving
//! wallet), amount and reference. The later one is INVALID: paying it would
//! most likely pay someone twice, and a deliberate second payment says so
//! with its own reference.
//!
//! Pure: only `std` and its siblings (the fuzz target includes this file).

use std::collections::HashMap;

use super::amount::{self, AmountError};
use super::columns::{Cells, Column};
use super::csv_rows::RawRow;

pub const NAME_CHARS_MAX: usize = 100;
pub const REFERENCE_CHARS_MAX: usize = 100;
const HANDLE_CHARS: std::ops::RangeInclusive<usize> = 2..=80;
const ACCOUNT_NUMBER_CHARS: std::ops::RangeInclusive<usize> = 4..=34;
const PHONE_DIGITS: std::ops::RangeInclusive<usize> = 8..=15;

/// What a row is checked against.
pub struct Rules<'a> {
    pub currency: &'a str,
    /// Decimals of `currency`.
    pub exponent: u32,
    /// Mobile-money operators that pay out, each with the currencies it pays
    /// in (empty: any).
    pub operators: &'a [(&'a str, &'a [&'a str])],
}

/// Where a valid row's money goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    MobileMoney {
        operator_id: String,
        /// E.164 with its `+`.
        phone: String,
        name: String,
    },
    Bank {
        bank_name: String,
        account_name: String,
        /// Letters and digits, upper case.
        account_number: String,
        country: String,
        swift: String,
    },
    /// Another organisation of this gateway, as written (`@tag`, `org_...`,
    /// phone, e-mail); the domain resolves it.
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
pub struct Valid {
    pub amount_minor: i64,
    pub destination: Destination,
}

/// A row after validation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    pub row: u32,
    pub line: u64,
    /// As sent; for a valid row only the cells that are paid on, normalised.
    pub cells: Cells,
    pub outcome: Result<Valid, Vec<RowError>>,
}

impl Checked {
    /// Marks the row invalid with `error` (kept with any it had).
    pub fn refuse(&mut self, error: RowError) {
        match &mut self.outcome {
            Ok(_) => self.outcome = Err(vec![error]),
            Err(errors) => errors.push(error),
        }
    }
}

/// Validates one row.
pub fn check_row(raw: RawRow, rules: &Rules<'_>) -> Checked {
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
    let destination = batch_row_destination(&raw.cells, rules, &mut errors);
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
    amount::parse_major(value, rules.exponent)
        .map_err(|e: AmountError| {
            errors.push(RowError::new(
                Some("amount"),
                "invalid_amount",
                e.message(value, rules.currency, rules.exponent),
            ));
        })
        .ok()
}

/// The destination of a batch row, from its method's cells, or `None` with
/// the reasons pushed onto `errors`.
pub fn batch_row_destination(
    cells: &Cells,
    rules: &Rules<'_>,
    errors: &mut Vec<RowError>,
) -> Option<Destination> {
    let Some(method) = cells.get(Column::Method) else {
        errors.push(required(Column::Method, None));
        return None;
    };
    match method.to_ascii_lowercase().as_str() {
        "mobile_money" => mobile_money(cells, rules, errors),
        "bank" => bank(cells, errors),
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

fn mobile_money(
    cells: &Cells,
    rules: &Rules<'_>,
    errors: &mut Vec<RowError>,
) -> Option<Destination> {
    let operator_id = operator(cells, rules, errors);
    let phone = phone(cells, errors);
    let name = text(cells, Column::Name, 1, NAME_CHARS_MAX, errors);
    if cells.get(Column::Name).is_none() {
        errors.push(required(Column::Name, Some("mobile_money")));
    }
    Some(Destination::MobileMoney {
        operator_id: operator_id?,
        phone: phone?,
        name: name?,
    })
}

fn operator(cells: &Cells, rules: &Rules<'_>, errors: &mut Vec<RowError>) -> Option<String> {
    let Some(value) = cells.get(Column::OperatorId) else {
        errors.push(required(Column::OperatorId, Some("mobile_money")));
        return None;
    };
    let id = value.to_ascii_lowercase();
    let known: Vec<&str> = rules.operators.iter().map(|(id, _)| *id).collect();
    let Some((_, currencies)) = rules.operators.iter().find(|(o, _)| *o == id) else {
        errors.push(RowError::new(
            Some("operator_id"),
            "unknown_operator",
            format!(
                "operator_id {:?} is not a mobile-money operator that pays out ({})",
                shown(value),
                known.join(", ")
            ),
        ));
        return None;
    };
    if !currencies.is_empty() && !currencies.contains(&rules.currency) {
        let paying: Vec<&str> = rules
            .operators
            .iter()
            .filter(|(_, c)| c.is_empty() || c.contains(&rules.currency))
            .map(|(id, _)| *id)
            .collect();
        errors.push(RowError::new(
            Some("operator_id"),
            "currency_not_supported",
            format!(
                "operator {id} does not pay out in {}; operators that do: {}",
                rules.currency,
                if paying.is_empty() {
                    "none".to_string()
                } else {
                    paying.join(", ")
                }
            ),
        ));
        return None;
    }
    Some(id)
}

/// E.164, with or without its `+`, spaces and hyphens dropped: a
/// spreadsheet turns `+243...` into the number `243...`.
fn phone(cells: &Cells, errors: &mut Vec<RowError>) -> Option<String> {
    let Some(value) = cells.get(Column::Phone) else {
        errors.push(required(Column::Phone, Some("mobile_money")));
        return None;
    };
    let compact: String = value.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    let digits = compact.strip_prefix('+').unwrap_or(&compact);
    let valid = PHONE_DIGITS.contains(&digits.len())
        && digits.bytes().all(|b| b.is_ascii_digit())
        && !digits.starts_with('0');
    if !valid {
        errors.push(invalid(
            Column::Phone,
            format!(
                "phone must be an E.164 number, 8 to 15 digits with or without its +, such as +243812345678 (got {:?})",
                shown(value)
            ),
        ));
        return None;
    }
    Some(format!("+{digits}"))
}

fn bank(cells: &Cells, errors: &mut Vec<RowError>) -> Option<Destination> {
    if cells.get(Column::BankAccountId).is_some() {
        // No saved bank accounts exist in this gateway yet (docs/payout-batches.md).
        errors.push(RowError::new(
            Some("bank_account_id"),
            "unsupported",
            "saved bank accounts are not kept by this gateway yet: leave bank_account_id empty and give bank_name, account_name, account_number, country and swift".into(),
        ));
        return None;
    }
    for column in [
        Column::BankName,
        Column::AccountName,
        Column::AccountNumber,
        Column::Country,
        Column::Swift,
    ] {
        if cells.get(column).is_none() {
            errors.push(required(column, Some("bank")));
        }
    }
    let bank_name = text(cells, Column::BankName, 2, NAME_CHARS_MAX, errors);
    let account_name = text(cells, Column::AccountName, 2, NAME_CHARS_MAX, errors);
    let account_number = cells.get(Column::AccountNumber).and_then(|v| {
        let compact: String = v.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
        let ok = ACCOUNT_NUMBER_CHARS.contains(&compact.len())
            && compact.bytes().all(|b| b.is_ascii_alphanumeric());
        if !ok {
            errors.push(invalid(
                Column::AccountNumber,
                format!("account_number must be 4 to 34 letters and digits (spaces and hyphens are dropped), got {:?}", shown(v)),
            ));
        }
        ok.then(|| compact.to_ascii_uppercase())
    });
    let country = cells.get(Column::Country).and_then(|v| {
        let ok = v.len() == 2 && v.bytes().all(|b| b.is_ascii_alphabetic());
        if !ok {
            errors.push(invalid(
                Column::Country,
                format!(
                    "country must be an ISO 3166-1 alpha-2 code such as CD (got {:?})",
                    shown(v)
                ),
            ));
        }
        ok.then(|| v.to_ascii_uppercase())
    });
    let swift = cells.get(Column::Swift).and_then(|v| {
        let ok = (v.len() == 8 || v.len() == 11)
            && v.bytes().take(6).all(|b| b.is_ascii_alphabetic())
            && v.bytes().all(|b| b.is_ascii_alphanumeric());
        if !ok {
            errors.push(invalid(
                Column::Swift,
                format!("swift must be a BIC of 8 or 11 letters and digits, the first 6 letters, such as EQBLCDKI (got {:?})", shown(v)),
            ));
        }
        ok.then(|| v.to_ascii_uppercase())
    });
    Some(Destination::Bank {
        bank_name: bank_name?,
        account_name: account_name?,
        account_number: account_number?,
        country: country?,
        swift: swift?,
    })
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
        errors.push(invalid(
            column,
            format!("{name} must be {min} to {max} characters without control characters"),
        ));
        return None;
    }
    Some(value.to_string())
}

/// The cells a valid row is paid on, normalised, and nothing else.
fn normalised(valid: &Valid, rules: &Rules<'_>, reference: Option<String>) -> Cells {
    let mut cells = Cells::default();
    let mut put = |column: Column, value: &str| cells.set(column, value);
    match &valid.destination {
        Destination::MobileMoney {
            operator_id,
            phone,
            name,
        } => {
            put(Column::Method, "mobile_money");
            put(Column::OperatorId, operator_id);
            put(Column::Phone, phone);
            put(Column::Name, name);
        }
        Destination::Bank {
            bank_name,
            account_name,
            account_number,
            country,
            swift,
        } => {
            put(Column::Method, "bank");
            put(Column::BankName, bank_name);
            put(Column::AccountName, account_name);
            put(Column::AccountNumber, account_number);
            put(Column::Country, country);
            put(Column::Swift, swift);
        }
        Destination::Wallet { to } => {
            put(Column::Method, "wallet");
            put(Column::Wallet, to);
        }
    }
    put(
        Column::Amount,
        &amount::format_major(valid.amount_minor, rules.exponent),
    );
    put(Column::Reference, reference.as_deref().unwrap_or(""));
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

fn invalid(column: Column, message: String) -> RowError {
    RowError::new(Some(column.name()), "invalid", message)
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
    pub fn check(&mut self, checked: &mut Checked) {
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

fn duplicate_key(valid: &Valid, reference: Option<&str>) -> String {
    let destination = match &valid.destination {
        Destination::MobileMoney {
            operator_id, phone, ..
        } => format!("mobile_money|{operator_id}|{phone}"),
        Destination::Bank {
            account_number,
            swift,
            ..
        } => format!("bank|{swift}|{account_number}"),
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

    const OPERATORS: &[(&str, &[&str])] = &[("mpesa", &["CDF", "USD"]), ("mtn", &["UGX"])];

    fn rules() -> Rules<'static> {
        Rules {
            currency: "CDF",
            exponent: 2,
            operators: OPERATORS,
        }
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

    fn fields(checked: &Checked) -> Vec<(Option<&'static str>, &'static str)> {
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
        let checked = check_row(mobile("1500.5", "243 812-345678"), &rules());
        let valid = checked.outcome.clone().expect("valid");
        assert_eq!(valid.amount_minor, 150_050);
        assert_eq!(
            valid.destination,
            Destination::MobileMoney {
                operator_id: "mpesa".into(),
                phone: "+243812345678".into(),
                name: "Amani".into()
            }
        );
        assert_eq!(checked.cells.get(Column::Amount), Some("1500.50"));
        assert_eq!(checked.cells.get(Column::BankName), None, "not paid on");
    }

    #[test]
    fn every_error_of_a_row_is_reported_with_its_field() {
        let checked = check_row(
            raw(&[
                (Column::Method, "mobile_money"),
                (Column::Amount, "12.345"),
                (Column::OperatorId, "mtn"),
                (Column::Phone, "0812"),
            ]),
            &rules(),
        );
        assert_eq!(
            fields(&checked),
            vec![
                (Some("amount"), "invalid_amount"),
                (Some("operator_id"), "currency_not_supported"),
                (Some("phone"), "invalid"),
                (Some("name"), "required"),
            ]
        );
        assert_eq!(checked.cells.get(Column::Amount), Some("12.345"), "as sent");
    }

    #[test]
    fn bank_rows_need_every_detail_and_never_a_saved_account_yet() {
        let good = raw(&[
            (Column::Method, "bank"),
            (Column::Amount, "10"),
            (Column::BankName, "Equity BCDC"),
            (Column::AccountName, "Amani K"),
            (Column::AccountNumber, "cd00 0123-4567"),
            (Column::Country, "cd"),
            (Column::Swift, "eqblcdki"),
        ]);
        let checked = check_row(good.clone(), &rules());
        assert!(
            matches!(&checked.outcome, Ok(Valid { destination: Destination::Bank { account_number, swift, country, .. }, .. })
                if account_number == "CD0001234567" && swift == "EQBLCDKI" && country == "CD"),
            "{checked:?}"
        );
        let mut saved = good.clone();
        saved.cells.set(Column::BankAccountId, "ba_1");
        assert_eq!(
            fields(&check_row(saved, &rules())),
            vec![(Some("bank_account_id"), "unsupported")]
        );
        let missing = raw(&[(Column::Method, "bank"), (Column::Amount, "10")]);
        assert_eq!(fields(&check_row(missing, &rules())).len(), 5);
        let mut bad = good;
        bad.cells.set(Column::Swift, "EQBL1");
        bad.cells.set(Column::Country, "COD");
        bad.cells.set(Column::AccountNumber, "12");
        assert_eq!(
            fields(&check_row(bad, &rules())),
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
            fields(&check_row(unknown, &rules())),
            vec![(Some("method"), "unknown_method")]
        );
        let mut row = mobile("1", "+243812345678");
        row.cells.set(Column::OperatorId, "nope");
        row.cells_found = Some((3, 13));
        assert_eq!(
            fields(&check_row(row, &rules())),
            vec![
                (None, "cell_count"),
                (Some("operator_id"), "unknown_operator")
            ]
        );
        let wallet = raw(&[
            (Column::Method, "wallet"),
            (Column::Amount, "1"),
            (Column::Wallet, "@beta"),
        ]);
        assert!(check_row(wallet, &rules()).outcome.is_ok());
        let nowhere = raw(&[(Column::Method, "wallet"), (Column::Amount, "1")]);
        assert_eq!(
            fields(&check_row(nowhere, &rules())),
            vec![(Some("wallet"), "required")]
        );
    }

    #[test]
    fn a_later_row_with_the_same_destination_amount_and_reference_is_a_duplicate() {
        let mut duplicates = Duplicates::default();
        let mut first = check_row(mobile("10", "+243812345678"), &rules());
        let mut same = check_row(mobile("10.00", "243812345678"), &rules());
        same.line = 3;
        let mut other_amount = check_row(mobile("11", "+243812345678"), &rules());
        let mut with_reference = mobile("10", "+243812345678");
        with_reference.cells.set(Column::Reference, "second");
        let mut with_reference = check_row(with_reference, &rules());
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
