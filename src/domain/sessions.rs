//! Sessions as a member starts and ends them, with their audit entries.
//!
//! Login: an email and a password for a session token, with the lockout of
//! `team` (5 failures in a row lock the email for 15 minutes, known or not).
//! The flow, driven by the handler because two of its steps are slow or
//! need the writer: count the attempt ([`team::take_attempt`], before any
//! check), read the member, verify the password off the async workers (or a
//! decoy hash, so an unknown email costs the same), then [`conclude_login`] in the
//! writer: a session and its audit entry, or the failure's audit entry.

use crate::error::{ApiError, Code};
use crate::store::Tx;

use super::audit::{self, Actor};
use super::team::{self, Member, Session, SessionPolicy};

/// One login attempt, after its password check.
pub struct LoginAttempt {
    /// The throttle row of the email (`team::login_subject`).
    pub subject: String,
    /// The email as typed, normalised.
    pub email: String,
    /// The member the email names, if the password matched and they are active.
    pub member: Option<Member>,
    /// Attempts left before the lock, counted before the check.
    pub attempts_left: u32,
    /// The organisation a failure is recorded under.
    pub org: String,
    pub client_ip: Option<String>,
    pub policy: SessionPolicy,
}

/// What an attempt comes to.
pub enum LoginOutcome {
    /// A new session, with its token (shown once).
    Started {
        session: Session,
        member: Box<Member>,
        token: String,
    },
    /// Refused; `attempts_left` 0 means the email is now locked.
    Refused { attempts_left: u32 },
}

/// Starts the session of a verified attempt or records the failure, with
/// its audit entry, in the writer.
pub fn conclude_login(tx: &mut Tx<'_>, attempt: LoginAttempt) -> Result<LoginOutcome, ApiError> {
    let LoginAttempt {
        subject,
        email,
        member,
        attempts_left,
        org,
        client_ip,
        policy,
    } = attempt;
    match member {
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
            let details = serde_json::json!({});
            audit::record(tx, &actor, "session.created", Some(&session.id), details)?;
            Ok(LoginOutcome::Started {
                session,
                member: Box::new(member),
                token,
            })
        }
        None => {
            team::conclude_failure(tx, &subject)?;
            let actor = Actor {
                org,
                kind: "anonymous".into(),
                email: Some(email),
                client_ip,
                ..Actor::default()
            };
            let details = serde_json::json!({ "attempts_left": attempts_left });
            audit::record(tx, &actor, "session.login_failed", None, details)?;
            Ok(LoginOutcome::Refused { attempts_left })
        }
    }
}

/// The error of a refused attempt: locked after the last one, else wrong
/// credentials (the same whether the email, the password or the member's
/// status was at fault).
pub fn login_refusal(attempts_left: u32, now_ms: i64) -> ApiError {
    if attempts_left == 0 {
        return team::locked_error(now_ms + team::LOCKOUT_MS, now_ms);
    }
    ApiError::new(
        Code::InvalidCredentials,
        "the email or password is wrong, or the member is disabled",
    )
}

/// Ends the caller's session (logout): its token stops working at once.
pub fn log_out(tx: &mut Tx<'_>, actor: &Actor, session_id: &str) -> Result<(), ApiError> {
    team::end_session(tx, session_id)?;
    let details = serde_json::json!({});
    audit::record(tx, actor, "session.ended", Some(session_id), details)
}

/// The refusal of a team operation called without a session (with an API key).
pub fn required() -> ApiError {
    ApiError::new(Code::SessionRequired, "this operation needs a session")
}
