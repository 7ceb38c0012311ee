//! The ranking of rails (issue 18 point 4, docs/ranking.md): the methods of
//! an intent are ordered by what the gateway has recorded of each rail's
//! attempts, not by constants (O§19: the ranking score, its weights and the
//! circuit). Each test starts from a fresh gateway, so the counters it reads
//! are its own.

use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::intents::{DECLINED, SUCCEED, UNAVAILABLE, act, body, create, id_of};

/// The methods of a new CD intent that takes card and mobile money from
/// airtel or orange, under `policy`. Three candidates, so the cost component
/// is not all-or-nothing: airtel's fees (256 bps of the amount) score 100,
/// orange's (276) 62, the card's (308) 0.
fn methods(srv: &TestServer, policy: &str) -> Vec<Value> {
    let pi = create(
        srv,
        &body(json!({
            "amount_minor": 100_000,
            "rails": ["mobile_money", "card"],
            "allowed_operators": ["airtel", "orange"],
            "customer_country": "CD",
            "payment_method_policy": policy,
        })),
    );
    let resp = srv.get(
        &format!("/payment_intents/{}/methods", id_of(&pi)),
        srv.sk(),
    );
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body["data"].as_array().expect("data").clone()
}

fn operators(methods: &[Value]) -> Vec<&str> {
    methods
        .iter()
        .map(|m| m["operator"].as_str().unwrap_or_default())
        .collect()
}

fn of<'a>(methods: &'a [Value], operator: &str) -> &'a Value {
    methods
        .iter()
        .find(|m| m["operator"] == operator)
        .unwrap_or_else(|| panic!("{operator} in {methods:?}"))
}

/// `times` attempts on `operator` by `msisdn`, on one intent (each failure
/// is retryable, so the intent takes the next one).
fn fail_attempts(srv: &TestServer, operator: &str, msisdn: &str, times: usize) {
    let pi = create(srv, &body(json!({"rails": ["mobile_money"]})));
    let id = id_of(&pi);
    for _ in 0..times {
        let resp = act(
            srv,
            &id,
            "confirm",
            &json!({"customer_msisdn": msisdn, "operator": operator}),
        );
        assert_eq!(resp.status, 200, "{resp:?}");
        assert_eq!(resp.body["status"], "REQUIRES_PAYMENT_METHOD", "{resp:?}");
    }
}

#[test]
fn failures_on_one_rail_change_the_methods_ranking_of_a_new_intent() {
    let srv = TestServer::start();
    // A fresh gateway: the priors (success 85, latency 70); airtel is cheapest.
    let fresh = methods(&srv, "cheapest");
    assert_eq!(operators(&fresh), ["airtel", "orange", "card"], "{fresh:?}");
    let airtel = of(&fresh, "airtel");
    assert_eq!(airtel["components"]["success"], 85, "{airtel}");
    assert_eq!(airtel["components"]["latency"], 70, "{airtel}");
    assert_eq!(airtel["usable"], true, "{airtel}");
    assert!(airtel["score"].as_i64().unwrap_or(0) > 0, "{airtel}");

    // Five payers decline on airtel: five decided attempts, none succeeded
    // (O§19: success = 24 h success % − 2 × unknown %, from 5 decided).
    fail_attempts(&srv, "airtel", DECLINED, 5);
    let after_declines = methods(&srv, "cheapest");
    assert_eq!(
        operators(&after_declines),
        ["orange", "airtel", "card"],
        "{after_declines:?}"
    );
    let airtel = of(&after_declines, "airtel");
    assert_eq!(airtel["components"]["success"], 0, "{airtel}");
    assert_eq!(airtel["success_rate"], 0.0, "{airtel}");
    // A decline is the payer's answer, not the rail's fault: still usable.
    assert_eq!(airtel["usable"], true, "{airtel}");
    assert!(airtel.get("reason").is_none(), "{airtel}");

    // Five provider outages in a row on orange open its circuit (O§19:
    // open after 5 faults in a row; score 0 when unusable; usable first).
    fail_attempts(&srv, "orange", UNAVAILABLE, 5);
    let after_outage = methods(&srv, "cheapest");
    assert_eq!(
        operators(&after_outage),
        ["airtel", "card", "orange"],
        "{after_outage:?}"
    );
    let orange = of(&after_outage, "orange");
    assert_eq!(orange["usable"], false, "{orange}");
    assert_eq!(orange["reason"], "circuit_open", "{orange}");
    assert_eq!(orange["score"], 0, "{orange}");
    assert_eq!(orange["components"]["health"], 0, "{orange}");
    let ranks: Vec<i64> = after_outage
        .iter()
        .map(|m| m["rank"].as_i64().unwrap_or(0))
        .collect();
    assert_eq!(ranks, [1, 2, 3]);
}

#[test]
fn each_policy_weighs_the_recorded_outcomes_its_own_way() {
    let srv = TestServer::start();
    // Five payments that succeed at once on orange (the intent allows only
    // orange, so its attempts are orange's).
    for _ in 0..5 {
        let pi = create(
            &srv,
            &body(json!({
                "rails": ["mobile_money"],
                "allowed_operators": ["orange"],
                "customer_msisdn": SUCCEED,
                "confirm": true,
            })),
        );
        assert_eq!(pi["status"], "SETTLEMENT_PENDING", "{pi}");
    }
    let smart = methods(&srv, "smart");
    let orange = of(&smart, "orange");
    assert_eq!(orange["components"]["success"], 100, "{orange}");
    assert_eq!(orange["components"]["latency"], 100, "{orange}");
    assert_eq!(orange["success_rate"], 1.0, "{orange}");
    let airtel = of(&smart, "airtel");
    assert_eq!(airtel["components"]["success"], 85, "{airtel}");
    // Airtel is still the cheaper: cost decides `cheapest`; orange's record
    // decides `fastest` and `most_reliable`.
    for (policy, first) in [
        ("cheapest", "airtel"),
        ("fastest", "orange"),
        ("most_reliable", "orange"),
    ] {
        let ranked = methods(&srv, policy);
        assert_eq!(operators(&ranked)[0], first, "{policy}: {ranked:?}");
        let scores: Vec<i64> = ranked
            .iter()
            .map(|m| m["score"].as_i64().unwrap_or(-1))
            .collect();
        assert!(scores[0] > scores[1], "{policy}: {scores:?}");
    }
}
