//! Access by construction (issue 44): who may call an operation is declared
//! with it, and the gate refuses a key or a member lacking it before anything
//! is read, replayed or written. One walk over the whole served route table
//! (from the served OpenAPI document, which the route table generates), and
//! the review's three findings where a key or a role moved money it was never
//! given.

use base64::Engine;
use ed25519_dalek::Signer;
use serde_json::{Value, json};

use crate::support::ik;
use crate::support::intents::{body, id_of};
use crate::support::orgs::add_org;
use crate::support::{TestServer, assert_error, create_key, data_of};
use crate::team::{self, OWNER, OWNER_PASSWORD, OWNER_PIN};

/// The roles and what each may do, stated here apart from `src/auth/roles.rs`
/// so that the walk checks the policy rather than repeating the code:
/// `*` every key scope, `*:read` every read scope, else the listed
/// permissions (key scopes and session-only permissions).
const ROLES: &[(&str, &[&str])] = &[
    (
        "owner",
        &[
            "*",
            "api_keys:manage",
            "team:manage",
            "audit_log:read",
            "organisations:manage",
            "fx_rates:manage",
            "transfer_limits:manage",
            "credit_consents:manage",
            "backups:manage",
            "rails:manage",
            "rails:read",
            "self",
        ],
    ),
    (
        "admin",
        &[
            "*",
            "api_keys:manage",
            "team:manage",
            "audit_log:read",
            "fx_rates:manage",
            "rails:read",
            "self",
        ],
    ),
    (
        "developer",
        &[
            "api_keys:manage",
            "webhooks:manage",
            "events:read",
            "payment_intents:read",
            "payment_intents:write",
            "checkout_sessions:write",
            "payment_links:write",
            "qr_codes:read",
            "qr_codes:write",
            "qr:create",
            "payments:create",
            "payments:read",
            "verifications:write",
            "accounts:read",
            "test_clocks:read",
            "test_clocks:write",
            "self",
        ],
    ),
    (
        "finance",
        &[
            "balance:read",
            "settlements:read",
            "settlements:write",
            "payouts:read",
            "payouts:write",
            "payouts:approve",
            "refunds:read",
            "refunds:write",
            "reconciliation:read",
            "reconciliation:write",
            "payment_intents:read",
            "wallets:read",
            "transfers:read",
            "disputes:read",
            "disputes:write",
            "events:read",
            "self",
        ],
    ),
    ("viewer", &["*:read", "self"]),
];

const PASSWORD: &str = "walk-password-Hq7vX2";
const PIN: &str = "615243";

fn role_allows(role: &str, permission: &str, key_scope: bool) -> bool {
    let (_, permissions) = ROLES.iter().find(|(r, _)| *r == role).expect("role");
    permissions.iter().any(|p| {
        *p == permission
            || (*p == "*" && key_scope)
            || (*p == "*:read" && key_scope && permission.ends_with(":read"))
    })
}

/// One served operation as the OpenAPI document declares its access.
struct Declared {
    method: String,
    path: String,
    /// `Some(scope)` for a keyed operation, `None` for a session-only one.
    scope: Option<String>,
    permission: String,
    effect: Option<String>,
}

fn declared_operations(srv: &TestServer) -> Vec<Declared> {
    let document = srv.get("/openapi.json", None).body;
    let mut out = Vec::new();
    for (template, operations) in document["paths"].as_object().expect("paths") {
        for (method, operation) in operations.as_object().expect("operations") {
            let Some(security) = operation["security"].as_array() else {
                continue;
            };
            let Some(first) = security.first().and_then(Value::as_object) else {
                continue; // public
            };
            let (scheme, scopes) = first.iter().next().expect("a scheme");
            let permission = scopes[0]
                .as_str()
                .unwrap_or_else(|| panic!("{method} {template} names no scope: {scopes}"))
                .to_string();
            out.push(Declared {
                method: method.to_ascii_uppercase(),
                path: template
                    .split('/')
                    .map(|s| if s.starts_with('{') { "x0walk" } else { s })
                    .collect::<Vec<_>>()
                    .join("/"),
                scope: (scheme == "api_key").then(|| permission.clone()),
                permission,
                effect: operation["x-paygate-effect"].as_str().map(str::to_string),
            });
        }
    }
    out
}

/// `live`: a session acting in live mode (`Service-Mode: live`); a key's
/// mode is its own.
fn call(srv: &TestServer, op: &Declared, auth: &str, live: bool) -> crate::support::Resp {
    let bearer = format!("Bearer {auth}");
    let mut headers = vec![
        ("Authorization", bearer.as_str()),
        ("Content-Type", "application/json"),
        // Another principal's record under this key would answer 409 if
        // the gate looked it up before refusing.
        ("Idempotency-Key", "walk-shared-key"),
    ];
    if live {
        headers.push(("Service-Mode", "live"));
    }
    let body = (op.method != "GET").then(|| b"{}".to_vec());
    srv.request(&op.method, &op.path, &headers, body)
}

/// Every served operation refuses, before reading, replaying or writing
/// anything: an `rk_` key holding every scope but the operation's (in each
/// mode), any key on a session-only operation, and a member of each role
/// whose role lacks the operation's scope or permission (in each mode).
#[test]
fn every_operation_refuses_a_key_or_member_without_its_scope_or_role_before_anything_else() {
    let (srv, keys) = TestServer::start_with(|dir| {
        for (role, _) in ROLES {
            team::add_user(dir, &format!("{role}@walk.example"), role, PASSWORD, PIN);
        }
        // Every scope some operation names, as the checked-in document
        // (the served one, `foundation::` checks) declares them.
        let document: Value =
            serde_json::from_str(&crate::support::checked_in_openapi()).expect("openapi");
        let named: std::collections::BTreeSet<String> = document["paths"]
            .as_object()
            .expect("paths")
            .values()
            .flat_map(|ops| ops.as_object().expect("operations").values())
            .filter_map(|op| op["security"][0]["api_key"][0].as_str().map(str::to_string))
            .collect();
        let scopes: Vec<&str> = named.iter().map(String::as_str).collect();
        let mut keys = Vec::new();
        for &lacking in &scopes {
            let others: Vec<&str> = scopes.iter().copied().filter(|s| *s != lacking).collect();
            for mode in ["test", "live"] {
                keys.push((
                    lacking.to_string(),
                    mode == "live",
                    create_key(dir, "rk", mode, &others),
                ));
            }
        }
        let all_scopes = create_key(dir, "rk", "test", &scopes);
        assert!(scopes.len() > 30, "only {} scopes named", scopes.len());
        (keys, all_scopes, named)
    });
    let (lacking_keys, all_scopes, known_scopes) = keys;
    let operations = declared_operations(&srv);
    assert!(
        operations.len() > 150,
        "only {} keyed operations",
        operations.len()
    );
    for op in &operations {
        if let Some(scope) = &op.scope {
            assert!(
                known_scopes.contains(scope),
                "{} {}: scope {scope} is not walked",
                op.method,
                op.path
            );
        }
        if op.effect.is_some() {
            // A member's decision (`member(scope)`, issue 47) is declared
            // as a session operation whose permission is a key scope.
            assert!(
                op.scope.is_some() || known_scopes.contains(&op.permission),
                "{} {} moves money without a scope",
                op.method,
                op.path
            );
        }
    }
    // An idempotency record of the organisation's sk_ key under the key the walk sends.
    let made = srv.post(
        "/payment_intents",
        srv.sk(),
        &body(json!({})),
        Some("walk-shared-key"),
    );
    assert_eq!(made.status, 201, "{made:?}");
    let events_before = data_of(&srv.get("/events?limit=200", srv.sk())).clone();

    let mut refused = 0;
    for op in &operations {
        match &op.scope {
            Some(scope) => {
                for (lacking, live, key) in &lacking_keys {
                    if lacking != scope {
                        continue;
                    }
                    let _ = live;
                    let resp = call(&srv, op, key, false);
                    assert_error(&resp, 403, "scope_denied");
                    refused += 1;
                }
            }
            None => {
                let resp = call(&srv, op, &all_scopes, false);
                assert_error(&resp, 403, "session_required");
                refused += 1;
            }
        }
    }
    for (role, _) in ROLES {
        let session = team::login(&srv, &format!("{role}@walk.example"), PASSWORD);
        for op in &operations {
            let key_scope = op.scope.is_some() || known_scopes.contains(&op.permission);
            if role_allows(role, &op.permission, key_scope) {
                continue;
            }
            for live in [false, true] {
                let resp = call(&srv, op, &session, live);
                let error = assert_error(&resp, 403, "role_denied");
                assert!(
                    error["message"].as_str().is_some_and(|m| m.contains(role)),
                    "{} {} as {role}: {error}",
                    op.method,
                    op.path
                );
                refused += 1;
            }
        }
    }
    assert!(refused > 400, "only {refused} refusals checked");
    // Nothing was written: no event appeared.
    let events_after = data_of(&srv.get("/events?limit=200", srv.sk())).clone();
    assert_eq!(events_before, events_after);
}

/// Issue 44 finding 1: a key without a money scope pays no diaspora quote,
/// registers no payer device and syncs no promise; `offline:write` and
/// `diaspora:write` are the scopes, and a developer cannot mint them.
#[test]
fn offline_and_diaspora_operations_need_their_own_scopes() {
    let (srv, events_only) =
        TestServer::start_with(|dir| create_key(dir, "rk", "test", &["events:read"]));
    let key = Some(events_only.as_str());
    let spki = device_spki(&ed25519_dalek::SigningKey::from_bytes(&[5; 32]));
    for (method, path, body) in [
        ("POST", "/diaspora/quotes", json!({})),
        ("POST", "/diaspora/quotes/dq_x0walk/pay", json!({})),
        (
            "POST",
            "/offline/devices",
            json!({"device_id": "phone-one", "public_key": spki}),
        ),
        ("POST", "/offline/nonces", json!({"device_id": "phone-one"})),
        ("POST", "/offline/sync", json!({"promises": []})),
        ("GET", "/offline/promises", json!(null)),
    ] {
        let resp = if method == "GET" {
            srv.get(path, key)
        } else {
            srv.post(path, key, &body, Some(&ik()))
        };
        let error = assert_error(&resp, 403, "scope_denied");
        let scope = if path.starts_with("/diaspora") {
            "diaspora:write"
        } else if method == "GET" {
            "offline:read"
        } else {
            "offline:write"
        };
        assert!(
            error["message"].as_str().is_some_and(|m| m.contains(scope)),
            "{path}: {error}"
        );
    }
    // Nothing was registered: the secret key finds no device to fetch nonces for.
    let nonces = srv.post(
        "/offline/nonces",
        srv.sk(),
        &json!({"device_id": "phone-one"}),
        Some(&ik()),
    );
    assert_eq!(
        assert_error(&nonces, 400, "validation_error")["param"],
        "device_id"
    );
    drop(srv);

    let srv = team::start(&[]);
    let dev = team::login(&srv, team::DEV, team::DEV_PASSWORD);
    for scope in ["offline:write", "diaspora:write", "transfers:write"] {
        let minted = srv.post(
            "/api_keys",
            Some(&dev),
            &json!({"kind": "rk", "mode": "test", "scopes": [scope]}),
            None,
        );
        assert_eq!(minted.status, 403, "{scope}: {minted:?}");
    }
}

fn device_spki(key: &ed25519_dalek::SigningKey) -> String {
    // SubjectPublicKeyInfo for ed25519: a fixed 12-byte prefix and the raw key.
    let mut der = vec![
        0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00,
    ];
    der.extend(key.verifying_key().as_bytes());
    base64::engine::general_purpose::STANDARD.encode(der)
}

fn raw_b64(key: &ed25519_dalek::SigningKey) -> String {
    base64::engine::general_purpose::STANDARD.encode(key.verifying_key().as_bytes())
}

/// Issue 44 findings 1 and 10: a registration never takes over a device id
/// (rotating needs the current key's signature), another organisation's ids
/// are its own (no squatting, no oracle), and an organisation's devices are
/// bounded.
#[test]
fn a_device_id_is_the_organisations_own_and_rotates_only_with_its_current_key() {
    let (srv, beta) = TestServer::start_with(|dir| add_org(dir, "@beta", "owner@beta.example"));
    let b_key = beta["keys"]["secret_key"].as_str().expect("sk").to_string();
    let first = ed25519_dalek::SigningKey::from_bytes(&[11; 32]);
    let second = ed25519_dalek::SigningKey::from_bytes(&[12; 32]);
    let register =
        |key: Option<&str>, id: &str, public: &ed25519_dalek::SigningKey, sig: Option<String>| {
            let mut input = json!({"device_id": id, "public_key": device_spki(public)});
            if let Some(sig) = sig {
                input["rotation_signature"] = json!(sig);
            }
            srv.post("/offline/devices", key, &input, Some(&ik()))
        };
    let made = register(srv.sk(), "till-0001", &first, None);
    assert_eq!(made.status, 201, "{made:?}");
    assert_eq!(made.body["rotated"], false);
    // B names a device the same: its own, nothing learnt, nothing taken.
    let b_made = register(Some(&b_key), "till-0001", &second, None);
    assert_eq!(b_made.status, 201, "{b_made:?}");
    assert_eq!(b_made.body["rotated"], false);
    // Registering the id again is no rotation without the current key's signature.
    let taken = register(srv.sk(), "till-0001", &second, None);
    assert_eq!(
        assert_error(&taken, 403, "device_taken")["param"],
        "rotation_signature"
    );
    let message = format!("paygate-device-rotation|till-0001|{}", raw_b64(&second));
    let forged = second.sign(message.as_bytes());
    let wrong = register(
        srv.sk(),
        "till-0001",
        &second,
        Some(base64::engine::general_purpose::STANDARD.encode(forged.to_bytes())),
    );
    assert_error(&wrong, 403, "device_taken");
    let signed = first.sign(message.as_bytes());
    let rotated = register(
        srv.sk(),
        "till-0001",
        &second,
        Some(base64::engine::general_purpose::STANDARD.encode(signed.to_bytes())),
    );
    assert_eq!(rotated.status, 201, "{rotated:?}");
    assert_eq!(rotated.body["rotated"], true);
    // At most 1,000 devices per organisation and mode.
    for n in 1..1_000 {
        let resp = register(srv.sk(), &format!("pos-{n:04}"), &first, None);
        assert_eq!(resp.status, 201, "{n}: {resp:?}");
    }
    let over = register(srv.sk(), "pos-1000", &first, None);
    assert_eq!(
        assert_error(&over, 409, "device_limit")["param"],
        "device_id"
    );
    // B's bound is its own.
    let b_more = register(Some(&b_key), "pos-1000", &first, None);
    assert_eq!(b_more.status, 201, "{b_more:?}");
}

/// Issue 44 finding 2: paying another organisation's intent from the wallet
/// is spending: a developer's session, or a key made to create payments,
/// is refused before the intent is read; a live session needs its PIN.
#[test]
fn paying_from_the_wallet_needs_the_spending_scope_and_a_live_step_up() {
    let (srv, (beta, checkout_key)) = TestServer::start_with(|dir| {
        team::add_user(dir, OWNER, "owner", OWNER_PASSWORD, OWNER_PIN);
        team::add_user(
            dir,
            team::DEV,
            "developer",
            team::DEV_PASSWORD,
            team::DEV_PIN,
        );
        let beta = add_org(dir, "@beta", "owner@beta.example");
        (
            beta,
            create_key(
                dir,
                "rk",
                "test",
                &["payment_intents:write", "payment_intents:read"],
            ),
        )
    });
    let b_key = beta["keys"]["secret_key"].as_str().expect("sk").to_string();
    // B asks to be paid from a wallet.
    let b_intent = srv.post(
        "/payment_intents",
        Some(&b_key),
        &body(json!({"rails": ["wallet"]})),
        Some(&ik()),
    );
    assert_eq!(b_intent.status, 201, "{b_intent:?}");
    let id = id_of(&b_intent.body);
    let url = b_intent.body["checkout_url"].as_str().expect("url");
    let token = url
        .split("t=")
        .nth(1)
        .expect("t")
        .split('&')
        .next()
        .expect("t");
    let pay = json!({"rail": "wallet", "checkout_token": token});
    let confirm = |auth: &str, input: &Value, live: bool| {
        let bearer = format!("Bearer {auth}");
        let key = ik();
        let mut headers = vec![
            ("Authorization", bearer.as_str()),
            ("Content-Type", "application/json"),
            ("Idempotency-Key", key.as_str()),
        ];
        if live {
            headers.push(("Service-Mode", "live"));
        }
        srv.request(
            "POST",
            &format!("/payment_intents/{id}/confirm"),
            &headers,
            Some(serde_json::to_vec(input).expect("json")),
        )
    };
    let balance_before = srv.get("/balance", srv.sk()).body;
    let status_before = srv
        .get(&format!("/payment_intents/{id}"), Some(&b_key))
        .body["status"]
        .clone();
    let dev = team::login(&srv, team::DEV, team::DEV_PASSWORD);
    let error = assert_error(&confirm(&dev, &pay, false), 403, "role_denied").clone();
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|m| m.contains("transfers:write")),
        "{error}"
    );
    let error = assert_error(&confirm(&checkout_key, &pay, false), 403, "scope_denied").clone();
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|m| m.contains("transfers:write")),
        "{error}"
    );
    let pk = srv.pk().expect("pk").to_string();
    assert_error(&confirm(&pk, &pay, false), 403, "scope_denied");
    // A live session of an owner pays only with its PIN; refused before reading anything.
    let owner = team::login(&srv, OWNER, OWNER_PASSWORD);
    let live = assert_error(&confirm(&owner, &pay, true), 403, "step_up_required").clone();
    assert_eq!(live["param"], "pin");
    assert_eq!(srv.get("/balance", srv.sk()).body, balance_before);
    assert_eq!(
        srv.get(&format!("/payment_intents/{id}"), Some(&b_key))
            .body["status"],
        status_before
    );
    // The owner's test session may spend: the attempt runs (and fails for want of funds).
    let paid = confirm(&owner, &pay, false);
    assert_eq!(paid.status, 200, "{paid:?}");
    assert_eq!(
        paid.body["last_attempt"]["failure_reason"],
        "insufficient_funds"
    );
}
