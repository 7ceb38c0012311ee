//! How a route moves once recorded: funding (at once from the wallet, or
//! when its funding payment is paid), the exchange, the destination's leg,
//! the payout it then follows, and the ways back (cancel, expiry,
//! failure). Every change of stage goes through `Route::advance`
//! (`state::transition`); every movement of money through `legs`.

use super::config::Config;
use super::ends::{Destination, SourceMethod};
use super::state::{Stage, Trigger, transition};
use super::{LIQUIDITY_WAIT_MS, PICKUP_WAIT_MS, Route, legs, refusal_error};
use crate::auth::Principal;
use crate::domain::Settings;
use crate::domain::intents;
use crate::domain::payouts::{self, Payout, PayoutRequest, Status as PayoutStatus};
use crate::error::ApiError;
use crate::ledger::Class;
use crate::scheduler::TimerKind;
use crate::store::{Read, Tx};

/// A pickup code: `XXXX-XXXX` of this alphabet (no 0/O/1/I, O§16).
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// Funds a new (QUOTED) route: from the wallet at once, then onwards; or
/// through a funding payment it then waits for.
pub(super) fn fund(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    mut route: Route,
) -> Result<Route, ApiError> {
    if route.source.method == SourceMethod::Wallet {
        let amount = route.figures.amount_minor;
        route.transactions.funding = Some(legs::fund(tx, &route, Class::Available, amount, None)?);
        route.advance(tx, Trigger::Fund)?;
        proceed(tx, &settings.routes, &mut route)?;
        route.save(tx)?;
        return Ok(route);
    }
    super::funding::start(tx, settings, principal, route)
}

/// A funded route goes as far as it can now: the exchange, then its
/// destination (settled at once for wallets, or a payout, or cash set aside).
pub(super) fn proceed(tx: &mut Tx<'_>, config: &Config, route: &mut Route) -> Result<(), ApiError> {
    if !route.exchanged {
        route.transactions.exchange = Some(legs::exchange(tx, route)?);
        route.exchanged = true;
        if route.figures.converts() {
            route.advance(tx, Trigger::ReserveFx)?;
        }
    }
    match route.destination.clone() {
        Destination::Wallet { recipient, .. } | Destination::Qr { recipient } => {
            route.transactions.payout = Some(legs::credit_wallet(tx, route, &recipient)?);
            route.advance(tx, Trigger::Settle)
        }
        Destination::Keep => {
            let owner = route.owner.clone();
            route.transactions.payout = Some(legs::credit_wallet(tx, route, &owner)?);
            route.advance(tx, Trigger::Settle)
        }
        Destination::Agent { .. } | Destination::MobileMoney { .. } | Destination::Bank { .. } => {
            let payout_minor = route.figures.recipient_amount_minor;
            let float = config.liquidity_minor(route.mode, &route.figures.target_currency);
            if payout_minor > float {
                route.advance(tx, Trigger::ShortOfLiquidity)?;
                let due = tx.now_ms().saturating_add(LIQUIDITY_WAIT_MS);
                return route.expire_at(tx, due);
            }
            if matches!(route.destination, Destination::Agent { .. }) {
                hold_for_pickup(tx, route)
            } else {
                pay_out(tx, route)
            }
        }
    }
}

/// An agent's cash pickup: the fee is taken, the cash waits in escrow
/// behind a pickup code until it is collected, cancelled or expires.
fn hold_for_pickup(tx: &mut Tx<'_>, route: &mut Route) -> Result<(), ApiError> {
    let leg = route.figures.payout_fee_minor;
    route.transactions.payout = legs::payout_leg(tx, route, leg)?;
    route.payout_leg_minor = leg;
    route.pickup_code = Some(pickup_code());
    route.advance(tx, Trigger::RoutePayout)?;
    let due = tx.now_ms().saturating_add(PICKUP_WAIT_MS);
    route.expire_at(tx, due)
}

fn pickup_code() -> String {
    let mut code = String::with_capacity(9);
    for i in 0..8 {
        if i == 4 {
            code.push('-');
        }
        // Seeded under the simulator (`ids::random_below`), so a seed's
        // run stores the same codes each time.
        code.push(char::from(
            CODE_ALPHABET[crate::ids::random_below(CODE_ALPHABET.len())],
        ));
    }
    code
}

/// The payout of the recipient amount, funded from the escrow; the route
/// follows what the rail said.
fn pay_out(tx: &mut Tx<'_>, route: &mut Route) -> Result<(), ApiError> {
    let Some(destination) = route.destination.payout().cloned() else {
        return Err(ApiError::internal(format!(
            "route {} has no payout destination",
            route.id
        )));
    };
    let f = &route.figures;
    let payout_fee = payouts::fee_minor(f.recipient_amount_minor);
    // A remittance's fee covers the payout's own: fee revenue pays it in.
    // Otherwise the route's payout fee is the payout's, and a rounding unit.
    let leg = if f.payout_fee_included {
        -payout_fee
    } else {
        f.payout_fee_minor - payout_fee
    };
    route.transactions.payout = legs::payout_leg(tx, route, leg)?;
    route.payout_leg_minor = leg;
    let request = PayoutRequest {
        amount_minor: f.recipient_amount_minor,
        currency: f.target_currency.clone(),
        destination,
        description: Some(format!("route {}", route.id)),
        reference: None,
        batch: None,
        funded_from: Class::Escrow,
    };
    let principal = Principal::system("route", &route.owner, route.mode);
    let mut payout = payouts::create(tx, &principal, request)?;
    payout.route = Some(route.id.clone());
    tx.put_object(payout.id.clone(), &payout)?;
    route.payout = Some(payout.id.clone());
    route.advance(tx, Trigger::RoutePayout)?;
    follow(tx, route, &payout)
}

/// The route's stage after its payout's status.
fn follow(tx: &mut Tx<'_>, route: &mut Route, payout: &Payout) -> Result<(), ApiError> {
    match payout.status {
        PayoutStatus::Pending => Ok(()),
        PayoutStatus::Processing if route.stage == Stage::PayoutRouted => {
            route.advance(tx, Trigger::SendPayout)
        }
        PayoutStatus::Processing => Ok(()),
        PayoutStatus::Paid => {
            route.advance(tx, Trigger::ReceiveEvidence)?;
            route.advance(tx, Trigger::Verify)?;
            let f = &route.figures;
            let matches = payout.amount_minor == f.recipient_amount_minor
                && payout.currency == f.target_currency
                && payout.paid_transaction.is_some();
            route.advance(tx, Trigger::CheckEvidence { matches })?;
            if matches {
                route.advance(tx, Trigger::Settle)?;
            }
            Ok(())
        }
        PayoutStatus::Failed => {
            let reason = payout
                .failure_reason
                .and_then(|r| serde_json::to_value(r).ok())
                .and_then(|v| v.as_str().map(|s| format!("payout_failed:{s}")))
                .unwrap_or_else(|| "payout_failed".to_string());
            // The payout returned its amount and fee to available; the route
            // returns the rest, then says so (`route.failed` shows it).
            give_back(tx, route, &reason, Class::Available)?;
            route.advance(tx, Trigger::PayoutFailed)
        }
        PayoutStatus::NeedsReview => route.advance(tx, Trigger::PayoutUnknown),
    }
}

/// The payouts' hook: a route's payout changed status later (its poll).
pub fn on_payout(tx: &mut Tx<'_>, payout: &Payout) -> Result<(), ApiError> {
    let Some(id) = &payout.route else {
        return Ok(());
    };
    let Some(mut route) = tx.object::<Route>(id)? else {
        return Ok(());
    };
    let in_review = route.stage == Stage::ManualReview;
    if !(matches!(route.stage, Stage::PayoutRouted | Stage::PayoutSent)
        || in_review && payout.status != PayoutStatus::NeedsReview)
    {
        return Ok(());
    }
    if in_review && route.resolution.is_none() {
        // Reviewed on the payout (`POST /payouts/{id}/review`): the route
        // shows the same decision, in its events too.
        route.resolution = payout.resolution.clone();
    }
    follow(tx, &mut route, payout)?;
    route.save(tx)
}

pub(super) fn give_back(
    tx: &mut Tx<'_>,
    route: &mut Route,
    reason: &str,
    held_in: Class,
) -> Result<(), ApiError> {
    let (transaction, returned) = legs::unwind(tx, route, held_in)?;
    route.transactions.returned = Some(transaction);
    route.returned_minor = Some(returned);
    route.failure_reason = Some(reason.to_string());
    Ok(())
}

/// `POST /routes/{id}/cancel`: before a payout is executed (spec section 3),
/// everything the route holds returns to the wallet; a card funding payment
/// is refunded to the card (decision 131). REFUNDED.
pub fn cancel(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    id: &str,
    reason: String,
) -> Result<Route, ApiError> {
    let mut route = super::read(tx, principal, id)?;
    let executing = match &route.payout {
        Some(payout) => tx
            .object::<Payout>(payout)?
            .is_some_and(|p| !p.status.is_final()),
        None => false,
    };
    let trigger = Trigger::Cancel {
        payout_executing: executing,
    };
    if let Err(refusal) = transition(route.stage, trigger) {
        return Err(refusal_error(&route, "cancelled", refusal));
    }
    let waiting_for_funds = route.stage == Stage::FundingPending;
    if waiting_for_funds {
        cancel_funding(tx, settings, &route)?;
    } else {
        let (transaction, returned) = legs::unwind(tx, &route, Class::Escrow)?;
        route.transactions.returned = Some(transaction);
        route.returned_minor = Some(returned);
    }
    if !waiting_for_funds && route.source.method == SourceMethod::Card {
        refund_card(tx, settings, principal, &mut route, reason.clone())?;
    }
    route.cancellation = Some(super::Cancellation {
        reason,
        at_ms: tx.now_ms(),
    });
    route.advance(tx, trigger)?;
    route.save(tx)?;
    Ok(route)
}

/// The funding payment of a route cancelled before it was paid: cancelled
/// too, unless the payer is paying it now (then the cancel waits).
fn cancel_funding(tx: &mut Tx<'_>, settings: &Settings, route: &Route) -> Result<(), ApiError> {
    let Some(intent) = &route.funding_payment else {
        return Ok(());
    };
    let principal = Principal::system("route", &route.owner, route.mode);
    intents::cancel(tx, settings, &principal, intent, Default::default())
        .map(|_| ())
        .map_err(|e| {
            ApiError::new(
                crate::error::Code::InvalidStageTransition,
                format!(
                    "route {}'s funding payment {intent} cannot be cancelled now ({}); try again when its attempt ends",
                    route.id, e.message
                ),
            )
        })
}

/// A cancelled card-funded route: what came back is refunded to the card
/// through a refund of the funding payment (the card rail allows it).
fn refund_card(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    route: &mut Route,
    reason: String,
) -> Result<(), ApiError> {
    let (Some(intent), Some(amount)) = (&route.funding_payment, route.returned_minor) else {
        return Ok(());
    };
    let new = crate::domain::refunds::NewRefund {
        payment_intent: intent.clone(),
        amount_minor: Some(amount),
        currency: None,
        reason,
        metadata: Default::default(),
        stepped_up: true,
    };
    let refund = crate::domain::refunds::create(tx, settings, principal, new)?;
    route.refund = Some(refund.id);
    Ok(())
}

/// The `RouteExpire` timer: a route still waiting (for its funding payment,
/// for liquidity, for a pickup) expires, and what it holds comes back.
pub fn on_timer(tx: &mut Tx<'_>, settings: &Settings, kind: &TimerKind) -> Result<(), ApiError> {
    let TimerKind::RouteExpire { route: id } = kind else {
        return Ok(());
    };
    let Some(mut route) = tx.object::<Route>(id)? else {
        return Ok(());
    };
    if transition(route.stage, Trigger::Expire).is_err() {
        return Ok(());
    }
    if route.stage == Stage::FundingPending {
        // An attempt in flight finishes on its own; if it pays later, the
        // money stays with the owner as any payment.
        let _ = cancel_funding(tx, settings, &route);
        route.failure_reason = Some("funding_expired".into());
    } else {
        let (transaction, returned) = legs::unwind(tx, &route, Class::Escrow)?;
        route.transactions.returned = Some(transaction);
        route.returned_minor = Some(returned);
        route.failure_reason = Some(match route.stage {
            Stage::PayoutRouted => "pickup_expired".into(),
            _ => "liquidity_expired".into(),
        });
    }
    route.advance(tx, Trigger::Expire)?;
    route.save(tx)
}
