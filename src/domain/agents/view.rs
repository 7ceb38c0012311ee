//! What the API shows of a run: the origin's fields (snake_case), with the
//! ACU shown and no provider or model, ever (spec section 2).

use serde::Serialize;
use serde_json::Value;

use super::{Depth, Named, Run, RunError, Status, Tier, registry};
use crate::clock::rfc3339;

/// The agent that ran (the origin's `agent {key, name}`).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct AgentRef {
    /// `smart_route`, `fraud_scorer`, `analyst`.
    pub key: &'static str,
    /// The canonical name: `RouteOptimiser`, `FraudScorer`, `SavingsAdvisor`.
    pub name: &'static str,
}

pub fn agent_ref(agent: &Named) -> AgentRef {
    AgentRef {
        key: agent.key,
        name: agent.name,
    }
}

/// What the run cost.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = AgentRunBilling)]
pub struct Billing {
    pub tier: Tier,
    /// Agent compute units (1 ACU = 1 US cent): 5 standard, 90 deep.
    pub acu: i64,
    /// The price in `currency`, tax included (0 for a free run).
    pub amount_minor: i64,
    /// The tax inside `amount_minor` (20 %).
    pub tax_minor: i64,
    pub currency: String,
    /// Whether the price was taken (once completed, and not free).
    pub charged: bool,
    /// The ledger posting that took it.
    pub transaction: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RunView {
    /// `run_...`.
    pub id: String,
    /// Always `agent_run`.
    pub object: &'static str,
    pub livemode: bool,
    pub agent: AgentRef,
    pub status: Status,
    pub depth: Depth,
    pub input: String,
    /// What the analysis says, for a person; once completed.
    pub output: Option<String>,
    /// What the analysis found, for a program (its shape per agent is in
    /// `docs/agents.md`); once completed.
    #[schema(value_type = Option<Object>)]
    pub result: Option<Value>,
    pub billing: Billing,
    /// Why it failed.
    pub error: Option<RunError>,
    pub created_at: String,
    pub completed_at: Option<String>,
}

/// The answer of `POST /ai/{agent}` (the origin's `{run, agent}`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StartedRun {
    pub run: RunView,
    pub agent: AgentRef,
}

pub fn view(run: &Run) -> RunView {
    let agent = registry::by_key(&run.agent).map_or(
        AgentRef {
            key: "unknown",
            name: "unknown",
        },
        agent_ref,
    );
    RunView {
        id: run.id.clone(),
        object: "agent_run",
        livemode: run.mode.livemode(),
        agent,
        status: run.status,
        depth: run.depth,
        input: run.input.clone(),
        output: run.output.as_ref().map(|o| o.summary.clone()),
        result: run.output.as_ref().map(|o| o.result.clone()),
        billing: Billing {
            tier: run.tier,
            acu: run.acu,
            amount_minor: run.amount_minor,
            tax_minor: run.tax_minor,
            currency: run.currency.clone(),
            charged: run.transaction.is_some(),
            transaction: run.transaction.clone(),
        },
        error: run.error.clone(),
        created_at: rfc3339(run.created_at_ms),
        completed_at: run.completed_at_ms.map(rfc3339),
    }
}
