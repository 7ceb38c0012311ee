//! [`Tx`]: one command's view of the write transaction.
//!
//! A command reads through and writes into an overlay; the writer flushes the
//! overlay into the redb transaction only when the command succeeds. A failed
//! command therefore leaves no trace, and commands before and after it in the
//! same group commit are unaffected (issue 2 point 4), without savepoints.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::ops::Range;

use redb::{ReadableTable, WriteTransaction};
use serde::Serialize;

use super::staged::range_through;
use super::{
    Read, Row, StoreError, Table, TableSet, codec, encode, prefix_end, unpack_rows, value_at,
};

type RedbTable<'txn> = redb::Table<'txn, &'static str, &'static [u8]>;

/// The tables of one write transaction, each opened once, on first use, for
/// every command of the batch: opening a table (and closing it, which writes
/// its root back) for each read and each command's flush was a few percent of
/// the writer's time (decision 226). redb refuses to open one table twice, so
/// every use goes through here.
pub struct OpenTables<'txn> {
    txn: &'txn WriteTransaction,
    open: [RefCell<Option<RedbTable<'txn>>>; Table::ALL.len()],
}

impl<'txn> OpenTables<'txn> {
    pub fn new(txn: &'txn WriteTransaction) -> OpenTables<'txn> {
        OpenTables {
            txn,
            open: std::array::from_fn(|_| RefCell::new(None)),
        }
    }

    /// Runs `work` on `table`, opening it the first time. `work` must not
    /// reach the same table again (it never does: it is one redb call).
    fn with<R>(
        &self,
        table: Table,
        work: impl FnOnce(&mut RedbTable<'txn>) -> Result<R, StoreError>,
    ) -> Result<R, StoreError> {
        let mut slot = self.open[table.index()].borrow_mut();
        if slot.is_none() {
            *slot = Some(
                self.txn
                    .open_table(table.def())
                    .map_err(StoreError::from_redb)?,
            );
        }
        match slot.as_mut() {
            Some(opened) => work(opened),
            None => Err(StoreError::Engine(format!(
                "table {} is not open",
                table.name()
            ))),
        }
    }
}

/// The keys `lo..hi` of one table, read in key order or (`rev`) from the
/// greatest.
#[derive(Debug, Clone, Copy)]
pub(super) struct Span<'a> {
    pub table: Table,
    pub lo: &'a str,
    pub hi: &'a str,
    pub rev: bool,
}

/// What a [`Tx`] needs of the transaction's tables, without their lifetime
/// in its type (`Tx<'_>` is named in hundreds of signatures).
pub(super) trait Tables {
    fn get(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError>;
    /// The rows of `span`, at most `limit`.
    fn range(&self, span: Span<'_>, limit: usize) -> Result<Vec<Row>, StoreError>;
    fn insert(&self, table: Table, key: &str, value: &[u8]) -> Result<(), StoreError>;
    fn remove(&self, table: Table, key: &str) -> Result<(), StoreError>;
    /// Writes a command's `value` as given (`None`: deletes): packed and
    /// written now, or staged until the batch ends ([`super::staged::Staged`]).
    fn stage(&self, table: Table, key: String, value: Option<Vec<u8>>) -> Result<(), StoreError> {
        match value {
            Some(value) => self.insert(table, &key, &codec::pack(table, &value)),
            None => self.remove(table, &key),
        }
    }
}

impl Tables for OpenTables<'_> {
    fn get(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.with(table, |t| value_at(t, key))
    }

    fn range(&self, span: Span<'_>, limit: usize) -> Result<Vec<Row>, StoreError> {
        self.with(span.table, |t| {
            let range = t.range(span.lo..span.hi).map_err(StoreError::from_redb)?;
            let rows: Box<dyn Iterator<Item = _>> = if span.rev {
                Box::new(range.rev())
            } else {
                Box::new(range)
            };
            let mut out = Vec::new();
            for item in rows.take(limit) {
                let (k, v) = item.map_err(StoreError::from_redb)?;
                out.push((k.value().to_string(), v.value().to_vec()));
            }
            Ok(out)
        })
    }

    fn insert(&self, table: Table, key: &str, value: &[u8]) -> Result<(), StoreError> {
        self.with(table, |t| {
            t.insert(key, value).map_err(StoreError::from_redb)?;
            Ok(())
        })
    }

    fn remove(&self, table: Table, key: &str) -> Result<(), StoreError> {
        self.with(table, |t| {
            t.remove(key).map_err(StoreError::from_redb)?;
            Ok(())
        })
    }
}

pub struct Tx<'a> {
    tables: &'a dyn Tables,
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
    /// Set by a command that wrote an organisation's record (see
    /// [`Tx::organisation_changed`]).
    organisation_changed: bool,
}

/// An object a command wrote: its bytes before and after ([`Tx::written_objects`]).
pub struct WrittenObject {
    pub id: String,
    pub before: Option<Vec<u8>>,
    pub now: Option<Vec<u8>>,
}

/// An event's id and the bytes of its `object`, as stored in the outbox.
pub struct Emitted {
    pub event: String,
    pub object: Vec<u8>,
}

impl<'a> Tx<'a> {
    pub(super) fn new(tables: &'a dyn Tables, now_ms: i64) -> Tx<'a> {
        Tx {
            tables,
            overlay: BTreeMap::new(),
            now_ms,
            wall_ms: now_ms,
            clock: None,
            emitted: Vec::new(),
            organisation_changed: false,
        }
    }

    /// Records that this command wrote an organisation's record: its commit
    /// moves [`Store::organisations_generation`](super::Store::organisations_generation)
    /// on, which the organisation cache follows. Organisations live in
    /// `objects` and `meta`, which nearly every commit changes, so the
    /// tables' own generations would empty the cache all the time.
    pub fn organisation_changed(&mut self) {
        self.organisation_changed = true;
    }

    /// Notes that the command emitted `event` with these object bytes.
    pub fn note_emitted(&mut self, event: String, object: Vec<u8>) {
        self.emitted.push(Emitted { event, object });
    }

    /// The events this command emitted so far, oldest first.
    pub fn emitted(&self) -> &[Emitted] {
        &self.emitted
    }

    /// The objects this command wrote so far: each id with its bytes
    /// before the command (`None`: it creates it) and now (`None`: it
    /// deletes it). The simulator's invariants (`src/sim/`) read what moved
    /// and from where through this.
    pub fn written_objects(&self) -> Result<Vec<WrittenObject>, StoreError> {
        self.overlay
            .iter()
            .filter(|((table, _), _)| *table == Table::Objects)
            .map(|((table, id), now)| {
                Ok(WrittenObject {
                    id: id.clone(),
                    before: self
                        .tables
                        .get(*table, id)?
                        .map(|stored| super::codec::unpacked(*table, stored))
                        .transpose()?,
                    now: now.clone(),
                })
            })
            .collect()
    }

    /// How many rows of any table this command wrote or deleted so far:
    /// the simulator checks that a timer delivered again writes none.
    pub(crate) fn writes(&self) -> usize {
        self.overlay.len()
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

    pub(in crate::store) fn put(&mut self, table: Table, key: impl Into<String>, value: Vec<u8>) {
        self.overlay.insert((table, key.into()), Some(value));
    }

    pub(in crate::store) fn put_json<T: Serialize>(
        &mut self,
        table: Table,
        key: impl Into<String>,
        value: &T,
    ) -> Result<(), StoreError> {
        let bytes = encode(value)?;
        self.put(table, key, bytes);
        Ok(())
    }

    pub(in crate::store) fn delete(&mut self, table: Table, key: impl Into<String>) {
        self.overlay.insert((table, key.into()), None);
    }

    /// The rows of `span`, at most `limit`, pending writes laid over the
    /// committed ones.
    fn merged(&self, span: Span<'_>, limit: usize) -> Result<Vec<Row>, StoreError> {
        range_through(&self.overlay, span, limit, |count| {
            unpack_rows(span.table, self.tables.range(span, count)?)
        })
    }

    /// Writes the overlay into the transaction. Called by the writer (and the
    /// offline CLI) after the command succeeded. Returns the tables written.
    pub(super) fn flush(self) -> Result<TableSet, StoreError> {
        let mut written = TableSet::default();
        if self.organisation_changed {
            written.insert_organisations();
        }
        for ((table, key), value) in self.overlay {
            written.insert(table);
            self.tables.stage(table, key, value)?;
        }
        Ok(written)
    }
}

#[allow(private_interfaces)]
impl Read for Tx<'_> {
    /// The value at `key`, the command's pending write first.
    fn get(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        if let Some(pending) = self.overlay.get(&(table, key.to_string())) {
            return Ok(pending.clone());
        }
        self.tables
            .get(table, key)?
            .map(|stored| codec::unpacked(table, stored))
            .transpose()
    }

    fn range(&self, table: Table, keys: Range<&str>, limit: usize) -> Result<Vec<Row>, StoreError> {
        let span = Span {
            table,
            lo: keys.start,
            hi: keys.end,
            rev: false,
        };
        self.merged(span, limit)
    }

    /// Index rows under `prefix`, newest first, pending writes included:
    /// [`Snapshot::scan_rev`] for a command (an agent run completed by a
    /// timer reads its history here).
    ///
    /// [`Snapshot::scan_rev`]: super::Snapshot::scan_rev
    fn scan_index_rev(&self, prefix: &str, limit: usize) -> Result<Vec<Row>, StoreError> {
        let end = prefix_end(prefix);
        let span = Span {
            table: Table::Index,
            lo: prefix,
            hi: &end,
            rev: true,
        };
        self.merged(span, limit)
    }
}
