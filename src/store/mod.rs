//! The store: tables, read snapshots, and (in [`writer`]) the one thread that
//! writes. Nothing outside this module names redb or PostgreSQL.
//!
//! Two backends keep the same tables behind the same interface: the embedded
//! redb file of the data dir (the default), and a PostgreSQL database shared
//! by one or more gateway nodes ([`pg`], `--store postgres://...`,
//! `docs/scale-out.md`). Domain code never knows which it runs on.
//!
//! Every table maps a `&str` key to a byte value ([`codec`]: JSON for records,
//! big-endian integers for balances). Keys are built in [`keys`] only, so that
//! the scans the gateway needs are prefix ranges, and ids grow with time so
//! inserts append. [`Read`] is what a snapshot and a write have in common.

pub mod cache;
mod codec;
pub mod keys;
pub mod ops;
pub mod pg;
mod staged;
mod tx;
mod typed;
pub mod wal;
pub mod writer;

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[cfg(test)]
use redb::ReadableTableMetadata;
use redb::{Database, ReadableDatabase, ReadableTable, TableDefinition};
use serde::de::DeserializeOwned;

use crate::error::ApiError;

pub use codec::{decode, encode};
pub use tx::{Tx, WrittenObject};
pub use typed::{Meta, Queue, Read, Records};
pub use writer::{Output, Reply, Writer};

/// The tables of the store. Each has one job; see `docs/architecture.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(in crate::store) enum Table {
    /// Singletons: organisation, signing keys, guardian state.
    Meta,
    /// API keys by SHA-256 digest of the secret.
    ApiKeys,
    /// Every domain object by id (`pi_...`, `acct_...`), as JSON.
    Objects,
    /// Secondary indexes: `<index>|<mode>|<owner>|<id>` → empty or a pointer.
    Index,
    /// Idempotency records by `<mode>|<owner>|<key>`.
    Idempotency,
    /// `<created_at_ms:020>|<idempotency storage key>`, for purging after 24 h.
    IdempotencyExpiry,
    /// Ledger balances by account key, i64 big-endian.
    Balances,
    /// Ledger postings by id (`txn_...`), as JSON. Append-only.
    Journal,
    /// The event outbox by id (`evt_...`).
    Events,
    /// Durable timers: `<due_ms:020>|<timer id>` → JSON.
    Timers,
    /// Webhook deliveries waiting to be sent: `<due_ms:020>|<delivery id>` → empty.
    DeliveryQueue,
}

impl Table {
    pub const ALL: [Table; 11] = [
        Table::Meta,
        Table::ApiKeys,
        Table::Objects,
        Table::Index,
        Table::Idempotency,
        Table::IdempotencyExpiry,
        Table::Balances,
        Table::Journal,
        Table::Events,
        Table::Timers,
        Table::DeliveryQueue,
    ];

    /// Position in [`Table::ALL`].
    fn index(self) -> usize {
        self as usize
    }

    fn name(self) -> &'static str {
        match self {
            Table::Meta => "meta",
            Table::ApiKeys => "api_keys",
            Table::Objects => "objects",
            Table::Index => "index",
            Table::Idempotency => "idempotency",
            Table::IdempotencyExpiry => "idempotency_expiry",
            Table::Balances => "balances",
            Table::Journal => "journal",
            Table::Events => "events",
            Table::Timers => "timers",
            Table::DeliveryQueue => "delivery_queue",
        }
    }

    fn def(self) -> TableDefinition<'static, &'static str, &'static [u8]> {
        TableDefinition::new(self.name())
    }
}

/// A set of tables (those a command or a batch wrote to), and whether an
/// organisation's record was among the writes ([`Tx::organisation_changed`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TableSet(u16);

// One bit per table, and the last for organisations.
const _: () = assert!(Table::ALL.len() < u16::BITS as usize);
const ORGANISATIONS_BIT: u16 = 1 << (u16::BITS - 1);

impl TableSet {
    pub(in crate::store) fn insert(&mut self, table: Table) {
        self.0 |= 1 << table.index();
    }

    pub(in crate::store) fn contains(self, table: Table) -> bool {
        self.0 & (1 << table.index()) != 0
    }

    pub fn insert_organisations(&mut self) {
        self.0 |= ORGANISATIONS_BIT;
    }

    pub fn has_organisations(self) -> bool {
        self.0 & ORGANISATIONS_BIT != 0
    }

    pub fn union(self, other: TableSet) -> TableSet {
        TableSet(self.0 | other.0)
    }
}

/// A failure of the store itself (disk, engine, corruption), never of input.
/// Every kind reads `store: <what>`, the message logs and 500s have always shown.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The engine (redb, PostgreSQL and its driver, the writer thread) failed.
    #[error("store: {0}")]
    Engine(String),
    /// A file or directory of the store could not be created or opened.
    #[error("store: {0}")]
    File(String),
    /// A value could not be encoded, or a stored one decoded.
    #[error("store: {0}")]
    Codec(String),
    /// The store is not in a state this binary can use: a schema of
    /// another version, handles still open at close.
    #[error("store: {0}")]
    State(String),
}

impl StoreError {
    fn from_redb(error: impl std::fmt::Display) -> StoreError {
        StoreError::Engine(error.to_string())
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> ApiError {
        ApiError::internal(error)
    }
}

/// Where the data lives.
#[derive(Debug, Clone)]
pub enum Location {
    Dir(PathBuf),
    Memory,
    /// A PostgreSQL database; the data dir still holds the master key and
    /// the backups taken while serving.
    Postgres(PathBuf),
}

impl Location {
    /// The data dir (none in memory).
    pub fn data_dir(&self) -> Option<&Path> {
        match self {
            Location::Dir(dir) | Location::Postgres(dir) => Some(dir),
            Location::Memory => None,
        }
    }

    /// True when other gateway processes may write the same store (a
    /// PostgreSQL database): background work that calls out (a webhook
    /// delivery) must then be taken through the writer before it is sent.
    pub fn shared(&self) -> bool {
        matches!(self, Location::Postgres(_))
    }

    /// What `/status` calls the backend.
    pub fn backend_name(&self) -> &'static str {
        match self {
            Location::Dir(_) => "file",
            Location::Memory => "memory",
            Location::Postgres(_) => "postgres",
        }
    }
}

/// The engine under a [`Store`].
#[derive(Clone)]
enum Backend {
    Redb(Arc<Database>),
    Postgres(Arc<pg::Pg>),
}

#[derive(Clone)]
pub struct Store {
    backend: Backend,
    pub location: Arc<Location>,
    /// True when the last process did not close the file (kill -9, power
    /// loss) and redb rebuilt its allocator state on open. Committed data is
    /// intact either way; the repair walks the whole file, so it costs start-up
    /// time in proportion to the store's size.
    pub repaired_at_open: bool,
    /// What the write-ahead log gave back at open (after a kill: the batches
    /// redb lacked, and a torn last record cut off).
    pub replayed_at_open: wal::Replayed,
    generations: Arc<Generations>,
    /// Records decoded once, for reads that find the same bytes again.
    decoded: Arc<cache::Decoded>,
    /// The write-ahead log of a store file ([`wal`]); none in memory and on
    /// PostgreSQL, whose commits are durable on their own.
    wal: Option<Arc<std::sync::Mutex<wal::Wal>>>,
}

/// Per table, how many commits have changed it since the store was opened.
/// The writer bumps a table's count after a commit that wrote to it and before
/// it answers, so a cache entry read at generation `g` (read before taking the
/// snapshot it was filled from) is current while the count is still `g`.
#[derive(Default)]
struct Generations {
    tables: [std::sync::atomic::AtomicU64; Table::ALL.len()],
    /// Commits that wrote an organisation's record.
    organisations: std::sync::atomic::AtomicU64,
}

pub const DB_FILE_NAME: &str = "paygate.redb";

/// Creates `dir` (and its parents) readable by this user only: the store holds
/// the journal and sealed secrets. An existing directory keeps its mode (the
/// operator chose it); the files inside are private either way.
fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

/// Creates the store file 0600 before redb opens it (redb would create it with
/// the process umask, usually 0644), and tightens a store made by an older
/// version.
fn make_private_file(path: &Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.create(true).append(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let file = options.open(path)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    }
    drop(file);
    Ok(())
}

impl Store {
    /// Opens (or creates) the store in `dir` with redb's default cache (1 GiB):
    /// for the offline commands.
    pub fn open(dir: &Path) -> Result<Store, StoreError> {
        Store::open_with_cache(dir, None)
    }

    /// Opens (or creates) the store in `dir`; `cache_bytes` bounds redb's page
    /// cache (see [`default_cache_bytes`]).
    pub fn open_with_cache(dir: &Path, cache_bytes: Option<usize>) -> Result<Store, StoreError> {
        create_private_dir(dir)
            .map_err(|e| StoreError::File(format!("cannot create {}: {e}", dir.display())))?;
        let path = dir.join(DB_FILE_NAME);
        make_private_file(&path)
            .map_err(|e| StoreError::File(format!("cannot create {}: {e}", path.display())))?;
        let repaired = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let seen = repaired.clone();
        let mut builder = Database::builder();
        if let Some(bytes) = cache_bytes {
            builder.set_cache_size(bytes);
        }
        let db = builder
            .set_repair_callback(move |_| {
                seen.store(true, std::sync::atomic::Ordering::Relaxed);
            })
            .create(&path)
            .map_err(|e| {
                StoreError::File(format!(
                    "cannot open {}: {e} (is another paygate running on this data dir?)",
                    path.display()
                ))
            })?;
        let repaired = repaired.load(std::sync::atomic::Ordering::Relaxed);
        if repaired {
            tracing::warn!(
                path = %path.display(),
                "the store was not closed cleanly (killed?); redb repaired it"
            );
        }
        let segments = wal::FileSegments::new(&dir.join(wal::DIR_NAME)).map_err(|e| {
            StoreError::File(format!(
                "cannot create {}: {e}",
                dir.join(wal::DIR_NAME).display()
            ))
        })?;
        let mut store = Store::with_tables(db, Location::Dir(dir.to_path_buf()), repaired)?;
        store.open_wal(Box::new(segments))?;
        Ok(store)
    }

    /// Opens the store's write-ahead log in `segments`, replaying what redb
    /// lacks (after a kill), so the store is whole before anyone reads it.
    fn open_wal(&mut self, segments: Box<dyn wal::Segments>) -> Result<wal::Replayed, StoreError> {
        let Backend::Redb(db) = &self.backend else {
            return Ok(wal::Replayed::default());
        };
        let (log, replayed) = wal::Wal::open(db, segments)?;
        if replayed != wal::Replayed::default() {
            tracing::warn!(
                batches = replayed.batches,
                torn_bytes = replayed.truncated_bytes,
                "the write-ahead log was replayed (the last process did not stop cleanly)"
            );
        }
        self.wal = Some(Arc::new(std::sync::Mutex::new(log)));
        self.replayed_at_open = replayed;
        Ok(replayed)
    }

    /// A store on `backend` that commits through a write-ahead log in
    /// `segments` (the simulator's disk), replaying it at open.
    pub fn on_backend_with_log(
        backend: impl redb::StorageBackend,
        segments: Box<dyn wal::Segments>,
    ) -> Result<Store, StoreError> {
        let mut store = Store::on_backend(backend)?;
        store.open_wal(segments)?;
        Ok(store)
    }

    /// A store that lives in memory only (`--ephemeral`).
    pub fn ephemeral() -> Result<Store, StoreError> {
        let db = Database::builder()
            .create_with_backend(redb::backends::InMemoryBackend::new())
            .map_err(StoreError::from_redb)?;
        Store::with_tables(db, Location::Memory, false)
    }

    /// A store on `backend`: empty, or reopened from what the backend holds
    /// (repaired, as after a kill, when it was not closed). For the
    /// simulator's disk (`src/sim/disk.rs`), which loses what was not synced.
    pub fn on_backend(backend: impl redb::StorageBackend) -> Result<Store, StoreError> {
        let repaired = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let seen = repaired.clone();
        let db = Database::builder()
            .set_repair_callback(move |_| {
                seen.store(true, std::sync::atomic::Ordering::Relaxed);
            })
            .create_with_backend(backend)
            .map_err(StoreError::from_redb)?;
        let repaired = repaired.load(std::sync::atomic::Ordering::Relaxed);
        Store::with_tables(db, Location::Memory, repaired)
    }

    /// True when `dir` already holds a store file.
    pub fn exists(dir: &Path) -> bool {
        dir.join(DB_FILE_NAME).exists()
    }

    fn with_tables(
        db: Database,
        location: Location,
        repaired_at_open: bool,
    ) -> Result<Store, StoreError> {
        let txn = db.begin_write().map_err(StoreError::from_redb)?;
        for table in Table::ALL {
            txn.open_table(table.def()).map_err(StoreError::from_redb)?;
        }
        txn.commit().map_err(StoreError::from_redb)?;
        Ok(Store {
            backend: Backend::Redb(Arc::new(db)),
            location: Arc::new(location),
            repaired_at_open,
            replayed_at_open: wal::Replayed::default(),
            generations: Arc::default(),
            decoded: Arc::default(),
            wal: None,
        })
    }

    /// Opens the PostgreSQL store at `url`, whose schema must be the one this
    /// binary knows (`paygate init --store URL` migrates an older one). With
    /// `create`, a database that never held paygate gets the schema, as a
    /// first `serve` creates the store file of an empty data dir (decision
    /// 251). `data_dir` keeps the master key and the backups.
    pub fn open_postgres(url: &str, data_dir: &Path, create: bool) -> Result<Store, StoreError> {
        let pg = pg::Pg::connect(url)?;
        if create && pg::migrations::version(&pg)? == 0 {
            pg::migrations::migrate(&pg)?;
        }
        pg::migrations::check(&pg)?;
        Store::on_postgres(pg, data_dir)
    }

    /// Connects to the PostgreSQL database at `url` and applies the schema
    /// migrations it lacks (`paygate init`); returns the store and the
    /// versions applied.
    pub fn init_postgres(url: &str, data_dir: &Path) -> Result<(Store, Vec<i32>), StoreError> {
        let pg = pg::Pg::connect(url)?;
        let applied = pg::migrations::migrate(&pg)?;
        Ok((Store::on_postgres(pg, data_dir)?, applied))
    }

    fn on_postgres(pg: pg::Pg, data_dir: &Path) -> Result<Store, StoreError> {
        create_private_dir(data_dir)
            .map_err(|e| StoreError::File(format!("cannot create {}: {e}", data_dir.display())))?;
        Ok(Store {
            backend: Backend::Postgres(Arc::new(pg)),
            location: Arc::new(Location::Postgres(data_dir.to_path_buf())),
            repaired_at_open: false,
            replayed_at_open: wal::Replayed::default(),
            generations: Arc::default(),
            decoded: Arc::default(),
            wal: None,
        })
    }

    /// How many commits have changed `table` since the store was opened. Read
    /// it before taking the snapshot a cached value is filled from.
    ///
    /// On PostgreSQL other nodes commit too, unseen by this count: every call
    /// answers a new value, so nothing is served from a cache validated by it
    /// (decision 253).
    pub(in crate::store) fn generation(&self, table: Table) -> u64 {
        self.count(&self.generations.tables[table.index()])
    }

    /// [`Store::generation`] of the API keys (the gate's key cache follows it).
    pub fn api_keys_generation(&self) -> u64 {
        self.generation(Table::ApiKeys)
    }

    /// How many commits have written an organisation's record since the
    /// store was opened; read like [`Store::generation`].
    pub fn organisations_generation(&self) -> u64 {
        self.count(&self.generations.organisations)
    }

    fn count(&self, count: &std::sync::atomic::AtomicU64) -> u64 {
        match self.backend {
            Backend::Redb(_) => count.load(std::sync::atomic::Ordering::Acquire),
            Backend::Postgres(_) => count.fetch_add(1, std::sync::atomic::Ordering::AcqRel) + 1,
        }
    }

    /// Called by the writer after a commit that wrote to `tables`, before it
    /// answers the batch.
    fn committed(&self, tables: TableSet) {
        use std::sync::atomic::Ordering::AcqRel;
        for table in Table::ALL {
            if tables.contains(table) {
                self.generations.tables[table.index()].fetch_add(1, AcqRel);
            }
        }
        if tables.has_organisations() {
            self.generations.organisations.fetch_add(1, AcqRel);
        }
    }

    /// A consistent read view of the last commit. Cheap; take one per request.
    pub fn snapshot(&self) -> Result<Snapshot, StoreError> {
        match &self.backend {
            Backend::Redb(db) => {
                let txn = db.begin_read().map_err(StoreError::from_redb)?;
                Ok(Snapshot {
                    view: View::Redb(RedbSnapshot { txn }),
                    decoded: self.decoded.clone(),
                })
            }
            Backend::Postgres(pg) => Ok(Snapshot {
                view: View::Postgres(pg::Reader::begin(pg.clone())?),
                decoded: self.decoded.clone(),
            }),
        }
    }

    /// Size of the store file in bytes (0 in memory; on PostgreSQL, the
    /// table's and its index's).
    pub fn file_bytes(&self) -> u64 {
        if let Backend::Postgres(pg) = &self.backend {
            return pg.relation_bytes();
        }
        match &*self.location {
            Location::Dir(dir) => std::fs::metadata(dir.join(DB_FILE_NAME))
                .map(|m| m.len())
                .unwrap_or(0),
            Location::Memory | Location::Postgres(_) => 0,
        }
    }

    /// Closes the database so the next start needs no repair: redb records its
    /// allocator state and marks the file clean. Only the last handle can do
    /// that, so this says how many others are still alive when it is not last.
    pub fn close(self) -> Result<(), StoreError> {
        // PostgreSQL keeps nothing open to mark clean.
        let Backend::Redb(db) = self.backend else {
            return Ok(());
        };
        // A clean stop leaves no log to replay: redb is made durable first.
        if let Some(log) = self.wal.and_then(|log| Arc::try_unwrap(log).ok()) {
            log.into_inner()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .close(&db)?;
        }
        let others = Arc::strong_count(&db) - 1;
        let db = Arc::try_unwrap(db).map_err(|_| {
            StoreError::State(format!(
                "{others} other handle(s) to the store are still alive; redb will repair the file on the next start"
            ))
        })?;
        db.close().map_err(StoreError::from_redb)
    }

    /// Runs `work` in one durable write transaction, outside the writer thread.
    /// Only for offline CLI commands (`init`, `keys create`) while no server runs.
    pub fn write_now<T>(
        &self,
        now_ms: i64,
        work: impl FnOnce(&mut Tx<'_>) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        let db = match &self.backend {
            Backend::Redb(db) => db,
            Backend::Postgres(pg) => return write_now_postgres(pg, now_ms, work),
        };
        let txn = db.begin_write().map_err(StoreError::from_redb)?;
        let tables = tx::OpenTables::new(&txn);
        let mut tx = Tx::new(&tables, now_ms);
        let value = work(&mut tx)?;
        tx.flush()?;
        drop(tables);
        txn.commit().map_err(StoreError::from_redb)?;
        Ok(value)
    }
}

/// [`Store::write_now`] on PostgreSQL: one batch of one command. A failed
/// command's error is kept apart from the store's, which abort the batch.
fn write_now_postgres<T>(
    pg: &pg::Pg,
    now_ms: i64,
    work: impl FnOnce(&mut Tx<'_>) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    // Offline commands' work runs once: alone, never rolled back for
    // another node's locks.
    let (applied, _) = pg
        .write_batch(&pg::Isolation::Alone, |tables| {
            let mut tx = Tx::new(tables, now_ms);
            match work(&mut tx) {
                Ok(value) => {
                    tx.flush()?;
                    Ok(Ok(value))
                }
                Err(refused) => Ok(Err(refused)),
            }
        })?
        .map_err(|_| StoreError::Engine("a batch running alone was refused a lock".into()))?;
    applied
}

/// The page cache `serve` gives redb unless told otherwise: a quarter of the
/// machine's memory, at most 1 GiB and at least 256 MiB (decision 224). The
/// cache is process memory that stays once filled, so an unbounded quarter of
/// memory surprised a small server with 8 GiB of RSS at a million intents
/// (`bench/README.md`); an operator with memory to spare and random reads of
/// old objects raises it with `--cache-mib`. The cache fills only with pages
/// that are read or written: a small store never takes it all.
pub fn default_cache_bytes() -> usize {
    cache_bytes_for(
        std::fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|text| mem_total_bytes(&text)),
    )
}

/// [`default_cache_bytes`] for a machine of `total` bytes (unknown: the ceiling).
fn cache_bytes_for(total: Option<usize>) -> usize {
    const FLOOR: usize = 256 << 20;
    const CEILING: usize = 1 << 30;
    match total {
        Some(bytes) => (bytes / 4).clamp(FLOOR, CEILING),
        None => CEILING,
    }
}

/// `MemTotal` of `/proc/meminfo`, in bytes.
fn mem_total_bytes(meminfo: &str) -> Option<usize> {
    let kib: usize = meminfo
        .lines()
        .find_map(|line| line.strip_prefix("MemTotal:"))?
        .trim()
        .strip_suffix("kB")?
        .trim()
        .parse()
        .ok()?;
    kib.checked_mul(1024)
}

/// Reads records from one committed state of the store.
pub struct Snapshot {
    view: View,
    decoded: Arc<cache::Decoded>,
}

enum View {
    Redb(RedbSnapshot),
    Postgres(pg::Reader),
}

/// A snapshot of the redb file: one read transaction.
struct RedbSnapshot {
    txn: redb::ReadTransaction,
}

/// One `(key, value)` pair read from a table.
pub type Row = (String, Vec<u8>);

/// The value at `key` of an open table, copied out of redb's page.
fn value_at(
    table: &impl ReadableTable<&'static str, &'static [u8]>,
    key: &str,
) -> Result<Option<Vec<u8>>, StoreError> {
    let value = table.get(key).map_err(StoreError::from_redb)?;
    Ok(value.map(|v| v.value().to_vec()))
}

#[allow(private_interfaces)]
impl Read for Snapshot {
    fn get(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let stored = match &self.view {
            View::Redb(redb) => redb.get(table, key)?,
            View::Postgres(pg) => pg.client()?.get(table, key)?,
        };
        stored
            .map(|stored| codec::unpacked(table, stored))
            .transpose()
    }

    /// The record at `key`, decoded (on redb straight from its page).
    fn get_json<T: DeserializeOwned>(
        &self,
        table: Table,
        key: &str,
    ) -> Result<Option<T>, StoreError> {
        match &self.view {
            View::Redb(redb) => redb.get_json(table, key),
            View::Postgres(pg) => pg
                .client()?
                .get(table, key)?
                .map(|bytes| decode(&codec::unpack(table, &bytes)?))
                .transpose(),
        }
    }

    fn range(&self, table: Table, keys: Range<&str>, limit: usize) -> Result<Vec<Row>, StoreError> {
        let rows = match &self.view {
            View::Redb(redb) => redb.range(table, keys, limit)?,
            View::Postgres(pg) => {
                pg.client()?
                    .range(table, keys.start, Some(keys.end), false, limit)?
            }
        };
        unpack_rows(table, rows)
    }

    fn scan_index_rev(&self, prefix: &str, limit: usize) -> Result<Vec<Row>, StoreError> {
        self.scan_rev(Table::Index, prefix, None, limit, |_, _| true)
    }
}

impl Snapshot {
    /// The record `id` of `records` decoded into a `V` by `make`, shared with
    /// every read that finds the same stored bytes (`cache::Decoded`): a read
    /// that finds them again neither unpacks nor parses them.
    pub fn shared_record<T: DeserializeOwned, V: std::any::Any + Send + Sync>(
        &self,
        records: Records,
        id: &str,
        make: impl FnOnce(T) -> V,
    ) -> Result<Option<Arc<V>>, StoreError> {
        let table = records.table();
        let decode = |stored: &[u8]| {
            self.decoded.get_or_decode(id, stored, || {
                decode::<T>(&codec::unpack(table, stored)?).map(make)
            })
        };
        match &self.view {
            View::Redb(redb) => {
                let t = redb
                    .txn
                    .open_table(table.def())
                    .map_err(StoreError::from_redb)?;
                let value = t.get(id).map_err(StoreError::from_redb)?;
                value.map(|v| decode(v.value())).transpose()
            }
            View::Postgres(pg) => pg
                .client()?
                .get(table, id)?
                .map(|stored| decode(&stored))
                .transpose(),
        }
    }

    /// Rows whose key starts with `prefix`, newest (greatest key) first, strictly
    /// before `before` when given, keeping those `keep` accepts, at most `limit`.
    /// At most `SCAN_ROWS_MAX` rows are examined, so a selective filter on a large
    /// table costs a bounded amount; see [`Snapshot::scan_rev_bounded`] to learn
    /// whether the scan was cut.
    pub(in crate::store) fn scan_rev(
        &self,
        table: Table,
        prefix: &str,
        before: Option<&str>,
        limit: usize,
        keep: impl FnMut(&str, &[u8]) -> bool,
    ) -> Result<Vec<Row>, StoreError> {
        Ok(self
            .scan_rev_bounded(table, prefix, before, limit, keep)?
            .rows)
    }

    /// [`Snapshot::scan_rev`], telling where it stopped when it examined
    /// `SCAN_ROWS_MAX` rows with more left: a filtered list must then say it
    /// has more (from that row on) rather than end with a false "no more".
    pub(in crate::store) fn scan_rev_bounded(
        &self,
        table: Table,
        prefix: &str,
        before: Option<&str>,
        limit: usize,
        mut keep: impl FnMut(&str, &[u8]) -> bool,
    ) -> Result<Scanned, StoreError> {
        // The filter sees records as they were given. A row it keeps is kept
        // unpacked here, once: both backends keep exactly the rows `keep`
        // accepts, in the order it saw them. A row that cannot be unpacked
        // is kept, so that its error is reported.
        let mut kept: Vec<Result<Vec<u8>, StoreError>> = Vec::new();
        let mut keep = |key: &str, stored: &[u8]| match codec::unpack(table, stored) {
            Ok(value) => {
                let wanted = keep(key, &value);
                if wanted {
                    kept.push(Ok(value.into_owned()));
                }
                wanted
            }
            Err(e) => {
                kept.push(Err(e));
                true
            }
        };
        let end = prefix_end(prefix);
        let upper: &str = match before {
            Some(b) if b > prefix && b < end.as_str() => b,
            _ => end.as_str(),
        };
        let mut walk = Walk {
            limit,
            ..Walk::default()
        };
        match &self.view {
            View::Redb(redb) => redb.walk_rev(table, prefix..upper, &mut walk, keep)?,
            // One row more than a page needs, to know whether more are left.
            View::Postgres(pg) => {
                pg.walk_rev(table, prefix, upper, limit.saturating_add(1), |k, v| {
                    let more = walk.wants_more();
                    if more {
                        walk.examine(&k, &v, &mut keep);
                    }
                    more
                })?
            }
        }
        let mut scanned = walk.scanned;
        for ((_, value), unpacked) in scanned.rows.iter_mut().zip(kept) {
            *value = unpacked?;
        }
        Ok(scanned)
    }

    /// Every row of `table`, in key order, for whole-store checks (`verify`).
    pub(in crate::store) fn for_each(
        &self,
        table: Table,
        mut visit: impl FnMut(&str, &[u8]) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let visit = |key: &str, stored: &[u8]| visit(key, &codec::unpack(table, stored)?);
        match &self.view {
            View::Redb(redb) => redb.for_each(table, visit),
            View::Postgres(pg) => pg.for_each(table, visit),
        }
    }

    /// The first row of `table` in key order.
    pub(in crate::store) fn first(&self, table: Table) -> Result<Option<Row>, StoreError> {
        let first = match &self.view {
            View::Redb(redb) => redb.first(table)?,
            View::Postgres(pg) => pg.client()?.range(table, "", None, false, 1)?.pop(),
        };
        first
            .map(|(key, stored)| Ok((key, codec::unpacked(table, stored)?)))
            .transpose()
    }

    #[cfg(test)]
    pub(in crate::store) fn len(&self, table: Table) -> Result<u64, StoreError> {
        match &self.view {
            View::Redb(redb) => redb.len(table),
            View::Postgres(pg) => pg.count(table),
        }
    }
}

/// Rows read out of `table`, their values as they were given to the store.
fn unpack_rows(table: Table, rows: Vec<Row>) -> Result<Vec<Row>, StoreError> {
    rows.into_iter()
        .map(|(key, stored)| Ok((key, codec::unpacked(table, stored)?)))
        .collect()
}

/// A newest-first walk of [`Snapshot::scan_rev_bounded`], the same on both
/// backends: rows are examined until the page is full or `SCAN_ROWS_MAX`
/// were, which it then notes as a cut.
#[derive(Default)]
struct Walk {
    scanned: Scanned,
    limit: usize,
    examined: usize,
    last_examined: Option<String>,
}

impl Walk {
    /// True while another row may be examined.
    fn wants_more(&mut self) -> bool {
        if self.scanned.rows.len() >= self.limit {
            return false;
        }
        if self.examined >= SCAN_ROWS_MAX {
            self.scanned.cut_after = self.last_examined.take();
            return false;
        }
        true
    }

    /// Examines the next row, keeping it when `keep` accepts it.
    fn examine(&mut self, key: &str, value: &[u8], keep: &mut impl FnMut(&str, &[u8]) -> bool) {
        self.examined += 1;
        if keep(key, value) {
            self.scanned.rows.push((key.to_string(), value.to_vec()));
        }
        self.last_examined = Some(key.to_string());
    }
}

impl RedbSnapshot {
    fn get(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let t = self
            .txn
            .open_table(table.def())
            .map_err(StoreError::from_redb)?;
        value_at(&t, key)
    }

    /// Decodes the record straight from redb's page, without a copy.
    fn get_json<T: DeserializeOwned>(
        &self,
        table: Table,
        key: &str,
    ) -> Result<Option<T>, StoreError> {
        let t = self
            .txn
            .open_table(table.def())
            .map_err(StoreError::from_redb)?;
        let value = t.get(key).map_err(StoreError::from_redb)?;
        value
            .map(|v| decode(&codec::unpack(table, v.value())?))
            .transpose()
    }

    /// Rows of `table` in `keys`, greatest key first, while `walk` wants more.
    fn walk_rev(
        &self,
        table: Table,
        keys: Range<&str>,
        walk: &mut Walk,
        mut keep: impl FnMut(&str, &[u8]) -> bool,
    ) -> Result<(), StoreError> {
        let t = self
            .txn
            .open_table(table.def())
            .map_err(StoreError::from_redb)?;
        for item in t.range(keys).map_err(StoreError::from_redb)?.rev() {
            if !walk.wants_more() {
                break;
            }
            let (k, v) = item.map_err(StoreError::from_redb)?;
            walk.examine(k.value(), v.value(), &mut keep);
        }
        Ok(())
    }

    /// Rows whose key is in `keys`, oldest (smallest key) first, at most `limit`.
    fn range(&self, table: Table, keys: Range<&str>, limit: usize) -> Result<Vec<Row>, StoreError> {
        let t = self
            .txn
            .open_table(table.def())
            .map_err(StoreError::from_redb)?;
        let mut rows = Vec::new();
        for item in t.range(keys).map_err(StoreError::from_redb)?.take(limit) {
            let (k, v) = item.map_err(StoreError::from_redb)?;
            rows.push((k.value().to_string(), v.value().to_vec()));
        }
        Ok(rows)
    }

    /// Every row of `table`, in key order, for whole-store checks (`verify`).
    fn for_each(
        &self,
        table: Table,
        mut visit: impl FnMut(&str, &[u8]) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let t = self
            .txn
            .open_table(table.def())
            .map_err(StoreError::from_redb)?;
        for item in t.iter().map_err(StoreError::from_redb)? {
            let (k, v) = item.map_err(StoreError::from_redb)?;
            visit(k.value(), v.value())?;
        }
        Ok(())
    }

    /// The first row of `table` in key order.
    fn first(&self, table: Table) -> Result<Option<Row>, StoreError> {
        let t = self
            .txn
            .open_table(table.def())
            .map_err(StoreError::from_redb)?;
        let first = t.first().map_err(StoreError::from_redb)?;
        Ok(first.map(|(k, v)| (k.value().to_string(), v.value().to_vec())))
    }

    #[cfg(test)]
    fn len(&self, table: Table) -> Result<u64, StoreError> {
        let t = self
            .txn
            .open_table(table.def())
            .map_err(StoreError::from_redb)?;
        t.len().map_err(StoreError::from_redb)
    }
}

/// Bound on rows one list scan examines.
pub const SCAN_ROWS_MAX: usize = 20_000;

/// What [`Snapshot::scan_rev_bounded`] found.
#[derive(Debug, Default)]
pub struct Scanned {
    pub rows: Vec<Row>,
    /// The key of the last row examined, when the scan stopped at
    /// `SCAN_ROWS_MAX` with rows left to examine.
    pub cut_after: Option<String>,
}

/// The smallest string greater than every string starting with `prefix`.
/// Keys are ASCII, so appending the highest code point is enough.
fn prefix_end(prefix: &str) -> String {
    let mut end = String::with_capacity(prefix.len() + 4);
    end.push_str(prefix);
    end.push(char::MAX);
    end
}

/// An in-memory store, its writer, and a runtime to wait for the writer on
/// (unit tests of what commands change).
#[cfg(test)]
pub fn test_writer() -> (Store, Writer, tokio::runtime::Runtime) {
    let store = Store::ephemeral().expect("store");
    let (writer, _) = Writer::start(
        store.clone(),
        Arc::new(crate::clock::SystemClock),
        Vec::new(),
    )
    .expect("writer");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    (store, writer, runtime)
}

/// Adds one to the counter at `meta/counter` (tests of commands that read
/// what the commands before them wrote).
#[cfg(test)]
fn increment(tx: &mut Tx<'_>) -> Result<u64, ApiError> {
    let n = tx
        .get(Table::Meta, "counter")?
        .map(|b| u64::from_be_bytes(b.try_into().unwrap_or([0; 8])))
        .unwrap_or(0);
    tx.put(Table::Meta, "counter", (n + 1).to_be_bytes().to_vec());
    Ok(n + 1)
}

#[cfg(test)]
mod cache_tests {
    #[test]
    fn mem_total_is_read_from_meminfo() {
        let meminfo = "MemTotal:       24683748 kB\nMemFree:        24100000 kB\n";
        assert_eq!(super::mem_total_bytes(meminfo), Some(24_683_748 * 1024));
        assert_eq!(super::mem_total_bytes("MemFree: 1 kB\n"), None);
        assert_eq!(super::mem_total_bytes("MemTotal: lots\n"), None);
        assert!(super::default_cache_bytes() >= 256 << 20);
        assert!(super::default_cache_bytes() <= 1 << 30);
        // A quarter, bounded on both sides.
        assert_eq!(super::cache_bytes_for(Some(2 << 30)), 512 << 20);
        assert_eq!(super::cache_bytes_for(Some(24 << 30)), 1 << 30);
        assert_eq!(super::cache_bytes_for(Some(512 << 20)), 256 << 20);
        assert_eq!(super::cache_bytes_for(None), 1 << 30);
    }
}
