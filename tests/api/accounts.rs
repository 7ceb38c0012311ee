//! Connected accounts of a platform (issue 21, spec 4.15, sections 1 rules 4
//! and 7, 6 rule 3): the platform acts for its customer with Service-Account,
//! the customer is the merchant of record, the platform's application fee is
//! a split on both statements, the claim link hands the account over, and a
//! detach ends the platform's access.

use std::time::Duration;

use serde_json::{Value, json};

use crate::support::accounts::{as_account, connect};
use crate::support::balances::net_of;
use crate::support::ik;
use crate::support::intents::{SUCCEED, body};
use crate::support::orgs::add_org;
use crate::support::{Receiver, Resp, TestServer, assert_error, create_key, wait_until};
use crate::team::{self, OWNER, OWNER_PASSWORD, OWNER_PIN};

const CUSTOMER_PASSWORD: &str = "customer-password-Lx93";

fn start() -> TestServer {
    TestServer::start_args(&[
        "--webhook-egress",
        "local",
        "--sandbox-settlement-ms",
        "200",
    ])
}

fn id(v: &Value) -> String {
    v["id"].as_str().expect("id").to_string()
}

/// A captured sandbox payment of `amount` CDF made for `account`.
#[track_caller]
fn paid_for(srv: &TestServer, account: &str, extra: Value) -> Value {
    let mut input = body(
        json!({"amount_minor": 10_000, "rails": ["mobile_money"], "customer_msisdn": SUCCEED, "confirm": true}),
    );
    for (k, v) in extra.as_object().into_iter().flatten() {
        input[k] = v.clone();
    }
    let resp = as_account(
        srv,
        "POST",
        "/payment_intents",
        srv.sk().expect("sk"),
        account,
        Some(&input),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    assert_eq!(resp.body["status"], "SETTLEMENT_PENDING", "{resp:?}");
    resp.body
}

/// `(available, pending, settlement_pending)` of CDF from `GET /balance`.
fn classes(resp: &Resp) -> (i64, i64, i64) {
    assert_eq!(resp.status, 200, "{resp:?}");
    let entry = resp.body["balances"]
        .as_array()
        .and_then(|b| b.iter().find(|b| b["currency"] == "CDF").cloned())
        .unwrap_or(json!({}));
    let get = |k: &str| entry[k].as_i64().unwrap_or(0);
    (
        get("available_minor"),
        get("pending_minor"),
        get("settlement_pending_minor"),
    )
}

/// The statement lines of the one cycle `key` (for `account`) has.
fn statement_lines(srv: &TestServer, key: &str, account: Option<&str>) -> Vec<Value> {
    let get = |path: &str| match account {
        Some(a) => as_account(srv, "GET", path, key, a, None),
        None => srv.get(path, Some(key)),
    };
    let cycles = wait_until(
        Duration::from_secs(15),
        "a paid cycle",
        || {
            let list = get("/settlement_cycles?status=PAID");
            list.body["data"]
                .as_array()
                .filter(|d| !d.is_empty())
                .cloned()
        },
        || format!("{:?}", get("/settlement_cycles")),
    );
    let statement = get(&format!("/settlement_cycles/{}/statement", id(&cycles[0])));
    assert_eq!(statement.status, 200, "{statement:?}");
    statement.body["lines"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

fn line_sum(lines: &[Value], line_type: &str) -> i64 {
    lines
        .iter()
        .filter(|l| l["type"] == line_type)
        .map(|l| l["amount_minor"].as_i64().unwrap_or(0))
        .sum()
}

#[test]
fn a_platform_takes_a_payment_for_its_account_and_the_fee_is_a_split_on_both_statements() {
    let srv = start();
    let sk = srv.sk().expect("sk").to_string();
    let receiver = Receiver::ok();
    let endpoint = srv.post(
        "/webhook_endpoints",
        srv.sk(),
        &json!({"url": receiver.url()}),
        Some(&ik()),
    );
    assert_eq!(endpoint.status, 201, "{endpoint:?}");
    let account = connect(&srv, srv.sk(), "amani@example.com", 250);
    let acct = id(&account);
    assert!(acct.starts_with("acct_"), "{account}");
    assert_eq!(account["object"], "account");
    assert_eq!(account["status"], "active");
    assert_eq!(account["kyb_status"], "none");
    assert_eq!(account["onboarding"]["claimed"], false);
    assert_eq!(account["application_fee_bps"], 250);
    assert_eq!(account["type"], "merchant");
    assert!(
        account["organisation_id"]
            .as_str()
            .is_some_and(|o| o.starts_with("org_")),
        "{account}"
    );

    let intent = paid_for(&srv, &acct, json!({"application_fee_minor": 300}));
    assert_eq!(intent["account"], acct.as_str(), "{intent}");
    assert_eq!(intent["application_fee_minor"], 300);
    let net = net_of(&intent);
    // The customer is the merchant of record: the platform's own key sees
    // neither the intent nor its money.
    let pi = id(&intent);
    let own = srv.get(&format!("/payment_intents/{pi}"), srv.sk());
    assert_error(&own, 404, "intent_not_found");
    let splits = as_account(
        &srv,
        "GET",
        &format!("/payment_intents/{pi}/splits"),
        &sk,
        &acct,
        None,
    );
    let fee = splits.body["data"]
        .as_array()
        .and_then(|d| d.iter().find(|s| s["label"] == "application_fee").cloned())
        .unwrap_or_else(|| panic!("no application_fee split: {splits:?}"));
    assert_eq!(fee["amount_minor"], 300, "{fee}");
    assert!(
        fee["recipient"]
            .as_str()
            .is_some_and(|r| r.starts_with("org_")),
        "{fee}"
    );

    // Both settle by their own periods: nothing stays pending.
    let customer = wait_until(
        Duration::from_secs(15),
        "the customer's settlement",
        || {
            let c = classes(&as_account(&srv, "GET", "/balance", &sk, &acct, None));
            (c.1 == 0 && c.2 == 0 && c.0 > 0).then_some(c)
        },
        || {
            format!(
                "{:?}",
                as_account(&srv, "GET", "/balance", &sk, &acct, None)
            )
        },
    );
    assert_eq!(customer, (net - 300, 0, 0));
    let platform = wait_until(
        Duration::from_secs(15),
        "the platform's settlement",
        || {
            let c = classes(&srv.get("/balance", srv.sk()));
            (c.1 == 0 && c.2 == 0 && c.0 > 0).then_some(c)
        },
        || format!("{:?}", srv.get("/balance", srv.sk())),
    );
    assert_eq!(platform, (300, 0, 0));
    let shown = srv.get(&format!("/accounts/{acct}"), srv.sk());
    assert_eq!(
        shown.body["balances"][0]["available_minor"],
        net - 300,
        "{shown:?}"
    );

    let customer_lines = statement_lines(&srv, &sk, Some(&acct));
    assert_eq!(
        line_sum(&customer_lines, "application_fee"),
        -300,
        "{customer_lines:?}"
    );
    assert_eq!(line_sum(&customer_lines, "payment"), 10_000);
    let platform_lines = statement_lines(&srv, &sk, None);
    assert_eq!(
        line_sum(&platform_lines, "application_fee"),
        300,
        "{platform_lines:?}"
    );

    // The customer's events reach the platform's endpoint, naming the account.
    let received =
        receiver.wait_for_where("payment_intent.succeeded", Duration::from_secs(15), |r| {
            r.iter()
                .any(|x| x.json()["type"] == "payment_intent.succeeded")
        });
    let succeeded = received
        .iter()
        .map(|r| r.json())
        .find(|e| e["type"] == "payment_intent.succeeded")
        .expect("event");
    assert_eq!(succeeded["account"], acct.as_str(), "{succeeded}");
    assert!(
        received
            .iter()
            .any(|r| r.json()["type"] == "account.created" && r.json()["account"] == acct.as_str())
    );
}

#[test]
fn an_intents_fee_defaults_to_the_accounts_bps_and_needs_service_account() {
    let srv = start();
    let sk = srv.sk().expect("sk").to_string();
    let acct = id(&connect(&srv, srv.sk(), "fees@example.com", 250));
    let resp = srv.post(
        "/payment_intents",
        srv.sk(),
        &body(json!({"amount_minor": 10_000, "application_fee_minor": 10})),
        Some(&ik()),
    );
    let err = assert_error(&resp, 400, "application_fee_requires_account");
    assert_eq!(err["param"], "application_fee_minor");
    // floor(3 999 × 250 / 10 000) = 99.
    let resp = as_account(
        &srv,
        "POST",
        "/payment_intents",
        &sk,
        &acct,
        Some(&body(json!({"amount_minor": 3_999}))),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    assert_eq!(resp.body["application_fee_minor"], 99, "{resp:?}");
    // The PATCH changes the default of later intents.
    let patched = srv.request(
        "PATCH",
        &format!("/accounts/{acct}"),
        &[
            ("Authorization", &format!("Bearer {sk}")),
            ("Content-Type", "application/json"),
        ],
        Some(br#"{"application_fee_bps": 0, "metadata": {"tier": "gold"}}"#.to_vec()),
    );
    assert_eq!(patched.status, 200, "{patched:?}");
    assert_eq!(
        patched.body["metadata"],
        json!({"tier": "gold"}),
        "metadata is replaced whole"
    );
    let resp = as_account(
        &srv,
        "POST",
        "/payment_intents",
        &sk,
        &acct,
        Some(&body(json!({"amount_minor": 3_999}))),
    );
    assert_eq!(resp.body["application_fee_minor"], Value::Null, "{resp:?}");
}

#[test]
fn a_refund_is_paid_by_the_customer_and_the_platform_keeps_its_fee() {
    let srv = start();
    let sk = srv.sk().expect("sk").to_string();
    let acct = id(&connect(&srv, srv.sk(), "refund@example.com", 0));
    let intent = paid_for(&srv, &acct, json!({"application_fee_minor": 300}));
    let net = net_of(&intent);
    let refund = as_account(
        &srv,
        "POST",
        "/refunds",
        &sk,
        &acct,
        Some(
            &json!({"payment_intent": id(&intent), "amount_minor": 5_000, "reason": "requested_by_customer"}),
        ),
    );
    assert_eq!(refund.status, 201, "{refund:?}");
    assert_eq!(refund.body["status"], "SUCCEEDED", "{refund:?}");
    let platform = wait_until(
        Duration::from_secs(15),
        "the platform's settlement",
        || {
            let c = classes(&srv.get("/balance", srv.sk()));
            (c.1 == 0 && c.2 == 0 && c.0 > 0).then_some(c)
        },
        || format!("{:?}", srv.get("/balance", srv.sk())),
    );
    assert_eq!(platform.0, 300, "the fee is not refunded (decision 137)");
    let customer = wait_until(
        Duration::from_secs(15),
        "the customer's settlement",
        || {
            let c = classes(&as_account(&srv, "GET", "/balance", &sk, &acct, None));
            (c.1 == 0 && c.2 == 0).then_some(c)
        },
        || {
            format!(
                "{:?}",
                as_account(&srv, "GET", "/balance", &sk, &acct, None)
            )
        },
    );
    assert_eq!(customer.0, net - 300 - 5_000, "{customer:?}");
}

#[test]
fn a_claim_link_works_once_and_the_customer_logs_in_and_sees_the_platform_in_its_team() {
    let srv = TestServer::start_with_args(&["--webhook-egress", "local"], |dir| {
        team::add_user(dir, OWNER, "owner", OWNER_PASSWORD, OWNER_PIN);
    })
    .0;
    let sk = srv.sk().expect("sk").to_string();
    let acct = id(&connect(&srv, srv.sk(), "claim@example.com", 0));
    // The customer cannot log in before the claim: it has no password.
    let before = srv.post(
        "/sessions",
        None,
        &json!({"email": "claim@example.com", "password": CUSTOMER_PASSWORD}),
        None,
    );
    assert_error(&before, 401, "invalid_credentials");
    let first = srv.post(
        &format!("/accounts/{acct}/account_links"),
        srv.sk(),
        &json!({}),
        Some(&ik()),
    );
    assert_eq!(first.status, 201, "{first:?}");
    let link = srv.post(
        &format!("/accounts/{acct}/account_links"),
        srv.sk(),
        &json!({}),
        Some(&ik()),
    );
    assert_eq!(link.body["object"], "account_link");
    assert_eq!(link.body["account"], acct.as_str());
    let path = claim_path(&link.body);
    // A new link replaces the previous one.
    assert_eq!(srv.root().get(&claim_path(&first.body), None).status, 404);
    let page = srv.root().get(&path, None);
    assert_eq!(page.status, 200, "{page:?}");
    assert!(
        page.text.contains("Boutique Amani") && page.text.contains("claim@example.com"),
        "{}",
        page.text
    );
    assert!(
        page.header("content-security-policy")
            .is_some_and(|c| c.contains("default-src 'none'"))
    );
    let weak = srv
        .root()
        .post(&path, None, &json!({"password": "short"}), None);
    let err = assert_error(&weak, 400, "weak_password");
    assert_eq!(err["param"], "password");
    let claimed = srv
        .root()
        .post(&path, None, &json!({"password": CUSTOMER_PASSWORD}), None);
    assert_eq!(claimed.status, 200, "{claimed:?}");
    assert_eq!(claimed.body["claimed"], true);
    // One use.
    let again = srv
        .root()
        .post(&path, None, &json!({"password": CUSTOMER_PASSWORD}), None);
    assert_error(&again, 404, "claim_link_invalid");
    assert_eq!(srv.root().get(&path, None).status, 404);
    let shown = srv.get(&format!("/accounts/{acct}"), srv.sk());
    assert_eq!(shown.body["onboarding"]["claimed"], true, "{shown:?}");
    assert_eq!(
        shown.body["onboarding"]["claim_link_expires_at"],
        Value::Null
    );

    // The platform acts for the account; the customer logs in and sees it
    // as administrator in its team, and the platform's actions in its log.
    let resp = as_account(
        &srv,
        "POST",
        "/payment_intents",
        &sk,
        &acct,
        Some(&body(json!({"amount_minor": 1_000}))),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    let session = team::login(&srv, "claim@example.com", CUSTOMER_PASSWORD);
    let members = srv.get("/team/members", Some(&session));
    let platform_row = members.body["data"]
        .as_array()
        .and_then(|d| d.iter().find(|m| m["platform"].is_object()).cloned())
        .unwrap_or_else(|| panic!("no platform in the team: {members:?}"));
    assert_eq!(platform_row["role"], "admin", "{platform_row}");
    assert_eq!(platform_row["platform"]["account"], acct.as_str());
    let customer_log = srv.get("/audit_log", Some(&session));
    let acted = customer_log.body["data"]
        .as_array()
        .and_then(|d| {
            d.iter()
                .find(|e| e["action"] == "service_account.request")
                .cloned()
        })
        .unwrap_or_else(|| panic!("no platform request in the customer's log: {customer_log:?}"));
    assert_eq!(acted["account"], acct.as_str());
    assert_eq!(acted["details"]["request"], "POST /payment_intents");
    // The same entry is in the platform's log, with the platform as actor.
    let owner = team::login(&srv, OWNER, OWNER_PASSWORD);
    let platform_log = srv.get("/audit_log", Some(&owner));
    let same = platform_log.body["data"]
        .as_array()
        .and_then(|d| d.iter().find(|e| e["id"] == acted["id"]).cloned())
        .unwrap_or_else(|| panic!("not in the platform's log: {platform_log:?}"));
    assert_eq!(same["actor_organisation"], acted["actor_organisation"]);
    assert_ne!(
        acted["actor_organisation"], shown.body["organisation_id"],
        "the platform acted, not the customer"
    );
    // The customer's own session sees the intent the platform made for it.
    let intents = srv.get("/payment_intents", Some(&session));
    assert_eq!(
        intents.body["data"][0]["id"], resp.body["id"],
        "{intents:?}"
    );

    // Claimed, the customer's own endpoints receive its events too, and the
    // platform's still do, each with `account` set.
    let platform_receiver = Receiver::ok();
    let customer_receiver = Receiver::ok();
    let made = srv.post(
        "/webhook_endpoints",
        srv.sk(),
        &json!({"url": platform_receiver.url()}),
        Some(&ik()),
    );
    assert_eq!(made.status, 201, "{made:?}");
    let made = srv.post(
        "/webhook_endpoints",
        Some(&session),
        &json!({"url": customer_receiver.url()}),
        Some(&ik()),
    );
    assert_eq!(made.status, 201, "{made:?}");
    let paid = paid_for(&srv, &acct, json!({}));
    for receiver in [&platform_receiver, &customer_receiver] {
        let got = receiver.wait_for_where("the payment's success", Duration::from_secs(15), |r| {
            r.iter()
                .any(|x| x.json()["type"] == "payment_intent.succeeded")
        });
        let event = got
            .iter()
            .map(|r| r.json())
            .find(|e| e["type"] == "payment_intent.succeeded")
            .expect("event");
        assert_eq!(event["account"], acct.as_str(), "{event}");
        assert_eq!(event["data"]["object"]["id"], paid["id"], "{event}");
    }
}

fn claim_path(link: &Value) -> String {
    let url = link["url"].as_str().expect("url");
    let at = url.find("/claim/").expect("a /claim/ url");
    url[at..].to_string()
}

#[test]
fn a_claim_link_expires_after_seven_days_on_the_platforms_test_clock() {
    let srv = start();
    let clock = srv.post(
        "/test_clocks",
        srv.sk(),
        &json!({"frozen_time": "2027-03-01T00:00:00Z", "attach": true}),
        Some(&ik()),
    );
    assert_eq!(clock.status, 201, "{clock:?}");
    let acct = id(&connect(&srv, srv.sk(), "expiry@example.com", 0));
    let link = srv.post(
        &format!("/accounts/{acct}/account_links"),
        srv.sk(),
        &json!({}),
        Some(&ik()),
    );
    assert_eq!(
        link.body["expires_at"], "2027-03-08T00:00:00.000Z",
        "{link:?}"
    );
    let path = claim_path(&link.body);
    crate::support::clocks::advance(&srv, &id(&clock.body), "2027-03-07T23:59:00Z");
    assert_eq!(
        srv.root().get(&path, None).status,
        200,
        "still valid a minute before"
    );
    crate::support::clocks::advance(&srv, &id(&clock.body), "2027-03-08T00:00:00Z");
    assert_eq!(srv.root().get(&path, None).status, 404);
    let late = srv
        .root()
        .post(&path, None, &json!({"password": CUSTOMER_PASSWORD}), None);
    assert_error(&late, 404, "claim_link_invalid");
    // A new link works again.
    let fresh = srv.post(
        &format!("/accounts/{acct}/account_links"),
        srv.sk(),
        &json!({}),
        Some(&ik()),
    );
    let claimed = srv.root().post(
        &claim_path(&fresh.body),
        None,
        &json!({"password": CUSTOMER_PASSWORD}),
        None,
    );
    assert_eq!(claimed.status, 200, "{claimed:?}");
}

#[test]
fn detach_ends_the_platforms_access_leaves_the_money_and_is_idempotent() {
    // The payment settles 1.5 s after it is made, after the detach.
    let srv = TestServer::start_args(&[
        "--webhook-egress",
        "local",
        "--sandbox-settlement-ms",
        "1500",
    ]);
    let sk = srv.sk().expect("sk").to_string();
    let receiver = Receiver::ok();
    srv.post(
        "/webhook_endpoints",
        srv.sk(),
        &json!({"url": receiver.url()}),
        Some(&ik()),
    );
    let acct = id(&connect(&srv, srv.sk(), "detach@example.com", 0));
    // The customer claims first, so it can look at its own money later.
    let link = srv.post(
        &format!("/accounts/{acct}/account_links"),
        srv.sk(),
        &json!({}),
        Some(&ik()),
    );
    let claimed = srv.root().post(
        &claim_path(&link.body),
        None,
        &json!({"password": CUSTOMER_PASSWORD}),
        None,
    );
    assert_eq!(claimed.status, 200, "{claimed:?}");
    let customer = team::login(&srv, "detach@example.com", CUSTOMER_PASSWORD);
    let intent = paid_for(&srv, &acct, json!({}));
    let connected = srv.get(&format!("/accounts/{acct}"), srv.sk());
    assert!(
        connected.body["balances"]
            .as_array()
            .is_some_and(|b| !b.is_empty()),
        "connected, the platform sees the balances: {connected:?}"
    );
    let detached = srv.post(
        &format!("/accounts/{acct}/detach"),
        srv.sk(),
        &json!({}),
        Some(&ik()),
    );
    assert_eq!(detached.status, 200, "{detached:?}");
    assert_eq!(detached.body["status"], "detached");
    let again = srv.post(
        &format!("/accounts/{acct}/detach"),
        srv.sk(),
        &json!({}),
        Some(&ik()),
    );
    assert_eq!(again.status, 200, "{again:?}");
    assert_eq!(again.body["detached_at"], detached.body["detached_at"]);
    let resp = as_account(&srv, "GET", "/balance", &sk, &acct, None);
    assert_error(&resp, 403, "account_detached");
    let resp = as_account(
        &srv,
        "POST",
        "/payment_intents",
        &sk,
        &acct,
        Some(&body(json!({"amount_minor": 100}))),
    );
    assert_error(&resp, 403, "account_detached");
    let patch = srv.request(
        "PATCH",
        &format!("/accounts/{acct}"),
        &[
            ("Authorization", &format!("Bearer {sk}")),
            ("Content-Type", "application/json"),
        ],
        Some(br#"{"application_fee_bps": 10}"#.to_vec()),
    );
    assert_error(&patch, 403, "account_detached");
    let link = srv.post(
        &format!("/accounts/{acct}/account_links"),
        srv.sk(),
        &json!({}),
        Some(&ik()),
    );
    assert_error(&link, 403, "account_detached");
    // The money stays the customer's, and the platform no longer sees it
    // (issue 44, finding 6): the account shows its id and status, no balance.
    wait_until(
        Duration::from_secs(15),
        "the customer's settlement",
        || {
            let (available, _, _) = classes(&srv.get("/balance", Some(&customer)));
            (available == net_of(&intent)).then_some(())
        },
        || format!("{:?}", srv.get("/balance", Some(&customer))),
    );
    let shown = srv.get(&format!("/accounts/{acct}"), srv.sk());
    assert_eq!(shown.status, 200, "{shown:?}");
    assert_eq!(shown.body["id"], acct.as_str());
    assert_eq!(shown.body["status"], "detached");
    assert_eq!(shown.body["balances"], json!([]), "{shown:?}");
    let listed = srv.get("/accounts", srv.sk());
    let row = listed.body["data"]
        .as_array()
        .and_then(|d| d.iter().find(|a| a["id"] == acct.as_str()).cloned())
        .unwrap_or_else(|| panic!("the detached account is listed: {listed:?}"));
    assert_eq!(row["balances"], json!([]), "{row}");
    // After the detach the customer's events no longer reach the platform:
    // the settlement's payment_intent.settled came after it.
    let received = receiver.wait_for_where("account.detached", Duration::from_secs(15), |r| {
        r.iter().any(|x| x.json()["type"] == "account.detached")
            && r.iter()
                .any(|x| x.json()["type"] == "payment_intent.succeeded")
    });
    std::thread::sleep(Duration::from_millis(500));
    let settled_sent = receiver
        .requests()
        .iter()
        .any(|r| r.json()["type"] == "payment_intent.settled");
    assert!(!settled_sent, "{received:?}");
}

#[test]
fn another_platforms_key_an_unknown_account_and_the_accounts_routes_refuse_service_account() {
    let (srv, b) = TestServer::start_with_args(&["--webhook-egress", "local"], |dir| {
        add_org(dir, "@other", "owner@other.example")
    });
    let sk = srv.sk().expect("sk").to_string();
    let b_key = b["keys"]["secret_key"].as_str().expect("sk").to_string();
    let b_receiver = Receiver::ok();
    srv.post(
        "/webhook_endpoints",
        Some(&b_key),
        &json!({"url": b_receiver.url()}),
        Some(&ik()),
    );
    let acct = id(&connect(&srv, srv.sk(), "mine@example.com", 0));
    let resp = as_account(&srv, "GET", "/balance", &b_key, &acct, None);
    let err = assert_error(&resp, 403, "account_unavailable");
    assert!(
        err["message"].as_str().is_some_and(|m| m.contains(&acct)),
        "{resp:?}"
    );
    assert_error(
        &srv.get(&format!("/accounts/{acct}"), Some(&b_key)),
        404,
        "account_not_found",
    );
    assert_eq!(srv.get("/accounts", Some(&b_key)).body["data"], json!([]));
    let unknown = as_account(
        &srv,
        "GET",
        "/balance",
        &sk,
        "acct_0123456789abcdefghjkmnpqrs",
        None,
    );
    assert_error(&unknown, 403, "account_unavailable");
    let on_accounts = as_account(&srv, "GET", "/accounts", &sk, &acct, None);
    let err = assert_error(&on_accounts, 400, "account_header_not_allowed");
    assert_eq!(err["param"], "Service-Account");
    // The account's events never reach the other platform.
    paid_for(&srv, &acct, json!({}));
    std::thread::sleep(Duration::from_millis(500));
    assert!(
        b_receiver.requests().is_empty(),
        "{:?}",
        b_receiver.requests()
    );
}

#[test]
fn scopes_still_apply_under_service_account() {
    let (srv, (reader, maker)) = TestServer::start_with(|dir| {
        (
            create_key(dir, "rk", "test", &["payment_intents:read"]),
            create_key(dir, "rk", "test", &["accounts:write"]),
        )
    });
    let acct = id(&connect(&srv, Some(&maker), "scopes@example.com", 0));
    let listed = srv.get("/accounts", Some(&maker));
    assert_error(&listed, 403, "scope_denied");
    let resp = as_account(
        &srv,
        "POST",
        "/payment_intents",
        &reader,
        &acct,
        Some(&body(json!({"amount_minor": 100}))),
    );
    assert_error(&resp, 403, "scope_denied");
    let resp = as_account(&srv, "GET", "/payment_intents", &reader, &acct, None);
    assert_eq!(resp.status, 200, "{resp:?}");
    let resp = as_account(&srv, "GET", "/balance", &reader, &acct, None);
    assert_error(&resp, 403, "scope_denied");
}

#[test]
fn bad_account_bodies_are_400_naming_the_field_and_create_nothing() {
    let srv = start();
    let base = json!({"business_name": "Shop", "type": "merchant", "email": "bad@example.com", "country": "CD"});
    let with = |k: &str, v: Value| {
        let mut b = base.clone();
        b[k] = v;
        b
    };
    let mut no_email = base.clone();
    no_email.as_object_mut().expect("object").remove("email");
    for (input, code, param) in [
        (
            with("type", json!("charity")),
            "invalid_account_type",
            "type",
        ),
        (no_email, "contact_required", "email"),
        (
            with("application_fee_bps", json!(5_001)),
            "invalid_application_fee",
            "application_fee_bps",
        ),
        (
            with("business_name", json!("A")),
            "validation_error",
            "business_name",
        ),
        (
            with("country", json!("Congo")),
            "validation_error",
            "country",
        ),
        (
            with("status", json!("detached")),
            "validation_error",
            "status",
        ),
    ] {
        let resp = srv.post("/accounts", srv.sk(), &input, Some(&ik()));
        let err = assert_error(&resp, 400, code);
        assert_eq!(err["param"], param, "{input}: {resp:?}");
    }
    assert_eq!(srv.get("/accounts", srv.sk()).body["data"], json!([]));
    let acct = id(&connect(&srv, srv.sk(), "ok@example.com", 0));
    // PATCH changes the fee and the metadata only.
    let patch = srv.request(
        "PATCH",
        &format!("/accounts/{acct}"),
        &[
            (
                "Authorization",
                &format!("Bearer {}", srv.sk().expect("sk")),
            ),
            ("Content-Type", "application/json"),
        ],
        Some(br#"{"business_name": "Other"}"#.to_vec()),
    );
    let err = assert_error(&patch, 400, "validation_error");
    assert_eq!(err["param"], "business_name");
    // The e-mail is the customer's login: taken, it is 409.
    let again = srv.post(
        "/accounts",
        srv.sk(),
        &json!({"business_name": "Shop", "type": "merchant", "email": "ok@example.com", "country": "CD"}),
        Some(&ik()),
    );
    assert_eq!(again.status, 409, "{again:?}");
    // The origin's 120 characters of business_name are kept.
    let long = "B".repeat(120);
    let resp = srv.post(
        "/accounts",
        srv.sk(),
        &json!({"business_name": long, "type": "ngo", "email": "long@example.com", "country": "CD"}),
        Some(&ik()),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    assert_eq!(resp.body["business_name"], long.as_str());
    let long_id = id(&resp.body);
    // Pages of the list, newest first.
    connect(&srv, srv.sk(), "ok2@example.com", 0);
    let page = srv.get("/accounts?limit=1", srv.sk());
    assert_eq!(
        page.body["data"].as_array().map(Vec::len),
        Some(1),
        "{page:?}"
    );
    assert_eq!(page.body["has_more"], true);
    let cursor = page.body["next_cursor"].as_str().expect("cursor");
    let next = srv.get(&format!("/accounts?limit=1&cursor={cursor}"), srv.sk());
    assert_eq!(next.body["data"][0]["id"], long_id.as_str(), "{next:?}");
    let all = srv.get("/accounts", srv.sk());
    assert_eq!(all.body["data"][2]["id"], acct.as_str(), "{all:?}");
}

/// Issue 44, finding 3: after the claim the platform replayed a claim link,
/// set a new password, and after the detach logged in as the customer's
/// owner and made a key. Each step is refused now and nothing is written.
#[test]
fn a_claimed_account_gets_no_claim_link_so_the_platform_cannot_take_it_over() {
    let srv = TestServer::start_args(&["--webhook-egress", "local"]);
    let acct = id(&connect(&srv, srv.sk(), "taken@example.com", 0));
    let link = srv.post(
        &format!("/accounts/{acct}/account_links"),
        srv.sk(),
        &json!({}),
        Some(&ik()),
    );
    let path = claim_path(&link.body);
    let claimed = srv
        .root()
        .post(&path, None, &json!({"password": CUSTOMER_PASSWORD}), None);
    assert_eq!(claimed.status, 200, "{claimed:?}");
    let session = team::login(&srv, "taken@example.com", CUSTOMER_PASSWORD);
    let key = srv.post(
        "/api_keys",
        Some(&session),
        &json!({"kind": "sk", "mode": "test"}),
        Some(&ik()),
    );
    assert_eq!(key.status, 201, "{key:?}");
    let before = srv.get(&format!("/accounts/{acct}"), srv.sk());
    // The platform asks for a new claim link: refused, nothing written.
    let again = srv.post(
        &format!("/accounts/{acct}/account_links"),
        srv.sk(),
        &json!({}),
        Some(&ik()),
    );
    let err = assert_error(&again, 409, "account_claimed");
    assert!(
        err["message"].as_str().is_some_and(|m| m.contains(&acct)),
        "{again:?}"
    );
    let after = srv.get(&format!("/accounts/{acct}"), srv.sk());
    assert_eq!(after.body["updated_at"], before.body["updated_at"]);
    assert_eq!(
        after.body["onboarding"]["claim_link_expires_at"],
        Value::Null
    );
    // The old link sets no password either.
    let replay = srv.root().post(
        &path,
        None,
        &json!({"password": "platform-password-9Qw2"}),
        None,
    );
    assert_error(&replay, 404, "claim_link_invalid");
    // The customer's password and session still work; the platform's guess does not.
    let relogin = team::login(&srv, "taken@example.com", CUSTOMER_PASSWORD);
    assert_eq!(srv.get("/sessions/current", Some(&session)).status, 200);
    // Detached, the platform still cannot get in.
    let detached = srv.post(
        &format!("/accounts/{acct}/detach"),
        srv.sk(),
        &json!({}),
        Some(&ik()),
    );
    assert_eq!(detached.status, 200, "{detached:?}");
    assert_error(
        &srv.post(
            &format!("/accounts/{acct}/account_links"),
            srv.sk(),
            &json!({}),
            Some(&ik()),
        ),
        403,
        "account_detached",
    );
    let platform_login = srv.post(
        "/sessions",
        None,
        &json!({"email": "taken@example.com", "password": "platform-password-9Qw2"}),
        None,
    );
    assert_error(&platform_login, 401, "invalid_credentials");
    // The customer's keys are the ones it made.
    let keys = srv.get("/api_keys", Some(&relogin));
    assert_eq!(keys.status, 200, "{keys:?}");
    let made: Vec<&Value> = keys.body["data"]
        .as_array()
        .map(|d| d.iter().filter(|k| k["created_by"].is_string()).collect())
        .unwrap_or_default();
    assert_eq!(made.len(), 1, "{keys:?}");
    assert_eq!(made[0]["id"], key.body["id"]);
}

/// Issue 44, finding 10: an `acct_` the caller may not use gets one answer,
/// the same status, code and message, whether it is unknown, another
/// platform's, or of the other mode; so the header tells nobody whether an
/// account exists.
#[test]
fn an_account_the_caller_may_not_use_gets_one_answer_whatever_the_reason() {
    let (srv, (b, live)) = TestServer::start_with(|dir| {
        (
            add_org(dir, "@other", "owner@other.example"),
            create_key(dir, "sk", "live", &[]),
        )
    });
    let b_key = b["keys"]["secret_key"].as_str().expect("sk").to_string();
    let sk = srv.sk().expect("sk").to_string();
    let acct = id(&connect(&srv, srv.sk(), "oracle@example.com", 0));
    let unknown = "acct_0123456789abcdefghjkmnpqrs";
    let answer = |key: &str, account: &str| {
        let resp = as_account(&srv, "GET", "/balance", key, account, None);
        let err = assert_error(&resp, 403, "account_unavailable").to_string();
        // The message names the id the caller sent; nothing else differs.
        serde_json::from_str::<Value>(&err.replace(account, "ID")).expect("json")
    };
    let another_platforms = answer(&b_key, &acct);
    let unknown_id = answer(&sk, unknown);
    let other_mode = answer(&live, &acct);
    assert_eq!(another_platforms, unknown_id);
    assert_eq!(other_mode, unknown_id);
    // The /accounts routes answer 404 alike.
    for (key, account) in [
        (&b_key, acct.as_str()),
        (&sk, unknown),
        (&live, acct.as_str()),
    ] {
        let resp = srv.get(&format!("/accounts/{account}"), Some(key));
        let err = assert_error(&resp, 404, "account_not_found");
        assert!(
            err["message"].as_str().is_some_and(|m| m.contains(account)),
            "{resp:?}"
        );
    }
    // Its own platform still acts for it.
    assert_eq!(
        as_account(&srv, "GET", "/balance", &sk, &acct, None).status,
        200
    );
}

/// Issue 47 defect 2: a platform sends money to its connected account by the
/// account's id (it answered 400 recipient_not_found); the id names nothing
/// for another organisation, nor once the account is detached.
#[test]
fn a_platform_sends_money_to_its_connected_account_by_its_id() {
    let (srv, b) = TestServer::start_with_args(
        &[
            "--webhook-egress",
            "local",
            "--sandbox-settlement-ms",
            "200",
        ],
        |dir| add_org(dir, "@other", "owner@other.example"),
    );
    let sk = srv.sk().expect("sk").to_string();
    let b_key = b["keys"]["secret_key"].as_str().expect("sk").to_string();
    crate::support::balances::fund(&srv, 50_000);
    let acct = id(&connect(&srv, srv.sk(), "wallet@example.com", 0));
    let send = |key: &str, to: &str| {
        srv.post(
            "/transfers",
            Some(key),
            &json!({"to": to, "amount_minor": 2_000, "currency": "CDF"}),
            Some(&ik()),
        )
    };
    let sent = send(&sk, &acct);
    assert_eq!(sent.status, 201, "{sent:?}");
    let received = as_account(&srv, "GET", "/balance", &sk, &acct, None);
    assert_eq!(classes(&received).0, 2_000, "{received:?}");
    // Another organisation: the same answer as for an id that does not exist.
    let other = send(&b_key, &acct);
    let unknown = send(&b_key, "acct_0123456789abcdefghjkmnpqrs");
    assert_eq!(
        assert_error(&other, 400, "recipient_not_found")["param"],
        "to"
    );
    assert_eq!(
        other.body["message"]
            .as_str()
            .map(|m| m.replace(&acct, "ID")),
        unknown.body["message"]
            .as_str()
            .map(|m| m.replace("acct_0123456789abcdefghjkmnpqrs", "ID"))
    );
    // Detached: the platform no longer acts for it, nor addresses it by its id.
    let detached = srv.post(
        &format!("/accounts/{acct}/detach"),
        srv.sk(),
        &json!({}),
        Some(&ik()),
    );
    assert_eq!(detached.status, 200, "{detached:?}");
    assert_error(&send(&sk, &acct), 400, "recipient_not_found");
}
