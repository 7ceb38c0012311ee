//! What the API shows of an invoice.

use serde::Serialize;

use super::{Collection, Invoice, LineKind, Status};
use crate::clock::rfc3339;
use crate::domain::intents::view as intents_view;
use crate::domain::subscriptions::CustomerView;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct InvoiceLineView {
    pub kind: LineKind,
    pub description: String,
    pub quantity: i64,
    pub unit_amount_minor: i64,
    pub amount_minor: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct InvoiceView {
    /// `inv_...`.
    pub id: String,
    /// Always `invoice`.
    pub object: &'static str,
    pub livemode: bool,
    /// `INV-YYYYMM-XXXXXX`: the owner's sequence of the month it was issued.
    pub number: String,
    pub subscription: String,
    pub plan: String,
    pub customer: CustomerView,
    pub period_start: String,
    pub period_end: String,
    pub currency: String,
    /// The recurring line, the usage line (when there was usage), the tax line.
    pub lines: Vec<InvoiceLineView>,
    /// The recurring amount.
    pub subtotal_minor: i64,
    pub usage_qty: i64,
    pub usage_minor: i64,
    /// `round((subtotal + usage) × tax_bps / 10 000)`, half up.
    pub tax_minor: i64,
    pub total_minor: i64,
    pub status: Status,
    /// Collection attempts so far (at most 4).
    pub attempts: u32,
    /// When the next attempt runs (or the running one is judged); none once
    /// paid, void, or out of attempts.
    pub next_attempt_at: Option<String>,
    /// Why the latest attempt failed: `insufficient_funds` (wallet),
    /// `invalid_msisdn`, `declined`, `provider_unavailable`, `no_answer`.
    pub last_error: Option<String>,
    pub collection: Option<Collection>,
    /// The wallet (organisation) that paid it.
    pub paid_from: Option<String>,
    /// The payment request of the latest attempt (`pi_...`).
    pub payment_intent: Option<String>,
    /// Where the payer pays that request, while the invoice is OPEN or
    /// FAILED (until the next attempt replaces it): its checkout page.
    pub payment_url: Option<String>,
    /// The ledger posting that collected it.
    pub transaction: Option<String>,
    pub paid_at: Option<String>,
    pub voided_at: Option<String>,
    pub created_at: String,
}

pub fn view(invoice: &Invoice, public_url: &str) -> InvoiceView {
    let a = &invoice.amounts;
    InvoiceView {
        id: invoice.id.clone(),
        object: "invoice",
        livemode: invoice.mode.livemode(),
        number: invoice.number.clone(),
        subscription: invoice.subscription.clone(),
        plan: invoice.plan.clone(),
        customer: CustomerView::of(&invoice.customer),
        period_start: rfc3339(invoice.period_start_ms),
        period_end: rfc3339(invoice.period_end_ms),
        currency: invoice.currency.clone(),
        lines: invoice
            .lines
            .iter()
            .map(|l| InvoiceLineView {
                kind: l.kind,
                description: l.description.clone(),
                quantity: l.quantity,
                unit_amount_minor: l.unit_amount_minor,
                amount_minor: l.amount_minor,
            })
            .collect(),
        subtotal_minor: a.subtotal_minor,
        usage_qty: a.usage_qty,
        usage_minor: a.usage_minor,
        tax_minor: a.tax_minor,
        total_minor: a.total_minor,
        status: invoice.status,
        attempts: invoice.attempts,
        next_attempt_at: invoice.next_attempt_at_ms.map(rfc3339),
        last_error: invoice.last_error.clone(),
        collection: invoice.collection,
        paid_from: invoice.paid_from.clone(),
        payment_intent: invoice.payment_intent.clone(),
        payment_url: invoice
            .payment_intent
            .as_deref()
            .filter(|_| matches!(invoice.status, Status::Open | Status::Failed))
            .filter(|_| invoice.collection == Some(Collection::PaymentRequest))
            .map(|id| format!("{public_url}{}", intents_view::checkout_path(id))),
        transaction: invoice.transaction.clone(),
        paid_at: invoice.paid_at_ms.map(rfc3339),
        voided_at: invoice.voided_at_ms.map(rfc3339),
        created_at: rfc3339(invoice.created_at_ms),
    }
}
