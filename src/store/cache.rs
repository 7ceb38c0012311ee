//! Values read from the store, kept while a generation is unchanged.
//!
//! A cache reads the generation that covers its values (`Store::generation`
//! of a table, or `Store::organisations_generation`) before it takes the
//! snapshot it reads from, and trusts an entry only while that generation is
//! still the one the entry was read at: a change is seen by every request
//! that starts after it was answered. On PostgreSQL every generation read is
//! new, so nothing is served from a cache there (decision 253).
//!
//! [`Decoded`] needs no generation: it keeps each record with the stored
//! bytes it was decoded from and serves it only while the store still holds
//! exactly those bytes (decision 591).

use std::any::Any;
use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::sync::{Arc, Mutex, RwLock};

/// Entries a cache holds by default; past it, it starts afresh.
const ENTRIES_MAX: usize = 4096;

/// Values by key, each with the generation it was read at; `max` entries at
/// most, then it starts afresh. Misses are never kept, so guessing keys
/// fills nothing.
pub struct Generational<T> {
    entries: RwLock<HashMap<String, (u64, Arc<T>)>>,
    max: usize,
}

impl<T> Default for Generational<T> {
    fn default() -> Generational<T> {
        Generational::new(ENTRIES_MAX)
    }
}

impl<T> Generational<T> {
    pub fn new(max: usize) -> Generational<T> {
        Generational {
            entries: RwLock::default(),
            max,
        }
    }

    /// The value at `key`: the cached one while `generation` is the one it
    /// was read at, else what `read` finds (kept when it finds one).
    pub fn get_or_read<E>(
        &self,
        generation: u64,
        key: &str,
        read: impl FnOnce() -> Result<Option<T>, E>,
    ) -> Result<Option<Arc<T>>, E> {
        let cached = self
            .entries
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(key)
            .filter(|(read_at, _)| *read_at == generation)
            .map(|(_, value)| value.clone());
        if cached.is_some() {
            return Ok(cached);
        }
        let Some(value) = read()? else {
            return Ok(None);
        };
        let value = Arc::new(value);
        let mut entries = self.entries.write().unwrap_or_else(|e| e.into_inner());
        if entries.len() >= self.max {
            entries.clear();
        }
        entries.insert(key.to_string(), (generation, value.clone()));
        Ok(Some(value))
    }
}

/// Records decoded once, each kept with the stored bytes it was decoded
/// from: a read that finds those very bytes at the key takes the decoded
/// value instead of unpacking and parsing them again, whatever wrote the key
/// in between (an entry cannot be stale: it is compared with what the
/// reader's own snapshot holds). Ids are unique across tables and equal bytes
/// decode to equal values, so one map serves every table.
pub struct Decoded {
    shards: Box<[Mutex<HashMap<String, DecodedEntry>>]>,
    hasher: RandomState,
    /// Entries a shard holds at most; past it, an arbitrary one leaves.
    per_shard: usize,
}

struct DecodedEntry {
    stored: Box<[u8]>,
    value: Arc<dyn Any + Send + Sync>,
}

/// Shards of [`Decoded`]: readers on different keys rarely wait for each other.
const DECODED_SHARDS: usize = 16;

/// Records [`Decoded`] keeps by default: about 4 KB each for a payment
/// intent (stored bytes, the record, its rendered view), so 128 MiB at most.
pub const DECODED_ENTRIES_MAX: usize = 32 * 1024;

impl Default for Decoded {
    fn default() -> Decoded {
        Decoded::new(DECODED_ENTRIES_MAX)
    }
}

impl Decoded {
    pub fn new(entries: usize) -> Decoded {
        Decoded {
            shards: (0..DECODED_SHARDS).map(|_| Mutex::default()).collect(),
            hasher: RandomState::new(),
            per_shard: entries.div_ceil(DECODED_SHARDS).max(1),
        }
    }

    fn shard(&self, key: &str) -> &Mutex<HashMap<String, DecodedEntry>> {
        let at = self.hasher.hash_one(key) as usize % self.shards.len();
        &self.shards[at]
    }

    /// The value decoded from `stored` at `key`: the kept one when it came
    /// from these very bytes and is a `V`, else what `decode` makes (kept).
    pub fn get_or_decode<V: Any + Send + Sync, E>(
        &self,
        key: &str,
        stored: &[u8],
        decode: impl FnOnce() -> Result<V, E>,
    ) -> Result<Arc<V>, E> {
        let shard = self.shard(key);
        let kept = {
            let entries = shard.lock().unwrap_or_else(|e| e.into_inner());
            entries
                .get(key)
                .filter(|entry| *entry.stored == *stored)
                .map(|entry| entry.value.clone())
        };
        if let Some(value) = kept.and_then(|kept| kept.downcast::<V>().ok()) {
            return Ok(value);
        }
        let value = Arc::new(decode()?);
        let mut entries = shard.lock().unwrap_or_else(|e| e.into_inner());
        if entries.len() >= self.per_shard && !entries.contains_key(key) {
            // An arbitrary entry (the map's order is random per process):
            // a bounded cache without the bookkeeping of an LRU.
            if let Some(leaving) = entries.keys().next().cloned() {
                entries.remove(&leaving);
            }
        }
        entries.insert(
            key.to_string(),
            DecodedEntry {
                stored: stored.into(),
                value: value.clone(),
            },
        );
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_kept_while_its_generation_holds_and_misses_are_never_kept() {
        let cache = Generational::new(2);
        let reads = std::cell::Cell::new(0);
        let read = |value: Option<&str>| {
            reads.set(reads.get() + 1);
            Ok::<_, ()>(value.map(str::to_string))
        };
        let first = cache.get_or_read(1, "a", || read(Some("one"))).unwrap();
        assert_eq!(first.as_deref().map(String::as_str), Some("one"));
        let again = cache.get_or_read(1, "a", || read(Some("other"))).unwrap();
        assert!(Arc::ptr_eq(
            first.as_ref().unwrap(),
            again.as_ref().unwrap()
        ));
        // A new generation reads again.
        let newer = cache.get_or_read(2, "a", || read(Some("two"))).unwrap();
        assert_eq!(newer.as_deref().map(String::as_str), Some("two"));
        // A miss is read every time.
        assert!(cache.get_or_read(2, "b", || read(None)).unwrap().is_none());
        assert!(cache.get_or_read(2, "b", || read(None)).unwrap().is_none());
        assert_eq!(reads.get(), 4);
        // Past `max` entries it starts afresh: "a" is read again.
        cache.get_or_read(2, "c", || read(Some("c"))).unwrap();
        cache.get_or_read(2, "d", || read(Some("d"))).unwrap();
        let afresh = cache
            .get_or_read(2, "a", || read(Some("two again")))
            .unwrap();
        assert_eq!(afresh.as_deref().map(String::as_str), Some("two again"));
        assert_eq!(reads.get(), 7);
    }

    #[test]
    fn a_decoded_value_serves_only_the_bytes_it_came_from_and_the_cache_stays_bounded() {
        let cache = Decoded::new(DECODED_SHARDS);
        let decodes = std::cell::Cell::new(0);
        let decode = |text: &str| {
            decodes.set(decodes.get() + 1);
            Ok::<_, ()>(text.to_uppercase())
        };
        let first = cache
            .get_or_decode("pi_1", b"one", || decode("one"))
            .unwrap();
        let again = cache.get_or_decode("pi_1", b"one", || decode("x")).unwrap();
        assert!(Arc::ptr_eq(&first, &again));
        assert_eq!(decodes.get(), 1);
        // Other bytes at the key (a write since): decoded afresh.
        let changed = cache
            .get_or_decode("pi_1", b"two", || decode("two"))
            .unwrap();
        assert_eq!(*changed, "TWO");
        // The bytes an older snapshot still holds are decoded again, never
        // answered with the newer value.
        let older = cache
            .get_or_decode("pi_1", b"one", || decode("one"))
            .unwrap();
        assert_eq!(*older, "ONE");
        // Another type at the same key and bytes is decoded as that type.
        let other: Arc<usize> = cache
            .get_or_decode("pi_1", b"one", || Ok::<_, ()>(3))
            .unwrap();
        assert_eq!(*other, 3);
        assert_eq!(decodes.get(), 3);
        // Bounded: one entry per shard here.
        for n in 0..1000 {
            let key = format!("pi_{n}");
            cache.get_or_decode(&key, b"x", || decode("x")).unwrap();
        }
        let kept: usize = cache.shards.iter().map(|s| s.lock().unwrap().len()).sum();
        assert!(kept <= DECODED_SHARDS, "{kept} entries kept");
    }
}
