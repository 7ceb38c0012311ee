//! The PostgreSQL backend against a real server: `PAYGATE_TEST_STORE=postgres://
//! user:password@host:port/db` names one (each test makes and drops its own
//! database there). Without it every test here says so and passes: the
//! black-box suite with the same variable (`.ci/run`) is where they must run.

use std::path::Path;

use super::super::{Read, Store, Table, increment, keys};
use super::migrations;
use crate::error::ApiError;
use crate::store::writer::tests::rt as runtime;

/// A database made for one test, dropped at its end.
struct Scratch {
    server: String,
    name: String,
    url: String,
    dir: tempfile::TempDir,
}

impl Scratch {
    /// A scratch database on the server `PAYGATE_TEST_STORE` names. The
    /// tests that need one are ignored when the binary was built without it
    /// (`build.rs`, decision 360); run without a server, they fail loudly.
    fn new(test: &str) -> Scratch {
        let Some(server) = std::env::var("PAYGATE_TEST_STORE")
            .ok()
            .filter(|url| !url.is_empty())
        else {
            panic!("{test}: PAYGATE_TEST_STORE names no PostgreSQL server");
        };
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let name = format!(
            "paygate_u_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        );
        admin(&server, &format!("CREATE DATABASE {name}"));
        let mut url = url::Url::parse(&server).expect("PAYGATE_TEST_STORE is a URL");
        url.set_path(&format!("/{name}"));
        Scratch {
            server,
            name,
            url: url.to_string(),
            dir: tempfile::tempdir().expect("temp dir"),
        }
    }

    fn dir(&self) -> &Path {
        self.dir.path()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        admin(
            &self.server,
            &format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name),
        );
    }
}

fn admin(server: &str, sql: &str) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let (client, connection) = tokio_postgres::connect(server, tokio_postgres::NoTls)
            .await
            .expect("connect to PAYGATE_TEST_STORE");
        let driver = tokio::spawn(connection);
        client
            .batch_execute(sql)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
        drop(client);
        let _ = driver.await;
    });
}

fn put_all(store: &Store, rows: &[(Table, &str)]) {
    store
        .write_now(0, |tx| {
            for (table, key) in rows {
                tx.put(*table, *key, key.as_bytes().to_vec());
            }
            Ok(())
        })
        .expect("write");
}

fn keys_of(rows: Vec<(String, Vec<u8>)>) -> Vec<String> {
    rows.into_iter().map(|(k, _)| k).collect()
}

#[test]
#[cfg_attr(
    not(paygate_test_store_pg),
    ignore = "needs PostgreSQL: set PAYGATE_TEST_STORE"
)]
fn key_ranges_on_postgres_read_exactly_what_redb_reads() {
    let scratch = Scratch::new("key_ranges_on_postgres_read_exactly_what_redb_reads");
    let pg = Store::open_postgres(&scratch.url, scratch.dir(), true).expect("open");
    let redb = Store::ephemeral().expect("redb");
    // Neighbours in byte order: `|` (0x7c) sorts after letters, DEL and
    // non-ASCII after `|`; a prefix's end must not cut `a|~` nor take `a}`.
    let keys = [
        "a",
        "a|",
        "a|b",
        "a|~",
        "a}",
        "a\u{7f}",
        "ab",
        "A",
        "b|1",
        "é|x",
        "a|é",
        "",
        "z|00000000000000000001|t",
        "z|00000000000000000010|t",
    ];
    let rows: Vec<(Table, &str)> = keys.iter().map(|k| (Table::Index, *k)).collect();
    put_all(&pg, &rows);
    put_all(&redb, &rows);
    // Another table's rows never show in this one's ranges.
    put_all(&pg, &[(Table::Objects, "a|b")]);
    let (p, r) = (pg.snapshot().expect("pg"), redb.snapshot().expect("redb"));
    for prefix in ["", "a", "a|", "a|b", "z|", "é", "b|", "q"] {
        for limit in [1, 2, 100] {
            assert_eq!(
                keys_of(p.scan(Table::Index, prefix, None, limit).expect("pg")),
                keys_of(r.scan(Table::Index, prefix, None, limit).expect("redb")),
                "scan {prefix:?} {limit}"
            );
            let rev = |s: &super::super::Snapshot, before| {
                keys_of(
                    s.scan_rev(Table::Index, prefix, before, limit, |_, _| true)
                        .expect("scan_rev"),
                )
            };
            assert_eq!(rev(&p, None), rev(&r, None), "scan_rev {prefix:?} {limit}");
            assert_eq!(
                rev(&p, Some("a|~")),
                rev(&r, Some("a|~")),
                "before a|~ {prefix:?}"
            );
        }
    }
    let upper = keys::due_before(5);
    assert_eq!(
        keys_of(p.scan(Table::Index, "z|", Some(&upper), 10).expect("pg")),
        keys_of(r.scan(Table::Index, "z|", Some(&upper), 10).expect("redb")),
    );
    let mut all_pg = Vec::new();
    p.for_each(Table::Index, |k, _| {
        all_pg.push(k.to_string());
        Ok(())
    })
    .expect("for_each");
    let mut all_redb = Vec::new();
    r.for_each(Table::Index, |k, _| {
        all_redb.push(k.to_string());
        Ok(())
    })
    .expect("for_each");
    assert_eq!(all_pg, all_redb);
    assert_eq!(
        p.first(Table::Index).expect("first"),
        r.first(Table::Index).expect("first")
    );
    assert_eq!(p.len(Table::Objects).expect("len"), 1);
}

#[test]
#[cfg_attr(
    not(paygate_test_store_pg),
    ignore = "needs PostgreSQL: set PAYGATE_TEST_STORE"
)]
fn migrations_apply_once_and_a_newer_or_missing_schema_is_refused() {
    let scratch = Scratch::new("migrations_apply_once_and_a_newer_or_missing_schema_is_refused");
    let refused = Store::open_postgres(&scratch.url, scratch.dir(), false)
        .err()
        .expect("an empty database is no store");
    assert!(refused.to_string().contains("paygate init"), "{refused}");
    let (store, applied) = Store::init_postgres(&scratch.url, scratch.dir()).expect("init");
    assert_eq!(applied, (1..=migrations::latest()).collect::<Vec<_>>());
    let (_, again) = Store::init_postgres(&scratch.url, scratch.dir()).expect("again");
    assert!(again.is_empty(), "applied twice: {again:?}");
    Store::open_postgres(&scratch.url, scratch.dir(), false).expect("the migrated store opens");
    drop(store);
    admin(
        &scratch.url,
        "INSERT INTO paygate_migrations (version) VALUES (9999)",
    );
    let newer = Store::open_postgres(&scratch.url, scratch.dir(), true)
        .err()
        .expect("a newer schema");
    assert!(newer.to_string().contains("newer"), "{newer}");
    let newer = Store::init_postgres(&scratch.url, scratch.dir())
        .err()
        .expect("init does not downgrade");
    assert!(newer.to_string().contains("newer"), "{newer}");
}

#[test]
fn table_numbers_are_distinct_and_stable() {
    let numbers: Vec<i16> = Table::ALL
        .iter()
        .map(|t| migrations::table_number(*t))
        .collect();
    assert_eq!(numbers, (1..=11).collect::<Vec<i16>>());
}

#[test]
#[cfg_attr(
    not(paygate_test_store_pg),
    ignore = "needs PostgreSQL: set PAYGATE_TEST_STORE"
)]
fn two_nodes_writing_one_database_apply_every_command_once_in_turn() {
    let scratch = Scratch::new("two_nodes_writing_one_database_apply_every_command_once_in_turn");
    const PER_NODE: u64 = 100;
    let nodes: Vec<Store> = (0..2)
        .map(|_| Store::open_postgres(&scratch.url, scratch.dir(), true).expect("node"))
        .collect();
    let seen: Vec<Vec<u64>> = std::thread::scope(|scope| {
        let running: Vec<_> = nodes
            .iter()
            .map(|node| {
                scope.spawn(move || {
                    (0..PER_NODE)
                        .map(|_| node.write_now(0, increment).expect("increment"))
                        .collect::<Vec<u64>>()
                })
            })
            .collect();
        running
            .into_iter()
            .map(|t| t.join().expect("join"))
            .collect()
    });
    // Read-modify-write from two processes' worth of connections: without
    // the writers' lock some increments would read the same value.
    let mut all: Vec<u64> = seen.into_iter().flatten().collect();
    all.sort_unstable();
    assert_eq!(all, (1..=2 * PER_NODE).collect::<Vec<u64>>());
    // A failed command leaves nothing, and its batch's others stand.
    let refused = nodes[0].write_now(0, |tx| {
        tx.put(Table::Meta, "half", b"x".to_vec());
        Err::<(), _>(ApiError::internal("refused"))
    });
    assert!(refused.is_err());
    let snapshot = nodes[1].snapshot().expect("snapshot");
    assert_eq!(snapshot.get(Table::Meta, "half").expect("get"), None);
    assert_eq!(
        snapshot.get(Table::Meta, "counter").expect("get"),
        Some((2 * PER_NODE).to_be_bytes().to_vec())
    );
}

#[test]
#[cfg_attr(
    not(paygate_test_store_pg),
    ignore = "needs PostgreSQL: set PAYGATE_TEST_STORE"
)]
fn a_snapshot_keeps_its_view_while_the_writer_commits() {
    let scratch = Scratch::new("a_snapshot_keeps_its_view_while_the_writer_commits");
    let store = Store::open_postgres(&scratch.url, scratch.dir(), true).expect("open");
    store.write_now(0, increment).expect("first");
    let before = store.snapshot().expect("snapshot");
    assert!(before.get(Table::Meta, "counter").expect("read").is_some());
    store.write_now(0, increment).expect("second");
    assert_eq!(
        before.get(Table::Meta, "counter").expect("read"),
        Some(1u64.to_be_bytes().to_vec()),
        "a snapshot sees one commit"
    );
    assert_eq!(
        store
            .snapshot()
            .expect("after")
            .get(Table::Meta, "counter")
            .expect("read"),
        Some(2u64.to_be_bytes().to_vec())
    );
}

/// The pattern every background dispatcher uses to take work (a due timer,
/// a rail or switch outbox row, a reconciliation run, a webhook delivery's
/// lease): a writer command that finds the row and deletes it, or finds it
/// gone. Three nodes racing over the same rows take each exactly once.
#[test]
#[cfg_attr(
    not(paygate_test_store_pg),
    ignore = "needs PostgreSQL: set PAYGATE_TEST_STORE"
)]
fn three_nodes_racing_to_take_the_same_rows_take_each_once() {
    let scratch = Scratch::new("three_nodes_racing_to_take_the_same_rows_take_each_once");
    const ROWS: usize = 60;
    let keys: Vec<String> = (0..ROWS)
        .map(|n| keys::due(1_000 + n as i64, "tmr_x"))
        .collect();
    let nodes: Vec<Store> = (0..3)
        .map(|_| Store::open_postgres(&scratch.url, scratch.dir(), true).expect("node"))
        .collect();
    let rows: Vec<(Table, &str)> = keys.iter().map(|k| (Table::Timers, k.as_str())).collect();
    put_all(&nodes[0], &rows);
    let taken: Vec<Vec<String>> = std::thread::scope(|scope| {
        let running: Vec<_> = nodes
            .iter()
            .enumerate()
            .map(|(n, node)| {
                let keys = &keys;
                scope.spawn(move || {
                    // Each node walks the rows from another place, as
                    // dispatchers woken at different times would.
                    let mut mine = Vec::new();
                    for i in 0..ROWS {
                        let key = keys[(i + n * ROWS / 3) % ROWS].clone();
                        let row = key.clone();
                        let took = node
                            .write_now(0, move |tx| {
                                if tx.get(Table::Timers, &row)?.is_none() {
                                    return Ok(false);
                                }
                                tx.delete(Table::Timers, row);
                                Ok(true)
                            })
                            .expect("take");
                        if took {
                            mine.push(key);
                        }
                    }
                    mine
                })
            })
            .collect();
        running
            .into_iter()
            .map(|t| t.join().expect("node thread"))
            .collect()
    });
    let mut all: Vec<String> = taken.iter().flatten().cloned().collect();
    all.sort();
    let mut expected = keys.clone();
    expected.sort();
    assert_eq!(all, expected, "each row taken exactly once: {taken:?}");
    assert!(
        nodes[1]
            .snapshot()
            .expect("snapshot")
            .first(Table::Timers)
            .expect("read")
            .is_none(),
        "every row is gone"
    );
}

/// Writers on `nodes`, as `serve` starts them, on a runtime of their own.
fn writers(nodes: &[Store]) -> Vec<crate::store::Writer> {
    nodes
        .iter()
        .map(|node| {
            crate::store::Writer::start(
                node.clone(),
                std::sync::Arc::new(crate::clock::SystemClock),
                Vec::new(),
            )
            .expect("writer")
            .0
        })
        .collect()
}

/// Three nodes' writers racing on one row (the hottest case: every command
/// reads and writes it): batches are refused each other's locks, roll back
/// and run again, and no increment is lost or applied twice.
#[test]
#[cfg_attr(
    not(paygate_test_store_pg),
    ignore = "needs PostgreSQL: set PAYGATE_TEST_STORE"
)]
fn three_writers_on_one_row_lose_no_increment_and_apply_none_twice() {
    let scratch = Scratch::new("three_writers_on_one_row_lose_no_increment_and_apply_none_twice");
    const PER_NODE: u64 = 150;
    let nodes: Vec<Store> = (0..3)
        .map(|_| Store::open_postgres(&scratch.url, scratch.dir(), true).expect("node"))
        .collect();
    let writers = writers(&nodes);
    let mut seen: Vec<u64> = runtime().block_on(async {
        let mut tasks = Vec::new();
        for writer in &writers {
            for _ in 0..PER_NODE {
                let writer = writer.clone();
                tasks.push(tokio::spawn(async move { writer.run(increment).await }));
            }
        }
        let mut seen = Vec::new();
        for task in tasks {
            seen.push(task.await.expect("join").expect("increment"));
        }
        seen
    });
    seen.sort_unstable();
    assert_eq!(seen, (1..=3 * PER_NODE).collect::<Vec<u64>>());
    let runs: u64 = writers
        .iter()
        .map(|w| {
            w.stats
                .contended_runs
                .load(std::sync::atomic::Ordering::Relaxed)
        })
        .sum();
    eprintln!("{runs} runs rolled back and run again");
}

/// A batch of one node that holds its rows open does not stop another
/// node's batch on other rows (the old global lock did), but does stop one
/// on the same row until it commits; a scan and a write into its range are
/// kept apart the same way.
#[test]
#[cfg_attr(
    not(paygate_test_store_pg),
    ignore = "needs PostgreSQL: set PAYGATE_TEST_STORE"
)]
fn batches_on_other_rows_commit_while_a_batch_holds_its_rows() {
    use std::time::{Duration, Instant};
    let scratch = Scratch::new("batches_on_other_rows_commit_while_a_batch_holds_its_rows");
    let nodes: Vec<Store> = (0..2)
        .map(|_| Store::open_postgres(&scratch.url, scratch.dir(), true).expect("node"))
        .collect();
    let writers = writers(&nodes);
    let rt = runtime();
    const HOLD: Duration = Duration::from_millis(1_500);
    // Node 0 reads and writes `org_a`'s row and scans `org_a`'s index,
    // then holds its batch open.
    let holder = writers[0].clone();
    let hold = rt.spawn(async move {
        holder
            .run(|tx| {
                let n = tx
                    .get(Table::Balances, "test:org_a:CDF:available")?
                    .map_or(0, |v| v.len());
                tx.put(Table::Balances, "test:org_a:CDF:available", vec![1; n + 1]);
                let listed =
                    tx.scan(Table::Index, "pi|test|org_a|", Some("pi|test|org_a|~"), 10)?;
                std::thread::sleep(HOLD);
                Ok(listed.len())
            })
            .await
    });
    std::thread::sleep(Duration::from_millis(300));
    let timed = |work: fn(&mut crate::store::Tx<'_>) -> Result<(), ApiError>| {
        let began = Instant::now();
        rt.block_on(writers[1].run(work)).expect("command");
        began.elapsed()
    };
    let other_org = timed(|tx| {
        tx.get(Table::Balances, "test:org_b:CDF:available")?;
        tx.put(Table::Balances, "test:org_b:CDF:available", vec![2]);
        tx.put(Table::Index, "pi|test|org_b|pi_1", Vec::new());
        Ok(())
    });
    assert!(
        other_org < HOLD / 2,
        "another organisation's batch waited {other_org:?}"
    );
    let same_range = timed(|tx| {
        tx.put(Table::Index, "pi|test|org_a|pi_2", Vec::new());
        Ok(())
    });
    assert!(
        same_range > Duration::from_millis(600),
        "a write into a range scanned: {same_range:?}"
    );
    assert_eq!(rt.block_on(hold).expect("join").expect("holder"), 0);
    let same_row = timed(|tx| {
        let v = tx.get(Table::Balances, "test:org_a:CDF:available")?;
        assert_eq!(v, Some(vec![1]), "the holder's write is seen");
        Ok(())
    });
    assert!(same_row < HOLD, "{same_row:?}");
}

/// `openssl` with `args`, in `dir`; panics with its error output.
fn openssl(dir: &Path, args: &[&str]) {
    let out = std::process::Command::new("openssl")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("openssl (the CLI) is needed for the TLS test");
    assert!(
        out.status.success(),
        "openssl {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A CA `name` made here, and (with `server`) a certificate it signs for
/// the host name `localhost` only.
fn make_ca(dir: &Path, name: &str, server: bool) {
    let key = format!("{name}.key");
    let crt = format!("{name}.crt");
    openssl(
        dir,
        &[
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "2",
            "-subj",
            &format!("/CN=paygate test {name}"),
            "-keyout",
            &key,
            "-out",
            &crt,
            "-addext",
            "basicConstraints=critical,CA:TRUE",
            "-addext",
            "keyUsage=critical,keyCertSign,cRLSign",
        ],
    );
    if server {
        openssl(
            dir,
            &[
                "req",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-subj",
                "/CN=localhost",
                "-keyout",
                "server.key",
                "-out",
                "server.csr",
            ],
        );
        std::fs::write(
            dir.join("san.ext"),
            "subjectAltName=DNS:localhost\nbasicConstraints=CA:FALSE\n",
        )
        .expect("ext");
        openssl(
            dir,
            &[
                "x509",
                "-req",
                "-in",
                "server.csr",
                "-CA",
                &crt,
                "-CAkey",
                &key,
                "-CAcreateserial",
                "-days",
                "2",
                "-extfile",
                "san.ext",
                "-out",
                "server.crt",
            ],
        );
    }
}

/// A cluster of its own, serving TLS, stopped when dropped.
struct TlsCluster {
    dir: tempfile::TempDir,
    port: u16,
}

impl Drop for TlsCluster {
    fn drop(&mut self) {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .ok()
            .and_then(|mut versions| versions.next())
            .and_then(Result::ok)
            .map(|v| v.path().join("bin/pg_ctl"));
        if let Some(pg_ctl) = bin {
            let data = self.dir.path().join("pg/data");
            let _ = std::process::Command::new("runuser")
                .args(["-u", "postgres", "--"])
                .arg(&pg_ctl)
                .args(["-D"])
                .arg(&data)
                .args(["stop", "-m", "immediate"])
                .output();
            let _ = std::process::Command::new(&pg_ctl)
                .args(["-D"])
                .arg(&data)
                .args(["stop", "-m", "immediate"])
                .output();
        }
        let _ = self.port;
    }
}

/// Whether the connection `pg` reads through is encrypted.
fn encrypted(pg: &super::Pg) -> bool {
    let client = pg.read_connection().expect("connection");
    pg.block(async move {
        client
            .query_one(
                "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
                &[],
            )
            .await
            .expect("pg_stat_ssl")
            .get::<_, bool>(0)
    })
    .expect("block")
}

/// TLS to a server whose certificate a CA made by this test signed: each
/// `sslmode` connects or refuses as libpq's does, and the connection is
/// encrypted (the server says so).
#[test]
#[cfg_attr(
    not(paygate_test_store_pg),
    ignore = "needs PostgreSQL: set PAYGATE_TEST_STORE"
)]
fn tls_to_postgres_checks_the_chain_and_the_name_as_sslmode_asks() {
    let certs = tempfile::tempdir().expect("temp dir");
    make_ca(certs.path(), "ca", true);
    make_ca(certs.path(), "other", false);
    let cluster = TlsCluster {
        dir: tempfile::tempdir().expect("temp dir"),
        // Below 32768, outside the local ports of outgoing connections.
        port: 25_400 + (std::process::id() % 30) as u16,
    };
    // The server's user (not root) must be able to enter the directory.
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(cluster.dir.path(), std::fs::Permissions::from_mode(0o755))
        .expect("chmod");
    let pg_dir = cluster.dir.path().join("pg");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join(".ci/postgres");
    let out = std::process::Command::new(&script)
        .env("PAYGATE_PG_PORT", cluster.port.to_string())
        .env("PAYGATE_PG_DIR", &pg_dir)
        .env("PAYGATE_PG_SSL_DIR", certs.path())
        .output()
        .expect(".ci/postgres");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ca = certs.path().join("ca.crt");
    let other = certs.path().join("other.crt");
    let url = |host: &str, query: &str| {
        format!(
            "postgres://paygate:paygate@{host}:{}/postgres?{query}",
            cluster.port
        )
    };
    let full = url(
        "localhost",
        &format!("sslmode=verify-full&sslrootcert={}", ca.display()),
    );
    let pg = super::Pg::connect(&full).expect("verify-full with the CA");
    assert!(encrypted(&pg), "verify-full is encrypted");
    let require = super::Pg::connect(&url("127.0.0.1", "sslmode=require")).expect("require");
    assert!(encrypted(&require));
    let plain = super::Pg::connect(&url("127.0.0.1", "")).expect("plain");
    assert!(!encrypted(&plain), "no sslmode: plain, as before");
    // The certificate names `localhost`, not the address.
    let by_address = url(
        "127.0.0.1",
        &format!("sslmode=verify-full&sslrootcert={}", ca.display()),
    );
    let refused = super::Pg::connect(&by_address)
        .err()
        .expect("the name is checked");
    assert!(refused.to_string().contains("TLS handshake"), "{refused}");
    let chain = url(
        "127.0.0.1",
        &format!("sslmode=verify-ca&sslrootcert={}", ca.display()),
    );
    assert!(encrypted(
        &super::Pg::connect(&chain).expect("verify-ca ignores the name")
    ));
    let stranger = url(
        "localhost",
        &format!("sslmode=verify-ca&sslrootcert={}", other.display()),
    );
    let refused = super::Pg::connect(&stranger)
        .err()
        .expect("another CA is refused");
    assert!(refused.to_string().contains("TLS handshake"), "{refused}");
}
