//! What operators need from the store beside the domain's reads and writes:
//! the page cache's counters (`/metrics`) and consistent backups.

use std::path::{Path, PathBuf};

use redb::{
    Database, Durability, ReadTransaction, ReadableDatabase, ReadableTable, ReadableTableMetadata,
};

use super::{Store, StoreError, Table};

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
    pub fn cache_counts(&self) -> CacheCounts {
        let stats = self.db.cache_stats();
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
    pub fn copy_snapshot_to(&self, to: &Path) -> Result<TableRows, StoreError> {
        let snapshot = self.db.begin_read().map_err(StoreError::from_redb)?;
        copy_tables(&snapshot, to)
    }

    /// Copies the store of `dir` into `to` from a read-only handle, for the
    /// offline `paygate backup`.
    pub fn copy_dir_to(dir: &Path, to: &Path) -> Result<TableRows, StoreError> {
        let path = dir.join(super::DB_FILE_NAME);
        let db = Database::builder().open_read_only(&path).map_err(|e| {
            StoreError(format!(
                "cannot open {}: {e} (while a gateway serves it, take the backup with \
                 POST /v1/admin/backup)",
                path.display()
            ))
        })?;
        let snapshot = db.begin_read().map_err(StoreError::from_redb)?;
        copy_tables(&snapshot, to)
    }

    /// Opens a store file (a backup) by its path.
    pub fn open_file(path: &Path) -> Result<Store, StoreError> {
        let db = Database::open(path)
            .map_err(|e| StoreError(format!("cannot open {}: {e}", path.display())))?;
        Store::with_tables(db, super::Location::Dir(PathBuf::new()), false)
    }

    /// Rows per table of the last commit.
    pub fn table_rows(&self) -> Result<TableRows, StoreError> {
        rows_of(&self.db.begin_read().map_err(StoreError::from_redb)?)
    }

    /// Rows per table of the store file `path`, opened read-only (a backup
    /// is read, never changed, before a restore).
    pub fn file_rows(path: &Path) -> Result<TableRows, StoreError> {
        let db = Database::builder()
            .open_read_only(path)
            .map_err(|e| StoreError(format!("cannot open {}: {e}", path.display())))?;
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
    super::make_private_file(to)
        .map_err(|e| StoreError(format!("cannot create {}: {e}", to.display())))?;
    let copy = Database::create(to)
        .map_err(|e| StoreError(format!("cannot create {}: {e}", to.display())))?;
    let mut rows = TableRows::new();
    for table in Table::ALL {
        rows.insert(table.name(), copy_table(snapshot, &copy, table)?);
    }
    // The chunks were committed without fsync; one durable commit makes them all durable.
    let last = copy.begin_write().map_err(StoreError::from_redb)?;
    last.commit().map_err(StoreError::from_redb)?;
    copy.close().map_err(StoreError::from_redb)?;
    Ok(rows)
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
