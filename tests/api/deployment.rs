//! Running it on a server (issue 29): the configuration file, `/metrics`,
//! backups taken while serving, and restore.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;

use crate::support::*;

/// `paygate <args>` with only `env` of the PAYGATE_* variables set.
fn paygate_env(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut command = Command::new(PAYGATE);
    command.args(args).stdin(Stdio::null());
    for (name, _) in std::env::vars().filter(|(n, _)| n.starts_with("PAYGATE_")) {
        command.env_remove(name);
    }
    command.env("PAYGATE_CONFIG", NO_CONFIG_FILE);
    for (name, value) in env {
        command.env(name, value);
    }
    command.output().expect("run paygate")
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write the file");
    path.to_str().expect("utf-8 path").to_string()
}

/// The `key = value  # source` lines of `paygate config show`, by key.
fn shown(stdout: &[u8]) -> std::collections::BTreeMap<String, (String, String)> {
    String::from_utf8_lossy(stdout)
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let (pair, source) = line.split_once("  # ")?;
            let (key, value) = pair.split_once(" = ")?;
            Some((key.to_string(), (value.to_string(), source.to_string())))
        })
        .collect()
}

#[test]
fn configuration_precedence_is_flags_then_environment_then_file_then_defaults() {
    let dir = tempfile::tempdir().expect("dir");
    let file = write(
        dir.path(),
        "paygate.toml",
        "# a server's settings\nlisten = \"127.0.0.1:7001\"\ncache_mib = 64\n\
         webhook_egress = \"local\"\nsession_idle_secs = 600\n",
    );
    let out = paygate_env(
        &[
            "config",
            "show",
            "--config",
            &file,
            "--session-idle-secs",
            "900",
        ],
        &[
            ("PAYGATE_LISTEN", "127.0.0.1:7002"),
            ("PAYGATE_WEBHOOK_EGRESS", "any"),
        ],
    );
    assert!(out.status.success(), "{out:?}");
    let shown = shown(&out.stdout);
    let value = |key: &str| {
        shown
            .get(key)
            .cloned()
            .unwrap_or_else(|| panic!("{key} in {shown:?}"))
    };
    // flag > environment > file > default, each source named.
    assert_eq!(value("session_idle_secs"), ("900".into(), "flag".into()));
    assert_eq!(
        value("listen"),
        ("\"127.0.0.1:7002\"".into(), "environment".into())
    );
    assert_eq!(
        value("webhook_egress"),
        ("\"any\"".into(), "environment".into())
    );
    assert_eq!(value("cache_mib"), ("64".into(), "file, line 3".into()));
    assert_eq!(value("max_connections"), ("10000".into(), "default".into()));
    // `check` reads the file alone.
    let out = paygate_env(&["config", "check", "--config", &file], &[]);
    assert!(out.status.success(), "{out:?}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(report["keys"], 4, "{report}");
}

#[test]
fn config_show_shows_a_store_flag_given_before_or_among_the_serve_flags_without_its_password() {
    let url = "postgres://paygate:hunter2@db.example:5432/paygate";
    for args in [
        vec!["config", "show", "--store", url],
        vec![
            "--store",
            url,
            "config",
            "show",
            "--listen",
            "127.0.0.1:7003",
        ],
        vec![
            "config",
            "show",
            "--listen",
            "127.0.0.1:7003",
            "--store",
            url,
        ],
    ] {
        let out = paygate_env(&args, &[]);
        assert!(out.status.success(), "{args:?}: {out:?}");
        let shown = shown(&out.stdout);
        assert_eq!(
            shown.get("store"),
            Some(&(
                "\"postgres://paygate:********@db.example:5432/paygate\"".to_string(),
                "flag".to_string()
            )),
            "{args:?}: {shown:?}"
        );
        assert!(!String::from_utf8_lossy(&out.stdout).contains("hunter2"));
    }
    // From the environment, it says so.
    let out = paygate_env(&["config", "show"], &[("PAYGATE_STORE", url)]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(shown(&out.stdout)["store"].1, "environment");
}

#[test]
fn an_unknown_key_or_a_bad_value_stops_serve_naming_file_line_and_key() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let data = data.to_str().expect("utf-8");
    let cases = [
        (
            "ephemeral = true\n\nlisten_on = \"0.0.0.0:1\"\n",
            ":3: listen_on is not a configuration key",
        ),
        ("max_connections = 0\n", ":1: max_connections = 0:"),
        ("listen = \"localhost\"\n", ":1: listen = \"localhost\":"),
        (
            "cache-mib = 64\n",
            ":1: cache-mib is not a configuration key; did you mean cache_mib?",
        ),
        (
            "listen = \"127.0.0.1:0\"\nlisten = \"127.0.0.1:1\"\n",
            ":2: not valid TOML",
        ),
    ];
    for (text, expected) in cases {
        let file = write(dir.path(), "bad.toml", text);
        let out = paygate_env(&["serve", "--config", &file, "--data-dir", data], &[]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{text:?} started: {out:?}");
        assert!(
            stderr.contains(&format!("{file}{expected}")),
            "{text:?}: {stderr}"
        );
        assert!(out.stdout.is_empty(), "no ready line for {text:?}");
        let check = paygate_env(&["config", "check", "--config", &file], &[]);
        assert!(!check.status.success(), "check accepted {text:?}");
    }
    assert!(
        !Path::new(data).exists(),
        "a refused start created no store"
    );
    let out = paygate_env(&["serve", "--config", "/nonexistent/paygate.toml"], &[]);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("no such configuration file"),
        "{out:?}"
    );
}

/// Starts `paygate serve <args>` and returns it with its ready line.
fn serve_ready(args: &[&str], env: &[(&str, &str)]) -> (Child, serde_json::Value) {
    let mut command = Command::new(PAYGATE);
    command
        .arg("serve")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    for (name, _) in std::env::vars().filter(|(n, _)| n.starts_with("PAYGATE_")) {
        command.env_remove(name);
    }
    command.env("PAYGATE_CONFIG", NO_CONFIG_FILE);
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command.spawn().expect("spawn serve");
    let stdout = child.stdout.take().expect("stdout");
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        let mut line = String::new();
        let _ = sender.send(reader.read_line(&mut line).map(|_| line));
        let _ = std::io::copy(&mut reader, &mut std::io::sink());
    });
    let line = match receiver.recv_timeout(READY_TIMEOUT) {
        Ok(Ok(line)) if !line.is_empty() => line,
        other => {
            let _ = child.kill();
            panic!("no ready line: {other:?}");
        }
    };
    let ready = serde_json::from_str(&line).expect("the ready line is JSON");
    (child, ready)
}

#[test]
fn serve_runs_with_the_options_of_its_file() {
    let dir = tempfile::tempdir().expect("dir");
    // The file alone makes the server ephemeral (keys in the ready line) on a
    // free port with its own public URL.
    let file = write(
        dir.path(),
        "paygate.toml",
        "ephemeral = true\nlisten = \"127.0.0.1:0\"\npublic_url = \"https://pay.example.test\"\n",
    );
    let (mut child, ready) = serve_ready(&[], &[("PAYGATE_CONFIG", &file)]);
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(ready["ready"], true, "{ready}");
    assert!(
        ready["keys"]["secret_key"].is_string(),
        "ephemeral from the file: {ready}"
    );
    assert!(
        ready["listen"]
            .as_str()
            .is_some_and(|l| !l.ends_with(":0") && l.starts_with("127.0.0.1:")),
        "{ready}"
    );
}

/// One scrape of `base` + `/metrics`, parsed by a Prometheus text parser.
fn scrape(srv: &TestServer) -> prometheus_parse::Scrape {
    let resp = srv.root().get("/metrics", None);
    assert_eq!(resp.status, 200, "{resp:?}");
    assert!(
        resp.header("content-type")
            .is_some_and(|t| t.contains("openmetrics-text")),
        "{resp:?}"
    );
    parse_metrics(&resp.text)
}

fn parse_metrics(text: &str) -> prometheus_parse::Scrape {
    let lines = text.lines().map(|l| Ok(l.to_string()));
    prometheus_parse::Scrape::parse(lines)
        .unwrap_or_else(|e| panic!("not Prometheus text ({e}):\n{text}"))
}

/// The sum of `name`'s samples whose labels include every pair of `labels`.
fn sample_sum(scrape: &prometheus_parse::Scrape, name: &str, labels: &[(&str, &str)]) -> f64 {
    scrape
        .samples
        .iter()
        .filter(|s| s.metric == name)
        .filter(|s| labels.iter().all(|(k, v)| s.labels.get(k) == Some(*v)))
        .map(|s| match s.value {
            prometheus_parse::Value::Counter(v)
            | prometheus_parse::Value::Gauge(v)
            | prometheus_parse::Value::Untyped(v) => v,
            prometheus_parse::Value::Histogram(ref buckets) => {
                buckets.last().map_or(0.0, |b| b.count)
            }
            _ => 0.0,
        })
        .sum()
}

#[test]
fn metrics_parse_as_prometheus_text_and_move_with_traffic() {
    use crate::support::intents::{SUCCEED, create, mm};
    let srv = TestServer::start();
    let before = scrape(&srv);
    for family in [
        "paygate_writer_batches_total",
        "paygate_writer_queue_commands",
        "paygate_guardian_halted",
        "paygate_store_file_bytes",
        "paygate_timers_due",
        "paygate_timers_late_seconds",
        "paygate_webhook_queue_due",
        "paygate_webhook_queue_age_seconds",
        "paygate_page_cache_total",
        "paygate_overloaded_refusals_total",
    ] {
        assert!(
            before.samples.iter().any(|s| s.metric == family),
            "{family} is missing from /metrics"
        );
    }
    assert_eq!(sample_sum(&before, "paygate_guardian_halted", &[]), 0.0);
    assert!(sample_sum(&before, "paygate_store_file_bytes", &[]) > 0.0);
    let balance = [
        ("route", "/v1/balance"),
        ("method", "GET"),
        ("status", "200"),
    ];
    let balance_before = sample_sum(&before, "paygate_http_requests_total", &balance);
    for _ in 0..3 {
        assert_eq!(srv.get("/balance", srv.sk()).status, 200);
    }
    assert_eq!(srv.get("/balance", None).status, 401);
    let pi = create(&srv, &mm(SUCCEED));
    let after = scrape(&srv);
    assert_eq!(
        sample_sum(&after, "paygate_http_requests_total", &balance) - balance_before,
        3.0,
        "three answered GET /v1/balance"
    );
    assert!(
        sample_sum(
            &after,
            "paygate_http_requests_total",
            &[("route", "/v1/balance"), ("status", "401")]
        ) >= 1.0,
        "the 401 is counted under its own status"
    );
    assert!(
        sample_sum(
            &after,
            "paygate_http_request_seconds_count",
            &[("route", "/v1/balance")]
        ) >= 4.0,
        "latency is observed per route template"
    );
    for counter in [
        "paygate_writer_batches_total",
        "paygate_writer_commands_total",
    ] {
        assert!(
            sample_sum(&after, counter, &[]) > sample_sum(&before, counter, &[]),
            "{counter} moved with a write"
        );
    }
    assert!(sample_sum(&after, "paygate_writer_batch_commands_count", &[]) >= 1.0);
    assert!(sample_sum(&after, "paygate_writer_commit_seconds_count", &[]) >= 1.0);
    assert!(
        sample_sum(
            &after,
            "paygate_rail_attempts_total",
            &[("rail", "mobile_money")]
        ) >= 1.0,
        "the intent's attempt on mobile money is counted"
    );
    // No id, key or payer number in any label: templates only.
    let id = pi["id"].as_str().expect("intent id");
    for sample in &after.samples {
        for (name, value) in sample.labels.iter() {
            assert!(
                !value.contains(id) && !value.contains("_test_") && !value.contains("+243"),
                "{} has {name}={value}",
                sample.metric
            );
        }
    }
    let by_id = srv.get(&format!("/payment_intents/{id}"), srv.sk());
    assert_eq!(by_id.status, 200);
    let text = srv.root().get("/metrics", None).text;
    assert!(
        text.contains("route=\"/v1/payment_intents/{id}\""),
        "the template, not the id"
    );
    assert!(!text.contains(id), "an id leaked into /metrics");
}

#[test]
fn metrics_listen_serves_metrics_on_its_own_address_only() {
    let srv = TestServer::start_args(&["--metrics-listen", "127.0.0.1:0"]);
    let address = srv.ready["metrics_listen"]
        .as_str()
        .expect("metrics_listen in the ready line");
    let text = reqwest::blocking::get(format!("http://{address}/metrics"))
        .expect("scrape")
        .text()
        .expect("body");
    let scrape = parse_metrics(&text);
    assert!(
        scrape
            .samples
            .iter()
            .any(|s| s.metric == "paygate_writer_queue_commands")
    );
    assert_eq!(
        srv.root().get("/metrics", None).status,
        404,
        "not on the API listener"
    );
}

/// Creates payment intents until `stop`, recording each acknowledged id with
/// the moment its 201 arrived. Bounded: `max` intents at most.
fn write_load(
    srv: &TestServer,
    stop: &std::sync::atomic::AtomicBool,
    max: usize,
) -> Vec<(String, std::time::Instant)> {
    use crate::support::intents::{body, create_as};
    let mut acknowledged = Vec::new();
    while !stop.load(std::sync::atomic::Ordering::Relaxed) && acknowledged.len() < max {
        let resp = create_as(srv, srv.sk(), &body(serde_json::json!({})));
        assert_eq!(resp.status, 201, "{resp:?}");
        let id = resp.body["id"].as_str().expect("id").to_string();
        acknowledged.push((id, std::time::Instant::now()));
    }
    acknowledged
}

#[test]
#[cfg_attr(
    paygate_test_store_pg,
    ignore = "redb only: restore writes a data dir's redb file; restoring into a database is not built yet (docs/scale-out.md)"
)]
fn a_backup_under_write_load_restores_every_write_acknowledged_before_it() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};

    use crate::team::{OWNER, OWNER_PASSWORD, login};
    let srv = crate::team::start(&[]);
    let owner = login(&srv, OWNER, OWNER_PASSWORD);
    let stop = AtomicBool::new(false);
    let (acknowledged, backup, backup_started) = std::thread::scope(|scope| {
        let writers: Vec<_> = (0..2)
            .map(|_| scope.spawn(|| write_load(&srv, &stop, 300)))
            .collect();
        // Let writes flow (at least eight acknowledged, however loaded the
        // machine), then back up while they go on.
        let flowing = Instant::now();
        while srv.get("/payment_intents?limit=8", srv.sk()).body["data"]
            .as_array()
            .is_none_or(|page| page.len() < 8)
        {
            assert!(flowing.elapsed() < Duration::from_secs(20), "no writes");
            std::thread::sleep(Duration::from_millis(20));
        }
        let started = Instant::now();
        let backup = srv.post("/admin/backup", Some(&owner), &serde_json::json!({}), None);
        std::thread::sleep(Duration::from_millis(200));
        stop.store(true, Ordering::Relaxed);
        let acknowledged: Vec<_> = writers
            .into_iter()
            .flat_map(|w| w.join().expect("writer thread"))
            .collect();
        (acknowledged, backup, started)
    });
    assert_eq!(backup.status, 201, "{backup:?}");
    assert_eq!(backup.body["verified"], true, "{backup:?}");
    let before: Vec<&String> = acknowledged
        .iter()
        .filter(|(_, at)| *at < backup_started)
        .map(|(id, _)| id)
        .collect();
    let after = acknowledged.len() - before.len();
    assert!(
        before.len() >= 5,
        "writes before the backup: {}",
        before.len()
    );
    assert!(after >= 1, "writes went on while the backup ran");
    let file = backup.body["file"].as_str().expect("file").to_string();
    assert!(
        file.starts_with(srv.data_dir.to_str().expect("utf-8")),
        "{file}"
    );

    // Restore into a new directory, with the master key kept apart.
    let tmp = tempfile::tempdir().expect("dir");
    let restored = tmp.path().join("restored");
    let restored_str = restored.to_str().expect("utf-8");
    let master_key = srv.data_dir.join("master.key");
    let out = paygate(&[
        "restore",
        "--from",
        &file,
        "--data-dir",
        restored_str,
        "--master-key",
        master_key.to_str().expect("utf-8"),
    ]);
    out.assert_success();
    assert_eq!(out.json()["verified"], true, "{out:?}");
    verify(&restored).assert_success();
    // A non-empty directory is refused, and left as it was.
    let again = paygate(&["restore", "--from", &file, "--data-dir", restored_str]);
    assert!(
        !again.success() && again.stderr.contains("is not empty"),
        "{again:?}"
    );

    // The restored store serves every write acknowledged before the backup began.
    let (mut child, ready) = serve_ready(
        &["--data-dir", restored_str, "--listen", "127.0.0.1:0"],
        &[],
    );
    let base = ready["base_url"].as_str().expect("base_url").to_string();
    let client = reqwest::blocking::Client::new();
    let mut missing = Vec::new();
    for id in &before {
        let resp = client
            .get(format!("{base}/payment_intents/{id}"))
            .bearer_auth(srv.sk().expect("sk"))
            .send()
            .expect("GET");
        if resp.status() != 200 {
            missing.push((*id).clone());
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        missing.is_empty(),
        "acknowledged before the backup, missing after restore: {missing:?}"
    );
}

#[test]
fn only_the_owner_takes_a_backup_and_the_cli_copy_of_a_stopped_store_verifies() {
    use crate::team::{DEV, DEV_PASSWORD, login};
    let mut srv = crate::team::start(&[]);
    let developer = login(&srv, DEV, DEV_PASSWORD);
    let resp = srv.post(
        "/admin/backup",
        Some(&developer),
        &serde_json::json!({}),
        None,
    );
    assert_error(&resp, 403, "role_denied");
    let resp = srv.post("/admin/backup", srv.sk(), &serde_json::json!({}), None);
    assert_error(&resp, 403, "session_required");
    srv.terminate();
    let tmp = tempfile::tempdir().expect("dir");
    let to = tmp.path().join("cold.redb");
    let to_str = to.to_str().expect("utf-8");
    let out = paygate(&[
        "backup",
        "--data-dir",
        srv.data_dir.to_str().expect("utf-8"),
        "--to",
        to_str,
    ]);
    out.assert_success();
    assert_eq!(out.json()["verified"], true, "{out:?}");
    assert!(
        out.json()["rows"]["api_keys"]
            .as_u64()
            .is_some_and(|n| n >= 2),
        "{out:?}"
    );
    let again = paygate(&[
        "backup",
        "--data-dir",
        srv.data_dir.to_str().expect("utf-8"),
        "--to",
        to_str,
    ]);
    assert!(
        !again.success() && again.stderr.contains("never overwrites"),
        "{again:?}"
    );
    srv.start_again();
}

#[test]
fn the_packaged_unit_passes_systemd_analyze_verify() {
    let unit = concat!(env!("CARGO_MANIFEST_DIR"), "/packaging/paygate.service");
    let text = std::fs::read_to_string(unit).expect("packaging/paygate.service");
    for hardening in [
        "NoNewPrivileges=yes",
        "ProtectSystem=strict",
        "ReadWritePaths=/var/lib/paygate",
        "Type=notify",
        "User=paygate",
    ] {
        assert!(text.contains(hardening), "the unit lacks {hardening}");
    }
    // Checked like the browser tests' chromedriver: a missing tool fails the
    // test (tests/run installs it) rather than passing it unchecked.
    Command::new("systemd-analyze")
        .arg("--version")
        .output()
        .expect("systemd-analyze must be installed (apt-get install systemd; tests/run does it)");
    // The unit as installed, with the binary under test in /usr/bin's place.
    let dir = tempfile::tempdir().expect("dir");
    let path = write(
        dir.path(),
        "paygate.service",
        &text.replace("/usr/bin/paygate", PAYGATE),
    );
    let out = Command::new("systemd-analyze")
        .args(["verify", "--man=no", &path])
        .output()
        .expect("systemd-analyze");
    assert!(out.status.success() && out.stderr.is_empty(), "{out:?}");
}

#[test]
fn the_grafana_dashboard_reads_only_metrics_the_gateway_exports() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/packaging/grafana-dashboard.json"
    );
    let dashboard: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("dashboard")).expect("JSON");
    let srv = TestServer::start_ephemeral();
    // A request and a payment attempt, so that the per-route and per-rail
    // families have a series.
    assert_eq!(srv.get("/balance", srv.sk()).status, 200);
    crate::support::intents::create(
        &srv,
        &crate::support::intents::mm(crate::support::intents::SUCCEED),
    );
    // Every family /metrics declares (`# TYPE name kind`), series or not yet.
    let text = srv.root().get("/metrics", None).text;
    parse_metrics(&text);
    let declared: std::collections::BTreeSet<&str> = text
        .lines()
        .filter_map(|line| line.strip_prefix("# TYPE "))
        .filter_map(|rest| rest.split(' ').next())
        .collect();
    let panels = dashboard["panels"].as_array().expect("panels");
    assert!(panels.len() >= 10, "{}", panels.len());
    for target in panels
        .iter()
        .flat_map(|p| p["targets"].as_array().expect("targets"))
    {
        let expr = target["expr"].as_str().expect("expr");
        for name in expr
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| w.starts_with("paygate_"))
        {
            // A sample's name is its family's, or the family's with a suffix.
            let known = declared.contains(name)
                || ["_total", "_bucket", "_count", "_sum"]
                    .iter()
                    .any(|suffix| {
                        name.strip_suffix(suffix)
                            .is_some_and(|family| declared.contains(family))
                    });
            assert!(known, "{name} in the dashboard is not in /metrics");
        }
    }
}
