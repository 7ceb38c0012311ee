//! What an agent reads: one state of the store, a snapshot (a run answered
//! at once, analysed before its command) or the completing command's own
//! transaction (a background run, completed by its timer). Every read is
//! bounded: the newest [`INTENTS_MAX`] intents or payouts of the window.

use crate::domain::intents::INTENT;
use crate::domain::payouts::PAYOUT;
use serde::de::DeserializeOwned;

use crate::domain::intents::Intent;
use crate::domain::payouts::Payout;
use crate::error::ApiError;
use crate::ledger::{Mode, Posting};
use crate::store::keys::{self, Family};
use crate::store::{Read, Row, Snapshot, StoreError, Table, Tx};

/// The newest objects of one family an analysis reads, at most.
pub const INTENTS_MAX: usize = 2_000;

/// A store state an agent reads: point reads and the newest rows of a prefix.
pub trait History {
    fn get(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError>;
    fn newest(&self, table: Table, prefix: &str, limit: usize) -> Result<Vec<Row>, StoreError>;
}

impl History for Snapshot {
    fn get(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Snapshot::get(self, table, key)
    }
    fn newest(&self, table: Table, prefix: &str, limit: usize) -> Result<Vec<Row>, StoreError> {
        self.scan_rev(table, prefix, None, limit, |_, _| true)
    }
}

impl History for Tx<'_> {
    fn get(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Tx::get(self, table, key)
    }
    fn newest(&self, table: Table, prefix: &str, limit: usize) -> Result<Vec<Row>, StoreError> {
        self.scan_rev(table, prefix, limit)
    }
}

/// A [`History`] as a `store::Read`, for the shared reads (the ranking).
pub struct Reader<'a>(pub &'a dyn History);

impl Read for Reader<'_> {
    fn get(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.0.get(table, key)
    }
}

/// The record at `key` of the objects.
pub fn object<T: DeserializeOwned>(read: &dyn History, key: &str) -> Result<Option<T>, ApiError> {
    match read.get(Table::Objects, key)? {
        Some(bytes) => Ok(Some(crate::store::decode(&bytes)?)),
        None => Ok(None),
    }
}

/// A ledger posting by id.
pub fn posting(read: &dyn History, id: &str) -> Result<Option<Posting>, ApiError> {
    match read.get(Table::Journal, id)? {
        Some(bytes) => Ok(Some(crate::store::decode(&bytes)?)),
        None => Ok(None),
    }
}

/// The owner's newest objects of `family` (at most [`INTENTS_MAX`]), newest first.
pub fn newest_of<T: DeserializeOwned>(
    read: &dyn History,
    family: Family,
    mode: Mode,
    owner: &str,
) -> Result<Vec<T>, ApiError> {
    let prefix = keys::owned_prefix(family, mode, owner);
    let mut found = Vec::new();
    for (key, _) in read.newest(Table::Index, &prefix, INTENTS_MAX)? {
        let id = key.rsplit('|').next().unwrap_or_default();
        if let Some(object) = object(read, id)? {
            found.push(object);
        }
    }
    Ok(found)
}

/// The owner's payment intents created at or after `since_ms`, newest first.
pub fn intents(
    read: &dyn History,
    mode: Mode,
    owner: &str,
    since_ms: i64,
) -> Result<Vec<Intent>, ApiError> {
    let mut all: Vec<Intent> = newest_of(read, INTENT.family, mode, owner)?;
    all.retain(|i| i.created_at_ms >= since_ms);
    Ok(all)
}

/// The owner's payouts created at or after `since_ms`, newest first.
pub fn payouts(
    read: &dyn History,
    mode: Mode,
    owner: &str,
    since_ms: i64,
) -> Result<Vec<Payout>, ApiError> {
    let mut all: Vec<Payout> = newest_of(read, PAYOUT.family, mode, owner)?;
    all.retain(|p| p.created_at_ms >= since_ms);
    Ok(all)
}
