//! Refunds: atomic reservation against the refundable amount, approval,
//! execution on the rail, rejection, and the split recoveries a refund causes.
//!
//! Lifecycle (one [`transition`] function, drawn in `docs/refunds.md`):
//! `REQUESTED → APPROVED → PROCESSING → SUCCEEDED | FAILED`, and
//! `REQUESTED | APPROVED → REJECTED`. The amount is reserved in the ledger
//! writer when the refund is requested (merchant pending/available →
//! reserved), so concurrent refunds can never exceed the refundable amount
//! (captured − refunded − reserved). Rejection and failure release it.

use serde::{Deserialize, Serialize};

use super::Settings;
use super::intents::{self, Intent, state::Status as IntentStatus};
use super::splits::{self, Recovery, RecoveryStatus, RefundPolicy};
use crate::auth::Principal;
use crate::error::{ApiError, Code};
use crate::events::{self, EventType};
use crate::ledger::{self, Cause, Class, Mode, Posting, System};
use crate::rails::{self, CollectRequest};
use crate::store::{Snapshot, Table, Tx};

/// Refunds up to this amount (minor units) are approved at once; larger ones
/// wait for `POST /refunds/{id}/approve` (origin: session refunds over 100 000
/// need step-up).
pub const AUTO_APPROVE_MAX_MINOR: i64 = 100_000;
/// Split recoveries one intent keeps at most.
pub const RECOVERIES_MAX: usize = 500;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = RefundStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Status {
    Requested,
    Approved,
    Processing,
    Succeeded,
    Failed,
    Rejected,
}

impl Status {
    #[cfg(test)]
    pub const ALL: [Status; 6] = [
        Status::Requested,
        Status::Approved,
        Status::Processing,
        Status::Succeeded,
        Status::Failed,
        Status::Rejected,
    ];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    Approve,
    Execute,
    Succeed,
    Fail,
    Reject,
}

/// The next status for `trigger` in `from`, or `None` when it is not allowed.
pub fn transition(from: Status, trigger: Trigger) -> Option<Status> {
    use Status::*;
    use Trigger::*;
    match (from, trigger) {
        (Requested, Approve) => Some(Approved),
        (Approved, Execute) => Some(Processing),
        (Processing, Succeed) => Some(Succeeded),
        (Processing, Fail) => Some(Failed),
        (Requested | Approved, Reject) => Some(Rejected),
        _ => None,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = RefundReason)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    RequestedByCustomer,
    Duplicate,
    Fraudulent,
    ProductNotReceived,
    Other,
}

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Rejection {
    /// The key (or member) that rejected it.
    pub by: String,
    pub at: String,
    pub reason: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Refund {
    pub id: String,
    pub mode: Mode,
    pub owner: String,
    pub payment_intent: String,
    pub amount_minor: i64,
    pub currency: String,
    pub reason: Reason,
    pub status: Status,
    /// Where the reservation came from, so a release puts it back.
    pub reserved_from_pending_minor: i64,
    pub reserved_from_available_minor: i64,
    pub reservation_transaction: Option<String>,
    pub refund_transaction: Option<String>,
    pub rejection: Option<Rejection>,
    pub failure_reason: Option<String>,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

fn index_key(mode: Mode, owner: &str, id: &str) -> String {
    crate::store::keys::owned(crate::store::keys::Family::Refund, mode, owner, id)
}

pub fn index_prefix(mode: Mode, owner: &str) -> String {
    crate::store::keys::owned_prefix(crate::store::keys::Family::Refund, mode, owner)
}

fn refused(refund: &Refund, what: &str) -> ApiError {
    let code = match what {
        "reject" => Code::RefundNotRejectable,
        _ => Code::InvalidRefundTransition,
    };
    ApiError::new(
        code,
        format!(
            "refund {} is {:?}; it cannot {what}",
            refund.id, refund.status
        ),
    )
}

fn apply(refund: &mut Refund, trigger: Trigger, now: i64, what: &str) -> Result<(), ApiError> {
    refund.status = transition(refund.status, trigger).ok_or_else(|| refused(refund, what))?;
    refund.updated_at_ms = now;
    Ok(())
}

fn emit(tx: &mut Tx<'_>, refund: &Refund, event_type: EventType) -> Result<(), ApiError> {
    events::emit_view(tx, event_type, refund.mode, &refund.owner, &view(refund))
}

/// A validated `POST /refunds`.
pub struct NewRefund {
    pub payment_intent: String,
    pub amount_minor: i64,
    pub currency: Option<String>,
    pub reason: Reason,
}

/// What a new refund (or dispute) may take: captured − refunded − reserved −
/// disputed − charged back.
pub fn refundable(intent: &Intent) -> i64 {
    (intent.amount_received_minor
        - intent.amount_refunded_minor
        - intent.amount_reserved_minor
        - intent.amount_disputed_minor
        - intent.amount_charged_back_minor)
        .max(0)
}

fn is_captured(intent: &Intent) -> bool {
    matches!(
        intent.status,
        IntentStatus::SettlementPending | IntentStatus::Settled
    )
}

/// `POST /refunds`: reserves the amount and records the refund REQUESTED;
/// small refunds are approved and executed at once.
pub fn create(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    input: NewRefund,
) -> Result<Refund, ApiError> {
    let mut intent = intents::load(tx, principal, &input.payment_intent)
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
    if !is_captured(&intent) {
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
    if input.amount_minor > available_to_refund {
        return Err(ApiError::new(
            Code::RefundExceedsRefundable,
            format!(
                "amount_minor {} is more than the {available_to_refund} still refundable on {}",
                input.amount_minor, intent.id
            ),
        )
        .with_param("amount_minor"));
    }
    let now = tx.now_ms();
    let (mode, owner, currency) = (intent.mode, intent.owner.clone(), intent.currency.clone());
    // Reserve from what the payment left in pending first, then from available.
    let from_pending = input
        .amount_minor
        .min(intent.pending_remaining_minor.max(0));
    let from_available = input.amount_minor - from_pending;
    let mut refund = Refund {
        id: crate::ids::new_id("re"),
        mode,
        owner: owner.clone(),
        payment_intent: intent.id.clone(),
        amount_minor: input.amount_minor,
        currency: currency.clone(),
        reason: input.reason,
        status: Status::Requested,
        reserved_from_pending_minor: from_pending,
        reserved_from_available_minor: from_available,
        reservation_transaction: None,
        refund_transaction: None,
        rejection: None,
        failure_reason: None,
        created_at_ms: now,
        updated_at_ms: now,
    };
    let reserved = ledger::merchant_account(mode, &owner, &currency, Class::Reserved);
    let reservation = Posting::build(
        mode,
        &owner,
        Cause {
            kind: crate::ledger::CauseKind::RefundReservation,
            id: refund.id.clone(),
        },
        &format!("reservation for refund {}", refund.id),
    )
    .payment_intent(&intent.id)
    .transfer(
        ledger::merchant_account(mode, &owner, &currency, Class::Pending),
        reserved.clone(),
        from_pending,
        &currency,
    )
    .transfer(
        ledger::merchant_account(mode, &owner, &currency, Class::Available),
        reserved,
        from_available,
        &currency,
    )
    .post(tx)?;
    refund.reservation_transaction = Some(reservation);
    intent.pending_remaining_minor -= from_pending;
    intent.amount_reserved_minor += input.amount_minor;
    tx.put(
        Table::Index,
        index_key(mode, &owner, &refund.id),
        Vec::new(),
    );
    emit(tx, &refund, EventType::RefundRequested)?;
    if refund.amount_minor <= AUTO_APPROVE_MAX_MINOR {
        approve_and_execute(tx, settings, &mut refund, &mut intent)?;
    }
    tx.put_json(Table::Objects, refund.id.clone(), &refund)?;
    intents::save(tx, &intent)?;
    Ok(refund)
}

fn load(tx: &Tx<'_>, principal: &Principal, id: &str) -> Result<Refund, ApiError> {
    let refund: Option<Refund> = if id.starts_with("re_") {
        tx.get_json(Table::Objects, id)?
    } else {
        None
    };
    refund
        .filter(|r| r.mode == principal.mode && r.owner == principal.owner())
        .ok_or_else(|| ApiError::not_found("refund", id))
}

pub fn read(snapshot: &Snapshot, principal: &Principal, id: &str) -> Result<Refund, ApiError> {
    let refund: Option<Refund> = if id.starts_with("re_") {
        snapshot.get_json(Table::Objects, id)?
    } else {
        None
    };
    refund
        .filter(|r| r.mode == principal.mode && r.owner == principal.owner())
        .ok_or_else(|| ApiError::not_found("refund", id))
}

fn intent_of(tx: &Tx<'_>, refund: &Refund) -> Result<Intent, ApiError> {
    tx.get_json::<Intent>(Table::Objects, &refund.payment_intent)?
        .ok_or_else(|| ApiError::internal(format!("refund {} lost its intent", refund.id)))
}

/// `POST /refunds/{id}/approve`: approves a refund that waited for a person, and executes it.
pub fn approve(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    id: &str,
) -> Result<Refund, ApiError> {
    let mut refund = load(tx, principal, id)?;
    let mut intent = intent_of(tx, &refund)?;
    approve_and_execute(tx, settings, &mut refund, &mut intent)?;
    tx.put_json(Table::Objects, refund.id.clone(), &refund)?;
    intents::save(tx, &intent)?;
    Ok(refund)
}

fn approve_and_execute(
    tx: &mut Tx<'_>,
    settings: &Settings,
    refund: &mut Refund,
    intent: &mut Intent,
) -> Result<(), ApiError> {
    let now = tx.now_ms();
    apply(refund, Trigger::Approve, now, "be approved")?;
    emit(tx, refund, EventType::RefundApproved)?;
    apply(refund, Trigger::Execute, now, "be executed")?;
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
    };
    let executed =
        rails::for_mode(refund.mode, &rail).and_then(|r| r.refund(&request, refund.amount_minor));
    match executed {
        Ok(()) => succeed(tx, settings, refund, intent, &rail),
        Err(error) => {
            refund.failure_reason = Some(error.message.clone());
            apply(refund, Trigger::Fail, now, "fail")?;
            release(tx, refund, intent)?;
            emit(tx, refund, EventType::RefundFailed)
        }
    }
}

/// The money leaves to the payer: reserved → the rail's clearing account.
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
        ledger::system_account(mode, System::RailClearing(rail_name), &currency),
        refund.amount_minor,
        &currency,
    )
    .post(tx)?;
    refund.refund_transaction = Some(transaction);
    apply(refund, Trigger::Succeed, now, "succeed")?;
    intent.amount_reserved_minor -= refund.amount_minor;
    intent.amount_refunded_minor += refund.amount_minor;
    intent.updated_at_ms = now;
    recover_splits(tx, refund, intent)?;
    emit(tx, refund, EventType::RefundSucceeded)?;
    intents::emit(tx, settings, intent, EventType::PaymentIntentRefunded)
}

/// Records what each split recipient gives back (pro_rata) or keeps (merchant_absorbs).
fn recover_splits(tx: &mut Tx<'_>, refund: &Refund, intent: &mut Intent) -> Result<(), ApiError> {
    if intent.split_payouts.is_empty() {
        return Ok(());
    }
    let shares = match intent.split_refund_policy {
        RefundPolicy::ProRata => splits::pro_rata_shares(
            &intent.split_payouts,
            refund.amount_minor,
            intent.amount_received_minor,
        ),
        RefundPolicy::MerchantAbsorbs => vec![0; intent.split_payouts.len()],
    };
    for (i, share) in shares.into_iter().enumerate() {
        let recipient = intent.split_payouts[i].recipient.clone();
        let mut recovery = Recovery {
            refund: refund.id.clone(),
            recipient,
            amount_minor: share,
            status: RecoveryStatus::Absorbed,
            transaction: None,
            failure_reason: None,
        };
        if intent.split_refund_policy == RefundPolicy::ProRata {
            splits::recover(
                tx,
                refund.mode,
                &refund.owner,
                &refund.currency,
                &mut recovery,
            )?;
            if recovery.status == RecoveryStatus::Recovered {
                intent.split_payouts[i].recovered_minor += share;
            }
        }
        if intent.split_recoveries.len() < RECOVERIES_MAX {
            intent.split_recoveries.push(recovery);
        }
    }
    Ok(())
}

/// `POST /payment_intents/{id}/split_refunds/retry`: retries FAILED recoveries.
pub fn retry_recoveries(
    tx: &mut Tx<'_>,
    principal: &Principal,
    intent_id: &str,
) -> Result<Intent, ApiError> {
    let mut intent = intents::load(tx, principal, intent_id)?;
    let (mode, owner, currency) = (intent.mode, intent.owner.clone(), intent.currency.clone());
    for i in 0..intent.split_recoveries.len() {
        if intent.split_recoveries[i].status != RecoveryStatus::Failed {
            continue;
        }
        let mut recovery = intent.split_recoveries[i].clone();
        splits::recover(tx, mode, &owner, &currency, &mut recovery)?;
        let recovered = recovery.status == RecoveryStatus::Recovered;
        if let Some(payout) = intent
            .split_payouts
            .iter_mut()
            .find(|p| recovered && p.recipient == recovery.recipient)
        {
            payout.recovered_minor += recovery.amount_minor;
        }
        intent.split_recoveries[i] = recovery;
    }
    intent.updated_at_ms = tx.now_ms();
    intents::save(tx, &intent)?;
    Ok(intent)
}

/// Puts a reservation back where it came from: pending while the payment has
/// not settled, otherwise available.
fn release(tx: &mut Tx<'_>, refund: &Refund, intent: &mut Intent) -> Result<(), ApiError> {
    let (mode, owner, currency) = (refund.mode, refund.owner.clone(), refund.currency.clone());
    let back_to_pending = if intent.status == IntentStatus::SettlementPending {
        refund.reserved_from_pending_minor
    } else {
        0
    };
    let back_to_available = refund.amount_minor - back_to_pending;
    let reserved = || ledger::merchant_account(mode, &owner, &currency, Class::Reserved);
    Posting::build(
        mode,
        &owner,
        Cause {
            kind: crate::ledger::CauseKind::RefundRelease,
            id: refund.id.clone(),
        },
        &format!("release of refund {}", refund.id),
    )
    .payment_intent(&intent.id)
    .transfer(
        reserved(),
        ledger::merchant_account(mode, &owner, &currency, Class::Pending),
        back_to_pending,
        &currency,
    )
    .transfer(
        reserved(),
        ledger::merchant_account(mode, &owner, &currency, Class::Available),
        back_to_available,
        &currency,
    )
    .post(tx)?;
    intent.pending_remaining_minor += back_to_pending;
    intent.amount_reserved_minor -= refund.amount_minor;
    Ok(())
}

/// `POST /refunds/{id}/reject`: from REQUESTED or APPROVED; the reservation is
/// released and the intent keeps its prior state.
pub fn reject(
    tx: &mut Tx<'_>,
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
    let mut refund = load(tx, principal, id)?;
    let mut intent = intent_of(tx, &refund)?;
    let now = tx.now_ms();
    apply(&mut refund, Trigger::Reject, now, "reject")?;
    release(tx, &refund, &mut intent)?;
    refund.rejection = Some(Rejection {
        by: principal.key_id.clone(),
        at: crate::clock::rfc3339(now),
        reason: reason.to_string(),
    });
    emit(tx, &refund, EventType::RefundRejected)?;
    tx.put_json(Table::Objects, refund.id.clone(), &refund)?;
    intents::save(tx, &intent)?;
    Ok(refund)
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RefundView {
    pub id: String,
    /// Always `refund`.
    pub object: &'static str,
    pub livemode: bool,
    pub payment_intent: String,
    pub amount_minor: i64,
    pub currency: String,
    pub reason: Reason,
    pub status: Status,
    /// Ledger transaction that reserved the amount.
    pub reservation_transaction: Option<String>,
    /// Ledger transaction that paid the refund out, once SUCCEEDED.
    pub refund_transaction: Option<String>,
    pub rejection: Option<Rejection>,
    pub failure_reason: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

pub fn view(refund: &Refund) -> RefundView {
    RefundView {
        id: refund.id.clone(),
        object: "refund",
        livemode: refund.mode.livemode(),
        payment_intent: refund.payment_intent.clone(),
        amount_minor: refund.amount_minor,
        currency: refund.currency.clone(),
        reason: refund.reason,
        status: refund.status,
        reservation_transaction: refund.reservation_transaction.clone(),
        refund_transaction: refund.refund_transaction.clone(),
        rejection: refund.rejection.clone(),
        failure_reason: refund.failure_reason.clone(),
        created_at: crate::clock::rfc3339(refund.created_at_ms),
        updated_at: crate::clock::rfc3339(refund.updated_at_ms),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALLOWED: &[(Status, Trigger, Status)] = &[
        (Status::Requested, Trigger::Approve, Status::Approved),
        (Status::Approved, Trigger::Execute, Status::Processing),
        (Status::Processing, Trigger::Succeed, Status::Succeeded),
        (Status::Processing, Trigger::Fail, Status::Failed),
        (Status::Requested, Trigger::Reject, Status::Rejected),
        (Status::Approved, Trigger::Reject, Status::Rejected),
    ];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        let triggers = [
            Trigger::Approve,
            Trigger::Execute,
            Trigger::Succeed,
            Trigger::Fail,
            Trigger::Reject,
        ];
        for from in Status::ALL {
            for trigger in triggers {
                let expected = ALLOWED
                    .iter()
                    .find(|(f, t, _)| *f == from && *t == trigger)
                    .map(|(_, _, to)| *to);
                assert_eq!(
                    transition(from, trigger),
                    expected,
                    "{from:?} + {trigger:?}"
                );
            }
        }
    }
}
