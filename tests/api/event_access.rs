//! Events follow the reader's rights over the object they carry (issue 44
//! findings 4 and 11, and part of 10): the feed, replays and endpoint
//! subscriptions show a member or a key only the events whose object it may
//! read; stored events keep no checkout page token in clear; an
//! insufficient_funds error names the balance only to a reader of balances.

use std::collections::BTreeSet;
use std::time::Duration;

use serde_json::{Value, json};

use crate::support::ik;
use crate::support::intents::{SUCCEED, body, create, id_of};
use crate::support::orgs::add_org;
use crate::support::{Receiver, TestServer, assert_error, create_key, stored_bytes};
use crate::team::{OWNER, OWNER_PASSWORD, OWNER_PIN, add_user, login};

const ADMIN: &str = "admin@example.com";
const DEVELOPER: &str = "developer@example.com";
const FINANCE: &str = "finance@example.com";
const VIEWER: &str = "viewer@example.com";
const PASSWORD: &str = "member-password-Hq7wz2";

/// The read scope of each event family these tests make, as the issue states
/// it (independent of the crate's table).
const FAMILIES: &[(&str, &str)] = &[
    ("payment_intent", "payment_intents:read"),
    ("settlement", "settlements:read"),
    ("refund", "refunds:read"),
    ("payout", "payouts:read"),
    ("transfer", "transfers:read"),
];

/// What each role may read among [`FAMILIES`]' scopes (docs/team.md's table).
fn role_reads(role: &str, scope: &str) -> bool {
    match role {
        "owner" | "admin" | "viewer" => true,
        "developer" => scope == "payment_intents:read",
        "finance" => true,
        other => panic!("unknown role {other}"),
    }
}

fn family_of(event_type: &str) -> &str {
    event_type.rsplit_once('.').map_or(event_type, |(f, _)| f)
}

fn scope_of(event_type: &str) -> &'static str {
    FAMILIES
        .iter()
        .find(|(family, _)| *family == family_of(event_type))
        .map(|(_, scope)| *scope)
        .unwrap_or_else(|| panic!("a test event of an unexpected type: {event_type}"))
}

/// Every event of the feed as `(type, id)`, walked page by page (`limit` 2, so
/// that the filter is seen to keep the cursor).
fn feed(srv: &TestServer, key: &str) -> Vec<(String, String)> {
    let mut all = Vec::new();
    let mut cursor: Option<String> = None;
    for _ in 0..200 {
        let path = match &cursor {
            Some(c) => format!("/events?limit=2&cursor={c}"),
            None => "/events?limit=2".to_string(),
        };
        let resp = srv.get(&path, Some(key));
        assert_eq!(resp.status, 200, "{resp:?}");
        for e in resp.body["data"].as_array().expect("data") {
            all.push((
                e["type"].as_str().expect("type").to_string(),
                e["id"].as_str().expect("id").to_string(),
            ));
        }
        match resp.body["next_cursor"].as_str() {
            Some(c) => cursor = Some(c.to_string()),
            None => return all,
        }
    }
    panic!("the feed never ended");
}

/// A server with a member of every role, a second organisation (`@beta`, to
/// transfer to), and two restricted keys: events:read alone, and events:read
/// with payouts:read.
fn start(args: &[&str]) -> (TestServer, (String, String)) {
    TestServer::start_with_args(args, |dir| {
        add_user(dir, OWNER, "owner", OWNER_PASSWORD, OWNER_PIN);
        add_user(dir, ADMIN, "admin", PASSWORD, "550011");
        add_user(dir, DEVELOPER, "developer", PASSWORD, "550022");
        add_user(dir, FINANCE, "finance", PASSWORD, "550033");
        add_user(dir, VIEWER, "viewer", PASSWORD, "550044");
        add_org(dir, "@beta", "owner@beta.example");
        (
            create_key(dir, "rk", "test", &["events:read"]),
            create_key(dir, "rk", "test", &["events:read", "payouts:read"]),
        )
    })
}

#[track_caller]
fn made(resp: crate::support::Resp) -> Value {
    assert_eq!(resp.status, 201, "{resp:?}");
    resp.body
}

/// One event of each money family: a paid intent (payment_intent.*), its
/// cycle paid (settlement.*), a refund, a payout and a transfer.
fn make_one_event_of_each_family(srv: &TestServer) {
    let intent = create(
        srv,
        &body(json!({"amount_minor": 50_000, "customer_msisdn": SUCCEED, "confirm": true})),
    );
    let pay = json!({"currency": "CDF", "pay": true});
    made(srv.post("/settlement_cycles", srv.sk(), &pay, Some(&ik())));
    let refund = json!({"payment_intent": id_of(&intent), "amount_minor": 1_000, "reason": "requested_by_customer"});
    made(srv.post("/refunds", srv.sk(), &refund, Some(&ik())));
    let payout = json!({"amount_minor": 1_000, "currency": "CDF",
        "destination": {"method": "mobile_money", "operator_id": "mpesa_cd", "phone": SUCCEED, "name": "Amani"}});
    made(srv.post("/payouts", srv.sk(), &payout, Some(&ik())));
    let transfer = json!({"to": "@Beta", "amount_minor": 1_000, "currency": "CDF"});
    made(srv.post("/transfers", srv.sk(), &transfer, Some(&ik())));
}

#[test]
fn every_event_type_is_visible_to_a_member_only_when_the_member_may_read_its_object() {
    let (srv, (events_only, payouts_reader)) = start(&["--sandbox-settlement-ms", "600000"]);
    make_one_event_of_each_family(&srv);
    let everything = feed(&srv, srv.sk().expect("sk"));
    let families: BTreeSet<&str> = everything.iter().map(|(t, _)| family_of(t)).collect();
    for (family, _) in FAMILIES {
        assert!(
            families.contains(family),
            "no {family} event: {everything:?}"
        );
    }

    for (role, email, password) in [
        ("owner", OWNER, OWNER_PASSWORD),
        ("admin", ADMIN, PASSWORD),
        ("developer", DEVELOPER, PASSWORD),
        ("finance", FINANCE, PASSWORD),
        ("viewer", VIEWER, PASSWORD),
    ] {
        let session = login(&srv, email, password);
        let want: Vec<_> = everything
            .iter()
            .filter(|(t, _)| role_reads(role, scope_of(t)))
            .cloned()
            .collect();
        assert_eq!(feed(&srv, &session), want, "{role}");
    }
    // A key: its scopes. events:read alone reads no object.
    assert_eq!(feed(&srv, &events_only), [], "events:read alone");
    let payouts: Vec<_> = everything
        .iter()
        .filter(|(t, _)| family_of(t) == "payout")
        .cloned()
        .collect();
    assert!(!payouts.is_empty());
    assert_eq!(feed(&srv, &payouts_reader), payouts, "payouts:read");
    // Asking for a type the caller may not read finds nothing.
    let developer = login(&srv, DEVELOPER, PASSWORD);
    let asked = srv.get("/events?type=payout.created", Some(&developer));
    assert_eq!(asked.status, 200, "{asked:?}");
    assert_eq!(asked.body["data"], json!([]), "{asked:?}");
}

#[test]
fn endpoints_subscribe_and_replays_resend_only_what_the_caller_may_read() {
    let (srv, _) = start(&[
        "--sandbox-settlement-ms",
        "600000",
        "--webhook-egress",
        "local",
    ]);
    let developer = login(&srv, DEVELOPER, PASSWORD);
    let owner_hook = Receiver::ok();
    let dev_hook = Receiver::ok();
    // The developer may not subscribe to payouts, by family or by name.
    for events in [
        json!(["payment_intent.*", "payout.*"]),
        json!(["payout.created"]),
    ] {
        let refused = srv.post(
            "/webhook_endpoints",
            Some(&developer),
            &json!({"url": dev_hook.url(), "enabled_events": events}),
            None,
        );
        let err = assert_error(&refused, 403, "role_denied");
        let param = err["param"].as_str().unwrap_or_default();
        assert!(param.starts_with("enabled_events["), "{err}");
    }
    // An rk key without settlements:read is refused the same way.
    let rk = made(srv.post(
        "/api_keys",
        Some(&developer),
        &json!({"kind": "rk", "mode": "test", "scopes": ["webhooks:manage", "payment_intents:read"]}),
        None,
    ));
    let rk = rk["secret"].as_str().expect("secret").to_string();
    let refused = srv.post(
        "/webhook_endpoints",
        Some(&rk),
        &json!({"url": dev_hook.url(), "enabled_events": ["settlement.completed"]}),
        None,
    );
    let err = assert_error(&refused, 403, "scope_denied");
    assert_eq!(err["param"], "enabled_events[0]", "{err}");
    // `*` from the developer is what it may read: no money family.
    let dev_endpoint = made(srv.post(
        "/webhook_endpoints",
        Some(&developer),
        &json!({"url": dev_hook.url(), "enabled_events": ["*"]}),
        None,
    ));
    let filters: Vec<&str> = dev_endpoint["enabled_events"]
        .as_array()
        .expect("enabled_events")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(filters.contains(&"payment_intent.*"), "{dev_endpoint}");
    for family in ["*", "payout.*", "refund.*", "settlement.*", "transfer.*"] {
        assert!(!filters.contains(&family), "{family}: {dev_endpoint}");
    }
    let owner_endpoint = made(srv.post(
        "/webhook_endpoints",
        srv.sk(),
        &json!({"url": owner_hook.url(), "enabled_events": ["*"]}),
        None,
    ));
    assert_eq!(owner_endpoint["enabled_events"], json!(["*"]));
    // Nor may it send the owner's endpoint (all types) to its own URL.
    let moved = srv.request(
        "PATCH",
        &format!("/webhook_endpoints/{}", id_of(&owner_endpoint)),
        &[
            ("Authorization", &format!("Bearer {developer}")),
            ("Content-Type", "application/json"),
        ],
        Some(serde_json::to_vec(&json!({"url": dev_hook.url()})).expect("json")),
    );
    let err = assert_error(&moved, 403, "role_denied");
    assert_eq!(err["param"], "enabled_events", "{err}");

    make_one_event_of_each_family(&srv);
    let everything = feed(&srv, srv.sk().expect("sk"));
    let payout_event = everything
        .iter()
        .find(|(t, _)| t == "payout.created")
        .map(|(_, id)| id.clone())
        .expect("payout.created");
    let intent_event = everything
        .iter()
        .find(|(t, _)| t == "payment_intent.created")
        .map(|(_, id)| id.clone())
        .expect("payment_intent.created");
    // The developer's endpoint receives the intent's events, never a payout's.
    let owner_got = owner_hook.wait_for(everything.len(), Duration::from_secs(15));
    let dev_got = dev_hook.wait_for(1, Duration::from_secs(15));
    std::thread::sleep(Duration::from_millis(500));
    let dev_types: Vec<String> = dev_hook
        .requests()
        .iter()
        .map(|r| r.json()["type"].as_str().unwrap_or_default().to_string())
        .collect();
    assert!(!dev_got.is_empty());
    assert!(
        dev_types.iter().all(|t| t.starts_with("payment_intent.")),
        "{dev_types:?}"
    );

    // Replays: an event or a delivery the caller may not read is not found.
    let replay = |key: &str, event: &str| {
        srv.post(
            &format!("/events/{event}/replay"),
            Some(key),
            &json!({}),
            None,
        )
    };
    assert_error(&replay(&developer, &payout_event), 404, "event_not_found");
    assert_eq!(replay(&developer, &intent_event).status, 201);
    assert_eq!(replay(srv.sk().expect("sk"), &payout_event).status, 201);
    let payout_delivery = owner_got
        .iter()
        .find(|r| r.json()["type"] == "payout.created")
        .and_then(|r| r.header("service-delivery-id"))
        .expect("the owner's endpoint got payout.created")
        .to_string();
    let replay_delivery = |key: &str| {
        srv.post(
            &format!("/webhook_deliveries/{payout_delivery}/replay"),
            Some(key),
            &json!({}),
            None,
        )
    };
    assert_error(
        &replay_delivery(&developer),
        404,
        "webhook_delivery_not_found",
    );
    assert_eq!(replay_delivery(srv.sk().expect("sk")).status, 201);
}

/// The page path of a checkout URL (`/pay/pi_...?t=...`), to open it on the test server.
fn page_path(url: &str) -> &str {
    url.find("/pay/").map_or(url, |at| &url[at..])
}

#[test]
fn stored_events_keep_no_checkout_page_token_yet_serve_the_working_url() {
    let mut srv = TestServer::start_args(&["--webhook-egress", "local"]);
    let hook = Receiver::ok();
    let endpoint = json!({"url": hook.url(), "enabled_events": ["payment_intent.created", "checkout.session.*"]});
    made(srv.post("/webhook_endpoints", srv.sk(), &endpoint, None));
    // A payment intent (its checkout page), and a checkout session (its intent's).
    let intent = create(&srv, &body(json!({})));
    let session = made(srv.post(
        "/checkout_sessions",
        srv.sk(),
        &json!({"line_items": [{"name": "Rice 25 kg", "quantity": 1, "unit_amount_minor": 4500}],
                "currency": "CDF", "success_url": "https://shop.example/ok"}),
        Some(&ik()),
    ));
    let session_intent = session["payment_intent"]
        .as_str()
        .expect("the session's intent")
        .to_string();
    let session_url = srv
        .get(&format!("/payment_intents/{session_intent}"), srv.sk())
        .body["checkout_url"]
        .as_str()
        .expect("checkout_url")
        .to_string();
    let url = intent["checkout_url"]
        .as_str()
        .expect("checkout_url")
        .to_string();
    let mut tokens = Vec::new();
    for url in [&url, &session_url] {
        let token = url.split("t=").nth(1).expect("a page token").to_string();
        assert_eq!(token.len(), 32, "{url}");
        tokens.push(token);
    }

    // The feed and the delivery carry the URL with its token, and it opens the page.
    let events = srv.get("/events?type=payment_intent.created", srv.sk());
    let served: Vec<&str> = events.body["data"]
        .as_array()
        .expect("data")
        .iter()
        .filter_map(|e| e["data"]["object"]["checkout_url"].as_str())
        .collect();
    assert!(served.contains(&url.as_str()), "{events:?}");
    assert!(served.contains(&session_url.as_str()), "{events:?}");
    let delivered = hook.wait_for(2, Duration::from_secs(10));
    let delivered_urls: Vec<String> = delivered
        .iter()
        .filter_map(|r| {
            r.json()["data"]["object"]["checkout_url"]
                .as_str()
                .map(String::from)
        })
        .collect();
    assert!(delivered_urls.contains(&url), "{delivered:?}");
    let page = srv.root().get(page_path(&url), None);
    assert_eq!(page.status, 200, "{page:?}");

    // The store holds neither token, in any record, compressed or not.
    srv.kill();
    let store = stored_bytes(&srv.data_dir);
    for token in &tokens {
        let needle = format!("t={token}");
        assert!(
            !store.windows(needle.len()).any(|w| w == needle.as_bytes()),
            "a page token in the store file"
        );
    }
    srv.start_again();
    // After a restart the stored events still serve the working URL.
    let again = srv.get("/events?type=payment_intent.created", srv.sk());
    assert!(again.text.contains(url.as_str()), "{again:?}");
}
