//! The command line: `paygate serve | init | verify | openapi | keys | guardian | fx`.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

use crate::auth::keys::{self, KeyKind};
use crate::clock::{Clock, SystemClock};
use crate::ledger;
use crate::mode::Mode;
use crate::server::{self, ServeOptions};
use crate::store::Store;

#[derive(Parser)]
#[command(
    name = "paygate",
    version,
    about = "A payment gateway and money-movement API in one binary.",
    long_about = "A payment gateway and money-movement API in one binary: ledger, idempotency, \
                  events and state machines in an embedded redb file.\n\n\
                  Start here: `paygate serve` runs a sandbox on http://127.0.0.1:8080/v1 with its data in \
                  ./paygate-data and prints the test keys the first time."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Log format on stderr.
    #[arg(long, global = true, value_enum, default_value_t = LogFormat::Text, env = "PAYGATE_LOG_FORMAT")]
    log_format: LogFormat,
    /// The store in a PostgreSQL database (postgres://user:password@host:port/db) instead of
    /// the data dir's file, for one or several gateway nodes (docs/scale-out.md). Create and
    /// migrate its schema with `paygate init --store URL`. The data dir still holds the master
    /// key (the same file on every node) and the backups taken while serving.
    #[arg(long, global = true, env = "PAYGATE_STORE", value_parser = parse_store_url)]
    store: Option<String>,
}

/// `--store`: a PostgreSQL URL (a data dir is `--data-dir`).
fn parse_store_url(value: &str) -> Result<String, String> {
    if crate::store::pg::is_url(value) {
        Ok(value.to_string())
    } else {
        Err(
            "must be a PostgreSQL URL (postgres://user:password@host:port/database); \
             the embedded store is the data dir's file (--data-dir)"
                .to_string(),
        )
    }
}

/// The `--store` of this run, set once from the command line before any
/// command runs: the flag is global (every offline command opens the store
/// through [`open_existing`]), and threading it through each command's
/// function would only repeat it.
static STORE_URL: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();

fn store_url() -> Option<&'static str> {
    STORE_URL.get().and_then(|url| url.as_deref())
}

#[derive(Clone, Copy, ValueEnum)]
enum LogFormat {
    Text,
    Json,
}

// Parsed once per process: boxing `Serve`'s many flags would only make clap's
// derive harder to read, for no saving worth having.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum Command {
    /// Run the gateway. Prints one JSON line on stdout when ready (with the keys on a first start).
    Serve {
        /// The configuration file (TOML; keys are these flags' names with underscores). Default:
        /// /etc/paygate/paygate.toml when present, then ./paygate.toml. Flags and environment
        /// variables win over the file; `paygate config show` prints what is in effect.
        #[arg(long, env = "PAYGATE_CONFIG")]
        config: Option<PathBuf>,
        /// Where the store file lives; created on first start.
        #[arg(long, default_value = "paygate-data", env = "PAYGATE_DATA_DIR")]
        data_dir: PathBuf,
        /// Address to listen on; port 0 picks a free port.
        #[arg(long, default_value = "127.0.0.1:8080", env = "PAYGATE_LISTEN")]
        listen: SocketAddr,
        /// A separate address for GET /metrics (Prometheus). Without it, /metrics is served on
        /// --listen; with it, only there.
        #[arg(long, env = "PAYGATE_METRICS_LISTEN")]
        metrics_listen: Option<SocketAddr>,
        /// Base URL for the links the gateway hands out (checkout pages); defaults to http://<listen>.
        #[arg(long, env = "PAYGATE_PUBLIC_URL")]
        public_url: Option<String>,
        /// Keep everything in memory: nothing survives the process (for CI pipelines).
        #[arg(long, env = "PAYGATE_EPHEMERAL")]
        ephemeral: bool,
        /// Seconds between full ledger audits (the guardian halts money movement on a mismatch).
        #[arg(long, default_value_t = 300, env = "PAYGATE_AUDIT_INTERVAL_SECS")]
        audit_interval_secs: u64,
        /// The sandbox's settlement period: without a settlement profile, a test-mode
        /// organisation's cycle closes and pays (pending → available) this many
        /// milliseconds after the first payment of the period (docs/settlement.md).
        #[arg(long, default_value_t = 5_000, env = "PAYGATE_SANDBOX_SETTLEMENT_MS")]
        sandbox_settlement_ms: u64,
        /// Test mode: milliseconds of the evidence window of new disputes (default: as requested, 7 days).
        #[arg(long, env = "PAYGATE_SANDBOX_DISPUTE_WINDOW_MS")]
        sandbox_dispute_window_ms: Option<u64>,
        /// Where webhook deliveries may connect: public (default: no loopback, private or
        /// link-local address), local (public, and this machine for test-mode endpoints: for
        /// sandboxes, CI and `paygate listen`), loopback (this machine only), any.
        #[arg(long, value_enum, default_value_t = crate::events::egress::Egress::Public, env = "PAYGATE_WEBHOOK_EGRESS")]
        webhook_egress: crate::events::egress::Egress,
        /// The brand of the gateway's own headers, for receivers and clients written for another
        /// gateway: every Service-* header sent (Service-Signature, Service-Event, ...) is also sent as
        /// <NAME>-* (and X-<NAME>-* where X-Service-* is), with the same value, and Service-Account and
        /// Service-Mode are also read as <NAME>-Account and <NAME>-Mode. The Service-* names are always
        /// sent and read.
        #[arg(long, default_value = crate::headers::SPEC_PREFIX, env = "PAYGATE_HEADER_PREFIX",
              value_parser = crate::headers::HeaderNames::with_prefix)]
        header_prefix: crate::headers::HeaderNames,
        /// Absolute lifetime of a team member's session, in seconds (default 12 h).
        #[arg(long, default_value_t = 43_200, env = "PAYGATE_SESSION_TTL_SECS")]
        session_ttl_secs: u64,
        /// A session ends after this many seconds without a request (default 1 h).
        #[arg(long, default_value_t = 3_600, env = "PAYGATE_SESSION_IDLE_SECS")]
        session_idle_secs: u64,
        /// Requests per client address and minute, all together, of the public endpoints that
        /// read or act by a code or token: POST /resolve and the hosted pages /l/, /r/,
        /// /subscribe/, /checkout/, /claim/ (and /pay/ with a wrong page token). 0: no limit.
        /// Named after its first user, POST /resolve; --public-rate-limit is the same flag.
        #[arg(
            long,
            alias = "public-rate-limit",
            default_value_t = 120,
            env = "PAYGATE_RESOLVE_RATE_LIMIT"
        )]
        resolve_rate_limit: u32,
        /// MiB of memory for the store's page cache (default: a quarter of the machine's memory,
        /// at least 256 and at most 1024). It fills only as pages are used.
        #[arg(long, env = "PAYGATE_CACHE_MIB", value_parser = clap::value_parser!(u64).range(16..=1 << 30))]
        cache_mib: Option<u64>,
        /// Connections held at once; lowered to stay below the open-file limit
        /// (whose soft value is raised to the hard one at start). Past it, a new
        /// connection gets 503 and is closed.
        #[arg(long, default_value_t = crate::net::MAX_CONNECTIONS_DEFAULT, env = "PAYGATE_MAX_CONNECTIONS",
              value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
        max_connections: u64,
        /// Connections held at once from one client address (0: no limit). Raise it, or
        /// set 0, behind a reverse proxy that opens more connections than this.
        #[arg(long, default_value_t = crate::net::MAX_CONNECTIONS_PER_ADDRESS_DEFAULT, env = "PAYGATE_MAX_CONNECTIONS_PER_ADDRESS",
              value_parser = clap::value_parser!(u64).range(0..=10_000_000))]
        max_connections_per_address: u64,
        /// Seconds a client has to send a request's line and headers; then the connection closes.
        #[arg(long, default_value_t = crate::net::HEADER_TIMEOUT_SECS_DEFAULT, env = "PAYGATE_HEADER_TIMEOUT_SECS",
              value_parser = clap::value_parser!(u64).range(1..=3_600))]
        header_timeout_secs: u64,
        /// Seconds a client has to send a whole request body; then it gets 408 and the connection closes.
        #[arg(long, default_value_t = crate::net::BODY_TIMEOUT_SECS_DEFAULT, env = "PAYGATE_BODY_TIMEOUT_SECS",
              value_parser = clap::value_parser!(u64).range(1..=3_600))]
        body_timeout_secs: u64,
        /// Seconds a keep-alive connection may wait for its next request.
        #[arg(long, default_value_t = crate::net::IDLE_TIMEOUT_SECS_DEFAULT, env = "PAYGATE_IDLE_TIMEOUT_SECS",
              value_parser = clap::value_parser!(u64).range(1..=86_400))]
        idle_timeout_secs: u64,
        /// MiB of request bodies read at once, all connections together; past it a new
        /// body gets 503 overloaded at once. Bounds the memory that bodies use.
        #[arg(long, default_value_t = crate::net::BODY_BUDGET_MIB_DEFAULT, env = "PAYGATE_BODY_BUDGET_MIB",
              value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
        body_budget_mib: u64,
        /// A JSON file of the corridors, licences and liquidity of cross-border routes and
        /// remittances (docs/routes.md). Without it: every pair is a sandbox corridor in test
        /// mode, and nothing crosses a border in live mode.
        #[arg(long, env = "PAYGATE_ROUTES_CONFIG")]
        routes_config: Option<PathBuf>,
        /// Rows of an approved payout batch paid per writer command (1 to 250). Hidden: for
        /// tests that need execution to take many commands (a kill mid-execution).
        #[arg(long, hide = true, default_value_t = crate::domain::payout_batches::CHUNK_ROWS_DEFAULT,
              value_parser = clap::value_parser!(u32).range(1..=crate::domain::payout_batches::CHUNK_ROWS_MAX as i64))]
        payout_batch_chunk_rows: u32,
        /// Milliseconds the national-switch outbox drainer waits before each pass. Hidden: for
        /// the test that kills the gateway between a payment's commit and its dispatch.
        #[arg(long, hide = true, default_value_t = 0)]
        switch_dispatch_delay_ms: u64,
        /// Live rails: `--rail-base-url`, timeouts, polling, circuit cooldown.
        #[command(flatten)]
        rails: crate::outbox::rails::Args,
    },
    /// Check a configuration file, or print the configuration `serve` would run with.
    Config {
        #[command(subcommand)]
        command: ConfigCommand,
    },
    /// Create the store, the organisation and its test keys, and print the keys as JSON.
    Init {
        #[arg(long, default_value = "paygate-data", env = "PAYGATE_DATA_DIR")]
        data_dir: PathBuf,
        /// The owner's login email (default owner@paygate.local).
        #[arg(long)]
        owner_email: Option<String>,
        /// The owner's password (12+ characters); generated and printed once when absent.
        #[arg(long, env = "PAYGATE_OWNER_PASSWORD")]
        owner_password: Option<String>,
        /// The owner's step-up PIN (6 to 12 digits); generated and printed once when absent.
        #[arg(long, env = "PAYGATE_OWNER_PIN")]
        owner_pin: Option<String>,
    },
    /// Manage the organisations this gateway hosts, offline (server stopped).
    Orgs {
        #[command(subcommand)]
        command: OrgsCommand,
    },
    /// Manage team members offline (server stopped).
    Users {
        #[command(subcommand)]
        command: UsersCommand,
    },
    /// Recompute every balance from the journal; exit 1 on any mismatch. Stop the server first.
    Verify {
        #[arg(long, default_value = "paygate-data", env = "PAYGATE_DATA_DIR")]
        data_dir: PathBuf,
    },
    /// Write a consistent, verified copy of a store to FILE (the server stopped; while it
    /// serves, the owner's POST /v1/admin/backup does the same). The master key is not in it:
    /// back up <data dir>/master.key once, separately. Prints a JSON report.
    Backup {
        #[arg(long, default_value = "paygate-data", env = "PAYGATE_DATA_DIR")]
        data_dir: PathBuf,
        /// The backup file to write; it must not exist.
        #[arg(long)]
        to: PathBuf,
    },
    /// Restore a backup into a new or empty data directory, verifying it first. Prints a JSON
    /// report.
    Restore {
        /// The backup file.
        #[arg(long)]
        from: PathBuf,
        #[arg(long, default_value = "paygate-data", env = "PAYGATE_DATA_DIR")]
        data_dir: PathBuf,
        /// The master key file kept apart from the backups (without it, sealed secrets such as
        /// webhook signing secrets cannot be read: copy it to <data dir>/master.key yourself).
        #[arg(long)]
        master_key: Option<PathBuf>,
    },
    /// Print the OpenAPI 3.1 document.
    Openapi,
    /// Run the deterministic simulator (docs/simulation.md): seeded workloads of money
    /// operations on the real domain code, a simulated disk and clock, injected faults, every
    /// invariant checked. Exits 1 when a seed fails, printing the seed, the step and a trace.
    Sim {
        /// The first seed: seeds SEED..SEED+SEEDS run. `--seed N` alone replays seed N.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many seeds.
        #[arg(long, default_value_t = 1)]
        seeds: u64,
        /// Operations in all, shared evenly among the seeds.
        #[arg(long, default_value_t = 10_000)]
        ops: u64,
        /// On a failure, look for a shorter list of steps that still fails, and print it.
        #[arg(long)]
        shrink: bool,
        /// Threads running seeds side by side (default: the machine's cores).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Manage API keys offline (server stopped), e.g. to create live or restricted keys.
    Keys {
        #[command(subcommand)]
        command: KeysCommand,
    },
    /// Forward a running gateway's webhooks to a local URL (registers a temporary endpoint).
    Listen {
        /// Where to forward each delivery, e.g. http://localhost:3000/hook.
        #[arg(long)]
        forward_to: String,
        /// Comma-separated event types (or families such as payment_intent.*); default all.
        #[arg(long, value_delimiter = ',')]
        events: Vec<String>,
        /// Base URL of the gateway.
        #[arg(long, default_value = "http://127.0.0.1:8080/v1", env = "PAYGATE_URL")]
        url: String,
        /// A key with webhooks:manage (a test secret key).
        #[arg(long, env = "PAYGATE_KEY")]
        key: String,
        /// Local address the gateway delivers to.
        #[arg(long, default_value = "127.0.0.1:0")]
        listen: SocketAddr,
    },
    /// Guardian mode (ledger halt) operations, offline.
    Guardian {
        #[command(subcommand)]
        command: GuardianCommand,
    },
    /// The FX rate table quotes are priced from, offline (server stopped).
    Fx {
        #[command(subcommand)]
        command: FxCommand,
    },
    /// The directory of verified institutions diaspora quotes pay, offline (server stopped).
    Institutions {
        #[command(subcommand)]
        command: InstitutionsCommand,
    },
    /// Live rails' connectors, offline (server stopped): docs/rails.md.
    Rails {
        #[command(subcommand)]
        command: RailsCommand,
    },
    /// Match a provider's transaction report (CSV) with the gateway's rail requests; prints
    /// the missing, extra and mismatched lines as JSON and exits 1 when there are any.
    /// `paygate reconcile import FILE --rail R` imports a rail's statement instead
    /// (docs/reconciliation.md).
    #[command(args_conflicts_with_subcommands = true)]
    Reconcile {
        #[command(subcommand)]
        command: Option<ReconcileCommand>,
        /// mtn_momo, airtel_money or flutterwave.
        #[arg(long)]
        rail: Option<String>,
        /// The report: a header line, then one line per transaction (docs/rails.md gives the columns).
        #[arg(long)]
        file: Option<PathBuf>,
        #[arg(long, default_value = "paygate-data", env = "PAYGATE_DATA_DIR")]
        data_dir: PathBuf,
        /// The organisation (default: the gateway's own).
        #[arg(long)]
        org: Option<String>,
    },
}

#[derive(Subcommand)]
enum ReconcileCommand {
    /// Import a rail's statement (CSV) as `POST /reconciliation/statements` does, offline
    /// (server stopped); prints the statement as JSON and exits 1 when lines need a person.
    Import {
        /// The statement file: a header naming reference, amount, currency, date (and status).
        file: PathBuf,
        /// national_switch, mobile_money, bank, mtn_momo, airtel_money or flutterwave.
        #[arg(long)]
        rail: String,
        /// The statement's currency, for a file without a currency column.
        #[arg(long)]
        currency: Option<String>,
        /// test or live.
        #[arg(long, default_value = "live")]
        mode: String,
        #[arg(long, default_value = "paygate-data", env = "PAYGATE_DATA_DIR")]
        data_dir: PathBuf,
        /// The organisation (default: the gateway's own).
        #[arg(long)]
        org: Option<String>,
    },
}

#[derive(Subcommand)]
enum RailsCommand {
    /// Configure a live connector for an organisation's live mode. The credentials come from
    /// a JSON file ({"api_user": "...", ...}), never the command line; they are sealed with
    /// the master key and never printed. Prints the configuration (credential names only).
    Configure {
        /// mtn_momo, airtel_money or flutterwave.
        rail: String,
        /// A JSON object of the provider's credentials (docs/rails.md names them).
        #[arg(long)]
        credentials_file: PathBuf,
        /// MTN's X-Target-Environment (sandbox, mtnuganda, ...); default sandbox.
        #[arg(long)]
        target_environment: Option<String>,
        /// ISO 3166 alpha-2 country of the account (Airtel's X-Country).
        #[arg(long)]
        country: Option<String>,
        /// The organisation (default: the gateway's own).
        #[arg(long)]
        org: Option<String>,
        #[arg(long, default_value = "paygate-data", env = "PAYGATE_DATA_DIR")]
        data_dir: PathBuf,
    },
}

#[derive(Subcommand)]
enum ConfigCommand {
    /// Read a configuration file and check every key and value; exit 1 naming the key, the
    /// file and the line of the first one refused.
    Check {
        /// The file (default: /etc/paygate/paygate.toml when present, then ./paygate.toml).
        #[arg(long, env = "PAYGATE_CONFIG")]
        config: Option<PathBuf>,
    },
    /// Print the effective configuration of `paygate serve` with the same flags, environment
    /// and file, as TOML with each value's source; secrets are masked.
    Show {
        /// `serve` flags, e.g. `--config /etc/paygate/paygate.toml --listen 0.0.0.0:8080`.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        serve_flags: Vec<std::ffi::OsString>,
    },
}

#[derive(Subcommand)]
enum InstitutionsCommand {
    /// Replace the directory with a JSON file's institutions (docs/diaspora.md gives the
    /// format); every entry is checked first and nothing is written when one is wrong.
    /// Prints {"imported": N} as JSON.
    Import {
        /// The JSON file: {"institutions": [{"id", "name", "kind", "country", "purpose_codes", "tag", "organisation"}]}.
        file: PathBuf,
        #[arg(long, default_value = "paygate-data", env = "PAYGATE_DATA_DIR")]
        data_dir: PathBuf,
    },
}

#[derive(Subcommand)]
enum FxCommand {
    /// Set a pair's mid-market rate (and margin), stamped and audited; prints it as JSON.
    SetRate {
        /// BASE-QUOTE, e.g. USD-CDF.
        pair: String,
        /// Units of QUOTE one BASE buys, a decimal such as 2800.5 (0.000001 to 1,000,000).
        rate: String,
        #[arg(long, default_value = "paygate-data", env = "PAYGATE_DATA_DIR")]
        data_dir: PathBuf,
        /// Which table: the sandbox's (test) or live quotes' (live).
        #[arg(long, value_enum, default_value_t = CliMode::Test)]
        mode: CliMode,
        /// The pair's margin in basis points, 0 to 1000 (default 100).
        #[arg(long)]
        margin_bps: Option<i64>,
    },
}

#[derive(Subcommand)]
enum KeysCommand {
    /// Create a key and print its secret once, as JSON.
    Create {
        #[arg(long, default_value = "paygate-data", env = "PAYGATE_DATA_DIR")]
        data_dir: PathBuf,
        /// sk (every scope), rk (the --scopes given), pk (payment_intents:write only).
        #[arg(long, value_enum)]
        kind: CliKeyKind,
        #[arg(long, value_enum, default_value_t = CliMode::Test)]
        mode: CliMode,
        /// Comma-separated scopes, for rk keys.
        #[arg(long, value_delimiter = ',')]
        scopes: Vec<String>,
        #[arg(long, default_value = "")]
        label: String,
    },
    /// Retire the active platform signing key and make a new one, printed as JSON
    /// (server stopped). Retired keys stay listed at GET /keys, so the QR codes and
    /// webhook signatures they made still verify.
    RotateSigning {
        #[arg(long, default_value = "paygate-data", env = "PAYGATE_DATA_DIR")]
        data_dir: PathBuf,
    },
}

#[derive(Subcommand)]
enum UsersCommand {
    /// Add a team member; prints it (and a generated password or PIN, once) as JSON.
    Add {
        #[arg(long, default_value = "paygate-data", env = "PAYGATE_DATA_DIR")]
        data_dir: PathBuf,
        #[arg(long)]
        email: String,
        /// owner, admin, developer, finance or viewer.
        #[arg(long)]
        role: String,
        /// 12+ characters; generated and printed once when absent.
        #[arg(long, env = "PAYGATE_USER_PASSWORD")]
        password: Option<String>,
        /// 6 to 12 digits; generated and printed once when absent.
        #[arg(long, env = "PAYGATE_USER_PIN")]
        pin: Option<String>,
    },
    /// List team members as JSON lines.
    List {
        #[arg(long, default_value = "paygate-data", env = "PAYGATE_DATA_DIR")]
        data_dir: PathBuf,
    },
    /// Disable a team member (by email or mem_ id); their sessions end. An
    /// email may be a member's in several organisations: name one with --org.
    Disable {
        #[arg(long, default_value = "paygate-data", env = "PAYGATE_DATA_DIR")]
        data_dir: PathBuf,
        /// Email or member id.
        member: String,
        /// The organisation (org_...) of the member an email names; needed
        /// when the email is a member's in several organisations.
        #[arg(long)]
        org: Option<String>,
    },
}

#[derive(Subcommand)]
enum OrgsCommand {
    /// Add an organisation with its owner and test keys; prints them (once) as JSON.
    Add {
        #[arg(long, default_value = "paygate-data", env = "PAYGATE_DATA_DIR")]
        data_dir: PathBuf,
        #[arg(long)]
        name: String,
        /// ISO 3166-1 alpha-2, e.g. CD.
        #[arg(long)]
        country: String,
        /// ISO 4217, e.g. CDF.
        #[arg(long)]
        currency: String,
        /// `@tag` (3 to 30 of a-z, 0-9, _), unique.
        #[arg(long)]
        tag: Option<String>,
        /// E.164 phone, unique.
        #[arg(long)]
        phone: Option<String>,
        /// E-mail, unique.
        #[arg(long)]
        email: Option<String>,
        /// The owner's login; generated password and PIN are printed once.
        #[arg(long)]
        owner_email: String,
    },
    /// List the organisations as JSON lines.
    List {
        #[arg(long, default_value = "paygate-data", env = "PAYGATE_DATA_DIR")]
        data_dir: PathBuf,
    },
    /// Set an organisation's transfer limits (minor units, any currency).
    SetLimits {
        #[arg(long, default_value = "paygate-data", env = "PAYGATE_DATA_DIR")]
        data_dir: PathBuf,
        /// The organisation's id (org_...); the instance's own when absent.
        #[arg(long)]
        org: Option<String>,
        #[arg(long)]
        per_transfer: Option<i64>,
        #[arg(long)]
        daily: Option<i64>,
    },
    /// Disable an organisation: its keys and sessions stop working.
    Disable {
        #[arg(long, default_value = "paygate-data", env = "PAYGATE_DATA_DIR")]
        data_dir: PathBuf,
        /// The organisation's id (org_...).
        id: String,
    },
}

#[derive(Subcommand)]
enum GuardianCommand {
    /// Verify the ledger and, if it balances, clear a halt.
    Clear {
        #[arg(long, default_value = "paygate-data", env = "PAYGATE_DATA_DIR")]
        data_dir: PathBuf,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum CliKeyKind {
    Sk,
    Rk,
    Pk,
}

#[derive(Clone, Copy, ValueEnum)]
enum CliMode {
    Test,
    Live,
}

/// The command line with the configuration file's values under flags and
/// environment (`config.rs`); clap's own errors and `--help` exit here.
fn parse() -> Result<Cli, String> {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let (matches, _) = match crate::config::matches(&Cli::command(), &args) {
        Ok(resolved) => resolved,
        Err(crate::config::Error::Cli(e)) => e.exit(),
        Err(crate::config::Error::File(why)) => return Err(why),
    };
    Cli::from_arg_matches(&matches).map_err(|e| e.to_string())
}

pub fn run() -> ExitCode {
    let cli = match parse() {
        Ok(cli) => cli,
        Err(why) => {
            eprintln!("paygate: {why}");
            return ExitCode::FAILURE;
        }
    };
    // The simulator injects failures the gateway logs as errors: its own
    // report says what failed; PAYGATE_LOG=error shows the details.
    if !matches!(cli.command, Command::Sim { .. }) || std::env::var_os("PAYGATE_LOG").is_some() {
        init_logging(cli.log_format);
    }
    let _ = STORE_URL.set(cli.store);
    match dispatch(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("paygate: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Runs `command`: one arm per subcommand.
fn dispatch(command: Command) -> CliResult {
    match command {
        command @ Command::Serve { .. } => serve_options(command).and_then(serve),
        Command::Init {
            data_dir,
            owner_email,
            owner_password,
            owner_pin,
        } => init(
            &data_dir,
            crate::domain::team::NewOwner::from_flags(owner_email, owner_password, owner_pin),
        ),
        Command::Config { command } => config(command),
        Command::Users { command } => users(command),
        Command::Orgs { command } => orgs(command),
        Command::Verify { data_dir } => verify(&data_dir),
        Command::Backup { data_dir, to } => backup(&data_dir, &to),
        Command::Restore {
            from,
            data_dir,
            master_key,
        } => restore(&from, &data_dir, master_key.as_deref()),
        Command::Openapi => {
            print!("{}", crate::http::openapi::json());
            Ok(())
        }
        Command::Sim {
            seed,
            seeds,
            ops,
            shrink,
            threads,
        } => {
            let threads = threads.unwrap_or_else(|| {
                std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
            });
            let options = crate::sim::Options {
                seed,
                seeds,
                ops,
                shrink,
                threads,
            };
            if crate::sim::run(&options) {
                Ok(())
            } else {
                Err("the simulator found a failure (above)".into())
            }
        }
        Command::Keys {
            command:
                KeysCommand::Create {
                    data_dir,
                    kind,
                    mode,
                    scopes,
                    label,
                },
        } => create_key(&data_dir, kind, mode, scopes, &label),
        Command::Keys {
            command: KeysCommand::RotateSigning { data_dir },
        } => rotate_signing(&data_dir),
        Command::Guardian {
            command: GuardianCommand::Clear { data_dir },
        } => clear_guardian(&data_dir),
        Command::Fx { command } => fx(command),
        Command::Institutions {
            command: InstitutionsCommand::Import { file, data_dir },
        } => import_institutions(&file, &data_dir),
        Command::Rails {
            command:
                RailsCommand::Configure {
                    rail,
                    credentials_file,
                    target_environment,
                    country,
                    org,
                    data_dir,
                },
        } => configure_rail(
            &rail,
            &credentials_file,
            target_environment,
            country,
            org,
            &data_dir,
        ),
        Command::Reconcile {
            command:
                Some(ReconcileCommand::Import {
                    file,
                    rail,
                    currency,
                    mode,
                    data_dir,
                    org,
                }),
            ..
        } => import_statement(&file, &rail, currency, &mode, org, &data_dir),
        Command::Reconcile {
            command: None,
            rail,
            file,
            data_dir,
            org,
        } => match (rail, file) {
            (Some(rail), Some(file)) => reconcile(&rail, &file, org, &data_dir),
            _ => Err("paygate reconcile needs --rail and --file (or: paygate reconcile import FILE --rail R)".into()),
        },
        Command::Listen {
            forward_to,
            events,
            url,
            key,
            listen,
        } => listen_events(crate::listen::ListenOptions {
            forward_to,
            events,
            base_url: url,
            key,
            listen,
        }),
    }
}

/// `init`: a new store with its organisation, keys and owner, or an
/// existing one migrated.
fn init(data_dir: &std::path::Path, owner: crate::domain::team::NewOwner) -> CliResult {
    server::init(data_dir, store_url(), owner).map(|done| match done {
        server::Initialised::Created(keys, owner) => {
            println!("{}", serde_json::json!({ "keys": keys, "owner": owner }))
        }
        server::Initialised::Migrated(version) => {
            println!("{}", serde_json::json!({ "migrated_to": version }))
        }
    })
}

/// `backup`: a snapshot of the database while nodes may serve it, or of the
/// store file of a stopped gateway.
fn backup(data_dir: &std::path::Path, to: &std::path::Path) -> CliResult {
    match store_url() {
        Some(_) => open_existing(data_dir).and_then(|store| {
            crate::backup::take(&store, to)
                .map_err(Into::into)
                .and_then(print_json)
        }),
        None => crate::backup::take_offline(data_dir, to)
            .map_err(Into::into)
            .and_then(print_json),
    }
}

/// `restore`: a backup into `data_dir`, warning when the master key is not
/// given with it.
fn restore(
    from: &std::path::Path,
    data_dir: &std::path::Path,
    master_key: Option<&std::path::Path>,
) -> CliResult {
    if master_key.is_none() {
        eprintln!(
            "paygate: restoring without --master-key: copy the master key kept apart to {} before serving, or sealed secrets (webhook signing secrets) cannot be read",
            data_dir.join(crate::secrets::MASTER_KEY_FILE).display()
        );
    }
    crate::backup::restore(from, data_dir, master_key)
        .map_err(Into::into)
        .and_then(print_json)
}

/// `listen`: forwards the account's events to a local URL until stopped.
fn listen_events(options: crate::listen::ListenOptions) -> CliResult {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(Into::into)
        .and_then(|runtime| runtime.block_on(crate::listen::listen(options)))
}

type CliResult = Result<(), Box<dyn std::error::Error>>;

fn config(command: ConfigCommand) -> CliResult {
    match command {
        ConfigCommand::Check { config } => {
            let path = crate::config::path_of(config.as_ref())
                .map_err(config_error)?
                .ok_or("no configuration file: none given and none of /etc/paygate/paygate.toml, ./paygate.toml exists")?;
            let file = crate::config::load(&Cli::command(), &path).map_err(config_error)?;
            println!(
                "{}",
                serde_json::json!({ "ok": true, "file": path, "keys": file.entries.len() })
            );
            Ok(())
        }
        ConfigCommand::Show { serve_flags } => {
            // `--store` is global: given before the `serve` flags (`config
            // show --store URL`), clap took it for `config show` itself.
            let store_flag =
                global_store_flag(&std::env::args_os().collect::<Vec<_>>(), serve_flags.len());
            let args: Vec<std::ffi::OsString> = ["paygate", "serve"]
                .into_iter()
                .map(Into::into)
                .chain(store_flag)
                .chain(serve_flags)
                .collect();
            let command = Cli::command();
            let (matches, file) = crate::config::matches(&command, &args).map_err(config_error)?;
            let serve = command
                .find_subcommand("serve")
                .ok_or("the serve command is missing")?;
            print!("{}", crate::config::show(&matches, serve, file.as_ref()));
            Ok(())
        }
    }
}

/// The `--store URL` (or `--store=URL`) of a command line `args`, outside
/// its last `tail` arguments (the `serve` flags `config show` passes on,
/// which keep their own), as the two or one arguments to pass on.
fn global_store_flag(args: &[std::ffi::OsString], tail: usize) -> Vec<std::ffi::OsString> {
    let head = &args[..args.len().saturating_sub(tail)];
    let mut found = Vec::new();
    let mut words = head.iter();
    while let Some(word) = words.next() {
        if word == "--store" {
            found = std::iter::once(word.clone())
                .chain(words.next().cloned())
                .collect();
        } else if word.to_string_lossy().starts_with("--store=") {
            found = vec![word.clone()];
        }
    }
    found
}

fn config_error(error: crate::config::Error) -> String {
    match error {
        crate::config::Error::Cli(e) => e.render().to_string(),
        crate::config::Error::File(why) => why,
    }
}

fn print_json(value: impl serde::Serialize) -> CliResult {
    println!("{}", serde_json::to_string(&value)?);
    Ok(())
}

fn secs_ms(secs: u64) -> i64 {
    i64::try_from(secs.max(1)).unwrap_or(i64::MAX / 1000) * 1000
}

fn users(command: UsersCommand) -> CliResult {
    match command {
        UsersCommand::Add {
            data_dir,
            email,
            role,
            password,
            pin,
        } => add_user(&data_dir, email, &role, password, pin),
        UsersCommand::List { data_dir } => list_users(&data_dir),
        UsersCommand::Disable {
            data_dir,
            member,
            org,
        } => disable_user(&data_dir, &member, org),
    }
}

/// `users add`: a member of the instance's organisation, its password and
/// PIN printed once.
fn add_user(
    data_dir: &std::path::Path,
    email: String,
    role: &str,
    password: Option<String>,
    pin: Option<String>,
) -> CliResult {
    use crate::auth::roles::Role;
    use crate::domain::audit::{self, Actor};
    use crate::domain::team;
    let role =
        Role::parse(role).ok_or("--role must be owner, admin, developer, finance or viewer")?;
    let store = open_existing(data_dir)?;
    let mut new = team::NewOwner::from_flags(Some(email), password, pin);
    new.validate().map_err(|e| e.message)?;
    let (password_hash, pin_hash) = new.hashes_blocking();
    let member = store
        .write_now(SystemClock.now_ms(), |tx| {
            let org = crate::domain::org::instance(tx)?;
            let member =
                team::add_member(tx, &org.id, &new.email, role, password_hash, Some(pin_hash))?;
            audit::record(
                tx,
                &Actor::cli(&org.id),
                "team_member.created",
                Some(&member.id),
                serde_json::json!({ "email": member.email, "role": member.role }),
            )?;
            Ok(member)
        })
        .map_err(|e| e.message)?;
    new.email = member.email.clone();
    println!(
        "{}",
        serde_json::json!({ "id": member.id, "email": member.email, "role": member.role,
            "password": new.password, "pin": new.pin })
    );
    Ok(())
}

/// `users list`: the instance organisation's members, one JSON line each.
fn list_users(data_dir: &std::path::Path) -> CliResult {
    let store = open_existing(data_dir)?;
    let snapshot = store.snapshot()?;
    let org = crate::domain::org::instance(&snapshot)
        .map_err(|e| e.message)?
        .id;
    for m in crate::domain::team::members(&snapshot, &org)? {
        println!(
            "{}",
            serde_json::json!({ "id": m.id, "email": m.email, "role": m.role,
                "status": if m.active() { "active" } else { "disabled" } })
        );
    }
    Ok(())
}

/// `users disable`: the member an id or an e-mail names (in `org` when
/// given), disabled as an owner would.
fn disable_user(data_dir: &std::path::Path, member: &str, org: Option<String>) -> CliResult {
    use crate::auth::roles::Role;
    use crate::domain::audit::{self, Actor};
    use crate::domain::team;
    let store = open_existing(data_dir)?;
    let snapshot = store.snapshot()?;
    let found = if member.starts_with("mem_") {
        team::member(&snapshot, member)?.filter(|m| org.as_ref().is_none_or(|o| *o == m.org))
    } else {
        one_member_by_email(&snapshot, member, org.as_deref())?
    };
    let found = found.ok_or_else(|| match &org {
        Some(org) => format!("no team member {member} in {org}"),
        None => format!("no team member {member}"),
    })?;
    drop(snapshot);
    let disabled = store
        .write_now(SystemClock.now_ms(), |tx| {
            let m = team::disable(tx, &found.org, Role::Owner, &found.id)?;
            audit::record(
                tx,
                &Actor::cli(&found.org),
                "team_member.disabled",
                Some(&m.id),
                serde_json::json!({}),
            )?;
            Ok(m)
        })
        .map_err(|e| e.message)?;
    println!(
        "{}",
        serde_json::json!({ "id": disabled.id, "email": disabled.email, "status": "disabled" })
    );
    Ok(())
}

/// The member an email names, in `org` when given. An email may be a
/// member's in several organisations (decision 330): without `org` it must
/// name one member, else the error lists the organisations to choose from.
fn one_member_by_email(
    snapshot: &crate::store::Snapshot,
    email: &str,
    org: Option<&str>,
) -> Result<Option<crate::domain::team::Member>, Box<dyn std::error::Error>> {
    let mut members = crate::domain::team::members_by_email(snapshot, email)?;
    if let Some(org) = org {
        members.retain(|m| m.org == org);
    }
    if members.len() > 1 {
        let orgs: Vec<&str> = members.iter().map(|m| m.org.as_str()).collect();
        return Err(format!(
            "{email} is a team member in {} organisations ({}): name one with --org",
            members.len(),
            orgs.join(", ")
        )
        .into());
    }
    Ok(members.pop())
}

/// The routes configuration of `--routes-config`, checked before the gateway starts.
fn routes_config_of(
    path: Option<&std::path::Path>,
) -> Result<crate::domain::routes::Config, Box<dyn std::error::Error>> {
    match path {
        Some(path) => Ok(crate::domain::routes::Config::load(path)?),
        None => Ok(Default::default()),
    }
}

/// The options of a `serve` command, its flags and configuration file
/// resolved (`run` hands it only that command).
fn serve_options(command: Command) -> Result<ServeOptions, Box<dyn std::error::Error>> {
    let Command::Serve {
        config: _,
        data_dir,
        listen,
        metrics_listen,
        public_url,
        ephemeral,
        audit_interval_secs,
        sandbox_settlement_ms,
        webhook_egress,
        header_prefix,
        sandbox_dispute_window_ms,
        session_ttl_secs,
        session_idle_secs,
        resolve_rate_limit,
        cache_mib,
        max_connections,
        max_connections_per_address,
        header_timeout_secs,
        body_timeout_secs,
        idle_timeout_secs,
        body_budget_mib,
        routes_config,
        payout_batch_chunk_rows,
        switch_dispatch_delay_ms,
        rails,
    } = command
    else {
        return Err("not a serve command".into());
    };
    let routes = routes_config_of(routes_config.as_deref())?;
    Ok(ServeOptions {
        store: store_url().map(str::to_string),
        data_dir,
        listen,
        metrics_listen,
        public_url,
        ephemeral,
        audit_interval: Duration::from_secs(audit_interval_secs.max(1)),
        sandbox_settlement_delay: Duration::from_millis(sandbox_settlement_ms),
        webhook_egress,
        header_names: header_prefix,
        sandbox_dispute_window: sandbox_dispute_window_ms.map(Duration::from_millis),
        sessions: crate::domain::team::SessionPolicy {
            absolute_ms: secs_ms(session_ttl_secs),
            idle_ms: secs_ms(session_idle_secs),
        },
        resolve_rate_limit,
        cache_bytes: cache_mib
            .and_then(|mib| usize::try_from(mib.saturating_mul(1 << 20)).ok())
            .unwrap_or_else(crate::store::default_cache_bytes),
        limits: crate::net::Limits {
            max_connections: usize::try_from(max_connections).unwrap_or(usize::MAX),
            max_connections_per_address: usize::try_from(max_connections_per_address)
                .unwrap_or(usize::MAX),
            header_timeout: Duration::from_secs(header_timeout_secs),
            body_timeout: Duration::from_secs(body_timeout_secs),
            idle_timeout: Duration::from_secs(idle_timeout_secs),
            body_budget_bytes: usize::try_from(body_budget_mib << 20).unwrap_or(usize::MAX),
        },
        routes,
        payout_batch_chunk_rows,
        switch_dispatch_delay: Duration::from_millis(switch_dispatch_delay_ms),
        rails: rails.options()?,
    })
}

fn serve(options: ServeOptions) -> CliResult {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let stopped = runtime.block_on(server::serve(options))?;
    // Dropping the runtime drops every background task and with them their
    // writer handles; then the writer drains its queue and the store closes.
    runtime.shutdown_timeout(Duration::from_secs(2));
    stopped.close();
    Ok(())
}

fn orgs(command: OrgsCommand) -> Result<(), Box<dyn std::error::Error>> {
    use crate::domain::org::{self, NewOrganisation};
    match command {
        OrgsCommand::Add {
            data_dir,
            name,
            country,
            currency,
            tag,
            phone,
            email,
            owner_email,
        } => {
            let store = open_existing(&data_dir)?;
            let owner = crate::domain::team::NewOwner::from_flags(Some(owner_email), None, None);
            owner.validate().map_err(|e| e.message)?;
            let hashes = owner.hashes_blocking();
            let new = NewOrganisation {
                name,
                country,
                default_currency: currency,
                tag,
                phone,
                email,
            };
            let created = store
                .write_now(SystemClock.now_ms(), |tx| {
                    org::create_with_owner(tx, new, &owner, hashes)
                })
                .map_err(|e| e.message)?;
            println!("{}", serde_json::to_string(&created)?);
            Ok(())
        }
        OrgsCommand::List { data_dir } => {
            let store = open_existing(&data_dir)?;
            for o in org::list(&store.snapshot()?).map_err(|e| e.message)? {
                println!("{}", serde_json::to_string(&o)?);
            }
            Ok(())
        }
        OrgsCommand::SetLimits {
            data_dir,
            org: id,
            per_transfer,
            daily,
        } => {
            let store = open_existing(&data_dir)?;
            let changed = store
                .write_now(SystemClock.now_ms(), |tx| {
                    let id = match &id {
                        Some(id) => id.clone(),
                        None => org::instance(tx)?.id,
                    };
                    org::set_transfer_limits(tx, &id, per_transfer, daily)
                })
                .map_err(|e| e.message)?;
            println!("{}", serde_json::to_string(&changed)?);
            Ok(())
        }
        OrgsCommand::Disable { data_dir, id } => {
            let store = open_existing(&data_dir)?;
            let disabled = store
                .write_now(SystemClock.now_ms(), |tx| org::disable(tx, &id))
                .map_err(|e| e.message)?;
            println!("{}", serde_json::to_string(&disabled)?);
            Ok(())
        }
    }
}

fn open_existing(data_dir: &std::path::Path) -> Result<Store, Box<dyn std::error::Error>> {
    if let Some(url) = store_url() {
        let store = Store::open_postgres(url, data_dir, false)?;
        crate::secrets::load_existing(data_dir)?;
        return Ok(store);
    }
    if !Store::exists(data_dir) {
        return Err(format!(
            "{} holds no store; run `paygate init --data-dir {0}` first",
            data_dir.display()
        )
        .into());
    }
    let store = Store::open(data_dir)?;
    crate::secrets::load_or_create(data_dir)?;
    Ok(store)
}

fn verify(data_dir: &std::path::Path) -> CliResult {
    let store = open_existing(data_dir)?;
    let report = ledger::verify(&store.snapshot()?)?;
    println!("{}", serde_json::to_string_pretty(&report)?);
    if report.ok() {
        eprintln!(
            "ledger ok: {} postings, {} lines, {} accounts, every posting balances and every balance matches the journal",
            report.postings, report.lines, report.accounts
        );
        Ok(())
    } else {
        Err(format!(
            "ledger MISMATCH: {} unbalanced postings, {} balance mismatches",
            report.unbalanced_postings, report.balance_mismatches
        )
        .into())
    }
}

fn create_key(
    data_dir: &std::path::Path,
    kind: CliKeyKind,
    mode: CliMode,
    scopes: Vec<String>,
    label: &str,
) -> CliResult {
    let store = open_existing(data_dir)?;
    let kind = match kind {
        CliKeyKind::Sk => KeyKind::Sk,
        CliKeyKind::Rk => KeyKind::Rk,
        CliKeyKind::Pk => KeyKind::Pk,
    };
    let mode = match mode {
        CliMode::Test => Mode::Test,
        CliMode::Live => Mode::Live,
    };
    let (record, secret) = store
        .write_now(SystemClock.now_ms(), |tx| {
            let org = crate::domain::org::instance(tx)?;
            keys::create(tx, &org.id, kind, mode, scopes, label, Vec::new())
        })
        .map_err(|e| e.message)?;
    println!(
        "{}",
        serde_json::json!({ "id": record.id, "secret": secret, "scopes": record.scopes, "mode": record.mode })
    );
    Ok(())
}

fn rotate_signing(data_dir: &std::path::Path) -> CliResult {
    let store = open_existing(data_dir)?;
    let key = store
        .write_now(SystemClock.now_ms(), crate::events::signing::rotate)
        .map_err(|e| e.message)?;
    println!(
        "{}",
        serde_json::json!({ "id": key.id, "public_key": key.public_key, "status": key.status })
    );
    Ok(())
}

fn clear_guardian(data_dir: &std::path::Path) -> CliResult {
    let store = open_existing(data_dir)?;
    let report = crate::guardian::clear_offline(&store).map_err(|e| e.message)?;
    if report.ok() {
        eprintln!("ledger verifies; guardian cleared");
        Ok(())
    } else {
        Err(format!(
            "ledger still broken ({:?}); guardian stays engaged",
            report.problems
        )
        .into())
    }
}

fn fx(command: FxCommand) -> CliResult {
    use crate::domain::audit::Actor;
    use crate::domain::fx::{self, rates};
    let FxCommand::SetRate {
        pair,
        rate,
        data_dir,
        mode,
        margin_bps,
    } = command;
    let mode = match mode {
        CliMode::Test => Mode::Test,
        CliMode::Live => Mode::Live,
    };
    let store = open_existing(&data_dir)?;
    let new = rates::NewRate {
        pair,
        rate,
        margin_bps,
    };
    let now = SystemClock.now_ms();
    let entry = store
        .write_now(now, |tx| {
            let org = crate::domain::org::instance(tx)?;
            rates::set(tx, &Actor::cli(&org.id), mode, new)
        })
        .map_err(|e| e.message)?;
    let view = fx::rate_view(&entry, mode.livemode(), now);
    println!("{}", serde_json::to_string(&view)?);
    Ok(())
}

/// The import file is read whole; larger is refused.
const INSTITUTIONS_FILE_BYTES_MAX: u64 = 8 << 20;

fn import_institutions(file: &std::path::Path, data_dir: &std::path::Path) -> CliResult {
    use crate::domain::diaspora::institutions;
    let size = std::fs::metadata(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?
        .len();
    if size > INSTITUTIONS_FILE_BYTES_MAX {
        return Err(format!("{} is larger than 8 MiB", file.display()).into());
    }
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let parsed: institutions::ImportFile = serde_json::from_str(&text)
        .map_err(|e| format!("{} is not an institutions file: {e}", file.display()))?;
    let store = open_existing(data_dir)?;
    let imported = store
        .write_now(SystemClock.now_ms(), |tx| institutions::import(tx, parsed))
        .map_err(|e| e.message)?;
    println!("{}", serde_json::json!({ "imported": imported }));
    Ok(())
}

/// The largest credentials file and provider report read.
const RAIL_FILE_BYTES_MAX: u64 = 64 << 20;

fn read_bounded(file: &std::path::Path) -> Result<String, Box<dyn std::error::Error>> {
    let size = std::fs::metadata(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?
        .len();
    if size > RAIL_FILE_BYTES_MAX {
        return Err(format!("{} is larger than 64 MiB", file.display()).into());
    }
    Ok(
        std::fs::read_to_string(file)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?,
    )
}

fn rail_provider(rail: &str) -> Result<crate::rails::live::Provider, Box<dyn std::error::Error>> {
    crate::rails::live::Provider::parse(rail).ok_or_else(|| {
        format!("no live connector is called {rail:?}; one of mtn_momo, airtel_money, flutterwave")
            .into()
    })
}

fn configure_rail(
    rail: &str,
    credentials_file: &std::path::Path,
    target_environment: Option<String>,
    country: Option<String>,
    org: Option<String>,
    data_dir: &std::path::Path,
) -> CliResult {
    use crate::domain::live_rails;
    let provider = rail_provider(rail)?;
    let credentials: std::collections::BTreeMap<String, String> =
        serde_json::from_str(&read_bounded(credentials_file)?).map_err(|e| {
            format!(
                "{} is not a JSON object of credential names to strings: {e}",
                credentials_file.display()
            )
        })?;
    let store = open_existing(data_dir)?;
    // The master key is installed by `open_existing`: seal only after it.
    let sealed = live_rails::seal(provider, credentials, target_environment, country)
        .map_err(|e| e.message)?;
    let config = store
        .write_now(SystemClock.now_ms(), |tx| {
            let owner = match org {
                Some(org) => org,
                None => crate::domain::org::instance(tx)?.id,
            };
            live_rails::configure(tx, crate::mode::Mode::Live, &owner, sealed)
        })
        .map_err(|e| e.message)?;
    println!(
        "{}",
        serde_json::json!({
            "rail": provider.as_str(),
            "organisation": config.owner,
            "livemode": true,
            "credential_names": config.credential_names,
            "target_environment": config.target_environment,
            "country": config.country,
        })
    );
    Ok(())
}

fn reconcile(
    rail: &str,
    file: &std::path::Path,
    org: Option<String>,
    data_dir: &std::path::Path,
) -> CliResult {
    use crate::domain::live_rails::reconcile;
    let provider = rail_provider(rail)?;
    let lines = reconcile::parse(&read_bounded(file)?).map_err(|e| e.message)?;
    let store = open_existing(data_dir)?;
    let report = store
        .write_now(SystemClock.now_ms(), |tx| {
            let owner = match org {
                Some(org) => org,
                None => crate::domain::org::instance(tx)?.id,
            };
            reconcile::run(tx, crate::mode::Mode::Live, &owner, provider, &lines)
        })
        .map_err(|e| e.message)?;
    println!("{}", serde_json::to_string(&report)?);
    if report.is_clean() {
        Ok(())
    } else {
        Err(format!(
            "{} missing, {} extra, {} mismatched",
            report.missing.len(),
            report.extra.len(),
            report.mismatched.len()
        )
        .into())
    }
}

/// `paygate reconcile import`: the domain's import, as the API's, acting as
/// the CLI on the organisation's behalf (audited as `cli`).
fn import_statement(
    file: &std::path::Path,
    rail: &str,
    currency: Option<String>,
    mode: &str,
    org: Option<String>,
    data_dir: &std::path::Path,
) -> CliResult {
    use crate::domain::reconciliation::{self, NewStatement, Prepared};
    let rail = reconciliation::rail("--rail", rail).map_err(|e| e.message)?;
    let currency = match currency {
        Some(c) => Some(
            crate::currency::parse("--currency", &c)
                .map_err(|e| e.message)?
                .code
                .to_string(),
        ),
        None => None,
    };
    let mode = match mode {
        "test" => crate::mode::Mode::Test,
        "live" => crate::mode::Mode::Live,
        other => return Err(format!("--mode is test or live, not {other:?}").into()),
    };
    let size = std::fs::metadata(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?
        .len();
    if size > reconciliation::STATEMENT_BYTES_MAX as u64 {
        return Err(format!(
            "{} is larger than {} bytes: split it by date",
            file.display(),
            reconciliation::STATEMENT_BYTES_MAX
        )
        .into());
    }
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let store = open_existing(data_dir)?;
    let now_ms = SystemClock.now_ms();
    let snapshot = store.snapshot()?;
    let owner = match org {
        Some(org) => org,
        None => {
            crate::domain::org::instance(&snapshot)
                .map_err(|e| e.message)?
                .id
        }
    };
    let principal = crate::auth::Principal::system("cli", &owner, mode);
    let new = NewStatement {
        rail,
        currency,
        text,
    };
    let prepared: Prepared = reconciliation::prepare(&snapshot, &principal, new, now_ms)
        .map_err(|e| e.message)?
        .by(crate::domain::audit::Actor::cli(&owner));
    drop(snapshot);
    let (statement, _) = store
        .write_now(now_ms, move |tx| reconciliation::import(tx, prepared))
        .map_err(|e| e.message)?;
    println!(
        "{}",
        serde_json::to_string(&reconciliation::view(&statement))?
    );
    match statement.attention_count {
        0 => Ok(()),
        n => Err(format!("{n} lines or records need a person").into()),
    }
}

fn init_logging(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_env("PAYGATE_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    match format {
        LogFormat::Text => builder.init(),
        LogFormat::Json => builder.json().init(),
    }
}
