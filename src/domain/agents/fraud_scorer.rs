//! FraudScorer (`fraud_scorer`): a 0–100 risk score for a payment intent or a
//! payer number, and the signals behind it, from documented rules with fixed
//! weights over the organisation's own intents and attempts of the window
//! (30 days; 180 for a deep run). The weights sum to 100:
//!
//! | signal | points | rule |
//! |---|---|---|
//! | `velocity` | 25 / 15 | the payer's attempts in the hour before: ≥ 5 / ≥ 3 |
//! | `amount_outlier` | 25 / 15 / 8 | the amount against the median paid amount (≥ 5 payments): ≥ 10× / ≥ 5× / ≥ 3× |
//! | `failed_attempts` | 20 / 10 | the payer's failed attempts in the window: ≥ 3 / ≥ 1 |
//! | `new_payer` | 15 | no earlier payment from this payer in the window |
//! | `cross_border` | 10 | the payer's country (the intent's, else the number's) differs from the organisation's (CD by default) |
//! | `night_time` | 5 | made between 00:00 and 05:00 in Kinshasa (UTC+1) |
//!
//! Level: under 30 `low` (allow), under 60 `medium` (review), else `high`
//! (hold for review). Context: `payment_intent` (`pi_...` of the caller), or
//! `msisdn` with an optional `amount_minor`.

use crate::domain::intents::INTENT;
use serde_json::{Value, json};

use super::history::{self, History};
use super::{Agent, Depth, Input, Output};
use crate::auth::Principal;
use crate::domain::intents::{AttemptStatus, Intent};
use crate::domain::{org, resource};
use crate::error::ApiError;

pub struct FraudScorer;

const DAY_MS: i64 = 86_400_000;
const HOUR_MS: i64 = 3_600_000;
const PAYMENTS_FOR_MEDIAN_MIN: usize = 5;
/// Kinshasa's offset from UTC, in hours (no daylight saving).
const LOCAL_OFFSET_HOURS: i64 = 1;
/// Country calling codes the scorer tells apart, longest first.
const CALLING_CODES: &[(&str, &str)] = &[
    ("+243", "CD"),
    ("+242", "CG"),
    ("+250", "RW"),
    ("+254", "KE"),
    ("+255", "TZ"),
    ("+256", "UG"),
    ("+257", "BI"),
    ("+260", "ZM"),
    ("+244", "AO"),
    ("+27", "ZA"),
    ("+33", "FR"),
    ("+32", "BE"),
    ("+44", "GB"),
    ("+1", "US"),
];

/// What is scored: one payer, with an amount and a time.
struct Subject {
    intent: Option<String>,
    msisdn: Option<String>,
    amount_minor: Option<i64>,
    country: Option<String>,
    at_ms: i64,
}

struct Signal {
    name: &'static str,
    points: i64,
    max: i64,
    detail: String,
}

impl Signal {
    /// A rule that grows with `value`: the points of the first of `bands`
    /// (`(at least, points)`, highest first) that `value` reaches, else 0;
    /// the first band's points are the rule's maximum.
    fn banded<T: PartialOrd>(
        name: &'static str,
        value: T,
        bands: &[(T, i64)],
        detail: String,
    ) -> Signal {
        Signal {
            name,
            points: bands
                .iter()
                .find(|(least, _)| value >= *least)
                .map_or(0, |(_, points)| *points),
            max: bands.first().map_or(0, |(_, points)| *points),
            detail,
        }
    }
}

impl Agent for FraudScorer {
    fn run(&self, read: &dyn History, input: &Input) -> Result<Output, ApiError> {
        let principal = &input.principal;
        let days = if input.depth == Depth::Deep { 180 } else { 30 };
        let subject = subject(read, principal, input)?;
        let since = input.now_ms - days * DAY_MS;
        let history: Vec<Intent> =
            history::intents(read, principal.mode, principal.owner(), since)?
                .into_iter()
                .filter(|i| Some(&i.id) != subject.intent.as_ref())
                .collect();
        let home = org::get(&read, &principal.org)?
            .and_then(|o| o.country)
            .unwrap_or_else(|| "CD".into());
        let signals = signals(&subject, &history, &home);
        let score: i64 = signals.iter().map(|s| s.points).sum::<i64>().min(100);
        let (level, action) = match score {
            0..=29 => ("low", "allow"),
            30..=59 => ("medium", "review"),
            _ => ("high", "hold for review"),
        };
        let listed: Vec<Value> = signals
            .iter()
            .map(
                |s| json!({"signal": s.name, "points": s.points, "max": s.max, "detail": s.detail}),
            )
            .collect();
        let fired: Vec<String> = signals
            .iter()
            .filter(|s| s.points > 0)
            .map(|s| format!("{} (+{}): {}", s.name, s.points, s.detail))
            .collect();
        let summary = format!(
            "Risk {score}/100 ({level}): {action}.{}",
            if fired.is_empty() {
                " No signal fired.".to_string()
            } else {
                format!("\n{}", fired.join("\n"))
            }
        );
        let result = json!({
            "score": score,
            "level": level,
            "recommendation": action,
            "payment_intent": subject.intent,
            "window_days": days,
            "payments_compared": history.len(),
            "signals": listed,
        });
        Ok(Output { summary, result })
    }
}

fn subject(read: &dyn History, principal: &Principal, input: &Input) -> Result<Subject, ApiError> {
    if let Some(id) = input.text("payment_intent", 64)? {
        let intent: Intent = resource::find(&read, principal, &id, &INTENT)?;
        let msisdn = payer(&intent);
        return Ok(Subject {
            country: intent
                .customer_country
                .clone()
                .or_else(|| msisdn.as_deref().and_then(country_of)),
            intent: Some(intent.id.clone()),
            msisdn,
            amount_minor: Some(intent.amount_minor),
            at_ms: intent.created_at_ms,
        });
    }
    let Some(msisdn) = input.text("msisdn", 20)? else {
        return Err(ApiError::field(
            "context.payment_intent",
            "FraudScorer scores a payment_intent (pi_...) or an msisdn: put one in context",
        ));
    };
    Ok(Subject {
        country: country_of(&msisdn),
        intent: None,
        amount_minor: input.int("amount_minor", 1, i64::MAX)?,
        msisdn: Some(msisdn),
        at_ms: input.now_ms,
    })
}

/// The payer number of an intent: its last attempt's, else the intent's.
fn payer(intent: &Intent) -> Option<String> {
    intent
        .attempts
        .iter()
        .rev()
        .find_map(|a| a.customer_msisdn.clone())
        .or_else(|| intent.customer_msisdn.clone())
}

fn country_of(msisdn: &str) -> Option<String> {
    CALLING_CODES
        .iter()
        .find(|(prefix, _)| msisdn.starts_with(prefix))
        .map(|(_, country)| country.to_string())
}

fn paid(intent: &Intent) -> bool {
    intent.collection_transaction.is_some()
}

/// Every rule, fired or not, in the table's order.
fn signals(subject: &Subject, history: &[Intent], home: &str) -> Vec<Signal> {
    let same_payer: Vec<&Intent> = history
        .iter()
        .filter(|i| subject.msisdn.is_some() && payer(i) == subject.msisdn)
        .collect();
    vec![
        velocity(subject, &same_payer),
        amount_outlier(subject, history),
        failed_attempts(&same_payer),
        new_payer(subject, &same_payer),
        cross_border(subject, home),
        night_time(subject),
    ]
}

/// Attempts by the payer in the hour before.
fn velocity(subject: &Subject, same_payer: &[&Intent]) -> Signal {
    let recent_attempts = same_payer
        .iter()
        .flat_map(|i| &i.attempts)
        .filter(|a| a.started_at_ms <= subject.at_ms && a.started_at_ms > subject.at_ms - HOUR_MS)
        .count();
    Signal::banded(
        "velocity",
        recent_attempts,
        &[(5, 25), (3, 15)],
        format!("{recent_attempts} attempts by this payer in the hour before"),
    )
}

/// The amount against the median of the organisation's paid amounts.
fn amount_outlier(subject: &Subject, history: &[Intent]) -> Signal {
    let mut amounts: Vec<i64> = history
        .iter()
        .filter(|i| paid(i))
        .map(|i| i.amount_minor)
        .collect();
    amounts.sort_unstable();
    let median = (amounts.len() >= PAYMENTS_FOR_MEDIAN_MIN).then(|| amounts[amounts.len() / 2]);
    let ratio = match (subject.amount_minor, median) {
        (Some(amount), Some(m)) if m > 0 => amount / m,
        _ => 0,
    };
    let detail = match median {
        Some(m) => format!(
            "{ratio}× the median paid amount ({m} minor units over {} payments)",
            amounts.len()
        ),
        None => format!("fewer than {PAYMENTS_FOR_MEDIAN_MIN} payments to compare with"),
    };
    Signal::banded(
        "amount_outlier",
        ratio,
        &[(10, 25), (5, 15), (3, 8)],
        detail,
    )
}

/// The payer's failed attempts in the window.
fn failed_attempts(same_payer: &[&Intent]) -> Signal {
    let failed = same_payer
        .iter()
        .flat_map(|i| &i.attempts)
        .filter(|a| a.status == AttemptStatus::Failed)
        .count();
    Signal::banded(
        "failed_attempts",
        failed,
        &[(3, 20), (1, 10)],
        format!("{failed} failed attempts by this payer in the window"),
    )
}

/// A payer who has never paid before.
fn new_payer(subject: &Subject, same_payer: &[&Intent]) -> Signal {
    let paid_before = same_payer
        .iter()
        .any(|i| paid(i) && i.created_at_ms <= subject.at_ms);
    Signal {
        name: "new_payer",
        points: if paid_before || subject.msisdn.is_none() {
            0
        } else {
            15
        },
        max: 15,
        detail: if paid_before {
            "this payer has paid before".into()
        } else {
            "no earlier payment from this payer".into()
        },
    }
}

/// A payer of another country than the organisation's.
fn cross_border(subject: &Subject, home: &str) -> Signal {
    Signal {
        name: "cross_border",
        points: match &subject.country {
            Some(c) if c != home => 10,
            _ => 0,
        },
        max: 10,
        detail: format!(
            "payer country {}, organisation country {home}",
            subject.country.as_deref().unwrap_or("unknown")
        ),
    }
}

/// A payment between midnight and 5 in Kinshasa.
fn night_time(subject: &Subject) -> Signal {
    let local_hour = (subject.at_ms.div_euclid(HOUR_MS) + LOCAL_OFFSET_HOURS).rem_euclid(24);
    Signal {
        name: "night_time",
        points: if local_hour < 5 { 5 } else { 0 },
        max: 5,
        detail: format!("{local_hour:02}:00 in Kinshasa"),
    }
}

#[cfg(test)]
mod tests {
    use super::Signal;

    fn points<T: PartialOrd>(value: T, bands: &[(T, i64)]) -> (i64, i64) {
        let signal = Signal::banded("rule", value, bands, String::new());
        (signal.points, signal.max)
    }

    #[test]
    fn a_banded_rule_scores_the_highest_band_it_reaches() {
        // The rules' tables: velocity 5.. 25, 3..=4 15; failed attempts
        // 3.. 20, 1..=2 10; amount outlier 10.. 25, 5..=9 15, 3..=4 8.
        for n in 0..12usize {
            let velocity = match n {
                5.. => 25,
                3..=4 => 15,
                _ => 0,
            };
            assert_eq!(points(n, &[(5, 25), (3, 15)]), (velocity, 25), "{n}");
            let failed = match n {
                3.. => 20,
                1..=2 => 10,
                _ => 0,
            };
            assert_eq!(points(n, &[(3, 20), (1, 10)]), (failed, 20), "{n}");
        }
        for ratio in 0..12i64 {
            let outlier = match ratio {
                10.. => 25,
                5..=9 => 15,
                3..=4 => 8,
                _ => 0,
            };
            let bands = [(10, 25), (5, 15), (3, 8)];
            assert_eq!(points(ratio, &bands), (outlier, 25), "{ratio}");
        }
    }
}
