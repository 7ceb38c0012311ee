//! Values read from the store, kept while a generation is unchanged.
//!
//! A cache reads the generation that covers its values (`Store::generation`
//! of a table, or `Store::organisations_generation`) before it takes the
//! snapshot it reads from, and trusts an entry only while that generation is
//! still the one the entry was read at: a change is seen by every request
//! that starts after it was answered. On PostgreSQL every generation read is
//! new, so nothing is served from a cache there (decision 253).

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

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
}
