//! Subscriptions, plans and invoices: the subscriptions with the billing
//! overview the API computes (`GET /subscriptions`), a subscription's page
//! with its invoices and their lines and the cancel actions (now, or at the
//! period's end), the plans with a plan's page and its archive action, and
//! the invoices. The API has no invoice of its own path: an invoice's lines
//! are on its subscription's page (decision 233).

use axum::Router;
use axum::extract::State;
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::auth::{Action, Kind, ObjectPage};
use super::html::{
    amount_of, back_link, esc, facts, form, id_link, link, money, s, section, status_badge, table,
    table_section, w, when, words,
};
use super::layout::{self, Shown};
use super::{Console, Member};

const HERE: &str = "/console/subscriptions";
const PLANS: &str = "/console/plans";
const INVOICES: &str = "/console/invoices";
const READ: &str = "subscriptions:read";
const WRITE: &str = "subscriptions:write";
const SUBSCRIPTIONS: Kind = Kind::new("sub", "/subscriptions", HERE, Some(HERE));
const PLAN: Kind = Kind::new("plan", "/plans", PLANS, Some(PLANS));

pub fn routes() -> Router<Console> {
    Router::new()
        .route(HERE, get(list))
        .route("/console/subscriptions/{id}", get(detail))
        .route("/console/subscriptions/{id}/cancel", post(cancel))
        .route(PLANS, get(plans))
        .route("/console/plans/{id}", get(plan))
        .route("/console/plans/{id}/archive", post(archive))
        .route(INVOICES, get(invoices))
}

/// The links between the three lists, the current one marked.
fn tabs(member: &Member, current: &str) -> String {
    let mut out = String::from("<nav class=\"tabs\" aria-label=\"");
    out.push_str(w(member, "subscriptions"));
    out.push_str("\"><ul>");
    for (href, key) in [
        (HERE, "subscriptions"),
        (PLANS, "plans"),
        (INVOICES, "invoices"),
    ] {
        let mark = if href == current {
            " aria-current=\"page\""
        } else {
            ""
        };
        out.push_str(&format!(
            "<li><a href=\"{href}\" id=\"tab-{key}\"{mark}>{}</a></li>",
            w(member, key)
        ));
    }
    out.push_str("</ul></nav>");
    out
}

fn customer(v: &Value) -> String {
    let c = &v["customer"];
    let text = c["msisdn"]
        .as_str()
        .or(c["email"].as_str())
        .or(c["reference"].as_str())
        .unwrap_or("");
    esc(text)
}

fn page(console: &Console, member: &Member, here: &str, title: &str, body: String) -> Response {
    layout::page(console, member, here, "subscriptions", title, body)
}

pub async fn list(State(console): State<Console>, member: Member) -> Shown {
    let answer =
        layout::read_for_page(&console, &member, HERE, READ, "/subscriptions?limit=100").await?;
    let rows: Vec<Vec<String>> = layout::items(&answer)
        .map(|sub| {
            vec![
                id_link(HERE, sub),
                s(sub, "plan_code"),
                customer(sub),
                status_badge(member.lang, sub),
                when(sub, "current_period_end"),
                when(sub, "next_charge_at"),
            ]
        })
        .collect();
    let headers = words(
        &member,
        [
            "id",
            "plan",
            "customer",
            "status",
            "period_end",
            "next_charge",
        ],
    );
    let title = w(&member, "subscriptions");
    let mut body = tabs(&member, HERE);
    body.push_str(&overview(&member, &answer["overview"]));
    body.push_str(&table_section(&member, title, &headers, &rows));
    Ok(page(&console, &member, HERE, title, body))
}

/// The API's billing overview: counts by status, recurring and collected money.
fn overview(member: &Member, o: &Value) -> String {
    let by = &o["by_status"];
    let count = |field: &str| by[field].as_u64().unwrap_or(0).to_string();
    let amounts = |field: &str| {
        o[field]
            .as_array()
            .into_iter()
            .flatten()
            .map(|a| {
                money(
                    member.lang,
                    a["amount_minor"].as_i64().unwrap_or(0),
                    a["currency"].as_str().unwrap_or(""),
                )
            })
            .collect::<Vec<_>>()
            .join("<br>")
    };
    let figures = [
        (w(member, "active"), count("active")),
        (w(member, "trialing"), count("trialing")),
        (w(member, "past_due"), count("past_due")),
        (w(member, "monthly_recurring"), amounts("monthly_recurring")),
        (w(member, "collected_30d"), amounts("collected_30d")),
    ];
    let mut out = String::from("<section class=\"grid\" id=\"overview\">");
    for (label, value) in figures {
        let value = if value.is_empty() {
            "—".to_string()
        } else {
            value
        };
        out.push_str(&format!(
            "<div class=\"card\"><h2>{}</h2><p class=\"figure\">{value}</p></div>",
            esc(label)
        ));
    }
    out.push_str("</section>");
    out
}

pub async fn detail(ObjectPage(console, member, id): ObjectPage) -> Shown {
    let here = layout::object_here(&console, &member, HERE, &id, "sub")?;
    let path = format!("/subscriptions/{id}");
    let sub = layout::read_for_page(&console, &member, &here, READ, path).await?;
    let plan = sub["plan"].as_str().unwrap_or("");
    let cancellation = sub["cancellation"]["effective_at"]
        .as_str()
        .map_or_else(String::new, |at| esc(&at.replace('T', " ")));
    let mut body = facts(&[
        (w(&member, "status"), status_badge(member.lang, &sub)),
        (w(&member, "plan"), link(&format!("{PLANS}/{plan}"), plan)),
        (w(&member, "customer"), customer(&sub)),
        (
            w(&member, "period_start"),
            when(&sub, "current_period_start"),
        ),
        (w(&member, "period_end"), when(&sub, "current_period_end")),
        (w(&member, "next_charge"), when(&sub, "next_charge_at")),
        (w(&member, "trial_end"), when(&sub, "trial_end")),
        (w(&member, "usage"), s(&sub, "usage_qty")),
        (w(&member, "cancels"), cancellation),
        (w(&member, "created"), when(&sub, "created_at")),
    ]);
    let running = matches!(
        sub["status"].as_str(),
        Some("TRIALING" | "INCOMPLETE" | "ACTIVE" | "PAST_DUE" | "UNPAID")
    );
    if running && member.may(WRITE) {
        let mut actions = String::new();
        if sub["cancel_at_period_end"] != true {
            actions.push_str(&form(
                &member,
                &format!("{HERE}/{id}/cancel"),
                "cancel-at-end",
                "<input type=\"hidden\" name=\"immediately\" value=\"false\">",
                w(&member, "cancel_at_end"),
            ));
        }
        actions.push_str(
            &form(
                &member,
                &format!("{HERE}/{id}/cancel"),
                "cancel-now",
                "<input type=\"hidden\" name=\"immediately\" value=\"true\">",
                w(&member, "cancel_now"),
            )
            .replace(
                "<button type=\"submit\"",
                "<button type=\"submit\" class=\"danger\"",
            ),
        );
        body.push_str(&section(w(&member, "action"), &actions));
    }
    for invoice in sub["invoices"].as_array().into_iter().flatten() {
        body.push_str(&invoice_section(&member, invoice));
    }
    body.push_str(&back_link(&member, HERE));
    let title = format!("{} {id}", w(&member, "subscription"));
    Ok(page(&console, &member, &here, &title, body))
}

/// One invoice with its lines (its id is the section's anchor).
fn invoice_section(member: &Member, invoice: &Value) -> String {
    let currency = invoice["currency"].as_str().unwrap_or("");
    let rows: Vec<Vec<String>> = invoice["lines"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|l| {
            vec![
                s(l, "description"),
                s(l, "quantity"),
                money(
                    member.lang,
                    l["unit_amount_minor"].as_i64().unwrap_or(0),
                    currency,
                ),
                money(
                    member.lang,
                    l["amount_minor"].as_i64().unwrap_or(0),
                    currency,
                ),
            ]
        })
        .collect();
    let headers = [
        w(member, "description"),
        w(member, "quantity"),
        w(member, "unit_price"),
        w(member, "amount"),
    ];
    let id = invoice["id"].as_str().unwrap_or("");
    let number = invoice["number"].as_str().unwrap_or(id);
    let title = format!("{} {number}", w(member, "invoice"));
    let totals = format!(
        "<p>{} · {}: {} · {}: {} · {}: {}</p>",
        status_badge(member.lang, invoice),
        w(member, "period"),
        esc(&format!(
            "{} → {}",
            when(invoice, "period_start"),
            when(invoice, "period_end")
        )),
        w(member, "tax"),
        amount_of(member.lang, invoice, "tax_minor", "currency"),
        w(member, "total"),
        amount_of(member.lang, invoice, "total_minor", "currency"),
    );
    format!(
        "<section class=\"card\" id=\"{}\"><h2>{}</h2>{totals}{}</section>",
        esc(id),
        esc(&title),
        table(&title, &headers, &rows, w(member, "nothing_yet"))
    )
}

pub async fn cancel(Action(console, id, post): Action) -> Response {
    let body = json!({ "immediately": post.field("immediately") == "true" });
    let action = (id.as_str(), "cancel");
    post.act_on(
        &console,
        &SUBSCRIPTIONS,
        action,
        body,
        "done_cancel_subscription",
    )
    .await
}

pub async fn plans(State(console): State<Console>, member: Member) -> Shown {
    let path = "/plans?limit=100&include_archived=true";
    let answer = layout::read_for_page(&console, &member, PLANS, READ, path).await?;
    let rows: Vec<Vec<String>> = layout::items(&answer)
        .map(|p| {
            let id = p["id"].as_str().unwrap_or("");
            vec![
                link(&format!("{PLANS}/{id}"), p["name"].as_str().unwrap_or(id)),
                s(p, "code"),
                amount_of(member.lang, p, "amount_minor", "currency"),
                esc(&interval(p)),
                status_badge(member.lang, p),
            ]
        })
        .collect();
    let headers = words(&member, ["name", "code", "amount", "interval", "status"]);
    let title = w(&member, "plans");
    let mut body = tabs(&member, PLANS);
    body.push_str(&table_section(&member, title, &headers, &rows));
    Ok(page(&console, &member, PLANS, title, body))
}

/// `1 month`, `3 week`: the plan's billing period.
fn interval(p: &Value) -> String {
    format!(
        "{} {}",
        p["interval_count"].as_u64().unwrap_or(1),
        p["interval"].as_str().unwrap_or("")
    )
}

pub async fn plan(ObjectPage(console, member, id): ObjectPage) -> Shown {
    let here = layout::object_here(&console, &member, PLANS, &id, "plan")?;
    let p = layout::read_for_page(&console, &member, &here, READ, format!("/plans/{id}")).await?;
    let mut body = facts(&[
        (w(&member, "status"), status_badge(member.lang, &p)),
        (w(&member, "code"), s(&p, "code")),
        (
            w(&member, "amount"),
            amount_of(member.lang, &p, "amount_minor", "currency"),
        ),
        (w(&member, "interval"), esc(&interval(&p))),
        (w(&member, "trial_days"), s(&p, "trial_days")),
        (
            w(&member, "tax"),
            format!("{} bps {}", s(&p, "tax_bps"), s(&p, "tax_label")),
        ),
        (w(&member, "usage"), s(&p, "usage_unit")),
        (
            w(&member, "monthly_recurring"),
            amount_of(member.lang, &p, "monthly_recurring_minor", "currency"),
        ),
        (w(&member, "subscribe_url"), s(&p, "subscribe_url")),
        (w(&member, "description"), s(&p, "description")),
        (w(&member, "created"), when(&p, "created_at")),
    ]);
    if p["status"] == "ACTIVE" && member.may(WRITE) {
        body.push_str(&section(
            w(&member, "action"),
            &form(
                &member,
                &format!("{PLANS}/{id}/archive"),
                "archive",
                &format!("<p class=\"muted\">{}</p>", w(&member, "archive_hint")),
                w(&member, "archive"),
            ),
        ));
    }
    body.push_str(&back_link(&member, PLANS));
    let name = p["name"].as_str().unwrap_or(&id).to_string();
    Ok(page(&console, &member, &here, &name, body))
}

pub async fn archive(Action(console, id, post): Action) -> Response {
    let action = (id.as_str(), "archive");
    post.act_on(&console, &PLAN, action, json!({}), "done_archive")
        .await
}

pub async fn invoices(State(console): State<Console>, member: Member) -> Shown {
    let answer =
        layout::read_for_page(&console, &member, INVOICES, READ, "/invoices?limit=100").await?;
    let rows: Vec<Vec<String>> = layout::items(&answer)
        .map(|i| {
            let id = i["id"].as_str().unwrap_or("");
            let sub = i["subscription"].as_str().unwrap_or("");
            vec![
                link(
                    &format!("{HERE}/{sub}#{id}"),
                    i["number"].as_str().unwrap_or(id),
                ),
                customer(i),
                amount_of(member.lang, i, "total_minor", "currency"),
                status_badge(member.lang, i),
                s(i, "attempts"),
                when(i, "paid_at"),
                when(i, "created_at"),
            ]
        })
        .collect();
    let headers = words(
        &member,
        [
            "number_short",
            "customer",
            "total",
            "status",
            "attempts",
            "paid_at",
            "created",
        ],
    );
    let title = w(&member, "invoices");
    let mut body = tabs(&member, INVOICES);
    body.push_str(&table_section(&member, title, &headers, &rows));
    Ok(page(&console, &member, INVOICES, title, body))
}
