//! Per-shard sub-accounts of the system accounts (issue 50).
//!
//! Every posting of every organisation touches a system account (rail
//! clearing, fees, tax), and a store that locks the rows a batch writes
//! (PostgreSQL, `store::pg::locks`) would make them all wait for one row.
//! So a system account is split into [`SYSTEM_SHARDS`] sub-accounts, and a
//! posting's system lines go to the sub-account of its owner's shard
//! ([`shard_of`], a stable hash): two organisations on different shards never
//! share a row. The stored key marks the shard in the owner part:
//!
//! | key | what |
//! |---|---|
//! | `test:sys.fee_revenue~07:CDF:system` | shard 7 of fee revenue in CDF (two digits, `00`..`15`) |
//! | `test:sys.fee_revenue:CDF:system` | the unsharded row of a store written before the split |
//!
//! The key keeps four `:`-separated parts (the owner part has no `:` nor
//! `|`, the separators of the store's keys), and still starts its owner with
//! `sys.`. [`base_owner`] recovers the base name (`sys.fee_revenue`), which
//! is all a person or a client ever sees (`ledger::parse_account` gives it),
//! and `ledger::balance` of a system account adds its shards and its
//! unsharded row up ([`total`]). `verify` needs no change: it checks each
//! stored key against its own lines, sharded or not.

use super::{Posting, SYSTEM_OWNER, split_key, stored_balance};
use crate::store::{Read, StoreError};

/// Sub-accounts each system account is split into. Enough that the batches
/// a few nodes write at once seldom meet on one (the chance that two given
/// owners share a shard is 1 in 16), few enough that a total stays a read of
/// 17 rows. It may grow, never shrink: a total reads shards `0..SYSTEM_SHARDS`,
/// so rows of a higher shard would drop out of it. Two digits in the key.
pub const SYSTEM_SHARDS: u32 = 16;

/// Separates a system account's base name from its shard in the owner part
/// of the key: neither `:` nor `|` (the store's separators), nor a character
/// of any base name.
const SHARD_MARK: char = '~';

/// The shard of the system accounts that postings of `owner` write: FNV-1a
/// (64 bits) of the owner id, modulo [`SYSTEM_SHARDS`]. Never std's hasher,
/// whose output may change between builds: every node and every build must
/// send an owner's lines to the same row.
pub fn shard_of(owner: &str) -> u32 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in owner.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    (hash % u64::from(SYSTEM_SHARDS)) as u32
}

/// The base name of an account owner: `sys.fee_revenue~07` →
/// `sys.fee_revenue`; any other owner (a merchant's, an unsharded system
/// account's) as it is.
pub fn base_owner(owner: &str) -> &str {
    match owner.split_once(SHARD_MARK) {
        Some((base, _)) if base.starts_with(SYSTEM_OWNER) => base,
        _ => owner,
    }
}

/// `key` with its owner part replaced by `owner`.
fn with_owner(key: &str, owner: &str) -> Option<String> {
    let (mode, _, currency, class) = split_key(key)?;
    Some(format!("{mode}:{owner}:{currency}:{class}"))
}

/// The stored key of shard `shard` of the system account `key` (unsharded).
fn shard_key(key: &str, shard: u32) -> Option<String> {
    let (_, owner, _, _) = split_key(key)?;
    with_owner(key, &format!("{owner}{SHARD_MARK}{shard:02}"))
}

/// A stored account key with a system account's shard dropped
/// (`test:sys.fee_revenue~07:CDF:system` → `test:sys.fee_revenue:CDF:system`);
/// any other key as it is.
pub fn base_account(key: &str) -> String {
    match split_key(key) {
        Some((_, owner, _, _)) if base_owner(owner) != owner => {
            with_owner(key, base_owner(owner)).unwrap_or_else(|| key.to_string())
        }
        _ => key.to_string(),
    }
}

/// Sends each system line of `posting` to its owner's shard, so that no
/// domain code names a shard. A line already on a shard stays there.
pub(super) fn send_system_lines(posting: &mut Posting) {
    let shard = shard_of(&posting.owner);
    for line in &mut posting.lines {
        let unsharded = split_key(&line.account).is_some_and(|(_, owner, _, _)| {
            owner.starts_with(SYSTEM_OWNER) && !owner.contains(SHARD_MARK)
        });
        if let Some(key) = unsharded.then(|| shard_key(&line.account, shard)).flatten() {
            line.account = key;
        }
    }
}

/// The total of the system account `key` (unsharded): every row of it, read
/// one by one (never a scan: on PostgreSQL a scan locks the range against
/// every writer of it).
pub(super) fn total(read: &impl Read, key: &str) -> Result<i64, StoreError> {
    let mut total = i128::from(stored_balance(read, key)?);
    for shard in 0..SYSTEM_SHARDS {
        if let Some(row) = shard_key(key, shard) {
            total += i128::from(stored_balance(read, &row)?);
        }
    }
    i64::try_from(total)
        .map_err(|_| StoreError::State(format!("the total of {key} ({total}) overflows i64")))
}
