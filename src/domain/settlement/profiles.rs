//! Settlement profiles (spec section 2): per rail and currency, how a
//! merchant is settled: the schedule, the cut-off, where the money goes (the
//! wallet's available balance, a mobile-money number or a bank account), the
//! least a cycle pays, and the currency it is paid in. `POST
//! /settlement_profiles` creates the profile of a rail (or of every rail) and
//! a currency, or updates it when one exists. Without one, the defaults of
//! [`terms`] apply: T1 at 22:00 UTC to the wallet (origin section 11), and in
//! the sandbox T0 with the sandbox's settlement period.

use crate::domain::resource::Kind;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::schedule::{self, CUT_OFF_DEFAULT, CutOff, Schedule};
use crate::auth::Principal;
use crate::domain::payouts::destination::{
    self as payout_destination, CarriesPayoutFields, Destination,
};
use crate::domain::{Settings, currency, resource};
use crate::error::{ApiError, Code, Missing};
use crate::mode::Mode;
use crate::rails;
use crate::store::keys::{self, Family};
use crate::store::{Read, Tx};

/// Profiles one organisation keeps per mode (5 rails and "every rail" over a
/// few currencies fit with room).
pub const PROFILES_MAX: usize = 50;
/// The largest minimum a profile may ask for (the amount bound of the gateway).
pub const MINIMUM_MINOR_MAX: i64 = crate::domain::intents::input::AMOUNT_MINOR_MAX;
/// The key part of a profile for every rail.
pub const EVERY_RAIL: &str = "*";

/// `stp_...`: settlement profiles, `settlement_profile_not_found` when absent or another's.
pub const SETTLEMENT_PROFILE: Kind = Kind::new(
    Family::new("stp"),
    Missing::new(Code::SettlementProfileNotFound, "settlement profile"),
);

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Profile {
    pub id: String,
    pub mode: Mode,
    pub owner: String,
    /// `None`: every rail of the currency without a profile of its own.
    pub rail: Option<String>,
    pub currency: String,
    pub schedule: Schedule,
    pub cut_off: CutOff,
    /// `None`: the wallet (the owner's available balance).
    pub destination: Option<Destination>,
    pub minimum_minor: i64,
    pub settlement_currency: String,
    pub auto_convert: bool,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

crate::domain::resource::owned!(Profile);

payout_destination::destination_input! {
    /// Where a settlement goes, as a request sends it: `{"method": "wallet"}`, or
    /// a payout destination (`mobile_money` or `bank`, the fields of `POST /payouts`).
    #[derive(Debug, Clone, Deserialize, ToSchema)]
    #[schema(as = SettlementDestinationInput)]
    #[serde(deny_unknown_fields)]
    pub struct DestinationInput {
        pub method: DestinationMethod,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[schema(as = SettlementDestinationMethod)]
#[serde(rename_all = "snake_case")]
pub enum DestinationMethod {
    /// The organisation's own wallet: the money lands in available.
    Wallet,
    MobileMoney,
    Bank,
}

/// `POST /settlement_profiles`: the profile of (`rail`, `currency`) is
/// created, or updated when it exists (fields left out keep their values).
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = UpsertSettlementProfile)]
#[serde(deny_unknown_fields)]
pub struct UpsertProfile {
    /// ISO 4217: the currency of the payments the profile settles.
    #[schema(example = "CDF")]
    pub currency: String,
    /// `mobile_money`, `card`, `bank`, `wallet` or `qr`; left out: every rail
    /// of the currency that has no profile of its own.
    pub rail: Option<String>,
    /// Default `T1` (the origin's).
    pub schedule: Option<Schedule>,
    /// `HH:MM` in UTC; default `22:00`.
    #[schema(example = "22:00", pattern = "^([01][0-9]|2[0-3]):[0-5][0-9]$")]
    pub cut_off: Option<String>,
    /// Default `{"method": "wallet"}`.
    pub destination: Option<DestinationInput>,
    /// The least a cycle pays, in `settlement_currency` minor units; under
    /// it the cycle is FAILED and its net carries into the next one. Default 0.
    #[serde(default, deserialize_with = "crate::domain::fields::opt_int")]
    #[schema(minimum = 0, maximum = 1_000_000_000_000_000i64)]
    pub minimum_minor: Option<i64>,
    /// ISO 4217; default `currency`. Another currency needs `auto_convert: true`.
    pub settlement_currency: Option<String>,
    /// Convert the net into `settlement_currency` at the FX table's rate less
    /// its margin, disclosed on the cycle. Default false.
    pub auto_convert: Option<bool>,
}

/// What applies to the payments of one rail and currency: a stored profile
/// or the defaults.
#[derive(Debug, Clone)]
pub struct Terms {
    pub profile: Option<String>,
    /// The rail part of the open cycle's key: the profile's rail, or `*`.
    pub key_rail: String,
    pub schedule: Schedule,
    /// `None` in the sandbox's default, whose periods are time-boxed instead.
    pub cut_off: Option<CutOff>,
    /// The sandbox's default: a period ends this long after it opens.
    pub sandbox_period_ms: Option<i64>,
    pub destination: Option<Destination>,
    pub minimum_minor: i64,
    pub settlement_currency: String,
}

impl Terms {
    fn of(profile: &Profile) -> Terms {
        Terms {
            profile: Some(profile.id.clone()),
            key_rail: profile
                .rail
                .clone()
                .unwrap_or_else(|| EVERY_RAIL.to_string()),
            schedule: profile.schedule,
            cut_off: Some(profile.cut_off),
            sandbox_period_ms: None,
            destination: profile.destination.clone(),
            minimum_minor: profile.minimum_minor,
            settlement_currency: profile.settlement_currency.clone(),
        }
    }

    /// No profile: T1 at 22:00 UTC to the wallet (origin section 11); in the
    /// sandbox, T0 with periods of `--sandbox-settlement-ms` from the first
    /// payment, so that test money is available seconds after it is paid.
    fn default(settings: &Settings, mode: Mode, currency: &str) -> Terms {
        let sandbox = mode == Mode::Test;
        Terms {
            profile: None,
            key_rail: EVERY_RAIL.to_string(),
            schedule: if sandbox { Schedule::T0 } else { Schedule::T1 },
            cut_off: (!sandbox).then_some(CUT_OFF_DEFAULT),
            sandbox_period_ms: sandbox.then_some(settings.sandbox_settlement_delay_ms.max(1)),
            destination: None,
            minimum_minor: 0,
            settlement_currency: currency.to_string(),
        }
    }

    /// When a period opened at `at_ms` under these terms ends.
    pub fn period_end(&self, at_ms: i64) -> Option<i64> {
        match (self.sandbox_period_ms, self.cut_off) {
            (Some(period), _) => Some(at_ms.saturating_add(period)),
            (None, Some(cut_off)) => schedule::period_end(self.schedule, cut_off, at_ms),
            (None, None) => None,
        }
    }
}

/// The terms for payments of `rail` (`None`: the every-rail profile) in
/// `currency`: the rail's own profile, else the currency's every-rail one,
/// else the defaults.
pub fn terms(
    read: &impl Read,
    settings: &Settings,
    mode: Mode,
    owner: &str,
    rail: Option<&str>,
    currency: &str,
) -> Result<Terms, ApiError> {
    let candidates = rail.into_iter().chain(std::iter::once(EVERY_RAIL));
    for key_rail in candidates {
        let key = keys::settlement_profile(mode, owner, key_rail, currency);
        let Some(id) = read.index(&key)? else {
            continue;
        };
        let id = String::from_utf8_lossy(&id).into_owned();
        if let Some(profile) = read.object::<Profile>(&id)? {
            return Ok(Terms::of(&profile));
        }
    }
    Ok(Terms::default(settings, mode, currency))
}

/// The caller's profile `id`.
pub fn read(read: &impl Read, principal: &Principal, id: &str) -> Result<Profile, ApiError> {
    resource::find(read, principal, id, &SETTLEMENT_PROFILE)
}

/// A checked `POST /settlement_profiles` body: every field parsed, nothing
/// read from the store yet.
#[derive(Clone)]
pub struct Checked {
    rail: Option<String>,
    currency: String,
    schedule: Option<Schedule>,
    cut_off: Option<CutOff>,
    destination: Option<Option<Destination>>,
    minimum_minor: Option<i64>,
    settlement_currency: Option<String>,
    auto_convert: Option<bool>,
}

impl UpsertProfile {
    /// Checks every field (400 naming it); pure, before the writer.
    pub fn check(self) -> Result<Checked, ApiError> {
        let currency = currency::parse("currency", &self.currency)?
            .code
            .to_string();
        let rail = self.rail.map(|r| rail(&r)).transpose()?;
        let settlement_currency = self
            .settlement_currency
            .map(|c| currency::parse("settlement_currency", &c).map(|c| c.code.to_string()))
            .transpose()?;
        let cut_off = self
            .cut_off
            .map(|c| CutOff::parse("cut_off", &c))
            .transpose()?;
        if let Some(m) = self
            .minimum_minor
            .filter(|m| !(0..=MINIMUM_MINOR_MAX).contains(m))
        {
            return Err(ApiError::new(
                Code::InvalidAmount,
                format!("minimum_minor must be from 0 to {MINIMUM_MINOR_MAX} (got {m})"),
            )
            .with_param("minimum_minor"));
        }
        // A payout destination is checked in the currency it is paid in.
        let paid_in = settlement_currency
            .clone()
            .unwrap_or_else(|| currency.clone());
        let destination = self
            .destination
            .map(|d| destination(d, &paid_in))
            .transpose()?;
        Ok(Checked {
            rail,
            currency,
            schedule: self.schedule,
            cut_off,
            destination,
            minimum_minor: self.minimum_minor,
            settlement_currency,
            auto_convert: self.auto_convert,
        })
    }
}

fn rail(value: &str) -> Result<String, ApiError> {
    rails::RAILS
        .iter()
        .find(|r| **r == value)
        .map(|r| r.to_string())
        .ok_or_else(|| {
            ApiError::field(
                "rail",
                format!(
                    "rail must be one of {} (got {value:?}); leave it out for every rail",
                    rails::RAILS.join(", ")
                ),
            )
        })
}

/// `None` for the wallet; a payout destination checked as `POST /payouts` checks it.
fn destination(
    mut input: DestinationInput,
    currency: &str,
) -> Result<Option<Destination>, ApiError> {
    let payout_method = match input.method {
        DestinationMethod::Wallet => {
            if let Some(field) = input.first_payout_field() {
                return Err(ApiError::field(
                    format!("destination.{field}"),
                    format!("destination.{field} is not a field of a wallet destination"),
                ));
            }
            return Ok(None);
        }
        DestinationMethod::MobileMoney => payout_destination::Method::MobileMoney,
        DestinationMethod::Bank => payout_destination::Method::Bank,
    };
    Destination::parse(input.take_payout(payout_method), currency, "destination").map(Some)
}

/// `POST /settlement_profiles`: creates the profile of the rail and
/// currency, or updates it. Returns it and whether it was created. The
/// running period of its rail and currency takes the new terms at once.
pub fn upsert(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    checked: Checked,
) -> Result<(Profile, bool), ApiError> {
    let (mode, owner) = (principal.mode, principal.owner().to_string());
    let key_rail = checked.rail.as_deref().unwrap_or(EVERY_RAIL).to_string();
    let key = keys::settlement_profile(mode, &owner, &key_rail, &checked.currency);
    let now = tx.now_ms();
    let existing = match tx.index_id(&key)? {
        Some(id) => tx.object::<Profile>(&id)?,
        None => None,
    };
    let created = existing.is_none();
    if created {
        require_room(tx, principal)?;
    }
    let mut profile = existing.unwrap_or_else(|| Profile {
        id: SETTLEMENT_PROFILE.new_id(),
        mode,
        owner: owner.clone(),
        rail: checked.rail.clone(),
        currency: checked.currency.clone(),
        schedule: Schedule::T1,
        cut_off: CUT_OFF_DEFAULT,
        destination: None,
        minimum_minor: 0,
        settlement_currency: checked.currency.clone(),
        auto_convert: false,
        created_at_ms: now,
        updated_at_ms: now,
    });
    apply(&mut profile, checked)?;
    profile.updated_at_ms = now;
    if created {
        resource::insert(tx, SETTLEMENT_PROFILE.family, &profile)?;
        resource::point(tx, key, &profile.id);
    } else {
        tx.put_object(profile.id.clone(), &profile)?;
    }
    super::cycles::retune_open(tx, settings, &profile)?;
    Ok((profile, created))
}

/// The fields sent, over what the profile had; a settlement currency other
/// than the profile's needs `auto_convert`.
fn apply(profile: &mut Profile, checked: Checked) -> Result<(), ApiError> {
    if let Some(schedule) = checked.schedule {
        profile.schedule = schedule;
    }
    if let Some(cut_off) = checked.cut_off {
        profile.cut_off = cut_off;
    }
    if let Some(destination) = checked.destination {
        profile.destination = destination;
    }
    if let Some(minimum) = checked.minimum_minor {
        profile.minimum_minor = minimum;
    }
    if let Some(currency) = checked.settlement_currency {
        profile.settlement_currency = currency;
    }
    if let Some(auto_convert) = checked.auto_convert {
        profile.auto_convert = auto_convert;
    }
    if profile.settlement_currency != profile.currency && !profile.auto_convert {
        return Err(ApiError::field(
            "auto_convert",
            format!(
                "settling {} payments in {} needs auto_convert: true (the net converts at the FX table's rate less its margin)",
                profile.currency, profile.settlement_currency
            ),
        ));
    }
    Ok(())
}

fn require_room(tx: &Tx<'_>, principal: &Principal) -> Result<(), ApiError> {
    let prefix = keys::owned_prefix(SETTLEMENT_PROFILE.family, principal.mode, principal.owner());
    let held = tx.scan_index(&prefix, None, PROFILES_MAX)?.len();
    if held >= PROFILES_MAX {
        return Err(ApiError::new(
            Code::SettlementProfilesFull,
            format!(
                "this organisation has {PROFILES_MAX} settlement profiles in this mode, the most allowed; update one (same rail and currency) instead"
            ),
        ));
    }
    Ok(())
}
