//! Transfers and FX: the transfers the organisation sent and received
//! (`GET /transfers`, each as its side sees it), one transfer's page, the
//! form that sends one (the form's token is its Idempotency-Key, so a double
//! click sends once), FX quotes (ask for one, see it, send a transfer with
//! it while it is locked) and the rate table of the switch's mode.

use axum::Router;
use axum::extract::State;
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::api;
use super::auth::{ObjectPage, Post};
use super::html::{
    amount_of, back_link, badge, esc, facts, field, form, hidden, id_link, link, s, section,
    select, status_badge, status_word, table_section, titled_table, w, when, words,
};
use super::layout::{self, Flash, Shown, percent};
use super::payouts::CURRENCIES;
use super::{Console, Member};

const HERE: &str = "/console/transfers";
const FX: &str = "/console/fx";

pub fn routes() -> Router<Console> {
    Router::new()
        .route(HERE, get(list).post(send))
        .route("/console/transfers/{id}", get(detail))
        .route(FX, post(quote))
        .route("/console/fx/{id}", get(quote_page))
}

pub async fn list(State(console): State<Console>, member: Member) -> Shown {
    let path = "/transfers?limit=100";
    let answer = layout::read_for_page(&console, &member, HERE, "transfers:read", path).await?;
    let rows: Vec<Vec<String>> = layout::items(&answer)
        .map(|t| {
            let incoming = t["direction"] == "incoming";
            vec![
                id_link(HERE, t),
                esc(direction(&member, t)),
                s(t, if incoming { "from" } else { "to" }),
                amount_of(member.lang, t, "amount_minor", "currency"),
                amount_of(member.lang, t, "received_minor", "received_currency"),
                s(t, "note"),
                when(t, "created_at"),
            ]
        })
        .collect();
    let headers = words(
        &member,
        [
            "id",
            "direction",
            "counterparty",
            "amount",
            "received",
            "note",
            "created",
        ],
    );
    let title = w(&member, "transfers");
    let mut body = table_section(&member, title, &headers, &rows);
    if member.may("transfers:write") {
        body.push_str(&section(
            w(&member, "send_transfer"),
            &send_form(&member, None),
        ));
        body.push_str(&section(w(&member, "fx_quote"), &quote_form(&member)));
    }
    body.push_str(&rates(&console, &member).await);
    Ok(page(&console, &member, HERE, title, body))
}

fn page(console: &Console, member: &Member, here: &str, title: &str, body: String) -> Response {
    layout::page(console, member, here, "transfers", title, body)
}

fn direction(member: &Member, t: &Value) -> &'static str {
    if t["direction"] == "incoming" {
        w(member, "incoming")
    } else {
        w(member, "outgoing")
    }
}

/// The send form; with a quote, its amount, currency and id are fixed.
fn send_form(member: &Member, quote: Option<&Value>) -> String {
    let fixed = match quote {
        Some(q) => format!(
            "{}{}{}<p class=\"muted\">{}: {} → {}</p>",
            hidden("quote_id", q["id"].as_str().unwrap_or("")),
            hidden("currency", q["currency"].as_str().unwrap_or("")),
            hidden(
                "amount_minor",
                &q["amount_minor"].as_i64().unwrap_or(0).to_string()
            ),
            w(member, "amount"),
            amount_of(member.lang, q, "amount_minor", "currency"),
            amount_of(member.lang, q, "recipient_amount_minor", "target_currency"),
        ),
        None => format!(
            "{}<div class=\"field\">{}</div>",
            field(
                "transfer-amount",
                "amount",
                w(member, "amount"),
                "text",
                "inputmode=\"decimal\" required maxlength=\"20\" placeholder=\"100.00\""
            ),
            select(
                "transfer-currency",
                "currency",
                w(member, "currency"),
                &CURRENCIES,
                "CDF"
            ),
        ),
    };
    let inner = format!(
        "{}{fixed}{}<p class=\"muted\">{}</p>",
        field(
            "transfer-to",
            "to",
            w(member, "recipient"),
            "text",
            "required minlength=\"2\" maxlength=\"80\" placeholder=\"@tag, org_…, +243…\""
        ),
        field(
            "transfer-note",
            "note",
            w(member, "note"),
            "text",
            "maxlength=\"200\""
        ),
        w(member, "transfer_fee_hint"),
    );
    form(member, HERE, "send-transfer", &inner, w(member, "send"))
}

fn quote_form(member: &Member) -> String {
    let inner = format!(
        "{}<div class=\"field\">{}</div><div class=\"field\">{}</div>",
        field(
            "fx-amount",
            "amount",
            w(member, "amount"),
            "text",
            "inputmode=\"decimal\" required maxlength=\"20\" placeholder=\"100.00\""
        ),
        select(
            "fx-currency",
            "currency",
            w(member, "currency"),
            &CURRENCIES,
            "USD"
        ),
        select(
            "fx-target",
            "target_currency",
            w(member, "target_currency"),
            &CURRENCIES,
            "CDF"
        ),
    );
    form(member, FX, "fx-quote", &inner, w(member, "get_quote"))
}

/// The rate table of the switch's mode (`GET /fx/rates`).
async fn rates(console: &Console, member: &Member) -> String {
    let list = api::get(console, member, "/fx/rates").await.json();
    let rows: Vec<Vec<String>> = layout::items(&list)
        .map(|r| {
            let stale = if r["stale"] == true {
                badge(member.lang, "stale")
            } else {
                String::new()
            };
            vec![
                s(r, "pair"),
                s(r, "mid_rate"),
                s(r, "margin_bps"),
                esc(&status_word(
                    member.lang,
                    r["source"].as_str().unwrap_or(""),
                )),
                format!("{}{stale}", when(r, "updated_at")),
            ]
        })
        .collect();
    titled_table(
        member,
        "fx_rates",
        ["pair", "mid_rate", "margin_bps", "source", "updated"],
        &rows,
    )
}

/// The quote's fixed amount in minor units, else the amount typed in major
/// units of `currency`, or a notice naming it.
fn minor_field(post: &Post, currency: &str) -> Result<i64, Flash> {
    match post.field("amount_minor").parse::<i64>() {
        Ok(minor) => Ok(minor),
        Err(_) => post.amount_minor(currency),
    }
}

pub async fn send(State(console): State<Console>, post: Post) -> Response {
    let currency = post.field("currency");
    let back = match post.field("quote_id") {
        "" => HERE.to_string(),
        quote => format!("{FX}/{}", percent(quote)),
    };
    let amount_minor = match minor_field(&post, currency) {
        Ok(minor) => minor,
        Err(flash) => return layout::redirect(&console, &back, flash),
    };
    let mut body =
        json!({ "to": post.field("to"), "amount_minor": amount_minor, "currency": currency });
    for optional in ["note", "quote_id"] {
        post.copy_filled(&mut body, optional);
    }
    let answer = post.send(&console, "/transfers", body).await;
    layout::after_create(
        &console,
        HERE,
        &back,
        &answer,
        &post.member,
        "done_transfer",
    )
}

pub async fn detail(ObjectPage(console, member, id): ObjectPage) -> Shown {
    let here = layout::object_here(&console, &member, HERE, &id, "tr")?;
    let path = format!("/transfers/{id}");
    let t = layout::read_for_page(&console, &member, &here, "transfers:read", path).await?;
    let quote = t["quote_id"]
        .as_str()
        .map_or_else(String::new, |q| link(&format!("{FX}/{q}"), q));
    let mut body = facts(&[
        (w(&member, "status"), status_badge(member.lang, &t)),
        (w(&member, "direction"), esc(direction(&member, &t))),
        (w(&member, "from"), s(&t, "from")),
        (w(&member, "to"), s(&t, "to")),
        (
            w(&member, "amount"),
            amount_of(member.lang, &t, "amount_minor", "currency"),
        ),
        (
            w(&member, "fee"),
            amount_of(member.lang, &t, "fee_minor", "currency"),
        ),
        (
            w(&member, "received"),
            amount_of(member.lang, &t, "received_minor", "received_currency"),
        ),
        (w(&member, "fx_quote"), quote),
        (w(&member, "note"), s(&t, "note")),
        (w(&member, "transaction"), s(&t, "transaction")),
        (w(&member, "created"), when(&t, "created_at")),
    ]);
    body.push_str(&back_link(&member, HERE));
    let title = format!("{} {id}", w(&member, "transfer"));
    Ok(page(&console, &member, &here, &title, body))
}

pub async fn quote(State(console): State<Console>, post: Post) -> Response {
    let currency = post.field("currency");
    let amount_minor = match post.amount_minor(currency) {
        Ok(minor) => minor,
        Err(flash) => return layout::redirect(&console, HERE, flash),
    };
    let body = json!({
        "amount_minor": amount_minor,
        "currency": currency,
        "target_currency": post.field("target_currency"),
    });
    let answer = post.send(&console, "/fx/quotes", body).await;
    layout::after_create(&console, FX, HERE, &answer, &post.member, "done_quote")
}

/// A quote as of now, and the send form that uses it while it may be used.
pub async fn quote_page(ObjectPage(console, member, id): ObjectPage) -> Shown {
    let here = layout::object_here(&console, &member, FX, &id, "fxq")?;
    let path = format!("/fx/quotes/{id}");
    let q = layout::read_for_page(&console, &member, &here, "transfers:read", path).await?;
    let status = q["status"].as_str().unwrap_or("");
    let mut body = facts(&[
        (w(&member, "status"), badge(member.lang, status)),
        (
            w(&member, "amount"),
            amount_of(member.lang, &q, "amount_minor", "currency"),
        ),
        (
            w(&member, "recipient_gets"),
            amount_of(member.lang, &q, "recipient_amount_minor", "target_currency"),
        ),
        (w(&member, "rate"), s(&q, "rate")),
        (w(&member, "mid_rate"), s(&q, "mid_rate")),
        (
            w(&member, "fee"),
            amount_of(member.lang, &q, "fee_minor", "currency"),
        ),
        (w(&member, "expires"), when(&q, "expires_at")),
        (w(&member, "used"), when(&q, "used_at")),
    ]);
    let usable = matches!(status, "LOCKED" | "INDICATIVE") && q["used_at"].is_null();
    if usable && member.may("transfers:write") {
        body.push_str(&section(
            w(&member, "send_with_quote"),
            &send_form(&member, Some(&q)),
        ));
    }
    body.push_str(&back_link(&member, HERE));
    let title = format!("{} {id}", w(&member, "fx_quote"));
    Ok(page(&console, &member, &here, &title, body))
}
