//! Events: the catalogue of every type the gateway emits, and the outbox they
//! are written to in the same transaction as the change they describe.
//!
//! Code can only emit an [`EventType`], and every variant is in [`CATALOGUE`]
//! with its receiver notes (a test checks), so an undocumented event cannot
//! be emitted.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::clock::rfc3339;

use crate::error::ApiError;
use crate::ledger::Mode;
use crate::store::Tx;
use crate::store::keys::Family;

pub mod dispatcher;
pub mod egress;
pub mod signing;

macro_rules! event_types {
    ($( $variant:ident => ($name:literal, $when:literal, $notes:literal), )*) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
        #[allow(clippy::enum_variant_names)] // refund, payout, ... events come with their issues
        pub enum EventType { $( #[serde(rename = $name)] $variant, )* }

        /// One row of `GET /webhook_events/types`.
        #[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
        pub struct CatalogueEntry {
            #[serde(rename = "type")]
            pub name: &'static str,
            /// When the event is emitted.
            pub emitted_when: &'static str,
            /// Rules for receivers.
            pub notes: &'static str,
        }

        pub const CATALOGUE: &[CatalogueEntry] = &[
            $( CatalogueEntry { name: $name, emitted_when: $when, notes: $notes }, )*
        ];

        impl EventType {
            #[cfg(test)]
            pub const ALL: &'static [EventType] = &[ $( EventType::$variant, )* ];
            pub fn as_str(self) -> &'static str {
                match self { $( EventType::$variant => $name, )* }
            }
        }
    };
}

/// Notes every receiver should follow, prefixed to each type's own.
const DEDUP: &str =
    "Deliveries are at least once: deduplicate by event id. Verify the signature before acting.";

event_types! {
    PaymentIntentCreated => ("payment_intent.created", "A payment intent was created.", "Informational; do not ship goods on it."),
    PaymentIntentProcessing => ("payment_intent.processing", "A payment attempt started (the payer was prompted or the provider is working).", "Informational: the payment is not done yet."),
    PaymentIntentAttemptFailed => ("payment_intent.attempt_failed", "An attempt failed (invalid_msisdn, provider_unavailable, declined); the intent is back to REQUIRES_PAYMENT_METHOD and the payer may retry.", "data.object.last_attempt.failure_reason says why. The intent may still succeed with a new attempt."),
    PaymentIntentFailed => ("payment_intent.failed", "The intent failed for good (a non-retryable failure).", "Final: no further attempt will be made."),
    PaymentIntentAuthorised => ("payment_intent.authorised", "Manual capture: the payer approved; the funds are held until captured or cancelled.", "Capture with POST /payment_intents/{id}/capture, or cancel to release the hold."),
    PaymentIntentCaptured => ("payment_intent.captured", "Funds were captured (automatically on success, or by POST /capture).", "amount_received_minor is what was captured."),
    PaymentIntentSucceeded => ("payment_intent.succeeded", "The intent was captured and paid; the net amount is in the pending balance.", "The money has not settled yet: ship goods on payment_intent.settled."),
    PaymentIntentAmbiguousHold => ("payment_intent.ambiguous_hold", "The provider's outcome is unknown; the payment is parked in MANUAL_REVIEW.", "Do not ship and do not ask the payer to pay again until review resolves it."),
    PaymentIntentCancelled => ("payment_intent.cancelled", "The intent was cancelled before capture (an authorisation is voided).", "Final."),
    PaymentIntentExpired => ("payment_intent.expired", "The intent expired before it was paid.", "Final."),
    PaymentIntentRefunded => ("payment_intent.refunded", "A refund of the intent succeeded; amount_refunded_minor and refund_status changed.", "Partial refunds leave refund_status partially_refunded."),
    RefundRequested => ("refund.requested", "A refund was requested; its amount is reserved.", "The money has not left yet."),
    RefundApproved => ("refund.approved", "A refund was approved (automatically below the threshold, or by a person).", "Execution follows."),
    RefundRejected => ("refund.rejected", "A refund was rejected; its reservation was released.", "data.object.rejection says who and why."),
    RefundSucceeded => ("refund.succeeded", "The refund was paid back to the payer.", "Final."),
    RefundFailed => ("refund.failed", "The refund could not be executed; its reservation was released.", "data.object.failure_reason says why; a new refund may be requested."),
    CheckoutSessionCompleted => ("checkout_session.completed", "The payment of a checkout session succeeded.", "Fulfil on payment_intent.settled of its payment_intent, or here if you accept settlement risk."),
    CheckoutSessionExpired => ("checkout_session.expired", "A checkout session expired (by request or by time); its intent was cancelled.", "Final."),
    PaymentLinkDeactivated => ("payment_link.deactivated", "A payment link was deactivated, or a single-use link was paid.", "data.object.inactive_reason says which."),
    MoneyRequestPaid => ("money_request.paid", "The payer paid a money request.", "Final."),
    MoneyRequestCancelled => ("money_request.cancelled", "The requester cancelled an unpaid money request.", "Final."),
    QrCodeCreated => ("qr_code.created", "A static QR code was created for the merchant, a location or a terminal.", "Informational."),
    QrCodeRevoked => ("qr_code.revoked", "A QR code was revoked (lost, stolen, tampered, replaced, retired); resolves now answer revoked.", "Take the printed code out of service."),
    DisputeCreated => ("dispute.created", "A dispute was opened on a payment; the amount moved to the disputed balance.", "Respond with evidence before evidence_due_at."),
    DisputeUpdated => ("dispute.updated", "Evidence was submitted; the dispute is under review.", "Informational."),
    DisputeWon => ("dispute.won", "The dispute was decided for the merchant; the amount returned to available.", "Final."),
    DisputeLost => ("dispute.lost", "The dispute was lost (or the deadline passed without evidence); the amount left to the payer.", "Final."),
    VerificationCompleted => ("verification.completed", "A payment verification was answered (CONFIRMED, PENDING, AMBIGUOUS or NOT_FOUND).", "Only CONFIRMED means a ledger posting credited the merchant."),
    PaymentIntentSettled => ("payment_intent.settled", "The payment settled: the net amount moved from pending to available.", "This is the event to ship goods on, after verifying its signature."),
}

/// Receiver notes for a type: the shared rules, then the type's own.
pub fn notes(entry: &CatalogueEntry) -> String {
    format!("{DEDUP} {}", entry.notes)
}

/// An event as stored in the outbox and as `GET /events` renders it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Event {
    pub id: String,
    #[serde(rename = "type")]
    pub event_type: EventType,
    pub mode: Mode,
    /// The merchant whose object changed (organisation or connected account).
    pub owner: String,
    /// The connected account, when the event belongs to one (spec section 6 rule 3).
    pub account: Option<String>,
    pub created_at_ms: i64,
    /// The object as the API renders it.
    pub object: serde_json::Value,
}

/// An event as clients and webhook receivers see it.
#[derive(Serialize, ToSchema)]
pub struct EventView {
    pub id: String,
    /// Always `event`.
    pub object: &'static str,
    #[serde(rename = "type")]
    pub event_type: String,
    pub api_version: &'static str,
    /// Unix seconds.
    pub created: i64,
    pub created_at: String,
    pub livemode: bool,
    /// The connected account the event belongs to, when there is one.
    pub account: Option<String>,
    pub data: EventData,
}

#[derive(Serialize, ToSchema)]
pub struct EventData {
    /// The object as the API renders it at the time of the event: its
    /// `object` field says which.
    #[schema(schema_with = event_object_schema)]
    pub object: serde_json::Value,
}

/// The objects that events carry, by the names of their views in the
/// document, so that `data.object` is described as precisely as the object's
/// own endpoint describes it.
const EVENT_OBJECT_SCHEMAS: [&str; 8] = [
    "PaymentIntentView",
    "RefundView",
    "DisputeView",
    "CheckoutSessionView",
    "LinkView",
    "MoneyRequestView",
    "QrCodeView",
    "Verification",
];

fn event_object_schema() -> utoipa::openapi::Schema {
    let mut any_of = utoipa::openapi::schema::AnyOfBuilder::new().description(Some(
        "The object as the API renders it at the time of the event; its `object` field says which.",
    ));
    for name in EVENT_OBJECT_SCHEMAS {
        any_of = any_of.item(utoipa::openapi::Ref::from_schema_name(name));
    }
    utoipa::openapi::Schema::AnyOf(any_of.build())
}

pub fn render(event: Event) -> EventView {
    EventView {
        id: event.id,
        object: "event",
        event_type: event.event_type.as_str().to_string(),
        api_version: crate::http::system::API_VERSION,
        created: event.created_at_ms.div_euclid(1000),
        created_at: rfc3339(event.created_at_ms),
        livemode: event.mode.livemode(),
        account: event.account,
        data: EventData {
            object: event.object,
        },
    }
}

/// Emits `view` (an object as the API renders it) for `owner`; the event
/// carries `account` when the owner is a connected account.
pub fn emit_view<V: Serialize>(
    tx: &mut Tx<'_>,
    event_type: EventType,
    mode: Mode,
    owner: &str,
    view: &V,
) -> Result<(), ApiError> {
    let object = serde_json::to_value(view).map_err(ApiError::internal)?;
    let account = owner.starts_with("acct_").then_some(owner);
    emit(tx, event_type, mode, owner, account, object)?;
    Ok(())
}

/// Writes an event into the outbox, in the caller's transaction.
pub fn emit(
    tx: &mut Tx<'_>,
    event_type: EventType,
    mode: Mode,
    owner: &str,
    account: Option<&str>,
    object: serde_json::Value,
) -> Result<String, ApiError> {
    let event = Event {
        id: crate::ids::new_id("evt"),
        event_type,
        mode,
        owner: owner.to_string(),
        account: account.map(str::to_string),
        created_at_ms: tx.now_ms(),
        object,
    };
    crate::domain::resource::insert(tx, Family::Event, &event)?;
    crate::domain::webhooks::fan_out(tx, &event)?;
    Ok(event.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_event_type_is_catalogued_once_with_notes() {
        assert_eq!(EventType::ALL.len(), CATALOGUE.len());
        for event_type in EventType::ALL {
            let entries: Vec<_> = CATALOGUE
                .iter()
                .filter(|e| e.name == event_type.as_str())
                .collect();
            assert_eq!(entries.len(), 1, "{}", event_type.as_str());
            assert!(!entries[0].notes.is_empty() && !entries[0].emitted_when.is_empty());
            let serialized = serde_json::to_value(event_type).unwrap_or_default();
            assert_eq!(serialized, event_type.as_str());
        }
    }
}
