//! The writer's batch on PostgreSQL: one transaction per batch, as one redb
//! write transaction is.
//!
//! Batches of different nodes run at the same time and are kept apart by
//! locks on what they touch ([`super::locks`]), two-phase: a batch takes a
//! shared lock on every row it reads before reading it, an exclusive lock on
//! a range's prefix before scanning it, and before its writes go out an
//! exclusive lock on every row it writes and a shared one on each of the
//! row's prefixes; all are held until `COMMIT`. Under READ COMMITTED every
//! statement after a lock sees every batch committed before it, so a command
//! reads what a single writer would have read: batches that touch the same
//! rows (one organisation's balances, one idempotency key, one timer) apply
//! one after the other, batches of different organisations in parallel.
//!
//! A batch never waits for a row lock while it holds one: a lock another
//! batch holds makes it roll back whole (nothing of it written, nobody
//! answered) and the writer runs it again, first waiting for the locks it
//! was refused, in a fixed order, before it holds any other
//! ([`Isolation::Rows`]). Waits are ordered, so no batch waits in a cycle:
//! there is no deadlock to detect. A batch that keeps being refused runs
//! alone ([`Isolation::Alone`]): the writers' lock exclusively, which every
//! other batch holds shared.
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
use super::locks::{self, RowLock};
use super::migrations::table_number;
use super::reads::{Client, key_bytes};
use super::{Pg, failed};

/// The writers' lock ("paygate" + 'w'): every batch holds it shared, a
/// batch that runs alone holds it exclusively, as do the offline commands.
pub const WRITER_LOCK: i64 = 0x7061_7967_6174_6577;

/// Opens a batch: READ COMMITTED (each statement sees the latest commits,
/// which the locks make final), durable commit whatever the server's
/// default, a bound on how long the batch may sit idle between statements.
/// The writers' lock follows ([`Isolation::begin`]). One round trip.
///
/// The idle bound is what frees the cluster when a node holding locks
/// vanishes without closing its connection (power loss, a partition): the
/// server aborts the batch and releases its locks after 10 s (decision
/// 260). A batch's commands run between its statements and none takes near
/// that long (commands are bounded chunks), so only a vanished node reaches
/// it. A node that dies (`kill -9`, a crash) closes its socket, and the
/// server aborts its batch at once.
const BEGIN_BATCH: &str = "BEGIN ISOLATION LEVEL READ COMMITTED; \
     SET LOCAL synchronous_commit = on; \
     SET LOCAL idle_in_transaction_session_timeout = '10s'";

const _: () = assert!(WRITER_LOCK == 8_097_887_089_912_472_951);

const UPSERT: &str = "INSERT INTO paygate_kv (tbl, k, v) \
     SELECT * FROM unnest($1::int2[], $2::bytea[], $3::bytea[]) \
     ON CONFLICT (tbl, k) DO UPDATE SET v = excluded.v";
const DELETE: &str = "DELETE FROM paygate_kv USING unnest($1::int2[], $2::bytea[]) AS gone(tbl, k) \
     WHERE paygate_kv.tbl = gone.tbl AND paygate_kv.k = gone.k";
const READ_ONE: &str = "SELECT v FROM paygate_kv WHERE tbl = $1 AND k = $2";

/// How a batch keeps apart from the other nodes' batches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Isolation {
    /// Row and range locks, never waited for once the batch holds one;
    /// first it waits for `wait_for` (the locks a previous run of the same
    /// commands was refused), in their fixed order.
    Rows { wait_for: Vec<RowLock> },
    /// The writers' lock exclusively: no other batch runs meanwhile, so no
    /// row lock is needed (the offline commands, work that cannot be run
    /// again, and a batch refused too many times).
    Alone,
}

impl Isolation {
    /// The statements after [`BEGIN_BATCH`]: the writers' lock, then the
    /// locks to wait for, each a statement of its own so that the server
    /// takes them in this (sorted) order.
    fn begin(&self) -> String {
        let mut sql = String::from(BEGIN_BATCH);
        match self {
            Isolation::Alone => {
                sql.push_str(&format!("; SELECT pg_advisory_xact_lock({WRITER_LOCK})"));
            }
            Isolation::Rows { wait_for } => {
                sql.push_str(&format!(
                    "; SELECT pg_advisory_xact_lock_shared({WRITER_LOCK})"
                ));
                for lock in locks::in_order(wait_for) {
                    let (a, b) = lock.key;
                    let shared = if lock.exclusive { "" } else { "_shared" };
                    sql.push_str(&format!("; SELECT pg_advisory_xact_lock{shared}({a}, {b})"));
                }
            }
        }
        sql
    }
}

/// A batch rolled back because another node's batch held a lock it needed:
/// nothing of it was written; run it again, waiting first for `refused`.
#[derive(Debug)]
pub struct Contended {
    pub refused: Vec<RowLock>,
}

/// The row locks a batch holds (`true`: exclusively) and those it was refused.
#[derive(Default)]
struct Held {
    held: HashMap<(i32, i32), bool>,
    refused: Vec<RowLock>,
}

impl Held {
    /// Whether `lock` must still be asked for.
    fn lacks(&self, lock: &RowLock) -> bool {
        match self.held.get(&lock.key) {
            Some(exclusive) => lock.exclusive && !exclusive,
            None => true,
        }
    }

    fn note(&mut self, lock: RowLock, granted: bool) {
        if granted {
            let exclusive = self.held.entry(lock.key).or_insert(false);
            *exclusive |= lock.exclusive;
        } else {
            self.refused.push(lock);
        }
    }
}

/// The error a batch's reads fail with once it was refused a lock: its
/// commands stop early, and the batch is rolled back and run again.
fn refused_error() -> StoreError {
    StoreError::Engine("another node's batch holds a row this batch needs; it runs again".into())
}

/// The tables of one batch transaction, for [`Tx`](super::super::Tx).
struct Batch<'c> {
    db: Client<'c>,
    /// The batch's writes so far (`None`: deleted), flushed at the end.
    pending: RefCell<BTreeMap<Key, Option<Vec<u8>>>>,
    /// Values read in this batch. A read row is locked shared until the
    /// batch ends (or the batch runs alone): its value stays true until the
    /// batch writes it.
    read: RefCell<HashMap<Key, Option<Vec<u8>>>>,
    /// `None` when the batch runs alone.
    locks: Option<RefCell<Held>>,
}

impl Batch<'_> {
    fn refused(&self) -> bool {
        self.locks
            .as_ref()
            .is_some_and(|held| !held.borrow().refused.is_empty())
    }

    /// Takes `lock` (unless held) without waiting; false when refused.
    fn try_lock(&self, lock: RowLock) -> Result<bool, StoreError> {
        let Some(held) = &self.locks else {
            return Ok(true);
        };
        if !held.borrow().lacks(&lock) {
            return Ok(true);
        }
        let granted = self.try_locks(std::slice::from_ref(&lock))?.is_empty();
        held.borrow_mut().note(lock, granted);
        Ok(granted)
    }

    /// Asks for `wanted` without waiting; returns those refused.
    fn try_locks(&self, wanted: &[RowLock]) -> Result<Vec<RowLock>, StoreError> {
        let (client, shown) = (self.db.connection, self.db.pg.shown.as_str());
        self.db.pg.block(async move {
            let statement = client
                .prepare_cached(locks::TRY_LOCKS)
                .await
                .map_err(|e| failed(shown, "prepare the batch's locks", e))?;
            let (a, b, x) = locks::columns(wanted);
            let rows = client
                .query(&statement, &[&a, &b, &x])
                .await
                .map_err(|e| failed(shown, "lock rows", e))?;
            Ok(rows
                .into_iter()
                .map(|row| RowLock {
                    key: (row.get(0), row.get(1)),
                    exclusive: row.get(2),
                })
                .collect())
        })?
    }

    /// Reads one row after locking it shared, in one round trip: the two
    /// statements are pipelined, and the read's snapshot is taken after the
    /// lock is granted. Returns `None` when the lock was refused.
    fn locked_get(
        &self,
        lock: RowLock,
        table: Table,
        key: &str,
    ) -> Result<Option<Option<Vec<u8>>>, StoreError> {
        let (client, shown) = (self.db.connection, self.db.pg.shown.as_str());
        let (a, b, x) = locks::columns(std::slice::from_ref(&lock));
        let (refused, value) = self.db.pg.block(async move {
            let lock_statement = client
                .prepare_cached(locks::TRY_LOCKS)
                .await
                .map_err(|e| failed(shown, "prepare the batch's locks", e))?;
            let read_statement = client
                .prepare_cached(READ_ONE)
                .await
                .map_err(|e| failed(shown, "prepare a read", e))?;
            let tbl = table_number(table);
            let bytes = key_bytes(key);
            let lock_params: [&(dyn tokio_postgres::types::ToSql + Sync); 3] = [&a, &b, &x];
            let read_params: [&(dyn tokio_postgres::types::ToSql + Sync); 2] = [&tbl, &bytes];
            let (refused, row) = tokio::try_join!(
                client.query(&lock_statement, &lock_params),
                client.query_opt(&read_statement, &read_params),
            )
            .map_err(|e| failed(shown, "lock and read a row", e))?;
            Ok::<_, StoreError>((!refused.is_empty(), row.map(|row| row.get::<_, Vec<u8>>(0))))
        })??;
        let Some(held) = &self.locks else {
            return Ok(Some(value));
        };
        held.borrow_mut().note(lock, !refused);
        Ok((!refused).then_some(value))
    }

    /// Takes the locks of the batch's writes: each written row exclusively,
    /// each of its prefixes shared (against another batch's scan of them).
    /// Returns those refused.
    fn lock_writes(&self) -> Result<Vec<RowLock>, StoreError> {
        let Some(held) = &self.locks else {
            return Ok(Vec::new());
        };
        let mut wanted: BTreeMap<(i32, i32), bool> = BTreeMap::new();
        for (table, key) in self.pending.borrow().keys() {
            for lock in locks::of_write(table_number(*table), key) {
                let exclusive = wanted.entry(lock.key).or_insert(false);
                *exclusive |= lock.exclusive;
            }
        }
        let wanted: Vec<RowLock> = wanted
            .into_iter()
            .map(|(key, exclusive)| RowLock { key, exclusive })
            .filter(|lock| held.borrow().lacks(lock))
            .collect();
        if wanted.is_empty() {
            return Ok(Vec::new());
        }
        self.try_locks(&wanted)
    }
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
        if self.refused() {
            return Err(refused_error());
        }
        let lock = locks::of_row(table_number(table), key, false);
        let needs_lock = self
            .locks
            .as_ref()
            .is_some_and(|held| held.borrow().lacks(&lock));
        let value = if needs_lock {
            self.locked_get(lock, table, key)?
                .ok_or_else(refused_error)?
        } else {
            self.db.get(table, key)?
        };
        self.read.borrow_mut().insert(wanted, value.clone());
        Ok(value)
    }

    fn range(&self, span: Span<'_>, limit: usize) -> Result<Vec<Row>, StoreError> {
        if self.refused() {
            return Err(refused_error());
        }
        let lock = locks::of_range(table_number(span.table), span.lo, span.hi);
        if !self.try_lock(lock)? {
            return Err(refused_error());
        }
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
    /// Runs `work` on the tables of one batch transaction, isolated from the
    /// other nodes' batches as `isolation` says, and commits it durably.
    /// Returns `work`'s value and how long the commit took, or
    /// [`Contended`] when the batch was rolled back for another's locks.
    /// When `work` or the commit fails, nothing of the batch is kept.
    pub(in crate::store) fn write_batch<R>(
        &self,
        isolation: &Isolation,
        work: impl FnOnce(&dyn Tables) -> Result<R, StoreError>,
    ) -> Result<Result<(R, Duration), Contended>, StoreError> {
        let connection = self.block(self.writes.get())?.map_err(|e| {
            StoreError::Engine(format!("{}: no writer connection: {e}", self.shown))
        })?;
        let begun = self.block(connection.batch_execute(&isolation.begin()))?;
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
            locks: match isolation {
                Isolation::Rows { .. } => Some(RefCell::default()),
                Isolation::Alone => None,
            },
        };
        let worked = work(&batch);
        let refused = match (&worked, batch.refused()) {
            (_, true) => Ok(batch.locks.map(|held| held.into_inner().refused)),
            (Ok(_), false) => batch
                .lock_writes()
                .map(|refused| (!refused.is_empty()).then_some(refused)),
            (Err(_), false) => Ok(None),
        };
        let refused = match refused {
            Ok(refused) => refused,
            Err(e) => {
                self.release(connection);
                return Err(e);
            }
        };
        if let Some(refused) = refused {
            self.release(connection);
            return Ok(Err(Contended { refused }));
        }
        let value = match worked {
            Ok(value) => value,
            Err(e) => {
                self.release(connection);
                return Err(e);
            }
        };
        let flush = Flush::of(batch.pending.into_inner());
        let began = Instant::now();
        let committed = self.block(flush.write_and_commit(&connection, &self.shown))?;
        let took = began.elapsed();
        match committed {
            Ok(()) => Ok(Ok((value, took))),
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
        let alone = Isolation::Alone.begin();
        assert!(alone.contains(&format!("pg_advisory_xact_lock({WRITER_LOCK})")));
        assert!(alone.contains("idle_in_transaction_session_timeout = '10s'"));
        let rows = Isolation::Rows {
            wait_for: vec![
                RowLock {
                    key: (5, 1),
                    exclusive: false,
                },
                RowLock {
                    key: (-3, 9),
                    exclusive: true,
                },
            ],
        }
        .begin();
        assert!(rows.contains(&format!("pg_advisory_xact_lock_shared({WRITER_LOCK})")));
        // The refused locks are waited for in their fixed order.
        let first = rows.find("pg_advisory_xact_lock(-3, 9)").expect("first");
        let second = rows
            .find("pg_advisory_xact_lock_shared(5, 1)")
            .expect("second");
        assert!(first < second, "{rows}");
    }
}
