//! What the API shows of a money request.

use serde::Serialize;

use super::{MoneyRequest, PayerKind, Status};
use crate::clock::rfc3339;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MoneyRequestView {
    pub code: String,
    /// Always `money_request`.
    pub object: &'static str,
    pub livemode: bool,
    pub payer: String,
    pub payer_kind: PayerKind,
    pub amount_minor: i64,
    pub currency: String,
    pub description: Option<String>,
    pub status: Status,
    /// Where the payer pays.
    pub pay_url: String,
    pub payment_intent: String,
    pub expires_at: String,
    pub created_at: String,
}

pub fn view(request: &MoneyRequest, public_url: &str) -> MoneyRequestView {
    MoneyRequestView {
        code: request.code.clone(),
        object: "money_request",
        livemode: request.mode.livemode(),
        payer: request.payer.clone(),
        payer_kind: request.payer_kind,
        amount_minor: request.amount_minor,
        currency: request.currency.clone(),
        description: request.description.clone(),
        status: request.status,
        pay_url: format!("{public_url}/r/{}", request.code),
        payment_intent: request.payment_intent.clone(),
        expires_at: rfc3339(request.expires_at_ms),
        created_at: rfc3339(request.created_at_ms),
    }
}
