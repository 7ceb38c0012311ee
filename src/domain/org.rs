//! The organisation this gateway serves, created on first start with its test keys.

use serde::{Deserialize, Serialize};

use crate::auth::keys::{self, KeyKind};
use crate::error::ApiError;
use crate::ledger::Mode;
use crate::store::{Store, Table, Tx};

const META_KEY: &str = "organisation";

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Organisation {
    pub id: String,
    pub name: String,
    pub created_at_ms: i64,
}

/// The secrets made by a first start, printed once.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct NewKeys {
    pub secret_key: String,
    pub publishable_key: String,
}

/// Creates the organisation and its test `sk_`/`pk_` keys unless it exists.
/// Returns the new secrets, or `None` when the store was initialised before.
pub fn bootstrap(tx: &mut Tx<'_>, name: &str) -> Result<Option<NewKeys>, ApiError> {
    if tx.get(Table::Meta, META_KEY)?.is_some() {
        return Ok(None);
    }
    let org = Organisation {
        id: crate::ids::new_id("org"),
        name: name.to_string(),
        created_at_ms: tx.now_ms(),
    };
    tx.put_json(Table::Meta, META_KEY, &org)?;
    crate::events::signing::ensure_key(tx)?;
    let (_, secret_key) = keys::create(
        tx,
        &org.id,
        KeyKind::Sk,
        Mode::Test,
        Vec::new(),
        "default secret key",
    )?;
    let (_, publishable_key) = keys::create(
        tx,
        &org.id,
        KeyKind::Pk,
        Mode::Test,
        Vec::new(),
        "default publishable key",
    )?;
    Ok(Some(NewKeys {
        secret_key,
        publishable_key,
    }))
}

pub fn require(tx: &Tx<'_>) -> Result<Organisation, ApiError> {
    tx.get_json(Table::Meta, META_KEY)?
        .ok_or_else(|| ApiError::internal("the store has no organisation; run paygate init"))
}

/// The organisation's display name (hosted pages, QR payloads).
pub fn name(store: &Store) -> Option<String> {
    name_in(&store.snapshot().ok()?).ok()
}

/// Whether the store holds the organisation (it was initialised).
pub fn exists(snapshot: &crate::store::Snapshot) -> Result<bool, ApiError> {
    Ok(snapshot.get(Table::Meta, META_KEY)?.is_some())
}

/// The organisation's display name, from a snapshot.
pub fn name_in(snapshot: &crate::store::Snapshot) -> Result<String, ApiError> {
    read(snapshot).map(|o| o.name)
}

/// The organisation's id, from a snapshot.
pub fn id(snapshot: &crate::store::Snapshot) -> Result<String, ApiError> {
    read(snapshot).map(|o| o.id)
}

fn read(snapshot: &crate::store::Snapshot) -> Result<Organisation, ApiError> {
    snapshot
        .get_json(Table::Meta, META_KEY)?
        .ok_or_else(|| ApiError::internal("the store has no organisation; run paygate init"))
}
