//! Validation shared by every request body: metadata maps, free text, and
//! integers that arrive as JSON numbers with a zero fraction (`100.0`).

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};

use crate::error::{ApiError, Code};

pub const METADATA_KEYS_MAX: usize = 50;
pub const METADATA_KEY_CHARS_MAX: usize = 40;
pub const METADATA_VALUE_CHARS_MAX: usize = 500;
/// Nesting of a metadata value of any JSON type ([`metadata_json`]).
pub const METADATA_DEPTH_MAX: usize = 5;
/// All of a [`metadata_json`] map as compact JSON.
pub const METADATA_JSON_BYTES_MAX: usize = 8 * 1024;

/// Metadata: at most 50 keys of 1 to 40 characters, values of at most 500.
pub fn metadata(
    value: Option<BTreeMap<String, String>>,
) -> Result<BTreeMap<String, String>, ApiError> {
    let map = value.unwrap_or_default();
    metadata_size(map.len())?;
    for (key, value) in &map {
        metadata_key(key)?;
        if value.chars().count() > METADATA_VALUE_CHARS_MAX {
            return Err(ApiError::field(
                format!("metadata.{key}"),
                format!("metadata values must be at most {METADATA_VALUE_CHARS_MAX} characters"),
            ));
        }
    }
    Ok(map)
}

/// At most [`METADATA_KEYS_MAX`] keys in a metadata map.
fn metadata_size(keys: usize) -> Result<(), ApiError> {
    if keys > METADATA_KEYS_MAX {
        return Err(ApiError::field(
            "metadata",
            format!("metadata may hold at most {METADATA_KEYS_MAX} keys (got {keys})"),
        ));
    }
    Ok(())
}

/// A metadata key: 1 to [`METADATA_KEY_CHARS_MAX`] characters.
fn metadata_key(key: &str) -> Result<(), ApiError> {
    if key.is_empty() || key.chars().count() > METADATA_KEY_CHARS_MAX {
        return Err(ApiError::field(
            format!("metadata.{key}"),
            format!("metadata keys must be 1 to {METADATA_KEY_CHARS_MAX} characters"),
        ));
    }
    Ok(())
}

/// Metadata whose values may be any JSON (objects, arrays, numbers, ...),
/// as the origin accepted on intents and refunds: at most 50 keys of 1 to 40
/// characters; each value at most 500 characters of compact JSON (a string
/// counts its characters, as in [`metadata`]) and nested at most 5 deep; all
/// of it at most 8 KiB of compact JSON. A stored record and every event that
/// carries it stay small.
pub fn metadata_json(
    value: Option<BTreeMap<String, serde_json::Value>>,
) -> Result<BTreeMap<String, serde_json::Value>, ApiError> {
    let map = value.unwrap_or_default();
    metadata_size(map.len())?;
    let mut total = 2 + map.len().saturating_sub(1);
    for (key, value) in &map {
        let param = || format!("metadata.{key}");
        metadata_key(key)?;
        let chars = match value {
            serde_json::Value::String(s) => s.chars().count(),
            other => other.to_string().chars().count(),
        };
        if chars > METADATA_VALUE_CHARS_MAX {
            return Err(ApiError::field(
                param(),
                format!(
                    "metadata values must be at most {METADATA_VALUE_CHARS_MAX} characters of JSON (got {chars})"
                ),
            ));
        }
        if depth(value) > METADATA_DEPTH_MAX {
            return Err(ApiError::field(
                param(),
                format!("metadata values may nest at most {METADATA_DEPTH_MAX} levels deep"),
            ));
        }
        total += serde_json::Value::String(key.clone()).to_string().len() + 1;
        total += value.to_string().len();
    }
    if total > METADATA_JSON_BYTES_MAX {
        return Err(ApiError::field(
            "metadata",
            format!(
                "metadata must be at most {METADATA_JSON_BYTES_MAX} bytes of JSON (got {total})"
            ),
        ));
    }
    Ok(map)
}

/// Levels of arrays and objects in `value`: a scalar is 0, `{"a": 1}` is 1.
fn depth(value: &serde_json::Value) -> usize {
    match value {
        serde_json::Value::Array(items) => 1 + items.iter().map(depth).max().unwrap_or(0),
        serde_json::Value::Object(map) => 1 + map.values().map(depth).max().unwrap_or(0),
        _ => 0,
    }
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

/// An ISO 3166-1 alpha-2 country code in upper case (`CD`).
pub fn country(value: &str) -> Result<String, ApiError> {
    if value.len() == 2 && value.bytes().all(|b| b.is_ascii_uppercase()) {
        Ok(value.to_string())
    } else {
        Err(ApiError::field(
            "country",
            format!(
                "country must be an ISO 3166-1 alpha-2 code in upper case such as CD (got {value:?})"
            ),
        ))
    }
}

/// `+` then 8 to 15 digits, the first not 0 (ITU-T E.164).
pub fn msisdn(param: &str, value: &str) -> Result<String, ApiError> {
    let digits = value.strip_prefix('+').unwrap_or("");
    let valid = (8..=15).contains(&digits.len())
        && digits.bytes().all(|b| b.is_ascii_digit())
        && !digits.starts_with('0');
    if !valid {
        return Err(ApiError::field(
            param,
            format!("{param} must be an E.164 number such as +243000000501 (got {value:?})"),
        ));
    }
    Ok(value.to_string())
}

/// Parses JSON into `T`, naming the field at fault in `param`. The body must be
/// one well-formed JSON object: syntax is checked first, so trailing garbage is
/// `invalid_json` rather than whatever field the typed parse stumbles on.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if let Err(e) = serde_json::from_slice::<serde::de::IgnoredAny>(bytes) {
        return Err(ApiError::new(
            Code::InvalidJson,
            format!("the body is not valid JSON: {e}"),
        ));
    }
    if bytes.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
        return Err(ApiError::new(
            Code::InvalidJson,
            "the body must be a JSON object ({...})",
        ));
    }
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let parsed: Result<T, _> = serde_path_to_error::deserialize(&mut deserializer);
    let value = parsed.map_err(|error| {
        let path = error.path().to_string();
        let inner = error.into_inner();
        if inner.is_syntax() || inner.is_eof() || inner.is_io() {
            return ApiError::new(
                Code::InvalidJson,
                format!("the body is not valid JSON: {inner}"),
            );
        }
        field_error(&path, &inner.to_string())
    })?;
    deserializer.end().map_err(|e| {
        ApiError::new(
            Code::InvalidJson,
            format!("the body is not valid JSON: {e}"),
        )
    })?;
    Ok(value)
}

/// A validation error from a serde message, with the field named.
fn field_error(path: &str, message: &str) -> ApiError {
    // serde reports a missing field at its parent; name the field itself.
    let quoted = message.split('`').nth(1).map(str::to_string);
    let path = path.trim_start_matches('.');
    // serde_path_to_error already ends the path with an unknown field's name.
    let names_its_field =
        message.starts_with("missing field") || message.starts_with("duplicate field");
    let param = if names_its_field || (message.starts_with("unknown field") && path.is_empty()) {
        match (path.is_empty(), quoted) {
            (true, Some(field)) => field,
            (false, Some(field)) => format!("{path}.{field}"),
            (_, None) => path.to_string(),
        }
    } else {
        path.to_string()
    };
    // Drop the position suffix serde_json appends (" at line 1 column 17").
    let message = message.split(" at line ").next().unwrap_or(message);
    let text = if param.is_empty() {
        message.to_string()
    } else {
        format!("{param}: {message}")
    };
    let error = ApiError::new(Code::ValidationError, text);
    if param.is_empty() {
        error
    } else {
        error.with_param(param)
    }
}

/// The schema of an optional http(s) URL field of a request body (a
/// redirect, a webhook endpoint): at most 2048 characters, a host, and no
/// blank or control character. Written once for every body that takes one.
pub fn optional_url_schema() -> utoipa::openapi::Object {
    use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .max_length(Some(2048))
        .pattern(Some(
            "^https?://[^/\\s\\u0000-\\u001f\\u007f-\\u009f][^\\s\\u0000-\\u001f\\u007f-\\u009f]*$",
        ))
        .build()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    fn metadata_json(value: serde_json::Value) -> Result<(), Option<String>> {
        let map = serde_json::from_value(value).expect("a map");
        super::metadata_json(Some(map))
            .map(|_| ())
            .map_err(|e| e.param)
    }

    #[test]
    fn metadata_values_of_any_json_type_are_bounded_and_named() {
        assert_eq!(
            metadata_json(json!({"n": 1, "ok": true, "tags": ["a", "b"], "o": {"x": null}})),
            Ok(())
        );
        assert_eq!(
            metadata_json(json!({"s": "é".repeat(500)})),
            Ok(()),
            "500 characters, not bytes"
        );
        assert_eq!(
            metadata_json(json!({"s": "x".repeat(501)})),
            Err(Some("metadata.s".into()))
        );
        assert_eq!(
            metadata_json(json!({"list": vec![12345; 100]})),
            Err(Some("metadata.list".into()))
        );
        assert_eq!(
            metadata_json(json!({"deep": [[[[[1]]]]]})),
            Ok(()),
            "5 levels"
        );
        assert_eq!(
            metadata_json(json!({"deep": [[[[[[1]]]]]]})),
            Err(Some("metadata.deep".into()))
        );
        assert_eq!(metadata_json(json!({"": 1})), Err(Some("metadata.".into())));
        let wide: serde_json::Map<String, serde_json::Value> = (0..20)
            .map(|i| (format!("k{i}"), json!("x".repeat(480))))
            .collect();
        assert_eq!(
            metadata_json(serde_json::Value::Object(wide)),
            Err(Some("metadata".into())),
            "20 values of 480 are over 8 KiB in all"
        );
    }

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
