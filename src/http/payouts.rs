//! Single payouts (spec section 4.8): to a mobile-money number or a bank
//! account. Batches are their own area.

use crate::domain::payouts::PAYOUT;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;

use super::command;
use super::command::Write;
use super::extract::{Body, Params, Path, Reader, json};
use super::list::{self, Rows, named_list};
use super::operations::operations;
use crate::domain;
use crate::domain::audit::{self, Actor};
use crate::domain::payouts::input::CreatePayout;
use crate::domain::payouts::{self, Payout, PayoutView, Status};
use crate::domain::review::ReviewRequest;
use crate::error::{ApiError, ErrorBody};

operations! {
    create: scope("payouts:write").ik_required(),
    list: scope("payouts:read"),
    retrieve: scope("payouts:read").added(),
    review: member("payouts:write").ik_required().added(),
}

#[utoipa::path(post, path = "/payouts", tag = "payouts", request_body = CreatePayout,
    responses((status = 201, description = "The payout: PAID, FAILED (amount and fee returned), PROCESSING (the rail answers later) or NEEDS_REVIEW", body = PayoutView),
              (status = 400, description = "A field (`param` names it: `destination.phone`, `amount_minor`, ...); nothing written", body = ErrorBody),
              (status = 404, description = "operator_not_found, bank_account_not_found (`param` names the field)", body = ErrorBody),
              (status = 422, description = "insufficient_funds, payout_unavailable, rail_not_configured (live mode); nothing moved", body = ErrorBody)))]
pub async fn create(
    Write(state, caller, claim): Write,
    Body(input): Body<CreatePayout>,
) -> Result<Response, ApiError> {
    let request = input.parse()?;
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let payout = payouts::create(tx, &caller, request)?;
        let details = serde_json::json!({
            "amount_minor": payout.amount_minor,
            "fee_minor": payout.fee_minor,
            "currency": payout.currency,
            "method": payout.destination.method(),
            "status": payout.status,
        });
        audit::record(
            tx,
            &Actor::of(&caller),
            "payout.created",
            Some(&payout.id),
            details,
        )?;
        Ok(payouts::view(&payout))
    })
    .await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct PayoutQuery {
    /// Only payouts in this status.
    status: Option<Status>,
    /// Only payouts created at or after this time (RFC 3339).
    #[param(format = DateTime)]
    since: Option<String>,
    /// Only payouts created before this time (RFC 3339).
    #[param(format = DateTime)]
    until: Option<String>,
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^po_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

named_list!(PayoutList of PayoutView, "Newest first.");

#[utoipa::path(get, path = "/payouts", tag = "payouts", params(PayoutQuery),
    responses((status = 200, description = "Payouts, newest first", body = PayoutList)))]
pub async fn list(
    Reader(state, caller): Reader,
    Params(query): Params<PayoutQuery>,
) -> Result<Response, ApiError> {
    let created = list::Created::parse(query.since.as_deref(), query.until.as_deref())?;
    let keep = |p: &Payout| {
        query.status.is_none_or(|s| p.status == s) && created.contains(p.created_at_ms)
    };
    let rows = Rows::owned(PAYOUT.family, &caller);
    let snapshot = state.store.snapshot()?;
    let found = list::page(&snapshot, rows, query.limit, query.cursor.as_deref(), keep)?;
    json(200, &found.map(|p| payouts::view(&p)))
}

/// One payout (an addition to the spec: it lists payouts, this reads one).
#[utoipa::path(get, path = "/payouts/{id}", tag = "payouts",
    params(("id" = String, Path, description = "po_...")),
    responses((status = 200, description = "The payout", body = PayoutView),
              (status = 404, description = "payout_not_found", body = ErrorBody)))]
pub async fn retrieve(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let payout = payouts::read(&state.store.snapshot()?, &caller, &id)?;
    json(200, &payouts::view(&payout))
}

#[utoipa::path(post, path = "/payouts/{id}/review", tag = "payouts",
    params(("id" = String, Path, description = "po_...")),
    request_body = ReviewRequest,
    responses((status = 200, description = "The payout after the operator's decision: PAID (`paid`) or FAILED with failure_reason `returned` (amount and fee back to available); `resolution` records it", body = PayoutView),
              (status = 400, description = "A field (`param` names it: `evidence.reference`, `outcome`, ...); nothing written", body = ErrorBody),
              (status = 403, description = "session_required for an API key; role_denied; step_up_required: live mode without a valid PIN", body = ErrorBody),
              (status = 404, description = "payout_not_found", body = ErrorBody),
              (status = 409, description = "not_in_review: the payout is not in NEEDS_REVIEW", body = ErrorBody)))]
pub async fn review(
    write: Write,
    Path(id): Path<String>,
    Body(input): Body<ReviewRequest>,
) -> Result<Response, ApiError> {
    let what = "resolving a payout in review";
    super::review::decide(
        write,
        input,
        what,
        move |tx, settings, caller, outcome, evidence| {
            let payout = domain::review_payout(tx, settings, caller, &id, outcome, evidence)?;
            Ok(payouts::view(&payout))
        },
    )
    .await
}
