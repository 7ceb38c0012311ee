//! The credit-readiness signal (spec section 4.13): `GET
//! /credit_readiness/{code}` for a lender's key, and the owner's consent
//! codes (an addition: `docs/decisions.md`).

use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use utoipa::ToSchema;

use super::command;
use super::command::Write;
use super::extract::{Body, Claim, Path, Reader};
use super::operations::operations;
use crate::domain::agents::History;
use crate::domain::credit::{self, ConsentView, Report};
use crate::domain::{fields, test_clocks};
use crate::error::{ApiError, ErrorBody};

operations! {
    create_consent: session(roles::CREDIT_CONSENTS_MANAGE).added(),
    revoke_consent: session(roles::CREDIT_CONSENTS_MANAGE).added(),
    read: scope("credit:read"),
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateConsent {
    /// How long the code works: 1 to 365 days, default 90.
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 365)]
    pub days: Option<i64>,
}

/// Creates a consent code to share the organisation's credit-readiness
/// signal: its owners, in a session (an addition to the spec). The code is
/// shown once, here. Audited.
#[utoipa::path(post, path = "/credit_readiness/consents", tag = "credit", request_body = CreateConsent,
    responses((status = 201, description = "The consent, with its code (shown once)", body = ConsentView),
              (status = 400, description = "days out of 1 to 365", body = ErrorBody),
              (status = 403, description = "Not an owner's session (role_denied, session_required)", body = ErrorBody)))]
pub async fn create_consent(
    Write(state, caller, claim): Write,
    Body(input): Body<CreateConsent>,
) -> Result<Response, ApiError> {
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let (consent, code) = credit::create(tx, &caller, input.days)?;
        let details = serde_json::json!({"days": consent.days, "code_last4": consent.code_last4});
        crate::domain::audit::record(
            tx,
            &crate::domain::audit::Actor::of(&caller),
            "credit_consent.created",
            Some(&consent.id),
            details,
        )?;
        Ok(credit::consent_view(&consent, Some(code)))
    })
    .await
}

/// Revokes a consent code at once: its owners, in a session (an addition).
#[utoipa::path(post, path = "/credit_readiness/consents/{id}/revoke", tag = "credit",
    params(("id" = String, Path, description = "crc_...")),
    responses((status = 200, description = "The revoked consent", body = ConsentView),
              (status = 403, description = "credit_consent_revoked (already), role_denied, session_required", body = ErrorBody),
              (status = 404, description = "credit_consent_not_found", body = ErrorBody)))]
pub async fn revoke_consent(
    Write(state, caller, claim): Write,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let consent = credit::revoke(tx, &caller, &id)?;
        crate::domain::audit::record(
            tx,
            &crate::domain::audit::Actor::of(&caller),
            "credit_consent.revoked",
            Some(&consent.id),
            serde_json::json!({"code_last4": consent.code_last4}),
        )?;
        Ok(credit::consent_view(&consent, None))
    })
    .await
}

/// The credit-readiness signal an organisation consented to share: score,
/// band and factors from its last 180 days of ledger, cached 24 h. Never
/// transactions, never a lending decision. Every read is in the
/// organisation's audit log.
#[utoipa::path(get, path = "/credit_readiness/{code}", tag = "credit",
    params(("code" = String, Path, description = "The consent code, CR-XXXXXX-XXXXXX")),
    responses((status = 200, description = "The signal", body = Report),
              (status = 403, description = "credit_consent_expired, credit_consent_revoked", body = ErrorBody),
              (status = 404, description = "credit_consent_not_found (unknown code, or of the other mode)", body = ErrorBody)))]
pub async fn read(
    Reader(state, caller): Reader,
    Path(code): Path<String>,
) -> Result<Response, ApiError> {
    let snapshot = state.store.snapshot()?;
    let wall_ms = state.clock.now_ms();
    let subject_now =
        |c: &credit::Consent| test_clocks::now_for(&snapshot, c.mode, &c.owner, wall_ms);
    let consent = credit::by_code(&snapshot, caller.mode, &code, subject_now)?;
    let now_ms = subject_now(&consent)?;
    let (report, fresh) = match credit::cached(&snapshot, &consent, now_ms)? {
        Some(report) => (report, false),
        None => (
            credit::compute(&snapshot as &dyn History, &consent, now_ms)?,
            true,
        ),
    };
    let claim = Claim::in_sandbox(consent.mode, &consent.owner);
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        credit::record_read(tx, &caller, &consent, &report, fresh, now_ms)?;
        Ok(report)
    })
    .await
}
