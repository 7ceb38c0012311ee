//! Connected accounts, for platforms: the accounts the organisation manages
//! (`GET /accounts`, detached ones too) and an account's page with its
//! onboarding and its balances per currency.

use axum::Router;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;
use serde_json::Value;

use super::api::Answer;
use super::html::{badge, esc, facts, link, money, s, section, table, w, when};
use super::layout::{self, Page, percent};
use super::{Console, Member};

const HERE: &str = "/console/accounts";
const READ: &str = "accounts:read";

pub fn routes() -> Router<Console> {
    Router::new()
        .route(HERE, get(list))
        .route("/console/accounts/{id}", get(detail))
}

fn page(console: &Console, member: &Member, here: &str, title: &str, body: String) -> Response {
    Page {
        member,
        here,
        nav: "accounts",
        title,
        body,
        script: "",
    }
    .render(console)
}

pub async fn list(State(console): State<Console>, member: Member) -> Response {
    let answer =
        match layout::read_for_page(&console, &member, HERE, READ, "/accounts?limit=100").await {
            Ok(json) => json,
            Err(page) => return page,
        };
    let rows: Vec<Vec<String>> = layout::items(&answer)
        .map(|a| {
            let id = a["id"].as_str().unwrap_or("");
            vec![
                link(
                    &format!("{HERE}/{id}"),
                    a["business_name"].as_str().unwrap_or(id),
                ),
                s(a, "type"),
                s(a, "country"),
                badge(a["status"].as_str().unwrap_or("")),
                claimed(&member, a),
                when(a, "created_at"),
            ]
        })
        .collect();
    let headers = [
        w(&member, "name"),
        w(&member, "type"),
        w(&member, "country"),
        w(&member, "status"),
        w(&member, "onboarding"),
        w(&member, "created"),
    ];
    let title = w(&member, "accounts");
    let body = section(
        title,
        &table(title, &headers, &rows, w(&member, "no_accounts")),
    );
    page(&console, &member, HERE, title, body)
}

/// Whether the account's owner claimed it (signed in through its link).
fn claimed(member: &Member, a: &Value) -> String {
    if a["onboarding"]["claimed"] == true {
        badge(w(member, "claimed"))
    } else {
        esc(w(member, "not_claimed"))
    }
}

pub async fn detail(
    State(console): State<Console>,
    member: Member,
    Path(id): Path<String>,
) -> Response {
    let here = format!("{HERE}/{}", percent(&id));
    if !crate::ids::is_id(&id, "acct") {
        return layout::refusal(&console, &member, &here, &Answer::not_found(&id));
    }
    let a = match layout::read_for_page(&console, &member, &here, READ, format!("/accounts/{id}"))
        .await
    {
        Ok(json) => json,
        Err(page) => return page,
    };
    let mut body = facts(&[
        (
            w(&member, "status"),
            badge(a["status"].as_str().unwrap_or("")),
        ),
        (w(&member, "type"), s(&a, "type")),
        (w(&member, "email"), s(&a, "email")),
        (w(&member, "number"), s(&a, "phone")),
        (w(&member, "country"), s(&a, "country")),
        (w(&member, "onboarding"), claimed(&member, &a)),
        (w(&member, "kyb"), s(&a, "kyb_status")),
        (
            w(&member, "application_fee"),
            format!("{} bps", s(&a, "application_fee_bps")),
        ),
        (w(&member, "organisation"), s(&a, "organisation_id")),
        (w(&member, "detached"), when(&a, "detached_at")),
        (w(&member, "created"), when(&a, "created_at")),
    ]);
    let rows: Vec<Vec<String>> = a["balances"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|b| {
            let currency = b["currency"].as_str().unwrap_or("");
            let amount = |field: &str| money(b[field].as_i64().unwrap_or(0), currency);
            vec![
                esc(currency),
                amount("balance_minor"),
                amount("available_minor"),
                amount("pending_minor"),
            ]
        })
        .collect();
    let headers = [
        w(&member, "currency"),
        w(&member, "total"),
        w(&member, "available"),
        w(&member, "pending"),
    ];
    body.push_str(&section(
        w(&member, "balances"),
        &table(
            w(&member, "balances"),
            &headers,
            &rows,
            w(&member, "no_balances"),
        ),
    ));
    body.push_str(&format!("<p>{}</p>", link(HERE, w(&member, "back"))));
    let title = a["business_name"].as_str().unwrap_or(&id).to_string();
    page(&console, &member, &here, &title, body)
}
