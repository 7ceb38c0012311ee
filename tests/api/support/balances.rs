//! Money in an organisation's balance: funding it with a settled payment,
//! reading its classes, and a payment's net of fees.

use std::time::Duration;

use serde_json::{Value, json};

use super::TestServer;
use super::intents::{SUCCEED, body, create, id_of, wait_for_status};

/// The organisation is paid `amount` CDF and the money settles to available.
pub fn fund(srv: &TestServer, amount: i64) {
    let paid = create(
        srv,
        &body(json!({"amount_minor": amount, "customer_msisdn": SUCCEED, "confirm": true})),
    );
    wait_for_status(srv, &id_of(&paid), "SETTLED", Duration::from_secs(10));
}

/// (available, pending) of `currency` for `key`; zeros when never held.
#[track_caller]
pub fn balance(srv: &TestServer, key: Option<&str>, currency: &str) -> (i64, i64) {
    let resp = srv.get("/balance", key);
    assert_eq!(resp.status, 200, "{resp:?}");
    let balances = resp.body["balances"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    balances
        .iter()
        .find(|b| b["currency"] == currency)
        .map(|b| {
            (
                b["available_minor"].as_i64().unwrap_or(i64::MIN),
                b["pending_minor"].as_i64().unwrap_or(i64::MIN),
            )
        })
        .unwrap_or((0, 0))
}

/// provider + service + tax of the intent's `fees`.
#[track_caller]
pub fn fee_total(intent: &Value) -> i64 {
    let fees = &intent["fees"];
    ["provider_fee_minor", "service_fee_minor", "tax_minor"]
        .iter()
        .map(|f| {
            fees[f]
                .as_i64()
                .unwrap_or_else(|| panic!("fees.{f} missing: {intent}"))
        })
        .sum()
}

/// A wallet's balances of `currency`: (available, escrow, in transit).
#[track_caller]
pub fn money(srv: &TestServer, key: Option<&str>, currency: &str) -> (i64, i64, i64) {
    let resp = srv.get("/balance", key);
    assert_eq!(resp.status, 200, "{resp:?}");
    let found = resp.body["balances"]
        .as_array()
        .and_then(|b| b.iter().find(|b| b["currency"] == currency).cloned())
        .unwrap_or(json!({}));
    let of = |class: &str| found[class].as_i64().unwrap_or(0);
    (
        of("available_minor"),
        of("escrow_minor"),
        of("in_transit_minor"),
    )
}

pub fn net_of(intent: &Value) -> i64 {
    intent["amount_received_minor"].as_i64().expect("received") - fee_total(intent)
}
