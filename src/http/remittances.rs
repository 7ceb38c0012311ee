//! Remittances (spec section 4.7): quotes, sending, listing.

use crate::domain::remittances::REMITTANCE;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use utoipa::ToSchema;

use super::command;
use super::command::Write;
use super::extract::{Body, Params, Reader, json};
use super::list::{self, Rows, named_list};
use super::operations::operations;
use crate::domain::fields;
use crate::domain::intents::input::PurposeCode;
use crate::domain::remittances::{
    self, Ask, NewRemittance, PayoutMethod, Recipient, Remittance, RemittanceQuoteView,
    RemittanceView,
};
use crate::domain::routes::SourceInput;
use crate::error::{ApiError, ErrorBody};

operations! {
    quote: scope("remittances:read"),
    create: scope("remittances:write").ik_required(),
    list: scope("remittances:read"),
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct QuoteQuery {
    /// What is sent, before the fee.
    #[param(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    amount_minor: i64,
    /// Default USD (O§21).
    currency: Option<String>,
    /// Default: `currency`.
    target_currency: Option<String>,
}

/// The origin's remittance quote: the fee (100 bps on top), the rate (mid
/// less margin) and what the recipient gets; nothing is locked or written.
#[utoipa::path(get, path = "/remittances/quote", tag = "remittances", params(QuoteQuery),
    responses((status = 200, description = "The quote", body = RemittanceQuoteView),
              (status = 400, description = "A parameter (`param` names it)", body = ErrorBody),
              (status = 422, description = "fx_rate_unavailable", body = ErrorBody)))]
pub async fn quote(
    Reader(state, caller): Reader,
    Params(query): Params<QuoteQuery>,
) -> Result<Response, ApiError> {
    let ask = Ask::parse(
        query.amount_minor,
        query.currency.as_deref(),
        query.target_currency.as_deref(),
        None,
    )?;
    let snapshot = state.store.snapshot()?;
    json(200, &remittances::quote(&snapshot, caller.mode, &ask)?)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateRemittance {
    /// What is sent, before the fee (100 bps, on top).
    #[serde(deserialize_with = "fields::int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    pub amount_minor: i64,
    /// Default USD.
    pub currency: Option<String>,
    /// Default: the recipient's country's currency, else `currency`.
    pub target_currency: Option<String>,
    pub payout_method: PayoutMethod,
    pub recipient: Recipient,
    /// A processor funds it instead of the wallet (not for cash pickup).
    pub source: Option<SourceInput>,
    #[schema(max_length = 200)]
    pub note: Option<String>,
    /// Why it is sent (an addition: a corridor may require or restrict it).
    pub purpose: Option<PurposeCode>,
    /// The origin's PIN: sessions send it; API keys need none. Ignored.
    #[schema(max_length = 12)]
    pub pin: Option<String>,
}

/// Sends a remittance; the route that carries it checks the corridor's
/// rules (allowed pair, per-transfer and monthly limits, purpose) in the
/// same command.
#[utoipa::path(post, path = "/remittances", tag = "remittances", request_body = CreateRemittance,
    responses((status = 201, description = "The remittance: completed (wallet), ready_for_pickup (cash), pending (bank, mobile money, a processor's funding), or failed", body = RemittanceView),
              (status = 400, description = "A field (`param` names it), recipient_not_found, cash_pickup_wallet_only", body = ErrorBody),
              (status = 403, description = "corridor_suspended, corridor_not_live", body = ErrorBody),
              (status = 422, description = "insufficient_funds, monthly_limit_exceeded, corridor_limit, purpose_not_allowed, payout_currency_unavailable, fx_rate_unavailable; nothing moved", body = ErrorBody)))]
pub async fn create(
    Write(state, caller, claim): Write,
    Body(input): Body<CreateRemittance>,
) -> Result<Response, ApiError> {
    fields::text("pin", input.pin, 12)?;
    let default_target = input.recipient.country.as_deref().and_then(|c| {
        crate::domain::routes::config::local_currency(&c.trim().to_ascii_uppercase())
    });
    let ask = Ask::parse(
        input.amount_minor,
        input.currency.as_deref(),
        input.target_currency.as_deref(),
        default_target,
    )?;
    let new = NewRemittance {
        ask,
        payout_method: input.payout_method,
        recipient: input.recipient,
        source: input.source,
        note: input.note,
        purpose: input.purpose,
    };
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let remittance = remittances::create(tx, &settings, &caller, new)?;
        let route = remittances::route_of(tx, &remittance)?;
        Ok(remittances::view(&remittance, route.as_ref()))
    })
    .await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct RemittanceQuery {
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^rem_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

named_list!(RemittanceList of RemittanceView, "Newest first.");

#[utoipa::path(get, path = "/remittances", tag = "remittances", params(RemittanceQuery),
    responses((status = 200, description = "Remittances, newest first", body = RemittanceList)))]
pub async fn list(
    Reader(state, caller): Reader,
    Params(query): Params<RemittanceQuery>,
) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let rows = Rows::owned(REMITTANCE, &caller);
    let found = list::all::<Remittance>(&snapshot, rows, query.limit, query.cursor.as_deref())?;
    json(
        200,
        &found.try_map(|r| {
            let route = remittances::route_of(&snapshot, &r)?;
            Ok(remittances::view(&r, route.as_ref()))
        })?,
    )
}
