//! Disputes (issue 8): hold, evidence before the deadline, won or lost.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::ik;
use crate::support::intents::{body, create, get_intent, id_of, wait_for_status};
use crate::support::{TestServer, assert_error};

const PAYS: &str = "+243000000501";

/// (available, disputed) CDF.
#[track_caller]
fn balances(srv: &TestServer) -> (i64, i64) {
    let resp = srv.get("/balance", srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    let entry = resp.body["balances"]
        .as_array()
        .and_then(|b| b.iter().find(|b| b["currency"] == "CDF").cloned())
        .unwrap_or(json!({}));
    (
        entry["available_minor"].as_i64().unwrap_or(0),
        entry["disputed_minor"].as_i64().unwrap_or(0),
    )
}

fn settled(srv: &TestServer, amount: i64) -> String {
    let intent = create(
        srv,
        &body(
            json!({"amount_minor": amount, "rails": ["mobile_money"], "customer_msisdn": PAYS, "confirm": true}),
        ),
    );
    id_of(&wait_for_status(
        srv,
        &id_of(&intent),
        "SETTLED",
        Duration::from_secs(10),
    ))
}

fn open(srv: &TestServer, intent: &str, amount: i64) -> crate::support::Resp {
    srv.post(
        "/disputes",
        srv.sk(),
        &json!({"payment_intent": intent, "amount_minor": amount, "reason": "fraudulent"}),
        Some(&ik()),
    )
}

fn wait_for_dispute(srv: &TestServer, id: &str, status: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let resp = srv.get(&format!("/disputes/{id}"), srv.sk());
        if resp.body["status"] == status {
            return resp.body;
        }
        assert!(
            Instant::now() < deadline,
            "{id} never reached {status}: {resp:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_dispute_holds_the_amount_and_evidence_with_a_file_wins_it_back() {
    let srv = TestServer::start_args(&["--sandbox-settlement-ms", "300"]);
    let intent = settled(&srv, 10_000);
    let (available, _) = balances(&srv);
    let resp = open(&srv, &intent, 4_000);
    assert_eq!(resp.status, 201, "{resp:?}");
    assert_eq!(resp.body["status"], "NEEDS_RESPONSE");
    assert_eq!(balances(&srv), (available - 4_000, 4_000));
    assert_eq!(
        srv.get(&format!("/payment_intents/{intent}/refundable"), srv.sk())
            .body["refundable_minor"],
        6_000
    );
    let id = resp.body["id"].as_str().expect("id");
    let empty = srv.post(
        &format!("/disputes/{id}/respond"),
        srv.sk(),
        &json!({}),
        None,
    );
    assert_eq!(
        assert_error(&empty, 400, "validation_error")["param"],
        "evidence"
    );
    let responded = srv.post(
        &format!("/disputes/{id}/respond"),
        srv.sk(),
        &json!({"text": "delivered", "files": ["file_receipt_1"]}),
        None,
    );
    assert_eq!(responded.body["status"], "UNDER_REVIEW", "{responded:?}");
    let again = srv.post(
        &format!("/disputes/{id}/respond"),
        srv.sk(),
        &json!({"text": "more"}),
        None,
    );
    assert_error(&again, 409, "invalid_dispute_transition");
    wait_for_dispute(&srv, id, "WON");
    assert_eq!(balances(&srv), (available, 0));
    assert_eq!(
        srv.get(&format!("/payment_intents/{intent}/refundable"), srv.sk())
            .body["refundable_minor"],
        10_000
    );
}

#[test]
fn text_alone_loses_and_the_amount_leaves() {
    let srv = TestServer::start_args(&["--sandbox-settlement-ms", "300"]);
    let intent = settled(&srv, 10_000);
    let (available, _) = balances(&srv);
    let id = open(&srv, &intent, 2_500).body["id"]
        .as_str()
        .expect("id")
        .to_string();
    srv.post(
        &format!("/disputes/{id}/respond"),
        srv.sk(),
        &json!({"text": "we shipped it"}),
        None,
    );
    let lost = wait_for_dispute(&srv, &id, "LOST");
    assert!(lost["outcome_transaction"].is_string());
    assert_eq!(balances(&srv), (available - 2_500, 0));
    assert_eq!(
        srv.get(&format!("/payment_intents/{intent}/refundable"), srv.sk())
            .body["refundable_minor"],
        7_500
    );
    let listed = srv.get("/disputes?status=LOST", srv.sk());
    assert_eq!(
        listed.body["data"].as_array().map(Vec::len),
        Some(1),
        "{listed:?}"
    );
}

#[test]
fn a_deadline_passed_without_evidence_loses_and_late_evidence_is_refused() {
    let srv = TestServer::start_args(&[
        "--sandbox-settlement-ms",
        "300",
        "--sandbox-dispute-window-ms",
        "700",
    ]);
    let intent = settled(&srv, 10_000);
    let id = open(&srv, &intent, 1_000).body["id"]
        .as_str()
        .expect("id")
        .to_string();
    wait_for_dispute(&srv, &id, "LOST");
    let late = srv.post(
        &format!("/disputes/{id}/respond"),
        srv.sk(),
        &json!({"files": ["file_1"]}),
        None,
    );
    assert_error(&late, 409, "evidence_deadline_passed");
}

#[test]
fn only_received_payments_can_be_disputed_within_what_is_left() {
    let srv = TestServer::start_args(&["--sandbox-settlement-ms", "300"]);
    let unpaid = create(&srv, &body(json!({})));
    assert_error(&open(&srv, &id_of(&unpaid), 100), 409, "not_disputable");
    let intent = settled(&srv, 10_000);
    assert_eq!(open(&srv, &intent, 6_000).status, 201);
    let over = open(&srv, &intent, 4_001);
    assert_eq!(
        assert_error(&over, 409, "not_disputable")["param"],
        "amount_minor"
    );
    // Shown DISPUTED while the dispute is open (origin section 1); the
    // payment itself stays settled.
    let shown = get_intent(&srv, &intent);
    assert_eq!(shown["status"], "DISPUTED", "{shown}");
    assert!(shown["settled_at"].is_string(), "{shown}");
}
