//! The ownership and not-found rule every read of a resource follows.
//!
//! A principal sees a resource of its own mode and its own owner, nothing
//! else. An id of another kind (wrong prefix), an unknown id and another
//! owner's resource all answer the same `not_found`, so nobody can probe for
//! the ids of others.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::auth::Principal;
use crate::domain::events;
use crate::error::{ApiError, Missing};
use crate::events::{Event, EventType};
use crate::ledger::Mode;
use crate::store::keys::{self, Family};
use crate::store::{Read, Table, Tx};

/// A resource that belongs to one owner in one mode.
pub trait Owned {
    fn id(&self) -> &str;
    fn mode(&self) -> Mode;
    fn owner(&self) -> &str;
}

/// Emits `event_type` about `resource` to its owner, in its mode, with
/// `view` as the event's object.
pub fn emit(
    tx: &mut Tx<'_>,
    event_type: EventType,
    resource: &impl Owned,
    view: &impl Serialize,
) -> Result<(), ApiError> {
    events::emit_view(tx, event_type, resource.mode(), resource.owner(), view)
}

/// Same mode, same owner.
pub fn owned_by(resource: &impl Owned, principal: &Principal) -> bool {
    resource.mode() == principal.mode && resource.owner() == principal.owner()
}

/// The object `id` (ids of its kind start with `prefix`) when `principal`
/// owns it, else `not_found(kind, id)`.
pub fn find<T: Owned + DeserializeOwned>(
    read: &impl Read,
    principal: &Principal,
    id: &str,
    prefix: &str,
    kind: Missing,
) -> Result<T, ApiError> {
    find_in(read, Table::Objects, principal, id, prefix, kind)
}

/// [`find`] in another table than the objects (events).
pub fn find_in<T: Owned + DeserializeOwned>(
    read: &impl Read,
    table: Table,
    principal: &Principal,
    id: &str,
    prefix: &str,
    kind: Missing,
) -> Result<T, ApiError> {
    let found: Option<T> = if id.starts_with(prefix) {
        read.get_json(table, id)?
    } else {
        None
    };
    found
        .filter(|resource| owned_by(resource, principal))
        .ok_or_else(|| ApiError::not_found(kind, id))
}

/// Stores a new resource of `family` and its row in its owner's index, where
/// lists find it (newest first: ids grow with time).
pub fn insert<T: Owned + Serialize>(
    tx: &mut Tx<'_>,
    family: Family,
    resource: &T,
) -> Result<(), ApiError> {
    let (mode, owner, id) = (resource.mode(), resource.owner(), resource.id());
    tx.put(
        Table::Index,
        keys::owned(family, mode, owner, id),
        Vec::new(),
    );
    tx.put_json(family.objects(), id, resource)?;
    Ok(())
}

/// Writes the index row `key` that points at the object `id`: a lookup by
/// something other than its id (its organisation, a code's digest, an e-mail).
pub fn point(tx: &mut Tx<'_>, key: impl Into<String>, id: &str) {
    tx.put(Table::Index, key, id.as_bytes().to_vec());
}

/// Implements [`Owned`] for records with `mode` and `owner` fields and an id
/// field (`id` unless named: `MoneyRequest[code]`). Each resource says it
/// beside its record, so this rule needs no module of the domain.
macro_rules! owned {
    ($($t:ty $([$id:ident])?),* $(,)?) => {$(
        impl $crate::domain::resource::Owned for $t {
            fn id(&self) -> &str {
                $crate::domain::resource::owned!(@id self $($id)?)
            }
            fn mode(&self) -> $crate::mode::Mode {
                self.mode
            }
            fn owner(&self) -> &str {
                &self.owner
            }
        }
    )*};
    (@id $self:ident $id:ident) => { &$self.$id };
    (@id $self:ident) => { &$self.id };
}
pub(crate) use owned;

owned!(Event);
