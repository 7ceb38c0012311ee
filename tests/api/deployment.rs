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
