//! Remittances (issue 22, spec 4.7): the origin's quote, one remittance of
//! each payout method with its money, and the corridor's refusals, the
//! monthly limit crossed on a test clock. Every server runs `paygate
//! verify` when dropped.

use serde_json::{Value, json};

use crate::routes::start;
use crate::support::balances::{fund, money};
use crate::support::clocks::{advance, new_clock};
use crate::support::ik;
use crate::support::{Resp, TestServer, assert_error};

fn remit(srv: &TestServer, input: &Value) -> Resp {
    srv.post("/remittances", srv.sk(), input, Some(&ik()))
}

#[track_caller]
fn sent(srv: &TestServer, input: &Value) -> Value {
    let resp = remit(srv, input);
    assert_eq!(resp.status, 201, "{resp:?}");
    resp.body
}

fn cdf(amount: i64, method: &str, recipient: Value) -> Value {
    json!({"amount_minor": amount, "currency": "CDF", "payout_method": method, "recipient": recipient,
           "note": "for the family", "purpose": "REMITTANCE"})
}

#[test]
fn the_quote_adds_the_fee_on_top_and_converts_the_whole_amount() {
    let (srv, _, _dir) = start(None);
    let resp = srv.get(
        "/remittances/quote?amount_minor=10000&target_currency=CDF",
        srv.sk(),
    );
    assert_eq!(resp.status, 200, "{resp:?}");
    let q = &resp.body;
    // USD by default; 100 USD at 2800 less 100 bps = 2772: 277,200.00 CDF.
    assert_eq!(q["source_currency"], "USD");
    assert_eq!(q["rate"], "2772");
    assert_eq!(q["target_amount_minor"], 27_720_000);
    assert_eq!(
        (q["fee_minor"].as_i64(), q["total_minor"].as_i64()),
        (Some(100), Some(10_100))
    );
    let bad = srv.get(
        "/remittances/quote?amount_minor=0&target_currency=CDF",
        srv.sk(),
    );
    assert_eq!(
        assert_error(&bad, 400, "invalid_amount")["param"],
        "amount_minor"
    );
    let odd = srv.get(
        "/remittances/quote?amount_minor=100&target_currency=XXX",
        srv.sk(),
    );
    assert_eq!(
        assert_error(&odd, 400, "invalid_currency")["param"],
        "target_currency"
    );
}

#[test]
fn a_remittance_of_each_payout_method_moves_its_money_and_sets_its_status() {
    let (srv, beta, _dir) = start(None);
    let beta_key = beta["keys"]["secret_key"].as_str().expect("sk");
    fund(&srv, 5_000_000);
    let (before, _, _) = money(&srv, srv.sk(), "CDF");
    // To a wallet: completed at once, the whole amount to the recipient, 1 % on top.
    let wallet = sent(
        &srv,
        &cdf(100_000, "wallet", json!({"tag": "beta", "name": "Beta"})),
    );
    assert_eq!(wallet["status"], "completed", "{wallet}");
    assert_eq!(
        (wallet["fee_minor"].as_i64(), wallet["total_minor"].as_i64()),
        (Some(1_000), Some(101_000))
    );
    assert_eq!(wallet["target_amount_minor"], 100_000);
    assert_eq!(wallet["route_stage"], "SETTLED");
    assert_eq!(money(&srv, Some(beta_key), "CDF").0, 100_000);
    // To mobile money and to a bank: paid, and the payout's own fee is part of the remittance fee.
    let mobile = sent(
        &srv,
        &cdf(
            100_000,
            "mobile_money",
            json!({"name": "Amani", "phone": "+243810000001", "operator_id": "airtel_cd", "country": "CD"}),
        ),
    );
    assert_eq!(mobile["status"], "completed", "{mobile}");
    let route = srv
        .get(
            &format!("/routes/{}", mobile["route"].as_str().expect("route")),
            srv.sk(),
        )
        .body;
    assert_eq!(route["payout"]["amount_minor"], 100_000);
    assert_eq!(route["payout"]["status"], "PAID");
    let bank = sent(
        &srv,
        &cdf(
            100_000,
            "bank",
            json!({"name": "Amani Traders", "bank_name": "Rawbank",
        "account_number": "000000501", "country": "CD", "swift": "RAWBCDKI"}),
        ),
    );
    assert_eq!(bank["status"], "completed", "{bank}");
    // Cash pickup: the cash waits behind a code.
    let cash = sent(
        &srv,
        &cdf(
            100_000,
            "cash_pickup",
            json!({"name": "Amani", "phone": "+243810000001"}),
        ),
    );
    assert_eq!(cash["status"], "ready_for_pickup", "{cash}");
    let code = cash["pickup_code"].as_str().expect("a pickup code");
    assert!(code.len() == 9 && code.as_bytes()[4] == b'-', "{code}");
    // Four remittances of 101,000 each left the wallet; the cash waits in escrow.
    let (after, escrow, in_transit) = money(&srv, srv.sk(), "CDF");
    assert_eq!(before - after, 4 * 101_000);
    assert_eq!((escrow, in_transit), (100_000, 0));
    let listed = srv.get("/remittances", srv.sk()).body;
    let ids: Vec<&str> = listed["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|r| r["id"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(
        ids,
        [&cash["id"], &bank["id"], &mobile["id"], &wallet["id"]]
            .map(|v| v.as_str().unwrap_or_default())
    );
    let events = srv.get("/events?type=remittance.completed", srv.sk()).body;
    assert_eq!(events["data"].as_array().map(Vec::len), Some(3));
    // A cash pickup from a processor, and a wallet with no address, are refused.
    let mut funded = cdf(10_000, "cash_pickup", json!({"name": "Amani"}));
    funded["source"] =
        json!({"method": "mobile_money", "operator_id": "mpesa", "phone": "+243000000501"});
    assert_error(&remit(&srv, &funded), 400, "cash_pickup_wallet_only");
    let nobody = remit(&srv, &cdf(10_000, "wallet", json!({"name": "Nobody"})));
    assert_eq!(
        assert_error(&nobody, 400, "validation_error")["param"],
        "recipient.tag"
    );
    let unknown = remit(&srv, &cdf(10_000, "wallet", json!({"tag": "nobody"})));
    assert_eq!(
        assert_error(&unknown, 400, "recipient_not_found")["param"],
        "recipient.tag"
    );
    let no_name = remit(
        &srv,
        &cdf(
            10_000,
            "bank",
            json!({"bank_name": "Rawbank", "account_number": "000000501", "country": "CD"}),
        ),
    );
    assert_eq!(
        assert_error(&no_name, 400, "validation_error")["param"],
        "recipient.name"
    );
}

#[test]
fn a_cancelled_cash_pickup_returns_its_money_and_the_remittance_is_refunded() {
    let (srv, _, _dir) = start(None);
    fund(&srv, 1_000_000);
    let (before, _, _) = money(&srv, srv.sk(), "CDF");
    let cash = sent(&srv, &cdf(100_000, "cash_pickup", json!({"name": "Amani"})));
    let route = cash["route"].as_str().expect("route");
    let cancel = srv.post(
        &format!("/routes/{route}/cancel"),
        srv.sk(),
        &json!({"reason": "collected elsewhere"}),
        None,
    );
    assert_eq!(
        (cancel.status, &cancel.body["stage"]),
        (200, &json!("REFUNDED")),
        "{cancel:?}"
    );
    assert_eq!(money(&srv, srv.sk(), "CDF"), (before, 0, 0));
    let listed = srv.get("/remittances", srv.sk()).body;
    assert_eq!(listed["data"][0]["status"], "refunded");
}

#[test]
fn corridor_rules_and_the_monthly_limit_refuse_a_remittance_inside_the_writer() {
    let config = json!({"corridors": [
        {"pair": "CDF-CDF", "status": "sandbox", "per_transfer_limit_minor": 80_000, "monthly_limit_minor": 100_000},
        {"pair": "CDF-USD", "status": "suspended"},
        {"pair": "CDF-KES", "status": "sandbox", "purposes": ["SCHOOL"], "purpose_required": true}
    ]});
    let (srv, _, _dir) = start(Some(config));
    fund(&srv, 1_000_000);
    let clock = new_clock(&srv, true);
    let clock_id = clock["id"].as_str().expect("clock");
    let to_beta = |amount: i64| cdf(amount, "wallet", json!({"tag": "@beta"}));
    let suspended = remit(
        &srv,
        &json!({"amount_minor": 500_000, "currency": "CDF", "target_currency": "USD",
        "payout_method": "wallet", "recipient": {"tag": "beta"}}),
    );
    assert_eq!(
        assert_error(&suspended, 403, "corridor_suspended")["bp"],
        "BP-5014"
    );
    let school = remit(
        &srv,
        &json!({"amount_minor": 100_000, "currency": "CDF", "target_currency": "KES",
        "payout_method": "wallet", "recipient": {"tag": "beta"}, "purpose": "RENT"}),
    );
    assert_error(&school, 422, "purpose_not_allowed");
    assert_error(&remit(&srv, &to_beta(90_000)), 422, "corridor_limit");
    let (before, _, _) = money(&srv, srv.sk(), "CDF");
    assert_eq!(sent(&srv, &to_beta(60_000))["status"], "completed");
    let over = remit(&srv, &to_beta(50_000));
    let refused = assert_error(&over, 422, "monthly_limit_exceeded");
    assert_eq!(refused["bp"], "BP-5006");
    // Limits count what the sender pays: the amount and the 1 % fee.
    assert_eq!(refused["error"]["details"]["sent_this_month_minor"], 60_600);
    // Nothing moved for the refused one.
    assert_eq!(money(&srv, srv.sk(), "CDF").0, before - 60_600);
    assert_eq!(sent(&srv, &to_beta(39_000))["status"], "completed");
    assert_error(&remit(&srv, &to_beta(100)), 422, "monthly_limit_exceeded");
    // A new month on the sandbox's clock: the limit starts again.
    advance(&srv, clock_id, "2027-02-01T00:00:00Z");
    let february = sent(&srv, &to_beta(60_000));
    assert_eq!(february["created_at"], "2027-02-01T00:00:00.000Z");
    assert_eq!(
        srv.get("/remittances", srv.sk()).body["data"]
            .as_array()
            .map(Vec::len),
        Some(3)
    );
}

#[test]
fn a_remittance_with_a_source_is_funded_through_a_payment_instead_of_the_wallet() {
    let (srv, _, _dir) = start(None);
    let mut input = cdf(
        100_000,
        "mobile_money",
        json!({"name": "Amani", "phone": "+243810000001", "operator_id": "mpesa_cd"}),
    );
    input["source"] =
        json!({"method": "mobile_money", "operator_id": "mpesa", "phone": "+243000000501"});
    let r = sent(&srv, &input);
    assert_eq!(r["status"], "completed", "{r}");
    assert_eq!(r["source_method"], "mobile_money");
    assert!(
        r["funding_payment"]
            .as_str()
            .is_some_and(|p| p.starts_with("pi_")),
        "{r}"
    );
    // The payment's fees come out of what is converted; the wallet is untouched.
    assert_eq!(r["total_minor"], 101_000);
    assert!(
        r["target_amount_minor"].as_i64().expect("target") < 100_000,
        "{r}"
    );
    assert_eq!(money(&srv, srv.sk(), "CDF"), (0, 0, 0));
}
