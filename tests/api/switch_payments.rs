//! National-switch payments (issue 25; spec 4.12, origin section 10): the
//! sandbox switch's every outcome, IDM-001/002, refused inputs, cancel before
//! and after emission, UNKNOWN resolved by inquiry on a test clock, the
//! consent and expiry timers, and a kill -9 between commit and dispatch.

use std::time::Duration;

use serde_json::{Value, json};

use crate::support::balances::money;
use crate::support::clocks::now_secs;
use crate::support::clocks::{advance, new_clock};
use crate::support::ik;
use crate::support::intents::id_of;
use crate::support::{Resp, TestServer, assert_error, create_key, data_of, wait_until};

/// 2027-01-01T00:00:00Z, the time of `new_clock`, in Unix seconds.
const T0_SECS: i64 = 1_798_761_600;

fn payment(order: &str, binding: &str, consent_at: Option<i64>) -> Value {
    let mut body = json!({
        "merchant_order_id": order,
        "amount_minor": 25_000,
        "currency": "CDF",
        "product": "MERCHANT_PAYMENT",
        "payer_binding": binding,
        "description": "Order at the shop",
    });
    if let Some(at) = consent_at {
        body["consent"] = json!({"id": format!("cns-{order}"), "granted_at": at});
    }
    body
}

fn create(srv: &TestServer, body: &Value) -> Resp {
    srv.post("/payments", srv.sk(), body, Some(&ik()))
}

fn get(srv: &TestServer, id: &str) -> Value {
    let resp = srv.get(&format!("/payments/{id}"), srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body
}

#[track_caller]
fn wait_status(srv: &TestServer, id: &str, status: &str) -> Value {
    wait_until(
        Duration::from_secs(15),
        &format!("payment {id} {status}"),
        || {
            let p = get(srv, id);
            (p["status"] == status).then_some(p)
        },
        || format!("{}", get(srv, id)),
    )
}

fn facts(payment: &Value) -> Vec<String> {
    payment["journal"]
        .as_array()
        .map(|j| {
            j.iter()
                .filter_map(|f| f["fact"].as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

fn count(facts: &[String], fact: &str) -> usize {
    facts.iter().filter(|f| *f == fact).count()
}

#[track_caller]
fn event_types_of(srv: &TestServer, id: &str) -> Vec<String> {
    let resp = srv.get("/events?limit=100", srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    let mut types: Vec<String> = resp.body["data"]
        .as_array()
        .unwrap_or_else(|| panic!("GET /events without a data list: {resp:?}"))
        .iter()
        .filter(|e| e["data"]["object"]["id"] == id)
        .map(|e| e["type"].as_str().expect("an event type").to_string())
        .collect();
    types.reverse();
    types
}

#[test]
fn an_accepted_payment_is_sent_once_completes_credits_the_merchant_and_journals_every_fact() {
    let srv = TestServer::start();
    let (before, _, _) = money(&srv, srv.sk(), "CDF");
    let resp = create(&srv, &payment("ord-1", "bind_payer_1", Some(now_secs())));
    assert_eq!(resp.status, 201, "{resp:?}");
    let created = &resp.body;
    assert_eq!(created["object"], "switch_payment");
    assert_eq!(created["status"], "READY", "{created}");
    for (dimension, initial) in [
        ("authorization_status", "NOT_OBSERVED"),
        ("beneficiary_credit_status", "NOT_OBSERVED"),
        ("settlement_status", "NOT_OBSERVED"),
        ("reconciliation_status", "NOT_DUE"),
        ("resolution_status", "NONE"),
    ] {
        assert_eq!(created[dimension], initial, "{dimension}");
    }
    assert_eq!(facts(created), ["PRINCIPAL_REQUESTED", "CONSENT_VALID"]);
    assert_eq!(created["route"]["switch"], "sandbox_switch");
    let id = id_of(created);
    assert_eq!(
        created["tracking_reference"],
        format!(
            "{id}/{}",
            created["correlation_id"].as_str().expect("correlation")
        )
    );

    let done = wait_status(&srv, &id, "COMPLETED");
    assert_eq!(done["authorization_status"], "AUTHORIZED");
    assert_eq!(done["beneficiary_credit_status"], "CREDITED");
    assert_eq!(done["settlement_status"], "SETTLED");
    assert_eq!(done["submission_attempts"], 1);
    assert_eq!(done["customer_message"]["en"], "Payment successful.");
    assert_eq!(done["customer_message"]["fr"], "Paiement réussi.");
    let journal = facts(&done);
    assert_eq!(
        journal,
        [
            "PRINCIPAL_REQUESTED",
            "CONSENT_VALID",
            "SUBMISSION_DISPATCHED",
            "SWITCH_ACCEPTED",
            "AUTHORIZED",
            "BENEFICIARY_CREDITED"
        ]
    );
    let (after, _, _) = money(&srv, srv.sk(), "CDF");
    assert_eq!(after - before, 25_000, "the merchant is credited once");
    assert_eq!(
        event_types_of(&srv, &id),
        [
            "switch_payment.received",
            "switch_payment.ready",
            "switch_payment.dispatching",
            "switch_payment.pending",
            "switch_payment.authorized",
            "switch_payment.completed"
        ]
    );
    // Never cancelled after emission.
    let cancel = srv.post(
        &format!("/payments/{id}/cancel"),
        srv.sk(),
        &json!({}),
        Some(&ik()),
    );
    assert_eq!(
        assert_error(&cancel, 409, "payment_not_cancellable")["error"]["details"]["status"],
        "COMPLETED"
    );
}

#[test]
fn the_sandbox_switch_rejects_by_binding_and_nothing_is_credited() {
    let srv = TestServer::start();
    let (before, _, _) = money(&srv, srv.sk(), "CDF");
    let resp = create(
        &srv,
        &payment("ord-rej", "bind_sandbox_reject", Some(now_secs())),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    let done = wait_status(&srv, &id_of(&resp.body), "REJECTED");
    assert_eq!(done["authorization_status"], "DECLINED");
    assert_eq!(done["beneficiary_credit_status"], "NOT_CREDITED");
    assert_eq!(done["failure_reason"], "declined_by_payer_institution");
    assert_eq!(done["transaction"], Value::Null);
    assert_eq!(count(&facts(&done), "SWITCH_REJECTED"), 1);
    assert_eq!(money(&srv, srv.sk(), "CDF").0, before);
}

#[test]
fn a_timeout_after_a_possible_send_is_unknown_and_an_inquiry_resolves_it_without_a_resend() {
    let srv = TestServer::start();
    let clock = new_clock(&srv, true);
    let clock = id_of(&clock);
    let found = create(
        &srv,
        &payment("ord-to", "bind_sandbox_timeout", Some(T0_SECS)),
    );
    assert_eq!(found.status, 201, "{found:?}");
    let unsent = create(
        &srv,
        &payment("ord-tu", "bind_sandbox_timeout_unsent", Some(T0_SECS)),
    );
    assert_eq!(unsent.status, 201, "{unsent:?}");
    let (found, unsent) = (id_of(&found.body), id_of(&unsent.body));
    for id in [&found, &unsent] {
        let unknown = wait_status(&srv, id, "UNKNOWN");
        assert_eq!(unknown["resolution_status"], "INQUIRY_PENDING");
        assert_eq!(
            unknown["customer_message"]["en"],
            "We are checking your payment's status; do not pay a second time."
        );
    }
    // The inquiry is due 30 s later on the sandbox's clock.
    advance(&srv, &clock, "2027-01-01T00:00:31Z");
    let completed = wait_status(&srv, &found, "COMPLETED");
    assert_eq!(completed["resolution_status"], "RESOLVED");
    assert_eq!(completed["submission_attempts"], 1, "never resent");
    assert_eq!(completed["inquiries"], 1);
    let journal = facts(&completed);
    assert_eq!(count(&journal, "SUBMISSION_DISPATCHED"), 1);
    assert_eq!(count(&journal, "SUBMISSION_TIMED_OUT"), 1);
    assert_eq!(count(&journal, "INQUIRY_SENT"), 1);
    let rejected = wait_status(&srv, &unsent, "REJECTED");
    assert_eq!(rejected["failure_reason"], "not_received_by_switch");
    assert_eq!(rejected["submission_attempts"], 1, "never resent");
    assert_eq!(count(&facts(&rejected), "INQUIRY_NOT_RECEIVED"), 1);
    assert!(event_types_of(&srv, &found).contains(&"switch_payment.unknown".to_string()));
}

#[test]
fn idm_001_replays_the_same_payment_and_refuses_another_body_and_idm_002_refuses_a_second_payment_of_an_order()
 {
    let srv = TestServer::start();
    let body = payment("ord-idm", "bind_payer", None);
    let key = ik();
    let first = srv.post("/payments", srv.sk(), &body, Some(&key));
    assert_eq!(first.status, 201, "{first:?}");
    let replay = srv.post("/payments", srv.sk(), &body, Some(&key));
    assert_eq!(replay.status, 200, "{replay:?}");
    assert_eq!(replay.header("Idempotent-Replayed"), Some("true"));
    assert_eq!(replay.body["id"], first.body["id"]);
    let mut other = body.clone();
    other["amount_minor"] = json!(26_000);
    assert_error(
        &srv.post("/payments", srv.sk(), &other, Some(&key)),
        409,
        "idempotency_key_reused",
    );
    let again = create(&srv, &body);
    let error = assert_error(&again, 409, "order_already_exists");
    assert_eq!(error["error"]["details"]["payment_id"], first.body["id"]);
    assert_error(
        &srv.post("/payments", srv.sk(), &body, None),
        400,
        "idempotency_key_required",
    );
}

#[test]
fn route_choosing_inputs_and_other_products_are_refused_and_nothing_is_written() {
    let srv = TestServer::start();
    let events_before = data_of(&srv.get("/events?limit=100", srv.sk())).len();
    for field in [
        "rail",
        "route",
        "sponsor_id",
        "sponsor",
        "access_mode",
        "exemption",
        "exception_id",
        "connection_id",
        "switch",
        "bypass",
        "currency_override",
    ] {
        let mut body = payment("ord-refused", "bind_payer", Some(now_secs()));
        body[field] = json!("x");
        let resp = create(&srv, &body);
        assert_eq!(
            assert_error(&resp, 400, "input_not_allowed")["param"],
            field
        );
    }
    let mut body = payment("ord-refused", "bind_payer", Some(now_secs()));
    body["product"] = json!("P2P_TRANSFER");
    assert_eq!(
        assert_error(&create(&srv, &body), 400, "validation_error")["param"],
        "product"
    );
    body["product"] = json!("MERCHANT_PAYMENT");
    body["currency"] = json!("EUR");
    assert_eq!(
        assert_error(&create(&srv, &body), 400, "invalid_currency")["param"],
        "currency"
    );
    body["currency"] = json!("CDF");
    body["amount_minor"] = json!(0);
    assert_error(&create(&srv, &body), 400, "invalid_amount");
    let events_after = data_of(&srv.get("/events?limit=100", srv.sk())).len();
    assert_eq!(events_after, events_before, "nothing was written");
    // The order is still free.
    body["amount_minor"] = json!(100);
    assert_eq!(create(&srv, &body).status, 201);
}

#[test]
fn a_live_key_is_refused_while_no_switch_connector_is_configured() {
    let (srv, live) = TestServer::start_with(|dir| create_key(dir, "sk", "live", &[]));
    let resp = srv.post(
        "/payments",
        Some(&live),
        &payment("ord-live", "bind_payer", Some(now_secs())),
        Some(&ik()),
    );
    assert_error(&resp, 422, "rail_not_configured");
}

#[test]
fn a_payment_is_cancelled_before_emission_and_its_consent_and_expiry_run_on_the_test_clock() {
    // The drainer waits a minute: READY payments stay READY meanwhile.
    let srv = TestServer::start_args(&["--switch-dispatch-delay-ms", "60000"]);
    let clock = id_of(&new_clock(&srv, true));
    let needs_consent = create(&srv, &payment("ord-c1", "bind_payer", None));
    assert_eq!(
        needs_consent.body["status"], "REQUIRES_ACTION",
        "{needs_consent:?}"
    );
    let ready = create(&srv, &payment("ord-c2", "bind_payer", Some(T0_SECS)));
    assert_eq!(ready.body["status"], "READY", "{ready:?}");
    let lapsing = create(&srv, &payment("ord-c3", "bind_payer", Some(T0_SECS)));
    let expiring = create(&srv, &payment("ord-c4", "bind_payer", None));

    for created in [&needs_consent, &ready] {
        let id = id_of(&created.body);
        let cancel = srv.post(
            &format!("/payments/{id}/cancel"),
            srv.sk(),
            &json!({}),
            Some(&ik()),
        );
        assert_eq!(cancel.status, 200, "{cancel:?}");
        assert_eq!(cancel.body["status"], "CANCELLED");
        assert_eq!(cancel.body["submission_attempts"], 0);
        let twice = srv.post(
            &format!("/payments/{id}/cancel"),
            srv.sk(),
            &json!({}),
            Some(&ik()),
        );
        assert_error(&twice, 409, "payment_not_cancellable");
    }
    // 600 s of consent.
    advance(&srv, &clock, "2027-01-01T00:10:01Z");
    let lapsed = get(&srv, &id_of(&lapsing.body));
    assert_eq!(lapsed["status"], "REQUIRES_ACTION", "{lapsed}");
    assert!(facts(&lapsed).contains(&"CONSENT_LAPSED".to_string()));
    // 15 minutes before emission.
    advance(&srv, &clock, "2027-01-01T00:15:01Z");
    for id in [id_of(&lapsing.body), id_of(&expiring.body)] {
        assert_eq!(get(&srv, &id)["status"], "EXPIRED");
    }
    assert_eq!(
        get(&srv, &id_of(&ready.body))["status"],
        "CANCELLED",
        "a cancelled payment stays cancelled"
    );
}

#[test]
fn a_payment_committed_but_not_dispatched_when_killed_is_sent_exactly_once_after_restart() {
    let mut srv = TestServer::start_args(&["--switch-dispatch-delay-ms", "60000"]);
    let (before, _, _) = money(&srv, srv.sk(), "CDF");
    let resp = create(&srv, &payment("ord-crash", "bind_payer", Some(now_secs())));
    assert_eq!(resp.status, 201, "{resp:?}");
    let id = id_of(&resp.body);
    assert_eq!(
        get(&srv, &id)["status"],
        "READY",
        "not dispatched before the kill"
    );
    srv.set_serve_args(&[]);
    srv.restart();
    let done = wait_status(&srv, &id, "COMPLETED");
    assert_eq!(done["submission_attempts"], 1);
    assert_eq!(count(&facts(&done), "SUBMISSION_DISPATCHED"), 1);
    assert_eq!(money(&srv, srv.sk(), "CDF").0 - before, 25_000);
    // Another restart sends nothing again.
    srv.restart();
    std::thread::sleep(Duration::from_millis(700));
    let still = get(&srv, &id);
    assert_eq!(still["submission_attempts"], 1);
    assert_eq!(still["journal"], done["journal"]);
    assert_eq!(money(&srv, srv.sk(), "CDF").0 - before, 25_000);
}
