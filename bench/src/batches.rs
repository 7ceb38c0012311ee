//! The `batch` step (issue 19): a 5,000-row CSV payout batch made by the
//! instance owner's session, validated and stored (goal: under 1 s), then
//! approved by the owner with the PIN (step-up) and executed in chunks by
//! the gateway on its own (goal: at least 1,000 rows/s). The paying
//! organisation is funded by a settled sandbox payment, as `transfer` funds
//! its organisations; `paygate verify` runs on the store afterwards.

use std::path::Path;
use std::time::{Duration, Instant};

use hyper::Method;
use serde_json::{Value, json};

use crate::gateway::{self, Data, Gateway, GatewayConfig};
use crate::load::{self, Target};
use crate::report::Report;
use crate::transfers;

/// Rows of the batch: the most a batch holds.
const ROWS: usize = 5_000;
/// What each row pays, in CDF minor units (10.00 CDF; the fee, 70 bps, is 7).
const ROW_MINOR: i64 = 1_000;
/// The funding payment: more than the rows and their fees.
const FUNDING_MINOR: i64 = 20_000_000;
/// The sandbox payer number that captures at once.
const SUCCEED: &str = "+243000000501";
/// How long funding may take to settle, and execution to finish.
const WAIT_MAX: Duration = Duration::from_secs(120);
/// How often the batch is read while it executes.
const POLL_EVERY: Duration = Duration::from_millis(10);

/// Runs the step on a store of its own and adds its figures to `report`.
pub async fn run(config: &GatewayConfig, root: &Path, report: &mut Report) -> Result<(), String> {
    let dir = root.join("batch");
    let gateway = Gateway::start(config, Data::Dir(&dir), None, "batch.log")?;
    let pin = gateway.server.ready["owner"]["pin"]
        .as_str()
        .ok_or("the ready line shows no owner PIN")?
        .to_string();
    let owner = transfers::login(&gateway).await?;
    fund(&gateway).await?;
    let csv = csv();
    let body = json!({"currency": "CDF", "csv": csv, "reference": "bench"});
    eprintln!("batch: {ROWS} rows ({} KB of CSV)", csv.len() / 1024);
    let began = Instant::now();
    let made = transfers::send(&owner, "/v1/payouts/batches", &body, Some("bench-batch")).await?;
    let stored = began.elapsed();
    let id = made["id"]
        .as_str()
        .ok_or("the batch has no id")?
        .to_string();
    if made["counts"]["valid"] != ROWS {
        return Err(format!(
            "the batch's rows are not all valid: {}",
            made["counts"]
        ));
    }
    let before = gateway.counts().await?;
    let approve = json!({"pin": pin});
    let path = format!("/v1/payouts/batches/{id}/approve");
    let began = Instant::now();
    let approved = transfers::send(&owner, &path, &approve, None).await?;
    let approve_answered = began.elapsed();
    let done = executed(&owner, &id, began).await?;
    let took = began.elapsed();
    let after = gateway.counts().await?;
    let longest_us = longest_command_us(&gateway).await?;
    gateway.server.stop();
    let verified = gateway::verify(&config.binary, &dir)?;
    let rows_per_s = ROWS as f64 / took.as_secs_f64();
    let commands = after.commands - before.commands;
    let apply_ms = (after.time.apply_us - before.time.apply_us) / 1000;
    let commit_ms = (after.time.commit_us - before.time.commit_us) / 1000;
    report.notes.push(format!(
        "`batch`: a {ROWS}-row CSV batch ({} KB) validated and stored in {:.0} ms (goal < 1,000 ms), made by the owner's session.",
        csv.len() / 1024,
        stored.as_secs_f64() * 1000.0
    ));
    report.notes.push(format!(
        "`batch`: approved with the owner's PIN (answered in {:.0} ms, status {}), executed to {} in {:.2} s: {rows_per_s:.0} rows/s (goal >= 1,000); {commands} writer commands meanwhile, apply {apply_ms} ms, commit {commit_ms} ms; the longest command since start {:.1} ms; `paygate verify`: {verified}",
        approve_answered.as_secs_f64() * 1000.0,
        approved["status"].as_str().unwrap_or("?"),
        done["status"].as_str().unwrap_or("?"),
        took.as_secs_f64(),
        longest_us as f64 / 1000.0,
    ));
    Ok(())
}

/// `ROWS` mobile-money rows, each to its own number (none of the sandbox's
/// failing ones), in major units.
fn csv() -> String {
    let mut text = String::from("method,amount,operator_id,phone,name,reference\n");
    for i in 0..ROWS {
        text.push_str(&format!(
            "mobile_money,{}.{:02},mpesa_cd,+2438100{i:05},Payee {i},SAL-{i}\n",
            ROW_MINOR / 100,
            ROW_MINOR % 100
        ));
    }
    text
}

/// A sandbox payment that captures at once and settles into available.
async fn fund(gateway: &Gateway) -> Result<(), String> {
    let key = gateway.target();
    let body = json!({
        "amount_minor": FUNDING_MINOR,
        "currency": "CDF",
        "reference": "bench batch funding",
        "customer_msisdn": SUCCEED,
        "confirm": true,
    });
    transfers::send(
        &key,
        "/v1/payment_intents",
        &body,
        Some("bench-batch-funding"),
    )
    .await?;
    let need = ROWS as i64 * (ROW_MINOR + 7);
    let began = Instant::now();
    while transfers::available(&key).await? < need {
        if began.elapsed() > WAIT_MAX {
            return Err("the batch's funding did not settle".into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(())
}

/// Reads the batch until it leaves EXECUTING.
async fn executed(owner: &Target, id: &str, began: Instant) -> Result<Value, String> {
    let path = format!("/v1/payouts/batches/{id}?limit=1");
    loop {
        let (status, body) = load::fetch(owner, Method::GET, &path, "", None).await?;
        if status != 200 {
            return Err(format!("GET {path} -> {status}"));
        }
        let batch: Value = serde_json::from_slice(&body).map_err(|e| e.to_string())?;
        match batch["status"].as_str() {
            Some("EXECUTING") if began.elapsed() < WAIT_MAX => {}
            Some("EXECUTED") => return Ok(batch),
            _ => return Err(format!("the batch did not execute: {}", batch["counts"])),
        }
        tokio::time::sleep(POLL_EVERY).await;
    }
}

/// `GET /v1/status`'s `writer_command_max_us`: the longest one command
/// held the writer since the gateway started.
async fn longest_command_us(gateway: &Gateway) -> Result<u64, String> {
    let (_, body) = load::fetch(&gateway.target(), Method::GET, "/v1/status", "", None).await?;
    let status: Value = serde_json::from_slice(&body).map_err(|e| e.to_string())?;
    Ok(status["store"]["writer_command_max_us"]
        .as_u64()
        .unwrap_or(0))
}
