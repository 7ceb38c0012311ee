//! Crash safety: concurrent money-moving requests (payments, captures,
//! transfers to another organisation, payouts, and the webhooks they send)
//! while the gateway is killed with SIGKILL at random moments, restarted each
//! time, and checked.
//!
//! CI runs a few kills. The long run (1,000 kills, issue 49: a job of its
//! own, not every CI run) is
//! `PAYGATE_CRASH_KILLS=1000 cargo test --test api crash::kill_9 -- --nocapture`;
//! `PAYGATE_CRASH_SEED=<n>` replays a run (the seed is printed).

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::TcpListener;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};

use crate::support::intents::SUCCEED;
use crate::support::orgs::add_org;
use crate::support::{TestServer, data_of, verify};

const CLIENTS: usize = 6;
/// Every this many rounds (and after the last) every request sent so far
/// is checked again; in between, each round checks the requests it sent.
const FULL_CHECK_EVERY: usize = 25;

/// What a client sent, and what (if anything) it was told.
#[derive(Clone, Debug)]
struct Sent {
    path: String,
    key: String,
    body: Value,
    /// The acknowledged answer: status and raw body.
    answer: Option<(u16, String)>,
}

/// Statuses an intent may move on to after it was acknowledged in `status`,
/// without any further request (timers: settlement, sandbox pending).
fn may_become(acknowledged: &str, now: &str) -> bool {
    let later: &[&str] = match acknowledged {
        // An intent left unpaid expires 30 minutes after it was made: a long
        // run (1,000 kills, over half an hour) outlives its first intents.
        "REQUIRES_PAYMENT_METHOD" => &["REQUIRES_PAYMENT_METHOD", "EXPIRED"],
        "REQUIRES_CUSTOMER_ACTION" => &[
            "REQUIRES_CUSTOMER_ACTION",
            "SETTLEMENT_PENDING",
            "SETTLED",
            "EXPIRED",
        ],
        "AUTHORISED" => &["AUTHORISED", "SETTLEMENT_PENDING", "SETTLED"],
        "SETTLEMENT_PENDING" => &["SETTLEMENT_PENDING", "SETTLED"],
        other => return other == now,
    };
    later.contains(&now)
}

/// A webhook receiver that answers 200 to everything and counts deliveries.
fn always_ok_receiver() -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let url = format!("http://{}/", listener.local_addr().expect("addr"));
    let count = Arc::new(AtomicUsize::new(0));
    let counted = count.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().map_while(Result::ok) {
            let counted = counted.clone();
            std::thread::spawn(move || {
                let mut stream = stream;
                let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
                let mut buffer = vec![0u8; 64 * 1024];
                let mut read = 0;
                // Read until the headers and the announced body are in.
                loop {
                    let Ok(n) = stream.read(&mut buffer[read..]) else {
                        return;
                    };
                    if n == 0 {
                        return;
                    }
                    read += n;
                    let text = String::from_utf8_lossy(&buffer[..read]);
                    if let Some(end) = text.find("\r\n\r\n") {
                        let length = text[..end]
                            .lines()
                            .find_map(|l| {
                                l.to_ascii_lowercase()
                                    .strip_prefix("content-length:")
                                    .map(|v| v.trim().parse::<usize>().unwrap_or(0))
                            })
                            .unwrap_or(0);
                        if read >= end + 4 + length {
                            break;
                        }
                    }
                    if read == buffer.len() {
                        return;
                    }
                }
                counted.fetch_add(1, Ordering::SeqCst);
                let _ = stream.write_all(
                    b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n",
                );
            });
        }
    });
    (url, count)
}

fn client_run(
    base_url: String,
    secret: String,
    seed: u64,
    stop: Arc<AtomicBool>,
    log: Arc<Mutex<Vec<Sent>>>,
) {
    let client = reqwest::blocking::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .expect("client");
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut n = 0u64;
    while !stop.load(Ordering::SeqCst) {
        n += 1;
        let key = format!("crash-{seed}-{n}");
        let amount = rng.random_range(100..50_000i64);
        let (path, body) = match rng.random_range(0..6) {
            // Money out of the funded wallet: to organisation B, and to a phone.
            4 => (
                "/transfers",
                json!({"to": "@beta", "amount_minor": amount / 50, "currency": "CDF", "note": key}),
            ),
            5 => (
                "/payouts",
                json!({"amount_minor": amount / 50, "currency": "CDF", "description": key,
                       "destination": {"method": "mobile_money", "operator_id": "mpesa_cd",
                                       "phone": "+243810000001", "name": "Amani"}}),
            ),
            kind => ("/payment_intents", intent_body(kind, amount, &key)),
        };
        let path = path.to_string();
        let answer = match send(&client, &base_url, &secret, &path, &key, &body) {
            // Refused (not enough money yet): nothing was written.
            Reply::Refused => continue,
            reply => reply.answer(),
        };
        let manual_id = answer
            .as_ref()
            .and_then(|(_, text)| serde_json::from_str::<Value>(text).ok())
            .filter(|v| v["status"] == "AUTHORISED")
            .and_then(|v| v["id"].as_str().map(str::to_string));
        log.lock().expect("log").push(Sent {
            path,
            key: key.clone(),
            body,
            answer,
        });
        if let Some(id) = manual_id {
            let path = format!("/payment_intents/{id}/capture");
            let key = format!("{key}-capture");
            let body = json!({"amount_minor": rng.random_range(1..=amount)});
            let answer = send(&client, &base_url, &secret, &path, &key, &body).answer();
            log.lock().expect("log").push(Sent {
                path,
                key,
                body,
                answer,
            });
        }
    }
}

/// A payment of one of four kinds: unconfirmed, paid at once in CDF, paid
/// after the sandbox's 6 seconds in USD, authorised for a manual capture.
fn intent_body(kind: u32, amount: i64, key: &str) -> Value {
    match kind {
        0 => json!({"amount_minor": amount, "currency": "CDF", "reference": key}),
        1 => {
            json!({"amount_minor": amount, "currency": "CDF", "customer_msisdn": "+243000000501", "confirm": true})
        }
        2 => {
            json!({"amount_minor": amount, "currency": "USD", "customer_msisdn": "+243000000500", "confirm": true})
        }
        _ => {
            json!({"amount_minor": amount, "currency": "CDF", "customer_msisdn": "+243000000501", "confirm": true, "capture_method": "manual"})
        }
    }
}

/// What a request got.
enum Reply {
    /// A 2xx: its status and raw body.
    Answered(u16, String),
    /// A 4xx: refused, nothing written.
    Refused,
    /// No answer, or a 5xx: it may or may not have been applied.
    Unknown,
}

impl Reply {
    fn answer(self) -> Option<(u16, String)> {
        match self {
            Reply::Answered(status, text) => Some((status, text)),
            Reply::Refused | Reply::Unknown => None,
        }
    }
}

fn send(
    client: &reqwest::blocking::Client,
    base: &str,
    secret: &str,
    path: &str,
    key: &str,
    body: &Value,
) -> Reply {
    let sent = client
        .post(format!("{base}{path}"))
        .bearer_auth(secret)
        .header("Idempotency-Key", key)
        .json(body)
        .send();
    let Ok(response) = sent else {
        return Reply::Unknown;
    };
    let status = response.status().as_u16();
    match response.text() {
        Ok(text) if (200..300).contains(&status) => Reply::Answered(status, text),
        Ok(_) if (400..500).contains(&status) => Reply::Refused,
        _ => Reply::Unknown,
    }
}

/// Where an acknowledged object is read back, by its id's prefix.
fn object_path(id: &str) -> String {
    let collection = match id.split('_').next() {
        Some("tr") => "transfers",
        Some("po") => "payouts",
        _ => "payment_intents",
    };
    format!("/{collection}/{id}")
}

fn check_after_restart(srv: &TestServer, log: &[Sent]) {
    let client = reqwest::blocking::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .expect("client");
    for sent in log {
        // A retry with the same key: the original answer for an acknowledged
        // request; for an unanswered one, either its stored answer (it was
        // applied) or a fresh execution (it was absent) — never an error.
        let retry = match send(
            &client,
            &srv.base_url,
            &srv.secret_key,
            &sent.path,
            &sent.key,
            &sent.body,
        ) {
            Reply::Answered(status, text) => (status, text),
            // Run afresh and refused now (a transfer the balance no longer covers).
            Reply::Refused if sent.answer.is_none() => continue,
            _ => panic!("retry of {} {} failed", sent.path, sent.key),
        };
        if let Some((status, text)) = &sent.answer {
            assert_eq!(
                &retry,
                &(*status, text.clone()),
                "retry of acknowledged {} changed its answer",
                sent.key
            );
            let acknowledged: Value = serde_json::from_str(text).expect("json");
            let id = acknowledged["id"].as_str().expect("id");
            let now = srv.get(&object_path(id), srv.sk());
            assert_eq!(now.status, 200, "acknowledged {id} is gone: {now:?}");
            assert_eq!(now.body["amount_minor"], acknowledged["amount_minor"]);
            if !id.starts_with("pi_") {
                continue;
            }
            assert!(now.body["amount_received_minor"].as_i64().is_some());
            let (was, is) = (
                acknowledged["status"].as_str().unwrap_or(""),
                now.body["status"].as_str().unwrap_or(""),
            );
            assert!(may_become(was, is), "{id} acknowledged {was}, now {is}");
            if was == "SETTLEMENT_PENDING" {
                assert_eq!(
                    now.body["amount_received_minor"],
                    acknowledged["amount_received_minor"]
                );
            }
        }
    }
}

#[test]
fn kill_9_under_load_loses_no_acknowledged_write() {
    let seed: u64 = std::env::var("PAYGATE_CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| rand::random::<u32>().into());
    let kills: usize = std::env::var("PAYGATE_CRASH_KILLS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    println!("crash test: seed {seed}, {kills} kills (PAYGATE_CRASH_SEED={seed} replays it)");
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let (mut srv, _) = TestServer::start_with_args(
        &[
            "--sandbox-settlement-ms",
            "1500",
            "--webhook-egress",
            "local",
        ],
        |dir| add_org(dir, "@beta", "owner@beta.example"),
    );
    // Enough available money for every transfer and payout the clients send.
    let funding = srv.post(
        "/payment_intents",
        srv.sk(),
        &json!({"amount_minor": 500_000_000, "currency": "CDF", "customer_msisdn": SUCCEED, "confirm": true}),
        Some("crash-funding"),
    );
    assert_eq!(funding.status, 201, "{funding:?}");
    let funding_id = funding.body["id"].as_str().expect("id").to_string();
    let deadline = Instant::now() + Duration::from_secs(20);
    while srv
        .get(&format!("/payment_intents/{funding_id}"), srv.sk())
        .body["status"]
        != "SETTLED"
    {
        assert!(
            Instant::now() < deadline,
            "the funding payment never settled"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let (receiver_url, delivered) = always_ok_receiver();
    let endpoint = srv.post("/webhook_endpoints", srv.sk(), &json!({"url": receiver_url, "enabled_events": ["payment_intent.succeeded", "payment_intent.settled"]}), None);
    assert_eq!(endpoint.status, 201, "{endpoint:?}");
    let endpoint_id = endpoint.body["id"].as_str().expect("id").to_string();
    let log: Arc<Mutex<Vec<Sent>>> = Arc::default();
    let dir = srv.data_dir.clone();

    let mut checked = 0;
    for round in 0..kills {
        let stop = Arc::new(AtomicBool::new(false));
        let clients: Vec<_> = (0..CLIENTS)
            .map(|c| {
                let (base, secret, stop, log) = (
                    srv.base_url.clone(),
                    srv.secret_key.clone(),
                    stop.clone(),
                    log.clone(),
                );
                let client_seed = seed
                    .wrapping_mul(1000)
                    .wrapping_add((round * CLIENTS + c) as u64);
                std::thread::spawn(move || client_run(base, secret, client_seed, stop, log))
            })
            .collect();
        std::thread::sleep(Duration::from_millis(rng.random_range(100..600)));
        srv.kill();
        stop.store(true, Ordering::SeqCst);
        for client in clients {
            client.join().expect("client thread");
        }
        // One round in four, the next start is killed too, while it opens
        // the store: during redb's repair, the write-ahead log's replay or
        // the checkpoint after it.
        if rng.random_range(0..4) == 0 {
            srv.kill_while_starting(Duration::from_millis(rng.random_range(0..40)));
        }
        let report = verify(&dir);
        assert!(
            report.success(),
            "round {round}: verify failed after kill -9: {report:?}"
        );
        srv.restart();
        let snapshot = log.lock().expect("log").clone();
        let full = round % FULL_CHECK_EVERY == FULL_CHECK_EVERY - 1 || round + 1 == kills;
        let from = if full { 0 } else { checked };
        check_after_restart(&srv, &snapshot[from..]);
        checked = snapshot.len();
        if (round + 1) % 100 == 0 {
            // A long run says how far it got (each line: every check passed).
            let acknowledged = snapshot.iter().filter(|s| s.answer.is_some()).count();
            println!(
                "crash test: {} kills, {acknowledged} acknowledged",
                round + 1
            );
        }
    }

    let sent = log.lock().expect("log").clone();
    let acknowledged = sent.iter().filter(|s| s.answer.is_some()).count();
    let mut by_kind: BTreeMap<&str, usize> = BTreeMap::new();
    for s in sent.iter().filter(|s| s.answer.is_some()) {
        let kind = if s.path.ends_with("/capture") {
            "captures"
        } else {
            &s.path[1..]
        };
        *by_kind.entry(kind).or_default() += 1;
    }
    println!(
        "crash test: {} requests, {acknowledged} acknowledged {by_kind:?}, {kills} kills",
        sent.len()
    );
    for kind in ["transfers", "payouts"] {
        assert!(
            kills < 3 || by_kind.contains_key(kind),
            "no {kind} acknowledged"
        );
    }
    assert!(acknowledged > 0, "no request was acknowledged");

    // Pending timers resume: every 6-second sandbox payment is captured, and
    // every delivery is sent, after the last restart.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let waiting = srv.get(
            "/payment_intents?status=REQUIRES_CUSTOMER_ACTION&limit=100",
            srv.sk(),
        );
        let pending = srv.get(
            &format!("/webhook_endpoints/{endpoint_id}/deliveries?status=PENDING&limit=100"),
            srv.sk(),
        );
        let (w, p) = (data_of(&waiting).len(), data_of(&pending).len());
        if w == 0 && p == 0 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "after the last restart {w} intents still wait and {p} deliveries are pending"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    let mut by_status: BTreeMap<String, usize> = BTreeMap::new();
    for page in [srv.get("/payment_intents?limit=100", srv.sk())] {
        for intent in page.body["data"].as_array().into_iter().flatten() {
            *by_status
                .entry(intent["status"].as_str().unwrap_or("").to_string())
                .or_default() += 1;
        }
    }
    println!(
        "crash test: newest 100 intents by status {by_status:?}; {} deliveries received",
        delivered.load(Ordering::SeqCst)
    );
    assert!(
        delivered.load(Ordering::SeqCst) > 0,
        "no webhook was delivered"
    );
}

/// A SIGTERM that arrives the moment the ready line is printed (as from a
/// supervisor that stops what it just started) still closes the store, so the
/// next start needs no repair; a SIGKILL leaves it open, and the next start
/// still needs none: redb's last checkpoint recorded its allocator state
/// (decision 592), so the open loads it rather than walking the file, and the
/// write-ahead log gives back what came after the checkpoint.
#[test]
#[cfg_attr(
    paygate_test_store_pg,
    ignore = "redb only: it checks how redb reopens its file after a SIGKILL; PostgreSQL recovers by itself"
)]
fn sigterm_at_any_time_closes_the_store_and_sigkill_needs_no_repair() {
    let mut srv = TestServer::start();
    for round in 0..3 {
        let exit = srv.terminate();
        assert!(
            exit.success(),
            "round {round}: SIGTERM right after the ready line must exit 0, got {exit:?}\n{}",
            srv.logs()
        );
        srv.start_again();
        let status = srv.get("/status", None);
        assert_eq!(status.status, 200, "{status:?}");
        let status = status.body;
        assert_eq!(
            status["store"]["repaired_at_start"], false,
            "round {round}: a graceful stop leaves a clean store: {status}"
        );
    }
    let created = srv.post(
        "/payment_intents",
        srv.sk(),
        &json!({"amount_minor": 1000, "currency": "CDF", "reference": "before kill"}),
        Some("sigkill-1"),
    );
    assert_eq!(created.status, 201, "{created:?}");
    srv.restart();
    let status = srv.get("/status", None).body;
    assert_eq!(
        status["store"]["repaired_at_start"], false,
        "after a SIGKILL the checkpoint's allocator state spares the walk of the file: {status}"
    );
    let id = created.body["id"].as_str().expect("id");
    let read = srv.get(&format!("/payment_intents/{id}"), srv.sk());
    assert_eq!(
        read.status, 200,
        "the acknowledged intent survives: {read:?}"
    );
}
