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
    /// Whose data and money the request touches: the connected account when
    /// acting for one, else the key's organisation (spec section 1 rule 4).
    pub fn owner(&self) -> &str {
        self.account.as_deref().unwrap_or(&self.org)
    }

    pub fn livemode(&self) -> bool {
        self.mode.livemode()
    }
}
