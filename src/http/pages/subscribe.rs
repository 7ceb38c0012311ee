//! The hosted subscribe page of a plan, `/subscribe/{code}` (issue 23),
//! modelled on the checkout page: no external asset, a strict CSP (no
//! script at all: a plain form), English and French, a phone-first layout.
//! The payer enters a number and subscribes: with a trial the trial starts;
//! otherwise the first period's invoice is issued at once and its payment
//! request opens on the checkout page (or it is paid from the payer's wallet
//! when the number is an organisation's of this gateway).

use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::Response;
use serde::Deserialize;

use super::i18n::{SubscribeWords as Words, subscribe_words as words};
use super::{Lang, PageOf, escape, message_page, page_response, to_checkout};
use crate::domain::invoices::Invoice;
use crate::domain::plans::{self, Plan};
use crate::domain::subscriptions::{self, Customer, Status};
use crate::error::ApiError;
use crate::http::AppState;
use crate::store::Read;

/// What one form post may carry, in bytes (a phone and an e-mail).
const FIELD_BYTES_MAX: usize = 254;

/// The plan's terms, one line each: trial, tax, usage.
fn terms(plan: &Plan, w: &Words, lang: Lang) -> String {
    let mut items = Vec::new();
    if plan.trial_days > 0 {
        items.push(format!("{} {}", plan.trial_days, w.trial));
    }
    if plan.tax_bps > 0 {
        let label = plan
            .tax_label
            .clone()
            .unwrap_or_else(|| format!("{} %", f64::from(plan.tax_bps) / 100.0));
        items.push(format!("{} {label}", w.tax));
    }
    if let Some(unit) = &plan.usage_unit {
        items.push(format!(
            "+ {} {} {unit}",
            super::money::amount(lang, plan.usage_price_minor, &plan.currency),
            w.usage
        ));
    }
    items
        .iter()
        .map(|i| format!("<li>{}</li>", escape(i)))
        .collect()
}

/// The page's form, with a fresh token for the page at `path`
/// ([`super::form`]).
struct FormPage<'a> {
    path: &'a str,
    secure: bool,
    error: &'a str,
    msisdn: &'a str,
}

fn form_page(
    status: StatusCode,
    plan: &Plan,
    merchant: &str,
    lang: Lang,
    form: &FormPage<'_>,
) -> Response {
    let w = words(lang);
    let nonce = crate::ids::random_token(22);
    let issued = super::form::issue(form.path, form.secure);
    let button = if plan.trial_days > 0 {
        w.start_trial
    } else {
        w.subscribe
    };
    let html = format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{name}</title>\
         <style nonce=\"{nonce}\">body{{font:16px system-ui,sans-serif;margin:0;background:#f5f7f8;color:#1d2429}}\
         main{{max-width:440px;margin:0 auto;padding:24px 20px;background:#fff;min-height:100vh;box-sizing:border-box}}\
         @media(min-width:520px){{main{{margin:48px auto;min-height:0;border:1px solid #d9dee3;border-radius:14px}}}}\
         .merchant{{color:#5b6770;margin:0}}h1{{font-size:24px;margin:4px 0 8px}}.price{{font-size:28px;font-weight:600;margin:12px 0}}\
         .price span{{font-size:16px;font-weight:400;color:#5b6770}}ul{{padding-left:20px;color:#3b454d}}\
         label{{display:block;margin-top:14px;font-weight:600}}\
         input,button{{width:100%;box-sizing:border-box;font-size:17px;padding:12px;margin-top:6px;border-radius:10px;border:1px solid #c4ccd3}}\
         button{{background:#0b6e4f;color:#fff;border:0;margin-top:18px;font-weight:600}}\
         .error{{color:#a4262c;min-height:1em}}.note,footer{{color:#5b6770;font-size:14px}}</style></head>\
         <body><main><p class=\"merchant\" id=\"merchant\">{merchant}</p><h1 id=\"plan\">{name}</h1>\
         <p id=\"description\">{description}</p><p class=\"price\" id=\"price\">{price} <span>{per}</span></p>\
         <ul id=\"terms\">{terms}</ul><p class=\"error\" id=\"error\" role=\"alert\">{error}</p>\
         <form method=\"post\" action=\"/subscribe/{code}?lang={lang}\"><input type=\"hidden\" name=\"csrf\" value=\"{csrf}\">\
         <label for=\"msisdn\">{phone}</label><input id=\"msisdn\" name=\"msisdn\" type=\"tel\" inputmode=\"tel\" autocomplete=\"tel\" placeholder=\"+243\" maxlength=\"16\" required value=\"{msisdn}\">\
         <label for=\"email\">{email}</label><input id=\"email\" name=\"email\" type=\"email\" autocomplete=\"email\" maxlength=\"254\">\
         <button id=\"subscribe\" type=\"submit\">{button}</button><p class=\"note\">{instructions}</p></form>\
         <footer>{secured}</footer></main></body></html>",
        lang = lang.code(),
        name = escape(&plan.name),
        merchant = escape(merchant),
        description = escape(plan.description.as_deref().unwrap_or("")),
        price = escape(&super::money::amount(
            lang,
            plan.amount_minor,
            &plan.currency
        )),
        per = escape(&(w.per)(plan.interval, plan.interval_count)),
        terms = terms(plan, w, lang),
        error = escape(form.error),
        code = escape(&plan.code),
        csrf = escape(&issued.csrf),
        phone = escape(w.phone),
        msisdn = escape(form.msisdn),
        email = escape(w.email),
        button = escape(button),
        instructions = escape(w.instructions),
        secured = escape(w.secured),
    );
    let mut response = page_response(status, html, &nonce);
    response
        .headers_mut()
        .append(header::SET_COOKIE, issued.cookie);
    response
}

/// The plan of a page and its merchant's name; `None`: no such plan.
pub(super) fn plan_of(state: &AppState, code: &str) -> Option<(Plan, String)> {
    let snapshot = state.store.snapshot().ok()?;
    let plan = plans::by_code(&snapshot, code).ok().flatten()?;
    let merchant = crate::domain::org::name_of(&snapshot, &plan.owner).unwrap_or_default();
    Some((plan, merchant))
}

fn inactive(lang: Lang) -> Response {
    let w = words(lang);
    message_page(StatusCode::GONE, lang, w.inactive_title, w.inactive)
}

pub(super) async fn page(PageOf(state, code, lang): PageOf, uri: Uri) -> Response {
    match plan_of(&state, &code) {
        None => super::not_found(lang),
        Some((plan, _)) if plan.status != plans::Status::Active => inactive(lang),
        Some((plan, merchant)) => {
            let form = FormPage {
                path: uri.path(),
                secure: super::secure_cookies(&state),
                error: "",
                msisdn: "",
            };
            form_page(StatusCode::OK, &plan, &merchant, lang, &form)
        }
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub(super) struct SubscribeForm {
    msisdn: String,
    email: String,
    /// The page's form token ([`super::form`]).
    csrf: String,
}

pub(super) async fn subscribe(
    PageOf(state, code, lang): PageOf,
    uri: Uri,
    headers: HeaderMap,
    axum::Form(form): axum::Form<SubscribeForm>,
) -> Response {
    if !super::form::accepted(&headers, uri.path(), &form.csrf) {
        return super::form_refused(lang);
    }
    let Some((plan, merchant)) = plan_of(&state, &code) else {
        return super::not_found(lang);
    };
    if plan.status != plans::Status::Active {
        return inactive(lang);
    }
    let msisdn = form
        .msisdn
        .trim()
        .chars()
        .take(FIELD_BYTES_MAX)
        .collect::<String>();
    let email =
        Some(form.email.trim().to_string()).filter(|e| !e.is_empty() && e.len() <= FIELD_BYTES_MAX);
    let customer = Customer {
        msisdn: Some(msisdn.clone()),
        email,
        reference: None,
    };
    match start(&state, &plan, customer).await {
        Ok((sub, invoice)) => subscribed(lang, &plan, &merchant, &sub, invoice.as_ref()),
        Err(e) => {
            let status = StatusCode::from_u16(e.code.status()).unwrap_or(StatusCode::BAD_REQUEST);
            let form = FormPage {
                path: uri.path(),
                secure: super::secure_cookies(&state),
                error: &e.message,
                msisdn: &msisdn,
            };
            form_page(status, &plan, &merchant, lang, &form)
        }
    }
}

/// Starts the subscription in the plan's sandbox (its test clock, if any).
async fn start(
    state: &AppState,
    plan: &Plan,
    customer: Customer,
) -> Result<(subscriptions::Subscription, Option<Invoice>), ApiError> {
    let settings = state.settings.clone();
    let sandbox = crate::domain::test_clocks::sandbox_of(plan.mode, &plan.owner);
    let plan = plan.clone();
    state
        .writer
        .run(move |tx| {
            if let Some(org) = &sandbox {
                crate::domain::test_clocks::follow(tx, org)?;
            }
            let customer = customer.check()?;
            let metadata = [("source".to_string(), serde_json::json!("subscribe_page"))].into();
            let sub = subscriptions::start(tx, &settings, &plan, customer, metadata)?;
            let invoice = match &sub.latest_invoice {
                Some(id) => tx.object::<Invoice>(id)?,
                None => None,
            };
            Ok((sub, invoice))
        })
        .await
}

/// Where a new subscriber goes: the trial's confirmation, the first
/// invoice's payment request, or the wallet's confirmation.
fn subscribed(
    lang: Lang,
    plan: &Plan,
    merchant: &str,
    sub: &subscriptions::Subscription,
    invoice: Option<&Invoice>,
) -> Response {
    let w = words(lang);
    let cancel = format!(
        "<p><a id=\"cancel\" href=\"{}\">{}</a></p>",
        escape(&cancel_path(&sub.id, lang)),
        escape(w.cancel_link)
    );
    if sub.status == Status::Trialing {
        let first = crate::clock::rfc3339(sub.current_period_end_ms);
        let text = format!("{} {}.", w.trial_started, &first[..10]);
        let notice = Notice {
            lang,
            plan,
            merchant,
            title: w.trial_started_title,
            text: &text,
        };
        return notice.page(StatusCode::OK, &cancel);
    }
    match invoice.and_then(|i| i.payment_intent.as_deref()) {
        Some(intent) => to_checkout(intent, lang),
        None => Notice {
            lang,
            plan,
            merchant,
            title: w.subscribed_title,
            text: w.subscribed,
        }
        .page(StatusCode::OK, &cancel),
    }
}

/// The subscriber's cancel page of subscription `id` (its token is the capability).
pub(super) fn cancel_path(id: &str, lang: Lang) -> String {
    format!(
        "/subscribe/cancel/{id}?t={}&lang={}",
        crate::domain::page_tokens::subscription_token(id),
        lang.code()
    )
}

/// A page that tells a subscriber where they stand, naming the merchant and
/// the plan: the confirmation, the cancel page and its answer.
pub(super) struct Notice<'a> {
    pub lang: Lang,
    pub plan: &'a Plan,
    pub merchant: &'a str,
    pub title: &'a str,
    pub text: &'a str,
}

impl Notice<'_> {
    /// The page, with `extra` (a link or a form, already HTML) under the text.
    pub fn page(&self, status: StatusCode, extra: &str) -> Response {
        let w = words(self.lang);
        let nonce = crate::ids::random_token(22);
        let html = format!(
            "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title>\
             <style nonce=\"{nonce}\">body{{font:16px system-ui,sans-serif;margin:0;background:#f5f7f8;color:#1d2429}}\
             main{{max-width:440px;margin:48px auto;padding:24px;background:#fff;border:1px solid #d9dee3;border-radius:14px}}\
             .merchant,footer{{color:#5b6770}}a{{color:#0a5a40}}\
             button{{width:100%;font:inherit;font-weight:600;padding:12px;border:0;border-radius:10px;background:#a3221b;color:#fff}}</style></head>\
             <body><main><p class=\"merchant\" id=\"merchant\">{merchant}</p><h1 id=\"title\">{title}</h1>\
             <p id=\"plan\">{plan_word} <strong>{plan}</strong> · {price} {per}</p><p id=\"message\">{text}</p>{extra}\
             <footer>{secured}</footer></main></body></html>",
            lang = self.lang.code(),
            title = escape(self.title),
            merchant = escape(self.merchant),
            plan_word = escape(w.plan_of),
            plan = escape(&self.plan.name),
            price = escape(&super::money::amount(
                self.lang,
                self.plan.amount_minor,
                &self.plan.currency
            )),
            per = escape(&(w.per)(self.plan.interval, self.plan.interval_count)),
            text = escape(self.text),
            secured = escape(w.secured),
        );
        page_response(status, html, &nonce)
    }
}
