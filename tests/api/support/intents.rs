//! Payment intents on the sandbox rail, as the scenarios of every area use
//! them: the magic payer numbers, a request body, create, read, act, list, and
//! waiting for a status or the settlement.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::{Resp, TestServer, ik, wait_until};

pub const SUCCEED: &str = "+243000000501";
pub const FAIL: &str = "+243000000404";
pub const AMBIGUOUS: &str = "+243000000408";
pub const TIMEOUT_THEN_SUCCEED: &str = "+243000000500";
pub const UNAVAILABLE: &str = "+243000000503";
pub const DECLINED: &str = "+243812340000";

/// `{amount_minor: 10000, currency: CDF}` with `extra`'s fields added.
pub fn body(extra: Value) -> Value {
    let mut base = json!({"amount_minor": 10_000, "currency": "CDF"});
    if let (Some(base), Some(extra)) = (base.as_object_mut(), extra.as_object()) {
        for (k, v) in extra {
            base.insert(k.clone(), v.clone());
        }
    }
    base
}

/// A mobile-money intent of 10 000 CDF whose payer is `msisdn`.
pub fn mm(msisdn: &str) -> Value {
    body(json!({"rails": ["mobile_money"], "customer_msisdn": msisdn, "confirm": true}))
}

/// `POST /payment_intents` with `key` and a fresh Idempotency-Key.
pub fn create_as(srv: &TestServer, key: Option<&str>, body: &Value) -> Resp {
    srv.post("/payment_intents", key, body, Some(&ik()))
}

/// Creates with the test sk key; asserts 201 and returns the intent.
#[track_caller]
pub fn create(srv: &TestServer, body: &Value) -> Value {
    let resp = create_as(srv, srv.sk(), body);
    assert_eq!(resp.status, 201, "create {body}: {resp:?}");
    resp.body
}

pub fn id_of(intent: &Value) -> String {
    intent["id"]
        .as_str()
        .unwrap_or_else(|| panic!("no id in {intent}"))
        .to_string()
}

#[track_caller]
pub fn get_intent(srv: &TestServer, id: &str) -> Value {
    let resp = srv.get(&format!("/payment_intents/{id}"), srv.sk());
    assert_eq!(resp.status, 200, "GET {id}: {resp:?}");
    resp.body
}

/// Polls the intent every 50 ms until it has `status`.
#[track_caller]
pub fn wait_for_status(srv: &TestServer, id: &str, status: &str, within: Duration) -> Value {
    let deadline = Instant::now() + within;
    loop {
        let intent = get_intent(srv, id);
        if intent["status"] == status {
            return intent;
        }
        assert!(
            Instant::now() < deadline,
            "{id} did not reach {status} within {within:?}: {intent}\nserver log:\n{}",
            srv.logs()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// `POST /payment_intents/{id}/<action>` with the sk key and a fresh key.
pub fn act(srv: &TestServer, id: &str, action: &str, body: &Value) -> Resp {
    srv.post(
        &format!("/payment_intents/{id}/{action}"),
        srv.sk(),
        body,
        Some(&ik()),
    )
}

/// `GET /payment_intents` with a query string; asserts 200.
#[track_caller]
pub fn list(srv: &TestServer, key: Option<&str>, query: &str) -> Value {
    let resp = srv.get(&format!("/payment_intents{query}"), key);
    assert_eq!(resp.status, 200, "list {query}: {resp:?}");
    resp.body
}

/// Every intent id the key can list, following cursors, newest first.
#[track_caller]
pub fn list_all_ids(srv: &TestServer, key: Option<&str>) -> Vec<String> {
    let mut ids = Vec::new();
    let mut query = "?limit=100".to_string();
    loop {
        let page = list(srv, key, &query);
        for intent in page["data"].as_array().expect("data") {
            ids.push(id_of(intent));
        }
        match page["next_cursor"].as_str() {
            Some(cursor) if page["has_more"] == true => {
                query = format!("?limit=100&cursor={cursor}")
            }
            _ => return ids,
        }
    }
}

/// Polls the intent until it has settled (`settled_at` set): a refunded
/// intent shows PARTIALLY_REFUNDED or REFUNDED, never SETTLED.
pub fn wait_settled(srv: &TestServer, id: &str) -> Value {
    wait_until(
        Duration::from_secs(10),
        "the settlement",
        || Some(get_intent(srv, id)).filter(|i| i["settled_at"].is_string()),
        || get_intent(srv, id).to_string(),
    )
}
