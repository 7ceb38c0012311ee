//! The `settle` step (issue 20 point 5): a settlement cycle of 100,000
//! payments closes and pays without holding the writer for more than a few
//! milliseconds at a time.
//!
//! One organisation with a `manual` settlement profile (so nothing closes
//! during the preload) is paid 100,000 times through the API (`pay`'s
//! request: captured at once, each an item of the running cycle); then
//! `POST /v1/settlement_cycles {"currency":"CDF","pay":true}` closes the
//! period and pays it to the wallet, and the bench waits until every
//! payment is SETTLED (marked in chunks by the gateway's timers). It reports
//! the close's answer time, the time until the last payment settled, the
//! writer commands it took, the longest writer command of the close and the
//! settling (`GET /v1/status` `writer_command_max_us` of a gateway restarted
//! after the preload, so that the counter covers only them), the time of the
//! CSV statement, and `paygate verify` on the store. `PAYGATE_BENCH_SETTLE_ITEMS` changes the count.

use std::path::Path;
use std::time::{Duration, Instant};

use hyper::Method;
use serde_json::{Value, json};

use crate::gateway::{self, Data, Gateway, GatewayConfig};
use crate::load::{self, Until};
use crate::report::Report;
use crate::scenarios;

/// Payments in the cycle.
const ITEMS_DEFAULT: u64 = 100_000;
/// How long the settling may take before the bench gives up.
const SETTLE_WAIT_MAX: Duration = Duration::from_secs(600);
const POLL: Duration = Duration::from_millis(100);

/// Runs the step and adds its figures to `report`'s notes.
pub async fn settle(
    config: &GatewayConfig,
    root: &Path,
    clients: usize,
    report: &mut Report,
) -> Result<(), String> {
    let items = std::env::var("PAYGATE_BENCH_SETTLE_ITEMS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(ITEMS_DEFAULT);
    let dir = root.join("settle");
    let gateway = Gateway::start(config, Data::Dir(&dir), None, "settle.log")?;
    call(
        &gateway,
        Method::POST,
        "/v1/settlement_profiles",
        json!({"currency": "CDF", "schedule": "manual"}),
    )
    .await?;
    eprintln!("settle: {items} payments into one manual cycle");
    let began = Instant::now();
    let until = Until {
        duration: Duration::from_secs(4 * 3600),
        count: Some(items),
    };
    let paid = load::run(&gateway.target(), clients, until, scenarios::pay(), false).await;
    if paid.errors() > 0 || paid.ok != items {
        return Err(format!(
            "settle: {} of {items} payments, {} errors: {:?}",
            paid.ok,
            paid.errors(),
            paid.first_error
        ));
    }
    let preload = began.elapsed();
    let preload_max = status(&gateway).await?.command_max_us;
    // A fresh process, so that its longest writer command is one of the
    // close and the settling (the counter runs from the start).
    let key = gateway.secret_key.clone();
    gateway.server.stop();
    let gateway = Gateway::start(config, Data::Dir(&dir), Some(&key), "settle.log")?;
    // One write first: a fresh process's first write transaction loads the
    // store's allocator state, which is not the close's cost.
    call(
        &gateway,
        Method::POST,
        "/v1/settlement_profiles",
        json!({"currency": "CDF", "schedule": "manual"}),
    )
    .await?;
    let before = status(&gateway).await?;
    eprintln!("settle: closing and paying the cycle");
    let began = Instant::now();
    let closed = call(
        &gateway,
        Method::POST,
        "/v1/settlement_cycles",
        json!({"currency": "CDF", "pay": true}),
    )
    .await?;
    let close_answer = began.elapsed();
    let id = closed["id"]
        .as_str()
        .ok_or("the close answered no id")?
        .to_string();
    let settled = wait_settled(&gateway, items).await?;
    let settle_all = began.elapsed();
    let after = status(&gateway).await?;
    let began = Instant::now();
    let (code, csv) = load::fetch(
        &gateway.target(),
        Method::GET,
        &format!("/v1/settlement_cycles/{id}/statement?format=csv"),
        "",
        None,
    )
    .await?;
    let statement = began.elapsed();
    if code != 200 {
        return Err(format!("the CSV statement answered {code}"));
    }
    gateway.server.stop();
    let verified = gateway::verify(&config.binary, &dir)?;
    let commands = after.commands - before.commands;
    report.notes.push(format!(
        "`settle`: {items} payments accrued to one cycle in {:.1} s ({:.0}/s). After a restart, `POST /v1/settlement_cycles` (close and pay) answered in {:.1} ms ({} status {}, net {}); all {settled} payments SETTLED {:.2} s after it, in {commands} writer commands ({:.0} ms of writer apply time). Longest writer command {}: {:.2} ms (the preload's longest: {:.2} ms). CSV statement ({} KiB) in {:.2} s. `paygate verify`: {verified}.",
        preload.as_secs_f64(),
        items as f64 / preload.as_secs_f64(),
        close_answer.as_secs_f64() * 1000.0,
        id,
        closed["status"].as_str().unwrap_or_default(),
        closed["net_minor"],
        settle_all.as_secs_f64(),
        after.apply_ms - before.apply_ms,
        if after.command_max_us > before.command_max_us {
            "during the close and the settling"
        } else {
            "of the restarted process (the close and the settling took no longer)"
        },
        after.command_max_us as f64 / 1000.0,
        preload_max as f64 / 1000.0,
        csv.len() / 1024,
        statement.as_secs_f64(),
    ));
    Ok(())
}

async fn call(gateway: &Gateway, method: Method, path: &str, body: Value) -> Result<Value, String> {
    let key = format!("bench-settle-{}", rand_key());
    let (status, bytes) = load::fetch(
        &gateway.target(),
        method,
        path,
        &body.to_string(),
        Some(&key),
    )
    .await?;
    if status >= 300 {
        return Err(format!(
            "{path} -> {status}: {}",
            String::from_utf8_lossy(&bytes)
        ));
    }
    serde_json::from_slice(&bytes).map_err(|e| e.to_string())
}

fn rand_key() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0)
}

/// Polls the newest cycle until all `items` payments are SETTLED.
async fn wait_settled(gateway: &Gateway, items: u64) -> Result<u64, String> {
    let began = Instant::now();
    loop {
        let (status, bytes) = load::fetch(
            &gateway.target(),
            Method::GET,
            "/v1/settlement_cycles?limit=1",
            "",
            None,
        )
        .await?;
        let list: Value = serde_json::from_slice(&bytes).map_err(|e| e.to_string())?;
        let settled = list["data"][0]["payments_settled"].as_u64().unwrap_or(0);
        if status == 200 && settled >= items {
            return Ok(settled);
        }
        if began.elapsed() > SETTLE_WAIT_MAX {
            return Err(format!("only {settled} of {items} payments settled"));
        }
        tokio::time::sleep(POLL).await;
    }
}

struct Status {
    commands: u64,
    apply_ms: u64,
    command_max_us: u64,
}

async fn status(gateway: &Gateway) -> Result<Status, String> {
    let (code, bytes) = load::fetch(&gateway.target(), Method::GET, "/v1/status", "", None).await?;
    if code != 200 {
        return Err(format!("GET /v1/status -> {code}"));
    }
    let view: Value = serde_json::from_slice(&bytes).map_err(|e| e.to_string())?;
    let store = &view["store"];
    Ok(Status {
        commands: store["writer_commands"].as_u64().unwrap_or(0),
        apply_ms: store["writer_apply_ms"].as_u64().unwrap_or(0),
        command_max_us: store["writer_command_max_us"].as_u64().unwrap_or(0),
    })
}
