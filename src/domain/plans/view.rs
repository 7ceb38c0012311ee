//! What the API shows of a plan.

use serde::Serialize;

use super::{DunningExhausted, Plan, Status};
use crate::clock::rfc3339;
use crate::domain::subscriptions::calendar::{self, Interval};

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PlanView {
    /// `plan_...`.
    pub id: String,
    /// Always `plan`.
    pub object: &'static str,
    pub livemode: bool,
    /// Names the plan across the gateway, and its hosted page.
    pub code: String,
    pub name: String,
    pub description: Option<String>,
    pub currency: String,
    /// The recurring amount of one period, before tax.
    pub amount_minor: i64,
    pub interval: Interval,
    pub interval_count: u32,
    pub trial_days: u32,
    /// Tax on each invoice's recurring and usage lines, in basis points.
    pub tax_bps: u32,
    pub tax_label: Option<String>,
    /// What usage is counted in (`POST /subscriptions/{id}/usage`); none: no usage.
    pub usage_unit: Option<String>,
    pub usage_price_minor: i64,
    /// What happens when an invoice's dunning runs out: `cancel` the
    /// subscription (its invoice is voided) or mark it `unpaid`.
    pub dunning_exhausted: DunningExhausted,
    /// The recurring amount normalised to a month (day ×30, week ×4, year ÷12).
    pub monthly_recurring_minor: i64,
    pub status: Status,
    /// The hosted page where a payer subscribes.
    pub subscribe_url: String,
    pub archived_at: Option<String>,
    pub created_at: String,
}

pub fn view(plan: &Plan, public_url: &str) -> PlanView {
    PlanView {
        id: plan.id.clone(),
        object: "plan",
        livemode: plan.mode.livemode(),
        code: plan.code.clone(),
        name: plan.name.clone(),
        description: plan.description.clone(),
        currency: plan.currency.clone(),
        amount_minor: plan.amount_minor,
        interval: plan.interval,
        interval_count: plan.interval_count,
        trial_days: plan.trial_days,
        tax_bps: plan.tax_bps,
        tax_label: plan.tax_label.clone(),
        usage_unit: plan.usage_unit.clone(),
        usage_price_minor: plan.usage_price_minor,
        dunning_exhausted: plan.dunning_exhausted,
        monthly_recurring_minor: calendar::monthly_minor(
            plan.amount_minor,
            plan.interval,
            plan.interval_count,
        ),
        status: plan.status,
        subscribe_url: format!("{public_url}/subscribe/{}", plan.code),
        archived_at: plan.archived_at_ms.map(rfc3339),
        created_at: rfc3339(plan.created_at_ms),
    }
}
