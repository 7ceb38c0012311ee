//! The offline payments' commands as `src/http/offline.rs` sends them:
//! registering a device's subkey, fetching nonces, and a sync of signed
//! promises (parsed, hashed and checked against a snapshot before the
//! command, then settled or rejected in order inside it).

use crate::auth::Principal;
use crate::domain::offline::sync::{self, Outcome, Submitted};
use crate::domain::offline::{self, NewKey};
use crate::error::ApiError;
use crate::http::offline::SyncView;
use crate::store::writer::Work;
use crate::store::{Output, Store};

/// One promise as a device submits it (`promises[i]` of `POST /offline/sync`).
#[derive(Debug, Clone, PartialEq)]
pub struct SyncItem {
    pub promise: String,
    pub payer_device_id: String,
    pub payer_signature: String,
    pub merchant_device_id: String,
    pub merchant_signature: String,
}

/// `POST /offline/devices`: the device id and key checked, then registered
/// (or rotated, with the current key's signature).
pub fn register(
    caller: Principal,
    device_id: String,
    spki: &str,
    rotation_signature: Option<String>,
) -> Result<Work, ApiError> {
    offline::check_device_id("device_id", &device_id)?;
    let key = NewKey::parse(spki)?;
    Ok(Box::new(move |tx| {
        let (device, rotated) =
            offline::register_device(tx, &caller, &device_id, key, rotation_signature.as_deref())?;
        Output::json(201, &offline::device_view(&device, rotated))
    }))
}

/// `POST /offline/nonces`: the nonces drawn before the command, as the
/// handler draws them (`fresh_nonce`: the seeded source here).
pub fn nonces(caller: Principal, device_id: String, count: i64) -> Result<Work, ApiError> {
    offline::check_device_id("device_id", &device_id)?;
    let max = i64::from(offline::NONCES_PER_REQUEST_MAX);
    if !(1..=max).contains(&count) {
        return Err(ApiError::field(
            "count",
            format!("count must be from 1 to {max}"),
        ));
    }
    let nonces: Vec<String> = (0..count).map(|_| offline::fresh_nonce()).collect();
    Ok(Box::new(move |tx| {
        let issued = offline::issue_nonces(tx, &caller, &device_id, nonces)?;
        Output::json(201, &offline::nonces_view(&device_id, &issued))
    }))
}

/// `POST /offline/sync`: prepared against a snapshot (signatures checked
/// before the command), then applied in submission order in one command.
pub fn sync(store: &Store, caller: Principal, items: &[SyncItem]) -> Result<Work, ApiError> {
    let submitted = items
        .iter()
        .map(|i| Submitted {
            promise: i.promise.clone(),
            payer_device_id: i.payer_device_id.clone(),
            payer_signature: i.payer_signature.clone(),
            merchant_device_id: Some(i.merchant_device_id.clone()),
            merchant_signature: Some(i.merchant_signature.clone()),
            qr: None,
        })
        .collect();
    let prepared = sync::prepare(&store.snapshot()?, caller.mode, submitted)?;
    Ok(Box::new(move |tx| {
        let results = sync::apply(tx, &caller, prepared, false)?;
        let count = |outcome| results.iter().filter(|r| r.status == outcome).count();
        Output::json(
            200,
            &SyncView {
                object: "offline_sync",
                settled: count(Outcome::Settled),
                rejected: count(Outcome::Rejected),
                duplicates: count(Outcome::Duplicate),
                results,
            },
        )
    }))
}
