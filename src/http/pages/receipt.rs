//! The payer's receipt of a paid intent (decision 454): a page,
//! `/pay/{id}/receipt?t={token}`, and the same as a PDF, `/receipt.pdf`,
//! written by the PDF writer of the settlement statement. It carries what a
//! payer shows as proof: the merchant and its reference, the amount, the
//! date, the transaction id, the method and the paying number. The page
//! token is the capability, as for the checkout page; the checkout URL the
//! payer already holds links to it once paid.

use std::sync::LazyLock;

use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use super::{
    AppState, Lang, PageOf, PageQuery, escape, fill, i18n, intent_of, merchant_name, message_page,
    money, not_found, page_response, with_parts,
};
use crate::domain::intents::Intent;
use crate::domain::intents::state::Status;
use crate::domain::pdf::{BuiltinFont, Page};
use crate::rails::card::Brand;

static TEMPLATE: LazyLock<String> = LazyLock::new(|| with_parts(include_str!("receipt.html")));

/// The receipt page's path, with the page token and language.
pub(super) fn path(intent_id: &str, token: &str, lang: Lang) -> String {
    format!(
        "/pay/{}/receipt?t={}&amp;lang={}",
        escape(intent_id),
        escape(token),
        lang.code()
    )
}

/// The receipt's lines, label and value, in `lang`.
fn lines(state: &AppState, intent: &Intent, lang: Lang) -> Vec<(&'static str, String)> {
    let t = i18n::messages(lang);
    let paid_at = intent
        .timeline
        .iter()
        .rev()
        .find(|e| e.event == "intent.captured")
        .map_or(intent.updated_at_ms, |e| e.at_ms);
    let date: String = crate::clock::rfc3339(paid_at)
        .replace('T', " ")
        .chars()
        .take(16)
        .collect();
    let attempt = intent
        .attempts
        .iter()
        .rev()
        .find(|a| a.status == crate::domain::intents::AttemptStatus::Captured)
        .or(intent.attempts.last());
    let mut out = vec![(t.receipt_paid_to, merchant_name(state, intent))];
    if let Some(reference) = &intent.reference {
        out.push((t.receipt_reference, reference.clone()));
    }
    if let Some(description) = &intent.description {
        out.push((t.receipt_description, description.clone()));
    }
    out.push((t.receipt_date, format!("{date} {}", t.utc)));
    out.push((t.receipt_transaction, intent.id.clone()));
    if let Some(attempt) = attempt {
        let (method, payer) = match (attempt.rail.as_str(), &attempt.card) {
            ("card", Some(card)) => (
                format!("{} {}", t.method_card, brand(card.brand)),
                Some(format!("•••• {}", card.last4)),
            ),
            ("bank", _) => (t.method_bank.to_string(), None),
            ("wallet" | "qr", _) => (t.method_wallet.to_string(), attempt.payer.clone()),
            (rail, _) => {
                let operator =
                    crate::rails::catalogue::for_attempt(rail, attempt.operator.as_deref())
                        .map_or(String::new(), |m| format!(" · {}", m.name));
                (
                    format!("{}{operator}", t.method_mobile_money),
                    attempt
                        .customer_msisdn
                        .clone()
                        .or(intent.customer_msisdn.clone()),
                )
            }
        };
        out.push((t.receipt_method, method));
        if let Some(payer) = payer {
            out.push((t.receipt_payer, payer));
        }
    }
    out
}

fn brand(brand: Brand) -> &'static str {
    match brand {
        Brand::Visa => "Visa",
        Brand::Mastercard => "Mastercard",
        Brand::Amex => "American Express",
        Brand::Discover => "Discover",
        Brand::Unknown => "",
    }
}

/// The intent of a receipt request, when it is paid.
fn paid_intent(
    state: &AppState,
    id: &str,
    uri: &Uri,
    lang: Lang,
) -> Result<(Intent, String), Box<Response>> {
    let token = PageQuery::of(uri).t.unwrap_or_default();
    let intent = intent_of(state, id, Some(&token)).map_err(|_| Box::new(not_found(lang)))?;
    let paid = matches!(
        intent.status,
        Status::Captured | Status::SettlementPending | Status::Settled
    ) || intent.amount_received_minor > 0;
    if !paid {
        let t = i18n::messages(lang);
        return Err(Box::new(message_page(
            StatusCode::NOT_FOUND,
            lang,
            t.receipt_title,
            t.receipt_not_paid,
        )));
    }
    Ok((intent, token))
}

/// What the receipt shows as paid: what was received (a refund later does
/// not rewrite the proof of the payment).
fn amount_paid(intent: &Intent) -> i64 {
    if intent.amount_received_minor > 0 {
        intent.amount_received_minor
    } else {
        intent.amount_minor
    }
}

pub(super) async fn page(PageOf(state, id, lang): PageOf, uri: Uri) -> Response {
    let (intent, token) = match paid_intent(&state, &id, &uri, lang) {
        Ok(found) => found,
        Err(response) => return *response,
    };
    let t = i18n::messages(lang);
    let nonce = crate::ids::random_token(22);
    let rows: String = lines(&state, &intent, lang)
        .iter()
        .map(|(label, value)| format!("<dt>{}</dt><dd>{}</dd>", escape(label), escape(value)))
        .collect();
    let pdf = format!(
        "/pay/{}/receipt.pdf?t={}&amp;lang={}",
        escape(&intent.id),
        escape(&token),
        lang.code()
    );
    let values = [
        ("lang", lang.code()),
        ("t_title", &escape(t.receipt_title)),
        ("merchant", &escape(&merchant_name(&state, &intent))),
        ("nonce", &nonce),
        ("t_heading", &escape(t.receipt_heading)),
        (
            "amount",
            &escape(&money::amount(lang, amount_paid(&intent), &intent.currency)),
        ),
        ("rows", &rows),
        ("t_keep", &escape(t.receipt_keep)),
        ("pdf", &pdf),
        ("t_pdf", &escape(t.receipt_pdf)),
        ("token", &escape(&token)),
        ("t_secured", &escape(t.secured)),
    ];
    page_response(StatusCode::OK, fill(&TEMPLATE, &values), &nonce)
}

pub(super) async fn pdf(PageOf(state, id, lang): PageOf, uri: Uri) -> Response {
    let (intent, _) = match paid_intent(&state, &id, &uri, lang) {
        Ok(found) => found,
        Err(response) => return *response,
    };
    let t = i18n::messages(lang);
    let mut page = Page::new();
    page.line(BuiltinFont::HelveticaBold, 16.0, t.receipt_heading);
    page.line(
        BuiltinFont::HelveticaBold,
        14.0,
        &money::amount(lang, amount_paid(&intent), &intent.currency),
    );
    page.rule();
    for (label, value) in lines(&state, &intent, lang) {
        page.line(BuiltinFont::Helvetica, 10.0, &format!("{label}: {value}"));
    }
    page.rule();
    page.line(BuiltinFont::Helvetica, 9.0, t.receipt_keep);
    page.line(BuiltinFont::Helvetica, 8.0, t.secured);
    let bytes =
        crate::domain::pdf::document(&format!("{} {}", t.receipt_heading, intent.id), vec![page]);
    let mut response = (StatusCode::OK, bytes).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/pdf"),
    );
    let disposition = format!("attachment; filename=\"receipt-{}.pdf\"", intent.id);
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}
