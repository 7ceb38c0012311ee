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

thread_local! {
    // Contexts for deltas, whose dictionary changes with every call.
    static DELTA_COMPRESSOR: std::cell::RefCell<zstd::zstd_safe::CCtx<'static>> =
        std::cell::RefCell::new(zstd::zstd_safe::CCtx::create());
    static DELTA_DECOMPRESSOR: std::cell::RefCell<zstd::zstd_safe::DCtx<'static>> =
        std::cell::RefCell::new(zstd::zstd_safe::DCtx::create());
}

/// `value` as a zstd frame compressed with `reference` as its dictionary
/// (raw content): what `value` repeats of `reference`, wherever it sits, costs
/// a few bytes of match, so a stored answer that is its event's object with a
/// secret added and a page token shown keeps little more than the secret and
/// the token (decision 590). `None` when zstd refuses.
pub fn delta(reference: &[u8], value: &[u8]) -> Option<Vec<u8>> {
    DELTA_COMPRESSOR.with(|cctx| {
        let mut frame = Vec::with_capacity(zstd::zstd_safe::compress_bound(value.len()));
        cctx.borrow_mut()
            .compress_using_dict(&mut frame, value, reference, LEVEL)
            .ok()?;
        Some(frame)
    })
}

/// The value a [`delta`] frame was made from, with the same `reference`.
pub fn undelta(reference: &[u8], frame: &[u8]) -> Result<Vec<u8>, StoreError> {
    let size = match zstd::zstd_safe::get_frame_content_size(frame) {
        Ok(Some(size)) if size <= UNPACKED_MAX_BYTES => size as usize,
        _ => return Err(StoreError::Codec("a malformed delta frame".to_string())),
    };
    DELTA_DECOMPRESSOR.with(|dctx| {
        let mut value = Vec::with_capacity(size);
        dctx.borrow_mut()
            .decompress_using_dict(&mut value, frame, reference)
            .map_err(|code| {
                StoreError::Codec(format!(
                    "a delta frame does not open with its reference: {}",
                    zstd::zstd_safe::get_error_name(code)
                ))
            })?;
        Ok(value)
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
    fn a_delta_keeps_what_differs_from_its_reference_and_opens_only_with_it() {
        // An answer: its event's object with a secret added and a page
        // token shown where the event keeps a mark.
        let reference = format!(
            r#"{{"id":"pi_1","checkout_url":"/pay/pi_1?t={}","qr":"{}","status":"OPEN"}}"#,
            "0".repeat(32),
            "q".repeat(600)
        );
        let answer = format!(
            r#"{{"id":"pi_1","checkout_url":"/pay/pi_1?t={}","qr":"{}","client_secret":"pi_1_secret_Zk3","status":"OPEN"}}"#,
            "9a".repeat(16),
            "q".repeat(600)
        );
        let frame = delta(reference.as_bytes(), answer.as_bytes()).expect("delta");
        assert!(
            frame.len() < 120,
            "{} bytes for {}",
            frame.len(),
            answer.len()
        );
        assert_eq!(
            undelta(reference.as_bytes(), &frame).expect("undelta"),
            answer.as_bytes()
        );
        // Another reference is an error or other bytes, never the answer.
        let other = reference.replace('q', "r");
        assert!(undelta(other.as_bytes(), &frame).map_or(true, |v| v != answer.as_bytes()));
        // A damaged frame is an error.
        assert!(undelta(reference.as_bytes(), &frame[..frame.len() - 2]).is_err());
    }

    #[test]
    fn records_round_trip() {
        let value = serde_json::json!({"id": "pi_1", "amount_minor": 100});
        let back: serde_json::Value = decode(&encode(&value).expect("encode")).expect("decode");
        assert_eq!(back, value);
        assert!(decode::<serde_json::Value>(b"{").is_err());
    }
}
