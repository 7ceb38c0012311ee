//! Webhooks, events and `/status` as the origin's clients read them (issue 16
//! points 4, 7a, 7b, 9 and 12): endpoints with `events` and `api_version`, the
//! origin's event names and envelope, brand-named headers
//! (`--header-prefix`), an endpoint that survives a burst of failures, and
//! `/status` `mode`, `time`, `guardian.active`.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

use crate::support::ik;
use crate::support::intents::id_of;
use crate::support::{
    Received, Receiver, TestServer, assert_error, closed_port_url, paygate, wait_until,
};

/// The sandbox number that pays at once.
const PAYS: &str = "+243000000501";
/// The sandbox number whose attempt fails (invalid_msisdn, retryable).
const FAILS: &str = "+243000000404";
/// Long enough for a delivery (or a retry after 1 s) on a loaded machine.
const DELIVERY_TIMEOUT: Duration = Duration::from_secs(10);
/// Deliveries to this machine are allowed in test mode.
const LOCAL: [&str; 2] = ["--webhook-egress", "local"];

fn text<'a>(value: &'a Value, name: &str) -> &'a str {
    value[name]
        .as_str()
        .unwrap_or_else(|| panic!("{name} missing in {value}"))
}

/// `POST /webhook_endpoints` with `body`; asserts 201.
fn endpoint(srv: &TestServer, body: Value) -> Value {
    let resp = srv.post("/webhook_endpoints", srv.sk(), &body, None);
    assert_eq!(resp.status, 201, "{body}: {resp:?}");
    resp.body
}

/// An intent of `amount` CDF with `reference`, created without an attempt.
fn intent(srv: &TestServer, amount: i64, reference: &str) -> String {
    let body = json!({"amount_minor": amount, "currency": "CDF", "reference": reference});
    let resp = srv.post("/payment_intents", srv.sk(), &body, Some(&ik()));
    assert_eq!(resp.status, 201, "{resp:?}");
    id_of(&resp.body)
}

/// `POST /payment_intents/{id}/confirm` with a sandbox payer number.
fn confirm(srv: &TestServer, pi: &str, msisdn: &str) -> Value {
    let resp = srv.post(
        &format!("/payment_intents/{pi}/confirm"),
        srv.sk(),
        &json!({"customer_msisdn": msisdn}),
        Some(&ik()),
    );
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body
}

/// The types of the event log, oldest first.
fn logged_types(srv: &TestServer, query: &str) -> Vec<String> {
    let resp = srv.get(&format!("/events?limit=100{query}"), srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    let mut types: Vec<String> = resp.body["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|e| text(e, "type").to_string())
        .collect();
    types.reverse();
    types
}

fn types_received(requests: &[Received]) -> BTreeSet<String> {
    requests
        .iter()
        .map(|r| r.header("service-event").unwrap_or_default().to_string())
        .collect()
}

// O§6 "Envelope: … api_version 2026-09-01"; the `events` alias of
// `enabled_events` and an endpoint's `api_version` are issue 16 point 4.
#[test]
fn endpoints_take_the_origins_events_field_and_api_version() {
    let srv = TestServer::start_args(&LOCAL);
    let created = endpoint(
        &srv,
        json!({"url": "http://127.0.0.1:9/hook", "events": ["payment_intent.*"], "api_version": "2026-09-01"}),
    );
    assert_eq!(created["enabled_events"], json!(["payment_intent.*"]));
    assert_eq!(created["api_version"], "2026-09-01");
    let id = text(&created, "id");
    // Without api_version, the only version; shown on reads too.
    let plain = endpoint(&srv, json!({"url": "http://127.0.0.1:9/hook"}));
    assert_eq!(plain["api_version"], "2026-09-01");
    assert_eq!(plain["enabled_events"], json!(["*"]));
    let read = srv.get(&format!("/webhook_endpoints/{id}"), srv.sk());
    assert_eq!(read.body["api_version"], "2026-09-01", "{read:?}");

    // Refused: another version, both names at once. Nothing is written.
    let other = srv.post(
        "/webhook_endpoints",
        srv.sk(),
        &json!({"url": "http://127.0.0.1:9/hook", "api_version": "2020-08-27"}),
        None,
    );
    assert_eq!(
        assert_error(&other, 400, "validation_error")["param"],
        "api_version"
    );
    let both = srv.post(
        "/webhook_endpoints",
        srv.sk(),
        &json!({"url": "http://127.0.0.1:9/hook", "events": ["*"], "enabled_events": ["*"]}),
        None,
    );
    assert_error(&both, 400, "validation_error");
    let listed = srv.get("/webhook_endpoints", srv.sk());
    assert_eq!(
        listed.body["data"].as_array().map(Vec::len),
        Some(2),
        "{listed:?}"
    );

    // PATCH takes `events` too; former names of renamed types are stored under the current ones.
    let auth = format!("Bearer {}", srv.secret_key);
    let patched = srv.request(
        "PATCH",
        &format!("/webhook_endpoints/{id}"),
        &[("Authorization", auth.as_str()), ("Content-Type", "application/json")],
        Some(
            json!({"events": ["refund.requested", "checkout_session.*"], "api_version": "2026-09-01"})
                .to_string()
                .into_bytes(),
        ),
    );
    assert_eq!(patched.status, 200, "{patched:?}");
    assert_eq!(
        patched.body["enabled_events"],
        json!(["refund.created", "checkout_session.*"])
    );
}

// O§6 "Envelope: id, object "event", type, event (same), api_version
// 2026-09-01, schema_version 1, created (unix), occurred_at, emitted_at,
// resource {type, id}, … account, livemode, data"; "clients looked for
// data.object". Names: O§6/O§3 and issue 16 point 12.
#[test]
fn deliveries_carry_the_origin_envelope_and_attempt_event_names() {
    let srv = TestServer::start_args(&LOCAL);
    let receiver = Receiver::ok();
    endpoint(
        &srv,
        json!({"url": receiver.url(), "events": ["payment_intent.*"]}),
    );
    let pi = intent(&srv, 5_000, "order-env");
    let failed = confirm(&srv, &pi, FAILS);
    assert_eq!(failed["status"], "REQUIRES_PAYMENT_METHOD", "{failed}");
    let paid = confirm(&srv, &pi, PAYS);
    assert_eq!(paid["status"], "SETTLEMENT_PENDING", "{paid}");

    let want: BTreeSet<String> = [
        "payment_intent.created",
        "payment_intent.requires_action",
        "payment_intent.payment_failed",
        "payment_intent.captured",
        "payment_intent.succeeded",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    // Deliveries to one endpoint run several at a time, so they may arrive
    // in any order: wait for all of them, not for the last one emitted.
    let requests = receiver.wait_for_where("the payment's events", DELIVERY_TIMEOUT, |r| {
        types_received(r).is_superset(&want)
    });
    let got = types_received(&requests);
    assert!(got.is_superset(&want), "{got:?}");
    assert!(
        !got.contains("payment_intent.processing"),
        "mobile money waits for the payer: {got:?}"
    );
    assert!(!got.contains("payment_intent.attempt_failed"), "{got:?}");

    for req in &requests {
        let event = req.json();
        assert_eq!(event["object"], "event", "{event}");
        assert_eq!(event["event"], event["type"], "{event}");
        assert_eq!(req.header("service-event"), event["type"].as_str());
        assert_eq!(event["api_version"], "2026-09-01", "{event}");
        assert_eq!(event["schema_version"], 1, "{event}");
        assert!(event["created"].as_i64().is_some(), "{event}");
        assert_eq!(event["occurred_at"], event["created_at"], "{event}");
        let emitted = text(&event, "emitted_at");
        assert!(
            emitted.ends_with('Z') && emitted >= text(&event, "occurred_at"),
            "{event}"
        );
        assert_eq!(
            event["resource"],
            json!({"type": "payment_intent", "id": pi}),
            "{event}"
        );
        assert_eq!(event["data"]["object"]["id"], pi.as_str(), "{event}");
        assert_eq!(event["livemode"], false, "{event}");
        assert!(event.get("account").is_some(), "{event}");
    }
    // The log renders the same envelope, emitted when it occurred.
    let log = srv.get("/events?limit=1", srv.sk());
    let logged = &log.body["data"][0];
    assert_eq!(logged["emitted_at"], logged["occurred_at"], "{log:?}");
    assert_eq!(logged["schema_version"], 1, "{log:?}");
}

// O§3 "Events: refund.created, .updated, .succeeded, .failed, .rejected";
// O§6 "payment_intent.disputed", "verification.completed/.confirmed"; issue 16
// point 12 names checkout.session.* and dispute.opened. Filters and the log's
// type filter written with the former names keep working.
#[test]
fn refunds_disputes_checkout_and_verifications_use_the_origin_names() {
    let srv = TestServer::start_args(&LOCAL);
    let receiver = Receiver::ok();
    endpoint(
        &srv,
        json!({"url": receiver.url(), "enabled_events": ["refund.requested", "dispute.created", "checkout_session.*"]}),
    );
    let pi = intent(&srv, 10_000, "order-names");
    confirm(&srv, &pi, PAYS);

    let refund = srv.post(
        "/refunds",
        srv.sk(),
        &json!({"payment_intent": pi, "amount_minor": 1_000, "reason": "requested_by_customer"}),
        Some(&ik()),
    );
    assert_eq!(refund.status, 201, "{refund:?}");
    assert_eq!(refund.body["status"], "SUCCEEDED", "{refund:?}");
    let dispute = srv.post(
        "/disputes",
        srv.sk(),
        &json!({"payment_intent": pi, "amount_minor": 2_000, "reason": "fraudulent"}),
        Some(&ik()),
    );
    assert_eq!(dispute.status, 201, "{dispute:?}");
    let verification = srv.post(
        "/verifications",
        srv.sk(),
        &json!({"reference": "order-names"}),
        Some(&ik()),
    );
    assert_eq!(verification.status, 201, "{verification:?}");
    let session = srv.post(
        "/checkout_sessions",
        srv.sk(),
        &json!({"line_items": [{"name": "Rice", "quantity": 1, "unit_amount_minor": 4500}], "currency": "CDF", "success_url": "https://shop.example/ok"}),
        Some(&ik()),
    );
    assert_eq!(session.status, 201, "{session:?}");
    let expired = srv.post(
        &format!("/checkout_sessions/{}/expire", text(&session.body, "id")),
        srv.sk(),
        &json!({}),
        None,
    );
    assert_eq!(expired.status, 200, "{expired:?}");

    let types = logged_types(&srv, "");
    let position = |name: &str| {
        types
            .iter()
            .position(|t| t == name)
            .unwrap_or_else(|| panic!("no {name} in {types:?}"))
    };
    assert!(position("refund.created") < position("refund.updated"));
    assert!(position("refund.updated") < position("refund.succeeded"));
    // Each pair commits together, in this order.
    assert!(position("dispute.opened") < position("payment_intent.disputed"));
    assert!(position("verification.completed") < position("verification.confirmed"));
    position("checkout.session.expired");
    for former in [
        "refund.requested",
        "refund.approved",
        "dispute.created",
        "checkout_session.expired",
        "payment_intent.attempt_failed",
    ] {
        assert!(!types.iter().any(|t| t == former), "{former} in {types:?}");
    }

    // The log's type filter takes a former name for its renamed type.
    assert_eq!(
        logged_types(&srv, "&type=refund.requested"),
        ["refund.created"]
    );
    assert_eq!(
        logged_types(&srv, "&type=dispute.opened"),
        ["dispute.opened"]
    );

    // The endpoint filtered with former names gets the renamed events.
    let requests = receiver.wait_for_where("three deliveries", DELIVERY_TIMEOUT, |r| r.len() >= 3);
    let want: BTreeSet<String> = [
        "refund.created",
        "dispute.opened",
        "checkout.session.expired",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(types_received(&requests), want, "{requests:#?}");
    let refund_event = requests
        .iter()
        .map(Received::json)
        .find(|e| e["type"] == "refund.created")
        .expect("refund.created");
    assert_eq!(refund_event["resource"]["type"], "refund", "{refund_event}");
    assert_eq!(
        refund_event["resource"]["id"], refund.body["id"],
        "{refund_event}"
    );
}

// O§6 headers: "Service-Signature (X- twin too)", "Service-Signature-Ed25519",
// "Service-Event, Service-Event-Id, Service-Delivery-Id, Service-Attempt (X-
// twins for Event, Delivery-Id)"; O§26 "Service-Account works only with API
// keys". Issue 16 point 7a: a brand prefix names them all as well.
#[test]
fn a_header_prefix_sends_every_service_header_under_the_brand_too() {
    let srv = TestServer::start_args(&["--webhook-egress", "local", "--header-prefix", "Acme"]);
    let receiver = Receiver::ok();
    endpoint(
        &srv,
        json!({"url": receiver.url(), "events": ["payment_intent.created"]}),
    );
    intent(&srv, 1_000, "order-brand");
    let req = receiver.wait_for(1, DELIVERY_TIMEOUT).remove(0);
    let same = [
        (
            "service-signature",
            &["x-service-signature", "acme-signature", "x-acme-signature"][..],
        ),
        ("service-signature-ed25519", &["acme-signature-ed25519"]),
        (
            "service-event",
            &["x-service-event", "acme-event", "x-acme-event"],
        ),
        ("service-event-id", &["acme-event-id"]),
        (
            "service-delivery-id",
            &[
                "x-service-delivery-id",
                "acme-delivery-id",
                "x-acme-delivery-id",
            ],
        ),
        ("service-attempt", &["acme-attempt"]),
    ];
    for (spec, twins) in same {
        let value = req
            .header(spec)
            .unwrap_or_else(|| panic!("no {spec}: {req:?}"));
        for twin in twins {
            assert_eq!(req.header(twin), Some(value), "{twin} vs {spec}: {req:?}");
        }
    }
    assert_eq!(req.header("acme-event"), Some("payment_intent.created"));
    // No twin the spec's headers lack, and Standard Webhooks' names untouched.
    assert_eq!(req.header("x-acme-attempt"), None, "{req:?}");
    assert_eq!(req.header("x-acme-event-id"), None, "{req:?}");
    assert_eq!(
        req.headers
            .iter()
            .filter(|(n, _)| n.eq_ignore_ascii_case("webhook-signature"))
            .count(),
        1,
        "{req:?}"
    );
}

// O§26 "Service-Account works only with API keys"; issue 16 point 7a: read
// as `<Brand>-Account` too, a conflict is a 400 naming the header.
#[test]
fn a_header_prefix_reads_the_brand_account_and_mode_headers() {
    const UNKNOWN: &str = "acct_0123456789abcdefghjkmnpqrs";
    const OTHER: &str = "acct_0123456789abcdefghjkmnpqrt";
    let srv = crate::team::start(&["--header-prefix", "Acme"]);
    let balance = |headers: &[(&str, &str)]| srv.v1().get_with("/balance", srv.sk(), headers);
    let malformed = balance(&[("Acme-Account", "not-an-account")]);
    let body = assert_error(&malformed, 400, "invalid_service_account");
    assert_eq!(body["param"], "Acme-Account", "{malformed:?}");
    assert!(text(body, "message").starts_with("Acme-Account"), "{body}");
    // A well-formed id is looked up as Service-Account's would be (an
    // unknown one: no platform can act for it, decision 136).
    assert_error(
        &balance(&[("Acme-Account", UNKNOWN)]),
        403,
        "account_unavailable",
    );
    assert_error(
        &balance(&[("Service-Account", UNKNOWN), ("Acme-Account", UNKNOWN)]),
        403,
        "account_unavailable",
    );
    let conflict = balance(&[("Service-Account", UNKNOWN), ("Acme-Account", OTHER)]);
    assert_eq!(
        assert_error(&conflict, 400, "invalid_service_account")["param"],
        "Acme-Account"
    );
    assert_eq!(balance(&[]).status, 200);

    // Service-Mode of a team member's session, as Acme-Mode.
    let session = crate::team::login(&srv, crate::team::OWNER, crate::team::OWNER_PASSWORD);
    let as_session =
        |headers: &[(&str, &str)]| srv.v1().get_with("/balance", Some(&session), headers);
    let live = as_session(&[("Acme-Mode", "live")]);
    assert_eq!(live.body["livemode"], true, "{live:?}");
    assert_eq!(as_session(&[]).body["livemode"], false);
    let bad = as_session(&[("Acme-Mode", "staging")]);
    assert_eq!(
        assert_error(&bad, 400, "validation_error")["param"],
        "Acme-Mode"
    );
    let both = as_session(&[("Service-Mode", "test"), ("Acme-Mode", "live")]);
    assert_eq!(
        assert_error(&both, 400, "validation_error")["param"],
        "Acme-Mode"
    );
}

// Issue 16 point 7a: the brand header means nothing without the flag, and a
// prefix that would clash with a header in use is refused at start.
#[test]
fn without_a_prefix_brand_headers_are_ignored_and_clashing_prefixes_are_refused() {
    let srv = TestServer::start();
    let resp = srv
        .v1()
        .get_with("/balance", srv.sk(), &[("Acme-Account", "not-an-account")]);
    assert_eq!(resp.status, 200, "{resp:?}");
    for prefix in ["Webhook", "X-Service", "bad prefix", "-Acme"] {
        // An unusable --listen after it: were the prefix accepted, the
        // command would still stop (on --listen), not serve.
        let flag = format!("--header-prefix={prefix}");
        let out = paygate(&["serve", &flag, "--listen", "nowhere"]);
        assert!(!out.success(), "{prefix} was accepted");
        assert!(
            out.stderr.contains("header-prefix"),
            "{prefix}: {}",
            out.stderr
        );
    }
}

// Issue 16 point 7a: `paygate listen` passes the brand's headers on.
#[test]
fn listen_forwards_the_brand_headers() {
    let srv = TestServer::start_args(&["--webhook-egress", "local", "--header-prefix", "Acme"]);
    let receiver = Receiver::ok();
    let mut listen = Command::new(env!("CARGO_BIN_EXE_paygate"))
        .args([
            "listen",
            "--forward-to",
            &receiver.url(),
            "--url",
            &srv.base_url,
        ])
        .args([
            "--key",
            &srv.secret_key,
            "--events",
            "payment_intent.created",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("paygate listen");
    let mut ready = String::new();
    let stdout = listen.stdout.take().expect("stdout");
    BufReader::new(stdout)
        .read_line(&mut ready)
        .expect("a ready line");
    assert!(ready.contains("\"ready\":true"), "{ready}");
    intent(&srv, 1_000, "order-listen");
    let got = receiver.wait_for(1, DELIVERY_TIMEOUT);
    let _ = listen.kill();
    let _ = listen.wait();
    let req = &got[0];
    assert!(req.header("service-signature").is_some(), "{req:?}");
    assert_eq!(
        req.header("acme-signature"),
        req.header("service-signature")
    );
    assert_eq!(
        req.header("x-acme-delivery-id"),
        req.header("service-delivery-id")
    );
    assert_eq!(req.header("acme-event"), Some("payment_intent.created"));
}

// O§6 "50 straight failures disable an endpoint" is the rule issue 16 point
// 7b replaces: 72 h of failures (and at least 10 attempts) disable; a burst
// of 50 quick failures does not, and each delivery keeps retrying.
#[test]
fn fifty_quick_failures_do_not_disable_an_endpoint() {
    let srv = TestServer::start_args(&LOCAL);
    let down = endpoint(
        &srv,
        json!({"url": closed_port_url(), "events": ["payment_intent.created"]}),
    );
    let id = text(&down, "id").to_string();
    for i in 0..50 {
        intent(&srv, 1_000 + i, &format!("burst-{i}"));
    }
    let read = || srv.get(&format!("/webhook_endpoints/{id}"), srv.sk()).body;
    let endpoint_now = wait_until(
        Duration::from_secs(30),
        "50 failed attempts",
        || {
            let e = read();
            (e["consecutive_failures"].as_u64() >= Some(50)).then_some(e)
        },
        || format!("{}", read()),
    );
    assert_eq!(endpoint_now["status"], "enabled", "{endpoint_now}");
    assert_eq!(
        endpoint_now["disabled_reason"],
        Value::Null,
        "{endpoint_now}"
    );
    assert!(
        text(&endpoint_now, "failing_since").ends_with('Z'),
        "{endpoint_now}"
    );
    // Each delivery keeps its own schedule: retried, still pending.
    let listed = || {
        let resp = srv.get(&format!("/webhook_endpoints/{id}/deliveries"), srv.sk());
        assert_eq!(resp.status, 200, "{resp:?}");
        resp.body["data"].as_array().cloned().expect("a data list")
    };
    let deliveries = wait_until(
        DELIVERY_TIMEOUT,
        "a retried delivery",
        || {
            let data = listed();
            data.iter()
                .any(|d| d["attempts"].as_array().map(Vec::len) >= Some(2))
                .then_some(data)
        },
        || format!("{:#?}", listed()),
    );
    assert!(
        deliveries
            .iter()
            .all(|d| d["status"] == "PENDING" && d["next_attempt_at"].is_string()),
        "{deliveries:#?}"
    );
    assert_eq!(read()["status"], "enabled");
    let events = logged_types(&srv, "&type=webhook_endpoint.disabled");
    assert!(events.is_empty(), "{events:?}");
}

// O§15 "GET /status → {mode, time}" (modes normal, degraded, halted); the
// issue's `guardian.active`; the spec's fields stay.
#[test]
fn status_carries_mode_time_and_guardian_active() {
    let srv = TestServer::start();
    let status = srv.get("/status", None);
    assert_eq!(status.status, 200, "{status:?}");
    let s = &status.body;
    assert_eq!(s["mode"], "normal", "{s}");
    assert_eq!(s["operating_state"], "normal", "{s}");
    assert!(text(s, "time").ends_with('Z'), "{s}");
    assert_eq!(s["guardian"]["active"], false, "{s}");
    assert_eq!(s["guardian"]["engaged"], false, "{s}");
}

// The catalogue lists the new names (O§6, O§3, issue 16 points 7b and 12)
// with the ones they replace.
#[test]
fn the_catalogue_names_the_origin_types_and_what_they_replace() {
    let srv = TestServer::start();
    let resp = srv.get("/webhook_events/types", None);
    let data = resp.body["data"].as_array().expect("data");
    let formerly = |name: &str| {
        data.iter()
            .find(|t| t["type"] == name)
            .unwrap_or_else(|| panic!("no {name}: {resp:?}"))["formerly"]
            .clone()
    };
    assert_eq!(formerly("refund.created"), json!(["refund.requested"]));
    assert_eq!(formerly("refund.updated"), json!(["refund.approved"]));
    assert_eq!(formerly("dispute.opened"), json!(["dispute.created"]));
    assert_eq!(
        formerly("checkout.session.completed"),
        json!(["checkout_session.completed"])
    );
    assert_eq!(
        formerly("payment_intent.payment_failed"),
        json!(["payment_intent.attempt_failed"])
    );
    for new in [
        "payment_intent.requires_action",
        "payment_intent.disputed",
        "verification.confirmed",
        "webhook_endpoint.disabled",
    ] {
        assert_eq!(formerly(new), json!([]), "{new}");
    }
}
