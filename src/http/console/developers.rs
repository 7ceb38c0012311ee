//! Developers: API keys (create, rotate, revoke; live keys need the PIN,
//! the API's step-up; a new secret is shown once, on the answer page, never
//! stored by the console; a restricted key's scopes chosen per resource as
//! none/read/write), webhook endpoints with their deliveries (the error the
//! API recorded, a replay button), a test send, disable and delete, and the
//! event log. Each part shows for the roles that may use it; destructive
//! buttons are red.

use axum::Router;
use axum::extract::State;
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::api::{self, Answer};
use super::auth::{Action, Kind, ObjectPage, Post};
use super::html::{
    back_link, badge, danger_form, esc, event_word, form, input, link, pin_field, s, select,
    status_badge, table, table_section, titled_table, w, when, words,
};
use super::layout::{self, Flash, Shown};
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
        .route("/console/developers/webhooks/{id}/test", post(send_test))
        .route(
            "/console/developers/webhooks/{id}/disable",
            post(disable_endpoint),
        )
        .route(
            "/console/developers/webhooks/{id}/enable",
            post(enable_endpoint),
        )
        .route(
            "/console/developers/webhooks/{id}/delete",
            post(delete_endpoint),
        )
        .route("/console/developers/deliveries/{id}/replay", post(replay))
        .route(
            "/console/developers/clocks/{id}/advance",
            post(advance_clock),
        )
}

const HERE: &str = "/console/developers";
const CLOCKS: Kind = Kind::new("clock", "/test_clocks", HERE, None);

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
    if member.may("test_clocks:read") && member.mode == crate::mode::Mode::Test {
        body.push_str(&test_clocks(&console, &member).await);
    }
    if body.is_empty() {
        return layout::forbidden(&console, &member, HERE);
    }
    let title = w(&member, "developers");
    layout::page(&console, &member, HERE, "developers", title, body)
}

async fn keys(console: &Console, member: &Member) -> String {
    let list = api::get(console, member, "/api_keys?limit=100")
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
                let pin = pin_field(member, &format!("pin-rotate-{id}"));
                actions.push_str(&form(
                    member,
                    &format!("{HERE}/keys/{id}/rotate"),
                    &format!("rotate-{id}"),
                    &pin,
                    w(member, "rotate"),
                ));
                let pin = pin_field(member, &format!("pin-revoke-{id}"));
                actions.push_str(&danger_form(
                    member,
                    &format!("{HERE}/keys/{id}/revoke"),
                    &format!("revoke-{id}"),
                    &pin,
                    w(member, "revoke"),
                ));
            }
            vec![
                s(k, "label"),
                esc(w(
                    member,
                    &format!("key_kind_{}", k["kind"].as_str().unwrap_or("")),
                )),
                esc(w(member, &format!("{mode}_mode"))),
                format!("<code>{}</code>", s(k, "redacted")),
                status_badge(member.lang, k),
                when(k, "created_at"),
                actions,
            ]
        })
        .collect();
    let headers = words(
        member,
        [
            "name", "kind", "mode", "prefix", "status", "created", "action",
        ],
    );
    let kinds = [
        ("rk", w(member, "key_kind_rk")),
        ("sk", w(member, "key_kind_sk")),
        ("pk", w(member, "key_kind_pk")),
    ];
    let create = format!(
        "<div class=\"field\">{}</div><div class=\"field\">{}</div>{}{}<p class=\"muted\">{} ({})</p>",
        input(
            "key-label",
            "label",
            w(member, "name"),
            "text",
            "maxlength=\"200\""
        ),
        select("key-kind", "kind", w(member, "kind"), &kinds, "rk"),
        super::scopes::picker(member),
        pin_field(member, "key-pin"),
        w(member, "pin_hint"),
        w(member, &format!("{}_mode", member.mode.as_str())),
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
    let title = w(member, "api_keys");
    layout::page(console, member, HERE, "developers", title, body)
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
    post.copy_filled(&mut body, "label");
    let scopes = super::scopes::chosen(|name| post.field(name));
    if kind == "rk" {
        body["scopes"] = json!(scopes);
    }
    post.copy_filled(&mut body, "pin");
    let answer = post.send(&console, "/api_keys", body).await;
    key_answer(&console, &post, &answer)
}

fn key_id(id: &str) -> Option<&str> {
    crate::ids::is_id(id, "key").then_some(id)
}

pub async fn rotate_key(Action(console, id, post): Action) -> Response {
    match key_step_up(&console, &id, "rotate", &post).await {
        Some(answer) => key_answer(&console, &post, &answer),
        None => layout::see_other(HERE),
    }
}

pub async fn revoke_key(Action(console, id, post): Action) -> Response {
    match key_step_up(&console, &id, "revoke", &post).await {
        Some(answer) => layout::after(&console, HERE, &answer, &post.member, "done_revoke"),
        None => layout::see_other(HERE),
    }
}

/// `POST /api_keys/{id}/{action}` with the member's PIN; `None` when `id` is
/// not a key id (nothing is sent).
async fn key_step_up(console: &Console, id: &str, action: &str, post: &Post) -> Option<Answer> {
    let id = key_id(id)?;
    let mut body = json!({});
    post.copy_filled(&mut body, "pin");
    Some(
        post.send(console, format!("/api_keys/{id}/{action}"), body)
            .await,
    )
}

async fn endpoints(console: &Console, member: &Member) -> String {
    let list = api::get(console, member, "/webhook_endpoints?limit=100")
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
                badge(member.lang, &status),
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
    let headers = words(member, ["url", "status", "events"]);
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
    let answer = post.send(&console, "/webhook_endpoints", body).await;
    key_answer(&console, &post, &answer)
}

/// One endpoint's deliveries, each with its attempts and a replay button.
pub async fn endpoint(ObjectPage(console, member, id): ObjectPage) -> Shown {
    let here = layout::object_here(&console, &member, &format!("{HERE}/webhooks"), &id, "we")?;
    let answer = api::get(&console, &member, format!("/webhook_endpoints/{id}")).await;
    if !answer.ok() {
        return Err(layout::refusal(&console, &member, &here, &answer));
    }
    let endpoint = answer.json();
    let list = api::get(
        &console,
        &member,
        format!("/webhook_endpoints/{id}/deliveries?limit=100"),
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
            // What the receiver answered, or why nothing was answered.
            let response = match (last["error"].as_str(), last["status_code"].as_u64()) {
                (Some(error), _) => esc(error),
                (None, Some(code)) => code.to_string(),
                (None, None) => String::new(),
            };
            vec![
                esc(&event_word(
                    member.lang,
                    d["event_type"].as_str().unwrap_or(""),
                )),
                status_badge(member.lang, d),
                d["attempts"].as_array().map_or(0, Vec::len).to_string(),
                response,
                when(d, "created_at"),
                replay,
            ]
        })
        .collect();
    let headers = words(
        &member,
        [
            "type", "status", "attempts", "response", "created", "action",
        ],
    );
    let latest = layout::items(&list).next().and_then(|d| d["id"].as_str());
    let body = format!(
        "{}{}{}",
        back_link(&member, HERE),
        endpoint_actions(&member, &endpoint, latest),
        table_section(&member, w(&member, "deliveries"), &headers, &rows)
    );
    let title = endpoint["url"].as_str().unwrap_or(&id).to_string();
    Ok(layout::page(
        &console,
        &member,
        &here,
        "developers",
        &title,
        body,
    ))
}

/// An endpoint's own actions: send a test (the newest delivery sent again,
/// signed as any delivery: decision 471), disable or enable, delete.
fn endpoint_actions(member: &Member, endpoint: &Value, latest: Option<&str>) -> String {
    let id = endpoint["id"].as_str().unwrap_or("");
    let base = format!("{HERE}/webhooks/{id}");
    let mut out = String::new();
    match latest {
        Some(delivery) => out.push_str(&form(
            member,
            &format!("{base}/test"),
            "send-test",
            &super::html::hidden("delivery", delivery),
            w(member, "send_test"),
        )),
        None => out.push_str(&format!(
            "<p class=\"muted\">{}</p>",
            w(member, "send_test_none")
        )),
    }
    if endpoint["disabled"] == true || endpoint["status"] == "disabled" {
        out.push_str(&form(
            member,
            &format!("{base}/enable"),
            "enable-endpoint",
            "",
            w(member, "enable"),
        ));
    } else {
        out.push_str(&danger_form(
            member,
            &format!("{base}/disable"),
            "disable-endpoint",
            "",
            w(member, "disable"),
        ));
    }
    out.push_str(&danger_form(
        member,
        &format!("{base}/delete"),
        "delete-endpoint",
        &format!(
            "<p class=\"muted\">{}</p>",
            w(member, "delete_endpoint_warning")
        ),
        w(member, "delete"),
    ));
    super::html::actions_section(member, &out)
}

fn endpoint_id(id: &str) -> Option<&str> {
    crate::ids::is_id(id, "we").then_some(id)
}

/// The newest delivery to the endpoint, sent again: a signed delivery the
/// receiver can check end to end.
pub async fn send_test(Action(console, id, post): Action) -> Response {
    let (Some(id), delivery) = (endpoint_id(&id), post.field("delivery")) else {
        return layout::see_other(HERE);
    };
    if !crate::ids::is_id(delivery, "wd") {
        return layout::see_other(HERE);
    }
    let answer = post
        .send(
            &console,
            format!("/webhook_deliveries/{delivery}/replay"),
            json!({}),
        )
        .await;
    layout::after(
        &console,
        &format!("{HERE}/webhooks/{id}"),
        &answer,
        &post.member,
        "done_send_test",
    )
}

/// `PATCH /webhook_endpoints/{id}` with `disabled`.
async fn set_disabled(console: &Console, id: &str, post: &Post, disabled: bool) -> Response {
    let Some(id) = endpoint_id(id) else {
        return layout::see_other(HERE);
    };
    let call = api::Call {
        method: axum::http::Method::PATCH,
        path: format!("/webhook_endpoints/{id}"),
        body: Some(json!({ "disabled": disabled })),
        idempotency_key: Some(format!("console-{}", post.form_token())),
        member: &post.member,
    };
    let answer = api::send(&console.api, call).await;
    let done = if disabled {
        "done_disable_endpoint"
    } else {
        "done_enable_endpoint"
    };
    layout::after(
        console,
        &format!("{HERE}/webhooks/{id}"),
        &answer,
        &post.member,
        done,
    )
}

pub async fn disable_endpoint(Action(console, id, post): Action) -> Response {
    set_disabled(&console, &id, &post, true).await
}

pub async fn enable_endpoint(Action(console, id, post): Action) -> Response {
    set_disabled(&console, &id, &post, false).await
}

pub async fn delete_endpoint(Action(console, id, post): Action) -> Response {
    let Some(id) = endpoint_id(&id) else {
        return layout::see_other(HERE);
    };
    let call = api::Call {
        method: axum::http::Method::DELETE,
        path: format!("/webhook_endpoints/{id}"),
        body: None,
        idempotency_key: Some(format!("console-{}", post.form_token())),
        member: &post.member,
    };
    let answer = api::send(&console.api, call).await;
    layout::after(
        &console,
        HERE,
        &answer,
        &post.member,
        "done_delete_endpoint",
    )
}

pub async fn replay(Action(console, id, post): Action) -> Response {
    if !crate::ids::is_id(&id, "wd") {
        return layout::see_other(HERE);
    }
    let path = format!("/webhook_deliveries/{id}/replay");
    let answer = post.send(&console, path, json!({})).await;
    let back = answer.json()["endpoint"]
        .as_str()
        .map_or_else(|| HERE.to_string(), |e| format!("{HERE}/webhooks/{e}"));
    layout::after(&console, &back, &answer, &post.member, "done_replay")
}

async fn events(console: &Console, member: &Member) -> String {
    let list = api::get(console, member, "/events?limit=50").await.json();
    let rows: Vec<Vec<String>> = layout::items(&list)
        .map(|e| {
            let object = e["resource"]["id"].as_str().unwrap_or("");
            let target = if object.starts_with("pi_") {
                link(&format!("/console/payments/{object}"), object)
            } else {
                esc(object)
            };
            let kind = e["type"].as_str().unwrap_or("");
            let said = format!(
                "<span title=\"{}\">{}</span>",
                esc(kind),
                esc(&event_word(member.lang, kind))
            );
            vec![s(e, "id"), said, target, when(e, "created_at")]
        })
        .collect();
    titled_table(
        member,
        "event_log",
        ["id", "type", "target", "created"],
        &rows,
    )
}

/// The sandbox's test clocks (test mode only: live time is real).
async fn test_clocks(console: &Console, member: &Member) -> String {
    let list = api::get(console, member, "/test_clocks?limit=50")
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
                status_badge(member.lang, c),
                s(c, "attached"),
                advance,
            ]
        })
        .collect();
    titled_table(
        member,
        "test_clocks",
        ["id", "name", "frozen_time", "status", "attached", "action"],
        &rows,
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
pub async fn advance_clock(Action(console, id, post): Action) -> Response {
    let typed = post.field("frozen_time");
    let frozen_time = match typed.len() {
        16 => format!("{typed}:00Z"),
        19 => format!("{typed}Z"),
        _ => typed.to_string(),
    };
    let body = json!({ "frozen_time": frozen_time });
    let action = (id.as_str(), "advance");
    post.act_on(&console, &CLOCKS, action, body, "done_advance")
        .await
}
