//! Team members, sessions, API key management with step-up, the audit log,
//! and secrets at rest (issue 6).

use serde_json::{Value, json};

use crate::support::{TestServer, assert_error, paygate};

pub const OWNER: &str = "owner@example.com";
pub const OWNER_PASSWORD: &str = "owner-password-Zq8xv3";
pub const OWNER_PIN: &str = "482913";
pub const DEV: &str = "dev@example.com";
pub const DEV_PASSWORD: &str = "developer-password-Kp2";
pub const DEV_PIN: &str = "771100";

pub fn add_user(dir: &std::path::Path, email: &str, role: &str, password: &str, pin: &str) {
    let d = dir.to_str().expect("utf-8 path");
    paygate(&[
        "users",
        "add",
        "--data-dir",
        d,
        "--email",
        email,
        "--role",
        role,
        "--password",
        password,
        "--pin",
        pin,
    ])
    .assert_success();
}

/// A server with an owner and a developer of known credentials.
pub fn start(args: &[&str]) -> TestServer {
    let (srv, ()) = TestServer::start_with_args(args, |dir| {
        add_user(dir, OWNER, "owner", OWNER_PASSWORD, OWNER_PIN);
        add_user(dir, DEV, "developer", DEV_PASSWORD, DEV_PIN);
    });
    srv
}

pub fn login(srv: &TestServer, email: &str, password: &str) -> String {
    let resp = srv.post(
        "/sessions",
        None,
        &json!({ "email": email, "password": password }),
        None,
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    let token = resp.body["token"].as_str().expect("token").to_string();
    assert!(token.starts_with("sess_"), "{token}");
    token
}

fn delete(srv: &TestServer, path: &str, key: &str) -> crate::support::Resp {
    let auth = format!("Bearer {key}");
    srv.request("DELETE", path, &[("Authorization", auth.as_str())], None)
}

fn create_key(srv: &TestServer, session: &str, body: Value) -> Value {
    let resp = srv.post("/api_keys", Some(session), &body, None);
    assert_eq!(resp.status, 201, "{resp:?}");
    resp.body
}

fn actions(srv: &TestServer, session: &str) -> Vec<String> {
    let resp = srv.get("/audit_log?limit=100", Some(session));
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|e| e["action"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn login_logout_and_session_expiry() {
    let srv = start(&["--session-idle-secs", "2", "--session-ttl-secs", "3"]);
    let bad = srv.post(
        "/sessions",
        None,
        &json!({ "email": OWNER, "password": "wrong password!!" }),
        None,
    );
    assert_error(&bad, 401, "invalid_credentials");
    let unknown = srv.post(
        "/sessions",
        None,
        &json!({ "email": "nobody@example.com", "password": "whatever password" }),
        None,
    );
    assert_error(&unknown, 401, "invalid_credentials");

    let token = login(&srv, OWNER, OWNER_PASSWORD);
    let me = srv.get("/sessions/current", Some(&token));
    assert_eq!(me.status, 200, "{me:?}");
    assert_eq!(me.body["member"]["email"], OWNER, "{me:?}");
    assert_eq!(me.body["member"]["role"], "owner", "{me:?}");
    assert!(me.body.get("token").is_none(), "{me:?}");
    assert!(!me.text.contains("password_hash"), "{me:?}");

    let out = delete(&srv, "/sessions/current", &token);
    assert_eq!(out.status, 204, "{out:?}");
    assert_error(&srv.get("/api_keys", Some(&token)), 401, "session_expired");

    // Idle timeout (2 s) and absolute lifetime (3 s).
    let idle = login(&srv, OWNER, OWNER_PASSWORD);
    std::thread::sleep(std::time::Duration::from_millis(2_300));
    assert_error(&srv.get("/api_keys", Some(&idle)), 401, "session_expired");
    // A session in use outlives its idle timeout but not its absolute
    // lifetime: used every 0.9 s, it still works at 2.7 s (past the 2 s idle
    // window since login, kept by use) and is gone after 3 s.
    let busy = login(&srv, OWNER, OWNER_PASSWORD);
    let started = std::time::Instant::now();
    for _ in 0..4 {
        std::thread::sleep(std::time::Duration::from_millis(900));
        let resp = srv.get("/api_keys", Some(&busy));
        if started.elapsed() < std::time::Duration::from_millis(2_850) {
            assert_eq!(resp.status, 200, "in use, still live: {resp:?}");
        }
    }
    assert_error(&srv.get("/api_keys", Some(&busy)), 401, "session_expired");
    assert_error(
        &srv.get("/api_keys", Some("sess_doesnotexist")),
        401,
        "session_expired",
    );
}

#[test]
fn failed_logins_lock_the_email_out() {
    let srv = start(&[]);
    for _ in 0..4 {
        let r = srv.post(
            "/sessions",
            None,
            &json!({ "email": DEV, "password": "not the password" }),
            None,
        );
        assert_error(&r, 401, "invalid_credentials");
    }
    let fifth = srv.post(
        "/sessions",
        None,
        &json!({ "email": DEV, "password": "not the password" }),
        None,
    );
    assert_error(&fifth, 429, "too_many_attempts");
    // Locked even with the right password now.
    let right = srv.post(
        "/sessions",
        None,
        &json!({ "email": DEV, "password": DEV_PASSWORD }),
        None,
    );
    assert_error(&right, 429, "too_many_attempts");
    // Other members are unaffected.
    login(&srv, OWNER, OWNER_PASSWORD);
}

#[test]
fn keys_are_listed_and_created_by_session_only() {
    let srv = start(&[]);
    assert_error(&srv.get("/api_keys", srv.sk()), 403, "session_required");
    let by_key = srv.post(
        "/api_keys",
        srv.sk(),
        &json!({ "kind": "sk", "mode": "test" }),
        None,
    );
    assert_error(&by_key, 403, "session_required");
    let session = login(&srv, OWNER, OWNER_PASSWORD);
    let list = srv.get("/api_keys", Some(&session));
    assert_eq!(list.status, 200, "{list:?}");
    let data = list.body["data"].as_array().expect("data");
    assert_eq!(data.len(), 2, "{list:?}");
    assert!(data.iter().all(|k| k.get("secret").is_none()), "{list:?}");
    assert!(!list.text.contains(&srv.secret_key), "secrets never listed");

    let created = create_key(
        &srv,
        &session,
        json!({ "kind": "sk", "mode": "test", "label": "ci" }),
    );
    let secret = created["secret"].as_str().expect("secret");
    assert!(secret.starts_with("sk_test_"), "{created}");
    let id = created["id"].as_str().expect("id");
    let rotate_by_key = srv.post(
        &format!("/api_keys/{id}/rotate"),
        Some(secret),
        &json!({}),
        None,
    );
    assert_error(&rotate_by_key, 403, "session_required");
    assert_eq!(srv.get("/balance", Some(secret)).status, 200);
}

#[test]
fn restricted_and_publishable_key_limits() {
    let srv = start(&[]);
    let session = login(&srv, OWNER, OWNER_PASSWORD);
    let rk = create_key(
        &srv,
        &session,
        json!({ "kind": "rk", "mode": "test", "scopes": ["payment_intents:read"] }),
    );
    let rk = rk["secret"].as_str().expect("secret").to_string();
    assert!(rk.starts_with("rk_test_"));
    assert_eq!(srv.get("/payment_intents", Some(&rk)).status, 200);
    assert_error(&srv.get("/balance", Some(&rk)), 403, "scope_denied");
    let unknown = srv.post(
        "/api_keys",
        Some(&session),
        &json!({ "kind": "rk", "mode": "test", "scopes": ["nope:read"] }),
        None,
    );
    assert_eq!(
        assert_error(&unknown, 400, "validation_error")["param"],
        "scopes"
    );
    let pk_with_scopes = srv.post(
        "/api_keys",
        Some(&session),
        &json!({ "kind": "pk", "mode": "test", "scopes": ["balance:read"] }),
        None,
    );
    assert_error(&pk_with_scopes, 400, "validation_error");
    let pk = create_key(&srv, &session, json!({ "kind": "pk", "mode": "test" }));
    assert_eq!(pk["scopes"], json!(["payment_intents:write"]), "{pk}");
    let pk = pk["secret"].as_str().expect("secret").to_string();
    assert_error(&srv.get("/payment_intents", Some(&pk)), 403, "scope_denied");
    assert_error(&srv.get("/api_keys", Some(&pk)), 403, "scope_denied");
}

#[test]
fn allowlists_refuse_other_addresses() {
    let srv = start(&[]);
    let session = login(&srv, OWNER, OWNER_PASSWORD);
    let outside = create_key(
        &srv,
        &session,
        json!({ "kind": "sk", "mode": "test", "allowlist": ["203.0.113.0/24"] }),
    );
    let inside = create_key(
        &srv,
        &session,
        json!({ "kind": "sk", "mode": "test", "allowlist": ["127.0.0.1", "10.0.0.0/8"] }),
    );
    assert_eq!(
        inside["allowlist"],
        json!(["127.0.0.1/32", "10.0.0.0/8"]),
        "{inside}"
    );
    let refused = srv.get("/balance", outside["secret"].as_str());
    assert_error(&refused, 403, "ip_not_allowed");
    assert_eq!(srv.get("/balance", inside["secret"].as_str()).status, 200);
    let bad = srv.post(
        "/api_keys",
        Some(&session),
        &json!({ "kind": "sk", "mode": "test", "allowlist": ["not-an-ip"] }),
        None,
    );
    assert_eq!(
        assert_error(&bad, 400, "validation_error")["param"],
        "allowlist[0]"
    );
}

#[test]
fn live_rotation_needs_the_pin_and_revokes_the_old_secret() {
    let srv = start(&[]);
    let session = login(&srv, OWNER, OWNER_PASSWORD);
    let live = create_key(
        &srv,
        &session,
        json!({ "kind": "rk", "mode": "live", "label": "server", "scopes": ["balance:read"], "allowlist": ["127.0.0.0/8"], "pin": OWNER_PIN }),
    );
    let id = live["id"].as_str().expect("id");
    let old = live["secret"].as_str().expect("secret").to_string();
    let path = format!("/api_keys/{id}/rotate");
    assert_error(
        &srv.post(&path, Some(&session), &json!({}), None),
        403,
        "step_up_required",
    );
    assert_error(
        &srv.post(&path, Some(&session), &json!({ "pin": "000000" }), None),
        403,
        "step_up_required",
    );
    assert_eq!(
        srv.get("/balance", Some(&old)).status,
        200,
        "old key still works"
    );
    let rotated = srv.post(&path, Some(&session), &json!({ "pin": OWNER_PIN }), None);
    assert_eq!(rotated.status, 200, "{rotated:?}");
    let new = rotated.body["secret"].as_str().expect("secret");
    assert!(new.starts_with("rk_live_") && new != old, "{rotated:?}");
    for field in ["label", "kind", "scopes", "allowlist", "livemode"] {
        assert_eq!(rotated.body[field], live[field], "{field}");
    }
    assert_eq!(rotated.body["rotated_from"], id);
    assert_error(&srv.get("/balance", Some(&old)), 401, "invalid_api_key");
    assert_eq!(srv.get("/balance", Some(new)).status, 200);

    // A test key rotates without step-up; revoking stops a key at once.
    let test = create_key(&srv, &session, json!({ "kind": "sk", "mode": "test" }));
    let rotated = srv.post(
        &format!("/api_keys/{}/rotate", test["id"].as_str().expect("id")),
        Some(&session),
        &json!({}),
        None,
    );
    assert_eq!(rotated.status, 200, "{rotated:?}");
    let new_id = rotated.body["id"].as_str().expect("id");
    let revoked = srv.post(
        &format!("/api_keys/{new_id}/revoke"),
        Some(&session),
        &json!({}),
        None,
    );
    assert_eq!(revoked.status, 200, "{revoked:?}");
    assert_eq!(revoked.body["status"], "revoked");
    assert_error(
        &srv.get("/balance", rotated.body["secret"].as_str()),
        401,
        "invalid_api_key",
    );
}

#[test]
fn repeated_bad_pins_lock_step_up() {
    let srv = start(&[]);
    let session = login(&srv, OWNER, OWNER_PASSWORD);
    let live = create_key(
        &srv,
        &session,
        json!({ "kind": "sk", "mode": "live", "pin": OWNER_PIN }),
    );
    let path = format!("/api_keys/{}/rotate", live["id"].as_str().expect("id"));
    for _ in 0..4 {
        let r = srv.post(&path, Some(&session), &json!({ "pin": "111111" }), None);
        assert_error(&r, 403, "step_up_required");
    }
    let fifth = srv.post(&path, Some(&session), &json!({ "pin": "111111" }), None);
    assert_error(&fifth, 429, "too_many_attempts");
    let right = srv.post(&path, Some(&session), &json!({ "pin": OWNER_PIN }), None);
    assert_error(&right, 429, "too_many_attempts");
    // Persisted: still locked after a restart.
    let mut srv = srv;
    srv.restart();
    let session = login(&srv, OWNER, OWNER_PASSWORD);
    let after = srv.post(&path, Some(&session), &json!({ "pin": OWNER_PIN }), None);
    assert_error(&after, 429, "too_many_attempts");
}

#[test]
fn the_developer_role_has_its_limits() {
    let srv = start(&[]);
    let dev = login(&srv, DEV, DEV_PASSWORD);
    // Keys, webhooks and payments: yes.
    assert_eq!(srv.get("/api_keys", Some(&dev)).status, 200);
    let rk = create_key(
        &srv,
        &dev,
        json!({ "kind": "rk", "mode": "test", "scopes": ["payment_intents:write"] }),
    );
    assert!(rk["secret"].as_str().is_some());
    let hook = srv.post(
        "/webhook_endpoints",
        Some(&dev),
        &json!({ "url": "https://example.com/hook" }),
        None,
    );
    assert_eq!(hook.status, 201, "{hook:?}");
    let pi = srv.post(
        "/payment_intents",
        Some(&dev),
        &json!({ "amount_minor": 1000, "currency": "CDF" }),
        Some("dev-pi-1"),
    );
    assert_eq!(pi.status, 201, "{pi:?}");
    // Settlement, payouts, balances, team, audit, stronger keys: no.
    assert_error(&srv.get("/balance", Some(&dev)), 403, "role_denied");
    assert_error(&srv.get("/team/members", Some(&dev)), 403, "role_denied");
    assert_error(&srv.get("/audit_log", Some(&dev)), 403, "role_denied");
    let sk = srv.post(
        "/api_keys",
        Some(&dev),
        &json!({ "kind": "sk", "mode": "test" }),
        None,
    );
    assert_error(&sk, 403, "role_denied");
    let payouts_key = srv.post(
        "/api_keys",
        Some(&dev),
        &json!({ "kind": "rk", "mode": "test", "scopes": ["payouts:write"] }),
        None,
    );
    assert_error(&payouts_key, 403, "role_denied");
    // The developer cannot rotate the owner's default sk key either.
    let owner = login(&srv, OWNER, OWNER_PASSWORD);
    let keys = srv.get("/api_keys", Some(&owner));
    let sk_id = keys.body["data"]
        .as_array()
        .expect("data")
        .iter()
        .find(|k| k["kind"] == "sk")
        .and_then(|k| k["id"].as_str())
        .expect("an sk key")
        .to_string();
    let rotate = srv.post(
        &format!("/api_keys/{sk_id}/rotate"),
        Some(&dev),
        &json!({}),
        None,
    );
    assert_error(&rotate, 403, "role_denied");
}

#[test]
fn owners_manage_the_team_and_every_action_is_audited() {
    let srv = start(&[]);
    let owner = login(&srv, OWNER, OWNER_PASSWORD);
    let added = srv.post(
        "/team/members",
        Some(&owner),
        &json!({ "email": "fin@example.com", "role": "finance", "password": "finance-password-1", "pin": "123456" }),
        None,
    );
    assert_eq!(added.status, 201, "{added:?}");
    let fin_id = added.body["id"].as_str().expect("id").to_string();
    assert_eq!(added.body["has_pin"], true);
    let dup = srv.post(
        "/team/members",
        Some(&owner),
        &json!({ "email": "FIN@example.com", "role": "viewer", "password": "another-password-2" }),
        None,
    );
    assert_error(&dup, 409, "member_exists");
    let fin = login(&srv, "fin@example.com", "finance-password-1");
    assert_eq!(srv.get("/balance", Some(&fin)).status, 200);
    assert_error(&srv.get("/api_keys", Some(&fin)), 403, "role_denied");
    let changed = srv.request(
        "PATCH",
        &format!("/team/members/{fin_id}"),
        &[
            ("Authorization", &format!("Bearer {owner}")),
            ("Content-Type", "application/json"),
        ],
        Some(br#"{"role":"viewer"}"#.to_vec()),
    );
    assert_eq!(changed.status, 200, "{changed:?}");
    assert_eq!(changed.body["role"], "viewer");
    // The new role applies at once to the member's open session.
    let write = srv.post(
        "/payment_intents",
        Some(&fin),
        &json!({ "amount_minor": 1000, "currency": "CDF" }),
        Some("viewer-refund"),
    );
    assert_error(&write, 403, "role_denied");
    let disabled = srv.post(
        &format!("/team/members/{fin_id}/disable"),
        Some(&owner),
        &json!({}),
        None,
    );
    assert_eq!(disabled.status, 200, "{disabled:?}");
    assert_error(
        &srv.get("/payment_intents", Some(&fin)),
        401,
        "session_expired",
    );
    let members = srv.get("/team/members", Some(&owner));
    assert_eq!(members.status, 200, "{members:?}");
    assert!(!members.text.contains("argon2"), "{members:?}");

    // Key, webhook and session actions.
    let key = create_key(
        &srv,
        &owner,
        json!({ "kind": "sk", "mode": "live", "pin": OWNER_PIN }),
    );
    let id = key["id"].as_str().expect("id");
    let rotated = srv.post(
        &format!("/api_keys/{id}/rotate"),
        Some(&owner),
        &json!({ "pin": OWNER_PIN }),
        None,
    );
    assert_eq!(rotated.status, 200, "{rotated:?}");
    let revoked = srv.post(
        &format!(
            "/api_keys/{}/revoke",
            rotated.body["id"].as_str().expect("id")
        ),
        Some(&owner),
        &json!({ "pin": OWNER_PIN }),
        None,
    );
    assert_eq!(revoked.status, 200);
    let hook = srv.post(
        "/webhook_endpoints",
        srv.sk(),
        &json!({ "url": "https://example.com/h" }),
        None,
    );
    assert_eq!(hook.status, 201, "{hook:?}");
    let hook_id = hook.body["id"].as_str().expect("id");
    let auth = format!("Bearer {}", srv.secret_key);
    let deleted = srv.request(
        "DELETE",
        &format!("/webhook_endpoints/{hook_id}"),
        &[("Authorization", &auth)],
        None,
    );
    assert_eq!(deleted.status, 200, "{deleted:?}");
    let _ = srv.post(
        "/sessions",
        None,
        &json!({ "email": OWNER, "password": "wrong password here" }),
        None,
    );

    let log = srv.get("/audit_log?limit=100", Some(&owner));
    assert_eq!(log.status, 200, "{log:?}");
    let got = actions(&srv, &owner);
    for action in [
        "team_member.created",
        "team_member.role_changed",
        "team_member.disabled",
        "session.created",
        "session.login_failed",
        "api_key.created",
        "api_key.rotated",
        "api_key.revoked",
        "webhook_endpoint.created",
        "webhook_endpoint.deleted",
    ] {
        assert!(
            got.iter().any(|a| a == action),
            "{action} missing in {got:?}"
        );
    }
    let entries = log.body["data"].as_array().expect("data");
    let rotation = entries
        .iter()
        .find(|e| e["action"] == "api_key.rotated")
        .expect("rotation");
    assert_eq!(rotation["email"], OWNER, "{rotation}");
    assert_eq!(rotation["client_ip"], "127.0.0.1", "{rotation}");
    assert_eq!(rotation["actor_type"], "member", "{rotation}");
    let hook_entry = entries
        .iter()
        .find(|e| e["action"] == "webhook_endpoint.created")
        .expect("hook");
    assert_eq!(hook_entry["actor_type"], "api_key", "{hook_entry}");
    assert!(!log.text.contains("whsec_"), "{log:?}");
}

#[test]
fn no_secret_is_stored_or_logged_in_clear() {
    let srv = start(&[]);
    let session = login(&srv, OWNER, OWNER_PASSWORD);
    // Idempotency keys make the gateway keep the answers that show secrets.
    let key = srv.post(
        "/api_keys",
        Some(&session),
        &json!({ "kind": "sk", "mode": "test" }),
        Some("key-create-1"),
    );
    assert_eq!(key.status, 201, "{key:?}");
    let key_secret = key.body["secret"].as_str().expect("secret").to_string();
    let replay = srv.post(
        "/api_keys",
        Some(&session),
        &json!({ "kind": "sk", "mode": "test" }),
        Some("key-create-1"),
    );
    assert_eq!(replay.text, key.text, "replayed byte for byte");
    let hook = srv.post(
        "/webhook_endpoints",
        Some(&key_secret),
        &json!({ "url": "https://example.com/hook" }),
        Some("hook-create-1"),
    );
    assert_eq!(hook.status, 201, "{hook:?}");
    let whsec = hook.body["secret"].as_str().expect("whsec").to_string();
    assert!(whsec.starts_with("whsec_"));
    let mut srv = srv;
    srv.kill();
    let store = crate::support::stored_bytes(&srv.data_dir);
    let logs = srv.logs();
    for (what, secret) in [
        ("password", OWNER_PASSWORD),
        ("pin", OWNER_PIN),
        ("key secret", key_secret.as_str()),
        ("session token", session.as_str()),
        ("whsec", whsec.as_str()),
        ("default sk", srv.secret_key.as_str()),
    ] {
        let needle = secret.as_bytes();
        assert!(
            !store.windows(needle.len()).any(|w| w == needle),
            "{what} found in the store file"
        );
        assert!(!logs.contains(secret), "{what} found in the logs");
    }
    let master = srv.data_dir.join("master.key");
    assert!(master.exists(), "master.key next to the store");
    srv.restart();
}

/// The edge rows of the API key and member lifecycles, as clients have
/// always seen them: revoking a revoked key answers it unchanged, rotating
/// it is `key_not_found`; disabling a disabled member answers it disabled,
/// and the last active owner is never disabled.
#[test]
fn revoked_keys_and_disabled_members_answer_as_their_lifecycles_say() {
    let srv = start(&[]);
    let session = login(&srv, OWNER, OWNER_PASSWORD);
    let key = create_key(&srv, &session, json!({ "kind": "sk", "mode": "test" }));
    let id = key["id"].as_str().expect("id");
    let revoke = |srv: &TestServer| {
        srv.post(
            &format!("/api_keys/{id}/revoke"),
            Some(&session),
            &json!({}),
            None,
        )
    };
    let first = revoke(&srv);
    assert_eq!(first.status, 200, "{first:?}");
    let again = revoke(&srv);
    assert_eq!(again.status, 200, "{again:?}");
    assert_eq!(again.body, first.body, "unchanged, revoked_at included");
    let rotated = srv.post(
        &format!("/api_keys/{id}/rotate"),
        Some(&session),
        &json!({}),
        None,
    );
    let refused = assert_error(&rotated, 404, "key_not_found");
    assert_eq!(
        refused["message"],
        format!("{id} is revoked; only an active key can be rotated")
    );

    let members = srv.get("/team/members", Some(&session));
    assert_eq!(members.status, 200, "{members:?}");
    let rows = members.body["data"].as_array().expect("data").clone();
    let id_of = |email: &str| {
        rows.iter()
            .find(|m| m["email"] == email)
            .and_then(|m| m["id"].as_str())
            .expect("member")
            .to_string()
    };
    let disable = |id: &str| {
        srv.post(
            &format!("/team/members/{id}/disable"),
            Some(&session),
            &json!({}),
            None,
        )
    };
    let dev = id_of(DEV);
    for _ in 0..2 {
        let disabled = disable(&dev);
        assert_eq!(disabled.status, 200, "{disabled:?}");
        assert_eq!(disabled.body["status"], "disabled", "{disabled:?}");
    }
    // Every other owner disabled, the last one is refused.
    for other in rows
        .iter()
        .filter(|m| m["role"] == "owner" && m["email"] != OWNER)
    {
        let id = other["id"].as_str().expect("id");
        assert_eq!(disable(id).status, 200, "{other}");
    }
    let last = disable(&id_of(OWNER));
    let refused = assert_error(&last, 409, "last_owner");
    assert_eq!(
        refused["message"],
        "this is the last active owner; make another member owner first"
    );
}
