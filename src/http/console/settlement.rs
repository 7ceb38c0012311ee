//! Settlement: the profiles, the cycles with their period, totals and
//! status, and each closed cycle's statement as PDF or CSV — the API's own
//! statement (`GET /settlement_cycles/{id}/statement`), passed through with
//! its file name, so the numbers and hash are the ones the API gives.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::Value;

use super::api::{self, Call};
use super::html::{badge, esc, money, s, section, table, w};
use super::layout::{self, Page};
use super::{Console, Member};

const HERE: &str = "/console/settlement";

pub fn routes() -> Router<Console> {
    Router::new().route("/console/settlement", get(page)).route(
        "/console/settlement/{id}/statement/{format}",
        get(statement),
    )
}

pub async fn page(State(console): State<Console>, member: Member) -> Response {
    let answer = match layout::read_for_page(
        &console,
        &member,
        HERE,
        "settlements:read",
        "/settlement_cycles?limit=100",
    )
    .await
    {
        Ok(json) => json,
        Err(page) => return page,
    };
    let rows: Vec<Vec<String>> = layout::items(&answer)
        .map(|c| cycle_row(&member, c))
        .collect();
    let headers = [
        w(&member, "id"),
        w(&member, "rail"),
        w(&member, "period"),
        w(&member, "status"),
        w(&member, "net"),
        w(&member, "statement"),
    ];
    let mut body = section(
        w(&member, "cycles"),
        &table(
            w(&member, "cycles"),
            &headers,
            &rows,
            w(&member, "nothing_yet"),
        ),
    );
    body.push_str(&super::calendar::section_for(&console, &member).await);
    let profiles = api::send(
        &console.api,
        Call::get(&member, "/settlement_profiles?limit=100"),
    )
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
    let headers = [
        w(&member, "id"),
        w(&member, "rail"),
        w(&member, "currency"),
        w(&member, "period"),
        w(&member, "when"),
    ];
    body.push_str(&section(
        w(&member, "profiles"),
        &table(
            w(&member, "profiles"),
            &headers,
            &rows,
            w(&member, "nothing_yet"),
        ),
    ));
    Page {
        member: &member,
        here: HERE,
        nav: "settlement",
        title: w(&member, "settlement"),
        body,
        script: "",
    }
    .render(&console)
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
        badge(status),
        money(
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
    let answer = api::send(&console.api, Call::get(&member, path)).await;
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
