//! The audit log: who did what, when, from where, for which connected account.
//! Append-only: entries are written in the same transaction as the action they
//! record and never updated or deleted. Stored in `objects` by id (`aud_...`)
//! and listed through `index` rows `audit|<org>|<id>`.

use serde::{Deserialize, Serialize};

use crate::auth::Principal;
use crate::error::ApiError;
use crate::mode::Mode;
use crate::store::{Read, Snapshot, StoreError, Tx};

/// Who acted.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Actor {
    pub org: String,
    /// `member`, `api_key`, `cli`, `anonymous` (a failed login), or `gateway`
    /// (the gateway acted by itself, e.g. disabled a failing webhook endpoint).
    pub kind: String,
    pub member_id: Option<String>,
    pub email: Option<String>,
    pub key_id: Option<String>,
    pub client_ip: Option<String>,
    pub account: Option<String>,
    /// The connected account's organisation the actor acted as
    /// (`Service-Account`): the entry is in its log too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_behalf_of: Option<String>,
    pub mode: Option<Mode>,
}

impl Actor {
    pub fn of(principal: &Principal) -> Actor {
        let (kind, member_id, email, key_id) = match &principal.session {
            Some(s) => (
                "member",
                Some(s.member_id.clone()),
                Some(s.email.clone()),
                None,
            ),
            None => (
                "api_key",
                principal.key_creator().map(str::to_string),
                None,
                Some(principal.key_id.clone()),
            ),
        };
        Actor {
            org: principal.org.clone(),
            kind: kind.into(),
            member_id,
            email,
            key_id,
            client_ip: principal.client_ip.map(|ip| ip.to_string()),
            account: principal.account.clone(),
            on_behalf_of: principal.account_org.clone(),
            mode: Some(principal.mode),
        }
    }

    pub fn cli(org: &str) -> Actor {
        Actor {
            org: org.into(),
            kind: "cli".into(),
            ..Actor::default()
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Entry {
    pub id: String,
    pub actor: Actor,
    /// `api_key.created`, `session.login_failed`, `webhook_endpoint.updated`, ...
    pub action: String,
    /// The object acted on.
    pub target: Option<String>,
    /// What changed (never a secret).
    pub details: serde_json::Value,
    pub created_at_ms: i64,
}

fn index_prefix(org: &str) -> String {
    crate::store::keys::org_prefix(crate::store::keys::OrgFamily::Audit, org)
}

/// Appends an entry. An API key's entry names the member who created the
/// key too (`member_id`, `email`): a key acts with its creator's identity,
/// so what a member does through a key is theirs in the log (security
/// review issue 44, finding 9).
pub fn record(
    tx: &mut Tx<'_>,
    actor: &Actor,
    action: &str,
    target: Option<&str>,
    details: serde_json::Value,
) -> Result<(), ApiError> {
    let mut actor = actor.clone();
    if actor.kind == "api_key"
        && actor.email.is_none()
        && let Some(member_id) = &actor.member_id
    {
        let member: Option<crate::domain::team::Member> = tx.object(member_id)?;
        actor.email = member.map(|m| m.email);
    }
    let entry = Entry {
        id: crate::ids::new_id("aud"),
        actor,
        action: action.into(),
        target: target.map(str::to_string),
        details,
        created_at_ms: tx.wall_ms(),
    };
    tx.put_object(entry.id.clone(), &entry)?;
    tx.put_index(
        format!("{}{}", index_prefix(&entry.actor.org), entry.id),
        Vec::new(),
    );
    // A platform acting for a connected account: the customer's log shows
    // it too, with the platform as the actor (spec section 5 rule 6).
    let actor = &entry.actor;
    if let Some(org) = actor.on_behalf_of.as_deref().filter(|o| *o != actor.org) {
        tx.put_index(format!("{}{}", index_prefix(org), entry.id), Vec::new());
    }
    Ok(())
}

/// A page of entries, newest first, strictly older than `cursor`.
pub fn list(
    snapshot: &Snapshot,
    org: &str,
    cursor: Option<&str>,
    limit: usize,
) -> Result<(Vec<Entry>, bool), StoreError> {
    let prefix = index_prefix(org);
    let before = cursor.map(|c| format!("{prefix}{c}"));
    let rows = snapshot.scan_index_page(&prefix, before.as_deref(), limit + 1, |_, _| true)?;
    let has_more = rows.len() > limit;
    let mut entries = Vec::new();
    for (key, _) in rows.into_iter().take(limit) {
        if let Some(entry) = snapshot.object(crate::store::keys::id_of(&key))? {
            entries.push(entry);
        }
    }
    Ok((entries, has_more))
}
