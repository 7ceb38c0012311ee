//! Step-up: a fresh proof, beyond the session, that the member at the keyboard
//! is who the session says — for rotating live keys now, approving payout
//! batches later. Today the proof is the member's PIN (argon2id hash,
//! throttled like logins: 5 wrong → locked 15 minutes, the count persisted in
//! the store); a passkey assertion can be another [`Proof`] variant without
//! changing the callers.
//!
//! Sync rules only. `http::step_up::require` runs the flow: [`challenge`] on
//! a snapshot, [`team::take_attempt`] in the writer, the slow hash check off
//! the async workers, then [`conclude`] in the writer.

use crate::auth::Principal;
use crate::error::{ApiError, Code};
use crate::store::{Snapshot, Tx};

use super::audit::{self, Actor};
use super::team;

/// What the caller presents.
pub enum Proof<'a> {
    Pin(Option<&'a str>),
}

/// A proof to verify: the PIN sent, the hash it must match, and the throttle
/// row it counts against.
pub struct Challenge {
    pub pin: String,
    pub hash: String,
    pub subject: String,
}

/// The challenge of a step-up for a session caller, or why there can be none
/// (no session, no PIN sent, no PIN set). `purpose` names the operation.
pub fn challenge(
    snapshot: &Snapshot,
    caller: &Principal,
    proof: Proof<'_>,
    purpose: &str,
) -> Result<Challenge, ApiError> {
    let Some(session) = &caller.session else {
        return Err(ApiError::new(
            Code::StepUpRequired,
            "step-up needs a team member's session",
        ));
    };
    let Proof::Pin(pin) = proof;
    let Some(pin) = pin.filter(|p| !p.is_empty()) else {
        return Err(ApiError::new(
            Code::StepUpRequired,
            format!("{purpose} needs step-up: send your PIN in the pin field"),
        )
        .with_param("pin"));
    };
    let member = team::member(snapshot, &session.member_id)?
        .ok_or_else(|| ApiError::new(Code::SessionExpired, "the session's member is gone"))?;
    let Some(hash) = member.pin_hash else {
        return Err(ApiError::new(
            Code::StepUpRequired,
            "you have no PIN yet; an owner or admin sets one when adding you (or use `paygate users add --pin`)",
        )
        .with_param("pin"));
    };
    Ok(Challenge {
        pin: pin.to_string(),
        hash,
        subject: team::pin_subject(&session.member_id),
    })
}

/// Records the verdict in the writer: a match forgives the counted attempt;
/// a mismatch is audited and answered with `Some(attempts left)`.
pub fn conclude(
    tx: &mut Tx<'_>,
    actor: &Actor,
    subject: &str,
    matched: bool,
    attempts_left: u32,
    purpose: &str,
) -> Result<Option<u32>, ApiError> {
    if matched {
        team::clear_failures(tx, subject)?;
        return Ok(None);
    }
    team::conclude_failure(tx, subject)?;
    audit::record(
        tx,
        actor,
        "step_up.failed",
        Some(&actor.member_id.clone().unwrap_or_default()),
        serde_json::json!({ "purpose": purpose, "attempts_left": attempts_left }),
    )?;
    Ok(Some(attempts_left))
}

/// The error of a wrong PIN: locked after the last attempt.
pub fn refusal(attempts_left: u32, now_ms: i64) -> ApiError {
    if attempts_left == 0 {
        return team::locked_error(now_ms + team::LOCKOUT_MS, now_ms);
    }
    ApiError::new(
        Code::StepUpRequired,
        format!("the PIN is wrong; {attempts_left} attempt(s) left before a 15-minute lock"),
    )
    .with_param("pin")
}
