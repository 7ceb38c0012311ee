//! Metered agent runs (issue 26, spec 4.13 `/ai`): the three agents on
//! seeded data, ACU prices and quotas in the ledger, background runs.

use std::time::Duration;

use serde_json::{Value, json};

use crate::support::balances::fund;
use crate::support::clocks::new_clock;
use crate::support::ik;
use crate::support::intents::{SUCCEED, body, create, id_of};
use crate::support::{Resp, TestServer, assert_error, wait_until};

const FAIL: &str = "+243000000404";
/// 5 ACU in CDF at the sandbox's 2,800 CDF per USD: 5 US cents = 140 CDF.
const STANDARD_CDF_MINOR: i64 = 14_000;
/// 20 / 120 of it, rounded half up.
const STANDARD_TAX_MINOR: i64 = 2_333;

fn start() -> TestServer {
    TestServer::start_args(&["--sandbox-settlement-ms", "200"])
}

fn run(srv: &TestServer, agent: &str, input: Value) -> Resp {
    srv.post(&format!("/ai/{agent}"), srv.sk(), &input, Some(&ik()))
}

#[track_caller]
fn completed(srv: &TestServer, agent: &str, input: Value) -> Value {
    let resp = run(srv, agent, input);
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_eq!(resp.body["run"]["status"], "completed", "{resp:?}");
    resp.body
}

fn available_cdf(srv: &TestServer) -> i64 {
    crate::support::balances::balance(srv, srv.sk(), "CDF").0
}

/// No key anywhere in `value` names a model or its provider (spec section 2).
fn discloses_no_model(value: &Value) -> bool {
    match value {
        Value::Object(map) => map.iter().all(|(k, v)| {
            !["model", "provider", "tokens_in", "tokens_out"].contains(&k.as_str())
                && discloses_no_model(v)
        }),
        Value::Array(items) => items.iter().all(discloses_no_model),
        _ => true,
    }
}

#[test]
fn route_optimiser_ranks_as_the_transfer_quote_and_the_intent_methods_do() {
    let srv = start();
    fund(&srv, 300_000); // the deep run's 90 ACU
    let quote = srv.post(
        "/transfers/quote",
        srv.sk(),
        &json!({"amount_minor": 10_000, "currency": "CDF", "destination": {"method": "mobile_money", "country": "CD"}, "policy": "cheapest"}),
        None,
    );
    assert_eq!(quote.status, 200, "{quote:?}");
    let answer = completed(
        &srv,
        "routeoptimiser",
        json!({
            "input": "cheapest way to pay out 100 CDF in Congo",
            "context": {"kind": "transfer", "amount_minor": 10_000, "currency": "CDF", "method": "mobile_money", "country": "CD", "policy": "cheapest"}
        }),
    );
    assert_eq!(
        answer["agent"],
        json!({"key": "smart_route", "name": "RouteOptimiser"})
    );
    let ranked = &answer["run"]["result"]["ranked"];
    let pick = |list: &Value| -> Vec<(Value, Value)> {
        list.as_array()
            .expect("list")
            .iter()
            .map(|r| (r["rail_id"].clone(), r["score"].clone()))
            .collect()
    };
    assert!(!pick(ranked).is_empty(), "{answer}");
    assert_eq!(pick(ranked), pick(&quote.body["routes"]), "{answer}");
    assert_eq!(
        answer["run"]["result"]["best"],
        quote.body["routes"][0]["rail_id"]
    );
    assert!(
        answer["run"]["output"]
            .as_str()
            .expect("output")
            .starts_with(&format!(
                "{} rails ranked",
                ranked.as_array().expect("ranked").len()
            ))
    );

    // A payment: the same methods an intent of these facts lists.
    let intent = create(&srv, &body(json!({"rails": ["mobile_money", "card"]})));
    let methods = srv.get(
        &format!("/payment_intents/{}/methods", id_of(&intent)),
        srv.sk(),
    );
    assert_eq!(methods.status, 200, "{methods:?}");
    let deep = completed(
        &srv,
        "ROUTE_OPTIMISER",
        json!({
            "input": "how should my customers pay 100 CDF?", "depth": "deep",
            "context": {"amount_minor": 10_000, "rails": ["mobile_money", "card"]}
        }),
    );
    let operators = |list: &Value| -> Vec<Value> {
        list.as_array()
            .expect("list")
            .iter()
            .map(|m| m["operator"].clone())
            .collect()
    };
    let listed = methods.body.get("data").unwrap_or(&methods.body);
    assert_eq!(
        operators(&deep["run"]["result"]["ranked"]),
        operators(listed),
        "{deep}"
    );
    let by_policy = deep["run"]["result"]["best_by_policy"]
        .as_object()
        .expect("deep ranks every policy");
    assert_eq!(by_policy.len(), 4, "{deep}");
    assert_eq!(deep["run"]["billing"]["tier"], "deep");
    assert!(discloses_no_model(&deep) && discloses_no_model(&answer));
}

#[test]
fn unknown_agents_and_bad_input_are_refused_and_charge_nothing() {
    let srv = crate::team::start(&[]);
    let unknown = run(&srv, "ComplianceMonitor", json!({"input": "check this"}));
    let error = assert_error(&unknown, 404, "agent_not_found");
    assert_eq!(
        error["error"]["details"]["agents"],
        json!(["RouteOptimiser", "FraudScorer", "SavingsAdvisor"])
    );
    let short = run(&srv, "SavingsAdvisor", json!({"input": " x "}));
    assert_eq!(
        assert_error(&short, 400, "validation_error")["param"],
        "input"
    );
    let long = run(&srv, "SavingsAdvisor", json!({"input": "x".repeat(4_001)}));
    assert_eq!(
        assert_error(&long, 400, "validation_error")["param"],
        "input"
    );
    let no_amount = run(
        &srv,
        "RouteOptimiser",
        json!({"input": "route it", "context": {"currency": "CDF"}}),
    );
    assert_eq!(
        assert_error(&no_amount, 400, "validation_error")["param"],
        "context.amount_minor"
    );
    let no_subject = run(&srv, "FraudScorer", json!({"input": "is this fraud?"}));
    assert_eq!(
        assert_error(&no_subject, 400, "validation_error")["param"],
        "context.payment_intent"
    );
    let not_ours = run(
        &srv,
        "FraudScorer",
        json!({"input": "is this fraud?", "context": {"payment_intent": "pi_nobody"}}),
    );
    assert_error(&not_ours, 404, "intent_not_found");
    let session = crate::team::login(&srv, crate::team::OWNER, crate::team::OWNER_PASSWORD);
    let rk = srv.post(
        "/api_keys",
        Some(&session),
        &json!({"kind": "rk", "mode": "test", "scopes": ["balance:read"]}),
        None,
    );
    let rk = rk.body["secret"].as_str().expect("secret").to_string();
    assert_error(&run_with(&srv, &rk), 403, "scope_denied");
    // Nothing was counted: the next run is still the month's first free one.
    let first = completed(&srv, "SavingsAdvisor", json!({"input": "what can I save?"}));
    assert_eq!(first["run"]["billing"]["tier"], "free");
}

fn run_with(srv: &TestServer, key: &str) -> Resp {
    srv.post(
        "/ai/SavingsAdvisor",
        Some(key),
        &json!({"input": "what can I save?"}),
        Some(&ik()),
    )
}

#[test]
fn fraud_scorer_scores_a_failing_new_payer_at_night_as_documented() {
    let srv = start();
    // 2027-01-01T02:00Z is 03:00 in Kinshasa: night time.
    let clock = new_clock(&srv, true);
    crate::support::clocks::advance(&srv, &id_of(&clock), "2027-01-01T02:00:00Z");
    for _ in 0..3 {
        let failed = create(
            &srv,
            &body(json!({"rails": ["mobile_money"], "customer_msisdn": FAIL, "confirm": true})),
        );
        assert_eq!(failed["last_attempt"]["status"], "FAILED", "{failed}");
    }
    let answer = completed(
        &srv,
        "FraudScorer",
        json!({"input": "should I accept this payer?", "context": {"msisdn": FAIL, "amount_minor": 5_000}}),
    );
    let result = &answer["run"]["result"];
    let points: Vec<(String, i64)> = result["signals"]
        .as_array()
        .expect("signals")
        .iter()
        .map(|s| {
            (
                s["signal"].as_str().expect("name").to_string(),
                s["points"].as_i64().expect("points"),
            )
        })
        .collect();
    let expected = [
        ("velocity", 15),
        ("amount_outlier", 0),
        ("failed_attempts", 20),
        ("new_payer", 15),
        ("cross_border", 0),
        ("night_time", 5),
    ];
    assert_eq!(
        points,
        expected.map(|(n, p)| (n.to_string(), p)),
        "{answer}"
    );
    let maxima: i64 = result["signals"]
        .as_array()
        .expect("signals")
        .iter()
        .map(|s| s["max"].as_i64().expect("max"))
        .sum();
    assert_eq!(maxima, 100);
    assert_eq!(
        (result["score"].clone(), result["level"].clone()),
        (json!(55), json!("medium")),
        "{answer}"
    );
    assert_eq!(result["recommendation"], "review");
    // A payer who paid before, by day, scores low.
    let paid = create(
        &srv,
        &body(json!({"customer_msisdn": SUCCEED, "confirm": true})),
    );
    crate::support::clocks::advance(&srv, &id_of(&clock), "2027-01-01T12:00:00Z");
    let again = create(
        &srv,
        &body(json!({"customer_msisdn": SUCCEED, "confirm": true})),
    );
    let known = completed(
        &srv,
        "fraud_scorer",
        json!({"input": "and this one?", "context": {"payment_intent": id_of(&again)}}),
    );
    assert_eq!(known["run"]["result"]["score"], 0, "{known} after {paid}");
    assert_eq!(known["run"]["result"]["level"], "low");
}

#[test]
fn savings_advisor_reads_fees_per_rail_from_the_ledger_and_prices_a_weekly_payout() {
    let srv = start();
    fund(&srv, 10_000);
    fund(&srv, 10_000);
    for _ in 0..5 {
        let payout = srv.post("/payouts", srv.sk(), &json!({"amount_minor": 100, "currency": "CDF",
            "destination": {"method": "mobile_money", "operator_id": "mpesa_cd", "phone": SUCCEED}}), Some(&ik()));
        assert_eq!(payout.status, 201, "{payout:?}");
        assert_eq!(payout.body["fee_minor"], 1, "{payout:?}");
    }
    let answer = completed(
        &srv,
        "SavingsAdvisor",
        json!({"input": "where do my fees go?"}),
    );
    let result = &answer["run"]["result"];
    // 1.5 % provider + 1 % service + 16 % tax on it = 266 on each 10,000.
    assert_eq!(
        result["rails"],
        json!([{"rail": "mobile_money", "currency": "CDF", "payments": 2, "gross_minor": 20_000,
        "fees_minor": 532, "effective_bps": 266, "cheapest_rail": "mobile_money", "savings_minor": 0}]),
        "{answer}"
    );
    // Five payouts of 100 pay 1 each (70 bps, at least 1); one of 500 pays 4 (3.5 rounded half up).
    assert_eq!(
        result["payout_schedule"],
        json!([{"currency": "CDF", "payouts": 5, "fees_minor": 5, "weekly_fees_minor": 4, "savings_minor": 1}])
    );
    assert_eq!(result["savings_minor"], json!({"CDF": 1}));
    assert_eq!(result["window_days"], 90);
}

#[test]
fn five_runs_a_month_are_free_then_each_is_charged_with_its_tax_in_the_ledger() {
    let srv = start();
    fund(&srv, 100_000);
    for _ in 0..5 {
        let free = completed(&srv, "SavingsAdvisor", json!({"input": "what can I save?"}));
        assert_eq!(
            free["run"]["billing"],
            json!({"tier": "free", "acu": 5, "amount_minor": 0, "tax_minor": 0, "currency": "CDF", "charged": false, "transaction": null})
        );
    }
    let before = available_cdf(&srv);
    let paid = completed(&srv, "SavingsAdvisor", json!({"input": "what can I save?"}));
    let billing = &paid["run"]["billing"];
    assert_eq!(
        (
            billing["tier"].clone(),
            billing["acu"].clone(),
            billing["amount_minor"].clone(),
            billing["tax_minor"].clone(),
            billing["charged"].clone()
        ),
        (
            json!("standard"),
            json!(5),
            json!(STANDARD_CDF_MINOR),
            json!(STANDARD_TAX_MINOR),
            json!(true)
        ),
        "{paid}"
    );
    assert_eq!(available_cdf(&srv), before - STANDARD_CDF_MINOR);
    let txn = billing["transaction"].as_str().expect("posting");
    let posting = srv.get(&format!("/transactions/{txn}"), srv.sk());
    assert_eq!(posting.status, 200, "{posting:?}");
    let mut lines: Vec<(String, i64)> = posting.body["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| {
            (
                e["owner"].as_str().expect("owner").to_string(),
                e["amount_minor"].as_i64().expect("amount"),
            )
        })
        .filter(|(owner, _)| owner.starts_with("sys."))
        .collect();
    lines.sort();
    assert_eq!(
        lines,
        [
            (
                "sys.fee_revenue".to_string(),
                STANDARD_CDF_MINOR - STANDARD_TAX_MINOR
            ),
            ("sys.tax_payable".to_string(), STANDARD_TAX_MINOR)
        ],
        "{posting:?}"
    );
    // The price is taken in USD as ACU when asked: 5 US cents.
    let usd = run(
        &srv,
        "SavingsAdvisor",
        json!({"input": "what can I save?", "currency": "USD"}),
    );
    assert_error(&usd, 422, "insufficient_funds");
}

#[test]
fn concurrent_paid_runs_stop_at_twenty_a_day_and_charge_only_those() {
    let srv = start();
    fund(&srv, 400_000);
    for _ in 0..5 {
        completed(&srv, "SavingsAdvisor", json!({"input": "what can I save?"}));
    }
    let before = available_cdf(&srv);
    let answers: Vec<Resp> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..25)
            .map(|_| s.spawn(|| run(&srv, "SavingsAdvisor", json!({"input": "what can I save?"}))))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("thread"))
            .collect()
    });
    let ok = answers.iter().filter(|r| r.status == 200).count();
    let refused: Vec<&Resp> = answers.iter().filter(|r| r.status == 429).collect();
    assert_eq!((ok, refused.len()), (20, 5), "{answers:?}");
    for r in refused {
        assert_eq!(
            assert_error(r, 429, "neural_quota_exceeded")["error"]["details"]["quota"],
            "paid_runs_per_day"
        );
    }
    assert_eq!(available_cdf(&srv), before - 20 * STANDARD_CDF_MINOR);
    srv.stop_and_verify();
}

#[test]
fn a_run_without_waiting_is_accepted_then_completes_in_the_background_even_across_a_restart() {
    let mut srv = start();
    let accepted = run(
        &srv,
        "RouteOptimiser",
        json!({"input": "route 100 CDF", "wait": false, "context": {"amount_minor": 10_000}}),
    );
    assert_eq!(accepted.status, 202, "{accepted:?}");
    assert_eq!(accepted.body["run"]["status"], "queued");
    assert_eq!(accepted.body["run"]["output"], Value::Null);
    let id = accepted.body["run"]["id"]
        .as_str()
        .expect("run id")
        .to_string();
    let done = |srv: &TestServer| {
        wait_until(
            Duration::from_secs(10),
            "the run completes",
            || {
                let run = srv.get(&format!("/ai/runs/{id}"), srv.sk()).body;
                (run["status"] != "queued").then_some(run)
            },
            String::new,
        )
    };
    let run_view = done(&srv);
    assert_eq!(run_view["status"], "completed", "{run_view}");
    assert!(
        run_view["result"]["ranked"]
            .as_array()
            .is_some_and(|r| !r.is_empty()),
        "{run_view}"
    );
    assert!(
        run_view["output"]
            .as_str()
            .is_some_and(|o| o.contains("ranked"))
    );

    // Killed right after the 202: the restarted gateway completes the run.
    let second = run(
        &srv,
        "FraudScorer",
        json!({"input": "score it", "wait": false, "context": {"msisdn": SUCCEED}}),
    );
    assert_eq!(second.status, 202, "{second:?}");
    let second_id = second.body["run"]["id"]
        .as_str()
        .expect("run id")
        .to_string();
    srv.restart();
    let after = wait_until(
        Duration::from_secs(10),
        "the run completes after a restart",
        || {
            let run = srv.get(&format!("/ai/runs/{second_id}"), srv.sk()).body;
            (run["status"] == "completed").then_some(run)
        },
        String::new,
    );
    assert_eq!(
        after["result"]["signals"].as_array().map(Vec::len),
        Some(6),
        "{after}"
    );
    // A background run whose context is refused fails, uncharged.
    let bad = run(
        &srv,
        "FraudScorer",
        json!({"input": "score it", "wait": false, "context": {"payment_intent": "pi_nobody"}}),
    );
    let bad_id = bad.body["run"]["id"].as_str().expect("run id").to_string();
    let failed = wait_until(
        Duration::from_secs(10),
        "the run fails",
        || {
            let run = srv.get(&format!("/ai/runs/{bad_id}"), srv.sk()).body;
            (run["status"] == "failed").then_some(run)
        },
        String::new,
    );
    assert_eq!(failed["error"]["code"], "intent_not_found");
    assert_eq!(failed["billing"]["charged"], false);
    assert_error(
        &srv.get("/ai/runs/run_nobody", srv.sk()),
        404,
        "run_not_found",
    );
}
