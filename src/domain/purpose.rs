//! What a payment intent pays for, and the one dispatch table of the intent
//! "paid" hook (issue 22 point 5).
//!
//! An intent made by another object (a checkout session, a payment link, a
//! money request, a route's funding payment, an invoice) carries a
//! [`Purpose`] naming it. When the intent's payment is captured, the
//! intents module calls [`on_paid`] once, in the capture's own command, and
//! this table routes it to the object's module, as `domain::on_timer`
//! routes timers: the intents module names no consumer, and a new one is a
//! variant and a line here.

use serde::{Deserialize, Serialize};

use super::intents::Intent;
use super::{Settings, checkout, invoices, money_requests, routes};
use crate::error::ApiError;
use crate::store::Tx;

/// What an intent pays for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Purpose {
    CheckoutSession {
        id: String,
    },
    PaymentLink {
        id: String,
    },
    MoneyRequest {
        code: String,
    },
    /// A route's funding payment.
    Route {
        id: String,
    },
    /// A subscription invoice's payment request.
    Invoice {
        id: String,
    },
}

impl Purpose {
    /// The purpose of `intent`: its link, or, for an intent stored before
    /// intents had one, the field that named its session, link or request.
    pub fn of(intent: &Intent) -> Option<Purpose> {
        if let Some(purpose) = &intent.purpose {
            return Some(purpose.clone());
        }
        let legacy = (
            intent.checkout_session.as_deref(),
            intent.payment_link.as_deref(),
            intent.money_request.as_deref(),
        );
        match legacy {
            (Some(id), _, _) => Some(Purpose::CheckoutSession { id: id.to_string() }),
            (None, Some(id), _) => Some(Purpose::PaymentLink { id: id.to_string() }),
            (None, None, Some(code)) => Some(Purpose::MoneyRequest {
                code: code.to_string(),
            }),
            (None, None, None) => None,
        }
    }
}

/// The intent "paid" hook: `intent`'s payment was just captured (its
/// collection is posted, its net is in pending). Routes it to what it pays for.
pub fn on_paid(tx: &mut Tx<'_>, settings: &Settings, intent: &mut Intent) -> Result<(), ApiError> {
    match Purpose::of(intent) {
        Some(Purpose::CheckoutSession { id }) => checkout::on_session_paid(tx, &id),
        Some(Purpose::PaymentLink { id }) => checkout::on_link_paid(tx, &id),
        Some(Purpose::MoneyRequest { code }) => money_requests::on_paid(tx, settings, &code),
        Some(Purpose::Route { id }) => routes::on_funding_paid(tx, settings, &id, intent),
        Some(Purpose::Invoice { id }) => invoices::on_paid(tx, settings, &id, intent),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An intent as stored before intents had a purpose.
    fn old_record() -> serde_json::Value {
        serde_json::json!({
            "id": "pi_1", "mode": "test", "owner": "org_1", "status": "REQUIRES_PAYMENT_METHOD",
            "amount_minor": 1000, "currency": "CDF", "rails": ["mobile_money"],
            "capture_method": "automatic", "payment_method_policy": "smart",
            "client_secret_digest": "00", "timeline": [],
            "expires_at_ms": 1, "created_at_ms": 0, "updated_at_ms": 0
        })
    }

    fn stored() -> Intent {
        serde_json::from_value(old_record()).expect("a stored intent decodes")
    }

    #[test]
    fn an_intent_stored_before_purposes_keeps_the_one_its_fields_name() {
        let mut old = old_record();
        old["checkout_session"] = "cs_1".into();
        let intent: Intent = serde_json::from_value(old.clone()).expect("intent");
        assert_eq!(
            Purpose::of(&intent),
            Some(Purpose::CheckoutSession { id: "cs_1".into() })
        );
        old["checkout_session"] = serde_json::Value::Null;
        old["money_request"] = "MR-ABCDEFGH".into();
        let intent: Intent = serde_json::from_value(old).expect("intent");
        assert_eq!(
            Purpose::of(&intent),
            Some(Purpose::MoneyRequest {
                code: "MR-ABCDEFGH".into()
            })
        );
        assert_eq!(Purpose::of(&stored()), None);
    }

    #[test]
    fn a_purpose_is_stored_by_kind_and_read_back() {
        let mut intent = stored();
        intent.purpose = Some(Purpose::Route { id: "rt_1".into() });
        let json = serde_json::to_value(&intent).expect("json");
        assert_eq!(
            json["purpose"],
            serde_json::json!({"kind": "route", "id": "rt_1"})
        );
        let back: Intent = serde_json::from_value(json).expect("intent");
        assert_eq!(
            Purpose::of(&back),
            Some(Purpose::Route { id: "rt_1".into() })
        );
    }
}
