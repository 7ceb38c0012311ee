//! Metered agent runs (spec sections 2 and 4.13; origin behaviour sections 13
//! and 25): `POST /ai/{agent}` runs one of the gateway's agents over the
//! organisation's own data and answers with the run; `GET /ai/runs/{id}`
//! reads it again.
//!
//! The origin ran hosted language models. An appliance cannot depend on a
//! model provider, and the spec says provider and model are never
//! disclosed, so each agent here is a deterministic, documented analysis
//! behind the [`Agent`] trait (`docs/agents.md`): a hosted model can be
//! plugged in later behind the same trait without changing the API.
//!
//! - [`RouteOptimiser`](route_optimiser): the ranked rails for a payment or
//!   a transfer, from the one ranking module of intents and transfer quotes;
//! - [`FraudScorer`](fraud_scorer): a 0–100 risk score from weighted rules
//!   over the organisation's intents and attempts;
//! - [`SavingsAdvisor`](savings_advisor): fees paid per rail from the ledger,
//!   and what a cheaper rail or a weekly payout would have saved.
//!
//! Money: a run is admitted inside the writer (quotas and price,
//! [`metering`]); its price is posted when it completes, in the same command
//! (available → fee revenue and tax payable, `CauseKind::AgentRun`). A run
//! with `wait: false` is stored QUEUED with a timer due at once
//! (`TimerKind::AgentRun`): the timer completes it, so a restart still does.

pub mod fraud_scorer;
pub mod history;
pub mod metering;
pub mod registry;
pub mod route_optimiser;
pub mod savings_advisor;
pub mod state;
mod view;

use crate::domain::resource::Kind;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

pub use self::history::History;
pub use self::metering::{Depth, Tier};
pub use self::registry::{Named, find};
pub use self::state::Status;
use self::state::{Refusal, Trigger, transition};
pub use self::view::{RunView, StartedRun, view};
use super::resource;
use crate::auth::Principal;
use crate::domain::{currency, fx, org, test_clocks};
use crate::error::{ApiError, Code, Missing};
use crate::ledger::{self, Cause, CauseKind, Class, Posting, System};
use crate::mode::Mode;
use crate::scheduler::{self, TimerKind};
use crate::store::keys::{self, Family};
use crate::store::{Read, Tx};

/// Characters of a run's `input`, after trimming: 2 to 4,000 (origin).
pub const INPUT_CHARS_MIN: usize = 2;
pub const INPUT_CHARS_MAX: usize = 4_000;
/// Keys of a run's `context`, and its size as JSON, at most.
pub const CONTEXT_KEYS_MAX: usize = 32;
pub const CONTEXT_BYTES_MAX: usize = 8_192;
/// The currency charged when neither the request nor the organisation names one.
pub const CURRENCY_DEFAULT: &str = "CDF";

/// One agent: a pure analysis over one state of the store. Its names are
/// data of the registry ([`registry::Named`]).
pub trait Agent: Sync {
    /// Analyses `read` for the input's principal. A 4xx error names the
    /// context field at fault (`context.amount_minor`); nothing is written
    /// either way.
    fn run(&self, read: &dyn History, input: &Input) -> Result<Output, ApiError>;
}

/// What a run is asked, and by whom: the principal whose records the
/// analyses read, the text, the structured context they read, the depth
/// and the sandbox's "now".
#[derive(Debug, Clone)]
pub struct Input {
    pub principal: Principal,
    /// The question as asked: the deterministic analyses read the context;
    /// a model-backed agent plugged in behind the trait would read this.
    #[allow(dead_code)]
    pub text: String,
    pub context: Map<String, Value>,
    pub depth: Depth,
    pub now_ms: i64,
}

impl Input {
    /// `context.<field>` as an integer within `min..=max`, if present.
    pub fn int(&self, field: &str, min: i64, max: i64) -> Result<Option<i64>, ApiError> {
        let Some(value) = self.context.get(field).filter(|v| !v.is_null()) else {
            return Ok(None);
        };
        match value.as_i64() {
            Some(n) if (min..=max).contains(&n) => Ok(Some(n)),
            _ => Err(ApiError::field(
                format!("context.{field}"),
                format!("context.{field} must be an integer from {min} to {max} (got {value})"),
            )),
        }
    }

    /// `context.<field>` as a string of at most `max_chars`, if present.
    pub fn text(&self, field: &str, max_chars: usize) -> Result<Option<String>, ApiError> {
        let Some(value) = self.context.get(field).filter(|v| !v.is_null()) else {
            return Ok(None);
        };
        match value.as_str() {
            Some(s) if !s.trim().is_empty() && s.chars().count() <= max_chars => {
                Ok(Some(s.trim().to_string()))
            }
            _ => Err(ApiError::field(
                format!("context.{field}"),
                format!("context.{field} must be a string of 1 to {max_chars} characters"),
            )),
        }
    }
}

/// What an analysis answers: a text a person reads (the origin's `output`)
/// and the structured result a program reads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Output {
    pub summary: String,
    pub result: Value,
}

/// A checked `POST /ai/{agent}`.
#[derive(Clone)]
pub struct Request {
    pub agent: &'static Named,
    pub input: String,
    pub context: Map<String, Value>,
    pub depth: Depth,
    /// `false`: answer 202 at once and complete in the background.
    pub wait: bool,
    /// The currency the price is taken in, checked; `None`: the organisation's.
    pub currency: Option<String>,
}

impl Request {
    /// The analysis's input for `principal` at `now_ms`.
    pub fn input(&self, principal: &Principal, now_ms: i64) -> Input {
        Input {
            principal: principal.clone(),
            text: self.input.clone(),
            context: self.context.clone(),
            depth: self.depth,
            now_ms,
        }
    }
}

/// Checks `input` (2 to 4,000 characters once trimmed) and `context` (at
/// most 32 keys, 8 KiB as JSON).
pub fn check(input: &str, context: &Map<String, Value>) -> Result<String, ApiError> {
    let text = input.trim();
    let chars = text.chars().count();
    if !(INPUT_CHARS_MIN..=INPUT_CHARS_MAX).contains(&chars) {
        return Err(ApiError::field(
            "input",
            format!(
                "input must be {INPUT_CHARS_MIN} to {INPUT_CHARS_MAX} characters once trimmed (got {chars})"
            ),
        ));
    }
    let bytes = serde_json::to_vec(context)
        .map_err(ApiError::internal)?
        .len();
    if context.len() > CONTEXT_KEYS_MAX || bytes > CONTEXT_BYTES_MAX {
        return Err(ApiError::field(
            "context",
            format!(
                "context holds at most {CONTEXT_KEYS_MAX} keys and {CONTEXT_BYTES_MAX} bytes as JSON (got {} keys, {bytes} bytes)",
                context.len()
            ),
        ));
    }
    Ok(text.to_string())
}

/// Why a run failed (a background run whose analysis refused its input, or
/// whose price the balance could no longer pay).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = AgentRunError)]
pub struct RunError {
    pub code: String,
    pub message: String,
}

/// `run_...`: agent runs, `agent_run_not_found` when absent or another's.
pub const AGENT_RUN: Kind = Kind::new(
    Family::new("run"),
    Missing::new(Code::AgentRunNotFound, "agent run"),
);

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Run {
    pub id: String,
    pub mode: Mode,
    pub owner: String,
    /// The agent's key (`smart_route`).
    pub agent: String,
    pub depth: Depth,
    pub input: String,
    pub context: Map<String, Value>,
    pub status: Status,
    pub tier: Tier,
    pub acu: i64,
    /// The price, tax included, in `currency` (0 for a free run).
    pub amount_minor: i64,
    pub tax_minor: i64,
    pub currency: String,
    /// The posting that charged it, once completed (none for a free run).
    pub transaction: Option<String>,
    pub output: Option<Output>,
    pub error: Option<RunError>,
    pub wait: bool,
    pub created_at_ms: i64,
    pub completed_at_ms: Option<i64>,
}

crate::domain::resource::owned!(Run);

/// `POST /ai/{agent}` with `wait: true`: admits the run and completes it
/// with `output` (analysed from a snapshot before the command), charging
/// its price, in one command. Refused (quota, funds): nothing is written.
pub fn run_now(
    tx: &mut Tx<'_>,
    principal: &Principal,
    request: &Request,
    output: Output,
) -> Result<Run, ApiError> {
    let mut run = admit(tx, principal, request)?;
    complete(tx, &mut run, output)?;
    resource::insert(tx, AGENT_RUN.family, &run)?;
    Ok(run)
}

/// `POST /ai/{agent}` with `wait: false`: admits the run, stores it QUEUED
/// and schedules its completion at once, in real time.
pub fn start(tx: &mut Tx<'_>, principal: &Principal, request: &Request) -> Result<Run, ApiError> {
    let run = admit(tx, principal, request)?;
    resource::insert(tx, AGENT_RUN.family, &run)?;
    let due = tx.wall_ms();
    scheduler::schedule_real_time(
        tx,
        due,
        TimerKind::AgentRun {
            run: run.id.clone(),
        },
    )?;
    Ok(run)
}

/// The timer of a background run: analyses over the command's own state and
/// completes (charging) or fails it. A run no longer QUEUED (a timer fired
/// twice) is left alone, so nothing is charged twice.
pub fn on_timer(tx: &mut Tx<'_>, id: &str) -> Result<(), ApiError> {
    let Some(mut run) = tx.object::<Run>(id)? else {
        return Ok(());
    };
    if run.status != Status::Queued {
        return Ok(());
    }
    if let Some(org) = test_clocks::sandbox_of(run.mode, &run.owner) {
        test_clocks::follow(tx, &org)?;
    }
    let principal = Principal::system("agent_run", &run.owner, run.mode);
    let outcome = match registry::by_key(&run.agent) {
        Some(agent) => {
            let input = Input {
                principal,
                text: run.input.clone(),
                context: run.context.clone(),
                depth: run.depth,
                now_ms: tx.now_ms(),
            };
            agent.analysis.run(&*tx, &input)
        }
        None => Err(ApiError::new(
            Code::AgentNotFound,
            "the run's agent is no longer served",
        )),
    };
    let done = match outcome {
        Ok(output) => complete(tx, &mut run, output),
        Err(error) => Err(error),
    };
    if let Err(error) = done {
        run.status = next(run.status, Trigger::Fail)?;
        run.error = Some(RunError {
            code: error.code.as_str().to_string(),
            message: error.message,
        });
        run.completed_at_ms = Some(tx.now_ms());
    }
    tx.put_object(run.id.clone(), &run)?;
    Ok(())
}

/// The run `id` of the caller, or 404 `run_not_found`.
pub fn read(read: &impl Read, principal: &Principal, id: &str) -> Result<Run, ApiError> {
    resource::find(read, principal, id, &AGENT_RUN)
}

/// Counts the run in the quotas and prices it; short of the price in the
/// available balance, 422 `insufficient_funds`. Nothing is charged yet.
fn admit(tx: &mut Tx<'_>, principal: &Principal, request: &Request) -> Result<Run, ApiError> {
    let (mode, owner) = (principal.mode, principal.owner().to_string());
    let usage_key = keys::agent_usage(mode, &owner);
    let usage: metering::Usage = tx.object(&usage_key)?.unwrap_or_default();
    let (now, wall) = (tx.now_ms(), tx.wall_ms());
    let (usage, tier) = metering::admit(&usage, request.depth, now, wall).map_err(|refused| {
        ApiError::new(
            Code::NeuralQuotaExceeded,
            format!(
                "the agent-run quota {} is used up (30 runs a minute, 20 paid runs a day); try again in {} s; nothing was charged",
                refused.quota.as_str(),
                refused.retry_after_seconds
            ),
        )
        .with_detail("quota", refused.quota.as_str())
        .with_detail("retry_after_seconds", refused.retry_after_seconds)
    })?;
    tx.put_object(usage_key, &usage)?;
    let currency = charge_currency(tx, principal, request)?;
    let acu = metering::acu(request.depth);
    let amount_minor = match tier {
        Tier::Free => 0,
        Tier::Standard | Tier::Deep => price_minor(tx, mode, acu, &currency)?,
    };
    require_funds(tx, Some(principal), mode, &owner, &currency, amount_minor)?;
    Ok(Run {
        id: AGENT_RUN.new_id(),
        mode,
        owner,
        agent: request.agent.key.to_string(),
        depth: request.depth,
        input: request.input.clone(),
        context: request.context.clone(),
        status: Status::Queued,
        tier,
        acu,
        amount_minor,
        tax_minor: metering::tax_included_minor(amount_minor),
        currency,
        transaction: None,
        output: None,
        error: None,
        wait: request.wait,
        created_at_ms: now,
        completed_at_ms: None,
    })
}

/// The request's currency, else the organisation's default, else CDF.
fn charge_currency(
    tx: &Tx<'_>,
    principal: &Principal,
    request: &Request,
) -> Result<String, ApiError> {
    if let Some(code) = &request.currency {
        return Ok(code.clone());
    }
    let organisation = org::get(tx, &principal.org)?;
    Ok(organisation
        .and_then(|o| o.default_currency)
        .unwrap_or_else(|| CURRENCY_DEFAULT.to_string()))
}

/// `acu` in `currency`, converted from US cents at the mode's mid rate and
/// rounded up; 422 `fx_rate_unavailable` without a rate.
fn price_minor(tx: &Tx<'_>, mode: Mode, acu: i64, code: &str) -> Result<i64, ApiError> {
    if code == metering::ACU_CURRENCY {
        return Ok(acu);
    }
    let (Some(usd), Some(target)) = (currency::find(metering::ACU_CURRENCY), currency::find(code))
    else {
        return Err(
            ApiError::new(Code::InvalidCurrency, format!("{code} is not a currency"))
                .with_param("currency"),
        );
    };
    let unavailable = || {
        ApiError::new(
            Code::FxRateUnavailable,
            format!("no rate converts USD to {code} in this mode, so an agent run cannot be priced in {code}; send currency USD"),
        )
        .with_param("currency")
    };
    let mid = fx::rates::table(tx, mode)?
        .mid(usd, target)
        .ok_or_else(unavailable)?;
    let per_thousand =
        fx::convert::convert(1_000, usd, target, mid.rate).ok_or_else(unavailable)?;
    Ok(metering::convert_up(acu, per_thousand))
}

fn require_funds(
    tx: &Tx<'_>,
    reader: Option<&Principal>,
    mode: Mode,
    owner: &str,
    currency: &str,
    amount_minor: i64,
) -> Result<(), ApiError> {
    let available = ledger::balance(
        tx,
        &ledger::merchant_account(mode, owner, currency, Class::Available),
    )?;
    if available < amount_minor {
        return Err(ApiError::new(
            Code::InsufficientFunds,
            format!(
                "{}; the agent run costs {amount_minor}; nothing was charged",
                ledger::held(
                    reader,
                    &format!("the available {currency} balance"),
                    available
                )
            ),
        )
        .with_param("currency"));
    }
    Ok(())
}

/// Charges the run's price (available → fee revenue, and its included tax
/// → tax payable) and completes it with `output`.
fn complete(tx: &mut Tx<'_>, run: &mut Run, output: Output) -> Result<(), ApiError> {
    let status = next(run.status, Trigger::Complete)?;
    if run.amount_minor > 0 {
        require_funds(
            tx,
            None,
            run.mode,
            &run.owner,
            &run.currency,
            run.amount_minor,
        )?;
        let (mode, currency) = (run.mode, run.currency.as_str());
        let from = ledger::merchant_account(mode, &run.owner, currency, Class::Available);
        let cause = Cause {
            kind: CauseKind::AgentRun,
            id: run.id.clone(),
        };
        let transaction = Posting::build(mode, &run.owner, cause, &format!("agent run {}", run.id))
            .transfer(
                from.clone(),
                ledger::system_account(mode, System::FeeRevenue, currency),
                run.amount_minor - run.tax_minor,
                currency,
            )
            .transfer(
                from,
                ledger::system_account(mode, System::TaxPayable, currency),
                run.tax_minor,
                currency,
            )
            .post(tx)?;
        run.transaction = Some(transaction);
    }
    run.status = status;
    run.output = Some(output);
    run.completed_at_ms = Some(tx.now_ms());
    Ok(())
}

fn next(from: Status, trigger: Trigger) -> Result<Status, ApiError> {
    transition(from, trigger).map_err(|refusal| {
        let why = match refusal {
            Refusal::Closed => "is finished",
            _ => "cannot move so",
        };
        ApiError::internal(format!("agent run {why}: {from:?} + {trigger:?}"))
    })
}
