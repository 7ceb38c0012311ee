//! Subscriptions (spec sections 2, 3 and 4.13, origin section 24; after
//! Stripe Billing and Lago): a customer billed a plan period after period.
//!
//! - Periods are durable `SubscriptionPeriodEnd` timers that follow the
//!   sandbox's test clock, anchored (`calendar.rs`): period `n` ends at
//!   `anchor + n × interval`. The anchor is the trial's end, or the start.
//! - Each period is billed at its start (the recurring line in advance),
//!   with the usage recorded in the period that just ended (in arrears) and
//!   tax: `invoices::issue`, then `invoices::collect_first`, which collects it
//!   and runs its dunning.
//! - Statuses and every move between them: `state.rs`.
//! - Cancel: now (CANCELLED; its open and failed invoices VOID; the unused
//!   share of the paid period, prorated by the millisecond, is
//!   `cancellation.unused_minor` and is refunded against the paid invoice's
//!   payment, decision 432), or at period end (ENDED then).

pub mod calendar;
mod overview;
pub mod state;
mod view;

use crate::domain::resource::Kind;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use self::overview::{OverviewView, overview};
pub use self::state::Status;
use self::state::{Trigger, transition};
pub use self::view::{CustomerView, SubscriptionView, UsageRecordView, view};

use super::invoices::{self, Invoice};
use super::plans::{self, DunningExhausted, Plan};
use super::{Settings, resource};
use crate::auth::Principal;
use crate::error::{ApiError, Code, Missing};
use crate::events::EventType;
use crate::mode::Mode;
use crate::scheduler::{self, TimerKind};
use crate::store::keys::{self, Family};
use crate::store::{Read, Tx};

const DAY_MS: i64 = 86_400_000;
/// Open invoices a subscription tracks for a cancel to void (a daily plan
/// in dunning has at most 8).
pub const OPEN_INVOICES_MAX: usize = 16;
pub const USAGE_QUANTITY_MAX: i64 = 1_000_000_000;
pub const USAGE_NOTE_CHARS_MAX: usize = 120;
pub const REFERENCE_CHARS_MAX: usize = 120;

/// Who is billed: a phone (payment requests go to it), an e-mail, and the
/// merchant's own reference. A phone or e-mail that is an organisation's
/// handle on this gateway is paid from that organisation's wallet.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Customer {
    #[serde(default)]
    pub msisdn: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub reference: Option<String>,
}

impl Customer {
    /// Checks each field; a phone or an e-mail is required.
    pub fn check(self) -> Result<Customer, ApiError> {
        let msisdn = match self.msisdn.map(|m| m.trim().to_string()) {
            Some(m) => Some(crate::fields::msisdn("customer.msisdn", &m)?),
            None => None,
        };
        let email = match self.email.map(|e| e.trim().to_ascii_lowercase()) {
            Some(e) => {
                if super::money_requests::payer_kind(&e).ok()
                    != Some(super::money_requests::PayerKind::Email)
                {
                    return Err(ApiError::field(
                        "customer.email",
                        format!("customer.email must be an e-mail address (got {e:?})"),
                    ));
                }
                Some(e)
            }
            None => None,
        };
        let reference =
            super::fields::text("customer.reference", self.reference, REFERENCE_CHARS_MAX)?;
        if msisdn.is_none() && email.is_none() {
            return Err(ApiError::field(
                "customer",
                "customer needs an msisdn (payment requests go to it) or an email",
            ));
        }
        Ok(Customer {
            msisdn,
            email,
            reference,
        })
    }

    /// The key of "the same customer" for a plan: the phone, else the e-mail.
    fn key(&self) -> &str {
        self.msisdn
            .as_deref()
            .or(self.email.as_deref())
            .unwrap_or_default()
    }
}

/// `sub_...`: subscriptions, `subscription_not_found` when absent or another's.
pub const SUBSCRIPTION: Kind = Kind::new(
    Family::new("sub"),
    Missing::new(Code::SubscriptionNotFound, "subscription"),
);

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Subscription {
    pub id: String,
    pub mode: Mode,
    pub owner: String,
    pub plan: String,
    pub customer: Customer,
    pub metadata: BTreeMap<String, serde_json::Value>,
    pub status: Status,
    /// Period `n` ends at `anchor + n × interval` (`calendar::boundary_ms`).
    pub anchor_ms: i64,
    /// Periods started since the anchor (0 during the trial).
    pub periods: u32,
    pub current_period_start_ms: i64,
    pub current_period_end_ms: i64,
    pub trial_end_ms: Option<i64>,
    /// Usage recorded in the current period (billed at its end).
    pub usage_qty: i64,
    pub cancel_at_period_end: bool,
    pub cancellation: Option<StoredCancellation>,
    /// Invoices still OPEN or FAILED (voided by a cancel).
    pub open_invoices: Vec<String>,
    pub latest_invoice: Option<String>,
    /// The end of the latest paid period.
    pub paid_through_ms: Option<i64>,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

crate::domain::resource::owned!(Subscription);

/// Why and when a subscription stopped (or will).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StoredCancellation {
    pub reason: String,
    pub requested_at_ms: i64,
    pub effective_at_ms: i64,
    pub unused_minor: i64,
    /// The refund of `unused_minor` against the paid invoice's payment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refund: Option<String>,
    /// Why `unused_minor` (or part of it) was not refunded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_refunded: Option<String>,
}

pub struct NewSubscription {
    /// The plan's id or code.
    pub plan: String,
    pub customer: Customer,
    pub metadata: BTreeMap<String, serde_json::Value>,
}

fn save(tx: &mut Tx<'_>, sub: &mut Subscription) -> Result<(), ApiError> {
    sub.updated_at_ms = tx.now_ms();
    tx.put_object(sub.id.clone(), sub)?;
    Ok(())
}

fn load(tx: &Tx<'_>, id: &str) -> Result<Option<Subscription>, ApiError> {
    Ok(tx.object(id)?)
}

fn plan_of(read: &impl Read, sub: &Subscription) -> Result<Plan, ApiError> {
    read.object(&sub.plan)?
        .ok_or_else(|| ApiError::internal(format!("plan {} of {} vanished", sub.plan, sub.id)))
}

fn emit(tx: &mut Tx<'_>, sub: &Subscription, event_type: EventType) -> Result<(), ApiError> {
    let plan = plan_of(tx, sub)?;
    let object = view(sub, &plan, Vec::new());
    resource::emit(tx, event_type, sub, &object)
}

/// Moves `sub` by `trigger`; a change of status is `subscription.updated`.
fn advance(tx: &mut Tx<'_>, sub: &mut Subscription, trigger: Trigger) -> Result<bool, ApiError> {
    let Ok(next) = transition(sub.status, trigger) else {
        return Ok(false);
    };
    let changed = next != sub.status;
    sub.status = next;
    save(tx, sub)?;
    if changed && !matches!(next, Status::Cancelled | Status::Ended) {
        emit(tx, sub, EventType::SubscriptionUpdated)?;
    }
    Ok(true)
}

fn period_end(plan: &Plan, anchor_ms: i64, n: u32) -> Result<i64, ApiError> {
    calendar::boundary_ms(anchor_ms, plan.interval, plan.interval_count, n)
        .ok_or_else(|| ApiError::internal("a billing period past the calendar"))
}

/// Creates a subscription to the caller's plan (by id or code): TRIALING
/// with a trial, else INCOMPLETE with its first period invoiced and
/// collected at once. 409 `plan_archived`, 409 `already_subscribed`.
pub fn create(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    new: NewSubscription,
) -> Result<Subscription, ApiError> {
    let plan = plans::read(tx, principal, &new.plan).map_err(|e| e.with_param("plan"))?;
    start(tx, settings, &plan, new.customer.check()?, new.metadata)
}

/// Starts a subscription to `plan` (the API's create, and the hosted page).
pub fn start(
    tx: &mut Tx<'_>,
    settings: &Settings,
    plan: &Plan,
    customer: Customer,
    metadata: BTreeMap<String, serde_json::Value>,
) -> Result<Subscription, ApiError> {
    plans::check_subscribable(plan)?;
    let customer_key = keys::plan_subscriber(&plan.id, customer.key());
    if let Some(existing) = tx.index_id(&customer_key)? {
        let existing = load(tx, &existing)?;
        if existing.is_some_and(|s| s.status.running()) {
            return Err(ApiError::new(
                Code::AlreadySubscribed,
                format!(
                    "{} already has a running subscription to plan {}",
                    customer.key(),
                    plan.code
                ),
            )
            .with_param("customer"));
        }
    }
    let now = tx.now_ms();
    let trial_end = (plan.trial_days > 0).then(|| now + i64::from(plan.trial_days) * DAY_MS);
    let anchor_ms = trial_end.unwrap_or(now);
    let (status, periods, end) = match trial_end {
        Some(end) => (Status::Trialing, 0, end),
        None => (Status::Incomplete, 1, period_end(plan, anchor_ms, 1)?),
    };
    let mut sub = Subscription {
        id: SUBSCRIPTION.new_id(),
        mode: plan.mode,
        owner: plan.owner.clone(),
        plan: plan.id.clone(),
        customer,
        metadata,
        status,
        anchor_ms,
        periods,
        current_period_start_ms: now,
        current_period_end_ms: end,
        trial_end_ms: trial_end,
        usage_qty: 0,
        cancel_at_period_end: false,
        cancellation: None,
        open_invoices: Vec::new(),
        latest_invoice: None,
        paid_through_ms: None,
        created_at_ms: now,
        updated_at_ms: now,
    };
    resource::insert(tx, SUBSCRIPTION.family, &sub)?;
    resource::point(tx, customer_key, &sub.id);
    schedule_period_end(tx, &sub)?;
    // The first invoice is issued before the subscription is announced, so
    // that `subscription.created` names it (decision 520); its collection
    // runs after, and what it decides follows as its own events.
    let first = match trial_end {
        Some(_) => None,
        None => {
            let billing = invoices::Billing {
                subscription: &sub.clone(),
                plan,
                period_start_ms: now,
                period_end_ms: end,
                usage_qty: 0,
            };
            Some(issue(tx, settings, &mut sub, billing)?)
        }
    };
    emit(tx, &sub, EventType::SubscriptionCreated)?;
    if let Some(invoice) = first {
        invoices::collect_first(tx, settings, &invoice)?;
        sub = load(tx, &sub.id)?.unwrap_or(sub);
    }
    Ok(sub)
}

fn schedule_period_end(tx: &mut Tx<'_>, sub: &Subscription) -> Result<(), ApiError> {
    let kind = TimerKind::SubscriptionPeriodEnd {
        subscription: sub.id.clone(),
        period: sub.periods,
    };
    scheduler::schedule(tx, sub.current_period_end_ms, kind)?;
    Ok(())
}

/// Issues an invoice and tracks it while it is unpaid (its collection,
/// `invoices::collect_first`, comes after: a payment forgets it again).
/// Saves `sub`; returns the invoice's id.
fn issue(
    tx: &mut Tx<'_>,
    settings: &Settings,
    sub: &mut Subscription,
    billing: invoices::Billing<'_>,
) -> Result<String, ApiError> {
    let invoice_id = invoices::issue(tx, settings, billing)?;
    sub.latest_invoice = Some(invoice_id.clone());
    if sub.open_invoices.len() < OPEN_INVOICES_MAX {
        sub.open_invoices.push(invoice_id.clone());
    }
    save(tx, sub)?;
    Ok(invoice_id)
}

/// The `SubscriptionPeriodEnd` timer: ENDED when a cancel at period end
/// was asked; else the next period starts and is billed. A timer of an
/// earlier period, or of a subscription no longer running, does nothing.
pub fn on_period_end(
    tx: &mut Tx<'_>,
    settings: &Settings,
    id: &str,
    period: u32,
) -> Result<(), ApiError> {
    let Some(mut sub) = load(tx, id)? else {
        return Ok(());
    };
    if sub.periods != period || !sub.status.running() {
        return Ok(());
    }
    if sub.cancel_at_period_end {
        if advance(tx, &mut sub, Trigger::End)? {
            emit(tx, &sub, EventType::SubscriptionEnded)?;
        }
        return Ok(());
    }
    let plan = plan_of(tx, &sub)?;
    let next = period + 1;
    let start = period_end(&plan, sub.anchor_ms, period)?;
    let end = period_end(&plan, sub.anchor_ms, next)?;
    let usage_qty = std::mem::take(&mut sub.usage_qty);
    sub.periods = next;
    sub.current_period_start_ms = start;
    sub.current_period_end_ms = end;
    // Issued before the renewal's `subscription.updated`, which names it
    // (decision 520); collected after.
    let billing = invoices::Billing {
        subscription: &sub.clone(),
        plan: &plan,
        period_start_ms: start,
        period_end_ms: end,
        usage_qty,
    };
    let invoice = issue(tx, settings, &mut sub, billing)?;
    advance(tx, &mut sub, Trigger::Renew)?;
    schedule_period_end(tx, &sub)?;
    invoices::collect_first(tx, settings, &invoice)
}

fn forget_invoice(sub: &mut Subscription, invoice: &str) {
    sub.open_invoices.retain(|i| i != invoice);
}

/// An invoice was paid: the subscription is paid up to its period's end.
pub(crate) fn on_invoice_paid(tx: &mut Tx<'_>, invoice: &Invoice) -> Result<(), ApiError> {
    let Some(mut sub) = load(tx, &invoice.subscription)? else {
        return Ok(());
    };
    forget_invoice(&mut sub, &invoice.id);
    sub.paid_through_ms = Some(sub.paid_through_ms.unwrap_or(0).max(invoice.period_end_ms));
    save(tx, &mut sub)?;
    advance(tx, &mut sub, Trigger::InvoicePaid)?;
    Ok(())
}

/// An attempt failed: PAST_DUE (INCOMPLETE stays so).
pub(crate) fn on_payment_failed(tx: &mut Tx<'_>, invoice: &Invoice) -> Result<(), ApiError> {
    let Some(mut sub) = load(tx, &invoice.subscription)? else {
        return Ok(());
    };
    advance(tx, &mut sub, Trigger::PaymentFailed)?;
    Ok(())
}

/// An invoice's last attempt failed: the plan decides CANCELLED (its open
/// invoices void) or UNPAID. Returns whether the invoice is to be voided.
pub(crate) fn on_dunning_exhausted(
    tx: &mut Tx<'_>,
    settings: &Settings,
    invoice: &Invoice,
) -> Result<bool, ApiError> {
    let Some(mut sub) = load(tx, &invoice.subscription)? else {
        return Ok(true);
    };
    let plan = plan_of(tx, &sub)?;
    let cancel = plan.dunning_exhausted == DunningExhausted::Cancel;
    forget_invoice(&mut sub, &invoice.id);
    save(tx, &mut sub)?;
    if !sub.status.running() {
        return Ok(true);
    }
    let now = tx.now_ms();
    if cancel {
        sub.cancellation = Some(StoredCancellation {
            reason: "dunning_exhausted".into(),
            requested_at_ms: now,
            effective_at_ms: now,
            unused_minor: 0,
            refund: None,
            not_refunded: None,
        });
        let others = std::mem::take(&mut sub.open_invoices);
        advance(tx, &mut sub, Trigger::DunningExhausted { cancel })?;
        emit(tx, &sub, EventType::SubscriptionCancelled)?;
        for other in others {
            invoices::void(tx, settings, &other)?;
        }
    } else {
        advance(tx, &mut sub, Trigger::DunningExhausted { cancel })?;
    }
    Ok(cancel)
}

/// `POST /subscriptions/{id}/cancel`: `immediately` → CANCELLED now, its
/// open invoices VOID; else at the period's end (ENDED then). 409
/// `subscription_inactive` once it is cancelled or ended.
pub fn cancel(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    id: &str,
    immediately: bool,
) -> Result<Subscription, ApiError> {
    let mut sub: Subscription = read(tx, principal, id)?;
    let next = transition(sub.status, Trigger::Cancel { immediately })
        .map_err(|_| inactive(&sub, "cancelled"))?;
    let now = tx.now_ms();
    if next == Status::Cancelled {
        let plan = plan_of(tx, &sub)?;
        let paid = sub
            .paid_through_ms
            .is_some_and(|t| t >= sub.current_period_end_ms);
        let unused_minor = if paid {
            calendar::unused_minor(
                plan.amount_minor,
                sub.current_period_start_ms,
                sub.current_period_end_ms,
                now,
            )
        } else {
            0
        };
        let (refund, not_refunded) = refund_unused(tx, settings, principal, &sub, unused_minor)?;
        sub.cancellation = Some(StoredCancellation {
            reason: "requested".into(),
            requested_at_ms: now,
            effective_at_ms: now,
            unused_minor,
            refund,
            not_refunded,
        });
        let open = std::mem::take(&mut sub.open_invoices);
        advance(tx, &mut sub, Trigger::Cancel { immediately })?;
        for invoice in open {
            invoices::void(tx, settings, &invoice)?;
        }
    } else if !sub.cancel_at_period_end {
        sub.cancel_at_period_end = true;
        sub.cancellation = Some(StoredCancellation {
            reason: "requested".into(),
            requested_at_ms: now,
            effective_at_ms: sub.current_period_end_ms,
            unused_minor: 0,
            refund: None,
            not_refunded: None,
        });
        save(tx, &mut sub)?;
    } else {
        // Asked again: already so.
        return Ok(sub);
    }
    emit(tx, &sub, EventType::SubscriptionCancelled)?;
    Ok(sub)
}

/// An immediate cancel refunds the unused share of the paid period against
/// the payment of the invoice that paid it (decision 432): a refund object
/// of its own (`refund.created` ... `refund.succeeded`, posted by the
/// ledger writer), at most what is still refundable on that payment.
/// Returns the refund's id, or why nothing (or less) was refunded.
fn refund_unused(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    sub: &Subscription,
    unused_minor: i64,
) -> Result<(Option<String>, Option<String>), ApiError> {
    if unused_minor <= 0 {
        return Ok((None, None));
    }
    let invoice = match &sub.latest_invoice {
        Some(id) => tx.object::<Invoice>(id)?,
        None => None,
    };
    let paid = invoice.filter(|i| {
        i.status == invoices::Status::Paid && i.period_start_ms == sub.current_period_start_ms
    });
    let Some(invoice) = paid else {
        return Ok((
            None,
            Some("no paid invoice covers the current period".into()),
        ));
    };
    let Some(intent_id) = invoice.payment_intent.clone() else {
        return Ok((
            None,
            Some(format!(
                "invoice {} was paid without a payment to refund",
                invoice.id
            )),
        ));
    };
    let intent = super::intents::read(tx, principal, &intent_id)
        .ok()
        .filter(super::intents::Intent::is_received);
    let refundable = intent.as_ref().map_or(0, super::refunds::refundable);
    if refundable <= 0 {
        return Ok((
            None,
            Some(format!(
                "nothing captured is left to refund on {intent_id}, invoice {}'s payment",
                invoice.id
            )),
        ));
    }
    let amount = unused_minor.min(refundable);
    // A refund is paid from the merchant's balance (fees are not given
    // back): one it cannot cover now is left to the merchant, and said,
    // rather than holding up the cancel.
    let balances = match &intent {
        Some(intent) => super::intents::merchant_balances(tx, intent)?,
        None => return Ok((None, None)),
    };
    let covered = balances.pending_minor + balances.available_minor;
    if covered < amount {
        return Ok((
            None,
            Some(format!(
                "the balance ({covered}) cannot cover a refund of {amount} now; refund it with POST /refunds on {intent_id} once it can"
            )),
        ));
    }
    let mut metadata = BTreeMap::new();
    metadata.insert("subscription".to_string(), serde_json::json!(sub.id));
    metadata.insert("invoice".to_string(), serde_json::json!(invoice.id));
    let refund = super::refunds::create(
        tx,
        settings,
        principal,
        super::refunds::NewRefund {
            payment_intent: intent_id.clone(),
            amount_minor: Some(amount),
            currency: None,
            reason: "subscription_cancelled".into(),
            metadata,
            stepped_up: false,
        },
    )?;
    let short = (amount < unused_minor)
        .then(|| format!("only {amount} of {unused_minor} was still refundable on {intent_id}"));
    Ok((Some(refund.id), short))
}

fn inactive(sub: &Subscription, what: &str) -> ApiError {
    ApiError::new(
        Code::SubscriptionInactive,
        format!(
            "subscription {} is {:?}: it can no longer be {what}",
            sub.id, sub.status
        ),
    )
}

/// `POST /subscriptions/{id}/usage`: adds to the current period's usage,
/// billed at its end. 400 `no_usage_unit`; 409 `subscription_inactive`.
pub fn record_usage(
    tx: &mut Tx<'_>,
    principal: &Principal,
    id: &str,
    quantity: i64,
    note: Option<String>,
) -> Result<UsageRecordView, ApiError> {
    if !(1..=USAGE_QUANTITY_MAX).contains(&quantity) {
        return Err(ApiError::field(
            "quantity",
            format!("quantity must be from 1 to {USAGE_QUANTITY_MAX} (got {quantity})"),
        ));
    }
    let note = super::fields::text("note", note, USAGE_NOTE_CHARS_MAX)?;
    let mut sub: Subscription = read(tx, principal, id)?;
    let plan = plan_of(tx, &sub)?;
    let Some(unit) = plan.usage_unit.clone() else {
        return Err(ApiError::new(
            Code::NoUsageUnit,
            format!("plan {} has no usage_unit: it bills no usage", plan.code),
        ));
    };
    transition(sub.status, Trigger::Usage).map_err(|_| inactive(&sub, "metered"))?;
    let total = sub.usage_qty + quantity;
    if invoices::amounts::compute(
        plan.amount_minor,
        total,
        plan.usage_price_minor,
        plan.tax_bps,
    )
    .is_none()
    {
        return Err(ApiError::field(
            "quantity",
            "the period's usage would bill more than one invoice may (its amount bound)",
        ));
    }
    sub.usage_qty = total;
    save(tx, &mut sub)?;
    Ok(UsageRecordView {
        object: "usage_record",
        subscription: sub.id.clone(),
        quantity,
        unit,
        note,
        period_usage_qty: total,
        period_start: crate::clock::rfc3339(sub.current_period_start_ms),
        period_end: crate::clock::rfc3339(sub.current_period_end_ms),
        created_at: crate::clock::rfc3339(tx.now_ms()),
    })
}

/// The caller's subscription `id`.
pub fn read(read: &impl Read, principal: &Principal, id: &str) -> Result<Subscription, ApiError> {
    resource::find(read, principal, id, &SUBSCRIPTION)
}

/// A subscription's view with its plan and latest invoices.
pub fn render(
    snapshot: &crate::store::Snapshot,
    sub: &Subscription,
    invoices_max: usize,
    public_url: &str,
) -> Result<SubscriptionView, ApiError> {
    let plan = plan_of(snapshot, sub)?;
    let invoices = if invoices_max == 0 {
        Vec::new()
    } else {
        invoices::of_subscription(snapshot, &sub.id, invoices_max)?
            .iter()
            .map(|i| invoices::view(i, public_url))
            .collect()
    };
    Ok(view(sub, &plan, invoices))
}
