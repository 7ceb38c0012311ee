//! What the API shows of a dispute.

use super::Dispute;
use super::DisputeView;

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
