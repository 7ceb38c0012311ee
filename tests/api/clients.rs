//! The client libraries of clients/ (issue 51 point 1): generated code in
//! step with schema/openapi.json, and each README's example (create, pay in
//! the sandbox, receive and verify the webhook, refund, list page by page)
//! run against a live `paygate serve --ephemeral`. Without Node.js or
//! python3 on PATH the tests are reported as ignored (build.rs), never
//! passed; tests/run installs Node.js when missing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Mutex, MutexGuard};

use crate::support::TestServer;

/// One at a time: the tests share clients/typescript/node_modules (`npm ci`).
static INSTALLS: Mutex<()> = Mutex::new(());

fn one_at_a_time() -> MutexGuard<'static, ()> {
    INSTALLS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn script(name: &str) -> PathBuf {
    repo().join("clients").join(name)
}

fn text(output: &Output) -> String {
    format!(
        "status {}\nstdout:\n{}\nstderr:\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Runs `language`'s example against a fresh ephemeral gateway and returns its stdout.
fn run_example(language: &str) -> String {
    let _installs = one_at_a_time();
    let srv = TestServer::start_ephemeral_args(&["--webhook-egress", "local"]);
    let output = Command::new(script("run-example"))
        .args([language, &srv.base_url, srv.sk().expect("sk")])
        .output()
        .expect("run clients/run-example");
    assert!(
        output.status.success(),
        "{language} example: {}\ngateway log:\n{}",
        text(&output),
        srv.logs()
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// What every example prints on its way: it paid, verified, refunded, listed.
fn assert_the_whole_path(language: &str, stdout: &str) {
    for step in [
        ": SETTLEMENT_PENDING",
        "verified webhook payment_intent.succeeded evt_",
        "(HMAC and ed25519)",
        "refund re_",
        "listed 1 intent(s) page by page",
        "example: ok",
    ] {
        assert!(
            stdout.contains(step),
            "{language}: no {step:?} in\n{stdout}"
        );
    }
}

#[test]
#[cfg_attr(
    any(paygate_no_node, paygate_no_python),
    ignore = "needs node, npm and python3 on PATH (tests/run installs Node.js)"
)]
fn both_clients_are_generated_from_the_checked_in_schema() {
    let _installs = one_at_a_time();
    let output = Command::new(script("generate"))
        .arg("--check")
        .output()
        .expect("run clients/generate --check");
    assert!(
        output.status.success(),
        "run clients/generate and commit: {}",
        text(&output)
    );
}

#[test]
#[cfg_attr(
    paygate_no_node,
    ignore = "needs node and npm on PATH (tests/run installs them)"
)]
fn the_typescript_example_pays_verifies_its_webhook_and_refunds_on_a_live_gateway() {
    assert_the_whole_path("typescript", &run_example("typescript"));
}

#[test]
#[cfg_attr(paygate_no_python, ignore = "needs python3 on PATH")]
fn the_python_example_pays_verifies_its_webhook_and_refunds_on_a_live_gateway() {
    assert_the_whole_path("python", &run_example("python"));
}
