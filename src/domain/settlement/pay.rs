//! Paying a closed cycle, and marking its payments SETTLED.
//!
//! Pay (only a CLOSED cycle): the net, converted when the profile settles in
//! another currency (its rate, mid rate and margin disclosed on the cycle),
//! is checked against the profile's minimum. Under it, the net goes back to
//! `pending` and carries into the next cycle, and the cycle is FAILED. Else
//! it goes to the wallet's `available` (PAID), or out as a payout through
//! `payouts::create`, funded from `settlement_pending` (PAYING until the rail
//! answers; PAID, or FAILED with the money back in `available` as any failed
//! payout's).
//!
//! Once paid (or its payout failed: the money is the merchant's either way),
//! its payments move SETTLEMENT_PENDING → SETTLED with `payment_intent.settled`,
//! [`SETTLE_CHUNK_ITEMS`] per writer command: the first chunk in the paying
//! command, the rest by `SettlementSettle` timers. A carried item of a cycle
//! that failed under its minimum brings that cycle's payments along: this
//! cycle paid their money.

use super::cycles::{Conversion, Cycle, ItemKind, ItemRange, Settling, cause};
use super::state::{Status, Trigger};
use super::{Actor, SETTLE_CHUNK_ITEMS, Settings};
use crate::auth::Principal;
use crate::domain::currency;
use crate::domain::fx::{convert, rates};
use crate::domain::intents;
use crate::domain::payouts::{self, Destination, PayoutRequest};
use crate::domain::resource;
use crate::error::{ApiError, Code};
use crate::events::EventType;
use crate::ledger::{self, Class, Posting, System};
use crate::scheduler::{self, TimerKind};
use crate::store::{Read, Tx};

/// A payout still on its way is looked at again after this long, doubling
/// up to [`PAYOUT_CHECK_MAX_MS`].
const PAYOUT_CHECK_FIRST_MS: i64 = 5_000;
const PAYOUT_CHECK_MAX_MS: i64 = 3_600_000;

/// The `SettlementPay` timer: a cycle fell due.
pub fn on_due(tx: &mut Tx<'_>, settings: &Settings, cycle: &mut Cycle) -> Result<(), ApiError> {
    if cycle.status != Status::Closed {
        return Ok(()); // paid by hand meanwhile
    }
    pay(tx, settings, cycle, Actor::Timer)
}

/// Pays a CLOSED cycle (409 `cycle_not_payable` otherwise).
pub fn pay(
    tx: &mut Tx<'_>,
    settings: &Settings,
    cycle: &mut Cycle,
    actor: Actor,
) -> Result<(), ApiError> {
    if cycle.status != Status::Closed {
        return Err(ApiError::new(
            Code::CycleNotPayable,
            format!(
                "settlement cycle {} is {}; only a CLOSED cycle can be paid",
                cycle.id,
                cycle.status.as_str()
            ),
        ));
    }
    let now = tx.now_ms();
    let net = cycle.net_minor;
    if net == 0 {
        // Nothing to move (refunds or holds took it all): paid as it is.
        cycle.amount_paid_minor = Some(0);
        return close(tx, settings, cycle, actor, Ended::Paid);
    }
    let target = cycle.plan.settlement_currency.clone();
    let priced = match price(tx, cycle, &target) {
        Ok(priced) => priced,
        Err(why) => return fail_back_to_pending(tx, settings, cycle, why),
    };
    let (amount, fx_fee) = priced.map_or((net, 0), |p| (p.recipient_minor, p.fee_minor));
    let payout_amount = cycle
        .plan
        .destination
        .as_ref()
        .map(|_| payout_amount(amount));
    if let Some(why) = under_minimum(cycle, amount, payout_amount, &target) {
        return fail_back_to_pending(tx, settings, cycle, why);
    }
    if let Some(priced) = priced {
        let transaction = post_conversion(tx, cycle, &target, fx_fee, amount)?;
        cycle.pay_transaction = Some(transaction.clone());
        cycle.conversion = Some(disclosed(tx, cycle, &target, &priced, transaction)?);
    }
    cycle.amount_paid_minor = Some(amount);
    cycle.updated_at_ms = now;
    match (cycle.plan.destination.clone(), payout_amount) {
        (Some(destination), Some(payout_amount)) => send_payout(
            tx,
            settings,
            cycle,
            destination,
            amount,
            payout_amount,
            actor,
        ),
        _ => {
            let credit = post_to_wallet(tx, cycle, &target, amount)?;
            cycle.pay_transaction.get_or_insert(credit);
            close(tx, settings, cycle, actor, Ended::Paid)
        }
    }
}

/// The conversion, when the cycle settles in another currency: `None` in
/// its own; `Err` (the reason) without a rate or for too small an amount.
fn price(tx: &Tx<'_>, cycle: &Cycle, target: &str) -> Result<Option<convert::Priced>, String> {
    if target == cycle.currency {
        return Ok(None);
    }
    let (Some(source), Some(to)) = (currency::find(&cycle.currency), currency::find(target)) else {
        return Err(format!(
            "fx_rate_unavailable: {} to {target}",
            cycle.currency
        ));
    };
    let table = rates::table(tx, cycle.mode).map_err(|e| e.message)?;
    let mid = table.mid(source, to).ok_or_else(|| {
        format!(
            "fx_rate_unavailable: no rate converts {} to {target} in this mode",
            cycle.currency
        )
    })?;
    convert::price(cycle.net_minor, source, to, mid.rate, mid.margin_bps)
        .map(Some)
        .map_err(|e| format!("conversion_refused: {}", e.message))
}

/// The largest payout whose amount and fee (70 bps on top) fit in `amount_minor`.
fn payout_amount(amount_minor: i64) -> i64 {
    let mut payout =
        i64::try_from(i128::from(amount_minor) * 10_000 / (10_000 + i128::from(payouts::FEE_BPS)))
            .unwrap_or(0);
    while payout > 0 && payout + payouts::fee_minor(payout) > amount_minor {
        payout -= 1;
    }
    while payout + 1 + payouts::fee_minor(payout + 1) <= amount_minor {
        payout += 1;
    }
    payout
}

/// Why the cycle pays nothing, if it is under its minimum (or under the
/// smallest payout its destination takes).
fn under_minimum(
    cycle: &Cycle,
    amount_minor: i64,
    payout_minor: Option<i64>,
    currency: &str,
) -> Option<String> {
    if amount_minor < cycle.plan.minimum_minor {
        return Some(format!(
            "minimum_not_reached: the net of {amount_minor} {currency} minor units is under the profile's minimum of {}",
            cycle.plan.minimum_minor
        ));
    }
    match payout_minor {
        Some(payout) if payout < payouts::AMOUNT_MIN_MINOR => Some(format!(
            "minimum_not_reached: the net of {amount_minor} {currency} minor units pays out {payout}, under the smallest payout of {}",
            payouts::AMOUNT_MIN_MINOR
        )),
        _ => None,
    }
}

/// Not paid: the net goes back to `pending` and into the next cycle, which
/// settles this one's payments when it is paid.
fn fail_back_to_pending(
    tx: &mut Tx<'_>,
    settings: &Settings,
    cycle: &mut Cycle,
    reason: String,
) -> Result<(), ApiError> {
    let now = tx.now_ms();
    cycle.apply(Trigger::Fail, now)?;
    let (mode, currency, net) = (cycle.mode, cycle.currency.clone(), cycle.net_minor);
    let transaction = Posting::build(
        mode,
        &cycle.owner,
        cause(&cycle.id),
        &format!("settlement cycle {} not paid: back to pending", cycle.id),
    )
    .transfer(
        ledger::merchant_account(mode, &cycle.owner, &currency, Class::SettlementPending),
        ledger::merchant_account(mode, &cycle.owner, &currency, Class::Pending),
        net,
        &currency,
    )
    .post(tx)?;
    cycle.pay_transaction = Some(transaction);
    cycle.failure_reason = Some(reason);
    cycle.carried_into = Some(super::cycles::carry(tx, settings, cycle, net)?);
    emit(tx, cycle, EventType::SettlementFailed)
}

/// Converts the net: the exchange fee to fee revenue and the rest to the
/// FX position in the cycle's currency; the FX position pays the converted
/// amount into `settlement_pending` of the target currency (docs/fx.md).
fn post_conversion(
    tx: &mut Tx<'_>,
    cycle: &Cycle,
    target: &str,
    fee_minor: i64,
    amount_minor: i64,
) -> Result<String, ApiError> {
    let (mode, source) = (cycle.mode, cycle.currency.as_str());
    let account =
        |currency: &str, class| ledger::merchant_account(mode, &cycle.owner, currency, class);
    Posting::build(
        mode,
        &cycle.owner,
        cause(&cycle.id),
        &format!(
            "settlement cycle {}: conversion {source} to {target}",
            cycle.id
        ),
    )
    .transfer(
        account(source, Class::SettlementPending),
        ledger::system_account(mode, System::FeeRevenue, source),
        fee_minor,
        source,
    )
    .transfer(
        account(source, Class::SettlementPending),
        ledger::system_account(mode, System::FxPosition, source),
        cycle.net_minor - fee_minor,
        source,
    )
    .transfer(
        ledger::system_account(mode, System::FxPosition, target),
        account(target, Class::SettlementPending),
        amount_minor,
        target,
    )
    .post(tx)
}

fn disclosed(
    tx: &Tx<'_>,
    cycle: &Cycle,
    target: &str,
    priced: &convert::Priced,
    transaction: String,
) -> Result<Conversion, ApiError> {
    let (source, to) = (
        currency::find(&cycle.currency).ok_or_else(|| ApiError::internal("currency"))?,
        currency::find(target).ok_or_else(|| ApiError::internal("currency"))?,
    );
    let mid = rates::table(tx, cycle.mode)?
        .mid(source, to)
        .ok_or_else(|| ApiError::internal("the rate priced a moment ago is gone"))?;
    Ok(Conversion {
        mid_rate: mid.rate.to_string(),
        margin_bps: mid.margin_bps,
        rate: priced.rate.to_string(),
        fee_minor: priced.fee_minor,
        amount_minor: priced.recipient_minor,
        currency: target.to_string(),
        transaction,
    })
}

/// `settlement_pending` → `available`, in the settlement currency.
fn post_to_wallet(
    tx: &mut Tx<'_>,
    cycle: &Cycle,
    currency: &str,
    amount_minor: i64,
) -> Result<String, ApiError> {
    let mode = cycle.mode;
    let account = |class| ledger::merchant_account(mode, &cycle.owner, currency, class);
    Posting::build(
        mode,
        &cycle.owner,
        cause(&cycle.id),
        &format!("settlement cycle {} paid to the wallet", cycle.id),
    )
    .transfer(
        account(Class::SettlementPending),
        account(Class::Available),
        amount_minor,
        currency,
    )
    .post(tx)
}

/// Sends the net out as a payout funded from `settlement_pending`; what the
/// fee's rounding leaves (a unit at most) goes to `available`.
fn send_payout(
    tx: &mut Tx<'_>,
    settings: &Settings,
    cycle: &mut Cycle,
    destination: Destination,
    amount_minor: i64,
    payout_minor: i64,
    actor: Actor,
) -> Result<(), ApiError> {
    let currency = cycle.plan.settlement_currency.clone();
    let principal = Principal::system("settlement", &cycle.owner, cycle.mode);
    let request = PayoutRequest {
        amount_minor: payout_minor,
        currency: currency.clone(),
        destination,
        description: Some(format!("settlement cycle {}", cycle.id)),
        reference: Some(super::statement::number(cycle)),
        batch: None,
        funded_from: Class::SettlementPending,
    };
    let mut payout = match payouts::create(tx, &principal, request) {
        Ok(payout) => payout,
        Err(error) if error.code == Code::InternalError => return Err(error),
        Err(error) => {
            // Refused before anything moved (live mode without a connector,
            // say): the money is the merchant's, in its wallet.
            let credit = post_to_wallet(tx, cycle, &currency, amount_minor)?;
            cycle.pay_transaction.get_or_insert(credit);
            cycle.failure_reason = Some(format!("payout_refused: {}", error.message));
            return close(tx, settings, cycle, actor, Ended::PayoutFailed);
        }
    };
    let leftover = amount_minor - payout.amount_minor - payout.fee_minor;
    if leftover > 0 {
        post_to_wallet(tx, cycle, &currency, leftover)?;
    }
    // The payout names its cycle, so that its review moves the cycle on.
    payout.settlement_cycle = Some(cycle.id.clone());
    tx.put_object(payout.id.clone(), &payout)?;
    cycle.payout = Some(payout.id.clone());
    cycle
        .pay_transaction
        .get_or_insert(payout.transaction.clone());
    payout_outcome(tx, settings, cycle, &payout, actor)
}

/// Follows the payout's status: paid, failed, or still on its way.
fn payout_outcome(
    tx: &mut Tx<'_>,
    settings: &Settings,
    cycle: &mut Cycle,
    payout: &payouts::Payout,
    actor: Actor,
) -> Result<(), ApiError> {
    match payout.status {
        payouts::Status::Paid => close(tx, settings, cycle, actor, Ended::Paid),
        payouts::Status::Failed => {
            let why = payout
                .failure_reason
                .and_then(|r| serde_json::to_value(r).ok())
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_else(|| "failed".into());
            cycle.failure_reason = Some(format!(
                "payout_failed: payout {} failed ({why}); its money is in available",
                payout.id
            ));
            close(tx, settings, cycle, actor, Ended::PayoutFailed)
        }
        payouts::Status::Pending | payouts::Status::Processing => {
            if cycle.status == Status::Closed {
                cycle.apply(Trigger::SendPayout, tx.now_ms())?;
            }
            check_payout_later(tx, cycle)
        }
        // Held for review: the money stays in transit and the cycle PAYING
        // until an operator resolves the payout.
        payouts::Status::NeedsReview => {
            if cycle.status == Status::Closed {
                cycle.apply(Trigger::SendPayout, tx.now_ms())?;
            }
            Ok(())
        }
    }
}

fn check_payout_later(tx: &mut Tx<'_>, cycle: &mut Cycle) -> Result<(), ApiError> {
    let shift = cycle.payout_checks.min(20);
    let wait = (PAYOUT_CHECK_FIRST_MS << shift).min(PAYOUT_CHECK_MAX_MS);
    cycle.payout_checks += 1;
    let kind = TimerKind::SettlementPayout {
        cycle: cycle.id.clone(),
    };
    scheduler::schedule(tx, tx.now_ms() + wait, kind)?;
    Ok(())
}

/// The `SettlementPayout` timer: the payout's status now.
pub fn on_payout_check(
    tx: &mut Tx<'_>,
    settings: &Settings,
    cycle: &mut Cycle,
) -> Result<(), ApiError> {
    let Some(id) = cycle
        .payout
        .clone()
        .filter(|_| cycle.status == Status::Paying)
    else {
        return Ok(());
    };
    let Some(payout) = tx.object::<payouts::Payout>(&id)? else {
        return Ok(());
    };
    payout_outcome(tx, settings, cycle, &payout, Actor::Timer)
}

/// How a cycle whose money has left ended.
enum Ended {
    /// PAID: `settlement.completed`.
    Paid,
    /// FAILED with the money in the merchant's `available` balance.
    PayoutFailed,
}

/// Either way the cycle's payments settle: the money is paid out, or back
/// in `available`.
fn close(
    tx: &mut Tx<'_>,
    settings: &Settings,
    cycle: &mut Cycle,
    actor: Actor,
    ended: Ended,
) -> Result<(), ApiError> {
    let (trigger, event) = match ended {
        Ended::Paid => (Trigger::Pay, EventType::SettlementCompleted),
        Ended::PayoutFailed => (Trigger::Fail, EventType::SettlementFailed),
    };
    let now = tx.now_ms();
    cycle.apply(trigger, now)?;
    cycle.paid_at_ms = Some(now);
    start_settling(tx, settings, cycle, actor)?;
    emit(tx, cycle, event)
}

fn start_settling(
    tx: &mut Tx<'_>,
    settings: &Settings,
    cycle: &mut Cycle,
    actor: Actor,
) -> Result<(), ApiError> {
    cycle.settling = Some(Settling {
        ranges: vec![ItemRange {
            cycle: cycle.id.clone(),
            next: 0,
            end: cycle.items_count,
        }],
        settled: 0,
    });
    settle_some(tx, settings, cycle, actor)
}

/// The `SettlementSettle` timer: the next chunk.
pub fn settle_chunk(
    tx: &mut Tx<'_>,
    settings: &Settings,
    cycle: &mut Cycle,
) -> Result<(), ApiError> {
    settle_some(tx, settings, cycle, Actor::Timer)
}

/// Marks up to [`SETTLE_CHUNK_ITEMS`] payments SETTLED; schedules the rest.
fn settle_some(
    tx: &mut Tx<'_>,
    settings: &Settings,
    cycle: &mut Cycle,
    actor: Actor,
) -> Result<(), ApiError> {
    let Some(mut settling) = cycle.settling.take() else {
        return Ok(());
    };
    let transaction = cycle.pay_transaction.clone().unwrap_or_default();
    let paid_at = cycle.paid_at_ms.unwrap_or_else(|| tx.now_ms());
    let mut budget = SETTLE_CHUNK_ITEMS;
    while budget > 0 {
        let Some(range) = settling.ranges.last_mut() else {
            break;
        };
        if range.next >= range.end {
            settling.ranges.pop();
            continue;
        }
        let (source, seq) = (range.cycle.clone(), range.next);
        range.next += 1;
        budget -= 1;
        let Some(item) = super::item(tx, &source, seq)? else {
            continue;
        };
        match item.kind {
            ItemKind::Payment => {
                let Some(intent) = item.payment_intent.as_deref() else {
                    continue;
                };
                let settled = intents::settle_in_cycle(
                    tx,
                    settings,
                    intent,
                    &cycle.id,
                    &transaction,
                    paid_at,
                    actor.as_str(),
                )?;
                settling.settled += u32::from(settled);
            }
            ItemKind::Carried => {
                if let Some(range) = unsettled_range(tx, &item.source)? {
                    settling.ranges.push(range);
                }
            }
            _ => {}
        }
    }
    cycle.payments_settled = settling.settled;
    if !settling.ranges.is_empty() {
        cycle.settling = Some(settling);
        let kind = TimerKind::SettlementSettle {
            cycle: cycle.id.clone(),
        };
        scheduler::schedule(tx, tx.now_ms(), kind)?;
    }
    Ok(())
}

/// The items of a cycle that failed under its minimum: its payments are
/// settled by the cycle that paid what it carried.
fn unsettled_range(tx: &Tx<'_>, source: &str) -> Result<Option<ItemRange>, ApiError> {
    let Some(from) = tx.object::<Cycle>(source)? else {
        return Ok(None);
    };
    let under_minimum =
        from.status == Status::Failed && from.settling.is_none() && from.paid_at_ms.is_none();
    Ok(under_minimum.then(|| ItemRange {
        cycle: from.id.clone(),
        next: 0,
        end: from.items_count,
    }))
}

fn emit(tx: &mut Tx<'_>, cycle: &Cycle, event_type: EventType) -> Result<(), ApiError> {
    let view = super::view::cycle(cycle);
    resource::emit(tx, event_type, cycle, &view)
}
