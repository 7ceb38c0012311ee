//! The webhook dispatcher: a tokio task that sends queued deliveries, off the
//! request path. It reads the `delivery_queue` table, sends at most
//! [`IN_FLIGHT_MAX`] at once with a per-attempt timeout, and records every
//! attempt through the writer (which reschedules or gives up). It wakes on
//! every commit and at the next due time.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::{Notify, Semaphore};

use super::{Event, render, signing};
use crate::clock::SharedClock;
use crate::domain::webhooks::{self, AttemptOutcome, Delivery, DeliveryStatus, Endpoint};
use crate::store::{Snapshot, Store, StoreError, Table, Writer, decode};

/// Deliveries being sent at once at most.
pub const IN_FLIGHT_MAX: usize = 32;
/// One attempt waits this long for the receiver at most (origin behaviour section 6).
pub const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(10);
/// Due deliveries read per wake-up at most.
const SCAN_MAX: usize = 256;
/// The dispatcher looks at the queue at least this often.
const IDLE_WAKE: Duration = Duration::from_secs(1);
/// Response bytes kept in an attempt's error text at most.
const ERROR_CHARS_MAX: usize = 200;

pub fn client() -> Result<reqwest::Client, reqwest::Error> {
    reqwest::Client::builder()
        .timeout(ATTEMPT_TIMEOUT)
        .connect_timeout(ATTEMPT_TIMEOUT)
        // A receiver answers; it does not send the payload elsewhere.
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("paygate-webhooks/", env!("CARGO_PKG_VERSION")))
        .build()
}

pub fn spawn(
    store: Store,
    writer: Writer,
    clock: SharedClock,
    committed: Arc<Notify>,
    client: reqwest::Client,
) {
    tokio::spawn(async move {
        let permits = Arc::new(Semaphore::new(IN_FLIGHT_MAX));
        let in_flight: Arc<Mutex<HashSet<String>>> = Arc::default();
        loop {
            let now = clock.now_ms();
            let (due, next_due) = match due_deliveries(&store, now) {
                Ok(found) => found,
                Err(e) => {
                    tracing::error!(error = %e, "dispatcher: cannot read the delivery queue");
                    (Vec::new(), None)
                }
            };
            let mut started = 0;
            for delivery_id in due {
                if !in_flight
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(delivery_id.clone())
                {
                    continue;
                }
                let Ok(permit) = permits.clone().acquire_owned().await else {
                    break;
                };
                started += 1;
                let (store, writer, clock, client, in_flight) = (
                    store.clone(),
                    writer.clone(),
                    clock.clone(),
                    client.clone(),
                    in_flight.clone(),
                );
                tokio::spawn(async move {
                    attempt(&store, &writer, &clock, &client, &delivery_id).await;
                    in_flight
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .remove(&delivery_id);
                    drop(permit);
                });
            }
            if started == 0 {
                let wait = next_due
                    .map(|due| Duration::from_millis(u64::try_from(due - now).unwrap_or(0)))
                    .unwrap_or(IDLE_WAKE)
                    .clamp(Duration::from_millis(10), IDLE_WAKE);
                tokio::select! {
                    () = tokio::time::sleep(wait) => {},
                    () = committed.notified() => {},
                }
            }
        }
    });
}

/// Ids of deliveries due by `now_ms`, and the due time of the first one not yet due.
fn due_deliveries(store: &Store, now_ms: i64) -> Result<(Vec<String>, Option<i64>), StoreError> {
    let snapshot = store.snapshot()?;
    let upper = format!("{:020}", now_ms.saturating_add(1));
    let rows = snapshot.scan(Table::DeliveryQueue, "", Some(&upper), SCAN_MAX)?;
    let ids = rows
        .into_iter()
        .filter_map(|(k, _)| k.split_once('|').map(|(_, id)| id.to_string()))
        .collect();
    let next = snapshot
        .first(Table::DeliveryQueue)?
        .and_then(|(k, _)| k.split('|').next().and_then(|d| d.parse().ok()));
    Ok((ids, next))
}

/// Everything needed to send one delivery, read from one snapshot.
struct Prepared {
    delivery: Delivery,
    endpoint: Endpoint,
    body: Vec<u8>,
    platform_key: signing::PlatformKey,
}

fn prepare(
    snapshot: &Snapshot,
    delivery_id: &str,
) -> Result<Result<Prepared, String>, crate::error::ApiError> {
    let Some(delivery) = snapshot.get_json::<Delivery>(Table::Objects, delivery_id)? else {
        return Ok(Err("delivery vanished".into()));
    };
    let Some(endpoint) = snapshot.get_json::<Endpoint>(Table::Objects, &delivery.endpoint)? else {
        return Ok(Err("the endpoint was deleted".into()));
    };
    let Some(event) = snapshot.get(Table::Events, &delivery.event)? else {
        return Ok(Err("the event vanished".into()));
    };
    let event: Event = decode(&event)?;
    let body = serde_json::to_vec(&render(event)).map_err(crate::error::ApiError::internal)?;
    let platform_key = signing::active_key(snapshot)?;
    Ok(Ok(Prepared {
        delivery,
        endpoint,
        body,
        platform_key,
    }))
}

async fn attempt(
    store: &Store,
    writer: &Writer,
    clock: &SharedClock,
    client: &reqwest::Client,
    delivery_id: &str,
) {
    let prepared = store
        .snapshot()
        .map_err(crate::error::ApiError::from)
        .and_then(|snapshot| prepare(&snapshot, delivery_id));
    let prepared = match prepared {
        Ok(Ok(p)) if p.delivery.status == DeliveryStatus::Pending => p,
        Ok(Ok(_)) => return,
        Ok(Err(reason)) => {
            let id = delivery_id.to_string();
            if let Err(e) = writer
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
    let outcome = send(clock, client, &prepared).await;
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
    if let Err(e) = writer
        .run(move |tx| webhooks::record_attempt(tx, &id, outcome, jitter))
        .await
    {
        tracing::error!(error = %e, "dispatcher: cannot record an attempt; it will be retried");
    }
}

async fn send(
    clock: &SharedClock,
    client: &reqwest::Client,
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
    let event_type = delivery.event_type.as_str();
    let request = client
        .post(&endpoint.url)
        .header("content-type", "application/json")
        .header("service-signature", &hmac)
        .header("x-service-signature", &hmac)
        .header("service-signature-ed25519", ed25519)
        .header("service-event", event_type)
        .header("x-service-event", event_type)
        .header("service-event-id", &delivery.event)
        .header("service-delivery-id", &delivery.id)
        .header("x-service-delivery-id", &delivery.id)
        .header("service-attempt", &attempt_number)
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
            let status = response.status().as_u16();
            let error = if response.status().is_success() {
                None
            } else {
                let text = response.text().await.unwrap_or_default();
                Some(format!(
                    "HTTP {status}: {}",
                    text.chars().take(ERROR_CHARS_MAX).collect::<String>()
                ))
            };
            AttemptOutcome {
                status_code: Some(status),
                latency_ms,
                error,
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
                error: Some(format!("{kind}: {e}")),
            }
        }
    }
}
