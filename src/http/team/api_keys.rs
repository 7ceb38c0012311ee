//! API key management: list, create, rotate, revoke (live keys need step-up).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::session_of;
use crate::auth::Principal;
use crate::auth::keys::{self, KeyKind, KeyRecord};
use crate::clock::rfc3339;
use crate::domain::audit::{self, Actor};
use crate::domain::step_up::{self, Proof};
use crate::error::{ApiError, Code, ErrorBody};
use crate::http::AppState;
use crate::http::command;
use crate::http::extract::{Body, Caller, Idempotency, Params, Path, json};
use crate::http::list::{List, cursor, limit, named_list};
use crate::ledger::Mode;

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
        status: if k.revoked_at_ms.is_some() {
            "revoked"
        } else {
            "active"
        },
        rotated_from: k.rotated_from.clone(),
        created_at: rfc3339(k.created_at_ms),
        revoked_at: k.revoked_at_ms.map(rfc3339),
    }
}

named_list!(KeyList of KeyView, "Newest first.");

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ListKeys {
    /// 1 to 100, default 20.
    pub limit: Option<usize>,
    /// The previous page's `next_cursor` (a `key_` id).
    pub cursor: Option<String>,
}

#[utoipa::path(get, path = "/api_keys", tag = "team",
    params(("limit" = Option<usize>, Query, description = "1 to 100, default 20"),
           ("cursor" = Option<String>, Query, description = "next_cursor of the previous page")),
    responses((status = 200, description = "Keys of the organisation (both modes), newest first, secrets redacted", body = KeyList),
              (status = 403, description = "session_required for an API key", body = ErrorBody)))]
pub async fn list_keys(
    State(state): State<AppState>,
    Caller(caller): Caller,
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

/// Whether the member's role may manage (or create) a key with these scopes.
fn check_grant(caller: &Principal, scopes: &[String]) -> Result<(), ApiError> {
    let role = session_of(caller)?.role;
    if role.may_grant(scopes) {
        Ok(())
    } else {
        Err(ApiError::new(
            Code::RoleDenied,
            format!(
                "the {} role cannot manage a key with scopes {scopes:?}: a key is never stronger than its creator's role",
                role.as_str()
            ),
        ))
    }
}

#[utoipa::path(post, path = "/api_keys", tag = "team", request_body = CreateKey,
    responses((status = 201, description = "The key with its secret (shown once)", body = KeyView),
              (status = 403, description = "session_required for an API key; role_denied; step_up_required: a live key without a valid PIN", body = ErrorBody)))]
pub async fn create_key(
    State(state): State<AppState>,
    Caller(caller): Caller,
    Idempotency(claim): Idempotency,
    Body(input): Body<CreateKey>,
) -> Result<Response, ApiError> {
    let scopes = match (input.kind, input.scopes) {
        (KeyKind::Rk, scopes) => scopes.unwrap_or_default(),
        (KeyKind::Sk, None) => vec!["*".to_string()],
        (KeyKind::Sk, Some(s)) if s == ["*"] => s,
        (KeyKind::Pk, None) => vec!["payment_intents:write".to_string()],
        (KeyKind::Pk, Some(s)) if s == ["payment_intents:write"] => s,
        (kind, Some(_)) => {
            return Err(ApiError::field(
                "scopes",
                format!(
                    "{} keys have fixed scopes (sk: *, pk: payment_intents:write); choose scopes with kind rk",
                    kind.prefix()
                ),
            ));
        }
    };
    let label = crate::domain::fields::text("label", input.label, 200)?.unwrap_or_default();
    let allowlist = keys::validate_allowlist(input.allowlist.unwrap_or_default())?;
    let mode = match input.mode {
        ModeInput::Test => Mode::Test,
        ModeInput::Live => Mode::Live,
    };
    if input.kind != KeyKind::Rk {
        check_grant(&caller, &scopes)?;
    }
    if mode == Mode::Live || input.pin.is_some() {
        step_up::require(
            &state.store,
            &state.writer,
            state.clock.now_ms(),
            &caller,
            Proof::Pin(input.pin.as_deref()),
            "creating a live API key",
        )
        .await?;
    }
    let actor = Actor::of(&caller);
    let org = caller.org.clone();
    let caller_for_grant = caller.clone();
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let (record, secret) =
            keys::create_with(tx, &org, input.kind, mode, scopes, &label, allowlist)?;
        check_grant(&caller_for_grant, &record.scopes)?;
        audit::record(
            tx,
            &actor,
            "api_key.created",
            Some(&record.id),
            serde_json::json!({
                "kind": record.kind, "mode": record.mode, "scopes": record.scopes,
                "allowlist": record.allowlist, "label": record.label,
            }),
        )?;
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
        keys::by_id(&state.store.snapshot()?, &caller.org, id)?
    } else {
        None
    };
    let key = key.ok_or_else(|| ApiError::new(Code::NotFound, format!("no API key {id}")))?;
    check_grant(caller, &key.scopes)?;
    Ok(key)
}

#[utoipa::path(post, path = "/api_keys/{id}/rotate", tag = "team", request_body = RotateKey,
    params(("id" = String, Path, description = "key_...")),
    responses((status = 200, description = "The new key with its secret (shown once); the old secret is revoked", body = KeyView),
              (status = 403, description = "step_up_required: a live key without a valid PIN", body = ErrorBody),
              (status = 409, description = "The key is already revoked", body = ErrorBody)))]
pub async fn rotate_key(
    State(state): State<AppState>,
    Caller(caller): Caller,
    Idempotency(claim): Idempotency,
    Path(id): Path<String>,
    Body(input): Body<RotateKey>,
) -> Result<Response, ApiError> {
    let key = key_for(&state, &caller, &id)?;
    if key.revoked_at_ms.is_some() {
        return Err(ApiError::new(
            Code::NotFound,
            format!("{id} is revoked; only an active key can be rotated"),
        ));
    }
    // Live keys always need step-up; a PIN sent for a test key is checked too.
    if key.mode == Mode::Live || input.pin.is_some() {
        step_up::require(
            &state.store,
            &state.writer,
            state.clock.now_ms(),
            &caller,
            Proof::Pin(input.pin.as_deref()),
            "rotating a live API key",
        )
        .await?;
    }
    let actor = Actor::of(&caller);
    let org = caller.org.clone();
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let old = keys::by_id_tx(tx, &org, &id)?
            .filter(|k| k.revoked_at_ms.is_none())
            .ok_or_else(|| ApiError::new(Code::NotFound, format!("{id} is revoked")))?;
        let (record, secret) = keys::rotate(tx, old)?;
        audit::record(
            tx,
            &actor,
            "api_key.rotated",
            Some(&record.id),
            serde_json::json!({ "rotated_from": id, "mode": record.mode, "step_up": record.mode == Mode::Live }),
        )?;
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
    State(state): State<AppState>,
    Caller(caller): Caller,
    Idempotency(claim): Idempotency,
    Path(id): Path<String>,
    Body(input): Body<RevokeKey>,
) -> Result<Response, ApiError> {
    let key = key_for(&state, &caller, &id)?;
    // Live keys always need step-up; a PIN sent for a test key is checked too.
    if key.mode == Mode::Live || input.pin.is_some() {
        step_up::require(
            &state.store,
            &state.writer,
            state.clock.now_ms(),
            &caller,
            Proof::Pin(input.pin.as_deref()),
            "revoking a live API key",
        )
        .await?;
    }
    let actor = Actor::of(&caller);
    let org = caller.org.clone();
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let key = keys::by_id_tx(tx, &org, &id)?
            .ok_or_else(|| ApiError::new(Code::NotFound, format!("no API key {id}")))?;
        let key = keys::revoke(tx, key)?;
        audit::record(
            tx,
            &actor,
            "api_key.revoked",
            Some(&key.id),
            serde_json::json!({ "mode": key.mode }),
        )?;
        Ok(key_view(&key, None))
    })
    .await
}
