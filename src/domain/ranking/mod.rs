//! The one ranking of rails (spec section 1 rule 5; origin behaviour section
//! 19): intent methods (`GET /payment_intents/{id}/methods`) and transfer
//! routes (`POST /transfers/quote`) are both candidates from the rail
//! catalogue (`rails::catalogue`), scored by [`score`] under a [`Policy`]
//! from what the gateway has recorded of each rail ([`stats`]).
//!
//! - [`methods`]: an intent's methods, with the fee on its amount;
//! - [`routes`]: the payout rails for a transfer's destination method;
//! - [`record_attempt`]: the writer's one call where a rail answers an attempt.

pub mod score;
pub mod stats;

use serde::{Deserialize, Serialize};

pub use self::score::{Components, Reason};
use super::fees;
use crate::mode::Mode;
use crate::rails::catalogue::{self, CATALOGUE, Method};
use crate::rails::{self, Collection, RailKind};
use crate::store::{Read, StoreError, Tx};

/// How candidates are ordered (`payment_method_policy` of an intent,
/// `policy` of a transfer quote).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum Policy {
    /// The origin's weights: success 40, latency 15, cost 20, health 15, preference 10.
    #[default]
    Smart,
    /// Cost weighs double.
    Cheapest,
    /// Latency weighs double.
    Fastest,
    /// Success and health weigh double.
    MostReliable,
}

/// An intent's method: the answer's shape before ranking (rank, rail,
/// operator, name, fee, time, success rate) and the score that ordered it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RankedMethod {
    /// 1 for the best.
    pub rank: usize,
    pub rail: &'static str,
    pub operator: &'static str,
    pub name: &'static str,
    /// All fees on the amount (provider, service, tax).
    pub fee_minor: i64,
    pub expected_seconds: i64,
    /// Share of the last 24 h's decided attempts that succeeded, 0..1; 0.85
    /// (the prior) while fewer than 5 were decided.
    pub success_rate: f64,
    /// 0 to 100; 0 when unusable.
    #[schema(minimum = 0, maximum = 100)]
    pub score: i64,
    /// False while its circuit is open, or with no connector in this mode.
    pub usable: bool,
    /// Why it is unusable (`circuit_open`, `rail_not_configured`) or on
    /// probation (`circuit_half_open`); absent when healthy.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
    /// The fees in basis points of the amount: what the cost component compares.
    pub cost_bps: i64,
    pub components: Components,
}

/// What [`methods`] ranks: an intent's rails and payer.
pub struct MethodQuery<'a> {
    pub mode: Mode,
    pub rails: &'a [String],
    /// Mobile-money operators the payer may use; empty: any.
    pub allowed_operators: &'a [String],
    pub country: Option<&'a str>,
    pub amount_minor: i64,
    pub policy: Policy,
}

/// The fees of a collection are compared at this amount (their basis points
/// are the same at any amount, and it needs no rounding).
const COST_REFERENCE_MINOR: i64 = 1_000_000;

/// The methods open to the payer, best first, measured at `now_ms` (real time).
pub fn methods(
    read: &impl Read,
    query: &MethodQuery<'_>,
    now_ms: i64,
) -> Result<Vec<RankedMethod>, StoreError> {
    let open: Vec<&'static Method> = CATALOGUE
        .iter()
        .filter(|m| m.collects && query.rails.iter().any(|r| r == m.rail))
        .filter(|m| {
            query.allowed_operators.is_empty()
                || m.rail != "mobile_money"
                || query.allowed_operators.iter().any(|o| o == m.id)
        })
        .filter(|m| works_in(m, query.country))
        .collect();
    let cost_bps = |m: &Method| {
        fees::for_collection(m.rail, Some(m.provider_bps), COST_REFERENCE_MINOR).total_minor()
            * 10_000
            / COST_REFERENCE_MINOR
    };
    let inputs = candidates(read, query.mode, &open, cost_bps, now_ms)?;
    let ranked = score::rank(&inputs, query.policy);
    Ok(ranked
        .iter()
        .enumerate()
        .map(|(place, scored)| {
            let method = open[scored.index];
            let input = &inputs[scored.index];
            RankedMethod {
                rank: place + 1,
                rail: method.rail,
                operator: method.id,
                name: method.name,
                fee_minor: fees::for_collection(
                    method.rail,
                    Some(method.provider_bps),
                    query.amount_minor,
                )
                .total_minor(),
                expected_seconds: method.expected_seconds,
                success_rate: success_rate(&input.measured),
                score: scored.score,
                usable: scored.usable,
                reason: scored.reason,
                cost_bps: input.cost_bps,
                components: scored.components,
            }
        })
        .collect())
}

/// A payout route of a transfer quote (origin behaviour section 19 `routes`).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Route {
    /// 1 for the best.
    pub rank: usize,
    /// The catalogue rail: `mpesa`, `airtel`, `bank_transfer`, `switch`, ...
    pub rail_id: &'static str,
    /// Its family: `mobile_money` or `bank`.
    pub rail: &'static str,
    pub name: &'static str,
    /// 0 to 100; 0 when unusable.
    #[schema(minimum = 0, maximum = 100)]
    pub score: i64,
    pub usable: bool,
    /// Why it is unusable (`circuit_open`, `rail_not_configured`) or on
    /// probation (`circuit_half_open`); absent when healthy.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
    /// What the rail's provider charges, in basis points.
    pub cost_bps: i64,
    pub estimated_minutes: i64,
    pub components: Components,
}

/// What [`routes`] ranks: where a transfer pays out.
pub struct RouteQuery<'a> {
    pub mode: Mode,
    /// The currency the recipient is paid in.
    pub currency: &'a str,
    /// The destination's method; only `mobile_money` and `bank` have
    /// payout rails (any other method answers no routes).
    pub method: RailKind,
    /// The recipient's country, when known: narrows mobile-money operators.
    pub country: Option<&'a str>,
    pub policy: Policy,
}

/// The payout rails of `query.method` for its currency (and country), best
/// first under its policy, measured at `now_ms` (real time).
pub fn routes(
    read: &impl Read,
    query: &RouteQuery<'_>,
    now_ms: i64,
) -> Result<Vec<Route>, StoreError> {
    let open: Vec<&'static Method> = CATALOGUE
        .iter()
        .filter(|m| m.pays_out && m.rail == query.method.as_str())
        .filter(|m| m.currencies.is_empty() || m.currencies.contains(&query.currency))
        .filter(|m| works_in(m, query.country))
        .collect();
    let inputs = candidates(read, query.mode, &open, |m| m.provider_bps, now_ms)?;
    let ranked = score::rank(&inputs, query.policy);
    Ok(ranked
        .iter()
        .enumerate()
        .map(|(place, scored)| {
            let method = open[scored.index];
            Route {
                rank: place + 1,
                rail_id: method.id,
                rail: method.rail,
                name: method.name,
                score: scored.score,
                usable: scored.usable,
                reason: scored.reason,
                cost_bps: method.provider_bps,
                // Whole minutes, rounded up: a 5-second rail is "1 minute".
                estimated_minutes: (method.expected_seconds + 59) / 60,
                components: scored.components,
            }
        })
        .collect())
}

/// The attempt a rail answered, as the counters need it.
pub struct Answered<'a> {
    pub mode: Mode,
    pub rail: &'a str,
    /// The attempt's operator, or the intent's one allowed operator.
    pub operator: Option<&'a str>,
    pub started_at_ms: i64,
}

/// Counts what the rail answered to an intent's current attempt in the
/// counters of its catalogue rail, at the batch's real time. Called by the
/// writer at the one place a rail's answer is applied; a pending answer, or
/// an attempt whose operator cannot be told, counts nothing.
pub fn record_attempt(
    tx: &mut Tx<'_>,
    attempt: Answered<'_>,
    answer: &Collection,
) -> Result<(), StoreError> {
    let Some(outcome) = stats::Outcome::of(answer) else {
        return Ok(());
    };
    let Some(method) = catalogue::for_attempt(attempt.rail, attempt.operator) else {
        return Ok(());
    };
    let latency_ms = tx.now_ms() - attempt.started_at_ms;
    stats::record(tx, attempt.mode, method.id, outcome, latency_ms)
}

/// What the scorer needs of each of `open`, read from the counters of `mode`.
fn candidates(
    read: &impl Read,
    mode: Mode,
    open: &[&'static Method],
    cost_bps: impl Fn(&Method) -> i64,
    now_ms: i64,
) -> Result<Vec<score::Input<'static>>, StoreError> {
    let mut inputs = Vec::with_capacity(open.len());
    for (i, method) in open.iter().enumerate() {
        let stats = stats::load(read, mode, method.id)?;
        inputs.push(score::Input {
            id: method.id,
            cost_bps: cost_bps(method),
            expected_seconds: method.expected_seconds,
            // Place among the candidates of its family, in catalogue order.
            preference_rank: open[..i].iter().filter(|m| m.rail == method.rail).count(),
            measured: stats.measured(now_ms),
            circuit: live_circuit(read, mode, method, now_ms)?.unwrap_or(stats.circuit(now_ms)),
            configured: match mode {
                Mode::Test => rails::for_mode(mode, method.rail).is_ok(),
                Mode::Live => super::live_rails::carrier_of(method).is_some(),
            },
        });
    }
    Ok(inputs)
}

/// Live mode: the circuit of the provider that carries `method`, when it is
/// open or half-open (a provider failing for everyone is skipped, whatever
/// the method's own counters say). Whether the paying organisation has
/// configured that provider is checked when the attempt starts.
fn live_circuit(
    read: &impl Read,
    mode: Mode,
    method: &Method,
    now_ms: i64,
) -> Result<Option<stats::Circuit>, StoreError> {
    use super::live_rails::health;
    let Some(provider) = super::live_rails::carrier_of(method).filter(|_| mode == Mode::Live)
    else {
        return Ok(None);
    };
    Ok(match health::load(read, mode, provider)?.circuit(now_ms) {
        health::Circuit::Open => Some(stats::Circuit::Open),
        health::Circuit::HalfOpen => Some(stats::Circuit::HalfOpen),
        health::Circuit::Closed => None,
    })
}

/// It works in `country` (unknown: everywhere).
fn works_in(method: &Method, country: Option<&str>) -> bool {
    match country {
        Some(c) if !method.countries.is_empty() => method.countries.contains(&c),
        _ => true,
    }
}

/// The share the success component starts from, 0..1.
fn success_rate(measured: &stats::Measured) -> f64 {
    if measured.decided() < score::SUCCESS_DECIDED_MIN {
        return score::SUCCESS_PRIOR as f64 / 100.0;
    }
    measured.succeeded as f64 / measured.decided() as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    const NOW_MS: i64 = 1_800_000_000_000;

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    /// The CD mobile-money methods of a test intent allowing airtel and orange.
    fn ranked(store: &Store, mode: Mode, policy: Policy) -> Vec<RankedMethod> {
        let (rails, operators) = (strings(&["mobile_money"]), strings(&["airtel", "orange"]));
        let query = MethodQuery {
            mode,
            rails: &rails,
            allowed_operators: &operators,
            country: Some("CD"),
            amount_minor: 100_000,
            policy,
        };
        let snapshot = store.snapshot().expect("snapshot");
        methods(&snapshot, &query, NOW_MS).expect("methods")
    }

    fn record(store: &Store, rail_id: &str, outcome: stats::Outcome, times: usize) {
        store
            .write_now(NOW_MS - 1_000, |tx| {
                for _ in 0..times {
                    stats::record(tx, Mode::Test, rail_id, outcome, 200)?;
                }
                Ok(())
            })
            .expect("record");
    }

    fn summary(ranked: &[RankedMethod]) -> Vec<(&str, i64, f64)> {
        ranked
            .iter()
            .map(|m| (m.operator, m.components.success, m.success_rate))
            .collect()
    }

    #[test]
    fn recorded_outcomes_move_the_success_score_and_the_order() {
        let store = Store::ephemeral().expect("store");
        // Nothing recorded: the prior; airtel is cheaper.
        let fresh = ranked(&store, Mode::Test, Policy::Smart);
        assert_eq!(
            summary(&fresh),
            [("airtel", 85, 0.85), ("orange", 85, 0.85)]
        );
        assert_eq!(fresh[0].components.latency, score::LATENCY_PRIOR);

        // Four declines are not yet five decided attempts; the fifth is.
        let declined = stats::Outcome::Failed { fault: false };
        record(&store, "airtel", declined, 4);
        assert_eq!(
            ranked(&store, Mode::Test, Policy::Smart)[0]
                .components
                .success,
            85
        );
        record(&store, "airtel", declined, 1);
        record(&store, "orange", stats::Outcome::Succeeded, 5);
        let after = ranked(&store, Mode::Test, Policy::Smart);
        assert_eq!(summary(&after), [("orange", 100, 1.0), ("airtel", 0, 0.0)]);
        // Declines are answers, not faults: airtel stays usable.
        assert!(
            after.iter().all(|m| m.usable && m.reason.is_none()),
            "{after:?}"
        );
        // 200 ms measured: 100 − 200/150 = 98.67 → 99.
        assert_eq!(after[0].components.latency, 99);

        // Live mode keeps its own counters; its mobile money has a live
        // provider (Airtel's own, the aggregator for Orange) whose circuit is
        // closed (`docs/rails.md`).
        let live = ranked(&store, Mode::Live, Policy::Smart);
        assert_eq!(summary(&live), [("airtel", 85, 0.85), ("orange", 85, 0.85)]);
        assert!(
            live.iter().all(|m| m.usable && m.reason.is_none()),
            "{live:?}"
        );
        // A provider whose circuit is open is skipped.
        store
            .write_now(NOW_MS, |tx| {
                for _ in 0..crate::domain::live_rails::health::FAULTS_TO_OPEN {
                    crate::domain::live_rails::health::record(
                        tx,
                        Mode::Live,
                        crate::rails::live::Provider::AirtelMoney,
                        true,
                        3_600_000,
                    )?;
                }
                Ok(())
            })
            .expect("faults");
        let live = ranked(&store, Mode::Live, Policy::Smart);
        let airtel = live.iter().find(|m| m.operator == "airtel");
        assert!(
            airtel.is_some_and(|m| !m.usable && m.reason == Some(Reason::CircuitOpen)),
            "{live:?}"
        );
    }

    #[test]
    fn five_faults_open_the_circuit_and_the_rail_goes_last() {
        let store = Store::ephemeral().expect("store");
        record(&store, "airtel", stats::Outcome::Unknown, 5);
        let ranked = ranked(&store, Mode::Test, Policy::Cheapest);
        let view: Vec<(&str, bool, Option<Reason>, i64)> = ranked
            .iter()
            .map(|m| (m.operator, m.usable, m.reason, m.score))
            .collect();
        assert_eq!(
            view[1],
            ("airtel", false, Some(Reason::CircuitOpen), 0),
            "{ranked:?}"
        );
        assert_eq!(view[0].0, "orange");
        assert_eq!(ranked.iter().map(|m| m.rank).collect::<Vec<_>>(), [1, 2]);
    }

    #[test]
    fn methods_keep_the_old_filters_and_show_fees_on_the_amount() {
        let store = Store::ephemeral().expect("store");
        let snapshot = store.snapshot().expect("snapshot");
        let rails = strings(&["mobile_money", "card", "bank"]);
        let query = MethodQuery {
            mode: Mode::Test,
            rails: &rails,
            allowed_operators: &[],
            country: Some("CD"),
            amount_minor: 100_000,
            policy: Policy::Cheapest,
        };
        let ranked = methods(&snapshot, &query, NOW_MS).expect("methods");
        let mut operators: Vec<&str> = ranked.iter().map(|m| m.operator).collect();
        operators.sort();
        // MTN does not collect in CD; the switch only pays out.
        assert_eq!(
            operators,
            [
                "africell",
                "airtel",
                "bank_transfer",
                "card",
                "mpesa",
                "orange"
            ]
        );
        // Cheapest: the bank's 0.5 % + 0.5 % + tax is the smallest total.
        assert_eq!(ranked[0].operator, "bank_transfer");
        assert_eq!((ranked[0].fee_minor, ranked[0].cost_bps), (1_080, 108));
        assert_eq!(ranked[0].components.cost, 100);
        let card = ranked.iter().find(|m| m.operator == "card").expect("card");
        assert_eq!((card.cost_bps, card.components.cost), (308, 0));
    }

    #[test]
    fn routes_are_the_payout_rails_of_the_method_in_its_currency() {
        let store = Store::ephemeral().expect("store");
        let snapshot = store.snapshot().expect("snapshot");
        let route_ids = |method, currency, country, policy| -> Vec<&'static str> {
            let query = RouteQuery {
                mode: Mode::Test,
                currency,
                method,
                country,
                policy,
            };
            routes(&snapshot, &query, NOW_MS)
                .expect("routes")
                .iter()
                .map(|r| r.rail_id)
                .collect()
        };
        // Cheapest first: africell 120, airtel 140, mpesa 150, orange 160 bps.
        assert_eq!(
            route_ids(RailKind::MobileMoney, "CDF", Some("CD"), Policy::Cheapest),
            ["africell", "airtel", "mpesa", "orange"]
        );
        assert_eq!(
            route_ids(RailKind::MobileMoney, "KES", None, Policy::Smart).len(),
            2,
            "mpesa and airtel pay out in KES"
        );
        assert_eq!(
            route_ids(RailKind::Bank, "USD", None, Policy::Cheapest),
            ["switch", "bank_transfer"]
        );
        assert!(route_ids(RailKind::Card, "USD", None, Policy::Smart).is_empty());
        assert!(route_ids(RailKind::Wallet, "USD", None, Policy::Smart).is_empty());

        let query = RouteQuery {
            mode: Mode::Test,
            currency: "USD",
            method: RailKind::Bank,
            country: None,
            policy: Policy::Smart,
        };
        let bank = routes(&snapshot, &query, NOW_MS).expect("routes");
        let switch = &bank[0];
        assert_eq!(
            (switch.rank, switch.rail_id, switch.rail, switch.cost_bps),
            (1, "switch", "bank", 30)
        );
        assert_eq!(
            (switch.estimated_minutes, bank[1].estimated_minutes),
            (1, 1_440)
        );
        assert!(switch.usable && switch.reason.is_none());
        // 40·85 + 15·70 + 20·100 + 15·80 + 10·100 = 8650 → 87 (rounded half up).
        assert_eq!(switch.score, 87);
    }
}
