//! Checkout sessions and payment links (spec section 4.2).

use crate::domain::checkout::CHECKOUT_SESSION;
use crate::domain::checkout::PAYMENT_LINK;
use std::collections::BTreeMap;

use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use utoipa::ToSchema;

use super::command;
use super::command::Write;
use super::extract::{Body, Params, Path, Reader, json};
use super::list::{self, Rows, named_list};
use super::operations::operations;
use crate::domain::checkout::{
    self, CheckoutSessionView, LineItem, Link, LinkView, NewLink, NewSession, Session,
};
use crate::domain::fields;
use crate::error::ApiError;

operations! {
    create_session: scope("checkout_sessions:write").ik_required(),
    list_sessions: scope("payment_intents:read"),
    get_session: scope("payment_intents:read"),
    expire_session: scope("checkout_sessions:write"),
    create_link: scope("payment_links:write").ik_required(),
    list_links: scope("payment_links:write"),
    deactivate_link: scope("payment_links:write"),
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateSession {
    /// 1 to 100 items; the total is computed by the server.
    #[schema(min_items = 1, max_items = 100)]
    pub line_items: Vec<LineItem>,
    pub currency: String,
    #[schema(schema_with = crate::fields::optional_url_schema)]
    pub success_url: Option<String>,
    #[schema(schema_with = crate::fields::optional_url_schema)]
    pub cancel_url: Option<String>,
    /// 1 to 43 200 minutes; default 24 hours.
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 43_200)]
    pub expires_in_minutes: Option<i64>,
    pub metadata: Option<BTreeMap<String, String>>,
    /// Prefills the payer's number on the page.
    #[schema(pattern = "^\\+[1-9][0-9]{7,14}$")]
    pub customer_msisdn: Option<String>,
}

#[utoipa::path(post, path = "/checkout_sessions", tag = "checkout", request_body = CreateSession,
    responses((status = 201, description = "The open session with its hosted URL", body = CheckoutSessionView)))]
pub async fn create_session(
    Write(state, caller, claim): Write,
    Body(input): Body<CreateSession>,
) -> Result<Response, ApiError> {
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let new = NewSession {
            line_items: input.line_items,
            currency: input.currency,
            success_url: input.success_url,
            cancel_url: input.cancel_url,
            expires_in_minutes: input.expires_in_minutes,
            metadata: input.metadata,
            customer_msisdn: input.customer_msisdn,
        };
        let session = checkout::create_session(tx, &settings, &caller, new)?;
        Ok(checkout::session_view(&session, &settings.public_url))
    })
    .await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct SessionQuery {
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^cs_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct LinkQuery {
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^plink_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

named_list!(SessionList of CheckoutSessionView, "Newest first.");

#[utoipa::path(get, path = "/checkout_sessions", tag = "checkout", params(SessionQuery),
    responses((status = 200, description = "Sessions, newest first", body = SessionList)))]
pub async fn list_sessions(
    Reader(state, caller): Reader,
    Params(query): Params<SessionQuery>,
) -> Result<Response, ApiError> {
    let rows = Rows::owned(CHECKOUT_SESSION.family, &caller);
    let snapshot = state.store.snapshot()?;
    let found = list::all::<Session>(&snapshot, rows, query.limit, query.cursor.as_deref())?;
    json(
        200,
        &found.map(|s| checkout::session_view(&s, &state.settings.public_url)),
    )
}

#[utoipa::path(get, path = "/checkout_sessions/{id}", tag = "checkout",
    params(("id" = String, Path, description = "cs_...")),
    responses((status = 200, description = "The session", body = CheckoutSessionView)))]
pub async fn get_session(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let session = checkout::read_session(&state.store.snapshot()?, &caller, &id)?;
    json(
        200,
        &checkout::session_view(&session, &state.settings.public_url),
    )
}

#[utoipa::path(post, path = "/checkout_sessions/{id}/expire", tag = "checkout",
    params(("id" = String, Path, description = "cs_...")),
    responses((status = 200, description = "The expired session (its intent is cancelled)", body = CheckoutSessionView)))]
pub async fn expire_session(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let session = checkout::expire_session(tx, &settings, &caller, &id)?;
        Ok(checkout::session_view(&session, &settings.public_url))
    })
    .await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateLink {
    /// A fixed amount; leave it out to let the payer choose.
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    pub amount_minor: Option<i64>,
    /// The smallest amount the payer may choose (only without amount_minor).
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    pub minimum_amount_minor: Option<i64>,
    /// The largest amount the payer may choose (only without amount_minor).
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000_000i64)]
    pub maximum_amount_minor: Option<i64>,
    pub currency: String,
    /// True: any number of payments; false (default): stops after the first success.
    pub reusable: Option<bool>,
    #[schema(max_length = 200, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub description: Option<String>,
    #[schema(schema_with = crate::fields::optional_url_schema)]
    pub success_url: Option<String>,
}

#[utoipa::path(post, path = "/payment_links", tag = "checkout", request_body = CreateLink,
    responses((status = 201, description = "The active link with its public URL", body = LinkView)))]
pub async fn create_link(
    Write(state, caller, claim): Write,
    Body(input): Body<CreateLink>,
) -> Result<Response, ApiError> {
    let public_url = state.settings.public_url.clone();
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let new = NewLink {
            amount_minor: input.amount_minor,
            minimum_amount_minor: input.minimum_amount_minor,
            maximum_amount_minor: input.maximum_amount_minor,
            currency: input.currency,
            reusable: input.reusable.unwrap_or(false),
            description: input.description,
            success_url: input.success_url,
        };
        let link = checkout::create_link(tx, &caller, new)?;
        Ok(checkout::link_view(&link, &public_url))
    })
    .await
}

named_list!(LinkList of LinkView, "Newest first.");

#[utoipa::path(get, path = "/payment_links", tag = "checkout", params(LinkQuery),
    responses((status = 200, description = "Links, newest first", body = LinkList)))]
pub async fn list_links(
    Reader(state, caller): Reader,
    Params(query): Params<LinkQuery>,
) -> Result<Response, ApiError> {
    let rows = Rows::owned(PAYMENT_LINK.family, &caller);
    let snapshot = state.store.snapshot()?;
    let found = list::all::<Link>(&snapshot, rows, query.limit, query.cursor.as_deref())?;
    json(
        200,
        &found.map(|l| checkout::link_view(&l, &state.settings.public_url)),
    )
}

#[utoipa::path(post, path = "/payment_links/{id}/deactivate", tag = "checkout",
    params(("id" = String, Path, description = "plink_...")),
    responses((status = 200, description = "The inactive link: its URL shows a clear page and creates nothing", body = LinkView)))]
pub async fn deactivate_link(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let public_url = state.settings.public_url.clone();
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let link = checkout::deactivate_link(tx, &caller, &id)?;
        Ok(checkout::link_view(&link, &public_url))
    })
    .await
}
