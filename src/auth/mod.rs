//! Who is calling: API keys, scopes, the route table, and the principal a
//! request acts as.

pub mod keys;
pub mod roles;
pub mod routes;

use crate::ledger::Mode;
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
    /// Set when a `pk_` key was let through with a client secret: the handler
    /// must check it against the one object it names.
    pub client_secret: Option<String>,
    /// Set when a team member's session (not an API key) is calling.
    pub session: Option<SessionCaller>,
    /// The client's address, as the listener saw it.
    pub client_ip: Option<std::net::IpAddr>,
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
            account: owner.starts_with("acct_").then(|| owner.to_string()),
            client_secret: None,
            session: None,
            client_ip: None,
        }
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

    /// Whose data and money the request touches: the connected account when
    /// acting for one, else the key's organisation (spec section 1 rule 4).
    pub fn owner(&self) -> &str {
        self.account.as_deref().unwrap_or(&self.org)
    }

    pub fn livemode(&self) -> bool {
        self.mode.livemode()
    }
}
