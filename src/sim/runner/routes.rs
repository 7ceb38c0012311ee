//! Routes driven by `POST /routes` and its quote: the bodies a client sends
//! (every destination, the wallet or a processor as the source), the QR
//! codes the organisations show, and the route quotes a later route takes.

use serde_json::{Value, json};

use super::{Who, World};
use crate::auth::Principal;
use crate::domain::qr_codes::{self, CodeInput};
use crate::error::ApiError;
use crate::mode::Mode;
use crate::sim::requests::Request;
use crate::sim::workload::RouteAsk;
use crate::store::Output;

/// A route quote of the run: its organisation, body and FX quote.
pub(super) struct RouteQuote {
    org: usize,
    body: Value,
    fx: String,
    at_ms: i64,
}

/// How long an FX quote is honoured (`fx`: LOCKED for 120 s).
const QUOTE_LOCK_MS: i64 = 120_000;

/// The static QR code each organisation shows (`POST /qr_codes`), made
/// at the run's start: routes to a `qr` destination scan another's.
pub(super) fn qr_payload(tx: &mut crate::store::Tx<'_>, org: &str) -> Result<String, ApiError> {
    let principal = Principal::system("sim", org, Mode::Test);
    let input = CodeInput {
        location: None,
        terminal: None,
        amount_minor: None,
        currency: "CDF".into(),
        reference: None,
        description: None,
        mcc: None,
        metadata: None,
    };
    Ok(qr_codes::create_code(tx, &principal, input)?.payload)
}

impl World {
    /// The body of a route (or its quote) asked by `ask`.
    pub(super) fn route_body(&self, ask: &RouteAsk) -> (usize, Value) {
        let org = (ask.org % self.orgs.len() as u64) as usize;
        let other = (ask.other % self.orgs.len() as u64) as usize;
        let destination = match ask.destination {
            0 => json!({ "method": "mobile_money", "operator_id": "mpesa_cd",
                         "phone": ask.payee.phone(), "name": "Amani" }),
            1 => json!({ "method": "bank", "bank_name": "Rawbank", "account_name": "Amani Traders",
                         "account_number": "000000501", "country": "CD", "swift": "RAWBCDKI" }),
            // Another's code, or (one in six) the sender's own: refused
            // `self_transfer`; one in thirteen, a payload of no merchant.
            2 if ask.other.is_multiple_of(13) => json!({ "method": "qr", "data": "000201hello" }),
            2 => json!({ "method": "qr", "data": self.qr_codes[other] }),
            3 => json!({ "method": "wallet", "to": self.orgs[other].id }),
            4 => json!({ "method": "keep" }),
            _ => json!({ "method": "agent", "agent": "AGENT-KIN-01" }),
        };
        let currency = |usd: bool| if usd { "USD" } else { "CDF" };
        let mut body = json!({
            "amount_minor": ask.amount,
            "currency": currency(ask.usd),
            "target_currency": currency(ask.to_usd),
            "destination": destination,
        });
        match ask.source {
            6 | 7 => {
                body["source"] = json!({ "method": "mobile_money", "operator_id": "mpesa",
                                         "phone": ask.payer.msisdn() })
            }
            8 => {
                body["source"] =
                    json!({ "method": "card", "return_url": "https://shop.example/done" })
            }
            // Paid on the checkout page, or never: the route expires.
            9 => body["source"] = json!({ "method": "mobile_money", "operator_id": "airtel" }),
            _ => {}
        }
        (org, body)
    }

    /// `POST /routes` with one of the last route quotes: its body and its
    /// FX quote (locked 120 s, honoured once), a live one when there is.
    pub(super) fn quoted_route(&self, pick: u64) -> Option<(usize, Who, Request)> {
        let recent = &self.route_quotes[self.route_quotes.len().saturating_sub(3)..];
        let live: Vec<&RouteQuote> = recent
            .iter()
            .filter(|q| self.now_ms - q.at_ms < QUOTE_LOCK_MS)
            .collect();
        let quote = match live.get((pick % live.len().max(1) as u64) as usize) {
            Some(quote) => *quote,
            None => recent.get((pick % recent.len().max(1) as u64) as usize)?,
        };
        let mut body = quote.body.clone();
        body["quote_id"] = json!(quote.fx);
        Some((quote.org, Who::Key, Request::Route { body }))
    }

    /// A route quote's answer: kept for a later route, when it converts.
    /// A remittance's: its route, which a member may have to review.
    pub(super) fn routes_answered(&mut self, org: usize, request: &Request, answer: &Output) {
        let view: Value = serde_json::from_slice(&answer.body).unwrap_or_default();
        match request {
            Request::RouteQuote { body } => {
                if let Some(fx) = view.pointer("/fx/id").and_then(|v| v.as_str()) {
                    self.route_quotes.push(RouteQuote {
                        org,
                        body: body.clone(),
                        fx: fx.to_string(),
                        at_ms: self.now_ms,
                    });
                }
            }
            Request::Remit { .. } => {
                if let Some(route) = view.get("route").and_then(|v| v.as_str()) {
                    self.routes.push(route.to_string());
                }
            }
            _ => {}
        }
    }
}
