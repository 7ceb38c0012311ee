//! A subscriber cancels their subscription themselves (issue 48): the
//! confirmation of the subscribe page links to `/subscribe/cancel/{id}?t=`,
//! whose token (an HMAC of the id, `page_tokens::subscription_token`) is
//! the capability, as a checkout URL's. The page names the merchant and the
//! plan and asks to confirm; the POST cancels at the end of the current
//! period (`subscriptions::cancel`, not at once: what was paid runs to its
//! end, decision 503) as the plan's merchant would.

use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::Response;
use serde::Deserialize;

use super::i18n::subscribe_words as words;
use super::subscribe::Notice;
use super::{Lang, PageOf, PageQuery, escape};
use crate::auth::Principal;
use crate::domain::plans::Plan;
use crate::domain::subscriptions::{self, Subscription};
use crate::http::AppState;
use crate::store::Read;

/// The subscription of a cancel URL, with its plan and merchant, when `t`
/// is its token; else `None`, exactly as for an id that does not exist.
fn of(state: &AppState, id: &str, uri: &Uri) -> Option<(Subscription, Plan, String)> {
    let token = PageQuery::of(uri).t?;
    if !crate::ids::is_id(id, "sub")
        || !crate::domain::page_tokens::subscription_token_matches(id, &token)
    {
        return None;
    }
    let snapshot = state.store.snapshot().ok()?;
    let sub: Subscription = snapshot.object(id).ok().flatten()?;
    let plan: Plan = snapshot.object(&sub.plan).ok().flatten()?;
    let merchant = crate::domain::org::name_of(&snapshot, &plan.owner).unwrap_or_default();
    Some((sub, plan, merchant))
}

/// The confirmation form, or (already cancelled) where it stands.
pub(super) async fn page(PageOf(state, id, lang): PageOf, uri: Uri) -> Response {
    let Some((sub, plan, merchant)) = of(&state, &id, &uri) else {
        return super::not_found(lang);
    };
    if sub.cancel_at_period_end || sub.cancellation.is_some() {
        return cancelled(lang, &sub, &plan, &merchant);
    }
    let w = words(lang);
    let issued = super::form::issue(uri.path(), super::secure_cookies(&state));
    let form = format!(
        "<form method=\"post\" action=\"{action}\"><input type=\"hidden\" name=\"csrf\" value=\"{csrf}\">\
         <button type=\"submit\" id=\"confirm-cancel\">{button}</button></form>",
        action = escape(&super::subscribe::cancel_path(&sub.id, lang)),
        csrf = escape(&issued.csrf),
        button = escape(w.cancel_button),
    );
    let notice = Notice {
        lang,
        plan: &plan,
        merchant: &merchant,
        title: w.cancel_title,
        text: w.cancel_question,
    };
    let mut response = notice.page(StatusCode::OK, &form);
    response
        .headers_mut()
        .append(axum::http::header::SET_COOKIE, issued.cookie);
    response
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(super) struct CancelForm {
    csrf: String,
}

pub(super) async fn cancel(
    PageOf(state, id, lang): PageOf,
    uri: Uri,
    headers: HeaderMap,
    axum::Form(form): axum::Form<CancelForm>,
) -> Response {
    if !super::form::accepted(&headers, uri.path(), &form.csrf) {
        return super::form_refused(lang);
    }
    let Some((sub, plan, merchant)) = of(&state, &id, &uri) else {
        return super::not_found(lang);
    };
    if sub.cancel_at_period_end || sub.cancellation.is_some() {
        return cancelled(lang, &sub, &plan, &merchant);
    }
    let settings = state.settings.clone();
    // Acts as the plan's merchant would, in the plan's sandbox.
    let principal = Principal::system("subscribe_page", &plan.owner, plan.mode);
    let sandbox = crate::domain::test_clocks::sandbox_of(plan.mode, &plan.owner);
    let done = state
        .writer
        .run(move |tx| {
            if let Some(org) = &sandbox {
                crate::domain::test_clocks::follow(tx, org)?;
            }
            subscriptions::cancel(tx, &settings, &principal, &id, false)
        })
        .await;
    match done {
        Ok(sub) => cancelled(lang, &sub, &plan, &merchant),
        Err(e) => super::message_page(
            StatusCode::from_u16(e.code.status()).unwrap_or(StatusCode::CONFLICT),
            lang,
            words(lang).cancel_title,
            &e.message,
        ),
    }
}

/// Where a cancelled subscription stands: its last day.
fn cancelled(lang: Lang, sub: &Subscription, plan: &Plan, merchant: &str) -> Response {
    let w = words(lang);
    let end = crate::clock::rfc3339(sub.current_period_end_ms);
    let text = format!("{} {}.", w.cancelled, &end[..10]);
    Notice {
        lang,
        plan,
        merchant,
        title: w.cancelled_title,
        text: &text,
    }
    .page(StatusCode::OK, "")
}
