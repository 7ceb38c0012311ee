//! What the API shows of a payout (origin section 22's fields, snake_case).

use serde::Serialize;

use super::{BatchRef, Destination, Payout, Status};
use crate::clock::rfc3339;
use crate::domain::review::{Resolution, ResolutionView};
use crate::rails::PayoutFailure;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PayoutView {
    /// `po_...`.
    pub id: String,
    /// Always `payout`.
    pub object: &'static str,
    pub livemode: bool,
    pub status: Status,
    /// What the recipient gets.
    pub amount_minor: i64,
    /// Charged on top of the amount (70 bps, at least 1); returned if the payout fails.
    pub fee_minor: i64,
    /// What left the balance: amount and fee.
    pub total_minor: i64,
    pub currency: String,
    pub destination: Destination,
    pub description: Option<String>,
    /// The client's reference, or a generated `PO` code.
    pub reference: String,
    /// Why it FAILED.
    pub failure_reason: Option<PayoutFailure>,
    /// The batch row it was made for, if any.
    pub batch: Option<BatchRef>,
    /// The ledger posting that moved the amount to in transit and charged the fee.
    pub transaction: String,
    /// The posting that paid it out to the rail, once PAID.
    pub paid_transaction: Option<String>,
    /// The posting that returned amount and fee to available, once FAILED.
    pub return_transaction: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    /// When it became PAID or FAILED.
    pub completed_at: Option<String>,
    /// The operator's decision that ended its review (NEEDS_REVIEW), with
    /// the provider's reference it rests on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resolution: Option<ResolutionView>,
}

pub fn view(payout: &Payout) -> PayoutView {
    PayoutView {
        id: payout.id.clone(),
        object: "payout",
        livemode: payout.mode.livemode(),
        status: payout.status,
        amount_minor: payout.amount_minor,
        fee_minor: payout.fee_minor,
        total_minor: payout.amount_minor + payout.fee_minor,
        currency: payout.currency.clone(),
        destination: payout.destination.clone(),
        description: payout.description.clone(),
        reference: payout.reference.clone(),
        failure_reason: payout.failure_reason,
        batch: payout.batch.clone(),
        transaction: payout.transaction.clone(),
        paid_transaction: payout.paid_transaction.clone(),
        return_transaction: payout.return_transaction.clone(),
        created_at: rfc3339(payout.created_at_ms),
        updated_at: rfc3339(payout.updated_at_ms),
        completed_at: payout.completed_at_ms.map(rfc3339),
        resolution: payout.resolution.as_ref().map(Resolution::view),
    }
}
