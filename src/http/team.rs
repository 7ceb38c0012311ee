//! Team members, sessions, API key management and the audit log (issue 6).
//! Every operation here but login needs a session; the gate has already
//! checked the member's role against `auth/roles.rs`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::AppState;
use super::command;
use super::extract::{Body, Caller, Idempotency, Params, Path, json};
use super::list::{List, cursor, limit, named_list};
use crate::auth::keys::{self, KeyKind, KeyRecord};
use crate::auth::roles::Role;
use crate::auth::{Principal, SessionCaller};
use crate::clock::rfc3339;
use crate::domain::audit::{self, Actor};
use crate::domain::step_up::{self, Proof};
use crate::domain::team::{self, Member, Session};
use crate::error::{ApiError, Code, ErrorBody};
use crate::ledger::Mode;
use crate::store::Output;

/// The client's address as the listener saw it (absent in in-process tests).
pub struct ClientIp(pub Option<std::net::IpAddr>);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for ClientIp {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _state: &S,
    ) -> Result<Self, Self::Rejection> {
        Ok(ClientIp(
            parts
                .extensions
                .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
                .map(|c| c.0.ip().to_canonical()),
        ))
    }
}

fn session_of(caller: &Principal) -> Result<&SessionCaller, ApiError> {
    caller
        .session
        .as_ref()
        .ok_or_else(|| ApiError::new(Code::SessionRequired, "this operation needs a session"))
}

// ---------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Login {
    #[schema(max_length = 254)]
    pub email: String,
    #[schema(max_length = 256)]
    pub password: String,
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
    created_at: String,
    updated_at: String,
}

fn member_view(m: &Member) -> MemberView {
    MemberView {
        id: m.id.clone(),
        object: "team_member",
        email: m.email.clone(),
        role: m.role,
        status: if m.active() { "active" } else { "disabled" },
        has_pin: m.pin_hash.is_some(),
        created_at: rfc3339(m.created_at_ms),
        updated_at: rfc3339(m.updated_at_ms),
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SessionView {
    id: String,
    /// Always `session`.
    object: &'static str,
    /// The bearer token (`sess_...`): in the login response only.
    #[serde(skip_serializing_if = "Option::is_none")]
    token: Option<String>,
    member: MemberView,
    created_at: String,
    /// Absolute expiry; the session also ends after `idle_timeout_secs` without use.
    expires_at: String,
    idle_timeout_secs: i64,
}

fn session_view(s: &Session, member: &Member, token: Option<String>) -> SessionView {
    SessionView {
        id: s.id.clone(),
        object: "session",
        token,
        member: member_view(member),
        created_at: rfc3339(s.created_at_ms),
        expires_at: rfc3339(s.expires_at_ms),
        idle_timeout_secs: s.idle_ms / 1000,
    }
}

/// Login: email and password for a session token.
#[utoipa::path(post, path = "/sessions", tag = "team", request_body = Login,
    responses((status = 201, description = "The session with its token (shown once)", body = SessionView),
              (status = 401, description = "invalid_credentials", body = ErrorBody),
              (status = 429, description = "too_many_attempts: locked for 15 minutes after 5 failures", body = ErrorBody)))]
pub async fn login(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    Body(input): Body<Login>,
) -> Result<Response, ApiError> {
    let client_ip = client_ip.map(|ip| ip.to_string());
    let email = team::normalise_email(&input.email);
    let subject = team::login_subject(&email);
    let now = state.clock.now_ms();
    // Counted before the (slow) password check: see `team::take_attempt`.
    let attempt = subject.clone();
    let left = match state
        .writer
        .run(move |tx| team::take_attempt(tx, &attempt))
        .await?
    {
        Ok(left) => left,
        Err(until) => return Err(team::locked_error(until, now)),
    };
    let snapshot = state.store.snapshot()?;
    let member = team::member_by_email(&snapshot, &email)?;
    let hash = member.as_ref().map_or_else(
        || team::decoy_hash().to_string(),
        |m| m.password_hash.clone(),
    );
    let password = input.password;
    let verified =
        tokio::task::spawn_blocking(move || crate::secrets::verify_password(&hash, &password))
            .await
            .map_err(ApiError::internal)?;
    let member = member.filter(|m| verified && m.active());
    let policy = state.settings.sessions;
    let org_of_failure = crate::domain::org::id(&snapshot)?;
    let outcome = state
        .writer
        .run(move |tx| match member {
            Some(member) => {
                team::clear_failures(tx, &subject)?;
                let (session, token) = team::start_session(tx, &member, policy)?;
                let actor = Actor {
                    org: member.org.clone(),
                    kind: "member".into(),
                    member_id: Some(member.id.clone()),
                    email: Some(member.email.clone()),
                    client_ip,
                    ..Actor::default()
                };
                audit::record(
                    tx,
                    &actor,
                    "session.created",
                    Some(&session.id),
                    serde_json::json!({}),
                )?;
                Ok(Ok((session, member, token)))
            }
            None => {
                let actor = Actor {
                    org: org_of_failure,
                    kind: "anonymous".into(),
                    email: Some(email.clone()),
                    client_ip,
                    ..Actor::default()
                };
                audit::record(
                    tx,
                    &actor,
                    "session.login_failed",
                    None,
                    serde_json::json!({ "attempts_left": left }),
                )?;
                Ok(Err(left))
            }
        })
        .await?;
    match outcome {
        Ok((session, member, token)) => json(201, &session_view(&session, &member, Some(token))),
        Err(0) => Err(team::locked_error(now + team::LOCKOUT_MS, now)),
        Err(_) => Err(ApiError::new(
            Code::InvalidCredentials,
            "the email or password is wrong, or the member is disabled",
        )),
    }
}

#[utoipa::path(get, path = "/sessions/current", tag = "team",
    responses((status = 200, description = "The caller's session (without its token)", body = SessionView)))]
pub async fn current(
    State(state): State<AppState>,
    Caller(caller): Caller,
) -> Result<Response, ApiError> {
    let s = session_of(&caller)?;
    let snapshot = state.store.snapshot()?;
    let session: Option<Session> =
        snapshot.get_json(crate::store::Table::Objects, &s.session_id)?;
    let member = team::member(&snapshot, &s.member_id)?;
    match (session, member) {
        (Some(session), Some(member)) => json(200, &session_view(&session, &member, None)),
        _ => Err(ApiError::new(Code::SessionExpired, "the session is gone")),
    }
}

/// Logout: the token stops working at once.
#[utoipa::path(delete, path = "/sessions/current", tag = "team",
    responses((status = 204, description = "Logged out")))]
pub async fn logout(
    State(state): State<AppState>,
    Caller(caller): Caller,
    Idempotency(claim): Idempotency,
) -> Result<Response, ApiError> {
    let s = session_of(&caller)?.clone();
    let actor = Actor::of(&caller);
    command::apply_output(&state, claim, move |tx| {
        team::end_session(tx, &s.session_id)?;
        audit::record(
            tx,
            &actor,
            "session.ended",
            Some(&s.session_id),
            serde_json::json!({}),
        )?;
        Ok(Output::empty())
    })
    .await
}

// ---------------------------------------------------------------------------
// Team members
// ---------------------------------------------------------------------------

named_list!(MemberList of MemberView, "Newest first.");

#[derive(Debug, Deserialize, ToSchema, Default)]
#[serde(deny_unknown_fields)]
pub struct NoParams {}

#[utoipa::path(get, path = "/team/members", tag = "team",
    responses((status = 200, description = "Every member, newest first", body = MemberList)))]
pub async fn list_members(
    State(state): State<AppState>,
    Caller(caller): Caller,
    Params(_): Params<NoParams>,
) -> Result<Response, ApiError> {
    let data = team::members(&state.store.snapshot()?, &caller.org)?
        .iter()
        .map(member_view)
        .collect();
    json(200, &List::whole(data))
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
    State(state): State<AppState>,
    Caller(caller): Caller,
    Idempotency(claim): Idempotency,
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
    let org = caller.org.clone();
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let member = team::add_member(tx, &org, &input.email, input.role, password_hash, pin_hash)?;
        audit::record(
            tx,
            &actor,
            "team_member.created",
            Some(&member.id),
            serde_json::json!({ "email": member.email, "role": member.role }),
        )?;
        Ok(member_view(&member))
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
    State(state): State<AppState>,
    Caller(caller): Caller,
    Idempotency(claim): Idempotency,
    Path(id): Path<String>,
    Body(input): Body<UpdateMember>,
) -> Result<Response, ApiError> {
    let by = session_of(&caller)?.role;
    let actor = Actor::of(&caller);
    let org = caller.org.clone();
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let (member, old) = team::set_role(tx, &org, by, &id, input.role)?;
        audit::record(
            tx,
            &actor,
            "team_member.role_changed",
            Some(&member.id),
            serde_json::json!({ "from": old, "to": member.role }),
        )?;
        Ok(member_view(&member))
    })
    .await
}

#[utoipa::path(post, path = "/team/members/{id}/disable", tag = "team",
    params(("id" = String, Path, description = "mem_...")),
    responses((status = 200, description = "The disabled member; their sessions end at once", body = MemberView)))]
pub async fn disable_member(
    State(state): State<AppState>,
    Caller(caller): Caller,
    Idempotency(claim): Idempotency,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let by = session_of(&caller)?.role;
    let actor = Actor::of(&caller);
    let org = caller.org.clone();
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let member = team::disable(tx, &org, by, &id)?;
        audit::record(
            tx,
            &actor,
            "team_member.disabled",
            Some(&member.id),
            serde_json::json!({}),
        )?;
        Ok(member_view(&member))
    })
    .await
}

// ---------------------------------------------------------------------------
// API keys
// ---------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------
// Audit log
// ---------------------------------------------------------------------------

#[derive(Debug, Serialize, ToSchema)]
pub struct AuditView {
    id: String,
    /// Always `audit_entry`.
    object: &'static str,
    action: String,
    target: Option<String>,
    /// `member`, `api_key`, `cli` or `anonymous`.
    actor_type: String,
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
    params(("limit" = Option<usize>, Query, description = "1 to 100, default 20"),
           ("cursor" = Option<String>, Query, description = "next_cursor of the previous page")),
    responses((status = 200, description = "Audit entries, newest first (owners and admins)", body = AuditList)))]
pub async fn audit_log(
    State(state): State<AppState>,
    Caller(caller): Caller,
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
