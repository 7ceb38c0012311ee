//! Payment intents and refunds as the origin's clients use them (issue 16,
//! points 1, 2, 3, 6, 11 and the settlement of 12): origin-shaped requests,
//! origin-shaped answers. Each test cites its fact of origin-behaviour.md as
//! `O§n`; what only the issue asks for says so.

use std::time::Duration;

use serde_json::{Value, json};

use crate::support::ik;
use crate::support::intents::wait_settled;
use crate::support::intents::{SUCCEED, act, body, create, create_as, get_intent, id_of};
use crate::support::{Resp, TestServer, assert_error, create_key, wait_until};

fn resolve(srv: &TestServer, payload: &str) -> Value {
    let resp = srv.post("/resolve", None, &json!({ "payload": payload }), None);
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body
}

fn refund(srv: &TestServer, body: Value) -> Resp {
    srv.post("/refunds", srv.sk(), &body, Some(&ik()))
}

fn listed_ids(srv: &TestServer, query: &str) -> Vec<String> {
    let resp = srv.get(&format!("/payment_intents?{query}"), srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(id_of)
        .collect()
}

/// A paid intent of `amount` CDF (the sandbox captures it at once).
fn paid(srv: &TestServer, amount: i64) -> Value {
    let intent = create(
        srv,
        &body(json!({"amount_minor": amount, "customer_msisdn": SUCCEED, "confirm": true})),
    );
    assert_eq!(intent["status"], "SETTLEMENT_PENDING", "{intent}");
    intent
}

/// O§27: "rails: any strings, lower-cased … Default [wallet, mpesa, airtel,
/// orange, card, bank]. Understood: wallet; mpesa, airtel, orange or
/// mobile_money (any of them enables mobile money); card; bank". Issue 16
/// point 1 adds: an operator id (`orange_cd`) is mobile money with that
/// operator only, and a name that means nothing is refused, named.
#[test]
fn rails_take_the_origins_names_and_operator_ids() {
    let srv = TestServer::start();
    let origin_default = create(
        &srv,
        &body(json!({"rails": ["wallet", "mpesa", "airtel", "orange", "card", "bank"]})),
    );
    assert_eq!(
        origin_default["rails"],
        json!(["wallet", "mobile_money", "card", "bank"]),
        "{origin_default}"
    );
    assert_eq!(origin_default["allowed_operators"], json!([]));
    // No rails: the origin's families, and qr (decision 81).
    let default = create(&srv, &body(json!({})));
    for family in ["wallet", "mobile_money", "card", "bank", "qr"] {
        assert!(
            default["rails"]
                .as_array()
                .expect("rails")
                .contains(&json!(family)),
            "{family}: {default}"
        );
    }
    // The connector's mobile-money create: an operator id, in any case.
    let orange = create(&srv, &body(json!({"rails": ["ORANGE_CD"]})));
    assert_eq!(orange["rails"], json!(["mobile_money"]), "{orange}");
    assert_eq!(orange["allowed_operators"], json!(["orange"]), "{orange}");
    let id = id_of(&orange);
    let methods = srv.get(&format!("/payment_intents/{id}/methods"), srv.sk());
    let operators: Vec<&Value> = methods.body["data"]
        .as_array()
        .expect("methods")
        .iter()
        .map(|m| &m["operator"])
        .collect();
    assert_eq!(operators, [&json!("orange")], "{methods:?}");
    let other_operator = act(
        &srv,
        &id,
        "confirm",
        &json!({"customer_msisdn": SUCCEED, "operator": "mpesa"}),
    );
    assert_error(&other_operator, 409, "operator_not_allowed");
    // Names this gateway does not offer, the origin's bitcoin included.
    for (rails, param) in [
        (json!(["card", "bitcoin"]), "rails[1]"),
        (json!(["pigeon"]), "rails[0]"),
        (json!(["orange_congo"]), "rails[0]"),
    ] {
        let resp = create_as(&srv, srv.sk(), &body(json!({ "rails": rails })));
        let error = assert_error(&resp, 400, "validation_error");
        assert_eq!(error["param"], param, "{resp:?}");
    }
}

/// O§1: "Start: REQUIRES_PAYMENT_METHOD; CREATED if no amount (open-amount
/// QR), amount settable only there." The amount is set once, with the first
/// attempt (decision 82).
#[test]
fn an_intent_without_an_amount_is_created_and_its_amount_is_set_once() {
    let srv = TestServer::start();
    let open = create(&srv, &json!({"currency": "CDF", "reference": "TABLE-4"}));
    let id = id_of(&open);
    assert_eq!(open["status"], "CREATED", "{open}");
    assert_eq!(open["amount_minor"], Value::Null, "{open}");
    assert_eq!(listed_ids(&srv, "status=CREATED"), [id.as_str()]);
    // The QR names the intent without an amount (no tag 54): the payer enters it.
    let qr = open["qr_payload"].as_str().expect("qr_payload");
    let resolved = resolve(&srv, qr);
    assert_eq!(resolved["signature"], "trusted", "{resolved}");
    assert_eq!(resolved["amount_minor"], Value::Null, "{resolved}");
    assert_eq!(resolved["payment_intent"]["status"], "CREATED");
    assert_eq!(resolved["next_action"]["type"], "pay_intent", "{resolved}");
    // No attempt without the amount.
    let without = act(&srv, &id, "confirm", &json!({"customer_msisdn": SUCCEED}));
    let error = assert_error(&without, 409, "invalid_intent_transition");
    assert_eq!(error["param"], "amount_minor", "{without:?}");
    let paid = act(
        &srv,
        &id,
        "confirm",
        &json!({"customer_msisdn": SUCCEED, "amount_minor": 2_500}),
    );
    assert_eq!(paid.status, 200, "{paid:?}");
    assert_eq!(paid.body["amount_minor"], 2_500, "{paid:?}");
    assert_eq!(paid.body["amount_received_minor"], 2_500, "{paid:?}");
    assert_eq!(paid.body["status"], "SETTLEMENT_PENDING", "{paid:?}");
    // Settable only while CREATED.
    let again = act(
        &srv,
        &id,
        "confirm",
        &json!({"customer_msisdn": SUCCEED, "amount_minor": 9_999}),
    );
    assert_eq!(
        assert_error(&again, 409, "invalid_intent_transition")["param"],
        "amount_minor"
    );
    let fixed = id_of(&create(&srv, &body(json!({}))));
    let resp = act(
        &srv,
        &fixed,
        "confirm",
        &json!({"customer_msisdn": SUCCEED, "amount_minor": 1}),
    );
    assert_error(&resp, 409, "invalid_intent_transition");
    assert_eq!(get_intent(&srv, &fixed)["amount_minor"], 10_000);
    let timeline = srv.get(&format!("/payment_intents/{id}/timeline"), srv.sk());
    let events: Vec<&str> = timeline.body["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter_map(|e| e["event"].as_str())
        .collect();
    assert_eq!(
        events[..3],
        [
            "intent.created",
            "intent.amount_set",
            "intent.requires_payment_method"
        ],
        "{timeline:?}"
    );
    // An open amount is cancelled like any other intent.
    let other = id_of(&create(&srv, &json!({"currency": "CDF"})));
    let cancelled = act(&srv, &other, "cancel", &json!({}));
    assert_eq!(cancelled.body["status"], "CANCELLED", "{cancelled:?}");
}

/// O§1 "CREATED if no amount (open-amount QR)": the hosted checkout page
/// asks the payer for the amount, and its attempt sets it.
#[test]
fn the_checkout_page_of_an_open_amount_asks_for_the_amount() {
    let srv = TestServer::start();
    let open = create(&srv, &json!({"currency": "USD"}));
    let id = id_of(&open);
    let url = open["checkout_url"].as_str().expect("checkout_url");
    let path = url.strip_prefix(&srv.origin).expect("our URL");
    let page = srv.root().get(path, None);
    assert_eq!(page.status, 200);
    assert!(
        page.text.contains(r#"<input id="amount_input" name="amount" form="form" type="text" inputmode="decimal" autocomplete="off"  required>"#),
        "the amount field is shown and required: {}",
        page.text
    );
    assert!(page.text.contains(r#"data-exponent="2""#));
    let token = path.split("t=").nth(1).expect("token");
    let attempt = srv.root().request(
        "POST",
        &format!("/pay/{id}/attempt"),
        &[
            ("content-type", "application/json"),
            ("x-page-token", token),
        ],
        Some(format!(r#"{{"msisdn":"{SUCCEED}","amount_minor":1250}}"#).into_bytes()),
    );
    assert_eq!(attempt.status, 200, "{attempt:?}");
    let paid = get_intent(&srv, &id);
    assert_eq!(paid["amount_minor"], 1_250, "{paid}");
    assert_eq!(paid["status"], "SETTLEMENT_PENDING", "{paid}");
    // A fixed amount: the field is hidden and not required.
    let fixed = create(&srv, &body(json!({})));
    let url = fixed["checkout_url"].as_str().expect("checkout_url");
    let page = srv
        .root()
        .get(url.strip_prefix(&srv.origin).expect("ours"), None);
    assert!(
        page.text.contains(r#"<input id="amount_input" name="amount" form="form" type="text" inputmode="decimal" autocomplete="off" hidden >"#),
        "{}",
        page.text
    );
}

/// The origin never started an attempt at create (issue 16 point 2, O§1
/// "Create → 201"): a payer number alone starts nothing; `confirm: true`
/// keeps the earlier behaviour.
#[test]
fn a_create_with_a_payer_number_starts_no_attempt_unless_confirmed() {
    let srv = TestServer::start();
    let waiting = create(
        &srv,
        &body(json!({"rails": ["orange_cd"], "customer_msisdn": SUCCEED})),
    );
    assert_eq!(waiting["status"], "REQUIRES_PAYMENT_METHOD", "{waiting}");
    assert_eq!(waiting["attempts_count"], 0, "{waiting}");
    assert_eq!(waiting["customer_msisdn"], SUCCEED);
    // The number waits for the confirm, which defaults to it.
    let confirmed = act(&srv, &id_of(&waiting), "confirm", &json!({}));
    assert_eq!(
        confirmed.body["status"], "SETTLEMENT_PENDING",
        "{confirmed:?}"
    );
    let at_once = create(
        &srv,
        &body(json!({"customer_msisdn": SUCCEED, "confirm": true})),
    );
    assert_eq!(at_once["status"], "SETTLEMENT_PENDING", "{at_once}");
    assert_eq!(at_once["attempts_count"], 1, "{at_once}");
}

/// Issue 16 point 2 (not in origin-behaviour.md): `location_id` and
/// `terminal_id` link the intent and its QR to a location and terminal; the
/// QR prints them as static codes do (O§8: 52 MCC, 58 country, 60 city).
#[test]
fn location_and_terminal_go_into_the_intent_and_its_qr() {
    let (srv, live) = TestServer::start_with(|dir| create_key(dir, "sk", "live", &[]));
    let location = crate::qr::create_location(&srv);
    let loc = id_of(&location);
    let terminal = srv.post(
        &format!("/locations/{loc}/terminals"),
        srv.sk(),
        &json!({"label": "Till 2"}),
        None,
    );
    let term = id_of(&terminal.body);
    let intent = create(&srv, &body(json!({"terminal_id": term})));
    assert_eq!(intent["terminal_id"], term.as_str(), "{intent}");
    assert_eq!(
        intent["location_id"],
        loc.as_str(),
        "a terminal implies its location"
    );
    let qr = intent["qr_payload"].as_str().expect("qr_payload");
    assert!(qr.contains("52045411"), "the location's category: {qr}");
    assert!(qr.contains("6010Lubumbashi"), "the location's city: {qr}");
    assert!(qr.contains("0706Till 2"), "the terminal's label: {qr}");
    let resolved = resolve(&srv, qr);
    assert_eq!(resolved["signature"], "trusted", "{resolved}");
    assert_eq!(resolved["merchant"]["city"], "Lubumbashi", "{resolved}");
    let with_location = create(&srv, &body(json!({"location_id": loc})));
    assert_eq!(with_location["location_id"], loc.as_str());
    assert_eq!(with_location["terminal_id"], Value::Null);
    // Another owner's (here: another mode's) location is not found, named.
    let elsewhere = srv.post(
        "/locations",
        Some(&live),
        &json!({"name": "Depot", "city": "Goma", "country": "CD"}),
        None,
    );
    assert_eq!(elsewhere.status, 201, "{elsewhere:?}");
    for (field, id) in [
        ("location_id", id_of(&elsewhere.body)),
        ("location_id", "loc_01m0000000000000000000000".to_string()),
        ("terminal_id", "term_01m0000000000000000000000".to_string()),
    ] {
        let resp = create_as(&srv, srv.sk(), &body(json!({ field: id })));
        assert_eq!(resp.status, 404, "{field} {id}: {resp:?}");
        assert_eq!(resp.body["param"], field, "{resp:?}");
    }
    // A terminal of another location than the one named.
    let second = id_of(&crate::qr::create_location(&srv));
    let resp = create_as(
        &srv,
        srv.sk(),
        &body(json!({"location_id": second, "terminal_id": term})),
    );
    assert_eq!(
        assert_error(&resp, 400, "validation_error")["param"],
        "terminal_id"
    );
}

/// O§1 "qr defaults true (dynamic QR, 300 s)"; O§8 "80: … 02 expiry (unix
/// seconds, base 36)" and the verify reason `expired`. The expiry is inside
/// the signed template, and resolve refuses the payload after it.
#[test]
fn dynamic_qr_payloads_carry_a_signed_expiry_and_are_refused_after_it() {
    let srv = TestServer::start();
    let intent = create(&srv, &body(json!({})));
    let created = intent["created_at"].as_str().expect("created_at");
    let expires = intent["qr_expires_at"].as_str().expect("qr_expires_at");
    let seconds = |t: &str| {
        time::OffsetDateTime::parse(t, &time::format_description::well_known::Rfc3339)
            .expect("RFC 3339")
            .unix_timestamp()
    };
    let ttl = seconds(expires) - seconds(created);
    assert!((299..=300).contains(&ttl), "300 s by default: {ttl}");
    // 80/02 holds the same instant in base 36.
    let qr = intent["qr_payload"].as_str().expect("qr_payload");
    let base36 = radix36(seconds(expires));
    assert!(
        qr.contains(&format!("02{:02}{base36}", base36.len())),
        "{base36} in {qr}"
    );
    let off = create(&srv, &body(json!({"qr": false})));
    assert_eq!(off["qr_payload"], Value::Null);
    assert_eq!(off["qr_expires_at"], Value::Null);
    // A payload that lives one second.
    let short = create(&srv, &body(json!({"qr_ttl_seconds": 1})));
    let qr = short["qr_payload"]
        .as_str()
        .expect("qr_payload")
        .to_string();
    let expired = wait_until(
        Duration::from_secs(5),
        "the QR payload to expire",
        || Some(resolve(&srv, &qr)).filter(|r| r["problem"]["code"] == "expired"),
        || resolve(&srv, &qr).to_string(),
    );
    assert_eq!(expired["signature"], "trusted", "{expired}");
    assert_eq!(expired["next_action"]["type"], "do_not_pay", "{expired}");
    // The intent itself stays payable through its checkout page.
    assert_eq!(
        get_intent(&srv, &id_of(&short))["status"],
        "REQUIRES_PAYMENT_METHOD"
    );
}

fn radix36(mut n: i64) -> String {
    let mut digits = Vec::new();
    while n > 0 {
        digits.push(std::char::from_digit((n % 36) as u32, 36).expect("digit"));
        n /= 36;
    }
    digits.iter().rev().collect()
}

/// O§1: "GET one: owner key or client secret (query or X-Client-Secret)".
/// Issue 16 point 6 adds `/methods`; nothing else is readable so, and another
/// intent's secret finds nothing (404, decision 29; the origin said 403).
#[test]
fn an_intent_and_its_methods_are_read_with_its_client_secret_and_no_key() {
    let srv = TestServer::start();
    let intent = create(&srv, &body(json!({"reference": "ORDER-9"})));
    let id = id_of(&intent);
    let secret = intent["client_secret"].as_str().expect("client secret");
    let other = create(&srv, &body(json!({})));
    let other_secret = other["client_secret"].as_str().expect("client secret");
    let path = format!("/payment_intents/{id}");
    let by_query = srv.get(&format!("{path}?client_secret={secret}"), None);
    assert_eq!(by_query.status, 200, "{by_query:?}");
    assert_eq!(by_query.body["id"], id.as_str());
    assert_eq!(by_query.body["reference"], "ORDER-9");
    assert!(by_query.body.get("client_secret").is_none(), "{by_query:?}");
    let by_header = srv
        .v1()
        .get_with(&path, None, &[("X-Client-Secret", secret)]);
    assert_eq!(by_header.status, 200, "{by_header:?}");
    let methods = srv.v1().get_with(
        &format!("{path}/methods"),
        None,
        &[("X-Client-Secret", secret)],
    );
    assert_eq!(methods.status, 200, "{methods:?}");
    assert_eq!(methods.body["payment_intent"], id.as_str());
    // Another intent's secret, a made-up one, or none.
    let wrong = srv
        .v1()
        .get_with(&path, None, &[("X-Client-Secret", other_secret)]);
    assert_eq!(wrong.status, 404, "{wrong:?}");
    let made_up = srv.get(&format!("{path}?client_secret={id}_secret_nope"), None);
    assert_eq!(made_up.status, 404, "{made_up:?}");
    assert_error(&srv.get(&path, None), 401, "unauthorized");
    // Something that is not a client secret at all is no credential.
    assert_error(
        &srv.get(&format!("{path}?client_secret=hello"), None),
        401,
        "unauthorized",
    );
    // Nothing else: the timeline, the refundable amount, the list, a confirm.
    for other_path in [
        format!("{path}/timeline?client_secret={secret}"),
        format!("{path}/refundable?client_secret={secret}"),
        format!("/payment_intents?client_secret={secret}"),
    ] {
        assert_error(&srv.get(&other_path, None), 401, "unauthorized");
    }
    let confirm = srv.post(
        &format!("{path}/confirm?client_secret={secret}"),
        None,
        &json!({"customer_msisdn": SUCCEED}),
        Some(&ik()),
    );
    assert_error(&confirm, 401, "unauthorized");
    assert_eq!(get_intent(&srv, &id)["attempts_count"], 0);
}

/// Issue 16 point 3: cancel takes the origin's `reason` (free text) as well
/// as `cancellation_reason`. O§1 "Timeline {at, event, actor, details}".
#[test]
fn cancel_takes_the_origins_free_text_reason() {
    let srv = TestServer::start();
    let id = id_of(&create(&srv, &body(json!({}))));
    let resp = act(
        &srv,
        &id,
        "cancel",
        &json!({"reason": "Customer changed their mind"}),
    );
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_eq!(resp.body["status"], "CANCELLED");
    assert_eq!(
        resp.body["cancellation_note"],
        "Customer changed their mind"
    );
    assert_eq!(resp.body["cancellation_reason"], Value::Null);
    let timeline = srv.get(&format!("/payment_intents/{id}/timeline"), srv.sk());
    let cancelled = timeline.body["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .find(|e| e["event"] == "intent.cancelled")
        .cloned()
        .expect("intent.cancelled");
    assert_eq!(
        cancelled["details"]["reason"],
        "Customer changed their mind"
    );
    // A reason that is one of the codes sets the code too.
    let coded = id_of(&create(&srv, &body(json!({}))));
    let resp = act(&srv, &coded, "cancel", &json!({"reason": "duplicate"}));
    assert_eq!(resp.body["cancellation_reason"], "duplicate", "{resp:?}");
    let blank = id_of(&create(&srv, &body(json!({}))));
    let resp = act(&srv, &blank, "cancel", &json!({"reason": "   "}));
    assert_eq!(
        assert_error(&resp, 400, "validation_error")["param"],
        "reason"
    );
    assert_eq!(
        get_intent(&srv, &blank)["status"],
        "REQUIRES_PAYMENT_METHOD"
    );
}

/// O§3: "Intent → PARTIALLY_REFUNDED or REFUNDED"; issue 16 point 3: the
/// spec's `reason` is a string, `amount_minor` defaults to the refundable
/// amount, `metadata` is accepted; O§3 "Session refunds over 100 000 minor
/// need step-up": an API key's are executed at once.
#[test]
fn refunds_take_free_reasons_metadata_and_default_to_what_is_left() {
    let srv = TestServer::start_args(&["--sandbox-settlement-ms", "600000"]);
    paid(&srv, 400_000); // pending enough for the refunds' fees
    let id = id_of(&paid(&srv, 250_000));
    let first = refund(
        &srv,
        json!({"payment_intent": id, "amount_minor": 200_000,
               "reason": "Client a changé d'avis",
               "metadata": {"order": {"id": 42, "lines": [1, 2]}, "agent": "kasa", "vip": true}}),
    );
    assert_eq!(first.status, 201, "{first:?}");
    assert_eq!(
        first.body["status"], "SUCCEEDED",
        "a key's refund over 100 000 runs at once: {first:?}"
    );
    assert_eq!(first.body["reason"], "Client a changé d'avis");
    assert_eq!(first.body["metadata"]["order"]["lines"], json!([1, 2]));
    assert_eq!(first.body["metadata"]["vip"], true);
    let shown = get_intent(&srv, &id);
    assert_eq!(shown["status"], "PARTIALLY_REFUNDED", "{shown}");
    assert_eq!(listed_ids(&srv, "status=PARTIALLY_REFUNDED"), [id.as_str()]);
    // No amount: all that is left.
    let rest = refund(&srv, json!({"payment_intent": id, "reason": "other"}));
    assert_eq!(rest.status, 201, "{rest:?}");
    assert_eq!(rest.body["amount_minor"], 50_000, "{rest:?}");
    assert_eq!(rest.body["status"], "SUCCEEDED");
    let shown = get_intent(&srv, &id);
    assert_eq!(shown["status"], "REFUNDED", "{shown}");
    assert_eq!(shown["refund_status"], "refunded");
    assert_eq!(listed_ids(&srv, "status=REFUNDED"), [id.as_str()]);
    assert!(listed_ids(&srv, "status=SETTLEMENT_PENDING").len() == 1);
    let timeline = srv.get(&format!("/payment_intents/{id}/timeline"), srv.sk());
    let events: Vec<&str> = timeline.body["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter_map(|e| e["event"].as_str())
        .collect();
    assert!(
        events.ends_with(&["intent.partially_refunded", "intent.refunded"]),
        "{events:?}"
    );
    let nothing = refund(&srv, json!({"payment_intent": id, "reason": "other"}));
    assert_error(&nothing, 409, "not_refundable");
    // Bounded: the reason and the metadata.
    for (input, param) in [
        (json!({"payment_intent": id, "reason": " "}), "reason"),
        (
            json!({"payment_intent": id, "reason": "r".repeat(201)}),
            "reason",
        ),
        (
            json!({"payment_intent": id, "reason": "other", "metadata": {"deep": [[[[[[0]]]]]]}}),
            "metadata.deep",
        ),
    ] {
        let resp = refund(&srv, input);
        assert_eq!(
            assert_error(&resp, 400, "validation_error")["param"],
            param,
            "{resp:?}"
        );
    }
}

/// O§1 status list: DISPUTED while a dispute is open (issue 16 point 11);
/// the `status` list filter follows what is shown.
#[test]
fn an_open_dispute_shows_the_intent_disputed() {
    let srv = TestServer::start_args(&["--sandbox-settlement-ms", "600000"]);
    paid(&srv, 50_000);
    let id = id_of(&paid(&srv, 10_000));
    let dispute = srv.post(
        "/disputes",
        srv.sk(),
        &json!({"payment_intent": id, "amount_minor": 4_000, "reason": "fraudulent"}),
        Some(&ik()),
    );
    assert_eq!(dispute.status, 201, "{dispute:?}");
    assert_eq!(get_intent(&srv, &id)["status"], "DISPUTED");
    assert_eq!(listed_ids(&srv, "status=DISPUTED"), [id.as_str()]);
    assert!(!listed_ids(&srv, "status=SETTLEMENT_PENDING").contains(&id));
    // The timeline says so, as the origin's `intent.<status>` entries (O§1).
    let timeline = srv.get(&format!("/payment_intents/{id}/timeline"), srv.sk());
    let events: Vec<&str> = timeline.body["entries"]
        .as_array()
        .map(|d| d.iter().filter_map(|e| e["event"].as_str()).collect())
        .unwrap_or_default();
    assert!(events.contains(&"intent.disputed"), "{timeline:?}");
}

/// Issue 16 point 12: settled intents expose `settled_at` and `settlement`
/// {transaction, net_minor, currency, settled_at}; O§1 "SETTLED at cycle
/// close" (the sandbox's timer here).
#[test]
fn a_settled_intent_shows_its_settlement() {
    let srv = TestServer::start_args(&["--sandbox-settlement-ms", "300"]);
    let intent = paid(&srv, 10_000);
    assert_eq!(intent["settled_at"], Value::Null);
    assert_eq!(intent["settlement"], Value::Null);
    let id = id_of(&intent);
    let settled = wait_settled(&srv, &id);
    assert_eq!(settled["status"], "SETTLED", "{settled}");
    let settlement = &settled["settlement"];
    assert_eq!(settlement["transaction"], settled["settlement_transaction"]);
    assert_eq!(settlement["currency"], "CDF");
    assert_eq!(settlement["settled_at"], settled["settled_at"]);
    let net = 10_000 - crate::support::balances::fee_total(&settled);
    assert_eq!(settlement["net_minor"], net, "{settled}");
    let txn = srv.get(
        &format!(
            "/transactions/{}",
            settlement["transaction"].as_str().expect("txn")
        ),
        srv.sk(),
    );
    assert_eq!(txn.status, 200, "{txn:?}");
    // The posting that paid its settlement cycle (O§11: settled at cycle close).
    assert_eq!(txn.body["cause"]["kind"], "settlement", "{txn:?}");
    assert_eq!(txn.body["cause"]["id"], settlement["id"], "{txn:?}");
    let cycle = srv.get(
        &format!("/settlements/{}", settlement["id"].as_str().expect("id")),
        srv.sk(),
    );
    assert_eq!(
        cycle.body["items"][0]["payment_intent"],
        id.as_str(),
        "{cycle:?}"
    );
}

/// Issue 16 point 2 (not in origin-behaviour.md): metadata values of any
/// JSON type, bounded.
#[test]
fn intent_metadata_takes_any_json_type_within_bounds() {
    let srv = TestServer::start();
    let metadata = json!({"cart": {"items": 3, "tags": ["a", "b"]}, "paid_before": false, "score": 4.5, "note": "ok"});
    let intent = create(&srv, &body(json!({ "metadata": metadata })));
    assert_eq!(intent["metadata"], metadata);
    assert_eq!(get_intent(&srv, &id_of(&intent))["metadata"], metadata);
    let big = json!({"blob": vec!["0123456789"; 60]});
    let resp = create_as(&srv, srv.sk(), &body(json!({ "metadata": big })));
    assert_eq!(
        assert_error(&resp, 400, "validation_error")["param"],
        "metadata.blob"
    );
}
