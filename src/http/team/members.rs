//! Team members: list, add, change a role, disable.

use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::session_of;
use crate::auth::roles::Role;
use crate::clock::rfc3339;
use crate::domain::accounts;
use crate::domain::audit::Actor;
use crate::domain::members::{self, NewMember};
use crate::domain::team::{self, Member};
use crate::error::{ApiError, Code, ErrorBody};
use crate::http::command;
use crate::http::command::Write;
use crate::http::extract::{Body, Params, Path, Reader, json};
use crate::http::list::{List, named_list};
use crate::http::operations::operations;

operations! {
    list_members: session(roles::TEAM_MANAGE).added(),
    add_member: session(roles::TEAM_MANAGE).added(),
    update_member: session(roles::TEAM_MANAGE).added(),
    disable_member: session(roles::TEAM_MANAGE).added(),
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MemberView {
    id: String,
    /// Always `team_member`.
    object: &'static str,
    email: String,
    role: Role,
    /// `active` or `disabled`.
    status: &'static str,
    has_pin: bool,
    /// Set on the row of the platform that administers this connected
    /// account (`Service-Account`): it is no person and cannot log in here;
    /// the row goes when the platform detaches.
    #[serde(skip_serializing_if = "Option::is_none")]
    platform: Option<PlatformView>,
    created_at: String,
    updated_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlatformView {
    /// The platform's organisation (`org_...`).
    id: String,
    name: String,
    /// The connected account it acts for (`acct_...`).
    account: String,
}

pub(super) fn member_view(m: &Member) -> MemberView {
    MemberView {
        id: m.id.clone(),
        object: "team_member",
        email: m.email.clone(),
        role: m.role,
        status: if m.active() { "active" } else { "disabled" },
        has_pin: m.pin_hash.is_some(),
        platform: None,
        created_at: rfc3339(m.created_at_ms),
        updated_at: rfc3339(m.updated_at_ms),
    }
}

named_list!(MemberList of MemberView, "Newest first.");

#[derive(Debug, Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct NoParams {}

#[utoipa::path(get, path = "/team/members", tag = "team",
    responses((status = 200, description = "Every member, newest first", body = MemberList)))]
pub async fn list_members(
    Reader(state, caller): Reader,
    Params(_): Params<NoParams>,
) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let mut data: Vec<MemberView> = team::members(&snapshot, &caller.org)?
        .iter()
        .map(member_view)
        .collect();
    if let Some(row) = platform_row(&snapshot, &caller.org)? {
        data.push(row);
    }
    json(200, &List::whole(data))
}

/// A connected account's platform, shown as the administrator it is (spec
/// section 3: the platform appears as administrator under Team).
fn platform_row(
    snapshot: &crate::store::Snapshot,
    org: &str,
) -> Result<Option<MemberView>, ApiError> {
    let Some(account) = accounts::of_organisation(snapshot, org)?.filter(|a| a.connected()) else {
        return Ok(None);
    };
    let platform = crate::domain::org::get(snapshot, &account.owner)?;
    let name = platform
        .as_ref()
        .map(|p| p.name.clone())
        .unwrap_or_default();
    let email = platform.and_then(|p| p.email).unwrap_or_default();
    Ok(Some(MemberView {
        id: account.owner.clone(),
        object: "team_member",
        email,
        role: Role::Admin,
        status: "active",
        has_pin: false,
        platform: Some(PlatformView {
            id: account.owner,
            name,
            account: account.id,
        }),
        created_at: rfc3339(account.created_at_ms),
        updated_at: rfc3339(account.updated_at_ms),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AddMember {
    #[schema(max_length = 254)]
    pub email: String,
    pub role: Role,
    /// The initial password (12 to 256 characters), to hand to the member.
    #[schema(min_length = 12, max_length = 256)]
    pub password: String,
    /// A 6 to 12 digit PIN for step-up.
    #[schema(pattern = "^[0-9]{6,12}$")]
    pub pin: Option<String>,
}

#[utoipa::path(post, path = "/team/members", tag = "team", request_body = AddMember,
    responses((status = 201, description = "The member", body = MemberView),
              (status = 409, description = "member_exists", body = ErrorBody)))]
pub async fn add_member(
    Write(state, caller, claim): Write,
    Body(input): Body<AddMember>,
) -> Result<Response, ApiError> {
    let by = session_of(&caller)?.role;
    if !by.may_assign(input.role) {
        return Err(
            ApiError::new(Code::RoleDenied, "only an owner may add an owner").with_param("role"),
        );
    }
    team::validate_email(&input.email)?;
    team::validate_password(&input.password)?;
    if let Some(pin) = &input.pin {
        team::validate_pin(pin)?;
    }
    let (password, pin) = (input.password, input.pin);
    let (password_hash, pin_hash) = tokio::task::spawn_blocking(move || {
        (
            crate::secrets::hash_password(&password),
            pin.map(|p| crate::secrets::hash_password(&p)),
        )
    })
    .await
    .map_err(ApiError::internal)?;
    let actor = Actor::of(&caller);
    let new = NewMember {
        email: input.email,
        role: input.role,
        password_hash,
        pin_hash,
    };
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        Ok(member_view(&members::add(tx, &actor, new)?))
    })
    .await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateMember {
    pub role: Role,
}

#[utoipa::path(patch, path = "/team/members/{id}", tag = "team", request_body = UpdateMember,
    params(("id" = String, Path, description = "mem_...")),
    responses((status = 200, description = "The member", body = MemberView),
              (status = 409, description = "last_owner", body = ErrorBody)))]
pub async fn update_member(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(input): Body<UpdateMember>,
) -> Result<Response, ApiError> {
    let by = session_of(&caller)?.role;
    let actor = Actor::of(&caller);
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        Ok(member_view(&members::change_role(
            tx, &actor, by, &id, input.role,
        )?))
    })
    .await
}

#[utoipa::path(post, path = "/team/members/{id}/disable", tag = "team",
    params(("id" = String, Path, description = "mem_...")),
    responses((status = 200, description = "The disabled member; their sessions end at once", body = MemberView)))]
pub async fn disable_member(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let by = session_of(&caller)?.role;
    let actor = Actor::of(&caller);
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        Ok(member_view(&members::disable(tx, &actor, by, &id)?))
    })
    .await
}
