//! The declarative route table: for every operation, who may call it (public,
//! a session holding a permission, or a key scope that a session's role must
//! hold too), whether it takes an Idempotency-Key, and whether it moves money
//! or acts for a payer.
//!
//! Access is declared here, with the operation, and nowhere else: the gate
//! reads the scope or permission of the operation it admits, and a role's
//! permission for a scoped operation is that scope (`auth/roles.rs`). An
//! operation that moves money or acts for a payer can only be declared with
//! a scope: [`Operation::moving_money`], [`Operation::ik_required`] and
//! [`Operation::acting_for_payer`] refuse anything else at compile time, so
//! no table entry can move money under "any key" or no scope at all
//! (issue 44: three routes did).
//!
//! The 116 operations of the spec (`schema/operations.tsv`, a copy of
//! `shared/spec/operations.tsv`) are all listed, with the spec's scopes; the
//! spec's "none declared" rows get the scope [`DECLARED_HERE`] names (decision
//! 289); the additions this gateway documents (`docs/decisions.md`) are marked
//! `.added()`. [`OPERATIONS`] follows the areas of `src/http/` (each area
//! declares its served operations with `operations!` beside its handlers);
//! [`NOT_SERVED`] holds the spec's operations without a handler yet. The
//! request gate looks every request up here, so a served route without an
//! entry cannot be reached; tests check the table against the spec file and
//! the router (`http::tests`).

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
}

impl Access {
    /// The scope or permission a caller must hold; `None` for a public operation.
    pub const fn permission(self) -> Option<&'static str> {
        match self {
            Access::Public => None,
            Access::Session(permission) | Access::Scope(permission) => Some(permission),
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

#[derive(Debug, Clone, Copy)]
pub struct Operation {
    pub method: &'static str,
    /// Path template without the `/v1` or `/api/v1` prefix.
    pub path: &'static str,
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

use super::roles;
use Access::{Public, Scope, Session};

/// The spec's "none declared" operations and the access this gateway
/// declares for them (decision 289): "none declared" names no scope, and
/// grants nothing. Checked against the spec file by the tests below.
#[cfg(test)]
pub const DECLARED_HERE: &[(&str, &str, Access)] = &[
    ("POST", "/api_keys", Session(super::roles::API_KEYS_MANAGE)),
    (
        "POST",
        "/api_keys/{id}/rotate",
        Session(super::roles::API_KEYS_MANAGE),
    ),
    ("POST", "/offline/devices", Scope("offline:write")),
    ("POST", "/offline/nonces", Scope("offline:write")),
    ("POST", "/offline/sync", Scope("offline:write")),
    ("GET", "/offline/promises", Scope("offline:read")),
    ("POST", "/diaspora/quotes", Scope("diaspora:write")),
    ("POST", "/diaspora/quotes/{id}/pay", Scope("diaspora:write")),
];

/// An operation of the spec with an optional Idempotency-Key that moves no money;
/// the methods below set the other facts.
const fn op(method: &'static str, path: &'static str, access: Access) -> Operation {
    Operation {
        method,
        path,
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

/// The setters of an [`Operation`]'s flags: `setter => field` makes
/// `const fn setter(self) -> Operation` that sets `field`.
macro_rules! flag_setters {
    ($($(#[$doc:meta])* $setter:ident => $field:ident,)*) => {$(
        $(#[$doc])*
        const fn $setter(mut self) -> Operation {
            self.$field = true;
            self
        }
    )*};
}

impl Operation {
    /// The Idempotency-Key is required: such an operation moves money.
    const fn ik_required(mut self) -> Operation {
        self.idempotency = Ik::Required;
        self.with_effect(Effect::MovesMoney)
    }

    /// Moves money without requiring an Idempotency-Key: halted while the guardian is engaged.
    const fn moving_money(self) -> Operation {
        self.with_effect(Effect::MovesMoney)
    }

    /// Acts for a payer; see [`Effect::ActsForPayer`].
    const fn acting_for_payer(self) -> Operation {
        self.with_effect(Effect::ActsForPayer)
    }

    /// Sets the effect of an operation that must be scoped. The table is a
    /// constant, so an entry that moves money without a scope (or with a
    /// session permission, which no key or role scope table knows) fails
    /// the build rather than a review.
    const fn with_effect(mut self, effect: Effect) -> Operation {
        assert!(
            matches!(self.access, Access::Scope(_)),
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

/// The served operations, area by area in the order `http::operations` routes
/// them (a comment names the area file).
// One line per operation, so the table reads as a table.
#[rustfmt::skip]
pub const OPERATIONS: &[Operation] = &[
    // src/http/system.rs
    op("GET", "/status", Public),
    op("GET", "/sandbox", Public),
    op("GET", "/openapi.json", Public).added(),
    // src/http/balance.rs
    op("GET", "/balance", Scope("balance:read")),
    op("GET", "/transactions/{id}", Scope("balance:read")),
    // src/http/events.rs
    op("GET", "/events", Scope("events:read")),
    op("GET", "/webhook_events/types", Public),
    // src/http/webhooks.rs
    op("POST", "/events/{id}/replay", Scope("webhooks:manage")),
    op("POST", "/webhook_endpoints", Scope("webhooks:manage")),
    op("GET", "/webhook_endpoints", Scope("webhooks:manage")).added(),
    op("GET", "/webhook_endpoints/{id}", Scope("webhooks:manage")).added(),
    op("PATCH", "/webhook_endpoints/{id}", Scope("webhooks:manage")).added(),
    op("DELETE", "/webhook_endpoints/{id}", Scope("webhooks:manage")).added(),
    op("GET", "/webhook_endpoints/{id}/deliveries", Scope("webhooks:manage")),
    op("POST", "/webhook_deliveries/{id}/replay", Scope("webhooks:manage")),
    // src/http/signing_keys.rs
    op("GET", "/keys", Public),
    // src/http/intents.rs
    op("POST", "/payment_intents", Scope("payment_intents:write")).ik_required().publishable(),
    op("GET", "/payment_intents", Scope("payment_intents:read")),
    op("GET", "/payment_intents/{id}", Scope("payment_intents:read")).publishable().with_client_secret().readable_with_client_secret(),
    op("GET", "/payment_intents/{id}/timeline", Scope("payment_intents:read")),
    op("GET", "/payment_intents/{id}/methods", Scope("payment_intents:read")).publishable().with_client_secret().readable_with_client_secret(),
    op("GET", "/payment_intents/{id}/refundable", Scope("refunds:read")),
    op("POST", "/payment_intents/{id}/confirm", Scope("payment_intents:write")).moving_money().publishable().with_client_secret().added(),
    op("POST", "/payment_intents/{id}/capture", Scope("payment_intents:write")).ik_required(),
    op("POST", "/payment_intents/{id}/cancel", Scope("payment_intents:write")).moving_money(),
    op("POST", "/payment_intents/{id}/review", Scope("payment_intents:write")).moving_money().added(),
    op("POST", "/payment_intents/{id}/late_payments/{late_payment}/refund", Scope("refunds:write")).ik_required().moving_money().added(),
    op("POST", "/payment_intents/{id}/late_payments/{late_payment}/release", Scope("payment_intents:write")).ik_required().moving_money().added(),
    op("POST", "/sandbox/bank_credits", Scope("payment_intents:write")).ik_required().added(),
    // src/http/refunds.rs
    op("GET", "/payment_intents/{id}/splits", Scope("payment_intents:read")),
    op("GET", "/payment_intents/{id}/split_refunds", Scope("payment_intents:read")),
    op("POST", "/payment_intents/{id}/split_refunds/retry", Scope("payment_intents:write")).moving_money(),
    op("POST", "/refunds", Scope("refunds:write")).ik_required(),
    op("GET", "/refunds", Scope("refunds:read")),
    op("GET", "/refunds/{id}", Scope("refunds:read")),
    op("POST", "/refunds/{id}/reject", Scope("refunds:write")).moving_money(),
    op("POST", "/refunds/{id}/approve", Scope("refunds:write")).moving_money().added(),
    // src/http/checkout.rs
    op("POST", "/checkout_sessions", Scope("checkout_sessions:write")).ik_required(),
    op("GET", "/checkout_sessions", Scope("payment_intents:read")),
    op("GET", "/checkout_sessions/{id}", Scope("payment_intents:read")),
    op("POST", "/checkout_sessions/{id}/expire", Scope("checkout_sessions:write")),
    op("POST", "/payment_links", Scope("payment_links:write")).ik_required(),
    op("GET", "/payment_links", Scope("payment_links:write")),
    op("POST", "/payment_links/{id}/deactivate", Scope("payment_links:write")),
    // src/http/test_clocks.rs
    op("POST", "/test_clocks", Scope("test_clocks:write")).added(),
    op("GET", "/test_clocks", Scope("test_clocks:read")).added(),
    op("GET", "/test_clocks/{id}", Scope("test_clocks:read")).added(),
    op("DELETE", "/test_clocks/{id}", Scope("test_clocks:write")).added(),
    op("POST", "/test_clocks/{id}/advance", Scope("test_clocks:write")).added(),
    op("POST", "/test_clocks/{id}/attach", Scope("test_clocks:write")).added(),
    op("POST", "/test_clocks/{id}/detach", Scope("test_clocks:write")).added(),
    // src/http/money_requests.rs
    op("POST", "/money_requests", Scope("payment_intents:write")).ik_required(),
    op("GET", "/money_requests/{code}", Scope("payment_intents:read")),
    op("POST", "/money_requests/{code}/cancel", Scope("payment_intents:write")),
    // src/http/disputes.rs
    op("POST", "/disputes", Scope("disputes:write")).moving_money(),
    op("GET", "/disputes", Scope("disputes:read")),
    op("GET", "/disputes/{id}", Scope("disputes:read")).added(),
    op("POST", "/disputes/{id}/respond", Scope("disputes:write")),
    // src/http/verifications.rs
    // A verification past the free quota takes a fee from the balance.
    op("POST", "/verifications", Scope("verifications:write")).moving_money(),
    op("GET", "/verifications/quota", Scope("verifications:write")),
    op("GET", "/payment_resolution", Scope("verifications:write")),
    // src/http/team/sessions.rs
    op("POST", "/sessions", Public).added(),
    op("GET", "/sessions/current", Session(roles::SELF)).added(),
    op("DELETE", "/sessions/current", Session(roles::SELF)).added(),
    // src/http/team/api_keys.rs
    op("GET", "/api_keys", Session(roles::API_KEYS_MANAGE)),
    op("POST", "/api_keys", Session(roles::API_KEYS_MANAGE)),
    op("POST", "/api_keys/{id}/rotate", Session(roles::API_KEYS_MANAGE)),
    op("POST", "/api_keys/{id}/revoke", Session(roles::API_KEYS_MANAGE)).added(),
    // src/http/team/members.rs
    op("GET", "/team/members", Session(roles::TEAM_MANAGE)).added(),
    op("POST", "/team/members", Session(roles::TEAM_MANAGE)).added(),
    op("PATCH", "/team/members/{id}", Session(roles::TEAM_MANAGE)).added(),
    op("POST", "/team/members/{id}/disable", Session(roles::TEAM_MANAGE)).added(),
    // src/http/team/audit_log.rs
    op("GET", "/audit_log", Session(roles::AUDIT_LOG_READ)).added(),
    // src/http/wallets.rs
    op("GET", "/wallets", Scope("wallets:read")),
    op("POST", "/transfers/quote", Scope("transfers:write")),
    op("POST", "/transfers", Scope("transfers:write")).ik_required(),
    op("GET", "/transfers", Scope("transfers:read")).added(),
    op("GET", "/transfers/{id}", Scope("transfers:read")),
    op("GET", "/transfer_limits", Scope("transfers:read")).added(),
    op("PUT", "/transfer_limits", Session(roles::TRANSFER_LIMITS_MANAGE)).added(),
    // src/http/organisations.rs
    op("POST", "/organisations", Session(roles::ORGANISATIONS_MANAGE)).added(),
    op("GET", "/organisations", Session(roles::ORGANISATIONS_MANAGE)).added(),
    op("POST", "/organisations/{id}/disable", Session(roles::ORGANISATIONS_MANAGE)).added(),
    // src/http/qr_codes.rs
    op("POST", "/locations", Scope("qr_codes:write")),
    op("GET", "/locations", Scope("qr_codes:read")).added(),
    op("GET", "/locations/{id}", Scope("qr_codes:read")).added(),
    op("POST", "/locations/{id}/terminals", Scope("qr_codes:write")),
    op("GET", "/locations/{id}/terminals", Scope("qr_codes:read")).added(),
    op("POST", "/qr_codes", Scope("qr_codes:write")),
    op("GET", "/qr_codes", Scope("qr_codes:read")),
    op("GET", "/qr_codes/analytics", Scope("qr_codes:read")),
    op("GET", "/qr_codes/{id}", Scope("qr_codes:read")).added(),
    op("POST", "/qr_codes/{id}/revoke", Scope("qr_codes:write")),
    op("POST", "/resolve", Public),
    // src/http/fx.rs
    op("POST", "/fx/quotes", Scope("transfers:write")),
    op("GET", "/fx/quotes/{id}", Scope("transfers:read")),
    op("GET", "/fx/rates", Scope("transfers:read")).added(),
    op("PUT", "/fx/rates/{pair}", Session(roles::FX_RATES_MANAGE)).added(),
    // src/http/payouts.rs
    op("POST", "/payouts", Scope("payouts:write")).ik_required(),
    op("GET", "/payouts", Scope("payouts:read")),
    op("GET", "/payouts/{id}", Scope("payouts:read")).added(),
    // src/http/payout_batches.rs
    op("GET", "/payouts/batches/columns", Scope("payouts:read")),
    op("POST", "/payouts/batches", Scope("payouts:write")).ik_required(),
    op("GET", "/payouts/batches", Scope("payouts:read")),
    op("GET", "/payouts/batches/{id}", Scope("payouts:read")),
    op("POST", "/payouts/batches/{id}/cancel", Scope("payouts:write")),
    op("POST", "/payouts/batches/{id}/approve", Scope("payouts:approve")).moving_money(),
    // src/http/settlement.rs
    op("GET", "/settlement_profiles", Scope("settlements:read")),
    op("POST", "/settlement_profiles", Scope("settlements:write")),
    op("GET", "/settlement_profiles/{id}", Scope("settlements:read")),
    op("GET", "/settlement_profiles/{id}/preview", Scope("settlements:read")),
    op("GET", "/settlement_calendar", Scope("settlements:read")),
    op("GET", "/settlement_cycles", Scope("settlements:read")),
    op("POST", "/settlement_cycles", Scope("settlements:write")).moving_money(),
    op("GET", "/settlement_cycles/{id}/statement", Scope("settlements:read")),
    op("POST", "/settlement_cycles/{id}/pay", Scope("settlements:write")).moving_money(),
    op("GET", "/settlements/{id}", Scope("settlements:read")),
    // src/http/routes.rs
    op("POST", "/routes/quote", Scope("routes:read")),
    op("POST", "/routes/payout-currencies", Scope("routes:read")),
    op("POST", "/routes", Scope("routes:write")).ik_required(),
    op("GET", "/routes", Scope("routes:read")),
    op("GET", "/routes/{id}", Scope("routes:read")),
    op("GET", "/routes/{id}/receipt", Scope("routes:read")),
    op("POST", "/routes/{id}/cancel", Scope("routes:write")).moving_money(),
    // src/http/remittances.rs
    op("GET", "/remittances/quote", Scope("remittances:read")),
    op("POST", "/remittances", Scope("remittances:write")).ik_required(),
    op("GET", "/remittances", Scope("remittances:read")),
    // src/http/accounts.rs
    op("POST", "/accounts", Scope("accounts:write")),
    op("GET", "/accounts", Scope("accounts:read")),
    op("GET", "/accounts/{id}", Scope("accounts:read")),
    op("PATCH", "/accounts/{id}", Scope("accounts:write")),
    op("POST", "/accounts/{id}/account_links", Scope("accounts:write")),
    op("POST", "/accounts/{id}/detach", Scope("accounts:write")),
    // src/http/offline.rs
    // Registering a device makes it able to promise money as a payer; the
    // sync settles promises. Neither is halted at the gate: under a guardian
    // halt each promise is REJECTED `guardian_halt` with nothing posted
    // (origin behaviour section 9).
    op("POST", "/offline/devices", Scope("offline:write")).acting_for_payer(),
    op("POST", "/offline/qr", Scope("qr_codes:write")),
    op("POST", "/offline/nonces", Scope("offline:write")),
    op("POST", "/offline/sync", Scope("offline:write")).acting_for_payer(),
    op("GET", "/offline/promises", Scope("offline:read")),
    // src/http/subscriptions.rs
    op("GET", "/plans", Scope("subscriptions:read")),
    op("POST", "/plans", Scope("subscriptions:write")),
    op("GET", "/plans/{id}", Scope("subscriptions:read")),
    op("POST", "/plans/{id}/archive", Scope("subscriptions:write")),
    op("POST", "/subscriptions", Scope("subscriptions:write")).ik_required().added(),
    op("GET", "/subscriptions", Scope("subscriptions:read")),
    op("GET", "/subscriptions/{id}", Scope("subscriptions:read")),
    op("POST", "/subscriptions/{id}/usage", Scope("subscriptions:write")),
    op("POST", "/subscriptions/{id}/cancel", Scope("subscriptions:write")),
    op("GET", "/invoices", Scope("subscriptions:read")),
    // src/http/agents.rs
    op("POST", "/ai/{agent}", Scope("ai:run")).moving_money(),
    op("GET", "/ai/runs/{id}", Scope("ai:run")),
    // src/http/credit.rs
    op("POST", "/credit_readiness/consents", Session(roles::CREDIT_CONSENTS_MANAGE)).added(),
    op("POST", "/credit_readiness/consents/{id}/revoke", Session(roles::CREDIT_CONSENTS_MANAGE)).added(),
    op("GET", "/credit_readiness/{code}", Scope("credit:read")),
    // src/http/admin.rs
    op("POST", "/admin/backup", Session(roles::BACKUPS_MANAGE)).added(),
    // src/http/diaspora.rs
    op("GET", "/diaspora/rate-cards", Public),
    op("GET", "/institutions", Public),
    op("POST", "/diaspora/quotes", Scope("diaspora:write")),
    op("POST", "/diaspora/quotes/{id}/pay", Scope("diaspora:write")).moving_money(),
    // src/http/switch.rs
    op("POST", "/payments", Scope("payments:create")).ik_required().replays_ok(),
    op("GET", "/payments/{id}", Scope("payments:read")),
    op("POST", "/payments/{id}/cancel", Scope("payments:cancel")).moving_money(),
    // src/http/rails.rs
    op("GET", "/rails", Session(roles::RAILS_READ)).added(),
    op("PUT", "/rails/{rail}", Session(roles::RAILS_MANAGE)).added(),
    op("POST", "/rails/{rail}/callback", Public).added(),
    op("POST", "/rails/{rail}/reconciliations", Scope("reconciliation:read")).added(),
];

/// Operations of the spec this gateway does not serve yet, in the spec's
/// order: the router has no route for them, so they answer `route_not_found`.
// One line per operation, so the table reads as a table.
#[rustfmt::skip]
pub const NOT_SERVED: &[Operation] = &[
];

/// The operation at `method` + `path` (a template such as `/refunds/{id}`).
pub fn find(method: &str, path: &str) -> Option<&'static Operation> {
    BY_METHOD_AND_PATH.get(&(method, path)).copied()
}

/// The table by method and path template, built once: the gate looks every
/// request up.
static BY_METHOD_AND_PATH: std::sync::LazyLock<
    std::collections::HashMap<(&'static str, &'static str), &'static Operation>,
> = std::sync::LazyLock::new(|| all().map(|o| ((o.method, o.path), o)).collect());

/// Every operation once: served, then not served yet.
pub fn all() -> impl Iterator<Item = &'static Operation> {
    OPERATIONS.iter().chain(NOT_SERVED)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec_rows() -> Vec<Vec<String>> {
        let text = include_str!("../../schema/operations.tsv");
        text.lines()
            .skip(1)
            .map(|l| l.split('\t').map(str::to_string).collect())
            .collect()
    }

    #[test]
    fn every_spec_operation_is_in_the_table_with_the_spec_scope() {
        let rows = spec_rows();
        assert_eq!(rows.len(), 116);
        for row in &rows {
            let (method, path, scope, ik) = (&row[1], &row[2], &row[3], row.get(4));
            let operation = find(method, path).unwrap_or_else(|| panic!("{method} {path} missing"));
            match scope.as_str() {
                "none" | "none (public)" => assert_eq!(operation.access, Access::Public),
                "none declared" => {
                    let declared = DECLARED_HERE
                        .iter()
                        .find(|(m, p, _)| m == method && p == path)
                        .unwrap_or_else(|| panic!("{method} {path}: none declared, none here"));
                    assert_eq!(operation.access, declared.2, "{method} {path}");
                }
                "none (session only)" => {
                    assert!(
                        matches!(operation.access, Access::Session(_)),
                        "{method} {path}"
                    )
                }
                s => assert!(
                    matches!(operation.access, Access::Scope(scope) if scope == s),
                    "{method} {path}"
                ),
            }
            let required = ik.is_some_and(|v| v == "yes");
            assert_eq!(
                operation.idempotency == Ik::Required,
                required,
                "{method} {path}"
            );
            assert!(
                !operation.added,
                "{method} {path} is in the spec, not added"
            );
        }
        // Only the payer's reads of one intent take its client secret alone.
        let secret_reads: Vec<_> = all()
            .filter(|o| o.secret_reads)
            .map(|o| (o.method, o.path))
            .collect();
        assert_eq!(
            secret_reads,
            [
                ("GET", "/payment_intents/{id}"),
                ("GET", "/payment_intents/{id}/methods")
            ]
        );
        assert!(all().all(|o| !o.secret_reads || (o.publishable && o.client_secret)));
        assert_eq!(
            DECLARED_HERE.len(),
            rows.iter().filter(|r| r[3] == "none declared").count()
        );
        let added = all().filter(|o| o.added).count();
        assert_eq!(
            all().count(),
            rows.len() + added,
            "an entry is listed twice, or an addition is not marked added()"
        );
        assert_eq!(
            BY_METHOD_AND_PATH.len(),
            all().count(),
            "an entry is listed twice"
        );
    }

    /// The spec lives beside the clone (`../shared`, as CI lays it out); a
    /// missing file fails rather than passing without comparing anything.
    #[test]
    fn the_vendored_spec_table_matches_the_shared_one() {
        let shared = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/spec/operations.tsv");
        let text = std::fs::read_to_string(shared).unwrap_or_else(|e| {
            panic!("cannot read the shared spec {shared} ({e}): check out shared/ beside the repository")
        });
        assert_eq!(
            text,
            include_str!("../../schema/operations.tsv"),
            "copy shared/spec/operations.tsv to schema/"
        );
    }

    /// Access by construction (issue 44): every operation names what a
    /// caller must hold, every scope is one keys can be given, every session
    /// permission is one some role holds, and whatever moves money or acts
    /// for a payer is scoped (the const setters make the rest unbuildable).
    #[test]
    fn every_operation_names_a_known_scope_or_permission() {
        use super::super::keys::is_known_scope;
        use super::super::roles::Role;
        for o in all() {
            match o.access {
                Access::Public => {
                    assert!(!o.touches_money(), "{} {}", o.method, o.path);
                    assert!(o.idempotency == Ik::Optional, "{} {}", o.method, o.path);
                }
                Access::Scope(scope) => {
                    assert!(is_known_scope(scope), "{} {}: {scope}", o.method, o.path)
                }
                Access::Session(permission) => {
                    assert!(
                        !is_known_scope(permission),
                        "{} {}: a key scope",
                        o.method,
                        o.path
                    );
                    assert!(
                        Role::ALL.iter().any(|r| r.allows(permission)),
                        "{} {}",
                        o.method,
                        o.path
                    );
                }
            }
            if o.touches_money() {
                assert!(
                    matches!(o.access, Access::Scope(_)),
                    "{} {}",
                    o.method,
                    o.path
                );
            }
        }
    }
}
