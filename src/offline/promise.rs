//! The promise string a payer's device signs offline (origin behaviour
//! section 9): ten fields joined by `|`:
//!
//! ```text
//! <tag>|v1|<merchant>|<payer>|<amount_minor>|<CURRENCY>|<nonce>|<expires_at>|<counter>|<reference>
//! PAYGATE-OFFLINE|v1|org_01a...|org_01b...|2500|CDF|q83vEjRWeJq83vEjRWeJqw|1700259200|7|table 4
//! ```
//!
//! `tag` is a brand name followed by `-OFFLINE`; `expires_at` is unix
//! seconds; `nonce` is 16 bytes in unpadded base64url (22 characters);
//! `reference` may be empty. Numbers are canonical decimal (no sign, no
//! leading zero; the amount may carry a `-` so that a negative amount is
//! refused as `invalid_amount`, the origin's reason, rather than as bad
//! syntax), so a string that parses encodes back to itself byte for byte:
//! the signatures and the SHA-256 that dedupes a promise are over the
//! string exactly as sent.
//!
//! Depends on nothing but `std`: the fuzz target `offline_promise` includes
//! this file as it is.

/// The protocol version field.
pub const VERSION: &str = "v1";
/// What every tag ends with.
pub const TAG_SUFFIX: &str = "-OFFLINE";
/// This gateway's tag (devices may use another brand's: any tag ending in
/// `-OFFLINE` is read, and the receipt names the promise's own).
/// The simulator's devices sign with it.
#[allow(dead_code)] // unused where the fuzz target includes this file
pub const TAG: &str = "PAYGATE-OFFLINE";
/// Bounds of the string and of its free fields.
pub const PROMISE_CHARS_MAX: usize = 400;
pub const TAG_CHARS_MAX: usize = 40;
pub const PARTY_CHARS_MAX: usize = 64;
pub const REFERENCE_CHARS_MAX: usize = 64;
/// Characters of a 16-byte nonce in unpadded base64url.
pub const NONCE_CHARS: usize = 22;
const FIELDS: usize = 10;
const BASE64URL: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// A promise, field by field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Promise {
    pub tag: String,
    pub merchant: String,
    pub payer: String,
    pub amount_minor: i64,
    pub currency: String,
    pub nonce: String,
    pub expires_at_unix: i64,
    pub counter: u64,
    /// Empty when the device gave none.
    pub reference: String,
}

/// Why a string is not a promise: the field and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub field: &'static str,
    pub message: String,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

fn error(field: &'static str, message: impl Into<String>) -> ParseError {
    ParseError {
        field,
        message: message.into(),
    }
}

/// Reads a promise string.
pub fn parse(text: &str) -> Result<Promise, ParseError> {
    if text.len() > PROMISE_CHARS_MAX {
        return Err(error(
            "promise",
            format!("at most {PROMISE_CHARS_MAX} bytes (got {})", text.len()),
        ));
    }
    let parts: Vec<&str> = text.split('|').collect();
    if parts.len() != FIELDS {
        return Err(error(
            "promise",
            format!(
                "{FIELDS} fields joined by '|' (got {}): tag|v1|merchant|payer|amount_minor|CURRENCY|nonce|expires_at|counter|reference",
                parts.len()
            ),
        ));
    }
    let promise = Promise {
        tag: tag(parts[0])?,
        merchant: party("merchant", parts[2])?,
        payer: party("payer", parts[3])?,
        amount_minor: amount(parts[4])?,
        currency: currency(parts[5])?,
        nonce: nonce(parts[6])?,
        expires_at_unix: i64::try_from(unsigned("expires_at", parts[7], 12)?)
            .map_err(|_| error("expires_at", "out of range"))?,
        counter: unsigned("counter", parts[8], 19)?,
        reference: reference(parts[9])?,
    };
    if parts[1] != VERSION {
        return Err(error(
            "version",
            format!("must be {VERSION} (got {:?})", parts[1]),
        ));
    }
    Ok(promise)
}

/// The string of `promise`: [`parse`] reads it back to the same promise
/// (the devices' side: the simulator's devices, the fuzz target, tests).
#[allow(dead_code)] // unused where the fuzz target includes this file
pub fn encode(p: &Promise) -> String {
    format!(
        "{}|{VERSION}|{}|{}|{}|{}|{}|{}|{}|{}",
        p.tag,
        p.merchant,
        p.payer,
        p.amount_minor,
        p.currency,
        p.nonce,
        p.expires_at_unix,
        p.counter,
        p.reference
    )
}

fn tag(value: &str) -> Result<String, ParseError> {
    let brand = value.strip_suffix(TAG_SUFFIX).unwrap_or("");
    let valid = !brand.is_empty()
        && value.len() <= TAG_CHARS_MAX
        && brand
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.' || b == b'_');
    if !valid {
        return Err(error(
            "tag",
            format!(
                "must be a brand name followed by {TAG_SUFFIX}, at most {TAG_CHARS_MAX} characters (got {value:?})"
            ),
        ));
    }
    Ok(value.to_string())
}

/// An organisation or connected account id: `org_...`, `acct_...`.
fn party(field: &'static str, value: &str) -> Result<String, ParseError> {
    let valid = (1..=PARTY_CHARS_MAX).contains(&value.len())
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if !valid {
        return Err(error(
            field,
            format!(
                "must be an id of 1 to {PARTY_CHARS_MAX} letters, digits or '_' (got {value:?})"
            ),
        ));
    }
    Ok(value.to_string())
}

fn amount(value: &str) -> Result<i64, ParseError> {
    let (negative, digits) = match value.strip_prefix('-') {
        Some(rest) if rest != "0" => (true, rest),
        _ => (false, value),
    };
    let magnitude = unsigned("amount_minor", digits, 18)?;
    let magnitude = i64::try_from(magnitude).map_err(|_| error("amount_minor", "out of range"))?;
    Ok(if negative { -magnitude } else { magnitude })
}

/// Canonical decimal digits: at most `digits_max`, no leading zero.
fn unsigned(field: &'static str, value: &str, digits_max: usize) -> Result<u64, ParseError> {
    let canonical = !value.is_empty()
        && value.len() <= digits_max
        && value.bytes().all(|b| b.is_ascii_digit())
        && (value == "0" || !value.starts_with('0'));
    if !canonical {
        return Err(error(
            field,
            format!(
                "must be a whole number of at most {digits_max} digits without leading zeros (got {value:?})"
            ),
        ));
    }
    value
        .parse()
        .map_err(|_| error(field, format!("cannot read {value:?}")))
}

fn currency(value: &str) -> Result<String, ParseError> {
    if value.len() != 3 || !value.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(error(
            "currency",
            format!("must be an upper-case ISO 4217 code such as CDF (got {value:?})"),
        ));
    }
    Ok(value.to_string())
}

/// 16 bytes in unpadded base64url: 22 characters, the last one carrying 2
/// bits of data and 4 zero bits (so each nonce has one spelling).
fn nonce(value: &str) -> Result<String, ParseError> {
    let position = |b: u8| BASE64URL.iter().position(|&c| c == b);
    let canonical = value.len() == NONCE_CHARS
        && value.bytes().all(|b| position(b).is_some())
        && value
            .bytes()
            .last()
            .and_then(position)
            .is_some_and(|p| p % 16 == 0);
    if !canonical {
        return Err(error(
            "nonce",
            format!(
                "must be 16 bytes in unpadded base64url, {NONCE_CHARS} characters (got {value:?})"
            ),
        ));
    }
    Ok(value.to_string())
}

fn reference(value: &str) -> Result<String, ParseError> {
    if value.chars().count() > REFERENCE_CHARS_MAX || value.chars().any(char::is_control) {
        return Err(error(
            "reference",
            format!("at most {REFERENCE_CHARS_MAX} characters, no control characters"),
        ));
    }
    Ok(value.to_string())
}

/// The properties of the parser that hold for every input, checked by the
/// fuzz target and by the suite's seeded run (`tests` below): no panic, and
/// whatever parses encodes back to the same string.
#[allow(dead_code)] // the fuzz target and tests
pub fn check_properties(text: &str) {
    if let Ok(promise) = parse(text) {
        assert_eq!(encode(&promise), text);
        assert!(promise.nonce.len() == NONCE_CHARS && promise.currency.len() == 3);
        assert!(promise.expires_at_unix >= 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MERCHANT: &str = "org_01merchant";
    const PAYER: &str = "org_01payer";

    pub(crate) fn sample() -> Promise {
        Promise {
            tag: TAG.to_string(),
            merchant: MERCHANT.to_string(),
            payer: PAYER.to_string(),
            amount_minor: 2_500,
            currency: "CDF".to_string(),
            nonce: "q83vEjRWeJq83vEjRWeJqw".to_string(),
            expires_at_unix: 1_700_259_200,
            counter: 7,
            reference: "table 4".to_string(),
        }
    }

    #[test]
    fn a_promise_reads_back_from_its_string() {
        let text = encode(&sample());
        assert_eq!(
            text,
            "PAYGATE-OFFLINE|v1|org_01merchant|org_01payer|2500|CDF|q83vEjRWeJq83vEjRWeJqw|1700259200|7|table 4"
        );
        assert_eq!(parse(&text), Ok(sample()));
        let mut empty = sample();
        empty.reference.clear();
        assert_eq!(parse(&encode(&empty)), Ok(empty));
        let mut negative = sample();
        negative.amount_minor = -5;
        assert_eq!(parse(&encode(&negative)), Ok(negative));
    }

    #[test]
    fn malformed_strings_name_their_field() {
        let good = encode(&sample());
        let cases = [
            (good.replace("|v1|", "|v2|"), "version"),
            (good.replace("PAYGATE-OFFLINE", "PAYGATE"), "tag"),
            (good.replace("PAYGATE-OFFLINE", "-OFFLINE"), "tag"),
            (good.replace("|2500|", "|02500|"), "amount_minor"),
            (good.replace("|2500|", "|25.00|"), "amount_minor"),
            (good.replace("|2500|", "|-0|"), "amount_minor"),
            (good.replace("|2500|", "|+25|"), "amount_minor"),
            (good.replace("|CDF|", "|cdf|"), "currency"),
            (good.replace("Jqw|", "Jqx|"), "nonce"),
            (good.replace("Jqw|", "Jq|"), "nonce"),
            (good.replace("|7|", "|07|"), "counter"),
            (good.replace("|7|", "|-7|"), "counter"),
            (good.replace("|1700259200|", "|1e9|"), "expires_at"),
            (good.replace(MERCHANT, "org 1"), "merchant"),
            (good.replace(PAYER, ""), "payer"),
            (good.replace("table 4", "a\nb"), "reference"),
            (format!("{good}|extra"), "promise"),
            ("x".repeat(PROMISE_CHARS_MAX + 1), "promise"),
            (String::new(), "promise"),
        ];
        for (text, field) in cases {
            assert_eq!(parse(&text).map_err(|e| e.field), Err(field), "{text:?}");
        }
    }

    /// The fuzz target's properties over 50 000 seeded mutations of a
    /// well-formed promise (a small xorshift, so the run is the same each time).
    #[test]
    fn the_parser_keeps_its_properties_on_50k_mutated_inputs() {
        let base = encode(&sample()).into_bytes();
        let alphabet = b"|0123456789-_aZ.OFFLINEv1 \x00\xff";
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..50_000 {
            let mut bytes = base.clone();
            for _ in 0..(next() % 4 + 1) {
                let at = (next() as usize) % (bytes.len() + 1);
                let byte = alphabet[(next() as usize) % alphabet.len()];
                match next() % 3 {
                    0 if at < bytes.len() => bytes[at] = byte,
                    1 if at < bytes.len() => {
                        bytes.remove(at);
                    }
                    _ => bytes.insert(at, byte),
                }
            }
            if let Ok(text) = std::str::from_utf8(&bytes) {
                check_properties(text);
            }
        }
    }
}
