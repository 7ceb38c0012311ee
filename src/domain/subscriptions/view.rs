//! What the API shows of a subscription.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{Customer, Status, Subscription};
use crate::clock::rfc3339;
use crate::domain::invoices::InvoiceView;
use crate::domain::plans::Plan;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CustomerView {
    /// Payment requests go to this number.
    pub msisdn: Option<String>,
    pub email: Option<String>,
    /// The merchant's own reference of the customer.
    pub reference: Option<String>,
}

impl CustomerView {
    pub fn of(customer: &Customer) -> CustomerView {
        CustomerView {
            msisdn: customer.msisdn.clone(),
            email: customer.email.clone(),
            reference: customer.reference.clone(),
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CancellationView {
    /// `requested` (POST cancel) or `dunning_exhausted`.
    pub reason: String,
    pub requested_at: String,
    /// When it stops (stopped): now, or the period's end.
    pub effective_at: String,
    /// At an immediate cancel, the paid recurring amount's unused share
    /// (prorated by the millisecond, rounded down), refunded at once
    /// against the payment of the invoice that paid the period (`refund`).
    pub unused_minor: i64,
    /// The refund (`re_...`) of `unused_minor`, with its own events.
    pub refund: Option<String>,
    /// Why `unused_minor` (or part of it) was not refunded: no paid invoice
    /// covers the period, it was paid without a payment, nothing is left to
    /// refund on that payment, or the merchant's balance cannot cover it now.
    pub not_refunded: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SubscriptionView {
    /// `sub_...`.
    pub id: String,
    /// Always `subscription`.
    pub object: &'static str,
    pub livemode: bool,
    /// The plan's id.
    pub plan: String,
    pub plan_code: String,
    pub currency: String,
    pub customer: CustomerView,
    pub metadata: BTreeMap<String, serde_json::Value>,
    pub status: Status,
    pub current_period_start: String,
    pub current_period_end: String,
    /// When the next invoice is issued (the current period's end), while it runs.
    pub next_charge_at: Option<String>,
    pub trial_end: Option<String>,
    /// Usage recorded in the current period, billed at its end.
    pub usage_qty: i64,
    pub cancel_at_period_end: bool,
    pub cancellation: Option<CancellationView>,
    pub latest_invoice: Option<String>,
    /// Its latest invoices, newest first (at most 24), on `GET /subscriptions/{id}`.
    pub invoices: Vec<InvoiceView>,
    pub created_at: String,
}

pub fn view(sub: &Subscription, plan: &Plan, invoices: Vec<InvoiceView>) -> SubscriptionView {
    let next_charge = sub.status.running() && !sub.cancel_at_period_end;
    SubscriptionView {
        id: sub.id.clone(),
        object: "subscription",
        livemode: sub.mode.livemode(),
        plan: sub.plan.clone(),
        plan_code: plan.code.clone(),
        currency: plan.currency.clone(),
        customer: CustomerView::of(&sub.customer),
        metadata: sub.metadata.clone(),
        status: sub.status,
        current_period_start: rfc3339(sub.current_period_start_ms),
        current_period_end: rfc3339(sub.current_period_end_ms),
        next_charge_at: next_charge.then(|| rfc3339(sub.current_period_end_ms)),
        trial_end: sub.trial_end_ms.map(rfc3339),
        usage_qty: sub.usage_qty,
        cancel_at_period_end: sub.cancel_at_period_end,
        cancellation: sub.cancellation.as_ref().map(|c| CancellationView {
            reason: c.reason.clone(),
            requested_at: rfc3339(c.requested_at_ms),
            effective_at: rfc3339(c.effective_at_ms),
            unused_minor: c.unused_minor,
            refund: c.refund.clone(),
            not_refunded: c.not_refunded.clone(),
        }),
        latest_invoice: sub.latest_invoice.clone(),
        invoices,
        created_at: rfc3339(sub.created_at_ms),
    }
}

/// What `POST /subscriptions/{id}/usage` answers.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct UsageRecordView {
    /// Always `usage_record`.
    pub object: &'static str,
    pub subscription: String,
    pub quantity: i64,
    /// The plan's usage unit.
    pub unit: String,
    pub note: Option<String>,
    /// The current period's usage with this record.
    pub period_usage_qty: i64,
    pub period_start: String,
    pub period_end: String,
    pub created_at: String,
}
