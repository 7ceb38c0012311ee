//! "Needs attention" on the home page (issue 47): every parked object the
//! member may read — money a provider never accounted for, which only a
//! person with the provider's statement can move on — oldest first, with how
//! long it has waited. `docs/operations.md` ("Parked money") lists the
//! states and their ways out.

use serde_json::Value;

use super::api;
use super::html::{esc, link, money, section, table, w, words};
use super::{Console, Member};

/// Rows read per list: the newest 200 of each kind (a list's page bound);
/// more are counted as "200+".
const PER_KIND: usize = 200;

/// What parks, where it is listed, and who may read it.
struct Source {
    /// The words key of the kind.
    kind: &'static str,
    scope: &'static str,
    /// The API list, already filtered where it can be.
    path: &'static str,
    /// The parked thing of a listed object, as a row reads it (`id`,
    /// `amount_minor`, `currency`, `status`, `updated_at`): the object
    /// itself, or what it holds (an intent's late bank credit); none when
    /// the object is not parked (lists without a status filter).
    parked: fn(&Value) -> Option<Value>,
    /// The console page of one object, if it has one.
    page: Option<&'static str>,
}

const SOURCES: [Source; 5] = [
    Source {
        kind: "payout",
        scope: "payouts:read",
        path: "/payouts?status=NEEDS_REVIEW&limit=200",
        parked: |p| Some(p.clone()),
        page: Some("/console/payouts/"),
    },
    Source {
        kind: "payment",
        scope: "payment_intents:read",
        path: "/payment_intents?status=AMBIGUOUS&limit=200",
        parked: |p| Some(p.clone()),
        page: Some("/console/payments/"),
    },
    Source {
        kind: "route",
        scope: "routes:read",
        path: "/routes?limit=200",
        parked: |r| {
            matches!(r["stage"].as_str(), Some("MANUAL_REVIEW" | "MISMATCHED")).then(|| r.clone())
        },
        page: None,
    },
    // A refund still PROCESSING: its provider has not answered (yet).
    Source {
        kind: "refund_processing",
        scope: "refunds:read",
        path: "/refunds?status=PROCESSING&limit=200",
        parked: |r| Some(r.clone()),
        page: None,
    },
    // A bank credit that came after its intent closed, HELD in suspense;
    // the newest 200 intents are read (no list filter finds them).
    Source {
        kind: "late_bank_credit",
        scope: "payment_intents:read",
        path: "/payment_intents?limit=200",
        parked: late_bank_credit,
        page: Some("/console/payments/"),
    },
];

/// An intent's oldest HELD late bank credit, as a row of its intent.
fn late_bank_credit(intent: &Value) -> Option<Value> {
    let held = intent["late_payments"]
        .as_array()?
        .iter()
        .find(|l| l["rail"] == "bank" && l["status"] == "HELD")?;
    Some(serde_json::json!({
        "id": intent["id"],
        "amount_minor": held["amount_minor"],
        "currency": held["currency"],
        "status": held["status"],
        "updated_at": held["created_at"],
    }))
}

/// One parked object.
struct Parked {
    kind: &'static str,
    id: String,
    page: Option<&'static str>,
    amount_minor: i64,
    currency: String,
    status: String,
    /// Since when it waits (its last change), unix ms.
    since_ms: i64,
}

impl Parked {
    fn of(source: &Source, object: &Value) -> Option<Parked> {
        let since = object["updated_at"]
            .as_str()
            .or_else(|| object["created_at"].as_str())?;
        Some(Parked {
            kind: source.kind,
            id: object["id"].as_str()?.to_string(),
            page: source.page,
            amount_minor: object["amount_minor"].as_i64().unwrap_or(0),
            currency: object["currency"]
                .as_str()
                .or_else(|| object["source_currency"].as_str())
                .unwrap_or("")
                .to_string(),
            status: object["status"]
                .as_str()
                .or_else(|| object["stage"].as_str())
                .unwrap_or("")
                .to_string(),
            since_ms: crate::clock::parse_param("since", Some(since)).ok()??,
        })
    }
}

/// The section, or nothing when the member may read none of the kinds.
pub async fn section_for(console: &Console, member: &Member) -> String {
    let mut parked = Vec::new();
    let mut more = false;
    let mut readable = false;
    for source in SOURCES.iter().filter(|s| member.may(s.scope)) {
        readable = true;
        let list = api::get(console, member, source.path).await.json();
        more |= list["has_more"] == true;
        let rows = list["data"].as_array().into_iter().flatten();
        parked.extend(
            rows.filter_map(|o| (source.parked)(o))
                .filter_map(|o| Parked::of(source, &o)),
        );
    }
    if !readable {
        return String::new();
    }
    // Oldest first: what has waited longest is looked at first.
    parked.sort_by(|a, b| a.since_ms.cmp(&b.since_ms).then_with(|| a.id.cmp(&b.id)));
    let now_ms = console.app.clock.now_ms();
    render(member, &parked, more && parked.len() >= PER_KIND, now_ms)
}

fn render(member: &Member, parked: &[Parked], more: bool, now_ms: i64) -> String {
    let count = if more {
        format!("{}+", parked.len())
    } else {
        parked.len().to_string()
    };
    let rows: Vec<Vec<String>> = parked
        .iter()
        .map(|p| {
            let id = match p.page {
                Some(page) => link(&format!("{page}{}", p.id), &p.id),
                None => format!("<code>{}</code>", esc(&p.id)),
            };
            vec![
                esc(w(member, p.kind)),
                id,
                money(member.lang, p.amount_minor, &p.currency),
                super::html::badge(member.lang, &p.status),
                esc(&waited(now_ms - p.since_ms)),
                super::review::button(member, p.kind, &p.id),
            ]
        })
        .collect();
    let title = w(member, "needs_attention");
    let headers = words(
        member,
        ["kind", "id", "amount", "status", "waited", "action"],
    );
    let summary = format!(
        "<p class=\"figure\" id=\"attention-count\">{count}</p><p class=\"muted\">{}</p>",
        w(member, "attention_note")
    );
    let table = table(title, &headers, &rows, w(member, "attention_none"));
    format!(
        "<div id=\"needs-attention\">{}</div>",
        section(title, &format!("{summary}{table}"))
    )
}

/// A wait in the largest units that say it: `3 d 4 h`, `5 h 12 min`, `7 min`.
fn waited(ms: i64) -> String {
    let minutes = ms.max(0) / 60_000;
    let (days, hours, minutes) = (minutes / 1_440, minutes / 60 % 24, minutes % 60);
    match (days, hours) {
        (0, 0) => format!("{minutes} min"),
        (0, _) => format!("{hours} h {minutes} min"),
        _ => format!("{days} d {hours} h"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_wait_is_said_in_the_largest_units() {
        assert_eq!(waited(-5), "0 min");
        assert_eq!(waited(7 * 60_000 + 59_999), "7 min");
        assert_eq!(waited((5 * 60 + 12) * 60_000), "5 h 12 min");
        assert_eq!(waited(((3 * 24 + 4) * 60 + 30) * 60_000), "3 d 4 h");
    }

    #[test]
    fn a_parked_object_is_read_from_its_view_and_a_route_only_in_review() {
        let payout = json!({"id": "po_1", "amount_minor": 10_000, "currency": "CDF",
                            "status": "NEEDS_REVIEW", "updated_at": "2026-11-28T10:00:00Z"});
        let parked = Parked::of(&SOURCES[0], &payout).expect("parked");
        assert_eq!(
            (parked.kind, parked.status.as_str()),
            ("payout", "NEEDS_REVIEW")
        );
        assert_eq!(parked.since_ms, 1_795_860_000_000);
        let routes = &SOURCES[2];
        assert!((routes.parked)(&json!({"stage": "MISMATCHED"})).is_some());
        assert!((routes.parked)(&json!({"stage": "SETTLED"})).is_none());
        assert!(Parked::of(routes, &json!({"stage": "MANUAL_REVIEW"})).is_none());
    }

    #[test]
    fn an_intent_is_listed_for_its_held_late_bank_credit_only() {
        let credits = &SOURCES[4];
        let intent = |status: &str, rail: &str| {
            json!({"id": "pi_1", "amount_minor": 99_000, "currency": "CDF", "status": "CANCELLED",
                   "updated_at": "2026-11-28T12:00:00Z",
                   "late_payments": [{"id": "lp_1", "rail": rail, "status": status,
                                      "amount_minor": 10_000, "currency": "CDF",
                                      "created_at": "2026-11-28T10:00:00Z"}]})
        };
        let row = (credits.parked)(&intent("HELD", "bank")).expect("held");
        let parked = Parked::of(credits, &row).expect("a row");
        assert_eq!(
            (
                parked.id.as_str(),
                parked.amount_minor,
                parked.status.as_str()
            ),
            ("pi_1", 10_000, "HELD")
        );
        assert_eq!(parked.since_ms, 1_795_860_000_000);
        assert!((credits.parked)(&intent("RELEASED", "bank")).is_none());
        assert!((credits.parked)(&intent("HELD", "mobile_money")).is_none());
        assert!((credits.parked)(&json!({"id": "pi_2"})).is_none());
    }
}
