//! Wallets and wallet-to-wallet transfers (spec section 4.5).

use crate::domain::transfers::TRANSFER;
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::command;
use super::command::Write;
use super::extract::{Body, Params, Path, Reader, json};
use super::list::{self, List, Rows, named_list};
use super::operations::operations;
use crate::domain::fields;
use crate::domain::fx::{self, FxQuoteView};
use crate::domain::org;
use crate::domain::ranking::{self, Policy, Route, RouteQuery};
use crate::domain::transfers::{self, NewTransfer, Transfer, TransferView};
use crate::error::{ApiError, ErrorBody};
use crate::ledger::{self, Class};
use crate::rails::RailKind;

operations! {
    list_wallets: scope("wallets:read"),
    quote_transfer: scope("transfers:write"),
    create_transfer: scope("transfers:write").ik_required(),
    list_transfers: scope("transfers:read").added(),
    retrieve_transfer: scope("transfers:read"),
    transfer_limits: scope("transfers:read").added(),
    set_transfer_limits: session(roles::TRANSFER_LIMITS_MANAGE).added(),
}

/// One currency of the organisation's money: a view over its ledger
/// accounts, never a second record (`paygate verify` covers it).
#[derive(Debug, Serialize, ToSchema)]
pub struct WalletView {
    /// `wal_<organisation>_<currency>`.
    pub id: String,
    /// Always `wallet`.
    pub object: &'static str,
    pub livemode: bool,
    pub currency: String,
    /// Everything the organisation holds in the currency, payouts in transit
    /// excepted (they have left the balance, as Stripe shows them).
    pub balance_minor: i64,
    /// What it may spend or send now: after holds.
    pub available_minor: i64,
    /// Collected, not settled yet.
    pub pending_minor: i64,
    /// Set aside: refund reservations, disputes, holds, frozen money.
    pub held_minor: i64,
    /// `held_minor` by kind.
    pub held_by_kind: HeldByKind,
    /// Paid out and on its way (`POST /payouts`): not in `balance_minor`; a
    /// failed payout returns it to `available_minor`.
    pub in_transit_minor: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HeldByKind {
    pub reserved_minor: i64,
    pub disputed_minor: i64,
    pub held_minor: i64,
    pub frozen_minor: i64,
    pub escrow_minor: i64,
}

named_list!(WalletList of WalletView, "One per currency the organisation holds or has enabled, by currency.");

#[utoipa::path(get, path = "/wallets", tag = "wallets",
    responses((status = 200, description = "The organisation's wallets, one per currency", body = WalletList)))]
pub async fn list_wallets(Reader(state, caller): Reader) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let mut held = ledger::balances(&snapshot, caller.mode, caller.owner())?;
    let enabled = org::get(&snapshot, caller.owner())?.and_then(|o| o.default_currency);
    if let Some(currency) = enabled.filter(|c| !held.iter().any(|b| &b.currency == c)) {
        held.push(ledger::CurrencyBalances::empty(&currency));
        held.sort_by(|a, b| a.currency.cmp(&b.currency));
    }
    let suffix = caller.owner().trim_start_matches("org_").to_string();
    let wallets = held
        .iter()
        .map(|b| {
            let kinds = HeldByKind {
                reserved_minor: b.of(Class::Reserved),
                disputed_minor: b.of(Class::Disputed),
                held_minor: b.of(Class::Held),
                frozen_minor: b.of(Class::Frozen),
                escrow_minor: b.of(Class::Escrow),
            };
            let held_minor = kinds.reserved_minor
                + kinds.disputed_minor
                + kinds.held_minor
                + kinds.frozen_minor
                + kinds.escrow_minor;
            let available_minor = b.of(Class::Available);
            let pending_minor = b.of(Class::Pending) + b.of(Class::SettlementPending);
            WalletView {
                id: format!("wal_{suffix}_{}", b.currency.to_ascii_lowercase()),
                object: "wallet",
                livemode: caller.mode.livemode(),
                currency: b.currency.clone(),
                balance_minor: available_minor + pending_minor + held_minor,
                available_minor,
                pending_minor,
                held_minor,
                held_by_kind: kinds,
                in_transit_minor: b.of(Class::InTransit),
            }
        })
        .collect();
    json(200, &List::whole(wallets))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTransfer {
    /// The recipient organisation: its id (`org_...`), `@tag`, phone (E.164) or e-mail; a
    /// platform may name its connected account by the account's id (`acct_...`).
    #[schema(min_length = 2, max_length = 80)]
    pub to: String,
    /// At least 100; the fee (75 bps, at least 1) is paid on top.
    #[serde(deserialize_with = "fields::int")]
    #[schema(minimum = 100, maximum = 1_000_000_000_000_000i64)]
    pub amount_minor: i64,
    pub currency: String,
    #[schema(max_length = 200)]
    pub note: Option<String>,
    /// An FX quote (`POST /fx/quotes`) of this amount and currency: the
    /// recipient gets its recipient amount in its target currency. Honoured
    /// once, before it expires.
    #[schema(pattern = "^fxq_[a-z0-9]{1,64}$")]
    pub quote_id: Option<String>,
}

#[utoipa::path(post, path = "/transfers", tag = "wallets", request_body = CreateTransfer,
    responses((status = 201, description = "The transfer, SUCCEEDED: the money is in the recipient's available balance", body = TransferView),
              (status = 400, description = "recipient_not_found, self_transfer, or a field (`param` names it)", body = ErrorBody),
              (status = 422, description = "insufficient_funds, limit_exceeded, daily_limit_exceeded, recipient_inactive; nothing moved", body = ErrorBody)))]
pub async fn create_transfer(
    Write(state, caller, claim): Write,
    Body(input): Body<CreateTransfer>,
) -> Result<Response, ApiError> {
    let new = NewTransfer {
        to: input.to,
        amount_minor: input.amount_minor,
        currency: input.currency,
        note: input.note,
        quote_id: input.quote_id,
        funded_from: crate::ledger::Class::Available,
    };
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let transfer = transfers::create(tx, &caller, new)?;
        Ok(transfers::view(&transfer, caller.owner()))
    })
    .await
}

/// Which side of a transfer a list keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[schema(as = TransferDirection)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Sent by the caller.
    Outgoing,
    /// Received by the caller.
    Incoming,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct TransferQuery {
    /// Only the transfers the caller sent (`outgoing`) or received (`incoming`).
    #[param(inline)]
    direction: Option<Direction>,
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^tr_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

named_list!(TransferList of TransferView, "Newest first, each as the caller's side sees it (`direction`).");

/// The transfers the caller sent or received (an addition to the spec): a
/// transfer is listed under both of its sides' index rows, so each side
/// pages its own view.
#[utoipa::path(get, path = "/transfers", tag = "wallets", params(TransferQuery),
    responses((status = 200, description = "Transfers sent and received, newest first", body = TransferList),
              (status = 400, description = "A filter, limit or cursor (`param` names it)", body = ErrorBody)))]
pub async fn list_transfers(
    Reader(state, caller): Reader,
    Params(query): Params<TransferQuery>,
) -> Result<Response, ApiError> {
    let owner = caller.owner().to_string();
    let keep = |t: &Transfer| match query.direction {
        None => true,
        Some(Direction::Outgoing) => t.owner == owner,
        Some(Direction::Incoming) => t.recipient == owner,
    };
    let rows = Rows::owned(TRANSFER.family, &caller);
    let snapshot = state.store.snapshot()?;
    let found = list::page(&snapshot, rows, query.limit, query.cursor.as_deref(), keep)?;
    json(200, &found.map(|t| transfers::view(&t, &owner)))
}

#[utoipa::path(get, path = "/transfers/{id}", tag = "wallets",
    params(("id" = String, Path, description = "tr_...")),
    responses((status = 200, description = "The transfer, as the caller's side sees it (its sender or its recipient)", body = TransferView),
              (status = 404, description = "transfer_not_found", body = ErrorBody)))]
pub async fn retrieve_transfer(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let transfer = transfers::read(&state.store.snapshot()?, &caller, &id)?;
    json(200, &transfers::view(&transfer, caller.owner()))
}

/// Where a quoted transfer goes.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Destination {
    /// `wallet` (another organisation of this gateway), `mobile_money` or `bank`.
    pub method: RailKind,
    /// ISO 3166-1 alpha-2: narrows mobile-money operators.
    #[schema(pattern = "^[A-Z]{2}$")]
    pub country: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct QuoteTransfer {
    #[serde(deserialize_with = "fields::int")]
    #[schema(minimum = 100, maximum = 1_000_000_000_000_000i64)]
    pub amount_minor: i64,
    pub currency: String,
    /// The recipient's currency; default `currency`. When it differs an FX
    /// quote is locked, and its id works as `quote_id`.
    pub target_currency: Option<String>,
    pub destination: Option<Destination>,
    /// Where the money comes from; only `wallet` today.
    pub source_method: Option<RailKind>,
    pub policy: Option<Policy>,
}

/// The full disclosure of a transfer before it is made.
#[derive(Debug, Serialize, ToSchema)]
pub struct TransferQuoteView {
    /// Always `transfer_quote`.
    pub object: &'static str,
    pub amount_minor: i64,
    pub currency: String,
    pub target_currency: String,
    /// The transfer fee, paid on top in `currency` (75 bps, at least 1).
    pub fee_minor: i64,
    /// What the sender's wallet pays in all: amount and fee.
    pub total_minor: i64,
    /// What the recipient gets, in `target_currency`.
    pub recipient_amount_minor: i64,
    /// The locked FX quote when the currencies differ (pass its id as `quote_id`).
    pub fx: Option<FxQuoteView>,
    pub policy: Policy,
    /// Payout rails of the destination's method, ranked under `policy`
    /// (none for a wallet: the money stays in this gateway).
    pub routes: Vec<Route>,
}

/// Quotes a transfer: its fees, its FX (locking a quote when the currencies
/// differ) and the payout rails ranked under the policy (spec section 4.5).
#[utoipa::path(post, path = "/transfers/quote", tag = "wallets", request_body = QuoteTransfer,
    responses((status = 200, description = "Fees, FX and ranked routes", body = TransferQuoteView),
              (status = 400, description = "A field (`param` names it)", body = ErrorBody)))]
pub async fn quote_transfer(
    Write(state, caller, claim): Write,
    Body(input): Body<QuoteTransfer>,
) -> Result<Response, ApiError> {
    if input.source_method.is_some_and(|m| m != RailKind::Wallet) {
        return Err(ApiError::field(
            "source_method",
            "only wallet funds a transfer today; card, bank and mobile-money funding come with routes",
        ));
    }
    let amount_minor = input.amount_minor;
    if amount_minor < transfers::AMOUNT_MIN_MINOR {
        return Err(ApiError::field(
            "amount_minor",
            format!(
                "amount_minor must be at least {}",
                transfers::AMOUNT_MIN_MINOR
            ),
        ));
    }
    let currency = crate::domain::currency::parse("currency", &input.currency)?
        .code
        .to_string();
    let target = match &input.target_currency {
        Some(t) => crate::domain::currency::parse("target_currency", t)?
            .code
            .to_string(),
        None => currency.clone(),
    };
    let policy = input.policy.unwrap_or_default();
    let snapshot = state.store.snapshot()?;
    // Rail statistics are kept in real time, whatever the sandbox's clock.
    let now_ms = state.clock.now_ms();
    let routes = match &input.destination {
        Some(d) if d.method != RailKind::Wallet => {
            let query = RouteQuery {
                mode: caller.mode,
                currency: &target,
                method: d.method,
                country: d.country.as_deref(),
                policy,
            };
            ranking::routes(&snapshot, &query, now_ms)?
        }
        _ => Vec::new(),
    };
    let fee_minor = transfers::fee_minor(amount_minor);
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let fx = if target == currency {
            None
        } else {
            let new = fx::NewQuote::parse(amount_minor, &currency, &target)?;
            let quote = fx::create(tx, &caller, new)?;
            Some(fx::quote_view(&quote, tx.now_ms()))
        };
        let recipient_amount_minor = fx
            .as_ref()
            .map_or(amount_minor, |q| q.recipient_amount_minor);
        Ok(TransferQuoteView {
            object: "transfer_quote",
            amount_minor,
            currency,
            target_currency: target,
            fee_minor,
            total_minor: amount_minor + fee_minor,
            recipient_amount_minor,
            fx,
            policy,
            routes,
        })
    })
    .await
}

/// The organisation's transfer limits, per currency, in minor units.
#[derive(Debug, Serialize, ToSchema)]
pub struct TransferLimitsView {
    /// Always `transfer_limits`.
    pub object: &'static str,
    pub per_transfer_minor: i64,
    pub daily_minor: i64,
}

fn limits_view(o: Option<&org::Organisation>) -> TransferLimitsView {
    TransferLimitsView {
        object: "transfer_limits",
        per_transfer_minor: o
            .and_then(|o| o.transfer_limit_minor)
            .unwrap_or(transfers::PER_TRANSFER_LIMIT_MINOR),
        daily_minor: o
            .and_then(|o| o.daily_transfer_limit_minor)
            .unwrap_or(transfers::DAILY_LIMIT_MINOR),
    }
}

/// The organisation's transfer limits (an addition to the spec).
#[utoipa::path(get, path = "/transfer_limits", tag = "wallets",
    responses((status = 200, description = "The limits in force (the defaults unless the owner changed them)", body = TransferLimitsView)))]
pub async fn transfer_limits(Reader(state, caller): Reader) -> Result<Response, ApiError> {
    let organisation = org::get(&state.store.snapshot()?, caller.owner())?;
    json(200, &limits_view(organisation.as_ref()))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetTransferLimits {
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    pub per_transfer_minor: Option<i64>,
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    pub daily_minor: Option<i64>,
}

/// Changes the organisation's transfer limits: its owners, in a session (an
/// addition to the spec). Audited.
#[utoipa::path(put, path = "/transfer_limits", tag = "wallets", request_body = SetTransferLimits,
    responses((status = 200, description = "The limits now in force", body = TransferLimitsView),
              (status = 403, description = "Not an owner's session (role_denied, session_required)", body = ErrorBody)))]
pub async fn set_transfer_limits(
    Write(state, caller, claim): Write,
    Body(input): Body<SetTransferLimits>,
) -> Result<Response, ApiError> {
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let changed = org::set_transfer_limits(
            tx,
            caller.owner(),
            input.per_transfer_minor,
            input.daily_minor,
        )?;
        let details = serde_json::json!({
            "per_transfer_minor": changed.transfer_limit_minor,
            "daily_minor": changed.daily_transfer_limit_minor,
        });
        crate::domain::audit::record(
            tx,
            &crate::domain::audit::Actor::of(&caller),
            "transfer_limits.updated",
            Some(&changed.id),
            details,
        )?;
        Ok(limits_view(Some(&changed)))
    })
    .await
}
