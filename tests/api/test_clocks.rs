//! Test clocks (issue 17): the sandbox's time, moved forward on request.

use std::time::Duration;

use serde_json::json;

use crate::support::clocks::{T0, advance, new_clock};
use crate::support::events::event_types;
use crate::support::ik;
use crate::support::intents::{SUCCEED, body, create, get_intent, id_of};
use crate::support::{TestServer, assert_error, create_key};

#[test]
fn an_attached_clock_stamps_the_sandbox_and_an_advance_expires_an_intent_with_its_event() {
    let srv = TestServer::start();
    let clock = new_clock(&srv, true);
    let clock_id = clock["id"].as_str().expect("id");
    let intent = create(&srv, &body(json!({"expires_in_minutes": 30})));
    assert_eq!(intent["created_at"], "2027-01-01T00:00:00.000Z", "{intent}");
    assert_eq!(intent["expires_at"], "2027-01-01T00:30:00.000Z", "{intent}");
    let id = id_of(&intent);
    // Real time passes; the sandbox's does not.
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(get_intent(&srv, &id)["status"], "REQUIRES_PAYMENT_METHOD");
    let ready = advance(&srv, clock_id, "2027-01-01T00:29:00Z");
    assert_eq!(ready["timers_fired"], 0, "{ready}");
    assert_eq!(get_intent(&srv, &id)["status"], "REQUIRES_PAYMENT_METHOD");
    let ready = advance(&srv, clock_id, "2027-01-01T00:31:00Z");
    assert_eq!(ready["frozen_time"], "2027-01-01T00:31:00.000Z");
    assert_eq!(ready["timers_fired"], 1, "{ready}");
    let expired = get_intent(&srv, &id);
    assert_eq!(expired["status"], "EXPIRED", "{expired}");
    let types = event_types(&srv);
    for t in [
        "payment_intent.expired",
        "test_clock.advancing",
        "test_clock.ready",
    ] {
        assert!(types.iter().any(|x| x == t), "{t} missing in {types:?}");
    }
}

#[test]
fn a_dispute_deadline_passes_on_an_advance() {
    let srv = TestServer::start();
    let clock = new_clock(&srv, true);
    let clock_id = clock["id"].as_str().expect("id");
    create(
        &srv,
        &body(json!({"amount_minor": 50_000, "customer_msisdn": SUCCEED, "confirm": true})),
    );
    let paid = create(
        &srv,
        &body(json!({"amount_minor": 10_000, "customer_msisdn": SUCCEED, "confirm": true})),
    );
    assert_eq!(paid["status"], "SETTLEMENT_PENDING", "{paid}");
    let dispute = srv.post(
        "/disputes",
        srv.sk(),
        &json!({"payment_intent": id_of(&paid), "amount_minor": 4_000, "reason": "fraudulent", "evidence_due_in_minutes": 60}),
        Some(&ik()),
    );
    assert_eq!(dispute.status, 201, "{dispute:?}");
    assert_eq!(dispute.body["evidence_due_at"], "2027-01-01T01:00:00.000Z");
    let dispute_id = dispute.body["id"].as_str().expect("id");
    advance(&srv, clock_id, "2027-01-01T01:01:00Z");
    let lost = srv.get(&format!("/disputes/{dispute_id}"), srv.sk());
    assert_eq!(lost.body["status"], "LOST", "{lost:?}");
}

#[test]
fn live_keys_are_refused_and_a_step_over_the_cap_changes_nothing() {
    let (srv, live) = TestServer::start_with(|dir| create_key(dir, "sk", "live", &[]));
    let refused = srv.post(
        "/test_clocks",
        Some(&live),
        &json!({"frozen_time": T0}),
        Some(&ik()),
    );
    assert_eq!(
        assert_error(&refused, 403, "livemode_forbidden")["bp"],
        "BP-1020"
    );
    assert_error(
        &srv.get("/test_clocks", Some(&live)),
        403,
        "livemode_forbidden",
    );

    let clock = new_clock(&srv, true);
    let clock_id = clock["id"].as_str().expect("id");
    create(&srv, &body(json!({"expires_in_minutes": 30})));
    let path = format!("/test_clocks/{clock_id}/advance");
    let too_far = srv.post(
        &path,
        srv.sk(),
        &json!({"frozen_time": "2029-06-01T00:00:00Z"}),
        Some(&ik()),
    );
    assert_eq!(
        assert_error(&too_far, 422, "test_clock_advance_too_large")["param"],
        "frozen_time"
    );
    let back = srv.post(
        &path,
        srv.sk(),
        &json!({"frozen_time": "2026-12-31T00:00:00Z"}),
        Some(&ik()),
    );
    assert_eq!(
        assert_error(&back, 400, "validation_error")["param"],
        "frozen_time"
    );
    let unchanged = srv.get(&format!("/test_clocks/{clock_id}"), srv.sk()).body;
    assert_eq!(unchanged["frozen_time"], "2027-01-01T00:00:00.000Z");
    assert_eq!(unchanged["status"], "ready");
    assert!(
        !event_types(&srv)
            .iter()
            .any(|t| t == "test_clock.advancing")
    );
}

#[test]
fn a_detached_sandbox_returns_to_real_time_and_clocks_list_and_delete() {
    let srv = TestServer::start();
    let clock = new_clock(&srv, true);
    let clock_id = clock["id"].as_str().expect("id");
    let stamped = create(&srv, &body(json!({})));
    assert_eq!(stamped["created_at"], "2027-01-01T00:00:00.000Z");
    let listed = srv.get("/test_clocks", srv.sk());
    assert_eq!(listed.body["data"][0]["id"], clock_id, "{listed:?}");
    let detached = srv.post(
        &format!("/test_clocks/{clock_id}/detach"),
        srv.sk(),
        &json!({}),
        Some(&ik()),
    );
    assert_eq!(detached.body["attached"], false, "{detached:?}");
    let now = create(&srv, &body(json!({})));
    assert_ne!(now["created_at"], "2027-01-01T00:00:00.000Z", "{now}");
    // The timer of the first intent waits for real time again (its expiry is
    // in the clock's future), so nothing fired.
    assert_eq!(
        get_intent(&srv, &id_of(&stamped))["status"],
        "REQUIRES_PAYMENT_METHOD"
    );
    let deleted = srv.request(
        "DELETE",
        &format!("/test_clocks/{clock_id}"),
        &[
            ("Authorization", &format!("Bearer {}", srv.secret_key)),
            ("Idempotency-Key", &ik()),
        ],
        None,
    );
    assert_eq!(
        deleted.body,
        json!({"id": clock_id, "object": "test_clock", "deleted": true})
    );
    assert_error(
        &srv.get(&format!("/test_clocks/{clock_id}"), srv.sk()),
        404,
        "test_clock_not_found",
    );
}

/// The sandbox number that pays after six seconds pays after six seconds of
/// the clock: an advance captures it at once, real time does nothing.
#[test]
fn the_six_second_sandbox_number_waits_for_the_clock() {
    let srv = TestServer::start();
    let clock = new_clock(&srv, true);
    let clock_id = clock["id"].as_str().expect("id");
    let intent = create(
        &srv,
        &body(json!({"customer_msisdn": "+243000000500", "confirm": true})),
    );
    assert_eq!(intent["status"], "REQUIRES_CUSTOMER_ACTION", "{intent}");
    let ready = advance(&srv, clock_id, "2027-01-01T00:00:10Z");
    assert!(ready["timers_fired"].as_u64() >= Some(1), "{ready}");
    let paid = get_intent(&srv, &id_of(&intent));
    assert_eq!(paid["status"], "SETTLEMENT_PENDING", "{paid}");
    assert!(
        paid["updated_at"]
            .as_str()
            .is_some_and(|t| t.starts_with("2027-01-01T00:00:0")),
        "{paid}"
    );
}

/// Webhooks of a sandbox in the clock's future are still delivered in real
/// time (decision 94), and carry the clock's time.
#[test]
fn events_of_a_clocked_sandbox_are_delivered_in_real_time() {
    let srv = TestServer::start_args(&["--webhook-egress", "local"]);
    let receiver = crate::support::Receiver::ok();
    let endpoint = srv.post(
        "/webhook_endpoints",
        srv.sk(),
        &json!({"url": receiver.url(), "enabled_events": ["payment_intent.created"]}),
        None,
    );
    assert_eq!(endpoint.status, 201, "{endpoint:?}");
    new_clock(&srv, true);
    create(&srv, &body(json!({})));
    let received =
        receiver.wait_for_where("the delivery", Duration::from_secs(10), |r| !r.is_empty());
    let event = received[0].json();
    assert_eq!(event["type"], "payment_intent.created", "{event}");
    assert_eq!(event["created_at"], "2027-01-01T00:00:00.000Z", "{event}");
}

/// Issue 17: two organisations' sandboxes do not see each other's clocks.
#[test]
fn another_organisations_sandbox_neither_sees_nor_follows_the_clock() {
    let (srv, b) = TestServer::start_with(|dir| {
        crate::support::orgs::add_org(dir, "@beta", "owner@beta.example")
    });
    let b_key = b["keys"]["secret_key"].as_str().expect("sk");
    let clock = new_clock(&srv, true);
    let clock_id = clock["id"].as_str().expect("id");
    assert_error(
        &srv.get(&format!("/test_clocks/{clock_id}"), Some(b_key)),
        404,
        "test_clock_not_found",
    );
    let b_list = srv.get("/test_clocks", Some(b_key));
    assert_eq!(b_list.body["data"], json!([]), "{b_list:?}");
    let b_intent = srv.post(
        "/payment_intents",
        Some(b_key),
        &body(json!({})),
        Some(&ik()),
    );
    assert_eq!(b_intent.status, 201, "{b_intent:?}");
    assert_ne!(b_intent.body["created_at"], "2027-01-01T00:00:00.000Z");
    assert_eq!(
        create(&srv, &body(json!({})))["created_at"],
        "2027-01-01T00:00:00.000Z"
    );
}
