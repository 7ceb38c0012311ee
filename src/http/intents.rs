//! Payment intent handlers (spec section 4.1): parse, call the domain, render.

use crate::domain::intents::INTENT;
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::AppState;
use super::command;
use super::command::Write;
use super::extract::{Body, Params, Path, Reader, json, json_bytes_response};
use super::list::{self, Rows, named_list};
use super::operations::operations;
use super::step_up;
use crate::domain::intents::input::{
    CancelIntent, CaptureIntent, ConfirmIntent, CreateIntent, ReviewIntent,
};
use crate::domain::intents::state::Status;
use crate::domain::intents::view::{self, PaymentIntentView, TimelineView};
use crate::domain::intents::{self, Intent};
use crate::domain::ranking::{self, Policy, RankedMethod};
use crate::domain::step_up::Proof;
use crate::error::{ApiError, ErrorBody};
use crate::rails::RailKind;

operations! {
    create: scope("payment_intents:write").ik_required().publishable(),
    list: scope("payment_intents:read"),
    retrieve: scope("payment_intents:read").publishable().with_client_secret().readable_with_client_secret(),
    timeline: scope("payment_intents:read"),
    methods: scope("payment_intents:read").publishable().with_client_secret().readable_with_client_secret(),
    refundable: scope("refunds:read"),
    confirm: scope("payment_intents:write").moving_money().publishable().with_client_secret().added(),
    capture: scope("payment_intents:write").ik_required(),
    cancel: scope("payment_intents:write").moving_money(),
    review: scope("payment_intents:write").moving_money().added(),
    refund_late_payment: scope("refunds:write").ik_required().moving_money().added(),
    release_late_payment: scope("payment_intents:write").ik_required().moving_money().added(),
    review_late_payment: member("refunds:write").ik_required().added(),
    bank_credit: scope("payment_intents:write").ik_required().added(),
}

#[utoipa::path(post, path = "/payment_intents", tag = "payment_intents",
    request_body = CreateIntent,
    responses((status = 201, description = "The intent, with its client secret (shown once)", body = PaymentIntentView),
              (status = 400, description = "Invalid field (`param` names it)", body = ErrorBody),
              (status = 409, description = "Idempotency-Key reused", body = ErrorBody)))]
pub async fn create(
    Write(state, caller, claim): Write,
    Body(input): Body<CreateIntent>,
) -> Result<Response, ApiError> {
    let input = input.validate(caller.account.is_some())?;
    let orgs_generation = state.store.organisations_generation();
    let snapshot = state.store.snapshot()?;
    let now_ms = state.now_for(&snapshot, &caller)?;
    let merchant = state
        .org_cache
        .get(orgs_generation, &snapshot, caller.owner())?
        .map(|o| o.name.clone())
        .unwrap_or_default();
    let minted = intents::Minted::from_snapshot(&snapshot, &caller, &merchant, input, now_ms)?;
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let (intent, secret) = intents::create(tx, &settings, &caller, minted)?;
        Ok(view::render(&intent, &settings, Some(secret)))
    })
    .await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct ListQuery {
    /// Only intents in this status, as shown (PARTIALLY_REFUNDED, REFUNDED
    /// and DISPUTED included).
    status: Option<Status>,
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^pi_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

named_list!(IntentList of PaymentIntentView, "Newest first.");

#[utoipa::path(get, path = "/payment_intents", tag = "payment_intents", params(ListQuery),
    responses((status = 200, description = "Intents, newest first", body = IntentList)))]
pub async fn list(
    Reader(state, caller): Reader,
    Params(query): Params<ListQuery>,
) -> Result<Response, ApiError> {
    let keep = |intent: &Intent| query.status.is_none_or(|s| intent.public_status() == s);
    let rows = Rows::owned(INTENT.family, &caller);
    let snapshot = state.store.snapshot()?;
    let found = list::page(&snapshot, rows, query.limit, query.cursor.as_deref(), keep)?;
    json(200, &found.map(|i| view::render(&i, &state.settings, None)))
}

#[utoipa::path(get, path = "/payment_intents/{id}", tag = "payment_intents",
    params(("id" = String, Path, description = "pi_...")),
    responses((status = 200, description = "The intent", body = PaymentIntentView),
              (status = 404, description = "Not visible to this key", body = ErrorBody)))]
pub async fn retrieve(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let viewed = intents::read_viewed(&state.store.snapshot()?, &caller, &id)?;
    let body = viewed.rendered(|intent| {
        serde_json::to_vec(&view::render(intent, &state.settings, None)).map_err(ApiError::internal)
    })?;
    Ok(json_bytes_response(200, body))
}

#[utoipa::path(get, path = "/payment_intents/{id}/timeline", tag = "payment_intents",
    params(("id" = String, Path, description = "pi_...")),
    responses((status = 200, description = "Every state change and attempt, in order", body = TimelineView)))]
pub async fn timeline(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let intent = intents::read(&state.store.snapshot()?, &caller, &id)?;
    json(200, &view::timeline(&intent))
}

#[derive(Serialize, ToSchema)]
pub struct MethodList {
    /// Always `list`.
    object: &'static str,
    payment_intent: String,
    policy: Policy,
    /// Usable methods first, then best score first under `policy` (docs/ranking.md).
    data: Vec<RankedMethod>,
}

#[utoipa::path(get, path = "/payment_intents/{id}/methods", tag = "payment_intents",
    params(("id" = String, Path, description = "pi_...")),
    responses((status = 200, description = "Methods open to this payer, ranked by the intent's policy", body = MethodList)))]
pub async fn methods(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let intent = intents::read(&snapshot, &caller, &id)?;
    // The rails' counters run on real time, whatever clock the sandbox follows.
    let query = intent.method_query();
    let ranked = ranking::methods(&snapshot, &query, state.clock.now_ms())?;
    json(
        200,
        &MethodList {
            object: "list",
            payment_intent: intent.id,
            policy: intent.payment_method_policy,
            data: ranked,
        },
    )
}

#[utoipa::path(get, path = "/payment_intents/{id}/refundable", tag = "payment_intents",
    params(("id" = String, Path, description = "pi_...")),
    responses((status = 200, description = "Amount still refundable", body = view::RefundableView)))]
pub async fn refundable(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let intent = intents::read(&state.store.snapshot()?, &caller, &id)?;
    json(200, &view::refundable(&intent))
}

/// Runs a command on one intent and renders the intent it returns.
async fn command_on_intent(
    state: AppState,
    claim: super::extract::Claim,
    command: impl FnOnce(
        &mut crate::store::Tx<'_>,
        &crate::domain::Settings,
    ) -> Result<Intent, ApiError>
    + Clone
    + Send
    + 'static,
) -> Result<Response, ApiError> {
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let intent = command(tx, &settings)?;
        Ok(view::render(&intent, &settings, None))
    })
    .await
}

#[utoipa::path(post, path = "/payment_intents/{id}/confirm", tag = "payment_intents",
    params(("id" = String, Path, description = "pi_..."),
           ("client_secret" = Option<String>, Query, description = "With a pk_ key: the intent's client secret (or header X-Client-Secret)")),
    request_body = ConfirmIntent,
    responses((status = 200, description = "The intent after the attempt started (and, in the sandbox, often ended)", body = PaymentIntentView),
              (status = 409, description = "Attempt in flight, or final status", body = ErrorBody)))]
pub async fn confirm(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(input): Body<ConfirmIntent>,
) -> Result<Response, ApiError> {
    if caller.mode == crate::mode::Mode::Live && input.card.is_some() {
        return Err(intents::live_card_error());
    }
    // The card is checked here and only its summary goes to the writer.
    let mut input = input.check_card(state.clock.now_ms())?;
    if input.rail == Some(RailKind::Wallet) {
        // Authorized before anything is read; the PIN's slow check runs here,
        // off the writer, and the writer sees only that it passed.
        let pin = input.pin.take();
        intents::authorize_wallet_payment(&caller)?;
        if intents::wallet_payment_needs_step_up(&caller) {
            step_up::require(
                &state,
                &caller,
                Proof::Pin(pin.as_deref()),
                "paying from the wallet",
            )
            .await?;
            input.stepped_up = true;
        }
    }
    command_on_intent(state, claim, move |tx, settings| {
        intents::confirm(tx, settings, &caller, &id, input)
    })
    .await
}

/// `POST /sandbox/bank_credits`: a simulated incoming bank transfer.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BankCreditInput {
    /// The reference of the intent's `bank_instructions`, as the payer typed
    /// it (case, spaces and dashes are ignored).
    #[schema(min_length = 1, max_length = 64)]
    pub reference: String,
    #[serde(deserialize_with = "crate::domain::fields::int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    pub amount_minor: i64,
    pub currency: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BankCreditView {
    /// Always `bank_credit`.
    object: &'static str,
    reference: String,
    amount_minor: i64,
    currency: String,
    /// `paid` (the amount, or the rest of it, arrived), `partial` (the
    /// intent waits for the rest), `overpaid` (paid; the excess sent back),
    /// `review` (the transfer's attempt had closed: held for review).
    outcome: intents::BankCreditOutcome,
    /// Counted towards the intent's amount.
    applied_minor: i64,
    /// Sent back to the payer at once.
    returned_minor: i64,
    /// Held for review.
    review_minor: i64,
    payment_intent: PaymentIntentView,
}

#[utoipa::path(post, path = "/sandbox/bank_credits", tag = "payment_intents",
    request_body = BankCreditInput,
    responses((status = 201, description = "What the credit did to its intent", body = BankCreditView),
              (status = 404, description = "No bank transfer of yours under this reference (bank_reference_not_found)", body = ErrorBody)))]
pub async fn bank_credit(
    Write(state, caller, claim): Write,
    Body(input): Body<BankCreditInput>,
) -> Result<Response, ApiError> {
    let currency = crate::domain::currency::parse("currency", &input.currency)?
        .code
        .to_string();
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let credit = intents::bank_credit(
            tx,
            &settings,
            &caller,
            &input.reference,
            input.amount_minor,
            &currency,
        )?;
        Ok(BankCreditView {
            object: "bank_credit",
            reference: intents::reference_of(&credit.intent.id),
            amount_minor: input.amount_minor,
            currency,
            outcome: credit.outcome,
            applied_minor: credit.applied_minor,
            returned_minor: credit.returned_minor,
            review_minor: credit.review_minor,
            payment_intent: view::render(&credit.intent, &settings, None),
        })
    })
    .await
}

#[utoipa::path(post, path = "/payment_intents/{id}/capture", tag = "payment_intents",
    params(("id" = String, Path, description = "pi_...")),
    request_body = CaptureIntent,
    responses((status = 200, description = "The captured intent", body = PaymentIntentView),
              (status = 409, description = "Not AUTHORISED, or more than authorised", body = ErrorBody)))]
pub async fn capture(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(input): Body<CaptureIntent>,
) -> Result<Response, ApiError> {
    command_on_intent(state, claim, move |tx, settings| {
        intents::capture(tx, settings, &caller, &id, input.amount_minor)
    })
    .await
}

#[utoipa::path(post, path = "/payment_intents/{id}/cancel", tag = "payment_intents",
    params(("id" = String, Path, description = "pi_...")),
    request_body = CancelIntent,
    responses((status = 200, description = "The cancelled intent", body = PaymentIntentView),
              (status = 409, description = "Already captured or final", body = ErrorBody)))]
pub async fn cancel(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(input): Body<CancelIntent>,
) -> Result<Response, ApiError> {
    command_on_intent(state, claim, move |tx, settings| {
        intents::cancel(tx, settings, &caller, &id, input)
    })
    .await
}

#[utoipa::path(post, path = "/payment_intents/{id}/late_payments/{late_payment}/refund", tag = "payment_intents",
    params(("id" = String, Path, description = "pi_..."),
           ("late_payment" = String, Path, description = "lp_...: one of the intent's late_payments")),
    responses((status = 200, description = "The intent; the late payment is REFUNDING (its money reserved) until the provider pays it back (payment_intent.late_payment_refunded) or refuses (payment_intent.late_payment_refund_failed, HELD again)", body = PaymentIntentView),
              (status = 404, description = "No such intent or late payment", body = ErrorBody),
              (status = 409, description = "late_payment_not_held: refunding, refunded or released already", body = ErrorBody),
              (status = 422, description = "late_payment_not_refundable (no way back to the payer), rail_not_configured, rail_unavailable", body = ErrorBody)))]
pub async fn refund_late_payment(
    Write(state, caller, claim): Write,
    Path((id, late_payment)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    command_on_intent(state, claim, move |tx, _| {
        intents::refund_late_payment(tx, &caller, &id, &late_payment)
    })
    .await
}

#[utoipa::path(post, path = "/payment_intents/{id}/late_payments/{late_payment}/release", tag = "payment_intents",
    params(("id" = String, Path, description = "pi_..."),
           ("late_payment" = String, Path, description = "lp_...: one of the intent's late_payments")),
    responses((status = 200, description = "The intent; the late payment is RELEASED: its amount moved from suspense to available, net of the fees a capture takes", body = PaymentIntentView),
              (status = 404, description = "No such intent or late payment", body = ErrorBody),
              (status = 409, description = "late_payment_not_held: refunding, refunded or released already", body = ErrorBody)))]
pub async fn release_late_payment(
    Write(state, caller, claim): Write,
    Path((id, late_payment)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    command_on_intent(state, claim, move |tx, settings| {
        intents::release_late_payment(tx, settings, &caller, &id, &late_payment)
    })
    .await
}

#[utoipa::path(post, path = "/payment_intents/{id}/late_payments/{late_payment}/review", tag = "payment_intents",
    params(("id" = String, Path, description = "pi_..."),
           ("late_payment" = String, Path, description = "lp_...: one of the intent's late_payments (a late bank credit, or a late payment of another rail)")),
    request_body = crate::domain::review::ReviewRequest,
    responses((status = 200, description = "The intent after the member's decision: `paid` applies the late payment (RELEASED: suspense → available net of fees, payment_intent.late_payment_released); `returned` sends a bank credit back to the payer (REFUNDED: suspense → the bank, payment_intent.late_payment_refunded) and refunds any other through its rail (REFUNDING); its `resolution` records it", body = PaymentIntentView),
              (status = 400, description = "A field (`param` names it: `evidence.reference`, `outcome`, ...); nothing written", body = ErrorBody),
              (status = 403, description = "session_required for an API key; role_denied; step_up_required: live mode without a valid PIN", body = ErrorBody),
              (status = 404, description = "No such intent or late payment", body = ErrorBody),
              (status = 409, description = "not_in_review: the late payment is not HELD", body = ErrorBody),
              (status = 422, description = "late_payment_not_refundable, rail_not_configured, rail_unavailable (returning a late payment of another rail)", body = ErrorBody)))]
pub async fn review_late_payment(
    write: Write,
    Path((id, late_payment)): Path<(String, String)>,
    Body(input): Body<crate::domain::review::ReviewRequest>,
) -> Result<Response, ApiError> {
    let what = "applying or returning a late payment";
    super::review::decide(
        write,
        input,
        what,
        move |tx, settings, caller, outcome, evidence| {
            let intent = intents::review_late_payment(
                tx,
                settings,
                caller,
                &id,
                &late_payment,
                outcome,
                evidence,
            )?;
            Ok(view::render(&intent, settings, None))
        },
    )
    .await
}

#[utoipa::path(post, path = "/payment_intents/{id}/review", tag = "payment_intents",
    params(("id" = String, Path, description = "pi_...")),
    request_body = ReviewIntent,
    responses((status = 200, description = "The intent after the operator's decision", body = PaymentIntentView),
              (status = 409, description = "The intent is not AMBIGUOUS", body = ErrorBody)))]
pub async fn review(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(input): Body<ReviewIntent>,
) -> Result<Response, ApiError> {
    command_on_intent(state, claim, move |tx, settings| {
        intents::review(tx, settings, &caller, &id, input)
    })
    .await
}
