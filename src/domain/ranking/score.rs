//! The ranking score (origin behaviour section 19), pure: candidates in, the
//! same candidates out in ranked order with their score and its five
//! components. No store, no clock: the whole rule is one table test.
//!
//! Each component is an integer from 0 to 100:
//! - success: the 24 h success % minus twice the unknown %, at least 0; 85
//!   with fewer than 5 decided attempts;
//! - latency: 100 − average ms / 150, at least 0; 70 with no measurement;
//! - cost: 100 for the cheapest candidate, 0 for the dearest, linear between
//!   (100 for all when they cost the same);
//! - health: 80 for a closed circuit (no probes run), 40 half-open, 0 open
//!   or without a connector;
//! - preference: 100 − 25 × the candidate's place in the catalogue among the
//!   candidates of its rail, at least 0.
//!
//! The score is the weighted mean of the components as shown, rounded half
//! up (so a client can recompute it from the answer), and 0 when the rail is
//! unusable. Usable candidates come first, then by score, then by the
//! policy's own measure, then by preference.

use serde::Serialize;

use super::Policy;
use super::stats::{Circuit, Measured};

/// Decided attempts below which the success component is [`SUCCESS_PRIOR`].
pub const SUCCESS_DECIDED_MIN: u64 = 5;
pub const SUCCESS_PRIOR: i64 = 85;
pub const LATENCY_PRIOR: i64 = 70;
/// Every this many ms of average latency cost one point.
pub const LATENCY_MS_PER_POINT: i64 = 150;
pub const HEALTH_NO_PROBE: i64 = 80;
pub const HEALTH_HALF_OPEN: i64 = 40;
pub const PREFERENCE_STEP: i64 = 25;

/// The weights of `smart`; the other policies double some.
const BASE: Components = Components {
    success: 40,
    latency: 15,
    cost: 20,
    health: 15,
    preference: 10,
};

/// The five components of a score, each 0 to 100 (the weights of a policy
/// are held in the same shape).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = RankingComponents)]
pub struct Components {
    /// 24 h success % − 2 × unknown %; 85 under 5 decided attempts.
    #[schema(minimum = 0, maximum = 100)]
    pub success: i64,
    /// 100 − average ms / 150; 70 with no measurement.
    #[schema(minimum = 0, maximum = 100)]
    pub latency: i64,
    /// 100 for the cheapest candidate, 0 for the dearest.
    #[schema(minimum = 0, maximum = 100)]
    pub cost: i64,
    /// 80 closed (no probe), 40 half-open, 0 unusable.
    #[schema(minimum = 0, maximum = 100)]
    pub health: i64,
    /// 100 − 25 × the place in the gateway's order of preference.
    #[schema(minimum = 0, maximum = 100)]
    pub preference: i64,
}

impl Components {
    fn weighted_sum(&self, w: &Components) -> i64 {
        self.success * w.success
            + self.latency * w.latency
            + self.cost * w.cost
            + self.health * w.health
            + self.preference * w.preference
    }

    fn total(&self) -> i64 {
        self.success + self.latency + self.cost + self.health + self.preference
    }
}

/// Why a rail is unusable, or on probation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RailReason)]
pub enum Reason {
    /// 5 faults in a row, the last less than 120 s ago: unusable.
    CircuitOpen,
    /// Open long enough: usable, and its next attempt decides.
    CircuitHalfOpen,
    /// This mode has no connector for the rail: unusable.
    RailNotConfigured,
}

/// One candidate rail, as the scorer sees it.
#[derive(Debug, Clone, Copy)]
pub struct Input<'a> {
    pub id: &'a str,
    pub cost_bps: i64,
    pub expected_seconds: i64,
    /// Place among the candidates of its rail family in catalogue order, from 0.
    pub preference_rank: usize,
    pub measured: Measured,
    pub circuit: Circuit,
    /// A connector serves the rail in this mode.
    pub configured: bool,
}

/// A candidate's result; `index` is its position in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scored {
    pub index: usize,
    pub score: i64,
    pub usable: bool,
    pub reason: Option<Reason>,
    pub components: Components,
}

/// `numerator / denominator` rounded half up; both non-negative, denominator > 0.
fn div_round(numerator: i64, denominator: i64) -> i64 {
    (2 * numerator + denominator) / (2 * denominator)
}

fn weights(policy: Policy) -> Components {
    match policy {
        Policy::Smart => BASE,
        Policy::Cheapest => Components {
            cost: 2 * BASE.cost,
            ..BASE
        },
        Policy::Fastest => Components {
            latency: 2 * BASE.latency,
            ..BASE
        },
        Policy::MostReliable => Components {
            success: 2 * BASE.success,
            health: 2 * BASE.health,
            ..BASE
        },
    }
}

fn success(m: &Measured) -> i64 {
    let decided = m.decided();
    if decided < SUCCESS_DECIDED_MIN {
        return SUCCESS_PRIOR;
    }
    let decided = i64::try_from(decided).unwrap_or(i64::MAX);
    let succeeded = i64::try_from(m.succeeded).unwrap_or(i64::MAX);
    let unknown = i64::try_from(m.unknown).unwrap_or(i64::MAX);
    // (100 s − 200 u) / decided: success % − 2 × unknown %.
    let points = 100 * succeeded - 200 * unknown;
    if points <= 0 {
        0
    } else {
        div_round(points, decided).min(100)
    }
}

fn latency(m: &Measured) -> i64 {
    if m.latency_samples == 0 {
        return LATENCY_PRIOR;
    }
    let samples = i64::try_from(m.latency_samples).unwrap_or(i64::MAX);
    // 100 − (total / samples) / 150, as one fraction.
    let points = 100 * LATENCY_MS_PER_POINT * samples - m.latency_ms_total;
    if points <= 0 {
        0
    } else {
        div_round(points, LATENCY_MS_PER_POINT * samples).min(100)
    }
}

fn cost(cost_bps: i64, cheapest_bps: i64, dearest_bps: i64) -> i64 {
    if dearest_bps <= cheapest_bps {
        return 100;
    }
    div_round((dearest_bps - cost_bps) * 100, dearest_bps - cheapest_bps)
}

/// Whether the rail can be used, and why not (or why only on probation).
fn standing(input: &Input<'_>) -> (bool, Option<Reason>) {
    match (input.configured, input.circuit) {
        (false, _) => (false, Some(Reason::RailNotConfigured)),
        (true, Circuit::Open) => (false, Some(Reason::CircuitOpen)),
        (true, Circuit::HalfOpen) => (true, Some(Reason::CircuitHalfOpen)),
        (true, Circuit::Closed) => (true, None),
    }
}

fn health(input: &Input<'_>) -> i64 {
    match standing(input) {
        (false, _) => 0,
        (true, Some(Reason::CircuitHalfOpen)) => HEALTH_HALF_OPEN,
        (true, _) => HEALTH_NO_PROBE,
    }
}

fn preference(rank: usize) -> i64 {
    let rank = i64::try_from(rank).unwrap_or(i64::MAX).min(100);
    (100 - PREFERENCE_STEP * rank).max(0)
}

/// Scores every candidate under `policy`, best first.
pub fn rank(inputs: &[Input<'_>], policy: Policy) -> Vec<Scored> {
    let cheapest = inputs.iter().map(|i| i.cost_bps).min().unwrap_or(0);
    let dearest = inputs.iter().map(|i| i.cost_bps).max().unwrap_or(0);
    let w = weights(policy);
    let mut scored: Vec<Scored> = inputs
        .iter()
        .enumerate()
        .map(|(index, input)| {
            let components = Components {
                success: success(&input.measured),
                latency: latency(&input.measured),
                cost: cost(input.cost_bps, cheapest, dearest),
                health: health(input),
                preference: preference(input.preference_rank),
            };
            let (usable, reason) = standing(input);
            let score = if usable {
                div_round(components.weighted_sum(&w), w.total())
            } else {
                0
            };
            Scored {
                index,
                score,
                usable,
                reason,
                components,
            }
        })
        .collect();
    scored.sort_by_key(|s| {
        let input = &inputs[s.index];
        (
            !s.usable,
            -s.score,
            tie_break(policy, input, &s.components),
            input.preference_rank,
            input.id,
        )
    });
    scored
}

/// Between equal scores, the policy's own measure decides (smaller first).
fn tie_break(policy: Policy, input: &Input<'_>, c: &Components) -> [i64; 2] {
    match policy {
        Policy::Smart => [0, 0],
        Policy::Cheapest => [input.cost_bps, 0],
        Policy::Fastest => [-c.latency, input.expected_seconds],
        Policy::MostReliable => [-c.success, -c.health],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measured(succeeded: u64, failed: u64, unknown: u64, latency_ms_avg: i64) -> Measured {
        let samples = succeeded + failed + unknown;
        Measured {
            succeeded,
            failed,
            unknown,
            latency_ms_total: latency_ms_avg * samples as i64,
            latency_samples: samples,
        }
    }

    fn input(id: &str, cost_bps: i64, preference_rank: usize, m: Measured) -> Input<'_> {
        Input {
            id,
            cost_bps,
            expected_seconds: 30,
            preference_rank,
            measured: m,
            circuit: Circuit::Closed,
            configured: true,
        }
    }

    /// Four rails that each policy orders differently:
    /// - `steady`: reliable (100 %) but slow (6 s) and the dearest;
    /// - `quick`: answers in 150 ms, 85 % success;
    /// - `cheap`: the cheapest, 75 % success, 9 s;
    /// - `fresh`: never measured (the priors), middling cost.
    fn candidates() -> Vec<Input<'static>> {
        vec![
            input("steady", 300, 0, measured(20, 0, 0, 6_000)),
            input("quick", 250, 1, measured(17, 3, 0, 150)),
            input("cheap", 50, 2, measured(15, 5, 0, 9_000)),
            input("fresh", 200, 3, Measured::default()),
        ]
    }

    fn ids(inputs: &[Input<'_>], ranked: &[Scored]) -> Vec<String> {
        ranked
            .iter()
            .map(|s| inputs[s.index].id.to_string())
            .collect()
    }

    #[test]
    fn components_follow_the_origin_formulas() {
        let inputs = candidates();
        let ranked = rank(&inputs, Policy::Smart);
        let of = |id: &str| {
            ranked
                .iter()
                .find(|s| inputs[s.index].id == id)
                .map(|s| s.components)
                .expect(id)
        };
        let c = |success, latency, cost, health, preference| Components {
            success,
            latency,
            cost,
            health,
            preference,
        };
        // success %; 100 − avg/150; (300 − bps)/250 × 100; no probe; 100 − 25 × rank.
        assert_eq!(of("steady"), c(100, 60, 0, 80, 100));
        assert_eq!(of("quick"), c(85, 99, 20, 80, 75));
        assert_eq!(of("cheap"), c(75, 40, 100, 80, 50));
        assert_eq!(of("fresh"), c(85, 70, 40, 80, 25));
    }

    #[test]
    fn each_policy_orders_by_its_weighted_score() {
        let inputs = candidates();
        // (policy, order, scores in that order): the weighted sums over the
        // weights' total, rounded half up.
        let cases: [(Policy, [&str; 4], [i64; 4]); 4] = [
            // 40/15/20/15/10: cheap 7300, quick 7235, steady 7100, fresh 6700 (÷100).
            (
                Policy::Smart,
                ["cheap", "quick", "steady", "fresh"],
                [73, 72, 71, 67],
            ),
            // cost 40: cheap 9300, quick 7635, fresh 7500, steady 7100 (÷120).
            (
                Policy::Cheapest,
                ["cheap", "quick", "fresh", "steady"],
                [78, 64, 63, 59],
            ),
            // latency 30: quick 8720, steady 8000, cheap 7900, fresh 7750 (÷115).
            (
                Policy::Fastest,
                ["quick", "steady", "cheap", "fresh"],
                [76, 70, 69, 67],
            ),
            // success 80, health 30: steady 12300, quick 11835, cheap 11500, fresh 11300 (÷155).
            (
                Policy::MostReliable,
                ["steady", "quick", "cheap", "fresh"],
                [79, 76, 74, 73],
            ),
        ];
        for (policy, order, scores) in cases {
            let ranked = rank(&inputs, policy);
            assert_eq!(ids(&inputs, &ranked), order, "{policy:?}");
            let got: Vec<i64> = ranked.iter().map(|s| s.score).collect();
            assert_eq!(got, scores, "{policy:?}");
            assert!(ranked.iter().all(|s| s.usable && s.reason.is_none()));
        }
    }

    #[test]
    fn unusable_rails_score_0_and_come_last_and_half_open_ones_are_usable_at_40() {
        let mut inputs = candidates();
        inputs[2].circuit = Circuit::Open; // cheap
        inputs[1].configured = false; // quick
        inputs[0].circuit = Circuit::HalfOpen; // steady
        let ranked = rank(&inputs, Policy::Smart);
        // Unusable ones tie at 0 and fall to preference: quick (1) before cheap (2).
        assert_eq!(ids(&inputs, &ranked), ["fresh", "steady", "quick", "cheap"]);
        let view: Vec<(i64, bool, Option<Reason>, i64)> = ranked
            .iter()
            .map(|s| (s.score, s.usable, s.reason, s.components.health))
            .collect();
        assert_eq!(
            view,
            [
                (67, true, None, 80),
                // 7100 − 15 × (80 − 40) = 6500
                (65, true, Some(Reason::CircuitHalfOpen), 40),
                (0, false, Some(Reason::RailNotConfigured), 0),
                (0, false, Some(Reason::CircuitOpen), 0),
            ]
        );
    }

    #[test]
    fn success_counts_unknowns_twice_and_needs_five_decided_attempts() {
        // (succeeded, failed, unknown) → success component
        let cases = [
            ((0, 0, 0), 85),
            ((4, 0, 0), 85),
            ((0, 4, 0), 85),
            ((5, 0, 0), 100),
            ((0, 5, 0), 0),
            ((9, 0, 1), 70), // 90 % − 2 × 10 %
            ((1, 0, 4), 0),  // never below 0
            ((2, 1, 0), 85),
            ((2, 1, 2), 0),  // 40 % − 80 %
            ((7, 2, 0), 78), // 77.8 %
        ];
        for ((s, f, u), expected) in cases {
            assert_eq!(success(&measured(s, f, u, 0)), expected, "{s} {f} {u}");
        }
    }

    #[test]
    fn latency_loses_a_point_per_150_ms_and_costs_spread_from_100_to_0() {
        assert_eq!(latency(&Measured::default()), LATENCY_PRIOR);
        for (avg, expected) in [(0, 100), (75, 100), (1_500, 90), (15_000, 0), (60_000, 0)] {
            assert_eq!(latency(&measured(1, 0, 0, avg)), expected, "{avg}");
        }
        assert_eq!(cost(50, 50, 50), 100);
        assert_eq!(cost(100, 100, 400), 100);
        assert_eq!(cost(400, 100, 400), 0);
        assert_eq!(cost(200, 100, 400), 67);
        assert_eq!(preference(0), 100);
        assert_eq!(preference(3), 25);
        assert_eq!(preference(7), 0);
    }

    #[test]
    fn equal_scores_fall_to_the_policys_own_measure_then_preference() {
        let a = input("a", 100, 1, Measured::default());
        let b = Input {
            expected_seconds: 5,
            ..input("b", 100, 0, Measured::default())
        };
        let inputs = [a, b];
        // Same cost: everything but preference is equal; b is preferred.
        assert_eq!(ids(&inputs, &rank(&inputs, Policy::Cheapest)), ["b", "a"]);
        // Swap preferences so a outscores b by nothing but preference.
        let a = input("a", 100, 0, Measured::default());
        let b = Input {
            expected_seconds: 5,
            ..input("b", 100, 0, Measured::default())
        };
        let inputs = [a, b];
        assert_eq!(ids(&inputs, &rank(&inputs, Policy::Fastest)), ["b", "a"]);
        assert_eq!(ids(&inputs, &rank(&inputs, Policy::Smart)), ["a", "b"]);
    }
}
