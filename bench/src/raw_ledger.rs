//! The `raw-ledger` ceiling (issue 31): the least any payment gateway must
//! durably write per payment, behind the same kind of HTTP server as the
//! gateway, so that the gateway's own write amplification shows against it
//! (the `raw-commit` ceiling copies the gateway's shape, so it rises and falls
//! with it).
//!
//! A child process (`paygate-bench raw-ledger-server`): axum on hyper with the
//! gateway's tokio setup; each `POST` (any path) needs an `Idempotency-Key`
//! and a JSON body with `amount_minor` and `currency`, and goes through a
//! bounded channel to ONE writer thread that drains up to 1024 commands per
//! redb write transaction and commits durably (group commit, one fsync), as
//! the gateway's writer does. Per request it writes, in that transaction:
//! one balanced 2-line posting (journal), two balance updates (read, add,
//! write) and one idempotency row with the answer (~300 B in all). A key seen
//! before answers its stored body. `GET` (any path) answers the writer's
//! counters in the shape of the gateway's `GET /v1/status`, so the bench
//! measures both alike.

use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use crossbeam_channel::{Receiver, Sender, TrySendError};
use redb::{Database, ReadableTable, TableDefinition};
use tokio::sync::oneshot;

use crate::gateway::{Gateway, GatewayConfig, Server};

/// The gateway's writer limits (`src/store/writer.rs`).
const BATCH_COMMANDS_MAX: usize = 1024;
const QUEUE_COMMANDS_MAX: usize = 8192;
/// Payers the postings debit (the credit goes to one merchant account).
const PAYERS: u64 = 1_000;

const JOURNAL: TableDefinition<&str, &[u8]> = TableDefinition::new("journal");
const BALANCES: TableDefinition<&str, &[u8]> = TableDefinition::new("balances");
const IDEMPOTENCY: TableDefinition<&str, &[u8]> = TableDefinition::new("idempotency");

/// One request for the writer.
struct Posting {
    key: String,
    amount_minor: i64,
    currency: String,
    reply: oneshot::Sender<Result<Bytes, String>>,
}

#[derive(Default)]
struct Stats {
    batches: AtomicU64,
    commands: AtomicU64,
    apply_us: AtomicU64,
    commit_us: AtomicU64,
}

#[derive(Clone)]
struct Shared {
    sender: Sender<Posting>,
    stats: Arc<Stats>,
    path: Arc<std::path::PathBuf>,
}

/// Starts `paygate-bench raw-ledger-server` as a child process, its store in `dir`.
pub fn start(config: &GatewayConfig, dir: &Path) -> Result<Gateway, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut command = Command::new(exe);
    command.arg("raw-ledger-server").arg("--dir").arg(dir);
    if let Some(workers) = config.workers {
        command.env("TOKIO_WORKER_THREADS", workers.to_string());
    }
    let server = Server::spawn(command, &config.log_dir.join("raw-ledger.log"))?;
    Ok(Gateway::raw(server))
}

/// The raw-ledger server process: a store in `dir`, the writer thread, axum.
pub fn serve(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join("raw-ledger.redb");
    let db = Database::create(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (sender, receiver) = crossbeam_channel::bounded::<Posting>(QUEUE_COMMANDS_MAX);
    let stats = Arc::new(Stats::default());
    let writer_stats = stats.clone();
    std::thread::Builder::new()
        .name("raw-ledger-writer".into())
        .spawn(move || write_loop(db, receiver, &writer_stats))
        .map_err(|e| e.to_string())?;
    let shared = Shared {
        sender,
        stats,
        path: Arc::new(path),
    };
    crate::ceilings::serve_child(Router::new().fallback(handle).with_state(shared))
}

async fn handle(
    State(shared): State<Shared>,
    method: Method,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if method == Method::GET {
        return status(&shared);
    }
    let Some(key) = headers.get("idempotency-key").and_then(|v| v.to_str().ok()) else {
        return (StatusCode::BAD_REQUEST, "Idempotency-Key is required").into_response();
    };
    let input: serde_json::Value = match serde_json::from_slice(&body) {
        Ok(value) => value,
        Err(e) => return (StatusCode::BAD_REQUEST, e.to_string()).into_response(),
    };
    let (Some(amount_minor), Some(currency)) =
        (input["amount_minor"].as_i64(), input["currency"].as_str())
    else {
        return (StatusCode::BAD_REQUEST, "amount_minor and currency").into_response();
    };
    let (reply, answer) = oneshot::channel();
    let mut posting = Posting {
        key: key.to_string(),
        amount_minor,
        currency: currency.to_string(),
        reply,
    };
    loop {
        match shared.sender.try_send(posting) {
            Ok(()) => break,
            Err(TrySendError::Full(back)) => {
                posting = back;
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
            Err(TrySendError::Disconnected(_)) => {
                return (StatusCode::INTERNAL_SERVER_ERROR, "writer gone").into_response();
            }
        }
    }
    match answer.await {
        Ok(Ok(body)) => (
            StatusCode::CREATED,
            [(CONTENT_TYPE, "application/json")],
            body,
        )
            .into_response(),
        Ok(Err(e)) => (StatusCode::INTERNAL_SERVER_ERROR, e).into_response(),
        Err(_) => (StatusCode::INTERNAL_SERVER_ERROR, "writer dropped it").into_response(),
    }
}

/// The counters in the shape of the gateway's `GET /v1/status`.
fn status(shared: &Shared) -> Response {
    let stats = &shared.stats;
    let file_bytes = std::fs::metadata(shared.path.as_path()).map_or(0, |m| m.len());
    let body = serde_json::json!({ "store": {
        "writer_batches": stats.batches.load(Ordering::Relaxed),
        "writer_commands": stats.commands.load(Ordering::Relaxed),
        "writer_apply_ms": stats.apply_us.load(Ordering::Relaxed) / 1000,
        "writer_commit_ms": stats.commit_us.load(Ordering::Relaxed) / 1000,
        "file_bytes": file_bytes,
    }});
    (
        StatusCode::OK,
        [(CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

/// Drains ≤ 1024 postings, applies them in one write transaction, commits
/// durably, then replies to each.
fn write_loop(db: Database, receiver: Receiver<Posting>, stats: &Stats) {
    let mut sequence = 0u64;
    while let Ok(first) = receiver.recv() {
        let mut batch = Vec::with_capacity(64);
        batch.push(first);
        while batch.len() < BATCH_COMMANDS_MAX {
            match receiver.try_recv() {
                Ok(posting) => batch.push(posting),
                Err(_) => break,
            }
        }
        stats.batches.fetch_add(1, Ordering::Relaxed);
        stats
            .commands
            .fetch_add(batch.len() as u64, Ordering::Relaxed);
        let answers = commit_batch(&db, &batch, &mut sequence, stats);
        for (posting, answer) in batch.into_iter().zip(answers) {
            let _ = posting.reply.send(answer);
        }
    }
}

fn commit_batch(
    db: &Database,
    batch: &[Posting],
    sequence: &mut u64,
    stats: &Stats,
) -> Vec<Result<Bytes, String>> {
    let fail = |e: String| batch.iter().map(|_| Err(e.clone())).collect();
    let txn = match db.begin_write() {
        Ok(txn) => txn,
        Err(e) => return fail(e.to_string()),
    };
    let began = Instant::now();
    let mut answers = Vec::with_capacity(batch.len());
    for posting in batch {
        *sequence += 1;
        match apply(&txn, posting, *sequence) {
            Ok(answer) => answers.push(Ok(answer)),
            Err(e) => return fail(e),
        }
    }
    let applied = Instant::now();
    let committed = txn.commit();
    stats
        .apply_us
        .fetch_add((applied - began).as_micros() as u64, Ordering::Relaxed);
    stats
        .commit_us
        .fetch_add(applied.elapsed().as_micros() as u64, Ordering::Relaxed);
    match committed {
        Ok(()) => answers,
        Err(e) => fail(e.to_string()),
    }
}

/// One posting: the idempotency row first (a replay answers its body), then
/// the journal entry, both balances, and the idempotency row with the answer.
fn apply(txn: &redb::WriteTransaction, posting: &Posting, sequence: u64) -> Result<Bytes, String> {
    let err = |e: redb::Error| e.to_string();
    let mut idempotency = txn.open_table(IDEMPOTENCY).map_err(|e| err(e.into()))?;
    let key = format!("test|org_bench|{}", posting.key);
    if let Some(stored) = idempotency.get(key.as_str()).map_err(|e| err(e.into()))? {
        return Ok(Bytes::copy_from_slice(stored.value()));
    }
    let id = format!("txn_{sequence:020}");
    let payer = format!(
        "test:payer_{}:{}:available",
        hash(&posting.key) % PAYERS,
        posting.currency
    );
    let merchant = format!("test:org_bench:{}:pending", posting.currency);
    let entry = serde_json::json!({
        "id": id,
        "lines": [
            {"account": payer, "amount_minor": -posting.amount_minor},
            {"account": merchant, "amount_minor": posting.amount_minor},
        ],
        "cause": "payment",
    })
    .to_string();
    txn.open_table(JOURNAL)
        .map_err(|e| err(e.into()))?
        .insert(id.as_str(), entry.as_bytes())
        .map_err(|e| err(e.into()))?;
    let mut balances = txn.open_table(BALANCES).map_err(|e| err(e.into()))?;
    for (account, delta) in [
        (&payer, -posting.amount_minor),
        (&merchant, posting.amount_minor),
    ] {
        let current = balances
            .get(account.as_str())
            .map_err(|e| err(e.into()))?
            .and_then(|v| <[u8; 8]>::try_from(v.value()).ok())
            .map_or(0, i64::from_be_bytes);
        balances
            .insert(account.as_str(), (current + delta).to_be_bytes().as_slice())
            .map_err(|e| err(e.into()))?;
    }
    let answer = format!(
        r#"{{"id":"{id}","object":"posting","amount_minor":{},"currency":"{}","status":"posted"}}"#,
        posting.amount_minor, posting.currency
    );
    idempotency
        .insert(key.as_str(), answer.as_bytes())
        .map_err(|e| err(e.into()))?;
    Ok(Bytes::from(answer))
}

/// FNV-1a: spreads the payers by key without a dependency.
fn hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use redb::ReadableTableMetadata;

    use super::*;

    #[test]
    fn a_posting_is_balanced_and_a_replay_answers_the_stored_body() {
        let dir = tempfile::tempdir().expect("dir");
        let db = Database::create(dir.path().join("l.redb")).expect("db");
        let (reply, _answer) = oneshot::channel();
        let posting = Posting {
            key: "k1".into(),
            amount_minor: 1000,
            currency: "CDF".into(),
            reply,
        };
        let txn = db.begin_write().expect("txn");
        let first = apply(&txn, &posting, 1).expect("first");
        let again = apply(&txn, &posting, 2).expect("again");
        assert_eq!(first, again);
        let balances = txn.open_table(BALANCES).expect("balances");
        let sum: i64 = balances
            .iter()
            .expect("iter")
            .map(|row| {
                let (_, v) = row.expect("row");
                i64::from_be_bytes(v.value().try_into().expect("8 bytes"))
            })
            .sum();
        assert_eq!(sum, 0);
        assert_eq!(balances.len().expect("len"), 2);
    }
}
