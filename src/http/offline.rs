//! Offline payments (spec section 4.12, first half): device subkeys, nonces,
//! offline QR codes, the sync of signed promises and their list. The rules
//! are in `domain::offline`; the flow is told in `docs/offline.md`.

use crate::domain::offline::OFFLINE_PROMISE;
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::command;
use super::command::Write;
use super::extract::{Body, Params, Reader, json};
use super::list::{self, Rows, named_list};
use super::operations::operations;
use crate::domain::fields;
use crate::domain::offline::sync::{self, Outcome, Prepared, Submitted, SyncResult};
use crate::domain::offline::{
    self, DeviceView, NewKey, NewOfflineQr, NoncesView, OfflinePromiseView, OfflineQrView, Status,
};
use crate::error::{ApiError, ErrorBody};

operations! {
    // Registering a device makes it able to promise money as a payer; the
    // sync settles promises. Neither is halted at the gate: under a guardian
    // halt each promise is REJECTED `guardian_halt` with nothing posted
    // (origin behaviour section 9).
    register_device: scope("offline:write").acting_for_payer(),
    offline_qr: scope("qr_codes:write"),
    fetch_nonces: scope("offline:write"),
    sync: scope("offline:write").acting_for_payer(),
    list_promises: scope("offline:read"),
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RegisterDevice {
    /// 6 to 80 of `[A-Za-z0-9._:-]`, the organisation's own name for the device.
    #[schema(min_length = 6, max_length = 80, pattern = "^[A-Za-z0-9._:-]{6,80}$")]
    pub device_id: String,
    /// The device's ed25519 subkey: SubjectPublicKeyInfo, DER, base64.
    #[schema(max_length = 200)]
    pub public_key: String,
    /// Rotating the key of a registered device: the ed25519 signature
    /// (base64) by the device's latest subkey (even expired) of
    /// `paygate-device-rotation|<device_id>|<new raw public key, base64>`.
    /// Without it, a registered id is 403 `device_taken`.
    #[schema(max_length = 200)]
    pub rotation_signature: Option<String>,
}

/// Registers a device's subkey for the caller's organisation, valid 72
/// hours, or rotates it with a signature by the current one. The device signs promises as payer, or countersigns them
/// as merchant, with the matching private key.
#[utoipa::path(post, path = "/offline/devices", tag = "offline", request_body = RegisterDevice,
    responses((status = 201, description = "Registered, or rotated (`rotated: true`)", body = DeviceView),
              (status = 400, description = "A field (`param` names it)", body = ErrorBody),
              (status = 403, description = "device_taken: a registered device without a valid rotation_signature", body = ErrorBody),
              (status = 409, description = "device_limit: the organisation has 1,000 devices in this mode", body = ErrorBody)))]
pub async fn register_device(
    Write(state, caller, claim): Write,
    Body(input): Body<RegisterDevice>,
) -> Result<Response, ApiError> {
    offline::check_device_id("device_id", &input.device_id)?;
    let key = NewKey::parse(&input.public_key)?;
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let (device, rotated) = offline::register_device(
            tx,
            &caller,
            &input.device_id,
            key,
            input.rotation_signature.as_deref(),
        )?;
        Ok(offline::device_view(&device, rotated))
    })
    .await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FetchNonces {
    /// A device of the caller (the merchant) with a valid subkey.
    #[schema(min_length = 6, max_length = 80, pattern = "^[A-Za-z0-9._:-]{6,80}$")]
    pub device_id: String,
    /// 1 to 100; default 10.
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 100)]
    pub count: Option<i64>,
}

/// Prefetches single-use nonces for a merchant's device, each valid 72 hours.
#[utoipa::path(post, path = "/offline/nonces", tag = "offline", request_body = FetchNonces,
    responses((status = 201, description = "The nonces and their expiry", body = NoncesView),
              (status = 400, description = "A field (`param` names it)", body = ErrorBody)))]
pub async fn fetch_nonces(
    Write(state, caller, claim): Write,
    Body(input): Body<FetchNonces>,
) -> Result<Response, ApiError> {
    offline::check_device_id("device_id", &input.device_id)?;
    let max = i64::from(offline::NONCES_PER_REQUEST_MAX);
    let count = input
        .count
        .unwrap_or(i64::from(offline::NONCES_PER_REQUEST_DEFAULT));
    if !(1..=max).contains(&count) {
        return Err(ApiError::field(
            "count",
            format!("count must be from 1 to {max} (got {count})"),
        ));
    }
    let nonces: Vec<String> = (0..count).map(|_| offline::fresh_nonce()).collect();
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        let issued = offline::issue_nonces(tx, &caller, &input.device_id, nonces)?;
        Ok(offline::nonces_view(&input.device_id, &issued))
    })
    .await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateOfflineQr {
    /// The merchant's device the nonce is issued to.
    #[schema(min_length = 6, max_length = 80, pattern = "^[A-Za-z0-9._:-]{6,80}$")]
    pub device_id: String,
    pub currency: String,
    /// A fixed amount (tag 54); absent: the payer enters it.
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 1, maximum = 20_000)]
    pub amount_minor: Option<i64>,
    /// 60 to 900; default 900.
    #[serde(default, deserialize_with = "fields::opt_int")]
    #[schema(minimum = 60, maximum = 900)]
    pub expires_in_seconds: Option<i64>,
}

/// A server-signed offline QR: a nonce of the merchant's device in `80/03`,
/// wallet only, valid 60 to 900 seconds; a payer's device verifies it with
/// no network against `GET /keys`, and a sync may present it in place of the
/// merchant's signature.
#[utoipa::path(post, path = "/offline/qr", tag = "offline", request_body = CreateOfflineQr,
    responses((status = 201, description = "The signed payload and its nonce", body = OfflineQrView),
              (status = 400, description = "A field (`param` names it)", body = ErrorBody)))]
pub async fn offline_qr(
    Write(state, caller, claim): Write,
    Body(input): Body<CreateOfflineQr>,
) -> Result<Response, ApiError> {
    offline::check_device_id("device_id", &input.device_id)?;
    let currency = crate::domain::currency::parse("currency", &input.currency)?;
    let ceiling = sync::PROMISE_CEILING_MINOR;
    if let Some(a) = input.amount_minor.filter(|a| !(1..=ceiling).contains(a)) {
        return Err(ApiError::field(
            "amount_minor",
            format!(
                "amount_minor must be from 1 to {ceiling}, the ceiling of one offline promise (got {a})"
            ),
        ));
    }
    let (min, max) = (offline::QR_VALIDITY_SECS_MIN, offline::QR_VALIDITY_SECS_MAX);
    let validity_secs = input.expires_in_seconds.unwrap_or(max);
    if !(min..=max).contains(&validity_secs) {
        return Err(ApiError::field(
            "expires_in_seconds",
            format!("expires_in_seconds must be from {min} to {max} (got {validity_secs})"),
        ));
    }
    let new = NewOfflineQr {
        device_id: input.device_id,
        currency,
        amount_minor: input.amount_minor,
        validity_secs,
        nonce: offline::fresh_nonce(),
    };
    command::apply(&state, claim, StatusCode::CREATED, move |tx| {
        offline::offline_qr(tx, &caller, new)
    })
    .await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SubmittedPromise {
    /// The promise string (`docs/offline.md`): `<tag>|v1|<merchant>|<payer>|<amount_minor>|<CURRENCY>|<nonce>|<expires_at>|<counter>|<reference>`.
    #[schema(min_length = 1, max_length = 400)]
    pub promise: String,
    /// The payer's device that signed it.
    #[schema(min_length = 6, max_length = 80, pattern = "^[A-Za-z0-9._:-]{6,80}$")]
    pub payer_device_id: String,
    /// The payer device's ed25519 signature of the promise string, base64.
    #[schema(max_length = 200)]
    pub payer_signature: String,
    /// The merchant's device that countersigned it (or send `qr`).
    #[schema(min_length = 6, max_length = 80, pattern = "^[A-Za-z0-9._:-]{6,80}$")]
    pub merchant_device_id: Option<String>,
    /// The merchant device's ed25519 signature of the promise string, base64.
    #[schema(max_length = 200)]
    pub merchant_signature: Option<String>,
    /// The signed offline QR the payer scanned, in place of the merchant's signature.
    #[schema(max_length = 512)]
    pub qr: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SyncPromises {
    /// 1 to 200 promises, processed strictly in this order.
    #[schema(min_items = 1, max_items = 200)]
    pub promises: Vec<SubmittedPromise>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SyncView {
    /// Always `offline_sync`.
    pub object: &'static str,
    /// One per promise, in submission order.
    pub results: Vec<SyncResult>,
    pub settled: usize,
    pub rejected: usize,
    pub duplicates: usize,
}

/// Checks the bounds of every submitted promise, naming the field.
fn submitted(input: SyncPromises) -> Result<Vec<Submitted>, ApiError> {
    let n = input.promises.len();
    if !(1..=sync::PROMISES_PER_SYNC_MAX).contains(&n) {
        return Err(ApiError::field(
            "promises",
            format!(
                "promises must hold 1 to {} promises (got {n})",
                sync::PROMISES_PER_SYNC_MAX
            ),
        ));
    }
    let bounded = |param: String, value: &str, max: usize| {
        if value.len() > max {
            Err(ApiError::field(
                param.clone(),
                format!("{param} must be at most {max} characters"),
            ))
        } else {
            Ok(())
        }
    };
    let mut out = Vec::with_capacity(n);
    for (i, p) in input.promises.into_iter().enumerate() {
        offline::check_device_id(
            &format!("promises[{i}].payer_device_id"),
            &p.payer_device_id,
        )?;
        if let Some(id) = &p.merchant_device_id {
            offline::check_device_id(&format!("promises[{i}].merchant_device_id"), id)?;
        }
        bounded(
            format!("promises[{i}].payer_signature"),
            &p.payer_signature,
            sync::SIGNATURE_CHARS_MAX,
        )?;
        if let Some(s) = &p.merchant_signature {
            bounded(
                format!("promises[{i}].merchant_signature"),
                s,
                sync::SIGNATURE_CHARS_MAX,
            )?;
        }
        if let Some(q) = &p.qr {
            bounded(format!("promises[{i}].qr"), q, sync::QR_CHARS_MAX)?;
        }
        if p.merchant_signature.is_none() && p.qr.is_none() {
            return Err(ApiError::field(
                format!("promises[{i}].merchant_signature"),
                format!(
                    "promises[{i}] needs the merchant's proof: merchant_device_id with merchant_signature, or the signed offline qr"
                ),
            ));
        }
        out.push(Submitted {
            promise: p.promise,
            payer_device_id: p.payer_device_id,
            payer_signature: p.payer_signature,
            merchant_device_id: p.merchant_device_id,
            merchant_signature: p.merchant_signature,
            qr: p.qr,
        });
    }
    Ok(out)
}

/// Syncs signed promises, in submission order, in one writer command: each
/// SETTLED (one posting payer → merchant and a receipt signed by the
/// platform key), REJECTED (`reason`, `restore_minor`) or DUPLICATE
/// (`already_settled`, `already_rejected`: its SHA-256 was seen before).
#[utoipa::path(post, path = "/offline/sync", tag = "offline", request_body = SyncPromises,
    responses((status = 200, description = "One result per promise, in order, and the counts", body = SyncView),
              (status = 400, description = "A malformed promise or field (`param` names it); nothing was processed", body = ErrorBody)))]
pub async fn sync(
    Write(state, caller, claim): Write,
    Body(input): Body<SyncPromises>,
) -> Result<Response, ApiError> {
    let submitted = submitted(input)?;
    let prepared: Vec<Prepared> = sync::prepare(&state.store.snapshot()?, caller.mode, submitted)?;
    // Degraded operation freezes offline payments (origin behaviour section
    // 15); this gateway's only degraded state is an unreadable store, which
    // stops the sync before this line, so the freeze has nothing to catch yet.
    let offline_disabled = false;
    command::apply(&state, claim, StatusCode::OK, move |tx| {
        let results = sync::apply(tx, &caller, prepared, offline_disabled)?;
        let count = |outcome| results.iter().filter(|r| r.status == outcome).count();
        Ok(SyncView {
            object: "offline_sync",
            settled: count(Outcome::Settled),
            rejected: count(Outcome::Rejected),
            duplicates: count(Outcome::Duplicate),
            results,
        })
    })
    .await
}

/// Promises per page: 100 by default, 500 at most (origin behaviour section 17).
const PROMISES_LIMIT_DEFAULT: usize = 100;
const PROMISES_LIMIT_MAX: usize = 500;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct PromiseQuery {
    /// Only promises in this status.
    status: Option<Status>,
    /// Only promises of this payer's device.
    #[param(min_length = 6, max_length = 80, pattern = "^[A-Za-z0-9._:-]{6,80}$")]
    device_id: Option<String>,
    /// 1 to 500; default 100.
    #[param(minimum = 1, maximum = 500)]
    limit: Option<usize>,
    /// The `next_cursor` of the previous page.
    #[param(pattern = "^ofp_[a-z0-9]{1,64}$")]
    cursor: Option<String>,
}

named_list!(OfflinePromiseList of OfflinePromiseView, "Newest first.");

/// The recorded promises of the caller, as merchant or payer, newest first.
#[utoipa::path(get, path = "/offline/promises", tag = "offline", params(PromiseQuery),
    responses((status = 200, description = "Promises, newest first", body = OfflinePromiseList)))]
pub async fn list_promises(
    Reader(state, caller): Reader,
    Params(query): Params<PromiseQuery>,
) -> Result<Response, ApiError> {
    let limit = query.limit.unwrap_or(PROMISES_LIMIT_DEFAULT);
    if !(1..=PROMISES_LIMIT_MAX).contains(&limit) {
        return Err(ApiError::field(
            "limit",
            format!("limit must be from 1 to {PROMISES_LIMIT_MAX} (got {limit})"),
        ));
    }
    if let Some(id) = &query.device_id {
        offline::check_device_id("device_id", id)?;
    }
    let keep = |p: &sync::OfflinePromise| {
        query.status.is_none_or(|s| p.status == s)
            && query
                .device_id
                .as_deref()
                .is_none_or(|d| p.payer_device_id == d)
    };
    let rows = Rows::owned(OFFLINE_PROMISE, &caller);
    let snapshot = state.store.snapshot()?;
    let found = list::page_sized(&snapshot, rows, limit, query.cursor.as_deref(), keep)?;
    json(200, &found.map(|p| offline::promise_view(&p)))
}
