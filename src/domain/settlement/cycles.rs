//! Settlement cycles: the record, the items that accrue to a running period,
//! and the close.
//!
//! Accrual: each command that moves a merchant's `pending` balance records
//! the movement as an item of the open cycle of its rail and currency (one
//! row, and the cycle's running totals) in the same transaction, opening a
//! cycle when none runs. A cycle's period ends at its profile's cut-off (a
//! durable `SettlementClose` timer that follows a test clock), when it is
//! full, or on `POST /settlement_cycles`; an item that arrives after the end
//! but before the timer fired goes to a new cycle, so a period holds exactly
//! what happened before its end.
//!
//! Close: the totals' net (the origin's formula, plus what the previous cycle
//! carried over) moves `pending` → `settlement_pending`, at most what
//! `pending` holds; what it could not move (a negative net, or `pending`
//! short because another profile's refund borrowed from it) is carried into
//! the next cycle as an item of its own, so every unit of `pending` belongs
//! to exactly one running period.

use crate::domain::resource::Kind;
use crate::error::Missing;
use serde::{Deserialize, Serialize};

use super::profiles::{Profile, Terms, terms};
use super::schedule::{self, CutOff, Schedule};
use super::state::{Refusal, Status, Trigger, transition};
use super::{Actor, CYCLE_ITEMS_MAX, Settings};
use crate::domain::fees::Fees;
use crate::domain::intents::Intent;
use crate::domain::payouts::Destination;
use crate::domain::resource;
use crate::error::{ApiError, Code};
use crate::ledger::{self, Cause, CauseKind, Class, Posting};
use crate::mode::Mode;
use crate::scheduler::{self, TimerKind};
use crate::store::keys::{self, Family};
use crate::store::{Read, Tx};

fn is_zero(n: &i64) -> bool {
    *n == 0
}

/// What kind of movement of `pending` an item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SettlementItemKind)]
#[serde(rename_all = "snake_case")]
pub enum ItemKind {
    /// A captured payment: its net of fees and splits came into pending.
    Payment,
    /// A refund's reservation took this from pending.
    Refund,
    /// A rejected or failed refund gave this back to pending.
    RefundRelease,
    /// A dispute held this from pending.
    DisputeHold,
    /// What an earlier cycle of the profile did not settle (its negative net,
    /// or its net under the minimum).
    Carried,
    /// A platform's application fee on a connected account's payment came
    /// into the platform's pending (the source is the customer's intent).
    ApplicationFee,
}

/// One movement of `pending` in a cycle's period.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Item {
    pub kind: ItemKind,
    /// What caused it: `pi_`, `re_`, `dp_` or, when carried, `sc_`.
    pub source: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_intent: Option<String>,
    pub at_ms: i64,
    /// The change of `pending` (a payment's: its gross less fees and splits).
    pub amount_minor: i64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub gross_minor: i64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub provider_fee_minor: i64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub service_fee_minor: i64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub tax_minor: i64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub split_minor: i64,
    /// The part of `split_minor` that was the platform's application fee.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub application_fee_minor: i64,
    /// A payment's collection posting (the statement's hash names them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transaction: Option<String>,
}

/// A cycle's running totals; each amount positive as the statement shows it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SettlementTotals)]
pub struct Totals {
    pub gross_minor: i64,
    pub provider_fee_minor: i64,
    pub service_fee_minor: i64,
    pub tax_minor: i64,
    /// Refunds taken from pending, less the reservations given back.
    pub refunds_minor: i64,
    pub splits_minor: i64,
    /// Disputes held from pending.
    pub holds_minor: i64,
    /// Carried in from earlier cycles (negative when they owed).
    pub carried_in_minor: i64,
    pub payments: u32,
    /// A platform's application fees earned on its connected accounts' payments.
    #[serde(default)]
    pub application_fees_minor: i64,
}

impl Totals {
    pub fn fees_minor(&self) -> i64 {
        self.provider_fee_minor + self.service_fee_minor + self.tax_minor
    }

    /// gross − fees − refunds − splits − holds (origin section 11), plus what
    /// was carried in; may be negative.
    pub fn raw_net_minor(&self) -> i64 {
        self.gross_minor
            - self.fees_minor()
            - self.refunds_minor
            - self.splits_minor
            - self.holds_minor
            + self.carried_in_minor
            + self.application_fees_minor
    }

    fn add(&mut self, item: &Item) {
        match item.kind {
            ItemKind::Payment => {
                self.gross_minor += item.gross_minor;
                self.provider_fee_minor += item.provider_fee_minor;
                self.service_fee_minor += item.service_fee_minor;
                self.tax_minor += item.tax_minor;
                self.splits_minor += item.split_minor;
                self.payments += 1;
            }
            ItemKind::Refund | ItemKind::RefundRelease => self.refunds_minor -= item.amount_minor,
            ItemKind::DisputeHold => self.holds_minor -= item.amount_minor,
            ItemKind::Carried => self.carried_in_minor += item.amount_minor,
            ItemKind::ApplicationFee => self.application_fees_minor += item.amount_minor,
        }
    }
}

/// How a cycle is paid, fixed when it opens (a profile's later change
/// applies to the running period too, `retune_open`, never to a closed one).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Plan {
    pub profile: Option<String>,
    pub schedule: Schedule,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cut_off: Option<CutOff>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sandbox_period_ms: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destination: Option<Destination>,
    pub minimum_minor: i64,
    pub settlement_currency: String,
}

impl Plan {
    fn of(terms: &Terms) -> Plan {
        Plan {
            profile: terms.profile.clone(),
            schedule: terms.schedule,
            cut_off: terms.cut_off,
            sandbox_period_ms: terms.sandbox_period_ms,
            destination: terms.destination.clone(),
            minimum_minor: terms.minimum_minor,
            settlement_currency: terms.settlement_currency.clone(),
        }
    }
}

/// A conversion disclosed on a cycle paid in another currency (docs/fx.md).
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SettlementConversion)]
pub struct Conversion {
    /// The mid-market rate, settlement currency per unit of the cycle's currency.
    pub mid_rate: String,
    pub margin_bps: u32,
    /// The rate applied: the mid rate less the margin.
    pub rate: String,
    /// The exchange fee, in the cycle's currency.
    pub fee_minor: i64,
    /// What the net became, in the settlement currency.
    pub amount_minor: i64,
    pub currency: String,
    /// The posting of the conversion.
    pub transaction: String,
}

/// Where a paid cycle is in marking its payments SETTLED: a stack of item
/// ranges (a cycle's own, then those of failed cycles it carried in).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Settling {
    pub ranges: Vec<ItemRange>,
    pub settled: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ItemRange {
    pub cycle: String,
    pub next: u32,
    pub end: u32,
}

/// `sc_...`: settlement cycles, `settlement_cycle_not_found` when absent or another's.
pub const SETTLEMENT_CYCLE: Kind = Kind::new(
    Family::new("sc"),
    Missing::new(Code::SettlementCycleNotFound, "settlement cycle"),
);

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Cycle {
    pub id: String,
    pub mode: Mode,
    pub owner: String,
    /// The rail of its profile; `None`: every rail.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rail: Option<String>,
    pub currency: String,
    pub plan: Plan,
    pub status: Status,
    pub period_from_ms: i64,
    /// When the period ends (`None`: a manual period, until it is closed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period_to_ms: Option<i64>,
    pub totals: Totals,
    pub items_count: u32,
    /// What the close moved to `settlement_pending`.
    #[serde(default)]
    pub net_minor: i64,
    /// What the close passed to the next cycle (negative: owed).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub carried_forward_minor: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carried_into: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub due_at_ms: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closed_at_ms: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paid_at_ms: Option<i64>,
    /// What reached the destination, in the settlement currency.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount_paid_minor: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversion: Option<Conversion>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payout: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub close_transaction: Option<String>,
    /// The posting that moved the net out of `settlement_pending`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pay_transaction: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure_reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settling: Option<Settling>,
    #[serde(default)]
    pub payments_settled: u32,
    #[serde(default)]
    pub payout_checks: u32,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

crate::domain::resource::owned!(Cycle);

impl Cycle {
    /// The rail part of its key (`*`: every rail).
    pub fn key_rail(&self) -> &str {
        self.rail.as_deref().unwrap_or(super::profiles::EVERY_RAIL)
    }

    fn open_key(&self) -> String {
        keys::settlement_open(self.mode, &self.owner, self.key_rail(), &self.currency)
    }

    /// Moves the cycle through its lifecycle, or answers why not.
    pub fn apply(&mut self, trigger: Trigger, now_ms: i64) -> Result<(), ApiError> {
        self.status = transition(self.status, trigger).map_err(|refusal| refused(self, refusal))?;
        self.updated_at_ms = now_ms;
        Ok(())
    }
}

fn refused(cycle: &Cycle, _refusal: Refusal) -> ApiError {
    ApiError::new(
        Code::CycleNotPayable,
        format!(
            "settlement cycle {} is {}; only a CLOSED cycle can be paid",
            cycle.id,
            cycle.status.as_str()
        ),
    )
}

pub fn save(tx: &mut Tx<'_>, cycle: &Cycle) -> Result<(), ApiError> {
    tx.put_object(cycle.id.clone(), cycle)?;
    Ok(())
}

/// Whose pending moved, in which rail and currency.
pub struct Place<'a> {
    pub mode: Mode,
    pub owner: &'a str,
    /// The payment's rail (`None`: the every-rail profile's period).
    pub rail: Option<&'a str>,
    pub currency: &'a str,
}

impl Place<'_> {
    /// The settlement terms of this place, and the index key of its running
    /// cycle (under the rail its terms come from).
    fn terms(&self, tx: &Tx<'_>, settings: &Settings) -> Result<(Terms, String), ApiError> {
        let terms = terms(
            tx,
            settings,
            self.mode,
            self.owner,
            self.rail,
            self.currency,
        )?;
        let key = keys::settlement_open(self.mode, self.owner, &terms.key_rail, self.currency);
        Ok((terms, key))
    }
}

/// A captured payment, as its settlement item records it.
pub struct Payment<'a> {
    pub id: &'a str,
    pub gross_minor: i64,
    pub fees: &'a Fees,
    pub split_minor: i64,
    /// The part of `split_minor` paid to the platform as its application fee.
    pub application_fee_minor: i64,
    /// Its collection posting.
    pub transaction: &'a str,
    /// The intent the cycle's pay marks SETTLED; `None` for money collected
    /// without one (an invoice paid from the subscriber's wallet: `id` is the
    /// invoice), which the pay skips.
    pub payment_intent: Option<&'a str>,
}

/// A captured payment enters its open period. Returns the cycle's id.
pub fn record_payment(
    tx: &mut Tx<'_>,
    settings: &Settings,
    place: Place<'_>,
    payment: Payment<'_>,
) -> Result<String, ApiError> {
    let fees = payment.fees;
    let item = Item {
        kind: ItemKind::Payment,
        source: payment.id.to_string(),
        payment_intent: payment.payment_intent.map(str::to_string),
        at_ms: tx.now_ms(),
        amount_minor: payment.gross_minor - fees.total_minor() - payment.split_minor,
        gross_minor: payment.gross_minor,
        provider_fee_minor: fees.provider_fee_minor,
        service_fee_minor: fees.service_fee_minor,
        tax_minor: fees.tax_minor,
        split_minor: payment.split_minor,
        application_fee_minor: payment.application_fee_minor,
        transaction: Some(payment.transaction.to_string()),
    };
    accrue(tx, settings, place, item)
}

/// A platform's application fee on `payment` (a connected account's intent)
/// came into the platform's pending: it settles with the platform's own
/// period, as a payment does.
pub fn record_application_fee(
    tx: &mut Tx<'_>,
    settings: &Settings,
    place: Place<'_>,
    payment: &str,
    fee_minor: i64,
    transaction: &str,
) -> Result<String, ApiError> {
    let mut item = movement(
        tx,
        ItemKind::ApplicationFee,
        payment,
        Some(payment),
        fee_minor,
    );
    item.transaction = Some(transaction.to_string());
    accrue(tx, settings, place, item)
}

/// `source` (a refund, a dispute) moved `delta_minor` of `intent`'s pending
/// (nothing to record when it moved none).
fn record_pending_movement(
    tx: &mut Tx<'_>,
    settings: &Settings,
    intent: &Intent,
    kind: ItemKind,
    source: &str,
    delta_minor: i64,
) -> Result<(), ApiError> {
    if delta_minor == 0 {
        return Ok(());
    }
    let item = movement(tx, kind, source, Some(&intent.id), delta_minor);
    accrue(tx, settings, place_of(intent), item).map(|_| ())
}

/// An item that moves `delta_minor` of pending, with no fees: a refund, a
/// dispute hold, an application fee, a carried balance.
fn movement(
    tx: &Tx<'_>,
    kind: ItemKind,
    source: &str,
    payment: Option<&str>,
    delta_minor: i64,
) -> Item {
    Item {
        kind,
        source: source.to_string(),
        payment_intent: payment.map(str::to_string),
        at_ms: tx.now_ms(),
        amount_minor: delta_minor,
        gross_minor: 0,
        provider_fee_minor: 0,
        service_fee_minor: 0,
        tax_minor: 0,
        split_minor: 0,
        application_fee_minor: 0,
        transaction: None,
    }
}

/// Adds `item` to the open cycle of its place, opening one when none runs
/// (or the running one has ended or is full). Returns the cycle's id.
fn accrue(
    tx: &mut Tx<'_>,
    settings: &Settings,
    place: Place<'_>,
    item: Item,
) -> Result<String, ApiError> {
    let (terms, key) = place.terms(tx, settings)?;
    let now = tx.now_ms();
    let running = match tx.index_id(&key)? {
        Some(id) => tx.object::<Cycle>(&id)?,
        None => None,
    };
    let mut cycle = match running {
        Some(cycle) if takes_items(&cycle, now) => cycle,
        Some(mut full) => {
            end_now_if_full(tx, &mut full)?;
            open(tx, &terms, &place, &key)?
        }
        None => open(tx, &terms, &place, &key)?,
    };
    let key = keys::settlement_item(&cycle.id, cycle.items_count);
    tx.put_object(key, &item)?;
    cycle.totals.add(&item);
    cycle.items_count += 1;
    cycle.updated_at_ms = now;
    save(tx, &cycle)?;
    Ok(cycle.id)
}

/// A running cycle takes items until its period ends or it is full.
fn takes_items(cycle: &Cycle, now_ms: i64) -> bool {
    cycle.status == Status::Open
        && cycle.period_to_ms.is_none_or(|end| now_ms < end)
        && cycle.items_count < CYCLE_ITEMS_MAX
}

/// A full cycle's period ends now (its close timer fires at once).
fn end_now_if_full(tx: &mut Tx<'_>, cycle: &mut Cycle) -> Result<(), ApiError> {
    if cycle.status != Status::Open || cycle.items_count < CYCLE_ITEMS_MAX {
        return Ok(());
    }
    let now = tx.now_ms();
    if cycle.period_to_ms.is_none_or(|end| end > now) {
        cycle.period_to_ms = Some(now);
        schedule_close(tx, cycle)?;
        save(tx, cycle)?;
    }
    Ok(())
}

/// A new running period for `place` under `terms`, its close timer set.
fn open(tx: &mut Tx<'_>, terms: &Terms, place: &Place<'_>, key: &str) -> Result<Cycle, ApiError> {
    let now = tx.now_ms();
    let period_to_ms = terms.period_end(now);
    let period_from_ms = match (terms.cut_off, period_to_ms) {
        (Some(_), Some(end)) if terms.sandbox_period_ms.is_none() => {
            schedule::period_start(terms.schedule, end)
        }
        _ => now,
    };
    let cycle = Cycle {
        id: SETTLEMENT_CYCLE.new_id(),
        mode: place.mode,
        owner: place.owner.to_string(),
        rail: (terms.key_rail != super::profiles::EVERY_RAIL).then(|| terms.key_rail.clone()),
        currency: place.currency.to_string(),
        plan: Plan::of(terms),
        status: Status::Open,
        period_from_ms,
        period_to_ms,
        totals: Totals::default(),
        items_count: 0,
        net_minor: 0,
        carried_forward_minor: 0,
        carried_into: None,
        due_at_ms: None,
        closed_at_ms: None,
        paid_at_ms: None,
        amount_paid_minor: None,
        conversion: None,
        payout: None,
        close_transaction: None,
        pay_transaction: None,
        failure_reason: None,
        settling: None,
        payments_settled: 0,
        payout_checks: 0,
        created_at_ms: now,
        updated_at_ms: now,
    };
    resource::insert(tx, SETTLEMENT_CYCLE.family, &cycle)?;
    resource::point(tx, key.to_string(), &cycle.id);
    schedule_close(tx, &cycle)?;
    Ok(cycle)
}

fn schedule_close(tx: &mut Tx<'_>, cycle: &Cycle) -> Result<(), ApiError> {
    if let Some(end) = cycle.period_to_ms {
        let kind = TimerKind::SettlementClose {
            cycle: cycle.id.clone(),
        };
        scheduler::schedule(tx, end, kind)?;
    }
    Ok(())
}

/// A profile changed: the running period of its rail and currency takes the
/// new terms and ends at the new schedule's next cut-off (the old close
/// timer finds the period not over and does nothing).
pub fn retune_open(
    tx: &mut Tx<'_>,
    settings: &Settings,
    profile: &Profile,
) -> Result<(), ApiError> {
    let rail = profile
        .rail
        .as_deref()
        .unwrap_or(super::profiles::EVERY_RAIL);
    let key = keys::settlement_open(profile.mode, &profile.owner, rail, &profile.currency);
    let Some(id) = tx.index(&key)? else {
        return Ok(());
    };
    let Some(mut cycle) = tx.object::<Cycle>(&String::from_utf8_lossy(&id))? else {
        return Ok(());
    };
    if cycle.status != Status::Open {
        return Ok(());
    }
    let terms = terms(
        tx,
        settings,
        profile.mode,
        &profile.owner,
        profile.rail.as_deref(),
        &profile.currency,
    )?;
    let now = tx.now_ms();
    cycle.plan = Plan::of(&terms);
    cycle.period_to_ms = terms.period_end(now);
    cycle.updated_at_ms = now;
    schedule_close(tx, &cycle)?;
    save(tx, &cycle)
}

/// The `SettlementClose` timer: closes the cycle if its period has ended
/// (a retuned period may end later; a closed one is past this).
pub fn on_period_end(
    tx: &mut Tx<'_>,
    settings: &Settings,
    cycle: &mut Cycle,
) -> Result<(), ApiError> {
    let now = tx.now_ms();
    if cycle.status != Status::Open || cycle.period_to_ms.is_none_or(|end| end > now) {
        return Ok(());
    }
    close(tx, settings, cycle, Actor::Timer)
}

/// Ends the period of (`rail`, `currency`) now (`POST /settlement_cycles`):
/// the running cycle, or an empty one (SKIPPED) when none runs. Returns it.
pub fn close_now(
    tx: &mut Tx<'_>,
    settings: &Settings,
    place: Place<'_>,
) -> Result<Cycle, ApiError> {
    let (terms, key) = place.terms(tx, settings)?;
    let running = match tx.index_id(&key)? {
        Some(id) => tx.object::<Cycle>(&id)?,
        None => None,
    };
    let mut cycle = match running.filter(|c| c.status == Status::Open) {
        Some(cycle) => cycle,
        None => open(tx, &terms, &place, &key)?,
    };
    let now = tx.now_ms();
    cycle.period_to_ms = Some(cycle.period_to_ms.map_or(now, |end| end.min(now)));
    close(tx, settings, &mut cycle, Actor::Api)?;
    save(tx, &cycle)?;
    Ok(cycle)
}

/// Closes `cycle`: its net moves `pending` → `settlement_pending` (at most
/// what pending holds), the rest carries into the next cycle; then it is
/// paid at once (T0) or when due.
pub fn close(
    tx: &mut Tx<'_>,
    settings: &Settings,
    cycle: &mut Cycle,
    actor: Actor,
) -> Result<(), ApiError> {
    let now = tx.now_ms();
    let empty = cycle.items_count == 0;
    cycle.apply(Trigger::Close { empty }, now)?;
    cycle.closed_at_ms = Some(now);
    let key = cycle.open_key();
    if tx.index(&key)?.as_deref() == Some(cycle.id.as_bytes()) {
        tx.delete_index(key);
    }
    if empty {
        return Ok(());
    }
    let (mode, currency) = (cycle.mode, cycle.currency.clone());
    let pending = ledger::merchant_account(mode, &cycle.owner, &currency, Class::Pending);
    let held = ledger::balance(tx, &pending)?;
    let raw = cycle.totals.raw_net_minor();
    let moved = raw.clamp(0, held.max(0));
    if moved > 0 {
        let transaction = Posting::build(
            mode,
            &cycle.owner,
            cause(&cycle.id),
            &format!("close of settlement cycle {}", cycle.id),
        )
        .transfer(
            pending,
            ledger::merchant_account(mode, &cycle.owner, &currency, Class::SettlementPending),
            moved,
            &currency,
        )
        .post(tx)?;
        cycle.close_transaction = Some(transaction);
    }
    cycle.net_minor = moved;
    cycle.carried_forward_minor = raw - moved;
    if cycle.carried_forward_minor != 0 {
        let carried = cycle.carried_forward_minor;
        cycle.carried_into = Some(carry(tx, settings, cycle, carried)?);
    }
    cycle.due_at_ms = if cycle.plan.sandbox_period_ms.is_some() {
        Some(now)
    } else {
        schedule::due_at(cycle.plan.schedule, now)
    };
    match cycle.due_at_ms {
        Some(due) if due <= now => super::pay::pay(tx, settings, cycle, actor)?,
        Some(due) => {
            let kind = TimerKind::SettlementPay {
                cycle: cycle.id.clone(),
            };
            scheduler::schedule(tx, due, kind)?;
        }
        None => {}
    }
    Ok(())
}

/// Carries `amount_minor` of `from` into the running cycle of its rail and
/// currency (opening one). Returns that cycle's id.
pub fn carry(
    tx: &mut Tx<'_>,
    settings: &Settings,
    from: &Cycle,
    amount_minor: i64,
) -> Result<String, ApiError> {
    let item = movement(tx, ItemKind::Carried, &from.id, None, amount_minor);
    let place = Place {
        mode: from.mode,
        owner: &from.owner,
        rail: from.rail.as_deref(),
        currency: &from.currency,
    };
    accrue(tx, settings, place, item)
}

pub fn cause(cycle: &str) -> Cause {
    Cause {
        kind: CauseKind::Settlement,
        id: cycle.to_string(),
    }
}

/// Where an intent's pending money is accounted: its owner, the rail it was
/// collected on, its currency.
fn place_of(intent: &Intent) -> Place<'_> {
    Place {
        mode: intent.mode,
        owner: &intent.owner,
        rail: Some(intent.collection_rail()),
        currency: &intent.currency,
    }
}

/// A refund of `intent` moved `delta_minor` of pending (negative: its
/// reservation took it; positive: its release gave it back).
pub fn record_refund(
    tx: &mut Tx<'_>,
    settings: &Settings,
    intent: &Intent,
    refund: &str,
    delta_minor: i64,
) -> Result<(), ApiError> {
    let kind = if delta_minor < 0 {
        ItemKind::Refund
    } else {
        ItemKind::RefundRelease
    };
    record_pending_movement(tx, settings, intent, kind, refund, delta_minor)
}

/// A dispute of `intent` held `held_minor` from pending.
pub fn record_hold(
    tx: &mut Tx<'_>,
    settings: &Settings,
    intent: &Intent,
    dispute: &str,
    held_minor: i64,
) -> Result<(), ApiError> {
    let kind = ItemKind::DisputeHold;
    record_pending_movement(tx, settings, intent, kind, dispute, -held_minor)
}

/// Before a refund or a dispute reads what `intent` has in pending: once its
/// settlement cycle has closed, that money left pending with the cycle.
pub fn touch(tx: &Tx<'_>, intent: &mut Intent) -> Result<(), ApiError> {
    let Some(id) = intent.settlement_cycle.as_deref() else {
        return Ok(());
    };
    let closed = tx
        .object::<Cycle>(id)?
        .is_some_and(|c| c.status != Status::Open);
    if closed {
        intent.close_settlement_share();
    }
    Ok(())
}
