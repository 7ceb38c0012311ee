//! Collecting an invoice: from the subscriber's wallet when the subscriber
//! is an organisation of this gateway (its phone or e-mail is one's handle),
//! otherwise by a payment request to the subscriber's number (an intent
//! whose mobile-money prompt goes out at once; mobile money has no card on
//! file, so each period is a request the payer approves).
//!
//! A wallet collection is one balanced posting: the payer's `available`
//! pays the merchant's `pending` the net, and each fee of the `wallet` rail
//! (`fees::for_collection`) to its system account; it then joins the
//! merchant's running settlement period like any payment, so it settles and
//! appears on the statement. A payment request is an ordinary intent: its
//! capture posts and accrues as every payment, and the intent "paid" hook
//! (`domain::purpose`) marks the invoice paid.

use super::Invoice;
use crate::auth::Principal;
use crate::domain::intents::{self, Intent, state::Status as IntentStatus};
use crate::domain::purpose::Purpose;
use crate::domain::settlement::cycles;
use crate::domain::{Settings, fees, org};
use crate::error::ApiError;
use crate::ledger::{self, Cause, CauseKind, Class, Posting, System};
use crate::store::{Read, Tx};

/// What an attempt came to.
pub enum Outcome {
    /// Paid from the wallet by this posting.
    PaidFromWallet { transaction: String, payer: String },
    /// The payment request was paid inside the attempt (the hook marked it).
    Paid,
    /// Refused at once: why.
    Failed(String),
    /// The payer has not answered yet: judged at the next attempt's time.
    Pending,
}

/// The subscriber's wallet: the active organisation (other than the
/// merchant) whose phone or e-mail handle is the subscriber's.
pub fn payer_wallet(tx: &Tx<'_>, invoice: &Invoice) -> Result<Option<String>, ApiError> {
    let handles = [
        invoice.customer.msisdn.as_deref(),
        invoice.customer.email.as_deref(),
    ];
    for handle in handles.into_iter().flatten() {
        if let Some(found) = org::find_by_handle(tx, handle)?
            && found.id != invoice.owner
            && found.admits(org::state::Trigger::Receive)
        {
            return Ok(Some(found.id));
        }
    }
    Ok(None)
}

/// Takes `invoice.amounts.total_minor` from `payer`'s available balance; a balance
/// short of it fails the attempt and moves nothing.
pub fn from_wallet(
    tx: &mut Tx<'_>,
    settings: &Settings,
    invoice: &Invoice,
    payer: &str,
) -> Result<Outcome, ApiError> {
    let (mode, currency) = (invoice.mode, invoice.currency.as_str());
    let source = ledger::merchant_account(mode, payer, currency, Class::Available);
    if ledger::balance(tx, &source)? < invoice.amounts.total_minor {
        return Ok(Outcome::Failed("insufficient_funds".into()));
    }
    let fees = fees::for_collection("wallet", None, invoice.amounts.total_minor);
    let net = invoice.amounts.total_minor - fees.total_minor();
    let system = |s: System| ledger::system_account(mode, s, currency);
    let transaction = Posting::build(
        mode,
        &invoice.owner,
        Cause {
            kind: CauseKind::Invoice,
            id: invoice.id.clone(),
        },
        &format!("invoice {} from the wallet of {payer}", invoice.number),
    )
    .transfer(
        source.clone(),
        ledger::merchant_account(mode, &invoice.owner, currency, Class::Pending),
        net,
        currency,
    )
    .transfer(
        source.clone(),
        system(System::ProviderFees),
        fees.provider_fee_minor,
        currency,
    )
    .transfer(
        source.clone(),
        system(System::FeeRevenue),
        fees.service_fee_minor,
        currency,
    )
    .transfer(source, system(System::TaxPayable), fees.tax_minor, currency)
    .post(tx)?;
    let place = cycles::Place {
        mode,
        owner: &invoice.owner,
        rail: Some("wallet"),
        currency,
    };
    let payment = cycles::Payment {
        id: &invoice.id,
        gross_minor: invoice.amounts.total_minor,
        fees: &fees,
        split_minor: 0,
        application_fee_minor: 0,
        transaction: &transaction,
        payment_intent: None,
    };
    cycles::record_payment(tx, settings, place, payment)?;
    Ok(Outcome::PaidFromWallet {
        transaction,
        payer: payer.to_string(),
    })
}

/// A payment request of the invoice's total, payable for `minutes`, not
/// yet sent: the invoice names it before its attempt starts (`start`), so
/// that `invoice.created` shows the request that went out.
pub fn request_intent(
    tx: &mut Tx<'_>,
    settings: &Settings,
    invoice: &Invoice,
    minutes: i64,
) -> Result<Intent, ApiError> {
    let body = serde_json::json!({
        "amount_minor": invoice.amounts.total_minor,
        "currency": invoice.currency,
        "rails": ["mobile_money"],
        "expires_in_minutes": minutes,
        "description": format!("Invoice {}", invoice.number),
        "reference": invoice.number,
        "qr": false,
    });
    let principal = Principal::system("billing", &invoice.owner, invoice.mode);
    let parsed: intents::input::CreateIntent = serde_json::from_value(body)
        .map_err(|e| ApiError::internal(format!("payment request of {}: {e}", invoice.id)))?;
    let valid = parsed.validate(principal.account.is_some())?;
    let minted = intents::Minted::in_tx(tx, &principal, valid)?;
    let (mut intent, _) = intents::create(tx, settings, &principal, minted)?;
    // The purpose is set before the attempt starts, so that a payment the
    // sandbox decides at once reaches the invoice through the hook.
    intent.purpose = Some(Purpose::Invoice {
        id: invoice.id.clone(),
    });
    intent.customer_msisdn = invoice.customer.msisdn.clone();
    intents::save(tx, &intent)?;
    Ok(intent)
}

/// Sends the payment request `intent` of `invoice`: with the subscriber's
/// number the prompt goes out at once; without one the payer pays on its
/// hosted page. Returns the outcome.
pub fn start(
    tx: &mut Tx<'_>,
    settings: &Settings,
    invoice: &Invoice,
    intent: Intent,
) -> Result<Outcome, ApiError> {
    let principal = Principal::system("billing", &invoice.owner, invoice.mode);
    if let Some(msisdn) = invoice.customer.msisdn.clone() {
        let confirm = intents::input::ConfirmIntent {
            customer_msisdn: Some(msisdn),
            operator: None,
            amount_minor: None,
            ..Default::default()
        };
        // A refused attempt is the invoice's failure, not the command's.
        if let Err(e) = intents::confirm(tx, settings, &principal, &intent.id, confirm) {
            return Ok(Outcome::Failed(e.code.as_str().to_string()));
        }
    }
    let intent: Intent = tx
        .object(&intent.id)?
        .ok_or_else(|| ApiError::internal(format!("intent {} vanished", intent.id)))?;
    let outcome = match intent.status {
        IntentStatus::Captured | IntentStatus::SettlementPending | IntentStatus::Settled => {
            Outcome::Paid
        }
        IntentStatus::Failed => Outcome::Failed(failure_of(&intent)),
        IntentStatus::RequiresPaymentMethod if last_failed(&intent) => {
            Outcome::Failed(failure_of(&intent))
        }
        _ => Outcome::Pending,
    };
    Ok(outcome)
}

fn last_failed(intent: &Intent) -> bool {
    intent
        .attempts
        .last()
        .is_some_and(|a| a.failure_reason.is_some())
}

fn failure_of(intent: &Intent) -> String {
    intent
        .attempts
        .last()
        .and_then(|a| a.failure_reason)
        .and_then(|r| serde_json::to_value(r).ok())
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_else(|| "payment_failed".into())
}
