//! Validation shared by every request body: metadata maps, free text, and
//! integers that arrive as JSON numbers with a zero fraction (`100.0`).

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer};

use crate::error::ApiError;

pub const METADATA_KEYS_MAX: usize = 50;
pub const METADATA_KEY_CHARS_MAX: usize = 40;
pub const METADATA_VALUE_CHARS_MAX: usize = 500;

/// Metadata: at most 50 keys of 1 to 40 characters, values of at most 500.
pub fn metadata(
    value: Option<BTreeMap<String, String>>,
) -> Result<BTreeMap<String, String>, ApiError> {
    let map = value.unwrap_or_default();
    if map.len() > METADATA_KEYS_MAX {
        return Err(ApiError::field(
            "metadata",
            format!(
                "metadata may hold at most {METADATA_KEYS_MAX} keys (got {})",
                map.len()
            ),
        ));
    }
    for (key, value) in &map {
        if key.is_empty() || key.chars().count() > METADATA_KEY_CHARS_MAX {
            return Err(ApiError::field(
                format!("metadata.{key}"),
                format!("metadata keys must be 1 to {METADATA_KEY_CHARS_MAX} characters"),
            ));
        }
        if value.chars().count() > METADATA_VALUE_CHARS_MAX {
            return Err(ApiError::field(
                format!("metadata.{key}"),
                format!("metadata values must be at most {METADATA_VALUE_CHARS_MAX} characters"),
            ));
        }
    }
    Ok(map)
}

/// Free text of at most `max` characters without control characters.
pub fn text(param: &str, value: Option<String>, max: usize) -> Result<Option<String>, ApiError> {
    match value {
        Some(v) if v.chars().count() > max => Err(ApiError::field(
            param,
            format!(
                "{param} must be at most {max} characters (got {})",
                v.chars().count()
            ),
        )),
        Some(v) if v.chars().any(char::is_control) => Err(ApiError::field(
            param,
            format!("{param} must not contain control characters"),
        )),
        other => Ok(other),
    }
}

/// A JSON number that is a whole number: `100` or `100.0` (JSON does not tell
/// them apart, and JSON Schema calls both integers), never `100.5`.
#[derive(Deserialize)]
#[serde(untagged)]
enum Number {
    Int(i64),
    Float(f64),
}

fn whole(number: Number) -> Result<i64, String> {
    match number {
        Number::Int(n) => Ok(n),
        Number::Float(f) if f.fract() == 0.0 && f.abs() < 9.0e15 => Ok(f as i64),
        Number::Float(f) => Err(format!(
            "invalid type: {f} is not a whole number, expected i64"
        )),
    }
}

/// `#[serde(deserialize_with = "fields::int")]` for an `i64` field.
pub fn int<'de, D: Deserializer<'de>>(deserializer: D) -> Result<i64, D::Error> {
    whole(Number::deserialize(deserializer)?).map_err(serde::de::Error::custom)
}

/// `#[serde(default, deserialize_with = "fields::opt_int")]` for an `Option<i64>` field.
pub fn opt_int<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    match Option::<Number>::deserialize(deserializer)? {
        Some(number) => whole(number).map(Some).map_err(serde::de::Error::custom),
        None => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    #[derive(serde::Deserialize, Debug)]
    struct Amounts {
        #[serde(deserialize_with = "super::int")]
        a: i64,
        #[serde(default, deserialize_with = "super::opt_int")]
        b: Option<i64>,
    }

    #[test]
    fn whole_floats_are_integers_and_fractions_are_refused() {
        let parsed: Amounts = serde_json::from_str(r#"{"a": 3121.0, "b": 7}"#).expect("whole");
        assert_eq!((parsed.a, parsed.b), (3121, Some(7)));
        let parsed: Amounts = serde_json::from_str(r#"{"a": -5}"#).expect("negative");
        assert_eq!((parsed.a, parsed.b), (-5, None));
        assert!(serde_json::from_str::<Amounts>(r#"{"a": 3121.5}"#).is_err());
        assert!(serde_json::from_str::<Amounts>(r#"{"a": "12"}"#).is_err());
        assert!(serde_json::from_str::<Amounts>(r#"{"a": 1e300}"#).is_err());
    }
}
