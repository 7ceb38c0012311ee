//! Disputes (spec section 4.10).

use crate::domain::disputes::DISPUTE;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use utoipa::ToSchema;

use super::command;
use super::command::Write;
use super::extract::{Body, Params, Path, Reader, json, read_json};
use super::list::{self, Rows, named_list};
use super::operations::operations;
use crate::domain::disputes::{self, Dispute, DisputeView, Evidence, NewDispute, Reason, Status};
use crate::domain::fields;
use crate::error::{ApiError, ErrorBody};

operations! {
    open: scope("disputes:write").moving_money(),
    list: scope("disputes:read"),
    retrieve: scope("disputes:read").added(),
    respond: scope("disputes:write"),
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OpenDispute {
    /// The received payment (pi_...).
    #[schema(pattern = "^pi_[a-z0-9]{1,64}$")]
    pub payment_intent: String,
    /// Default: all that is left to dispute (received − refunded − reserved − disputed).
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    pub amount_minor: Option<i64>,
    pub reason: Reason,
    /// Minutes the merchant has to respond; default 7 days.
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 43_200)]
    pub evidence_due_in_minutes: Option<i64>,
}

#[utoipa::path(post, path = "/disputes", tag = "disputes", request_body = OpenDispute,
    responses((status = 201, description = "The dispute; the amount moved to the disputed balance", body = DisputeView),
              (status = 409, description = "Not received, or nothing left to dispute", body = ErrorBody)))]
pub async fn open(
    Write(state, caller, claim): Write,
    Body(input): Body<OpenDispute>,
) -> Result<Response, ApiError> {
    if let Some(minutes) = input
        .evidence_due_in_minutes
        .filter(|m| !(1..=43_200).contains(m))
    {
        return Err(ApiError::field(
            "evidence_due_in_minutes",
            format!("evidence_due_in_minutes must be from 1 to 43200 (got {minutes})"),
        ));
    }
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let new = NewDispute {
            payment_intent: input.payment_intent,
            amount_minor: input.amount_minor,
            reason: input.reason,
            evidence_due_in_minutes: input.evidence_due_in_minutes,
        };
        let dispute = disputes::open(tx, &settings, &caller, new)?;
        Ok(disputes::view(&dispute))
    })
    .await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RespondDispute {
    /// What the merchant says.
    #[schema(max_length = 5000)]
    pub text: Option<String>,
    /// References to files the merchant holds (receipts, delivery proofs).
    #[schema(max_items = 20)]
    pub files: Option<Vec<String>>,
}

#[utoipa::path(post, path = "/disputes/{id}/respond", tag = "disputes",
    params(("id" = String, Path, description = "dp_...")), request_body = RespondDispute,
    responses((status = 200, description = "UNDER_REVIEW with the evidence", body = DisputeView),
              (status = 409, description = "Past the deadline, or already answered", body = ErrorBody)))]
pub async fn respond(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(input): Body<RespondDispute>,
) -> Result<Response, ApiError> {
    let settings = state.settings.clone();
    let evidence = Evidence {
        text: input.text,
        files: input.files.unwrap_or_default(),
    };
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let dispute = disputes::respond(tx, &settings, &caller, &id, evidence)?;
        Ok(disputes::view(&dispute))
    })
    .await
}

#[utoipa::path(get, path = "/disputes/{id}", tag = "disputes",
    params(("id" = String, Path, description = "dp_...")),
    responses((status = 200, description = "The dispute", body = DisputeView)))]
pub async fn retrieve(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    read_json(&state, |snapshot| {
        Ok(disputes::view(&disputes::read(snapshot, &caller, &id)?))
    })
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct DisputeQuery {
    status: Option<Status>,
    #[param(pattern = "^pi_[a-z0-9]{1,64}$")]
    payment_intent: Option<String>,
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    #[param(pattern = "^dp_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

named_list!(DisputeList of DisputeView, "Newest first.");

#[utoipa::path(get, path = "/disputes", tag = "disputes", params(DisputeQuery),
    responses((status = 200, description = "Disputes, newest first", body = DisputeList)))]
pub async fn list(
    Reader(state, caller): Reader,
    Params(query): Params<DisputeQuery>,
) -> Result<Response, ApiError> {
    let of_intent = list::intent_filter(query.payment_intent.as_deref())?;
    let keep =
        |d: &Dispute| query.status.is_none_or(|s| d.status == s) && of_intent(&d.payment_intent);
    let rows = Rows::owned(DISPUTE.family, &caller);
    let snapshot = state.store.snapshot()?;
    let found = list::page(&snapshot, rows, query.limit, query.cursor.as_deref(), keep)?;
    json(200, &found.map(|d| disputes::view(&d)))
}
