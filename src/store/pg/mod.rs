//! The PostgreSQL backend (`--store postgres://...`): the same tables, reads
//! and write path as the embedded redb file, on one PostgreSQL database that
//! several gateway nodes may share (`docs/scale-out.md`).
//!
//! - Every redb table is a range of one key-value table, `paygate_kv(tbl, k,
//!   v)`, keyed by a stable table number and the key's bytes ([`migrations`]):
//!   `bytea` orders as redb orders `&str` keys (byte by byte), whatever the
//!   database's encoding or collation, so every prefix scan is one index range.
//! - A [`Snapshot`](super::Snapshot) is a pooled connection inside a
//!   `REPEATABLE READ READ ONLY` transaction ([`reads`]): one consistent view
//!   per request, as redb's read transaction gives.
//! - The writer's batch is one transaction that first takes a global advisory
//!   lock ([`batch`]): batches of every node are applied one after the other,
//!   each seeing every earlier commit, so the single-writer rules of money
//!   hold across nodes without retries.
//!
//! The callers are synchronous (the ~160 `store.snapshot()` call sites and
//! the writer thread), the driver is async: [`Pg::block`] runs a driver
//! future on this module's own small runtime, which also drives every
//! connection, without blocking a server worker's other tasks.

mod batch;
mod locks;
pub mod migrations;
mod reads;
#[cfg(test)]
mod tests;
pub mod tls;

use std::future::Future;
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use tokio_postgres::NoTls;

use super::StoreError;

pub(super) use batch::Isolation;
pub(super) use reads::Reader;

/// Connections for snapshots (requests' reads) at most, per node. A snapshot
/// holds its connection while it lives; beyond this, a request waits up to
/// [`POOL_WAIT_MAX`] for one, then fails with a store error.
pub const READ_CONNECTIONS_MAX: usize = 24;
/// How long a read waits for a free connection, and a connection attempt may take.
const POOL_WAIT_MAX: Duration = Duration::from_secs(10);
/// Threads of the runtime that drives the connections.
const DRIVER_THREADS: usize = 2;

/// True when `--store` names a PostgreSQL database rather than a data dir's file.
pub fn is_url(store: &str) -> bool {
    store.starts_with("postgres://") || store.starts_with("postgresql://")
}

/// `url` without its password, for logs and errors.
pub fn redacted(url: &str) -> String {
    let (one_host, hosts) = hosts_hidden(url);
    let shown = match url::Url::parse(&one_host) {
        Ok(mut parsed) if parsed.password().is_some() => {
            let _ = parsed.set_password(Some("********"));
            parsed.to_string()
        }
        Ok(parsed) => parsed.to_string(),
        Err(_) => return "<unparsable store URL>".to_string(),
    };
    hosts_shown(shown, hosts.as_deref())
}

/// Stands for a URL's list of hosts while it is parsed: the `url` crate
/// takes one host, the driver a list (`host1:5432,host2:5432`, a primary
/// and its standbys, with `target_session_attrs=read-write`).
const HOSTS: &str = "paygate-store-hosts";

/// `url` with a list of hosts replaced by [`HOSTS`], and the list; a URL of
/// one host unchanged and `None`.
fn hosts_hidden(url: &str) -> (String, Option<String>) {
    let Some(scheme_end) = url.find("://").map(|i| i + 3) else {
        return (url.to_string(), None);
    };
    let rest = &url[scheme_end..];
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let authority = &rest[..authority_end];
    let hosts_start = authority.rfind('@').map_or(0, |i| i + 1);
    let hosts = &authority[hosts_start..];
    if !hosts.contains(',') {
        return (url.to_string(), None);
    }
    let at = scheme_end + hosts_start;
    let hidden = format!("{}{HOSTS}{}", &url[..at], &url[at + hosts.len()..]);
    (hidden, Some(hosts.to_string()))
}

/// A URL made from [`hosts_hidden`]'s, with its hosts given back.
fn hosts_shown(url: String, hosts: Option<&str>) -> String {
    match hosts {
        Some(hosts) => url.replacen(HOSTS, hosts, 1),
        None => url,
    }
}

/// A PostgreSQL store: the runtime that drives its connections, and two
/// pools: the writer's own connection (never waits behind readers, who may
/// hold theirs while they wait for the writer), and the readers'.
pub struct Pg {
    /// `Some` until dropped (see `Drop`).
    runtime: Option<tokio::runtime::Runtime>,
    reads: Pool,
    writes: Pool,
    /// The URL without its password.
    pub shown: String,
}

impl Drop for Pg {
    fn drop(&mut self) {
        // The last handle may be dropped on a server worker, where waiting
        // for the driver's threads is not allowed.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

impl Pg {
    /// Connects to `url` (once, to check it) without touching the schema.
    pub fn connect(url: &str) -> Result<Pg, StoreError> {
        let shown = redacted(url);
        let settings = tls::Settings::of(url, &shown)?;
        let mut config: tokio_postgres::Config = settings
            .url
            .parse()
            .map_err(|e| StoreError::Engine(format!("{shown} is not a PostgreSQL URL: {e}")))?;
        config.ssl_mode(settings.mode);
        let connector = settings.connector()?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(DRIVER_THREADS)
            .thread_name("paygate-pg")
            .enable_all()
            .build()
            .map_err(|e| StoreError::Engine(format!("cannot start the PostgreSQL driver: {e}")))?;
        let pool = |max: usize| {
            let manager_config = ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            };
            let manager = match &connector {
                Some(rustls) => {
                    Manager::from_config(config.clone(), rustls.clone(), manager_config)
                }
                None => Manager::from_config(config.clone(), NoTls, manager_config),
            };
            Pool::builder(manager)
                .max_size(max)
                .runtime(Runtime::Tokio1)
                .wait_timeout(Some(POOL_WAIT_MAX))
                .create_timeout(Some(POOL_WAIT_MAX))
                .build()
                .map_err(|e| StoreError::Engine(format!("cannot make a pool for {shown}: {e}")))
        };
        let pg = Pg {
            reads: pool(READ_CONNECTIONS_MAX)?,
            writes: pool(1)?,
            runtime: Some(runtime),
            shown,
        };
        // Fail now, with the address, rather than on the first request.
        drop(pg.read_connection()?);
        Ok(pg)
    }

    fn runtime(&self) -> Result<&tokio::runtime::Runtime, StoreError> {
        self.runtime
            .as_ref()
            .ok_or_else(|| StoreError::Engine("the PostgreSQL driver has stopped".into()))
    }

    /// Runs a driver future to completion from synchronous code: on this
    /// store's runtime (so the connections it opens are driven there), in
    /// `block_in_place` on a server worker so its other tasks move on
    /// meanwhile, and on a thread of its own under a current-thread runtime,
    /// which cannot block in place.
    pub(super) fn block<F>(&self, work: F) -> Result<F::Output, StoreError>
    where
        F: Future + Send,
        F::Output: Send,
    {
        use tokio::runtime::{Handle, RuntimeFlavor};
        let runtime = self.runtime()?;
        match Handle::try_current().map(|h| h.runtime_flavor()) {
            Ok(RuntimeFlavor::MultiThread) => {
                Ok(tokio::task::block_in_place(|| runtime.block_on(work)))
            }
            Ok(_) => std::thread::scope(|scope| {
                scope
                    .spawn(|| runtime.block_on(work))
                    .join()
                    .map_err(|_| StoreError::Engine("a PostgreSQL call panicked".into()))
            }),
            Err(_) => Ok(runtime.block_on(work)),
        }
    }

    /// A connection of the readers' pool.
    fn read_connection(&self) -> Result<deadpool_postgres::Object, StoreError> {
        self.block(self.reads.get())?
            .map_err(|e| StoreError::Engine(format!("{}: no connection: {e}", self.shown)))
    }

    /// Hands `connection` back after a snapshot: its read transaction ends on
    /// the driver's runtime, off the request's path.
    fn release(&self, connection: deadpool_postgres::Object) {
        if let Ok(runtime) = self.runtime() {
            runtime.spawn(async move {
                if connection.batch_execute("ROLLBACK").await.is_err() {
                    // A connection in an unknown state never serves again.
                    drop(deadpool_postgres::Object::take(connection));
                }
            });
        }
    }

    /// Size of the store's table and its index, in bytes (0 when unknown).
    pub fn relation_bytes(&self) -> u64 {
        let sized = self.read_connection().and_then(|client| {
            self.block(async move {
                client
                    .query_one("SELECT pg_total_relation_size('paygate_kv')::int8", &[])
                    .await
            })?
            .map_err(|e| StoreError::Engine(e.to_string()))
        });
        sized
            .ok()
            .and_then(|row| row.try_get::<_, i64>(0).ok())
            .and_then(|bytes| u64::try_from(bytes).ok())
            .unwrap_or(0)
    }
}

/// A driver error, with the store it came from.
fn failed(shown: &str, what: &str, error: tokio_postgres::Error) -> StoreError {
    StoreError::Engine(format!("{shown}: {what}: {error}"))
}
