//! Sessions: login (email, password and, when the email is a member's in
//! several organisations, the organisation, for a token), the current
//! session, logout.

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::members::{MemberView, member_view};
use super::session_of;
use crate::clock::rfc3339;
use crate::domain::audit::Actor;
use crate::domain::sessions::{self, LoginAttempt, LoginOutcome};
use crate::domain::team::{self, Member, Session};
use crate::error::{ApiError, Code, ErrorBody};
use crate::http::AppState;
use crate::http::command;
use crate::http::command::Write;
use crate::http::extract::{Body, json};
use crate::http::extract::{ClientIp, Reader};
use crate::http::operations::operations;
use crate::http::step_up;
use crate::store::{Output, Read};

operations! {
    login: public().added(),
    current: session(roles::SELF).added(),
    logout: session(roles::SELF).added(),
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Login {
    #[schema(max_length = 254)]
    pub email: String,
    #[schema(max_length = 256)]
    pub password: String,
    /// The organisation to sign in to (`org_...`). Needed only when the
    /// email and password are a member's in several organisations: such a
    /// login without it is answered 409 `organisation_required`, listing them.
    #[serde(default)]
    pub organisation: Option<String>,
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

/// Login: email and password (and the organisation, when the email is a
/// member's in several) for a session token.
#[utoipa::path(post, path = "/sessions", tag = "team", request_body = Login,
    responses((status = 201, description = "The session with its token (shown once)", body = SessionView),
              (status = 401, description = "invalid_credentials", body = ErrorBody),
              (status = 409, description = "organisation_required: the password is right in several organisations; `details.organisations` lists them", body = ErrorBody),
              (status = 429, description = "too_many_attempts: locked for 15 minutes after 5 failures", body = ErrorBody)))]
pub async fn login(
    State(state): State<AppState>,
    ClientIp(client_ip): ClientIp,
    Body(input): Body<Login>,
) -> Result<Response, ApiError> {
    let client_ip = client_ip.map(|ip| ip.to_string());
    let organisation = input.organisation;
    if organisation
        .as_deref()
        .is_some_and(|o| !crate::ids::is_id(o, "org"))
    {
        return Err(ApiError::field(
            "organisation",
            "organisation must be an organisation id (org_...)",
        ));
    }
    let email = team::normalise_email(&input.email);
    let subject = team::login_subject(&email);
    let now = state.clock.now_ms();
    // Counted before the (slow) password check: see `team::take_attempt`.
    let left = step_up::count_attempt(&state, &subject, now).await?;
    let snapshot = state.store.snapshot()?;
    let candidates = sessions::candidates(&snapshot, &email, organisation.as_deref())?;
    // As many hashes whatever the email (decision 332).
    let hashes = sessions::hashes_to_check(&candidates, organisation.is_some());
    let password = input.password;
    let verified = tokio::task::spawn_blocking(move || {
        hashes
            .iter()
            .map(|hash| crate::secrets::verify_password(hash, &password))
            .collect::<Vec<bool>>()
    })
    .await
    .map_err(ApiError::internal)?;
    let members = sessions::matched(candidates, &verified);
    // A member signs in to its own organisation.
    let org = match members.as_slice() {
        [m] => m.org.clone(),
        _ => crate::domain::org::instance(&snapshot)?.id,
    };
    let attempt = LoginAttempt {
        subject,
        email,
        members,
        attempts_left: left,
        org,
        client_ip,
        policy: state.settings.sessions,
    };
    let outcome = state
        .writer
        .run(move |tx| sessions::conclude_login(tx, attempt))
        .await?;
    match outcome {
        LoginOutcome::Started {
            session,
            member,
            token,
        } => json(201, &session_view(&session, &member, Some(token))),
        LoginOutcome::ChooseOrganisation { organisations } => {
            Err(sessions::organisation_required(&organisations))
        }
        LoginOutcome::Refused { attempts_left } => Err(sessions::login_refusal(attempts_left, now)),
    }
}

#[utoipa::path(get, path = "/sessions/current", tag = "team",
    responses((status = 200, description = "The caller's session (without its token)", body = SessionView)))]
pub async fn current(Reader(state, caller): Reader) -> Result<Response, ApiError> {
    let s = session_of(&caller)?;
    let snapshot = state.store.snapshot()?;
    let session: Option<Session> = snapshot.object(&s.session_id)?;
    let member = team::member(&snapshot, &s.member_id)?;
    match (session, member) {
        (Some(session), Some(member)) => json(200, &session_view(&session, &member, None)),
        _ => Err(ApiError::new(Code::SessionExpired, "the session is gone")),
    }
}

/// Logout: the token stops working at once.
#[utoipa::path(delete, path = "/sessions/current", tag = "team",
    responses((status = 204, description = "Logged out")))]
pub async fn logout(Write(state, caller, claim): Write) -> Result<Response, ApiError> {
    let s = session_of(&caller)?.clone();
    let actor = Actor::of(&caller);
    command::apply_output(&state, claim, move |tx| {
        sessions::log_out(tx, &actor, &s.session_id)?;
        Ok(Output::empty())
    })
    .await
}
