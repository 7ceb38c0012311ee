//! Settlement (spec section 4.9): profiles, cycles, statements, the
//! calendar. Rules in `domain::settlement`; the guide is `docs/settlement.md`.

use crate::domain::settlement::cycles::SETTLEMENT_CYCLE;
use crate::domain::settlement::profiles::SETTLEMENT_PROFILE;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::command;
use super::command::Write;
use super::extract::{Body, Params, Path, Reader, json};
use super::list::{self, Rows, named_list};
use super::operations::operations;
use crate::domain::settlement::cycles::{self, Cycle, Place};
use crate::domain::settlement::profiles::{self, Profile, UpsertProfile};
use crate::domain::settlement::state::Status;
use crate::domain::settlement::statement::{self, SettlementStatementView};
use crate::domain::settlement::view::{
    self, PeriodView, SettlementCycleView, SettlementItemView, SettlementProfileView, TotalsView,
};
use crate::domain::settlement::{self, Actor};
use crate::domain::{currency, org};
use crate::error::{ApiError, ErrorBody};
use crate::ledger::{self, Class};
use crate::store::keys;
use crate::store::{Output, Read, Snapshot};

operations! {
    upsert_profile: scope("settlements:write"),
    list_profiles: scope("settlements:read"),
    retrieve_profile: scope("settlements:read"),
    preview: scope("settlements:read"),
    calendar: scope("settlements:read"),
    list_cycles: scope("settlements:read"),
    close_cycle: scope("settlements:write").moving_money(),
    statement_of: scope("settlements:read"),
    pay_cycle: scope("settlements:write").moving_money(),
    retrieve_settlement: scope("settlements:read"),
}

named_list!(SettlementProfileList of SettlementProfileView, "Newest first.");
named_list!(SettlementCycleList of SettlementCycleView, "Newest first.");

#[utoipa::path(post, path = "/settlement_profiles", tag = "settlement", request_body = UpsertProfile,
    responses((status = 201, description = "The profile of this rail and currency, created", body = SettlementProfileView),
              (status = 200, description = "The profile of this rail and currency, updated (its running period takes the new terms)", body = SettlementProfileView),
              (status = 400, description = "A field (`param` names it); nothing written", body = ErrorBody),
              (status = 404, description = "operator_not_found, bank_account_not_found (a payout destination)", body = ErrorBody),
              (status = 422, description = "payout_unavailable (the destination's operator does not pay out in the settlement currency), settlement_profiles_full", body = ErrorBody)))]
pub async fn upsert_profile(
    Write(state, caller, claim): Write,
    Body(input): Body<UpsertProfile>,
) -> Result<Response, ApiError> {
    let checked = input.check()?;
    let settings = state.settings.clone();
    command::apply_output(&state, claim, move |tx| {
        let (profile, created) = profiles::upsert(tx, &settings, &caller, checked)?;
        let status = if created { 201 } else { 200 };
        Output::json(status, &view::profile(&profile, tx.now_ms()))
    })
    .await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct ProfileQuery {
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^stp_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

#[utoipa::path(get, path = "/settlement_profiles", tag = "settlement", params(ProfileQuery),
    responses((status = 200, description = "The profiles, newest first (without one, the defaults apply: docs/settlement.md)", body = SettlementProfileList)))]
pub async fn list_profiles(
    Reader(state, caller): Reader,
    Params(query): Params<ProfileQuery>,
) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let rows = Rows::owned(SETTLEMENT_PROFILE.family, &caller);
    let found = list::all::<Profile>(&snapshot, rows, query.limit, query.cursor.as_deref())?;
    let now = state.now_for(&snapshot, &caller)?;
    json(200, &found.map(|p| view::profile(&p, now)))
}

#[utoipa::path(get, path = "/settlement_profiles/{id}", tag = "settlement",
    params(("id" = String, Path, description = "stp_...")),
    responses((status = 200, description = "The profile", body = SettlementProfileView),
              (status = 404, description = "settlement_profile_not_found", body = ErrorBody)))]
pub async fn retrieve_profile(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let profile = profiles::read(&snapshot, &caller, &id)?;
    json(
        200,
        &view::profile(&profile, state.now_for(&snapshot, &caller)?),
    )
}

/// What the next cycle of a profile would settle if its period ended now.
#[derive(Debug, Serialize, ToSchema)]
pub struct SettlementPreview {
    /// Always `settlement_preview`.
    object: &'static str,
    profile: String,
    /// The running cycle (`null`: nothing accrued since the last close).
    cycle: Option<String>,
    currency: String,
    period: Option<PeriodView>,
    items_count: u32,
    totals: Option<TotalsView>,
    /// The `pending` balance of the currency now (every profile's running periods).
    pending_minor: i64,
    /// What a close now would move to `settlement_pending`.
    would_settle_minor: i64,
    /// What a close now would carry into the next cycle.
    would_carry_minor: i64,
}

#[utoipa::path(get, path = "/settlement_profiles/{id}/preview", tag = "settlement",
    params(("id" = String, Path, description = "stp_...")),
    responses((status = 200, description = "What the next cycle would settle now; nothing is written", body = SettlementPreview),
              (status = 404, description = "settlement_profile_not_found", body = ErrorBody)))]
pub async fn preview(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let profile = profiles::read(&snapshot, &caller, &id)?;
    let rail = profile.rail.as_deref().unwrap_or(profiles::EVERY_RAIL);
    let key = keys::settlement_open(profile.mode, &profile.owner, rail, &profile.currency);
    let running = open_cycle(&snapshot, &key)?;
    let pending = ledger::merchant_account(
        profile.mode,
        &profile.owner,
        &profile.currency,
        Class::Pending,
    );
    let pending_minor = snapshot.balance(&pending.key())?.unwrap_or(0);
    let raw = running.as_ref().map_or(0, |c| c.totals.raw_net_minor());
    let would_settle_minor = raw.clamp(0, pending_minor.max(0));
    json(
        200,
        &SettlementPreview {
            object: "settlement_preview",
            profile: profile.id.clone(),
            cycle: running.as_ref().map(|c| c.id.clone()),
            currency: profile.currency.clone(),
            period: running.as_ref().map(|c| view::cycle(c).period),
            items_count: running.as_ref().map_or(0, |c| c.items_count),
            totals: running.as_ref().map(|c| view::totals(&c.totals)),
            pending_minor,
            would_settle_minor,
            would_carry_minor: raw - would_settle_minor,
        },
    )
}

fn open_cycle(snapshot: &Snapshot, key: &str) -> Result<Option<Cycle>, ApiError> {
    let Some(id) = snapshot.index(key)? else {
        return Ok(None);
    };
    let cycle: Option<Cycle> = snapshot.object(&String::from_utf8_lossy(&id))?;
    Ok(cycle.filter(|c| c.status == Status::Open))
}

/// A running period: when it ends and when its cycle would be due.
#[derive(Debug, Serialize, ToSchema)]
pub struct UpcomingCutOff {
    cycle: String,
    profile: Option<String>,
    rail: Option<String>,
    currency: String,
    schedule: settlement::schedule::Schedule,
    /// When its period ends (`null`: manual).
    cut_off_at: Option<String>,
    /// When it would be paid if it closed then (`null`: manual).
    due_at: Option<String>,
    running_net_minor: i64,
    items_count: u32,
}

/// A closed cycle waiting to be paid.
#[derive(Debug, Serialize, ToSchema)]
pub struct SettlementObligation {
    cycle: String,
    status: Status,
    currency: String,
    net_minor: i64,
    settlement_currency: String,
    /// `null`: manual, paid by `POST /settlement_cycles/{id}/pay`.
    due_at: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SettlementCalendar {
    /// Always `settlement_calendar`.
    object: &'static str,
    upcoming: Vec<UpcomingCutOff>,
    obligations: Vec<SettlementObligation>,
    /// The last closed cycles, newest first (at most 10).
    recent: Vec<SettlementCycleView>,
}

/// Running periods and cycles the calendar looks at, at most.
const CALENDAR_ROWS_MAX: usize = 200;
const CALENDAR_RECENT_MAX: usize = 10;

#[utoipa::path(get, path = "/settlement_calendar", tag = "settlement",
    responses((status = 200, description = "Upcoming cut-offs, closed cycles waiting to be paid, recent cycles", body = SettlementCalendar)))]
pub async fn calendar(Reader(state, caller): Reader) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let prefix = keys::settlement_open_prefix(caller.mode, caller.owner());
    let mut upcoming = Vec::new();
    for (key, _) in snapshot.scan_index(&prefix, None, CALENDAR_ROWS_MAX)? {
        let Some(cycle) = open_cycle(&snapshot, &key)? else {
            continue;
        };
        let schedule = cycle.plan.schedule;
        let due = match (cycle.plan.sandbox_period_ms, cycle.period_to_ms) {
            (Some(_), end) => end,
            (None, Some(end)) => settlement::schedule::due_at(schedule, end),
            (None, None) => None,
        };
        upcoming.push(UpcomingCutOff {
            cycle: cycle.id.clone(),
            profile: cycle.plan.profile.clone(),
            rail: cycle.rail.clone(),
            currency: cycle.currency.clone(),
            schedule,
            cut_off_at: cycle.period_to_ms.map(crate::clock::rfc3339),
            due_at: due.map(crate::clock::rfc3339),
            running_net_minor: cycle.totals.raw_net_minor(),
            items_count: cycle.items_count,
        });
    }
    let rows = Rows::owned(SETTLEMENT_CYCLE.family, &caller);
    let cycles = list::page(
        &snapshot,
        rows,
        Some(list::LIST_LIMIT_MAX),
        None,
        |c: &Cycle| c.status != Status::Open,
    )?;
    let mut obligations = Vec::new();
    let mut recent = Vec::new();
    cycles.map(|cycle| {
        if matches!(cycle.status, Status::Closed | Status::Paying) {
            obligations.push(SettlementObligation {
                cycle: cycle.id.clone(),
                status: cycle.status,
                currency: cycle.currency.clone(),
                net_minor: cycle.net_minor,
                settlement_currency: cycle.plan.settlement_currency.clone(),
                due_at: cycle.due_at_ms.map(crate::clock::rfc3339),
            });
        }
        if recent.len() < CALENDAR_RECENT_MAX {
            recent.push(view::cycle(&cycle));
        }
    });
    json(
        200,
        &SettlementCalendar {
            object: "settlement_calendar",
            upcoming,
            obligations,
            recent,
        },
    )
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct CycleQuery {
    /// Only cycles in this status.
    status: Option<Status>,
    /// Only cycles of this currency.
    #[param(pattern = "^[A-Z]{3}$")]
    currency: Option<String>,
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^sc_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

#[utoipa::path(get, path = "/settlement_cycles", tag = "settlement", params(CycleQuery),
    responses((status = 200, description = "Cycles, newest first (running ones included)", body = SettlementCycleList)))]
pub async fn list_cycles(
    Reader(state, caller): Reader,
    Params(query): Params<CycleQuery>,
) -> Result<Response, ApiError> {
    if let Some(c) = query.currency.as_deref() {
        currency::parse("currency", c)?;
    }
    let keep = |c: &Cycle| {
        query.status.is_none_or(|s| c.status == s)
            && query
                .currency
                .as_deref()
                .is_none_or(|cur| c.currency == cur)
    };
    let snapshot = state.store.snapshot()?;
    let rows = Rows::owned(SETTLEMENT_CYCLE.family, &caller);
    let found = list::page(&snapshot, rows, query.limit, query.cursor.as_deref(), keep)?;
    json(200, &found.map(|c| view::cycle(&c)))
}

/// `POST /settlement_cycles`: which running period to close.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CloseCycle {
    /// The profile whose period to close (`stp_...`); or name `currency`
    /// (and `rail`) for the period the defaults or a profile of them govern.
    #[schema(pattern = "^stp_[a-z0-9]{1,64}$")]
    profile: Option<String>,
    /// ISO 4217, when `profile` is left out.
    #[schema(example = "CDF")]
    currency: Option<String>,
    /// `mobile_money`, `card`, `bank`, `wallet` or `qr`; left out: the
    /// currency's every-rail period.
    rail: Option<String>,
    /// Pay it at once too, whatever its schedule says. Default false.
    pay: Option<bool>,
}

#[utoipa::path(post, path = "/settlement_cycles", tag = "settlement", request_body = CloseCycle,
    responses((status = 201, description = "The closed cycle (SKIPPED when nothing accrued; paid when `pay` or its schedule is T0)", body = SettlementCycleView),
              (status = 400, description = "A field (`param` names it); nothing written", body = ErrorBody),
              (status = 404, description = "settlement_profile_not_found", body = ErrorBody)))]
pub async fn close_cycle(
    Write(state, caller, claim): Write,
    Body(input): Body<CloseCycle>,
) -> Result<Response, ApiError> {
    let currency = input
        .currency
        .as_deref()
        .map(|c| currency::parse("currency", c).map(|c| c.code))
        .transpose()?;
    let rail = input
        .rail
        .as_deref()
        .map(|r| {
            crate::rails::RAILS
                .iter()
                .find(|x| **x == r)
                .copied()
                .ok_or_else(|| {
                    ApiError::field(
                        "rail",
                        format!(
                            "rail must be one of {} (got {r:?})",
                            crate::rails::RAILS.join(", ")
                        ),
                    )
                })
        })
        .transpose()?;
    if input.profile.is_none() && currency.is_none() {
        return Err(ApiError::field(
            "currency",
            "name the period to close: a profile (stp_...) or a currency (with an optional rail)",
        ));
    }
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let (mode, owner) = (caller.mode, caller.owner().to_string());
        let (rail, currency): (Option<String>, String) = match &input.profile {
            Some(id) => {
                let profile =
                    profiles::read(tx, &caller, id).map_err(|e| e.with_param("profile"))?;
                (profile.rail.clone(), profile.currency.clone())
            }
            None => (
                rail.map(str::to_string),
                currency.unwrap_or_default().to_string(),
            ),
        };
        let place = Place {
            mode,
            owner: &owner,
            rail: rail.as_deref(),
            currency: &currency,
        };
        let mut cycle = cycles::close_now(tx, &settings, place)?;
        if input.pay == Some(true) && cycle.status == Status::Closed {
            settlement::pay::pay(tx, &settings, &mut cycle, Actor::Api)?;
            cycles::save(tx, &cycle)?;
        }
        Ok(view::cycle(&cycle))
    })
    .await
}

#[utoipa::path(post, path = "/settlement_cycles/{id}/pay", tag = "settlement",
    params(("id" = String, Path, description = "sc_...")),
    responses((status = 200, description = "PAID, PAYING (a payout on its way) or FAILED (`failure_reason`: under the minimum, the net carries into the next cycle)", body = SettlementCycleView),
              (status = 404, description = "settlement_cycle_not_found", body = ErrorBody),
              (status = 409, description = "cycle_not_payable: only a CLOSED cycle is paid", body = ErrorBody)))]
pub async fn pay_cycle(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let mut cycle = settlement::read(tx, &caller, &id)?;
        settlement::pay::pay(tx, &settings, &mut cycle, Actor::Api)?;
        cycles::save(tx, &cycle)?;
        Ok(view::cycle(&cycle))
    })
    .await
}

#[derive(Debug, Clone, Copy, Default, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum StatementFormat {
    #[default]
    Json,
    Csv,
    Pdf,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct StatementQuery {
    /// `json` (default), `csv` or `pdf`: the same lines and totals.
    #[param(inline)]
    format: Option<StatementFormat>,
}

#[utoipa::path(get, path = "/settlement_cycles/{id}/statement", tag = "settlement",
    params(("id" = String, Path, description = "sc_..."), StatementQuery),
    responses((status = 200, description = "The statement, numbered and hashed: JSON, CSV (`#` header lines, then the lines) or PDF",
                content((SettlementStatementView = "application/json"), (String = "text/csv"), (String = "application/pdf"))),
              (status = 404, description = "settlement_cycle_not_found", body = ErrorBody),
              (status = 409, description = "cycle_not_closed: the period still runs", body = ErrorBody)))]
pub async fn statement_of(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
    Params(query): Params<StatementQuery>,
) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let cycle = settlement::read(&snapshot, &caller, &id)?;
    let statement = build(&snapshot, &cycle)?;
    let filename = |ext: &str| format!("attachment; filename=\"{}.{ext}\"", statement.number);
    match query.format.unwrap_or_default() {
        StatementFormat::Json => json(200, &statement),
        StatementFormat::Csv => {
            let body = statement::csv(&statement)?;
            let headers = [
                (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
                (header::CONTENT_DISPOSITION, filename("csv")),
            ];
            Ok((StatusCode::OK, headers, body).into_response())
        }
        StatementFormat::Pdf => {
            let body = tokio::task::spawn_blocking(move || {
                settlement::pdf::render(&statement).map(|bytes| (bytes, statement.number))
            })
            .await
            .map_err(ApiError::internal)??;
            let headers = [
                (header::CONTENT_TYPE, "application/pdf".to_string()),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"{}.pdf\"", body.1),
                ),
            ];
            Ok((StatusCode::OK, headers, body.0).into_response())
        }
    }
}

fn build(snapshot: &Snapshot, cycle: &Cycle) -> Result<SettlementStatementView, ApiError> {
    let name = org::name_of(snapshot, &cycle.owner)?;
    let name = if name.is_empty() {
        cycle.owner.clone()
    } else {
        name
    };
    statement::build(snapshot, cycle, name)
}

/// Items `GET /settlements/{id}` shows at most; the statement has them all.
const ITEMS_SHOWN_MAX: u32 = 100;

/// The statement's summary.
#[derive(Debug, Serialize, ToSchema)]
pub struct StatementSummary {
    number: String,
    hash: String,
    lines: usize,
    /// `GET /settlement_cycles/{id}/statement?format=json|csv|pdf`.
    formats: [&'static str; 3],
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Settlement)]
pub struct SettlementDetailView {
    #[serde(flatten)]
    cycle: SettlementCycleView,
    /// The first 100 items, in order (all of them are in the statement).
    items: Vec<SettlementItemView>,
    items_has_more: bool,
    /// `null` while the period runs.
    statement: Option<StatementSummary>,
}

#[utoipa::path(get, path = "/settlements/{id}", tag = "settlement",
    params(("id" = String, Path, description = "sc_...")),
    responses((status = 200, description = "The cycle with its items and its statement's summary", body = SettlementDetailView),
              (status = 404, description = "settlement_cycle_not_found", body = ErrorBody)))]
pub async fn retrieve_settlement(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let cycle = settlement::read(&snapshot, &caller, &id)?;
    let shown = cycle.items_count.min(ITEMS_SHOWN_MAX);
    let mut items = Vec::with_capacity(shown as usize);
    for seq in 0..shown {
        if let Some(item) = settlement::item(&snapshot, &cycle.id, seq)? {
            items.push(view::item(&item));
        }
    }
    let statement = match cycle.status {
        Status::Open => None,
        _ => {
            let s = build(&snapshot, &cycle)?;
            Some(StatementSummary {
                number: s.number,
                hash: s.hash,
                lines: s.lines.len(),
                formats: ["json", "csv", "pdf"],
            })
        }
    };
    json(
        200,
        &SettlementDetailView {
            cycle: view::cycle(&cycle),
            items,
            items_has_more: cycle.items_count > shown,
            statement,
        },
    )
}
