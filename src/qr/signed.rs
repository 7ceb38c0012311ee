//! The signed extension of this gateway's EMVCo payloads.
//!
//! Two unreserved templates carry it, just before the CRC:
//! - `80` key template: `00` version `01`, `01` the platform key id (`kid_...`,
//!   as listed at `GET /keys`), and on dynamic payloads `02` the expiry in
//!   unix seconds, base 36, lower case (origin behaviour section 8);
//! - `81` signature template: `00` the ed25519 signature, standard base64
//!   (88 characters; `81` is 92 characters long, within the 99 of one value —
//!   version, key id and signature together would not fit in one template,
//!   hence the split).
//!
//! The signed message is `paygate-qr-v1|` followed by every top-level object
//! except `81` and `63`, encoded as they appear in the payload (so the key
//! template `80` is covered: its key id cannot be swapped). The CRC is
//! computed last, over everything. The prefix separates these signatures
//! from the webhook signatures made with the same key (`<t>.<body>`).

use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use ed25519_dalek::{Signature, VerifyingKey};

use super::emv::{self, Payload, Tlv};

pub const KEY_TEMPLATE: &str = "80";
pub const SIGNATURE_TEMPLATE: &str = "81";
pub const VERSION: &str = "01";
const DOMAIN: &str = "paygate-qr-v1|";
/// The expiry sub-tag of the key template.
pub const EXPIRY: &str = "02";
/// The offline nonce sub-tag of the key template (origin behaviour section 8).
pub const OFFLINE_NONCE: &str = "03";

/// `n` (not negative) in base 36, lower case: `1700000000` is `s44we8`.
fn base36(n: i64) -> String {
    let mut n = n.max(0) as u64;
    let mut digits = Vec::new();
    loop {
        digits.push(char::from_digit((n % 36) as u32, 36).unwrap_or('0'));
        n /= 36;
        if n == 0 {
            break;
        }
    }
    digits.iter().rev().collect()
}

/// The expiry of `payload` in unix seconds (`80/02`): `Ok(None)` without
/// one, `Err` when it is not base 36 (at most 12 digits).
pub fn expires_at_unix(payload: &Payload) -> Result<Option<i64>, String> {
    let Some(value) = payload.get(KEY_TEMPLATE).and_then(|t| t.child(EXPIRY)) else {
        return Ok(None);
    };
    let valid = !value.is_empty()
        && value.len() <= 12
        && value
            .bytes()
            .all(|b| b.is_ascii_digit() || b.is_ascii_lowercase());
    if !valid {
        return Err(format!("the expiry {value:?} (80/02) is not base 36"));
    }
    i64::from_str_radix(value, 36)
        .map(Some)
        .map_err(|e| format!("the expiry {value:?} (80/02) cannot be read: {e}"))
}

/// The message a signature covers, for objects `fields` (63 and 81 are skipped).
pub fn message(fields: &[Tlv]) -> Vec<u8> {
    let mut out = String::from(DOMAIN);
    for field in fields {
        if field.tag != SIGNATURE_TEMPLATE && field.tag != "63" {
            out.push_str(&field.encoded());
        }
    }
    out.into_bytes()
}

/// Appends the key template and the signature made by `sign` (the 64-byte
/// ed25519 signature of the message), then the CRC. `fields` must not carry
/// 63, 80 or 81.
pub fn sign<E>(
    fields: Vec<Tlv>,
    key_id: &str,
    sign: impl FnOnce(&[u8]) -> Result<[u8; 64], E>,
) -> Result<String, E> {
    sign_until(fields, key_id, None, sign)
}

/// [`sign`], with the expiry `expires_at_unix` (seconds) in `80/02` when
/// given: inside the signed message, so it cannot be moved.
pub fn sign_until<E>(
    fields: Vec<Tlv>,
    key_id: &str,
    expires_at_unix: Option<i64>,
    sign: impl FnOnce(&[u8]) -> Result<[u8; 64], E>,
) -> Result<String, E> {
    sign_offline(fields, key_id, expires_at_unix, None, sign)
}

/// [`sign_until`], with an offline payment's nonce in `80/03` when given
/// (`POST /offline/qr`): signed too, so a payer's device that checks the
/// signature against `GET /keys` knows the nonce is the merchant's.
pub fn sign_offline<E>(
    mut fields: Vec<Tlv>,
    key_id: &str,
    expires_at_unix: Option<i64>,
    nonce: Option<&str>,
    sign: impl FnOnce(&[u8]) -> Result<[u8; 64], E>,
) -> Result<String, E> {
    fields.retain(|f| f.tag != KEY_TEMPLATE && f.tag != SIGNATURE_TEMPLATE && f.tag != "63");
    let mut key = vec![Tlv::value("00", VERSION), Tlv::value("01", key_id)];
    if let Some(at) = expires_at_unix {
        key.push(Tlv::value(EXPIRY, base36(at)));
    }
    if let Some(nonce) = nonce {
        key.push(Tlv::value(OFFLINE_NONCE, nonce));
    }
    fields.push(Tlv::template(KEY_TEMPLATE, key));
    let signature = sign(&message(&fields))?;
    fields.push(Tlv::template(
        SIGNATURE_TEMPLATE,
        vec![Tlv::value("00", B64.encode(signature))],
    ));
    Ok(emv::encode(&fields))
}

/// What the signature of a payload comes to against the key registry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Signed by a key of the registry (active or retired) and the signature holds.
    Trusted,
    /// No signed extension (templates 80 and 81 both absent).
    Unsigned,
    /// The extension is malformed or the signature does not verify.
    InvalidSignature,
    /// Signed with a key id the registry does not list.
    UnknownKey,
}

/// Checks the signed extension of `payload`; `lookup` answers the raw public
/// key of a key id from the registry. Returns the verdict and the key id seen.
pub fn verify(
    payload: &Payload,
    lookup: impl Fn(&str) -> Option<[u8; 32]>,
) -> (Verdict, Option<String>) {
    let key_template = payload.get(KEY_TEMPLATE);
    let signature_template = payload.get(SIGNATURE_TEMPLATE);
    if key_template.is_none() && signature_template.is_none() {
        return (Verdict::Unsigned, None);
    }
    let key_id = key_template.and_then(|t| t.child("01")).map(str::to_string);
    let (Some(key), Some(sig)) = (key_template, signature_template) else {
        return (Verdict::InvalidSignature, key_id);
    };
    if key.child("00") != Some(VERSION) {
        return (Verdict::InvalidSignature, key_id);
    }
    let Some(id) = key_id.clone() else {
        return (Verdict::InvalidSignature, None);
    };
    let Some(public) = lookup(&id) else {
        return (Verdict::UnknownKey, key_id);
    };
    let signature = sig
        .child("00")
        .and_then(|s| B64.decode(s).ok())
        .and_then(|b| Signature::from_slice(&b).ok());
    let verifying = VerifyingKey::from_bytes(&public).ok();
    let holds = match (signature, verifying) {
        (Some(signature), Some(verifying)) => verifying
            .verify_strict(&message(&payload.fields), &signature)
            .is_ok(),
        _ => false,
    };
    if holds {
        (Verdict::Trusted, key_id)
    } else {
        (Verdict::InvalidSignature, key_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ed25519_dalek::{Signer, SigningKey};

    fn fields() -> Vec<Tlv> {
        vec![
            Tlv::value("00", "01"),
            Tlv::value("01", "11"),
            Tlv::template(
                "26",
                vec![Tlv::value("00", "com.paygate"), Tlv::value("03", "qr_1")],
            ),
            Tlv::value("52", "5999"),
            Tlv::value("53", "976"),
            Tlv::value("58", "CD"),
            Tlv::value("59", "Shop"),
            Tlv::value("60", "Kinshasa"),
        ]
    }

    fn signed(key: &SigningKey, id: &str) -> String {
        sign::<()>(fields(), id, |m| Ok(key.sign(m).to_bytes())).expect("sign")
    }

    #[test]
    fn the_expiry_is_base_36_inside_the_signed_key_template() {
        assert_eq!(base36(0), "0");
        assert_eq!(base36(35), "z");
        assert_eq!(base36(1_700_000_000), "s44we8");
        let key = SigningKey::from_bytes(&[7; 32]);
        let public = key.verifying_key().to_bytes();
        let id = "kid_01abcdefghjkmnpqrstvwxyz0";
        let payload = sign_until::<()>(fields(), id, Some(1_700_000_000), |m| {
            Ok(key.sign(m).to_bytes())
        })
        .expect("sign");
        let decoded = emv::decode(&payload).expect("valid EMVCo");
        assert_eq!(expires_at_unix(&decoded), Ok(Some(1_700_000_000)));
        assert_eq!(
            verify(&decoded, |_| Some(public)).0,
            Verdict::Trusted,
            "{payload}"
        );
        // A later expiry (CRC recomputed) breaks the signature.
        let mut moved = decoded.without_crc();
        let at = moved.iter().position(|f| f.tag == "80").expect("80");
        moved[at] = Tlv::template(
            "80",
            vec![
                Tlv::value("00", VERSION),
                Tlv::value("01", id),
                Tlv::value("02", base36(1_800_000_000)),
            ],
        );
        let moved = emv::decode(&emv::encode(&moved)).expect("valid");
        assert_eq!(expires_at_unix(&moved), Ok(Some(1_800_000_000)));
        assert_eq!(
            verify(&moved, |_| Some(public)).0,
            Verdict::InvalidSignature
        );
        assert_eq!(
            expires_at_unix(&emv::decode(&signed(&key, id)).expect("ok")),
            Ok(None)
        );
    }

    #[test]
    fn signs_verifies_and_names_the_failures() {
        let key = SigningKey::from_bytes(&[7; 32]);
        let public = key.verifying_key().to_bytes();
        let id = "kid_01abcdefghjkmnpqrstvwxyz0";
        let payload = signed(&key, id);
        let decoded = emv::decode(&payload).expect("valid EMVCo");
        assert!(decoded.get("81").expect("81").raw_value().len() == 92);
        let registry = |k: &str| (k == id).then_some(public);
        assert_eq!(
            verify(&decoded, registry),
            (Verdict::Trusted, Some(id.into()))
        );
        assert_eq!(verify(&decoded, |_| None).0, Verdict::UnknownKey);
        let other = SigningKey::from_bytes(&[8; 32]).verifying_key().to_bytes();
        assert_eq!(
            verify(&decoded, |_| Some(other)).0,
            Verdict::InvalidSignature
        );
        // A changed object (CRC recomputed) no longer verifies.
        let mut tampered = decoded.without_crc();
        tampered[6] = Tlv::value("59", "Thief");
        let tampered = emv::decode(&emv::encode(&tampered)).expect("valid");
        assert_eq!(verify(&tampered, registry).0, Verdict::InvalidSignature);
        let unsigned = emv::decode(&emv::encode(&fields())).expect("valid");
        assert_eq!(verify(&unsigned, registry).0, Verdict::Unsigned);
        // Signature template without its key template.
        let mut half = decoded.without_crc();
        half.retain(|f| f.tag != "80");
        let half = emv::decode(&emv::encode(&half)).expect("valid");
        assert_eq!(verify(&half, registry).0, Verdict::InvalidSignature);
    }
}
