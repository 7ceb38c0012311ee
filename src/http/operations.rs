//! Where an operation is declared: its handler's `#[utoipa::path]` names the
//! method and the path once, and its area lists the handler with its access
//! rule in [`operations!`]. The router serves that list, the gate admits
//! requests by it ([`find`]), and the OpenAPI document describes it, so a
//! served operation is always documented, always guarded, and the three never
//! disagree on a path.

use axum::handler::Handler;
use axum::routing::{MethodFilter, MethodRouter, on};
use utoipa::openapi::OpenApi;

use super::AppState;
use crate::auth::access::{Operation, Rule};

/// One operation of an area: the method and path its `#[utoipa::path]`
/// declares with its access rule, the handler routed there, and its OpenAPI
/// description.
pub struct Served {
    pub operation: Operation,
    pub route: MethodRouter<AppState>,
    pub doc: OpenApi,
}

/// The operation `doc` describes (a document of exactly one operation), served
/// by `handler` under `rule`.
pub fn served<H, T>(doc: OpenApi, handler: H, rule: Rule) -> Served
where
    H: Handler<T, AppState>,
    T: 'static,
{
    let mut paths = doc.paths.paths.iter();
    let (Some((path, item)), None) = (paths.next(), paths.next()) else {
        panic!("an operation's document holds one path");
    };
    let methods = [
        ("GET", item.get.is_some(), MethodFilter::GET),
        ("POST", item.post.is_some(), MethodFilter::POST),
        ("PATCH", item.patch.is_some(), MethodFilter::PATCH),
        ("DELETE", item.delete.is_some(), MethodFilter::DELETE),
        ("PUT", item.put.is_some(), MethodFilter::PUT),
    ];
    let mut declared = methods.into_iter().filter(|(_, declared, _)| *declared);
    let (Some((method, _, filter)), None) = (declared.next(), declared.next()) else {
        panic!("the operation at {path} declares one method of GET, POST, PATCH, DELETE, PUT");
    };
    Served {
        operation: Operation {
            method,
            path: path.clone(),
            rule,
        },
        route: on(filter, handler),
        doc,
    }
}

/// The served operation at `method` + `path` (a template such as
/// `/refunds/{id}`).
pub fn find(method: &str, path: &str) -> Option<&'static Operation> {
    BY_METHOD_AND_PATH
        .get(&(method, path))
        .map(|&index| &ALL[index])
}

/// Every served operation once, in routing order: built once from the areas'
/// declarations, the router's own list.
#[cfg(test)]
pub fn all() -> &'static [Operation] {
    &ALL
}

static ALL: std::sync::LazyLock<Vec<Operation>> = std::sync::LazyLock::new(|| {
    super::operations()
        .into_iter()
        .map(|served| served.operation)
        .collect()
});

/// [`ALL`] by method and path template: the gate looks every request up.
static BY_METHOD_AND_PATH: std::sync::LazyLock<
    std::collections::HashMap<(&'static str, &'static str), usize>,
> = std::sync::LazyLock::new(|| {
    ALL.iter()
        .enumerate()
        .map(|(index, o)| ((o.method, o.path.as_str()), index))
        .collect()
});

/// Declares an area's operations by their handlers and access rules, in
/// routing order:
///
/// ```ignore
/// operations! {
///     create: scope("refunds:write").ik_required(),
///     retrieve: scope("refunds:read"),
/// }
/// ```
///
/// defines `pub fn operations() -> Vec<Served>`. A rule is built from
/// `public()`, `session(roles::...)`, `scope("...")` or `member("...")` (a
/// scope that only a member's session may use) and the setters of
/// [`Rule`]; it is a constant, so a rule that moves money without a scope
/// fails the build. Where two operations share a path, their order is the
/// order of the `Allow` header of a 405 answer.
///
/// A macro because only utoipa's derive can name the `#[utoipa::path]` of a
/// handler from the handler's name: each operation gets a one-path document.
macro_rules! operations {
    ($($handler:ident: $rule:expr),+ $(,)?) => {
        /// This area's operations, each at the method and path of its
        /// `#[utoipa::path]`, with its access rule.
        pub fn operations() -> Vec<$crate::http::operations::Served> {
            vec![$({
                #[derive(utoipa::OpenApi)]
                #[openapi(paths($handler))]
                struct Doc;
                const RULE: $crate::auth::access::Rule = {
                    #[allow(unused_imports)]
                    use $crate::auth::access::{member, public, scope, session};
                    #[allow(unused_imports)]
                    use $crate::auth::roles;
                    $rule
                };
                $crate::http::operations::served(<Doc as utoipa::OpenApi>::openapi(), $handler, RULE)
            }),+]
        }
    };
}
pub(crate) use operations;

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::{all, find};
    use crate::auth::access::{Access, DECLARED_HERE, Ik};

    fn spec_rows() -> Vec<Vec<String>> {
        let text = include_str!("../../schema/operations.tsv");
        text.lines()
            .skip(1)
            .map(|l| l.split('\t').map(str::to_string).collect())
            .collect()
    }

    /// Every operation is declared once: two areas declaring one method and
    /// path would route one and guard the other.
    #[test]
    fn every_operation_is_declared_once() {
        let mut served = BTreeSet::new();
        for operation in all() {
            assert!(
                served.insert((operation.method, operation.path.as_str())),
                "{} {} is declared twice",
                operation.method,
                operation.path
            );
        }
    }

    #[test]
    fn every_spec_operation_is_served_with_the_spec_scope() {
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
            .iter()
            .filter(|o| o.secret_reads)
            .map(|o| (o.method, o.path.as_str()))
            .collect();
        assert_eq!(
            secret_reads,
            [
                ("GET", "/payment_intents/{id}"),
                ("GET", "/payment_intents/{id}/methods")
            ]
        );
        assert!(
            all()
                .iter()
                .all(|o| !o.secret_reads || (o.publishable && o.client_secret))
        );
        assert_eq!(
            DECLARED_HERE.len(),
            rows.iter().filter(|r| r[3] == "none declared").count()
        );
        let added = all().iter().filter(|o| o.added).count();
        assert_eq!(
            all().len(),
            rows.len() + added,
            "an operation outside the spec is not marked added()"
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
        use crate::auth::keys::is_known_scope;
        use crate::auth::roles::Role;
        for o in all() {
            let (method, path) = (o.method, &o.path);
            match o.access {
                Access::Public => {
                    assert!(!o.touches_money(), "{method} {path}");
                    assert!(o.idempotency == Ik::Optional, "{method} {path}");
                }
                Access::Scope(scope) => {
                    assert!(is_known_scope(scope), "{method} {path}: {scope}")
                }
                Access::Member(scope) => {
                    assert!(is_known_scope(scope), "{method} {path}: {scope}");
                    assert!(Role::ALL.iter().any(|r| r.allows(scope)), "{method} {path}");
                }
                Access::Session(permission) => {
                    assert!(!is_known_scope(permission), "{method} {path}: a key scope");
                    assert!(
                        Role::ALL.iter().any(|r| r.allows(permission)),
                        "{method} {path}"
                    );
                }
            }
            if o.touches_money() {
                assert!(
                    matches!(o.access, Access::Scope(_) | Access::Member(_)),
                    "{method} {path}"
                );
            }
        }
    }

    #[test]
    fn session_operations_name_their_permission_in_the_route_table() {
        let keys = find("POST", "/api_keys").expect("op");
        assert!(crate::auth::roles::is_session_only(keys));
        assert_eq!(
            crate::auth::roles::session_permission(keys),
            Some(crate::auth::roles::API_KEYS_MANAGE)
        );
        let pay = find("POST", "/payment_intents").expect("op");
        assert_eq!(
            crate::auth::roles::session_permission(pay),
            Some("payment_intents:write")
        );
        assert!(!crate::auth::roles::is_session_only(pay));
    }
}
