//! `paygate-bench`: starts the real `paygate` binary on a temporary disk store,
//! loads it over HTTP/1.1 keep-alive connections on 127.0.0.1, measures the
//! two ceilings of this machine (raw-commit, raw-http) in the same run, and
//! prints every scenario as a fraction of its ceiling. See bench/README.md.

mod batches;
mod ceilings;
mod gateway;
mod goals;
mod load;
mod postgres;
mod raw_ledger;
mod report;
mod scenarios;
mod settlement;
mod transfers;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand, ValueEnum};
use hyper::Method;

use crate::gateway::{Data, Gateway, GatewayConfig};
use crate::load::{Target, Until};
use crate::report::{
    Measured, RAW_APPEND, RAW_COMMIT, RAW_COMMIT_TRANSFER, RAW_HTTP, RAW_LEDGER, Report, mib,
};

/// Creates used to measure what one create writes (the raw-commit shape).
const CALIBRATION_CREATES: u64 = 200;
/// Ephemeral start-ups timed (the median is reported).
const EPHEMERAL_STARTS: usize = 3;

#[derive(Parser)]
#[command(
    name = "paygate-bench",
    about = "Load generator and ceilings for paygate."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Internal>,
    #[command(flatten)]
    args: Args,
}

#[derive(Subcommand)]
enum Internal {
    /// The raw-http ceiling server (started by the bench itself).
    #[command(hide = true)]
    RawHttpServer {
        #[arg(long)]
        body_bytes: usize,
    },
    /// The raw-ledger ceiling server (started by the bench itself).
    #[command(hide = true)]
    RawLedgerServer {
        #[arg(long)]
        dir: PathBuf,
    },
}

#[derive(clap::Args, Clone)]
struct Args {
    /// The paygate binary; default: `paygate` next to this binary (target/release).
    #[arg(long)]
    gateway: Option<PathBuf>,
    /// Concurrent clients (one keep-alive connection each).
    #[arg(long, default_value_t = 64)]
    clients: usize,
    /// Seconds per scenario.
    #[arg(long, default_value_t = 5.0)]
    seconds: f64,
    /// Intents stored before `read`, `mixed` and the scale comparison (1,000,000 works; see README).
    #[arg(long, default_value_t = 20_000)]
    preload: u64,
    /// Clients used for the preload.
    #[arg(long, default_value_t = 64)]
    preload_clients: usize,
    /// Steps to run (comma-separated); default all.
    #[arg(long, value_enum, value_delimiter = ',')]
    only: Vec<Step>,
    /// Tokio workers of the gateway and the raw-http server (sets TOKIO_WORKER_THREADS); default: one per core.
    #[arg(long)]
    gateway_workers: Option<usize>,
    /// The gateway's `--cache-mib` (redb page cache); default: the gateway's own (a quarter of
    /// the machine's memory).
    #[arg(long)]
    gateway_cache_mib: Option<usize>,
    /// Tokio workers of this load generator.
    #[arg(long, default_value_t = 2)]
    client_threads: usize,
    /// The gateway's `--sandbox-settlement-ms` (so `pay` settles within the run).
    #[arg(long, default_value_t = 1_000)]
    settlement_ms: u64,
    /// Organisations (one CDF wallet each) that `transfer` moves money among.
    #[arg(long, default_value_t = 1_000)]
    wallets: usize,
    /// A PostgreSQL server (postgres://user:password@host:port/db) for the `postgres` step,
    /// which makes and drops a database of its own there; without it the step is skipped.
    #[arg(long)]
    postgres: Option<String>,
    /// Organisations `transfer` moves money among in the `postgres` step.
    #[arg(long, default_value_t = 100)]
    postgres_wallets: usize,
    /// Where the temporary stores go (default: the system temp dir). Use the disk you measure.
    #[arg(long)]
    data_root: Option<PathBuf>,
    /// Also write the results as JSON here.
    #[arg(long)]
    json: Option<PathBuf>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Step {
    RawCommit,
    RawAppend,
    RawHttp,
    RawLedger,
    Startup,
    Create,
    Pay,
    Read,
    Mixed,
    Scale,
    Transfer,
    Settle,
    Batch,
    Postgres,
}

/// The gateway's allocator, so that `raw-commit` allocates as the gateway's
/// writer does and the ceiling is not lowered by a slower malloc.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Some(Internal::RawHttpServer { body_bytes }) => ceilings::serve_raw_http(body_bytes),
        Some(Internal::RawLedgerServer { dir }) => raw_ledger::serve(&dir),
        None => bench(cli.args),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("paygate-bench: {e}");
            ExitCode::FAILURE
        }
    }
}

fn bench(args: Args) -> Result<(), String> {
    let binary = match &args.gateway {
        Some(path) => path.clone(),
        None => std::env::current_exe()
            .map_err(|e| e.to_string())?
            .with_file_name("paygate"),
    };
    if !binary.exists() {
        return Err(format!(
            "{} not found: run `cargo build --release` first or pass --gateway PATH",
            binary.display()
        ));
    }
    let data_root = args.data_root.clone().unwrap_or_else(std::env::temp_dir);
    let root = tempfile::Builder::new()
        .prefix("paygate-bench-")
        .tempdir_in(&data_root)
        .map_err(|e| format!("{}: {e}", data_root.display()))?;
    let config = GatewayConfig {
        binary,
        workers: args.gateway_workers,
        cache_mib: args.gateway_cache_mib,
        settlement_ms: args.settlement_ms,
        log_dir: root.path().to_path_buf(),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.client_threads.max(1))
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let report = runtime.block_on(run(&args, &config, root.path()))?;
    let text = report.markdown();
    println!("{text}");
    if let Some(path) = &args.json {
        let json = serde_json::to_string_pretty(&report.json()).map_err(|e| e.to_string())?;
        std::fs::write(path, json).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let errors: u64 = report.rows.iter().map(|r| r.result.errors()).sum();
    if errors > 0 {
        return Err(format!("{errors} errors (see the errors column)"));
    }
    Ok(())
}

async fn run(args: &Args, config: &GatewayConfig, root: &Path) -> Result<Report, String> {
    let wants = |step: Step| args.only.is_empty() || args.only.contains(&step);
    let per_scenario = Until {
        duration: Duration::from_secs_f64(args.seconds),
        count: None,
    };
    let clients = args.clients;
    let mut report = Report {
        header: header(args, config, root),
        ..Report::default()
    };

    eprintln!("calibrating: what one create writes, the size of an intent response");
    let calibration = calibrate(config, &root.join("calibration"), &mut report).await?;
    report.header.push(format!(
        "create shape (measured from a real store, per create): {} ({} B); intent response {} B",
        calibration.shape.describe(),
        calibration.shape.bytes(),
        calibration.intent_bytes
    ));

    if wants(Step::Startup) {
        let mut took = Vec::new();
        for i in 0..EPHEMERAL_STARTS {
            let gateway =
                Gateway::start(config, Data::Ephemeral, None, &format!("ephemeral-{i}.log"))?;
            took.push(gateway.server.startup);
            gateway.server.stop();
        }
        took.sort();
        report.startups.push((
            "`serve --ephemeral` (median of 3)".into(),
            took[took.len() / 2],
        ));
    }

    if wants(Step::RawCommit) {
        eprintln!("raw-commit");
        let dir = root.join("raw-commit");
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let raw =
            ceilings::raw_commit(&calibration.shape, &dir, clients, per_scenario.duration).await?;
        let row = Measured::new(RAW_COMMIT, clients, raw.load)
            .with_writer(raw.batches, raw.commands)
            .with_writer_time(raw.time)
            .with_file_bytes(raw.file_bytes);
        report.add(row);
    }

    if wants(Step::RawAppend) {
        eprintln!("raw-append");
        let dir = root.join("raw-append");
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let raw =
            ceilings::raw_append(&calibration.shape, &dir, clients, per_scenario.duration).await?;
        let row = Measured::new(RAW_APPEND, clients, raw.load)
            .with_writer(raw.batches, raw.commands)
            .with_writer_time(raw.time)
            .with_file_bytes(raw.file_bytes);
        report.add(row);
    }

    if wants(Step::RawHttp) {
        eprintln!("raw-http");
        let server = ceilings::start_raw_http(config, calibration.intent_bytes)?;
        let target = Target {
            addr: server.addr,
            authorization: None,
        };
        let id = calibration.intent_id.clone();
        let cpu_before = server.cpu_us();
        let result = load::run(
            &target,
            clients,
            per_scenario,
            scenarios::read(Arc::new(vec![id])),
            false,
        )
        .await;
        let row = Measured::new(RAW_HTTP, clients, result)
            .with_server_cpu(server.cpu_us() - cpu_before)
            .with_memory(server.memory());
        server.stop();
        report.add(row);
    }

    if wants(Step::RawLedger) {
        eprintln!("raw-ledger");
        let server = raw_ledger::start(config, &root.join("raw-ledger"))?;
        let (row, _) = scenarios::measure(
            RAW_LEDGER,
            &server,
            clients,
            per_scenario,
            scenarios::create(),
            false,
        )
        .await?;
        server.server.stop();
        report.add(row);
    }

    let mut small = None;
    if wants(Step::Create) || wants(Step::Scale) {
        eprintln!("create on an empty store, then read what it created");
        let dir = root.join("empty");
        let gateway = Gateway::start(config, Data::Dir(&dir), None, "empty.log")?;
        let (row, ids) = scenarios::measure(
            "create",
            &gateway,
            clients,
            per_scenario,
            scenarios::create(),
            true,
        )
        .await?;
        report.add(row.on_store(0).against(RAW_COMMIT));
        let ids = Arc::new(ids);
        if !ids.is_empty() {
            let (row, _) = scenarios::measure(
                "read (small store)",
                &gateway,
                clients,
                per_scenario,
                scenarios::read(ids.clone()),
                false,
            )
            .await?;
            report.add(row.on_store(ids.len() as u64).against(RAW_HTTP));
        }
        small = Some(ids.len() as u64);
        gateway.server.stop();
    }

    if wants(Step::Pay) {
        eprintln!(
            "pay (captured, ledger posting, settlement timer at {} ms)",
            args.settlement_ms
        );
        let dir = root.join("pay");
        let gateway = Gateway::start(config, Data::Dir(&dir), None, "pay.log")?;
        let (row, _) = scenarios::measure(
            "pay",
            &gateway,
            clients,
            per_scenario,
            scenarios::pay(),
            false,
        )
        .await?;
        report.add(row.on_store(0).against(RAW_COMMIT));
        gateway.server.stop();
    }

    if wants(Step::Transfer) {
        transfer(args, config, root, &mut report).await?;
    }

    if wants(Step::Settle) {
        settlement::settle(config, root, clients, &mut report).await?;
    }

    if wants(Step::Batch) {
        batches::run(config, root, &mut report).await?;
    }

    if wants(Step::Read) || wants(Step::Mixed) || wants(Step::Scale) {
        preloaded(args, config, root, &mut report, small).await?;
    }

    if wants(Step::Postgres) {
        match &args.postgres {
            Some(server) => {
                postgres::run(
                    server,
                    config,
                    root,
                    clients,
                    per_scenario,
                    args.postgres_wallets,
                    &mut report,
                )
                .await?
            }
            None if args.only.contains(&Step::Postgres) => {
                return Err(
                    "the postgres step needs --postgres URL (a server; .ci/postgres starts one)"
                        .into(),
                );
            }
            None => report
                .notes
                .push("`postgres` skipped: no --postgres URL given.".into()),
        }
    }
    Ok(report)
}

/// `transfer` and `transfer (hot wallet)` on one store of `--wallets`
/// funded organisations; what one transfer writes (read from the store
/// before and after `transfer`), a raw-commit ceiling of that shape, and
/// `paygate verify` on the store after both.
async fn transfer(
    args: &Args,
    config: &GatewayConfig,
    root: &Path,
    report: &mut Report,
) -> Result<(), String> {
    let per_scenario = Until {
        duration: Duration::from_secs_f64(args.seconds),
        count: None,
    };
    let dir = root.join("transfer");
    let store = dir.join(gateway::STORE_FILE);
    let gateway = Gateway::start(config, Data::Dir(&dir), None, "transfer.log")?;
    let key = gateway.secret_key.clone();
    eprintln!(
        "transfer: adding and funding {} organisations",
        args.wallets
    );
    let began = Instant::now();
    let wallets = Arc::new(transfers::setup(&gateway, args.wallets).await?);
    report.notes.push(format!(
        "`transfer` setup: {} organisations added through `POST /v1/organisations` and funded by a settled sandbox payment each, in {:.1} s.",
        wallets.len(),
        began.elapsed().as_secs_f64()
    ));
    gateway.server.stop();
    let before = ceilings::table_sizes(&store)?;
    let mut shape = None;
    for (name, workload) in [
        ("transfer", transfers::spread(wallets.clone())),
        ("transfer (hot wallet)", transfers::hot(wallets.clone())),
    ] {
        eprintln!("{name}");
        let gateway = Gateway::start(config, Data::Dir(&dir), Some(&key), "transfer.log")?;
        let (row, _) =
            scenarios::measure(name, &gateway, args.clients, per_scenario, workload, false).await?;
        let transfers = row.result.ok;
        report.add(row.on_store(0).against(RAW_COMMIT));
        gateway.server.stop();
        if shape.is_none() {
            let after = ceilings::table_sizes(&store)?;
            shape = Some(ceilings::create_shape(&before, &after, transfers));
        }
    }
    let verified = gateway::verify(&config.binary, &dir)?;
    report
        .notes
        .push(format!("`paygate verify` after the transfers: {verified}"));
    let Some(shape) = shape else { return Ok(()) };
    report.header.push(format!(
        "transfer shape (measured from the store, per transfer): {} ({} B)",
        shape.describe(),
        shape.bytes()
    ));
    if args.only.is_empty() || args.only.contains(&Step::RawCommit) {
        eprintln!("raw-commit (transfer shape)");
        let dir = root.join("raw-commit-transfer");
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let raw = ceilings::raw_commit(&shape, &dir, args.clients, per_scenario.duration).await?;
        let row = Measured::new(RAW_COMMIT_TRANSFER, args.clients, raw.load)
            .with_writer(raw.batches, raw.commands)
            .with_writer_time(raw.time)
            .with_file_bytes(raw.file_bytes);
        report.add(row);
        for name in ["transfer", "transfer (hot wallet)"] {
            if let Some(ratio) = report.ratio_to(name, RAW_COMMIT_TRANSFER) {
                report.notes.push(format!(
                    "`{name}`: {:.0}% of a raw commit of the transfer's own shape.",
                    ratio * 100.0
                ));
            }
        }
    }
    Ok(())
}

struct Calibration {
    shape: ceilings::Shape,
    intent_bytes: usize,
    intent_id: String,
}

/// Starts a gateway on an empty disk store (timing its first start and a
/// restart), creates a few intents, and measures what they added to each table.
async fn calibrate(
    config: &GatewayConfig,
    dir: &Path,
    report: &mut Report,
) -> Result<Calibration, String> {
    let first = Gateway::start(config, Data::Dir(dir), None, "calibration-1.log")?;
    report.startups.push((
        "`serve --data-dir` first start (creates the store)".into(),
        first.server.startup,
    ));
    let key = first.secret_key.clone();
    let store = first.store_path().ok_or("no store path")?;
    first.server.stop();
    let clean = gateway::closed_cleanly(&store)?;
    report.header.push(format!(
        "store after the gateway's SIGTERM exit: {}",
        if clean {
            "closed cleanly"
        } else {
            "NOT closed cleanly (redb repairs it, walking the whole file, on the next start)"
        }
    ));
    let before = ceilings::table_sizes(&store)?;
    let gateway = Gateway::start(config, Data::Dir(dir), Some(&key), "calibration-2.log")?;
    report.startups.push((
        "`serve --data-dir` restart, empty store".into(),
        gateway.server.startup,
    ));
    report.header.push(format!(
        "gateway process: {} OS threads at rest (tokio workers + ledger-writer + others)",
        gateway.server.threads()
    ));
    let until = Until {
        duration: Duration::from_secs(60),
        count: Some(CALIBRATION_CREATES),
    };
    let created = load::run(&gateway.target(), 8, until, scenarios::create(), true).await;
    if created.errors() > 0 || created.created_ids.is_empty() {
        return Err(format!(
            "calibration creates failed: {:?}",
            created.first_error
        ));
    }
    let intent_id = created.created_ids[0].clone();
    let (status, body) = load::fetch(
        &gateway.target(),
        Method::GET,
        &format!("/v1/payment_intents/{intent_id}"),
        "",
        None,
    )
    .await?;
    if status != 200 {
        return Err(format!("GET {intent_id} -> {status}"));
    }
    gateway.server.stop();
    let after = ceilings::table_sizes(&store)?;
    Ok(Calibration {
        shape: ceilings::create_shape(&before, &after, created.ok),
        intent_bytes: body.len(),
        intent_id,
    })
}

/// Preload, then `read`, `mixed` and `create` on the preloaded store, then a
/// restart on it; fills the scale comparison.
async fn preloaded(
    args: &Args,
    config: &GatewayConfig,
    root: &Path,
    report: &mut Report,
    small: Option<u64>,
) -> Result<(), String> {
    let wants = |step: Step| args.only.is_empty() || args.only.contains(&step);
    let per_scenario = Until {
        duration: Duration::from_secs_f64(args.seconds),
        count: None,
    };
    let clients = args.clients;
    let dir = root.join("preloaded");
    let gateway = Gateway::start(config, Data::Dir(&dir), None, "preloaded.log")?;
    let key = gateway.secret_key.clone();
    eprintln!(
        "preload: {} intents with {} clients",
        args.preload, args.preload_clients
    );
    let began = Instant::now();
    let (row, ids) = scenarios::preload(&gateway, args.preload_clients, args.preload).await?;
    let preload_took = began.elapsed();
    let after_preload = gateway.counts().await?;
    let allocated_after_preload = gateway.store_path().and_then(|p| allocated_bytes(&p));
    let memory_after_preload = gateway.server.memory();
    report.add(row.on_store(0).against(RAW_COMMIT));
    report.notes.push(format!(
        "Preload of {} intents took {:.1} s ({:.0} creates/s); store file {} = {:.0} B per intent, \
         of which {} = {:.0} B per intent allocated on disk (redb grows the file a region at a time; \
         the untouched end of the last region is a hole in the file).",
        args.preload,
        preload_took.as_secs_f64(),
        args.preload as f64 / preload_took.as_secs_f64(),
        mib(after_preload.file_bytes),
        after_preload.file_bytes as f64 / args.preload.max(1) as f64,
        mib(allocated_after_preload.unwrap_or(0)),
        allocated_after_preload.unwrap_or(0) as f64 / args.preload.max(1) as f64
    ));
    let n = ids.len() as u64;
    let ids = Arc::new(ids);
    if wants(Step::Read) || wants(Step::Scale) {
        let (row, _) = scenarios::measure(
            "read",
            &gateway,
            clients,
            per_scenario,
            scenarios::read(ids.clone()),
            false,
        )
        .await?;
        report.add(row.on_store(n).against(RAW_HTTP));
    }
    if wants(Step::Mixed) {
        let (row, _) = scenarios::measure(
            "mixed",
            &gateway,
            clients,
            per_scenario,
            scenarios::mixed(ids.clone()),
            false,
        )
        .await?;
        report.add(row.on_store(n).against(RAW_COMMIT));
    }
    if wants(Step::Create) || wants(Step::Scale) {
        let stored = count_intents(report, n);
        let (row, _) = scenarios::measure(
            "create (preloaded)",
            &gateway,
            clients,
            per_scenario,
            scenarios::create(),
            false,
        )
        .await?;
        report.add(row.on_store(stored).against(RAW_COMMIT));
    }
    let final_counts = gateway.counts().await?;
    gateway.server.stop();
    let mut restart_ms = None;
    if wants(Step::Startup) || wants(Step::Scale) {
        let again = Gateway::start(config, Data::Dir(&dir), Some(&key), "preloaded-restart.log")?;
        report.startups.push((
            format!(
                "`serve --data-dir` restart, store of {} intents ({})",
                count_intents(report, n),
                mib(final_counts.file_bytes)
            ),
            again.server.startup,
        ));
        restart_ms = Some(again.server.startup.as_secs_f64() * 1000.0);
        let stored = count_intents(report, n);
        crash_restart(config, again, &dir, clients, report, stored).await?;
    }
    report.preloaded = Some(goals::Preloaded {
        intents: n,
        file_bytes: after_preload.file_bytes,
        allocated_bytes: allocated_after_preload,
        rss_kib: memory_after_preload.peak_kib,
        restart_ms,
    });
    scale_rows(report, small, n, &after_preload, memory_after_preload);
    Ok(())
}

/// Issue 49: the restart after `kill -9` on the preloaded store, timed.
/// `running` (the clean restart) takes creates from every client and is
/// killed one second in, mid-load: its next start finds redb at its last
/// checkpoint (at most 250 ms old) and replays the write-ahead log's
/// batches after it. What the start found comes from `GET /v1/status`.
async fn crash_restart(
    config: &GatewayConfig,
    running: Gateway,
    dir: &Path,
    clients: usize,
    report: &mut Report,
    intents: u64,
) -> Result<(), String> {
    let target = running.target();
    let load = tokio::spawn(async move {
        let until = Until {
            duration: Duration::from_secs(2),
            count: None,
        };
        load::run(&target, clients, until, scenarios::create(), false).await
    });
    tokio::time::sleep(Duration::from_secs(1)).await;
    let key = running.secret_key.clone();
    running.server.kill();
    // The clients see refused connections until their deadline.
    let _ = load.await;
    let again = Gateway::start(config, Data::Dir(dir), Some(&key), "preloaded-crash.log")?;
    let (repaired, replayed) = again.start_recovery().await?;
    report.startups.push((
        format!(
            "`serve --data-dir` restart after `kill -9` under creates, store of {intents} intents \
             ({replayed} log batches replayed{})",
            if repaired { ", file repaired" } else { "" }
        ),
        again.server.startup,
    ));
    again.server.stop();
    Ok(())
}

/// The bytes the file at `path` occupies on disk: its allocated blocks, which
/// leave out holes (a file extended but not yet written).
fn allocated_bytes(path: &std::path::Path) -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| m.blocks() * 512)
}

/// Intents in the preloaded store: the preload plus what `mixed` created.
fn count_intents(report: &Report, preloaded: u64) -> u64 {
    let mixed_creates = report.find("mixed").and_then(|r| r.commands).unwrap_or(0);
    preloaded + mixed_creates
}

fn scale_rows(
    report: &mut Report,
    small: Option<u64>,
    preloaded: u64,
    after_preload: &gateway::WriterCounts,
    memory: gateway::Memory,
) {
    let Some(small_n) = small else { return };
    let (Some(create_small), Some(read_small)) =
        (report.find("create"), report.find("read (small store)"))
    else {
        return;
    };
    let rps = |r: Option<&Measured>| {
        r.map_or("-".to_string(), |r| format!("{:.0}", r.result.per_second()))
    };
    let p99 = |r: Option<&Measured>| {
        r.map_or("-".to_string(), |r| {
            format!(
                "{:.2}",
                r.result.latency.value_at_quantile(0.99) as f64 / 1000.0
            )
        })
    };
    let small_file = create_small.file_bytes.unwrap_or(0);
    let small_rss = read_small.memory.map_or(0, |m| m.rss_kib);
    let rows = vec![
        (
            "intents in the store".to_string(),
            small_n.to_string(),
            preloaded.to_string(),
        ),
        (
            "store file bytes per intent".to_string(),
            format!("{:.0}", small_file as f64 / small_n.max(1) as f64),
            format!(
                "{:.0}",
                after_preload.file_bytes as f64 / preloaded.max(1) as f64
            ),
        ),
        (
            "server RSS MiB (after create / after preload)".to_string(),
            format!("{:.0}", small_rss as f64 / 1024.0),
            format!("{:.0}", memory.rss_kib as f64 / 1024.0),
        ),
        (
            "read req/s".to_string(),
            rps(Some(read_small)),
            rps(report.find("read")),
        ),
        (
            "read p99 ms".to_string(),
            p99(Some(read_small)),
            p99(report.find("read")),
        ),
        (
            "create req/s".to_string(),
            rps(Some(create_small)),
            rps(report.find("create (preloaded)")),
        ),
        (
            "create p99 ms".to_string(),
            p99(Some(create_small)),
            p99(report.find("create (preloaded)")),
        ),
    ];
    report.scale.extend(rows);
}

fn header(args: &Args, config: &GatewayConfig, root: &Path) -> Vec<String> {
    let shell = |cmd: &str| {
        std::process::Command::new("sh")
            .args(["-c", cmd])
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .unwrap_or_default()
    };
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let memory = shell("awk '/MemTotal/ {printf \"%.1f GiB\", $2/1048576}' /proc/meminfo");
    let disk = shell(&format!(
        "df -h --output=source,fstype,size,avail {} | tail -1",
        root.display()
    ));
    vec![
        format!("date: {}", shell("date -u +%Y-%m-%dT%H:%M:%SZ")),
        format!(
            "command: {}",
            std::env::args().collect::<Vec<_>>().join(" ")
        ),
        format!("machine: {cores} cores, {memory} RAM, store disk: {disk}"),
        format!(
            "gateway: {} (tokio workers: {}; page cache: {}); load generator: {} tokio worker(s), {} clients, {} s per scenario",
            config.binary.display(),
            args.gateway_workers
                .map_or("default, one per core".to_string(), |w| w.to_string()),
            args.gateway_cache_mib.map_or(
                "default, a quarter of memory, at most 1 GiB".to_string(),
                |m| format!("{m} MiB")
            ),
            args.client_threads,
            args.clients,
            args.seconds
        ),
    ]
}
