//! FX quotes and the rate table (issue 18 point 3, spec 4.5, O§19).

use std::time::Duration;

use serde_json::{Value, json};

use crate::support::clocks::advance;
use crate::support::ik;
use crate::support::{Resp, TestServer, assert_error, create_key, paygate};
use crate::team::{self, DEV, DEV_PASSWORD, OWNER, OWNER_PASSWORD};

/// Far enough ahead that a rate set in real time is over 24 h old there.
const T0: &str = "2099-01-01T00:00:00Z";

fn quote(srv: &TestServer, key: &str, body: Value) -> Resp {
    srv.post("/fx/quotes", Some(key), &body, Some(&ik()))
}

fn created(srv: &TestServer, key: &str, amount_minor: i64, from: &str, to: &str) -> Value {
    let resp = quote(
        srv,
        key,
        json!({"amount_minor": amount_minor, "currency": from, "target_currency": to}),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    resp.body
}

fn put_rate(srv: &TestServer, token: &str, pair: &str, body: &Value, mode: Option<&str>) -> Resp {
    let auth = format!("Bearer {token}");
    let mut headers = vec![
        ("Authorization", auth.as_str()),
        ("Content-Type", "application/json"),
    ];
    if let Some(mode) = mode {
        headers.push(("Service-Mode", mode));
    }
    let bytes = serde_json::to_vec(body).expect("body");
    srv.request("PUT", &format!("/fx/rates/{pair}"), &headers, Some(bytes))
}

fn rates(srv: &TestServer, key: &str) -> Vec<Value> {
    let resp = srv.get("/fx/rates", Some(key));
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body["data"].as_array().expect("data").clone()
}

fn rate_of<'a>(table: &'a [Value], pair: &str) -> &'a Value {
    table
        .iter()
        .find(|r| r["pair"] == pair)
        .unwrap_or_else(|| panic!("{pair} not in {table:?}"))
}

fn set_rate_offline(dir: &std::path::Path, args: &[&str]) -> crate::support::CliOutput {
    let dir = dir.to_str().expect("utf-8 path");
    let mut all = vec!["fx", "set-rate", "--data-dir", dir];
    all.extend(args);
    paygate(&all)
}

fn attach_clock(srv: &TestServer) -> String {
    let resp = srv.post(
        "/test_clocks",
        srv.sk(),
        &json!({"frozen_time": T0, "attach": true}),
        Some(&ik()),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    resp.body["id"].as_str().expect("id").to_string()
}

/// O§19: fee 80 bps, rate = mid × (1 − 100 bps), recipient = floor((amount − fee) × rate);
/// GET answers the owner only (spec 4.5, 404 for anyone else).
#[test]
fn a_quote_locks_the_sandbox_rate_and_only_its_owner_reads_it() {
    let (srv, (live, reader)) = TestServer::start_with(|dir| {
        (
            create_key(dir, "sk", "live", &[]),
            create_key(dir, "rk", "test", &["transfers:read"]),
        )
    });
    let q = created(&srv, &srv.secret_key, 10_000, "USD", "CDF");
    let id = q["id"].as_str().expect("id");
    assert!(id.starts_with("fxq_"), "{q}");
    assert_eq!(q["object"], "fx_quote");
    assert_eq!(q["status"], "LOCKED");
    assert_eq!(q["guaranteed"], true);
    assert_eq!(
        (q["mid_rate"].as_str(), q["rate"].as_str()),
        (Some("2800"), Some("2772"))
    );
    assert_eq!(
        (q["margin_bps"].as_i64(), q["fee_bps"].as_i64()),
        (Some(100), Some(80))
    );
    // 100.00 USD less an 80 cent fee: 99.20 × 2772 = 274,982.40 CDF.
    assert_eq!(
        (
            q["fee_minor"].as_i64(),
            q["recipient_amount_minor"].as_i64()
        ),
        (Some(80), Some(27_498_240))
    );
    assert_eq!(q["sandbox_rate"], true);
    assert_eq!(q["indicative_reason"], Value::Null);
    assert_eq!(q["used_at"], Value::Null);

    let own = srv.get(&format!("/fx/quotes/{id}"), Some(&reader));
    assert_eq!(own.status, 200, "{own:?}");
    assert_eq!(
        (&own.body["id"], &own.body["status"]),
        (&q["id"], &json!("LOCKED"))
    );
    assert_eq!(
        own.body["recipient_amount_minor"],
        q["recipient_amount_minor"]
    );

    // Another owner (the live side of the organisation) gets the same 404 as an unknown id.
    let other = srv.get(&format!("/fx/quotes/{id}"), Some(&live));
    let body = assert_error(&other, 404, "fx_quote_not_found");
    assert_eq!(body["bp"], "BP-2006");
    assert_error(
        &srv.get("/fx/quotes/fxq_nope", srv.sk()),
        404,
        "fx_quote_not_found",
    );
    assert_error(
        &srv.get("/fx/quotes/pi_nope", srv.sk()),
        404,
        "fx_quote_not_found",
    );

    // transfers:write creates (spec 4.5); transfers:read only reads.
    let denied = quote(
        &srv,
        &reader,
        json!({"amount_minor": 100, "currency": "USD", "target_currency": "CDF"}),
    );
    assert_error(&denied, 403, "scope_denied");
    // Live mode has no default rates: nothing to quote until an operator sets one.
    let no_rate = quote(
        &srv,
        &live,
        json!({"amount_minor": 100, "currency": "USD", "target_currency": "CDF"}),
    );
    let body = assert_error(&no_rate, 422, "fx_rate_unavailable");
    assert_eq!(body["param"], "target_currency");
}

#[test]
fn quote_requests_with_bad_fields_get_400s_naming_the_field() {
    let srv = TestServer::start();
    let sk = srv.secret_key.clone();
    let cases = [
        (
            json!({"amount_minor": 0, "currency": "USD", "target_currency": "CDF"}),
            "invalid_amount",
            "amount_minor",
        ),
        (
            json!({"amount_minor": -5, "currency": "USD", "target_currency": "CDF"}),
            "invalid_amount",
            "amount_minor",
        ),
        (
            json!({"amount_minor": 1_000_000_000_000_001i64, "currency": "USD", "target_currency": "CDF"}),
            "invalid_amount",
            "amount_minor",
        ),
        (
            json!({"amount_minor": "100", "currency": "USD", "target_currency": "CDF"}),
            "validation_error",
            "amount_minor",
        ),
        (
            json!({"amount_minor": 10.5, "currency": "USD", "target_currency": "CDF"}),
            "validation_error",
            "amount_minor",
        ),
        (
            json!({"amount_minor": 100, "currency": "usd", "target_currency": "CDF"}),
            "invalid_currency",
            "currency",
        ),
        (
            json!({"amount_minor": 100, "currency": "USD", "target_currency": "XYZ"}),
            "invalid_currency",
            "target_currency",
        ),
        (
            json!({"amount_minor": 100, "currency": "USD", "target_currency": "USD"}),
            "validation_error",
            "target_currency",
        ),
        (
            json!({"amount_minor": 100, "currency": "USD"}),
            "validation_error",
            "target_currency",
        ),
        (
            json!({"amount_minor": 100, "currency": "USD", "target_currency": "CDF", "rate": "3000"}),
            "validation_error",
            "rate",
        ),
        // One CDF cent converts to less than a US cent: nothing to send (O§19 invalid_amount).
        (
            json!({"amount_minor": 1, "currency": "CDF", "target_currency": "USD"}),
            "invalid_amount",
            "amount_minor",
        ),
    ];
    for (body, code, param) in cases {
        let resp = quote(&srv, &sk, body.clone());
        let error = assert_error(&resp, 400, code);
        assert_eq!(error["param"], param, "{body} → {resp:?}");
    }
    // A currency without any sandbox rate.
    let resp = quote(
        &srv,
        &sk,
        json!({"amount_minor": 100, "currency": "USD", "target_currency": "JPY"}),
    );
    assert_eq!(
        assert_error(&resp, 422, "fx_rate_unavailable")["param"],
        "target_currency"
    );
}

#[test]
fn a_quote_expires_when_the_test_clock_passes_its_120_seconds() {
    let srv = TestServer::start();
    let clock = attach_clock(&srv);
    let q = created(&srv, &srv.secret_key, 2_500, "EUR", "XAF");
    assert_eq!(q["created_at"], "2099-01-01T00:00:00.000Z", "{q}");
    assert_eq!(q["expires_at"], "2099-01-01T00:02:00.000Z", "{q}");
    // The CFA franc's parity with the euro is a direct pair, not a cross through USD.
    assert_eq!(q["mid_rate"], "655.957");
    let id = q["id"].as_str().expect("id");
    let status = || srv.get(&format!("/fx/quotes/{id}"), srv.sk()).body["status"].clone();
    // Real time passes; the sandbox's does not.
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(status(), "LOCKED");
    advance(&srv, &clock, "2099-01-01T00:01:59Z");
    assert_eq!(status(), "LOCKED");
    advance(&srv, &clock, "2099-01-01T00:02:00Z");
    let expired = srv.get(&format!("/fx/quotes/{id}"), srv.sk()).body;
    assert_eq!(expired["status"], "EXPIRED", "{expired}");
    assert_eq!(
        expired["guaranteed"], true,
        "it was locked until its expiry"
    );
}

#[test]
fn stale_rates_and_amounts_over_the_lockable_maximum_quote_indicative() {
    let (srv, out) = TestServer::start_with(|dir| set_rate_offline(dir, &["USD-KES", "131.25"]));
    out.assert_success();
    // Fresh now: the rate an operator set locks.
    let fresh = created(&srv, &srv.secret_key, 10_000, "USD", "KES");
    assert_eq!(
        (&fresh["status"], &fresh["mid_rate"], &fresh["sandbox_rate"]),
        (&json!("LOCKED"), &json!("131.25"), &json!(false))
    );
    // Over USD 100,000: not guaranteed.
    let big = created(&srv, &srv.secret_key, 10_000_001, "USD", "CDF");
    assert_eq!(
        (
            &big["status"],
            &big["indicative_reason"],
            &big["guaranteed"]
        ),
        (
            &json!("INDICATIVE"),
            &json!("amount_above_lock_max"),
            &json!(false)
        )
    );
    // In 2099 the rate set today is over 24 h old; the built-in ones never age.
    attach_clock(&srv);
    let stale = created(&srv, &srv.secret_key, 10_000, "USD", "KES");
    assert_eq!(
        (&stale["status"], &stale["indicative_reason"]),
        (&json!("INDICATIVE"), &json!("rate_stale"))
    );
    let built_in = created(&srv, &srv.secret_key, 10_000, "USD", "CDF");
    assert_eq!(built_in["status"], "LOCKED");
    let table = rates(&srv, &srv.secret_key);
    assert_eq!(rate_of(&table, "USD-KES")["stale"], true);
    assert_eq!(rate_of(&table, "USD-CDF")["stale"], false);
}

#[test]
fn owners_set_rates_in_a_session_stamped_and_audited_and_new_quotes_use_them() {
    let srv = team::start(&[]);
    let owner = team::login(&srv, OWNER, OWNER_PASSWORD);
    let set = put_rate(
        &srv,
        &owner,
        "USD-KES",
        &json!({"rate": "131.25", "margin_bps": 50}),
        None,
    );
    assert_eq!(set.status, 200, "{set:?}");
    assert_eq!(
        (
            &set.body["pair"],
            &set.body["mid_rate"],
            &set.body["margin_bps"]
        ),
        (&json!("USD-KES"), &json!("131.25"), &json!(50))
    );
    assert_eq!(
        (
            &set.body["source"],
            &set.body["updated_by"],
            &set.body["livemode"]
        ),
        (&json!("operator"), &json!(OWNER), &json!(false))
    );
    assert!(set.body["updated_at"].is_string(), "{set:?}");

    let table = rates(&srv, &srv.secret_key);
    assert_eq!(rate_of(&table, "USD-KES")["mid_rate"], "131.25");
    assert_eq!(rate_of(&table, "USD-CDF")["source"], "sandbox_default");
    let q = created(&srv, &srv.secret_key, 10_000, "USD", "KES");
    // 131.25 less 50 bps = 130.59375; 99.20 × 130.59375 = 12,954.9 KES → 12,954.90.
    assert_eq!(
        (&q["mid_rate"], &q["margin_bps"], &q["rate"]),
        (&json!("131.25"), &json!(50), &json!("130.59375"))
    );
    assert_eq!(q["recipient_amount_minor"], 1_295_490);

    let audit = srv.get("/audit_log?limit=50", Some(&owner));
    let entry = audit.body["data"]
        .as_array()
        .and_then(|d| d.iter().find(|e| e["action"] == "fx_rate.updated").cloned())
        .unwrap_or_else(|| panic!("no fx_rate.updated in {audit:?}"));
    assert_eq!(entry["target"], "USD-KES", "{entry}");

    // The session's mode picks the table: a live rate leaves the sandbox's alone.
    let live = put_rate(
        &srv,
        &owner,
        "USD-CDF",
        &json!({"rate": "2850"}),
        Some("live"),
    );
    assert_eq!(
        (
            live.status,
            &live.body["livemode"],
            &live.body["margin_bps"]
        ),
        (200, &json!(true), &json!(100)),
        "{live:?}"
    );
    assert_eq!(
        rate_of(&rates(&srv, &srv.secret_key), "USD-CDF")["mid_rate"],
        "2800"
    );

    // Session only, owners and admins only.
    let developer = team::login(&srv, DEV, DEV_PASSWORD);
    assert_error(
        &put_rate(&srv, &developer, "USD-KES", &json!({"rate": "1"}), None),
        403,
        "role_denied",
    );
    assert_error(
        &put_rate(
            &srv,
            &srv.secret_key,
            "USD-KES",
            &json!({"rate": "1"}),
            None,
        ),
        403,
        "session_required",
    );

    let bad = [
        ("USD-KES", json!({"rate": "abc"}), "rate"),
        ("USD-KES", json!({"rate": 131.25}), "rate"),
        ("USD-KES", json!({"rate": "0"}), "rate"),
        (
            "USD-KES",
            json!({"rate": "131", "margin_bps": 5000}),
            "margin_bps",
        ),
        ("USD-KES", json!({"margin_bps": 10}), "rate"),
        ("USD-USD", json!({"rate": "1"}), "pair"),
        ("USDKES", json!({"rate": "1"}), "pair"),
        // One rate per two currencies: the sandbox's USD-CDF already holds this one.
        ("CDF-USD", json!({"rate": "0.00035"}), "pair"),
    ];
    for (pair, body, param) in bad {
        let resp = put_rate(&srv, &owner, pair, &body, None);
        assert_eq!(resp.status, 400, "{pair} {body} → {resp:?}");
        assert_eq!(resp.body["param"], param, "{pair} {body} → {resp:?}");
    }
    assert_eq!(
        rate_of(&rates(&srv, &srv.secret_key), "USD-KES")["mid_rate"],
        "131.25",
        "refusals change nothing"
    );
}

#[test]
fn the_offline_cli_sets_a_live_rate_that_live_quotes_use() {
    let (srv, (live, set)) = TestServer::start_with(|dir| {
        let live = create_key(dir, "sk", "live", &[]);
        let out = set_rate_offline(
            dir,
            &["USD-CDF", "2850.5", "--mode", "live", "--margin-bps", "150"],
        );
        out.assert_success();
        let refused = set_rate_offline(dir, &["USD-CDF", "2,850", "--mode", "live"]);
        assert!(!refused.success(), "{refused:?}");
        assert!(
            refused.stderr.contains("rate must be a decimal"),
            "{refused:?}"
        );
        (live, out.json())
    });
    assert_eq!(
        (&set["pair"], &set["mid_rate"], &set["margin_bps"]),
        (&json!("USD-CDF"), &json!("2850.5"), &json!(150))
    );
    assert_eq!(
        (&set["updated_by"], &set["livemode"], &set["source"]),
        (&json!("cli"), &json!(true), &json!("operator"))
    );
    let q = created(&srv, &live, 10_000, "USD", "CDF");
    assert_eq!(
        (&q["livemode"], &q["mid_rate"], &q["rate"]),
        (&json!(true), &json!("2850.5"), &json!("2807.7425"))
    );
    assert_eq!(q["status"], "LOCKED");
    // Through the inverse: CDF → USD at 1 / 2850.5 less 150 bps.
    let back = created(&srv, &live, 2_850_500, "CDF", "USD");
    assert_eq!(back["mid_rate"], "0.000350815646377828");
    assert_eq!(
        created(&srv, &srv.secret_key, 10_000, "USD", "CDF")["mid_rate"],
        "2800",
        "the sandbox keeps its own"
    );
    let table = rates(&srv, &live);
    assert_eq!(table.len(), 1, "{table:?}");
    assert_eq!(table[0]["updated_by"], "cli");
}

/// Issue 18 point 0 meets point 3: the table is the gateway's; a hosted organisation's owner may
/// not set it, and its keys do not see the gateway organisation's quotes.
#[test]
fn another_organisations_owner_may_not_set_the_gateways_rates_nor_read_its_quotes() {
    let (srv, b) = TestServer::start_with(|dir| {
        team::add_user(dir, OWNER, "owner", OWNER_PASSWORD, team::OWNER_PIN);
        crate::support::orgs::add_org(dir, "@beta", "owner@beta.example")
    });
    let b_key = b["keys"]["secret_key"].as_str().expect("sk");
    let b_owner = team::login(
        &srv,
        b["owner"]["email"].as_str().expect("email"),
        b["owner"]["password"].as_str().expect("password"),
    );
    let refused = put_rate(&srv, &b_owner, "USD-CDF", &json!({"rate": "1"}), None);
    assert_error(&refused, 403, "operator_required");
    let a_quote = created(&srv, &srv.secret_key, 10_000, "USD", "CDF");
    let id = a_quote["id"].as_str().expect("id");
    assert_error(
        &srv.get(&format!("/fx/quotes/{id}"), Some(b_key)),
        404,
        "fx_quote_not_found",
    );
    // B quotes from the same table, and the refused change changed nothing.
    let b_quote = created(&srv, b_key, 10_000, "USD", "CDF");
    assert_eq!(b_quote["mid_rate"], "2800");
    let owner = team::login(&srv, OWNER, OWNER_PASSWORD);
    let set = put_rate(&srv, &owner, "USD-CDF", &json!({"rate": "2810"}), None);
    assert_eq!(set.status, 200, "{set:?}");
    assert_eq!(
        created(&srv, b_key, 10_000, "USD", "CDF")["mid_rate"],
        "2810"
    );
}
