//! The PostgreSQL schema and its versions. `paygate init --store URL` applies
//! what is missing ([`migrate`]); `serve` and the offline commands refuse a
//! schema that is not exactly the one this binary knows ([`check`]), so a
//! node never writes rows an older or newer layout would misread.
//!
//! A migration is a version number and SQL, applied once, in order, in one
//! transaction with its `paygate_migrations` row, under an advisory lock of
//! its own (two `init`s at once apply each version once).

use super::super::{StoreError, Table};
use super::{Pg, failed};

/// Every version of the schema, oldest first. Append only: a released
/// version's SQL never changes.
pub const MIGRATIONS: &[(i32, &str)] = &[(
    1,
    // One table for the store's eleven: `tbl` is `table_number`, `k` the
    // key's UTF-8 bytes (bytea compares byte by byte, as redb orders keys),
    // `v` the value as the codec wrote it. The primary key is the one index
    // every read and scan uses.
    "CREATE TABLE paygate_kv (
         tbl smallint NOT NULL,
         k bytea NOT NULL,
         v bytea NOT NULL,
         PRIMARY KEY (tbl, k)
     )",
)];

/// The version this binary reads and writes.
pub fn latest() -> i32 {
    MIGRATIONS.last().map_or(0, |(version, _)| *version)
}

/// Advisory lock key of `init`'s migrations ("paygate" + 'm').
const MIGRATION_LOCK: i64 = 0x7061_7967_6174_656d;

/// The stable number of `table` in `paygate_kv.tbl`. Never reuse or change
/// one: rows are stored under it.
pub(in crate::store) fn table_number(table: Table) -> i16 {
    match table {
        Table::Meta => 1,
        Table::ApiKeys => 2,
        Table::Objects => 3,
        Table::Index => 4,
        Table::Idempotency => 5,
        Table::IdempotencyExpiry => 6,
        Table::Balances => 7,
        Table::Journal => 8,
        Table::Events => 9,
        Table::Timers => 10,
        Table::DeliveryQueue => 11,
    }
}

const CREATE_MIGRATIONS: &str = "CREATE TABLE paygate_migrations (
     version int PRIMARY KEY,
     applied_at timestamptz NOT NULL DEFAULT now()
 )";

/// The schema version of the database: 0 when paygate never ran `init` there.
pub fn version(pg: &Pg) -> Result<i32, StoreError> {
    let client = pg.read_connection()?;
    let shown = pg.shown.clone();
    pg.block(async move {
        let exists = client
            .query_one("SELECT to_regclass('paygate_migrations') IS NOT NULL", &[])
            .await
            .map_err(|e| failed(&shown, "read the schema version", e))?;
        if !exists.get::<_, bool>(0) {
            return Ok(0);
        }
        let row = client
            .query_one(
                "SELECT coalesce(max(version), 0) FROM paygate_migrations",
                &[],
            )
            .await
            .map_err(|e| failed(&shown, "read the schema version", e))?;
        Ok(row.get::<_, i32>(0))
    })?
}

/// Applies every migration the database lacks; returns the versions applied.
/// Refuses a database migrated by a newer paygate.
pub fn migrate(pg: &Pg) -> Result<Vec<i32>, StoreError> {
    let mut client = pg.read_connection()?;
    let shown = pg.shown.clone();
    pg.block(async move {
        let txn = client
            .transaction()
            .await
            .map_err(|e| failed(&shown, "begin the migration", e))?;
        txn.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
            .await
            .map_err(|e| failed(&shown, "lock the migrations", e))?;
        let exists: bool = txn
            .query_one("SELECT to_regclass('paygate_migrations') IS NOT NULL", &[])
            .await
            .map_err(|e| failed(&shown, "read the schema version", e))?
            .get(0);
        if !exists {
            txn.batch_execute(CREATE_MIGRATIONS)
                .await
                .map_err(|e| failed(&shown, "create paygate_migrations", e))?;
        }
        let current: i32 = txn
            .query_one(
                "SELECT coalesce(max(version), 0) FROM paygate_migrations",
                &[],
            )
            .await
            .map_err(|e| failed(&shown, "read the schema version", e))?
            .get(0);
        if current > latest() {
            return Err(newer(&shown, current));
        }
        let mut applied = Vec::new();
        for (version, sql) in MIGRATIONS.iter().filter(|(v, _)| *v > current) {
            txn.batch_execute(sql)
                .await
                .map_err(|e| failed(&shown, &format!("apply migration {version}"), e))?;
            txn.execute(
                "INSERT INTO paygate_migrations (version) VALUES ($1)",
                &[version],
            )
            .await
            .map_err(|e| failed(&shown, &format!("record migration {version}"), e))?;
            applied.push(*version);
        }
        txn.commit()
            .await
            .map_err(|e| failed(&shown, "commit the migrations", e))?;
        Ok(applied)
    })?
}

/// Refuses a database whose schema is not [`latest`]: missing (never
/// initialised), older (run `init` to migrate), or newer.
pub fn check(pg: &Pg) -> Result<(), StoreError> {
    let found = version(pg)?;
    match found.cmp(&latest()) {
        std::cmp::Ordering::Equal => Ok(()),
        std::cmp::Ordering::Greater => Err(newer(&pg.shown, found)),
        std::cmp::Ordering::Less if found == 0 => Err(StoreError::State(format!(
            "{} holds no paygate store; run `paygate init --store URL` first",
            pg.shown
        ))),
        std::cmp::Ordering::Less => Err(StoreError::State(format!(
            "{} holds schema version {found}, this paygate needs {}; run `paygate init --store URL` \
             to migrate it (it keeps every row)",
            pg.shown,
            latest()
        ))),
    }
}

fn newer(shown: &str, found: i32) -> StoreError {
    StoreError::State(format!(
        "{shown} holds schema version {found}, newer than this paygate's {}; run the newer paygate",
        latest()
    ))
}
