//! API keys as a member manages them: which scopes a kind of key holds, which
//! keys a role may manage, and the create, rotate and revoke commands with
//! their audit entries. The key records themselves live in `auth::keys`.

use crate::auth::keys::{self, KeyKind, KeyRecord};
use crate::auth::roles::Role;
use crate::error::{ApiError, Code, Missing};
use crate::mode::Mode;
use crate::store::Tx;

use super::audit::{self, Actor};
use state::{Status, Trigger};

pub mod state;

/// The not-found answer about a API key.
pub const MISSING_KEY: Missing = Missing::new(Code::KeyNotFound, "API key");

/// The scopes of a new key of `kind`: `rk` keys hold the scopes chosen; `sk`
/// keys hold `*` and `pk` keys `payment_intents:write`, and may only repeat
/// those (spec section 5).
pub fn scopes_for(kind: KeyKind, requested: Option<Vec<String>>) -> Result<Vec<String>, ApiError> {
    match (kind, requested) {
        (KeyKind::Rk, scopes) => Ok(scopes.unwrap_or_default()),
        (KeyKind::Sk, None) => Ok(vec!["*".to_string()]),
        (KeyKind::Sk, Some(s)) if s == ["*"] => Ok(s),
        (KeyKind::Pk, None) => Ok(vec!["payment_intents:write".to_string()]),
        (KeyKind::Pk, Some(s)) if s == ["payment_intents:write"] => Ok(s),
        (kind, Some(_)) => Err(ApiError::field(
            "scopes",
            format!(
                "{} keys have fixed scopes (sk: *, pk: payment_intents:write); choose scopes with kind rk",
                kind.prefix()
            ),
        )),
    }
}

/// Whether `role` may manage (or create) a key holding `scopes`: a key is
/// never stronger than its creator's role.
pub fn check_grant(role: Role, scopes: &[String]) -> Result<(), ApiError> {
    if role.may_grant(scopes) {
        return Ok(());
    }
    Err(ApiError::new(
        Code::RoleDenied,
        format!(
            "the {} role cannot manage a key with scopes {scopes:?}: a key is never stronger than its creator's role",
            role.as_str()
        ),
    ))
}

/// A key to create, validated.
#[derive(Clone)]
pub struct NewKey {
    pub kind: KeyKind,
    pub mode: Mode,
    pub scopes: Vec<String>,
    pub label: String,
    pub allowlist: Vec<String>,
}

/// Creates a key for `actor`'s organisation; `role` (the member's; `None`
/// for an API key) must be allowed its scopes as stored (an `rk` key's are
/// normalised on creation, so the check comes after).
pub fn create(
    tx: &mut Tx<'_>,
    actor: &Actor,
    role: Option<Role>,
    new: NewKey,
) -> Result<(KeyRecord, String), ApiError> {
    let (mut record, secret) = keys::create(
        tx,
        &actor.org,
        new.kind,
        new.mode,
        new.scopes,
        &new.label,
        new.allowlist,
    )?;
    check_grant(role.ok_or_else(super::sessions::required)?, &record.scopes)?;
    // The key acts as its creator: the audit names the member, and a payout
    // batch's maker cannot approve it through a key of their own (issue 44,
    // finding 9; decision 293).
    record.created_by = actor.member_id.clone();
    tx.put_api_key(record.digest.clone(), &record)?;
    let details = serde_json::json!({
        "kind": record.kind, "mode": record.mode, "scopes": record.scopes,
        "allowlist": record.allowlist, "label": record.label,
    });
    audit::record(tx, actor, "api_key.created", Some(&record.id), details)?;
    Ok((record, secret))
}

/// Rotates the active key `id`: a new secret, the old one revoked.
pub fn rotate(tx: &mut Tx<'_>, actor: &Actor, id: &str) -> Result<(KeyRecord, String), ApiError> {
    let old = keys::find(tx, &actor.org, id)?
        .filter(|k| state::transition(Status::of(k), Trigger::Rotate).is_ok())
        .ok_or_else(|| ApiError::new(Code::KeyNotFound, format!("{id} is revoked")))?;
    let (record, secret) = keys::rotate(tx, old, actor.member_id.clone())?;
    let details = serde_json::json!({
        "rotated_from": id, "mode": record.mode, "step_up": record.mode == Mode::Live,
    });
    audit::record(tx, actor, "api_key.rotated", Some(&record.id), details)?;
    Ok((record, secret))
}

/// Revokes the key `id`: its secret stops working at once.
pub fn revoke(tx: &mut Tx<'_>, actor: &Actor, id: &str) -> Result<KeyRecord, ApiError> {
    let key =
        keys::find(tx, &actor.org, id)?.ok_or_else(|| ApiError::not_found(MISSING_KEY, id))?;
    let from = Status::of(&key);
    let to = state::transition(from, Trigger::Revoke)
        .map_err(|_| ApiError::internal("every key can be revoked"))?;
    // Revoking a revoked key answers it as it is, unwritten.
    let key = if to == from {
        key
    } else {
        keys::revoke(tx, key)?
    };
    let details = serde_json::json!({ "mode": key.mode });
    audit::record(tx, actor, "api_key.revoked", Some(&key.id), details)?;
    Ok(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owned(scopes: &[&str]) -> Option<Vec<String>> {
        Some(scopes.iter().map(|s| s.to_string()).collect())
    }

    #[test]
    fn sk_and_pk_keys_hold_fixed_scopes_and_rk_keys_the_chosen_ones() {
        assert_eq!(scopes_for(KeyKind::Sk, None).ok(), owned(&["*"]));
        assert_eq!(scopes_for(KeyKind::Sk, owned(&["*"])).ok(), owned(&["*"]));
        let pk = owned(&["payment_intents:write"]);
        assert_eq!(scopes_for(KeyKind::Pk, None).ok(), pk);
        assert_eq!(scopes_for(KeyKind::Pk, pk.clone()).ok(), pk);
        assert_eq!(scopes_for(KeyKind::Rk, None).ok(), Some(Vec::new()));
        let chosen = owned(&["refunds:read"]);
        assert_eq!(scopes_for(KeyKind::Rk, chosen.clone()).ok(), chosen);
        for kind in [KeyKind::Sk, KeyKind::Pk] {
            let refused = scopes_for(kind, owned(&["refunds:read"])).expect_err("fixed");
            assert_eq!(refused.param.as_deref(), Some("scopes"));
        }
    }
}
