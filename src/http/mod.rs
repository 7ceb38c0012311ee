//! The HTTP API: axum on hyper. Every operation is served under `/v1` and
//! `/api/v1`; the gate (auth, scopes, guardian, idempotency) runs before each
//! handler; handlers parse, call the domain, and render.

pub mod accounts;
pub mod admin;
pub mod agents;
pub mod balance;
pub mod checkout;
pub mod command;
pub mod console;
pub mod credit;
pub mod diaspora;
pub mod disputes;
pub mod events;
pub mod extract;
pub mod fx;
pub mod gate;
pub mod intents;
pub mod list;
pub mod money_requests;
pub mod offline;
pub mod openapi;
pub mod operations;
pub mod organisations;
pub mod pages;
pub mod payout_batches;
pub mod payouts;
pub mod qr_codes;
pub mod rails;
pub mod rate_limit;
pub mod reconciliation;
pub mod refunds;
pub mod remittances;
pub mod review;
pub mod routes;
pub mod settlement;
pub mod signing_keys;
pub mod step_up;
pub mod subscriptions;
pub mod switch_payments;
pub mod system;
pub mod team;
pub mod test_clocks;
pub mod verifications;
pub mod wallets;
pub mod webhooks;

use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::Request;
use axum::response::{IntoResponse, Response};
use tower_http::catch_panic::CatchPanicLayer;

use crate::clock::SharedClock;
use crate::domain::Settings;
use crate::error::{ApiError, Code};
use crate::guardian::SharedGuardian;
use crate::store::{Store, Writer};

/// Everything a handler may need, behind one `Arc`: axum clones the state
/// for every extractor and middleware layer of every request, and cloning
/// the parts one by one (seven reference counts shared by every core) was a
/// thirtieth of a read's CPU.
#[derive(Clone)]
pub struct AppState(Arc<AppParts>);

impl AppState {
    pub fn new(parts: AppParts) -> AppState {
        AppState(Arc::new(parts))
    }
}

impl std::ops::Deref for AppState {
    type Target = AppParts;

    fn deref(&self) -> &AppParts {
        &self.0
    }
}

/// What [`AppState`] holds.
pub struct AppParts {
    pub store: Store,
    pub writer: Writer,
    pub clock: SharedClock,
    pub guardian: SharedGuardian,
    pub settings: Arc<Settings>,
    /// The one per-address limit of the public endpoints that read or act
    /// by a code or token (`POST /resolve`, the hosted pages).
    pub public_limiter: Arc<rate_limit::RateLimiter>,
    /// API keys already read, while `api_keys` is unchanged.
    pub key_cache: Arc<crate::auth::keys::KeyCache>,
    /// Organisations already read, while none has changed.
    pub org_cache: Arc<crate::domain::org::OrgCache>,
}

impl AppParts {
    /// "Now" for a read of `principal`: its sandbox's test clock when one is
    /// attached, else the real time (`domain::test_clocks`).
    pub fn now_for(
        &self,
        snapshot: &crate::store::Snapshot,
        principal: &crate::auth::Principal,
    ) -> Result<i64, crate::error::ApiError> {
        crate::domain::test_clocks::now_for(
            snapshot,
            principal.mode,
            &principal.org,
            self.clock.now_ms(),
        )
    }
}

/// Every operation of the API, area by area (each area declares its own
/// beside its handlers, see [`operations`]).
pub fn operations() -> Vec<operations::Served> {
    [
        system::operations(),
        balance::operations(),
        events::operations(),
        webhooks::operations(),
        signing_keys::operations(),
        intents::operations(),
        refunds::operations(),
        checkout::operations(),
        test_clocks::operations(),
        money_requests::operations(),
        disputes::operations(),
        verifications::operations(),
        team::operations(),
        wallets::operations(),
        organisations::operations(),
        qr_codes::operations(),
        fx::operations(),
        payouts::operations(),
        payout_batches::operations(),
        routes::operations(),
        remittances::operations(),
        settlement::operations(),
        accounts::operations(),
        offline::operations(),
        subscriptions::operations(),
        agents::operations(),
        credit::operations(),
        diaspora::operations(),
        switch_payments::operations(),
        admin::operations(),
        rails::operations(),
        reconciliation::operations(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The prefixes the API answers under (`gate::unversioned` strips them).
const VERSION_PREFIXES: [&str; 2] = ["/v1", "/api/v1"];

/// The API surface, each operation under both prefixes. The routes are
/// flat rather than one router nested twice: a nested router is a second
/// route lookup, a path rewrite and another layer of boxed services on every
/// request (decision 288).
fn api(state: AppState) -> Router {
    operations()
        .into_iter()
        .fold(Router::new(), |api, served| {
            VERSION_PREFIXES.iter().fold(api, |api, prefix| {
                api.route(
                    &format!("{prefix}{}", served.operation.path),
                    served.route.clone(),
                )
            })
        })
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
    let console = console::router(state.clone());
    Router::new()
        .merge(api(state))
        .merge(pages)
        .merge(console)
        .fallback(route_not_found)
        .layer(DefaultBodyLimit::max(extract::BODY_BYTES_MAX))
        .layer(axum::middleware::from_fn_with_state(
            bodies,
            crate::net::body::limit,
        ))
        .layer(CatchPanicLayer::custom(panicked))
        .layer(axum::middleware::from_fn(crate::metrics::track))
}

async fn route_not_found(request: Request<axum::body::Body>) -> axum::response::Response {
    // A person's browser gets a page in its language; an API client the JSON 404.
    if pages::wants_html(request.headers())
        && !request.uri().path().starts_with("/v1")
        && !request.uri().path().starts_with("/api/")
    {
        return pages::page_not_found(request.headers());
    }
    ApiError::new(
        Code::RouteNotFound,
        format!(
            "no operation at {} {}; operations live under /v1 and /api/v1 (see GET /v1/openapi.json)",
            request.method(),
            request.uri().path()
        ),
    )
    .into_response()
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
