//! Payouts (spec section 4.8, origin section 22): money sent from an
//! organisation's balance to a mobile-money number or a bank account outside
//! the gateway, through the [`Rail`](crate::rails::Rail) of its destination.
//!
//! Money (`docs/payouts.md`):
//! - created: one posting moves the amount from `available` (or the class
//!   the caller funds it from) to `in_transit`, and the fee (70 bps on top,
//!   at least 1) to fee revenue; short of both, 422 `insufficient_funds`
//!   and nothing moves;
//! - paid: `in_transit` → the rail's clearing account;
//! - failed: a separate posting returns the amount and the fee to `available`;
//! - needs review: the money stays in transit.
//!
//! The rail is asked in the creating command. A pending answer schedules a
//! durable `PayoutPoll` timer (it follows a test clock); the poll acts only
//! on a PROCESSING payout, so a timer fired twice (a crash before its
//! commit) never pays or returns anything twice. [`create`] is the one
//! command a batch row calls too, inside its own writer command.

pub mod destination;
pub mod input;
pub mod state;
mod view;

use crate::domain::resource::Kind;
use serde::{Deserialize, Serialize};

pub use self::destination::Destination;
pub use self::state::Status;
use self::state::{Trigger, transition};
pub use self::view::{PayoutView, view};

use super::live_rails;
use super::resource;
use super::review;
use crate::auth::Principal;
use crate::error::{ApiError, Code, Missing};
use crate::events::EventType;
use crate::ledger::{self, Cause, CauseKind, Class, Posting, System};
use crate::mode::Mode;
use crate::rails::{self, Disbursement, PayoutFailure, PayoutOrder};
use crate::scheduler::{self, TimerKind};
use crate::store::keys::Family;
use crate::store::{Read, Tx};

/// The payout fee, in basis points of the amount, on top (origin section 22:
/// the withdrawal fee).
pub const FEE_BPS: i64 = 70;
/// The smallest fee: a payout is never free of its cost to carry.
pub const FEE_MIN_MINOR: i64 = 1;
/// The smallest payout, in minor units (as a transfer's).
pub const AMOUNT_MIN_MINOR: i64 = 100;
/// A rail that keeps answering "pending" is asked this many times at most;
/// then the payout waits in NEEDS_REVIEW.
pub const POLLS_MAX: u32 = 48;
/// `PO` and this many characters make a generated reference (origin: PO + 8).
const REFERENCE_CODE_CHARS: usize = 8;
/// Upper-case letters and digits without I, O, 0 and 1 (origin section 16).
const REFERENCE_ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// The batch row a payout was made for (a batch's execution sets it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = PayoutBatchRef)]
pub struct BatchRef {
    /// The batch's id.
    pub id: String,
    /// The row's number in the batch, from 1.
    pub row: u32,
}

/// A checked payout, ready for [`create`]: from the body of `POST /payouts`
/// (`input::CreatePayout::parse`) or from a batch row.
#[derive(Debug, Clone)]
pub struct PayoutRequest {
    pub amount_minor: i64,
    /// An ISO 4217 code, checked.
    pub currency: String,
    pub destination: Destination,
    pub description: Option<String>,
    /// The client's reference; `None`: a generated `PO` code.
    pub reference: Option<String>,
    pub batch: Option<BatchRef>,
    /// Where the amount and the fee come from: `available` for a single
    /// payout; a batch passes the class its approval reserved them in. A
    /// failure always returns them to `available`.
    pub funded_from: Class,
}

/// `po_...`: payouts, `payout_not_found` when absent or another's.
pub const PAYOUT: Kind = Kind::new(
    Family::new("po"),
    Missing::new(Code::PayoutNotFound, "payout"),
);

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Payout {
    pub id: String,
    pub mode: Mode,
    pub owner: String,
    pub amount_minor: i64,
    pub fee_minor: i64,
    pub currency: String,
    pub destination: Destination,
    pub description: Option<String>,
    pub reference: String,
    pub status: Status,
    pub failure_reason: Option<PayoutFailure>,
    pub batch: Option<BatchRef>,
    /// The posting that moved the amount to in transit and charged the fee.
    pub transaction: String,
    /// The posting that paid it out to the rail, once PAID.
    pub paid_transaction: Option<String>,
    /// The posting that returned amount and fee, once FAILED.
    pub return_transaction: Option<String>,
    /// Times the rail was asked about a pending outcome.
    pub polls: u32,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
    /// When it became PAID or FAILED.
    pub completed_at_ms: Option<i64>,
    /// The cross-border route it pays out (`rt_...`), which follows its outcome.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub route: Option<String>,
    /// The settlement cycle it pays out (`sc_...`), which follows its outcome.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settlement_cycle: Option<String>,
    /// The operator's decision that ended its review.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolution: Option<review::Resolution>,
}

crate::domain::resource::owned!(Payout);

/// The fee of a payout of `amount_minor`: 70 bps rounded half up, at least
/// [`FEE_MIN_MINOR`].
pub fn fee_minor(amount_minor: i64) -> i64 {
    let exact = i128::from(amount_minor) * i128::from(FEE_BPS);
    i64::try_from((exact + 5_000) / 10_000)
        .unwrap_or(i64::MAX)
        .max(FEE_MIN_MINOR)
}

/// Makes a payout: checks the rail and the funds, moves the amount to in
/// transit and charges the fee in one posting, then sends it to the rail and
/// records what the rail said. Any refusal leaves nothing written.
pub fn create(
    tx: &mut Tx<'_>,
    principal: &Principal,
    request: PayoutRequest,
) -> Result<Payout, ApiError> {
    let (mode, owner) = (principal.mode, principal.owner().to_string());
    // Live mode without a connector: refused before anything moves.
    let carrier = carrier(tx, mode, &owner, &request.destination)?;
    let fee = fee_minor(request.amount_minor);
    require_funds(tx, principal, &request, fee)?;
    let id = PAYOUT.new_id();
    let transaction = post_funding(tx, mode, &owner, &id, &request, fee)?;
    let now = tx.now_ms();
    let mut payout = Payout {
        id,
        mode,
        owner,
        amount_minor: request.amount_minor,
        fee_minor: fee,
        currency: request.currency,
        destination: request.destination,
        description: request.description,
        reference: request.reference.unwrap_or_else(new_reference),
        status: Status::Pending,
        failure_reason: None,
        batch: request.batch,
        transaction,
        paid_transaction: None,
        return_transaction: None,
        polls: 0,
        created_at_ms: now,
        updated_at_ms: now,
        completed_at_ms: None,
        route: None,
        settlement_cycle: None,
        resolution: None,
    };
    emit(tx, &payout, EventType::PayoutCreated)?;
    match carrier {
        Carrier::Sandbox(rail) => {
            let outcome = rail.pay_out(&order(&payout));
            record_outcome(tx, &mut payout, outcome)?;
        }
        // The provider is called once this command has committed; its
        // answer comes back through `on_rail_answer`.
        Carrier::Live(provider) => {
            live_rails::requests::enqueue(
                tx,
                live_rails::requests::NewRequest {
                    mode,
                    owner: &payout.owner,
                    provider,
                    kind: rails::live::Kind::Payout,
                    target: &payout.id,
                    attempt: None,
                    msisdn: payout.destination.account(),
                    amount_minor: payout.amount_minor,
                    currency: &payout.currency,
                    refund: false,
                    card: false,
                    charge: None,
                },
            )?;
        }
    }
    resource::insert(tx, PAYOUT.family, &payout)?;
    Ok(payout)
}

/// Who pays a payout out: the sandbox, in the creating command, or a live
/// provider through the rail outbox.
enum Carrier {
    Sandbox(&'static dyn rails::Rail),
    Live(rails::live::Provider),
}

fn carrier(
    tx: &Tx<'_>,
    mode: Mode,
    owner: &str,
    destination: &Destination,
) -> Result<Carrier, ApiError> {
    match mode {
        Mode::Test => rails::for_mode(mode, destination.rail()).map(Carrier::Sandbox),
        Mode::Live => {
            let (provider, _) = live_rails::route(
                tx,
                mode,
                owner,
                destination.rail(),
                Some(destination.carrier()),
                tx.wall_ms(),
            )?;
            Ok(Carrier::Live(provider))
        }
    }
}

/// A live provider's answer about payout `id` (`domain::live_rails`):
/// paid, failed (amount and fee back to available), held for review, or
/// taken (PROCESSING; the rail outbox asks again). A payout in review is
/// resolved only by what the provider's inquiry said. Returns false when
/// the payout had moved on already.
pub fn on_rail_answer(tx: &mut Tx<'_>, id: &str, outcome: Disbursement) -> Result<bool, ApiError> {
    let Some(mut payout) = tx.object::<Payout>(id)? else {
        return Ok(false);
    };
    match (payout.status, outcome) {
        (Status::Pending, Disbursement::Pending { .. }) => {
            apply(&mut payout, Trigger::Accept, tx.now_ms())?;
            emit(tx, &payout, EventType::PayoutProcessing)?;
        }
        (Status::Processing, Disbursement::Pending { .. }) => return Ok(true),
        (Status::Pending | Status::Processing, outcome) => {
            record_outcome(tx, &mut payout, outcome)?
        }
        (Status::NeedsReview, Disbursement::Paid) => pay(tx, &mut payout)?,
        (Status::NeedsReview, Disbursement::Failed(reason)) => fail(tx, &mut payout, reason)?,
        _ => return Ok(false),
    }
    payout.updated_at_ms = tx.now_ms();
    tx.put_object(payout.id.clone(), &payout)?;
    super::routes::on_payout(tx, &payout)?;
    Ok(true)
}

/// 422 `insufficient_funds` when the funding class holds less than the
/// amount and the fee (the ledger would refuse it too; this names the field).
fn require_funds(
    tx: &Tx<'_>,
    principal: &Principal,
    request: &PayoutRequest,
    fee: i64,
) -> Result<(), ApiError> {
    let (mode, owner) = (principal.mode, principal.owner());
    let from = ledger::merchant_account(mode, owner, &request.currency, request.funded_from);
    let have = ledger::balance(tx, &from)?;
    let need = request.amount_minor.saturating_add(fee);
    if have < need {
        let balance = format!(
            "the {} {} balance",
            request.funded_from.as_str(),
            request.currency
        );
        return Err(ApiError::new(
            Code::InsufficientFunds,
            format!(
                "{}; the payout needs {need} (amount {} and fee {fee}); nothing moved",
                ledger::held(Some(principal), &balance, have),
                request.amount_minor
            ),
        )
        .with_param("amount_minor"));
    }
    Ok(())
}

/// Funding → in transit (the amount) and funding → fee revenue (the fee),
/// as separate lines of one posting.
fn post_funding(
    tx: &mut Tx<'_>,
    mode: Mode,
    owner: &str,
    id: &str,
    request: &PayoutRequest,
    fee: i64,
) -> Result<String, ApiError> {
    let currency = &request.currency;
    let from = ledger::merchant_account(mode, owner, currency, request.funded_from);
    Posting::build(
        mode,
        owner,
        cause(CauseKind::Payout, id),
        &format!("payout {id}"),
    )
    .transfer(
        from.clone(),
        ledger::merchant_account(mode, owner, currency, Class::InTransit),
        request.amount_minor,
        currency,
    )
    .transfer(
        from,
        ledger::system_account(mode, System::FeeRevenue, currency),
        fee,
        currency,
    )
    .post(tx)
}

fn cause(kind: CauseKind, id: &str) -> Cause {
    Cause {
        kind,
        id: id.to_string(),
    }
}

/// `PO` and 8 characters of [`REFERENCE_ALPHABET`].
fn new_reference() -> String {
    let mut reference = String::with_capacity(2 + REFERENCE_CODE_CHARS);
    reference.push_str("PO");
    for _ in 0..REFERENCE_CODE_CHARS {
        let i = crate::ids::random_below(REFERENCE_ALPHABET.len());
        reference.push(char::from(REFERENCE_ALPHABET[i]));
    }
    reference
}

fn order(payout: &Payout) -> PayoutOrder<'_> {
    PayoutOrder {
        rail: payout.destination.rail(),
        operator: payout.destination.carrier(),
        account: payout.destination.account(),
        amount_minor: payout.amount_minor,
        currency: &payout.currency,
        reference: &payout.id,
    }
}

/// Moves the payout through its lifecycle, or fails the command (a refused
/// move is a programmer error here: callers check the status first).
fn apply(payout: &mut Payout, trigger: Trigger, now: i64) -> Result<(), ApiError> {
    payout.status = transition(payout.status, trigger).map_err(|refusal| {
        ApiError::internal(format!(
            "payout {} is {:?}: {trigger:?} refused ({refusal:?})",
            payout.id, payout.status
        ))
    })?;
    payout.updated_at_ms = now;
    Ok(())
}

fn emit(tx: &mut Tx<'_>, payout: &Payout, event_type: EventType) -> Result<(), ApiError> {
    resource::emit(tx, event_type, payout, &view(payout))
}

/// What the rail said, applied: paid, failed, held for review, or asked
/// again later.
fn record_outcome(
    tx: &mut Tx<'_>,
    payout: &mut Payout,
    outcome: Disbursement,
) -> Result<(), ApiError> {
    match outcome {
        Disbursement::Paid => pay(tx, payout),
        Disbursement::Failed(reason) => fail(tx, payout, reason),
        Disbursement::Unknown => hold(tx, payout),
        Disbursement::Pending { .. } if payout.polls >= POLLS_MAX => hold(tx, payout),
        Disbursement::Pending { poll_after_ms } => wait(tx, payout, poll_after_ms),
    }
}

/// In transit → the rail's clearing account: the money has left.
fn pay(tx: &mut Tx<'_>, payout: &mut Payout) -> Result<(), ApiError> {
    let now = tx.now_ms();
    apply(payout, Trigger::Pay, now)?;
    let (mode, currency) = (payout.mode, payout.currency.clone());
    let rail = payout.destination.rail();
    let transaction = Posting::build(
        mode,
        &payout.owner,
        cause(CauseKind::Payout, &payout.id),
        &format!("payout {} paid on {rail}", payout.id),
    )
    .transfer(
        ledger::merchant_account(mode, &payout.owner, &currency, Class::InTransit),
        ledger::system_account(mode, System::RailClearing(rail), &currency),
        payout.amount_minor,
        &currency,
    )
    .post(tx)?;
    payout.paid_transaction = Some(transaction);
    payout.completed_at_ms = Some(now);
    emit(tx, payout, EventType::PayoutSucceeded)
}

/// The amount (from in transit) and the fee (from fee revenue) go back to
/// available, as separate lines of one posting.
fn fail(tx: &mut Tx<'_>, payout: &mut Payout, reason: PayoutFailure) -> Result<(), ApiError> {
    let now = tx.now_ms();
    apply(payout, Trigger::Fail, now)?;
    let (mode, currency) = (payout.mode, payout.currency.clone());
    let available = ledger::merchant_account(mode, &payout.owner, &currency, Class::Available);
    let transaction = Posting::build(
        mode,
        &payout.owner,
        cause(CauseKind::PayoutReturn, &payout.id),
        &format!("return of failed payout {}", payout.id),
    )
    .transfer(
        ledger::merchant_account(mode, &payout.owner, &currency, Class::InTransit),
        available.clone(),
        payout.amount_minor,
        &currency,
    )
    .transfer(
        ledger::system_account(mode, System::FeeRevenue, &currency),
        available,
        payout.fee_minor,
        &currency,
    )
    .post(tx)?;
    payout.return_transaction = Some(transaction);
    payout.failure_reason = Some(reason);
    payout.completed_at_ms = Some(now);
    emit(tx, payout, EventType::PayoutFailed)
}

/// The rail cannot tell: the money stays in transit until a review.
fn hold(tx: &mut Tx<'_>, payout: &mut Payout) -> Result<(), ApiError> {
    apply(payout, Trigger::Hold, tx.now_ms())?;
    emit(tx, payout, EventType::PayoutNeedsReview)
}

/// The rail will say later: PROCESSING (once), and a durable timer to ask again.
fn wait(tx: &mut Tx<'_>, payout: &mut Payout, poll_after_ms: i64) -> Result<(), ApiError> {
    let now = tx.now_ms();
    if payout.status == Status::Pending {
        apply(payout, Trigger::Accept, now)?;
        emit(tx, payout, EventType::PayoutProcessing)?;
    }
    let due = now.saturating_add(poll_after_ms.max(0));
    scheduler::schedule(
        tx,
        due,
        TimerKind::PayoutPoll {
            payout: payout.id.clone(),
        },
    )?;
    Ok(())
}

/// The `PayoutPoll` timer: asks the rail about a PROCESSING payout. Any
/// other status means the outcome is recorded already, so nothing happens.
pub fn on_poll(tx: &mut Tx<'_>, id: &str) -> Result<(), ApiError> {
    let Some(mut payout) = tx.object::<Payout>(id)? else {
        return Ok(());
    };
    if payout.status != Status::Processing {
        return Ok(());
    }
    let rail = rails::for_mode(payout.mode, payout.destination.rail())?;
    payout.polls += 1;
    let outcome = rail.payout_status(&order(&payout));
    record_outcome(tx, &mut payout, outcome)?;
    payout.updated_at_ms = tx.now_ms();
    tx.put_object(payout.id.clone(), &payout)?;
    super::routes::on_payout(tx, &payout)
}

/// `POST /payouts/{id}/review`: an operator resolves a payout in
/// NEEDS_REVIEW from the provider's statement. `paid`: the money leaves
/// transit to the rail (`payout.succeeded`); `returned`: amount and fee go
/// back to available (`payout.failed`, reason `returned`). What the payout
/// pays follows, as it follows a provider's answer: its route here; its
/// batch row and its settlement cycle in [`crate::domain::review_payout`].
pub fn review(
    tx: &mut Tx<'_>,
    principal: &Principal,
    id: &str,
    outcome: review::Outcome,
    evidence: &review::Evidence,
) -> Result<Payout, ApiError> {
    let mut payout = read(tx, principal, id)?;
    if payout.status != Status::NeedsReview {
        return Err(ApiError::new(
            Code::NotInReview,
            format!(
                "payout {id} is {}: only a payout in NEEDS_REVIEW is resolved by a review",
                payout.status.as_str()
            ),
        ));
    }
    let resolution = review::resolve(tx, principal, "payout.reviewed", id, outcome, evidence)?;
    match outcome {
        review::Outcome::Paid => pay(tx, &mut payout)?,
        review::Outcome::Returned => fail(tx, &mut payout, PayoutFailure::Returned)?,
    }
    payout.resolution = Some(resolution);
    tx.put_object(payout.id.clone(), &payout)?;
    super::routes::on_payout(tx, &payout)?;
    Ok(payout)
}

/// The caller's payout `id`, from a snapshot or inside a command.
pub fn read(read: &impl Read, principal: &Principal, id: &str) -> Result<Payout, ApiError> {
    resource::find(read, principal, id, &PAYOUT)
}

#[cfg(test)]
mod tests;
