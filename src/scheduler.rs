//! Durable timers: expiry, sandbox delays, settlement. A timer is a row of the
//! `timers` table written in the same transaction as the change that needs it,
//! so it survives a crash and fires after a restart. This module is the
//! timers' vocabulary and their store, below the domain that schedules them;
//! the task that fires them (it calls into the domain) is
//! `outbox::timers`.

use serde::{Deserialize, Serialize};

use crate::store::{StoreError, Tx};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[allow(clippy::enum_variant_names)] // more families of timers come with settlement, payouts, subscriptions
pub enum TimerKind {
    /// The intent's `expires_in_minutes` ran out.
    IntentExpire { intent: String },
    /// Ask the rail again about a pending attempt.
    IntentPoll { intent: String, attempt: String },
    /// The sandbox settles a captured payment.
    IntentSettle { intent: String },
    /// A money request's expiry.
    MoneyRequestExpire { code: String },
    /// A checkout session's expiry.
    CheckoutExpire { session: String },
    /// A dispute's evidence deadline.
    DisputeDeadline { dispute: String },
    /// The sandbox rail decides a dispute that has evidence.
    DisputeReview { dispute: String },
    /// Ask the rail again about a payout whose outcome was pending.
    PayoutPoll { payout: String },
    /// A route still waiting (for funding, liquidity or a pickup) expires.
    RouteExpire { route: String },
    /// Pay the next chunk of an approved payout batch's rows (`run`: which
    /// approval of the batch scheduled it).
    PayoutBatchChunk { batch: String, run: u32 },
    /// A settlement period ends (its cut-off, or the sandbox's period).
    SettlementClose { cycle: String },
    /// A closed settlement cycle is due to be paid.
    SettlementPay { cycle: String },
    /// The next chunk of a paid cycle's payments to mark SETTLED.
    SettlementSettle { cycle: String },
    /// Look again at the payout that pays a settlement cycle.
    SettlementPayout { cycle: String },
    /// A subscription's period (`period`: the periods it had then) ends.
    SubscriptionPeriodEnd { subscription: String, period: u32 },
    /// An invoice's next collection attempt, or the end of the one running
    /// (`attempt`: the attempts it had then).
    InvoiceAttempt { invoice: String, attempt: u32 },
    /// Complete an agent run started with `wait: false` (due at once; a
    /// restart still completes it).
    AgentRun { run: String },
    /// A national-switch payment's consent (600 s) ran out.
    SwitchConsentLapse { payment: String },
    /// A national-switch payment's 15 minutes before emission ran out.
    SwitchExpire { payment: String },
    /// A dispatched national-switch payment without an answer, or an UNKNOWN one: inquire.
    SwitchInquiry { payment: String },
    /// A diaspora quote's expiry.
    DiasporaQuoteExpire { quote: String },
    /// The daily reconciliation of a live rail's period ending at `period_end_ms`.
    RailReconcile {
        mode: crate::mode::Mode,
        owner: String,
        provider: String,
        period_end_ms: i64,
    },
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Timer {
    pub id: String,
    pub due_ms: i64,
    #[serde(flatten)]
    pub kind: TimerKind,
}

/// Schedules `kind` at `due_ms`, in the caller's transaction. A command that
/// follows a test clock schedules on that clock: its timer fires when an
/// advance passes `due_ms`, not in real time.
pub fn schedule(tx: &mut Tx<'_>, due_ms: i64, kind: TimerKind) -> Result<(), StoreError> {
    let clock = tx.clock().map(str::to_string);
    put(tx, clock.as_deref(), due_ms, kind)
}

/// Schedules `kind` at `due_ms` of real time whatever clock the command
/// follows: work the gateway carries on by itself (a payout batch's next
/// chunk), which no test clock holds back.
pub fn schedule_real_time(tx: &mut Tx<'_>, due_ms: i64, kind: TimerKind) -> Result<(), StoreError> {
    put(tx, None, due_ms, kind)
}

fn put(
    tx: &mut Tx<'_>,
    clock: Option<&str>,
    due_ms: i64,
    kind: TimerKind,
) -> Result<(), StoreError> {
    let timer = Timer {
        id: crate::ids::new_id("tmr"),
        due_ms,
        kind,
    };
    let key = match clock {
        Some(clock) => crate::store::keys::clock_due(clock, due_ms, &timer.id),
        None => crate::store::keys::due(due_ms, &timer.id),
    };
    tx.put_timer(key, &timer)
}
