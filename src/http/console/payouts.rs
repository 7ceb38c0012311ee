//! Payout batches, maker-checker: upload a CSV (a file read into the text
//! field by a few lines of script, or pasted), see every row's validation,
//! totals and fees, then a second member approves with their PIN; the maker
//! is refused without one (the API's rule). Cancel while pending; per-row
//! outcomes after the run.

use axum::Router;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::api::{self, Answer, Call};
use super::auth::Post;
use super::html::{badge, esc, form, input, link, money, s, section, select, table, w, when};
use super::layout::{self, Page, percent};
use super::{Console, Member};

const HERE: &str = "/console/payouts";
/// Currencies offered for a batch (the API checks the code anyway).
pub const CURRENCIES: [(&str, &str); 4] = [
    ("CDF", "CDF"),
    ("USD", "USD"),
    ("XAF", "XAF"),
    ("KES", "KES"),
];

/// Reads a chosen CSV file into the text field: the form also works without it.
const FILE_SCRIPT: &str = "(function(){var f=document.getElementById('batch-file');var t=document.getElementById('batch-csv');\
if(!f||!t){return;}f.addEventListener('change',function(){var file=f.files&&f.files[0];if(!file){return;}\
var r=new FileReader();r.onload=function(){t.value=String(r.result);};r.readAsText(file);});})();";

pub fn routes() -> Router<Console> {
    Router::new()
        .route("/console/payouts", get(list).post(upload))
        .route("/console/payouts/{id}", get(batch))
        .route("/console/payouts/{id}/approve", post(approve))
        .route("/console/payouts/{id}/cancel", post(cancel))
}

fn batch_id(id: &str) -> Option<&str> {
    crate::ids::is_id(id, "pb").then_some(id)
}

fn total(b: &Value, field: &str) -> String {
    money(
        b[field].as_i64().unwrap_or(0),
        b["currency"].as_str().unwrap_or(""),
    )
}

pub async fn list(State(console): State<Console>, member: Member) -> Response {
    let answer = match layout::read_for_page(
        &console,
        &member,
        HERE,
        "payouts:read",
        "/payouts/batches?limit=100",
    )
    .await
    {
        Ok(json) => json,
        Err(page) => return page,
    };
    let rows: Vec<Vec<String>> = layout::items(&answer)
        .map(|b| {
            let id = b["id"].as_str().unwrap_or("");
            vec![
                link(&format!("{HERE}/{id}"), id),
                s(b, "reference"),
                badge(b["status"].as_str().unwrap_or("")),
                b["counts"]["rows"].to_string(),
                total(b, "total_minor"),
                when(b, "created_at"),
            ]
        })
        .collect();
    let headers = [
        w(&member, "id"),
        w(&member, "reference"),
        w(&member, "status"),
        w(&member, "rows"),
        w(&member, "total"),
        w(&member, "created"),
    ];
    let mut body = section(
        w(&member, "batches"),
        &table(
            w(&member, "batches"),
            &headers,
            &rows,
            w(&member, "nothing_yet"),
        ),
    );
    if member.may("payouts:write") {
        let inner = format!(
            "<div class=\"field\">{}</div><div class=\"field\">{}</div><div class=\"field\">{}</div>\
             <label for=\"batch-csv\">{}</label><textarea id=\"batch-csv\" name=\"csv\" required maxlength=\"1048576\" \
             placeholder=\"method,amount,operator_id,phone,name,reference\"></textarea>\
             <div><input id=\"batch-skip\" name=\"skip_invalid\" type=\"checkbox\" value=\"true\"> <label for=\"batch-skip\" class=\"inline\">{}</label></div>",
            select(
                "batch-currency",
                "currency",
                w(&member, "currency"),
                &CURRENCIES,
                "CDF"
            ),
            input(
                "batch-reference",
                "reference",
                w(&member, "reference"),
                "text",
                "maxlength=\"100\""
            ),
            input(
                "batch-file",
                "file",
                w(&member, "csv_file"),
                "file",
                "accept=\".csv,text/csv\""
            ),
            w(&member, "csv_text"),
            w(&member, "skip_invalid"),
        );
        body.push_str(&section(
            w(&member, "upload_batch"),
            &form(&member, HERE, "upload", &inner, w(&member, "upload")),
        ));
    }
    Page {
        member: &member,
        here: HERE,
        nav: "payouts",
        title: w(&member, "payouts"),
        body,
        script: FILE_SCRIPT,
    }
    .render(&console)
}

pub async fn upload(State(console): State<Console>, post: Post) -> Response {
    let mut body = json!({
        "currency": post.field("currency"),
        "csv": post.fields.get("csv").cloned().unwrap_or_default(),
        "skip_invalid": post.field("skip_invalid") == "true",
    });
    if !post.field("reference").is_empty() {
        body["reference"] = json!(post.field("reference"));
    }
    let answer = api::send(
        &console.api,
        Call::post(&post.member, "/payouts/batches", body, post.form_token()),
    )
    .await;
    let created = answer.json();
    match created["id"].as_str().filter(|_| answer.ok()) {
        Some(id) => layout::after(
            &console,
            &format!("{HERE}/{id}"),
            &answer,
            &post.member,
            "done_batch",
        ),
        None => layout::after(&console, HERE, &answer, &post.member, "done_batch"),
    }
}

pub async fn batch(
    State(console): State<Console>,
    member: Member,
    Path(id): Path<String>,
) -> Response {
    let here = format!("{HERE}/{}", percent(&id));
    let Some(id) = batch_id(&id) else {
        return layout::refusal(&console, &member, &here, &Answer::not_found(&id));
    };
    let answer = api::send(
        &console.api,
        Call::get(&member, format!("/payouts/batches/{id}?limit=200")),
    )
    .await;
    if !answer.ok() {
        return layout::refusal(&console, &member, &here, &answer);
    }
    let b = answer.json();
    let mut body = summary(&member, &b);
    body.push_str(&decisions(&member, &b, id));
    body.push_str(&rows(&member, &b));
    let title = format!("{} {id}", w(&member, "batches"));
    Page {
        member: &member,
        here: &here,
        nav: "payouts",
        title: &title,
        body,
        script: "",
    }
    .render(&console)
}

fn summary(member: &Member, b: &Value) -> String {
    let maker = b["maker"]["email"]
        .as_str()
        .or(b["maker"]["member_id"].as_str())
        .or(b["maker"]["key_id"].as_str())
        .unwrap_or("");
    let facts = [
        (
            w(member, "status"),
            badge(b["status"].as_str().unwrap_or("")),
        ),
        (w(member, "reference"), s(b, "reference")),
        (w(member, "rows"), b["counts"]["rows"].to_string()),
        (w(member, "valid"), b["counts"]["valid"].to_string()),
        (w(member, "invalid"), b["counts"]["invalid"].to_string()),
        (w(member, "total"), total(b, "total_minor")),
        (w(member, "fees"), total(b, "fees_minor")),
        (w(member, "author"), esc(maker)),
    ];
    let mut out = String::from("<dl class=\"facts\" id=\"facts\">");
    for (label, value) in facts {
        out.push_str(&format!("<dt>{}</dt><dd>{value}</dd>", esc(label)));
    }
    out.push_str("</dl>");
    let blockers: Vec<&str> = b["readiness"]["blockers"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    if !blockers.is_empty() {
        out.push_str(&format!(
            "<p class=\"muted\" id=\"blockers\">{}</p>",
            esc(&blockers.join(", "))
        ));
    }
    format!("<section class=\"card\">{out}</section>")
}

/// Approve (the PIN field is always there; the API decides when it is
/// required: for the batch's maker) and cancel, while it may be decided.
fn decisions(member: &Member, b: &Value, id: &str) -> String {
    let status = b["status"].as_str().unwrap_or("");
    let mut out = String::new();
    if member.may("payouts:approve") && matches!(status, "PENDING_APPROVAL" | "PARTIAL" | "FAILED")
    {
        let pin = format!(
            "<div class=\"field\">{}</div>",
            input(
                "approve-pin",
                "pin",
                w(member, "pin"),
                "password",
                "inputmode=\"numeric\" autocomplete=\"off\" maxlength=\"12\""
            )
        );
        out.push_str(&form(
            member,
            &format!("{HERE}/{id}/approve"),
            "approve",
            &pin,
            w(member, "approve_pin"),
        ));
    }
    if member.may("payouts:write") && status == "PENDING_APPROVAL" {
        out.push_str(&form(
            member,
            &format!("{HERE}/{id}/cancel"),
            "cancel",
            "",
            w(member, "cancel_batch"),
        ));
    }
    if out.is_empty() {
        return out;
    }
    section(w(member, "action"), &out)
}

fn rows(member: &Member, b: &Value) -> String {
    let currency = b["currency"].as_str().unwrap_or("");
    let rows: Vec<Vec<String>> = b["rows"]["data"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            let errors: Vec<String> = r["errors"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|e| {
                    format!(
                        "{}: {}",
                        e["field"].as_str().unwrap_or(""),
                        e["message"].as_str().unwrap_or("")
                    )
                })
                .collect();
            let outcome = r["payout"]
                .as_str()
                .or(r["transfer"].as_str())
                .unwrap_or("");
            vec![
                r["line"].to_string(),
                badge(r["status"].as_str().unwrap_or("")),
                r["amount_minor"]
                    .as_i64()
                    .map_or_else(String::new, |a| money(a, currency)),
                r["fee_minor"]
                    .as_i64()
                    .map_or_else(String::new, |a| money(a, currency)),
                s(r, "recipient"),
                esc(&errors.join("; ")),
                esc(outcome),
            ]
        })
        .collect();
    let headers = [
        w(member, "row"),
        w(member, "status"),
        w(member, "amount"),
        w(member, "fee"),
        w(member, "target"),
        w(member, "errors"),
        w(member, "outcome"),
    ];
    section(
        w(member, "rows"),
        &table(w(member, "rows"), &headers, &rows, w(member, "nothing_yet")),
    )
}

pub async fn approve(
    State(console): State<Console>,
    Path(id): Path<String>,
    post: Post,
) -> Response {
    let Some(id) = batch_id(&id) else {
        return layout::see_other(HERE);
    };
    let mut body = json!({});
    if !post.field("pin").is_empty() {
        body["pin"] = json!(post.field("pin"));
    }
    let answer = api::send(
        &console.api,
        Call::post(
            &post.member,
            format!("/payouts/batches/{id}/approve"),
            body,
            post.form_token(),
        ),
    )
    .await;
    layout::after(
        &console,
        &format!("{HERE}/{id}"),
        &answer,
        &post.member,
        "done_batch_approve",
    )
}

pub async fn cancel(
    State(console): State<Console>,
    Path(id): Path<String>,
    post: Post,
) -> Response {
    let Some(id) = batch_id(&id) else {
        return layout::see_other(HERE);
    };
    let answer = api::send(
        &console.api,
        Call::post(
            &post.member,
            format!("/payouts/batches/{id}/cancel"),
            json!({}),
            post.form_token(),
        ),
    )
    .await;
    layout::after(
        &console,
        &format!("{HERE}/{id}"),
        &answer,
        &post.member,
        "done_batch_cancel",
    )
}
