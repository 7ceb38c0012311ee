//! A fresh PostgreSQL database per data dir, when `PAYGATE_TEST_STORE` names
//! a server: created on the first `paygate` command given that data dir,
//! dropped with its [`super::TestServer`]. Databases of earlier runs whose process
//! is gone are dropped on first use (a killed `cargo test` leaves some).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

/// Databases this harness makes are named `<PREFIX><pid>_<n>`.
const PREFIX: &str = "paygate_t_";

/// The server URL of `PAYGATE_TEST_STORE`, if given.
pub fn server() -> Option<&'static str> {
    static URL: OnceLock<Option<String>> = OnceLock::new();
    URL.get_or_init(|| {
        std::env::var("PAYGATE_TEST_STORE")
            .ok()
            .filter(|url| !url.trim().is_empty())
    })
    .as_deref()
}

fn databases() -> &'static Mutex<HashMap<PathBuf, String>> {
    static DATABASES: OnceLock<Mutex<HashMap<PathBuf, String>>> = OnceLock::new();
    DATABASES.get_or_init(|| {
        sweep();
        Mutex::default()
    })
}

/// Stores a test made itself (the failover test's primary and standby),
/// by data dir: used as they are, never dropped.
fn own_stores() -> &'static Mutex<HashMap<PathBuf, String>> {
    static OWN: OnceLock<Mutex<HashMap<PathBuf, String>>> = OnceLock::new();
    OWN.get_or_init(Mutex::default)
}

/// Makes `url` the store of `dir` (and of the nodes started from it).
pub fn use_store(dir: impl Into<PathBuf>, url: &str) {
    own_stores()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(dir.into(), url.to_string());
}

/// The URL of `dir`'s database, made on first use; `None` on redb.
pub fn database_for(dir: impl Into<PathBuf>) -> Option<String> {
    let dir = dir.into();
    if let Some(url) = own_stores()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&dir)
    {
        return Some(url.clone());
    }
    // Which tests are ignored was decided when the binary was built
    // (build.rs): a binary run on another store would ignore the wrong ones.
    // Checked here, where every data dir starts, rather than in `server`,
    // which the drop of a failed test's database calls too.
    assert_eq!(
        server().is_some(),
        cfg!(paygate_test_store_pg),
        "PAYGATE_TEST_STORE is not what this test binary was built with: \
         run it through `cargo test`, which rebuilds it when the variable changes"
    );
    let server = server()?;
    let mut known = databases().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(url) = known.get(&dir) {
        return Some(url.clone());
    }
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let name = format!(
        "{PREFIX}{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    execute(server, &format!("CREATE DATABASE {name}"));
    let url = with_database(server, &name);
    known.insert(dir, url.clone());
    Some(url)
}

/// Drops the database of a data dir when dropped.
pub struct Dropped(pub PathBuf);

impl Drop for Dropped {
    fn drop(&mut self) {
        let Some(server) = server() else { return };
        let url = databases()
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.0);
        if let Some(name) = url.as_deref().and_then(database_name) {
            execute(
                server,
                &format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"),
            );
        }
    }
}

/// `url` with its database replaced by `name`.
fn with_database(url: &str, name: &str) -> String {
    let mut parsed =
        url::Url::parse(url).unwrap_or_else(|e| panic!("PAYGATE_TEST_STORE is not a URL ({e})"));
    parsed.set_path(&format!("/{name}"));
    parsed.to_string()
}

fn database_name(url: &str) -> Option<String> {
    let parsed = url::Url::parse(url).ok()?;
    Some(parsed.path().trim_start_matches('/').to_string())
}

/// Drops the databases of test processes that are gone.
fn sweep() {
    let Some(server) = server() else { return };
    for name in query_names(server) {
        let pid = name
            .strip_prefix(PREFIX)
            .and_then(|rest| rest.split('_').next())
            .and_then(|pid| pid.parse::<u32>().ok());
        if let Some(pid) = pid
            && !std::path::Path::new(&format!("/proc/{pid}")).exists()
        {
            execute(
                server,
                &format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"),
            );
        }
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime for the harness's PostgreSQL client")
}

/// Runs `work` with a connection to the server's own database.
fn with_client<T>(server: &str, work: impl AsyncFnOnce(&tokio_postgres::Client) -> T) -> T {
    runtime().block_on(async {
        let (client, connection) = tokio_postgres::connect(server, tokio_postgres::NoTls)
            .await
            .unwrap_or_else(|e| panic!("connect to PAYGATE_TEST_STORE: {e}"));
        let driver = tokio::spawn(connection);
        let value = work(&client).await;
        drop(client);
        let _ = driver.await;
        value
    })
}

fn execute(server: &str, sql: &str) {
    with_client(server, async |client| {
        client
            .batch_execute(sql)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"))
    })
}

/// Every key and value of `dir`'s database, one after the other: what
/// a secret scan reads instead of the redb file.
pub fn stored_bytes(dir: &std::path::Path) -> Vec<u8> {
    let url = databases()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(dir)
        .cloned()
        .unwrap_or_else(|| panic!("no database for {}", dir.display()));
    with_client(&url, async |client| {
        let mut bytes = Vec::new();
        for row in client
            .query("SELECT k, v FROM paygate_kv ORDER BY tbl, k", &[])
            .await
            .unwrap_or_else(|e| panic!("read paygate_kv: {e}"))
        {
            bytes.extend_from_slice(row.get::<_, &[u8]>(0));
            bytes.extend_from_slice(row.get::<_, &[u8]>(1));
        }
        bytes
    })
}

/// Runs `sql` in `dir`'s database (a test that changes the store behind
/// the gateway's back, as the redb tests write the file).
pub fn execute_in(dir: &std::path::Path, sql: &str) {
    let url = databases()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(dir)
        .cloned()
        .unwrap_or_else(|| panic!("no database for {}", dir.display()));
    execute(&url, sql);
}

fn query_names(server: &str) -> Vec<String> {
    with_client(server, async |client| {
        client
            .query(
                "SELECT datname FROM pg_database WHERE datname LIKE 'paygate\\_t\\_%'",
                &[],
            )
            .await
            .unwrap_or_else(|e| panic!("list the test databases: {e}"))
            .into_iter()
            .map(|row| row.get::<_, String>(0))
            .collect()
    })
}
