//! [`Staged`]: the writes of one batch, kept as the commands gave them until
//! the batch ends, then packed once each and written through (decision 283).
//!
//! Packing (zstd with the records' dictionary, [`codec::pack`]) was a fifth
//! of the writer's time under `pay`, and the writer is the one serial part of
//! the gateway: everything it does delays every request queued behind it.
//! Packing is pure, so the batch packs its rows on two threads at once, the
//! writer and one helper, and a row written by several commands of a batch
//! is packed once. Commands read through the staged rows (unpacked: a packed
//! table's reader takes plain JSON as it is), so every command still sees
//! the writes of the commands before it.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

use crossbeam_channel::Sender;

use super::tx::{Span, Tables};
use super::{Row, StoreError, Table, codec};

/// A staged row's table and key.
pub(super) type Key = (Table, String);
/// A row as a batch writes it: its table and key, and its value (`None`:
/// deleted).
pub(super) type Written = (Key, Option<Vec<u8>>);

/// Below this many bytes to pack, the writer packs a batch alone: waking the
/// helper costs a thread wake-up (tens of µs).
const SHARED_PACKING_MIN_BYTES: usize = 16 * 1024;

pub(super) struct Staged<'t> {
    inner: &'t dyn Tables,
    /// The batch's writes so far, unpacked (`None`: deleted).
    pending: RefCell<BTreeMap<Key, Option<Vec<u8>>>>,
}

impl<'t> Staged<'t> {
    pub(super) fn new(inner: &'t dyn Tables) -> Staged<'t> {
        Staged {
            inner,
            pending: RefCell::new(BTreeMap::new()),
        }
    }

    /// Packs every staged row and writes it to the transaction underneath,
    /// in key order. Returns the rows as written: the batch's record in the
    /// write-ahead log ([`super::wal`]).
    pub(super) fn write_out(self) -> Result<Vec<Written>, StoreError> {
        let mut rows: Vec<Written> = self.pending.into_inner().into_iter().collect();
        pack_rows(&mut rows);
        for ((table, key), value) in &rows {
            match value {
                Some(stored) => self.inner.insert(*table, key, stored)?,
                None => self.inner.remove(*table, key)?,
            }
        }
        Ok(rows)
    }
}

impl Tables for Staged<'_> {
    fn get(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        if let Some(value) = self.pending.borrow().get(&(table, key.to_string())) {
            return Ok(value.clone());
        }
        self.inner.get(table, key)
    }

    fn range(&self, span: Span<'_>, limit: usize) -> Result<Vec<Row>, StoreError> {
        range_through(&self.pending.borrow(), span, limit, |count| {
            self.inner.range(span, count)
        })
    }

    /// A value already in its stored form (nothing calls this while staging:
    /// [`Tables::stage`] is the way in); kept unpacked like the others.
    fn insert(&self, table: Table, key: &str, stored: &[u8]) -> Result<(), StoreError> {
        let value = codec::unpack(table, stored)?.into_owned();
        self.stage(table, key.to_string(), Some(value))
    }

    fn remove(&self, table: Table, key: &str) -> Result<(), StoreError> {
        self.stage(table, key.to_string(), None)
    }

    fn stage(&self, table: Table, key: String, value: Option<Vec<u8>>) -> Result<(), StoreError> {
        self.pending.borrow_mut().insert((table, key), value);
        Ok(())
    }
}

/// The rows of `span` in scan order, at most `limit`, with a batch's
/// `pending` writes laid over those `committed(count)` reads: it is asked for
/// as many more committed rows as the batch may have deleted.
pub(super) fn range_through(
    pending: &BTreeMap<Key, Option<Vec<u8>>>,
    span: Span<'_>,
    limit: usize,
    committed: impl FnOnce(usize) -> Result<Vec<Row>, StoreError>,
) -> Result<Vec<Row>, StoreError> {
    let bounds = (span.table, span.lo.to_string())..(span.table, span.hi.to_string());
    let extra = pending.range(bounds.clone()).count();
    let committed = committed(limit.saturating_add(extra))?;
    Ok(merge(committed, pending.range(bounds), span.rev, limit))
}

/// Committed rows of a range (in scan order) with a batch's writes in that
/// range laid over them, in scan order, at most `limit`.
pub(super) fn merge<'p>(
    committed: Vec<Row>,
    pending: impl Iterator<Item = (&'p Key, &'p Option<Vec<u8>>)>,
    rev: bool,
    limit: usize,
) -> Vec<Row> {
    let mut merged: BTreeMap<String, Vec<u8>> = committed.into_iter().collect();
    for ((_, key), value) in pending {
        match value {
            Some(v) => merged.insert(key.clone(), v.clone()),
            None => merged.remove(key),
        };
    }
    if rev {
        merged.into_iter().rev().take(limit).collect()
    } else {
        merged.into_iter().take(limit).collect()
    }
}

/// A batch's values to pack, shared by the writer and the helper: each
/// takes the next unclaimed value until none is left, so the writer never
/// waits for a helper that has not woken up (the cores may be busy with
/// requests), only for a value the helper is packing at that moment.
struct Shared {
    values: Vec<(Table, Mutex<Vec<u8>>)>,
    next: AtomicUsize,
}

impl Shared {
    fn pack_until_none_left(&self) {
        loop {
            let at = self.next.fetch_add(1, Ordering::Relaxed);
            let Some((table, value)) = self.values.get(at) else {
                return;
            };
            pack_in_place(
                *table,
                &mut value.lock().unwrap_or_else(PoisonError::into_inner),
            );
        }
    }
}

/// The helper thread that packs beside the writer, with its own compression
/// context (preparing one costs more than packing a record, so the thread
/// lives as long as the process).
static HELPER: LazyLock<Option<Sender<Arc<Shared>>>> = LazyLock::new(|| {
    let (jobs, queue) = crossbeam_channel::bounded::<Arc<Shared>>(4);
    std::thread::Builder::new()
        .name("record-packer".to_string())
        .spawn(move || {
            for shared in queue {
                shared.pack_until_none_left();
            }
        })
        .ok()
        .map(|_| jobs)
});

fn pack_in_place(table: Table, value: &mut Vec<u8>) {
    *value = codec::packed(table, std::mem::take(value));
}

/// Packs the values of `rows` in place: with the helper thread when there
/// are enough bytes to share, else here alone.
fn pack_rows(rows: &mut [(Key, Option<Vec<u8>>)]) {
    let packable = |((table, _), value): &(Key, Option<Vec<u8>>)| match value {
        Some(v) if codec::packs(*table) => v.len(),
        _ => 0,
    };
    let total: usize = rows.iter().map(packable).sum();
    let helper = HELPER
        .as_ref()
        .filter(|_| total >= SHARED_PACKING_MIN_BYTES);
    let Some(helper) = helper else {
        for ((table, _), value) in rows.iter_mut() {
            if let Some(value) = value {
                pack_in_place(*table, value);
            }
        }
        return;
    };
    let mut places = Vec::new();
    let mut values = Vec::new();
    for (at, row) in rows.iter_mut().enumerate() {
        if let ((table, _), Some(value)) = row
            && codec::packs(*table)
        {
            places.push(at);
            values.push((*table, Mutex::new(std::mem::take(value))));
        }
    }
    let shared = Arc::new(Shared {
        values,
        next: AtomicUsize::new(0),
    });
    // A helper still busy with an earlier batch (or gone) leaves it all here.
    let _ = helper.try_send(Arc::clone(&shared));
    shared.pack_until_none_left();
    for (at, (_, value)) in places.into_iter().zip(&shared.values) {
        let packed = std::mem::take(&mut *value.lock().unwrap_or_else(PoisonError::into_inner));
        rows[at].1 = Some(packed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(n: usize) -> Vec<u8> {
        format!(
            r#"{{"id":"pi_{n:020}","object":"payment_intent","status":"REQUIRES_PAYMENT_METHOD","amount_minor":{n},"currency":"CDF","metadata":{{}},"timeline":[{{"event":"intent.created","actor":"api"}}]}}"#
        )
        .into_bytes()
    }

    /// Large and small batches (the helper's share and the writer's alone)
    /// pack every row exactly as packing each row on its own does.
    #[test]
    fn packing_a_batch_packs_each_row_as_alone() {
        for count in [0, 1, 5, 60, 400] {
            let mut rows: Vec<(Key, Option<Vec<u8>>)> = (0..count)
                .map(|n| {
                    let table = [Table::Objects, Table::Index, Table::Events][n % 3];
                    let value = (n % 7 != 3).then(|| record(n));
                    ((table, format!("k{n:05}")), value)
                })
                .collect();
            let expected: Vec<Option<Vec<u8>>> = rows
                .iter()
                .map(|((table, _), value)| {
                    value.as_ref().map(|v| codec::pack(*table, v).into_owned())
                })
                .collect();
            pack_rows(&mut rows);
            let got: Vec<Option<Vec<u8>>> = rows.into_iter().map(|(_, v)| v).collect();
            assert_eq!(got, expected, "{count} rows");
        }
    }
}
