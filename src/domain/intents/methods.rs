//! What each rail needs to start an attempt, and the events that end one
//! outside a rail's answer: a card's challenge completed on the sandbox's
//! page, a bank credit that arrived, a wallet's balance (our own ledger's
//! answer). `docs/payments-rails.md` tells the story.

use super::attempts::BankTransfer;
use super::input::{self, CaptureMethod};
use super::state::Status;
use super::{AttemptStatus, Intent, apply_outcome, collect_request, read, save};
use crate::auth::{KeyKind, Principal};
use crate::domain::Settings;
use crate::domain::intents::INTENT;
use crate::error::{ApiError, Code};
use crate::ledger::{self, Class};
use crate::mode::Mode;
use crate::rails::card::{Card, CardInput, ThreeDSecure};
use crate::rails::{self, Collection, FailureReason, Operator};
use crate::store::{Read, Tx};

/// The sandbox's collection account that bank attempts tell payers to pay
/// (live accounts come with the live connectors of issue 28).
pub const SANDBOX_BANK_NAME: &str = "Paygate Sandbox Bank";
pub const SANDBOX_ACCOUNT_NAME: &str = "Paygate collections (sandbox)";
pub const SANDBOX_ACCOUNT_NUMBER: &str = "000100200300400";
pub const SANDBOX_SWIFT: &str = "PGSBCDKI";
/// Characters of a bank reference as a payer may type it (spaces included).
pub const REFERENCE_CHARS_MAX: usize = 64;

/// What an attempt starts with, by rail.
#[derive(Default)]
pub(super) struct Method {
    pub msisdn: Option<String>,
    pub operator: Option<String>,
    pub card: Option<Card>,
    pub bank: Option<BankTransfer>,
    pub payer: Option<String>,
}

/// Mobile money: the payer's number (or the intent's) and an allowed operator.
pub(super) fn mobile_money(
    intent: &Intent,
    msisdn: Option<String>,
    operator: Option<Operator>,
) -> Result<Method, ApiError> {
    let msisdn = match msisdn.or_else(|| intent.customer_msisdn.clone()) {
        Some(m) => crate::fields::msisdn("customer_msisdn", &m)?,
        None => {
            return Err(ApiError::field(
                "customer_msisdn",
                "a mobile-money attempt needs the payer's customer_msisdn",
            ));
        }
    };
    live_captures_at_once(intent, "mobile_money")?;
    let operator = operator.map(|o| o.as_str().to_string());
    if let Some(operator) = &operator {
        let allowed =
            intent.allowed_operators.is_empty() || intent.allowed_operators.contains(operator);
        if !allowed {
            return Err(ApiError::new(
                Code::OperatorNotAllowed,
                format!(
                    "operator {operator} is not among this intent's allowed_operators ({})",
                    intent.allowed_operators.join(", ")
                ),
            )
            .with_param("operator"));
        }
    }
    Ok(Method {
        msisdn: Some(msisdn),
        operator,
        ..Default::default()
    })
}

/// A card, test mode only: checked already on the request's worker
/// (`ConfirmIntent::check_card`), or here for callers inside the writer.
pub(super) fn card(
    intent: &Intent,
    checked: Option<Card>,
    typed: Option<CardInput>,
    now_ms: i64,
) -> Result<Method, ApiError> {
    if intent.mode == Mode::Live {
        // The card aggregator's hosted page takes the card (issue 28): no
        // card details reach this gateway in live mode.
        if checked.is_some() || typed.is_some() {
            return Err(live_card_error());
        }
        live_captures_at_once(intent, "card")?;
        return Ok(Method::default());
    }
    let card = match (checked, typed) {
        (Some(card), _) => card,
        (None, Some(typed)) => {
            let confirm = input::ConfirmIntent {
                card: Some(typed),
                ..Default::default()
            };
            confirm
                .check_card(now_ms)?
                .checked_card
                .ok_or_else(|| ApiError::internal("a checked card vanished"))?
        }
        (None, None) => {
            return Err(ApiError::field(
                "card",
                "a card attempt needs card {number, exp_month, exp_year, cvc}",
            ));
        }
    };
    Ok(Method {
        card: Some(card),
        ..Default::default()
    })
}

/// Live cards are never typed into this gateway: the aggregator's hosted
/// page takes them (issue 28), so no card number reaches us in live mode.
pub fn live_card_error() -> ApiError {
    ApiError::field(
        "card",
        "card details are taken in test mode only; live card payments go through the card aggregator's hosted page",
    )
}

/// A bank transfer: the reference the payer quotes is the intent's own id,
/// so a credit finds its intent without an index.
pub(super) fn bank(intent: &Intent) -> Result<Method, ApiError> {
    captures_at_once(intent, "bank")?;
    Ok(Method {
        bank: Some(BankTransfer {
            reference: reference_of(&intent.id),
            ..Default::default()
        }),
        ..Default::default()
    })
}

/// `pi_01h…` → `PI01H…`: letters and digits only, as banks carry them.
pub fn reference_of(intent_id: &str) -> String {
    intent_id.replace('_', "").to_ascii_uppercase()
}

/// The intent id a typed reference names (spaces, dashes and case ignored).
fn intent_of_reference(reference: &str) -> Option<String> {
    let cleaned: String = reference
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    let id = format!("pi_{}", cleaned.strip_prefix("pi")?);
    crate::ids::is_id(&id, "pi").then_some(id)
}

/// Live rails collect at once (decision 271): MTN MoMo and Airtel Money
/// debit the payer when they approve, and Flutterwave's hosted card page
/// charges the card (its preauthorization exists only on the direct card
/// charge, which would bring card numbers to this gateway). No provider
/// holds the money for a later capture or void, so a live attempt on an
/// intent with `capture_method: manual` is refused before anything is
/// sent, as Stripe refuses manual capture for a payment method without it.
fn live_captures_at_once(intent: &Intent, rail: &str) -> Result<(), ApiError> {
    if intent.mode == Mode::Live && intent.capture_method == CaptureMethod::Manual {
        return Err(ApiError::field(
            "capture_method",
            format!(
                "live {rail} payments are collected when the payer approves: no provider holds them for a later capture; intent {} has capture_method manual (create it with capture_method automatic)",
                intent.id
            ),
        ));
    }
    Ok(())
}

/// Bank and wallet money arrives whole and is kept: there is nothing to
/// authorise and capture later.
fn captures_at_once(intent: &Intent, rail: &str) -> Result<(), ApiError> {
    if intent.capture_method == CaptureMethod::Manual {
        return Err(ApiError::field(
            "rail",
            format!(
                "{rail} payments are captured when they arrive; intent {} has capture_method manual (use mobile_money or card)",
                intent.id
            ),
        ));
    }
    Ok(())
}

/// The intent a wallet payer names: with the checkout token, any intent of
/// the payer's mode (the token is the capability, as on the checkout page);
/// without it, only the caller's own (then refused as a self-payment).
pub(super) fn intent_for_payer(
    tx: &Tx<'_>,
    principal: &Principal,
    id: &str,
    token: Option<&str>,
) -> Result<Intent, ApiError> {
    let Some(token) = token else {
        return read(tx, principal, id);
    };
    let authorised = crate::ids::is_id(id, "pi")
        && token.len() <= 64
        && super::view::page_token_matches(id, token);
    let intent: Option<Intent> = if authorised { tx.object(id)? } else { None };
    intent
        .filter(|i| i.mode == principal.mode)
        .ok_or_else(|| ApiError::not_found(INTENT.missing, id))
}

/// The wallet of the caller pays: a secret key or a session of another
/// organisation (a publishable key is public and pays nothing).
pub(super) fn wallet(intent: &Intent, principal: &Principal) -> Result<Method, ApiError> {
    if principal.kind == KeyKind::Pk && principal.session.is_none() {
        return Err(ApiError::new(
            Code::ScopeDenied,
            "paying from a wallet needs a secret key or a session of the payer, not a publishable key",
        ));
    }
    if principal.owner() == intent.owner {
        return Err(ApiError::field(
            "rail",
            format!(
                "{} cannot pay its own intent from its wallet; the payer is another organisation",
                intent.owner
            ),
        ));
    }
    captures_at_once(intent, "wallet")?;
    Ok(Method {
        payer: Some(principal.owner().to_string()),
        ..Default::default()
    })
}

/// Our ledger answers for a wallet: the payer's available balance covers
/// the amount (the posting at capture checks it again), or the attempt
/// fails retryably with `insufficient_funds`.
pub(super) fn wallet_outcome(tx: &Tx<'_>, intent: &Intent) -> Result<Collection, ApiError> {
    let Some(payer) = intent.attempts.last().and_then(|a| a.payer.as_deref()) else {
        return Err(ApiError::internal("a wallet attempt has no payer"));
    };
    let account = ledger::merchant_account(intent.mode, payer, &intent.currency, Class::Available);
    Ok(if ledger::balance(tx, &account)? >= intent.amount_minor {
        Collection::Succeeded
    } else {
        Collection::Failed(FailureReason::InsufficientFunds)
    })
}

/// Keeps a card attempt's challenge in step with what the rail said.
pub(super) fn note_challenge(intent: &mut Intent, outcome: &Collection) {
    let Some(card) = intent.attempts.last_mut().and_then(|a| a.card.as_mut()) else {
        return;
    };
    card.three_d_secure = match (outcome, card.three_d_secure) {
        (Collection::Pending { .. }, _) => Some(ThreeDSecure::Required),
        (Collection::Failed(FailureReason::AuthenticationFailed), _) => Some(ThreeDSecure::Failed),
        (Collection::Succeeded, Some(ThreeDSecure::Required)) => Some(ThreeDSecure::Authenticated),
        (_, kept) => kept,
    };
}

/// Whether the intent's current attempt is a card challenge waiting for the payer.
pub fn challenge_waiting(intent: &Intent) -> bool {
    intent.status == Status::RequiresCustomerAction
        && intent.attempts.last().is_some_and(|a| {
            a.status == AttemptStatus::Processing
                && a.card
                    .as_ref()
                    .is_some_and(|c| c.three_d_secure == Some(ThreeDSecure::Required))
        })
}

/// The sandbox's challenge page answered (test mode only): passed pays as
/// the card's rail would, failed ends the attempt `authentication_failed`.
pub fn complete_challenge(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    id: &str,
    passed: bool,
) -> Result<Intent, ApiError> {
    let mut intent = read(tx, principal, id)?;
    if intent.mode != Mode::Test {
        return Err(ApiError::not_found(INTENT.missing, id));
    }
    if !challenge_waiting(&intent) {
        return Err(ApiError::new(
            Code::InvalidIntentTransition,
            format!(
                "intent {id} has no card challenge waiting (it is {})",
                intent.public_status().as_str()
            ),
        ));
    }
    let outcome = if passed {
        Collection::Succeeded
    } else {
        Collection::Failed(FailureReason::AuthenticationFailed)
    };
    let now = tx.now_ms();
    let event = if passed {
        "attempt.challenge_passed"
    } else {
        "attempt.challenge_failed"
    };
    intent.note(now, event, "payer", &[]);
    note_challenge(&mut intent, &outcome);
    apply_outcome(tx, settings, &mut intent, outcome, "payer")?;
    save(tx, &intent)?;
    Ok(intent)
}

/// What a bank credit did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BankCreditOutcome {
    /// The exact amount (or the rest of it) arrived: the intent is paid.
    Paid,
    /// Less than what is due: counted, and the intent keeps waiting for the rest.
    Partial,
    /// More than what is due: the intent is paid and the excess sent back.
    Overpaid,
    /// The attempt had closed (paid, expired, cancelled): held for review.
    Review,
}

/// A bank credit's effect on its intent.
pub struct BankCredit {
    pub intent: Intent,
    pub outcome: BankCreditOutcome,
    /// Counted towards the amount.
    pub applied_minor: i64,
    /// Sent back to the payer at once.
    pub returned_minor: i64,
    /// Held for review.
    pub review_minor: i64,
}

/// `POST /sandbox/bank_credits`: a transfer of `amount_minor` arrived
/// quoting `reference` (test mode; live credits come from the
/// reconciliation import of issue 28).
pub fn bank_credit(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    reference: &str,
    amount_minor: i64,
    currency: &str,
) -> Result<BankCredit, ApiError> {
    if principal.mode != Mode::Test {
        return Err(ApiError::new(
            Code::LivemodeForbidden,
            "bank credits are simulated in test mode only; use a test key",
        ));
    }
    let amount_minor = input::amount("amount_minor", amount_minor)?;
    let unknown = || {
        ApiError::new(
            Code::BankReferenceNotFound,
            "no bank transfer of yours waits under this reference; quote the reference of the intent's bank_instructions",
        )
        .with_param("reference")
    };
    let id = (reference.chars().count() <= REFERENCE_CHARS_MAX)
        .then(|| intent_of_reference(reference))
        .flatten()
        .ok_or_else(unknown)?;
    let mut intent = read(tx, principal, &id).map_err(|_| unknown())?;
    let normalised = reference_of(&id);
    let position = intent
        .attempts
        .iter()
        .rposition(|a| a.bank.as_ref().is_some_and(|b| b.reference == normalised))
        .ok_or_else(unknown)?;
    if currency != intent.currency {
        return Err(ApiError::field(
            "currency",
            format!(
                "the transfer is in {currency} but intent {id} is in {}",
                intent.currency
            ),
        ));
    }
    let open = position + 1 == intent.attempts.len()
        && intent.attempts[position].status == AttemptStatus::Processing
        && intent.status == Status::RequiresCustomerAction;
    let credit = if open {
        credit_open(tx, settings, &mut intent, amount_minor)?
    } else {
        credit_late(tx, settings, &mut intent, position, amount_minor)?
    };
    save(tx, &intent)?;
    Ok(BankCredit { intent, ..credit })
}

/// A credit to a closed attempt: the money reached the gateway's bank
/// account, so it is posted (the bank's clearing account → the merchant's
/// suspense) and kept as a late payment, HELD for a member's review
/// (decision 431, `late.rs`); `amount_in_review_minor` shows it meanwhile.
fn credit_late(
    tx: &mut Tx<'_>,
    settings: &Settings,
    intent: &mut Intent,
    position: usize,
    amount_minor: i64,
) -> Result<BankCredit, ApiError> {
    let attempt = intent.attempts[position].id.clone();
    let (mode, owner, currency) = (intent.mode, intent.owner.clone(), intent.currency.clone());
    let transaction = ledger::Posting::build(
        mode,
        &owner,
        ledger::Cause {
            kind: ledger::CauseKind::PaymentIntent,
            id: intent.id.clone(),
        },
        &format!("late bank credit of {}, to suspense", intent.id),
    )
    .payment_intent(&intent.id)
    .transfer(
        ledger::system_account(mode, ledger::System::RailClearing("bank"), &currency),
        ledger::merchant_account(mode, &owner, &currency, Class::Suspense),
        amount_minor,
        &currency,
    )
    .post(tx)?;
    let now = tx.now_ms();
    super::late::record(
        intent,
        &attempt,
        "bank",
        amount_minor,
        &currency,
        &transaction,
        now,
    )?;
    if let Some(bank) = intent.attempts[position].bank.as_mut() {
        bank.review_minor += amount_minor;
    }
    let late_payment = intent
        .late_payments
        .last()
        .map(|l| l.id.clone())
        .unwrap_or_default();
    intent.note(
        now,
        "bank.late_credit",
        "rail",
        &[
            ("amount_minor", amount_minor.to_string()),
            ("late_payment", late_payment),
            ("transaction", transaction),
        ],
    );
    super::emit(
        tx,
        settings,
        intent,
        crate::events::EventType::PaymentIntentLatePayment,
    )?;
    Ok(BankCredit {
        intent: intent.clone(),
        outcome: BankCreditOutcome::Review,
        applied_minor: 0,
        returned_minor: 0,
        review_minor: amount_minor,
    })
}

/// A credit to the open attempt: counted; the amount reached pays the
/// intent, and what is over it goes back to the payer through the rail.
fn credit_open(
    tx: &mut Tx<'_>,
    settings: &Settings,
    intent: &mut Intent,
    amount_minor: i64,
) -> Result<BankCredit, ApiError> {
    let now = tx.now_ms();
    let received_before = intent
        .attempts
        .last()
        .and_then(|a| a.bank.as_ref())
        .map_or(0, |b| b.received_minor);
    let remaining = intent.amount_minor - received_before;
    let applied = amount_minor.min(remaining);
    let excess = amount_minor - applied;
    if excess > 0 {
        let attempt = intent
            .attempts
            .last()
            .ok_or_else(|| ApiError::internal("no attempt"))?;
        rails::for_mode(intent.mode, "bank")?.refund(&collect_request(intent, attempt), excess)?;
    }
    if let Some(bank) = intent.attempts.last_mut().and_then(|a| a.bank.as_mut()) {
        bank.received_minor += applied;
        bank.returned_minor += excess;
    }
    let details = [
        ("amount_minor", amount_minor.to_string()),
        ("remaining_minor", (remaining - applied).to_string()),
        ("returned_minor", excess.to_string()),
    ];
    let outcome = if applied < remaining {
        intent.note(now, "bank.partial_credit", "rail", &details);
        BankCreditOutcome::Partial
    } else {
        intent.note(now, "bank.credited", "rail", &details);
        apply_outcome(tx, settings, intent, Collection::Succeeded, "rail")?;
        match excess {
            0 => BankCreditOutcome::Paid,
            _ => BankCreditOutcome::Overpaid,
        }
    };
    Ok(BankCredit {
        intent: intent.clone(),
        outcome,
        applied_minor: applied,
        returned_minor: excess,
        review_minor: 0,
    })
}

/// A bank attempt that closed unpaid (cancel, expiry) sends back what a
/// short payment had sent: the payer is never left short for nothing.
pub(super) fn return_unpaid_bank(intent: &mut Intent, now_ms: i64) -> Result<(), ApiError> {
    let Some(attempt) = intent.attempts.last() else {
        return Ok(());
    };
    let kept = attempt
        .bank
        .as_ref()
        .map_or(0, |b| b.received_minor - b.returned_minor);
    if attempt.status != AttemptStatus::Abandoned || kept <= 0 {
        return Ok(());
    }
    rails::for_mode(intent.mode, "bank")?.refund(&collect_request(intent, attempt), kept)?;
    if let Some(bank) = intent.attempts.last_mut().and_then(|a| a.bank.as_mut()) {
        bank.returned_minor += kept;
    }
    intent.note(
        now_ms,
        "bank.partial_returned",
        "rail",
        &[("returned_minor", kept.to_string())],
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bank_reference_is_the_intent_id_and_reads_back_however_typed() {
        let id = "pi_01m817j3r8htq9g8y3hv2c9dcr";
        let reference = reference_of(id);
        assert_eq!(reference, "PI01M817J3R8HTQ9G8Y3HV2C9DCR");
        assert_eq!(intent_of_reference(&reference).as_deref(), Some(id));
        assert_eq!(
            intent_of_reference("pi 01m8-17j3 r8ht q9g8 y3hv 2c9d cr").as_deref(),
            Some(id)
        );
        assert_eq!(intent_of_reference("XX01M817J3R8HTQ9G8Y3HV2C9DCR"), None);
        assert_eq!(intent_of_reference("PI"), None);
    }
}
