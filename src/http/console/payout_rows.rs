//! A payout batch's invalid rows, fixed or excluded from the batch's page
//! (issue 48 item 8): while the batch awaits approval, each INVALID row gets
//! a form prefilled with what was uploaded and showing the row's errors,
//! which sends the row's columns to `POST /payouts/batches/{id}/rows/{row}`,
//! and a button that excludes it (`.../exclude`). The API checks the row as
//! it checks a CSV row, and counts whoever fixed it as a maker.
//!
//! The forms are the creating forms' kit (`create`): the form token is the
//! Idempotency-Key, and a refusal comes back inside the row's form with
//! what was typed.

use axum::response::Response;
use serde_json::{Value, json};

use super::Member;
use super::auth::Action;
use super::create::{self, refilled_form};
use super::html::{danger_form, esc, hidden, section, w};
use super::layout::{self, percent};

/// Fix forms on one page: a batch with more invalid rows shows the first.
const FIX_FORMS_MAX: usize = 20;

/// The columns a fix sends besides `method`, each with its label's word and
/// input type: a batch row's columns (`GET /payouts/batches/columns`) but a
/// saved bank account, which this gateway keeps none of.
const FIELDS: [(&str, &str, &str); 11] = [
    ("amount", "amount", "text"),
    ("operator_id", "operator", "text"),
    ("phone", "payee_number", "tel"),
    ("name", "name", "text"),
    ("wallet", "fix_wallet", "text"),
    ("bank_name", "fix_bank_name", "text"),
    ("account_name", "fix_account_name", "text"),
    ("account_number", "fix_account_number", "text"),
    ("country", "country", "text"),
    ("swift", "fix_swift", "text"),
    ("reference", "reference", "text"),
];

const METHODS: [(&str, &str); 3] = [
    ("mobile_money", "st_mobile_money"),
    ("bank", "st_bank"),
    ("wallet", "st_wallet"),
];

/// The page's fix and exclude forms of batch `b` (`id`); nothing unless it
/// awaits approval and the member's role may write payouts.
pub fn forms(member: &Member, b: &Value, id: &str) -> String {
    if !member.may("payouts:write") || b["status"] != "PENDING_APPROVAL" {
        return String::new();
    }
    let invalid: Vec<&Value> = b["rows"]["data"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|r| r["status"] == "INVALID")
        .collect();
    if invalid.is_empty() {
        return String::new();
    }
    let mut out = format!("<p class=\"muted\">{}</p>", esc(w(member, "fix_hint")));
    for row in invalid.iter().take(FIX_FORMS_MAX) {
        out.push_str(&row_forms(member, row, id));
    }
    section(w(member, "fix_rows"), &out)
}

/// One row's errors, its fix form and its exclude button.
fn row_forms(member: &Member, row: &Value, id: &str) -> String {
    let number = row["row"].as_u64().unwrap_or(0);
    let key = format!("fix-row-{number}");
    let cells = &row["cells"];
    let errors: String = row["errors"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| {
            format!(
                "<li>{}: {}</li>",
                esc(e["field"].as_str().unwrap_or("")),
                esc(e["message"].as_str().unwrap_or(""))
            )
        })
        .collect();
    let method = cells["method"].as_str().unwrap_or("mobile_money");
    let mut inner = hidden("row", &number.to_string());
    inner.push_str(&create::choice(
        member, &key, "method", "method", &METHODS, method,
    ));
    for (name, label, kind) in FIELDS {
        let uploaded = cells[name].as_str().unwrap_or("");
        let attrs = format!("value=\"{}\" autocomplete=\"off\"", esc(uploaded));
        inner.push_str(&create::text(member, &key, name, label, kind, &attrs));
    }
    let action = format!("/console/payouts/{}", percent(id));
    let fix = refilled_form(
        member,
        &format!("{action}/fix"),
        &key,
        &inner,
        w(member, "fix_save"),
    );
    let exclude = danger_form(
        member,
        &format!("{action}/exclude"),
        &format!("exclude-row-{number}"),
        &hidden("row", &number.to_string()),
        w(member, "exclude_row"),
    );
    format!(
        "<div class=\"card\" id=\"row-{number}\"><h3>{} {number} · {} {}</h3>\
         <ul class=\"errors\" id=\"{key}-errors\">{errors}</ul>{fix}{exclude}</div>",
        esc(w(member, "fix_row")),
        esc(w(member, "line")),
        row["line"],
    )
}

/// The row number a fix or exclude form posted, and the batch page to go
/// back to; `None` (back to the list) for an id that is not a batch's.
fn target(id: &str, post: &super::auth::Post) -> Option<(u32, String)> {
    crate::ids::is_id(id, "pb").then_some(())?;
    let row = post.field("row").parse().ok()?;
    Some((row, format!("/console/payouts/{}", percent(id))))
}

pub async fn fix(Action(console, id, post): Action) -> Response {
    let Some((row, back)) = target(&id, &post) else {
        return layout::see_other("/console/payouts");
    };
    let mut body = json!({});
    create::put(&post, &mut body, "method", "method");
    for (name, _, _) in FIELDS {
        create::put(&post, &mut body, name, name);
    }
    let path = format!("/payouts/batches/{id}/rows/{row}");
    let answer = post.send(&console, path, body).await;
    if !answer.ok() {
        let key = format!("fix-row-{row}");
        return create::refused(&console, &back, &key, &post, answer.message());
    }
    layout::after(&console, &back, &answer, &post.member, "done_row_fixed")
}

pub async fn exclude(Action(console, id, post): Action) -> Response {
    let Some((row, back)) = target(&id, &post) else {
        return layout::see_other("/console/payouts");
    };
    let path = format!("/payouts/batches/{id}/rows/{row}/exclude");
    post.act(&console, path, json!({}), &back, "done_row_excluded")
        .await
}
