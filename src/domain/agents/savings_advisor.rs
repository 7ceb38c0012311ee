//! SavingsAdvisor (`analyst`): what the organisation paid in fees per rail,
//! read from the ledger (each payment's collection posting: its provider
//! fee, service fee and tax lines), and what it would have saved
//!
//! - on rails: had each payment come over the cheapest rail the organisation
//!   was paid through in that currency, at that rail's fee schedule
//!   (`domain::fees`);
//! - on its payout schedule: had the payouts of each calendar week (Monday
//!   to Sunday, UTC) been one payout (the payout fee is 70 bps, at least 1,
//!   rounded per payout).
//!
//! Window: the last 90 days (180 for a deep run), the newest 2,000 payments
//! and payouts. Amounts are per currency, never converted.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::history::{self, History};
use super::{Agent, Depth, Input, Output};
use crate::domain::{fees, payouts};
use crate::error::ApiError;
use crate::ledger::Posting;

pub struct SavingsAdvisor;

const DAY_MS: i64 = 86_400_000;
/// 1970-01-01 was a Thursday: shifting by 3 days starts weeks on Mondays.
const MONDAY_SHIFT_MS: i64 = 3 * DAY_MS;
const WEEK_MS: i64 = 7 * DAY_MS;
const FEE_ACCOUNTS: [&str; 3] = ["sys.provider_fees", "sys.fee_revenue", "sys.tax_payable"];
const CLEARING: &str = "sys.rail_clearing.";

/// One payment as its collection posting tells it.
struct Collected {
    rail: String,
    currency: String,
    gross_minor: i64,
    fees_minor: i64,
}

#[derive(Default)]
struct RailTotals {
    payments: i64,
    gross_minor: i64,
    fees_minor: i64,
    savings_minor: i64,
}

impl Agent for SavingsAdvisor {
    fn run(&self, read: &dyn History, input: &Input) -> Result<Output, ApiError> {
        let principal = &input.principal;
        let days = if input.depth == Depth::Deep { 180 } else { 90 };
        let since = input.now_ms - days * DAY_MS;
        let (mode, owner) = (principal.mode, principal.owner());
        let mut collected = Vec::new();
        for intent in history::intents(read, mode, owner, since)? {
            let Some(id) = &intent.collection_transaction else {
                continue;
            };
            if let Some(c) = history::posting(read, id)?.as_ref().and_then(collection) {
                collected.push(c);
            }
        }
        let rails = by_rail(&collected);
        let payouts = payout_weeks(&history::payouts(read, mode, owner, since)?);
        let mut savings: BTreeMap<String, i64> = BTreeMap::new();
        let mut rail_rows = Vec::new();
        for ((currency, rail), t) in &rails.totals {
            *savings.entry(currency.clone()).or_default() += t.savings_minor;
            rail_rows.push(json!({
                "rail": rail, "currency": currency, "payments": t.payments,
                "gross_minor": t.gross_minor, "fees_minor": t.fees_minor,
                "effective_bps": if t.gross_minor > 0 { t.fees_minor * 10_000 / t.gross_minor } else { 0 },
                "cheapest_rail": rails.cheapest.get(currency), "savings_minor": t.savings_minor,
            }));
        }
        for row in &payouts {
            *savings
                .entry(row["currency"].as_str().unwrap_or_default().to_string())
                .or_default() += row["savings_minor"].as_i64().unwrap_or(0);
        }
        let summary = summary(days, &rail_rows, &payouts, &savings);
        let result = json!({
            "window_days": days,
            "rails": rail_rows,
            "payout_schedule": payouts,
            "savings_minor": savings,
        });
        Ok(Output { summary, result })
    }
}

/// A collection posting's rail, gross and fees; `None` for another posting.
fn collection(posting: &Posting) -> Option<Collected> {
    // The base owner (`sys.fee_revenue`, a system account's shard dropped).
    let owner_of = |account: &str| {
        crate::ledger::parse_account(account).map(|(_, owner, _, _)| owner.to_string())
    };
    let mut rail = None;
    let (mut gross, mut fees) = (0, 0);
    for line in &posting.lines {
        let owner = owner_of(&line.account)?;
        if let Some(name) = owner.strip_prefix(CLEARING) {
            rail = Some(name.to_string());
            gross -= line.amount_minor;
        } else if FEE_ACCOUNTS.contains(&owner.as_str()) {
            fees += line.amount_minor;
        }
    }
    Some(Collected {
        rail: rail?,
        currency: posting.lines.first()?.currency.clone(),
        gross_minor: gross,
        fees_minor: fees,
    })
}

struct Rails {
    totals: BTreeMap<(String, String), RailTotals>,
    /// Per currency, the used rail whose schedule charges least.
    cheapest: BTreeMap<String, String>,
}

fn schedule_fee(rail: &str, amount_minor: i64) -> i64 {
    fees::for_collection(rail, None, amount_minor).total_minor()
}

fn by_rail(collected: &[Collected]) -> Rails {
    let mut cheapest: BTreeMap<String, String> = BTreeMap::new();
    for c in collected {
        let better = cheapest
            .get(&c.currency)
            .is_none_or(|best| schedule_fee(&c.rail, 1_000_000) < schedule_fee(best, 1_000_000));
        if better {
            cheapest.insert(c.currency.clone(), c.rail.clone());
        }
    }
    let mut totals: BTreeMap<(String, String), RailTotals> = BTreeMap::new();
    for c in collected {
        let best = cheapest
            .get(&c.currency)
            .map_or(c.rail.as_str(), String::as_str);
        let t = totals
            .entry((c.currency.clone(), c.rail.clone()))
            .or_default();
        t.payments += 1;
        t.gross_minor += c.gross_minor;
        t.fees_minor += c.fees_minor;
        t.savings_minor += (c.fees_minor - schedule_fee(best, c.gross_minor)).max(0);
    }
    Rails { totals, cheapest }
}

/// Per currency: payouts made, their fees, and the fees of one payout a week.
fn payout_weeks(made: &[payouts::Payout]) -> Vec<Value> {
    let mut weeks: BTreeMap<(String, i64), (i64, i64, i64)> = BTreeMap::new();
    for p in made {
        let week = (p.created_at_ms + MONDAY_SHIFT_MS).div_euclid(WEEK_MS);
        let w = weeks.entry((p.currency.clone(), week)).or_default();
        w.0 += 1;
        w.1 += p.amount_minor;
        w.2 += p.fee_minor;
    }
    let mut by_currency: BTreeMap<String, (i64, i64, i64)> = BTreeMap::new();
    for ((currency, _), (count, amount, paid)) in weeks {
        let c = by_currency.entry(currency).or_default();
        c.0 += count;
        c.1 += paid;
        c.2 += payouts::fee_minor(amount);
    }
    by_currency
        .into_iter()
        .map(|(currency, (count, paid, weekly))| {
            json!({"currency": currency, "payouts": count, "fees_minor": paid,
                   "weekly_fees_minor": weekly, "savings_minor": (paid - weekly).max(0)})
        })
        .collect()
}

fn summary(
    days: i64,
    rails: &[Value],
    payouts: &[Value],
    savings: &BTreeMap<String, i64>,
) -> String {
    if rails.is_empty() && payouts.is_empty() {
        return format!("No payment or payout in the last {days} days: nothing to save yet.");
    }
    let mut lines = vec![format!("Fees of the last {days} days:")];
    for r in rails {
        lines.push(format!(
            "{} {}: {} payments, {} minor units of fees ({} bps); over {} they would have cost {} less.",
            r["rail"].as_str().unwrap_or_default(), r["currency"].as_str().unwrap_or_default(), r["payments"], r["fees_minor"],
            r["effective_bps"], r["cheapest_rail"].as_str().unwrap_or_default(), r["savings_minor"]
        ));
    }
    for p in payouts {
        lines.push(format!(
            "Payouts {}: {} payouts paid {} in fees; one a week would have paid {}.",
            p["currency"].as_str().unwrap_or_default(),
            p["payouts"],
            p["fees_minor"],
            p["weekly_fees_minor"]
        ));
    }
    for (currency, minor) in savings {
        lines.push(format!(
            "Possible savings: {minor} minor units of {currency}."
        ));
    }
    lines.join("\n")
}
