//! Payment intents: creation, attempts on a rail, capture, cancel, expiry,
//! manual review, settlement, and the ledger postings each makes.
//!
//! Every status change goes through [`state::transition`]; this module only
//! decides which trigger happened and what else must be written with it
//! (attempt, timeline, posting, events, timers), all in the caller's `Tx`.

mod application_fee;
mod attempts;
mod counters;
pub mod input;
pub mod late;
mod methods;
pub mod state;
pub mod view;

use crate::domain::resource::Kind;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use subtle::ConstantTimeEq;

pub use self::attempts::{Attempt, AttemptStatus};
pub use self::attempts::{Trigger as AttemptTrigger, transition as attempt_transition};
use self::attempts::{collect_request, reason_str};
pub use self::counters::{Balances, Reservation};
use self::input::{
    CancelIntent, CaptureMethod, ConfirmIntent, PurposeCode, ReviewIntent, ReviewOutcome,
    ValidCreate,
};
use self::state::{Refusal, Status, Trigger, transition};
use super::Settings;
use super::fees::{self, Fees};
use super::live_rails;
use super::qr_codes::{self, Location, Terminal};
use super::ranking::{self, Policy};
use super::splits::{self, Recovery, RefundPolicy, SplitPayout};
use crate::auth::Principal;
use crate::domain::resource;
use crate::domain::splits::SplitInput;
use crate::error::{ApiError, Code, Missing};
use crate::events::{self, EventType};
use crate::ledger::{self, Cause, Class, Posting, System};
use crate::mode::Mode;
use crate::rails::{self, Collection, RailKind, catalogue};

pub use self::methods::{
    BankCreditOutcome, bank_credit, challenge_waiting, complete_challenge, live_card_error,
    reference_of,
};
pub use self::methods::{
    SANDBOX_ACCOUNT_NAME, SANDBOX_ACCOUNT_NUMBER, SANDBOX_BANK_NAME, SANDBOX_SWIFT,
};
use crate::scheduler::{self, TimerKind};
use crate::store::keys::Family;
use crate::store::{Read, Snapshot, StoreError, Tx};

/// Attempts one intent keeps at most; past it, new attempts are refused.
pub const ATTEMPTS_MAX: usize = 20;
/// Timeline entries one intent keeps at most (the oldest are kept, the newest
/// dropped past it, so the story of how it started is never lost).
pub const TIMELINE_MAX: usize = 200;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TimelineEntry {
    pub at_ms: i64,
    /// `intent.created`, `intent.<status>`, `attempt.started`, `attempt.<outcome>` (origin names).
    pub event: String,
    /// `api`, `rail`, `timer`, `operator`.
    pub actor: String,
    pub details: BTreeMap<String, String>,
}

/// An AMBIGUOUS payment's review.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Review {
    /// `MANUAL_REVIEW` while open, `RESOLVED` once an operator decided.
    pub status: String,
    pub opened_at_ms: i64,
    pub resolved_at_ms: Option<i64>,
    pub outcome: Option<ReviewOutcome>,
    pub note: Option<String>,
}

/// `pi_...`: payment intents, `intent_not_found` when absent or another's.
pub const INTENT: Kind = Kind::new(
    Family::new("pi"),
    Missing::new(Code::IntentNotFound, "payment intent"),
);

/// A payment intent as stored. The refund and dispute counters change only
/// through the methods of `counters.rs`; those that `src/http` still reads are
/// `pub(crate)`, the others private. Fields that are empty, absent or zero are left
/// out of the stored JSON (and read back as such): most are, on most intents,
/// and every read decodes the record, so a smaller record is a cheaper read.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Intent {
    pub id: String,
    pub mode: Mode,
    /// Merchant of record: the connected account when created for one, else the organisation.
    pub owner: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account: Option<String>,
    pub status: Status,
    pub amount_minor: i64,
    pub currency: String,
    pub rails: Vec<String>,
    pub capture_method: CaptureMethod,
    pub payment_method_policy: Policy,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub purpose_code: Option<PurposeCode>,
    /// Values of any JSON type (stored string values read back as strings).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub metadata: BTreeMap<String, serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub customer_msisdn: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub customer_country: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub success_url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cancel_url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub qr_payload: Option<String>,
    /// When the QR payload stops being payable (its signed `80/02`, in ms);
    /// `None` for intents from before payloads expired.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub qr_expires_at_ms: Option<i64>,
    /// The location (`loc_`) and terminal (`term_`) the intent and its QR belong to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terminal: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub splits: Vec<SplitInput>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub application_fee_minor: Option<i64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allowed_operators: Vec<String>,
    /// SHA-256 of the client secret; the secret itself is shown once, at creation.
    pub client_secret_digest: String,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub amount_capturable_minor: i64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub amount_received_minor: i64,
    #[serde(default, skip_serializing_if = "is_zero")]
    amount_refunded_minor: i64,
    /// Held for refunds in progress (REQUESTED, APPROVED, PROCESSING).
    #[serde(default, skip_serializing_if = "is_zero")]
    amount_reserved_minor: i64,
    /// Held by open disputes.
    #[serde(default, skip_serializing_if = "is_zero")]
    amount_disputed_minor: i64,
    /// Lost to disputes (charged back to the payer).
    #[serde(default, skip_serializing_if = "is_zero")]
    amount_charged_back_minor: i64,
    /// The part of the merchant's net still in `pending`, waiting for settlement.
    #[serde(default, skip_serializing_if = "is_zero")]
    pending_remaining_minor: i64,
    /// What was still in `pending` when its settlement cycle closed, taken
    /// from `pending_remaining_minor` by the first refund or dispute after
    /// the close (`counters.rs`); `None` until then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    settlement_share_minor: Option<i64>,
    /// The settlement cycle its payment accrued to (`sc_...`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settlement_cycle: Option<String>,
    /// The settlement cycle that paid it out (its own, or the one its own
    /// carried into when it was under the minimum).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settlement: Option<String>,
    #[serde(default)]
    pub split_refund_policy: RefundPolicy,
    /// What each split recipient was paid at capture.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub split_payouts: Vec<SplitPayout>,
    /// What recipients gave back (or kept) for each refund.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub split_recoveries: Vec<Recovery>,
    /// The platform's application fee, paid at capture (a connected
    /// account's intent); never given back on a refund (decision 137).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub application_fee_payout: Option<SplitPayout>,
    /// The checkout session this intent pays, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checkout_session: Option<String>,
    /// The payment link a payer opened to create this intent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_link: Option<String>,
    /// The money request this intent pays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub money_request: Option<String>,
    /// What it pays for (`domain::purpose`; the three fields above name it on older records).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub purpose: Option<super::purpose::Purpose>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fees: Option<Fees>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attempts: Vec<Attempt>,
    pub timeline: Vec<TimelineEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<Review>,
    /// Money a live provider confirmed after the intent had moved on, held
    /// in suspense until refunded or released (`late.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub late_payments: Vec<late::LatePayment>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cancellation_reason: Option<input::CancellationReason>,
    /// The cancel's `reason` text, as sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cancellation_note: Option<String>,
    /// The posting that credited the merchant, and the one that settled it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub collection_transaction: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settlement_transaction: Option<String>,
    /// When settlement moved the net to available, and how much it moved
    /// (`None` on intents settled before these were kept: the timeline's
    /// `ledger.settled` entry has them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settled_at_ms: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settled_net_minor: Option<i64>,
    pub expires_at_ms: i64,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

crate::domain::resource::owned!(Intent);

fn is_zero(n: &i64) -> bool {
    *n == 0
}

impl Intent {
    /// The query of the intent's own payment methods, to rank them.
    pub fn method_query(&self) -> ranking::MethodQuery<'_> {
        ranking::MethodQuery {
            mode: self.mode,
            rails: &self.rails,
            allowed_operators: &self.allowed_operators,
            country: self.customer_country.as_deref(),
            amount_minor: self.amount_minor,
            policy: self.payment_method_policy,
        }
    }

    /// The current attempt as the ranking counters take a rail's answer to
    /// it (an intent that allows one operator was paid with that one).
    fn answered(&self) -> Option<ranking::Answered<'_>> {
        let attempt = self.attempts.last()?;
        let operator = attempt
            .operator
            .as_deref()
            .or(match self.allowed_operators.as_slice() {
                [only] => Some(only.as_str()),
                _ => None,
            });
        Some(ranking::Answered {
            mode: self.mode,
            rail: &attempt.rail,
            operator,
            started_at_ms: attempt.started_at_ms,
        })
    }

    pub(crate) fn note(
        &mut self,
        at_ms: i64,
        event: impl Into<String>,
        actor: &str,
        details: &[(&str, String)],
    ) {
        if self.timeline.len() >= TIMELINE_MAX {
            return;
        }
        self.timeline.push(TimelineEntry {
            at_ms,
            event: event.into(),
            actor: actor.to_string(),
            details: details
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
        });
    }

    /// Notes a change of the status clients see that no transition made (a
    /// refund that succeeded, a dispute opened or closed): `intent.refunded`,
    /// `intent.disputed`, ..., as the origin's `intent.<status>`. `shown` is
    /// the status shown before.
    pub(crate) fn note_public_status(&mut self, at_ms: i64, shown: Status, actor: &str) {
        let now_shown = self.public_status();
        if now_shown != shown {
            let event = format!("intent.{}", now_shown.as_str().to_ascii_lowercase());
            self.note(at_ms, event, actor, &[]);
        }
    }

    /// Fails with the refusal's error when `trigger` is not allowed now.
    fn check(&self, trigger: Trigger) -> Result<(), ApiError> {
        transition(self.status, trigger)
            .map(|_| ())
            .map_err(|refusal| refusal_error(self, refusal))
    }

    /// Applies `trigger` through the state machine and records the change.
    fn apply(&mut self, at_ms: i64, trigger: Trigger, actor: &str) -> Result<(), ApiError> {
        let next =
            transition(self.status, trigger).map_err(|refusal| refusal_error(self, refusal))?;
        if next != self.status {
            self.status = next;
            self.updated_at_ms = at_ms;
            let event = format!("intent.{}", next.as_str().to_ascii_lowercase());
            self.note(at_ms, event, actor, &[]);
        }
        Ok(())
    }

    pub fn client_secret_matches(&self, secret: &str) -> bool {
        let digest = crate::auth::keys::digest(secret);
        bool::from(
            digest
                .as_bytes()
                .ct_eq(self.client_secret_digest.as_bytes()),
        )
    }

    /// Visible to `principal`: same mode, same owner, and for a `pk_` key the
    /// intent's own client secret.
    pub fn visible_to(&self, principal: &Principal) -> bool {
        if !super::resource::owned_by(self, principal) {
            return false;
        }
        match (&principal.kind, &principal.client_secret) {
            (crate::auth::KeyKind::Pk, Some(secret)) => self.client_secret_matches(secret),
            (crate::auth::KeyKind::Pk, None) => false,
            _ => true,
        }
    }
}

fn refusal_error(intent: &Intent, refusal: Refusal) -> ApiError {
    let status = intent.status.as_str();
    match refusal {
        Refusal::AttemptInFlight => ApiError::new(
            Code::AttemptInFlight,
            format!(
                "intent {} has an attempt in flight ({status}); wait for its outcome",
                intent.id
            ),
        ),
        Refusal::NotAuthorised => ApiError::new(
            Code::IntentNotAuthorised,
            format!(
                "only AUTHORISED intents with capture_method manual can be captured; {} is {status}",
                intent.id
            ),
        ),
        Refusal::DeadlinePassed => {
            ApiError::new(Code::IntentExpired, format!("intent {} expired", intent.id))
        }
        Refusal::Closed if intent.status == Status::Expired => {
            ApiError::new(Code::IntentExpired, format!("intent {} expired", intent.id))
        }
        Refusal::Closed => ApiError::new(
            Code::IntentClosed,
            format!("intent {} is {status}, a final status", intent.id),
        ),
        Refusal::Invalid => ApiError::new(
            Code::InvalidIntentTransition,
            format!(
                "intent {} is {status}; this operation is not allowed now",
                intent.id
            ),
        ),
    }
}

/// The intent `id` when `principal` may see it ([`Intent::visible_to`]: the
/// ownership rule, and for a `pk_` key the client secret), from a snapshot
/// (a response) or inside a command (a write).
pub fn read(
    read: &impl crate::store::Read,
    principal: &Principal,
    id: &str,
) -> Result<Intent, ApiError> {
    let intent: Intent = super::resource::find(read, principal, id, &INTENT)?;
    if intent.visible_to(principal) {
        Ok(intent)
    } else {
        Err(ApiError::not_found(INTENT.missing, id))
    }
}

/// [`read`] through the snapshot's cache of decoded records, for `GET`.
pub fn read_viewed(
    snapshot: &crate::store::Snapshot,
    principal: &Principal,
    id: &str,
) -> Result<std::sync::Arc<super::resource::Viewed<Intent>>, ApiError> {
    let viewed = super::resource::find_viewed::<Intent>(snapshot, principal, id, &INTENT)?;
    if viewed.record.visible_to(principal) {
        Ok(viewed)
    } else {
        Err(ApiError::not_found(INTENT.missing, id))
    }
}

pub(crate) fn save(tx: &mut Tx<'_>, intent: &Intent) -> Result<(), StoreError> {
    tx.put_object(intent.id.clone(), intent)
}

pub(crate) fn emit(
    tx: &mut Tx<'_>,
    settings: &Settings,
    intent: &Intent,
    event_type: EventType,
) -> Result<(), ApiError> {
    super::events::emit_object(
        tx,
        event_type,
        intent.mode,
        &intent.owner,
        intent.account.as_deref(),
        &view::render(intent, settings, None),
    )?;
    Ok(())
}

/// A validated create with what the intent is given before the writer sees it:
/// its id, its client secret (and the digest stored in its place), and its
/// signed QR payload. It carries its input, so the payload cannot describe
/// another amount than the intent it goes with.
/// None of it depends on what the writer owns, so a request computes it on its
/// own thread: the ed25519 signature alone was a third of the writer thread's
/// time per create. The merchant name, the key, the location and the terminal
/// come from a snapshot; if the name or key changes before the write commits,
/// the payload still verifies (retired keys stay listed at `GET /keys`), and
/// locations and terminals are never deleted.
#[derive(Clone)]
pub struct Minted {
    input: ValidCreate,
    id: String,
    client_secret: String,
    client_secret_digest: String,
    qr_payload: Option<String>,
    qr_expires_at_ms: Option<i64>,
    /// The location and terminal ids of [`Place`] (a terminal implies its location).
    location: Option<String>,
    terminal: Option<String>,
}

impl Minted {
    /// Mints with the active key as of `snapshot` and `merchant`, the
    /// owner's name, at `now_ms` (the QR payload's expiry counts from it).
    pub fn from_snapshot(
        snapshot: &Snapshot,
        principal: &Principal,
        merchant: &str,
        input: ValidCreate,
        now_ms: i64,
    ) -> Result<Minted, ApiError> {
        let key = events::signing::active_key(snapshot)?;
        let place = Place::of(snapshot, principal, &input)?;
        Minted::new(principal, input, merchant, &key, &place, now_ms)
    }

    /// Mints inside a write (intents that other objects create).
    pub fn in_tx(
        tx: &Tx<'_>,
        principal: &Principal,
        input: ValidCreate,
    ) -> Result<Minted, ApiError> {
        let merchant = super::org::name_of(tx, principal.owner())?;
        let key = events::signing::active_key_in(tx)?;
        let place = Place::of(tx, principal, &input)?;
        Minted::new(principal, input, &merchant, &key, &place, tx.now_ms())
    }

    fn new(
        principal: &Principal,
        input: ValidCreate,
        merchant: &str,
        key: &events::signing::PlatformKey,
        place: &Place,
        now_ms: i64,
    ) -> Result<Minted, ApiError> {
        let id = INTENT.new_id();
        let client_secret = format!("{id}_secret_{}", crate::ids::random_token(24));
        // Tag 54 holds 13 characters: larger amounts get no QR payload.
        let fits = input
            .amount_minor
            .is_none_or(|a| a <= crate::domain::qr_codes::QR_AMOUNT_MINOR_MAX);
        // Payable for its ttl, never past the intent (whole seconds, as signed).
        let qr_expires_at_unix = (now_ms + input.qr_ttl_seconds * 1_000)
            .min(now_ms + input.expires_in_minutes * 60_000)
            / 1_000;
        let qr_payload = if input.qr && fits {
            let subject = view::QrSubject {
                owner: principal.owner(),
                intent: &id,
                amount_minor: input.amount_minor,
                currency: input.currency,
                reference: input.reference.as_deref(),
                location: place.location.as_ref(),
                terminal: place.terminal.as_ref(),
                expires_at_unix: qr_expires_at_unix,
            };
            Some(view::qr_payload(&subject, merchant, key)?)
        } else {
            None
        };
        Ok(Minted {
            client_secret_digest: crate::auth::keys::digest(&client_secret),
            input,
            id,
            client_secret,
            qr_expires_at_ms: qr_payload.as_ref().map(|_| qr_expires_at_unix * 1_000),
            qr_payload,
            location: place.location.as_ref().map(|l| l.id.clone()),
            terminal: place.terminal.as_ref().map(|t| t.id.clone()),
        })
    }
}

/// Where a new intent is paid: the caller's location and terminal it names
/// (a terminal implies its location). Another owner's is not found, named
/// by its field.
struct Place {
    location: Option<Location>,
    terminal: Option<Terminal>,
}

impl Place {
    fn of(
        read: &impl crate::store::Read,
        principal: &Principal,
        input: &ValidCreate,
    ) -> Result<Place, ApiError> {
        let terminal = match &input.terminal_id {
            Some(id) => Some(
                qr_codes::read_terminal(read, principal, id)
                    .map_err(|e| e.with_param("terminal_id"))?,
            ),
            None => None,
        };
        let location_id = match (&input.location_id, &terminal) {
            (Some(location), Some(t)) if *location != t.location => {
                return Err(ApiError::field(
                    "terminal_id",
                    format!(
                        "terminal {} belongs to location {}, not {location}",
                        t.id, t.location
                    ),
                ));
            }
            (Some(location), _) => Some(location.clone()),
            (None, Some(t)) => Some(t.location.clone()),
            (None, None) => None,
        };
        let location = match location_id {
            Some(id) => Some(
                qr_codes::read_location(read, principal, &id)
                    .map_err(|e| e.with_param("location_id"))?,
            ),
            None => None,
        };
        Ok(Place { location, terminal })
    }
}

/// Creates an intent with what [`Minted`] gave it: REQUIRES_PAYMENT_METHOD,
/// or CREATED without an amount; starts a mobile-money attempt at once only
/// when asked (`confirm: true`). Returns the intent and its client secret
/// (shown once).
pub fn create(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    minted: Minted,
) -> Result<(Intent, String), ApiError> {
    let now = tx.now_ms();
    let Minted {
        input,
        id,
        client_secret,
        client_secret_digest,
        qr_payload,
        qr_expires_at_ms,
        location,
        terminal,
    } = minted;
    let confirm = input.confirm;
    let mut intent = new_record(principal, input, id.clone(), client_secret_digest, now);
    default_application_fee(tx, &mut intent)?;
    intent.qr_payload = qr_payload;
    intent.qr_expires_at_ms = qr_expires_at_ms;
    intent.location = location;
    intent.terminal = terminal;
    let details: Vec<(&str, String)> = match intent.status {
        Status::Created => vec![("amount_minor", "open".to_string())],
        _ => vec![("amount_minor", intent.amount_minor.to_string())],
    };
    intent.note(now, "intent.created", "api", &details);
    scheduler::schedule(
        tx,
        intent.expires_at_ms,
        TimerKind::IntentExpire { intent: id.clone() },
    )?;
    emit(tx, settings, &intent, EventType::PaymentIntentCreated)?;
    // Validation made sure a confirmed create has a number and mobile money.
    if let Some(msisdn) = intent.customer_msisdn.clone().filter(|_| confirm) {
        let method = methods::Method {
            msisdn: Some(msisdn),
            ..Default::default()
        };
        start_attempt(tx, settings, &mut intent, "mobile_money", method)?;
    }
    resource::insert(tx, INTENT.family, &intent)?;
    Ok((intent, client_secret))
}

/// A connected account's intent without `application_fee_minor` takes the
/// account's default (origin section 26), within what the fixed splits leave.
fn default_application_fee(tx: &Tx<'_>, intent: &mut Intent) -> Result<(), ApiError> {
    let Some(account) = intent.account.as_deref() else {
        return Ok(());
    };
    if intent.application_fee_minor.is_some() || intent.status == Status::Created {
        return Ok(());
    }
    let Some(account) = tx.object::<super::accounts::Account>(account)? else {
        return Ok(());
    };
    let fixed: i64 = intent.splits.iter().map(|s| s.fixed_minor).sum();
    let cap = intent.amount_minor - fixed;
    let fee = application_fee::default_fee(&account, intent.amount_minor, cap);
    intent.application_fee_minor = (fee > 0).then_some(fee);
    Ok(())
}

/// A new intent's record: REQUIRES_PAYMENT_METHOD (CREATED, amount 0,
/// without an amount), nothing collected yet, expiring
/// `expires_in_minutes` after `now`.
fn new_record(
    principal: &Principal,
    input: ValidCreate,
    id: String,
    client_secret_digest: String,
    now: i64,
) -> Intent {
    Intent {
        id,
        mode: principal.mode,
        owner: principal.owner().to_string(),
        account: principal.account.clone(),
        status: match input.amount_minor {
            Some(_) => Status::RequiresPaymentMethod,
            None => Status::Created,
        },
        amount_minor: input.amount_minor.unwrap_or(0),
        currency: input.currency.code.to_string(),
        rails: input.rails,
        capture_method: input.capture_method,
        payment_method_policy: input.policy,
        reference: input.reference,
        description: input.description,
        purpose_code: input.purpose_code,
        metadata: input.metadata,
        customer_msisdn: input.customer_msisdn,
        customer_country: input.customer_country,
        success_url: input.success_url,
        cancel_url: input.cancel_url,
        qr_payload: None,
        qr_expires_at_ms: None,
        location: None,
        terminal: None,
        splits: input.splits,
        split_refund_policy: input.split_refund_policy,
        application_fee_minor: input.application_fee_minor,
        allowed_operators: input.allowed_operators,
        client_secret_digest,
        amount_capturable_minor: 0,
        amount_received_minor: 0,
        amount_refunded_minor: 0,
        amount_reserved_minor: 0,
        amount_disputed_minor: 0,
        amount_charged_back_minor: 0,
        pending_remaining_minor: 0,
        settlement_share_minor: None,
        settlement_cycle: None,
        settlement: None,
        split_payouts: Vec::new(),
        application_fee_payout: None,
        split_recoveries: Vec::new(),
        checkout_session: None,
        payment_link: None,
        money_request: None,
        purpose: None,
        fees: None,
        attempts: Vec::new(),
        timeline: Vec::new(),
        review: None,
        late_payments: Vec::new(),
        cancellation_reason: None,
        cancellation_note: None,
        collection_transaction: None,
        settlement_transaction: None,
        settled_at_ms: None,
        settled_net_minor: None,
        expires_at_ms: now + input.expires_in_minutes * 60_000,
        created_at_ms: now,
        updated_at_ms: now,
    }
}

/// What paying an intent from the caller's wallet spends under: the scope of
/// a transfer, which a key must hold and a member's role must permit (issue
/// 44: `payment_intents:write`, what a checkout backend or a developer holds,
/// paid out of the wallet).
pub const WALLET_PAYMENT_SCOPE: &str = "transfers:write";

/// Whether `principal` may pay from its wallet: the spending scope. Asked
/// before the intent is read, by the handler and again by [`confirm`].
pub fn authorize_wallet_payment(principal: &Principal) -> Result<(), ApiError> {
    principal.require(WALLET_PAYMENT_SCOPE, "paying from the wallet")
}

/// A member's session paying from a live wallet proves it is the member at
/// the keyboard, as for other live spending (live keys, payout batches).
pub fn wallet_payment_needs_step_up(principal: &Principal) -> bool {
    principal.session.is_some() && principal.livemode()
}

/// `POST /payment_intents/{id}/confirm`: starts an attempt on the rail the
/// payer chose (`methods.rs` checks what each rail needs).
pub fn confirm(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    id: &str,
    input: ConfirmIntent,
) -> Result<Intent, ApiError> {
    let rail = input.rail.unwrap_or(RailKind::MobileMoney);
    if rail == RailKind::Wallet {
        authorize_wallet_payment(principal)?;
        if wallet_payment_needs_step_up(principal) && !input.stepped_up {
            return Err(ApiError::new(
                Code::StepUpRequired,
                "paying from a live wallet in a session needs step-up: send your PIN in the pin field",
            )
            .with_param("pin"));
        }
    }
    let mut intent = match rail {
        RailKind::Wallet => {
            methods::intent_for_payer(tx, principal, id, input.checkout_token.as_deref())?
        }
        _ => read(tx, principal, id)?,
    };
    if rail == RailKind::Qr {
        return Err(ApiError::field(
            "rail",
            "a QR code is paid from a wallet: confirm with rail wallet (or pay on its checkout page)",
        ));
    }
    if !intent.rails.iter().any(|r| r == rail.as_str()) {
        return Err(ApiError::new(
            Code::InvalidIntentTransition,
            format!(
                "intent {id} does not accept {} (rails: {})",
                rail.as_str(),
                intent.rails.join(", ")
            ),
        ));
    }
    let method = match rail {
        RailKind::MobileMoney => {
            methods::mobile_money(&intent, input.customer_msisdn, input.operator)?
        }
        RailKind::Card => methods::card(&intent, input.checked_card, input.card, tx.now_ms())?,
        RailKind::Bank => methods::bank(&intent)?,
        RailKind::Wallet | RailKind::Qr => methods::wallet(&intent, principal)?,
    };
    let now = tx.now_ms();
    match input.amount_minor {
        Some(amount_minor) => set_amount(&mut intent, now, amount_minor)?,
        None if intent.status == Status::Created => {
            return Err(ApiError::new(
                Code::InvalidIntentTransition,
                format!("intent {id} has an open amount: send amount_minor with its first attempt"),
            )
            .with_param("amount_minor"));
        }
        None => {}
    }
    if rail != RailKind::Bank {
        leave_waiting_bank(&mut intent, now)?;
    }
    // Expiry is refused before the rail is asked or the attempts are counted.
    if let Err(refusal @ Refusal::DeadlinePassed) =
        transition(intent.status, attempt_started(&intent, rail.as_str(), now))
    {
        return Err(refusal_error(&intent, refusal));
    }
    start_attempt(tx, settings, &mut intent, rail.as_str(), method)?;
    save(tx, &intent)?;
    Ok(intent)
}

/// A payer who asked for bank details and then chose another method leaves
/// the transfer (decision 453): its attempt is abandoned while nothing of it
/// has arrived; a transfer partly received is finished by bank.
fn leave_waiting_bank(intent: &mut Intent, now: i64) -> Result<(), ApiError> {
    let Some(bank) = intent
        .attempts
        .last()
        .filter(|a| a.status == AttemptStatus::Processing)
        .and_then(|a| a.bank.as_ref())
    else {
        return Ok(());
    };
    let trigger = Trigger::SwitchFromBank {
        nothing_received: bank.received_minor == 0,
    };
    intent.check(trigger)?;
    intent.abandon_attempt(now);
    intent.apply(now, trigger, "api")
}

/// Sets the amount of an open-amount intent (CREATED), once: it moves to
/// REQUIRES_PAYMENT_METHOD and takes attempts like any other.
fn set_amount(intent: &mut Intent, now: i64, amount_minor: i64) -> Result<(), ApiError> {
    let amount_minor = input::amount("amount_minor", amount_minor)?;
    match transition(intent.status, Trigger::SetAmount) {
        Ok(_) => {}
        Err(Refusal::Invalid) => {
            return Err(ApiError::new(
                Code::InvalidIntentTransition,
                format!(
                    "amount_minor is set once, on an open-amount intent (CREATED); {} is {} with amount_minor {}",
                    intent.id,
                    intent.public_status().as_str(),
                    intent.amount_minor
                ),
            )
            .with_param("amount_minor"));
        }
        Err(refusal) => return Err(refusal_error(intent, refusal)),
    }
    intent.amount_minor = amount_minor;
    intent.note(
        now,
        "intent.amount_set",
        "api",
        &[("amount_minor", amount_minor.to_string())],
    );
    intent.apply(now, Trigger::SetAmount, "api")
}

/// The trigger of an attempt on `rail` starting at `now_ms`.
fn attempt_started(intent: &Intent, rail: &str, now_ms: i64) -> Trigger {
    Trigger::AttemptStarted {
        waits_for_payer: rail != "wallet",
        past_expiry: now_ms >= intent.expires_at_ms,
    }
}

fn start_attempt(
    tx: &mut Tx<'_>,
    settings: &Settings,
    intent: &mut Intent,
    rail: &str,
    method: methods::Method,
) -> Result<(), ApiError> {
    let now = tx.now_ms();
    // A wallet payment is our own ledger's: no rail, and no connector, is asked.
    let carrier = match rail {
        "wallet" => Carrier::Wallet,
        _ => carrier(tx, intent, rail, method.operator.as_deref())?,
    };
    if intent.attempts.len() >= ATTEMPTS_MAX {
        return Err(ApiError::new(
            Code::InvalidIntentTransition,
            format!(
                "intent {} reached {ATTEMPTS_MAX} attempts; create a new intent",
                intent.id
            ),
        ));
    }
    let started = attempt_started(intent, rail, now);
    intent.check(started)?;
    let attempt = Attempt {
        id: crate::ids::new_id("att"),
        rail: rail.to_string(),
        operator: method.operator,
        customer_msisdn: method.msisdn,
        status: AttemptStatus::Processing,
        failure_reason: None,
        started_at_ms: now,
        ended_at_ms: None,
        card: method.card,
        bank: method.bank,
        payer: method.payer,
        redirect_url: None,
        rail_request: None,
    };
    intent.note(
        now,
        "attempt.started",
        "api",
        &[("attempt", attempt.id.clone()), ("rail", rail.to_string())],
    );
    intent.attempts.push(attempt);
    intent.apply(now, started, "api")?;
    let started_event = match intent.status {
        Status::RequiresCustomerAction => EventType::PaymentIntentRequiresAction,
        _ => EventType::PaymentIntentProcessing,
    };
    emit(tx, settings, intent, started_event)?;
    let Some(attempt) = intent.attempts.last() else {
        return Err(ApiError::internal("attempt vanished"));
    };
    match carrier {
        Carrier::Sandbox(connector) => {
            let outcome = connector.collect(&collect_request(intent, attempt));
            methods::note_challenge(intent, &outcome);
            apply_outcome(tx, settings, intent, outcome, "rail")
        }
        Carrier::Wallet => {
            let outcome = methods::wallet_outcome(tx, intent)?;
            apply_outcome(tx, settings, intent, outcome, "rail")
        }
        Carrier::Live(provider) => {
            let request = live_rails::requests::enqueue(
                tx,
                live_rails::requests::NewRequest {
                    mode: intent.mode,
                    owner: &intent.owner,
                    provider,
                    kind: rails::live::Kind::Collection,
                    target: &intent.id,
                    attempt: Some(&attempt.id),
                    msisdn: attempt.customer_msisdn.as_deref().unwrap_or_default(),
                    amount_minor: intent.amount_minor,
                    currency: &intent.currency,
                    refund: false,
                    card: rail == "card",
                    charge: None,
                },
            )?;
            if let Some(attempt) = intent.attempts.last_mut() {
                attempt.rail_request = Some(request.id.clone());
            }
            intent.note(
                now,
                "attempt.queued",
                "rail",
                &[
                    ("provider", provider.as_str().to_string()),
                    ("rail_request", request.id),
                ],
            );
            Ok(())
        }
    }
}

/// Who answers an attempt: the sandbox, inside this command, or a live
/// provider, through the rail outbox once this command has committed.
enum Carrier {
    Sandbox(&'static dyn rails::Rail),
    /// The payer's wallet on this gateway: one posting, no rail.
    Wallet,
    Live(rails::live::Provider),
}

/// The carrier of an attempt on `rail`; live mode without a configured
/// connector is refused (`rail_not_configured`) before anything is written.
fn carrier(
    tx: &Tx<'_>,
    intent: &Intent,
    rail: &str,
    operator: Option<&str>,
) -> Result<Carrier, ApiError> {
    match intent.mode {
        Mode::Test => rails::for_mode(intent.mode, rail).map(Carrier::Sandbox),
        Mode::Live => {
            let (provider, _) =
                live_rails::route(tx, intent.mode, &intent.owner, rail, operator, tx.wall_ms())?;
            Ok(Carrier::Live(provider))
        }
    }
}

/// A live provider's answer about attempt `attempt_id` of intent `id`
/// (`domain::live_rails::requests`): a PROCESSING attempt moves on as the
/// sandbox's would; an UNKNOWN one (the intent AMBIGUOUS) is resolved by
/// what the status inquiry found, as an operator's review would be. Returns
/// false when the intent has moved on and the answer applies to nothing
/// (reconciliation lists that rail request).
pub fn on_rail_answer(
    tx: &mut Tx<'_>,
    settings: &Settings,
    id: &str,
    attempt_id: &str,
    outcome: Collection,
) -> Result<bool, ApiError> {
    let Some(mut intent) = tx.object::<Intent>(id)? else {
        return Ok(false);
    };
    let Some(current) = intent.attempts.last().filter(|a| a.id == attempt_id) else {
        return Ok(false);
    };
    match (current.status, outcome) {
        (AttemptStatus::Processing, Collection::Pending { .. }) => return Ok(true),
        (AttemptStatus::Processing, outcome) => {
            apply_outcome(tx, settings, &mut intent, outcome, "rail")?;
        }
        (AttemptStatus::Unknown, Collection::Succeeded) if intent.status == Status::Ambiguous => {
            resolve_by_inquiry(tx, settings, &mut intent, None)?;
        }
        (AttemptStatus::Unknown, Collection::Failed(reason))
            if intent.status == Status::Ambiguous =>
        {
            resolve_by_inquiry(tx, settings, &mut intent, Some(reason))?;
        }
        _ => return Ok(false),
    }
    save(tx, &intent)?;
    Ok(true)
}

/// The card aggregator created the hosted payment page of attempt
/// `attempt_id` of intent `id`: the payer is sent there (`next_action`
/// `redirect_to_url`, the checkout page follows it). Returns false when the
/// attempt is no longer the one waiting for its payer.
pub fn on_hosted_link(
    tx: &mut Tx<'_>,
    id: &str,
    attempt_id: &str,
    link: &str,
) -> Result<bool, ApiError> {
    let Some(mut intent) = tx.object::<Intent>(id)? else {
        return Ok(false);
    };
    let waiting = intent.status == Status::RequiresCustomerAction;
    let Some(attempt) = intent
        .attempts
        .last_mut()
        .filter(|a| waiting && a.id == attempt_id && a.status == AttemptStatus::Processing)
    else {
        return Ok(false);
    };
    attempt.redirect_url = Some(link.to_string());
    let now = tx.now_ms();
    intent.note(
        now,
        "attempt.redirect",
        "rail",
        &[("attempt", attempt_id.to_string())],
    );
    intent.updated_at_ms = now;
    save(tx, &intent)?;
    Ok(true)
}

/// A live provider's success about attempt `attempt_id` of intent `id`
/// that [`on_rail_answer`] could not apply: the intent had closed
/// (cancelled, expired, failed) or was paid by another attempt. The money
/// arrived, so it is posted, once, from the rail's clearing account to the
/// merchant's `suspense` balance (neither pending nor available: nothing to
/// ship on), noted on the intent's timeline, and announced by
/// `payment_intent.late_payment` (decision 244). Returns false when the
/// attempt's own money was posted already (captured), so nothing moves.
pub fn on_late_success(
    tx: &mut Tx<'_>,
    settings: &Settings,
    id: &str,
    attempt_id: &str,
    amount_minor: i64,
    currency: &str,
) -> Result<bool, ApiError> {
    let Some(mut intent) = tx.object::<Intent>(id)? else {
        return Ok(false);
    };
    let Some(attempt) = intent.attempts.iter().find(|a| a.id == attempt_id) else {
        return Ok(false);
    };
    if matches!(
        attempt.status,
        AttemptStatus::Captured | AttemptStatus::Authorised
    ) {
        return Ok(false);
    }
    let rail = attempt.rail.clone();
    let (mode, owner) = (intent.mode, intent.owner.clone());
    let transaction = Posting::build(
        mode,
        &owner,
        Cause {
            kind: crate::ledger::CauseKind::PaymentIntent,
            id: intent.id.clone(),
        },
        &format!("late payment of {} over {rail}, to suspense", intent.id),
    )
    .payment_intent(&intent.id)
    .transfer(
        ledger::system_account(mode, System::RailClearing(rail_name(&rail)), currency),
        ledger::merchant_account(mode, &owner, currency, Class::Suspense),
        amount_minor,
        currency,
    )
    .post(tx)?;
    let now = tx.now_ms();
    late::record(
        &mut intent,
        attempt_id,
        &rail,
        amount_minor,
        currency,
        &transaction,
        now,
    )?;
    intent.note(
        now,
        "attempt.late_success",
        "rail",
        &[
            ("attempt", attempt_id.to_string()),
            ("amount_minor", amount_minor.to_string()),
            ("transaction", transaction),
        ],
    );
    save(tx, &intent)?;
    emit(tx, settings, &intent, EventType::PaymentIntentLatePayment)?;
    Ok(true)
}

/// An AMBIGUOUS intent resolved by the provider's status inquiry: paid
/// (`failure` none) is captured once, as a review would; not paid sends the
/// payer back to try again. The review record says who decided.
fn resolve_by_inquiry(
    tx: &mut Tx<'_>,
    settings: &Settings,
    intent: &mut Intent,
    failure: Option<rails::FailureReason>,
) -> Result<(), ApiError> {
    let now = tx.now_ms();
    let paid = failure.is_none();
    intent.apply(now, Trigger::Review { paid }, "rail")?;
    if let Some(review) = intent.review.as_mut() {
        review.status = "RESOLVED".into();
        review.resolved_at_ms = Some(now);
        review.outcome = Some(if paid {
            ReviewOutcome::Paid
        } else {
            ReviewOutcome::NotPaid
        });
        review.note = Some("resolved by the provider's status inquiry".into());
    }
    match failure {
        None => {
            intent.end_attempt(now, AttemptTrigger::Capture, None)?;
            intent.note(now, "inquiry.paid", "rail", &[]);
            let amount = intent.amount_minor;
            record_capture(tx, settings, intent, amount, "rail")
        }
        Some(reason) => {
            intent.end_attempt(now, AttemptTrigger::Fail, Some(reason))?;
            intent.note(
                now,
                "inquiry.not_paid",
                "rail",
                &[("failure_reason", reason_str(reason).to_string())],
            );
            emit(tx, settings, intent, EventType::PaymentIntentAttemptFailed)
        }
    }
}

/// Moves the intent on by what the rail said about its current attempt.
fn apply_outcome(
    tx: &mut Tx<'_>,
    settings: &Settings,
    intent: &mut Intent,
    outcome: Collection,
    actor: &str,
) -> Result<(), ApiError> {
    let now = tx.now_ms();
    if let Some(answered) = intent.answered() {
        ranking::record_attempt(tx, answered, &outcome)?;
    }
    match outcome {
        Collection::Pending { poll_after_ms } => {
            let attempt = intent
                .attempts
                .last()
                .map(|a| a.id.clone())
                .unwrap_or_default();
            scheduler::schedule(
                tx,
                now + poll_after_ms,
                TimerKind::IntentPoll {
                    intent: intent.id.clone(),
                    attempt,
                },
            )?;
            intent.note(
                now,
                "attempt.pending",
                actor,
                &[("poll_after_ms", poll_after_ms.to_string())],
            );
        }
        Collection::Failed(reason) => {
            intent.end_attempt(now, AttemptTrigger::Fail, Some(reason))?;
            intent.note(
                now,
                "attempt.failed",
                actor,
                &[("failure_reason", reason_str(reason).to_string())],
            );
            intent.apply(
                now,
                Trigger::AttemptFailed {
                    retryable: reason.retryable(),
                },
                actor,
            )?;
            emit(tx, settings, intent, EventType::PaymentIntentAttemptFailed)?;
            if intent.status == Status::Failed {
                emit(tx, settings, intent, EventType::PaymentIntentFailed)?;
            }
        }
        Collection::Unknown => {
            intent.end_attempt(now, AttemptTrigger::Unknown, None)?;
            intent.note(now, "attempt.unknown", actor, &[]);
            intent.apply(now, Trigger::AttemptUnknown, actor)?;
            intent.review = Some(Review {
                status: "MANUAL_REVIEW".into(),
                opened_at_ms: now,
                resolved_at_ms: None,
                outcome: None,
                note: None,
            });
            emit(tx, settings, intent, EventType::PaymentIntentAmbiguousHold)?;
        }
        Collection::Succeeded if intent.capture_method == CaptureMethod::Manual => {
            intent.end_attempt(now, AttemptTrigger::Authorise, None)?;
            intent.note(now, "attempt.authorised", actor, &[]);
            intent.apply(
                now,
                Trigger::AttemptSucceeded {
                    manual_capture: true,
                },
                actor,
            )?;
            intent.amount_capturable_minor = intent.amount_minor;
            emit(tx, settings, intent, EventType::PaymentIntentAuthorised)?;
        }
        Collection::Succeeded => {
            intent.end_attempt(now, AttemptTrigger::Capture, None)?;
            intent.note(now, "attempt.succeeded", actor, &[]);
            intent.apply(
                now,
                Trigger::AttemptSucceeded {
                    manual_capture: false,
                },
                actor,
            )?;
            let amount = intent.amount_minor;
            record_capture(tx, settings, intent, amount, actor)?;
        }
    }
    Ok(())
}

/// The intent is CAPTURED for `amount_minor`: credit the merchant's pending
/// balance net of fees (each fee its own line), emit, queue settlement.
fn record_capture(
    tx: &mut Tx<'_>,
    settings: &Settings,
    intent: &mut Intent,
    amount_minor: i64,
    actor: &str,
) -> Result<(), ApiError> {
    let now = tx.now_ms();
    let rail = intent
        .attempts
        .last()
        .map(|a| a.rail.clone())
        .unwrap_or_else(|| "mobile_money".into());
    let operator_bps = intent
        .attempts
        .last()
        .and_then(|a| a.operator.as_deref())
        .and_then(|o| catalogue::find(&rail, o))
        .map(|m| m.provider_bps);
    let fees = fees::for_collection(&rail, operator_bps, amount_minor);
    let net = amount_minor - fees.total_minor();
    let posting = post_collection(tx, intent, &rail, &fees, net)?;
    let (mode, currency) = (intent.mode, intent.currency.clone());
    intent.collection_transaction = Some(posting.clone());
    intent.fees = Some(fees);
    intent.split_payouts = splits::pay_out(
        tx,
        mode,
        &intent.owner,
        &intent.id,
        &currency,
        net,
        &intent.splits,
    )?;
    let split_total: i64 = intent.split_payouts.iter().map(|p| p.amount_minor).sum();
    intent.application_fee_payout =
        application_fee::pay(tx, settings, intent, net - split_total, &rail)?;
    let fee_minor = intent
        .application_fee_payout
        .as_ref()
        .map_or(0, |p| p.amount_minor);
    let split_total = split_total + fee_minor;
    intent.pending_remaining_minor = net - split_total;
    intent.amount_received_minor = amount_minor;
    intent.amount_capturable_minor = 0;
    intent.note(
        now,
        "ledger.collected",
        "ledger",
        &[("transaction", posting), ("net_minor", net.to_string())],
    );
    emit(tx, settings, intent, EventType::PaymentIntentCaptured)?;
    emit(tx, settings, intent, EventType::PaymentIntentSucceeded)?;
    let pending_before = intent.pending_remaining_minor;
    super::purpose::on_paid(tx, settings, intent)?;
    // What the payment funds (a route) took from pending at capture left
    // with it, as a split's share does: the cycle settles only the rest.
    let funded = pending_before - intent.pending_remaining_minor;
    intent.apply(now, Trigger::QueueSettlement, actor)?;
    // Settlement cycles are the one way the money leaves pending
    // (`docs/settlement.md`): the payment joins its running period.
    let place = super::settlement::cycles::Place {
        mode,
        owner: &intent.owner,
        rail: Some(&rail),
        currency: &currency,
    };
    let payment = super::settlement::cycles::Payment {
        id: &intent.id,
        gross_minor: amount_minor,
        fees: &fees,
        split_minor: split_total + funded,
        application_fee_minor: fee_minor,
        transaction: intent.collection_transaction.as_deref().unwrap_or_default(),
        payment_intent: Some(&intent.id),
    };
    let cycle = super::settlement::cycles::record_payment(tx, settings, place, payment)?;
    intent.settlement_cycle = Some(cycle);
    Ok(())
}

/// The collection posting: the rail's clearing account pays the merchant's
/// pending balance `net_minor` and each fee to its system account.
fn post_collection(
    tx: &mut Tx<'_>,
    intent: &Intent,
    rail: &str,
    fees: &Fees,
    net_minor: i64,
) -> Result<String, ApiError> {
    let (mode, currency) = (intent.mode, intent.currency.as_str());
    // A wallet payment comes from its payer's available balance (one
    // posting payer → merchant); any other from the rail's clearing account.
    let payer = intent.attempts.last().and_then(|a| a.payer.as_deref());
    let source = match (rail, payer) {
        ("wallet", Some(payer)) => {
            ledger::merchant_account(mode, payer, currency, Class::Available)
        }
        _ => ledger::system_account(mode, System::RailClearing(rail_name(rail)), currency),
    };
    let clearing = || source.clone();
    Posting::build(
        mode,
        &intent.owner,
        Cause {
            kind: crate::ledger::CauseKind::PaymentIntent,
            id: intent.id.clone(),
        },
        &format!("collection of {} over {rail}", intent.id),
    )
    .payment_intent(&intent.id)
    .transfer(
        clearing(),
        ledger::merchant_account(mode, &intent.owner, currency, Class::Pending),
        net_minor,
        currency,
    )
    .transfer(
        clearing(),
        ledger::system_account(mode, System::ProviderFees, currency),
        fees.provider_fee_minor,
        currency,
    )
    .transfer(
        clearing(),
        ledger::system_account(mode, System::FeeRevenue, currency),
        fees.service_fee_minor,
        currency,
    )
    .transfer(
        clearing(),
        ledger::system_account(mode, System::TaxPayable, currency),
        fees.tax_minor,
        currency,
    )
    .post(tx)
}

fn rail_name(rail: &str) -> &'static str {
    rails::RAILS
        .iter()
        .find(|r| **r == rail)
        .copied()
        .unwrap_or("mobile_money")
}

/// `POST /payment_intents/{id}/capture`.
pub fn capture(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    id: &str,
    amount_minor: Option<i64>,
) -> Result<Intent, ApiError> {
    let mut intent = read(tx, principal, id)?;
    let capture = Trigger::Capture {
        manual_capture: intent.capture_method == CaptureMethod::Manual,
    };
    intent.check(capture)?;
    let amount = match amount_minor {
        Some(a) => input::amount("amount_minor", a)?,
        None => intent.amount_capturable_minor,
    };
    if amount > intent.amount_capturable_minor {
        return Err(ApiError::new(
            Code::CaptureExceedsAuthorisation,
            format!(
                "amount_minor {amount} is more than the {} authorised",
                intent.amount_capturable_minor
            ),
        )
        .with_param("amount_minor"));
    }
    let now = tx.now_ms();
    let released = intent.amount_capturable_minor - amount;
    let connector = rails::for_mode(
        intent.mode,
        intent
            .attempts
            .last()
            .map(|a| a.rail.as_str())
            .unwrap_or("mobile_money"),
    )?;
    if let Some(attempt) = intent.attempts.last() {
        connector.capture(&collect_request(&intent, attempt), amount)?;
    }
    intent.end_attempt(now, AttemptTrigger::Capture, None)?;
    intent.apply(now, capture, "api")?;
    intent.note(
        now,
        "intent.capture",
        "api",
        &[
            ("amount_minor", amount.to_string()),
            ("released_minor", released.to_string()),
        ],
    );
    record_capture(tx, settings, &mut intent, amount, "api")?;
    save(tx, &intent)?;
    Ok(intent)
}

/// `POST /payment_intents/{id}/cancel`: only before capture; voids an authorisation.
pub fn cancel(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    id: &str,
    input: CancelIntent,
) -> Result<Intent, ApiError> {
    let (reason, note) = input.validate()?;
    let mut intent = read(tx, principal, id)?;
    let now = tx.now_ms();
    intent.check(Trigger::Cancel)?;
    if intent.status == Status::Authorised {
        if let Some(attempt) = intent.attempts.last() {
            rails::for_mode(intent.mode, &attempt.rail)?
                .void(&collect_request(&intent, attempt))?;
        }
        intent.note(
            now,
            "attempt.voided",
            "api",
            &[("released_minor", intent.amount_capturable_minor.to_string())],
        );
        intent.amount_capturable_minor = 0;
    }
    // A voided authorisation or a prompt the payer never answered: the attempt is abandoned.
    intent.abandon_attempt(now);
    methods::return_unpaid_bank(&mut intent, now)?;
    intent.apply(now, Trigger::Cancel, "api")?;
    intent.cancellation_reason = reason;
    if let Some(entry) = intent
        .timeline
        .last_mut()
        .filter(|e| e.event == "intent.cancelled")
    {
        for (key, value) in [
            (
                "cancellation_reason",
                reason.map(|r| r.as_str().to_string()),
            ),
            ("reason", note.clone()),
        ] {
            if let Some(value) = value {
                entry.details.insert(key.to_string(), value);
            }
        }
    }
    intent.cancellation_note = note;
    emit(tx, settings, &intent, EventType::PaymentIntentCancelled)?;
    save(tx, &intent)?;
    Ok(intent)
}

/// `POST /payment_intents/{id}/late_payments/{late_payment}/refund`: pays a
/// late payment back to its payer (`late.rs`).
pub fn refund_late_payment(
    tx: &mut Tx<'_>,
    principal: &Principal,
    id: &str,
    late_payment: &str,
) -> Result<Intent, ApiError> {
    let mut intent = read(tx, principal, id)?;
    late::refund(tx, &mut intent, late_payment)?;
    save(tx, &intent)?;
    Ok(intent)
}

/// `POST /payment_intents/{id}/late_payments/{late_payment}/release`: the
/// merchant keeps a late payment (`late.rs`).
pub fn release_late_payment(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    id: &str,
    late_payment: &str,
) -> Result<Intent, ApiError> {
    let mut intent = read(tx, principal, id)?;
    late::release(tx, settings, &mut intent, late_payment)?;
    save(tx, &intent)?;
    Ok(intent)
}

/// `POST /payment_intents/{id}/late_payments/{late_payment}/review`: a
/// member applies or returns a HELD late payment (`late.rs`).
pub fn review_late_payment(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    id: &str,
    late_payment: &str,
    outcome: crate::domain::review::Outcome,
    evidence: &crate::domain::review::Evidence,
) -> Result<Intent, ApiError> {
    let mut intent = read(tx, principal, id)?;
    late::review(
        tx,
        settings,
        principal,
        &mut intent,
        late_payment,
        outcome,
        evidence,
    )?;
    save(tx, &intent)?;
    Ok(intent)
}

/// `POST /payment_intents/{id}/review`: an operator resolves an AMBIGUOUS payment.
pub fn review(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    id: &str,
    input: ReviewIntent,
) -> Result<Intent, ApiError> {
    input.validate()?;
    let mut intent = read(tx, principal, id)?;
    let now = tx.now_ms();
    let paid = input.outcome == ReviewOutcome::Paid;
    intent.apply(now, Trigger::Review { paid }, "operator")?;
    if let Some(review) = intent.review.as_mut() {
        review.status = "RESOLVED".into();
        review.resolved_at_ms = Some(now);
        review.outcome = Some(input.outcome);
        review.note = Some(input.note.trim().to_string());
    }
    if paid {
        intent.end_attempt(now, AttemptTrigger::Capture, None)?;
        intent.note(now, "review.paid", "operator", &[]);
        let amount = intent.amount_minor;
        record_capture(tx, settings, &mut intent, amount, "operator")?;
    } else {
        intent.end_attempt(now, AttemptTrigger::Fail, None)?;
        intent.note(now, "review.not_paid", "operator", &[]);
    }
    save(tx, &intent)?;
    Ok(intent)
}

/// Handles the intent timers.
pub fn on_timer(tx: &mut Tx<'_>, settings: &Settings, kind: &TimerKind) -> Result<(), ApiError> {
    let id = match kind {
        TimerKind::IntentExpire { intent }
        | TimerKind::IntentPoll { intent, .. }
        | TimerKind::IntentSettle { intent } => intent,
        _ => return Ok(()),
    };
    let Some(mut intent) = tx.object::<Intent>(id)? else {
        return Ok(());
    };
    let now = tx.now_ms();
    match kind {
        TimerKind::IntentExpire { .. } => {
            // Expiry only bites an intent still waiting for its payer.
            if transition(intent.status, Trigger::Expire).is_err() {
                return Ok(());
            }
            intent.apply(now, Trigger::Expire, "timer")?;
            intent.abandon_attempt(now);
            methods::return_unpaid_bank(&mut intent, now)?;
            emit(tx, settings, &intent, EventType::PaymentIntentExpired)?;
        }
        TimerKind::IntentPoll { attempt, .. } => {
            let current = intent
                .attempts
                .last()
                .filter(|a| &a.id == attempt && a.status == AttemptStatus::Processing);
            let Some(current) = current else {
                return Ok(());
            };
            let outcome = rails::for_mode(intent.mode, &current.rail)?
                .status(&collect_request(&intent, current));
            methods::note_challenge(&mut intent, &outcome);
            apply_outcome(tx, settings, &mut intent, outcome, "timer")?;
        }
        TimerKind::IntentSettle { .. } => settle(tx, settings, &mut intent)?,
        _ => return Ok(()),
    }
    save(tx, &intent)?;
    Ok(())
}

/// The merchant's pending and available balances in the payment's currency.
pub fn merchant_balances(tx: &Tx<'_>, intent: &Intent) -> Result<Balances, ApiError> {
    let balance = |class| {
        let account = ledger::merchant_account(intent.mode, &intent.owner, &intent.currency, class);
        ledger::balance(tx, &account)
    };
    Ok(Balances {
        pending_minor: balance(Class::Pending)?,
        available_minor: balance(Class::Available)?,
    })
}

/// The rail its payment was collected on (`mobile_money` before any attempt).
impl Intent {
    pub(crate) fn collection_rail(&self) -> &str {
        self.attempts
            .last()
            .map(|a| a.rail.as_str())
            .unwrap_or("mobile_money")
    }
}

/// Its settlement cycle `cycle` paid the payment `id` (posting
/// `transaction`, at `paid_at_ms`): SETTLEMENT_PENDING → SETTLED through the
/// intent's transition, with `payment_intent.settled`. Returns false, and
/// changes nothing, for an intent no longer waiting for settlement.
pub(crate) fn settle_in_cycle(
    tx: &mut Tx<'_>,
    settings: &Settings,
    id: &str,
    cycle: &str,
    transaction: &str,
    paid_at_ms: i64,
    actor: &str,
) -> Result<bool, ApiError> {
    let Some(mut intent) = tx.object::<Intent>(id)? else {
        return Ok(false);
    };
    if intent.status != Status::SettlementPending {
        return Ok(false);
    }
    let now = tx.now_ms();
    let net = intent.take_settlement_share();
    intent.settlement_transaction = Some(transaction.to_string());
    intent.settlement = Some(cycle.to_string());
    intent.settled_at_ms = Some(paid_at_ms);
    intent.settled_net_minor = Some(net);
    intent.apply(now, Trigger::Settle, actor)?;
    intent.note(
        now,
        "ledger.settled",
        "ledger",
        &[
            ("transaction", transaction.to_string()),
            ("net_minor", net.to_string()),
            ("settlement", cycle.to_string()),
        ],
    );
    emit(tx, settings, &intent, EventType::PaymentIntentSettled)?;
    save(tx, &intent)?;
    Ok(true)
}

/// Settlement of a payment captured before settlement cycles (its
/// `IntentSettle` timer, still in stores of earlier versions): the net amount
/// moves from pending to available.
fn settle(tx: &mut Tx<'_>, settings: &Settings, intent: &mut Intent) -> Result<(), ApiError> {
    if intent.status != Status::SettlementPending {
        return Ok(());
    }
    let now = tx.now_ms();
    // What is still in pending: the net, less split payouts and refund reservations.
    let pending_minor = merchant_balances(tx, intent)?.pending_minor;
    let net = intent.settle_pending(pending_minor);
    let (mode, currency) = (intent.mode, intent.currency.clone());
    let posting = Posting::build(
        mode,
        &intent.owner,
        Cause {
            kind: crate::ledger::CauseKind::Settlement,
            id: intent.id.clone(),
        },
        &format!("settlement of {}", intent.id),
    )
    .payment_intent(&intent.id)
    .transfer(
        ledger::merchant_account(mode, &intent.owner, &currency, Class::Pending),
        ledger::merchant_account(mode, &intent.owner, &currency, Class::Available),
        net,
        &currency,
    )
    .post(tx)?;
    intent.settlement_transaction = Some(posting.clone());
    intent.settled_at_ms = Some(now);
    intent.settled_net_minor = Some(net);
    intent.apply(now, Trigger::Settle, "timer")?;
    intent.note(
        now,
        "ledger.settled",
        "ledger",
        &[("transaction", posting), ("net_minor", net.to_string())],
    );
    emit(tx, settings, intent, EventType::PaymentIntentSettled)
}

#[cfg(test)]
pub(super) mod storage_tests {
    use super::Intent;

    /// A record as stored before empty fields were left out (every field
    /// written, nulls and zeros included).
    pub(in crate::domain::intents) const FULL_RECORD: &str = r#"{"id":"pi_01m817j3r8htq9g8y3hv2c9dcr","mode":"test","owner":"org_01m817j2qr66dxjmbccf00bebg","account":null,"status":"REQUIRES_PAYMENT_METHOD","amount_minor":1000,"currency":"CDF","rails":["mobile_money","card","bank","wallet","qr"],"capture_method":"automatic","payment_method_policy":"smart","reference":"bench","description":null,"purpose_code":null,"metadata":{},"customer_msisdn":null,"customer_country":null,"success_url":null,"cancel_url":null,"qr_payload":"00020101021226820011com.paygate0130org_01m817j2qr66dxjmbccf00bebg0329pi_01m817j3r8htq9g8y3hv2c9dcr520459995303976540510.005802CD5920Sandbox organisation6008Kinshasa62090505bench80400002010130kid_01m817j2qr66dxjmbccf00bebh81920088NwtVB6V/HRJiotY+sTxzn5Mvom2Fnt5yr1KQiMAsGe9Ntf6qZg13h/cFqdWRd3D/bAJdzUxbLv/xYzVAvq77Dg==6304AF7E","splits":[],"application_fee_minor":null,"allowed_operators":[],"client_secret_digest":"e63ea031bd7ecb75bf6909bca9133cb92bb5dadd712b544e471a84a6e05f1f3b","amount_capturable_minor":0,"amount_received_minor":0,"amount_refunded_minor":0,"amount_reserved_minor":0,"amount_disputed_minor":0,"amount_charged_back_minor":0,"pending_remaining_minor":0,"split_refund_policy":"pro_rata","split_payouts":[],"split_recoveries":[],"checkout_session":null,"payment_link":null,"money_request":null,"fees":null,"attempts":[],"timeline":[{"at_ms":1795337817864,"event":"intent.created","actor":"api","details":{"amount_minor":"1000"}}],"review":null,"cancellation_reason":null,"collection_transaction":null,"settlement_transaction":null,"expires_at_ms":1795339617864,"created_at_ms":1795337817864,"updated_at_ms":1795337817864}"#;

    #[test]
    fn stored_intents_leave_out_empty_fields_and_read_old_records() {
        let old: Intent = serde_json::from_str(FULL_RECORD).expect("an old record decodes");
        let compact = serde_json::to_string(&old).expect("encode");
        assert!(!compact.contains("null"), "{compact}");
        assert!(!compact.contains("\"amount_refunded_minor\""), "{compact}");
        assert!(!compact.contains("\"attempts\""), "{compact}");
        assert!(
            compact.len() < FULL_RECORD.len() * 3 / 4,
            "{} of {}",
            compact.len(),
            FULL_RECORD.len()
        );
        let again: Intent = serde_json::from_str(&compact).expect("the compact record decodes");
        assert_eq!(serde_json::to_string(&again).expect("encode"), compact);
        assert_eq!(again.amount_minor, 1000);
        assert_eq!(again.reference.as_deref(), Some("bench"));
        assert_eq!(again.amount_received_minor, 0);
        assert!(again.attempts.is_empty() && again.fees.is_none());
    }
}
