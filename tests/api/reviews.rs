//! Reviews of parked money (issue 47): a member resolves what a provider
//! never answered, with the provider's evidence, and the money, the events
//! and the audit follow. One shape: `POST /{resource}/{id}/review`
//! `{outcome: paid | returned, evidence: {reference, note}, pin}`.

use std::time::Duration;

use serde_json::{Value, json};

use crate::settlement::{MONDAY_10, paid, profile};
use crate::support::balances::fund;
use crate::support::clocks::clock_at;
use crate::support::events::object_ids;
use crate::support::{Resp, TestServer, assert_error, ik, wait_until};
use crate::team::{self, DEV, DEV_PASSWORD, OWNER, OWNER_PASSWORD, OWNER_PIN, login};

fn start() -> TestServer {
    team::start(&["--sandbox-settlement-ms", "200"])
}

/// A payout the sandbox cannot tell about: NEEDS_REVIEW.
fn held_payout(srv: &TestServer, amount: i64) -> Value {
    let resp = srv.post(
        "/payouts",
        srv.sk(),
        &json!({"amount_minor": amount, "currency": "CDF", "description": "supplier",
                "destination": {"method": "mobile_money", "operator_id": "mpesa_cd",
                                "phone": "+243000000408", "name": "Amani"}}),
        Some(&ik()),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    assert_eq!(resp.body["status"], "NEEDS_REVIEW", "{resp:?}");
    resp.body
}

/// (available, in transit) in CDF.
#[track_caller]
fn wallet(srv: &TestServer) -> (i64, i64) {
    let wallets = srv.get("/wallets", srv.sk());
    assert_eq!(wallets.status, 200, "{wallets:?}");
    let cdf = wallets.body["data"]
        .as_array()
        .and_then(|w| w.iter().find(|w| w["currency"] == "CDF").cloned())
        .expect("a CDF wallet");
    (
        cdf["available_minor"].as_i64().expect("available"),
        cdf["in_transit_minor"].as_i64().expect("in transit"),
    )
}

fn review(srv: &TestServer, who: &str, id: &str, body: &Value, key: &str) -> Resp {
    srv.post(&format!("/payouts/{id}/review"), Some(who), body, Some(key))
}

fn decision(outcome: &str) -> Value {
    json!({"outcome": outcome,
           "evidence": {"reference": "MPESA-STMT-2611-0042", "note": "line 42 of the 26 Nov statement"}})
}

#[test]
fn a_payout_in_review_is_returned_or_paid_by_a_member_with_the_providers_evidence() {
    let srv = start();
    fund(&srv, 50_000);
    let (available, _) = wallet(&srv);
    let returned = held_payout(&srv, 10_000);
    let paid = held_payout(&srv, 5_000);
    let fees =
        returned["fee_minor"].as_i64().expect("fee") + paid["fee_minor"].as_i64().expect("fee");
    assert_eq!(wallet(&srv), (available - 15_000 - fees, 15_000));
    let (returned_id, paid_id) = (
        returned["id"].as_str().expect("id"),
        paid["id"].as_str().expect("id"),
    );

    // Who may: a member's session whose role holds payouts:write; never a key.
    let by_key = review(
        &srv,
        srv.sk().expect("sk"),
        returned_id,
        &decision("returned"),
        &ik(),
    );
    assert_error(&by_key, 403, "session_required");
    let developer = login(&srv, DEV, DEV_PASSWORD);
    assert_error(
        &review(&srv, &developer, returned_id, &decision("returned"), &ik()),
        403,
        "role_denied",
    );
    let owner = login(&srv, OWNER, OWNER_PASSWORD);

    // Bad evidence is named, and nothing moves.
    let blank = json!({"outcome": "returned", "evidence": {"reference": "  "}});
    let refused = review(&srv, &owner, returned_id, &blank, &ik());
    assert_eq!(
        assert_error(&refused, 400, "validation_error")["param"],
        "evidence.reference"
    );
    let unknown = json!({"outcome": "maybe", "evidence": {"reference": "REF-1"}});
    assert_error(
        &review(&srv, &owner, returned_id, &unknown, &ik()),
        400,
        "validation_error",
    );
    assert_eq!(wallet(&srv), (available - 15_000 - fees, 15_000));

    // Returned: amount and fee back to available, payout.failed, audited.
    let key = ik();
    let done = review(&srv, &owner, returned_id, &decision("returned"), &key);
    assert_eq!(done.status, 200, "{done:?}");
    assert_eq!(done.body["status"], "FAILED");
    assert_eq!(done.body["failure_reason"], "returned");
    assert_eq!(done.body["resolution"]["outcome"], "returned");
    assert_eq!(done.body["resolution"]["reference"], "MPESA-STMT-2611-0042");
    assert_eq!(done.body["resolution"]["resolved_by"], OWNER);
    assert!(done.body["return_transaction"].is_string(), "{done:?}");
    assert_eq!(
        wallet(&srv),
        (
            available - 5_000 - paid["fee_minor"].as_i64().unwrap_or(0),
            5_000
        )
    );
    // The same key answers the same; a new decision finds it resolved.
    let again = review(&srv, &owner, returned_id, &decision("returned"), &key);
    assert_eq!((again.status, &again.body), (200, &done.body));
    assert_error(
        &review(&srv, &owner, returned_id, &decision("paid"), &ik()),
        409,
        "not_in_review",
    );

    // Paid: the money leaves transit to the rail, payout.succeeded.
    let done = review(&srv, &owner, paid_id, &decision("paid"), &ik());
    assert_eq!(done.status, 200, "{done:?}");
    assert_eq!(done.body["status"], "PAID");
    assert!(done.body["paid_transaction"].is_string(), "{done:?}");
    assert_eq!(
        wallet(&srv),
        (
            available - 5_000 - paid["fee_minor"].as_i64().unwrap_or(0),
            0
        )
    );
    assert_eq!(object_ids(&srv, "payout.failed"), [returned_id]);
    assert_eq!(object_ids(&srv, "payout.succeeded"), [paid_id]);

    let log = srv.get("/audit_log?limit=100", Some(&owner));
    let reviewed: Vec<&Value> = log.body["data"]
        .as_array()
        .expect("data")
        .iter()
        .filter(|e| e["action"] == "payout.reviewed")
        .collect();
    assert_eq!(reviewed.len(), 2, "{log:?}");
    assert!(
        reviewed
            .iter()
            .all(|e| e["details"]["reference"] == "MPESA-STMT-2611-0042"),
        "{reviewed:?}"
    );
}

#[test]
fn a_review_in_live_mode_asks_for_the_members_pin_before_anything_is_read() {
    let srv = start();
    let owner = login(&srv, OWNER, OWNER_PASSWORD);
    let live = |body: &Value| {
        let auth = format!("Bearer {owner}");
        let key = ik();
        srv.request(
            "POST",
            "/payouts/po_unknown/review",
            &[
                ("Authorization", auth.as_str()),
                ("Content-Type", "application/json"),
                ("Service-Mode", "live"),
                ("Idempotency-Key", key.as_str()),
            ],
            Some(serde_json::to_vec(body).expect("json")),
        )
    };
    assert_error(&live(&decision("paid")), 403, "step_up_required");
    let mut wrong = decision("paid");
    wrong["pin"] = json!("000000");
    assert_error(&live(&wrong), 403, "step_up_required");
    // The right PIN passes the step-up; then the payout is looked up.
    let mut right = decision("paid");
    right["pin"] = json!(OWNER_PIN);
    assert_error(&live(&right), 404, "payout_not_found");
}

#[test]
fn a_settlement_cycle_whose_payout_was_in_review_is_paid_or_failed_by_the_review() {
    let srv = start();
    clock_at(&srv, MONDAY_10);
    let owner = login(&srv, OWNER, OWNER_PASSWORD);
    let destination =
        json!({"method": "mobile_money", "operator_id": "mpesa_cd", "phone": "+243000000408"});
    profile(
        &srv,
        json!({"currency": "CDF", "schedule": "manual", "destination": destination}),
    );
    let cycle_of = |id: &str| srv.get(&format!("/settlements/{id}"), srv.sk()).body;
    for (outcome, status, event) in [
        ("paid", "PAID", "settlement.completed"),
        ("returned", "FAILED", "settlement.failed"),
    ] {
        paid(&srv, 100_000);
        let closed = srv.post(
            "/settlement_cycles",
            srv.sk(),
            &json!({"currency": "CDF", "pay": true}),
            Some(&ik()),
        );
        assert_eq!(closed.status, 201, "{closed:?}");
        assert_eq!(closed.body["status"], "PAYING", "{closed:?}");
        let id = closed.body["id"].as_str().expect("id").to_string();
        let payout = closed.body["payout"].as_str().expect("payout").to_string();
        let done = review(&srv, &owner, &payout, &decision(outcome), &ik());
        assert_eq!(done.status, 200, "{done:?}");
        let ended = wait_until(
            Duration::from_secs(10),
            "the cycle follows its payout's review",
            || Some(cycle_of(&id)).filter(|c| c["status"] == status),
            || format!("{}", cycle_of(&id)),
        );
        assert_eq!(ended["payout"], payout.as_str());
        assert!(object_ids(&srv, event).contains(&id), "{event}");
    }
}
