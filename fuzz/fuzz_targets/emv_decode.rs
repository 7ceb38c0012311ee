//! Fuzzes the EMVCo decoder: no input may panic, and whatever decodes must
//! re-encode to itself (byte for byte, CRC included).
//!
//! The codec has no dependencies, so its source is included as it is (the
//! gateway is a binary crate without a library to link against).

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../src/qr/emv.rs"]
#[allow(dead_code)]
mod emv;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(payload) = emv::decode(text) {
        assert_eq!(payload.encoded(), text);
        // A fresh encoding writes the CRC in upper case; decode also accepts lower case.
        assert!(emv::encode(&payload.without_crc()).eq_ignore_ascii_case(text));
    }
    let _ = emv::inspect(text);
});
