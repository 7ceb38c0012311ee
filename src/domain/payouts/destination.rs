//! Where a payout goes: a mobile-money number with its operator, or a bank
//! account (origin section 22). [`Destination::check`] is the one rule of
//! what a valid destination is, pure (nothing here reads the store): a single
//! payout answers its first refusal ([`Destination::parse`], the field named
//! under `destination.`), a batch row keeps every refusal with its column
//! (`payout_batches::payee`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{ApiError, Code};
use crate::rails::catalogue::{self, Method as CatalogueEntry};

/// Names (the recipient's, the bank's, the account holder's): 2 to 120 characters.
pub const NAME_CHARS_MIN: usize = 2;
pub const NAME_CHARS_MAX: usize = 120;
/// An account number without its spaces and dashes: 4 (origin) to 34 (the
/// longest IBAN) letters and digits.
pub const ACCOUNT_NUMBER_CHARS_MIN: usize = 4;
pub const ACCOUNT_NUMBER_CHARS_MAX: usize = 34;
/// Any string field as sent, before it is checked further.
const FIELD_CHARS_MAX: usize = 200;
/// The catalogue entry that carries bank payouts: the instant switch,
/// preferred to a transfer (`rails::catalogue`).
const BANK_CARRIER: &str = "switch";

/// How a payout is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = PayoutMethod)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    MobileMoney,
    Bank,
}

/// Declares a request struct that carries a payout destination's fields: its
/// own fields first, then `operator_id` to `bank_account_id` with their bounds
/// and descriptions, written once here. `POST /payouts`, settlement profiles
/// and routes declare their destination inputs with it, so that a field or a
/// bound changes in one place. (`#[serde(flatten)]` would share the fields
/// without a macro, but serde cannot refuse unknown fields beside a flatten,
/// and the schema would become an `allOf`.)
macro_rules! destination_input {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $($(#[$field_meta:meta])* pub $field:ident: $type:ty,)*
        }
    ) => {
        $(#[$meta])*
        pub struct $name {
            $($(#[$field_meta])* pub $field: $type,)*
            /// Mobile money: the operator, `<operator>_<country>` (`mpesa_cd`,
            /// `airtel_cd`, `orange_cd`, `africell_cd`, ...) or a bare operator (`mpesa`).
            #[schema(max_length = 200, example = "mpesa_cd")]
            pub operator_id: Option<String>,
            /// Mobile money: the recipient's number, E.164 with or without its `+`
            /// (spaces and hyphens are dropped).
            #[schema(max_length = 200, example = "+243810000001")]
            pub phone: Option<String>,
            /// Mobile money: the recipient's name, 2 to 120 characters (optional).
            #[schema(max_length = 120)]
            pub name: Option<String>,
            /// Bank: 2 to 120 characters.
            #[schema(max_length = 120)]
            pub bank_name: Option<String>,
            /// Bank: the account holder, 2 to 120 characters.
            #[schema(max_length = 120)]
            pub account_name: Option<String>,
            /// Bank: 4 to 34 letters and digits (spaces and dashes are dropped).
            #[schema(max_length = 200)]
            pub account_number: Option<String>,
            /// Bank: ISO 3166-1 alpha-2.
            #[schema(pattern = "^[A-Za-z]{2}$")]
            pub country: Option<String>,
            /// Bank: the BIC, 8 or 11 characters (optional).
            #[schema(pattern = "^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$")]
            pub swift: Option<String>,
            /// A saved bank account of the origin. This gateway keeps none, so any
            /// id answers 404 `bank_account_not_found`: send the bank fields.
            #[schema(max_length = 200)]
            pub bank_account_id: Option<String>,
        }

        impl $crate::domain::payouts::destination::CarriesPayoutFields for $name {
            fn take_payout(
                &mut self,
                method: $crate::domain::payouts::destination::Method,
            ) -> $crate::domain::payouts::destination::DestinationInput {
                $crate::domain::payouts::destination::DestinationInput {
                    method,
                    operator_id: self.operator_id.take(),
                    phone: self.phone.take(),
                    name: self.name.take(),
                    bank_name: self.bank_name.take(),
                    account_name: self.account_name.take(),
                    account_number: self.account_number.take(),
                    country: self.country.take(),
                    swift: self.swift.take(),
                    bank_account_id: self.bank_account_id.take(),
                }
            }

            fn first_payout_field(&self) -> Option<&'static str> {
                [
                    ("operator_id", self.operator_id.is_some()),
                    ("phone", self.phone.is_some()),
                    ("name", self.name.is_some()),
                ]
                .into_iter()
                .find_map(|(field, sent)| sent.then_some(field))
                .or_else(|| self.first_bank_field())
            }

            fn first_bank_field(&self) -> Option<&'static str> {
                [
                    ("bank_name", self.bank_name.is_some()),
                    ("account_name", self.account_name.is_some()),
                    ("account_number", self.account_number.is_some()),
                    ("country", self.country.is_some()),
                    ("swift", self.swift.is_some()),
                    ("bank_account_id", self.bank_account_id.is_some()),
                ]
                .into_iter()
                .find_map(|(field, sent)| sent.then_some(field))
            }
        }
    };
}
pub(crate) use destination_input;

/// A request input declared with [`destination_input!`].
pub trait CarriesPayoutFields {
    /// Moves the payout fields out, as a payout destination of `method`
    /// for [`Destination::check`].
    fn take_payout(&mut self, method: Method) -> DestinationInput;
    /// The first payout field sent, for a destination that takes none (a wallet).
    fn first_payout_field(&self) -> Option<&'static str>;
    /// The first bank field sent, for a mobile-money destination.
    fn first_bank_field(&self) -> Option<&'static str>;
}

destination_input! {
    /// A destination as a request sends it: `method`, then the fields of that
    /// method (mobile money: `operator_id`, `phone`, `name`; bank: `bank_name`,
    /// `account_name`, `account_number`, `country`, `swift`, or a saved
    /// `bank_account_id`).
    #[derive(Debug, Clone, Deserialize, ToSchema)]
    #[schema(as = PayoutDestinationInput)]
    #[serde(deny_unknown_fields)]
    pub struct DestinationInput {
        pub method: Method,
    }
}

/// A checked destination, as stored on the payout and shown in its view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = PayoutDestination)]
#[serde(tag = "method", rename_all = "snake_case")]
pub enum Destination {
    MobileMoney {
        /// As sent, lower-cased (`mpesa_cd`).
        operator_id: String,
        /// The operator of the rail catalogue (`mpesa`).
        operator: String,
        /// E.164 with its `+`.
        phone: String,
        name: Option<String>,
    },
    Bank {
        bank_name: String,
        account_name: String,
        /// Letters and digits, upper-cased.
        account_number: String,
        /// ISO 3166-1 alpha-2, upper-cased.
        country: String,
        swift: Option<String>,
    },
}

/// `prefix.field`, or `field` alone when there is no prefix.
fn param(prefix: &str, field: &str) -> String {
    if prefix.is_empty() {
        field.to_string()
    } else {
        format!("{prefix}.{field}")
    }
}

/// What is wrong with one field of a destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Problem {
    /// Absent or blank.
    Required,
    /// Present but not acceptable: its format or length, or a field of the
    /// other method.
    Invalid,
    /// No mobile-money operator of that name (in that country) pays out.
    UnknownOperator,
    /// The operator does not pay out in the currency.
    CurrencyNotSupported,
    /// A saved bank account: this gateway keeps none.
    SavedBankAccount,
}

impl Problem {
    /// The API's code for it (a single payout's answer).
    pub fn code(self) -> Code {
        match self {
            Problem::Required | Problem::Invalid => Code::ValidationError,
            Problem::UnknownOperator => Code::OperatorNotFound,
            Problem::CurrencyNotSupported => Code::PayoutUnavailable,
            Problem::SavedBankAccount => Code::BankAccountNotFound,
        }
    }
}

/// One refused field of a destination. A single payout answers the first
/// ([`Destination::parse`]); a batch row reports them all
/// ([`Destination::check`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The field without the caller's prefix (`phone`).
    pub field: &'static str,
    /// The field as the caller names it (`destination.phone`).
    pub param: String,
    pub problem: Problem,
    pub message: String,
}

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> ApiError {
        ApiError::new(refusal.problem.code(), refusal.message).with_param(refusal.param)
    }
}

/// A field's checker's verdict: the value, or what is wrong and the message.
type Checked<T> = Result<T, (Problem, String)>;

/// The refusals of one destination, named under the caller's prefix.
struct Refusals<'a> {
    prefix: &'a str,
    found: Vec<Refusal>,
}

impl Refusals<'_> {
    fn param(&self, field: &str) -> String {
        param(self.prefix, field)
    }

    fn push(&mut self, field: &'static str, problem: Problem, message: String) {
        let param = self.param(field);
        self.found.push(Refusal {
            field,
            param,
            problem,
            message,
        });
    }

    /// The value of `field` checked by `check` (given the field's name as
    /// the caller knows it), or `None` with the refusal kept.
    fn field<T>(
        &mut self,
        field: &'static str,
        check: impl FnOnce(&str) -> Checked<T>,
    ) -> Option<T> {
        match check(&self.param(field)) {
            Ok(value) => Some(value),
            Err((problem, message)) => {
                self.push(field, problem, message);
                None
            }
        }
    }

    /// A field of the other method is a mistake the client should hear
    /// about, not a value silently dropped.
    fn foreign(&mut self, fields: &[(&'static str, &Option<String>)], method: &str) {
        for (field, value) in fields {
            if value.is_some() {
                let message = format!("{field} is not a field of a {method} destination");
                self.push(field, Problem::Invalid, message);
            }
        }
    }
}

impl Destination {
    /// Checks `input` for a payout in `currency` (an ISO code already
    /// checked), answering its first refusal, named under `prefix`: 400 for
    /// a bad or missing field, 404 `operator_not_found` for an unknown
    /// operator, 422 `payout_unavailable` for an operator that does not pay
    /// out in the currency, 404 `bank_account_not_found` for a saved bank
    /// account.
    pub fn parse(
        input: DestinationInput,
        currency: &str,
        prefix: &str,
    ) -> Result<Destination, ApiError> {
        Destination::check(input, currency, prefix).map_err(|refusals| {
            match refusals.into_iter().next() {
                Some(first) => ApiError::from(first),
                None => ApiError::internal("a refused destination says why"),
            }
        })
    }

    /// The one rule of what a valid destination is: every field checked, in
    /// order, and every refusal kept (a batch row reports them all).
    pub fn check(
        input: DestinationInput,
        currency: &str,
        prefix: &str,
    ) -> Result<Destination, Vec<Refusal>> {
        let mut refusals = Refusals {
            prefix,
            found: Vec::new(),
        };
        let destination = match input.method {
            Method::MobileMoney => mobile_money(input, currency, &mut refusals),
            Method::Bank => bank(input, &mut refusals),
        };
        match destination {
            Some(destination) if refusals.found.is_empty() => Ok(destination),
            _ => {
                debug_assert!(!refusals.found.is_empty(), "a refused destination says why");
                Err(refusals.found)
            }
        }
    }

    pub fn method(&self) -> Method {
        match self {
            Destination::MobileMoney { .. } => Method::MobileMoney,
            Destination::Bank { .. } => Method::Bank,
        }
    }

    /// The rail family it is paid on: `mobile_money` or `bank`.
    pub fn rail(&self) -> &'static str {
        match self {
            Destination::MobileMoney { .. } => "mobile_money",
            Destination::Bank { .. } => "bank",
        }
    }

    /// The catalogue entry that carries it: its operator, or the bank switch.
    pub fn carrier(&self) -> &str {
        match self {
            Destination::MobileMoney { operator, .. } => operator,
            Destination::Bank { .. } => BANK_CARRIER,
        }
    }

    /// The number a rail pays: the phone, or the account number.
    pub fn account(&self) -> &str {
        match self {
            Destination::MobileMoney { phone, .. } => phone,
            Destination::Bank { account_number, .. } => account_number,
        }
    }
}

impl DestinationInput {
    /// An input of `method` with no field set.
    pub fn of(method: Method) -> DestinationInput {
        DestinationInput {
            method,
            operator_id: None,
            phone: None,
            name: None,
            bank_name: None,
            account_name: None,
            account_number: None,
            country: None,
            swift: None,
            bank_account_id: None,
        }
    }
}

fn mobile_money(
    input: DestinationInput,
    currency: &str,
    refusals: &mut Refusals<'_>,
) -> Option<Destination> {
    let foreign = [
        ("bank_name", &input.bank_name),
        ("account_name", &input.account_name),
        ("account_number", &input.account_number),
        ("country", &input.country),
        ("swift", &input.swift),
        ("bank_account_id", &input.bank_account_id),
    ];
    refusals.foreign(&foreign, "mobile_money");
    let operator = refusals.field("operator_id", |p| {
        operator(p, &required(p, input.operator_id)?, currency)
    });
    let phone = refusals.field("phone", |p| phone(p, &required(p, input.phone)?));
    let name = match input.name {
        Some(n) => Some(refusals.field("name", |p| name(p, &n))?),
        None => None,
    };
    let (operator_id, entry) = operator?;
    Some(Destination::MobileMoney {
        operator_id,
        operator: entry.id.to_string(),
        phone: phone?,
        name,
    })
}

fn bank(input: DestinationInput, refusals: &mut Refusals<'_>) -> Option<Destination> {
    let foreign = [
        ("operator_id", &input.operator_id),
        ("phone", &input.phone),
        ("name", &input.name),
    ];
    refusals.foreign(&foreign, "bank");
    if let Some(id) = input.bank_account_id {
        // The bank fields are what to send instead: not reported missing.
        refusals.field("bank_account_id", |_| saved_bank_unknown::<()>(&id));
        return None;
    }
    let bank_name = refusals.field("bank_name", |p| name(p, &required(p, input.bank_name)?));
    let account_name = refusals.field("account_name", |p| {
        name(p, &required(p, input.account_name)?)
    });
    let account_number = refusals.field("account_number", |p| {
        account_number(p, &required(p, input.account_number)?)
    });
    let country = refusals.field("country", |p| country(p, &required(p, input.country)?));
    let swift = match input.swift {
        Some(s) => Some(refusals.field("swift", |p| swift(p, &s))?),
        None => None,
    };
    Some(Destination::Bank {
        bank_name: bank_name?,
        account_name: account_name?,
        account_number: account_number?,
        country: country?,
        swift,
    })
}

fn required(param: &str, value: Option<String>) -> Checked<String> {
    match value {
        Some(v) if !v.trim().is_empty() => {
            if v.chars().count() > FIELD_CHARS_MAX {
                return Err((
                    Problem::Invalid,
                    format!("{param} must be at most {FIELD_CHARS_MAX} characters"),
                ));
            }
            Ok(v)
        }
        _ => Err((Problem::Required, format!("{param} is required"))),
    }
}

/// E.164 with or without its `+`, spaces and hyphens dropped (as a person
/// writes it, `+243 81 234-5678`; a spreadsheet drops the `+`).
fn phone(param: &str, value: &str) -> Checked<String> {
    let compact: String = value.chars().filter(|c| *c != ' ' && *c != '-').collect();
    crate::domain::verifications::msisdn(param, &compact).map_err(|e| (Problem::Invalid, e.message))
}

/// A person's or a bank's name: trimmed, 2 to 120 characters, no control characters.
fn name(param: &str, value: &str) -> Checked<String> {
    let trimmed = value.trim();
    let chars = trimmed.chars().count();
    if !(NAME_CHARS_MIN..=NAME_CHARS_MAX).contains(&chars) || trimmed.chars().any(char::is_control)
    {
        return Err((
            Problem::Invalid,
            format!(
                "{param} must be {NAME_CHARS_MIN} to {NAME_CHARS_MAX} characters without control characters (got {chars})"
            ),
        ));
    }
    Ok(trimmed.to_string())
}

/// `mpesa_cd` (an operator in one of its countries) or `mpesa`, in any case:
/// the operator id as stored (lower case) and its catalogue entry.
fn operator(
    param: &str,
    value: &str,
    currency: &str,
) -> Checked<(String, &'static CatalogueEntry)> {
    let id = value.trim().to_ascii_lowercase();
    let (name, country) = match id.rsplit_once('_') {
        Some((name, country)) => (name, Some(country.to_ascii_uppercase())),
        None => (id.as_str(), None),
    };
    let entry = catalogue::find("mobile_money", name)
        .filter(|e| e.pays_out)
        .filter(|e| country.as_ref().is_none_or(|c| e.countries.contains(&c.as_str())))
        .ok_or_else(|| {
            (
                Problem::UnknownOperator,
                format!(
                    "{param} {:?} names no mobile-money operator of this gateway; use an operator in its country such as mpesa_cd, airtel_cd, orange_cd or africell_cd",
                    shown(value)
                ),
            )
        })?;
    if !entry.currencies.is_empty() && !entry.currencies.contains(&currency) {
        return Err((
            Problem::CurrencyNotSupported,
            format!(
                "{} does not pay out in {currency}; it pays out in {}",
                entry.name,
                entry.currencies.join(", ")
            ),
        ));
    }
    Ok((id.clone(), entry))
}

fn account_number(param: &str, value: &str) -> Checked<String> {
    let compact: String = value
        .chars()
        .filter(|c| *c != ' ' && *c != '-')
        .collect::<String>()
        .to_ascii_uppercase();
    let chars = compact.chars().count();
    if !(ACCOUNT_NUMBER_CHARS_MIN..=ACCOUNT_NUMBER_CHARS_MAX).contains(&chars)
        || !compact.chars().all(|c| c.is_ascii_alphanumeric())
    {
        return Err((
            Problem::Invalid,
            format!(
                "{param} must be {ACCOUNT_NUMBER_CHARS_MIN} to {ACCOUNT_NUMBER_CHARS_MAX} letters and digits (spaces and dashes are dropped), got {:?}",
                shown(value)
            ),
        ));
    }
    Ok(compact)
}

fn country(param: &str, value: &str) -> Checked<String> {
    let code = value.trim().to_ascii_uppercase();
    if code.len() != 2 || !code.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err((
            Problem::Invalid,
            format!(
                "{param} must be an ISO 3166-1 alpha-2 country code such as CD (got {:?})",
                shown(value)
            ),
        ));
    }
    Ok(code)
}

/// A BIC: 4 letters (bank), 2 letters (country), 2 letters or digits
/// (location), optionally 3 more (branch).
fn swift(param: &str, value: &str) -> Checked<String> {
    let code = value.trim().to_ascii_uppercase();
    let bytes = code.as_bytes();
    let valid = (bytes.len() == 8 || bytes.len() == 11)
        && bytes[..6].iter().all(u8::is_ascii_uppercase)
        && bytes[6..].iter().all(u8::is_ascii_alphanumeric);
    if !valid {
        return Err((
            Problem::Invalid,
            format!(
                "{param} must be a BIC of 8 or 11 characters such as RAWBCDKI (got {:?})",
                shown(value)
            ),
        ));
    }
    Ok(code)
}

fn saved_bank_unknown<T>(id: &str) -> Checked<T> {
    Err((
        Problem::SavedBankAccount,
        format!(
            "no saved bank account {:?} is visible to this key (this gateway keeps none): send bank_name, account_name, account_number and country instead",
            shown(id)
        ),
    ))
}

/// At most 40 characters of a value, for a message.
fn shown(value: &str) -> String {
    value.chars().take(40).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(value: serde_json::Value) -> DestinationInput {
        serde_json::from_value(value).expect("a destination input")
    }

    fn parse(value: serde_json::Value) -> Result<Destination, (Code, Option<String>)> {
        Destination::parse(input(value), "CDF", "destination").map_err(|e| (e.code, e.param))
    }

    fn refused(code: Code, param: &str) -> Result<Destination, (Code, Option<String>)> {
        Err((code, Some(param.to_string())))
    }

    #[test]
    fn a_mobile_money_destination_is_normalised() {
        let parsed = parse(serde_json::json!({
            "method": "mobile_money", "operator_id": "MPESA_cd", "phone": "243810000001", "name": " Amani "
        }));
        assert_eq!(
            parsed,
            Ok(Destination::MobileMoney {
                operator_id: "mpesa_cd".into(),
                operator: "mpesa".into(),
                phone: "+243810000001".into(),
                name: Some("Amani".into()),
            })
        );
        let bare = parse(
            serde_json::json!({"method": "mobile_money", "operator_id": "airtel", "phone": "+243970000001"}),
        );
        assert!(
            matches!(bare, Ok(Destination::MobileMoney { ref operator, .. }) if operator == "airtel")
        );
    }

    #[test]
    fn mobile_money_refusals_name_their_field() {
        let mm = |fields: serde_json::Value| {
            let mut base = serde_json::json!({"method": "mobile_money", "operator_id": "mpesa_cd", "phone": "+243810000001"});
            for (k, v) in fields.as_object().expect("object") {
                base[k] = v.clone();
            }
            parse(base)
        };
        assert_eq!(
            mm(serde_json::json!({"phone": "12"})),
            refused(Code::ValidationError, "destination.phone")
        );
        assert_eq!(
            mm(serde_json::json!({"phone": null})),
            refused(Code::ValidationError, "destination.phone")
        );
        assert_eq!(
            mm(serde_json::json!({"operator_id": null})),
            refused(Code::ValidationError, "destination.operator_id")
        );
        assert_eq!(
            mm(serde_json::json!({"operator_id": "bitcoin_cd"})),
            refused(Code::OperatorNotFound, "destination.operator_id")
        );
        // M-Pesa does not work in Uganda.
        assert_eq!(
            mm(serde_json::json!({"operator_id": "mpesa_ug"})),
            refused(Code::OperatorNotFound, "destination.operator_id")
        );
        assert_eq!(
            mm(serde_json::json!({"name": "A"})),
            refused(Code::ValidationError, "destination.name")
        );
        assert_eq!(
            mm(serde_json::json!({"account_number": "12345"})),
            refused(Code::ValidationError, "destination.account_number")
        );
        // MTN pays out in neither CDF nor USD.
        assert_eq!(
            mm(serde_json::json!({"operator_id": "mtn"})),
            refused(Code::PayoutUnavailable, "destination.operator_id")
        );
    }

    #[test]
    fn check_keeps_every_refusal_in_field_order_and_parse_answers_the_first() {
        let input = || {
            input(serde_json::json!({
                "method": "bank", "bank_name": "R", "account_number": "12", "country": "COD",
                "phone": "+243810000001"
            }))
        };
        let refusals = Destination::check(input(), "CDF", "").expect_err("refused");
        let found: Vec<(&str, Problem)> = refusals.iter().map(|r| (r.field, r.problem)).collect();
        assert_eq!(
            found,
            vec![
                ("phone", Problem::Invalid),
                ("bank_name", Problem::Invalid),
                ("account_name", Problem::Required),
                ("account_number", Problem::Invalid),
                ("country", Problem::Invalid),
            ]
        );
        let first = Destination::parse(input(), "CDF", "destination").expect_err("refused");
        assert_eq!(first.param.as_deref(), Some("destination.phone"));
    }

    #[test]
    fn a_bank_destination_is_normalised_and_its_refusals_name_their_field() {
        let bank = |fields: serde_json::Value| {
            let mut base = serde_json::json!({
                "method": "bank", "bank_name": "Rawbank", "account_name": "Amani Traders",
                "account_number": "0012-3456 789", "country": "cd"
            });
            for (k, v) in fields.as_object().expect("object") {
                base[k] = v.clone();
            }
            Destination::parse(input(base), "USD", "").map_err(|e| (e.code, e.param))
        };
        assert_eq!(
            bank(serde_json::json!({"swift": "rawbcdki"})),
            Ok(Destination::Bank {
                bank_name: "Rawbank".into(),
                account_name: "Amani Traders".into(),
                account_number: "00123456789".into(),
                country: "CD".into(),
                swift: Some("RAWBCDKI".into()),
            })
        );
        // Without a prefix (a batch row) the field is named alone.
        assert_eq!(
            bank(serde_json::json!({"bank_name": "R"})),
            refused(Code::ValidationError, "bank_name")
        );
        assert_eq!(
            bank(serde_json::json!({"account_name": null})),
            refused(Code::ValidationError, "account_name")
        );
        assert_eq!(
            bank(serde_json::json!({"account_number": "12"})),
            refused(Code::ValidationError, "account_number")
        );
        assert_eq!(
            bank(serde_json::json!({"account_number": "12#45"})),
            refused(Code::ValidationError, "account_number")
        );
        assert_eq!(
            bank(serde_json::json!({"country": "COD"})),
            refused(Code::ValidationError, "country")
        );
        assert_eq!(
            bank(serde_json::json!({"swift": "RAWB"})),
            refused(Code::ValidationError, "swift")
        );
        assert_eq!(
            bank(serde_json::json!({"phone": "+243810000001"})),
            refused(Code::ValidationError, "phone")
        );
        assert_eq!(
            bank(serde_json::json!({"bank_account_id": "ba_1"})),
            refused(Code::BankAccountNotFound, "bank_account_id")
        );
    }
}
