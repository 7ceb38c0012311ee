//! The two ceilings the gateway is compared with, measured on this machine in
//! the same run:
//!
//! - `raw-commit`: the gateway's group-commit shape straight on redb, no HTTP:
//!   client tasks send commands through a bounded channel to one writer thread
//!   that drains up to 1024 per write transaction, inserts the rows a create
//!   writes (same tables, counts and sizes, measured from a real store by
//!   [`create_shape`]), commits durably, then replies.
//! - `raw-http`: axum on hyper with the gateway's tokio setup, answering a fixed
//!   JSON body the size of an intent response, no store. It runs as a child
//!   process (`paygate-bench raw-http-server`) like the gateway.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use axum::Router;
use axum::http::header::CONTENT_TYPE;
use axum::response::IntoResponse;
use crossbeam_channel::{Receiver, TrySendError};
use redb::{Database, ReadableDatabase, ReadableTable, TableDefinition, TableHandle};
use tokio::sync::oneshot;

use crate::gateway::{GatewayConfig, Server};
use crate::load::{self, LoadResult};

/// The gateway's writer limits (`src/store/writer.rs`).
const BATCH_COMMANDS_MAX: usize = 1024;
const QUEUE_COMMANDS_MAX: usize = 8192;

/// Every paygate table maps `&str` to bytes.
fn def(name: &str) -> TableDefinition<'_, &'static str, &'static [u8]> {
    TableDefinition::new(name)
}

/// Rows, key bytes and value bytes of one table.
#[derive(Clone, Copy, Default, Debug)]
pub struct TableSize {
    pub rows: u64,
    pub key_bytes: u64,
    pub value_bytes: u64,
}

/// Every table of a redb store (all of paygate's map `&str` to bytes).
pub fn table_sizes(store: &Path) -> Result<BTreeMap<String, TableSize>, String> {
    let db = Database::open(store).map_err(|e| format!("{}: {e}", store.display()))?;
    let txn = db.begin_read().map_err(|e| e.to_string())?;
    let mut sizes = BTreeMap::new();
    for handle in txn.list_tables().map_err(|e| e.to_string())? {
        let name = handle.name().to_string();
        let table = txn
            .open_table(def(&name))
            .map_err(|e| format!("{name}: {e}"))?;
        let mut size = TableSize::default();
        for row in table.iter().map_err(|e| e.to_string())? {
            let (k, v) = row.map_err(|e| e.to_string())?;
            size.rows += 1;
            size.key_bytes += k.value().len() as u64;
            size.value_bytes += v.value().len() as u64;
        }
        sizes.insert(name, size);
    }
    Ok(sizes)
}

/// One row a command inserts.
#[derive(Clone, Debug)]
pub struct Insert {
    pub table: String,
    pub key_bytes: usize,
    pub value_bytes: usize,
}

/// What one command writes, per table, sorted by table (as the gateway flushes).
#[derive(Clone, Debug, Default)]
pub struct Shape {
    pub inserts: Vec<Insert>,
}

impl Shape {
    pub fn bytes(&self) -> usize {
        self.inserts
            .iter()
            .map(|i| i.key_bytes + i.value_bytes)
            .sum()
    }

    pub fn describe(&self) -> String {
        self.inserts
            .iter()
            .map(|i| format!("{} {}+{} B", i.table, i.key_bytes, i.value_bytes))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The rows `commands` creates added to each table, per create.
pub fn create_shape(
    before: &BTreeMap<String, TableSize>,
    after: &BTreeMap<String, TableSize>,
    commands: u64,
) -> Shape {
    let mut inserts = Vec::new();
    for (table, a) in after {
        let b = before.get(table).copied().unwrap_or_default();
        let rows = a.rows.saturating_sub(b.rows);
        if rows == 0 {
            continue;
        }
        let per_command = (rows as f64 / commands.max(1) as f64).round() as usize;
        let key_bytes = (a.key_bytes.saturating_sub(b.key_bytes) / rows) as usize;
        let value_bytes = (a.value_bytes.saturating_sub(b.value_bytes) / rows) as usize;
        for _ in 0..per_command {
            inserts.push(Insert {
                table: table.clone(),
                key_bytes,
                value_bytes,
            });
        }
    }
    Shape { inserts }
}

/// What the raw-commit loop did.
pub struct RawCommit {
    pub load: LoadResult,
    pub batches: u64,
    pub commands: u64,
    pub file_bytes: u64,
    pub time: crate::report::WriterTime,
}

struct RawCommand {
    reply: oneshot::Sender<Result<(), String>>,
}

/// Where the raw writer puts a batch.
enum Sink {
    /// Inserts the shape's rows into redb and commits durably: `raw-commit`.
    Redb(Database),
    /// Appends the shape's key and value bytes to one file and syncs it
    /// (`fdatasync`): `raw-append`, the floor of a write-ahead log's commit.
    Append(std::fs::File),
}

/// Runs the raw-commit ceiling for `duration` with `clients` tasks, on a store
/// created in `dir`.
pub async fn raw_commit(
    shape: &Shape,
    dir: &Path,
    clients: usize,
    duration: Duration,
) -> Result<RawCommit, String> {
    let path = dir.join("raw-commit.redb");
    let db = Database::create(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    raw_loop(shape, Sink::Redb(db), &path, clients, duration).await
}

/// Runs the raw-append ceiling (issue 49): the raw-commit loop, each batch
/// appended to a log file and synced instead of committed to redb.
pub async fn raw_append(
    shape: &Shape,
    dir: &Path,
    clients: usize,
    duration: Duration,
) -> Result<RawCommit, String> {
    let path = dir.join("raw-append.log");
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    raw_loop(shape, Sink::Append(file), &path, clients, duration).await
}

async fn raw_loop(
    shape: &Shape,
    sink: Sink,
    path: &Path,
    clients: usize,
    duration: Duration,
) -> Result<RawCommit, String> {
    let (sender, receiver) = crossbeam_channel::bounded::<RawCommand>(QUEUE_COMMANDS_MAX);
    let shape_for_writer = shape.clone();
    let writer = std::thread::Builder::new()
        .name("raw-writer".into())
        .spawn(move || write_loop(sink, shape_for_writer, receiver))
        .map_err(|e| e.to_string())?;
    let started = Instant::now();
    let deadline = started + duration;
    let mut tasks = Vec::with_capacity(clients);
    for _ in 0..clients {
        let sender = sender.clone();
        tasks.push(tokio::spawn(async move {
            let mut latency = load::new_histogram();
            let (mut ok, mut failed, mut first_error) = (0u64, 0u64, None);
            while Instant::now() < deadline {
                let (reply, answer) = oneshot::channel();
                let began = Instant::now();
                let mut command = RawCommand { reply };
                loop {
                    match sender.try_send(command) {
                        Ok(()) => break,
                        Err(TrySendError::Full(back)) => {
                            command = back;
                            tokio::time::sleep(Duration::from_millis(2)).await;
                        }
                        Err(TrySendError::Disconnected(_)) => {
                            return (ok, failed + 1, latency, first_error);
                        }
                    }
                }
                match answer.await {
                    Ok(Ok(())) => {
                        ok += 1;
                        let micros = began.elapsed().as_micros() as u64;
                        latency.saturating_record(micros.max(1));
                    }
                    Ok(Err(e)) => {
                        failed += 1;
                        first_error.get_or_insert(e);
                    }
                    Err(_) => {
                        failed += 1;
                        first_error.get_or_insert_with(|| "writer dropped a command".to_string());
                    }
                }
            }
            (ok, failed, latency, first_error)
        }));
    }
    drop(sender);
    let mut load = LoadResult {
        ok: 0,
        non_2xx: 0,
        transport_errors: 0,
        elapsed: Duration::ZERO,
        latency: load::new_histogram(),
        created_ids: Vec::new(),
        first_error: None,
    };
    for task in tasks {
        let (ok, failed, latency, first_error) = task.await.map_err(|e| e.to_string())?;
        load.ok += ok;
        load.non_2xx += failed;
        let _ = load.latency.add(&latency);
        load.first_error = load.first_error.or(first_error);
    }
    load.elapsed = started.elapsed();
    let (batches, commands, time) = writer.join().map_err(|_| "the raw writer panicked")?;
    let file_bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    Ok(RawCommit {
        load,
        batches,
        commands,
        file_bytes,
        time,
    })
}

/// The writer thread: drain ≤ 1024, one write transaction, insert the shape's
/// rows for each command, commit (durable), reply. Ends when every sender is gone.
fn write_loop(
    mut sink: Sink,
    shape: Shape,
    receiver: Receiver<RawCommand>,
) -> (u64, u64, crate::report::WriterTime) {
    let value = vec![
        b'x';
        shape
            .inserts
            .iter()
            .map(|i| i.value_bytes)
            .max()
            .unwrap_or(0)
    ];
    let (mut batches, mut commands, mut sequence) = (0u64, 0u64, 0u64);
    let mut time = crate::report::WriterTime::default();
    while let Ok(first) = receiver.recv() {
        let mut batch = Vec::with_capacity(64);
        batch.push(first);
        while batch.len() < BATCH_COMMANDS_MAX {
            match receiver.try_recv() {
                Ok(command) => batch.push(command),
                Err(_) => break,
            }
        }
        batches += 1;
        commands += batch.len() as u64;
        let result = match &mut sink {
            Sink::Redb(db) => {
                commit_batch(db, &shape, &value, batch.len(), &mut sequence, &mut time)
            }
            Sink::Append(file) => {
                append_batch(file, &shape, &value, batch.len(), &mut sequence, &mut time)
            }
        };
        for command in batch {
            let _ = command.reply.send(result.clone());
        }
    }
    (batches, commands, time)
}

fn commit_batch(
    db: &Database,
    shape: &Shape,
    value: &[u8],
    commands: usize,
    sequence: &mut u64,
    time: &mut crate::report::WriterTime,
) -> Result<(), String> {
    let txn = db.begin_write().map_err(|e| e.to_string())?;
    let began = Instant::now();
    for _ in 0..commands {
        // Like the gateway's `Tx::flush`: each table opened once per command.
        let mut open: Option<(&str, redb::Table<'_, &str, &[u8]>)> = None;
        for insert in &shape.inserts {
            if open.as_ref().map(|(name, _)| *name) != Some(insert.table.as_str()) {
                let table = txn
                    .open_table(def(&insert.table))
                    .map_err(|e| e.to_string())?;
                open = Some((insert.table.as_str(), table));
            }
            let Some((_, table)) = open.as_mut() else {
                continue;
            };
            *sequence += 1;
            let key = format!("{:0width$}", *sequence, width = insert.key_bytes.max(1));
            table
                .insert(key.as_str(), &value[..insert.value_bytes])
                .map_err(|e| e.to_string())?;
        }
    }
    let applied = Instant::now();
    let committed = txn.commit().map_err(|e| e.to_string());
    time.apply_us += (applied - began).as_micros() as u64;
    time.commit_us += applied.elapsed().as_micros() as u64;
    committed
}

/// The batch's rows (key and value bytes, as the shape gives them) appended
/// to `file` in one write, then `fdatasync`.
fn append_batch(
    file: &mut std::fs::File,
    shape: &Shape,
    value: &[u8],
    commands: usize,
    sequence: &mut u64,
    time: &mut crate::report::WriterTime,
) -> Result<(), String> {
    use std::io::Write;
    let began = Instant::now();
    let mut record = Vec::new();
    for _ in 0..commands {
        for insert in &shape.inserts {
            *sequence += 1;
            let key = format!("{:0width$}", *sequence, width = insert.key_bytes.max(1));
            record.extend_from_slice(key.as_bytes());
            record.extend_from_slice(&value[..insert.value_bytes]);
        }
    }
    let applied = Instant::now();
    let written = file
        .write_all(&record)
        .and_then(|()| file.sync_data())
        .map_err(|e| e.to_string());
    time.apply_us += (applied - began).as_micros() as u64;
    time.commit_us += applied.elapsed().as_micros() as u64;
    written
}

/// A JSON object of exactly `bytes` bytes (at least the fixed part).
pub fn fixed_body(bytes: usize) -> Vec<u8> {
    let head = r#"{"id":"pi_bench","object":"payment_intent","padding":""#;
    let tail = r#""}"#;
    let padding = bytes.saturating_sub(head.len() + tail.len());
    format!("{head}{}{tail}", "x".repeat(padding)).into_bytes()
}

/// Starts `paygate-bench raw-http-server` as a child process.
pub fn start_raw_http(config: &GatewayConfig, body_bytes: usize) -> Result<Server, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut command = Command::new(exe);
    command
        .arg("raw-http-server")
        .args(["--body-bytes", &body_bytes.to_string()]);
    if let Some(workers) = config.workers {
        command.env("TOKIO_WORKER_THREADS", workers.to_string());
    }
    Server::spawn(command, &config.log_dir.join("raw-http.log"))
}

/// The raw-http server process: the gateway's runtime setup (tokio
/// multi-thread with default workers), axum, a fixed body for every request.
pub fn serve_raw_http(body_bytes: usize) -> Result<(), String> {
    let body = bytes::Bytes::from(fixed_body(body_bytes));
    let answer = move || {
        let body = body.clone();
        async move { ([(CONTENT_TYPE, "application/json")], body).into_response() }
    };
    serve_child(Router::new().fallback(answer))
}

/// Serves `app` in a ceiling's child process as the gateway serves its own
/// (tokio multi-thread with default workers, axum) on a free local port, and
/// prints the ready line the bench waits for, like the gateway's.
pub fn serve_child(app: Router) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .map_err(|e| e.to_string())?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        println!(
            "{}",
            serde_json::json!({ "ready": true, "listen": local.to_string() })
        );
        axum::serve(listener, app).await.map_err(|e| e.to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_body_has_the_asked_size_and_is_json() {
        let body = fixed_body(1500);
        assert_eq!(body.len(), 1500);
        assert!(serde_json::from_slice::<serde_json::Value>(&body).is_ok());
    }

    #[test]
    fn shape_is_the_per_command_difference() {
        let mut before = BTreeMap::new();
        before.insert(
            "objects".to_string(),
            TableSize {
                rows: 2,
                key_bytes: 20,
                value_bytes: 200,
            },
        );
        let mut after = before.clone();
        after.insert(
            "objects".to_string(),
            TableSize {
                rows: 12,
                key_bytes: 320,
                value_bytes: 15_200,
            },
        );
        after.insert(
            "timers".to_string(),
            TableSize {
                rows: 10,
                key_bytes: 500,
                value_bytes: 1_000,
            },
        );
        let shape = create_shape(&before, &after, 10);
        assert_eq!(shape.inserts.len(), 2);
        assert_eq!(shape.inserts[0].key_bytes, 30);
        assert_eq!(shape.inserts[0].value_bytes, 1500);
        assert_eq!(shape.inserts[1].table, "timers");
    }
}
