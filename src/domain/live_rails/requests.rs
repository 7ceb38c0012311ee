//! Rail requests and their outbox. A live attempt or payout writes its rail
//! request (QUEUED) and an outbox row `send` in the same commit as itself;
//! the dispatcher (`crate::outbox::rails`) takes the row through the writer
//! ([`take`]: the row is deleted, the request becomes SENT and an inquiry
//! row is queued for later, in one commit), calls the provider off the
//! writer, and records the answer through the writer ([`record`]), which
//! moves the attempt's intent or the payout on.
//!
//! Exactly once across `kill -9`: a row not taken is sent after a restart;
//! a taken row is gone, so a request is never sent twice. A request taken
//! whose answer was never recorded is decided by its inquiry row, queued in
//! the same commit that took it. Callbacks ([`on_callback`]) only bring
//! that inquiry forward: what a callback says is never taken on trust.

use serde::{Deserialize, Serialize};

use super::state::{Status, Trigger, transition};
use super::{RailConfig, health};
use crate::domain::Settings;
use crate::error::ApiError;
use crate::mode::Mode;
use crate::rails::live::{Answer, Kind, Provider};
use crate::rails::{Collection, Disbursement};
use crate::store::{Read, Snapshot, Tx, keys};

/// Inquiries about one request at most; then it waits for an operator
/// (the intent stays AMBIGUOUS, the payout NEEDS_REVIEW, their money held).
pub const INQUIRIES_MAX: u32 = 60;
/// Callbacks that may bring an inquiry forward, per request.
pub const CALLBACKS_MAX: u32 = 20;
/// The wait between inquiries grows to this many times the poll interval.
const BACKOFF_MAX: i64 = 10;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RailRequest {
    /// `rrq_...`: the provider's external id, named by callbacks.
    pub id: String,
    pub mode: Mode,
    pub owner: String,
    pub provider: Provider,
    pub kind: Kind,
    /// The payment intent (`pi_...`) or payout (`po_...`) it serves.
    pub target: String,
    /// The intent's attempt.
    pub attempt: Option<String>,
    /// The idempotency reference sent to the provider (a UUID).
    pub reference: String,
    pub msisdn: String,
    pub amount_minor: i64,
    pub currency: String,
    pub status: Status,
    pub failure_code: Option<String>,
    pub provider_transaction_id: Option<String>,
    pub inquiries: u32,
    pub callbacks: u32,
    /// The outbox key of its queued inquiry.
    pub next_inquiry: Option<String>,
    /// The last answer, in words, for operators (never a credential).
    pub last_answer: Option<String>,
    /// It ended after its attempt or payout had moved on (reconciliation lists it).
    #[serde(default)]
    pub orphaned: bool,
    /// A refund of a live payment: a disbursement (kind `payout`) to the
    /// number that paid, or with `card` the card aggregator's refund of the
    /// `charge`; `target` is the refund (`re_...`), or the intent with
    /// `attempt` its late payment (`lp_...`).
    #[serde(default)]
    pub refund: bool,
    /// A card charge on the aggregator's hosted page (kind `collection`).
    #[serde(default)]
    pub card: bool,
    /// The hosted page the payer is sent to, once the provider gave it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
    /// A card refund's charge: the provider's id of the card payment it
    /// pays back (Flutterwave's transaction id).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub charge: Option<String>,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
    pub sent_at_ms: Option<i64>,
    pub completed_at_ms: Option<i64>,
}

/// What the rail request is for.
pub struct NewRequest<'a> {
    pub mode: Mode,
    pub owner: &'a str,
    pub provider: Provider,
    pub kind: Kind,
    pub target: &'a str,
    pub attempt: Option<&'a str>,
    pub msisdn: &'a str,
    pub amount_minor: i64,
    pub currency: &'a str,
    /// A refund to the payer (see [`RailRequest::refund`]).
    pub refund: bool,
    /// A hosted card charge, or (kind `payout`, `refund`) a card refund.
    pub card: bool,
    /// A card refund's charge (see [`RailRequest::charge`]).
    pub charge: Option<&'a str>,
}

/// Writes a QUEUED request and its `send` row, in the caller's command.
pub fn enqueue(tx: &mut Tx<'_>, new: NewRequest<'_>) -> Result<RailRequest, ApiError> {
    let now = tx.now_ms();
    let request = RailRequest {
        id: crate::ids::new_id("rrq"),
        mode: new.mode,
        owner: new.owner.to_string(),
        provider: new.provider,
        kind: new.kind,
        target: new.target.to_string(),
        attempt: new.attempt.map(str::to_string),
        reference: crate::rails::live::new_uuid(),
        // Providers take the number without its `+`.
        msisdn: new.msisdn.trim_start_matches('+').to_string(),
        amount_minor: new.amount_minor,
        currency: new.currency.to_string(),
        status: Status::Queued,
        failure_code: None,
        provider_transaction_id: None,
        inquiries: 0,
        callbacks: 0,
        next_inquiry: None,
        last_answer: None,
        orphaned: false,
        refund: new.refund,
        card: new.card,
        link: None,
        charge: new.charge.map(str::to_string),
        created_at_ms: now,
        updated_at_ms: now,
        sent_at_ms: None,
        completed_at_ms: None,
    };
    tx.put_object(request.id.clone(), &request)?;
    tx.put_index(
        keys::rail_request(new.mode, new.owner, new.provider.as_str(), &request.id),
        Vec::new(),
    );
    tx.put_index(keys::rail_outbox(now, &request.id, "send"), Vec::new());
    Ok(request)
}

/// An outbox row as the dispatcher reads it.
#[derive(Debug, Clone)]
pub struct OutboxRow {
    pub key: String,
    /// The rail request (`rrq_...`), or the daily reconciliation run (`rrc_...`).
    pub request: String,
    /// `send` or `inquire`.
    pub inquiry: bool,
    /// A daily reconciliation run (`super::daily`).
    pub reconcile: bool,
}

/// The outbox rows due before `now_ms`, oldest first, at most `limit`.
pub fn outbox(read: &Snapshot, now_ms: i64, limit: usize) -> Result<Vec<OutboxRow>, ApiError> {
    let upper = format!("{}{}", keys::RAIL_OUTBOX, keys::due_before(now_ms + 1));
    let rows = read.scan_index(keys::RAIL_OUTBOX, Some(&upper), limit)?;
    Ok(rows
        .into_iter()
        .filter_map(|(key, _)| {
            let (request, kind) = keys::outbox_entry(&key)?;
            let request = request.to_string();
            Some(OutboxRow {
                inquiry: kind == "inquire",
                reconcile: kind == super::daily::OUTBOX_KIND,
                key,
                request,
            })
        })
        .collect())
}

/// What the dispatcher needs to call the provider.
pub struct Taken {
    pub request: RailRequest,
    pub config: RailConfig,
}

/// Takes an outbox row in the writer, before the provider is called: the
/// row is deleted, a `send` makes the request SENT, an `inquire` counts one
/// more inquiry, and the next inquiry is queued `poll_ms` on (later for
/// each inquiry already made). `None`: nothing to call (taken already, the
/// request decided, the inquiries used up, the configuration removed).
pub fn take(tx: &mut Tx<'_>, row: &OutboxRow, poll_ms: i64) -> Result<Option<Taken>, ApiError> {
    if tx.index(&row.key)?.is_none() {
        return Ok(None);
    }
    tx.delete_index(row.key.clone());
    let Some(mut request) = tx.object::<RailRequest>(&row.request)? else {
        return Ok(None);
    };
    if request.next_inquiry.as_deref() == Some(row.key.as_str()) {
        request.next_inquiry = None;
    }
    let now = tx.now_ms();
    match (row.inquiry, request.status) {
        (false, Status::Queued) => {
            request.status = transition(request.status, Trigger::Send).map_err(refused)?;
            request.sent_at_ms = Some(now);
        }
        (true, Status::Sent | Status::Pending | Status::Unknown)
            if request.inquiries < INQUIRIES_MAX =>
        {
            request.inquiries += 1;
        }
        // Closed by a review, and the provider called back: asked once, so
        // that its answer is recorded (`last_answer`); it moves nothing and
        // no further inquiry follows.
        (true, Status::Resolved) if request.inquiries < INQUIRIES_MAX => {
            request.inquiries += 1;
            let config = super::find(tx, request.mode, &request.owner, request.provider)?;
            save(tx, &mut request, now)?;
            return Ok(config.map(|config| Taken { request, config }));
        }
        _ => {
            save(tx, &mut request, now)?;
            return Ok(None);
        }
    }
    let Some(config) = super::find(tx, request.mode, &request.owner, request.provider)? else {
        save(tx, &mut request, now)?;
        return Ok(None);
    };
    let steps = (1 + i64::from(request.inquiries) / 5).min(BACKOFF_MAX);
    queue_inquiry(tx, &mut request, now + poll_ms.max(1) * steps)?;
    save(tx, &mut request, now)?;
    Ok(Some(Taken { request, config }))
}

/// Replaces the request's queued inquiry with one due at `due_ms`.
fn queue_inquiry(tx: &mut Tx<'_>, request: &mut RailRequest, due_ms: i64) -> Result<(), ApiError> {
    if let Some(old) = request.next_inquiry.take() {
        tx.delete_index(old);
    }
    let key = keys::rail_outbox(due_ms, &request.id, "inquire");
    tx.put_index(key.clone(), Vec::new());
    request.next_inquiry = Some(key);
    Ok(())
}

fn save(tx: &mut Tx<'_>, request: &mut RailRequest, now: i64) -> Result<(), ApiError> {
    request.updated_at_ms = now;
    tx.put_object(request.id.clone(), request)?;
    Ok(())
}

fn refused(refusal: crate::lifecycle::Refusal) -> ApiError {
    ApiError::internal(format!(
        "rail request refused a move it was checked for: {refusal:?}"
    ))
}

/// What the dispatcher knew when it recorded an answer.
#[derive(Clone)]
pub struct Recorded {
    pub inquiry: bool,
    pub answer: Answer,
    /// The provider was called (false: skipped, its circuit open).
    pub called: bool,
    pub cooldown_ms: i64,
}

/// Records the provider's answer about request `id`, and moves its intent
/// or payout on. An answer that decides nothing (an inquiry that got no
/// reply, a request decided already) changes only the counters.
pub fn record(
    tx: &mut Tx<'_>,
    settings: &Settings,
    id: &str,
    recorded: Recorded,
) -> Result<(), ApiError> {
    let Some(mut request) = tx.object::<RailRequest>(id)? else {
        return Ok(());
    };
    let now = tx.now_ms();
    if recorded.called {
        health::record(
            tx,
            request.mode,
            request.provider,
            recorded.answer.is_fault(),
            recorded.cooldown_ms,
        )?;
    }
    request.last_answer = Some(describe(&recorded.answer));
    let Some((trigger, code)) = trigger_of(request.status, recorded.inquiry, &recorded.answer)
    else {
        save(tx, &mut request, now)?;
        return Ok(());
    };
    let Ok(next) = transition(request.status, trigger) else {
        save(tx, &mut request, now)?;
        return Ok(());
    };
    let moved = next != request.status;
    request.status = next;
    if let Answer::Accepted {
        provider_transaction_id: Some(t),
    }
    | Answer::Succeeded {
        provider_transaction_id: Some(t),
    } = &recorded.answer
    {
        request.provider_transaction_id = Some(t.clone());
    }
    if let Answer::Redirect { link } = &recorded.answer {
        request.link = Some(link.clone());
    }
    if next.is_final() {
        request.failure_code = code;
        request.completed_at_ms = Some(now);
        if let Some(row) = request.next_inquiry.take() {
            tx.delete_index(row);
        }
    }
    if moved {
        let applied = downstream(tx, settings, &request, &recorded.answer)?;
        request.orphaned = !applied && next.is_final();
    }
    save(tx, &mut request, now)
}

/// The move an answer makes, with the failure code it records.
fn trigger_of(status: Status, inquiry: bool, answer: &Answer) -> Option<(Trigger, Option<String>)> {
    match answer {
        Answer::Accepted { .. } | Answer::Redirect { .. } => Some((Trigger::Accepted, None)),
        Answer::Succeeded { .. } => Some((Trigger::Succeeded, None)),
        Answer::Failed { code, .. } => Some((Trigger::Failed, Some(code.clone()))),
        // The provider never got it, and it is never resent: it failed.
        // (A request the provider once acknowledged is not lost: asked again.)
        Answer::NotFound if inquiry && matches!(status, Status::Sent | Status::Unknown) => {
            Some((Trigger::Failed, Some("NOT_RECEIVED".into())))
        }
        Answer::NotSent(_) if !inquiry => Some((Trigger::Failed, Some("NOT_SENT".into()))),
        Answer::Unknown(_) if !inquiry => Some((Trigger::Lost, None)),
        _ => None,
    }
}

/// What the answer means for the collection or payout.
fn downstream(
    tx: &mut Tx<'_>,
    settings: &Settings,
    request: &RailRequest,
    answer: &Answer,
) -> Result<bool, ApiError> {
    let refused = match answer {
        Answer::Failed { refused, .. } => *refused,
        _ => crate::rails::live::Refused::ProviderUnavailable,
    };
    match request.kind {
        Kind::Collection => {
            let attempt = request.attempt.as_deref().unwrap_or_default();
            // The payer is sent to the provider's page from the intent's next action.
            if let (Status::Pending, Answer::Redirect { link }) = (request.status, answer) {
                return crate::domain::intents::on_hosted_link(tx, &request.target, attempt, link);
            }
            let outcome = match request.status {
                Status::Succeeded => Collection::Succeeded,
                Status::Failed => Collection::Failed(refused.collection()),
                Status::Unknown => Collection::Unknown,
                _ => return Ok(true),
            };
            let applied = crate::domain::intents::on_rail_answer(
                tx,
                settings,
                &request.target,
                attempt,
                outcome,
            )?;
            // Paid after the intent moved on: the money arrived; it is posted.
            if !applied && request.status == Status::Succeeded {
                return crate::domain::intents::on_late_success(
                    tx,
                    settings,
                    &request.target,
                    attempt,
                    request.amount_minor,
                    &request.currency,
                );
            }
            Ok(applied)
        }
        Kind::Payout => {
            let outcome = match request.status {
                Status::Succeeded => Disbursement::Paid,
                Status::Failed => Disbursement::Failed(refused.payout()),
                Status::Unknown => Disbursement::Unknown,
                _ => Disbursement::Pending { poll_after_ms: 0 },
            };
            // A late payment's refund out of suspense: target the intent,
            // `attempt` the late payment (`intents::late`).
            if request.refund && request.target.starts_with("pi_") {
                let late_payment = request.attempt.as_deref().unwrap_or_default();
                return crate::domain::intents::late::on_rail_answer(
                    tx,
                    settings,
                    &request.target,
                    late_payment,
                    outcome,
                );
            }
            if request.refund {
                return crate::domain::refunds::on_rail_answer(
                    tx,
                    settings,
                    &request.target,
                    outcome,
                );
            }
            crate::domain::payouts::on_rail_answer(tx, &request.target, outcome)
        }
    }
}

fn describe(answer: &Answer) -> String {
    match answer {
        Answer::Accepted { .. } => "accepted".into(),
        Answer::Redirect { .. } => "accepted: the payer is sent to the hosted page".into(),
        Answer::Succeeded { .. } => "succeeded".into(),
        Answer::Failed { code, .. } => format!("failed: {code}"),
        Answer::NotFound => "not found at the provider".into(),
        Answer::NotSent(why) => format!("not sent: {why}"),
        Answer::Mismatch(why) => format!("decides nothing: {why}"),
        Answer::Unknown(why) => format!("unknown: {why}"),
        Answer::CannotAsk(why) => format!("not asked: {why}"),
    }
}

/// A provider's callback about request `id`: brings its inquiry forward to
/// now (once: a callback while one is due changes nothing). Returns whether
/// an inquiry was queued. A callback naming another provider's request, a
/// decided one, or past [`CALLBACKS_MAX`] is ignored. `provider_id`: the
/// provider's own id of it from an authenticated callback, kept when the
/// request has none (a Flutterwave transfer whose answer was lost can only
/// be asked about by its transfer id; the inquiry checks its reference).
pub fn on_callback(
    tx: &mut Tx<'_>,
    provider: Provider,
    id: &str,
    provider_id: Option<String>,
) -> Result<bool, ApiError> {
    let Some(mut request) = tx.object::<RailRequest>(id)? else {
        return Ok(false);
    };
    // A request closed by a review is still asked once per callback: the
    // provider's late word is recorded, never applied (`take`).
    let open = matches!(
        request.status,
        Status::Sent | Status::Pending | Status::Unknown | Status::Resolved
    );
    if request.provider != provider || !open || request.callbacks >= CALLBACKS_MAX {
        return Ok(false);
    }
    let now = tx.now_ms();
    request.callbacks += 1;
    if request.provider_transaction_id.is_none() {
        request.provider_transaction_id = provider_id;
    }
    let due_now = request
        .next_inquiry
        .as_deref()
        .and_then(keys::outbox_due_ms)
        .is_some_and(|due| due <= now);
    if !due_now {
        queue_inquiry(tx, &mut request, now)?;
    }
    save(tx, &mut request, now)?;
    Ok(!due_now)
}

/// Closes request `id` because a member's review decided what it served
/// (a refund whose provider never answered): RESOLVED, its queued inquiry
/// dropped, a `send` not yet taken never sent. An answer arriving later is
/// recorded in `last_answer` by [`record`] and moves nothing (the
/// transition refuses every trigger from RESOLVED). Nothing to close (none,
/// or final already): nothing changes.
pub fn close(tx: &mut Tx<'_>, id: &str) -> Result<(), ApiError> {
    let Some(mut request) = get(tx, id)? else {
        return Ok(());
    };
    let Ok(next) = transition(request.status, Trigger::Resolve) else {
        return Ok(());
    };
    let now = tx.now_ms();
    request.status = next;
    request.completed_at_ms = Some(now);
    if let Some(row) = request.next_inquiry.take() {
        tx.delete_index(row);
    }
    save(tx, &mut request, now)
}

/// The request `id`, when it exists.
pub fn get(read: &impl crate::store::Read, id: &str) -> Result<Option<RailRequest>, ApiError> {
    if !id.starts_with("rrq_") || id.len() > 64 {
        return Ok(None);
    }
    Ok(read.object(id)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_request_is_only_decided_by_what_the_provider_says() {
        let lost = Answer::Unknown("timeout".into());
        assert_eq!(
            trigger_of(Status::Sent, false, &lost).map(|t| t.0),
            Some(Trigger::Lost)
        );
        // An inquiry without a reply decides nothing.
        assert_eq!(trigger_of(Status::Unknown, true, &lost), None);
        // Not found: failed, only for a request the provider never acknowledged.
        assert_eq!(
            trigger_of(Status::Unknown, true, &Answer::NotFound).map(|t| t.0),
            Some(Trigger::Failed)
        );
        assert_eq!(trigger_of(Status::Pending, true, &Answer::NotFound), None);
        assert_eq!(
            trigger_of(Status::Sent, false, &Answer::NotSent("refused".into())).map(|t| t.0),
            Some(Trigger::Failed)
        );
        assert_eq!(
            trigger_of(Status::Pending, true, &Answer::NotSent("refused".into())),
            None
        );
    }
}
