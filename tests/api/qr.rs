//! Issue 9: locations, terminals, static QR codes with the signed extension,
//! revocation, analytics, the public resolve and the key registry.

use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use ed25519_dalek::{Signer, SigningKey};
use serde_json::{Value, json};

use crate::support::emv_qr::crc16;
use crate::support::*;

/// The example payload of the EMVCo merchant-presented-mode specification.
const EMVCO_EXAMPLE: &str = "00020101021229300012D156000000000510A93FO3230Q31280012D15600000001030812345678520441115802CN5914BEST TRANSPORT6007BEIJING64200002ZH0104最佳运输0202北京540523.7253031565502016233030412340603***0708A60086670902ME91320016A0112233449988770708123456786304A13A";

fn with_crc(body: &str) -> String {
    let body = format!("{body}6304");
    format!("{body}{:04X}", crc16(body.as_bytes()))
}

fn tlv(tag: &str, value: &str) -> String {
    format!("{tag}{:02}{value}", value.chars().count())
}

/// Replaces the signed extension (templates 80 and 81, then the CRC) with
/// one made by `key` under `key_id`.
fn resign(payload: &str, key: &SigningKey, key_id: &str) -> String {
    let at = payload.find("8040000201").expect("key template 80");
    let content = &payload[..at];
    let key_template = tlv("80", &format!("{}{}", tlv("00", "01"), tlv("01", key_id)));
    let message = format!("paygate-qr-v1|{content}{key_template}");
    let signature = B64.encode(key.sign(message.as_bytes()).to_bytes());
    with_crc(&format!(
        "{content}{key_template}{}",
        tlv("81", &tlv("00", &signature))
    ))
}

fn resolve(srv: &TestServer, payload: &str) -> Resp {
    let resp = srv.post("/resolve", None, &json!({ "payload": payload }), None);
    assert_eq!(resp.status, 200, "{resp:?}");
    resp
}

pub fn create_location(srv: &TestServer) -> Value {
    let resp = srv.post(
        "/locations",
        srv.sk(),
        &json!({"name": "Marché Central", "address": "1 Av. du Commerce", "city": "Lubumbashi",
                "country": "CD", "mcc": "5411"}),
        None,
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    resp.body
}

fn create_code(srv: &TestServer, body: Value) -> Value {
    let resp = srv.post("/qr_codes", srv.sk(), &body, None);
    assert_eq!(resp.status, 201, "{resp:?}");
    resp.body
}

#[test]
fn a_terminal_code_resolves_trusted_with_merchant_amount_and_next_action() {
    let srv = TestServer::start();
    let location = create_location(&srv);
    let loc = location["id"].as_str().expect("id");
    assert!(loc.starts_with("loc_"));
    let terminal = srv.post(
        &format!("/locations/{loc}/terminals"),
        srv.sk(),
        &json!({"label": "Till 1"}),
        None,
    );
    assert_eq!(terminal.status, 201, "{terminal:?}");
    let term = terminal.body["id"].as_str().expect("id");
    assert_eq!(terminal.body["location"], loc);
    let code = create_code(
        &srv,
        json!({"terminal": term, "amount_minor": 2500, "currency": "USD", "reference": "INV-7"}),
    );
    assert_eq!(code["object"], "qr_code");
    assert_eq!(code["status"], "ACTIVE");
    assert_eq!(code["location"], loc);
    assert!(code["svg"].as_str().expect("svg").contains("<svg"));
    let payload = code["payload"].as_str().expect("payload");
    assert!(payload.starts_with("000201010211"), "{payload}");
    assert!(payload.contains("540525.00"), "{payload}");
    assert!(payload.contains("6010Lubumbashi"), "{payload}");
    assert!(payload.contains("52045411"), "{payload}");

    let r = resolve(&srv, payload).body;
    assert_eq!(r["kind"], "paygate_qr_code", "{r}");
    assert_eq!(r["valid"], true);
    assert_eq!(r["crc_valid"], true);
    assert_eq!(r["signature"], "trusted");
    assert_eq!(r["key_id"], code["key_id"]);
    assert_eq!(r["revoked"], false);
    assert_eq!(r["amount_minor"], 2500);
    assert_eq!(r["currency"], "USD");
    assert_eq!(r["reference"], "INV-7");
    assert_eq!(r["initiation"], "static");
    assert_eq!(r["merchant"]["city"], "Lubumbashi");
    assert_eq!(r["merchant"]["mcc"], "5411");
    assert_eq!(r["qr_code"]["id"], code["id"]);
    assert_eq!(r["qr_code"]["terminal"], term);
    assert_eq!(r["next_action"]["type"], "pay_qr_code");
    let additional = r["templates"]
        .as_array()
        .expect("templates")
        .iter()
        .find(|t| t["tag"] == "62")
        .expect("62");
    assert!(additional["fields"].to_string().contains("Till 1"));

    // Reads: the code with its SVG, the lists, the location and its terminals.
    let id = code["id"].as_str().expect("id");
    let one = srv.get(&format!("/qr_codes/{id}"), srv.sk());
    assert_eq!(one.status, 200, "{one:?}");
    assert_eq!(one.body["scans"], 1);
    let list = srv.get(&format!("/qr_codes?location={loc}"), srv.sk());
    assert_eq!(list.body["data"][0]["id"], id, "{list:?}");
    assert!(list.body["data"][0].get("svg").is_none());
    assert_eq!(srv.get("/locations", srv.sk()).body["data"][0]["id"], loc);
    assert_eq!(
        srv.get(&format!("/locations/{loc}"), srv.sk()).body["name"],
        "Marché Central"
    );
    let terminals = srv.get(&format!("/locations/{loc}/terminals"), srv.sk());
    assert_eq!(terminals.body["data"][0]["id"], term, "{terminals:?}");
}

#[test]
fn altered_and_foreign_codes_are_refused_and_every_resolve_counts() {
    let srv = TestServer::start();
    let location = create_location(&srv);
    let loc = location["id"].as_str().expect("id");
    let code = create_code(&srv, json!({"location": loc, "currency": "CDF"}));
    let payload = code["payload"].as_str().expect("payload").to_string();

    // 1. Trusted.
    assert_eq!(resolve(&srv, &payload).body["signature"], "trusted");

    // 2. One character flipped: the CRC no longer matches.
    let flipped = payload.replacen("Lubumbashi", "Lubumbashj", 1);
    let r = resolve(&srv, &flipped).body;
    assert_eq!(r["valid"], false, "{r}");
    assert_eq!(r["crc_valid"], false);
    assert_eq!(r["problem"]["code"], "bad_crc");
    assert_eq!(r["next_action"]["type"], "do_not_pay");

    // 3. Re-signed with a key the registry does not know.
    let foreign = SigningKey::from_bytes(&[42; 32]);
    let forged = resign(&payload, &foreign, "kid_01forged0000000000000000000");
    let r = resolve(&srv, &forged).body;
    assert_eq!(r["crc_valid"], true, "{r}");
    assert_eq!(r["signature"], "unknown_key");
    assert_eq!(r["next_action"]["type"], "do_not_pay");

    // 4. Signed under our key id by another key: invalid signature.
    let key_id = code["key_id"].as_str().expect("key id");
    let impostor = resign(&payload, &foreign, key_id);
    let r = resolve(&srv, &impostor).body;
    assert_eq!(r["signature"], "invalid_signature", "{r}");
    assert_eq!(r["next_action"]["type"], "do_not_pay");

    // 5. Revoked: reason outside the list is refused, then revoked for good.
    let id = code["id"].as_str().expect("id");
    let bad = srv.post(
        &format!("/qr_codes/{id}/revoke"),
        srv.sk(),
        &json!({"reason": "bored"}),
        None,
    );
    assert_error(&bad, 400, "validation_error");
    let revoked = srv.post(
        &format!("/qr_codes/{id}/revoke"),
        srv.sk(),
        &json!({"reason": "stolen", "note": "sticker replaced at the till"}),
        None,
    );
    assert_eq!(revoked.status, 200, "{revoked:?}");
    assert_eq!(revoked.body["status"], "REVOKED");
    assert_eq!(revoked.body["revocation"]["reason"], "stolen");
    let again = srv.post(
        &format!("/qr_codes/{id}/revoke"),
        srv.sk(),
        &json!({"reason": "lost"}),
        None,
    );
    assert_error(&again, 409, "qr_code_revoked");
    let r = resolve(&srv, &payload).body;
    assert_eq!(r["revoked"], true, "{r}");
    assert_eq!(r["signature"], "trusted");
    assert_eq!(r["qr_code"]["revocation_reason"], "stolen");
    assert_eq!(r["next_action"]["type"], "do_not_pay");

    // Analytics: five resolves of this code, one per outcome.
    let a = srv.get("/qr_codes/analytics", srv.sk());
    assert_eq!(a.status, 200, "{a:?}");
    let a = a.body;
    assert_eq!(a["total_scans"], 5, "{a}");
    assert_eq!(
        a["outcomes"],
        json!({"trusted": 1, "unsigned": 0, "invalid_signature": 1, "unknown_key": 1,
               "revoked": 1, "bad_crc": 1})
    );
    assert_eq!(a["codes"][0]["qr_code"], id);
    assert_eq!(a["codes"][0]["scans"], 5);
    assert_eq!(a["codes"][0]["status"], "REVOKED");
    assert_eq!(a["locations"][0], json!({"location": loc, "scans": 5}));
    let days = a["days"].as_array().expect("days");
    assert_eq!(days.len(), 1);
    assert_eq!(days[0]["scans"], 5);
    let other = srv.get("/qr_codes/analytics?location=loc_01nothinghere", srv.sk());
    assert_eq!(other.body["total_scans"], 0, "{other:?}");
}

#[test]
fn resolve_tells_other_schemes_intents_links_and_garbage_apart() {
    let srv = TestServer::start();
    // The EMVCo specification's example: another scheme's, templates shown.
    let r = resolve(&srv, EMVCO_EXAMPLE).body;
    assert_eq!(r["kind"], "emvco", "{r}");
    assert_eq!(r["valid"], true);
    assert_eq!(r["signature"], "unsigned");
    assert_eq!(r["merchant"]["name"], "BEST TRANSPORT");
    assert_eq!(r["amount_minor"], 2372);
    assert_eq!(r["currency"], "CNY");
    assert_eq!(r["next_action"]["type"], "use_scheme_app");
    let tags: Vec<&str> = r["templates"]
        .as_array()
        .expect("templates")
        .iter()
        .map(|t| t["tag"].as_str().expect("tag"))
        .collect();
    assert_eq!(tags, ["29", "31", "64", "62", "91"]);
    assert_eq!(r["templates"][0]["scheme"], "D15600000000");

    // An intent's qr_payload: dynamic, signed, pointing at the intent.
    let intent = srv.post(
        "/payment_intents",
        srv.sk(),
        &json!({"amount_minor": 1500, "currency": "CDF", "reference": "order-9"}),
        Some("qr-intent-1"),
    );
    assert_eq!(intent.status, 201, "{intent:?}");
    let qr = intent.body["qr_payload"].as_str().expect("qr_payload");
    assert!(qr.starts_with("000201010212"), "{qr}");
    let r = resolve(&srv, qr).body;
    assert_eq!(r["kind"], "paygate_intent_qr", "{r}");
    assert_eq!(r["signature"], "trusted");
    assert_eq!(r["initiation"], "dynamic");
    assert_eq!(r["amount_minor"], 1500);
    assert_eq!(r["reference"], "order-9");
    assert_eq!(r["payment_intent"]["id"], intent.body["id"]);
    assert_eq!(r["next_action"]["type"], "pay_intent");
    assert_eq!(r["next_action"]["url"], intent.body["checkout_url"]);

    // Its checkout URL.
    let url = intent.body["checkout_url"].as_str().expect("url");
    let r = resolve(&srv, url).body;
    assert_eq!(r["kind"], "paygate_checkout_url", "{r}");
    assert_eq!(r["payment_intent"]["status"], "REQUIRES_PAYMENT_METHOD");
    assert_eq!(r["next_action"]["type"], "pay_intent");

    // Malformed EMVCo, other URLs, anything else: answers, not errors.
    let r = resolve(&srv, "000201019912").body;
    assert_eq!(r["kind"], "invalid_emvco", "{r}");
    assert_eq!(r["problem"]["code"], "bad_length");
    let dup = with_crc(&format!(
        "000201{}{}{}",
        tlv("52", "5999"),
        tlv("52", "5999"),
        tlv("53", "976")
    ));
    assert_eq!(resolve(&srv, &dup).body["problem"]["code"], "duplicate_tag");
    assert_eq!(resolve(&srv, "https://example.com/x").body["kind"], "url");
    assert_eq!(resolve(&srv, "hello").body["kind"], "unknown");
    let empty = srv.post("/resolve", None, &json!({"payload": ""}), None);
    assert_error(&empty, 400, "validation_error");
}

#[test]
fn rotation_retires_the_old_key_which_still_verifies_and_changes_the_etag() {
    let mut srv = TestServer::start();
    let before = srv.get("/keys", None);
    let etag = before.header("etag").expect("etag").to_string();
    let code = create_code(&srv, json!({"currency": "CDF", "amount_minor": 100}));
    let old_key = code["key_id"].as_str().expect("key id").to_string();

    srv.kill();
    let out = paygate(&[
        "keys",
        "rotate-signing",
        "--data-dir",
        srv.data_dir.to_str().expect("utf-8 path"),
    ]);
    out.assert_success();
    let new_key = out.json()["id"].as_str().expect("id").to_string();
    assert_ne!(new_key, old_key);
    srv.restart();

    let stale = srv
        .v1()
        .get_with("/keys", None, &[("If-None-Match", &etag)]);
    assert_eq!(stale.status, 200, "{stale:?}");
    let fresh_etag = stale.header("etag").expect("etag").to_string();
    assert_ne!(fresh_etag, etag);
    let keys = stale.body["keys"].as_array().expect("keys");
    let status = |id: &str| {
        keys.iter()
            .find(|k| k["id"] == id)
            .map(|k| k["status"].clone())
    };
    assert_eq!(status(&old_key), Some(json!("retired")), "{keys:?}");
    assert_eq!(status(&new_key), Some(json!("active")), "{keys:?}");
    let same = srv
        .v1()
        .get_with("/keys", None, &[("If-None-Match", &fresh_etag)]);
    assert_eq!(same.status, 304);

    // The old code still verifies; new codes use the new key.
    let r = resolve(&srv, code["payload"].as_str().expect("payload")).body;
    assert_eq!(r["signature"], "trusted", "{r}");
    assert_eq!(r["key_id"], old_key.as_str());
    let newer = create_code(&srv, json!({"currency": "CDF"}));
    assert_eq!(newer["key_id"], new_key.as_str());
}

#[test]
fn resolve_is_rate_limited_per_client_address() {
    let srv = TestServer::start_args(&["--resolve-rate-limit", "3"]);
    for _ in 0..3 {
        resolve(&srv, "hello");
    }
    let limited = srv.post("/resolve", None, &json!({"payload": "hello"}), None);
    // A new minute may have begun between the calls; then one more passes.
    let limited = if limited.status == 200 {
        for _ in 0..2 {
            resolve(&srv, "hello");
        }
        srv.post("/resolve", None, &json!({"payload": "hello"}), None)
    } else {
        limited
    };
    assert_error(&limited, 429, "rate_limited");
    let wait: u64 = limited
        .header("retry-after")
        .expect("Retry-After")
        .parse()
        .expect("seconds");
    assert!((1..=60).contains(&wait), "{wait}");
    // Keyed operations are not limited.
    assert_eq!(srv.get("/qr_codes", srv.sk()).status, 200);
}

#[test]
fn inputs_are_validated_and_objects_are_private() {
    let srv = TestServer::start();
    let bad_country = srv.post(
        "/locations",
        srv.sk(),
        &json!({"name": "Shop", "city": "Goma", "country": "cd"}),
        None,
    );
    assert_eq!(
        assert_error(&bad_country, 400, "validation_error")["param"],
        "country"
    );
    let bad_mcc = srv.post(
        "/locations",
        srv.sk(),
        &json!({"name": "Shop", "city": "Goma", "country": "CD", "mcc": "54"}),
        None,
    );
    assert_eq!(
        assert_error(&bad_mcc, 400, "validation_error")["param"],
        "mcc"
    );
    let no_currency = srv.post("/qr_codes", srv.sk(), &json!({}), None);
    assert_eq!(
        assert_error(&no_currency, 400, "validation_error")["param"],
        "currency"
    );
    let too_much = srv.post(
        "/qr_codes",
        srv.sk(),
        &json!({"currency": "CDF", "amount_minor": 1_000_000_000_000_i64}),
        None,
    );
    assert_error(&too_much, 400, "invalid_amount");
    let missing = srv.post(
        "/qr_codes",
        srv.sk(),
        &json!({"currency": "CDF", "location": "loc_01nothinghere"}),
        None,
    );
    assert_error(&missing, 404, "location_not_found");
    let no_terminal_home = srv.post(
        "/locations/loc_01nothinghere/terminals",
        srv.sk(),
        &json!({"label": "Till"}),
        None,
    );
    assert_error(&no_terminal_home, 404, "location_not_found");
    // Ids of another family are a 404, never a decoding failure (found by API fuzzing).
    let location = create_location(&srv);
    let loc = location["id"].as_str().expect("id");
    let code = create_code(&srv, json!({"currency": "CDF"}));
    let qr = code["id"].as_str().expect("id");
    assert_error(
        &srv.get(&format!("/qr_codes/{loc}"), srv.sk()),
        404,
        "qr_code_not_found",
    );
    assert_error(
        &srv.get(&format!("/locations/{qr}"), srv.sk()),
        404,
        "location_not_found",
    );
    assert_error(
        &srv.get(&format!("/locations/{qr}/terminals"), srv.sk()),
        404,
        "location_not_found",
    );
    let wrong = srv.post(
        &format!("/qr_codes/{loc}/revoke"),
        srv.sk(),
        &json!({"reason": "lost"}),
        None,
    );
    assert_error(&wrong, 404, "qr_code_not_found");
    for path in [
        "/qr_codes?location=null",
        "/qr_codes/analytics?location=null",
    ] {
        let resp = srv.get(path, srv.sk());
        assert_eq!(
            assert_error(&resp, 400, "validation_error")["param"],
            "location"
        );
    }
    assert_error(&srv.get("/qr_codes", None), 401, "unauthorized");
    assert_error(
        &srv.get("/qr_codes/qr_01nothinghere", srv.sk()),
        404,
        "qr_code_not_found",
    );
}

#[test]
fn resolve_knows_payment_links_sessions_and_money_requests_of_this_gateway() {
    let srv = TestServer::start();
    let key = |n: u32| format!("resolve-links-{n}");
    let link = srv.post(
        "/payment_links",
        srv.sk(),
        &json!({"amount_minor": 900, "currency": "CDF"}),
        Some(&key(1)),
    );
    let url = link.body["url"].as_str().expect("url").to_string();
    let answer = resolve(&srv, &url);
    assert_eq!(answer.body["kind"], "paygate_payment_link", "{answer:?}");
    assert_eq!(answer.body["amount_minor"], 900);
    assert_eq!(answer.body["next_action"]["type"], "open_payment_link");
    let id = link.body["id"].as_str().expect("id");
    srv.post(
        &format!("/payment_links/{id}/deactivate"),
        srv.sk(),
        &json!({}),
        None,
    );
    assert_eq!(
        resolve(&srv, &url).body["next_action"]["type"],
        "do_not_pay"
    );
    let session = srv.post(
        "/checkout_sessions",
        srv.sk(),
        &json!({"line_items": [{"name": "Rice", "quantity": 3, "unit_amount_minor": 1000}], "currency": "CDF"}),
        Some(&key(2)),
    );
    let answer = resolve(&srv, session.body["url"].as_str().expect("url"));
    assert_eq!(answer.body["kind"], "paygate_checkout_url", "{answer:?}");
    assert_eq!(answer.body["amount_minor"], 3_000);
    assert_eq!(answer.body["next_action"]["type"], "pay_intent");
    let request = srv.post(
        "/money_requests",
        srv.sk(),
        &json!({"payer": "@amani_k", "amount_minor": 1_234, "currency": "CDF"}),
        Some(&key(3)),
    );
    let answer = resolve(&srv, request.body["pay_url"].as_str().expect("url"));
    assert_eq!(answer.body["amount_minor"], 1_234, "{answer:?}");
}
