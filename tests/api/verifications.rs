//! Payment verification and resolution (issue 8).

use std::time::Duration;

use serde_json::{Value, json};

use crate::intents::{body, create, id_of, ik, wait_for_status};
use crate::support::{TestServer, assert_error};

fn verify(srv: &TestServer, input: Value) -> crate::support::Resp {
    srv.post("/verifications", srv.sk(), &input, Some(&ik()))
}

fn resolution(srv: &TestServer, query: &str) -> Value {
    let resp = srv.get(&format!("/payment_resolution?{query}"), srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body
}

#[test]
fn each_resolution_answer_follows_the_ledger_and_the_intent() {
    let srv = TestServer::start_args(&["--sandbox-settlement-ms", "300"]);
    let paid = create(
        &srv,
        &body(
            json!({"reference": "order-42", "rails": ["mobile_money"], "customer_msisdn": "+243000000501", "confirm": true}),
        ),
    );
    create(
        &srv,
        &body(
            json!({"amount_minor": 777, "rails": ["mobile_money"], "customer_msisdn": "+243000000408", "confirm": true}),
        ),
    );
    create(
        &srv,
        &body(
            json!({"amount_minor": 555, "rails": ["mobile_money"], "customer_msisdn": "+243000000500", "confirm": true}),
        ),
    );
    let confirmed = resolution(&srv, "reference=order-42");
    assert_eq!(confirmed["answer"], "CONFIRMED", "{confirmed}");
    assert_eq!(confirmed["matches"][0]["payment_intent"], paid["id"]);
    assert!(confirmed["matches"][0]["collection_transaction"].is_string());
    assert_eq!(
        resolution(&srv, "msisdn=%2B243000000408&amount_minor=777")["answer"],
        "AMBIGUOUS"
    );
    assert_eq!(
        resolution(&srv, "msisdn=%2B243000000500&amount_minor=555")["answer"],
        "PENDING"
    );
    assert_eq!(
        resolution(&srv, "reference=nothing-here")["answer"],
        "NOT_FOUND"
    );
    assert_eq!(
        resolution(
            &srv,
            "msisdn=%2B243000000501&amount_minor=10000&currency=USD"
        )["answer"],
        "NOT_FOUND"
    );
    let bad = srv.get("/payment_resolution?window_hours=9999", srv.sk());
    assert_eq!(
        assert_error(&bad, 400, "validation_error")["param"],
        "window_hours"
    );
    // Resolution does not count against the verification quota.
    assert_eq!(srv.get("/verifications/quota", srv.sk()).body["used"], 0);
}

#[test]
fn verifications_by_reference_by_number_and_amount_and_by_sms() {
    let srv = TestServer::start();
    let intent = create(
        &srv,
        &body(
            json!({"amount_minor": 1_000_000, "reference": "order-1", "rails": ["mobile_money"], "customer_msisdn": "+243000000501", "confirm": true}),
        ),
    );
    let by_reference = verify(&srv, json!({"reference": "order-1"}));
    assert_eq!(by_reference.status, 201, "{by_reference:?}");
    assert_eq!(by_reference.body["answer"], "CONFIRMED");
    assert_eq!(by_reference.body["method"], "reference");
    let by_number = verify(
        &srv,
        json!({"msisdn": "+243000000501", "amount_minor": 1_000_000}),
    );
    assert_eq!(by_number.body["answer"], "CONFIRMED", "{by_number:?}");
    let sms = "PGH4X2K9 Confirmed. You have received CDF 10,000.00 from +243000000501 on 22/11/26 at 3:40 PM. Ref order-1.";
    let by_sms = verify(&srv, json!({"sms": sms}));
    assert_eq!(by_sms.body["answer"], "CONFIRMED", "{by_sms:?}");
    assert_eq!(by_sms.body["matches"][0]["payment_intent"], intent["id"]);
    let wrong_amount = verify(&srv, json!({"sms": sms.replace("10,000.00", "9,000.00")}));
    assert_eq!(wrong_amount.body["answer"], "NOT_FOUND");
    let unreadable = verify(&srv, json!({"sms": "hello"}));
    assert_eq!(
        assert_error(&unreadable, 400, "validation_error")["param"],
        "sms"
    );
    let both = verify(
        &srv,
        json!({"reference": "order-1", "msisdn": "+243000000501"}),
    );
    assert_error(&both, 400, "validation_error");
    assert_eq!(srv.get("/verifications/quota", srv.sk()).body["used"], 4);
}

#[test]
fn past_the_free_quota_each_verification_costs_the_price_or_402() {
    let srv = TestServer::start_args(&["--sandbox-settlement-ms", "200"]);
    for _ in 0..30 {
        assert_eq!(
            verify(&srv, json!({"reference": "x"})).body["charged_minor"],
            0
        );
    }
    let quota = srv.get("/verifications/quota", srv.sk()).body;
    assert_eq!(
        (quota["used"].clone(), quota["remaining_free"].clone()),
        (json!(30), json!(0))
    );
    // No funds: refused, and nothing counted.
    assert_error(
        &verify(&srv, json!({"reference": "x"})),
        402,
        "verification_quota_exhausted",
    );
    assert_eq!(srv.get("/verifications/quota", srv.sk()).body["used"], 30);
    // With funds, the fee is taken from available.
    let paid = create(
        &srv,
        &body(
            json!({"rails": ["mobile_money"], "customer_msisdn": "+243000000501", "confirm": true}),
        ),
    );
    wait_for_status(&srv, &id_of(&paid), "SETTLED", Duration::from_secs(10));
    let available = |srv: &TestServer| {
        srv.get("/balance", srv.sk()).body["balances"][0]["available_minor"]
            .as_i64()
            .unwrap_or(0)
    };
    let before = available(&srv);
    let charged = verify(&srv, json!({"reference": "x"}));
    assert_eq!(charged.body["charged_minor"], 25, "{charged:?}");
    assert!(charged.body["fee_transaction"].is_string());
    assert_eq!(available(&srv), before - 25);
}

/// The documented bounds hold (found by API fuzzing: a 65-character reference
/// was accepted): characters are counted, not bytes, and a refusal uses none
/// of the quota.
#[test]
fn verification_inputs_keep_their_documented_lengths() {
    let srv = TestServer::start();
    let longest = "é".repeat(64);
    let ok = verify(&srv, json!({ "reference": longest }));
    assert_eq!(ok.status, 201, "{ok:?}");
    assert_eq!(srv.get("/verifications/quota", srv.sk()).body["used"], 1);
    for (body, param) in [
        (json!({ "reference": "é".repeat(65) }), "reference"),
        (json!({ "reference": "" }), "reference"),
        (json!({ "sms": "x".repeat(1001) }), "sms"),
        (json!({ "sms": "" }), "sms"),
    ] {
        let refused = verify(&srv, body);
        assert_eq!(
            assert_error(&refused, 400, "validation_error")["param"],
            param
        );
    }
    assert_eq!(srv.get("/verifications/quota", srv.sk()).body["used"], 1);
    let query = format!("/payment_resolution?reference={}", "e".repeat(65));
    let refused = srv.get(&query, srv.sk());
    assert_eq!(
        assert_error(&refused, 400, "validation_error")["param"],
        "reference"
    );
}
