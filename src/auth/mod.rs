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
