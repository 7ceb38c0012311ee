//! The `postgres` step (issue 32): `create` and `transfer` on the PostgreSQL
//! store, first with one gateway node, then with three nodes on the same
//! database, the clients spread evenly over the nodes. Run it with `create`
//! and `transfer` (`--only create,transfer,postgres`) to have the embedded
//! store's rows of the same run beside it.
//!
//! `--postgres URL` names a server (`.ci/postgres` starts a throwaway one);
//! the bench makes a database of its own there (`psql`, from the server's
//! client package), and drops it at the end.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::Instant;

use crate::gateway::{Data, Gateway, GatewayConfig};
use crate::load::{self, LoadResult, Until, Workload};
use crate::report::{Measured, RAW_COMMIT, Report};
use crate::scenarios;
use crate::transfers;

/// Three nodes, as the issue asks (one, then two more on the same database).
const NODES: usize = 3;

/// Runs the step; `wallets` organisations are added and funded for `transfer`.
pub async fn run(
    server: &str,
    config: &GatewayConfig,
    root: &Path,
    clients: usize,
    until: Until,
    wallets: usize,
    report: &mut Report,
) -> Result<(), String> {
    let database = format!("paygate_bench_{}", std::process::id());
    psql(server, &format!("CREATE DATABASE {database}"))?;
    let url = with_database(server, &database)?;
    let outcome = measure_all(&url, config, root, clients, until, wallets, report).await;
    let dropped = psql(
        server,
        &format!("DROP DATABASE IF EXISTS {database} WITH (FORCE)"),
    );
    outcome.and(dropped.map(|_| ()))
}

async fn measure_all(
    url: &str,
    config: &GatewayConfig,
    root: &Path,
    clients: usize,
    until: Until,
    wallets: usize,
    report: &mut Report,
) -> Result<(), String> {
    let version = psql(url, "SHOW server_version")?;
    let commit = psql(url, "SHOW synchronous_commit")?;
    let fsync = psql(url, "SHOW fsync")?;
    report.header.push(format!(
        "postgres: PostgreSQL {version} on this machine (loopback TCP), fsync {fsync}, synchronous_commit {commit} (the gateway sets it on for its batches)"
    ));
    let dirs: Vec<PathBuf> = (0..NODES)
        .map(|n| root.join(format!("pg-node-{n}")))
        .collect();
    let first = Gateway::start(
        config,
        Data::Postgres { dir: &dirs[0], url },
        None,
        "pg-node-0.log",
    )?;
    eprintln!("postgres: adding and funding {wallets} organisations");
    let began = Instant::now();
    let wallets = Arc::new(transfers::setup(&first, wallets).await?);
    report.notes.push(format!(
        "`postgres`: {} organisations added and funded on the database in {:.1} s.",
        wallets.len(),
        began.elapsed().as_secs_f64()
    ));
    let mut nodes = vec![first];
    let workloads = |wallets: &Arc<transfers::Wallets>| -> [(&'static str, Workload); 2] {
        [
            ("create", scenarios::create()),
            ("transfer", transfers::spread(wallets.clone())),
        ]
    };
    for (name, workload) in workloads(&wallets) {
        let label = format!("{name} (postgres, 1 node)");
        eprintln!("{label}");
        let (row, note) = spread(&label, &nodes, clients, until, workload).await?;
        report.add(row);
        report.notes.push(note);
    }
    let key = nodes[0].secret_key.clone();
    for (n, dir) in dirs.iter().enumerate().skip(1) {
        // Every node opens the others' secrets with the same master key.
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        std::fs::copy(dirs[0].join("master.key"), dir.join("master.key"))
            .map_err(|e| format!("copy master.key: {e}"))?;
        nodes.push(Gateway::start(
            config,
            Data::Postgres { dir, url },
            Some(&key),
            &format!("pg-node-{n}.log"),
        )?);
    }
    for (name, workload) in workloads(&wallets) {
        let label = format!("{name} (postgres, {NODES} nodes)");
        eprintln!("{label}");
        let (row, note) = spread(&label, &nodes, clients, until, workload).await?;
        report.add(row);
        report.notes.push(note);
    }
    for node in nodes {
        node.server.stop();
    }
    let verified = verify(&config.binary, &dirs[0], url)?;
    report.notes.push(format!(
        "`paygate verify --store` after the postgres runs: {verified}"
    ));
    Ok(())
}

/// Runs `workload` with `clients` spread evenly over `nodes` at once, and
/// measures it: requests of all nodes, the writers' counters and time and
/// the nodes' CPU summed; and a note of what each request cost each kind of
/// process (issue 50: what bounds the nodes on a machine they share with
/// the database and this load generator).
async fn spread(
    name: &str,
    nodes: &[Gateway],
    clients: usize,
    until: Until,
    workload: Workload,
) -> Result<(Measured, String), String> {
    let mut before = Vec::new();
    for node in nodes {
        before.push((node.counts().await?, node.server.cpu_us()));
    }
    let database_before = crate::gateway::cpu_us_named("postgres");
    let own_before = crate::gateway::cpu_us(std::process::id());
    let runs = nodes.iter().enumerate().map(|(i, node)| {
        let share = clients / nodes.len() + usize::from(i < clients % nodes.len());
        let workload = workload.clone();
        async move { load::run(&node.target(), share.max(1), until, workload, false).await }
    });
    let results = futures_util::future::join_all(runs).await;
    let database_cpu = crate::gateway::cpu_us_named("postgres").saturating_sub(database_before);
    let own_cpu = crate::gateway::cpu_us(std::process::id()).saturating_sub(own_before);
    let (mut batches, mut commands, mut cpu) = (0, 0, 0);
    let mut time = crate::report::WriterTime {
        apply_us: 0,
        commit_us: 0,
    };
    for (node, (counts, cpu_before)) in nodes.iter().zip(before) {
        let after = node.counts().await?;
        batches += after.batches - counts.batches;
        commands += after.commands - counts.commands;
        time.apply_us += after.time.apply_us - counts.time.apply_us;
        time.commit_us += after.time.commit_us - counts.time.commit_us;
        cpu += node.server.cpu_us() - cpu_before;
    }
    let merged = merge(results);
    let note = cpu_note(
        name,
        merged.ok,
        merged.elapsed,
        [cpu, database_cpu, own_cpu],
    );
    let row = Measured::new(name, clients, merged)
        .with_writer(batches, commands)
        .with_writer_time(time)
        .with_server_cpu(cpu)
        .with_memory(nodes[0].server.memory())
        .against(RAW_COMMIT);
    Ok((row, note))
}

/// What one request of `name` cost the nodes, the database (its processes
/// on this machine) and the load generator, in CPU µs, and the rate the
/// machine's cores allow at that cost: when the rate measured is near it,
/// CPU bounds the run, whatever the number of nodes.
fn cpu_note(
    name: &str,
    requests: u64,
    elapsed: std::time::Duration,
    [nodes, database, generator]: [u64; 3],
) -> String {
    let per = |us: u64| us as f64 / requests.max(1) as f64;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
    let total = per(nodes) + per(database) + per(generator);
    let busy = (nodes + database + generator) as f64 / elapsed.as_micros().max(1) as f64;
    format!(
        "`{name}`: CPU per request: nodes {:.0} µs, database {:.0} µs, load generator {:.0} µs \
         ({total:.0} µs in all); the {cores:.0} cores allow at most {:.0} req/s at that cost, \
         {:.0} were measured; these processes kept {:.2} of the {cores:.0} cores busy.",
        per(nodes),
        per(database),
        per(generator),
        cores * 1e6 / total.max(1.0),
        requests as f64 / elapsed.as_secs_f64().max(1e-9),
        busy
    )
}

/// The runs of several nodes as one: counts added, latencies merged, the
/// longest elapsed time (they ran at once).
fn merge(results: Vec<LoadResult>) -> LoadResult {
    let mut merged = LoadResult {
        ok: 0,
        non_2xx: 0,
        transport_errors: 0,
        elapsed: std::time::Duration::ZERO,
        latency: load::new_histogram(),
        created_ids: Vec::new(),
        first_error: None,
    };
    for one in results {
        merged.ok += one.ok;
        merged.non_2xx += one.non_2xx;
        merged.transport_errors += one.transport_errors;
        merged.elapsed = merged.elapsed.max(one.elapsed);
        let _ = merged.latency.add(&one.latency);
        merged.first_error = merged.first_error.or(one.first_error);
    }
    merged
}

/// `psql URL -c SQL`, its one-line answer.
fn psql(url: &str, sql: &str) -> Result<String, String> {
    let out = Command::new("psql")
        .args([
            "-X",
            "-q",
            "-A",
            "-t",
            "-v",
            "ON_ERROR_STOP=1",
            url,
            "-c",
            sql,
        ])
        .output()
        .map_err(|e| format!("psql (the PostgreSQL client) is needed for --postgres: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "psql: {sql}: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// `url` (postgres://user:password@host:port/db?options) naming `database`.
fn with_database(url: &str, database: &str) -> Result<String, String> {
    let (base, options) = match url.split_once('?') {
        Some((base, options)) => (base, Some(options)),
        None => (url, None),
    };
    let after_scheme = base
        .find("://")
        .map(|i| i + 3)
        .ok_or("--postgres is not a postgres:// URL")?;
    let host_end = base[after_scheme..]
        .find('/')
        .map_or(base.len(), |i| after_scheme + i);
    let mut named = format!("{}/{database}", &base[..host_end]);
    if let Some(options) = options {
        named.push('?');
        named.push_str(options);
    }
    Ok(named)
}

/// `paygate verify --store URL --data-dir DIR`, its JSON line.
fn verify(binary: &Path, dir: &Path, url: &str) -> Result<String, String> {
    let out = Command::new(binary)
        .arg("verify")
        .arg("--data-dir")
        .arg(dir)
        .env("PAYGATE_STORE", url)
        .output()
        .map_err(|e| format!("paygate verify: {e}"))?;
    let printed = String::from_utf8_lossy(&out.stdout);
    // One line for the report, whatever the indentation.
    let text = serde_json::from_str::<serde_json::Value>(&printed)
        .map(|report| report.to_string())
        .unwrap_or_else(|_| printed.trim().to_string());
    if !out.status.success() {
        return Err(format!(
            "paygate verify failed on the postgres store: {text} {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::{cpu_note, with_database};

    #[test]
    fn the_cpu_note_divides_each_process_kind_by_the_requests() {
        let second = std::time::Duration::from_secs(1);
        let note = cpu_note("create", 1000, second, [500_000, 300_000, 200_000]);
        assert!(
            note.contains("nodes 500 µs, database 300 µs, load generator 200 µs (1000 µs in all)"),
            "{note}"
        );
        assert!(note.contains("1000 were measured"), "{note}");
        assert!(note.contains("kept 1.00 of the"), "{note}");
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert!(
            note.contains(&format!("allow at most {} req/s", cores * 1000)),
            "{note}"
        );
    }

    #[test]
    fn a_server_url_names_the_benchs_database() {
        assert_eq!(
            with_database("postgres://u:p@127.0.0.1:5432/postgres", "b").as_deref(),
            Ok("postgres://u:p@127.0.0.1:5432/b")
        );
        assert_eq!(
            with_database("postgres://u@h:1/x?sslmode=disable", "b").as_deref(),
            Ok("postgres://u@h:1/b?sslmode=disable")
        );
        assert_eq!(
            with_database("postgres://h", "b").as_deref(),
            Ok("postgres://h/b")
        );
    }
}
