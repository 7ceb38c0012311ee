//! The service itself: operating status, the sandbox catalogue, the OpenAPI
//! document. Public, no key.

use std::sync::atomic::Ordering;

use axum::extract::State;
use axum::response::Response;
use serde::Serialize;
use utoipa::ToSchema;

use super::AppState;
use super::extract::json;
use super::operations::operations;
use crate::clock::rfc3339;
use crate::domain::intents;
use crate::error::ApiError;
use crate::events::API_VERSION;
use crate::rails::card::{CARD_NUMBERS, MagicCard};
use crate::rails::sandbox::{
    MAGIC_NUMBERS, MagicNumber, PAYOUT_NUMBERS, PayoutNumber, RAIL_RULES, RailRule,
};

operations! {
    status: public(),
    sandbox: public(),
    openapi: public().added(),
}

#[derive(Serialize, ToSchema)]
pub struct StatusView {
    /// Always `status`.
    object: &'static str,
    /// `normal`, `degraded` or `halted` (guardian engaged).
    operating_state: &'static str,
    /// The same as `operating_state`, under the origin's name for it.
    mode: &'static str,
    guardian: GuardianView,
    /// Subsystems running in a reduced way; empty when all is well.
    degraded_flags: Vec<String>,
    /// Version of the gateway binary.
    version: &'static str,
    /// Version of the API description.
    api_version: &'static str,
    /// The gateway's clock (RFC 3339).
    time: String,
    store: StoreView,
}

#[derive(Serialize, ToSchema)]
pub struct GuardianView {
    /// True while money movement is halted.
    engaged: bool,
    /// The same as `engaged`, under the origin's name for it.
    active: bool,
    reason: Option<String>,
    since: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct StoreView {
    /// True when a read snapshot could be taken.
    ok: bool,
    /// `file`, `memory` (`--ephemeral`) or `postgres` (`--store postgres://...`).
    backend: &'static str,
    file_bytes: u64,
    /// Group commits since start.
    writer_batches: u64,
    /// Commands applied since start.
    writer_commands: u64,
    /// Milliseconds the writer spent applying commands since start (their
    /// work and the flush of their writes): its CPU time per command.
    writer_apply_ms: u64,
    /// Milliseconds the writer spent committing since start (pages and fsync).
    writer_commit_ms: u64,
    /// The longest time one command held the writer since start (its work
    /// and the flush of its writes), in microseconds.
    writer_command_max_us: u64,
    /// True when the previous process did not close the store (kill -9,
    /// power loss) and it was repaired at start. No committed write is lost
    /// either way; the repair makes that start slower on a large store.
    repaired_at_start: bool,
    /// Batches the write-ahead log gave back at start because redb had not
    /// checkpointed them when the previous process stopped (0 after a clean
    /// stop). Each was durable and acknowledged before the stop.
    replayed_batches_at_start: u64,
}

#[utoipa::path(get, path = "/status", tag = "status",
    responses((status = 200, description = "Operating state", body = StatusView)))]
pub async fn status(State(state): State<AppState>) -> Result<Response, ApiError> {
    let halt = state.guardian.halt();
    let snapshot = state.store.snapshot();
    let store_ok = snapshot.is_ok();
    let mut degraded_flags = Vec::new();
    if !store_ok {
        degraded_flags.push("store_unreadable".to_string());
    }
    // A live provider failing repeatedly: skipped until its circuit closes.
    if let Ok(snapshot) = &snapshot {
        let now = state.clock.now_ms();
        for provider in crate::domain::live_rails::health::open_circuits(snapshot, now)? {
            degraded_flags.push(format!("rail_circuit_open:{}", provider.as_str()));
        }
    }
    let operating_state = match (&halt, degraded_flags.is_empty()) {
        (Some(_), _) => "halted",
        (None, false) => "degraded",
        (None, true) => "normal",
    };
    let view = StatusView {
        object: "status",
        operating_state,
        mode: operating_state,
        guardian: GuardianView {
            engaged: halt.is_some(),
            active: halt.is_some(),
            reason: halt.as_ref().map(|h| h.reason.clone()),
            since: halt.as_ref().map(|h| rfc3339(h.since_ms)),
        },
        degraded_flags,
        version: env!("CARGO_PKG_VERSION"),
        api_version: API_VERSION,
        time: rfc3339(state.clock.now_ms()),
        store: StoreView {
            ok: store_ok,
            backend: state.store.location.backend_name(),
            file_bytes: state.store.file_bytes(),
            writer_batches: state.writer.stats.batches.load(Ordering::Relaxed),
            writer_commands: state.writer.stats.commands.load(Ordering::Relaxed),
            writer_apply_ms: state.writer.stats.apply_us.load(Ordering::Relaxed) / 1000,
            writer_commit_ms: state.writer.stats.commit_us.load(Ordering::Relaxed) / 1000,
            writer_command_max_us: state.writer.stats.command_us_max.load(Ordering::Relaxed),
            repaired_at_start: state.store.repaired_at_open,
            replayed_batches_at_start: state.store.replayed_at_open.batches,
        },
    };
    json(200, &view)
}

#[derive(Serialize, ToSchema)]
pub struct SandboxView {
    object: &'static str,
    /// Magic payer numbers; they act on test keys only.
    magic_numbers: &'static [MagicNumber],
    /// Payout destinations with documented outcomes (`POST /payouts`, test
    /// keys only); any other destination is paid.
    payout_numbers: &'static [PayoutNumber],
    /// Card numbers with documented outcomes (`confirm` with rail card, test
    /// keys only); any other Luhn-valid number succeeds.
    card_numbers: &'static [MagicCard],
    /// The bank account bank attempts tell payers to pay in the sandbox.
    bank_account: SandboxBankAccount,
    /// What bank credits, wallet payments and QR scans do.
    rail_rules: &'static [RailRule],
}

#[derive(Serialize, ToSchema)]
pub struct SandboxBankAccount {
    bank_name: &'static str,
    account_name: &'static str,
    account_number: &'static str,
    swift_code: &'static str,
}

#[utoipa::path(get, path = "/sandbox", tag = "status",
    responses((status = 200, description = "Every rail's magic values: payer numbers, payout numbers, card numbers, the bank account and the bank, wallet and QR rules", body = SandboxView)))]
pub async fn sandbox() -> Result<Response, ApiError> {
    json(
        200,
        &SandboxView {
            object: "sandbox",
            magic_numbers: MAGIC_NUMBERS,
            payout_numbers: PAYOUT_NUMBERS,
            card_numbers: CARD_NUMBERS,
            bank_account: SandboxBankAccount {
                bank_name: intents::SANDBOX_BANK_NAME,
                account_name: intents::SANDBOX_ACCOUNT_NAME,
                account_number: intents::SANDBOX_ACCOUNT_NUMBER,
                swift_code: intents::SANDBOX_SWIFT,
            },
            rail_rules: RAIL_RULES,
        },
    )
}

#[utoipa::path(get, path = "/openapi.json", tag = "status",
    responses((status = 200, description = "This OpenAPI 3.1 document")))]
pub async fn openapi() -> Result<Response, ApiError> {
    Ok(super::extract::json_bytes_response(
        200,
        crate::http::openapi::json().into_bytes(),
    ))
}
