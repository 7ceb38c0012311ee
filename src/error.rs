//! The one catalogue of API errors: every error the gateway answers with is a
//! [`Code`] here, carrying its HTTP status and its stable `bp` number.
//!
//! The wire shape is the flat object of spec section 7:
//! `{"code": "...", "bp": "BP-2001", "message": "...", "param": "amount_minor"}`
//! (`param` only when one request field is at fault), with the same error
//! nested as the origin answered it: `"error": {code, bp, message, details}`.
//! BP numbers are the origin's catalogue where it has the code (numbers it
//! freed are never reused: 1013, 1016, 2015). `docs/errors.md` lists the
//! catalogue; a unit test keeps the two in step.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

macro_rules! catalogue {
    ($( $variant:ident => ($name:literal, $status:literal, $bp:literal, $doc:literal), )*) => {
        /// Stable error codes. The string form is what clients match on.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Code { $( $variant, )* }

        impl Code {
            #[cfg(test)]
            pub const ALL: &'static [Code] = &[ $( Code::$variant, )* ];

            pub fn as_str(self) -> &'static str {
                match self { $( Code::$variant => $name, )* }
            }
            pub fn status(self) -> u16 {
                match self { $( Code::$variant => $status, )* }
            }
            pub fn bp(self) -> &'static str {
                match self { $( Code::$variant => $bp, )* }
            }
            /// When the code is answered, for `docs/errors.md`.
            #[cfg(test)]
            pub fn when(self) -> &'static str {
                match self { $( Code::$variant => $doc, )* }
            }
        }
    };
}

catalogue! {
    // BP-1xxx authentication and authorisation.
    Unauthorized => ("unauthorized", 401, "BP-1001", "No API key, or a malformed Authorization header."),
    InvalidApiKey => ("invalid_api_key", 401, "BP-1019", "The API key does not exist or was revoked."),
    ScopeDenied => ("scope_denied", 403, "BP-1006", "The key lacks the scope the operation needs (spec section 5 scope table)."),
    DeviceTaken => ("device_taken", 403, "BP-1032", "The offline device id is registered already (device ids are each organisation's own): rotating its key needs rotation_signature, the new key signed by a current key of the device; or register the device under a new id."),
    SessionRequired => ("session_required", 403, "BP-1011", "The operation is for a logged-in team member's session, not an API key."),
    AccountNotConnected => ("account_not_connected", 403, "BP-1012", "No longer answered: another platform's account gets `account_unavailable`, as an unknown one does (decision 292). Kept so the code and its number are never reused."),
    InvalidCredentials => ("invalid_credentials", 401, "BP-1002", "Login failed: unknown email, wrong password, or a disabled member (the answer does not say which)."),
    SessionExpired => ("session_expired", 401, "BP-1014", "The session token expired (idle or absolute lifetime), was logged out, or its member was disabled; log in again."),
    BackupUnavailable => ("backup_unavailable", 409, "BP-6060", "No backup was taken: an ephemeral gateway keeps nothing on disk, or another backup is being written; retry when it ends."),
    RoleDenied => ("role_denied", 403, "BP-1015", "The team member's role does not permit the operation (see the role table in docs/team.md)."),
    StepUpRequired => ("step_up_required", 403, "BP-1010", "The operation needs step-up: send the member's PIN in the `pin` field (a wrong PIN gets this answer too)."),
    IpNotAllowed => ("ip_not_allowed", 403, "BP-1017", "The API key has an IP allowlist that does not include the client's address."),
    LivemodeForbidden => ("livemode_forbidden", 403, "BP-1020", "The operation exists in test mode only (test clocks); use a test key."),
    OrganisationDisabled => ("organisation_disabled", 403, "BP-1021", "The organisation is disabled: its keys and sessions no longer work."),
    OperatorRequired => ("operator_required", 403, "BP-1022", "The operation is for the owners of the instance's own organisation (the gateway's operator)."),
    TooManyAttempts => ("too_many_attempts", 429, "BP-1018", "Too many failed logins or PIN attempts: locked for 15 minutes after 5 failures."),
    // BP-2xxx validation and request conflicts.
    PayloadTooLarge => ("payload_too_large", 413, "BP-2000", "The request body exceeds the size limit."),
    ValidationError => ("validation_error", 400, "BP-2001", "A field is missing, of the wrong type, unknown, or out of range; `param` names it."),
    InvalidAmount => ("invalid_amount", 400, "BP-2003", "An amount is not a positive integer in minor units, or exceeds its bound."),
    InvalidJson => ("invalid_json", 400, "BP-2004", "The body is not valid JSON, or not a JSON object."),
    IdempotencyKeyReused => ("idempotency_key_reused", 409, "BP-2005", "The Idempotency-Key was used before with a different body or on a different endpoint."),
    LatePaymentNotFound => ("late_payment_not_found", 404, "BP-2006", "The payment intent has no late payment of that id (`late_payments` of the intent lists them)."),
    IntentNotFound => ("intent_not_found", 404, "BP-2006", "No such payment intent is visible to this key (nor to this client secret)."),
    RefundNotFound => ("refund_not_found", 404, "BP-2006", "No such refund is visible to this key."),
    DisputeNotFound => ("dispute_not_found", 404, "BP-2006", "No such dispute is visible to this key."),
    CheckoutSessionNotFound => ("checkout_session_not_found", 404, "BP-2006", "No such checkout session is visible to this key."),
    PaymentLinkNotFound => ("payment_link_not_found", 404, "BP-2006", "No such payment link is visible to this key."),
    MoneyRequestNotFound => ("money_request_not_found", 404, "BP-2006", "No such money request is visible to this key."),
    QrCodeNotFound => ("qr_code_not_found", 404, "BP-2006", "No such QR code is visible to this key."),
    LocationNotFound => ("location_not_found", 404, "BP-2006", "No such location is visible to this key."),
    TerminalNotFound => ("terminal_not_found", 404, "BP-2006", "No such terminal is visible to this key."),
    WebhookEndpointNotFound => ("webhook_endpoint_not_found", 404, "BP-2006", "No such webhook endpoint is visible to this key."),
    WebhookDeliveryNotFound => ("webhook_delivery_not_found", 404, "BP-2006", "No such webhook delivery is visible to this key."),
    EventNotFound => ("event_not_found", 404, "BP-2006", "No such event is visible to this key."),
    TransactionNotFound => ("transaction_not_found", 404, "BP-2006", "No such ledger transaction is visible to this key."),
    BankReferenceNotFound => ("bank_reference_not_found", 404, "BP-2006", "No bank transfer of this key's organisation waits under the reference (`POST /sandbox/bank_credits`)."),
    KeyNotFound => ("key_not_found", 404, "BP-2006", "No such API key in this organisation, or it is revoked."),
    MemberNotFound => ("member_not_found", 404, "BP-2006", "No such team member in this organisation."),
    TestClockNotFound => ("test_clock_not_found", 404, "BP-2006", "No such test clock is visible to this key."),
    OrganisationNotFound => ("organisation_not_found", 404, "BP-2006", "No such organisation."),
    TransferNotFound => ("transfer_not_found", 404, "BP-2006", "No such transfer is visible to this key (its sender and its recipient see it)."),
    FxQuoteNotFound => ("fx_quote_not_found", 404, "BP-2006", "No such FX quote is visible to this key (also for a `quote_id` sent to a transfer or a route)."),
    PayoutNotFound => ("payout_not_found", 404, "BP-2006", "No such payout is visible to this key."),
    OperatorNotFound => ("operator_not_found", 404, "BP-2006", "A payout's `destination.operator_id` names no mobile-money operator of this gateway (`mpesa_cd`, `airtel_cd`, `orange_cd`, `africell_cd`, ...)."),
    BankAccountNotFound => ("bank_account_not_found", 404, "BP-2006", "A payout's `destination.bank_account_id` names no saved bank account of the caller (this gateway keeps none: send the bank fields instead)."),
    PayoutBatchNotFound => ("payout_batch_not_found", 404, "BP-2006", "No such payout batch is visible to this key."),
    PayoutBatchRowNotFound => ("payout_batch_row_not_found", 404, "BP-2006", "The payout batch has no row of that number (rows are numbered from 1, in line order; `counts.rows` is the last)."),
    SettlementProfileNotFound => ("settlement_profile_not_found", 404, "BP-2006", "No such settlement profile is visible to this key."),
    SettlementCycleNotFound => ("settlement_cycle_not_found", 404, "BP-2006", "No such settlement cycle is visible to this key."),
    SwitchPaymentNotFound => ("switch_payment_not_found", 404, "BP-2006", "No such national-switch payment (pay_...) is visible to this key."),
    DiasporaQuoteNotFound => ("diaspora_quote_not_found", 404, "BP-2006", "No such diaspora quote (dq_...) is visible to this key."),
    InstitutionNotFound => ("institution_not_found", 404, "BP-2006", "A diaspora quote's `institution` names no verified institution of the directory (GET /institutions)."),
    RouteNotFound => ("route_not_found", 404, "BP-2008", "No operation at this path, or (`GET /routes/{id}`, its receipt, its cancel) no such cross-border route is visible to this key."),
    AgentNotFound => ("agent_not_found", 404, "BP-2006", "`POST /ai/{agent}` names no agent of this gateway; `details.agents` lists the canonical names (RouteOptimiser, FraudScorer, SavingsAdvisor), which are accepted in any case, as are their keys and the origin's aliases."),
    AgentRunNotFound => ("run_not_found", 404, "BP-2006", "No such agent run is visible to this key."),
    CreditConsentNotFound => ("credit_consent_not_found", 404, "BP-2006", "No credit-readiness consent has this code (or id) in this mode."),
    MethodNotAllowed => ("method_not_allowed", 405, "BP-2009", "The path exists but not with this HTTP method."),
    IdempotencyKeyRequired => ("idempotency_key_required", 400, "BP-2010", "The operation requires an Idempotency-Key header."),
    InvalidIdempotencyKey => ("invalid_idempotency_key", 400, "BP-2011", "The Idempotency-Key is empty, longer than 200 characters, or not printable ASCII."),
    InvalidCurrency => ("invalid_currency", 400, "BP-2012", "The currency is not an ISO 4217 code this gateway knows."),
    AccountDetached => ("account_detached", 403, "BP-1030", "The connected account was detached: its platform no longer acts for it (Service-Account, PATCH, claim links); the account stays the customer's."),
    AccountUnavailable => ("account_unavailable", 403, "BP-1031", "The Service-Account header names no account this key may act for: unknown, of the other mode, or another platform's (one answer for all three, decision 292); or the platform's own account whose organisation is disabled."),
    AccountHeaderNotAllowed => ("account_header_not_allowed", 400, "BP-2185", "The /accounts operations manage the platform's own accounts: they take no Service-Account header."),
    InvalidAccountType => ("invalid_account_type", 400, "BP-2186", "A connected account's `type` is one of merchant, corporate, ngo, government, developer."),
    ContactRequired => ("contact_required", 400, "BP-2187", "A connected account needs an `email`: the customer claims the account and logs in with it."),
    InvalidApplicationFee => ("invalid_application_fee", 400, "BP-2188", "`application_fee_bps` is from 0 to 5000."),
    WeakPassword => ("weak_password", 400, "BP-2189", "The password chosen on a claim page is shorter than 12 characters (or longer than 256)."),
    ClaimLinkInvalid => ("claim_link_invalid", 404, "BP-2190", "The claim link was used, replaced by a newer one, or expired (7 days), or never existed: ask the platform for a new one."),
    ApplicationFeeRequiresAccount => ("application_fee_requires_account", 400, "BP-2191", "`application_fee_minor` is the platform's fee on a connected account's payment: send it with a Service-Account header."),
    AccountNotFound => ("account_not_found", 404, "BP-2006", "No such connected account of this platform (another platform's answers the same)."),
    InvalidServiceAccount => ("invalid_service_account", 400, "BP-2013", "The Service-Account header is not a connected account id (acct_...)."),
    UnknownAccountHeader => ("unknown_account_header", 400, "BP-2540", "A write names a connected account (acct_...) in a `<Brand>-Account` header this gateway does not read: without `--header-prefix <Brand>` it would act on the platform's own books, so nothing was written (docs/migrating.md)."),
    UnsupportedMediaType => ("unsupported_media_type", 415, "BP-2014", "A request body was sent without Content-Type: application/json."),
    RateLimited => ("rate_limited", 429, "BP-6005", "Too many requests from this client address to a public operation (POST /resolve); wait for Retry-After seconds."),
    RequestTimeout => ("request_timeout", 408, "BP-2016", "The request body did not arrive within the body timeout (`paygate serve --body-timeout-secs`); nothing was written and the connection is closed."),
    CriteriaRequired => ("criteria_required", 400, "BP-2017", "A payment resolution or verification names neither a reference nor an msisdn with amount_minor, so nothing could be matched."),
    InvalidIntentTransition => ("invalid_intent_transition", 409, "BP-2101", "The payment intent's status does not allow this operation."),
    IntentNotAuthorised => ("intent_not_authorised", 409, "BP-2102", "Capture needs an AUTHORISED intent with capture_method manual."),
    CaptureExceedsAuthorisation => ("capture_exceeds_authorisation", 409, "BP-2103", "The capture amount is larger than the authorised amount."),
    AttemptInFlight => ("attempt_in_flight", 409, "BP-2104", "A payment attempt is already running on this intent."),
    IntentExpired => ("intent_expired", 409, "BP-2105", "The payment intent expired."),
    IntentClosed => ("intent_closed", 409, "BP-2106", "The payment intent is in a final state."),
    OperatorNotAllowed => ("operator_not_allowed", 409, "BP-2107", "The operator is not among the intent's allowed_operators."),
    EndpointLimit => ("endpoint_limit", 409, "BP-2109", "The account already has the most webhook endpoints allowed (16) in this mode."),
    DeviceLimit => ("device_limit", 409, "BP-2208", "The organisation already has the most offline devices allowed (1,000) in this mode; rotate an existing device's key instead."),
    EndpointDisabled => ("endpoint_disabled", 409, "BP-2108", "The webhook endpoint is disabled; enable it (PATCH disabled=false) before replaying to it."),
    RefundExceedsRefundable => ("refund_exceeds_refundable", 409, "BP-2110", "The refund is more than the refundable amount (captured − refunded − reserved)."),
    NotRefundable => ("not_refundable", 409, "BP-2111", "The payment intent has not been captured, so there is nothing to refund."),
    RefundNotRejectable => ("refund_not_rejectable", 409, "BP-2112", "Only REQUESTED or APPROVED refunds can be rejected."),
    InvalidRefundTransition => ("invalid_refund_transition", 409, "BP-2113", "The refund's status does not allow this operation."),
    SessionNotOpen => ("session_not_open", 409, "BP-2117", "The checkout session is complete or expired."),
    LinkInactive => ("link_inactive", 409, "BP-2118", "The payment link was deactivated or, single-use, already paid."),
    RequestNotPending => ("request_not_pending", 409, "BP-2119", "The money request is paid, cancelled or expired (all final)."),
    NotDisputable => ("not_disputable", 409, "BP-2114", "The payment was not received, or the amount is more than what is left to dispute."),
    InvalidDisputeTransition => ("invalid_dispute_transition", 409, "BP-2115", "The dispute's status does not allow this operation."),
    EvidenceDeadlinePassed => ("evidence_deadline_passed", 409, "BP-2116", "The dispute's evidence deadline has passed."),
    MemberExists => ("member_exists", 409, "BP-2120", "A team member with this email already exists."),
    LastOwner => ("last_owner", 409, "BP-2121", "The change would leave the organisation without an active owner."),
    TestClockAdvancing => ("test_clock_advancing", 409, "BP-2123", "The test clock is advancing: wait until its status is ready before advancing, attaching, detaching or deleting it."),
    TestClockAdvanceTooLarge => ("test_clock_advance_too_large", 422, "BP-2124", "One advance may move a test clock two years and fire 10,000 timers at most; nothing changed: advance in smaller steps."),
    OrganisationExists => ("organisation_exists", 409, "BP-2125", "The tag, phone or e-mail belongs to another organisation; `param` names it."),
    RecipientNotFound => ("recipient_not_found", 400, "BP-2126", "A transfer's `to` names no organisation of this gateway (id, @tag, phone or e-mail)."),
    SelfTransfer => ("self_transfer", 400, "BP-2127", "A transfer to the sender itself."),
    QrCodeRevoked => ("qr_code_revoked", 409, "BP-2122", "The QR code is already revoked."),
    QuoteUsed => ("quote_used", 409, "BP-2130", "The FX quote was taken by a transfer or a route already; a quote is honoured once: ask for a new one."),
    QuoteExpired => ("quote_expired", 409, "BP-2131", "The FX quote's expiry (120 s after it was made, on the sandbox's clock in test mode) has passed: ask for a new one."),
    BatchTooLarge => ("batch_too_large", 413, "BP-2150", "A payout batch has more than 5,000 rows, or its CSV more than 1 MiB; nothing was stored: split it into several batches."),
    ReconciliationStatementNotFound => ("reconciliation_statement_not_found", 404, "BP-2420", "No such reconciliation statement (rst_...) is visible to this key."),
    InvalidStatement => ("invalid_statement", 400, "BP-2422", "A reconciliation statement's CSV cannot be read (no header, a missing or repeated column, no lines, or a line whose reference, amount, currency, date or status cannot be read: the message names its line and column); nothing was stored."),
    StatementTooLarge => ("statement_too_large", 413, "BP-2421", "A reconciliation statement has more than 50,000 lines or 8 MiB (through the API, the 1 MiB request body bound comes first); nothing was stored: split it by date."),
    InvalidCsv => ("invalid_csv", 400, "BP-2151", "A payout batch's CSV cannot be read as a whole (no header, an unknown or repeated column, no rows); nothing was stored. Errors of single rows are reported on the rows instead."),
    PayoutBatchNotCancellable => ("payout_batch_not_cancellable", 409, "BP-2152", "Only a payout batch PENDING_APPROVAL can be cancelled."),
    InvalidStageTransition => ("invalid_stage_transition", 409, "BP-2160", "The route's stage does not allow this (a cancel after its payout left, or once it is final); `details.stage` names the stage."),
    PayoutInProgress => ("payout_in_progress", 409, "BP-2161", "The route's payout is being executed (PAYOUT_SENT): it cannot be cancelled; its outcome settles it or returns the money."),
    RouteNotSettled => ("route_not_settled", 409, "BP-2162", "A route's receipt is issued once the route is SETTLED; `details.stage` names its stage."),
    CashPickupWalletOnly => ("cash_pickup_wallet_only", 400, "BP-2163", "A cash-pickup remittance is funded from the wallet only: leave `source` out."),
    InvalidQr => ("invalid_qr", 400, "BP-2164", "A route's `destination.data` names no merchant of this gateway (see what it is with POST /resolve)."),
    PayoutBatchNotApprovable => ("payout_batch_not_approvable", 409, "BP-2153", "Only a payout batch PENDING_APPROVAL, PARTIAL or FAILED can be approved (an EXECUTING one is being paid: a second approval gets this), at most 10 times."),
    PayoutBatchNotReady => ("payout_batch_not_ready", 422, "BP-2154", "The payout batch has invalid rows and was not made with skip_invalid, or no row left to pay; nothing moved."),
    PayoutBatchNotEditable => ("payout_batch_not_editable", 409, "BP-2155", "A payout batch's rows are fixed or excluded only while it is PENDING_APPROVAL, and an excluded (SKIPPED) row stays excluded; `param` is `row` for the row's own status. Nothing changed."),
    OrderAlreadyExists => ("order_already_exists", 409, "BP-2200", "The merchant already has a national-switch payment for this merchant_order_id (IDM-002); `details.payment_id` names it."),
    PaymentNotCancellable => ("payment_not_cancellable", 409, "BP-2201", "A national-switch payment can be cancelled only before it is sent to the switch (RECEIVED, REQUIRES_ACTION, READY); `details.status` names its status."),
    InputNotAllowed => ("input_not_allowed", 400, "BP-2202", "A national-switch payment names its rail, route, sponsor, access mode, exemption, connection, switch, bypass or currency override: the gateway computes the route itself; `param` names the field."),
    InvalidPurpose => ("invalid_purpose", 400, "BP-2203", "A diaspora quote's `purpose_code` is not a purpose code of GET /diaspora/rate-cards."),
    NoRateCard => ("no_rate_card", 422, "BP-2204", "No live rate card carries the diaspora quote's currency pair (GET /diaspora/rate-cards)."),
    RateCardExpired => ("rate_card_expired", 409, "BP-2205", "The rate card a diaspora quote names is past its valid_until, or superseded by a new rate: read the cards again."),
    BelowMinimum => ("below_minimum", 422, "BP-2206", "A diaspora quote's source amount is below the rate card's min_source_minor."),
    AboveMaximum => ("above_maximum", 422, "BP-2207", "A diaspora quote's source amount is above the rate card's max_source_minor."),
    FxRateUnavailable => ("fx_rate_unavailable", 422, "BP-2132", "No rate of this mode converts the pair (directly, inversely or through USD); an operator sets one (`paygate fx set-rate`, `PUT /fx/rates/{pair}`)."),
    // BP-3xxx ledger.
    InsufficientFunds => ("insufficient_funds", 422, "BP-3001", "A balance that must not go negative would go negative."),
    LimitExceeded => ("limit_exceeded", 422, "BP-3003", "The transfer is above the organisation's per-transfer limit."),
    DailyLimitExceeded => ("daily_limit_exceeded", 422, "BP-3004", "The transfer would take the organisation's transfers of the day past its daily limit."),
    RecipientInactive => ("recipient_inactive", 422, "BP-3011", "The recipient organisation is disabled and cannot receive money."),
    VerificationQuotaExhausted => ("verification_quota_exhausted", 402, "BP-3009", "The free verifications of the month are used and the available balance cannot pay for another."),
    CycleNotPayable => ("cycle_not_payable", 409, "BP-3008", "Only a CLOSED settlement cycle can be paid (an OPEN one is closed first by POST /settlement_cycles; PAYING, PAID, FAILED and SKIPPED are past paying)."),
    CycleNotClosed => ("cycle_not_closed", 409, "BP-3020", "The settlement cycle's period is still running (OPEN): its statement exists once it is closed."),
    SettlementProfilesFull => ("settlement_profiles_full", 422, "BP-3021", "The organisation has the most settlement profiles allowed (50) in this mode; update an existing one (same rail and currency) instead."),
    GuardianHalt => ("guardian_halt", 503, "BP-3006", "The ledger invariant check failed; money movement is halted until an operator clears it. Reads keep working."),
    // BP-4xxx rails.
    PayoutUnavailable => ("payout_unavailable", 422, "BP-4001", "The payout's operator does not pay out in this currency; nothing moved."),
    RailNotConfigured => ("rail_not_configured", 422, "BP-4006", "A live-mode attempt or payout on a rail with no configured connector; nothing moved."),
    RailUnavailable => ("rail_unavailable", 422, "BP-4050", "Live mode: every provider that carries the attempt or payout has its circuit open (it failed repeatedly); try another operator or later. Nothing moved."),
    RailUnknown => ("rail_unknown", 404, "BP-4051", "No live connector has that name; the rails are mtn_momo, airtel_money and flutterwave."),
    LatePaymentNotHeld => ("late_payment_not_held", 409, "BP-4053", "The late payment is being refunded, or was refunded or released already (final): a late payment is refunded or released once, from HELD."),
    LatePaymentNotRefundable => ("late_payment_not_refundable", 422, "BP-4054", "The late payment has no way back to its payer through the gateway (no payer number, no card charge known at the provider): release it and refund the payer outside the gateway. Nothing moved."),
    CallbackUnauthenticated => ("callback_unauthenticated", 401, "BP-4052", "A provider callback whose signature or hash does not match the configured secret; nothing was read from it."),
    PayoutCurrencyUnavailable => ("payout_currency_unavailable", 422, "BP-4007", "The recipient cannot be paid in the route's target currency now (`details.reasons`: currency_disabled, operator_cannot_pay, no_fx_approval, no_rate, insufficient_liquidity); see POST /routes/payout-currencies. Nothing moved."),
    // BP-5xxx compliance (the origin's numbers where it has the code).
    MonthlyLimitExceeded => ("monthly_limit_exceeded", 422, "BP-5006", "The corridor's monthly limit per organisation (calendar month, UTC, on the sandbox's clock in test mode) would be passed; nothing moved."),
    CorridorSuspended => ("corridor_suspended", 403, "BP-5014", "The currency pair's corridor is suspended by the operator, or its live licence expired; nothing moved."),
    CorridorNotLive => ("corridor_not_live", 403, "BP-5015", "Live mode: no live corridor with a complete, unexpired licence carries the currency pair (docs/routes.md); nothing moved."),
    CorridorLimit => ("corridor_limit", 422, "BP-5016", "The amount is above the corridor's per-transfer limit; nothing moved."),
    SourceOfFundsRequired => ("source_of_funds_required", 400, "BP-5017", "A route worth USD 5,000 or more states its `source_of_funds`."),
    PurposeNotAllowed => ("purpose_not_allowed", 422, "BP-5018", "The corridor requires a `purpose`, or carries only some purposes and not this one; nothing moved."),
    PlanNotFound => ("plan_not_found", 404, "BP-2006", "No such plan is visible to this key (by id or code)."),
    SubscriptionNotFound => ("subscription_not_found", 404, "BP-2006", "No such subscription is visible to this key."),
    PlanCodeTaken => ("plan_code_taken", 409, "BP-2170", "Another plan of this gateway has this code (codes name the hosted page `/subscribe/{code}`): choose another."),
    PlanArchived => ("plan_archived", 409, "BP-2171", "The plan is archived: it takes no new subscriptions (existing ones continue)."),
    AlreadySubscribed => ("already_subscribed", 409, "BP-2172", "The customer already has a running subscription to this plan."),
    SubscriptionInactive => ("subscription_inactive", 409, "BP-2173", "The subscription is cancelled or ended (or unpaid, for usage): it takes no usage and no cancel."),
    NoUsageUnit => ("no_usage_unit", 400, "BP-2174", "The subscription's plan has no `usage_unit`, so it records no usage."),
    // BP-6xxx intelligence (agents, credit readiness).
    NeuralQuotaExceeded => ("neural_quota_exceeded", 429, "BP-6002", "An agent-run quota is used up: 30 runs a minute, or 20 paid runs a day (`details.quota` says which, `details.retry_after_seconds` when it frees); nothing was charged or stored."),
    CreditConsentExpired => ("credit_consent_expired", 403, "BP-6011", "The credit-readiness consent code is past its expiry; its organisation's owner can give a new one."),
    CreditConsentRevoked => ("credit_consent_revoked", 403, "BP-6012", "The organisation's owner revoked this credit-readiness consent code."),
    // BP-9xxx the gateway itself.
    InternalError => ("internal_error", 500, "BP-9000", "An unexpected failure; nothing was written. Safe to retry with the same Idempotency-Key."),
    Overloaded => ("overloaded", 503, "BP-9001", "The gateway is at a capacity limit: the ledger writer queue stayed full past its deadline, the request bodies being read fill the body budget (`--body-budget-mib`), or, answered as the connection opens, the connection limits (`--max-connections`, `--max-connections-per-address`). Nothing was written. Retry with the same Idempotency-Key (after Retry-After seconds when given)."),
    // Issue 44 (accounts, team, keys, refunds).
    AccountClaimed => ("account_claimed", 409, "BP-2290", "The connected account was claimed: it is the customer's, and the platform sends it no claim link (a link would set the owner's password). Nothing was written."),
    OrganisationRequired => ("organisation_required", 409, "BP-2291", "The e-mail and password match members of several organisations: `details.organisations` lists them (`id`, `name`), shown only because the password was right; log in again with `organisation` set to one of the ids. No session was started."),
    EmailMembershipsFull => ("email_memberships_full", 409, "BP-2292", "The e-mail already belongs to members of 5 organisations, the most one address may (decision 331); nothing was written: use another address."),
    NotInReview => ("not_in_review", 409, "BP-2293", "The object is not parked for review (a payout in NEEDS_REVIEW, a route in MANUAL_REVIEW or MISMATCHED, ...): only parked money is resolved by a review; `status` says where it is."),
}

/// What a not-found answer is about: each kind has its own code
/// (`refund_not_found`), all of them BP-2006 as the origin's `not_found`, so
/// clients that match the number keep working. Declared by each resource in
/// its own module (`domain::resource::Kind`), beside its id prefix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Missing {
    code: Code,
    what: &'static str,
}

impl Missing {
    /// A not-found answer with `code`, naming the thing `what` for a person.
    pub const fn new(code: Code, what: &'static str) -> Missing {
        Missing { code, what }
    }

    pub fn code(self) -> Code {
        self.code
    }

    /// Its name in a message, for a person.
    pub fn what(self) -> &'static str {
        self.what
    }
}

/// An error answered to a client. Built by domain code and HTTP extractors alike.
#[derive(Debug, Clone)]
pub struct ApiError {
    pub code: Code,
    pub message: String,
    pub param: Option<String>,
    /// More for programs, in the nested `error.details` (the origin's shape):
    /// `param` is copied there too.
    pub details: Option<serde_json::Map<String, serde_json::Value>>,
}

impl ApiError {
    pub fn new(code: Code, message: impl Into<String>) -> ApiError {
        ApiError {
            code,
            message: message.into(),
            param: None,
            details: None,
        }
    }

    /// Adds `key: value` to `error.details`.
    pub fn with_detail(mut self, key: &str, value: impl Into<serde_json::Value>) -> ApiError {
        self.details
            .get_or_insert_with(Default::default)
            .insert(key.to_string(), value.into());
        self
    }

    /// A validation error about one request field.
    pub fn field(param: impl Into<String>, message: impl Into<String>) -> ApiError {
        ApiError::new(Code::ValidationError, message).with_param(param)
    }

    pub fn with_param(mut self, param: impl Into<String>) -> ApiError {
        self.param = Some(param.into());
        self
    }

    /// The one answer for an id that is unknown, of another kind, or of
    /// another owner: it never tells which.
    pub fn not_found(missing: Missing, id: &str) -> ApiError {
        ApiError::new(
            missing.code(),
            format!("no {} {id} is visible to this key", missing.what()),
        )
    }

    pub fn internal(what: impl std::fmt::Display) -> ApiError {
        tracing::error!(error = %what, "internal error");
        ApiError::new(
            Code::InternalError,
            "an internal error occurred; nothing was written",
        )
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code.as_str(), self.message)
    }
}

impl std::error::Error for ApiError {}

#[derive(Serialize, utoipa::ToSchema)]
/// The error object of spec section 7, with the origin's nested `error`
/// object beside its flat fields (the same values), so that clients written
/// for either shape read it.
pub struct ErrorBody<'a> {
    /// Stable machine-readable code, e.g. `scope_denied`.
    pub code: &'a str,
    /// Stable family code: BP-1xxx auth, 2xxx validation, 3xxx ledger, 4xxx rail, 5xxx compliance, 6xxx intelligence.
    pub bp: &'a str,
    /// What happened and what to do, for a person.
    pub message: &'a str,
    /// The request field at fault, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub param: Option<&'a str>,
    /// The same error as the origin nested it.
    pub error: ErrorDetail<'a>,
}

#[derive(Serialize, utoipa::ToSchema)]
/// The nested error object: `code`, `bp` and `message` as above, and `details`.
pub struct ErrorDetail<'a> {
    pub code: &'a str,
    pub bp: &'a str,
    pub message: &'a str,
    /// An object: `param` when a field is at fault, and what else helps a
    /// program (e.g. `endpoint` when an Idempotency-Key was used on another one).
    #[schema(value_type = Object)]
    pub details: serde_json::Map<String, serde_json::Value>,
}

impl ApiError {
    pub fn body_bytes(&self) -> Vec<u8> {
        let mut details = self.details.clone().unwrap_or_default();
        if let Some(param) = &self.param {
            details.insert("param".into(), param.as_str().into());
        }
        let body = ErrorBody {
            code: self.code.as_str(),
            bp: self.code.bp(),
            message: &self.message,
            param: self.param.as_deref(),
            error: ErrorDetail {
                code: self.code.as_str(),
                bp: self.code.bp(),
                message: &self.message,
                details,
            },
        };
        serde_json::to_vec(&body).unwrap_or_default()
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status =
            StatusCode::from_u16(self.code.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        (
            status,
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            self.body_bytes(),
        )
            .into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_bp_numbers_are_unique_and_in_their_family() {
        let mut names = std::collections::HashSet::new();
        let mut bps = std::collections::HashSet::new();
        for code in Code::ALL {
            assert!(names.insert(code.as_str()), "duplicate {}", code.as_str());
            // Every not-found code shares the origin's BP-2006.
            let shared = code.bp() == "BP-2006" && code.as_str().ends_with("not_found");
            assert!(shared || bps.insert(code.bp()), "duplicate {}", code.bp());
            let family = code.bp().as_bytes()[3];
            let status = code.status();
            assert!(code.bp().starts_with("BP-") && code.bp().len() == 7);
            assert!((400..600).contains(&status));
            if family == b'1' {
                // 429: a login or PIN lockout is an authentication answer too.
                assert!(
                    status == 401 || status == 403 || status == 429,
                    "{}",
                    code.as_str()
                );
            }
        }
    }

    #[test]
    fn errors_doc_lists_every_code() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/errors.md");
        if std::env::var_os("UPDATE_DOCS").is_some() {
            std::fs::write(path, render_errors_doc()).expect("write docs/errors.md");
        }
        let doc = std::fs::read_to_string(path).unwrap_or_default();
        for code in Code::ALL {
            let row = format!(
                "| `{}` | {} | {} |",
                code.as_str(),
                code.status(),
                code.bp()
            );
            assert!(
                doc.contains(&row),
                "docs/errors.md lacks the row {row}; run UPDATE_DOCS=1 cargo test errors_doc"
            );
        }
    }

    fn render_errors_doc() -> String {
        let mut doc = String::from(
            "# Error catalogue\n\n\
             Generated from `src/error.rs` (`UPDATE_DOCS=1 cargo test errors_doc`).\n\n\
             Every error is answered as the flat object of spec section 7, with the same error \
             nested under `error` as the origin answered it (`details` holds `param` and what else \
             helps a program):\n\n\
             ```json\n{\"code\": \"validation_error\", \"bp\": \"BP-2001\", \
             \"message\": \"amount_minor must be greater than 0 (got -5)\", \"param\": \"amount_minor\", \
             \"error\": {\"code\": \"validation_error\", \"bp\": \"BP-2001\", \
             \"message\": \"amount_minor must be greater than 0 (got -5)\", \
             \"details\": {\"param\": \"amount_minor\"}}}\n```\n\n\
             `param` appears when one request field is at fault. An object that is unknown, of another \
             mode or of another owner answers the same resource-specific `*_not_found` code, all \
             BP-2006. BP numbers follow the origin's catalogue where it has the code. Families: BP-1xxx authentication, \
             BP-2xxx validation, BP-3xxx ledger, BP-4xxx rail, BP-5xxx compliance, BP-6xxx intelligence, \
             BP-9xxx the gateway itself.\n\n\
             | code | HTTP | bp | when |\n|---|---|---|---|\n",
        );
        for code in Code::ALL {
            doc.push_str(&format!(
                "| `{}` | {} | {} | {} |\n",
                code.as_str(),
                code.status(),
                code.bp(),
                code.when()
            ));
        }
        doc
    }
}
