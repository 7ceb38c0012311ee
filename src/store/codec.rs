//! How values are stored: the one place that turns records and balances into
//! bytes and back. Records are JSON today (readable with any redb tool, and
//! every record type already derives serde); a compact binary encoding later
//! is a change of this file (and a migration), not of the callers.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::StoreError;

/// A record's stored form.
pub fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, StoreError> {
    serde_json::to_vec(value).map_err(|e| StoreError(format!("encode: {e}")))
}

/// A record from its stored form.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, StoreError> {
    serde_json::from_slice(bytes).map_err(|e| StoreError(format!("decode: {e}")))
}

/// A ledger balance's stored form: i64 big-endian, 8 bytes.
pub fn encode_balance(minor: i64) -> Vec<u8> {
    minor.to_be_bytes().to_vec()
}

/// A ledger balance from its stored form; a malformed value reads as
/// `i64::MIN`, which no real balance reaches, so `verify` reports it.
pub fn decode_balance(bytes: &[u8]) -> i64 {
    <[u8; 8]>::try_from(bytes)
        .map(i64::from_be_bytes)
        .unwrap_or(i64::MIN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn balances_round_trip_and_malformed_ones_stand_out() {
        for minor in [0, 1, -1, i64::MAX, i64::MIN + 1] {
            assert_eq!(decode_balance(&encode_balance(minor)), minor);
        }
        assert_eq!(decode_balance(b"1234567"), i64::MIN);
    }

    #[test]
    fn records_round_trip() {
        let value = serde_json::json!({"id": "pi_1", "amount_minor": 100});
        let back: serde_json::Value = decode(&encode(&value).expect("encode")).expect("decode");
        assert_eq!(back, value);
        assert!(decode::<serde_json::Value>(b"{").is_err());
    }
}
