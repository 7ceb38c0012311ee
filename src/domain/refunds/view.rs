//! What the API shows of a refund.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{Refund, Rejection, Status};
use crate::domain::review::ResolutionView;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RefundView {
    pub id: String,
    /// Always `refund`.
    pub object: &'static str,
    pub livemode: bool,
    pub payment_intent: String,
    pub amount_minor: i64,
    pub currency: String,
    /// Why, as sent (suggested: `requested_by_customer`, `duplicate`,
    /// `fraudulent`, `product_not_received`, `other`).
    pub reason: String,
    #[schema(value_type = Object)]
    pub metadata: BTreeMap<String, serde_json::Value>,
    pub status: Status,
    /// Ledger transaction that reserved the amount.
    pub reservation_transaction: Option<String>,
    /// Ledger transaction that paid the refund out, once SUCCEEDED.
    pub refund_transaction: Option<String>,
    pub rejection: Option<Rejection>,
    pub failure_reason: Option<String>,
    /// A member's decision on a refund the provider never answered about
    /// (`POST /refunds/{id}/review`); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resolution: Option<ResolutionView>,
    pub created_at: String,
    pub updated_at: String,
}

pub fn view(refund: &Refund) -> RefundView {
    RefundView {
        id: refund.id.clone(),
        object: "refund",
        livemode: refund.mode.livemode(),
        payment_intent: refund.payment_intent.clone(),
        amount_minor: refund.amount_minor,
        currency: refund.currency.clone(),
        reason: refund.reason.clone(),
        metadata: refund.metadata.clone(),
        status: refund.status,
        reservation_transaction: refund.reservation_transaction.clone(),
        refund_transaction: refund.refund_transaction.clone(),
        rejection: refund.rejection.clone(),
        failure_reason: refund.failure_reason.clone(),
        resolution: refund.resolution.as_ref().map(|r| r.view()),
        created_at: crate::clock::rfc3339(refund.created_at_ms),
        updated_at: crate::clock::rfc3339(refund.updated_at_ms),
    }
}
