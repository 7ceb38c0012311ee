//! Writes: a handler's command runs on the writer thread, inside the
//! request's idempotency claim, and its answer is rendered there so the
//! idempotency record stores exactly the bytes the client receives.

use axum::http::StatusCode;
use axum::response::Response;
use serde::Serialize;

use super::AppState;
use super::extract::reply;
use crate::error::ApiError;
use crate::store::writer::IdempotencyClaim;
use crate::store::{Output, Tx};

/// Runs `work` through the writer and answers with the view it returns, as
/// JSON with `status` (a replay answers with the stored bytes instead).
pub async fn apply<V: Serialize>(
    state: &AppState,
    claim: Option<IdempotencyClaim>,
    status: StatusCode,
    work: impl FnOnce(&mut Tx<'_>) -> Result<V, ApiError> + Send + 'static,
) -> Result<Response, ApiError> {
    apply_output(state, claim, move |tx| {
        Output::json(status.as_u16(), &work(tx)?)
    })
    .await
}

/// Runs `work` through the writer and answers with the output it builds
/// (an empty 204, say).
pub async fn apply_output(
    state: &AppState,
    claim: Option<IdempotencyClaim>,
    work: impl FnOnce(&mut Tx<'_>) -> Result<Output, ApiError> + Send + 'static,
) -> Result<Response, ApiError> {
    let done = state.writer.execute(claim, Box::new(work)).await?;
    Ok(reply(done))
}
