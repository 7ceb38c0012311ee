//! Team-member commands as a member issues them: each makes its `team`
//! change and writes its audit entry in the same transaction.

use crate::auth::roles::Role;
use crate::error::ApiError;
use crate::store::Tx;

use super::audit::{self, Actor};
use super::team::{self, Member};

/// A new member with already-hashed password and PIN (hashing is slow: the
/// caller does it before the writer).
#[derive(Clone)]
pub struct NewMember {
    pub email: String,
    pub role: Role,
    pub password_hash: String,
    pub pin_hash: Option<String>,
}

/// Adds a member to `actor`'s organisation.
pub fn add(tx: &mut Tx<'_>, actor: &Actor, new: NewMember) -> Result<Member, ApiError> {
    let member = team::add_member(
        tx,
        &actor.org,
        &new.email,
        new.role,
        new.password_hash,
        new.pin_hash,
    )?;
    let details = serde_json::json!({ "email": member.email, "role": member.role });
    audit::record(tx, actor, "team_member.created", Some(&member.id), details)?;
    Ok(member)
}

/// Changes a member's role; `by` is the acting member's role.
pub fn change_role(
    tx: &mut Tx<'_>,
    actor: &Actor,
    by: Role,
    id: &str,
    role: Role,
) -> Result<Member, ApiError> {
    let (member, old) = team::set_role(tx, &actor.org, by, id, role)?;
    let details = serde_json::json!({ "from": old, "to": member.role });
    audit::record(
        tx,
        actor,
        "team_member.role_changed",
        Some(&member.id),
        details,
    )?;
    Ok(member)
}

/// Disables a member; their sessions end at once.
pub fn disable(tx: &mut Tx<'_>, actor: &Actor, by: Role, id: &str) -> Result<Member, ApiError> {
    let member = team::disable(tx, &actor.org, by, id)?;
    let details = serde_json::json!({});
    audit::record(tx, actor, "team_member.disabled", Some(&member.id), details)?;
    Ok(member)
}
