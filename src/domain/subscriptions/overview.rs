//! The billing overview of `GET /subscriptions` (origin section 24): counts
//! by status, monthly recurring revenue per currency (ACTIVE and PAST_DUE,
//! normalised by `calendar::monthly_minor`), what invoices collected in the
//! last 30 days, and how many subscriptions are in dunning. Read from one
//! snapshot over at most [`SCAN_MAX`] subscriptions and invoices, newest
//! first (`partial` says when there were more).

use crate::domain::invoices::INVOICE;
use crate::domain::subscriptions::SUBSCRIPTION;
use std::collections::BTreeMap;

use serde::Serialize;

use super::{Status, Subscription, calendar};
use crate::auth::Principal;
use crate::domain::invoices::{self, Invoice};
use crate::domain::plans::Plan;
use crate::error::ApiError;
use crate::store::keys;
use crate::store::{Read, Snapshot};

pub const SCAN_MAX: usize = 10_000;
const WINDOW_MS: i64 = 30 * 86_400_000;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CurrencyAmount {
    pub currency: String,
    pub amount_minor: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Collected {
    pub currency: String,
    pub amount_minor: i64,
    pub invoices: u32,
}

#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
pub struct ByStatus {
    pub trialing: u32,
    pub incomplete: u32,
    pub active: u32,
    pub past_due: u32,
    pub unpaid: u32,
    pub cancelled: u32,
    pub ended: u32,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OverviewView {
    pub by_status: ByStatus,
    /// ACTIVE and PAST_DUE subscriptions' recurring amounts per month.
    pub monthly_recurring: Vec<CurrencyAmount>,
    /// Invoices paid in the 30 days before now (the sandbox's clock in test mode).
    pub collected_30d: Vec<Collected>,
    /// Subscriptions PAST_DUE: an invoice in dunning.
    pub in_dunning: u32,
    /// Days after an invoice's first attempt at which it is retried.
    pub dunning_days: Vec<i64>,
    /// More subscriptions or invoices than were counted.
    pub partial: bool,
}

fn count(by: &mut ByStatus, status: Status) {
    let slot = match status {
        Status::Trialing => &mut by.trialing,
        Status::Incomplete => &mut by.incomplete,
        Status::Active => &mut by.active,
        Status::PastDue => &mut by.past_due,
        Status::Unpaid => &mut by.unpaid,
        Status::Cancelled => &mut by.cancelled,
        Status::Ended => &mut by.ended,
    };
    *slot += 1;
}

pub fn overview(
    snapshot: &Snapshot,
    principal: &Principal,
    now_ms: i64,
) -> Result<OverviewView, ApiError> {
    let mut by_status = ByStatus::default();
    let mut monthly: BTreeMap<String, i64> = BTreeMap::new();
    let mut plans: BTreeMap<String, Option<Plan>> = BTreeMap::new();
    let prefix = keys::owned_prefix(SUBSCRIPTION.family, principal.mode, principal.owner());
    let rows = snapshot.scan_index_rev(&prefix, SCAN_MAX + 1)?;
    let mut partial = rows.len() > SCAN_MAX;
    for (key, _) in rows.iter().take(SCAN_MAX) {
        let Some(sub) = snapshot.object::<Subscription>(crate::store::keys::id_of(key))? else {
            continue;
        };
        count(&mut by_status, sub.status);
        if !matches!(sub.status, Status::Active | Status::PastDue) {
            continue;
        }
        if !plans.contains_key(&sub.plan) {
            let plan = snapshot.object::<Plan>(&sub.plan)?;
            plans.insert(sub.plan.clone(), plan);
        }
        if let Some(Some(plan)) = plans.get(&sub.plan) {
            let month =
                calendar::monthly_minor(plan.amount_minor, plan.interval, plan.interval_count);
            *monthly.entry(plan.currency.clone()).or_default() += month;
        }
    }
    let (collected, more) = collected(snapshot, principal, now_ms)?;
    partial |= more;
    Ok(OverviewView {
        in_dunning: by_status.past_due,
        by_status,
        monthly_recurring: monthly
            .into_iter()
            .map(|(currency, amount_minor)| CurrencyAmount {
                currency,
                amount_minor,
            })
            .collect(),
        collected_30d: collected,
        dunning_days: invoices::DUNNING_DAYS.to_vec(),
        partial,
    })
}

/// Invoices paid in `[now − 30 days, now]`: those issued up to the dunning's
/// length earlier may be among them.
fn collected(
    snapshot: &Snapshot,
    principal: &Principal,
    now_ms: i64,
) -> Result<(Vec<Collected>, bool), ApiError> {
    let since = now_ms - WINDOW_MS;
    let issued_since = since - (invoices::DUNNING_DAYS[2] + 1) * 86_400_000;
    let prefix = keys::owned_prefix(INVOICE, principal.mode, principal.owner());
    let rows = snapshot.scan_index_rev(&prefix, SCAN_MAX + 1)?;
    let mut sums: BTreeMap<String, (i64, u32)> = BTreeMap::new();
    let mut reached_end = true;
    for (n, (key, _)) in rows.iter().enumerate() {
        if n >= SCAN_MAX {
            reached_end = false;
            break;
        }
        let Some(invoice) = snapshot.object::<Invoice>(crate::store::keys::id_of(key))? else {
            continue;
        };
        if invoice.created_at_ms < issued_since {
            break;
        }
        let paid_in_window = invoice
            .paid_at_ms
            .is_some_and(|at| at >= since && at <= now_ms);
        if invoice.status == invoices::Status::Paid && paid_in_window {
            let entry = sums.entry(invoice.currency.clone()).or_default();
            entry.0 += invoice.amounts.total_minor;
            entry.1 += 1;
        }
    }
    let list = sums
        .into_iter()
        .map(|(currency, (amount_minor, invoices))| Collected {
            currency,
            amount_minor,
            invoices,
        })
        .collect();
    Ok((list, !reached_end))
}
