//! The sandbox's test clocks on the developers page: list them, create one,
//! attach or detach it, and advance it by a step. Test mode only (the API
//! refuses test clocks to live keys); the actions need `test_clocks:write`.
//!
//! An advance is chosen from steps whose absolute times are computed when the
//! page is drawn (the clock's frozen time plus an hour, a day, a week, thirty
//! days), so the form carries the RFC 3339 time the API takes and the handler
//! computes nothing: a replayed form advances to the same time, never twice
//! as far.

use axum::Router;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::post;
use serde_json::{Value, json};

use super::api::{self, Call};
use super::auth::Post;
use super::html::{badge, esc, form, input, s, section, select, table, w, when};
use super::layout;
use super::{Console, Member};

pub fn routes() -> Router<Console> {
    Router::new()
        .route("/console/developers/test_clocks", post(create))
        .route(
            "/console/developers/test_clocks/{id}/advance",
            post(advance),
        )
        .route(
            "/console/developers/test_clocks/{id}/{action}",
            post(switch),
        )
}

/// Where every action returns: the developers page.
const BACK: &str = "/console/developers";

/// The advance steps offered: (words key, milliseconds).
const STEPS: [(&str, i64); 4] = [
    ("step_hour", 3_600_000),
    ("step_day", 86_400_000),
    ("step_week", 7 * 86_400_000),
    ("step_month", 30 * 86_400_000),
];

/// The test-clocks section of the developers page.
pub async fn section_for(console: &Console, member: &Member) -> String {
    let list = api::send(&console.api, Call::get(member, "/test_clocks?limit=50"))
        .await
        .json();
    let writes = member.may("test_clocks:write");
    let rows: Vec<Vec<String>> = layout::items(&list)
        .map(|clock| {
            let mut row = vec![
                s(clock, "id"),
                s(clock, "name"),
                when(clock, "frozen_time"),
                badge(clock["status"].as_str().unwrap_or("")),
                esc(w(
                    member,
                    if clock["attached"] == true {
                        "yes"
                    } else {
                        "no"
                    },
                )),
            ];
            if writes {
                row.push(actions(member, clock));
            }
            row
        })
        .collect();
    let mut headers = vec![
        w(member, "id"),
        w(member, "name"),
        w(member, "frozen_time"),
        w(member, "status"),
        w(member, "attached"),
    ];
    if writes {
        headers.push(w(member, "action"));
    }
    let mut body = table(
        w(member, "test_clocks"),
        &headers,
        &rows,
        w(member, "nothing_yet"),
    );
    if writes {
        body.push_str(&create_form(member));
    }
    section(w(member, "test_clocks"), &body)
}

/// Advance (a step from the clock's frozen time) and attach or detach.
fn actions(member: &Member, clock: &Value) -> String {
    let id = clock["id"].as_str().unwrap_or("");
    let frozen_ms = clock["frozen_time"]
        .as_str()
        .and_then(|t| crate::clock::parse_param("frozen_time", Some(t)).ok())
        .flatten();
    let mut out = String::new();
    if let (Some(frozen_ms), "ready") = (frozen_ms, clock["status"].as_str().unwrap_or("")) {
        let steps: Vec<(String, String)> = STEPS
            .iter()
            .map(|(key, ms)| {
                let to = crate::clock::rfc3339(frozen_ms + ms);
                let text = format!("{} ({})", w(member, key), &to[..16].replace('T', " "));
                (to, text)
            })
            .collect();
        let options: Vec<(&str, &str)> = steps
            .iter()
            .map(|(to, text)| (to.as_str(), text.as_str()))
            .collect();
        let choose = select(
            &format!("advance-to-{id}"),
            "frozen_time",
            w(member, "advance_to"),
            &options,
            &steps[1].0,
        );
        out.push_str(&form(
            member,
            &format!("{BACK}/test_clocks/{id}/advance"),
            &format!("advance-{id}"),
            &choose,
            w(member, "advance"),
        ));
    }
    let (action, label) = if clock["attached"] == true {
        ("detach", "detach")
    } else {
        ("attach", "attach")
    };
    out.push_str(&form(
        member,
        &format!("{BACK}/test_clocks/{id}/{action}"),
        &format!("{action}-{id}"),
        "",
        w(member, label),
    ));
    out
}

fn create_form(member: &Member) -> String {
    let fields = format!(
        "<div class=\"field\">{}</div><div class=\"field\">{}</div><div class=\"field\">{}</div>",
        input(
            "clock-time",
            "frozen_time",
            w(member, "clock_time_utc"),
            "datetime-local",
            "required"
        ),
        input(
            "clock-name",
            "name",
            w(member, "name"),
            "text",
            "maxlength=\"100\""
        ),
        input(
            "clock-attach",
            "attach",
            w(member, "attach_now"),
            "checkbox",
            "value=\"yes\""
        ),
    );
    format!(
        "<h3>{}</h3>{}",
        esc(w(member, "new_test_clock")),
        form(
            member,
            &format!("{BACK}/test_clocks"),
            "create-test-clock",
            &fields,
            w(member, "create")
        )
    )
}

/// A `datetime-local` value (`2026-09-01T12:00`, the browser's own format,
/// read as UTC as the label says) as the RFC 3339 time the API takes; any
/// other text goes to the API as it is, which names the field in its error.
fn utc_time(local: &str) -> String {
    match local.len() {
        16 => format!("{local}:00Z"),
        19 => format!("{local}Z"),
        _ => local.to_string(),
    }
}

pub async fn create(State(console): State<Console>, post: Post) -> Response {
    let mut body = json!({
        "frozen_time": utc_time(post.field("frozen_time")),
        "attach": post.field("attach") == "yes",
    });
    if !post.field("name").is_empty() {
        body["name"] = json!(post.field("name"));
    }
    let answer = api::send(
        &console.api,
        Call::post(&post.member, "/test_clocks", body, post.form_token()),
    )
    .await;
    layout::after(&console, BACK, &answer, &post.member, "done_clock_created")
}

pub async fn advance(
    State(console): State<Console>,
    Path(id): Path<String>,
    post: Post,
) -> Response {
    if !crate::ids::is_id(&id, "clock") {
        return layout::see_other(BACK);
    }
    let answer = api::send(
        &console.api,
        Call::post(
            &post.member,
            format!("/test_clocks/{id}/advance"),
            json!({ "frozen_time": post.field("frozen_time") }),
            post.form_token(),
        ),
    )
    .await;
    layout::after(&console, BACK, &answer, &post.member, "done_clock_advanced")
}

/// Attach or detach.
pub async fn switch(
    State(console): State<Console>,
    Path((id, action)): Path<(String, String)>,
    post: Post,
) -> Response {
    if !crate::ids::is_id(&id, "clock") || !matches!(action.as_str(), "attach" | "detach") {
        return layout::see_other(BACK);
    }
    let answer = api::send(
        &console.api,
        Call::post(
            &post.member,
            format!("/test_clocks/{id}/{action}"),
            json!({}),
            post.form_token(),
        ),
    )
    .await;
    layout::after(&console, BACK, &answer, &post.member, "done")
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_browser_time_is_read_as_utc() {
        assert_eq!(super::utc_time("2026-09-01T12:00"), "2026-09-01T12:00:00Z");
        assert_eq!(
            super::utc_time("2026-09-01T12:00:30"),
            "2026-09-01T12:00:30Z"
        );
        // Anything else reaches the API unchanged, which names the field.
        assert_eq!(super::utc_time("soon"), "soon");
        assert_eq!(super::utc_time(""), "");
    }
}
