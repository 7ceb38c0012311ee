//! The declarative route table: for every operation, who may call it (public,
//! any key, a session, or a key scope), whether it takes an Idempotency-Key,
//! and whether it moves money (and so stops while the guardian has halted).
//!
//! The 116 operations of the spec (`schema/operations.tsv`, a copy of
//! `shared/spec/operations.tsv`) are all listed, with the spec's scopes, and
//! the additions this gateway documents (`docs/decisions.md`) are marked
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
    /// Any valid API key of the organisation, whatever its scopes ("none declared").
    AnyKey,
    /// A logged-in team member's session, never an API key (spec section 5 rule 4).
    Session,
    /// A key holding this scope (`sk_` keys hold every scope).
    Scope(&'static str),
}

/// Whether the Idempotency-Key header is required; every POST accepts one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ik {
    Required,
    Optional,
}

#[derive(Debug, Clone, Copy)]
pub struct Operation {
    pub method: &'static str,
    /// Path template without the `/v1` or `/api/v1` prefix.
    pub path: &'static str,
    pub access: Access,
    pub idempotency: Ik,
    /// A `pk_` key may call it for one payment intent with that intent's client secret.
    pub client_secret: bool,
    /// Halted while the guardian is engaged.
    pub moves_money: bool,
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

use Access::{AnyKey, Public, Scope, Session};

/// An operation of the spec with an optional Idempotency-Key that moves no money;
/// the methods below set the other facts.
const fn op(method: &'static str, path: &'static str, access: Access) -> Operation {
    Operation {
        method,
        path,
        access,
        idempotency: Ik::Optional,
        client_secret: false,
        moves_money: false,
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
        self.moves_money = true;
        self
    }

    flag_setters! {
        /// Moves money without requiring an Idempotency-Key: halted while the guardian is engaged.
        moving_money => moves_money,
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
    op("GET", "/sessions/current", Session).added(),
    op("DELETE", "/sessions/current", Session).added(),
    // src/http/team/api_keys.rs
    op("GET", "/api_keys", Session),
    op("POST", "/api_keys", AnyKey),
    op("POST", "/api_keys/{id}/rotate", AnyKey),
    op("POST", "/api_keys/{id}/revoke", Session).added(),
    // src/http/team/members.rs
    op("GET", "/team/members", Session).added(),
    op("POST", "/team/members", Session).added(),
    op("PATCH", "/team/members/{id}", Session).added(),
    op("POST", "/team/members/{id}/disable", Session).added(),
    // src/http/team/audit_log.rs
    op("GET", "/audit_log", Session).added(),
    // src/http/wallets.rs
    op("GET", "/wallets", Scope("wallets:read")),
    op("POST", "/transfers/quote", Scope("transfers:write")),
    op("POST", "/transfers", Scope("transfers:write")).ik_required(),
    op("GET", "/transfers", Scope("transfers:read")).added(),
    op("GET", "/transfers/{id}", Scope("transfers:read")),
    op("GET", "/transfer_limits", Scope("transfers:read")).added(),
    op("PUT", "/transfer_limits", Session).added(),
    // src/http/organisations.rs
    op("POST", "/organisations", Session).added(),
    op("GET", "/organisations", Session).added(),
    op("POST", "/organisations/{id}/disable", Session).added(),
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
    op("PUT", "/fx/rates/{pair}", Session).added(),
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
    // The sync is not halted at the gate: under a guardian halt each promise
    // is REJECTED `guardian_halt` with nothing posted (origin behaviour section 9).
    op("POST", "/offline/devices", AnyKey),
    op("POST", "/offline/qr", Scope("qr_codes:write")),
    op("POST", "/offline/nonces", AnyKey),
    op("POST", "/offline/sync", AnyKey),
    op("GET", "/offline/promises", AnyKey),
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
    op("POST", "/credit_readiness/consents", Session).added(),
    op("POST", "/credit_readiness/consents/{id}/revoke", Session).added(),
    op("GET", "/credit_readiness/{code}", Scope("credit:read")),
    // src/http/admin.rs
    op("POST", "/admin/backup", Session).added(),
    // src/http/diaspora.rs
    op("GET", "/diaspora/rate-cards", Public),
    op("GET", "/institutions", Public),
    op("POST", "/diaspora/quotes", AnyKey),
    op("POST", "/diaspora/quotes/{id}/pay", AnyKey).moving_money(),
    // src/http/switch.rs
    op("POST", "/payments", Scope("payments:create")).ik_required().replays_ok(),
    op("GET", "/payments/{id}", Scope("payments:read")),
    op("POST", "/payments/{id}/cancel", Scope("payments:cancel")).moving_money(),
    // src/http/rails.rs
    op("GET", "/rails", Session).added(),
    op("PUT", "/rails/{rail}", Session).added(),
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
            let want = match scope.as_str() {
                "none" | "none (public)" => Access::Public,
                "none declared" => Access::AnyKey,
                "none (session only)" => Access::Session,
                s => Access::Scope(Box::leak(s.to_string().into_boxed_str())),
            };
            assert_eq!(operation.access, want, "{method} {path}");
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
}
