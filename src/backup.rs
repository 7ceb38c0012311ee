//! Backups taken while serving, and restore (`docs/operations.md`).
//!
//! A backup is a store file of its own, copied from ONE read snapshot (so it
//! holds exactly the commits before that snapshot, every posting with both its
//! sides), written beside its destination as `<file>.partial`, then checked
//! like `paygate verify` checks a data dir (every posting balances, every
//! balance matches the journal) and its row counts compared with what was
//! copied; only then is it renamed into place. A file at the destination is
//! therefore always a whole, verified backup.
//!
//! The master key (`master.key`) is NOT in the backup, on purpose: a stolen
//! backup then reveals no sealed secret. It is backed up once, separately.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::store::{Store, StoreError, ops::TableRows};

/// What a backup or a restore wrote and checked.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BackupReport {
    /// The backup file (or the restored data dir's store file).
    pub file: String,
    pub bytes: u64,
    /// Rows per table, as copied and as found in the copy.
    #[schema(value_type = std::collections::BTreeMap<String, u64>)]
    pub rows: TableRows,
    /// Ledger postings checked in the copy.
    pub postings: u64,
    /// Always true in a report: a copy that does not verify is an error.
    pub verified: bool,
    pub took_ms: u64,
}

fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// Backs up the store `store` (served or not) to `to`.
pub fn take(store: &Store, to: &Path) -> Result<BackupReport, String> {
    write_verified(to, |partial| store.copy_snapshot_to(partial))
}

/// Backs up the store in `data_dir` (no gateway holding it) to `to`.
pub fn take_offline(data_dir: &Path, to: &Path) -> Result<BackupReport, String> {
    if !Store::exists(data_dir) {
        return Err(format!("{} holds no store", data_dir.display()));
    }
    write_verified(to, |partial| Store::copy_dir_to(data_dir, partial))
}

fn write_verified(
    to: &Path,
    copy: impl FnOnce(&Path) -> Result<TableRows, StoreError>,
) -> Result<BackupReport, String> {
    let began = std::time::Instant::now();
    if to.exists() {
        return Err(format!(
            "{} exists; a backup never overwrites a file",
            to.display()
        ));
    }
    let partial = partial_of(to);
    let _ = std::fs::remove_file(&partial);
    let copied = copy(&partial).map_err(|e| {
        let _ = std::fs::remove_file(&partial);
        err(e)
    })?;
    let postings = match verify_copy(&partial, &copied) {
        Ok(postings) => postings,
        Err(why) => {
            let _ = std::fs::remove_file(&partial);
            return Err(why);
        }
    };
    std::fs::rename(&partial, to).map_err(|e| format!("cannot rename to {}: {e}", to.display()))?;
    sync_parent(to);
    Ok(BackupReport {
        file: to.display().to_string(),
        bytes: std::fs::metadata(to).map(|m| m.len()).unwrap_or(0),
        rows: copied,
        postings,
        verified: true,
        took_ms: u64::try_from(began.elapsed().as_millis()).unwrap_or(u64::MAX),
    })
}

fn partial_of(to: &Path) -> PathBuf {
    let mut name = to.as_os_str().to_os_string();
    name.push(".partial");
    PathBuf::from(name)
}

/// Checks a copy as `paygate verify` does, and that it holds the rows copied.
/// Returns the postings checked.
fn verify_copy(path: &Path, expected: &TableRows) -> Result<u64, String> {
    let copy = Store::open_file(path).map_err(err)?;
    let found = copy.table_rows().map_err(err)?;
    if &found != expected {
        return Err(format!(
            "the copy {} holds {found:?} rows, not the {expected:?} copied",
            path.display()
        ));
    }
    let report = crate::ledger::verify(&copy.snapshot().map_err(err)?).map_err(err)?;
    copy.close().map_err(err)?;
    if !report.ok() {
        return Err(format!(
            "the copy does not verify: {} unbalanced postings, {} balance mismatches",
            report.unbalanced_postings, report.balance_mismatches
        ));
    }
    Ok(report.postings)
}

/// Makes a rename durable: the directory entry reaches the disk too.
fn sync_parent(path: &Path) {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty())
        && let Ok(dir) = std::fs::File::open(parent)
    {
        let _ = dir.sync_all();
    }
}

/// Restores the backup `from` into `data_dir`, which must be missing or
/// empty; with `master_key`, copies that key file in beside it.
pub fn restore(
    from: &Path,
    data_dir: &Path,
    master_key: Option<&Path>,
) -> Result<BackupReport, String> {
    let began = std::time::Instant::now();
    if std::fs::read_dir(data_dir).is_ok_and(|mut entries| entries.next().is_some()) {
        return Err(format!(
            "{} is not empty; restore only into a new or empty directory (nothing was changed)",
            data_dir.display()
        ));
    }
    let key = master_key.map(read_master_key).transpose()?;
    // Check the backup before anything is written.
    let rows = Store::file_rows(from).map_err(err)?;
    // A fresh store in the data dir makes the directory (0700) and the file
    // (0600) as a first start would; the backup's bytes then replace it.
    Store::open(data_dir).map_err(err)?.close().map_err(err)?;
    let target = data_dir.join(crate::store::DB_FILE_NAME);
    let partial = partial_of(&target);
    std::fs::copy(from, &partial).map_err(|e| format!("cannot copy {}: {e}", from.display()))?;
    std::fs::File::open(&partial)
        .and_then(|f| f.sync_all())
        .map_err(|e| format!("cannot sync {}: {e}", partial.display()))?;
    let postings = verify_copy(&partial, &rows)?;
    std::fs::rename(&partial, &target).map_err(|e| format!("cannot rename: {e}"))?;
    if let Some(key) = key {
        crate::secrets::write_master_key(data_dir, &key)?;
    }
    sync_parent(&target);
    Ok(BackupReport {
        file: target.display().to_string(),
        bytes: std::fs::metadata(&target).map(|m| m.len()).unwrap_or(0),
        rows,
        postings,
        verified: true,
        took_ms: u64::try_from(began.elapsed().as_millis()).unwrap_or(u64::MAX),
    })
}

fn read_master_key(path: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let key = text.trim().to_string();
    let valid = hex::decode(&key).is_ok_and(|bytes| bytes.len() == 32);
    if !valid {
        return Err(format!(
            "{} is not a 32-byte hex master key",
            path.display()
        ));
    }
    Ok(key)
}
