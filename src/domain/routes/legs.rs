//! The postings of a route, one per leg, each balanced per currency
//! (`docs/routes.md` draws them). Until a payout is made the route's money
//! waits in the owner's `escrow` balance; [`unwind`] gives all of it back.
//!
//! | leg | lines |
//! |---|---|
//! | funding (wallet) | available → escrow: the amount |
//! | funding (payment) | pending → escrow: the payment's net (its fees went with the collection) |
//! | exchange | escrow → fee revenue: the exchange (or remittance) fee; escrow → FX position (source): sent; FX position (target) → escrow: converted |
//! | wallet, QR | escrow → the recipient's available: the recipient amount; escrow → fee revenue: the fee |
//! | keep | escrow → the owner's available: the converted amount |
//! | agent | escrow → fee revenue: the cash-out fee (the cash waits in escrow) |
//! | payout | escrow → fee revenue: the payout fee's rounding unit, or fee revenue → escrow: a remittance's payout fee; then the payout itself (escrow → in transit, and its fee) |

use super::Route;
use crate::error::ApiError;
use crate::ledger::{self, Account, Cause, CauseKind, Class, Posting, System};
use crate::store::Tx;

fn mine(route: &Route, currency: &str, class: Class) -> Account {
    ledger::merchant_account(route.mode, &route.owner, currency, class)
}

fn system(route: &Route, system: System, currency: &str) -> Account {
    ledger::system_account(route.mode, system, currency)
}

fn posting(route: &Route, kind: CauseKind, what: &str) -> ledger::PostingBuilder {
    Posting::build(
        route.mode,
        &route.owner,
        Cause {
            kind,
            id: route.id.clone(),
        },
        &format!("route {}: {what}", route.id),
    )
}

/// A conversion through the FX positions: `from` pays its amount into the
/// position of its currency, the position of the other currency pays `to`
/// its amount. Each leg is `(account, amount_minor, currency)`.
fn convert(
    builder: ledger::PostingBuilder,
    route: &Route,
    (from, from_minor, from_currency): (Account, i64, &str),
    (to, to_minor, to_currency): (Account, i64, &str),
) -> ledger::PostingBuilder {
    builder
        .transfer(
            from,
            system(route, System::FxPosition, from_currency),
            from_minor,
            from_currency,
        )
        .transfer(
            system(route, System::FxPosition, to_currency),
            to,
            to_minor,
            to_currency,
        )
}

/// The sender's money into escrow: `amount_minor` from `from` (the wallet's
/// available, or the funding payment's pending) in the source currency.
pub fn fund(
    tx: &mut Tx<'_>,
    route: &Route,
    from: Class,
    amount_minor: i64,
    payment_intent: Option<&str>,
) -> Result<String, ApiError> {
    let currency = &route.figures.currency;
    let mut builder = posting(route, CauseKind::Route, "funding").transfer(
        mine(route, currency, from),
        mine(route, currency, Class::Escrow),
        amount_minor,
        currency,
    );
    if let Some(id) = payment_intent {
        builder = builder.payment_intent(id);
    }
    builder.post(tx)
}

/// The exchange leg: the fee to revenue, and the rest through the FX
/// position of each currency when the currencies differ.
pub fn exchange(tx: &mut Tx<'_>, route: &Route) -> Result<String, ApiError> {
    let f = &route.figures;
    let (source, target) = (&f.currency, &f.target_currency);
    let escrow_source = mine(route, source, Class::Escrow);
    let mut builder = posting(route, CauseKind::Route, "exchange").transfer(
        escrow_source.clone(),
        system(route, System::FeeRevenue, source),
        f.exchange_fee_minor,
        source,
    );
    if f.converts() {
        let into = mine(route, target, Class::Escrow);
        builder = convert(
            builder,
            route,
            (escrow_source, f.sent_minor, source.as_str()),
            (into, f.converted_minor, target.as_str()),
        );
    }
    builder.post(tx)
}

/// A wallet, QR or keep destination: the escrow pays the recipient (another
/// organisation, or the owner itself) and the fee.
pub fn credit_wallet(tx: &mut Tx<'_>, route: &Route, recipient: &str) -> Result<String, ApiError> {
    let f = &route.figures;
    let target = &f.target_currency;
    let escrow = mine(route, target, Class::Escrow);
    posting(route, CauseKind::Route, "credit to a wallet")
        .transfer(
            escrow.clone(),
            ledger::merchant_account(route.mode, recipient, target, Class::Available),
            f.recipient_amount_minor,
            target,
        )
        .transfer(
            escrow,
            system(route, System::FeeRevenue, target),
            f.payout_fee_minor,
            target,
        )
        .post(tx)
}

/// Before the payout (or an agent's cash-out): `leg_minor` from escrow to
/// fee revenue (negative: from fee revenue into escrow). Returns `None`
/// when there is nothing to post.
pub fn payout_leg(
    tx: &mut Tx<'_>,
    route: &Route,
    leg_minor: i64,
) -> Result<Option<String>, ApiError> {
    if leg_minor == 0 {
        return Ok(None);
    }
    let target = &route.figures.target_currency;
    let (escrow, revenue) = (
        mine(route, target, Class::Escrow),
        system(route, System::FeeRevenue, target),
    );
    let builder = posting(route, CauseKind::Route, "payout fee");
    let builder = if leg_minor > 0 {
        builder.transfer(escrow, revenue, leg_minor, target)
    } else {
        builder.transfer(revenue, escrow, -leg_minor, target)
    };
    builder.post(tx).map(Some)
}

/// Gives back everything the route holds, into the owner's available
/// balance in the source currency: the payout leg reversed, the conversion
/// reversed at the route's own figures (the platform bears any move of the
/// rate since), the exchange fee returned. `held_in` is where the
/// target-currency money is now: `escrow`, or `available` after a failed
/// payout returned it there. Returns the posting and what came back.
pub fn unwind(tx: &mut Tx<'_>, route: &Route, held_in: Class) -> Result<(String, i64), ApiError> {
    let f = &route.figures;
    let (source, target) = (&f.currency, &f.target_currency);
    let available = mine(route, source, Class::Available);
    let held = mine(route, target, held_in);
    let revenue_target = system(route, System::FeeRevenue, target);
    let mut builder = posting(route, CauseKind::RouteReturn, "return");
    let leg = route.payout_leg_minor;
    if leg > 0 {
        builder = builder.transfer(revenue_target, held.clone(), leg, target);
    } else if leg < 0 {
        builder = builder.transfer(held.clone(), revenue_target, -leg, target);
    }
    if !route.exchanged {
        let held_source = mine(route, source, held_in);
        builder = builder.transfer(held_source, available, f.budget_minor(), source);
        return Ok((builder.post(tx)?, f.budget_minor()));
    }
    if f.converts() {
        builder = convert(
            builder,
            route,
            (held, f.converted_minor, target.as_str()),
            (available.clone(), f.sent_minor, source.as_str()),
        );
    } else if held_in != Class::Available {
        builder = builder.transfer(held, available.clone(), f.sent_minor, source);
    }
    builder = builder.transfer(
        system(route, System::FeeRevenue, source),
        available,
        f.exchange_fee_minor,
        source,
    );
    Ok((builder.post(tx)?, f.budget_minor()))
}

/// A MISMATCHED route's payout came back after the rail confirmed it
/// (`POST /routes/{id}/review`, `returned`): the payout's amount from the
/// rail's clearing account, where its payment put it, and its fee from fee
/// revenue, to the owner's available balance in the target currency, as a
/// failed payout returns them; [`unwind`] from `available` gives back the
/// rest.
pub fn payout_came_back(
    tx: &mut Tx<'_>,
    route: &Route,
    payout: &crate::domain::payouts::Payout,
) -> Result<String, ApiError> {
    let currency = &payout.currency;
    let available = mine(route, currency, Class::Available);
    let clearing = System::RailClearing(payout.destination.rail());
    posting(
        route,
        CauseKind::RouteReturn,
        "payout returned after review",
    )
    .transfer(
        system(route, clearing, currency),
        available.clone(),
        payout.amount_minor,
        currency,
    )
    .transfer(
        system(route, System::FeeRevenue, currency),
        available,
        payout.fee_minor,
        currency,
    )
    .post(tx)
}
