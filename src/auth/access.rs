//! What an operation requires and what it does: who may call it (public, a
//! session holding a permission, or a key scope that a session's role must
//! hold too), whether it takes an Idempotency-Key, and whether it moves money
//! or acts for a payer.
//!
//! Access is declared with the operation and nowhere else: each area of
//! `src/http/` lists its handlers with their [`Rule`] in `operations!`
//! (`create: scope("refunds:write").ik_required()`), where the handler's
//! `#[utoipa::path]` gives the method and the path once. The router, the
//! gate, the OpenAPI document and the tests all read that one list
//! (`http::operations`). An operation that moves money or acts for a payer
//! can only be declared with a scope: [`Rule::moving_money`],
//! [`Rule::ik_required`] and [`Rule::acting_for_payer`] refuse anything else
//! at compile time (the rule is a constant), so no operation can move money
//! under "any key" or no scope at all (issue 44: three routes did).
//!
//! The 116 operations of the spec (`schema/operations.tsv`, a copy of
//! `shared/spec/operations.tsv`) are all served, with the spec's scopes; the
//! spec's "none declared" rows get the scope [`DECLARED_HERE`] names (decision
//! 289); the additions this gateway documents (`docs/decisions.md`) are marked
//! `.added()`. Tests check the served list against the spec file
//! (`http::operations::tests`).

/// Who may call an operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// No key: `GET /status`, `POST /resolve`, ...
    Public,
    /// A logged-in team member's session whose role holds this permission
    /// (one of `roles`' session-only permissions), never an API key (spec
    /// section 5 rule 4).
    Session(&'static str),
    /// A key holding this scope (`sk_` keys hold every scope), or a session
    /// whose role holds it.
    Scope(&'static str),
    /// A logged-in member's session whose role holds this key scope, never a
    /// key: an operator's decision that records who decided and on what
    /// evidence (the review of parked money, issue 47).
    Member(&'static str),
}

impl Access {
    /// The scope or permission a caller must hold; `None` for a public operation.
    pub const fn permission(self) -> Option<&'static str> {
        match self {
            Access::Public => None,
            Access::Session(permission)
            | Access::Scope(permission)
            | Access::Member(permission) => Some(permission),
        }
    }
}

/// Whether the Idempotency-Key header is required; every POST accepts one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ik {
    Required,
    Optional,
}

/// What an operation does with money, beyond reading and writing records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Moves no money.
    None,
    /// Moves money (or reserves it): halted while the guardian is engaged.
    MovesMoney,
    /// Acts for a payer (registers a payer's device, settles what a payer's
    /// device promised): needs a scope like money, but is not halted at the
    /// gate, because its domain refuses each promise itself under a halt
    /// (origin behaviour section 9).
    ActsForPayer,
}

/// What an operation requires and does: declared beside its handler in its
/// area's `operations!`, built with [`public`], [`session`] or [`scope`] and
/// the setters below.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    pub access: Access,
    pub idempotency: Ik,
    pub effect: Effect,
    /// A `pk_` key may call it for one payment intent with that intent's client secret.
    pub client_secret: bool,
    /// A `pk_` key may call it (spec section 5: publishable keys start payments, never read data).
    pub publishable: bool,
    /// A read of one payment intent that its client secret alone, with no
    /// key at all, may make (origin section 1: "GET one: owner key or client
    /// secret"): the payer's device reads the intent it pays.
    pub secret_reads: bool,
    /// Not in the spec: an addition documented in `docs/decisions.md`.
    pub added: bool,
    /// A replay of the Idempotency-Key answers 200 rather than the stored
    /// 201 (the national switch's IDM-001; others replay as made, decision 16).
    pub replays_ok: bool,
}

/// A served operation: the method and path template (without `/v1` or
/// `/api/v1`) its handler's `#[utoipa::path]` declares, and its [`Rule`].
#[derive(Debug, Clone)]
pub struct Operation {
    pub method: &'static str,
    pub path: String,
    pub rule: Rule,
}

impl std::ops::Deref for Operation {
    type Target = Rule;

    fn deref(&self) -> &Rule {
        &self.rule
    }
}

#[cfg(test)]
use super::roles;
#[cfg(test)]
use Access::{Scope, Session};

/// The spec's "none declared" operations and the access this gateway
/// declares for them (decision 289): "none declared" names no scope, and
/// grants nothing. Checked against the spec file by the tests below.
#[cfg(test)]
pub const DECLARED_HERE: &[(&str, &str, Access)] = &[
    ("POST", "/api_keys", Session(roles::API_KEYS_MANAGE)),
    (
        "POST",
        "/api_keys/{id}/rotate",
        Session(roles::API_KEYS_MANAGE),
    ),
    ("POST", "/offline/devices", Scope("offline:write")),
    ("POST", "/offline/nonces", Scope("offline:write")),
    ("POST", "/offline/sync", Scope("offline:write")),
    ("GET", "/offline/promises", Scope("offline:read")),
    ("POST", "/diaspora/quotes", Scope("diaspora:write")),
    ("POST", "/diaspora/quotes/{id}/pay", Scope("diaspora:write")),
];

/// A rule with an optional Idempotency-Key that moves no money; the setters
/// below add the other facts.
const fn rule(access: Access) -> Rule {
    Rule {
        access,
        idempotency: Ik::Optional,
        effect: Effect::None,
        client_secret: false,
        publishable: false,
        secret_reads: false,
        added: false,
        replays_ok: false,
    }
}

/// Anyone may call it, with no key: `GET /status`, `POST /resolve`, ...
pub const fn public() -> Rule {
    rule(Access::Public)
}

/// A logged-in member's session whose role holds `permission`; never a key.
pub const fn session(permission: &'static str) -> Rule {
    rule(Access::Session(permission))
}

/// A key holding `scope` (`sk_` keys hold every scope), or a session whose
/// role holds it.
pub const fn scope(scope: &'static str) -> Rule {
    rule(Access::Scope(scope))
}

/// A member's session whose role holds the key scope `scope`; never a key.
pub const fn member(scope: &'static str) -> Rule {
    rule(Access::Member(scope))
}

/// The setters of an [`Rule`]'s flags: `setter => field` makes
/// `const fn setter(self) -> Rule` that sets `field`.
macro_rules! flag_setters {
    ($($(#[$doc:meta])* $setter:ident => $field:ident,)*) => {$(
        $(#[$doc])*
        pub const fn $setter(mut self) -> Rule {
            self.$field = true;
            self
        }
    )*};
}

impl Rule {
    /// The Idempotency-Key is required: such an operation moves money.
    pub const fn ik_required(mut self) -> Rule {
        self.idempotency = Ik::Required;
        self.with_effect(Effect::MovesMoney)
    }

    /// Moves money without requiring an Idempotency-Key: halted while the guardian is engaged.
    pub const fn moving_money(self) -> Rule {
        self.with_effect(Effect::MovesMoney)
    }

    /// Acts for a payer; see [`Effect::ActsForPayer`].
    pub const fn acting_for_payer(self) -> Rule {
        self.with_effect(Effect::ActsForPayer)
    }

    /// Sets the effect of an operation that must be scoped. The table is a
    /// constant, so an entry that moves money without a scope (or with a
    /// session permission, which no key or role scope table knows) fails
    /// the build rather than a review.
    const fn with_effect(mut self, effect: Effect) -> Rule {
        assert!(
            matches!(self.access, Access::Scope(_) | Access::Member(_)),
            "an operation that moves money or acts for a payer needs a key scope (which is also the role permission)"
        );
        self.effect = effect;
        self
    }

    /// Halted at the gate while the guardian is engaged.
    pub fn halted_by_guardian(&self) -> bool {
        self.effect == Effect::MovesMoney
    }

    /// Moves money or acts for a payer.
    pub fn touches_money(&self) -> bool {
        self.effect != Effect::None
    }

    flag_setters! {
        publishable => publishable,
        with_client_secret => client_secret,
        readable_with_client_secret => secret_reads,
        added => added,
        replays_ok => replays_ok,
    }
}
