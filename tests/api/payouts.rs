//! Single payouts (issue 19 point 1): to a mobile-money number or a bank
//! account through the sandbox rail, with the money checked at each step.

use std::time::Duration;

use serde_json::{Value, json};

use crate::support::balances::fund;
use crate::support::clocks::{advance, new_clock};
use crate::support::events::object_ids;
use crate::support::ik;
use crate::support::intents::{SUCCEED, id_of};
use crate::support::{Resp, TestServer, assert_error, create_key};

fn start() -> TestServer {
    TestServer::start_args(&["--sandbox-settlement-ms", "200"])
}

/// (available, in transit) in CDF, from `GET /wallets`; `GET /balance` agrees.
#[track_caller]
fn money(srv: &TestServer, key: Option<&str>) -> (i64, i64) {
    let wallets = srv.get("/wallets", key);
    assert_eq!(wallets.status, 200, "{wallets:?}");
    let wallet = wallets.body["data"]
        .as_array()
        .and_then(|w| w.iter().find(|w| w["currency"] == "CDF").cloned())
        .unwrap_or(json!({"available_minor": 0, "in_transit_minor": 0}));
    let found = (
        wallet["available_minor"].as_i64().expect("available"),
        wallet["in_transit_minor"].as_i64().expect("in transit"),
    );
    let balance = srv.get("/balance", key);
    let cdf = balance.body["balances"]
        .as_array()
        .and_then(|b| b.iter().find(|b| b["currency"] == "CDF").cloned())
        .unwrap_or(json!({"available_minor": 0, "in_transit_minor": 0}));
    assert_eq!(
        (
            cdf["available_minor"].as_i64(),
            cdf["in_transit_minor"].as_i64()
        ),
        (Some(found.0), Some(found.1)),
        "{balance:?}"
    );
    found
}

fn mobile(phone: &str) -> Value {
    json!({"method": "mobile_money", "operator_id": "mpesa_cd", "phone": phone, "name": "Amani"})
}

fn bank(account_number: &str) -> Value {
    json!({"method": "bank", "bank_name": "Rawbank", "account_name": "Amani Traders",
           "account_number": account_number, "country": "CD", "swift": "RAWBCDKI"})
}

fn pay_out(srv: &TestServer, key: Option<&str>, amount: i64, destination: Value) -> Resp {
    srv.post(
        "/payouts",
        key,
        &json!({"amount_minor": amount, "currency": "CDF", "destination": destination,
                "description": "supplier"}),
        Some(&ik()),
    )
}

#[track_caller]
fn created(srv: &TestServer, amount: i64, destination: Value) -> Value {
    let resp = pay_out(srv, srv.sk(), amount, destination);
    assert_eq!(resp.status, 201, "{resp:?}");
    resp.body
}

/// A posting's entries as (owner, class, amount).
fn entries(srv: &TestServer, transaction: &Value) -> Vec<(String, String, i64)> {
    let id = transaction.as_str().expect("a transaction id");
    let resp = srv.get(&format!("/transactions/{id}"), srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| {
            (
                e["owner"].as_str().unwrap_or_default().to_string(),
                e["class"].as_str().unwrap_or_default().to_string(),
                e["amount_minor"].as_i64().unwrap_or_default(),
            )
        })
        .collect()
}

fn payout_ids(list: &Value) -> Vec<String> {
    list["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|p| p["id"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn a_paid_payout_moves_amount_through_in_transit_to_the_rail_with_its_fee_on_a_separate_line() {
    let srv = start();
    fund(&srv, 100_000);
    let (before, _) = money(&srv, srv.sk());
    let paid = created(&srv, 10_000, mobile(SUCCEED));
    assert_eq!(paid["status"], "PAID", "{paid}");
    assert_eq!(
        (paid["fee_minor"].as_i64(), paid["total_minor"].as_i64()),
        (Some(70), Some(10_070))
    );
    assert_eq!(paid["destination"]["operator"], "mpesa");
    assert!(
        paid["reference"]
            .as_str()
            .is_some_and(|r| r.starts_with("PO"))
    );
    assert!(paid["completed_at"].is_string() && paid["failure_reason"].is_null());
    assert_eq!(money(&srv, srv.sk()), (before - 10_070, 0));
    // The funding posting: amount to in transit, the fee to revenue, each its own line.
    let funding = entries(&srv, &paid["transaction"]);
    for line in [
        ("available", -10_000),
        ("in_transit", 10_000),
        ("available", -70),
        ("system", 70),
    ] {
        assert!(
            funding
                .iter()
                .any(|(_, class, amount)| (class.as_str(), *amount) == line),
            "{line:?} in {funding:?}"
        );
    }
    assert!(
        funding
            .iter()
            .any(|(owner, _, amount)| owner == "sys.fee_revenue" && *amount == 70)
    );
    let settled = entries(&srv, &paid["paid_transaction"]);
    assert!(
        settled.iter().any(
            |(owner, _, amount)| owner == "sys.rail_clearing.mobile_money" && *amount == 10_000
        ),
        "{settled:?}"
    );
    // A bank account is paid the same way, on the bank rail.
    let to_bank = created(&srv, 20_000, bank("0012-3456-789"));
    assert_eq!(to_bank["status"], "PAID", "{to_bank}");
    assert_eq!(to_bank["destination"]["account_number"], "00123456789");
    let settled = entries(&srv, &to_bank["paid_transaction"]);
    assert!(
        settled
            .iter()
            .any(|(owner, _, _)| owner == "sys.rail_clearing.bank"),
        "{settled:?}"
    );
    assert_eq!(money(&srv, srv.sk()), (before - 10_070 - 20_140, 0));
    let id = id_of(&paid);
    assert_eq!(
        object_ids(&srv, "payout.created"),
        [id_of(&to_bank), id.clone()]
    );
    assert_eq!(
        object_ids(&srv, "payout.succeeded"),
        [id_of(&to_bank), id.clone()]
    );
    // The origin's names for the same event select it too.
    assert_eq!(object_ids(&srv, "payout.completed").len(), 2);
    let one = srv.get(&format!("/payouts/{id}"), srv.sk());
    assert_eq!(one.body, paid, "{one:?}");
}

#[test]
fn failed_payouts_return_amount_and_fee_and_an_unknown_outcome_holds_the_money_for_review() {
    let srv = start();
    fund(&srv, 100_000);
    let (before, _) = money(&srv, srv.sk());
    for (destination, reason) in [
        (mobile("+243000000404"), "invalid_account"),
        (bank("000000503"), "provider_unavailable"),
    ] {
        let failed = created(&srv, 10_000, destination);
        assert_eq!(failed["status"], "FAILED", "{failed}");
        assert_eq!(failed["failure_reason"], reason);
        assert_eq!(money(&srv, srv.sk()), (before, 0), "{reason}: all returned");
        let returned = entries(&srv, &failed["return_transaction"]);
        for line in [
            ("in_transit", -10_000),
            ("available", 10_000),
            ("system", -70),
            ("available", 70),
        ] {
            assert!(
                returned
                    .iter()
                    .any(|(_, class, amount)| (class.as_str(), *amount) == line),
                "{line:?} in {returned:?}"
            );
        }
    }
    assert_eq!(object_ids(&srv, "payout.failed").len(), 2);
    let held = created(&srv, 10_000, mobile("+243000000408"));
    assert_eq!(held["status"], "NEEDS_REVIEW", "{held}");
    assert!(held["completed_at"].is_null());
    assert_eq!(money(&srv, srv.sk()), (before - 10_070, 10_000));
    assert_eq!(object_ids(&srv, "payout.needs_review"), [id_of(&held)]);
}

#[test]
fn a_payout_beyond_the_available_balance_is_422_and_nothing_moves() {
    let srv = start();
    fund(&srv, 20_000);
    let (before, _) = money(&srv, srv.sk());
    // The amount alone fits; with its fee it does not.
    let resp = pay_out(&srv, srv.sk(), before, mobile(SUCCEED));
    let error = assert_error(&resp, 422, "insufficient_funds");
    assert_eq!(
        (error["bp"].as_str(), error["param"].as_str()),
        (Some("BP-3001"), Some("amount_minor"))
    );
    assert_eq!(money(&srv, srv.sk()), (before, 0));
    assert_eq!(
        payout_ids(&srv.get("/payouts", srv.sk()).body),
        Vec::<String>::new()
    );
    assert!(object_ids(&srv, "payout.created").is_empty());
    // Half of it pays, with its fee (70 bps, half up) on top.
    let half = before / 2;
    let fee = ((half * 70 + 5_000) / 10_000).max(1);
    let fits = created(&srv, half, mobile(SUCCEED));
    assert_eq!(
        (fits["fee_minor"].as_i64(), fits["status"].as_str()),
        (Some(fee), Some("PAID"))
    );
    assert_eq!(money(&srv, srv.sk()), (before - half - fee, 0));
}

#[test]
fn bad_payouts_are_refused_naming_the_field_and_write_nothing() {
    let srv = start();
    fund(&srv, 50_000);
    let (before, _) = money(&srv, srv.sk());
    let post = |input: Value| srv.post("/payouts", srv.sk(), &input, Some(&ik()));
    let with = |destination: Value| json!({"amount_minor": 1_000, "currency": "CDF", "destination": destination});
    let cases = [
        (
            json!({"amount_minor": 99, "currency": "CDF", "destination": mobile(SUCCEED)}),
            400,
            "invalid_amount",
            "amount_minor",
        ),
        (
            json!({"amount_minor": 1_000, "currency": "XXX", "destination": mobile(SUCCEED)}),
            400,
            "invalid_currency",
            "currency",
        ),
        (
            json!({"amount_minor": 1_000, "currency": "CDF"}),
            400,
            "validation_error",
            "destination",
        ),
        (
            json!({"amount_minor": 1_000, "currency": "CDF", "destination": mobile(SUCCEED), "description": "x".repeat(201)}),
            400,
            "validation_error",
            "description",
        ),
        (
            json!({"amount_minor": 1_000, "currency": "CDF", "destination": mobile(SUCCEED), "tip": 1}),
            400,
            "validation_error",
            "tip",
        ),
        (
            with(json!({"method": "wallet"})),
            400,
            "validation_error",
            "destination.method",
        ),
        (
            with(json!({"method": "mobile_money", "operator_id": "mpesa_cd", "phone": "12345"})),
            400,
            "validation_error",
            "destination.phone",
        ),
        (
            with(json!({"method": "mobile_money", "operator_id": "mpesa_cd"})),
            400,
            "validation_error",
            "destination.phone",
        ),
        (
            with(json!({"method": "mobile_money", "operator_id": "paypal_cd", "phone": SUCCEED})),
            404,
            "operator_not_found",
            "destination.operator_id",
        ),
        (
            with(json!({"method": "mobile_money", "operator_id": "mtn_ug", "phone": SUCCEED})),
            422,
            "payout_unavailable",
            "destination.operator_id",
        ),
        (
            with(
                json!({"method": "mobile_money", "operator_id": "mpesa_cd", "phone": SUCCEED, "swift": "RAWBCDKI"}),
            ),
            400,
            "validation_error",
            "destination.swift",
        ),
        (
            with(
                json!({"method": "bank", "bank_name": "Rawbank", "account_name": "A", "account_number": "123456", "country": "CD"}),
            ),
            400,
            "validation_error",
            "destination.account_name",
        ),
        (
            with(
                json!({"method": "bank", "bank_name": "Rawbank", "account_name": "Amani", "account_number": "123", "country": "CD"}),
            ),
            400,
            "validation_error",
            "destination.account_number",
        ),
        (
            with(
                json!({"method": "bank", "bank_name": "Rawbank", "account_name": "Amani", "account_number": "123456", "country": "Congo"}),
            ),
            400,
            "validation_error",
            "destination.country",
        ),
        (
            with(
                json!({"method": "bank", "bank_name": "Rawbank", "account_name": "Amani", "account_number": "123456"}),
            ),
            400,
            "validation_error",
            "destination.country",
        ),
        (
            with(json!({"method": "bank", "bank_account_id": "ba_123"})),
            404,
            "bank_account_not_found",
            "destination.bank_account_id",
        ),
    ];
    for (input, status, code, param) in cases {
        let resp = post(input.clone());
        let error = assert_error(&resp, status, code);
        assert_eq!(error["param"], param, "{input}: {resp:?}");
    }
    assert_eq!(money(&srv, srv.sk()), (before, 0));
    assert_eq!(
        payout_ids(&srv.get("/payouts", srv.sk()).body),
        Vec::<String>::new()
    );
    assert!(object_ids(&srv, "payout.created").is_empty());
}

#[test]
fn a_replayed_payout_answers_the_same_payout_and_pays_once() {
    let srv = start();
    fund(&srv, 50_000);
    let (before, _) = money(&srv, srv.sk());
    let key = ik();
    let input = json!({"amount_minor": 5_000, "currency": "CDF", "destination": mobile(SUCCEED)});
    let first = srv.post("/payouts", srv.sk(), &input, Some(&key));
    let again = srv.post("/payouts", srv.sk(), &input, Some(&key));
    assert_eq!((first.status, again.status), (201, 201), "{again:?}");
    assert_eq!(first.text, again.text, "a replay answers the stored bytes");
    assert_eq!(money(&srv, srv.sk()), (before - 5_035, 0));
    assert_eq!(payout_ids(&srv.get("/payouts", srv.sk()).body).len(), 1);
    let changed = json!({"amount_minor": 6_000, "currency": "CDF", "destination": mobile(SUCCEED)});
    let reused = srv.post("/payouts", srv.sk(), &changed, Some(&key));
    assert_error(&reused, 409, "idempotency_key_reused");
    let without = srv.post("/payouts", srv.sk(), &input, None);
    assert_error(&without, 400, "idempotency_key_required");
    assert_eq!(money(&srv, srv.sk()), (before - 5_035, 0));
}

#[test]
fn payouts_are_listed_newest_first_by_status_and_created_range_a_page_at_a_time() {
    let srv = start();
    fund(&srv, 100_000);
    // A few milliseconds apart, so that the created range can tell them apart.
    let mut paid = Vec::new();
    for _ in 0..3 {
        paid.push(created(&srv, 1_000, mobile(SUCCEED)));
        std::thread::sleep(Duration::from_millis(5));
    }
    let failed = created(&srv, 1_000, mobile("+243000000404"));
    let list = |query: &str| {
        let resp = srv.get(&format!("/payouts{query}"), srv.sk());
        assert_eq!(resp.status, 200, "{query}: {resp:?}");
        resp.body
    };
    let all = list("");
    let newest_first: Vec<String> = [&failed, &paid[2], &paid[1], &paid[0]]
        .iter()
        .map(|p| id_of(p))
        .collect();
    assert_eq!(payout_ids(&all), newest_first);
    assert_eq!(payout_ids(&list("?status=FAILED")), [id_of(&failed)]);
    assert_eq!(payout_ids(&list("?status=PAID")).len(), 3);
    // Pages of two, with a cursor.
    let first = list("?limit=2");
    assert_eq!(
        (first["has_more"].as_bool(), payout_ids(&first)),
        (Some(true), newest_first[..2].to_vec())
    );
    let cursor = first["next_cursor"].as_str().expect("cursor");
    let second = list(&format!("?limit=2&cursor={cursor}"));
    assert_eq!(payout_ids(&second), newest_first[2..].to_vec());
    // Created range: [since, until).
    let at = |p: &Value| p["created_at"].as_str().expect("created_at").to_string();
    let range = list(&format!("?since={}&until={}", at(&paid[1]), at(&failed)));
    assert_eq!(payout_ids(&range), [id_of(&paid[2]), id_of(&paid[1])]);
    for (query, param) in [
        ("?limit=0", "limit"),
        ("?limit=201", "limit"),
        ("?cursor=pi_1", "cursor"),
        ("?status=DONE", "status"),
        ("?since=yesterday", "since"),
    ] {
        let resp = srv.get(&format!("/payouts{query}"), srv.sk());
        assert_eq!(
            assert_error(&resp, 400, "validation_error")["param"],
            param,
            "{query}"
        );
    }
    let unknown = srv.get("/payouts/po_01nosuchpayout", srv.sk());
    assert_error(&unknown, 404, "payout_not_found");
    let other_kind = srv.get(
        &format!("/payouts/{}", paid[0]["transaction"].as_str().expect("txn")),
        srv.sk(),
    );
    assert_error(&other_kind, 404, "payout_not_found");
}

#[test]
fn a_pending_payout_is_processing_until_the_test_clock_passes_six_seconds_then_paid() {
    let srv = start();
    fund(&srv, 50_000);
    let (before, _) = money(&srv, srv.sk());
    let clock = new_clock(&srv, true);
    let clock = clock["id"].as_str().expect("clock id");
    let pending = created(&srv, 10_000, mobile("+243000000500"));
    assert_eq!(pending["status"], "PROCESSING", "{pending}");
    assert_eq!(pending["created_at"], "2027-01-01T00:00:00.000Z");
    let id = id_of(&pending);
    assert_eq!(
        object_ids(&srv, "payout.processing"),
        std::slice::from_ref(&id)
    );
    assert_eq!(money(&srv, srv.sk()), (before - 10_070, 10_000));
    // Real time passes; the sandbox's does not.
    std::thread::sleep(Duration::from_millis(300));
    advance(&srv, clock, "2027-01-01T00:00:05Z");
    let still = srv.get(&format!("/payouts/{id}"), srv.sk()).body;
    assert_eq!(still["status"], "PROCESSING", "{still}");
    let ready = advance(&srv, clock, "2027-01-01T00:00:07Z");
    assert_eq!(ready["timers_fired"], 1, "{ready}");
    let paid = srv.get(&format!("/payouts/{id}"), srv.sk()).body;
    assert_eq!(paid["status"], "PAID", "{paid}");
    assert_eq!(paid["completed_at"], "2027-01-01T00:00:06.000Z");
    assert_eq!(money(&srv, srv.sk()), (before - 10_070, 0));
    assert_eq!(object_ids(&srv, "payout.succeeded"), [id]);
}

#[test]
fn a_pending_payout_survives_a_kill_and_is_paid_exactly_once_after_the_restart() {
    let mut srv = start();
    fund(&srv, 50_000);
    let (before, _) = money(&srv, srv.sk());
    let clock = new_clock(&srv, true);
    let clock = clock["id"].as_str().expect("clock id").to_string();
    let key = ik();
    let input =
        json!({"amount_minor": 10_000, "currency": "CDF", "destination": bank("000000500")});
    let first = srv.post("/payouts", srv.sk(), &input, Some(&key));
    assert_eq!(first.status, 201, "{first:?}");
    assert_eq!(first.body["status"], "PROCESSING");
    srv.restart();
    // The client retries after the crash: the same payout, not a second one.
    let retried = srv.post("/payouts", srv.sk(), &input, Some(&key));
    assert_eq!(retried.text, first.text, "{retried:?}");
    assert_eq!(money(&srv, srv.sk()), (before - 10_070, 10_000));
    // The durable poll waited in the store through the kill.
    advance(&srv, &clock, "2027-01-01T00:01:00Z");
    let id = id_of(&first.body);
    let paid = srv.get(&format!("/payouts/{id}"), srv.sk()).body;
    assert_eq!(paid["status"], "PAID", "{paid}");
    srv.restart();
    advance(&srv, &clock, "2027-01-02T00:00:00Z");
    assert_eq!(money(&srv, srv.sk()), (before - 10_070, 0));
    assert_eq!(object_ids(&srv, "payout.succeeded"), [id]);
    assert_eq!(payout_ids(&srv.get("/payouts", srv.sk()).body).len(), 1);
    // `paygate verify` runs on drop.
}

#[test]
fn payouts_need_their_scopes_and_live_keys_without_a_connector_move_nothing() {
    let (srv, (reader, stranger, live)) =
        TestServer::start_with_args(&["--sandbox-settlement-ms", "200"], |dir| {
            (
                create_key(dir, "rk", "test", &["payouts:read"]),
                create_key(dir, "rk", "test", &["balance:read"]),
                create_key(dir, "sk", "live", &[]),
            )
        });
    fund(&srv, 20_000);
    let (before, _) = money(&srv, srv.sk());
    let refused = pay_out(&srv, Some(&reader), 1_000, mobile(SUCCEED));
    assert_error(&refused, 403, "scope_denied");
    assert_eq!(srv.get("/payouts", Some(&reader)).status, 200);
    assert_error(&srv.get("/payouts", Some(&stranger)), 403, "scope_denied");
    let paid = created(&srv, 1_000, mobile(SUCCEED));
    let id = id_of(&paid);
    assert_eq!(
        srv.get(&format!("/payouts/{id}"), Some(&reader)).status,
        200
    );
    assert_error(
        &srv.get(&format!("/payouts/{id}"), Some(&stranger)),
        403,
        "scope_denied",
    );
    // A live key sees no test payout, and a live payout has no connector.
    assert_error(
        &srv.get(&format!("/payouts/{id}"), Some(&live)),
        404,
        "payout_not_found",
    );
    let live_payout = pay_out(&srv, Some(&live), 1_000, mobile(SUCCEED));
    assert_error(&live_payout, 422, "rail_not_configured");
    assert_eq!(
        payout_ids(&srv.get("/payouts", Some(&live)).body),
        Vec::<String>::new()
    );
    assert_eq!(money(&srv, srv.sk()), (before - 1_007, 0));
}

#[test]
fn the_sandbox_lists_its_payout_numbers() {
    let srv = start();
    let sandbox = srv.get("/sandbox", None);
    assert_eq!(sandbox.status, 200, "{sandbox:?}");
    let numbers = sandbox.body["payout_numbers"]
        .as_array()
        .expect("payout_numbers");
    let outcomes: Vec<(&str, &str, &str)> = numbers
        .iter()
        .map(|n| {
            (
                n["phone"].as_str().unwrap_or_default(),
                n["outcome"].as_str().unwrap_or_default(),
                n["payout_ends"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        outcomes,
        [
            ("+243000000501", "paid", "PAID"),
            ("+243000000404", "invalid_account", "FAILED"),
            ("+243000000503", "provider_unavailable", "FAILED"),
            ("+243000000500", "pending_then_paid", "PAID"),
            ("+243000000408", "unknown", "NEEDS_REVIEW"),
        ]
    );
    assert!(
        numbers
            .iter()
            .all(|n| n["account_number"].is_string() && n["behaviour"].is_string())
    );
}

/// Issue 44 finding 10: an insufficient_funds refusal names the available
/// balance only to a caller who may read balances (balance:read).
#[test]
fn insufficient_funds_names_the_balance_only_to_a_reader_of_balances() {
    let (srv, (payouts_only, with_balance)) =
        TestServer::start_with_args(&["--sandbox-settlement-ms", "200"], |dir| {
            (
                create_key(dir, "rk", "test", &["payouts:write"]),
                create_key(dir, "rk", "test", &["payouts:write", "balance:read"]),
            )
        });
    fund(&srv, 20_000);
    let (available, _) = money(&srv, srv.sk());
    assert!(available > 0);
    let held = format!("holds {available} ");
    for (key, may_read) in [
        (srv.sk().expect("sk"), true),
        (with_balance.as_str(), true),
        (payouts_only.as_str(), false),
    ] {
        let refused = pay_out(&srv, Some(key), 10_000_000, mobile(SUCCEED));
        let err = assert_error(&refused, 422, "insufficient_funds");
        let message = err["message"].as_str().unwrap_or_default();
        assert_eq!(message.contains(&held), may_read, "{message}");
        assert!(!may_read || message.contains("10000000"), "{message}");
        assert!(
            may_read || !message.contains(&available.to_string()),
            "{message}"
        );
    }
    assert_eq!(money(&srv, srv.sk()), (available, 0), "nothing moved");
}
