//! Invoices (spec section 2, origin section 24): what a subscription owes
//! for a period — its recurring line, its usage line, tax as its own line —
//! numbered `INV-YYYYMM-XXXXXX` and collected (`collect.rs`).
//!
//! Numbers: the owner's sequence of the invoice's month (UTC, on the
//! sandbox's clock), kept in the index and allocated by the writer inside
//! the command that issues the invoice, so two invoices never share one.
//!
//! Dunning (origin section 24; Stripe's retry schedule): the first attempt
//! runs when the invoice is issued; a failed attempt makes the invoice
//! FAILED and its subscription PAST_DUE, with `invoice.payment_failed`, and
//! the next attempts run [`DUNNING_DAYS`] (1, 3, 7) days after the first.
//! A payment request stays payable until the next attempt (the payer may
//! still pay it on its page: recovery), and an attempt nobody answered is
//! judged failed then. After the [`ATTEMPTS_MAX`]th failure the plan's
//! `dunning_exhausted` decides: the subscription CANCELLED and the invoice
//! VOID (default), or the subscription UNPAID and the invoice kept FAILED.

pub mod amounts;
mod collect;
pub mod state;
mod view;

use serde::{Deserialize, Serialize};

pub use self::state::Status;
use self::state::{Trigger, transition};
pub use self::view::{InvoiceView, view};

use self::collect::Outcome;
use super::intents::{self, Intent};
use super::subscriptions::{self, Customer, Subscription, calendar};
use super::{Settings, resource};
use crate::auth::Principal;
use crate::error::ApiError;
use crate::events::EventType;
use crate::mode::Mode;
use crate::scheduler::{self, TimerKind};
use crate::store::keys::{self, Family};
use crate::store::{Read, Tx};

const DAY_MS: i64 = 86_400_000;
/// Days after the first attempt at which the retries run.
pub const DUNNING_DAYS: [i64; 3] = [1, 3, 7];
/// Attempts in all: the first and the retries.
pub const ATTEMPTS_MAX: u32 = 1 + DUNNING_DAYS.len() as u32;
/// How long the last attempt's payment request waits for the payer.
pub const LAST_WINDOW_MS: i64 = DAY_MS;

/// What a line bills.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = InvoiceLineKind)]
#[serde(rename_all = "snake_case")]
pub enum LineKind {
    Recurring,
    Usage,
    Tax,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Line {
    pub kind: LineKind,
    pub description: String,
    pub quantity: i64,
    pub unit_amount_minor: i64,
    pub amount_minor: i64,
}

/// How an invoice was (or is being) collected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = InvoiceCollection)]
#[serde(rename_all = "snake_case")]
pub enum Collection {
    /// From the subscriber's wallet of this gateway.
    Wallet,
    /// A payment request (an intent) to the subscriber's number.
    PaymentRequest,
    /// Nothing to collect (a total of 0).
    None,
}

/// `inv_...`, listed per owner under `inv`.
pub const INVOICE: Family = Family::new("inv");

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Invoice {
    pub id: String,
    pub number: String,
    pub mode: Mode,
    pub owner: String,
    pub subscription: String,
    pub plan: String,
    pub customer: Customer,
    pub period_start_ms: i64,
    pub period_end_ms: i64,
    pub currency: String,
    pub lines: Vec<Line>,
    pub amounts: amounts::Amounts,
    pub status: Status,
    pub attempts: u32,
    pub first_attempt_at_ms: Option<i64>,
    pub next_attempt_at_ms: Option<i64>,
    pub last_error: Option<String>,
    pub collection: Option<Collection>,
    /// The wallet that paid it (an organisation id).
    pub paid_from: Option<String>,
    /// The payment request of the latest attempt.
    pub payment_intent: Option<String>,
    /// The posting that collected it.
    pub transaction: Option<String>,
    pub paid_at_ms: Option<i64>,
    pub voided_at_ms: Option<i64>,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

crate::domain::resource::owned!(Invoice);

/// What an invoice bills: one period of a subscription.
pub struct Billing<'a> {
    pub subscription: &'a Subscription,
    pub plan: &'a super::plans::Plan,
    pub period_start_ms: i64,
    pub period_end_ms: i64,
    /// The usage of the period that ended (billed in arrears).
    pub usage_qty: i64,
}

/// The next number of `owner`'s invoices of the month of `now_ms`.
fn allocate_number(
    tx: &mut Tx<'_>,
    mode: Mode,
    owner: &str,
    now_ms: i64,
) -> Result<String, ApiError> {
    let month = calendar::year_month(now_ms);
    let key = keys::invoice_sequence(mode, owner, &month);
    let last = tx.index_count(&key)?.unwrap_or(0);
    let next = last + 1;
    tx.put_index_count(key, next);
    Ok(format!("INV-{month}-{next:06}"))
}

fn lines(billing: &Billing<'_>, figures: &amounts::Amounts) -> Vec<Line> {
    let plan = billing.plan;
    let mut lines = vec![Line {
        kind: LineKind::Recurring,
        description: format!(
            "{} ({} to {})",
            plan.name,
            &crate::clock::rfc3339(billing.period_start_ms)[..10],
            &crate::clock::rfc3339(billing.period_end_ms)[..10]
        ),
        quantity: 1,
        unit_amount_minor: figures.subtotal_minor,
        amount_minor: figures.subtotal_minor,
    }];
    if figures.usage_qty > 0 {
        lines.push(Line {
            kind: LineKind::Usage,
            description: plan.usage_unit.clone().unwrap_or_default(),
            quantity: figures.usage_qty,
            unit_amount_minor: plan.usage_price_minor,
            amount_minor: figures.usage_minor,
        });
    }
    if plan.tax_bps > 0 {
        lines.push(Line {
            kind: LineKind::Tax,
            description: plan
                .tax_label
                .clone()
                .unwrap_or_else(|| format!("Tax {} bps", plan.tax_bps)),
            quantity: 1,
            unit_amount_minor: figures.tax_minor,
            amount_minor: figures.tax_minor,
        });
    }
    lines
}

/// Issues the invoice of a period (OPEN, numbered); its subscription names
/// it, then `collect_first` announces it and runs its first attempt.
/// Returns its id.
pub(crate) fn issue(
    tx: &mut Tx<'_>,
    settings: &Settings,
    billing: Billing<'_>,
) -> Result<String, ApiError> {
    let (sub, plan) = (billing.subscription, billing.plan);
    let figures = amounts::compute(
        plan.amount_minor,
        billing.usage_qty,
        plan.usage_price_minor,
        plan.tax_bps,
    )
    .ok_or_else(|| ApiError::internal(format!("invoice of {} past its bound", sub.id)))?;
    let now = tx.now_ms();
    let invoice = Invoice {
        id: INVOICE.new_id(),
        number: allocate_number(tx, sub.mode, &sub.owner, now)?,
        mode: sub.mode,
        owner: sub.owner.clone(),
        subscription: sub.id.clone(),
        plan: plan.id.clone(),
        customer: sub.customer.clone(),
        period_start_ms: billing.period_start_ms,
        period_end_ms: billing.period_end_ms,
        currency: plan.currency.clone(),
        lines: lines(&billing, &figures),
        amounts: figures,
        status: Status::Open,
        attempts: 0,
        first_attempt_at_ms: None,
        next_attempt_at_ms: None,
        last_error: None,
        collection: None,
        paid_from: None,
        payment_intent: None,
        transaction: None,
        paid_at_ms: None,
        voided_at_ms: None,
        created_at_ms: now,
        updated_at_ms: now,
    };
    resource::insert(tx, INVOICE, &invoice)?;
    tx.put_index(
        format!("{}{}", keys::subscription_invoices(&sub.id), invoice.id),
        Vec::new(),
    );
    let _ = settings;
    Ok(invoice.id)
}

/// `invoice.created` with its first attempt started (decision 520: the
/// event shows the invoice as the command leaves it, its payment request
/// named), then that attempt's outcome.
pub(crate) fn collect_first(
    tx: &mut Tx<'_>,
    settings: &Settings,
    id: &str,
) -> Result<(), ApiError> {
    let invoice =
        load(tx, id)?.ok_or_else(|| ApiError::internal(format!("invoice {id} vanished")))?;
    attempt(tx, settings, invoice, true)
}

/// Saves an invoice whose first attempt is under way and emits
/// `invoice.created` (with `announce`): before any outcome of the attempt
/// (`invoice.paid` or `invoice.payment_failed` follows it).
fn announce_issued(
    tx: &mut Tx<'_>,
    settings: &Settings,
    invoice: &mut Invoice,
    announce: bool,
) -> Result<(), ApiError> {
    if announce {
        save(tx, invoice)?;
        emit(tx, settings, invoice, EventType::InvoiceCreated)?;
    }
    Ok(())
}

fn save(tx: &mut Tx<'_>, invoice: &mut Invoice) -> Result<(), ApiError> {
    invoice.updated_at_ms = tx.now_ms();
    tx.put_object(invoice.id.clone(), invoice)?;
    Ok(())
}

fn emit(
    tx: &mut Tx<'_>,
    settings: &Settings,
    invoice: &Invoice,
    event_type: EventType,
) -> Result<(), ApiError> {
    let object = view(invoice, &settings.public_url);
    resource::emit(tx, event_type, invoice, &object)
}

fn load(tx: &Tx<'_>, id: &str) -> Result<Option<Invoice>, ApiError> {
    Ok(tx.object(id)?)
}

/// When the attempt after `attempts` runs: [`DUNNING_DAYS`] after the
/// first; after the last, when its payment request stops waiting.
fn next_attempt_at(invoice: &Invoice, now_ms: i64) -> i64 {
    let first = invoice.first_attempt_at_ms.unwrap_or(now_ms);
    match DUNNING_DAYS.get(invoice.attempts.saturating_sub(1) as usize) {
        Some(days) => (first + days * DAY_MS).max(now_ms),
        None => now_ms + LAST_WINDOW_MS,
    }
}

/// Runs one collection attempt of an OPEN invoice; the first (`announce`)
/// emits `invoice.created` once the attempt is under way.
fn attempt(
    tx: &mut Tx<'_>,
    settings: &Settings,
    mut invoice: Invoice,
    announce: bool,
) -> Result<(), ApiError> {
    let now = tx.now_ms();
    invoice.attempts += 1;
    invoice.first_attempt_at_ms.get_or_insert(now);
    let next_at = next_attempt_at(&invoice, now);
    invoice.next_attempt_at_ms = Some(next_at);
    if invoice.amounts.total_minor == 0 {
        invoice.collection = Some(Collection::None);
        announce_issued(tx, settings, &mut invoice, announce)?;
        return mark_paid(tx, settings, invoice, None);
    }
    let outcome = match collect::payer_wallet(tx, &invoice)? {
        Some(payer) => {
            invoice.collection = Some(Collection::Wallet);
            announce_issued(tx, settings, &mut invoice, announce)?;
            collect::from_wallet(tx, settings, &invoice, &payer)?
        }
        None => {
            invoice.collection = Some(Collection::PaymentRequest);
            let minutes =
                ((next_at - now) / 60_000).clamp(1, intents::input::EXPIRES_IN_MINUTES_MAX);
            let intent = collect::request_intent(tx, settings, &invoice, minutes)?;
            invoice.payment_intent = Some(intent.id.clone());
            // Saved first: the hook of a payment decided at once reads it.
            save(tx, &mut invoice)?;
            announce_issued(tx, settings, &mut invoice, announce)?;
            let outcome = collect::start(tx, settings, &invoice, intent)?;
            invoice = load(tx, &invoice.id)?.unwrap_or(invoice);
            outcome
        }
    };
    match outcome {
        Outcome::PaidFromWallet { transaction, payer } => {
            invoice.paid_from = Some(payer);
            mark_paid(tx, settings, invoice, Some(transaction))
        }
        // The hook marked it (and its subscription) paid.
        Outcome::Paid => save(tx, &mut invoice),
        Outcome::Failed(reason) => fail(tx, settings, invoice, reason),
        Outcome::Pending => {
            save(tx, &mut invoice)?;
            schedule_next(tx, &invoice, next_at)
        }
    }
}

fn schedule_next(tx: &mut Tx<'_>, invoice: &Invoice, at_ms: i64) -> Result<(), ApiError> {
    let kind = TimerKind::InvoiceAttempt {
        invoice: invoice.id.clone(),
        attempt: invoice.attempts,
    };
    scheduler::schedule(tx, at_ms, kind)?;
    Ok(())
}

/// PAID, with `invoice.paid`; its subscription is paid up.
fn mark_paid(
    tx: &mut Tx<'_>,
    settings: &Settings,
    mut invoice: Invoice,
    transaction: Option<String>,
) -> Result<(), ApiError> {
    let Ok(paid) = transition(invoice.status, Trigger::Pay) else {
        return Ok(());
    };
    invoice.status = paid;
    invoice.transaction = transaction.or(invoice.transaction.take());
    invoice.paid_at_ms = Some(tx.now_ms());
    invoice.next_attempt_at_ms = None;
    invoice.last_error = None;
    save(tx, &mut invoice)?;
    emit(tx, settings, &invoice, EventType::InvoicePaid)?;
    subscriptions::on_invoice_paid(tx, &invoice)
}

/// The running attempt failed: FAILED, `invoice.payment_failed`, the
/// subscription PAST_DUE; the next attempt scheduled, or dunning exhausted.
fn fail(
    tx: &mut Tx<'_>,
    settings: &Settings,
    mut invoice: Invoice,
    reason: String,
) -> Result<(), ApiError> {
    let Ok(failed) = transition(invoice.status, Trigger::Fail) else {
        return Ok(());
    };
    invoice.status = failed;
    invoice.last_error = Some(reason);
    let exhausted = invoice.attempts >= ATTEMPTS_MAX;
    if exhausted {
        invoice.next_attempt_at_ms = None;
    } else {
        let at = next_attempt_at(&invoice, tx.now_ms());
        invoice.next_attempt_at_ms = Some(at);
        schedule_next(tx, &invoice, at)?;
    }
    save(tx, &mut invoice)?;
    emit(tx, settings, &invoice, EventType::InvoicePaymentFailed)?;
    subscriptions::on_payment_failed(tx, &invoice)?;
    if exhausted {
        let cancel = subscriptions::on_dunning_exhausted(tx, settings, &invoice)?;
        if cancel {
            void(tx, settings, &invoice.id)?;
        }
    }
    Ok(())
}

/// The `InvoiceAttempt` timer: judges an unanswered attempt failed, or runs
/// the next one. A timer of an earlier attempt finds nothing to do.
pub fn on_attempt_timer(
    tx: &mut Tx<'_>,
    settings: &Settings,
    id: &str,
    attempt_no: u32,
) -> Result<(), ApiError> {
    let Some(mut invoice) = load(tx, id)? else {
        return Ok(());
    };
    if invoice.attempts != attempt_no {
        return Ok(());
    }
    match invoice.status {
        Status::Open => {
            withdraw_request(tx, settings, &invoice)?;
            fail(tx, settings, invoice, "no_answer".into())
        }
        Status::Failed => {
            withdraw_request(tx, settings, &invoice)?;
            let Ok(open) = transition(invoice.status, Trigger::Retry) else {
                return Ok(());
            };
            invoice.status = open;
            attempt(tx, settings, invoice, false)
        }
        Status::Paid | Status::Void => Ok(()),
    }
}

/// Cancels the previous attempt's payment request while it still waits for
/// the payer, so that a period is never paid twice. A request whose prompt
/// is with the payer stays; paid later, it is an ordinary payment.
fn withdraw_request(
    tx: &mut Tx<'_>,
    settings: &Settings,
    invoice: &Invoice,
) -> Result<(), ApiError> {
    let Some(id) = &invoice.payment_intent else {
        return Ok(());
    };
    let Some(intent) = tx.object::<Intent>(id)? else {
        return Ok(());
    };
    use intents::state::Status as S;
    if matches!(intent.status, S::RequiresPaymentMethod | S::Created) {
        let principal = Principal::system("billing", &invoice.owner, invoice.mode);
        intents::cancel(tx, settings, &principal, id, Default::default())?;
    }
    Ok(())
}

/// The intent "paid" hook of an invoice's payment request.
pub fn on_paid(
    tx: &mut Tx<'_>,
    settings: &Settings,
    id: &str,
    intent: &mut Intent,
) -> Result<(), ApiError> {
    let Some(invoice) = load(tx, id)? else {
        return Ok(());
    };
    // A request paid after its invoice (paid, voided) stays an ordinary
    // payment of the merchant's, refundable as any.
    if transition(invoice.status, Trigger::Pay).is_err() {
        return Ok(());
    }
    let mut invoice = invoice;
    invoice.payment_intent = Some(intent.id.clone());
    mark_paid(tx, settings, invoice, intent.collection_transaction.clone())
}

/// VOID, with `invoice.voided` (its subscription was cancelled, or its
/// dunning ran out); its waiting payment request is withdrawn.
pub(crate) fn void(tx: &mut Tx<'_>, settings: &Settings, id: &str) -> Result<(), ApiError> {
    let Some(mut invoice) = load(tx, id)? else {
        return Ok(());
    };
    let Ok(voided) = transition(invoice.status, Trigger::Void) else {
        return Ok(());
    };
    withdraw_request(tx, settings, &invoice)?;
    invoice.status = voided;
    invoice.voided_at_ms = Some(tx.now_ms());
    invoice.next_attempt_at_ms = None;
    save(tx, &mut invoice)?;
    emit(tx, settings, &invoice, EventType::InvoiceVoided)
}

/// The latest `limit` invoices of a subscription, newest first.
pub fn of_subscription(
    snapshot: &crate::store::Snapshot,
    subscription: &str,
    limit: usize,
) -> Result<Vec<Invoice>, ApiError> {
    let prefix = keys::subscription_invoices(subscription);
    let rows = snapshot.scan_index_rev(&prefix, limit)?;
    let mut found = Vec::with_capacity(rows.len());
    for (key, _) in rows {
        if let Some(invoice) = snapshot.object::<Invoice>(crate::store::keys::id_of(&key))? {
            found.push(invoice);
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn invoice(attempts: u32, first: i64) -> Invoice {
        let json = serde_json::json!({
            "id": "inv_1", "number": "INV-202701-000001", "mode": "test", "owner": "org_1",
            "subscription": "sub_1", "plan": "plan_1", "customer": {},
            "period_start_ms": 0, "period_end_ms": 1, "currency": "CDF", "lines": [],
            "amounts": {"subtotal_minor": 1, "usage_qty": 0, "usage_minor": 0, "tax_minor": 0, "total_minor": 1},
            "status": "OPEN", "attempts": attempts, "first_attempt_at_ms": first,
            "next_attempt_at_ms": null, "last_error": null, "collection": null, "paid_from": null,
            "payment_intent": null, "transaction": null, "paid_at_ms": null, "voided_at_ms": null,
            "created_at_ms": 0, "updated_at_ms": 0
        });
        serde_json::from_value(json).expect("invoice")
    }

    #[test]
    fn retries_run_one_three_and_seven_days_after_the_first_attempt() {
        let first = 1_000;
        let at: Vec<i64> = (1..=3)
            .map(|n| (next_attempt_at(&invoice(n, first), first) - first) / DAY_MS)
            .collect();
        assert_eq!(at, [1, 3, 7]);
        // After the last attempt: its request waits a day.
        let now = first + 7 * DAY_MS;
        assert_eq!(
            next_attempt_at(&invoice(4, first), now),
            now + LAST_WINDOW_MS
        );
        // A retry judged late runs now, never in the past.
        let late = first + 5 * DAY_MS;
        assert_eq!(next_attempt_at(&invoice(2, first), late), late);
        assert_eq!(ATTEMPTS_MAX, 4);
    }
}
