//! Diaspora transfers (issue 25; spec 4.12 and 8, origin section 23): signed
//! rate cards checked by independent code (Python's `cryptography`), the
//! institutions directory and its import, purpose-locked quotes paid once
//! from the source-currency wallet, and expiries on a test clock.

use std::process::Command;
use std::time::Duration;

use serde_json::{Value, json};

use crate::support::balances::money;
use crate::support::clocks::advance;
use crate::support::clocks::now_secs;
use crate::support::ik;
use crate::support::intents::{SUCCEED, body, create, id_of, wait_for_status};
use crate::support::orgs::add_org;
use crate::support::{Resp, TestServer, assert_error, paygate};

/// The RFC 3339 UTC time of Unix `secs` (days to civil date, H. Hinnant).
fn rfc3339(secs: i64) -> String {
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

fn start() -> TestServer {
    TestServer::start_args(&["--sandbox-settlement-ms", "200"])
}

/// The organisation is paid `amount` USD cents and they settle to available.
fn fund_usd(srv: &TestServer, amount: i64) {
    let paid = create(
        srv,
        &body(
            json!({"amount_minor": amount, "currency": "USD", "customer_msisdn": SUCCEED, "confirm": true}),
        ),
    );
    wait_for_status(srv, &id_of(&paid), "SETTLED", Duration::from_secs(10));
}

fn quote_body(institution: &str, purpose: &str, source_minor: i64) -> Value {
    json!({
        "institution": institution,
        "purpose_code": purpose,
        "reference": "STUDENT-2027-0042",
        "source_currency": "USD",
        "source_minor": source_minor,
    })
}

fn quote(srv: &TestServer, input: &Value) -> Resp {
    srv.post("/diaspora/quotes", srv.sk(), input, Some(&ik()))
}

fn pay(srv: &TestServer, id: &str) -> Resp {
    srv.post(
        &format!("/diaspora/quotes/{id}/pay"),
        srv.sk(),
        &json!({}),
        Some(&ik()),
    )
}

fn cards(srv: &TestServer) -> Value {
    let resp = srv.get("/diaspora/rate-cards", None);
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body
}

fn usd_cdf(cards: &Value) -> Value {
    cards["data"]
        .as_array()
        .and_then(|d| {
            d.iter()
                .find(|c| c["source_currency"] == "USD" && c["dest_currency"] == "CDF")
        })
        .cloned()
        .expect("a USD to CDF card")
}

/// Verifies a card with Python's `cryptography` (not this crate's code): the
/// signed string rebuilt from the card's fields as docs/diaspora.md gives it,
/// and the ed25519 signature over it with the public key of `GET /keys`.
fn python_verifies(card: &Value, public_key: &str) -> bool {
    const SCRIPT: &str = r#"
import base64, json, sys
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
card = json.loads(sys.argv[1])
signed = "|".join(["DD-RATE-CARD", card["id"], card["source_currency"], card["dest_currency"],
                   card["customer_rate"], card["valid_from"], card["valid_until"], card["policy_id"]])
key = Ed25519PublicKey.from_public_bytes(base64.b64decode(sys.argv[2]))
try:
    key.verify(base64.b64decode(card["signature"]), signed.encode("utf-8"))
    print("valid")
except InvalidSignature:
    print("invalid")
"#;
    let out = Command::new("python3")
        .args(["-c", SCRIPT, &card.to_string(), public_key])
        .output()
        .expect("python3 runs (tests/run installs cryptography)");
    let said = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert!(
        out.status.success() && (said == "valid" || said == "invalid"),
        "python: {said} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    said == "valid"
}

#[test]
fn rate_cards_are_public_signed_valid_at_most_four_hours_and_verified_by_independent_code() {
    let srv = start();
    let cards = cards(&srv);
    let keys = srv.get("/keys", None).body;
    let card = usd_cdf(&cards);
    // 2800 CDF per USD less 150 bps.
    assert_eq!(card["customer_rate"], "2758.00000000");
    assert!(
        card["id"]
            .as_str()
            .is_some_and(|id| id.starts_with("rc_usdcdf_"))
    );
    assert_eq!(
        cards["restricted"],
        json!([
            "SCHOOL",
            "HEALTH",
            "RENT",
            "UTILITY",
            "GOVERNMENT_FEE",
            "TAX"
        ])
    );
    for card in cards["data"].as_array().expect("cards") {
        let key = keys["keys"]
            .as_array()
            .and_then(|k| k.iter().find(|k| k["id"] == card["key_id"]))
            .and_then(|k| k["public_key"].as_str())
            .expect("the card's key is published");
        assert!(python_verifies(card, key), "{card}");
        let mut tampered = card.clone();
        tampered["customer_rate"] = json!("2900.00000000");
        assert!(
            !python_verifies(&tampered, key),
            "a changed rate must not verify"
        );
        let from = card["valid_from"].as_str().expect("from");
        let until = card["valid_until"].as_str().expect("until");
        let now = rfc3339(now_secs());
        assert!(
            from <= now.as_str() && now.as_str() < until,
            "{from} <= {now} < {until}"
        );
        let hours = |t: &str| t[11..13].parse::<i64>().expect("hour");
        let span = (hours(until) - hours(from)).rem_euclid(24);
        assert_eq!(span, 4, "valid 4 hours: {from} to {until}");
    }
}

#[test]
fn institutions_are_searched_by_country_purpose_and_part_of_the_name() {
    let srv = start();
    let ids = |path: &str| -> Vec<String> {
        let resp = srv.get(path, None);
        assert_eq!(resp.status, 200, "{resp:?}");
        resp.body["data"]
            .as_array()
            .map(|d| {
                d.iter()
                    .filter_map(|i| i["id"].as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    };
    assert_eq!(
        ids("/institutions?purpose=HEALTH"),
        ["ins_sandbox_hospital"]
    );
    assert_eq!(
        ids("/institutions?country=CD&q=eaux"),
        ["ins_sandbox_utility"]
    );
    assert!(ids("/institutions?country=KE").is_empty());
    assert_eq!(ids("/institutions").len(), 4);
    assert_error(
        &srv.get("/institutions?color=red", None),
        400,
        "validation_error",
    );
}

#[test]
fn an_imported_directory_replaces_the_defaults_and_its_institution_is_paid_to_its_organisation() {
    let srv_and_b = TestServer::start_with_args(&["--sandbox-settlement-ms", "200"], |dir| {
        let b = add_org(dir, "@lycee", "bursar@lycee.example");
        let org = b["organisation"]["id"]
            .as_str()
            .or_else(|| b["id"].as_str())
            .expect("org id")
            .to_string();
        let file = dir.join("institutions.json");
        let bad = json!({"institutions": [{"id": "ins_x", "name": "X", "kind": "casino", "country": "CD", "purpose_codes": ["SCHOOL"]}]});
        std::fs::write(&file, bad.to_string()).expect("write");
        let refused = paygate(&[
            "institutions",
            "import",
            file.to_str().expect("path"),
            "--data-dir",
            dir.to_str().expect("path"),
        ]);
        assert!(!refused.success(), "a bad kind is refused");
        let good = json!({"institutions": [{"id": "ins_lycee_kin", "name": "Lycée de Kinshasa", "kind": "school",
            "country": "CD", "purpose_codes": ["SCHOOL"], "tag": "lycee", "organisation": org}]});
        std::fs::write(&file, good.to_string()).expect("write");
        let out = paygate(&[
            "institutions",
            "import",
            file.to_str().expect("path"),
            "--data-dir",
            dir.to_str().expect("path"),
        ]);
        out.assert_success();
        assert_eq!(out.json()["imported"], 1);
        b
    });
    let (srv, b) = srv_and_b;
    let b_key = b["keys"]["secret_key"]
        .as_str()
        .or_else(|| b["secret_key"].as_str())
        .map(String::from);
    let listed = srv.get("/institutions", None).body;
    assert_eq!(listed["data"].as_array().map(Vec::len), Some(1), "{listed}");
    assert_eq!(listed["data"][0]["id"], "ins_lycee_kin");
    fund_usd(&srv, 50_000);
    let q = quote(&srv, &quote_body("ins_lycee_kin", "SCHOOL", 10_000));
    assert_eq!(q.status, 201, "{q:?}");
    let paid = pay(&srv, &id_of(&q.body));
    assert_eq!(paid.status, 200, "{paid:?}");
    if let Some(key) = b_key {
        assert_eq!(
            money(&srv, Some(&key), "CDF").0,
            q.body["dest_minor"].as_i64().expect("dest")
        );
    }
    assert_error(
        &quote(&srv, &quote_body("ins_sandbox_school", "SCHOOL", 10_000)),
        404,
        "institution_not_found",
    );
}

#[test]
fn a_quote_is_paid_once_from_the_source_wallet_and_only_to_its_institution_for_its_purpose() {
    let srv = start();
    fund_usd(&srv, 50_000);
    let (usd_before, _, _) = money(&srv, srv.sk(), "USD");
    let created = quote(&srv, &quote_body("ins_sandbox_school", "SCHOOL", 10_000));
    assert_eq!(created.status, 201, "{created:?}");
    let q = &created.body;
    assert_eq!(q["status"], "QUOTED");
    assert_eq!(q["dest_currency"], "CDF", "CDF for an institution in CD");
    // 100.00 USD × 2758 = 275 800.00 CDF; fee 100 bps of the source.
    assert_eq!(q["dest_minor"], 27_580_000);
    assert_eq!(q["fee_minor"], 100);
    assert_eq!(q["disclosure"]["total_source_minor"], 10_100);
    assert_eq!(q["lock"]["institution"], "ins_sandbox_school");
    assert_eq!(q["lock"]["purpose_code"], "SCHOOL");
    assert_eq!(q["lock"]["reference"], "STUDENT-2027-0042");
    let id = id_of(q);

    // The pay request cannot name another destination.
    let redirected = srv.post(
        &format!("/diaspora/quotes/{id}/pay"),
        srv.sk(),
        &json!({"institution": "ins_sandbox_hospital"}),
        Some(&ik()),
    );
    assert_error(&redirected, 400, "validation_error");
    let paid = pay(&srv, &id);
    assert_eq!(paid.status, 200, "{paid:?}");
    assert_eq!(paid.body["status"], "PAID");
    assert_eq!(paid.body["lock"], q["lock"], "the receipt shows the lock");
    let transaction = paid.body["transaction"]
        .as_str()
        .expect("transaction")
        .to_string();
    assert_eq!(money(&srv, srv.sk(), "USD").0, usd_before - 10_100);
    // Twice: the same paid quote, nothing moves again.
    let again = pay(&srv, &id);
    assert_eq!(again.status, 200, "{again:?}");
    assert_eq!(again.body["transaction"], transaction);
    assert_eq!(money(&srv, srv.sk(), "USD").0, usd_before - 10_100);
    // One balanced posting: USD out of the wallet, CDF to the institution only.
    let txn = srv.get(&format!("/transactions/{transaction}"), srv.sk());
    assert_eq!(txn.status, 200, "{txn:?}");
    let entries = txn.body["entries"].as_array().expect("entries").clone();
    for currency in ["USD", "CDF"] {
        let sum: i64 = entries
            .iter()
            .filter(|e| e["currency"] == currency)
            .filter_map(|e| e["amount_minor"].as_i64())
            .sum();
        assert_eq!(sum, 0, "{currency} lines balance: {entries:?}");
    }
    let text = txn.body.to_string();
    assert!(text.contains("ins_sandbox_school"), "{text}");
    assert!(!text.contains("ins_sandbox_hospital"), "{text}");

    // More than the wallet holds: refused, nothing moves, still payable later.
    let big = quote(&srv, &quote_body("ins_sandbox_school", "SCHOOL", 1_000_000));
    assert_eq!(big.status, 201, "{big:?}");
    assert_error(&pay(&srv, &id_of(&big.body)), 422, "insufficient_funds");
    assert_eq!(money(&srv, srv.sk(), "USD").0, usd_before - 10_100);
}

#[test]
fn quote_checks_come_in_the_origins_order_and_write_nothing() {
    let srv = start();
    assert_error(
        &quote(&srv, &quote_body("ins_nowhere", "SCHOOL", 10_000)),
        404,
        "institution_not_found",
    );
    assert_eq!(
        assert_error(
            &quote(&srv, &quote_body("ins_sandbox_school", "CASINO", 10_000)),
            400,
            "invalid_purpose"
        )["param"],
        "purpose_code"
    );
    // A restricted purpose the institution does not take: the lock.
    assert_error(
        &quote(&srv, &quote_body("ins_sandbox_hospital", "SCHOOL", 10_000)),
        422,
        "purpose_not_allowed",
    );
    let mut xaf = quote_body("ins_sandbox_school", "SCHOOL", 10_000);
    xaf["source_currency"] = json!("XAF");
    assert_error(&quote(&srv, &xaf), 422, "no_rate_card");
    let mut both = quote_body("ins_sandbox_school", "SCHOOL", 10_000);
    both["dest_minor"] = json!(1_000);
    assert_error(&quote(&srv, &both), 400, "invalid_amount");
    assert_error(
        &quote(&srv, &quote_body("ins_sandbox_school", "SCHOOL", 100)),
        422,
        "below_minimum",
    );
    assert_error(
        &quote(&srv, &quote_body("ins_sandbox_school", "SCHOOL", 2_000_000)),
        422,
        "above_maximum",
    );
    // From the destination amount: the least source that reaches it.
    let by_dest = quote(
        &srv,
        &json!({"institution": "ins_sandbox_school", "purpose_code": "SCHOOL",
        "reference": "INV-7", "source_currency": "USD", "dest_minor": 5_000_000}),
    );
    assert_eq!(by_dest.status, 201, "{by_dest:?}");
    assert_eq!(
        by_dest.body["source_minor"], 1_813,
        "ceil(50 000.00 / 2758) in cents"
    );
    assert!(by_dest.body["dest_minor"].as_i64().expect("dest") >= 5_000_000);
}

#[test]
fn a_quote_expires_and_a_rate_card_is_refused_after_its_validity_on_the_test_clock() {
    let srv = start();
    fund_usd(&srv, 50_000);
    let (usd, _, _) = money(&srv, srv.sk(), "USD");
    let card = usd_cdf(&cards(&srv));
    let now = now_secs();
    let clock = srv.post(
        "/test_clocks",
        srv.sk(),
        &json!({"frozen_time": rfc3339(now), "attach": true}),
        Some(&ik()),
    );
    assert_eq!(clock.status, 201, "{clock:?}");
    let clock = id_of(&clock.body);
    let mut input = quote_body("ins_sandbox_school", "SCHOOL", 10_000);
    input["rate_card"] = card["id"].clone();
    let created = quote(&srv, &input);
    assert_eq!(created.status, 201, "{created:?}");
    assert_eq!(created.body["rate_card"], card["id"]);
    // 30 minutes later the unpaid quote is EXPIRED.
    advance(&srv, &clock, &rfc3339(now + 31 * 60));
    let late = pay(&srv, &id_of(&created.body));
    assert_eq!(
        assert_error(&late, 409, "quote_expired")["error"]["details"]["status"],
        "EXPIRED"
    );
    let events = srv.get("/events?limit=50", srv.sk()).body.to_string();
    assert!(events.contains("diaspora_quote.expired"), "{events}");
    // Past the card's 4 hours, the card itself is refused.
    advance(&srv, &clock, &rfc3339(now + 4 * 3600 + 60));
    let refused = quote(&srv, &input);
    assert_eq!(
        assert_error(&refused, 409, "rate_card_expired")["param"],
        "rate_card"
    );
    assert_eq!(money(&srv, srv.sk(), "USD").0, usd, "nothing was paid");
}

/// `GET /diaspora/quotes/{id}` (an addition, decision 334): the payer reads
/// its quote back, QUOTED and then PAID with its transaction, under the
/// `diaspora:read` scope; another organisation, a key without the scope and
/// an id of another kind get nothing.
#[test]
fn a_quote_is_read_back_by_its_payer_only() {
    let (srv, (reader, no_scope, beta)) = TestServer::start_with(|dir| {
        (
            crate::support::create_key(dir, "rk", "test", &["diaspora:read"]),
            crate::support::create_key(dir, "rk", "test", &["balance:read"]),
            add_org(dir, "@beta", "owner@beta.example"),
        )
    });
    fund_usd(&srv, 50_000);
    let created = quote(&srv, &quote_body("ins_sandbox_school", "SCHOOL", 10_000));
    assert_eq!(created.status, 201, "{created:?}");
    let id = id_of(&created.body);
    let path = format!("/diaspora/quotes/{id}");

    let read = srv.get(&path, Some(&reader));
    assert_eq!(read.status, 200, "{read:?}");
    assert_eq!(read.body, created.body, "the quote as it was made");
    let paid = pay(&srv, &id);
    assert_eq!(paid.status, 200, "{paid:?}");
    let after = srv.get(&path, srv.sk());
    assert_eq!(after.status, 200, "{after:?}");
    assert_eq!(after.body, paid.body, "the receipt, as the pay answered it");
    assert_eq!(after.body["status"], "PAID");

    assert_error(&srv.get(&path, Some(&no_scope)), 403, "scope_denied");
    let beta_key = beta["keys"]["secret_key"].as_str().expect("sk");
    assert_error(
        &srv.get(&path, Some(beta_key)),
        404,
        "diaspora_quote_not_found",
    );
    assert_error(
        &srv.get("/diaspora/quotes/pi_0000", srv.sk()),
        404,
        "diaspora_quote_not_found",
    );
}
