//! The request-body budget and deadline, a layer of the router: a body is read
//! whole here, before the gate and the handler, within
//! `paygate serve --body-timeout-secs` and within a byte budget shared by
//! every connection. Bytes of the budget are taken for the declared
//! Content-Length (for [`BODY_BYTES_MAX`] when the length is not declared)
//! before a byte is read, and held until the response is produced, so
//! the bodies in memory never exceed the budget. When it is spent, a new body
//! gets 503 `overloaded` at once instead of waiting: a client that declares a
//! large body and never sends it holds its share for the body timeout at most.
//!
//! The handler gets the bytes as `Body::from(bytes)`: the gate and the
//! extractors read them as before, with the same 413 for an oversized body.

use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tokio::sync::Semaphore;

use crate::error::{ApiError, Code};

/// Request bodies are at most this large (the CSV of a payout batch included).
pub const BODY_BYTES_MAX: usize = 1024 * 1024;

/// Seconds a client refused by the budget is told to wait (`Retry-After`).
const RETRY_AFTER_SECS: &str = "1";

#[derive(Clone)]
pub struct BodyLimits {
    /// One permit per byte of body being read or held.
    budget: Arc<Semaphore>,
    budget_bytes: usize,
    timeout: Duration,
}

impl BodyLimits {
    /// A budget below one largest body would refuse every such body: it is
    /// raised to [`BODY_BYTES_MAX`].
    pub fn new(budget_bytes: usize, timeout: Duration) -> BodyLimits {
        let budget_bytes = budget_bytes.clamp(BODY_BYTES_MAX, Semaphore::MAX_PERMITS);
        BodyLimits {
            budget: Arc::new(Semaphore::new(budget_bytes)),
            budget_bytes,
            timeout,
        }
    }
}

/// The middleware: see the module doc.
pub async fn limit(State(limits): State<BodyLimits>, request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let declared = body.size_hint().exact();
    // No body (GET, or Content-Length: 0): nothing to read or budget.
    if declared == Some(0) || body.is_end_stream() {
        return next.run(Request::from_parts(parts, body)).await;
    }
    let reserve = match declared.map(usize::try_from) {
        Some(Ok(length)) if length <= BODY_BYTES_MAX => length,
        Some(_) => return closing(too_large()),
        None => BODY_BYTES_MAX,
    };
    let permits = u32::try_from(reserve)
        .ok()
        .and_then(|n| limits.budget.clone().try_acquire_many_owned(n).ok());
    let Some(permits) = permits else {
        let mut response = closing(ApiError::new(
            Code::Overloaded,
            format!(
                "the gateway is reading as many request bodies as it holds at once ({} MiB); \
                 nothing was written, retry shortly with the same Idempotency-Key",
                limits.budget_bytes >> 20
            ),
        ));
        response.headers_mut().insert(
            header::RETRY_AFTER,
            HeaderValue::from_static(RETRY_AFTER_SECS),
        );
        return response;
    };
    let bytes = match tokio::time::timeout(limits.timeout, read(body, reserve)).await {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(error)) => return closing(error),
        Err(_) => {
            return closing(ApiError::new(
                Code::RequestTimeout,
                format!(
                    "the request body did not arrive within {} s; nothing was written",
                    limits.timeout.as_secs()
                ),
            ));
        }
    };
    let response = next
        .run(Request::from_parts(parts, Body::from(bytes)))
        .await;
    drop(permits);
    response
}

/// The buffer a body starts with; it grows as bytes arrive, so a client that
/// declares a large body and sends little costs little memory.
const BUFFER_START_BYTES: usize = 16 * 1024;

/// Reads the whole body: at most `reserved` bytes (its share of the budget),
/// which is at most [`BODY_BYTES_MAX`].
async fn read(mut body: Body, reserved: usize) -> Result<Bytes, ApiError> {
    let mut bytes = Vec::with_capacity(reserved.min(BUFFER_START_BYTES));
    while let Some(frame) = std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await {
        let frame = frame.map_err(|e| {
            ApiError::new(Code::InvalidJson, format!("could not read the body: {e}"))
        })?;
        // Trailers carry nothing the API reads.
        let Ok(data) = frame.into_data() else {
            continue;
        };
        let needed = bytes.len().saturating_add(data.len());
        if needed > reserved {
            // Only an undeclared (chunked) body can outgrow its share.
            return Err(too_large());
        }
        if needed > bytes.capacity() {
            // Doubling, but never past the share the budget holds for it.
            let grown = needed.max(bytes.capacity().saturating_mul(2)).min(reserved);
            bytes.reserve_exact(grown - bytes.len());
        }
        bytes.extend_from_slice(&data);
    }
    Ok(Bytes::from(bytes))
}

fn too_large() -> ApiError {
    ApiError::new(
        Code::PayloadTooLarge,
        format!("the request body is larger than {BODY_BYTES_MAX} bytes"),
    )
}

/// An error answered before the body was read whole: the rest of it is not
/// read, so the connection closes after the answer.
fn closing(error: ApiError) -> Response {
    let mut response = error.into_response();
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::Router;
    use axum::routing::post;
    use tower::ServiceExt;

    fn app(limits: BodyLimits) -> Router {
        Router::new()
            .route(
                "/",
                post(|body: Bytes| async move { body.len().to_string() }),
            )
            .layer(axum::middleware::from_fn_with_state(limits, limit))
    }

    async fn send(app: &Router, body: Body) -> (u16, String) {
        let request = Request::post("/").body(body).expect("request");
        let response = app.clone().oneshot(request).await.expect("infallible");
        let status = response.status().as_u16();
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
            .await
            .expect("body");
        (status, String::from_utf8_lossy(&bytes).into_owned())
    }

    #[tokio::test]
    async fn bodies_pass_whole_and_oversized_ones_get_413() {
        let app = app(BodyLimits::new(4 << 20, Duration::from_secs(5)));
        assert_eq!(send(&app, Body::from("hello")).await, (200, "5".into()));
        assert_eq!(send(&app, Body::empty()).await, (200, "0".into()));
        let big = vec![b'x'; BODY_BYTES_MAX + 1];
        let (status, text) = send(&app, Body::from(big)).await;
        assert_eq!(status, 413, "{text}");
        assert!(text.contains("payload_too_large"), "{text}");
    }

    #[tokio::test]
    async fn a_spent_budget_answers_503_at_once_and_a_late_body_408() {
        let limits = BodyLimits::new(BODY_BYTES_MAX, Duration::from_millis(200));
        let app = app(limits.clone());
        // A body that never ends holds the whole budget until its deadline.
        let stalled = Body::new(Stalled);
        let held = tokio::spawn({
            let app = app.clone();
            async move { send(&app, stalled).await }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        let (status, text) = send(&app, Body::from("{}")).await;
        assert_eq!(status, 503, "{text}");
        assert!(text.contains("\"overloaded\""), "{text}");
        let (status, text) = held.await.expect("join");
        assert_eq!(status, 408, "{text}");
        assert!(text.contains("request_timeout"), "{text}");
        // The budget is free again.
        assert_eq!(send(&app, Body::from("{}")).await, (200, "2".into()));
    }

    /// A body of unknown length that never sends a byte.
    struct Stalled;

    impl HttpBody for Stalled {
        type Data = Bytes;
        type Error = std::convert::Infallible;

        fn poll_frame(
            self: Pin<&mut Self>,
            _: &mut std::task::Context<'_>,
        ) -> std::task::Poll<Option<Result<hyper::body::Frame<Bytes>, Self::Error>>> {
            std::task::Poll::Pending
        }
    }
}
