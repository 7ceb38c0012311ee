//! The operator's rules for cross-border money: corridors (which currency
//! pairs may be sent, in which mode, under which licence, with which limits
//! and purposes), the prefunded liquidity per payout currency, and
//! currencies switched off. Loaded once at start from
//! `paygate serve --routes-config FILE` (JSON); without a file, the defaults
//! below (`docs/routes.md`, decision 128).
//!
//! Defaults:
//! - test mode: every pair is an automatic sandbox corridor with
//!   [`SANDBOX_PER_TRANSFER_LIMIT_MINOR`] and [`SANDBOX_MONTHLY_LIMIT_MINOR`]
//!   (the origin's "sandbox mode auto-creates unknown corridors"), and every
//!   payout currency has [`SANDBOX_LIQUIDITY_MINOR`] of float;
//! - live mode: no corridor and no liquidity, so nothing crosses a border
//!   until an operator configures a live corridor with its licence.
//!
//! A corridor is named by its currency pair, `SOURCE-TARGET` (`USD-CDF`):
//! the one thing every route and remittance has. Same-currency pairs
//! (`CDF-CDF`) are corridors too, so one rule covers every transfer.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::domain::currency;
use crate::error::{ApiError, Code};
use crate::mode::Mode;

/// Corridors one configuration holds at most.
pub const CORRIDORS_MAX: usize = 1_000;
/// Currencies with a liquidity figure, per mode, at most.
pub const LIQUIDITY_CURRENCIES_MAX: usize = 200;
/// Purposes one corridor lists at most.
pub const PURPOSES_MAX: usize = 20;
/// The configuration file's size bound.
pub const CONFIG_BYTES_MAX: u64 = 1 << 20;
/// Automatic sandbox corridors: one transfer, in minor units of the source currency.
pub const SANDBOX_PER_TRANSFER_LIMIT_MINOR: i64 = 100_000_000;
/// Automatic sandbox corridors: one organisation's calendar month, in minor
/// units of the source currency.
pub const SANDBOX_MONTHLY_LIMIT_MINOR: i64 = 1_000_000_000;
/// The sandbox's float per payout currency unless configured: large enough
/// never to be the limit of a test.
pub const SANDBOX_LIQUIDITY_MINOR: i64 = 1_000_000_000_000;
/// The largest amount a figure of the file may hold (the gateway's amount bound).
const AMOUNT_MAX: i64 = 1_000_000_000_000_000;
/// A licence field's length bound.
const LICENCE_FIELD_CHARS_MAX: usize = 200;

/// Where a corridor may be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = CorridorStatus)]
#[serde(rename_all = "snake_case")]
pub enum CorridorStatus {
    /// Both modes, with a complete licence that has not expired.
    Live,
    /// Test mode only.
    Sandbox,
    /// Neither mode (also what a live corridor becomes when its licence expires).
    Suspended,
}

/// The regulatory facts a live corridor needs (the origin's: partners,
/// licence fields, safeguarding and AML references, an unexpired licence).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Licence {
    pub number: Option<String>,
    /// RFC 3339; past it the corridor reads as suspended.
    pub expires_at: Option<String>,
    /// The central bank's approval of the FX leg: without it a live corridor
    /// pays out in its local currency only.
    pub fx_approval_ref: Option<String>,
    pub aml_ref: Option<String>,
    pub safeguarding_ref: Option<String>,
    #[serde(default)]
    pub partners: Vec<String>,
}

/// One corridor as the file states it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CorridorConfig {
    /// `USD-CDF`: sent in USD, paid out in CDF.
    pub pair: String,
    pub status: CorridorStatus,
    /// One transfer, in minor units of the source currency.
    pub per_transfer_limit_minor: Option<i64>,
    /// One organisation's calendar month (UTC, on the sandbox's clock in
    /// test mode), in minor units of the source currency.
    pub monthly_limit_minor: Option<i64>,
    /// The purposes it carries (intents' purpose codes); empty: any.
    #[serde(default)]
    pub purposes: Vec<String>,
    /// A transfer must state its purpose.
    #[serde(default)]
    pub purpose_required: bool,
    /// The recipient must consent to a non-local currency.
    #[serde(default)]
    pub beneficiary_consent: bool,
    #[serde(default)]
    pub licence: Licence,
}

/// The whole file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    #[serde(default)]
    pub corridors: Vec<CorridorConfig>,
    /// Prefunded float per mode (`test`, `live`) and payout currency, in
    /// minor units: the largest payout that can leave now.
    #[serde(default)]
    pub liquidity: BTreeMap<String, BTreeMap<String, i64>>,
    /// Currencies nobody may be paid in.
    #[serde(default)]
    pub disabled_currencies: Vec<String>,
}

/// The rules in force for one pair, in one mode, at one instant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Corridor {
    pub pair: String,
    /// As configured, or `Sandbox` for an automatic sandbox corridor; a live
    /// corridor whose licence expired reads `Suspended`.
    pub status: CorridorStatus,
    /// Not in the file: the sandbox made it up.
    pub automatic: bool,
    pub per_transfer_limit_minor: i64,
    pub monthly_limit_minor: i64,
    pub purposes: Vec<String>,
    pub purpose_required: bool,
    pub beneficiary_consent: bool,
    /// A live corridor may convert (its licence has an FX approval).
    pub fx_approved: bool,
}

/// Why a corridor cannot carry a transfer now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closed {
    /// Suspended, or a live corridor whose licence expired.
    Suspended,
    /// Not live in live mode (unknown, sandbox-only, or an incomplete licence).
    NotLive,
}

impl Closed {
    /// The API error: 403 `corridor_suspended` or `corridor_not_live`.
    pub fn error(self, pair: &str, mode: Mode) -> ApiError {
        match self {
            Closed::Suspended => ApiError::new(
                Code::CorridorSuspended,
                format!(
                    "the {pair} corridor is suspended (by the operator, or its licence expired); nothing moved"
                ),
            ),
            Closed::NotLive => ApiError::new(
                Code::CorridorNotLive,
                format!(
                    "the {pair} corridor is not live in {} mode: an operator configures it with a complete, unexpired licence (docs/routes.md); nothing moved",
                    mode.as_str()
                ),
            ),
        }
    }
}

impl Config {
    /// Reads and checks the file at `path`.
    pub fn load(path: &Path) -> Result<Config, String> {
        let size = std::fs::metadata(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?
            .len();
        if size > CONFIG_BYTES_MAX {
            return Err(format!(
                "{} is {size} bytes; a routes configuration is at most {CONFIG_BYTES_MAX}",
                path.display()
            ));
        }
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Config::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Parses and checks a configuration's JSON.
    pub fn parse(text: &str) -> Result<Config, String> {
        let config: Config = serde_json::from_str(text).map_err(|e| e.to_string())?;
        config.check()?;
        Ok(config)
    }

    fn check(&self) -> Result<(), String> {
        if self.corridors.len() > CORRIDORS_MAX {
            return Err(format!("at most {CORRIDORS_MAX} corridors"));
        }
        let mut seen = std::collections::BTreeSet::new();
        for corridor in &self.corridors {
            check_corridor(corridor)?;
            if !seen.insert(corridor.pair.as_str()) {
                return Err(format!("corridor {} is listed twice", corridor.pair));
            }
        }
        for (mode, floats) in &self.liquidity {
            if mode != "test" && mode != "live" {
                return Err(format!(
                    "liquidity is per mode, test or live (got {mode:?})"
                ));
            }
            if floats.len() > LIQUIDITY_CURRENCIES_MAX {
                return Err(format!(
                    "at most {LIQUIDITY_CURRENCIES_MAX} liquidity currencies per mode"
                ));
            }
            for (code, amount) in floats {
                known_currency(code)?;
                if !(0..=AMOUNT_MAX).contains(amount) {
                    return Err(format!("liquidity {mode} {code} must be 0 to {AMOUNT_MAX}"));
                }
            }
        }
        for code in &self.disabled_currencies {
            known_currency(code)?;
        }
        Ok(())
    }

    /// The corridor of `pair` in `mode` at `now_ms` (licence expiry), or why
    /// it cannot carry a transfer.
    pub fn corridor(&self, mode: Mode, pair: &str, now_ms: i64) -> Result<Corridor, Closed> {
        let Some(found) = self.corridors.iter().find(|c| c.pair == pair) else {
            return match mode {
                Mode::Test => Ok(automatic(pair)),
                Mode::Live => Err(Closed::NotLive),
            };
        };
        let corridor = rules(found, now_ms);
        match (corridor.status, mode) {
            (CorridorStatus::Suspended, _) => Err(Closed::Suspended),
            (CorridorStatus::Sandbox, Mode::Live) => Err(Closed::NotLive),
            (CorridorStatus::Live, Mode::Live) if !licence_complete(&found.licence) => {
                Err(Closed::NotLive)
            }
            _ => Ok(corridor),
        }
    }

    /// The configured corridors sending from `source` (for the currencies a
    /// recipient may be offered).
    pub fn corridors_from<'a>(&'a self, source: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.corridors
            .iter()
            .filter_map(move |c| c.pair.strip_prefix(source)?.strip_prefix('-'))
    }

    /// The float that can pay out in `currency` now, in `mode`.
    pub fn liquidity_minor(&self, mode: Mode, currency: &str) -> i64 {
        let configured = self
            .liquidity
            .get(mode.as_str())
            .and_then(|floats| floats.get(currency))
            .copied();
        match (configured, mode) {
            (Some(amount), _) => amount,
            (None, Mode::Test) => SANDBOX_LIQUIDITY_MINOR,
            (None, Mode::Live) => 0,
        }
    }

    pub fn currency_disabled(&self, currency: &str) -> bool {
        self.disabled_currencies.iter().any(|c| c == currency)
    }
}

/// The pair of a transfer from `source` to `target` currency.
pub fn pair(source: &str, target: &str) -> String {
    format!("{source}-{target}")
}

fn automatic(pair: &str) -> Corridor {
    Corridor {
        pair: pair.to_string(),
        status: CorridorStatus::Sandbox,
        automatic: true,
        per_transfer_limit_minor: SANDBOX_PER_TRANSFER_LIMIT_MINOR,
        monthly_limit_minor: SANDBOX_MONTHLY_LIMIT_MINOR,
        purposes: Vec::new(),
        purpose_required: false,
        beneficiary_consent: false,
        fx_approved: true,
    }
}

fn rules(found: &CorridorConfig, now_ms: i64) -> Corridor {
    let expired = found
        .licence
        .expires_at
        .as_deref()
        .and_then(parse_time)
        .is_some_and(|at| at <= now_ms);
    let status = if found.status == CorridorStatus::Live && expired {
        // The origin's rule: a live corridor suspends itself when its licence expires.
        CorridorStatus::Suspended
    } else {
        found.status
    };
    Corridor {
        pair: found.pair.clone(),
        status,
        automatic: false,
        per_transfer_limit_minor: found
            .per_transfer_limit_minor
            .unwrap_or(SANDBOX_PER_TRANSFER_LIMIT_MINOR),
        monthly_limit_minor: found
            .monthly_limit_minor
            .unwrap_or(SANDBOX_MONTHLY_LIMIT_MINOR),
        purposes: found.purposes.clone(),
        purpose_required: found.purpose_required,
        beneficiary_consent: found.beneficiary_consent,
        fx_approved: found.status != CorridorStatus::Live
            || found.licence.fx_approval_ref.is_some(),
    }
}

fn licence_complete(licence: &Licence) -> bool {
    licence.number.is_some()
        && licence.expires_at.is_some()
        && licence.aml_ref.is_some()
        && licence.safeguarding_ref.is_some()
        && !licence.partners.is_empty()
}

fn parse_time(text: &str) -> Option<i64> {
    crate::clock::parse_param("expires_at", Some(text))
        .ok()
        .flatten()
}

fn known_currency(code: &str) -> Result<(), String> {
    currency::find(code)
        .map(|_| ())
        .ok_or_else(|| format!("{code:?} is not an ISO 4217 currency this gateway knows"))
}

fn check_corridor(corridor: &CorridorConfig) -> Result<(), String> {
    let pair = &corridor.pair;
    let (source, target) = pair
        .split_once('-')
        .ok_or_else(|| format!("corridor pair {pair:?} must be SOURCE-TARGET such as USD-CDF"))?;
    known_currency(source)?;
    known_currency(target)?;
    for (name, limit) in [
        (
            "per_transfer_limit_minor",
            corridor.per_transfer_limit_minor,
        ),
        ("monthly_limit_minor", corridor.monthly_limit_minor),
    ] {
        if limit.is_some_and(|l| !(1..=AMOUNT_MAX).contains(&l)) {
            return Err(format!("corridor {pair}: {name} must be 1 to {AMOUNT_MAX}"));
        }
    }
    if corridor.purposes.len() > PURPOSES_MAX {
        return Err(format!("corridor {pair}: at most {PURPOSES_MAX} purposes"));
    }
    for purpose in &corridor.purposes {
        super::purpose_code(purpose)
            .ok_or_else(|| format!("corridor {pair}: unknown purpose {purpose:?}"))?;
    }
    let licence = &corridor.licence;
    let fields = [
        &licence.number,
        &licence.expires_at,
        &licence.fx_approval_ref,
        &licence.aml_ref,
        &licence.safeguarding_ref,
    ];
    let too_long = fields
        .iter()
        .filter_map(|f| f.as_deref())
        .chain(licence.partners.iter().map(String::as_str))
        .any(|f| f.chars().count() > LICENCE_FIELD_CHARS_MAX);
    if too_long || licence.partners.len() > PURPOSES_MAX {
        return Err(format!("corridor {pair}: a licence field is too long"));
    }
    if let Some(at) = &licence.expires_at {
        parse_time(at).ok_or_else(|| {
            format!("corridor {pair}: licence.expires_at must be RFC 3339 (got {at:?})")
        })?;
    }
    Ok(())
}

/// The currency a country pays in: a recipient's local currency (the
/// mobile-money operator's or the bank's country). Countries of the rail
/// catalogue and their neighbours; others have none.
pub fn local_currency(country: &str) -> Option<&'static str> {
    const COUNTRIES: &[(&str, &str)] = &[
        ("AO", "AOA"),
        ("BI", "BIF"),
        ("BJ", "XOF"),
        ("BF", "XOF"),
        ("CD", "CDF"),
        ("CF", "XAF"),
        ("CG", "XAF"),
        ("CI", "XOF"),
        ("CM", "XAF"),
        ("ET", "ETB"),
        ("GA", "XAF"),
        ("GH", "GHS"),
        ("GM", "GMD"),
        ("KE", "KES"),
        ("ML", "XOF"),
        ("MW", "MWK"),
        ("MZ", "MZN"),
        ("NE", "XOF"),
        ("NG", "NGN"),
        ("RW", "RWF"),
        ("SL", "SLE"),
        ("SN", "XOF"),
        ("TD", "XAF"),
        ("TG", "XOF"),
        ("TZ", "TZS"),
        ("UG", "UGX"),
        ("ZA", "ZAR"),
        ("ZM", "ZMW"),
    ];
    COUNTRIES
        .iter()
        .find(|(c, _)| *c == country)
        .map(|(_, currency)| *currency)
}

#[cfg(test)]
mod tests {
    use super::*;

    const YEAR_2027: i64 = 1_798_761_600_000; // 2027-01-01T00:00:00Z

    fn config(text: &str) -> Config {
        Config::parse(text).expect("a valid configuration")
    }

    #[test]
    fn the_sandbox_makes_up_unknown_corridors_and_live_mode_has_none() {
        let none = Config::default();
        let auto = none.corridor(Mode::Test, "USD-CDF", 0).expect("sandbox");
        assert!(auto.automatic);
        assert_eq!(auto.monthly_limit_minor, SANDBOX_MONTHLY_LIMIT_MINOR);
        assert_eq!(
            none.corridor(Mode::Live, "USD-CDF", 0),
            Err(Closed::NotLive)
        );
        assert_eq!(
            none.liquidity_minor(Mode::Test, "CDF"),
            SANDBOX_LIQUIDITY_MINOR
        );
        assert_eq!(none.liquidity_minor(Mode::Live, "CDF"), 0);
    }

    #[test]
    fn a_live_corridor_needs_its_licence_and_suspends_when_it_expires() {
        let text = r#"{"corridors": [
            {"pair": "USD-CDF", "status": "live", "monthly_limit_minor": 500,
             "licence": {"number": "BCC-1", "expires_at": "2027-01-01T00:00:00Z", "aml_ref": "A",
                         "safeguarding_ref": "S", "partners": ["Rawbank"]}},
            {"pair": "EUR-CDF", "status": "live", "licence": {"number": "BCC-2"}},
            {"pair": "USD-KES", "status": "suspended"},
            {"pair": "USD-UGX", "status": "sandbox"}]}"#;
        let c = config(text);
        let live = c
            .corridor(Mode::Live, "USD-CDF", YEAR_2027 - 1)
            .expect("live");
        assert_eq!((live.monthly_limit_minor, live.fx_approved), (500, false));
        assert_eq!(
            c.corridor(Mode::Live, "USD-CDF", YEAR_2027),
            Err(Closed::Suspended)
        );
        assert_eq!(
            c.corridor(Mode::Test, "USD-CDF", YEAR_2027),
            Err(Closed::Suspended)
        );
        assert_eq!(c.corridor(Mode::Live, "EUR-CDF", 0), Err(Closed::NotLive));
        assert!(c.corridor(Mode::Test, "EUR-CDF", 0).is_ok());
        assert_eq!(c.corridor(Mode::Test, "USD-KES", 0), Err(Closed::Suspended));
        assert_eq!(c.corridor(Mode::Live, "USD-UGX", 0), Err(Closed::NotLive));
        assert!(c.corridor(Mode::Test, "USD-UGX", 0).is_ok());
        assert_eq!(
            c.corridors_from("USD").collect::<Vec<_>>(),
            ["CDF", "KES", "UGX"]
        );
    }

    #[test]
    fn bad_files_are_refused_with_the_field_named() {
        for (text, says) in [
            (
                r#"{"corridors": [{"pair": "USDCDF", "status": "live"}]}"#,
                "SOURCE-TARGET",
            ),
            (
                r#"{"corridors": [{"pair": "USD-XXX", "status": "live"}]}"#,
                "XXX",
            ),
            (
                r#"{"corridors": [{"pair": "USD-CDF", "status": "live", "monthly_limit_minor": 0}]}"#,
                "monthly_limit_minor",
            ),
            (
                r#"{"corridors": [{"pair": "USD-CDF", "status": "live", "purposes": ["gambling"]}]}"#,
                "gambling",
            ),
            (r#"{"liquidity": {"prod": {"CDF": 5}}}"#, "per mode"),
            (
                r#"{"liquidity": {"test": {"CDF": -5}}}"#,
                "liquidity test CDF",
            ),
            (
                r#"{"corridors": [{"pair": "USD-CDF", "status": "live", "licence": {"expires_at": "soon"}}]}"#,
                "RFC 3339",
            ),
            (r#"{"corridor": []}"#, "unknown field"),
        ] {
            let err = Config::parse(text).expect_err(text);
            assert!(err.contains(says), "{text}: {err}");
        }
        let twice = r#"{"corridors": [{"pair": "USD-CDF", "status": "live"}, {"pair": "USD-CDF", "status": "sandbox"}]}"#;
        assert!(Config::parse(twice).is_err());
    }

    #[test]
    fn local_currencies_of_the_catalogue_countries() {
        assert_eq!(local_currency("CD"), Some("CDF"));
        assert_eq!(local_currency("CI"), Some("XOF"));
        assert_eq!(local_currency("FR"), None);
        for country in crate::rails::catalogue::CATALOGUE
            .iter()
            .flat_map(|m| m.countries)
        {
            let currency = local_currency(country).unwrap_or_else(|| panic!("{country}"));
            assert!(currency::find(currency).is_some(), "{currency}");
        }
    }
}
