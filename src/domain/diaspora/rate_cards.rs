//! Diaspora rate cards (spec 4.12 and 8; origin section 23): per corridor
//! (source currency → CDF or USD), the customer's rate, fees, limits and a
//! validity of at most 4 hours, signed with the platform's ed25519 key so a
//! sender's app can check a card offline against `GET /keys`.
//!
//! Cards are derived, not stored: issue windows start every 3 hours and each
//! card is valid 4 hours from its window's start, so the live card always has
//! at least 1 hour left (the origin reissues under 1 h). A card's id carries
//! its pair, its window and a digest of its figures, so a quote can tell an
//! expired card (`rate_card_expired`) from a live one whose rate has changed
//! since (superseded: also `rate_card_expired`).
//!
//! The signed string (UTF-8, `|`-joined, origin section 23):
//! `DD-RATE-CARD|<id>|<source>|<dest>|<customer_rate to 8 decimals>|<valid_from>|<valid_until>|<policy_id>`
//! (times as RFC 3339 in UTC with milliseconds, exactly as the card shows them).

use sha2::{Digest, Sha256};

use crate::clock::rfc3339;
use crate::domain::currency;
use crate::domain::fx::convert::Rate;
use crate::domain::fx::rates::RateTable;
use crate::mode::Mode;

/// A new card's window starts this often.
pub const ISSUE_EVERY_MS: i64 = 3 * 3_600_000;
/// A card is valid this long (spec section 8: at most 4 hours).
pub const VALID_MS: i64 = 4 * 3_600_000;
/// Decimals of the customer's rate on a card and in its signed string.
pub const RATE_DECIMALS: usize = 8;
/// Sources and destinations of the corridors (origin: CDF for CD, else USD).
pub const SOURCES: [&str; 4] = ["USD", "EUR", "GBP", "CAD"];
pub const DESTINATIONS: [&str; 2] = ["CDF", "USD"];

/// The rate policy (origin's admin rate policy, fixed here: decision 169).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    pub id: &'static str,
    pub markup_bps: u32,
    pub fee_bps: i64,
    pub fee_fixed_source_minor: i64,
    pub min_source_minor: i64,
    pub max_source_minor: i64,
}

pub fn policy(mode: Mode) -> Policy {
    Policy {
        id: match mode {
            Mode::Test => "rp_test_1",
            Mode::Live => "rp_live_1",
        },
        markup_bps: 150,
        fee_bps: 100,
        fee_fixed_source_minor: 0,
        min_source_minor: 500,
        max_source_minor: 1_000_000,
    }
}

/// A rate card, unsigned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    pub id: String,
    pub mode: Mode,
    pub source_currency: &'static str,
    pub dest_currency: &'static str,
    pub mid_rate: Rate,
    /// mid × (1 − markup), rounded down to 8 decimals.
    pub customer_rate: Rate,
    pub policy: Policy,
    pub valid_from_ms: i64,
    pub valid_until_ms: i64,
}

/// The window a time falls in.
pub fn window(now_ms: i64) -> i64 {
    now_ms.div_euclid(ISSUE_EVERY_MS)
}

/// `rate` with exactly 8 decimals (`2758.00000000`), rounded down.
pub fn rate_text(rate: Rate) -> String {
    let text = rate.to_string();
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    let fraction: String = fraction
        .chars()
        .chain(std::iter::repeat('0'))
        .take(RATE_DECIMALS)
        .collect();
    format!("{whole}.{fraction}")
}

/// The card of `source → dest` in `window`, when the mode's rates convert it.
pub fn card(table: &RateTable, mode: Mode, source: &str, dest: &str, window: i64) -> Option<Card> {
    let (from, to) = (currency::find(source)?, currency::find(dest)?);
    let policy = policy(mode);
    let mid = table.mid(from, to)?;
    let customer_rate = Rate::parse(&rate_text(mid.rate.less_margin(policy.markup_bps))).ok()?;
    let valid_from_ms = window * ISSUE_EVERY_MS;
    let valid_until_ms = valid_from_ms + VALID_MS;
    let digest = hex::encode(Sha256::digest(format!(
        "{}|{source}|{dest}|{}|{valid_from_ms}|{valid_until_ms}|{}",
        mode.as_str(),
        rate_text(customer_rate),
        policy.id
    )));
    Some(Card {
        id: format!(
            "rc_{}{}_{window}_{}",
            source.to_ascii_lowercase(),
            dest.to_ascii_lowercase(),
            &digest[..12]
        ),
        mode,
        source_currency: from.code,
        dest_currency: to.code,
        mid_rate: mid.rate,
        customer_rate,
        policy,
        valid_from_ms,
        valid_until_ms,
    })
}

/// Every corridor's live card at `now_ms`.
pub fn live(table: &RateTable, mode: Mode, now_ms: i64) -> Vec<Card> {
    SOURCES
        .iter()
        .flat_map(|s| DESTINATIONS.iter().map(move |d| (*s, *d)))
        .filter(|(s, d)| s != d)
        .filter_map(|(s, d)| card(table, mode, s, d, window(now_ms)))
        .collect()
}

/// Why a named card cannot price a quote.
#[derive(Debug, PartialEq, Eq)]
pub enum Unusable {
    /// Not a card id of this pair.
    Unknown,
    /// Past its valid_until, or not yet valid.
    Expired,
    /// The rate moved since it was issued.
    Superseded,
}

/// The card `id` of `source → dest`, if it is usable at `now_ms`.
pub fn named(
    table: &RateTable,
    mode: Mode,
    source: &str,
    dest: &str,
    id: &str,
    now_ms: i64,
) -> Result<Card, Unusable> {
    let prefix = format!(
        "rc_{}{}_",
        source.to_ascii_lowercase(),
        dest.to_ascii_lowercase()
    );
    let window: i64 = id
        .strip_prefix(&prefix)
        .and_then(|rest| rest.split('_').next())
        .and_then(|w| w.parse().ok())
        .ok_or(Unusable::Unknown)?;
    let from = window.saturating_mul(ISSUE_EVERY_MS);
    if now_ms < from || now_ms >= from.saturating_add(VALID_MS) {
        return Err(Unusable::Expired);
    }
    let card = card(table, mode, source, dest, window).ok_or(Unusable::Superseded)?;
    if card.id != id {
        return Err(Unusable::Superseded);
    }
    Ok(card)
}

/// The string the platform key signs (see the module doc).
pub fn signed_string(card: &Card) -> String {
    format!(
        "DD-RATE-CARD|{}|{}|{}|{}|{}|{}|{}",
        card.id,
        card.source_currency,
        card.dest_currency,
        rate_text(card.customer_rate),
        rfc3339(card.valid_from_ms),
        rfc3339(card.valid_until_ms),
        card.policy.id
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> RateTable {
        crate::domain::fx::rates::sandbox_table()
    }

    #[test]
    fn the_live_card_has_at_least_an_hour_left_and_at_most_four() {
        for now in [
            0,
            1,
            ISSUE_EVERY_MS - 1,
            ISSUE_EVERY_MS,
            7 * ISSUE_EVERY_MS + 17,
        ] {
            for card in live(&table(), Mode::Test, now) {
                let left = card.valid_until_ms - now;
                assert!(left > 3_600_000 && left <= VALID_MS, "{left}");
            }
        }
    }

    #[test]
    fn the_customer_rate_is_the_mid_less_the_markup_to_8_decimals() {
        let c = card(&table(), Mode::Test, "USD", "CDF", 5).expect("usd-cdf");
        // 2800 × (1 − 0.015) = 2758.
        assert_eq!(rate_text(c.customer_rate), "2758.00000000");
        assert!(
            signed_string(&c).starts_with(&format!("DD-RATE-CARD|{}|USD|CDF|2758.00000000|", c.id))
        );
    }

    #[test]
    fn a_card_is_refused_after_its_window_and_when_superseded() {
        let c = card(&table(), Mode::Test, "USD", "CDF", 5).expect("usd-cdf");
        let start = 5 * ISSUE_EVERY_MS;
        assert!(named(&table(), Mode::Test, "USD", "CDF", &c.id, start + 1).is_ok());
        assert_eq!(
            named(&table(), Mode::Test, "USD", "CDF", &c.id, start + VALID_MS),
            Err(Unusable::Expired)
        );
        assert_eq!(
            named(&table(), Mode::Test, "EUR", "CDF", &c.id, start),
            Err(Unusable::Unknown)
        );
        let forged = format!("{}x", &c.id[..c.id.len() - 1]);
        assert_eq!(
            named(&table(), Mode::Test, "USD", "CDF", &forged, start),
            Err(Unusable::Superseded)
        );
    }
}
