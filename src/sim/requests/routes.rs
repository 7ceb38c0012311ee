//! Routes driven by their own endpoints, as `src/http/routes.rs` does it:
//! `POST /routes/quote` (the figures and a locked FX quote) and `POST
//! /routes` (any source: the wallet, or a processor's funding payment; any
//! destination: mobile money, a bank, a scanned QR code's merchant, a
//! wallet, the sender's own wallet, an agent's cash pickup). The bodies are
//! the handler's own input types; a QR payload is resolved from a snapshot
//! before the command, as the handler resolves it.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::auth::Principal;
use crate::domain::Settings;
use crate::domain::currency::{self, Currency};
use crate::domain::routes::ends::{self, DestinationMethod};
use crate::domain::routes::{self, Ask, DestinationInput, FxLock, NewRoute, ROUTE};
use crate::error::{ApiError, Code};
use crate::http::routes::{CreateRoute, QuoteRoute};
use crate::store::writer::Work;
use crate::store::{Output, Store};

/// The amount and currencies of a route body (the handler's `ask_of`).
fn ask_of(
    amount_minor: i64,
    currency: &str,
    target_currency: Option<&str>,
    destination: &DestinationInput,
) -> Result<(i64, Currency, Currency), ApiError> {
    let amount_minor = crate::domain::intents::input::amount("amount_minor", amount_minor)?;
    let source = currency::parse("currency", currency)?;
    let target = match target_currency.or_else(|| ends::local_currency(destination)) {
        Some(t) => currency::parse("target_currency", t)?,
        None => source,
    };
    Ok((amount_minor, source, target))
}

/// The merchant a `qr` destination's payload names (the handler's
/// `qr_merchant`, at the simulator's time).
fn qr_merchant(
    store: &Store,
    settings: &Settings,
    now_ms: i64,
    destination: &DestinationInput,
) -> Result<Option<String>, ApiError> {
    let (Some(DestinationMethod::Qr), Some(data)) = (destination.method, &destination.data) else {
        return Ok(None);
    };
    let snapshot = store.snapshot()?;
    let (resolution, _) = crate::domain::qr_codes::resolve(&snapshot, settings, now_ms, data)?;
    Ok(resolution
        .merchant
        .and_then(|m| m.account)
        .filter(|a| a.starts_with("org_")))
}

/// `POST /routes/quote`: priced with a new FX quote offered (locked, for
/// the client to pass as `quote_id`), within the corridor's rules. The
/// answer carries the figures and the quote (the handler adds the legs and
/// the ranked payout rails, read-only).
pub fn quote(
    store: &Store,
    settings: &Arc<Settings>,
    caller: Principal,
    body: Value,
    now_ms: i64,
) -> Result<Work, ApiError> {
    let input: QuoteRoute = super::parse(body)?;
    let (amount_minor, source_currency, target) = ask_of(
        input.amount_minor,
        &input.currency,
        input.target_currency.as_deref(),
        &input.destination,
    )?;
    let source = ends::parse_source(input.source)?;
    let merchant = qr_merchant(store, settings, now_ms, &input.destination)?;
    let settings = settings.clone();
    Ok(Box::new(move |tx| {
        let destination =
            ends::parse_destination(tx, &caller, input.destination, target.code, merchant)?;
        let ask = Ask {
            amount_minor,
            currency: source_currency,
            target_currency: target,
            source: &source,
            destination: &destination,
        };
        let (figures, fx_quote) = routes::price(tx, &caller, &ask, FxLock::Offer)?;
        let now = tx.now_ms();
        let pair = routes::config::pair(source_currency.code, target.code);
        settings
            .routes
            .corridor(caller.mode, &pair, now)
            .map_err(|c| c.error(&pair, caller.mode))?;
        Output::json(
            200,
            &json!({
                "object": "route_quote",
                "figures": routes::view::figures_view(&figures, &source),
                "fx": fx_quote.as_ref().map(|q| crate::domain::fx::quote_view(q, now)),
            }),
        )
    }))
}

/// `POST /routes`: checked as the handler checks it, then recorded and
/// moved as far as it goes in one command.
pub fn create(
    store: &Store,
    settings: &Arc<Settings>,
    caller: Principal,
    body: Value,
    now_ms: i64,
) -> Result<Work, ApiError> {
    let input: CreateRoute = super::parse(body)?;
    let (amount_minor, source_currency, target) = ask_of(
        input.amount_minor,
        &input.currency,
        input.target_currency.as_deref(),
        &input.destination,
    )?;
    let source = ends::parse_source(input.source)?;
    let note = crate::fields::text("note", input.note, routes::NOTE_CHARS_MAX)?;
    let source_of_funds = crate::fields::text(
        "source_of_funds",
        input.source_of_funds,
        routes::SOURCE_OF_FUNDS_CHARS_MAX,
    )?
    .filter(|s| !s.trim().is_empty());
    let merchant = qr_merchant(store, settings, now_ms, &input.destination)?;
    let settings = settings.clone();
    Ok(Box::new(move |tx| {
        let destination =
            ends::parse_destination(tx, &caller, input.destination, target.code, merchant)?;
        if source_of_funds.is_none()
            && routes::source_of_funds_required(tx, caller.mode, amount_minor, source_currency)?
        {
            return Err(ApiError::new(
                Code::SourceOfFundsRequired,
                "a route worth USD 5,000 or more states its source_of_funds",
            )
            .with_param("source_of_funds"));
        }
        let ask = Ask {
            amount_minor,
            currency: source_currency,
            target_currency: target,
            source: &source,
            destination: &destination,
        };
        let (figures, fx_quote) =
            routes::price(tx, &caller, &ask, FxLock::Take(input.quote_id.as_deref()))?;
        let new = NewRoute {
            id: ROUTE.new_id(),
            source,
            destination,
            figures,
            quote_id: fx_quote.map(|q| q.id),
            note,
            purpose: input.purpose,
            source_of_funds,
            remittance: None,
        };
        let route = routes::create(tx, &settings, &caller, new)?;
        Output::json(201, &routes::view(tx, &route)?)
    }))
}
