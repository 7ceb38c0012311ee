//! The credit-readiness score (origin behaviour section 14): eight factors
//! with the origin's maxima, summed and capped at 1,000, and the band. Pure:
//! the facts are gathered from the ledger by `facts.rs`.
//!
//! | factor | max | rule (window: 180 days as six 30-day months) |
//! |---|---|---|
//! | `income_regularity` | 200 | 200 × months with income / 6 |
//! | `spend_discipline` | 180 | outflow / income ≤ 0.8: 180; ≥ 1.2: 0; linear between |
//! | `savings` | 150 | retained share (income − outflow) / income: ≥ 20 %: 150; linear from 0 |
//! | `balance_stability` | 150 | variation of monthly income (std / mean): ≤ 0.25: 150; ≥ 1: 0; linear; under 2 months of income: 0 |
//! | `account` | 120 | 120 × the organisation's age in days / 365, at most 120 |
//! | `commitments` | 100 | share of payouts not failed × 100; no payout: 50 |
//! | `conduct` | 100 | 100 − 25 per dispute opened in the window, at least 0 |
//! | `verified_income` | 100 | 5 per payment confirmed by a ledger posting, at most 100 |
//!
//! The maxima sum to 1,100; the score is capped at 1,000 ("sum capped").
//! Bands: under 350 `building`, under 550 `fair`, under 750 `good`, else `strong`.

use serde::{Deserialize, Serialize};

pub const WINDOW_DAYS: i64 = 180;
pub const MONTHS: usize = 6;
pub const SCORE_MAX: i64 = 1_000;

/// What the score is computed from, in the organisation's main currency.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Facts {
    /// Income (payments credited, net of fees) per 30-day month, oldest first.
    pub income_by_month_minor: [i64; MONTHS],
    /// Money that left: payouts (amount and fee) and transfers sent.
    pub outflow_minor: i64,
    pub account_age_days: i64,
    pub payouts: i64,
    pub payouts_failed: i64,
    pub disputes: i64,
    /// Payments credited by a collection posting.
    pub verified_payments: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = CreditFactor)]
pub struct Factor {
    /// `income_regularity`, `spend_discipline`, `savings`, `balance_stability`,
    /// `account`, `commitments`, `conduct`, `verified_income`.
    pub name: String,
    pub points: i64,
    pub max: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = CreditBand)]
#[serde(rename_all = "snake_case")]
pub enum Band {
    Building,
    Fair,
    Good,
    Strong,
}

pub fn band(score: i64) -> Band {
    match score {
        ..350 => Band::Building,
        350..550 => Band::Fair,
        550..750 => Band::Good,
        _ => Band::Strong,
    }
}

/// `max × (value − zero) / (full − zero)`, clamped to `0..=max` (works for
/// a falling scale, `full < zero`, too).
fn linear(max: i64, value: f64, zero: f64, full: f64) -> i64 {
    let share = ((value - zero) / (full - zero)).clamp(0.0, 1.0);
    (max as f64 * share).round() as i64
}

/// The eight factors, in the table's order.
pub fn factors(f: &Facts) -> Vec<Factor> {
    let income: i64 = f.income_by_month_minor.iter().sum();
    let months_with_income = f.income_by_month_minor.iter().filter(|m| **m > 0).count() as i64;
    let ratio = |a: i64, b: i64| {
        if b > 0 {
            a as f64 / b as f64
        } else {
            f64::INFINITY
        }
    };
    let spend = if income > 0 {
        linear(180, ratio(f.outflow_minor, income), 1.2, 0.8)
    } else {
        0
    };
    let savings = if income > 0 {
        linear(150, ratio(income - f.outflow_minor, income), 0.0, 0.2)
    } else {
        0
    };
    let stability = if months_with_income >= 2 {
        linear(150, variation(&f.income_by_month_minor), 1.0, 0.25)
    } else {
        0
    };
    let commitments = if f.payouts == 0 {
        50
    } else {
        100 * (f.payouts - f.payouts_failed) / f.payouts
    };
    [
        (
            "income_regularity",
            200 * months_with_income / MONTHS as i64,
            200,
        ),
        ("spend_discipline", spend, 180),
        ("savings", savings, 150),
        ("balance_stability", stability, 150),
        (
            "account",
            (120 * f.account_age_days / 365).clamp(0, 120),
            120,
        ),
        ("commitments", commitments, 100),
        ("conduct", (100 - 25 * f.disputes).max(0), 100),
        ("verified_income", (5 * f.verified_payments).min(100), 100),
    ]
    .into_iter()
    .map(|(name, points, max)| Factor {
        name: name.into(),
        points,
        max,
    })
    .collect()
}

/// The sum of the factors' points, capped at [`SCORE_MAX`].
pub fn score(factors: &[Factor]) -> i64 {
    factors.iter().map(|f| f.points).sum::<i64>().min(SCORE_MAX)
}

/// Standard deviation over mean of the monthly income.
fn variation(months: &[i64; MONTHS]) -> f64 {
    let n = MONTHS as f64;
    let mean = months.iter().sum::<i64>() as f64 / n;
    if mean <= 0.0 {
        return f64::INFINITY;
    }
    let var = months
        .iter()
        .map(|m| (*m as f64 - mean).powi(2))
        .sum::<f64>()
        / n;
    var.sqrt() / mean
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(f: &Facts) -> Vec<i64> {
        factors(f).iter().map(|f| f.points).collect()
    }

    #[test]
    fn the_maxima_are_the_origins_and_their_sum_is_capped() {
        let best = Facts {
            income_by_month_minor: [100_000; MONTHS],
            outflow_minor: 50_000,
            account_age_days: 400,
            payouts: 4,
            payouts_failed: 0,
            disputes: 0,
            verified_payments: 40,
        };
        let all = factors(&best);
        let maxima: Vec<(&str, i64)> = all.iter().map(|f| (f.name.as_str(), f.max)).collect();
        assert_eq!(
            maxima,
            [
                ("income_regularity", 200),
                ("spend_discipline", 180),
                ("savings", 150),
                ("balance_stability", 150),
                ("account", 120),
                ("commitments", 100),
                ("conduct", 100),
                ("verified_income", 100)
            ]
        );
        assert!(all.iter().all(|f| f.points == f.max), "{all:?}");
        assert_eq!(score(&all), 1_000);
        assert_eq!(band(score(&all)), Band::Strong);
    }

    #[test]
    fn a_new_organisation_without_income_is_building() {
        let f = Facts::default();
        assert_eq!(points(&f), [0, 0, 0, 0, 0, 50, 100, 0]);
        assert_eq!(band(score(&factors(&f))), Band::Building);
    }

    #[test]
    fn each_rule_scales_as_documented() {
        let f = Facts {
            income_by_month_minor: [0, 0, 0, 10_000, 10_000, 10_000],
            outflow_minor: 30_000, // ratio 1.0: half of spend discipline, no savings
            account_age_days: 73,  // 120 × 73 / 365 = 24
            payouts: 4,
            payouts_failed: 1,
            disputes: 1,
            verified_payments: 3,
        };
        // Income 3 of 6 months; variation of [0,0,0,1,1,1] is 1.0 → 0 stability.
        assert_eq!(points(&f), [100, 90, 0, 0, 24, 75, 75, 15]);
        assert_eq!(score(&factors(&f)), 379);
        assert_eq!(band(379), Band::Fair);
        assert_eq!(
            [
                band(349),
                band(350),
                band(549),
                band(550),
                band(749),
                band(750)
            ],
            [
                Band::Building,
                Band::Fair,
                Band::Fair,
                Band::Good,
                Band::Good,
                Band::Strong
            ]
        );
    }
}
