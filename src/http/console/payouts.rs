//! Payout batches, maker-checker: upload a CSV (a file read into the text
//! field by a few lines of script, or pasted), see every row's validation,
//! totals and fees, then a second member approves with their PIN; the maker
//! is refused without one (the API's rule). Cancel while pending; per-row
//! outcomes after the run. A checker sees each row's recipient (name and
//! number or account), who made the batch by e-mail, and Approve only when
//! the API says the batch is ready; a row's payout opens on its own page.
//! An invalid row is fixed or excluded on the page (`payout_rows`).

use axum::Router;
use axum::extract::State;
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::api::{self, Answer};
use super::auth::{Action, Kind, ObjectPage, Post};
use super::create::{self, Creator};
use super::html::{
    actions_section, esc, form, id_link, input, link, money, pin_field, s, section, select,
    status_badge, status_word, titled_table, w, when,
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
        .route("/console/payouts/{id}/fix", post(super::payout_rows::fix))
        .route(
            "/console/payouts/{id}/exclude",
            post(super::payout_rows::exclude),
        )
}

const BATCHES: Kind = Kind::new("pb", "/payouts/batches", HERE, Some(HERE));

fn batch_id(id: &str) -> Option<&str> {
    crate::ids::is_id(id, "pb").then_some(id)
}

fn total(member: &Member, b: &Value, field: &str) -> String {
    money(
        member.lang,
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
                status_badge(member.lang, b),
                b["counts"]["rows"].to_string(),
                total(&member, b, "total_minor"),
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
    body.push_str(&NEW_PAYOUT.section(&member, &Value::Null));
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

/// A single payout to a mobile-money number (the API takes no PIN for it:
/// payouts are the finance role's, decision 500).
pub const NEW_PAYOUT: Creator = Creator {
    key: "new-payout",
    permission: "payouts:write",
    title: "new_payout",
    button: "create_payout",
    done: "done_payout",
    page: HERE,
    api: "/payouts",
    fields: |member, _| {
        let key = "new-payout";
        let operators: Vec<(&str, &str)> = crate::rails::catalogue::CATALOGUE
            .iter()
            .filter(|m| m.rail == "mobile_money" && m.pays_out)
            .map(|m| (m.id, m.name))
            .collect();
        [
            create::amount_field(member, key, "amount", "amount", true),
            create::currency_field(member, key),
            format!(
                "<div class=\"field\">{}</div>",
                select(
                    &format!("{key}-operator"),
                    "operator",
                    w(member, "operator"),
                    &operators,
                    "mpesa"
                )
            ),
            create::text(
                member,
                key,
                "phone",
                "payee_number",
                "tel",
                "required autocomplete=\"off\" placeholder=\"+243…\"",
            ),
            create::text(
                member,
                key,
                "name",
                "payee_name",
                "text",
                "maxlength=\"120\"",
            ),
            create::reference(member, key),
        ]
        .concat()
    },
    body: |post| {
        let mut destination = json!({
            "method": "mobile_money",
            "operator_id": post.field("operator"),
            "phone": post.field("phone"),
        });
        create::put(post, &mut destination, "name", "name");
        let mut body = json!({
            "amount_minor": create::amount_required(post, "amount", "amount")?,
            "currency": post.field("currency"),
            "destination": destination,
        });
        create::put(post, &mut body, "reference", "reference");
        Ok(body)
    },
    made: |made| create::page_of(HERE, made, "id"),
};

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
    if crate::ids::is_id(&id, "po") {
        return payout(&console, &member, &here, &id).await;
    }
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
    body.push_str(&super::payout_rows::forms(&member, &b, id));
    let title = format!("{} {id}", w(&member, "batches"));
    layout::page(&console, &member, &here, "payouts", &title, body)
}

/// Who made (or approved) a batch, as a person reads it: the member's
/// e-mail, else "API key key_...".
fn person(member: &Member, maker: &Value) -> String {
    match (maker["email"].as_str(), maker["key_id"].as_str()) {
        (Some(email), _) => esc(email),
        (None, Some(key)) => format!("{} {}", w(member, "api_key"), esc(key)),
        (None, None) => esc(maker["member_id"].as_str().unwrap_or("")),
    }
}

fn summary(member: &Member, b: &Value) -> String {
    let maker = person(member, &b["maker"]);
    let facts = [
        (w(member, "status"), status_badge(member.lang, b)),
        (w(member, "reference"), s(b, "reference")),
        (w(member, "rows"), b["counts"]["rows"].to_string()),
        (w(member, "valid"), b["counts"]["valid"].to_string()),
        (w(member, "invalid"), b["counts"]["invalid"].to_string()),
        (w(member, "total"), total(member, b, "total_minor")),
        (w(member, "fees"), total(member, b, "fees_minor")),
        (w(member, "author"), maker),
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
        let said: Vec<String> = blockers
            .iter()
            .map(|b| status_word(member.lang, &format!("blocker_{b}")))
            .collect();
        out.push_str(&format!(
            "<p class=\"muted\" id=\"blockers\">{}: {}</p>",
            w(member, "cannot_approve"),
            esc(&said.join("; "))
        ));
    }
    // Whoever fixed or excluded a row is a maker too: a checker reads who.
    let editors: Vec<String> = b["editors"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| person(member, e))
        .collect();
    if !editors.is_empty() {
        out.push_str(&format!(
            "<p class=\"muted\" id=\"editors\">{}: {}</p>",
            w(member, "edited_by"),
            editors.join(", ")
        ));
    }
    for run in b["runs"].as_array().into_iter().flatten() {
        out.push_str(&format!(
            "<p class=\"muted\">{} {} · {}</p>",
            w(member, "approved_by"),
            person(member, &run["approved_by"]),
            when(run, "approved_at")
        ));
    }
    format!("<section class=\"card\">{out}</section>")
}

/// Approve (the PIN field is always there; the API decides when it is
/// required: for the batch's maker) only when the API's readiness says the
/// batch may be approved now, and cancel while it is pending.
fn decisions(member: &Member, b: &Value, id: &str) -> String {
    let status = b["status"].as_str().unwrap_or("");
    let mut out = String::new();
    let ready = b["readiness"]["ready"].as_bool().unwrap_or(false);
    if member.may("payouts:approve") && ready {
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
        out.push_str(&super::html::danger_form(
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
            let outcome = match (r["payout"].as_str(), r["transfer"].as_str()) {
                (Some(po), _) => link(&format!("{HERE}/{po}"), po),
                (None, Some(tr)) => link(&format!("/console/transfers/{tr}"), tr),
                (None, None) => String::new(),
            };
            vec![
                r["line"].to_string(),
                status_badge(member.lang, r),
                r["amount_minor"]
                    .as_i64()
                    .map_or_else(String::new, |a| money(member.lang, a, currency)),
                r["fee_minor"]
                    .as_i64()
                    .map_or_else(String::new, |a| money(member.lang, a, currency)),
                recipient(&r["cells"], r["recipient"].as_str()),
                esc(&errors.join("; ")),
                outcome,
            ]
        })
        .collect();
    titled_table(
        member,
        "rows",
        [
            "row", "status", "amount", "fee", "payee", "errors", "outcome",
        ],
        &rows,
    )
}

/// A row's or a payout's recipient: the name over the number or account.
fn recipient(cells: &Value, organisation: Option<&str>) -> String {
    let name = cells["name"].as_str().unwrap_or("");
    let to = ["phone", "account_number", "iban", "account", "to"]
        .iter()
        .find_map(|f| cells[*f].as_str().filter(|v| !v.is_empty()))
        .or(organisation)
        .unwrap_or("");
    match (name.is_empty(), to.is_empty()) {
        (false, false) => format!("{}<br><span class=\"muted\">{}</span>", esc(name), esc(to)),
        _ => esc(if name.is_empty() { to } else { name }),
    }
}

/// A payout's page (one opened from its batch row, or from Needs attention).
async fn payout(console: &Console, member: &Member, here: &str, id: &str) -> Response {
    if !member.may("payouts:read") {
        return layout::forbidden(console, member, here);
    }
    let answer = api::get(console, member, format!("/payouts/{id}")).await;
    if !answer.ok() {
        return layout::refusal(console, member, here, &answer);
    }
    let p = answer.json();
    let currency = p["currency"].as_str().unwrap_or("");
    let amount = |field: &str| money(member.lang, p[field].as_i64().unwrap_or(0), currency);
    let d = &p["destination"];
    let batch = p["batch"]["batch"]
        .as_str()
        .or(p["batch"]["id"].as_str())
        .map_or_else(String::new, |b| link(&format!("{HERE}/{b}"), b));
    let failure = p["failure_reason"]
        .as_str()
        .map_or_else(String::new, |r| esc(&status_word(member.lang, r)));
    let method = d["method"].as_str().unwrap_or("");
    let mut body = super::html::facts(&[
        (w(member, "status"), status_badge(member.lang, &p)),
        (w(member, "amount"), amount("amount_minor")),
        (w(member, "fees"), amount("fee_minor")),
        (w(member, "payee"), recipient(d, None)),
        (
            w(member, "method"),
            esc(&format!(
                "{} {}",
                status_word(member.lang, method),
                super::payer::operator_name(method, d["operator_id"].as_str().unwrap_or(""))
            )),
        ),
        (w(member, "reference"), s(&p, "reference")),
        (w(member, "description"), s(&p, "description")),
        (w(member, "failure"), failure),
        (w(member, "batches"), batch),
        (w(member, "created"), when(&p, "created_at")),
    ]);
    body.push_str(&super::html::back_link(member, HERE));
    let title = format!("{} {id}", w(member, "payout"));
    layout::page(console, member, here, "payouts", &title, body)
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
