//! Webhook endpoints and deliveries: which endpoints an event goes to, the
//! record of every attempt, the retry schedule, and replays.
//!
//! Deliveries are created in the same transaction as their event (fan-out in
//! [`fan_out`]), and queued in the `delivery_queue` table by due time; the
//! dispatcher (`events/dispatcher.rs`) sends them and reports each attempt back
//! through [`record_attempt`]. A queued delivery survives a crash and is sent
//! after a restart: delivery is at least once.

pub mod state;
pub mod view;

use crate::domain::resource::Kind;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::resource;
use crate::auth::Principal;
use crate::error::{ApiError, Code, Missing};
use crate::events::egress::Egress;
use crate::events::{Event, EventType};
use crate::mode::Mode;
use crate::store::keys::Family;
use crate::store::{Read, StoreError, Tx};

pub use self::state::delivery::DeliveryStatus;
pub use self::state::endpoint::EndpointStatus;
use self::state::{delivery, endpoint as endpoint_state};
/// `evt_...`: events, `event_not_found` when absent or another's.
pub const EVENT: Kind = Kind::new(
    Family::events("evt"),
    Missing::new(Code::EventNotFound, "event"),
);

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

/// `we_...`: webhook endpoints, `webhook_endpoint_not_found` when absent or another's.
pub const ENDPOINT: Kind = Kind::new(
    Family::new("we"),
    Missing::new(Code::WebhookEndpointNotFound, "webhook endpoint"),
);

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Endpoint {
    pub id: String,
    pub mode: Mode,
    pub owner: String,
    pub url: String,
    /// `*`, exact types, or `prefix.*`.
    pub enabled_events: Vec<String>,
    /// The envelope version its deliveries are rendered in (the only one so
    /// far; endpoints stored before the field existed default to it).
    #[serde(default = "api_version_default")]
    pub api_version: String,
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
    /// The time of the first of the current run of failed attempts; `None`
    /// after a 2xx answer, a re-enable, or before any failure.
    #[serde(default)]
    pub failing_since_ms: Option<i64>,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

crate::domain::resource::owned!(Endpoint);

fn api_version_default() -> String {
    crate::events::API_VERSION.to_string()
}

impl Endpoint {
    /// Enabled, and one of its filters takes the type (by its name or a
    /// former one: filters stored before a rename keep working).
    pub fn wants(&self, event_type: EventType) -> bool {
        self.status == EndpointStatus::Enabled
            && self
                .enabled_events
                .iter()
                .any(|filter| crate::events::filter_matches(filter, event_type))
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

/// `wd_...`: webhook deliverys, `webhook_delivery_not_found` when absent or another's.
pub const DELIVERY: Kind = Kind::new(
    Family::new("wd"),
    Missing::new(Code::WebhookDeliveryNotFound, "webhook delivery"),
);

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

crate::domain::resource::owned!(Delivery);

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
    crate::store::keys::owned_prefix(ENDPOINT.family, mode, owner)
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
    pub api_version: Option<String>,
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

/// Checks the filters and answers them with renamed types under their
/// current names (`refund.requested` is stored as `refund.created`).
pub fn validate_events(events: Vec<String>) -> Result<Vec<String>, ApiError> {
    if events.is_empty() || events.len() > EVENT_FILTERS_MAX {
        return Err(ApiError::field(
            "enabled_events",
            format!(
                "enabled_events (or events) needs 1 to {EVENT_FILTERS_MAX} entries (\"*\" for all)"
            ),
        ));
    }
    for (i, filter) in events.iter().enumerate() {
        let known = EventType::ALL
            .iter()
            .any(|t| crate::events::filter_matches(filter, *t));
        if !known {
            return Err(ApiError::field(
                format!("enabled_events[{i}]"),
                format!(
                    "{filter:?} matches no event type; GET /webhook_events/types lists them (\"*\" for all, \"payment_intent.*\" for a family)"
                ),
            ));
        }
    }
    Ok(events
        .iter()
        .map(|f| crate::events::current_filter(f))
        .collect())
}

/// The filters `reader` may subscribe an endpoint to (finding 4): `*` is
/// every type the reader may read (kept as `*` for a reader of every type,
/// else written out as the families it reads, decision 311); any other filter
/// that takes a type whose object the reader may not read is refused, 403,
/// naming it.
pub fn readable_events(reader: &Principal, filters: Vec<String>) -> Result<Vec<String>, ApiError> {
    let mut readable: Vec<String> = Vec::with_capacity(filters.len());
    for (i, filter) in filters.into_iter().enumerate() {
        if filter == "*" {
            readable.extend(crate::events::access::readable_filters(reader));
        } else {
            refuse_unreadable(
                reader,
                std::slice::from_ref(&filter),
                &format!("enabled_events[{i}]"),
            )?;
            readable.push(filter);
        }
    }
    readable.dedup();
    if readable.is_empty() {
        return Err(denied(
            reader,
            "enabled_events",
            "\"*\" subscribes to the event types whose object this caller may read, and it may read none".into(),
        ));
    }
    Ok(readable)
}

/// 403 when one of `filters` takes an event type whose object `reader` may
/// not read, with `param` named: `scope_denied` for a key, `role_denied` for
/// a member's session, as the gate answers a missing scope.
fn refuse_unreadable(reader: &Principal, filters: &[String], param: &str) -> Result<(), ApiError> {
    for filter in filters {
        if let Some(event_type) = crate::events::access::unreadable_in(reader, filter) {
            let scope = crate::events::access::read_scope(event_type);
            return Err(denied(
                reader,
                param,
                format!(
                    "{filter:?} takes {} events, whose object needs {scope}, which this caller lacks; subscribe to the types it may read",
                    event_type.as_str()
                ),
            ));
        }
    }
    Ok(())
}

fn denied(reader: &Principal, param: &str, message: String) -> ApiError {
    let code = if reader.session.is_some() {
        Code::RoleDenied
    } else {
        Code::ScopeDenied
    };
    ApiError::new(code, message).with_param(param)
}

/// Checks an endpoint's `api_version`: the one the gateway renders.
pub fn validate_api_version(version: Option<String>) -> Result<Option<String>, ApiError> {
    let current = crate::events::API_VERSION;
    match version {
        Some(v) if v != current => Err(ApiError::field(
            "api_version",
            format!(
                "api_version must be {current}, the only version this gateway renders (got {v:?})"
            ),
        )),
        version => Ok(version),
    }
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
    let enabled_events = readable_events(
        principal,
        validate_events(
            input
                .enabled_events
                .unwrap_or_else(|| vec!["*".to_string()]),
        )?,
    )?;
    let api_version = validate_api_version(input.api_version)?.unwrap_or_else(api_version_default);
    let description = super::fields::text("description", input.description, DESCRIPTION_CHARS_MAX)?;
    let metadata = super::fields::metadata(input.metadata)?;
    let prefix = endpoint_prefix(principal.mode, principal.owner());
    if tx.scan_index(&prefix, None, ENDPOINTS_MAX + 1)?.len() >= ENDPOINTS_MAX {
        return Err(ApiError::new(
            Code::EndpointLimit,
            format!(
                "at most {ENDPOINTS_MAX} webhook endpoints per account and mode; delete one first"
            ),
        ));
    }
    let now = tx.now_ms();
    let endpoint = Endpoint {
        id: ENDPOINT.new_id(),
        mode: principal.mode,
        owner: principal.owner().to_string(),
        url,
        enabled_events,
        api_version,
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
        failing_since_ms: None,
        created_at_ms: now,
        updated_at_ms: now,
    };
    resource::insert(tx, ENDPOINT.family, &endpoint)?;
    Ok(endpoint)
}

/// The caller's endpoint `id`, from a snapshot or inside a command.
pub fn read_endpoint(
    read: &impl crate::store::Read,
    principal: &Principal,
    id: &str,
) -> Result<Endpoint, ApiError> {
    resource::find(read, principal, id, &ENDPOINT)
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
    let moved = input.url.as_ref().is_some_and(|url| *url != endpoint.url);
    if let Some(url) = input.url {
        validate_url(&url)?;
        check_egress(egress, endpoint.mode, &url)?;
        endpoint.url = url;
    }
    if let Some(events) = input.enabled_events {
        endpoint.enabled_events = readable_events(principal, validate_events(events)?)?;
    } else if moved {
        // Sending an endpoint elsewhere takes over what it receives: the
        // caller must be able to read all of it (decision 312).
        refuse_unreadable(principal, &endpoint.enabled_events, "enabled_events")?;
    }
    if let Some(version) = validate_api_version(input.api_version)? {
        endpoint.api_version = version;
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
            endpoint.failing_since_ms = None;
        }
        None => {}
    }
    endpoint.updated_at_ms = tx.now_ms();
    tx.put_object(endpoint.id.clone(), &endpoint)?;
    Ok(endpoint)
}

/// Deletes an endpoint; its pending deliveries fail on their next attempt.
pub fn delete_endpoint(
    tx: &mut Tx<'_>,
    principal: &Principal,
    id: &str,
) -> Result<Endpoint, ApiError> {
    let endpoint = read_endpoint(tx, principal, id)?;
    tx.delete_object(endpoint.id.clone());
    tx.delete_index(crate::store::keys::owned(
        ENDPOINT.family,
        endpoint.mode,
        &endpoint.owner,
        &endpoint.id,
    ));
    Ok(endpoint)
}

/// The endpoints an event goes to: the owner's, and the platform's when the
/// event belongs to a connected account it still acts for (spec section 6
/// rule 3). The platform's own `account.*` events are owned by the platform:
/// they reach its endpoints once.
fn endpoints_for(tx: &Tx<'_>, event: &Event) -> Result<Vec<Endpoint>, StoreError> {
    let mut owners = vec![event.owner.clone()];
    if let Some(account) = &event.account {
        let connection: Option<super::accounts::Account> = tx.object(account)?;
        if let Some(c) = connection.filter(|c| c.connected() && c.owner != event.owner) {
            owners.push(c.owner);
        }
    }
    let mut endpoints = Vec::new();
    for owner in owners {
        for (key, _) in tx.scan_index(&endpoint_prefix(event.mode, &owner), None, ENDPOINTS_MAX)? {
            let id = crate::store::keys::id_of(&key);
            if let Some(endpoint) = tx.object::<Endpoint>(id)? {
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
    // Deliveries run on real time, even in a sandbox that follows a test
    // clock: a receiver waits in real time (decision 94).
    let now = tx.wall_ms();
    let delivery = Delivery {
        id: DELIVERY.new_id(),
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
    tx.put_object(delivery.id.clone(), &delivery)?;
    tx.put_index(
        format!("{}{}", delivery_prefix(&endpoint.id), delivery.id),
        Vec::new(),
    );
    tx.put_delivery_due(queue_key(now, &delivery.id));
    Ok(delivery)
}

/// Creates a delivery for every endpoint that wants `event` (same transaction as the event).
pub fn fan_out(tx: &mut Tx<'_>, event: &Event) -> Result<(), StoreError> {
    for endpoint in endpoints_for(tx, event)? {
        if endpoint.wants(event.event_type) {
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
    let Some(mut delivery) = tx.object::<Delivery>(delivery_id)? else {
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
        tx.delete_delivery_due(queue_key(due, &delivery.id));
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
        tx.put_delivery_due(queue_key(due, &delivery.id));
    }
    tx.put_object(delivery.id.clone(), &delivery)?;
    note_attempt(tx, &delivery.endpoint, delivered)
}

/// Counts an attempt against its endpoint: a 2xx answer ends a failing run;
/// a failure extends it, and disables the endpoint once the run is long
/// enough (`state::endpoint`), which emits `webhook_endpoint.disabled` to the
/// owner's other endpoints and writes an audit entry. Until then every
/// delivery keeps its own retry schedule.
fn note_attempt(tx: &mut Tx<'_>, endpoint_id: &str, delivered: bool) -> Result<(), ApiError> {
    let Some(mut endpoint) = tx.object::<Endpoint>(endpoint_id)? else {
        return Ok(());
    };
    let now = tx.now_ms();
    if delivered {
        endpoint.consecutive_failures = 0;
        endpoint.failing_since_ms = None;
        tx.put_object(endpoint.id.clone(), &endpoint)?;
        return Ok(());
    }
    endpoint.consecutive_failures = endpoint.consecutive_failures.saturating_add(1);
    let failing_since = *endpoint.failing_since_ms.get_or_insert(now);
    let failed = endpoint_state::Trigger::DeliveryFailed {
        consecutive_failures: endpoint.consecutive_failures,
        failing_for_ms: now - failing_since,
    };
    let next = next_status(&endpoint, failed)?;
    let disabled_now = next != endpoint.status && next == EndpointStatus::Disabled;
    endpoint.status = next;
    if disabled_now {
        endpoint.disabled_reason = Some(format!(
            "deliveries failed continuously for {} h ({} attempts in a row since {})",
            (now - failing_since) / 3_600_000,
            endpoint.consecutive_failures,
            crate::clock::rfc3339(failing_since)
        ));
        endpoint.updated_at_ms = now;
    }
    // Saved before the event, so that its fan-out sees the endpoint disabled.
    tx.put_object(endpoint.id.clone(), &endpoint)?;
    if disabled_now {
        announce_disabled(tx, &endpoint)?;
    }
    Ok(())
}

/// `webhook_endpoint.disabled` and its audit entry, for an endpoint the
/// gateway disabled (no person acted: the actor is `gateway`).
fn announce_disabled(tx: &mut Tx<'_>, endpoint: &Endpoint) -> Result<(), ApiError> {
    let view = view::render(endpoint, false);
    resource::emit(tx, EventType::WebhookEndpointDisabled, endpoint, &view)?;
    let account = super::accounts::of_organisation(tx, &endpoint.owner)?.map(|a| a.id);
    let actor = super::audit::Actor {
        org: endpoint.owner.clone(),
        kind: "gateway".into(),
        account,
        mode: Some(endpoint.mode),
        ..super::audit::Actor::default()
    };
    super::audit::record(
        tx,
        &actor,
        "webhook_endpoint.disabled",
        Some(&endpoint.id),
        serde_json::json!({
            "url": endpoint.url,
            "status": endpoint.status,
            "reason": endpoint.disabled_reason,
            "consecutive_failures": endpoint.consecutive_failures,
        }),
    )
}

/// Takes a due delivery for one attempt when several gateway nodes share
/// the store (decision 258): if it is still pending and due at `seen_due_ms`
/// (what the node's dispatcher read), its queue row moves to `until_ms` and
/// the node may send it; another node that read the same row finds it moved
/// and sends nothing. A node that dies before recording its attempt leaves
/// the delivery due again at `until_ms`, when any node retries it (at least
/// once, never twice at the same time).
pub fn lease(
    tx: &mut Tx<'_>,
    delivery_id: &str,
    seen_due_ms: i64,
    until_ms: i64,
) -> Result<bool, ApiError> {
    let Some(mut delivery) = tx.object::<Delivery>(delivery_id)? else {
        return Ok(false);
    };
    if delivery.status != DeliveryStatus::Pending
        || delivery.next_attempt_at_ms != Some(seen_due_ms)
    {
        return Ok(false);
    }
    tx.delete_delivery_due(queue_key(seen_due_ms, &delivery.id));
    tx.put_delivery_due(queue_key(until_ms, &delivery.id));
    delivery.next_attempt_at_ms = Some(until_ms);
    tx.put_object(delivery.id.clone(), &delivery)?;
    Ok(true)
}

/// Gives up on a delivery whose endpoint is gone.
pub fn abandon(tx: &mut Tx<'_>, delivery_id: &str, reason: &str) -> Result<(), ApiError> {
    let Some(mut delivery) = tx.object::<Delivery>(delivery_id)? else {
        return Ok(());
    };
    if let Some(due) = delivery.next_attempt_at_ms.take() {
        tx.delete_delivery_due(queue_key(due, &delivery.id));
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
    tx.put_object(delivery.id.clone(), &delivery)?;
    Ok(())
}

fn load_event(tx: &Tx<'_>, principal: &Principal, id: &str) -> Result<Event, ApiError> {
    resource::find(tx, principal, id, &EVENT)
}

/// `POST /webhook_deliveries/{id}/replay`: a new delivery of the same event to the same endpoint.
pub fn replay_delivery(
    tx: &mut Tx<'_>,
    principal: &Principal,
    id: &str,
) -> Result<Delivery, ApiError> {
    let original: Delivery = resource::find(tx, principal, id, &DELIVERY)?;
    // A delivery of an event the caller may not read is not there for it.
    if !crate::events::access::may_read(principal, original.event_type) {
        return Err(ApiError::not_found(DELIVERY.missing, id));
    }
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
        .event(&original.event)?
        .ok_or_else(|| ApiError::not_found(EVENT.missing, &original.event))?;
    Ok(enqueue(tx, &endpoint, &event, Some(original.id))?)
}

/// `POST /events/{id}/replay`: a new delivery to every enabled endpoint that wants the event.
pub fn replay_event(
    tx: &mut Tx<'_>,
    principal: &Principal,
    id: &str,
) -> Result<Vec<Delivery>, ApiError> {
    let event = load_event(tx, principal, id)?;
    // An event the caller may not read is not there for it (finding 4).
    if !crate::events::access::may_read(principal, event.event_type) {
        return Err(ApiError::not_found(EVENT.missing, id));
    }
    let mut deliveries = Vec::new();
    for endpoint in endpoints_for(tx, &event)? {
        if endpoint.wants(event.event_type) {
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
            api_version: api_version_default(),
            description: None,
            metadata: BTreeMap::new(),
            secret: "whsec_x".into(),
            status: EndpointStatus::Enabled,
            disabled_reason: None,
            consecutive_failures: 0,
            failing_since_ms: None,
            created_at_ms: 0,
            updated_at_ms: 0,
        }
    }

    #[test]
    fn filters_match_all_exact_and_families() {
        use EventType::*;
        assert!(endpoint(&["*"]).wants(PaymentIntentSucceeded));
        assert!(endpoint(&["payment_intent.*"]).wants(PaymentIntentSucceeded));
        assert!(!endpoint(&["payment_intent.*"]).wants(RefundSucceeded));
        assert!(!endpoint(&["payment_intent.settled"]).wants(PaymentIntentSucceeded));
        assert!(endpoint(&["payment_intent.settled"]).wants(PaymentIntentSettled));
        assert!(endpoint(&["checkout.*"]).wants(CheckoutSessionCompleted));
        assert!(endpoint(&["checkout.session.*"]).wants(CheckoutSessionExpired));
        let mut disabled = endpoint(&["*"]);
        disabled.status = EndpointStatus::Disabled;
        assert!(!disabled.wants(PaymentIntentSettled));
    }

    #[test]
    fn filters_stored_with_former_names_keep_matching_the_renamed_types() {
        use EventType::*;
        assert!(endpoint(&["refund.requested"]).wants(RefundRequested));
        assert!(endpoint(&["refund.approved"]).wants(RefundApproved));
        assert!(endpoint(&["checkout_session.*"]).wants(CheckoutSessionCompleted));
        assert!(endpoint(&["checkout_session.completed"]).wants(CheckoutSessionCompleted));
        assert!(!endpoint(&["checkout_session.completed"]).wants(CheckoutSessionExpired));
        assert!(endpoint(&["dispute.created"]).wants(DisputeCreated));
        assert!(endpoint(&["payment_intent.attempt_failed"]).wants(PaymentIntentAttemptFailed));
        // New filters are stored under the current names; families stay as written.
        let stored = validate_events(vec![
            "refund.requested".into(),
            "checkout_session.*".into(),
            "payment_intent.attempt_failed".into(),
            "dispute.opened".into(),
        ])
        .expect("former names are accepted");
        assert_eq!(
            stored,
            [
                "refund.created",
                "checkout_session.*",
                "payment_intent.payment_failed",
                "dispute.opened"
            ]
        );
        let err = validate_events(vec!["*".into(), "refund.exploded".into()]).expect_err("unknown");
        assert_eq!(err.param.as_deref(), Some("enabled_events[1]"));
    }

    #[test]
    fn only_the_current_api_version_is_accepted() {
        assert_eq!(validate_api_version(None).expect("none"), None);
        assert_eq!(
            validate_api_version(Some("2026-09-01".into())).expect("current"),
            Some("2026-09-01".to_string())
        );
        for bad in ["2020-08-27", "", "2026-09-01 "] {
            let err = validate_api_version(Some(bad.into())).expect_err(bad);
            assert_eq!(err.param.as_deref(), Some("api_version"));
        }
    }

    const HOUR_MS: i64 = 3_600_000;

    /// A store holding `endpoint` (failing) and `other` (a second endpoint of
    /// the same owner, which hears about the disable).
    fn failing_store() -> crate::store::Store {
        let _ = crate::secrets::install([7; 32]);
        let store = crate::store::Store::ephemeral().expect("store");
        store
            .write_now(0, |tx| {
                resource::insert(tx, ENDPOINT.family, &endpoint(&["payment_intent.*"]))?;
                let mut other = endpoint(&["webhook_endpoint.*"]);
                other.id = "we_2".into();
                resource::insert(tx, ENDPOINT.family, &other)
            })
            .expect("endpoints");
        store
    }

    /// Records one attempt at `now_ms` of a fresh delivery to `we_1`.
    fn attempt_at(store: &crate::store::Store, now_ms: i64, delivered: bool) -> Endpoint {
        store
            .write_now(now_ms, |tx| {
                let delivery = Delivery {
                    id: DELIVERY.new_id(),
                    mode: Mode::Test,
                    owner: "org_1".into(),
                    endpoint: "we_1".into(),
                    event: "evt_1".into(),
                    event_type: EventType::PaymentIntentCreated,
                    status: DeliveryStatus::Pending,
                    attempts: Vec::new(),
                    next_attempt_at_ms: Some(now_ms),
                    replay_of: None,
                    created_at_ms: now_ms,
                };
                tx.put_object(delivery.id.clone(), &delivery)?;
                let outcome = AttemptOutcome {
                    status_code: Some(if delivered { 200 } else { 500 }),
                    latency_ms: 1,
                    error: (!delivered).then(|| "HTTP 500".to_string()),
                };
                record_attempt(tx, &delivery.id, outcome, 0)?;
                Ok(tx.object::<Endpoint>("we_1")?)
            })
            .expect("attempt")
            .expect("endpoint")
    }

    fn events_of(store: &crate::store::Store) -> Vec<Event> {
        let snapshot = store.snapshot().expect("snapshot");
        snapshot
            .scan_events(100)
            .expect("scan")
            .into_iter()
            .map(|(_, bytes)| crate::store::decode(&bytes).expect("event"))
            .collect()
    }

    #[test]
    fn a_burst_of_failures_does_not_disable_an_endpoint() {
        let store = failing_store();
        let mut endpoint = attempt_at(&store, 1_000, false);
        for i in 1..50 {
            endpoint = attempt_at(&store, 1_000 + i * 60, false);
        }
        assert_eq!(endpoint.status, EndpointStatus::Enabled);
        assert_eq!(endpoint.consecutive_failures, 50);
        assert_eq!(
            endpoint.failing_since_ms,
            Some(1_000),
            "the first failure of the run"
        );
        assert!(events_of(&store).is_empty());
    }

    #[test]
    fn seventy_two_hours_of_failures_disable_the_endpoint_and_announce_it() {
        use super::state::endpoint::{DISABLE_AFTER_MS, DISABLE_MIN_FAILURES};
        let store = failing_store();
        let t0 = 5_000;
        // Failures spread over the period: enough of them, not yet long enough.
        for i in 0..i64::from(DISABLE_MIN_FAILURES) {
            let endpoint = attempt_at(&store, t0 + i * 7 * HOUR_MS, false);
            assert_eq!(endpoint.status, EndpointStatus::Enabled, "attempt {i}");
        }
        let endpoint = attempt_at(&store, t0 + DISABLE_AFTER_MS - 1, false);
        assert_eq!(endpoint.status, EndpointStatus::Enabled, "1 ms short");
        let endpoint = attempt_at(&store, t0 + DISABLE_AFTER_MS, false);
        assert_eq!(endpoint.status, EndpointStatus::Disabled);
        assert_eq!(endpoint.updated_at_ms, t0 + DISABLE_AFTER_MS);
        let reason = endpoint.disabled_reason.clone().unwrap_or_default();
        assert!(
            reason.contains("72 h") && reason.contains("12 attempts"),
            "{reason}"
        );

        // One event, to the owner's other endpoint only, with the endpoint (no secret).
        let events = events_of(&store);
        assert_eq!(events.len(), 1, "{events:?}");
        assert_eq!(events[0].event_type, EventType::WebhookEndpointDisabled);
        assert_eq!(events[0].object["id"], "we_1");
        assert_eq!(events[0].object["status"], "disabled");
        assert!(events[0].object.get("secret").is_none());
        let snapshot = store.snapshot().expect("snapshot");
        assert!(
            snapshot
                .scan_index(&delivery_prefix("we_1"), None, 1)
                .expect("scan")
                .is_empty()
        );
        assert_eq!(
            snapshot
                .scan_index(&delivery_prefix("we_2"), None, 9)
                .expect("scan")
                .len(),
            1
        );
        // And an audit entry by the gateway.
        let (entries, _) = super::super::audit::list(&snapshot, "org_1", None, 10).expect("audit");
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].action, "webhook_endpoint.disabled");
        assert_eq!(entries[0].actor.kind, "gateway");
        assert_eq!(entries[0].target.as_deref(), Some("we_1"));

        // Later failures do not announce it again.
        attempt_at(&store, t0 + DISABLE_AFTER_MS + HOUR_MS, false);
        assert_eq!(events_of(&store).len(), 1);
    }

    #[test]
    fn a_success_ends_the_failing_run_and_few_sparse_failures_never_disable() {
        use super::state::endpoint::DISABLE_AFTER_MS;
        let store = failing_store();
        for i in 0..30 {
            attempt_at(&store, i * 1000, false);
        }
        let endpoint = attempt_at(&store, 40 * HOUR_MS, true);
        assert_eq!(
            (endpoint.consecutive_failures, endpoint.failing_since_ms),
            (0, None)
        );
        // A new run starts at its own first failure: 72 h after the first
        // run began is not 72 h of this one.
        let endpoint = attempt_at(&store, DISABLE_AFTER_MS + 1, false);
        assert_eq!(endpoint.failing_since_ms, Some(DISABLE_AFTER_MS + 1));
        assert_eq!(endpoint.status, EndpointStatus::Enabled);
        // Two failures four days apart: long, but too few.
        let endpoint = attempt_at(&store, DISABLE_AFTER_MS + 1 + 96 * HOUR_MS, false);
        assert_eq!(endpoint.consecutive_failures, 2);
        assert_eq!(endpoint.status, EndpointStatus::Enabled);
        assert!(events_of(&store).is_empty());
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
