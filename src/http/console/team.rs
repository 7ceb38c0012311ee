//! Team: the members with their roles, invite (add with a first password
//! and PIN), change a role, disable; and the audit log, a page at a time.
//! The rules (only owners touch owners, the last owner stays) are the
//! API's: a refusal comes back as the notice.

use axum::Router;
use axum::extract::{Query, State};
use axum::http::Method;
use axum::response::Response;
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::json;

use super::api::{self, Call};
use super::auth::{Action, Kind, Post};
use super::html::{
    esc, event_word, form, humane, input, s, section, select, status_badge, status_word, table,
    table_section, w, when, words,
};
use super::layout::{self, Shown, percent};
use super::{Console, Member};
use crate::auth::roles::{self, Role};

pub fn routes() -> Router<Console> {
    Router::new()
        .route("/console/team", get(members).post(invite))
        .route("/console/team/{id}/role", post(change_role))
        .route("/console/team/{id}/disable", post(disable))
        .route("/console/audit", get(audit_log))
}

/// The roles to choose from, named in the member's language.
fn role_options(member: &Member) -> Vec<(&'static str, &'static str)> {
    Role::ALL
        .iter()
        .map(|r| (r.as_str(), role_word(member, r.as_str())))
        .collect()
}

/// A role (`finance`) as the member reads it.
pub fn role_word(member: &Member, role: &str) -> &'static str {
    w(member, &format!("role_{role}"))
}

pub async fn members(State(console): State<Console>, member: Member) -> Shown {
    let (here, path) = ("/console/team", "/team/members");
    let list = layout::read_for_page(&console, &member, here, roles::TEAM_MANAGE, path).await?;
    let options = role_options(&member);
    let rows: Vec<Vec<String>> = layout::items(&list)
        .map(|m| {
            let id = m["id"].as_str().unwrap_or("");
            let active = m["status"] == "active";
            let is_platform = !m["platform"].is_null();
            let mut actions = String::new();
            if active && !is_platform && id != member.member_id {
                let role = select(
                    &format!("role-{id}"),
                    "role",
                    w(&member, "role"),
                    &options,
                    m["role"].as_str().unwrap_or(""),
                );
                actions.push_str(&form(
                    &member,
                    &format!("/console/team/{id}/role"),
                    &format!("change-{id}"),
                    &role,
                    w(&member, "change_role"),
                ));
                actions.push_str(&form(
                    &member,
                    &format!("/console/team/{id}/disable"),
                    &format!("disable-{id}"),
                    "",
                    w(&member, "disable"),
                ));
            }
            vec![
                s(m, "email"),
                esc(role_word(&member, m["role"].as_str().unwrap_or(""))),
                status_badge(member.lang, m),
                when(m, "created_at"),
                actions,
            ]
        })
        .collect();
    let headers = words(&member, ["email", "role", "status", "created", "action"]);
    let invite = format!(
        "<div class=\"field\">{}</div><div class=\"field\">{}</div><div class=\"field\">{}</div><div class=\"field\">{}</div>",
        input(
            "invite-email",
            "email",
            w(&member, "email"),
            "email",
            "required maxlength=\"254\" autocomplete=\"off\""
        ),
        select(
            "invite-role",
            "role",
            w(&member, "role"),
            &options,
            "viewer"
        ),
        input(
            "invite-password",
            "password",
            w(&member, "temp_password"),
            "password",
            "required minlength=\"12\" maxlength=\"256\" autocomplete=\"new-password\""
        ),
        input(
            "invite-pin",
            "pin",
            w(&member, "new_pin"),
            "password",
            "inputmode=\"numeric\" pattern=\"[0-9]{6,12}\" autocomplete=\"off\""
        ),
    );
    let body = format!(
        "{}{}",
        table_section(&member, w(&member, "members"), &headers, &rows),
        section(
            w(&member, "invite"),
            &form(
                &member,
                "/console/team",
                "invite",
                &invite,
                w(&member, "invite")
            )
        ),
    );
    let title = w(&member, "team");
    Ok(layout::page(&console, &member, here, "team", title, body))
}

pub async fn invite(State(console): State<Console>, post: Post) -> Response {
    let mut body = json!({
        "email": post.field("email"),
        "role": post.field("role"),
        "password": post.fields.get("password").cloned().unwrap_or_default(),
    });
    post.copy_filled(&mut body, "pin");
    post.act(
        &console,
        "/team/members",
        body,
        "/console/team",
        "done_invite",
    )
    .await
}

const MEMBERS: Kind = Kind::new("mem", "/team/members", "/console/team", None);

fn member_id(id: &str) -> Option<&str> {
    crate::ids::is_id(id, "mem").then_some(id)
}

pub async fn change_role(Action(console, id, post): Action) -> Response {
    let Some(id) = member_id(&id) else {
        return layout::see_other("/console/team");
    };
    let call = Call::post(
        &post.member,
        format!("/team/members/{id}"),
        json!({ "role": post.field("role") }),
        post.form_token(),
    );
    let call = Call {
        method: Method::PATCH,
        ..call
    };
    let answer = api::send(&console.api, call).await;
    layout::after(
        &console,
        "/console/team",
        &answer,
        &post.member,
        "done_role",
    )
}

pub async fn disable(Action(console, id, post): Action) -> Response {
    let action = (id.as_str(), "disable");
    post.act_on(&console, &MEMBERS, action, json!({}), "done_disable")
        .await
}

#[derive(Deserialize)]
pub struct Cursor {
    cursor: Option<String>,
}

/// An audit entry's details as `Label: value` lines, not JSON.
fn details(member: &Member, details: &serde_json::Value) -> String {
    let Some(fields) = details.as_object() else {
        return String::new();
    };
    fields
        .iter()
        .map(|(key, value)| {
            let value = match value {
                serde_json::Value::String(text)
                    if text.contains('_')
                        && text.chars().all(|c| c.is_ascii_alphabetic() || c == '_') =>
                {
                    status_word(member.lang, text)
                }
                serde_json::Value::String(text) => text.clone(),
                other => other.to_string(),
            };
            format!("{}: {}", esc(&humane(key)), esc(&value))
        })
        .collect::<Vec<_>>()
        .join("<br>")
}

pub async fn audit_log(
    State(console): State<Console>,
    member: Member,
    Query(page): Query<Cursor>,
) -> Shown {
    let mut path = "/audit_log?limit=100".to_string();
    if let Some(cursor) = page
        .cursor
        .as_deref()
        .filter(|c| crate::ids::is_id(c, "aud"))
    {
        path.push_str(&format!("&cursor={}", percent(cursor)));
    }
    let here = "/console/audit";
    let list = layout::read_for_page(&console, &member, here, roles::AUDIT_LOG_READ, path).await?;
    let rows: Vec<Vec<String>> = layout::items(&list)
        .map(|e| {
            let actor = e["email"]
                .as_str()
                .or(e["api_key"].as_str())
                .unwrap_or(e["actor_type"].as_str().unwrap_or(""));
            let action = e["action"].as_str().unwrap_or("");
            vec![
                when(e, "created_at"),
                esc(actor),
                format!(
                    "<span title=\"{}\">{}</span>",
                    esc(action),
                    esc(&event_word(member.lang, action))
                ),
                s(e, "target"),
                details(&member, &e["details"]),
            ]
        })
        .collect();
    let headers = words(&member, ["when", "actor", "action", "target", "what"]);
    let mut body = table(
        w(&member, "audit_log"),
        &headers,
        &rows,
        w(&member, "nothing_yet"),
    );
    if let Some(next) = list["next_cursor"]
        .as_str()
        .filter(|_| list["has_more"] == true)
    {
        body.push_str(&format!(
            "<p><a href=\"/console/audit?cursor={}\" id=\"older\">{}</a></p>",
            percent(next),
            w(&member, "older")
        ));
    }
    let body = format!("<section class=\"card\">{body}</section>");
    let title = w(&member, "audit_log");
    Ok(layout::page(
        &console,
        &member,
        here,
        "audit_log",
        title,
        body,
    ))
}
