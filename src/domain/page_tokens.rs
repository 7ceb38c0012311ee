//! Checkout page tokens, and their marks at rest (security review finding
//! 11). A checkout URL's `t` ([`payment_token`], and a checkout session's,
//! [`session_token`]) is the capability to act on the
//! page (pay, cancel), so what the store keeps (events, a route's funding
//! URL) carries in its place a mark that cannot act: a token of the same
//! intent for another purpose, of the same length, which no page accepts.
//! Both are HMACs of the intent id under the master key, so the mark says
//! nothing without the key and the token is rendered back from it when the
//! object is served (`GET /events`, a webhook delivery, a route's view); a
//! stolen backup holds no working page URL.
//!
//! Only a mark the gateway wrote is turned back into a token: a merchant who
//! writes `/pay/pi_of_another?t=...` into its own metadata cannot forge the
//! mark of another merchant's intent, so it is never given that token.

use std::ops::Range;

/// What a payment's page token is derived for.
const PAYMENT_PURPOSE: &str = "checkout-page";
/// What a checkout session's page token is derived for.
const SESSION_PURPOSE: &str = "checkout-session-page";

/// The token of payment `intent_id`'s page URL (`/pay/{id}?t=`): see
/// [`crate::secrets::derived_token`].
pub fn payment_token(intent_id: &str) -> String {
    crate::secrets::derived_token(PAYMENT_PURPOSE, intent_id)
}

/// Whether `presented` is the page token of payment `intent_id`.
pub fn payment_token_matches(intent_id: &str, presented: &str) -> bool {
    crate::secrets::derived_token_matches(PAYMENT_PURPOSE, intent_id, presented)
}

/// The token of checkout session `id`'s page URL: 128 bits (an HMAC of the
/// id under the master key), so the URL, not the id, is the capability that
/// leads to the payment's page (issue 44: a code that grants anything
/// carries at least 80 bits; an id has 64 random ones).
pub fn session_token(id: &str) -> String {
    crate::secrets::derived_token(SESSION_PURPOSE, id)
}

/// Whether `presented` is the page token of checkout session `id`.
pub fn session_token_matches(id: &str, presented: &str) -> bool {
    crate::secrets::derived_token_matches(SESSION_PURPOSE, id, presented)
}

/// What a subscriber's cancel page token is derived for.
const SUBSCRIPTION_PURPOSE: &str = "subscription-cancel-page";

/// The token of subscription `id`'s cancel page (`/subscribe/cancel/{id}?t=`),
/// shown to its subscriber once subscribed: the URL, not the id, is the
/// capability to cancel (128 bits, as a checkout session's).
pub fn subscription_token(id: &str) -> String {
    crate::secrets::derived_token(SUBSCRIPTION_PURPOSE, id)
}

/// Whether `presented` is the cancel page token of subscription `id`.
pub fn subscription_token_matches(id: &str, presented: &str) -> bool {
    crate::secrets::derived_token_matches(SUBSCRIPTION_PURPOSE, id, presented)
}

/// A page URL whose `t` acts: where its path starts, how its token is made
/// and checked, and what its mark at rest is derived for.
struct PageKind {
    /// The path up to the id's own prefix (`/pay/pi_`).
    path: &'static [u8],
    /// Where the id starts in `path`.
    id_at: usize,
    token: fn(&str) -> String,
    matches: fn(&str, &str) -> bool,
    at_rest: &'static str,
}

/// The payment's page (`/pay/pi_…?t=`) and a checkout session's
/// (`/checkout/cs_…?t=`, issue 44).
const KINDS: [PageKind; 2] = [
    PageKind {
        path: b"/pay/pi_",
        id_at: "/pay/".len(),
        token: payment_token,
        matches: payment_token_matches,
        at_rest: "checkout-page-at-rest",
    },
    PageKind {
        path: b"/checkout/cs_",
        id_at: "/checkout/".len(),
        token: session_token,
        matches: session_token_matches,
        at_rest: "checkout-session-page-at-rest",
    },
];
/// A page token's length (128 bits, hex).
const TOKEN_LEN: usize = 32;
/// At most this many bytes of path segment between the id and `?t=`
/// (`/challenge`, `/return`).
const SEGMENT_MAX: usize = 16;

/// The mark that stands for `id`'s page token at rest.
fn at_rest_mark(kind: &PageKind, id: &str) -> String {
    crate::secrets::derived_token(kind.at_rest, id)
}

/// Whether `bytes` may hold a page URL at all.
fn mentions_a_page(bytes: &[u8]) -> bool {
    KINDS.iter().any(|k| find(bytes, k.path).is_some())
}

/// Every `(kind, id, place of the t value)` of a page URL in `bytes`:
/// `/pay/{pi_id}[/segment]?t={32 hex}` or `/checkout/{cs_id}?t={32 hex}`.
fn page_tokens(bytes: &[u8]) -> Vec<(&'static PageKind, String, Range<usize>)> {
    let mut found = Vec::new();
    for kind in &KINDS {
        let mut from = 0;
        while let Some(at) = find(&bytes[from..], kind.path) {
            let id_start = from + at + kind.id_at;
            from = id_start;
            let id_len = bytes[id_start..]
                .iter()
                .take_while(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || **b == b'_')
                .count();
            let mut cursor = id_start + id_len;
            if bytes.get(cursor) == Some(&b'/') {
                let segment = bytes[cursor + 1..]
                    .iter()
                    .take(SEGMENT_MAX + 1)
                    .take_while(|b| b.is_ascii_lowercase() || **b == b'_')
                    .count();
                if segment > SEGMENT_MAX {
                    continue;
                }
                cursor += 1 + segment;
            }
            if !bytes[cursor..].starts_with(b"?t=") {
                continue;
            }
            let start = cursor + 3;
            let end = start + TOKEN_LEN;
            let is_token = bytes.get(start..end).is_some_and(|t| {
                t.iter()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(b))
            }) && !bytes.get(end).is_some_and(u8::is_ascii_hexdigit);
            if !is_token {
                continue;
            }
            if let Ok(id) = std::str::from_utf8(&bytes[id_start..id_start + id_len]) {
                found.push((kind, id.to_string(), start..end));
            }
            from = end;
        }
    }
    found
}

/// Where `needle` first occurs in `haystack`. Every event the writer stores
/// is searched here, so a vectorised search (memchr's `memmem`), not a
/// comparison at each byte: the byte-wise one was a fifth of the writer's
/// time under `pay` (perf, issue 49).
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(haystack, needle)
}

/// Replaces, in place, each checkout page token in `bytes` (a serialized
/// object about to be stored) with its mark at rest; the length is unchanged.
pub fn conceal(bytes: &mut [u8]) {
    for (kind, id, place) in page_tokens(bytes) {
        let presented = String::from_utf8_lossy(&bytes[place.clone()]).into_owned();
        if (kind.matches)(&id, &presented) {
            bytes[place].copy_from_slice(at_rest_mark(kind, &id).as_bytes());
        }
    }
}

/// `text` with its page tokens concealed (see [`conceal`]).
pub fn concealed(text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    conceal(&mut bytes);
    String::from_utf8(bytes).unwrap_or_else(|_| text.to_string())
}

/// `text` with each mark at rest rendered back as the page token it stands for.
pub fn revealed(text: &str) -> String {
    if !mentions_a_page(text.as_bytes()) {
        return text.to_string();
    }
    let mut bytes = text.as_bytes().to_vec();
    for (kind, id, place) in page_tokens(&bytes) {
        let mark = at_rest_mark(kind, &id);
        let stored = &bytes[place.clone()];
        if bool::from(subtle::ConstantTimeEq::ct_eq(stored, mark.as_bytes())) {
            bytes[place].copy_from_slice((kind.token)(&id).as_bytes());
        }
    }
    String::from_utf8(bytes).unwrap_or_else(|_| text.to_string())
}

/// Every string of `value` [`revealed`]: an object read back from the store
/// as it is served.
pub fn reveal(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::String(text) if mentions_a_page(text.as_bytes()) => {
            *text = revealed(text);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(reveal),
        serde_json::Value::Object(fields) => fields.values_mut().for_each(reveal),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::payment_token as page_token;
    use super::*;

    #[test]
    fn a_stored_url_keeps_no_token_and_is_served_with_it() {
        let id = "pi_01abc";
        let token = page_token(id);
        let url = format!("https://pay.example/pay/{id}?t={token}");
        let challenge = format!("https://pay.example/pay/{id}/challenge?t={token}");
        let object = serde_json::json!({"checkout_url": url, "next_action": {"url": challenge}});
        let mut bytes = serde_json::to_vec(&object).expect("json");
        let before = bytes.len();
        conceal(&mut bytes);
        assert_eq!(bytes.len(), before, "same length: the event's layout holds");
        let stored = String::from_utf8(bytes.clone()).expect("utf-8");
        assert!(!stored.contains(&token), "{stored}");
        assert!(stored.contains(&format!("/pay/{id}?t=")), "{stored}");
        let mut served: serde_json::Value = serde_json::from_slice(&bytes).expect("json");
        reveal(&mut served);
        assert_eq!(served, object);
        assert_eq!(revealed(&concealed(&url)), url);
    }

    #[test]
    fn only_the_gateways_own_marks_are_revealed() {
        // Another intent's id with a made-up value, and a wrong token: left as they are.
        let victim = "pi_01victim";
        let forged = format!("/pay/{victim}?t={}", "0".repeat(32));
        assert_eq!(revealed(&forged), forged);
        assert_eq!(concealed(&forged), forged);
        // A token of the wrong intent is not concealed as that intent's.
        let other = format!("/pay/pi_01other?t={}", page_token(victim));
        assert_eq!(concealed(&other), other);
        // Text without a page URL is unchanged.
        assert_eq!(revealed("no url here"), "no url here");
        assert_eq!(concealed("/pay/pi_"), "/pay/pi_");
    }

    #[test]
    fn a_checkout_sessions_url_is_kept_without_its_token_too() {
        let id = "cs_01abc";
        let token = crate::domain::checkout::page_token(id);
        let url = format!("https://pay.example/checkout/{id}?t={token}");
        let stored = concealed(&url);
        assert_ne!(stored, url);
        assert!(!stored.contains(&token), "{stored}");
        assert_eq!(stored.len(), url.len());
        assert_eq!(revealed(&stored), url);
        // A payment page's token in a session's URL is neither.
        let crossed = format!("/checkout/{id}?t={}", page_token(id));
        assert_eq!(concealed(&crossed), crossed);
    }
}
