//! Disputes: opened on a received payment, the disputed amount moves to the
//! `disputed` balance; the merchant answers with evidence before the deadline;
//! the outcome (won: funds return to available; lost: funds leave to the rail)
//! comes from the rail. A deadline passed without evidence loses.
//!
//! Lifecycle (one [`transition`]): `NEEDS_RESPONSE → UNDER_REVIEW → WON | LOST`
//! and `NEEDS_RESPONSE → LOST` at the deadline. The sandbox decides a review
//! `--sandbox-settlement-ms` after the response: evidence with at least one
//! file reference wins, text alone loses (documented in `docs/decisions.md`).

pub mod state;
mod view;

use crate::domain::resource::Kind;
use serde::{Deserialize, Serialize};

pub use self::state::Status;
use self::state::{Refusal, Trigger, transition};
pub use self::view::view;

use super::Settings;
use super::funds::Shift;
use super::intents::{self, Intent};
use super::resource;
use crate::auth::Principal;
use crate::error::{ApiError, Code, Missing};
use crate::events::EventType;
use crate::ledger::{self, Cause, CauseKind, Class, Posting, System};
use crate::mode::Mode;
use crate::scheduler::{self, TimerKind};
use crate::store::Read;
use crate::store::Tx;
use crate::store::keys::Family;

/// Evidence window when none is asked for: 7 days.
pub const EVIDENCE_WINDOW_DEFAULT_MINUTES: i64 = 7 * 24 * 60;
pub const EVIDENCE_TEXT_CHARS_MAX: usize = 5_000;
pub const EVIDENCE_FILES_MAX: usize = 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = DisputeReason)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    Fraudulent,
    ProductNotReceived,
    Duplicate,
    Unrecognized,
    Other,
}

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Evidence {
    /// What the merchant says, up to 5 000 characters.
    pub text: Option<String>,
    /// References to files the merchant holds (receipts, delivery proofs), up to 20.
    pub files: Vec<String>,
}

/// `dp_...`: disputes, `dispute_not_found` when absent or another's.
pub const DISPUTE: Kind = Kind::new(
    Family::new("dp"),
    Missing::new(Code::DisputeNotFound, "dispute"),
);

crate::domain::resource::record_and_view! {
    #[derive(Debug, Clone, Serialize, Deserialize)]
    pub struct Dispute {
        pub id: String,
        pub mode: Mode,
        pub owner: String,
    }
    #[derive(Debug, Serialize, utoipa::ToSchema)]
    pub struct DisputeView {
        pub id: String,
        /// Always `dispute`.
        pub object: &'static str,
        pub livemode: bool,
    }
    shared {
        pub payment_intent: String,
        pub amount_minor: i64,
        pub currency: String,
        pub reason: Reason,
        pub status: Status,
        pub evidence: Option<Evidence>,
    }
    record_tail {
        pub evidence_due_at_ms: i64,
        pub responded_at_ms: Option<i64>,
        /// Where the disputed amount came from, so that a win puts it back.
        pub from_pending_minor: i64,
        pub hold_transaction: Option<String>,
        pub outcome_transaction: Option<String>,
        pub created_at_ms: i64,
        pub updated_at_ms: i64,
    }
    view_tail {
        pub evidence_due_at: String,
        pub responded_at: Option<String>,
        pub hold_transaction: Option<String>,
        pub outcome_transaction: Option<String>,
        pub created_at: String,
        pub updated_at: String,
    }
}

crate::domain::resource::owned!(Dispute);

pub struct NewDispute {
    pub payment_intent: String,
    pub amount_minor: Option<i64>,
    pub reason: Reason,
    pub evidence_due_in_minutes: Option<i64>,
}

fn emit(tx: &mut Tx<'_>, dispute: &Dispute, event_type: EventType) -> Result<(), ApiError> {
    resource::emit(tx, event_type, dispute, &view(dispute))
}

/// The error refused evidence answers.
fn refused(dispute: &Dispute, refusal: Refusal) -> ApiError {
    match refusal {
        Refusal::DeadlinePassed => ApiError::new(
            Code::EvidenceDeadlinePassed,
            format!(
                "the evidence deadline of dispute {} passed at {}",
                dispute.id,
                crate::clock::rfc3339(dispute.evidence_due_at_ms)
            ),
        ),
        _ => ApiError::new(
            Code::InvalidDisputeTransition,
            format!(
                "dispute {} is {:?}; it cannot take evidence",
                dispute.id, dispute.status
            ),
        ),
    }
}

/// `POST /disputes`: holds the disputed amount (available first, then what
/// the payment left in pending) and starts the evidence clock.
pub fn open(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    input: NewDispute,
) -> Result<Dispute, ApiError> {
    let mut intent = intents::read(tx, principal, &input.payment_intent)
        .map_err(|e| e.with_param("payment_intent"))?;
    if !intent.is_received() {
        return Err(ApiError::new(
            Code::NotDisputable,
            format!(
                "intent {} is {}; only received payments can be disputed",
                intent.id,
                intent.status.as_str()
            ),
        ));
    }
    let disputable = intent.refundable();
    let amount = input.amount_minor.unwrap_or(disputable);
    if amount <= 0 || amount > disputable {
        return Err(ApiError::new(
            Code::NotDisputable,
            format!("amount_minor must be from 1 to the {disputable} received, not refunded and not already disputed"),
        )
        .with_param("amount_minor"));
    }
    let minutes = input
        .evidence_due_in_minutes
        .unwrap_or(EVIDENCE_WINDOW_DEFAULT_MINUTES);
    let now = tx.now_ms();
    let window_ms = match (intent.mode, settings.sandbox_dispute_window_ms) {
        (Mode::Test, Some(ms)) => ms,
        _ => minutes * 60_000,
    };
    let (mode, owner, currency) = (intent.mode, intent.owner.clone(), intent.currency.clone());
    super::settlement::cycles::touch(tx, &mut intent)?;
    let merchant = intents::merchant_balances(tx, &intent)?;
    let shown = intent.public_status();
    let Some(hold) = intent.hold_dispute(amount, merchant) else {
        return Err(ApiError::new(
            Code::InsufficientFunds,
            format!("the merchant's balance cannot cover a dispute of {amount} {currency}"),
        ));
    };
    intent.note_public_status(now, shown, "api");
    let (from_available, from_pending) = (hold.from_available_minor, hold.from_pending_minor);
    let mut dispute = Dispute {
        id: DISPUTE.new_id(),
        mode,
        owner: owner.clone(),
        payment_intent: intent.id.clone(),
        amount_minor: amount,
        currency: currency.clone(),
        reason: input.reason,
        status: Status::NeedsResponse,
        evidence: None,
        evidence_due_at_ms: now + window_ms,
        responded_at_ms: None,
        from_pending_minor: from_pending,
        hold_transaction: None,
        outcome_transaction: None,
        created_at_ms: now,
        updated_at_ms: now,
    };
    dispute.hold_transaction = Some(post_hold(tx, &dispute, from_available)?);
    super::settlement::cycles::record_hold(tx, settings, &intent, &dispute.id, from_pending)?;
    scheduler::schedule(
        tx,
        dispute.evidence_due_at_ms,
        TimerKind::DisputeDeadline {
            dispute: dispute.id.clone(),
        },
    )?;
    resource::insert(tx, DISPUTE.family, &dispute)?;
    intents::save(tx, &intent)?;
    emit(tx, &dispute, EventType::DisputeCreated)?;
    intents::emit(tx, settings, &intent, EventType::PaymentIntentDisputed)?;
    Ok(dispute)
}

/// Moves the disputed amount to the `disputed` balance: `from_available_minor`
/// from available, the rest (`dispute.from_pending_minor`) from pending.
fn post_hold(
    tx: &mut Tx<'_>,
    dispute: &Dispute,
    from_available_minor: i64,
) -> Result<String, ApiError> {
    Shift {
        mode: dispute.mode,
        owner: &dispute.owner,
        currency: &dispute.currency,
        payment_intent: &dispute.payment_intent,
        cause: CauseKind::Dispute,
        cause_id: &dispute.id,
        description: format!("dispute {} of {}", dispute.id, dispute.payment_intent),
    }
    .gather(
        tx,
        &[
            (Class::Available, from_available_minor),
            (Class::Pending, dispute.from_pending_minor),
        ],
        Class::Disputed,
    )
}

/// The caller's dispute `id`, from a snapshot or inside a command.
pub fn read(read: &impl Read, principal: &Principal, id: &str) -> Result<Dispute, ApiError> {
    resource::find(read, principal, id, &DISPUTE)
}

/// `POST /disputes/{id}/respond`: evidence, only before the deadline.
pub fn respond(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    id: &str,
    evidence: Evidence,
) -> Result<Dispute, ApiError> {
    let text_chars = evidence.text.as_deref().map_or(0, |t| t.chars().count());
    if text_chars > EVIDENCE_TEXT_CHARS_MAX || evidence.files.len() > EVIDENCE_FILES_MAX {
        return Err(ApiError::field(
            "evidence",
            format!(
                "evidence holds at most {EVIDENCE_TEXT_CHARS_MAX} characters and {EVIDENCE_FILES_MAX} files"
            ),
        ));
    }
    if text_chars == 0 && evidence.files.is_empty() {
        return Err(ApiError::field(
            "evidence",
            "evidence needs a text or at least one file reference",
        ));
    }
    let mut dispute = read(tx, principal, id)?;
    let now = tx.now_ms();
    let respond = Trigger::Respond {
        deadline_passed: now >= dispute.evidence_due_at_ms,
    };
    dispute.status =
        transition(dispute.status, respond).map_err(|refusal| refused(&dispute, refusal))?;
    dispute.evidence = Some(evidence);
    dispute.responded_at_ms = Some(now);
    dispute.updated_at_ms = now;
    if dispute.mode == Mode::Test {
        let due = now + settings.sandbox_settlement_delay_ms;
        scheduler::schedule(
            tx,
            due,
            TimerKind::DisputeReview {
                dispute: dispute.id.clone(),
            },
        )?;
    }
    tx.put_object(dispute.id.clone(), &dispute)?;
    emit(tx, &dispute, EventType::DisputeUpdated)?;
    Ok(dispute)
}

/// Timers: the deadline (lost without evidence) and the sandbox's review.
pub fn on_timer(tx: &mut Tx<'_>, kind: &TimerKind) -> Result<(), ApiError> {
    let (TimerKind::DisputeDeadline { dispute: id } | TimerKind::DisputeReview { dispute: id }) =
        kind
    else {
        return Ok(());
    };
    let Some(mut dispute) = tx.object::<Dispute>(id)? else {
        return Ok(());
    };
    let trigger = match kind {
        TimerKind::DisputeDeadline { .. } => Trigger::DeadlinePassed,
        // Sandbox rule: a file reference proves the case.
        _ if dispute
            .evidence
            .as_ref()
            .is_some_and(|e| !e.files.is_empty()) =>
        {
            Trigger::Win
        }
        _ => Trigger::Lose,
    };
    let Ok(next) = transition(dispute.status, trigger) else {
        return Ok(()); // answered in time, or decided already
    };
    let mut intent: Intent = tx
        .object(&dispute.payment_intent)?
        .ok_or_else(|| ApiError::internal(format!("dispute {} lost its intent", dispute.id)))?;
    let (mode, owner, currency) = (
        dispute.mode,
        dispute.owner.clone(),
        dispute.currency.clone(),
    );
    let disputed = ledger::merchant_account(mode, &owner, &currency, Class::Disputed);
    let (target, description) = if next == Status::Won {
        (
            ledger::merchant_account(mode, &owner, &currency, Class::Available),
            "won",
        )
    } else {
        (
            ledger::system_account(mode, System::RailClearing("mobile_money"), &currency),
            "lost",
        )
    };
    let transaction = Posting::build(
        mode,
        &owner,
        Cause {
            kind: crate::ledger::CauseKind::Dispute,
            id: dispute.id.clone(),
        },
        &format!("dispute {} {description}", dispute.id),
    )
    .payment_intent(&dispute.payment_intent)
    .transfer(disputed, target, dispute.amount_minor, &currency)
    .post(tx)?;
    let shown = intent.public_status();
    intent.close_dispute(dispute.amount_minor, next == Status::Lost);
    intent.note_public_status(tx.now_ms(), shown, "rail");
    intents::save(tx, &intent)?;
    dispute.status = next;
    dispute.outcome_transaction = Some(transaction);
    dispute.updated_at_ms = tx.now_ms();
    tx.put_object(dispute.id.clone(), &dispute)?;
    emit(
        tx,
        &dispute,
        if next == Status::Won {
            EventType::DisputeWon
        } else {
            EventType::DisputeLost
        },
    )
}
