//! Webhook endpoints and deliveries: which endpoints an event goes to, the
//! record of every attempt, the retry schedule, and replays.
//!
//! Deliveries are created in the same transaction as their event (fan-out in
//! [`fan_out`]), and queued in the `delivery_queue` table by due time; the
//! dispatcher (`events/dispatcher.rs`) sends them and reports each attempt back
//! through [`record_attempt`]. A queued delivery survives a crash and is sent
//! after a restart: delivery is at least once.

pub mod state;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::resource;
use crate::auth::Principal;
use crate::error::{ApiError, Code, Missing};
use crate::events::egress::Egress;
use crate::events::{Event, EventType};
use crate::ledger::Mode;
use crate::store::keys::Family;
use crate::store::{StoreError, Table, Tx};

pub use self::state::delivery::DeliveryStatus;
pub use self::state::endpoint::{EndpointStatus, FAILURES_TO_DISABLE};
use self::state::{delivery, endpoint as endpoint_state};

/// Endpoints per owner and mode at most (origin behaviour section 18).
pub const ENDPOINTS_MAX: usize = 16;
pub const URL_CHARS_MAX: usize = 2048;
pub const EVENT_FILTERS_MAX: usize = 64;
pub const DESCRIPTION_CHARS_MAX: usize = 500;

/// Waits before each retry in live mode: about three days in all
/// (10 s, 30 s, 2 min, 10 min, 1 h, 3 h, 8 h, 12 h, 24 h, 24 h = 72.2 h), ±10 % jitter.
pub const LIVE_RETRY_DELAYS_MS: &[i64] = &[
    10_000, 30_000, 120_000, 600_000, 3_600_000, 10_800_000, 28_800_000, 43_200_000, 86_400_000,
    86_400_000,
];
/// The sandbox's shorter schedule, so that test integrations see retries
/// within seconds: 1 s, 2 s, 5 s, 15 s, 1 min, 5 min, 15 min, 1 h, 3 h, 8 h.
pub const SANDBOX_RETRY_DELAYS_MS: &[i64] = &[
    1_000, 2_000, 5_000, 15_000, 60_000, 300_000, 900_000, 3_600_000, 10_800_000, 28_800_000,
];

pub fn retry_delays(mode: Mode) -> &'static [i64] {
    match mode {
        Mode::Test => SANDBOX_RETRY_DELAYS_MS,
        Mode::Live => LIVE_RETRY_DELAYS_MS,
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Endpoint {
    pub id: String,
    pub mode: Mode,
    pub owner: String,
    pub url: String,
    /// `*`, exact types, or `prefix.*`.
    pub enabled_events: Vec<String>,
    pub description: Option<String>,
    pub metadata: BTreeMap<String, String>,
    /// The `whsec_` signing secret. The gateway must hold it to sign, so it
    /// cannot be hashed: it is stored encrypted under the master key
    /// (`secrets.rs`); the API shows it only once, at creation.
    #[serde(with = "crate::secrets::sealed_string")]
    pub secret: String,
    pub status: EndpointStatus,
    pub disabled_reason: Option<String>,
    pub consecutive_failures: u32,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

impl Endpoint {
    pub fn wants(&self, event_type: &str) -> bool {
        self.status == EndpointStatus::Enabled
            && self.enabled_events.iter().any(|filter| {
                filter == "*"
                    || filter == event_type
                    || filter.strip_suffix(".*").is_some_and(|prefix| {
                        event_type
                            .strip_prefix(prefix)
                            .is_some_and(|rest| rest.starts_with('.'))
                    })
            })
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DeliveryAttempt {
    pub number: u32,
    pub at_ms: i64,
    /// The receiver's HTTP status, when it answered.
    pub status_code: Option<u16>,
    pub latency_ms: i64,
    /// Why the attempt failed (timeout, connection refused, non-2xx).
    pub error: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Delivery {
    pub id: String,
    pub mode: Mode,
    pub owner: String,
    pub endpoint: String,
    pub event: String,
    pub event_type: EventType,
    pub status: DeliveryStatus,
    pub attempts: Vec<DeliveryAttempt>,
    pub next_attempt_at_ms: Option<i64>,
    /// The delivery this one replays, when it is a replay.
    pub replay_of: Option<String>,
    pub created_at_ms: i64,
}

/// What one attempt came to, as the dispatcher saw it.
#[derive(Debug, Clone)]
pub struct AttemptOutcome {
    pub status_code: Option<u16>,
    pub latency_ms: i64,
    pub error: Option<String>,
}

impl AttemptOutcome {
    pub fn delivered(&self) -> bool {
        self.status_code.is_some_and(|c| (200..300).contains(&c))
    }
}

pub fn endpoint_prefix(mode: Mode, owner: &str) -> String {
    crate::store::keys::owned_prefix(Family::WebhookEndpoint, mode, owner)
}

pub fn delivery_prefix(endpoint: &str) -> String {
    crate::store::keys::child_prefix(crate::store::keys::Child::Delivery, endpoint)
}

fn queue_key(due_ms: i64, delivery: &str) -> String {
    crate::store::keys::due(due_ms, delivery)
}

/// Input of `POST /webhook_endpoints` and `PATCH /webhook_endpoints/{id}`, validated.
pub struct EndpointInput {
    pub url: Option<String>,
    pub enabled_events: Option<Vec<String>>,
    pub description: Option<String>,
    pub metadata: Option<BTreeMap<String, String>>,
    pub disabled: Option<bool>,
}

pub fn validate_url(url: &str) -> Result<(), ApiError> {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"));
    let host_ok = rest.is_some_and(|r| !r.is_empty() && !r.starts_with('/'));
    if !host_ok
        || url.len() > URL_CHARS_MAX
        || url.chars().any(|c| c.is_whitespace() || c.is_control())
    {
        return Err(ApiError::field(
            "url",
            format!(
                "url must be an http:// or https:// URL of at most {URL_CHARS_MAX} characters (got {url:?})"
            ),
        ));
    }
    Ok(())
}

pub fn validate_events(events: &[String]) -> Result<(), ApiError> {
    if events.is_empty() || events.len() > EVENT_FILTERS_MAX {
        return Err(ApiError::field(
            "enabled_events",
            format!("enabled_events needs 1 to {EVENT_FILTERS_MAX} entries (\"*\" for all)"),
        ));
    }
    for (i, filter) in events.iter().enumerate() {
        let known = filter == "*"
            || crate::events::CATALOGUE.iter().any(|e| {
                e.name == filter
                    || filter
                        .strip_suffix(".*")
                        .is_some_and(|p| e.name.strip_prefix(p).is_some_and(|r| r.starts_with('.')))
            });
        if !known {
            return Err(ApiError::field(
                format!("enabled_events[{i}]"),
                format!(
                    "{filter:?} matches no event type; GET /webhook_events/types lists them (\"*\" for all, \"payment_intent.*\" for a family)"
                ),
            ));
        }
    }
    Ok(())
}

/// Records an endpoint action (`webhook_endpoint.created|updated|deleted`)
/// in the audit log, in the command's transaction; never the secret.
pub fn audit(
    tx: &mut Tx<'_>,
    caller: &Principal,
    action: &str,
    endpoint: &Endpoint,
) -> Result<(), ApiError> {
    super::audit::record(
        tx,
        &super::audit::Actor::of(caller),
        action,
        Some(&endpoint.id),
        serde_json::json!({
            "url": endpoint.url,
            "enabled_events": endpoint.enabled_events,
            "status": endpoint.status,
        }),
    )
}

/// Refuses a URL the egress policy refuses without resolving it (an IP
/// literal, `localhost`): the client learns at once, not at the first delivery.
fn check_egress(egress: Egress, mode: Mode, url: &str) -> Result<(), ApiError> {
    egress
        .check_new_url(mode, url)
        .map_err(|reason| ApiError::field("url", reason))
}

pub fn create_endpoint(
    tx: &mut Tx<'_>,
    principal: &Principal,
    input: EndpointInput,
    egress: Egress,
) -> Result<Endpoint, ApiError> {
    let url = input
        .url
        .ok_or_else(|| ApiError::field("url", "url is required"))?;
    validate_url(&url)?;
    check_egress(egress, principal.mode, &url)?;
    let enabled_events = input
        .enabled_events
        .unwrap_or_else(|| vec!["*".to_string()]);
    validate_events(&enabled_events)?;
    let description = super::fields::text("description", input.description, DESCRIPTION_CHARS_MAX)?;
    let metadata = super::fields::metadata(input.metadata)?;
    let prefix = endpoint_prefix(principal.mode, principal.owner());
    if tx
        .scan(Table::Index, &prefix, None, ENDPOINTS_MAX + 1)?
        .len()
        >= ENDPOINTS_MAX
    {
        return Err(ApiError::new(
            Code::EndpointLimit,
            format!(
                "at most {ENDPOINTS_MAX} webhook endpoints per account and mode; delete one first"
            ),
        ));
    }
    let now = tx.now_ms();
    let endpoint = Endpoint {
        id: crate::ids::new_id("we"),
        mode: principal.mode,
        owner: principal.owner().to_string(),
        url,
        enabled_events,
        description,
        metadata,
        secret: crate::events::signing::new_webhook_secret(),
        status: if input.disabled == Some(true) {
            EndpointStatus::Disabled
        } else {
            EndpointStatus::Enabled
        },
        disabled_reason: None,
        consecutive_failures: 0,
        created_at_ms: now,
        updated_at_ms: now,
    };
    resource::insert(tx, Family::WebhookEndpoint, &endpoint)?;
    Ok(endpoint)
}

/// The caller's endpoint `id`, from a snapshot or inside a command.
pub fn read_endpoint(
    read: &impl crate::store::Read,
    principal: &Principal,
    id: &str,
) -> Result<Endpoint, ApiError> {
    resource::find(read, principal, id, "we_", Missing::WebhookEndpoint)
}

/// The endpoint's next status. Its lifecycle refuses nothing today; a refusal
/// would be a rule added without its error, so it answers as an internal error.
fn next_status(
    endpoint: &Endpoint,
    trigger: endpoint_state::Trigger,
) -> Result<EndpointStatus, ApiError> {
    endpoint_state::transition(endpoint.status, trigger).map_err(|refusal| {
        ApiError::internal(format!(
            "webhook endpoint {} refused {trigger:?} ({refusal:?})",
            endpoint.id
        ))
    })
}

pub fn update_endpoint(
    tx: &mut Tx<'_>,
    principal: &Principal,
    id: &str,
    input: EndpointInput,
    egress: Egress,
) -> Result<Endpoint, ApiError> {
    let mut endpoint = read_endpoint(tx, principal, id)?;
    if let Some(url) = input.url {
        validate_url(&url)?;
        check_egress(egress, endpoint.mode, &url)?;
        endpoint.url = url;
    }
    if let Some(events) = input.enabled_events {
        validate_events(&events)?;
        endpoint.enabled_events = events;
    }
    if let Some(description) =
        super::fields::text("description", input.description, DESCRIPTION_CHARS_MAX)?
    {
        endpoint.description = Some(description);
    }
    if input.metadata.is_some() {
        endpoint.metadata = super::fields::metadata(input.metadata)?;
    }
    match input.disabled {
        Some(true) => {
            endpoint.status = next_status(&endpoint, endpoint_state::Trigger::Disable)?;
            endpoint.disabled_reason = Some("disabled through the API".into());
        }
        Some(false) => {
            endpoint.status = next_status(&endpoint, endpoint_state::Trigger::Enable)?;
            endpoint.disabled_reason = None;
            endpoint.consecutive_failures = 0;
        }
        None => {}
    }
    endpoint.updated_at_ms = tx.now_ms();
    tx.put_json(Table::Objects, endpoint.id.clone(), &endpoint)?;
    Ok(endpoint)
}

/// Deletes an endpoint; its pending deliveries fail on their next attempt.
pub fn delete_endpoint(
    tx: &mut Tx<'_>,
    principal: &Principal,
    id: &str,
) -> Result<Endpoint, ApiError> {
    let endpoint = read_endpoint(tx, principal, id)?;
    tx.delete(Table::Objects, endpoint.id.clone());
    tx.delete(
        Table::Index,
        crate::store::keys::owned(
            Family::WebhookEndpoint,
            endpoint.mode,
            &endpoint.owner,
            &endpoint.id,
        ),
    );
    Ok(endpoint)
}

/// The endpoints an event goes to: the owner's, and the platform's when the
/// event belongs to a connected account (spec section 6 rule 3).
fn endpoints_for(tx: &Tx<'_>, event: &Event) -> Result<Vec<Endpoint>, StoreError> {
    let mut owners = vec![event.owner.clone()];
    if let Some(account) = &event.account {
        let connection: Option<super::accounts::ConnectedAccount> =
            tx.get_json(Table::Objects, account)?;
        if let Some(c) = connection.filter(|c| c.detached_at_ms.is_none()) {
            owners.push(c.platform);
        }
    }
    let mut endpoints = Vec::new();
    for owner in owners {
        for (key, _) in tx.scan(
            Table::Index,
            &endpoint_prefix(event.mode, &owner),
            None,
            ENDPOINTS_MAX,
        )? {
            let id = key.rsplit('|').next().unwrap_or_default();
            if let Some(endpoint) = tx.get_json::<Endpoint>(Table::Objects, id)? {
                endpoints.push(endpoint);
            }
        }
    }
    Ok(endpoints)
}

fn enqueue(
    tx: &mut Tx<'_>,
    endpoint: &Endpoint,
    event: &Event,
    replay_of: Option<String>,
) -> Result<Delivery, StoreError> {
    let now = tx.now_ms();
    let delivery = Delivery {
        id: crate::ids::new_id("wd"),
        mode: event.mode,
        owner: endpoint.owner.clone(),
        endpoint: endpoint.id.clone(),
        event: event.id.clone(),
        event_type: event.event_type,
        status: DeliveryStatus::Pending,
        attempts: Vec::new(),
        next_attempt_at_ms: Some(now),
        replay_of,
        created_at_ms: now,
    };
    tx.put_json(Table::Objects, delivery.id.clone(), &delivery)?;
    tx.put(
        Table::Index,
        format!("{}{}", delivery_prefix(&endpoint.id), delivery.id),
        Vec::new(),
    );
    tx.put(
        Table::DeliveryQueue,
        queue_key(now, &delivery.id),
        Vec::new(),
    );
    Ok(delivery)
}

/// Creates a delivery for every endpoint that wants `event` (same transaction as the event).
pub fn fan_out(tx: &mut Tx<'_>, event: &Event) -> Result<(), StoreError> {
    for endpoint in endpoints_for(tx, event)? {
        if endpoint.wants(event.event_type.as_str()) {
            enqueue(tx, &endpoint, event, None)?;
        }
    }
    Ok(())
}

/// Records an attempt: delivered, retried later, or failed for good.
pub fn record_attempt(
    tx: &mut Tx<'_>,
    delivery_id: &str,
    outcome: AttemptOutcome,
    jitter_permille: i64,
) -> Result<(), ApiError> {
    let Some(mut delivery) = tx.get_json::<Delivery>(Table::Objects, delivery_id)? else {
        return Ok(());
    };
    let delays = retry_delays(delivery.mode);
    let delivered = outcome.delivered();
    let attempted = delivery::Trigger::Attempted {
        delivered,
        retry_left: delays.len() > delivery.attempts.len(),
    };
    let Ok(next) = delivery::transition(delivery.status, attempted) else {
        return Ok(()); // delivered or failed already
    };
    let now = tx.now_ms();
    if let Some(due) = delivery.next_attempt_at_ms {
        tx.delete(Table::DeliveryQueue, queue_key(due, &delivery.id));
    }
    let number = u32::try_from(delivery.attempts.len() + 1).unwrap_or(u32::MAX);
    delivery.attempts.push(DeliveryAttempt {
        number,
        at_ms: now,
        status_code: outcome.status_code,
        latency_ms: outcome.latency_ms,
        error: outcome.error,
    });
    delivery.next_attempt_at_ms = None;
    delivery.status = next;
    if let (DeliveryStatus::Pending, Some(delay)) = (next, delays.get(delivery.attempts.len() - 1))
    {
        let due = now + delay + delay * jitter_permille / 1000;
        delivery.next_attempt_at_ms = Some(due);
        tx.put(
            Table::DeliveryQueue,
            queue_key(due, &delivery.id),
            Vec::new(),
        );
    }
    tx.put_json(Table::Objects, delivery.id.clone(), &delivery)?;
    if let Some(mut endpoint) = tx.get_json::<Endpoint>(Table::Objects, &delivery.endpoint)? {
        if delivered {
            endpoint.consecutive_failures = 0;
        } else {
            endpoint.consecutive_failures = endpoint.consecutive_failures.saturating_add(1);
            let failed = endpoint_state::Trigger::DeliveryFailed {
                consecutive_failures: endpoint.consecutive_failures,
            };
            let next = next_status(&endpoint, failed)?;
            if next != endpoint.status {
                endpoint.status = next;
                endpoint.disabled_reason = Some(format!(
                    "{FAILURES_TO_DISABLE} consecutive failed deliveries"
                ));
            }
        }
        tx.put_json(Table::Objects, endpoint.id.clone(), &endpoint)?;
    }
    Ok(())
}

/// Gives up on a delivery whose endpoint is gone.
pub fn abandon(tx: &mut Tx<'_>, delivery_id: &str, reason: &str) -> Result<(), ApiError> {
    let Some(mut delivery) = tx.get_json::<Delivery>(Table::Objects, delivery_id)? else {
        return Ok(());
    };
    if let Some(due) = delivery.next_attempt_at_ms.take() {
        tx.delete(Table::DeliveryQueue, queue_key(due, &delivery.id));
    }
    if let Ok(failed) = delivery::transition(delivery.status, delivery::Trigger::Abandon) {
        delivery.status = failed;
        delivery.attempts.push(DeliveryAttempt {
            number: u32::try_from(delivery.attempts.len() + 1).unwrap_or(u32::MAX),
            at_ms: tx.now_ms(),
            status_code: None,
            latency_ms: 0,
            error: Some(reason.to_string()),
        });
    }
    tx.put_json(Table::Objects, delivery.id.clone(), &delivery)?;
    Ok(())
}

fn load_event(tx: &Tx<'_>, principal: &Principal, id: &str) -> Result<Event, ApiError> {
    resource::find_in(tx, Table::Events, principal, id, "evt_", Missing::Event)
}

/// `POST /webhook_deliveries/{id}/replay`: a new delivery of the same event to the same endpoint.
pub fn replay_delivery(
    tx: &mut Tx<'_>,
    principal: &Principal,
    id: &str,
) -> Result<Delivery, ApiError> {
    let original: Delivery = resource::find(tx, principal, id, "wd_", Missing::WebhookDelivery)?;
    let endpoint = read_endpoint(tx, principal, &original.endpoint)?;
    if endpoint.status != EndpointStatus::Enabled {
        return Err(ApiError::new(
            Code::EndpointDisabled,
            format!(
                "webhook endpoint {} is disabled; enable it before replaying to it",
                endpoint.id
            ),
        ));
    }
    let event: Event = tx
        .get_json(Table::Events, &original.event)?
        .ok_or_else(|| ApiError::not_found(Missing::Event, &original.event))?;
    Ok(enqueue(tx, &endpoint, &event, Some(original.id))?)
}

/// `POST /events/{id}/replay`: a new delivery to every enabled endpoint that wants the event.
pub fn replay_event(
    tx: &mut Tx<'_>,
    principal: &Principal,
    id: &str,
) -> Result<Vec<Delivery>, ApiError> {
    let event = load_event(tx, principal, id)?;
    let mut deliveries = Vec::new();
    for endpoint in endpoints_for(tx, &event)? {
        if endpoint.wants(event.event_type.as_str()) {
            deliveries.push(enqueue(tx, &endpoint, &event, None)?);
        }
    }
    Ok(deliveries)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn endpoint(filters: &[&str]) -> Endpoint {
        Endpoint {
            id: "we_1".into(),
            mode: Mode::Test,
            owner: "org_1".into(),
            url: "http://x".into(),
            enabled_events: filters.iter().map(|s| s.to_string()).collect(),
            description: None,
            metadata: BTreeMap::new(),
            secret: "whsec_x".into(),
            status: EndpointStatus::Enabled,
            disabled_reason: None,
            consecutive_failures: 0,
            created_at_ms: 0,
            updated_at_ms: 0,
        }
    }

    #[test]
    fn filters_match_all_exact_and_families() {
        assert!(endpoint(&["*"]).wants("payment_intent.succeeded"));
        assert!(endpoint(&["payment_intent.*"]).wants("payment_intent.succeeded"));
        assert!(!endpoint(&["payment_intent.*"]).wants("payment_intents.succeeded"));
        assert!(endpoint(&["payment_intent.settled"]).wants("payment_intent.settled"));
        assert!(!endpoint(&["payment_intent.settled"]).wants("payment_intent.succeeded"));
        let mut disabled = endpoint(&["*"]);
        disabled.status = EndpointStatus::Disabled;
        assert!(!disabled.wants("payment_intent.settled"));
    }

    #[test]
    fn live_schedule_spans_about_three_days_and_sandbox_is_shorter() {
        let live: i64 = LIVE_RETRY_DELAYS_MS.iter().sum();
        assert!((70 * 3_600_000..=74 * 3_600_000).contains(&live), "{live}");
        let sandbox: i64 = SANDBOX_RETRY_DELAYS_MS.iter().sum();
        assert!(sandbox < live && SANDBOX_RETRY_DELAYS_MS[0] <= 1_000);
        assert!(LIVE_RETRY_DELAYS_MS.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn urls_must_be_http_or_https() {
        assert!(validate_url("https://example.com/hook").is_ok());
        assert!(validate_url("http://127.0.0.1:3000/hook").is_ok());
        for bad in [
            "ftp://example.com",
            "example.com",
            "https://",
            "javascript:alert(1)",
            "https:///x",
        ] {
            assert_eq!(
                validate_url(bad).expect_err(bad).param.as_deref(),
                Some("url")
            );
        }
    }
}
