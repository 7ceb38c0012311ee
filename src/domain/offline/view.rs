//! What the API shows of devices, nonces, offline QR codes and promises.

use serde::Serialize;

use super::sync::{OfflinePromise, Reason};
use super::{Device, Nonce, Status};
use crate::clock::rfc3339;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DeviceView {
    /// The device id, as registered.
    pub id: String,
    /// Always `offline_device`.
    pub object: &'static str,
    pub livemode: bool,
    /// The organisation that registered it.
    pub party: String,
    /// The current subkey: ed25519 SubjectPublicKeyInfo, DER, base64.
    pub public_key: String,
    /// True when this registration replaced an earlier key of the device.
    pub rotated: bool,
    pub registered_at: String,
    /// 72 hours after registration (spec section 8).
    pub expires_at: String,
}

pub fn device_view(d: &Device, rotated: bool) -> DeviceView {
    let current = d.current_key();
    DeviceView {
        id: d.id.clone(),
        object: "offline_device",
        livemode: d.mode.livemode(),
        party: d.owner.clone(),
        public_key: current.map(|k| k.spki.clone()).unwrap_or_default(),
        rotated,
        registered_at: rfc3339(current.map_or(d.created_at_ms, |k| k.valid_from_ms)),
        expires_at: rfc3339(current.map_or(d.created_at_ms, |k| k.valid_until_ms)),
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NonceView {
    /// 16 random bytes, unpadded base64url: put it in one promise.
    pub nonce: String,
    pub expires_at: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NoncesView {
    /// Always `list`.
    pub object: &'static str,
    pub device_id: String,
    pub data: Vec<NonceView>,
}

pub fn nonces_view(device_id: &str, nonces: &[Nonce]) -> NoncesView {
    NoncesView {
        object: "list",
        device_id: device_id.to_string(),
        data: nonces
            .iter()
            .map(|n| NonceView {
                nonce: n.nonce.clone(),
                expires_at: rfc3339(n.expires_at_ms),
            })
            .collect(),
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OfflineQrView {
    /// Always `offline_qr`.
    pub object: &'static str,
    pub livemode: bool,
    pub merchant: String,
    pub device_id: String,
    /// The EMVCo payload: the nonce in 80/03, the expiry in 80/02, signed in
    /// 81 by the key `key_id` of `GET /keys`.
    pub payload: String,
    pub nonce: String,
    pub key_id: String,
    pub amount_minor: Option<i64>,
    pub currency: String,
    pub expires_at: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OfflinePromiseView {
    /// `ofp_...`.
    pub id: String,
    /// Always `offline_promise`.
    pub object: &'static str,
    pub livemode: bool,
    pub status: Status,
    /// REJECTED: why.
    pub reason: Option<Reason>,
    /// REJECTED: what the payer's device restores (the amount).
    pub restore_minor: Option<i64>,
    pub merchant: String,
    pub payer: String,
    /// The party whose key synced it.
    pub submitted_by: String,
    pub amount_minor: i64,
    pub currency: String,
    pub nonce: String,
    pub counter: u64,
    pub reference: Option<String>,
    pub expires_at: String,
    /// The promise string as signed.
    pub promise: String,
    /// Its SHA-256, lower-case hex.
    pub hash: String,
    pub payer_device_id: String,
    pub merchant_device_id: Option<String>,
    /// SETTLED: the ledger posting payer → merchant.
    pub transaction: Option<String>,
    /// SETTLED: the platform's signature over
    /// `<tag>-RECEIPT|<hash>|<transaction>|<amount_minor>|<CURRENCY>`, base64.
    pub receipt: Option<String>,
    pub receipt_key_id: Option<String>,
    pub created_at: String,
}

pub fn promise_view(p: &OfflinePromise) -> OfflinePromiseView {
    OfflinePromiseView {
        id: p.id.clone(),
        object: "offline_promise",
        livemode: p.mode.livemode(),
        status: p.status,
        reason: p.reason,
        restore_minor: (p.status == Status::Rejected).then_some(p.amount_minor),
        merchant: p.owner.clone(),
        payer: p.payer.clone(),
        submitted_by: p.submitted_by.clone(),
        amount_minor: p.amount_minor,
        currency: p.currency.clone(),
        nonce: p.nonce.clone(),
        counter: p.counter,
        reference: (!p.reference.is_empty()).then(|| p.reference.clone()),
        expires_at: rfc3339(p.expires_at_unix.saturating_mul(1000)),
        promise: p.promise.clone(),
        hash: p.hash.clone(),
        payer_device_id: p.payer_device_id.clone(),
        merchant_device_id: p.merchant_device_id.clone(),
        transaction: p.transaction.clone(),
        receipt: p.receipt.clone(),
        receipt_key_id: p.receipt_key_id.clone(),
        created_at: rfc3339(p.created_at_ms),
    }
}
