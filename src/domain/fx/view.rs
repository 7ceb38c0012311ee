//! What the API shows of a quote and of a rate.

use serde::Serialize;

use super::rates::{Entry, is_stale};
use super::{Quote, Reason, Status, status_at};
use crate::clock::rfc3339;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FxQuoteView {
    /// `fxq_...`
    pub id: String,
    /// Always `fx_quote`.
    pub object: &'static str,
    pub livemode: bool,
    /// What is converted, in `currency` minor units (the fee included).
    pub amount_minor: i64,
    pub currency: String,
    pub target_currency: String,
    /// Units of `target_currency` per unit of `currency` at the mid-market
    /// rate, as an exact decimal string (18 places at most).
    #[schema(example = "2800")]
    pub mid_rate: String,
    /// The margin of the pair, in basis points.
    pub margin_bps: u32,
    /// The customer's rate: `mid_rate × (1 − margin_bps / 10 000)`, rounded
    /// down at 18 places; a decimal string.
    #[schema(example = "2772")]
    pub rate: String,
    /// The exchange fee, in basis points of `amount_minor`.
    pub fee_bps: u32,
    /// The exchange fee in `currency` minor units (half up).
    pub fee_minor: i64,
    /// What the recipient gets in `target_currency` minor units:
    /// `(amount_minor − fee_minor) × rate`, rounded down.
    pub recipient_amount_minor: i64,
    /// When the mid-market rate was set (its oldest leg for a cross rate); a
    /// sandbox default rate is as of the quote.
    pub rate_timestamp: String,
    /// The mid-market rate is the sandbox's built-in one.
    pub sandbox_rate: bool,
    /// `LOCKED`, `INDICATIVE`, or `EXPIRED` from `expires_at` on (the
    /// sandbox's clock in test mode).
    pub status: Status,
    /// The rate is guaranteed until `expires_at` (the quote was created LOCKED).
    pub guaranteed: bool,
    /// Why the quote is INDICATIVE: `rate_stale` (a rate older than 24 h),
    /// `amount_above_lock_max` (worth over USD 100,000), `no_usd_rate`.
    pub indicative_reason: Option<Reason>,
    pub expires_at: String,
    pub created_at: String,
    /// When a transfer or a route took it; a quote is honoured once.
    pub used_at: Option<String>,
}

/// `quote` as its owner sees it at `now_ms` (the sandbox's clock).
pub fn quote_view(quote: &Quote, now_ms: i64) -> FxQuoteView {
    FxQuoteView {
        id: quote.id.clone(),
        object: "fx_quote",
        livemode: quote.mode.livemode(),
        amount_minor: quote.amount_minor,
        currency: quote.currency.clone(),
        target_currency: quote.target_currency.clone(),
        mid_rate: quote.mid_rate.to_string(),
        margin_bps: quote.margin_bps,
        rate: quote.rate.to_string(),
        fee_bps: quote.fee_bps,
        fee_minor: quote.fee_minor,
        recipient_amount_minor: quote.recipient_amount_minor,
        rate_timestamp: rfc3339(quote.rate_timestamp_ms),
        sandbox_rate: quote.sandbox_rate,
        status: status_at(quote, now_ms),
        guaranteed: quote.status == Status::Locked,
        indicative_reason: quote.indicative_reason,
        expires_at: rfc3339(quote.expires_at_ms),
        created_at: rfc3339(quote.created_at_ms),
        used_at: quote.used_at_ms.map(rfc3339),
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RateView {
    /// Always `fx_rate`.
    pub object: &'static str,
    pub livemode: bool,
    /// `BASE-QUOTE`: one `BASE` buys `mid_rate` of `QUOTE`.
    #[schema(example = "USD-CDF")]
    pub pair: String,
    /// The mid-market rate, an exact decimal string.
    #[schema(example = "2800")]
    pub mid_rate: String,
    /// The margin policy of the pair, in basis points.
    pub margin_bps: u32,
    /// `sandbox_default` (built in, never stale) or `operator` (set by
    /// `paygate fx set-rate` or `PUT /fx/rates/{pair}`).
    pub source: &'static str,
    /// When an operator set it.
    pub updated_at: Option<String>,
    /// Who set it: a member's email, or `cli`.
    pub updated_by: Option<String>,
    /// Older than 24 h: quotes priced from it are INDICATIVE.
    pub stale: bool,
}

/// `entry` of a table of `livemode`, as of `now_ms`.
pub fn rate_view(entry: &Entry, livemode: bool, now_ms: i64) -> RateView {
    let updated = entry.updated.as_ref();
    RateView {
        object: "fx_rate",
        livemode,
        pair: entry.pair.clone(),
        mid_rate: entry.mid_rate.to_string(),
        margin_bps: entry.margin_bps,
        source: if updated.is_some() {
            "operator"
        } else {
            "sandbox_default"
        },
        updated_at: updated.map(|s| rfc3339(s.at_ms)),
        updated_by: updated.map(|s| s.by.clone()),
        stale: updated.is_some_and(|s| is_stale(s.at_ms, now_ms)),
    }
}
