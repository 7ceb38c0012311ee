//! Request bodies of the payment intent operations and their validation.
//! Every rule names the field it is about; nothing is written before all pass.

use std::collections::BTreeMap;

use serde::Deserialize;
use utoipa::ToSchema;

use crate::domain::currency;
use crate::domain::fields::{self, metadata, text};
use crate::domain::methods::Policy;
use crate::error::{ApiError, Code};
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

#[derive(Debug, Clone, Deserialize, serde::Serialize, ToSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SplitInput {
    /// Who receives the part: an organisation sub-wallet label, a connected account (acct_...), a tag, phone or e-mail.
    #[schema(min_length = 1, max_length = 100, pattern = "\\S")]
    pub recipient: String,
    /// Share of the captured amount after fixed parts, in basis points.
    #[serde(default, deserialize_with = "fields::int")]
    #[schema(minimum = 0, maximum = 10_000)]
    pub bps: i64,
    /// A fixed part in minor units, taken first.
    #[serde(default, deserialize_with = "fields::int")]
    #[schema(minimum = 0)]
    pub fixed_minor: i64,
    #[serde(default)]
    #[schema(max_length = 100, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub label: Option<String>,
}

/// `POST /payment_intents` (spec section 4.1).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateIntent {
    /// Amount in minor units, greater than 0.
    #[serde(deserialize_with = "fields::int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    pub amount_minor: i64,
    /// ISO 4217 code, upper case.
    pub currency: String,
    /// Rails the payer may use: mobile_money, card, bank, wallet, qr. Default: all.
    #[schema(min_items = 1, max_items = 5)]
    pub rails: Option<Vec<RailKind>>,
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
    /// Up to 50 keys of at most 40 characters, string values of at most 500.
    pub metadata: Option<BTreeMap<String, String>>,
    /// The payer's number in E.164 (`+243...`). With mobile money, an attempt starts at once.
    #[schema(pattern = "^\\+[1-9][0-9]{7,14}$")]
    pub customer_msisdn: Option<String>,
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

/// `POST /payment_intents/{id}/confirm` (an addition to the spec): starts a
/// mobile-money attempt; the hosted checkout serves the other rails.
#[derive(Debug, Clone, Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct ConfirmIntent {
    /// The payer's number in E.164; defaults to the intent's customer_msisdn.
    #[schema(pattern = "^\\+[1-9][0-9]{7,14}$")]
    pub customer_msisdn: Option<String>,
    /// The mobile-money operator the payer picked.
    pub operator: Option<Operator>,
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

/// `POST /payment_intents/{id}/cancel` (optional body).
#[derive(Debug, Clone, Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct CancelIntent {
    pub cancellation_reason: Option<CancellationReason>,
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
    pub amount_minor: i64,
    pub currency: currency::Currency,
    pub rails: Vec<String>,
    pub capture_method: CaptureMethod,
    pub policy: Policy,
    pub reference: Option<String>,
    pub description: Option<String>,
    pub purpose_code: Option<PurposeCode>,
    pub expires_in_minutes: i64,
    pub metadata: BTreeMap<String, String>,
    pub customer_msisdn: Option<String>,
    pub customer_country: Option<String>,
    pub success_url: Option<String>,
    pub cancel_url: Option<String>,
    pub qr: bool,
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

/// `+` then 8 to 15 digits, the first not 0 (ITU-T E.164).
pub fn msisdn(param: &str, value: &str) -> Result<String, ApiError> {
    let digits = value.strip_prefix('+').unwrap_or("");
    let valid = (8..=15).contains(&digits.len())
        && digits.bytes().all(|b| b.is_ascii_digit())
        && !digits.starts_with('0');
    if !valid {
        return Err(ApiError::field(
            param,
            format!("{param} must be an E.164 number such as +243000000501 (got {value:?})"),
        ));
    }
    Ok(value.to_string())
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

fn rails(value: Option<Vec<RailKind>>) -> Result<Vec<String>, ApiError> {
    let Some(list) = value else {
        return Ok(RAILS.iter().map(|r| r.to_string()).collect());
    };
    if list.is_empty() {
        return Err(ApiError::field(
            "rails",
            "rails must name at least one rail",
        ));
    }
    let mut out: Vec<String> = Vec::new();
    for r in list {
        if !out.iter().any(|o| o == r.as_str()) {
            out.push(r.as_str().to_string());
        }
    }
    Ok(out)
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
        let amount_minor = amount("amount_minor", self.amount_minor)?;
        let currency = currency::parse("currency", &self.currency)?;
        let application_fee_minor = match self.application_fee_minor {
            Some(_) if !for_account => {
                return Err(ApiError::new(
                    Code::ValidationError,
                    "application_fee_minor needs a Service-Account header: it is the platform's fee on a connected account's payment",
                )
                .with_param("application_fee_minor"));
            }
            Some(fee) if fee < 0 || fee > amount_minor => {
                return Err(ApiError::field(
                    "application_fee_minor",
                    format!("application_fee_minor must be from 0 to amount_minor (got {fee})"),
                ));
            }
            other => other,
        };
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
        Ok(ValidCreate {
            amount_minor,
            currency,
            rails: rails(self.rails)?,
            capture_method: self.capture_method.unwrap_or_default(),
            policy: self.payment_method_policy.unwrap_or_default(),
            reference: text("reference", self.reference, REFERENCE_CHARS_MAX)?,
            description: text("description", self.description, DESCRIPTION_CHARS_MAX)?,
            purpose_code: self.purpose_code,
            expires_in_minutes,
            metadata: metadata(self.metadata)?,
            customer_msisdn,
            customer_country: country(self.customer_country)?,
            success_url: url("success_url", self.success_url)?,
            cancel_url: url("cancel_url", self.cancel_url)?,
            qr: self.qr.unwrap_or(true),
            splits: splits(
                self.splits,
                amount_minor,
                application_fee_minor.unwrap_or(0),
            )?,
            application_fee_minor,
            allowed_operators: operators(self.allowed_operators)?,
            split_refund_policy: self.split_refund_policy.unwrap_or_default(),
        })
    }
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
        crate::http::extract::parse_json(br#"{"amount_minor": 1000, "currency": "CDF"}"#)
            .expect("parse")
    }

    fn param_of(input: CreateIntent) -> Option<String> {
        input.validate(false).expect_err("invalid").param
    }

    #[test]
    fn each_rule_names_its_field() {
        assert_eq!(
            param_of(CreateIntent {
                amount_minor: 0,
                ..base()
            })
            .as_deref(),
            Some("amount_minor")
        );
        assert_eq!(
            param_of(CreateIntent {
                amount_minor: -5,
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

    #[test]
    fn unknown_rails_and_operators_are_named_by_the_parser() {
        let e = crate::http::extract::parse_json::<CreateIntent>(
            br#"{"amount_minor": 1, "currency": "CDF", "rails": ["pigeon"]}"#,
        )
        .expect_err("unknown rail");
        assert_eq!(e.param.as_deref(), Some("rails[0]"));
        let e = crate::http::extract::parse_json::<CreateIntent>(
            br#"{"amount_minor": 1, "currency": "CDF", "allowed_operators": ["nope"]}"#,
        )
        .expect_err("unknown operator");
        assert_eq!(e.param.as_deref(), Some("allowed_operators[0]"));
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
