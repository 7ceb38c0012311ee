//! Payout batches, maker-checker: upload a CSV (a file read into the text
//! field by a few lines of script, or pasted), see every row's validation,
//! totals and fees, then a second member approves with their PIN; the maker
//! is refused without one (the API's rule). Cancel while pending; per-row
//! outcomes after the run.

use axum::Router;
use axum::extract::State;
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::api::{self, Answer};
use super::auth::{Action, Kind, ObjectPage, Post};
use super::html::{
    actions_section, esc, form, id_link, input, money, pin_field, s, section, select, status_badge,
    titled_table, w, when,
};
use super::layout::{self, Page, Shown, percent};
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

const BATCHES: Kind = Kind::new("pb", "/payouts/batches", HERE, Some(HERE));

fn batch_id(id: &str) -> Option<&str> {
    crate::ids::is_id(id, "pb").then_some(id)
}

fn total(b: &Value, field: &str) -> String {
    money(
        b[field].as_i64().unwrap_or(0),
        b["currency"].as_str().unwrap_or(""),
    )
}

pub async fn list(State(console): State<Console>, member: Member) -> Shown {
    let path = "/payouts/batches?limit=100";
    let answer = layout::read_for_page(&console, &member, HERE, "payouts:read", path).await?;
    let rows: Vec<Vec<String>> = layout::items(&answer)
        .map(|b| {
            vec![
                id_link(HERE, b),
                s(b, "reference"),
                status_badge(b),
                b["counts"]["rows"].to_string(),
                total(b, "total_minor"),
                when(b, "created_at"),
            ]
        })
        .collect();
    let mut body = titled_table(
        &member,
        "batches",
        ["id", "reference", "status", "rows", "total", "created"],
        &rows,
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
    Ok(Page {
        member: &member,
        here: HERE,
        nav: "payouts",
        title: w(&member, "payouts"),
        body,
        script: FILE_SCRIPT,
    }
    .render(&console))
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
    let answer = post.send(&console, "/payouts/batches", body).await;
    layout::after_create(&console, HERE, HERE, &answer, &post.member, "done_batch")
}

pub async fn batch(ObjectPage(console, member, id): ObjectPage) -> Response {
    let here = format!("{HERE}/{}", percent(&id));
    let Some(id) = batch_id(&id) else {
        return layout::refusal(&console, &member, &here, &Answer::not_found(&id));
    };
    let answer = api::get(
        &console,
        &member,
        format!("/payouts/batches/{id}?limit=200"),
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
    layout::page(&console, &member, &here, "payouts", &title, body)
}

fn summary(member: &Member, b: &Value) -> String {
    let maker = b["maker"]["email"]
        .as_str()
        .or(b["maker"]["member_id"].as_str())
        .or(b["maker"]["key_id"].as_str())
        .unwrap_or("");
    let facts = [
        (w(member, "status"), status_badge(b)),
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
        let pin = pin_field(member, "approve-pin");
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
    actions_section(member, &out)
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
                status_badge(r),
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
    titled_table(
        member,
        "rows",
        [
            "row", "status", "amount", "fee", "target", "errors", "outcome",
        ],
        &rows,
    )
}

pub async fn approve(Action(console, id, post): Action) -> Response {
    post.approve(&console, &BATCHES, &id, "done_batch_approve")
        .await
}

pub async fn cancel(Action(console, id, post): Action) -> Response {
    let action = (id.as_str(), "cancel");
    post.act_on(&console, &BATCHES, action, json!({}), "done_batch_cancel")
        .await
}
