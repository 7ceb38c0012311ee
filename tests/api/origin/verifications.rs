//! `POST /verifications` and `GET /payment_resolution` as the origin's
//! clients use them (O§27), answered snake_case (the spec's rule).

use serde_json::{Value, json};

use crate::support::ik;
use crate::support::intents::{body, create};
use crate::support::{Resp, TestServer, assert_error};

const PAYER: &str = "+243000000501";

fn verify(srv: &TestServer, input: Value) -> Resp {
    srv.post("/verifications", srv.sk(), &input, Some(&ik()))
}

/// A paid intent of 10 000 CDF with `reference`; settlement waits a minute,
/// so the money is posted to pending and not yet settled.
fn paid(srv: &TestServer, reference: &str) -> Value {
    create(
        srv,
        &body(
            json!({"reference": reference, "rails": ["mobile_money"], "customer_msisdn": PAYER, "confirm": true}),
        ),
    )
}

/// O§27: the origin's body (rail, reference, msisdn without its `+`,
/// amount_minor, currency, window_hours) in one request, and the 201's fields
/// (id vf_..., object, rail, reference, msisdn, amount, window, status,
/// confidence, reasons, match, charged, created_at).
#[test]
fn the_origins_verification_body_is_accepted_and_answered_in_its_shape() {
    let srv = TestServer::start_args(&["--sandbox-settlement-ms", "60000"]);
    let intent = paid(&srv, "order-7");
    let resp = verify(
        &srv,
        json!({
            "rail": "mobile_money", "reference": "order-7", "msisdn": "243000000501",
            "amount_minor": 10_000, "currency": "CDF", "window_hours": 24,
        }),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    let v = &resp.body;
    assert!(
        v["id"].as_str().is_some_and(|id| id.starts_with("vf_")),
        "{v}"
    );
    assert_eq!(v["object"], "verification");
    assert_eq!(
        (
            &v["rail"],
            &v["reference"],
            &v["msisdn"],
            &v["amount_minor"],
            &v["currency"],
            &v["window_hours"]
        ),
        (
            &json!("mobile_money"),
            &json!("order-7"),
            &json!(PAYER),
            &json!(10_000),
            &json!("CDF"),
            &json!(24)
        ),
        "the criteria are echoed, the number with its +: {v}"
    );
    // reference 70 + msisdn 25 + amount 25, capped at 100.
    assert_eq!(
        (&v["status"], &v["confidence"]),
        (&json!("VERIFIED"), &json!(100)),
        "{v}"
    );
    assert_eq!(v["reasons"][0], "ledger_posted");
    assert_eq!(v["match"]["payment_intent"], intent["id"]);
    assert_eq!(v["match"]["score"], 120);
    assert_eq!(v["charged"], false);
    assert!(v["created_at"].is_string());
}

/// O§27: the origin's rail names (operators and operator ids) are accepted
/// on verifications; the default mobile_money narrows nothing, so a card
/// intent is still found.
#[test]
fn origin_rail_names_are_accepted_and_the_default_narrows_nothing() {
    let srv = TestServer::start();
    paid(&srv, "order-8");
    create(
        &srv,
        &body(json!({"reference": "card-8", "rails": ["card"]})),
    );
    for rail in [
        "mpesa",
        "airtel",
        "orange",
        "orange_cd",
        "africell_cd",
        "MOBILE_MONEY",
    ] {
        let resp = verify(&srv, json!({"rail": rail, "reference": "order-8"}));
        assert_eq!(resp.status, 201, "{rail}: {resp:?}");
        assert_eq!(resp.body["status"], "VERIFIED", "{rail}");
    }
    let card = verify(&srv, json!({"reference": "card-8"}));
    assert_eq!(
        (&card.body["rail"], &card.body["status"]),
        (&json!("mobile_money"), &json!("PENDING")),
        "{card:?}"
    );
}

/// O§27: "Needs a reference or msisdn + amount -> else 400 criteria_required.
/// Uses no quota."
#[test]
fn resolution_without_criteria_is_criteria_required() {
    let srv = TestServer::start();
    for query in [
        "",
        "?msisdn=243000000501",
        "?amount_minor=10000&currency=CDF",
    ] {
        let resp = srv.get(&format!("/payment_resolution{query}"), srv.sk());
        assert_eq!(
            assert_error(&resp, 400, "criteria_required")["bp"],
            "BP-2017"
        );
    }
    assert_error(
        &verify(&srv, json!({"rail": "mobile_money"})),
        400,
        "criteria_required",
    );
    assert_eq!(srv.get("/verifications/quota", srv.sk()).body["used"], 0);
}

/// O§27: the verdict under `resolution`, with confidence, reasons, criteria
/// and matches carrying score and matched_on (and the origin's intent_id,
/// transaction_id, stage, at beside paygate's names); a note for people.
/// Spec S§3 wins over the origin's "settled -> VERIFIED": CONFIRMED means a
/// ledger posting exists, and this payment is posted but not yet settled.
#[test]
fn resolution_answers_in_the_origins_shape_and_confirmed_means_posted() {
    let srv = TestServer::start_args(&["--sandbox-settlement-ms", "60000"]);
    let intent = paid(&srv, "order-9");
    assert_eq!(intent["status"], "SETTLEMENT_PENDING", "{intent}");
    let resp = srv.get(
        "/payment_resolution?reference=order-9&msisdn=243000000501&amount_minor=10000&window_hours=48",
        srv.sk(),
    );
    assert_eq!(resp.status, 200, "{resp:?}");
    let r = &resp.body;
    assert_eq!(r["object"], "payment_resolution");
    assert_eq!(
        (&r["resolution"], &r["confidence"]),
        (&json!("CONFIRMED"), &json!(100)),
        "{r}"
    );
    assert_eq!(
        r["reasons"],
        json!([
            "ledger_posted",
            "matched_reference",
            "matched_msisdn",
            "matched_amount"
        ])
    );
    assert_eq!(
        r["criteria"],
        json!({"reference": "order-9", "msisdn": PAYER, "amount_minor": 10_000, "currency": null, "window_hours": 48})
    );
    let m = &r["matches"][0];
    assert_eq!(
        (&m["intent_id"], &m["payment_intent"]),
        (&intent["id"], &intent["id"])
    );
    assert!(
        m["transaction_id"]
            .as_str()
            .is_some_and(|t| t.starts_with("txn_")),
        "{m}"
    );
    assert_eq!(m["transaction_id"], m["collection_transaction"]);
    assert_eq!(
        (&m["stage"], &m["amount_minor"], &m["currency"]),
        (&json!("SETTLEMENT_PENDING"), &json!(10_000), &json!("CDF"))
    );
    assert!(m["at"].is_string());
    assert_eq!(
        (&m["score"], &m["matched_on"]),
        (&json!(120), &json!(["reference", "msisdn", "amount"]))
    );
    assert!(r["note"].as_str().is_some_and(|n| !n.is_empty()));
    // A + left unencoded in the query arrives as a space, and is read as a +.
    let raw = srv.get(
        "/payment_resolution?msisdn=+243000000501&amount_minor=10000",
        srv.sk(),
    );
    assert_eq!(raw.status, 200, "{raw:?}");
    assert_eq!(
        (&raw.body["criteria"]["msisdn"], &raw.body["resolution"]),
        (&json!(PAYER), &json!("CONFIRMED"))
    );
}

/// O§27: scores (reference 70, msisdn 25, amount 25, a candidate needs 50)
/// and the verdicts' order: a tie is AMBIGUOUS (<=60), a wrong amount
/// MISMATCH (40), which `GET /payment_resolution` counts as AMBIGUOUS.
#[test]
fn ties_are_ambiguous_and_a_wrong_amount_is_a_mismatch() {
    let srv = TestServer::start_args(&["--sandbox-settlement-ms", "60000"]);
    paid(&srv, "dup");
    paid(&srv, "dup");
    paid(&srv, "single");
    let tie = verify(&srv, json!({"reference": "dup"}));
    assert_eq!(
        (&tie.body["status"], &tie.body["confidence"]),
        (&json!("AMBIGUOUS"), &json!(60)),
        "{tie:?}"
    );
    let wrong = verify(&srv, json!({"reference": "single", "amount_minor": 9_999}));
    assert_eq!(
        (&wrong.body["status"], &wrong.body["confidence"]),
        (&json!("MISMATCH"), &json!(40)),
        "{wrong:?}"
    );
    let resolved = srv
        .get(
            "/payment_resolution?reference=single&amount_minor=9999",
            srv.sk(),
        )
        .body;
    assert_eq!(
        (&resolved["resolution"], &resolved["confidence"]),
        (&json!("AMBIGUOUS"), &json!(40)),
        "{resolved}"
    );
    // A number with a wrong amount is 25 points: no candidate, though three
    // payments have that number.
    let number = verify(&srv, json!({"msisdn": "243000000501", "amount_minor": 1}));
    assert_eq!(number.body["status"], "NOT_FOUND", "{number:?}");
}
