//! Refunds (spec section 4.3) and the split views of an intent (4.1).

use crate::domain::refunds::REFUND;
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use std::collections::BTreeMap;

use super::AppState;
use super::command;
use super::command::Write;
use super::extract::{Body, Params, Path, Reader, json, read_json};
use super::list::{self, Rows, named_list};
use super::operations::operations;
use super::step_up;
use crate::domain::fields;
use crate::domain::intents;
use crate::domain::refunds::{self, NewRefund, Refund, RefundView, Status};
use crate::domain::splits::{Recovery, RefundPolicy, SplitPayout};
use crate::domain::step_up::Proof;
use crate::error::{ApiError, ErrorBody};

operations! {
    splits: scope("payment_intents:read"),
    split_refunds: scope("payment_intents:read"),
    retry_split_refunds: scope("payment_intents:write").moving_money(),
    create: scope("refunds:write").ik_required(),
    list: scope("refunds:read"),
    retrieve: scope("refunds:read"),
    reject: scope("refunds:write").moving_money(),
    approve: scope("refunds:write").moving_money().added(),
    review: member("refunds:write").ik_required().added(),
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateRefund {
    /// The captured payment intent (pi_...).
    #[schema(pattern = "^pi_[a-z0-9]{1,64}$")]
    pub payment_intent: String,
    /// At most the refundable amount (captured − refunded − reserved);
    /// default: all of it.
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    pub amount_minor: Option<i64>,
    /// Why, 1 to 200 characters; suggested: `requested_by_customer`,
    /// `duplicate`, `fraudulent`, `product_not_received`, `other`.
    #[schema(
        min_length = 1,
        max_length = 200,
        pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*[^\\s\\u0000-\\u001f\\u007f-\\u009f][^\\u0000-\\u001f\\u007f-\\u009f]*$",
        example = "requested_by_customer"
    )]
    pub reason: String,
    /// Optional; must be the payment's currency.
    pub currency: Option<String>,
    /// Up to 50 keys of at most 40 characters; values of any JSON type, each
    /// at most 500 characters of JSON and 5 levels deep, 8 KiB in all.
    #[schema(value_type = Option<Object>)]
    pub metadata: Option<BTreeMap<String, serde_json::Value>>,
    /// A team member's PIN (step-up): a session's refund over 100 000 minor
    /// units is executed at once with it, and waits for approval without it.
    /// API keys need none.
    #[schema(max_length = 12)]
    pub pin: Option<String>,
}

/// Checks the PIN a team member sent (a wrong one counts towards the
/// lockout and refuses the request); whether the operation needs it is the
/// domain's rule ([`refunds::executes_at_once`]). API keys send none.
async fn stepped_up(
    state: &AppState,
    caller: &crate::auth::Principal,
    pin: Option<&str>,
    purpose: &str,
) -> Result<bool, ApiError> {
    match (&caller.session, pin) {
        (Some(_), Some(pin)) => {
            step_up::require(state, caller, Proof::Pin(Some(pin)), purpose).await?;
            Ok(true)
        }
        _ => Ok(false),
    }
}

#[utoipa::path(post, path = "/refunds", tag = "refunds", request_body = CreateRefund,
    responses((status = 201, description = "The refund: SUCCEEDED or FAILED when executed at once (API keys; sessions up to 100 000 minor units or with step-up), else REQUESTED", body = RefundView),
              (status = 403, description = "step_up_required: a wrong PIN", body = ErrorBody),
              (status = 409, description = "More than refundable, nothing left, or not captured", body = ErrorBody)))]
pub async fn create(
    Write(state, caller, claim): Write,
    Body(input): Body<CreateRefund>,
) -> Result<Response, ApiError> {
    let amount_minor = input
        .amount_minor
        .map(|a| intents::input::amount("amount_minor", a))
        .transpose()?;
    let reason = refunds::reason(input.reason)?;
    let metadata = fields::metadata_json(input.metadata)?;
    let stepped_up = stepped_up(
        &state,
        &caller,
        input.pin.as_deref(),
        "a refund over 100 000 minor units",
    )
    .await?;
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let new = NewRefund {
            payment_intent: input.payment_intent,
            amount_minor,
            currency: input.currency,
            reason,
            metadata,
            stepped_up,
        };
        let refund = refunds::create(tx, &settings, &caller, new)?;
        Ok(refunds::view(&refund))
    })
    .await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct RefundQuery {
    /// Only refunds of this payment intent.
    #[param(pattern = "^pi_[a-z0-9]{1,64}$")]
    payment_intent: Option<String>,
    /// Only refunds in this status.
    status: Option<Status>,
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^re_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

named_list!(RefundList of RefundView, "Newest first.");

#[utoipa::path(get, path = "/refunds", tag = "refunds", params(RefundQuery),
    responses((status = 200, description = "Refunds, newest first", body = RefundList)))]
pub async fn list(
    Reader(state, caller): Reader,
    Params(query): Params<RefundQuery>,
) -> Result<Response, ApiError> {
    let of_intent = list::intent_filter(query.payment_intent.as_deref())?;
    let keep =
        |r: &Refund| query.status.is_none_or(|s| r.status == s) && of_intent(&r.payment_intent);
    let rows = Rows::owned(REFUND.family, &caller);
    let snapshot = state.store.snapshot()?;
    let found = list::page(&snapshot, rows, query.limit, query.cursor.as_deref(), keep)?;
    json(200, &found.map(|r| refunds::view(&r)))
}

#[utoipa::path(get, path = "/refunds/{id}", tag = "refunds",
    params(("id" = String, Path, description = "re_...")),
    responses((status = 200, description = "The refund", body = RefundView)))]
pub async fn retrieve(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    read_json(&state, |snapshot| {
        Ok(refunds::view(&refunds::read(snapshot, &caller, &id)?))
    })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RejectRefund {
    /// Why, 3 to 200 characters (spec section 8).
    #[schema(min_length = 3, max_length = 200, pattern = "\\S")]
    pub reason: String,
}

#[utoipa::path(post, path = "/refunds/{id}/reject", tag = "refunds",
    params(("id" = String, Path, description = "re_...")), request_body = RejectRefund,
    responses((status = 200, description = "REJECTED; the reservation is released and the intent keeps its state", body = RefundView),
              (status = 409, description = "Not REQUESTED or APPROVED", body = ErrorBody)))]
pub async fn reject(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(input): Body<RejectRefund>,
) -> Result<Response, ApiError> {
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let refund = refunds::reject(tx, &settings, &caller, &id, &input.reason)?;
        Ok(refunds::view(&refund))
    })
    .await
}

#[derive(Debug, Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct ApproveRefund {
    /// A team member's PIN (step-up), required to approve a refund over
    /// 100 000 minor units from a session.
    #[schema(max_length = 12)]
    pub pin: Option<String>,
}

#[utoipa::path(post, path = "/refunds/{id}/approve", tag = "refunds",
    params(("id" = String, Path, description = "re_...")),
    request_body(content = ApproveRefund, description = "Optional: the PIN, for a session"),
    responses((status = 200, description = "Approved and executed (SUCCEEDED, or FAILED with the reservation released)", body = RefundView),
              (status = 403, description = "step_up_required: a session approving over 100 000 minor units without a valid PIN", body = ErrorBody),
              (status = 409, description = "Not REQUESTED", body = ErrorBody)))]
pub async fn approve(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(input): Body<ApproveRefund>,
) -> Result<Response, ApiError> {
    let stepped_up = stepped_up(
        &state,
        &caller,
        input.pin.as_deref(),
        "approving a refund over 100 000 minor units",
    )
    .await?;
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let refund = refunds::approve(tx, &settings, &caller, &id, stepped_up)?;
        Ok(refunds::view(&refund))
    })
    .await
}

#[derive(Serialize, ToSchema)]
pub struct SplitsView {
    /// Always `list`.
    object: &'static str,
    payment_intent: String,
    currency: String,
    split_refund_policy: RefundPolicy,
    /// One payout per split, made at capture (empty before capture).
    data: Vec<SplitPayout>,
}

#[utoipa::path(get, path = "/payment_intents/{id}/splits", tag = "payment_intents",
    params(("id" = String, Path, description = "pi_...")),
    responses((status = 200, description = "Split payouts from a captured intent", body = SplitsView)))]
pub async fn splits(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let intent = intents::read(&state.store.snapshot()?, &caller, &id)?;
    json(
        200,
        &SplitsView {
            object: "list",
            payment_intent: intent.id,
            currency: intent.currency,
            split_refund_policy: intent.split_refund_policy,
            // The platform's application fee is a split of its own
            // (labelled `application_fee`), outside the refund recoveries.
            data: intent
                .split_payouts
                .into_iter()
                .chain(intent.application_fee_payout)
                .collect(),
        },
    )
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct SplitRefundQuery {
    /// Only the recoveries of this refund.
    #[param(pattern = "^re_[a-z0-9]{1,64}$")]
    refund: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct SplitRefundsView {
    object: &'static str,
    payment_intent: String,
    split_refund_policy: RefundPolicy,
    /// What each recipient gave back (RECOVERED), kept (ABSORBED) or still owes (FAILED).
    data: Vec<Recovery>,
}

#[utoipa::path(get, path = "/payment_intents/{id}/split_refunds", tag = "payment_intents",
    params(("id" = String, Path, description = "pi_..."), SplitRefundQuery),
    responses((status = 200, description = "Split recoveries per refund", body = SplitRefundsView)))]
pub async fn split_refunds(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
    Params(query): Params<SplitRefundQuery>,
) -> Result<Response, ApiError> {
    let of_refund = list::id_filter("refund", query.refund.as_deref(), "re", "a refund id")?;
    let intent = intents::read(&state.store.snapshot()?, &caller, &id)?;
    let data = intent
        .split_recoveries
        .into_iter()
        .filter(|r| of_refund(&r.refund))
        .collect();
    json(
        200,
        &SplitRefundsView {
            object: "list",
            payment_intent: intent.id,
            split_refund_policy: intent.split_refund_policy,
            data,
        },
    )
}

#[utoipa::path(post, path = "/payment_intents/{id}/split_refunds/retry", tag = "payment_intents",
    params(("id" = String, Path, description = "pi_...")),
    responses((status = 200, description = "Recoveries after retrying the FAILED ones", body = SplitRefundsView)))]
pub async fn retry_split_refunds(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let intent = refunds::retry_recoveries(tx, &caller, &id)?;
        Ok(SplitRefundsView {
            object: "list",
            payment_intent: intent.id,
            split_refund_policy: intent.split_refund_policy,
            data: intent.split_recoveries,
        })
    })
    .await
}

#[utoipa::path(post, path = "/refunds/{id}/review", tag = "refunds",
    params(("id" = String, Path, description = "re_...")),
    request_body = crate::domain::review::ReviewRequest,
    responses((status = 200, description = "The refund after the member's decision: SUCCEEDED (`paid`: the money left to the payer through the rail, refund.succeeded) or FAILED with failure_reason `returned` (the reservation back to the merchant, refund.failed); `resolution` records it. Its live rail request is closed: a later answer of the provider moves nothing", body = RefundView),
              (status = 400, description = "A field (`param` names it: `evidence.reference`, `outcome`, ...); nothing written", body = ErrorBody),
              (status = 403, description = "session_required for an API key; role_denied; step_up_required: live mode without a valid PIN", body = ErrorBody),
              (status = 404, description = "refund_not_found", body = ErrorBody),
              (status = 409, description = "not_in_review: the refund is not PROCESSING", body = ErrorBody)))]
pub async fn review(
    write: Write,
    Path(id): Path<String>,
    Body(input): Body<crate::domain::review::ReviewRequest>,
) -> Result<Response, ApiError> {
    let what = "resolving a refund the provider never answered";
    super::review::decide(
        write,
        input,
        what,
        move |tx, settings, caller, outcome, evidence| {
            let refund = refunds::review(tx, settings, caller, &id, outcome, evidence)?;
            Ok(refunds::view(&refund))
        },
    )
    .await
}
