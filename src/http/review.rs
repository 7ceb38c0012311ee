//! The HTTP side of reviews of parked money (`domain::review` holds the
//! shape): every review handler is the same steps around its area's own
//! decision — the evidence checked, the member's PIN in live mode, then the
//! decision in the writer, answered 200 with the object's view.

use axum::http::StatusCode;
use axum::response::Response;
use serde::Serialize;

use crate::auth::Principal;
use crate::domain::Settings;
use crate::domain::review::{self, Evidence, Outcome, ReviewRequest};
use crate::domain::step_up::Proof;
use crate::error::ApiError;
use crate::mode::Mode;
use crate::store::Tx;

use super::command::{self, Write};
use super::step_up;

/// What an area decides: the object reviewed, rendered.
pub trait Decide<V>:
    FnOnce(&mut Tx<'_>, &Settings, &Principal, Outcome, &Evidence) -> Result<V, ApiError>
    + Clone
    + Send
    + 'static
{
}

impl<V, F> Decide<V> for F where
    F: FnOnce(&mut Tx<'_>, &Settings, &Principal, Outcome, &Evidence) -> Result<V, ApiError>
        + Clone
        + Send
        + 'static
{
}

/// Runs one review: `what` names it in the audit of a PIN check
/// ("resolving a payout in review"), `decide` is the area's decision.
pub async fn decide<V: Serialize>(
    Write(state, caller, claim): Write,
    input: ReviewRequest,
    what: &str,
    decide: impl Decide<V>,
) -> Result<Response, ApiError> {
    review::validate(&input.evidence)?;
    pin_in_live_mode(&state, &caller, input.pin.as_deref(), what).await?;
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        decide(tx, &settings, &caller, input.outcome, &input.evidence)
    })
    .await
}

/// A review in live mode moves real money on a person's word: it asks for
/// the member's PIN (a PIN sent in test mode is checked too, so a wrong one
/// never passes unnoticed).
async fn pin_in_live_mode(
    state: &super::AppState,
    caller: &Principal,
    pin: Option<&str>,
    what: &str,
) -> Result<(), ApiError> {
    if caller.mode == Mode::Live || pin.is_some() {
        step_up::require(state, caller, Proof::Pin(pin), what).await?;
    }
    Ok(())
}
