//! Team: the members with their roles, invite (add with a first password
//! and PIN), change a role, disable; and the audit log, a page at a time.
//! The rules (only owners touch owners, the last owner stays) are the
//! API's: a refusal comes back as the notice.

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::Method;
use axum::response::Response;
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::json;

use super::api::{self, Call};
use super::auth::Post;
use super::html::{badge, esc, form, input, s, section, select, table, w, when};
use super::layout::{self, Page, percent};
use super::{Console, Member};
use crate::auth::roles::{self, Role};

pub fn routes() -> Router<Console> {
    Router::new()
        .route("/console/team", get(members).post(invite))
        .route("/console/team/{id}/role", post(change_role))
        .route("/console/team/{id}/disable", post(disable))
        .route("/console/audit", get(audit_log))
}

fn role_options() -> Vec<(&'static str, &'static str)> {
    Role::ALL.iter().map(|r| (r.as_str(), r.as_str())).collect()
}

pub async fn members(State(console): State<Console>, member: Member) -> Response {
    let list = match layout::read_for_page(
        &console,
        &member,
        "/console/team",
        roles::TEAM_MANAGE,
        "/team/members?limit=200",
    )
    .await
    {
        Ok(json) => json,
        Err(page) => return page,
    };
    let options = role_options();
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
                esc(m["role"].as_str().unwrap_or("")),
                badge(m["status"].as_str().unwrap_or("")),
                when(m, "created_at"),
                actions,
            ]
        })
        .collect();
    let headers = [
        w(&member, "email"),
        w(&member, "role"),
        w(&member, "status"),
        w(&member, "created"),
        w(&member, "action"),
    ];
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
        section(
            w(&member, "members"),
            &table(
                w(&member, "members"),
                &headers,
                &rows,
                w(&member, "nothing_yet")
            )
        ),
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
    Page {
        member: &member,
        here: "/console/team",
        nav: "team",
        title: w(&member, "team"),
        body,
        script: "",
    }
    .render(&console)
}

pub async fn invite(State(console): State<Console>, post: Post) -> Response {
    let mut body = json!({
        "email": post.field("email"),
        "role": post.field("role"),
        "password": post.fields.get("password").cloned().unwrap_or_default(),
    });
    if !post.field("pin").is_empty() {
        body["pin"] = json!(post.field("pin"));
    }
    let answer = api::send(
        &console.api,
        Call::post(&post.member, "/team/members", body, post.form_token()),
    )
    .await;
    layout::after(
        &console,
        "/console/team",
        &answer,
        &post.member,
        "done_invite",
    )
}

fn member_id(id: &str) -> Option<&str> {
    crate::ids::is_id(id, "mem").then_some(id)
}

pub async fn change_role(
    State(console): State<Console>,
    Path(id): Path<String>,
    post: Post,
) -> Response {
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

pub async fn disable(
    State(console): State<Console>,
    Path(id): Path<String>,
    post: Post,
) -> Response {
    let Some(id) = member_id(&id) else {
        return layout::see_other("/console/team");
    };
    let call = Call::post(
        &post.member,
        format!("/team/members/{id}/disable"),
        json!({}),
        post.form_token(),
    );
    let answer = api::send(&console.api, call).await;
    layout::after(
        &console,
        "/console/team",
        &answer,
        &post.member,
        "done_disable",
    )
}

#[derive(Deserialize)]
pub struct Cursor {
    cursor: Option<String>,
}

pub async fn audit_log(
    State(console): State<Console>,
    member: Member,
    Query(page): Query<Cursor>,
) -> Response {
    let mut path = "/audit_log?limit=100".to_string();
    if let Some(cursor) = page
        .cursor
        .as_deref()
        .filter(|c| crate::ids::is_id(c, "aud"))
    {
        path.push_str(&format!("&cursor={}", percent(cursor)));
    }
    let list = match layout::read_for_page(
        &console,
        &member,
        "/console/audit",
        roles::AUDIT_LOG_READ,
        path,
    )
    .await
    {
        Ok(json) => json,
        Err(page) => return page,
    };
    let rows: Vec<Vec<String>> = layout::items(&list)
        .map(|e| {
            let actor = e["email"]
                .as_str()
                .or(e["api_key"].as_str())
                .unwrap_or(e["actor_type"].as_str().unwrap_or(""));
            vec![
                when(e, "created_at"),
                esc(actor),
                s(e, "action"),
                s(e, "target"),
                esc(&e["details"].to_string()),
            ]
        })
        .collect();
    let headers = [
        w(&member, "when"),
        w(&member, "actor"),
        w(&member, "action"),
        w(&member, "target"),
        w(&member, "what"),
    ];
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
    Page {
        member: &member,
        here: "/console/audit",
        nav: "audit_log",
        title: w(&member, "audit_log"),
        body,
        script: "",
    }
    .render(&console)
}
