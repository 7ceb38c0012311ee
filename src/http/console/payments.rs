//! Payments: the list with its filters, an intent's page (its facts,
//! timeline, attempts, fees, splits, refunds and events) and its actions —
//! refund, capture, cancel — plus the refunds awaiting approval.
//!
//! The API lists intents by status only; the other filters (the one search
//! box, reference, the payer's number, amount, dates) are applied here to
//! the newest [`SCAN_INTENTS_MAX`] intents, read a page of 200 at a time.
//! Who paid and how comes from the latest attempt ([`super::payer`]).

use axum::Router;
use axum::extract::{Query, State};
use axum::response::Response;
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::{Value, json};

use super::api;
use super::auth::{Action, Kind, ObjectPage};
use super::html::{
    actions_section, esc, event_word, form, hidden, id_link, input, link, minor_of, money,
    pin_input, s, select, status_badge, status_word, table, table_section, titled_table, w, when,
    words,
};
use super::layout::{self, percent};
use super::payer;
use super::{Console, Member};

/// Intents a search reads at most (5 pages of 200).
pub const SCAN_INTENTS_MAX: usize = 1_000;
const PAGE_ROWS: usize = 200;
/// Rows the list shows at most.
const SHOWN_MAX: usize = 100;

pub fn routes() -> Router<Console> {
    Router::new()
        .route("/console/payments", get(list))
        .route("/console/payments/{id}", get(detail))
        .route("/console/payments/{id}/refund", post(refund))
        .route(
            "/console/payments/{id}/refund/confirm",
            post(confirm_refund),
        )
        .route("/console/payments/{id}/capture", post(capture))
        .route("/console/payments/{id}/cancel", post(cancel))
        .route("/console/refunds", get(refunds))
        .route("/console/refunds/{id}/approve", post(approve_refund))
        .route("/console/refunds/{id}/reject", post(reject_refund))
}

const INTENTS: Kind = Kind::new(
    "pi",
    "/payment_intents",
    "/console/payments",
    Some("/console/payments"),
);
const REFUNDS: Kind = Kind::new("re", "/refunds", "/console/refunds", None);

/// A payment intent id, or nothing: ids go into API paths.
fn intent_id(id: &str) -> Option<&str> {
    crate::ids::is_id(id, "pi").then_some(id)
}

/// The newest intents (optionally of one status), up to [`SCAN_INTENTS_MAX`].
pub async fn recent_intents_of(console: &Console, member: &Member, status: &str) -> Vec<Value> {
    let mut found = Vec::new();
    let mut cursor: Option<String> = None;
    while found.len() < SCAN_INTENTS_MAX {
        let mut path = format!("/payment_intents?limit={PAGE_ROWS}");
        if !status.is_empty() {
            path.push_str(&format!("&status={}", percent(status)));
        }
        if let Some(c) = &cursor {
            path.push_str(&format!("&cursor={}", percent(c)));
        }
        let page = api::get(console, member, path).await.json();
        found.extend(page["data"].as_array().into_iter().flatten().cloned());
        match page["next_cursor"].as_str() {
            Some(next) if page["has_more"].as_bool().unwrap_or(false) => cursor = Some(next.into()),
            _ => break,
        }
    }
    found
}

pub async fn recent_intents(console: &Console, member: &Member) -> Vec<Value> {
    recent_intents_of(console, member, "").await
}

#[derive(Deserialize, Default)]
pub struct Filters {
    /// The one search box: number, reference, amount or id.
    #[serde(default)]
    q: String,
    #[serde(default)]
    status: String,
    #[serde(default)]
    reference: String,
    #[serde(default)]
    number: String,
    #[serde(default)]
    amount_from: String,
    #[serde(default)]
    amount_to: String,
    #[serde(default)]
    date_from: String,
    #[serde(default)]
    date_to: String,
}

const STATUSES: [&str; 13] = [
    "REQUIRES_PAYMENT_METHOD",
    "REQUIRES_CUSTOMER_ACTION",
    "PROCESSING",
    "AUTHORISED",
    "SETTLEMENT_PENDING",
    "SETTLED",
    "AMBIGUOUS",
    "FAILED",
    "CANCELLED",
    "EXPIRED",
    "PARTIALLY_REFUNDED",
    "REFUNDED",
    "DISPUTED",
];

impl Filters {
    fn keep(&self, intent: &Value) -> bool {
        let text = |field: &str| intent[field].as_str().unwrap_or("").to_lowercase();
        let currency = intent["currency"].as_str().unwrap_or("");
        let amount = intent["amount_minor"].as_i64().unwrap_or(0);
        let day = intent["created_at"]
            .as_str()
            .unwrap_or("")
            .get(..10)
            .unwrap_or("")
            .to_string();
        let contains = |field: &str, needle: &str| {
            needle.is_empty() || text(field).contains(&needle.trim().to_lowercase())
        };
        payer::search_matches(intent, &self.q)
            && contains("reference", &self.reference)
            && (self.number.trim().is_empty() || payer::number_matches(intent, &self.number))
            && (self.amount_from.is_empty()
                || minor_of(&self.amount_from, currency).is_some_and(|m| amount >= m))
            && (self.amount_to.is_empty()
                || minor_of(&self.amount_to, currency).is_some_and(|m| amount <= m))
            && (self.date_from.is_empty() || day.as_str() >= self.date_from.as_str())
            && (self.date_to.is_empty() || day.as_str() <= self.date_to.as_str())
    }

    fn form(&self, member: &Member) -> String {
        let mut statuses = vec![("", w(member, "any"))];
        let named: Vec<(&str, String)> = STATUSES
            .iter()
            .map(|s| (*s, status_word(member.lang, s)))
            .collect();
        statuses.extend(named.iter().map(|(s, word)| (*s, word.as_str())));
        let field = |html: String| format!("<div class=\"field\">{html}</div>");
        let value = |v: &str| format!("value=\"{}\"", esc(v));
        format!(
            "<form method=\"get\" action=\"/console/payments\" class=\"filters\" id=\"filters\">{}{}{}{}{}{}{}{}\
             <button type=\"submit\" id=\"filter\">{}</button></form>",
            field(input(
                "f-q",
                "q",
                w(member, "search_payments"),
                "search",
                &value(&self.q)
            )),
            field(select(
                "f-status",
                "status",
                w(member, "status"),
                &statuses,
                &self.status
            )),
            field(input(
                "f-reference",
                "reference",
                w(member, "reference"),
                "search",
                &value(&self.reference)
            )),
            field(input(
                "f-number",
                "number",
                w(member, "number"),
                "search",
                &value(&self.number)
            )),
            field(input(
                "f-amount-from",
                "amount_from",
                w(member, "amount_from"),
                "text",
                &format!("inputmode=\"decimal\" {}", value(&self.amount_from))
            )),
            field(input(
                "f-amount-to",
                "amount_to",
                w(member, "amount_to"),
                "text",
                &format!("inputmode=\"decimal\" {}", value(&self.amount_to))
            )),
            field(input(
                "f-date-from",
                "date_from",
                w(member, "date_from"),
                "date",
                &value(&self.date_from)
            )),
            field(input(
                "f-date-to",
                "date_to",
                w(member, "date_to"),
                "date",
                &value(&self.date_to)
            )),
            w(member, "filter"),
        )
    }
}

fn amount_cell(member: &Member, intent: &Value) -> String {
    let currency = intent["currency"].as_str().unwrap_or("");
    match intent["amount_minor"].as_i64() {
        Some(amount) => money(member.lang, amount, currency),
        None => "—".into(),
    }
}

pub async fn list(
    State(console): State<Console>,
    member: Member,
    Query(filters): Query<Filters>,
) -> Response {
    if !member.may("payment_intents:read") {
        return layout::forbidden(&console, &member, "/console/payments");
    }
    let status = if STATUSES.contains(&filters.status.as_str()) {
        filters.status.as_str()
    } else {
        ""
    };
    let intents = recent_intents_of(&console, &member, status).await;
    let rows: Vec<Vec<String>> = intents
        .iter()
        .filter(|i| filters.keep(i))
        .take(SHOWN_MAX)
        .map(|i| {
            vec![
                id_link("/console/payments", i),
                amount_cell(&member, i),
                status_badge(member.lang, i),
                s(i, "reference"),
                payer::cell(member.lang, i),
                when(i, "created_at"),
            ]
        })
        .collect();
    let headers = words(
        &member,
        ["id", "amount", "status", "reference", "payer", "created"],
    );
    let body = format!(
        "{}{}<p class=\"muted\">{}</p>",
        filters.form(&member),
        table(
            w(&member, "payments"),
            &headers,
            &rows,
            w(&member, "no_payments")
        ),
        w(&member, "sample_note")
    );
    let title = w(&member, "payments");
    layout::page(
        &console,
        &member,
        "/console/payments",
        "payments",
        title,
        body,
    )
}

pub async fn detail(ObjectPage(console, member, id): ObjectPage) -> Response {
    let here = format!("/console/payments/{}", percent(&id));
    let Some(id) = intent_id(&id) else {
        let answer = api::Answer::not_found(&id);
        return layout::refusal(&console, &member, &here, &answer);
    };
    let answer = api::get(&console, &member, format!("/payment_intents/{id}")).await;
    if !answer.ok() {
        return layout::refusal(&console, &member, &here, &answer);
    }
    let intent = answer.json();
    let timeline = api::get(&console, &member, format!("/payment_intents/{id}/timeline"))
        .await
        .json();
    let mut body = facts(&member, &intent);
    body.push_str(&actions(&console, &member, &intent).await);
    body.push_str(&timeline_section(&member, &timeline));
    body.push_str(&attempts_section(&member, &timeline));
    body.push_str(&fees_section(&member, &intent));
    body.push_str(&splits_section(&console, &member, id).await);
    if member.may("refunds:read") {
        body.push_str(&refunds_section(&console, &member, id).await);
    }
    if member.may("events:read") {
        body.push_str(&events_section(&console, &member, &intent).await);
    }
    let title = format!("{} {}", w(&member, "payment"), id);
    layout::page(&console, &member, &here, "payments", &title, body)
}

fn facts(member: &Member, intent: &Value) -> String {
    let currency = intent["currency"].as_str().unwrap_or("");
    let amount = |field: &str| money(member.lang, intent[field].as_i64().unwrap_or(0), currency);
    super::html::facts(&[
        (w(member, "status"), status_badge(member.lang, intent)),
        (w(member, "amount"), amount_cell(member, intent)),
        (w(member, "received"), amount("amount_received_minor")),
        (w(member, "refunded"), amount("amount_refunded_minor")),
        (w(member, "reference"), s(intent, "reference")),
        (w(member, "description"), s(intent, "description")),
        (w(member, "payer"), esc(&payer::payer(intent))),
        (
            w(member, "method"),
            esc(&payer::method(member.lang, intent)),
        ),
        (w(member, "created"), when(intent, "created_at")),
    ])
}

/// The actions the intent's status and the member's role allow.
async fn actions(console: &Console, member: &Member, intent: &Value) -> String {
    let id = intent["id"].as_str().unwrap_or("");
    let status = intent["status"].as_str().unwrap_or("");
    let currency = intent["currency"].as_str().unwrap_or("");
    let mut out = String::new();
    if member.may("refunds:write") {
        let refundable = api::get(console, member, format!("/payment_intents/{id}/refundable"))
            .await
            .json();
        let left = refundable["refundable_minor"].as_i64().unwrap_or(0);
        if left > 0 {
            let reasons = [
                (
                    "requested_by_customer",
                    w(member, "reason_requested_by_customer"),
                ),
                ("duplicate", w(member, "reason_duplicate")),
                ("fraudulent", w(member, "reason_fraudulent")),
            ];
            // The amount and reason first; the confirmation page names the
            // amount and the payer and asks for the PIN.
            let inner = format!(
                "<p class=\"muted\" id=\"refundable\">{}: {}</p><div class=\"field\">{}</div><div class=\"field\">{}</div>",
                w(member, "refundable"),
                money(member.lang, left, currency),
                input(
                    "refund-amount",
                    "amount",
                    &format!("{} ({currency})", w(member, "refund_amount")),
                    "text",
                    "inputmode=\"decimal\" placeholder=\"\""
                ),
                select(
                    "refund-reason",
                    "reason",
                    w(member, "reason"),
                    &reasons,
                    "requested_by_customer"
                ),
            );
            out.push_str(&form(
                member,
                &format!("/console/payments/{id}/refund/confirm"),
                "refund",
                &inner,
                w(member, "refund_next"),
            ));
        }
    }
    if member.may("payment_intents:write") {
        if status == "AUTHORISED" {
            out.push_str(&form(
                member,
                &format!("/console/payments/{id}/capture"),
                "capture",
                "",
                w(member, "capture"),
            ));
        }
        if matches!(
            status,
            "CREATED" | "REQUIRES_PAYMENT_METHOD" | "REQUIRES_CUSTOMER_ACTION" | "AUTHORISED"
        ) {
            out.push_str(&form(
                member,
                &format!("/console/payments/{id}/cancel"),
                "cancel",
                "",
                w(member, "cancel_payment"),
            ));
        }
    }
    actions_section(member, &out)
}

fn timeline_section(member: &Member, timeline: &Value) -> String {
    let rows: Vec<Vec<String>> = timeline["entries"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| {
            vec![
                when(e, "at"),
                esc(&event_word(member.lang, e["event"].as_str().unwrap_or(""))),
                esc(&status_word(member.lang, e["actor"].as_str().unwrap_or(""))),
            ]
        })
        .collect();
    titled_table(member, "timeline", ["when", "what", "by"], &rows)
}

fn attempts_section(member: &Member, timeline: &Value) -> String {
    let rows: Vec<Vec<String>> = timeline["attempts"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|a| {
            let reason = a["failure_reason"].as_str().unwrap_or("");
            let paid_with = json!({"last_attempt": a});
            vec![
                s(a, "id"),
                esc(&payer::method(member.lang, &paid_with)),
                esc(&payer::payer(&paid_with)),
                status_badge(member.lang, a),
                if reason.is_empty() {
                    String::new()
                } else {
                    esc(&status_word(member.lang, reason))
                },
                when(a, "started_at"),
            ]
        })
        .collect();
    titled_table(
        member,
        "attempts",
        ["id", "method", "payer", "status", "failure", "when"],
        &rows,
    )
}

fn fees_section(member: &Member, intent: &Value) -> String {
    let fees = &intent["fees"];
    if fees.is_null() {
        return String::new();
    }
    let currency = intent["currency"].as_str().unwrap_or("");
    let mut rows = Vec::new();
    for (key, value) in fees.as_object().into_iter().flatten() {
        if let Some(minor) = value.as_i64().filter(|_| key.ends_with("_minor")) {
            rows.push(vec![
                esc(&status_word(member.lang, key.trim_end_matches("_minor"))),
                money(member.lang, minor, currency),
            ]);
        }
    }
    titled_table(member, "fees", ["fee", "amount"], &rows)
}

async fn splits_section(console: &Console, member: &Member, id: &str) -> String {
    let answer = api::get(console, member, format!("/payment_intents/{id}/splits")).await;
    let splits = answer.json();
    let rows: Vec<Vec<String>> = layout::items(&splits)
        .map(|sp| {
            vec![
                s(sp, "destination"),
                money(
                    member.lang,
                    sp["amount_minor"].as_i64().unwrap_or(0),
                    sp["currency"].as_str().unwrap_or(""),
                ),
                status_badge(member.lang, sp),
            ]
        })
        .collect();
    if rows.is_empty() {
        return String::new();
    }
    titled_table(member, "splits", ["target", "amount", "status"], &rows)
}

async fn refunds_section(console: &Console, member: &Member, id: &str) -> String {
    let answer = api::get(
        console,
        member,
        format!("/refunds?payment_intent={id}&limit=50"),
    )
    .await;
    let rows = refund_rows(&answer.json(), false, member);
    titled_table(
        member,
        "refunds",
        ["id", "amount", "status", "reason", "created"],
        &rows,
    )
}

fn refund_rows(list: &Value, with_intent: bool, member: &Member) -> Vec<Vec<String>> {
    layout::items(list)
        .map(|r| {
            let mut row = vec![
                s(r, "id"),
                money(
                    member.lang,
                    r["amount_minor"].as_i64().unwrap_or(0),
                    r["currency"].as_str().unwrap_or(""),
                ),
                status_badge(member.lang, r),
                esc(&status_word(
                    member.lang,
                    r["reason"].as_str().unwrap_or(""),
                )),
                when(r, "created_at"),
            ];
            if with_intent {
                let pi = r["payment_intent"].as_str().unwrap_or("");
                row.push(link(&format!("/console/payments/{pi}"), pi));
                row.push(refund_decision(member, r["id"].as_str().unwrap_or("")));
            }
            row
        })
        .collect()
}

fn refund_decision(member: &Member, id: &str) -> String {
    if !member.may("refunds:write") {
        return String::new();
    }
    let pin = pin_input(member, &format!("pin-{id}"));
    let approve = form(
        member,
        &format!("/console/refunds/{id}/approve"),
        &format!("approve-{id}"),
        &pin,
        w(member, "approve"),
    );
    let reject = form(
        member,
        &format!("/console/refunds/{id}/reject"),
        &format!("reject-{id}"),
        "",
        w(member, "reject"),
    );
    format!("{approve}{reject}")
}

async fn events_section(console: &Console, member: &Member, intent: &Value) -> String {
    let id = intent["id"].as_str().unwrap_or("");
    let since = percent(intent["created_at"].as_str().unwrap_or(""));
    let page = api::get(console, member, format!("/events?limit=200&since={since}"))
        .await
        .json();
    let rows: Vec<Vec<String>> = layout::items(&page)
        .filter(|e| e["data"]["object"].to_string().contains(id))
        .map(|e| {
            vec![
                s(e, "id"),
                esc(&event_word(member.lang, e["type"].as_str().unwrap_or(""))),
                when(e, "created_at"),
            ]
        })
        .collect();
    titled_table(member, "events", ["id", "type", "created"], &rows)
}

/// The refund form's first step: the amount typed (blank: all that is
/// refundable) in the member's format, then a page that asks "Refund 2,500.00
/// CDF to +243...?" with the PIN; nothing is sent to the API before that.
pub async fn confirm_refund(Action(console, id, post): Action) -> Response {
    let Some(id) = intent_id(&id) else {
        return layout::see_other("/console/payments");
    };
    let here = format!("/console/payments/{id}");
    let member = &post.member;
    let intent = api::get(&console, member, format!("/payment_intents/{id}"))
        .await
        .json();
    let currency = intent["currency"].as_str().unwrap_or("");
    let typed = post.field("amount");
    let minor = if typed.is_empty() {
        api::get(
            &console,
            member,
            format!("/payment_intents/{id}/refundable"),
        )
        .await
        .json()["refundable_minor"]
            .as_i64()
    } else {
        minor_of(typed, currency)
    };
    let Some(minor) = minor.filter(|m| *m > 0) else {
        let flash = layout::Flash {
            good: false,
            text: format!("{}: {typed}", w(member, "refund_amount")),
        };
        return layout::redirect(&console, &here, flash);
    };
    let to = payer::payer(&intent);
    let question = w(member, "refund_question")
        .replace(
            "{amount}",
            &crate::http::pages::money::amount(member.lang, minor, currency),
        )
        .replace(
            "{payer}",
            if to.is_empty() {
                w(member, "the_payer")
            } else {
                &to
            },
        );
    let inner = format!(
        "<p id=\"refund-question\">{}</p>{}{}<div class=\"field\">{}</div>",
        esc(&question),
        hidden("amount_minor", &minor.to_string()),
        hidden("reason", post.field("reason")),
        pin_input(member, "refund-pin"),
    );
    let confirm = form(
        member,
        &format!("/console/payments/{id}/refund"),
        "refund-confirm",
        &inner,
        w(member, "refund_confirm"),
    );
    let body = format!(
        "<section class=\"card\">{confirm}{}</section>",
        super::html::back_link(member, &here)
    );
    let title = w(member, "refund_title");
    layout::page(&console, member, &here, "payments", title, body)
}

/// The refund, confirmed: the amount in minor units from the confirmation
/// page, the reason, the PIN when given. The notice says whether the money
/// went back or the refund waits for a second person's approval.
pub async fn refund(Action(console, id, post): Action) -> Response {
    let Some(id) = intent_id(&id) else {
        return layout::see_other("/console/payments");
    };
    let here = format!("/console/payments/{id}");
    let member = &post.member;
    let Ok(minor) = post.field("amount_minor").parse::<i64>() else {
        return layout::see_other(&here);
    };
    let mut body =
        json!({ "payment_intent": id, "reason": post.field("reason"), "amount_minor": minor });
    post.copy_filled(&mut body, "pin");
    let answer = post.send(&console, "/refunds", body).await;
    let done = match answer.json()["status"].as_str() {
        Some("REQUESTED") => "done_refund_requested",
        Some("APPROVED" | "PROCESSING") => "done_refund_pending",
        _ => "done_refund",
    };
    layout::after(&console, &here, &answer, member, done)
}

pub async fn capture(Action(console, id, post): Action) -> Response {
    let action = (id.as_str(), "capture");
    post.act_on(&console, &INTENTS, action, json!({}), "done_capture")
        .await
}

pub async fn cancel(Action(console, id, post): Action) -> Response {
    let action = (id.as_str(), "cancel");
    post.act_on(&console, &INTENTS, action, json!({}), "done_cancel")
        .await
}

/// Refunds waiting for a second person: approve (with a PIN over the limit) or reject.
pub async fn refunds(State(console): State<Console>, member: Member) -> Response {
    if !member.may("refunds:read") {
        return layout::forbidden(&console, &member, "/console/refunds");
    }
    let answer = api::get(&console, &member, "/refunds?status=REQUESTED&limit=100").await;
    let rows = refund_rows(&answer.json(), true, &member);
    let headers = words(
        &member,
        [
            "id", "amount", "status", "reason", "created", "payment", "action",
        ],
    );
    let body = table_section(&member, w(&member, "awaiting_approval"), &headers, &rows);
    let title = w(&member, "refunds");
    layout::page(
        &console,
        &member,
        "/console/refunds",
        "refunds",
        title,
        body,
    )
}

pub async fn approve_refund(Action(console, id, post): Action) -> Response {
    post.approve(&console, &REFUNDS, &id, "done_approve").await
}

pub async fn reject_refund(Action(console, id, post): Action) -> Response {
    let body = json!({ "reason": "rejected in the console" });
    let action = (id.as_str(), "reject");
    post.act_on(&console, &REFUNDS, action, body, "done_reject")
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_match_reference_number_amount_and_dates() {
        let intent = json!({"reference": "INV-42", "customer_msisdn": "+243000000501", "currency": "CDF",
                            "amount_minor": 10_000, "created_at": "2026-11-20T10:00:00Z"});
        let f = |q: &str| -> Filters { serde_urlencoded_lite(q) };
        assert!(f("reference=inv-4").keep(&intent));
        assert!(!f("reference=INV-43").keep(&intent));
        assert!(f("number=000501").keep(&intent));
        assert!(f("amount_from=100&amount_to=100.00").keep(&intent));
        assert!(!f("amount_from=100.01").keep(&intent));
        assert!(!f("amount_to=abc").keep(&intent));
        assert!(f("date_from=2026-11-20&date_to=2026-11-20").keep(&intent));
        assert!(!f("date_from=2026-11-21").keep(&intent));
    }

    fn serde_urlencoded_lite(q: &str) -> Filters {
        let uri: axum::http::Uri = format!("/?{q}").parse().expect("uri");
        axum::extract::Query::<Filters>::try_from_uri(&uri)
            .expect("filters")
            .0
    }
}
