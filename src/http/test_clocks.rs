//! Test clocks (issue 17): the sandbox's own time, moved forward on request.

use crate::domain::test_clocks::TEST_CLOCK;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use utoipa::ToSchema;

use super::command;
use super::command::Write;
use super::extract::{Body, Params, Path, Reader, json};
use super::list::{self, Rows, named_list};
use super::operations::operations;
use super::webhooks::DeletedView;
use crate::domain::test_clocks::{self, NewClock, TestClock, TestClockView};
use crate::error::{ApiError, ErrorBody};

operations! {
    create: scope("test_clocks:write").added(),
    list: scope("test_clocks:read").added(),
    retrieve: scope("test_clocks:read").added(),
    delete: scope("test_clocks:write").added(),
    advance: scope("test_clocks:write").added(),
    attach: scope("test_clocks:write").added(),
    detach: scope("test_clocks:write").added(),
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTestClock {
    /// The clock's time, RFC 3339 (`2026-09-01T00:00:00Z`).
    #[schema(format = DateTime)]
    pub frozen_time: String,
    #[schema(max_length = 100)]
    pub name: Option<String>,
    /// Attach it at once: the organisation's sandbox follows it.
    pub attach: Option<bool>,
}

fn frozen_time(value: &str) -> Result<i64, ApiError> {
    crate::clock::parse_param("frozen_time", Some(value))?
        .ok_or_else(|| ApiError::field("frozen_time", "frozen_time is required"))
}

/// Creates a test clock (an addition to the spec, for the sandbox: test keys only).
#[utoipa::path(post, path = "/test_clocks", tag = "test_clocks", request_body = CreateTestClock,
    responses((status = 201, description = "The clock (test keys only)", body = TestClockView),
              (status = 403, description = "livemode_forbidden: a live key", body = ErrorBody)))]
pub async fn create(
    Write(state, caller, claim): Write,
    Body(input): Body<CreateTestClock>,
) -> Result<Response, ApiError> {
    test_clocks::require_test_mode(&caller)?;
    let new = NewClock {
        frozen_time_ms: frozen_time(&input.frozen_time)?,
        name: input.name,
        attach: input.attach.unwrap_or(false),
    };
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        Ok(test_clocks::view(&test_clocks::create(tx, &caller, new)?))
    })
    .await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct ClockQuery {
    /// 1 to 200; default 50.
    #[param(minimum = 1, maximum = 200)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^clock_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

named_list!(TestClockList of TestClockView, "Newest first.");

/// Lists the sandbox's test clocks (an addition to the spec).
#[utoipa::path(get, path = "/test_clocks", tag = "test_clocks", params(ClockQuery),
    responses((status = 200, description = "The sandbox's clocks, newest first", body = TestClockList)))]
pub async fn list(
    Reader(state, caller): Reader,
    Params(query): Params<ClockQuery>,
) -> Result<Response, ApiError> {
    test_clocks::require_test_mode(&caller)?;
    let rows = Rows::owned(TEST_CLOCK.family, &caller);
    let snapshot = state.store.snapshot()?;
    let found = list::all::<TestClock>(&snapshot, rows, query.limit, query.cursor.as_deref())?;
    json(200, &found.map(|c| test_clocks::view(&c)))
}

/// Retrieves a test clock (an addition to the spec).
#[utoipa::path(get, path = "/test_clocks/{id}", tag = "test_clocks",
    params(("id" = String, Path, description = "clock_...")),
    responses((status = 200, description = "The clock; `status` is `advancing` until an advance is done", body = TestClockView)))]
pub async fn retrieve(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let clock = test_clocks::read(&state.store.snapshot()?, &caller, &id)?;
    json(200, &test_clocks::view(&clock))
}

/// Deletes a test clock, detaching it first (an addition to the spec).
#[utoipa::path(delete, path = "/test_clocks/{id}", tag = "test_clocks",
    params(("id" = String, Path, description = "clock_...")),
    responses((status = 200, description = "Deleted (detached first: the sandbox returns to real time)", body = DeletedView),
              (status = 409, description = "test_clock_advancing", body = ErrorBody)))]
pub async fn delete(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let clock = test_clocks::delete(tx, &caller, &id)?;
        Ok(DeletedView {
            id: clock.id,
            object: "test_clock",
            deleted: true,
        })
    })
    .await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AdvanceTestClock {
    /// The new time, later than the clock's, at most two years later.
    #[schema(format = DateTime)]
    pub frozen_time: String,
}

/// Advances a test clock: the sandbox's timers due by the new time fire in due order (an addition to the spec).
#[utoipa::path(post, path = "/test_clocks/{id}/advance", tag = "test_clocks", request_body = AdvanceTestClock,
    params(("id" = String, Path, description = "clock_...")),
    responses((status = 200, description = "The clock, `advancing`: every timer of the sandbox due by the new time fires in due order; then `ready` (event test_clock.ready)", body = TestClockView),
              (status = 409, description = "test_clock_advancing: an advance is running", body = ErrorBody),
              (status = 422, description = "test_clock_advance_too_large: over two years or 10,000 timers; nothing changed", body = ErrorBody)))]
pub async fn advance(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(input): Body<AdvanceTestClock>,
) -> Result<Response, ApiError> {
    let to_ms = frozen_time(&input.frozen_time)?;
    let clock_id = id.clone();
    let answer = command::apply(&state, claim, StatusCode::OK, move |tx| {
        Ok(test_clocks::view(&test_clocks::start_advance(
            tx, &caller, &id, to_ms,
        )?))
    })
    .await?;
    // A replay finds the clock ready or advancing already: the runner of an
    // advance that is over ends at once.
    tokio::spawn(crate::outbox::timers::advance(
        state.writer.clone(),
        state.settings.clone(),
        clock_id,
    ));
    Ok(answer)
}

/// Attaches a test clock to the organisation's sandbox (an addition to the spec).
#[utoipa::path(post, path = "/test_clocks/{id}/attach", tag = "test_clocks",
    params(("id" = String, Path, description = "clock_...")),
    responses((status = 200, description = "Attached: the organisation's sandbox reads its time from the clock", body = TestClockView)))]
pub async fn attach(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        Ok(test_clocks::view(&test_clocks::attach(tx, &caller, &id)?))
    })
    .await
}

/// Detaches a test clock: the sandbox returns to real time (an addition to the spec).
#[utoipa::path(post, path = "/test_clocks/{id}/detach", tag = "test_clocks",
    params(("id" = String, Path, description = "clock_...")),
    responses((status = 200, description = "Detached: the sandbox returns to real time; the clock's waiting timers wait for real time", body = TestClockView)))]
pub async fn detach(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        Ok(test_clocks::view(&test_clocks::detach(tx, &caller, &id)?))
    })
    .await
}
