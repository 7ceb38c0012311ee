//! The foundation: public system routes, the request gate (keys, scopes,
//! modes, Service-Account), error shapes of the router, and the offline CLI.

use serde_json::{Value, json};

use crate::support::{
    API_VERSION, TestServer, assert_error, checked_in_openapi, create_key, create_key_json, init,
    on_postgres, paygate, verify,
};

/// A well-formed secret (`sk_test_` + 32 alphanumerics) that no store holds.
const UNKNOWN_SK: &str = "sk_test_0123456789abcdefABCDEF0123456789";
/// A well-formed connected-account id that is connected to nobody.
const UNKNOWN_ACCOUNT: &str = "acct_0123456789abcdefghjkmnpqrs";

// ---------------------------------------------------------------------------
// Public system routes
// ---------------------------------------------------------------------------

#[test]
fn status_is_public_and_reports_a_normal_unhalted_file_store() {
    let srv = TestServer::start();
    let resp = srv.get("/status", None);
    assert_eq!(resp.status, 200, "{resp:?}");
    assert!(
        resp.header("content-type")
            .is_some_and(|c| c.starts_with("application/json")),
        "{:?}",
        resp.headers
    );
    let s = &resp.body;
    assert_eq!(s["object"], "status", "{s}");
    assert_eq!(s["operating_state"], "normal", "{s}");
    assert_eq!(s["guardian"]["engaged"], false, "{s}");
    assert_eq!(s["mode"], s["operating_state"], "{s}");
    assert_eq!(s["guardian"]["active"], false, "{s}");
    assert_eq!(s["guardian"]["reason"], Value::Null, "{s}");
    assert_eq!(s["degraded_flags"], json!([]), "{s}");
    assert_eq!(s["api_version"], API_VERSION, "{s}");
    assert_eq!(s["version"], env!("CARGO_PKG_VERSION"), "{s}");
    let backend = if on_postgres() { "postgres" } else { "file" };
    assert_eq!(s["store"]["backend"], backend, "{s}");
    assert_eq!(s["store"]["ok"], true, "{s}");
    let time = s["time"].as_str().unwrap_or_default();
    assert!(
        time.len() == 24 && time.ends_with('Z') && time.as_bytes()[10] == b'T',
        "time is not RFC 3339 UTC with millis: {s}"
    );

    // A public route ignores whatever key is (or is not) sent.
    let with_garbage_key = srv.get("/status", Some("garbage"));
    assert_eq!(with_garbage_key.status, 200, "{with_garbage_key:?}");
    let with_sk = srv.get("/status", srv.sk());
    assert_eq!(with_sk.status, 200, "{with_sk:?}");
}

#[test]
fn sandbox_is_public_and_lists_the_six_magic_numbers() {
    let srv = TestServer::start();
    let resp = srv.get("/sandbox", None);
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_eq!(resp.body["object"], "sandbox", "{resp:?}");
    let numbers = resp.body["magic_numbers"]
        .as_array()
        .unwrap_or_else(|| panic!("magic_numbers is not an array: {resp:?}"));
    let listed: Vec<(&str, &str)> = numbers
        .iter()
        .map(|n| {
            (
                n["msisdn"].as_str().unwrap_or_default(),
                n["outcome"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        listed,
        [
            ("+243000000501", "succeed"),
            ("+243000000404", "fail"),
            ("+243000000408", "ambiguous"),
            ("+243000000500", "timeout_then_succeed"),
            ("+243000000503", "provider_unavailable"),
            ("*0000", "declined"),
        ],
        "{resp:?}"
    );
    for n in numbers {
        for field in ["behaviour", "intent_ends"] {
            assert!(
                n[field].as_str().is_some_and(|v| !v.is_empty()),
                "{field} missing in {n}"
            );
        }
    }
}

#[test]
fn openapi_json_is_public_3_1_and_equals_the_checked_in_schema() {
    let srv = TestServer::start();
    let resp = srv.get("/openapi.json", None);
    assert_eq!(resp.status, 200, "{resp:?}");
    assert!(
        resp.header("content-type")
            .is_some_and(|c| c.starts_with("application/json")),
        "{:?}",
        resp.headers
    );
    let doc = &resp.body;
    assert!(
        doc["openapi"]
            .as_str()
            .is_some_and(|v| v.starts_with("3.1")),
        "openapi = {}",
        doc["openapi"]
    );
    assert_eq!(doc["info"]["version"], API_VERSION);
    let stored = checked_in_openapi();
    let stored_json: Value = serde_json::from_str(&stored).expect("schema/openapi.json is JSON");
    assert_eq!(
        *doc, stored_json,
        "served document differs from schema/openapi.json"
    );
    assert_eq!(
        resp.text, stored,
        "served bytes differ from schema/openapi.json"
    );
}

// ---------------------------------------------------------------------------
// The two mounts
// ---------------------------------------------------------------------------

#[test]
fn v1_and_api_v1_answer_the_same_status_and_body() {
    let srv = TestServer::start();
    for (path, key) in [
        ("/balance", srv.sk()),
        ("/sandbox", None),
        ("/balance", None),
        ("/transactions/txn_unknown", srv.sk()),
    ] {
        let v1 = srv.v1().get(path, key);
        let api = srv.api_v1().get(path, key);
        assert_eq!(
            v1.status, api.status,
            "{path}: /v1 {v1:?} vs /api/v1 {api:?}"
        );
        assert_eq!(v1.body, api.body, "{path}: /v1 {v1:?} vs /api/v1 {api:?}");
        assert_ne!(v1.body, Value::Null, "{path}: not JSON: {v1:?}");
    }
    assert_eq!(srv.v1().get("/balance", srv.sk()).status, 200);
}

// ---------------------------------------------------------------------------
// Authentication and scopes
// ---------------------------------------------------------------------------

#[test]
fn keyed_routes_answer_401_without_a_valid_bearer_key() {
    let srv = TestServer::start();
    let basic = format!("Basic {}", srv.secret_key);
    let garbage = "Bearer not-a-key";
    let unknown = format!("Bearer {UNKNOWN_SK}");
    let empty_bearer = "Bearer ";
    let bare_key = srv.secret_key.clone();
    let cases: Vec<(&str, Vec<(&str, &str)>)> = vec![
        ("no Authorization header", vec![]),
        ("Basic scheme", vec![("Authorization", &basic)]),
        (
            "Bearer with nothing after it",
            vec![("Authorization", empty_bearer)],
        ),
        ("key without a scheme", vec![("Authorization", &bare_key)]),
    ];
    // A key that is sent but is not one (unknown, revoked, garbage) is the
    // origin's invalid_api_key; no key at all is unauthorized (O§7, issue 16).
    let unknown_keys: Vec<(&str, Vec<(&str, &str)>)> = vec![
        ("unknown well-formed key", vec![("Authorization", &unknown)]),
        ("garbage key", vec![("Authorization", garbage)]),
    ];
    for path in ["/balance", "/transactions/txn_unknown"] {
        for (case, headers) in &cases {
            let resp = srv.request("GET", path, headers, None);
            let body = assert_error(&resp, 401, "unauthorized");
            assert_eq!(body["bp"], "BP-1001", "{case} on {path}: {resp:?}");
        }
        for (case, headers) in &unknown_keys {
            let resp = srv.request("GET", path, headers, None);
            let body = assert_error(&resp, 401, "invalid_api_key");
            assert_eq!(body["bp"], "BP-1019", "{case} on {path}: {resp:?}");
        }
    }
    // The control: the same route with the real key, scheme case-insensitive.
    let lower = format!("bearer {}", srv.secret_key);
    let ok = srv.request("GET", "/balance", &[("Authorization", &lower)], None);
    assert_eq!(ok.status, 200, "{ok:?}");
}

#[test]
fn keys_without_the_scope_get_403_scope_denied_and_keys_with_it_pass() {
    let (srv, (rk_intents, rk_balance)) = TestServer::start_with(|dir| {
        (
            create_key(dir, "rk", "test", &["payment_intents:read"]),
            create_key(dir, "rk", "test", &["balance:read", "payment_intents:read"]),
        )
    });
    assert!(rk_intents.starts_with("rk_test_"), "{rk_intents}");

    // rk without balance:read, on both balance:read routes; the scope is
    // checked before the object is looked up.
    for path in ["/balance", "/transactions/txn_unknown"] {
        let resp = srv.get(path, Some(&rk_intents));
        let body = assert_error(&resp, 403, "scope_denied");
        assert_eq!(body["bp"], "BP-1006", "{resp:?}");
    }
    // pk keys hold payment_intents:write only.
    let resp = srv.get("/balance", srv.pk());
    let body = assert_error(&resp, 403, "scope_denied");
    assert_eq!(body["bp"], "BP-1006", "{resp:?}");

    // rk with balance:read passes the gate.
    let ok = srv.get("/balance", Some(&rk_balance));
    assert_eq!(ok.status, 200, "{ok:?}");
    assert_eq!(ok.body["object"], "balance", "{ok:?}");
    assert_eq!(ok.body["livemode"], false, "{ok:?}");
    assert_error(
        &srv.get("/transactions/txn_unknown", Some(&rk_balance)),
        404,
        "transaction_not_found",
    );
}

#[test]
fn live_keys_see_live_mode_and_test_keys_never_do() {
    let (srv, live) = TestServer::start_with(|dir| {
        let created = create_key_json(dir, "sk", "live", &[], Some("live key"));
        assert_eq!(created["mode"], "live", "{created}");
        assert_eq!(created["scopes"], json!(["*"]), "{created}");
        created["secret"].as_str().expect("secret").to_string()
    });
    assert!(live.starts_with("sk_live_"), "{live}");
    assert!(srv.secret_key.starts_with("sk_test_"), "{}", srv.secret_key);

    let live_balance = srv.get("/balance", Some(&live));
    assert_eq!(live_balance.status, 200, "{live_balance:?}");
    assert_eq!(live_balance.body["livemode"], true, "{live_balance:?}");

    let test_balance = srv.get("/balance", srv.sk());
    assert_eq!(test_balance.status, 200, "{test_balance:?}");
    assert_eq!(test_balance.body["livemode"], false, "{test_balance:?}");
    assert_eq!(test_balance.body["balances"], json!([]), "{test_balance:?}");
}

#[test]
fn service_account_must_be_a_connected_acct_id() {
    let srv = TestServer::start();
    for malformed in ["not-an-account", "acct_", "acct_UPPER", "pi_0123456789"] {
        let resp = srv
            .v1()
            .get_with("/balance", srv.sk(), &[("Service-Account", malformed)]);
        let body = assert_error(&resp, 400, "invalid_service_account");
        assert_eq!(body["bp"], "BP-2013", "{malformed}: {resp:?}");
        assert_eq!(body["param"], "Service-Account", "{malformed}: {resp:?}");
    }
    let resp = srv.v1().get_with(
        "/balance",
        srv.sk(),
        &[("Service-Account", UNKNOWN_ACCOUNT)],
    );
    // An account that does not exist: no platform can act for it.
    let body = assert_error(&resp, 403, "account_unavailable");
    assert_eq!(body["bp"], "BP-1031", "{resp:?}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains(UNKNOWN_ACCOUNT)),
        "{resp:?}"
    );
    // Authentication comes first: no key is 401 whatever the Service-Account.
    let resp = srv
        .v1()
        .get_with("/balance", None, &[("Service-Account", "not-an-account")]);
    assert_error(&resp, 401, "unauthorized");
}

// ---------------------------------------------------------------------------
// Router errors
// ---------------------------------------------------------------------------

#[test]
fn unknown_routes_and_methods_answer_json_404_and_405() {
    let srv = TestServer::start();

    let resp = srv.get("/no_such_route", srv.sk());
    let body = assert_error(&resp, 404, "route_not_found");
    assert_eq!(body["bp"], "BP-2008", "{resp:?}");

    let resp = srv.api_v1().get("/no_such_route", None);
    assert_error(&resp, 404, "route_not_found");

    let resp = srv.request("POST", "/status", &[], None);
    let body = assert_error(&resp, 405, "method_not_allowed");
    assert_eq!(body["bp"], "BP-2009", "{resp:?}");

    let resp = srv.request(
        "DELETE",
        "/balance",
        &[("Authorization", &format!("Bearer {}", srv.secret_key))],
        None,
    );
    assert_error(&resp, 405, "method_not_allowed");

    for path in ["/v2/status", "/status", "/", "/apiv1/status"] {
        let resp = srv.root().get(path, None);
        let body = assert_error(&resp, 404, "route_not_found");
        assert_eq!(body["bp"], "BP-2008", "{path}: {resp:?}");
    }
}

/// axum answers HEAD on every GET route (405s advertise `allow: GET,HEAD`);
/// the gate treats HEAD as the GET operation, auth and scopes included.
#[test]
fn head_on_a_get_route_is_answered_like_get_without_a_body() {
    let srv = TestServer::start();
    let resp = srv.request("HEAD", "/status", &[], None);
    assert_eq!(resp.status, 200, "{resp:?}");
    assert!(resp.text.is_empty(), "{resp:?}");
    let resp = srv.request("HEAD", "/balance", &[], None);
    assert_eq!(resp.status, 401, "{resp:?}");
    let auth = format!("Bearer {}", srv.secret_key);
    let resp = srv.request("HEAD", "/balance", &[("Authorization", &auth)], None);
    assert_eq!(resp.status, 200, "{resp:?}");
}

#[test]
fn unknown_transactions_are_404_not_found() {
    let srv = TestServer::start();
    for id in ["txn_unknown", "txn_01jd3v2k8m9q4r5s6t7v8w9x0y", "whatever"] {
        let resp = srv.get(&format!("/transactions/{id}"), srv.sk());
        let body = assert_error(&resp, 404, "transaction_not_found");
        assert_eq!(body["bp"], "BP-2006", "{id}: {resp:?}");
    }
}

// ---------------------------------------------------------------------------
// The CLI and the lifecycle of a data dir
// ---------------------------------------------------------------------------

#[test]
fn init_on_an_initialised_dir_fails_and_keeps_the_original_keys() {
    let (srv, (again, keys_again)) = TestServer::start_with(|dir| {
        let again = paygate(&["init", "--data-dir", dir.to_str().expect("utf-8")]);
        // The server is not running yet: the failure is about the store, not a lock.
        (again, dir.to_path_buf())
    });
    assert!(!again.success(), "a second init succeeded: {again:?}");
    assert!(
        again.stderr.contains("already initialised"),
        "unclear message: {again:?}"
    );
    assert!(
        !again.stdout.contains("sk_test_"),
        "a second init printed keys: {again:?}"
    );
    assert_eq!(keys_again, srv.data_dir);

    let resp = srv.get("/balance", srv.sk());
    assert_eq!(
        resp.status, 200,
        "the original sk key stopped working: {resp:?}"
    );
    let resp = srv.get("/balance", srv.pk());
    assert_error(&resp, 403, "scope_denied"); // known key, just without the scope

    // While the server holds the store, init fails too and changes nothing.
    let busy = paygate(&["init", "--data-dir", srv.data_dir.to_str().expect("utf-8")]);
    assert!(!busy.success(), "init on a served dir succeeded: {busy:?}");
    assert!(!busy.stderr.trim().is_empty(), "no message: {busy:?}");
    let resp = srv.get("/balance", srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
}

#[test]
fn ephemeral_serve_prints_keys_and_keeps_nothing_on_disk() {
    let srv = TestServer::start_ephemeral();
    assert!(srv.secret_key.starts_with("sk_test_"), "{}", srv.ready);
    assert!(srv.publishable_key.starts_with("pk_test_"), "{}", srv.ready);

    let status = srv.get("/status", None);
    assert_eq!(status.status, 200, "{status:?}");
    assert_eq!(status.body["store"]["backend"], "memory", "{status:?}");
    assert_eq!(status.body["operating_state"], "normal", "{status:?}");

    let balance = srv.get("/balance", srv.sk());
    assert_eq!(balance.status, 200, "{balance:?}");
    assert_eq!(balance.body["livemode"], false, "{balance:?}");

    assert!(
        !srv.data_dir.exists(),
        "--ephemeral created {}",
        srv.data_dir.display()
    );
}

#[test]
fn a_restart_prints_no_keys_and_the_first_keys_keep_working() {
    let mut srv = TestServer::start();
    let first_keys = srv.ready["keys"].clone();
    assert!(
        first_keys["secret_key"]
            .as_str()
            .is_some_and(|k| k.starts_with("sk_test_")),
        "{}",
        srv.ready
    );
    assert!(
        first_keys["publishable_key"]
            .as_str()
            .is_some_and(|k| k.starts_with("pk_test_")),
        "{}",
        srv.ready
    );
    let resp = srv.get("/balance", srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");

    let ready = srv.restart().clone();
    assert_eq!(ready["ready"], true, "{ready}");
    assert!(
        ready.get("keys").is_none(),
        "a restart printed keys: {ready}"
    );

    let resp = srv.get("/balance", srv.sk());
    assert_eq!(resp.status, 200, "old key after restart: {resp:?}");
    assert_eq!(resp.body["livemode"], false, "{resp:?}");
    let resp = srv.get("/balance", srv.pk());
    assert_error(&resp, 403, "scope_denied");
}

#[test]
fn verify_on_a_fresh_store_passes_with_zero_postings() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("data");

    // No store yet: verify refuses, and does not create one.
    let missing = verify(&dir);
    assert!(
        !missing.success(),
        "verify without a store passed: {missing:?}"
    );
    assert!(missing.stderr.contains("init"), "{missing:?}");
    assert!(!dir.join("paygate.redb").exists());
    assert!(!dir.join("master.key").exists());

    init(&dir);
    let out = verify(&dir);
    assert!(out.success(), "{out:?}");
    let report = out.json();
    assert_eq!(report["postings"], 0, "{report}");
    assert_eq!(report["lines"], 0, "{report}");
    assert_eq!(report["unbalanced_postings"], 0, "{report}");
    assert_eq!(report["balance_mismatches"], 0, "{report}");
    assert_eq!(report["problems"], json!([]), "{report}");

    // And the same after a server was killed on it.
    let srv = TestServer::start();
    assert_eq!(srv.get("/balance", srv.sk()).status, 200);
    let report = srv.stop_and_verify();
    assert_eq!(report["postings"], 0, "{report}");
}

#[test]
fn openapi_command_prints_the_checked_in_schema() {
    let out = paygate(&["openapi"]);
    out.assert_success();
    assert_eq!(
        out.stdout,
        checked_in_openapi(),
        "`paygate openapi` differs from schema/openapi.json"
    );
    let doc = out.json();
    assert!(
        doc["openapi"]
            .as_str()
            .is_some_and(|v| v.starts_with("3.1")),
        "{}",
        doc["openapi"]
    );
}

/// Whether `value` has every required field of `schema` (a component of the
/// served document) and no field the schema does not list.
fn fits(document: &Value, schema_ref: &str, value: &Value) -> bool {
    let name = schema_ref.trim_start_matches("#/components/schemas/");
    let schema = &document["components"]["schemas"][name];
    let (Some(properties), Some(object)) = (schema["properties"].as_object(), value.as_object())
    else {
        return false;
    };
    let required = schema["required"].as_array().cloned().unwrap_or_default();
    required
        .iter()
        .all(|field| field.as_str().is_some_and(|f| object.contains_key(f)))
        && object.keys().all(|key| properties.contains_key(key))
}

/// `data.object` of an event is documented as any of the views events carry;
/// every kind of object the gateway emits fits one of them exactly (its
/// required fields present, no field the view does not list).
#[test]
fn every_event_object_fits_a_documented_view() {
    let srv = TestServer::start_args(&["--sandbox-settlement-ms", "200"]);
    let ik = crate::support::ik;
    let paid = srv.post(
        "/payment_intents",
        srv.sk(),
        &json!({"amount_minor": 5000, "currency": "CDF", "rails": ["mobile_money"],
                "customer_msisdn": "+243000000501", "confirm": true, "reference": "ev-1"}),
        Some(&ik()),
    );
    assert_eq!(paid.status, 201, "{paid:?}");
    let id = paid.body["id"].as_str().expect("id").to_string();
    crate::support::wait_until(
        std::time::Duration::from_secs(10),
        "the payment settles",
        || {
            let intent = srv.get(&format!("/payment_intents/{id}"), srv.sk());
            (intent.body["status"] == "SETTLED").then_some(())
        },
        String::new,
    );
    let posts = [
        (
            "/refunds",
            json!({"payment_intent": id, "amount_minor": 100, "reason": "requested_by_customer"}),
        ),
        (
            "/disputes",
            json!({"payment_intent": id, "amount_minor": 200, "reason": "fraudulent"}),
        ),
        (
            "/checkout_sessions",
            json!({"line_items": [{"name": "Rice", "quantity": 1, "unit_amount_minor": 900}], "currency": "CDF"}),
        ),
        (
            "/payment_links",
            json!({"amount_minor": 700, "currency": "CDF"}),
        ),
        (
            "/money_requests",
            json!({"payer": "+243000000777", "amount_minor": 4200, "currency": "CDF"}),
        ),
        ("/verifications", json!({"reference": "ev-1"})),
    ];
    let mut created = std::collections::BTreeMap::new();
    for (path, body) in posts {
        let resp = srv.post(path, srv.sk(), &body, Some(&ik()));
        assert!(resp.status == 200 || resp.status == 201, "{path}: {resp:?}");
        created.insert(path, resp.body);
    }
    let location = crate::qr::create_location(&srv);
    // Each of these emits an event of its object: expiry, deactivation,
    // cancellation, a new code.
    let follow_ups = [
        (
            format!(
                "/checkout_sessions/{}/expire",
                created["/checkout_sessions"]["id"].as_str().unwrap_or("-")
            ),
            json!({}),
        ),
        (
            format!(
                "/payment_links/{}/deactivate",
                created["/payment_links"]["id"].as_str().unwrap_or("-")
            ),
            json!({}),
        ),
        (
            format!(
                "/money_requests/{}/cancel",
                created["/money_requests"]["code"].as_str().unwrap_or("-")
            ),
            json!({}),
        ),
        (
            "/qr_codes".to_string(),
            json!({"location": location["id"], "currency": "CDF"}),
        ),
    ];
    for (path, body) in follow_ups {
        let resp = srv.post(&path, srv.sk(), &body, Some(&ik()));
        assert!(resp.status == 200 || resp.status == 201, "{path}: {resp:?}");
    }
    let document = srv.get("/openapi.json", None).body;
    let any_of = document["components"]["schemas"]["EventData"]["properties"]["object"]["anyOf"]
        .as_array()
        .cloned()
        .expect("data.object is documented as anyOf");
    let events = srv.get("/events?limit=100", srv.sk());
    assert_eq!(events.status, 200, "{events:?}");
    let mut kinds = std::collections::BTreeSet::new();
    for event in events.body["data"].as_array().expect("data") {
        let object = &event["data"]["object"];
        let fitting = any_of
            .iter()
            .filter_map(|s| s["$ref"].as_str())
            .any(|r| fits(&document, r, object));
        assert!(
            fitting,
            "{} carries an object that fits no documented view: {object}",
            event["type"]
        );
        kinds.insert(object["object"].as_str().unwrap_or("?").to_string());
    }
    for kind in [
        "payment_intent",
        "refund",
        "dispute",
        "checkout_session",
        "payment_link",
        "money_request",
        "verification",
        "qr_code",
    ] {
        assert!(kinds.contains(kind), "no {kind} event among {kinds:?}");
    }
}
