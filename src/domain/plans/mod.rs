//! Subscription plans (spec sections 2 and 4.13, origin section 24): what a
//! subscription bills each period — a recurring amount, metered usage at a
//! unit price, tax as its own line — and how often. A plan's `code` names it
//! across the gateway and gives its hosted page `/subscribe/{code}`.
//! `ACTIVE → ARCHIVED` (`state.rs`): archiving stops new subscriptions only.

pub mod state;
mod view;

use crate::domain::resource::Kind;
use serde::{Deserialize, Serialize};

pub use self::state::Status;
use self::state::{Trigger, transition};
pub use self::view::view;

use super::resource;
use super::subscriptions::calendar::Interval;
use crate::auth::Principal;
use crate::error::{ApiError, Code, Missing};
use crate::events::EventType;
use crate::mode::Mode;
use crate::store::keys::{self, Family};
use crate::store::{Read, Tx};

/// Bounds of a plan (origin section 24).
pub const NAME_CHARS: std::ops::RangeInclusive<usize> = 2..=80;
pub const DESCRIPTION_CHARS_MAX: usize = 400;
pub const INTERVAL_COUNT_MAX: u32 = 12;
pub const TRIAL_DAYS_MAX: u32 = 365;
pub const TAX_BPS_MAX: u32 = 5_000;
pub const LABEL_CHARS_MAX: usize = 40;
pub const CODE_CHARS: std::ops::RangeInclusive<usize> = 2..=40;
/// The recurring amount's bound: an intent's (a period is paid by one).
pub const AMOUNT_MINOR_MAX: i64 = crate::domain::intents::input::AMOUNT_MINOR_MAX;
pub const USAGE_PRICE_MINOR_MAX: i64 = 1_000_000_000;
/// The default code: the name's slug, at most this long, `-`, 4 characters.
const SLUG_CHARS_MAX: usize = 24;
const SUFFIX_ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

/// When an invoice's dunning runs out (Stripe's "subscription status after
/// all retries fail").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DunningExhausted {
    /// The subscription is CANCELLED and the invoice VOID (the origin's rule).
    #[default]
    Cancel,
    /// The subscription is UNPAID: no more invoices, the failed one kept.
    Unpaid,
}

/// `plan_...`: plans, `plan_not_found` when absent or another's.
pub const PLAN: Kind = Kind::new(
    Family::new("plan"),
    Missing::new(Code::PlanNotFound, "plan"),
);

crate::domain::resource::record_and_view! {
    #[derive(Debug, Clone, Serialize, Deserialize)]
    pub struct Plan {
        pub id: String,
        pub mode: Mode,
        pub owner: String,
    }
    #[derive(Debug, Serialize, utoipa::ToSchema)]
    pub struct PlanView {
        /// `plan_...`.
        pub id: String,
        /// Always `plan`.
        pub object: &'static str,
        pub livemode: bool,
    }
    shared {
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
    }
    record_tail {
        #[serde(default)]
        pub dunning_exhausted: DunningExhausted,
        pub status: Status,
        pub archived_at_ms: Option<i64>,
        pub created_at_ms: i64,
    }
    view_tail {
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
}

crate::domain::resource::owned!(Plan);

/// A plan as asked for, checked by [`NewPlan::check`].
pub struct NewPlan {
    pub name: String,
    pub description: Option<String>,
    pub currency: String,
    pub amount_minor: i64,
    pub interval: Interval,
    pub interval_count: Option<u32>,
    pub trial_days: Option<u32>,
    pub tax_bps: Option<u32>,
    pub tax_label: Option<String>,
    pub usage_unit: Option<String>,
    pub usage_price_minor: Option<i64>,
    pub code: Option<String>,
    pub dunning_exhausted: Option<DunningExhausted>,
}

fn within<T: PartialOrd + std::fmt::Display>(
    param: &str,
    value: T,
    min: T,
    max: T,
) -> Result<T, ApiError> {
    if value < min || value > max {
        return Err(ApiError::field(
            param,
            format!("{param} must be from {min} to {max} (got {value})"),
        ));
    }
    Ok(value)
}

/// A code: 2 to 40 of `a-z`, `0-9` and `-`.
pub fn check_code(code: &str) -> Result<(), ApiError> {
    let ok = CODE_CHARS.contains(&code.len())
        && code
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !ok {
        return Err(ApiError::field(
            "code",
            format!("code must be 2 to 40 characters of a-z, 0-9 and - (got {code:?})"),
        ));
    }
    Ok(())
}

/// The default code of a plan named `name`: its slug (24 characters at
/// most), `-`, and 4 random characters.
fn default_code(name: &str) -> String {
    let mut slug = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if slug.len() >= SLUG_CHARS_MAX {
            break;
        }
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let mut code = slug.trim_end_matches('-').to_string();
    if code.is_empty() {
        code.push_str("plan");
    }
    code.push('-');
    for _ in 0..4 {
        code.push(SUFFIX_ALPHABET[crate::ids::random_below(SUFFIX_ALPHABET.len())] as char);
    }
    code
}

impl NewPlan {
    /// Every bound of origin section 24, each failure naming its field.
    fn check(self) -> Result<NewPlan, ApiError> {
        let name = self.name.trim().to_string();
        if !NAME_CHARS.contains(&name.chars().count()) {
            return Err(ApiError::field("name", "name must be 2 to 80 characters"));
        }
        super::fields::text("name", Some(name.clone()), *NAME_CHARS.end())?;
        let description =
            super::fields::text("description", self.description, DESCRIPTION_CHARS_MAX)?;
        let currency = super::currency::parse("currency", &self.currency)?
            .code
            .to_string();
        if self.amount_minor < 0 || self.amount_minor > AMOUNT_MINOR_MAX {
            return Err(ApiError::new(
                Code::InvalidAmount,
                format!(
                    "amount_minor must be from 0 to {AMOUNT_MINOR_MAX} (got {})",
                    self.amount_minor
                ),
            )
            .with_param("amount_minor"));
        }
        let interval_count = within(
            "interval_count",
            self.interval_count.unwrap_or(1),
            1,
            INTERVAL_COUNT_MAX,
        )?;
        let trial_days = within(
            "trial_days",
            self.trial_days.unwrap_or(0),
            0,
            TRIAL_DAYS_MAX,
        )?;
        let tax_bps = within("tax_bps", self.tax_bps.unwrap_or(0), 0, TAX_BPS_MAX)?;
        let tax_label = super::fields::text("tax_label", self.tax_label, LABEL_CHARS_MAX)?;
        let usage_unit = super::fields::text("usage_unit", self.usage_unit, LABEL_CHARS_MAX)?
            .filter(|u| !u.trim().is_empty());
        let usage_price_minor = within(
            "usage_price_minor",
            self.usage_price_minor.unwrap_or(0),
            0,
            USAGE_PRICE_MINOR_MAX,
        )?;
        if let Some(code) = &self.code {
            check_code(code)?;
        }
        Ok(NewPlan {
            name,
            description,
            currency,
            interval_count: Some(interval_count),
            trial_days: Some(trial_days),
            tax_bps: Some(tax_bps),
            tax_label,
            usage_unit,
            usage_price_minor: Some(usage_price_minor),
            ..self
        })
    }
}

/// `POST /plans`: a new ACTIVE plan; its code is free across the gateway
/// (409 `plan_code_taken`), or made from its name.
pub fn create(
    tx: &mut Tx<'_>,
    principal: &Principal,
    new: NewPlan,
    public_url: &str,
) -> Result<Plan, ApiError> {
    let new = new.check()?;
    let code = match &new.code {
        Some(code) => {
            if tx.index(&keys::plan_code(code))?.is_some() {
                return Err(ApiError::new(
                    Code::PlanCodeTaken,
                    format!("the plan code {code:?} is taken: choose another"),
                )
                .with_param("code"));
            }
            code.clone()
        }
        None => loop {
            let code = default_code(&new.name);
            if tx.index(&keys::plan_code(&code))?.is_none() {
                break code;
            }
        },
    };
    let plan = Plan {
        id: PLAN.new_id(),
        mode: principal.mode,
        owner: principal.owner().to_string(),
        code: code.clone(),
        name: new.name,
        description: new.description,
        currency: new.currency,
        amount_minor: new.amount_minor,
        interval: new.interval,
        interval_count: new.interval_count.unwrap_or(1),
        trial_days: new.trial_days.unwrap_or(0),
        tax_bps: new.tax_bps.unwrap_or(0),
        tax_label: new.tax_label,
        usage_unit: new.usage_unit,
        usage_price_minor: new.usage_price_minor.unwrap_or(0),
        dunning_exhausted: new.dunning_exhausted.unwrap_or_default(),
        status: Status::Active,
        archived_at_ms: None,
        created_at_ms: tx.now_ms(),
    };
    resource::point(tx, keys::plan_code(&code), &plan.id);
    resource::insert(tx, PLAN.family, &plan)?;
    emit(tx, &plan, EventType::PlanCreated, public_url)?;
    Ok(plan)
}

/// The caller's plan named by its id (`plan_...`) or its code.
pub fn read(read: &impl Read, principal: &Principal, id_or_code: &str) -> Result<Plan, ApiError> {
    if id_or_code.starts_with("plan_") {
        return resource::find(read, principal, id_or_code, &PLAN);
    }
    match by_code(read, id_or_code)? {
        Some(plan) if resource::owned_by(&plan, principal) => Ok(plan),
        _ => Err(ApiError::not_found(PLAN.missing, id_or_code)),
    }
}

/// The plan with `code`, whoever owns it (the hosted page).
pub fn by_code(read: &impl Read, code: &str) -> Result<Option<Plan>, ApiError> {
    if check_code(code).is_err() {
        return Ok(None);
    }
    let Some(id) = read.index(&keys::plan_code(code))? else {
        return Ok(None);
    };
    Ok(read.object(&String::from_utf8_lossy(&id))?)
}

/// `POST /plans/{id}/archive`: no new subscriptions; existing ones continue.
/// Archiving an archived plan answers it as it is.
pub fn archive(
    tx: &mut Tx<'_>,
    principal: &Principal,
    id: &str,
    public_url: &str,
) -> Result<Plan, ApiError> {
    let mut plan = read(tx, principal, id)?;
    if let Ok(archived) = transition(plan.status, Trigger::Archive) {
        plan.status = archived;
        plan.archived_at_ms = Some(tx.now_ms());
        tx.put_object(plan.id.clone(), &plan)?;
        emit(tx, &plan, EventType::PlanArchived, public_url)?;
    }
    Ok(plan)
}

/// Whether `plan` takes a new subscription (409 `plan_archived` if not).
pub fn check_subscribable(plan: &Plan) -> Result<(), ApiError> {
    transition(plan.status, Trigger::Subscribe).map_err(|_| {
        ApiError::new(
            Code::PlanArchived,
            format!(
                "plan {} is archived: it takes no new subscriptions",
                plan.code
            ),
        )
        .with_param("plan")
    })?;
    Ok(())
}

pub fn emit(
    tx: &mut Tx<'_>,
    plan: &Plan,
    event_type: EventType,
    public_url: &str,
) -> Result<(), ApiError> {
    resource::emit(tx, event_type, plan, &view(plan, public_url))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_codes_are_the_name_slug_and_a_suffix() {
        let code = default_code("Premium Plan — Kinshasa 2027 offer for everyone");
        assert!(code.starts_with("premium-plan-kinshasa-20"), "{code}");
        assert!(check_code(&code).is_ok(), "{code}");
        assert!(code.len() <= SLUG_CHARS_MAX + 5, "{code}");
        assert!(default_code("***").starts_with("plan-"));
        for bad in ["a", "Upper", "with space", "é-code", &"x".repeat(41)] {
            assert!(check_code(bad).is_err(), "{bad}");
        }
    }
}
