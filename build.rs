//! Facts the black-box tests (tests/api) need at compile time. libtest has no
//! skip decided at run time, so a test whose store is absent is marked
//! `#[ignore]` (with its reason) through a cfg set here, and `cargo test`
//! reports it as ignored instead of passing it without running it.
//!
//! `paygate_test_store_pg`: the tests run on the PostgreSQL server that
//! `PAYGATE_TEST_STORE` names (tests/api/support/pg.rs). The cluster tests
//! need it; the tests that read or write the redb file itself cannot run
//! with it. Changing the variable rebuilds, so the cfg always matches it; the
//! harness checks that again at run time.
//!
//! `paygate_test_failover` (`PAYGATE_TEST_FAILOVER=1`): the failover test of
//! the PostgreSQL store runs; it needs PostgreSQL installed or installable.
//!
//! `paygate_no_loopback_name`: `/etc/hosts` maps no name but `localhost` to
//! loopback only, and the test of the webhook resolver's refusal of such a
//! name (tests/api/security.rs) has none to use.
//!
//! `paygate_no_node`, `paygate_no_python`: `node` and `npm`, or `python3`,
//! are not on PATH, so the client libraries' tests (tests/api/clients.rs)
//! cannot run; tests/run installs Node.js before it builds.

include!("tests/api/support/hosts.rs");

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=PAYGATE_TEST_STORE");
    println!("cargo::rustc-check-cfg=cfg(paygate_test_store_pg)");
    let on_postgres = std::env::var("PAYGATE_TEST_STORE").is_ok_and(|url| !url.trim().is_empty());
    if on_postgres {
        println!("cargo::rustc-cfg=paygate_test_store_pg");
    }

    // `paygate_test_failover`: the failover test starts its own PostgreSQL
    // primary and standby (.ci/postgres-pair) and kills the primary.
    println!("cargo::rerun-if-env-changed=PAYGATE_TEST_FAILOVER");
    println!("cargo::rustc-check-cfg=cfg(paygate_test_failover)");
    if std::env::var("PAYGATE_TEST_FAILOVER").is_ok_and(|v| v == "1") {
        println!("cargo::rustc-cfg=paygate_test_failover");
    }

    println!("cargo::rerun-if-changed=tests/api/support/hosts.rs");
    println!("cargo::rustc-check-cfg=cfg(paygate_no_loopback_name)");
    let hosts = std::path::Path::new("/etc/hosts");
    if hosts.exists() {
        // Only a file that exists: a missing one would rerun every build.
        println!("cargo::rerun-if-changed=/etc/hosts");
    }
    let text = std::fs::read_to_string(hosts).unwrap_or_default();
    if loopback_names(&text).is_empty() {
        println!("cargo::rustc-cfg=paygate_no_loopback_name");
    }

    // Not rerun on a change of PATH: a shell with another PATH would
    // rebuild the whole crate. Node.js installed after a build: touch build.rs.
    println!("cargo::rustc-check-cfg=cfg(paygate_no_node)");
    println!("cargo::rustc-check-cfg=cfg(paygate_no_python)");
    if !(on_path("node") && on_path("npm")) {
        println!("cargo::rustc-cfg=paygate_no_node");
    }
    if !on_path("python3") {
        println!("cargo::rustc-cfg=paygate_no_python");
    }
}

/// Whether an executable `name` is in a directory of PATH.
fn on_path(name: &str) -> bool {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path).any(|dir| dir.join(name).is_file())
}
