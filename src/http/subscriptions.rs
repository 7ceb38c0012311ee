//! Plans, subscriptions, usage and invoices (spec section 4.13).

use crate::domain::invoices::INVOICE;
use crate::domain::plans::PLAN;
use crate::domain::subscriptions::SUBSCRIPTION;
use std::collections::BTreeMap;

use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::command;
use super::command::Write;
use super::extract::{Body, Params, Path, Reader, json};
use super::list::{self, List, Rows, named_list};
use super::operations::operations;
use crate::domain::fields;
use crate::domain::invoices::{self, Invoice, InvoiceView};
use crate::domain::plans::{self, DunningExhausted, NewPlan, Plan, PlanView};
use crate::domain::subscriptions::calendar::Interval;
use crate::domain::subscriptions::{
    self, Customer, NewSubscription, OverviewView, Status, Subscription, SubscriptionView,
    UsageRecordView,
};
use crate::error::{ApiError, ErrorBody};

operations! {
    create_plan: scope("subscriptions:write"),
    list_plans: scope("subscriptions:read"),
    retrieve_plan: scope("subscriptions:read"),
    archive_plan: scope("subscriptions:write"),
    create_subscription: scope("subscriptions:write").ik_required().added(),
    list_subscriptions: scope("subscriptions:read"),
    retrieve_subscription: scope("subscriptions:read"),
    record_usage: scope("subscriptions:write"),
    cancel_subscription: scope("subscriptions:write"),
    list_invoices: scope("subscriptions:read"),
}

/// The invoices `GET /subscriptions/{id}` shows.
const SUBSCRIPTION_INVOICES_MAX: usize = 24;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatePlan {
    #[schema(min_length = 2, max_length = 80)]
    pub name: String,
    #[schema(max_length = 400)]
    pub description: Option<String>,
    pub currency: String,
    /// The recurring amount of one period, before tax.
    #[serde(deserialize_with = "fields::int")]
    #[schema(minimum = 0, maximum = 1_000_000_000_000_000i64)]
    pub amount_minor: i64,
    pub interval: Interval,
    /// Intervals per period: 1 to 12; default 1.
    #[schema(minimum = 1, maximum = 12)]
    pub interval_count: Option<u32>,
    /// 0 to 365; default 0.
    #[schema(minimum = 0, maximum = 365)]
    pub trial_days: Option<u32>,
    /// 0 to 5 000; default 0.
    #[schema(minimum = 0, maximum = 5000)]
    pub tax_bps: Option<u32>,
    #[schema(max_length = 40)]
    pub tax_label: Option<String>,
    /// What usage is counted in; without it the plan bills no usage.
    #[schema(max_length = 40)]
    pub usage_unit: Option<String>,
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 0, maximum = 1_000_000_000)]
    pub usage_price_minor: Option<i64>,
    /// 2 to 40 of a-z, 0-9 and -, free across the gateway; default: the
    /// name's slug and 4 characters.
    #[schema(min_length = 2, max_length = 40, pattern = "^[a-z0-9-]{2,40}$")]
    pub code: Option<String>,
    /// When dunning runs out: `cancel` (default) or `unpaid`.
    pub dunning_exhausted: Option<DunningExhausted>,
}

#[utoipa::path(post, path = "/plans", tag = "subscriptions", request_body = CreatePlan,
    responses((status = 201, description = "The plan (ACTIVE)", body = PlanView),
              (status = 409, description = "The code is taken", body = ErrorBody)))]
pub async fn create_plan(
    Write(state, caller, claim): Write,
    Body(input): Body<CreatePlan>,
) -> Result<Response, ApiError> {
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let new = NewPlan {
            name: input.name,
            description: input.description,
            currency: input.currency,
            amount_minor: input.amount_minor,
            interval: input.interval,
            interval_count: input.interval_count,
            trial_days: input.trial_days,
            tax_bps: input.tax_bps,
            tax_label: input.tax_label,
            usage_unit: input.usage_unit,
            usage_price_minor: input.usage_price_minor,
            code: input.code,
            dunning_exhausted: input.dunning_exhausted,
        };
        let plan = plans::create(tx, &caller, new, &settings.public_url)?;
        Ok(plans::view(&plan, &settings.public_url))
    })
    .await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct PlanQuery {
    /// Archived plans too (default false).
    include_archived: Option<bool>,
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^plan_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

named_list!(PlanList of PlanView, "Newest first; archived plans only with include_archived=true.");

#[utoipa::path(get, path = "/plans", tag = "subscriptions", params(PlanQuery),
    responses((status = 200, description = "Plans, newest first", body = PlanList)))]
pub async fn list_plans(
    Reader(state, caller): Reader,
    Params(query): Params<PlanQuery>,
) -> Result<Response, ApiError> {
    let archived = query.include_archived.unwrap_or(false);
    let keep = |p: &Plan| archived || p.status == plans::Status::Active;
    let rows = Rows::owned(PLAN.family, &caller);
    let snapshot = state.store.snapshot()?;
    let found = list::page(&snapshot, rows, query.limit, query.cursor.as_deref(), keep)?;
    json(
        200,
        &found.map(|p| plans::view(&p, &state.settings.public_url)),
    )
}

#[utoipa::path(get, path = "/plans/{id}", tag = "subscriptions",
    params(("id" = String, Path, description = "plan_... or the plan's code")),
    responses((status = 200, description = "The plan", body = PlanView)))]
pub async fn retrieve_plan(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let plan = plans::read(&state.store.snapshot()?, &caller, &id)?;
    json(200, &plans::view(&plan, &state.settings.public_url))
}

#[utoipa::path(post, path = "/plans/{id}/archive", tag = "subscriptions",
    params(("id" = String, Path, description = "plan_... or the plan's code")),
    responses((status = 200, description = "ARCHIVED: no new subscriptions; existing ones continue", body = PlanView)))]
pub async fn archive_plan(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let plan = plans::archive(tx, &caller, &id, &settings.public_url)?;
        Ok(plans::view(&plan, &settings.public_url))
    })
    .await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CustomerInput {
    /// E.164: payment requests go to it.
    #[schema(max_length = 16)]
    pub msisdn: Option<String>,
    #[schema(max_length = 254)]
    pub email: Option<String>,
    #[schema(max_length = 120)]
    pub reference: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateSubscription {
    /// The plan's id or code.
    #[schema(min_length = 2, max_length = 80)]
    pub plan: String,
    /// An msisdn or an email is required.
    pub customer: CustomerInput,
    /// At most 20 keys, as on intents.
    pub metadata: Option<BTreeMap<String, serde_json::Value>>,
}

#[utoipa::path(post, path = "/subscriptions", tag = "subscriptions", request_body = CreateSubscription,
    responses((status = 201, description = "TRIALING, or INCOMPLETE with its first invoice issued and collected (ACTIVE when it was paid at once)", body = SubscriptionView),
              (status = 409, description = "Archived plan, or already subscribed", body = ErrorBody)))]
pub async fn create_subscription(
    Write(state, caller, claim): Write,
    Body(input): Body<CreateSubscription>,
) -> Result<Response, ApiError> {
    let metadata: BTreeMap<String, serde_json::Value> = fields::metadata_json(input.metadata)?;
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let new = NewSubscription {
            plan: input.plan,
            customer: Customer {
                msisdn: input.customer.msisdn,
                email: input.customer.email,
                reference: input.customer.reference,
            },
            metadata,
        };
        let sub = subscriptions::create(tx, &settings, &caller, new)?;
        with_invoices(tx, &sub, &settings.public_url)
    })
    .await
}

/// The view of `sub` inside a command, with its latest invoice.
fn with_invoices(
    tx: &crate::store::Tx<'_>,
    sub: &Subscription,
    public_url: &str,
) -> Result<SubscriptionView, ApiError> {
    let plan: Plan = crate::store::Read::object(tx, &sub.plan)?
        .ok_or_else(|| ApiError::internal("plan vanished"))?;
    let mut invoices = Vec::new();
    if let Some(id) = &sub.latest_invoice
        && let Some(invoice) = crate::store::Read::object::<Invoice>(tx, id)?
    {
        invoices.push(invoices::view(&invoice, public_url));
    }
    Ok(subscriptions::view(sub, &plan, invoices))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct SubscriptionQuery {
    /// Only subscriptions in this status.
    status: Option<Status>,
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^sub_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

/// A page of subscriptions with the billing overview.
#[derive(Debug, Serialize, ToSchema)]
pub struct SubscriptionList {
    /// Always `list`.
    pub object: &'static str,
    /// Newest first (their invoices on `GET /subscriptions/{id}`).
    pub data: Vec<SubscriptionView>,
    pub has_more: bool,
    /// Pass as `cursor` for the next page.
    pub next_cursor: Option<String>,
    pub overview: OverviewView,
}

#[utoipa::path(get, path = "/subscriptions", tag = "subscriptions", params(SubscriptionQuery),
    responses((status = 200, description = "Subscriptions, newest first, with the billing overview", body = SubscriptionList)))]
pub async fn list_subscriptions(
    Reader(state, caller): Reader,
    Params(query): Params<SubscriptionQuery>,
) -> Result<Response, ApiError> {
    let keep = |s: &Subscription| query.status.is_none_or(|w| s.status == w);
    let rows = Rows::owned(SUBSCRIPTION.family, &caller);
    let snapshot = state.store.snapshot()?;
    let found: List<Subscription> =
        list::page(&snapshot, rows, query.limit, query.cursor.as_deref(), keep)?;
    let now = state.now_for(&snapshot, &caller)?;
    let overview = subscriptions::overview(&snapshot, &caller, now)?;
    let page =
        found.try_map(|s| subscriptions::render(&snapshot, &s, 0, &state.settings.public_url))?;
    // The list envelope, with the overview beside it (`SubscriptionList`).
    let mut body = serde_json::to_value(&page).map_err(ApiError::internal)?;
    body["overview"] = serde_json::to_value(&overview).map_err(ApiError::internal)?;
    json(200, &body)
}

#[utoipa::path(get, path = "/subscriptions/{id}", tag = "subscriptions",
    params(("id" = String, Path, description = "sub_...")),
    responses((status = 200, description = "The subscription with its latest invoices", body = SubscriptionView)))]
pub async fn retrieve_subscription(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let sub = subscriptions::read(&snapshot, &caller, &id)?;
    json(
        200,
        &subscriptions::render(
            &snapshot,
            &sub,
            SUBSCRIPTION_INVOICES_MAX,
            &state.settings.public_url,
        )?,
    )
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RecordUsage {
    /// 1 to 1 000 000 000, in the plan's usage unit.
    #[serde(deserialize_with = "fields::int")]
    #[schema(minimum = 1, maximum = 1_000_000_000)]
    pub quantity: i64,
    #[schema(max_length = 120, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub note: Option<String>,
}

#[utoipa::path(post, path = "/subscriptions/{id}/usage", tag = "subscriptions",
    params(("id" = String, Path, description = "sub_...")),
    request_body = RecordUsage,
    responses((status = 200, description = "Recorded in the current period (billed at its end); a retry with the same Idempotency-Key counts once", body = UsageRecordView),
              (status = 409, description = "The subscription is not running", body = ErrorBody)))]
pub async fn record_usage(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(input): Body<RecordUsage>,
) -> Result<Response, ApiError> {
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        subscriptions::record_usage(tx, &caller, &id, input.quantity, input.note)
    })
    .await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CancelSubscription {
    /// true: now (CANCELLED, open invoices VOID); false: at the period's end (ENDED then).
    pub immediately: bool,
}

#[utoipa::path(post, path = "/subscriptions/{id}/cancel", tag = "subscriptions",
    params(("id" = String, Path, description = "sub_...")),
    request_body = CancelSubscription,
    responses((status = 200, description = "CANCELLED, or cancel_at_period_end", body = SubscriptionView),
              (status = 409, description = "Cancelled or ended already", body = ErrorBody)))]
pub async fn cancel_subscription(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(input): Body<CancelSubscription>,
) -> Result<Response, ApiError> {
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let sub = subscriptions::cancel(tx, &settings, &caller, &id, input.immediately)?;
        with_invoices(tx, &sub, &settings.public_url)
    })
    .await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct InvoiceQuery {
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^inv_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

named_list!(InvoiceList of InvoiceView, "Newest first.");

#[utoipa::path(get, path = "/invoices", tag = "subscriptions", params(InvoiceQuery),
    responses((status = 200, description = "Invoices, newest first", body = InvoiceList)))]
pub async fn list_invoices(
    Reader(state, caller): Reader,
    Params(query): Params<InvoiceQuery>,
) -> Result<Response, ApiError> {
    let rows = Rows::owned(INVOICE, &caller);
    let snapshot = state.store.snapshot()?;
    let found = list::all::<Invoice>(&snapshot, rows, query.limit, query.cursor.as_deref())?;
    json(
        200,
        &found.map(|i| invoices::view(&i, &state.settings.public_url)),
    )
}
