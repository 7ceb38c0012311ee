//! The gateway scenarios (`create`, `pay`, `read`, `mixed`), the preload, and
//! the measurement around a run: the writer's counters before and after (from
//! `GET /v1/status`) and the server's memory.

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use hyper::Method;

use crate::gateway::{Gateway, Memory};
use crate::load::{self, Call, LoadResult, Until, Workload};
use crate::report::Measured;

pub const CREATE_BODY: &str = r#"{"amount_minor":1000,"currency":"CDF","reference":"bench"}"#;
/// A payer number the sandbox rail captures at once (full money path).
pub const PAY_BODY: &str = r#"{"amount_minor":1000,"currency":"CDF","reference":"bench","customer_msisdn":"+243000000501","confirm":true}"#;
const INTENTS_PATH: &str = "/v1/payment_intents";
/// Share of reads in `mixed`, in percent.
const MIXED_READ_PERCENT: u64 = 80;

pub fn create() -> Workload {
    post(CREATE_BODY)
}

pub fn pay() -> Workload {
    post(PAY_BODY)
}

fn post(body: &'static str) -> Workload {
    let body = Bytes::from_static(body.as_bytes());
    Arc::new(move |_| Call {
        method: Method::POST,
        path: INTENTS_PATH.to_string(),
        body: body.clone(),
        authorization: None,
    })
}

/// `GET /v1/payment_intents/{id}` of a random id of `ids`.
pub fn read(ids: Arc<Vec<String>>) -> Workload {
    assert!(!ids.is_empty(), "read needs intents");
    Arc::new(move |rng| read_call(&ids, rng))
}

fn read_call(ids: &[String], rng: &mut load::Rng) -> Call {
    let id = &ids[rng.below(ids.len() as u64) as usize];
    Call {
        method: Method::GET,
        path: format!("{INTENTS_PATH}/{id}"),
        body: Bytes::new(),
        authorization: None,
    }
}

/// 80% reads of random `ids`, 20% creates.
pub fn mixed(ids: Arc<Vec<String>>) -> Workload {
    assert!(!ids.is_empty(), "mixed needs intents");
    let create = create();
    Arc::new(move |rng| {
        if rng.below(100) < MIXED_READ_PERCENT {
            read_call(&ids, rng)
        } else {
            create(rng)
        }
    })
}

/// Runs `workload` on `gateway` and measures it.
pub async fn measure(
    name: &str,
    gateway: &Gateway,
    clients: usize,
    until: Until,
    workload: Workload,
    collect_ids: bool,
) -> Result<(Measured, Vec<String>), String> {
    let before = gateway.counts().await?;
    let cpu_before = gateway.server.cpu_us();
    let mut result: LoadResult =
        load::run(&gateway.target(), clients, until, workload, collect_ids).await;
    let cpu = gateway.server.cpu_us() - cpu_before;
    let after = gateway.counts().await?;
    let memory: Memory = gateway.server.memory();
    let ids = std::mem::take(&mut result.created_ids);
    let measured = Measured::new(name, clients, result)
        .with_writer(
            after.batches - before.batches,
            after.commands - before.commands,
        )
        .with_writer_time(crate::report::WriterTime {
            apply_us: after.time.apply_us - before.time.apply_us,
            commit_us: after.time.commit_us - before.time.commit_us,
        })
        .with_server_cpu(cpu)
        .with_memory(memory)
        .with_file_bytes(after.file_bytes);
    Ok((measured, ids))
}

/// Stores `count` intents through the real write path: concurrent creates over
/// HTTP, batched by the writer. Returns the measurement and the ids.
pub async fn preload(
    gateway: &Gateway,
    clients: usize,
    count: u64,
) -> Result<(Measured, Vec<String>), String> {
    // Generous: 1M intents take minutes; the count ends the run first.
    let until = Until {
        duration: Duration::from_secs(4 * 3600),
        count: Some(count),
    };
    let (measured, ids) = measure("preload", gateway, clients, until, create(), true).await?;
    if measured.result.errors() > 0 {
        return Err(format!(
            "preload had {} errors: {}",
            measured.result.errors(),
            measured.result.first_error.clone().unwrap_or_default()
        ));
    }
    Ok((measured, ids))
}
