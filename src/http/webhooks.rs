//! Webhook endpoints, deliveries and replays.

use crate::domain::webhooks::ENDPOINT;
use std::collections::BTreeMap;

use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::command;
use super::command::Write;
use super::extract::{Body, Params, Path, Reader, json};
use super::list::{self, Rows, named_list};
use super::operations::operations;
use crate::clock::rfc3339;
use crate::domain::webhooks::view::{self, EndpointView};
use crate::domain::webhooks::{self, Delivery, DeliveryStatus, Endpoint, EndpointInput};
use crate::error::{ApiError, ErrorBody};
use crate::store::keys::Child;

operations! {
    replay_event: scope("webhooks:manage"),
    create: scope("webhooks:manage"),
    list: scope("webhooks:manage").added(),
    retrieve: scope("webhooks:manage").added(),
    update: scope("webhooks:manage").added(),
    delete: scope("webhooks:manage").added(),
    deliveries: scope("webhooks:manage"),
    replay_delivery: scope("webhooks:manage"),
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateEndpoint {
    /// Where deliveries are POSTed: an http:// or https:// URL.
    #[schema(
        max_length = 2048,
        pattern = "^https?://[^/\\s\\u0000-\\u001f\\u007f-\\u009f][^\\s\\u0000-\\u001f\\u007f-\\u009f]*$"
    )]
    pub url: String,
    /// Event types to receive: `*` for all, exact types, or a family such as `payment_intent.*`. Default `["*"]`.
    /// Only types whose object the caller may read (a `payout.*` event needs `payouts:read`): another is
    /// refused (403, `param` names it), and `*` from a caller who may not read every type is stored as the
    /// families it may read.
    /// Also accepted as `events` (the origin's name); sending both is an error. Former names of renamed
    /// types (`refund.requested`) are accepted and stored under the current name.
    #[serde(alias = "events")]
    pub enabled_events: Option<Vec<String>>,
    /// The version of the event envelope to send: `2026-09-01` (the only one, and the default).
    #[schema(pattern = "^2026-09-01$")]
    pub api_version: Option<String>,
    /// At most 500 characters.
    #[schema(max_length = 500, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub description: Option<String>,
    pub metadata: Option<BTreeMap<String, String>>,
}

#[derive(Debug, Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct UpdateEndpoint {
    #[schema(schema_with = crate::fields::optional_url_schema)]
    pub url: Option<String>,
    /// Also accepted as `events`; sending both is an error. The same rule as at creation: only types
    /// whose object the caller may read. A new `url` keeps the filters only for a caller who may read them all.
    #[serde(alias = "events")]
    pub enabled_events: Option<Vec<String>>,
    /// `2026-09-01`, the only version.
    #[schema(pattern = "^2026-09-01$")]
    pub api_version: Option<String>,
    /// At most 500 characters.
    #[schema(max_length = 500, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub description: Option<String>,
    pub metadata: Option<BTreeMap<String, String>>,
    /// True stops deliveries; false re-enables (and resets the failure count).
    pub disabled: Option<bool>,
}

#[utoipa::path(post, path = "/webhook_endpoints", tag = "webhooks", request_body = CreateEndpoint,
    responses((status = 201, description = "The endpoint, with its whsec_ secret (shown once)", body = EndpointView),
              (status = 400, description = "Invalid url or event filter", body = ErrorBody),
              (status = 403, description = "scope_denied or role_denied: an event filter takes types whose object the caller may not read", body = ErrorBody)))]
pub async fn create(
    Write(state, caller, claim): Write,
    Body(input): Body<CreateEndpoint>,
) -> Result<Response, ApiError> {
    let egress = state.settings.webhook_egress;
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let input = EndpointInput {
            url: Some(input.url),
            enabled_events: input.enabled_events,
            api_version: input.api_version,
            description: input.description,
            metadata: input.metadata,
            disabled: None,
        };
        let endpoint = webhooks::create_endpoint(tx, &caller, input, egress)?;
        webhooks::audit(tx, &caller, "webhook_endpoint.created", &endpoint)?;
        Ok(view::render(&endpoint, true))
    })
    .await
}

named_list!(EndpointList of EndpointView, "Newest first.");

#[utoipa::path(get, path = "/webhook_endpoints", tag = "webhooks",
    responses((status = 200, description = "The endpoints of this account and mode (at most 16)", body = EndpointList)))]
pub async fn list(Reader(state, caller): Reader) -> Result<Response, ApiError> {
    // At most ENDPOINTS_MAX exist, so they all fit one page.
    let rows = Rows::owned(ENDPOINT.family, &caller);
    let snapshot = state.store.snapshot()?;
    let all = |_: &Endpoint| true;
    let found = list::page(&snapshot, rows, Some(webhooks::ENDPOINTS_MAX), None, all)?;
    json(200, &found.map(|e| view::render(&e, false)))
}

#[utoipa::path(get, path = "/webhook_endpoints/{id}", tag = "webhooks",
    params(("id" = String, Path, description = "we_...")),
    responses((status = 200, description = "The endpoint (without its secret)", body = EndpointView),
              (status = 404, description = "Not found", body = ErrorBody)))]
pub async fn retrieve(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let endpoint = webhooks::read_endpoint(&state.store.snapshot()?, &caller, &id)?;
    json(200, &view::render(&endpoint, false))
}

#[utoipa::path(patch, path = "/webhook_endpoints/{id}", tag = "webhooks",
    params(("id" = String, Path, description = "we_...")), request_body = UpdateEndpoint,
    responses((status = 200, description = "The updated endpoint", body = EndpointView),
              (status = 403, description = "scope_denied or role_denied: the filters (sent, or kept with a new url) take types whose object the caller may not read", body = ErrorBody)))]
pub async fn update(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(input): Body<UpdateEndpoint>,
) -> Result<Response, ApiError> {
    let egress = state.settings.webhook_egress;
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let input = EndpointInput {
            url: input.url,
            enabled_events: input.enabled_events,
            api_version: input.api_version,
            description: input.description,
            metadata: input.metadata,
            disabled: input.disabled,
        };
        let endpoint = webhooks::update_endpoint(tx, &caller, &id, input, egress)?;
        webhooks::audit(tx, &caller, "webhook_endpoint.updated", &endpoint)?;
        Ok(view::render(&endpoint, false))
    })
    .await
}

#[derive(Serialize, ToSchema)]
pub struct DeletedView {
    pub id: String,
    pub object: &'static str,
    pub deleted: bool,
}

#[utoipa::path(delete, path = "/webhook_endpoints/{id}", tag = "webhooks",
    params(("id" = String, Path, description = "we_...")),
    responses((status = 200, description = "Deleted; its pending deliveries fail", body = DeletedView)))]
pub async fn delete(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let endpoint = webhooks::delete_endpoint(tx, &caller, &id)?;
        webhooks::audit(tx, &caller, "webhook_endpoint.deleted", &endpoint)?;
        Ok(DeletedView {
            id: endpoint.id,
            object: "webhook_endpoint",
            deleted: true,
        })
    })
    .await
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryAttemptView {
    number: u32,
    at: String,
    status_code: Option<u16>,
    latency_ms: i64,
    error: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryView {
    id: String,
    /// Always `webhook_delivery`.
    object: &'static str,
    livemode: bool,
    endpoint: String,
    event: String,
    event_type: String,
    status: DeliveryStatus,
    attempts: Vec<DeliveryAttemptView>,
    next_attempt_at: Option<String>,
    replay_of: Option<String>,
    created_at: String,
}

fn delivery_view(delivery: &Delivery) -> DeliveryView {
    DeliveryView {
        id: delivery.id.clone(),
        object: "webhook_delivery",
        livemode: delivery.mode.livemode(),
        endpoint: delivery.endpoint.clone(),
        event: delivery.event.clone(),
        event_type: delivery.event_type.as_str().to_string(),
        status: delivery.status,
        attempts: delivery
            .attempts
            .iter()
            .map(|a| DeliveryAttemptView {
                number: a.number,
                at: rfc3339(a.at_ms),
                status_code: a.status_code,
                latency_ms: a.latency_ms,
                error: a.error.clone(),
            })
            .collect(),
        next_attempt_at: delivery.next_attempt_at_ms.map(rfc3339),
        replay_of: delivery.replay_of.clone(),
        created_at: rfc3339(delivery.created_at_ms),
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct DeliveryQuery {
    /// Only deliveries in this status: PENDING, DELIVERED or FAILED.
    status: Option<DeliveryStatus>,
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^wd_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

named_list!(DeliveryList of DeliveryView, "Newest first.");

#[utoipa::path(get, path = "/webhook_endpoints/{id}/deliveries", tag = "webhooks",
    params(("id" = String, Path, description = "we_..."), DeliveryQuery),
    responses((status = 200, description = "Deliveries to this endpoint with every attempt", body = DeliveryList)))]
pub async fn deliveries(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
    Params(query): Params<DeliveryQuery>,
) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let endpoint = webhooks::read_endpoint(&snapshot, &caller, &id)?;
    // Only deliveries of events the caller may read (finding 4).
    let keep = |d: &Delivery| {
        query.status.is_none_or(|s| d.status == s)
            && crate::events::access::may_read(&caller, d.event_type)
    };
    let rows = Rows::children(Child::Delivery, &endpoint.id);
    let found = list::page(&snapshot, rows, query.limit, query.cursor.as_deref(), keep)?;
    json(200, &found.map(|d| delivery_view(&d)))
}

#[utoipa::path(post, path = "/webhook_deliveries/{id}/replay", tag = "webhooks",
    params(("id" = String, Path, description = "wd_...")),
    responses((status = 201, description = "A new delivery of the same event to the same endpoint", body = DeliveryView),
              (status = 404, description = "No such delivery, or one of an event whose object the caller may not read", body = ErrorBody)))]
pub async fn replay_delivery(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let delivery = webhooks::replay_delivery(tx, &caller, &id)?;
        Ok(delivery_view(&delivery))
    })
    .await
}

#[derive(Serialize, ToSchema)]
pub struct ReplayList {
    object: &'static str,
    /// One new delivery per endpoint that wants the event.
    data: Vec<DeliveryView>,
}

#[utoipa::path(post, path = "/events/{id}/replay", tag = "webhooks",
    params(("id" = String, Path, description = "evt_...")),
    responses((status = 201, description = "New deliveries to every endpoint that wants the event", body = ReplayList),
              (status = 404, description = "No such event, or one whose object the caller may not read", body = ErrorBody)))]
pub async fn replay_event(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let deliveries = webhooks::replay_event(tx, &caller, &id)?;
        Ok(ReplayList {
            object: "list",
            data: deliveries.iter().map(delivery_view).collect(),
        })
    })
    .await
}
