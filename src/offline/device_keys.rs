//! The cryptography of offline payments: a device's ed25519 subkey (sent as
//! SPKI DER, base64), a device's signature over a promise string, the
//! SHA-256 that dedupes a promise, and the receipt the platform key signs
//! for a settled promise (origin behaviour section 9).
//!
//! Signatures are 64 bytes in base64 (standard or url-safe alphabet, padded
//! or not: device libraries differ) and are checked with `verify_strict`,
//! which refuses the small-order keys and non-canonical signatures a forger
//! could use to make one signature fit two messages.

use base64::Engine;
use base64::engine::general_purpose::{
    STANDARD as B64, STANDARD_NO_PAD as B64_NO_PAD, URL_SAFE as B64URL,
    URL_SAFE_NO_PAD as B64URL_NO_PAD,
};
use ed25519_dalek::{Signature, VerifyingKey};
use sha2::{Digest, Sha256};

/// The DER header of an ed25519 SubjectPublicKeyInfo (RFC 8410): SEQUENCE,
/// AlgorithmIdentifier { 1.3.101.112 }, BIT STRING of 33 bytes; the 32 key
/// bytes follow.
const SPKI_PREFIX: [u8; 12] = [
    0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00,
];
/// Characters of a base64 key or signature at most (a signature is 88).
const ENCODED_CHARS_MAX: usize = 200;
/// What the receipt's tag adds to the promise's.
pub const RECEIPT_SUFFIX: &str = "-RECEIPT";

/// Bytes from base64 in any of the four usual spellings.
fn decode(value: &str) -> Option<Vec<u8>> {
    if value.len() > ENCODED_CHARS_MAX {
        return None;
    }
    [B64, B64_NO_PAD, B64URL, B64URL_NO_PAD]
        .iter()
        .find_map(|engine| engine.decode(value).ok())
}

/// The raw public key of an ed25519 SPKI DER in base64, or why not.
pub fn public_key_from_spki(spki_b64: &str) -> Result<[u8; 32], String> {
    let der = decode(spki_b64.trim()).ok_or("is not base64 (of at most 200 characters)")?;
    let key = der
        .strip_prefix(SPKI_PREFIX.as_slice())
        .filter(|k| k.len() == 32)
        .ok_or("is not an ed25519 SubjectPublicKeyInfo (DER, 44 bytes, OID 1.3.101.112)")?;
    let mut raw = [0u8; 32];
    raw.copy_from_slice(key);
    let verifying = VerifyingKey::from_bytes(&raw).map_err(|_| "is not a point of the curve")?;
    if verifying.is_weak() {
        return Err("is a small-order key, which verifies forged signatures".to_string());
    }
    Ok(raw)
}

/// The SPKI DER in base64 of a raw public key (what devices send; the
/// simulator's devices register with it).
pub fn spki_of(raw: &[u8; 32]) -> String {
    let mut der = SPKI_PREFIX.to_vec();
    der.extend_from_slice(raw);
    B64.encode(der)
}

/// Whether `signature_b64` is the signature of `message` by `public_key`.
pub fn verifies(public_key: &[u8; 32], message: &str, signature_b64: &str) -> bool {
    let Some(signature) = decode(signature_b64).and_then(|b| Signature::from_slice(&b).ok()) else {
        return false;
    };
    VerifyingKey::from_bytes(public_key)
        .is_ok_and(|key| key.verify_strict(message.as_bytes(), &signature).is_ok())
}

/// The SHA-256 of a promise string, lower-case hex: what dedupes it forever.
pub fn digest(promise: &str) -> String {
    hex::encode(Sha256::digest(promise.as_bytes()))
}

/// The message of a settled promise's receipt: `<tag>-RECEIPT`, the
/// promise's hash, the ledger transaction, the amount and the currency,
/// joined by `|`.
pub fn receipt_message(
    tag: &str,
    hash: &str,
    transaction: &str,
    amount_minor: i64,
    currency: &str,
) -> String {
    format!("{tag}{RECEIPT_SUFFIX}|{hash}|{transaction}|{amount_minor}|{currency}")
}

/// A receipt's signature as sent: standard base64 of the 64 bytes.
pub fn encode_signature(signature: &[u8; 64]) -> String {
    B64.encode(signature)
}

#[cfg(test)]
mod tests;
