//! Money requests (spec section 4.14).

use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use utoipa::ToSchema;

use super::command;
use super::command::Write;
use super::extract::{Body, Path, Reader, json};
use super::operations::operations;
use crate::domain::fields;
use crate::domain::money_requests::{self, MoneyRequestView, NewRequest};
use crate::error::{ApiError, ErrorBody};

operations! {
    create: scope("payment_intents:write").ik_required(),
    retrieve: scope("payment_intents:read"),
    cancel: scope("payment_intents:write"),
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateMoneyRequest {
    /// Who should pay: a phone number (+243...), an e-mail address, or a @tag.
    #[schema(min_length = 3, max_length = 254)]
    pub payer: String,
    #[serde(deserialize_with = "fields::int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    pub amount_minor: i64,
    pub currency: String,
    #[schema(max_length = 200, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub description: Option<String>,
    /// 1 to 43 200 minutes; default 7 days.
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 43_200)]
    pub expires_in_minutes: Option<i64>,
}

#[utoipa::path(post, path = "/money_requests", tag = "money_requests", request_body = CreateMoneyRequest,
    responses((status = 201, description = "The request with its code and pay URL", body = MoneyRequestView)))]
pub async fn create(
    Write(state, caller, claim): Write,
    Body(input): Body<CreateMoneyRequest>,
) -> Result<Response, ApiError> {
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let new = NewRequest {
            payer: input.payer,
            amount_minor: input.amount_minor,
            currency: input.currency,
            description: input.description,
            expires_in_minutes: input.expires_in_minutes,
        };
        let request = money_requests::create(tx, &settings, &caller, new)?;
        Ok(money_requests::view(&request, &settings.public_url))
    })
    .await
}

#[utoipa::path(get, path = "/money_requests/{code}", tag = "money_requests",
    params(("code" = String, Path, description = "MR-...")),
    responses((status = 200, description = "The request (the requester's key; the payer follows the pay URL)", body = MoneyRequestView)))]
pub async fn retrieve(
    Reader(state, caller): Reader,
    Path(code): Path<String>,
) -> Result<Response, ApiError> {
    let request = money_requests::read(&state.store.snapshot()?, &caller, &code)?;
    json(
        200,
        &money_requests::view(&request, &state.settings.public_url),
    )
}

#[utoipa::path(post, path = "/money_requests/{code}/cancel", tag = "money_requests",
    params(("code" = String, Path, description = "MR-...")),
    responses((status = 200, description = "CANCELLED", body = MoneyRequestView),
              (status = 409, description = "Paid, cancelled or expired already", body = ErrorBody)))]
pub async fn cancel(
    Write(state, caller, claim): Write,
    Path(code): Path<String>,
) -> Result<Response, ApiError> {
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let request = money_requests::cancel(tx, &settings, &caller, &code)?;
        Ok(money_requests::view(&request, &settings.public_url))
    })
    .await
}
