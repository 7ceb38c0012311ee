//! What the API shows of a national-switch payment (origin section 10's
//! view): the status, the five dimensions, the journal, the computed route,
//! `tracking_reference` (`<id>/<correlation>`) and a bilingual
//! `customer_message`.

use serde::Serialize;
use utoipa::ToSchema;

use super::SwitchPaymentView;
use super::{Status, SwitchPayment};
use crate::clock::rfc3339;
use crate::domain::review::Resolution;

#[derive(Debug, Serialize, ToSchema)]
pub struct CustomerMessage {
    pub fr: &'static str,
    pub en: &'static str,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SwitchRoute {
    /// `national_switch`.
    pub rail: &'static str,
    /// The switch the payment goes through (`sandbox_switch` in test mode).
    pub switch: String,
    pub product: String,
}

/// The payer's consent to a national-switch payment.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = SwitchConsentView)]
pub struct ConsentView {
    pub id: String,
    pub granted_at: String,
    /// 600 s after it was granted.
    pub expires_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FactView {
    pub seq: u32,
    /// PRINCIPAL_REQUESTED, CONSENT_VALID, CONSENT_REQUIRED, SUBMISSION_DISPATCHED,
    /// SWITCH_ACCEPTED, AUTHORIZED, BENEFICIARY_CREDITED, SWITCH_REJECTED,
    /// SUBMISSION_TIMED_OUT, NO_ANSWER, INQUIRY_QUEUED, INQUIRY_SENT,
    /// INQUIRY_REJECTED, INQUIRY_NOT_RECEIVED, INQUIRIES_EXHAUSTED,
    /// OPERATOR_REVIEWED, REVIEW_RETURNED, CONSENT_LAPSED, EXPIRED,
    /// CANCELLED_BY_MERCHANT.
    pub fact: String,
    /// The payment's status after the fact.
    pub status: Status,
    pub at: String,
    pub detail: Option<String>,
}

/// What to tell the payer, in French and English.
pub fn customer_message(status: Status) -> CustomerMessage {
    let (fr, en) = match status {
        Status::Received | Status::Ready | Status::Dispatching | Status::Pending => (
            "Votre paiement est en cours de traitement.",
            "Your payment is being processed.",
        ),
        Status::RequiresAction => (
            "Veuillez confirmer le paiement auprès de votre institution.",
            "Please confirm the payment with your institution.",
        ),
        Status::Authorized => (
            "Votre paiement est autorisé.",
            "Your payment is authorized.",
        ),
        Status::Unknown => (
            "Nous vérifions l'état de votre paiement ; ne payez pas une deuxième fois.",
            "We are checking your payment's status; do not pay a second time.",
        ),
        Status::Completed => ("Paiement réussi.", "Payment successful."),
        Status::Rejected => (
            "Votre paiement a été refusé ; aucun montant n'a été débité.",
            "Your payment was declined; no money was taken.",
        ),
        Status::Expired => (
            "Le délai de paiement est dépassé.",
            "The payment window has passed.",
        ),
        Status::Cancelled => ("Le paiement a été annulé.", "The payment was cancelled."),
    };
    CustomerMessage { fr, en }
}

pub fn view(p: &SwitchPayment) -> SwitchPaymentView {
    let d = &p.dimensions;
    SwitchPaymentView {
        id: p.id.clone(),
        object: "switch_payment",
        livemode: p.mode.livemode(),
        merchant_order_id: p.merchant_order_id.clone(),
        amount_minor: p.amount_minor,
        currency: p.currency.clone(),
        product: p.product.clone(),
        payer_binding: p.payer_binding.clone(),
        description: p.description.clone(),
        status: p.status,
        authorization_status: d.authorization_status.clone(),
        beneficiary_credit_status: d.beneficiary_credit_status.clone(),
        settlement_status: d.settlement_status.clone(),
        reconciliation_status: d.reconciliation_status.clone(),
        resolution_status: d.resolution_status.clone(),
        tracking_reference: format!("{}/{}", p.id, p.correlation_id),
        correlation_id: p.correlation_id.clone(),
        customer_message: customer_message(p.status),
        route: SwitchRoute {
            rail: super::RAIL,
            switch: p.switch.clone(),
            product: p.product.clone(),
        },
        consent: p.consent.as_ref().map(|c| ConsentView {
            id: c.id.clone(),
            granted_at: rfc3339(c.granted_at_ms),
            expires_at: rfc3339(c.granted_at_ms + super::CONSENT_VALID_MS),
        }),
        submission_attempts: p.submissions,
        inquiries: p.inquiries,
        switch_reference: p.switch_reference.clone(),
        failure_reason: p.failure_reason.clone(),
        transaction: p.transaction.clone(),
        resolution: p.resolution.as_ref().map(Resolution::view),
        journal: p
            .journal
            .iter()
            .map(|f| FactView {
                seq: f.seq,
                fact: f.fact.clone(),
                status: f.status,
                at: rfc3339(f.at_ms),
                detail: f.detail.clone(),
            })
            .collect(),
        expires_at: rfc3339(p.expires_at_ms),
        created_at: rfc3339(p.created_at_ms),
        updated_at: rfc3339(p.updated_at_ms),
    }
}
