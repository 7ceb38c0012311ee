//! How values are stored: the one place that turns records and balances into
//! bytes and back. Records are JSON (every record type derives serde); in the
//! tables of [`packs`] the backends keep them as zstd frames compressed with
//! a dictionary trained on paygate's own records (decision 280): a record of
//! 1–2 KB of JSON is mostly field names and enum values that every record of
//! its kind repeats, which a dictionary removes (events 1.5 KB → 250 B,
//! objects 840 → 190 B), while zstd without one saves only half.
//!
//! A stored value is either plain JSON (every record written before
//! compression, and any value too small to gain) or a zstd frame, told apart
//! by the frame's magic number, which no JSON text starts with: stores
//! written before need no migration.

use std::borrow::Cow;
use std::sync::LazyLock;

use serde::Serialize;
use serde::de::DeserializeOwned;
use zstd::bulk::{Compressor, Decompressor};
use zstd::dict::{DecoderDictionary, EncoderDictionary};

use super::{StoreError, Table};

/// The dictionary of every compressed record, trained with `zstd --train` on
/// the records the API suite writes (docs/decisions.md, decision 280). Its id
/// is in every frame: it must never change. A better one would be added
/// beside it under a new id, never in its place.
const DICTIONARY: &[u8] = include_bytes!("records.dict");

/// zstd level 1: the fastest of the normal levels; level 3 saves 5% more at
/// half the speed, on the writer thread.
const LEVEL: i32 = 1;

/// Values shorter than this are stored as they are: a frame's header and the
/// dictionary id would cost more than the few bytes saved.
const PACK_MIN_BYTES: usize = 96;

/// The largest record a frame may expand to: a frame claiming more is
/// refused rather than allocated.
const UNPACKED_MAX_BYTES: u64 = 64 << 20;

/// zstd's frame magic number, as stored (little-endian 0xFD2FB528).
const FRAME_MAGIC: [u8; 4] = [0x28, 0xB5, 0x2F, 0xFD];

static ENCODER_DICTIONARY: LazyLock<EncoderDictionary<'static>> =
    LazyLock::new(|| EncoderDictionary::copy(DICTIONARY, LEVEL));
static DECODER_DICTIONARY: LazyLock<DecoderDictionary<'static>> =
    LazyLock::new(|| DecoderDictionary::copy(DICTIONARY));

thread_local! {
    // A context per thread: preparing one costs more than compressing a record.
    static COMPRESSOR: std::cell::RefCell<Option<Compressor<'static>>> =
        const { std::cell::RefCell::new(None) };
    static DECOMPRESSOR: std::cell::RefCell<Option<Decompressor<'static>>> =
        const { std::cell::RefCell::new(None) };
}

/// The tables whose values are JSON records worth compressing. Balances are
/// 8 bytes, index rows empty, keys and meta rows few.
pub fn packs(table: Table) -> bool {
    matches!(
        table,
        Table::Objects
            | Table::Events
            | Table::Idempotency
            | Table::Journal
            | Table::Timers
            | Table::DeliveryQueue
    )
}

/// `value` as the backends store it in `table`: compressed when the table
/// [`packs`] and the frame is smaller, else as it is.
pub fn pack(table: Table, value: &[u8]) -> Cow<'_, [u8]> {
    if !packs(table) || value.len() < PACK_MIN_BYTES {
        return Cow::Borrowed(value);
    }
    let frame = COMPRESSOR.with(|slot| {
        let mut slot = slot.borrow_mut();
        if slot.is_none() {
            *slot = Compressor::with_prepared_dictionary(&ENCODER_DICTIONARY).ok();
        }
        slot.as_mut().and_then(|c| c.compress(value).ok())
    });
    match frame {
        Some(frame) if frame.len() < value.len() => Cow::Owned(frame),
        // A context that could not be made or a frame no smaller: the value
        // is stored as it is, which every reader takes.
        _ => Cow::Borrowed(value),
    }
}

/// A stored value of `table` as it was given to [`pack`].
pub fn unpack(table: Table, stored: &[u8]) -> Result<Cow<'_, [u8]>, StoreError> {
    if !packs(table) || !stored.starts_with(&FRAME_MAGIC) {
        return Ok(Cow::Borrowed(stored));
    }
    let size = match zstd::zstd_safe::get_frame_content_size(stored) {
        Ok(Some(size)) if size <= UNPACKED_MAX_BYTES => size as usize,
        _ => {
            return Err(StoreError::Codec(format!(
                "{}: a malformed frame",
                table.name()
            )));
        }
    };
    DECOMPRESSOR.with(|slot| {
        let mut slot = slot.borrow_mut();
        if slot.is_none() {
            *slot = Some(
                Decompressor::with_prepared_dictionary(&DECODER_DICTIONARY)
                    .map_err(|e| StoreError::Codec(format!("decompressor: {e}")))?,
            );
        }
        match slot.as_mut() {
            Some(d) => d
                .decompress(stored, size)
                .map(Cow::Owned)
                .map_err(|e| StoreError::Codec(format!("{}: {e}", table.name()))),
            None => Err(StoreError::Codec("no decompressor".to_string())),
        }
    })
}

/// [`pack`] into an owned value (a batch's staged rows).
pub fn packed(table: Table, value: Vec<u8>) -> Vec<u8> {
    match pack(table, &value) {
        Cow::Borrowed(_) => value,
        Cow::Owned(frame) => frame,
    }
}

/// [`unpack`] into an owned value (rows read out of a table).
pub fn unpacked(table: Table, stored: Vec<u8>) -> Result<Vec<u8>, StoreError> {
    match unpack(table, &stored)? {
        Cow::Borrowed(_) => Ok(stored),
        Cow::Owned(value) => Ok(value),
    }
}

/// A record's stored form.
pub fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, StoreError> {
    serde_json::to_vec(value).map_err(|e| StoreError::Codec(format!("encode: {e}")))
}

/// A record from its stored form.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, StoreError> {
    serde_json::from_slice(bytes).map_err(|e| StoreError::Codec(format!("decode: {e}")))
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
    fn records_pack_small_and_unpack_to_the_same_bytes() {
        let object = serde_json::to_vec(&serde_json::json!({
            "id": "pi_01m84q1zwf000bxggdee3rkt4p", "object": "payment_intent",
            "amount_minor": 1000, "currency": "CDF", "status": "REQUIRES_PAYMENT_METHOD",
            "livemode": false, "reference": "bench", "metadata": {},
            "created_at": "2026-11-23T10:00:00.000Z", "captured_minor": 0,
        }))
        .expect("json");
        let packed = pack(Table::Objects, &object);
        assert!(packed.starts_with(&FRAME_MAGIC), "compressed");
        assert!(
            packed.len() * 2 < object.len(),
            "{} of {}",
            packed.len(),
            object.len()
        );
        assert_eq!(
            unpack(Table::Objects, &packed).expect("unpack").as_ref(),
            &object[..]
        );
        // Plain JSON (written before compression) reads as it is.
        assert_eq!(
            unpack(Table::Objects, &object).expect("plain").as_ref(),
            &object[..]
        );
        // Tables that do not pack keep their bytes, even ones that look like a frame.
        assert_eq!(pack(Table::Balances, &object).as_ref(), &object[..]);
        let lookalike = [FRAME_MAGIC.as_slice(), &[0; 4]].concat();
        assert_eq!(
            unpack(Table::Balances, &lookalike).expect("raw").as_ref(),
            &lookalike[..]
        );
        // Small values are not worth a frame.
        assert_eq!(pack(Table::Objects, b"{\"id\":1}").as_ref(), b"{\"id\":1}");
        // A damaged frame is an error, never other bytes.
        let mut damaged = packed.into_owned();
        damaged.truncate(damaged.len() - 3);
        assert!(unpack(Table::Objects, &damaged).is_err());
    }

    #[test]
    fn records_round_trip() {
        let value = serde_json::json!({"id": "pi_1", "amount_minor": 100});
        let back: serde_json::Value = decode(&encode(&value).expect("encode")).expect("decode");
        assert_eq!(back, value);
        assert!(decode::<serde_json::Value>(b"{").is_err());
    }
}
