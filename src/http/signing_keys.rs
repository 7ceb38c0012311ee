//! The public registry of the platform's ed25519 keys (`GET /keys`): what
//! verifies `Service-Signature-Ed25519` webhook headers and signed QR payloads.

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::AppState;
use super::operations::operations;
use crate::clock::rfc3339;
use crate::error::ApiError;
use crate::events::signing::{self, KeyStatus};

operations! {
    keys: public(),
}

#[derive(Serialize, ToSchema)]
pub struct PublicKeyView {
    /// The `keyId` of `Service-Signature-Ed25519` headers and signed QR codes.
    id: String,
    algorithm: &'static str,
    /// The raw 32-byte ed25519 public key, base64.
    public_key: String,
    /// `active` keys sign; `retired` keys are kept so old signatures still verify.
    status: KeyStatus,
    created_at: String,
}

#[derive(Serialize, ToSchema)]
pub struct KeyRegistry {
    /// Always `ed25519`.
    algorithm: &'static str,
    keys: Vec<PublicKeyView>,
}

/// Seconds clients may cache the key registry.
const KEYS_MAX_AGE_SECS: u32 = 300;

#[utoipa::path(get, path = "/keys", tag = "webhooks",
    responses((status = 200, description = "Platform ed25519 public keys (ETag; 304 on If-None-Match)", body = KeyRegistry),
              (status = 304, description = "Not modified")))]
pub async fn keys(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    let keys = signing::keys(&state.store.snapshot()?)?;
    let registry = KeyRegistry {
        algorithm: "ed25519",
        keys: keys
            .iter()
            .map(|k| PublicKeyView {
                id: k.id.clone(),
                algorithm: "ed25519",
                public_key: k.public_key.clone(),
                status: k.status,
                created_at: rfc3339(k.created_at_ms),
            })
            .collect(),
    };
    let body = serde_json::to_vec(&registry).map_err(ApiError::internal)?;
    let etag = format!("\"{}\"", &hex::encode(Sha256::digest(&body))[..20]);
    let cache = format!("public, max-age={KEYS_MAX_AGE_SECS}");
    let matches = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        // If-None-Match compares weakly (RFC 9110 section 13.1.2): W/"x" matches "x".
        .is_some_and(|v| {
            v.split(',')
                .map(str::trim)
                .any(|tag| tag == "*" || tag.trim_start_matches("W/") == etag)
        });
    let mut response = if matches {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        super::extract::json_bytes_response(200, body)
    };
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, value);
    }
    if let Ok(value) = HeaderValue::from_str(&cache) {
        headers.insert(header::CACHE_CONTROL, value);
    }
    Ok(response)
}
