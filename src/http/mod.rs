//! The HTTP API: axum on hyper. Every operation is served under `/v1` and
//! `/api/v1`; the gate (auth, scopes, guardian, idempotency) runs before each
//! handler; handlers parse, call the domain, and render.

pub mod balance;
pub mod checkout;
pub mod command;
pub mod disputes;
pub mod events;
pub mod extract;
pub mod gate;
pub mod intents;
pub mod list;
pub mod money_requests;
pub mod pages;
pub mod qr_codes;
pub mod rate_limit;
pub mod refunds;
pub mod signing_keys;
pub mod step_up;
pub mod system;
pub mod team;
pub mod verifications;
pub mod webhooks;

use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::Request;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, patch, post};
use tower_http::catch_panic::CatchPanicLayer;

use crate::clock::SharedClock;
use crate::domain::Settings;
use crate::error::{ApiError, Code};
use crate::guardian::SharedGuardian;
use crate::store::{Store, Writer};

/// Everything a handler may need. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub writer: Writer,
    pub clock: SharedClock,
    pub guardian: SharedGuardian,
    pub settings: Arc<Settings>,
    /// Per-address limit of the public `POST /resolve`.
    pub resolve_limiter: Arc<rate_limit::RateLimiter>,
    /// API keys already read, while `api_keys` is unchanged.
    pub key_cache: Arc<crate::auth::keys::KeyCache>,
}

/// The API surface, without its version prefix.
fn api(state: AppState) -> Router {
    Router::new()
        .route("/status", get(system::status))
        .route("/sandbox", get(system::sandbox))
        .route("/openapi.json", get(system::openapi))
        .route("/balance", get(balance::balance))
        .route("/transactions/{id}", get(balance::transaction))
        .route("/events", get(events::list))
        .route("/events/{id}/replay", post(webhooks::replay_event))
        .route("/keys", get(signing_keys::keys))
        .route(
            "/webhook_endpoints",
            post(webhooks::create).get(webhooks::list),
        )
        .route(
            "/webhook_endpoints/{id}",
            get(webhooks::retrieve)
                .patch(webhooks::update)
                .delete(webhooks::delete),
        )
        .route(
            "/webhook_endpoints/{id}/deliveries",
            get(webhooks::deliveries),
        )
        .route(
            "/webhook_deliveries/{id}/replay",
            post(webhooks::replay_delivery),
        )
        .route("/webhook_events/types", get(events::types))
        .route("/payment_intents", post(intents::create).get(intents::list))
        .route("/payment_intents/{id}", get(intents::retrieve))
        .route("/payment_intents/{id}/timeline", get(intents::timeline))
        .route("/payment_intents/{id}/methods", get(intents::methods))
        .route("/payment_intents/{id}/refundable", get(intents::refundable))
        .route("/payment_intents/{id}/confirm", post(intents::confirm))
        .route("/payment_intents/{id}/capture", post(intents::capture))
        .route("/payment_intents/{id}/cancel", post(intents::cancel))
        .route("/payment_intents/{id}/review", post(intents::review))
        .route("/payment_intents/{id}/splits", get(refunds::splits))
        .route(
            "/payment_intents/{id}/split_refunds",
            get(refunds::split_refunds),
        )
        .route(
            "/payment_intents/{id}/split_refunds/retry",
            post(refunds::retry_split_refunds),
        )
        .route(
            "/checkout_sessions",
            post(checkout::create_session).get(checkout::list_sessions),
        )
        .route("/checkout_sessions/{id}", get(checkout::get_session))
        .route(
            "/checkout_sessions/{id}/expire",
            post(checkout::expire_session),
        )
        .route(
            "/payment_links",
            post(checkout::create_link).get(checkout::list_links),
        )
        .route(
            "/payment_links/{id}/deactivate",
            post(checkout::deactivate_link),
        )
        .route("/money_requests", post(money_requests::create))
        .route("/money_requests/{code}", get(money_requests::retrieve))
        .route(
            "/money_requests/{code}/cancel",
            post(money_requests::cancel),
        )
        .route("/disputes", post(disputes::open).get(disputes::list))
        .route("/disputes/{id}", get(disputes::retrieve))
        .route("/disputes/{id}/respond", post(disputes::respond))
        .route("/verifications", post(verifications::verify))
        .route("/verifications/quota", get(verifications::quota))
        .route("/payment_resolution", get(verifications::resolution))
        .route("/refunds", post(refunds::create).get(refunds::list))
        .route("/refunds/{id}", get(refunds::retrieve))
        .route("/refunds/{id}/reject", post(refunds::reject))
        .route("/refunds/{id}/approve", post(refunds::approve))
        .route("/sessions", post(team::sessions::login))
        .route(
            "/sessions/current",
            get(team::sessions::current).delete(team::sessions::logout),
        )
        .route(
            "/api_keys",
            get(team::api_keys::list_keys).post(team::api_keys::create_key),
        )
        .route("/api_keys/{id}/rotate", post(team::api_keys::rotate_key))
        .route("/api_keys/{id}/revoke", post(team::api_keys::revoke_key))
        .route(
            "/team/members",
            get(team::members::list_members).post(team::members::add_member),
        )
        .route("/team/members/{id}", patch(team::members::update_member))
        .route(
            "/team/members/{id}/disable",
            post(team::members::disable_member),
        )
        .route("/audit_log", get(team::audit_log::audit_log))
        .route(
            "/locations",
            post(qr_codes::create_location).get(qr_codes::list_locations),
        )
        .route("/locations/{id}", get(qr_codes::retrieve_location))
        .route(
            "/locations/{id}/terminals",
            post(qr_codes::create_terminal).get(qr_codes::list_terminals),
        )
        .route(
            "/qr_codes",
            post(qr_codes::create_code).get(qr_codes::list_codes),
        )
        .route("/qr_codes/analytics", get(qr_codes::analytics))
        .route("/qr_codes/{id}", get(qr_codes::retrieve_code))
        .route("/qr_codes/{id}/revoke", post(qr_codes::revoke_code))
        .route("/resolve", post(qr_codes::resolve))
        .route_layer(axum::middleware::from_fn_with_state(
            state.clone(),
            gate::gate,
        ))
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(state)
}

/// Every route, with `bodies` (the body budget and deadline) applied before
/// the gate and the handlers read a body.
pub fn router(state: AppState, bodies: crate::net::body::BodyLimits) -> Router {
    let pages = pages::router(state.clone());
    let api = api(state);
    Router::new()
        .nest("/v1", api.clone())
        .nest("/api/v1", api)
        .merge(pages)
        .fallback(route_not_found)
        .layer(DefaultBodyLimit::max(extract::BODY_BYTES_MAX))
        .layer(axum::middleware::from_fn_with_state(
            bodies,
            crate::net::body::limit,
        ))
        .layer(CatchPanicLayer::custom(panicked))
}

async fn route_not_found(request: Request<axum::body::Body>) -> ApiError {
    ApiError::new(
        Code::RouteNotFound,
        format!(
            "no operation at {} {}; operations live under /v1 and /api/v1 (see GET /v1/openapi.json)",
            request.method(),
            request.uri().path()
        ),
    )
}

async fn method_not_allowed(request: Request<axum::body::Body>) -> ApiError {
    ApiError::new(
        Code::MethodNotAllowed,
        format!(
            "{} is not allowed on {}",
            request.method(),
            request.uri().path()
        ),
    )
}

fn panicked(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    ApiError::internal("a handler panicked").into_response()
}
