//! Developers: API keys (create, rotate, revoke; live keys need the PIN,
//! the API's step-up; a new secret is shown once, on the answer page, never
//! stored by the console), webhook endpoints with their deliveries and a
//! replay button, and the event log. Each part shows for the roles that
//! may use it.

use axum::Router;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::api::{self, Answer, Call};
use super::auth::Post;
use super::html::{badge, esc, form, input, link, s, section, select, table, w, when};
use super::layout::{self, Flash, Page};
use super::{Console, Member};
use crate::auth::roles;

pub fn routes() -> Router<Console> {
    Router::new()
        .route("/console/developers", get(page))
        .route("/console/developers/keys", post(create_key))
        .route("/console/developers/keys/{id}/rotate", post(rotate_key))
        .route("/console/developers/keys/{id}/revoke", post(revoke_key))
        .route("/console/developers/webhooks", post(create_endpoint))
        .route("/console/developers/webhooks/{id}", get(endpoint))
        .route("/console/developers/deliveries/{id}/replay", post(replay))
        .route(
            "/console/developers/clocks/{id}/advance",
            post(advance_clock),
        )
}

const HERE: &str = "/console/developers";

fn pin_input(member: &Member, id: &str) -> String {
    format!(
        "<div class=\"field\">{}</div>",
        input(
            id,
            "pin",
            w(member, "pin"),
            "password",
            "inputmode=\"numeric\" autocomplete=\"off\" maxlength=\"12\""
        )
    )
}

pub async fn page(State(console): State<Console>, member: Member) -> Response {
    let mut body = String::new();
    if member.may(roles::API_KEYS_MANAGE) {
        body.push_str(&keys(&console, &member).await);
    }
    if member.may("webhooks:manage") {
        body.push_str(&endpoints(&console, &member).await);
    }
    if member.may("events:read") {
        body.push_str(&events(&console, &member).await);
    }
    if member.may("test_clocks:read") && member.mode == crate::ledger::Mode::Test {
        body.push_str(&test_clocks(&console, &member).await);
    }
    if body.is_empty() {
        return layout::forbidden(&console, &member, HERE);
    }
    Page {
        member: &member,
        here: HERE,
        nav: "developers",
        title: w(&member, "developers"),
        body,
        script: "",
    }
    .render(&console)
}

async fn keys(console: &Console, member: &Member) -> String {
    let list = api::send(&console.api, Call::get(member, "/api_keys?limit=100"))
        .await
        .json();
    let rows: Vec<Vec<String>> = layout::items(&list)
        .map(|k| {
            let id = k["id"].as_str().unwrap_or("");
            let mode = if k["livemode"] == true {
                "live"
            } else {
                "test"
            };
            let mut actions = String::new();
            if k["status"] == "active" {
                let pin = pin_input(member, &format!("pin-rotate-{id}"));
                actions.push_str(&form(
                    member,
                    &format!("{HERE}/keys/{id}/rotate"),
                    &format!("rotate-{id}"),
                    &pin,
                    w(member, "rotate"),
                ));
                let pin = pin_input(member, &format!("pin-revoke-{id}"));
                actions.push_str(&form(
                    member,
                    &format!("{HERE}/keys/{id}/revoke"),
                    &format!("revoke-{id}"),
                    &pin,
                    w(member, "revoke"),
                ));
            }
            vec![
                s(k, "label"),
                s(k, "kind"),
                esc(mode),
                format!("<code>{}</code>", s(k, "redacted")),
                badge(k["status"].as_str().unwrap_or("")),
                when(k, "created_at"),
                actions,
            ]
        })
        .collect();
    let headers = [
        w(member, "name"),
        w(member, "kind"),
        w(member, "mode"),
        w(member, "prefix"),
        w(member, "status"),
        w(member, "created"),
        w(member, "action"),
    ];
    let kinds = [
        ("rk", "rk (restricted)"),
        ("sk", "sk (secret)"),
        ("pk", "pk (publishable)"),
    ];
    let create = format!(
        "<div class=\"field\">{}</div><div class=\"field\">{}</div><div class=\"field\">{}</div>{}<p class=\"muted\">{} ({}: {})</p>",
        input(
            "key-label",
            "label",
            w(member, "name"),
            "text",
            "maxlength=\"200\""
        ),
        select("key-kind", "kind", w(member, "kind"), &kinds, "rk"),
        input(
            "key-scopes",
            "scopes",
            w(member, "scopes"),
            "text",
            "placeholder=\"payment_intents:read refunds:write\" maxlength=\"2000\""
        ),
        pin_input(member, "key-pin"),
        w(member, "pin_hint"),
        w(member, "mode"),
        member.mode.as_str(),
    );
    let title = w(member, "api_keys");
    format!(
        "<section class=\"card\"><h2>{}</h2>{}<h3>{}</h3>{}</section>",
        esc(title),
        table(title, &headers, &rows, w(member, "nothing_yet")),
        w(member, "create_key"),
        form(
            member,
            &format!("{HERE}/keys"),
            "create-key",
            &create,
            w(member, "create_key")
        )
    )
}

/// The page that shows a new secret once (create and rotate answer it).
fn secret_page(console: &Console, member: &Member, key: &Value) -> Response {
    let body = format!(
        "<section class=\"card\"><p>{}</p><p class=\"secret\" id=\"secret\">{}</p><p>{}</p></section>",
        w(member, "secret_once"),
        s(key, "secret"),
        link(HERE, w(member, "back")),
    );
    Page {
        member,
        here: HERE,
        nav: "developers",
        title: w(member, "api_keys"),
        body,
        script: "",
    }
    .render(console)
}

fn with_pin(mut body: Value, post: &Post) -> Value {
    if !post.field("pin").is_empty() {
        body["pin"] = json!(post.field("pin"));
    }
    body
}

fn key_answer(console: &Console, post: &Post, answer: &Answer) -> Response {
    if answer.ok() {
        return secret_page(console, &post.member, &answer.json());
    }
    layout::redirect(
        console,
        HERE,
        Flash {
            good: false,
            text: answer.message(),
        },
    )
}

pub async fn create_key(State(console): State<Console>, post: Post) -> Response {
    let kind = post.field("kind");
    let mut body = json!({ "kind": kind, "mode": post.member.mode.as_str() });
    if !post.field("label").is_empty() {
        body["label"] = json!(post.field("label"));
    }
    let scopes: Vec<&str> = post
        .field("scopes")
        .split([' ', ','])
        .filter(|s| !s.is_empty())
        .collect();
    if kind == "rk" {
        body["scopes"] = json!(scopes);
    }
    let body = with_pin(body, &post);
    let answer = api::send(
        &console.api,
        Call::post(&post.member, "/api_keys", body, post.form_token()),
    )
    .await;
    key_answer(&console, &post, &answer)
}

fn key_id(id: &str) -> Option<&str> {
    crate::ids::is_id(id, "key").then_some(id)
}

pub async fn rotate_key(
    State(console): State<Console>,
    Path(id): Path<String>,
    post: Post,
) -> Response {
    match key_step_up(&console, &id, "rotate", &post).await {
        Some(answer) => key_answer(&console, &post, &answer),
        None => layout::see_other(HERE),
    }
}

pub async fn revoke_key(
    State(console): State<Console>,
    Path(id): Path<String>,
    post: Post,
) -> Response {
    match key_step_up(&console, &id, "revoke", &post).await {
        Some(answer) => layout::after(&console, HERE, &answer, &post.member, "done_revoke"),
        None => layout::see_other(HERE),
    }
}

/// `POST /api_keys/{id}/{action}` with the member's PIN; `None` when `id` is
/// not a key id (nothing is sent).
async fn key_step_up(console: &Console, id: &str, action: &str, post: &Post) -> Option<Answer> {
    let id = key_id(id)?;
    let body = with_pin(json!({}), post);
    let call = Call::post(
        &post.member,
        format!("/api_keys/{id}/{action}"),
        body,
        post.form_token(),
    );
    Some(api::send(&console.api, call).await)
}

async fn endpoints(console: &Console, member: &Member) -> String {
    let list = api::send(
        &console.api,
        Call::get(member, "/webhook_endpoints?limit=100"),
    )
    .await
    .json();
    let rows: Vec<Vec<String>> = layout::items(&list)
        .map(|e| {
            let id = e["id"].as_str().unwrap_or("");
            let status = e["status"].as_str().map_or_else(
                || {
                    if e["disabled"] == true {
                        "disabled"
                    } else {
                        "enabled"
                    }
                    .to_string()
                },
                str::to_string,
            );
            vec![
                link(
                    &format!("{HERE}/webhooks/{id}"),
                    e["url"].as_str().unwrap_or(id),
                ),
                badge(&status),
                esc(&e["enabled_events"]
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(Value::as_str)
                            .collect::<Vec<_>>()
                            .join(", ")
                    })
                    .unwrap_or_default()),
            ]
        })
        .collect();
    let headers = [w(member, "url"), w(member, "status"), w(member, "events")];
    let add = format!(
        "<div class=\"field\">{}</div><div class=\"field\">{}</div>",
        input(
            "endpoint-url",
            "url",
            w(member, "url"),
            "url",
            "required maxlength=\"2048\" placeholder=\"https://example.com/hooks\""
        ),
        input(
            "endpoint-events",
            "events",
            w(member, "events"),
            "text",
            "value=\"*\" maxlength=\"2000\""
        ),
    );
    let title = w(member, "webhooks");
    format!(
        "<section class=\"card\"><h2>{}</h2>{}{}</section>",
        esc(title),
        table(title, &headers, &rows, w(member, "nothing_yet")),
        form(
            member,
            &format!("{HERE}/webhooks"),
            "add-endpoint",
            &add,
            w(member, "add_endpoint")
        )
    )
}

pub async fn create_endpoint(State(console): State<Console>, post: Post) -> Response {
    let events: Vec<&str> = post
        .field("events")
        .split([' ', ','])
        .filter(|s| !s.is_empty())
        .collect();
    let body = json!({ "url": post.field("url"), "enabled_events": events });
    let answer = api::send(
        &console.api,
        Call::post(&post.member, "/webhook_endpoints", body, post.form_token()),
    )
    .await;
    key_answer(&console, &post, &answer)
}

/// One endpoint's deliveries, each with its attempts and a replay button.
pub async fn endpoint(
    State(console): State<Console>,
    member: Member,
    Path(id): Path<String>,
) -> Response {
    let here = format!("{HERE}/webhooks/{}", super::layout::percent(&id));
    if !crate::ids::is_id(&id, "we") {
        return layout::refusal(&console, &member, &here, &Answer::not_found(&id));
    }
    let answer = api::send(
        &console.api,
        Call::get(&member, format!("/webhook_endpoints/{id}")),
    )
    .await;
    if !answer.ok() {
        return layout::refusal(&console, &member, &here, &answer);
    }
    let endpoint = answer.json();
    let list = api::send(
        &console.api,
        Call::get(
            &member,
            format!("/webhook_endpoints/{id}/deliveries?limit=100"),
        ),
    )
    .await
    .json();
    let rows: Vec<Vec<String>> = layout::items(&list)
        .map(|d| {
            let delivery = d["id"].as_str().unwrap_or("");
            let last = d["attempts"]
                .as_array()
                .and_then(|a| a.last())
                .cloned()
                .unwrap_or(Value::Null);
            let replay = form(
                &member,
                &format!("{HERE}/deliveries/{delivery}/replay"),
                &format!("replay-{delivery}"),
                "",
                w(&member, "replay"),
            );
            vec![
                s(d, "event_type"),
                badge(d["status"].as_str().unwrap_or("")),
                d["attempts"].as_array().map_or(0, Vec::len).to_string(),
                s(&last, "status_code"),
                when(d, "created_at"),
                replay,
            ]
        })
        .collect();
    let headers = [
        w(&member, "type"),
        w(&member, "status"),
        w(&member, "attempts"),
        w(&member, "response"),
        w(&member, "created"),
        w(&member, "action"),
    ];
    let body = format!(
        "<p>{}</p>{}",
        link(HERE, w(&member, "back")),
        section(
            w(&member, "deliveries"),
            &table(
                w(&member, "deliveries"),
                &headers,
                &rows,
                w(&member, "nothing_yet")
            )
        )
    );
    let title = endpoint["url"].as_str().unwrap_or(&id).to_string();
    Page {
        member: &member,
        here: &here,
        nav: "developers",
        title: &title,
        body,
        script: "",
    }
    .render(&console)
}

pub async fn replay(
    State(console): State<Console>,
    Path(id): Path<String>,
    post: Post,
) -> Response {
    if !crate::ids::is_id(&id, "wd") {
        return layout::see_other(HERE);
    }
    let answer = api::send(
        &console.api,
        Call::post(
            &post.member,
            format!("/webhook_deliveries/{id}/replay"),
            json!({}),
            post.form_token(),
        ),
    )
    .await;
    let back = answer.json()["endpoint"]
        .as_str()
        .map_or_else(|| HERE.to_string(), |e| format!("{HERE}/webhooks/{e}"));
    layout::after(&console, &back, &answer, &post.member, "done_replay")
}

async fn events(console: &Console, member: &Member) -> String {
    let list = api::send(&console.api, Call::get(member, "/events?limit=50"))
        .await
        .json();
    let rows: Vec<Vec<String>> = layout::items(&list)
        .map(|e| {
            let object = e["resource"]["id"].as_str().unwrap_or("");
            let target = if object.starts_with("pi_") {
                link(&format!("/console/payments/{object}"), object)
            } else {
                esc(object)
            };
            vec![s(e, "id"), s(e, "type"), target, when(e, "created_at")]
        })
        .collect();
    let headers = [
        w(member, "id"),
        w(member, "type"),
        w(member, "target"),
        w(member, "created"),
    ];
    section(
        w(member, "event_log"),
        &table(
            w(member, "event_log"),
            &headers,
            &rows,
            w(member, "nothing_yet"),
        ),
    )
}

/// The sandbox's test clocks (test mode only: live time is real).
async fn test_clocks(console: &Console, member: &Member) -> String {
    let list = api::send(&console.api, Call::get(member, "/test_clocks?limit=50"))
        .await
        .json();
    let rows: Vec<Vec<String>> = layout::items(&list)
        .map(|c| {
            let advance = if member.may("test_clocks:write") && c["status"] == "ready" {
                advance_form(member, c)
            } else {
                String::new()
            };
            vec![
                s(c, "id"),
                s(c, "name"),
                when(c, "frozen_time"),
                badge(c["status"].as_str().unwrap_or("")),
                s(c, "attached"),
                advance,
            ]
        })
        .collect();
    let headers = [
        w(member, "id"),
        w(member, "name"),
        w(member, "frozen_time"),
        w(member, "status"),
        w(member, "attached"),
        w(member, "action"),
    ];
    section(
        w(member, "test_clocks"),
        &table(
            w(member, "test_clocks"),
            &headers,
            &rows,
            w(member, "nothing_yet"),
        ),
    )
}

/// The advance form of a ready clock: the new time, a day later by default.
fn advance_form(member: &Member, clock: &Value) -> String {
    let id = clock["id"].as_str().unwrap_or("");
    let frozen = clock["frozen_time"].as_str().unwrap_or("");
    let parsed =
        time::OffsetDateTime::parse(frozen, &time::format_description::well_known::Rfc3339).ok();
    let local = |t: time::OffsetDateTime| {
        let text =
            crate::clock::rfc3339(i64::try_from(t.unix_timestamp_nanos() / 1_000_000).unwrap_or(0));
        text.get(..16).unwrap_or("").to_string()
    };
    let min = parsed.map(local).unwrap_or_default();
    let next = parsed
        .map(|t| local(t + time::Duration::days(1)))
        .unwrap_or_default();
    let inner = format!(
        "<div class=\"field\">{}</div>",
        input(
            &format!("advance-{id}"),
            "frozen_time",
            w(member, "advance_to"),
            "datetime-local",
            &format!(
                "required min=\"{}\" value=\"{}\" step=\"60\"",
                esc(&min),
                esc(&next)
            ),
        )
    );
    form(
        member,
        &format!("{HERE}/clocks/{id}/advance"),
        &format!("advance-form-{id}"),
        &inner,
        w(member, "advance"),
    )
}

/// `POST /test_clocks/{id}/advance`: the form's local time is read as UTC
/// (the clocks' times are UTC).
pub async fn advance_clock(
    State(console): State<Console>,
    Path(id): Path<String>,
    post: Post,
) -> Response {
    if !crate::ids::is_id(&id, "clock") {
        return layout::see_other(HERE);
    }
    let typed = post.field("frozen_time");
    let frozen_time = match typed.len() {
        16 => format!("{typed}:00Z"),
        19 => format!("{typed}Z"),
        _ => typed.to_string(),
    };
    let answer = api::send(
        &console.api,
        Call::post(
            &post.member,
            format!("/test_clocks/{id}/advance"),
            json!({ "frozen_time": frozen_time }),
            post.form_token(),
        ),
    )
    .await;
    layout::after(&console, HERE, &answer, &post.member, "done_advance")
}
