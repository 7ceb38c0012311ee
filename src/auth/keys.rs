//! API keys: `sk_` (every scope), `rk_` (chosen scopes), `pk_`
//! (`payment_intents:write` only), each in a test and a live variant.
//!
//! A secret is shown once, at creation. The store keeps its SHA-256 digest (the
//! table key) and a short visible prefix. Secrets carry 190 bits of entropy, so
//! a fast digest is enough (no password KDF), and a lookup by digest leaks
//! nothing useful about the secret through timing; the digest read back is
//! still compared in constant time.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::error::ApiError;
use crate::mode::Mode;
use crate::store::cache::Generational;
use crate::store::keys::{self, OrgFamily};
use crate::store::{Read, Snapshot, StoreError, Tx};

/// Random characters after `sk_test_` (62^32 ≈ 2^190).
const SECRET_RANDOM_CHARS: usize = 32;
/// Characters of the secret kept visible in listings (`sk_test_AbC4`).
const VISIBLE_CHARS: usize = 12;
/// Scopes a key may list at most.
pub const KEY_SCOPES_MAX: usize = 64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum KeyKind {
    Sk,
    Rk,
    Pk,
}

impl KeyKind {
    pub fn prefix(self) -> &'static str {
        match self {
            KeyKind::Sk => "sk",
            KeyKind::Rk => "rk",
            KeyKind::Pk => "pk",
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct KeyRecord {
    pub id: String,
    pub kind: KeyKind,
    pub mode: Mode,
    pub org: String,
    /// `["*"]` for `sk_`; the chosen ones for `rk_`; `payment_intents:write` for `pk_`.
    pub scopes: Vec<String>,
    pub label: String,
    /// The first characters of the secret, for people to recognise it.
    pub visible: String,
    pub digest: String,
    pub created_at_ms: i64,
    pub revoked_at_ms: Option<i64>,
    /// Addresses or CIDR blocks the key may be used from; empty: anywhere.
    #[serde(default)]
    pub allowlist: Vec<String>,
    /// The key this one replaced by rotation.
    #[serde(default)]
    pub rotated_from: Option<String>,
    /// The team member who created the key, or rotated it (and so was shown
    /// its secret): the key acts with that member's identity in the audit
    /// log and in maker-checker rules. None for keys made by the CLI, `init`
    /// or an organisation's creation, and for records of earlier versions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_by: Option<String>,
}

impl KeyRecord {
    /// Not revoked: the Authenticate row of the API key lifecycle
    /// (`domain::api_keys::state`, whose test pins the two together; this
    /// layer sits below the domain, so the gate asks here).
    pub fn is_active(&self) -> bool {
        self.revoked_at_ms.is_none()
    }

    /// An `rk_` test-mode record holding `scopes`, for unit tests of rules
    /// that ask a principal's rights.
    #[cfg(test)]
    pub fn restricted(scopes: &[&str]) -> KeyRecord {
        KeyRecord {
            id: "key_test".into(),
            kind: KeyKind::Rk,
            mode: Mode::Test,
            org: "org_1".into(),
            scopes: scopes.iter().map(|s| s.to_string()).collect(),
            label: String::new(),
            visible: String::new(),
            digest: String::new(),
            created_at_ms: 0,
            revoked_at_ms: None,
            allowlist: Vec::new(),
            rotated_from: None,
            created_by: None,
        }
    }

    pub fn has_scope(&self, scope: &str) -> bool {
        self.scopes.iter().any(|s| s == "*" || s == scope)
    }

    /// Whether a request from `ip` may use this key (an empty allowlist allows
    /// any address; an unknown address is refused by a non-empty one).
    pub fn allows_ip(&self, ip: Option<std::net::IpAddr>) -> bool {
        if self.allowlist.is_empty() {
            return true;
        }
        let Some(ip) = ip.map(|ip| ip.to_canonical()) else {
            return false;
        };
        self.allowlist
            .iter()
            .filter_map(|entry| parse_net(entry))
            .any(|net| net.contains(&ip))
    }
}

/// Entries an allowlist may hold at most.
pub const ALLOWLIST_MAX: usize = 64;

fn parse_net(entry: &str) -> Option<ipnet::IpNet> {
    if let Ok(net) = entry.parse::<ipnet::IpNet>() {
        return Some(net.trunc());
    }
    entry
        .parse::<std::net::IpAddr>()
        .ok()
        .map(|ip| ipnet::IpNet::from(ip.to_canonical()))
}

/// Validates an allowlist (addresses or CIDR blocks) and normalises it.
pub fn validate_allowlist(entries: Vec<String>) -> Result<Vec<String>, ApiError> {
    if entries.len() > ALLOWLIST_MAX {
        return Err(ApiError::field(
            "allowlist",
            format!("an allowlist holds at most {ALLOWLIST_MAX} entries"),
        ));
    }
    entries
        .iter()
        .enumerate()
        .map(|(i, entry)| {
            parse_net(entry.trim()).map(|n| n.to_string()).ok_or_else(|| {
                ApiError::field(
                    format!("allowlist[{i}]"),
                    format!("{entry:?} is not an IP address or CIDR block (203.0.113.7, 10.0.0.0/8, 2001:db8::/32)"),
                )
            })
        })
        .collect()
}

/// Reads a key record by id (revoked ones included), from a snapshot or a write.
pub fn find(read: &impl Read, org: &str, id: &str) -> Result<Option<KeyRecord>, StoreError> {
    let Some(digest) = read.index(&keys::org(OrgFamily::ApiKeys, org, id))? else {
        return Ok(None);
    };
    read.api_key(&String::from_utf8_lossy(&digest))
}

/// Every key of `org`, newest first (revoked ones included).
pub fn list(snapshot: &Snapshot, org: &str) -> Result<Vec<KeyRecord>, StoreError> {
    let prefix = keys::org_prefix(OrgFamily::ApiKeys, org);
    let rows = snapshot.scan_index_rev(&prefix, 10_000)?;
    let mut keys = Vec::new();
    for (_, digest) in rows {
        if let Some(key) = snapshot.api_key(&String::from_utf8_lossy(&digest))? {
            keys.push(key);
        }
    }
    Ok(keys)
}

/// Revokes an active key: its secret stops working at once. Whether it may
/// be revoked is the API key lifecycle's (`domain::api_keys::state`).
pub fn revoke(tx: &mut Tx<'_>, mut key: KeyRecord) -> Result<KeyRecord, ApiError> {
    key.revoked_at_ms = Some(tx.wall_ms());
    tx.put_api_key(key.digest.clone(), &key)?;
    Ok(key)
}

/// Rotates a key: a new secret with the same kind, mode, scopes, label and
/// allowlist; the old secret is revoked in the same transaction.
/// `created_by`: the member rotating it, who is shown the new secret.
pub fn rotate(
    tx: &mut Tx<'_>,
    old: KeyRecord,
    created_by: Option<String>,
) -> Result<(KeyRecord, String), ApiError> {
    let (mut record, secret) = create(
        tx,
        &old.org,
        old.kind,
        old.mode,
        old.scopes.clone(),
        &old.label,
        old.allowlist.clone(),
    )?;
    record.rotated_from = Some(old.id.clone());
    record.created_by = created_by;
    tx.put_api_key(record.digest.clone(), &record)?;
    revoke(tx, old)?;
    Ok((record, secret))
}

pub fn digest(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// The mode a secret claims by its prefix (`sk_live_...` → live), if well formed.
pub fn parse_secret(secret: &str) -> Option<(KeyKind, Mode)> {
    let (kind, rest) = match secret.get(..3)? {
        "sk_" => (KeyKind::Sk, &secret[3..]),
        "rk_" => (KeyKind::Rk, &secret[3..]),
        "pk_" => (KeyKind::Pk, &secret[3..]),
        _ => return None,
    };
    let (mode, random) = if let Some(r) = rest.strip_prefix("test_") {
        (Mode::Test, r)
    } else if let Some(r) = rest.strip_prefix("live_") {
        (Mode::Live, r)
    } else {
        return None;
    };
    let well_formed =
        random.len() == SECRET_RANDOM_CHARS && random.bytes().all(|b| b.is_ascii_alphanumeric());
    well_formed.then_some((kind, mode))
}

/// Finds the live (not revoked) key whose secret has digest `wanted`.
fn lookup_digest(snapshot: &Snapshot, wanted: &str) -> Result<Option<KeyRecord>, StoreError> {
    let record: Option<KeyRecord> = snapshot.api_key(wanted)?;
    Ok(
        record
            .filter(|r| bool::from(r.digest.as_bytes().ct_eq(wanted.as_bytes())) && r.is_active()),
    )
}

/// Valid keys by digest, each with the `api_keys` generation it was read at
/// ([`Store::generation`](crate::store::Store::generation)). Every request is
/// authenticated, and reading and decoding the key record was a tenth of a
/// read's time; an entry is used only while no commit has changed `api_keys`
/// since it was read, so a revocation or a rotation is seen by every request
/// that starts after it was answered. Unknown and revoked keys are never
/// cached, so guessing fills nothing.
#[derive(Default)]
pub struct KeyCache(Generational<KeyRecord>);

impl KeyCache {
    /// The valid key whose secret is `secret`. `generation` is the `api_keys`
    /// generation read before `snapshot` was taken.
    pub fn lookup(
        &self,
        generation: u64,
        snapshot: &Snapshot,
        secret: &str,
    ) -> Result<Option<std::sync::Arc<KeyRecord>>, StoreError> {
        if parse_secret(secret).is_none() {
            return Ok(None);
        }
        let wanted = digest(secret);
        self.0
            .get_or_read(generation, &wanted, || lookup_digest(snapshot, &wanted))
    }
}

/// Creates a key and returns its record and its secret (to show once);
/// `allowlist` is its IP allowlist, validated with [`validate_allowlist`]
/// (empty: any address).
pub fn create(
    tx: &mut Tx<'_>,
    org: &str,
    kind: KeyKind,
    mode: Mode,
    scopes: Vec<String>,
    label: &str,
    allowlist: Vec<String>,
) -> Result<(KeyRecord, String), ApiError> {
    let scopes = match kind {
        KeyKind::Sk => vec!["*".to_string()],
        KeyKind::Pk => vec!["payment_intents:write".to_string()],
        KeyKind::Rk => {
            if scopes.is_empty() || scopes.len() > KEY_SCOPES_MAX {
                return Err(ApiError::field(
                    "scopes",
                    format!("a restricted key needs 1 to {KEY_SCOPES_MAX} scopes"),
                ));
            }
            for scope in &scopes {
                if !is_known_scope(scope) {
                    return Err(ApiError::field(
                        "scopes",
                        format!(
                            "unknown scope {scope:?}: a scope is a resource and an access, such as payment_intents:read or payouts:write"
                        ),
                    ));
                }
            }
            scopes
        }
    };
    let secret = format!(
        "{}_{}_{}",
        kind.prefix(),
        mode.as_str(),
        crate::ids::random_token(SECRET_RANDOM_CHARS)
    );
    let record = KeyRecord {
        id: crate::ids::new_id("key"),
        kind,
        mode,
        org: org.to_string(),
        scopes,
        label: label.to_string(),
        visible: secret.chars().take(VISIBLE_CHARS).collect(),
        digest: digest(&secret),
        created_at_ms: tx.wall_ms(),
        revoked_at_ms: None,
        allowlist,
        rotated_from: None,
        created_by: None,
    };
    tx.put_api_key(record.digest.clone(), &record)?;
    tx.put_index(
        keys::org(OrgFamily::ApiKeys, org, &record.id),
        record.digest.clone().into_bytes(),
    );
    Ok((record, secret))
}

/// The scopes of spec section 5, `*` aside.
pub const SCOPES: &[&str] = &[
    "wallets:read",
    "transfers:read",
    "transfers:write",
    "remittances:read",
    "remittances:write",
    "payouts:approve",
    "payouts:read",
    "payouts:write",
    "ai:run",
    "subscriptions:read",
    "subscriptions:write",
    "credit:read",
    "routes:read",
    "routes:write",
    "payment_intents:read",
    "payment_intents:write",
    "checkout_sessions:write",
    "payment_links:write",
    "qr_codes:read",
    "qr_codes:write",
    "refunds:read",
    "refunds:write",
    "verifications:write",
    "balance:read",
    "webhooks:manage",
    "events:read",
    "payments:create",
    "payments:read",
    "payments:cancel",
    "refunds:create",
    "participants:read",
    "qr:create",
    "reconciliation:read",
    "bindings:manage",
    // Not in spec section 5: importing a rail's statement (decision 424).
    "reconciliation:write",
    // Not in spec section 5: the sandbox's test clocks (issue 17).
    "test_clocks:read",
    "test_clocks:write",
    "settlements:read",
    "settlements:write",
    "disputes:read",
    "disputes:write",
    "accounts:read",
    "accounts:write",
    // Not in spec section 5, which declares no scope for these operations
    // (decision 289): registering payer devices and syncing their promises,
    // and paying diaspora quotes out of the wallet; reading a quote back
    // (an addition, decision 334).
    "offline:read",
    "offline:write",
    "diaspora:read",
    "diaspora:write",
];

pub fn is_known_scope(scope: &str) -> bool {
    SCOPES.contains(&scope)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A revocation is seen by the first request after it was answered,
    /// although the key was cached; a commit that leaves `api_keys` alone keeps
    /// the cache valid.
    #[test]
    fn the_key_cache_follows_every_change_of_api_keys() {
        let (store, writer, runtime) = crate::store::test_writer();
        let cache = KeyCache::default();
        let lookup = |secret: &str| {
            let generation = store.api_keys_generation();
            let snapshot = store.snapshot().expect("snapshot");
            cache.lookup(generation, &snapshot, secret).expect("lookup")
        };
        let (record, secret) = runtime
            .block_on(writer.run(|tx| {
                create(
                    tx,
                    "org_a",
                    KeyKind::Sk,
                    Mode::Test,
                    Vec::new(),
                    "k",
                    Vec::new(),
                )
            }))
            .expect("create");
        assert_eq!(lookup(&secret).expect("valid").id, record.id);
        let before = store.api_keys_generation();
        runtime
            .block_on(writer.run(|tx| {
                tx.put_meta_bytes(crate::store::Meta::Scratch("unrelated"), b"x".to_vec());
                Ok(())
            }))
            .expect("unrelated write");
        assert_eq!(store.api_keys_generation(), before);
        assert!(lookup(&secret).is_some());
        runtime
            .block_on(writer.run(move |tx| revoke(tx, record)))
            .expect("revoke");
        assert_eq!(store.api_keys_generation(), before + 1);
        assert!(
            lookup(&secret).is_none(),
            "a revoked key must not authenticate"
        );
        assert!(lookup("sk_test_unknown").is_none());
    }

    #[test]
    fn secrets_parse_by_kind_and_mode() {
        let random = "a".repeat(SECRET_RANDOM_CHARS);
        assert_eq!(
            parse_secret(&format!("sk_test_{random}")),
            Some((KeyKind::Sk, Mode::Test))
        );
        assert_eq!(
            parse_secret(&format!("rk_live_{random}")),
            Some((KeyKind::Rk, Mode::Live))
        );
        assert_eq!(
            parse_secret(&format!("pk_test_{random}")),
            Some((KeyKind::Pk, Mode::Test))
        );
        assert_eq!(parse_secret(&format!("xk_test_{random}")), None);
        assert_eq!(parse_secret(&format!("sk_prod_{random}")), None);
        assert_eq!(parse_secret("sk_test_short"), None);
        assert_eq!(parse_secret("ü"), None);
    }

    #[test]
    fn a_restricted_record_holds_its_scopes_only() {
        let key = KeyRecord::restricted(&["events:read"]);
        assert!(key.has_scope("events:read") && !key.has_scope("payouts:read"));
    }

    #[test]
    fn allowlists_match_addresses_and_blocks() {
        let key = |list: &[&str]| KeyRecord {
            id: "key_x".into(),
            kind: KeyKind::Sk,
            mode: Mode::Test,
            org: "org_x".into(),
            scopes: vec!["*".into()],
            label: String::new(),
            visible: String::new(),
            digest: String::new(),
            created_at_ms: 0,
            revoked_at_ms: None,
            allowlist: validate_allowlist(list.iter().map(|s| s.to_string()).collect())
                .expect("valid"),
            rotated_from: None,
            created_by: None,
        };
        let local: std::net::IpAddr = "127.0.0.1".parse().expect("ip");
        let mapped: std::net::IpAddr = "::ffff:127.0.0.1".parse().expect("ip");
        assert!(key(&[]).allows_ip(Some(local)));
        assert!(key(&["127.0.0.1"]).allows_ip(Some(local)));
        assert!(key(&["127.0.0.0/8"]).allows_ip(Some(mapped)));
        assert!(!key(&["203.0.113.0/24"]).allows_ip(Some(local)));
        assert!(!key(&["127.0.0.1"]).allows_ip(None));
        assert_eq!(key(&["10.1.2.3/8"]).allowlist, vec!["10.0.0.0/8"]);
        assert!(validate_allowlist(vec!["nope".into()]).is_err());
    }
}
