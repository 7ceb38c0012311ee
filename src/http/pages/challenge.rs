//! The sandbox's 3-D Secure-like challenge page (`/pay/{id}/challenge?t=`):
//! the stand-in for a card issuer's check. A card whose number ends 3184
//! waits here; "Complete" pays the intent, "Fail" ends the attempt
//! `authentication_failed`. Test mode only; the page token is the capability,
//! as on the checkout page. Plain HTML forms: no script needed.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::Response;
use serde::Deserialize;

use super::{
    AppState, Lang, PageOf, PageQuery, escape, i18n, intent_of, language, message_page, not_found,
    page_principal, page_response, to_checkout,
};
use crate::domain::intents;
use crate::http::extract::Path;
use crate::mode::Mode;

pub async fn page(PageOf(state, id, lang): PageOf, uri: Uri) -> Response {
    let t = i18n::challenge_messages(lang);
    let token = PageQuery::of(&uri).t.unwrap_or_default();
    let Ok(intent) = intent_of(&state, &id, Some(&token)) else {
        return not_found(lang);
    };
    if intent.mode != Mode::Test {
        return not_found(lang);
    }
    if !intents::challenge_waiting(&intent) {
        return message_page(StatusCode::CONFLICT, lang, t.title, t.nothing_waiting);
    }
    let last4 = intent
        .attempts
        .last()
        .and_then(|a| a.card.as_ref())
        .map(|c| c.last4.clone())
        .unwrap_or_default();
    let nonce = crate::ids::random_token(22);
    let action = format!(
        "/pay/{}/challenge?t={}&amp;lang={}",
        escape(&intent.id),
        escape(&token),
        lang.code()
    );
    let html = format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><style nonce=\"{nonce}\">body{{font:16px system-ui,sans-serif;margin:0;background:#f5f7f8;color:#1b1f24}}\
         main{{max-width:440px;margin:48px auto;padding:24px;background:#fff;border:1px solid #d9dee3;border-radius:14px}}\
         button{{width:100%;font-size:17px;font-weight:600;padding:14px;border:0;border-radius:10px;margin-top:12px;cursor:pointer}}\
         #complete{{background:#0b6e4f;color:#fff}}#fail{{background:#fbeceb;color:#b3261e}}.muted{{color:#5c6670;font-size:14px}}</style></head>\
         <body><main><h1 id=\"title\">{title}</h1><p id=\"message\">{message}</p><p class=\"muted\">{card} •••• {last4} · {amount}</p>\
         <form method=\"post\" action=\"{action}\"><input type=\"hidden\" name=\"outcome\" value=\"complete\"><button id=\"complete\" type=\"submit\">{complete}</button></form>\
         <form method=\"post\" action=\"{action}\"><input type=\"hidden\" name=\"outcome\" value=\"fail\"><button id=\"fail\" type=\"submit\">{fail}</button></form>\
         </main></body></html>",
        lang = lang.code(),
        title = escape(t.title),
        message = escape(t.message),
        card = escape(t.card),
        last4 = escape(&last4),
        amount = escape(&super::money::amount(
            lang,
            intent.amount_minor,
            &intent.currency
        )),
        complete = escape(t.complete),
        fail = escape(t.fail),
    );
    page_response(StatusCode::OK, html, &nonce)
}

#[derive(Deserialize)]
pub struct Answer {
    /// `complete` or `fail`.
    outcome: String,
}

/// The payer's answer: the intent moves on, and the payer goes back to
/// the checkout page, which shows the outcome.
pub async fn answer(
    State(state): State<AppState>,
    Path(id): Path<String>,
    uri: Uri,
    headers: HeaderMap,
    axum::Form(answer): axum::Form<Answer>,
) -> Response {
    let query = PageQuery::of(&uri);
    let lang: Lang = language(query.lang.as_deref(), &headers);
    let Ok(intent) = intent_of(&state, &id, query.t.as_deref()) else {
        return not_found(lang);
    };
    let passed = match answer.outcome.as_str() {
        "complete" => true,
        "fail" => false,
        _ => return not_found(lang),
    };
    let page = page_principal(&intent);
    let settings = state.settings.clone();
    let intent_id = id.clone();
    let done = state
        .writer
        .run(move |tx| intents::complete_challenge(tx, &settings, &page, &intent_id, passed))
        .await;
    match done {
        Ok(_) => to_checkout(&id, lang),
        Err(e) => {
            let t = i18n::challenge_messages(lang);
            message_page(StatusCode::CONFLICT, lang, t.title, &e.message)
        }
    }
}
