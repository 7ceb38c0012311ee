//! Refunds: atomic reservation against the refundable amount, approval,
//! execution on the rail, rejection, and the split recoveries a refund causes.
//!
//! Lifecycle (one [`transition`] function, drawn in `docs/refunds.md`):
//! `REQUESTED → APPROVED → PROCESSING → SUCCEEDED | FAILED`, and
//! `REQUESTED | APPROVED → REJECTED`. The amount is reserved in the ledger
//! writer when the refund is requested (merchant pending/available →
//! reserved), so concurrent refunds can never exceed the refundable amount
//! (captured − refunded − reserved). Rejection and failure release it.

pub mod allowance;
mod recoveries;
pub mod state;
mod view;

use crate::domain::resource::Kind;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use self::recoveries::recover_splits;
pub use self::recoveries::retry_recoveries;
pub use self::state::Status;
use self::state::{Refusal, Trigger, transition};
pub use self::view::{RefundView, view};

use super::Settings;
use super::funds::Shift;
use super::intents::{self, Intent, Reservation};
use super::resource;
use super::review;
use super::settlement::cycles as settlement;
use crate::auth::Principal;
use crate::domain::events;
use crate::error::{ApiError, Code, Missing};
use crate::events::EventType;
use crate::ledger::{self, Cause, CauseKind, Class, Posting, System};
use crate::mode::Mode;
use crate::rails::{self, CollectRequest};
use crate::store::Read;
use crate::store::Tx;
use crate::store::keys::Family;

/// Refunds up to this amount (minor units) are approved and executed at once
/// for everyone. Above it, an API key's refund is executed at once too, and a
/// team member's only with step-up (origin section 3: "session refunds over
/// 100 000 minor need step-up"); without it, the refund waits REQUESTED for
/// `POST /refunds/{id}/approve`, itself under step-up, or a rejection. A
/// member's refunds without step-up are counted against it over the intent
/// and over a rolling day ([`allowance`]), not one refund at a time.
pub const AUTO_APPROVE_MAX_MINOR: i64 = 100_000;
/// A refund's `reason`: free text (the spec's type is string).
pub const REASON_CHARS_MAX: usize = 200;
/// The reasons the API suggests (the codes of earlier versions).
pub const SUGGESTED_REASONS: [&str; 5] = [
    "requested_by_customer",
    "duplicate",
    "fraudulent",
    "product_not_received",
    "other",
];
/// Split recoveries one intent keeps at most.
pub const RECOVERIES_MAX: usize = 500;

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Rejection {
    /// The key (or member) that rejected it.
    pub by: String,
    pub at: String,
    pub reason: String,
}

/// `re_...`: refunds, `refund_not_found` when absent or another's.
pub const REFUND: Kind = Kind::new(
    Family::new("re"),
    Missing::new(Code::RefundNotFound, "refund"),
);

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Refund {
    pub id: String,
    pub mode: Mode,
    pub owner: String,
    pub payment_intent: String,
    pub amount_minor: i64,
    pub currency: String,
    /// Free text; records of earlier versions hold one of [`SUGGESTED_REASONS`].
    pub reason: String,
    /// Values of any JSON type.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub metadata: BTreeMap<String, serde_json::Value>,
    pub status: Status,
    /// Where the reservation came from, so a release puts it back.
    pub reserved_from_pending_minor: i64,
    pub reserved_from_available_minor: i64,
    /// The part from pending beyond what its payment left there (the
    /// payment's fee): a release returns it to pending.
    #[serde(default)]
    pub borrowed_from_pending_minor: i64,
    pub reservation_transaction: Option<String>,
    pub refund_transaction: Option<String>,
    pub rejection: Option<Rejection>,
    pub failure_reason: Option<String>,
    /// The live rail request (`rrq_...`) that pays it back, once queued.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rail_request: Option<String>,
    /// A member's decision on a refund whose provider never answered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolution: Option<review::Resolution>,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

crate::domain::resource::owned!(Refund);

/// The error a refused trigger answers: whatever the refusal, a refused
/// rejection is `refund_not_rejectable` and any other move
/// `invalid_refund_transition`.
fn refused(refund: &Refund, trigger: Trigger, _refusal: Refusal) -> ApiError {
    let code = match trigger {
        Trigger::Reject => Code::RefundNotRejectable,
        _ => Code::InvalidRefundTransition,
    };
    ApiError::new(
        code,
        format!(
            "refund {} is {:?}; it cannot {}",
            refund.id,
            refund.status,
            trigger.verb()
        ),
    )
}

/// Moves the refund through its lifecycle, or answers why not.
fn apply(refund: &mut Refund, trigger: Trigger, now: i64) -> Result<(), ApiError> {
    refund.status =
        transition(refund.status, trigger).map_err(|refusal| refused(refund, trigger, refusal))?;
    refund.updated_at_ms = now;
    Ok(())
}

fn emit(tx: &mut Tx<'_>, refund: &Refund, event_type: EventType) -> Result<(), ApiError> {
    events::emit_view(tx, event_type, refund.mode, &refund.owner, &view(refund))
}

/// A validated `POST /refunds`.
pub struct NewRefund {
    pub payment_intent: String,
    /// `None`: all that is still refundable.
    pub amount_minor: Option<i64>,
    pub currency: Option<String>,
    pub reason: String,
    pub metadata: BTreeMap<String, serde_json::Value>,
    /// The caller is a team member who passed step-up for this refund.
    pub stepped_up: bool,
}

/// A refund's `reason`: 1 to 200 characters, no control characters, not all blank.
pub fn reason(value: String) -> Result<String, ApiError> {
    let value = super::fields::text("reason", Some(value), REASON_CHARS_MAX)?.unwrap_or_default();
    if value.trim().is_empty() {
        return Err(ApiError::field(
            "reason",
            format!(
                "reason must be 1 to {REASON_CHARS_MAX} characters, not all blank, such as {}",
                SUGGESTED_REASONS.join(", ")
            ),
        ));
    }
    Ok(value)
}

/// Whether a refund of `amount_minor` on `intent` by `principal` is executed
/// at once: an API key's, or a team member's under step-up, or one that keeps
/// the member's refunds without step-up within [`AUTO_APPROVE_MAX_MINOR`]
/// over the intent and over the day (then counted). The rest waits for
/// approval.
pub fn executes_at_once(
    tx: &mut Tx<'_>,
    principal: &Principal,
    refund: &Refund,
    stepped_up: bool,
) -> Result<bool, ApiError> {
    allowance::take(
        tx,
        principal,
        refund.mode,
        &refund.payment_intent,
        refund.amount_minor,
        stepped_up,
    )
}

/// What a new refund (or dispute) may take: captured − refunded − reserved −
/// disputed − charged back (the intent keeps the counters).
pub fn refundable(intent: &Intent) -> i64 {
    intent.refundable()
}

/// `POST /refunds`: reserves the amount (default: all still refundable) and
/// records the refund REQUESTED; it is approved and executed at once unless a
/// team member asks for more than [`AUTO_APPROVE_MAX_MINOR`] without step-up.
pub fn create(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    input: NewRefund,
) -> Result<Refund, ApiError> {
    let mut intent = intents::read(tx, principal, &input.payment_intent)
        .map_err(|e| e.with_param("payment_intent"))?;
    if let Some(currency) = input.currency.as_deref().filter(|c| *c != intent.currency) {
        return Err(ApiError::field(
            "currency",
            format!(
                "currency {currency} differs from the payment's {}",
                intent.currency
            ),
        ));
    }
    if !intent.is_received() {
        return Err(ApiError::new(
            Code::NotRefundable,
            format!(
                "intent {} is {}; only captured payments can be refunded",
                intent.id,
                intent.status.as_str()
            ),
        ));
    }
    let available_to_refund = refundable(&intent);
    let amount_minor = match input.amount_minor {
        Some(amount) if amount > available_to_refund => {
            return Err(ApiError::new(
                Code::RefundExceedsRefundable,
                format!(
                    "amount_minor {amount} is more than the {available_to_refund} still refundable on {}",
                    intent.id
                ),
            )
            .with_param("amount_minor"));
        }
        Some(amount) => amount,
        None if available_to_refund == 0 => {
            return Err(ApiError::new(
                Code::NotRefundable,
                format!("nothing is left to refund on {}", intent.id),
            ));
        }
        None => available_to_refund,
    };
    let now = tx.now_ms();
    let (mode, owner, currency) = (intent.mode, intent.owner.clone(), intent.currency.clone());
    settlement::touch(tx, &mut intent)?;
    let merchant = intents::merchant_balances(tx, &intent)?;
    let reserved = intent.reserve_refund(amount_minor, merchant);
    let from_pending = reserved.from_pending_minor;
    let from_available = amount_minor - from_pending;
    let mut refund = Refund {
        id: REFUND.new_id(),
        mode,
        owner: owner.clone(),
        payment_intent: intent.id.clone(),
        amount_minor,
        currency: currency.clone(),
        reason: input.reason,
        metadata: input.metadata,
        status: Status::Requested,
        reserved_from_pending_minor: from_pending,
        reserved_from_available_minor: from_available,
        borrowed_from_pending_minor: reserved.borrowed_minor,
        reservation_transaction: None,
        refund_transaction: None,
        rejection: None,
        failure_reason: None,
        rail_request: None,
        resolution: None,
        created_at_ms: now,
        updated_at_ms: now,
    };
    refund.reservation_transaction = Some(post_reservation(tx, &refund)?);
    // What it took from pending is an item of the running settlement period.
    settlement::record_refund(tx, settings, &intent, &refund.id, -from_pending)?;
    emit(tx, &refund, EventType::RefundRequested)?;
    if executes_at_once(tx, principal, &refund, input.stepped_up)? {
        approve_and_execute(tx, settings, &mut refund, &mut intent)?;
    }
    resource::insert(tx, REFUND.family, &refund)?;
    intents::save(tx, &intent)?;
    Ok(refund)
}

/// Moves a new refund's amount to the `reserved` balance, from where
/// `reserve_refund` took it: pending and available.
fn post_reservation(tx: &mut Tx<'_>, refund: &Refund) -> Result<String, ApiError> {
    shift(
        refund,
        CauseKind::RefundReservation,
        format!("reservation for refund {}", refund.id),
    )
    .gather(
        tx,
        &[
            (Class::Pending, refund.reserved_from_pending_minor),
            (Class::Available, refund.reserved_from_available_minor),
        ],
        Class::Reserved,
    )
}

/// A move between the refund's merchant's own balances, for its payment.
fn shift(refund: &Refund, cause: CauseKind, description: String) -> Shift<'_> {
    Shift {
        mode: refund.mode,
        owner: &refund.owner,
        currency: &refund.currency,
        payment_intent: &refund.payment_intent,
        cause,
        cause_id: &refund.id,
        description,
    }
}

/// The caller's refund `id`, from a snapshot or inside a command.
pub fn read(read: &impl Read, principal: &Principal, id: &str) -> Result<Refund, ApiError> {
    resource::find(read, principal, id, &REFUND)
}

fn intent_of(tx: &Tx<'_>, refund: &Refund) -> Result<Intent, ApiError> {
    tx.object::<Intent>(&refund.payment_intent)?
        .ok_or_else(|| ApiError::internal(format!("refund {} lost its intent", refund.id)))
}

/// `POST /refunds/{id}/approve`: approves a refund that waited for a person,
/// and executes it. A team member approves a large one under step-up
/// (`stepped_up`), as they would have created it.
pub fn approve(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    id: &str,
    stepped_up: bool,
) -> Result<Refund, ApiError> {
    let mut refund = read(tx, principal, id)?;
    // Approving is refunding: the approver's refunds without step-up are
    // counted as a creator's are. A refund that is not REQUESTED is refused
    // below without being counted: the command's writes are dropped.
    if !executes_at_once(tx, principal, &refund, stepped_up)? {
        return Err(step_up_required(&refund));
    }
    let mut intent = intent_of(tx, &refund)?;
    approve_and_execute(tx, settings, &mut refund, &mut intent)?;
    tx.put_object(refund.id.clone(), &refund)?;
    intents::save(tx, &intent)?;
    Ok(refund)
}

/// A team member's refund that would take their refunds without step-up
/// over [`AUTO_APPROVE_MAX_MINOR`] (on its intent or in the day).
pub fn step_up_required(refund: &Refund) -> ApiError {
    ApiError::new(
        Code::StepUpRequired,
        format!(
            "approving refund {} of {} minor units needs step-up: with it, refunds without a PIN would pass {AUTO_APPROVE_MAX_MINOR} minor units on its payment or in your last 24 hours; send your PIN in the pin field",
            refund.id, refund.amount_minor
        ),
    )
    .with_param("pin")
}

fn approve_and_execute(
    tx: &mut Tx<'_>,
    settings: &Settings,
    refund: &mut Refund,
    intent: &mut Intent,
) -> Result<(), ApiError> {
    let now = tx.now_ms();
    apply(refund, Trigger::Approve, now)?;
    emit(tx, refund, EventType::RefundApproved)?;
    apply(refund, Trigger::Execute, now)?;
    let rail = intent
        .attempts
        .last()
        .map(|a| a.rail.clone())
        .unwrap_or_else(|| "mobile_money".into());
    let request = CollectRequest {
        rail: &rail,
        msisdn: intent.customer_msisdn.as_deref(),
        amount_minor: intent.amount_received_minor,
        currency: &intent.currency,
        reference: &intent.id,
        card: intent.attempts.last().and_then(|a| a.card.as_ref()),
    };
    // A live mobile-money payment is refunded by a disbursement to the
    // number that paid, through the rail outbox: PROCESSING until the
    // provider answers ([`on_rail_answer`]), never sent twice.
    if refund.mode == Mode::Live && rail == "mobile_money" {
        let queued = live_refund(tx, refund, intent);
        return queued_at_rail(tx, settings, refund, intent, queued, now);
    }
    // A live card payment is refunded by the card aggregator, through the
    // rail outbox likewise.
    if refund.mode == Mode::Live && rail == "card" {
        let paid = intent
            .attempts
            .iter()
            .rev()
            .find(|a| a.status == intents::AttemptStatus::Captured && a.rail == "card");
        let queued = paid
            .ok_or_else(|| {
                ApiError::internal(format!("{} has no captured card attempt", intent.id))
            })
            .and_then(|paid| {
                crate::domain::live_rails::refund_card(
                    tx,
                    crate::domain::live_rails::CardRefund {
                        mode: refund.mode,
                        owner: &refund.owner,
                        target: &refund.id,
                        late_payment: None,
                        paid,
                        amount_minor: refund.amount_minor,
                        currency: &refund.currency,
                    },
                )
            });
        let queued = queued.map(|request| request.id);
        return queued_at_rail(tx, settings, refund, intent, queued, now);
    }
    // A wallet payment is refunded inside our ledger (to its payer): no rail is asked.
    let executed = match rail.as_str() {
        "wallet" => Ok(rails::Disbursement::Paid),
        _ => rails::for_mode(refund.mode, &rail)
            .and_then(|r| r.refund(&request, refund.amount_minor)),
    };
    match executed {
        Ok(rails::Disbursement::Paid) => succeed(tx, settings, refund, intent, &rail),
        // No answer: PROCESSING, its money reserved, until a member's review.
        Ok(rails::Disbursement::Unknown | rails::Disbursement::Pending { .. }) => Ok(()),
        Ok(rails::Disbursement::Failed(reason)) => {
            refund.failure_reason = Some(format!("the provider refused it: {}", reason.as_str()));
            apply(refund, Trigger::Fail, now)?;
            release(tx, settings, refund, intent)?;
            emit(tx, refund, EventType::RefundFailed)
        }
        Err(error) => {
            refund.failure_reason = Some(error.message.clone());
            apply(refund, Trigger::Fail, now)?;
            release(tx, settings, refund, intent)?;
            emit(tx, refund, EventType::RefundFailed)
        }
    }
}

/// A live refund handed to the rail outbox: PROCESSING with its request
/// until the provider answers, or FAILED (its money released) when the
/// request could not be queued.
fn queued_at_rail(
    tx: &mut Tx<'_>,
    settings: &Settings,
    refund: &mut Refund,
    intent: &mut Intent,
    queued: Result<String, ApiError>,
    now: i64,
) -> Result<(), ApiError> {
    match queued {
        Ok(request) => {
            refund.rail_request = Some(request);
            Ok(())
        }
        Err(error) => {
            refund.failure_reason = Some(error.message.clone());
            apply(refund, Trigger::Fail, now)?;
            release(tx, settings, refund, intent)?;
            emit(tx, refund, EventType::RefundFailed)
        }
    }
}

/// Queues the disbursement that refunds a live mobile-money payment, with
/// the provider that carries its operator now (the one that collected it,
/// or an aggregator while its circuit is open); none: refused, nothing queued.
fn live_refund(tx: &mut Tx<'_>, refund: &Refund, intent: &Intent) -> Result<String, ApiError> {
    let paid = intent
        .attempts
        .iter()
        .rev()
        .find(|a| a.status == intents::AttemptStatus::Captured && a.rail == "mobile_money");
    let msisdn = paid
        .and_then(|a| a.customer_msisdn.clone())
        .or_else(|| intent.customer_msisdn.clone())
        .ok_or_else(|| {
            ApiError::new(
                Code::RailNotConfigured,
                format!("{} has no payer number to refund to", intent.id),
            )
        })?;
    let operator = paid.and_then(|a| a.operator.clone());
    let (provider, _) = crate::domain::live_rails::route(
        tx,
        refund.mode,
        &refund.owner,
        "mobile_money",
        operator.as_deref(),
        tx.wall_ms(),
    )?;
    let request = crate::domain::live_rails::requests::enqueue(
        tx,
        crate::domain::live_rails::requests::NewRequest {
            mode: refund.mode,
            owner: &refund.owner,
            provider,
            kind: crate::rails::live::Kind::Payout,
            target: &refund.id,
            attempt: None,
            msisdn: &msisdn,
            amount_minor: refund.amount_minor,
            currency: &refund.currency,
            refund: true,
            card: false,
            charge: None,
        },
    )?;
    Ok(request.id)
}

/// A live provider's answer about the disbursement that refunds `id`
/// (`domain::live_rails::requests`): paid → SUCCEEDED (reserved → the
/// rail's clearing account); refused → FAILED with the reservation
/// released; unknown or pending → still PROCESSING, its money reserved,
/// until an inquiry decides (never a second disbursement). Returns false
/// when the refund had moved on already.
pub fn on_rail_answer(
    tx: &mut Tx<'_>,
    settings: &Settings,
    id: &str,
    outcome: rails::Disbursement,
) -> Result<bool, ApiError> {
    let Some(mut refund) = tx.object::<Refund>(id)? else {
        return Ok(false);
    };
    if refund.status != Status::Processing {
        return Ok(false);
    }
    let mut intent = intent_of(tx, &refund)?;
    let now = tx.now_ms();
    match outcome {
        rails::Disbursement::Paid => {
            let rail = paid_rail(&intent);
            succeed(tx, settings, &mut refund, &mut intent, &rail)?;
        }
        rails::Disbursement::Failed(reason) => {
            refund.failure_reason = Some(format!("the provider refused it: {}", reason.as_str()));
            apply(&mut refund, Trigger::Fail, now)?;
            release(tx, settings, &refund, &mut intent)?;
            emit(tx, &refund, EventType::RefundFailed)?;
        }
        rails::Disbursement::Unknown | rails::Disbursement::Pending { .. } => return Ok(true),
    }
    tx.put_object(refund.id.clone(), &refund)?;
    intents::save(tx, &intent)?;
    Ok(true)
}

/// `POST /refunds/{id}/review`: a member resolves a refund whose provider
/// never answered (PROCESSING) from the provider's statement, as the
/// provider's answer would have: `paid` → SUCCEEDED (reserved → the rail's
/// clearing account, `refund.succeeded`); `returned` → FAILED, the
/// reservation released to the merchant (`refund.failed`). The live rail
/// request behind it is closed: a later answer moves nothing (decision 430).
pub fn review(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    id: &str,
    outcome: review::Outcome,
    evidence: &review::Evidence,
) -> Result<Refund, ApiError> {
    let refund = read(tx, principal, id)?;
    if refund.status != Status::Processing {
        return Err(ApiError::new(
            Code::NotInReview,
            format!(
                "refund {id} is {:?}: only a refund PROCESSING without the provider's answer is resolved by a review",
                refund.status
            ),
        )
        .with_detail("status", format!("{:?}", refund.status).to_uppercase()));
    }
    let mut refund = refund;
    refund.resolution = Some(review::resolve(
        tx,
        principal,
        "refund.reviewed",
        id,
        outcome,
        evidence,
    )?);
    if let Some(request) = &refund.rail_request {
        crate::domain::live_rails::requests::close(tx, request)?;
    }
    let mut intent = intent_of(tx, &refund)?;
    // The payment's timeline says who decided, before what follows.
    intent.note(
        tx.now_ms(),
        "refund.reviewed",
        "member",
        &[
            ("refund", refund.id.clone()),
            ("outcome", outcome.as_str().to_string()),
        ],
    );
    match outcome {
        review::Outcome::Paid => {
            let rail = paid_rail(&intent);
            succeed(tx, settings, &mut refund, &mut intent, &rail)?;
        }
        review::Outcome::Returned => {
            refund.failure_reason = Some(rails::PayoutFailure::Returned.as_str().into());
            apply(&mut refund, Trigger::Fail, tx.now_ms())?;
            release(tx, settings, &refund, &mut intent)?;
            emit(tx, &refund, EventType::RefundFailed)?;
        }
    }
    tx.put_object(refund.id.clone(), &refund)?;
    intents::save(tx, &intent)?;
    Ok(refund)
}

/// The rail that took the payment a refund pays back.
fn paid_rail(intent: &Intent) -> String {
    intent
        .attempts
        .iter()
        .rev()
        .find(|a| a.status == intents::AttemptStatus::Captured)
        .map_or_else(|| "mobile_money".to_string(), |a| a.rail.clone())
}

/// Where a refund's money goes: a wallet payment's payer's available
/// balance (the payer is ours, issue 27), else the rail's clearing account.
fn refunded_to(intent: &Intent, rail: &'static str) -> ledger::Account {
    let (mode, currency) = (intent.mode, intent.currency.as_str());
    let payer = intent.attempts.last().and_then(|a| a.payer.as_deref());
    match (rail, payer) {
        ("wallet", Some(payer)) => {
            ledger::merchant_account(mode, payer, currency, Class::Available)
        }
        _ => ledger::system_account(mode, System::RailClearing(rail), currency),
    }
}

/// The money leaves to the payer: reserved → the rail's clearing account
/// (or, for a wallet payment, the payer's wallet).
fn succeed(
    tx: &mut Tx<'_>,
    settings: &Settings,
    refund: &mut Refund,
    intent: &mut Intent,
    rail: &str,
) -> Result<(), ApiError> {
    let now = tx.now_ms();
    let (mode, owner, currency) = (refund.mode, refund.owner.clone(), refund.currency.clone());
    let rail_name = rails::RAILS
        .iter()
        .find(|r| **r == rail)
        .copied()
        .unwrap_or("mobile_money");
    let transaction = Posting::build(
        mode,
        &owner,
        Cause {
            kind: crate::ledger::CauseKind::Refund,
            id: refund.id.clone(),
        },
        &format!("refund {} of {}", refund.id, intent.id),
    )
    .payment_intent(&intent.id)
    .transfer(
        ledger::merchant_account(mode, &owner, &currency, Class::Reserved),
        refunded_to(intent, rail_name),
        refund.amount_minor,
        &currency,
    )
    .post(tx)?;
    refund.refund_transaction = Some(transaction);
    apply(refund, Trigger::Succeed, now)?;
    let shown = intent.public_status();
    intent.refund_succeeded(refund.amount_minor);
    intent.updated_at_ms = now;
    intent.note_public_status(now, shown, "rail");
    recover_splits(tx, refund, intent)?;
    emit(tx, refund, EventType::RefundSucceeded)?;
    intents::emit(tx, settings, intent, EventType::PaymentIntentRefunded)
}

/// Puts a reservation back where it came from: pending while the payment has
/// not settled, otherwise available.
fn release(
    tx: &mut Tx<'_>,
    settings: &Settings,
    refund: &Refund,
    intent: &mut Intent,
) -> Result<(), ApiError> {
    settlement::touch(tx, intent)?;
    let reserved = Reservation {
        from_pending_minor: refund.reserved_from_pending_minor,
        borrowed_minor: refund.borrowed_from_pending_minor,
    };
    let back_to_pending = intent.release_refund(refund.amount_minor, reserved);
    let back_to_available = refund.amount_minor - back_to_pending;
    shift(
        refund,
        CauseKind::RefundRelease,
        format!("release of refund {}", refund.id),
    )
    .spread(
        tx,
        Class::Reserved,
        &[
            (Class::Pending, back_to_pending),
            (Class::Available, back_to_available),
        ],
    )?;
    settlement::record_refund(tx, settings, intent, &refund.id, back_to_pending)
}

/// `POST /refunds/{id}/reject`: from REQUESTED or APPROVED; the reservation is
/// released and the intent keeps its prior state.
pub fn reject(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    id: &str,
    reason: &str,
) -> Result<Refund, ApiError> {
    let chars = reason.chars().count();
    if !(3..=200).contains(&chars) || reason.trim().is_empty() {
        return Err(ApiError::field(
            "reason",
            format!("reason must be 3 to 200 characters, not all blank (got {chars})"),
        ));
    }
    let mut refund = read(tx, principal, id)?;
    let mut intent = intent_of(tx, &refund)?;
    let now = tx.now_ms();
    apply(&mut refund, Trigger::Reject, now)?;
    release(tx, settings, &refund, &mut intent)?;
    refund.rejection = Some(Rejection {
        by: principal.key_id.clone(),
        at: crate::clock::rfc3339(now),
        reason: reason.to_string(),
    });
    emit(tx, &refund, EventType::RefundRejected)?;
    tx.put_object(refund.id.clone(), &refund)?;
    intents::save(tx, &intent)?;
    Ok(refund)
}
