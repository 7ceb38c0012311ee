//! Live rails (issue 28, `docs/rails.md`): the gateway in live mode against
//! a local simulator of each provider's public API (`rails_sim.rs`),
//! reached through `--rail-base-url`. Every call leaves the writer through
//! the rail outbox; callbacks only bring an inquiry forward.

use std::path::Path;
use std::time::Duration;

use serde_json::{Value, json};

use crate::rails_sim::{self, Momo};
use crate::support::ik;
use crate::support::intents::{body, id_of};
use crate::support::{Resp, TestServer, assert_error, create_key, paygate, wait_until};

/// How long an outcome may take to arrive through the outbox.
pub(crate) const WITHIN: Duration = Duration::from_secs(15);
/// The first inquiry follows a request by this long (more than the timeout,
/// so that a timed-out request is seen AMBIGUOUS before an inquiry decides it).
const POLL_MS: &str = "1500";

/// The payer or payee numbers of the simulator's outcomes (`rails_sim.rs`).
pub(crate) const PAID: &str = "+256770000101";
const DECLINED: &str = "+256770000102";
const TIMES_OUT_AFTER_ACCEPTING: &str = "+256770000103";
pub(crate) const PENDING: &str = "+256770000104";
const LOST: &str = "+256770000105";
const NO_SUCH_PAYEE: &str = "+256770000106";

/// Writes the simulator's credentials to a file and configures MTN offline.
fn configure_momo(dir: &Path) {
    let file = dir.with_extension("momo.json");
    std::fs::write(
        &file,
        json!({
            "api_user": rails_sim::API_USER,
            "api_key": rails_sim::API_KEY,
            "collection_subscription_key": rails_sim::SUBSCRIPTION_KEY,
        })
        .to_string(),
    )
    .expect("write the credentials file");
    let out = paygate(&[
        "rails",
        "configure",
        "mtn_momo",
        "--credentials-file",
        file.to_str().expect("utf-8"),
        "--data-dir",
        dir.to_str().expect("utf-8"),
    ]);
    out.assert_success();
    assert!(
        !out.stdout.contains(rails_sim::API_KEY),
        "the CLI printed a credential: {out:?}"
    );
    std::fs::remove_file(file).expect("remove the credentials file");
}

/// The gateway with MTN configured for live mode against `sim`, and its live
/// sk key; calls time out after 800 ms, the first inquiry follows a request
/// by `poll_ms`.
pub(crate) fn start(sim: &Momo, poll_ms: &str) -> (TestServer, String) {
    start_with_cooldown(sim, poll_ms, "1500")
}

fn start_with_cooldown(sim: &Momo, poll_ms: &str, cooldown_ms: &str) -> (TestServer, String) {
    start_configured(sim, poll_ms, cooldown_ms, |_| {})
}

/// As [`start`], with `more` done to the data directory first (team members).
fn start_configured(
    sim: &Momo,
    poll_ms: &str,
    cooldown_ms: &str,
    more: impl FnOnce(&Path),
) -> (TestServer, String) {
    let flag = sim.base_url_flag();
    let args = [
        "--rail-base-url",
        flag.as_str(),
        "--rail-timeout-ms",
        "800",
        "--rail-poll-ms",
        poll_ms,
        "--rail-circuit-cooldown-ms",
        cooldown_ms,
    ];
    TestServer::start_with_args(&args, |dir| {
        configure_momo(dir);
        more(dir);
        create_key(dir, "sk", "live", &[])
    })
}

pub(crate) fn pay(srv: &TestServer, live: &str, msisdn: &str) -> String {
    pay_in(srv, live, msisdn, "CDF")
}

fn pay_in(srv: &TestServer, live: &str, msisdn: &str, currency: &str) -> String {
    let resp = srv.post(
        "/payment_intents",
        Some(live),
        &body(
            json!({"rails": ["mobile_money"], "customer_msisdn": msisdn, "confirm": true,
                     "currency": currency}),
        ),
        Some(&ik()),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    assert_eq!(resp.body["livemode"], true, "{resp:?}");
    assert_eq!(resp.body["status"], "REQUIRES_CUSTOMER_ACTION", "{resp:?}");
    id_of(&resp.body)
}

pub(crate) fn intent(srv: &TestServer, live: &str, id: &str) -> Value {
    let resp = srv.get(&format!("/payment_intents/{id}"), Some(live));
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body
}

#[track_caller]
pub(crate) fn wait_status(srv: &TestServer, live: &str, id: &str, status: &str) -> Value {
    wait_until(
        WITHIN,
        &format!("{id} {status}"),
        || Some(intent(srv, live, id)).filter(|i| i["status"] == status),
        || format!("{}\n{}", intent(srv, live, id), srv.logs()),
    )
}

/// The requests the simulator received for `party`.
pub(crate) fn posts_for(sim: &Momo, party: &str) -> Vec<rails_sim::Posted> {
    let digits = party.trim_start_matches('+');
    sim.posts()
        .into_iter()
        .filter(|p| p.party == digits)
        .collect()
}

#[track_caller]
pub(crate) fn wait_posted(sim: &Momo, party: &str, n: usize) -> Vec<rails_sim::Posted> {
    wait_until(
        WITHIN,
        &format!("{n} requests for {party}"),
        || Some(posts_for(sim, party)).filter(|p| p.len() >= n),
        || format!("{:?}", sim.posts()),
    )
}

pub(crate) fn events_of(srv: &TestServer, live: &str, kind: &str) -> Vec<Value> {
    let resp = srv.get(&format!("/events?type={kind}&limit=100"), Some(live));
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body["data"].as_array().cloned().expect("a data list")
}

pub(crate) fn timeline_events(srv: &TestServer, live: &str, id: &str) -> Vec<String> {
    let resp = srv.get(&format!("/payment_intents/{id}/timeline"), Some(live));
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body["entries"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|e| e["event"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// The live organisation's (pending, available) CDF.
pub(crate) fn balance(srv: &TestServer, live: &str) -> (i64, i64) {
    balance_in(srv, live, "CDF")
}

pub(crate) fn balance_in(srv: &TestServer, live: &str, currency: &str) -> (i64, i64) {
    let (available, pending) = crate::support::balances::balance(srv, Some(live), currency);
    (pending, available)
}

/// Sends the callback MTN would send about `posted` to the URL it was given.
pub(crate) fn callback(srv: &TestServer, posted: &rails_sim::Posted, body: &Value) -> Resp {
    let path = posted
        .callback_url
        .split("/v1")
        .nth(1)
        .expect("the callback URL is under /v1");
    assert_eq!(path, "/rails/mtn_momo/callback");
    srv.post(path, None, body, None)
}

#[test]
fn a_live_intent_is_paid_through_mtn_by_polling_with_one_request() {
    let sim = Momo::start();
    let (srv, live) = start(&sim, POLL_MS);
    let id = pay(&srv, &live, PAID);
    let paid = wait_status(&srv, &live, &id, "SETTLEMENT_PENDING");
    assert_eq!(paid["amount_received_minor"], 10_000, "{paid}");
    let posts = wait_posted(&sim, PAID, 1);
    assert_eq!(posts.len(), 1, "{posts:?}");
    assert_eq!(posts[0].amount, "100.00", "major units: {posts:?}");
    assert!(posts[0].external_id.starts_with("rrq_"), "{posts:?}");
    assert_eq!(posts[0].reference.len(), 36, "a UUID X-Reference-Id");
    assert!(sim.inquiries() >= 1, "paid by polling");
    assert!(
        balance(&srv, &live).0 > 0,
        "the merchant's pending was credited"
    );
    // The test mode never reaches the provider.
    let before = sim.posts().len();
    let test = srv.post(
        "/payment_intents",
        srv.sk(),
        &body(
            json!({"rails": ["mobile_money"], "customer_msisdn": "+243000000501", "confirm": true}),
        ),
        Some(&ik()),
    );
    assert_eq!(test.status, 201, "{test:?}");
    assert_eq!(sim.posts().len(), before);
}

#[test]
fn a_live_intent_is_paid_by_an_mtn_callback_confirmed_by_one_inquiry() {
    let sim = Momo::start();
    // Inquiries an hour apart: only the callback can make it paid in time.
    let (srv, live) = start(&sim, "3600000");
    let id = pay(&srv, &live, PENDING);
    let posted = wait_posted(&sim, PENDING, 1).remove(0);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        intent(&srv, &live, &id)["status"],
        "REQUIRES_CUSTOMER_ACTION"
    );
    sim.decide(&posted.reference, "SUCCESSFUL", None);
    let resp = callback(&srv, &posted, &sim.callback_body(&posted.reference));
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_eq!(resp.body["inquiry_queued"], true, "{resp:?}");
    wait_status(&srv, &live, &id, "SETTLEMENT_PENDING");
    assert_eq!(sim.inquiries(), 1, "one inquiry confirmed the callback");
    // A duplicate callback after the outcome changes nothing.
    let again = callback(&srv, &posted, &sim.callback_body(&posted.reference));
    assert_eq!(again.body["inquiry_queued"], false, "{again:?}");
    assert_eq!(events_of(&srv, &live, "payment_intent.succeeded").len(), 1);
}

#[test]
fn a_declined_mtn_payment_lets_the_payer_try_again() {
    let sim = Momo::start();
    let (srv, live) = start(&sim, POLL_MS);
    let id = pay(&srv, &live, DECLINED);
    let failed = wait_status(&srv, &live, &id, "REQUIRES_PAYMENT_METHOD");
    assert_eq!(failed["attempts_count"], 1, "{failed}");
    assert_eq!(
        failed["last_attempt"]["failure_reason"], "declined",
        "{failed}"
    );
    assert_eq!(balance(&srv, &live), (0, 0));
    // The payer tries again with another number, and pays.
    let resp = srv.post(
        &format!("/payment_intents/{id}/confirm"),
        Some(&live),
        &json!({"customer_msisdn": PAID}),
        Some(&ik()),
    );
    assert_eq!(resp.status, 200, "{resp:?}");
    wait_status(&srv, &live, &id, "SETTLEMENT_PENDING");
}

#[test]
fn a_timeout_after_mtn_accepted_is_ambiguous_then_captured_by_inquiry_with_one_debit() {
    let sim = Momo::start();
    let (srv, live) = start(&sim, POLL_MS);
    let id = pay(&srv, &live, TIMES_OUT_AFTER_ACCEPTING);
    let paid = wait_status(&srv, &live, &id, "SETTLEMENT_PENDING");
    let timeline = timeline_events(&srv, &live, &id);
    assert!(
        timeline.contains(&"attempt.unknown".to_string())
            && timeline.contains(&"inquiry.paid".to_string()),
        "AMBIGUOUS, then resolved by the inquiry: {timeline:?}"
    );
    assert_eq!(paid["review"]["status"], "RESOLVED", "{paid}");
    assert_eq!(
        events_of(&srv, &live, "payment_intent.ambiguous_hold").len(),
        1
    );
    // Never sent twice: the payer was asked (and debited) once.
    std::thread::sleep(rails_sim::HANG);
    assert_eq!(posts_for(&sim, TIMES_OUT_AFTER_ACCEPTING).len(), 1);
    assert_eq!(events_of(&srv, &live, "payment_intent.captured").len(), 1);
}

#[test]
fn an_mtn_request_lost_before_processing_is_not_paid_and_never_resent() {
    let sim = Momo::start();
    let (srv, live) = start(&sim, POLL_MS);
    let id = pay(&srv, &live, LOST);
    let back = wait_status(&srv, &live, &id, "REQUIRES_PAYMENT_METHOD");
    let timeline = timeline_events(&srv, &live, &id);
    assert!(
        timeline.contains(&"attempt.unknown".to_string())
            && timeline.contains(&"inquiry.not_paid".to_string()),
        "{timeline:?}"
    );
    assert_eq!(back["review"]["outcome"], "not_paid", "{back}");
    std::thread::sleep(rails_sim::HANG);
    assert_eq!(posts_for(&sim, LOST).len(), 1);
    assert_eq!(balance(&srv, &live), (0, 0));
}

#[test]
fn duplicate_and_forged_mtn_callbacks_are_confirmed_by_inquiry_and_change_nothing() {
    let sim = Momo::start();
    let (srv, live) = start(&sim, "3600000");
    let id = pay(&srv, &live, PENDING);
    let posted = wait_posted(&sim, PENDING, 1).remove(0);
    // Forged: says SUCCESSFUL while the provider says PENDING.
    let forged = json!({"externalId": posted.external_id, "status": "SUCCESSFUL",
                        "amount": "10000", "currency": "CDF"});
    for _ in 0..3 {
        let resp = callback(&srv, &posted, &forged);
        assert_eq!(resp.status, 200, "{resp:?}");
    }
    wait_until(
        WITHIN,
        "the inquiry the callbacks brought forward",
        || (sim.inquiries() >= 1).then_some(()),
        || srv.logs(),
    );
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(
        intent(&srv, &live, &id)["status"],
        "REQUIRES_CUSTOMER_ACTION"
    );
    assert!(sim.inquiries() <= 3, "one inquiry per callback at most");
    assert_eq!(balance(&srv, &live), (0, 0));
    // A callback naming nothing the gateway sent, or malformed: read, ignored.
    let unknown = callback(&srv, &posted, &json!({"externalId": "rrq_01nope"}));
    assert_eq!(unknown.body["inquiry_queued"], false, "{unknown:?}");
    let garbage = srv.request(
        "POST",
        "/rails/mtn_momo/callback",
        &[("Content-Type", "application/json")],
        Some(b"{not json".to_vec()),
    );
    assert_eq!(garbage.status, 200, "{garbage:?}");
    assert_error(
        &srv.post("/rails/nope/callback", None, &json!({}), None),
        404,
        "rail_unknown",
    );
    // The real outcome, then its callback twice: paid once.
    sim.decide(&posted.reference, "SUCCESSFUL", None);
    callback(&srv, &posted, &sim.callback_body(&posted.reference));
    wait_status(&srv, &live, &id, "SETTLEMENT_PENDING");
    callback(&srv, &posted, &sim.callback_body(&posted.reference));
    assert_eq!(events_of(&srv, &live, "payment_intent.captured").len(), 1);
}

#[test]
fn an_expired_mtn_token_is_renewed_and_the_request_goes_through() {
    let sim = Momo::start();
    let (srv, live) = start(&sim, POLL_MS);
    let first = pay(&srv, &live, PAID);
    wait_status(&srv, &live, &first, "SETTLEMENT_PENDING");
    let tokens = sim.token_requests();
    assert_eq!(tokens, 1, "one token served every call so far");
    sim.expire_tokens();
    let second = pay(&srv, &live, PAID);
    wait_status(&srv, &live, &second, "SETTLEMENT_PENDING");
    assert_eq!(sim.token_requests(), 2, "renewed once after the 401");
    assert_eq!(posts_for(&sim, PAID).len(), 2);
}

/// A live UGX payment, settled to available through a cycle paid at once
/// (MTN pays out in UGX, not CDF).
fn fund(srv: &TestServer, live: &str) {
    let id = pay_in(srv, live, PAID, "UGX");
    wait_status(srv, live, &id, "SETTLEMENT_PENDING");
    let resp = srv.post(
        "/settlement_cycles",
        Some(live),
        &json!({"currency": "UGX", "pay": true}),
        Some(&ik()),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    assert!(balance_in(srv, live, "UGX").1 > 5_000, "{resp:?}");
}

fn payout(srv: &TestServer, live: &str, phone: &str) -> String {
    let resp = srv.post(
        "/payouts",
        Some(live),
        &json!({"amount_minor": 1_000, "currency": "UGX",
                "destination": {"method": "mobile_money", "operator_id": "mtn", "phone": phone, "name": "Amani"}}),
        Some(&ik()),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    assert_eq!(resp.body["status"], "PENDING", "{resp:?}");
    resp.body["id"].as_str().expect("id").to_string()
}

#[track_caller]
fn wait_payout(srv: &TestServer, live: &str, id: &str, status: &str) -> Value {
    wait_until(
        WITHIN,
        &format!("{id} {status}"),
        || {
            let resp = srv.get(&format!("/payouts/{id}"), Some(live));
            Some(resp.body).filter(|p| p["status"] == status)
        },
        || {
            format!(
                "{:?}\n{}",
                srv.get(&format!("/payouts/{id}"), Some(live)),
                srv.logs()
            )
        },
    )
}

#[test]
fn live_mtn_payouts_are_paid_failed_with_money_back_and_resolved_after_a_timeout() {
    let sim = Momo::start();
    let (srv, live) = start(&sim, POLL_MS);
    fund(&srv, &live);
    let available = balance_in(&srv, &live, "UGX").1;
    let paid = payout(&srv, &live, PAID);
    wait_payout(&srv, &live, &paid, "PAID");
    let failed = payout(&srv, &live, NO_SUCH_PAYEE);
    let failed = wait_payout(&srv, &live, &failed, "FAILED");
    assert_eq!(failed["failure_reason"], "invalid_account", "{failed}");
    // Paid: amount and fee gone; failed: both back.
    assert_eq!(balance_in(&srv, &live, "UGX").1, available - 1_007);
    let unknown = payout(&srv, &live, TIMES_OUT_AFTER_ACCEPTING);
    wait_payout(&srv, &live, &unknown, "PAID");
    assert_eq!(
        events_of(&srv, &live, "payout.needs_review").len(),
        1,
        "held while unknown"
    );
    std::thread::sleep(rails_sim::HANG);
    for phone in [PAID, NO_SUCH_PAYEE, TIMES_OUT_AFTER_ACCEPTING] {
        let transfers: Vec<_> = posts_for(&sim, phone)
            .into_iter()
            .filter(|p| p.product == "disbursement")
            .collect();
        assert_eq!(transfers.len(), 1, "{phone}: never paid twice");
    }
    assert_eq!(balance_in(&srv, &live, "UGX").1, available - 2 * 1_007);
}

/// The degraded flags of `GET /status`; fails the test when it does not
/// answer them (so that "none" is never a failed read).
#[track_caller]
fn degraded(srv: &TestServer) -> Vec<String> {
    let resp = srv.get("/status", None);
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body["degraded_flags"]
        .as_array()
        .unwrap_or_else(|| panic!("no degraded_flags: {resp:?}"))
        .iter()
        .map(|f| f.as_str().expect("a flag").to_string())
        .collect()
}

#[test]
fn a_failing_provider_opens_its_circuit_and_a_probe_closes_it() {
    let sim = Momo::start();
    let (srv, live) = start(&sim, POLL_MS);
    sim.set_down(true);
    for _ in 0..3 {
        let id = pay(&srv, &live, PAID);
        let failed = wait_status(&srv, &live, &id, "REQUIRES_PAYMENT_METHOD");
        assert_eq!(
            failed["last_attempt"]["failure_reason"],
            "provider_unavailable"
        );
    }
    assert_eq!(degraded(&srv), ["rail_circuit_open:mtn_momo"]);
    // The payer is told to try another operator; nothing is written.
    let resp = srv.post(
        "/payment_intents",
        Some(&live),
        &body(json!({"rails": ["mobile_money"], "customer_msisdn": PAID, "confirm": true})),
        Some(&ik()),
    );
    assert_error(&resp, 422, "rail_unavailable");
    sim.set_down(false);
    std::thread::sleep(Duration::from_millis(1_600));
    // Half-open: the next request probes, is answered, and closes the circuit.
    let id = pay(&srv, &live, PAID);
    wait_status(&srv, &live, &id, "SETTLEMENT_PENDING");
    assert_eq!(degraded(&srv), Vec::<String>::new());
}

#[test]
fn credentials_never_reach_the_store_file_the_logs_or_the_api() {
    let sim = Momo::start();
    let (srv, live) = start(&sim, POLL_MS);
    let id = pay(&srv, &live, PAID);
    wait_status(&srv, &live, &id, "SETTLEMENT_PENDING");
    let logs = srv.logs();
    for secret in [rails_sim::API_KEY, rails_sim::SUBSCRIPTION_KEY] {
        assert!(!logs.contains(secret), "{secret} in the logs");
        // The store file, the key file and the write-ahead log's segments
        // (none on PostgreSQL, whose data dir keeps the key only).
        let wal = srv.data_dir.join("wal");
        let segments = std::fs::read_dir(&wal).into_iter().flatten();
        let files = std::fs::read_dir(&srv.data_dir)
            .expect("data dir")
            .chain(segments);
        for entry in files {
            let path = entry.expect("entry").path();
            if path == wal {
                continue;
            }
            let bytes = crate::support::with_frames_expanded(std::fs::read(&path).expect("read"));
            let found = bytes.windows(secret.len()).any(|w| w == secret.as_bytes());
            assert!(!found, "{secret} in {}", path.display());
        }
    }
    assert!(
        logs.contains("rail outbox: answer"),
        "the dispatcher logs its answers"
    );
}

#[test]
fn kill_9_with_mtn_requests_in_flight_then_restart_sends_nothing_twice() {
    let sim = Momo::start();
    let (mut srv, live) = start(&sim, POLL_MS);
    // In flight: the simulator holds the request when the gateway dies.
    let in_flight = pay(&srv, &live, TIMES_OUT_AFTER_ACCEPTING);
    wait_posted(&sim, TIMES_OUT_AFTER_ACCEPTING, 1);
    srv.restart();
    wait_status(&srv, &live, &in_flight, "SETTLEMENT_PENDING");
    // Committed but not yet taken from the outbox when the gateway dies.
    let mut args: Vec<String> = vec![];
    let flag = sim.base_url_flag();
    for a in [
        "--rail-base-url",
        flag.as_str(),
        "--rail-timeout-ms",
        "800",
        "--rail-poll-ms",
        "1500",
    ] {
        args.push(a.to_string());
    }
    let with_delay: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .chain(["--rail-dispatch-delay-ms", "5000"])
        .collect();
    srv.set_serve_args(&with_delay);
    srv.restart();
    let queued = pay(&srv, &live, PAID);
    srv.kill();
    assert!(posts_for(&sim, PAID).is_empty(), "sent before the kill");
    srv.set_serve_args(&args.iter().map(String::as_str).collect::<Vec<_>>());
    srv.start_again();
    wait_status(&srv, &live, &queued, "SETTLEMENT_PENDING");
    std::thread::sleep(rails_sim::HANG);
    assert_eq!(posts_for(&sim, TIMES_OUT_AFTER_ACCEPTING).len(), 1);
    assert_eq!(posts_for(&sim, PAID).len(), 1);
    assert_eq!(events_of(&srv, &live, "payment_intent.captured").len(), 2);
}

#[test]
fn reconciliation_lists_a_missing_an_extra_and_a_mismatched_line() {
    let sim = Momo::start();
    let (mut srv, live) = start(&sim, POLL_MS);
    let ids: Vec<String> = (0..3).map(|_| pay(&srv, &live, PAID)).collect();
    for id in &ids {
        wait_status(&srv, &live, id, "SETTLEMENT_PENDING");
    }
    let refs: Vec<String> = posts_for(&sim, PAID)
        .into_iter()
        .map(|p| p.external_id)
        .collect();
    assert_eq!(refs.len(), 3);
    // The first matches, the second's amount differs, the third is missing,
    // and the provider reports one the gateway never sent.
    let statement = format!(
        "Date,Reference,Amount,Currency,Status\n\
         2026-11-23,{},100.00,CDF,SUCCESSFUL\n\
         2026-11-23,{},90.00,CDF,SUCCESSFUL\n\
         2026-11-23,rrq_01unknown,5.00,CDF,SUCCESSFUL\n",
        refs[0], refs[1]
    );
    let resp = srv.post(
        "/rails/mtn_momo/reconciliations",
        Some(&live),
        &json!({"statement": statement}),
        Some(&ik()),
    );
    assert_eq!(resp.status, 200, "{resp:?}");
    let report = &resp.body;
    assert_eq!(report["matched"], 1, "{report}");
    assert_eq!(
        report["missing"][0]["reference"],
        refs[2].as_str(),
        "{report}"
    );
    assert_eq!(
        report["mismatched"][0]["reference"],
        refs[1].as_str(),
        "{report}"
    );
    assert_eq!(report["mismatched"][0]["reason"], "amount", "{report}");
    assert_eq!(report["extra"][0]["reference"], "rrq_01unknown", "{report}");
    let events = events_of(&srv, &live, "reconciliation.mismatch");
    assert_eq!(events.len(), 1);
    assert_eq!(
        events[0]["data"]["object"]["missing_count"], 1,
        "{events:?}"
    );
    // The same offline.
    srv.kill();
    let file = srv.data_dir.with_extension("statement.csv");
    std::fs::write(&file, &statement).expect("write the statement");
    let out = paygate(&[
        "reconcile",
        "--rail",
        "mtn_momo",
        "--file",
        file.to_str().expect("utf-8"),
        "--data-dir",
        srv.data_dir.to_str().expect("utf-8"),
    ]);
    assert!(!out.success(), "mismatches exit 1: {out:?}");
    let report: Value = serde_json::from_str(out.stdout.trim()).expect("JSON report");
    assert_eq!(report["missing_count"], 1, "{report}");
    assert_eq!(report["mismatched_count"], 1, "{report}");
    assert_eq!(report["extra_count"], 1, "{report}");
    srv.start_again();
}

#[test]
fn an_owner_configures_a_rail_with_a_pin_and_nothing_secret_is_shown() {
    use crate::team::{DEV, DEV_PASSWORD, OWNER, OWNER_PASSWORD, OWNER_PIN, login};
    let srv = crate::team::start(&[]);
    let owner = login(&srv, OWNER, OWNER_PASSWORD);
    let dev = login(&srv, DEV, DEV_PASSWORD);
    let put = |session: &str, body: &Value| {
        let auth = format!("Bearer {session}");
        srv.request(
            "PUT",
            "/rails/flutterwave",
            &[
                ("Authorization", auth.as_str()),
                ("Content-Type", "application/json"),
            ],
            Some(serde_json::to_vec(body).expect("body")),
        )
    };
    let creds = json!({"secret_key": "FLWSECK_TEST-9f8e7d", "secret_hash": "hash-5c4b3a"});
    assert_error(
        &put(&owner, &json!({"credentials": creds})),
        403,
        "step_up_required",
    );
    assert_error(
        &put(
            &dev,
            &json!({"credentials": creds, "pin": crate::team::DEV_PIN}),
        ),
        403,
        "role_denied",
    );
    assert_error(
        &put(
            &owner,
            &json!({"credentials": {"secret_key": "x"}, "pin": OWNER_PIN}),
        ),
        400,
        "validation_error",
    );
    let resp = put(
        &owner,
        &json!({"credentials": creds, "pin": OWNER_PIN, "country": "UG"}),
    );
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_eq!(resp.body["configured"], true, "{resp:?}");
    assert_eq!(
        resp.body["credential_names"],
        json!(["secret_hash", "secret_key"])
    );
    assert!(!resp.text.contains("FLWSECK_TEST-9f8e7d"), "{resp:?}");
    let list = srv.get("/rails", Some(&owner));
    assert_eq!(list.status, 200, "{list:?}");
    assert!(!list.text.contains("hash-5c4b3a"), "{list:?}");
    let rails: Vec<Value> = list.body["data"].as_array().cloned().unwrap_or_default();
    assert_eq!(rails.len(), 3, "{list:?}");
    let flutterwave = rails
        .iter()
        .find(|r| r["rail"] == "flutterwave")
        .expect("listed");
    assert_eq!(flutterwave["configured"], true);
    assert_eq!(flutterwave["health"]["circuit"], "closed");
    assert!(
        flutterwave["callback_url"]
            .as_str()
            .is_some_and(|u| u.ends_with("/v1/rails/flutterwave/callback")),
        "{flutterwave}"
    );
    assert_error(&srv.get("/rails", srv.sk()), 403, "session_required");
    let auth = format!("Bearer {owner}");
    let unknown = srv.request(
        "PUT",
        "/rails/nope",
        &[
            ("Authorization", auth.as_str()),
            ("Content-Type", "application/json"),
        ],
        Some(serde_json::to_vec(&json!({"credentials": creds, "pin": OWNER_PIN})).expect("body")),
    );
    assert_error(&unknown, 404, "rail_unknown");
    // A forged Flutterwave callback is refused by its hash.
    let forged = srv.post(
        "/rails/flutterwave/callback",
        None,
        &json!({"event": "charge.completed", "data": {"tx_ref": "rrq_01x"}}),
        None,
    );
    assert_eq!(
        forged.status, 200,
        "an unknown reference is ignored: {forged:?}"
    );
}

/// The gateway with `rail` configured from `credentials` against `flag`.
pub(crate) fn start_other(
    rail: &str,
    flag: &str,
    credentials: Value,
    poll_ms: &str,
) -> (TestServer, String) {
    start_other_with(rail, flag, credentials, poll_ms, &[])
}

pub(crate) fn start_other_with(
    rail: &str,
    flag: &str,
    credentials: Value,
    poll_ms: &str,
    extra: &[&str],
) -> (TestServer, String) {
    let mut args = vec![
        "--rail-base-url",
        flag,
        "--rail-timeout-ms",
        "800",
        "--rail-poll-ms",
        poll_ms,
    ];
    args.extend_from_slice(extra);
    let rail = rail.to_string();
    TestServer::start_with_args(&args, move |dir| {
        let file = dir.with_extension("creds.json");
        std::fs::write(&file, credentials.to_string()).expect("write");
        paygate(&[
            "rails",
            "configure",
            &rail,
            "--credentials-file",
            file.to_str().expect("utf-8"),
            "--country",
            "UG",
            "--data-dir",
            dir.to_str().expect("utf-8"),
        ])
        .assert_success();
        create_key(dir, "sk", "live", &[])
    })
}

fn sim_posts_for(sim: &rails_sim::Sim, party: &str) -> Vec<rails_sim::Posted> {
    sim.posts()
        .into_iter()
        .filter(|p| p.party == party)
        .collect()
}

#[test]
fn airtel_money_collects_by_polling_declines_and_resolves_a_timeout_by_inquiry() {
    let sim = rails_sim::Sim::airtel();
    let credentials = json!({"client_id": rails_sim::AIRTEL_CLIENT_ID,
                             "client_secret": rails_sim::AIRTEL_CLIENT_SECRET});
    let (srv, live) = start_other("airtel_money", &sim.base_url_flag(), credentials, POLL_MS);
    let paid = pay_in(&srv, &live, PAID, "UGX");
    wait_status(&srv, &live, &paid, "SETTLEMENT_PENDING");
    // Airtel takes the number without its country code.
    let posts = sim_posts_for(&sim, "770000101");
    assert_eq!(posts.len(), 1, "{:?}", sim.posts());
    assert_eq!(posts[0].amount, "10000", "UGX has no decimals: {posts:?}");
    let declined = pay_in(&srv, &live, DECLINED, "UGX");
    let back = wait_status(&srv, &live, &declined, "REQUIRES_PAYMENT_METHOD");
    assert_eq!(back["last_attempt"]["failure_reason"], "declined", "{back}");
    // The OAuth2 token expires: one more client-credentials grant.
    assert_eq!(sim.token_requests(), 1);
    sim.expire_tokens();
    let ambiguous = pay_in(&srv, &live, TIMES_OUT_AFTER_ACCEPTING, "UGX");
    wait_status(&srv, &live, &ambiguous, "SETTLEMENT_PENDING");
    assert_eq!(sim.token_requests(), 2);
    let timeline = timeline_events(&srv, &live, &ambiguous);
    assert!(
        timeline.contains(&"inquiry.paid".to_string()),
        "{timeline:?}"
    );
    std::thread::sleep(rails_sim::HANG);
    assert_eq!(sim_posts_for(&sim, "770000103").len(), 1, "one debit");
}

#[test]
fn flutterwave_webhooks_need_the_hash_and_are_confirmed_by_verify() {
    let sim = rails_sim::Sim::flutterwave();
    let credentials = json!({"secret_key": rails_sim::FLW_SECRET_KEY,
                             "secret_hash": rails_sim::FLW_SECRET_HASH});
    let (srv, live) = start_other("flutterwave", &sim.base_url_flag(), credentials, "3600000");
    let id = pay_in(&srv, &live, PENDING, "UGX");
    let posted = wait_until(
        WITHIN,
        "the charge",
        || sim.posts().into_iter().next(),
        || srv.logs(),
    );
    assert_eq!(posted.party, "256770000104");
    sim.decide(&posted.external_id, "successful");
    let webhook = json!({"event": "charge.completed",
                         "data": {"id": 4242, "tx_ref": posted.external_id, "status": "successful"}});
    let send = |hash: &str| {
        srv.request(
            "POST",
            "/rails/flutterwave/callback",
            &[("Content-Type", "application/json"), ("verif-hash", hash)],
            Some(webhook.to_string().into_bytes()),
        )
    };
    assert_error(&send("not-the-hash"), 401, "callback_unauthenticated");
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(sim.inquiries(), 0, "a forged webhook asks nothing");
    assert_eq!(
        intent(&srv, &live, &id)["status"],
        "REQUIRES_CUSTOMER_ACTION"
    );
    let resp = send(rails_sim::FLW_SECRET_HASH);
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_eq!(resp.body["inquiry_queued"], true, "{resp:?}");
    wait_status(&srv, &live, &id, "SETTLEMENT_PENDING");
    assert_eq!(sim.inquiries(), 1, "verified once");
    // A failed charge, by polling.
    let (srv2, live2) = {
        let credentials = json!({"secret_key": rails_sim::FLW_SECRET_KEY,
                                 "secret_hash": rails_sim::FLW_SECRET_HASH});
        start_other("flutterwave", &sim.base_url_flag(), credentials, "300")
    };
    let declined = pay_in(&srv2, &live2, DECLINED, "UGX");
    let back = wait_status(&srv2, &live2, &declined, "REQUIRES_PAYMENT_METHOD");
    assert_eq!(back["last_attempt"]["failure_reason"], "declined", "{back}");
}

fn airtel_credentials() -> Value {
    json!({"client_id": rails_sim::AIRTEL_CLIENT_ID,
           "client_secret": rails_sim::AIRTEL_CLIENT_SECRET,
           "disbursement_pin": "sim-pin-0000"})
}

pub(crate) fn flutterwave_credentials() -> Value {
    json!({"secret_key": rails_sim::FLW_SECRET_KEY,
           "secret_hash": rails_sim::FLW_SECRET_HASH})
}

/// A live UGX payment through whichever rail is configured, settled to
/// available at once.
fn fund_ugx(srv: &TestServer, live: &str) {
    fund(srv, live);
}

/// A live UGX payout of 1 000 to `phone` on `operator`; (id, total with its fee).
fn payout_on(srv: &TestServer, live: &str, operator: &str, phone: &str) -> (String, i64) {
    let resp = srv.post(
        "/payouts",
        Some(live),
        &json!({"amount_minor": 1_000, "currency": "UGX",
                "destination": {"method": "mobile_money", "operator_id": operator, "phone": phone, "name": "Amani"}}),
        Some(&ik()),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    let total = resp.body["total_minor"].as_i64().expect("total");
    (resp.body["id"].as_str().expect("id").to_string(), total)
}

/// Disbursements the simulator received for `party`.
fn transfers_for(sim: &rails_sim::Sim, party: &str) -> usize {
    sim_posts_for(sim, party)
        .iter()
        .filter(|p| p.product == "disbursement")
        .count()
}

/// Sends Flutterwave's authenticated `transfer.completed` webhook.
fn flutterwave_transfer_webhook(srv: &TestServer, sim: &rails_sim::Sim, reference: &str) -> Resp {
    let id = sim
        .transfer_id(reference)
        .expect("a transfer the simulator holds");
    let webhook = json!({"event": "transfer.completed",
                         "data": {"id": id, "reference": reference, "status": "SUCCESSFUL"}});
    srv.request(
        "POST",
        "/rails/flutterwave/callback",
        &[
            ("Content-Type", "application/json"),
            ("verif-hash", rails_sim::FLW_SECRET_HASH),
        ],
        Some(webhook.to_string().into_bytes()),
    )
}

#[test]
fn live_airtel_payouts_are_paid_failed_with_money_back_and_resolved_after_a_timeout() {
    let sim = rails_sim::Sim::airtel();
    let (srv, live) = start_other(
        "airtel_money",
        &sim.base_url_flag(),
        airtel_credentials(),
        POLL_MS,
    );
    fund_ugx(&srv, &live);
    let available = balance_in(&srv, &live, "UGX").1;
    let (paid, total) = payout_on(&srv, &live, "airtel", PAID);
    wait_payout(&srv, &live, &paid, "PAID");
    let (failed, _) = payout_on(&srv, &live, "airtel", NO_SUCH_PAYEE);
    wait_payout(&srv, &live, &failed, "FAILED");
    assert_eq!(
        balance_in(&srv, &live, "UGX").1,
        available - total,
        "failed: money back"
    );
    let (unknown, _) = payout_on(&srv, &live, "airtel", TIMES_OUT_AFTER_ACCEPTING);
    wait_payout(&srv, &live, &unknown, "PAID");
    assert_eq!(
        events_of(&srv, &live, "payout.needs_review").len(),
        1,
        "held while unknown"
    );
    std::thread::sleep(rails_sim::HANG);
    for party in ["770000101", "770000106", "770000103"] {
        assert_eq!(transfers_for(&sim, party), 1, "{party}: never paid twice");
    }
    assert_eq!(balance_in(&srv, &live, "UGX").1, available - 2 * total);
}

#[test]
fn live_flutterwave_payouts_are_paid_failed_with_money_back_and_a_lost_answer_resolved_by_its_webhook()
 {
    let sim = rails_sim::Sim::flutterwave();
    let (srv, live) = start_other(
        "flutterwave",
        &sim.base_url_flag(),
        flutterwave_credentials(),
        "300",
    );
    fund_ugx(&srv, &live);
    let available = balance_in(&srv, &live, "UGX").1;
    let (paid, total) = payout_on(&srv, &live, "mtn", PAID);
    wait_payout(&srv, &live, &paid, "PAID");
    let (failed, _) = payout_on(&srv, &live, "mtn", NO_SUCH_PAYEE);
    wait_payout(&srv, &live, &failed, "FAILED");
    assert_eq!(
        balance_in(&srv, &live, "UGX").1,
        available - total,
        "failed: money back"
    );
    // The transfer's answer is lost: without Flutterwave's transfer id it
    // waits for review, never failed blind, never sent again.
    let (unknown, _) = payout_on(&srv, &live, "mtn", TIMES_OUT_AFTER_ACCEPTING);
    wait_payout(&srv, &live, &unknown, "NEEDS_REVIEW");
    std::thread::sleep(Duration::from_millis(600));
    assert_eq!(
        wait_payout(&srv, &live, &unknown, "NEEDS_REVIEW")["status"],
        "NEEDS_REVIEW"
    );
    let reference = sim_posts_for(&sim, "256770000103")
        .first()
        .map(|p| p.external_id.clone())
        .expect("the transfer reached the simulator");
    // Its authenticated webhook names the transfer id; the inquiry confirms it.
    let resp = flutterwave_transfer_webhook(&srv, &sim, &reference);
    assert_eq!(resp.status, 200, "{resp:?}");
    wait_payout(&srv, &live, &unknown, "PAID");
    for party in ["256770000101", "256770000106", "256770000103"] {
        assert_eq!(transfers_for(&sim, party), 1, "{party}: never paid twice");
    }
    assert_eq!(balance_in(&srv, &live, "UGX").1, available - 2 * total);
}

/// The `serve` arguments of `start_other`, with an optional dispatch delay.
pub(crate) fn other_args(flag: &str, delay_ms: Option<&str>) -> Vec<String> {
    let mut args: Vec<String> = [
        "--rail-base-url",
        flag,
        "--rail-timeout-ms",
        "800",
        "--rail-poll-ms",
        "300",
    ]
    .map(str::to_string)
    .to_vec();
    if let Some(delay) = delay_ms {
        args.extend(["--rail-dispatch-delay-ms".to_string(), delay.to_string()]);
    }
    args
}

/// kill -9 twice: once with a collection and a payout held by the provider
/// (sent, no answer yet), once with both committed but not yet taken from
/// the outbox. After each restart every request is decided and none was sent twice.
fn kill_9_then_restart_sends_nothing_twice(
    rail: &str,
    sim: &rails_sim::Sim,
    credentials: Value,
    operator: &str,
    party: impl Fn(&str) -> String,
) {
    let flag = sim.base_url_flag();
    let (mut srv, live) = start_other(rail, &flag, credentials, "300");
    fund_ugx(&srv, &live);
    // In flight: the simulator holds both when the gateway dies.
    let collection = pay_in(&srv, &live, TIMES_OUT_AFTER_ACCEPTING, "UGX");
    let (payout, _) = payout_on(&srv, &live, operator, TIMES_OUT_AFTER_ACCEPTING);
    let held = party(TIMES_OUT_AFTER_ACCEPTING);
    wait_until(
        WITHIN,
        "both requests reached the provider",
        || (sim_posts_for(sim, &held).len() == 2).then_some(()),
        || format!("{:?}", sim.posts()),
    );
    srv.restart();
    wait_status(&srv, &live, &collection, "SETTLEMENT_PENDING");
    if rail == "flutterwave" {
        let reference = sim_posts_for(sim, &held)
            .into_iter()
            .find(|p| p.product == "disbursement")
            .map(|p| p.external_id)
            .expect("the transfer");
        flutterwave_transfer_webhook(&srv, sim, &reference);
    }
    wait_payout(&srv, &live, &payout, "PAID");
    // Committed, not yet taken when the gateway dies.
    let with_delay = other_args(&flag, Some("5000"));
    srv.set_serve_args(&with_delay.iter().map(String::as_str).collect::<Vec<_>>());
    srv.restart();
    let queued = pay_in(&srv, &live, PAID, "UGX");
    let (queued_payout, _) = payout_on(&srv, &live, operator, PAID);
    srv.kill();
    let paid_party = party(PAID);
    // One collection funded the account before.
    assert_eq!(
        sim_posts_for(sim, &paid_party).len(),
        1,
        "sent before the kill"
    );
    srv.set_serve_args(
        &other_args(&flag, None)
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    srv.start_again();
    wait_status(&srv, &live, &queued, "SETTLEMENT_PENDING");
    wait_payout(&srv, &live, &queued_payout, "PAID");
    std::thread::sleep(rails_sim::HANG);
    assert_eq!(
        sim_posts_for(sim, &held).len(),
        2,
        "held: one collection, one transfer"
    );
    assert_eq!(transfers_for(sim, &held), 1);
    assert_eq!(
        sim_posts_for(sim, &paid_party).len(),
        3,
        "funding, then one of each"
    );
    assert_eq!(transfers_for(sim, &paid_party), 1);
    assert_eq!(events_of(&srv, &live, "payment_intent.captured").len(), 3);
    assert_eq!(events_of(&srv, &live, "payout.succeeded").len(), 2);
}

#[test]
fn kill_9_with_airtel_requests_in_flight_then_restart_sends_nothing_twice() {
    let sim = rails_sim::Sim::airtel();
    kill_9_then_restart_sends_nothing_twice(
        "airtel_money",
        &sim,
        airtel_credentials(),
        "airtel",
        |msisdn| msisdn.trim_start_matches("+256").to_string(),
    );
}

#[test]
fn kill_9_with_flutterwave_requests_in_flight_then_restart_sends_nothing_twice() {
    let sim = rails_sim::Sim::flutterwave();
    kill_9_then_restart_sends_nothing_twice(
        "flutterwave",
        &sim,
        flutterwave_credentials(),
        "mtn",
        |msisdn| msisdn.trim_start_matches('+').to_string(),
    );
}

#[test]
fn the_checkout_page_offers_another_operator_while_a_providers_circuit_is_open() {
    let sim = Momo::start();
    let (srv, live) = start_with_cooldown(&sim, POLL_MS, "600000");
    sim.set_down(true);
    for _ in 0..3 {
        let id = pay(&srv, &live, PAID);
        wait_status(&srv, &live, &id, "REQUIRES_PAYMENT_METHOD");
    }
    assert_eq!(degraded(&srv), ["rail_circuit_open:mtn_momo"]);
    let created = srv.post(
        "/payment_intents",
        Some(&live),
        &body(json!({"rails": ["mobile_money"]})),
        Some(&ik()),
    );
    assert_eq!(created.status, 201, "{created:?}");
    let url = created.body["checkout_url"].as_str().expect("checkout_url");
    let client = reqwest::blocking::Client::new();
    let page = |lang: &str| {
        let resp = client
            .get(format!("{url}&lang={lang}"))
            .send()
            .expect("the checkout page");
        assert_eq!(resp.status().as_u16(), 200);
        resp.text().expect("html")
    };
    let en = page("en");
    assert!(en.contains("operator unavailable, try another."), "{en}");
    // The ranking skips MTN: it is not offered; the others are.
    assert!(!en.contains("<option value=\"mtn\""), "{en}");
    assert!(en.contains("<option value=\"airtel\""), "{en}");
    let fr = page("fr");
    assert!(
        fr.contains("opérateur indisponible, essayez-en un autre."),
        "{fr}"
    );
    // The ranking API says why.
    let id = id_of(&created.body);
    let methods = srv.get(&format!("/payment_intents/{id}/methods"), Some(&live));
    let mtn = methods.body["data"]
        .as_array()
        .and_then(|m| m.iter().find(|m| m["operator"] == "mtn").cloned())
        .unwrap_or_default();
    assert_eq!(mtn["usable"], false, "{methods:?}");
    assert_eq!(mtn["reason"], "circuit_open", "{methods:?}");
    // Asking for MTN anyway: 422 rail_unavailable, nothing written.
    let resp = srv.post(
        &format!("/payment_intents/{id}/confirm"),
        Some(&live),
        &json!({"customer_msisdn": PAID, "operator": "mtn"}),
        Some(&ik()),
    );
    assert_error(&resp, 422, "rail_unavailable");
    assert_eq!(intent(&srv, &live, &id)["attempts_count"], 0);
}

#[test]
fn the_daily_reconciliation_fetches_flutterwaves_report_and_raises_a_mismatch() {
    let sim = rails_sim::Sim::flutterwave();
    // Periods of 4 s instead of a UTC day (live mode follows no test
    // clock); each runs 2 s after it ends.
    const PERIOD_MS: u64 = 4_000;
    let (srv, live) = start_other_with(
        "flutterwave",
        &sim.base_url_flag(),
        flutterwave_credentials(),
        "300",
        &[
            "--rail-reconcile-period-ms",
            "4000",
            "--rail-reconcile-lag-ms",
            "2000",
        ],
    );
    // Three payments created within one period (periods are aligned to the epoch).
    let into_period = || {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("time")
            .as_millis() as u64;
        now % PERIOD_MS
    };
    if into_period() > 3_000 {
        std::thread::sleep(Duration::from_millis(PERIOD_MS - into_period() + 20));
    }
    let ids: Vec<String> = (0..3).map(|_| pay_in(&srv, &live, PAID, "UGX")).collect();
    for id in &ids {
        wait_status(&srv, &live, id, "SETTLEMENT_PENDING");
    }
    let refs: Vec<String> = sim.posts().into_iter().map(|p| p.external_id).collect();
    assert_eq!(refs.len(), 3, "{refs:?}");
    // The report leaves the second out and shows the third with another amount.
    sim.drop_from_report(&refs[1]);
    sim.misreport(&refs[2], "9000");
    let event = wait_until(
        WITHIN,
        "reconciliation.mismatch",
        || {
            events_of(&srv, &live, "reconciliation.mismatch")
                .into_iter()
                .next()
        },
        || srv.logs(),
    );
    let report = &event["data"]["object"];
    assert_eq!(report["rail"], "flutterwave", "{report}");
    assert_eq!(report["matched"], 1, "{report}");
    assert_eq!(report["missing_count"], 1, "{report}");
    assert_eq!(
        report["missing"][0]["reference"],
        refs[1].as_str(),
        "{report}"
    );
    assert_eq!(report["mismatched_count"], 1, "{report}");
    assert_eq!(
        report["mismatched"][0]["reference"],
        refs[2].as_str(),
        "{report}"
    );
    assert_eq!(report["mismatched"][0]["reason"], "amount", "{report}");
    assert_eq!(
        report["mismatched"][0]["report_amount_minor"], 9_000,
        "{report}"
    );
    assert_eq!(report["extra_count"], 0, "{report}");
    assert!(
        report["period_start"].is_string() && report["period_end"].is_string(),
        "{report}"
    );
    // Nothing was changed by it: the three are still paid once each.
    assert_eq!(events_of(&srv, &live, "payment_intent.captured").len(), 3);
    assert!(srv.logs().contains("daily reconciliation fetched"));
}

/// The live organisation's suspense balance in `currency`.
pub(crate) fn suspense(srv: &TestServer, live: &str, currency: &str) -> i64 {
    let resp = srv.get("/balance", Some(live));
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body["balances"]
        .as_array()
        .and_then(|b| b.iter().find(|b| b["currency"] == currency).cloned())
        .and_then(|b| b["suspense_minor"].as_i64())
        .unwrap_or(0)
}

#[test]
fn a_payment_confirmed_after_its_intent_was_cancelled_is_credited_to_suspense_once() {
    let sim = Momo::start();
    let (srv, live) = start(&sim, "3600000");
    let id = pay(&srv, &live, PENDING);
    let posted = wait_posted(&sim, PENDING, 1).remove(0);
    let cancelled = srv.post(
        &format!("/payment_intents/{id}/cancel"),
        Some(&live),
        &json!({}),
        Some(&ik()),
    );
    assert_eq!(cancelled.status, 200, "{cancelled:?}");
    assert_eq!(cancelled.body["status"], "CANCELLED", "{cancelled:?}");
    // The payer approves anyway: MTN says SUCCESSFUL, the money arrived.
    sim.decide(&posted.reference, "SUCCESSFUL", None);
    let resp = callback(&srv, &posted, &sim.callback_body(&posted.reference));
    assert_eq!(resp.body["inquiry_queued"], true, "{resp:?}");
    let late = wait_until(
        WITHIN,
        "payment_intent.late_payment",
        || {
            events_of(&srv, &live, "payment_intent.late_payment")
                .into_iter()
                .next()
        },
        || srv.logs(),
    );
    assert_eq!(late["data"]["object"]["id"], id.as_str(), "{late}");
    // Posted once into suspense: not pending, not available, nothing to ship on.
    assert_eq!(suspense(&srv, &live, "CDF"), 10_000);
    assert_eq!(balance(&srv, &live), (0, 0));
    let after = intent(&srv, &live, &id);
    assert_eq!(after["status"], "CANCELLED", "{after}");
    assert!(
        timeline_events(&srv, &live, &id).contains(&"attempt.late_success".to_string()),
        "{after}"
    );
    // A duplicate callback changes nothing.
    let again = callback(&srv, &posted, &sim.callback_body(&posted.reference));
    assert_eq!(again.body["inquiry_queued"], false, "{again:?}");
    assert_eq!(
        events_of(&srv, &live, "payment_intent.late_payment").len(),
        1
    );
    assert_eq!(suspense(&srv, &live, "CDF"), 10_000);
    assert!(events_of(&srv, &live, "payment_intent.captured").is_empty());
}

fn live_refund(srv: &TestServer, live: &str, intent: &str, amount: i64) -> Value {
    let resp = srv.post(
        "/refunds",
        Some(live),
        &json!({"payment_intent": intent, "amount_minor": amount, "reason": "requested_by_customer"}),
        Some(&ik()),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    resp.body
}

#[track_caller]
fn wait_refund(srv: &TestServer, live: &str, id: &str, status: &str) -> Value {
    wait_until(
        WITHIN,
        &format!("{id} {status}"),
        || {
            Some(srv.get(&format!("/refunds/{id}"), Some(live)).body)
                .filter(|r| r["status"] == status)
        },
        || {
            format!(
                "{:?}\n{}",
                srv.get(&format!("/refunds/{id}"), Some(live)),
                srv.logs()
            )
        },
    )
}

/// MTN transfers the simulator received for `party`.
pub(crate) fn momo_transfers(sim: &Momo, party: &str) -> Vec<rails_sim::Posted> {
    posts_for(sim, party)
        .into_iter()
        .filter(|p| p.product == "disbursement")
        .collect()
}

#[test]
fn live_refunds_go_out_as_one_disbursement_each_paid_failed_or_resolved_after_a_timeout() {
    let sim = Momo::start();
    let (srv, live) = start(&sim, POLL_MS);
    // Paid back: PROCESSING until MTN's transfer succeeds, then the intent shows it.
    let paid = pay(&srv, &live, PAID);
    wait_status(&srv, &live, &paid, "SETTLEMENT_PENDING");
    let pending_before = balance(&srv, &live).0;
    let refund = live_refund(&srv, &live, &paid, 4_000);
    assert_eq!(refund["status"], "PROCESSING", "{refund}");
    let id = refund["id"].as_str().expect("id");
    wait_refund(&srv, &live, id, "SUCCEEDED");
    let transfers = momo_transfers(&sim, PAID);
    assert_eq!(transfers.len(), 1, "{transfers:?}");
    assert_eq!(transfers[0].amount, "40.00", "{transfers:?}");
    assert_eq!(balance(&srv, &live).0, pending_before - 4_000);
    assert_eq!(events_of(&srv, &live, "refund.succeeded").len(), 1);
    // The transfer's answer is lost: PROCESSING (reserved) until the inquiry, one transfer.
    let slow = pay(&srv, &live, TIMES_OUT_AFTER_ACCEPTING);
    wait_status(&srv, &live, &slow, "SETTLEMENT_PENDING");
    let refund = live_refund(&srv, &live, &slow, 2_000);
    let id = refund["id"].as_str().expect("id");
    wait_refund(&srv, &live, id, "SUCCEEDED");
    std::thread::sleep(rails_sim::HANG);
    assert_eq!(
        momo_transfers(&sim, TIMES_OUT_AFTER_ACCEPTING).len(),
        1,
        "never twice"
    );
    // Refused by the provider: FAILED, the reservation released.
    let refused = pay(&srv, &live, PENDING);
    let collection = wait_posted(&sim, PENDING, 1).remove(0);
    sim.decide(&collection.reference, "SUCCESSFUL", None);
    callback(&srv, &collection, &sim.callback_body(&collection.reference));
    wait_status(&srv, &live, &refused, "SETTLEMENT_PENDING");
    let pending_before = balance(&srv, &live).0;
    let refund = live_refund(&srv, &live, &refused, 3_000);
    let id = refund["id"].as_str().expect("id");
    let transfer = wait_until(
        WITHIN,
        "the refund's transfer",
        || momo_transfers(&sim, PENDING).into_iter().next(),
        || srv.logs(),
    );
    assert_eq!(
        balance(&srv, &live).0,
        pending_before - 3_000,
        "reserved meanwhile"
    );
    sim.decide(&transfer.reference, "FAILED", Some("PAYEE_NOT_FOUND"));
    callback(&srv, &transfer, &sim.callback_body(&transfer.reference));
    let failed = wait_refund(&srv, &live, id, "FAILED");
    assert!(
        failed["failure_reason"]
            .as_str()
            .is_some_and(|r| r.contains("invalid_account")),
        "{failed}"
    );
    assert_eq!(balance(&srv, &live).0, pending_before, "released");
    assert_eq!(intent(&srv, &live, &refused)["amount_refunded_minor"], 0);
}

#[test]
fn the_daily_reconciliation_asks_mtn_about_each_request_of_the_period() {
    let sim = Momo::start();
    const PERIOD_MS: u64 = 4_000;
    let flag = sim.base_url_flag();
    let args = [
        "--rail-base-url",
        flag.as_str(),
        "--rail-timeout-ms",
        "800",
        "--rail-poll-ms",
        "300",
        "--rail-reconcile-period-ms",
        "4000",
        "--rail-reconcile-lag-ms",
        "2000",
    ];
    let (srv, live) = TestServer::start_with_args(&args, |dir| {
        configure_momo(dir);
        create_key(dir, "sk", "live", &[])
    });
    let into_period = || {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("time")
            .as_millis() as u64;
        now % PERIOD_MS
    };
    if into_period() > 3_000 {
        std::thread::sleep(Duration::from_millis(PERIOD_MS - into_period() + 20));
    }
    let ids: Vec<String> = (0..3).map(|_| pay(&srv, &live, PAID)).collect();
    for id in &ids {
        wait_status(&srv, &live, id, "SETTLEMENT_PENDING");
    }
    let posts = posts_for(&sim, PAID);
    assert_eq!(posts.len(), 3, "{posts:?}");
    // MTN has no report: the job asks. One is unknown to MTN now, one it says failed.
    sim.forget(&posts[1].reference);
    sim.decide(
        &posts[2].reference,
        "FAILED",
        Some("INTERNAL_PROCESSING_ERROR"),
    );
    let event = wait_until(
        WITHIN,
        "reconciliation.mismatch",
        || {
            events_of(&srv, &live, "reconciliation.mismatch")
                .into_iter()
                .next()
        },
        || srv.logs(),
    );
    let report = &event["data"]["object"];
    assert_eq!(report["rail"], "mtn_momo", "{report}");
    assert_eq!(report["matched"], 1, "{report}");
    assert_eq!(
        report["missing"][0]["reference"],
        posts[1].external_id.as_str(),
        "{report}"
    );
    assert_eq!(
        report["mismatched"][0]["reference"],
        posts[2].external_id.as_str(),
        "{report}"
    );
    assert_eq!(report["mismatched"][0]["reason"], "outcome", "{report}");
    assert_eq!(report["extra_count"], 0, "{report}");
}

#[test]
fn kill_9_with_an_mtn_payout_in_flight_then_restart_pays_it_once() {
    let sim = Momo::start();
    let (mut srv, live) = start(&sim, POLL_MS);
    fund(&srv, &live);
    let available = balance_in(&srv, &live, "UGX").1;
    let id = payout(&srv, &live, TIMES_OUT_AFTER_ACCEPTING);
    wait_until(
        WITHIN,
        "the transfer reached MTN",
        || (!momo_transfers(&sim, TIMES_OUT_AFTER_ACCEPTING).is_empty()).then_some(()),
        || format!("{:?}", sim.posts()),
    );
    srv.restart();
    let paid = wait_payout(&srv, &live, &id, "PAID");
    std::thread::sleep(rails_sim::HANG);
    assert_eq!(
        momo_transfers(&sim, TIMES_OUT_AFTER_ACCEPTING).len(),
        1,
        "never paid twice"
    );
    let total = paid["total_minor"].as_i64().expect("total");
    assert_eq!(balance_in(&srv, &live, "UGX").1, available - total);
}

#[test]
fn a_live_refund_closed_by_a_review_takes_no_later_answer_of_the_provider() {
    use crate::team::{OWNER, OWNER_PASSWORD, OWNER_PIN, add_user, login};
    let sim = Momo::start();
    let (srv, live) = start_configured(&sim, POLL_MS, "1500", |dir| {
        add_user(dir, OWNER, "owner", OWNER_PASSWORD, OWNER_PIN);
    });
    let paid = pay(&srv, &live, PENDING);
    let collection = wait_posted(&sim, PENDING, 1).remove(0);
    sim.decide(&collection.reference, "SUCCESSFUL", None);
    callback(&srv, &collection, &sim.callback_body(&collection.reference));
    wait_status(&srv, &live, &paid, "SETTLEMENT_PENDING");
    let pending_before = balance(&srv, &live).0;
    let refund = live_refund(&srv, &live, &paid, 3_000);
    let id = refund["id"].as_str().expect("id").to_string();
    let transfer = wait_until(
        WITHIN,
        "the refund's transfer",
        || momo_transfers(&sim, PENDING).into_iter().next(),
        || srv.logs(),
    );
    // MTN holds the transfer and never says more: a member reads its
    // statement (no such transfer) and returns the refund, with the PIN.
    let owner = login(&srv, OWNER, OWNER_PASSWORD);
    let review = |pin: Option<&str>| {
        let auth = format!("Bearer {owner}");
        let key = ik();
        let mut body = json!({"outcome": "returned",
                              "evidence": {"reference": "MTN-STMT-0042", "note": "absent"}});
        if let Some(pin) = pin {
            body["pin"] = json!(pin);
        }
        srv.request(
            "POST",
            &format!("/refunds/{id}/review"),
            &[
                ("Authorization", auth.as_str()),
                ("Content-Type", "application/json"),
                ("Service-Mode", "live"),
                ("Idempotency-Key", key.as_str()),
            ],
            Some(serde_json::to_vec(&body).expect("json")),
        )
    };
    assert_error(&review(None), 403, "step_up_required");
    let done = review(Some(OWNER_PIN));
    assert_eq!(done.status, 200, "{done:?}");
    assert_eq!(done.body["status"], "FAILED", "{done:?}");
    assert_eq!(done.body["failure_reason"], "returned");
    assert_eq!(balance(&srv, &live).0, pending_before, "released");
    // MTN's late word (it paid after all) is asked for and recorded, and
    // moves nothing: the refund stays FAILED, the money where the review put it.
    let asked = sim.inquiries();
    sim.decide(&transfer.reference, "SUCCESSFUL", None);
    let resp = callback(&srv, &transfer, &sim.callback_body(&transfer.reference));
    assert_eq!(resp.body["inquiry_queued"], true, "{resp:?}");
    wait_until(
        WITHIN,
        "the inquiry after the review",
        || (sim.inquiries() > asked).then_some(()),
        || srv.logs(),
    );
    std::thread::sleep(Duration::from_millis(500));
    let after = srv.get(&format!("/refunds/{id}"), Some(&live)).body;
    assert_eq!(after["status"], "FAILED", "{after}");
    assert_eq!(balance(&srv, &live).0, pending_before, "not moved twice");
    assert_eq!(intent(&srv, &live, &paid)["amount_refunded_minor"], 0);
    assert!(events_of(&srv, &live, "refund.succeeded").is_empty());
    assert_eq!(events_of(&srv, &live, "refund.failed").len(), 1);
}
