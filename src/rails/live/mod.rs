//! Live connectors (`docs/rails.md`): the providers' own public HTTP APIs,
//! called by the rail outbox dispatcher (`crate::outbox::rails`) off the
//! writer, never inside a writer command. Each connector turns one
//! [`Job`] (a collection or a payout, sent or inquired about) into one
//! [`Answer`], and maps the provider's statuses to answers in one table
//! (`momo::status_answer`, `airtel::status_answer`, `flutterwave::status_answer`),
//! each with its test.
//!
//! An answer is never guessed: a request that may have reached the provider
//! and got no readable reply is [`Answer::Unknown`], and only a status
//! inquiry decides it later. A request that certainly did not leave (the
//! connection was refused, the token could not be had, the circuit is open)
//! is [`Answer::NotSent`].

pub mod airtel;
pub mod flutterwave;
pub mod momo;
pub mod tokens;

use std::collections::BTreeMap;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{FailureReason, PayoutFailure};

/// A provider with a live connector, as `PUT /rails/{rail}` names it.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Provider {
    MtnMomo,
    AirtelMoney,
    Flutterwave,
}

impl Provider {
    /// In the order a mobile-money attempt without a named operator tries them.
    pub const ALL: [Provider; 3] = [
        Provider::MtnMomo,
        Provider::AirtelMoney,
        Provider::Flutterwave,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Provider::MtnMomo => "mtn_momo",
            Provider::AirtelMoney => "airtel_money",
            Provider::Flutterwave => "flutterwave",
        }
    }

    pub fn parse(name: &str) -> Option<Provider> {
        Provider::ALL.into_iter().find(|p| p.as_str() == name)
    }

    /// The mobile-money operator it carries; `None`: an aggregator that
    /// carries any operator it supports.
    pub fn operator(self) -> Option<&'static str> {
        match self {
            Provider::MtnMomo => Some("mtn"),
            Provider::AirtelMoney => Some("airtel"),
            Provider::Flutterwave => None,
        }
    }

    /// Whether it takes card payments (on its hosted page).
    pub fn carries_cards(self) -> bool {
        self == Provider::Flutterwave
    }

    /// The credentials `PUT /rails/{rail}` requires (all sealed at rest).
    pub fn required_credentials(self) -> &'static [&'static str] {
        match self {
            Provider::MtnMomo => &["api_user", "api_key", "collection_subscription_key"],
            Provider::AirtelMoney => &["client_id", "client_secret"],
            Provider::Flutterwave => &["secret_key", "secret_hash"],
        }
    }

    /// Credentials it also accepts.
    pub fn optional_credentials(self) -> &'static [&'static str] {
        match self {
            Provider::MtnMomo => &["disbursement_subscription_key"],
            Provider::AirtelMoney => &["disbursement_pin"],
            Provider::Flutterwave => &[],
        }
    }

    /// The provider's production (or, for `sandbox`, test) base URL;
    /// `serve --rail-base-url <rail>=<url>` replaces it.
    pub fn default_base_url(self, target_environment: &str) -> &'static str {
        match (self, target_environment) {
            (Provider::MtnMomo, "sandbox") => "https://sandbox.momodeveloper.mtn.com",
            (Provider::MtnMomo, _) => "https://proxy.momoapi.mtn.com",
            (Provider::AirtelMoney, "sandbox" | "staging") => "https://openapiuat.airtel.africa",
            (Provider::AirtelMoney, _) => "https://openapi.airtel.africa",
            (Provider::Flutterwave, _) => "https://api.flutterwave.com",
        }
    }
}

/// A collection (request-to-pay) or a payout (disbursement transfer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Collection,
    Payout,
}

/// One call to make: the request itself, or an inquiry about it.
#[derive(Clone)]
pub struct Job {
    pub provider: Provider,
    pub kind: Kind,
    pub inquiry: bool,
    /// The gateway's id of the request (`rrq_...`): the provider's external
    /// id and the key callbacks name.
    pub request_id: String,
    /// The provider's idempotency reference (MTN's `X-Reference-Id`, a UUID).
    pub reference: String,
    /// The payer's (collection) or payee's (payout) number, digits only.
    pub msisdn: String,
    pub amount_minor: i64,
    pub currency: String,
    pub country: Option<String>,
    pub target_environment: String,
    /// Where the provider sends its callback.
    pub callback_url: String,
    /// The provider's own transaction id, when it gave one.
    pub provider_transaction_id: Option<String>,
    /// A card charge on the aggregator's hosted page (Flutterwave
    /// Standard): the payer is sent to a link, and comes back to `return_url`.
    pub card: bool,
    /// Where the hosted page sends the payer back (a card charge's).
    pub return_url: String,
    /// A card refund's charge: the provider's id of the payment it pays back.
    pub charge: Option<String>,
    pub credentials: Credentials,
}

/// Opened credentials: only in the dispatcher's memory, never logged.
#[derive(Clone, Default)]
pub struct Credentials(pub BTreeMap<String, String>);

impl Credentials {
    pub fn get(&self, name: &str) -> &str {
        self.0.get(name).map(String::as_str).unwrap_or_default()
    }
}

impl std::fmt::Debug for Credentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Names only: a credential's value never reaches a log line.
        f.debug_list().entries(self.0.keys()).finish()
    }
}

/// Why a provider refused a request, in the gateway's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The number does not exist or cannot pay or receive.
    InvalidAccount,
    /// The payer said no, had too little, or let the prompt expire.
    Declined,
    /// The provider could not carry it now.
    ProviderUnavailable,
}

impl Refused {
    pub fn collection(self) -> FailureReason {
        match self {
            Refused::InvalidAccount => FailureReason::InvalidMsisdn,
            Refused::Declined => FailureReason::Declined,
            Refused::ProviderUnavailable => FailureReason::ProviderUnavailable,
        }
    }

    pub fn payout(self) -> PayoutFailure {
        match self {
            Refused::InvalidAccount => PayoutFailure::InvalidAccount,
            Refused::Declined | Refused::ProviderUnavailable => PayoutFailure::ProviderUnavailable,
        }
    }
}

/// What one call found out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// The provider holds the request; its outcome comes later.
    Accepted {
        provider_transaction_id: Option<String>,
    },
    Succeeded {
        provider_transaction_id: Option<String>,
    },
    Failed {
        refused: Refused,
        /// The provider's own code, kept on the request.
        code: String,
    },
    /// A hosted card charge was created: the payer pays on `link` (the
    /// provider's page); its outcome comes later, confirmed by an inquiry.
    Redirect { link: String },
    /// An inquiry: the provider has no such request (it never arrived).
    NotFound,
    /// The request certainly did not reach the provider.
    NotSent(String),
    /// It may have reached the provider; nothing readable came back.
    Unknown(String),
    /// The provider answered about something other than what the request
    /// asked (another reference, amount or currency): it decides nothing,
    /// and it is an answer, not a fault of the provider.
    Mismatch(String),
    /// An inquiry the provider cannot be asked yet (nothing to ask by: a
    /// Flutterwave transfer whose id never came back). Not a fault.
    CannotAsk(String),
}

impl Answer {
    /// A fault of the provider or the path to it (the circuit breaker's
    /// input); an answer the provider gave, even a refusal, is not.
    pub fn is_fault(&self) -> bool {
        matches!(self, Answer::NotSent(_) | Answer::Unknown(_))
    }
}

/// A connector's view of the world for one call.
pub struct Ctx<'a> {
    pub client: &'a reqwest::Client,
    pub base_url: &'a str,
    pub tokens: &'a tokens::Tokens,
    /// The organisation whose credentials are used (the token cache's key).
    pub owner: &'a str,
}

/// Calls the job's connector.
pub async fn call(ctx: &Ctx<'_>, job: &Job) -> Answer {
    match job.provider {
        Provider::MtnMomo => momo::call(ctx, job).await,
        Provider::AirtelMoney => airtel::call(ctx, job).await,
        Provider::Flutterwave => flutterwave::call(ctx, job).await,
    }
}

/// Reads a provider's JSON answer; `None` when it is not JSON.
pub(crate) async fn read_json(
    response: Result<reqwest::Response, reqwest::Error>,
) -> Result<(reqwest::StatusCode, Option<serde_json::Value>), Answer> {
    let response = response.map_err(|e| transport(&e))?;
    let status = response.status();
    let body = response.bytes().await.map_err(|e| transport(&e))?;
    Ok((status, serde_json::from_slice(&body).ok()))
}

/// The HTTP client of the connectors: one per process.
pub fn client(timeout: Duration) -> Result<reqwest::Client, String> {
    reqwest::Client::builder()
        .tls_backend_preconfigured(crate::net::outbound_tls::client_config()?)
        .timeout(timeout)
        .connect_timeout(timeout)
        // A provider's API answers; it does not send us elsewhere.
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .user_agent(concat!("paygate-rails/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| e.to_string())
}

/// Where a connector sends its calls: the override or the default.
#[derive(Clone, Default)]
pub struct BaseUrls(pub BTreeMap<Provider, String>);

impl BaseUrls {
    pub fn of(&self, provider: Provider, target_environment: &str) -> String {
        self.0
            .get(&provider)
            .cloned()
            .unwrap_or_else(|| provider.default_base_url(target_environment).to_string())
            .trim_end_matches('/')
            .to_string()
    }

    /// Parses `--rail-base-url <rail>=<url>`.
    pub fn parse_one(value: &str) -> Result<(Provider, String), String> {
        let (name, url) = value
            .split_once('=')
            .ok_or_else(|| format!("--rail-base-url takes <rail>=<url> (got {value})"))?;
        let provider = Provider::parse(name.trim()).ok_or_else(|| {
            format!(
                "--rail-base-url: unknown rail {name}; one of mtn_momo, airtel_money, flutterwave"
            )
        })?;
        let parsed = url::Url::parse(url.trim())
            .map_err(|e| format!("--rail-base-url {name}: {url} is not a URL ({e})"))?;
        if !matches!(parsed.scheme(), "http" | "https") {
            return Err(format!("--rail-base-url {name}: {url} is not http(s)"));
        }
        Ok((provider, url.trim().to_string()))
    }
}

/// How a transport error is read: refused before sending, or possibly sent.
pub(crate) fn transport(error: &reqwest::Error) -> Answer {
    if error.is_connect() {
        Answer::NotSent(format!("cannot connect: {error}"))
    } else if error.is_timeout() {
        Answer::Unknown("no answer before the timeout".into())
    } else {
        Answer::Unknown(format!("transport error: {error}"))
    }
}

/// A UUID version 4 (MTN's `X-Reference-Id`), from 122 random bits.
pub fn new_uuid() -> String {
    let mut b = [0u8; 16];
    rand::fill(&mut b);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let h = hex::encode(b);
    format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}

/// An amount in minor units as the providers write major units: `"1500"`
/// for a currency without decimals, `"15.00"` otherwise.
pub fn major_units(amount_minor: i64, currency: &str) -> String {
    match crate::currency::find(currency) {
        Some(c) => crate::currency::major_units(amount_minor, c),
        None => amount_minor.to_string(),
    }
}

/// Reads a provider's amount in major units back to minor units.
pub fn minor_units(amount: &str, currency: &str) -> Option<i64> {
    let exponent = crate::currency::find(currency).map_or(2, |c| c.exponent);
    let (whole, fraction) = amount.trim().split_once('.').unwrap_or((amount.trim(), ""));
    // `10000.0` is 10000 of a currency without decimals.
    let fraction = fraction.trim_end_matches('0');
    if fraction.len() > exponent as usize {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let padded = format!("{fraction:0<width$}", width = exponent as usize);
    let fraction: i64 = if padded.is_empty() {
        0
    } else {
        padded.parse().ok()?
    };
    whole
        .checked_mul(10i64.pow(exponent))?
        .checked_add(fraction)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn providers_parse_by_their_names() {
        for p in Provider::ALL {
            assert_eq!(Provider::parse(p.as_str()), Some(p));
        }
        assert_eq!(Provider::parse("mpesa"), None);
    }

    #[test]
    fn base_url_overrides_are_checked() {
        let (p, url) = BaseUrls::parse_one("mtn_momo=http://127.0.0.1:9/").expect("parses");
        assert_eq!(p, Provider::MtnMomo);
        let urls = BaseUrls([(p, url)].into_iter().collect());
        assert_eq!(urls.of(Provider::MtnMomo, "sandbox"), "http://127.0.0.1:9");
        assert_eq!(
            urls.of(Provider::Flutterwave, "production"),
            "https://api.flutterwave.com"
        );
        assert!(BaseUrls::parse_one("nope=http://x").is_err());
        assert!(BaseUrls::parse_one("mtn_momo=ftp://x").is_err());
        assert!(BaseUrls::parse_one("mtn_momo").is_err());
    }

    #[test]
    fn uuids_are_version_4() {
        let u = new_uuid();
        assert_eq!(u.len(), 36);
        assert_eq!(&u[14..15], "4");
        assert_ne!(u, new_uuid());
    }

    #[test]
    fn amounts_round_trip_through_major_units() {
        assert_eq!(major_units(150_000, "UGX"), "150000");
        assert_eq!(major_units(1_505, "EUR"), "15.05");
        assert_eq!(minor_units("15.05", "EUR"), Some(1_505));
        assert_eq!(minor_units("15.5", "EUR"), Some(1_550));
        assert_eq!(minor_units("150000", "UGX"), Some(150_000));
        assert_eq!(minor_units("150000.0", "UGX"), Some(150_000));
        assert_eq!(minor_units("150000.5", "UGX"), None);
        assert_eq!(minor_units("1.001", "EUR"), None);
        assert_eq!(minor_units("x", "EUR"), None);
    }

    #[test]
    fn credentials_never_print_their_values() {
        let c = Credentials([("api_key".to_string(), "s3cret".to_string())].into());
        assert!(!format!("{c:?}").contains("s3cret"));
    }
}
