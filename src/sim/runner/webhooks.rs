//! The webhook dispatcher (`outbox::webhooks`), run by the simulator when
//! time passes, against simulated receivers that answer 2xx, fail, time
//! out or hang: each due delivery taken by `webhooks::lease` (as on a
//! shared store), the receiver asked, its outcome recorded by
//! `webhooks::record_attempt` with a drawn jitter. A receiver that hangs
//! past the dispatcher's life (the node dies with the attempt in flight)
//! leaves the delivery leased: it must come due again when the lease ends.

use super::{Failure, Prng, World};
use crate::domain::webhooks::{self, AttemptOutcome, Delivery, DeliveryStatus, Endpoint};
use crate::error::ApiError;
use crate::outbox::webhooks::{ATTEMPT_TIMEOUT, LEASE};
use crate::store::writer::{IdempotencyClaim, Work};
use crate::store::{Output, Queue, Read};

/// A delivery due now: its id, the due time read, its endpoint (if not
/// deleted) and the simulated receiver behind it.
type Due = (String, i64, Option<Endpoint>, Option<Receiver>);

/// How a simulated receiver behaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Receiver {
    /// 2xx, now and then a 500.
    Healthy,
    /// 2xx half the time; 5xx, timeouts, and attempts that hang.
    Flaky,
    /// Healthy, but down (503 or hanging) 8 hours of every 24.
    DownInSpells,
    /// Never answers 2xx: its endpoint is disabled after 72 h of failures
    /// and its deliveries are given up.
    Down,
}

impl Receiver {
    /// The receivers of the run's endpoints, one per organisation that has
    /// one (the first four).
    pub(super) const ALL: [Receiver; 4] = [
        Receiver::Healthy,
        Receiver::Flaky,
        Receiver::DownInSpells,
        Receiver::Down,
    ];

    /// The events its endpoint takes: a few kinds each, so that the
    /// deliveries stay a fraction of the operations (every event to every
    /// endpoint made the dispatcher most of a run's time).
    fn events(self) -> &'static [&'static str] {
        match self {
            Receiver::Healthy => &["payment_intent.succeeded", "refund.*", "dispute.*"],
            Receiver::Flaky => &["payout.*", "invoice.*", "subscription.*"],
            Receiver::DownInSpells => &["transfer.*", "remittance.*", "switch_payment.completed"],
            Receiver::Down => &["payment_intent.*"],
        }
    }
}

/// What the receiver did with one attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Answer {
    Status(u16),
    TimedOut,
    /// The attempt never ends: the node that sent it dies with it.
    Hangs,
}

/// Deliveries one round of the dispatcher takes at most.
const ROUND_MAX: usize = 256;
/// The dispatcher wakes at least this often: what falls due within it of
/// a round's first delivery goes in that round.
const WAKE_MS: i64 = 1_000;
/// Rounds of the dispatcher in one step of time at most.
const UNTIL_ROUNDS_MAX: usize = 8;
/// Rounds of the dispatcher at the end of a run at most.
const DRAIN_ROUNDS_MAX: usize = 2_000;
/// One day, for the receivers' down spells.
const DAY_MS: i64 = 86_400_000;
/// A receiver down in spells is down this long each day.
const SPELL_MS: i64 = 8 * 3_600_000;

fn answer(receiver: Receiver, now_ms: i64, prng: &mut Prng) -> Answer {
    let draw = prng.below(100);
    match receiver {
        Receiver::Healthy if draw < 95 => Answer::Status(200),
        Receiver::Healthy => Answer::Status(500),
        Receiver::Flaky => match draw {
            0..=49 => Answer::Status(if draw.is_multiple_of(2) { 200 } else { 204 }),
            50..=69 => Answer::Status(if draw.is_multiple_of(2) { 500 } else { 503 }),
            70..=89 => Answer::TimedOut,
            _ => Answer::Hangs,
        },
        Receiver::DownInSpells if now_ms.rem_euclid(DAY_MS) < SPELL_MS => {
            if draw < 80 {
                Answer::Status(503)
            } else {
                Answer::Hangs
            }
        }
        Receiver::DownInSpells => Answer::Status(200),
        Receiver::Down if draw < 70 => Answer::Status(502),
        Receiver::Down => Answer::TimedOut,
    }
}

fn outcome(answer: Answer) -> AttemptOutcome {
    let timeout_ms = i64::try_from(ATTEMPT_TIMEOUT.as_millis()).unwrap_or(10_000);
    match answer {
        Answer::Status(code) => AttemptOutcome {
            status_code: Some(code),
            latency_ms: 40,
            error: (!(200..300).contains(&code)).then(|| format!("HTTP {code}")),
        },
        Answer::TimedOut | Answer::Hangs => AttemptOutcome {
            status_code: None,
            latency_ms: timeout_ms,
            error: Some("timed out: the simulated receiver did not answer".into()),
        },
    }
}

impl World {
    /// The dispatcher's round at the current time: every due delivery
    /// taken (a lease in one batch), its receiver asked, the outcomes
    /// recorded (one batch); deliveries of a gone or disabled endpoint
    /// given up, as `outbox::webhooks` does.
    /// The deliveries due at `now` in the dispatcher's queue.
    fn due_deliveries(&self, n: usize, now: i64) -> Result<Vec<Due>, Failure> {
        let snapshot = self
            .store()
            .snapshot()
            .map_err(|e| self.fail(n, e.to_string()))?;
        let upper = crate::store::keys::due_before(now.saturating_add(1));
        let rows = snapshot
            .scan_queue(Queue::Deliveries, Some(&upper), ROUND_MAX)
            .map_err(|e| self.fail(n, e.to_string()))?;
        let mut due = Vec::new();
        for (key, _) in rows {
            let Some(id) = crate::store::keys::due_id(&key) else {
                continue;
            };
            let delivery = snapshot
                .object::<Delivery>(id)
                .map_err(|e| self.fail(n, e.to_string()))?;
            let Some(delivery) = delivery else { continue };
            let Some(seen_due) = delivery.next_attempt_at_ms.filter(|d| *d <= now) else {
                continue;
            };
            if delivery.status != DeliveryStatus::Pending {
                continue;
            }
            let endpoint = snapshot
                .object::<Endpoint>(&delivery.endpoint)
                .map_err(|e| self.fail(n, e.to_string()))?;
            let receiver = self
                .endpoints
                .iter()
                .find(|(id, _)| *id == delivery.endpoint)
                .map(|(_, r)| *r);
            due.push((delivery.id, seen_due, endpoint, receiver));
        }
        Ok(due)
    }

    pub(super) fn dispatch_webhooks(&mut self, n: usize, prng: &mut Prng) -> Result<(), Failure> {
        let now = self.now_ms;
        let due = self.due_deliveries(n, now)?;
        if due.is_empty() {
            return Ok(());
        }
        let until = now.saturating_add(i64::try_from(LEASE.as_millis()).unwrap_or(30_000));
        let mut works: Vec<(Option<IdempotencyClaim>, Work)> = Vec::new();
        let mut sending = Vec::new();
        for (id, seen_due, endpoint, receiver) in due {
            let enabled = endpoint
                .as_ref()
                .is_some_and(|e| e.status == webhooks::EndpointStatus::Enabled);
            let (Some(receiver), true) = (receiver, enabled) else {
                let reason = if endpoint.is_some() {
                    "the endpoint is disabled"
                } else {
                    "the endpoint was deleted"
                };
                works.push((
                    None,
                    Box::new(move |tx| {
                        webhooks::abandon(tx, &id, reason)?;
                        Ok(Output::empty())
                    }),
                ));
                continue;
            };
            let leased = id.clone();
            works.push((
                None,
                Box::new(move |tx| {
                    let taken = webhooks::lease(tx, &leased, seen_due, until)?;
                    Output::json(200, &taken)
                }),
            ));
            sending.push((id, receiver, works.len() - 1));
        }
        let taken = self.apply(n, works)?;
        self.figures.batches += 1;
        let mut records: Vec<(Option<IdempotencyClaim>, Work)> = Vec::new();
        for (id, receiver, at) in sending {
            // One dispatcher: what it read just now is its to take.
            match &taken[at] {
                Ok(reply) if reply.output.body == b"true" => {}
                other => {
                    return Err(self.fail(
                        n,
                        format!("webhook delivery {id} due now could not be leased: {other:?}"),
                    ));
                }
            }
            let answer = answer(receiver, now, prng);
            self.figures.deliveries += 1;
            self.note(format!("#{n} webhook {id} -> {answer:?}"));
            if answer == Answer::Hangs {
                continue;
            }
            let jitter = prng.between(-100, 100);
            let outcome = outcome(answer);
            records.push((
                None,
                Box::new(move |tx| {
                    webhooks::record_attempt(tx, &id, outcome, jitter)?;
                    Ok(Output::empty())
                }),
            ));
        }
        if records.is_empty() {
            return Ok(());
        }
        let recorded = self.apply(n, records)?;
        self.figures.batches += 1;
        if let Some(Err(e)) = recorded.iter().find(|r| r.is_err()) {
            return Err(self.fail(n, format!("recording a webhook attempt: {e:?}")));
        }
        Ok(())
    }

    /// When the first delivery of the dispatcher's queue is due.
    fn next_due(&self, n: usize) -> Result<Option<i64>, Failure> {
        self.store()
            .snapshot()
            .and_then(|s| s.first_due(Queue::Deliveries))
            .map_err(|e| self.fail(n, e.to_string()))
    }

    /// The dispatcher's rounds at each next due delivery up to `target`
    /// (at most [`UNTIL_ROUNDS_MAX`]: a dispatcher may fall behind).
    pub(super) fn dispatch_until(
        &mut self,
        n: usize,
        target: i64,
        prng: &mut Prng,
    ) -> Result<(), Failure> {
        for _ in 0..UNTIL_ROUNDS_MAX {
            let Some(next) = self.next_due(n)?.filter(|due| *due <= target) else {
                return Ok(());
            };
            self.now_ms = self.now_ms.max((next + WAKE_MS).min(target));
            crate::ids::set_thread_now(self.now_ms);
            self.dispatch_webhooks(n, prng)?;
        }
        Ok(())
    }

    /// The dispatcher's last rounds at the end of a run: time runs on to
    /// each next due delivery (timers aside) until none is left, so that
    /// every delivery is delivered or given up by its schedule.
    pub(super) fn drain_webhooks(&mut self, n: usize, prng: &mut Prng) -> Result<(), Failure> {
        for _ in 0..DRAIN_ROUNDS_MAX {
            let Some(next) = self.next_due(n)? else {
                return Ok(());
            };
            self.now_ms = self.now_ms.max(next + WAKE_MS);
            crate::ids::set_thread_now(self.now_ms);
            self.dispatch_webhooks(n, prng)?;
        }
        Err(self.fail(
            n,
            format!(
                "webhook deliveries still due after {DRAIN_ROUNDS_MAX} rounds of the dispatcher"
            ),
        ))
    }

    /// The run's webhook endpoints, one per receiver, on the first
    /// organisations; each takes the event types of its receiver.
    pub(super) fn create_endpoints(&mut self) -> Result<(), ApiError> {
        let mut made = Vec::new();
        for (org, receiver) in Receiver::ALL.into_iter().enumerate() {
            let principal = self.orgs[org].principal.clone();
            let egress = self.settings.webhook_egress;
            let endpoint = self.store().write_now(self.now_ms, move |tx| {
                let input = webhooks::EndpointInput {
                    url: Some(format!("https://hooks.example.com/sim/{org}")),
                    enabled_events: Some(receiver.events().iter().map(|e| e.to_string()).collect()),
                    api_version: None,
                    description: None,
                    metadata: None,
                    disabled: None,
                };
                webhooks::create_endpoint(tx, &principal, input, egress)
            })?;
            made.push((endpoint.id, receiver));
        }
        self.endpoints = made;
        Ok(())
    }
}
