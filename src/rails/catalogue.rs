//! The rail catalogue: every way money enters or leaves the gateway (a rail,
//! and the operator or network on it), with its cost and expected time. Intent
//! methods (collections) and transfer routes (payouts) are both drawn from
//! here and ranked by `domain::ranking`; within one rail family the entries
//! are listed in the gateway's order of preference (the ranking's
//! `preference` component).

/// One rail of the catalogue. `id` is unique across the catalogue and names
/// the rail in ranking answers (`rail_id`) and in its stored counters.
#[derive(Debug, Clone, Copy)]
pub struct Method {
    /// `mpesa`, `card`, `bank_transfer`, ...; the operator of an attempt.
    pub id: &'static str,
    /// The family: `mobile_money`, `card`, `bank`, `wallet`, `qr`.
    pub rail: &'static str,
    pub name: &'static str,
    /// ISO 3166 countries where it works; empty: everywhere.
    pub countries: &'static [&'static str],
    /// ISO 4217 currencies it pays out in; empty: any.
    pub currencies: &'static [&'static str],
    /// What its provider charges, in basis points of the amount.
    pub provider_bps: i64,
    /// How long it usually takes to decide, as its provider states it.
    pub expected_seconds: i64,
    /// It collects from payers (an intent method).
    pub collects: bool,
    /// It pays out to recipients (a transfer route).
    pub pays_out: bool,
}

/// A mobile-money operator: collects and pays out.
const fn mobile(
    id: &'static str,
    name: &'static str,
    countries: &'static [&'static str],
    currencies: &'static [&'static str],
    provider_bps: i64,
    expected_seconds: i64,
) -> Method {
    Method {
        id,
        rail: "mobile_money",
        name,
        countries,
        currencies,
        provider_bps,
        expected_seconds,
        collects: true,
        pays_out: true,
    }
}

/// A rail with one entry, available everywhere in every currency.
const fn single(
    id: &'static str,
    rail: &'static str,
    name: &'static str,
    provider_bps: i64,
    expected_seconds: i64,
    collects: bool,
    pays_out: bool,
) -> Method {
    Method {
        id,
        rail,
        name,
        countries: &[],
        currencies: &[],
        provider_bps,
        expected_seconds,
        collects,
        pays_out,
    }
}

/// Entries are bounded by this list: a ranking never weighs more than it.
pub const CATALOGUE: &[Method] = &[
    mobile(
        "mpesa",
        "Vodacom M-Pesa",
        &["CD", "KE", "TZ", "MZ"],
        &["CDF", "USD", "KES", "TZS", "MZN"],
        150,
        30,
    ),
    mobile(
        "airtel",
        "Airtel Money",
        &["CD", "UG", "KE", "TZ", "RW", "ZM", "MW"],
        &["CDF", "USD", "UGX", "KES", "TZS", "RWF", "ZMW", "MWK"],
        140,
        45,
    ),
    mobile(
        "orange",
        "Orange Money",
        &["CD", "CI", "SN", "CM", "ML"],
        &["CDF", "USD", "XOF", "XAF"],
        160,
        40,
    ),
    mobile(
        "africell",
        "Afrimoney",
        &["CD", "SL", "GM"],
        &["CDF", "USD", "SLE", "GMD"],
        120,
        60,
    ),
    mobile(
        "mtn",
        "MTN MoMo",
        &["UG", "RW", "GH", "CM", "CI", "ZM"],
        &["UGX", "RWF", "GHS", "XAF", "XOF", "ZMW"],
        150,
        35,
    ),
    single("card", "card", "Visa / Mastercard", 250, 5, true, false),
    // The national instant-payment switch: payouts to bank accounts only
    // (origin behaviour section 19: switch 30 bps); preferred to a transfer.
    single("switch", "bank", "Instant bank switch", 30, 60, false, true),
    single(
        "bank_transfer",
        "bank",
        "Bank transfer",
        50,
        86_400,
        true,
        true,
    ),
    single("wallet", "wallet", "Gateway wallet", 0, 1, true, false),
    single("qr", "qr", "Scan to pay (EMVCo QR)", 80, 20, true, false),
];

/// The entry of `rail` with id `id`.
pub fn find(rail: &str, id: &str) -> Option<&'static Method> {
    CATALOGUE.iter().find(|m| m.rail == rail && m.id == id)
}

/// The entry an attempt on `rail` used: its operator's, or the rail's only
/// collecting entry. A mobile-money attempt whose operator is not known
/// names no entry (which operator it went to cannot be told).
pub fn for_attempt(rail: &str, operator: Option<&str>) -> Option<&'static Method> {
    if let Some(operator) = operator {
        return find(rail, operator);
    }
    let mut collecting = CATALOGUE.iter().filter(|m| m.rail == rail && m.collects);
    match (collecting.next(), collecting.next()) {
        (Some(only), None) => Some(only),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_every_rail_is_a_known_family() {
        for (i, a) in CATALOGUE.iter().enumerate() {
            assert!(super::super::RAILS.contains(&a.rail), "{}", a.rail);
            assert!(a.collects || a.pays_out, "{} is of no use", a.id);
            for b in &CATALOGUE[i + 1..] {
                assert_ne!(a.id, b.id);
            }
        }
    }

    #[test]
    fn an_attempt_names_its_entry_only_when_it_can_be_told() {
        assert_eq!(
            for_attempt("mobile_money", Some("airtel")).map(|m| m.id),
            Some("airtel")
        );
        assert_eq!(for_attempt("card", None).map(|m| m.id), Some("card"));
        // The switch only pays out: a bank collection is a bank transfer.
        assert_eq!(
            for_attempt("bank", None).map(|m| m.id),
            Some("bank_transfer")
        );
        assert!(for_attempt("mobile_money", None).is_none());
        assert!(for_attempt("mobile_money", Some("nope")).is_none());
    }
}
