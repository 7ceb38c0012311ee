//! The typed face of the store: what code outside `store/` reads and writes,
//! by what it is (an object, an index row, a balance, a timer), never by a
//! table name. Like redb's `TableDefinition<K, V>`, each accessor knows its
//! table and its value's type; keys are still built (and, for the families
//! that are scanned, taken apart) in [`keys`](super::keys) only.
//!
//! | what | read ([`Read`]: a [`Snapshot`] or a [`Tx`]) | write ([`Tx`]) |
//! |---|---|---|
//! | an object (`objects`, JSON) | [`Read::object`], [`Read::object_bytes`], [`Read::record`] | [`Tx::put_object`], [`Tx::put_record`], [`Tx::delete_object`] |
//! | an index row (`index`) | [`Read::index`], [`Read::index_id`], [`Read::index_count`], [`Read::scan_index`], [`Read::scan_index_rev`] | [`Tx::put_index`], [`Tx::put_index_count`], [`Tx::delete_index`] |
//! | a singleton (`meta`) | [`Read::meta`], [`Read::has_meta`] | [`Tx::put_meta`], [`Tx::delete_meta`] |
//! | an API key (`api_keys`) | [`Read::api_key`] | [`Tx::put_api_key`] |
//! | a balance (`balances`, i64) | [`Read::balance`] | [`Tx::put_balance`] |
//! | a posting (`journal`) | [`Read::posting`] | [`Tx::put_posting`] |
//! | an event (`events`) | [`Read::event`], [`Read::event_bytes`] | [`Tx::put_event_bytes`] |
//! | an idempotency record | [`Read::idempotency`] | (the writer) |
//! | a timer (`timers`) | [`Read::timer`], [`Read::scan_timers`], [`Read::scan_queue`] | [`Tx::put_timer`], [`Tx::delete_timer`] |
//! | a webhook delivery due (`delivery_queue`) | [`Read::scan_queue`] | [`Tx::put_delivery_due`], [`Tx::delete_delivery_due`] |
//!
//! Whole-table walks (`verify`), first rows of queues and newest-first list
//! scans are [`Snapshot`]'s own (`for_each_balance`, `first_due`,
//! `scan_index_page`, ...). A read is written once, for handlers and
//! commands, as `fn f(read: &impl Read)`.

use std::ops::Range;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{Row, Scanned, Snapshot, StoreError, Table, Tx, codec, decode, keys, prefix_end};
use crate::mode::Mode;

/// A singleton of the `meta` table, by a name the store owns (the type of
/// its value is the caller's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Meta {
    /// The organisation of a single-organisation store (`domain::org`).
    Organisation,
    /// The guardian's halt, when the gateway is halted.
    Guardian,
    /// The platform's webhook signing keys (`events::signing`).
    SigningKeys,
    /// The diaspora institutions an operator imported.
    Institutions,
    /// The FX rates operators set in a mode (`domain::fx::rates`).
    FxRates(Mode),
    /// What reconciliation statements found, all told (`/metrics`).
    ReconciliationTotals,
    /// A name no code reads: for tests of what a write changes.
    #[cfg(test)]
    Scratch(&'static str),
}

impl Meta {
    fn key(self) -> String {
        match self {
            Meta::Organisation => "organisation".to_string(),
            Meta::Guardian => "guardian".to_string(),
            Meta::SigningKeys => "signing_keys".to_string(),
            Meta::Institutions => "institutions".to_string(),
            Meta::FxRates(mode) => keys::fx_rates(mode),
            Meta::ReconciliationTotals => "reconciliation_totals".to_string(),
            #[cfg(test)]
            Meta::Scratch(name) => name.to_string(),
        }
    }
}

/// Where the JSON records of a family live: the objects, or (events) their own table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Records {
    Objects,
    Events,
}

impl Records {
    pub(super) fn table(self) -> Table {
        match self {
            Records::Objects => Table::Objects,
            Records::Events => Table::Events,
        }
    }
}

/// The two `<due_ms:020>|<id>` queues ([`keys::due`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Queue {
    Timers,
    Deliveries,
}

impl Queue {
    fn table(self) -> Table {
        match self {
            Queue::Timers => Table::Timers,
            Queue::Deliveries => Table::DeliveryQueue,
        }
    }
}

/// Reading the store, alike for a committed [`Snapshot`] and a command's
/// [`Tx`] (which also sees the command's own pending writes): a domain read is
/// written once, as `fn find(read: &impl Read, ...)`, for handlers and for
/// commands, instead of a `read(snapshot)` and `load(tx)` pair.
///
/// The first methods are the engine's, by table, for the store's own use
/// (each backend reads a key and a range of keys; the rest is written here
/// once); code outside the store calls the typed ones below them. Outside the
/// store `Table` cannot be named, so the compiler keeps it that way.
#[allow(private_interfaces)]
pub trait Read {
    /// The raw value at `key` of `table`.
    fn get(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError>;

    /// The record at `key` of `table`, decoded with the store's [`codec`].
    fn get_json<T: DeserializeOwned>(
        &self,
        table: Table,
        key: &str,
    ) -> Result<Option<T>, StoreError>
    where
        Self: Sized,
    {
        self.get(table, key)?
            .map(|bytes| decode(&bytes))
            .transpose()
    }

    /// Rows of `table` whose key is in `keys`, oldest (smallest key) first,
    /// at most `limit`.
    fn range(&self, table: Table, keys: Range<&str>, limit: usize) -> Result<Vec<Row>, StoreError>;

    /// Rows of `table` whose key starts with `prefix` and is below `upper`
    /// (when given), oldest (smallest key) first, at most `limit`.
    fn scan(
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
        self.range(table, prefix..hi, limit)
    }

    /// Index rows under `prefix`, newest (greatest key) first, at most `limit`.
    fn scan_index_rev(&self, prefix: &str, limit: usize) -> Result<Vec<Row>, StoreError>;

    /// The object at `key` (an id, or a key of [`keys`] kept in `objects`).
    fn object<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>, StoreError>
    where
        Self: Sized,
    {
        self.get_json(Table::Objects, key)
    }

    /// The object at `key`, as stored (JSON bytes).
    fn object_bytes(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.get(Table::Objects, key)
    }

    /// The record `id` of `records` (an object, or an event).
    fn record<T: DeserializeOwned>(
        &self,
        records: Records,
        id: &str,
    ) -> Result<Option<T>, StoreError>
    where
        Self: Sized,
    {
        self.get_json(records.table(), id)
    }

    /// The index row at `key` (its value: empty, a pointer, a digest).
    fn index(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.get(Table::Index, key)
    }

    /// The id an index row at `key` points to (its value, as text).
    fn index_id(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .index(key)?
            .map(|id| String::from_utf8_lossy(&id).into_owned()))
    }

    /// The counter an index row at `key` keeps (an i64, like a balance):
    /// invoice numbers, what was sent in a day or a month.
    fn index_count(&self, key: &str) -> Result<Option<i64>, StoreError> {
        Ok(self.index(key)?.map(|bytes| codec::decode_balance(&bytes)))
    }

    /// Index rows under `prefix` and below `upper` (when given), in key
    /// order, at most `limit`.
    fn scan_index(
        &self,
        prefix: &str,
        upper: Option<&str>,
        limit: usize,
    ) -> Result<Vec<Row>, StoreError> {
        self.scan(Table::Index, prefix, upper, limit)
    }

    /// Objects whose key starts with `prefix`, in key order, at most `limit`.
    fn scan_objects(&self, prefix: &str, limit: usize) -> Result<Vec<Row>, StoreError> {
        self.scan(Table::Objects, prefix, None, limit)
    }

    /// The singleton `name`.
    fn meta<T: DeserializeOwned>(&self, name: Meta) -> Result<Option<T>, StoreError>
    where
        Self: Sized,
    {
        self.get_json(Table::Meta, &name.key())
    }

    /// True when the singleton `name` is set.
    fn has_meta(&self, name: Meta) -> Result<bool, StoreError> {
        Ok(self.get(Table::Meta, &name.key())?.is_some())
    }

    /// The API key record of the secret's `digest`.
    fn api_key<T: DeserializeOwned>(&self, digest: &str) -> Result<Option<T>, StoreError>
    where
        Self: Sized,
    {
        self.get_json(Table::ApiKeys, digest)
    }

    /// The balance of the ledger account `account` (`ledger::Account::key`).
    fn balance(&self, account: &str) -> Result<Option<i64>, StoreError> {
        Ok(self
            .get(Table::Balances, account)?
            .map(|bytes| codec::decode_balance(&bytes)))
    }

    /// The journal's posting `id` (`txn_...`).
    fn posting<T: DeserializeOwned>(&self, id: &str) -> Result<Option<T>, StoreError>
    where
        Self: Sized,
    {
        self.get_json(Table::Journal, id)
    }

    /// The event `id` (`evt_...`).
    fn event<T: DeserializeOwned>(&self, id: &str) -> Result<Option<T>, StoreError>
    where
        Self: Sized,
    {
        self.get_json(Table::Events, id)
    }

    /// The event `id`, as stored (JSON bytes).
    fn event_bytes(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.get(Table::Events, id)
    }

    /// The idempotency record at `key` ([`keys::idempotency`]).
    fn idempotency<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>, StoreError>
    where
        Self: Sized,
    {
        self.get_json(Table::Idempotency, key)
    }

    /// The timer at `key` ([`keys::due`], [`keys::clock_due`]), as stored.
    fn timer(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.get(Table::Timers, key)
    }

    /// Timers whose key starts with `prefix` and is below `upper`, in key order.
    fn scan_timers(
        &self,
        prefix: &str,
        upper: Option<&str>,
        limit: usize,
    ) -> Result<Vec<Row>, StoreError> {
        self.scan(Table::Timers, prefix, upper, limit)
    }

    /// Entries of `queue` due before `upper` (every entry: `None`), oldest first.
    fn scan_queue(
        &self,
        queue: Queue,
        upper: Option<&str>,
        limit: usize,
    ) -> Result<Vec<Row>, StoreError> {
        self.scan(queue.table(), "", upper, limit)
    }
}

/// A reference reads what it refers to: `&dyn Read` (and a trait object of
/// a trait built on `Read`) is a sized `Read` for the generic reads.
#[allow(private_interfaces)]
impl<R: Read + ?Sized> Read for &R {
    fn get(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        (**self).get(table, key)
    }

    fn range(&self, table: Table, keys: Range<&str>, limit: usize) -> Result<Vec<Row>, StoreError> {
        (**self).range(table, keys, limit)
    }

    fn scan_index_rev(&self, prefix: &str, limit: usize) -> Result<Vec<Row>, StoreError> {
        (**self).scan_index_rev(prefix, limit)
    }
}

/// What only a committed snapshot reads: bounded newest-first pages, whole
/// tables, the heads of queues.
impl Snapshot {
    /// Index rows under `prefix`, newest first, strictly before `before`
    /// when given, keeping those `keep` accepts, at most `limit` (at most
    /// `SCAN_ROWS_MAX` examined): a page of a list.
    pub fn scan_index_page(
        &self,
        prefix: &str,
        before: Option<&str>,
        limit: usize,
        keep: impl FnMut(&str, &[u8]) -> bool,
    ) -> Result<Vec<Row>, StoreError> {
        self.scan_rev(Table::Index, prefix, before, limit, keep)
    }

    /// [`Snapshot::scan_index_page`], telling where it stopped when it was cut.
    pub fn scan_index_page_bounded(
        &self,
        prefix: &str,
        before: Option<&str>,
        limit: usize,
        keep: impl FnMut(&str, &[u8]) -> bool,
    ) -> Result<Scanned, StoreError> {
        self.scan_rev_bounded(Table::Index, prefix, before, limit, keep)
    }

    /// Balances whose account key starts with `prefix`, greatest key first,
    /// at most `limit`, as `(account, balance)`.
    pub fn scan_balances_rev(
        &self,
        prefix: &str,
        limit: usize,
    ) -> Result<Vec<(String, i64)>, StoreError> {
        Ok(self
            .scan_rev(Table::Balances, prefix, None, limit, |_, _| true)?
            .into_iter()
            .map(|(account, bytes)| (account, codec::decode_balance(&bytes)))
            .collect())
    }

    /// Every balance, in account order (`verify`).
    pub fn for_each_balance(
        &self,
        mut visit: impl FnMut(&str, i64) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        self.for_each(Table::Balances, |account, bytes| {
            visit(account, codec::decode_balance(bytes))
        })
    }

    /// Every posting of the journal, in id order, as stored (`verify`).
    pub fn for_each_posting(
        &self,
        visit: impl FnMut(&str, &[u8]) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        self.for_each(Table::Journal, visit)
    }

    /// The due time of the first entry of `queue`, if any.
    pub fn first_due(&self, queue: Queue) -> Result<Option<i64>, StoreError> {
        Ok(self
            .first(queue.table())?
            .and_then(|(key, _)| keys::due_ms(&key)))
    }

    /// Every event, in id order, at most `limit` (tests).
    #[cfg(test)]
    pub fn scan_events(&self, limit: usize) -> Result<Vec<Row>, StoreError> {
        self.scan(Table::Events, "", None, limit)
    }
}

/// A command's typed writes; see the module's table.
impl Tx<'_> {
    pub fn put_object<T: Serialize>(
        &mut self,
        key: impl Into<String>,
        value: &T,
    ) -> Result<(), StoreError> {
        self.put_json(Table::Objects, key, value)
    }

    /// Writes an object's bytes as given (already JSON).
    pub fn put_object_bytes(&mut self, key: impl Into<String>, value: Vec<u8>) {
        self.put(Table::Objects, key, value)
    }

    pub fn delete_object(&mut self, key: impl Into<String>) {
        self.delete(Table::Objects, key)
    }

    /// Writes the record `id` of `records`.
    pub fn put_record<T: Serialize>(
        &mut self,
        records: Records,
        id: impl Into<String>,
        value: &T,
    ) -> Result<(), StoreError> {
        self.put_json(records.table(), id, value)
    }

    pub fn put_index(&mut self, key: impl Into<String>, value: Vec<u8>) {
        self.put(Table::Index, key, value)
    }

    /// Sets the counter of the index row at `key` ([`Read::index_count`]).
    pub fn put_index_count(&mut self, key: impl Into<String>, count: i64) {
        self.put(Table::Index, key, codec::encode_balance(count))
    }

    pub fn delete_index(&mut self, key: impl Into<String>) {
        self.delete(Table::Index, key)
    }

    pub fn put_meta<T: Serialize>(&mut self, name: Meta, value: &T) -> Result<(), StoreError> {
        self.put_json(Table::Meta, name.key(), value)
    }

    /// Writes the singleton's bytes as given (tests of unrelated writes).
    #[cfg(test)]
    pub fn put_meta_bytes(&mut self, name: Meta, value: Vec<u8>) {
        self.put(Table::Meta, name.key(), value)
    }

    pub fn delete_meta(&mut self, name: Meta) {
        self.delete(Table::Meta, name.key())
    }

    pub fn put_api_key<T: Serialize>(
        &mut self,
        digest: impl Into<String>,
        value: &T,
    ) -> Result<(), StoreError> {
        self.put_json(Table::ApiKeys, digest, value)
    }

    /// Sets a ledger balance; only the ledger's `apply` (and its tests) do.
    pub fn put_balance(&mut self, account: impl Into<String>, balance: i64) {
        self.put(Table::Balances, account, codec::encode_balance(balance))
    }

    pub fn put_posting<T: Serialize>(
        &mut self,
        id: impl Into<String>,
        value: &T,
    ) -> Result<(), StoreError> {
        self.put_json(Table::Journal, id, value)
    }

    /// Writes an event's bytes as given (already JSON).
    pub fn put_event_bytes(&mut self, id: impl Into<String>, value: Vec<u8>) {
        self.put(Table::Events, id, value)
    }

    pub fn put_timer<T: Serialize>(
        &mut self,
        key: impl Into<String>,
        value: &T,
    ) -> Result<(), StoreError> {
        self.put_json(Table::Timers, key, value)
    }

    pub fn delete_timer(&mut self, key: impl Into<String>) {
        self.delete(Table::Timers, key)
    }

    /// Queues a webhook delivery at `key` ([`keys::due`]).
    pub fn put_delivery_due(&mut self, key: impl Into<String>) {
        self.put(Table::DeliveryQueue, key, Vec::new())
    }

    pub fn delete_delivery_due(&mut self, key: impl Into<String>) {
        self.delete(Table::DeliveryQueue, key)
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// Files outside `store/` still allowed a raw table: none.
    const RAW_TABLE_ALLOWED: [&str; 0] = [];

    /// Ways of taking a store key apart by hand: the decoders of `keys` do it.
    const KEY_PARSING: [&str; 5] = [
        "[prefix.len()..]",
        "rsplit('|')",
        ".split('|').skip(",
        ".split('|').nth(",
        "split_once('|')",
    ];

    fn sources(dir: &Path, found: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).expect("src") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                sources(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("read");
                let root = Path::new(env!("CARGO_MANIFEST_DIR"));
                let name = path.strip_prefix(root).unwrap_or(&path);
                found.push((name.display().to_string(), text));
            }
        }
    }

    #[test]
    fn no_code_outside_the_store_names_a_table_or_parses_a_key() {
        let mut files = Vec::new();
        sources(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut files,
        );
        assert!(files.len() > 100, "found the sources");
        let mut offending = Vec::new();
        for (name, text) in &files {
            if name.starts_with("src/store/") {
                continue;
            }
            if text.contains("Table::") && !RAW_TABLE_ALLOWED.contains(&name.as_str()) {
                offending.push(format!(
                    "{name}: names a raw table (use store::Read's typed reads)"
                ));
            }
            for pattern in KEY_PARSING {
                if text.contains(pattern) {
                    offending.push(format!(
                        "{name}: parses a key with `{pattern}` (use a store::keys decoder)"
                    ));
                }
            }
        }
        assert!(offending.is_empty(), "{offending:#?}");
    }
}
