//! Operating the gateway: the guardian halt, `paygate listen`, and the example
//! webhook receiver of `docs/examples` (run with python3, as a user would).

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::free_port;
use crate::support::redb_file::tamper_pending_balance;
use crate::support::{TestServer, assert_error, paygate};

fn pay(srv: &TestServer, key: &str, msisdn: &str) -> Value {
    let resp = srv.post(
        "/payment_intents",
        srv.sk(),
        &json!({"amount_minor": 10_000, "currency": "CDF", "customer_msisdn": msisdn, "confirm": true}),
        Some(key),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    resp.body
}

#[test]
#[cfg_attr(
    paygate_test_store_pg,
    ignore = "redb only: it breaks a balance by writing the redb file behind the ledger's back"
)]
fn a_broken_ledger_halts_money_movement_until_an_operator_clears_it() {
    let mut srv = TestServer::start_args(&["--sandbox-settlement-ms", "600000"]);
    pay(&srv, "first", "+243000000501");
    srv.kill();
    tamper_pending_balance(&srv.data_dir, 1);
    let dir = srv.data_dir.to_string_lossy().to_string();
    assert!(
        !paygate(&["verify", "--data-dir", &dir]).success(),
        "verify must see the tampering"
    );

    srv.restart();
    // The auditor runs at start; poll until the halt shows.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let status = srv.get("/status", None);
        if status.body["operating_state"] == "halted" {
            assert_eq!(status.body["guardian"]["engaged"], true, "{status:?}");
            // The origin's names for the same (issue 16).
            assert_eq!(status.body["mode"], "halted", "{status:?}");
            assert_eq!(status.body["guardian"]["active"], true, "{status:?}");
            break;
        }
        assert!(Instant::now() < deadline, "no halt: {status:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
    let refused = srv.post(
        "/payment_intents",
        srv.sk(),
        &json!({"amount_minor": 500, "currency": "CDF"}),
        Some("while-halted"),
    );
    let body = assert_error(&refused, 503, "guardian_halt");
    assert_eq!(body["bp"], "BP-3006");
    // Reads keep working.
    assert_eq!(srv.get("/balance", srv.sk()).status, 200);
    assert_eq!(srv.get("/payment_intents", srv.sk()).status, 200);

    // Clearing refuses while the ledger is still broken, and works once it balances.
    srv.kill();
    assert!(!paygate(&["guardian", "clear", "--data-dir", &dir]).success());
    tamper_pending_balance(&srv.data_dir, -1);
    paygate(&["guardian", "clear", "--data-dir", &dir]).assert_success();
    srv.restart();
    assert_eq!(srv.get("/status", None).body["operating_state"], "normal");
    pay(&srv, "after-clear", "+243000000501");
}

/// Spawns a process whose stdout lines arrive on the returned channel.
fn spawn_lines(command: &mut Command) -> (Child, mpsc::Receiver<String>) {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn");
    let stdout = child.stdout.take().expect("stdout");
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    (child, receiver)
}

/// Collects lines until `done` says so or the deadline passes.
fn collect_until(
    lines: &mpsc::Receiver<String>,
    seconds: u64,
    done: impl Fn(&[String]) -> bool,
) -> Vec<String> {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut seen = Vec::new();
    while !done(&seen) {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) => seen.push(line),
            Err(_) => break,
        }
    }
    seen
}

fn receiver_script() -> String {
    concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/examples/webhook_receiver.py"
    )
    .to_string()
}

fn start_receiver(secret: &str, keys_url: &str, port: u16) -> (Child, mpsc::Receiver<String>) {
    let (child, lines) = spawn_lines(Command::new("python3").args([
        &receiver_script(),
        "--secret",
        secret,
        "--keys-url",
        keys_url,
        "--port",
        &port.to_string(),
    ]));
    let ready = collect_until(&lines, 10, |seen| !seen.is_empty());
    assert!(
        ready.first().is_some_and(|l| l.starts_with("listening")),
        "receiver did not start: {ready:?}"
    );
    (child, lines)
}

#[test]
fn the_example_receiver_verifies_every_signature_of_real_deliveries() {
    let srv = TestServer::start_args(&[
        "--sandbox-settlement-ms",
        "200",
        "--webhook-egress",
        "local",
    ]);
    let port = free_port();
    let endpoint = srv.post(
        "/webhook_endpoints",
        srv.sk(),
        &json!({"url": format!("http://127.0.0.1:{port}/"), "enabled_events": ["payment_intent.*"]}),
        None,
    );
    assert_eq!(endpoint.status, 201, "{endpoint:?}");
    let secret = endpoint.body["secret"]
        .as_str()
        .expect("secret")
        .to_string();
    let (mut receiver, lines) = start_receiver(&secret, &format!("{}/keys", srv.base_url), port);
    let intent = pay(&srv, "receiver", "+243000000501");
    let events = [
        "created",
        "requires_action",
        "captured",
        "succeeded",
        "settled",
    ];
    // Deliveries are not ordered: wait for each event, not for the last one made.
    let seen = collect_until(&lines, 15, |seen| {
        events.iter().all(|event| {
            seen.iter()
                .any(|l| l.contains(&format!("payment_intent.{event} ")))
        })
    });
    let _ = receiver.kill();
    assert!(seen.iter().all(|l| !l.starts_with("REJECTED")), "{seen:?}");
    for event in events {
        let wanted = format!("verified payment_intent.{event} evt_");
        assert!(
            seen.iter().any(|l| l.starts_with(&wanted)),
            "no {wanted} in {seen:?} for {}",
            intent["id"]
        );
    }
}

#[test]
fn the_example_receiver_rejects_a_delivery_signed_with_another_secret() {
    let srv = TestServer::start_args(&["--webhook-egress", "local"]);
    let port = free_port();
    let endpoint = srv.post(
        "/webhook_endpoints",
        srv.sk(),
        &json!({"url": format!("http://127.0.0.1:{port}/"), "enabled_events": ["payment_intent.created"]}),
        None,
    );
    assert_eq!(endpoint.status, 201, "{endpoint:?}");
    let wrong_secret = "whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    let (mut receiver, lines) =
        start_receiver(wrong_secret, &format!("{}/keys", srv.base_url), port);
    pay(&srv, "wrong-secret", "+243000000404");
    let seen = collect_until(&lines, 10, |seen| !seen.is_empty());
    assert!(
        seen.first()
            .is_some_and(|l| l.starts_with("REJECTED hmac=False standard=False ed25519=True")),
        "{seen:?}"
    );
    // The receiver's 400 is recorded as a failed attempt to retry.
    let id = endpoint.body["id"].as_str().expect("id");
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let deliveries = srv.get(&format!("/webhook_endpoints/{id}/deliveries"), srv.sk());
        let first = &deliveries.body["data"][0]["attempts"][0];
        if !first.is_null() {
            assert_eq!(first["status_code"], 400, "{deliveries:?}");
            assert_eq!(
                deliveries.body["data"][0]["status"], "PENDING",
                "a retry is due: {deliveries:?}"
            );
            break;
        }
        assert!(
            Instant::now() < deadline,
            "no attempt recorded: {deliveries:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = receiver.kill();
}

#[test]
fn listen_forwards_signed_deliveries_and_removes_its_endpoint_on_exit() {
    let srv = TestServer::start_args(&[
        "--sandbox-settlement-ms",
        "200",
        "--webhook-egress",
        "local",
    ]);
    let receiver_port = free_port();
    let (mut listen, listen_lines) =
        spawn_lines(Command::new(env!("CARGO_BIN_EXE_paygate")).args([
            "listen",
            "--forward-to",
            &format!("http://127.0.0.1:{receiver_port}/"),
            "--url",
            &srv.base_url,
            "--key",
            &srv.secret_key,
            "--events",
            "payment_intent.succeeded,payment_intent.settled",
        ]));
    let ready = collect_until(&listen_lines, 10, |seen| !seen.is_empty());
    let ready: Value =
        serde_json::from_str(ready.first().expect("a ready line")).expect("JSON ready line");
    let secret = ready["secret"].as_str().expect("secret");
    let endpoint = ready["endpoint"].as_str().expect("endpoint").to_string();
    let (mut receiver, receiver_lines) =
        start_receiver(secret, &format!("{}/keys", srv.base_url), receiver_port);

    pay(&srv, "listen", "+243000000501");
    let forwarded = collect_until(&listen_lines, 15, |seen| seen.len() >= 2);
    let verified = collect_until(&receiver_lines, 5, |seen| seen.len() >= 2);
    let _ = receiver.kill();
    assert_eq!(forwarded.len(), 2, "{forwarded:?}");
    assert!(
        forwarded
            .iter()
            .any(|l| l.contains(" payment_intent.succeeded evt_") && l.ends_with("-> [200]")),
        "{forwarded:?}"
    );
    assert!(
        forwarded
            .iter()
            .any(|l| l.contains(" payment_intent.settled evt_") && l.ends_with("-> [200]")),
        "{forwarded:?}"
    );
    assert!(
        verified.iter().all(|l| l.starts_with("verified ")) && verified.len() == 2,
        "{verified:?}"
    );

    // Ctrl-C: the temporary endpoint is deleted.
    let pid = listen.id().to_string();
    Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .expect("kill -INT");
    let deadline = Instant::now() + Duration::from_secs(10);
    while listen.try_wait().expect("wait").is_none() {
        assert!(Instant::now() < deadline, "listen did not exit on SIGINT");
        std::thread::sleep(Duration::from_millis(50));
    }
    let gone = srv.get(&format!("/webhook_endpoints/{endpoint}"), srv.sk());
    assert_error(&gone, 404, "webhook_endpoint_not_found");
}

#[test]
#[cfg_attr(
    paygate_test_store_pg,
    ignore = "redb only: it starts serve on the data dir's file itself and checks that redb closes it cleanly"
)]
fn sigterm_finishes_the_queue_and_closes_the_store_cleanly() {
    let dir = tempfile::tempdir().expect("tmp");
    let data = dir.path().join("data");
    let log = std::fs::File::create(dir.path().join("stderr.log")).expect("log");
    let mut child = Command::new(env!("CARGO_BIN_EXE_paygate"))
        .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
        .arg(&data)
        .stdout(Stdio::piped())
        .stderr(log)
        .spawn()
        .expect("serve");
    let mut ready = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut ready)
        .expect("ready line");
    let ready: Value = serde_json::from_str(&ready).expect("json");
    let base = ready["base_url"].as_str().expect("base");
    let key = ready["keys"]["secret_key"].as_str().expect("key");
    let _ = rustls::crypto::ring::default_provider().install_default();
    let client = reqwest::blocking::Client::new();
    for i in 0..5 {
        let response = client
            .post(format!("{base}/payment_intents"))
            .bearer_auth(key)
            .header("Idempotency-Key", format!("term-{i}"))
            .json(&json!({"amount_minor": 100, "currency": "CDF", "customer_msisdn": "+243000000501", "confirm": true}))
            .send()
            .expect("create");
        assert_eq!(response.status().as_u16(), 201);
    }
    Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill -TERM");
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        assert!(Instant::now() < deadline, "serve did not stop on SIGTERM");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "serve exited with {status}");
    let stderr = std::fs::read_to_string(dir.path().join("stderr.log")).expect("log");
    assert!(stderr.contains("store closed"), "{stderr}");
    let report = paygate(&["verify", "--data-dir", &data.to_string_lossy()]);
    assert!(report.success(), "{report:?}");
    assert_eq!(report.json()["postings"], 5);
}

/// `--cache-mib` bounds the store's page cache: a sane value serves, a value
/// below the floor is refused before anything is opened.
#[test]
fn the_page_cache_size_is_a_checked_flag() {
    let srv = TestServer::start_args(&["--cache-mib", "64"]);
    let created = srv.post(
        "/payment_intents",
        srv.sk(),
        &json!({"amount_minor": 500, "currency": "CDF"}),
        Some("cache-1"),
    );
    assert_eq!(created.status, 201, "{created:?}");
    let dir = tempfile::tempdir().expect("tmp");
    let data = dir.path().join("data");
    let refused = paygate(&[
        "serve",
        "--cache-mib",
        "1",
        "--listen",
        "127.0.0.1:0",
        "--data-dir",
        &data.to_string_lossy(),
    ]);
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(refused.stderr.contains("--cache-mib"), "{refused:?}");
    assert!(!data.exists(), "a refused start creates no store");
}
