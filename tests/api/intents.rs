//! Payment intents on the sandbox rail: creation and validation, the magic
//! payer numbers, confirm, manual review, manual capture, cancel, lists, the
//! timeline, ranked methods, key kinds and modes, and the ledger postings.
//!
//! The helpers the other areas share live in `support::intents`.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::support::balances::{balance, fee_total};
use crate::support::emv_qr::crc16;
use crate::support::ik;
use crate::support::intents::{
    AMBIGUOUS, DECLINED, FAIL, SUCCEED, TIMEOUT_THEN_SUCCEED, UNAVAILABLE, act, body, create,
    create_as, get_intent, id_of, list, list_all_ids, mm, wait_for_status,
};
use crate::support::orgs::add_org;
use crate::support::redb_file::balances_starting_with;
use crate::support::{Resp, TestServer, assert_error, create_key};

/// How long a test waits for something the server does on a timer.
const TIMER_DEADLINE: Duration = Duration::from_secs(10);

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn timeline(srv: &TestServer, id: &str) -> Value {
    let resp = srv.get(&format!("/payment_intents/{id}/timeline"), srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body
}

fn timeline_events(timeline: &Value) -> Vec<String> {
    timeline["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| e["event"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// Asserts `expected` appear in `events` in this order (others may be between).
#[track_caller]
fn assert_in_order(events: &[String], expected: &[&str]) {
    let mut rest = events.iter();
    for want in expected {
        assert!(
            rest.any(|e| e == want),
            "{want} missing or out of order in {events:?} (expected order {expected:?})"
        );
    }
}

/// The timeline entry with this event (the first one).
#[track_caller]
fn entry<'a>(timeline: &'a Value, event: &str) -> &'a Value {
    timeline["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .find(|e| e["event"] == event)
        .unwrap_or_else(|| panic!("no {event} in {timeline}"))
}

fn parse_time(text: &Value) -> OffsetDateTime {
    let text = text
        .as_str()
        .unwrap_or_else(|| panic!("not a time: {text}"));
    OffsetDateTime::parse(text, &Rfc3339).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// `GET /transactions/{id}`; asserts 200 and balanced entries.
#[track_caller]
fn transaction(srv: &TestServer, id: &Value) -> Value {
    let id = id
        .as_str()
        .unwrap_or_else(|| panic!("no transaction id: {id}"));
    let resp = srv.get(&format!("/transactions/{id}"), srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    let mut sums: BTreeMap<String, i64> = BTreeMap::new();
    for e in resp.body["entries"].as_array().expect("entries") {
        *sums
            .entry(e["currency"].as_str().unwrap_or_default().to_string())
            .or_default() += e["amount_minor"].as_i64().expect("amount_minor");
    }
    assert!(!sums.is_empty(), "no entries: {resp:?}");
    assert!(
        sums.values().all(|s| *s == 0),
        "unbalanced {sums:?}: {resp:?}"
    );
    resp.body
}

/// Sum of the entries of `class` in a transaction.
fn class_sum(txn: &Value, class: &str) -> i64 {
    txn["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter(|e| e["class"] == class)
        .map(|e| e["amount_minor"].as_i64().unwrap_or_default())
        .sum()
}

/// Top-level EMVCo TLV fields of a payload.
fn emv_fields(payload: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = payload;
    while !rest.is_empty() {
        assert!(rest.len() >= 4, "truncated TLV at {rest:?} in {payload}");
        let tag = &rest[..2];
        let len: usize = rest[2..4]
            .parse()
            .unwrap_or_else(|_| panic!("bad length at {rest:?} in {payload}"));
        assert!(
            rest.len() >= 4 + len,
            "value overruns at {rest:?} in {payload}"
        );
        out.push((tag.to_string(), rest[4..4 + len].to_string()));
        rest = &rest[4 + len..];
    }
    out
}

fn emv_value<'a>(fields: &'a [(String, String)], tag: &str) -> Option<&'a str> {
    fields
        .iter()
        .find(|(t, _)| t == tag)
        .map(|(_, v)| v.as_str())
}

// ---------------------------------------------------------------------------
// Creation
// ---------------------------------------------------------------------------

#[test]
fn create_returns_201_with_checkout_url_client_secret_and_a_valid_emvco_qr() {
    let srv = TestServer::start();
    let resp = create_as(&srv, srv.sk(), &body(json!({"reference": "INV-42"})));
    assert_eq!(resp.status, 201, "{resp:?}");
    let pi = &resp.body;
    let id = id_of(pi);
    assert!(id.starts_with("pi_") && id.len() > 3, "{pi}");
    assert_eq!(pi["object"], "payment_intent", "{pi}");
    assert_eq!(pi["livemode"], false, "{pi}");
    assert_eq!(pi["status"], "REQUIRES_PAYMENT_METHOD", "{pi}");
    assert_eq!(pi["amount_minor"], 10_000, "{pi}");
    assert_eq!(pi["amount_received_minor"], 0, "{pi}");
    assert_eq!(pi["amount_capturable_minor"], 0, "{pi}");
    assert_eq!(pi["currency"], "CDF", "{pi}");
    assert_eq!(pi["capture_method"], "automatic", "{pi}");
    assert_eq!(pi["payment_method_policy"], "smart", "{pi}");
    assert_eq!(
        pi["rails"],
        json!(["mobile_money", "card", "bank", "wallet", "qr"]),
        "{pi}"
    );
    assert_eq!(pi["attempts_count"], 0, "{pi}");
    assert_eq!(pi["last_attempt"], Value::Null, "{pi}");
    assert_eq!(pi["fees"], Value::Null, "{pi}");
    assert_eq!(pi["collection_transaction"], Value::Null, "{pi}");
    // The checkout URL carries its page token: 128 bits, hex.
    let checkout = pi["checkout_url"].as_str().unwrap_or_default();
    let token = checkout
        .strip_prefix(&format!("{}/pay/{id}?t=", srv.origin))
        .unwrap_or_else(|| panic!("{pi}"));
    assert!(
        token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit()),
        "{pi}"
    );
    let secret = pi["client_secret"].as_str().unwrap_or_default();
    assert!(secret.starts_with(&format!("{id}_secret_")), "{pi}");

    let qr = pi["qr_payload"].as_str().unwrap_or_else(|| panic!("{pi}"));
    assert!(qr.starts_with("000201"), "{qr}");
    let (signed, crc) = qr.split_at(qr.len() - 4);
    assert!(signed.ends_with("6304"), "{qr}");
    assert!(crc.bytes().all(|b| b.is_ascii_hexdigit()), "{qr}");
    assert_eq!(
        crc,
        format!("{:04X}", crc16(signed.as_bytes())),
        "CRC of {qr}"
    );
    let fields = emv_fields(qr);
    assert_eq!(emv_value(&fields, "53"), Some("976"), "{qr}"); // CDF
    assert_eq!(emv_value(&fields, "54"), Some("100.00"), "{qr}");
    let merchant = emv_fields(emv_value(&fields, "26").unwrap_or_default());
    assert_eq!(emv_value(&merchant, "03"), Some(id.as_str()), "{qr}");
    let additional = emv_fields(emv_value(&fields, "62").unwrap_or_default());
    assert_eq!(emv_value(&additional, "05"), Some("INV-42"), "{qr}");

    // The client secret is shown once: not on reads, not in lists.
    let read = get_intent(&srv, &id);
    assert!(read.get("client_secret").is_none(), "{read}");
    assert_eq!(read["qr_payload"], pi["qr_payload"], "{read}");
    let page = list(&srv, srv.sk(), "");
    assert!(page["data"][0].get("client_secret").is_none(), "{page}");

    // qr: false leaves the payload out.
    let no_qr = create(&srv, &body(json!({"qr": false})));
    assert_eq!(no_qr["qr_payload"], Value::Null, "{no_qr}");
}

#[test]
fn create_keeps_every_optional_field_and_expires_at_is_created_at_plus_the_minutes() {
    let srv = TestServer::start();
    let input = body(json!({
        "amount_minor": 2_500,
        "currency": "USD",
        "rails": ["mobile_money", "card"],
        "capture_method": "manual",
        "payment_method_policy": "fastest",
        "reference": "r".repeat(64),
        "description": "d".repeat(200),
        "purpose_code": "SCHOOL",
        "expires_in_minutes": 7,
        "metadata": {"order": "42", "customer": "abc"},
        "customer_country": "CD",
        "success_url": "https://shop.example/ok",
        "cancel_url": "https://shop.example/cancel",
        "splits": [{"recipient": "shop", "bps": 5000}],
        "allowed_operators": ["airtel", "orange"],
    }));
    let pi = create(&srv, &input);
    for field in [
        "amount_minor",
        "currency",
        "rails",
        "capture_method",
        "payment_method_policy",
        "reference",
        "description",
        "purpose_code",
        "metadata",
        "customer_country",
        "success_url",
        "cancel_url",
        "allowed_operators",
    ] {
        assert_eq!(pi[field], input[field], "{field}: {pi}");
    }
    assert_eq!(pi["splits"][0]["recipient"], "shop", "{pi}");
    assert_eq!(pi["splits"][0]["bps"], 5000, "{pi}");
    assert_eq!(pi["customer_msisdn"], Value::Null, "{pi}");
    // No payer number: nothing starts.
    assert_eq!(pi["status"], "REQUIRES_PAYMENT_METHOD", "{pi}");
    let created = parse_time(&pi["created_at"]);
    assert_eq!(
        parse_time(&pi["expires_at"]) - created,
        time::Duration::minutes(7),
        "{pi}"
    );
    assert_eq!(get_intent(&srv, &id_of(&pi))["metadata"], input["metadata"]);

    // The default is 30 minutes; both bounds are accepted.
    for (minutes, expected) in [(None, 30), (Some(1), 1), (Some(43_200), 43_200)] {
        let mut input = body(json!({}));
        if let Some(m) = minutes {
            input["expires_in_minutes"] = json!(m);
        }
        let pi = create(&srv, &input);
        assert_eq!(
            parse_time(&pi["expires_at"]) - parse_time(&pi["created_at"]),
            time::Duration::minutes(expected),
            "{pi}"
        );
    }
}

#[test]
fn create_without_an_idempotency_key_is_400_and_creates_nothing() {
    let srv = TestServer::start();
    let resp = srv.post("/payment_intents", srv.sk(), &body(json!({})), None);
    let error = assert_error(&resp, 400, "idempotency_key_required");
    assert_eq!(error["bp"], "BP-2010", "{resp:?}");
    // Also with a payer number that would start an attempt.
    let resp = srv.post("/payment_intents", srv.sk(), &mm(SUCCEED), None);
    assert_error(&resp, 400, "idempotency_key_required");
    assert_eq!(list(&srv, srv.sk(), "")["data"], json!([]));
    assert_eq!(balance(&srv, srv.sk(), "CDF"), (0, 0));
}

#[test]
fn invalid_create_bodies_are_400_naming_the_field_and_write_nothing() {
    let srv = TestServer::start();
    // (body, code, param)
    #[rustfmt::skip]
    let cases: Vec<(Value, &str, &str)> = vec![
        (body(json!({"colour": "red"})), "validation_error", "colour"),
        (json!({"amount_minor": "100", "currency": "CDF"}), "validation_error", "amount_minor"),
        (json!({"amount_minor": 1.5, "currency": "CDF"}), "validation_error", "amount_minor"),
        (json!({"amount_minor": 100}), "validation_error", "currency"),
        (body(json!({"currency": "XYZ"})), "invalid_currency", "currency"),
        (body(json!({"currency": "cdf"})), "invalid_currency", "currency"),
        (body(json!({"amount_minor": 0})), "invalid_amount", "amount_minor"),
        (body(json!({"amount_minor": -1})), "invalid_amount", "amount_minor"),
        (body(json!({"reference": "r".repeat(65)})), "validation_error", "reference"),
        (body(json!({"description": "d".repeat(201)})), "validation_error", "description"),
        (body(json!({"expires_in_minutes": 0})), "validation_error", "expires_in_minutes"),
        (body(json!({"expires_in_minutes": 43_201})), "validation_error", "expires_in_minutes"),
        (body(json!({"customer_msisdn": "0812345678"})), "validation_error", "customer_msisdn"),
        (body(json!({"customer_msisdn": "+243 000 000 501"})), "validation_error", "customer_msisdn"),
        (body(json!({"capture_method": "later"})), "validation_error", "capture_method"),
        (body(json!({"payment_method_policy": "random"})), "validation_error", "payment_method_policy"),
        (body(json!({"rails": ["pigeon"]})), "validation_error", "rails[0]"),
        (body(json!({"rails": []})), "validation_error", "rails"),
        (body(json!({"metadata": {"n": "x".repeat(501)}})), "validation_error", "metadata.n"),
        (body(json!({"metadata": {"deep": [[[[[[1]]]]]]}})), "validation_error", "metadata.deep"),
        (body(json!({"rails": ["card"], "customer_msisdn": SUCCEED, "confirm": true})), "validation_error", "confirm"),
        (body(json!({"confirm": true})), "validation_error", "customer_msisdn"),
        (body(json!({"qr_ttl_seconds": 0})), "validation_error", "qr_ttl_seconds"),
        (body(json!({"allowed_operators": ["nope"]})), "validation_error", "allowed_operators[0]"),
        (body(json!({"customer_country": "cd"})), "validation_error", "customer_country"),
        (body(json!({"success_url": "javascript:alert(1)"})), "validation_error", "success_url"),
        (body(json!({"purpose_code": "school"})), "validation_error", "purpose_code"),
        (body(json!({"application_fee_minor": 10})), "application_fee_requires_account", "application_fee_minor"),
    ];
    for (input, code, param) in &cases {
        let resp = create_as(&srv, srv.sk(), input);
        let error = assert_error(&resp, 400, code);
        assert_eq!(error["param"], *param, "{input}: {resp:?}");
    }
    // Malformed JSON.
    for raw in [
        &b"{\"amount_minor\": 10"[..],
        b"not json",
        b"{\"amount_minor\": 1, \"currency\": \"CDF\"} trailing",
    ] {
        let key = ik();
        let auth = format!("Bearer {}", srv.secret_key);
        let resp = srv.request(
            "POST",
            "/payment_intents",
            &[
                ("Authorization", &auth),
                ("Content-Type", "application/json"),
                ("Idempotency-Key", &key),
            ],
            Some(raw.to_vec()),
        );
        assert_error(&resp, 400, "invalid_json");
    }
    assert_eq!(
        list(&srv, srv.sk(), "")["data"],
        json!([]),
        "something was created"
    );
}

// ---------------------------------------------------------------------------
// The magic payer numbers
// ---------------------------------------------------------------------------

#[test]
fn a_succeeding_payer_is_captured_at_once_then_settled_to_available_by_the_timer() {
    let srv = TestServer::start_args(&["--sandbox-settlement-ms", "1000"]);
    let before = Instant::now();
    let pi = create(&srv, &mm(SUCCEED));
    let id = id_of(&pi);
    assert_eq!(pi["status"], "SETTLEMENT_PENDING", "{pi}");
    assert_eq!(pi["amount_received_minor"], 10_000, "{pi}");
    assert_eq!(pi["attempts_count"], 1, "{pi}");
    assert_eq!(pi["last_attempt"]["status"], "CAPTURED", "{pi}");
    assert_eq!(pi["last_attempt"]["rail"], "mobile_money", "{pi}");
    assert_eq!(pi["last_attempt"]["customer_msisdn"], SUCCEED, "{pi}");
    // 1.5 % provider, 1 % service, 16 % tax on the service fee.
    assert_eq!(
        pi["fees"],
        json!({"provider_fee_minor": 150, "service_fee_minor": 100, "tax_minor": 16}),
        "{pi}"
    );
    let net = 10_000 - fee_total(&pi);
    assert_eq!(net, 9_734);

    // Pending balance credited net of fees (the timer has not fired yet).
    let (available, pending) = balance(&srv, srv.sk(), "CDF");
    assert!(
        before.elapsed() < Duration::from_millis(900),
        "too slow to observe the pending balance"
    );
    assert_eq!((available, pending), (0, net));
    let collected = transaction(&srv, &pi["collection_transaction"]);
    assert_eq!(collected["payment_intent"], id.as_str(), "{collected}");
    assert_eq!(class_sum(&collected, "pending"), net, "{collected}");
    let credited: i64 = collected["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter_map(|e| e["amount_minor"].as_i64())
        .filter(|a| *a > 0)
        .sum();
    assert_eq!(credited, 10_000, "net + fees = amount: {collected}");
    let refundable = srv.get(&format!("/payment_intents/{id}/refundable"), srv.sk());
    assert_eq!(refundable.status, 200, "{refundable:?}");
    assert_eq!(
        refundable.body["refundable_minor"], 10_000,
        "{refundable:?}"
    );
    assert_eq!(
        refundable.body["amount_received_minor"], 10_000,
        "{refundable:?}"
    );

    let settled = wait_for_status(&srv, &id, "SETTLED", TIMER_DEADLINE);
    assert!(
        before.elapsed() >= Duration::from_millis(900),
        "settled before the 1000 ms delay"
    );
    assert_eq!(balance(&srv, srv.sk(), "CDF"), (net, 0));
    // Settled by its settlement cycle (the sandbox's default T0 profile):
    // closed pending → settlement_pending, then paid to available.
    let cycle = settled["settlement"]["id"].as_str().expect("cycle id");
    assert!(cycle.starts_with("sc_"), "{settled}");
    let settlement = transaction(&srv, &settled["settlement_transaction"]);
    assert_eq!(settlement["cause"]["id"], cycle, "{settlement}");
    assert_eq!(
        class_sum(&settlement, "settlement_pending"),
        -net,
        "{settlement}"
    );
    assert_eq!(class_sum(&settlement, "available"), net, "{settlement}");
    let cycle = srv.get(&format!("/settlements/{cycle}"), srv.sk()).body;
    let closed = transaction(&srv, &cycle["close_transaction"]);
    assert_eq!(class_sum(&closed, "pending"), -net, "{closed}");
    assert_eq!(class_sum(&closed, "settlement_pending"), net, "{closed}");
    assert_ne!(
        settled["settlement_transaction"],
        settled["collection_transaction"]
    );

    let tl = timeline(&srv, &id);
    assert_eq!(tl["object"], "timeline", "{tl}");
    assert_eq!(tl["payment_intent"], id.as_str(), "{tl}");
    assert_eq!(tl["status"], "SETTLED", "{tl}");
    assert_in_order(
        &timeline_events(&tl),
        &[
            "intent.created",
            "attempt.started",
            "attempt.succeeded",
            "ledger.collected",
            "intent.settlement_pending",
            "intent.settled",
            "ledger.settled",
        ],
    );
    assert_eq!(entry(&tl, "intent.created")["actor"], "api", "{tl}");
    assert_eq!(entry(&tl, "attempt.succeeded")["actor"], "rail", "{tl}");
    assert_eq!(entry(&tl, "intent.settled")["actor"], "timer", "{tl}");
    assert_eq!(
        entry(&tl, "ledger.collected")["details"]["net_minor"],
        net.to_string(),
        "{tl}"
    );
    let times: Vec<OffsetDateTime> = tl["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| parse_time(&e["at"]))
        .collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{tl}");
    // A settled intent accepts nothing more.
    assert_error(&act(&srv, &id, "cancel", &json!({})), 409, "intent_closed");
    assert_error(
        &act(&srv, &id, "confirm", &json!({"customer_msisdn": SUCCEED})),
        409,
        "intent_closed",
    );
}

#[test]
fn a_wallet_not_found_payer_fails_with_invalid_msisdn_and_a_new_attempt_can_succeed() {
    let srv = TestServer::start();
    let pi = create(&srv, &mm(FAIL));
    let id = id_of(&pi);
    assert_eq!(pi["status"], "REQUIRES_PAYMENT_METHOD", "{pi}");
    assert_eq!(pi["last_attempt"]["status"], "FAILED", "{pi}");
    assert_eq!(
        pi["last_attempt"]["failure_reason"], "invalid_msisdn",
        "{pi}"
    );
    assert_eq!(pi["attempts_count"], 1, "{pi}");
    assert_eq!(pi["fees"], Value::Null, "{pi}");
    assert_eq!(pi["amount_received_minor"], 0, "{pi}");
    assert_eq!(balance(&srv, srv.sk(), "CDF"), (0, 0));

    let tl = timeline(&srv, &id);
    assert_in_order(
        &timeline_events(&tl),
        &[
            "intent.created",
            "attempt.started",
            "attempt.failed",
            "intent.requires_payment_method",
        ],
    );
    let failed = entry(&tl, "attempt.failed");
    assert_eq!(failed["actor"], "rail", "{tl}");
    assert_eq!(
        failed["details"]["failure_reason"], "invalid_msisdn",
        "{tl}"
    );
    let started = entry(&tl, "attempt.started");
    assert_eq!(
        started["details"]["attempt"], pi["last_attempt"]["id"],
        "{tl}"
    );
    assert_eq!(tl["attempts"].as_array().map(Vec::len), Some(1), "{tl}");

    // The payer tries another number.
    let resp = act(&srv, &id, "confirm", &json!({"customer_msisdn": SUCCEED}));
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_eq!(resp.body["status"], "SETTLEMENT_PENDING", "{resp:?}");
    assert_eq!(resp.body["attempts_count"], 2, "{resp:?}");
    assert_eq!(
        resp.body["last_attempt"]["customer_msisdn"], SUCCEED,
        "{resp:?}"
    );
    assert_ne!(resp.body["last_attempt"]["id"], pi["last_attempt"]["id"]);
    assert_eq!(balance(&srv, srv.sk(), "CDF"), (0, 9_734));
}

#[test]
fn a_number_ending_0000_is_declined_and_the_intent_waits_for_another_method() {
    let srv = TestServer::start();
    let pi = create(&srv, &mm(DECLINED));
    assert_eq!(pi["status"], "REQUIRES_PAYMENT_METHOD", "{pi}");
    assert_eq!(pi["last_attempt"]["failure_reason"], "declined", "{pi}");
    assert_eq!(pi["last_attempt"]["status"], "FAILED", "{pi}");
    // Confirm without a number reuses the intent's own, and is declined again.
    let resp = act(&srv, &id_of(&pi), "confirm", &json!({}));
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_eq!(resp.body["attempts_count"], 2, "{resp:?}");
    assert_eq!(
        resp.body["last_attempt"]["failure_reason"], "declined",
        "{resp:?}"
    );
    assert_eq!(resp.body["status"], "REQUIRES_PAYMENT_METHOD", "{resp:?}");
}

#[test]
fn provider_unavailable_is_retryable_through_confirm_and_the_chosen_operator_sets_the_fee() {
    let srv = TestServer::start();
    let pi = create(&srv, &mm(UNAVAILABLE));
    let id = id_of(&pi);
    assert_eq!(pi["status"], "REQUIRES_PAYMENT_METHOD", "{pi}");
    assert_eq!(
        pi["last_attempt"]["failure_reason"], "provider_unavailable",
        "{pi}"
    );

    let again = act(&srv, &id, "confirm", &json!({}));
    assert_eq!(again.status, 200, "{again:?}");
    assert_eq!(again.body["attempts_count"], 2, "{again:?}");
    assert_eq!(again.body["status"], "REQUIRES_PAYMENT_METHOD", "{again:?}");

    // Unknown operator / unknown field / bad number are refused before any attempt.
    let resp = act(&srv, &id, "confirm", &json!({"operator": "pigeon"}));
    assert_eq!(
        assert_error(&resp, 400, "validation_error")["param"],
        "operator"
    );
    let resp = act(&srv, &id, "confirm", &json!({"msisdn": SUCCEED}));
    assert_eq!(
        assert_error(&resp, 400, "validation_error")["param"],
        "msisdn"
    );
    let resp = act(&srv, &id, "confirm", &json!({"customer_msisdn": "12345"}));
    assert_eq!(
        assert_error(&resp, 400, "validation_error")["param"],
        "customer_msisdn"
    );
    assert_eq!(get_intent(&srv, &id)["attempts_count"], 2);

    let ok = act(
        &srv,
        &id,
        "confirm",
        &json!({"customer_msisdn": SUCCEED, "operator": "africell"}),
    );
    assert_eq!(ok.status, 200, "{ok:?}");
    let pi = ok.body;
    assert_eq!(pi["status"], "SETTLEMENT_PENDING", "{pi}");
    assert_eq!(pi["attempts_count"], 3, "{pi}");
    assert_eq!(pi["last_attempt"]["operator"], "africell", "{pi}");
    // Afrimoney's provider rate is 1.2 %.
    assert_eq!(pi["fees"]["provider_fee_minor"], 120, "{pi}");
    assert_eq!(balance(&srv, srv.sk(), "CDF"), (0, 10_000 - fee_total(&pi)));
}

#[test]
fn an_ambiguous_payment_is_held_in_manual_review_and_a_paid_review_credits_the_merchant() {
    let srv = TestServer::start();
    let pi = create(&srv, &mm(AMBIGUOUS));
    let id = id_of(&pi);
    assert_eq!(pi["status"], "AMBIGUOUS", "{pi}");
    assert_eq!(pi["review"]["status"], "MANUAL_REVIEW", "{pi}");
    assert_eq!(pi["review"]["outcome"], Value::Null, "{pi}");
    assert_eq!(pi["last_attempt"]["status"], "UNKNOWN", "{pi}");
    assert_eq!(balance(&srv, srv.sk(), "CDF"), (0, 0));

    // While in review: no new attempt, no cancel, no capture.
    let resp = act(&srv, &id, "confirm", &json!({"customer_msisdn": SUCCEED}));
    assert_eq!(resp.status, 409, "{resp:?}");
    assert_eq!(resp.body["code"], "invalid_intent_transition", "{resp:?}");
    assert_error(
        &act(&srv, &id, "cancel", &json!({})),
        409,
        "invalid_intent_transition",
    );
    assert_error(
        &act(&srv, &id, "capture", &json!({})),
        409,
        "intent_not_authorised",
    );

    // The note is 3 to 500 characters; outcome must be paid or not_paid.
    for (input, param) in [
        (json!({"outcome": "paid", "note": "ok"}), "note"),
        (json!({"outcome": "paid", "note": "   ok   "}), "note"),
        (json!({"outcome": "paid", "note": "n".repeat(501)}), "note"),
        (
            json!({"outcome": "maybe", "note": "provider said so"}),
            "outcome",
        ),
        (json!({"note": "provider said so"}), "outcome"),
    ] {
        let resp = act(&srv, &id, "review", &input);
        assert_eq!(
            assert_error(&resp, 400, "validation_error")["param"],
            param,
            "{input}"
        );
    }
    assert_eq!(get_intent(&srv, &id)["status"], "AMBIGUOUS");

    let note = "Provider reconciliation ref MP-778: money received";
    let resp = act(
        &srv,
        &id,
        "review",
        &json!({"outcome": "paid", "note": note}),
    );
    assert_eq!(resp.status, 200, "{resp:?}");
    let pi = resp.body;
    assert_eq!(pi["status"], "SETTLEMENT_PENDING", "{pi}");
    assert_eq!(pi["review"]["status"], "RESOLVED", "{pi}");
    assert_eq!(pi["review"]["outcome"], "paid", "{pi}");
    assert_eq!(pi["review"]["note"], note, "{pi}");
    assert!(pi["review"]["resolved_at"].is_string(), "{pi}");
    assert_eq!(pi["amount_received_minor"], 10_000, "{pi}");
    let net = 10_000 - fee_total(&pi);
    assert_eq!(balance(&srv, srv.sk(), "CDF"), (0, net));
    let collected = transaction(&srv, &pi["collection_transaction"]);
    assert_eq!(collected["payment_intent"], id.as_str(), "{collected}");
    assert_eq!(class_sum(&collected, "pending"), net, "{collected}");

    let tl = timeline(&srv, &id);
    assert_in_order(
        &timeline_events(&tl),
        &[
            "intent.created",
            "attempt.started",
            "attempt.unknown",
            "intent.ambiguous",
            "review.paid",
            "ledger.collected",
            "intent.settlement_pending",
        ],
    );
    assert_eq!(entry(&tl, "review.paid")["actor"], "operator", "{tl}");

    // A resolved review cannot be resolved again.
    let again = act(
        &srv,
        &id,
        "review",
        &json!({"outcome": "paid", "note": note}),
    );
    assert_eq!(again.status, 409, "{again:?}");
    assert_eq!(balance(&srv, srv.sk(), "CDF"), (0, net), "credited twice");
}

#[test]
fn a_not_paid_review_returns_the_intent_to_requires_payment_method_without_credit() {
    let srv = TestServer::start();
    let id = id_of(&create(&srv, &mm(AMBIGUOUS)));
    let resp = act(
        &srv,
        &id,
        "review",
        &json!({"outcome": "not_paid", "note": "operator confirmed nothing was taken"}),
    );
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_eq!(resp.body["status"], "REQUIRES_PAYMENT_METHOD", "{resp:?}");
    assert_eq!(resp.body["review"]["status"], "RESOLVED", "{resp:?}");
    assert_eq!(resp.body["review"]["outcome"], "not_paid", "{resp:?}");
    assert_eq!(resp.body["amount_received_minor"], 0, "{resp:?}");
    assert_eq!(resp.body["collection_transaction"], Value::Null, "{resp:?}");
    assert_eq!(balance(&srv, srv.sk(), "CDF"), (0, 0));
    let events = timeline_events(&timeline(&srv, &id));
    assert_in_order(&events, &["intent.ambiguous", "review.not_paid"]);
    assert!(
        !events.iter().any(|e| e == "ledger.collected"),
        "{events:?}"
    );

    // The payer may try again.
    let resp = act(&srv, &id, "confirm", &json!({"customer_msisdn": SUCCEED}));
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_eq!(resp.body["status"], "SETTLEMENT_PENDING", "{resp:?}");
    assert_eq!(resp.body["attempts_count"], 2, "{resp:?}");
}

#[test]
fn review_of_an_intent_that_is_not_ambiguous_is_409() {
    let srv = TestServer::start();
    let note = json!({"outcome": "paid", "note": "trying to force a credit"});
    let open = id_of(&create(&srv, &body(json!({}))));
    assert_error(
        &act(&srv, &open, "review", &note),
        409,
        "invalid_intent_transition",
    );
    let paid = id_of(&create(&srv, &mm(SUCCEED)));
    let resp = act(&srv, &paid, "review", &note);
    assert_error(&resp, 409, "invalid_intent_transition");
    assert_eq!(get_intent(&srv, &open)["status"], "REQUIRES_PAYMENT_METHOD");
    assert_eq!(get_intent(&srv, &paid)["review"], Value::Null);
    assert_eq!(balance(&srv, srv.sk(), "CDF"), (0, 9_734));
}

/// The one test that waits for the sandbox's 6 s pending period.
#[test]
fn a_timeout_then_succeed_payer_waits_in_requires_customer_action_then_is_captured_by_the_timer() {
    let srv = TestServer::start();
    let started = Instant::now();
    let slow = create(&srv, &mm(TIMEOUT_THEN_SUCCEED));
    let cancelled = create(&srv, &mm(TIMEOUT_THEN_SUCCEED));
    let id = id_of(&slow);
    assert_eq!(slow["status"], "REQUIRES_CUSTOMER_ACTION", "{slow}");
    assert_eq!(slow["last_attempt"]["status"], "PROCESSING", "{slow}");

    // One attempt at a time; nothing to capture yet.
    let resp = act(&srv, &id, "confirm", &json!({"customer_msisdn": SUCCEED}));
    let error = assert_error(&resp, 409, "attempt_in_flight");
    assert_eq!(error["bp"], "BP-2104", "{resp:?}");
    assert_error(
        &act(&srv, &id, "capture", &json!({})),
        409,
        "intent_not_authorised",
    );
    assert_eq!(get_intent(&srv, &id)["attempts_count"], 1);

    // The payer of the second one gives up: cancel abandons the attempt.
    let resp = act(
        &srv,
        &id_of(&cancelled),
        "cancel",
        &json!({"cancellation_reason": "abandoned"}),
    );
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_eq!(resp.body["status"], "CANCELLED", "{resp:?}");
    assert_eq!(resp.body["last_attempt"]["status"], "ABANDONED", "{resp:?}");

    std::thread::sleep(Duration::from_millis(3_000));
    assert_eq!(get_intent(&srv, &id)["status"], "REQUIRES_CUSTOMER_ACTION");
    let done = wait_for_status(&srv, &id, "SETTLEMENT_PENDING", Duration::from_secs(15));
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_millis(5_500),
        "captured after {waited:?}, before the 6 s pending period"
    );
    assert_eq!(done["last_attempt"]["status"], "CAPTURED", "{done}");
    assert_eq!(done["attempts_count"], 1, "{done}");
    let net = 10_000 - fee_total(&done);
    assert_eq!(balance(&srv, srv.sk(), "CDF"), (0, net));
    let tl = timeline(&srv, &id);
    assert_in_order(
        &timeline_events(&tl),
        &[
            "intent.created",
            "attempt.started",
            "attempt.pending",
            "attempt.succeeded",
            "ledger.collected",
            "intent.settlement_pending",
        ],
    );
    assert_eq!(entry(&tl, "attempt.succeeded")["actor"], "timer", "{tl}");

    // The cancelled one's poll timer changed nothing.
    let other = get_intent(&srv, &id_of(&cancelled));
    assert_eq!(other["status"], "CANCELLED", "{other}");
    assert_eq!(other["cancellation_reason"], "abandoned", "{other}");
    assert_eq!(other["amount_received_minor"], 0, "{other}");
    assert_eq!(other["collection_transaction"], Value::Null, "{other}");
}

// ---------------------------------------------------------------------------
// Manual capture and cancel
// ---------------------------------------------------------------------------

fn authorised(srv: &TestServer) -> String {
    let pi = create(
        srv,
        &body(json!({
            "rails": ["mobile_money"],
            "customer_msisdn": SUCCEED,
            "confirm": true,
            "capture_method": "manual",
        })),
    );
    assert_eq!(pi["status"], "AUTHORISED", "{pi}");
    assert_eq!(pi["amount_capturable_minor"], 10_000, "{pi}");
    assert_eq!(pi["amount_received_minor"], 0, "{pi}");
    assert_eq!(pi["last_attempt"]["status"], "AUTHORISED", "{pi}");
    assert_eq!(pi["collection_transaction"], Value::Null, "{pi}");
    id_of(&pi)
}

#[test]
fn manual_capture_stops_at_authorised_and_a_full_capture_credits_the_whole_amount() {
    let srv = TestServer::start();
    let id = authorised(&srv);
    assert_eq!(
        balance(&srv, srv.sk(), "CDF"),
        (0, 0),
        "credited before capture"
    );
    let path = format!("/payment_intents/{id}/capture");

    let resp = srv.post(&path, srv.sk(), &json!({}), None);
    assert_error(&resp, 400, "idempotency_key_required");
    let resp = act(&srv, &id, "capture", &json!({"amount_minor": 10_001}));
    let error = assert_error(&resp, 409, "capture_exceeds_authorisation");
    assert_eq!(error["param"], "amount_minor", "{resp:?}");
    let resp = act(&srv, &id, "capture", &json!({"amount_minor": 0}));
    assert_error(&resp, 400, "invalid_amount");
    assert_eq!(get_intent(&srv, &id)["status"], "AUTHORISED");

    let resp = act(&srv, &id, "capture", &json!({}));
    assert_eq!(resp.status, 200, "{resp:?}");
    let pi = resp.body;
    assert_eq!(pi["status"], "SETTLEMENT_PENDING", "{pi}");
    assert_eq!(pi["amount_received_minor"], 10_000, "{pi}");
    assert_eq!(pi["amount_capturable_minor"], 0, "{pi}");
    assert_eq!(balance(&srv, srv.sk(), "CDF"), (0, 10_000 - fee_total(&pi)));

    // Captured once: a second capture is refused.
    let again = act(&srv, &id, "capture", &json!({}));
    assert_error(&again, 409, "intent_not_authorised");
    assert_error(
        &act(&srv, &id, "cancel", &json!({})),
        409,
        "invalid_intent_transition",
    );
    assert_eq!(balance(&srv, srv.sk(), "CDF"), (0, 9_734));
}

#[test]
fn a_partial_capture_receives_and_credits_only_the_captured_amount() {
    let srv = TestServer::start();
    let id = authorised(&srv);
    let resp = act(&srv, &id, "capture", &json!({"amount_minor": 6_000}));
    assert_eq!(resp.status, 200, "{resp:?}");
    let pi = resp.body;
    assert_eq!(pi["status"], "SETTLEMENT_PENDING", "{pi}");
    assert_eq!(pi["amount_received_minor"], 6_000, "{pi}");
    assert_eq!(pi["amount_capturable_minor"], 0, "{pi}");
    assert_eq!(
        pi["fees"],
        json!({"provider_fee_minor": 90, "service_fee_minor": 60, "tax_minor": 10}),
        "fees are on the captured amount: {pi}"
    );
    let net = 6_000 - 160;
    assert_eq!(balance(&srv, srv.sk(), "CDF"), (0, net));
    let collected = transaction(&srv, &pi["collection_transaction"]);
    assert_eq!(class_sum(&collected, "pending"), net, "{collected}");
    let refundable = srv.get(&format!("/payment_intents/{id}/refundable"), srv.sk());
    assert_eq!(refundable.body["refundable_minor"], 6_000, "{refundable:?}");
    let tl = timeline(&srv, &id);
    let capture = entry(&tl, "intent.capture");
    assert_eq!(capture["details"]["amount_minor"], "6000", "{tl}");
    assert_eq!(capture["details"]["released_minor"], "4000", "{tl}");
}

#[test]
fn capture_of_an_intent_that_is_not_authorised_is_409_intent_not_authorised() {
    let srv = TestServer::start();
    let automatic = id_of(&create(&srv, &body(json!({}))));
    let manual = id_of(&create(&srv, &body(json!({"capture_method": "manual"}))));
    let failed = id_of(&create(
        &srv,
        &body(json!({
            "customer_msisdn": FAIL, "confirm": true, "capture_method": "manual",
        })),
    ));
    for id in [&automatic, &manual, &failed] {
        let resp = act(&srv, id, "capture", &json!({}));
        let error = assert_error(&resp, 409, "intent_not_authorised");
        assert_eq!(error["bp"], "BP-2102", "{resp:?}");
        assert_eq!(get_intent(&srv, id)["amount_received_minor"], 0);
    }
    assert_eq!(balance(&srv, srv.sk(), "CDF"), (0, 0));
}

#[test]
fn cancel_works_before_capture_voids_an_authorisation_and_is_final() {
    let srv = TestServer::start();
    let open = id_of(&create(&srv, &body(json!({}))));
    let resp = act(
        &srv,
        &open,
        "cancel",
        &json!({"cancellation_reason": "requested_by_customer"}),
    );
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_eq!(resp.body["status"], "CANCELLED", "{resp:?}");
    assert_eq!(
        resp.body["cancellation_reason"], "requested_by_customer",
        "{resp:?}"
    );

    // Cancel needs no Idempotency-Key, and voids an authorisation.
    let held = authorised(&srv);
    let resp = srv.post(
        &format!("/payment_intents/{held}/cancel"),
        srv.sk(),
        &json!({}),
        None,
    );
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_eq!(resp.body["status"], "CANCELLED", "{resp:?}");
    assert_eq!(resp.body["amount_capturable_minor"], 0, "{resp:?}");
    assert_eq!(resp.body["amount_received_minor"], 0, "{resp:?}");
    let events = timeline_events(&timeline(&srv, &held));
    assert_in_order(&events, &["intent.authorised", "intent.cancelled"]);
    assert_in_order(&events, &["intent.authorised", "attempt.voided"]);

    let resp = act(
        &srv,
        &open,
        "cancel",
        &json!({"cancellation_reason": "later"}),
    );
    assert_eq!(
        assert_error(&resp, 400, "validation_error")["param"],
        "cancellation_reason"
    );
    for id in [&open, &held] {
        assert_error(&act(&srv, id, "cancel", &json!({})), 409, "intent_closed");
        assert_error(&act(&srv, id, "capture", &json!({})), 409, "intent_closed");
        let resp = act(&srv, id, "confirm", &json!({"customer_msisdn": SUCCEED}));
        assert_error(&resp, 409, "intent_closed");
        assert_eq!(get_intent(&srv, id)["status"], "CANCELLED");
    }
    assert_eq!(balance(&srv, srv.sk(), "CDF"), (0, 0));
    // The list filter finds both.
    let page = list(&srv, srv.sk(), "?status=CANCELLED");
    assert_eq!(page["data"].as_array().map(Vec::len), Some(2), "{page}");
}

#[test]
fn cancel_after_capture_is_409_and_leaves_the_credit_in_place() {
    let srv = TestServer::start();
    let id = id_of(&create(&srv, &mm(SUCCEED)));
    let resp = act(&srv, &id, "cancel", &json!({}));
    let error = assert_error(&resp, 409, "invalid_intent_transition");
    assert_eq!(error["bp"], "BP-2101", "{resp:?}");
    let pi = get_intent(&srv, &id);
    assert_eq!(pi["status"], "SETTLEMENT_PENDING", "{pi}");
    assert_eq!(pi["cancellation_reason"], Value::Null, "{pi}");
    assert_eq!(balance(&srv, srv.sk(), "CDF"), (0, 9_734));
}

// ---------------------------------------------------------------------------
// Reads: list, methods, unknown ids
// ---------------------------------------------------------------------------

#[test]
fn list_pages_newest_first_through_next_cursor_and_filters_by_status() {
    let srv = TestServer::start();
    let mut created = Vec::new();
    for msisdn in [None, Some(SUCCEED), None, Some(FAIL), Some(SUCCEED)] {
        let input = match msisdn {
            Some(m) => mm(m),
            None => body(json!({})),
        };
        created.push(id_of(&create(&srv, &input)));
    }
    let newest_first: Vec<String> = created.iter().rev().cloned().collect();

    let first = list(&srv, srv.sk(), "?limit=2");
    assert_eq!(first["object"], "list", "{first}");
    assert_eq!(first["has_more"], true, "{first}");
    let page_ids = |page: &Value| -> Vec<String> {
        page["data"]
            .as_array()
            .expect("data")
            .iter()
            .map(id_of)
            .collect()
    };
    assert_eq!(page_ids(&first), newest_first[..2], "{first}");
    assert_eq!(first["next_cursor"], newest_first[1].as_str(), "{first}");

    let mut seen = page_ids(&first);
    let mut cursor = first["next_cursor"].as_str().map(str::to_string);
    let mut pages = 1;
    while let Some(c) = cursor {
        let page = list(&srv, srv.sk(), &format!("?limit=2&cursor={c}"));
        seen.extend(page_ids(&page));
        pages += 1;
        assert!(pages <= 5, "cursor loop: {page}");
        cursor = page["next_cursor"].as_str().map(str::to_string);
        assert_eq!(page["has_more"], cursor.is_some(), "{page}");
    }
    assert_eq!(seen, newest_first, "each intent exactly once, newest first");
    assert_eq!(pages, 3);

    let all = list(&srv, srv.sk(), "");
    assert_eq!(page_ids(&all), newest_first, "{all}");
    assert_eq!(all["has_more"], false, "{all}");
    assert_eq!(all["next_cursor"], Value::Null, "{all}");

    let pending = list(&srv, srv.sk(), "?status=SETTLEMENT_PENDING");
    assert_eq!(
        page_ids(&pending),
        [created[4].clone(), created[1].clone()],
        "{pending}"
    );
    let open = list(&srv, srv.sk(), "?status=REQUIRES_PAYMENT_METHOD&limit=2");
    assert_eq!(
        page_ids(&open),
        [created[3].clone(), created[2].clone()],
        "{open}"
    );
    assert_eq!(open["has_more"], true, "{open}");
    let rest = list(
        &srv,
        srv.sk(),
        &format!(
            "?status=REQUIRES_PAYMENT_METHOD&limit=2&cursor={}",
            open["next_cursor"].as_str().unwrap_or_default()
        ),
    );
    assert_eq!(page_ids(&rest), [created[0].clone()], "{rest}");
    assert_eq!(rest["has_more"], false, "{rest}");
    let none = list(&srv, srv.sk(), "?status=SETTLED");
    assert_eq!(none["data"], json!([]), "{none}");
}

#[test]
fn list_rejects_unknown_parameters_unknown_statuses_and_limits_outside_1_to_200() {
    let srv = TestServer::start();
    create(&srv, &body(json!({})));
    for (query, param) in [
        ("?foo=1", "foo"),
        ("?customer=abc", "customer"),
        ("?status=settled", "status"),
        ("?status=PAID", "status"),
        ("?limit=0", "limit"),
        ("?limit=201", "limit"),
    ] {
        let resp = srv.get(&format!("/payment_intents{query}"), srv.sk());
        let error = assert_error(&resp, 400, "validation_error");
        assert_eq!(error["param"], param, "{query}: {resp:?}");
    }
    let resp = srv.get("/payment_intents?limit=abc", srv.sk());
    assert_error(&resp, 400, "validation_error");
    for query in ["?limit=1", "?limit=100", "?status=REQUIRES_PAYMENT_METHOD"] {
        let page = list(&srv, srv.sk(), query);
        assert_eq!(
            page["data"].as_array().map(Vec::len),
            Some(1),
            "{query}: {page}"
        );
    }
}

#[test]
fn methods_keep_only_allowed_operators_and_are_ranked_by_the_payment_method_policy() {
    let srv = TestServer::start();
    let ranked = |policy: &str| -> Value {
        let pi = create(
            &srv,
            &body(json!({
                "amount_minor": 100_000,
                "rails": ["mobile_money", "card"],
                "allowed_operators": ["airtel", "orange"],
                "customer_country": "CD",
                "payment_method_policy": policy,
            })),
        );
        let id = id_of(&pi);
        let resp = srv.get(&format!("/payment_intents/{id}/methods"), srv.sk());
        assert_eq!(resp.status, 200, "{resp:?}");
        assert_eq!(resp.body["object"], "list", "{resp:?}");
        assert_eq!(resp.body["payment_intent"], id.as_str(), "{resp:?}");
        assert_eq!(resp.body["policy"], policy, "{resp:?}");
        let data = resp.body["data"].as_array().expect("data");
        let ranks: Vec<i64> = data
            .iter()
            .map(|m| m["rank"].as_i64().unwrap_or(0))
            .collect();
        assert_eq!(
            ranks,
            (1..=data.len() as i64).collect::<Vec<_>>(),
            "{resp:?}"
        );
        resp.body
    };
    let operators = |list: &Value| -> Vec<String> {
        list["data"]
            .as_array()
            .expect("data")
            .iter()
            .map(|m| m["operator"].as_str().unwrap_or_default().to_string())
            .collect()
    };
    let cheapest = ranked("cheapest");
    assert_eq!(
        operators(&cheapest),
        ["airtel", "orange", "card"],
        "{cheapest}"
    );
    let fees: Vec<i64> = cheapest["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|m| m["fee_minor"].as_i64().unwrap_or(0))
        .collect();
    // provider + 1 % service (0.5 % on card) + 16 % tax on the service fee.
    assert_eq!(
        fees,
        [1_400 + 1_000 + 160, 1_600 + 1_000 + 160, 2_500 + 500 + 80]
    );
    // A fresh gateway has measured no rail: every success and latency is the
    // origin's prior (85, 70), so cost and preference order every policy alike
    // until attempts are recorded (tests/api/ranking.rs; decision 102).
    for policy in ["fastest", "most_reliable"] {
        let list = ranked(policy);
        assert_eq!(operators(&list), ["airtel", "orange", "card"], "{list}");
    }
    let first = &cheapest["data"][0];
    assert_eq!(first["components"]["success"], 85, "{first}");
    assert_eq!(first["components"]["cost"], 100, "{first}");
    // 40·85 + 15·70 + 40·100 + 15·80 + 10·100 over 120, rounded half up.
    assert_eq!(first["score"], 89, "{first}");
    assert_eq!(first["usable"], true, "{first}");
    let smart = ranked("smart");
    let mut smart_ops = operators(&smart);
    smart_ops.sort();
    assert_eq!(smart_ops, ["airtel", "card", "orange"], "{smart}");

    // Without allowed_operators, the payer's country decides: MTN does not collect in CD.
    let pi = create(
        &srv,
        &body(json!({"rails": ["mobile_money"], "customer_country": "CD"})),
    );
    let resp = srv.get(
        &format!("/payment_intents/{}/methods", id_of(&pi)),
        srv.sk(),
    );
    let mut ops = operators(&resp.body);
    ops.sort();
    assert_eq!(ops, ["africell", "airtel", "mpesa", "orange"], "{resp:?}");

    // Confirm refuses an operator the intent does not allow.
    let pi = create(
        &srv,
        &body(json!({
            "rails": ["mobile_money"], "allowed_operators": ["airtel"],
        })),
    );
    let resp = act(
        &srv,
        &id_of(&pi),
        "confirm",
        &json!({"customer_msisdn": SUCCEED, "operator": "mpesa"}),
    );
    // A valid operator that this intent does not allow: a conflict with the intent.
    assert_eq!(
        assert_error(&resp, 409, "operator_not_allowed")["param"],
        "operator"
    );
    assert_eq!(get_intent(&srv, &id_of(&pi))["attempts_count"], 0);
}

#[test]
fn unknown_or_malformed_intent_ids_are_404_on_every_intent_route() {
    let srv = TestServer::start();
    for id in [
        "pi_01jd3v2k8m9q4r5s6t7v8w9x0y",
        "pi_unknown",
        "txn_123",
        "whatever",
    ] {
        for suffix in ["", "/timeline", "/methods", "/refundable"] {
            let resp = srv.get(&format!("/payment_intents/{id}{suffix}"), srv.sk());
            assert_error(&resp, 404, "intent_not_found");
        }
        for action in ["confirm", "cancel", "capture", "review"] {
            let input = if action == "review" {
                json!({"outcome": "paid", "note": "some note"})
            } else {
                json!({})
            };
            let resp = act(&srv, id, action, &input);
            assert_error(&resp, 404, "intent_not_found");
        }
    }
}

// ---------------------------------------------------------------------------
// Key kinds and modes
// ---------------------------------------------------------------------------

#[test]
fn a_publishable_key_creates_and_confirms_but_reads_only_the_intent_its_client_secret_names() {
    let srv = TestServer::start();
    let resp = create_as(&srv, srv.pk(), &body(json!({"rails": ["mobile_money"]})));
    assert_eq!(resp.status, 201, "{resp:?}");
    let mine = resp.body;
    let id = id_of(&mine);
    let secret = mine["client_secret"]
        .as_str()
        .expect("client_secret")
        .to_string();
    let other = create_as(&srv, srv.pk(), &body(json!({})));
    assert_eq!(other.status, 201, "{other:?}");
    let other_secret = other.body["client_secret"]
        .as_str()
        .expect("secret")
        .to_string();

    assert_error(&srv.get("/payment_intents", srv.pk()), 403, "scope_denied");
    let path = format!("/payment_intents/{id}");
    assert_error(&srv.get(&path, srv.pk()), 403, "scope_denied");
    let resp = srv
        .v1()
        .get_with(&path, srv.pk(), &[("X-Client-Secret", &secret)]);
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_eq!(resp.body["id"], id.as_str(), "{resp:?}");
    assert!(resp.body.get("client_secret").is_none(), "{resp:?}");
    let resp = srv.get(&format!("{path}?client_secret={secret}"), srv.pk());
    assert_eq!(resp.status, 200, "{resp:?}");
    // Another intent's secret, or a made-up one, finds nothing.
    let resp = srv
        .v1()
        .get_with(&path, srv.pk(), &[("X-Client-Secret", &other_secret)]);
    assert_error(&resp, 404, "intent_not_found");
    let resp = srv.get(&format!("{path}?client_secret={id}_secret_nope"), srv.pk());
    assert_error(&resp, 404, "intent_not_found");

    // The methods open to its payer, too (issue 16).
    let resp = srv.v1().get_with(
        &format!("{path}/methods"),
        srv.pk(),
        &[("X-Client-Secret", &secret)],
    );
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_error(
        &srv.get(&format!("{path}/methods"), srv.pk()),
        403,
        "scope_denied",
    );
    // Not for the pk key: timeline, cancel, capture.
    let resp = srv.v1().get_with(
        &format!("{path}/timeline"),
        srv.pk(),
        &[("X-Client-Secret", &secret)],
    );
    assert_error(&resp, 403, "scope_denied");
    for action in ["cancel", "capture"] {
        let resp = srv.v1().request(
            "POST",
            &format!("{path}/{action}?client_secret={secret}"),
            &[
                ("Authorization", &format!("Bearer {}", srv.publishable_key)),
                ("Content-Type", "application/json"),
                ("Idempotency-Key", &ik()),
            ],
            Some(b"{}".to_vec()),
        );
        assert_error(&resp, 403, "scope_denied");
    }

    // Confirm: only with this intent's secret.
    let confirm = |secret: Option<&str>| -> Resp {
        let auth = format!("Bearer {}", srv.publishable_key);
        let mut headers = vec![
            ("Authorization", auth.as_str()),
            ("Content-Type", "application/json"),
        ];
        if let Some(s) = secret {
            headers.push(("X-Client-Secret", s));
        }
        let input = serde_json::to_vec(&json!({"customer_msisdn": SUCCEED})).expect("json");
        srv.v1()
            .request("POST", &format!("{path}/confirm"), &headers, Some(input))
    };
    // Without a secret the key is refused; with another intent's secret this
    // intent does not exist for it.
    assert_error(&confirm(None), 403, "scope_denied");
    assert_error(&confirm(Some(&other_secret)), 404, "intent_not_found");
    assert_eq!(
        get_intent(&srv, &id)["attempts_count"],
        0,
        "a refused confirm ran"
    );
    let ok = confirm(Some(&secret));
    assert_eq!(ok.status, 200, "{ok:?}");
    assert_eq!(ok.body["status"], "SETTLEMENT_PENDING", "{ok:?}");
    assert!(ok.body.get("client_secret").is_none(), "{ok:?}");

    // The sk key sees both, created by the pk key, in the same test mode.
    assert_eq!(list_all_ids(&srv, srv.sk()).len(), 2);
}

#[test]
fn a_restricted_key_with_only_payment_intents_read_reads_but_cannot_create_or_act() {
    let (srv, reader) =
        TestServer::start_with(|dir| create_key(dir, "rk", "test", &["payment_intents:read"]));
    let resp = create_as(&srv, Some(&reader), &mm(SUCCEED));
    let error = assert_error(&resp, 403, "scope_denied");
    assert_eq!(error["bp"], "BP-1006", "{resp:?}");
    assert_eq!(
        list(&srv, srv.sk(), "")["data"],
        json!([]),
        "created anyway"
    );

    let id = id_of(&create(&srv, &body(json!({}))));
    assert_eq!(list_all_ids(&srv, Some(&reader)), std::slice::from_ref(&id));
    let resp = srv.get(&format!("/payment_intents/{id}"), Some(&reader));
    assert_eq!(resp.status, 200, "{resp:?}");
    for suffix in ["/timeline", "/methods"] {
        let resp = srv.get(&format!("/payment_intents/{id}{suffix}"), Some(&reader));
        assert_eq!(resp.status, 200, "{suffix}: {resp:?}");
    }
    // refundable needs refunds:read.
    let resp = srv.get(&format!("/payment_intents/{id}/refundable"), Some(&reader));
    assert_error(&resp, 403, "scope_denied");
    for action in ["cancel", "confirm", "capture"] {
        let resp = srv.post(
            &format!("/payment_intents/{id}/{action}"),
            Some(&reader),
            &json!({}),
            Some(&ik()),
        );
        assert_error(&resp, 403, "scope_denied");
    }
    assert_eq!(get_intent(&srv, &id)["status"], "REQUIRES_PAYMENT_METHOD");
}

#[test]
fn live_mode_has_no_rail_and_never_sees_test_intents() {
    let (srv, live) = TestServer::start_with(|dir| create_key(dir, "sk", "live", &[]));
    let resp = create_as(&srv, Some(&live), &mm(SUCCEED));
    let error = assert_error(&resp, 422, "rail_not_configured");
    assert_eq!(error["bp"], "BP-4006", "{resp:?}");
    assert_eq!(
        list(&srv, Some(&live), "")["data"],
        json!([]),
        "created anyway"
    );
    assert_eq!(balance(&srv, Some(&live), "CDF"), (0, 0));

    // Without a payer number a live intent is created, in live mode only.
    let live_pi = create_as(&srv, Some(&live), &body(json!({"rails": ["mobile_money"]})));
    assert_eq!(live_pi.status, 201, "{live_pi:?}");
    assert_eq!(live_pi.body["livemode"], true, "{live_pi:?}");
    let live_id = id_of(&live_pi.body);
    let resp = act(
        &srv,
        &live_id,
        "confirm",
        &json!({"customer_msisdn": SUCCEED}),
    );
    assert_error(&resp, 404, "intent_not_found"); // the test key cannot see it
    let resp = srv.post(
        &format!("/payment_intents/{live_id}/confirm"),
        Some(&live),
        &json!({"customer_msisdn": SUCCEED}),
        None,
    );
    assert_error(&resp, 422, "rail_not_configured");
    let resp = srv.get(&format!("/payment_intents/{live_id}"), Some(&live));
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_eq!(resp.body["status"], "REQUIRES_PAYMENT_METHOD", "{resp:?}");
    assert_eq!(resp.body["attempts_count"], 0, "{resp:?}");

    let test_id = id_of(&create(&srv, &mm(SUCCEED)));
    for (key, id) in [(Some(live.as_str()), &test_id), (srv.sk(), &live_id)] {
        for suffix in ["", "/timeline", "/methods", "/refundable"] {
            let resp = srv.get(&format!("/payment_intents/{id}{suffix}"), key);
            assert_error(&resp, 404, "intent_not_found");
        }
    }
    let resp = srv.post(
        &format!("/payment_intents/{test_id}/cancel"),
        Some(&live),
        &json!({}),
        None,
    );
    assert_error(&resp, 404, "intent_not_found");
    assert_eq!(
        list_all_ids(&srv, Some(&live)),
        std::slice::from_ref(&live_id)
    );
    assert_eq!(list_all_ids(&srv, srv.sk()), std::slice::from_ref(&test_id));
    assert_eq!(balance(&srv, Some(&live), "CDF"), (0, 0));
    assert_eq!(balance(&srv, srv.sk(), "CDF"), (0, 9_734));
    // The live key cannot read the test collection either.
    let collection = get_intent(&srv, &test_id)["collection_transaction"].clone();
    let resp = srv.get(
        &format!("/transactions/{}", collection.as_str().unwrap_or_default()),
        Some(&live),
    );
    assert_error(&resp, 404, "transaction_not_found");
}

/// `invalid_json` covers "not valid JSON, or not a JSON object" (docs/errors.md):
/// an array is never read positionally into the create body.
#[test]
fn a_body_that_is_not_a_json_object_is_400_invalid_json() {
    let srv = TestServer::start();
    for input in [
        json!([10_000, "CDF"]),
        json!([1, 2]),
        json!("x"),
        Value::Null,
    ] {
        let resp = create_as(&srv, srv.sk(), &input);
        assert_error(&resp, 400, "invalid_json");
    }
    assert_eq!(list(&srv, srv.sk(), "")["data"], json!([]));
}

/// A read answered from the cache of decoded records (decision 591) is the
/// object as it is now, and the ownership rule holds on every read: another
/// organisation's key gets `not_found` for an intent its owner just read.
#[test]
fn a_polled_intent_shows_each_change_and_stays_its_owners_alone() {
    let (srv, beta) = TestServer::start_with(|dir| {
        crate::support::orgs::add_org(dir, "@beta", "owner@beta.example")
    });
    let beta_key = beta["keys"]["secret_key"].as_str().expect("sk").to_string();
    let id = id_of(&create(&srv, &body(json!({}))));
    let path = format!("/payment_intents/{id}");
    let first = srv.get(&path, srv.sk());
    let again = srv.get(&path, srv.sk());
    assert_eq!(first.status, 200, "{first:?}");
    assert_eq!(first.body, again.body, "the same object twice");
    assert_eq!(first.body["status"], "REQUIRES_PAYMENT_METHOD");
    let other = srv.get(&path, Some(&beta_key));
    assert_error(&other, 404, "intent_not_found");
    let resp = act(&srv, &id, "cancel", &json!({}));
    assert_eq!(resp.status, 200, "{resp:?}");
    let after = srv.get(&path, srv.sk());
    assert_eq!(after.body["status"], "CANCELLED", "{after:?}");
    assert_eq!(after.body, resp.body, "the read shows the cancel");
    assert_error(&srv.get(&path, Some(&beta_key)), 404, "intent_not_found");
}

/// The fee revenue row in CDF that a posting of `owner` writes: shard
/// FNV-1a 64 of the owner id modulo 16, worked out here apart from the
/// gateway's code, since every node and every build must agree on it
/// (docs/scale-out.md, hot system accounts).
fn fee_revenue_row(owner: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in owner.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("test:sys.fee_revenue~{:02}:CDF:system", hash % 16)
}

#[test]
#[cfg_attr(
    paygate_test_store_pg,
    ignore = "redb only: it reads the balances of the redb file"
)]
fn each_organisations_fee_lands_on_its_shard_and_the_transaction_still_names_sys_fee_revenue() {
    let (mut srv, orgs) = TestServer::start_with(|dir| {
        [
            add_org(dir, "@beta", "owner@beta.example"),
            add_org(dir, "@gamma", "owner@gamma.example"),
        ]
    });
    let mut expected: BTreeMap<String, i64> = BTreeMap::new();
    for org in &orgs {
        let key = org["keys"]["secret_key"].as_str().expect("sk");
        let id = org["organisation"]["id"].as_str().expect("org id");
        let resp = create_as(&srv, Some(key), &mm(SUCCEED));
        assert_eq!(resp.status, 201, "{resp:?}");
        let pi = &resp.body;
        assert_eq!(pi["status"], "SETTLEMENT_PENDING", "{pi}");
        let fee = pi["fees"]["service_fee_minor"].as_i64().expect("fee");
        assert!(fee > 0, "{pi}");
        *expected.entry(fee_revenue_row(id)).or_default() += fee;
        // Clients see the account as before: no shard in the view.
        let txn = pi["collection_transaction"].as_str().expect("collection");
        let view = srv.get(&format!("/transactions/{txn}"), Some(key));
        assert_eq!(view.status, 200, "{view:?}");
        let entries = view.body["entries"].as_array().expect("entries");
        assert!(
            entries
                .iter()
                .any(|e| e["owner"] == "sys.fee_revenue" && e["amount_minor"] == fee),
            "{view:?}"
        );
        assert!(
            entries
                .iter()
                .all(|e| !e["owner"].as_str().unwrap_or_default().contains('~')),
            "{view:?}"
        );
    }
    srv.kill();
    // Each organisation's fee on the row of its own shard (one row holding
    // both when their shards happen to be the same), and no unsharded row;
    // the drop then runs `paygate verify` on the store.
    let rows = balances_starting_with(&srv.data_dir, "test:sys.fee_revenue");
    assert_eq!(rows, expected);
}
