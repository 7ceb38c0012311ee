//! Agent runs (spec section 4.13): `POST /ai/{agent}` and `GET /ai/runs/{id}`.

use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::command;
use super::command::Write;
use super::extract::{Body, Path, Reader, json};
use super::operations::operations;
use crate::domain::agents::{self, Depth, Request, RunView, StartedRun};
use crate::domain::currency;
use crate::error::{ApiError, ErrorBody};

operations! {
    run: scope("ai:run").moving_money(),
    retrieve: scope("ai:run"),
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RunAgent {
    /// What is asked, 2 to 4,000 characters once trimmed (kept on the run).
    #[schema(min_length = 1, max_length = 4000)]
    pub input: String,
    /// The facts the analysis reads (per agent, `docs/agents.md`):
    /// RouteOptimiser `amount_minor`, `currency`, `kind`, `country`, `rails`,
    /// `method`, `policy`; FraudScorer `payment_intent` or `msisdn` (and
    /// `amount_minor`); SavingsAdvisor none. At most 32 keys, 8 KiB.
    #[schema(value_type = Option<Object>)]
    pub context: Option<Map<String, Value>>,
    /// `standard` (default, 5 ACU) or `deep` (90 ACU).
    pub depth: Option<Depth>,
    /// Default true: answer 200 with the completed run. False: 202 with the
    /// queued run, completed in the background (read it with `GET /ai/runs/{id}`).
    pub wait: Option<bool>,
    /// The currency the price is taken in (default: the organisation's
    /// default currency, else CDF); converted from ACU at the mode's rate.
    #[schema(example = "CDF")]
    pub currency: Option<String>,
}

#[utoipa::path(post, path = "/ai/{agent}", tag = "agents", request_body = RunAgent,
    params(("agent" = String, Path, description = "RouteOptimiser, FraudScorer or SavingsAdvisor (any case; also their keys smart_route, fraud_scorer, analyst)")),
    responses((status = 200, description = "The completed run (`wait` true) and its agent; its price is in the ledger", body = StartedRun),
              (status = 202, description = "The queued run (`wait` false); it completes in the background", body = StartedRun),
              (status = 400, description = "A field (`param`: `input`, `context`, `context.amount_minor`, ...); nothing charged", body = ErrorBody),
              (status = 404, description = "agent_not_found (`details.agents` lists the agents), or intent_not_found for a FraudScorer context", body = ErrorBody),
              (status = 422, description = "insufficient_funds (the price), fx_rate_unavailable; nothing charged", body = ErrorBody),
              (status = 429, description = "neural_quota_exceeded: 30 runs a minute or 20 paid runs a day; nothing charged", body = ErrorBody)))]
pub async fn run(
    Write(state, caller, claim): Write,
    Path(name): Path<String>,
    Body(body): Body<RunAgent>,
) -> Result<Response, ApiError> {
    let agent = agents::find(&name)?;
    let context = body.context.unwrap_or_default();
    let input = agents::check(&body.input, &context)?;
    let currency = match &body.currency {
        Some(code) => Some(currency::parse("currency", code)?.code.to_string()),
        None => None,
    };
    let request = Request {
        agent,
        input,
        context,
        depth: body.depth.unwrap_or_default(),
        wait: body.wait.unwrap_or(true),
        currency,
    };
    if !request.wait {
        return command::apply(&state, claim, StatusCode::ACCEPTED, move |tx| {
            let run = agents::start(tx, &caller, &request)?;
            Ok(started(&run))
        })
        .await;
    }
    // The analysis reads one snapshot on this worker; the writer only
    // admits, charges and stores.
    let snapshot = state.store.snapshot()?;
    let now_ms = state.now_for(&snapshot, &caller)?;
    let output = agent
        .analysis
        .run(&snapshot, &request.input(&caller, now_ms))?;
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let run = agents::run_now(tx, &caller, &request, output)?;
        Ok(started(&run))
    })
    .await
}

fn started(run: &agents::Run) -> StartedRun {
    let view = agents::view(run);
    let agent = view.agent.clone();
    StartedRun { run: view, agent }
}

#[utoipa::path(get, path = "/ai/runs/{id}", tag = "agents",
    params(("id" = String, Path, description = "run_...")),
    responses((status = 200, description = "The run: queued, completed (with its output) or failed (with its error)", body = RunView),
              (status = 404, description = "run_not_found", body = ErrorBody)))]
pub async fn retrieve(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let run = agents::read(&state.store.snapshot()?, &caller, &id)?;
    json(200, &agents::view(&run))
}
