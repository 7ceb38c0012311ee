//! What the API shows of a plan.

use super::{Plan, PlanView};
use crate::clock::rfc3339;
use crate::domain::subscriptions::calendar;

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
