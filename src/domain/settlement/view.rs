//! What the API shows of profiles and cycles.

use serde::Serialize;
use utoipa::ToSchema;

use super::cycles::{Conversion, Cycle, Item, ItemKind, Totals};
use super::profiles::Profile;
use super::schedule::{self, Schedule};
use super::state::Status;
use crate::clock::rfc3339;
use crate::domain::payouts::Destination;

/// Where a settlement goes: `{"method": "wallet"}` (the available balance),
/// or a payout destination as `POST /payouts` shows it.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = SettlementDestination)]
#[serde(untagged)]
pub enum DestinationView {
    Wallet {
        /// `wallet`.
        method: &'static str,
    },
    Payout(Destination),
}

fn destination(destination: &Option<Destination>) -> DestinationView {
    match destination {
        Some(d) => DestinationView::Payout(d.clone()),
        None => DestinationView::Wallet { method: "wallet" },
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SettlementProfileView {
    pub id: String,
    /// Always `settlement_profile`.
    pub object: &'static str,
    pub livemode: bool,
    /// `null`: every rail of the currency without a profile of its own.
    pub rail: Option<String>,
    pub currency: String,
    pub schedule: Schedule,
    /// `HH:MM`, UTC.
    pub cut_off: String,
    pub destination: DestinationView,
    pub minimum_minor: i64,
    pub settlement_currency: String,
    pub auto_convert: bool,
    /// The next cut-off from now (`null` for `manual`).
    pub next_cut_off_at: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

pub fn profile(profile: &Profile, now_ms: i64) -> SettlementProfileView {
    SettlementProfileView {
        id: profile.id.clone(),
        object: "settlement_profile",
        livemode: profile.mode.livemode(),
        rail: profile.rail.clone(),
        currency: profile.currency.clone(),
        schedule: profile.schedule,
        cut_off: profile.cut_off.to_string(),
        destination: destination(&profile.destination),
        minimum_minor: profile.minimum_minor,
        settlement_currency: profile.settlement_currency.clone(),
        auto_convert: profile.auto_convert,
        next_cut_off_at: schedule::period_end(profile.schedule, profile.cut_off, now_ms)
            .map(rfc3339),
        created_at: rfc3339(profile.created_at_ms),
        updated_at: rfc3339(profile.updated_at_ms),
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = SettlementPeriod)]
pub struct PeriodView {
    pub from: String,
    /// When it ends (`null`: a manual period, until it is closed).
    pub to: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = SettlementTotalsView)]
pub struct TotalsView {
    pub gross_minor: i64,
    pub provider_fee_minor: i64,
    pub service_fee_minor: i64,
    pub tax_minor: i64,
    /// provider fee + service fee + tax.
    pub fees_minor: i64,
    pub refunds_minor: i64,
    pub splits_minor: i64,
    pub holds_minor: i64,
    pub carried_in_minor: i64,
    /// A platform's application fees earned on its connected accounts'
    /// payments (a connected account's own fees are in `splits_minor`).
    pub application_fees_minor: i64,
    /// gross − fees − refunds − splits − holds + carried in + application
    /// fees earned (may be negative).
    pub running_net_minor: i64,
    pub payments: u32,
}

pub fn totals(totals: &Totals) -> TotalsView {
    TotalsView {
        gross_minor: totals.gross_minor,
        provider_fee_minor: totals.provider_fee_minor,
        service_fee_minor: totals.service_fee_minor,
        tax_minor: totals.tax_minor,
        fees_minor: totals.fees_minor(),
        refunds_minor: totals.refunds_minor,
        splits_minor: totals.splits_minor,
        holds_minor: totals.holds_minor,
        carried_in_minor: totals.carried_in_minor,
        application_fees_minor: totals.application_fees_minor,
        running_net_minor: totals.raw_net_minor(),
        payments: totals.payments,
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SettlementCycleView {
    pub id: String,
    /// Always `settlement_cycle`.
    pub object: &'static str,
    pub livemode: bool,
    /// The profile it follows (`null`: the defaults).
    pub profile: Option<String>,
    /// `null`: every rail.
    pub rail: Option<String>,
    pub currency: String,
    pub schedule: Schedule,
    /// `HH:MM` UTC; `null` for the sandbox's default, whose periods last `--sandbox-settlement-ms`.
    pub cut_off: Option<String>,
    pub status: Status,
    pub period: PeriodView,
    pub items_count: u32,
    pub totals: TotalsView,
    /// What the close moved to `settlement_pending` (0 while OPEN).
    pub net_minor: i64,
    /// What the close passed to the next cycle (negative: owed).
    pub carried_forward_minor: i64,
    pub carried_into: Option<String>,
    pub settlement_currency: String,
    pub destination: DestinationView,
    pub minimum_minor: i64,
    /// What reached the destination, in `settlement_currency`.
    pub amount_paid_minor: Option<i64>,
    pub conversion: Option<Conversion>,
    pub payout: Option<String>,
    pub close_transaction: Option<String>,
    pub pay_transaction: Option<String>,
    /// `minimum_not_reached: ...`, `fx_rate_unavailable: ...`, `payout_failed: ...`, `payout_refused: ...`.
    pub failure_reason: Option<String>,
    /// The statement's number (`SET-<date>-<code>`) once closed.
    pub statement_number: Option<String>,
    /// Payments marked SETTLED so far (they are marked in chunks after the pay).
    pub payments_settled: u32,
    pub due_at: Option<String>,
    pub closed_at: Option<String>,
    pub paid_at: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

pub fn cycle(cycle: &Cycle) -> SettlementCycleView {
    SettlementCycleView {
        id: cycle.id.clone(),
        object: "settlement_cycle",
        livemode: cycle.mode.livemode(),
        profile: cycle.plan.profile.clone(),
        rail: cycle.rail.clone(),
        currency: cycle.currency.clone(),
        schedule: cycle.plan.schedule,
        cut_off: cycle.plan.cut_off.map(|c| c.to_string()),
        status: cycle.status,
        period: PeriodView {
            from: rfc3339(cycle.period_from_ms),
            to: cycle.period_to_ms.map(rfc3339),
        },
        items_count: cycle.items_count,
        totals: totals(&cycle.totals),
        net_minor: cycle.net_minor,
        carried_forward_minor: cycle.carried_forward_minor,
        carried_into: cycle.carried_into.clone(),
        settlement_currency: cycle.plan.settlement_currency.clone(),
        destination: destination(&cycle.plan.destination),
        minimum_minor: cycle.plan.minimum_minor,
        amount_paid_minor: cycle.amount_paid_minor,
        conversion: cycle.conversion.clone(),
        payout: cycle.payout.clone(),
        close_transaction: cycle.close_transaction.clone(),
        pay_transaction: cycle.pay_transaction.clone(),
        failure_reason: cycle.failure_reason.clone(),
        statement_number: (cycle.status != Status::Open).then(|| super::statement::number(cycle)),
        payments_settled: cycle.payments_settled,
        due_at: cycle.due_at_ms.map(rfc3339),
        closed_at: cycle.closed_at_ms.map(rfc3339),
        paid_at: cycle.paid_at_ms.map(rfc3339),
        created_at: rfc3339(cycle.created_at_ms),
        updated_at: rfc3339(cycle.updated_at_ms),
    }
}

/// One item of a cycle.
#[derive(Debug, Serialize, ToSchema)]
pub struct SettlementItemView {
    pub kind: ItemKind,
    /// What caused it: `pi_`, `re_`, `dp_`, or for a carried item the cycle `sc_`.
    pub source: String,
    pub payment_intent: Option<String>,
    pub at: String,
    /// The change of `pending`: a payment's gross less its fees and splits;
    /// negative for refunds and holds.
    pub amount_minor: i64,
    pub gross_minor: i64,
    pub provider_fee_minor: i64,
    pub service_fee_minor: i64,
    pub tax_minor: i64,
    pub split_minor: i64,
    /// A payment's collection posting.
    pub transaction: Option<String>,
}

pub fn item(item: &Item) -> SettlementItemView {
    SettlementItemView {
        kind: item.kind,
        source: item.source.clone(),
        payment_intent: item.payment_intent.clone(),
        at: rfc3339(item.at_ms),
        amount_minor: item.amount_minor,
        gross_minor: item.gross_minor,
        provider_fee_minor: item.provider_fee_minor,
        service_fee_minor: item.service_fee_minor,
        tax_minor: item.tax_minor,
        split_minor: item.split_minor,
        transaction: item.transaction.clone(),
    }
}
