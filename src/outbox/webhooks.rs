//! The webhook dispatcher: a tokio task that sends queued deliveries, off the
//! request path. It reads the `delivery_queue` table, sends at most
//! [`IN_FLIGHT_MAX`] at once with a per-attempt timeout, and records every
//! attempt through the writer (which reschedules or gives up). It wakes on
//! every commit and at the next due time.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::Notify;

use crate::clock::SharedClock;
use crate::domain::events::render_at;
use crate::domain::webhooks::{
    self, AttemptOutcome, Delivery, DeliveryStatus, Endpoint, EndpointStatus,
};
use crate::error::ApiError;
use crate::events::egress::{self, Egress};
use crate::events::{Event, signing};
use crate::headers::{HeaderNames, Sent};
use crate::mode::Mode;
use crate::store::{Queue, Read, Snapshot, Store, StoreError, Writer, decode};

/// Deliveries being sent at once at most.
pub const IN_FLIGHT_MAX: usize = 32;
/// Deliveries to one endpoint at once at most, so that one slow receiver
/// cannot hold every slot and delay the others.
pub const ENDPOINT_IN_FLIGHT_MAX: usize = 4;
/// One attempt waits this long for the receiver at most (origin behaviour section 6).
pub const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(10);
/// Due deliveries read per wake-up at most.
const SCAN_MAX: usize = 1024;
/// The dispatcher looks at the queue at least this often.
const IDLE_WAKE: Duration = Duration::from_secs(1);
/// On a store several nodes share, a delivery taken for an attempt is
/// another node's to retry this long after it was taken if its attempt was
/// never recorded (the node died): the attempt's timeout, the time to record
/// it, and room for the nodes' clocks to differ (decision 258).
pub const LEASE: Duration = Duration::from_secs(30);
/// The HTTP clients of the dispatcher, one per mode: each resolves names
/// through the egress policy of its mode ([`egress::Resolver`]).
pub struct Clients {
    test: reqwest::Client,
    live: reqwest::Client,
}

impl Clients {
    pub fn new(egress: Egress) -> Result<Clients, String> {
        Ok(Clients {
            test: client(egress, Mode::Test)?,
            live: client(egress, Mode::Live)?,
        })
    }

    fn of(&self, mode: Mode) -> &reqwest::Client {
        match mode {
            Mode::Test => &self.test,
            Mode::Live => &self.live,
        }
    }
}

fn client(egress: Egress, mode: Mode) -> Result<reqwest::Client, String> {
    reqwest::Client::builder()
        .tls_backend_preconfigured(crate::net::outbound_tls::client_config()?)
        .timeout(ATTEMPT_TIMEOUT)
        .connect_timeout(ATTEMPT_TIMEOUT)
        // A receiver answers; it does not send the payload elsewhere.
        .redirect(reqwest::redirect::Policy::none())
        // Deliveries go straight to the receiver: a proxy from the
        // environment would connect where the egress policy cannot see.
        .no_proxy()
        .dns_resolver(egress::Resolver { egress, mode })
        .user_agent(concat!("paygate-webhooks/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| e.to_string())
}

/// Deliveries being sent now, in all and per endpoint.
#[derive(Default)]
struct InFlight {
    deliveries: HashSet<String>,
    per_endpoint: HashMap<String, usize>,
}

impl InFlight {
    /// Claims a slot for `delivery` unless it is already in flight or a limit is reached.
    fn claim(&mut self, delivery: &str, endpoint: &str) -> bool {
        let endpoint_count = self.per_endpoint.get(endpoint).copied().unwrap_or(0);
        if self.deliveries.contains(delivery)
            || self.deliveries.len() >= IN_FLIGHT_MAX
            || endpoint_count >= ENDPOINT_IN_FLIGHT_MAX
        {
            return false;
        }
        self.deliveries.insert(delivery.to_string());
        self.per_endpoint
            .insert(endpoint.to_string(), endpoint_count + 1);
        true
    }

    fn release(&mut self, delivery: &str, endpoint: &str) {
        self.deliveries.remove(delivery);
        if let Some(count) = self.per_endpoint.get_mut(endpoint) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                self.per_endpoint.remove(endpoint);
            }
        }
    }
}

/// What the dispatcher's tasks share.
struct Shared {
    store: Store,
    writer: Writer,
    clock: SharedClock,
    clients: Clients,
    egress: Egress,
    /// The `Service-*` names, and a brand's (`--header-prefix`).
    header_names: HeaderNames,
    in_flight: Mutex<InFlight>,
    /// Woken when a delivery finishes and frees a slot.
    freed: Notify,
}

pub fn spawn(
    store: Store,
    writer: Writer,
    clock: SharedClock,
    committed: Arc<Notify>,
    egress: Egress,
    header_names: HeaderNames,
) -> Result<(), String> {
    let shared = Arc::new(Shared {
        store,
        writer,
        clock,
        clients: Clients::new(egress)?,
        egress,
        header_names,
        in_flight: Mutex::default(),
        freed: Notify::new(),
    });
    tokio::spawn(async move {
        loop {
            let now = shared.clock.now_ms();
            let wait = match start_due(&shared, now) {
                Ok(wait) => wait,
                Err(e) => {
                    tracing::error!(error = %e, "dispatcher: cannot read the delivery queue");
                    IDLE_WAKE
                }
            };
            tokio::select! {
                () = tokio::time::sleep(wait) => {},
                () = committed.notified() => {},
                () = shared.freed.notified() => {},
            }
        }
    });
    Ok(())
}

/// Starts every due delivery a slot allows; returns how long to wait before
/// looking again (the next due time, or at most [`IDLE_WAKE`]).
fn start_due(shared: &Arc<Shared>, now_ms: i64) -> Result<Duration, StoreError> {
    let snapshot = shared.store.snapshot()?;
    let upper = crate::store::keys::due_before(now_ms.saturating_add(1));
    let due = snapshot.scan_queue(Queue::Deliveries, Some(&upper), SCAN_MAX)?;
    for (key, _) in &due {
        let Some(delivery_id) = crate::store::keys::due_id(key) else {
            continue;
        };
        let Some(delivery) = snapshot.object::<Delivery>(delivery_id)? else {
            continue;
        };
        let claimed = shared
            .in_flight
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .claim(&delivery.id, &delivery.endpoint);
        if !claimed {
            continue;
        }
        let shared = shared.clone();
        tokio::spawn(async move {
            attempt(&shared, &delivery.id).await;
            shared
                .in_flight
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .release(&delivery.id, &delivery.endpoint);
            shared.freed.notify_one();
        });
    }
    if !due.is_empty() {
        // Some are in flight or waiting for a slot: a finished attempt or a
        // commit wakes the loop sooner.
        return Ok(IDLE_WAKE);
    }
    let next_due: Option<i64> = snapshot.first_due(Queue::Deliveries)?;
    Ok(next_due
        .map(|due| Duration::from_millis(u64::try_from(due - now_ms).unwrap_or(0)))
        .unwrap_or(IDLE_WAKE)
        .min(IDLE_WAKE))
}

/// Everything needed to send one delivery, read from one snapshot.
struct Prepared {
    delivery: Delivery,
    endpoint: Endpoint,
    body: Vec<u8>,
    platform_key: signing::PlatformKey,
}

/// What to do with a due delivery.
enum Plan {
    Send(Box<Prepared>),
    /// Nothing now: delivered, failed, or rescheduled since the queue was read.
    Skip,
    /// Give up for good, with the reason recorded as its last attempt.
    Abandon(String),
}

fn plan(
    snapshot: &Snapshot,
    delivery_id: &str,
    now_ms: i64,
    egress: Egress,
) -> Result<Plan, ApiError> {
    let Some(delivery) = snapshot.object::<Delivery>(delivery_id)? else {
        return Ok(Plan::Skip);
    };
    let due = delivery.next_attempt_at_ms.is_some_and(|due| due <= now_ms);
    if delivery.status != DeliveryStatus::Pending || !due {
        return Ok(Plan::Skip);
    }
    let Some(endpoint) = snapshot.object::<Endpoint>(&delivery.endpoint)? else {
        return Ok(Plan::Abandon("the endpoint was deleted".into()));
    };
    if endpoint.status != EndpointStatus::Enabled {
        return Ok(Plan::Abandon("the endpoint is disabled".into()));
    }
    if let Err(reason) = egress.check_url(endpoint.mode, &endpoint.url) {
        return Ok(Plan::Abandon(reason));
    }
    let Some(event) = snapshot.event_bytes(&delivery.event)? else {
        return Ok(Plan::Abandon("the event vanished".into()));
    };
    let event: Event = decode(&event)?;
    // Rendered per attempt: `emitted_at` is the attempt's time.
    let body = serde_json::to_vec(&render_at(event, now_ms)).map_err(ApiError::internal)?;
    let platform_key = signing::active_key(snapshot)?;
    Ok(Plan::Send(Box::new(Prepared {
        delivery,
        endpoint,
        body,
        platform_key,
    })))
}

async fn attempt(shared: &Shared, delivery_id: &str) {
    let now = shared.clock.now_ms();
    let planned = shared
        .store
        .snapshot()
        .map_err(ApiError::from)
        .and_then(|snapshot| plan(&snapshot, delivery_id, now, shared.egress));
    let prepared = match planned {
        Ok(Plan::Send(prepared)) => prepared,
        Ok(Plan::Skip) => return,
        Ok(Plan::Abandon(reason)) => {
            tracing::warn!(delivery = delivery_id, %reason, "webhook delivery abandoned");
            let id = delivery_id.to_string();
            if let Err(e) = shared
                .writer
                .run(move |tx| webhooks::abandon(tx, &id, &reason))
                .await
            {
                tracing::error!(error = %e, "dispatcher: cannot abandon a delivery");
            }
            return;
        }
        Err(e) => {
            tracing::error!(error = %e, "dispatcher: cannot prepare a delivery");
            return;
        }
    };
    if shared.store.location.shared() && !take(shared, &prepared.delivery, now).await {
        return;
    }
    let client = shared.clients.of(prepared.endpoint.mode);
    let outcome = send(&shared.clock, client, &shared.header_names, &prepared).await;
    crate::metrics::webhook_attempt(outcome.status_code, outcome.latency_ms);
    tracing::info!(
        delivery = %prepared.delivery.id,
        event = prepared.delivery.event_type.as_str(),
        status = ?outcome.status_code,
        latency_ms = outcome.latency_ms,
        error = ?outcome.error,
        "webhook attempt"
    );
    let id = delivery_id.to_string();
    let jitter = rand::random_range(-100..=100);
    if let Err(e) = shared
        .writer
        .run(move |tx| webhooks::record_attempt(tx, &id, outcome, jitter))
        .await
    {
        tracing::error!(error = %e, "dispatcher: cannot record an attempt; it will be retried");
    }
}

/// On a shared store: takes `delivery` for this node's attempt through the
/// writer (under the cluster's writer lock), so that no other node sends it
/// meanwhile. False when another node took it first, or the take failed.
async fn take(shared: &Shared, delivery: &Delivery, now_ms: i64) -> bool {
    let Some(seen_due) = delivery.next_attempt_at_ms else {
        return false;
    };
    let until = now_ms.saturating_add(i64::try_from(LEASE.as_millis()).unwrap_or(i64::MAX));
    let id = delivery.id.clone();
    match shared
        .writer
        .run(move |tx| webhooks::lease(tx, &id, seen_due, until))
        .await
    {
        Ok(taken) => taken,
        Err(e) => {
            tracing::warn!(error = %e, delivery = %delivery.id, "dispatcher: cannot take a delivery; retrying later");
            false
        }
    }
}

async fn send(
    clock: &SharedClock,
    client: &reqwest::Client,
    header_names: &HeaderNames,
    prepared: &Prepared,
) -> AttemptOutcome {
    let t = clock.now_ms().div_euclid(1000);
    let Prepared {
        delivery,
        endpoint,
        body,
        platform_key,
    } = prepared;
    let attempt_number = (delivery.attempts.len() + 1).to_string();
    let ed25519 = match platform_key.signature_header(t, body) {
        Ok(header) => header,
        Err(e) => {
            return AttemptOutcome {
                status_code: None,
                latency_ms: 0,
                error: Some(format!("signing failed: {e}")),
            };
        }
    };
    let hmac = signing::service_signature(&endpoint.secret, t, body);
    let service_headers = [
        (Sent::Signature, hmac.as_str()),
        (Sent::SignatureEd25519, ed25519.as_str()),
        (Sent::Event, delivery.event_type.as_str()),
        (Sent::EventId, delivery.event.as_str()),
        (Sent::DeliveryId, delivery.id.as_str()),
        (Sent::Attempt, attempt_number.as_str()),
    ];
    let mut request = client
        .post(&endpoint.url)
        .header("content-type", "application/json");
    // Each under its spec name, X- twin, and brand names: the same value.
    for (header, value) in service_headers {
        for name in header_names.sent(header) {
            request = request.header(name, value);
        }
    }
    let request = request
        .header("webhook-id", &delivery.event)
        .header("webhook-timestamp", t.to_string())
        .header(
            "webhook-signature",
            signing::standard_signature(&endpoint.secret, &delivery.event, t, body),
        )
        .body(body.clone());
    let started = Instant::now();
    let result = request.send().await;
    let latency_ms = i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX);
    match result {
        Ok(response) => {
            // Only the status is kept: the receiver's body is never read, so
            // neither its size (a 512 MB answer) nor its text (an internal
            // service's secrets, should a policy let one be reached) ends up
            // in memory, the store, the API or the log.
            let status = response.status();
            drop(response);
            AttemptOutcome {
                status_code: Some(status.as_u16()),
                latency_ms,
                error: (!status.is_success()).then(|| match status.canonical_reason() {
                    Some(reason) => format!("HTTP {} {reason}", status.as_u16()),
                    None => format!("HTTP {}", status.as_u16()),
                }),
            }
        }
        Err(e) => {
            let kind = if e.is_timeout() {
                "timed out"
            } else if e.is_connect() {
                "connection failed"
            } else {
                "request failed"
            };
            AttemptOutcome {
                status_code: None,
                latency_ms,
                error: Some(format!("{kind}: {}", error_chain(&e))),
            }
        }
    }
}

/// Characters of a failed attempt's error text at most.
const ERROR_CHARS_MAX: usize = 300;

/// An error with its causes (`error sending request: ...: <name> resolves only
/// to addresses the webhook egress policy refuses`), cut to [`ERROR_CHARS_MAX`].
fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.contains(&cause_text) {
            text.push_str(": ");
            text.push_str(&cause_text);
        }
        source = cause.source();
    }
    text.chars().take(ERROR_CHARS_MAX).collect()
}
