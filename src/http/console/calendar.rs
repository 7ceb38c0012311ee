//! The settlement calendar on the settlement page: the API's
//! `GET /settlement_calendar` (running periods with their cut-off and due
//! time, closed cycles waiting to be paid) as two tables, and a month grid
//! that marks the days of cut-offs and payments, so a finance officer sees
//! at a glance when money moves.
//!
//! The grid is a plain table (a caption, a header per weekday, one cell per
//! day whose text names what happens that day): it reads out in order on a
//! screen reader and needs no script.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::Value;
use time::{Date, Month};

use super::api::{self, Call};
use super::html::{badge, esc, money, s, table, w};
use super::{Console, Member};

/// What happens on one day of the grid.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Marks {
    cut_offs: u32,
    payments: u32,
}

/// The calendar's tables and month grid, or nothing when the API refuses.
pub async fn section_for(console: &Console, member: &Member) -> String {
    let answer = api::send(&console.api, Call::get(member, "/settlement_calendar")).await;
    if !answer.ok() {
        return String::new();
    }
    let calendar = answer.json();
    let upcoming: Vec<&Value> = items(&calendar["upcoming"]);
    let obligations: Vec<&Value> = items(&calendar["obligations"]);

    let rows: Vec<Vec<String>> = upcoming
        .iter()
        .map(|u| {
            vec![
                s(u, "cycle"),
                s(u, "rail"),
                day_and_time(&u["cut_off_at"]),
                day_and_time(&u["due_at"]),
                money(
                    u["running_net_minor"].as_i64().unwrap_or(0),
                    u["currency"].as_str().unwrap_or(""),
                ),
            ]
        })
        .collect();
    let headers = [
        w(member, "id"),
        w(member, "rail"),
        w(member, "cut_off"),
        w(member, "due"),
        w(member, "running_net"),
    ];
    let mut body = format!("<h3>{}</h3>", esc(w(member, "upcoming_cut_offs")));
    body.push_str(&table(
        w(member, "upcoming_cut_offs"),
        &headers,
        &rows,
        w(member, "nothing_yet"),
    ));

    let rows: Vec<Vec<String>> = obligations
        .iter()
        .map(|o| {
            vec![
                s(o, "cycle"),
                badge(o["status"].as_str().unwrap_or("")),
                day_and_time(&o["due_at"]),
                money(
                    o["net_minor"].as_i64().unwrap_or(0),
                    o["currency"].as_str().unwrap_or(""),
                ),
            ]
        })
        .collect();
    let headers = [
        w(member, "id"),
        w(member, "status"),
        w(member, "due"),
        w(member, "net"),
    ];
    let _ = write!(body, "<h3>{}</h3>", esc(w(member, "obligations")));
    body.push_str(&table(
        w(member, "obligations"),
        &headers,
        &rows,
        w(member, "nothing_yet"),
    ));

    // The month of the next cut-off (a sandbox on a test clock may be far
    // from today), else this month.
    let mut marks: BTreeMap<Date, Marks> = BTreeMap::new();
    for u in &upcoming {
        if let Some(day) = date_of(&u["cut_off_at"]) {
            marks.entry(day).or_default().cut_offs += 1;
        }
        if let Some(day) = date_of(&u["due_at"]) {
            marks.entry(day).or_default().payments += 1;
        }
    }
    for o in &obligations {
        if let Some(day) = date_of(&o["due_at"]) {
            marks.entry(day).or_default().payments += 1;
        }
    }
    let today = time::OffsetDateTime::from_unix_timestamp(console.app.clock.now_ms() / 1_000)
        .map(|t| t.date())
        .unwrap_or(Date::MIN);
    let shown = upcoming
        .iter()
        .find_map(|u| date_of(&u["cut_off_at"]))
        .unwrap_or(today);
    body.push_str(&month_grid(member, shown.year(), shown.month(), &marks));
    super::html::section(w(member, "calendar"), &body)
}

fn items(list: &Value) -> Vec<&Value> {
    list.as_array()
        .map(|a| a.iter().collect())
        .unwrap_or_default()
}

/// `2026-09-01 18:00`, or "manual" for a `null` time.
fn day_and_time(value: &Value) -> String {
    match value.as_str() {
        Some(text) => esc(&text.replace('T', " ").chars().take(16).collect::<String>()),
        None => "—".to_string(),
    }
}

fn date_of(value: &Value) -> Option<Date> {
    let text = value.as_str()?;
    let ms = crate::clock::parse_param("at", Some(text)).ok()??;
    time::OffsetDateTime::from_unix_timestamp(ms.div_euclid(1_000))
        .ok()
        .map(|t| t.date())
}

/// A month as a table of weeks, Monday first, each marked day saying what
/// happens on it.
fn month_grid(member: &Member, year: i32, month: Month, marks: &BTreeMap<Date, Marks>) -> String {
    let Ok(first) = Date::from_calendar_date(year, month, 1) else {
        return String::new();
    };
    let days = month.length(year);
    let lead = first.weekday().number_days_from_monday();
    let caption = format!("{} {year}", w(member, month_key(month)));
    let mut out = format!(
        "<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"{caption}\">\
         <table class=\"calendar\"><caption>{caption}</caption><thead><tr>",
        caption = esc(&caption)
    );
    for key in ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] {
        let _ = write!(out, "<th scope=\"col\">{}</th>", esc(w(member, key)));
    }
    out.push_str("</tr></thead><tbody><tr>");
    for _ in 0..lead {
        out.push_str("<td></td>");
    }
    for day in 1..=days {
        let cell = (u16::from(lead) + u16::from(day) - 1) % 7;
        if cell == 0 && day > 1 {
            out.push_str("</tr><tr>");
        }
        let date = first.replace_day(day).unwrap_or(first);
        let mark = marks.get(&date).copied().unwrap_or_default();
        let mut what = Vec::new();
        if mark.cut_offs > 0 {
            what.push(format!("{} {}", w(member, "cut_off"), mark.cut_offs));
        }
        if mark.payments > 0 {
            what.push(format!("{} {}", w(member, "payment_due"), mark.payments));
        }
        if what.is_empty() {
            let _ = write!(out, "<td>{day}</td>");
        } else {
            let _ = write!(
                out,
                "<td class=\"marked\"><strong>{day}</strong><br><small>{}</small></td>",
                esc(&what.join(", "))
            );
        }
    }
    let trail = (7 - (u16::from(lead) + u16::from(days)) % 7) % 7;
    for _ in 0..trail {
        out.push_str("<td></td>");
    }
    out.push_str("</tr></tbody></table></div>");
    out
}

fn month_key(month: Month) -> &'static str {
    match month {
        Month::January => "january",
        Month::February => "february",
        Month::March => "march",
        Month::April => "april",
        Month::May => "may",
        Month::June => "june",
        Month::July => "july",
        Month::August => "august",
        Month::September => "september",
        Month::October => "october",
        Month::November => "november",
        Month::December => "december",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member() -> Member {
        Member {
            token: String::new(),
            member_id: String::new(),
            email: String::new(),
            role: crate::auth::roles::Role::Finance,
            mode: crate::ledger::Mode::Test,
            lang: super::super::words::Lang::En,
            csrf: String::new(),
            peer: None,
            flash: None,
        }
    }

    #[test]
    fn the_grid_starts_on_the_right_weekday_and_marks_days() {
        // September 2026 starts on a Tuesday and has 30 days.
        let mut marks = BTreeMap::new();
        let cut = Date::from_calendar_date(2026, Month::September, 15).expect("date");
        marks.insert(
            cut,
            Marks {
                cut_offs: 1,
                payments: 2,
            },
        );
        let html = month_grid(&member(), 2026, Month::September, &marks);
        assert!(html.contains("<caption>September 2026</caption>"), "{html}");
        assert!(
            html.contains("<tbody><tr><td></td><td>1</td>"),
            "one empty Monday, then the 1st: {html}"
        );
        assert!(html.contains("<td>30</td>"), "{html}");
        assert!(!html.contains("<td>31</td>"), "{html}");
        assert!(
            html.contains("<strong>15</strong><br><small>Cut-off 1, Payment due 2</small>"),
            "{html}"
        );
        // Every week is a full row of seven cells.
        for week in html.split("<tr>").skip(2) {
            assert_eq!(week.matches("<td").count(), 7, "{week}");
        }
    }

    #[test]
    fn a_month_starting_on_monday_has_no_leading_blank() {
        // June 2026 starts on a Monday.
        let html = month_grid(&member(), 2026, Month::June, &BTreeMap::new());
        assert!(html.contains("<tbody><tr><td>1</td>"), "{html}");
    }
}
