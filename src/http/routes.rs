//! Cross-border routes (spec section 4.6): quotes, the currencies a
//! recipient can be paid in, routes, their receipts and cancels.

use crate::domain::routes::ROUTE;
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::AppState;
use super::command;
use super::command::Write;
use super::extract::{Body, Params, Path, Reader, json, read_json};
use super::list::{self, Rows, named_list};
use super::operations::operations;
use crate::auth::Principal;
use crate::domain::currency::{self, Currency};
use crate::domain::fields;
use crate::domain::intents::input::PurposeCode;
use crate::domain::payouts::destination::CarriesPayoutFields;
use crate::domain::ranking::{self, Policy};
use crate::domain::routes::currencies::{self, CurrencyOption};
use crate::domain::routes::ends::{self, DestinationMethod};
use crate::domain::routes::receipt::{self, RouteReceiptView};
use crate::domain::routes::{
    self, Ask, Destination, DestinationInput, FxLock, NewRoute, QuoteView, Route, RouteView,
    SourceInput,
};
use crate::error::{ApiError, ErrorBody};
use crate::rails::RailKind;
use crate::store::Snapshot;

operations! {
    quote: scope("routes:read"),
    payout_currencies: scope("routes:read"),
    create: scope("routes:write").ik_required(),
    list: scope("routes:read"),
    retrieve: scope("routes:read"),
    receipt: scope("routes:read"),
    cancel: scope("routes:write").moving_money(),
    review: member("routes:write").ik_required().added(),
}

/// The amount and currencies every route body starts with, checked; the
/// target defaults to the recipient's local currency, else the source's (O§20).
fn ask_of(
    amount_minor: i64,
    currency: &str,
    target_currency: Option<&str>,
    destination: &DestinationInput,
) -> Result<(i64, Currency, Currency), ApiError> {
    let amount_minor = crate::domain::intents::input::amount("amount_minor", amount_minor)?;
    let source = currency::parse("currency", currency)?;
    let target = match target_currency.or_else(|| ends::local_currency(destination)) {
        Some(t) => currency::parse("target_currency", t)?,
        None => source,
    };
    Ok((amount_minor, source, target))
}

/// The merchant a `qr` destination's payload names, resolved from a snapshot
/// before the command (`POST /resolve`'s rules).
fn qr_merchant(
    state: &AppState,
    snapshot: &Snapshot,
    destination: &DestinationInput,
) -> Result<Option<String>, ApiError> {
    qr_merchant_at(snapshot, &state.settings, state.clock.now_ms(), destination)
}

/// [`qr_merchant`] at `now` (the simulator's clock).
pub fn qr_merchant_at(
    snapshot: &Snapshot,
    settings: &crate::domain::Settings,
    now: i64,
    destination: &DestinationInput,
) -> Result<Option<String>, ApiError> {
    let (Some(DestinationMethod::Qr), Some(data)) = (destination.method, &destination.data) else {
        return Ok(None);
    };
    if data.chars().count() > 1024 {
        return Err(ApiError::field(
            "destination.data",
            "destination.data is at most 1024 characters",
        ));
    }
    let (resolution, _) = crate::domain::qr_codes::resolve(snapshot, settings, now, data)?;
    Ok(resolution
        .merchant
        .and_then(|m| m.account)
        .filter(|a| a.starts_with("org_")))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct QuoteRoute {
    /// What the sender pays in all, in `currency`: every fee is inside it.
    #[serde(deserialize_with = "fields::int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    pub amount_minor: i64,
    pub currency: String,
    /// Default: the recipient's local currency (the operator's or the bank's country's), else `currency`.
    pub target_currency: Option<String>,
    /// Default: the wallet.
    pub source: Option<SourceInput>,
    pub destination: DestinationInput,
    /// How the payout rails are ranked.
    pub policy: Option<Policy>,
}

/// Quotes a route: every fee, the FX (a locked quote whose id works as
/// `quote_id` for 120 s), the recipient amount, the expected time and the legs.
#[utoipa::path(post, path = "/routes/quote", tag = "routes", request_body = QuoteRoute,
    responses((status = 200, description = "The quote", body = QuoteView),
              (status = 400, description = "A field (`param` names it), invalid_amount, invalid_qr", body = ErrorBody),
              (status = 403, description = "corridor_suspended, corridor_not_live", body = ErrorBody),
              (status = 404, description = "operator_not_found, bank_account_not_found", body = ErrorBody),
              (status = 422, description = "fx_rate_unavailable, payout_unavailable", body = ErrorBody)))]
pub async fn quote(
    Write(state, caller, claim): Write,
    Body(input): Body<QuoteRoute>,
) -> Result<Response, ApiError> {
    let checked = check_quote(input)?;
    let merchant = qr_merchant(&state, &state.store.snapshot()?, &checked.ask.destination)?;
    // Rail statistics are kept in real time, whatever the sandbox's clock.
    let real_now = state.clock.now_ms();
    let config = state.settings.routes.clone();
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        quote_in(tx, &config, &caller, checked, merchant, real_now)
    })
    .await
}

/// What every route body asks, checked before the command.
#[derive(Clone)]
pub struct CheckedAsk {
    amount_minor: i64,
    source_currency: Currency,
    target: Currency,
    source: routes::Source,
    /// Resolved against a snapshot before the command (`qr`).
    pub destination: DestinationInput,
}

fn check_ask(
    amount_minor: i64,
    currency: &str,
    target_currency: Option<&str>,
    source: Option<SourceInput>,
    destination: DestinationInput,
) -> Result<CheckedAsk, ApiError> {
    let (amount_minor, source_currency, target) =
        ask_of(amount_minor, currency, target_currency, &destination)?;
    Ok(CheckedAsk {
        amount_minor,
        source_currency,
        target,
        source: ends::parse_source(source)?,
        destination,
    })
}

/// A checked ask with its destination parsed inside the command.
struct Asked {
    amount_minor: i64,
    source_currency: Currency,
    target: Currency,
    source: routes::Source,
    destination: Destination,
}

impl CheckedAsk {
    fn parse(
        self,
        tx: &crate::store::Tx<'_>,
        caller: &Principal,
        merchant: Option<String>,
    ) -> Result<Asked, ApiError> {
        let destination =
            ends::parse_destination(tx, caller, self.destination, self.target.code, merchant)?;
        Ok(Asked {
            amount_minor: self.amount_minor,
            source_currency: self.source_currency,
            target: self.target,
            source: self.source,
            destination,
        })
    }
}

impl Asked {
    fn ask(&self) -> Ask<'_> {
        Ask {
            amount_minor: self.amount_minor,
            currency: self.source_currency,
            target_currency: self.target,
            source: &self.source,
            destination: &self.destination,
        }
    }
}

/// A route quote's body, checked before the command.
#[derive(Clone)]
pub struct CheckedQuote {
    pub ask: CheckedAsk,
    policy: Policy,
}

/// What `POST /routes/quote` checks before its command.
pub fn check_quote(input: QuoteRoute) -> Result<CheckedQuote, ApiError> {
    Ok(CheckedQuote {
        ask: check_ask(
            input.amount_minor,
            &input.currency,
            input.target_currency.as_deref(),
            input.source,
            input.destination,
        )?,
        policy: input.policy.unwrap_or_default(),
    })
}

/// `POST /routes/quote`'s command: the route priced with an FX quote
/// offered (locked for the client), its corridor, legs and payout rails.
pub fn quote_in(
    tx: &mut crate::store::Tx<'_>,
    config: &routes::Config,
    caller: &Principal,
    checked: CheckedQuote,
    merchant: Option<String>,
    real_now: i64,
) -> Result<QuoteView, ApiError> {
    let asked = checked.ask.parse(tx, caller, merchant)?;
    let (figures, fx_quote) = routes::price(tx, caller, &asked.ask(), FxLock::Offer)?;
    let Asked {
        amount_minor,
        source_currency,
        target,
        source,
        destination,
    } = asked;
    let now = tx.now_ms();
    let pair = routes::config::pair(source_currency.code, target.code);
    let corridor = config
        .corridor(caller.mode, &pair, now)
        .map_err(|c| c.error(&pair, caller.mode))?;
    let rails = payout_rails(
        tx,
        caller,
        &destination,
        target.code,
        checked.policy,
        real_now,
    )?;
    let legs = legs_of(
        &source,
        &destination,
        &figures,
        rails.first().map(|r| r.rail_id),
    );
    let parts = routes::view::QuoteParts {
        livemode: caller.mode.livemode(),
        destination: preview(&destination),
        figures: routes::view::figures_view(&figures, &source),
        fx: fx_quote
            .as_ref()
            .map(|q| crate::domain::fx::quote_view(q, now)),
        corridor: routes::view::CorridorView {
            pair: corridor.pair,
            status: corridor.status,
            automatic: corridor.automatic,
            per_transfer_limit_minor: corridor.per_transfer_limit_minor,
            monthly_limit_minor: corridor.monthly_limit_minor,
        },
        source_of_funds_required: routes::source_of_funds_required(
            tx,
            caller.mode,
            amount_minor,
            source_currency,
        )?,
        legs,
        payout_rails: rails,
        payout_currency: routes::judge_target(config, caller.mode, now, &figures, &destination),
        source,
    };
    Ok(routes::quote_view(parts))
}

fn payout_rails(
    read: &impl crate::store::Read,
    caller: &Principal,
    destination: &Destination,
    target: &str,
    policy: Policy,
    now_ms: i64,
) -> Result<Vec<ranking::Route>, ApiError> {
    let method = match destination {
        Destination::MobileMoney { .. } => RailKind::MobileMoney,
        Destination::Bank { .. } => RailKind::Bank,
        _ => return Ok(Vec::new()),
    };
    let country = destination
        .local_currency()
        .and(match destination.payout() {
            Some(crate::domain::payouts::Destination::Bank { country, .. }) => {
                Some(country.clone())
            }
            Some(crate::domain::payouts::Destination::MobileMoney { operator_id, .. }) => {
                operator_id
                    .rsplit_once('_')
                    .map(|(_, c)| c.to_ascii_uppercase())
            }
            None => None,
        });
    let query = ranking::RouteQuery {
        mode: caller.mode,
        currency: target,
        method,
        country: country.as_deref(),
        policy,
    };
    Ok(ranking::routes(read, &query, now_ms)?)
}

fn preview(destination: &Destination) -> routes::view::DestinationPreview {
    let seconds = destination.expected_seconds();
    routes::view::DestinationPreview {
        method: destination.method(),
        label: destination.label(),
        recipient: destination.recipient().map(str::to_string),
        instant: destination.method() != DestinationMethod::Agent && seconds <= 120,
    }
}

fn legs_of(
    source: &routes::Source,
    destination: &Destination,
    figures: &routes::Figures,
    payout_rail: Option<&str>,
) -> Vec<routes::view::LegView> {
    use routes::view::LegView;
    let mut legs = vec![LegView {
        leg: "funding",
        method: source.rail().unwrap_or("wallet").to_string(),
        rail_id: source
            .operator
            .clone()
            .or_else(|| source.rail().is_none().then(|| "wallet".to_string())),
        amount_minor: figures.amount_minor,
        currency: figures.currency.clone(),
        fee_minor: figures.funding_fee_minor,
        estimated_seconds: source.expected_seconds(),
    }];
    if figures.converts() || figures.exchange_fee_minor > 0 {
        legs.push(LegView {
            leg: "exchange",
            method: "fx".into(),
            rail_id: None,
            amount_minor: figures.sent_minor,
            currency: figures.currency.clone(),
            fee_minor: figures.exchange_fee_minor,
            estimated_seconds: 0,
        });
    }
    let method = serde_json::to_value(destination.method())
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    let rail_id = destination
        .payout()
        .map(|p| payout_rail.unwrap_or(p.carrier()).to_string());
    legs.push(LegView {
        leg: "payout",
        method,
        rail_id,
        amount_minor: figures.recipient_amount_minor,
        currency: figures.target_currency.clone(),
        fee_minor: figures.payout_fee_minor,
        estimated_seconds: destination.expected_seconds(),
    });
    legs
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PayoutCurrencies {
    #[serde(deserialize_with = "fields::int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    pub amount_minor: i64,
    pub currency: String,
    pub destination: DestinationInput,
    /// A currency the sender would like the recipient paid in.
    pub requested: Option<String>,
}

/// The currencies a recipient can be paid in now.
#[derive(Debug, Serialize, ToSchema)]
pub struct PayoutCurrenciesView {
    /// Always `payout_currencies`.
    pub object: &'static str,
    /// What a route uses without `target_currency`.
    pub default_currency: String,
    /// The recipient's local currency, when it has one.
    pub local_currency: Option<String>,
    /// `null` for a QR code, an agent or the sender's own wallet: they are
    /// paid in what the sender chooses (O§20).
    pub options: Option<Vec<CurrencyOption>>,
}

/// The currencies the recipient can be paid in now: corridor rules, licence
/// flags and liquidity per currency (`docs/routes.md`).
#[utoipa::path(post, path = "/routes/payout-currencies", tag = "routes", request_body = PayoutCurrencies,
    responses((status = 200, description = "The candidates, each available or with its reasons", body = PayoutCurrenciesView),
              (status = 400, description = "A field (`param` names it)", body = ErrorBody),
              (status = 404, description = "operator_not_found", body = ErrorBody)))]
pub async fn payout_currencies(
    Reader(state, caller): Reader,
    Body(input): Body<PayoutCurrencies>,
) -> Result<Response, ApiError> {
    let (amount_minor, source, _) = ask_of(
        input.amount_minor,
        &input.currency,
        None,
        &input.destination,
    )?;
    let requested = match &input.requested {
        Some(r) => Some(currency::parse("requested", r)?.code),
        None => None,
    };
    let snapshot = state.store.snapshot()?;
    let local = ends::local_currency(&input.destination);
    let mut view = PayoutCurrenciesView {
        object: "payout_currencies",
        default_currency: local.unwrap_or(source.code).to_string(),
        local_currency: local.map(str::to_string),
        options: None,
    };
    let default_target = local.unwrap_or(source.code);
    let Some(recipient) = recipient_of(&snapshot, &caller, input.destination, default_target)?
    else {
        return json(200, &view);
    };
    let config = state.settings.routes.clone();
    let question = currencies::Question {
        config: &config,
        mode: caller.mode,
        now_ms: state.now_for(&snapshot, &caller)?,
        source_currency: source.code,
        local,
        operator_currencies: recipient.operator_currencies,
        needs_liquidity: recipient.needs_liquidity,
    };
    let table = crate::domain::fx::rates::table(&snapshot, caller.mode)?;
    let candidates = currencies::candidates(&question, requested, &recipient.held);
    view.options = Some(currencies::judge_all(
        &question,
        &table,
        amount_minor,
        source,
        &candidates,
    ));
    json(200, &view)
}

/// What a recipient's candidate currencies depend on.
struct RecipientFacts {
    /// The mobile-money operator's payout currencies.
    operator_currencies: Option<&'static [&'static str]>,
    /// The currencies a wallet recipient holds or uses by default.
    held: Vec<String>,
    needs_liquidity: bool,
}

/// The facts of a destination's recipient, checking its fields; `None` for
/// a QR code, an agent or the sender's own wallet, which get no list.
fn recipient_of(
    snapshot: &Snapshot,
    caller: &Principal,
    destination: DestinationInput,
    default_target: &str,
) -> Result<Option<RecipientFacts>, ApiError> {
    // Checked like a route's destination, so what `POST /routes` would
    // refuse is not answered here either.
    let method = ends::check_shape(&destination)?;
    let facts = match method {
        // Whether the operator pays a currency is each option's own question.
        DestinationMethod::MobileMoney => {
            if let Some(field) = destination.first_bank_field() {
                return Err(ApiError::field(
                    format!("destination.{field}"),
                    format!(
                        "{field} is a bank field; a mobile_money destination takes operator_id, phone and name"
                    ),
                ));
            }
            RecipientFacts {
                operator_currencies: Some(operator_entry(&destination)?.currencies),
                held: Vec::new(),
                needs_liquidity: true,
            }
        }
        DestinationMethod::Bank => {
            ends::parse_destination(snapshot, caller, destination, default_target, None)?;
            RecipientFacts {
                operator_currencies: None,
                held: Vec::new(),
                needs_liquidity: true,
            }
        }
        DestinationMethod::Wallet => {
            let to = destination.to.unwrap_or_default();
            let recipient = crate::domain::transfers::recipient(snapshot, caller, &to)
                .map_err(|e| e.with_param("destination.to"))?;
            let balances = crate::ledger::balances(snapshot, caller.mode, &recipient.id)?;
            let mut held: Vec<String> = balances.into_iter().map(|b| b.currency).collect();
            held.extend(recipient.default_currency);
            RecipientFacts {
                operator_currencies: None,
                held,
                needs_liquidity: false,
            }
        }
        _ => return Ok(None),
    };
    Ok(Some(facts))
}

/// The mobile-money operator a destination names, or 404 `operator_not_found`.
fn operator_entry(
    input: &DestinationInput,
) -> Result<&'static crate::rails::catalogue::Method, ApiError> {
    let sent = input.operator_id.as_deref().unwrap_or_default();
    let id = sent.trim().to_ascii_lowercase();
    let name = id
        .rsplit_once('_')
        .map_or(id.as_str(), |(name, _)| name)
        .to_string();
    crate::rails::catalogue::find("mobile_money", &name)
        .filter(|m| m.pays_out)
        .ok_or_else(|| {
            ApiError::new(
                crate::error::Code::OperatorNotFound,
                format!("destination.operator_id {sent:?} names no mobile-money operator of this gateway"),
            )
            .with_param("destination.operator_id")
        })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateRoute {
    /// What the sender pays in all, in `currency`: every fee is inside it.
    #[serde(deserialize_with = "fields::int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    pub amount_minor: i64,
    pub currency: String,
    /// Default: the recipient's local currency, else `currency`.
    pub target_currency: Option<String>,
    /// Default: the wallet. `mobile_money`, `card` or `bank` fund it through a funding payment.
    pub source: Option<SourceInput>,
    pub destination: DestinationInput,
    #[schema(max_length = 200)]
    pub note: Option<String>,
    /// The FX quote of `POST /routes/quote` (`fx.id`): the route converts at
    /// its locked figures. Honoured once, within 120 s.
    #[schema(pattern = "^fxq_[a-z0-9]{1,64}$")]
    pub quote_id: Option<String>,
    /// Where the money comes from (salary, savings, sales, ...): required from USD 5,000.
    #[schema(max_length = 200)]
    pub source_of_funds: Option<String>,
    /// Why it is sent (an addition: a corridor may require or restrict it).
    pub purpose: Option<PurposeCode>,
}

/// Creates a route and moves its money as far as it goes now: from the
/// wallet it is funded, converted and paid out (or settled) at once; from a
/// processor it waits for its funding payment.
#[utoipa::path(post, path = "/routes", tag = "routes", request_body = CreateRoute,
    responses((status = 201, description = "The route, in the stage it reached", body = RouteView),
              (status = 400, description = "A field (`param` names it), invalid_amount, invalid_qr, source_of_funds_required", body = ErrorBody),
              (status = 403, description = "corridor_suspended, corridor_not_live", body = ErrorBody),
              (status = 404, description = "fx_quote_not_found, operator_not_found, recipient_not_found is 400", body = ErrorBody),
              (status = 409, description = "quote_used, quote_expired", body = ErrorBody),
              (status = 422, description = "insufficient_funds, payout_currency_unavailable, purpose_not_allowed, corridor_limit, monthly_limit_exceeded, fx_rate_unavailable, rail_not_configured; nothing moved", body = ErrorBody)))]
pub async fn create(
    Write(state, caller, claim): Write,
    Body(input): Body<CreateRoute>,
) -> Result<Response, ApiError> {
    let checked = check_create(input)?;
    let merchant = qr_merchant(&state, &state.store.snapshot()?, &checked.ask.destination)?;
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        create_in(tx, &settings, &caller, checked, merchant)
    })
    .await
}

/// A route's body, checked before the command.
#[derive(Clone)]
pub struct CheckedRoute {
    pub ask: CheckedAsk,
    note: Option<String>,
    source_of_funds: Option<String>,
    quote_id: Option<String>,
    purpose: Option<PurposeCode>,
}

/// What `POST /routes` checks before its command.
pub fn check_create(input: CreateRoute) -> Result<CheckedRoute, ApiError> {
    Ok(CheckedRoute {
        ask: check_ask(
            input.amount_minor,
            &input.currency,
            input.target_currency.as_deref(),
            input.source,
            input.destination,
        )?,
        note: fields::text("note", input.note, routes::NOTE_CHARS_MAX)?,
        source_of_funds: fields::text(
            "source_of_funds",
            input.source_of_funds,
            routes::SOURCE_OF_FUNDS_CHARS_MAX,
        )?
        .filter(|s| !s.trim().is_empty()),
        quote_id: input.quote_id,
        purpose: input.purpose,
    })
}

/// `POST /routes`'s command: the route priced (taking the client's FX
/// quote, or a fresh one), recorded and moved as far as it goes.
pub fn create_in(
    tx: &mut crate::store::Tx<'_>,
    settings: &crate::domain::Settings,
    caller: &Principal,
    checked: CheckedRoute,
    merchant: Option<String>,
) -> Result<RouteView, ApiError> {
    let CheckedRoute {
        ask,
        note,
        source_of_funds,
        quote_id,
        purpose,
    } = checked;
    let asked = ask.parse(tx, caller, merchant)?;
    let (amount_minor, source_currency) = (asked.amount_minor, asked.source_currency);
    if source_of_funds.is_none()
        && routes::source_of_funds_required(tx, caller.mode, amount_minor, source_currency)?
    {
        return Err(ApiError::new(
            crate::error::Code::SourceOfFundsRequired,
            format!("a route worth USD 5,000 or more states its source_of_funds ({amount_minor} {} minor units)", source_currency.code),
        )
        .with_param("source_of_funds"));
    }
    let lock = FxLock::Take(quote_id.as_deref());
    let (figures, fx_quote) = routes::price(tx, caller, &asked.ask(), lock)?;
    let new = NewRoute {
        id: ROUTE.new_id(),
        source: asked.source,
        destination: asked.destination,
        figures,
        quote_id: fx_quote.map(|q| q.id),
        note,
        purpose,
        source_of_funds,
        remittance: None,
    };
    let route = routes::create(tx, settings, caller, new)?;
    routes::view(tx, &route)
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct RouteQuery {
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^rt_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

named_list!(RouteList of RouteView, "Newest first.");

#[utoipa::path(get, path = "/routes", tag = "routes", params(RouteQuery),
    responses((status = 200, description = "Routes, newest first", body = RouteList)))]
pub async fn list(
    Reader(state, caller): Reader,
    Params(query): Params<RouteQuery>,
) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let rows = Rows::owned(ROUTE.family, &caller);
    let found = list::all::<Route>(&snapshot, rows, query.limit, query.cursor.as_deref())?;
    json(200, &found.try_map(|r| routes::view(&snapshot, &r))?)
}

#[utoipa::path(get, path = "/routes/{id}", tag = "routes",
    params(("id" = String, Path, description = "rt_...")),
    responses((status = 200, description = "The route: stage, quote, funding payment, payout", body = RouteView),
              (status = 404, description = "route_not_found", body = ErrorBody)))]
pub async fn retrieve(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    read_json(&state, |snapshot| {
        let route = routes::read(snapshot, &caller, &id)?;
        routes::view(snapshot, &route)
    })
}

/// The receipt of a settled route, signed with the platform's ed25519 key
/// (verify it with `GET /keys`; `docs/routes.md` shows how).
#[utoipa::path(get, path = "/routes/{id}/receipt", tag = "routes",
    params(("id" = String, Path, description = "rt_...")),
    responses((status = 200, description = "The receipt and its signature", body = RouteReceiptView),
              (status = 404, description = "route_not_found", body = ErrorBody),
              (status = 409, description = "route_not_settled", body = ErrorBody)))]
pub async fn receipt(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let route = routes::read(&snapshot, &caller, &id)?;
    let key = crate::events::signing::active_key(&snapshot)?;
    json(200, &receipt::receipt(&snapshot, &route, &key)?)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CancelRoute {
    /// Why: 1 to 200 characters, not all blank.
    #[schema(min_length = 1, max_length = 200)]
    pub reason: String,
}

/// Cancels a route before its payout is executed: everything it holds
/// returns to the wallet (a card funding payment is refunded to the card).
#[utoipa::path(post, path = "/routes/{id}/cancel", tag = "routes", request_body = CancelRoute,
    params(("id" = String, Path, description = "rt_...")),
    responses((status = 200, description = "The route, REFUNDED", body = RouteView),
              (status = 400, description = "reason (`param`)", body = ErrorBody),
              (status = 404, description = "route_not_found", body = ErrorBody),
              (status = 409, description = "payout_in_progress, invalid_stage_transition", body = ErrorBody)))]
pub async fn cancel(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(input): Body<CancelRoute>,
) -> Result<Response, ApiError> {
    let reason = crate::domain::refunds::reason(input.reason)?;
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let route = routes::cancel(tx, &settings, &caller, &id, reason)?;
        routes::view(tx, &route)
    })
    .await
}

/// An operator's decision on a route in MANUAL_REVIEW or MISMATCHED, from
/// the rail's statement (`docs/operations.md`, "Parked money").
#[utoipa::path(post, path = "/routes/{id}/review", tag = "routes",
    params(("id" = String, Path, description = "rt_...")),
    request_body = crate::domain::review::ReviewRequest,
    responses((status = 200, description = "The route after the operator's decision: SETTLED (`paid`: as a confirmed payout, its receipt issued) or FAILED with failure_reason `payout_failed:returned` (everything back in the source currency); `resolution` records it. A route in MANUAL_REVIEW is decided through its payout's review, which may be used instead", body = RouteView),
              (status = 400, description = "A field (`param` names it: `evidence.reference`, `outcome`, ...); nothing written", body = ErrorBody),
              (status = 403, description = "session_required for an API key; role_denied; step_up_required: live mode without a valid PIN", body = ErrorBody),
              (status = 404, description = "route_not_found", body = ErrorBody),
              (status = 409, description = "not_in_review: the route is not in MANUAL_REVIEW or MISMATCHED (`details.stage`)", body = ErrorBody)))]
pub async fn review(
    write: Write,
    Path(id): Path<String>,
    Body(input): Body<crate::domain::review::ReviewRequest>,
) -> Result<Response, ApiError> {
    let what = "resolving a route in review";
    super::review::decide(
        write,
        input,
        what,
        move |tx, settings, caller, outcome, evidence| {
            let route = routes::review(tx, settings, caller, &id, outcome, evidence)?;
            routes::view(tx, &route)
        },
    )
    .await
}
