//! What an agent reads: one state of the store, a snapshot (a run answered
//! at once, analysed before its command) or the completing command's own
//! transaction (a background run, completed by its timer). Every read is
//! bounded: the newest [`INTENTS_MAX`] intents or payouts of the window.

use crate::domain::intents::INTENT;
use crate::domain::payouts::PAYOUT;
use serde::de::DeserializeOwned;

use crate::domain::intents::Intent;
use crate::domain::payouts::Payout;
use crate::error::ApiError;
use crate::ledger::Posting;
use crate::mode::Mode;
use crate::store::Read;
use crate::store::keys::{self, Family};

/// The newest objects of one family an analysis reads, at most.
pub const INTENTS_MAX: usize = 2_000;

/// A store state an agent reads: any [`Read`] (a snapshot or a command's
/// transaction), as a trait object; `&read` is a sized [`Read`] again.
pub trait History: Read {}

impl<R: Read> History for R {}

/// The record at `key` of the objects.
pub fn object<T: DeserializeOwned>(read: &dyn History, key: &str) -> Result<Option<T>, ApiError> {
    Ok((&read).object(key)?)
}

/// A ledger posting by id.
pub fn posting(read: &dyn History, id: &str) -> Result<Option<Posting>, ApiError> {
    Ok((&read).posting(id)?)
}

/// The owner's newest objects of `family` (at most [`INTENTS_MAX`]), newest first.
pub fn newest_of<T: DeserializeOwned>(
    read: &dyn History,
    family: Family,
    mode: Mode,
    owner: &str,
) -> Result<Vec<T>, ApiError> {
    let prefix = keys::owned_prefix(family, mode, owner);
    let mut found = Vec::new();
    for (key, _) in read.scan_index_rev(&prefix, INTENTS_MAX)? {
        let id = keys::id_of(&key);
        if let Some(object) = object(read, id)? {
            found.push(object);
        }
    }
    Ok(found)
}

/// The owner's payment intents created at or after `since_ms`, newest first.
pub fn intents(
    read: &dyn History,
    mode: Mode,
    owner: &str,
    since_ms: i64,
) -> Result<Vec<Intent>, ApiError> {
    let mut all: Vec<Intent> = newest_of(read, INTENT.family, mode, owner)?;
    all.retain(|i| i.created_at_ms >= since_ms);
    Ok(all)
}

/// The owner's payouts created at or after `since_ms`, newest first.
pub fn payouts(
    read: &dyn History,
    mode: Mode,
    owner: &str,
    since_ms: i64,
) -> Result<Vec<Payout>, ApiError> {
    let mut all: Vec<Payout> = newest_of(read, PAYOUT.family, mode, owner)?;
    all.retain(|p| p.created_at_ms >= since_ms);
    Ok(all)
}
