//! Disputes: each with its amount, reason, status and evidence deadline; a
//! dispute that needs a response has the evidence form (what the merchant
//! says, and references to the files it holds), sent to
//! `POST /disputes/{id}/respond`.

use axum::Router;
use axum::extract::State;
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::json;

use super::auth::{Action, Kind};
use super::html::{badge, esc, form, input, link, money, s, table_section, w, when, words};
use super::layout::{self, Shown};
use super::{Console, Member};

const HERE: &str = "/console/disputes";
const DISPUTES: Kind = Kind::new("dp", "/disputes", HERE, None);
/// Evidence text a form sends at most (the API's bound).
const EVIDENCE_CHARS_MAX: usize = 5_000;
/// File references a form sends at most (the API's bound).
const FILES_MAX: usize = 20;

pub fn routes() -> Router<Console> {
    Router::new()
        .route("/console/disputes", get(page))
        .route("/console/disputes/{id}/respond", post(respond))
}

pub async fn page(State(console): State<Console>, member: Member) -> Shown {
    let path = "/disputes?limit=100";
    let answer = layout::read_for_page(&console, &member, HERE, "disputes:read", path).await?;
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
                money(member.lang, d["amount_minor"].as_i64().unwrap_or(0), d["currency"].as_str().unwrap_or("")),
                s(d, "reason"),
                badge(member.lang, status),
                when(d, "evidence_due_at"),
                respond,
            ]
        })
        .collect();
    let headers = words(
        &member,
        [
            "id", "payment", "amount", "reason", "status", "deadline", "evidence",
        ],
    );
    let title = w(&member, "disputes");
    let body = table_section(&member, title, &headers, &rows);
    Ok(layout::page(
        &console, &member, HERE, "disputes", title, body,
    ))
}

pub async fn respond(Action(console, id, post): Action) -> Response {
    let files: Vec<&str> = post
        .field("files")
        .split([',', ' '])
        .filter(|f| !f.is_empty())
        .take(FILES_MAX)
        .collect();
    let text = post.fields.get("text").map_or("", |t| t.trim());
    let body = json!({ "text": text, "files": files });
    let action = (id.as_str(), "respond");
    post.act_on(&console, &DISPUTES, action, body, "done_evidence")
        .await
}
