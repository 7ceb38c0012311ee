//! The async side of step-up (`domain::step_up` holds the rules): reads,
//! writer round trips and the slow PIN hash, in the order that keeps the
//! throttle honest. Login counts its attempts with [`count_attempt`] too.

use crate::auth::Principal;
use crate::domain::audit::Actor;
use crate::domain::step_up::{self, Proof};
use crate::domain::team;
use crate::error::ApiError;

use super::AppState;

/// Checks a step-up proof for a session caller. A failure is recorded (and
/// counts towards the lockout) before the error is returned. `purpose` names
/// the operation in the audit log.
pub async fn require(
    state: &AppState,
    caller: &Principal,
    proof: Proof<'_>,
    purpose: &str,
) -> Result<(), ApiError> {
    let now = state.clock.now_ms();
    let challenge = step_up::challenge(&state.store.snapshot()?, caller, proof, purpose)?;
    // Counted before the (slow) PIN check: see `team::take_attempt`.
    let left = count_attempt(state, &challenge.subject, now).await?;
    let step_up::Challenge { pin, hash, subject } = challenge;
    let matched = tokio::task::spawn_blocking(move || crate::secrets::verify_password(&hash, &pin))
        .await
        .map_err(ApiError::internal)?;
    let actor = Actor::of(caller);
    let purpose = purpose.to_string();
    let outcome = state
        .writer
        .run(move |tx| step_up::conclude(tx, &actor, &subject, matched, left, &purpose))
        .await?;
    match outcome {
        None => Ok(()),
        Some(left) => Err(step_up::refusal(left, now)),
    }
}

/// Counts an attempt on a throttled `subject` (a login's email, a member's
/// PIN) in the writer: the attempts left, or the lock's refusal.
pub async fn count_attempt(state: &AppState, subject: &str, now: i64) -> Result<u32, ApiError> {
    let subject = subject.to_string();
    match state
        .writer
        .run(move |tx| team::take_attempt(tx, &subject))
        .await?
    {
        Ok(left) => Ok(left),
        Err(until) => Err(team::locked_error(until, now)),
    }
}
