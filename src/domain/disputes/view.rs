//! What the API shows of a dispute.

use serde::Serialize;

use super::{Dispute, Evidence, Reason, Status};

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DisputeView {
    pub id: String,
    /// Always `dispute`.
    pub object: &'static str,
    pub livemode: bool,
    pub payment_intent: String,
    pub amount_minor: i64,
    pub currency: String,
    pub reason: Reason,
    pub status: Status,
    pub evidence: Option<Evidence>,
    pub evidence_due_at: String,
    pub responded_at: Option<String>,
    pub hold_transaction: Option<String>,
    pub outcome_transaction: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

pub fn view(dispute: &Dispute) -> DisputeView {
    use crate::clock::rfc3339;
    DisputeView {
        id: dispute.id.clone(),
        object: "dispute",
        livemode: dispute.mode.livemode(),
        payment_intent: dispute.payment_intent.clone(),
        amount_minor: dispute.amount_minor,
        currency: dispute.currency.clone(),
        reason: dispute.reason,
        status: dispute.status,
        evidence: dispute.evidence.clone(),
        evidence_due_at: rfc3339(dispute.evidence_due_at_ms),
        responded_at: dispute.responded_at_ms.map(rfc3339),
        hold_transaction: dispute.hold_transaction.clone(),
        outcome_transaction: dispute.outcome_transaction.clone(),
        created_at: rfc3339(dispute.created_at_ms),
        updated_at: rfc3339(dispute.updated_at_ms),
    }
}
