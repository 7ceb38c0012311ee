//! National-switch payments (spec sections 2, 3 and 4.12; origin section 10):
//! an interinstitutional merchant payment that the payer's institution pays
//! through the national switch. `POST /payments` commits, in ONE writer
//! command (IDM-003), the payment, its first events, the PRINCIPAL_REQUESTED
//! fact of its journal, the submission outbox row and (through the gate) the
//! idempotency record. The outbox is drained after the commit
//! (`crate::switch_outbox`): a row is taken and the payment marked
//! DISPATCHING in one command *before* the switch is called, so after a crash
//! an untaken row is sent once and a taken one is never sent again: a
//! payment without an answer becomes UNKNOWN and an inquiry settles it.
//!
//! The five status dimensions and the append-only journal of facts are kept
//! on the record; `docs/national-switch.md` tells the whole story.

pub mod state;
mod view;

use crate::domain::resource::Kind;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use self::state::Status;
use self::state::{Refusal, Trigger, transition};
pub use self::view::view;
use self::view::{ConsentView, CustomerMessage, FactView, SwitchRoute};
use crate::domain::review::ResolutionView;

use super::resource;
use super::review;
use crate::auth::Principal;
use crate::error::{ApiError, Code, Missing};
use crate::events::EventType;
use crate::ledger::{self, Cause, CauseKind, Class, Posting, System};
use crate::mode::Mode;
use crate::rails::switch_connector::{InquiryOutcome, Submission, SubmitOutcome};
use crate::scheduler::{self, TimerKind};
use crate::store::keys::{self, Family};
use crate::store::{Read, Tx};

/// The payer's consent is valid this long (origin section 10).
pub const CONSENT_VALID_MS: i64 = 600_000;
/// A consent time may be this far ahead of the gateway's clock (clock skew).
const CONSENT_SKEW_MS: i64 = 60_000;
/// A payment not handed to the switch by then expires (origin: 15 min).
pub const EXPIRY_MS: i64 = 15 * 60_000;
/// A dispatched payment without an answer by then is UNKNOWN; an UNKNOWN one
/// is inquired about this long after, and again this long after each
/// inquiry without an answer.
pub const INQUIRY_AFTER_MS: i64 = 30_000;
/// Inquiries per payment at most; then it waits for an operator.
pub const INQUIRIES_MAX: u32 = 20;
/// The only product (origin section 10).
pub const PRODUCT: &str = "MERCHANT_PAYMENT";
/// Currencies the national switch carries.
pub const CURRENCIES: [&str; 2] = ["CDF", "USD"];
/// Bounds of one payment, in minor units.
pub const AMOUNT_MAX_MINOR: i64 = 1_000_000_000_000;
/// Facts in one payment's journal at most (each move adds one or two).
const JOURNAL_FACTS_MAX: usize = 64;
/// The rail whose clearing account stands for the switch in the ledger.
pub const RAIL: &str = "national_switch";

/// The five status dimensions (origin section 10), each with its own values.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Dimensions {
    /// NOT_OBSERVED, AUTHORIZED, DECLINED.
    pub authorization_status: String,
    /// NOT_OBSERVED, CREDITED, NOT_CREDITED.
    pub beneficiary_credit_status: String,
    /// NOT_OBSERVED, SETTLED, NOT_SETTLED.
    pub settlement_status: String,
    /// NOT_DUE, DUE, MATCHED.
    pub reconciliation_status: String,
    /// NONE, INQUIRY_PENDING, RESOLVED, MANUAL_REVIEW.
    pub resolution_status: String,
}

impl Dimensions {
    fn initial() -> Dimensions {
        Dimensions {
            authorization_status: "NOT_OBSERVED".into(),
            beneficiary_credit_status: "NOT_OBSERVED".into(),
            settlement_status: "NOT_OBSERVED".into(),
            reconciliation_status: "NOT_DUE".into(),
            resolution_status: "NONE".into(),
        }
    }
}

/// One fact of the append-only journal.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Fact {
    pub seq: u32,
    /// PRINCIPAL_REQUESTED, CONSENT_VALID, SUBMISSION_DISPATCHED, ...
    pub fact: String,
    /// The payment's status after the fact.
    pub status: Status,
    pub at_ms: i64,
    pub detail: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Consent {
    pub id: String,
    pub granted_at_ms: i64,
}

/// `pay_...`: national-switch payments, `switch_payment_not_found` when absent or another's.
pub const SWITCH_PAYMENT: Kind = Kind::new(
    Family::new("pay"),
    Missing::new(Code::SwitchPaymentNotFound, "national-switch payment"),
);

crate::domain::resource::record_and_view! {
    #[derive(Debug, Clone, Serialize, Deserialize)]
    pub struct SwitchPayment {
        pub id: String,
        pub mode: Mode,
        /// The merchant paid.
        pub owner: String,
    }
    #[derive(Debug, Serialize, ToSchema)]
    pub struct SwitchPaymentView {
        pub id: String,
        /// Always `switch_payment`.
        pub object: &'static str,
        pub livemode: bool,
    }
    shared {
        pub merchant_order_id: String,
        pub amount_minor: i64,
        pub currency: String,
        /// Always `MERCHANT_PAYMENT`.
        pub product: String,
        pub payer_binding: String,
        pub description: Option<String>,
    }
    record_tail {
        pub correlation_id: String,
        pub consent: Option<Consent>,
        pub status: Status,
        pub dimensions: Dimensions,
        /// The switch the route was computed to (never chosen by the caller).
        pub switch: String,
        pub journal: Vec<Fact>,
        /// Times the submission was handed to the switch (0 or 1: never resent).
        pub submissions: u32,
        pub inquiries: u32,
        pub switch_reference: Option<String>,
        pub failure_reason: Option<String>,
        /// The ledger posting that credited the merchant.
        pub transaction: Option<String>,
        /// The operator's decision that ended its MANUAL_REVIEW (`review`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub resolution: Option<review::Resolution>,
        pub expires_at_ms: i64,
        pub created_at_ms: i64,
        pub updated_at_ms: i64,
    }
    view_tail {
        pub status: Status,
        /// NOT_OBSERVED, AUTHORIZED, DECLINED.
        pub authorization_status: String,
        /// NOT_OBSERVED, CREDITED, NOT_CREDITED.
        pub beneficiary_credit_status: String,
        /// NOT_OBSERVED, SETTLED, NOT_SETTLED.
        pub settlement_status: String,
        /// NOT_DUE, DUE, MATCHED.
        pub reconciliation_status: String,
        /// NONE, INQUIRY_PENDING, RESOLVED, MANUAL_REVIEW.
        pub resolution_status: String,
        /// `<id>/<correlation_id>`: what the merchant quotes to support.
        pub tracking_reference: String,
        pub correlation_id: String,
        pub customer_message: CustomerMessage,
        /// Computed by the gateway, never by the caller.
        pub route: SwitchRoute,
        pub consent: Option<ConsentView>,
        /// Times the payment was handed to the switch: 0 or 1, never more.
        pub submission_attempts: u32,
        pub inquiries: u32,
        pub switch_reference: Option<String>,
        pub failure_reason: Option<String>,
        /// The ledger posting that credited the merchant (COMPLETED).
        pub transaction: Option<String>,
        /// The operator's decision that ended its MANUAL_REVIEW, with the
        /// switch's reference it rests on.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub resolution: Option<ResolutionView>,
        /// The append-only journal of facts, oldest first.
        pub journal: Vec<FactView>,
        /// Not handed to the switch by then, the payment EXPIRES.
        pub expires_at: String,
        pub created_at: String,
        pub updated_at: String,
    }
}

crate::domain::resource::owned!(SwitchPayment);

#[derive(Clone)]
pub struct NewPayment {
    pub merchant_order_id: String,
    pub amount_minor: i64,
    pub currency: String,
    pub payer_binding: String,
    pub description: Option<String>,
    pub consent: Option<Consent>,
    /// The switch the route is computed to (the connector's name).
    pub switch: String,
}

/// `POST /payments`: IDM-002 (one payment per merchant and order), then the
/// payment with its first facts, events, timers and outbox row, all in the
/// caller's command (IDM-003).
pub fn create(
    tx: &mut Tx<'_>,
    principal: &Principal,
    new: NewPayment,
) -> Result<SwitchPayment, ApiError> {
    let (mode, owner) = (principal.mode, principal.owner().to_string());
    let order_key = keys::switch_order(mode, &owner, &new.merchant_order_id);
    if let Some(existing) = tx.index_id(&order_key)? {
        return Err(ApiError::new(
            Code::OrderAlreadyExists,
            format!(
                "merchant_order_id {:?} already has the payment {existing}",
                new.merchant_order_id
            ),
        )
        .with_param("merchant_order_id")
        .with_detail("payment_id", existing));
    }
    let now = tx.now_ms();
    let consent_valid = new
        .consent
        .as_ref()
        .is_some_and(|c| consent_valid_at(c, now));
    let id = SWITCH_PAYMENT.new_id();
    let mut payment = SwitchPayment {
        correlation_id: crate::ids::random_token(16).to_ascii_lowercase(),
        id,
        mode,
        owner,
        merchant_order_id: new.merchant_order_id,
        amount_minor: new.amount_minor,
        currency: new.currency,
        product: PRODUCT.into(),
        payer_binding: new.payer_binding,
        description: new.description,
        consent: new.consent,
        status: Status::Received,
        dimensions: Dimensions::initial(),
        switch: new.switch,
        journal: Vec::new(),
        submissions: 0,
        inquiries: 0,
        switch_reference: None,
        failure_reason: None,
        transaction: None,
        resolution: None,
        expires_at_ms: now + EXPIRY_MS,
        created_at_ms: now,
        updated_at_ms: now,
    };
    record(&mut payment, "PRINCIPAL_REQUESTED", now, None);
    emit(tx, &payment)?;
    let fact = if consent_valid {
        "CONSENT_VALID"
    } else {
        "CONSENT_REQUIRED"
    };
    step(
        &mut payment,
        Trigger::Consent {
            valid: consent_valid,
        },
        fact,
        now,
        None,
    )
    .map_err(refused)?;
    emit(tx, &payment)?;
    if let Some(consent) = payment.consent.as_ref().filter(|_| consent_valid) {
        let lapse = consent.granted_at_ms + CONSENT_VALID_MS;
        scheduler::schedule(
            tx,
            lapse,
            TimerKind::SwitchConsentLapse {
                payment: payment.id.clone(),
            },
        )?;
        enqueue(tx, &payment.id, "submit", now);
    }
    scheduler::schedule(
        tx,
        payment.expires_at_ms,
        TimerKind::SwitchExpire {
            payment: payment.id.clone(),
        },
    )?;
    resource::point(tx, order_key, &payment.id);
    resource::insert(tx, SWITCH_PAYMENT.family, &payment)?;
    Ok(payment)
}

/// A refused move where the caller checked the status first: a bug.
fn refused(refusal: Refusal) -> ApiError {
    ApiError::internal(format!(
        "national-switch payment: move refused ({refusal:?})"
    ))
}

fn consent_valid_at(consent: &Consent, now_ms: i64) -> bool {
    consent.granted_at_ms <= now_ms + CONSENT_SKEW_MS
        && now_ms - consent.granted_at_ms < CONSENT_VALID_MS
}

/// `POST /payments/{id}/cancel`: only before emission (RECEIVED,
/// REQUIRES_ACTION, READY); after, 409 `payment_not_cancellable`.
pub fn cancel(tx: &mut Tx<'_>, principal: &Principal, id: &str) -> Result<SwitchPayment, ApiError> {
    let mut payment = read(tx, principal, id)?;
    let now = tx.now_ms();
    step(&mut payment, Trigger::Cancel, "CANCELLED_BY_MERCHANT", now, None).map_err(|_| {
        ApiError::new(
            Code::PaymentNotCancellable,
            format!(
                "payment {id} is {}: only a payment not yet sent to the switch (RECEIVED, REQUIRES_ACTION, READY) can be cancelled",
                payment.status.as_str()
            ),
        )
        .with_detail("status", payment.status.as_str())
    })?;
    save(tx, &payment)?;
    Ok(payment)
}

/// `POST /payments/{id}/review`: an operator resolves a payment whose 20
/// inquiries went unanswered (UNKNOWN, resolution MANUAL_REVIEW) from the
/// switch's statement, and it takes the path an inquiry's answer gives:
/// `paid` completes it (the merchant credited from the switch's clearing
/// account, the evidence's reference as its `switch_reference`),
/// `returned` rejects it (`failure_reason` `returned`: nothing taken). The
/// journal records `OPERATOR_REVIEWED` first.
pub fn review(
    tx: &mut Tx<'_>,
    principal: &Principal,
    id: &str,
    outcome: review::Outcome,
    evidence: &review::Evidence,
) -> Result<SwitchPayment, ApiError> {
    let mut payment = read(tx, principal, id)?;
    if payment.status != Status::Unknown || payment.dimensions.resolution_status != "MANUAL_REVIEW"
    {
        return Err(ApiError::new(
            Code::NotInReview,
            format!(
                "payment {id} is {} (resolution {}): only a payment whose inquiries ran out (UNKNOWN, MANUAL_REVIEW) is resolved by a review",
                payment.status.as_str(),
                payment.dimensions.resolution_status
            ),
        )
        .with_detail("status", payment.status.as_str()));
    }
    let resolution = review::resolve(
        tx,
        principal,
        "switch_payment.reviewed",
        id,
        outcome,
        evidence,
    )?;
    let now = tx.now_ms();
    let reference = resolution.reference.clone();
    payment.dimensions.resolution_status = "RESOLVED".into();
    let detail = format!(
        "{} by {}: {reference}",
        outcome.as_str(),
        resolution.resolved_by
    );
    record(&mut payment, "OPERATOR_REVIEWED", now, Some(detail));
    payment.resolution = Some(resolution);
    match outcome {
        review::Outcome::Paid => complete(tx, &mut payment, reference, now)?,
        review::Outcome::Returned => {
            reject(tx, &mut payment, "returned".into(), "REVIEW_RETURNED", now)?
        }
    }
    Ok(payment)
}

/// The payment `id` of the caller.
pub fn read(read: &impl Read, principal: &Principal, id: &str) -> Result<SwitchPayment, ApiError> {
    resource::find(read, principal, id, &SWITCH_PAYMENT)
}

/// Applies `trigger` through the state machine and journals it as `fact`.
fn step(
    payment: &mut SwitchPayment,
    trigger: Trigger,
    fact: &str,
    now_ms: i64,
    detail: Option<String>,
) -> Result<(), Refusal> {
    payment.status = transition(payment.status, trigger)?;
    record(payment, fact, now_ms, detail);
    Ok(())
}

/// Appends a fact (the journal is append-only; past its bound, only the
/// last fact is replaced, which no payment's lifecycle reaches).
fn record(payment: &mut SwitchPayment, fact: &str, now_ms: i64, detail: Option<String>) {
    let fact = Fact {
        seq: u32::try_from(payment.journal.len()).unwrap_or(u32::MAX) + 1,
        fact: fact.into(),
        status: payment.status,
        at_ms: now_ms,
        detail,
    };
    if payment.journal.len() >= JOURNAL_FACTS_MAX {
        payment.journal.pop();
    }
    payment.journal.push(fact);
    payment.updated_at_ms = now_ms;
}

/// Stores the payment and emits the event of its status.
fn save(tx: &mut Tx<'_>, payment: &SwitchPayment) -> Result<(), ApiError> {
    tx.put_object(&payment.id, payment)?;
    emit(tx, payment)
}

fn emit(tx: &mut Tx<'_>, payment: &SwitchPayment) -> Result<(), ApiError> {
    let event_type = match payment.status {
        Status::Received => EventType::SwitchPaymentReceived,
        Status::RequiresAction => EventType::SwitchPaymentRequiresAction,
        Status::Ready => EventType::SwitchPaymentReady,
        Status::Dispatching => EventType::SwitchPaymentDispatching,
        Status::Pending => EventType::SwitchPaymentPending,
        Status::Authorized => EventType::SwitchPaymentAuthorized,
        Status::Unknown => EventType::SwitchPaymentUnknown,
        Status::Completed => EventType::SwitchPaymentCompleted,
        Status::Rejected => EventType::SwitchPaymentRejected,
        Status::Expired => EventType::SwitchPaymentExpired,
        Status::Cancelled => EventType::SwitchPaymentCancelled,
    };
    resource::emit(tx, event_type, payment, &view(payment))
}

fn enqueue(tx: &mut Tx<'_>, payment: &str, kind: &str, now_ms: i64) {
    tx.put_index(keys::switch_outbox(now_ms, payment, kind), Vec::new());
}

/// What the drainer found in the outbox: the row and the payment it names.
#[derive(Debug, Clone)]
pub struct OutboxRow {
    pub key: String,
    pub payment: String,
    /// `submit` or `inquire`.
    pub kind: String,
}

/// The oldest outbox rows, at most `limit`.
pub fn outbox(read: &crate::store::Snapshot, limit: usize) -> Result<Vec<OutboxRow>, ApiError> {
    let rows = read.scan_index(keys::SWITCH_OUTBOX, None, limit)?;
    Ok(rows
        .into_iter()
        .filter_map(|(key, _)| {
            let (payment, kind) = keys::outbox_entry(&key)?;
            let (payment, kind) = (payment.to_string(), kind.to_string());
            Some(OutboxRow { key, payment, kind })
        })
        .collect())
}

/// Takes an outbox row, in the writer, before the switch is called: the row
/// is deleted and the payment moved (DISPATCHING for a submission, one more
/// inquiry counted), with a timer that inquires if no answer is recorded.
/// `None` when there is nothing to send (cancelled, expired, consent lapsed,
/// or taken already): the row is dropped.
pub fn take(tx: &mut Tx<'_>, row: &OutboxRow) -> Result<Option<Submission>, ApiError> {
    if tx.index(&row.key)?.is_none() {
        return Ok(None);
    }
    tx.delete_index(row.key.clone());
    let Some(mut payment) = tx.object::<SwitchPayment>(&row.payment)? else {
        return Ok(None);
    };
    follow_clock(tx, &payment)?;
    let now = tx.now_ms();
    match (row.kind.as_str(), payment.status) {
        ("submit", Status::Ready) => {
            payment.submissions += 1;
            step(
                &mut payment,
                Trigger::Dispatch,
                "SUBMISSION_DISPATCHED",
                now,
                None,
            )
            .map_err(refused)?;
        }
        ("inquire", Status::Unknown) => {
            payment.inquiries += 1;
            let detail = format!("inquiry {}", payment.inquiries);
            record(&mut payment, "INQUIRY_SENT", now, Some(detail));
            tx.put_object(&payment.id, &payment)?;
            schedule_inquiry(tx, &payment.id, now)?;
            return Ok(Some(submission(&payment)));
        }
        _ => return Ok(None),
    }
    save(tx, &payment)?;
    schedule_inquiry(tx, &payment.id, now)?;
    Ok(Some(submission(&payment)))
}

fn schedule_inquiry(tx: &mut Tx<'_>, payment: &str, now_ms: i64) -> Result<(), ApiError> {
    scheduler::schedule(
        tx,
        now_ms + INQUIRY_AFTER_MS,
        TimerKind::SwitchInquiry {
            payment: payment.to_string(),
        },
    )?;
    Ok(())
}

fn submission(payment: &SwitchPayment) -> Submission {
    Submission {
        payment: payment.id.clone(),
        correlation_id: payment.correlation_id.clone(),
        merchant: payment.owner.clone(),
        payer_binding: payment.payer_binding.clone(),
        amount_minor: payment.amount_minor,
        currency: payment.currency.clone(),
    }
}

/// A sandbox payment's commands follow its merchant's test clock.
fn follow_clock(tx: &mut Tx<'_>, payment: &SwitchPayment) -> Result<(), ApiError> {
    if payment.mode == Mode::Test {
        super::test_clocks::follow(tx, &payment.owner)?;
    }
    Ok(())
}

/// Records the switch's answer to a submission. An answer that finds the
/// payment no longer DISPATCHING or UNKNOWN (recorded already) changes nothing.
pub fn on_submitted(
    tx: &mut Tx<'_>,
    payment: &str,
    outcome: SubmitOutcome,
) -> Result<(), ApiError> {
    let Some(mut payment) = load_open(tx, payment)? else {
        return Ok(());
    };
    let now = tx.now_ms();
    match outcome {
        SubmitOutcome::Completed { switch_reference } => {
            complete(tx, &mut payment, switch_reference, now)
        }
        SubmitOutcome::Rejected { reason } => {
            reject(tx, &mut payment, reason, "SWITCH_REJECTED", now)
        }
        SubmitOutcome::TimedOut if payment.status == Status::Dispatching => {
            payment.dimensions.resolution_status = "INQUIRY_PENDING".into();
            step(
                &mut payment,
                Trigger::TimedOut,
                "SUBMISSION_TIMED_OUT",
                now,
                Some("no answer after a possible send: an inquiry follows, never a resend".into()),
            )
            .map_err(refused)?;
            save(tx, &payment)
        }
        SubmitOutcome::TimedOut => Ok(()),
    }
}

/// Records the switch's answer to an inquiry.
pub fn on_inquired(
    tx: &mut Tx<'_>,
    payment: &str,
    outcome: InquiryOutcome,
) -> Result<(), ApiError> {
    let Some(mut payment) = load_open(tx, payment)? else {
        return Ok(());
    };
    if payment.status != Status::Unknown {
        return Ok(());
    }
    let now = tx.now_ms();
    match outcome {
        InquiryOutcome::Completed { switch_reference } => {
            payment.dimensions.resolution_status = "RESOLVED".into();
            complete(tx, &mut payment, switch_reference, now)
        }
        InquiryOutcome::Rejected { reason } => {
            payment.dimensions.resolution_status = "RESOLVED".into();
            reject(tx, &mut payment, reason, "INQUIRY_REJECTED", now)
        }
        InquiryOutcome::NotReceived => {
            payment.dimensions.resolution_status = "RESOLVED".into();
            reject(
                tx,
                &mut payment,
                "not_received_by_switch".into(),
                "INQUIRY_NOT_RECEIVED",
                now,
            )
        }
        // The inquiry timer scheduled when it was taken asks again.
        InquiryOutcome::NoAnswer => Ok(()),
    }
}

fn load_open(tx: &mut Tx<'_>, id: &str) -> Result<Option<SwitchPayment>, ApiError> {
    let Some(payment) = tx.object::<SwitchPayment>(id)? else {
        return Ok(None);
    };
    follow_clock(tx, &payment)?;
    Ok(matches!(payment.status, Status::Dispatching | Status::Unknown).then_some(payment))
}

/// Accepted, authorized, credited: the switch's money reaches the merchant's
/// available balance from the switch's clearing account, in one posting.
fn complete(
    tx: &mut Tx<'_>,
    payment: &mut SwitchPayment,
    switch_reference: String,
    now: i64,
) -> Result<(), ApiError> {
    payment.switch_reference = Some(switch_reference.clone());
    step(
        payment,
        Trigger::Accepted,
        "SWITCH_ACCEPTED",
        now,
        Some(switch_reference),
    )
    .map_err(refused)?;
    save(tx, payment)?;
    payment.dimensions.authorization_status = "AUTHORIZED".into();
    step(payment, Trigger::Authorize, "AUTHORIZED", now, None).map_err(refused)?;
    save(tx, payment)?;
    let (mode, currency) = (payment.mode, payment.currency.clone());
    let transaction = Posting::build(
        mode,
        &payment.owner,
        Cause {
            kind: CauseKind::SwitchPayment,
            id: payment.id.clone(),
        },
        &format!("national-switch payment {}", payment.id),
    )
    .transfer(
        ledger::system_account(mode, System::RailClearing(RAIL), &currency),
        ledger::merchant_account(mode, &payment.owner, &currency, Class::Available),
        payment.amount_minor,
        &currency,
    )
    .post(tx)?;
    payment.transaction = Some(transaction);
    let d = &mut payment.dimensions;
    d.beneficiary_credit_status = "CREDITED".into();
    d.settlement_status = "SETTLED".into();
    d.reconciliation_status = "DUE".into();
    step(payment, Trigger::Credit, "BENEFICIARY_CREDITED", now, None).map_err(refused)?;
    save(tx, payment)
}

fn reject(
    tx: &mut Tx<'_>,
    payment: &mut SwitchPayment,
    reason: String,
    fact: &str,
    now: i64,
) -> Result<(), ApiError> {
    let d = &mut payment.dimensions;
    d.authorization_status = "DECLINED".into();
    d.beneficiary_credit_status = "NOT_CREDITED".into();
    d.settlement_status = "NOT_SETTLED".into();
    payment.failure_reason = Some(reason.clone());
    step(payment, Trigger::Reject, fact, now, Some(reason)).map_err(refused)?;
    save(tx, payment)
}

/// A statement line matched the payment (`domain::reconciliation`): its
/// reconciliation, DUE, becomes MATCHED, with the fact RECONCILED naming the
/// statement. Its status does not change, so no event is emitted (the
/// merchant's view shows the dimension). False when it was not DUE.
pub fn reconcile(tx: &mut Tx<'_>, id: &str, statement: &str) -> Result<bool, ApiError> {
    let Some(payment) = tx.object::<SwitchPayment>(id)? else {
        return Ok(false);
    };
    match reconciled(payment, statement, tx.now_ms()) {
        Some(payment) => {
            tx.put_object(&payment.id, &payment)?;
            Ok(true)
        }
        None => Ok(false),
    }
}

/// [`reconcile`]'s change, computed off the writer: the payment with its
/// reconciliation MATCHED, or `None` when it is not DUE.
pub fn reconciled(
    mut payment: SwitchPayment,
    statement: &str,
    now_ms: i64,
) -> Option<SwitchPayment> {
    if payment.dimensions.reconciliation_status != "DUE" {
        return None;
    }
    payment.dimensions.reconciliation_status = "MATCHED".into();
    record(
        &mut payment,
        "RECONCILED",
        now_ms,
        Some(statement.to_string()),
    );
    Some(payment)
}

/// The payment's timers: consent lapse, expiry, inquiry.
pub fn on_timer(tx: &mut Tx<'_>, kind: &TimerKind) -> Result<(), ApiError> {
    let id = match kind {
        TimerKind::SwitchConsentLapse { payment }
        | TimerKind::SwitchExpire { payment }
        | TimerKind::SwitchInquiry { payment } => payment,
        _ => return Ok(()),
    };
    let Some(mut payment) = tx.object::<SwitchPayment>(id)? else {
        return Ok(());
    };
    let now = tx.now_ms();
    let moved = match kind {
        TimerKind::SwitchConsentLapse { .. } => step(
            &mut payment,
            Trigger::ConsentLapsed,
            "CONSENT_LAPSED",
            now,
            None,
        )
        .is_ok(),
        TimerKind::SwitchExpire { .. } => {
            step(&mut payment, Trigger::Expire, "EXPIRED", now, None).is_ok()
        }
        _ => return on_inquiry_due(tx, payment, now),
    };
    if moved {
        save(tx, &payment)?;
    }
    Ok(())
}

/// An inquiry is due: a DISPATCHING payment without an answer is UNKNOWN
/// now; an UNKNOWN one gets an inquiry row in the outbox (bounded).
fn on_inquiry_due(tx: &mut Tx<'_>, mut payment: SwitchPayment, now: i64) -> Result<(), ApiError> {
    if payment.status == Status::Dispatching {
        payment.dimensions.resolution_status = "INQUIRY_PENDING".into();
        step(&mut payment, Trigger::TimedOut, "NO_ANSWER", now, None).map_err(refused)?;
        save(tx, &payment)?;
    }
    if payment.status != Status::Unknown {
        return Ok(());
    }
    if payment.inquiries >= INQUIRIES_MAX {
        payment.dimensions.resolution_status = "MANUAL_REVIEW".into();
        record(&mut payment, "INQUIRIES_EXHAUSTED", now, None);
        tx.put_object(&payment.id, &payment)?;
        return Ok(());
    }
    record(&mut payment, "INQUIRY_QUEUED", now, None);
    tx.put_object(&payment.id, &payment)?;
    enqueue(tx, &payment.id, "inquire", now);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    const NOW: i64 = 1_798_761_600_000; // 2027-01-01T00:00:00Z

    fn merchant() -> Principal {
        Principal::system("test", "org_a", Mode::Test)
    }

    fn ready_payment(store: &Store) -> String {
        let new = NewPayment {
            merchant_order_id: "ord-1".into(),
            amount_minor: 1_000,
            currency: "CDF".into(),
            payer_binding: "bind_payer".into(),
            description: None,
            consent: Some(Consent {
                id: "c".into(),
                granted_at_ms: NOW,
            }),
            switch: "sandbox_switch".into(),
        };
        let payment = store
            .write_now(NOW, |tx| create(tx, &merchant(), new))
            .expect("created");
        assert_eq!(payment.status, Status::Ready);
        payment.id
    }

    fn rows(store: &Store) -> Vec<OutboxRow> {
        outbox(&store.snapshot().expect("snapshot"), 10).expect("outbox")
    }

    fn status(store: &Store, id: &str) -> SwitchPayment {
        read(&store.snapshot().expect("snapshot"), &merchant(), id).expect("payment")
    }

    /// The crash after the take and before the answer: the row is gone, the
    /// payment is DISPATCHING; its timer makes it UNKNOWN and queues an
    /// inquiry, and the submission is never offered again.
    #[test]
    fn a_taken_submission_without_an_answer_becomes_unknown_and_is_inquired_never_resent() {
        let store = Store::ephemeral().expect("store");
        let id = ready_payment(&store);
        let [row] = rows(&store).try_into().expect("one submit row");
        assert_eq!(row.kind, "submit");
        let taken = store.write_now(NOW, |tx| take(tx, &row)).expect("take");
        assert!(taken.is_some());
        // Taking the same row again (a second drainer pass) sends nothing.
        let again = store.write_now(NOW, |tx| take(tx, &row)).expect("take");
        assert!(again.is_none());
        assert!(rows(&store).is_empty());
        assert_eq!(status(&store, &id).status, Status::Dispatching);

        let timer = TimerKind::SwitchInquiry {
            payment: id.clone(),
        };
        store
            .write_now(NOW + INQUIRY_AFTER_MS, |tx| on_timer(tx, &timer))
            .expect("timer");
        let unknown = status(&store, &id);
        assert_eq!(unknown.status, Status::Unknown);
        assert_eq!(unknown.dimensions.resolution_status, "INQUIRY_PENDING");
        let [inquiry] = rows(&store).try_into().expect("one inquiry row");
        assert_eq!(inquiry.kind, "inquire");
        // A late answer to the submission is still recorded (UNKNOWN accepts it).
        store
            .write_now(NOW + INQUIRY_AFTER_MS, |tx| {
                on_submitted(
                    tx,
                    &id,
                    SubmitOutcome::Completed {
                        switch_reference: "SBX-1".into(),
                    },
                )
            })
            .expect("answer");
        let done = status(&store, &id);
        assert_eq!(done.status, Status::Completed);
        assert_eq!(done.submissions, 1);
        // The queued inquiry finds nothing left to ask.
        let none = store
            .write_now(NOW + INQUIRY_AFTER_MS, |tx| take(tx, &inquiry))
            .expect("take");
        assert!(none.is_none());
    }

    #[test]
    fn a_second_payment_of_an_order_is_refused_with_the_first_ones_id() {
        let store = Store::ephemeral().expect("store");
        let id = ready_payment(&store);
        let new = NewPayment {
            merchant_order_id: "ord-1".into(),
            amount_minor: 5,
            currency: "CDF".into(),
            payer_binding: "other".into(),
            description: None,
            consent: None,
            switch: "sandbox_switch".into(),
        };
        let refused = store
            .write_now(NOW, |tx| create(tx, &merchant(), new))
            .expect_err("IDM-002");
        assert_eq!(refused.code, Code::OrderAlreadyExists);
        let details = refused.details.expect("details");
        assert_eq!(details["payment_id"], id.as_str());
    }
}
