//! Domain rules, one module per resource family. Plain Rust over a store
//! transaction: no HTTP, no async.

pub mod accounts;
pub mod agents;
pub mod api_keys;
pub mod audit;
pub mod checkout;
pub mod credit;
pub mod csv_file;
pub mod diaspora;
pub mod disputes;
pub mod events;
pub mod fees;
pub mod funds;
pub mod fx;
pub mod intents;
pub mod invoices;
pub mod list;
pub mod live_rails;
pub mod members;
pub mod money_requests;
pub mod offline;
pub mod org;
pub mod page_tokens;
pub mod payout_batches;
pub mod payouts;
pub mod pdf;
pub mod plans;
pub mod purpose;
pub mod qr_codes;
pub mod ranking;
pub mod reconciliation;
pub mod refunds;
pub mod remittances;
pub mod resource;
pub mod review;
pub mod routes;
pub mod sessions;
pub mod settlement;
pub mod splits;
pub mod step_up;
pub mod subscriptions;
pub mod switch_payments;
pub mod team;
pub mod test_clocks;
pub mod transfers;
pub mod verifications;
pub mod webhooks;

// Base vocabulary below the rails (which read amounts and currencies too),
// named here as well, where the domain's modules reach them.
pub(crate) use crate::{currency, fields};

use crate::error::ApiError;
use crate::scheduler::TimerKind;
use crate::store::Tx;

/// Deployment settings domain rules need.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Base of the URLs handed out (hosted checkout), without a trailing slash.
    pub public_url: String,
    /// The sandbox's settlement period: a test-mode organisation without a
    /// settlement profile has its cycle closed and paid this long after the
    /// first payment of the period (`docs/settlement.md`); also how long the
    /// sandbox takes to review a dispute.
    pub sandbox_settlement_delay_ms: i64,
    /// Test mode: the evidence window of new disputes, replacing the requested one.
    pub sandbox_dispute_window_ms: Option<i64>,
    /// Team-member session lifetimes.
    pub sessions: team::SessionPolicy,
    /// Where webhook deliveries may connect (`serve --webhook-egress`).
    pub webhook_egress: crate::events::egress::Egress,
    /// The names of the `Service-*` headers sent and read (`serve --header-prefix`).
    pub header_names: crate::headers::HeaderNames,
    /// Corridors, licences and liquidity of cross-border routes (`serve --routes-config`).
    pub routes: std::sync::Arc<routes::Config>,
    /// Rows of a payout batch paid per writer command (`serve --payout-batch-chunk-rows`).
    pub payout_batch_chunk_rows: u32,
    /// The live rails' reconciliation period (a day) and how long after its
    /// end the run starts (`serve --rail-reconcile-*`, `docs/rails.md`).
    pub rail_reconcile_period_ms: i64,
    pub rail_reconcile_lag_ms: i64,
}

#[cfg(test)]
impl Default for Settings {
    fn default() -> Settings {
        Settings {
            public_url: "http://127.0.0.1:8080".into(),
            sandbox_settlement_delay_ms: 5_000,
            sandbox_dispute_window_ms: None,
            sessions: team::SessionPolicy::default(),
            webhook_egress: crate::events::egress::Egress::Public,
            header_names: crate::headers::HeaderNames::default(),
            routes: Default::default(),
            payout_batch_chunk_rows: payout_batches::CHUNK_ROWS_DEFAULT,
            rail_reconcile_period_ms: 86_400_000,
            rail_reconcile_lag_ms: 3_600_000,
        }
    }
}

/// `POST /payouts/{id}/review`: the operator's decision on a payout in
/// NEEDS_REVIEW; then its batch row follows, as after a poll, and the
/// settlement cycle it pays runs its payout check now.
pub fn review_payout(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &crate::auth::Principal,
    id: &str,
    outcome: review::Outcome,
    evidence: &review::Evidence,
) -> Result<payouts::Payout, ApiError> {
    let payout = payouts::review(tx, principal, id, outcome, evidence)?;
    payout_batches::on_payout(tx, &payout.id)?;
    if let Some(cycle) = &payout.settlement_cycle {
        let check = TimerKind::SettlementPayout {
            cycle: cycle.clone(),
        };
        settlement::on_timer(tx, settings, &check)?;
    }
    Ok(payout)
}

/// Routes a fired timer to the domain that scheduled it.
pub fn on_timer(tx: &mut Tx<'_>, settings: &Settings, kind: &TimerKind) -> Result<(), ApiError> {
    match kind {
        TimerKind::IntentExpire { .. }
        | TimerKind::IntentPoll { .. }
        | TimerKind::IntentSettle { .. } => intents::on_timer(tx, settings, kind),
        TimerKind::DisputeDeadline { .. } | TimerKind::DisputeReview { .. } => {
            disputes::on_timer(tx, kind)
        }
        TimerKind::CheckoutExpire { .. } => checkout::on_timer(tx, settings, kind),
        TimerKind::MoneyRequestExpire { .. } => money_requests::on_timer(tx, kind),
        TimerKind::PayoutPoll { payout } => {
            payouts::on_poll(tx, payout)?;
            // A batch row follows its payout.
            payout_batches::on_payout(tx, payout)
        }
        TimerKind::PayoutBatchChunk { batch, run } => {
            payout_batches::on_chunk(tx, batch, *run, settings.payout_batch_chunk_rows)
        }
        TimerKind::RouteExpire { .. } => routes::on_timer(tx, settings, kind),
        TimerKind::SettlementClose { .. }
        | TimerKind::SettlementPay { .. }
        | TimerKind::SettlementSettle { .. }
        | TimerKind::SettlementPayout { .. } => settlement::on_timer(tx, settings, kind),
        TimerKind::SubscriptionPeriodEnd {
            subscription,
            period,
        } => subscriptions::on_period_end(tx, settings, subscription, *period),
        TimerKind::InvoiceAttempt { invoice, attempt } => {
            invoices::on_attempt_timer(tx, settings, invoice, *attempt)
        }
        TimerKind::AgentRun { run } => agents::on_timer(tx, run),
        TimerKind::SwitchConsentLapse { .. }
        | TimerKind::SwitchExpire { .. }
        | TimerKind::SwitchInquiry { .. } => switch_payments::on_timer(tx, kind),
        TimerKind::DiasporaQuoteExpire { quote } => diaspora::on_expire(tx, quote),
        TimerKind::RailReconcile {
            mode,
            owner,
            provider,
            period_end_ms,
        } => live_rails::daily::on_timer(tx, settings, *mode, owner, provider, *period_end_ms),
    }
}
