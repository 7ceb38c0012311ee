//! Organisations. The first, made by `init` (or the first start), is the
//! instance's own: its owners operate the gateway. Others are added with
//! [`create`] (`paygate orgs add`, `POST /organisations`), each with its
//! owner member and test keys, as the first. Each can be found by its id and,
//! when it has them, by its `@tag`, phone (E.164) and e-mail, all unique
//! (`org_handle|...` index rows), which is how transfers address it.

pub mod state;

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::resource;
use crate::auth::keys::{self as api_keys, KeyKind};
use crate::error::{ApiError, Code, Missing};
use crate::mode::Mode;
use crate::store::cache::Generational;
use crate::store::keys::{self, OrgFamily};
use crate::store::{Meta, Read, Tx};
use state::Trigger;

/// The not-found answer about an organisation.
pub const MISSING_ORGANISATION: Missing = Missing::new(Code::OrganisationNotFound, "organisation");

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Organisation {
    pub id: String,
    pub name: String,
    pub created_at_ms: i64,
    /// ISO 3166 alpha-2.
    #[serde(default)]
    pub country: Option<String>,
    #[serde(default)]
    pub default_currency: Option<String>,
    /// `@tag`, lower case.
    #[serde(default)]
    pub tag: Option<String>,
    #[serde(default)]
    pub phone: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub status: Status,
    /// Transfer limits in minor units of any currency; `None`: the defaults
    /// of `domain::transfers`.
    #[serde(default)]
    pub transfer_limit_minor: Option<i64>,
    #[serde(default)]
    pub daily_transfer_limit_minor: Option<i64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = OrganisationStatus)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    #[default]
    Active,
    Disabled,
}

/// What a new organisation is made of.
#[derive(Debug, Clone, Default)]
pub struct NewOrganisation {
    pub name: String,
    pub country: String,
    pub default_currency: String,
    pub tag: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
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
    if tx.has_meta(Meta::Organisation)? {
        return Ok(None);
    }
    let org = Organisation {
        id: crate::ids::new_id("org"),
        name: name.to_string(),
        created_at_ms: tx.wall_ms(),
        country: None,
        default_currency: None,
        tag: None,
        phone: None,
        email: None,
        status: Status::Active,
        transfer_limit_minor: None,
        daily_transfer_limit_minor: None,
    };
    tx.put_meta(Meta::Organisation, &org)?;
    tx.organisation_changed();
    crate::events::signing::ensure_key(tx)?;
    test_keys(tx, &org).map(Some)
}

/// Adds an organisation with its test keys; the caller adds its owner
/// member. Every handle must be free (409 `organisation_exists`).
pub fn create(tx: &mut Tx<'_>, new: NewOrganisation) -> Result<(Organisation, NewKeys), ApiError> {
    let name = crate::domain::fields::text("name", Some(new.name), NAME_CHARS_MAX)?
        .ok_or_else(|| ApiError::field("name", "name is required"))?;
    let country = crate::fields::country(&new.country)?;
    let default_currency =
        crate::domain::currency::parse("default_currency", &new.default_currency)?
            .code
            .to_string();
    let tag = new.tag.map(|t| tag(&t)).transpose()?;
    let phone = new
        .phone
        .map(|p| crate::fields::msisdn("phone", &p).map(|_| p.trim().to_string()))
        .transpose()?;
    let email = new.email.map(|e| email(&e)).transpose()?;
    let org = Organisation {
        id: crate::ids::new_id("org"),
        name,
        created_at_ms: tx.wall_ms(),
        country: Some(country),
        default_currency: Some(default_currency),
        tag,
        phone,
        email,
        status: Status::Active,
        transfer_limit_minor: None,
        daily_transfer_limit_minor: None,
    };
    for (field, handle) in org.handles() {
        let key = keys::org_handle(&handle);
        if tx.index(&key)?.is_some() {
            return Err(ApiError::new(
                Code::OrganisationExists,
                format!(
                    "{field} {} belongs to another organisation",
                    handle.split_once(':').map_or(handle.as_str(), |(_, v)| v)
                ),
            )
            .with_param(field));
        }
        resource::point(tx, key, &org.id);
    }
    tx.put_object(org.id.clone(), &org)?;
    tx.put_index(
        keys::org(OrgFamily::Organisations, "all", &org.id),
        Vec::new(),
    );
    let keys = test_keys(tx, &org)?;
    Ok((org, keys))
}

/// What adding an organisation prints once: its keys and its owner's login.
#[derive(Debug, Clone, Serialize)]
pub struct Created {
    pub organisation: Organisation,
    pub keys: NewKeys,
    pub owner: crate::domain::team::NewOwner,
}

/// [`create`] with its owner member (`hashes`: of the owner's password and
/// PIN, made off the writer), as `init` makes the first organisation.
pub fn create_with_owner(
    tx: &mut Tx<'_>,
    new: NewOrganisation,
    owner: &crate::domain::team::NewOwner,
    hashes: (String, String),
) -> Result<Created, ApiError> {
    let (organisation, keys) = create(tx, new)?;
    let owner = owner.create_in(tx, &organisation.id, hashes)?;
    Ok(Created {
        organisation,
        keys,
        owner,
    })
}

/// Only the owners of the instance's own organisation operate it: add and
/// disable organisations.
pub fn require_operator(
    read: &impl Read,
    principal: &crate::auth::Principal,
) -> Result<(), ApiError> {
    let owner = principal
        .session
        .as_ref()
        .is_some_and(|s| s.role == crate::auth::roles::Role::Owner);
    if owner && instance(read)?.id == principal.org {
        return Ok(());
    }
    Err(ApiError::new(
        Code::OperatorRequired,
        "only an owner of the gateway's own organisation may manage organisations",
    ))
}

/// Disables an organisation: its keys and sessions stop working (403
/// `organisation_disabled`); its money stays where it is.
pub fn disable(tx: &mut Tx<'_>, id: &str) -> Result<Organisation, ApiError> {
    let mut org = get(tx, id)?.ok_or_else(|| ApiError::not_found(MISSING_ORGANISATION, id))?;
    let instance = is_instance(tx, &org.id)?;
    org.status = state::transition(org.status, Trigger::Disable { instance })
        .map_err(|_| ApiError::field("id", "the instance's own organisation cannot be disabled"))?;
    save(tx, &org)?;
    Ok(org)
}

/// Every organisation but the instance's own, newest first (bounded).
pub fn list(snapshot: &crate::store::Snapshot) -> Result<Vec<Organisation>, ApiError> {
    let prefix = keys::org_prefix(OrgFamily::Organisations, "all");
    let mut found = Vec::new();
    for (key, _) in snapshot.scan_index_rev(&prefix, crate::store::SCAN_ROWS_MAX)? {
        if let Some(org) = snapshot.object::<Organisation>(crate::store::keys::id_of(&key))? {
            found.push(org);
        }
    }
    Ok(found)
}

/// The organisation `id` (the instance's own included).
pub fn get(read: &impl Read, id: &str) -> Result<Option<Organisation>, ApiError> {
    if let Some(org) = read.object::<Organisation>(id)? {
        return Ok(Some(org));
    }
    Ok(read
        .meta::<Organisation>(Meta::Organisation)?
        .filter(|o| o.id == id))
}

/// Sets an organisation's transfer limits (the instance's own included).
pub fn set_transfer_limits(
    tx: &mut Tx<'_>,
    id: &str,
    per_transfer_minor: Option<i64>,
    daily_minor: Option<i64>,
) -> Result<Organisation, ApiError> {
    let mut org = get(tx, id)?.ok_or_else(|| ApiError::not_found(MISSING_ORGANISATION, id))?;
    for (field, value) in [("per_transfer", per_transfer_minor), ("daily", daily_minor)] {
        if value.is_some_and(|v| v < 1) {
            return Err(ApiError::field(
                field,
                format!("{field} must be at least 1"),
            ));
        }
    }
    org.transfer_limit_minor = per_transfer_minor.or(org.transfer_limit_minor);
    org.daily_transfer_limit_minor = daily_minor.or(org.daily_transfer_limit_minor);
    save(tx, &org)?;
    Ok(org)
}

/// Whether `id` is the instance's own organisation (kept in `meta`).
fn is_instance(read: &impl Read, id: &str) -> Result<bool, ApiError> {
    Ok(read
        .meta::<Organisation>(Meta::Organisation)?
        .is_some_and(|o| o.id == id))
}

/// Writes a change of an existing organisation where it is kept: `meta` for
/// the instance's own, else `objects`. Every change goes through here, so
/// [`OrgCache`] sees it.
fn save(tx: &mut Tx<'_>, org: &Organisation) -> Result<(), ApiError> {
    if is_instance(tx, &org.id)? {
        tx.put_meta(Meta::Organisation, org)?;
    } else {
        tx.put_object(org.id.clone(), org)?;
    }
    tx.organisation_changed();
    Ok(())
}

/// Organisations by id, each with the
/// [`organisations generation`](crate::store::Store::organisations_generation)
/// it was read at. Every keyed request checks that its organisation is
/// active, and a create names it in the QR payload: reading and decoding the
/// record (a miss in `objects`, then `meta`, for the instance's own) was 7%
/// of a read's time. An entry is used only while no commit has written an
/// organisation since it was read, so a disable is seen by every request
/// that starts after it was answered. Unknown ids are never cached.
#[derive(Default)]
pub struct OrgCache(Generational<Organisation>);

impl OrgCache {
    /// The organisation `id` as of `read`. `generation` is the
    /// organisations generation read before `read` was taken.
    pub fn get(
        &self,
        generation: u64,
        read: &impl Read,
        id: &str,
    ) -> Result<Option<Arc<Organisation>>, ApiError> {
        self.0.get_or_read(generation, id, || get(read, id))
    }
}

/// The organisation an address names: its id, `@tag`, phone or e-mail.
pub fn find_by_handle(read: &impl Read, address: &str) -> Result<Option<Organisation>, ApiError> {
    let address = address.trim();
    if address.starts_with("org_") {
        return get(read, address);
    }
    let handle = if let Some(t) = address.strip_prefix('@') {
        format!("tag:{}", t.to_ascii_lowercase())
    } else if address.starts_with('+') {
        format!("phone:{address}")
    } else {
        format!("email:{}", address.to_ascii_lowercase())
    };
    match read.index_id(&keys::org_handle(&handle))? {
        Some(id) => get(read, &id),
        None => Ok(None),
    }
}

/// Whether `org` may act: a disabled organisation's keys and sessions are refused.
pub fn require_active(read: &impl Read, org: &str) -> Result<(), ApiError> {
    check_active(get(read, org)?.as_ref(), org)
}

/// [`require_active`] on the organisation already read (`None`: unknown).
pub fn check_active(found: Option<&Organisation>, org: &str) -> Result<(), ApiError> {
    match found.map(|o| state::transition(o.status, Trigger::Act)) {
        Some(Err(_)) => Err(ApiError::new(
            Code::OrganisationDisabled,
            format!("organisation {org} is disabled; its keys and sessions no longer work"),
        )),
        _ => Ok(()),
    }
}

/// The instance's own organisation: its owners operate the gateway.
pub fn instance(read: &impl Read) -> Result<Organisation, ApiError> {
    read.meta(Meta::Organisation)?
        .ok_or_else(|| ApiError::internal("the store has no organisation; run paygate init"))
}

/// An organisation's display name (hosted pages, QR payloads).
pub fn name_of(read: &impl Read, id: &str) -> Result<String, ApiError> {
    Ok(get(read, id)?.map(|o| o.name).unwrap_or_default())
}

impl Organisation {
    /// Whether its lifecycle admits `trigger` now ([`state::transition`]).
    pub fn admits(&self, trigger: Trigger) -> bool {
        state::transition(self.status, trigger).is_ok()
    }

    /// Its unique handles, as the index keys them, with the field naming each.
    fn handles(&self) -> Vec<(&'static str, String)> {
        let mut handles = Vec::new();
        if let Some(t) = &self.tag {
            handles.push(("tag", format!("tag:{t}")));
        }
        if let Some(p) = &self.phone {
            handles.push(("phone", format!("phone:{p}")));
        }
        if let Some(e) = &self.email {
            handles.push(("email", format!("email:{e}")));
        }
        handles
    }
}

pub const NAME_CHARS_MAX: usize = 100;

/// `@tag` or `tag`: 3 to 30 of `a-z`, `0-9`, `_`, stored lower case without `@`.
fn tag(value: &str) -> Result<String, ApiError> {
    let t = value.trim().trim_start_matches('@').to_ascii_lowercase();
    if (3..=30).contains(&t.len())
        && t.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
    {
        Ok(t)
    } else {
        Err(ApiError::field(
            "tag",
            format!("tag must be 3 to 30 of a-z, 0-9 and _ (got {value:?})"),
        ))
    }
}

fn email(value: &str) -> Result<String, ApiError> {
    let e = value.trim().to_ascii_lowercase();
    let valid = e.len() <= 254
        && e.split_once('@')
            .is_some_and(|(l, d)| !l.is_empty() && d.contains('.'));
    if valid {
        Ok(e)
    } else {
        Err(ApiError::field(
            "email",
            format!("email must be an e-mail address (got {value:?})"),
        ))
    }
}

/// The default test `sk_` and `pk_` keys of a new organisation.
fn test_keys(tx: &mut Tx<'_>, org: &Organisation) -> Result<NewKeys, ApiError> {
    let mut create = |kind, label| {
        let (_, secret) =
            api_keys::create(tx, &org.id, kind, Mode::Test, Vec::new(), label, Vec::new())?;
        Ok::<_, ApiError>(secret)
    };
    let secret_key = create(KeyKind::Sk, "default secret key")?;
    let publishable_key = create(KeyKind::Pk, "default publishable key")?;
    Ok(NewKeys {
        secret_key,
        publishable_key,
    })
}

/// Whether the store holds the organisation (it was initialised).
pub fn exists(snapshot: &crate::store::Snapshot) -> Result<bool, ApiError> {
    Ok(snapshot.has_meta(Meta::Organisation)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A disable is seen by the first request after it was answered, although
    /// the organisation was cached; a commit that writes no organisation
    /// keeps the cache valid.
    #[test]
    fn the_org_cache_follows_every_change_of_an_organisation() {
        let (store, writer, runtime) = crate::store::test_writer();
        let cache = OrgCache::default();
        let lookup = |id: &str| {
            let generation = store.organisations_generation();
            let snapshot = store.snapshot().expect("snapshot");
            cache.get(generation, &snapshot, id).expect("get")
        };
        let (org, _) = runtime
            .block_on(writer.run(|tx| {
                bootstrap(tx, "Instance")?;
                create(
                    tx,
                    NewOrganisation {
                        name: "Kivu Foods".into(),
                        country: "CD".into(),
                        default_currency: "CDF".into(),
                        tag: None,
                        phone: None,
                        email: None,
                    },
                )
            }))
            .expect("create");
        let cached = lookup(&org.id).expect("known");
        assert_eq!(cached.status, Status::Active);
        assert!(Arc::ptr_eq(&cached, &lookup(&org.id).expect("known")));

        let before = store.organisations_generation();
        runtime
            .block_on(writer.run(|tx| {
                tx.put_meta_bytes(Meta::Scratch("unrelated"), b"x".to_vec());
                Ok(())
            }))
            .expect("unrelated write");
        assert_eq!(store.organisations_generation(), before);
        assert!(Arc::ptr_eq(&cached, &lookup(&org.id).expect("known")));

        let id = org.id.clone();
        runtime
            .block_on(writer.run(move |tx| disable(tx, &id)))
            .expect("disable");
        assert_eq!(store.organisations_generation(), before + 1);
        let seen = lookup(&org.id).expect("known");
        assert_eq!(seen.status, Status::Disabled);
        assert!(check_active(Some(&seen), &org.id).is_err());

        let id = org.id.clone();
        runtime
            .block_on(writer.run(move |tx| set_transfer_limits(tx, &id, Some(500), None)))
            .expect("limits");
        assert_eq!(
            lookup(&org.id).expect("known").transfer_limit_minor,
            Some(500)
        );
        assert!(lookup("org_unknown").is_none());
    }
}
