//! Wallets and wallet-to-wallet transfers (spec section 4.5).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::AppState;
use super::command;
use super::extract::{Body, Caller, Idempotency, Path, json};
use super::list::{List, named_list};
use super::operations::operations;
use crate::domain::fields;
use crate::domain::org;
use crate::domain::transfers::{self, NewTransfer, TransferView};
use crate::error::{ApiError, ErrorBody};
use crate::ledger::{self, Class};

operations!(list_wallets, create_transfer, retrieve_transfer);

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
    /// Everything the organisation holds in the currency.
    pub balance_minor: i64,
    /// What it may spend or send now: after holds.
    pub available_minor: i64,
    /// Collected, not settled yet.
    pub pending_minor: i64,
    /// Set aside: refund reservations, disputes, holds, frozen money.
    pub held_minor: i64,
    /// `held_minor` by kind.
    pub held_by_kind: HeldByKind,
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
pub async fn list_wallets(
    State(state): State<AppState>,
    Caller(caller): Caller,
) -> Result<Response, ApiError> {
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
            }
        })
        .collect();
    json(200, &List::whole(wallets))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTransfer {
    /// The recipient organisation: its id (`org_...`), `@tag`, phone (E.164) or e-mail.
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
    State(state): State<AppState>,
    Caller(caller): Caller,
    Idempotency(claim): Idempotency,
    Body(input): Body<CreateTransfer>,
) -> Result<Response, ApiError> {
    let new = NewTransfer {
        to: input.to,
        amount_minor: input.amount_minor,
        currency: input.currency,
        note: input.note,
        quote_id: input.quote_id,
    };
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let transfer = transfers::create(tx, &caller, new)?;
        Ok(transfers::view(&transfer, caller.owner()))
    })
    .await
}

#[utoipa::path(get, path = "/transfers/{id}", tag = "wallets",
    params(("id" = String, Path, description = "tr_...")),
    responses((status = 200, description = "The transfer, as the caller's side sees it (its sender or its recipient)", body = TransferView),
              (status = 404, description = "transfer_not_found", body = ErrorBody)))]
pub async fn retrieve_transfer(
    State(state): State<AppState>,
    Caller(caller): Caller,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let transfer = transfers::read(&state.store.snapshot()?, &caller, &id)?;
    json(200, &transfers::view(&transfer, caller.owner()))
}
