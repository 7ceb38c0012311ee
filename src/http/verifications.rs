//! Payment verification (spec section 4.4).

use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::AppState;
use super::command;
use super::command::Write;
use super::extract::{Body, Params, Reader, json};
use super::operations::operations;
use crate::auth::Principal;
use crate::domain::verifications::score::Reason;
use crate::domain::verifications::{
    self, Answer, Criteria, Match, Method, QuotaView, Resolution, Verification,
};
use crate::domain::{currency, fields, intents};
use crate::error::{ApiError, Code, ErrorBody};

operations! {
    // A verification past the free quota takes a fee from the balance.
    verify: scope("verifications:write").moving_money(),
    quota: scope("verifications:write"),
    resolution: scope("verifications:write"),
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VerifyPayment {
    /// Your reference, the intent id, or a ledger transaction id of the payment.
    #[schema(min_length = 1, max_length = 64)] // REFERENCE_CHARS_MAX
    pub reference: Option<String>,
    /// The payer's number, E.164 with or without its `+`; with amount_minor (or a reference).
    #[schema(max_length = 20, pattern = "^\\+?[1-9][0-9]{7,14}$")]
    pub msisdn: Option<String>,
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    pub amount_minor: Option<i64>,
    /// Only payments in this currency are candidates; also the currency of a fee past the free quota.
    pub currency: Option<String>,
    /// How far back to look, 1 to 720 hours; default 72.
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 720)]
    pub window_hours: Option<i64>,
    /// Only payments on this rail are candidates: mobile_money, card, bank, wallet, qr, an
    /// operator (mpesa, airtel, orange, africell, mtn) or an operator id such as orange_cd
    /// (both mobile money). Echoed as mobile_money when absent, which narrows nothing.
    #[schema(max_length = 32)] // RAIL_CHARS_MAX
    pub rail: Option<String>,
    /// An operator's confirmation SMS, pasted as received (see docs/verifications.md): the
    /// reference, number, amount and currency are read from it, so send none of the first three.
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

/// The criteria both operations take, each field checked and normalised.
fn criteria(
    reference: Option<String>,
    msisdn: Option<String>,
    amount_minor: Option<i64>,
    currency: Option<String>,
    window_hours: Option<i64>,
) -> Result<Criteria, ApiError> {
    if let Some(reference) = &reference {
        bounded("reference", reference, REFERENCE_CHARS_MAX)?;
    }
    Ok(Criteria {
        reference,
        msisdn: msisdn
            .map(|m| verifications::msisdn("msisdn", &m))
            .transpose()?,
        amount_minor: amount_minor
            .map(|a| intents::input::amount("amount_minor", a))
            .transpose()?,
        currency: checked_currency(currency)?,
        window_hours: window(window_hours)?,
        rail: None,
    })
}

/// A reference, or an msisdn with an amount (origin behaviour section 27),
/// on both operations: less could only ever answer NOT_FOUND.
fn required(criteria: &Criteria, from_sms: bool) -> Result<(), ApiError> {
    if criteria.sufficient() {
        return Ok(());
    }
    let message = if from_sms {
        "the SMS names neither a reference (\"Ref ...\") nor the payer's number (+...); send reference, or msisdn with amount_minor, instead"
    } else {
        "send a reference, or an msisdn with amount_minor: a number or an amount alone matches too many payments"
    };
    Err(ApiError::new(Code::CriteriaRequired, message))
}

impl VerifyPayment {
    /// Any combination of reference, msisdn and amount_minor, or an SMS that
    /// gives them.
    fn criteria(self) -> Result<(Method, Criteria), ApiError> {
        if let Some(sms) = &self.sms {
            bounded("sms", sms, SMS_CHARS_MAX)?;
            if self.reference.is_some() || self.msisdn.is_some() || self.amount_minor.is_some() {
                return Err(ApiError::field(
                    "sms",
                    "send sms alone: the reference, msisdn and amount_minor are read from it",
                ));
            }
        }
        let mut criteria = criteria(
            self.reference,
            self.msisdn,
            self.amount_minor,
            self.currency,
            self.window_hours,
        )?;
        criteria.rail = self.rail.as_deref().map(verifications::rail).transpose()?;
        let method = match self.sms {
            Some(sms) => {
                from_sms(&mut criteria, &sms)?;
                Method::Sms
            }
            None if criteria.reference.is_some() => Method::Reference,
            None => Method::MsisdnAmount,
        };
        required(&criteria, method == Method::Sms)?;
        Ok((method, criteria))
    }
}

/// Fills `criteria` from an SMS; a currency sent beside it must agree.
fn from_sms(criteria: &mut Criteria, sms: &str) -> Result<(), ApiError> {
    let parsed = verifications::parse_sms(sms).ok_or_else(|| {
        ApiError::field("sms", "the SMS names no amount such as \"CDF 10,000.00\"; see docs/verifications.md for the formats read")
    })?;
    if let Some(currency) = criteria
        .currency
        .as_deref()
        .filter(|c| *c != parsed.currency)
    {
        return Err(ApiError::field(
            "currency",
            format!(
                "currency is {currency} but the SMS is in {}",
                parsed.currency
            ),
        ));
    }
    criteria.reference = parsed
        .reference
        .filter(|r| r.chars().count() <= REFERENCE_CHARS_MAX);
    criteria.msisdn = parsed.msisdn;
    criteria.amount_minor = Some(parsed.amount_minor);
    criteria.currency = Some(parsed.currency);
    Ok(())
}

/// The verdict on `criteria` now, read from one snapshot.
fn resolve(
    state: &AppState,
    caller: &Principal,
    criteria: &Criteria,
) -> Result<Resolution, ApiError> {
    let snapshot = state.store.snapshot()?;
    let now_ms = state.now_for(&snapshot, caller)?;
    Ok(verifications::resolve(&snapshot, caller, criteria, now_ms)?)
}

#[utoipa::path(post, path = "/verifications", tag = "verifications", request_body = VerifyPayment,
    responses((status = 201, description = "The verdict with its confidence, reasons and matches", body = Verification),
              (status = 400, description = "Neither a reference nor an msisdn with amount_minor (criteria_required), or a field out of bounds", body = ErrorBody),
              (status = 402, description = "Free quota used and the balance cannot pay for another", body = ErrorBody)))]
pub async fn verify(
    Write(state, caller, claim): Write,
    Body(input): Body<VerifyPayment>,
) -> Result<Response, ApiError> {
    let (method, criteria) = input.criteria()?;
    let resolution = resolve(&state, &caller, &criteria)?;
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let verification = verifications::verify(tx, &caller, method, criteria, resolution)?;
        Ok(verification)
    })
    .await
}

#[utoipa::path(get, path = "/verifications/quota", tag = "verifications",
    responses((status = 200, description = "Free quota of the month and the price after it", body = QuotaView)))]
pub async fn quota(Reader(state, caller): Reader) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let now_ms = state.now_for(&snapshot, &caller)?;
    json(200, &verifications::quota(&snapshot, &caller, now_ms)?)
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct ResolutionQuery {
    /// Your reference, the intent id, or a ledger transaction id of the payment.
    #[param(min_length = 1, max_length = 64)]
    reference: Option<String>,
    /// E.164, with or without its `+`; with amount_minor when there is no reference.
    #[param(max_length = 20, pattern = "^\\+?[1-9][0-9]{7,14}$")]
    msisdn: Option<String>,
    #[param(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    amount_minor: Option<i64>,
    /// Only payments in this currency are candidates.
    currency: Option<String>,
    /// 1 to 720; default 72.
    #[param(minimum = 1, maximum = 720)]
    window_hours: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct PaymentResolution {
    /// Always `payment_resolution`.
    object: &'static str,
    /// CONFIRMED only when a ledger posting exists (spec section 3); a wrong
    /// amount is AMBIGUOUS.
    resolution: Answer,
    /// 0 to 100: the best match's score, capped by the verdict.
    confidence: u32,
    /// The verdict's reason first, then what the best match matched on.
    reasons: Vec<Reason>,
    /// What was looked for, normalised (msisdn with its `+`, the window applied).
    criteria: Criteria,
    /// The candidates, best first (at most 20).
    matches: Vec<Match>,
    /// The verdict in a sentence, for people.
    note: &'static str,
    /// The same as `resolution` (paygate's earlier name).
    answer: Answer,
}

#[utoipa::path(get, path = "/payment_resolution", tag = "verifications", params(ResolutionQuery),
    responses((status = 200, description = "CONFIRMED, PENDING, AMBIGUOUS or NOT_FOUND, with the scored matches", body = PaymentResolution),
              (status = 400, description = "Neither a reference nor an msisdn with amount_minor (criteria_required), or a field out of bounds", body = ErrorBody)))]
pub async fn resolution(
    Reader(state, caller): Reader,
    Params(query): Params<ResolutionQuery>,
) -> Result<Response, ApiError> {
    let criteria = criteria(
        query.reference,
        query.msisdn,
        query.amount_minor,
        query.currency,
        query.window_hours,
    )?;
    required(&criteria, false)?;
    let Resolution { finding, matches } = resolve(&state, &caller, &criteria)?;
    let answer = Answer::from(finding.verdict);
    json(
        200,
        &PaymentResolution {
            object: "payment_resolution",
            resolution: answer,
            confidence: finding.confidence,
            note: verifications::note(&finding),
            reasons: finding.reasons,
            criteria,
            matches,
            answer,
        },
    )
}
