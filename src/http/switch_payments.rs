//! National-switch payments (spec 4.12, origin section 10): `POST /payments`,
//! `GET /payments/{id}`, `POST /payments/{id}/cancel`.

use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use utoipa::ToSchema;

use super::command;
use super::command::Write;
use super::extract::{Body, Path, Reader, read_json};
use super::operations::operations;
use super::team::members::NoParams;
use crate::domain::fields;
use crate::domain::switch_payments::{self, Consent, NewPayment, SwitchPaymentView};
use crate::error::{ApiError, Code, ErrorBody};
use crate::fields::parse_json;
use crate::mode::Mode;
use crate::rails::switch_connector::{SandboxSwitch, SwitchConnector};

operations! {
    create: scope("payments:create").ik_required().replays_ok(),
    retrieve: scope("payments:read"),
    cancel: scope("payments:cancel").moving_money(),
    review: member("payments:cancel").ik_required().added(),
}

/// Inputs that would let a caller choose the route: refused (origin section 10).
pub const REFUSED_INPUTS: [&str; 11] = [
    "rail",
    "route",
    "sponsor_id",
    "sponsor",
    "access_mode",
    "exemption",
    "exception_id",
    "connection_id",
    "switch",
    "bypass",
    "currency_override",
];
const ORDER_ID_CHARS_MAX: usize = 64;
const BINDING_CHARS_MAX: usize = 64;
const DESCRIPTION_CHARS_MAX: usize = 200;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatePayment {
    /// The merchant's order: one payment per order (IDM-002).
    #[schema(min_length = 1, max_length = 64, pattern = "^[A-Za-z0-9._:/-]+$")]
    pub merchant_order_id: String,
    #[serde(deserialize_with = "fields::int")]
    #[schema(minimum = 1, maximum = 1_000_000_000_000i64)]
    pub amount_minor: i64,
    /// CDF or USD.
    #[schema(example = "CDF", pattern = "^(CDF|USD)$")]
    pub currency: String,
    /// Always `MERCHANT_PAYMENT`.
    #[schema(example = "MERCHANT_PAYMENT", pattern = "^MERCHANT_PAYMENT$")]
    pub product: String,
    /// The payer's account binding at the switch. Sandbox: `bind_sandbox_reject`,
    /// `bind_sandbox_timeout`, `bind_sandbox_timeout_unsent`,
    /// `bind_sandbox_no_answer` choose those outcomes; any other binding is
    /// accepted and completed.
    #[schema(min_length = 1, max_length = 64, pattern = "^[A-Za-z0-9._:-]+$")]
    pub payer_binding: String,
    /// The payer's consent: valid 600 s from `granted_at`; without a valid
    /// one the payment is REQUIRES_ACTION.
    pub consent: Option<ConsentInput>,
    #[schema(max_length = 200, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub description: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConsentInput {
    #[schema(min_length = 1, max_length = 64, pattern = "^[A-Za-z0-9._:-]+$")]
    pub id: String,
    /// Unix seconds when the payer consented (a time ahead of the
    /// gateway's clock by more than 60 s is not a valid consent).
    #[serde(deserialize_with = "fields::int")]
    #[schema(minimum = 0, maximum = 100_000_000_000i64)]
    pub granted_at: i64,
}

fn token(param: &str, value: String, max: usize, extra: &[u8]) -> Result<String, ApiError> {
    let ok = !value.is_empty()
        && value.len() <= max
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || extra.contains(&b));
    if ok {
        Ok(value)
    } else {
        Err(ApiError::field(
            param,
            format!(
                "{param} must be 1 to {max} of A-Z a-z 0-9 and {}",
                String::from_utf8_lossy(extra)
            ),
        ))
    }
}

fn new_payment(input: CreatePayment, switch: &str) -> Result<NewPayment, ApiError> {
    if input.product != switch_payments::PRODUCT {
        return Err(ApiError::field(
            "product",
            format!(
                "product must be {} (got {:?})",
                switch_payments::PRODUCT,
                input.product
            ),
        ));
    }
    if !(1..=switch_payments::AMOUNT_MAX_MINOR).contains(&input.amount_minor) {
        return Err(ApiError::new(
            Code::InvalidAmount,
            format!(
                "amount_minor must be 1 to 10^12 (got {})",
                input.amount_minor
            ),
        )
        .with_param("amount_minor"));
    }
    let currency = crate::domain::currency::parse("currency", &input.currency)?.code;
    if !switch_payments::CURRENCIES.contains(&currency) {
        return Err(ApiError::new(
            Code::InvalidCurrency,
            format!("the national switch carries CDF and USD (got {currency})"),
        )
        .with_param("currency"));
    }
    let consent = match input.consent {
        Some(c) => Some(Consent {
            id: token("consent.id", c.id, 64, b"._:-")?,
            granted_at_ms: c
                .granted_at
                .checked_mul(1000)
                .ok_or_else(|| ApiError::field("consent.granted_at", "out of range"))?,
        }),
        None => None,
    };
    Ok(NewPayment {
        merchant_order_id: token(
            "merchant_order_id",
            input.merchant_order_id,
            ORDER_ID_CHARS_MAX,
            b"._:/-",
        )?,
        amount_minor: input.amount_minor,
        currency: currency.to_string(),
        payer_binding: token(
            "payer_binding",
            input.payer_binding,
            BINDING_CHARS_MAX,
            b"._:-",
        )?,
        description: fields::text("description", input.description, DESCRIPTION_CHARS_MAX)?,
        consent,
        switch: switch.to_string(),
    })
}

/// Refuses the origin's route-choosing inputs by name (400 `input_not_allowed`).
fn refuse_route_inputs(body: &serde_json::Map<String, serde_json::Value>) -> Result<(), ApiError> {
    match REFUSED_INPUTS.iter().find(|name| body.contains_key(**name)) {
        Some(name) => Err(ApiError::new(
            Code::InputNotAllowed,
            format!("{name} cannot be sent: the gateway computes the payment's route itself"),
        )
        .with_param(*name)),
        None => Ok(()),
    }
}

/// Creates a national-switch payment (IDM-001 through the Idempotency-Key, IDM-002, IDM-003).
#[utoipa::path(post, path = "/payments", tag = "national_switch", request_body = CreatePayment,
    responses((status = 201, description = "The payment: READY (consent valid, queued for the switch) or REQUIRES_ACTION", body = SwitchPaymentView),
              (status = 200, description = "A replay of the same Idempotency-Key and body (IDM-001): the same payment, with Idempotent-Replayed: true", body = SwitchPaymentView),
              (status = 400, description = "A refused input (`input_not_allowed`: rail, route, sponsor_id, ...), a product other than MERCHANT_PAYMENT, or a malformed field", body = ErrorBody),
              (status = 409, description = "order_already_exists (details.payment_id), idempotency_key_reused, request_in_progress", body = ErrorBody),
              (status = 422, description = "rail_not_configured: live mode has no national-switch connector", body = ErrorBody)))]
pub async fn create(
    Write(state, caller, claim): Write,
    Body(body): Body<serde_json::Map<String, serde_json::Value>>,
) -> Result<Response, ApiError> {
    refuse_route_inputs(&body)?;
    let bytes = serde_json::to_vec(&body).map_err(ApiError::internal)?;
    let input: CreatePayment = parse_json(&bytes)?;
    if caller.mode == Mode::Live {
        return Err(ApiError::new(
            Code::RailNotConfigured,
            "live mode has no national-switch connector configured; nothing was written",
        ));
    }
    let new = new_payment(input, SandboxSwitch.name())?;
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        Ok(switch_payments::view(&switch_payments::create(
            tx, &caller, new,
        )?))
    })
    .await
}

/// A national-switch payment with its five status dimensions and its journal.
#[utoipa::path(get, path = "/payments/{id}", tag = "national_switch",
    params(("id" = String, Path, description = "pay_...")),
    responses((status = 200, description = "The payment", body = SwitchPaymentView),
              (status = 404, description = "switch_payment_not_found", body = ErrorBody)))]
pub async fn retrieve(
    Reader(state, caller): Reader,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    read_json(&state, |snapshot| {
        Ok(switch_payments::view(&switch_payments::read(
            snapshot, &caller, &id,
        )?))
    })
}

/// Cancels a payment not yet sent to the switch (RECEIVED, REQUIRES_ACTION, READY).
#[utoipa::path(post, path = "/payments/{id}/cancel", tag = "national_switch", request_body = NoParams,
    params(("id" = String, Path, description = "pay_...")),
    responses((status = 200, description = "The payment, CANCELLED", body = SwitchPaymentView),
              (status = 404, description = "switch_payment_not_found", body = ErrorBody),
              (status = 409, description = "payment_not_cancellable: it was sent to the switch (details.status)", body = ErrorBody)))]
pub async fn cancel(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
    Body(_): Body<NoParams>,
) -> Result<Response, ApiError> {
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        Ok(switch_payments::view(&switch_payments::cancel(
            tx, &caller, &id,
        )?))
    })
    .await
}

/// An operator's decision on a payment whose inquiries ran out (UNKNOWN,
/// resolution MANUAL_REVIEW), from the switch's statement.
#[utoipa::path(post, path = "/payments/{id}/review", tag = "national_switch",
    params(("id" = String, Path, description = "pay_...")),
    request_body = crate::domain::review::ReviewRequest,
    responses((status = 200, description = "The payment after the operator's decision: COMPLETED (`paid`: the merchant credited, the evidence's reference as `switch_reference`) or REJECTED with failure_reason `returned` (nothing taken); resolution_status RESOLVED and `resolution` records it", body = SwitchPaymentView),
              (status = 400, description = "A field (`param` names it: `evidence.reference`, `outcome`, ...); nothing written", body = ErrorBody),
              (status = 403, description = "session_required for an API key; role_denied; step_up_required: live mode without a valid PIN", body = ErrorBody),
              (status = 404, description = "switch_payment_not_found", body = ErrorBody),
              (status = 409, description = "not_in_review: the payment is not UNKNOWN with resolution MANUAL_REVIEW (`details.status`)", body = ErrorBody)))]
pub async fn review(
    write: Write,
    Path(id): Path<String>,
    Body(input): Body<crate::domain::review::ReviewRequest>,
) -> Result<Response, ApiError> {
    let what = "resolving a national-switch payment in review";
    super::review::decide(
        write,
        input,
        what,
        move |tx, _, caller, outcome, evidence| {
            let payment = switch_payments::review(tx, caller, &id, outcome, evidence)?;
            Ok(switch_payments::view(&payment))
        },
    )
    .await
}
