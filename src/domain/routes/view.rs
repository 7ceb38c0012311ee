//! What the API shows of a route and of a route quote (O§20's fields,
//! snake_case).

use serde::Serialize;
use utoipa::ToSchema;

use super::currencies::CurrencyOption;
use super::ends::{Destination, Source};
use super::pricing::Figures;
use super::state::{Group, Stage};
use super::{Route, Transactions};
use crate::clock::rfc3339;
use crate::domain::fx::FxQuoteView;
use crate::domain::intents::input::PurposeCode;
use crate::domain::payouts::{self, Payout, PayoutView};
use crate::domain::ranking;
use crate::domain::review::{Resolution, ResolutionView};
use crate::error::ApiError;
use crate::store::Read;

/// A route's figures (its quote), as fixed when it was created.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = RouteFigures)]
pub struct FiguresView {
    /// What the sender pays in all, in `currency`.
    pub amount_minor: i64,
    pub currency: String,
    pub target_currency: String,
    /// The funding payment's own fees (provider, service, tax), inside the
    /// amount; 0 from the wallet.
    pub funding_fee_minor: i64,
    /// The part of `funding_fee_minor` a card charges (the origin's `card_fee`).
    pub card_fee_minor: i64,
    /// The FX leg's fee (80 bps of what it converts), or a remittance's fee; in `currency`.
    pub exchange_fee_minor: i64,
    /// The destination's fee, inside the converted amount, in `target_currency`.
    pub payout_fee_minor: i64,
    /// What the gateway keeps in `currency` (funding and exchange fees, the
    /// card fee excepted, as the origin counts it).
    pub platform_fee_minor: i64,
    /// What enters the conversion, in `currency`.
    pub sent_minor: i64,
    /// What the conversion yields, in `target_currency` (the origin's `target_amount`).
    pub converted_minor: i64,
    /// What the recipient gets, in `target_currency`.
    pub recipient_amount_minor: i64,
    /// The customer's rate (mid less margin), as a decimal string; `null` without a conversion.
    pub rate: Option<String>,
    pub mid_rate: Option<String>,
    pub margin_bps: u32,
    /// A remittance: the payout's own fee is part of the remittance fee.
    pub payout_fee_included: bool,
}

pub fn figures_view(f: &Figures, source: &Source) -> FiguresView {
    let card = source.method == super::ends::SourceMethod::Card;
    FiguresView {
        amount_minor: f.amount_minor,
        currency: f.currency.clone(),
        target_currency: f.target_currency.clone(),
        funding_fee_minor: f.funding_fee_minor,
        card_fee_minor: if card { f.funding_fee_minor } else { 0 },
        exchange_fee_minor: f.exchange_fee_minor,
        payout_fee_minor: f.payout_fee_minor,
        platform_fee_minor: f.platform_fee_minor() - if card { f.funding_fee_minor } else { 0 },
        sent_minor: f.sent_minor,
        converted_minor: f.converted_minor,
        recipient_amount_minor: f.recipient_amount_minor,
        rate: f.rate.map(|r| r.to_string()),
        mid_rate: f.mid_rate.map(|r| r.to_string()),
        margin_bps: f.margin_bps,
        payout_fee_included: f.payout_fee_included,
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = RouteStageEntry)]
pub struct StageView {
    pub stage: Stage,
    pub at: String,
}

/// The funding payment of a processor-funded route.
#[derive(Debug, Serialize, ToSchema)]
pub struct RouteFundingView {
    /// `wallet`, `card`, `bank`, `mobile_money`.
    pub method: super::ends::SourceMethod,
    /// The funding payment (`pi_...`).
    pub payment_intent: Option<String>,
    /// Where the payer pays it (card, bank, or mobile money without a phone).
    pub checkout_url: Option<String>,
    /// The posting that moved the money into escrow.
    pub transaction: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RouteCancellationView {
    pub reason: String,
    pub cancelled_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RouteDestinationView {
    /// A short description for a person.
    pub label: String,
    #[serde(flatten)]
    pub destination: Destination,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RouteView {
    /// `rt_...`
    pub id: String,
    /// Always `route`.
    pub object: &'static str,
    pub livemode: bool,
    pub stage: Stage,
    pub stage_label: &'static str,
    pub stage_group: Group,
    pub stage_description: &'static str,
    /// The origin's legacy status: `funding`, `funded`, `pending`, `completed`, `failed`, `refunded`.
    pub status: &'static str,
    pub amount_minor: i64,
    pub currency: String,
    pub target_currency: String,
    pub recipient_amount_minor: i64,
    pub source: Source,
    pub destination: RouteDestinationView,
    /// The route's figures.
    pub quote: FiguresView,
    /// The corridor's pair (`USD-CDF`).
    pub corridor: String,
    /// The FX quote the conversion was taken from (`fxq_...`).
    pub fx_quote: Option<String>,
    pub funding: RouteFundingView,
    /// The payout, for mobile money and bank, as `GET /payouts/{id}` shows it.
    pub payout: Option<PayoutView>,
    /// An agent's cash pickup: the code the recipient shows.
    pub pickup_code: Option<String>,
    pub note: Option<String>,
    pub purpose: Option<PurposeCode>,
    pub source_of_funds: Option<String>,
    /// The remittance this route carries (`rem_...`).
    pub remittance: Option<String>,
    /// Every stage it entered, in order.
    pub stages: Vec<StageView>,
    pub transactions: TransactionsView,
    pub cancellation: Option<RouteCancellationView>,
    /// Why it FAILED or EXPIRED.
    pub failure_reason: Option<String>,
    /// What came back to the wallet after a cancel, an expiry or a failure, in `currency`.
    pub returned_minor: Option<i64>,
    /// The refund of a card funding payment a cancel made (`re_...`).
    pub refund: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    pub funded_at: Option<String>,
    pub settled_at: Option<String>,
    /// The operator's decision that ended its MANUAL_REVIEW or MISMATCHED
    /// stage (`POST /routes/{id}/review`, or its payout's review).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resolution: Option<ResolutionView>,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = RouteTransactions)]
pub struct TransactionsView {
    pub funding: Option<String>,
    pub exchange: Option<String>,
    pub payout: Option<String>,
    #[serde(rename = "return")]
    pub returned: Option<String>,
}

fn transactions_view(t: &Transactions) -> TransactionsView {
    TransactionsView {
        funding: t.funding.clone(),
        exchange: t.exchange.clone(),
        payout: t.payout.clone(),
        returned: t.returned.clone(),
    }
}

/// The route as its owner sees it; its payout is read from `read`.
pub fn view(read: &impl Read, route: &Route) -> Result<RouteView, ApiError> {
    let payout = match &route.payout {
        Some(id) => read.object::<Payout>(id)?.map(|p| payouts::view(&p)),
        None => None,
    };
    let f = &route.figures;
    Ok(RouteView {
        id: route.id.clone(),
        object: "route",
        livemode: route.mode.livemode(),
        stage: route.stage,
        stage_label: route.stage.label(),
        stage_group: route.stage.group(),
        stage_description: route.stage.description(),
        status: route.stage.legacy_status(),
        amount_minor: f.amount_minor,
        currency: f.currency.clone(),
        target_currency: f.target_currency.clone(),
        recipient_amount_minor: f.recipient_amount_minor,
        source: route.source.clone(),
        destination: RouteDestinationView {
            label: route.destination.label(),
            destination: route.destination.clone(),
        },
        quote: figures_view(f, &route.source),
        corridor: route.corridor.clone(),
        fx_quote: route.fx_quote.clone(),
        funding: RouteFundingView {
            method: route.source.method,
            payment_intent: route.funding_payment.clone(),
            checkout_url: route
                .funding_url
                .as_deref()
                .map(crate::domain::page_tokens::revealed),
            transaction: route.transactions.funding.clone(),
        },
        payout,
        pickup_code: route.pickup_code.clone(),
        note: route.note.clone(),
        purpose: route.purpose,
        source_of_funds: route.source_of_funds.clone(),
        remittance: route.remittance.clone(),
        stages: route
            .stages
            .iter()
            .map(|s| StageView {
                stage: s.stage,
                at: rfc3339(s.at_ms),
            })
            .collect(),
        transactions: transactions_view(&route.transactions),
        cancellation: route.cancellation.as_ref().map(|c| RouteCancellationView {
            reason: c.reason.clone(),
            cancelled_at: rfc3339(c.at_ms),
        }),
        failure_reason: route.failure_reason.clone(),
        returned_minor: route.returned_minor,
        refund: route.refund.clone(),
        created_at: rfc3339(route.created_at_ms),
        updated_at: rfc3339(route.updated_at_ms),
        funded_at: route.funded_at_ms.map(rfc3339),
        settled_at: route.settled_at_ms.map(rfc3339),
        resolution: route.resolution.as_ref().map(Resolution::view),
    })
}

/// One leg of a quoted route.
#[derive(Debug, Serialize, ToSchema)]
pub struct LegView {
    /// `funding`, `exchange` or `payout`.
    pub leg: &'static str,
    /// The rail or method: `wallet`, `mobile_money`, `card`, `bank`, `fx`, `qr`, `agent`, `keep`.
    pub method: String,
    /// The catalogue rail that carries it (`mpesa`, `switch`, ...), when one does.
    pub rail_id: Option<String>,
    pub amount_minor: i64,
    pub currency: String,
    pub fee_minor: i64,
    pub estimated_seconds: i64,
}

/// Where the money goes, as the quote previews it.
#[derive(Debug, Serialize, ToSchema)]
pub struct DestinationPreview {
    pub method: super::ends::DestinationMethod,
    pub label: String,
    /// The organisation of this gateway it pays (wallet, QR).
    pub recipient: Option<String>,
    /// Paid within a minute or so once funded.
    pub instant: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = RouteCorridorView)]
pub struct CorridorView {
    pub pair: String,
    pub status: super::config::CorridorStatus,
    /// Not configured: the sandbox made it up.
    pub automatic: bool,
    pub per_transfer_limit_minor: i64,
    pub monthly_limit_minor: i64,
}

/// `POST /routes/quote`: the full disclosure before a route is made.
#[derive(Debug, Serialize, ToSchema)]
pub struct QuoteView {
    /// Always `route_quote`.
    pub object: &'static str,
    pub livemode: bool,
    pub source: Source,
    pub destination: DestinationPreview,
    #[serde(flatten)]
    pub figures: FiguresView,
    /// The locked FX quote of the conversion: pass its id as `quote_id` to
    /// `POST /routes` within 120 s to get these figures.
    pub fx: Option<FxQuoteView>,
    /// The recipient amount is guaranteed (no conversion, or a LOCKED quote) until `quote_expires_at`.
    pub guaranteed_recipient_amount_minor: Option<i64>,
    pub quote_expires_at: Option<String>,
    pub corridor: CorridorView,
    /// The amount is worth USD 5,000 or more: `POST /routes` needs `source_of_funds`.
    pub source_of_funds_required: bool,
    pub estimated_delivery_seconds: i64,
    pub legs: Vec<LegView>,
    /// The payout rails of a mobile-money or bank destination, ranked.
    pub payout_rails: Vec<ranking::Route>,
    /// The target currency as `POST /routes/payout-currencies` judges it.
    pub payout_currency: CurrencyOption,
    /// What the sender declares by sending.
    pub declaration: &'static str,
    pub refund_conditions: &'static str,
    pub payout_conditions: &'static str,
}

pub const DECLARATION: &str = "I confirm the money is mine or my organisation's, is not the proceeds of crime, and is sent for the stated purpose.";
pub const REFUND_CONDITIONS: &str = "Until a payout is made, POST /routes/{id}/cancel returns everything the route holds to the wallet (a card funding payment is refunded to the card); a failed payout returns it by itself.";
pub const PAYOUT_CONDITIONS: &str = "The payout leaves once the route is funded, if the payout currency's float can carry it; otherwise the route waits up to 48 hours, then returns the money.";

pub struct QuoteParts {
    pub livemode: bool,
    pub source: Source,
    pub destination: DestinationPreview,
    pub figures: FiguresView,
    pub fx: Option<FxQuoteView>,
    pub corridor: CorridorView,
    pub source_of_funds_required: bool,
    pub legs: Vec<LegView>,
    pub payout_rails: Vec<ranking::Route>,
    pub payout_currency: CurrencyOption,
}

pub fn quote_view(parts: QuoteParts) -> QuoteView {
    let locked = parts
        .fx
        .as_ref()
        .is_none_or(|q| q.status == crate::domain::fx::Status::Locked);
    let estimated = parts.legs.iter().map(|l| l.estimated_seconds).sum();
    QuoteView {
        object: "route_quote",
        livemode: parts.livemode,
        guaranteed_recipient_amount_minor: locked.then_some(parts.figures.recipient_amount_minor),
        quote_expires_at: parts.fx.as_ref().map(|q| q.expires_at.clone()),
        source: parts.source,
        destination: parts.destination,
        figures: parts.figures,
        fx: parts.fx,
        corridor: parts.corridor,
        source_of_funds_required: parts.source_of_funds_required,
        estimated_delivery_seconds: estimated,
        legs: parts.legs,
        payout_rails: parts.payout_rails,
        payout_currency: parts.payout_currency,
        declaration: DECLARATION,
        refund_conditions: REFUND_CONDITIONS,
        payout_conditions: PAYOUT_CONDITIONS,
    }
}
