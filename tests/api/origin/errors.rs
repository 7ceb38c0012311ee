//! Errors and lists as the origin's clients read them (O§7, O§17).

use serde_json::{Value, json};

use crate::support::ik;
use crate::support::intents::{body, create, id_of};
use crate::support::{TestServer, assert_error};
use crate::team;

/// O§7: "Body {error: {code, bp, message, details}}". The origin's clients
/// read `error.code`; the spec's flat fields stay beside it. Every operation
/// of the OpenAPI document answers a key that does not exist with the
/// origin's `invalid_api_key`, nested and flat.
#[test]
fn every_keyed_operation_answers_an_unknown_key_with_the_nested_error() {
    let srv = TestServer::start();
    let document: Value =
        serde_json::from_str(&crate::support::checked_in_openapi()).expect("openapi");
    let mut checked = 0;
    for (template, operations) in document["paths"].as_object().expect("paths") {
        let path = template.replace("{id}", "x").replace("{code}", "MR-X");
        for (method, operation) in operations.as_object().expect("operations") {
            let public = operation["security"].as_array().is_none_or(|s| {
                s.is_empty()
                    || s.iter()
                        .any(|r| r.as_object().is_some_and(|o| o.is_empty()))
            });
            if public {
                continue;
            }
            let resp = srv.request(
                &method.to_ascii_uppercase(),
                &path,
                &[
                    ("Authorization", "Bearer sk_test_000000000000000000000000"),
                    ("Content-Type", "application/json"),
                    ("Idempotency-Key", &ik()),
                ],
                Some(b"{}".to_vec()),
            );
            let body = assert_error(&resp, 401, "invalid_api_key");
            assert_eq!(body["error"]["bp"], "BP-1019", "{method} {path}");
            checked += 1;
        }
    }
    assert!(checked >= 45, "only {checked} keyed operations");
}

/// O§7: not-found is per resource, BP-2006 as the origin's `not_found`;
/// another merchant's object answers the same as an unknown one.
#[test]
fn missing_objects_answer_resource_specific_codes_with_the_origins_number() {
    let (srv, live) = TestServer::start_with(|dir| {
        crate::support::create_key(dir, "sk", "live", &["payment_intents:read"])
    });
    for (path, code) in [
        ("/payment_intents/pi_01nothinghere", "intent_not_found"),
        ("/refunds/re_01nothinghere", "refund_not_found"),
        ("/disputes/dp_01nothinghere", "dispute_not_found"),
        (
            "/checkout_sessions/cs_01nothinghere",
            "checkout_session_not_found",
        ),
        ("/money_requests/MR-NOTHERE", "money_request_not_found"),
        ("/qr_codes/qr_01nothinghere", "qr_code_not_found"),
        ("/locations/loc_01nothinghere", "location_not_found"),
        (
            "/webhook_endpoints/we_01nothinghere",
            "webhook_endpoint_not_found",
        ),
        ("/transactions/txn_01nothinghere", "transaction_not_found"),
    ] {
        let resp = srv.get(path, srv.sk());
        let body = assert_error(&resp, 404, code);
        assert_eq!(body["bp"], "BP-2006", "{path}");
        assert_eq!(body["error"]["code"], code, "{path}");
    }
    let deactivate = srv.post(
        "/payment_links/plink_01nothinghere/deactivate",
        srv.sk(),
        &json!({}),
        Some(&ik()),
    );
    assert_error(&deactivate, 404, "payment_link_not_found");
    let replay = srv.post(
        "/events/evt_01nothinghere/replay",
        srv.sk(),
        &json!({}),
        Some(&ik()),
    );
    assert_error(&replay, 404, "event_not_found");
    // A live key does not see a test intent: the same answer as an unknown id.
    let intent = id_of(&create(&srv, &body(json!({}))));
    let other = srv.get(&format!("/payment_intents/{intent}"), Some(&live));
    assert_error(&other, 404, "intent_not_found");
}

/// O§7 catalogue: invalid_credentials 1002, step_up_required 1010; O§5: a
/// key reused on another endpoint names it in `details.endpoint`.
#[test]
fn origin_bp_numbers_and_details_are_answered() {
    let srv = team::start(&[]);
    let bad = srv.post(
        "/sessions",
        None,
        &json!({"email": team::OWNER, "password": "wrong-password-123"}),
        None,
    );
    assert_eq!(
        assert_error(&bad, 401, "invalid_credentials")["bp"],
        "BP-1002"
    );
    let session = team::login(&srv, team::OWNER, team::OWNER_PASSWORD);
    let live = srv.post(
        "/api_keys",
        Some(&session),
        &json!({"kind": "rk", "mode": "live", "label": "l", "scopes": ["balance:read"]}),
        Some(&ik()),
    );
    assert_eq!(
        assert_error(&live, 403, "step_up_required")["error"]["bp"],
        "BP-1010"
    );
    let key = ik();
    let first = srv.post("/payment_intents", srv.sk(), &body(json!({})), Some(&key));
    assert_eq!(first.status, 201, "{first:?}");
    let reused = srv.post("/webhook_endpoints", srv.sk(), &json!({}), Some(&key));
    let body = assert_error(&reused, 409, "idempotency_key_reused");
    assert_eq!(
        body["error"]["details"]["endpoint"],
        "POST /payment_intents"
    );
}

/// O§17: lists default to 50 and allow up to 200, in the `{data: [...]}`
/// envelope (kept with `has_more` and `next_cursor`).
#[test]
fn lists_default_to_50_and_allow_200() {
    let srv = TestServer::start();
    for _ in 0..51 {
        create(&srv, &body(json!({})));
    }
    let page = srv.get("/payment_intents", srv.sk());
    assert_eq!(page.status, 200, "{page:?}");
    assert_eq!(page.body["data"].as_array().map(Vec::len), Some(50));
    assert_eq!(page.body["has_more"], true);
    let all = srv.get("/payment_intents?limit=200", srv.sk());
    assert_eq!(all.body["data"].as_array().map(Vec::len), Some(51));
    assert_eq!(all.body["has_more"], false);
    let over = srv.get("/payment_intents?limit=201", srv.sk());
    assert_eq!(
        assert_error(&over, 400, "validation_error")["param"],
        "limit"
    );
}
