//! API key management: list, create, rotate, revoke (live keys need step-up).

use crate::domain::api_keys::MISSING_KEY;
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::session_of;
use crate::auth::Principal;
use crate::auth::keys::{self, KeyKind, KeyRecord};
use crate::clock::rfc3339;
use crate::domain::api_keys::state::{Status, Trigger};
use crate::domain::api_keys::{self, NewKey};
use crate::domain::audit::Actor;
use crate::domain::step_up::Proof;
use crate::error::{ApiError, Code, ErrorBody};
use crate::http::AppState;
use crate::http::command;
use crate::http::command::Write;
use crate::http::extract::{Body, Params, Path, Reader, json};
use crate::http::list::{List, cursor, limit, named_list};
use crate::http::operations::operations;
use crate::http::step_up;
use crate::mode::Mode;

operations! {
    list_keys: session(roles::API_KEYS_MANAGE),
    create_key: session(roles::API_KEYS_MANAGE),
    rotate_key: session(roles::API_KEYS_MANAGE),
    revoke_key: session(roles::API_KEYS_MANAGE).added(),
}

#[derive(Debug, Serialize, ToSchema)]
pub struct KeyView {
    id: String,
    /// Always `api_key`.
    object: &'static str,
    kind: KeyKind,
    livemode: bool,
    label: String,
    scopes: Vec<String>,
    allowlist: Vec<String>,
    /// The first characters of the secret (`sk_test_AbC4`).
    redacted: String,
    /// The secret: in the create and rotate responses only.
    #[serde(skip_serializing_if = "Option::is_none")]
    secret: Option<String>,
    /// `active` or `revoked`.
    status: &'static str,
    rotated_from: Option<String>,
    /// The team member who created (or last rotated) the key: the key acts
    /// with that member's identity in the audit log and in maker-checker
    /// rules. None for keys made by the CLI or `init`.
    created_by: Option<String>,
    created_at: String,
    revoked_at: Option<String>,
}

fn key_view(k: &KeyRecord, secret: Option<String>) -> KeyView {
    KeyView {
        id: k.id.clone(),
        object: "api_key",
        kind: k.kind,
        livemode: k.mode.livemode(),
        label: k.label.clone(),
        scopes: k.scopes.clone(),
        allowlist: k.allowlist.clone(),
        redacted: format!("{}...", k.visible),
        secret,
        status: Status::of(k).as_str(),
        rotated_from: k.rotated_from.clone(),
        created_by: k.created_by.clone(),
        created_at: rfc3339(k.created_at_ms),
        revoked_at: k.revoked_at_ms.map(rfc3339),
    }
}

named_list!(KeyList of KeyView, "Newest first.");

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ListKeys {
    /// 1 to 200, default 50.
    pub limit: Option<usize>,
    /// The previous page's `next_cursor` (a `key_` id).
    pub cursor: Option<String>,
}

#[utoipa::path(get, path = "/api_keys", tag = "team",
    params(("limit" = Option<usize>, Query, description = "1 to 200, default 50"),
           ("cursor" = Option<String>, Query, description = "next_cursor of the previous page")),
    responses((status = 200, description = "Keys of the organisation (both modes), newest first, secrets redacted", body = KeyList),
              (status = 403, description = "session_required for an API key", body = ErrorBody)))]
pub async fn list_keys(
    Reader(state, caller): Reader,
    Params(params): Params<ListKeys>,
) -> Result<Response, ApiError> {
    let limit = limit(params.limit)?;
    let cursor = cursor(params.cursor.as_deref(), "key")?;
    let all = keys::list(&state.store.snapshot()?, &caller.org)?;
    let page = List::after(all, cursor, limit, |k: &KeyRecord| &k.id);
    json(200, &page.map(|k| key_view(&k, None)))
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ModeInput {
    Test,
    Live,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateKey {
    pub kind: KeyKind,
    pub mode: ModeInput,
    #[schema(max_length = 200)]
    pub label: Option<String>,
    /// `rk` keys: the scopes chosen (spec section 5 table). `sk` holds `*`, `pk` only `payment_intents:write`.
    pub scopes: Option<Vec<String>>,
    /// Addresses or CIDR blocks the key may be used from (at most 64); empty or absent: anywhere.
    pub allowlist: Option<Vec<String>>,
    /// The member's PIN: step-up, required to create a live key.
    #[schema(max_length = 12)]
    pub pin: Option<String>,
}

#[utoipa::path(post, path = "/api_keys", tag = "team", request_body = CreateKey,
    responses((status = 201, description = "The key with its secret (shown once)", body = KeyView),
              (status = 403, description = "session_required for an API key; role_denied; step_up_required: a live key without a valid PIN", body = ErrorBody)))]
pub async fn create_key(
    Write(state, caller, claim): Write,
    Body(input): Body<CreateKey>,
) -> Result<Response, ApiError> {
    let scopes = api_keys::scopes_for(input.kind, input.scopes)?;
    let label = crate::domain::fields::text("label", input.label, 200)?.unwrap_or_default();
    let allowlist = keys::validate_allowlist(input.allowlist.unwrap_or_default())?;
    let mode = match input.mode {
        ModeInput::Test => Mode::Test,
        ModeInput::Live => Mode::Live,
    };
    if input.kind != KeyKind::Rk {
        api_keys::check_grant(session_of(&caller)?.role, &scopes)?;
    }
    if mode == Mode::Live || input.pin.is_some() {
        let proof = Proof::Pin(input.pin.as_deref());
        step_up::require(&state, &caller, proof, "creating a live API key").await?;
    }
    let actor = Actor::of(&caller);
    let role = caller.session.as_ref().map(|s| s.role);
    let new = NewKey {
        kind: input.kind,
        mode,
        scopes,
        label,
        allowlist,
    };
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let (record, secret) = api_keys::create(tx, &actor, role, new)?;
        Ok(key_view(&record, Some(secret)))
    })
    .await
}

#[derive(Debug, Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct RotateKey {
    /// The member's PIN: step-up, required to rotate a live key.
    #[schema(max_length = 12)]
    pub pin: Option<String>,
}

fn key_for(state: &AppState, caller: &Principal, id: &str) -> Result<KeyRecord, ApiError> {
    let key = if crate::ids::is_id(id, "key") {
        keys::find(&state.store.snapshot()?, &caller.org, id)?
    } else {
        None
    };
    let key = key.ok_or_else(|| ApiError::not_found(MISSING_KEY, id))?;
    api_keys::check_grant(session_of(caller)?.role, &key.scopes)?;
    Ok(key)
}

#[utoipa::path(post, path = "/api_keys/{id}/rotate", tag = "team", request_body = RotateKey,
    params(("id" = String, Path, description = "key_...")),
    responses((status = 200, description = "The new key with its secret (shown once); the old secret is revoked", body = KeyView),
              (status = 403, description = "step_up_required: a live key without a valid PIN", body = ErrorBody),
              (status = 409, description = "The key is already revoked", body = ErrorBody)))]
pub async fn rotate_key(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(input): Body<RotateKey>,
) -> Result<Response, ApiError> {
    let key = key_for(&state, &caller, &id)?;
    if api_keys::state::transition(Status::of(&key), Trigger::Rotate).is_err() {
        return Err(ApiError::new(
            Code::KeyNotFound,
            format!("{id} is revoked; only an active key can be rotated"),
        ));
    }
    // Live keys always need step-up; a PIN sent for a test key is checked too.
    if key.mode == Mode::Live || input.pin.is_some() {
        let proof = Proof::Pin(input.pin.as_deref());
        step_up::require(&state, &caller, proof, "rotating a live API key").await?;
    }
    let actor = Actor::of(&caller);
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let (record, secret) = api_keys::rotate(tx, &actor, &id)?;
        Ok(key_view(&record, Some(secret)))
    })
    .await
}

#[derive(Debug, Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct RevokeKey {
    /// The member's PIN: step-up, required to revoke a live key.
    #[schema(max_length = 12)]
    pub pin: Option<String>,
}

#[utoipa::path(post, path = "/api_keys/{id}/revoke", tag = "team", request_body(content = RevokeKey, description = "Optional: the PIN, for a live key"),
    params(("id" = String, Path, description = "key_...")),
    responses((status = 200, description = "The revoked key; its secret stops working at once", body = KeyView),
              (status = 403, description = "step_up_required: a live key without a valid PIN", body = ErrorBody)))]
pub async fn revoke_key(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(input): Body<RevokeKey>,
) -> Result<Response, ApiError> {
    let key = key_for(&state, &caller, &id)?;
    // Live keys always need step-up; a PIN sent for a test key is checked too.
    if key.mode == Mode::Live || input.pin.is_some() {
        let proof = Proof::Pin(input.pin.as_deref());
        step_up::require(&state, &caller, proof, "revoking a live API key").await?;
    }
    let actor = Actor::of(&caller);
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        Ok(key_view(&api_keys::revoke(tx, &actor, &id)?, None))
    })
    .await
}
