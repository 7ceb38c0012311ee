//! The declarative route table: for every operation, who may call it (public,
//! any key, a session, or a key scope), whether it takes an Idempotency-Key,
//! and whether it moves money (and so stops while the guardian has halted).
//!
//! The 116 operations of the spec (`schema/operations.tsv`, a copy of
//! `shared/spec/operations.tsv`) are all listed, with the spec's scopes; the
//! additions this gateway documents follow them. The request gate looks every
//! request up here, so a mounted route without an entry cannot be reached, and
//! tests check the table against the spec file and the router.

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
}

const fn op(
    method: &'static str,
    path: &'static str,
    access: Access,
    idempotency: Ik,
) -> Operation {
    Operation {
        method,
        path,
        access,
        idempotency,
        client_secret: false,
        moves_money: matches!(idempotency, Ik::Required),
        publishable: false,
    }
}

const fn publishable(mut operation: Operation) -> Operation {
    operation.publishable = true;
    operation
}

const fn with_client_secret(mut operation: Operation) -> Operation {
    operation.client_secret = true;
    operation
}

const fn moving_money(mut operation: Operation) -> Operation {
    operation.moves_money = true;
    operation
}

/// Operations of the spec, in its order (section 4).
pub const SPEC_OPERATIONS: &[Operation] = &[
    op(
        "POST",
        "/payment_intents",
        Access::Scope("payment_intents:write"),
        Ik::Required,
    ),
    op(
        "GET",
        "/payment_intents",
        Access::Scope("payment_intents:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/payment_intents/{id}",
        Access::Scope("payment_intents:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/payment_intents/{id}/timeline",
        Access::Scope("payment_intents:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/payment_intents/{id}/cancel",
        Access::Scope("payment_intents:write"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/payment_intents/{id}/methods",
        Access::Scope("payment_intents:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/payment_intents/{id}/refundable",
        Access::Scope("refunds:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/payment_intents/{id}/splits",
        Access::Scope("payment_intents:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/payment_intents/{id}/capture",
        Access::Scope("payment_intents:write"),
        Ik::Required,
    ),
    op(
        "GET",
        "/payment_intents/{id}/split_refunds",
        Access::Scope("payment_intents:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/payment_intents/{id}/split_refunds/retry",
        Access::Scope("payment_intents:write"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/checkout_sessions",
        Access::Scope("checkout_sessions:write"),
        Ik::Required,
    ),
    op(
        "GET",
        "/checkout_sessions",
        Access::Scope("payment_intents:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/checkout_sessions/{id}",
        Access::Scope("payment_intents:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/checkout_sessions/{id}/expire",
        Access::Scope("checkout_sessions:write"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/payment_links",
        Access::Scope("payment_links:write"),
        Ik::Required,
    ),
    op(
        "GET",
        "/payment_links",
        Access::Scope("payment_links:write"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/payment_links/{id}/deactivate",
        Access::Scope("payment_links:write"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/qr_codes",
        Access::Scope("qr_codes:write"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/qr_codes",
        Access::Scope("qr_codes:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/qr_codes/analytics",
        Access::Scope("qr_codes:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/qr_codes/{id}/revoke",
        Access::Scope("qr_codes:write"),
        Ik::Optional,
    ),
    op("POST", "/resolve", Access::Public, Ik::Optional),
    op("GET", "/keys", Access::Public, Ik::Optional),
    op(
        "POST",
        "/locations",
        Access::Scope("qr_codes:write"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/locations/{id}/terminals",
        Access::Scope("qr_codes:write"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/refunds",
        Access::Scope("refunds:write"),
        Ik::Required,
    ),
    op(
        "GET",
        "/refunds",
        Access::Scope("refunds:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/refunds/{id}",
        Access::Scope("refunds:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/refunds/{id}/reject",
        Access::Scope("refunds:write"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/verifications",
        Access::Scope("verifications:write"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/verifications/quota",
        Access::Scope("verifications:write"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/payment_resolution",
        Access::Scope("verifications:write"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/wallets",
        Access::Scope("wallets:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/transfers/quote",
        Access::Scope("transfers:write"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/transfers",
        Access::Scope("transfers:write"),
        Ik::Required,
    ),
    op(
        "GET",
        "/transfers/{id}",
        Access::Scope("transfers:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/fx/quotes",
        Access::Scope("transfers:write"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/fx/quotes/{id}",
        Access::Scope("transfers:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/routes/quote",
        Access::Scope("routes:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/routes/payout-currencies",
        Access::Scope("routes:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/routes",
        Access::Scope("routes:write"),
        Ik::Required,
    ),
    op("GET", "/routes", Access::Scope("routes:read"), Ik::Optional),
    op(
        "GET",
        "/routes/{id}",
        Access::Scope("routes:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/routes/{id}/receipt",
        Access::Scope("routes:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/routes/{id}/cancel",
        Access::Scope("routes:write"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/remittances/quote",
        Access::Scope("remittances:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/remittances",
        Access::Scope("remittances:write"),
        Ik::Required,
    ),
    op(
        "GET",
        "/remittances",
        Access::Scope("remittances:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/payouts",
        Access::Scope("payouts:write"),
        Ik::Required,
    ),
    op(
        "GET",
        "/payouts",
        Access::Scope("payouts:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/payouts/batches/columns",
        Access::Scope("payouts:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/payouts/batches",
        Access::Scope("payouts:write"),
        Ik::Required,
    ),
    op(
        "GET",
        "/payouts/batches",
        Access::Scope("payouts:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/payouts/batches/{id}",
        Access::Scope("payouts:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/payouts/batches/{id}/approve",
        Access::Scope("payouts:approve"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/payouts/batches/{id}/cancel",
        Access::Scope("payouts:write"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/balance",
        Access::Scope("balance:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/transactions/{id}",
        Access::Scope("balance:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/settlement_profiles",
        Access::Scope("settlements:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/settlement_profiles",
        Access::Scope("settlements:write"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/settlement_profiles/{id}",
        Access::Scope("settlements:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/settlement_profiles/{id}/preview",
        Access::Scope("settlements:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/settlement_calendar",
        Access::Scope("settlements:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/settlement_cycles",
        Access::Scope("settlements:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/settlement_cycles",
        Access::Scope("settlements:write"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/settlement_cycles/{id}/statement",
        Access::Scope("settlements:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/settlement_cycles/{id}/pay",
        Access::Scope("settlements:write"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/settlements/{id}",
        Access::Scope("settlements:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/disputes",
        Access::Scope("disputes:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/disputes",
        Access::Scope("disputes:write"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/disputes/{id}/respond",
        Access::Scope("disputes:write"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/webhook_endpoints",
        Access::Scope("webhooks:manage"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/webhook_endpoints/{id}/deliveries",
        Access::Scope("webhooks:manage"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/webhook_deliveries/{id}/replay",
        Access::Scope("webhooks:manage"),
        Ik::Optional,
    ),
    op("GET", "/events", Access::Scope("events:read"), Ik::Optional),
    op(
        "POST",
        "/events/{id}/replay",
        Access::Scope("webhooks:manage"),
        Ik::Optional,
    ),
    op("GET", "/webhook_events/types", Access::Public, Ik::Optional),
    op("GET", "/api_keys", Access::Session, Ik::Optional),
    op("POST", "/api_keys", Access::AnyKey, Ik::Optional),
    op(
        "POST",
        "/api_keys/{id}/rotate",
        Access::AnyKey,
        Ik::Optional,
    ),
    op("GET", "/sandbox", Access::Public, Ik::Optional),
    op("GET", "/status", Access::Public, Ik::Optional),
    op("POST", "/offline/devices", Access::AnyKey, Ik::Optional),
    op(
        "POST",
        "/offline/qr",
        Access::Scope("qr_codes:write"),
        Ik::Optional,
    ),
    op("POST", "/offline/nonces", Access::AnyKey, Ik::Optional),
    op("POST", "/offline/sync", Access::AnyKey, Ik::Optional),
    op("GET", "/offline/promises", Access::AnyKey, Ik::Optional),
    op("GET", "/diaspora/rate-cards", Access::Public, Ik::Optional),
    op("GET", "/institutions", Access::Public, Ik::Optional),
    op("POST", "/diaspora/quotes", Access::AnyKey, Ik::Optional),
    op(
        "POST",
        "/diaspora/quotes/{id}/pay",
        Access::AnyKey,
        Ik::Optional,
    ),
    op(
        "POST",
        "/payments",
        Access::Scope("payments:create"),
        Ik::Required,
    ),
    op(
        "GET",
        "/payments/{id}",
        Access::Scope("payments:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/payments/{id}/cancel",
        Access::Scope("payments:cancel"),
        Ik::Optional,
    ),
    op("POST", "/ai/{agent}", Access::Scope("ai:run"), Ik::Optional),
    op(
        "GET",
        "/ai/runs/{id}",
        Access::Scope("ai:run"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/plans",
        Access::Scope("subscriptions:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/plans",
        Access::Scope("subscriptions:write"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/plans/{id}",
        Access::Scope("subscriptions:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/plans/{id}/archive",
        Access::Scope("subscriptions:write"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/subscriptions",
        Access::Scope("subscriptions:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/subscriptions/{id}",
        Access::Scope("subscriptions:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/subscriptions/{id}/usage",
        Access::Scope("subscriptions:write"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/subscriptions/{id}/cancel",
        Access::Scope("subscriptions:write"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/invoices",
        Access::Scope("subscriptions:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/credit_readiness/{code}",
        Access::Scope("credit:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/money_requests",
        Access::Scope("payment_intents:write"),
        Ik::Required,
    ),
    op(
        "GET",
        "/money_requests/{code}",
        Access::Scope("payment_intents:read"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/money_requests/{code}/cancel",
        Access::Scope("payment_intents:write"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/accounts",
        Access::Scope("accounts:write"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/accounts",
        Access::Scope("accounts:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/accounts/{id}",
        Access::Scope("accounts:read"),
        Ik::Optional,
    ),
    op(
        "PATCH",
        "/accounts/{id}",
        Access::Scope("accounts:write"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/accounts/{id}/account_links",
        Access::Scope("accounts:write"),
        Ik::Optional,
    ),
    op(
        "POST",
        "/accounts/{id}/detach",
        Access::Scope("accounts:write"),
        Ik::Optional,
    ),
];

/// Operations this gateway adds to the spec, documented in `docs/decisions.md`.
pub const ADDED_OPERATIONS: &[Operation] = &[
    op(
        "GET",
        "/disputes/{id}",
        Access::Scope("disputes:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/qr_codes/{id}",
        Access::Scope("qr_codes:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/locations",
        Access::Scope("qr_codes:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/locations/{id}",
        Access::Scope("qr_codes:read"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/locations/{id}/terminals",
        Access::Scope("qr_codes:read"),
        Ik::Optional,
    ),
    op("GET", "/openapi.json", Access::Public, Ik::Optional),
    // Team members, sessions, key management, audit log (issue 6; docs/team.md).
    op("POST", "/sessions", Access::Public, Ik::Optional),
    op("GET", "/sessions/current", Access::Session, Ik::Optional),
    op("DELETE", "/sessions/current", Access::Session, Ik::Optional),
    op(
        "POST",
        "/api_keys/{id}/revoke",
        Access::Session,
        Ik::Optional,
    ),
    op("GET", "/team/members", Access::Session, Ik::Optional),
    op("POST", "/team/members", Access::Session, Ik::Optional),
    op("PATCH", "/team/members/{id}", Access::Session, Ik::Optional),
    op(
        "POST",
        "/team/members/{id}/disable",
        Access::Session,
        Ik::Optional,
    ),
    op("GET", "/audit_log", Access::Session, Ik::Optional),
    op(
        "GET",
        "/webhook_endpoints",
        Access::Scope("webhooks:manage"),
        Ik::Optional,
    ),
    op(
        "GET",
        "/webhook_endpoints/{id}",
        Access::Scope("webhooks:manage"),
        Ik::Optional,
    ),
    op(
        "PATCH",
        "/webhook_endpoints/{id}",
        Access::Scope("webhooks:manage"),
        Ik::Optional,
    ),
    op(
        "DELETE",
        "/webhook_endpoints/{id}",
        Access::Scope("webhooks:manage"),
        Ik::Optional,
    ),
    publishable(with_client_secret(moving_money(op(
        "POST",
        "/payment_intents/{id}/confirm",
        Access::Scope("payment_intents:write"),
        Ik::Optional,
    )))),
    moving_money(op(
        "POST",
        "/refunds/{id}/approve",
        Access::Scope("refunds:write"),
        Ik::Optional,
    )),
    moving_money(op(
        "POST",
        "/payment_intents/{id}/review",
        Access::Scope("payment_intents:write"),
        Ik::Optional,
    )),
];

/// Operations whose flags differ from what [`op`] derives: looked up before the spec table.
const OVERRIDES: &[Operation] = &[
    // A verification past the free quota takes a fee from the balance.
    moving_money(op(
        "POST",
        "/verifications",
        Access::Scope("verifications:write"),
        Ik::Optional,
    )),
    moving_money(op(
        "POST",
        "/disputes",
        Access::Scope("disputes:write"),
        Ik::Optional,
    )),
    publishable(op(
        "POST",
        "/payment_intents",
        Access::Scope("payment_intents:write"),
        Ik::Required,
    )),
    publishable(with_client_secret(op(
        "GET",
        "/payment_intents/{id}",
        Access::Scope("payment_intents:read"),
        Ik::Optional,
    ))),
    moving_money(op(
        "POST",
        "/payment_intents/{id}/cancel",
        Access::Scope("payment_intents:write"),
        Ik::Optional,
    )),
    moving_money(op(
        "POST",
        "/payment_intents/{id}/split_refunds/retry",
        Access::Scope("payment_intents:write"),
        Ik::Optional,
    )),
    moving_money(op(
        "POST",
        "/refunds/{id}/reject",
        Access::Scope("refunds:write"),
        Ik::Optional,
    )),
    moving_money(op(
        "POST",
        "/routes/{id}/cancel",
        Access::Scope("routes:write"),
        Ik::Optional,
    )),
    moving_money(op(
        "POST",
        "/payouts/batches/{id}/approve",
        Access::Scope("payouts:approve"),
        Ik::Optional,
    )),
    moving_money(op(
        "POST",
        "/settlement_cycles",
        Access::Scope("settlements:write"),
        Ik::Optional,
    )),
    moving_money(op(
        "POST",
        "/settlement_cycles/{id}/pay",
        Access::Scope("settlements:write"),
        Ik::Optional,
    )),
    moving_money(op("POST", "/offline/sync", Access::AnyKey, Ik::Optional)),
    moving_money(op(
        "POST",
        "/diaspora/quotes/{id}/pay",
        Access::AnyKey,
        Ik::Optional,
    )),
    moving_money(op(
        "POST",
        "/payments/{id}/cancel",
        Access::Scope("payments:cancel"),
        Ik::Optional,
    )),
];

/// The operation at `method` + `path` (a template such as `/refunds/{id}`).
pub fn find(method: &str, path: &str) -> Option<&'static Operation> {
    BY_METHOD_AND_PATH.get(&(method, path)).copied()
}

/// The table by method and path template, built once: the gate looks every
/// request up. An override replaces its spec entry.
static BY_METHOD_AND_PATH: std::sync::LazyLock<
    std::collections::HashMap<(&'static str, &'static str), &'static Operation>,
> = std::sync::LazyLock::new(|| {
    SPEC_OPERATIONS
        .iter()
        .chain(ADDED_OPERATIONS)
        .chain(OVERRIDES)
        .map(|o| ((o.method, o.path), o))
        .collect()
});

/// Every operation once (overrides replace their spec entry).
#[cfg(test)]
pub fn all() -> impl Iterator<Item = &'static Operation> {
    SPEC_OPERATIONS
        .iter()
        .chain(ADDED_OPERATIONS)
        .filter_map(|o| find(o.method, o.path))
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
        }
        assert_eq!(all().count(), rows.len() + ADDED_OPERATIONS.len());
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

    #[test]
    fn overrides_only_change_flags() {
        for o in OVERRIDES {
            let spec = SPEC_OPERATIONS
                .iter()
                .chain(ADDED_OPERATIONS)
                .find(|s| s.method == o.method && s.path == o.path)
                .unwrap_or_else(|| panic!("override of unknown {} {}", o.method, o.path));
            assert_eq!(spec.access, o.access);
            assert_eq!(spec.idempotency, o.idempotency);
        }
    }
}
