//! The request gate, run before every handler: finds the operation in the route
//! table, authenticates the key, checks the scope, resolves `Service-Account`,
//! stops money movement while the guardian is engaged, and handles the
//! Idempotency-Key (replay from the store, or a claim for the writer).

use crate::domain::intents::INTENT;
use axum::body::Body as AxumBody;
use std::net::IpAddr;

use axum::extract::{MatchedPath, Request, State};
use axum::http::header::AUTHORIZATION;
use axum::http::{HeaderMap, Method, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use super::AppState;
use super::extract::{BODY_BYTES_MAX, client_ip, reply};
use crate::auth::access::{Access, Ik, Operation};
use crate::auth::{KeyKind, Principal, Rights, SessionCaller, roles};
use crate::domain::team;
use crate::error::{ApiError, Code};
use crate::headers as header_names;
use crate::store::writer::{IdempotencyClaim, IdempotencyRecord};
use crate::store::{Read, Snapshot};

/// Idempotency keys are at most this long (origin behaviour section 5).
pub const IDEMPOTENCY_KEY_CHARS_MAX: usize = 200;

pub async fn gate(
    State(state): State<AppState>,
    matched: Option<MatchedPath>,
    request: Request,
    next: Next,
) -> Response {
    let operation = match operation_of(request.method(), matched.as_ref()) {
        Ok(operation) => operation,
        Err(error) => return error.into_response(),
    };
    let response = match admit(&state, operation, request).await {
        Ok(Admitted::Proceed(request)) => next.run(request).await,
        Ok(Admitted::Replay(response)) => response,
        Err(error) => error.into_response(),
    };
    if operation.replays_ok {
        return replayed_as_ok(response);
    }
    response
}

/// The route table's entry for the matched route.
fn operation_of(
    method: &Method,
    matched: Option<&MatchedPath>,
) -> Result<&'static Operation, ApiError> {
    let template = matched.map(|m| unversioned(m.as_str())).unwrap_or_default();
    // axum answers HEAD with the GET handler; it is the GET operation.
    let lookup = if method == Method::HEAD {
        "GET"
    } else {
        method.as_str()
    };
    super::operations::find(lookup, template).ok_or_else(|| {
        ApiError::internal(format!(
            "route {method} {template} is not in the route table"
        ))
    })
}

/// A replay (`Idempotent-Replayed: true`) of an operation whose replays
/// answer 200 rather than the stored 201 (`Operation::replays_ok`).
fn replayed_as_ok(mut response: Response) -> Response {
    let replayed = response.headers().contains_key("idempotent-replayed");
    if replayed && response.status() == axum::http::StatusCode::CREATED {
        *response.status_mut() = axum::http::StatusCode::OK;
    }
    response
}

enum Admitted {
    Proceed(Request),
    Replay(Response),
}

/// Strips the `/v1` or `/api/v1` mount prefix.
pub fn unversioned(path: &str) -> &str {
    path.strip_prefix("/api/v1")
        .or_else(|| path.strip_prefix("/v1"))
        .unwrap_or(path)
}

async fn admit(
    state: &AppState,
    operation: &'static Operation,
    mut request: Request,
) -> Result<Admitted, ApiError> {
    let method = request.method().clone();
    // Read before the snapshot: see `Store::generation`.
    let keys_generation = state.store.api_keys_generation();
    let orgs_generation = state.store.organisations_generation();
    let snapshot = state.store.snapshot()?;
    let client_ip = client_ip(request.extensions());
    let principal = authenticate(
        state,
        keys_generation,
        &snapshot,
        operation,
        request.headers(),
        request.uri(),
        client_ip,
    )?;
    if operation.halted_by_guardian() {
        state.guardian.check_money_may_move()?;
    }
    let Some(principal) = principal else {
        return Ok(Admitted::Proceed(request));
    };
    let org = state
        .org_cache
        .get(orgs_generation, &snapshot, &principal.org)?;
    crate::domain::org::check_active(org.as_deref(), &principal.org)?;
    if is_write(&method) {
        let path = unversioned(request.uri().path()).to_string();
        let key = idempotency_key(request.headers(), operation)?;
        if let Some(key) = key {
            let (parts, body) = request.into_parts();
            let bytes = axum::body::to_bytes(body, BODY_BYTES_MAX)
                .await
                .map_err(|_| {
                    ApiError::new(
                        Code::PayloadTooLarge,
                        format!("the request body is larger than {BODY_BYTES_MAX} bytes"),
                    )
                })?;
            let claim = IdempotencyClaim {
                storage_key: crate::store::keys::idempotency(
                    principal.mode,
                    principal.owner(),
                    &key,
                ),
                principal: principal.idempotency_principal(),
                endpoint: format!("{method} {path}"),
                fingerprint: fingerprint(&bytes),
            };
            let record: Option<IdempotencyRecord> = snapshot.idempotency(&claim.storage_key)?;
            if let Some(record) = record.filter(|r| r.is_live(state.clock.now_ms())) {
                let claim = legacy_fingerprinted(claim, &record, &bytes);
                return Ok(Admitted::Replay(reply(record.answer(&claim, &snapshot)?)));
            }
            request = Request::from_parts(parts, AxumBody::from(bytes));
            request.extensions_mut().insert(claim);
        }
    }
    request.extensions_mut().insert(principal);
    Ok(Admitted::Proceed(request))
}

fn is_write(method: &Method) -> bool {
    matches!(
        *method,
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    )
}

/// The principal for a keyed operation, `None` for a public one.
fn authenticate(
    state: &AppState,
    keys_generation: u64,
    snapshot: &Snapshot,
    operation: &Operation,
    headers: &HeaderMap,
    uri: &Uri,
    client_ip: Option<IpAddr>,
) -> Result<Option<Principal>, ApiError> {
    if operation.access == Access::Public {
        return Ok(None);
    }
    let query = uri.query();
    // A value that is not a client secret at all is no credential: 401 below,
    // as without one.
    if operation.secret_reads
        && headers.get(AUTHORIZATION).is_none()
        && let Some(secret) =
            client_secret(headers, query).filter(|s| intent_of_secret(s).is_some())
    {
        return secret_principal(snapshot, uri.path(), secret, client_ip).map(Some);
    }
    let secret = bearer(headers)?;
    if secret.starts_with(team::SESSION_PREFIX) {
        return session_principal(state, snapshot, operation, headers, secret, client_ip).map(Some);
    }
    let key = state
        .key_cache
        .lookup(keys_generation, snapshot, secret)?
        .ok_or_else(|| {
            ApiError::new(
                Code::InvalidApiKey,
                "the API key is not valid: it does not exist or was revoked",
            )
        })?;
    let mut principal = key_principal(&key, client_ip)?;
    principal.client_secret = admit_key(operation, &key, headers, query)?;
    if let Some(account) = service_account(state, snapshot, operation, headers, &principal)? {
        principal.act_for(account.id, account.organisation);
    }
    tracing::debug!(key = %principal.key_id, mode = principal.mode.as_str(), "authenticated");
    Ok(Some(principal))
}

/// The principal of an API key used from `client_ip`, when its allowlist
/// admits the address.
fn key_principal(
    key: &std::sync::Arc<crate::auth::keys::KeyRecord>,
    client_ip: Option<IpAddr>,
) -> Result<Principal, ApiError> {
    if !key.allows_ip(client_ip) {
        return Err(ApiError::new(
            Code::IpNotAllowed,
            format!(
                "this key may only be used from its allowlist; {} is not on it",
                client_ip.map_or_else(|| "an unknown address".to_string(), |ip| ip.to_string())
            ),
        ));
    }
    Ok(Principal {
        key_id: key.id.clone(),
        kind: key.kind,
        mode: key.mode,
        org: key.org.clone(),
        account: None,
        account_org: None,
        client_secret: None,
        session: None,
        client_ip,
        rights: Rights::Key(key.clone()),
    })
}

/// Whether `key` may call `operation`: its kind (a `pk_` key only where the
/// operation is publishable, with the intent's client secret where it needs
/// one) and its scopes; answers the client secret a `pk_` key sent.
fn admit_key(
    operation: &Operation,
    key: &crate::auth::keys::KeyRecord,
    headers: &HeaderMap,
    query: Option<&str>,
) -> Result<Option<String>, ApiError> {
    let mut sent_secret = None;
    if key.kind == KeyKind::Pk {
        if !operation.publishable {
            return Err(ApiError::new(
                Code::ScopeDenied,
                format!(
                    "publishable keys only create and confirm payment intents; {} {} needs a secret or restricted key",
                    operation.method, operation.path
                ),
            ));
        }
        sent_secret = client_secret(headers, query);
        if operation.client_secret && sent_secret.is_none() {
            return Err(ApiError::new(
                Code::ScopeDenied,
                "a publishable key acts on one payment intent: send its client secret in X-Client-Secret or ?client_secret=",
            ));
        }
    }
    match operation.access {
        Access::Public => {}
        Access::Session(_) => {
            return Err(ApiError::new(
                Code::SessionRequired,
                format!(
                    "{} {} is for a team member's session, not an API key: keys cannot manage keys or the team (log in with POST /sessions)",
                    operation.method, operation.path
                ),
            ));
        }
        Access::Member(_) => {
            return Err(ApiError::new(
                Code::SessionRequired,
                format!(
                    "{} {} is a team member's decision, recorded with who made it: log in with POST /sessions; an API key cannot make it",
                    operation.method, operation.path
                ),
            ));
        }
        Access::Scope(scope) if key.has_scope(scope) => {}
        Access::Scope(scope) => {
            // A pk_ key may read the one intent its client secret names; the
            // handler checks the secret against that intent.
            let by_client_secret = operation.client_secret && sent_secret.is_some();
            if !by_client_secret {
                return Err(ApiError::new(
                    Code::ScopeDenied,
                    format!(
                        "this {} key lacks the scope {scope} that {} {} needs",
                        key.kind.prefix(),
                        operation.method,
                        operation.path
                    ),
                ));
            }
        }
    }
    Ok(sent_secret)
}

/// The intent a client secret names (`<pi id>_secret_<token>`), if it has
/// that form.
fn intent_of_secret(secret: &str) -> Option<&str> {
    let (id, token) = secret.split_once("_secret_")?;
    (crate::ids::is_id(id, "pi") && !token.is_empty()).then_some(id)
}

/// The payer reading one intent with its client secret and no key (origin
/// section 1): a `pk_`-like principal of the intent's merchant that sees that
/// intent only ([`crate::domain::intents::Intent::visible_to`] checks the
/// secret again). The secret must name the intent of the path; a wrong one,
/// or another intent's, answers 404 for the path's intent, as it does with a
/// `pk_` key (decision 29). `Service-Account` plays no part.
fn secret_principal(
    snapshot: &Snapshot,
    path: &str,
    secret: String,
    client_ip: Option<IpAddr>,
) -> Result<Principal, ApiError> {
    let path_id = unversioned(path)
        .strip_prefix("/payment_intents/")
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_default();
    let intent: Option<crate::domain::intents::Intent> =
        if intent_of_secret(&secret) == Some(path_id) {
            snapshot.object(path_id)?
        } else {
            None
        };
    let intent = intent
        .filter(|i| i.client_secret_matches(&secret))
        .ok_or_else(|| ApiError::not_found(INTENT.missing, path_id))?;
    Ok(Principal {
        key_id: format!("client_secret:{}", intent.id),
        kind: KeyKind::Pk,
        mode: intent.mode,
        org: intent.owner.clone(),
        account: intent.account.clone(),
        account_org: None,
        client_secret: Some(secret),
        session: None,
        client_ip,
        rights: Rights::Nothing,
    })
}

/// Sessions in use are touched at most this often (one write per minute per
/// session), and at least four times per idle timeout, so a short idle
/// timeout still sees the use.
const SESSION_TOUCH_MS: i64 = 60_000;

/// A team member's session: the token must name a live session of an active
/// member whose role permits the operation (`auth/roles.rs`).
fn session_principal(
    state: &AppState,
    snapshot: &Snapshot,
    operation: &Operation,
    headers: &HeaderMap,
    token: &str,
    client_ip: Option<IpAddr>,
) -> Result<Principal, ApiError> {
    let now = state.clock.now_ms();
    let expired = || {
        ApiError::new(
            Code::SessionExpired,
            "the session is not valid: it expired, was logged out, or never existed; log in again with POST /sessions",
        )
    };
    let session = team::session_by_token(snapshot, token)?
        .filter(|s| s.live_at(now))
        .ok_or_else(expired)?;
    let member = team::member(snapshot, &session.member_id)?
        .filter(|m| m.active() && m.org == session.org)
        .ok_or_else(expired)?;
    let permission = roles::session_permission(operation).ok_or_else(|| {
        ApiError::new(
            Code::RoleDenied,
            format!(
                "{} {} is for API keys, not sessions",
                operation.method, operation.path
            ),
        )
    })?;
    if !member.role.allows(permission) {
        return Err(ApiError::new(
            Code::RoleDenied,
            format!(
                "the {} role does not permit {permission} ({} {})",
                member.role.as_str(),
                operation.method,
                operation.path
            ),
        ));
    }
    if now - session.last_seen_ms >= SESSION_TOUCH_MS.min(session.idle_ms / 4) {
        let writer = state.writer.clone();
        let id = session.id.clone();
        tokio::spawn(async move {
            if let Err(e) = writer.run(move |tx| team::touch_session(tx, &id)).await {
                tracing::warn!(error = %e, "session touch failed");
            }
        });
    }
    let names = &state.settings.header_names;
    let mode = match names.read(headers, header_names::Read::Mode)? {
        None => crate::mode::Mode::Test,
        Some((_, v)) if v == "test" => crate::mode::Mode::Test,
        Some((_, v)) if v == "live" => crate::mode::Mode::Live,
        Some((name, _)) => {
            return Err(ApiError::new(
                Code::ValidationError,
                format!("{name} must be test or live (the mode a session acts in; default test)"),
            )
            .with_param(name));
        }
    };
    // Service-Account works with API keys only (origin section 26): a
    // member of the platform acts in its own organisation.
    tracing::debug!(session = %session.id, member = %member.id, "authenticated a session");
    Ok(Principal {
        key_id: session.id.clone(),
        kind: KeyKind::Rk,
        mode,
        org: member.org.clone(),
        account: None,
        account_org: None,
        client_secret: None,
        session: Some(SessionCaller {
            session_id: session.id,
            member_id: member.id,
            email: member.email,
            role: member.role,
        }),
        client_ip,
        rights: Rights::Role(member.role),
    })
}

fn bearer(headers: &HeaderMap) -> Result<&str, ApiError> {
    let missing = || {
        ApiError::new(
            Code::Unauthorized,
            "send your API key as Authorization: Bearer sk_test_...",
        )
    };
    let value = headers
        .get(axum::http::header::AUTHORIZATION)
        .ok_or_else(missing)?;
    let value = value.to_str().map_err(|_| missing())?;
    let (scheme, secret) = value.split_once(' ').ok_or_else(missing)?;
    if !scheme.eq_ignore_ascii_case("bearer") || secret.trim().is_empty() {
        return Err(missing());
    }
    Ok(secret.trim())
}

/// The client secret from `X-Client-Secret` or the `client_secret` query parameter.
fn client_secret(headers: &HeaderMap, query: Option<&str>) -> Option<String> {
    if let Some(value) = headers.get("x-client-secret").and_then(|v| v.to_str().ok()) {
        return Some(value.to_string());
    }
    query?
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(k, _)| *k == "client_secret")
        .map(|(_, v)| v.to_string())
}

/// Resolves `Service-Account: acct_...` (or `<prefix>-Account`, see
/// `headers.rs`) to an account the key's organisation acts for; the
/// refusals are in `domain::accounts::acting_for`. The `/accounts`
/// operations manage the platform's own accounts and refuse the header.
fn service_account(
    state: &AppState,
    snapshot: &Snapshot,
    operation: &Operation,
    headers: &HeaderMap,
    principal: &Principal,
) -> Result<Option<crate::domain::accounts::Account>, ApiError> {
    let names = &state.settings.header_names;
    unread_account_header(names, operation, headers)?;
    let Some((name, value)) = names.read(headers, header_names::Read::Account)? else {
        return Ok(None);
    };
    if operation.path == "/accounts" || operation.path.starts_with("/accounts/") {
        return Err(ApiError::new(
            Code::AccountHeaderNotAllowed,
            format!(
                "{} {} manages the platform's own connected accounts: send it without {name}",
                operation.method, operation.path
            ),
        )
        .with_param(name));
    }
    let account = value.to_str().unwrap_or_default().trim();
    if !crate::ids::is_id(account, "acct") {
        return Err(ApiError::new(
            Code::InvalidServiceAccount,
            format!("{name} must be a connected account id such as acct_01j..."),
        )
        .with_param(name));
    }
    crate::domain::accounts::acting_for(snapshot, &principal.org, principal.mode, account).map(Some)
}

/// A migration that would fail quietly (issue 51, decision 540): an
/// integration written for the origin names its connected account in
/// `<Brand>-Account`, which this gateway reads only under
/// `--header-prefix <Brand>`. Served without it, the request would act on
/// the platform's own books. A write is refused, nothing written; a read is
/// served (it moves nothing) with a warning in the log.
fn unread_account_header(
    names: &header_names::HeaderNames,
    operation: &Operation,
    headers: &HeaderMap,
) -> Result<(), ApiError> {
    let Some((name, account)) = names.unread_account(headers) else {
        return Ok(());
    };
    let brand = name
        .strip_suffix("-Account")
        .unwrap_or(&name)
        .trim_start_matches("X-");
    if operation.method == "GET" || operation.method == "HEAD" {
        tracing::warn!(
            header = %name,
            account,
            operation = %format_args!("{} {}", operation.method, operation.path),
            "a read names a connected account in a header this gateway does not read: served on the key's own books; start the gateway with --header-prefix {brand} to read it"
        );
        return Ok(());
    }
    Err(ApiError::new(
        Code::UnknownAccountHeader,
        format!(
            "{name}: {account} names a connected account in a header this gateway does not read, so {} {} would act on your platform's own books; start the gateway with --header-prefix {brand} to read {name}, or send Service-Account instead",
            operation.method, operation.path
        ),
    )
    .with_param(name))
}

fn idempotency_key(headers: &HeaderMap, operation: &Operation) -> Result<Option<String>, ApiError> {
    let Some(value) = headers.get("idempotency-key") else {
        return match operation.idempotency {
            Ik::Required => Err(ApiError::new(
                Code::IdempotencyKeyRequired,
                format!(
                    "{} {} moves money and needs an Idempotency-Key header (a UUID per logical request)",
                    operation.method, operation.path
                ),
            )),
            Ik::Optional => Ok(None),
        };
    };
    let key = value.to_str().unwrap_or_default();
    let valid = !key.is_empty()
        && key.len() <= IDEMPOTENCY_KEY_CHARS_MAX
        && key.bytes().all(|b| b.is_ascii_graphic());
    if !valid {
        return Err(ApiError::new(
            Code::InvalidIdempotencyKey,
            format!(
                "Idempotency-Key must be 1 to {IDEMPOTENCY_KEY_CHARS_MAX} printable ASCII characters"
            ),
        ));
    }
    Ok(Some(key.to_string()))
}

/// Marks a keyed fingerprint, so that a record written before fingerprints
/// were keyed is still recognised (see [`legacy_fingerprinted`]).
const KEYED_FINGERPRINT_PREFIX: &str = "k1:";

/// The request body's fingerprint: HMAC-SHA256 under the master key of its
/// canonical JSON (object keys sorted, no insignificant white space), so a
/// client that re-serialises the same request with its keys in another order
/// is recognised. Keyed because the record is stored for 24 hours and a body
/// may carry a test card's number: an unkeyed hash of it could be reversed by
/// trying every number with the stored brand and last four (decision 231). A
/// body that is not JSON is fingerprinted as raw bytes (it will be refused anyway).
fn fingerprint(body: &[u8]) -> String {
    format!(
        "{KEYED_FINGERPRINT_PREFIX}{}",
        crate::secrets::keyed_digest("idempotency-fingerprint", &canonical_body(body))
    )
}

/// The unkeyed SHA-256 fingerprint that versions before decision 231 stored.
fn legacy_fingerprint(body: &[u8]) -> String {
    hex::encode(Sha256::digest(canonical_body(body)))
}

fn canonical_body(body: &[u8]) -> Vec<u8> {
    serde_json::from_slice::<serde_json::Value>(body)
        .ok()
        .map(|value| canonical_json(&value))
        .unwrap_or_else(|| body.to_vec())
}

/// A record written by a version that stored unkeyed fingerprints (at most
/// 24 hours old at an upgrade) is compared with the body's unkeyed
/// fingerprint, so a retry across the upgrade is still answered from it. Only
/// the gate needs this: such a record exists before the request arrives, so
/// the gate, not the writer, is the one that finds it.
fn legacy_fingerprinted(
    mut claim: IdempotencyClaim,
    record: &IdempotencyRecord,
    body: &[u8],
) -> IdempotencyClaim {
    if !record.fingerprint.starts_with(KEYED_FINGERPRINT_PREFIX) {
        claim.fingerprint = legacy_fingerprint(body);
    }
    claim
}

fn canonical_json(value: &serde_json::Value) -> Vec<u8> {
    fn write(value: &serde_json::Value, out: &mut Vec<u8>) {
        match value {
            serde_json::Value::Object(map) => {
                let mut entries: Vec<_> = map.iter().collect();
                entries.sort_by(|a, b| a.0.cmp(b.0));
                out.push(b'{');
                for (i, (key, value)) in entries.into_iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    out.extend(serde_json::to_vec(key).unwrap_or_default());
                    out.push(b':');
                    write(value, out);
                }
                out.push(b'}');
            }
            serde_json::Value::Array(items) => {
                out.push(b'[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    write(item, out);
                }
                out.push(b']');
            }
            scalar => out.extend(serde_json::to_vec(scalar).unwrap_or_default()),
        }
    }
    let mut out = Vec::new();
    write(value, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::{fingerprint, legacy_fingerprint, legacy_fingerprinted};
    use crate::store::Output;
    use crate::store::writer::{IdempotencyClaim, IdempotencyRecord};
    use sha2::{Digest, Sha256};

    const CARD_BODY: &[u8] = br#"{"rail":"card","card":{"number":"4111111111111111","cvc":"123"}}"#;

    #[test]
    fn fingerprints_are_keyed_so_a_stored_one_reveals_nothing_of_the_body() {
        let keyed = fingerprint(CARD_BODY);
        let value: serde_json::Value = serde_json::from_slice(CARD_BODY).expect("json");
        // The unkeyed form is the SHA-256 of serde_json's compact, key-sorted
        // rendering (the black-box test searches the store file for it).
        let unkeyed = hex::encode(Sha256::digest(serde_json::to_vec(&value).expect("json")));
        assert_eq!(legacy_fingerprint(CARD_BODY), unkeyed);
        assert!(keyed.starts_with("k1:"), "{keyed}");
        assert!(!keyed.contains(&unkeyed));
    }

    #[test]
    fn a_record_with_an_unkeyed_fingerprint_still_answers_its_retry() {
        let claim = IdempotencyClaim {
            storage_key: "test|org|k".into(),
            principal: "key_1".into(),
            endpoint: "POST /payment_intents".into(),
            fingerprint: fingerprint(CARD_BODY),
        };
        let record = |fingerprint: String| IdempotencyRecord {
            principal: "key_1".into(),
            endpoint: "POST /payment_intents".into(),
            fingerprint,
            created_at_ms: 0,
            output: Output::empty(),
            shared: None,
        };
        let store = crate::store::Store::ephemeral().expect("store");
        let snapshot = store.snapshot().expect("snapshot");
        let old = record(legacy_fingerprint(CARD_BODY));
        assert!(
            old.answer(&claim, &snapshot).is_err(),
            "compared keyed with unkeyed"
        );
        let adjusted = legacy_fingerprinted(claim.clone(), &old, CARD_BODY);
        assert!(old.answer(&adjusted, &snapshot).is_ok());
        let new = record(fingerprint(CARD_BODY));
        let kept = legacy_fingerprinted(claim.clone(), &new, CARD_BODY);
        assert_eq!(kept.fingerprint, claim.fingerprint);
        assert!(new.answer(&kept, &snapshot).is_ok());
        let other_body = legacy_fingerprinted(claim, &old, br#"{"rail":"card"}"#);
        assert!(old.answer(&other_body, &snapshot).is_err());
    }

    #[test]
    fn fingerprints_ignore_key_order_and_white_space_but_not_values() {
        let a = fingerprint(br#"{"amount_minor":100,"currency":"CDF","m":{"b":1,"a":[1,2]}}"#);
        let b = fingerprint(
            br#"{ "currency": "CDF", "m": {"a": [1, 2], "b": 1}, "amount_minor": 100 }"#,
        );
        assert_eq!(a, b);
        assert_ne!(
            a,
            fingerprint(br#"{"amount_minor":101,"currency":"CDF","m":{"b":1,"a":[1,2]}}"#)
        );
        assert_ne!(
            a,
            fingerprint(br#"{"amount_minor":100,"currency":"CDF","m":{"b":1,"a":[2,1]}}"#)
        );
    }
}
