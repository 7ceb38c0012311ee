//! Extractors and renderers shared by every handler: the JSON body that names
//! the field at fault, query strings that reject unknown parameters, the caller,
//! and the rendering of writer replies (lists are in `list.rs`).

use std::net::{IpAddr, SocketAddr};

use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Query, Request};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::AppState;
use crate::auth::Principal;
use crate::error::{ApiError, Code};
use crate::fields::parse_json;
use crate::store::writer::IdempotencyClaim;
use crate::store::{Reply, Snapshot};

// The body limit is the connection layer's (net sits below http); named here
// too for the gate and the router.
pub use crate::net::body::BODY_BYTES_MAX;

/// A JSON request body. An empty body reads as `{}`, so a missing required
/// field is reported by name rather than as "empty body".
pub struct Body<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let content_type = req.headers().get(header::CONTENT_TYPE).cloned();
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(
                    Code::PayloadTooLarge,
                    format!("the request body is larger than {BODY_BYTES_MAX} bytes"),
                )
            } else {
                ApiError::new(
                    Code::InvalidJson,
                    format!("could not read the body: {}", rejection.body_text()),
                )
            }
        })?;
        let is_empty = bytes.iter().all(u8::is_ascii_whitespace);
        if !is_empty {
            check_content_type(content_type.as_ref())?;
        }
        let bytes: &[u8] = if is_empty { b"{}" } else { &bytes };
        parse_json(bytes).map(Body)
    }
}

/// The values of every cookie named `name` the request carries (several
/// when cookies of different paths share a name).
pub fn cookies<'h>(
    headers: &'h axum::http::HeaderMap,
    name: &'h str,
) -> impl Iterator<Item = &'h str> + 'h {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|line| line.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .filter(move |(k, _)| *k == name)
        .map(|(_, v)| v)
}

fn check_content_type(value: Option<&HeaderValue>) -> Result<(), ApiError> {
    let Some(value) = value else { return Ok(()) };
    let essence = value
        .to_str()
        .unwrap_or_default()
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    if essence == "application/json" || essence.ends_with("+json") {
        Ok(())
    } else {
        Err(ApiError::new(
            Code::UnsupportedMediaType,
            format!("send the body as JSON with Content-Type: application/json (got {essence})"),
        ))
    }
}

/// Query parameters; unknown ones are rejected by the `deny_unknown_fields` of `T`.
pub struct Params<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Params<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        match Query::<T>::try_from_uri(&parts.uri) {
            Ok(Query(value)) => Ok(Params(value)),
            Err(rejection) => {
                let text = rejection.body_text();
                let message = text
                    .strip_prefix("Failed to deserialize query string: ")
                    .unwrap_or(&text)
                    .to_string();
                // "limit: invalid digit found in string", "status: unknown variant `X`..."
                // or "unknown field `x`...": a leading "<field>: " wins.
                let field = message
                    .split_once(": ")
                    .map(|(f, _)| f)
                    .filter(|f| !f.contains(' ') && !f.contains('`'))
                    .or_else(|| message.split('`').nth(1))
                    .map(str::to_string);
                let error =
                    ApiError::new(Code::ValidationError, format!("query string: {message}"));
                Err(match field {
                    Some(f) => error.with_param(f),
                    None => error,
                })
            }
        }
    }
}

/// Path parameters (`/refunds/{id}`). axum's own extractor answers a segment
/// that is not UTF-8 (`/refunds/%ff`) with a `text/plain` rejection; this one
/// answers with the error body every other refusal has, naming the parameter.
pub struct Path<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for Path<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(Path(value)),
            Err(rejection) => {
                let text = rejection.body_text();
                // "Invalid URL: Invalid UTF-8 in `id`": the parameter is quoted.
                let param = text.split('`').nth(1).unwrap_or("id").to_string();
                Err(ApiError::new(
                    Code::ValidationError,
                    format!("the path parameter {param} is not valid: {text}"),
                )
                .with_param(param))
            }
        }
    }
}

/// The authenticated caller (set by the gate on every keyed route).
pub struct Caller(pub Principal);

impl<S: Send + Sync> FromRequestParts<S> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        parts
            .extensions
            .get::<Principal>()
            .cloned()
            .map(Caller)
            .ok_or_else(|| ApiError::internal("keyed handler reached without a principal"))
    }
}

/// What every reading handler extracts, in the order the gate checked it: the
/// gateway's state and the authenticated caller (the reads' [`Write`]). A
/// handler destructures it in its signature (`Reader(state, caller): Reader`).
///
/// [`Write`]: super::command::Write
pub struct Reader(pub AppState, pub Principal);

impl FromRequestParts<AppState> for Reader {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let Caller(caller) = Caller::from_request_parts(parts, state).await?;
        Ok(Reader(state.clone(), caller))
    }
}

/// The client's address: the peer of the TCP connection, as the accept loop
/// recorded it (`net::accept`), in canonical form (an IPv4 client of a
/// dual-stack listener is `1.2.3.4`, not `::ffff:1.2.3.4`). Headers such as
/// `X-Forwarded-For` are never read: any client can write them, and this
/// address keys rate limits, key allowlists and the audit log. `None` when the
/// request did not come through the accept loop (in-process tests).
pub fn client_ip(extensions: &axum::http::Extensions) -> Option<IpAddr> {
    extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip().to_canonical())
}

/// The client's address (see [`client_ip`]).
pub struct ClientIp(pub Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientIp(client_ip(&parts.extensions)))
    }
}

/// The idempotency claim of the request, when it carried a key.
pub struct Idempotency(pub Claim);

/// What a write carries to the writer besides its work: the idempotency
/// claim, when the request made one, and the sandbox whose clock the
/// command follows (test mode; `domain::test_clocks`).
#[derive(Debug, Clone, Default)]
pub struct Claim {
    pub idempotency: Option<IdempotencyClaim>,
    pub sandbox: Option<String>,
    /// A platform acting for a connected account (`Service-Account`): the
    /// command records the request in both audit logs when it succeeds.
    pub acting_for: Option<ActingFor>,
}

/// Who acted for a connected account, and with which request.
#[derive(Debug, Clone)]
pub struct ActingFor {
    pub actor: crate::domain::audit::Actor,
    /// `POST /payment_intents`: the method and the path, without the version.
    pub request: String,
    /// The audit action: `service_account.request`, or `console.request`
    /// for a member acting in the console.
    pub action: &'static str,
}

impl Claim {
    /// A write without a request key, in the sandbox of `org` when `mode` is test.
    pub fn in_sandbox(mode: crate::mode::Mode, org: &str) -> Claim {
        Claim {
            idempotency: None,
            sandbox: crate::domain::test_clocks::sandbox_of(mode, org),
            acting_for: None,
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Idempotency {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let principal = parts.extensions.get::<Principal>();
        let sandbox =
            principal.and_then(|p| crate::domain::test_clocks::sandbox_of(p.mode, &p.org));
        // A member's action in the console is audited like a platform's
        // for a connected account: the request, with the member as actor.
        let from_console = parts
            .extensions
            .get::<crate::http::console::ConsoleRequest>()
            .is_some();
        let acting_for = principal
            .filter(|p| from_console || (p.account.is_some() && p.account_org.is_some()))
            .map(|p| ActingFor {
                actor: crate::domain::audit::Actor::of(p),
                request: format!(
                    "{} {}",
                    parts.method,
                    crate::http::gate::unversioned(parts.uri.path())
                ),
                action: if from_console {
                    "console.request"
                } else {
                    "service_account.request"
                },
            });
        Ok(Idempotency(Claim {
            idempotency: parts.extensions.get::<IdempotencyClaim>().cloned(),
            sandbox,
            acting_for,
        }))
    }
}

pub fn json_bytes_response(status: u16, body: Vec<u8>) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::OK);
    if body.is_empty() {
        return status.into_response();
    }
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// Renders a writer reply; replays carry `Idempotent-Replayed: true`.
pub fn reply(reply: Reply) -> Response {
    let mut response = json_bytes_response(reply.output.status, reply.output.body);
    if reply.replayed {
        response
            .headers_mut()
            .insert("idempotent-replayed", HeaderValue::from_static("true"));
    }
    response
}

pub fn json<T: Serialize>(status: u16, value: &T) -> Result<Response, ApiError> {
    let body = serde_json::to_vec(value).map_err(ApiError::internal)?;
    Ok(json_bytes_response(status, body))
}

/// Answers a read with what `answer` makes of a snapshot taken now, as JSON
/// (200): the reads' `command::apply`.
pub fn read_json<V: Serialize>(
    state: &AppState,
    answer: impl FnOnce(&Snapshot) -> Result<V, ApiError>,
) -> Result<Response, ApiError> {
    json(200, &answer(&state.store.snapshot()?)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Input {
        amount_minor: i64,
        inner: Option<Inner>,
    }

    #[derive(serde::Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Inner {
        label: String,
    }

    fn err(body: &str) -> ApiError {
        parse_json::<Input>(body.as_bytes()).expect_err("error")
    }

    #[test]
    fn json_errors_name_the_field() {
        let e = err(r#"{"amount_minor":"12"}"#);
        assert_eq!(
            (e.code, e.param.as_deref()),
            (Code::ValidationError, Some("amount_minor"))
        );
        let e = err(r#"{"amount_minor":1,"colour":"red"}"#);
        assert_eq!(e.param.as_deref(), Some("colour"));
        let e = err(r#"{}"#);
        assert_eq!(e.param.as_deref(), Some("amount_minor"));
        let e = err(r#"{"amount_minor":1,"inner":{"label":1}}"#);
        assert_eq!(e.param.as_deref(), Some("inner.label"));
        let e = err(r#"{"amount_minor":1,"inner":{"label":"x","y":2}}"#);
        assert_eq!(e.param.as_deref(), Some("inner.y"), "{e:?}");
        assert_eq!(err(r#"{"amount_minor":1"#).code, Code::InvalidJson);
        assert_eq!(err(r#"{"amount_minor":1} x"#).code, Code::InvalidJson);
        assert!(!err(r#"{"amount_minor":"12"}"#).message.contains("line 1"));
        assert_eq!(err(r#"[1, 2]"#).code, Code::InvalidJson);
        assert_eq!(err(r#"null"#).code, Code::InvalidJson);
        assert_eq!(
            err(r#"{"amount_minor":1,"amount_minor":2}"#)
                .param
                .as_deref(),
            Some("amount_minor")
        );
    }
}
