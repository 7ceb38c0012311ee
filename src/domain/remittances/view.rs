//! What the API shows of a remittance and of a remittance quote (O§21's
//! fields, snake_case).

use serde::Serialize;
use utoipa::ToSchema;

use super::{PayoutMethod, Recipient, Remittance, Status};
use crate::clock::rfc3339;
use crate::domain::intents::input::PurposeCode;
use crate::domain::routes::ends::SourceMethod;
use crate::domain::routes::{Figures, Route, Stage};

#[derive(Debug, Serialize, ToSchema)]
pub struct RemittanceView {
    /// `rem_...`
    pub id: String,
    /// Always `remittance`.
    pub object: &'static str,
    pub livemode: bool,
    pub status: Status,
    pub payout_method: PayoutMethod,
    pub recipient: Recipient,
    /// The recipient organisation of a wallet remittance (`org_...`).
    pub recipient_organisation: Option<String>,
    /// `wallet`, or the processor that funds it.
    pub source_method: SourceMethod,
    /// What is sent, before the fee, in `source_currency`.
    pub source_amount_minor: i64,
    pub source_currency: String,
    /// The remittance fee: 100 bps of the amount, on top (at least 1).
    pub fee_minor: i64,
    /// What the sender pays in all: amount and fee.
    pub total_minor: i64,
    /// What the recipient gets, in `target_currency`.
    pub target_amount_minor: i64,
    pub target_currency: String,
    /// The customer's rate (mid less margin); `null` without a conversion.
    pub rate: Option<String>,
    pub mid_rate: Option<String>,
    pub margin_bps: u32,
    /// Cash pickup: the code the recipient shows at the agent (`XXXX-XXXX`).
    pub pickup_code: Option<String>,
    pub note: Option<String>,
    pub purpose: Option<PurposeCode>,
    /// The route that carries it (`rt_...`): its stages, postings and payout.
    pub route: String,
    /// The route's stage, when it was read with the remittance.
    pub route_stage: Option<Stage>,
    /// A processor-funded remittance: the funding payment (`pi_...`) and where the payer pays it.
    pub funding_payment: Option<String>,
    pub funding_url: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    pub completed_at: Option<String>,
}

pub fn view(r: &Remittance, route: Option<&Route>) -> RemittanceView {
    RemittanceView {
        id: r.id.clone(),
        object: "remittance",
        livemode: r.mode.livemode(),
        status: r.status,
        payout_method: r.payout_method,
        recipient: r.recipient.clone(),
        recipient_organisation: r.recipient_organisation.clone(),
        source_method: r.source.method,
        source_amount_minor: r.amount_minor,
        source_currency: r.currency.clone(),
        fee_minor: r.fee_minor,
        total_minor: r.total_minor,
        target_amount_minor: r.target_amount_minor,
        target_currency: r.target_currency.clone(),
        rate: r.rate.map(|x| x.to_string()),
        mid_rate: r.mid_rate.map(|x| x.to_string()),
        margin_bps: r.margin_bps,
        pickup_code: r.pickup_code.clone(),
        note: r.note.clone(),
        purpose: r.purpose,
        route: r.route.clone(),
        route_stage: route.map(|route| route.stage),
        funding_payment: route.and_then(|route| route.funding_payment.clone()),
        funding_url: route
            .and_then(|route| route.funding_url.as_deref())
            .map(crate::domain::page_tokens::revealed),
        created_at: rfc3339(r.created_at_ms),
        updated_at: rfc3339(r.updated_at_ms),
        completed_at: r.completed_at_ms.map(rfc3339),
    }
}

/// `GET /remittances/quote` (O§21).
#[derive(Debug, Serialize, ToSchema)]
pub struct RemittanceQuoteView {
    /// Always `remittance_quote`.
    pub object: &'static str,
    pub source_amount_minor: i64,
    pub source_currency: String,
    /// `round(source × mid × (1 − margin))`, rounded down to the target's minor unit.
    pub target_amount_minor: i64,
    pub target_currency: String,
    pub rate: Option<String>,
    pub mid_rate: Option<String>,
    pub margin_bps: u32,
    /// 100 bps of the amount, on top, at least 1.
    pub fee_bps: i64,
    pub fee_minor: i64,
    /// What the sender pays in all.
    pub total_minor: i64,
}

pub fn quote_view(f: &Figures) -> RemittanceQuoteView {
    RemittanceQuoteView {
        object: "remittance_quote",
        source_amount_minor: f.sent_minor,
        source_currency: f.currency.clone(),
        target_amount_minor: f.recipient_amount_minor,
        target_currency: f.target_currency.clone(),
        rate: f.rate.map(|x| x.to_string()),
        mid_rate: f.mid_rate.map(|x| x.to_string()),
        margin_bps: f.margin_bps,
        fee_bps: crate::domain::routes::pricing::REMITTANCE_FEE_BPS,
        fee_minor: f.exchange_fee_minor,
        total_minor: f.amount_minor,
    }
}
