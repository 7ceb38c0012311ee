//! Disputes: each with its amount, reason, status and evidence deadline; a
//! dispute that needs a response has the evidence form (what the merchant
//! says, and references to the files it holds), sent to
//! `POST /disputes/{id}/respond`.

use axum::Router;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::json;

use super::api::{self, Call};
use super::auth::Post;
use super::html::{badge, esc, form, input, link, money, s, section, table, w, when};
use super::layout::{self, Page};
use super::{Console, Member};

const HERE: &str = "/console/disputes";
/// Evidence text a form sends at most (the API's bound).
const EVIDENCE_CHARS_MAX: usize = 5_000;
/// File references a form sends at most (the API's bound).
const FILES_MAX: usize = 20;

pub fn routes() -> Router<Console> {
    Router::new()
        .route("/console/disputes", get(page))
        .route("/console/disputes/{id}/respond", post(respond))
}

pub async fn page(State(console): State<Console>, member: Member) -> Response {
    let answer = match layout::read_for_page(
        &console,
        &member,
        HERE,
        "disputes:read",
        "/disputes?limit=100",
    )
    .await
    {
        Ok(json) => json,
        Err(page) => return page,
    };
    let rows: Vec<Vec<String>> = layout::items(&answer)
        .map(|d| {
            let id = d["id"].as_str().unwrap_or("");
            let pi = d["payment_intent"].as_str().unwrap_or("");
            let status = d["status"].as_str().unwrap_or("");
            let respond = if status == "NEEDS_RESPONSE" && member.may("disputes:write") {
                let inner = format!(
                    "<label for=\"evidence-{id}\">{}</label><textarea id=\"evidence-{id}\" name=\"text\" maxlength=\"{EVIDENCE_CHARS_MAX}\" required></textarea><div class=\"field\">{}</div>",
                    w(&member, "evidence"),
                    input(&format!("files-{id}"), "files", w(&member, "evidence_files"), "text", "maxlength=\"2000\""),
                );
                form(&member, &format!("{HERE}/{id}/respond"), &format!("respond-{id}"), &inner, w(&member, "submit_evidence"))
            } else {
                d["evidence"]["text"].as_str().map(esc).unwrap_or_default()
            };
            vec![
                esc(id),
                link(&format!("/console/payments/{pi}"), pi),
                money(d["amount_minor"].as_i64().unwrap_or(0), d["currency"].as_str().unwrap_or("")),
                s(d, "reason"),
                badge(status),
                when(d, "evidence_due_at"),
                respond,
            ]
        })
        .collect();
    let headers = [
        w(&member, "id"),
        w(&member, "payment"),
        w(&member, "amount"),
        w(&member, "reason"),
        w(&member, "status"),
        w(&member, "deadline"),
        w(&member, "evidence"),
    ];
    let title = w(&member, "disputes");
    let body = section(
        title,
        &table(title, &headers, &rows, w(&member, "nothing_yet")),
    );
    Page {
        member: &member,
        here: HERE,
        nav: "disputes",
        title,
        body,
        script: "",
    }
    .render(&console)
}

pub async fn respond(
    State(console): State<Console>,
    Path(id): Path<String>,
    post: Post,
) -> Response {
    if !crate::ids::is_id(&id, "dp") {
        return layout::see_other(HERE);
    }
    let files: Vec<&str> = post
        .field("files")
        .split([',', ' '])
        .filter(|f| !f.is_empty())
        .take(FILES_MAX)
        .collect();
    let text = post.fields.get("text").map_or("", |t| t.trim());
    let body = json!({ "text": text, "files": files });
    let path = format!("/disputes/{id}/respond");
    let answer = api::send(
        &console.api,
        Call::post(&post.member, path, body, post.form_token()),
    )
    .await;
    layout::after(&console, HERE, &answer, &post.member, "done_evidence")
}
