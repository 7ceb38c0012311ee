//! Step-up: a fresh proof, beyond the session, that the member at the keyboard
//! is who the session says — for rotating live keys now, approving payout
//! batches later. One mechanism: [`require`]. Today the proof is the member's
//! PIN (argon2id hash, throttled like logins: 5 wrong → locked 15 minutes, the
//! count persisted in the store); a passkey assertion can be another
//! [`Proof`] variant without changing the callers.

use crate::auth::Principal;
use crate::error::{ApiError, Code};
use crate::store::{Store, Writer};

use super::audit::{self, Actor};
use super::team;

/// What the caller presents.
pub enum Proof<'a> {
    Pin(Option<&'a str>),
}

/// Checks a step-up proof for a session caller. A failure is recorded (and
/// counts towards the lockout) before the error is returned. `purpose` names
/// the operation in the audit log.
pub async fn require(
    store: &Store,
    writer: &Writer,
    now: i64,
    caller: &Principal,
    proof: Proof<'_>,
    purpose: &str,
) -> Result<(), ApiError> {
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
    let member = team::member(&store.snapshot()?, &session.member_id)?
        .ok_or_else(|| ApiError::new(Code::SessionExpired, "the session's member is gone"))?;
    let Some(hash) = member.pin_hash.clone() else {
        return Err(ApiError::new(
            Code::StepUpRequired,
            "you have no PIN yet; an owner or admin sets one when adding you (or use `paygate users add --pin`)",
        )
        .with_param("pin"));
    };
    let subject = team::pin_subject(&session.member_id);
    // Counted before the (slow) PIN check: see `team::take_attempt`.
    let attempt = subject.clone();
    let left = match writer
        .run(move |tx| team::take_attempt(tx, &attempt))
        .await?
    {
        Ok(left) => left,
        Err(until) => return Err(team::locked_error(until, now)),
    };
    let pin = pin.to_string();
    let ok = tokio::task::spawn_blocking(move || crate::secrets::verify_password(&hash, &pin))
        .await
        .map_err(ApiError::internal)?;
    let actor = Actor::of(caller);
    let purpose = purpose.to_string();
    let outcome = writer
        .run(move |tx| {
            if ok {
                team::clear_failures(tx, &subject)?;
                return Ok(None);
            }
            audit::record(
                tx,
                &actor,
                "step_up.failed",
                Some(&actor.member_id.clone().unwrap_or_default()),
                serde_json::json!({ "purpose": purpose, "attempts_left": left }),
            )?;
            Ok(Some(left))
        })
        .await?;
    match outcome {
        None => Ok(()),
        Some(0) => Err(team::locked_error(now + team::LOCKOUT_MS, now)),
        Some(left) => Err(ApiError::new(
            Code::StepUpRequired,
            format!("the PIN is wrong; {left} attempt(s) left before a 15-minute lock"),
        )
        .with_param("pin")),
    }
}
