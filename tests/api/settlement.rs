//! Settlement profiles, cycles and statements (issue 20, spec 4.9, O§11).
//! Time-dependent rules run on a test clock: cut-offs and due times move
//! with advances, never with sleeps.

use std::time::Duration;

use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::support::balances::net_of;
use crate::support::balances::{balance, fee_total};
use crate::support::clocks::advance;
use crate::support::clocks::clock_at;
use crate::support::events::event_types;
use crate::support::ik;
use crate::support::intents::{SUCCEED, body, create, get_intent, id_of};
use crate::support::{Resp, TestServer, assert_error, create_key, wait_until};

/// 2027-01-04 is a Monday.
pub const MONDAY_10: &str = "2027-01-04T10:00:00Z";

#[track_caller]
pub fn profile(srv: &TestServer, input: Value) -> Value {
    let resp = srv.post("/settlement_profiles", srv.sk(), &input, Some(&ik()));
    assert!(matches!(resp.status, 200 | 201), "{input}: {resp:?}");
    resp.body
}

/// A captured sandbox payment of `amount` CDF; returns the intent.
#[track_caller]
pub fn paid(srv: &TestServer, amount: i64) -> Value {
    let intent = create(
        srv,
        &body(
            json!({"amount_minor": amount, "rails": ["mobile_money"], "customer_msisdn": SUCCEED, "confirm": true}),
        ),
    );
    assert_eq!(intent["status"], "SETTLEMENT_PENDING", "{intent}");
    intent
}

fn cycles(srv: &TestServer, query: &str) -> Vec<Value> {
    let resp = srv.get(&format!("/settlement_cycles{query}"), srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body["data"].as_array().cloned().expect("a data list")
}

fn cycle(srv: &TestServer, id: &str) -> Value {
    let resp = srv.get(&format!("/settlements/{id}"), srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body
}

/// The one running cycle of the organisation.
fn open_cycle(srv: &TestServer) -> Value {
    let open = cycles(srv, "?status=OPEN");
    assert_eq!(open.len(), 1, "{open:?}");
    open[0].clone()
}

fn close(srv: &TestServer, input: Value) -> Value {
    let resp = srv.post("/settlement_cycles", srv.sk(), &input, Some(&ik()));
    assert_eq!(resp.status, 201, "{resp:?}");
    resp.body
}

fn pay(srv: &TestServer, id: &str) -> Resp {
    srv.post(
        &format!("/settlement_cycles/{id}/pay"),
        srv.sk(),
        &json!({}),
        Some(&ik()),
    )
}

/// `(available, pending, settlement_pending, in_transit)` of `currency`.
#[track_caller]
fn classes(srv: &TestServer, currency: &str) -> (i64, i64, i64, i64) {
    let resp = srv.get("/balance", srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    let entry = resp.body["balances"]
        .as_array()
        .and_then(|b| b.iter().find(|b| b["currency"] == currency).cloned())
        .unwrap_or(json!({}));
    let get = |k: &str| entry[k].as_i64().unwrap_or(0);
    (
        get("available_minor"),
        get("pending_minor"),
        get("settlement_pending_minor"),
        get("in_transit_minor"),
    )
}

#[test]
fn a_profile_is_created_then_updated_for_its_rail_and_currency_and_bad_fields_are_named() {
    let (srv, reader) =
        TestServer::start_with(|dir| create_key(dir, "rk", "test", &["settlements:read"]));
    let resp = srv.post(
        "/settlement_profiles",
        srv.sk(),
        &json!({"currency": "CDF", "schedule": "T2", "cut_off": "18:30", "minimum_minor": 5_000}),
        Some(&ik()),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    let created = resp.body;
    assert!(id_of(&created).starts_with("stp_"), "{created}");
    assert_eq!(created["object"], "settlement_profile");
    assert_eq!(created["rail"], Value::Null, "every rail");
    assert_eq!(created["schedule"], "T2");
    assert_eq!(created["cut_off"], "18:30");
    assert_eq!(created["destination"], json!({"method": "wallet"}));
    assert_eq!(created["settlement_currency"], "CDF");
    // Same rail and currency: the same profile, updated; other fields kept.
    let resp = srv.post(
        "/settlement_profiles",
        srv.sk(),
        &json!({"currency": "CDF", "schedule": "weekly"}),
        Some(&ik()),
    );
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_eq!(resp.body["id"], created["id"]);
    assert_eq!(resp.body["schedule"], "weekly");
    assert_eq!(resp.body["cut_off"], "18:30");
    assert_eq!(resp.body["minimum_minor"], 5_000);
    let card = profile(
        &srv,
        json!({"currency": "CDF", "rail": "card", "schedule": "T0"}),
    );
    assert_ne!(card["id"], created["id"]);
    let listed = srv.get("/settlement_profiles", srv.sk());
    assert_eq!(
        listed.body["data"].as_array().map(Vec::len),
        Some(2),
        "{listed:?}"
    );
    let read = srv.get(&format!("/settlement_profiles/{}", id_of(&card)), srv.sk());
    assert_eq!(read.body["rail"], "card", "{read:?}");

    for (input, param) in [
        (json!({"currency": "CDF", "schedule": "daily"}), "schedule"),
        (json!({"currency": "CDF", "cut_off": "25:00"}), "cut_off"),
        (json!({"currency": "CDF", "rail": "pigeon"}), "rail"),
        (
            json!({"currency": "CDF", "minimum_minor": -1}),
            "minimum_minor",
        ),
        (
            json!({"currency": "CDF", "settlement_currency": "USD"}),
            "auto_convert",
        ),
        (
            json!({"currency": "CDF", "destination": {"method": "wallet", "phone": "+243810000001"}}),
            "destination.phone",
        ),
        (
            json!({"currency": "CDF", "destination": {"method": "mobile_money", "operator_id": "mpesa_cd"}}),
            "destination.phone",
        ),
        (json!({"currency": "cdf"}), "currency"),
        (json!({"currency": "CDF", "colour": "red"}), "colour"),
    ] {
        let resp = srv.post("/settlement_profiles", srv.sk(), &input, Some(&ik()));
        assert_eq!(resp.status, 400, "{input}: {resp:?}");
        assert_eq!(resp.body["param"], param, "{input}: {resp:?}");
    }
    assert_eq!(
        srv.get("/settlement_profiles", srv.sk()).body["data"]
            .as_array()
            .map(Vec::len),
        Some(2)
    );
    assert_error(
        &srv.get("/settlement_profiles/stp_01unknown", srv.sk()),
        404,
        "settlement_profile_not_found",
    );
    // settlements:read reads, and may not write.
    assert_eq!(srv.get("/settlement_profiles", Some(&reader)).status, 200);
    let refused = srv.post(
        "/settlement_profiles",
        Some(&reader),
        &json!({"currency": "CDF"}),
        Some(&ik()),
    );
    assert_error(&refused, 403, "scope_denied");
    let refused = srv.post(
        "/settlement_cycles",
        Some(&reader),
        &json!({"currency": "CDF"}),
        Some(&ik()),
    );
    assert_error(&refused, 403, "scope_denied");
}

#[test]
fn a_t1_cycle_closes_at_the_cut_off_and_is_paid_the_next_weekday_at_nine() {
    let srv = TestServer::start();
    let clock = clock_at(&srv, MONDAY_10);
    let t1 = profile(&srv, json!({"currency": "CDF", "schedule": "T1"}));
    let intent = paid(&srv, 10_000);
    let net = net_of(&intent);
    let running = open_cycle(&srv);
    assert_eq!(
        running["period"]["from"], "2027-01-03T22:00:00.000Z",
        "{running}"
    );
    assert_eq!(
        running["period"]["to"], "2027-01-04T22:00:00.000Z",
        "{running}"
    );
    assert_eq!(running["profile"], t1["id"]);
    let preview = srv
        .get(
            &format!("/settlement_profiles/{}/preview", id_of(&t1)),
            srv.sk(),
        )
        .body;
    assert_eq!(preview["would_settle_minor"], net, "{preview}");
    assert_eq!(preview["totals"]["gross_minor"], 10_000, "{preview}");
    let calendar = srv.get("/settlement_calendar", srv.sk()).body;
    assert_eq!(
        calendar["upcoming"][0]["cut_off_at"], "2027-01-04T22:00:00.000Z",
        "{calendar}"
    );
    assert_eq!(
        calendar["upcoming"][0]["due_at"], "2027-01-05T09:00:00.000Z",
        "{calendar}"
    );

    advance(&srv, &clock, "2027-01-04T21:59:59Z");
    assert_eq!(cycle(&srv, &id_of(&running))["status"], "OPEN");
    advance(&srv, &clock, "2027-01-04T22:00:01Z");
    let closed = cycle(&srv, &id_of(&running));
    assert_eq!(closed["status"], "CLOSED", "{closed}");
    assert_eq!(closed["net_minor"], net);
    assert_eq!(closed["due_at"], "2027-01-05T09:00:00.000Z", "{closed}");
    assert_eq!(
        classes(&srv, "CDF"),
        (0, 0, net, 0),
        "pending → settlement_pending"
    );
    assert_eq!(
        get_intent(&srv, &id_of(&intent))["status"],
        "SETTLEMENT_PENDING"
    );
    let calendar = srv.get("/settlement_calendar", srv.sk()).body;
    assert_eq!(
        calendar["obligations"][0]["cycle"], running["id"],
        "{calendar}"
    );

    advance(&srv, &clock, "2027-01-05T09:00:01Z");
    let paid_cycle = cycle(&srv, &id_of(&running));
    assert_eq!(paid_cycle["status"], "PAID", "{paid_cycle}");
    assert_eq!(paid_cycle["paid_at"], "2027-01-05T09:00:00.000Z");
    assert_eq!(classes(&srv, "CDF"), (net, 0, 0, 0));
    let settled = get_intent(&srv, &id_of(&intent));
    assert_eq!(settled["status"], "SETTLED", "{settled}");
    assert_eq!(settled["settlement"]["id"], running["id"], "{settled}");
    assert_eq!(settled["settlement"]["net_minor"], net, "{settled}");
    assert_eq!(settled["settled_at"], "2027-01-05T09:00:00.000Z");
    let types = event_types(&srv);
    assert!(
        types.iter().any(|t| t == "settlement.completed"),
        "{types:?}"
    );
    assert!(
        types.iter().any(|t| t == "payment_intent.settled"),
        "{types:?}"
    );
}

#[test]
fn t2_weekly_and_t0_cycles_fall_due_as_the_origin_says() {
    let srv = TestServer::start();
    // Friday 2027-01-08.
    let clock = clock_at(&srv, "2027-01-08T10:00:00Z");
    profile(&srv, json!({"currency": "CDF", "schedule": "T2"}));
    paid(&srv, 10_000);
    let t2 = open_cycle(&srv);
    advance(&srv, &clock, "2027-01-08T22:00:01Z");
    let t2 = cycle(&srv, &id_of(&t2));
    assert_eq!(t2["status"], "CLOSED");
    assert_eq!(
        t2["due_at"], "2027-01-12T09:00:00.000Z",
        "Friday + 2 weekdays: {t2}"
    );

    profile(&srv, json!({"currency": "CDF", "schedule": "weekly"}));
    paid(&srv, 20_000);
    let weekly = open_cycle(&srv);
    assert_eq!(
        weekly["period"]["to"], "2027-01-10T22:00:00.000Z",
        "Sunday: {weekly}"
    );
    advance(&srv, &clock, "2027-01-10T22:00:01Z");
    let weekly = cycle(&srv, &id_of(&weekly));
    assert_eq!(
        weekly["due_at"], "2027-01-11T09:00:00.000Z",
        "Monday 09:00: {weekly}"
    );
    advance(&srv, &clock, "2027-01-11T09:00:01Z");
    assert_eq!(cycle(&srv, &id_of(&weekly))["status"], "PAID");
    assert_eq!(
        cycle(&srv, &id_of(&t2))["status"],
        "CLOSED",
        "not due before Tuesday"
    );
    advance(&srv, &clock, "2027-01-12T09:00:01Z");
    assert_eq!(cycle(&srv, &id_of(&t2))["status"], "PAID");

    profile(
        &srv,
        json!({"currency": "CDF", "schedule": "T0", "cut_off": "12:00"}),
    );
    let intent = paid(&srv, 5_000);
    let t0 = open_cycle(&srv);
    assert_eq!(t0["period"]["to"], "2027-01-12T12:00:00.000Z", "{t0}");
    advance(&srv, &clock, "2027-01-12T12:00:01Z");
    let t0 = cycle(&srv, &id_of(&t0));
    assert_eq!(t0["status"], "PAID", "T0 pays at the close: {t0}");
    assert_eq!(t0["due_at"], t0["closed_at"]);
    assert_eq!(get_intent(&srv, &id_of(&intent))["status"], "SETTLED");
}

#[test]
fn a_manual_cycle_closes_and_pays_only_on_request_and_pays_once() {
    let srv = TestServer::start();
    let clock = clock_at(&srv, MONDAY_10);
    profile(&srv, json!({"currency": "CDF", "schedule": "manual"}));
    let intent = paid(&srv, 10_000);
    let net = net_of(&intent);
    let running = open_cycle(&srv);
    assert_eq!(running["period"]["to"], Value::Null);
    advance(&srv, &clock, "2027-01-08T10:00:00Z");
    assert_eq!(
        cycle(&srv, &id_of(&running))["status"],
        "OPEN",
        "manual periods never end by time"
    );
    let closed = close(&srv, json!({"currency": "CDF"}));
    assert_eq!(closed["id"], running["id"]);
    assert_eq!(closed["status"], "CLOSED", "{closed}");
    assert_eq!(closed["due_at"], Value::Null);
    assert_eq!(closed["period"]["to"], "2027-01-08T10:00:00.000Z");
    assert!(
        closed["statement_number"]
            .as_str()
            .is_some_and(|n| n.starts_with("SET-20270108-")),
        "{closed}"
    );
    let resp = pay(&srv, &id_of(&closed));
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_eq!(resp.body["status"], "PAID");
    assert_eq!(classes(&srv, "CDF").0, net);
    assert_error(&pay(&srv, &id_of(&closed)), 409, "cycle_not_payable");
    // Nothing ran since: the close is an empty cycle, SKIPPED.
    let skipped = close(&srv, json!({"currency": "CDF"}));
    assert_eq!(skipped["status"], "SKIPPED", "{skipped}");
    assert_error(&pay(&srv, &id_of(&skipped)), 409, "cycle_not_payable");
    assert_error(
        &pay(&srv, "sc_01unknown"),
        404,
        "settlement_cycle_not_found",
    );
    let open = srv.post("/settlement_cycles", srv.sk(), &json!({}), Some(&ik()));
    assert_eq!(
        assert_error(&open, 400, "validation_error")["param"],
        "currency"
    );
}

#[test]
fn a_cycle_under_its_minimum_fails_and_its_net_is_paid_with_the_next_cycle() {
    let srv = TestServer::start();
    clock_at(&srv, MONDAY_10);
    profile(
        &srv,
        json!({"currency": "CDF", "schedule": "manual", "minimum_minor": 15_000}),
    );
    let first = paid(&srv, 10_000);
    let small = close(&srv, json!({"currency": "CDF", "pay": true}));
    assert_eq!(small["status"], "FAILED", "{small}");
    let reason = small["failure_reason"].as_str().expect("reason");
    assert!(reason.starts_with("minimum_not_reached"), "{reason}");
    assert_eq!(
        classes(&srv, "CDF"),
        (0, net_of(&first), 0, 0),
        "back to pending"
    );
    let next = open_cycle(&srv);
    assert_eq!(small["carried_into"], next["id"]);
    assert_eq!(next["totals"]["carried_in_minor"], net_of(&first), "{next}");
    assert_eq!(
        get_intent(&srv, &id_of(&first))["status"],
        "SETTLEMENT_PENDING"
    );

    let second = paid(&srv, 10_000);
    let big = close(&srv, json!({"currency": "CDF", "pay": true}));
    assert_eq!(big["status"], "PAID", "{big}");
    let both = net_of(&first) + net_of(&second);
    assert_eq!(big["net_minor"], both);
    assert_eq!(classes(&srv, "CDF"), (both, 0, 0, 0));
    for intent in [&first, &second] {
        let settled = get_intent(&srv, &id_of(intent));
        assert_eq!(settled["status"], "SETTLED", "{settled}");
        assert_eq!(
            settled["settlement"]["id"], big["id"],
            "paid by the cycle that carried it"
        );
    }
    assert!(event_types(&srv).iter().any(|t| t == "settlement.failed"));
}

#[test]
fn refunds_and_disputes_inside_a_period_come_off_its_net() {
    let srv = TestServer::start();
    clock_at(&srv, MONDAY_10);
    profile(&srv, json!({"currency": "CDF", "schedule": "manual"}));
    let a = paid(&srv, 10_000);
    let b = paid(&srv, 10_000);
    let refund = srv.post(
        "/refunds",
        srv.sk(),
        &json!({"payment_intent": id_of(&a), "amount_minor": 3_000, "reason": "requested_by_customer"}),
        Some(&ik()),
    );
    assert_eq!(refund.body["status"], "SUCCEEDED", "{refund:?}");
    let dispute = srv.post(
        "/disputes",
        srv.sk(),
        &json!({"payment_intent": id_of(&b), "amount_minor": 2_000, "reason": "fraudulent"}),
        Some(&ik()),
    );
    assert_eq!(dispute.status, 201, "{dispute:?}");
    let closed = close(&srv, json!({"currency": "CDF", "pay": true}));
    let totals = &closed["totals"];
    assert_eq!(totals["gross_minor"], 20_000, "{closed}");
    assert_eq!(totals["refunds_minor"], 3_000, "{closed}");
    assert_eq!(totals["holds_minor"], 2_000, "{closed}");
    assert_eq!(totals["fees_minor"], fee_total(&a) + fee_total(&b));
    let net = net_of(&a) + net_of(&b) - 3_000 - 2_000;
    assert_eq!(closed["net_minor"], net, "{closed}");
    assert_eq!(closed["status"], "PAID");
    let detail = cycle(&srv, &id_of(&closed));
    let kinds: Vec<&str> = detail["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter_map(|i| i["kind"].as_str())
        .collect();
    assert_eq!(
        kinds,
        ["payment", "payment", "refund", "dispute_hold"],
        "{detail}"
    );
    let a = get_intent(&srv, &id_of(&a));
    assert_eq!(a["settlement"]["net_minor"], net_of(&a) - 3_000, "{a}");
    // Disputed: shown DISPUTED, settled underneath.
    let b = get_intent(&srv, &id_of(&b));
    assert_eq!(b["settlement"]["net_minor"], net_of(&b) - 2_000, "{b}");
    let (available, pending, settlement_pending, _) = classes(&srv, "CDF");
    assert_eq!((available, pending, settlement_pending), (net, 0, 0));
}

/// The statement of a cycle: the hash recomputed here from its fields, the
/// CSV's lines and `#` header agreeing with the JSON, and the PDF's text
/// (pdftotext, after pdftoppm renders it) carrying the totals.
#[test]
fn the_statement_is_numbered_hashed_and_the_same_in_json_csv_and_pdf() {
    let srv = TestServer::start();
    clock_at(&srv, MONDAY_10);
    profile(&srv, json!({"currency": "CDF", "schedule": "manual"}));
    let a = paid(&srv, 10_000);
    let b = paid(&srv, 25_000);
    let refund = srv.post(
        "/refunds",
        srv.sk(),
        &json!({"payment_intent": id_of(&b), "amount_minor": 1_000, "reason": "duplicate"}),
        Some(&ik()),
    );
    assert_eq!(refund.body["status"], "SUCCEEDED", "{refund:?}");
    let running = open_cycle(&srv);
    let early = srv.get(
        &format!("/settlement_cycles/{}/statement", id_of(&running)),
        srv.sk(),
    );
    assert_error(&early, 409, "cycle_not_closed");
    let closed = close(&srv, json!({"currency": "CDF", "pay": true}));
    let id = id_of(&closed);

    let statement = srv
        .get(&format!("/settlement_cycles/{id}/statement"), srv.sk())
        .body;
    assert_eq!(statement["object"], "settlement_statement", "{statement}");
    let number = statement["number"].as_str().expect("number");
    let suffix = id[id.len() - 6..].to_ascii_uppercase();
    assert_eq!(number, format!("SET-20270104-{suffix}"));
    let totals = &statement["totals"];
    let fees = fee_total(&a) + fee_total(&b);
    let input = [
        id.clone(),
        statement["organisation"]["id"]
            .as_str()
            .expect("owner")
            .to_string(),
        "CDF".into(),
        statement["period"]["from"]
            .as_str()
            .expect("from")
            .to_string(),
        statement["period"]["to"].as_str().expect("to").to_string(),
        "35000".into(),
        fees.to_string(),
        "1000".into(),
        "0".into(),
        "0".into(),
        closed["net_minor"].to_string(),
        format!(
            "{},{}",
            a["collection_transaction"].as_str().expect("txn"),
            b["collection_transaction"].as_str().expect("txn")
        ),
    ]
    .join("|");
    let hash = hex::encode(Sha256::digest(input.as_bytes()));
    assert_eq!(statement["hash"], hash, "{input}");
    assert_eq!(cycle(&srv, &id)["statement"]["hash"], hash);
    let lines = statement["lines"].as_array().expect("lines");
    let sum: i64 = lines
        .iter()
        .map(|l| l["amount_minor"].as_i64().unwrap_or(0))
        .sum();
    assert_eq!(
        sum,
        statement["net_minor"].as_i64().expect("net"),
        "lines add up to the net"
    );
    let types: Vec<&str> = lines.iter().filter_map(|l| l["type"].as_str()).collect();
    assert_eq!(
        types,
        [
            "payment",
            "provider_fee",
            "service_fee",
            "tax",
            "payment",
            "provider_fee",
            "service_fee",
            "tax",
            "refund"
        ],
    );

    // CSV: "#" header lines (the hash among them), then the same lines.
    let csv = srv.get(
        &format!("/settlement_cycles/{id}/statement?format=csv"),
        srv.sk(),
    );
    assert_eq!(csv.status, 200, "{csv:?}");
    assert!(
        csv.header("content-type")
            .is_some_and(|c| c.starts_with("text/csv"))
    );
    assert!(
        csv.header("content-disposition")
            .is_some_and(|c| c.contains(number))
    );
    let (comments, rows): (Vec<&str>, Vec<&str>) =
        csv.text.lines().partition(|l| l.starts_with('#'));
    assert!(
        comments.contains(&format!("# Hash: {hash}").as_str()),
        "{comments:?}"
    );
    assert!(comments.contains(&format!("# Settlement statement {number}").as_str()));
    assert!(comments.contains(&format!("# Net: {}", statement["net_minor"]).as_str()));
    assert!(comments.contains(&"# Gross: 35000"), "{comments:?}");
    assert_eq!(
        rows[0],
        "line,date,type,source,payment_intent,amount_minor,currency"
    );
    assert_eq!(rows.len() - 1, lines.len());
    let mut by_type = std::collections::BTreeMap::<String, i64>::new();
    for (row, line) in rows[1..].iter().zip(lines) {
        let cells: Vec<&str> = row.split(',').collect();
        assert_eq!(cells[2], line["type"], "{row}");
        assert_eq!(cells[3], line["source"], "{row}");
        let amount: i64 = cells[5].parse().expect("an integer cell");
        assert_eq!(amount, line["amount_minor"], "{row}");
        *by_type.entry(cells[2].to_string()).or_default() += amount;
    }
    assert_eq!(
        by_type["payment"],
        totals["gross_minor"].as_i64().expect("gross")
    );
    assert_eq!(
        -by_type["provider_fee"],
        totals["provider_fee_minor"].as_i64().expect("fee")
    );
    assert_eq!(-by_type["tax"], totals["tax_minor"].as_i64().expect("tax"));
    assert_eq!(
        -by_type["refund"],
        totals["refunds_minor"].as_i64().expect("refunds")
    );

    // PDF: rendered to PNG and read back as text.
    let url = srv
        .v1()
        .url(&format!("/settlement_cycles/{id}/statement?format=pdf"));
    let pdf = reqwest::blocking::Client::new()
        .get(url)
        .bearer_auth(srv.sk().expect("sk"))
        .send()
        .expect("the PDF");
    assert_eq!(pdf.status(), 200);
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    let bytes = pdf.bytes().expect("bytes");
    assert!(bytes.starts_with(b"%PDF-"), "a PDF");
    let dir = tempfile::tempdir().expect("tmp");
    let path = dir.path().join("statement.pdf");
    std::fs::write(&path, &bytes).expect("write");
    let png = dir.path().join("page");
    let rendered = std::process::Command::new("pdftoppm")
        .args(["-png", "-r", "60", "-f", "1", "-l", "1"])
        .arg(&path)
        .arg(&png)
        .status()
        .expect("pdftoppm (poppler-utils; tests/run installs it)");
    assert!(rendered.success());
    let page = std::fs::read_dir(dir.path())
        .expect("dir")
        .filter_map(Result::ok)
        .find(|e| e.file_name().to_string_lossy().ends_with(".png"))
        .expect("a PNG page");
    assert!(
        page.metadata().expect("png").len() > 1_000,
        "an image with content"
    );
    let text = std::process::Command::new("pdftotext")
        .args(["-layout"])
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils; tests/run installs it)");
    let text = String::from_utf8_lossy(&text.stdout);
    let money = |minor: i64| {
        let whole = (minor.abs() / 100).to_string();
        let mut grouped = String::new();
        for (i, d) in whole.chars().enumerate() {
            if i > 0 && (whole.len() - i).is_multiple_of(3) {
                grouped.push(',');
            }
            grouped.push(d);
        }
        format!(
            "{}{grouped}.{:02} CDF",
            if minor < 0 { "-" } else { "" },
            minor.abs() % 100
        )
    };
    for needle in [
        number.to_string(),
        hash.clone(),
        "Page 1 of 1".to_string(),
        money(35_000),
        money(statement["net_minor"].as_i64().expect("net")),
        money(-1_000),
        "Sandbox organisation".to_string(),
    ] {
        assert!(
            text.contains(&needle),
            "{needle:?} not in the PDF text:\n{text}"
        );
    }
}

#[test]
fn a_long_statement_pdf_has_numbered_pages() {
    let srv = TestServer::start();
    clock_at(&srv, MONDAY_10);
    profile(&srv, json!({"currency": "CDF", "schedule": "manual"}));
    for _ in 0..25 {
        paid(&srv, 1_000);
    }
    let closed = close(&srv, json!({"currency": "CDF"}));
    let url = srv.v1().url(&format!(
        "/settlement_cycles/{}/statement?format=pdf",
        id_of(&closed)
    ));
    let bytes = reqwest::blocking::Client::new()
        .get(url)
        .bearer_auth(srv.sk().expect("sk"))
        .send()
        .and_then(|r| r.bytes())
        .expect("the PDF");
    let dir = tempfile::tempdir().expect("tmp");
    let path = dir.path().join("long.pdf");
    std::fs::write(&path, &bytes).expect("write");
    let text = std::process::Command::new("pdftotext")
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext");
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("Page 1 of 2") && text.contains("Page 2 of 2"),
        "{text}"
    );
}

#[test]
fn a_cycle_settled_in_another_currency_discloses_its_conversion() {
    let srv = TestServer::start();
    clock_at(&srv, MONDAY_10);
    profile(
        &srv,
        json!({"currency": "CDF", "schedule": "manual", "settlement_currency": "USD", "auto_convert": true}),
    );
    let intent = paid(&srv, 2_800_000);
    let net = net_of(&intent);
    let closed = close(&srv, json!({"currency": "CDF", "pay": true}));
    assert_eq!(closed["status"], "PAID", "{closed}");
    let conversion = &closed["conversion"];
    assert_eq!(conversion["currency"], "USD", "{closed}");
    assert_eq!(conversion["margin_bps"], 100);
    let mid: f64 = conversion["mid_rate"]
        .as_str()
        .expect("mid")
        .parse()
        .expect("number");
    let rate: f64 = conversion["rate"]
        .as_str()
        .expect("rate")
        .parse()
        .expect("number");
    assert!((mid - 1.0 / 2800.0).abs() < 1e-12, "{conversion}");
    assert!((rate - mid * 0.99).abs() < 1e-12, "{conversion}");
    let fee = conversion["fee_minor"].as_i64().expect("fee");
    assert_eq!(fee, (net * 80 + 5_000) / 10_000, "80 bps, half up");
    let expected = ((net - fee) as f64 * rate).floor() as i64;
    let amount = conversion["amount_minor"].as_i64().expect("amount");
    assert!((amount - expected).abs() <= 1, "{amount} vs {expected}");
    assert_eq!(closed["amount_paid_minor"], amount);
    assert_eq!(classes(&srv, "USD"), (amount, 0, 0, 0));
    assert_eq!(classes(&srv, "CDF"), (0, 0, 0, 0));
    let statement = srv
        .get(
            &format!("/settlement_cycles/{}/statement", id_of(&closed)),
            srv.sk(),
        )
        .body;
    assert_eq!(statement["conversion"], *conversion);
    let transaction = srv.get(
        &format!(
            "/transactions/{}",
            conversion["transaction"].as_str().expect("txn")
        ),
        srv.sk(),
    );
    assert_eq!(transaction.status, 200, "{transaction:?}");
}

#[test]
fn a_settlement_to_a_mobile_money_number_goes_out_as_a_payout() {
    let srv = TestServer::start();
    clock_at(&srv, MONDAY_10);
    let destination =
        |phone: &str| json!({"method": "mobile_money", "operator_id": "mpesa_cd", "phone": phone});
    profile(
        &srv,
        json!({"currency": "CDF", "schedule": "manual", "destination": destination(SUCCEED)}),
    );
    let intent = paid(&srv, 100_000);
    let net = net_of(&intent);
    let closed = close(&srv, json!({"currency": "CDF", "pay": true}));
    assert_eq!(closed["status"], "PAID", "{closed}");
    let payout = srv
        .get(
            &format!("/payouts/{}", closed["payout"].as_str().expect("payout")),
            srv.sk(),
        )
        .body;
    assert_eq!(payout["status"], "PAID", "{payout}");
    let (amount, fee) = (
        payout["amount_minor"].as_i64().expect("a"),
        payout["fee_minor"].as_i64().expect("f"),
    );
    assert!(amount + fee <= net && net - amount - fee <= 1, "{payout}");
    assert_eq!(classes(&srv, "CDF"), (net - amount - fee, 0, 0, 0));
    assert_eq!(get_intent(&srv, &id_of(&intent))["status"], "SETTLED");

    // A number the sandbox's rail refuses: FAILED, the money in available.
    profile(
        &srv,
        json!({"currency": "CDF", "destination": destination("+243000000404")}),
    );
    let second = paid(&srv, 100_000);
    let failed = close(&srv, json!({"currency": "CDF", "pay": true}));
    assert_eq!(failed["status"], "FAILED", "{failed}");
    assert!(
        failed["failure_reason"]
            .as_str()
            .is_some_and(|r| r.starts_with("payout_failed")),
        "{failed}"
    );
    assert_eq!(classes(&srv, "CDF").0, net - amount - fee + net_of(&second));
}

#[test]
fn the_sandbox_default_is_t0_closing_each_period_after_the_sandbox_delay() {
    let srv = TestServer::start_args(&["--sandbox-settlement-ms", "300"]);
    let first = paid(&srv, 10_000);
    let second = paid(&srv, 10_000);
    let settled = wait_until(
        Duration::from_secs(10),
        "both payments settled",
        || {
            let both = [&first, &second].map(|i| get_intent(&srv, &id_of(i)));
            both.iter()
                .all(|i| i["status"] == "SETTLED")
                .then_some(both)
        },
        || format!("{:?}", cycles(&srv, "")),
    );
    let all = cycles(&srv, "");
    assert!(
        all.iter()
            .all(|c| c["schedule"] == "T0" && c["cut_off"].is_null() && c["profile"].is_null()),
        "{all:?}"
    );
    assert!(all.iter().all(|c| c["status"] == "PAID"), "{all:?}");
    let items: u64 = all.iter().filter_map(|c| c["items_count"].as_u64()).sum();
    assert_eq!(items, 2);
    assert!(settled.iter().all(|i| {
        i["settlement"]["id"]
            .as_str()
            .is_some_and(|s| s.starts_with("sc_"))
    }));
    assert_eq!(
        balance(&srv, srv.sk(), "CDF"),
        (net_of(&first) + net_of(&second), 0)
    );
}
