//! Home: what needs a person first (parked money, `attention`), balances by
//! class per currency, today's and the month's volume,
//! the success rate of each rail, and a 14-day volume chart — each part
//! shown only when the member's role may read what it is made of.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::response::Response;
use serde_json::Value;

use super::api;
use super::html::{bar_chart, esc, money, section, table, table_section, w, words};
use super::layout;
use super::payments::recent_intents;
use super::{Console, Member};

/// The balance classes shown, in the order a person reads them.
const CLASSES: [&str; 10] = [
    "available",
    "pending",
    "settlement_pending",
    "reserved",
    "held",
    "disputed",
    "frozen",
    "escrow",
    "suspense",
    "in_transit",
];
/// Days the chart shows.
const CHART_DAYS: i64 = 14;
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

pub async fn page(State(console): State<Console>, member: Member) -> Response {
    let mut body = super::attention::section_for(&console, &member).await;
    if member.may("balance:read") {
        body.push_str(&balances(&console, &member).await);
    }
    if member.may("payment_intents:read") {
        let now_ms = console.app.clock.now_ms();
        let intents = recent_intents(&console, &member).await;
        body.push_str(&volume(&member, &intents, now_ms));
    }
    let title = w(&member, "home");
    layout::page(&console, &member, "/console", "home", title, body)
}

async fn balances(console: &Console, member: &Member) -> String {
    let answer = api::get(console, member, "/balance").await;
    let balance = answer.json();
    let mut rows = Vec::new();
    for entry in balance["balances"].as_array().into_iter().flatten() {
        let currency = entry["currency"].as_str().unwrap_or_default();
        for class in CLASSES {
            let amount = entry[format!("{class}_minor")].as_i64().unwrap_or(0);
            if amount != 0 || class == "available" {
                rows.push(vec![
                    esc(currency),
                    esc(w(member, &format!("class_{class}"))),
                    money(member.lang, amount, currency),
                ]);
            }
        }
    }
    let headers = words(member, ["currency", "class", "amount"]);
    let title = w(member, "balances");
    section(
        title,
        &table(title, &headers, &rows, w(member, "no_balances")),
    )
}

/// The day (UTC, `2026-11-23`) of an RFC 3339 time.
fn day_of(rfc3339: &str) -> &str {
    rfc3339.get(..10).unwrap_or("")
}

/// Volume received by currency among `intents` created on days for which `keep` holds.
fn received_by_currency(intents: &[Value], keep: impl Fn(&str) -> bool) -> BTreeMap<String, i64> {
    let mut sums = BTreeMap::new();
    for intent in intents {
        let created = intent["created_at"].as_str().unwrap_or("");
        if keep(day_of(created)) {
            let currency = intent["currency"].as_str().unwrap_or("").to_string();
            let received = intent["amount_received_minor"].as_i64().unwrap_or(0);
            *sums.entry(currency).or_insert(0) += received;
        }
    }
    sums.retain(|_, v| *v != 0);
    sums
}

/// Per rail: the intents whose last attempt went to it, and how many of those captured.
fn success_by_rail(intents: &[Value]) -> BTreeMap<String, (u32, u32)> {
    let mut rails: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    for intent in intents {
        let attempt = &intent["last_attempt"];
        let Some(rail) = attempt["rail"].as_str() else {
            continue;
        };
        let entry = rails.entry(rail.to_string()).or_default();
        entry.0 += 1;
        let status = attempt["status"].as_str().unwrap_or("");
        if status.eq_ignore_ascii_case("captured") || status.eq_ignore_ascii_case("authorised") {
            entry.1 += 1;
        }
    }
    rails
}

fn sums_text(member: &Member, sums: &BTreeMap<String, i64>) -> String {
    if sums.is_empty() {
        return "0".into();
    }
    sums.iter()
        .map(|(currency, amount)| money(member.lang, *amount, currency))
        .collect::<Vec<_>>()
        .join("<br>")
}

fn volume(member: &Member, intents: &[Value], now_ms: i64) -> String {
    let today = crate::clock::rfc3339(now_ms);
    let today = day_of(&today).to_string();
    let month = today.get(..7).unwrap_or("").to_string();
    let today_sums = received_by_currency(intents, |d| d == today);
    let month_sums = received_by_currency(intents, |d| d.starts_with(&month));
    let figures = format!(
        "<div class=\"grid\"><div><div class=\"muted\">{}</div><div class=\"figure\" id=\"volume-today\">{}</div></div>\
         <div><div class=\"muted\">{}</div><div class=\"figure\" id=\"volume-month\">{}</div></div></div>\
         <p class=\"muted\">{}</p>",
        w(member, "today"),
        sums_text(member, &today_sums),
        w(member, "this_month"),
        sums_text(member, &month_sums),
        w(member, "sample_note"),
    );
    let rates: Vec<Vec<String>> = success_by_rail(intents)
        .into_iter()
        .map(|(rail, (tried, won))| {
            let rate = (won * 100).checked_div(tried).unwrap_or(0);
            vec![
                esc(&super::html::status_word(member.lang, &rail)),
                tried.to_string(),
                won.to_string(),
                format!("{rate}%"),
            ]
        })
        .collect();
    let headers = words(member, ["rail", "attempts", "succeeded", "rate"]);
    let chart = chart(member, intents, now_ms);
    format!(
        "{}<div class=\"grid\">{}{}</div>",
        section(w(member, "volume"), &figures),
        table_section(member, w(member, "success_rate"), &headers, &rates),
        section(w(member, "chart_title"), &chart)
    )
}

/// The chart of the currency with the most volume over the last 14 days.
fn chart(member: &Member, intents: &[Value], now_ms: i64) -> String {
    let days: Vec<String> = (0..CHART_DAYS)
        .rev()
        .map(|back| day_of(&crate::clock::rfc3339(now_ms - back * DAY_MS)).to_string())
        .collect();
    let first = days.first().cloned().unwrap_or_default();
    let in_range = received_by_currency(intents, |d| d >= first.as_str());
    let Some((currency, _)) = in_range.iter().max_by_key(|(_, v)| **v) else {
        return format!("<p class=\"muted\">{}</p>", w(member, "nothing_yet"));
    };
    let series: Vec<(String, i64)> = days
        .iter()
        .map(|day| {
            let sums = received_by_currency(intents, |d| d == day);
            (day.clone(), sums.get(currency).copied().unwrap_or(0))
        })
        .collect();
    bar_chart(member.lang, w(member, "chart_title"), &series, currency)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn volume_counts_what_was_received_by_day_and_currency() {
        let intents = vec![
            json!({"created_at": "2026-11-23T08:00:00Z", "currency": "CDF", "amount_received_minor": 500}),
            json!({"created_at": "2026-11-23T09:00:00Z", "currency": "CDF", "amount_received_minor": 0}),
            json!({"created_at": "2026-11-02T09:00:00Z", "currency": "USD", "amount_received_minor": 70}),
        ];
        let today = received_by_currency(&intents, |d| d == "2026-11-23");
        assert_eq!(
            today.into_iter().collect::<Vec<_>>(),
            vec![("CDF".to_string(), 500)]
        );
        let month = received_by_currency(&intents, |d| d.starts_with("2026-11"));
        assert_eq!(month.len(), 2);
    }

    #[test]
    fn a_rail_succeeds_when_its_last_attempt_captured() {
        let intents = vec![
            json!({"last_attempt": {"rail": "mobile_money", "status": "CAPTURED"}}),
            json!({"last_attempt": {"rail": "mobile_money", "status": "FAILED"}}),
            json!({"last_attempt": null}),
        ];
        assert_eq!(success_by_rail(&intents)["mobile_money"], (2, 1));
    }
}
