//! A payment link's page, `/l/{id}` (decision 451): what it sells and for
//! how much, or a field for the amount when the payer chooses it, read in
//! either number habit ("1 000,50", "1,000.50") and bounded by the link's
//! minimum and maximum. A refused amount shows again on the same form, in
//! place, with its reason; nothing is created until the payer's post is
//! taken. The GET creates nothing (a link preview or an `<img>` would
//! otherwise make intents, issue 44 finding 5).

use std::sync::LazyLock;

use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::Response;
use serde::Deserialize;

use super::{
    AppState, Lang, PageOf, escape, fill, form, i18n, link_inactive, message_page, money,
    not_found, page_response, to_checkout, with_parts,
};
use crate::domain::checkout::{self, Link, LinkStatus};
use crate::domain::currency;

static TEMPLATE: LazyLock<String> = LazyLock::new(|| with_parts(include_str!("link.html")));

/// What a payment link's form posts: its token, and the amount when the
/// payer chooses it.
#[derive(Deserialize, Default)]
#[serde(default)]
pub(super) struct LinkForm {
    amount: String,
    csrf: String,
}

/// The payment link `id`, or None when it is absent or cannot be read (both
/// pages answer not found then).
fn link_of(state: &AppState, id: &str) -> Option<Link> {
    let snapshot = state.store.snapshot().ok()?;
    checkout::read_link(&snapshot, id).ok().flatten()
}

pub(super) async fn page(PageOf(state, id, lang): PageOf, uri: Uri) -> Response {
    match link_of(&state, &id) {
        None => not_found(lang),
        Some(link) if link.status != LinkStatus::Active => link_inactive(lang),
        Some(link) => render(&state, &link, lang, uri.path(), "", None),
    }
}

/// The link's page; `typed` and `error` show a refused amount again.
fn render(
    state: &AppState,
    link: &Link,
    lang: Lang,
    path: &str,
    typed: &str,
    error: Option<String>,
) -> Response {
    let t = i18n::messages(lang);
    let merchant = state
        .store
        .snapshot()
        .ok()
        .and_then(|s| crate::domain::org::name_of(&s, &link.owner).ok())
        .unwrap_or_default();
    let nonce = crate::ids::random_token(22);
    let issued = form::issue(path, super::secure_cookies(state));
    let amount = match link.amount_minor {
        Some(fixed) => format!(
            "<p class=\"price\" id=\"amount\">{}</p>",
            escape(&money::amount(lang, fixed, &link.currency))
        ),
        None => amount_field(link, lang, typed, error.as_deref()),
    };
    let values = [
        ("lang", lang.code()),
        ("t_title", &escape(t.title)),
        ("merchant", &escape(&merchant)),
        ("nonce", &nonce),
        (
            "description",
            &escape(link.description.as_deref().unwrap_or(t.title)),
        ),
        ("csrf", &escape(&issued.csrf)),
        ("amount", &amount),
        ("t_continue", &escape(t.continue_to_pay)),
        ("t_secured", &escape(t.secured)),
    ];
    let status = if error.is_some() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::OK
    };
    let mut response = page_response(status, fill(&TEMPLATE, &values), &nonce);
    response
        .headers_mut()
        .append(header::SET_COOKIE, issued.cookie);
    response
}

/// The field of a chosen amount: its label, the bounds as a hint, and the
/// reason a typed amount was refused, tied to the field for screen readers.
fn amount_field(link: &Link, lang: Lang, typed: &str, error: Option<&str>) -> String {
    let t = i18n::messages(lang);
    let money = |minor: i64| money::amount(lang, minor, &link.currency);
    let hint = match (link.minimum_amount_minor, link.maximum_amount_minor) {
        (Some(min), Some(max)) => t
            .amount_between
            .replace("{min}", &money(min))
            .replace("{max}", &money(max)),
        (Some(min), None) => t.amount_at_least.replace("{min}", &money(min)),
        (None, Some(max)) => t.amount_at_most.replace("{max}", &money(max)),
        (None, None) => t.amount_example.to_string(),
    };
    let (invalid, described, error_text) = match error {
        Some(message) => (
            " aria-invalid=\"true\"",
            "amount-hint amount-error",
            format!(
                "<p class=\"error-text\" id=\"amount-error\" role=\"alert\">{}</p>",
                escape(message)
            ),
        ),
        None => ("", "amount-hint", String::new()),
    };
    format!(
        "<label for=\"amount\">{label} ({currency})</label>\
         <input id=\"amount\" name=\"amount\" type=\"text\" inputmode=\"decimal\" autocomplete=\"off\" \
         value=\"{typed}\" aria-describedby=\"{described}\"{invalid} required>\
         <p class=\"hint\" id=\"amount-hint\">{hint}</p>{error_text}",
        label = escape(t.amount),
        currency = escape(&link.currency),
        typed = escape(typed),
        hint = escape(&hint),
    )
}

/// Why a typed amount is refused, in the payer's words; None when it is taken.
fn refusal(link: &Link, lang: Lang, chosen: Option<i64>) -> Option<String> {
    let t = i18n::messages(lang);
    let money = |minor: i64| money::amount(lang, minor, &link.currency);
    let Some(chosen) =
        chosen.filter(|c| crate::domain::intents::input::amount("amount", *c).is_ok())
    else {
        return Some(t.amount_unreadable.to_string());
    };
    match (link.minimum_amount_minor, link.maximum_amount_minor) {
        (Some(min), _) if chosen < min => Some(t.amount_below.replace("{min}", &money(min))),
        (_, Some(max)) if chosen > max => Some(t.amount_above.replace("{max}", &money(max))),
        _ => None,
    }
}

/// The payer's post of a link's form: a fresh intent, then its checkout page.
pub(super) async fn post(
    PageOf(state, id, lang): PageOf,
    uri: Uri,
    headers: HeaderMap,
    axum::Form(input): axum::Form<LinkForm>,
) -> Response {
    if !form::accepted(&headers, uri.path(), &input.csrf) {
        return super::form_refused(lang);
    }
    let Some(link) = link_of(&state, &id) else {
        return not_found(lang);
    };
    let chosen = match link.amount_minor {
        Some(_) => None,
        None => {
            let exponent = currency::find(&link.currency).map_or(2, |c| c.exponent);
            let chosen = money::parse(&input.amount, exponent);
            if let Some(message) = refusal(&link, lang, chosen) {
                return render(
                    &state,
                    &link,
                    lang,
                    uri.path(),
                    &input.amount,
                    Some(message),
                );
            }
            chosen
        }
    };
    let settings = state.settings.clone();
    let link_id = id.clone();
    let created = state
        .writer
        .run(move |tx| checkout::visit_link(tx, &settings, &link_id, chosen))
        .await;
    match created {
        Ok(intent) => to_checkout(&intent.id, lang),
        Err(e) if e.code == crate::error::Code::LinkInactive => link_inactive(lang),
        Err(_) => {
            let t = i18n::messages(lang);
            message_page(StatusCode::BAD_REQUEST, lang, t.failed, t.form_expired)
        }
    }
}
