//! The event log and the event catalogue (spec section 4.10).

use crate::domain::webhooks::EVENT;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::extract::{Params, Reader, json};
use super::list::{self, Rows, named_list};
use super::operations::operations;
use crate::domain::events::render;
use crate::error::ApiError;
use crate::events::{self, CATALOGUE, Event, EventView};

operations! {
    list: scope("events:read"),
    types: public(),
}

#[derive(Serialize, ToSchema)]
pub struct EventTypeView {
    #[serde(rename = "type")]
    name: &'static str,
    /// Names the type had before a rename; filters and `GET /events?type=` still accept them.
    formerly: Vec<&'static str>,
    /// When the gateway emits it.
    emitted_when: &'static str,
    /// What a receiver must do with it.
    notes: String,
}

#[derive(Serialize, ToSchema)]
pub struct EventTypeList {
    /// Always `list`.
    object: &'static str,
    data: Vec<EventTypeView>,
}

#[utoipa::path(get, path = "/webhook_events/types", tag = "events",
    responses((status = 200, description = "Every event type the gateway emits, with receiver rules", body = EventTypeList)))]
pub async fn types() -> Result<Response, ApiError> {
    let data = CATALOGUE
        .iter()
        .map(|entry| EventTypeView {
            name: entry.name,
            formerly: entry.formerly.to_vec(),
            emitted_when: entry.emitted_when,
            notes: events::notes(entry),
        })
        .collect();
    json(
        200,
        &EventTypeList {
            object: "list",
            data,
        },
    )
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct EventQuery {
    /// Only events of this type, e.g. `payment_intent.settled`; a former name of a renamed type
    /// (`refund.requested`) selects the type under its current name.
    #[serde(rename = "type")]
    event_type: Option<crate::events::EventType>,
    /// Only events created at or after this time (RFC 3339).
    #[param(format = DateTime)]
    since: Option<String>,
    /// Only events created before this time (RFC 3339).
    #[param(format = DateTime)]
    until: Option<String>,
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^evt_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

named_list!(EventList of EventView, "Newest first.");

#[utoipa::path(get, path = "/events", tag = "events", params(EventQuery),
    responses((status = 200, description = "The event log, newest first: only the events whose object the caller may read (a payout.* event needs payouts:read, ...)", body = EventList)))]
pub async fn list(
    Reader(state, caller): Reader,
    Params(query): Params<EventQuery>,
) -> Result<Response, ApiError> {
    let created = list::Created::parse(query.since.as_deref(), query.until.as_deref())?;
    // Only the events whose object the caller may read (finding 4): checked
    // per row inside the bounded scan, so the page keeps its bound and cursor.
    let keep = |event: &Event| {
        query.event_type.is_none_or(|t| event.event_type == t)
            && created.contains(event.created_at_ms)
            && events::access::may_read(&caller, event.event_type)
    };
    let rows = Rows::owned(EVENT.family, &caller);
    let snapshot = state.store.snapshot()?;
    let found = list::page(&snapshot, rows, query.limit, query.cursor.as_deref(), keep)?;
    json(200, &found.map(render))
}
