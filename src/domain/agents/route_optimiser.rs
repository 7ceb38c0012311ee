//! RouteOptimiser (`smart_route`): the rails for a described payment or
//! transfer, best first, with the reasons, from the one ranking of the
//! gateway (`domain::ranking`, `docs/ranking.md`): the same candidates,
//! scores and order `GET /payment_intents/{id}/methods` and
//! `POST /transfers/quote` give for the same facts.
//!
//! Context: `amount_minor` (required), `currency` (default CDF), `kind`
//! `payment` (default) or `transfer`, `country`; for a payment `rails`
//! (default every collecting rail) and `policy` (default `smart`); for a
//! transfer `method` `mobile_money` (default) or `bank`. A deep run ranks
//! under every policy and names each one's best rail.

use serde_json::{Value, json};

use super::history::History;
use super::{Agent, Depth, Input, Output};
use crate::auth::Principal;
use crate::domain::currency;
use crate::domain::ranking::{self, MethodQuery, Policy, RouteQuery};
use crate::error::ApiError;
use crate::rails::{RAILS, RailKind};

pub struct RouteOptimiser;

/// The largest amount described, in minor units.
const AMOUNT_MINOR_MAX: i64 = 1_000_000_000_000;
const POLICIES: [Policy; 4] = [
    Policy::Smart,
    Policy::Cheapest,
    Policy::Fastest,
    Policy::MostReliable,
];

impl Agent for RouteOptimiser {
    fn run(&self, read: &dyn History, input: &Input) -> Result<Output, ApiError> {
        let principal = &input.principal;
        let amount_minor = input
            .int("amount_minor", 1, AMOUNT_MINOR_MAX)?
            .ok_or_else(|| {
                ApiError::field(
                    "context.amount_minor",
                    "context.amount_minor is required: the amount to route, in minor units",
                )
            })?;
        let code = input.text("currency", 3)?.unwrap_or_else(|| "CDF".into());
        let currency = currency::parse("context.currency", &code)?.code;
        let country = input.text("country", 2)?.map(|c| c.to_ascii_uppercase());
        let policy = match input.text("policy", 32)? {
            Some(p) => serde_json::from_value(Value::String(p.clone())).map_err(|_| {
                ApiError::field("context.policy", format!("context.policy must be smart, cheapest, fastest or most_reliable (got {p:?})"))
            })?,
            None => Policy::Smart,
        };
        let kind = input.text("kind", 16)?.unwrap_or_else(|| "payment".into());
        let reader = read;
        let rank = |policy: Policy| -> Result<Vec<Value>, ApiError> {
            match kind.as_str() {
                "payment" => payment(
                    &reader,
                    principal,
                    input,
                    amount_minor,
                    country.as_deref(),
                    policy,
                ),
                "transfer" => transfer(
                    &reader,
                    principal,
                    input,
                    currency,
                    country.as_deref(),
                    policy,
                ),
                other => Err(ApiError::field(
                    "context.kind",
                    format!("context.kind must be payment or transfer (got {other:?})"),
                )),
            }
        };
        let ranked = rank(policy)?;
        let mut result = json!({
            "kind": kind,
            "amount_minor": amount_minor,
            "currency": currency,
            "policy": policy,
            "ranked": ranked,
            "best": ranked.first().and_then(|r| r.get("rail_id").or_else(|| r.get("operator")).cloned()),
        });
        if input.depth == Depth::Deep {
            let mut by_policy = serde_json::Map::new();
            for p in POLICIES {
                let best = rank(p)?
                    .first()
                    .and_then(|r| r.get("rail_id").or_else(|| r.get("operator")).cloned());
                by_policy.insert(
                    serde_json::to_value(p)
                        .map_err(ApiError::internal)?
                        .as_str()
                        .unwrap_or_default()
                        .to_string(),
                    best.unwrap_or(Value::Null),
                );
            }
            result["best_by_policy"] = Value::Object(by_policy);
        }
        let summary = summary(&kind, &ranked);
        Ok(Output { summary, result })
    }
}

/// The payment's methods, as an intent of these facts would rank them.
fn payment(
    reader: &&dyn History,
    principal: &Principal,
    input: &Input,
    amount_minor: i64,
    country: Option<&str>,
    policy: Policy,
) -> Result<Vec<Value>, ApiError> {
    let rails: Vec<String> = match input.context.get("rails") {
        None | Some(Value::Null) => RAILS.iter().map(|r| r.to_string()).collect(),
        Some(Value::Array(items))
            if items.len() <= RAILS.len()
                && items
                    .iter()
                    .all(|r| r.as_str().is_some_and(|r| RAILS.contains(&r))) =>
        {
            items
                .iter()
                .filter_map(|r| r.as_str().map(String::from))
                .collect()
        }
        Some(_) => {
            return Err(ApiError::field(
                "context.rails",
                format!("context.rails must be a list of {}", RAILS.join(", ")),
            ));
        }
    };
    let query = MethodQuery {
        mode: principal.mode,
        rails: &rails,
        allowed_operators: &[],
        country,
        amount_minor,
        policy,
    };
    let ranked = ranking::methods(reader, &query, input.now_ms)?;
    ranked
        .iter()
        .map(|m| serde_json::to_value(m).map_err(ApiError::internal))
        .collect()
}

/// The transfer's payout rails, as a transfer quote would rank them.
fn transfer(
    reader: &&dyn History,
    principal: &Principal,
    input: &Input,
    currency: &str,
    country: Option<&str>,
    policy: Policy,
) -> Result<Vec<Value>, ApiError> {
    let method = match input.text("method", 16)?.as_deref() {
        None | Some("mobile_money") => RailKind::MobileMoney,
        Some("bank") => RailKind::Bank,
        Some(other) => {
            return Err(ApiError::field(
                "context.method",
                format!("context.method must be mobile_money or bank (got {other:?})"),
            ));
        }
    };
    let query = RouteQuery {
        mode: principal.mode,
        currency,
        method,
        country,
        policy,
    };
    let ranked = ranking::routes(reader, &query, input.now_ms)?;
    ranked
        .iter()
        .map(|r| serde_json::to_value(r).map_err(ApiError::internal))
        .collect()
}

/// One line per candidate: its place, name, score and why.
fn summary(kind: &str, ranked: &[Value]) -> String {
    if ranked.is_empty() {
        return format!("No rail of this gateway serves this {kind}.");
    }
    let mut lines = vec![format!(
        "{} rails ranked for this {kind}, best first:",
        ranked.len()
    )];
    for r in ranked {
        let c = &r["components"];
        let why = match r.get("reason").and_then(Value::as_str) {
            Some(reason) => format!(" ({reason})"),
            None => String::new(),
        };
        lines.push(format!(
            "{}. {} — score {}{why}: success {}, latency {}, cost {}, health {}, preference {}",
            r["rank"],
            r["name"].as_str().unwrap_or_default(),
            r["score"],
            c["success"],
            c["latency"],
            c["cost"],
            c["health"],
            c["preference"]
        ));
    }
    lines.join("\n")
}
