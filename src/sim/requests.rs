//! Requests as a client sends them, and the writer command each becomes: the
//! same domain calls, in the same order, as the handler of its operation
//! (`src/http/intents.rs`, `refunds.rs`, `disputes.rs`, `wallets.rs`,
//! `payouts.rs`), without HTTP. Bodies are parsed by the same input types
//! (`CreateIntent`, `ConfirmIntent`, `CreatePayout`, ...) from JSON.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::auth::Principal;
use crate::domain::intents::input::{CancelIntent, ConfirmIntent, CreateIntent};
use crate::domain::intents::{self, view};
use crate::domain::payouts::input::CreatePayout;
use crate::domain::{Settings, disputes, payouts, refunds, transfers};
use crate::error::ApiError;
use crate::store::writer::{IdempotencyClaim, Work};
use crate::store::{Output, Store};

/// A request with everything resolved: what a client would put on the wire.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    CreateIntent {
        body: Value,
    },
    Confirm {
        intent: String,
        body: Value,
    },
    Capture {
        intent: String,
        amount: Option<i64>,
    },
    Cancel {
        intent: String,
    },
    Refund {
        intent: String,
        amount: Option<i64>,
    },
    Dispute {
        intent: String,
        amount: Option<i64>,
    },
    Transfer {
        to: String,
        amount: i64,
        currency: String,
    },
    Payout {
        body: Value,
    },
}

impl Request {
    /// `POST /path`, as the gate writes it into the idempotency claim.
    pub fn endpoint(&self) -> String {
        match self {
            Request::CreateIntent { .. } => "POST /payment_intents".into(),
            Request::Confirm { intent, .. } => format!("POST /payment_intents/{intent}/confirm"),
            Request::Capture { intent, .. } => format!("POST /payment_intents/{intent}/capture"),
            Request::Cancel { intent } => format!("POST /payment_intents/{intent}/cancel"),
            Request::Refund { .. } => "POST /refunds".into(),
            Request::Dispute { .. } => "POST /disputes".into(),
            Request::Transfer { .. } => "POST /transfers".into(),
            Request::Payout { .. } => "POST /payouts".into(),
        }
    }

    /// The body's bytes stand-in: requests with one fingerprint have one body.
    pub fn fingerprint(&self) -> String {
        format!("{self:?}")
    }

    /// The object the request acts on, when it names one.
    pub fn target(&self) -> Option<&str> {
        match self {
            Request::Confirm { intent, .. }
            | Request::Capture { intent, .. }
            | Request::Cancel { intent }
            | Request::Refund { intent, .. }
            | Request::Dispute { intent, .. } => Some(intent),
            _ => None,
        }
    }

    /// The idempotency claim of this request sent by `principal` with `key`.
    pub fn claim(&self, principal: &Principal, key: &str) -> IdempotencyClaim {
        IdempotencyClaim {
            storage_key: crate::store::keys::idempotency(principal.mode, principal.owner(), key),
            principal: principal.idempotency_principal(),
            endpoint: self.endpoint(),
            fingerprint: self.fingerprint(),
        }
    }

    /// What the handler does before it sends its command (parse, validate,
    /// mint from a snapshot), then the command. An error here is the
    /// handler's refusal: nothing reaches the writer.
    pub fn command(
        &self,
        store: &Store,
        settings: &Arc<Settings>,
        principal: &Principal,
        now_ms: i64,
    ) -> Result<Work, ApiError> {
        let settings = settings.clone();
        let caller = principal.clone();
        Ok(match self.clone() {
            Request::CreateIntent { body } => {
                let input: CreateIntent = parse(body)?;
                let input = input.validate(caller.account.is_some())?;
                let snapshot = store.snapshot()?;
                let merchant = crate::domain::org::name_of(&snapshot, caller.owner())?;
                let minted =
                    intents::Minted::from_snapshot(&snapshot, &caller, &merchant, input, now_ms)?;
                Box::new(move |tx| {
                    let (intent, secret) = intents::create(tx, &settings, &caller, minted)?;
                    Output::json(201, &view::render(&intent, &settings, Some(secret)))
                })
            }
            Request::Confirm { intent, body } => {
                let input: ConfirmIntent = parse(body)?;
                let input = input.check_card(now_ms)?;
                Box::new(move |tx| {
                    let intent = intents::confirm(tx, &settings, &caller, &intent, input)?;
                    Output::json(200, &view::render(&intent, &settings, None))
                })
            }
            Request::Capture { intent, amount } => Box::new(move |tx| {
                let intent = intents::capture(tx, &settings, &caller, &intent, amount)?;
                Output::json(200, &view::render(&intent, &settings, None))
            }),
            Request::Cancel { intent } => {
                let input: CancelIntent = parse(json!({ "reason": "the simulator cancels" }))?;
                Box::new(move |tx| {
                    let intent = intents::cancel(tx, &settings, &caller, &intent, input)?;
                    Output::json(200, &view::render(&intent, &settings, None))
                })
            }
            Request::Refund { intent, amount } => {
                let reason = refunds::reason("requested_by_customer".into())?;
                Box::new(move |tx| {
                    let new = refunds::NewRefund {
                        payment_intent: intent,
                        amount_minor: amount,
                        currency: None,
                        reason,
                        metadata: Default::default(),
                        stepped_up: false,
                    };
                    let refund = refunds::create(tx, &settings, &caller, new)?;
                    Output::json(201, &refunds::view(&refund))
                })
            }
            Request::Dispute { intent, amount } => Box::new(move |tx| {
                let new = disputes::NewDispute {
                    payment_intent: intent,
                    amount_minor: amount,
                    reason: disputes::Reason::ProductNotReceived,
                    evidence_due_in_minutes: None,
                };
                let dispute = disputes::open(tx, &settings, &caller, new)?;
                Output::json(201, &disputes::view(&dispute))
            }),
            Request::Transfer {
                to,
                amount,
                currency,
            } => Box::new(move |tx| {
                let new = transfers::NewTransfer {
                    to,
                    amount_minor: amount,
                    currency,
                    note: None,
                    quote_id: None,
                    funded_from: crate::ledger::Class::Available,
                };
                let transfer = transfers::create(tx, &caller, new)?;
                Output::json(201, &transfers::view(&transfer, caller.owner()))
            }),
            Request::Payout { body } => {
                let input: CreatePayout = parse(body)?;
                let request = input.parse()?;
                Box::new(move |tx| {
                    let payout = payouts::create(tx, &caller, request)?;
                    Output::json(201, &payouts::view(&payout))
                })
            }
        })
    }
}

/// A body through its input type, as `Body<T>` parses it.
fn parse<T: serde::de::DeserializeOwned>(body: Value) -> Result<T, ApiError> {
    serde_json::from_value(body).map_err(|e| ApiError::field("body", e.to_string()))
}
