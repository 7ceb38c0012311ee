//! Hosted pages, served by the gateway itself outside `/v1`: the checkout page
//! of a payment intent (`/pay/{id}`), and the small JSON endpoints its script
//! calls. The checkout URL is the capability (like a hosted checkout link): it
//! lets a payer start an attempt on that one intent, follow it, or cancel it —
//! nothing else. Pages need no external asset and carry a strict CSP.

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};

use super::AppState;
use super::extract::{Body, json};
use crate::auth::Principal;
use crate::domain::intents::input::{CancelIntent, ConfirmIntent};
use crate::domain::intents::state::Status;
use crate::domain::intents::{self, Intent};
use crate::domain::{currency, methods};
use crate::error::ApiError;
use crate::rails::Operator;
use crate::store::{Output, Table};

mod i18n;

pub use i18n::Lang;

const CHECKOUT_TEMPLATE: &str = include_str!("checkout.html");

pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/pay/{id}", get(checkout_page))
        .route("/pay/{id}/status", get(status))
        .route("/pay/{id}/attempt", post(attempt))
        .route("/pay/{id}/cancel", post(cancel))
        .route("/checkout/{id}", get(session_page))
        .route("/r/{code}", get(request_page))
        .route("/l/{id}", get(link_page).post(link_chosen_amount))
        .with_state(state)
}

/// The intent behind a checkout URL, whoever owns it.
fn intent_of(state: &AppState, id: &str) -> Result<Intent, ApiError> {
    let intent: Option<Intent> = if crate::ids::is_id(id, "pi") {
        state.store.snapshot()?.get_json(Table::Objects, id)?
    } else {
        None
    };
    intent.ok_or_else(|| ApiError::not_found("payment", id))
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

#[derive(Deserialize)]
pub struct PageQuery {
    lang: Option<String>,
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

/// A plain page with a title and a message (not found, expired, deactivated).
pub fn message_page(status: StatusCode, lang: Lang, title: &str, message: &str) -> Response {
    let nonce = crate::ids::random_token(22);
    let html = format!(
        "<!doctype html><html lang=\"{}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><style nonce=\"{nonce}\">body{{font:16px system-ui,sans-serif;margin:0;background:#f5f7f8}}\
         main{{max-width:440px;margin:48px auto;padding:24px;background:#fff;border:1px solid #d9dee3;border-radius:14px}}</style></head>\
         <body><main><h1 id=\"title\">{title}</h1><p id=\"message\">{message}</p></main></body></html>",
        lang.code(),
        title = escape(title),
        message = escape(message),
    );
    page_response(status, html, &nonce)
}

pub fn amount_text(amount_minor: i64, code: &str) -> String {
    match currency::find(code) {
        Some(c) => format!("{} {}", currency::major_units(amount_minor, c), c.code),
        None => format!("{amount_minor} {code}"),
    }
}

async fn checkout_page(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<PageQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = language(query.lang.as_deref(), &headers);
    let t = i18n::messages(lang);
    let Ok(intent) = intent_of(&state, &id) else {
        return message_page(StatusCode::NOT_FOUND, lang, t.not_found_title, t.not_found);
    };
    let merchant = crate::domain::org::name(&state.store).unwrap_or_default();
    let nonce = crate::ids::random_token(22);
    let operators: String = methods::rank(
        &["mobile_money".to_string()],
        &intent.allowed_operators,
        intent.customer_country.as_deref(),
        intent.amount_minor,
        intent.payment_method_policy,
    )
    .into_iter()
    .map(|m| {
        format!(
            "<option value=\"{}\">{}</option>",
            escape(m.operator),
            escape(m.name)
        )
    })
    .collect();
    let paid = matches!(
        intent.status,
        Status::Captured | Status::SettlementPending | Status::Settled
    );
    let closed = matches!(
        intent.status,
        Status::Cancelled | Status::Expired | Status::Failed
    );
    let (status_class, status_text) = if paid {
        ("done", t.paid)
    } else if intent.status == Status::Cancelled {
        ("error", t.cancelled)
    } else if intent.status == Status::Expired {
        ("error", t.expired)
    } else if intent.status == Status::Failed {
        ("error", t.failed)
    } else if intent.status == Status::Ambiguous {
        ("info", t.ambiguous)
    } else {
        ("", "")
    };
    let messages = serde_json::to_string(&i18n::script_messages(lang))
        .unwrap_or_default()
        .replace("</", "<\\/");
    let hide = |hidden: bool| if hidden { "hidden" } else { "" };
    let html = CHECKOUT_TEMPLATE
        .replace("{{lang}}", lang.code())
        .replace("{{t_title}}", &escape(t.title))
        .replace("{{merchant}}", &escape(&merchant))
        .replace("{{nonce}}", &nonce)
        .replace("{{intent}}", &escape(&intent.id))
        .replace("{{status}}", intent.status.as_str())
        .replace(
            "{{success_url}}",
            &escape(intent.success_url.as_deref().unwrap_or("")),
        )
        .replace(
            "{{cancel_url}}",
            &escape(intent.cancel_url.as_deref().unwrap_or("")),
        )
        .replace(
            "{{amount}}",
            &escape(&amount_text(intent.amount_minor, &intent.currency)),
        )
        .replace(
            "{{description}}",
            &escape(intent.description.as_deref().unwrap_or("")),
        )
        .replace(
            "{{form_hidden}}",
            hide(paid || closed || intent.status == Status::Ambiguous),
        )
        .replace("{{cancel_hidden}}", hide(paid || closed))
        .replace("{{t_operator}}", &escape(t.operator))
        .replace("{{operators}}", &operators)
        .replace("{{t_phone}}", &escape(t.phone))
        .replace(
            "{{msisdn}}",
            &escape(intent.customer_msisdn.as_deref().unwrap_or("")),
        )
        .replace("{{t_instructions}}", &escape(t.instructions))
        .replace("{{t_pay}}", &escape(t.pay))
        .replace("{{t_cancel}}", &escape(t.cancel))
        .replace("{{status_class}}", status_class)
        .replace("{{status_text}}", &escape(status_text))
        .replace("{{t_secured}}", &escape(t.secured))
        .replace("{{messages}}", &messages);
    page_response(StatusCode::OK, html, &nonce)
}

/// What the page's script needs to know.
#[derive(Serialize)]
struct PageStatus {
    status: Status,
    failure_reason: Option<crate::rails::FailureReason>,
}

fn page_status(intent: &Intent) -> PageStatus {
    let last = intent.attempts.last();
    let failed_last = intent.status == Status::RequiresPaymentMethod;
    PageStatus {
        status: intent.status,
        failure_reason: last.and_then(|a| a.failure_reason).filter(|_| failed_last),
    }
}

async fn status(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let intent = intent_of(&state, &id)?;
    json(200, &page_status(&intent))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PageAttempt {
    msisdn: String,
    operator: Option<Operator>,
}

async fn attempt(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Body(input): Body<PageAttempt>,
) -> Result<Response, ApiError> {
    let intent = intent_of(&state, &id)?;
    let principal = page_principal(&intent);
    let settings = state.settings.clone();
    let reply = state
        .writer
        .execute(
            None,
            Box::new(move |tx| {
                let confirm = ConfirmIntent {
                    customer_msisdn: Some(input.msisdn),
                    operator: input.operator,
                };
                let intent = intents::confirm(tx, &settings, &principal, &id, confirm)?;
                Output::json(200, &page_status(&intent))
            }),
        )
        .await?;
    Ok(super::extract::reply(reply))
}

async fn cancel(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let intent = intent_of(&state, &id)?;
    let principal = page_principal(&intent);
    let settings = state.settings.clone();
    let reply = state
        .writer
        .execute(
            None,
            Box::new(move |tx| {
                let reason = CancelIntent {
                    cancellation_reason: Some(
                        crate::domain::intents::input::CancellationReason::Abandoned,
                    ),
                };
                let intent = intents::cancel(tx, &settings, &principal, &id, reason)?;
                Output::json(200, &page_status(&intent))
            }),
        )
        .await?;
    Ok(super::extract::reply(reply))
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
async fn session_page(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<PageQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = language(query.lang.as_deref(), &headers);
    let t = i18n::messages(lang);
    let session: Option<crate::domain::checkout::Session> = state
        .store
        .snapshot()
        .ok()
        .filter(|_| crate::ids::is_id(&id, "cs"))
        .and_then(|s| s.get_json(Table::Objects, &id).ok().flatten());
    match session {
        None => message_page(StatusCode::NOT_FOUND, lang, t.not_found_title, t.not_found),
        Some(s) if s.status == crate::domain::checkout::SessionStatus::Expired => message_page(
            StatusCode::GONE,
            lang,
            t.session_expired_title,
            t.session_expired,
        ),
        Some(s) => see_other(&format!("/pay/{}?lang={}", s.payment_intent, lang.code())),
    }
}

/// A money request's pay URL: its intent's page while unpaid.
async fn request_page(
    State(state): State<AppState>,
    Path(code): Path<String>,
    Query(query): Query<PageQuery>,
    headers: HeaderMap,
) -> Response {
    use crate::domain::money_requests::{self, Status as RequestStatus};
    let lang = language(query.lang.as_deref(), &headers);
    let t = i18n::messages(lang);
    let request = state
        .store
        .snapshot()
        .ok()
        .and_then(|s| money_requests::read_public(&s, &code).ok().flatten());
    match request {
        None => message_page(StatusCode::NOT_FOUND, lang, t.not_found_title, t.not_found),
        Some(r) if matches!(r.status, RequestStatus::Cancelled | RequestStatus::Expired) => {
            message_page(
                StatusCode::GONE,
                lang,
                t.link_inactive_title,
                t.link_inactive,
            )
        }
        Some(r) => see_other(&format!("/pay/{}?lang={}", r.payment_intent, lang.code())),
    }
}

#[derive(Deserialize)]
struct ChosenAmount {
    amount: String,
}

/// A payment link: a fresh intent per visit, or a form for the amount.
async fn link_page(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<PageQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = language(query.lang.as_deref(), &headers);
    let t = i18n::messages(lang);
    let link = state
        .store
        .snapshot()
        .ok()
        .and_then(|s| crate::domain::checkout::read_link(&s, &id).ok().flatten());
    let Some(link) = link else {
        return message_page(StatusCode::NOT_FOUND, lang, t.not_found_title, t.not_found);
    };
    if link.status != crate::domain::checkout::LinkStatus::Active {
        return message_page(
            StatusCode::GONE,
            lang,
            t.link_inactive_title,
            t.link_inactive,
        );
    }
    if link.amount_minor.is_none() {
        let nonce = crate::ids::random_token(22);
        let html = format!(
            "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
             <title>{title}</title><style nonce=\"{nonce}\">body{{font:16px system-ui,sans-serif;margin:0;background:#f5f7f8}}\
             main{{max-width:440px;margin:48px auto;padding:24px;background:#fff;border:1px solid #d9dee3;border-radius:14px}}\
             input,button{{width:100%;font-size:17px;padding:12px;margin-top:8px;border-radius:10px;border:1px solid #d9dee3}}\
             button{{background:#0b6e4f;color:#fff;border:0}}</style></head><body><main><h1>{description}</h1>\
             <form method=\"post\"><label for=\"amount\">{currency}</label><input id=\"amount\" name=\"amount\" inputmode=\"decimal\" required>\
             <button id=\"continue\" type=\"submit\">{pay}</button></form></main></body></html>",
            lang = lang.code(),
            title = escape(t.title),
            description = escape(link.description.as_deref().unwrap_or(t.title)),
            currency = escape(&link.currency),
            pay = escape(t.pay),
        );
        return page_response(StatusCode::OK, html, &nonce);
    }
    open_link(&state, &id, None, lang).await
}

async fn link_chosen_amount(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<PageQuery>,
    headers: HeaderMap,
    axum::Form(form): axum::Form<ChosenAmount>,
) -> Response {
    let lang = language(query.lang.as_deref(), &headers);
    let link = state
        .store
        .snapshot()
        .ok()
        .and_then(|s| crate::domain::checkout::read_link(&s, &id).ok().flatten());
    let exponent = link
        .as_ref()
        .and_then(|l| currency::find(&l.currency))
        .map(|c| c.exponent)
        .unwrap_or(2);
    let minor = crate::domain::verifications::to_minor(form.amount.trim(), exponent);
    open_link(&state, &id, Some(minor.unwrap_or(0)), lang).await
}

async fn open_link(state: &AppState, id: &str, chosen_minor: Option<i64>, lang: Lang) -> Response {
    let t = i18n::messages(lang);
    let settings = state.settings.clone();
    let link_id = id.to_string();
    let created = state
        .writer
        .run(move |tx| crate::domain::checkout::visit_link(tx, &settings, &link_id, chosen_minor))
        .await;
    match created {
        Ok(intent) => see_other(&format!("/pay/{}?lang={}", intent.id, lang.code())),
        Err(e) if e.code == crate::error::Code::LinkInactive => message_page(
            StatusCode::GONE,
            lang,
            t.link_inactive_title,
            t.link_inactive,
        ),
        Err(e) => message_page(StatusCode::BAD_REQUEST, lang, t.failed, &e.message),
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
}
