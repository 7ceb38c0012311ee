//! Payment verification (spec section 4.4).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::AppState;
use super::command;
use super::extract::{Body, Caller, Idempotency, Params, json};
use super::operations::operations;
use crate::auth::Principal;
use crate::domain::verifications::{self, Answer, Match, Method, Query, QuotaView, Verification};
use crate::domain::{currency, fields, intents};
use crate::error::{ApiError, ErrorBody};

operations!(verify, quota, resolution);

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VerifyPayment {
    /// Your reference (or the intent id): verify by reference.
    #[schema(min_length = 1, max_length = 64)] // REFERENCE_CHARS_MAX
    pub reference: Option<String>,
    /// With amount_minor: verify by payer number and amount.
    #[schema(pattern = "^\\+[1-9][0-9]{7,14}$")]
    pub msisdn: Option<String>,
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    pub amount_minor: Option<i64>,
    /// Narrows an msisdn + amount search; also the currency of a fee past the free quota.
    pub currency: Option<String>,
    /// How far back to look, 1 to 720 hours; default 72.
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 720)]
    pub window_hours: Option<i64>,
    /// An operator's confirmation SMS, pasted as received (see docs/verifications.md).
    #[schema(min_length = 1, max_length = 1000)]
    pub sms: Option<String>,
}

/// Characters of a reference to verify by, at most (as documented).
const REFERENCE_CHARS_MAX: usize = 64;
/// Characters of a pasted SMS, at most (as documented).
const SMS_CHARS_MAX: usize = 1000;

/// 1 to `max` characters, as the document's minLength and maxLength say.
fn bounded(param: &str, value: &str, max: usize) -> Result<(), ApiError> {
    let chars = value.chars().count();
    if chars == 0 || chars > max {
        return Err(ApiError::field(
            param,
            format!("{param} must be 1 to {max} characters (got {chars})"),
        ));
    }
    Ok(())
}

fn window(hours: Option<i64>) -> Result<i64, ApiError> {
    match hours.unwrap_or(verifications::WINDOW_HOURS_DEFAULT) {
        h @ 1..=verifications::WINDOW_HOURS_MAX => Ok(h),
        h => Err(ApiError::field(
            "window_hours",
            format!(
                "window_hours must be from 1 to {} (got {h})",
                verifications::WINDOW_HOURS_MAX
            ),
        )),
    }
}

fn checked_currency(value: Option<String>) -> Result<Option<String>, ApiError> {
    value
        .map(|c| currency::parse("currency", &c).map(|c| c.code.to_string()))
        .transpose()
}

impl VerifyPayment {
    /// Exactly one way of verifying: reference, msisdn + amount, or an SMS.
    fn query(self) -> Result<(Method, Query), ApiError> {
        if let Some(reference) = &self.reference {
            bounded("reference", reference, REFERENCE_CHARS_MAX)?;
        }
        if let Some(sms) = &self.sms {
            bounded("sms", sms, SMS_CHARS_MAX)?;
        }
        let window_hours = window(self.window_hours)?;
        let currency = checked_currency(self.currency)?;
        match (self.reference, self.msisdn, self.amount_minor, self.sms) {
            (Some(reference), None, None, None) => Ok((
                Method::Reference,
                Query {
                    reference: Some(reference),
                    currency,
                    window_hours,
                    ..Query::default()
                },
            )),
            (None, Some(msisdn), Some(amount), None) => Ok((
                Method::MsisdnAmount,
                Query {
                    msisdn: Some(intents::input::msisdn("msisdn", &msisdn)?),
                    amount_minor: Some(intents::input::amount("amount_minor", amount)?),
                    currency,
                    window_hours,
                    ..Query::default()
                },
            )),
            (None, None, None, Some(sms)) => {
                let parsed = verifications::parse_sms(&sms).ok_or_else(|| {
                    ApiError::field("sms", "the SMS names no amount such as \"CDF 10,000.00\"; see docs/verifications.md for the formats read")
                })?;
                Ok((
                    Method::Sms,
                    Query {
                        reference: parsed.reference,
                        msisdn: parsed.msisdn,
                        amount_minor: Some(parsed.amount_minor),
                        currency: Some(parsed.currency),
                        window_hours,
                    },
                ))
            }
            _ => Err(ApiError::field(
                "reference",
                "verify by reference, by msisdn with amount_minor, or by sms: exactly one of them",
            )),
        }
    }
}

/// The payments that match `query` now, read from one snapshot.
fn matching(state: &AppState, caller: &Principal, query: &Query) -> Result<Vec<Match>, ApiError> {
    Ok(verifications::find(
        &state.store.snapshot()?,
        caller,
        query,
        state.clock.now_ms(),
    )?)
}

#[utoipa::path(post, path = "/verifications", tag = "verifications", request_body = VerifyPayment,
    responses((status = 201, description = "The answer with its matches", body = Verification),
              (status = 402, description = "Free quota used and the balance cannot pay for another", body = ErrorBody)))]
pub async fn verify(
    State(state): State<AppState>,
    Caller(caller): Caller,
    Idempotency(claim): Idempotency,
    Body(input): Body<VerifyPayment>,
) -> Result<Response, ApiError> {
    let (method, query) = input.query()?;
    let matches = matching(&state, &caller, &query)?;
    let currency = query.currency.clone();
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let verification = verifications::verify(tx, &caller, method, currency, matches)?;
        Ok(verification)
    })
    .await
}

#[utoipa::path(get, path = "/verifications/quota", tag = "verifications",
    responses((status = 200, description = "Free quota of the month and the price after it", body = QuotaView)))]
pub async fn quota(
    State(state): State<AppState>,
    Caller(caller): Caller,
) -> Result<Response, ApiError> {
    json(
        200,
        &verifications::quota(&state.store.snapshot()?, &caller, state.clock.now_ms())?,
    )
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct ResolutionQuery {
    #[param(min_length = 1, max_length = 64)]
    reference: Option<String>,
    #[param(pattern = "^\\+[1-9][0-9]{7,14}$")]
    msisdn: Option<String>,
    #[param(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    amount_minor: Option<i64>,
    currency: Option<String>,
    /// 1 to 720; default 72.
    #[param(minimum = 1, maximum = 720)]
    window_hours: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct PaymentResolution {
    /// Always `payment_resolution`.
    object: &'static str,
    /// CONFIRMED only when a ledger posting exists.
    answer: Answer,
    matches: Vec<Match>,
}

#[utoipa::path(get, path = "/payment_resolution", tag = "verifications", params(ResolutionQuery),
    responses((status = 200, description = "CONFIRMED, PENDING, AMBIGUOUS or NOT_FOUND, with the matches", body = PaymentResolution)))]
pub async fn resolution(
    State(state): State<AppState>,
    Caller(caller): Caller,
    Params(query): Params<ResolutionQuery>,
) -> Result<Response, ApiError> {
    if let Some(reference) = &query.reference {
        bounded("reference", reference, REFERENCE_CHARS_MAX)?;
    }
    let msisdn = query
        .msisdn
        .as_deref()
        .map(|m| intents::input::msisdn("msisdn", m))
        .transpose()?;
    let amount_minor = query
        .amount_minor
        .map(|a| intents::input::amount("amount_minor", a))
        .transpose()?;
    let query = Query {
        reference: query.reference,
        msisdn,
        amount_minor,
        currency: checked_currency(query.currency)?,
        window_hours: window(query.window_hours)?,
    };
    let matches = matching(&state, &caller, &query)?;
    json(
        200,
        &PaymentResolution {
            object: "payment_resolution",
            answer: verifications::answer(&matches),
            matches,
        },
    )
}
