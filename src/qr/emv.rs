//! EMVCo merchant-presented-mode payloads (EMV QRCPS-MPM): TLV data objects
//! (two-digit tag, two-digit length counted in characters, value) closed by a
//! CRC-16/CCITT-FALSE over everything up to and including `6304`.
//!
//! No HTTP here. [`encode`] builds a payload from [`Tlv`]s; [`decode`] parses
//! one strictly (structure, duplicates, mandatory tags, CRC) and names the
//! reason when it refuses; [`inspect`] parses the structure only, so a caller
//! can still show what a payload with a wrong CRC claims to be.
//!
//! Templates (26–51 merchant account information, 62 additional data, 64
//! language template, 80–99 unreserved) are parsed into their nested objects;
//! templates of other schemes are kept as they are, never dropped.

use std::fmt;

/// One data object. A template's value is its nested objects, encoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tlv {
    pub tag: String,
    pub node: Node,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    Primitive(String),
    Template(Vec<Tlv>),
}

impl Tlv {
    pub fn value(tag: &str, value: impl Into<String>) -> Tlv {
        Tlv {
            tag: tag.to_string(),
            node: Node::Primitive(value.into()),
        }
    }

    pub fn template(tag: &str, children: Vec<Tlv>) -> Tlv {
        Tlv {
            tag: tag.to_string(),
            node: Node::Template(children),
        }
    }

    /// The value as it appears in the payload (a template's nested objects, encoded).
    pub fn raw_value(&self) -> String {
        match &self.node {
            Node::Primitive(value) => value.clone(),
            Node::Template(children) => {
                let mut out = String::new();
                for child in children {
                    child.encode_into(&mut out);
                }
                out
            }
        }
    }

    /// The nested objects of a template (empty for a primitive).
    pub fn children(&self) -> &[Tlv] {
        match &self.node {
            Node::Primitive(_) => &[],
            Node::Template(children) => children,
        }
    }

    /// The value of the nested object `tag`.
    pub fn child(&self, tag: &str) -> Option<&str> {
        self.children()
            .iter()
            .find(|c| c.tag == tag)
            .and_then(|c| match &c.node {
                Node::Primitive(v) => Some(v.as_str()),
                Node::Template(_) => None,
            })
    }

    /// Appends `tag + length + value` to `out`, a template's children encoded
    /// in place (every intent's QR payload goes through here: no copy of a
    /// value, and its length written over a placeholder once it is known).
    fn encode_into(&self, out: &mut String) {
        out.push_str(&self.tag);
        let length_at = out.len();
        out.push_str("00");
        let value_at = out.len();
        match &self.node {
            Node::Primitive(value) => out.push_str(value),
            Node::Template(children) => {
                for child in children {
                    child.encode_into(out);
                }
            }
        }
        // Callers bound their values; this keeps the TLV well formed regardless.
        let (chars, end) = match out[value_at..].char_indices().nth(VALUE_CHARS_MAX) {
            Some((cut, _)) => (VALUE_CHARS_MAX, value_at + cut),
            None => (out[value_at..].chars().count(), out.len()),
        };
        out.truncate(end);
        out.replace_range(length_at..value_at, &format!("{chars:02}"));
    }

    /// `tag + length + value`.
    pub fn encoded(&self) -> String {
        let mut out = String::new();
        self.encode_into(&mut out);
        out
    }
}

/// A value holds at most 99 characters (two-digit length).
pub const VALUE_CHARS_MAX: usize = 99;

/// Tags every payload must carry (EMV QRCPS-MPM 4.2 / 5.2).
pub const MANDATORY_TAGS: &[&str] = &["00", "52", "53", "58", "59", "60", "63"];

/// Whether `tag` (at the top level) is a template whose value is nested objects.
pub fn is_template(tag: &str) -> bool {
    match tag.parse::<u8>() {
        Ok(n) => (26..=51).contains(&n) || n == 62 || n == 64 || (80..=99).contains(&n),
        Err(_) => false,
    }
}

/// Why a payload was refused. [`DecodeError::code`] is the stable reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    /// Nothing to parse.
    Empty,
    /// A tag is not two digits (`path` names where: `62` or `26.01`).
    BadTag { at: usize },
    /// A length is not two digits, or the value runs past the end of its container.
    BadLength { path: String, at: usize },
    /// A tag appears twice in one container.
    DuplicateTag { path: String },
    /// A mandatory tag is absent.
    MissingTag { tag: String },
    /// No merchant account information (tags 02–51).
    MissingMerchantAccount,
    /// The payload does not start with the payload format indicator `000201`.
    BadFormatIndicator,
    /// The CRC (tag 63) is not the last object or not four hex digits.
    CrcNotLast,
    /// The CRC does not match the payload.
    BadCrc { expected: String, found: String },
    /// A value breaks its tag's format (`52` four digits, `53` three digits, ...).
    BadValue { path: String, reason: &'static str },
}

impl DecodeError {
    pub fn code(&self) -> &'static str {
        match self {
            DecodeError::Empty => "empty",
            DecodeError::BadTag { .. } => "bad_tag",
            DecodeError::BadLength { .. } => "bad_length",
            DecodeError::DuplicateTag { .. } => "duplicate_tag",
            DecodeError::MissingTag { .. } | DecodeError::MissingMerchantAccount => "missing_tag",
            DecodeError::BadFormatIndicator => "bad_format_indicator",
            DecodeError::CrcNotLast => "crc_not_last",
            DecodeError::BadCrc { .. } => "bad_crc",
            DecodeError::BadValue { .. } => "bad_value",
        }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::Empty => write!(f, "the payload is empty"),
            DecodeError::BadTag { at } => {
                write!(f, "character {at}: a tag must be two digits")
            }
            DecodeError::BadLength { path, at } => write!(
                f,
                "tag {path} at character {at}: the length is not two digits or the value runs past the end"
            ),
            DecodeError::DuplicateTag { path } => write!(f, "tag {path} appears twice"),
            DecodeError::MissingTag { tag } => write!(f, "mandatory tag {tag} is missing"),
            DecodeError::MissingMerchantAccount => write!(
                f,
                "no merchant account information (tags 02 to 51) is present"
            ),
            DecodeError::BadFormatIndicator => write!(
                f,
                "the payload must start with the payload format indicator 000201"
            ),
            DecodeError::CrcNotLast => write!(
                f,
                "the CRC (tag 63, four hex digits) must be the last object"
            ),
            DecodeError::BadCrc { expected, found } => write!(
                f,
                "the CRC is {found} but the payload's CRC-16/CCITT-FALSE is {expected}"
            ),
            DecodeError::BadValue { path, reason } => write!(f, "tag {path}: {reason}"),
        }
    }
}

impl std::error::Error for DecodeError {}

/// A decoded payload: its top-level objects in payload order (63 included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payload {
    pub fields: Vec<Tlv>,
}

impl Payload {
    pub fn get(&self, tag: &str) -> Option<&Tlv> {
        self.fields.iter().find(|f| f.tag == tag)
    }

    /// The value of a primitive top-level object.
    pub fn value(&self, tag: &str) -> Option<&str> {
        self.get(tag).and_then(|f| match &f.node {
            Node::Primitive(v) => Some(v.as_str()),
            Node::Template(_) => None,
        })
    }

    /// Re-encodes the payload exactly as it was (objects, order and CRC).
    #[allow(dead_code)] // Used by the tests and the fuzz target (round trips).
    pub fn encoded(&self) -> String {
        let mut out = String::new();
        for field in &self.fields {
            field.encode_into(&mut out);
        }
        out
    }

    /// The objects without the CRC, ready for [`encode`].
    #[allow(dead_code)] // Used by the tests and the fuzz target (round trips).
    pub fn without_crc(&self) -> Vec<Tlv> {
        self.fields
            .iter()
            .filter(|f| f.tag != "63")
            .cloned()
            .collect()
    }
}

/// The payload for `fields` (which must not include tag 63), with its CRC.
pub fn encode(fields: &[Tlv]) -> String {
    let mut payload = String::new();
    for field in fields {
        field.encode_into(&mut payload);
    }
    payload.push_str("6304");
    let crc = crc16_ccitt_false(payload.as_bytes());
    // Writing into a String cannot fail.
    let _ = fmt::Write::write_fmt(&mut payload, format_args!("{crc:04X}"));
    payload
}

/// Parses the TLV structure only: tags, lengths, templates and duplicates.
/// No CRC check, no mandatory tags: for showing what a broken payload claims.
pub fn inspect(payload: &str) -> Result<Payload, DecodeError> {
    if payload.is_empty() {
        return Err(DecodeError::Empty);
    }
    let chars: Vec<char> = payload.chars().collect();
    let fields = parse_container(&chars, 0, "", true)?;
    Ok(Payload { fields })
}

/// Parses and checks a payload: structure, payload format indicator first,
/// CRC last and correct, mandatory tags, merchant account information, and
/// the formats of the tags this gateway reads.
pub fn decode(payload: &str) -> Result<Payload, DecodeError> {
    let decoded = inspect(payload)?;
    check_crc(payload, &decoded)?;
    check_contents(&decoded)?;
    Ok(decoded)
}

fn check_crc(payload: &str, decoded: &Payload) -> Result<(), DecodeError> {
    let Some(last) = decoded.fields.last() else {
        return Err(DecodeError::Empty);
    };
    let found = match &last.node {
        Node::Primitive(v) if last.tag == "63" && v.len() == 4 => v.clone(),
        _ => return Err(DecodeError::CrcNotLast),
    };
    if !found.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(DecodeError::CrcNotLast);
    }
    let body = &payload[..payload.len() - 4];
    let expected = format!("{:04X}", crc16_ccitt_false(body.as_bytes()));
    if !expected.eq_ignore_ascii_case(&found) {
        return Err(DecodeError::BadCrc { expected, found });
    }
    Ok(())
}

fn check_contents(decoded: &Payload) -> Result<(), DecodeError> {
    match decoded.fields.first() {
        Some(first) if first.tag == "00" && first.node == Node::Primitive("01".into()) => {}
        _ => return Err(DecodeError::BadFormatIndicator),
    }
    for tag in MANDATORY_TAGS {
        if decoded.get(tag).is_none() {
            return Err(DecodeError::MissingTag {
                tag: (*tag).to_string(),
            });
        }
    }
    let has_account = decoded
        .fields
        .iter()
        .any(|f| f.tag.parse::<u8>().is_ok_and(|n| (2..=51).contains(&n)));
    if !has_account {
        return Err(DecodeError::MissingMerchantAccount);
    }
    let bad = |tag: &str, reason: &'static str| DecodeError::BadValue {
        path: tag.to_string(),
        reason,
    };
    let digits = |v: &str, n: usize| v.len() == n && v.bytes().all(|b| b.is_ascii_digit());
    if let Some(v) = decoded.value("01")
        && v != "11"
        && v != "12"
    {
        return Err(bad(
            "01",
            "point of initiation must be 11 (static) or 12 (dynamic)",
        ));
    }
    if !decoded.value("52").is_some_and(|v| digits(v, 4)) {
        return Err(bad("52", "merchant category code must be four digits"));
    }
    if !decoded.value("53").is_some_and(|v| digits(v, 3)) {
        return Err(bad(
            "53",
            "transaction currency must be a three-digit ISO 4217 code",
        ));
    }
    if let Some(v) = decoded.get("54")
        && parse_amount(&v.raw_value()).is_none()
    {
        return Err(bad(
            "54",
            "transaction amount must be digits with at most one '.', at most 13 characters",
        ));
    }
    if decoded.value("58").is_none_or(|v| v.chars().count() != 2) {
        return Err(bad("58", "country code must be two characters"));
    }
    if !decoded
        .value("59")
        .is_some_and(|v| (1..=25).contains(&v.chars().count()))
    {
        return Err(bad("59", "merchant name must be 1 to 25 characters"));
    }
    if !decoded
        .value("60")
        .is_some_and(|v| (1..=15).contains(&v.chars().count()))
    {
        return Err(bad("60", "merchant city must be 1 to 15 characters"));
    }
    Ok(())
}

/// An EMVCo amount (`"23.72"`, `"1500"`): digits and at most one `.`, ≤ 13 characters.
pub fn parse_amount(value: &str) -> Option<(u64, u32)> {
    if value.is_empty() || value.len() > 13 {
        return None;
    }
    let (int, frac) = value.split_once('.').unwrap_or((value, ""));
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    if !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits = format!("{int}{frac}");
    let number: u64 = digits.parse().ok()?;
    Some((number, frac.len() as u32))
}

fn parse_container(
    chars: &[char],
    offset: usize,
    parent: &str,
    top: bool,
) -> Result<Vec<Tlv>, DecodeError> {
    let mut fields: Vec<Tlv> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let at = offset + i;
        if i + 4 > chars.len() {
            // Not even room for a tag and a length: the previous value or the
            // payload was cut short.
            let partial: String = chars[i..].iter().collect();
            return Err(DecodeError::BadLength {
                path: if parent.is_empty() {
                    partial
                } else {
                    format!("{parent}.{partial}")
                },
                at,
            });
        }
        let tag = two_digits(chars, i).ok_or(DecodeError::BadTag { at })?;
        let path = if parent.is_empty() {
            tag.clone()
        } else {
            format!("{parent}.{tag}")
        };
        let length: usize = two_digits(chars, i + 2)
            .and_then(|l| l.parse().ok())
            .ok_or_else(|| DecodeError::BadLength {
                path: path.clone(),
                at,
            })?;
        let start = i + 4;
        let end = start + length;
        if end > chars.len() {
            return Err(DecodeError::BadLength { path, at });
        }
        if fields.iter().any(|f| f.tag == tag) {
            return Err(DecodeError::DuplicateTag { path });
        }
        let value = &chars[start..end];
        let node = if top && is_template(&tag) {
            if value.is_empty() {
                return Err(DecodeError::BadLength { path, at });
            }
            Node::Template(parse_container(value, offset + start, &path, false)?)
        } else {
            Node::Primitive(value.iter().collect())
        };
        fields.push(Tlv { tag, node });
        i = end;
    }
    Ok(fields)
}

fn two_digits(chars: &[char], i: usize) -> Option<String> {
    let pair = chars.get(i..i + 2)?;
    pair.iter()
        .all(|c| c.is_ascii_digit())
        .then(|| pair.iter().collect())
}

/// CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection.
pub fn crc16_ccitt_false(bytes: &[u8]) -> u16 {
    bytes.iter().fold(0xFFFF, |crc, &byte| {
        (crc << 8) ^ CRC16_TABLE[usize::from((crc >> 8) as u8 ^ byte)]
    })
}

/// The CRC of each byte value (polynomial 0x1021), computed at compile time:
/// one lookup per byte instead of eight shifts.
const CRC16_TABLE: [u16; 256] = {
    let mut table = [0u16; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut crc = (byte as u16) << 8;
        let mut bit = 0;
        while bit < 8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
            bit += 1;
        }
        table[byte] = crc;
        byte += 1;
    }
    table
};

/// Keeps at most `max` characters of printable ASCII (EMVCo's common character set).
pub fn clean(text: &str, max: usize) -> String {
    text.chars()
        .filter(|c| c.is_ascii() && !c.is_ascii_control())
        .take(max)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example of EMV QRCPS-MPM (Appendix A), with its Chinese language
    /// template: lengths count characters, the CRC covers UTF-8 bytes.
    pub const EMVCO_EXAMPLE: &str = "00020101021229300012D156000000000510A93FO3230Q31280012D15600000001030812345678520441115802CN5914BEST TRANSPORT6007BEIJING64200002ZH0104最佳运输0202北京540523.7253031565502016233030412340603***0708A60086670902ME91320016A0112233449988770708123456786304A13A";

    #[test]
    fn crc_matches_the_standard_check_value() {
        assert_eq!(crc16_ccitt_false(b"123456789"), 0x29B1);
    }

    #[test]
    fn parses_the_emvco_specification_example() {
        let p = decode(EMVCO_EXAMPLE).expect("the EMVCo example decodes");
        assert_eq!(p.value("01"), Some("12"));
        assert_eq!(p.value("52"), Some("4111"));
        assert_eq!(p.value("53"), Some("156"));
        assert_eq!(p.value("54"), Some("23.72"));
        assert_eq!(p.value("58"), Some("CN"));
        assert_eq!(p.value("59"), Some("BEST TRANSPORT"));
        assert_eq!(p.value("60"), Some("BEIJING"));
        assert_eq!(p.value("63"), Some("A13A"));
        let t29 = p.get("29").expect("29");
        assert_eq!(t29.child("00"), Some("D15600000000"));
        assert_eq!(t29.child("05"), Some("A93FO3230Q"));
        let lang = p.get("64").expect("64");
        assert_eq!(lang.child("01"), Some("最佳运输"));
        assert_eq!(lang.child("02"), Some("北京"));
        let add = p.get("62").expect("62");
        assert_eq!(add.child("03"), Some("1234"));
        assert_eq!(add.child("07"), Some("A6008667"));
        // The third-party template 91 is kept, nested objects and all.
        assert_eq!(
            p.get("91").expect("91").child("00"),
            Some("A011223344998877")
        );
        assert_eq!(p.encoded(), EMVCO_EXAMPLE);
        assert_eq!(encode(&p.without_crc()), EMVCO_EXAMPLE);
    }

    /// Another public vector (a dynamic code with a primitive merchant account, 15),
    /// quoted with its CRC by an independent implementation, and a static code.
    #[test]
    fn parses_other_public_vectors() {
        let dongri = "00020101021229300012D156000000000510A93FO3230Q5204531153033925406999.005802JP5906DONGRI6005TOKYO62240104hoge0504fuga0704piyo";
        let full = encode(&inspect(dongri).expect("structure").fields);
        assert!(decode(&full).is_ok(), "{full}");
        // CRC of a payload quoted with its CRC in public test suites.
        let quoted = "0002010102121516ABCDEF123456789052045311530339254039995802JP5906DONGRI6005TOKYO62240104hoge0504fuga0704piyo63043FE6";
        let p = inspect(quoted).expect("structure");
        assert_eq!(encode(&p.without_crc()), quoted);
        assert!(decode(quoted).is_ok());
    }

    #[test]
    fn rejects_with_a_precise_reason() {
        let flip = EMVCO_EXAMPLE.replacen("BEIJING", "BEIJINF", 1);
        assert_eq!(decode(&flip).expect_err("crc").code(), "bad_crc");
        let crc_flip = EMVCO_EXAMPLE.replacen("6304A13A", "6304A13B", 1);
        assert!(matches!(
            decode(&crc_flip),
            Err(DecodeError::BadCrc { expected, found }) if expected == "A13A" && found == "A13B"
        ));
        assert_eq!(decode("").expect_err("empty").code(), "empty");
        assert_eq!(decode("0002010").expect_err("len").code(), "bad_length");
        assert_eq!(decode("0x0201").expect_err("tag").code(), "bad_tag");
        assert_eq!(
            decode("000201019912").expect_err("len").code(),
            "bad_length"
        );
        let dup = encode(&[
            Tlv::value("00", "01"),
            Tlv::value("52", "5999"),
            Tlv::value("52", "5999"),
        ]);
        assert_eq!(
            decode(&dup),
            Err(DecodeError::DuplicateTag { path: "52".into() })
        );
        let nested_dup = encode(&[
            Tlv::value("00", "01"),
            Tlv::template("62", vec![Tlv::value("05", "a"), Tlv::value("05", "b")]),
        ]);
        assert_eq!(
            decode(&nested_dup),
            Err(DecodeError::DuplicateTag {
                path: "62.05".into()
            })
        );
        let missing = encode(&[
            Tlv::value("00", "01"),
            Tlv::template("26", vec![Tlv::value("00", "com.paygate")]),
            Tlv::value("52", "5999"),
            Tlv::value("53", "976"),
            Tlv::value("58", "CD"),
            Tlv::value("60", "Kinshasa"),
        ]);
        assert_eq!(
            decode(&missing),
            Err(DecodeError::MissingTag { tag: "59".into() })
        );
        let no_account = encode(&[
            Tlv::value("00", "01"),
            Tlv::value("52", "5999"),
            Tlv::value("53", "976"),
            Tlv::value("58", "CD"),
            Tlv::value("59", "Shop"),
            Tlv::value("60", "Kinshasa"),
        ]);
        assert_eq!(
            decode(&no_account),
            Err(DecodeError::MissingMerchantAccount)
        );
        let not_last = format!("{EMVCO_EXAMPLE}570201");
        assert_eq!(decode(&not_last), Err(DecodeError::CrcNotLast));
        let wrong_first = encode(&[Tlv::value("01", "11"), Tlv::value("00", "01")]);
        assert_eq!(decode(&wrong_first), Err(DecodeError::BadFormatIndicator));
    }

    #[test]
    fn encodes_lengths_in_characters_and_appends_the_crc() {
        let payload = encode(&[
            Tlv::value("00", "01"),
            Tlv::template("26", vec![Tlv::value("00", "com.paygate")]),
            Tlv::value("59", "Café"),
        ]);
        assert!(payload.starts_with("000201261500"));
        assert!(payload.contains("0011com.paygate"));
        assert!(payload.contains("5904Café"));
        let (body, crc) = payload.split_at(payload.len() - 4);
        assert!(body.ends_with("6304"));
        assert_eq!(crc, format!("{:04X}", crc16_ccitt_false(body.as_bytes())));
    }

    #[test]
    fn values_over_99_characters_are_cut_to_99() {
        let long = "é".repeat(120);
        let payload = encode(&[
            Tlv::value("00", "01"),
            Tlv::value("59", long.as_str()),
            Tlv::template(
                "62",
                vec![
                    Tlv::value("05", "a".repeat(60)),
                    Tlv::value("07", "b".repeat(60)),
                ],
            ),
        ]);
        // 62 holds 128 characters of children: the first 99 are kept.
        let expected = format!(
            "0002015999{}62990560{}0760{}6304",
            "é".repeat(99),
            "a".repeat(60),
            "b".repeat(31),
        );
        assert!(payload.starts_with(&expected), "{payload}");
        assert_eq!(payload.len(), expected.len() + 4);
    }

    #[test]
    fn the_crc_table_matches_the_bitwise_crc() {
        fn bitwise(bytes: &[u8]) -> u16 {
            let mut crc: u16 = 0xFFFF;
            for &byte in bytes {
                crc ^= u16::from(byte) << 8;
                for _ in 0..8 {
                    crc = if crc & 0x8000 != 0 {
                        (crc << 1) ^ 0x1021
                    } else {
                        crc << 1
                    };
                }
            }
            crc
        }
        let all: Vec<u8> = (0..=255u8).chain((0..=255u8).rev()).collect();
        for end in 0..all.len() {
            assert_eq!(crc16_ccitt_false(&all[..end]), bitwise(&all[..end]));
        }
        assert_eq!(
            crc16_ccitt_false(EMVCO_EXAMPLE.as_bytes()),
            bitwise(EMVCO_EXAMPLE.as_bytes())
        );
    }

    #[test]
    fn amounts() {
        assert_eq!(parse_amount("23.72"), Some((2372, 2)));
        assert_eq!(parse_amount("1500"), Some((1500, 0)));
        assert_eq!(parse_amount("1."), Some((1, 0)));
        assert_eq!(parse_amount("."), None);
        assert_eq!(parse_amount("1.2.3"), None);
        assert_eq!(parse_amount("-1"), None);
        assert_eq!(parse_amount("12345678901234"), None);
    }

    mod properties {
        use super::super::*;
        use proptest::prelude::*;

        /// Values of EMVCo's common character set plus some multi-byte
        /// characters (lengths count characters, the CRC counts bytes).
        fn value(max: usize) -> impl Strategy<Value = String> {
            proptest::collection::vec(
                prop_oneof![
                    8 => proptest::char::range(' ', '~'),
                    1 => prop_oneof![Just('é'), Just('北'), Just('京'), Just('€')],
                ],
                1..=max,
            )
            .prop_map(|c| c.into_iter().collect())
        }

        fn sub_fields() -> impl Strategy<Value = Vec<Tlv>> {
            proptest::collection::btree_map(0u8..100, value(12), 1..5).prop_map(|m| {
                m.into_iter()
                    .map(|(t, v)| Tlv::value(&format!("{t:02}"), v))
                    .collect()
            })
        }

        /// A valid payload: mandatory tags, a merchant account template, and
        /// optional amount, additional data and unreserved templates.
        fn payload() -> impl Strategy<Value = Vec<Tlv>> {
            (
                sub_fields(),
                prop_oneof![Just("11"), Just("12")],
                "[0-9]{4}",
                "[0-9]{3}",
                proptest::option::of("[0-9]{1,9}(\\.[0-9]{2})?"),
                "[A-Z]{2}",
                value(25),
                value(15),
                proptest::option::of(sub_fields()),
                proptest::option::of(sub_fields()),
            )
                .prop_map(
                    |(account, poi, mcc, cur, amount, country, name, city, additional, extra)| {
                        let mut f = vec![
                            Tlv::value("00", "01"),
                            Tlv::value("01", poi),
                            Tlv::template("26", account),
                            Tlv::value("52", mcc),
                            Tlv::value("53", cur),
                        ];
                        if let Some(a) = amount {
                            f.push(Tlv::value("54", a));
                        }
                        f.push(Tlv::value("58", country));
                        f.push(Tlv::value("59", name));
                        f.push(Tlv::value("60", city));
                        if let Some(a) = additional {
                            f.push(Tlv::template("62", a));
                        }
                        if let Some(e) = extra {
                            f.push(Tlv::template("85", e));
                        }
                        f
                    },
                )
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(512))]

            #[test]
            fn encode_then_decode_round_trips(fields in payload()) {
                let encoded = encode(&fields);
                let decoded = decode(&encoded).map_err(|e| TestCaseError::fail(format!("{e}: {encoded}")))?;
                prop_assert_eq!(&decoded.without_crc(), &fields);
                prop_assert_eq!(decoded.encoded(), encoded);
            }

            #[test]
            fn any_single_character_change_is_caught(fields in payload(), at in any::<prop::sample::Index>(), c in proptest::char::range(' ', '~')) {
                let encoded = encode(&fields);
                let chars: Vec<char> = encoded.chars().collect();
                let i = at.index(chars.len());
                // A one-byte change: CRC-16 catches every burst of up to 16 bits.
                prop_assume!(chars[i] != c && chars[i].is_ascii());
                // The CRC's hex digits are read in either case (`check_crc`):
                // a change of case there is the same checksum, not a change.
                prop_assume!(!(i + 4 >= chars.len() && chars[i].eq_ignore_ascii_case(&c)));
                let mut changed = chars.clone();
                changed[i] = c;
                let changed: String = changed.into_iter().collect();
                prop_assert!(decode(&changed).is_err(), "{} accepted", changed);
            }

            #[test]
            fn the_decoder_never_panics(s in "\\PC{0,200}") {
                let _ = decode(&s);
                let _ = inspect(&s);
            }
        }

        /// The stable stand-in for the cargo-fuzz target: 100 000 random and
        /// mutated inputs (seeded, so a failure reproduces) through the decoder.
        #[test]
        fn decoder_survives_100k_mutated_inputs() {
            use rand::SeedableRng;
            let mut rng = rand::rngs::StdRng::seed_from_u64(0x9a79_a7e0);
            let seeds = [
                super::EMVCO_EXAMPLE.to_string(),
                encode(&[
                    Tlv::value("00", "01"),
                    Tlv::template("26", vec![Tlv::value("00", "com.paygate")]),
                ]),
            ];
            let alphabet: Vec<char> = "0123456789ABCDEF.* 北".chars().collect();
            for n in 0..100_000u32 {
                let seed = &seeds[(n % 2) as usize];
                let input = crate::fuzz::mutate(&mut rng, seed, 1..6, &alphabet);
                if let Ok(p) = decode(&input) {
                    // Whatever decodes re-encodes to itself.
                    assert_eq!(p.encoded(), input);
                }
                let _ = inspect(&input);
            }
        }
    }
}
