//! Connected accounts, as the areas that act for one use them: a platform's
//! account (`POST /accounts`) and requests that name it in a header.

use serde_json::{Value, json};

use super::{Resp, TestServer, ik};

/// A request with the key, `extra` headers, and on a write a JSON body and an
/// Idempotency-Key.
pub fn with_headers(
    srv: &TestServer,
    method: &str,
    path: &str,
    key: &str,
    extra: &[(&str, &str)],
    input: Option<&Value>,
) -> Resp {
    let auth = format!("Bearer {key}");
    let idem = ik();
    let mut headers = vec![("Authorization", auth.as_str())];
    headers.extend_from_slice(extra);
    if method != "GET" {
        headers.push(("Content-Type", "application/json"));
        headers.push(("Idempotency-Key", idem.as_str()));
    }
    srv.request(
        method,
        path,
        &headers,
        input.map(|b| b.to_string().into_bytes()),
    )
}

/// A request with `Service-Account: account` (and an Idempotency-Key on writes).
pub fn as_account(
    srv: &TestServer,
    method: &str,
    path: &str,
    key: &str,
    account: &str,
    input: Option<&Value>,
) -> Resp {
    with_headers(
        srv,
        method,
        path,
        key,
        &[("Service-Account", account)],
        input,
    )
}

/// A merchant account the platform of `key` connects (`POST /accounts`); asserts 201.
#[track_caller]
pub fn connect(srv: &TestServer, key: Option<&str>, email: &str, bps: i64) -> Value {
    let resp = srv.post(
        "/accounts",
        key,
        &json!({"business_name": "Boutique Amani", "type": "merchant", "email": email,
                "country": "CD", "default_currency": "CDF", "application_fee_bps": bps,
                "metadata": {"ref": "m-1"}}),
        Some(&ik()),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    resp.body
}
