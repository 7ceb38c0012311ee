//! Payment verification and resolution (issue 8; one scorer for both
//! operations, issue 16): the verdicts, the criteria rule, the rail filter,
//! the quota and its fee, and the documented bounds.

use std::time::Duration;

use serde_json::{Value, json};

use crate::support::ik;
use crate::support::intents::{
    AMBIGUOUS, SUCCEED, TIMEOUT_THEN_SUCCEED, act, body, create, id_of, mm, wait_for_status,
};
use crate::support::{Resp, TestServer, assert_error};

/// A payer number without a magic meaning: it pays at once.
const OTHER: &str = "+243000000777";

fn verify(srv: &TestServer, input: Value) -> Resp {
    srv.post("/verifications", srv.sk(), &input, Some(&ik()))
}

/// `POST /verifications`, asserting 201.
#[track_caller]
fn verified(srv: &TestServer, input: Value) -> Value {
    let resp = verify(srv, input.clone());
    assert_eq!(resp.status, 201, "{input}: {resp:?}");
    resp.body
}

#[track_caller]
fn resolution(srv: &TestServer, query: &str) -> Value {
    let resp = srv.get(&format!("/payment_resolution?{query}"), srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body
}

fn used(srv: &TestServer) -> Value {
    srv.get("/verifications/quota", srv.sk()).body["used"].clone()
}

#[test]
fn each_resolution_answer_follows_the_ledger_and_the_intent() {
    let srv = TestServer::start_args(&["--sandbox-settlement-ms", "300"]);
    let paid = create(
        &srv,
        &body(
            json!({"reference": "order-42", "rails": ["mobile_money"], "customer_msisdn": SUCCEED, "confirm": true}),
        ),
    );
    create(
        &srv,
        &body(
            json!({"amount_minor": 777, "rails": ["mobile_money"], "customer_msisdn": AMBIGUOUS, "confirm": true}),
        ),
    );
    create(
        &srv,
        &body(
            json!({"amount_minor": 555, "rails": ["mobile_money"], "customer_msisdn": TIMEOUT_THEN_SUCCEED, "confirm": true}),
        ),
    );
    let confirmed = resolution(&srv, "reference=order-42");
    assert_eq!(confirmed["resolution"], "CONFIRMED", "{confirmed}");
    assert_eq!(confirmed["answer"], "CONFIRMED", "the earlier name stays");
    assert_eq!(confirmed["matches"][0]["payment_intent"], paid["id"]);
    assert!(confirmed["matches"][0]["collection_transaction"].is_string());
    let review = resolution(&srv, "msisdn=%2B243000000408&amount_minor=777");
    assert_eq!(
        (&review["resolution"], &review["reasons"][0]),
        (&json!("AMBIGUOUS"), &json!("manual_review")),
        "{review}"
    );
    let in_flight = resolution(&srv, "msisdn=%2B243000000500&amount_minor=555");
    assert_eq!(
        (&in_flight["resolution"], &in_flight["reasons"][0]),
        (&json!("PENDING"), &json!("in_flight")),
        "{in_flight}"
    );
    assert_eq!(
        resolution(&srv, "reference=nothing-here")["resolution"],
        "NOT_FOUND"
    );
    // Another currency is not the payment asked about, whatever its amount.
    assert_eq!(
        resolution(
            &srv,
            "msisdn=%2B243000000501&amount_minor=10000&currency=USD"
        )["resolution"],
        "NOT_FOUND"
    );
    let bad = srv.get(
        "/payment_resolution?reference=x&window_hours=9999",
        srv.sk(),
    );
    assert_eq!(
        assert_error(&bad, 400, "validation_error")["param"],
        "window_hours"
    );
    // Resolution does not count against the verification quota.
    assert_eq!(used(&srv), 0);
}

/// Every verdict of the scorer, asked through both operations: POST's
/// `status` and GET's `resolution` come from one verdict with one confidence.
#[test]
fn one_scorer_gives_each_verdict_on_both_operations() {
    let srv = TestServer::start_args(&["--sandbox-settlement-ms", "60000"]);
    let paid = create(
        &srv,
        &body(
            json!({"reference": "paid-1", "rails": ["mobile_money"], "customer_msisdn": SUCCEED, "confirm": true}),
        ),
    );
    create(
        &srv,
        &body(
            json!({"reference": "review-1", "rails": ["mobile_money"], "customer_msisdn": AMBIGUOUS, "confirm": true}),
        ),
    );
    // Authorised, not captured: in flight for as long as the test runs.
    let held = create(
        &srv,
        &body(
            json!({"reference": "held-1", "capture_method": "manual", "rails": ["mobile_money"], "customer_msisdn": OTHER, "confirm": true}),
        ),
    );
    assert_eq!(held["status"], "AUTHORISED", "{held}");
    create(&srv, &body(json!({"reference": "open-1"})));
    let dead = create(&srv, &body(json!({"reference": "dead-1"})));
    assert_eq!(act(&srv, &id_of(&dead), "cancel", &json!({})).status, 200);
    create(&srv, &body(json!({"reference": "twice"})));
    create(&srv, &body(json!({"reference": "twice"})));
    let collection = resolution(&srv, "reference=paid-1")["matches"][0]["collection_transaction"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(collection.starts_with("txn_"), "{collection}");
    // (criteria, POST status, GET resolution, confidence, reasons)
    let cases = [
        (
            json!({"reference": "paid-1"}),
            "VERIFIED",
            "CONFIRMED",
            70,
            json!(["ledger_posted", "matched_reference"]),
        ),
        (
            json!({"reference": id_of(&paid)}),
            "VERIFIED",
            "CONFIRMED",
            70,
            json!(["ledger_posted", "matched_reference"]),
        ),
        (
            json!({"reference": collection}),
            "VERIFIED",
            "CONFIRMED",
            80,
            json!(["ledger_posted", "matched_ledger_reference"]),
        ),
        (
            json!({"reference": "paid-1", "msisdn": SUCCEED, "amount_minor": 10_000}),
            "VERIFIED",
            "CONFIRMED",
            100,
            json!([
                "ledger_posted",
                "matched_reference",
                "matched_msisdn",
                "matched_amount"
            ]),
        ),
        (
            json!({"msisdn": SUCCEED, "amount_minor": 10_000}),
            "VERIFIED",
            "CONFIRMED",
            50,
            json!(["ledger_posted", "matched_msisdn", "matched_amount"]),
        ),
        (
            json!({"reference": "paid-1", "amount_minor": 9_000}),
            "MISMATCH",
            "AMBIGUOUS",
            40,
            json!(["amount_mismatch", "matched_reference"]),
        ),
        (
            json!({"reference": "twice"}),
            "AMBIGUOUS",
            "AMBIGUOUS",
            60,
            json!(["tied_candidates", "matched_reference"]),
        ),
        (
            json!({"reference": "review-1"}),
            "AMBIGUOUS",
            "AMBIGUOUS",
            60,
            json!(["manual_review", "matched_reference"]),
        ),
        (
            json!({"reference": "held-1"}),
            "PENDING",
            "PENDING",
            70,
            json!(["in_flight", "matched_reference"]),
        ),
        (
            json!({"reference": "held-1", "msisdn": "243000000777", "amount_minor": 10_000}),
            "PENDING",
            "PENDING",
            90,
            json!([
                "in_flight",
                "matched_reference",
                "matched_msisdn",
                "matched_amount"
            ]),
        ),
        (
            json!({"reference": "open-1"}),
            "PENDING",
            "PENDING",
            70,
            json!(["awaiting_payment", "matched_reference"]),
        ),
        (
            json!({"reference": "dead-1"}),
            "NOT_FOUND",
            "NOT_FOUND",
            0,
            json!(["payment_dead", "matched_reference"]),
        ),
        (
            json!({"reference": "nobody"}),
            "NOT_FOUND",
            "NOT_FOUND",
            0,
            json!(["no_candidate"]),
        ),
        // A wrong amount with only a number is 25 points: no candidate.
        (
            json!({"msisdn": SUCCEED, "amount_minor": 9_000}),
            "NOT_FOUND",
            "NOT_FOUND",
            0,
            json!(["no_candidate"]),
        ),
    ];
    for (criteria, status, answer, confidence, reasons) in cases {
        let post = verified(&srv, criteria.clone());
        assert_eq!(
            (
                &post["status"],
                &post["answer"],
                &post["confidence"],
                &post["reasons"]
            ),
            (&json!(status), &json!(answer), &json!(confidence), &reasons),
            "POST {criteria}: {post}"
        );
        assert_eq!(post["match"], post["matches"][0], "{post}");
        let query = criteria
            .as_object()
            .into_iter()
            .flatten()
            .map(|(k, v)| {
                let v = v
                    .as_str()
                    .map(str::to_string)
                    .unwrap_or_else(|| v.to_string());
                format!("{k}={}", v.replace('+', "%2B"))
            })
            .collect::<Vec<_>>()
            .join("&");
        let get = resolution(&srv, &query);
        assert_eq!(
            (&get["resolution"], &get["confidence"], &get["reasons"]),
            (&json!(answer), &json!(confidence), &reasons),
            "GET {query}: {get}"
        );
        assert!(get["note"].as_str().is_some_and(|n| !n.is_empty()), "{get}");
    }
    assert_eq!(used(&srv), 14);
}

#[test]
fn matches_are_ranked_by_score_then_newest_first() {
    let srv = TestServer::start_args(&["--sandbox-settlement-ms", "60000"]);
    let older = create(&srv, &mm(SUCCEED));
    let newer = create(&srv, &mm(SUCCEED));
    let best = create(
        &srv,
        &body(json!({"reference": "mine", "amount_minor": 5_000})),
    );
    // reference 70 beats number + amount 50; the two at 50 come newest first.
    let query = "reference=mine&msisdn=243000000501&amount_minor=10000";
    let found = resolution(&srv, query);
    let ranked: Vec<(Value, Value)> = found["matches"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|m| (m["payment_intent"].clone(), m["score"].clone()))
        .collect();
    assert_eq!(
        ranked,
        vec![
            (best["id"].clone(), json!(70)),
            (newer["id"].clone(), json!(50)),
            (older["id"].clone(), json!(50)),
        ],
        "{found}"
    );
    // The best, an open intent of another amount: a mismatch.
    assert_eq!(
        (&found["resolution"], &found["reasons"][0]),
        (&json!("AMBIGUOUS"), &json!("amount_mismatch")),
        "{found}"
    );
    assert_eq!(
        found["matches"][1]["matched_on"],
        json!(["msisdn", "amount"])
    );
    assert_eq!(
        found["criteria"],
        json!({"reference": "mine", "msisdn": SUCCEED, "amount_minor": 10_000, "currency": null, "window_hours": 72})
    );
}

#[test]
fn criteria_are_required_on_both_operations_and_a_refusal_counts_nothing() {
    let srv = TestServer::start();
    for query in [
        "",
        "msisdn=%2B243000000501",
        "amount_minor=100",
        "currency=CDF&window_hours=5",
    ] {
        let refused = srv.get(&format!("/payment_resolution?{query}"), srv.sk());
        let error = assert_error(&refused, 400, "criteria_required");
        assert!(error.get("param").is_none(), "{error}");
    }
    for input in [
        json!({}),
        json!({"msisdn": SUCCEED}),
        json!({"amount_minor": 100, "currency": "CDF"}),
        json!({"rail": "mobile_money", "window_hours": 24}),
        // An SMS with an amount but neither a reference nor a number.
        json!({"sms": "You have received CDF 2,500.00"}),
    ] {
        assert_error(&verify(&srv, input), 400, "criteria_required");
    }
    assert_eq!(used(&srv), 0);
}

#[test]
fn a_named_rail_narrows_the_candidates_and_the_default_narrows_nothing() {
    let srv = TestServer::start();
    create(
        &srv,
        &body(json!({"reference": "card-1", "rails": ["card"]})),
    );
    create(
        &srv,
        &body(
            json!({"reference": "mm-1", "rails": ["mobile_money"], "customer_msisdn": SUCCEED, "confirm": true}),
        ),
    );
    let card = verified(&srv, json!({"reference": "card-1"}));
    assert_eq!(
        (&card["status"], &card["rail"]),
        (&json!("PENDING"), &json!("mobile_money")),
        "{card}"
    );
    assert_eq!(
        verified(&srv, json!({"reference": "card-1", "rail": "Card"}))["status"],
        "PENDING"
    );
    let elsewhere = verified(&srv, json!({"reference": "card-1", "rail": "mpesa"}));
    assert_eq!(
        (&elsewhere["status"], &elsewhere["rail"]),
        (&json!("NOT_FOUND"), &json!("mobile_money"))
    );
    assert_eq!(
        verified(&srv, json!({"reference": "mm-1", "rail": "orange_cd"}))["status"],
        "VERIFIED"
    );
    assert_eq!(
        verified(&srv, json!({"reference": "mm-1", "rail": "wallet"}))["status"],
        "NOT_FOUND"
    );
    for rail in ["bitcoin", "vodacom", "orange_congo"] {
        let refused = verify(&srv, json!({"reference": "mm-1", "rail": rail}));
        assert_eq!(
            assert_error(&refused, 400, "validation_error")["param"],
            "rail"
        );
    }
    assert_eq!(used(&srv), 5);
}

#[test]
fn verifications_by_reference_by_number_and_amount_and_by_sms() {
    let srv = TestServer::start();
    let intent = create(
        &srv,
        &body(
            json!({"amount_minor": 1_000_000, "reference": "order-1", "rails": ["mobile_money"], "customer_msisdn": SUCCEED, "confirm": true}),
        ),
    );
    let by_reference = verified(&srv, json!({"reference": "order-1"}));
    assert_eq!(by_reference["answer"], "CONFIRMED");
    assert_eq!(by_reference["method"], "reference");
    let by_number = verified(&srv, json!({"msisdn": SUCCEED, "amount_minor": 1_000_000}));
    assert_eq!(by_number["answer"], "CONFIRMED", "{by_number}");
    assert_eq!(by_number["method"], "msisdn_amount");
    let sms = "PGH4X2K9 Confirmed. You have received CDF 10,000.00 from +243000000501 on 22/11/26 at 3:40 PM. Ref order-1.";
    let by_sms = verified(&srv, json!({"sms": sms}));
    assert_eq!(by_sms["answer"], "CONFIRMED", "{by_sms}");
    assert_eq!(by_sms["matches"][0]["payment_intent"], intent["id"]);
    assert_eq!(
        (
            &by_sms["reference"],
            &by_sms["msisdn"],
            &by_sms["amount_minor"],
            &by_sms["currency"]
        ),
        (
            &json!("order-1"),
            &json!(SUCCEED),
            &json!(1_000_000),
            &json!("CDF")
        )
    );
    // The reference matches, the amount does not: reported, not hidden.
    let wrong_amount = verified(&srv, json!({"sms": sms.replace("10,000.00", "9,000.00")}));
    assert_eq!(
        (&wrong_amount["status"], &wrong_amount["answer"]),
        (&json!("MISMATCH"), &json!("AMBIGUOUS"))
    );
    let unreadable = verify(&srv, json!({"sms": "hello"}));
    assert_eq!(
        assert_error(&unreadable, 400, "validation_error")["param"],
        "sms"
    );
    let mixed = verify(&srv, json!({"sms": sms, "reference": "order-1"}));
    assert_eq!(
        assert_error(&mixed, 400, "validation_error")["param"],
        "sms"
    );
    let other_currency = verify(&srv, json!({"sms": sms, "currency": "USD"}));
    assert_eq!(
        assert_error(&other_currency, 400, "validation_error")["param"],
        "currency"
    );
    // Any combination, as the origin's clients send them.
    let both = verified(&srv, json!({"reference": "order-1", "msisdn": SUCCEED}));
    assert_eq!(
        (&both["status"], &both["match"]["score"]),
        (&json!("VERIFIED"), &json!(95))
    );
    assert_eq!(used(&srv), 5);
}

#[test]
fn past_the_free_quota_each_verification_costs_the_price_or_402() {
    let srv = TestServer::start_args(&["--sandbox-settlement-ms", "200"]);
    for _ in 0..30 {
        let free = verified(&srv, json!({"reference": "x"}));
        assert_eq!(
            (&free["charged_minor"], &free["charged"]),
            (&json!(0), &json!(false))
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
    assert_eq!(used(&srv), 30);
    // With funds, the fee is taken from available.
    let paid = create(&srv, &mm(SUCCEED));
    wait_for_status(&srv, &id_of(&paid), "SETTLED", Duration::from_secs(10));
    let available = |srv: &TestServer| {
        let resp = srv.get("/balance", srv.sk());
        assert_eq!(resp.status, 200, "{resp:?}");
        resp.body["balances"][0]["available_minor"]
            .as_i64()
            .expect("available_minor")
    };
    let before = available(&srv);
    let charged = verified(&srv, json!({"reference": "x"}));
    assert_eq!(
        (&charged["charged_minor"], &charged["charged"]),
        (&json!(25), &json!(true)),
        "{charged}"
    );
    assert!(charged["fee_transaction"].is_string());
    assert_eq!(available(&srv), before - 25);
}

/// The documented bounds hold (found by API fuzzing: a 65-character reference
/// was accepted): characters are counted, not bytes, and a refusal uses none
/// of the quota.
#[test]
fn verification_inputs_keep_their_documented_lengths() {
    let srv = TestServer::start();
    let longest = "é".repeat(64);
    verified(&srv, json!({ "reference": longest }));
    assert_eq!(used(&srv), 1);
    for (body, param) in [
        (json!({ "reference": "é".repeat(65) }), "reference"),
        (json!({ "reference": "" }), "reference"),
        (json!({ "sms": "x".repeat(1001) }), "sms"),
        (json!({ "sms": "" }), "sms"),
        (
            json!({ "msisdn": "2".repeat(21), "amount_minor": 1 }),
            "msisdn",
        ),
        (
            json!({ "msisdn": "0812345678", "amount_minor": 1 }),
            "msisdn",
        ),
        (json!({ "reference": "x", "rail": "m".repeat(33) }), "rail"),
    ] {
        let refused = verify(&srv, body);
        assert_eq!(
            assert_error(&refused, 400, "validation_error")["param"],
            param
        );
    }
    assert_eq!(used(&srv), 1);
    let query = format!("/payment_resolution?reference={}", "e".repeat(65));
    let refused = srv.get(&query, srv.sk());
    assert_eq!(
        assert_error(&refused, 400, "validation_error")["param"],
        "reference"
    );
}
