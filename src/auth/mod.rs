//! Who is calling: API keys, scopes, the route table, and the principal a
//! request acts as.

pub mod access;
pub mod keys;
pub mod roles;

use crate::mode::Mode;
pub use keys::KeyKind;

/// The caller of a request, after the gate authenticated it.
#[derive(Debug, Clone)]
pub struct Principal {
    pub key_id: String,
    pub kind: KeyKind,
    pub mode: Mode,
    /// The organisation that owns the key.
    pub org: String,
    /// The connected account named by `Service-Account`, when acting for one.
    pub account: Option<String>,
    /// That account's organisation (set with `account`): the merchant of
    /// record the request acts as, see [`Principal::owner`].
    pub account_org: Option<String>,
    /// Set when a `pk_` key was let through with a client secret: the handler
    /// must check it against the one object it names.
    pub client_secret: Option<String>,
    /// Set when a team member's session (not an API key) is calling.
    pub session: Option<SessionCaller>,
    /// The client's address, as the listener saw it.
    pub client_ip: Option<std::net::IpAddr>,
    /// What the caller may do beyond the operation the gate admitted it to:
    /// the key's scopes or the member's role. Rules that depend on a
    /// request's body (paying from the wallet) or on an object's kind (an
    /// event's object) ask [`Principal::may`].
    pub rights: Rights,
}

/// What a principal holds: the one answer to "may this caller use scope X".
#[derive(Debug, Clone)]
pub enum Rights {
    /// The gateway acting for a merchant: every scope.
    Every,
    /// An API key, as the gate's key cache holds it: an `sk_` every scope,
    /// an `rk_` or `pk_` the scopes it was given.
    Key(std::sync::Arc<keys::KeyRecord>),
    /// A team member's session: what the role permits.
    Role(roles::Role),
    /// A payer holding one intent's client secret: nothing beyond reading it.
    Nothing,
}

impl Rights {
    /// Whether these rights include `permission` (a key scope, or a
    /// session-only permission of `roles`).
    pub fn allow(&self, permission: &str) -> bool {
        match self {
            Rights::Every => keys::is_known_scope(permission),
            Rights::Key(key) if key.kind == KeyKind::Sk => keys::is_known_scope(permission),
            Rights::Key(key) => key.has_scope(permission),
            Rights::Role(role) => role.allows(permission),
            Rights::Nothing => false,
        }
    }
}

/// The team member behind a session principal.
#[derive(Debug, Clone)]
pub struct SessionCaller {
    pub session_id: String,
    pub member_id: String,
    pub email: String,
    pub role: roles::Role,
}

impl Principal {
    /// The gateway acting for a merchant on its own behalf (hosted pages,
    /// payment links, expiry), with the rights of a secret key, on `owner`'s
    /// data in `mode`. `actor` names who acts, for audit and logs.
    pub fn system(actor: &str, owner: &str, mode: Mode) -> Principal {
        Principal {
            key_id: actor.to_string(),
            kind: KeyKind::Sk,
            mode,
            org: owner.to_string(),
            account: None,
            account_org: None,
            client_secret: None,
            session: None,
            client_ip: None,
            rights: Rights::Every,
        }
    }

    /// Whether the caller may use `permission` (a scope such as
    /// `transfers:write`): its key's scopes, or its member's role.
    pub fn may(&self, permission: &str) -> bool {
        self.rights.allow(permission)
    }

    /// The team member an API key acts for: the one who created (or last
    /// rotated) it, from the key record the gate already read (issue 44,
    /// finding 9); `None` for a session, the CLI's keys and the gateway.
    pub fn key_creator(&self) -> Option<&str> {
        match &self.rights {
            Rights::Key(key) => key.created_by.as_deref(),
            _ => None,
        }
    }

    /// Refuses a caller without `permission` for `doing` (what the request
    /// does, as a sentence's subject): `role_denied` for a member's session,
    /// `scope_denied` for a key, the gate's answers for the same lack.
    pub fn require(&self, permission: &str, doing: &str) -> Result<(), crate::error::ApiError> {
        use crate::error::{ApiError, Code};
        if self.may(permission) {
            return Ok(());
        }
        Err(match &self.session {
            Some(session) => ApiError::new(
                Code::RoleDenied,
                format!(
                    "the {} role does not permit {permission}, which {doing} needs",
                    session.role.as_str()
                ),
            ),
            None => ApiError::new(
                Code::ScopeDenied,
                format!(
                    "this {} key lacks the scope {permission} that {doing} needs",
                    self.kind.prefix()
                ),
            ),
        })
    }

    /// Who made the request, as an idempotency record remembers it: the member
    /// behind a session (a new login of the same member may retry), else the
    /// API key. Another principal presenting the same Idempotency-Key is
    /// refused, never answered with the stored body (security review finding 1).
    pub fn idempotency_principal(&self) -> String {
        match &self.session {
            Some(session) => format!("member:{}", session.member_id),
            None => format!("key:{}", self.key_id),
        }
    }

    /// Whose data and money the request touches: the organisation of the
    /// connected account when acting for one (the customer is the merchant
    /// of record: its wallets, its settlement profiles, its objects), else
    /// the key's organisation (spec section 1 rule 4). Every ownership rule
    /// (`resource::find`, list rows, ledger accounts, idempotency records)
    /// goes through here, so every operation, present and future, honours
    /// `Service-Account`; `org` stays the key's organisation, the actor that
    /// audit logs name and whose scopes applied.
    pub fn owner(&self) -> &str {
        self.account_org.as_deref().unwrap_or(&self.org)
    }

    /// Acts for connected account `account` of organisation `account_org`.
    pub fn act_for(&mut self, account: String, account_org: String) {
        self.account = Some(account);
        self.account_org = Some(account_org);
    }

    pub fn livemode(&self) -> bool {
        self.mode.livemode()
    }
}
