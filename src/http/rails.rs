//! Live rails (`docs/rails.md`, additions to the spec): an owner configures
//! a provider's connector for the organisation's live mode (`PUT
//! /rails/{rail}`, a session with PIN step-up; the credentials are sealed
//! and never shown again), `GET /rails` shows what is configured and each
//! provider's health, and providers call `POST /rails/{rail}/callback`.

use std::collections::BTreeMap;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde::{Deserialize, Serialize};
use subtle::ConstantTimeEq;
use utoipa::ToSchema;

use super::AppState;
use super::command;
use super::command::Write;
use super::extract::{Body, Path, Reader, json};
use super::operations::operations;
use super::step_up;
use crate::clock::rfc3339;
use crate::domain::audit::{self, Actor};
use crate::domain::live_rails::health::{self, Circuit};
use crate::domain::live_rails::{self, RailConfig, requests};
use crate::domain::step_up::Proof;
use crate::error::{ApiError, Code, ErrorBody};
use crate::mode::Mode;
use crate::rails::live::Provider;

operations! {
    list_rails: session(roles::RAILS_READ).added(),
    configure_rail: session(roles::RAILS_MANAGE).added(),
    rail_callback: public().added(),
    reconcile_rail: scope("reconciliation:read").added(),
}

/// A callback body is read up to this size.
pub const CALLBACK_BYTES_MAX: usize = 64 * 1024;

/// A provider's health, from the answers the dispatcher recorded.
#[derive(Debug, Serialize, ToSchema)]
pub struct RailHealthView {
    /// `closed` (in use), `open` (skipped after repeated faults) or
    /// `half_open` (the next request probes it).
    pub circuit: Circuit,
    pub faults_in_a_row: u32,
    /// Faults per call over the current hour, 0 to 1.
    pub error_rate: f64,
    pub last_success_at: Option<String>,
    pub last_fault_at: Option<String>,
}

/// A live connector of the organisation.
#[derive(Debug, Serialize, ToSchema)]
pub struct RailView {
    /// Always `rail`.
    pub object: &'static str,
    /// `mtn_momo`, `airtel_money` or `flutterwave`.
    pub rail: Provider,
    /// Always true: rails are configured for live mode (test mode is the sandbox's).
    pub livemode: bool,
    pub configured: bool,
    /// The names of the credentials held (their values are never shown).
    pub credential_names: Vec<String>,
    pub target_environment: Option<String>,
    pub country: Option<String>,
    /// The URL to register with the provider for its callbacks.
    pub callback_url: String,
    pub updated_at: Option<String>,
    pub health: RailHealthView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RailList {
    /// Always `list`.
    pub object: &'static str,
    pub data: Vec<RailView>,
}

fn view(
    state: &AppState,
    provider: Provider,
    config: Option<&RailConfig>,
    health: &health::Health,
) -> RailView {
    let now = state.clock.now_ms();
    RailView {
        object: "rail",
        rail: provider,
        livemode: true,
        configured: config.is_some(),
        credential_names: config
            .map(|c| c.credential_names.clone())
            .unwrap_or_default(),
        target_environment: config.map(|c| c.target_environment.clone()),
        country: config.and_then(|c| c.country.clone()),
        callback_url: format!(
            "{}/v1/rails/{}/callback",
            state.settings.public_url,
            provider.as_str()
        ),
        updated_at: config.map(|c| rfc3339(c.updated_at_ms)),
        health: RailHealthView {
            circuit: health.circuit(now),
            faults_in_a_row: health.faults_in_a_row,
            error_rate: health.error_rate(),
            last_success_at: health.last_success_ms.map(rfc3339),
            last_fault_at: health.last_fault_ms.map(rfc3339),
        },
    }
}

/// The live rails: each provider, whether the organisation configured it,
/// and its health (an addition to the spec).
#[utoipa::path(get, path = "/rails", tag = "rails",
    responses((status = 200, description = "Every live connector, configured or not, with its health", body = RailList),
              (status = 403, description = "Not an owner's or admin's session (session_required, role_denied)", body = ErrorBody)))]
pub async fn list_rails(Reader(state, caller): Reader) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let mut data = Vec::with_capacity(Provider::ALL.len());
    for provider in Provider::ALL {
        let config = live_rails::find(&snapshot, Mode::Live, caller.owner(), provider)?;
        let health = health::load(&snapshot, Mode::Live, provider)?;
        data.push(view(&state, provider, config.as_ref(), &health));
    }
    json(
        200,
        &RailList {
            object: "list",
            data,
        },
    )
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConfigureRail {
    /// The provider's credentials by name (`mtn_momo`: api_user, api_key,
    /// collection_subscription_key, disbursement_subscription_key;
    /// `airtel_money`: client_id, client_secret, disbursement_pin;
    /// `flutterwave`: secret_key, secret_hash). Sealed at rest, never shown again.
    pub credentials: BTreeMap<String, String>,
    /// MTN's `X-Target-Environment` (`sandbox`, `mtnuganda`, ...); default `sandbox`.
    #[schema(max_length = 64)]
    pub target_environment: Option<String>,
    /// ISO 3166 alpha-2 country of the account (Airtel's `X-Country`).
    #[schema(min_length = 2, max_length = 2)]
    pub country: Option<String>,
    /// The owner's PIN (step-up).
    #[schema(max_length = 64)]
    pub pin: Option<String>,
}

fn provider_of(rail: &str) -> Result<Provider, ApiError> {
    Provider::parse(rail).ok_or_else(|| {
        ApiError::new(
            Code::RailUnknown,
            format!("no live connector is called {rail:?}; the rails are mtn_momo, airtel_money and flutterwave"),
        )
        .with_param("rail")
    })
}

/// Configures a live connector for the organisation: its owners, in a
/// session, with their PIN. Replaces an earlier configuration. Audited
/// (the credential names, never their values).
#[utoipa::path(put, path = "/rails/{rail}", tag = "rails", request_body = ConfigureRail,
    params(("rail" = String, Path, description = "mtn_momo, airtel_money or flutterwave")),
    responses((status = 200, description = "The connector as configured", body = RailView),
              (status = 403, description = "Not an owner's session, or no valid PIN (session_required, role_denied, step_up_required)", body = ErrorBody),
              (status = 404, description = "rail_unknown", body = ErrorBody)))]
pub async fn configure_rail(
    Write(state, caller, claim): Write,
    Path(rail): Path<String>,
    Body(input): Body<ConfigureRail>,
) -> Result<Response, ApiError> {
    let provider = provider_of(&rail)?;
    let ConfigureRail {
        credentials,
        target_environment,
        country,
        pin,
    } = input;
    let sealed = live_rails::seal(provider, credentials, target_environment, country)?;
    step_up::require(
        &state,
        &caller,
        Proof::Pin(pin.as_deref()),
        "configuring a live rail",
    )
    .await?;
    let actor = Actor::of(&caller);
    let owner = caller.owner().to_string();
    let view_state = state.clone();
    let settings = state.settings.clone();
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let config = live_rails::configure(tx, Mode::Live, &owner, sealed)?;
        live_rails::daily::arm(tx, &settings, Mode::Live, &owner, provider)?;
        audit::record(
            tx,
            &actor,
            "rail.configured",
            Some(provider.as_str()),
            serde_json::json!({
                "rail": provider.as_str(),
                "credential_names": config.credential_names,
                "target_environment": config.target_environment,
            }),
        )?;
        let health = health::load(tx, Mode::Live, provider)?;
        Ok(view(&view_state, provider, Some(&config), &health))
    })
    .await
}

/// What the gateway answers a provider's callback.
#[derive(Debug, Serialize, ToSchema)]
pub struct CallbackAck {
    /// Always true: the callback was read (what it says is confirmed by a status inquiry).
    pub received: bool,
    /// A status inquiry about the request it names was brought forward.
    pub inquiry_queued: bool,
}

/// A provider's callback (the URL `GET /rails` shows, registered with the
/// provider). Public: it is authenticated as the provider allows
/// (Flutterwave's `verif-hash`; MTN and Airtel sign nothing), and in every
/// case only brings forward a status inquiry; what it says is never taken
/// on trust. Duplicates change nothing.
#[utoipa::path(post, path = "/rails/{rail}/callback", tag = "rails",
    params(("rail" = String, Path, description = "mtn_momo, airtel_money or flutterwave")),
    responses((status = 200, description = "Read; an inquiry confirms it", body = CallbackAck),
              (status = 401, description = "callback_unauthenticated: the hash does not match", body = ErrorBody),
              (status = 404, description = "rail_unknown", body = ErrorBody)))]
pub async fn rail_callback(
    State(state): State<AppState>,
    Path(rail): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let provider = provider_of(&rail)?;
    let ack = |inquiry_queued| {
        json(
            200,
            &CallbackAck {
                received: true,
                inquiry_queued,
            },
        )
    };
    if body.len() > CALLBACK_BYTES_MAX {
        return Err(ApiError::field(
            "body",
            format!("a callback is at most {CALLBACK_BYTES_MAX} bytes"),
        ));
    }
    let Some((id, provider_id)) = request_id(provider, &body) else {
        return ack(false);
    };
    let snapshot = state.store.snapshot()?;
    let Some(request) = requests::get(&snapshot, &id)? else {
        return ack(false);
    };
    // Only an authenticated webhook may name the provider's transfer id
    // (which the next inquiry asks about, and checks against our reference).
    let mut transfer_id = None;
    if provider == Provider::Flutterwave {
        let config = live_rails::find(&snapshot, request.mode, &request.owner, provider)?;
        check_hash(config.as_ref(), &headers)?;
        transfer_id = provider_id;
    }
    let queued = state
        .writer
        .run(move |tx| requests::on_callback(tx, provider, &id, transfer_id))
        .await?;
    ack(queued)
}

/// The rail request a callback names: MTN's `externalId`, Airtel's
/// `transaction.id`, Flutterwave's `data.tx_ref` (a charge) or
/// `data.reference` (a transfer), each the request's id; with Flutterwave's
/// own id of it (`data.id`), when given.
fn request_id(provider: Provider, body: &[u8]) -> Option<(String, Option<String>)> {
    let value: serde_json::Value = serde_json::from_slice(body).ok()?;
    let data = value.get("data");
    let id = match provider {
        Provider::MtnMomo => value.get("externalId"),
        Provider::AirtelMoney => value.get("transaction").and_then(|t| t.get("id")),
        Provider::Flutterwave => data.and_then(|d| d.get("tx_ref").or_else(|| d.get("reference"))),
    }?;
    let provider_id = match data.and_then(|d| d.get("id")) {
        Some(serde_json::Value::Number(n)) => Some(n.to_string()),
        Some(serde_json::Value::String(s)) if s.len() <= 64 => Some(s.clone()),
        _ => None,
    };
    Some((id.as_str()?.to_string(), provider_id))
}

/// Flutterwave's `verif-hash` header must equal the configured secret hash.
fn check_hash(config: Option<&RailConfig>, headers: &HeaderMap) -> Result<(), ApiError> {
    let presented = headers
        .get("verif-hash")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let expected = config
        .and_then(|c| live_rails::open(c).ok())
        .map(|c| c.get("secret_hash").to_string())
        .unwrap_or_default();
    let matches: bool = expected.as_bytes().ct_eq(presented.as_bytes()).into();
    if expected.is_empty() || !matches {
        return Err(ApiError::new(
            Code::CallbackUnauthenticated,
            "the verif-hash header does not match the secret hash configured for flutterwave",
        ));
    }
    Ok(())
}

/// The largest report `POST /rails/{rail}/reconciliations` reads, in characters.
pub const STATEMENT_CHARS_MAX: usize = 8 << 20;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReconcileRail {
    /// The provider's transaction report as CSV: a header line naming
    /// reference, amount, currency and status, then one line per transaction.
    #[schema(max_length = 8388608)]
    pub statement: String,
}

/// Matches a provider's transaction report with the organisation's live
/// rail requests at that provider: missing, extra and mismatched lines; any
/// of them emits `reconciliation.mismatch` (an addition to the spec).
#[utoipa::path(post, path = "/rails/{rail}/reconciliations", tag = "rails", request_body = ReconcileRail,
    params(("rail" = String, Path, description = "mtn_momo, airtel_money or flutterwave")),
    responses((status = 200, description = "What matched and what did not", body = crate::domain::live_rails::reconcile::ReconciliationReportView),
              (status = 400, description = "The report cannot be read (validation_error, param statement)", body = ErrorBody),
              (status = 404, description = "rail_unknown", body = ErrorBody)))]
pub async fn reconcile_rail(
    Write(state, caller, claim): Write,
    Path(rail): Path<String>,
    Body(input): Body<ReconcileRail>,
) -> Result<Response, ApiError> {
    use crate::domain::live_rails::reconcile;
    let provider = provider_of(&rail)?;
    if input.statement.len() > STATEMENT_CHARS_MAX {
        return Err(ApiError::field(
            "statement",
            format!("a report is at most {STATEMENT_CHARS_MAX} bytes"),
        ));
    }
    let lines = reconcile::parse(&input.statement)?;
    let (mode, owner) = (caller.mode, caller.owner().to_string());
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        reconcile::run(tx, mode, &owner, provider, &lines)
    })
    .await
}
