//! The HTTP side of reviews of parked money (`domain::review` holds the
//! shape): the member's PIN in live mode, checked before the decision is
//! handed to the writer.

use crate::auth::Principal;
use crate::domain::step_up::Proof;
use crate::error::ApiError;
use crate::mode::Mode;

use super::AppState;
use super::step_up;

/// A review in live mode moves real money on a person's word: it asks for
/// the member's PIN (a PIN sent in test mode is checked too, so a wrong one
/// never passes unnoticed). `what` names the decision in the audit log.
pub async fn step_up(
    state: &AppState,
    caller: &Principal,
    pin: Option<&str>,
    what: &str,
) -> Result<(), ApiError> {
    if caller.mode == Mode::Live || pin.is_some() {
        step_up::require(state, caller, Proof::Pin(pin), what).await?;
    }
    Ok(())
}
