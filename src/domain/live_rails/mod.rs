//! Live rails (`docs/rails.md`): each organisation's connector
//! configuration (credentials sealed with the master key, never shown
//! again), which provider carries a live attempt or payout, the providers'
//! health (the circuit breaker), and the rail requests with their outbox
//! ([`requests`]), drained off the writer by `crate::outbox::rails`.
//!
//! Test mode never reaches a provider: it is the sandbox's, whatever is
//! configured.

pub mod daily;
pub mod health;
pub mod reconcile;
pub mod requests;
pub mod state;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::{ApiError, Code};
use crate::mode::Mode;
use crate::rails::live::{Credentials, Provider};
use crate::store::{Read, StoreError, Tx, keys};

/// Credentials one configuration holds at most.
pub const CREDENTIALS_MAX: usize = 8;
/// The longest credential value, in characters.
pub const CREDENTIAL_CHARS_MAX: usize = 1024;
/// The longest target environment name (MTN's `mtnuganda`, `sandbox`, ...).
pub const ENVIRONMENT_CHARS_MAX: usize = 64;

/// A live connector's configuration of one organisation and mode.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RailConfig {
    pub provider: Provider,
    pub mode: Mode,
    pub owner: String,
    /// The credentials as a JSON map, sealed (`secrets::seal`).
    pub credentials_sealed: String,
    /// Their names, for `GET /rails` (never their values).
    pub credential_names: Vec<String>,
    /// MTN's `X-Target-Environment`; `sandbox` also picks a provider's test host.
    pub target_environment: String,
    /// ISO 3166 alpha-2 (Airtel's `X-Country`).
    pub country: Option<String>,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

/// A checked and sealed configuration, made before the writer is asked
/// (sealing is the caller's work, not the writer's).
#[derive(Clone)]
pub struct Sealed {
    pub provider: Provider,
    pub credentials_sealed: String,
    pub credential_names: Vec<String>,
    pub target_environment: String,
    pub country: Option<String>,
}

/// Checks a configuration and seals its credentials.
pub fn seal(
    provider: Provider,
    credentials: BTreeMap<String, String>,
    target_environment: Option<String>,
    country: Option<String>,
) -> Result<Sealed, ApiError> {
    if credentials.len() > CREDENTIALS_MAX {
        return Err(ApiError::field(
            "credentials",
            format!(
                "at most {CREDENTIALS_MAX} credentials (got {})",
                credentials.len()
            ),
        ));
    }
    let known = |name: &str| {
        provider.required_credentials().contains(&name)
            || provider.optional_credentials().contains(&name)
    };
    for (name, value) in &credentials {
        if !known(name) {
            return Err(ApiError::field(
                "credentials",
                format!(
                    "{} takes no credential {name:?}; it takes {}",
                    provider.as_str(),
                    [
                        provider.required_credentials(),
                        provider.optional_credentials()
                    ]
                    .concat()
                    .join(", ")
                ),
            ));
        }
        let chars = value.chars().count();
        if chars == 0 || chars > CREDENTIAL_CHARS_MAX || value.chars().any(char::is_control) {
            return Err(ApiError::field(
                "credentials",
                format!(
                    "credential {name} must be 1 to {CREDENTIAL_CHARS_MAX} printable characters"
                ),
            ));
        }
    }
    if let Some(missing) = provider
        .required_credentials()
        .iter()
        .find(|name| !credentials.contains_key(**name))
    {
        return Err(ApiError::field(
            "credentials",
            format!("{} needs the credential {missing}", provider.as_str()),
        ));
    }
    let target_environment = target_environment.unwrap_or_else(|| "sandbox".into());
    let environment_ok = (1..=ENVIRONMENT_CHARS_MAX).contains(&target_environment.len())
        && target_environment
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if !environment_ok {
        return Err(ApiError::field(
            "target_environment",
            format!(
                "target_environment must be 1 to {ENVIRONMENT_CHARS_MAX} letters, digits, _ or - (got {target_environment:?})"
            ),
        ));
    }
    if let Some(c) = &country
        && !(c.len() == 2 && c.chars().all(|c| c.is_ascii_uppercase()))
    {
        return Err(ApiError::field(
            "country",
            format!("country is an ISO 3166 alpha-2 code such as UG (got {c:?})"),
        ));
    }
    let plain = serde_json::to_vec(&credentials).map_err(ApiError::internal)?;
    Ok(Sealed {
        provider,
        credentials_sealed: crate::secrets::seal(&plain),
        credential_names: credentials.keys().cloned().collect(),
        target_environment,
        country,
    })
}

/// Stores a configuration, replacing the organisation's earlier one of the
/// same provider and mode.
pub fn configure(
    tx: &mut Tx<'_>,
    mode: Mode,
    owner: &str,
    sealed: Sealed,
) -> Result<RailConfig, ApiError> {
    let key = keys::rail_config(mode, owner, sealed.provider.as_str());
    let now = tx.now_ms();
    let created_at_ms = tx
        .object::<RailConfig>(&key)?
        .map_or(now, |c| c.created_at_ms);
    let config = RailConfig {
        provider: sealed.provider,
        mode,
        owner: owner.to_string(),
        credentials_sealed: sealed.credentials_sealed,
        credential_names: sealed.credential_names,
        target_environment: sealed.target_environment,
        country: sealed.country,
        created_at_ms,
        updated_at_ms: now,
    };
    tx.put_object(key, &config)?;
    Ok(config)
}

/// The organisation's configuration of `provider` in `mode`.
pub fn find(
    read: &impl Read,
    mode: Mode,
    owner: &str,
    provider: Provider,
) -> Result<Option<RailConfig>, StoreError> {
    read.object(&keys::rail_config(mode, owner, provider.as_str()))
}

/// The credentials of a configuration, opened (for the dispatcher only).
pub fn open(config: &RailConfig) -> Result<Credentials, ApiError> {
    let plain = crate::secrets::open(&config.credentials_sealed).ok_or_else(|| {
        ApiError::internal(format!(
            "the {} credentials cannot be opened with this master key; configure the rail again",
            config.provider.as_str()
        ))
    })?;
    let map = serde_json::from_slice(&plain).map_err(ApiError::internal)?;
    Ok(Credentials(map))
}

/// The live provider that carries a catalogue method: the operator's own
/// connector (MTN, Airtel), else the aggregator; cards: the card
/// aggregator's hosted page; `None` on other rails.
pub fn carrier_of(method: &crate::rails::catalogue::Method) -> Option<Provider> {
    if method.rail == "card" {
        return Provider::ALL.into_iter().find(|p| p.carries_cards());
    }
    if method.rail != "mobile_money" {
        return None;
    }
    Some(
        Provider::ALL
            .into_iter()
            .find(|p| p.operator() == Some(method.id))
            .unwrap_or(Provider::Flutterwave),
    )
}

/// The provider that carries a live mobile-money attempt or payout of
/// `owner` on `operator` (none named: the first configured): the
/// operator's own connector, else an aggregator; a live card attempt: the
/// card aggregator (its hosted page). A provider whose circuit
/// is open is skipped; with none left, 422 `rail_unavailable` (the payer
/// tries another operator) and nothing is written.
pub fn route(
    read: &impl Read,
    mode: Mode,
    owner: &str,
    rail: &str,
    operator: Option<&str>,
    now_ms: i64,
) -> Result<(Provider, RailConfig), ApiError> {
    let not_configured = || {
        ApiError::new(
            Code::RailNotConfigured,
            format!(
                "no live connector carries {rail}{} for this organisation; an owner configures one with PUT /rails/{{rail}} (docs/rails.md)",
                operator.map(|o| format!(" ({o})")).unwrap_or_default()
            ),
        )
    };
    let mut candidates = Vec::new();
    for provider in Provider::ALL {
        let carries = match (rail, provider.operator(), operator) {
            ("card", ..) => provider.carries_cards(),
            ("mobile_money", Some(own), Some(wanted)) => own == wanted,
            ("mobile_money", ..) => true,
            _ => false,
        };
        if carries && let Some(config) = find(read, mode, owner, provider)? {
            candidates.push((provider, config));
        }
    }
    // The operator's own connector before an aggregator.
    candidates.sort_by_key(|(p, _)| p.operator().is_none());
    if candidates.is_empty() {
        return Err(not_configured());
    }
    for (provider, config) in candidates {
        if health::load(read, mode, provider)?.circuit(now_ms) != health::Circuit::Open {
            return Ok((provider, config));
        }
    }
    Err(ApiError::new(
        Code::RailUnavailable,
        format!(
            "the {rail}{} provider is unavailable now (its circuit is open); try another operator or later",
            operator.map(|o| format!(" ({o})")).unwrap_or_default()
        ),
    ))
}

/// A card refund to queue: what it pays back and for what.
pub struct CardRefund<'a> {
    pub mode: Mode,
    pub owner: &'a str,
    /// The refund (`re_...`), or the intent of a late payment.
    pub target: &'a str,
    /// The late payment (`lp_...`) a refund of `target`'s intent pays back.
    pub late_payment: Option<&'a str>,
    /// The card attempt whose payment is paid back.
    pub paid: &'a crate::domain::intents::Attempt,
    pub amount_minor: i64,
    pub currency: &'a str,
}

/// Queues the card aggregator's refund of a live card payment (one rail
/// request, kind `payout`, through the outbox like any other): by the
/// charge's own id at the provider, which its verification recorded.
/// Refused before anything is queued when that id is unknown or no
/// aggregator can carry it now.
pub fn refund_card(
    tx: &mut Tx<'_>,
    card: CardRefund<'_>,
) -> Result<requests::RailRequest, ApiError> {
    let charge = card
        .paid
        .rail_request
        .as_deref()
        .map(|id| requests::get(tx, id))
        .transpose()?
        .flatten()
        .filter(|r| r.card && r.status == state::Status::Succeeded)
        .and_then(|r| r.provider_transaction_id)
        .ok_or_else(|| {
            ApiError::new(
                Code::RailNotConfigured,
                format!(
                    "attempt {} has no card charge at a live provider to refund",
                    card.paid.id
                ),
            )
        })?;
    let (provider, _) = route(tx, card.mode, card.owner, "card", None, tx.wall_ms())?;
    requests::enqueue(
        tx,
        requests::NewRequest {
            mode: card.mode,
            owner: card.owner,
            provider,
            kind: crate::rails::live::Kind::Payout,
            target: card.target,
            attempt: card.late_payment,
            msisdn: "",
            amount_minor: card.amount_minor,
            currency: card.currency,
            refund: true,
            card: true,
            charge: Some(&charge),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn creds(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn a_configuration_needs_its_provider_credentials_and_seals_them() {
        let err = seal(Provider::MtnMomo, creds(&[("api_user", "u")]), None, None)
            .err()
            .expect("refused");
        assert_eq!(err.param.as_deref(), Some("credentials"));
        let err = seal(Provider::Flutterwave, creds(&[("nope", "x")]), None, None)
            .err()
            .expect("refused");
        assert!(err.message.contains("nope"), "{}", err.message);
        let sealed = seal(
            Provider::Flutterwave,
            creds(&[("secret_key", "FLWSECK-abc"), ("secret_hash", "h")]),
            None,
            Some("UG".into()),
        )
        .expect("sealed");
        assert!(!sealed.credentials_sealed.contains("FLWSECK-abc"));
        assert_eq!(sealed.credential_names, ["secret_hash", "secret_key"]);
        assert_eq!(sealed.target_environment, "sandbox");
        let bad = seal(
            Provider::Flutterwave,
            creds(&[("secret_key", "k"), ("secret_hash", "h")]),
            Some("a b".into()),
            None,
        );
        assert_eq!(
            bad.err().and_then(|e| e.param),
            Some("target_environment".into())
        );
    }
}
