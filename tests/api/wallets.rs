//! Wallets and wallet-to-wallet transfers between organisations (issue 18).

use std::time::Duration;

use serde_json::{Value, json};

use crate::support::ik;
use crate::support::intents::{SUCCEED, body, create, id_of, wait_for_status};
use crate::support::orgs::add_org;
use crate::support::{TestServer, assert_error, paygate};

/// A's (the instance's) and B's (`@beta`) organisations; A may be limited.
fn start(daily_limit: Option<i64>) -> (TestServer, Value) {
    TestServer::start_with_args(&["--sandbox-settlement-ms", "200"], |dir| {
        if let Some(limit) = daily_limit {
            paygate(&[
                "orgs",
                "set-limits",
                "--data-dir",
                dir.to_str().expect("path"),
                "--daily",
                &limit.to_string(),
            ])
            .assert_success();
        }
        add_org(dir, "@beta", "owner@beta.example")
    })
}

/// A is paid `amount` and the money settles to available.
fn fund_a(srv: &TestServer, amount: i64) {
    let paid = create(
        srv,
        &body(json!({"amount_minor": amount, "customer_msisdn": SUCCEED, "confirm": true})),
    );
    wait_for_status(srv, &id_of(&paid), "SETTLED", Duration::from_secs(10));
}

fn wallet(srv: &TestServer, key: Option<&str>, currency: &str) -> Value {
    let resp = srv.get("/wallets", key);
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body["data"]
        .as_array()
        .and_then(|w| w.iter().find(|w| w["currency"] == currency).cloned())
        .unwrap_or(json!({"available_minor": 0}))
}

fn available(srv: &TestServer, key: Option<&str>) -> i64 {
    wallet(srv, key, "CDF")["available_minor"]
        .as_i64()
        .expect("available")
}

fn transfer(srv: &TestServer, to: &str, amount: i64) -> crate::support::Resp {
    srv.post(
        "/transfers",
        srv.sk(),
        &json!({"to": to, "amount_minor": amount, "currency": "CDF", "note": "stock"}),
        Some(&ik()),
    )
}

#[test]
fn a_transfer_moves_money_between_two_organisations_and_each_side_sees_it() {
    let (srv, b) = start(None);
    let b_key = b["keys"]["secret_key"].as_str().expect("sk");
    // B's enabled currency shows as an empty wallet.
    let b_wallet = wallet(&srv, Some(b_key), "CDF");
    assert_eq!(b_wallet["available_minor"], 0, "{b_wallet}");
    assert!(
        b_wallet["id"]
            .as_str()
            .is_some_and(|i| i.starts_with("wal_"))
    );
    fund_a(&srv, 100_000);
    let before = available(&srv, srv.sk());
    let sent = transfer(&srv, "@Beta", 10_000);
    assert_eq!(sent.status, 201, "{sent:?}");
    assert_eq!(sent.body["status"], "SUCCEEDED");
    assert_eq!(sent.body["direction"], "outgoing");
    assert_eq!(sent.body["fee_minor"], 75, "75 bps of 10,000");
    assert_eq!(available(&srv, srv.sk()), before - 10_075);
    assert_eq!(available(&srv, Some(b_key)), 10_000);
    let id = sent.body["id"].as_str().expect("id");
    let seen_by_b = srv.get(&format!("/transfers/{id}"), Some(b_key));
    assert_eq!(seen_by_b.body["direction"], "incoming", "{seen_by_b:?}");
    assert_eq!(seen_by_b.body["amount_minor"], 10_000);
    // Both sides got the events.
    for key in [srv.sk(), Some(b_key)] {
        let events = srv.get("/events?type=transfer.succeeded", key);
        assert_eq!(
            events.body["data"][0]["data"]["object"]["id"], id,
            "{events:?}"
        );
    }
    // B sends some back, addressed by A's organisation id.
    let a_org = seen_by_b.body["from"].as_str().expect("from");
    let back = srv.post(
        "/transfers",
        Some(b_key),
        &json!({"to": a_org, "amount_minor": 1_000, "currency": "CDF"}),
        Some(&ik()),
    );
    assert_eq!(back.status, 201, "{back:?}");
    assert_eq!(available(&srv, Some(b_key)), 10_000 - 1_000 - 8);
    let back_id = back.body["id"].as_str().expect("id");
    // The list: each side pages its own view of both, newest first.
    let listed = |key: Option<&str>, query: &str| {
        let resp = srv.get(&format!("/transfers{query}"), key);
        assert_eq!(resp.status, 200, "{resp:?}");
        let rows: Vec<(String, String)> = resp.body["data"]
            .as_array()
            .expect("data")
            .iter()
            .map(|t| {
                (
                    t["id"].as_str().expect("id").to_string(),
                    t["direction"].as_str().expect("direction").to_string(),
                )
            })
            .collect();
        (rows, resp.body["next_cursor"].clone())
    };
    let pair = |id: &str, direction: &str| (id.to_string(), direction.to_string());
    assert_eq!(
        listed(srv.sk(), "").0,
        vec![pair(back_id, "incoming"), pair(id, "outgoing")]
    );
    assert_eq!(
        listed(Some(b_key), "").0,
        vec![pair(back_id, "outgoing"), pair(id, "incoming")]
    );
    assert_eq!(
        listed(Some(b_key), "?direction=incoming").0,
        vec![pair(id, "incoming")]
    );
    let (first, cursor) = listed(srv.sk(), "?limit=1");
    assert_eq!(first, vec![pair(back_id, "incoming")]);
    let cursor = cursor
        .as_str()
        .expect("a cursor while more follow")
        .to_string();
    let (second, end) = listed(srv.sk(), &format!("?limit=1&cursor={cursor}"));
    assert_eq!((second, end), (vec![pair(id, "outgoing")], Value::Null));
    for (query, param) in [
        ("?direction=sideways", "direction"),
        ("?cursor=pi_0000", "cursor"),
        ("?limit=0", "limit"),
    ] {
        let refused = srv.get(&format!("/transfers{query}"), srv.sk());
        assert_eq!(
            assert_error(&refused, 400, "validation_error")["param"],
            param,
            "{query}"
        );
    }
}

#[test]
fn bad_transfers_are_refused_naming_the_field_and_move_nothing() {
    let (srv, _) = start(None);
    fund_a(&srv, 20_000);
    let before = available(&srv, srv.sk());
    assert_eq!(
        assert_error(
            &transfer(&srv, "@nobody", 1_000),
            400,
            "recipient_not_found"
        )["param"],
        "to"
    );
    assert_eq!(
        assert_error(&transfer(&srv, "@beta", 99), 400, "invalid_amount")["param"],
        "amount_minor"
    );
    assert_eq!(
        assert_error(&transfer(&srv, "@beta", 0), 400, "invalid_amount")["param"],
        "amount_minor"
    );
    let broke = transfer(&srv, "@beta", before);
    assert_eq!(
        assert_error(&broke, 422, "insufficient_funds")["bp"],
        "BP-3001"
    );
    let currency = srv.post(
        "/transfers",
        srv.sk(),
        &json!({"to": "@beta", "amount_minor": 1_000, "currency": "XXX"}),
        Some(&ik()),
    );
    assert_eq!(
        assert_error(&currency, 400, "invalid_currency")["param"],
        "currency"
    );
    assert_eq!(available(&srv, srv.sk()), before, "a refusal moved money");
}

#[test]
fn transfers_to_yourself_are_refused() {
    let (srv, b) = start(None);
    let b_key = b["keys"]["secret_key"].as_str().expect("sk");
    let own = srv.post(
        "/transfers",
        Some(b_key),
        &json!({"to": "@beta", "amount_minor": 1_000, "currency": "CDF"}),
        Some(&ik()),
    );
    assert_eq!(assert_error(&own, 400, "self_transfer")["param"], "to");
}

/// 64 concurrent transfers that together exceed the balance never overdraw:
/// the single writer decides each against the balance the one before left.
#[test]
fn concurrent_transfers_never_overdraw() {
    let (srv, b) = start(None);
    let b_key = b["keys"]["secret_key"].as_str().expect("sk").to_string();
    fund_a(&srv, 20_000);
    let start = available(&srv, srv.sk());
    let statuses: Vec<u16> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..64)
            .map(|_| s.spawn(|| transfer(&srv, "@beta", 1_000).status))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("thread"))
            .collect()
    });
    let ok = statuses.iter().filter(|s| **s == 201).count() as i64;
    assert!(
        statuses.iter().all(|s| *s == 201 || *s == 422),
        "{statuses:?}"
    );
    assert_eq!(ok, start / 1_008, "as many as the balance covers");
    assert_eq!(available(&srv, srv.sk()), start - ok * 1_008);
    assert_eq!(available(&srv, Some(&b_key)), ok * 1_000);
}

/// The daily limit holds under concurrency: it is counted in the writer.
#[test]
fn the_daily_limit_holds_under_concurrent_transfers() {
    let (srv, _) = start(Some(10_000));
    fund_a(&srv, 200_000);
    let statuses: Vec<u16> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..32)
            .map(|_| s.spawn(|| transfer(&srv, "@beta", 1_000)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("thread").status)
            .collect()
    });
    assert_eq!(
        statuses.iter().filter(|s| **s == 201).count(),
        10,
        "{statuses:?}"
    );
    let refused = transfer(&srv, "@beta", 1_000);
    assert_eq!(
        assert_error(&refused, 422, "daily_limit_exceeded")["param"],
        "amount_minor"
    );
}

/// A transfer with an FX quote converts: the sender pays in its currency, the
/// recipient gets the quote's recipient amount in the target currency; the
/// quote is honoured once (issue 18 point 3).
#[test]
fn a_transfer_with_an_fx_quote_converts_once() {
    let (srv, b) = start(None);
    let b_key = b["keys"]["secret_key"].as_str().expect("sk");
    fund_a(&srv, 200_000);
    let before = available(&srv, srv.sk());
    let quote = srv.post(
        "/fx/quotes",
        srv.sk(),
        &json!({"amount_minor": 100_000, "currency": "CDF", "target_currency": "USD"}),
        None,
    );
    assert_eq!(quote.status, 201, "{quote:?}");
    let quote_id = quote.body["id"].as_str().expect("id");
    let recipient_amount = quote.body["recipient_amount_minor"]
        .as_i64()
        .expect("amount");
    assert!(recipient_amount > 0, "{quote:?}");
    let fx_fee = quote.body["fee_minor"].as_i64().expect("fee");
    let with_quote =
        json!({"to": "@beta", "amount_minor": 100_000, "currency": "CDF", "quote_id": quote_id});
    let sent = srv.post("/transfers", srv.sk(), &with_quote, Some(&ik()));
    assert_eq!(sent.status, 201, "{sent:?}");
    assert_eq!(sent.body["received_currency"], "USD");
    assert_eq!(sent.body["received_minor"], recipient_amount);
    // The sender paid the amount and the transfer fee; the FX fee is inside the amount.
    assert_eq!(available(&srv, srv.sk()), before - 100_000 - 750);
    assert_eq!(
        wallet(&srv, Some(b_key), "USD")["available_minor"],
        recipient_amount,
        "fx fee {fx_fee}"
    );
    let again = srv.post("/transfers", srv.sk(), &with_quote, Some(&ik()));
    assert_error(&again, 409, "quote_used");
    let other_amount =
        json!({"to": "@beta", "amount_minor": 5_000, "currency": "CDF", "quote_id": quote_id});
    let refused = srv.post("/transfers", srv.sk(), &other_amount, Some(&ik()));
    assert!(
        refused.status == 409 || refused.status == 400,
        "{refused:?}"
    );
}

/// `POST /transfers/quote`: fees, a locked FX quote when the currencies
/// differ (its id works as `quote_id`), and the payout rails ranked under
/// the policy (issue 18 point 4).
#[test]
fn a_transfer_quote_discloses_fees_fx_and_ranked_routes() {
    let (srv, _) = start(None);
    let quote = srv.post(
        "/transfers/quote",
        srv.sk(),
        &json!({"amount_minor": 10_000, "currency": "CDF", "target_currency": "USD",
                "destination": {"method": "mobile_money", "country": "CD"}, "policy": "cheapest"}),
        None,
    );
    assert_eq!(quote.status, 200, "{quote:?}");
    assert_eq!(quote.body["fee_minor"], 75);
    assert_eq!(quote.body["total_minor"], 10_075);
    assert_eq!(quote.body["fx"]["status"], "LOCKED", "{quote:?}");
    assert_eq!(
        quote.body["recipient_amount_minor"],
        quote.body["fx"]["recipient_amount_minor"]
    );
    let routes = quote.body["routes"].as_array().expect("routes");
    assert!(!routes.is_empty(), "{quote:?}");
    let scores: Vec<i64> = routes
        .iter()
        .map(|r| r["score"].as_i64().unwrap_or(-1))
        .collect();
    let usable: Vec<bool> = routes.iter().map(|r| r["usable"] == true).collect();
    // Usable first, then by score.
    for pair in routes
        .windows(2)
        .zip(scores.windows(2))
        .zip(usable.windows(2))
    {
        let ((_, s), u) = pair;
        assert!(
            u[0] >= u[1] && (u[0] != u[1] || s[0] >= s[1]),
            "{scores:?} {usable:?}"
        );
    }
    assert_eq!(routes[0]["rank"], 1);
    // Same currency: no FX, no routes for a wallet destination.
    let plain = srv.post(
        "/transfers/quote",
        srv.sk(),
        &json!({"amount_minor": 10_000, "currency": "CDF", "destination": {"method": "wallet"}}),
        None,
    );
    assert_eq!(plain.body["fx"], Value::Null, "{plain:?}");
    assert_eq!(plain.body["routes"], json!([]));
    assert_eq!(plain.body["recipient_amount_minor"], 10_000);
    let card = srv.post(
        "/transfers/quote",
        srv.sk(),
        &json!({"amount_minor": 10_000, "currency": "CDF", "source_method": "card"}),
        None,
    );
    assert_eq!(
        assert_error(&card, 400, "validation_error")["param"],
        "source_method"
    );
}

/// The owner changes the limits in a session (audited); a key cannot, and
/// the new limit holds at once.
#[test]
fn the_owner_changes_the_transfer_limits_in_a_session() {
    let (srv, _) = TestServer::start_with_args(&["--sandbox-settlement-ms", "200"], |dir| {
        crate::team::add_user(
            dir,
            crate::team::OWNER,
            "owner",
            crate::team::OWNER_PASSWORD,
            crate::team::OWNER_PIN,
        );
        crate::team::add_user(
            dir,
            crate::team::DEV,
            "developer",
            crate::team::DEV_PASSWORD,
            crate::team::DEV_PIN,
        );
        add_org(dir, "@beta", "owner@beta.example")
    });
    let defaults = srv.get("/transfer_limits", srv.sk());
    assert_eq!(defaults.body["daily_minor"], 500_000_000, "{defaults:?}");
    let owner = crate::team::login(&srv, crate::team::OWNER, crate::team::OWNER_PASSWORD);
    let dev = crate::team::login(&srv, crate::team::DEV, crate::team::DEV_PASSWORD);
    let change = json!({"daily_minor": 2_000});
    assert_error(
        &srv.request(
            "PUT",
            "/transfer_limits",
            &[
                ("Authorization", &format!("Bearer {}", srv.secret_key)),
                ("Content-Type", "application/json"),
            ],
            Some(change.to_string().into_bytes()),
        ),
        403,
        "session_required",
    );
    let by_dev = srv.request(
        "PUT",
        "/transfer_limits",
        &[
            ("Authorization", &format!("Bearer {dev}")),
            ("Content-Type", "application/json"),
        ],
        Some(change.to_string().into_bytes()),
    );
    assert_error(&by_dev, 403, "role_denied");
    let by_owner = srv.request(
        "PUT",
        "/transfer_limits",
        &[
            ("Authorization", &format!("Bearer {owner}")),
            ("Content-Type", "application/json"),
        ],
        Some(change.to_string().into_bytes()),
    );
    assert_eq!(by_owner.status, 200, "{by_owner:?}");
    assert_eq!(by_owner.body["daily_minor"], 2_000);
    fund_a(&srv, 20_000);
    assert_eq!(transfer(&srv, "@beta", 1_500).status, 201);
    assert_error(&transfer(&srv, "@beta", 1_000), 422, "daily_limit_exceeded");
    let audit = srv.get("/audit_log", Some(&owner));
    assert!(
        audit.body["data"]
            .as_array()
            .is_some_and(|d| d.iter().any(|e| e["action"] == "transfer_limits.updated")),
        "{audit:?}"
    );
}

/// The ownership rule's variant, end to end: a transfer is its sender's and
/// its recipient's to read (owner or counterparty), nobody else's, and not
/// in the other mode; its ledger transaction is the sender's only (owner).
#[test]
fn a_transfer_is_read_by_its_two_parties_only_and_its_transaction_by_the_sender_only() {
    let (srv, (b, c)) = TestServer::start_with_args(&["--sandbox-settlement-ms", "200"], |dir| {
        (
            add_org(dir, "@beta", "owner@beta.example"),
            add_org(dir, "@gamma", "owner@gamma.example"),
        )
    });
    let b_key = b["keys"]["secret_key"].as_str().expect("sk");
    let c_key = c["keys"]["secret_key"].as_str().expect("sk");
    fund_a(&srv, 50_000);
    let sent = transfer(&srv, "@beta", 10_000);
    assert_eq!(sent.status, 201, "{sent:?}");
    let id = sent.body["id"].as_str().expect("id");
    let txn = sent.body["transaction"].as_str().expect("transaction");
    for key in [srv.sk(), Some(b_key)] {
        let seen = srv.get(&format!("/transfers/{id}"), key);
        assert_eq!(seen.status, 200, "{seen:?}");
    }
    let unseen = srv.get(&format!("/transfers/{id}"), Some(c_key));
    assert_error(&unseen, 404, "transfer_not_found");
    // An id of another kind is not found either, for a party.
    let other_kind = srv.get(&format!("/transfers/{txn}"), srv.sk());
    assert_error(&other_kind, 404, "transfer_not_found");
    let posting = srv.get(&format!("/transactions/{txn}"), srv.sk());
    assert_eq!(posting.status, 200, "{posting:?}");
    for key in [b_key, c_key] {
        let refused = srv.get(&format!("/transactions/{txn}"), Some(key));
        assert_error(&refused, 404, "transaction_not_found");
    }
}
