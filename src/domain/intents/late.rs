//! Late payments (decision 244, `docs/rails.md`): money a live provider
//! confirmed after its intent had closed or been paid by another attempt.
//! It arrived, so it was posted to the merchant's `suspense` balance and
//! announced by `payment_intent.late_payment`; this module is what happens
//! to it next (decisions 268–270), like Stripe's and Adyen's handling of a
//! payment that succeeded on a cancelled order: the merchant gives it back
//! or keeps it, never both, never twice.
//!
//! ```text
//! HELD ──refund──> REFUNDING ──refund_paid──> REFUNDED
//!  │  <──refund_failed──┘
//!  ├──send_back (a bank credit, by a member's review)──> REFUNDED
//!  └──release──> RELEASED
//! ```
//!
//! A bank credit that arrives after its attempt closed is a late payment
//! too (decision 431): posted to suspense on arrival, and resolved by a
//! member's review ([`review`]): `paid` releases it to the merchant,
//! `returned` sends it back to the payer through the bank.
//!
//! - refund: one disbursement to the payer's number (a card's: the card
//!   aggregator's refund of the charge) through the rail outbox (never sent
//!   twice; an unknown outcome waits for its inquiry);
//!   suspense → reserved at once, reserved → the rail's clearing account
//!   once paid, reserved → suspense when refused (the merchant decides again).
//! - release: suspense → available net of the fees a capture would have
//!   taken (the money reached the gateway when it arrived: there is no
//!   settlement left to wait for).

use serde::{Deserialize, Serialize};

use super::{Intent, emit, save};
use crate::auth::Principal;
use crate::domain::Settings;
use crate::domain::fees;
use crate::domain::live_rails;
use crate::domain::review;
use crate::error::{ApiError, Code, Missing};
use crate::events::EventType;
use crate::ledger::{self, Cause, CauseKind, Class, Posting, System};
use crate::lifecycle::Refusal;
use crate::rails::{self, Disbursement, catalogue};
use crate::store::{Read, Tx};

/// The not-found answer about a late payment.
pub const MISSING_LATE_PAYMENT: Missing = Missing::new(Code::LatePaymentNotFound, "late payment");

/// Late payments one intent keeps at most (one per attempt; attempts are bounded too).
pub const LATE_PAYMENTS_MAX: usize = super::ATTEMPTS_MAX;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = LatePaymentStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Status {
    /// In the merchant's suspense balance, waiting for a decision.
    Held,
    /// Being paid back to the payer (reserved until the provider answers).
    Refunding,
    /// Paid back to the payer. Final.
    Refunded,
    /// Kept by the merchant: moved to available, net of fees. Final.
    Released,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    Refund,
    RefundPaid,
    RefundFailed,
    Release,
    /// A bank credit sent back to the payer at once (a member's review).
    SendBack,
}

/// The one table of a late payment's moves.
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    match (from, trigger) {
        (Held, Trigger::Refund) => Ok(Refunding),
        (Held, Trigger::Release) => Ok(Released),
        (Held, Trigger::SendBack) => Ok(Refunded),
        (Refunding, Trigger::RefundPaid) => Ok(Refunded),
        (Refunding, Trigger::RefundFailed) => Ok(Held),
        (Refunded | Released, _) => Err(Refusal::Closed),
        _ => Err(Refusal::Invalid),
    }
}

/// A late payment as its intent keeps it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LatePayment {
    /// `lp_...`
    pub id: String,
    /// The attempt whose money arrived late.
    pub attempt: String,
    pub rail: String,
    pub amount_minor: i64,
    pub currency: String,
    pub status: Status,
    /// The posting that credited suspense.
    pub arrival_transaction: String,
    /// The refund's disbursement (`rrq_...`), while and after it runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rail_request: Option<String>,
    /// The posting that ended it: the refund paid, or the release.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_transaction: Option<String>,
    /// Why the last refund failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refund_failure: Option<String>,
    /// A member's decision on it (`POST .../late_payments/{id}/review`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolution: Option<review::Resolution>,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

/// Records a late payment that was just posted to suspense.
pub(super) fn record(
    intent: &mut Intent,
    attempt: &str,
    rail: &str,
    amount_minor: i64,
    currency: &str,
    transaction: &str,
    now_ms: i64,
) -> Result<(), ApiError> {
    if intent.late_payments.len() >= LATE_PAYMENTS_MAX {
        return Err(ApiError::internal(format!(
            "intent {} has {LATE_PAYMENTS_MAX} late payments already",
            intent.id
        )));
    }
    intent.late_payments.push(LatePayment {
        id: crate::ids::new_id("lp"),
        attempt: attempt.to_string(),
        rail: rail.to_string(),
        amount_minor,
        currency: currency.to_string(),
        status: Status::Held,
        arrival_transaction: transaction.to_string(),
        rail_request: None,
        final_transaction: None,
        refund_failure: None,
        resolution: None,
        created_at_ms: now_ms,
        updated_at_ms: now_ms,
    });
    Ok(())
}

fn position(intent: &Intent, late_payment: &str) -> Result<usize, ApiError> {
    intent
        .late_payments
        .iter()
        .position(|l| l.id == late_payment)
        .ok_or_else(|| ApiError::not_found(MISSING_LATE_PAYMENT, late_payment))
}

fn refused(late: &LatePayment, refusal: Refusal) -> ApiError {
    let status = match late.status {
        Status::Held => "HELD",
        Status::Refunding => "REFUNDING",
        Status::Refunded => "REFUNDED",
        Status::Released => "RELEASED",
    };
    ApiError::new(
        Code::LatePaymentNotHeld,
        format!(
            "late payment {} is {status}{}; only a HELD late payment is refunded or released",
            late.id,
            if refusal == Refusal::Closed {
                ", a final status"
            } else {
                ""
            }
        ),
    )
}

/// One move between the merchant's own balances or out, for a late payment.
fn posting(intent: &Intent, late: &LatePayment, description: &str) -> ledger::PostingBuilder {
    Posting::build(
        intent.mode,
        &intent.owner,
        Cause {
            kind: CauseKind::LatePayment,
            id: late.id.clone(),
        },
        description,
    )
    .payment_intent(&intent.id)
}

/// Moves the whole late payment from `from` to `to` in one posting; its id.
fn move_whole(
    tx: &mut Tx<'_>,
    intent: &Intent,
    late: &LatePayment,
    description: &str,
    from: ledger::Account,
    to: ledger::Account,
) -> Result<String, ApiError> {
    posting(intent, late, description)
        .transfer(from, to, late.amount_minor, &late.currency)
        .post(tx)
}

fn merchant(intent: &Intent, late: &LatePayment, class: Class) -> ledger::Account {
    ledger::merchant_account(intent.mode, &intent.owner, &late.currency, class)
}

/// `POST /payment_intents/{id}/late_payments/{late_payment}/refund`: pays
/// the late payment back to the number that paid it, as one disbursement
/// through the rail outbox (a card's: the card aggregator's refund of the
/// charge). Its money moves from suspense to reserved now.
pub fn refund(tx: &mut Tx<'_>, intent: &mut Intent, late_payment: &str) -> Result<(), ApiError> {
    let at = position(intent, late_payment)?;
    let late = intent.late_payments[at].clone();
    let next = transition(late.status, Trigger::Refund).map_err(|r| refused(&late, r))?;
    let request = pay_back(tx, intent, &late)?;
    move_whole(
        tx,
        intent,
        &late,
        &format!("refund of late payment {} set aside", late.id),
        merchant(intent, &late, Class::Suspense),
        merchant(intent, &late, Class::Reserved),
    )?;
    let details = [("rail_request", request.id.clone())];
    change(
        tx,
        intent,
        at,
        "late_payment.refunding",
        "api",
        &details,
        |entry| {
            entry.status = next;
            entry.rail_request = Some(request.id);
            entry.refund_failure = None;
        },
    );
    Ok(())
}

/// Late payment `at` of `intent` changes now: `update` sets its status and
/// what else changed, and the intent's timeline notes `event` by `actor`
/// with the late payment's id, then `details`.
fn change(
    tx: &Tx<'_>,
    intent: &mut Intent,
    at: usize,
    event: &str,
    actor: &str,
    details: &[(&str, String)],
    update: impl FnOnce(&mut LatePayment),
) {
    let now = tx.now_ms();
    let entry = &mut intent.late_payments[at];
    let was_held = entry.status == Status::Held;
    update(entry);
    entry.updated_at_ms = now;
    let entry = entry.clone();
    // A bank credit held for review is shown on its transfer's instructions
    // (`amount_in_review_minor`) until it leaves HELD.
    if was_held && entry.status != Status::Held && entry.rail == "bank" {
        let bank = intent
            .attempts
            .iter_mut()
            .find(|a| a.id == entry.attempt)
            .and_then(|a| a.bank.as_mut());
        if let Some(bank) = bank {
            bank.review_minor = (bank.review_minor - entry.amount_minor).max(0);
        }
    }
    let mut noted = vec![("late_payment", entry.id.clone())];
    noted.extend_from_slice(details);
    intent.note(now, event, actor, &noted);
    intent.updated_at_ms = now;
}

/// Queues what pays a late payment back: a disbursement to the number
/// that paid (mobile money), or the card aggregator's refund of the charge
/// (card); anything else has no way back through the gateway.
fn pay_back(
    tx: &mut Tx<'_>,
    intent: &Intent,
    late: &LatePayment,
) -> Result<live_rails::requests::RailRequest, ApiError> {
    let attempt = intent.attempts.iter().find(|a| a.id == late.attempt);
    let not_refundable = || {
        ApiError::new(
            Code::LatePaymentNotRefundable,
            format!(
                "late payment {} came over {} with no way to pay it back through the gateway; release it, then refund the payer outside the gateway",
                late.id, late.rail
            ),
        )
    };
    match (late.rail.as_str(), attempt) {
        ("card", Some(paid)) => live_rails::refund_card(
            tx,
            live_rails::CardRefund {
                mode: intent.mode,
                owner: &intent.owner,
                target: &intent.id,
                late_payment: Some(&late.id),
                paid,
                amount_minor: late.amount_minor,
                currency: &late.currency,
            },
        ),
        ("mobile_money", Some(paid)) => {
            let msisdn = paid.customer_msisdn.clone().ok_or_else(not_refundable)?;
            let (provider, _) = live_rails::route(
                tx,
                intent.mode,
                &intent.owner,
                "mobile_money",
                paid.operator.as_deref(),
                tx.wall_ms(),
            )?;
            live_rails::requests::enqueue(
                tx,
                live_rails::requests::NewRequest {
                    mode: intent.mode,
                    owner: &intent.owner,
                    provider,
                    kind: crate::rails::live::Kind::Payout,
                    target: &intent.id,
                    attempt: Some(&late.id),
                    msisdn: &msisdn,
                    amount_minor: late.amount_minor,
                    currency: &late.currency,
                    refund: true,
                    card: false,
                    charge: None,
                },
            )
        }
        _ => Err(not_refundable()),
    }
}

/// `POST /payment_intents/{id}/late_payments/{late_payment}/release`: the
/// merchant keeps the money: suspense → available, the fees a capture
/// would have taken to their system accounts.
pub fn release(
    tx: &mut Tx<'_>,
    settings: &Settings,
    intent: &mut Intent,
    late_payment: &str,
) -> Result<(), ApiError> {
    let at = position(intent, late_payment)?;
    let late = intent.late_payments[at].clone();
    let next = transition(late.status, Trigger::Release).map_err(|r| refused(&late, r))?;
    let operator_bps = intent
        .attempts
        .iter()
        .find(|a| a.id == late.attempt)
        .and_then(|a| a.operator.as_deref())
        .and_then(|o| catalogue::find(&late.rail, o))
        .map(|m| m.provider_bps);
    let fees = fees::for_collection(&late.rail, operator_bps, late.amount_minor);
    let net = late.amount_minor - fees.total_minor();
    let (mode, currency) = (intent.mode, late.currency.clone());
    let suspense = || merchant(intent, &late, Class::Suspense);
    let transaction = posting(intent, &late, &format!("late payment {} released", late.id))
        .transfer(
            suspense(),
            merchant(intent, &late, Class::Available),
            net,
            &currency,
        )
        .transfer(
            suspense(),
            ledger::system_account(mode, System::ProviderFees, &currency),
            fees.provider_fee_minor,
            &currency,
        )
        .transfer(
            suspense(),
            ledger::system_account(mode, System::FeeRevenue, &currency),
            fees.service_fee_minor,
            &currency,
        )
        .transfer(
            suspense(),
            ledger::system_account(mode, System::TaxPayable, &currency),
            fees.tax_minor,
            &currency,
        )
        .post(tx)?;
    let net = [("net_minor", net.to_string())];
    let end = End {
        note: "late_payment.released",
        actor: "api",
        next,
        transaction,
        event: EventType::PaymentIntentLatePaymentReleased,
    };
    end.apply(tx, settings, intent, at, &net)
}

/// The provider's answer about the disbursement that refunds late payment
/// `late_payment` of intent `id` (`domain::live_rails::requests`): paid →
/// REFUNDED (reserved → the rail's clearing account); refused → HELD again
/// (reserved → suspense); unknown or pending → still REFUNDING until an
/// inquiry decides. Returns false when it had moved on already.
pub fn on_rail_answer(
    tx: &mut Tx<'_>,
    settings: &Settings,
    id: &str,
    late_payment: &str,
    outcome: Disbursement,
) -> Result<bool, ApiError> {
    let Some(mut intent) = tx.object::<Intent>(id)? else {
        return Ok(false);
    };
    let Ok(at) = position(&intent, late_payment) else {
        return Ok(false);
    };
    let late = intent.late_payments[at].clone();
    let (trigger, to, note, event) = match outcome {
        Disbursement::Paid => (
            Trigger::RefundPaid,
            ledger::system_account(
                intent.mode,
                System::RailClearing(rail_name(&late.rail)),
                &late.currency,
            ),
            "late_payment.refunded",
            EventType::PaymentIntentLatePaymentRefunded,
        ),
        Disbursement::Failed(_) => (
            Trigger::RefundFailed,
            merchant(&intent, &late, Class::Suspense),
            "late_payment.refund_failed",
            EventType::PaymentIntentLatePaymentRefundFailed,
        ),
        Disbursement::Unknown | Disbursement::Pending { .. } => return Ok(true),
    };
    let Ok(next) = transition(late.status, trigger) else {
        return Ok(false);
    };
    let transaction = move_whole(
        tx,
        &intent,
        &late,
        &format!("{note} ({})", late.id),
        merchant(&intent, &late, Class::Reserved),
        to,
    )?;
    let details = [("transaction", transaction.clone())];
    change(tx, &mut intent, at, note, "rail", &details, |entry| {
        entry.status = next;
        match outcome {
            Disbursement::Failed(reason) => {
                entry.refund_failure =
                    Some(format!("the provider refused it: {}", reason.as_str()));
            }
            _ => entry.final_transaction = Some(transaction),
        }
    });
    emit(tx, settings, &intent, event)?;
    save(tx, &intent)?;
    Ok(true)
}

/// `POST /payment_intents/{id}/late_payments/{late_payment}/review`: a
/// member decides a HELD late payment from the bank's (or provider's)
/// statement. `paid`: the merchant keeps it ([`release`]: suspense →
/// available net of fees, `payment_intent.late_payment_released`);
/// `returned`: a bank credit goes back to the payer at once (suspense →
/// the bank's clearing account, `payment_intent.late_payment_refunded`),
/// any other is refunded through its rail ([`refund`], REFUNDING). Only a
/// HELD one: nothing is applied or returned twice.
pub fn review(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    intent: &mut Intent,
    late_payment: &str,
    outcome: review::Outcome,
    evidence: &review::Evidence,
) -> Result<(), ApiError> {
    let at = position(intent, late_payment)?;
    let late = intent.late_payments[at].clone();
    if late.status != Status::Held {
        return Err(ApiError::new(
            Code::NotInReview,
            format!(
                "late payment {} is {:?}: only a HELD late payment is resolved by a review",
                late.id, late.status
            ),
        )
        .with_detail("status", format!("{:?}", late.status).to_uppercase()));
    }
    let resolution = review::resolve(
        tx,
        principal,
        "late_payment.reviewed",
        &late.id,
        outcome,
        evidence,
    )?;
    intent.note(
        tx.now_ms(),
        "late_payment.reviewed",
        "member",
        &[
            ("late_payment", late.id.clone()),
            ("outcome", outcome.as_str().to_string()),
        ],
    );
    match outcome {
        review::Outcome::Paid => release(tx, settings, intent, late_payment)?,
        review::Outcome::Returned if late.rail == "bank" => send_back(tx, settings, intent, at)?,
        review::Outcome::Returned => refund(tx, intent, late_payment)?,
    }
    intent.late_payments[at].resolution = Some(resolution);
    Ok(())
}

/// A late bank credit goes back to the payer: suspense → the bank's
/// clearing account, from which the bank returns the transfer.
fn send_back(
    tx: &mut Tx<'_>,
    settings: &Settings,
    intent: &mut Intent,
    at: usize,
) -> Result<(), ApiError> {
    let late = intent.late_payments[at].clone();
    let next = transition(late.status, Trigger::SendBack).map_err(|r| refused(&late, r))?;
    let transaction = move_whole(
        tx,
        intent,
        &late,
        &format!("late bank credit {} sent back to the payer", late.id),
        merchant(intent, &late, Class::Suspense),
        ledger::system_account(intent.mode, System::RailClearing("bank"), &late.currency),
    )?;
    let end = End {
        note: "late_payment.returned",
        actor: "member",
        next,
        transaction,
        event: EventType::PaymentIntentLatePaymentRefunded,
    };
    end.apply(tx, settings, intent, at, &[])
}

/// A late payment's final move: its status, the posting that ended it, the
/// timeline's note by `actor` and the merchant's event.
struct End {
    note: &'static str,
    actor: &'static str,
    next: Status,
    transaction: String,
    event: EventType,
}

impl End {
    fn apply(
        self,
        tx: &mut Tx<'_>,
        settings: &Settings,
        intent: &mut Intent,
        at: usize,
        details: &[(&str, String)],
    ) -> Result<(), ApiError> {
        let mut noted = details.to_vec();
        noted.push(("transaction", self.transaction.clone()));
        change(tx, intent, at, self.note, self.actor, &noted, |entry| {
            entry.status = self.next;
            entry.final_transaction = Some(self.transaction);
        });
        emit(tx, settings, intent, self.event)
    }
}

fn rail_name(rail: &str) -> &'static str {
    rails::RAILS
        .iter()
        .find(|r| **r == rail)
        .copied()
        .unwrap_or("mobile_money")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;
    use Status::*;

    const STATUSES: [Status; 4] = [Held, Refunding, Refunded, Released];
    const TRIGGERS: [Trigger; 5] = [
        Trigger::Refund,
        Trigger::RefundPaid,
        Trigger::RefundFailed,
        Trigger::Release,
        Trigger::SendBack,
    ];

    #[test]
    fn a_late_payment_is_refunded_or_released_once_and_never_both() {
        for s in STATUSES {
            match s {
                Held | Refunding | Refunded | Released => {}
            }
        }
        for t in TRIGGERS {
            match t {
                Trigger::Refund
                | Trigger::RefundPaid
                | Trigger::RefundFailed
                | Trigger::Release
                | Trigger::SendBack => {}
            }
        }
        let allowed = &[
            (Held, Trigger::Refund, Refunding),
            (Held, Trigger::Release, Released),
            (Held, Trigger::SendBack, Refunded),
            (Refunding, Trigger::RefundPaid, Refunded),
            (Refunding, Trigger::RefundFailed, Held),
        ];
        assert_table(&STATUSES, &TRIGGERS, allowed, transition);
        // A refund in flight cannot be released (the money could leave twice).
        assert_eq!(
            transition(Refunding, Trigger::Release),
            Err(Refusal::Invalid)
        );
    }
}
