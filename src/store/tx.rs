//! [`Tx`]: one command's view of the write transaction.
//!
//! A command reads through and writes into an overlay; the writer flushes the
//! overlay into the redb transaction only when the command succeeds. A failed
//! command therefore leaves no trace, and commands before and after it in the
//! same group commit are unaffected (issue 2 point 4), without savepoints.

use std::collections::BTreeMap;

use redb::{ReadableTable, WriteTransaction};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{Row, StoreError, Table, TableSet, decode, encode, prefix_end, value_at};

pub struct Tx<'a> {
    txn: &'a WriteTransaction,
    /// Pending writes: `None` is a delete.
    overlay: BTreeMap<(Table, String), Option<Vec<u8>>>,
    now_ms: i64,
    /// The batch's real time; `now_ms` differs from it only while a test
    /// clock governs the command.
    wall_ms: i64,
    /// The test clock whose time this command reads (`clock_...`), if any.
    clock: Option<String>,
    /// The objects of the events this command emitted, as stored: the writer
    /// may keep the command's idempotent answer as a reference to one of
    /// them instead of a second copy of the same bytes (decision 225).
    emitted: Vec<Emitted>,
}

/// An event's id and the bytes of its `object`, as stored in the outbox.
pub struct Emitted {
    pub event: String,
    pub object: Vec<u8>,
}

impl<'a> Tx<'a> {
    pub(super) fn new(txn: &'a WriteTransaction, now_ms: i64) -> Tx<'a> {
        Tx {
            txn,
            overlay: BTreeMap::new(),
            now_ms,
            wall_ms: now_ms,
            clock: None,
            emitted: Vec::new(),
        }
    }

    /// Notes that the command emitted `event` with these object bytes.
    pub fn note_emitted(&mut self, event: String, object: Vec<u8>) {
        self.emitted.push(Emitted { event, object });
    }

    /// The events this command emitted so far, oldest first.
    pub(super) fn emitted(&self) -> &[Emitted] {
        &self.emitted
    }

    /// "Now" for the command: the time of the batch (every write of one
    /// command sees one instant), or the frozen time of the test clock that
    /// governs the command's sandbox.
    pub fn now_ms(&self) -> i64 {
        self.now_ms
    }

    /// The real time of the batch, whatever clock the command follows: what
    /// lives outside sandboxes (idempotency records) is kept on it.
    pub fn wall_ms(&self) -> i64 {
        self.wall_ms
    }

    /// The test clock this command follows, if any: timers it schedules wait
    /// for that clock's advances.
    pub fn clock(&self) -> Option<&str> {
        self.clock.as_deref()
    }

    /// Makes the command read `now_ms` from the test clock `clock`.
    pub fn follow_clock(&mut self, clock: &str, now_ms: i64) {
        self.clock = Some(clock.to_string());
        self.now_ms = now_ms;
    }

    pub fn get(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        if let Some(pending) = self.overlay.get(&(table, key.to_string())) {
            return Ok(pending.clone());
        }
        let t = self
            .txn
            .open_table(table.def())
            .map_err(StoreError::from_redb)?;
        value_at(&t, key)
    }

    pub fn get_json<T: DeserializeOwned>(
        &self,
        table: Table,
        key: &str,
    ) -> Result<Option<T>, StoreError> {
        self.get(table, key)?
            .map(|bytes| decode(&bytes))
            .transpose()
    }

    pub fn put(&mut self, table: Table, key: impl Into<String>, value: Vec<u8>) {
        self.overlay.insert((table, key.into()), Some(value));
    }

    pub fn put_json<T: Serialize>(
        &mut self,
        table: Table,
        key: impl Into<String>,
        value: &T,
    ) -> Result<(), StoreError> {
        let bytes = encode(value)?;
        self.put(table, key, bytes);
        Ok(())
    }

    pub fn delete(&mut self, table: Table, key: impl Into<String>) {
        self.overlay.insert((table, key.into()), None);
    }

    /// Rows whose key starts with `prefix` and is below `upper` (when given), in
    /// key order, at most `limit`, pending writes included.
    pub fn scan(
        &self,
        table: Table,
        prefix: &str,
        upper: Option<&str>,
        limit: usize,
    ) -> Result<Vec<Row>, StoreError> {
        let end = prefix_end(prefix);
        let hi: &str = match upper {
            Some(u) if u < end.as_str() => u,
            _ => end.as_str(),
        };
        if hi <= prefix {
            return Ok(Vec::new());
        }
        let mut merged: BTreeMap<String, Vec<u8>> = BTreeMap::new();
        let t = self
            .txn
            .open_table(table.def())
            .map_err(StoreError::from_redb)?;
        // Read `limit` committed rows plus as many as the overlay may delete.
        let pending = self
            .overlay
            .range((table, prefix.to_string())..(table, hi.to_string()))
            .count();
        for item in t
            .range(prefix..hi)
            .map_err(StoreError::from_redb)?
            .take(limit + pending)
        {
            let (k, v) = item.map_err(StoreError::from_redb)?;
            merged.insert(k.value().to_string(), v.value().to_vec());
        }
        for ((_, key), value) in self
            .overlay
            .range((table, prefix.to_string())..(table, hi.to_string()))
        {
            match value {
                Some(v) => merged.insert(key.clone(), v.clone()),
                None => merged.remove(key),
            };
        }
        Ok(merged.into_iter().take(limit).collect())
    }

    /// Rows whose key starts with `prefix`, newest (greatest key) first, at
    /// most `limit`, pending writes included: [`Snapshot::scan_rev`] for a
    /// command (an agent run completed by a timer reads its history here).
    ///
    /// [`Snapshot::scan_rev`]: super::Snapshot::scan_rev
    pub fn scan_rev(
        &self,
        table: Table,
        prefix: &str,
        limit: usize,
    ) -> Result<Vec<Row>, StoreError> {
        let end = prefix_end(prefix);
        let mut merged: BTreeMap<String, Vec<u8>> = BTreeMap::new();
        let t = self
            .txn
            .open_table(table.def())
            .map_err(StoreError::from_redb)?;
        let overlay = self
            .overlay
            .range((table, prefix.to_string())..(table, end.clone()));
        // Read `limit` committed rows plus as many as the overlay may delete.
        let pending = overlay.clone().count();
        for item in t
            .range(prefix..end.as_str())
            .map_err(StoreError::from_redb)?
            .rev()
            .take(limit + pending)
        {
            let (k, v) = item.map_err(StoreError::from_redb)?;
            merged.insert(k.value().to_string(), v.value().to_vec());
        }
        for ((_, key), value) in overlay {
            match value {
                Some(v) => merged.insert(key.clone(), v.clone()),
                None => merged.remove(key),
            };
        }
        Ok(merged.into_iter().rev().take(limit).collect())
    }

    /// Writes the overlay into the transaction. Called by the writer (and the
    /// offline CLI) after the command succeeded. Returns the tables written.
    pub(super) fn flush(self) -> Result<TableSet, StoreError> {
        let mut written = TableSet::default();
        let mut current: Option<(Table, redb::Table<'_, &'static str, &'static [u8]>)> = None;
        for ((table, key), value) in self.overlay {
            if current.as_ref().map(|(t, _)| *t) != Some(table) {
                written.insert(table);
                let opened = self
                    .txn
                    .open_table(table.def())
                    .map_err(StoreError::from_redb)?;
                current = Some((table, opened));
            }
            let Some((_, t)) = current.as_mut() else {
                continue;
            };
            match value {
                Some(bytes) => {
                    t.insert(key.as_str(), bytes.as_slice())
                        .map_err(StoreError::from_redb)?;
                }
                None => {
                    t.remove(key.as_str()).map_err(StoreError::from_redb)?;
                }
            }
        }
        Ok(written)
    }
}
