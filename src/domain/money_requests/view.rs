//! What the API shows of a money request.

use super::MoneyRequest;
use super::MoneyRequestView;
use crate::clock::rfc3339;

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
