//! The audit log: who did what, newest first (owners and admins).

use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::clock::rfc3339;
use crate::domain::audit;
use crate::error::ApiError;
use crate::http::extract::{Params, Reader, json};
use crate::http::list::{List, cursor, limit, named_list};
use crate::http::operations::operations;
use crate::mode::Mode;

operations! {
    audit_log: session(roles::AUDIT_LOG_READ).added(),
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AuditView {
    id: String,
    /// Always `audit_entry`.
    object: &'static str,
    action: String,
    target: Option<String>,
    /// `member`, `api_key`, `cli` or `anonymous`.
    actor_type: String,
    /// The organisation of the actor: a platform acting for this connected
    /// account (Service-Account) is named here in the customer's log.
    actor_organisation: String,
    member: Option<String>,
    email: Option<String>,
    api_key: Option<String>,
    client_ip: Option<String>,
    /// The connected account acted for (Service-Account), if any.
    account: Option<String>,
    livemode: Option<bool>,
    #[schema(value_type = Object)]
    details: serde_json::Value,
    created_at: String,
}

named_list!(AuditList of AuditView, "Newest first.");

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ListAudit {
    pub limit: Option<usize>,
    pub cursor: Option<String>,
}

#[utoipa::path(get, path = "/audit_log", tag = "team",
    params(("limit" = Option<usize>, Query, description = "1 to 200, default 50"),
           ("cursor" = Option<String>, Query, description = "next_cursor of the previous page")),
    responses((status = 200, description = "Audit entries, newest first (owners and admins)", body = AuditList)))]
pub async fn audit_log(
    Reader(state, caller): Reader,
    Params(params): Params<ListAudit>,
) -> Result<Response, ApiError> {
    let limit = limit(params.limit)?;
    let cursor = cursor(params.cursor.as_deref(), "aud")?;
    let (entries, has_more) = audit::list(&state.store.snapshot()?, &caller.org, cursor, limit)?;
    let page = List::cut(entries, has_more, |e| &e.id);
    json(
        200,
        &page.map(|e| AuditView {
            id: e.id,
            object: "audit_entry",
            action: e.action,
            target: e.target,
            actor_type: e.actor.kind,
            actor_organisation: e.actor.org,
            member: e.actor.member_id,
            email: e.actor.email,
            api_key: e.actor.key_id,
            client_ip: e.actor.client_ip,
            account: e.actor.account,
            livemode: e.actor.mode.map(Mode::livemode),
            details: e.details,
            created_at: rfc3339(e.created_at_ms),
        }),
    )
}
