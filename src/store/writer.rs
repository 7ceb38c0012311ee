//! The ledger writer: the one thread that changes the store.
//!
//! Handlers send a [`Command`] (a closure over a [`Tx`]) through a bounded
//! channel and await the reply. The writer drains whatever is queued (up to
//! [`BATCH_COMMANDS_MAX`]), applies each command in turn inside ONE redb write
//! transaction, commits once (durable: one fsync for the whole batch), and only
//! then replies. This is group commit; serializability comes from the single
//! thread. A command that fails leaves nothing (see [`Tx`]); if the commit
//! itself fails, every command of the batch is answered with an error and
//! nothing of the batch is visible.
//!
//! The idempotency record of a request is written by the writer in the same
//! transaction as the command's effects, and looked up there first: two
//! requests with one key can never both execute, even in one batch.

use std::borrow::Cow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock};
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender, TrySendError};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use serde::{Deserialize, Serialize};
use tokio::sync::{Notify, oneshot};

use super::tx::{Emitted, OpenTables, Tables};
use super::{Backend, Read, Store, StoreError, Table, Tx};
use crate::clock::SharedClock;
use crate::error::{ApiError, Code};

/// Commands applied in one write transaction at most.
pub const BATCH_COMMANDS_MAX: usize = 1024;
/// Commands waiting for the writer at most; beyond it senders wait.
pub const QUEUE_COMMANDS_MAX: usize = 8192;
/// How long a request waits for room in the queue before it gets `overloaded`.
pub const QUEUE_WAIT_MAX: Duration = Duration::from_secs(5);
/// Idempotency records live this long (spec section 8).
pub const IDEMPOTENCY_TTL_MS: i64 = 24 * 60 * 60 * 1000;

/// What a command produced: the HTTP status and the rendered JSON body, kept
/// byte for byte in the idempotency record.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Output {
    pub status: u16,
    /// Kept as text in the idempotency record: a JSON array of byte values
    /// would store four times as much.
    #[serde(with = "body_text")]
    pub body: Vec<u8>,
    /// The stored body is encrypted under the master key (`secrets.rs`): true
    /// for every record written now (see [`Output::for_storage`]); records of
    /// older versions kept bodies without a secret in clear.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sealed: bool,
}

/// Where most of a stored answer's bytes are: in the object of an event the
/// same command emitted (a create answers the object its `.created` event
/// carries, with the client secret). Events are never deleted, so the
/// reference outlives the record's 24 h. The record's own body is sealed: it
/// holds what differs, such as a secret shown once.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct SharedBytes {
    pub event: String,
    /// Records written before decision 590: the answer is the object's first
    /// `prefix` bytes, then the record's body, then the object's last
    /// `suffix` bytes.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub prefix: usize,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub suffix: usize,
    /// The record's body is a delta of the answer against the object
    /// (`codec::delta`): a difference in the middle of the object (a page
    /// token shown) no longer makes everything after it differ.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub delta: bool,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// An answer shares an event's bytes when that saves at least this many (a
/// reference costs about a hundred bytes of record), however much of the
/// answer differs: a payment confirmed at creation answers its object one
/// status on from its last event, and with the client secret.
const SHARED_BYTES_MIN: usize = 128;

/// The object of a stored event, borrowed as its bytes.
#[derive(Deserialize)]
struct EventObject<'a> {
    #[serde(borrow)]
    object: &'a serde_json::value::RawValue,
}

/// Lengths of the longest common prefix of `a` and `b`, and of their longest
/// common suffix within what the prefix leaves of the shorter one.
fn overlap(a: &[u8], b: &[u8]) -> (usize, usize) {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let room = a.len().min(b.len()) - prefix;
    let suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take(room)
        .take_while(|(x, y)| x == y)
        .count();
    (prefix, suffix)
}

/// Serialises a response body as a string (UTF-8 JSON, which every body is),
/// falling back to base64 behind a `base64:` marker for anything else.
mod body_text {
    use base64::Engine;
    use base64::engine::general_purpose::STANDARD;
    use serde::{Deserialize, Deserializer, Serializer};

    const MARKER: &str = "base64:";

    pub fn serialize<S: Serializer>(body: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
        match std::str::from_utf8(body) {
            Ok(text) if !text.starts_with(MARKER) => serializer.serialize_str(text),
            _ => serializer.serialize_str(&format!("{MARKER}{}", STANDARD.encode(body))),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
        let text = String::deserialize(deserializer)?;
        match text.strip_prefix(MARKER) {
            Some(encoded) => STANDARD.decode(encoded).map_err(serde::de::Error::custom),
            None => Ok(text.into_bytes()),
        }
    }
}

impl Output {
    pub fn json<T: Serialize>(status: u16, value: &T) -> Result<Output, ApiError> {
        let body = serde_json::to_vec(value).map_err(ApiError::internal)?;
        Ok(Output {
            status,
            body,
            sealed: false,
        })
    }

    pub fn empty() -> Output {
        Output {
            status: 204,
            body: Vec::new(),
            sealed: false,
        }
    }

    /// The form kept in an idempotency record: always sealed, since answers
    /// other than those that show a secret once carry secrets too (a payment
    /// intent's client secret), so no stored answer is kept in clear. When
    /// most of the answer is the object of an event of the same command (it
    /// is, for creates and most changes), only what differs is kept, with a
    /// reference to the event: one copy of the object's bytes, not three
    /// (decision 225).
    fn for_storage(&self, emitted: &[Emitted]) -> (Output, Option<SharedBytes>) {
        let best = emitted
            .iter()
            .map(|e| (e, overlap(&self.body, &e.object)))
            .max_by_key(|(_, (prefix, suffix))| prefix + suffix);
        // A delta is kept when it saves more than the reference costs;
        // records written before decision 590 kept a prefix and a suffix,
        // which `SharedBytes::around` still reads.
        let delta = best.and_then(|(e, _)| {
            let frame = super::codec::delta(&e.object, &self.body)?;
            (frame.len() + SHARED_BYTES_MIN <= self.body.len()).then(|| {
                let shared = SharedBytes {
                    event: e.event.clone(),
                    prefix: 0,
                    suffix: 0,
                    delta: true,
                };
                (Cow::Owned(frame), Some(shared))
            })
        });
        let (kept, shared) = delta.unwrap_or((Cow::Borrowed(&self.body[..]), None));
        let output = Output {
            status: self.status,
            body: crate::secrets::seal(&kept).into_bytes(),
            sealed: true,
        };
        (output, shared)
    }

    /// The answer from a stored form (and the event it shares bytes with).
    fn opened(&self, shared: Option<&SharedBytes>, read: &impl Read) -> Result<Output, ApiError> {
        let mut output = self.clone();
        if output.sealed {
            output.body =
                crate::secrets::open(&String::from_utf8_lossy(&self.body)).ok_or_else(|| {
                    ApiError::internal(
                        "a sealed idempotent answer does not open with this master key",
                    )
                })?;
            output.sealed = false;
        }
        if let Some(shared) = shared {
            output.body = shared.around(&output.body, read)?;
        }
        Ok(output)
    }
}

impl SharedBytes {
    /// The whole answer, from the event's object and the record's body
    /// (`middle`: a delta, or what sits between the prefix and the suffix).
    fn around(&self, middle: &[u8], read: &impl Read) -> Result<Vec<u8>, ApiError> {
        let event = read.get(Table::Events, &self.event)?.ok_or_else(|| {
            ApiError::internal("the event an idempotent answer shares bytes with is missing")
        })?;
        let stored: EventObject<'_> = serde_json::from_slice(&event).map_err(ApiError::internal)?;
        let object = stored.object.get().as_bytes();
        if self.delta {
            return super::codec::undelta(object, middle).map_err(ApiError::internal);
        }
        if self.prefix + self.suffix > object.len() {
            return Err(ApiError::internal(
                "an idempotent answer shares more bytes than its event holds",
            ));
        }
        let mut body = Vec::with_capacity(self.prefix + middle.len() + self.suffix);
        body.extend_from_slice(&object[..self.prefix]);
        body.extend_from_slice(middle);
        body.extend_from_slice(&object[object.len() - self.suffix..]);
        Ok(body)
    }
}

/// The writer's answer to one command.
#[derive(Debug, Clone)]
pub struct Reply {
    pub output: Output,
    /// True when the output is the stored answer of an earlier request.
    pub replayed: bool,
}

/// The idempotency side of a command: where its record lives and what must match.
#[derive(Debug, Clone)]
pub struct IdempotencyClaim {
    /// `<mode>|<owner>|<key>`: keys are scoped per account and mode.
    pub storage_key: String,
    /// Who presents the key ([`crate::auth::Principal::idempotency_principal`]):
    /// only the same principal is answered from the record.
    pub principal: String,
    /// `POST /payment_intents/pi_x/capture`, without the version prefix.
    pub endpoint: String,
    /// Keyed digest of the canonical body (`http::gate::fingerprint`).
    pub fingerprint: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct IdempotencyRecord {
    /// Who made the request; empty in records written before principals were
    /// kept, which then answer nobody (a retry gets 409, never another's body).
    #[serde(default)]
    pub principal: String,
    pub endpoint: String,
    pub fingerprint: String,
    pub created_at_ms: i64,
    pub output: Output,
    /// Set when `output.body` is only what differs from an event's object.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shared: Option<SharedBytes>,
}

impl IdempotencyRecord {
    pub fn is_live(&self, now_ms: i64) -> bool {
        now_ms - self.created_at_ms < IDEMPOTENCY_TTL_MS
    }

    /// The answer to a request that presents this record's key (`read`
    /// holds the event the answer may share bytes with).
    pub fn answer(&self, claim: &IdempotencyClaim, read: &impl Read) -> Result<Reply, ApiError> {
        // Constant time: the principal is not secret, but this keeps the rule
        // that comparisons on the authorization path leak nothing.
        let same_principal: bool =
            subtle::ConstantTimeEq::ct_eq(self.principal.as_bytes(), claim.principal.as_bytes())
                .into();
        if !same_principal || self.principal.is_empty() {
            return Err(ApiError::new(
                Code::IdempotencyKeyReused,
                "this Idempotency-Key was used by another API key or team member within 24 hours; \
                 use a new key",
            ));
        }
        if self.endpoint != claim.endpoint {
            return Err(ApiError::new(
                Code::IdempotencyKeyReused,
                format!(
                    "this Idempotency-Key was used on {} within 24 hours; use a new key for {}",
                    self.endpoint, claim.endpoint
                ),
            )
            .with_detail("endpoint", self.endpoint.as_str()));
        }
        if self.fingerprint != claim.fingerprint {
            return Err(ApiError::new(
                Code::IdempotencyKeyReused,
                "this Idempotency-Key was used with a different request body within 24 hours; \
                 use a new key for a new request",
            ));
        }
        Ok(Reply {
            output: self.output.opened(self.shared.as_ref(), read)?,
            replayed: true,
        })
    }
}

pub type Work = Box<dyn FnOnce(&mut Tx<'_>) -> Result<Output, ApiError> + Send>;

/// Makes a command's work again: on PostgreSQL a batch that met another
/// node's batch on a row is rolled back and run again whole
/// (`store::pg::batch`), and each of its commands needs its work afresh.
pub type Remake = Box<dyn Fn() -> Work + Send>;

pub struct Command {
    work: Work,
    /// `None` for work that can run only once (the simulator's, which runs
    /// on redb only): a PostgreSQL batch that must run again fails it.
    remake: Option<Remake>,
    claim: Option<IdempotencyClaim>,
    reply: oneshot::Sender<Result<Reply, ApiError>>,
}

/// Counters for benchmarks and `/status`.
#[derive(Default)]
pub struct WriterStats {
    pub batches: AtomicU64,
    pub commands: AtomicU64,
    pub failed_commands: AtomicU64,
    pub batch_commands_max: AtomicU64,
    /// Microseconds spent applying commands (their work and the flush of
    /// their writes into the transaction): the writer's CPU per command.
    pub apply_us: AtomicU64,
    /// Microseconds spent in commit (writing pages, one fsync).
    pub commit_us: AtomicU64,
    /// The longest one command took to apply (its work and its flush) since
    /// start, in microseconds: how long the writer was held at a time (the
    /// settlement bench reads it around a cycle's close and pay).
    pub command_us_max: AtomicU64,
    /// PostgreSQL: runs of batches rolled back because another node's batch
    /// held a lock they needed (each ran again).
    pub contended_runs: AtomicU64,
}

/// The writer's figures that `/metrics` exports as histograms and a counter.
/// The store counts them and `metrics` registers and reads them, so the store
/// never names the metrics layer above it. One set per process, as the
/// registry that exports them is one.
pub struct WriterFigures {
    pub batch_commands: Histogram,
    pub apply_seconds: Histogram,
    pub commit_seconds: Histogram,
    pub overloaded: Counter,
}

pub static FIGURES: LazyLock<WriterFigures> = LazyLock::new(|| WriterFigures {
    // 1 to 1024 commands (BATCH_COMMANDS_MAX).
    batch_commands: Histogram::new(exponential_buckets(1.0, 2.0, 11)),
    // 100 µs to about 1.6 s.
    apply_seconds: Histogram::new(exponential_buckets(0.000_1, 2.0, 15)),
    commit_seconds: Histogram::new(exponential_buckets(0.000_1, 2.0, 15)),
    overloaded: Counter::default(),
});

/// The writer applied and committed one batch.
pub fn writer_batch(commands: usize, apply: Duration, commit: Duration) {
    let f = &*FIGURES;
    f.batch_commands.observe(commands as f64);
    f.apply_seconds.observe(apply.as_secs_f64());
    f.commit_seconds.observe(commit.as_secs_f64());
}

/// A request was refused with `overloaded`.
pub fn writer_overloaded() {
    FIGURES.overloaded.inc();
}

/// The handle requests use to reach the writer thread. Cheap to clone.
#[derive(Clone)]
pub struct Writer {
    sender: Sender<Command>,
    pub stats: Arc<WriterStats>,
}

/// Woken after every commit: the webhook dispatcher and the scheduler wait on it.
pub type CommitSignal = Arc<Notify>;

impl Writer {
    /// Starts the writer thread. It runs until every [`Writer`] handle is dropped,
    /// finishing the commands already queued.
    pub fn start(
        store: Store,
        clock: SharedClock,
        committed: Vec<CommitSignal>,
    ) -> Result<(Writer, std::thread::JoinHandle<()>), StoreError> {
        let (sender, receiver) = crossbeam_channel::bounded(QUEUE_COMMANDS_MAX);
        let stats = Arc::new(WriterStats::default());
        let thread_stats = stats.clone();
        let handle = std::thread::Builder::new()
            .name("ledger-writer".into())
            .spawn(move || run(store, clock, receiver, committed, thread_stats))
            .map_err(|e| StoreError::Engine(format!("cannot start the writer thread: {e}")))?;
        Ok((Writer { sender, stats }, handle))
    }

    /// Applies `work` (with its idempotency claim) durably and returns its
    /// output; work that can run only once (on PostgreSQL its batch runs
    /// alone).
    #[cfg(test)]
    pub async fn execute(
        &self,
        claim: Option<IdempotencyClaim>,
        work: Work,
    ) -> Result<Reply, ApiError> {
        self.send(claim, work, None).await
    }

    /// [`Writer::execute`] for work that can be made again (its captures
    /// are `Clone`): a PostgreSQL batch rolled back on a conflict with
    /// another node's runs it again rather than failing it.
    pub async fn execute_again<F>(
        &self,
        claim: Option<IdempotencyClaim>,
        work: F,
    ) -> Result<Reply, ApiError>
    where
        F: FnOnce(&mut Tx<'_>) -> Result<Output, ApiError> + Clone + Send + 'static,
    {
        let first: Work = Box::new(work.clone());
        let remake: Remake = Box::new(move || Box::new(work.clone()) as Work);
        self.send(claim, first, Some(remake)).await
    }

    async fn send(
        &self,
        claim: Option<IdempotencyClaim>,
        work: Work,
        remake: Option<Remake>,
    ) -> Result<Reply, ApiError> {
        let (reply, answer) = oneshot::channel();
        let mut command = Command {
            work,
            remake,
            claim,
            reply,
        };
        let deadline = Instant::now() + QUEUE_WAIT_MAX;
        loop {
            match self.sender.try_send(command) {
                Ok(()) => break,
                Err(TrySendError::Full(back)) if Instant::now() < deadline => {
                    command = back;
                    tokio::time::sleep(Duration::from_millis(2)).await;
                }
                Err(TrySendError::Full(_)) => {
                    writer_overloaded();
                    return Err(ApiError::new(
                        Code::Overloaded,
                        "the ledger writer is saturated; nothing was written, retry with the same Idempotency-Key",
                    ));
                }
                Err(TrySendError::Disconnected(_)) => {
                    return Err(ApiError::internal("the ledger writer has stopped"));
                }
            }
        }
        answer
            .await
            .unwrap_or_else(|_| Err(ApiError::internal("the ledger writer dropped a command")))
    }

    /// Commands waiting for the writer now (`/metrics`).
    pub fn queue_len(&self) -> usize {
        self.sender.len()
    }

    /// Convenience for commands with no idempotency and a value result.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut Tx<'_>) -> Result<T, ApiError> + Clone + Send + 'static,
    ) -> Result<T, ApiError> {
        let slot = Arc::new(std::sync::Mutex::new(None));
        let out = slot.clone();
        self.execute_again(None, move |tx| {
            let value = work(tx)?;
            *out.lock().unwrap_or_else(|e| e.into_inner()) = Some(value);
            Ok(Output::empty())
        })
        .await?;
        let value = slot.lock().unwrap_or_else(|e| e.into_inner()).take();
        value.ok_or_else(|| ApiError::internal("command produced no value"))
    }
}

fn run(
    store: Store,
    clock: SharedClock,
    receiver: Receiver<Command>,
    committed: Vec<CommitSignal>,
    stats: Arc<WriterStats>,
) {
    while let Ok(first) = receiver.recv() {
        let mut batch = Vec::with_capacity(64);
        batch.push(first);
        while batch.len() < BATCH_COMMANDS_MAX {
            match receiver.try_recv() {
                Ok(command) => batch.push(command),
                Err(_) => break,
            }
        }
        stats.batches.fetch_add(1, Ordering::Relaxed);
        stats
            .commands
            .fetch_add(batch.len() as u64, Ordering::Relaxed);
        stats
            .batch_commands_max
            .fetch_max(batch.len() as u64, Ordering::Relaxed);
        let now_ms = clock.now_ms();
        let replies = apply_batch(&store, now_ms, &mut batch, &stats);
        for (command, result) in batch.into_iter().zip(replies) {
            // The requester may have gone away; its write stands all the same.
            let _ = command.reply.send(result);
        }
        for signal in &committed {
            signal.notify_one();
        }
    }
}

/// Applies `commands` (each its idempotency claim and its work) as one batch
/// on the caller's thread, through the very code the writer thread runs
/// ([`apply_batch`]): for the simulator (`src/sim/`), whose runs must not
/// depend on thread timing. Returns one result per command, in order.
pub fn apply_now(
    store: &Store,
    now_ms: i64,
    commands: Vec<(Option<IdempotencyClaim>, Work)>,
) -> Vec<Result<Reply, ApiError>> {
    let mut batch: Vec<Command> = commands
        .into_iter()
        .map(|(claim, work)| Command {
            work,
            remake: None,
            claim,
            // Nobody awaits it: the results are returned.
            reply: oneshot::channel().0,
        })
        .collect();
    apply_batch(store, now_ms, &mut batch, &WriterStats::default())
}

/// Applies every command of `batch` in one transaction and commits. Returns one
/// result per command, in order.
///
/// On a store file the batch's rows are first made durable in the
/// write-ahead log ([`super::wal`]), then committed to redb without an
/// fsync (durably only when a checkpoint is due); in memory, redb's commit
/// is all there is.
fn apply_batch(
    store: &Store,
    now_ms: i64,
    batch: &mut [Command],
    stats: &WriterStats,
) -> Vec<Result<Reply, ApiError>> {
    let fail_all = |error: ApiError, n: usize| (0..n).map(|_| Err(error.clone())).collect();
    let db = match &store.backend {
        Backend::Redb(db) => db,
        Backend::Postgres(pg) => return apply_batch_postgres(store, pg, now_ms, batch, stats),
    };
    let mut txn = match db.begin_write() {
        Ok(txn) => txn,
        Err(e) => return fail_all(ApiError::internal(format!("begin_write: {e}")), batch.len()),
    };
    let began = Instant::now();
    let tables = OpenTables::new(&txn);
    let applied = apply_commands(&tables, now_ms, batch, stats);
    // The tables write their roots back into the transaction as they close.
    drop(tables);
    let Applied {
        results,
        written,
        rows,
    } = match applied {
        Ok(applied) => applied,
        Err(e) => {
            drop(txn);
            return fail_all(ApiError::internal(e), batch.len());
        }
    };
    let applied = Instant::now();
    let logged = match log_batch(store, &mut txn, &rows) {
        Ok(logged) => logged,
        Err(e) => {
            drop(txn);
            return fail_all(ApiError::internal(e), batch.len());
        }
    };
    let committed = txn.commit();
    stats
        .apply_us
        .fetch_add(micros(applied - began), Ordering::Relaxed);
    stats
        .commit_us
        .fetch_add(micros(applied.elapsed()), Ordering::Relaxed);
    writer_batch(batch.len(), applied - began, applied.elapsed());
    match committed {
        Ok(()) => {
            if let (Some(wal), Logged::Checkpoint(seq)) = (&store.wal, logged) {
                lock(wal).checkpointed(seq);
            }
            // Before any answer: a request that starts after one sees the
            // new generation, and with it a fresh read (see `Store::generation`).
            store.committed(written);
            results
        }
        Err(e) => {
            if let Some(wal) = &store.wal {
                // The batch is durable in the log but not in redb: only a
                // restart's replay may put it in, before anything after it.
                lock(wal).fail(format!("redb commit: {e}"));
            }
            fail_all(ApiError::internal(format!("commit: {e}")), batch.len())
        }
    }
}

/// How a batch's redb commit is made durable.
enum Logged {
    /// By redb's own commit (a store without a log: in memory, the simulator's disk).
    Redb,
    /// By its record in the log; redb commits without an fsync.
    Log,
    /// By its record, and redb commits durably: a checkpoint of this batch.
    Checkpoint(u64),
}

/// Appends the batch's `rows` to the store's log, if it has one, and sets
/// how `txn` commits.
fn log_batch(
    store: &Store,
    txn: &mut redb::WriteTransaction,
    rows: &[super::wal::Written],
) -> Result<Logged, StoreError> {
    let durability = |txn: &mut redb::WriteTransaction, durability| {
        txn.set_durability(durability)
            .map_err(StoreError::from_redb)
    };
    let Some(wal) = &store.wal else {
        return Ok(Logged::Redb);
    };
    if rows.is_empty() {
        // Nothing written: nothing to make durable.
        durability(txn, redb::Durability::None)?;
        return Ok(Logged::Log);
    }
    let mut wal = lock(wal);
    let seq = wal.append(rows)?;
    super::wal::record_applied(txn, seq)?;
    if wal.checkpoint_due() {
        super::wal::quick_repair(txn);
        return Ok(Logged::Checkpoint(seq));
    }
    durability(txn, redb::Durability::None)?;
    Ok(Logged::Log)
}

fn lock(wal: &std::sync::Mutex<super::wal::Wal>) -> std::sync::MutexGuard<'_, super::wal::Wal> {
    wal.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Runs of one batch on PostgreSQL that another node's locks may roll back
/// before it runs alone (`store::pg::batch`): each run after the first
/// waits for the locks the previous one was refused, so it seldom fails.
const POSTGRES_RUNS_BEFORE_ALONE: usize = 4;

/// [`apply_batch`] on PostgreSQL: the batch is one transaction, kept apart
/// from the other nodes' batches by locks on what it touches, committed
/// durably before any command is answered. A run rolled back for another
/// batch's locks wrote nothing and answered nobody: its commands are made
/// again and run again (work that cannot be made again runs alone from the
/// start).
fn apply_batch_postgres(
    store: &Store,
    pg: &super::pg::Pg,
    now_ms: i64,
    batch: &mut [Command],
    stats: &WriterStats,
) -> Vec<Result<Reply, ApiError>> {
    use super::pg::Isolation;
    let began = Instant::now();
    let once = batch.iter().any(|command| command.remake.is_none());
    let mut isolation = if once {
        Isolation::Alone
    } else {
        Isolation::Rows {
            wait_for: Vec::new(),
        }
    };
    let mut run = 0;
    let outcome = loop {
        run += 1;
        if run > 1 {
            for command in batch.iter_mut() {
                if let Some(remake) = &command.remake {
                    command.work = remake();
                }
            }
        }
        match pg.write_batch(&isolation, |tables| {
            apply_commands(tables, now_ms, batch, stats)
        }) {
            Ok(Err(contended)) => {
                stats.contended_runs.fetch_add(1, Ordering::Relaxed);
                isolation = if run + 1 >= POSTGRES_RUNS_BEFORE_ALONE {
                    Isolation::Alone
                } else {
                    Isolation::Rows {
                        wait_for: contended.refused,
                    }
                };
            }
            Ok(Ok(done)) => break Ok(done),
            Err(e) => break Err(e),
        }
    };
    let (commit, results) = match outcome {
        Ok((
            Applied {
                results, written, ..
            },
            commit,
        )) => {
            store.committed(written);
            (commit, results)
        }
        Err(e) => {
            let error = ApiError::internal(format!("batch: {e}"));
            let results = (0..batch.len()).map(|_| Err(error.clone())).collect();
            (Duration::ZERO, results)
        }
    };
    let apply = began.elapsed().saturating_sub(commit);
    stats.apply_us.fetch_add(micros(apply), Ordering::Relaxed);
    stats.commit_us.fetch_add(micros(commit), Ordering::Relaxed);
    writer_batch(batch.len(), apply, commit);
    results
}

/// Applies each command in turn on the batch's open tables; a failure to
/// flush a command's writes fails the whole batch (its transaction is dropped).
fn apply_commands(
    tables: &dyn Tables,
    now_ms: i64,
    batch: &mut [Command],
    stats: &WriterStats,
) -> Result<Applied, StoreError> {
    let mut results = Vec::with_capacity(batch.len());
    let mut written = super::TableSet::default();
    let staged = super::staged::Staged::new(tables);
    for command in batch.iter_mut() {
        let work: Work = std::mem::replace(&mut command.work, Box::new(|_| Ok(Output::empty())));
        let command_began = Instant::now();
        let mut tx = Tx::new(&staged, now_ms);
        let result = apply_one(&mut tx, command.claim.as_ref(), work);
        if result.is_ok() {
            written = written.union(tx.flush()?);
        } else {
            stats.failed_commands.fetch_add(1, Ordering::Relaxed);
        }
        stats
            .command_us_max
            .fetch_max(micros(command_began.elapsed()), Ordering::Relaxed);
        results.push(result);
    }
    let rows = staged.write_out()?;
    Ok(Applied {
        results,
        written,
        rows,
    })
}

/// What a batch's commands did: one result each, in order; the tables they
/// wrote; the rows written, packed (the batch's write-ahead log record).
struct Applied {
    results: Vec<Result<Reply, ApiError>>,
    written: super::TableSet,
    rows: Vec<super::wal::Written>,
}

fn micros(duration: Duration) -> u64 {
    u64::try_from(duration.as_micros()).unwrap_or(u64::MAX)
}

fn apply_one(
    tx: &mut Tx<'_>,
    claim: Option<&IdempotencyClaim>,
    work: Work,
) -> Result<Reply, ApiError> {
    if let Some(claim) = claim {
        let record: Option<IdempotencyRecord> =
            tx.get_json(Table::Idempotency, &claim.storage_key)?;
        if let Some(record) = record.filter(|r| r.is_live(tx.wall_ms())) {
            return record.answer(claim, tx);
        }
    }
    let output = work(tx)?;
    if let Some(claim) = claim {
        let (stored, shared) = output.for_storage(tx.emitted());
        let record = IdempotencyRecord {
            principal: claim.principal.clone(),
            endpoint: claim.endpoint.clone(),
            fingerprint: claim.fingerprint.clone(),
            created_at_ms: tx.wall_ms(),
            output: stored,
            shared,
        };
        tx.put_json(Table::Idempotency, claim.storage_key.clone(), &record)?;
        tx.put(
            Table::IdempotencyExpiry,
            super::keys::due(record.created_at_ms, &claim.storage_key),
            Vec::new(),
        );
    }
    Ok(Reply {
        output,
        replayed: false,
    })
}

/// Deletes idempotency records older than 24 h, at most `limit` per call.
/// Returns how many were purged.
pub fn purge_idempotency(tx: &mut Tx<'_>, limit: usize) -> Result<usize, StoreError> {
    let now = tx.now_ms();
    let cutoff = super::keys::due_before(now - IDEMPOTENCY_TTL_MS);
    let expired = tx.scan(Table::IdempotencyExpiry, "", Some(&cutoff), limit)?;
    for (key, _) in &expired {
        if let Some((_, storage_key)) = key.split_once('|') {
            // A key reused after its 24 hours holds a new record under the
            // same storage key (with its own expiry row): this old row must
            // not purge it, or a retry of the new request within its 24
            // hours would run it twice (found by the simulator, seed 129).
            let record: Option<IdempotencyRecord> = tx.get_json(Table::Idempotency, storage_key)?;
            if record.is_none_or(|r| !r.is_live(now)) {
                tx.delete(Table::Idempotency, storage_key.to_string());
            }
        }
        tx.delete(Table::IdempotencyExpiry, key.clone());
    }
    Ok(expired.len())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::clock::{ManualClock, SystemClock};

    fn start(store: &Store) -> Writer {
        Writer::start(store.clone(), Arc::new(SystemClock), Vec::new())
            .expect("writer")
            .0
    }

    /// The claim of `key` by one API key, for `POST /things`.
    fn claim(key: &str, fingerprint: &str) -> IdempotencyClaim {
        IdempotencyClaim {
            storage_key: format!("test|org_a|{key}"),
            principal: "key:key_a".into(),
            endpoint: "POST /things".into(),
            fingerprint: fingerprint.into(),
        }
    }

    /// A writer on a fresh store whose clock the test moves.
    fn on_manual_clock() -> (Store, Writer, Arc<ManualClock>) {
        let store = Store::ephemeral().expect("store");
        let clock = Arc::new(ManualClock::new(1_000_000));
        let (writer, _) = Writer::start(store.clone(), clock.clone(), Vec::new()).expect("writer");
        (store, writer, clock)
    }

    pub(crate) fn rt() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("runtime")
    }

    #[test]
    fn a_failed_command_leaves_no_trace_and_spares_its_batch() {
        let store = Store::ephemeral().expect("store");
        let writer = start(&store);
        rt().block_on(async {
            // A first command holds the writer until the 200 others are
            // queued, so they must be grouped: the batch count below can fail.
            let (release, held) = std::sync::mpsc::channel::<()>();
            let (started, holding) = std::sync::mpsc::channel::<()>();
            let held = Arc::new(std::sync::Mutex::new(held));
            let holder = writer.clone();
            let hold = tokio::spawn(async move {
                holder
                    .run(move |_| {
                        let _ = started.send(());
                        let held = held.lock().unwrap_or_else(|e| e.into_inner());
                        let _ = held.recv_timeout(std::time::Duration::from_secs(5));
                        Ok(())
                    })
                    .await
            });
            holding
                .recv_timeout(std::time::Duration::from_secs(5))
                .expect("the holder runs");
            let mut tasks = Vec::new();
            for i in 0..200u32 {
                let writer = writer.clone();
                tasks.push(tokio::spawn(async move {
                    writer
                        .run(move |tx| {
                            tx.put(Table::Meta, format!("k{i:03}"), b"v".to_vec());
                            if i % 3 == 0 {
                                return Err(ApiError::field("i", "divisible by three"));
                            }
                            tx.put(Table::Meta, format!("k{i:03}-after"), b"v".to_vec());
                            Ok(i)
                        })
                        .await
                }));
            }
            // Wait (boundedly) until all 200 are in the queue, however slow
            // the machine, then let the writer go.
            for _ in 0..500 {
                if writer.sender.len() >= 200 {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            }
            assert_eq!(writer.sender.len(), 200, "the commands were queued");
            release.send(()).expect("release the writer");
            hold.await.expect("join").expect("the holding command");
            for (i, task) in tasks.into_iter().enumerate() {
                let result = task.await.expect("join");
                assert_eq!(result.is_ok(), i % 3 != 0);
            }
        });
        let snap = store.snapshot().expect("snapshot");
        for i in 0..200u32 {
            let written = snap.get(Table::Meta, &format!("k{i:03}")).expect("get");
            let after = snap
                .get(Table::Meta, &format!("k{i:03}-after"))
                .expect("get");
            assert_eq!(written.is_some(), i % 3 != 0, "command {i}");
            assert_eq!(after.is_some(), i % 3 != 0, "command {i}");
        }
        // The 200 queued commands were applied in one commit after the
        // holder's: group commit, not one per command.
        let batches = writer.stats.batches.load(Ordering::Relaxed);
        let commands = writer.stats.commands.load(Ordering::Relaxed);
        assert_eq!(commands, 201);
        assert_eq!(batches, 2, "{batches} commits for {commands} commands");
    }

    #[test]
    fn later_commands_in_a_batch_read_earlier_ones() {
        let store = Store::ephemeral().expect("store");
        let writer = start(&store);
        let total = rt().block_on(async {
            let mut tasks = Vec::new();
            for _ in 0..100 {
                let writer = writer.clone();
                tasks.push(tokio::spawn(async move {
                    writer.run(super::super::increment).await
                }));
            }
            let mut seen = Vec::new();
            for task in tasks {
                seen.push(task.await.expect("join").expect("ok"));
            }
            seen.sort();
            seen
        });
        assert_eq!(total, (1..=100).collect::<Vec<u64>>());
    }

    #[test]
    fn one_idempotency_key_executes_once_even_in_one_batch() {
        let store = Store::ephemeral().expect("store");
        let writer = start(&store);
        let claim = claim("key-1", "f1");
        let replies = rt().block_on(async {
            let mut tasks = Vec::new();
            for _ in 0..20 {
                let writer = writer.clone();
                let claim = claim.clone();
                tasks.push(tokio::spawn(async move {
                    writer
                        .execute(
                            Some(claim),
                            Box::new(|tx| {
                                let id = crate::ids::new_id("thing");
                                tx.put(Table::Objects, id.clone(), Vec::new());
                                Output::json(201, &id)
                            }),
                        )
                        .await
                }));
            }
            let mut replies = Vec::new();
            for task in tasks {
                replies.push(task.await.expect("join").expect("ok"));
            }
            replies
        });
        assert_eq!(replies.iter().filter(|r| !r.replayed).count(), 1);
        assert!(replies.iter().all(|r| r.output == replies[0].output));
        assert_eq!(
            store
                .snapshot()
                .expect("snap")
                .len(Table::Objects)
                .expect("len"),
            1
        );
        let other_principal = IdempotencyClaim {
            principal: "member:mem_b".into(),
            ..claim.clone()
        };
        let err = rt()
            .block_on(writer.execute(Some(other_principal), Box::new(|_| Ok(Output::empty()))))
            .expect_err("another principal");
        assert_eq!(err.code, Code::IdempotencyKeyReused);
        let other_body = IdempotencyClaim {
            fingerprint: "f2".into(),
            ..claim
        };
        let err = rt()
            .block_on(writer.execute(Some(other_body), Box::new(|_| Ok(Output::empty()))))
            .expect_err("reused");
        assert_eq!(err.code, Code::IdempotencyKeyReused);
    }

    #[test]
    fn an_answer_that_is_an_events_object_is_stored_once_and_replayed_byte_for_byte() {
        answer_sharing_an_events_bytes_replays_byte_for_byte("s3cr3t", 400);
    }

    /// More of the answer differs than it shares (its status moved on after
    /// the event, and a long secret): still stored as a reference.
    #[test]
    fn an_answer_that_differs_from_its_event_in_two_places_still_shares_its_bytes() {
        // 1,000 characters of secret against 600 of shared padding.
        let secret: &'static str =
            Box::leak(format!("s3cr3t{}", "-0123456789".repeat(90)).into_boxed_str());
        answer_sharing_an_events_bytes_replays_byte_for_byte(secret, 2000);
    }

    fn answer_sharing_an_events_bytes_replays_byte_for_byte(
        secret: &'static str,
        stored_max: usize,
    ) {
        let store = Store::ephemeral().expect("store");
        let writer = start(&store);
        let claim = claim("shared", "f");
        let padding = "x".repeat(600);
        let work = move |secret: Option<&'static str>| -> Work {
            let padding = padding.clone();
            Box::new(move |tx| {
                // The answer's status has moved on from the event's.
                let view = |secret: Option<&str>| serde_json::json!({"id": "thing_1", "status": if secret.is_some() { "SETTLEMENT_PENDING" } else { "CAPTURED" }, "padding": padding, "secret": secret});
                emit_created(tx, view(None))?;
                Output::json(201, &view(secret))
            })
        };
        let rt = rt();
        let first = rt
            .block_on(writer.execute(Some(claim.clone()), work(Some(secret))))
            .expect("first");
        let again = rt
            .block_on(writer.execute(Some(claim.clone()), work(Some("other"))))
            .expect("replay");
        assert!(again.replayed);
        assert_eq!(again.output.body, first.output.body);
        let snapshot = store.snapshot().expect("snapshot");
        let record: IdempotencyRecord = snapshot
            .get_json(Table::Idempotency, &claim.storage_key)
            .expect("read")
            .expect("record");
        assert!(record.shared.is_some(), "the object's bytes are shared");
        let stored = snapshot
            .get(Table::Idempotency, &claim.storage_key)
            .expect("read")
            .expect("record");
        assert!(stored.len() < stored_max, "{} bytes stored", stored.len());
        assert!(!String::from_utf8_lossy(&stored).contains("s3cr3t"));
        // The gate's replay reads the same record from a snapshot.
        let replay = record.answer(&claim, &snapshot).expect("answer");
        assert_eq!(replay.output.body, first.output.body);
    }

    /// Emits `object` as a test organisation's `payment_intent.created`.
    fn emit_created(tx: &mut Tx<'_>, object: serde_json::Value) -> Result<(), ApiError> {
        crate::domain::events::emit(
            tx,
            crate::events::EventType::PaymentIntentCreated,
            crate::mode::Mode::Test,
            "org_a",
            None,
            object,
        )?;
        Ok(())
    }

    #[test]
    fn a_record_written_before_deltas_replays_its_prefix_middle_and_suffix() {
        let store = Store::ephemeral().expect("store");
        let writer = start(&store);
        let claim = claim("spliced", "f");
        let object = serde_json::json!({"id": "thing_1", "padding": "x".repeat(300)});
        let stored = claim.clone();
        let work: Work = Box::new(move |tx| {
            emit_created(tx, object)?;
            let (event, body) = (
                tx.emitted()[0].event.clone(),
                tx.emitted()[0].object.clone(),
            );
            // As decision 225 kept it: the object's first 10 bytes, the
            // middle sealed, the last 20.
            let (prefix, suffix) = (10, 20);
            let record = IdempotencyRecord {
                principal: stored.principal.clone(),
                endpoint: stored.endpoint.clone(),
                fingerprint: stored.fingerprint.clone(),
                created_at_ms: tx.wall_ms(),
                output: Output {
                    status: 201,
                    body: crate::secrets::seal(&body[prefix..body.len() - suffix]).into_bytes(),
                    sealed: true,
                },
                shared: Some(SharedBytes {
                    event,
                    prefix,
                    suffix,
                    delta: false,
                }),
            };
            tx.put_json(Table::Idempotency, stored.storage_key.clone(), &record)?;
            Ok(Output {
                status: 201,
                body,
                sealed: false,
            })
        });
        let first = rt().block_on(writer.execute(None, work)).expect("first");
        let snapshot = store.snapshot().expect("snapshot");
        let record: IdempotencyRecord = snapshot
            .get_json(Table::Idempotency, &claim.storage_key)
            .expect("read")
            .expect("record");
        let replay = record.answer(&claim, &snapshot).expect("answer");
        assert_eq!(replay.output.body, first.output.body);
    }

    #[test]
    fn an_answer_that_differs_near_its_start_keeps_only_a_small_delta() {
        // A create's answer: the event keeps a mark where the answer shows
        // the page token (near the start), and the answer adds the client
        // secret further on; 600 bytes of the object lie between.
        let store = Store::ephemeral().expect("store");
        let writer = start(&store);
        let claim = claim("delta", "f");
        let view = |token: &str, secret: Option<&str>| {
            serde_json::json!({"a_url": format!("/pay/x?t={token}"), "b_qr": "q".repeat(600),
                "c_secret": secret, "d_status": "OPEN"})
        };
        let (mark, token) = ("m".repeat(32), "7".repeat(32));
        let work: Work = Box::new(move |tx| {
            emit_created(tx, view(&mark, None))?;
            Output::json(201, &view(&token, Some("pi_x_secret_Zk3")))
        });
        let first = rt()
            .block_on(writer.execute(Some(claim.clone()), work))
            .expect("first");
        let snapshot = store.snapshot().expect("snapshot");
        let record: IdempotencyRecord = snapshot
            .get_json(Table::Idempotency, &claim.storage_key)
            .expect("read")
            .expect("record");
        assert!(record.shared.as_ref().is_some_and(|s| s.delta), "a delta");
        let stored = snapshot
            .get(Table::Idempotency, &claim.storage_key)
            .expect("read")
            .expect("record");
        assert!(stored.len() < 400, "{} bytes stored", stored.len());
        let replay = record.answer(&claim, &snapshot).expect("answer");
        assert_eq!(replay.output.body, first.output.body);
    }

    #[test]
    fn overlap_is_a_prefix_and_a_suffix_that_never_cross() {
        assert_eq!(overlap(b"abcXYZdef", b"abc_def"), (3, 3));
        assert_eq!(overlap(b"aaaa", b"aa"), (2, 0));
        assert_eq!(overlap(b"", b"abc"), (0, 0));
        assert_eq!(overlap(b"abc", b"abc"), (3, 0));
    }

    #[test]
    fn stored_bodies_are_text_and_round_trip() {
        for body in [
            br#"{"id":"pi_1"}"#.to_vec(),
            Vec::new(),
            vec![0xff, 0x00, 0x62],
            b"base64:x".to_vec(),
        ] {
            let output = Output {
                status: 201,
                body: body.clone(),
                sealed: false,
            };
            let json = serde_json::to_string(&output).expect("encode");
            assert!(!json.contains('['), "{json}");
            let back: Output = serde_json::from_str(&json).expect("decode");
            assert_eq!(back.body, body);
        }
    }

    #[test]
    fn a_key_reused_after_24_hours_keeps_its_new_record_when_the_old_one_is_purged() {
        // Found by the simulator (seed 129 of the CI sweep): the first use's
        // expiry row purged the second use's record, and a retry of the
        // second request within its 24 hours ran it again.
        let (_store, writer, clock) = on_manual_clock();
        let claim = claim("k", "f");
        let rt = rt();
        let run = |n: u8| -> Work { Box::new(move |_| Output::json(201, &n)) };
        rt.block_on(writer.execute(Some(claim.clone()), run(1)))
            .expect("first");
        clock.advance_ms(IDEMPOTENCY_TTL_MS + 1);
        let second = rt
            .block_on(writer.execute(Some(claim.clone()), run(2)))
            .expect("second");
        assert!(!second.replayed, "an expired key runs anew");
        assert_eq!(
            rt.block_on(writer.run(|tx| Ok(purge_idempotency(tx, 100)?)))
                .expect("purge"),
            1
        );
        let again = rt
            .block_on(writer.execute(Some(claim.clone()), run(3)))
            .expect("retry");
        assert!(again.replayed, "the second use's record is kept");
        assert_eq!(again.output.body, second.output.body);
    }

    #[test]
    fn expired_idempotency_records_are_purged() {
        let (store, writer, clock) = on_manual_clock();
        let claim = claim("k", "f");
        let rt = rt();
        rt.block_on(writer.execute(Some(claim.clone()), Box::new(|_| Ok(Output::empty()))))
            .expect("first");
        clock.advance_ms(IDEMPOTENCY_TTL_MS - 1);
        assert_eq!(
            rt.block_on(writer.run(|tx| Ok(purge_idempotency(tx, 100)?)))
                .expect("purge"),
            0
        );
        clock.advance_ms(2);
        assert_eq!(
            rt.block_on(writer.run(|tx| Ok(purge_idempotency(tx, 100)?)))
                .expect("purge"),
            1
        );
        let snap = store.snapshot().expect("snap");
        assert_eq!(snap.len(Table::Idempotency).expect("len"), 0);
        assert_eq!(snap.len(Table::IdempotencyExpiry).expect("len"), 0);
    }
}
