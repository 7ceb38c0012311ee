//! EMVCo merchant-presented-mode payloads: TLV fields (two-digit tag, two-digit
//! length in characters, value) closed by a CRC-16/CCITT-FALSE over everything
//! up to and including `6304`.

/// One data object; templates (26, 62, ...) hold nested objects.
pub enum Field<'a> {
    Value(&'a str, String),
    Template(&'a str, Vec<Field<'a>>),
}

fn encode_fields(fields: &[Field<'_>], out: &mut String) {
    for field in fields {
        let (tag, value) = match field {
            Field::Value(tag, value) => (*tag, value.clone()),
            Field::Template(tag, inner) => {
                let mut nested = String::new();
                encode_fields(inner, &mut nested);
                (*tag, nested)
            }
        };
        // EMVCo values are at most 99 characters; callers bound theirs, this keeps the TLV valid.
        let value: String = value.chars().take(99).collect();
        out.push_str(tag);
        out.push_str(&format!("{:02}", value.chars().count()));
        out.push_str(&value);
    }
}

/// The payload for `fields` (which must not include tag 63), with its CRC.
pub fn encode(fields: &[Field<'_>]) -> String {
    let mut payload = String::new();
    encode_fields(fields, &mut payload);
    payload.push_str("6304");
    let crc = crc16_ccitt_false(payload.as_bytes());
    payload.push_str(&format!("{crc:04X}"));
    payload
}

/// CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection.
pub fn crc16_ccitt_false(bytes: &[u8]) -> u16 {
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

    #[test]
    fn crc_matches_the_standard_check_value() {
        assert_eq!(crc16_ccitt_false(b"123456789"), 0x29B1);
    }

    #[test]
    fn encodes_lengths_in_characters_and_appends_the_crc() {
        let payload = encode(&[
            Field::Value("00", "01".into()),
            Field::Template("26", vec![Field::Value("00", "com.paygate".into())]),
        ]);
        assert!(payload.starts_with("000201261500"));
        assert!(payload.contains("0011com.paygate"));
        let (body, crc) = payload.split_at(payload.len() - 4);
        assert!(body.ends_with("6304"));
        assert_eq!(crc, format!("{:04X}", crc16_ccitt_false(body.as_bytes())));
    }
}
