//! The rate table: the mid-market rates quotes are priced from, per currency
//! pair, one table per mode, for the whole gateway.
//!
//! A pair `USD-CDF` holds how many CDF one USD buys (major units). A quote of
//! `from → to` reads the pair `from-to`, else its inverse `to-from`, else the
//! cross of both currencies' legs against USD (the pivot). Each pair carries
//! its margin policy in basis points (default 100, the origin's); a cross
//! takes the larger of its legs' margins, so it never undercuts either leg.
//!
//! An operator sets a pair offline (`paygate fx set-rate`) or in a session
//! (`PUT /fx/rates/{pair}`, owners and admins of the gateway's organisation);
//! each change is stamped (when, by whom) and written to the audit log. The
//! sandbox (test mode) starts with [`SANDBOX_RATES`], which never age; live
//! mode has no defaults, so it never quotes from a rate nobody set. A rate an
//! operator set is stale after [`RATE_FRESH_MS`]; a quote priced from a stale
//! rate is INDICATIVE.
//!
//! Stored in `meta` at `fx_rates|<mode>` (`store::keys::fx_rates`) as one
//! record of at most [`PAIRS_MAX`] pairs: a quote reads it with one get.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::convert::Rate;
use crate::domain::audit::{self, Actor};
use crate::domain::currency::{self, Currency};
use crate::error::{ApiError, Code};
use crate::mode::Mode;
use crate::store::{Meta, Read, Tx};

/// The currency every cross rate goes through.
pub const PIVOT: &str = "USD";
/// The margin of a pair whose policy says nothing else (the origin's 100 bps).
pub const DEFAULT_MARGIN_BPS: u32 = 100;
/// The largest margin a policy may set: 10 %.
pub const MARGIN_BPS_MAX: i64 = 1_000;
/// A rate an operator set is fresh this long (the origin's 24 h).
pub const RATE_FRESH_MS: i64 = 24 * 3_600_000;
/// Pairs an operator may set per mode.
pub const PAIRS_MAX: usize = 200;
/// A pair's text: `USD-CDF`.
pub const PAIR_CHARS_MAX: usize = 7;

/// The sandbox's built-in mid-market rates: illustrative values of the
/// currencies the gateway's users hold, against USD, and the two CFA francs'
/// fixed parity with the euro. Not market data; documented in `docs/fx.md`.
pub const SANDBOX_RATES: &[(&str, &str)] = &[
    ("USD-CDF", "2800"),
    ("USD-EUR", "0.92"),
    ("USD-XAF", "603.5"),
    ("USD-XOF", "603.5"),
    ("USD-KES", "129.5"),
    ("USD-GHS", "15.5"),
    ("USD-NGN", "1550"),
    ("USD-UGX", "3700"),
    ("USD-RWF", "1400"),
    ("USD-ZMW", "27"),
    ("USD-TZS", "2650"),
    ("EUR-XAF", "655.957"),
    ("EUR-XOF", "655.957"),
];

/// Two currencies: one `base` buys `rate` of `quote`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pair {
    pub base: Currency,
    pub quote: Currency,
}

impl Pair {
    /// `USD-CDF`: two known currency codes, upper case, not the same.
    pub fn parse(param: &str, text: &str) -> Result<Pair, ApiError> {
        let malformed = || {
            ApiError::field(
                param,
                format!(
                    "{param} must be two currency codes joined by a dash, such as USD-CDF (got {text:?})"
                ),
            )
        };
        if text.len() > PAIR_CHARS_MAX {
            return Err(malformed());
        }
        let (base, quote) = text.split_once('-').ok_or_else(malformed)?;
        let pair = Pair {
            base: currency::parse(param, base)?,
            quote: currency::parse(param, quote)?,
        };
        if pair.base == pair.quote {
            return Err(ApiError::field(
                param,
                format!("{param} must name two different currencies (got {text})"),
            ));
        }
        Ok(pair)
    }

    pub fn code(&self) -> String {
        code(self.base, self.quote)
    }
}

fn code(base: Currency, quote: Currency) -> String {
    format!("{}-{}", base.code, quote.code)
}

/// One pair of the table as quotes see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub pair: String,
    pub mid_rate: Rate,
    pub margin_bps: u32,
    /// When and by whom an operator set it; `None` for a sandbox default.
    pub updated: Option<Stamp>,
}

/// When and by whom a rate was set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamp {
    pub at_ms: i64,
    /// The member's email, or `cli`.
    pub by: String,
}

/// A pair an operator set, as stored.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct SetRate {
    mid_rate: Rate,
    margin_bps: u32,
    updated: Stamp,
}

/// What `fx_rates|<mode>` holds.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Stored {
    rates: BTreeMap<String, SetRate>,
}

fn load(read: &impl Read, mode: Mode) -> Result<Stored, ApiError> {
    Ok(read.meta(Meta::FxRates(mode))?.unwrap_or_default())
}

/// The mid-market rate of a conversion and where it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mid {
    pub rate: Rate,
    pub margin_bps: u32,
    /// When the oldest rate it was derived from was set; `None` when every
    /// one is a sandbox default (which never ages).
    pub set_at_ms: Option<i64>,
}

impl Mid {
    /// Whether a rate it comes from is older than [`RATE_FRESH_MS`] at `now_ms`.
    pub fn stale_at(&self, now_ms: i64) -> bool {
        self.set_at_ms.is_some_and(|set| is_stale(set, now_ms))
    }
}

/// Whether a rate set at `set_at_ms` is stale at `now_ms`: older than
/// [`RATE_FRESH_MS`]. A clock behind the stamp (a test clock in the past)
/// sees it fresh.
pub fn is_stale(set_at_ms: i64, now_ms: i64) -> bool {
    now_ms.saturating_sub(set_at_ms) > RATE_FRESH_MS
}

/// The rates of one mode: the sandbox defaults (test mode) under what
/// operators set.
#[derive(Debug, Clone, Default)]
pub struct RateTable(BTreeMap<String, Entry>);

/// The table of `mode`.
pub fn table(read: &impl Read, mode: Mode) -> Result<RateTable, ApiError> {
    let mut entries = BTreeMap::new();
    if mode == Mode::Test {
        for (pair, rate) in SANDBOX_RATES {
            let mid_rate = Rate::parse(rate).map_err(ApiError::internal)?;
            let entry = Entry {
                pair: pair.to_string(),
                mid_rate,
                margin_bps: DEFAULT_MARGIN_BPS,
                updated: None,
            };
            entries.insert(pair.to_string(), entry);
        }
    }
    for (pair, set) in load(read, mode)?.rates {
        let entry = Entry {
            pair: pair.clone(),
            mid_rate: set.mid_rate,
            margin_bps: set.margin_bps,
            updated: Some(set.updated),
        };
        entries.insert(pair, entry);
    }
    Ok(RateTable(entries))
}

/// The sandbox's default table alone (unit tests of what prices from it).
#[cfg(test)]
pub fn sandbox_table() -> RateTable {
    let entries = SANDBOX_RATES
        .iter()
        .filter_map(|(pair, rate)| {
            let entry = Entry {
                pair: pair.to_string(),
                mid_rate: Rate::parse(rate).ok()?,
                margin_bps: DEFAULT_MARGIN_BPS,
                updated: None,
            };
            Some((pair.to_string(), entry))
        })
        .collect();
    RateTable(entries)
}

impl RateTable {
    /// Every pair, by code.
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.0.values()
    }

    /// The mid-market rate `from → to`: the pair, its inverse, or the cross
    /// of both currencies' legs against [`PIVOT`].
    pub fn mid(&self, from: Currency, to: Currency) -> Option<Mid> {
        if from == to {
            return None;
        }
        if let Some(mid) = self.leg(from, to) {
            return Some(mid);
        }
        let pivot = currency::find(PIVOT)?;
        let from_leg = self.leg(pivot, from)?;
        let to_leg = self.leg(pivot, to)?;
        Some(Mid {
            // (to per USD) / (from per USD) = to per from.
            rate: to_leg.rate.cross(from_leg.rate)?,
            margin_bps: from_leg.margin_bps.max(to_leg.margin_bps),
            set_at_ms: oldest(from_leg.set_at_ms, to_leg.set_at_ms),
        })
    }

    /// The pair `from-to`, or the inverse of `to-from`.
    fn leg(&self, from: Currency, to: Currency) -> Option<Mid> {
        let mid = |entry: &Entry, rate: Rate| Mid {
            rate,
            margin_bps: entry.margin_bps,
            set_at_ms: entry.updated.as_ref().map(|s| s.at_ms),
        };
        if let Some(direct) = self.0.get(&code(from, to)) {
            return Some(mid(direct, direct.mid_rate));
        }
        let inverse = self.0.get(&code(to, from))?;
        Some(mid(inverse, inverse.mid_rate.inverse()?))
    }
}

/// The older of two stamps; a sandbox default (`None`) never ages.
fn oldest(a: Option<i64>, b: Option<i64>) -> Option<i64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (one, None) | (None, one) => one,
    }
}

/// A rate to set, as the request or the command line gave it.
#[derive(Clone)]
pub struct NewRate {
    pub pair: String,
    pub rate: String,
    pub margin_bps: Option<i64>,
}

/// Sets a pair's mid-market rate and margin in `mode`, stamped with the real
/// time (rates belong to the gateway, not to a sandbox's clock) and `actor`,
/// and audited. One rate per two currencies: setting `CDF-USD` while
/// `USD-CDF` exists is refused, so both directions always agree.
pub fn set(tx: &mut Tx<'_>, actor: &Actor, mode: Mode, new: NewRate) -> Result<Entry, ApiError> {
    let (pair, mid_rate, margin_bps) = checked(&new)?;
    let key = pair.code();
    let inverse = code(pair.quote, pair.base);
    let table = table(tx, mode)?;
    if table.0.contains_key(&inverse) {
        return Err(ApiError::field(
            "pair",
            format!(
                "{inverse} already holds this rate: set {inverse} to the inverse of your rate, so both directions agree"
            ),
        ));
    }
    let mut stored = load(tx, mode)?;
    if !stored.rates.contains_key(&key) && stored.rates.len() >= PAIRS_MAX {
        return Err(ApiError::field(
            "pair",
            format!(
                "the {} rate table holds {PAIRS_MAX} pairs at most; quote other pairs through USD",
                mode.as_str()
            ),
        ));
    }
    let previous = table.0.get(&key).map(|e| e.mid_rate.to_string());
    let updated = Stamp {
        at_ms: tx.wall_ms(),
        by: who(actor),
    };
    let set = SetRate {
        mid_rate,
        margin_bps,
        updated: updated.clone(),
    };
    stored.rates.insert(key.clone(), set);
    tx.put_meta(Meta::FxRates(mode), &stored)?;
    audit::record(
        tx,
        actor,
        "fx_rate.updated",
        Some(&key),
        serde_json::json!({
            "mode": mode.as_str(),
            "mid_rate": mid_rate.to_string(),
            "margin_bps": margin_bps,
            "previous_mid_rate": previous,
        }),
    )?;
    Ok(Entry {
        pair: key,
        mid_rate,
        margin_bps,
        updated: Some(updated),
    })
}

/// The pair, the rate and the margin of `new`, each error naming its field.
fn checked(new: &NewRate) -> Result<(Pair, Rate, u32), ApiError> {
    let pair = Pair::parse("pair", &new.pair)?;
    let rate = Rate::parse(&new.rate).map_err(|m| ApiError::field("rate", format!("rate {m}")))?;
    if !rate.in_bounds() {
        return Err(ApiError::field(
            "rate",
            format!(
                "rate must be from {} to {} (got {rate})",
                super::convert::RATE_MIN,
                super::convert::RATE_MAX
            ),
        ));
    }
    Ok((pair, rate, margin(new.margin_bps)?))
}

fn margin(margin_bps: Option<i64>) -> Result<u32, ApiError> {
    let Some(bps) = margin_bps else {
        return Ok(DEFAULT_MARGIN_BPS);
    };
    if !(0..=MARGIN_BPS_MAX).contains(&bps) {
        return Err(ApiError::field(
            "margin_bps",
            format!("margin_bps must be from 0 to {MARGIN_BPS_MAX} (got {bps})"),
        ));
    }
    u32::try_from(bps).map_err(ApiError::internal)
}

/// Who set a rate, as its stamp names them: a member by email, a key by id,
/// the command line as `cli`.
fn who(actor: &Actor) -> String {
    actor
        .email
        .clone()
        .or_else(|| actor.key_id.clone())
        .unwrap_or_else(|| actor.kind.clone())
}

/// Refuses a rate change unless it comes from the gateway's own organisation
/// (the one `init` created: `org::instance`), acting for itself: the table
/// prices every organisation's conversions, so no hosted organisation may
/// move it. The role (owner or admin, `fx_rates:manage`) is the gate's check.
pub fn require_operator(
    read: &impl Read,
    principal: &crate::auth::Principal,
) -> Result<(), ApiError> {
    let operator = crate::domain::org::instance(read)?;
    if principal.org != operator.id || principal.account.is_some() {
        return Err(ApiError::new(
            Code::OperatorRequired,
            "FX rates are the gateway's: only the owners and admins of the gateway's own organisation set them",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    fn usd() -> Currency {
        currency::find("USD").expect("USD")
    }

    fn ccy(code: &str) -> Currency {
        currency::find(code).expect("currency")
    }

    fn set(
        store: &Store,
        at_ms: i64,
        mode: Mode,
        pair: &str,
        rate: &str,
    ) -> Result<Entry, ApiError> {
        let new = NewRate {
            pair: pair.into(),
            rate: rate.into(),
            margin_bps: None,
        };
        store.write_now(at_ms, |tx| super::set(tx, &Actor::cli("org_a"), mode, new))
    }

    #[test]
    fn pairs_name_two_known_different_currencies() {
        let pair = Pair::parse("pair", "USD-CDF").expect("pair");
        assert_eq!(pair.code(), "USD-CDF");
        for bad in [
            "USDCDF",
            "USD-",
            "usd-cdf",
            "USD-USD",
            "USD-CDF-EUR",
            "USD/CDF",
            "XYZ-USD",
        ] {
            let err = Pair::parse("pair", bad).expect_err(bad);
            assert_eq!(err.param.as_deref(), Some("pair"), "{bad}");
        }
    }

    #[test]
    fn the_sandbox_quotes_pairs_inverses_and_crosses_live_quotes_only_what_was_set() {
        let store = Store::ephemeral().expect("store");
        let snapshot = store.snapshot().expect("snapshot");
        let test = table(&snapshot, Mode::Test).expect("table");
        let direct = test.mid(usd(), ccy("CDF")).expect("USD-CDF");
        assert_eq!(
            (direct.rate.to_string(), direct.set_at_ms),
            ("2800".into(), None)
        );
        let inverse = test.mid(ccy("CDF"), usd()).expect("CDF-USD");
        assert_eq!(inverse.rate.to_string(), "0.000357142857142857");
        // KES → UGX through USD: 3700 / 129.5.
        let cross = test.mid(ccy("KES"), ccy("UGX")).expect("cross");
        assert_eq!(cross.rate.to_string(), "28.571428571428571429");
        // The direct parity wins over the cross through USD (603.5 / 0.92).
        let parity = test.mid(ccy("EUR"), ccy("XAF")).expect("EUR-XAF");
        assert_eq!(parity.rate.to_string(), "655.957");
        assert_eq!(test.mid(usd(), ccy("JPY")), None, "no JPY rate");
        assert_eq!(test.mid(usd(), usd()), None);
        let live = table(&snapshot, Mode::Live).expect("live");
        assert_eq!(live.mid(usd(), ccy("CDF")), None, "live has no defaults");
        assert_eq!(live.entries().count(), 0);
    }

    #[test]
    fn a_set_rate_is_stamped_overrides_the_default_and_ages() {
        let store = Store::ephemeral().expect("store");
        let entry = set(&store, 1_000, Mode::Test, "USD-CDF", "2900.5").expect("set");
        assert_eq!(
            entry.updated,
            Some(Stamp {
                at_ms: 1_000,
                by: "cli".into()
            })
        );
        let snapshot = store.snapshot().expect("snapshot");
        let mid = table(&snapshot, Mode::Test)
            .expect("table")
            .mid(usd(), ccy("CDF"))
            .expect("mid");
        assert_eq!(
            (mid.rate.to_string(), mid.set_at_ms),
            ("2900.5".into(), Some(1_000))
        );
        assert!(
            !mid.stale_at(1_000 + RATE_FRESH_MS),
            "fresh for exactly 24 h"
        );
        assert!(mid.stale_at(1_001 + RATE_FRESH_MS));
        assert!(!mid.stale_at(0), "a clock before the stamp is not stale");
        // A cross ages with its older leg; a default leg never ages.
        let cross = table(&snapshot, Mode::Test)
            .expect("table")
            .mid(ccy("CDF"), ccy("KES"))
            .expect("cross");
        assert_eq!(cross.set_at_ms, Some(1_000));
        // Live is apart.
        assert_eq!(
            table(&snapshot, Mode::Live)
                .expect("live")
                .mid(usd(), ccy("CDF")),
            None
        );
    }

    #[test]
    fn bad_rates_and_an_inverse_of_a_set_pair_are_refused_naming_the_field() {
        let store = Store::ephemeral().expect("store");
        let param = |r: Result<Entry, ApiError>| r.err().and_then(|e| e.param);
        assert_eq!(
            param(set(&store, 1, Mode::Test, "USD-CDF", "0")),
            Some("rate".into())
        );
        assert_eq!(
            param(set(&store, 1, Mode::Test, "USD-CDF", "2e3")),
            Some("rate".into())
        );
        assert_eq!(
            param(set(&store, 1, Mode::Test, "USD-CDF", "1000001")),
            Some("rate".into())
        );
        assert_eq!(
            param(set(&store, 1, Mode::Test, "CDF-USD", "0.0004")),
            Some("pair".into())
        );
        assert_eq!(param(set(&store, 1, Mode::Live, "USD-JPY", "150")), None);
        assert_eq!(
            param(set(&store, 1, Mode::Live, "JPY-USD", "0.0067")),
            Some("pair".into())
        );
        let margin = NewRate {
            pair: "USD-JPY".into(),
            rate: "150".into(),
            margin_bps: Some(1_001),
        };
        let refused = store.write_now(1, |tx| super::set(tx, &Actor::cli("o"), Mode::Live, margin));
        assert_eq!(param(refused), Some("margin_bps".into()));
    }

    #[test]
    fn the_table_is_bounded() {
        let store = Store::ephemeral().expect("store");
        let codes: Vec<&str> = currency::CURRENCIES.iter().map(|c| c.code).collect();
        let mut set_count = 0;
        'fill: for base in &codes {
            for quote in &codes {
                if base < quote {
                    set(&store, 1, Mode::Live, &format!("{base}-{quote}"), "2").expect("set");
                    set_count += 1;
                    if set_count == PAIRS_MAX {
                        break 'fill;
                    }
                }
            }
        }
        let over = set(&store, 1, Mode::Live, "ZAR-ZMW", "2").expect_err("over the bound");
        assert_eq!(over.param.as_deref(), Some("pair"));
        // Changing a pair already set is always allowed.
        set(&store, 2, Mode::Live, "AED-AOA", "3").expect("update");
    }
}
