//! The gateway against an independent device: `tests/offline/device.py`
//! (Python's `cryptography` package) makes keys, promises, signatures and
//! receipts; every one must read, verify and hash the same here, and a
//! receipt the gateway signs must verify there.

use std::process::Command;

use ed25519_dalek::{Signer, SigningKey};
use serde_json::Value;

use super::*;
use crate::offline::promise;

fn python(args: &[&str]) -> std::process::Output {
    Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/offline/device.py"
        ))
        .args(args)
        .output()
        .expect("python3 runs (tests/run installs the cryptography package)")
}

fn vectors() -> Value {
    let out = python(&["vectors"]);
    assert!(
        out.status.success(),
        "tests/offline/device.py failed (is the cryptography package installed? tests/run installs it): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON vectors")
}

fn text<'a>(v: &'a Value, field: &str) -> &'a str {
    v[field]
        .as_str()
        .unwrap_or_else(|| panic!("{field} in {v}"))
}

#[test]
fn promises_signed_by_an_independent_device_read_hash_and_verify() {
    let v = vectors();
    let payer = public_key_from_spki(text(&v, "payer_spki")).expect("payer SPKI");
    let merchant = public_key_from_spki(text(&v, "merchant_spki")).expect("merchant SPKI");
    assert_eq!(B64.encode(payer), text(&v, "payer_raw_b64"));
    assert_eq!(spki_of(&payer), text(&v, "payer_spki"));
    let cases = v["promises"].as_array().expect("promises");
    assert_eq!(cases.len(), 3);
    for case in cases {
        let promise_text = text(case, "text");
        let parsed = promise::parse(promise_text).expect("the device's promise parses");
        assert_eq!(promise::encode(&parsed), promise_text);
        assert_eq!(digest(promise_text), text(case, "sha256"));
        assert!(verifies(
            &payer,
            promise_text,
            text(case, "payer_signature")
        ));
        // Url-safe, unpadded: another device library's spelling.
        assert!(verifies(
            &merchant,
            promise_text,
            text(case, "merchant_signature_urlsafe")
        ));
        // Neither key signs for the other, nor for another string.
        assert!(!verifies(
            &merchant,
            promise_text,
            text(case, "payer_signature")
        ));
        let tampered = promise_text.replacen("|v1|", "|v1| ", 1);
        assert!(!verifies(&payer, &tampered, text(case, "payer_signature")));
        let message = receipt_message(
            &parsed.tag,
            &digest(promise_text),
            "txn_01vector",
            parsed.amount_minor,
            &parsed.currency,
        );
        assert_eq!(message, text(case, "receipt_message"));
        // ed25519 is deterministic: the gateway's receipt is the device's byte for byte.
        let platform = SigningKey::from_bytes(&[3; 32]);
        let ours = encode_signature(&platform.sign(message.as_bytes()).to_bytes());
        assert_eq!(ours, text(case, "receipt"));
    }
    assert_eq!(
        promise::parse(text(&cases[2], "text")).map(|p| p.amount_minor),
        Ok(-5),
        "a negative amount parses, to be refused as invalid_amount"
    );
}

#[test]
fn a_receipt_signed_here_verifies_on_the_device() {
    let platform = SigningKey::from_bytes(&[42; 32]);
    let message = receipt_message("PAYGATE-OFFLINE", &digest("x"), "txn_1", 100, "CDF");
    let signature = encode_signature(&platform.sign(message.as_bytes()).to_bytes());
    let public = B64.encode(platform.verifying_key().to_bytes());
    assert!(
        python(&["verify", &public, &message, &signature])
            .status
            .success()
    );
    let other = message.replace("|100|", "|101|");
    assert!(
        !python(&["verify", &public, &other, &signature])
            .status
            .success()
    );
}

#[test]
fn keys_that_are_not_ed25519_spki_are_refused() {
    let good = spki_of(&SigningKey::from_bytes(&[1; 32]).verifying_key().to_bytes());
    assert!(public_key_from_spki(&good).is_ok());
    let raw_only = B64.encode([1u8; 32]);
    let mut der = B64.decode(&good).expect("b64");
    der[8] = 0x71; // the Ed448 OID
    let weak = spki_of(&[0u8; 32]); // a point of small order
    let mut identity = [0u8; 32];
    identity[0] = 1;
    for bad in [
        raw_only,
        B64.encode(&der),
        "not base64!".to_string(),
        "A".repeat(300),
        weak,
        spki_of(&identity),
    ] {
        assert!(public_key_from_spki(&bad).is_err(), "{bad}");
    }
}
