//! The body of `POST /payouts` and its checks: pure, so every refusal is
//! answered before the writer is asked for anything, and nothing is written.

use serde::Deserialize;
use utoipa::ToSchema;

use super::destination::{Destination, DestinationInput};
use super::{AMOUNT_MIN_MINOR, PayoutRequest};
use crate::domain::fields;
use crate::domain::intents::input::AMOUNT_MINOR_MAX;
use crate::error::{ApiError, Code};
use crate::ledger::Class;

/// A payout's `description` (origin section 22).
pub const DESCRIPTION_CHARS_MAX: usize = 200;
/// A client's own `reference`.
pub const REFERENCE_CHARS_MAX: usize = 64;

/// `POST /payouts`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatePayout {
    /// What the recipient gets, in minor units: 100 or more. The fee (70 bps,
    /// at least 1) is charged on top.
    #[serde(deserialize_with = "fields::int")]
    #[schema(minimum = 100, maximum = 1_000_000_000_000_000i64)]
    pub amount_minor: i64,
    /// ISO 4217.
    #[schema(example = "CDF")]
    pub currency: String,
    pub destination: DestinationInput,
    /// At most 200 characters.
    #[schema(max_length = 200)]
    pub description: Option<String>,
    /// The client's own reference, 1 to 64 characters; default: a generated
    /// `PO` code.
    #[schema(min_length = 1, max_length = 64)]
    pub reference: Option<String>,
}

impl CreatePayout {
    /// The checked request, paid from the available balance.
    pub fn parse(self) -> Result<PayoutRequest, ApiError> {
        let currency = crate::domain::currency::parse("currency", &self.currency)?
            .code
            .to_string();
        Ok(PayoutRequest {
            amount_minor: amount(self.amount_minor)?,
            destination: Destination::parse(self.destination, &currency, "destination")?,
            currency,
            description: fields::text("description", self.description, DESCRIPTION_CHARS_MAX)?,
            reference: reference(self.reference)?,
            batch: None,
            funded_from: Class::Available,
        })
    }
}

/// A payout's amount: 100 to 10^15 minor units.
pub fn amount(amount_minor: i64) -> Result<i64, ApiError> {
    if !(AMOUNT_MIN_MINOR..=AMOUNT_MINOR_MAX).contains(&amount_minor) {
        return Err(ApiError::new(
            Code::InvalidAmount,
            format!(
                "amount_minor must be from {AMOUNT_MIN_MINOR} to {AMOUNT_MINOR_MAX} minor units (got {amount_minor})"
            ),
        )
        .with_param("amount_minor"));
    }
    Ok(amount_minor)
}

/// A client's reference: 1 to 64 characters, not blank, no control characters.
pub fn reference(value: Option<String>) -> Result<Option<String>, ApiError> {
    let value = fields::text("reference", value, REFERENCE_CHARS_MAX)?;
    if value.as_deref().is_some_and(|r| r.trim().is_empty()) {
        return Err(ApiError::field(
            "reference",
            format!("reference must be 1 to {REFERENCE_CHARS_MAX} characters, not all blank"),
        ));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(value: serde_json::Value) -> Result<PayoutRequest, (Code, Option<String>)> {
        serde_json::from_value::<CreatePayout>(value)
            .expect("a body")
            .parse()
            .map_err(|e| (e.code, e.param))
    }

    fn body() -> serde_json::Value {
        serde_json::json!({
            "amount_minor": 10_000, "currency": "CDF",
            "destination": {"method": "mobile_money", "operator_id": "mpesa_cd", "phone": "+243810000001"}
        })
    }

    #[test]
    fn a_good_body_is_a_request_from_available() {
        let request = parse(body()).expect("valid");
        assert_eq!(request.amount_minor, 10_000);
        assert_eq!(request.funded_from, Class::Available);
        assert!(request.batch.is_none() && request.reference.is_none());
    }

    #[test]
    fn each_bad_field_is_named() {
        let with = |key: &str, value: serde_json::Value| {
            let mut b = body();
            b[key] = value;
            parse(b).err().and_then(|(_, param)| param)
        };
        assert_eq!(with("amount_minor", 99.into()), Some("amount_minor".into()));
        assert_eq!(
            with("amount_minor", (-5).into()),
            Some("amount_minor".into())
        );
        assert_eq!(with("currency", "XXX".into()), Some("currency".into()));
        assert_eq!(
            with("description", "x".repeat(201).into()),
            Some("description".into())
        );
        assert_eq!(with("description", "x".repeat(200).into()), None);
        assert_eq!(with("reference", " ".into()), Some("reference".into()));
        assert_eq!(
            with("reference", "r".repeat(65).into()),
            Some("reference".into())
        );
    }
}
