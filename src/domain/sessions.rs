//! Sessions as a member starts and ends them, with their audit entries.
//!
//! Login: an email and a password (and, optionally, the organisation) for a
//! session token, with the lockout of `team` (5 failures in a row lock the
//! email for 15 minutes, known or not). The flow, driven by the handler
//! because two of its steps are slow or need the writer: count the attempt
//! ([`team::take_attempt`], before any check), read the email's members
//! ([`candidates`]), verify the password against a fixed number of hashes
//! off the async workers ([`hashes_to_check`]: the members', then decoys,
//! so an unknown email and an email of one or five organisations cost the
//! same), then [`conclude_login`] in the writer: a session and its audit
//! entry, the organisations to choose from, or the failure's audit entry
//! (decision 332).

use crate::error::{ApiError, Code};
use crate::store::Tx;

use super::audit::{self, Actor};
use super::team::{self, Member, Session, SessionPolicy};
use crate::store::Snapshot;

/// One login attempt, after its password check.
#[derive(Clone)]
pub struct LoginAttempt {
    /// The throttle row of the email (`team::login_subject`).
    pub subject: String,
    /// The email as typed, normalised.
    pub email: String,
    /// The email's members whose password matched and who are active.
    pub members: Vec<Member>,
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
    /// The password is right for members of several organisations and the
    /// login named none: these to choose from (no session).
    ChooseOrganisation { organisations: Vec<OrgChoice> },
    /// Refused; `attempts_left` 0 means the email is now locked.
    Refused { attempts_left: u32 },
}

/// An organisation a login may choose: shown only once the password
/// proved right for a member of it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct OrgChoice {
    pub id: String,
    pub name: String,
}

/// The members a login checks: the email's members, of `organisation`
/// only when the login names one, at most [`team::EMAIL_MEMBERSHIPS_MAX`].
pub fn candidates(
    snapshot: &Snapshot,
    email: &str,
    organisation: Option<&str>,
) -> Result<Vec<Member>, ApiError> {
    let mut members = team::members_by_email(snapshot, email)?;
    if let Some(org) = organisation {
        members.retain(|m| m.org == org);
    }
    members.truncate(team::EMAIL_MEMBERSHIPS_MAX);
    Ok(members)
}

/// The hashes a login verifies, in the order of `candidates`: each
/// candidate's (a decoy for one without a password yet, an unclaimed
/// account's owner), then decoys up to a count that depends only on
/// whether the login named its organisation: 1 when it did, else
/// [`team::EMAIL_MEMBERSHIPS_MAX`]. The time a login takes so tells nothing
/// of how many members, if any, the email has.
pub fn hashes_to_check(candidates: &[Member], organisation_named: bool) -> Vec<String> {
    let checks = if organisation_named {
        1
    } else {
        team::EMAIL_MEMBERSHIPS_MAX
    };
    let decoy = || team::decoy_hash().to_string();
    let mut hashes: Vec<String> = candidates
        .iter()
        .take(checks)
        .map(|m| {
            if m.password_hash.is_empty() {
                decoy()
            } else {
                m.password_hash.clone()
            }
        })
        .collect();
    hashes.resize_with(checks, decoy);
    hashes
}

/// The candidates a login may start a session for: those whose hash
/// verified (`verified`, in the order of [`hashes_to_check`]), if active.
pub fn matched(candidates: Vec<Member>, verified: &[bool]) -> Vec<Member> {
    candidates
        .into_iter()
        .zip(verified)
        .filter(|(m, ok)| **ok && !m.password_hash.is_empty() && m.active())
        .map(|(m, _)| m)
        .collect()
}

/// Starts the session of a verified attempt or records the failure, with
/// its audit entry, in the writer.
pub fn conclude_login(tx: &mut Tx<'_>, attempt: LoginAttempt) -> Result<LoginOutcome, ApiError> {
    let LoginAttempt {
        subject,
        email,
        mut members,
        attempts_left,
        org,
        client_ip,
        policy,
    } = attempt;
    if members.len() > 1 {
        // The password proved right: the attempt is forgiven, and the
        // caller may learn which organisations it opens, nothing more.
        team::clear_failures(tx, &subject)?;
        let mut organisations = Vec::new();
        for m in &members {
            let name = super::org::get(tx, &m.org)?.map(|o| o.name);
            organisations.push(OrgChoice {
                id: m.org.clone(),
                name: name.unwrap_or_default(),
            });
        }
        return Ok(LoginOutcome::ChooseOrganisation { organisations });
    }
    match members.pop() {
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

/// The answer to a login whose password is right in several organisations
/// and that named none: 409 with the organisations to choose from.
pub fn organisation_required(organisations: &[OrgChoice]) -> ApiError {
    ApiError::new(
        Code::OrganisationRequired,
        "this email and password open several organisations: log in again with `organisation` set to one of `details.organisations`",
    )
    .with_param("organisation")
    .with_detail("organisations", serde_json::json!(organisations))
}

/// The refusal of a team operation called without a session (with an API key).
pub fn required() -> ApiError {
    ApiError::new(Code::SessionRequired, "this operation needs a session")
}
