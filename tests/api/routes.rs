//! Cross-border routes (issue 22, spec 4.6): quotes, payout currencies,
//! routes through their stages on the sandbox rail with the money checked at
//! each step, cancel, receipts verified with the platform's public key, and
//! the corridor's refusals. Every server runs `paygate verify` when dropped.

use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use serde_json::{Value, json};

use crate::support::balances::fund;
use crate::support::balances::money;
use crate::support::clocks::{advance, new_clock};
use crate::support::events::types_about;
use crate::support::ik;
use crate::support::intents::SUCCEED;
use crate::support::orgs::add_org;
use crate::support::{Resp, TestServer, assert_error};

/// A gateway with `@beta` beside the instance's organisation, started with
/// `config` as its routes configuration (none: the defaults). The file
/// lives as long as the returned directory.
pub fn start(config: Option<Value>) -> (TestServer, Value, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("routes.json");
    let mut args = vec!["--sandbox-settlement-ms".to_string(), "200".to_string()];
    if let Some(config) = config {
        std::fs::write(&path, config.to_string()).expect("write the routes configuration");
        args.push("--routes-config".into());
        args.push(path.to_str().expect("utf-8 path").to_string());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (srv, beta) =
        TestServer::start_with_args(&args, |dir| add_org(dir, "@beta", "owner@beta.example"));
    (srv, beta, dir)
}

pub fn mobile(operator: &str, phone: &str) -> Value {
    json!({"method": "mobile_money", "operator_id": operator, "phone": phone, "name": "Amani"})
}

pub fn route(srv: &TestServer, input: &Value) -> Resp {
    srv.post("/routes", srv.sk(), input, Some(&ik()))
}

#[track_caller]
pub fn created(srv: &TestServer, input: &Value) -> Value {
    let resp = route(srv, input);
    assert_eq!(resp.status, 201, "{resp:?}");
    resp.body
}

pub fn stages(route: &Value) -> Vec<String> {
    route["stages"]
        .as_array()
        .expect("stages")
        .iter()
        .map(|s| s["stage"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// The sum of a posting's lines per currency (always zero) and its lines.
#[track_caller]
fn lines(srv: &TestServer, transaction: &Value) -> Vec<Value> {
    let id = transaction.as_str().expect("a transaction id");
    let resp = srv.get(&format!("/transactions/{id}"), srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    let entries = resp.body["entries"].as_array().expect("entries").clone();
    let mut sums = std::collections::BTreeMap::<String, i64>::new();
    for e in &entries {
        *sums
            .entry(e["currency"].as_str().unwrap_or_default().to_string())
            .or_default() += e["amount_minor"].as_i64().unwrap_or_default();
    }
    assert!(
        sums.values().all(|s| *s == 0),
        "{id} is not balanced: {sums:?}"
    );
    entries
}

/// To M-Pesa Kenya from CDF: a conversion through the FX position.
fn to_kenya(amount: i64, phone: &str) -> Value {
    json!({"amount_minor": amount, "currency": "CDF", "destination": mobile("mpesa_ke", phone),
           "note": "school fees", "purpose": "SCHOOL"})
}

#[test]
fn a_route_quote_discloses_every_fee_the_fx_the_time_and_the_legs() {
    let (srv, _, _dir) = start(None);
    let resp = srv.post(
        "/routes/quote",
        srv.sk(),
        &json!({"amount_minor": 1_000_000, "currency": "CDF",
                "source": {"method": "mobile_money", "operator_id": "mpesa_cd"},
                "destination": mobile("mpesa_ke", "+254700000001"), "policy": "cheapest"}),
        None,
    );
    assert_eq!(resp.status, 200, "{resp:?}");
    let q = &resp.body;
    // The target defaults to the operator's country's currency.
    assert_eq!(
        (q["currency"].as_str(), q["target_currency"].as_str()),
        (Some("CDF"), Some("KES"))
    );
    let n = |field: &str| q[field].as_i64().unwrap_or_else(|| panic!("{field}: {q}"));
    // M-Pesa collects at 150 bps, the service fee 100 bps with 16 % tax: 15,000 + 10,000 + 1,600.
    assert_eq!(n("funding_fee_minor"), 26_600);
    assert_eq!(
        n("amount_minor"),
        n("funding_fee_minor") + n("exchange_fee_minor") + n("sent_minor")
    );
    assert_eq!(
        n("converted_minor"),
        n("recipient_amount_minor") + n("payout_fee_minor")
    );
    assert_eq!(
        n("platform_fee_minor"),
        n("funding_fee_minor") + n("exchange_fee_minor")
    );
    // The FX leg is a locked FX quote of what is left after the funding fee.
    assert_eq!(q["fx"]["status"], "LOCKED");
    assert_eq!(q["fx"]["amount_minor"].as_i64(), Some(1_000_000 - 26_600));
    assert_eq!(q["fx"]["recipient_amount_minor"], q["converted_minor"]);
    assert_eq!(
        q["guaranteed_recipient_amount_minor"],
        q["recipient_amount_minor"]
    );
    assert_eq!(q["quote_expires_at"], q["fx"]["expires_at"]);
    let legs: Vec<&str> = q["legs"]
        .as_array()
        .expect("legs")
        .iter()
        .map(|l| l["leg"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(legs, ["funding", "exchange", "payout"]);
    assert_eq!(q["legs"][0]["rail_id"], "mpesa");
    assert!(n("estimated_delivery_seconds") > 0);
    assert!(
        !q["payout_rails"].as_array().expect("rails").is_empty(),
        "{q}"
    );
    assert_eq!(q["payout_currency"]["available"], true);
    assert_eq!(q["corridor"]["pair"], "CDF-KES");
    assert_eq!(q["corridor"]["automatic"], true);
    assert_eq!(q["source_of_funds_required"], false);
    assert_eq!(q["destination"]["instant"], true);
    // A quote moves nothing.
    assert_eq!(srv.get("/routes", srv.sk()).body["data"], json!([]));
    // Fields are named.
    let bad = srv.post(
        "/routes/quote",
        srv.sk(),
        &json!({"amount_minor": 1_000, "currency": "CDF", "destination": {"method": "wallet", "data": "x"}}),
        None,
    );
    assert_eq!(
        assert_error(&bad, 400, "validation_error")["param"],
        "destination.data"
    );
    let card = srv.post(
        "/routes/quote",
        srv.sk(),
        &json!({"amount_minor": 1_000, "currency": "CDF", "source": {"method": "card", "card": {"number": "4242424242424242"}},
                "destination": {"method": "keep"}}),
        None,
    );
    assert_eq!(
        assert_error(&card, 400, "validation_error")["param"],
        "source.card"
    );
}

#[test]
fn payout_currencies_follow_corridors_licences_and_liquidity() {
    let config = json!({
        "corridors": [{"pair": "CDF-USD", "status": "suspended"}],
        "liquidity": {"test": {"KES": 1000}},
        "disabled_currencies": ["TZS"]
    });
    let (srv, _, _dir) = start(Some(config));
    let ask = |destination: Value, requested: Option<&str>| {
        let mut input =
            json!({"amount_minor": 500_000, "currency": "CDF", "destination": destination});
        if let Some(r) = requested {
            input["requested"] = r.into();
        }
        let resp = srv.post("/routes/payout-currencies", srv.sk(), &input, None);
        assert_eq!(resp.status, 200, "{resp:?}");
        resp.body
    };
    let kenya = ask(mobile("mpesa_ke", "+254700000001"), Some("TZS"));
    assert_eq!(
        (
            kenya["default_currency"].as_str(),
            kenya["local_currency"].as_str()
        ),
        (Some("KES"), Some("KES"))
    );
    let option = |answer: &Value, currency: &str| {
        answer["options"]
            .as_array()
            .and_then(|o| o.iter().find(|o| o["currency"] == currency).cloned())
            .unwrap_or_else(|| panic!("no {currency} in {answer}"))
    };
    // The local currency with too little float: a warning, not a block.
    let kes = option(&kenya, "KES");
    assert_eq!(
        (kes["available"].as_bool(), kes["is_local"].as_bool()),
        (Some(true), Some(true))
    );
    assert_eq!(kes["warnings"], json!(["insufficient_liquidity"]));
    assert_eq!(kes["liquidity_available"], false);
    assert_eq!(
        option(&kenya, "TZS")["reasons"],
        json!(["currency_disabled"])
    );
    // The source currency is offered too (M-Pesa pays CDF).
    assert_eq!(option(&kenya, "CDF")["available"], true);
    let congo = ask(mobile("airtel_cd", "+243970000001"), Some("USD"));
    assert_eq!(
        option(&congo, "USD")["reasons"],
        json!(["corridor_suspended"])
    );
    assert_eq!(option(&congo, "CDF")["available"], true);
    // A QR code, an agent or the sender's own wallet: no list (O§20).
    assert_eq!(ask(json!({"method": "keep"}), None)["options"], Value::Null);
    let unknown = srv.post(
        "/routes/payout-currencies",
        srv.sk(),
        &json!({"amount_minor": 1_000, "currency": "CDF", "destination": mobile("bitcoin_cd", "+243970000001")}),
        None,
    );
    assert_eq!(
        assert_error(&unknown, 404, "operator_not_found")["param"],
        "destination.operator_id"
    );
    // A destination `POST /routes` would refuse is refused here too, naming
    // the field (API fuzzing found the ask answered without a method).
    let refused = |destination: Value| {
        let input = json!({"amount_minor": 1_000, "currency": "CDF", "destination": destination});
        let resp = srv.post("/routes/payout-currencies", srv.sk(), &input, None);
        assert_error(&resp, 400, "validation_error")["param"].clone()
    };
    assert_eq!(
        refused(json!({"country": "Ý`U", "agent": "Ü!"})),
        "destination.method"
    );
    assert_eq!(
        refused(json!({"method": "qr", "data": "000201", "country": "CD"})),
        "destination"
    );
    assert_eq!(
        refused(json!({"method": "keep", "agent": "ag_1"})),
        "destination.agent"
    );
    let mut stray = mobile("mpesa_ke", "+254700000001");
    stray["country"] = "KE".into();
    assert_eq!(refused(stray), "destination.country");
}

#[test]
fn a_wallet_funded_route_is_converted_paid_out_verified_and_settled_with_balanced_legs() {
    let (srv, _, _dir) = start(None);
    fund(&srv, 5_000_000);
    let (before, _, _) = money(&srv, srv.sk(), "CDF");
    let r = created(&srv, &to_kenya(1_000_000, "+254700000001"));
    assert_eq!(r["stage"], "SETTLED", "{r}");
    assert_eq!(r["stage_group"], "settled");
    assert_eq!(r["status"], "completed");
    assert_eq!(
        stages(&r),
        [
            "CREATED",
            "QUOTED",
            "FUNDED",
            "FX_RESERVED",
            "PAYOUT_ROUTED",
            "EVIDENCE_RECEIVED",
            "VERIFYING",
            "VERIFIED",
            "SETTLED"
        ]
    );
    // The whole amount left the wallet; nothing waits in escrow; the payout is paid.
    let (after, escrow, _) = money(&srv, srv.sk(), "CDF");
    assert_eq!((before - after, escrow), (1_000_000, 0));
    assert_eq!(money(&srv, srv.sk(), "KES"), (0, 0, 0));
    let payout = &r["payout"];
    assert_eq!(payout["status"], "PAID");
    assert_eq!(payout["currency"], "KES");
    assert_eq!(payout["amount_minor"], r["recipient_amount_minor"]);
    assert_eq!(payout["destination"]["operator"], "mpesa");
    // From the wallet there is no funding fee; the FX quote the route took is used.
    assert_eq!(r["quote"]["funding_fee_minor"], 0);
    let quote = srv.get(
        &format!("/fx/quotes/{}", r["fx_quote"].as_str().expect("fxq")),
        srv.sk(),
    );
    assert!(quote.body["used_at"].is_string(), "{quote:?}");
    // Every leg balances per currency (the FX leg through the FX position).
    for leg in ["funding", "exchange"] {
        lines(&srv, &r["transactions"][leg]);
    }
    // The payout's own postings; the route posts a leg only for a rounding unit.
    for posting in [&payout["transaction"], &payout["paid_transaction"]] {
        lines(&srv, posting);
    }
    let leg = &r["transactions"]["payout"];
    assert_eq!(
        leg.is_string(),
        r["quote"]["payout_fee_minor"] != payout["fee_minor"],
        "{r}"
    );
    let exchange = lines(&srv, &r["transactions"]["exchange"]);
    assert!(
        exchange.iter().any(|l| l["currency"] == "KES"),
        "{exchange:?}"
    );
    assert!(
        exchange.iter().any(|l| l["currency"] == "CDF"),
        "{exchange:?}"
    );
    let events = types_about(&srv, r["id"].as_str().expect("id"));
    for expected in [
        "route.created",
        "route.funded",
        "route.fx_reserved",
        "route.payout_routed",
        "route.verified",
        "route.settled",
    ] {
        assert!(
            events.iter().any(|e| e == expected),
            "{expected} in {events:?}"
        );
    }
    // Reads: one route, the list, another organisation's key sees nothing.
    let id = r["id"].as_str().expect("id");
    let read = srv.get(&format!("/routes/{id}"), srv.sk());
    assert_eq!((read.status, &read.body["stage"]), (200, &json!("SETTLED")));
    let listed = srv.get("/routes?limit=1", srv.sk());
    assert_eq!(listed.body["data"][0]["id"], id);
    assert_error(
        &srv.get("/routes/rt_nope", srv.sk()),
        404,
        "route_not_found",
    );
}

#[test]
fn a_payout_the_rail_answers_later_is_followed_on_a_test_clock_and_cannot_be_cancelled_meanwhile() {
    let (srv, _, _dir) = start(None);
    fund(&srv, 5_000_000);
    let clock = new_clock(&srv, true);
    let clock_id = clock["id"].as_str().expect("clock");
    let r = created(&srv, &to_kenya(500_000, "+243000000500"));
    assert_eq!(r["stage"], "PAYOUT_SENT", "{r}");
    assert_eq!(r["payout"]["status"], "PROCESSING");
    let id = r["id"].as_str().expect("id");
    let cancel = srv.post(
        &format!("/routes/{id}/cancel"),
        srv.sk(),
        &json!({"reason": "changed my mind"}),
        None,
    );
    assert_error(&cancel, 409, "payout_in_progress");
    let receipt = srv.get(&format!("/routes/{id}/receipt"), srv.sk());
    assert_error(&receipt, 409, "route_not_settled");
    advance(&srv, clock_id, "2027-01-01T00:00:07Z");
    let done = srv.get(&format!("/routes/{id}"), srv.sk()).body;
    assert_eq!(done["stage"], "SETTLED", "{done}");
    assert!(
        stages(&done)
            .windows(2)
            .any(|w| w == ["PAYOUT_ROUTED", "PAYOUT_SENT"])
    );
    assert_eq!(done["settled_at"], "2027-01-01T00:00:06.000Z");
    // After the payout: refused, and nothing changed.
    let late = srv.post(
        &format!("/routes/{id}/cancel"),
        srv.sk(),
        &json!({"reason": "too late"}),
        None,
    );
    assert_eq!(
        assert_error(&late, 409, "invalid_stage_transition")["error"]["details"]["stage"],
        "SETTLED"
    );
}

#[test]
fn a_failed_payout_fails_the_route_and_every_unit_comes_back() {
    let (srv, _, _dir) = start(None);
    fund(&srv, 5_000_000);
    let (before, _, _) = money(&srv, srv.sk(), "CDF");
    let r = created(&srv, &to_kenya(1_000_000, "+243000000404"));
    assert_eq!(r["stage"], "FAILED", "{r}");
    assert_eq!(r["failure_reason"], "payout_failed:invalid_account");
    assert_eq!(r["returned_minor"], 1_000_000);
    assert_eq!(money(&srv, srv.sk(), "CDF"), (before, 0, 0));
    assert_eq!(money(&srv, srv.sk(), "KES"), (0, 0, 0));
    lines(&srv, &r["transactions"]["return"]);
    assert!(types_about(&srv, r["id"].as_str().expect("id")).contains(&"route.failed".to_string()));
    // The event says what came back.
    let failed = srv.get("/events?type=route.failed", srv.sk()).body;
    assert_eq!(
        failed["data"][0]["data"]["object"]["returned_minor"],
        1_000_000
    );
}

#[test]
fn a_route_waiting_for_liquidity_is_cancelled_with_every_unit_returned_and_refuses_a_second_cancel()
{
    let (srv, _, _dir) = start(Some(json!({"liquidity": {"test": {"KES": 1000}}})));
    fund(&srv, 5_000_000);
    let (before, _, _) = money(&srv, srv.sk(), "CDF");
    let r = created(&srv, &to_kenya(1_000_000, "+254700000001"));
    assert_eq!(r["stage"], "INSUFFICIENT_LIQUIDITY", "{r}");
    assert_eq!(
        stages(&r),
        [
            "CREATED",
            "QUOTED",
            "FUNDED",
            "FX_RESERVED",
            "INSUFFICIENT_LIQUIDITY"
        ]
    );
    // The converted money waits in escrow, in KES.
    let converted = r["quote"]["converted_minor"].as_i64().expect("converted");
    assert_eq!(money(&srv, srv.sk(), "KES"), (0, converted, 0));
    assert_eq!(money(&srv, srv.sk(), "CDF").0, before - 1_000_000);
    let id = r["id"].as_str().expect("id");
    let no_reason = srv.post(
        &format!("/routes/{id}/cancel"),
        srv.sk(),
        &json!({"reason": "  "}),
        None,
    );
    assert_eq!(
        assert_error(&no_reason, 400, "validation_error")["param"],
        "reason"
    );
    let cancel = srv.post(
        &format!("/routes/{id}/cancel"),
        srv.sk(),
        &json!({"reason": "the recipient moved"}),
        Some(&ik()),
    );
    assert_eq!(cancel.status, 200, "{cancel:?}");
    let cancelled = &cancel.body;
    assert_eq!(cancelled["stage"], "REFUNDED");
    assert_eq!(cancelled["cancellation"]["reason"], "the recipient moved");
    assert_eq!(cancelled["returned_minor"], 1_000_000);
    // The conversion is reversed at the route's own figures and the fee returned.
    assert_eq!(money(&srv, srv.sk(), "CDF"), (before, 0, 0));
    assert_eq!(money(&srv, srv.sk(), "KES"), (0, 0, 0));
    lines(&srv, &cancelled["transactions"]["return"]);
    assert!(types_about(&srv, id).contains(&"route.refunded".to_string()));
    let again = srv.post(
        &format!("/routes/{id}/cancel"),
        srv.sk(),
        &json!({"reason": "again"}),
        None,
    );
    assert_error(&again, 409, "invalid_stage_transition");
}

#[test]
fn a_route_waiting_for_liquidity_expires_after_48_hours_and_its_money_comes_back() {
    let (srv, _, _dir) = start(Some(json!({"liquidity": {"test": {"KES": 1000}}})));
    fund(&srv, 5_000_000);
    let (before, _, _) = money(&srv, srv.sk(), "CDF");
    let clock = new_clock(&srv, true);
    let r = created(&srv, &to_kenya(1_000_000, "+254700000001"));
    assert_eq!(r["stage"], "INSUFFICIENT_LIQUIDITY");
    advance(
        &srv,
        clock["id"].as_str().expect("clock"),
        "2027-01-03T00:00:01Z",
    );
    let expired = srv
        .get(
            &format!("/routes/{}", r["id"].as_str().expect("id")),
            srv.sk(),
        )
        .body;
    assert_eq!(expired["stage"], "EXPIRED", "{expired}");
    assert_eq!(expired["failure_reason"], "liquidity_expired");
    assert_eq!(money(&srv, srv.sk(), "CDF"), (before, 0, 0));
}

#[test]
fn a_receipt_is_issued_once_settled_and_its_signature_verifies_with_the_public_key() {
    use ed25519_dalek::{Signature, VerifyingKey};
    let (srv, _, _dir) = start(Some(json!({"liquidity": {"test": {"KES": 1000}}})));
    fund(&srv, 5_000_000);
    let waiting = created(&srv, &to_kenya(1_000_000, "+254700000001"));
    let waiting_id = waiting["id"].as_str().expect("id");
    let early = srv.get(&format!("/routes/{waiting_id}/receipt"), srv.sk());
    assert_eq!(
        assert_error(&early, 409, "route_not_settled")["error"]["details"]["stage"],
        "INSUFFICIENT_LIQUIDITY"
    );
    let settled = created(
        &srv,
        &json!({"amount_minor": 20_000, "currency": "CDF",
        "destination": mobile("mpesa_cd", "+243810000001")}),
    );
    assert_eq!(settled["stage"], "SETTLED", "{settled}");
    let id = settled["id"].as_str().expect("id");
    let resp = srv.get(&format!("/routes/{id}/receipt"), srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    let receipt = &resp.body["receipt"];
    assert_eq!(receipt["route"], id);
    assert_eq!(receipt["stage"], "SETTLED");
    assert_eq!(
        receipt["figures"]["recipient_amount_minor"],
        settled["recipient_amount_minor"]
    );
    assert_eq!(receipt["references"]["payout"], settled["payout"]["id"]);
    assert_eq!(receipt["issued_at"], settled["settled_at"]);
    // Independent verification: the public key from GET /keys, the canonical
    // JSON (sorted keys, no whitespace) of the receipt as shown.
    let signature = &resp.body["signature"];
    assert_eq!(signature["algorithm"], "ed25519");
    let keys = srv.get("/keys", None).body;
    let key = keys["keys"]
        .as_array()
        .and_then(|k| k.iter().find(|k| k["id"] == signature["key_id"]))
        .expect("the signing key is listed");
    let public: [u8; 32] = B64
        .decode(key["public_key"].as_str().expect("b64"))
        .expect("b64")
        .try_into()
        .expect("32 bytes");
    let verifying = VerifyingKey::from_bytes(&public).expect("a public key");
    let canonical = serde_json::to_vec(receipt).expect("canonical json");
    let payload = B64
        .decode(signature["payload"].as_str().expect("payload"))
        .expect("b64");
    assert_eq!(
        payload, canonical,
        "the payload is the receipt's canonical form"
    );
    let sig = Signature::from_slice(
        &B64.decode(signature["value"].as_str().expect("sig"))
            .expect("b64"),
    )
    .expect("64 bytes");
    assert!(verifying.verify_strict(&canonical, &sig).is_ok());
    let mut forged = receipt.clone();
    forged["figures"]["recipient_amount_minor"] = json!(1);
    assert!(
        verifying
            .verify_strict(&serde_json::to_vec(&forged).expect("json"), &sig)
            .is_err()
    );
    // The same receipt every time.
    assert_eq!(
        srv.get(&format!("/routes/{id}/receipt"), srv.sk()).body,
        resp.body
    );
}

#[test]
fn routes_to_a_wallet_and_to_the_senders_own_wallet_settle_at_once() {
    let (srv, beta, _dir) = start(None);
    let beta_key = beta["keys"]["secret_key"].as_str().expect("sk");
    fund(&srv, 5_000_000);
    let (before, _, _) = money(&srv, srv.sk(), "CDF");
    let to_beta = created(
        &srv,
        &json!({"amount_minor": 10_000, "currency": "CDF",
        "destination": {"method": "wallet", "to": "@beta"}}),
    );
    assert_eq!(stages(&to_beta), ["CREATED", "QUOTED", "FUNDED", "SETTLED"]);
    // The transfer fee (75 bps) is inside: 9,926 + 74 = 10,000.
    assert_eq!(
        (
            to_beta["recipient_amount_minor"].as_i64(),
            to_beta["quote"]["payout_fee_minor"].as_i64()
        ),
        (Some(9_926), Some(74))
    );
    assert_eq!(money(&srv, Some(beta_key), "CDF").0, 9_926);
    let keep = created(
        &srv,
        &json!({"amount_minor": 1_000_000, "currency": "CDF", "target_currency": "USD",
        "destination": {"method": "keep"}}),
    );
    assert_eq!(keep["stage"], "SETTLED");
    assert_eq!(
        keep["recipient_amount_minor"],
        keep["quote"]["converted_minor"]
    );
    assert_eq!(
        money(&srv, srv.sk(), "USD").0,
        keep["recipient_amount_minor"].as_i64().expect("usd")
    );
    assert_eq!(money(&srv, srv.sk(), "CDF").0, before - 1_010_000);
    let to_self = route(
        &srv,
        &json!({"amount_minor": 10_000, "currency": "CDF", "destination": {"method": "wallet", "to": "@nobody"}}),
    );
    assert_eq!(
        assert_error(&to_self, 400, "recipient_not_found")["param"],
        "destination.to"
    );
}

#[test]
fn a_locked_quote_is_honoured_once_and_a_replayed_key_answers_the_same_route() {
    let (srv, _, _dir) = start(None);
    fund(&srv, 5_000_000);
    let quote_of = |amount: i64| {
        let mut q = to_kenya(amount, "+254700000001");
        let fields = q.as_object_mut().expect("object");
        fields.remove("note");
        fields.remove("purpose");
        q
    };
    let quote = srv.post("/routes/quote", srv.sk(), &quote_of(200_000), None);
    assert_eq!(quote.status, 200, "{quote:?}");
    let fxq = quote.body["fx"]["id"].as_str().expect("fxq").to_string();
    let mut input = to_kenya(200_000, "+254700000001");
    input["quote_id"] = fxq.clone().into();
    let key = ik();
    let first = srv.post("/routes", srv.sk(), &input, Some(&key));
    assert_eq!(first.status, 201, "{first:?}");
    assert_eq!(first.body["fx_quote"], fxq.as_str());
    assert_eq!(
        first.body["recipient_amount_minor"],
        quote.body["recipient_amount_minor"]
    );
    let replay = srv.post("/routes", srv.sk(), &input, Some(&key));
    assert_eq!(
        (replay.status, &replay.body["id"]),
        (201, &first.body["id"])
    );
    assert_eq!(
        srv.get("/routes", srv.sk()).body["data"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
    let reused = route(&srv, &input);
    assert_eq!(
        assert_error(&reused, 409, "quote_used")["param"],
        "quote_id"
    );
    let mut other = to_kenya(300_000, "+254700000001");
    let fresh = srv
        .post("/routes/quote", srv.sk(), &quote_of(300_000), None)
        .body["fx"]["id"]
        .clone();
    other["amount_minor"] = 250_000.into();
    other["quote_id"] = fresh;
    assert_eq!(
        assert_error(&route(&srv, &other), 400, "validation_error")["param"],
        "quote_id"
    );
    let no_key = srv.post(
        "/routes",
        srv.sk(),
        &to_kenya(200_000, "+254700000001"),
        None,
    );
    assert_error(&no_key, 400, "idempotency_key_required");
}

#[test]
fn corridor_rules_refuse_a_route_before_anything_moves() {
    let config = json!({
        "corridors": [
            {"pair": "CDF-EUR", "status": "suspended"},
            {"pair": "CDF-KES", "status": "sandbox", "per_transfer_limit_minor": 500_000, "purposes": ["SCHOOL", "HEALTH"], "purpose_required": true}
        ],
        "liquidity": {"test": {"USD": 1000}}
    });
    let (srv, _, _dir) = start(Some(config));
    fund(&srv, 5_000_000);
    let before = money(&srv, srv.sk(), "CDF");
    let suspended = route(
        &srv,
        &json!({"amount_minor": 1_000_000, "currency": "CDF", "target_currency": "EUR",
        "destination": {"method": "keep"}}),
    );
    assert_error(&suspended, 403, "corridor_suspended");
    let limit = route(&srv, &to_kenya(600_000, "+254700000001"));
    assert_eq!(assert_error(&limit, 422, "corridor_limit")["bp"], "BP-5016");
    let mut no_purpose = to_kenya(100_000, "+254700000001");
    no_purpose
        .as_object_mut()
        .expect("object")
        .remove("purpose");
    assert_eq!(
        assert_error(&route(&srv, &no_purpose), 422, "purpose_not_allowed")["param"],
        "purpose"
    );
    let mut rent = to_kenya(100_000, "+254700000001");
    rent["purpose"] = "RENT".into();
    assert_error(&route(&srv, &rent), 422, "purpose_not_allowed");
    // A non-local currency the float cannot carry: blocked (M-Pesa Congo pays USD).
    let usd_float = route(
        &srv,
        &json!({"amount_minor": 4_000_000, "currency": "CDF", "target_currency": "USD",
        "destination": mobile("mpesa_cd", "+243810000001")}),
    );
    let refused = assert_error(&usd_float, 422, "payout_currency_unavailable");
    assert_eq!(
        refused["error"]["details"]["reasons"],
        json!(["insufficient_liquidity"])
    );
    let unpayable = route(
        &srv,
        &json!({"amount_minor": 100_000, "currency": "CDF", "target_currency": "KES",
        "destination": mobile("orange_cd", "+243810000001"), "purpose": "SCHOOL"}),
    );
    assert_error(&unpayable, 422, "payout_unavailable");
    let big = route(
        &srv,
        &json!({"amount_minor": 1_500_000_000, "currency": "CDF", "destination": {"method": "keep"}}),
    );
    assert_eq!(
        assert_error(&big, 400, "source_of_funds_required")["param"],
        "source_of_funds"
    );
    let broke = route(
        &srv,
        &json!({"amount_minor": 100_000_000, "currency": "CDF",
        "destination": mobile("mpesa_cd", "+243810000001")}),
    );
    assert_error(&broke, 422, "insufficient_funds");
    assert_eq!(money(&srv, srv.sk(), "CDF"), before);
    assert_eq!(srv.get("/routes", srv.sk()).body["data"], json!([]));
}

/// The payer's funding payment of `route`, as `GET /payment_intents/{id}` shows it.
fn funding_payment(srv: &TestServer, route: &Value) -> Value {
    let id = route["funding"]["payment_intent"]
        .as_str()
        .expect("a funding payment");
    let resp = srv.get(&format!("/payment_intents/{id}"), srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body
}

#[test]
fn a_mobile_money_funded_route_waits_for_its_payment_then_passes_every_stage_by_itself() {
    let (srv, _, _dir) = start(None);
    let clock = new_clock(&srv, true);
    let clock_id = clock["id"].as_str().expect("clock");
    let mut input = to_kenya(1_000_000, "+254700000001");
    // The sandbox payer who pays after 6 seconds.
    input["source"] =
        json!({"method": "mobile_money", "operator_id": "mpesa_cd", "phone": "+243000000500"});
    let r = created(&srv, &input);
    assert_eq!(r["stage"], "FUNDING_PENDING", "{r}");
    assert_eq!(r["status"], "funding");
    assert!(
        r["funding"]["checkout_url"]
            .as_str()
            .is_some_and(|u| u.contains("/pay/pi_")),
        "{r}"
    );
    let payment = funding_payment(&srv, &r);
    // The route keeps its funding URL without the page token (issue 44
    // finding 11) and shows it with it: the payment's own page.
    assert_eq!(r["funding"]["checkout_url"], payment["checkout_url"], "{r}");
    assert_eq!(payment["amount_minor"], 1_000_000);
    assert_eq!(payment["currency"], "CDF");
    // M-Pesa's fees are the route's funding fee: the payment pays them.
    assert_eq!(r["quote"]["funding_fee_minor"], 26_600);
    let id = r["id"].as_str().expect("id");
    let early = srv.get(&format!("/routes/{id}/receipt"), srv.sk());
    assert_error(&early, 409, "route_not_settled");
    // The payer approves; the funding payment is paid and the route moves on by itself.
    advance(&srv, clock_id, "2027-01-01T00:00:07Z");
    let done = srv.get(&format!("/routes/{id}"), srv.sk()).body;
    assert_eq!(done["stage"], "SETTLED", "{done}");
    assert_eq!(
        stages(&done),
        [
            "CREATED",
            "QUOTED",
            "FUNDING_PENDING",
            "FUNDED",
            "FX_RESERVED",
            "PAYOUT_ROUTED",
            "EVIDENCE_RECEIVED",
            "VERIFYING",
            "VERIFIED",
            "SETTLED"
        ]
    );
    assert_eq!(done["payout"]["status"], "PAID");
    lines(&srv, &done["transactions"]["funding"]);
    // The payment's net went to the route, not to the organisation: the
    // sandbox settled the payment (200 ms later) and nothing of it reached available.
    advance(&srv, clock_id, "2027-01-01T00:01:00Z");
    let payment = funding_payment(&srv, &done);
    assert_eq!(payment["status"], "SETTLED", "{payment}");
    assert_eq!(money(&srv, srv.sk(), "CDF"), (0, 0, 0));
    let balance = srv.get("/balance", srv.sk()).body;
    let cdf = balance["balances"]
        .as_array()
        .and_then(|b| b.iter().find(|b| b["currency"] == "CDF").cloned());
    let pending = cdf.map(|b| {
        (
            b["pending_minor"].as_i64(),
            b["settlement_pending_minor"].as_i64(),
        )
    });
    assert!(
        matches!(pending, None | Some((Some(0), Some(0)))),
        "{balance}"
    );
    let receipt = srv.get(&format!("/routes/{id}/receipt"), srv.sk());
    assert_eq!(receipt.status, 200, "{receipt:?}");
    assert_eq!(
        receipt.body["receipt"]["references"]["funding_payment"],
        done["funding"]["payment_intent"]
    );
}

#[test]
fn a_payment_decided_at_once_funds_and_settles_the_route_in_its_creating_call() {
    let (srv, _, _dir) = start(None);
    let input = json!({"amount_minor": 50_000, "currency": "CDF", "target_currency": "CDF",
        "source": {"method": "mobile_money", "operator_id": "airtel", "phone": SUCCEED},
        "destination": mobile("mpesa_cd", "+243810000001")});
    let r = created(&srv, &input);
    assert_eq!(r["stage"], "SETTLED", "{r}");
    assert_eq!(r["source"]["operator"], "airtel");
    // Airtel's 140 bps, the service fee and its tax: 700 + 500 + 80.
    assert_eq!(r["quote"]["funding_fee_minor"], 1_280);
    assert_eq!(r["payout"]["amount_minor"], r["recipient_amount_minor"]);
    assert_eq!(money(&srv, srv.sk(), "CDF"), (0, 0, 0));
    // A payer who fails leaves the route waiting for another attempt.
    let mut failing = input.clone();
    failing["source"]["phone"] = "+243000000404".into();
    let waiting = created(&srv, &failing);
    assert_eq!(waiting["stage"], "FUNDING_PENDING", "{waiting}");
}

#[test]
fn a_route_waiting_for_its_funding_payment_is_cancelled_with_the_payment() {
    let (srv, _, _dir) = start(None);
    let r = created(
        &srv,
        &json!({"amount_minor": 50_000, "currency": "CDF",
        "source": {"method": "mobile_money", "operator_id": "mpesa"},
        "destination": mobile("mpesa_cd", "+243810000001")}),
    );
    assert_eq!(r["stage"], "FUNDING_PENDING", "{r}");
    let id = r["id"].as_str().expect("id");
    let cancel = srv.post(
        &format!("/routes/{id}/cancel"),
        srv.sk(),
        &json!({"reason": "wrong recipient"}),
        None,
    );
    assert_eq!(cancel.status, 200, "{cancel:?}");
    assert_eq!(cancel.body["stage"], "REFUNDED");
    assert_eq!(cancel.body["returned_minor"], Value::Null);
    assert_eq!(funding_payment(&srv, &cancel.body)["status"], "CANCELLED");
    assert_eq!(money(&srv, srv.sk(), "CDF"), (0, 0, 0));
}

#[test]
fn an_unpaid_funding_payment_expires_the_route() {
    let (srv, _, _dir) = start(None);
    let clock = new_clock(&srv, true);
    let r = created(
        &srv,
        &json!({"amount_minor": 50_000, "currency": "CDF",
        "source": {"method": "card", "return_url": "https://shop.example/done"},
        "destination": {"method": "keep"}}),
    );
    assert_eq!(r["stage"], "FUNDING_PENDING", "{r}");
    assert_eq!(
        r["quote"]["card_fee_minor"],
        r["quote"]["funding_fee_minor"]
    );
    advance(
        &srv,
        clock["id"].as_str().expect("clock"),
        "2027-01-01T00:31:00Z",
    );
    let expired = srv
        .get(
            &format!("/routes/{}", r["id"].as_str().expect("id")),
            srv.sk(),
        )
        .body;
    assert_eq!(expired["stage"], "EXPIRED", "{expired}");
    assert_eq!(expired["failure_reason"], "funding_expired");
}

#[test]
fn a_route_to_a_scanned_qr_code_pays_its_merchant() {
    let (srv, beta, _dir) = start(None);
    let beta_key = beta["keys"]["secret_key"].as_str().expect("sk");
    fund(&srv, 1_000_000);
    let code = srv.post(
        "/qr_codes",
        Some(beta_key),
        &json!({"currency": "CDF"}),
        None,
    );
    assert_eq!(code.status, 201, "{code:?}");
    let payload = code.body["payload"].as_str().expect("payload");
    let r = created(
        &srv,
        &json!({"amount_minor": 10_000, "currency": "CDF",
        "destination": {"method": "qr", "data": payload}}),
    );
    assert_eq!(r["stage"], "SETTLED", "{r}");
    assert_eq!(r["destination"]["recipient"], beta["organisation"]["id"]);
    assert_eq!(
        money(&srv, Some(beta_key), "CDF").0,
        r["recipient_amount_minor"].as_i64().expect("amount")
    );
    let own = srv.post("/qr_codes", srv.sk(), &json!({"currency": "CDF"}), None);
    let mine = route(
        &srv,
        &json!({"amount_minor": 10_000, "currency": "CDF",
        "destination": {"method": "qr", "data": own.body["payload"]}}),
    );
    assert_error(&mine, 400, "self_transfer");
    let junk = route(
        &srv,
        &json!({"amount_minor": 10_000, "currency": "CDF",
        "destination": {"method": "qr", "data": "hello"}}),
    );
    assert_eq!(
        assert_error(&junk, 400, "invalid_qr")["param"],
        "destination.data"
    );
}
