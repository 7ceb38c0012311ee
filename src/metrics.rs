//! `GET /metrics`: what a monitoring system scrapes, in the OpenMetrics text
//! format that Prometheus reads (`prometheus-client`, the Prometheus
//! project's own crate).
//!
//! Two kinds of figures. Events are counted where they happen, through the
//! small functions below (one line at each place: [`webhook_attempt`],
//! [`rail_attempt`], and the request layer [`track`]; the writer counts its own
//! in [`crate::store::writer::FIGURES`], registered here). States are read at scrape time (writer queue,
//! guardian, store file, page cache, timers and webhook queue), so nothing
//! runs between scrapes.
//!
//! Labels are bounded by construction: route *templates* (`/v1/payment_intents/{id}`,
//! never a path with an id), methods from a fixed list, status codes, and
//! outcome and rail names from fixed sets. No id, key, amount or personal
//! datum ever becomes a label.

use std::sync::LazyLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use axum::Router;
use axum::extract::{MatchedPath, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

use crate::clock::SharedClock;
use crate::guardian::SharedGuardian;
use crate::store::{Queue, Read, Store, Writer};

/// The media type of the OpenMetrics text format.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";
/// Due timers and queued deliveries counted per scrape at most (a scrape
/// stays cheap however far behind the scheduler is; the gauge then reads the cap).
pub const SCRAPE_ROWS_MAX: usize = 10_000;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    method: &'static str,
    route: String,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    method: &'static str,
    route: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OutcomeLabels {
    outcome: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RailLabels {
    rail: &'static str,
    outcome: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ClassLabels {
    class: &'static str,
}

/// What reconciliation statements found, all told, kept in the store
/// (`store::Meta::ReconciliationTotals`, written by each import's command)
/// so that the figures survive a restart and agree with the statements.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ReconciliationTotals {
    pub statements: u64,
    pub matched: u64,
    pub unmatched: u64,
    pub mismatched: u64,
    pub missing: u64,
    pub resolved: u64,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CacheLabels {
    access: &'static str,
    result: &'static str,
}

type HistogramFamily<S> = Family<S, Histogram, fn() -> Histogram>;

fn latency_histogram() -> Histogram {
    // 1 ms to about 16 s.
    Histogram::new(exponential_buckets(0.001, 2.0, 15))
}

/// Every metric of the process. One server per process, so one set.
struct Metrics {
    http_requests: Family<RequestLabels, Counter>,
    http_request_seconds: HistogramFamily<RouteLabels>,
    writer_batches: Counter,
    writer_commands: Counter,
    writer_failed_commands: Counter,
    writer_queue_commands: Gauge,
    webhook_attempts: Family<OutcomeLabels, Counter>,
    webhook_attempt_seconds: Histogram,
    webhook_queue_due: Gauge,
    webhook_queue_age_seconds: Gauge<f64, AtomicU64>,
    rail_attempts: Family<RailLabels, Counter>,
    timers_due: Gauge,
    timers_late_seconds: Gauge<f64, AtomicU64>,
    guardian_halted: Gauge,
    store_file_bytes: Gauge,
    page_cache: Family<CacheLabels, Counter>,
    page_cache_evictions: Counter,
    page_cache_bytes: Gauge,
    reconciliation_statements: Counter,
    reconciliation_lines: Family<ClassLabels, Counter>,
}

static METRICS: LazyLock<Metrics> = LazyLock::new(|| Metrics {
    http_requests: Family::default(),
    http_request_seconds: Family::new_with_constructor(latency_histogram),
    writer_batches: Counter::default(),
    writer_commands: Counter::default(),
    writer_failed_commands: Counter::default(),
    writer_queue_commands: Gauge::default(),
    webhook_attempts: Family::default(),
    webhook_attempt_seconds: latency_histogram(),
    webhook_queue_due: Gauge::default(),
    webhook_queue_age_seconds: Gauge::default(),
    rail_attempts: Family::default(),
    timers_due: Gauge::default(),
    timers_late_seconds: Gauge::default(),
    guardian_halted: Gauge::default(),
    store_file_bytes: Gauge::default(),
    page_cache: Family::default(),
    page_cache_evictions: Counter::default(),
    page_cache_bytes: Gauge::default(),
    reconciliation_statements: Counter::default(),
    reconciliation_lines: Family::default(),
});

static REGISTRY: LazyLock<Registry> = LazyLock::new(|| {
    let m = &*METRICS;
    let writer = &*crate::store::writer::FIGURES;
    // Every outcome from 0, so that the family and its rate() exist before
    // the first delivery (a series that appears later loses its first count).
    for outcome in WEBHOOK_OUTCOMES {
        drop(m.webhook_attempts.get_or_create(&OutcomeLabels { outcome }));
    }
    let mut r = Registry::with_prefix("paygate");
    r.register(
        "http_requests",
        "HTTP requests answered, by route template and status",
        m.http_requests.clone(),
    );
    r.register(
        "http_request_seconds",
        "Time to answer a request, by route template",
        m.http_request_seconds.clone(),
    );
    r.register(
        "writer_batch_commands",
        "Commands applied per writer commit (group commit)",
        writer.batch_commands.clone(),
    );
    r.register(
        "writer_apply_seconds",
        "Time a writer batch took to apply its commands",
        writer.apply_seconds.clone(),
    );
    r.register(
        "writer_commit_seconds",
        "Time a writer batch took to commit (pages and fsync)",
        writer.commit_seconds.clone(),
    );
    r.register("writer_batches", "Writer commits", m.writer_batches.clone());
    r.register(
        "writer_commands",
        "Commands the writer applied",
        m.writer_commands.clone(),
    );
    r.register(
        "writer_failed_commands",
        "Commands that failed and left nothing",
        m.writer_failed_commands.clone(),
    );
    r.register(
        "writer_queue_commands",
        "Commands waiting for the writer",
        m.writer_queue_commands.clone(),
    );
    r.register(
        "overloaded_refusals",
        "Requests refused with overloaded: the writer queue stayed full",
        writer.overloaded.clone(),
    );
    r.register(
        "webhook_attempts",
        "Webhook delivery attempts, by outcome",
        m.webhook_attempts.clone(),
    );
    r.register(
        "webhook_attempt_seconds",
        "Time a webhook delivery attempt took",
        m.webhook_attempt_seconds.clone(),
    );
    r.register(
        "webhook_queue_due",
        "Webhook deliveries due now and not yet sent (capped at 10000)",
        m.webhook_queue_due.clone(),
    );
    r.register(
        "webhook_queue_age_seconds",
        "How long the oldest due webhook delivery has waited",
        m.webhook_queue_age_seconds.clone(),
    );
    r.register(
        "rail_attempts",
        "Attempts on payment rails, by rail and outcome",
        m.rail_attempts.clone(),
    );
    r.register(
        "timers_due",
        "Durable timers due now and not yet run (capped at 10000)",
        m.timers_due.clone(),
    );
    r.register(
        "timers_late_seconds",
        "How late the oldest due timer is",
        m.timers_late_seconds.clone(),
    );
    r.register(
        "guardian_halted",
        "1 while the guardian halts money movement",
        m.guardian_halted.clone(),
    );
    r.register(
        "store_file_bytes",
        "Size of the store file",
        m.store_file_bytes.clone(),
    );
    r.register(
        "page_cache",
        "Store page cache lookups, by access and result",
        m.page_cache.clone(),
    );
    r.register(
        "page_cache_evictions",
        "Pages evicted from the store page cache",
        m.page_cache_evictions.clone(),
    );
    r.register(
        "page_cache_bytes",
        "Bytes held by the store page cache",
        m.page_cache_bytes.clone(),
    );
    r.register(
        "reconciliation_statements",
        "Reconciliation statements imported (a re-import of the same file is not counted)",
        m.reconciliation_statements.clone(),
    );
    for class in RECONCILIATION_CLASSES {
        drop(m.reconciliation_lines.get_or_create(&ClassLabels { class }));
    }
    r.register(
        "reconciliation_lines",
        "Reconciliation statement lines by class (missing: records no line named; resolved: matched lines that resolved what waited on them)",
        m.reconciliation_lines.clone(),
    );
    r
});

/// The classes of `paygate_reconciliation_lines`.
const RECONCILIATION_CLASSES: [&str; 5] =
    ["matched", "unmatched", "mismatched", "missing", "resolved"];

/// The outcomes of a webhook delivery attempt.
const WEBHOOK_OUTCOMES: [&str; 3] = ["delivered", "refused", "unreachable"];

/// A webhook delivery attempt ended: `status` is the receiver's HTTP status,
/// none when the connection or request failed.
pub fn webhook_attempt(status: Option<u16>, took_ms: i64) {
    let [delivered, refused, unreachable] = WEBHOOK_OUTCOMES;
    let outcome = match status {
        Some(200..=299) => delivered,
        Some(_) => refused,
        None => unreachable,
    };
    METRICS
        .webhook_attempts
        .get_or_create(&OutcomeLabels { outcome })
        .inc();
    METRICS
        .webhook_attempt_seconds
        .observe(took_ms.max(0) as f64 / 1000.0);
}

/// Rails named in labels; any other rail name counts as `other`.
const RAILS: [&str; 7] = [
    "mobile_money",
    "card",
    "bank",
    "wallet",
    "qr",
    "switch",
    "sandbox",
];
/// Outcomes named in labels; any other counts as `other`.
const RAIL_OUTCOMES: [&str; 8] = [
    "authorised",
    "captured",
    "succeeded",
    "failed",
    "unknown",
    "abandoned",
    "pending",
    "refused",
];

/// An attempt on a payment rail ended (also for rail dispatchers: one call
/// where an attempt's outcome is known). Both names are matched against fixed
/// sets, case-insensitively, so a label can never carry an id or a number.
pub fn rail_attempt(rail: &str, outcome: &str) {
    let rail = known(&RAILS, rail);
    let outcome = known(&RAIL_OUTCOMES, outcome);
    METRICS
        .rail_attempts
        .get_or_create(&RailLabels { rail, outcome })
        .inc();
}

fn known(names: &[&'static str], name: &str) -> &'static str {
    names
        .iter()
        .find(|known| known.eq_ignore_ascii_case(name))
        .copied()
        .unwrap_or("other")
}

/// The request layer: counts each answer by method, route template and status.
pub async fn track(request: Request, next: Next) -> Response {
    let method = method_label(request.method());
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_string(), |p| p.as_str().to_string());
    let began = Instant::now();
    let response = next.run(request).await;
    let status = response.status().as_u16();
    let m = &*METRICS;
    m.http_request_seconds
        .get_or_create(&RouteLabels {
            method,
            route: route.clone(),
        })
        .observe(began.elapsed().as_secs_f64());
    m.http_requests
        .get_or_create(&RequestLabels {
            method,
            route,
            status,
        })
        .inc();
    response
}

fn method_label(method: &axum::http::Method) -> &'static str {
    match method.as_str() {
        "GET" => "GET",
        "POST" => "POST",
        "PUT" => "PUT",
        "PATCH" => "PATCH",
        "DELETE" => "DELETE",
        "HEAD" => "HEAD",
        "OPTIONS" => "OPTIONS",
        _ => "other",
    }
}

/// What a scrape reads its states from (the server's own handles): metrics
/// sits below the HTTP layer, so it takes these rather than its state.
#[derive(Clone)]
pub struct Sources {
    pub store: Store,
    pub writer: Writer,
    pub clock: SharedClock,
    pub guardian: SharedGuardian,
}

/// `GET /metrics` alone, for the API listener or `--metrics-listen`.
pub fn router(state: Sources) -> Router {
    Router::new()
        .route("/metrics", axum::routing::get(scrape))
        .with_state(state)
}

async fn scrape(State(state): State<Sources>) -> Response {
    // A store scan: off the async workers.
    match tokio::task::spawn_blocking(move || read_states(&state)).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => tracing::warn!(error = %e, "metrics: the store could not be read"),
        Err(e) => tracing::warn!(error = %e, "metrics: the scrape's read failed"),
    }
    let mut text = String::new();
    if let Err(e) = prometheus_client::encoding::text::encode(&mut text, &REGISTRY) {
        return crate::error::ApiError::internal(format!("metrics: {e}")).into_response();
    }
    ([(axum::http::header::CONTENT_TYPE, CONTENT_TYPE)], text).into_response()
}

/// Reads the states exported at scrape time.
fn read_states(state: &Sources) -> Result<(), crate::store::StoreError> {
    let m = &*METRICS;
    let stats = &state.writer.stats;
    catch_up(&m.writer_batches, stats.batches.load(Ordering::Relaxed));
    catch_up(&m.writer_commands, stats.commands.load(Ordering::Relaxed));
    catch_up(
        &m.writer_failed_commands,
        stats.failed_commands.load(Ordering::Relaxed),
    );
    m.writer_queue_commands
        .set(i64::try_from(state.writer.queue_len()).unwrap_or(i64::MAX));
    m.guardian_halted
        .set(i64::from(state.guardian.halt().is_some()));
    m.store_file_bytes
        .set(i64::try_from(state.store.file_bytes()).unwrap_or(i64::MAX));
    let cache = state.store.cache_counts();
    for (access, result, value) in [
        ("read", "hit", cache.read_hits),
        ("read", "miss", cache.read_misses),
        ("write", "hit", cache.write_hits),
        ("write", "miss", cache.write_misses),
    ] {
        catch_up(
            &m.page_cache.get_or_create(&CacheLabels { access, result }),
            value,
        );
    }
    catch_up(&m.page_cache_evictions, cache.evictions);
    m.page_cache_bytes
        .set(i64::try_from(cache.used_bytes).unwrap_or(i64::MAX));
    let now_ms = state.clock.now_ms();
    let snapshot = state.store.snapshot()?;
    let (due, age) = due_rows(&snapshot, Queue::Timers, now_ms)?;
    m.timers_due.set(due);
    m.timers_late_seconds.set(age);
    let (due, age) = due_rows(&snapshot, Queue::Deliveries, now_ms)?;
    m.webhook_queue_due.set(due);
    m.webhook_queue_age_seconds.set(age);
    let totals: ReconciliationTotals = snapshot
        .meta(crate::store::Meta::ReconciliationTotals)?
        .unwrap_or_default();
    catch_up(&m.reconciliation_statements, totals.statements);
    for (class, value) in [
        ("matched", totals.matched),
        ("unmatched", totals.unmatched),
        ("mismatched", totals.mismatched),
        ("missing", totals.missing),
        ("resolved", totals.resolved),
    ] {
        catch_up(
            &m.reconciliation_lines.get_or_create(&ClassLabels { class }),
            value,
        );
    }
    Ok(())
}

/// Rows of a `<due_ms:020>|<id>` queue due at `now_ms` (at most
/// [`SCRAPE_ROWS_MAX`]) and the seconds the oldest has waited.
fn due_rows(
    snapshot: &crate::store::Snapshot,
    queue: Queue,
    now_ms: i64,
) -> Result<(i64, f64), crate::store::StoreError> {
    let upper = crate::store::keys::due_before(now_ms.saturating_add(1));
    let rows = snapshot.scan_queue(queue, Some(&upper), SCRAPE_ROWS_MAX)?;
    let oldest_ms = rows
        .first()
        .and_then(|(key, _)| crate::store::keys::due_ms(key));
    let age = oldest_ms.map_or(0.0, |due| (now_ms - due).max(0) as f64 / 1000.0);
    Ok((i64::try_from(rows.len()).unwrap_or(i64::MAX), age))
}

/// Moves a counter up to a monotonic total kept elsewhere (the writer's and
/// redb's own counters): a counter, not a gauge, so `rate()` works on it.
fn catch_up(counter: &Counter, total: u64) {
    let seen = counter.get();
    if total > seen {
        counter.inc_by(total - seen);
    }
}
