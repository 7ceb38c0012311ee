//! How a payment intent is rendered to clients and in events, and its QR payload.

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

pub use super::attempts::AttemptView;
use super::input::{CancellationReason, CaptureMethod, PurposeCode};
use super::state::Status;
use super::{Attempt, AttemptStatus, Intent};
use crate::clock::rfc3339;
use crate::domain::Settings;
use crate::domain::currency::{self, Currency};
use crate::domain::fees::Fees;
use crate::domain::qr_codes::{self, Location, Terminal};
use crate::domain::ranking::Policy;
use crate::domain::splits::SplitInput;
use crate::events::signing::PlatformKey;
use crate::qr::emv::{self, Tlv};
use crate::qr::signed;

/// The reverse-domain GUID of this gateway in EMVCo merchant account templates.
pub const QR_GUID: &str = "com.paygate";
/// Merchant country (tag 58) until organisations carry their own.
pub const MERCHANT_COUNTRY: &str = "CD";
/// Merchant city (tag 60) until organisations carry their own.
pub const MERCHANT_CITY: &str = "Kinshasa";

pub fn attempt(attempt: &Attempt) -> AttemptView {
    AttemptView {
        id: attempt.id.clone(),
        rail: attempt.rail.clone(),
        operator: attempt.operator.clone(),
        customer_msisdn: attempt.customer_msisdn.clone(),
        status: attempt.status,
        failure_reason: attempt.failure_reason,
        started_at: rfc3339(attempt.started_at_ms),
        ended_at: attempt.ended_at_ms.map(rfc3339),
        card: attempt.card.clone(),
        payer: attempt.payer.clone(),
    }
}

/// What the payer must do for the current attempt to go on.
#[derive(Debug, Serialize, ToSchema)]
pub struct IntentNextAction {
    /// `three_d_secure`: open `url` and complete the card's challenge;
    /// `redirect_to_url`: send the payer to `url`, the card aggregator's
    /// hosted page (a live card payment); `bank_transfer`: pay
    /// `bank_instructions` from your bank.
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub url: Option<String>,
}

/// Where and how a bank transfer pays the intent (Stripe's
/// `display_bank_transfer_instructions`).
#[derive(Debug, Serialize, ToSchema)]
pub struct BankInstructions {
    pub bank_name: &'static str,
    pub account_name: &'static str,
    pub account_number: &'static str,
    pub swift_code: &'static str,
    /// Quote it in the transfer: it is how the credit finds this payment.
    pub reference: String,
    pub amount_minor: i64,
    pub currency: String,
    /// Credited so far towards the amount.
    pub amount_received_minor: i64,
    pub amount_remaining_minor: i64,
    /// Sent back: an overpayment's excess, or a short payment when the intent closed unpaid.
    pub amount_returned_minor: i64,
    /// Arrived after the transfer's attempt closed: held for review.
    pub amount_in_review_minor: i64,
    /// Transfers after this are held for review.
    pub expires_at: String,
}

fn bank_instructions(intent: &Intent) -> Option<BankInstructions> {
    use super::methods as m;
    let bank = intent.attempts.iter().rev().find_map(|a| a.bank.as_ref())?;
    Some(BankInstructions {
        bank_name: m::SANDBOX_BANK_NAME,
        account_name: m::SANDBOX_ACCOUNT_NAME,
        account_number: m::SANDBOX_ACCOUNT_NUMBER,
        swift_code: m::SANDBOX_SWIFT,
        reference: bank.reference.clone(),
        amount_minor: intent.amount_minor,
        currency: intent.currency.clone(),
        amount_received_minor: bank.received_minor,
        amount_remaining_minor: (intent.amount_minor - bank.received_minor).max(0),
        amount_returned_minor: bank.returned_minor,
        amount_in_review_minor: bank.review_minor,
        expires_at: rfc3339(intent.expires_at_ms),
    })
}

fn next_action(intent: &Intent, settings: &Settings) -> Option<IntentNextAction> {
    if super::methods::challenge_waiting(intent) {
        return Some(IntentNextAction {
            kind: "three_d_secure",
            url: Some(challenge_url(intent, settings)),
        });
    }
    let last = intent.attempts.last()?;
    let waiting =
        intent.status == Status::RequiresCustomerAction && last.status == AttemptStatus::Processing;
    if waiting && let Some(url) = &last.redirect_url {
        return Some(IntentNextAction {
            kind: "redirect_to_url",
            url: Some(url.clone()),
        });
    }
    (waiting && last.bank.is_some()).then_some(IntentNextAction {
        kind: "bank_transfer",
        url: None,
    })
}

/// The card aggregator's hosted page the payer is sent to, while its attempt waits.
pub fn hosted_page_url(intent: &Intent) -> Option<String> {
    let last = intent.attempts.last()?;
    let waiting =
        intent.status == Status::RequiresCustomerAction && last.status == AttemptStatus::Processing;
    waiting.then(|| last.redirect_url.clone()).flatten()
}

/// The sandbox's challenge page of a card attempt (the page token is its capability).
pub fn challenge_url(intent: &Intent, settings: &Settings) -> String {
    format!(
        "{}/pay/{}/challenge?t={}",
        settings.public_url,
        intent.id,
        page_token(&intent.id)
    )
}

/// A late payment as the API shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct LatePaymentView {
    /// `lp_...`: name it to refund or release it.
    pub id: String,
    /// The attempt whose money arrived late.
    pub attempt: String,
    pub rail: String,
    pub amount_minor: i64,
    pub currency: String,
    /// HELD (in suspense), REFUNDING, REFUNDED or RELEASED.
    pub status: super::late::Status,
    /// Why the last refund failed (the late payment is HELD again).
    pub refund_failure: Option<String>,
    /// A member's decision on it (`POST .../late_payments/{id}/review`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resolution: Option<crate::domain::review::ResolutionView>,
    pub created_at: String,
    pub updated_at: String,
}

fn late_payment(late: &super::late::LatePayment) -> LatePaymentView {
    LatePaymentView {
        id: late.id.clone(),
        attempt: late.attempt.clone(),
        rail: late.rail.clone(),
        amount_minor: late.amount_minor,
        currency: late.currency.clone(),
        status: late.status,
        refund_failure: late.refund_failure.clone(),
        resolution: late.resolution.as_ref().map(|r| r.view()),
        created_at: rfc3339(late.created_at_ms),
        updated_at: rfc3339(late.updated_at_ms),
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewView {
    /// `MANUAL_REVIEW` while open, `RESOLVED` after an operator's decision.
    pub status: String,
    pub opened_at: String,
    pub resolved_at: Option<String>,
    /// `paid` or `not_paid`.
    pub outcome: Option<String>,
    pub note: Option<String>,
}

/// Where a settled intent's money went: the posting that moved the net
/// from pending to available.
#[derive(Debug, Serialize, ToSchema)]
pub struct SettlementView {
    /// The settlement cycle that paid it (`sc_...`; `null` for payments
    /// settled one by one before cycles existed).
    pub id: Option<String>,
    /// The settlement's ledger transaction (`txn_...`).
    pub transaction: String,
    /// What moved to available: the net of fees, less split payouts and refunds taken from pending.
    pub net_minor: i64,
    pub currency: String,
    pub settled_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentIntentView {
    pub id: String,
    /// Always `payment_intent`.
    pub object: &'static str,
    pub livemode: bool,
    /// The origin's status list: the payment's lifecycle, shown as
    /// PARTIALLY_REFUNDED or REFUNDED once refunds succeeded and as DISPUTED
    /// while a dispute is open; CREATED while an open amount is not set.
    pub status: Status,
    /// `null` while an open amount is not set (status CREATED).
    pub amount_minor: Option<i64>,
    /// Authorised and not yet captured (manual capture).
    pub amount_capturable_minor: i64,
    /// Captured.
    pub amount_received_minor: i64,
    pub amount_refunded_minor: i64,
    /// `none`, `partially_refunded` or `refunded` (origin's PARTIALLY_REFUNDED / REFUNDED).
    pub refund_status: &'static str,
    pub split_refund_policy: crate::domain::splits::RefundPolicy,
    pub currency: String,
    pub rails: Vec<String>,
    pub capture_method: CaptureMethod,
    pub payment_method_policy: Policy,
    pub reference: Option<String>,
    pub description: Option<String>,
    pub purpose_code: Option<PurposeCode>,
    #[schema(value_type = Object)]
    pub metadata: BTreeMap<String, serde_json::Value>,
    pub customer_msisdn: Option<String>,
    pub customer_country: Option<String>,
    pub success_url: Option<String>,
    pub cancel_url: Option<String>,
    /// The hosted page where the payer pays.
    pub checkout_url: String,
    /// EMVCo merchant-presented QR payload with amount and reference (when `qr` was not false).
    pub qr_payload: Option<String>,
    /// When the QR payload stops being payable (signed into it, template 80 sub-tag 02).
    pub qr_expires_at: Option<String>,
    /// The location (`loc_...`) and terminal (`term_...`) of the intent and its QR.
    pub location_id: Option<String>,
    pub terminal_id: Option<String>,
    /// Lets a `pk_` key or the hosted page read and confirm this one intent.
    /// Returned by the create call only (and its idempotent replay).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub client_secret: Option<String>,
    pub splits: Vec<SplitInput>,
    pub application_fee_minor: Option<i64>,
    pub allowed_operators: Vec<String>,
    /// Fees taken at capture: provider fee, service fee and tax.
    pub fees: Option<Fees>,
    /// The connected account this intent belongs to, when created for one.
    pub account: Option<String>,
    pub last_attempt: Option<AttemptView>,
    pub attempts_count: usize,
    /// What the payer must do next (a card challenge, a bank transfer); `null` otherwise.
    pub next_action: Option<IntentNextAction>,
    /// Set once a bank transfer attempt started: where to pay, the reference, what arrived.
    pub bank_instructions: Option<BankInstructions>,
    /// Set while (and after) an AMBIGUOUS payment is in manual review.
    pub review: Option<ReviewView>,
    /// Money a live provider confirmed after the intent had moved on
    /// (`payment_intent.late_payment`), held in the suspense balance until
    /// the merchant refunds or releases it (an addition to the spec).
    pub late_payments: Vec<LatePaymentView>,
    pub cancellation_reason: Option<CancellationReason>,
    /// The cancel's `reason` text, as sent.
    pub cancellation_note: Option<String>,
    /// Ledger transaction that credited the merchant's pending balance.
    pub collection_transaction: Option<String>,
    /// Ledger transaction that moved the net amount to available.
    pub settlement_transaction: Option<String>,
    /// When the payment settled (`null` before).
    pub settled_at: Option<String>,
    /// The settlement (`null` before).
    pub settlement: Option<SettlementView>,
    pub expires_at: String,
    pub created_at: String,
    pub updated_at: String,
}

/// The hosted checkout page of `intent`. The URL is the capability: its `t`
/// is [`page_token`], without which the page and its actions answer 404.
pub fn checkout_url(intent: &Intent, settings: &Settings) -> String {
    format!("{}{}", settings.public_url, checkout_path(&intent.id))
}

/// `/pay/{id}?t={token}`: the path of [`checkout_url`], for redirects.
pub fn checkout_path(intent_id: &str) -> String {
    format!("/pay/{intent_id}?t={}", page_token(intent_id))
}

/// What a checkout page's URL carries: see [`crate::secrets::derived_token`].
pub fn page_token(intent_id: &str) -> String {
    crate::domain::page_tokens::payment_token(intent_id)
}

/// Whether `presented` is the page token of `intent_id`.
pub fn page_token_matches(intent_id: &str, presented: &str) -> bool {
    crate::domain::page_tokens::payment_token_matches(intent_id, presented)
}

pub fn render(
    intent: &Intent,
    settings: &Settings,
    client_secret: Option<String>,
) -> PaymentIntentView {
    PaymentIntentView {
        id: intent.id.clone(),
        object: "payment_intent",
        livemode: intent.mode.livemode(),
        status: intent.public_status(),
        amount_minor: (intent.status != Status::Created).then_some(intent.amount_minor),
        amount_capturable_minor: intent.amount_capturable_minor,
        amount_received_minor: intent.amount_received_minor,
        amount_refunded_minor: intent.amount_refunded_minor,
        refund_status: match intent.amount_refunded_minor {
            0 => "none",
            n if n >= intent.amount_received_minor => "refunded",
            _ => "partially_refunded",
        },
        split_refund_policy: intent.split_refund_policy,
        currency: intent.currency.clone(),
        rails: intent.rails.clone(),
        capture_method: intent.capture_method,
        payment_method_policy: intent.payment_method_policy,
        reference: intent.reference.clone(),
        description: intent.description.clone(),
        purpose_code: intent.purpose_code,
        metadata: intent.metadata.clone(),
        customer_msisdn: intent.customer_msisdn.clone(),
        customer_country: intent.customer_country.clone(),
        success_url: intent.success_url.clone(),
        cancel_url: intent.cancel_url.clone(),
        checkout_url: checkout_url(intent, settings),
        qr_payload: intent.qr_payload.clone(),
        qr_expires_at: intent.qr_expires_at_ms.map(rfc3339),
        location_id: intent.location.clone(),
        terminal_id: intent.terminal.clone(),
        client_secret,
        splits: intent.splits.clone(),
        application_fee_minor: intent.application_fee_minor,
        allowed_operators: intent.allowed_operators.clone(),
        fees: intent.fees,
        account: intent.account.clone(),
        last_attempt: intent.attempts.last().map(attempt),
        attempts_count: intent.attempts.len(),
        next_action: next_action(intent, settings),
        bank_instructions: bank_instructions(intent),
        review: intent.review.as_ref().map(|r| ReviewView {
            status: r.status.clone(),
            opened_at: rfc3339(r.opened_at_ms),
            resolved_at: r.resolved_at_ms.map(rfc3339),
            outcome: r.outcome.map(|o| match o {
                super::input::ReviewOutcome::Paid => "paid".to_string(),
                super::input::ReviewOutcome::NotPaid => "not_paid".to_string(),
            }),
            note: r.note.clone(),
        }),
        late_payments: intent.late_payments.iter().map(late_payment).collect(),
        cancellation_reason: intent.cancellation_reason,
        cancellation_note: intent.cancellation_note.clone(),
        collection_transaction: intent.collection_transaction.clone(),
        settlement_transaction: intent.settlement_transaction.clone(),
        settled_at: settlement(intent).map(|s| s.settled_at),
        settlement: settlement(intent),
        expires_at: rfc3339(intent.expires_at_ms),
        created_at: rfc3339(intent.created_at_ms),
        updated_at: rfc3339(intent.updated_at_ms),
    }
}

/// The settlement of `intent`, from its record, or for intents settled
/// before the record kept it, from the timeline's `ledger.settled` entry.
fn settlement(intent: &Intent) -> Option<SettlementView> {
    let transaction = intent.settlement_transaction.clone()?;
    let noted = || {
        intent
            .timeline
            .iter()
            .rev()
            .find(|e| e.event == "ledger.settled")
    };
    let at_ms = intent
        .settled_at_ms
        .or_else(|| noted().map(|e| e.at_ms))
        .unwrap_or(intent.updated_at_ms);
    let net_minor = intent
        .settled_net_minor
        .or_else(|| noted().and_then(|e| e.details.get("net_minor")?.parse().ok()))
        .unwrap_or(0);
    Some(SettlementView {
        id: intent.settlement.clone(),
        transaction,
        net_minor,
        currency: intent.currency.clone(),
        settled_at: rfc3339(at_ms),
    })
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TimelineEntryView {
    pub at: String,
    /// `intent.created`, `intent.<status>`, `attempt.started`, `attempt.<outcome>`, `ledger.*`, `review.*`.
    pub event: String,
    /// `api`, `rail`, `timer`, `operator` or `ledger`.
    pub actor: String,
    pub details: BTreeMap<String, String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TimelineView {
    /// Always `timeline`.
    pub object: &'static str,
    pub payment_intent: String,
    pub status: Status,
    /// Every state change and attempt, oldest first.
    pub entries: Vec<TimelineEntryView>,
    pub attempts: Vec<AttemptView>,
}

pub fn timeline(intent: &Intent) -> TimelineView {
    TimelineView {
        object: "timeline",
        payment_intent: intent.id.clone(),
        status: intent.public_status(),
        entries: intent
            .timeline
            .iter()
            .map(|e| TimelineEntryView {
                at: rfc3339(e.at_ms),
                event: e.event.clone(),
                actor: e.actor.clone(),
                details: e.details.clone(),
            })
            .collect(),
        attempts: intent.attempts.iter().map(attempt).collect(),
    }
}

/// What a dynamic QR payload says about its intent.
pub struct QrSubject<'a> {
    pub owner: &'a str,
    pub intent: &'a str,
    /// `None`: an open amount (no tag 54; the payer enters it).
    pub amount_minor: Option<i64>,
    pub currency: Currency,
    pub reference: Option<&'a str>,
    pub location: Option<&'a Location>,
    pub terminal: Option<&'a Terminal>,
    /// Signed into `80/02`: the payload is refused after it.
    pub expires_at_unix: i64,
}

/// A dynamic EMVCo merchant-presented payload for an intent (point of
/// initiation 12), signed with the platform key: the merchant account template
/// (26) carries our GUID, the merchant and the intent id; 54 the amount in
/// major units; 52/58/60 the location's category, country and city; 62 the
/// location's name (03), the merchant's reference (05) and the terminal's
/// label (07); 80/02 the expiry (`docs/qr-codes.md`).
pub fn qr_payload(
    subject: &QrSubject<'_>,
    merchant_name: &str,
    key: &PlatformKey,
) -> Result<String, crate::error::ApiError> {
    let location = subject.location;
    let city = qr_codes::city_of(location);
    let mut fields = merchant_presented(&MerchantPresented {
        initiation: "12",
        owner: subject.owner,
        object_id: subject.intent,
        mcc: location.map_or(qr_codes::DEFAULT_MCC, |l| &l.mcc),
        currency: subject.currency,
        amount_minor: subject.amount_minor,
        country: location.map_or(MERCHANT_COUNTRY, |l| &l.country),
        merchant_name,
        city: &city,
    });
    let reference = subject
        .reference
        .map(|r| emv::clean(r, 25))
        .filter(|r| !r.is_empty());
    let additional = qr_codes::additional_data(location, reference.as_deref(), subject.terminal);
    if !additional.is_empty() {
        fields.push(Tlv::template("62", additional));
    }
    signed::sign_until(fields, &key.id, Some(subject.expires_at_unix), |message| {
        key.sign_bytes(message)
    })
}

/// The fields every payload of this gateway prints, static (`qr_codes`) or
/// dynamic (an intent's `qr_payload`), before its additional data (62).
pub struct MerchantPresented<'a> {
    /// Point of initiation (tag 01): `11` static, `12` dynamic.
    pub initiation: &'static str,
    pub owner: &'a str,
    /// The code or intent the merchant account template (26/03) names.
    pub object_id: &'a str,
    pub mcc: &'a str,
    pub currency: Currency,
    /// Tag 54 in major units, when the amount is fixed.
    pub amount_minor: Option<i64>,
    pub country: &'a str,
    /// Printed through [`merchant_label`].
    pub merchant_name: &'a str,
    pub city: &'a str,
}

/// Tags 00 to 60 in order: format, initiation, our account template (GUID,
/// merchant, object), category, currency, amount, country, name, city.
pub fn merchant_presented(p: &MerchantPresented<'_>) -> Vec<Tlv> {
    let mut fields = vec![
        Tlv::value("00", "01"),
        Tlv::value("01", p.initiation),
        Tlv::template(
            "26",
            vec![
                Tlv::value("00", QR_GUID),
                Tlv::value("01", emv::clean(p.owner, 40)),
                Tlv::value("03", p.object_id),
            ],
        ),
        Tlv::value("52", p.mcc),
        Tlv::value("53", p.currency.numeric),
    ];
    if let Some(amount_minor) = p.amount_minor {
        fields.push(Tlv::value(
            "54",
            currency::major_units(amount_minor, p.currency),
        ));
    }
    fields.push(Tlv::value("58", p.country));
    fields.push(Tlv::value("59", merchant_label(p.merchant_name)));
    fields.push(Tlv::value("60", p.city));
    fields
}

/// Tag 59: 1 to 25 characters of printable ASCII.
pub fn merchant_label(name: &str) -> String {
    let name = emv::clean(name, 25);
    if name.trim().is_empty() {
        "Merchant".to_string()
    } else {
        name
    }
}

#[derive(Serialize, ToSchema)]
pub struct RefundableView {
    /// Always `refundable`.
    object: &'static str,
    payment_intent: String,
    currency: String,
    amount_received_minor: i64,
    amount_refunded_minor: i64,
    /// Reserved by refunds in progress.
    amount_reserved_minor: i64,
    /// What a new refund may take: received − refunded − reserved.
    refundable_minor: i64,
}

/// `GET /payment_intents/{id}/refundable`: the intent's refund counters.
pub fn refundable(intent: &Intent) -> RefundableView {
    RefundableView {
        object: "refundable",
        payment_intent: intent.id.clone(),
        currency: intent.currency.clone(),
        amount_received_minor: intent.amount_received_minor,
        amount_refunded_minor: intent.amount_refunded_minor,
        amount_reserved_minor: intent.amount_reserved_minor,
        refundable_minor: intent.refundable(),
    }
}
