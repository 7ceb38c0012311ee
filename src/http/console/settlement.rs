//! Settlement: the profiles, the cycles with their period, totals and
//! status, and each closed cycle's statement as PDF or CSV — the API's own
//! statement (`GET /settlement_cycles/{id}/statement`), passed through with
//! its file name, so the numbers and hash are the ones the API gives.

use axum::Router;
use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::Value;

use super::api;
use super::calendar::{self, Happening};
use super::html::{badge, esc, money, s, section, table_section, titled_table, w, words};
use super::layout::{self, Shown};
use super::{Console, Member};

const HERE: &str = "/console/settlement";

pub fn routes() -> Router<Console> {
    Router::new().route("/console/settlement", get(page)).route(
        "/console/settlement/{id}/statement/{format}",
        get(statement),
    )
}

pub async fn page(
    State(console): State<Console>,
    member: Member,
    Query(query): Query<HashMap<String, String>>,
) -> Shown {
    let path = "/settlement_cycles?limit=100";
    let answer = layout::read_for_page(&console, &member, HERE, "settlements:read", path).await?;
    let rows: Vec<Vec<String>> = layout::items(&answer)
        .map(|c| cycle_row(&member, c))
        .collect();
    let mut body = titled_table(
        &member,
        "cycles",
        ["id", "rail", "period", "status", "net", "statement"],
        &rows,
    );
    let profiles = api::get(&console, &member, "/settlement_profiles?limit=100")
        .await
        .json();
    let rows: Vec<Vec<String>> = layout::items(&profiles)
        .map(|p| {
            vec![
                s(p, "id"),
                s(p, "rail"),
                s(p, "currency"),
                esc(&p["schedule"]
                    .as_str()
                    .map_or_else(|| p["schedule"].to_string(), str::to_string)),
                s(p, "cut_off"),
            ]
        })
        .collect();
    let headers = words(&member, ["id", "rail", "currency", "period", "when"]);
    body.push_str(&table_section(
        &member,
        w(&member, "profiles"),
        &headers,
        &rows,
    ));
    let month = query.get("month").and_then(|m| calendar::parse_month(m));
    body.push_str(&calendar_section(&console, &member, month).await);
    let title = w(&member, "settlement");
    Ok(layout::page(
        &console,
        &member,
        HERE,
        "settlement",
        title,
        body,
    ))
}

fn cycle_row(member: &Member, c: &Value) -> Vec<String> {
    let id = c["id"].as_str().unwrap_or("");
    let status = c["status"].as_str().unwrap_or("");
    let period = format!(
        "{} → {}",
        c["period"]["from"]
            .as_str()
            .unwrap_or("")
            .get(..16)
            .unwrap_or(""),
        c["period"]["to"]
            .as_str()
            .and_then(|t| t.get(..16))
            .unwrap_or("…")
    );
    let downloads = if status == "OPEN" {
        String::new()
    } else {
        format!(
            "<a href=\"{HERE}/{id}/statement/pdf\" id=\"pdf-{id}\" download>{}</a> · <a href=\"{HERE}/{id}/statement/csv\" id=\"csv-{id}\" download>{}</a>",
            w(member, "download_pdf"),
            w(member, "download_csv")
        )
    };
    vec![
        esc(id),
        s(c, "rail"),
        esc(&period.replace('T', " ")),
        badge(member.lang, status),
        money(
            member.lang,
            c["net_minor"].as_i64().unwrap_or(0),
            c["currency"].as_str().unwrap_or(""),
        ),
        downloads,
    ]
}

/// The statement file, as the API renders it.
pub async fn statement(
    State(console): State<Console>,
    member: Member,
    Path((id, format)): Path<(String, String)>,
) -> Response {
    let here = HERE;
    let format = match format.as_str() {
        "pdf" => "pdf",
        _ => "csv",
    };
    if !crate::ids::is_id(&id, "sc") {
        return layout::refusal(&console, &member, here, &api::Answer::not_found(&id));
    }
    let path = format!("/settlement_cycles/{id}/statement?format={format}");
    let answer = api::get(&console, &member, path).await;
    if !answer.ok() {
        return layout::refusal(&console, &member, here, &answer);
    }
    let mut response = (StatusCode::OK, answer.bytes).into_response();
    let headers = response.headers_mut();
    for name in [header::CONTENT_TYPE, header::CONTENT_DISPOSITION] {
        if let Some(value) = answer.headers.get(&name) {
            headers.insert(name, value.clone());
        }
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

/// The settlement calendar of one month (`?month=YYYY-MM`, this month by
/// default): the running periods' cut-offs and due dates, the closed
/// cycles waiting to be paid, and the recent cycles' closing and payment
/// (`GET /settlement_calendar`), as a month grid and as a list.
async fn calendar_section(
    console: &Console,
    member: &Member,
    month: Option<(i32, time::Month)>,
) -> String {
    let answer = api::get(console, member, "/settlement_calendar")
        .await
        .json();
    let (year, month) = month.unwrap_or_else(|| {
        let today = calendar::day_of(&crate::clock::rfc3339(console.app.clock.now_ms()));
        today.map_or((1970, time::Month::January), |d| (d.year(), d.month()))
    });
    let happenings = happenings(member, &answer);
    let weekdays = [
        w(member, "mon"),
        w(member, "tue"),
        w(member, "wed"),
        w(member, "thu"),
        w(member, "fri"),
        w(member, "sat"),
        w(member, "sun"),
    ];
    let caption = format!("{} {year:04}-{:02}", w(member, "calendar"), u8::from(month));
    let (before, after) = calendar::neighbours(year, month);
    let mut out = format!(
        "<p class=\"months\"><a href=\"{HERE}?month={before}\" id=\"month-before\">← {before}</a> \
         <a href=\"{HERE}?month={after}\" id=\"month-after\">{after} →</a></p>"
    );
    out.push_str(&calendar::month_grid(
        &caption,
        weekdays,
        year,
        month,
        &happenings,
    ));
    let mut listed: Vec<&Happening> = happenings
        .iter()
        .filter(|h| h.day.year() == year && h.day.month() == month)
        .collect();
    listed.sort_by_key(|h| h.day);
    if listed.is_empty() {
        out.push_str(&format!(
            "<p class=\"muted\">{}</p>",
            w(member, "calendar_empty")
        ));
    } else {
        out.push_str("<ul class=\"agenda\" id=\"agenda\">");
        for h in listed {
            out.push_str(&format!("<li>{} · {}</li>", h.day, esc(&h.text)));
        }
        out.push_str("</ul>");
    }
    section(&caption, &out)
}

/// What the calendar answer says happens on which day.
fn happenings(member: &Member, calendar: &Value) -> Vec<Happening> {
    let mut found = Vec::new();
    let mut add = |at: &Value, kind: &'static str, text: String| {
        if let Some(day) = at.as_str().and_then(calendar::day_of) {
            found.push(Happening { day, kind, text });
        }
    };
    let list = |field: &str| calendar[field].as_array().cloned().unwrap_or_default();
    for u in list("upcoming") {
        let currency = u["currency"].as_str().unwrap_or("");
        let running =
            crate::http::pages::amount_text(u["running_net_minor"].as_i64().unwrap_or(0), currency);
        add(
            &u["cut_off_at"],
            "cutoff",
            format!("{} {currency} ({running})", w(member, "cut_off")),
        );
        add(
            &u["due_at"],
            "due",
            format!("{} {currency}", w(member, "due_estimated")),
        );
    }
    for o in list("obligations") {
        let net = crate::http::pages::amount_text(
            o["net_minor"].as_i64().unwrap_or(0),
            o["currency"].as_str().unwrap_or(""),
        );
        add(
            &o["due_at"],
            "due",
            format!("{} {net}", w(member, "to_pay")),
        );
    }
    for c in list("recent") {
        let id = c["id"].as_str().unwrap_or("");
        add(
            &c["closed_at"],
            "closed",
            format!("{} {id}", w(member, "closed_word")),
        );
        add(
            &c["paid_at"],
            "paid",
            format!("{} {id}", w(member, "paid_word")),
        );
    }
    found
}
