//! Funding a route through a processor (O§20 "external funding"): a funding
//! payment, an ordinary intent of the route's amount on the source's rail
//! whose purpose is the route; when it is paid, the intent "paid" hook
//! (`domain::purpose`) funds the route in the capture's own command, and the
//! route proceeds by itself (spec section 3: "funding confirmed → payout leg
//! proceeds").

use super::state::{Trigger, transition};
use super::{Route, flow, legs};
use crate::auth::Principal;
use crate::domain::Settings;
use crate::domain::intents::{self, Intent};
use crate::domain::purpose::Purpose;
use crate::error::ApiError;
use crate::ledger::Class;
use crate::store::{Read, Tx};

/// A funding payment's life, in minutes: the payer has this long to pay.
pub const FUNDING_MINUTES: i64 = 30;

/// Creates the funding payment of a new (QUOTED) route; with a phone, the
/// mobile-money prompt goes out at once, and a payment the sandbox decides
/// at once funds (and moves) the route inside this call.
pub(super) fn start(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    mut route: Route,
) -> Result<Route, ApiError> {
    let intent = funding_payment(tx, settings, principal, &route)?;
    route.funding_payment = Some(intent.id.clone());
    // Stored without its page token (finding 11); the views render it back.
    route.funding_url = Some(crate::domain::page_tokens::concealed(
        &intents::view::checkout_url(&intent, settings),
    ));
    route.advance(tx, Trigger::AwaitFunding)?;
    route.save(tx)?;
    route.expire_at(tx, intent.expires_at_ms.saturating_add(1))?;
    if let Some(phone) = route.source.phone.clone() {
        let confirm = intents::input::ConfirmIntent {
            customer_msisdn: Some(phone),
            operator: route.source.intent_operator(),
            amount_minor: None,
            ..Default::default()
        };
        intents::confirm(tx, settings, principal, &intent.id, confirm)
            .map_err(|e| e.with_param("source.phone"))?;
    }
    tx.object::<Route>(&route.id)?
        .ok_or_else(|| ApiError::internal(format!("route {} vanished", route.id)))
}

/// The funding payment: an intent of the route's amount on the source's
/// rail, linked to the route as its purpose, with no attempt yet.
fn funding_payment(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    route: &Route,
) -> Result<Intent, ApiError> {
    let rail = route.source.rail().unwrap_or("mobile_money");
    let mut body = serde_json::json!({
        "amount_minor": route.figures.amount_minor,
        "currency": route.figures.currency,
        "rails": [rail],
        "expires_in_minutes": FUNDING_MINUTES,
        "description": format!("Funding of route {}", route.id),
        "qr": false,
    });
    if let Some(operator) = route.source.intent_operator() {
        // The quoted funding fee is this operator's: the payer may use no other.
        body["allowed_operators"] = serde_json::json!([operator]);
    }
    if let Some(url) = &route.source.return_url {
        body["success_url"] = url.clone().into();
    }
    let parsed: intents::input::CreateIntent = serde_json::from_value(body)
        .map_err(|e| ApiError::internal(format!("funding payment of {}: {e}", route.id)))?;
    let valid =
        parsed
            .validate(principal.account.is_some())
            .map_err(|e| match e.param.as_deref() {
                Some("success_url") => e.with_param("source.return_url"),
                _ => e,
            })?;
    let minted = intents::Minted::in_tx(tx, principal, valid)?;
    let (mut intent, _) = intents::create(tx, settings, principal, minted)?;
    intent.purpose = Some(Purpose::Route {
        id: route.id.clone(),
    });
    intents::save(tx, &intent)?;
    Ok(intent)
}

/// The intent "paid" hook of a route's funding payment: the payment's net
/// leaves pending for the route's escrow (the intent records it, so it is
/// never settled to the owner as well) and the route proceeds. A route no
/// longer waiting (cancelled, expired) leaves the money with the owner, as
/// any payment; a payment that came short (another operator than quoted)
/// fails the route and leaves its money with the owner too.
pub fn on_funding_paid(
    tx: &mut Tx<'_>,
    settings: &Settings,
    route_id: &str,
    intent: &mut Intent,
) -> Result<(), ApiError> {
    let Some(mut route) = tx.object::<Route>(route_id)? else {
        return Ok(());
    };
    if transition(route.stage, Trigger::Fund).is_err() {
        return Ok(());
    }
    let budget = route.figures.budget_minor();
    let Some(net) = intent.take_pending_for_purpose(budget) else {
        route.failure_reason = Some("funding_short".into());
        route.advance(tx, Trigger::FundingFailed)?;
        return route.save(tx);
    };
    route.transactions.funding = Some(legs::fund(
        tx,
        &route,
        Class::Pending,
        net,
        Some(&intent.id),
    )?);
    route.advance(tx, Trigger::Fund)?;
    flow::proceed(tx, &settings.routes, &mut route)?;
    route.save(tx)
}
