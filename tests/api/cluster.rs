//! Several gateway nodes on one PostgreSQL database (issue 32, docs/scale-out.md).
//!
//! These tests run only when `PAYGATE_TEST_STORE` names a PostgreSQL server
//! (`export PAYGATE_TEST_STORE=$(.ci/postgres)`, as .ci/run does); on the
//! embedded store one process owns the file, there is no cluster, and
//! `cargo test` reports them as ignored (build.rs).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};

use crate::support::intents::SUCCEED;
use crate::support::orgs::add_org;
use crate::support::*;

/// The `serve` flags of every node: sandbox payments settle every second
/// (timers), webhooks may go to the local receiver.
const NODE_ARGS: [&str; 4] = [
    "--sandbox-settlement-ms",
    "1000",
    "--webhook-egress",
    "local",
];
/// Each transfer moves this much from A to B.
const TRANSFER_MINOR: i64 = 100;

/// Node 0 (with organisation B added offline, whose `orgs add` JSON it
/// returns) and `more` nodes on its database.
fn cluster(more: usize) -> (Vec<TestServer>, Value) {
    let (first, b) = TestServer::start_with_args(&NODE_ARGS, |dir| {
        add_org(dir, "@beta", "owner@beta.example")
    });
    let mut nodes = vec![first];
    for _ in 0..more {
        let node = nodes[0].start_node(&NODE_ARGS).expect("on PostgreSQL");
        nodes.push(node);
    }
    (nodes, b)
}

fn endpoint_for(node: &TestServer, receiver: &Receiver, events: &[&str]) -> String {
    let made = node.post(
        "/webhook_endpoints",
        node.sk(),
        &json!({"url": receiver.url(), "enabled_events": events}),
        None,
    );
    assert_eq!(made.status, 201, "{made:?}");
    made.body["id"].as_str().expect("endpoint id").to_string()
}

/// How many times each delivery id reached the receiver.
fn receipts_by_delivery(receiver: &Receiver) -> BTreeMap<String, usize> {
    let mut seen = BTreeMap::new();
    for request in receiver.requests() {
        let id = request
            .header("service-delivery-id")
            .unwrap_or_default()
            .to_string();
        *seen.entry(id).or_insert(0) += 1;
    }
    seen
}

/// Deliveries of `endpoint` still PENDING, as node `node` reads them.
fn pending_deliveries(node: &TestServer, endpoint: &str) -> usize {
    let page = node.get(
        &format!("/webhook_endpoints/{endpoint}/deliveries?status=PENDING&limit=100"),
        node.sk(),
    );
    data_of(&page).len()
}

/// Two nodes, each of whose dispatchers reads the same queue: a slow receiver
/// keeps each attempt in flight for longer than the other node takes to look
/// at the queue again, so without the lease (decision 258) both would send it.
#[test]
#[cfg_attr(
    not(paygate_test_store_pg),
    ignore = "needs PostgreSQL: set PAYGATE_TEST_STORE (.ci/postgres starts one)"
)]
fn two_nodes_send_each_webhook_delivery_once() {
    let (nodes, _) = cluster(1);
    let receiver = Receiver::scripted(&[], Reply::After(Duration::from_millis(1500), 200));
    let endpoint = endpoint_for(&nodes[0], &receiver, &["payment_intent.created"]);
    const INTENTS: usize = 6;
    for n in 0..INTENTS {
        // Created through both nodes: each node's own commit wakes its dispatcher.
        let node = &nodes[n % 2];
        let made = node.post(
            "/payment_intents",
            node.sk(),
            &json!({"amount_minor": 1000 + n, "currency": "CDF"}),
            Some(&format!("two-nodes-{}-{n}", std::process::id())),
        );
        assert_eq!(made.status, 201, "{made:?}");
    }
    receiver.wait_for(INTENTS, Duration::from_secs(30));
    wait_until(
        Duration::from_secs(30),
        "every delivery recorded as delivered",
        || (pending_deliveries(&nodes[1], &endpoint) == 0).then_some(()),
        || format!("received: {:?}", receipts_by_delivery(&receiver)),
    );
    // Both nodes' dispatchers looked at the queue more than once meanwhile.
    std::thread::sleep(Duration::from_millis(2500));
    let seen = receipts_by_delivery(&receiver);
    assert_eq!(seen.len(), INTENTS, "{seen:?}");
    assert!(
        seen.values().all(|&n| n == 1),
        "a delivery was sent by both nodes: {seen:?}"
    );
}

/// Adds `delta` to the first balance row, in SQL behind the gateways' backs
/// (as the redb guardian test writes the file).
fn tamper_first_balance(dir: &std::path::Path, delta: i64) {
    pg::execute_in(
        dir,
        &format!(
            "UPDATE paygate_kv SET v = int8send(('x' || encode(v, 'hex'))::bit(64)::bigint + ({delta})) \
             WHERE tbl = 7 AND k = (SELECT k FROM paygate_kv WHERE tbl = 7 ORDER BY k LIMIT 1)"
        ),
    );
}

#[track_caller]
fn halted(node: &TestServer) -> bool {
    let status = node.get("/status", None);
    assert_eq!(status.status, 200, "{status:?}");
    status.body["operating_state"] == "halted"
}

/// A halt one node's auditor engages stops money on the others within about
/// a second, though their own audits are an hour away (decision 261).
#[test]
#[cfg_attr(
    not(paygate_test_store_pg),
    ignore = "needs PostgreSQL: set PAYGATE_TEST_STORE (.ci/postgres starts one)"
)]
fn a_halt_one_node_finds_stops_money_on_every_node() {
    let mut auditor = TestServer::start_args(&["--audit-interval-secs", "1"]);
    let paid = auditor.post(
        "/payment_intents",
        auditor.sk(),
        &json!({"amount_minor": 700, "currency": "CDF", "customer_msisdn": SUCCEED, "confirm": true}),
        Some("halt-paid"),
    );
    assert_eq!(paid.status, 201, "{paid:?}");
    let mut other = auditor
        .start_node(&["--audit-interval-secs", "3600"])
        .expect("on PostgreSQL");
    // The other node's audit at start is done before the ledger breaks.
    std::thread::sleep(Duration::from_millis(700));
    assert!(!halted(&other));
    tamper_first_balance(&auditor.data_dir, 1);
    wait_until(
        Duration::from_secs(10),
        "both nodes halted",
        || (halted(&auditor) && halted(&other)).then_some(()),
        || {
            format!(
                "auditor halted: {}, other: {}",
                halted(&auditor),
                halted(&other)
            )
        },
    );
    let refused = other.post(
        "/payment_intents",
        other.sk(),
        &json!({"amount_minor": 500, "currency": "CDF"}),
        Some("halt-refused"),
    );
    assert_error(&refused, 503, "guardian_halt");
    // Repaired and cleared, the restarted nodes move money again.
    other.kill();
    auditor.kill();
    tamper_first_balance(&auditor.data_dir, -1);
    let dir = auditor.data_dir.to_string_lossy().to_string();
    paygate(&["guardian", "clear", "--data-dir", &dir]).assert_success();
    auditor.start_again();
    other.start_again();
    assert!(!halted(&other));
    let after = other.post(
        "/payment_intents",
        other.sk(),
        &json!({"amount_minor": 500, "currency": "CDF"}),
        Some("halt-after"),
    );
    assert_eq!(after.status, 201, "{after:?}");
}

/// One money-moving request as a client saw it.
#[derive(Clone, Debug)]
struct Acked {
    path: &'static str,
    key: String,
    body: Value,
    /// The answer's object.
    answer: Value,
}

/// How long a client keeps retrying one request on the nodes.
const ANSWER_WAIT_MAX: Duration = Duration::from_secs(30);

/// Sends `body` with `key` until a node answers 2xx: on a transport error
/// (a node killed) or a 5xx, the same request goes to the next node: the
/// idempotent retry across nodes. Gives up after [`ANSWER_WAIT_MAX`].
fn send_until_answered(
    client: &reqwest::blocking::Client,
    nodes: &Mutex<Vec<String>>,
    start: usize,
    secret: &str,
    path: &str,
    key: &str,
    body: &Value,
) -> Option<Value> {
    let deadline = Instant::now() + ANSWER_WAIT_MAX;
    let mut turn = start;
    while Instant::now() < deadline {
        let base = {
            let nodes = nodes.lock().expect("nodes");
            nodes[turn % nodes.len()].clone()
        };
        turn += 1;
        let sent = client
            .post(format!("{base}{path}"))
            .bearer_auth(secret)
            .header("Idempotency-Key", key)
            .json(body)
            .send();
        match sent {
            Ok(resp) if resp.status().is_success() => {
                return Some(resp.json().expect("a JSON answer"));
            }
            Ok(resp) if resp.status().is_client_error() && resp.status().as_u16() != 429 => {
                panic!("{path} {body} refused: {} {:?}", resp.status(), resp.text());
            }
            // 5xx, 429 or no answer (the node died): another node, a moment later.
            _ => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    None
}

/// A client: intents that pay at once and transfers A -> B, each request
/// sent to the next node in turn, retried on another node until answered.
fn client_run(
    seed: u64,
    nodes: Arc<Mutex<Vec<String>>>,
    secret: String,
    stop: Arc<AtomicBool>,
    acked: Arc<Mutex<Vec<Acked>>>,
) {
    let client = reqwest::blocking::Client::builder()
        .timeout(Duration::from_secs(5))
        .build()
        .expect("client");
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut n = 0u64;
    while !stop.load(Ordering::SeqCst) {
        n += 1;
        let key = format!("cluster-{seed}-{n}");
        let (path, body) = if rng.random_bool(0.5) {
            let amount = rng.random_range(100..50_000i64);
            (
                "/payment_intents",
                json!({"amount_minor": amount, "currency": "CDF", "customer_msisdn": SUCCEED, "confirm": true}),
            )
        } else {
            (
                "/transfers",
                json!({"to": "@beta", "amount_minor": TRANSFER_MINOR, "currency": "CDF", "note": key}),
            )
        };
        // Every request is answered in the end: at most one node is down at once.
        let answer = send_until_answered(
            &client,
            &nodes,
            rng.random_range(0..3),
            &secret,
            path,
            &key,
            &body,
        )
        .unwrap_or_else(|| panic!("{path} {key}: no node answered within {ANSWER_WAIT_MAX:?}"));
        acked.lock().expect("acked").push(Acked {
            path,
            key,
            body,
            answer,
        });
    }
}

/// Every object of a list endpoint, page by page (`next_cursor`).
fn list_all(node: &TestServer, path: &str, key: Option<&str>) -> Vec<Value> {
    let mut all: Vec<Value> = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let query = match &cursor {
            Some(cursor) => format!("{path}?limit=200&cursor={cursor}"),
            None => format!("{path}?limit=200"),
        };
        let page = node.get(&query, key);
        assert_eq!(page.status, 200, "{page:?}");
        all.extend(page.body["data"].as_array().cloned().expect("a data list"));
        match page.body["next_cursor"].as_str() {
            Some(next) if page.body["has_more"] == true => cursor = Some(next.to_string()),
            _ => return all,
        }
    }
}

fn b_available(node: &TestServer, b_key: &str) -> i64 {
    let wallets = node.get("/wallets", Some(b_key));
    assert_eq!(wallets.status, 200, "{wallets:?}");
    wallets.body["data"]
        .as_array()
        .and_then(|w| w.iter().find(|w| w["currency"] == "CDF"))
        .and_then(|w| w["available_minor"].as_i64())
        .unwrap_or(0)
}

/// No acknowledged write lost: each object is there; no double
/// application: a retry of each on another node answers the same object, B
/// received each transfer once, and A's intents are exactly the
/// acknowledged ones and the funding payment.
fn assert_applied_once(nodes: &[TestServer], acked: &[Acked], b_key: &str, funding_id: &str) {
    for (n, a) in acked.iter().enumerate() {
        let id = a.answer["id"].as_str().expect("an id in the answer");
        let node = &nodes[n % nodes.len()];
        let got = node.get(&format!("{}/{id}", a.path), node.sk());
        assert_eq!(got.status, 200, "acknowledged {a:?} is gone: {got:?}");
        assert_eq!(got.body["amount_minor"], a.body["amount_minor"], "{got:?}");
    }
    for (n, a) in acked.iter().enumerate() {
        let node = &nodes[(n + 1) % nodes.len()];
        let again = node.post(a.path, node.sk(), &a.body, Some(&a.key));
        assert!(again.status < 300, "{a:?}: {again:?}");
        assert_eq!(again.body["id"], a.answer["id"], "retry of {a:?}");
    }
    let (intents, transfers): (Vec<&Acked>, Vec<&Acked>) =
        acked.iter().partition(|a| a.path == "/payment_intents");
    assert_eq!(
        b_available(&nodes[0], b_key),
        TRANSFER_MINOR * transfers.len() as i64,
        "B's balance is not one transfer per acknowledged request"
    );
    let listed: BTreeSet<String> = list_all(&nodes[1], "/payment_intents", nodes[1].sk())
        .iter()
        .filter_map(|i| i["id"].as_str().map(str::to_string))
        .collect();
    let expected: BTreeSet<String> = intents
        .iter()
        .filter_map(|a| a.answer["id"].as_str().map(str::to_string))
        .chain([funding_id.to_string()])
        .collect();
    assert_eq!(listed, expected, "intents stored vs acknowledged");
}

#[test]
#[cfg_attr(
    not(paygate_test_store_pg),
    ignore = "needs PostgreSQL: set PAYGATE_TEST_STORE (.ci/postgres starts one)"
)]
fn three_nodes_killed_at_random_lose_no_write_apply_none_twice_and_resume_background_work() {
    let seed: u64 = std::env::var("PAYGATE_CLUSTER_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| rand::random::<u32>().into());
    println!("cluster test: seed {seed} (PAYGATE_CLUSTER_SEED={seed} replays the kills)");
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let started = Instant::now();

    let (mut nodes, b) = cluster(2);
    let b_key = b["keys"]["secret_key"]
        .as_str()
        .expect("B's key")
        .to_string();
    let receiver = Receiver::ok();
    let endpoint = endpoint_for(
        &nodes[0],
        &receiver,
        &["payment_intent.succeeded", "transfer.succeeded"],
    );
    // A is funded for every transfer the clients can make.
    let funding = nodes[1].post(
        "/payment_intents",
        nodes[1].sk(),
        &json!({"amount_minor": 50_000_000, "currency": "CDF", "customer_msisdn": SUCCEED, "confirm": true}),
        Some(&format!("cluster-funding-{seed}")),
    );
    assert_eq!(funding.status, 201, "{funding:?}");
    let funding_id = funding.body["id"].as_str().expect("id").to_string();
    wait_until(
        Duration::from_secs(15),
        "the funding payment settled",
        || {
            let intent = nodes[2].get(&format!("/payment_intents/{funding_id}"), nodes[2].sk());
            (intent.body["status"] == "SETTLED").then_some(())
        },
        || "still not SETTLED".to_string(),
    );

    let urls = Arc::new(Mutex::new(
        nodes.iter().map(|n| n.base_url.clone()).collect::<Vec<_>>(),
    ));
    let acked: Arc<Mutex<Vec<Acked>>> = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    const CLIENTS: u64 = 6;
    let clients: Vec<_> = (0..CLIENTS)
        .map(|c| {
            let (urls, secret, stop, acked) = (
                urls.clone(),
                nodes[0].secret_key.clone(),
                stop.clone(),
                acked.clone(),
            );
            let client_seed = seed.wrapping_mul(100).wrapping_add(c);
            std::thread::spawn(move || client_run(client_seed, urls, secret, stop, acked))
        })
        .collect();

    // kill -9 a node at random, now and then, and start it again.
    const KILLS: usize = 4;
    let mut killed = Vec::new();
    for _ in 0..KILLS {
        std::thread::sleep(Duration::from_millis(rng.random_range(700..1800)));
        let victim = rng.random_range(0..nodes.len());
        let acked_before = acked.lock().expect("acked").len();
        nodes[victim].kill();
        std::thread::sleep(Duration::from_millis(rng.random_range(50..400)));
        nodes[victim].start_again();
        urls.lock().expect("urls")[victim] = nodes[victim].base_url.clone();
        killed.push((victim, acked_before));
    }
    std::thread::sleep(Duration::from_millis(500));
    stop.store(true, Ordering::SeqCst);
    for client in clients {
        client.join().expect("a client panicked");
    }
    let acked = acked.lock().expect("acked").clone();
    let (intents, transfers): (Vec<&Acked>, Vec<&Acked>) =
        acked.iter().partition(|a| a.path == "/payment_intents");
    println!(
        "cluster test: {} intents and {} transfers acknowledged, kills (node, acknowledged before): {killed:?}, load done after {:?}",
        intents.len(),
        transfers.len(),
        started.elapsed()
    );
    assert!(
        intents.len() >= 10 && transfers.len() >= 10,
        "too little load went through"
    );

    assert_applied_once(&nodes, &acked, &b_key, &funding_id);

    // Timers resume: every payment settles; deliveries resume: every event's
    // delivery is delivered, none twice except one a killed node may have
    // sent without recording (at least once, decision 258).
    let deadline = Duration::from_secs(40);
    wait_until(
        deadline,
        "every payment SETTLED and no delivery pending",
        || {
            let unsettled = list_all(&nodes[2], "/payment_intents", nodes[2].sk())
                .iter()
                .filter(|i| i["status"] != "SETTLED")
                .count();
            (unsettled == 0 && pending_deliveries(&nodes[0], &endpoint) == 0).then_some(())
        },
        || {
            format!(
                "pending deliveries: {}",
                pending_deliveries(&nodes[0], &endpoint)
            )
        },
    );
    let deliveries = list_all(
        &nodes[1],
        &format!("/webhook_endpoints/{endpoint}/deliveries"),
        nodes[1].sk(),
    );
    let failed: Vec<&Value> = deliveries
        .iter()
        .filter(|d| d["status"] != "DELIVERED")
        .collect();
    assert!(failed.is_empty(), "deliveries not delivered: {failed:?}");
    let receipts = receipts_by_delivery(&receiver);
    for delivery in &deliveries {
        let id = delivery["id"].as_str().expect("delivery id");
        assert!(
            receipts.get(id).is_some_and(|&n| n >= 1),
            "{id} was never received"
        );
    }
    let twice: Vec<(&String, &usize)> = receipts.iter().filter(|(_, n)| **n > 1).collect();
    // Only an attempt in flight on a killed node may be sent again: at most
    // a node's per-endpoint slots at each kill.
    assert!(
        twice.len() <= KILLS * 4,
        "deliveries received more than once beyond the kills: {twice:?}"
    );
    // Succeeded intents and transfers each announced: one delivery per event.
    let succeeded_events: BTreeSet<&str> = deliveries
        .iter()
        .filter_map(|d| d["event"].as_str())
        .collect();
    assert_eq!(
        succeeded_events.len(),
        deliveries.len(),
        "one delivery per event"
    );
    assert!(
        deliveries.len() > intents.len(),
        "every paid intent and every transfer is announced"
    );
    println!(
        "cluster test: {} deliveries, {} received twice; {:?} in all",
        deliveries.len(),
        twice.len(),
        started.elapsed()
    );

    // `paygate verify` on the shared database, with one node still serving.
    for node in nodes.iter_mut().skip(1) {
        node.kill();
    }
    verify(&nodes[0].data_dir).assert_success();
}

/// `.ci/postgres-pair <action>`: a PostgreSQL primary with a synchronous
/// standby on this machine; `start` prints the store URL naming both.
fn pair(action: &str) -> String {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/.ci/postgres-pair");
    let out = std::process::Command::new(script)
        .arg(action)
        .output()
        .unwrap_or_else(|e| panic!("{script} {action}: {e}"));
    assert!(
        out.status.success(),
        "{script} {action}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// Issue 50: three nodes under money-moving load on a primary with a
/// synchronous standby; the primary's machine dies (`kill -9` of the
/// postmaster and its processes) and the standby is promoted
/// (`pg_ctl promote`). The nodes, whose store URL names both hosts with
/// `target_session_attrs=read-write`, follow the new primary by themselves:
/// no acknowledged write is lost, every retry with the same Idempotency-Key
/// gets the stored answer, and `verify` is clean.
#[test]
#[cfg_attr(
    not(paygate_test_failover),
    ignore = "needs a PostgreSQL primary and standby: set PAYGATE_TEST_FAILOVER=1 (.ci/postgres-pair starts them)"
)]
fn three_nodes_lose_no_acknowledged_write_when_the_database_primary_dies_and_its_standby_is_promoted()
 {
    let url = pair("start");
    let (first, b) = TestServer::start_on_store_with_args(&url, &NODE_ARGS, |dir| {
        add_org(dir, "@beta", "owner@beta.example")
    });
    let mut nodes = vec![first];
    for _ in 0..2 {
        let node = nodes[0].start_node(&NODE_ARGS).expect("a shared store");
        nodes.push(node);
    }
    let b_key = b["keys"]["secret_key"]
        .as_str()
        .expect("B's key")
        .to_string();
    let funding = nodes[1].post(
        "/payment_intents",
        nodes[1].sk(),
        &json!({"amount_minor": 50_000_000, "currency": "CDF", "customer_msisdn": SUCCEED, "confirm": true}),
        Some("failover-funding"),
    );
    assert_eq!(funding.status, 201, "{funding:?}");
    let funding_id = funding.body["id"].as_str().expect("id").to_string();
    wait_until(
        Duration::from_secs(15),
        "the funding payment settled",
        || {
            let intent = nodes[2].get(&format!("/payment_intents/{funding_id}"), nodes[2].sk());
            (intent.body["status"] == "SETTLED").then_some(())
        },
        || "still not SETTLED".to_string(),
    );

    let urls = Arc::new(Mutex::new(
        nodes.iter().map(|n| n.base_url.clone()).collect::<Vec<_>>(),
    ));
    let acked: Arc<Mutex<Vec<Acked>>> = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let clients: Vec<_> = (0..6u64)
        .map(|c| {
            let (urls, secret, stop, acked) = (
                urls.clone(),
                nodes[0].secret_key.clone(),
                stop.clone(),
                acked.clone(),
            );
            std::thread::spawn(move || client_run(5000 + c, urls, secret, stop, acked))
        })
        .collect();

    std::thread::sleep(Duration::from_millis(1500));
    let acked_before_kill = acked.lock().expect("acked").len();
    pair("kill-primary");
    // The outage: writes fail (5xx) and the clients retry them on other nodes.
    std::thread::sleep(Duration::from_millis(1000));
    pair("promote");
    let promoted = Instant::now();
    // Served again: a new write, answered by a node after the promotion.
    let client = reqwest::blocking::Client::builder()
        .timeout(Duration::from_secs(5))
        .build()
        .expect("client");
    let served = send_until_answered(
        &client,
        &urls,
        0,
        &nodes[0].secret_key,
        "/transfers",
        "failover-first-after-promotion",
        &json!({"to": "@beta", "amount_minor": TRANSFER_MINOR, "currency": "CDF"}),
    );
    let served_after = promoted.elapsed();
    assert!(
        served.is_some(),
        "no node served a write after the promotion"
    );
    assert!(
        served_after <= Duration::from_secs(10),
        "the nodes served again {served_after:?} after the promotion (at most 10 s)"
    );
    std::thread::sleep(Duration::from_millis(1500));
    stop.store(true, Ordering::SeqCst);
    for client in clients {
        client.join().expect("a client panicked");
    }
    let mut acked = acked.lock().expect("acked").clone();
    acked.push(Acked {
        path: "/transfers",
        key: "failover-first-after-promotion".into(),
        body: json!({"to": "@beta", "amount_minor": TRANSFER_MINOR, "currency": "CDF"}),
        answer: served.expect("checked above"),
    });
    let (intents, transfers): (Vec<&Acked>, Vec<&Acked>) =
        acked.iter().partition(|a| a.path == "/payment_intents");
    println!(
        "failover test: {} intents and {} transfers acknowledged ({acked_before_kill} before the kill); served again {served_after:?} after the promotion",
        intents.len(),
        transfers.len(),
    );
    assert!(
        acked.len() > acked_before_kill + 6,
        "too little load went through after the promotion"
    );

    assert_applied_once(&nodes, &acked, &b_key, &funding_id);

    for node in nodes.iter_mut() {
        node.kill();
    }
    verify(&nodes[0].data_dir).assert_success();
    drop(nodes);
    pair("stop");
}
