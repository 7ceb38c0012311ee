//! Transfers and FX: the transfers the organisation sent and received
//! (`GET /transfers`, each as its side sees it), one transfer's page, the
//! form that sends one (the form's token is its Idempotency-Key, so a double
//! click sends once), FX quotes (ask for one, see it, send a transfer with
//! it while it is locked) and the rate table of the switch's mode.

use axum::Router;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::api::{self, Answer, Call};
use super::auth::Post;
use super::html::{
    amount_of, badge, esc, facts, field, form, hidden, link, minor_of, s, section, select, table,
    w, when,
};
use super::layout::{self, Flash, Page, percent};
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

pub async fn list(State(console): State<Console>, member: Member) -> Response {
    let answer = match layout::read_for_page(
        &console,
        &member,
        HERE,
        "transfers:read",
        "/transfers?limit=100",
    )
    .await
    {
        Ok(json) => json,
        Err(page) => return page,
    };
    let rows: Vec<Vec<String>> = layout::items(&answer)
        .map(|t| {
            let id = t["id"].as_str().unwrap_or("");
            let incoming = t["direction"] == "incoming";
            vec![
                link(&format!("{HERE}/{id}"), id),
                esc(direction(&member, t)),
                s(t, if incoming { "from" } else { "to" }),
                amount_of(t, "amount_minor", "currency"),
                amount_of(t, "received_minor", "received_currency"),
                s(t, "note"),
                when(t, "created_at"),
            ]
        })
        .collect();
    let headers = [
        w(&member, "id"),
        w(&member, "direction"),
        w(&member, "counterparty"),
        w(&member, "amount"),
        w(&member, "received"),
        w(&member, "note"),
        w(&member, "created"),
    ];
    let title = w(&member, "transfers");
    let mut body = section(
        title,
        &table(title, &headers, &rows, w(&member, "nothing_yet")),
    );
    if member.may("transfers:write") {
        body.push_str(&section(
            w(&member, "send_transfer"),
            &send_form(&member, None),
        ));
        body.push_str(&section(w(&member, "fx_quote"), &quote_form(&member)));
    }
    body.push_str(&rates(&console, &member).await);
    Page {
        member: &member,
        here: HERE,
        nav: "transfers",
        title,
        body,
        script: "",
    }
    .render(&console)
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
            amount_of(q, "amount_minor", "currency"),
            amount_of(q, "recipient_amount_minor", "target_currency"),
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
    let list = api::send(&console.api, Call::get(member, "/fx/rates"))
        .await
        .json();
    let rows: Vec<Vec<String>> = layout::items(&list)
        .map(|r| {
            let stale = if r["stale"] == true {
                badge("stale")
            } else {
                String::new()
            };
            vec![
                s(r, "pair"),
                s(r, "mid_rate"),
                s(r, "margin_bps"),
                s(r, "source"),
                format!("{}{stale}", when(r, "updated_at")),
            ]
        })
        .collect();
    let headers = [
        w(member, "pair"),
        w(member, "mid_rate"),
        w(member, "margin_bps"),
        w(member, "source"),
        w(member, "updated"),
    ];
    let title = w(member, "fx_rates");
    section(
        title,
        &table(title, &headers, &rows, w(member, "nothing_yet")),
    )
}

/// An amount field in major units of `currency`, or a notice naming it.
fn minor_field(post: &Post, currency: &str) -> Result<i64, String> {
    if let Ok(minor) = post.field("amount_minor").parse::<i64>() {
        return Ok(minor);
    }
    minor_of(post.field("amount"), currency).ok_or_else(|| {
        format!(
            "{}: {:?} ({})",
            w(&post.member, "amount"),
            post.field("amount"),
            w(&post.member, "amount_hint")
        )
    })
}

pub async fn send(State(console): State<Console>, post: Post) -> Response {
    let currency = post.field("currency");
    let back = match post.field("quote_id") {
        "" => HERE.to_string(),
        quote => format!("{FX}/{}", percent(quote)),
    };
    let amount_minor = match minor_field(&post, currency) {
        Ok(minor) => minor,
        Err(text) => return layout::redirect(&console, &back, Flash { good: false, text }),
    };
    let mut body =
        json!({ "to": post.field("to"), "amount_minor": amount_minor, "currency": currency });
    for optional in ["note", "quote_id"] {
        if !post.field(optional).is_empty() {
            body[optional] = json!(post.field(optional));
        }
    }
    let answer = api::send(
        &console.api,
        Call::post(&post.member, "/transfers", body, post.form_token()),
    )
    .await;
    layout::after_create(
        &console,
        HERE,
        &back,
        &answer,
        &post.member,
        "done_transfer",
    )
}

pub async fn detail(
    State(console): State<Console>,
    member: Member,
    Path(id): Path<String>,
) -> Response {
    let here = format!("{HERE}/{}", percent(&id));
    if !crate::ids::is_id(&id, "tr") {
        return layout::refusal(&console, &member, &here, &Answer::not_found(&id));
    }
    let t = match layout::read_for_page(
        &console,
        &member,
        &here,
        "transfers:read",
        format!("/transfers/{id}"),
    )
    .await
    {
        Ok(json) => json,
        Err(page) => return page,
    };
    let quote = t["quote_id"]
        .as_str()
        .map_or_else(String::new, |q| link(&format!("{FX}/{q}"), q));
    let mut body = facts(&[
        (
            w(&member, "status"),
            badge(t["status"].as_str().unwrap_or("")),
        ),
        (w(&member, "direction"), esc(direction(&member, &t))),
        (w(&member, "from"), s(&t, "from")),
        (w(&member, "to"), s(&t, "to")),
        (
            w(&member, "amount"),
            amount_of(&t, "amount_minor", "currency"),
        ),
        (w(&member, "fee"), amount_of(&t, "fee_minor", "currency")),
        (
            w(&member, "received"),
            amount_of(&t, "received_minor", "received_currency"),
        ),
        (w(&member, "fx_quote"), quote),
        (w(&member, "note"), s(&t, "note")),
        (w(&member, "transaction"), s(&t, "transaction")),
        (w(&member, "created"), when(&t, "created_at")),
    ]);
    body.push_str(&format!("<p>{}</p>", link(HERE, w(&member, "back"))));
    let title = format!("{} {id}", w(&member, "transfer"));
    Page {
        member: &member,
        here: &here,
        nav: "transfers",
        title: &title,
        body,
        script: "",
    }
    .render(&console)
}

pub async fn quote(State(console): State<Console>, post: Post) -> Response {
    let currency = post.field("currency");
    let Some(amount_minor) = minor_of(post.field("amount"), currency) else {
        let text = format!(
            "{}: {:?} ({})",
            w(&post.member, "amount"),
            post.field("amount"),
            w(&post.member, "amount_hint")
        );
        return layout::redirect(&console, HERE, Flash { good: false, text });
    };
    let body = json!({
        "amount_minor": amount_minor,
        "currency": currency,
        "target_currency": post.field("target_currency"),
    });
    let answer = api::send(
        &console.api,
        Call::post(&post.member, "/fx/quotes", body, post.form_token()),
    )
    .await;
    layout::after_create(&console, FX, HERE, &answer, &post.member, "done_quote")
}

/// A quote as of now, and the send form that uses it while it may be used.
pub async fn quote_page(
    State(console): State<Console>,
    member: Member,
    Path(id): Path<String>,
) -> Response {
    let here = format!("{FX}/{}", percent(&id));
    if !crate::ids::is_id(&id, "fxq") {
        return layout::refusal(&console, &member, &here, &Answer::not_found(&id));
    }
    let q = match layout::read_for_page(
        &console,
        &member,
        &here,
        "transfers:read",
        format!("/fx/quotes/{id}"),
    )
    .await
    {
        Ok(json) => json,
        Err(page) => return page,
    };
    let status = q["status"].as_str().unwrap_or("");
    let mut body = facts(&[
        (w(&member, "status"), badge(status)),
        (
            w(&member, "amount"),
            amount_of(&q, "amount_minor", "currency"),
        ),
        (
            w(&member, "recipient_gets"),
            amount_of(&q, "recipient_amount_minor", "target_currency"),
        ),
        (w(&member, "rate"), s(&q, "rate")),
        (w(&member, "mid_rate"), s(&q, "mid_rate")),
        (w(&member, "fee"), amount_of(&q, "fee_minor", "currency")),
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
    body.push_str(&format!("<p>{}</p>", link(HERE, w(&member, "back"))));
    let title = format!("{} {id}", w(&member, "fx_quote"));
    Page {
        member: &member,
        here: &here,
        nav: "transfers",
        title: &title,
        body,
        script: "",
    }
    .render(&console)
}
