//! Refunds with atomic reservation, splits and split refunds (issue 8).

use std::time::Duration;

use serde_json::{Value, json};

use crate::support::balances::balance;
use crate::support::ik;
use crate::support::intents::wait_settled;
use crate::support::intents::{body, create, get_intent, id_of, mm, wait_for_status};
use crate::support::{TestServer, assert_error};

const PAYS: &str = "+243000000501";

fn start() -> TestServer {
    TestServer::start_args(&["--sandbox-settlement-ms", "300"])
}

/// (available, pending, reserved) of CDF.
#[track_caller]
fn balances(srv: &TestServer) -> (i64, i64, i64) {
    let resp = srv.get("/balance", srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    let entry = resp.body["balances"]
        .as_array()
        .and_then(|b| b.iter().find(|b| b["currency"] == "CDF").cloned())
        .unwrap_or(json!({}));
    let get = |k: &str| entry[k].as_i64().unwrap_or(0);
    (
        get("available_minor"),
        get("pending_minor"),
        get("reserved_minor"),
    )
}

fn refund(srv: &TestServer, intent: &str, amount: i64) -> crate::support::Resp {
    srv.post(
        "/refunds",
        srv.sk(),
        &json!({"payment_intent": intent, "amount_minor": amount, "reason": "requested_by_customer"}),
        Some(&ik()),
    )
}

/// A settled payment of `amount` CDF (so the merchant has available funds).
fn settled_payment(srv: &TestServer, amount: i64) -> Value {
    let intent = create(
        srv,
        &body(
            json!({"amount_minor": amount, "rails": ["mobile_money"], "customer_msisdn": PAYS, "confirm": true}),
        ),
    );
    wait_for_status(srv, &id_of(&intent), "SETTLED", Duration::from_secs(10))
}

#[test]
fn a_small_refund_is_approved_and_paid_at_once_and_the_ledger_follows() {
    let srv = start();
    // Refunds return the gross amount: the merchant's balance covers the fees.
    settled_payment(&srv, 100_000);
    let intent = settled_payment(&srv, 10_000);
    let id = id_of(&intent);
    let (available_before, _, _) = balances(&srv);
    let resp = refund(&srv, &id, 4_000);
    assert_eq!(resp.status, 201, "{resp:?}");
    assert_eq!(resp.body["status"], "SUCCEEDED", "{resp:?}");
    let (available, pending, reserved) = balances(&srv);
    assert_eq!(
        (available, pending, reserved),
        (available_before - 4_000, 0, 0)
    );
    let after = get_intent(&srv, &id);
    assert_eq!(after["amount_refunded_minor"], 4_000);
    assert_eq!(after["refund_status"], "partially_refunded");
    // Shown as the origin's PARTIALLY_REFUNDED; the settlement stays.
    assert_eq!(after["status"], "PARTIALLY_REFUNDED", "{after}");
    assert_eq!(
        after["settlement_transaction"],
        intent["settlement_transaction"]
    );
    let refundable = srv.get(&format!("/payment_intents/{id}/refundable"), srv.sk());
    assert_eq!(refundable.body["refundable_minor"], 6_000, "{refundable:?}");
    // The refund's transaction is balanced and names the intent.
    let txn = srv.get(
        &format!(
            "/transactions/{}",
            resp.body["refund_transaction"].as_str().expect("txn")
        ),
        srv.sk(),
    );
    assert_eq!(txn.body["payment_intent"], id.as_str());
    let sum: i64 = txn.body["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| e["amount_minor"].as_i64().unwrap_or(0))
        .sum();
    assert_eq!(sum, 0);
    // The rest, then nothing more.
    assert_eq!(refund(&srv, &id, 6_000).body["status"], "SUCCEEDED");
    let after = get_intent(&srv, &id);
    assert_eq!(after["refund_status"], "refunded");
    assert_eq!(after["status"], "REFUNDED", "{after}");
    assert_error(&refund(&srv, &id, 1), 409, "refund_exceeds_refundable");
}

#[test]
fn an_over_refund_or_an_uncaptured_intent_is_refused_and_reserves_nothing() {
    let srv = start();
    let intent = settled_payment(&srv, 10_000);
    let before = balances(&srv);
    let over = refund(&srv, &id_of(&intent), 10_001);
    assert_eq!(
        assert_error(&over, 409, "refund_exceeds_refundable")["param"],
        "amount_minor"
    );
    let unpaid = create(&srv, &body(json!({})));
    assert_error(&refund(&srv, &id_of(&unpaid), 100), 409, "not_refundable");
    let wrong_currency = srv.post(
        "/refunds",
        srv.sk(),
        &json!({"payment_intent": id_of(&intent), "amount_minor": 100, "reason": "duplicate", "currency": "USD"}),
        Some(&ik()),
    );
    assert_eq!(
        assert_error(&wrong_currency, 400, "validation_error")["param"],
        "currency"
    );
    assert_error(
        &refund(&srv, "pi_doesnotexist", 100),
        404,
        "intent_not_found",
    );
    assert_eq!(balances(&srv), before, "a refused refund moved money");
    assert_eq!(srv.get("/refunds", srv.sk()).body["data"], json!([]));
}

/// `POST /refunds` of `amount` with `key` (an API key or a session), `extra` fields added.
fn refund_as(
    srv: &TestServer,
    key: &str,
    intent: &str,
    amount: i64,
    extra: Value,
) -> crate::support::Resp {
    let mut body = json!({"payment_intent": intent, "amount_minor": amount, "reason": "requested_by_customer"});
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        body.extend(extra.clone());
    }
    srv.post("/refunds", Some(key), &body, Some(&ik()))
}

/// A team member's refund over 100 000 minor units without step-up waits
/// REQUESTED (origin section 3: session refunds over 100 000 need step-up),
/// so approval and rejection are reached through sessions; API keys' refunds
/// execute at once (`origin::intents`).
#[test]
fn a_large_refund_waits_reserved_and_a_rejection_releases_it() {
    let srv = crate::team::start(&["--sandbox-settlement-ms", "300"]);
    let session = crate::team::login(&srv, crate::team::OWNER, crate::team::OWNER_PASSWORD);
    let intent = settled_payment(&srv, 500_000);
    let id = id_of(&intent);
    let (available, _, _) = balances(&srv);
    let resp = refund_as(&srv, &session, &id, 200_000, json!({}));
    assert_eq!(resp.body["status"], "REQUESTED", "{resp:?}");
    assert_eq!(
        balances(&srv),
        (available - 200_000, 0, 200_000),
        "the amount is reserved"
    );
    assert_eq!(
        srv.get(&format!("/payment_intents/{id}/refundable"), srv.sk())
            .body["refundable_minor"],
        300_000
    );
    let refund_id = resp.body["id"].as_str().expect("id").to_string();
    let short = srv.post(
        &format!("/refunds/{refund_id}/reject"),
        Some(&session),
        &json!({"reason": "no"}),
        None,
    );
    assert_eq!(
        assert_error(&short, 400, "validation_error")["param"],
        "reason"
    );
    let rejected = srv.post(
        &format!("/refunds/{refund_id}/reject"),
        Some(&session),
        &json!({"reason": "customer kept the goods"}),
        None,
    );
    assert_eq!(rejected.status, 200, "{rejected:?}");
    assert_eq!(rejected.body["status"], "REJECTED");
    assert_eq!(
        rejected.body["rejection"]["reason"],
        "customer kept the goods"
    );
    assert_eq!(
        balances(&srv),
        (available, 0, 0),
        "the reservation is released"
    );
    assert_eq!(get_intent(&srv, &id)["status"], "SETTLED");
    let again = srv.post(
        &format!("/refunds/{refund_id}/reject"),
        srv.sk(),
        &json!({"reason": "again please"}),
        None,
    );
    assert_error(&again, 409, "refund_not_rejectable");
    // Another large one is approved by hand, under step-up, and paid.
    let second = refund_as(&srv, &session, &id, 150_000, json!({}));
    let second_id = second.body["id"].as_str().expect("id");
    let approve = |body: Value| {
        srv.post(
            &format!("/refunds/{second_id}/approve"),
            Some(&session),
            &body,
            None,
        )
    };
    assert_eq!(
        assert_error(&approve(json!({})), 403, "step_up_required")["param"],
        "pin"
    );
    assert_error(&approve(json!({"pin": "000000"})), 403, "step_up_required");
    assert_eq!(balances(&srv), (available - 150_000, 0, 150_000));
    let approved = approve(json!({"pin": crate::team::OWNER_PIN}));
    assert_eq!(approved.body["status"], "SUCCEEDED", "{approved:?}");
    assert_eq!(balances(&srv), (available - 150_000, 0, 0));
    let listed = srv.get(
        &format!("/refunds?payment_intent={id}&status=REJECTED"),
        srv.sk(),
    );
    assert_eq!(
        listed.body["data"].as_array().map(Vec::len),
        Some(1),
        "{listed:?}"
    );
    // With the PIN at once, a member's large refund is executed at once.
    let third = refund_as(
        &srv,
        &session,
        &id,
        100_001,
        json!({"pin": crate::team::OWNER_PIN}),
    );
    assert_eq!(third.body["status"], "SUCCEEDED", "{third:?}");
    let wrong = refund_as(&srv, &session, &id, 100_001, json!({"pin": "000000"}));
    assert_error(&wrong, 403, "step_up_required");
    assert_eq!(balances(&srv).2, 0, "a refused refund reserved nothing");
}

#[test]
fn parallel_refunds_never_reserve_more_than_the_refundable_amount() {
    let srv = start();
    settled_payment(&srv, 100_000); // funds in available
    let target = settled_payment(&srv, 10_000);
    let id = id_of(&target);
    let results: Vec<u16> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..24)
            .map(|_| scope.spawn(|| refund(&srv, &id, 1_000).status))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("thread"))
            .collect()
    });
    let ok = results.iter().filter(|s| **s == 201).count();
    let refused = results.iter().filter(|s| **s == 409).count();
    assert_eq!((ok, refused), (10, 14), "{results:?}");
    let intent = get_intent(&srv, &id);
    assert_eq!(intent["amount_refunded_minor"], 10_000);
    assert_eq!(balances(&srv).2, 0, "nothing stays reserved");
}

#[test]
fn refunds_on_a_payment_still_pending_settle_only_what_is_left() {
    let srv = TestServer::start_args(&["--sandbox-settlement-ms", "1500"]);
    settled_payment(&srv, 100_000);
    let intent = create(&srv, &mm(PAYS));
    let id = id_of(&intent);
    let net = 10_000 - crate::support::balances::fee_total(&intent);
    let resp = refund(&srv, &id, 3_000);
    assert_eq!(resp.body["status"], "SUCCEEDED", "{resp:?}");
    let (_, pending) = balance(&srv, srv.sk(), "CDF");
    assert_eq!(pending, net - 3_000, "the refund came out of pending first");
    let settled = wait_settled(&srv, &id);
    assert_eq!(
        balance(&srv, srv.sk(), "CDF").1,
        0,
        "settlement moved only what was left"
    );
    assert_eq!(settled["status"], "PARTIALLY_REFUNDED", "{settled}");
    assert_eq!(settled["settlement"]["net_minor"], net - 3_000, "{settled}");
}

#[test]
fn splits_pay_recipients_at_capture_with_parts_that_sum_to_at_most_the_net() {
    let srv = start();
    let splits = json!([
        {"recipient": "shop-a", "bps": 3333, "label": "a"},
        {"recipient": "shop-b", "bps": 3333},
        {"recipient": "courier", "fixed_minor": 7},
    ]);
    let intent = create(
        &srv,
        &body(
            json!({"amount_minor": 997, "rails": ["mobile_money"], "customer_msisdn": PAYS, "confirm": true, "splits": splits}),
        ),
    );
    let id = id_of(&intent);
    let net = 997 - crate::support::balances::fee_total(&intent);
    let payouts = srv.get(&format!("/payment_intents/{id}/splits"), srv.sk());
    let data = payouts.body["data"].as_array().expect("payouts").clone();
    assert_eq!(data.len(), 3, "{payouts:?}");
    let amounts: Vec<i64> = data
        .iter()
        .map(|p| p["amount_minor"].as_i64().expect("amount"))
        .collect();
    assert_eq!(amounts[2], 7, "fixed parts come first");
    let rest = net - 7;
    for (i, amount) in amounts[..2].iter().enumerate() {
        let exact = rest as f64 * 3333.0 / 10_000.0;
        assert!(
            (*amount as f64 - exact).abs() <= 1.0,
            "split {i}: {amount} vs {exact}"
        );
    }
    assert!(amounts.iter().sum::<i64>() <= net);
    assert!(data.iter().all(|p| p["status"] == "PAID"));
    // The merchant's pending holds the net less the splits.
    assert_eq!(
        balance(&srv, srv.sk(), "CDF").1,
        net - amounts.iter().sum::<i64>()
    );
}

#[test]
fn pro_rata_recipients_give_back_their_share_and_merchant_absorbs_keeps_it() {
    let srv = start();
    settled_payment(&srv, 100_000);
    let splits = json!([{"recipient": "partner", "bps": 4000}]);
    let pro_rata = settled_payment_with(&srv, 10_000, &splits, "pro_rata");
    let absorbs = settled_payment_with(&srv, 10_000, &splits, "merchant_absorbs");
    for (intent, expected_status) in [(&pro_rata, "RECOVERED"), (&absorbs, "ABSORBED")] {
        let id = id_of(intent);
        let paid = srv
            .get(&format!("/payment_intents/{id}/splits"), srv.sk())
            .body["data"][0]["amount_minor"]
            .as_i64()
            .expect("paid");
        let resp = refund(&srv, &id, 5_000);
        assert_eq!(resp.body["status"], "SUCCEEDED", "{resp:?}");
        let refund_id = resp.body["id"].as_str().expect("id");
        let recoveries = srv.get(
            &format!("/payment_intents/{id}/split_refunds?refund={refund_id}"),
            srv.sk(),
        );
        let first = &recoveries.body["data"][0];
        assert_eq!(first["status"], expected_status, "{recoveries:?}");
        let expected_amount = if expected_status == "RECOVERED" {
            (paid * 5_000 + 5_000) / 10_000
        } else {
            0
        };
        assert_eq!(first["amount_minor"], expected_amount, "{recoveries:?}");
        // Retrying with nothing failed changes nothing.
        let retried = srv.post(
            &format!("/payment_intents/{id}/split_refunds/retry"),
            srv.sk(),
            &json!({}),
            None,
        );
        assert_eq!(retried.status, 200, "{retried:?}");
        assert_eq!(retried.body["data"][0]["status"], expected_status);
    }
}

fn settled_payment_with(srv: &TestServer, amount: i64, splits: &Value, policy: &str) -> Value {
    let intent = create(
        srv,
        &body(
            json!({"amount_minor": amount, "rails": ["mobile_money"], "customer_msisdn": PAYS, "confirm": true, "splits": splits, "split_refund_policy": policy}),
        ),
    );
    wait_for_status(srv, &id_of(&intent), "SETTLED", Duration::from_secs(10))
}

/// Issue 16, defects 13 and 14: the payer gets a payment's whole amount back
/// while the merchant received it less the fee; once the payment's own part
/// of pending is used up, the fee's part comes from the merchant's other
/// pending money, not from an empty available balance.
#[test]
fn refunds_of_a_whole_unsettled_payment_draw_the_fee_from_pending_not_available() {
    let srv = TestServer::start_args(&["--sandbox-settlement-ms", "3600000"]);
    let paid = |amount: i64| {
        let intent = create(
            &srv,
            &body(
                json!({"amount_minor": amount, "rails": ["mobile_money"], "customer_msisdn": PAYS, "confirm": true}),
            ),
        );
        wait_for_status(
            &srv,
            &id_of(&intent),
            "SETTLEMENT_PENDING",
            Duration::from_secs(10),
        )
    };
    paid(20_000);
    let id = id_of(&paid(5_000));
    let (available, pending_before, _) = balances(&srv);
    assert_eq!(available, 0, "nothing settled yet");
    assert!(pending_before > 20_000, "{pending_before}");
    for n in 1..=5 {
        let resp = refund(&srv, &id, 1_000);
        assert_eq!(resp.status, 201, "refund {n} of 5: {resp:?}");
        assert_eq!(resp.body["status"], "SUCCEEDED", "refund {n}: {resp:?}");
    }
    let (available, pending, reserved) = balances(&srv);
    assert_eq!((available, reserved), (0, 0));
    assert_eq!(pending, pending_before - 5_000);
    let intent = get_intent(&srv, &id);
    assert_eq!(intent["amount_refunded_minor"], 5_000, "{intent}");
    // Nothing is left to refund.
    assert_error(&refund(&srv, &id, 1), 409, "refund_exceeds_refundable");
}

/// Issue 44, finding 7: the PIN threshold applied per refund, so three
/// refunds of 50 000 passed a 100 000 threshold without a PIN. A member's
/// refunds without step-up are counted over the intent and over the day.
#[test]
fn a_members_refunds_without_a_pin_are_counted_so_the_third_of_50_000_waits_for_it() {
    let srv = crate::team::start(&["--sandbox-settlement-ms", "300"]);
    let session = crate::team::login(&srv, crate::team::OWNER, crate::team::OWNER_PASSWORD);
    let id = id_of(&settled_payment(&srv, 500_000));
    for _ in 0..2 {
        let resp = refund_as(&srv, &session, &id, 50_000, json!({}));
        assert_eq!(resp.body["status"], "SUCCEEDED", "{resp:?}");
    }
    let third = refund_as(&srv, &session, &id, 50_000, json!({}));
    assert_eq!(third.body["status"], "REQUESTED", "{third:?}");
    let third_id = third.body["id"].as_str().expect("id");
    let approve = |body: Value| {
        srv.post(
            &format!("/refunds/{third_id}/approve"),
            Some(&session),
            &body,
            None,
        )
    };
    assert_eq!(
        assert_error(&approve(json!({})), 403, "step_up_required")["param"],
        "pin"
    );
    let approved = approve(json!({"pin": crate::team::OWNER_PIN}));
    assert_eq!(approved.body["status"], "SUCCEEDED", "{approved:?}");
    // With the PIN at once, it is executed and not counted.
    let stepped = refund_as(
        &srv,
        &session,
        &id,
        50_000,
        json!({"pin": crate::team::OWNER_PIN}),
    );
    assert_eq!(stepped.body["status"], "SUCCEEDED", "{stepped:?}");
    // Another payment: the member's day is spent, so even a small one waits.
    let other = id_of(&settled_payment(&srv, 100_000));
    let small = refund_as(&srv, &session, &other, 10_000, json!({}));
    assert_eq!(small.body["status"], "REQUESTED", "{small:?}");
    // An API key is not counted (it cannot step up, decision 87).
    let by_key = refund(&srv, &other, 10_000);
    assert_eq!(by_key.body["status"], "SUCCEEDED", "{by_key:?}");
}
