//! Writes: a handler's command runs on the writer thread, inside the
//! request's idempotency claim, and its answer is rendered there so the
//! idempotency record stores exactly the bytes the client receives.

use axum::extract::FromRequestParts;
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::Response;
use serde::Serialize;

use super::AppState;
use super::extract::{Caller, Claim, Idempotency, reply};
use crate::auth::Principal;
use crate::domain::{audit, test_clocks};
use crate::error::ApiError;
use crate::store::{Output, Tx};

/// What every write handler extracts, in the order the gate checked it: the
/// gateway's state, the authenticated caller, and the request's idempotency
/// claim. A handler destructures it in its signature
/// (`Write(state, caller, claim): Write`) and passes `claim` to [`apply`].
pub struct Write(pub AppState, pub Principal, pub Claim);

impl FromRequestParts<AppState> for Write {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let Caller(caller) = Caller::from_request_parts(parts, state).await?;
        let Idempotency(claim) = Idempotency::from_request_parts(parts, state).await?;
        Ok(Write(state.clone(), caller, claim))
    }
}

/// Runs `work` through the writer and answers with the view it returns, as
/// JSON with `status` (a replay answers with the stored bytes instead).
pub async fn apply<V: Serialize>(
    state: &AppState,
    claim: Claim,
    status: StatusCode,
    work: impl FnOnce(&mut Tx<'_>) -> Result<V, ApiError> + Clone + Send + 'static,
) -> Result<Response, ApiError> {
    apply_output(state, claim, move |tx| {
        Output::json(status.as_u16(), &work(tx)?)
    })
    .await
}

/// Runs `work` through the writer and answers with the output it builds
/// (an empty 204, say). In a sandbox with a test clock attached, the work
/// reads its time from that clock.
pub async fn apply_output(
    state: &AppState,
    claim: Claim,
    work: impl FnOnce(&mut Tx<'_>) -> Result<Output, ApiError> + Clone + Send + 'static,
) -> Result<Response, ApiError> {
    let Claim {
        idempotency,
        sandbox,
        acting_for,
    } = claim;
    let work = move |tx: &mut Tx<'_>| {
        if let Some(org) = &sandbox {
            test_clocks::follow(tx, org)?;
        }
        let output = work(tx)?;
        // Every write a platform makes for a connected account is in both
        // audit logs, whatever the operation (spec section 5 rule 6).
        if let Some(acting) = &acting_for {
            audit::record(
                tx,
                &acting.actor,
                acting.action,
                acting.actor.account.as_deref(),
                serde_json::json!({ "request": acting.request, "status": output.status }),
            )?;
        }
        Ok(output)
    };
    let done = state.writer.execute_again(idempotency, work).await?;
    Ok(reply(done))
}
