//! Idempotency-Key handling: replays are byte-identical and marked, a key is
//! bound to one endpoint and one body, concurrent duplicates execute once,
//! and keys are scoped per mode but shared by the `/v1` and `/api/v1` mounts.

use serde_json::{Value, json};

use crate::support::balances::balance;
use crate::support::ik;
use crate::support::intents::{SUCCEED, body, create, get_intent, id_of, list_all_ids, mm};
use crate::support::{Resp, TestServer, assert_error, create_key};

fn post_intent(srv: &TestServer, key: Option<&str>, body: &Value, ik: &str) -> Resp {
    srv.post("/payment_intents", key, body, Some(ik))
}

#[track_caller]
fn assert_replay_of(first: &Resp, replay: &Resp) {
    assert_eq!(replay.status, first.status, "{replay:?}");
    assert_eq!(
        replay.text, first.text,
        "replay differs from the first answer"
    );
    assert_eq!(
        replay.header("idempotent-replayed"),
        Some("true"),
        "{:?}",
        replay.headers
    );
    assert!(
        replay
            .header("content-type")
            .is_some_and(|c| c.starts_with("application/json")),
        "{:?}",
        replay.headers
    );
}

#[test]
fn the_same_key_and_body_replay_the_first_response_byte_for_byte_and_create_once() {
    let srv = TestServer::start();
    let key = ik();
    let input = mm(SUCCEED);
    let first = post_intent(&srv, srv.sk(), &input, &key);
    assert_eq!(first.status, 201, "{first:?}");
    assert_eq!(
        first.header("idempotent-replayed"),
        None,
        "{:?}",
        first.headers
    );
    let id = id_of(&first.body);
    let (available, pending) = balance(&srv, srv.sk(), "CDF");

    for _ in 0..2 {
        let replay = post_intent(&srv, srv.sk(), &input, &key);
        assert_replay_of(&first, &replay);
        assert_eq!(replay.body["client_secret"], first.body["client_secret"]);
    }
    assert_eq!(list_all_ids(&srv, srv.sk()), std::slice::from_ref(&id));
    assert_eq!(
        get_intent(&srv, &id)["attempts_count"],
        1,
        "the attempt ran twice"
    );
    assert_eq!(
        balance(&srv, srv.sk(), "CDF"),
        (available, pending),
        "the payment was credited twice"
    );
    // A new key is a new intent.
    let other = post_intent(&srv, srv.sk(), &input, &ik());
    assert_eq!(other.status, 201, "{other:?}");
    assert_ne!(id_of(&other.body), id);
    assert_eq!(list_all_ids(&srv, srv.sk()).len(), 2);
}

#[test]
fn the_same_key_with_a_different_body_is_409_idempotency_key_reused() {
    let srv = TestServer::start();
    let key = ik();
    let first = post_intent(&srv, srv.sk(), &body(json!({})), &key);
    assert_eq!(first.status, 201, "{first:?}");
    for other in [
        body(json!({"amount_minor": 10_001})),
        body(json!({"reference": "another"})),
        mm(SUCCEED),
    ] {
        let resp = post_intent(&srv, srv.sk(), &other, &key);
        let error = assert_error(&resp, 409, "idempotency_key_reused");
        assert_eq!(error["bp"], "BP-2005", "{resp:?}");
        assert_eq!(resp.header("idempotent-replayed"), None, "{resp:?}");
    }
    assert_eq!(list_all_ids(&srv, srv.sk()), [id_of(&first.body)]);
    assert_eq!(balance(&srv, srv.sk(), "CDF"), (0, 0));
    // The original body still replays.
    assert_replay_of(&first, &post_intent(&srv, srv.sk(), &body(json!({})), &key));
}

#[test]
fn a_key_used_on_one_endpoint_is_409_on_another() {
    let srv = TestServer::start();
    let held = create(
        &srv,
        &body(json!({
            "rails": ["mobile_money"], "customer_msisdn": SUCCEED, "confirm": true, "capture_method": "manual",
        })),
    );
    let held = id_of(&held);
    assert_eq!(get_intent(&srv, &held)["status"], "AUTHORISED");

    let key = ik();
    let first = post_intent(
        &srv,
        srv.sk(),
        &json!({"amount_minor": 10_000, "currency": "CDF"}),
        &key,
    );
    assert_eq!(first.status, 201, "{first:?}");
    // The capture path, with a body that is byte-identical to the create's.
    let resp = srv.post(
        &format!("/payment_intents/{held}/capture"),
        srv.sk(),
        &json!({"amount_minor": 10_000, "currency": "CDF"}),
        Some(&key),
    );
    assert_error(&resp, 409, "idempotency_key_reused");
    let resp = srv.post(
        &format!("/payment_intents/{held}/capture"),
        srv.sk(),
        &json!({}),
        Some(&key),
    );
    assert_error(&resp, 409, "idempotency_key_reused");
    assert_eq!(
        get_intent(&srv, &held)["status"],
        "AUTHORISED",
        "the capture ran"
    );

    // A capture's key is bound to that intent's path.
    let capture_key = ik();
    let path = format!("/payment_intents/{held}/capture");
    let captured = srv.post(&path, srv.sk(), &json!({}), Some(&capture_key));
    assert_eq!(captured.status, 200, "{captured:?}");
    let other = id_of(&create(&srv, &body(json!({"capture_method": "manual"}))));
    let resp = srv.post(
        &format!("/payment_intents/{other}/capture"),
        srv.sk(),
        &json!({}),
        Some(&capture_key),
    );
    assert_error(&resp, 409, "idempotency_key_reused");
    let resp = srv.post(
        &format!("/payment_intents/{other}/cancel"),
        srv.sk(),
        &json!({}),
        Some(&capture_key),
    );
    assert_error(&resp, 409, "idempotency_key_reused");
    assert_eq!(
        get_intent(&srv, &other)["status"],
        "REQUIRES_PAYMENT_METHOD"
    );
}

#[test]
fn a_replayed_capture_does_not_capture_twice() {
    let srv = TestServer::start();
    let held = id_of(&create(
        &srv,
        &body(json!({
            "rails": ["mobile_money"], "customer_msisdn": SUCCEED, "confirm": true, "capture_method": "manual",
        })),
    ));
    let key = ik();
    let path = format!("/payment_intents/{held}/capture");
    let first = srv.post(&path, srv.sk(), &json!({"amount_minor": 4_000}), Some(&key));
    assert_eq!(first.status, 200, "{first:?}");
    assert_eq!(first.body["amount_received_minor"], 4_000, "{first:?}");
    let credited = balance(&srv, srv.sk(), "CDF");
    assert!(credited.1 > 0, "{credited:?}");
    let replay = srv.post(&path, srv.sk(), &json!({"amount_minor": 4_000}), Some(&key));
    assert_replay_of(&first, &replay);
    assert_eq!(balance(&srv, srv.sk(), "CDF"), credited);
    // Without the key, the same request is a new capture, refused.
    let again = srv.post(
        &path,
        srv.sk(),
        &json!({"amount_minor": 4_000}),
        Some(&ik()),
    );
    assert_error(&again, 409, "intent_not_authorised");
}

#[test]
fn idempotency_keys_must_be_1_to_200_printable_ascii_characters() {
    let srv = TestServer::start();
    for bad in [
        "k".repeat(201),
        String::new(),
        "has space".into(),
        "tab\there".into(),
    ] {
        let resp = post_intent(&srv, srv.sk(), &body(json!({})), &bad);
        let error = assert_error(&resp, 400, "invalid_idempotency_key");
        assert_eq!(error["bp"], "BP-2011", "{bad:?}: {resp:?}");
    }
    assert_eq!(list_all_ids(&srv, srv.sk()), Vec::<String>::new());
    let longest = "k".repeat(200);
    let first = post_intent(&srv, srv.sk(), &body(json!({})), &longest);
    assert_eq!(first.status, 201, "{first:?}");
    assert_replay_of(
        &first,
        &post_intent(&srv, srv.sk(), &body(json!({})), &longest),
    );
    assert_eq!(list_all_ids(&srv, srv.sk()).len(), 1);
}

#[test]
fn twenty_concurrent_requests_with_one_key_create_exactly_one_intent() {
    let srv = TestServer::start();
    let key = ik();
    let input = mm(SUCCEED);
    let answers: Vec<Resp> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..20)
            .map(|_| scope.spawn(|| post_intent(&srv, srv.sk(), &input, &key)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("request thread"))
            .collect()
    });
    for answer in &answers {
        assert_eq!(answer.status, 201, "{answer:?}");
        assert_eq!(answer.text, answers[0].text, "bodies differ");
    }
    let fresh = answers
        .iter()
        .filter(|a| a.header("idempotent-replayed").is_none())
        .count();
    assert_eq!(fresh, 1, "answers not marked as replays");
    let ids = list_all_ids(&srv, srv.sk());
    assert_eq!(ids, [id_of(&answers[0].body)]);
    let net = 10_000 - crate::support::balances::fee_total(&answers[0].body);
    assert_eq!(
        balance(&srv, srv.sk(), "CDF"),
        (0, net),
        "credited more than once"
    );
}

#[test]
fn the_same_key_in_test_and_live_mode_are_two_independent_requests() {
    let (srv, live) = TestServer::start_with(|dir| create_key(dir, "sk", "live", &[]));
    let key = ik();
    let input = body(json!({"rails": ["mobile_money"]}));
    let test = post_intent(&srv, srv.sk(), &input, &key);
    assert_eq!(test.status, 201, "{test:?}");
    let in_live = post_intent(&srv, Some(&live), &input, &key);
    assert_eq!(in_live.status, 201, "{in_live:?}");
    assert_eq!(in_live.header("idempotent-replayed"), None, "{in_live:?}");
    assert_eq!(in_live.body["livemode"], true, "{in_live:?}");
    assert_ne!(in_live.body["id"], test.body["id"]);
    // A different body under the same key is fine in the other mode too...
    let other_key = ik();
    let first = post_intent(
        &srv,
        Some(&live),
        &body(json!({"amount_minor": 1})),
        &other_key,
    );
    assert_eq!(first.status, 201, "{first:?}");
    let second = post_intent(
        &srv,
        srv.sk(),
        &body(json!({"amount_minor": 2})),
        &other_key,
    );
    assert_eq!(second.status, 201, "{second:?}");
    // ...and each mode replays its own.
    assert_replay_of(&test, &post_intent(&srv, srv.sk(), &input, &key));
    assert_replay_of(&in_live, &post_intent(&srv, Some(&live), &input, &key));
    assert_eq!(list_all_ids(&srv, srv.sk()).len(), 2);
    assert_eq!(list_all_ids(&srv, Some(&live)).len(), 2);
}

#[test]
fn v1_and_api_v1_share_one_idempotency_scope() {
    let srv = TestServer::start();
    let key = ik();
    let input = body(json!({"reference": "mounts"}));
    let first = srv
        .v1()
        .post("/payment_intents", srv.sk(), &input, Some(&key));
    assert_eq!(first.status, 201, "{first:?}");
    let replay = srv
        .api_v1()
        .post("/payment_intents", srv.sk(), &input, Some(&key));
    assert_replay_of(&first, &replay);
    let changed = srv
        .api_v1()
        .post("/payment_intents", srv.sk(), &body(json!({})), Some(&key));
    assert_error(&changed, 409, "idempotency_key_reused");

    // And the other way round, on an intent's action.
    let id = id_of(&first.body);
    let cancel_key = ik();
    let path = format!("/payment_intents/{id}/cancel");
    let cancelled = srv
        .api_v1()
        .post(&path, srv.sk(), &json!({}), Some(&cancel_key));
    assert_eq!(cancelled.status, 200, "{cancelled:?}");
    assert_replay_of(
        &cancelled,
        &srv.v1()
            .post(&path, srv.sk(), &json!({}), Some(&cancel_key)),
    );
    assert_eq!(list_all_ids(&srv, srv.sk()), [id]);
}

#[test]
fn a_request_refused_before_it_ran_does_not_use_up_its_key() {
    let srv = TestServer::start();
    let key = ik();
    let invalid = post_intent(&srv, srv.sk(), &body(json!({"currency": "XYZ"})), &key);
    assert_error(&invalid, 400, "invalid_currency");
    let valid = post_intent(&srv, srv.sk(), &body(json!({})), &key);
    assert_eq!(valid.status, 201, "{valid:?}");
    assert_eq!(valid.header("idempotent-replayed"), None, "{valid:?}");
    assert_replay_of(&valid, &post_intent(&srv, srv.sk(), &body(json!({})), &key));
    assert_eq!(list_all_ids(&srv, srv.sk()).len(), 1);
}
