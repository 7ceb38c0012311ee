//! The review of parked money from the console (docs/operations.md "Parked
//! money"): a "Review…" button on each row of Needs attention, chosen by the
//! row's object kind (its id's prefix), opens a form — outcome, the
//! provider's reference, a note, the PIN in live mode — that calls the
//! object's existing `POST /{resource}/{id}/review` as the member. A kind
//! added to Needs attention gets the button by a line in [`KINDS`].

use axum::Router;
use axum::response::Response;
use axum::routing::get;
use serde_json::json;

use super::auth::{Action, ObjectPage};
use super::html::{esc, field, form, link, pin_field, select, w};
use super::layout::{self, percent};
use super::{Console, Member};
use crate::mode::Mode;

/// What a kind's review is: the id prefix, its API collection, the scope
/// the member's role needs, its outcomes, and whether its body is the
/// shared `{outcome, evidence: {reference, note}, pin}` (else the payment
/// intent's `{outcome, note}`).
struct ReviewKind {
    prefix: &'static str,
    api: &'static str,
    scope: &'static str,
    outcomes: [&'static str; 2],
    shared_body: bool,
}

const KINDS: [ReviewKind; 4] = [
    ReviewKind {
        prefix: "po",
        api: "/payouts",
        scope: "payouts:write",
        outcomes: ["paid", "returned"],
        shared_body: true,
    },
    ReviewKind {
        prefix: "rt",
        api: "/routes",
        scope: "routes:write",
        outcomes: ["paid", "returned"],
        shared_body: true,
    },
    ReviewKind {
        prefix: "pay",
        api: "/payments",
        scope: "payments:cancel",
        outcomes: ["paid", "returned"],
        shared_body: true,
    },
    ReviewKind {
        prefix: "pi",
        api: "/payment_intents",
        scope: "payment_intents:write",
        outcomes: ["paid", "not_paid"],
        shared_body: false,
    },
];

const BASE: &str = "/console/review";

pub fn routes() -> Router<Console> {
    Router::new().route("/console/review/{id}", get(page).post(decide))
}

/// The kind of `id` by its prefix, when the console can review it.
fn kind_of(id: &str) -> Option<&'static ReviewKind> {
    KINDS.iter().find(|k| crate::ids::is_id(id, k.prefix))
}

/// The "Review…" button of a parked object's row: none when its kind has
/// no review here or the member's role may not decide it.
pub fn button(member: &Member, id: &str) -> String {
    match kind_of(id) {
        Some(kind) if member.may(kind.scope) => {
            let href = format!("{BASE}/{}", percent(id));
            format!(
                "<a class=\"button\" id=\"review-{}\" href=\"{}\">{}</a>",
                esc(id),
                esc(&href),
                w(member, "review_open")
            )
        }
        _ => String::new(),
    }
}

/// The review form of one parked object.
pub async fn page(ObjectPage(console, member, id): ObjectPage) -> Response {
    let here = format!("{BASE}/{}", percent(&id));
    let Some(kind) = kind_of(&id) else {
        let answer = super::api::Answer::not_found(&id);
        return layout::refusal(&console, &member, &here, &answer);
    };
    if !member.may(kind.scope) {
        return layout::forbidden(&console, &member, &here);
    }
    let answer = super::api::get(&console, &member, format!("{}/{id}", kind.api)).await;
    if !answer.ok() {
        return layout::refusal(&console, &member, &here, &answer);
    }
    let object = answer.json();
    let currency = object["currency"]
        .as_str()
        .or(object["source_currency"].as_str())
        .unwrap_or("");
    let amount = object["amount_minor"]
        .as_i64()
        .or(object["source_amount_minor"].as_i64())
        .map_or_else(String::new, |m| {
            super::html::money(member.lang, m, currency)
        });
    let outcomes: Vec<(&str, &str)> = kind
        .outcomes
        .iter()
        .map(|o| (*o, w(&member, &format!("outcome_{o}"))))
        .collect();
    let mut inner = format!(
        "<p class=\"muted\">{}</p><div class=\"field\">{}</div>{}{}",
        w(&member, "review_note"),
        select(
            "review-outcome",
            "outcome",
            w(&member, "outcome"),
            &outcomes,
            ""
        ),
        field(
            "review-reference",
            "reference",
            w(&member, "evidence_reference"),
            "text",
            "required minlength=\"3\" maxlength=\"200\" autocomplete=\"off\""
        ),
        field(
            "review-note",
            "note",
            w(&member, "note"),
            "text",
            "maxlength=\"300\""
        ),
    );
    if member.mode == Mode::Live && kind.shared_body {
        inner.push_str(&pin_field(&member, "review-pin"));
    }
    let body = format!(
        "{}<section class=\"card\"><h2>{}</h2>{}</section><p>{}</p>",
        super::html::facts(&[
            (w(&member, "id"), esc(&id)),
            (w(&member, "amount"), amount),
            (
                w(&member, "status"),
                super::html::badge(
                    member.lang,
                    object["status"]
                        .as_str()
                        .or(object["stage"].as_str())
                        .unwrap_or("")
                ),
            ),
        ]),
        w(&member, "review_title"),
        form(
            &member,
            &here,
            "review",
            &inner,
            w(&member, "review_submit")
        ),
        link("/console", w(&member, "back")),
    );
    let title = format!("{} {id}", w(&member, "review_title"));
    layout::page(&console, &member, &here, "home", &title, body)
}

/// The decision, sent to the object's review operation; back home with
/// the outcome (the row leaves Needs attention once decided).
pub async fn decide(Action(console, id, post): Action) -> Response {
    let Some(kind) = kind_of(&id) else {
        return layout::see_other("/console");
    };
    let outcome = post.field("outcome");
    if !kind.outcomes.contains(&outcome) {
        return layout::see_other(&format!("{BASE}/{}", percent(&id)));
    }
    let (reference, note) = (post.field("reference"), post.field("note"));
    let body = if kind.shared_body {
        let mut evidence = json!({ "reference": reference });
        if !note.is_empty() {
            evidence["note"] = json!(note);
        }
        let mut body = json!({ "outcome": outcome, "evidence": evidence });
        post.copy_filled(&mut body, "pin");
        body
    } else {
        // The payment intent's review keeps one text: the reference, then the note.
        let text = if note.is_empty() {
            reference.to_string()
        } else {
            format!("{reference} — {note}")
        };
        json!({ "outcome": outcome, "note": text })
    };
    let answer = post
        .send(&console, format!("{}/{id}/review", kind.api), body)
        .await;
    let back = if answer.ok() {
        "/console".to_string()
    } else {
        format!("{BASE}/{}", percent(&id))
    };
    layout::after(&console, &back, &answer, &post.member, "done_review")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_is_reviewed_by_its_ids_kind() {
        assert_eq!(
            kind_of("po_01m8jx3dhq00097m39jdpf08nz").map(|k| k.api),
            Some("/payouts")
        );
        assert_eq!(
            kind_of("pi_01m8jx3dhq00097m39jdpf08nz").map(|k| k.outcomes[1]),
            Some("not_paid")
        );
        assert!(kind_of("re_01m8jx3dhq00097m39jdpf08nz").is_none());
        assert!(kind_of("po_").is_none());
    }
}
