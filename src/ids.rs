//! Identifiers: a type prefix and a time-ordered suffix (`pi_01j...`).
//!
//! Suffixes are lower-case ULIDs from one monotonic generator, so ids sort by
//! creation time and new keys land at the right edge of redb's B-trees (about
//! twice the write throughput of random keys, design section 2).

use std::sync::Mutex;

use rand::RngExt;

static GENERATOR: Mutex<Option<ulid::Generator>> = Mutex::new(None);

/// A new id such as `pi_01jd3v2k8m9q4r5s6t7v8w9x0y`.
pub fn new_id(prefix: &str) -> String {
    let ulid = {
        let mut guard = GENERATOR.lock().unwrap_or_else(|e| e.into_inner());
        let generator = guard.get_or_insert_with(ulid::Generator::new);
        // Overflow only happens after 2^80 ids in one millisecond; fall back to a fresh one.
        generator
            .generate()
            .unwrap_or_else(|_| ulid::Ulid::generate())
    };
    let mut id = String::with_capacity(prefix.len() + 27);
    id.push_str(prefix);
    id.push('_');
    id.push_str(&ulid.to_string().to_ascii_lowercase());
    id
}

/// `len` random alphanumeric characters, for secrets.
pub fn random_token(len: usize) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let mut rng = rand::rng();
    (0..len)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// True when `id` is `prefix_` followed by 1..=64 characters of `[a-z0-9]`.
pub fn is_id(id: &str, prefix: &str) -> bool {
    id.strip_prefix(prefix)
        .and_then(|rest| rest.strip_prefix('_'))
        .is_some_and(|suffix| {
            !suffix.is_empty()
                && suffix.len() <= 64
                && suffix
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_sort_by_creation() {
        let ids: Vec<String> = (0..1000).map(|_| new_id("pi")).collect();
        let mut sorted = ids.clone();
        sorted.sort();
        assert_eq!(ids, sorted);
        assert!(ids.iter().all(|id| is_id(id, "pi")));
    }

    #[test]
    fn is_id_rejects_other_prefixes_and_characters() {
        assert!(!is_id("acct_", "acct"));
        assert!(!is_id("pi_abc", "acct"));
        assert!(!is_id("acct_ABC", "acct"));
        assert!(!is_id("acct_a-b", "acct"));
        assert!(is_id("acct_0abc", "acct"));
    }
}
