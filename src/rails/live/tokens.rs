//! Access tokens of the providers (MTN's `/{product}/token/`, Airtel's OAuth2
//! client-credentials grant), kept in memory per organisation, provider and
//! product until shortly before they expire, and fetched again at once when
//! a provider answers 401 to a token it issued. Never stored, never logged.
//!
//! Neither provider speaks OAuth2 exactly as the `oauth2` crate expects (MTN
//! takes HTTP Basic with a subscription-key header and no grant type; Airtel
//! takes the grant as a JSON body), so the grant is two small requests over
//! reqwest here rather than a crate that would need adapting to both.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A token is renewed this long before the expiry the provider announced.
const RENEW_BEFORE_EXPIRY: Duration = Duration::from_secs(5);
/// Tokens kept at most (one per organisation, provider and product).
const TOKENS_MAX: usize = 4096;

#[derive(Default)]
pub struct Tokens {
    cache: Mutex<HashMap<String, (String, Instant)>>,
}

impl Tokens {
    /// A cached token for `key` that is still good.
    pub fn get(&self, key: &str) -> Option<String> {
        let cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        cache
            .get(key)
            .filter(|(_, until)| Instant::now() < *until)
            .map(|(token, _)| token.clone())
    }

    /// Keeps `token` for `expires_in_secs` (less the renewal margin).
    pub fn put(&self, key: &str, token: String, expires_in_secs: u64) {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() >= TOKENS_MAX {
            cache.clear();
        }
        let life = Duration::from_secs(expires_in_secs).saturating_sub(RENEW_BEFORE_EXPIRY);
        cache.insert(key.to_string(), (token, Instant::now() + life));
    }

    /// Forgets the token of `key` (the provider refused it).
    pub fn forget(&self, key: &str) {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        cache.remove(key);
    }
}

/// `expires_in` as the providers write it: a number, or a number in a string (Airtel).
pub fn expires_in(value: Option<&serde_json::Value>) -> u64 {
    match value {
        Some(serde_json::Value::Number(n)) => n.as_u64().unwrap_or(0),
        Some(serde_json::Value::String(s)) => s.trim().parse().unwrap_or(0),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_kept_until_shortly_before_its_expiry() {
        let tokens = Tokens::default();
        tokens.put("a", "t1".into(), 3600);
        assert_eq!(tokens.get("a").as_deref(), Some("t1"));
        // Expiring within the renewal margin: not used.
        tokens.put("b", "t2".into(), 2);
        assert_eq!(tokens.get("b"), None);
        tokens.forget("a");
        assert_eq!(tokens.get("a"), None);
    }

    #[test]
    fn expiry_reads_numbers_and_strings() {
        assert_eq!(expires_in(Some(&serde_json::json!(3600))), 3600);
        assert_eq!(expires_in(Some(&serde_json::json!("180"))), 180);
        assert_eq!(expires_in(Some(&serde_json::json!("x"))), 0);
        assert_eq!(expires_in(None), 0);
    }
}
