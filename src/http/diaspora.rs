//! Diaspora transfers (spec 4.12, origin section 23): the public rate cards
//! and institutions, purpose-locked quotes and their payment.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::AppState;
use super::command;
use super::command::Write;
use super::extract::{Body, Params, Path, Reader, json, read_json};
use super::list::{List, named_list};
use super::operations::operations;
use super::team::members::NoParams;
use crate::clock::rfc3339;
use crate::domain::diaspora::institutions::{self, Institution};
use crate::domain::diaspora::rate_cards::{self, Card};
use crate::domain::diaspora::{self, DiasporaQuoteView, NewQuote};
use crate::domain::fields;
use crate::error::{ApiError, ErrorBody};
use crate::events::signing::PlatformKey;
use crate::mode::Mode;

operations! {
    rate_cards: public(),
    institutions: public(),
    create_quote: scope("diaspora:write"),
    retrieve_quote: scope("diaspora:read").added(),
    pay_quote: scope("diaspora:write").moving_money(),
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RateCardView {
    /// `rc_<source><dest>_<window>_<digest>`.
    pub id: String,
    /// Always `rate_card`.
    pub object: &'static str,
    pub livemode: bool,
    pub source_currency: &'static str,
    pub dest_currency: &'static str,
    /// Destination units per source unit: the mid-market rate less the
    /// markup, 8 decimals (a string: no float).
    pub customer_rate: String,
    pub mid_rate: String,
    pub markup_bps: u32,
    /// The fee, in basis points of the source amount, plus `fee_fixed_source_minor`.
    pub fee_bps: i64,
    pub fee_fixed_source_minor: i64,
    pub min_source_minor: i64,
    pub max_source_minor: i64,
    pub valid_from: String,
    /// At most 4 hours after valid_from.
    pub valid_until: String,
    pub policy_id: &'static str,
    /// The platform key that signed it (`GET /keys`).
    pub key_id: String,
    /// What was signed: `DD-RATE-CARD|id|source|dest|customer_rate|valid_from|valid_until|policy_id`.
    pub signed_string: String,
    /// ed25519 over the UTF-8 bytes of `signed_string`, base64.
    pub signature: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PurposeView {
    pub code: &'static str,
    /// Payable to verified institutions only.
    pub restricted: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RateCardList {
    /// Always `list`.
    pub object: &'static str,
    pub data: Vec<RateCardView>,
    pub purposes: Vec<PurposeView>,
    /// The restricted purpose codes.
    pub restricted: Vec<&'static str>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct RateCardParams {
    /// Live mode's cards (priced from live rates); default: the sandbox's.
    pub livemode: Option<bool>,
}

fn card_view(card: &Card, key: &PlatformKey) -> Result<RateCardView, ApiError> {
    let signed_string = rate_cards::signed_string(card);
    let signature = key.sign_bytes(signed_string.as_bytes())?;
    Ok(RateCardView {
        id: card.id.clone(),
        object: "rate_card",
        livemode: card.mode.livemode(),
        source_currency: card.source_currency,
        dest_currency: card.dest_currency,
        customer_rate: rate_cards::rate_text(card.customer_rate),
        mid_rate: card.mid_rate.to_string(),
        markup_bps: card.policy.markup_bps,
        fee_bps: card.policy.fee_bps,
        fee_fixed_source_minor: card.policy.fee_fixed_source_minor,
        min_source_minor: card.policy.min_source_minor,
        max_source_minor: card.policy.max_source_minor,
        valid_from: rfc3339(card.valid_from_ms),
        valid_until: rfc3339(card.valid_until_ms),
        policy_id: card.policy.id,
        key_id: key.id.clone(),
        signed_string,
        signature: B64.encode(signature),
    })
}

/// The live rate card of every diaspora corridor, signed with the platform key (public).
#[utoipa::path(get, path = "/diaspora/rate-cards", tag = "diaspora",
    params(RateCardParams),
    responses((status = 200, description = "Signed rate cards, the purpose codes and which are restricted", body = RateCardList)))]
pub async fn rate_cards(
    State(state): State<AppState>,
    Params(params): Params<RateCardParams>,
) -> Result<Response, ApiError> {
    let mode = if params.livemode == Some(true) {
        Mode::Live
    } else {
        Mode::Test
    };
    let snapshot = state.store.snapshot()?;
    let key = crate::events::signing::active_key(&snapshot)?;
    let table = crate::domain::fx::rates::table(&snapshot, mode)?;
    let data = rate_cards::live(&table, mode, state.clock.now_ms())
        .iter()
        .map(|card| card_view(card, &key))
        .collect::<Result<Vec<_>, _>>()?;
    let purposes = institutions::PURPOSES
        .iter()
        .map(|(code, restricted)| PurposeView {
            code,
            restricted: *restricted,
        })
        .collect();
    let restricted = institutions::PURPOSES
        .iter()
        .filter(|(_, r)| *r)
        .map(|(c, _)| *c)
        .collect();
    json(
        200,
        &RateCardList {
            object: "list",
            data,
            purposes,
            restricted,
        },
    )
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct InstitutionParams {
    /// ISO 3166 alpha-2 (CD).
    #[param(max_length = 2, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub country: Option<String>,
    /// A purpose code (SCHOOL, HEALTH, ...).
    #[param(max_length = 40, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub purpose: Option<String>,
    /// A case-insensitive part of the name.
    #[param(max_length = 120, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub q: Option<String>,
}

named_list!(InstitutionList of Institution, "Verified institutions, by name.");

/// The verified receiving institutions (public; query country, purpose, q).
#[utoipa::path(get, path = "/institutions", tag = "diaspora",
    params(InstitutionParams),
    responses((status = 200, description = "Institutions matching every filter, by name", body = InstitutionList)))]
pub async fn institutions(
    State(state): State<AppState>,
    Params(params): Params<InstitutionParams>,
) -> Result<Response, ApiError> {
    for (name, value, max) in [
        ("country", &params.country, 2),
        ("purpose", &params.purpose, 40),
        ("q", &params.q, 120),
    ] {
        fields::text(name, value.clone(), max)?;
    }
    let all = institutions::directory(&state.store.snapshot()?)?;
    let found = institutions::search(
        all,
        params.country.as_deref(),
        params.purpose.as_deref(),
        params.q.as_deref(),
    );
    json(200, &List::whole(found))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateDiasporaQuote {
    /// The verified institution paid (`ins_...`, GET /institutions).
    #[schema(max_length = 48, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub institution: String,
    /// One of the institution's purpose codes.
    #[schema(
        example = "SCHOOL",
        pattern = "^(SCHOOL|HEALTH|RENT|UTILITY|GOVERNMENT_FEE|TAX|FAMILY_SUPPORT|DONATION)$"
    )]
    pub purpose_code: String,
    /// The beneficiary reference at the institution (a student number, an invoice), 1 to 80 characters.
    #[schema(
        min_length = 1,
        max_length = 80,
        pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*[^\\s\\u0000-\\u001f\\u007f-\\u009f][^\\u0000-\\u001f\\u007f-\\u009f]*$"
    )]
    pub reference: String,
    /// The wallet currency paid from.
    #[schema(example = "USD")]
    pub source_currency: String,
    /// Default: CDF for an institution in CD, else USD.
    pub dest_currency: Option<String>,
    /// The amount sent; or `dest_minor`, not both.
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000i64)]
    pub source_minor: Option<i64>,
    /// The amount the institution must receive.
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000i64)]
    pub dest_minor: Option<i64>,
    /// The rate card shown to the sender (`rc_...`); refused once expired or
    /// superseded. Default: the pair's live card.
    #[schema(max_length = 80, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub rate_card: Option<String>,
}

/// Creates a purpose-locked quote from a live rate card.
#[utoipa::path(post, path = "/diaspora/quotes", tag = "diaspora", request_body = CreateDiasporaQuote,
    responses((status = 201, description = "The quote, QUOTED until its expires_at (at most 30 min, never past its card)", body = DiasporaQuoteView),
              (status = 400, description = "invalid_purpose, invalid_amount, self_transfer, or a malformed field", body = ErrorBody),
              (status = 404, description = "institution_not_found", body = ErrorBody),
              (status = 409, description = "rate_card_expired", body = ErrorBody),
              (status = 422, description = "purpose_not_allowed, no_rate_card, below_minimum, above_maximum", body = ErrorBody)))]
pub async fn create_quote(
    Write(state, caller, claim): Write,
    Body(input): Body<CreateDiasporaQuote>,
) -> Result<Response, ApiError> {
    let reference = fields::text(
        "reference",
        Some(input.reference),
        diaspora::REFERENCE_CHARS_MAX,
    )?
    .filter(|r| !r.trim().is_empty())
    .ok_or_else(|| ApiError::field("reference", "reference must be 1 to 80 characters"))?;
    for (name, value) in [
        ("institution", &input.institution),
        ("purpose_code", &input.purpose_code),
    ] {
        fields::text(name, Some(value.clone()), 48)?;
    }
    fields::text("rate_card", input.rate_card.clone(), 80)?;
    let new = NewQuote {
        institution: input.institution,
        purpose_code: input.purpose_code,
        reference,
        source_currency: input.source_currency,
        dest_currency: input.dest_currency,
        source_minor: input.source_minor,
        dest_minor: input.dest_minor,
        rate_card: input.rate_card,
    };
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        Ok(diaspora::view(&diaspora::create(tx, &caller, new)?))
    })
    .await
}

/// Pays a quote from the source-currency wallet, once, before it expires.
/// A quote read again by its payer (decision 334): as it was made while
/// QUOTED, then EXPIRED or PAID with its transaction and receipt.
#[utoipa::path(get, path = "/diaspora/quotes/{id}", tag = "diaspora",
    params(("id" = String, Path, description = "dq_...")),
    responses((status = 200, description = "The quote as it is now (QUOTED, PAID or EXPIRED)", body = DiasporaQuoteView),
              (status = 404, description = "diaspora_quote_not_found: no such quote of this organisation and mode", body = ErrorBody)))]
pub async fn retrieve_quote(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    read_json(&state, |snapshot| {
        Ok(diaspora::view(&diaspora::read(snapshot, &caller, &id)?))
    })
}

#[utoipa::path(post, path = "/diaspora/quotes/{id}/pay", tag = "diaspora", request_body = NoParams,
    params(("id" = String, Path, description = "dq_...")),
    responses((status = 200, description = "The quote, PAID (a second pay answers it again); `lock` is where the money went", body = DiasporaQuoteView),
              (status = 404, description = "diaspora_quote_not_found", body = ErrorBody),
              (status = 409, description = "quote_expired: the quote is EXPIRED or past its expires_at", body = ErrorBody),
              (status = 422, description = "insufficient_funds, or purpose_not_allowed (the institution no longer takes the purpose)", body = ErrorBody)))]
pub async fn pay_quote(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(_): Body<NoParams>,
) -> Result<Response, ApiError> {
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        Ok(diaspora::view(&diaspora::pay(tx, &caller, &id)?))
    })
    .await
}
