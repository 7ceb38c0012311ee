//! The review of parked money from the console (docs/operations.md "Parked
//! money"): a "Review…" button on each row of Needs attention, chosen by the
//! row's kind (`payout`, `payment`, `route`, ...), opens a form — outcome,
//! the provider's reference, a note, the PIN in live mode — that calls the
//! object's existing review operation as the member. A kind added to Needs
//! attention gets the button by a line in [`KINDS`]; a row of a kind not
//! listed there shows none.

use axum::Router;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;
use serde_json::{Value, json};

use super::auth::Post;
use super::html::{esc, field, form, link, pin_field, select, w};
use super::layout::{self, percent};
use super::{Console, Member};
use crate::mode::Mode;

/// What a row kind's review is: the kind (the row's words key), the id
/// prefix of its rows, its API collection, the scope the member's role
/// needs, its outcomes, and its operation.
struct ReviewKind {
    kind: &'static str,
    prefix: &'static str,
    api: &'static str,
    scope: &'static str,
    outcomes: [&'static str; 2],
    operation: Operation,
}

/// How a kind is decided.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Operation {
    /// `POST {api}/{id}/review` `{outcome, evidence: {reference, note}, pin}`.
    Shared,
    /// `POST /payment_intents/{id}/review` `{outcome, note}` (an AMBIGUOUS payment).
    IntentNote,
    /// The intent's HELD late bank credit:
    /// `POST /payment_intents/{id}/late_payments/{lp}/review`, the shared body.
    LateCredit,
}

const fn shared(
    kind: &'static str,
    prefix: &'static str,
    api: &'static str,
    scope: &'static str,
) -> ReviewKind {
    ReviewKind {
        kind,
        prefix,
        api,
        scope,
        outcomes: ["paid", "returned"],
        operation: Operation::Shared,
    }
}

const KINDS: [ReviewKind; 6] = [
    shared("payout", "po", "/payouts", "payouts:write"),
    shared("route", "rt", "/routes", "routes:write"),
    shared("switch_payment", "pay", "/payments", "payments:cancel"),
    shared("refund_processing", "re", "/refunds", "refunds:write"),
    ReviewKind {
        kind: "payment",
        prefix: "pi",
        api: "/payment_intents",
        scope: "payment_intents:write",
        outcomes: ["paid", "not_paid"],
        operation: Operation::IntentNote,
    },
    ReviewKind {
        kind: "late_bank_credit",
        prefix: "pi",
        api: "/payment_intents",
        scope: "refunds:write",
        outcomes: ["applied", "returned"],
        operation: Operation::LateCredit,
    },
];

const BASE: &str = "/console/review";

pub fn routes() -> Router<Console> {
    Router::new().route("/console/review/{kind}/{id}", get(page).post(decide))
}

/// The review of a row of `kind` whose id is `id`, when the console can
/// decide it (an id not of the kind's form names none).
fn kind_of(kind: &str, id: &str) -> Option<&'static ReviewKind> {
    KINDS
        .iter()
        .find(|k| k.kind == kind && crate::ids::is_id(id, k.prefix))
}

/// The "Review…" button of a Needs attention row of `kind`: none when the
/// kind has no review here or the member's role may not decide it.
pub fn button(member: &Member, kind: &str, id: &str) -> String {
    match kind_of(kind, id) {
        Some(review) if member.may(review.scope) => {
            let href = format!("{BASE}/{}/{}", review.kind, percent(id));
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

/// The kind and id of a review page's path.
type KindAndId = Path<(String, String)>;

fn here_of(kind: &str, id: &str) -> String {
    format!("{BASE}/{}/{}", percent(kind), percent(id))
}

/// The review form of one parked object.
pub async fn page(
    State(console): State<Console>,
    member: Member,
    Path((row_kind, id)): KindAndId,
) -> Response {
    let here = here_of(&row_kind, &id);
    let Some(kind) = kind_of(&row_kind, &id) else {
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
    if member.mode == Mode::Live && kind.operation != Operation::IntentNote {
        inner.push_str(&pin_field(&member, "review-pin"));
    }
    let status = object["status"]
        .as_str()
        .or(object["stage"].as_str())
        .unwrap_or("");
    let body = format!(
        "{}<section class=\"card\"><h2>{}</h2>{}</section><p>{}</p>",
        super::html::facts(&[
            (w(&member, "id"), esc(&id)),
            (w(&member, "amount"), amount),
            (
                w(&member, "status"),
                super::html::badge(member.lang, status)
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

/// The API path that decides `id` of `kind`; none when a late credit's
/// intent holds no HELD bank credit any more.
async fn operation_path(
    console: &Console,
    member: &Member,
    kind: &ReviewKind,
    id: &str,
) -> Option<String> {
    if kind.operation != Operation::LateCredit {
        return Some(format!("{}/{id}/review", kind.api));
    }
    let intent = super::api::get(console, member, format!("{}/{id}", kind.api))
        .await
        .json();
    let held = intent["late_payments"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|l| l["rail"] == "bank" && l["status"] == "HELD")
        .and_then(|l| l["id"].as_str())
        .filter(|lp| crate::ids::is_id(lp, "lp"))?;
    Some(format!("{}/{id}/late_payments/{held}/review", kind.api))
}

/// The body of the decision: the shared `{outcome, evidence, pin}`, or the
/// payment intent's `{outcome, note}` (its one text: reference, then note).
fn decision(kind: &ReviewKind, post: &Post, outcome: &str) -> Value {
    let (reference, note) = (post.field("reference"), post.field("note"));
    if kind.operation == Operation::IntentNote {
        let text = if note.is_empty() {
            reference.to_string()
        } else {
            format!("{reference} — {note}")
        };
        return json!({ "outcome": outcome, "note": text });
    }
    // A late credit "applied" is the shared review's "paid".
    let outcome = if outcome == "applied" {
        "paid"
    } else {
        outcome
    };
    let mut evidence = json!({ "reference": reference });
    if !note.is_empty() {
        evidence["note"] = json!(note);
    }
    let mut body = json!({ "outcome": outcome, "evidence": evidence });
    post.copy_filled(&mut body, "pin");
    body
}

/// The decision, sent to the object's review operation; back home with
/// the outcome (the row leaves Needs attention once decided).
pub async fn decide(
    State(console): State<Console>,
    Path((row_kind, id)): KindAndId,
    post: Post,
) -> Response {
    let here = here_of(&row_kind, &id);
    let Some(kind) = kind_of(&row_kind, &id) else {
        return layout::see_other("/console");
    };
    let outcome = post.field("outcome");
    if !kind.outcomes.contains(&outcome) {
        return layout::see_other(&here);
    }
    let Some(path) = operation_path(&console, &post.member, kind, &id).await else {
        return layout::see_other("/console");
    };
    let answer = post
        .send(&console, path, decision(kind, &post, outcome))
        .await;
    let back = if answer.ok() {
        "/console".to_string()
    } else {
        here
    };
    layout::after(&console, &back, &answer, &post.member, "done_review")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_is_reviewed_by_its_kind() {
        let pi = "pi_01m8jx3dhq00097m39jdpf08nz";
        let po = "po_01m8jx3dhq00097m39jdpf08nz";
        assert_eq!(kind_of("payout", po).map(|k| k.api), Some("/payouts"));
        assert_eq!(
            kind_of("payment", pi).map(|k| k.outcomes[1]),
            Some("not_paid")
        );
        // The same intent id under another row kind is decided another way.
        assert_eq!(
            kind_of("late_bank_credit", pi).map(|k| k.operation),
            Some(Operation::LateCredit)
        );
        assert!(kind_of("payout", pi).is_none(), "an id of another kind");
        assert!(kind_of("unknown_kind", po).is_none());
        assert!(kind_of("payout", "po_").is_none());
    }
}
