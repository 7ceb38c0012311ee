//! Hosted pages, served by the gateway itself outside `/v1`: the checkout page
//! of a payment intent (`/pay/{id}?t={token}`), and the small JSON endpoints its
//! script calls. The checkout URL is the capability (like a hosted checkout
//! link): it lets a payer start an attempt on that one intent, follow it, or
//! cancel it — nothing else. The capability is the page token `t` (128 bits
//! derived from the id under the master key), not the id: without the token
//! the page and its actions answer 404 as if the intent did not exist. The
//! script sends the token back in `X-Page-Token`. Pages need no external asset
//! and carry a strict CSP.

use crate::domain::intents::INTENT;
use axum::Router;
use axum::extract::{FromRequestParts, Query, State};
use axum::http::Uri;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

use super::AppState;
use super::extract::{Body, Path, json};
use crate::auth::Principal;
use crate::domain::intents::input::{CancelIntent, ConfirmIntent};
use crate::domain::intents::state::Status;
use crate::domain::intents::{self, Intent};
use crate::domain::{currency, ranking};
use crate::error::ApiError;
use crate::rails::Operator;
use crate::store::Read;

mod card_return;
mod challenge;
mod claim;
mod form;
mod i18n;
mod limit;
mod link;
pub(crate) mod money;
mod receipt;
mod subscribe;
mod unsubscribe;

pub use i18n::Lang;

static CHECKOUT_TEMPLATE: LazyLock<String> =
    LazyLock::new(|| with_parts(include_str!("checkout.html")));

/// What the pages share, written once: a line `{{> name}}` of a page's
/// template stands for the part `name` (mustache's partials). Parts are put in
/// place once, in the template, so no value filled in later is ever read as
/// one.
const PARTS: [(&str, &str); 4] = [
    ("head", include_str!("head.html")),
    ("base_style", include_str!("base_style.html")),
    ("head_end", include_str!("head_end.html")),
    ("script", include_str!("script.html")),
];

/// `template` with each `{{> name}}` line replaced by the part `name`.
fn with_parts(template: &str) -> String {
    PARTS
        .iter()
        .fold(template.to_owned(), |page, (name, part)| {
            page.replace(&format!("{{{{> {name}}}}}\n"), part)
        })
}

pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/pay/{id}", get(checkout_page).post(checkout_post))
        .route("/pay/{id}/receipt", get(receipt::page))
        .route("/pay/{id}/receipt.pdf", get(receipt::pdf))
        .route("/pay/{id}/status", get(status))
        .route("/pay/{id}/attempt", post(attempt))
        .route("/pay/{id}/cancel", post(cancel))
        .route("/pay/{id}/return", get(card_return::back))
        .route(
            "/pay/{id}/challenge",
            get(challenge::page).post(challenge::answer),
        )
        .route("/checkout/{id}", get(session_page))
        .route("/r/{code}", get(request_page))
        .route("/l/{id}", get(link::page).post(link::post))
        .route("/claim/{token}", get(claim::page).post(claim::submit))
        .route(
            "/subscribe/{code}",
            get(subscribe::page).post(subscribe::subscribe),
        )
        .route(
            "/subscribe/cancel/{id}",
            get(unsubscribe::page).post(unsubscribe::cancel),
        )
        .route_layer(axum::middleware::from_fn_with_state(
            state.clone(),
            limit::limit,
        ))
        .with_state(state)
}

/// The intent behind a checkout URL, whoever owns it, when `token` is its page
/// token; otherwise not found, exactly as for an id that does not exist.
fn intent_of(state: &AppState, id: &str, token: Option<&str>) -> Result<Intent, ApiError> {
    let authorised = crate::ids::is_id(id, "pi")
        && token.is_some_and(|t| intents::view::page_token_matches(id, t));
    let intent: Option<Intent> = if authorised {
        state.store.snapshot()?.object(id)?
    } else {
        None
    };
    intent.ok_or_else(|| ApiError::not_found(INTENT.missing, id))
}

/// The page token of a request of the page's script: `X-Page-Token`, or the
/// page URL's own `t`.
fn page_token(headers: &HeaderMap, query: &PageQuery) -> Option<String> {
    headers
        .get("x-page-token")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
        .or_else(|| query.t.clone())
}

/// Acts for the intent's merchant, within what the page may do.
fn page_principal(intent: &Intent) -> Principal {
    Principal::system("checkout_page", &intent.owner, intent.mode)
}

/// Replaces the characters HTML gives meaning to.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// What a page URL's query may carry. Read leniently ([`PageQuery::of`]): a
/// payer's URL with a stray or malformed parameter still opens the page.
#[derive(Deserialize, Default)]
pub struct PageQuery {
    lang: Option<String>,
    /// The page token of a checkout URL.
    t: Option<String>,
}

impl PageQuery {
    fn of(uri: &Uri) -> PageQuery {
        Query::<PageQuery>::try_from_uri(uri)
            .map(|Query(q)| q)
            .unwrap_or_default()
    }
}

/// The language of a page: its `lang` query, else `Accept-Language`.
fn page_language(uri: &Uri, headers: &HeaderMap) -> Lang {
    language(PageQuery::of(uri).lang.as_deref(), headers)
}

/// A hosted page's request: the gateway's state, the object's id (or code)
/// from the path, and the page's language ([`page_language`]).
pub(super) struct PageOf(pub AppState, pub String, pub Lang);

impl FromRequestParts<AppState> for PageOf {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        let Path(key) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        let lang = page_language(&parts.uri, &parts.headers);
        Ok(PageOf(state.clone(), key, lang))
    }
}

pub fn language(query: Option<&str>, headers: &HeaderMap) -> Lang {
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    match query {
        Some("fr") => Lang::Fr,
        Some(_) => Lang::En,
        None if accept.trim_start().starts_with("fr") => Lang::Fr,
        None => Lang::En,
    }
}

/// Security headers of every page: no external asset, no framing, no referrer.
pub fn page_response(status: StatusCode, html: String, nonce: &str) -> Response {
    let csp = format!(
        "default-src 'none'; script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'; connect-src 'self'; \
         img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    );
    let mut response = (status, Html(html)).into_response();
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&csp) {
        headers.insert(header::CONTENT_SECURITY_POLICY, value);
    }
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    response
}

/// A plain page with a title and a message (not found, expired,
/// deactivated), and a way back to the page the payer came from: a button
/// when the tab has a page to go back to (shown by the page's script), else
/// nothing to press — the message says what to do.
pub fn message_page(status: StatusCode, lang: Lang, title: &str, message: &str) -> Response {
    let nonce = crate::ids::random_token(22);
    let html = format!(
        "<!doctype html><html lang=\"{}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><style nonce=\"{nonce}\">body{{font:16px system-ui,sans-serif;margin:0;background:#f5f7f8}}\
         main{{max-width:440px;margin:48px auto;padding:24px;background:#fff;border:1px solid #d9dee3;border-radius:14px}}\
         button{{font:inherit;font-weight:600;padding:10px 16px;border:1px solid #8a949e;border-radius:10px;background:#fff;color:#1b1f24}}</style></head>\
         <body><main><h1 id=\"title\">{title}</h1><p id=\"message\">{message}</p>\
         <p><button type=\"button\" id=\"back\" hidden>{back}</button></p></main>\
         <script nonce=\"{nonce}\">(function(){{var b=document.getElementById('back');if(window.history.length>1){{b.hidden=false;\
         b.addEventListener('click',function(){{window.history.back();}});}}}})();</script></body></html>",
        lang.code(),
        title = escape(title),
        message = escape(message),
        back = escape(i18n::messages(lang).go_back),
    );
    page_response(status, html, &nonce)
}

/// The not-found page a browser gets at an address with no page (outside
/// the console, which has its own): API clients keep the JSON 404.
pub fn page_not_found(headers: &HeaderMap) -> Response {
    let lang = language(None, headers);
    let t = i18n::messages(lang);
    message_page(
        StatusCode::NOT_FOUND,
        lang,
        t.page_not_found_title,
        t.page_not_found,
    )
}

/// Whether a request is a browser's asking for a page (`Accept` names HTML
/// before JSON), not an API client's.
pub fn wants_html(headers: &HeaderMap) -> bool {
    let accept = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    match (accept.find("text/html"), accept.find("application/json")) {
        (Some(html), Some(json)) => html < json,
        (Some(_), None) => true,
        _ => false,
    }
}

pub fn amount_text(amount_minor: i64, code: &str) -> String {
    match currency::find(code) {
        Some(c) => format!("{} {}", currency::major_units(amount_minor, c), c.code),
        None => format!("{amount_minor} {code}"),
    }
}

async fn checkout_page(PageOf(state, id, lang): PageOf, uri: Uri) -> Response {
    let query = PageQuery::of(&uri);
    let token = query.t.as_deref().unwrap_or("");
    match intent_of(&state, &id, Some(token)) {
        Ok(intent) => render_checkout(&state, &intent, lang, token, None),
        Err(_) => not_found(lang),
    }
}

/// The checkout page of `intent`; `error` is a refusal of the payer's last
/// form post (the page without script), shown in its status line.
fn render_checkout(
    state: &AppState,
    intent: &Intent,
    lang: Lang,
    token: &str,
    error: Option<&str>,
) -> Response {
    let t = i18n::messages(lang);
    let merchant = merchant_name(state, intent);
    let nonce = crate::ids::random_token(22);
    let ranked = ranked_methods(state, intent);
    let (degraded, operators) = operator_offer(t, &ranked);
    let rails = page_rails(intent, &ranked);
    let paid = matches!(
        intent.status,
        Status::Captured | Status::SettlementPending | Status::Settled
    );
    let closed = matches!(
        intent.status,
        Status::Cancelled | Status::Expired | Status::Failed
    );
    let bank = bank_state(intent);
    let waiting = matches!(
        intent.status,
        Status::RequiresCustomerAction | Status::Processing
    ) && bank == BankState::None;
    let (status_class, status_text) = match error {
        Some(message) => ("error", message),
        None if waiting => ("info", i18n::waiting(lang)),
        None => status_line(t, intent.status),
    };
    let messages = serde_json::to_string(&i18n::script_messages(lang))
        .unwrap_or_default()
        .replace("</", "<\\/");
    let hide = |hidden: bool| if hidden { "hidden" } else { "" };
    // An open amount (CREATED): the payer enters it; nothing is shown before.
    let open_amount = intent.status == Status::Created;
    let amount = if open_amount {
        String::new()
    } else {
        money::amount(lang, intent.amount_minor, &intent.currency)
    };
    let exponent = currency::find(&intent.currency)
        .map_or(0, |c| c.exponent)
        .to_string();
    let first = first_rail(&rails, bank);
    let tabs = tabs(t, &rails, first);
    // A transfer partly received is finished by bank: no other tab then.
    let hide_forms =
        paid || closed || intent.status == Status::Ambiguous || bank == BankState::PartlyReceived;
    let rail_hidden = |rail: &str| hide(hide_forms || rail != first || !rails.contains(&rail));
    // Live cards are typed on the card aggregator's hosted page (issue 28).
    let live = intent.mode == crate::mode::Mode::Live;
    let action = format!(
        "/pay/{}?t={}&amp;lang={}",
        escape(&intent.id),
        escape(token),
        lang.code()
    );
    let bank_panel = if bank == BankState::None {
        format!(
            "<form id=\"bank-form\" method=\"post\" action=\"{action}\"><input type=\"hidden\" name=\"rail\" value=\"bank\">\
             <p class=\"instructions\">{}</p><button id=\"bank-start\" class=\"pay-btn\" type=\"submit\">{}</button></form>",
            escape(t.bank_intro),
            escape(t.bank_start)
        )
    } else {
        bank_view(intent, t, lang)
    };
    let back = if merchant.is_empty() {
        t.back_plain.to_string()
    } else {
        t.back.replace("{merchant}", &merchant)
    };
    // Without a script, a page waiting for the payer's phone reloads itself.
    let refresh = if waiting {
        "<noscript><meta http-equiv=\"refresh\" content=\"3\"></noscript>"
    } else {
        ""
    };
    let receipt = if paid {
        format!(
            "<a id=\"receipt-link\" class=\"button-link\" href=\"{}\">{}</a>",
            receipt::path(&intent.id, token, lang),
            escape(t.receipt_view)
        )
    } else {
        String::new()
    };
    let items = line_items(state, intent, t, lang);
    let text = |value: &Option<String>| escape(value.as_deref().unwrap_or(""));
    let values: [(&str, &str); 52] = [
        ("lang", lang.code()),
        ("t_title", &escape(t.title)),
        ("merchant", &escape(&merchant)),
        ("nonce", &nonce),
        ("intent", &escape(&intent.id)),
        ("token", &escape(token)),
        ("action", &action),
        ("status", intent.status.as_str()),
        ("success_url", &text(&intent.success_url)),
        ("cancel_url", &text(&intent.cancel_url)),
        ("back_hidden", hide(intent.cancel_url.is_none() || paid)),
        ("t_back", &escape(&back)),
        ("refresh", refresh),
        ("amount", &escape(&amount)),
        ("amount_hidden", hide(!open_amount || hide_forms)),
        ("amount_required", if open_amount { "required" } else { "" }),
        ("t_amount", &escape(t.amount)),
        ("currency", &escape(&intent.currency)),
        ("exponent", &exponent),
        ("description", &text(&intent.description)),
        ("items", &items),
        ("tabs_hidden", hide(hide_forms || rails.len() < 2)),
        ("tabs", &tabs),
        ("mm_hidden", rail_hidden("mobile_money")),
        ("card_hidden", rail_hidden("card")),
        (
            "bank_hidden",
            hide(
                (hide_forms && bank != BankState::PartlyReceived)
                    || first != "bank"
                    || !rails.contains(&"bank"),
            ),
        ),
        ("bank_panel", &bank_panel),
        ("receipt", &receipt),
        ("t_card_number", &escape(t.card_number)),
        ("t_card_expiry", &escape(t.card_expiry)),
        ("t_card_cvc", &escape(t.card_cvc)),
        ("t_card_holder", &escape(t.card_holder)),
        ("t_card_hosted_intro", &escape(t.card_hosted_intro)),
        ("card_hosted", if live { "1" } else { "0" }),
        ("card_hosted_hidden", hide(!live)),
        ("card_fields_hidden", hide(live)),
        (
            "cancel_hidden",
            hide(paid || closed || intent.status == Status::Ambiguous),
        ),
        ("t_cancel_payment", &escape(t.cancel_payment)),
        ("t_cancel_warning", &escape(t.cancel_warning)),
        ("t_cancel_confirm", &escape(t.cancel_confirm)),
        ("degraded", &escape(&degraded)),
        ("degraded_hidden", hide(degraded.is_empty() || hide_forms)),
        ("t_operator", &escape(t.operator)),
        ("operators", &operators),
        ("t_phone", &escape(t.phone)),
        ("msisdn", &text(&intent.customer_msisdn)),
        ("t_instructions", &escape(t.instructions)),
        ("t_pay", &escape(t.pay)),
        ("status_class", status_class),
        ("status_text", &escape(status_text)),
        ("t_secured", &escape(t.secured)),
        ("messages", &messages),
    ];
    let html = fill(&CHECKOUT_TEMPLATE, &values);
    page_response(StatusCode::OK, html, &nonce)
}

/// Where a bank transfer of the intent stands, as the page shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BankState {
    /// No transfer waits: the bank tab offers its details.
    None,
    /// Details given, nothing arrived yet: the payer may still switch.
    Waiting,
    /// Part of the amount arrived: the rest comes by bank.
    PartlyReceived,
}

fn bank_state(intent: &Intent) -> BankState {
    if !bank_waiting(intent) {
        return BankState::None;
    }
    let received = intent
        .attempts
        .last()
        .and_then(|a| a.bank.as_ref())
        .map_or(0, |b| b.received_minor);
    if received > 0 {
        BankState::PartlyReceived
    } else {
        BankState::Waiting
    }
}

/// The tab open first: a waiting transfer's; else mobile money where the
/// merchant takes it, the method a payer here most likely has (decision
/// 450); else the first ranked.
fn first_rail(rails: &[&'static str], bank: BankState) -> &'static str {
    if bank != BankState::None {
        return "bank";
    }
    if rails.contains(&"mobile_money") {
        return "mobile_money";
    }
    rails.first().copied().unwrap_or("mobile_money")
}

/// A checkout session's line items, one row each (quantity, unit price,
/// line total); empty for an intent of no session.
fn line_items(state: &AppState, intent: &Intent, t: &i18n::Messages, lang: Lang) -> String {
    let Some(crate::domain::purpose::Purpose::CheckoutSession { id }) = &intent.purpose else {
        return String::new();
    };
    let session: Option<crate::domain::checkout::Session> = state
        .store
        .snapshot()
        .ok()
        .and_then(|s| s.object(id).ok().flatten());
    let Some(session) = session else {
        return String::new();
    };
    let money = |minor: i64| escape(&money::amount(lang, minor, &session.currency));
    let rows: String = session
        .line_items
        .iter()
        .map(|item| {
            format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                escape(&item.name),
                item.quantity,
                money(item.unit_amount_minor),
                money(item.unit_amount_minor.saturating_mul(item.quantity))
            )
        })
        .collect();
    format!(
        "<table class=\"items\" id=\"items\"><thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead><tbody>{rows}</tbody></table>",
        escape(t.items_item),
        escape(t.items_quantity),
        escape(t.items_unit),
        escape(t.items_total)
    )
}

/// The merchant's name as the page shows it (empty on a store error).
fn merchant_name(state: &AppState, intent: &Intent) -> String {
    state
        .store
        .snapshot()
        .ok()
        .and_then(|s| crate::domain::org::name_of(&s, &intent.owner).ok())
        .unwrap_or_default()
}

/// The payment methods ranked for `intent`. The page still serves without
/// the ranking (a store error): mobile money only.
fn ranked_methods(state: &AppState, intent: &Intent) -> Vec<ranking::RankedMethod> {
    state
        .store
        .snapshot()
        .and_then(|s| ranking::methods(&s, &intent.method_query(), state.clock.now_ms()))
        .unwrap_or_default()
}

/// The mobile money operators offered (`<option>`s) and the notice of those
/// not: a live operator whose provider's circuit is open is not offered; the
/// payer is told to pick another (issue 28).
fn operator_offer(t: &i18n::Messages, ranked: &[ranking::RankedMethod]) -> (String, String) {
    let circuit_open = |m: &&ranking::RankedMethod| m.reason == Some(ranking::Reason::CircuitOpen);
    let degraded: Vec<&str> = ranked
        .iter()
        .filter(|m| m.rail == "mobile_money")
        .filter(circuit_open)
        .map(|m| m.name)
        .collect();
    let degraded = if degraded.is_empty() {
        String::new()
    } else {
        t.operator_unavailable
            .replace("{operator}", &degraded.join(", "))
    };
    let operators: String = ranked
        .iter()
        .filter(|m| m.rail == "mobile_money")
        .filter(|m| !circuit_open(m))
        .map(|m| {
            format!(
                "<option value=\"{}\">{}</option>",
                escape(m.operator),
                escape(m.name)
            )
        })
        .collect();
    (degraded, operators)
}

/// The status line's class and text for an intent in `status` (none while
/// it can be paid).
fn status_line(t: &i18n::Messages, status: Status) -> (&'static str, &'static str) {
    match status {
        Status::Captured | Status::SettlementPending | Status::Settled => ("done", t.paid),
        Status::Cancelled => ("error", t.cancelled),
        Status::Expired => ("error", t.expired),
        Status::Failed => ("error", t.failed),
        Status::Ambiguous => ("info", t.ambiguous),
        _ => ("", ""),
    }
}

/// One tab per rail offered, `first` selected.
fn tabs(t: &i18n::Messages, rails: &[&str], first: &str) -> String {
    rails
        .iter()
        .map(|rail| {
            format!(
                "<button type=\"button\" class=\"tab\" role=\"tab\" id=\"tab-{rail}\" data-rail=\"{rail}\" aria-selected=\"{}\">{}</button>",
                *rail == first,
                escape(tab_label(t, rail))
            )
        })
        .collect()
}

/// Fills the `{{name}}` placeholders of `template` in one pass. Values are
/// never scanned again, so merchant text that contains a placeholder (a
/// description of `{{messages}}`) stays text. An unknown placeholder is kept.
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 1024);
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        out.push_str(&rest[..open]);
        let after = &rest[open + 2..];
        let Some(close) = after.find("}}") else {
            rest = &rest[open..];
            break;
        };
        let name = &after[..close];
        match values.iter().find(|(n, _)| *n == name) {
            Some((_, value)) => out.push_str(value),
            None => out.push_str(&rest[open..open + 2 + close + 2]),
        }
        rest = &after[close + 2..];
    }
    out.push_str(rest);
    out
}

/// The rails the page serves for `intent`, in the ranked order of
/// `/methods`: mobile money, card (live: a button that sends the payer to
/// the card aggregator's page) and bank. Wallets pay from the payer's own app.
fn page_rails(intent: &Intent, ranked: &[ranking::RankedMethod]) -> Vec<&'static str> {
    let mut rails: Vec<&'static str> = Vec::new();
    let served =
        ranked
            .iter()
            .filter(|m| m.usable)
            .map(|m| m.rail)
            .chain(["mobile_money", "card", "bank"]);
    for rail in served {
        let allowed = intent.rails.iter().any(|r| r == rail);
        let page_serves = matches!(rail, "mobile_money" | "bank" | "card");
        if allowed && page_serves && !rails.contains(&rail) {
            rails.push(rail);
        }
    }
    rails
}

fn tab_label(t: &i18n::Messages, rail: &str) -> &'static str {
    match rail {
        "card" => t.tab_card,
        "bank" => t.tab_bank,
        _ => t.tab_mobile_money,
    }
}

/// Whether the intent's current attempt is a bank transfer waiting for the money.
fn bank_waiting(intent: &Intent) -> bool {
    intent.status == Status::RequiresCustomerAction
        && intent.attempts.last().is_some_and(|a| {
            a.bank.is_some() && a.status == crate::domain::intents::AttemptStatus::Processing
        })
}

/// The bank details and the reference to quote, as the intent shows them:
/// what is still to send after a part arrived, copy buttons (shown by the
/// script) for what the payer types into their bank's app, and the deadline
/// with its time zone.
fn bank_view(intent: &Intent, t: &i18n::Messages, lang: Lang) -> String {
    let reference = intents::reference_of(&intent.id);
    let received = intent
        .attempts
        .last()
        .and_then(|a| a.bank.as_ref())
        .map_or(0, |b| b.received_minor);
    let remaining = intent.amount_minor - received;
    let money = |minor: i64| money::amount(lang, minor, &intent.currency);
    // What a bank's app takes: plain major units, no grouping.
    let major = |minor: i64| {
        currency::find(&intent.currency)
            .map_or(minor.to_string(), |c| currency::major_units(minor, c))
    };
    let expires = crate::clock::rfc3339(intent.expires_at_ms);
    let expires_utc: String = expires.replace('T', " ").chars().take(16).collect();
    let mut rows: Vec<(&str, String, &str, Option<String>)> = vec![
        (
            t.bank_bank,
            intents::SANDBOX_BANK_NAME.to_string(),
            "",
            None,
        ),
        (
            t.bank_account_name,
            intents::SANDBOX_ACCOUNT_NAME.to_string(),
            "",
            None,
        ),
        (
            t.bank_account_number,
            intents::SANDBOX_ACCOUNT_NUMBER.to_string(),
            "account_number",
            Some(intents::SANDBOX_ACCOUNT_NUMBER.to_string()),
        ),
        (t.bank_swift, intents::SANDBOX_SWIFT.to_string(), "", None),
        (
            t.bank_reference,
            reference.clone(),
            "reference",
            Some(reference),
        ),
    ];
    if received > 0 {
        rows.push((t.bank_received, money(received), "bank_received", None));
        rows.push((
            t.bank_remaining,
            money(remaining),
            "bank_amount",
            Some(major(remaining)),
        ));
    } else {
        rows.push((
            t.bank_amount,
            money(remaining),
            "bank_amount",
            Some(major(remaining)),
        ));
    }
    let dl: String = rows
        .iter()
        .map(|(label, value, id, copy)| {
            let id_attr = if id.is_empty() {
                String::new()
            } else {
                format!(" id=\"{id}\"")
            };
            let value = if *id == "reference" {
                format!("<span class=\"reference\">{}</span>", escape(value))
            } else {
                escape(value)
            };
            let copy = copy.as_ref().map_or(String::new(), |text| {
                format!(
                    "<br><button type=\"button\" class=\"copy\" data-copy=\"{}\" aria-label=\"{} {}\" hidden>{}</button>",
                    escape(text),
                    escape(t.copy),
                    escape(label),
                    escape(t.copy)
                )
            });
            format!("<dt>{}</dt><dd{id_attr}>{value}{copy}</dd>", escape(label))
        })
        .collect();
    let expires_row = format!(
        "<dt>{}</dt><dd><time id=\"bank_expires\" data-local datetime=\"{}\">{} {}</time></dd>",
        escape(t.bank_expires),
        escape(&expires),
        escape(&expires_utc),
        escape(t.utc)
    );
    format!(
        "<div id=\"bank-view\" class=\"bank\"><h2>{}</h2><dl>{dl}{expires_row}</dl><p class=\"instructions\">{}</p></div>",
        escape(t.bank_title),
        escape(t.bank_note)
    )
}

/// What the page's script needs to know.
#[derive(Serialize)]
struct PageStatus {
    status: Status,
    failure_reason: Option<crate::rails::FailureReason>,
    /// The current attempt's rail.
    rail: Option<String>,
    /// A page to open: the sandbox's card challenge, or the card
    /// aggregator's hosted payment page (a live card payment).
    next_action_url: Option<String>,
    /// A bank transfer waits: the page shows its instructions.
    bank_waiting: bool,
}

fn page_status(intent: &Intent, settings: &crate::domain::Settings) -> PageStatus {
    let last = intent.attempts.last();
    let failed_last = intent.status == Status::RequiresPaymentMethod;
    PageStatus {
        status: intent.status,
        failure_reason: last.and_then(|a| a.failure_reason).filter(|_| failed_last),
        rail: last.map(|a| a.rail.clone()),
        next_action_url: intents::challenge_waiting(intent)
            .then(|| intents::view::challenge_url(intent, settings))
            .or_else(|| intents::view::hosted_page_url(intent)),
        bank_waiting: bank_waiting(intent),
    }
}

async fn status(PageIntent(state, intent): PageIntent) -> Result<Response, ApiError> {
    json(200, &page_status(&intent, &state.settings))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PageAttempt {
    /// `mobile_money` (default), `card` or `bank`.
    rail: Option<crate::rails::RailKind>,
    msisdn: Option<String>,
    operator: Option<Operator>,
    card: Option<crate::rails::card::CardInput>,
    /// The amount the payer enters on an open-amount intent (CREATED).
    #[serde(default, deserialize_with = "crate::domain::fields::opt_int")]
    amount_minor: Option<i64>,
    /// The same, as the payer typed it ("1 000,50" or "1,000.50").
    amount: Option<String>,
}

/// The amount of an attempt: in minor units, or as typed, read in the
/// intent's currency.
fn typed_amount(
    intent: &Intent,
    minor: Option<i64>,
    typed: Option<&str>,
) -> Result<Option<i64>, ApiError> {
    let Some(typed) = typed.filter(|t| !t.trim().is_empty()) else {
        return Ok(minor);
    };
    let exponent = currency::find(&intent.currency).map_or(2, |c| c.exponent);
    money::parse(typed, exponent)
        .map(Some)
        .ok_or_else(|| ApiError::field("amount", "the amount typed is not a positive number"))
}

async fn attempt(
    State(state): State<AppState>,
    Path(id): Path<String>,
    uri: Uri,
    headers: HeaderMap,
    Body(input): Body<PageAttempt>,
) -> Result<Response, ApiError> {
    let intent = page_intent(&state, &id, &uri, &headers)?;
    if intent.mode == crate::mode::Mode::Live && input.card.is_some() {
        return Err(intents::live_card_error());
    }
    let amount_minor = typed_amount(&intent, input.amount_minor, input.amount.as_deref())?;
    let confirm = ConfirmIntent {
        rail: input.rail,
        customer_msisdn: input.msisdn,
        operator: input.operator,
        amount_minor,
        card: input.card,
        ..Default::default()
    }
    // The card is checked here, on the request's worker; the writer gets its summary.
    .check_card(state.clock.now_ms())?;
    command_as_page(&state, &intent, move |tx, settings, page| {
        intents::confirm(tx, settings, page, &id, confirm)
    })
    .await
}

/// What the checkout page's forms post when the payer's browser runs no
/// script: the same attempt as the script's, by POST (the number never in a
/// URL), with the page token in the form's action.
#[derive(Deserialize, Default)]
#[serde(default)]
struct CheckoutForm {
    rail: String,
    msisdn: String,
    operator: String,
    amount: String,
    cardnumber: String,
    exp: String,
    cvc: String,
    ccname: String,
}

/// The attempt a form asks for, or the payer's words of why not.
fn form_attempt(
    intent: &Intent,
    form: CheckoutForm,
    lang: Lang,
) -> Result<ConfirmIntent, &'static str> {
    let refusal = |param: &str| i18n::form_refusal(lang, param);
    let amount_minor =
        typed_amount(intent, None, Some(&form.amount)).map_err(|_| refusal("amount"))?;
    if intent.status == Status::Created && amount_minor.is_none() {
        return Err(refusal("amount"));
    }
    let rail = match form.rail.as_str() {
        "card" => crate::rails::RailKind::Card,
        "bank" => crate::rails::RailKind::Bank,
        _ => crate::rails::RailKind::MobileMoney,
    };
    let card = (rail == crate::rails::RailKind::Card && intent.mode != crate::mode::Mode::Live)
        .then(|| {
            let exp: String = form.exp.chars().filter(char::is_ascii_digit).collect();
            let month = exp.get(..2).and_then(|m| m.parse().ok());
            let year = exp.get(2..4).and_then(|y| y.parse::<i64>().ok());
            match (month, year) {
                (Some(exp_month), Some(year)) if exp.len() == 4 => {
                    Ok(crate::rails::card::CardInput {
                        number: form.cardnumber.clone(),
                        exp_month,
                        exp_year: 2000 + year,
                        cvc: form.cvc.trim().to_string(),
                        holder_name: Some(form.ccname.trim().to_string()).filter(|h| !h.is_empty()),
                    })
                }
                _ => Err(refusal("exp_month")),
            }
        })
        .transpose()?;
    let operator =
        serde_json::from_value::<Operator>(serde_json::Value::String(form.operator)).ok();
    Ok(ConfirmIntent {
        rail: Some(rail),
        customer_msisdn: Some(form.msisdn.trim().to_string()).filter(|m| !m.is_empty()),
        operator,
        amount_minor,
        card,
        ..Default::default()
    })
}

/// The payer's post of the checkout page without its script: the attempt,
/// then the page again (303), or the next page to open (a card check); a
/// refusal shows on the page, in the payer's words.
async fn checkout_post(
    PageOf(state, id, lang): PageOf,
    uri: Uri,
    axum::Form(form): axum::Form<CheckoutForm>,
) -> Response {
    let token = PageQuery::of(&uri).t.unwrap_or_default();
    let Ok(intent) = intent_of(&state, &id, Some(&token)) else {
        return not_found(lang);
    };
    let confirm = form_attempt(&intent, form, lang).and_then(|c| {
        c.check_card(state.clock.now_ms())
            .map_err(|e| i18n::form_refusal(lang, e.param.as_deref().unwrap_or("")))
    });
    let confirm = match confirm {
        Ok(confirm) => confirm,
        Err(message) => return render_checkout(&state, &intent, lang, &token, Some(message)),
    };
    let intent_id = id.clone();
    let done = command_as_page(&state, &intent, move |tx, settings, page| {
        intents::confirm(tx, settings, page, &intent_id, confirm)
    })
    .await;
    let now = intent_of(&state, &id, Some(&token)).unwrap_or(intent);
    match done {
        Ok(_) => match page_status(&now, &state.settings).next_action_url {
            Some(next) => see_other(&next),
            None => to_checkout(&now.id, lang),
        },
        Err(e) => {
            let message = i18n::form_refusal(lang, e.param.as_deref().unwrap_or(""));
            render_checkout(&state, &now, lang, &token, Some(message))
        }
    }
}

async fn cancel(PageIntent(state, intent): PageIntent) -> Result<Response, ApiError> {
    let id = intent.id.clone();
    let reason = CancelIntent {
        cancellation_reason: Some(crate::domain::intents::input::CancellationReason::Abandoned),
        reason: None,
    };
    command_as_page(&state, &intent, move |tx, settings, page| {
        intents::cancel(tx, settings, page, &id, reason)
    })
    .await
}

/// A page request about one intent, read with [`page_intent`] before the
/// handler runs (for requests with no body: a body's errors answer first).
struct PageIntent(AppState, Intent);

impl FromRequestParts<AppState> for PageIntent {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let Path(id) = Path::<String>::from_request_parts(parts, state).await?;
        let intent = page_intent(state, &id, &parts.uri, &parts.headers)?;
        Ok(PageIntent(state.clone(), intent))
    }
}

/// The intent a page request names, with its page token (header or query).
fn page_intent(
    state: &AppState,
    id: &str,
    uri: &Uri,
    headers: &HeaderMap,
) -> Result<Intent, ApiError> {
    let token = page_token(headers, &PageQuery::of(uri));
    intent_of(state, id, token.as_deref())
}

/// Runs `command` as the page of `intent` (no idempotency key: the page's
/// buttons are the customer's) and answers the intent's page status.
async fn command_as_page(
    state: &AppState,
    intent: &Intent,
    command: impl FnOnce(
        &mut crate::store::Tx<'_>,
        &crate::domain::Settings,
        &Principal,
    ) -> Result<Intent, ApiError>
    + Clone
    + Send
    + 'static,
) -> Result<Response, ApiError> {
    let page = page_principal(intent);
    let settings = state.settings.clone();
    let claim = super::extract::Claim::in_sandbox(intent.mode, &intent.owner);
    super::command::apply(state, claim, StatusCode::OK, move |tx| {
        let intent = command(tx, &settings, &page)?;
        Ok(page_status(&intent, &settings))
    })
    .await
}

/// The page of the intent `intent_id`, in `lang`.
fn to_checkout(intent_id: &str, lang: Lang) -> Response {
    see_other(&format!(
        "{}&lang={}",
        intents::view::checkout_path(intent_id),
        lang.code()
    ))
}

fn not_found(lang: Lang) -> Response {
    let t = i18n::messages(lang);
    message_page(StatusCode::NOT_FOUND, lang, t.not_found_title, t.not_found)
}

/// A payment link (or money request) that no longer takes payments.
fn link_inactive(lang: Lang) -> Response {
    let t = i18n::messages(lang);
    message_page(
        StatusCode::GONE,
        lang,
        t.link_inactive_title,
        t.link_inactive,
    )
}

/// Whether the form cookies take `Secure` (a gateway served over TLS).
fn secure_cookies(state: &AppState) -> bool {
    state.settings.public_url.starts_with("https://")
}

/// A form post without its page's token: nothing is done.
fn form_refused(lang: Lang) -> Response {
    let t = i18n::messages(lang);
    message_page(
        StatusCode::FORBIDDEN,
        lang,
        t.form_expired_title,
        t.form_expired,
    )
}

fn see_other(location: &str) -> Response {
    let mut response = StatusCode::SEE_OTHER.into_response();
    if let Ok(value) = HeaderValue::from_str(location) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// A checkout session's URL: its intent's page while open, a clear page once expired.
async fn session_page(PageOf(state, id, lang): PageOf, uri: Uri) -> Response {
    let t = i18n::messages(lang);
    let session: Option<crate::domain::checkout::Session> = state
        .store
        .snapshot()
        .ok()
        .filter(|_| crate::ids::is_id(&id, "cs"))
        .and_then(|s| s.object(&id).ok().flatten());
    let token = uri
        .query()
        .and_then(|q| q.split('&').find_map(|pair| pair.strip_prefix("t=")));
    // Without its token a session's page is unknown, as an unknown id is.
    let session = session.filter(|s| crate::domain::checkout::page_opens(s, token));
    match session {
        None => not_found(lang),
        Some(s) if s.status == crate::domain::checkout::SessionStatus::Expired => message_page(
            StatusCode::GONE,
            lang,
            t.session_expired_title,
            t.session_expired,
        ),
        Some(s) => to_checkout(&s.payment_intent, lang),
    }
}

/// A money request's pay URL: its intent's page while unpaid.
async fn request_page(PageOf(state, code, lang): PageOf) -> Response {
    use crate::domain::money_requests::{self, Status as RequestStatus};
    let request = state
        .store
        .snapshot()
        .ok()
        .and_then(|s| money_requests::read_public(&s, &code).ok().flatten());
    match request {
        None => not_found(lang),
        Some(r) if matches!(r.status, RequestStatus::Cancelled | RequestStatus::Expired) => {
            link_inactive(lang)
        }
        Some(r) => to_checkout(&r.payment_intent, lang),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn escape_neutralises_markup() {
        assert_eq!(
            super::escape("<a href=\"x\">'&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
    }

    #[test]
    fn every_shared_part_is_put_in_place() {
        for page in [
            super::with_parts(include_str!("checkout.html")),
            super::with_parts(include_str!("claim.html")),
            super::with_parts(include_str!("link.html")),
            super::with_parts(include_str!("receipt.html")),
        ] {
            assert!(page.starts_with("<!doctype html>\n"));
            assert!(!page.contains("{{>"), "a part left out");
        }
    }
}
