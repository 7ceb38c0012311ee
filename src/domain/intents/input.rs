//! Request bodies of the payment intent operations and their validation.
//! Every rule names the field it is about; nothing is written before all pass.

use std::collections::BTreeMap;

use serde::Deserialize;
use utoipa::ToSchema;

use crate::domain::currency;
use crate::domain::fields::{self, metadata_json, text};
use crate::domain::ranking::Policy;
use crate::domain::splits::SplitInput;
use crate::error::{ApiError, Code};
use crate::fields::msisdn;
use crate::rails::{Operator, RAILS, RailKind};

/// Amounts above this are refused (10^15 minor units: far above any payment).
pub const AMOUNT_MINOR_MAX: i64 = 1_000_000_000_000_000;
pub const REFERENCE_CHARS_MAX: usize = 64;
pub const DESCRIPTION_CHARS_MAX: usize = 200;
pub const EXPIRES_IN_MINUTES_DEFAULT: i64 = 30;
pub const EXPIRES_IN_MINUTES_MAX: i64 = 43_200;
pub const SPLITS_MAX: usize = 10;
pub const OPERATORS_MAX: usize = 10;
pub const URL_CHARS_MAX: usize = 2048;
/// Items of `rails` (names may repeat a family: `mpesa`, `airtel`, ...).
pub const RAILS_ITEMS_MAX: usize = 20;
/// How long an intent's QR payload may be paid (origin: 300 s).
pub const QR_TTL_SECONDS_DEFAULT: i64 = 300;
pub const QR_TTL_SECONDS_MIN: i64 = 1;
pub const QR_TTL_SECONDS_MAX: i64 = 86_400;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize, ToSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum CaptureMethod {
    #[default]
    Automatic,
    Manual,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PurposeCode {
    GeneralMerchant,
    School,
    Health,
    Rent,
    Utility,
    Construction,
    GovernmentFee,
    Tax,
    Donation,
    Remittance,
    Transport,
    Market,
}

/// `POST /payment_intents` (spec section 4.1).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateIntent {
    /// Amount in minor units, greater than 0. Without it the intent is an
    /// open amount (status CREATED, as the origin): the amount is set once,
    /// by `confirm`.
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    pub amount_minor: Option<i64>,
    /// ISO 4217 code, upper case.
    pub currency: String,
    /// What the payer may use, in any case: the families `wallet`,
    /// `mobile_money`, `card`, `bank`, `qr`; an operator `mpesa`, `airtel`,
    /// `orange`, `africell` or `mtn` (mobile money); an operator id such as
    /// `orange_cd` (mobile money with that operator only). Default: wallet,
    /// mobile money, card, bank and qr. Anything else is refused, named.
    #[schema(min_items = 1, max_items = 20, example = json!(["wallet", "mpesa", "orange_cd", "card"]))]
    pub rails: Option<Vec<String>>,
    pub capture_method: Option<CaptureMethod>,
    pub payment_method_policy: Option<Policy>,
    /// Your reference, at most 64 characters.
    #[schema(max_length = 64, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub reference: Option<String>,
    /// At most 200 characters.
    #[schema(max_length = 200, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub description: Option<String>,
    pub purpose_code: Option<PurposeCode>,
    /// 1 to 43 200 minutes (30 days); default 30.
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 43_200)]
    pub expires_in_minutes: Option<i64>,
    /// Up to 50 keys of at most 40 characters; values of any JSON type, each
    /// at most 500 characters of JSON and 5 levels deep, 8 KiB in all.
    #[schema(value_type = Option<Object>)]
    pub metadata: Option<BTreeMap<String, serde_json::Value>>,
    /// The payer's number in E.164 (`+243...`): the default of `confirm`,
    /// shown on the checkout page. It starts an attempt only with `confirm: true`.
    #[schema(pattern = "^\\+[1-9][0-9]{7,14}$")]
    pub customer_msisdn: Option<String>,
    /// Start a mobile-money attempt with `customer_msisdn` at once (default
    /// false, as the origin, which never started one at create).
    pub confirm: Option<bool>,
    /// ISO 3166-1 alpha-2 country of the payer.
    #[schema(pattern = "^[A-Z]{2}$")]
    pub customer_country: Option<String>,
    #[schema(
        max_length = 2048,
        pattern = "^https?://[^/\\s\\u0000-\\u001f\\u007f-\\u009f][^\\s\\u0000-\\u001f\\u007f-\\u009f]*$"
    )]
    pub success_url: Option<String>,
    #[schema(
        max_length = 2048,
        pattern = "^https?://[^/\\s\\u0000-\\u001f\\u007f-\\u009f][^\\s\\u0000-\\u001f\\u007f-\\u009f]*$"
    )]
    pub cancel_url: Option<String>,
    /// Include an EMVCo QR payload (default true).
    pub qr: Option<bool>,
    /// How long the QR payload may be paid, in seconds: 1 to 86 400, default
    /// 300 (origin), and never past the intent's expiry. Signed into the
    /// payload (template 80, sub-tag 02); resolve refuses it afterwards.
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 86_400)]
    pub qr_ttl_seconds: Option<i64>,
    /// A location of yours (`loc_...`, `POST /locations`): its name, city,
    /// country and category go into the QR payload.
    #[schema(pattern = "^loc_[a-z0-9]{1,64}$")]
    pub location_id: Option<String>,
    /// A terminal of yours (`term_...`): its label goes into the QR payload;
    /// it implies its location.
    #[schema(pattern = "^term_[a-z0-9]{1,64}$")]
    pub terminal_id: Option<String>,
    /// At most 10; bps add up to at most 10 000 and fixed parts to at most the amount.
    #[schema(max_items = 10)]
    pub splits: Option<Vec<SplitInput>>,
    /// Platform fee kept when acting for a connected account (needs the Service-Account header).
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 0)]
    pub application_fee_minor: Option<i64>,
    /// Mobile-money operators the payer may use.
    #[schema(max_items = 10)]
    pub allowed_operators: Option<Vec<Operator>>,
    /// Who pays refunds of a split payment: `pro_rata` (recipients give their share back, the
    /// default) or `merchant_absorbs`. An addition to the spec's body fields.
    pub split_refund_policy: Option<crate::domain::splits::RefundPolicy>,
}

/// `POST /payment_intents/{id}/confirm` (an addition to the spec): starts an
/// attempt on one rail: mobile money (the default), a card (test mode),
/// a bank transfer, or the wallet of another organisation of this gateway.
#[derive(Debug, Clone, Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct ConfirmIntent {
    /// `mobile_money` (default), `card`, `bank` or `wallet`; the intent's
    /// `rails` must allow it.
    pub rail: Option<RailKind>,
    /// Mobile money: the payer's number in E.164; defaults to the intent's customer_msisdn.
    #[schema(pattern = "^\\+[1-9][0-9]{7,14}$")]
    pub customer_msisdn: Option<String>,
    /// Mobile money: the operator the payer picked.
    pub operator: Option<Operator>,
    /// The amount of an open-amount intent (status CREATED), set once, with
    /// its first attempt; refused on any other intent.
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    pub amount_minor: Option<i64>,
    /// `card`: the card, test mode only (live cards pay on the aggregator's
    /// hosted page). Checked (Luhn, expiry, CVC) and reduced to brand, last
    /// four and expiry before anything is written; never stored or logged.
    pub card: Option<crate::rails::card::CardInput>,
    /// `wallet`: the payer is the caller (another organisation of this
    /// gateway); this is the `t` of the intent's `checkout_url` (from the
    /// merchant, or from `POST /resolve` of its QR), which lets a key that
    /// does not own the intent pay it.
    #[schema(max_length = 64)]
    pub checkout_token: Option<String>,
    /// `wallet`, a team member's session in live mode: the member's PIN
    /// (step-up), as paying from the wallet spends like a transfer.
    #[schema(max_length = 12)]
    pub pin: Option<String>,
    /// Set by the handler once the PIN above was checked (step-up): the
    /// writer sees this, never the PIN.
    #[serde(skip)]
    #[schema(ignore)]
    pub stepped_up: bool,
    /// The card once checked, set by the handler on the request's worker:
    /// the writer sees this, never the number or the CVC.
    #[serde(skip)]
    #[schema(ignore)]
    pub checked_card: Option<crate::rails::card::Card>,
}

impl ConfirmIntent {
    /// Checks the card against `today_ms` (on the request's worker) and
    /// forgets the number and CVC: what is left may go to the writer.
    pub fn check_card(mut self, today_ms: i64) -> Result<ConfirmIntent, ApiError> {
        if let Some(card) = self.card.take() {
            let date = crate::clock::rfc3339(today_ms);
            let year = date.get(..4).and_then(|y| y.parse().ok()).unwrap_or(0);
            let month = date.get(5..7).and_then(|m| m.parse().ok()).unwrap_or(0);
            self.checked_card = Some(crate::rails::card::check(&card, (year, month))?);
        }
        Ok(self)
    }
}

/// `POST /payment_intents/{id}/capture`.
#[derive(Debug, Clone, Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct CaptureIntent {
    /// Amount to capture; default the whole authorised amount. The rest is released.
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    pub amount_minor: Option<i64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CancellationReason {
    Duplicate,
    Fraudulent,
    RequestedByCustomer,
    Abandoned,
}

impl CancellationReason {
    pub fn as_str(self) -> &'static str {
        match self {
            CancellationReason::Duplicate => "duplicate",
            CancellationReason::Fraudulent => "fraudulent",
            CancellationReason::RequestedByCustomer => "requested_by_customer",
            CancellationReason::Abandoned => "abandoned",
        }
    }
}

/// `POST /payment_intents/{id}/cancel` (optional body).
#[derive(Debug, Clone, Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct CancelIntent {
    pub cancellation_reason: Option<CancellationReason>,
    /// Why, in your words (the origin's field): 1 to 500 characters, not all
    /// blank. One of the `cancellation_reason` values also sets that field.
    #[schema(
        min_length = 1,
        max_length = 500,
        pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*[^\\s\\u0000-\\u001f\\u007f-\\u009f][^\\u0000-\\u001f\\u007f-\\u009f]*$"
    )]
    pub reason: Option<String>,
}

/// The cancel `reason` text: bounded, never blank.
pub const CANCEL_REASON_CHARS_MAX: usize = 500;

impl CancelIntent {
    /// The coded reason and the free text: `reason` sets the code too when
    /// it is one of the codes (and no other code was sent).
    pub fn validate(self) -> Result<(Option<CancellationReason>, Option<String>), ApiError> {
        let note = text("reason", self.reason, CANCEL_REASON_CHARS_MAX)?;
        if note.as_deref().is_some_and(|n| n.trim().is_empty()) {
            return Err(ApiError::field(
                "reason",
                format!("reason must be 1 to {CANCEL_REASON_CHARS_MAX} characters, not all blank"),
            ));
        }
        let coded = note.as_deref().and_then(|n| {
            serde_json::from_value::<CancellationReason>(serde_json::Value::String(
                n.trim().to_ascii_lowercase(),
            ))
            .ok()
        });
        Ok((self.cancellation_reason.or(coded), note))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReviewOutcome {
    /// The provider confirmed the money arrived: the intent is captured.
    Paid,
    /// The provider confirmed nothing was taken: the payer may try again.
    NotPaid,
}

/// `POST /payment_intents/{id}/review`: an operator resolves an AMBIGUOUS payment.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReviewIntent {
    pub outcome: ReviewOutcome,
    /// What the provider said (reconciliation reference, call notes), 3 to 500 characters, not all blank.
    #[schema(min_length = 3, max_length = 500, pattern = "\\S")]
    pub note: String,
}

/// A validated create request.
#[derive(Debug, Clone)]
pub struct ValidCreate {
    /// `None`: an open amount, set once later.
    pub amount_minor: Option<i64>,
    pub currency: currency::Currency,
    pub rails: Vec<String>,
    pub capture_method: CaptureMethod,
    pub policy: Policy,
    pub reference: Option<String>,
    pub description: Option<String>,
    pub purpose_code: Option<PurposeCode>,
    pub expires_in_minutes: i64,
    pub metadata: BTreeMap<String, serde_json::Value>,
    pub customer_msisdn: Option<String>,
    /// Start an attempt with `customer_msisdn` at once.
    pub confirm: bool,
    pub customer_country: Option<String>,
    pub success_url: Option<String>,
    pub cancel_url: Option<String>,
    pub qr: bool,
    pub qr_ttl_seconds: i64,
    pub location_id: Option<String>,
    pub terminal_id: Option<String>,
    pub splits: Vec<SplitInput>,
    pub application_fee_minor: Option<i64>,
    pub allowed_operators: Vec<String>,
    pub split_refund_policy: crate::domain::splits::RefundPolicy,
}

pub fn amount(param: &str, amount_minor: i64) -> Result<i64, ApiError> {
    if amount_minor <= 0 || amount_minor > AMOUNT_MINOR_MAX {
        return Err(ApiError::new(
            Code::InvalidAmount,
            format!("{param} must be an integer from 1 to {AMOUNT_MINOR_MAX} minor units (got {amount_minor})"),
        )
        .with_param(param));
    }
    Ok(amount_minor)
}

fn url(param: &str, value: Option<String>) -> Result<Option<String>, ApiError> {
    let Some(value) = value else { return Ok(None) };
    let scheme_ok = value.starts_with("https://") || value.starts_with("http://");
    let host_ok = value
        .split("://")
        .nth(1)
        .is_some_and(|rest| !rest.is_empty() && !rest.starts_with('/'));
    if !scheme_ok
        || !host_ok
        || value.len() > URL_CHARS_MAX
        || value.chars().any(|c| c.is_whitespace() || c.is_control())
    {
        return Err(ApiError::field(
            param,
            format!("{param} must be an http(s) URL of at most {URL_CHARS_MAX} characters"),
        ));
    }
    Ok(Some(value))
}

/// What one item of `rails` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RailName {
    /// A family: `wallet`, `mobile_money`, `card`, `bank`, `qr`.
    Family(RailKind),
    /// Mobile money with that operator only (`orange_cd`).
    OperatorOnly(&'static str),
}

/// The mobile-money operators the vocabulary knows (the rail catalogue's).
const OPERATOR_NAMES: [&str; 5] = ["mpesa", "airtel", "orange", "africell", "mtn"];

/// One item of `rails`, in any case (origin behaviour section 27): a family;
/// an operator name (mobile money, any operator); an operator id
/// `<operator>_<country>` (mobile money, that operator only). `None` when it
/// names nothing this gateway offers (the origin's `bitcoin`, `diaspora`).
fn rail_name(item: &str) -> Option<RailName> {
    let item = item.trim().to_ascii_lowercase();
    let family = match item.as_str() {
        "wallet" => Some(RailKind::Wallet),
        "mobile_money" => Some(RailKind::MobileMoney),
        "card" => Some(RailKind::Card),
        "bank" => Some(RailKind::Bank),
        "qr" => Some(RailKind::Qr),
        name if OPERATOR_NAMES.contains(&name) => Some(RailKind::MobileMoney),
        _ => None,
    };
    if let Some(family) = family {
        return Some(RailName::Family(family));
    }
    let (operator, country) = item.rsplit_once('_')?;
    let operator = OPERATOR_NAMES.iter().find(|o| **o == operator)?;
    let country_ok = country.len() == 2 && country.bytes().all(|b| b.is_ascii_lowercase());
    country_ok.then_some(RailName::OperatorOnly(operator))
}

/// The rail families of `rails` and the operators it limits mobile money
/// to (empty: any). A bare mobile-money name lifts the limit of operator ids.
fn rails(value: Option<Vec<String>>) -> Result<(Vec<String>, Vec<String>), ApiError> {
    let Some(list) = value else {
        return Ok((RAILS.iter().map(|r| r.to_string()).collect(), Vec::new()));
    };
    if list.is_empty() || list.len() > RAILS_ITEMS_MAX {
        return Err(ApiError::field(
            "rails",
            format!(
                "rails must name 1 to {RAILS_ITEMS_MAX} rails (got {})",
                list.len()
            ),
        ));
    }
    let (mut families, mut only, mut any_operator) = (Vec::<String>::new(), Vec::new(), false);
    for (i, item) in list.iter().enumerate() {
        let named = rail_name(item).ok_or_else(|| {
            let shown: String = item.chars().take(40).collect();
            ApiError::field(
                format!("rails[{i}]"),
                format!(
                    "{shown:?} names no rail of this gateway: use wallet, mobile_money, card, bank, qr, an operator (mpesa, airtel, orange, africell, mtn) or an operator id such as orange_cd"
                ),
            )
        })?;
        let family = match named {
            RailName::Family(family) => {
                any_operator |= family == RailKind::MobileMoney;
                family.as_str()
            }
            RailName::OperatorOnly(operator) => {
                if !only.contains(&operator) {
                    only.push(operator);
                }
                "mobile_money"
            }
        };
        if !families.iter().any(|f| f == family) {
            families.push(family.to_string());
        }
    }
    let only = if any_operator { Vec::new() } else { only };
    Ok((families, only.into_iter().map(str::to_string).collect()))
}

/// `allowed_operators` and the operators `rails` limits mobile money to:
/// both limits hold, so the payer may use what is in both.
fn merge_operators(allowed: Vec<String>, from_rails: Vec<String>) -> Result<Vec<String>, ApiError> {
    if from_rails.is_empty() {
        return Ok(allowed);
    }
    if allowed.is_empty() {
        return Ok(from_rails);
    }
    let both: Vec<String> = allowed
        .into_iter()
        .filter(|o| from_rails.contains(o))
        .collect();
    if both.is_empty() {
        return Err(ApiError::field(
            "rails",
            format!(
                "the operator ids in rails ({}) and allowed_operators have no operator in common",
                from_rails.join(", ")
            ),
        ));
    }
    Ok(both)
}

fn operators(value: Option<Vec<Operator>>) -> Result<Vec<String>, ApiError> {
    let list = value.unwrap_or_default();
    if list.len() > OPERATORS_MAX {
        return Err(ApiError::field(
            "allowed_operators",
            format!("at most {OPERATORS_MAX} operators"),
        ));
    }
    let mut out: Vec<String> = Vec::new();
    for operator in list {
        if !out.iter().any(|o| o == operator.as_str()) {
            out.push(operator.as_str().to_string());
        }
    }
    Ok(out)
}

fn country(value: Option<String>) -> Result<Option<String>, ApiError> {
    match value {
        Some(c) if c.len() != 2 || !c.bytes().all(|b| b.is_ascii_uppercase()) => {
            Err(ApiError::field(
                "customer_country",
                format!(
                    "customer_country must be an ISO 3166-1 alpha-2 code such as CD (got {c:?})"
                ),
            ))
        }
        other => Ok(other),
    }
}

/// Splits: at most 10; each takes a fixed part, a share, or both; the shares
/// add up to at most 100 % and the fixed parts (with the application fee) to at
/// most the amount, so the parts can never exceed the whole.
fn splits(
    value: Option<Vec<SplitInput>>,
    amount_minor: i64,
    application_fee_minor: i64,
) -> Result<Vec<SplitInput>, ApiError> {
    let list = value.unwrap_or_default();
    if list.len() > SPLITS_MAX {
        return Err(ApiError::field(
            "splits",
            format!("at most {SPLITS_MAX} splits (got {})", list.len()),
        ));
    }
    let (mut bps_total, mut fixed_total) = (0i64, application_fee_minor);
    for (i, split) in list.iter().enumerate() {
        let at = |field: &str| format!("splits[{i}].{field}");
        if split.recipient.trim().is_empty() || split.recipient.chars().count() > 100 {
            return Err(ApiError::field(
                at("recipient"),
                "recipient must be 1 to 100 characters",
            ));
        }
        if !(0..=10_000).contains(&split.bps) {
            return Err(ApiError::field(
                at("bps"),
                format!("bps must be from 0 to 10000 (got {})", split.bps),
            ));
        }
        if split.fixed_minor < 0 || split.fixed_minor > amount_minor {
            return Err(ApiError::field(
                at("fixed_minor"),
                format!(
                    "fixed_minor must be from 0 to the amount (got {})",
                    split.fixed_minor
                ),
            ));
        }
        if split.bps == 0 && split.fixed_minor == 0 {
            return Err(ApiError::field(
                at("bps"),
                "a split needs bps or fixed_minor greater than 0",
            ));
        }
        text(&at("label"), split.label.clone(), 100)?;
        bps_total += split.bps;
        fixed_total += split.fixed_minor;
    }
    if bps_total > 10_000 {
        return Err(ApiError::field(
            "splits",
            format!("split bps add up to {bps_total}, more than 10000 (100 %)"),
        ));
    }
    if fixed_total > amount_minor {
        return Err(ApiError::field(
            "splits",
            format!(
                "fixed split parts and the application fee add up to {fixed_total}, more than amount_minor {amount_minor}"
            ),
        ));
    }
    Ok(list)
}

impl CreateIntent {
    /// Checks every field; `for_account` is the connected account acted for.
    pub fn validate(self, for_account: bool) -> Result<ValidCreate, ApiError> {
        let amount_minor = match self.amount_minor {
            Some(a) => Some(amount("amount_minor", a)?),
            None => None,
        };
        let currency = currency::parse("currency", &self.currency)?;
        let application_fee_minor =
            application_fee(self.application_fee_minor, amount_minor, for_account)?;
        let expires_in_minutes = self
            .expires_in_minutes
            .unwrap_or(EXPIRES_IN_MINUTES_DEFAULT);
        if !(1..=EXPIRES_IN_MINUTES_MAX).contains(&expires_in_minutes) {
            return Err(ApiError::field(
                "expires_in_minutes",
                format!(
                    "expires_in_minutes must be from 1 to {EXPIRES_IN_MINUTES_MAX} (got {expires_in_minutes})"
                ),
            ));
        }
        let customer_msisdn = match self.customer_msisdn {
            Some(m) => Some(msisdn("customer_msisdn", &m)?),
            None => None,
        };
        let (rails, only_operators) = rails(self.rails)?;
        let confirm = self.confirm.unwrap_or(false);
        if confirm {
            confirmable(amount_minor, customer_msisdn.as_deref(), &rails)?;
        }
        if amount_minor.is_none() && self.splits.iter().flatten().any(|s| s.fixed_minor != 0) {
            return Err(ApiError::field(
                "amount_minor",
                "an intent without amount_minor takes splits in bps only: fixed_minor needs an amount",
            ));
        }
        Ok(ValidCreate {
            amount_minor,
            currency,
            rails,
            capture_method: self.capture_method.unwrap_or_default(),
            policy: self.payment_method_policy.unwrap_or_default(),
            reference: text("reference", self.reference, REFERENCE_CHARS_MAX)?,
            description: text("description", self.description, DESCRIPTION_CHARS_MAX)?,
            purpose_code: self.purpose_code,
            expires_in_minutes,
            metadata: metadata_json(self.metadata)?,
            customer_msisdn,
            confirm,
            customer_country: country(self.customer_country)?,
            success_url: url("success_url", self.success_url)?,
            cancel_url: url("cancel_url", self.cancel_url)?,
            qr: self.qr.unwrap_or(true),
            qr_ttl_seconds: qr_ttl(self.qr_ttl_seconds)?,
            location_id: self.location_id,
            terminal_id: self.terminal_id,
            splits: splits(
                self.splits,
                amount_minor.unwrap_or(AMOUNT_MINOR_MAX),
                application_fee_minor.unwrap_or(0),
            )?,
            application_fee_minor,
            allowed_operators: merge_operators(operators(self.allowed_operators)?, only_operators)?,
            split_refund_policy: self.split_refund_policy.unwrap_or_default(),
        })
    }
}

/// The platform's fee: only for a connected account, at most the amount, and
/// so never on an open amount.
fn application_fee(
    fee: Option<i64>,
    amount_minor: Option<i64>,
    for_account: bool,
) -> Result<Option<i64>, ApiError> {
    let Some(fee) = fee else { return Ok(None) };
    if !for_account {
        return Err(ApiError::new(
            Code::ApplicationFeeRequiresAccount,
            "application_fee_minor needs a Service-Account header: it is the platform's fee on a connected account's payment",
        )
        .with_param("application_fee_minor"));
    }
    let Some(amount_minor) = amount_minor else {
        return Err(ApiError::field(
            "amount_minor",
            "application_fee_minor needs amount_minor: an open amount takes no fixed fee",
        ));
    };
    if fee < 0 || fee > amount_minor {
        return Err(ApiError::field(
            "application_fee_minor",
            format!("application_fee_minor must be from 0 to amount_minor (got {fee})"),
        ));
    }
    Ok(Some(fee))
}

/// `confirm: true` starts a mobile-money attempt at create: it needs an
/// amount, the payer's number, and mobile money among the rails.
fn confirmable(
    amount_minor: Option<i64>,
    msisdn: Option<&str>,
    rails: &[String],
) -> Result<(), ApiError> {
    if amount_minor.is_none() {
        return Err(ApiError::field(
            "amount_minor",
            "confirm: true starts an attempt, which needs amount_minor",
        ));
    }
    if msisdn.is_none() {
        return Err(ApiError::field(
            "customer_msisdn",
            "confirm: true starts a mobile-money attempt, which needs the payer's customer_msisdn",
        ));
    }
    if !rails.iter().any(|r| r == "mobile_money") {
        return Err(ApiError::field(
            "confirm",
            format!(
                "confirm: true starts a mobile-money attempt, but rails ({}) exclude mobile money",
                rails.join(", ")
            ),
        ));
    }
    Ok(())
}

/// `qr_ttl_seconds`: 1 to 86 400, default 300 (origin).
fn qr_ttl(value: Option<i64>) -> Result<i64, ApiError> {
    let ttl = value.unwrap_or(QR_TTL_SECONDS_DEFAULT);
    if !(QR_TTL_SECONDS_MIN..=QR_TTL_SECONDS_MAX).contains(&ttl) {
        return Err(ApiError::field(
            "qr_ttl_seconds",
            format!(
                "qr_ttl_seconds must be from {QR_TTL_SECONDS_MIN} to {QR_TTL_SECONDS_MAX} (got {ttl})"
            ),
        ));
    }
    Ok(ttl)
}

impl ReviewIntent {
    pub fn validate(&self) -> Result<(), ApiError> {
        let n = self.note.trim().chars().count();
        if !(3..=500).contains(&n) {
            return Err(ApiError::field(
                "note",
                format!("note must be 3 to 500 characters (got {n})"),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> CreateIntent {
        crate::fields::parse_json(br#"{"amount_minor": 1000, "currency": "CDF"}"#).expect("parse")
    }

    fn param_of(input: CreateIntent) -> Option<String> {
        input.validate(false).expect_err("invalid").param
    }

    #[test]
    fn each_rule_names_its_field() {
        assert_eq!(
            param_of(CreateIntent {
                amount_minor: Some(0),
                ..base()
            })
            .as_deref(),
            Some("amount_minor")
        );
        assert_eq!(
            param_of(CreateIntent {
                amount_minor: Some(-5),
                ..base()
            })
            .as_deref(),
            Some("amount_minor")
        );
        assert_eq!(
            param_of(CreateIntent {
                currency: "XYZ".into(),
                ..base()
            })
            .as_deref(),
            Some("currency")
        );
        assert_eq!(
            param_of(CreateIntent {
                expires_in_minutes: Some(0),
                ..base()
            })
            .as_deref(),
            Some("expires_in_minutes")
        );
        assert_eq!(
            param_of(CreateIntent {
                expires_in_minutes: Some(43_201),
                ..base()
            })
            .as_deref(),
            Some("expires_in_minutes")
        );
        assert_eq!(
            param_of(CreateIntent {
                customer_msisdn: Some("0812345678".into()),
                ..base()
            })
            .as_deref(),
            Some("customer_msisdn")
        );
        assert_eq!(
            param_of(CreateIntent {
                reference: Some("r".repeat(65)),
                ..base()
            })
            .as_deref(),
            Some("reference")
        );
        assert_eq!(
            param_of(CreateIntent {
                success_url: Some("javascript:alert(1)".into()),
                ..base()
            })
            .as_deref(),
            Some("success_url")
        );
        assert_eq!(
            param_of(CreateIntent {
                customer_country: Some("cd".into()),
                ..base()
            })
            .as_deref(),
            Some("customer_country")
        );
        assert_eq!(
            param_of(CreateIntent {
                application_fee_minor: Some(10),
                ..base()
            })
            .as_deref(),
            Some("application_fee_minor")
        );
    }

    fn rails_of(json: &str) -> Result<(Vec<String>, Vec<String>), Option<String>> {
        let input: CreateIntent =
            crate::fields::parse_json(json.as_bytes()).map_err(|e| e.param)?;
        input
            .validate(false)
            .map(|v| (v.rails, v.allowed_operators))
            .map_err(|e| e.param)
    }

    /// Origin behaviour section 27, with issue 16's two changes: an item
    /// that names nothing is refused (named), and an operator id limits
    /// mobile money to its operator.
    #[test]
    fn rails_take_families_operators_and_operator_ids_in_any_case() {
        let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            rails_of(r#"{"amount_minor": 1, "currency": "CDF"}"#),
            Ok((strings(RAILS), vec![]))
        );
        assert_eq!(
            rails_of(
                r#"{"amount_minor": 1, "currency": "CDF", "rails": ["wallet", "MPESA", "airtel", "orange", "card", "bank"]}"#
            ),
            Ok((strings(&["wallet", "mobile_money", "card", "bank"]), vec![]))
        );
        assert_eq!(
            rails_of(r#"{"amount_minor": 1, "currency": "CDF", "rails": ["ORANGE_CD"]}"#),
            Ok((strings(&["mobile_money"]), strings(&["orange"])))
        );
        assert_eq!(
            rails_of(
                r#"{"amount_minor": 1, "currency": "CDF", "rails": ["orange_cd", "mpesa_cd", "card"]}"#
            ),
            Ok((
                strings(&["mobile_money", "card"]),
                strings(&["orange", "mpesa"])
            ))
        );
        // A bare mobile-money name lifts the operator ids' limit.
        assert_eq!(
            rails_of(r#"{"amount_minor": 1, "currency": "CDF", "rails": ["orange_cd", "mtn"]}"#),
            Ok((strings(&["mobile_money"]), vec![]))
        );
        // Both limits hold.
        assert_eq!(
            rails_of(
                r#"{"amount_minor": 1, "currency": "CDF", "rails": ["orange_cd", "airtel_cd"], "allowed_operators": ["airtel", "mpesa"]}"#
            ),
            Ok((strings(&["mobile_money"]), strings(&["airtel"])))
        );
        assert_eq!(
            rails_of(
                r#"{"amount_minor": 1, "currency": "CDF", "rails": ["orange_cd"], "allowed_operators": ["mpesa"]}"#
            ),
            Err(Some("rails".into()))
        );
        for refused in ["pigeon", "bitcoin", "orange_cod", "orange_", "visa_cd", ""] {
            assert_eq!(
                rails_of(&format!(
                    r#"{{"amount_minor": 1, "currency": "CDF", "rails": ["card", "{refused}"]}}"#
                )),
                Err(Some("rails[1]".into())),
                "{refused}"
            );
        }
        assert_eq!(rail_name("QR"), Some(RailName::Family(RailKind::Qr)));
        assert_eq!(rail_name("diaspora"), None);
        assert_eq!(
            rails_of(r#"{"amount_minor": 1, "currency": "CDF", "rails": []}"#),
            Err(Some("rails".into()))
        );
        assert_eq!(
            rails_of(r#"{"amount_minor": 1, "currency": "CDF", "rails": [7]}"#),
            Err(Some("rails[0]".into()))
        );
        let e = crate::fields::parse_json::<CreateIntent>(
            br#"{"amount_minor": 1, "currency": "CDF", "allowed_operators": ["nope"]}"#,
        )
        .expect_err("unknown operator");
        assert_eq!(e.param.as_deref(), Some("allowed_operators[0]"));
    }

    #[test]
    fn open_amounts_and_confirm_name_what_they_lack() {
        assert_eq!(
            param_of(CreateIntent {
                amount_minor: None,
                application_fee_minor: Some(10),
                ..base()
            })
            .as_deref(),
            Some("application_fee_minor"),
            "no Service-Account comes first"
        );
        assert!(
            CreateIntent {
                amount_minor: None,
                ..base()
            }
            .validate(false)
            .is_ok_and(|v| v.amount_minor.is_none())
        );
        let fixed = SplitInput {
            recipient: "shop".into(),
            bps: 0,
            fixed_minor: 100,
            label: None,
        };
        assert_eq!(
            param_of(CreateIntent {
                amount_minor: None,
                splits: Some(vec![fixed]),
                ..base()
            })
            .as_deref(),
            Some("amount_minor")
        );
        assert_eq!(
            param_of(CreateIntent {
                confirm: Some(true),
                ..base()
            })
            .as_deref(),
            Some("customer_msisdn")
        );
        assert_eq!(
            param_of(CreateIntent {
                confirm: Some(true),
                customer_msisdn: Some("+243000000501".into()),
                rails: Some(vec!["card".into()]),
                ..base()
            })
            .as_deref(),
            Some("confirm")
        );
        assert_eq!(
            param_of(CreateIntent {
                confirm: Some(true),
                amount_minor: None,
                customer_msisdn: Some("+243000000501".into()),
                ..base()
            })
            .as_deref(),
            Some("amount_minor")
        );
        for ttl in [0, 86_401] {
            assert_eq!(
                param_of(CreateIntent {
                    qr_ttl_seconds: Some(ttl),
                    ..base()
                })
                .as_deref(),
                Some("qr_ttl_seconds")
            );
        }
    }

    #[test]
    fn a_cancel_reason_is_free_text_and_a_known_one_sets_the_code() {
        let cancel = |reason: &str| CancelIntent {
            cancellation_reason: None,
            reason: Some(reason.into()),
        };
        assert_eq!(
            cancel("Customer changed their mind")
                .validate()
                .expect("ok"),
            (None, Some("Customer changed their mind".into()))
        );
        assert_eq!(
            cancel("duplicate").validate().expect("ok").0,
            Some(CancellationReason::Duplicate)
        );
        assert_eq!(
            cancel("   ")
                .validate()
                .expect_err("blank")
                .param
                .as_deref(),
            Some("reason")
        );
        assert_eq!(
            cancel(&"x".repeat(501))
                .validate()
                .expect_err("long")
                .param
                .as_deref(),
            Some("reason")
        );
    }

    #[test]
    fn splits_cannot_exceed_the_amount() {
        let split = |bps, fixed_minor| SplitInput {
            recipient: "shop".into(),
            bps,
            fixed_minor,
            label: None,
        };
        let over_bps = CreateIntent {
            splits: Some(vec![split(6_000, 0), split(5_000, 0)]),
            ..base()
        };
        assert_eq!(param_of(over_bps).as_deref(), Some("splits"));
        let over_fixed = CreateIntent {
            splits: Some(vec![split(0, 600), split(0, 500)]),
            ..base()
        };
        assert_eq!(param_of(over_fixed).as_deref(), Some("splits"));
        let empty = CreateIntent {
            splits: Some(vec![split(0, 0)]),
            ..base()
        };
        assert_eq!(param_of(empty).as_deref(), Some("splits[0].bps"));
        let fine = CreateIntent {
            splits: Some(vec![split(5_000, 0), split(0, 500)]),
            ..base()
        };
        assert!(fine.validate(false).is_ok());
    }
}
