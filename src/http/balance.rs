//! Balances and ledger transactions (spec section 4.9): read from one
//! snapshot, never written here.

use crate::ledger::MISSING_TRANSACTION;
use axum::response::Response;
use serde::Serialize;
use utoipa::ToSchema;

use super::extract::{Path, Reader, json};
use super::operations::operations;
use crate::clock::rfc3339;
use crate::domain::resource;
use crate::error::{ApiError, ErrorBody};
use crate::ledger::{self, Cause, Class, Posting};
use crate::store::Read;

operations! {
    balance: scope("balance:read"),
    transaction: scope("balance:read"),
}

/// Balances of one currency, by class, in minor units.
#[derive(Serialize, ToSchema, Default)]
pub struct CurrencyBalance {
    currency: String,
    available_minor: i64,
    pending_minor: i64,
    reserved_minor: i64,
    settlement_pending_minor: i64,
    held_minor: i64,
    disputed_minor: i64,
    frozen_minor: i64,
    escrow_minor: i64,
    suspense_minor: i64,
    /// Paid out, on its way to the destination (payouts).
    in_transit_minor: i64,
}

impl CurrencyBalance {
    fn slot(&mut self, class: Class) -> &mut i64 {
        match class {
            Class::Available => &mut self.available_minor,
            Class::Pending => &mut self.pending_minor,
            Class::Reserved => &mut self.reserved_minor,
            Class::SettlementPending => &mut self.settlement_pending_minor,
            Class::Held => &mut self.held_minor,
            Class::Disputed => &mut self.disputed_minor,
            Class::Frozen => &mut self.frozen_minor,
            Class::Escrow => &mut self.escrow_minor,
            Class::Suspense => &mut self.suspense_minor,
            Class::InTransit => &mut self.in_transit_minor,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct BalanceView {
    /// Always `balance`.
    object: &'static str,
    livemode: bool,
    /// One entry per currency the owner has ever held, sorted by currency.
    balances: Vec<CurrencyBalance>,
}

#[utoipa::path(get, path = "/balance", tag = "balance",
    responses((status = 200, description = "Balances by class and currency", body = BalanceView),
              (status = 403, description = "Scope denied", body = ErrorBody)))]
pub async fn balance(Reader(state, caller): Reader) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let balances = ledger::balances(&snapshot, caller.mode, caller.owner())?
        .into_iter()
        .map(|b| {
            let mut view = CurrencyBalance {
                currency: b.currency.clone(),
                ..Default::default()
            };
            for class in Class::ALL {
                *view.slot(class) = b.of(class);
            }
            view
        })
        .collect();
    json(
        200,
        &BalanceView {
            object: "balance",
            livemode: caller.livemode(),
            balances,
        },
    )
}

#[derive(Serialize, ToSchema)]
pub struct EntryView {
    /// Whose account: an `org_`/`acct_` id, or `sys.<name>` for the outside world.
    owner: String,
    /// Balance class (`available`, `pending`, ...) or `system`.
    class: String,
    currency: String,
    /// Signed change of the account's balance.
    amount_minor: i64,
}

#[derive(Serialize, ToSchema)]
pub struct TransactionView {
    id: String,
    /// Always `transaction`.
    object: &'static str,
    livemode: bool,
    created_at: String,
    /// What caused the posting.
    cause: Cause,
    /// The payment intent this posting collected or settled, when there is one.
    payment_intent: Option<String>,
    description: String,
    /// Balanced entries: per currency they sum to zero.
    entries: Vec<EntryView>,
}

#[utoipa::path(get, path = "/transactions/{id}", tag = "balance",
    params(("id" = String, Path, description = "Ledger transaction id (txn_...)")),
    responses((status = 200, description = "A ledger transaction", body = TransactionView),
              (status = 404, description = "Not found", body = ErrorBody)))]
pub async fn transaction(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let posting: Option<Posting> = if id.starts_with("txn_") {
        snapshot.posting(&id)?
    } else {
        None
    };
    let posting = posting
        .filter(|p| resource::owned_by(p, &caller))
        .ok_or_else(|| ApiError::not_found(MISSING_TRANSACTION, &id))?;
    let entries = posting
        .lines
        .iter()
        .map(|line| {
            let (_, owner, _, class) = ledger::parse_account(&line.account).unwrap_or_default();
            EntryView {
                owner: owner.to_string(),
                class: class.to_string(),
                currency: line.currency.clone(),
                amount_minor: line.amount_minor,
            }
        })
        .collect();
    json(
        200,
        &TransactionView {
            id: posting.id,
            object: "transaction",
            livemode: posting.mode.livemode(),
            created_at: rfc3339(posting.created_at_ms),
            cause: posting.cause,
            payment_intent: posting.payment_intent,
            description: posting.description,
            entries,
        },
    )
}
