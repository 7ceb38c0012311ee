//! Migrations from the origin that cannot fail quietly (issue 51 point 3,
//! decision 540): an integration that names its connected account in its
//! former gateway's `<Brand>-Account` header is refused on a write without
//! `--header-prefix <Brand>` (it would act on the platform's own books), a
//! read is served with a warning in the log, and with the flag the same
//! request acts for the account.

use serde_json::{Value, json};

use crate::support::accounts::{connect, with_headers};
use crate::support::intents::{SUCCEED, body};
use crate::support::{Resp, TestServer, assert_error, wait_until};

/// An intent paid at once in the sandbox.
fn paying_intent() -> Value {
    body(json!({"amount_minor": 10_000, "rails": ["mobile_money"],
                "customer_msisdn": SUCCEED, "confirm": true}))
}

/// A connected account of the platform, its id.
fn connect_one(srv: &TestServer) -> String {
    let account = connect(srv, srv.sk(), "amani@example.com", 0);
    account["id"].as_str().expect("id").to_string()
}

/// `method path` with the server's key and `extra` headers.
fn send(
    srv: &TestServer,
    method: &str,
    path: &str,
    extra: &[(&str, &str)],
    input: Option<&Value>,
) -> Resp {
    with_headers(srv, method, path, srv.sk().expect("sk"), extra, input)
}

fn intents_listed(srv: &TestServer) -> usize {
    let resp = srv.get("/payment_intents?limit=100", srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body["data"].as_array().expect("data").len()
}

#[test]
fn a_payment_naming_its_account_in_an_unread_brand_header_is_refused_and_writes_nothing() {
    let srv = TestServer::start();
    let acct = connect_one(&srv);
    for header in ["Acme-Account", "X-Acme-Account"] {
        let refused = send(
            &srv,
            "POST",
            "/payment_intents",
            &[(header, &acct)],
            Some(&paying_intent()),
        );
        let err = assert_error(&refused, 400, "unknown_account_header");
        assert_eq!(err["param"], header, "{err}");
        assert_eq!(err["bp"], "BP-2540", "{err}");
        let message = err["message"].as_str().expect("message");
        assert!(message.contains("--header-prefix Acme"), "{message}");
        assert!(message.contains(&acct), "{message}");
    }
    assert_eq!(intents_listed(&srv), 0, "nothing was written");
    let balance = srv.get("/balance", srv.sk());
    assert_eq!(balance.status, 200, "{balance:?}");
    let moved: i64 = balance.body["balances"]
        .as_array()
        .expect("balances")
        .iter()
        .map(|b| {
            b["available_minor"].as_i64().unwrap_or(0) + b["pending_minor"].as_i64().unwrap_or(0)
        })
        .sum();
    assert_eq!(moved, 0, "no money moved: {}", balance.body);

    // A value that is no account id is not a migration: served as before.
    let unrelated = send(
        &srv,
        "POST",
        "/payment_intents",
        &[("Acme-Account", "shop-42")],
        Some(&paying_intent()),
    );
    assert_eq!(unrelated.status, 201, "{unrelated:?}");
    // The gateway's own header with the same id names the account anyway.
    let both = [
        ("Service-Account", acct.as_str()),
        ("Acme-Account", acct.as_str()),
    ];
    let served = send(
        &srv,
        "POST",
        "/payment_intents",
        &both,
        Some(&paying_intent()),
    );
    assert_eq!(served.status, 201, "{served:?}");
    assert_eq!(served.body["account"], acct.as_str(), "{served:?}");
}

#[test]
fn a_read_naming_its_account_in_an_unread_brand_header_is_served_with_a_warning() {
    let srv = TestServer::start();
    let acct = connect_one(&srv);
    let read = send(
        &srv,
        "GET",
        "/payment_intents",
        &[("Acme-Account", &acct)],
        None,
    );
    assert_eq!(read.status, 200, "{read:?}");
    wait_until(
        std::time::Duration::from_secs(5),
        "a warning naming Acme-Account and the flag",
        || {
            let logs = srv.logs();
            (logs.contains("Acme-Account") && logs.contains("--header-prefix Acme")).then_some(())
        },
        || srv.logs(),
    );
}

#[test]
fn with_the_brand_as_header_prefix_the_same_payment_acts_for_the_account() {
    let srv = TestServer::start_args(&["--header-prefix", "Acme"]);
    let acct = connect_one(&srv);
    let served = send(
        &srv,
        "POST",
        "/payment_intents",
        &[("Acme-Account", &acct)],
        Some(&paying_intent()),
    );
    assert_eq!(served.status, 201, "{served:?}");
    assert_eq!(served.body["account"], acct.as_str(), "{served:?}");
    // Another brand still is no header this gateway reads.
    let other = send(
        &srv,
        "POST",
        "/payment_intents",
        &[("Other-Account", &acct)],
        Some(&paying_intent()),
    );
    let err = assert_error(&other, 400, "unknown_account_header");
    assert_eq!(err["param"], "Other-Account", "{err}");
}
