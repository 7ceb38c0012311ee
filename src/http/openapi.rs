//! The OpenAPI 3.1 description, generated from the handlers' own types
//! (utoipa) and completed from the route table: every operation gets the
//! security it needs and its Idempotency-Key header. `schema/openapi.json` is
//! this document; a test fails when the checked-in copy is stale.

use utoipa::OpenApi;
use utoipa::openapi::path::{Operation, ParameterBuilder, ParameterIn};
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::security::{
    ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme,
};
use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};
use utoipa::openapi::{Required, ServerBuilder};

use crate::auth::access::{self, Access, Ik};
use crate::http;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "paygate",
        version = "2026-09-01",
        description = "Payment gateway and money-movement API. Amounts are integers in minor units. \
                       Errors are `{code, bp, message, param?}`; see docs/errors.md."
    ),
    components(schemas(crate::error::ErrorBody, crate::events::EventType))
)]
struct ApiDoc;

pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    // Each operation's description comes from its area (`http::operations`).
    for operation in http::operations() {
        doc.merge(operation.doc);
    }
    doc.servers = Some(vec![
        ServerBuilder::new().url("/v1").build(),
        ServerBuilder::new().url("/api/v1").build(),
    ]);
    add_security_schemes(doc.components.get_or_insert_with(Default::default));
    for (path, item) in doc.paths.paths.iter_mut() {
        let methods: [(&str, &mut Option<Operation>); 5] = [
            ("GET", &mut item.get),
            ("POST", &mut item.post),
            ("PUT", &mut item.put),
            ("PATCH", &mut item.patch),
            ("DELETE", &mut item.delete),
        ];
        for (method, slot) in methods {
            let (Some(operation), Some(route)) =
                (slot.as_mut(), crate::http::operations::find(method, path))
            else {
                continue;
            };
            document_access(operation, method, route);
            document_errors(operation, method, path, route);
        }
    }
    unique_operation_ids(&mut doc);
    doc
}

/// OpenAPI requires every `operationId` to be unique, and client generators
/// name functions and types by it. A handler's name (`create`, `list`) is
/// kept where no other operation has it; the others are named with their
/// path's resource as well (`create_payment_intents`, `list_payouts_batches`,
/// `cancel_refunds`): method and path are unique, so these are too.
fn unique_operation_ids(doc: &mut utoipa::openapi::OpenApi) {
    let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
    for item in doc.paths.paths.values() {
        for operation in operations_of(item) {
            if let Some(id) = &operation.operation_id {
                *counts.entry(id.clone()).or_default() += 1;
            }
        }
    }
    for (path, item) in doc.paths.paths.iter_mut() {
        for operation in operations_of_mut(item) {
            let Some(id) = operation.operation_id.clone() else {
                continue;
            };
            if counts.get(&id).copied().unwrap_or(0) > 1 {
                operation.operation_id = Some(with_resource(&id, path));
            }
        }
    }
}

/// `id` followed by `path`'s fixed segments (its parameters left out, and
/// a last segment that repeats `id`, as in `POST /refunds/{id}/cancel`).
fn with_resource(id: &str, path: &str) -> String {
    let mut segments: Vec<&str> = path
        .split('/')
        .filter(|s| !s.is_empty() && !s.starts_with('{'))
        .collect();
    if segments.len() > 1 && segments.last() == Some(&id) {
        segments.pop();
    }
    std::iter::once(id)
        .chain(segments)
        .collect::<Vec<_>>()
        .join("_")
}

fn operations_of(item: &utoipa::openapi::PathItem) -> impl Iterator<Item = &Operation> {
    [&item.get, &item.post, &item.put, &item.patch, &item.delete]
        .into_iter()
        .flatten()
}

fn operations_of_mut(item: &mut utoipa::openapi::PathItem) -> impl Iterator<Item = &mut Operation> {
    [
        &mut item.get,
        &mut item.post,
        &mut item.put,
        &mut item.patch,
        &mut item.delete,
    ]
    .into_iter()
    .flatten()
}

/// The credentials an operation may name: API keys, sessions and the client
/// secret in a header or the query.
fn add_security_schemes(components: &mut utoipa::openapi::Components) {
    let bearer = |description: &str| {
        SecurityScheme::Http(
            HttpBuilder::new()
                .scheme(HttpAuthScheme::Bearer)
                .description(Some(description))
                .build(),
        )
    };
    components.add_security_scheme(
        "api_key",
        bearer("An API key: sk_ (every scope), rk_ (chosen scopes), pk_ (payment_intents:write)"),
    );
    components.add_security_scheme("session", bearer("A team member's session token"));
    // The client secret is a credential of its own (decision 88), in a
    // header or the query: both are schemes, so a schema checker that strips
    // credentials strips either.
    components.add_security_scheme(
        "client_secret",
        SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
            "X-Client-Secret",
            "A payment intent's client secret, alone: reads that one intent (with a pk_ key: the intent it may confirm)",
        ))),
    );
    components.add_security_scheme(
        "client_secret_query",
        SecurityScheme::ApiKey(ApiKey::Query(ApiKeyValue::with_description(
            "client_secret",
            "The client secret as the client_secret query parameter, as X-Client-Secret",
        ))),
    );
}

/// What an operation's access rule says, in the document: its scheme and
/// scope, what it does with money (`x-paygate-effect`) and its
/// Idempotency-Key header.
fn document_access(operation: &mut Operation, method: &str, route: &access::Operation) {
    operation.security = Some(match route.access {
        Access::Public => Vec::new(),
        Access::Session(permission) | Access::Member(permission) => {
            vec![SecurityRequirement::new("session", [permission])]
        }
        Access::Scope(scope) => vec![SecurityRequirement::new("api_key", [scope])],
    });
    // What the operation does with money, for clients and for the
    // access walk over the whole table (tests/api/access.rs).
    if route.touches_money() {
        let effect = match route.effect {
            access::Effect::ActsForPayer => "acts_for_payer",
            _ => "moves_money",
        };
        operation
            .extensions
            .get_or_insert_with(Default::default)
            .insert("x-paygate-effect".to_string(), effect.into());
    }
    if route.secret_reads
        && let Some(security) = operation.security.as_mut()
    {
        for scheme in ["client_secret", "client_secret_query"] {
            security.push(SecurityRequirement::new(scheme, Vec::<String>::new()));
        }
    }
    if method != "GET" && route.access != Access::Public {
        let required = route.idempotency == Ik::Required;
        let schema = ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(1))
            .max_length(Some(crate::http::gate::IDEMPOTENCY_KEY_CHARS_MAX))
            .pattern(Some("^[!-~]+$"));
        let parameter = ParameterBuilder::new()
            .name("Idempotency-Key")
            .parameter_in(ParameterIn::Header)
            .schema(Some(schema))
            .required(if required {
                Required::True
            } else {
                Required::False
            })
            .description(Some(
                "Replays the stored response for 24 h; required on money-moving operations",
            ))
            .build();
        operation
            .parameters
            .get_or_insert_with(Vec::new)
            .push(parameter.into());
    }
}

/// Adds the error answers every operation can give, from the route table:
/// the gate's (401, 403, 400, 503) and the body's (413, 415), so a client (or a
/// schema checker) knows every status it may see.
fn document_errors(operation: &mut Operation, method: &str, path: &str, route: &access::Operation) {
    let mut errors: Vec<(&str, &str)> = vec![(
        "400",
        "Invalid input: `param` names the field (validation_error, invalid_json, ...)",
    )];
    if route.access != Access::Public {
        errors.push((
            "401",
            "No API key (unauthorized), or one that does not exist or was revoked (invalid_api_key)",
        ));
        errors.push(("403", "The key lacks the scope, or may not act for this account (scope_denied, account_not_connected, ...)"));
    }
    if path.contains('{') || route.access != Access::Public {
        errors.push((
            "404",
            "No such object (in the path or named in the body) is visible to this key (intent_not_found, refund_not_found, ...: BP-2006)",
        ));
    }
    if method != "GET" {
        errors.push(("409", "Idempotency-Key reused with another body or endpoint, or the object's state forbids the operation"));
        errors.push((
            "413",
            "The body is larger than the limit (payload_too_large)",
        ));
        errors.push(("415", "The body is not sent as application/json"));
        errors.push((
            "422",
            "The operation cannot be carried out (insufficient_funds, rail_not_configured)",
        ));
        errors.push(("503", "The ledger writer is saturated, or money movement is halted (overloaded, guardian_halt); retry with the same Idempotency-Key"));
    }
    for (status, description) in errors {
        if operation.responses.responses.contains_key(status) {
            continue;
        }
        let content = ContentBuilder::new()
            .schema(Some(RefOr::Ref(Ref::from_schema_name("ErrorBody"))))
            .build();
        let response = ResponseBuilder::new()
            .description(description)
            .content("application/json", content)
            .build();
        operation
            .responses
            .responses
            .insert(status.to_string(), RefOr::T(response));
    }
}

/// Constraints that live in tables rather than types: the currency list, the
/// event filters, the metadata bounds. Applied to every schema property of
/// that name, so request and response schemas agree with the validation code.
fn refine(doc: &mut serde_json::Value) {
    let currencies: Vec<serde_json::Value> = crate::domain::currency::CURRENCIES
        .iter()
        .map(|c| c.code.into())
        .collect();
    let mut filters: Vec<serde_json::Value> = vec!["*".into()];
    for entry in crate::events::CATALOGUE {
        let family = format!("{}.*", entry.name.split('.').next().unwrap_or_default());
        if !filters.contains(&family.clone().into()) {
            filters.push(family.into());
        }
        filters.push(entry.name.into());
    }
    // Query parameters named currency take the same list.
    if let Some(paths) = doc.pointer_mut("/paths").and_then(|p| p.as_object_mut()) {
        for item in paths.values_mut() {
            for operation in item
                .as_object_mut()
                .into_iter()
                .flat_map(|o| o.values_mut())
            {
                for parameter in operation
                    .get_mut("parameters")
                    .and_then(|p| p.as_array_mut())
                    .into_iter()
                    .flatten()
                {
                    if parameter["name"] == "currency" {
                        parameter["schema"] = serde_json::json!({"type": ["string", "null"], "enum": currencies.clone().into_iter().chain([serde_json::Value::Null]).collect::<Vec<_>>()});
                    }
                }
            }
        }
    }
    let Some(schemas) = doc
        .pointer_mut("/components/schemas")
        .and_then(|s| s.as_object_mut())
    else {
        return;
    };
    // Event types are named by the catalogue, not by the Rust variants.
    let types: Vec<serde_json::Value> = crate::events::CATALOGUE
        .iter()
        .map(|e| e.name.into())
        .collect();
    schemas.insert(
        "EventType".into(),
        serde_json::json!({"type": "string", "description": "An event type (GET /webhook_events/types).", "enum": types}),
    );
    for schema in schemas.values_mut() {
        let Some(properties) = schema.get_mut("properties").and_then(|p| p.as_object_mut()) else {
            continue;
        };
        for (name, property) in properties.iter_mut() {
            match name.as_str() {
                "currency" | "target_currency" => {
                    property["enum"] = currencies.clone().into();
                }
                "enabled_events" => {
                    property["minItems"] = 1.into();
                    property["maxItems"] = crate::domain::webhooks::EVENT_FILTERS_MAX.into();
                    property["items"] = serde_json::json!({"type": "string", "enum": filters});
                }
                "metadata" => {
                    // String values (a map of strings), or values of any JSON
                    // type (`fields::metadata_json`: a plain object in the
                    // types), whose string values have the same bound.
                    let strings = property.get("additionalProperties").is_some();
                    property["maxProperties"] = crate::domain::fields::METADATA_KEYS_MAX.into();
                    property["propertyNames"] = serde_json::json!({
                        "type": "string", "minLength": 1,
                        "maxLength": crate::domain::fields::METADATA_KEY_CHARS_MAX,
                    });
                    property["additionalProperties"] = if strings {
                        serde_json::json!({
                            "type": "string",
                            "maxLength": crate::domain::fields::METADATA_VALUE_CHARS_MAX,
                        })
                    } else {
                        serde_json::json!({
                            "maxLength": crate::domain::fields::METADATA_VALUE_CHARS_MAX,
                        })
                    };
                }
                _ => {}
            }
        }
    }
}

pub fn json() -> String {
    let mut value = serde_json::to_value(document()).unwrap_or_default();
    refine(&mut value);
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_operation_id_is_unique_and_a_unique_handler_name_is_kept() {
        let doc = super::document();
        let mut seen = std::collections::BTreeSet::new();
        for item in doc.paths.paths.values() {
            for operation in super::operations_of(item) {
                let id = operation.operation_id.clone().expect("an operationId");
                assert!(seen.insert(id.clone()), "operationId {id} twice");
            }
        }
        assert!(
            seen.contains("capture"),
            "a name no other handler has stays"
        );
        assert!(seen.contains("create_payment_intents"));
        assert!(seen.contains("list_payouts_batches"));
        assert_eq!(
            super::with_resource("cancel", "/refunds/{id}/cancel"),
            "cancel_refunds"
        );
    }

    #[test]
    fn checked_in_schema_is_current() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/schema/openapi.json");
        let fresh = super::json();
        if std::env::var_os("UPDATE_SCHEMA").is_some() {
            std::fs::write(path, &fresh).expect("write schema");
        }
        let stored = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            stored == fresh,
            "schema/openapi.json is stale: run `UPDATE_SCHEMA=1 cargo test checked_in_schema` (or `paygate openapi > schema/openapi.json`)"
        );
    }

    /// Every `$ref` names a component the document holds (hand-built schemas
    /// such as an event's `data.object` refer to components by name).
    #[test]
    fn every_reference_resolves() {
        fn refs<'a>(node: &'a serde_json::Value, out: &mut Vec<&'a str>) {
            match node {
                serde_json::Value::Object(map) => {
                    if let Some(target) = map.get("$ref").and_then(|r| r.as_str()) {
                        out.push(target);
                    }
                    map.values().for_each(|v| refs(v, out));
                }
                serde_json::Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
                _ => {}
            }
        }
        let doc: serde_json::Value = serde_json::from_str(&super::json()).expect("json");
        let mut found = Vec::new();
        refs(&doc, &mut found);
        assert!(found.len() > 100, "only {} references", found.len());
        for target in found {
            let name = target
                .strip_prefix("#/components/schemas/")
                .unwrap_or_else(|| panic!("unexpected reference {target}"));
            assert!(
                doc["components"]["schemas"].get(name).is_some(),
                "{target} names no component"
            );
        }
    }

    /// utoipa names components by type name and silently keeps one of two
    /// types with the same name: every `ToSchema` type needs its own name
    /// (`#[schema(as = ...)]` renames one).
    #[test]
    fn schema_component_names_are_unique() {
        fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    files(&path, out);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    out.push(path);
                }
            }
        }
        let mut paths = Vec::new();
        files(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut paths,
        );
        let mut seen: std::collections::HashMap<String, String> = Default::default();
        for path in paths {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let lines: Vec<&str> = text.lines().collect();
            for (i, line) in lines.iter().enumerate() {
                if !(line.contains("#[derive(") && line.contains("ToSchema")) {
                    continue;
                }
                let mut renamed = None;
                for next in lines.iter().skip(i + 1).take(6) {
                    if let Some(rest) = next.trim().strip_prefix("#[schema(as = ") {
                        renamed = Some(rest.trim_end_matches(")]").to_string());
                    }
                    let decl = next
                        .trim()
                        .strip_prefix("pub struct ")
                        .or_else(|| next.trim().strip_prefix("pub enum "));
                    if let Some(decl) = decl {
                        let name = renamed.clone().unwrap_or_else(|| {
                            decl.split(|c: char| !c.is_alphanumeric() && c != '_')
                                .next()
                                .unwrap_or_default()
                                .to_string()
                        });
                        let place = path.display().to_string();
                        if let Some(other) = seen.insert(name.clone(), place.clone()) {
                            panic!("two ToSchema types named {name}: {other} and {place}");
                        }
                        break;
                    }
                }
            }
        }
        assert!(seen.len() > 50, "found only {} schemas", seen.len());
    }

    #[test]
    fn every_documented_operation_is_in_the_route_table() {
        let doc = super::document();
        assert_eq!(doc.info.version, "2026-09-01");
        for (path, item) in &doc.paths.paths {
            for (method, op) in [
                ("GET", &item.get),
                ("POST", &item.post),
                ("PATCH", &item.patch),
            ] {
                if op.is_some() {
                    assert!(
                        crate::http::operations::find(method, path).is_some(),
                        "{method} {path}"
                    );
                }
            }
        }
    }
}
