//! Webhook signatures and the platform's ed25519 signing keys.
//!
//! Every delivery carries three signatures over the same raw body:
//! - `Service-Signature: t=<unix>,v1=<hex HMAC-SHA256("<t>.<body>")>`, keyed with the endpoint's
//!   whole `whsec_...` secret string (as Stripe-style verifiers do);
//! - `Service-Signature-Ed25519: keyId=<id>,t=<unix>,sig=<base64 ed25519("<t>.<body>")>` by the
//!   platform key listed at `GET /keys` (anyone can verify without the secret);
//! - Standard Webhooks: `webhook-signature: v1,<base64 HMAC-SHA256("<webhook-id>.<t>.<body>")>`
//!   keyed with the base64-decoded part of the secret after `whsec_`, so existing libraries work.

use std::collections::HashMap;
use std::sync::{LazyLock, RwLock};

use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use ed25519_dalek::{Signer, SigningKey};
use hmac::{KeyInit, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use crate::error::ApiError;
use crate::store::{Meta, Read, Snapshot, StoreError, Tx};

type HmacSha256 = hmac::Hmac<Sha256>;

pub mod state;

use state::Trigger;
/// Random bytes in a `whsec_` secret (base64-encoded after the prefix).
const WEBHOOK_SECRET_BYTES: usize = 24;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum KeyStatus {
    /// Signs new deliveries and codes.
    Active,
    /// No longer signs; still listed so that old signatures verify.
    Retired,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PlatformKey {
    pub id: String,
    /// The 32-byte ed25519 seed, base64. Never leaves the store.
    pub seed: String,
    /// The 32-byte public key, base64.
    pub public_key: String,
    pub status: KeyStatus,
    pub created_at_ms: i64,
}

/// Signing keys expanded from their seeds, by seed. Expanding derives the
/// public key (a scalar multiplication, as costly as the signature itself), and
/// every QR payload and webhook delivery signs: expand each key once.
static EXPANDED: LazyLock<RwLock<HashMap<String, SigningKey>>> = LazyLock::new(Default::default);

impl PlatformKey {
    fn signing_key(&self) -> Result<SigningKey, ApiError> {
        let cached = EXPANDED
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(&self.seed)
            .cloned();
        if let Some(key) = cached {
            return Ok(key);
        }
        let seed: [u8; 32] = B64
            .decode(&self.seed)
            .ok()
            .and_then(|b| b.try_into().ok())
            .ok_or_else(|| ApiError::internal("malformed platform signing key"))?;
        let key = SigningKey::from_bytes(&seed);
        EXPANDED
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(self.seed.clone(), key.clone());
        Ok(key)
    }

    /// The raw ed25519 signature of `message` (signed QR payloads).
    pub fn sign_bytes(&self, message: &[u8]) -> Result<[u8; 64], ApiError> {
        Ok(self.signing_key()?.sign(message).to_bytes())
    }

    /// The raw 32-byte public key, when well formed.
    pub fn public_key_bytes(&self) -> Option<[u8; 32]> {
        B64.decode(&self.public_key)
            .ok()
            .and_then(|b| b.try_into().ok())
    }

    /// `keyId=<id>,t=<t>,sig=<base64 signature of "<t>.<body>">`.
    pub fn signature_header(&self, t: i64, body: &[u8]) -> Result<String, ApiError> {
        let signature = self.signing_key()?.sign(&signed_content(t, body));
        Ok(format!(
            "keyId={},t={t},sig={}",
            self.id,
            B64.encode(signature.to_bytes())
        ))
    }
}

fn new_key(now_ms: i64) -> PlatformKey {
    let mut seed = [0u8; 32];
    crate::ids::fill(&mut seed);
    let signing = SigningKey::from_bytes(&seed);
    PlatformKey {
        id: crate::ids::new_id("kid"),
        seed: B64.encode(seed),
        public_key: B64.encode(signing.verifying_key().to_bytes()),
        status: KeyStatus::Active,
        created_at_ms: now_ms,
    }
}

/// Creates the first platform key unless one exists.
pub fn ensure_key(tx: &mut Tx<'_>) -> Result<(), ApiError> {
    let keys: Vec<PlatformKey> = tx.meta(Meta::SigningKeys)?.unwrap_or_default();
    if !keys.iter().any(|k| state::admits(k.status, Trigger::Sign)) {
        let mut keys = keys;
        keys.push(new_key(tx.now_ms()));
        tx.put_meta(Meta::SigningKeys, &keys)?;
    }
    Ok(())
}

/// The active key, read inside a write transaction (signing QR payloads).
pub fn active_key_in(tx: &Tx<'_>) -> Result<PlatformKey, ApiError> {
    let keys: Vec<PlatformKey> = tx.meta(Meta::SigningKeys)?.unwrap_or_default();
    keys.into_iter()
        .rev()
        .find(|k| state::admits(k.status, Trigger::Sign))
        .ok_or_else(|| ApiError::internal("no active platform signing key"))
}

/// Retires every active key and makes a new active one; returns the new key.
/// Retired keys stay in the registry (`GET /keys`) so that what they signed
/// (QR codes, webhook signatures) still verifies.
pub fn rotate(tx: &mut Tx<'_>) -> Result<PlatformKey, ApiError> {
    let mut keys: Vec<PlatformKey> = tx.meta(Meta::SigningKeys)?.unwrap_or_default();
    for key in &mut keys {
        key.status = state::transition(key.status, Trigger::Retire)
            .map_err(|_| ApiError::internal("every key can be retired"))?;
    }
    let key = new_key(tx.now_ms());
    keys.push(key.clone());
    tx.put_meta(Meta::SigningKeys, &keys)?;
    Ok(key)
}

pub fn keys(snapshot: &Snapshot) -> Result<Vec<PlatformKey>, StoreError> {
    Ok(snapshot.meta(Meta::SigningKeys)?.unwrap_or_default())
}

pub fn active_key(snapshot: &Snapshot) -> Result<PlatformKey, ApiError> {
    keys(snapshot)?
        .into_iter()
        .rev()
        .find(|k| state::admits(k.status, Trigger::Sign))
        .ok_or_else(|| ApiError::internal("no active platform signing key"))
}

/// A new endpoint secret: `whsec_` + base64 of 24 random bytes.
pub fn new_webhook_secret() -> String {
    let mut bytes = [0u8; WEBHOOK_SECRET_BYTES];
    rand::fill(&mut bytes);
    format!("whsec_{}", B64.encode(bytes))
}

fn signed_content(t: i64, body: &[u8]) -> Vec<u8> {
    let mut content = format!("{t}.").into_bytes();
    content.extend_from_slice(body);
    content
}

fn hmac(key: &[u8], message: &[u8]) -> Vec<u8> {
    // HMAC accepts keys of any length, so this cannot fail.
    let mut mac = <HmacSha256 as KeyInit>::new_from_slice(key).unwrap_or_else(|_| unreachable!());
    mac.update(message);
    mac.finalize().into_bytes().to_vec()
}

/// `t=<t>,v1=<hex>`: the `Service-Signature` header.
pub fn service_signature(secret: &str, t: i64, body: &[u8]) -> String {
    format!(
        "t={t},v1={}",
        hex::encode(hmac(secret.as_bytes(), &signed_content(t, body)))
    )
}

/// `v1,<base64>`: the Standard Webhooks `webhook-signature` header.
pub fn standard_signature(secret: &str, message_id: &str, t: i64, body: &[u8]) -> String {
    let key = secret
        .strip_prefix("whsec_")
        .and_then(|k| B64.decode(k).ok())
        .unwrap_or_else(|| secret.as_bytes().to_vec());
    let mut content = format!("{message_id}.{t}.").into_bytes();
    content.extend_from_slice(body);
    format!("v1,{}", B64.encode(hmac(&key, &content)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ed25519_dalek::{Signature, VerifyingKey};

    #[test]
    fn service_signature_is_hex_hmac_of_t_dot_body() {
        // Known answer computed independently (python hmac, sha256).
        let header = service_signature("whsec_test", 1_700_000_000, b"{\"a\":1}");
        assert_eq!(
            header,
            "t=1700000000,v1=".to_string()
                + &hex::encode(hmac(b"whsec_test", b"1700000000.{\"a\":1}"))
        );
        assert!(header.len() == "t=1700000000,v1=".len() + 64);
    }

    #[test]
    fn standard_signature_uses_the_decoded_secret() {
        // The Standard Webhooks specification's own example.
        let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        let body = br#"{"test": 2432232314}"#;
        assert_eq!(
            standard_signature(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body),
            "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        );
    }

    #[test]
    fn ed25519_header_verifies_with_the_public_key() {
        let key = new_key(0);
        let header = key.signature_header(42, b"body").expect("sign");
        let sig = header.split("sig=").nth(1).expect("sig");
        let sig = Signature::from_slice(&B64.decode(sig).expect("b64")).expect("sig");
        let public: [u8; 32] = B64
            .decode(&key.public_key)
            .expect("b64")
            .try_into()
            .expect("32");
        let verifying = VerifyingKey::from_bytes(&public).expect("key");
        assert!(verifying.verify_strict(b"42.body", &sig).is_ok());
        assert!(verifying.verify_strict(b"42.bodx", &sig).is_err());
        assert!(header.starts_with(&format!("keyId={},t=42,", key.id)));
    }

    #[test]
    fn webhook_secrets_are_whsec_and_base64() {
        let secret = new_webhook_secret();
        let decoded = B64
            .decode(secret.strip_prefix("whsec_").expect("prefix"))
            .expect("b64");
        assert_eq!(decoded.len(), WEBHOOK_SECRET_BYTES);
    }
}
