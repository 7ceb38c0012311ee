//! The writer's batch on PostgreSQL: one transaction per batch, as one redb
//! write transaction is.
//!
//! It begins by taking [`WRITER_LOCK`], a transaction-scoped advisory lock
//! every node's writer takes: batches of the whole cluster are applied one at
//! a time, and under READ COMMITTED every statement after the lock sees every
//! batch committed before it. That is the single writer of the embedded
//! store, stretched across nodes: a command reads the state every earlier
//! command left, so the rules of money need no retry loop, and a command two
//! nodes both pick up (a timer, an idempotency key) is applied by the first
//! and found done by the second.
//!
//! Writes stay in memory until the batch ends (later commands of the batch
//! read them through [`Batch`]), then go in two statements and a `COMMIT`
//! with `synchronous_commit = on`: the batch is durable (on the primary and,
//! when the server is set up so, its synchronous standbys) before any
//! command is answered.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};

use deadpool_postgres::Object;

#[cfg(test)]
use super::super::staged::merge;
use super::super::staged::{Key, range_through};
use super::super::tx::{Span, Tables};
use super::super::{Row, StoreError, Table};
use super::migrations::table_number;
use super::reads::{Client, key_bytes};
use super::{Pg, failed};

/// The advisory lock that serialises the writers of every node ("paygate" + 'w').
pub const WRITER_LOCK: i64 = 0x7061_7967_6174_6577;

/// Opens a batch: READ COMMITTED (each statement sees the latest commits,
/// which the lock makes final), durable commit whatever the server's
/// default, a bound on how long the batch may sit idle between statements,
/// then the writers' lock. One round trip.
///
/// The idle bound is what frees the cluster when a node holding the lock
/// vanishes without closing its connection (power loss, a partition): the
/// server aborts the batch and releases the lock after 10 s (decision 260).
/// A batch's commands run between its statements and none takes near that
/// long (commands are bounded chunks), so only a vanished node reaches it.
/// A node that dies (`kill -9`, a crash) closes its socket, and the server
/// aborts its batch at once.
const BEGIN_BATCH: &str = "BEGIN ISOLATION LEVEL READ COMMITTED; \
     SET LOCAL synchronous_commit = on; \
     SET LOCAL idle_in_transaction_session_timeout = '10s'; \
     SELECT pg_advisory_xact_lock(8097887089912472951)";

const _: () = assert!(WRITER_LOCK == 8_097_887_089_912_472_951);

const UPSERT: &str = "INSERT INTO paygate_kv (tbl, k, v) \
     SELECT * FROM unnest($1::int2[], $2::bytea[], $3::bytea[]) \
     ON CONFLICT (tbl, k) DO UPDATE SET v = excluded.v";
const DELETE: &str = "DELETE FROM paygate_kv USING unnest($1::int2[], $2::bytea[]) AS gone(tbl, k) \
     WHERE paygate_kv.tbl = gone.tbl AND paygate_kv.k = gone.k";

/// The tables of one batch transaction, for [`Tx`](super::super::Tx).
struct Batch<'c> {
    db: Client<'c>,
    /// The batch's writes so far (`None`: deleted), flushed at the end.
    pending: RefCell<BTreeMap<Key, Option<Vec<u8>>>>,
    /// Values read in this batch. No other writer runs while the lock is
    /// held, so a value read once stays true until the batch writes it.
    read: RefCell<HashMap<Key, Option<Vec<u8>>>>,
}

impl Tables for Batch<'_> {
    fn get(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let wanted = (table, key.to_string());
        if let Some(value) = self.pending.borrow().get(&wanted) {
            return Ok(value.clone());
        }
        if let Some(value) = self.read.borrow().get(&wanted) {
            return Ok(value.clone());
        }
        let value = self.db.get(table, key)?;
        self.read.borrow_mut().insert(wanted, value.clone());
        Ok(value)
    }

    fn range(&self, span: Span<'_>, limit: usize) -> Result<Vec<Row>, StoreError> {
        range_through(&self.pending.borrow(), span, limit, |count| {
            self.db
                .range(span.table, span.lo, Some(span.hi), span.rev, count)
        })
    }

    fn insert(&self, table: Table, key: &str, value: &[u8]) -> Result<(), StoreError> {
        self.pending
            .borrow_mut()
            .insert((table, key.to_string()), Some(value.to_vec()));
        Ok(())
    }

    fn remove(&self, table: Table, key: &str) -> Result<(), StoreError> {
        self.pending
            .borrow_mut()
            .insert((table, key.to_string()), None);
        Ok(())
    }
}

/// The batch's writes as the arrays of [`UPSERT`] and [`DELETE`].
#[derive(Default)]
struct Flush {
    put_tables: Vec<i16>,
    put_keys: Vec<Vec<u8>>,
    put_values: Vec<Vec<u8>>,
    gone_tables: Vec<i16>,
    gone_keys: Vec<Vec<u8>>,
}

impl Flush {
    fn of(pending: BTreeMap<Key, Option<Vec<u8>>>) -> Flush {
        let mut flush = Flush::default();
        for ((table, key), value) in pending {
            let key = key_bytes(&key).to_vec();
            match value {
                Some(value) => {
                    flush.put_tables.push(table_number(table));
                    flush.put_keys.push(key);
                    flush.put_values.push(value);
                }
                None => {
                    flush.gone_tables.push(table_number(table));
                    flush.gone_keys.push(key);
                }
            }
        }
        flush
    }

    async fn write_and_commit(self, client: &Object, shown: &str) -> Result<(), StoreError> {
        if !self.put_keys.is_empty() {
            let upsert = client
                .prepare_cached(UPSERT)
                .await
                .map_err(|e| failed(shown, "prepare the batch's writes", e))?;
            client
                .execute(
                    &upsert,
                    &[&self.put_tables, &self.put_keys, &self.put_values],
                )
                .await
                .map_err(|e| failed(shown, "write the batch", e))?;
        }
        if !self.gone_keys.is_empty() {
            let delete = client
                .prepare_cached(DELETE)
                .await
                .map_err(|e| failed(shown, "prepare the batch's deletes", e))?;
            client
                .execute(&delete, &[&self.gone_tables, &self.gone_keys])
                .await
                .map_err(|e| failed(shown, "delete in the batch", e))?;
        }
        client
            .batch_execute("COMMIT")
            .await
            .map_err(|e| failed(shown, "commit the batch", e))
    }
}

impl Pg {
    /// Runs `work` on the tables of one batch transaction and commits it
    /// durably. Returns `work`'s value and how long the commit took. When
    /// `work` or the commit fails, nothing of the batch is kept.
    pub(in crate::store) fn write_batch<R>(
        &self,
        work: impl FnOnce(&dyn Tables) -> Result<R, StoreError>,
    ) -> Result<(R, Duration), StoreError> {
        let connection = self.block(self.writes.get())?.map_err(|e| {
            StoreError::Engine(format!("{}: no writer connection: {e}", self.shown))
        })?;
        let begun = self.block(connection.batch_execute(BEGIN_BATCH))?;
        if let Err(e) = begun {
            self.release(connection);
            return Err(failed(&self.shown, "begin the batch", e));
        }
        let batch = Batch {
            db: Client {
                pg: self,
                connection: &connection,
            },
            pending: RefCell::default(),
            read: RefCell::default(),
        };
        let value = match work(&batch) {
            Ok(value) => value,
            Err(e) => {
                drop(batch);
                self.release(connection);
                return Err(e);
            }
        };
        let flush = Flush::of(batch.pending.into_inner());
        let began = Instant::now();
        let committed = self.block(flush.write_and_commit(&connection, &self.shown))?;
        let took = began.elapsed();
        match committed {
            Ok(()) => Ok((value, took)),
            Err(e) => {
                // The commit's outcome is unknown if the connection broke:
                // requests are answered with an error, and a retry with the
                // same idempotency key finds the record if it committed.
                self.release(connection);
                Err(e)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(k: &str) -> Row {
        (k.to_string(), k.as_bytes().to_vec())
    }

    #[test]
    fn a_batchs_writes_lie_over_the_committed_rows_in_scan_order() {
        let committed = vec![row("a"), row("b"), row("c")];
        let mut pending: BTreeMap<Key, Option<Vec<u8>>> = BTreeMap::new();
        pending.insert((Table::Meta, "b".into()), None);
        pending.insert((Table::Meta, "bb".into()), Some(b"new".to_vec()));
        let keys = |rows: Vec<Row>| rows.into_iter().map(|(k, _)| k).collect::<Vec<_>>();
        assert_eq!(
            keys(merge(committed.clone(), pending.iter(), false, 10)),
            ["a", "bb", "c"]
        );
        assert_eq!(
            keys(merge(committed.clone(), pending.iter(), true, 2)),
            ["c", "bb"]
        );
        assert_eq!(keys(merge(committed, pending.iter(), false, 1)), ["a"]);
    }

    #[test]
    fn the_lock_key_and_the_idle_bound_in_the_sql_are_the_named_ones() {
        assert!(BEGIN_BATCH.contains(&WRITER_LOCK.to_string()));
        assert!(BEGIN_BATCH.contains("idle_in_transaction_session_timeout = '10s'"));
    }
}
