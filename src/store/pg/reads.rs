//! A snapshot on PostgreSQL: one pooled connection inside a `REPEATABLE READ
//! READ ONLY` transaction, so every read of one request sees one committed
//! state (the writer's batches commit whole), as a redb read transaction does.

use std::sync::Arc;

use deadpool_postgres::Object;

use super::super::{Row, StoreError, Table};
use super::migrations::table_number;
use super::{Pg, failed};

/// Rows fetched per query while a scan pages through a range.
const PAGE_ROWS_MAX: usize = 1_000;

pub struct Reader {
    pg: Arc<Pg>,
    /// `Some` until dropped.
    connection: Option<Object>,
}

impl Drop for Reader {
    fn drop(&mut self) {
        if let Some(connection) = self.connection.take() {
            self.pg.release(connection);
        }
    }
}

/// One bound of a key range, as stored.
pub(super) fn key_bytes(key: &str) -> &[u8] {
    key.as_bytes()
}

/// A stored key back as the `&str` it was.
pub(super) fn key_text(bytes: Vec<u8>) -> Result<String, StoreError> {
    String::from_utf8(bytes).map_err(|_| StoreError::Codec("a stored key is not UTF-8".into()))
}

/// The SQL of a range read: keys in `[lo, hi)` (no upper bound without
/// `hi`), ascending or descending, at most `$4` (or `$3`) rows.
pub(super) fn range_sql(rev: bool, bounded: bool) -> &'static str {
    match (rev, bounded) {
        (false, true) => {
            "SELECT k, v FROM paygate_kv WHERE tbl = $1 AND k >= $2 AND k < $3 ORDER BY k LIMIT $4"
        }
        (true, true) => {
            "SELECT k, v FROM paygate_kv WHERE tbl = $1 AND k >= $2 AND k < $3 ORDER BY k DESC LIMIT $4"
        }
        (false, false) => {
            "SELECT k, v FROM paygate_kv WHERE tbl = $1 AND k >= $2 ORDER BY k LIMIT $3"
        }
        (true, false) => {
            "SELECT k, v FROM paygate_kv WHERE tbl = $1 AND k >= $2 ORDER BY k DESC LIMIT $3"
        }
    }
}

/// A connection of the store (a snapshot's, or the writer's batch) to read
/// through; its errors name the server as `Pg::shown` does.
#[derive(Clone, Copy)]
pub(in crate::store) struct Client<'c> {
    pub pg: &'c Pg,
    pub connection: &'c Object,
}

impl Client<'_> {
    /// The value at `key` of `table`.
    pub fn get(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let (client, shown) = (self.connection, self.pg.shown.as_str());
        self.pg.block(async move {
            let statement = client
                .prepare_cached("SELECT v FROM paygate_kv WHERE tbl = $1 AND k = $2")
                .await
                .map_err(|e| failed(shown, "prepare a read", e))?;
            let row = client
                .query_opt(&statement, &[&table_number(table), &key_bytes(key)])
                .await
                .map_err(|e| failed(shown, "read", e))?;
            Ok(row.map(|row| row.get(0)))
        })?
    }

    /// Rows of `table` in `[lo, hi)` (no upper bound without `hi`),
    /// ascending (`rev`: descending), at most `limit`.
    pub fn range(
        &self,
        table: Table,
        lo: &str,
        hi: Option<&str>,
        rev: bool,
        limit: usize,
    ) -> Result<Vec<Row>, StoreError> {
        let (client, shown) = (self.connection, self.pg.shown.as_str());
        self.pg.block(async move {
            let tbl = table_number(table);
            let limit = i64::try_from(limit).unwrap_or(i64::MAX);
            let statement = client
                .prepare_cached(range_sql(rev, hi.is_some()))
                .await
                .map_err(|e| failed(shown, "prepare a range read", e))?;
            let lo = key_bytes(lo);
            let rows = match hi {
                Some(hi) => {
                    client
                        .query(&statement, &[&tbl, &lo, &key_bytes(hi), &limit])
                        .await
                }
                None => client.query(&statement, &[&tbl, &lo, &limit]).await,
            }
            .map_err(|e| failed(shown, "read a range", e))?;
            rows.into_iter()
                .map(|row| Ok((key_text(row.get(0))?, row.get(1))))
                .collect()
        })?
    }
}

/// The smallest key greater than `key`: the next page starts there.
fn after(key: &str) -> String {
    let mut next = String::with_capacity(key.len() + 1);
    next.push_str(key);
    next.push('\0');
    next
}

impl Reader {
    /// Takes a connection and opens its read transaction.
    pub fn begin(pg: Arc<Pg>) -> Result<Reader, StoreError> {
        let connection = pg.read_connection()?;
        let mut reader = Reader {
            pg,
            connection: None,
        };
        let shown = reader.pg.shown.clone();
        let connection = reader.pg.block(async move {
            connection
                .batch_execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                .await
                .map(|()| connection)
                .map_err(|e| failed(&shown, "begin a snapshot", e))
        })??;
        reader.connection = Some(connection);
        Ok(reader)
    }

    /// The snapshot's connection, to read through.
    pub fn client(&self) -> Result<Client<'_>, StoreError> {
        let connection = self
            .connection
            .as_ref()
            .ok_or_else(|| StoreError::Engine("the snapshot is closed".into()))?;
        Ok(Client {
            pg: &self.pg,
            connection,
        })
    }

    /// Rows of `table` in `[lo, hi)` descending, one page at a time, for a
    /// scan that filters: `visit` returns false to stop. Pages grow from
    /// `first_page` rows to [`PAGE_ROWS_MAX`].
    pub fn walk_rev(
        &self,
        table: Table,
        lo: &str,
        hi: &str,
        first_page: usize,
        mut visit: impl FnMut(String, Vec<u8>) -> bool,
    ) -> Result<(), StoreError> {
        let mut upper = hi.to_string();
        let mut page = first_page.clamp(1, PAGE_ROWS_MAX);
        loop {
            let rows = self.client()?.range(table, lo, Some(&upper), true, page)?;
            let full = rows.len() == page;
            let Some(last) = rows.last().map(|(k, _)| k.clone()) else {
                return Ok(());
            };
            for (k, v) in rows {
                if !visit(k, v) {
                    return Ok(());
                }
            }
            if !full {
                return Ok(());
            }
            upper = last;
            page = (page * 4).min(PAGE_ROWS_MAX);
        }
    }

    /// Every row of `table` in key order, a page at a time.
    pub fn for_each(
        &self,
        table: Table,
        mut visit: impl FnMut(&str, &[u8]) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let mut lower = String::new();
        loop {
            let rows = self
                .client()?
                .range(table, &lower, None, false, PAGE_ROWS_MAX)?;
            let full = rows.len() == PAGE_ROWS_MAX;
            for (k, v) in &rows {
                visit(k, v)?;
            }
            match rows.last() {
                Some((k, _)) if full => lower = after(k),
                _ => return Ok(()),
            }
        }
    }

    /// Rows in `table`.
    pub fn count(&self, table: Table) -> Result<u64, StoreError> {
        let client = self.client()?.connection;
        let shown = &self.pg.shown;
        let row = self.pg.block(async move {
            client
                .query_one(
                    "SELECT count(*) FROM paygate_kv WHERE tbl = $1",
                    &[&table_number(table)],
                )
                .await
                .map_err(|e| failed(shown, "count rows", e))
        })??;
        Ok(u64::try_from(row.get::<_, i64>(0)).unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_next_page_starts_right_after_the_last_key() {
        let next = super::after("pi_1");
        assert!(next.as_str() > "pi_1");
        // Nothing fits between a key and its successor.
        assert!(next.as_str() < "pi_1\u{1}");
        assert!(next.as_str() < "pi_10");
    }
}
