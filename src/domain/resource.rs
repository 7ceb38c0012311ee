//! The ownership and not-found rule every read of a resource follows.
//!
//! A principal sees a resource of its own mode and its own owner, nothing
//! else. An id of another kind (wrong prefix), an unknown id and another
//! owner's resource all answer the same `not_found`, so nobody can probe for
//! the ids of others. The rule has one variant: a resource between two
//! parties (a transfer) is seen by its owner or its counterparty
//! ([`Party::OwnerOrCounterparty`]). Every ownership check calls
//! [`belongs`] (through [`owned_by`], [`visible`] or [`find`]), none is
//! written by hand.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::auth::Principal;
use crate::domain::events;
use crate::error::{ApiError, Missing};
use crate::events::{Event, EventType};
use crate::mode::Mode;
use crate::store::keys::{self, Family};
use crate::store::{Read, Snapshot, Tx};

/// A resource that belongs to one owner in one mode.
pub trait Owned {
    fn id(&self) -> &str;
    fn mode(&self) -> Mode;
    fn owner(&self) -> &str;
    /// The other party of a resource between two (a transfer's recipient),
    /// who sees it under [`Party::OwnerOrCounterparty`].
    fn counterparty(&self) -> Option<&str> {
        None
    }
}

/// Which parties of a resource see it: the variants of the ownership rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Party {
    /// Its owner only: every resource but those between two parties.
    Owner,
    /// Its owner or its [`Owned::counterparty`] (a transfer's sender or
    /// recipient).
    OwnerOrCounterparty,
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

/// The ownership rule: `resource` is of `mode` and `owner` is one of the
/// parties `party` names. What takes a mode and an owner rather than a
/// principal (a device named in an offline promise) asks this directly.
pub fn belongs(resource: &impl Owned, mode: Mode, owner: &str, party: Party) -> bool {
    resource.mode() == mode
        && match party {
            Party::Owner => resource.owner() == owner,
            Party::OwnerOrCounterparty => {
                resource.owner() == owner || resource.counterparty() == Some(owner)
            }
        }
}

/// [`belongs`] for `principal` (its mode, the owner it acts as).
pub fn visible(resource: &impl Owned, principal: &Principal, party: Party) -> bool {
    belongs(resource, principal.mode, principal.owner(), party)
}

/// Same mode, same owner.
pub fn owned_by(resource: &impl Owned, principal: &Principal) -> bool {
    visible(resource, principal, Party::Owner)
}

/// What a kind of resource is, declared once in its own module
/// (`refunds::REFUND`): its store family (whose tag is its id prefix and
/// index tag) and its not-found answer. `find` and `new_id` are derived
/// from it, so a prefix is never spelled apart from its resource.
#[derive(Debug, Clone, Copy)]
pub struct Kind {
    pub family: Family,
    pub missing: Missing,
    /// How its ids start, when not `<tag>_` (money requests are found by
    /// their `MR-` code).
    ids: Option<&'static str>,
}

impl Kind {
    pub const fn new(family: Family, missing: Missing) -> Kind {
        Kind {
            family,
            missing,
            ids: None,
        }
    }

    /// Found by ids that start with `prefix` rather than `<tag>_`.
    pub const fn with_ids(mut self, prefix: &'static str) -> Kind {
        self.ids = Some(prefix);
        self
    }

    /// A new id of this kind: `<tag>_<ulid>`.
    pub fn new_id(&self) -> String {
        self.family.new_id()
    }

    /// Whether `id` is spelled as an id of this kind.
    pub fn names(&self, id: &str) -> bool {
        match self.ids {
            Some(prefix) => id.starts_with(prefix),
            None => id
                .strip_prefix(self.family.id_prefix())
                .is_some_and(|rest| rest.starts_with('_')),
        }
    }
}

/// The object `id` of `kind` when `principal` owns it, else `kind`'s
/// not-found answer: an id of another kind, an unknown id and another
/// owner's object answer alike.
pub fn find<T: Owned + DeserializeOwned>(
    read: &impl Read,
    principal: &Principal,
    id: &str,
    kind: &Kind,
) -> Result<T, ApiError> {
    find_for(read, principal, Party::Owner, id, kind)
}

/// [`find`] for the parties `party` names (a transfer's sender or recipient).
pub fn find_for<T: Owned + DeserializeOwned>(
    read: &impl Read,
    principal: &Principal,
    party: Party,
    id: &str,
    kind: &Kind,
) -> Result<T, ApiError> {
    let found: Option<T> = if kind.names(id) {
        read.record(kind.family.objects(), id)?
    } else {
        None
    };
    found
        .filter(|resource| visible(resource, principal, party))
        .ok_or_else(|| ApiError::not_found(kind.missing, id))
}

/// A record read through the store's cache of decoded records
/// ([`find_viewed`]), with the bytes of the view `GET` answers of it, made
/// once: a client that polls an object it watches gets bytes rendered at its
/// first read for as long as the record is unchanged (decision 591).
pub struct Viewed<T> {
    pub record: T,
    rendered: std::sync::OnceLock<Vec<u8>>,
}

impl<T> Viewed<T> {
    /// The answer of `GET` on the record's own path: `render`'s bytes, made
    /// at the first call. Every caller renders the same view (the record's
    /// and the process's settings make it; nothing of the request does).
    pub fn rendered<E>(&self, render: impl FnOnce(&T) -> Result<Vec<u8>, E>) -> Result<Vec<u8>, E> {
        if let Some(bytes) = self.rendered.get() {
            return Ok(bytes.clone());
        }
        let bytes = render(&self.record)?;
        Ok(self.rendered.get_or_init(|| bytes).clone())
    }
}

/// [`find`] on a snapshot through its cache of decoded records: the same
/// rule (an unknown id, another kind's or another owner's answers
/// `not_found`), checked on every read, cached or not.
pub fn find_viewed<T: Owned + DeserializeOwned + Send + Sync + 'static>(
    snapshot: &Snapshot,
    principal: &Principal,
    id: &str,
    kind: &Kind,
) -> Result<std::sync::Arc<Viewed<T>>, ApiError> {
    let found = if kind.names(id) {
        snapshot.shared_record(kind.family.objects(), id, |record: T| Viewed {
            record,
            rendered: std::sync::OnceLock::new(),
        })?
    } else {
        None
    };
    found
        .filter(|viewed| visible(&viewed.record, principal, Party::Owner))
        .ok_or_else(|| ApiError::not_found(kind.missing, id))
}

/// Stores a new resource of `family` and its row in its owner's index, where
/// lists find it (newest first: ids grow with time).
pub fn insert<T: Owned + Serialize>(
    tx: &mut Tx<'_>,
    family: Family,
    resource: &T,
) -> Result<(), ApiError> {
    let (mode, owner, id) = (resource.mode(), resource.owner(), resource.id());
    tx.put_index(keys::owned(family, mode, owner, id), Vec::new());
    tx.put_record(family.objects(), id, resource)?;
    Ok(())
}

/// Writes the index row `key` that points at the object `id`: a lookup by
/// something other than its id (its organisation, a code's digest, an e-mail).
pub fn point(tx: &mut Tx<'_>, key: impl Into<String>, id: &str) {
    tx.put_index(key, id.as_bytes().to_vec());
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

/// Declares a stored record and its API view that show the same run of
/// fields, writing that run once: `shared` goes after each struct's own
/// head and before its own tail, in that order in both, so the record's
/// stored bytes and the view's answer keep their field order. The shared
/// fields' doc comments describe them in the OpenAPI document (and the
/// record); attributes on them are serde's only, as both structs take them.
/// The fields pass as plain tokens, so the derives see them as written.
/// The view is still written from the record by its `view`/`render`
/// function, where timestamps, ids and derived fields differ.
macro_rules! record_and_view {
    (
        $(#[$rm:meta])* pub struct $record:ident { $($rhead:tt)* }
        $(#[$vm:meta])* pub struct $view:ident { $($vhead:tt)* }
        shared { $($shared:tt)* }
        record_tail { $($rtail:tt)* }
        view_tail { $($vtail:tt)* }
    ) => {
        $(#[$rm])* pub struct $record { $($rhead)* $($shared)* $($rtail)* }
        $(#[$vm])* pub struct $view { $($vhead)* $($shared)* $($vtail)* }
    };
}
pub(crate) use record_and_view;

// Types defined below the domain are owned here.
owned!(Event, crate::ledger::Posting);

#[cfg(test)]
mod tests {
    use super::*;

    /// A resource of `owner` in test mode, between two parties when it has a
    /// counterparty.
    struct Thing(&'static str, Option<&'static str>);

    impl Owned for Thing {
        fn id(&self) -> &str {
            "th_1"
        }
        fn mode(&self) -> Mode {
            Mode::Test
        }
        fn owner(&self) -> &str {
            self.0
        }
        fn counterparty(&self) -> Option<&str> {
            self.1
        }
    }

    #[test]
    fn the_owner_sees_its_own_resource_in_its_own_mode_only() {
        let thing = Thing("org_a", Some("org_b"));
        assert!(owned_by(
            &thing,
            &Principal::system("t", "org_a", Mode::Test)
        ));
        assert!(!owned_by(
            &thing,
            &Principal::system("t", "org_a", Mode::Live)
        ));
        // The counterparty is not an owner.
        assert!(!owned_by(
            &thing,
            &Principal::system("t", "org_b", Mode::Test)
        ));
        assert!(!belongs(&thing, Mode::Test, "org_c", Party::Owner));
    }

    #[test]
    fn owner_or_counterparty_adds_the_counterparty_in_the_same_mode() {
        let either = Party::OwnerOrCounterparty;
        let thing = Thing("org_a", Some("org_b"));
        assert!(belongs(&thing, Mode::Test, "org_a", either));
        assert!(visible(
            &thing,
            &Principal::system("t", "org_b", Mode::Test),
            either
        ));
        assert!(!belongs(&thing, Mode::Live, "org_b", either));
        assert!(!belongs(&thing, Mode::Test, "org_c", either));
        // Without a counterparty the variant is the owner rule.
        let alone = Thing("org_a", None);
        assert!(belongs(&alone, Mode::Test, "org_a", either));
        assert!(!belongs(&alone, Mode::Test, "org_b", either));
    }
}
