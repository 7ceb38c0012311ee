//! The console's one path to the gateway: every read and every action is a
//! request to the API router, in process, as the signed-in member (their
//! session token as the bearer, the console's mode in `Service-Mode`, the
//! form's token as the Idempotency-Key). The gate therefore applies the same
//! role table, guardian, idempotency and validation as for a client of the
//! API, and the handlers call the same domain commands: the console has no
//! second way to the ledger.

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{HeaderValue, Method, Request, Response, header};
use serde_json::Value;
use tower::ServiceExt;

use std::net::SocketAddr;

use super::{Console, Member};
use crate::mode::Mode;

/// Bytes of an API answer the console reads at most (a statement PDF is the
/// largest it downloads).
const ANSWER_BYTES_MAX: usize = 32 * 1024 * 1024;

/// Marks a request the console made for a member: its writes are audited as
/// `console.request` with the member as the actor (`extract::Idempotency`).
#[derive(Debug, Clone, Copy)]
pub struct ConsoleRequest;

/// An API answer: its status, headers and body.
pub struct Answer {
    pub status: u16,
    pub headers: axum::http::HeaderMap,
    pub bytes: Vec<u8>,
}

impl Answer {
    pub fn ok(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// The JSON body (`Null` when empty or not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.bytes).unwrap_or(Value::Null)
    }

    /// The error's message, as the API wrote it for a person.
    pub fn message(&self) -> String {
        let body = self.json();
        match body["message"].as_str() {
            Some(m) => m.to_string(),
            None => format!("the gateway answered {}", self.status),
        }
    }

    /// The error's code (`role_denied`, `session_expired`, ...).
    pub fn code(&self) -> String {
        self.json()["code"].as_str().unwrap_or_default().to_string()
    }
}

/// One request to the API as `member`.
pub struct Call<'a> {
    pub method: Method,
    /// Without the version prefix: `/payment_intents?limit=20`.
    pub path: String,
    pub body: Option<Value>,
    pub idempotency_key: Option<String>,
    pub member: &'a Member,
}

impl<'a> Call<'a> {
    pub fn get(member: &'a Member, path: impl Into<String>) -> Call<'a> {
        Call {
            method: Method::GET,
            path: path.into(),
            body: None,
            idempotency_key: None,
            member,
        }
    }

    /// A write with the form's token as its Idempotency-Key: a second click
    /// on the same form replays the first answer.
    pub fn post(member: &'a Member, path: impl Into<String>, body: Value, form: &str) -> Call<'a> {
        Call {
            method: Method::POST,
            path: path.into(),
            body: Some(body),
            idempotency_key: Some(format!("console-{form}")),
            member,
        }
    }
}

/// `POST /sessions` with the sign-in form's e-mail and password.
pub async fn login(api: &Router, body: Value, peer: Option<SocketAddr>) -> Answer {
    let request = Outgoing {
        method: Method::POST,
        path: "/sessions".into(),
        body: Some(body),
        idempotency_key: None,
        bearer: None,
        peer,
    };
    answer_of(try_send(api, request).await)
}

/// `GET path` as `member`.
pub async fn get(console: &Console, member: &Member, path: impl Into<String>) -> Answer {
    send(&console.api, Call::get(member, path)).await
}

/// Sends `call` to the API router and reads its answer.
pub async fn send(api: &Router, call: Call<'_>) -> Answer {
    let member = call.member;
    let request = Outgoing {
        method: call.method,
        path: call.path,
        body: call.body,
        idempotency_key: call.idempotency_key,
        bearer: Some((member.token.clone(), member.mode)),
        peer: member.peer,
    };
    answer_of(try_send(api, request).await)
}

/// The request as it goes to the router.
struct Outgoing {
    method: Method,
    path: String,
    body: Option<Value>,
    idempotency_key: Option<String>,
    /// The session token and the mode it acts in.
    bearer: Option<(String, Mode)>,
    peer: Option<SocketAddr>,
}

/// A failure to reach the router at all, as an internal error answer.
fn answer_of(result: Result<Answer, String>) -> Answer {
    match result {
        Ok(answer) => answer,
        Err(message) => Answer {
            status: 500,
            headers: Default::default(),
            bytes: serde_json::to_vec(&serde_json::json!({"code": "internal", "message": message}))
                .unwrap_or_default(),
        },
    }
}

async fn try_send(api: &Router, call: Outgoing) -> Result<Answer, String> {
    // The console calls the API as a client would, under `/v1`.
    let mut request = Request::builder()
        .method(call.method)
        .uri(format!("/v1{}", call.path))
        .header(header::ACCEPT, "application/json");
    if let Some((token, mode)) = &call.bearer {
        request = request
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .header("service-mode", mode.as_str());
    }
    if let Some(key) = &call.idempotency_key {
        request = request.header("idempotency-key", key);
    }
    let body = match call.body {
        Some(value) => {
            request = request.header(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            );
            Body::from(serde_json::to_vec(&value).map_err(|e| e.to_string())?)
        }
        None => Body::empty(),
    };
    let mut request = request.body(body).map_err(|e| e.to_string())?;
    request.extensions_mut().insert(ConsoleRequest);
    if let Some(peer) = call.peer {
        request.extensions_mut().insert(ConnectInfo(peer));
    }
    let response: Response<Body> = api
        .clone()
        .oneshot(request)
        .await
        .map_err(|e| e.to_string())?;
    let status = response.status().as_u16();
    let (parts, body) = response.into_parts();
    let bytes = axum::body::to_bytes(body, ANSWER_BYTES_MAX)
        .await
        .map_err(|e| e.to_string())?;
    Ok(Answer {
        status,
        headers: parts.headers,
        bytes: bytes.to_vec(),
    })
}

impl Answer {
    /// The answer of a page the member's role does not show.
    pub fn refused(member: &Member) -> Answer {
        let message = format!(
            "the {} role does not give access to this page",
            member.role.as_str()
        );
        Answer {
            status: 403,
            headers: Default::default(),
            bytes: serde_json::to_vec(
                &serde_json::json!({"code": "role_denied", "message": message}),
            )
            .unwrap_or_default(),
        }
    }
}

impl Answer {
    /// The answer for an id that is not even of the right form.
    pub fn not_found(id: &str) -> Answer {
        Answer {
            status: 404,
            headers: Default::default(),
            bytes: serde_json::to_vec(
                &serde_json::json!({"code": "not_found", "message": format!("no object {id}")}),
            )
            .unwrap_or_default(),
        }
    }
}
