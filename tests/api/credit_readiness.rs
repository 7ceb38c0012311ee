//! The credit-readiness signal (issue 26, spec 4.13 `/credit_readiness`):
//! consent codes given and revoked by the owner, the score of a seeded
//! 180-day history on a test clock, the 24 h cache, the audit.

use serde_json::{Value, json};

use crate::support::clocks::{advance, new_clock};
use crate::support::ik;
use crate::support::intents::{SUCCEED, body, create, id_of};
use crate::support::{Resp, TestServer, assert_error};
use crate::team::{self, DEV, DEV_PASSWORD, OWNER, OWNER_PASSWORD};

const FACTORS: [(&str, i64); 8] = [
    ("income_regularity", 200),
    ("spend_discipline", 180),
    ("savings", 150),
    ("balance_stability", 150),
    ("account", 120),
    ("commitments", 100),
    ("conduct", 100),
    ("verified_income", 100),
];

fn consent(srv: &TestServer, session: &str, input: Value) -> Resp {
    srv.post(
        "/credit_readiness/consents",
        Some(session),
        &input,
        Some(&ik()),
    )
}

#[track_caller]
fn code_of(resp: &Resp) -> String {
    assert_eq!(resp.status, 201, "{resp:?}");
    resp.body["code"]
        .as_str()
        .expect("the code, shown once")
        .to_string()
}

fn read(srv: &TestServer, code: &str) -> Resp {
    srv.get(&format!("/credit_readiness/{code}"), srv.sk())
}

fn pay(srv: &TestServer) {
    let paid = create(
        srv,
        &body(json!({"customer_msisdn": SUCCEED, "confirm": true})),
    );
    assert!(paid["collection_transaction"].is_string(), "{paid}");
}

fn points(report: &Value) -> Vec<(String, i64, i64)> {
    report["factors"]
        .as_array()
        .expect("factors")
        .iter()
        .map(|f| {
            (
                f["name"].as_str().expect("name").into(),
                f["points"].as_i64().expect("points"),
                f["max"].as_i64().expect("max"),
            )
        })
        .collect()
}

#[test]
fn six_months_of_regular_income_score_as_documented_and_the_answer_has_no_transaction() {
    let srv = team::start(&[]);
    let owner = team::login(&srv, OWNER, OWNER_PASSWORD);
    let clock = id_of(&new_clock(&srv, true));
    // One payment of 10,000 a month for six months (net 9,734 each).
    // 30 days apart: the read (on the last day) finds one in each 30-day month.
    for (month, day) in [
        "2027-01-01",
        "2027-01-31",
        "2027-03-02",
        "2027-04-01",
        "2027-05-01",
        "2027-05-31",
    ]
    .iter()
    .enumerate()
    {
        if month > 0 {
            advance(&srv, &clock, &format!("{day}T00:00:00Z"));
        }
        pay(&srv);
    }
    let given = consent(&srv, &owner, json!({}));
    let code = code_of(&given);
    assert!(
        code.len() == 16 && code.starts_with("CR-") && code.as_bytes()[9] == b'-',
        "{code}"
    );
    assert_eq!(given.body["days"], 90);
    let resp = read(&srv, &code);
    assert_eq!(resp.status, 200, "{resp:?}");
    let report = &resp.body;
    let got = points(report);
    let maxima: Vec<(&str, i64)> = got.iter().map(|(n, _, m)| (n.as_str(), *m)).collect();
    assert_eq!(maxima, FACTORS, "{report}");
    let by_name = |name: &str| {
        got.iter()
            .find(|(n, _, _)| n == name)
            .map(|(_, p, _)| *p)
            .expect(name)
    };
    // Income every month, nothing spent, steady: full marks; no payout: 50;
    // no dispute: 100; six verified payments: 30.
    for (name, expected) in [
        ("income_regularity", 200),
        ("spend_discipline", 180),
        ("savings", 150),
        ("balance_stability", 150),
        ("commitments", 50),
        ("conduct", 100),
        ("verified_income", 30),
    ] {
        assert_eq!(by_name(name), expected, "{name}: {report}");
    }
    assert!((0..=120).contains(&by_name("account")), "{report}");
    let sum: i64 = got.iter().map(|(_, p, _)| p).sum();
    assert_eq!(report["score"], json!(sum.min(1_000)));
    let band = match sum {
        ..350 => "building",
        350..550 => "fair",
        550..750 => "good",
        _ => "strong",
    };
    assert_eq!(report["band"], band);
    assert_eq!(
        (report["window_days"].clone(), report["currency"].clone()),
        (json!(180), json!("CDF"))
    );
    // A signal, never transactions, never a lending decision.
    assert!(
        !resp.text.contains("txn_") && !resp.text.contains("pi_") && !resp.text.contains(SUCCEED),
        "{}",
        resp.text
    );
    assert!(
        report["disclaimer"]
            .as_str()
            .is_some_and(|d| d.contains("not a lending decision"))
    );
    assert!(report.get("approved").is_none() && report.get("decision").is_none());
    // The read is in the organisation's audit log.
    let log = srv.get("/audit_log?limit=100", Some(&owner));
    let reads = log.body["data"]
        .as_array()
        .expect("log")
        .iter()
        .filter(|e| e["action"] == "credit_readiness.read")
        .count();
    assert_eq!(reads, 1, "{log:?}");
}

#[test]
fn a_score_is_cached_for_24_hours_of_the_sandbox_clock() {
    let srv = team::start(&[]);
    let owner = team::login(&srv, OWNER, OWNER_PASSWORD);
    let clock = id_of(&new_clock(&srv, true));
    pay(&srv);
    let code = code_of(&consent(&srv, &owner, json!({"days": 30})));
    let first = read(&srv, &code).body;
    pay(&srv);
    let second = read(&srv, &code).body;
    assert_eq!(first, second, "served from the cache within 24 h");
    advance(&srv, &clock, "2027-01-02T00:00:01Z");
    let third = read(&srv, &code).body;
    assert_eq!(third["computed_at"], "2027-01-02T00:00:01.000Z", "{third}");
    let verified = |r: &Value| {
        points(r)
            .into_iter()
            .find(|(n, _, _)| n == "verified_income")
            .map(|(_, p, _)| p)
    };
    assert_eq!((verified(&first), verified(&third)), (Some(5), Some(10)));
    let log = srv.get("/audit_log?limit=100", Some(&owner));
    let reads: Vec<&Value> = log.body["data"]
        .as_array()
        .expect("log")
        .iter()
        .filter(|e| e["action"] == "credit_readiness.read")
        .collect();
    assert_eq!(
        reads.len(),
        3,
        "every read is audited, cached or not: {log:?}"
    );
}

#[test]
fn expired_and_revoked_codes_are_refused_and_only_owners_give_codes() {
    let srv = team::start(&[]);
    let owner = team::login(&srv, OWNER, OWNER_PASSWORD);
    let clock = id_of(&new_clock(&srv, true));
    for days in [0, 366] {
        let bad = consent(&srv, &owner, json!({"days": days}));
        assert_eq!(assert_error(&bad, 400, "validation_error")["param"], "days");
    }
    let dev = team::login(&srv, DEV, DEV_PASSWORD);
    assert_error(&consent(&srv, &dev, json!({})), 403, "role_denied");
    assert_error(
        &consent(&srv, srv.secret_key.as_str(), json!({})),
        403,
        "session_required",
    );

    let short = code_of(&consent(&srv, &owner, json!({"days": 1})));
    let kept = consent(&srv, &owner, json!({"days": 365}));
    let (kept_code, kept_id) = (code_of(&kept), id_of(&kept.body));
    assert_eq!(read(&srv, &short).status, 200);
    advance(&srv, &clock, "2027-01-02T00:00:00Z");
    assert_error(&read(&srv, &short), 403, "credit_consent_expired");
    assert_eq!(read(&srv, &kept_code).status, 200);

    let revoked = srv.post(
        &format!("/credit_readiness/consents/{kept_id}/revoke"),
        Some(&owner),
        &json!({}),
        Some(&ik()),
    );
    assert_eq!(revoked.status, 200, "{revoked:?}");
    assert_eq!(
        (revoked.body["status"].clone(), revoked.body.get("code")),
        (json!("revoked"), None)
    );
    assert_error(&read(&srv, &kept_code), 403, "credit_consent_revoked");
    for unknown in ["CR-AAAAAA-BBBBBB", "not-a-code"] {
        assert_error(&read(&srv, unknown), 404, "credit_consent_not_found");
    }
    // A key without credit:read cannot read a code at all.
    let key = srv.post(
        "/api_keys",
        Some(&owner),
        &json!({"kind": "rk", "mode": "test", "scopes": ["balance:read"]}),
        None,
    );
    let key = key.body["secret"].as_str().expect("secret").to_string();
    assert_error(
        &srv.get(&format!("/credit_readiness/{short}"), Some(&key)),
        403,
        "scope_denied",
    );
}
