//! What operators need from the store beside the domain's reads and writes:
//! the page cache's counters (`/metrics`) and consistent backups.

use redb::ReadableDatabase;

use super::Store;

/// redb's page cache counters since the store was opened.
#[derive(Debug, Clone, Copy, Default)]
pub struct CacheCounts {
    pub read_hits: u64,
    pub read_misses: u64,
    pub write_hits: u64,
    pub write_misses: u64,
    pub evictions: u64,
    pub used_bytes: usize,
}

impl Store {
    /// The page cache's counters now.
    pub fn cache_counts(&self) -> CacheCounts {
        let stats = self.db.cache_stats();
        CacheCounts {
            read_hits: stats.read_hits(),
            read_misses: stats.read_misses(),
            write_hits: stats.write_hits(),
            write_misses: stats.write_misses(),
            evictions: stats.evictions(),
            used_bytes: stats.used_bytes(),
        }
    }
}
