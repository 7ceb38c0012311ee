//! The locks that keep concurrent batches of different nodes apart
//! (`batch`): advisory locks of PostgreSQL's two-key space, named by a hash
//! of what they guard, so they need no table and no row to exist.
//!
//! - A row `(table, key)`: shared by a batch that reads it, exclusive by one
//!   that writes it.
//! - A prefix of a table's keys, cut after a separator (`|` or `:`, the
//!   store's key layout, `store::keys`), or the empty prefix: exclusive by a
//!   batch that scans a range whose keys all start with it, shared by one
//!   that writes a row whose key starts with it. A row another batch adds
//!   into a range is thus never missed by a scan that decided on the range
//!   (no phantom): the scan and the write meet on the range's prefix.
//!
//! A hash collision only makes two unrelated rows share a lock: batches
//! wait for each other without need, never the other way round.

/// One advisory lock and the mode a batch wants it in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowLock {
    /// The two keys of `pg_advisory_xact_lock(int4, int4)`.
    pub key: (i32, i32),
    pub exclusive: bool,
}

/// Asks for each lock of the arrays without waiting; returns those refused.
pub const TRY_LOCKS: &str = "SELECT a, b, x FROM unnest($1::int4[], $2::int4[], $3::bool[]) AS l(a, b, x) \
     WHERE NOT (CASE WHEN x THEN pg_try_advisory_xact_lock(a, b) \
                     ELSE pg_try_advisory_xact_lock_shared(a, b) END)";

/// What a lock guards: a row or a prefix (apart, so that a row whose key is
/// some prefix's text never shares its lock).
const ROW: u8 = b'r';
const PREFIX: u8 = b'p';

/// FNV-1a, 64 bits: stable across builds and machines (every node must name
/// a row's lock alike), and cheap.
fn hash(kind: u8, table: i16, key: &[u8]) -> (i32, i32) {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in [kind]
        .iter()
        .chain(table.to_be_bytes().iter())
        .chain(key.iter())
    {
        h ^= u64::from(*byte);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    // The two halves, as the two signed keys.
    ((h >> 32) as u32 as i32, h as u32 as i32)
}

/// The lock of one row.
pub fn of_row(table: i16, key: &str, exclusive: bool) -> RowLock {
    RowLock {
        key: hash(ROW, table, key.as_bytes()),
        exclusive,
    }
}

fn of_prefix(table: i16, prefix: &[u8], exclusive: bool) -> RowLock {
    RowLock {
        key: hash(PREFIX, table, prefix),
        exclusive,
    }
}

fn is_separator(byte: u8) -> bool {
    byte == b'|' || byte == b':'
}

/// The lock a scan of `[lo, hi)` takes: its keys' common prefix, cut after
/// its last separator (every key of the range starts with it).
pub fn of_range(table: i16, lo: &str, hi: &str) -> RowLock {
    let common = lo
        .bytes()
        .zip(hi.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    let cut = lo.as_bytes()[..common]
        .iter()
        .rposition(|byte| is_separator(*byte))
        .map_or(0, |at| at + 1);
    of_prefix(table, &lo.as_bytes()[..cut], true)
}

/// The locks a write of `key` takes: the row exclusively, and each prefix
/// a scan could lock (the empty one and each cut after a separator) shared.
pub fn of_write(table: i16, key: &str) -> impl Iterator<Item = RowLock> + '_ {
    let bytes = key.as_bytes();
    let cuts = std::iter::once(0).chain(
        bytes
            .iter()
            .enumerate()
            .filter(|(_, byte)| is_separator(**byte))
            .map(|(at, _)| at + 1),
    );
    cuts.map(move |cut| of_prefix(table, &bytes[..cut], false))
        .chain(std::iter::once(of_row(table, key, true)))
}

/// `locks` in the one order every batch waits in (by key; exclusive where
/// one key is wanted both ways): waits in one order never form a cycle.
pub fn in_order(locks: &[RowLock]) -> Vec<RowLock> {
    let mut by_key: std::collections::BTreeMap<(i32, i32), bool> = Default::default();
    for lock in locks {
        *by_key.entry(lock.key).or_insert(false) |= lock.exclusive;
    }
    by_key
        .into_iter()
        .map(|(key, exclusive)| RowLock { key, exclusive })
        .collect()
}

/// `locks` as the three arrays of [`TRY_LOCKS`].
pub fn columns(locks: &[RowLock]) -> (Vec<i32>, Vec<i32>, Vec<bool>) {
    let mut columns = (Vec::new(), Vec::new(), Vec::new());
    for lock in locks {
        columns.0.push(lock.key.0);
        columns.1.push(lock.key.1);
        columns.2.push(lock.exclusive);
    }
    columns
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scan and any write into its range meet on one lock, whatever the
    /// range's shape: the scan's prefix is among the write's.
    #[test]
    fn a_scan_and_a_write_into_its_range_share_a_lock() {
        let cases = [
            ("pi|test|org_a|", "pi|test|org_a|~", "pi|test|org_a|pi_1"),
            ("", "00000000000000001234|", "00000000000000000999|tm_1"),
            ("test:org_a:", "test:org_a:~", "test:org_a:CDF:available"),
            ("sci|cy_1|0000003", "sci|cy_1|9999999", "sci|cy_1|0000042"),
            ("a", "b", "ab|c"),
        ];
        for (lo, hi, key) in cases {
            assert!(lo <= key && key < hi, "{key} is in [{lo}, {hi})");
            let scan = of_range(4, lo, hi);
            assert!(scan.exclusive);
            let writes: Vec<RowLock> = of_write(4, key).collect();
            assert!(
                writes.iter().any(|w| w.key == scan.key && !w.exclusive),
                "{key} in [{lo}, {hi})"
            );
            // Another table's write never meets it.
            assert!(of_write(5, key).all(|w| w.key != scan.key));
        }
    }

    #[test]
    fn a_row_and_a_prefix_of_the_same_text_have_different_locks() {
        let row = of_row(4, "pi|", true);
        assert!(of_write(4, "pi|x").all(|w| w.exclusive || w.key != row.key));
        assert_eq!(of_row(4, "k", false).key, of_row(4, "k", true).key);
        assert_ne!(of_row(4, "k", false).key, of_row(5, "k", false).key);
    }

    #[test]
    fn waits_are_in_key_order_and_exclusive_wins() {
        let locks = [
            RowLock {
                key: (2, 0),
                exclusive: false,
            },
            RowLock {
                key: (-1, 5),
                exclusive: false,
            },
            RowLock {
                key: (2, 0),
                exclusive: true,
            },
        ];
        assert_eq!(
            in_order(&locks),
            [
                RowLock {
                    key: (-1, 5),
                    exclusive: false
                },
                RowLock {
                    key: (2, 0),
                    exclusive: true
                },
            ]
        );
    }
}
