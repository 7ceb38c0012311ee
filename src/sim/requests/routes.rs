//! Routes driven by their own endpoints: `POST /routes/quote` (the figures,
//! a locked FX quote, the legs and payout rails) and `POST /routes` (any
//! source: the wallet, or a processor's funding payment; any destination:
//! mobile money, a bank, a scanned QR code's merchant, a wallet, the
//! sender's own wallet, an agent's cash pickup), through the handler's own
//! checks and command (`http::routes::check_quote`, `quote_in`,
//! `check_create`, `create_in`); a QR payload is resolved from a snapshot
//! before the command, at the simulator's time.

use std::sync::Arc;

use serde_json::Value;

use crate::auth::Principal;
use crate::domain::Settings;
use crate::error::ApiError;
use crate::http::routes::{check_create, check_quote, create_in, qr_merchant_at, quote_in};
use crate::store::writer::Work;
use crate::store::{Output, Store};

/// `POST /routes` (`quote` false) or `POST /routes/quote`. A quote's
/// payout rails are ranked at the simulator's time (the handler's real
/// time: rail statistics are kept in real time).
pub fn route(
    store: &Store,
    settings: &Arc<Settings>,
    caller: Principal,
    body: Value,
    now_ms: i64,
    quote: bool,
) -> Result<Work, ApiError> {
    let snapshot = store.snapshot()?;
    let settings = settings.clone();
    if quote {
        let checked = check_quote(super::parse(body)?)?;
        let merchant = qr_merchant_at(&snapshot, &settings, now_ms, &checked.ask.destination)?;
        return Ok(Box::new(move |tx| {
            let view = quote_in(tx, &settings.routes, &caller, checked, merchant, now_ms)?;
            Output::json(200, &view)
        }));
    }
    let checked = check_create(super::parse(body)?)?;
    let merchant = qr_merchant_at(&snapshot, &settings, now_ms, &checked.ask.destination)?;
    Ok(Box::new(move |tx| {
        let view = create_in(tx, &settings, &caller, checked, merchant)?;
        Output::json(201, &view)
    }))
}
