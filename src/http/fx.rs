//! FX (spec section 4.5): quotes, and the rate table they are priced from
//! (`docs/fx.md`).

use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use utoipa::ToSchema;

use super::command;
use super::command::Write;
use super::extract::{Body, Params, Path, Reader, json, read_json};
use super::list::{List, named_list};
use super::operations::operations;
use super::team::members::NoParams;
use crate::domain::audit::Actor;
use crate::domain::fields;
use crate::domain::fx::{self, FxQuoteView, NewQuote, RateView, rates};
use crate::error::{ApiError, ErrorBody};

operations! {
    create_quote: scope("transfers:write"),
    retrieve_quote: scope("transfers:read"),
    list_rates: scope("transfers:read").added(),
    set_rate: session(roles::FX_RATES_MANAGE).added(),
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateFxQuote {
    /// What to convert, in `currency` minor units, the 80 bps fee included.
    #[serde(deserialize_with = "fields::int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    pub amount_minor: i64,
    /// The source currency (ISO 4217, upper case).
    #[schema(pattern = "^[A-Z]{3}$", example = "USD")]
    pub currency: String,
    /// The currency the recipient gets; not `currency`.
    #[schema(pattern = "^[A-Z]{3}$", example = "CDF")]
    pub target_currency: String,
}

/// Quotes a conversion and locks its rate for 120 s.
#[utoipa::path(post, path = "/fx/quotes", tag = "fx", request_body = CreateFxQuote,
    responses((status = 201, description = "The quote: LOCKED for 120 s, or INDICATIVE when the rate is not guaranteed (`indicative_reason`)", body = FxQuoteView),
              (status = 422, description = "fx_rate_unavailable: no rate of this mode converts the pair", body = ErrorBody)))]
pub async fn create_quote(
    Write(state, caller, claim): Write,
    Body(input): Body<CreateFxQuote>,
) -> Result<Response, ApiError> {
    let new = NewQuote::parse(input.amount_minor, &input.currency, &input.target_currency)?;
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let quote = fx::create(tx, &caller, new)?;
        Ok(fx::quote_view(&quote, tx.now_ms()))
    })
    .await
}

/// Retrieves a quote; its status is EXPIRED from `expires_at` on.
#[utoipa::path(get, path = "/fx/quotes/{id}", tag = "fx",
    params(("id" = String, Path, description = "fxq_...")),
    responses((status = 200, description = "The quote as of now (the sandbox's clock in test mode)", body = FxQuoteView)))]
pub async fn retrieve_quote(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    read_json(&state, |snapshot| {
        let quote = fx::read(snapshot, &caller, &id)?;
        Ok(fx::quote_view(&quote, state.now_for(snapshot, &caller)?))
    })
}

named_list!(FxRateList of RateView, "Every pair of this mode's table, by pair.");

/// Lists the mid-market rates and margins quotes of this mode are priced from (an addition to the spec).
#[utoipa::path(get, path = "/fx/rates", tag = "fx",
    responses((status = 200, description = "The rate table of the key's mode: the sandbox's defaults and what operators set", body = FxRateList)))]
pub async fn list_rates(
    Reader(state, caller): Reader,
    Params(_): Params<NoParams>,
) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let now = state.now_for(&snapshot, &caller)?;
    let table = rates::table(&snapshot, caller.mode)?;
    let data = table
        .entries()
        .map(|e| fx::rate_view(e, caller.livemode(), now))
        .collect();
    json(200, &List::whole(data))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetFxRate {
    /// Units of the pair's second currency per unit of its first, as a
    /// decimal string (0.000001 to 1,000,000, at most 18 decimals).
    #[schema(
        example = "2800.5",
        max_length = 40,
        pattern = "^[0-9]+(\\.[0-9]{1,18})?$"
    )]
    pub rate: String,
    /// The pair's margin policy in basis points, 0 to 1,000 (default 100).
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 0, maximum = 1000)]
    pub margin_bps: Option<i64>,
}

/// Sets a pair's mid-market rate and margin in the session's mode (an addition to the spec: session only, owners and admins of the gateway's organisation; audited).
#[utoipa::path(put, path = "/fx/rates/{pair}", tag = "fx", request_body = SetFxRate,
    params(("pair" = String, Path, description = "BASE-QUOTE, e.g. USD-CDF: one USD buys `rate` CDF")),
    responses((status = 200, description = "The pair as set, stamped with the time and the member", body = RateView)))]
pub async fn set_rate(
    Write(state, caller, claim): Write,
    Path(pair): Path<String>,
    Body(input): Body<SetFxRate>,
) -> Result<Response, ApiError> {
    let actor = Actor::of(&caller);
    let new = rates::NewRate {
        pair,
        rate: input.rate,
        margin_bps: input.margin_bps,
    };
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        rates::require_operator(tx, &caller)?;
        let entry = rates::set(tx, &actor, caller.mode, new)?;
        Ok(fx::rate_view(&entry, caller.livemode(), tx.wall_ms()))
    })
    .await
}
