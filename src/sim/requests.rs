//! Requests as a client sends them, and the writer command each becomes: the
//! same domain calls, in the same order, as the handler of its operation
//! (`src/http/intents.rs`, `refunds.rs`, `disputes.rs`, `wallets.rs`,
//! `payouts.rs`, `fx.rs`, `switch_payments.rs`, `payout_batches.rs`,
//! `accounts.rs`, `review.rs`, `offline.rs`, `routes.rs`), without HTTP. Bodies are parsed by the same
//! input types (`CreateIntent`, `ConfirmIntent`, `CreatePayout`, ...) from
//! JSON; where the handler's input type is private to `http`, the request
//! carries what its validation yields, through the domain's own checks.

mod offline;
mod routes;

use std::sync::Arc;

use serde_json::{Value, json};

pub use offline::SyncItem;

use crate::auth::Principal;
use crate::domain::accounts::{self, AccountType, NewAccount};
use crate::domain::intents::input::PurposeCode;
use crate::domain::intents::input::{CancelIntent, ConfirmIntent, CreateIntent};
use crate::domain::intents::{self, view};
use crate::domain::payout_batches::{self as batches, NewBatch, NewRows};
use crate::domain::payouts::input::CreatePayout;
use crate::domain::review::{Evidence, Outcome};
use crate::domain::subscriptions::calendar::Interval;
use crate::domain::switch_payments::{self, Consent, NewPayment};
use crate::domain::{
    Settings, disputes, fx, invoices, payouts, plans, refunds, remittances, subscriptions,
    transfers,
};
use crate::error::ApiError;
use crate::rails::switch_connector::{SandboxSwitch, SwitchConnector};
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
        /// An FX quote of the sender's: the recipient gets its target currency.
        quote: Option<String>,
    },
    Payout {
        body: Value,
    },
    /// `POST /fx/quotes`.
    FxQuote {
        amount: i64,
        currency: String,
        target: String,
    },
    /// `POST /payments` (national switch); the sandbox switch answers by
    /// `binding` (`rails::switch_connector`).
    SwitchPayment {
        order: String,
        amount: i64,
        currency: String,
        binding: String,
        /// The consent's time, whole seconds (as the wire carries it).
        consent_at_s: i64,
    },
    /// `POST /payouts/batches` from a CSV (the maker: an API key).
    CreateBatch {
        currency: String,
        csv: String,
    },
    /// `POST /payouts/batches/{id}/approve`, without a PIN.
    ApproveBatch {
        batch: String,
    },
    /// `POST /accounts`: a connected account of the caller (a platform).
    CreateAccount {
        name: String,
        email: String,
        fee_bps: i64,
    },
    /// `POST /plans`.
    CreatePlan {
        body: Value,
    },
    /// `POST /subscriptions`.
    Subscribe {
        plan: String,
        msisdn: String,
    },
    /// `POST /subscriptions/{id}/usage`.
    Usage {
        subscription: String,
        quantity: i64,
    },
    /// `POST /subscriptions/{id}/cancel`.
    CancelSubscription {
        subscription: String,
        immediately: bool,
    },
    /// `POST /remittances`.
    Remit {
        body: Value,
    },
    /// `POST /offline/devices`: a device's subkey (SPKI DER, base64), or a
    /// new one signed by its current key (a rotation).
    RegisterDevice {
        device_id: String,
        spki: String,
        rotation_signature: Option<String>,
    },
    /// `POST /offline/nonces`.
    FetchNonces {
        device_id: String,
        count: i64,
    },
    /// `POST /offline/sync`: signed promises, settled or rejected in order.
    OfflineSync {
        promises: Vec<SyncItem>,
    },
    /// `POST /routes/quote`.
    RouteQuote {
        body: Value,
    },
    /// `POST /routes`.
    Route {
        body: Value,
    },
    /// `POST /payouts/{id}/review`, `/payments/{id}/review`,
    /// `/routes/{id}/review` (a member's session): the operator's decision
    /// from the provider's statement.
    Review {
        of: Reviewed,
        id: String,
        paid: bool,
    },
}

/// What a review decides on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reviewed {
    Payout,
    SwitchPayment,
    /// A route in MANUAL_REVIEW or MISMATCHED.
    Route,
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
            Request::FxQuote { .. } => "POST /fx/quotes".into(),
            Request::SwitchPayment { .. } => "POST /payments".into(),
            Request::CreateBatch { .. } => "POST /payouts/batches".into(),
            Request::ApproveBatch { batch } => format!("POST /payouts/batches/{batch}/approve"),
            Request::CreateAccount { .. } => "POST /accounts".into(),
            Request::CreatePlan { .. } => "POST /plans".into(),
            Request::Subscribe { .. } => "POST /subscriptions".into(),
            Request::Usage { subscription, .. } => {
                format!("POST /subscriptions/{subscription}/usage")
            }
            Request::CancelSubscription { subscription, .. } => {
                format!("POST /subscriptions/{subscription}/cancel")
            }
            Request::Remit { .. } => "POST /remittances".into(),
            Request::RegisterDevice { .. } => "POST /offline/devices".into(),
            Request::FetchNonces { .. } => "POST /offline/nonces".into(),
            Request::OfflineSync { .. } => "POST /offline/sync".into(),
            Request::RouteQuote { .. } => "POST /routes/quote".into(),
            Request::Route { .. } => "POST /routes".into(),
            Request::Review {
                of: Reviewed::Route,
                id,
                ..
            } => format!("POST /routes/{id}/review"),
            Request::Review {
                of: Reviewed::Payout,
                id,
                ..
            } => format!("POST /payouts/{id}/review"),
            Request::Review {
                of: Reviewed::SwitchPayment,
                id,
                ..
            } => format!("POST /payments/{id}/review"),
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
            Request::ApproveBatch { batch } => Some(batch),
            Request::Review { id, .. } => Some(id),
            Request::Usage { subscription, .. }
            | Request::CancelSubscription { subscription, .. } => Some(subscription),
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
                quote,
            } => Box::new(move |tx| {
                let new = transfers::NewTransfer {
                    to,
                    amount_minor: amount,
                    currency,
                    note: None,
                    quote_id: quote,
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
            Request::FxQuote {
                amount,
                currency,
                target,
            } => {
                let new = fx::NewQuote::parse(amount, &currency, &target)?;
                Box::new(move |tx| {
                    let quote = fx::create(tx, &caller, new)?;
                    Output::json(201, &fx::quote_view(&quote, tx.now_ms()))
                })
            }
            Request::SwitchPayment {
                order,
                amount,
                currency,
                binding,
                consent_at_s,
            } => {
                let new = NewPayment {
                    merchant_order_id: order,
                    amount_minor: amount,
                    currency,
                    payer_binding: binding,
                    description: None,
                    consent: Some(Consent {
                        id: "consent-sim".into(),
                        granted_at_ms: consent_at_s * 1000,
                    }),
                    switch: SandboxSwitch.name().to_string(),
                };
                Box::new(move |tx| {
                    let payment = switch_payments::create(tx, &caller, new)?;
                    Output::json(201, &switch_payments::view(&payment))
                })
            }
            Request::CreateBatch { currency, csv } => {
                let new = NewBatch {
                    currency: crate::domain::currency::parse("currency", &currency)?,
                    reference: None,
                    note: None,
                    skip_invalid: true,
                    rows: NewRows::Csv(csv),
                };
                let prepared = batches::prepare(&store.snapshot()?, &caller, new, now_ms)?;
                Box::new(move |tx| Output::json(201, &batches::create(tx, &caller, prepared)?))
            }
            Request::ApproveBatch { batch } => {
                let chunk_rows = settings.payout_batch_chunk_rows;
                batches::read(&store.snapshot()?, &caller, &batch)?;
                Box::new(move |tx| {
                    let batch = batches::approve(tx, &caller, &batch, false, chunk_rows)?;
                    Output::json(200, &batches::batch_view(&batch))
                })
            }
            Request::CreateAccount {
                name,
                email,
                fee_bps,
            } => {
                let new = NewAccount {
                    business_name: accounts::business_name(name)?,
                    account_type: AccountType::Merchant,
                    email: accounts::contact(Some(email))?,
                    phone: None,
                    country: "CD".into(),
                    default_currency: Some("CDF".into()),
                    application_fee_bps: accounts::fee_bps(fee_bps)?,
                    metadata: Default::default(),
                };
                Box::new(move |tx| {
                    let account = accounts::create(tx, &caller, new)?;
                    Output::json(201, &accounts::view::render(&account, &[]))
                })
            }
            Request::CreatePlan { body } => {
                let input: PlanInput = parse(body)?;
                let new = plans::NewPlan {
                    name: input.name,
                    description: None,
                    currency: input.currency,
                    amount_minor: input.amount_minor,
                    interval: input.interval,
                    interval_count: Some(input.interval_count),
                    trial_days: Some(input.trial_days),
                    tax_bps: Some(input.tax_bps),
                    tax_label: None,
                    usage_unit: input.usage_unit,
                    usage_price_minor: input.usage_price_minor,
                    code: None,
                    dunning_exhausted: Some(input.dunning_exhausted),
                };
                let public_url = settings.public_url.clone();
                Box::new(move |tx| {
                    let plan = plans::create(tx, &caller, new, &public_url)?;
                    Output::json(201, &plans::view(&plan, &public_url))
                })
            }
            Request::Subscribe { plan, msisdn } => {
                let new = subscriptions::NewSubscription {
                    plan,
                    customer: subscriptions::Customer {
                        msisdn: Some(msisdn),
                        email: None,
                        reference: None,
                    },
                    metadata: Default::default(),
                };
                Box::new(move |tx| {
                    let sub = subscriptions::create(tx, &settings, &caller, new)?;
                    Output::json(201, &subscription_view(tx, &sub, &settings.public_url)?)
                })
            }
            Request::Usage {
                subscription,
                quantity,
            } => Box::new(move |tx| {
                let record =
                    subscriptions::record_usage(tx, &caller, &subscription, quantity, None)?;
                Output::json(200, &record)
            }),
            Request::CancelSubscription {
                subscription,
                immediately,
            } => Box::new(move |tx| {
                let sub =
                    subscriptions::cancel(tx, &settings, &caller, &subscription, immediately)?;
                Output::json(200, &subscription_view(tx, &sub, &settings.public_url)?)
            }),
            Request::Remit { body } => {
                let input: RemitInput = parse(body)?;
                let default_target = input.recipient.country.as_deref().and_then(|c| {
                    crate::domain::routes::config::local_currency(&c.trim().to_ascii_uppercase())
                });
                let ask = remittances::Ask::parse(
                    input.amount_minor,
                    Some(&input.currency),
                    Some(&input.target_currency),
                    default_target,
                )?;
                let new = remittances::NewRemittance {
                    ask,
                    payout_method: input.payout_method,
                    recipient: input.recipient,
                    source: None,
                    note: None,
                    purpose: Some(input.purpose),
                };
                Box::new(move |tx| {
                    let remittance = remittances::create(tx, &settings, &caller, new)?;
                    let route = remittances::route_of(tx, &remittance)?;
                    Output::json(201, &remittances::view(&remittance, route.as_ref()))
                })
            }
            Request::RegisterDevice {
                device_id,
                spki,
                rotation_signature,
            } => offline::register(caller, device_id, &spki, rotation_signature)?,
            Request::FetchNonces { device_id, count } => offline::nonces(caller, device_id, count)?,
            Request::OfflineSync { promises } => offline::sync(store, caller, &promises)?,
            Request::RouteQuote { body } => {
                routes::route(store, &settings, caller, body, now_ms, true)?
            }
            Request::Route { body } => {
                routes::route(store, &settings, caller, body, now_ms, false)?
            }
            Request::Review { of, id, paid } => {
                let outcome = if paid {
                    Outcome::Paid
                } else {
                    Outcome::Returned
                };
                let evidence = Evidence {
                    reference: format!("statement line for {id}"),
                    note: None,
                };
                crate::domain::review::validate(&evidence)?;
                Box::new(move |tx| match of {
                    Reviewed::Payout => {
                        let payout = crate::domain::review_payout(
                            tx, &settings, &caller, &id, outcome, &evidence,
                        )?;
                        Output::json(200, &payouts::view(&payout))
                    }
                    Reviewed::SwitchPayment => {
                        let payment =
                            switch_payments::review(tx, &caller, &id, outcome, &evidence)?;
                        Output::json(200, &switch_payments::view(&payment))
                    }
                    Reviewed::Route => {
                        let route = crate::domain::routes::review(
                            tx, &settings, &caller, &id, outcome, &evidence,
                        )?;
                        Output::json(200, &crate::domain::routes::view(tx, &route)?)
                    }
                })
            }
        })
    }
}

/// `POST /plans`'s body, as the simulator sends it (the handler's input
/// type is private to `http`; the domain's `NewPlan::check` judges it).
#[derive(serde::Deserialize)]
struct PlanInput {
    name: String,
    currency: String,
    amount_minor: i64,
    interval: Interval,
    interval_count: u32,
    trial_days: u32,
    tax_bps: u32,
    usage_unit: Option<String>,
    usage_price_minor: Option<i64>,
    dunning_exhausted: plans::DunningExhausted,
}

/// `POST /remittances`'s body, as the simulator sends it.
#[derive(serde::Deserialize)]
struct RemitInput {
    amount_minor: i64,
    currency: String,
    target_currency: String,
    payout_method: remittances::PayoutMethod,
    recipient: remittances::Recipient,
    purpose: PurposeCode,
}

/// A subscription as `POST /subscriptions` and its cancel answer: with its
/// latest invoice.
fn subscription_view(
    tx: &crate::store::Tx<'_>,
    sub: &subscriptions::Subscription,
    public_url: &str,
) -> Result<subscriptions::SubscriptionView, ApiError> {
    let plan: plans::Plan = crate::store::Read::object(tx, &sub.plan)?
        .ok_or_else(|| ApiError::internal("plan vanished"))?;
    let mut shown = Vec::new();
    if let Some(id) = &sub.latest_invoice
        && let Some(invoice) = crate::store::Read::object::<invoices::Invoice>(tx, id)?
    {
        shown.push(invoices::view(&invoice, public_url));
    }
    Ok(subscriptions::view(sub, &plan, shown))
}

/// A body through its input type, as `Body<T>` parses it.
fn parse<T: serde::de::DeserializeOwned>(body: Value) -> Result<T, ApiError> {
    serde_json::from_value(body).map_err(|e| ApiError::field("body", e.to_string()))
}
