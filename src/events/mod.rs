//! Events: the catalogue of every type the gateway emits, the event as stored
//! and as rendered. Writing one (into the outbox, in the same transaction as
//! the change it describes, with its deliveries) is `domain::events`: it reads
//! the domain (the owner's account, the endpoints), which sits above this.
//!
//! Code can only emit an [`EventType`], and every variant is in [`CATALOGUE`]
//! with its receiver notes (a test checks), so an undocumented event cannot
//! be emitted. Each row also names the scope that reads its object (who may
//! see the event, [`access`]): a row without one does not compile, so no type
//! can fall through to a default that grants.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::mode::Mode;

pub mod access;
pub mod egress;
pub mod signing;

macro_rules! event_types {
    ($( $variant:ident => ($name:literal $(| $old:literal)*, $scope:literal, $when:literal, $notes:literal), )*) => {
        /// An event type. The variant names are stable; a renamed type keeps
        /// its former names as serde aliases, so that events and deliveries
        /// stored under them still decode (and filters written with them still match).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
        #[allow(clippy::enum_variant_names)] // refund, payout, ... events come with their issues
        pub enum EventType { $( #[serde(rename = $name $(, alias = $old)*)] $variant, )* }

        /// One row of `GET /webhook_events/types`.
        #[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
        pub struct CatalogueEntry {
            #[serde(rename = "type")]
            pub name: &'static str,
            /// Names the type had before (still accepted in filters).
            pub formerly: &'static [&'static str],
            /// When the event is emitted.
            pub emitted_when: &'static str,
            /// Rules for receivers.
            pub notes: &'static str,
        }

        pub const CATALOGUE: &[CatalogueEntry] = &[
            $( CatalogueEntry { name: $name, formerly: &[$($old),*], emitted_when: $when, notes: $notes }, )*
        ];

        impl EventType {
            pub const ALL: &'static [EventType] = &[ $( EventType::$variant, )* ];
            pub fn as_str(self) -> &'static str {
                match self { $( EventType::$variant => $name, )* }
            }
            /// The names this type had before a rename (issue 16), oldest first.
            pub fn formerly(self) -> &'static [&'static str] {
                match self { $( EventType::$variant => &[$($old),*], )* }
            }
            /// The scope that reads the object an event of this type
            /// carries (see [`access`]).
            pub fn read_scope(self) -> &'static str {
                match self { $( EventType::$variant => $scope, )* }
            }
        }
    };
}

/// Notes every receiver should follow, prefixed to each type's own.
const DEDUP: &str =
    "Deliveries are at least once: deduplicate by event id. Verify the signature before acting.";

event_types! {
    PaymentIntentCreated => ("payment_intent.created", "payment_intents:read", "A payment intent was created.", "Informational; do not ship goods on it."),
    PaymentIntentProcessing => ("payment_intent.processing", "payment_intents:read", "A wallet payment attempt started: the provider is working (status PROCESSING).", "Informational: the payment is not done yet."),
    PaymentIntentRequiresAction => ("payment_intent.requires_action", "payment_intents:read", "A payment attempt waits for the payer (a mobile-money prompt, a card challenge, a bank transfer): status REQUIRES_CUSTOMER_ACTION.", "Informational: the payment is not done yet; the payer must approve it (data.object.last_attempt says on which rail)."),
    PaymentIntentAttemptFailed => ("payment_intent.payment_failed" | "payment_intent.attempt_failed", "payment_intents:read", "A payment attempt failed (invalid_msisdn, provider_unavailable, declined); the intent is back to REQUIRES_PAYMENT_METHOD and the payer may retry, or FAILED when the failure is final.", "data.object.last_attempt.failure_reason says why. The intent may still succeed with a new attempt unless payment_intent.failed follows."),
    PaymentIntentFailed => ("payment_intent.failed", "payment_intents:read", "The intent failed for good (a non-retryable failure).", "Final: no further attempt will be made."),
    PaymentIntentAuthorised => ("payment_intent.authorised", "payment_intents:read", "Manual capture: the payer approved; the funds are held until captured or cancelled.", "Capture with POST /payment_intents/{id}/capture, or cancel to release the hold."),
    PaymentIntentCaptured => ("payment_intent.captured", "payment_intents:read", "Funds were captured (automatically on success, or by POST /capture).", "amount_received_minor is what was captured."),
    PaymentIntentSucceeded => ("payment_intent.succeeded", "payment_intents:read", "The intent was captured and paid; the net amount is in the pending balance.", "The money has not settled yet: ship goods on payment_intent.settled."),
    PaymentIntentAmbiguousHold => ("payment_intent.ambiguous_hold", "payment_intents:read", "The provider's outcome is unknown; the payment is parked in MANUAL_REVIEW.", "Do not ship and do not ask the payer to pay again until review resolves it."),
    PaymentIntentLatePayment => ("payment_intent.late_payment", "payment_intents:read", "A live provider confirmed a payment after its intent had closed (cancelled, expired, failed) or had been paid by another attempt: the money arrived and was credited to the suspense balance; data.object is the intent (its timeline says which attempt and how much).", "Do not ship on it: refund the payer or contact them; the amount stays in suspense_minor of GET /balance until then."),
    PaymentIntentLatePaymentRefunded => ("payment_intent.late_payment_refunded", "payment_intents:read", "A late payment (see payment_intent.late_payment) was paid back to the payer: it left the reserved balance to the rail; data.object is the intent (its late_payments entry is REFUNDED).", "Final for that late payment."),
    PaymentIntentLatePaymentRefundFailed => ("payment_intent.late_payment_refund_failed", "payment_intents:read", "The provider refused the refund of a late payment: its money is back in suspense and the late payment HELD again (late_payments[].refund_failure says why).", "Decide again: refund it again later, or release it."),
    PaymentIntentLatePaymentReleased => ("payment_intent.late_payment_released", "payment_intents:read", "The merchant kept a late payment: it moved from suspense to the available balance, net of the fees a capture takes (late_payments entry RELEASED).", "Final: the payer is not paid back by the gateway."),
    PaymentIntentCancelled => ("payment_intent.cancelled", "payment_intents:read", "The intent was cancelled before capture (an authorisation is voided).", "Final."),
    PaymentIntentExpired => ("payment_intent.expired", "payment_intents:read", "The intent expired before it was paid.", "Final."),
    PaymentIntentRefunded => ("payment_intent.refunded", "payment_intents:read", "A refund of the intent succeeded; amount_refunded_minor and refund_status changed.", "Partial refunds leave refund_status partially_refunded."),
    PaymentIntentDisputed => ("payment_intent.disputed", "payment_intents:read", "A dispute was opened on the intent's payment (sent with dispute.opened); data.object is the intent.", "The disputed amount is held until the dispute is decided: do not refund it."),
    RefundRequested => ("refund.created" | "refund.requested", "refunds:read", "A refund was created; its amount is reserved.", "The money has not left yet."),
    RefundApproved => ("refund.updated" | "refund.approved", "refunds:read", "A refund's status changed on its way (APPROVED: automatically below the threshold, or by a person).", "data.object.status says where it is; the outcome comes as refund.succeeded, refund.failed or refund.rejected."),
    RefundRejected => ("refund.rejected", "refunds:read", "A refund was rejected; its reservation was released.", "data.object.rejection says who and why."),
    RefundSucceeded => ("refund.succeeded", "refunds:read", "The refund was paid back to the payer.", "Final."),
    RefundFailed => ("refund.failed", "refunds:read", "The refund could not be executed; its reservation was released.", "data.object.failure_reason says why; a new refund may be requested."),
    // GET /checkout_sessions and GET /money_requests/{code} read with it.
    CheckoutSessionCompleted => ("checkout.session.completed" | "checkout_session.completed", "payment_intents:read", "The payment of a checkout session succeeded.", "Fulfil on payment_intent.settled of its payment_intent, or here if you accept settlement risk."),
    CheckoutSessionExpired => ("checkout.session.expired" | "checkout_session.expired", "payment_intents:read", "A checkout session expired (by request or by time); its intent was cancelled.", "Final."),
    // GET /payment_links needs payment_links:write: there is no read scope.
    PaymentLinkDeactivated => ("payment_link.deactivated", "payment_links:write", "A payment link was deactivated, or a single-use link was paid.", "data.object.inactive_reason says which."),
    MoneyRequestPaid => ("money_request.paid", "payment_intents:read", "The payer paid a money request.", "Final."),
    MoneyRequestCancelled => ("money_request.cancelled", "payment_intents:read", "The requester cancelled an unpaid money request.", "Final."),
    QrCodeCreated => ("qr_code.created", "qr_codes:read", "A static QR code was created for the merchant, a location or a terminal.", "Informational."),
    QrCodeRevoked => ("qr_code.revoked", "qr_codes:read", "A QR code was revoked (lost, stolen, tampered, replaced, retired); resolves now answer revoked.", "Take the printed code out of service."),
    DisputeCreated => ("dispute.opened" | "dispute.created", "disputes:read", "A dispute was opened on a payment; the amount moved to the disputed balance.", "Respond with evidence before evidence_due_at."),
    DisputeUpdated => ("dispute.updated", "disputes:read", "Evidence was submitted; the dispute is under review.", "Informational."),
    DisputeWon => ("dispute.won", "disputes:read", "The dispute was decided for the merchant; the amount returned to available.", "Final."),
    DisputeLost => ("dispute.lost", "disputes:read", "The dispute was lost (or the deadline passed without evidence); the amount left to the payer.", "Final."),
    // A verification is only made (POST /verifications), never listed.
    VerificationCompleted => ("verification.completed", "verifications:write", "A payment verification was answered (CONFIRMED, PENDING, AMBIGUOUS or NOT_FOUND).", "Only CONFIRMED means a ledger posting credited the merchant."),
    VerificationConfirmed => ("verification.confirmed", "verifications:write", "A payment verification found a ledger posting that credited the merchant (CONFIRMED); sent with verification.completed.", "data.object.matches names the payment; it may be trusted as paid."),
    PaymentIntentSettled => ("payment_intent.settled", "payment_intents:read", "The payment settled: the net amount moved from pending to available.", "This is the event to ship goods on, after verifying its signature."),
    WebhookEndpointDisabled => ("webhook_endpoint.disabled", "webhooks:manage", "The gateway disabled a webhook endpoint whose deliveries had failed continuously for 72 hours (at least 10 failed attempts in a row); sent to the owner's other endpoints.", "Fix the receiver, re-enable it with PATCH /webhook_endpoints/{id} {\"disabled\": false}, then replay what it missed (GET /events, POST /events/{id}/replay)."),
    TransferCreated => ("transfer.created", "transfers:read", "A wallet transfer was made; sent to the sender and to the recipient, each with its own direction.", "Informational: transfer.succeeded follows when the money has moved."),
    TransferSucceeded => ("transfer.succeeded", "transfers:read", "A wallet transfer moved the money: the recipient's available balance holds it.", "The recipient may use the money."),
    // payment.completed carries the settled offline promise.
    OfflinePromiseSettled => ("offline_promise.settled", "offline:read", "A synced offline promise settled: the payer's available balance paid the merchant's in one posting, and data.object.receipt is signed by the platform key; sent to the merchant and the payer.", "Final. The receipt verifies against GET /keys."),
    OfflinePromiseRejected => ("offline_promise.rejected", "offline:read", "A synced offline promise was rejected (data.object.reason says why, in the origin's order of checks); nothing moved, and restore_minor is what the payer's device gives back to its offline balance; sent to the merchant and the payer.", "Final: the promise's hash answers DUPLICATE already_rejected from now on."),
    PaymentCompleted => ("payment.completed", "offline:read", "A payment reached the merchant: sent to the merchant when an offline promise settles (data.object is the promise), as the origin does.", "The money is in the available balance."),
    PayoutCreated => ("payout.created", "payouts:read", "A payout was created (status PENDING): its amount moved from available to in transit and its fee was charged.", "Informational: the outcome comes as payout.succeeded, payout.failed or payout.needs_review."),
    PayoutProcessing => ("payout.processing", "payouts:read", "The rail accepted a payout and its outcome is pending (status PROCESSING); the gateway asks the rail again.", "Informational: the money is in transit."),
    PayoutSucceeded => ("payout.succeeded" | "payout.completed" | "payout.settled", "payouts:read", "A payout was paid (status PAID): the money reached the destination's rail. Endpoints subscribed to the origin's payout.completed or payout.settled receive this one event.", "Final."),
    PayoutFailed => ("payout.failed", "payouts:read", "A payout failed (status FAILED, data.object.failure_reason says why: invalid_account, provider_unavailable); its amount and fee returned to available.", "Final: create a new payout to try again."),
    PayoutNeedsReview => ("payout.needs_review", "payouts:read", "The rail could not say whether a payout was paid (status NEEDS_REVIEW); its money stays in transit until it is resolved.", "Do not pay the recipient again until the review resolves it."),
    PayoutBatchCreated => ("payout_batch.created", "payouts:read", "A payout batch was created from JSON rows or a CSV: every row validated, totals and fees computed; it awaits approval (PENDING_APPROVAL).", "Informational: nothing is paid before the batch is approved. data.object.counts, total_minor and fees_minor say what it would pay."),
    PayoutBatchCancelled => ("payout_batch.cancelled", "payouts:read", "A payout batch awaiting approval was cancelled; nothing was paid or reserved.", "Final."),
    PayoutBatchUpdated => ("payout_batch.updated", "payouts:read", "A row of a payout batch awaiting approval was fixed or excluded: its counts, totals, errors and editors are recomputed (PENDING_APPROVAL still).", "Informational: whoever fixed or excluded a row counts as a maker, so another member approves it."),
    RouteCreated => ("route.created", "routes:read", "A cross-border route was created (stage QUOTED): its figures are fixed; the funding follows at once from the wallet, or when its funding payment is paid.", "Informational: data.object.stage says where it is."),
    RouteFundingPending => ("route.funding_pending", "routes:read", "A route waits for its funding payment (FUNDING_PENDING): data.object.funding names the payment and where the payer pays it.", "Informational: route.funded follows when the payment is paid, route.expired if it is not paid in time."),
    RouteFunded => ("route.funded", "routes:read", "A route's money arrived (FUNDED): it is held in escrow for the route.", "Informational: the route proceeds by itself."),
    RouteFxReserved => ("route.fx_reserved", "routes:read", "A route's money was converted into the target currency at its rate (FX_RESERVED).", "Informational."),
    RouteInsufficientLiquidity => ("route.insufficient_liquidity", "routes:read", "A funded route waits: the payout currency's float cannot carry its payout now (INSUFFICIENT_LIQUIDITY).", "It may be cancelled (POST /routes/{id}/cancel); it expires after 48 hours and its money comes back."),
    RoutePayoutRouted => ("route.payout_routed", "routes:read", "A route's payout was made on the destination's rail, or its cash set aside for pickup with data.object.pickup_code (PAYOUT_ROUTED).", "Informational."),
    RoutePayoutSent => ("route.payout_sent", "routes:read", "The rail took a route's payout and answers later (PAYOUT_SENT): it can no longer be cancelled.", "Informational: route.settled or route.failed follows."),
    RouteEvidenceReceived => ("route.evidence_received", "routes:read", "The rail confirmed a route's payout (EVIDENCE_RECEIVED).", "Informational."),
    RouteVerifying => ("route.verifying", "routes:read", "A route's payout confirmation is being checked against its figures (VERIFYING).", "Informational."),
    RouteVerified => ("route.verified", "routes:read", "A route's payout matches its figures (VERIFIED).", "Informational: route.settled follows."),
    RouteSettled => ("route.settled", "routes:read", "A route is done (SETTLED): the recipient has the money; GET /routes/{id}/receipt gives the signed receipt.", "Final."),
    RouteMismatched => ("route.mismatched", "routes:read", "A route's payout confirmation disagrees with its figures (MISMATCHED); an operator reviews it.", "Do not pay the recipient again until it is resolved."),
    RouteManualReview => ("route.manual_review", "routes:read", "The rail cannot tell whether a route's payout was paid (MANUAL_REVIEW); the money stays in transit.", "Do not pay the recipient again until it is resolved."),
    RouteFailed => ("route.failed", "routes:read", "A route failed (FAILED): its funding or its payout failed; data.object.failure_reason says why, and what it held came back (returned_minor).", "Final."),
    RouteExpired => ("route.expired", "routes:read", "A route waited too long (EXPIRED: funding, liquidity or a pickup); what it held came back.", "Final."),
    RouteRefunded => ("route.refunded", "routes:read", "A route was cancelled before its payout (REFUNDED): what it held came back to the wallet; a card funding payment is refunded.", "Final."),
    RemittanceCreated => ("remittance.created", "remittances:read", "A remittance was created (pending); its route carries the money.", "Informational."),
    RemittanceCompleted => ("remittance.completed", "remittances:read", "A remittance reached its recipient (completed).", "Final."),
    RemittanceReadyForPickup => ("remittance.ready_for_pickup", "remittances:read", "A cash-pickup remittance waits at an agent behind data.object.pickup_code (ready_for_pickup).", "Give the recipient the pickup code."),
    RemittanceFailed => ("remittance.failed", "remittances:read", "A remittance's payout failed (failed); the money came back.", "Final."),
    RemittanceRefunded => ("remittance.refunded", "remittances:read", "A remittance was cancelled or expired before it was paid (refunded); the money came back.", "Final."),
    PayoutBatchApproved => ("payout_batch.approved", "payouts:read", "A payout batch was approved (by another team member, or its maker with PIN step-up): the rows it pays and their fees were reserved, and it executes (EXECUTING).", "Informational: payout_batch.executed, payout_batch.partial or payout_batch.failed follows; each row's payout sends its own payout.* events."),
    PayoutBatchExecuted => ("payout_batch.executed", "payouts:read", "A payout batch finished executing and none of its rows failed (EXECUTED); rows whose payout awaits review are counted in counts.needs_review.", "Final."),
    PayoutBatchPartial => ("payout_batch.partial", "payouts:read", "A payout batch finished executing with some rows paid and some FAILED (PARTIAL); what its run did not spend is back in available.", "Approve it again to retry the FAILED rows only."),
    PayoutBatchFailed => ("payout_batch.failed", "payouts:read", "A payout batch finished executing with no row paid and some FAILED (FAILED); what its run did not spend is back in available.", "Approve it again to retry the FAILED rows, or leave it."),
    SettlementCompleted => ("settlement.completed", "settlements:read", "A settlement cycle was paid (status PAID): its net reached the wallet's available balance or the payout's rail; its payments are marked SETTLED (each with payment_intent.settled).", "data.object is the cycle; its statement is at GET /settlement_cycles/{id}/statement."),
    SettlementFailed => ("settlement.failed", "settlements:read", "A settlement cycle was not paid (status FAILED): under the profile's minimum (its net carries into the next cycle), no FX rate for its settlement currency, or its payout failed (the money is in available).", "data.object.failure_reason says why."),
    AccountCreated => ("account.created", "accounts:read", "A platform created a connected account: the customer's organisation, its owner (no password yet) and its wallets.", "Send the customer a claim link (POST /accounts/{id}/account_links)."),
    AccountUpdated => ("account.updated", "accounts:read", "A platform changed a connected account's default application fee or metadata.", "Informational."),
    AccountClaimed => ("account.claimed", "accounts:read", "The customer opened the claim link and set a password: it logs in from now on and sees the platform in its team.", "Informational."),
    AccountDetached => ("account.detached", "accounts:read", "A platform detached a connected account: it no longer acts for it; the account, its keys and its money stay the customer's.", "Final for the platform: Service-Account with this account answers 403 account_detached."),
    PlanCreated => ("plan.created", "subscriptions:read", "A subscription plan was created (ACTIVE).", "Informational."),
    PlanArchived => ("plan.archived", "subscriptions:read", "A plan was archived: it takes no new subscriptions; existing ones continue.", "Informational."),
    SubscriptionCreated => ("subscription.created", "subscriptions:read", "A subscription was created: TRIALING with a trial, else INCOMPLETE until its first invoice is paid.", "Informational: subscription.updated follows each change of status."),
    SubscriptionUpdated => ("subscription.updated", "subscriptions:read", "A subscription changed: its status (ACTIVE, PAST_DUE, UNPAID), its period, or a cancel at period end was asked.", "data.object.status says where it is."),
    SubscriptionCancelled => ("subscription.cancelled", "subscriptions:read", "A subscription was cancelled: now (CANCELLED: by request, or its dunning ran out), or at its period end (cancel_at_period_end true; subscription.ended follows).", "data.object.cancellation says when and why."),
    SubscriptionEnded => ("subscription.ended", "subscriptions:read", "A subscription cancelled at period end reached it (ENDED).", "Final."),
    InvoiceCreated => ("invoice.created", "subscriptions:read", "An invoice was issued for a subscription's period (OPEN) and its collection started.", "Informational: invoice.paid or invoice.payment_failed follows."),
    InvoicePaid => ("invoice.paid", "subscriptions:read", "An invoice was paid (PAID): from the subscriber's wallet or by its payment request; the money is in the pending balance and settles like any payment.", "Final."),
    InvoicePaymentFailed => ("invoice.payment_failed", "subscriptions:read", "A collection attempt of an invoice failed (FAILED); data.object.next_attempt_at says when the next one runs (none after the last).", "The subscription is PAST_DUE until a later attempt or payment succeeds."),
    InvoiceVoided => ("invoice.voided", "subscriptions:read", "An invoice was voided (VOID): its subscription was cancelled, or its dunning ran out; nothing is owed.", "Final."),
    // GET /payments/{id} reads a switch payment.
    SwitchPaymentReceived => ("switch_payment.received", "payments:read", "A national-switch payment was accepted by the gateway (RECEIVED), with its PRINCIPAL_REQUESTED journal fact.", "Informational: switch_payment.ready or switch_payment.requires_action follows in the same commit."),
    SwitchPaymentRequiresAction => ("switch_payment.requires_action", "payments:read", "A national-switch payment waits for the payer's consent (REQUIRES_ACTION): none was sent, or it is older than 600 s.", "It expires 15 minutes after creation unless cancelled first."),
    SwitchPaymentReady => ("switch_payment.ready", "payments:read", "A national-switch payment's consent is valid and its submission waits in the outbox (READY).", "Informational: it can still be cancelled."),
    SwitchPaymentDispatching => ("switch_payment.dispatching", "payments:read", "A national-switch payment was handed to the switch (DISPATCHING): it can no longer be cancelled, and it is never sent twice.", "Informational."),
    SwitchPaymentPending => ("switch_payment.pending", "payments:read", "The switch acknowledged a national-switch payment (PENDING).", "Informational."),
    SwitchPaymentAuthorized => ("switch_payment.authorized", "payments:read", "The payer's institution authorized a national-switch payment (AUTHORIZED).", "Informational: switch_payment.completed follows when the merchant is credited."),
    SwitchPaymentUnknown => ("switch_payment.unknown", "payments:read", "A national-switch payment's submission got no answer after it may have been sent (UNKNOWN); an inquiry follows, never a resend.", "Do not ask the payer to pay again: the inquiry completes or rejects it."),
    SwitchPaymentCompleted => ("switch_payment.completed", "payments:read", "A national-switch payment completed (COMPLETED): the merchant's available balance was credited.", "Final. Fulfil the order."),
    SwitchPaymentRejected => ("switch_payment.rejected", "payments:read", "A national-switch payment was rejected by the switch or the payer's institution, or an inquiry found the switch never received it (REJECTED); data.object.failure_reason says why.", "Final: nothing was taken from the payer."),
    SwitchPaymentExpired => ("switch_payment.expired", "payments:read", "A national-switch payment was not sent to the switch within 15 minutes (EXPIRED).", "Final."),
    SwitchPaymentCancelled => ("switch_payment.cancelled", "payments:read", "A national-switch payment was cancelled before it was sent to the switch (CANCELLED).", "Final."),
    ReconciliationMismatch => ("reconciliation.mismatch", "reconciliation:read", "A live rail's transaction report and the gateway's rail requests disagree (missing, extra or mismatched lines; docs/rails.md).", "Investigate each listed reference with the provider; nothing was changed by the reconciliation."),
    // Quotes have no read operation; paying one is diaspora:write.
    DiasporaQuotePaid => ("diaspora_quote.paid", "diaspora:write", "A diaspora quote was paid (PAID): the payer's wallet paid the institution for the quote's purpose; sent to the payer and to the institution's organisation.", "Final. data.object.lock names the institution, purpose and reference the money was locked to."),
    DiasporaQuoteExpired => ("diaspora_quote.expired", "diaspora:write", "A diaspora quote was not paid before its expires_at (EXPIRED).", "Final: ask for a new quote."),
    TestClockAdvancing => ("test_clock.advancing", "test_clocks:read", "A test clock started an advance: the sandbox's timers due up to the new time fire in due order.", "Sandbox only. Wait for test_clock.ready before acting on the sandbox."),
    TestClockReady => ("test_clock.ready", "test_clocks:read", "A test clock finished an advance: every timer due up to its new frozen_time has fired, with its events.", "Sandbox only. The sandbox's now is the clock's frozen_time."),
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

/// The version of the API: what `GET /status` answers, the `api_version`
/// every event carries and every webhook endpoint is pinned to.
pub const API_VERSION: &str = "2026-09-01";

/// The layout version of [`EventView`] (origin behaviour section 6).
pub const SCHEMA_VERSION: u32 = 1;

/// An event as clients and webhook receivers see it.
#[derive(Serialize, ToSchema)]
pub struct EventView {
    pub id: String,
    /// Always `event`.
    pub object: &'static str,
    #[serde(rename = "type")]
    pub event_type: String,
    /// The same as `type`, under the origin's name for it.
    pub event: String,
    pub api_version: &'static str,
    /// The layout version of this envelope: 1.
    pub schema_version: u32,
    /// Unix seconds.
    pub created: i64,
    pub created_at: String,
    /// When the change happened: the event commits with it, so the same as `created_at`.
    pub occurred_at: String,
    /// When this copy was sent: the attempt's time in a webhook delivery (it
    /// changes between retries, like the signatures' `t`); `occurred_at` in `GET /events`.
    pub emitted_at: String,
    pub livemode: bool,
    /// The connected account the event belongs to, when there is one.
    pub account: Option<String>,
    /// The object the event is about, as in `data.object`.
    pub resource: ResourceRef,
    pub data: EventData,
}

#[derive(Serialize, ToSchema)]
pub struct ResourceRef {
    /// `data.object.object`: `payment_intent`, `refund`, ...
    #[serde(rename = "type")]
    pub resource_type: String,
    /// Its id (a money request's code).
    pub id: String,
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
const EVENT_OBJECT_SCHEMAS: &[&str] = &[
    "PaymentIntentView",
    "ReconciliationReportView",
    "RefundView",
    "DisputeView",
    "CheckoutSessionView",
    "LinkView",
    "MoneyRequestView",
    "QrCodeView",
    "Verification",
    "EndpointView",
    "TestClockView",
    "TransferView",
    "PayoutView",
    "BatchView",
    "RouteView",
    "RemittanceView",
    "SettlementCycleView",
    "AccountView",
    "OfflinePromiseView",
    "PlanView",
    "SubscriptionView",
    "InvoiceView",
    "SwitchPaymentView",
    "DiasporaQuoteView",
];

fn event_object_schema() -> utoipa::openapi::Schema {
    let mut any_of = utoipa::openapi::schema::AnyOfBuilder::new().description(Some(
        "The object as the API renders it at the time of the event; its `object` field says which.",
    ));
    for name in EVENT_OBJECT_SCHEMAS {
        any_of = any_of.item(utoipa::openapi::Ref::from_schema_name(*name));
    }
    utoipa::openapi::Schema::AnyOf(any_of.build())
}

/// True when an endpoint filter (`*`, an exact type, or a family such as
/// `payment_intent.*`) takes `event_type`, by its name or a former one, so
/// that filters written before a rename keep matching.
pub fn filter_matches(filter: &str, event_type: EventType) -> bool {
    std::iter::once(event_type.as_str())
        .chain(event_type.formerly().iter().copied())
        .any(|name| name_matches(filter, name))
}

fn name_matches(filter: &str, name: &str) -> bool {
    filter == "*"
        || filter == name
        || filter.strip_suffix(".*").is_some_and(|prefix| {
            name.strip_prefix(prefix)
                .is_some_and(|rest| rest.starts_with('.'))
        })
}

/// An exact filter naming a renamed type, given its current name; any other
/// filter unchanged (`checkout_session.*` stays, and matches by former names).
pub fn current_filter(filter: &str) -> String {
    EventType::ALL
        .iter()
        .find(|t| t.formerly().contains(&filter))
        .map_or_else(|| filter.to_string(), |t| t.as_str().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The event is stored byte for byte as when its object was serialized
    /// on its own and the envelope around it, and the object's place in it
    /// is the object's bytes.
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

    #[test]
    fn former_names_decode_to_the_renamed_types_and_name_no_current_type() {
        let renamed = [
            (
                "refund.requested",
                EventType::RefundRequested,
                "refund.created",
            ),
            (
                "refund.approved",
                EventType::RefundApproved,
                "refund.updated",
            ),
            (
                "checkout_session.completed",
                EventType::CheckoutSessionCompleted,
                "checkout.session.completed",
            ),
            (
                "checkout_session.expired",
                EventType::CheckoutSessionExpired,
                "checkout.session.expired",
            ),
            (
                "dispute.created",
                EventType::DisputeCreated,
                "dispute.opened",
            ),
            (
                "payment_intent.attempt_failed",
                EventType::PaymentIntentAttemptFailed,
                "payment_intent.payment_failed",
            ),
        ];
        for (old, variant, current) in renamed {
            let decoded: EventType = serde_json::from_value(serde_json::json!(old)).expect(old);
            assert_eq!((decoded, decoded.as_str()), (variant, current));
            assert_eq!(current_filter(old), current);
        }
        for event_type in EventType::ALL {
            for old in event_type.formerly() {
                assert!(CATALOGUE.iter().all(|e| e.name != *old), "{old} is current");
            }
        }
        assert_eq!(current_filter("checkout_session.*"), "checkout_session.*");
    }
}
