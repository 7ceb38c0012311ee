//! Connected accounts, for platforms: the accounts the organisation manages
//! (`GET /accounts`, detached ones too) and an account's page with its
//! onboarding and its balances per currency.

use axum::Router;
use axum::extract::State;
use axum::response::Response;
use axum::routing::get;
use serde_json::Value;

use super::auth::ObjectPage;
use super::html::{
    back_link, badge, balance_row, esc, facts, link, s, section, status_badge, table, w, when,
    words,
};
use super::layout::{self, Shown};
use super::{Console, Member};

const HERE: &str = "/console/accounts";
const READ: &str = "accounts:read";

pub fn routes() -> Router<Console> {
    Router::new()
        .route(HERE, get(list))
        .route("/console/accounts/{id}", get(detail))
}

fn page(console: &Console, member: &Member, here: &str, title: &str, body: String) -> Response {
    layout::page(console, member, here, "accounts", title, body)
}

pub async fn list(State(console): State<Console>, member: Member) -> Shown {
    let answer =
        layout::read_for_page(&console, &member, HERE, READ, "/accounts?limit=100").await?;
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
                status_badge(member.lang, a),
                claimed(&member, a),
                when(a, "created_at"),
            ]
        })
        .collect();
    let headers = words(
        &member,
        ["name", "type", "country", "status", "onboarding", "created"],
    );
    let title = w(&member, "accounts");
    let body = section(
        title,
        &table(title, &headers, &rows, w(&member, "no_accounts")),
    );
    Ok(page(&console, &member, HERE, title, body))
}

/// Whether the account's owner claimed it (signed in through its link).
fn claimed(member: &Member, a: &Value) -> String {
    if a["onboarding"]["claimed"] == true {
        badge(member.lang, w(member, "claimed"))
    } else {
        esc(w(member, "not_claimed"))
    }
}

pub async fn detail(ObjectPage(console, member, id): ObjectPage) -> Shown {
    let here = layout::object_here(&console, &member, HERE, &id, "acct")?;
    let path = format!("/accounts/{id}");
    let a = layout::read_for_page(&console, &member, &here, READ, path).await?;
    let mut body = facts(&[
        (w(&member, "status"), status_badge(member.lang, &a)),
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
            balance_row(
                member.lang,
                b,
                &["balance_minor", "available_minor", "pending_minor"],
            )
        })
        .collect();
    let headers = words(&member, ["currency", "total", "available", "pending"]);
    body.push_str(&section(
        w(&member, "balances"),
        &table(
            w(&member, "balances"),
            &headers,
            &rows,
            w(&member, "no_balances"),
        ),
    ));
    body.push_str(&back_link(&member, HERE));
    let title = a["business_name"].as_str().unwrap_or(&id).to_string();
    Ok(page(&console, &member, &here, &title, body))
}
