//! Starting the gateway: store, writer thread, background tasks, HTTP listener.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use tokio::sync::Notify;

use crate::clock::{Clock, SharedClock, SystemClock};
use crate::domain::Settings;
use crate::domain::org::{self, NewKeys};
use crate::guardian::{self, Guardian};
use crate::http::{self, AppState};
use crate::net;
use crate::store::{Store, Writer, writer};

/// Idempotency records purged per writer command at most.
const PURGE_BATCH_MAX: usize = 10_000;
const PURGE_INTERVAL: Duration = Duration::from_secs(15 * 60);

pub struct ServeOptions {
    /// A PostgreSQL URL (`--store`); else the data dir's file.
    pub store: Option<String>,
    pub data_dir: PathBuf,
    pub listen: SocketAddr,
    /// A separate listener for `GET /metrics` (else it is served on `listen`).
    pub metrics_listen: Option<SocketAddr>,
    pub public_url: Option<String>,
    pub ephemeral: bool,
    pub audit_interval: Duration,
    /// How long after capture the sandbox settles a test payment.
    pub sandbox_settlement_delay: Duration,
    /// Test mode: the evidence window of new disputes (default: as requested, 7 days).
    pub sandbox_dispute_window: Option<Duration>,
    /// Where webhook deliveries may connect.
    pub webhook_egress: crate::events::egress::Egress,
    /// The `Service-*` header names, with a brand's when `--header-prefix` gives one.
    pub header_names: crate::headers::HeaderNames,
    /// Team-member session lifetimes.
    pub sessions: crate::domain::team::SessionPolicy,
    /// Requests of the public code-addressed endpoints (`POST /resolve`, the
    /// hosted pages) per client address and minute, all together (0: no limit).
    pub resolve_rate_limit: u32,
    /// Bound of the store's page cache.
    pub cache_bytes: usize,
    /// Connection caps, read deadlines and the request-body budget.
    pub limits: net::Limits,
    /// Corridors, licences and liquidity (`--routes-config`; defaults without it).
    pub routes: crate::domain::routes::Config,
    /// Rows of a payout batch paid per writer command.
    pub payout_batch_chunk_rows: u32,
    /// How long the national-switch outbox drainer waits before each pass (tests).
    pub switch_dispatch_delay: Duration,
    /// The live rails' dispatcher (`serve --rail-*`).
    pub rails: crate::outbox::rails::Options,
}

/// The line printed on stdout once the gateway accepts requests.
#[derive(Serialize)]
struct Ready {
    ready: bool,
    listen: String,
    base_url: String,
    /// Where `GET /metrics` is served when `--metrics-listen` gives its own address.
    #[serde(skip_serializing_if = "Option::is_none")]
    metrics_listen: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    keys: Option<NewKeys>,
    /// The owner's login, on a first start only (the password is shown once).
    #[serde(skip_serializing_if = "Option::is_none")]
    owner: Option<crate::domain::team::NewOwner>,
}

/// What is left to close once the HTTP server has stopped: see [`Stopped::close`].
pub struct Stopped {
    writer_thread: std::thread::JoinHandle<()>,
    store: Store,
}

impl Stopped {
    /// Waits for the writer to finish its queue, then closes the store, so the
    /// next start needs no repair. Call after the runtime (and every task that
    /// holds a writer handle) is gone.
    pub fn close(self) {
        if self.writer_thread.join().is_err() {
            tracing::error!("the writer thread panicked");
        }
        match self.store.close() {
            Ok(()) => tracing::info!("store closed"),
            Err(e) => tracing::error!(error = %e, "the store was not closed cleanly"),
        }
    }
}

pub async fn serve(options: ServeOptions) -> Result<Stopped, Box<dyn std::error::Error>> {
    // Before any descriptor is opened: the connection cap is set below it.
    let open_files = net::fds::raise_open_files_limit();
    crate::memory::disable_transparent_huge_pages();
    let store = open_store(&options)?;
    let clock: SharedClock = Arc::new(SystemClock);
    // Outgoing HTTPS (webhooks) uses rustls with the ring provider.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let wakes = Wakes::default();
    let (writer, writer_thread) = Writer::start(store.clone(), clock.clone(), wakes.all())?;
    let (keys, owner) = bootstrap(&store, &writer).await?;
    let guardian = Arc::new(Guardian::load(&store.snapshot()?)?);
    guardian::spawn_auditor(
        store.clone(),
        writer.clone(),
        guardian.clone(),
        clock.clone(),
        options.audit_interval,
    );
    if store.location.shared() {
        guardian::spawn_halt_follower(store.clone(), guardian.clone());
    }
    spawn_idempotency_purger(writer.clone());

    let listener = net::accept::bind(options.listen).map_err(|e| {
        format!(
            "cannot listen on {}: {e} (use --listen 127.0.0.1:0 for a free port)",
            options.listen
        )
    })?;
    let local = listener.local_addr()?;
    let metrics_listener = bind_metrics(options.metrics_listen).await?;
    let settings = Arc::new(settings(&options, local));
    let senders = Senders {
        egress: options.webhook_egress,
        header_names: options.header_names,
        switch_dispatch_delay: options.switch_dispatch_delay,
        rails: options.rails,
    };
    spawn_background(&store, &writer, &clock, &settings, wakes, senders)?;
    let state = AppState::new(http::AppParts {
        store: store.clone(),
        writer,
        clock: clock.clone(),
        guardian,
        settings,
        public_limiter: Arc::new(http::rate_limit::RateLimiter::new(
            options.resolve_rate_limit,
        )),
        key_cache: Arc::default(),
        org_cache: Arc::default(),
    });
    // Listen for SIGTERM before the ready line: a supervisor may stop the
    // gateway the moment it reads that line, and a signal that arrives before
    // the handler exists kills the process with the store left open.
    let shutdown = shutdown_signal()?;
    announce_ready(local, metrics_listener.as_ref(), keys, owner)?;
    let limits = options.limits;
    let max_connections = connection_cap(&limits, open_files);
    let app = app(state, &limits, metrics_listener);
    net::accept::serve(
        listener,
        app,
        net::admission::Admission::new(max_connections, limits.max_connections_per_address),
        net::deadline::Timeouts {
            header: limits.header_timeout,
            idle: limits.idle_timeout,
        },
        shutdown,
    )
    .await;
    tracing::info!("shutting down: finishing the writer's queue");
    Ok(Stopped {
        writer_thread,
        store,
    })
}

/// The store `options` name (ephemeral, PostgreSQL or the data dir's file)
/// with its master key loaded.
fn open_store(options: &ServeOptions) -> Result<Store, Box<dyn std::error::Error>> {
    Ok(if options.ephemeral {
        crate::secrets::install_random()?;
        Store::ephemeral()?
    } else if let Some(url) = &options.store {
        let store = Store::open_postgres(url, &options.data_dir, true)?;
        // The first node of a shared store makes its master key; every
        // other node must bring that key, not make its own.
        if org::exists(&store.snapshot()?)? {
            crate::secrets::load_existing(&options.data_dir)?;
        } else {
            crate::secrets::load_or_create(&options.data_dir)?;
        }
        store
    } else {
        let store = Store::open_with_cache(&options.data_dir, Some(options.cache_bytes))?;
        crate::secrets::load_or_create(&options.data_dir)?;
        store
    })
}

/// What each commit wakes: the scheduler, the webhook dispatcher, the switch
/// and the rails outboxes.
#[derive(Default)]
struct Wakes {
    committed: Arc<Notify>,
    dispatcher: Arc<Notify>,
    switch: Arc<Notify>,
    rails: Arc<Notify>,
}

impl Wakes {
    fn all(&self) -> Vec<Arc<Notify>> {
        vec![
            self.committed.clone(),
            self.dispatcher.clone(),
            self.switch.clone(),
            self.rails.clone(),
        ]
    }
}

/// On a first start, the organisation, its test keys and its owner's login
/// (printed once); always, a platform signing key.
async fn bootstrap(
    store: &Store,
    writer: &Writer,
) -> Result<(Option<NewKeys>, Option<crate::domain::team::NewOwner>), Box<dyn std::error::Error>> {
    // The owner's password and PIN are hashed (Argon2id, tens of milliseconds)
    // on a first start only.
    let first_start = !org::exists(&store.snapshot()?)?;
    let owner_login = if first_start {
        let login = crate::domain::team::NewOwner::generated();
        let hashes = login.hashes().await;
        Some((login, hashes))
    } else {
        None
    };
    let (keys, owner) = writer
        .run(move |tx| {
            let keys = org::bootstrap(tx, "Sandbox organisation")?;
            crate::events::signing::ensure_key(tx)?;
            let owner = match (&keys, owner_login) {
                (Some(_), Some((login, hashes))) => Some(login.create(tx, hashes)?),
                (Some(_), None) => {
                    return Err(crate::error::ApiError::internal(
                        "the store was initialised while the gateway started",
                    ));
                }
                (None, _) => None,
            };
            Ok((keys, owner))
        })
        .await?;
    Ok((keys, owner))
}

/// The `/metrics` listener of its own, when `--metrics-listen` gives one.
async fn bind_metrics(
    address: Option<SocketAddr>,
) -> Result<Option<tokio::net::TcpListener>, Box<dyn std::error::Error>> {
    Ok(match address {
        Some(address) => Some(
            tokio::net::TcpListener::bind(address)
                .await
                .map_err(|e| format!("cannot listen on {address} for /metrics: {e}"))?,
        ),
        None => None,
    })
}

/// The settings every request and background task reads.
fn settings(options: &ServeOptions, local: SocketAddr) -> Settings {
    let public_url = options
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{local}"))
        .trim_end_matches('/')
        .to_string();
    Settings {
        public_url,
        sandbox_settlement_delay_ms: i64::try_from(options.sandbox_settlement_delay.as_millis())
            .unwrap_or(i64::MAX),
        sandbox_dispute_window_ms: options
            .sandbox_dispute_window
            .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX)),
        sessions: options.sessions,
        webhook_egress: options.webhook_egress,
        header_names: options.header_names.clone(),
        routes: Arc::new(options.routes.clone()),
        payout_batch_chunk_rows: options.payout_batch_chunk_rows,
        rail_reconcile_period_ms: ms_of(options.rails.reconcile_period),
        rail_reconcile_lag_ms: ms_of(options.rails.reconcile_lag),
    }
}

/// The background senders' options.
struct Senders {
    egress: crate::events::egress::Egress,
    header_names: crate::headers::HeaderNames,
    switch_dispatch_delay: Duration,
    rails: crate::outbox::rails::Options,
}

/// The three background senders (webhooks, switch, rails) and the scheduler.
fn spawn_background(
    store: &Store,
    writer: &Writer,
    clock: &SharedClock,
    settings: &Arc<Settings>,
    wakes: Wakes,
    senders: Senders,
) -> Result<(), Box<dyn std::error::Error>> {
    crate::outbox::webhooks::spawn(
        store.clone(),
        writer.clone(),
        clock.clone(),
        wakes.dispatcher,
        senders.egress,
        senders.header_names,
    )?;
    crate::outbox::switch::spawn(
        store.clone(),
        writer.clone(),
        wakes.switch,
        Arc::new(crate::rails::switch_connector::SandboxSwitch),
        senders.switch_dispatch_delay,
    );
    crate::outbox::rails::spawn(
        store.clone(),
        writer.clone(),
        settings.clone(),
        clock.clone(),
        wakes.rails,
        senders.rails,
    )?;
    crate::outbox::timers::spawn(
        store.clone(),
        writer.clone(),
        clock.clone(),
        wakes.committed,
        settings.clone(),
    );
    Ok(())
}

/// Prints the ready line on stdout and tells systemd.
fn announce_ready(
    local: SocketAddr,
    metrics_listener: Option<&tokio::net::TcpListener>,
    keys: Option<NewKeys>,
    owner: Option<crate::domain::team::NewOwner>,
) -> Result<(), Box<dyn std::error::Error>> {
    let ready = Ready {
        ready: true,
        listen: local.to_string(),
        base_url: format!("http://{local}/v1"),
        metrics_listen: metrics_listener
            .and_then(|l| l.local_addr().ok())
            .map(|a| a.to_string()),
        keys,
        owner,
    };
    println!("{}", serde_json::to_string(&ready)?);
    notify_ready();
    tracing::info!(listen = %local, "paygate ready");
    Ok(())
}

/// The connection cap: `--max-connections`, lowered below the open-file
/// limit; logs the limits in force.
fn connection_cap(limits: &net::Limits, open_files: Option<u64>) -> usize {
    let max_connections = net::fds::connection_cap(limits.max_connections, open_files);
    if max_connections < limits.max_connections {
        tracing::warn!(
            configured = limits.max_connections,
            open_files,
            max_connections,
            "--max-connections lowered to stay below the open-file limit"
        );
    }
    tracing::info!(
        max_connections,
        max_connections_per_address = limits.max_connections_per_address,
        header_timeout_secs = limits.header_timeout.as_secs(),
        body_timeout_secs = limits.body_timeout.as_secs(),
        idle_timeout_secs = limits.idle_timeout.as_secs(),
        body_budget_mib = limits.body_budget_bytes >> 20,
        open_files,
        "connection limits"
    );
    max_connections
}

/// The API router, with `/metrics` on it unless it has a listener of its own
/// (a private port for the scraper), which is then served.
fn app(
    state: AppState,
    limits: &net::Limits,
    metrics_listener: Option<tokio::net::TcpListener>,
) -> axum::Router {
    let metrics = crate::metrics::router(crate::metrics::Sources {
        store: state.store.clone(),
        writer: state.writer.clone(),
        clock: state.clock.clone(),
        guardian: state.guardian.clone(),
    });
    let app = http::router(
        state,
        net::body::BodyLimits::new(limits.body_budget_bytes, limits.body_timeout),
    );
    match metrics_listener {
        Some(listener) => {
            tokio::spawn(async move {
                if let Err(e) = axum::serve(listener, metrics).await {
                    tracing::error!(error = %e, "the metrics listener stopped");
                }
            });
            app
        }
        None => app.merge(metrics),
    }
}

/// Tells systemd the gateway is ready (`Type=notify` in the packaged unit):
/// `READY=1` to `$NOTIFY_SOCKET` when the service manager set one, else nothing.
fn notify_ready() {
    #[cfg(target_os = "linux")]
    if let Some(path) = std::env::var_os("NOTIFY_SOCKET") {
        use std::os::linux::net::SocketAddrExt;
        use std::os::unix::net::{SocketAddr, UnixDatagram};
        let bytes = path.as_encoded_bytes();
        // A leading '@' names an abstract socket.
        let address = match bytes.strip_prefix(b"@") {
            Some(name) => SocketAddr::from_abstract_name(name),
            None => SocketAddr::from_pathname(&path),
        };
        let sent =
            address.and_then(|address| UnixDatagram::unbound()?.send_to_addr(b"READY=1", &address));
        if let Err(e) = sent {
            tracing::warn!(error = %e, "cannot notify systemd of readiness");
        }
    }
}

fn spawn_idempotency_purger(writer: Writer) {
    tokio::spawn(async move {
        loop {
            match writer
                .run(|tx| Ok(writer::purge_idempotency(tx, PURGE_BATCH_MAX)?))
                .await
            {
                Ok(n) if n == PURGE_BATCH_MAX => continue,
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "idempotency purge failed"),
            }
            tokio::time::sleep(PURGE_INTERVAL).await;
        }
    });
}

/// Resolves on SIGTERM or Ctrl-C (SIGINT). On Unix the handlers are
/// registered when this is called, not when the future is first polled.
fn shutdown_signal() -> std::io::Result<impl std::future::Future<Output = ()>> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut terminate = signal(SignalKind::terminate())?;
        let mut interrupt = signal(SignalKind::interrupt())?;
        Ok(async move {
            tokio::select! {
                _ = terminate.recv() => {},
                _ = interrupt.recv() => {},
            }
        })
    }
    #[cfg(not(unix))]
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}

/// What `paygate init` did.
pub enum Initialised {
    /// A new store: its organisation's test keys and its owner's login.
    Created(NewKeys, crate::domain::team::NewOwner),
    /// A PostgreSQL store that was initialised already, its schema migrated
    /// to this version (nothing else changed).
    Migrated(i32),
}

/// `paygate init`: creates the store, master key, organisation, test keys and
/// owner. On PostgreSQL (`store`), first applies the schema migrations the
/// database lacks: on a database initialised by an older paygate, that is
/// all it does.
pub fn init(
    data_dir: &std::path::Path,
    store: Option<&str>,
    owner: crate::domain::team::NewOwner,
) -> Result<Initialised, Box<dyn std::error::Error>> {
    let store = match store {
        Some(url) => {
            let (store, migrated) = Store::init_postgres(url, data_dir)?;
            if org::exists(&store.snapshot()?)? {
                return match migrated.last() {
                    Some(version) => Ok(Initialised::Migrated(*version)),
                    None => Err(format!(
                        "{} is already initialised at schema version {}; nothing was changed \
                         (its keys were printed when it was created)",
                        crate::store::pg::redacted(url),
                        crate::store::pg::migrations::latest()
                    )
                    .into()),
                };
            }
            store
        }
        None => Store::open(data_dir)?,
    };
    crate::secrets::load_or_create(data_dir)?;
    let hashes = owner.hashes_blocking();
    let created = store
        .write_now(SystemClock.now_ms(), |tx| {
            let keys = org::bootstrap(tx, "Sandbox organisation")?;
            match keys {
                Some(keys) => Ok(Some((keys, owner.create(tx, hashes)?))),
                None => Ok(None),
            }
        })
        .map_err(|e| e.message)?;
    created.map(|(keys, owner)| Initialised::Created(keys, owner)).ok_or_else(|| {
        format!(
            "{} is already initialised; nothing was changed (its keys were printed when it was created)",
            data_dir.display()
        )
        .into()
    })
}

fn ms_of(d: std::time::Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}
