//! What the API shows of a transfer: each side sees its own direction.

use serde::Serialize;

use super::{Status, Transfer};
use crate::clock::rfc3339;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TransferView {
    pub id: String,
    /// Always `transfer`.
    pub object: &'static str,
    pub livemode: bool,
    /// `outgoing` for the sender, `incoming` for the recipient.
    pub direction: &'static str,
    /// The sender's organisation id.
    pub from: String,
    /// The recipient's organisation id.
    pub to: String,
    pub amount_minor: i64,
    /// Paid by the sender, on top of the amount.
    pub fee_minor: i64,
    pub currency: String,
    /// What the recipient got: the amount, or the FX quote's recipient amount.
    pub received_minor: i64,
    pub received_currency: String,
    /// The FX quote the transfer converted with, if any.
    pub quote_id: Option<String>,
    pub note: Option<String>,
    pub status: Status,
    /// The ledger posting.
    pub transaction: String,
    pub created_at: String,
}

/// The transfer as `side` (an organisation id) sees it.
pub fn view(t: &Transfer, side: &str) -> TransferView {
    TransferView {
        id: t.id.clone(),
        object: "transfer",
        livemode: t.mode.livemode(),
        direction: if side == t.recipient {
            "incoming"
        } else {
            "outgoing"
        },
        from: t.owner.clone(),
        to: t.recipient.clone(),
        amount_minor: t.amount_minor,
        fee_minor: t.fee_minor,
        currency: t.currency.clone(),
        received_minor: t.received_minor,
        received_currency: t.received_currency.clone(),
        quote_id: t.quote_id.clone(),
        note: t.note.clone(),
        status: t.status,
        transaction: t.transaction.clone(),
        created_at: rfc3339(t.created_at_ms),
    }
}
