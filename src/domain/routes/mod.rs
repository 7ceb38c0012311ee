//! Cross-border routes (spec sections 2, 3 and 4.6; origin O§20): money from
//! any source (the wallet, or a processor through a funding payment) to any
//! destination (a wallet, a QR code's merchant, mobile money, a bank, an
//! agent's cash pickup, or the sender's own wallet in another currency),
//! through the FX position when the currencies differ.
//!
//! A route is quoted and recorded in one writer command: its [`Figures`]
//! are fixed, the corridor's rules checked (status, licence, limits,
//! purpose), and the money moves at once from the wallet, or when its
//! funding payment is paid (the intent "paid" hook). From then on it
//! proceeds by itself ([`flow`]): converted into the target currency, paid
//! out through the payouts of `domain::payouts` (whose outcome it follows),
//! and settled, each step a balanced posting and a stage of
//! [`state::transition`] with its `route.*` event. Until a payout is made,
//! the money waits in the organisation's `escrow` balance, and a cancel, an
//! expiry or a failure returns all of it ([`legs::unwind`]).

pub mod config;
pub mod currencies;
pub mod ends;
mod flow;
mod funding;
mod legs;
pub mod pricing;
pub mod receipt;
mod review;
pub mod state;
pub mod view;

use crate::domain::resource::Kind;
use serde::{Deserialize, Serialize};

pub use self::config::Config;
pub use self::ends::{Destination, DestinationInput, Source, SourceInput};
pub use self::flow::{cancel, on_payout, on_timer};
pub use self::funding::on_funding_paid;
pub use self::pricing::Figures;
pub use self::review::review;
pub use self::state::Stage;
use self::state::{Refusal, Trigger, transition};
pub use self::view::{QuoteView, RouteView, quote_view, view};

use super::currency::Currency;
use super::fx;
use super::intents::input::PurposeCode;
use super::resource;
use crate::auth::Principal;
use crate::error::{ApiError, Code, Missing};
use crate::events::EventType;
use crate::mode::Mode;
use crate::scheduler::{self, TimerKind};
use crate::store::keys::{self, Family};
use crate::store::{Read, Tx};

/// The smallest amount a recipient may be sent (the payouts' and transfers' smallest).
pub const RECIPIENT_AMOUNT_MIN_MINOR: i64 = 100;
/// Stages one route records at most (its longest path is 11).
pub const STAGES_MAX: usize = 32;
/// A route's `note`.
pub const NOTE_CHARS_MAX: usize = 200;
/// A route's `source_of_funds`.
pub const SOURCE_OF_FUNDS_CHARS_MAX: usize = 200;
/// From this value (USD minor units at the mid rate) a route states its
/// source of funds (O§20: 500,000 base minor).
pub const SOURCE_OF_FUNDS_FROM_USD_MINOR: i64 = 500_000;
/// A route waiting for liquidity expires this long after it started waiting.
pub const LIQUIDITY_WAIT_MS: i64 = 48 * 3_600_000;
/// Cash kept for pickup at an agent is returned after this long.
pub const PICKUP_WAIT_MS: i64 = 7 * 24 * 3_600_000;

/// One stage a route entered, and when.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StageEntry {
    pub stage: Stage,
    pub at_ms: i64,
}

/// The postings of a route, by leg.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Transactions {
    /// The money into escrow (from the wallet, or from the funding payment's pending).
    pub funding: Option<String>,
    /// The exchange leg: the fee, and the conversion through the FX position.
    pub exchange: Option<String>,
    /// The destination's leg: a wallet credit, an agent's fee, or the
    /// payout fee's rounding before the payout.
    pub payout: Option<String>,
    /// Everything given back (cancel, expiry, failure).
    #[serde(rename = "return")]
    pub returned: Option<String>,
}

/// `POST /routes/{id}/cancel`, as recorded.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Cancellation {
    pub reason: String,
    pub at_ms: i64,
}

/// `rt_...`: routes, `route_not_found` when absent or another's.
pub const ROUTE: Kind = Kind::new(
    Family::new("rt"),
    Missing::new(Code::RouteNotFound, "route"),
);

/// A route as stored.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Route {
    pub id: String,
    pub mode: Mode,
    pub owner: String,
    pub stage: Stage,
    pub source: Source,
    pub destination: Destination,
    pub figures: Figures,
    /// The corridor's pair (`USD-CDF`).
    pub corridor: String,
    /// The FX quote the conversion was taken from.
    pub fx_quote: Option<String>,
    /// The exchange leg was posted: the escrow holds the target currency.
    #[serde(default)]
    pub exchanged: bool,
    /// The payout leg's own posting (signed, in the target currency: what
    /// left the escrow for fee revenue; negative when fee revenue paid in).
    #[serde(default)]
    pub payout_leg_minor: i64,
    /// The funding payment (`pi_...`), for a processor source.
    pub funding_payment: Option<String>,
    /// Where its payer pays it (the payment's checkout page), stored with
    /// its page token concealed (`domain::page_tokens`; views reveal it).
    #[serde(default)]
    pub funding_url: Option<String>,
    /// The payout (`po_...`), for mobile money and bank.
    pub payout: Option<String>,
    /// For an agent's cash pickup.
    pub pickup_code: Option<String>,
    pub note: Option<String>,
    pub purpose: Option<PurposeCode>,
    pub source_of_funds: Option<String>,
    /// The remittance this route carries (`rem_...`).
    pub remittance: Option<String>,
    pub stages: Vec<StageEntry>,
    pub transactions: Transactions,
    pub cancellation: Option<Cancellation>,
    /// Why it FAILED or EXPIRED (`payout_failed:invalid_account`, `funding_failed`, ...).
    pub failure_reason: Option<String>,
    /// What came back to the wallet, in `currency`.
    pub returned_minor: Option<i64>,
    /// The refund of a card funding payment made by a cancel.
    pub refund: Option<String>,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
    pub funded_at_ms: Option<i64>,
    pub settled_at_ms: Option<i64>,
    /// The operator's decision that ended its MANUAL_REVIEW or MISMATCHED
    /// stage (`review`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolution: Option<super::review::Resolution>,
}

crate::domain::resource::owned!(Route);

/// A purpose code by its name (`REMITTANCE`).
pub fn purpose_code(name: &str) -> Option<PurposeCode> {
    serde_json::from_value(serde_json::Value::String(name.to_string())).ok()
}

/// A checked request for a new route (from `POST /routes` or a remittance).
pub struct NewRoute {
    /// Its id (`rt_...`), made by the caller (a remittance names its route first).
    pub id: String,
    pub source: Source,
    pub destination: Destination,
    pub figures: Figures,
    /// The FX quote the conversion was priced from ([`price`]).
    pub quote_id: Option<String>,
    pub note: Option<String>,
    pub purpose: Option<PurposeCode>,
    pub source_of_funds: Option<String>,
    pub remittance: Option<String>,
}

impl Route {
    /// Moves the route on by `trigger` (a refused move is a programmer
    /// error here: callers decide the trigger from the stage), records the
    /// stage, and emits its event.
    fn advance(&mut self, tx: &mut Tx<'_>, trigger: Trigger) -> Result<(), ApiError> {
        self.stage = transition(self.stage, trigger).map_err(|refusal| {
            ApiError::internal(format!(
                "route {} is {}: {trigger:?} refused ({refusal:?})",
                self.id,
                self.stage.as_str()
            ))
        })?;
        let now = tx.now_ms();
        self.updated_at_ms = now;
        if self.stages.len() < STAGES_MAX {
            self.stages.push(StageEntry {
                stage: self.stage,
                at_ms: now,
            });
        }
        match self.stage {
            Stage::Funded => self.funded_at_ms = Some(now),
            Stage::Settled => self.settled_at_ms = Some(now),
            _ => {}
        }
        if let Some(event_type) = event_of(self.stage) {
            let rendered = view(tx, self)?;
            resource::emit(tx, event_type, self, &rendered)?;
        }
        super::remittances::on_route(tx, self)
    }

    /// Schedules the route's `RouteExpire` timer at `due_ms`: a route still
    /// waiting then (for its funding, liquidity or a pickup) expires.
    fn expire_at(&self, tx: &mut Tx<'_>, due_ms: i64) -> Result<(), ApiError> {
        let kind = TimerKind::RouteExpire {
            route: self.id.clone(),
        };
        scheduler::schedule(tx, due_ms, kind)?;
        Ok(())
    }

    fn save(&self, tx: &mut Tx<'_>) -> Result<(), ApiError> {
        tx.put_object(self.id.clone(), self)?;
        Ok(())
    }
}

/// The event each stage emits (`route.<stage>`); the stages a route only
/// passes through on its way (CREATED, QUOTED) emit `route.created` once.
fn event_of(stage: Stage) -> Option<EventType> {
    Some(match stage {
        Stage::Quoted => EventType::RouteCreated,
        Stage::FundingPending => EventType::RouteFundingPending,
        Stage::Funded => EventType::RouteFunded,
        Stage::FxReserved => EventType::RouteFxReserved,
        Stage::InsufficientLiquidity => EventType::RouteInsufficientLiquidity,
        Stage::PayoutRouted => EventType::RoutePayoutRouted,
        Stage::PayoutSent => EventType::RoutePayoutSent,
        Stage::EvidenceReceived => EventType::RouteEvidenceReceived,
        Stage::Verifying => EventType::RouteVerifying,
        Stage::Verified => EventType::RouteVerified,
        Stage::Settled => EventType::RouteSettled,
        Stage::Mismatched => EventType::RouteMismatched,
        Stage::ManualReview => EventType::RouteManualReview,
        Stage::Failed => EventType::RouteFailed,
        Stage::Expired => EventType::RouteExpired,
        Stage::Refunded => EventType::RouteRefunded,
        _ => return None,
    })
}

/// The target currency as `POST /routes/payout-currencies` judges it for
/// this destination and this payout.
pub fn judge_target(
    config: &Config,
    mode: Mode,
    now_ms: i64,
    figures: &Figures,
    destination: &Destination,
) -> currencies::CurrencyOption {
    let question = currencies::Question {
        config,
        mode,
        now_ms,
        source_currency: &figures.currency,
        local: destination.local_currency(),
        operator_currencies: destination.operator_currencies(),
        needs_liquidity: destination.leaves_the_gateway(),
    };
    currencies::judge(
        &question,
        &figures.target_currency,
        Some(figures.recipient_amount_minor),
        true,
    )
}

/// The corridor's rules for a new route, checked inside the writer in the
/// origin's order (O§20): 403 corridor closed, 422 payout currency
/// unavailable, purpose, 422 per-transfer limit, 422 the month's limit
/// (counted here, so two concurrent routes cannot both pass it; the month
/// follows the sandbox's clock).
pub fn check_rules(
    tx: &mut Tx<'_>,
    config: &Config,
    mode: Mode,
    owner: &str,
    new: &NewRoute,
) -> Result<config::Corridor, ApiError> {
    let figures = &new.figures;
    let purpose = new.purpose;
    let pair = config::pair(&figures.currency, &figures.target_currency);
    let now = tx.now_ms();
    let corridor = config
        .corridor(mode, &pair, now)
        .map_err(|closed| closed.error(&pair, mode))?;
    let option = judge_target(config, mode, now, figures, &new.destination);
    if !option.available {
        let reasons: Vec<&str> = option.reasons.iter().map(|r| r.as_str()).collect();
        return Err(ApiError::new(
            Code::PayoutCurrencyUnavailable,
            format!(
                "the recipient cannot be paid in {} now ({}); see POST /routes/payout-currencies; nothing moved",
                figures.target_currency,
                reasons.join(", ")
            ),
        )
        .with_param("target_currency")
        .with_detail("reasons", reasons));
    }
    let allowed = corridor.purposes.is_empty()
        || purpose.is_some_and(|p| corridor.purposes.iter().any(|c| purpose_code(c) == Some(p)));
    if (corridor.purpose_required && purpose.is_none()) || !allowed {
        return Err(ApiError::new(
            Code::PurposeNotAllowed,
            format!(
                "the {pair} corridor carries only the purposes {}{}",
                if corridor.purposes.is_empty() {
                    "any".to_string()
                } else {
                    corridor.purposes.join(", ")
                },
                if corridor.purpose_required {
                    ", and a purpose is required"
                } else {
                    ""
                }
            ),
        )
        .with_param("purpose"));
    }
    let amount = figures.amount_minor;
    if amount > corridor.per_transfer_limit_minor {
        return Err(ApiError::new(
            Code::CorridorLimit,
            format!(
                "the {pair} corridor carries at most {} {} minor units per transfer (got {amount}); nothing moved",
                corridor.per_transfer_limit_minor, figures.currency
            ),
        )
        .with_param("amount_minor"));
    }
    let key = keys::corridor_month(mode, owner, &pair, &month_of(now));
    let sent = tx.index_count(&key)?.unwrap_or(0);
    if sent.saturating_add(amount) > corridor.monthly_limit_minor {
        return Err(ApiError::new(
            Code::MonthlyLimitExceeded,
            format!(
                "the {pair} corridor carries at most {} {} minor units a month per organisation; {sent} sent this month (UTC), {amount} more would pass it; nothing moved",
                corridor.monthly_limit_minor, figures.currency
            ),
        )
        .with_param("amount_minor")
        .with_detail("sent_this_month_minor", sent)
        .with_detail("monthly_limit_minor", corridor.monthly_limit_minor));
    }
    tx.put_index_count(key, sent + amount);
    Ok(corridor)
}

/// Whether `amount_minor` of `currency` is worth [`SOURCE_OF_FUNDS_FROM_USD_MINOR`]
/// or more at the mid-market rate (a currency no rate measures never is).
pub fn source_of_funds_required(
    read: &impl Read,
    mode: Mode,
    amount_minor: i64,
    currency: Currency,
) -> Result<bool, ApiError> {
    let Some(usd) = super::currency::find(fx::rates::PIVOT) else {
        return Ok(false);
    };
    let value = if currency == usd {
        Some(amount_minor)
    } else {
        fx::rates::table(read, mode)?.mid(currency, usd).map(|mid| {
            fx::convert::convert(amount_minor, currency, usd, mid.rate).unwrap_or(i64::MAX)
        })
    };
    Ok(value.is_some_and(|v| v >= SOURCE_OF_FUNDS_FROM_USD_MINOR))
}

/// `2027-01` of a time in ms (UTC).
pub fn month_of(ms: i64) -> String {
    let date = time::OffsetDateTime::from_unix_timestamp(ms.div_euclid(1_000))
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    format!("{:04}-{:02}", date.year(), u8::from(date.month()))
}

/// What a route is asked to move, before it is priced.
pub struct Ask<'a> {
    pub amount_minor: i64,
    pub currency: Currency,
    pub target_currency: Currency,
    pub source: &'a Source,
    pub destination: &'a Destination,
}

/// How [`price`] gets the FX leg's rate.
#[derive(Debug, Clone, Copy)]
pub enum FxLock<'a> {
    /// `POST /routes/quote`: lock a new FX quote (LOCKED for 120 s), for the client to pass as `quote_id`.
    Offer,
    /// `POST /routes`: take the client's quote, or a fresh one, once.
    Take(Option<&'a str>),
}

/// Prices a route (O§20's formulas, `pricing`): the funding payment's fees,
/// the FX leg as an FX quote of the budget (taken or offered, so the route
/// and its quote agree to the unit), and the destination's fee inside.
pub fn price(
    tx: &mut Tx<'_>,
    principal: &Principal,
    ask: &Ask<'_>,
    lock: FxLock<'_>,
) -> Result<(Figures, Option<fx::Quote>), ApiError> {
    let funding_fee = ask.source.funding_fee_minor(ask.amount_minor);
    let budget = ask.amount_minor - funding_fee;
    if budget < RECIPIENT_AMOUNT_MIN_MINOR {
        return Err(ApiError::new(
            Code::InvalidAmount,
            format!(
                "amount_minor {} leaves {budget} after the funding payment's fees of {funding_fee}: too small to send",
                ask.amount_minor
            ),
        )
        .with_param("amount_minor"));
    }
    let (source, target) = (ask.currency.code, ask.target_currency.code);
    let quote = if source == target {
        if let FxLock::Take(Some(_)) = lock {
            return Err(ApiError::field(
                "quote_id",
                format!("a route from {source} to {target} converts nothing: leave quote_id out"),
            ));
        }
        None
    } else {
        Some(fx_quote(tx, principal, budget, source, target, lock)?)
    };
    let priced = quote.as_ref().map(|q| {
        (
            fx::Priced {
                fee_minor: q.fee_minor,
                rate: q.rate,
                recipient_minor: q.recipient_amount_minor,
            },
            q.mid_rate,
            q.margin_bps,
        )
    });
    let figures = pricing::route(pricing::RouteInput {
        amount_minor: ask.amount_minor,
        currency: ask.currency,
        target_currency: ask.target_currency,
        funding_fee_minor: funding_fee,
        fx: priced
            .as_ref()
            .map(|(priced, mid_rate, margin_bps)| pricing::Fx {
                priced,
                mid_rate: *mid_rate,
                margin_bps: *margin_bps,
            }),
        payout_fee: ask.destination.payout_fee(),
    })?;
    Ok((figures, quote))
}

/// The FX quote of the route's budget: offered (locked, not used), or
/// taken (the client's, which must be of the budget, or a fresh one).
fn fx_quote(
    tx: &mut Tx<'_>,
    principal: &Principal,
    budget: i64,
    source: &str,
    target: &str,
    lock: FxLock<'_>,
) -> Result<fx::Quote, ApiError> {
    let fresh = |tx: &mut Tx<'_>| {
        let new = fx::NewQuote::parse(budget, source, target)?;
        fx::create(tx, principal, new)
    };
    match lock {
        FxLock::Offer => fresh(tx),
        FxLock::Take(None) => {
            let quote = fresh(tx)?;
            fx::take_quote(tx, principal, &quote.id, source, target)
        }
        FxLock::Take(Some(id)) => {
            let quote = fx::take_quote(tx, principal, id, source, target)?;
            if quote.amount_minor != budget {
                return Err(ApiError::field(
                    "quote_id",
                    format!(
                        "{id} converts {} {source} minor units; this route converts {budget} (the amount less the funding payment's fees): quote the route again",
                        quote.amount_minor
                    ),
                ));
            }
            Ok(quote)
        }
    }
}

/// Records a new route and moves its money as far as it goes now (`POST
/// /routes`, and each remittance). Any refusal leaves nothing written.
pub fn create(
    tx: &mut Tx<'_>,
    settings: &super::Settings,
    principal: &Principal,
    new: NewRoute,
) -> Result<Route, ApiError> {
    let (mode, owner) = (principal.mode, principal.owner().to_string());
    let config = &settings.routes;
    let corridor = check_rules(tx, config, mode, &owner, &new)?;
    if let Some(payout) = new.destination.payout() {
        // Live mode without a connector: refused before anything moves.
        crate::rails::for_mode(mode, payout.rail())?;
    }
    if let Some(rail) = new.source.rail() {
        crate::rails::for_mode(mode, rail)?;
    }
    let now = tx.now_ms();
    let mut route = Route {
        id: new.id,
        mode,
        owner,
        stage: Stage::Created,
        source: new.source,
        destination: new.destination,
        figures: new.figures,
        corridor: corridor.pair,
        fx_quote: new.quote_id,
        exchanged: false,
        payout_leg_minor: 0,
        funding_payment: None,
        funding_url: None,
        payout: None,
        pickup_code: None,
        note: new.note,
        purpose: new.purpose,
        source_of_funds: new.source_of_funds,
        remittance: new.remittance,
        stages: vec![StageEntry {
            stage: Stage::Created,
            at_ms: now,
        }],
        transactions: Transactions::default(),
        cancellation: None,
        failure_reason: None,
        returned_minor: None,
        refund: None,
        created_at_ms: now,
        updated_at_ms: now,
        funded_at_ms: None,
        settled_at_ms: None,
        resolution: None,
    };
    resource::insert(tx, ROUTE.family, &route)?;
    route.advance(tx, Trigger::Quote)?;
    flow::fund(tx, settings, principal, route)
}

/// The caller's route `id`, from a snapshot or inside a command.
pub fn read(read: &impl Read, principal: &Principal, id: &str) -> Result<Route, ApiError> {
    resource::find(read, principal, id, &ROUTE)
}

/// A refusal of `transition` as the API answers it: 409
/// `payout_in_progress` while the payout is executed, else 409
/// `invalid_stage_transition`.
fn refusal_error(route: &Route, action: &str, refusal: Refusal) -> ApiError {
    match refusal {
        Refusal::AttemptInFlight => ApiError::new(
            Code::PayoutInProgress,
            format!(
                "route {} cannot be {action}: its payout is being executed ({}); wait for its outcome",
                route.id,
                route.stage.as_str()
            ),
        ),
        _ => ApiError::new(
            Code::InvalidStageTransition,
            format!(
                "route {} is {} ({}); it cannot be {action} now",
                route.id,
                route.stage.as_str(),
                route.stage.label()
            ),
        )
        .with_detail("stage", route.stage.as_str()),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn months_are_utc_calendar_months() {
        assert_eq!(super::month_of(0), "1970-01");
        // 2027-01-31T23:59:59.999Z and a millisecond later.
        assert_eq!(super::month_of(1_801_439_999_999), "2027-01");
        assert_eq!(super::month_of(1_801_440_000_000), "2027-02");
    }
}
