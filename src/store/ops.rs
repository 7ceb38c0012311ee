//! What operators need from the store beside the domain's reads and writes:
//! the page cache's counters (`/metrics`) and consistent backups.

use std::path::{Path, PathBuf};

use redb::{
    Database, Durability, ReadTransaction, ReadableDatabase, ReadableTable, ReadableTableMetadata,
};

use super::{Backend, Snapshot, Store, StoreError, Table};

/// redb's page cache counters since the store was opened.
#[derive(Debug, Clone, Copy, Default)]
pub struct CacheCounts {
    pub read_hits: u64,
    pub read_misses: u64,
    pub write_hits: u64,
    pub write_misses: u64,
    pub evictions: u64,
    pub used_bytes: usize,
}

impl Store {
    /// The page cache's counters now.
    /// (PostgreSQL's own cache is the server's: zeros here.)
    pub fn cache_counts(&self) -> CacheCounts {
        let Backend::Redb(db) = &self.backend else {
            return CacheCounts::default();
        };
        let stats = db.cache_stats();
        CacheCounts {
            read_hits: stats.read_hits(),
            read_misses: stats.read_misses(),
            write_hits: stats.write_hits(),
            write_misses: stats.write_misses(),
            evictions: stats.evictions(),
            used_bytes: stats.used_bytes(),
        }
    }
}

/// Rows copied per write transaction of a backup: bounds the backup's memory
/// whatever the store's size.
const BACKUP_ROWS_PER_COMMIT: usize = 20_000;

/// Rows per table, by table name: what a backup copied, what a copy holds.
pub type TableRows = std::collections::BTreeMap<&'static str, u64>;

impl Store {
    /// Copies one read snapshot of every table into a new store file `to`
    /// (which must not exist). The writer goes on committing meanwhile: a
    /// read transaction sees one commit and holds no lock writers wait on.
    /// On PostgreSQL the copy is a redb file too, from one snapshot of the
    /// database: restorable as a data dir, or into a database by serving it
    /// (`docs/scale-out.md`).
    pub fn copy_snapshot_to(&self, to: &Path) -> Result<TableRows, StoreError> {
        let db = match &self.backend {
            Backend::Redb(db) => db,
            Backend::Postgres(_) => return copy_snapshot_rows(&self.snapshot()?, to),
        };
        let snapshot = db.begin_read().map_err(StoreError::from_redb)?;
        copy_tables(&snapshot, to)
    }

    /// Copies the store of `dir` into `to`, for the offline `paygate backup`.
    /// The store is opened as a start would open it, so batches only its
    /// write-ahead log holds (after a kill) are replayed into the copy.
    pub fn copy_dir_to(dir: &Path, to: &Path) -> Result<TableRows, StoreError> {
        let store = Store::open_with_cache(dir, None).map_err(|e| {
            StoreError::File(format!(
                "{e} (while a gateway serves it, take the backup with POST /v1/admin/backup)"
            ))
        })?;
        let rows = store.copy_snapshot_to(to)?;
        store.close()?;
        Ok(rows)
    }

    /// Opens a store file (a backup) by its path.
    pub fn open_file(path: &Path) -> Result<Store, StoreError> {
        let db = Database::open(path)
            .map_err(|e| StoreError::File(format!("cannot open {}: {e}", path.display())))?;
        Store::with_tables(db, super::Location::Dir(PathBuf::new()), false)
    }

    /// Rows per table of the last commit.
    pub fn table_rows(&self) -> Result<TableRows, StoreError> {
        let db = match &self.backend {
            Backend::Redb(db) => db,
            Backend::Postgres(pg) => {
                let reader = super::pg::Reader::begin(pg.clone())?;
                let mut rows = TableRows::new();
                for table in Table::ALL {
                    rows.insert(table.name(), reader.count(table)?);
                }
                return Ok(rows);
            }
        };
        rows_of(&db.begin_read().map_err(StoreError::from_redb)?)
    }

    /// Rows per table of the store file `path`, opened read-only (a backup
    /// is read, never changed, before a restore).
    pub fn file_rows(path: &Path) -> Result<TableRows, StoreError> {
        let db = Database::builder()
            .open_read_only(path)
            .map_err(|e| StoreError::File(format!("cannot open {}: {e}", path.display())))?;
        rows_of(&db.begin_read().map_err(StoreError::from_redb)?)
    }
}

fn rows_of(snapshot: &ReadTransaction) -> Result<TableRows, StoreError> {
    let mut rows = TableRows::new();
    for table in Table::ALL {
        let t = snapshot
            .open_table(table.def())
            .map_err(StoreError::from_redb)?;
        rows.insert(table.name(), t.len().map_err(StoreError::from_redb)?);
    }
    Ok(rows)
}

fn copy_tables(snapshot: &ReadTransaction, to: &Path) -> Result<TableRows, StoreError> {
    copy_each_table(to, |copy, table| copy_table(snapshot, copy, table))
}

/// [`copy_tables`] from any [`Snapshot`] (a PostgreSQL one), a chunk of
/// rows per write transaction of the copy.
fn copy_snapshot_rows(snapshot: &Snapshot, to: &Path) -> Result<TableRows, StoreError> {
    copy_each_table(to, |copy, table| {
        let mut chunk: Vec<(String, Vec<u8>)> = Vec::new();
        let mut copied = 0u64;
        snapshot.for_each(table, |key, value| {
            chunk.push((key.to_string(), value.to_vec()));
            if chunk.len() >= BACKUP_ROWS_PER_COMMIT {
                copied += write_chunk(copy, table, &mut chunk)?;
            }
            Ok(())
        })?;
        copied += write_chunk(copy, table, &mut chunk)?;
        Ok(copied)
    })
}

/// Creates the store file `to` (private) and fills each table with
/// `copy_one`, which answers how many rows it copied.
fn copy_each_table(
    to: &Path,
    mut copy_one: impl FnMut(&Database, Table) -> Result<u64, StoreError>,
) -> Result<TableRows, StoreError> {
    super::make_private_file(to)
        .map_err(|e| StoreError::File(format!("cannot create {}: {e}", to.display())))?;
    let copy = Database::create(to)
        .map_err(|e| StoreError::File(format!("cannot create {}: {e}", to.display())))?;
    let mut rows = TableRows::new();
    for table in Table::ALL {
        rows.insert(table.name(), copy_one(&copy, table)?);
    }
    // The chunks were committed without fsync; one durable commit makes them all durable.
    let last = copy.begin_write().map_err(StoreError::from_redb)?;
    last.commit().map_err(StoreError::from_redb)?;
    copy.close().map_err(StoreError::from_redb)?;
    Ok(rows)
}

/// Writes `chunk` into `table` of `copy` (without fsync) and empties it.
fn write_chunk(
    copy: &Database,
    table: Table,
    chunk: &mut Vec<(String, Vec<u8>)>,
) -> Result<u64, StoreError> {
    let mut txn = copy.begin_write().map_err(StoreError::from_redb)?;
    txn.set_durability(Durability::None)
        .map_err(StoreError::from_redb)?;
    {
        let mut target = txn.open_table(table.def()).map_err(StoreError::from_redb)?;
        for (key, value) in chunk.iter() {
            target
                .insert(key.as_str(), value.as_slice())
                .map_err(StoreError::from_redb)?;
        }
    }
    txn.commit().map_err(StoreError::from_redb)?;
    let written = chunk.len() as u64;
    chunk.clear();
    Ok(written)
}

fn copy_table(
    snapshot: &ReadTransaction,
    copy: &Database,
    table: Table,
) -> Result<u64, StoreError> {
    let source = snapshot
        .open_table(table.def())
        .map_err(StoreError::from_redb)?;
    let mut items = source.iter().map_err(StoreError::from_redb)?;
    let mut copied = 0u64;
    loop {
        let mut txn = copy.begin_write().map_err(StoreError::from_redb)?;
        txn.set_durability(Durability::None)
            .map_err(StoreError::from_redb)?;
        let mut chunk = 0;
        {
            let mut target = txn.open_table(table.def()).map_err(StoreError::from_redb)?;
            while chunk < BACKUP_ROWS_PER_COMMIT {
                let Some(item) = items.next() else { break };
                let (key, value) = item.map_err(StoreError::from_redb)?;
                target
                    .insert(key.value(), value.value())
                    .map_err(StoreError::from_redb)?;
                chunk += 1;
            }
        }
        txn.commit().map_err(StoreError::from_redb)?;
        copied += chunk as u64;
        if chunk < BACKUP_ROWS_PER_COMMIT {
            return Ok(copied);
        }
    }
}
