//! Reviews of parked money (issue 47): a member resolves what a provider
//! never answered, with the provider's evidence, and the money, the events
//! and the audit follow. One shape: `POST /{resource}/{id}/review`
//! `{outcome: paid | returned, evidence: {reference, note}, pin}`.

use std::time::Duration;

use serde_json::{Value, json};

use crate::settlement::{MONDAY_10, paid, profile};
use crate::support::balances::{balance, fund, money};
use crate::support::clocks::{advance, clock_at, new_clock};
use crate::support::events::{object_ids, types_about};
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

/// The audit entries of `action`, newest first.
#[track_caller]
fn audited(srv: &TestServer, member: &str, action: &str) -> Vec<Value> {
    let log = srv.get("/audit_log?limit=100", Some(member));
    assert_eq!(log.status, 200, "{log:?}");
    log.body["data"]
        .as_array()
        .expect("data")
        .iter()
        .filter(|e| e["action"] == action)
        .cloned()
        .collect()
}

/// `POST {path}` in live mode by `member`'s session, with `body`.
fn live_review(srv: &TestServer, member: &str, path: &str, body: &Value) -> Resp {
    let auth = format!("Bearer {member}");
    let key = ik();
    srv.request(
        "POST",
        path,
        &[
            ("Authorization", auth.as_str()),
            ("Content-Type", "application/json"),
            ("Service-Mode", "live"),
            ("Idempotency-Key", key.as_str()),
        ],
        Some(serde_json::to_vec(body).expect("json")),
    )
}

/// Live mode asks for the PIN before `path`'s object is looked up.
#[track_caller]
fn asks_for_the_pin(srv: &TestServer, member: &str, path: &str, not_found: &str) {
    assert_error(
        &live_review(srv, member, path, &decision("paid")),
        403,
        "step_up_required",
    );
    let mut right = decision("paid");
    right["pin"] = json!(OWNER_PIN);
    assert_error(&live_review(srv, member, path, &right), 404, not_found);
}

/// A route from CDF to M-Pesa Kenya whose payout the sandbox cannot tell
/// about: MANUAL_REVIEW, its payout NEEDS_REVIEW, the money in transit.
fn route_in_review(srv: &TestServer) -> Value {
    let resp = srv.post(
        "/routes",
        srv.sk(),
        &json!({"amount_minor": 1_000_000, "currency": "CDF", "purpose": "SCHOOL",
                "destination": {"method": "mobile_money", "operator_id": "mpesa_ke",
                                "phone": "+243000000408", "name": "Amani"}}),
        Some(&ik()),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    assert_eq!(resp.body["stage"], "MANUAL_REVIEW", "{resp:?}");
    assert_eq!(resp.body["payout"]["status"], "NEEDS_REVIEW", "{resp:?}");
    resp.body
}

fn stages_of(route: &Value) -> Vec<String> {
    route["stages"]
        .as_array()
        .expect("stages")
        .iter()
        .map(|s| s["stage"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn a_route_in_manual_review_is_returned_or_settled_by_its_review_or_its_payouts() {
    let srv = start();
    fund(&srv, 5_000_000);
    let (before, _, _) = money(&srv, srv.sk(), "CDF");
    let returned = route_in_review(&srv);
    let paid = route_in_review(&srv);
    let by_payout = route_in_review(&srv);
    let id = |r: &Value| r["id"].as_str().expect("id").to_string();
    let (returned_id, paid_id, by_payout_id) = (id(&returned), id(&paid), id(&by_payout));
    let transit = |r: &Value| r["payout"]["amount_minor"].as_i64().expect("amount");
    let in_transit: i64 = [&returned, &paid, &by_payout]
        .iter()
        .map(|r| transit(r))
        .sum();
    assert_eq!(money(&srv, srv.sk(), "CDF"), (before - 3_000_000, 0, 0));
    assert_eq!(money(&srv, srv.sk(), "KES").2, in_transit);
    let path = |id: &str| format!("/routes/{id}/review");

    // Who may: a member whose role holds routes:write; never a key.
    assert_error(
        &srv.post(
            &path(&returned_id),
            srv.sk(),
            &decision("returned"),
            Some(&ik()),
        ),
        403,
        "session_required",
    );
    let developer = login(&srv, DEV, DEV_PASSWORD);
    assert_error(
        &srv.post(
            &path(&returned_id),
            Some(&developer),
            &decision("returned"),
            Some(&ik()),
        ),
        403,
        "role_denied",
    );
    let owner = login(&srv, OWNER, OWNER_PASSWORD);
    let blank = json!({"outcome": "returned", "evidence": {"reference": "no"}});
    let refused = srv.post(&path(&returned_id), Some(&owner), &blank, Some(&ik()));
    assert_eq!(
        assert_error(&refused, 400, "validation_error")["param"],
        "evidence.reference"
    );
    assert_eq!(money(&srv, srv.sk(), "KES").2, in_transit, "nothing moved");

    // Returned: the payout's amount and fee come back, then the rest of the
    // route, in CDF: FAILED as after a failed payout.
    let key = ik();
    let done = srv.post(
        &path(&returned_id),
        Some(&owner),
        &decision("returned"),
        Some(&key),
    );
    assert_eq!(done.status, 200, "{done:?}");
    assert_eq!(done.body["stage"], "FAILED", "{done:?}");
    assert_eq!(done.body["failure_reason"], "payout_failed:returned");
    assert_eq!(done.body["returned_minor"], 1_000_000);
    assert_eq!(done.body["payout"]["status"], "FAILED");
    assert_eq!(done.body["resolution"]["outcome"], "returned");
    assert_eq!(done.body["resolution"]["reference"], "MPESA-STMT-2611-0042");
    assert_eq!(done.body["resolution"]["resolved_by"], OWNER);
    assert_eq!(money(&srv, srv.sk(), "CDF"), (before - 2_000_000, 0, 0));
    let again = srv.post(
        &path(&returned_id),
        Some(&owner),
        &decision("returned"),
        Some(&key),
    );
    assert_eq!((again.status, &again.body), (200, &done.body));
    let twice = srv.post(
        &path(&returned_id),
        Some(&owner),
        &decision("paid"),
        Some(&ik()),
    );
    assert_eq!(
        assert_error(&twice, 409, "not_in_review")["error"]["details"]["stage"],
        "FAILED"
    );
    assert_eq!(
        types_about(&srv, &returned_id)
            .iter()
            .filter(|t| t.as_str() == "route.failed")
            .count(),
        1
    );

    // Paid: the money leaves transit to the rail; the route passes the
    // stages of a confirmed payout, settles and has its receipt.
    let done = srv.post(
        &path(&paid_id),
        Some(&owner),
        &decision("paid"),
        Some(&ik()),
    );
    assert_eq!(done.status, 200, "{done:?}");
    assert_eq!(done.body["stage"], "SETTLED", "{done:?}");
    assert_eq!(done.body["payout"]["status"], "PAID");
    assert_eq!(done.body["resolution"]["outcome"], "paid");
    assert_eq!(
        stages_of(&done.body)[stages_of(&done.body).len() - 5..],
        [
            "MANUAL_REVIEW",
            "EVIDENCE_RECEIVED",
            "VERIFYING",
            "VERIFIED",
            "SETTLED"
        ]
    );
    let events = types_about(&srv, &paid_id);
    for event in [
        "route.manual_review",
        "route.evidence_received",
        "route.verified",
        "route.settled",
    ] {
        assert!(events.contains(&event.to_string()), "{event}: {events:?}");
    }
    let receipt = srv.get(&format!("/routes/{paid_id}/receipt"), srv.sk());
    assert_eq!(receipt.status, 200, "{receipt:?}");

    // The payout's own review moves its route the same way.
    let payout = by_payout["payout"]["id"].as_str().expect("payout");
    let done = review(&srv, &owner, payout, &decision("paid"), &ik());
    assert_eq!(done.status, 200, "{done:?}");
    let route = srv.get(&format!("/routes/{by_payout_id}"), srv.sk()).body;
    assert_eq!(route["stage"], "SETTLED", "{route}");
    assert_eq!(route["resolution"]["reference"], "MPESA-STMT-2611-0042");
    assert_error(
        &srv.post(
            &path(&by_payout_id),
            Some(&owner),
            &decision("paid"),
            Some(&ik()),
        ),
        409,
        "not_in_review",
    );
    assert_eq!(money(&srv, srv.sk(), "CDF"), (before - 2_000_000, 0, 0));
    assert_eq!(money(&srv, srv.sk(), "KES"), (0, 0, 0));
    assert_eq!(object_ids(&srv, "payout.succeeded").len(), 2);

    // One entry per decision on the route, and the payout's own.
    let reviewed = audited(&srv, &owner, "route.reviewed");
    assert_eq!(reviewed.len(), 2, "{reviewed:?}");
    assert!(
        reviewed
            .iter()
            .all(|e| e["details"]["reference"] == "MPESA-STMT-2611-0042")
    );
    assert_eq!(audited(&srv, &owner, "payout.reviewed").len(), 3);
    asks_for_the_pin(&srv, &owner, "/routes/rt_unknown/review", "route_not_found");
}

/// 2027-01-01T00:00:00Z, the time of `new_clock`, in Unix seconds.
const T0_SECS: i64 = 1_798_761_600;

/// A national-switch payment the sandbox switch never answers about.
fn unanswered_payment(srv: &TestServer, order: &str) -> String {
    let resp = srv.post(
        "/payments",
        srv.sk(),
        &json!({"merchant_order_id": order, "amount_minor": 25_000, "currency": "CDF",
                "product": "MERCHANT_PAYMENT", "payer_binding": "bind_sandbox_no_answer",
                "consent": {"id": format!("cns-{order}"), "granted_at": T0_SECS}}),
        Some(&ik()),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    resp.body["id"].as_str().expect("id").to_string()
}

fn switch_payment(srv: &TestServer, id: &str) -> Value {
    let resp = srv.get(&format!("/payments/{id}"), srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body
}

fn journal(payment: &Value) -> Vec<String> {
    payment["journal"]
        .as_array()
        .expect("journal")
        .iter()
        .map(|f| f["fact"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn a_switch_payment_whose_inquiries_ran_out_is_completed_or_rejected_by_a_review() {
    let srv = start();
    let clock = new_clock(&srv, true)["id"]
        .as_str()
        .expect("clock")
        .to_string();
    let (available, _) = balance(&srv, srv.sk(), "CDF");
    let paid = unanswered_payment(&srv, "ord-review-paid");
    let returned = unanswered_payment(&srv, "ord-review-returned");
    let ids = [paid.clone(), returned.clone()];
    let wait_for = |what: &str, done: &dyn Fn(&Value) -> bool| {
        for id in &ids {
            wait_until(
                Duration::from_secs(15),
                what,
                || Some(switch_payment(&srv, id)).filter(|p| done(p)),
                || format!("{}", switch_payment(&srv, id)),
            );
        }
    };
    wait_for("UNKNOWN", &|p| p["status"] == "UNKNOWN");
    let path = |id: &str| format!("/payments/{id}/review");
    let owner = login(&srv, OWNER, OWNER_PASSWORD);
    // Still being inquired about: not parked yet.
    assert_error(
        &srv.post(&path(&paid), Some(&owner), &decision("paid"), Some(&ik())),
        409,
        "not_in_review",
    );
    // An inquiry every 30 s of the test clock; the 21st finds 20 unanswered.
    for n in 1..=21_i64 {
        let at = T0_SECS + 31 * n;
        let to = time_of(at);
        advance(&srv, &clock, &to);
        if n <= 20 {
            wait_for("one more inquiry", &|p| p["inquiries"] == n);
        }
    }
    wait_for("MANUAL_REVIEW", &|p| {
        p["resolution_status"] == "MANUAL_REVIEW"
    });
    let parked = switch_payment(&srv, &paid);
    assert_eq!(parked["status"], "UNKNOWN");
    assert_eq!(parked["inquiries"], 20);
    assert!(journal(&parked).contains(&"INQUIRIES_EXHAUSTED".to_string()));
    assert!(parked.get("resolution").is_none(), "{parked}");

    // Who may: a member whose role holds payments:cancel (owner, admin).
    assert_error(
        &srv.post(&path(&paid), srv.sk(), &decision("paid"), Some(&ik())),
        403,
        "session_required",
    );
    let developer = login(&srv, DEV, DEV_PASSWORD);
    assert_error(
        &srv.post(
            &path(&paid),
            Some(&developer),
            &decision("paid"),
            Some(&ik()),
        ),
        403,
        "role_denied",
    );
    let unknown = json!({"outcome": "paid", "evidence": {"reference": "SW-1", "extra": 1}});
    assert_error(
        &srv.post(&path(&paid), Some(&owner), &unknown, Some(&ik())),
        400,
        "validation_error",
    );
    assert_eq!(balance(&srv, srv.sk(), "CDF").0, available, "nothing moved");

    // Paid: COMPLETED, the merchant credited from the switch's clearing.
    let key = ik();
    let done = srv.post(&path(&paid), Some(&owner), &decision("paid"), Some(&key));
    assert_eq!(done.status, 200, "{done:?}");
    assert_eq!(done.body["status"], "COMPLETED", "{done:?}");
    assert_eq!(done.body["resolution_status"], "RESOLVED");
    assert_eq!(done.body["beneficiary_credit_status"], "CREDITED");
    assert_eq!(done.body["switch_reference"], "MPESA-STMT-2611-0042");
    assert_eq!(done.body["resolution"]["outcome"], "paid");
    assert_eq!(done.body["resolution"]["resolved_by"], OWNER);
    assert!(done.body["transaction"].is_string(), "{done:?}");
    let facts = journal(&done.body);
    assert_eq!(
        facts[facts.len() - 4..],
        [
            "OPERATOR_REVIEWED",
            "SWITCH_ACCEPTED",
            "AUTHORIZED",
            "BENEFICIARY_CREDITED"
        ]
    );
    assert_eq!(balance(&srv, srv.sk(), "CDF").0, available + 25_000);
    let again = srv.post(&path(&paid), Some(&owner), &decision("paid"), Some(&key));
    assert_eq!((again.status, &again.body), (200, &done.body));
    assert_error(
        &srv.post(
            &path(&paid),
            Some(&owner),
            &decision("returned"),
            Some(&ik()),
        ),
        409,
        "not_in_review",
    );

    // Returned: REJECTED, nothing taken, nothing credited.
    let done = srv.post(
        &path(&returned),
        Some(&owner),
        &decision("returned"),
        Some(&ik()),
    );
    assert_eq!(done.status, 200, "{done:?}");
    assert_eq!(done.body["status"], "REJECTED", "{done:?}");
    assert_eq!(done.body["failure_reason"], "returned");
    assert_eq!(done.body["authorization_status"], "DECLINED");
    assert_eq!(done.body["resolution"]["outcome"], "returned");
    assert!(done.body["transaction"].is_null(), "{done:?}");
    assert_eq!(
        journal(&done.body)[journal(&done.body).len() - 2..],
        ["OPERATOR_REVIEWED", "REVIEW_RETURNED"]
    );
    assert_eq!(balance(&srv, srv.sk(), "CDF").0, available + 25_000);

    assert_eq!(
        object_ids(&srv, "switch_payment.completed"),
        [paid.as_str()]
    );
    assert_eq!(
        object_ids(&srv, "switch_payment.rejected"),
        [returned.as_str()]
    );
    let reviewed = audited(&srv, &owner, "switch_payment.reviewed");
    assert_eq!(reviewed.len(), 2, "{reviewed:?}");
    asks_for_the_pin(
        &srv,
        &owner,
        "/payments/pay_unknown/review",
        "switch_payment_not_found",
    );
}

/// `2027-01-01T00:10:31Z` of Unix seconds.
fn time_of(secs: i64) -> String {
    let minutes = (secs - T0_SECS) / 60;
    let seconds = (secs - T0_SECS) % 60;
    format!("2027-01-01T00:{minutes:02}:{seconds:02}Z")
}

/// A card payment of 10 000 CDF by the sandbox card whose refunds are never
/// answered (`4000000000007726`): captured, its refund PROCESSING for ever.
fn unanswered_refund(srv: &TestServer, amount: i64) -> (String, Value) {
    let intent = crate::support::intents::create(
        srv,
        &crate::support::intents::body(json!({"rails": ["card"]})),
    );
    let id = crate::support::intents::id_of(&intent);
    let paid = srv.post(
        &format!("/payment_intents/{id}/confirm"),
        srv.sk(),
        &json!({"rail": "card", "card": {"number": "4000000000007726", "exp_month": 12,
                                          "exp_year": 2034, "cvc": "123"}}),
        None,
    );
    assert_eq!(paid.status, 200, "{paid:?}");
    let refund = srv.post(
        "/refunds",
        srv.sk(),
        &json!({"payment_intent": id, "amount_minor": amount, "reason": "requested_by_customer"}),
        Some(&ik()),
    );
    assert_eq!(refund.status, 201, "{refund:?}");
    assert_eq!(refund.body["status"], "PROCESSING", "{refund:?}");
    (id, refund.body)
}

/// One class of the test organisation's CDF balance (`reserved_minor`, ...).
#[track_caller]
fn class_of(srv: &TestServer, class: &str) -> i64 {
    let resp = srv.get("/balance", srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body["balances"]
        .as_array()
        .and_then(|b| b.iter().find(|b| b["currency"] == "CDF").cloned())
        .map_or(0, |b| b[class].as_i64().unwrap_or(0))
}

/// The event names of an intent's timeline.
fn timeline(srv: &TestServer, intent: &str) -> Vec<String> {
    let resp = srv.get(&format!("/payment_intents/{intent}/timeline"), srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| e["event"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn a_refund_the_provider_never_answered_is_paid_or_returned_by_a_review() {
    let srv = start();
    let (paid_intent, paid) = unanswered_refund(&srv, 4_000);
    let (returned_intent, returned) = unanswered_refund(&srv, 3_000);
    let id = |r: &Value| r["id"].as_str().expect("id").to_string();
    let (paid_id, returned_id) = (id(&paid), id(&returned));
    let reserved_before = class_of(&srv, "reserved_minor");
    assert_eq!(reserved_before, 7_000, "both refunds reserved");
    let path = |id: &str| format!("/refunds/{id}/review");

    // Who may: a member whose role holds refunds:write; never a key.
    assert_error(
        &srv.post(&path(&paid_id), srv.sk(), &decision("paid"), Some(&ik())),
        403,
        "session_required",
    );
    let developer = login(&srv, DEV, DEV_PASSWORD);
    assert_error(
        &srv.post(
            &path(&paid_id),
            Some(&developer),
            &decision("paid"),
            Some(&ik()),
        ),
        403,
        "role_denied",
    );
    let owner = login(&srv, OWNER, OWNER_PASSWORD);
    let blank = json!({"outcome": "paid", "evidence": {"reference": " "}});
    assert_eq!(
        assert_error(
            &srv.post(&path(&paid_id), Some(&owner), &blank, Some(&ik())),
            400,
            "validation_error"
        )["param"],
        "evidence.reference"
    );
    assert_eq!(class_of(&srv, "reserved_minor"), 7_000, "nothing moved");

    // Paid: the reserved money leaves to the rail, refund.succeeded.
    let key = ik();
    let done = srv.post(&path(&paid_id), Some(&owner), &decision("paid"), Some(&key));
    assert_eq!(done.status, 200, "{done:?}");
    assert_eq!(done.body["status"], "SUCCEEDED", "{done:?}");
    assert!(done.body["refund_transaction"].is_string(), "{done:?}");
    assert_eq!(done.body["resolution"]["outcome"], "paid");
    assert_eq!(done.body["resolution"]["resolved_by"], OWNER);
    let again = srv.post(&path(&paid_id), Some(&owner), &decision("paid"), Some(&key));
    assert_eq!((again.status, &again.body), (200, &done.body));
    assert_error(
        &srv.post(
            &path(&paid_id),
            Some(&owner),
            &decision("returned"),
            Some(&ik()),
        ),
        409,
        "not_in_review",
    );
    let intent = srv
        .get(&format!("/payment_intents/{paid_intent}"), srv.sk())
        .body;
    assert_eq!(intent["amount_refunded_minor"], 4_000, "{intent}");
    assert!(timeline(&srv, &paid_intent).contains(&"refund.reviewed".to_string()));
    assert_eq!(class_of(&srv, "reserved_minor"), 3_000);

    // Returned: FAILED, the reservation back to the merchant, refund.failed.
    let merchant =
        |srv: &TestServer| class_of(srv, "available_minor") + class_of(srv, "pending_minor");
    let before = merchant(&srv);
    let done = srv.post(
        &path(&returned_id),
        Some(&owner),
        &decision("returned"),
        Some(&ik()),
    );
    assert_eq!(done.status, 200, "{done:?}");
    assert_eq!(done.body["status"], "FAILED", "{done:?}");
    assert_eq!(done.body["failure_reason"], "returned");
    assert_eq!(done.body["resolution"]["outcome"], "returned");
    assert_eq!(class_of(&srv, "reserved_minor"), 0, "nothing reserved");
    assert_eq!(
        merchant(&srv),
        before + 3_000,
        "the 3 000 back to the merchant"
    );
    let intent = srv
        .get(&format!("/payment_intents/{returned_intent}"), srv.sk())
        .body;
    assert_eq!(intent["amount_refunded_minor"], 0, "{intent}");
    assert!(timeline(&srv, &returned_intent).contains(&"refund.reviewed".to_string()));

    assert_eq!(object_ids(&srv, "refund.succeeded"), [paid_id.as_str()]);
    assert_eq!(object_ids(&srv, "refund.failed"), [returned_id.as_str()]);
    assert_eq!(audited(&srv, &owner, "refund.reviewed").len(), 2);
    asks_for_the_pin(
        &srv,
        &owner,
        "/refunds/re_unknown/review",
        "refund_not_found",
    );
}

/// A 10 000 CDF bank transfer credited after its intent was cancelled:
/// (intent, late payment) HELD in suspense.
fn late_bank_credit(srv: &TestServer) -> (String, String) {
    let intent = crate::support::intents::create(
        srv,
        &crate::support::intents::body(json!({"rails": ["bank"]})),
    );
    let id = crate::support::intents::id_of(&intent);
    let started = srv.post(
        &format!("/payment_intents/{id}/confirm"),
        srv.sk(),
        &json!({"rail": "bank"}),
        None,
    );
    assert_eq!(started.status, 200, "{started:?}");
    let reference = started.body["bank_instructions"]["reference"]
        .as_str()
        .expect("reference")
        .to_string();
    let cancelled = srv.post(
        &format!("/payment_intents/{id}/cancel"),
        srv.sk(),
        &json!({}),
        None,
    );
    assert_eq!(cancelled.status, 200, "{cancelled:?}");
    let credit = srv.post(
        "/sandbox/bank_credits",
        srv.sk(),
        &json!({"reference": reference, "amount_minor": 10_000, "currency": "CDF"}),
        Some(&ik()),
    );
    assert_eq!(credit.status, 201, "{credit:?}");
    assert_eq!(credit.body["outcome"], "review", "{credit:?}");
    let late = credit.body["payment_intent"]["late_payments"][0]["id"]
        .as_str()
        .expect("a late payment")
        .to_string();
    (id, late)
}

#[test]
fn a_bank_credit_after_its_intent_closed_is_applied_or_returned_by_a_review() {
    let srv = start();
    let (applied_intent, applied) = late_bank_credit(&srv);
    let (returned_intent, returned) = late_bank_credit(&srv);
    assert_eq!(class_of(&srv, "suspense_minor"), 20_000);
    let path =
        |intent: &str, late: &str| format!("/payment_intents/{intent}/late_payments/{late}/review");
    let apply = path(&applied_intent, &applied);
    let send_back = path(&returned_intent, &returned);

    // Who may: a member whose role holds refunds:write; never a key.
    assert_error(
        &srv.post(&apply, srv.sk(), &decision("paid"), Some(&ik())),
        403,
        "session_required",
    );
    let developer = login(&srv, DEV, DEV_PASSWORD);
    assert_error(
        &srv.post(&apply, Some(&developer), &decision("paid"), Some(&ik())),
        403,
        "role_denied",
    );
    let owner = login(&srv, OWNER, OWNER_PASSWORD);
    assert_eq!(class_of(&srv, "suspense_minor"), 20_000, "nothing moved");

    // Paid: applied, the merchant's net of fees; released once.
    let available = class_of(&srv, "available_minor");
    let key = ik();
    let done = srv.post(&apply, Some(&owner), &decision("paid"), Some(&key));
    assert_eq!(done.status, 200, "{done:?}");
    let late = &done.body["late_payments"][0];
    assert_eq!(late["status"], "RELEASED", "{done:?}");
    assert_eq!(late["resolution"]["outcome"], "paid");
    assert_eq!(late["resolution"]["resolved_by"], OWNER);
    assert_eq!(done.body["bank_instructions"]["amount_in_review_minor"], 0);
    let gained = class_of(&srv, "available_minor") - available;
    assert!(gained > 0 && gained < 10_000, "net of fees: {gained}");
    let again = srv.post(&apply, Some(&owner), &decision("paid"), Some(&key));
    assert_eq!((again.status, &again.body), (200, &done.body));
    assert_error(
        &srv.post(&apply, Some(&owner), &decision("returned"), Some(&ik())),
        409,
        "not_in_review",
    );
    assert_error(
        &srv.post(
            &format!("/payment_intents/{applied_intent}/late_payments/{applied}/release"),
            srv.sk(),
            &json!({}),
            Some(&ik()),
        ),
        409,
        "late_payment_not_held",
    );
    assert_eq!(class_of(&srv, "suspense_minor"), 10_000);

    // Returned: back to the payer through the bank; nothing to the merchant.
    let available = class_of(&srv, "available_minor");
    let done = srv.post(&send_back, Some(&owner), &decision("returned"), Some(&ik()));
    assert_eq!(done.status, 200, "{done:?}");
    let late = &done.body["late_payments"][0];
    assert_eq!(late["status"], "REFUNDED", "{done:?}");
    assert_eq!(late["resolution"]["outcome"], "returned");
    assert_eq!(class_of(&srv, "suspense_minor"), 0);
    assert_eq!(class_of(&srv, "available_minor"), available);
    assert_error(
        &srv.post(&send_back, Some(&owner), &decision("paid"), Some(&ik())),
        409,
        "not_in_review",
    );

    let events = types_about(&srv, &returned_intent);
    assert!(
        events.contains(&"payment_intent.late_payment".to_string()),
        "{events:?}"
    );
    assert!(
        events.contains(&"payment_intent.late_payment_refunded".to_string()),
        "{events:?}"
    );
    assert!(
        types_about(&srv, &applied_intent)
            .contains(&"payment_intent.late_payment_released".to_string())
    );
    for (intent, last) in [
        (&applied_intent, "late_payment.released"),
        (&returned_intent, "late_payment.returned"),
    ] {
        let entries = timeline(&srv, intent);
        assert!(
            entries.contains(&"bank.late_credit".to_string()),
            "{entries:?}"
        );
        assert_eq!(
            entries[entries.len() - 2..],
            ["late_payment.reviewed".to_string(), last.to_string()]
        );
    }
    assert_eq!(audited(&srv, &owner, "late_payment.reviewed").len(), 2);
    asks_for_the_pin(
        &srv,
        &owner,
        "/payment_intents/pi_unknown/late_payments/lp_unknown/review",
        "intent_not_found",
    );
}
