//! What the API shows of sessions and links.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{LineItem, Link, LinkStatus, Session, SessionStatus};
use crate::clock::rfc3339;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CheckoutSessionView {
    pub id: String,
    /// Always `checkout_session`.
    pub object: &'static str,
    pub livemode: bool,
    pub status: SessionStatus,
    pub line_items: Vec<LineItem>,
    /// The sum of quantity × unit amount, computed by the server.
    pub amount_total_minor: i64,
    pub currency: String,
    /// The hosted page to send the payer to.
    pub url: String,
    pub payment_intent: String,
    pub success_url: Option<String>,
    pub cancel_url: Option<String>,
    pub metadata: BTreeMap<String, String>,
    pub expires_at: String,
    pub completed_at: Option<String>,
    pub created_at: String,
}

pub fn session_view(session: &Session, public_url: &str) -> CheckoutSessionView {
    CheckoutSessionView {
        id: session.id.clone(),
        object: "checkout_session",
        livemode: session.mode.livemode(),
        status: session.status,
        line_items: session.line_items.clone(),
        amount_total_minor: session.amount_total_minor,
        currency: session.currency.clone(),
        url: if session.url_token {
            format!(
                "{public_url}/checkout/{}?t={}",
                session.id,
                super::page_token(&session.id)
            )
        } else {
            format!("{public_url}/checkout/{}", session.id)
        },
        payment_intent: session.payment_intent.clone(),
        success_url: session.success_url.clone(),
        cancel_url: session.cancel_url.clone(),
        metadata: session.metadata.clone(),
        expires_at: rfc3339(session.expires_at_ms),
        completed_at: session.completed_at_ms.map(rfc3339),
        created_at: rfc3339(session.created_at_ms),
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LinkView {
    pub id: String,
    /// Always `payment_link`.
    pub object: &'static str,
    pub livemode: bool,
    pub status: LinkStatus,
    /// Reusable links take any number of payments; single-use links stop after the first.
    pub reusable: bool,
    /// Fixed amount, or null when the payer chooses it.
    pub amount_minor: Option<i64>,
    /// The smallest amount the payer may choose (a link without amount_minor).
    pub minimum_amount_minor: Option<i64>,
    /// The largest amount the payer may choose (a link without amount_minor).
    pub maximum_amount_minor: Option<i64>,
    pub currency: String,
    pub description: Option<String>,
    /// The public URL to share.
    pub url: String,
    pub payments_count: u32,
    /// `deactivated` or `used` once inactive.
    pub inactive_reason: Option<String>,
    pub created_at: String,
}

pub fn link_view(link: &Link, public_url: &str) -> LinkView {
    LinkView {
        id: link.id.clone(),
        object: "payment_link",
        livemode: link.mode.livemode(),
        status: link.status,
        reusable: link.reusable,
        amount_minor: link.amount_minor,
        minimum_amount_minor: link.minimum_amount_minor,
        maximum_amount_minor: link.maximum_amount_minor,
        currency: link.currency.clone(),
        description: link.description.clone(),
        url: format!("{public_url}/l/{}", link.id),
        payments_count: link.payments_count,
        inactive_reason: link.inactive_reason.clone(),
        created_at: rfc3339(link.created_at_ms),
    }
}
