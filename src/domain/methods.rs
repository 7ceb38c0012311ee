//! The method catalogue (rails and operators with their fee, expected time and
//! success rate) and its ranking by `payment_method_policy` (spec section 1
//! rule 5: smart, cheapest, fastest, most_reliable).

use serde::{Deserialize, Serialize};

use super::fees;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum Policy {
    #[default]
    Smart,
    Cheapest,
    Fastest,
    MostReliable,
}

/// A way to pay: a rail, and the operator or network on it.
#[derive(Debug, Clone, Copy)]
pub struct Method {
    pub rail: &'static str,
    pub operator: &'static str,
    pub name: &'static str,
    /// ISO 3166 countries where the operator collects; empty: everywhere.
    pub countries: &'static [&'static str],
    pub provider_bps: i64,
    pub expected_seconds: i64,
    /// Share of attempts that succeed, in basis points.
    pub success_rate_bps: i64,
}

const fn m(
    rail: &'static str,
    operator: &'static str,
    name: &'static str,
    countries: &'static [&'static str],
    provider_bps: i64,
    expected_seconds: i64,
    success_rate_bps: i64,
) -> Method {
    Method {
        rail,
        operator,
        name,
        countries,
        provider_bps,
        expected_seconds,
        success_rate_bps,
    }
}

pub const CATALOGUE: &[Method] = &[
    m(
        "mobile_money",
        "mpesa",
        "Vodacom M-Pesa",
        &["CD", "KE", "TZ", "MZ"],
        150,
        30,
        9_700,
    ),
    m(
        "mobile_money",
        "airtel",
        "Airtel Money",
        &["CD", "UG", "KE", "TZ", "RW", "ZM", "MW"],
        140,
        45,
        9_550,
    ),
    m(
        "mobile_money",
        "orange",
        "Orange Money",
        &["CD", "CI", "SN", "CM", "ML"],
        160,
        40,
        9_600,
    ),
    m(
        "mobile_money",
        "africell",
        "Afrimoney",
        &["CD", "SL", "GM"],
        120,
        60,
        9_300,
    ),
    m(
        "mobile_money",
        "mtn",
        "MTN MoMo",
        &["UG", "RW", "GH", "CM", "CI", "ZM"],
        150,
        35,
        9_650,
    ),
    m("card", "card", "Visa / Mastercard", &[], 250, 5, 9_200),
    m(
        "bank",
        "bank_transfer",
        "Bank transfer",
        &[],
        50,
        86_400,
        9_950,
    ),
    m("wallet", "wallet", "Gateway wallet", &[], 0, 1, 9_990),
    m("qr", "qr", "Scan to pay (EMVCo QR)", &[], 80, 20, 9_800),
];

pub fn find(rail: &str, operator: &str) -> Option<&'static Method> {
    CATALOGUE
        .iter()
        .find(|m| m.rail == rail && m.operator == operator)
}

/// A ranked method with its cost on the intent's amount.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RankedMethod {
    pub rank: usize,
    pub rail: &'static str,
    pub operator: &'static str,
    pub name: &'static str,
    /// All fees on the amount (provider, service, tax).
    pub fee_minor: i64,
    pub expected_seconds: i64,
    /// Share of attempts that succeed, 0..1.
    pub success_rate: f64,
}

/// Methods open to this payer, best first under `policy`.
pub fn rank(
    rails: &[String],
    allowed_operators: &[String],
    country: Option<&str>,
    amount_minor: i64,
    policy: Policy,
) -> Vec<RankedMethod> {
    let mut open: Vec<(&Method, i64)> = CATALOGUE
        .iter()
        .filter(|m| rails.iter().any(|r| r == m.rail))
        .filter(|m| {
            allowed_operators.is_empty()
                || m.rail != "mobile_money"
                || allowed_operators.iter().any(|o| o == m.operator)
        })
        .filter(|m| match country {
            Some(c) if !m.countries.is_empty() => m.countries.contains(&c),
            _ => true,
        })
        .map(|m| {
            (
                m,
                fees::for_collection(m.rail, Some(m.provider_bps), amount_minor).total_minor(),
            )
        })
        .collect();
    open.sort_by(|(a, fee_a), (b, fee_b)| {
        let key = |m: &Method, fee: i64| -> (i64, i64, i64) {
            match policy {
                Policy::Cheapest => (fee, m.expected_seconds, -m.success_rate_bps),
                Policy::Fastest => (m.expected_seconds, fee, -m.success_rate_bps),
                Policy::MostReliable => (-m.success_rate_bps, fee, m.expected_seconds),
                Policy::Smart => (-smart_score(m, fee, amount_minor), fee, m.expected_seconds),
            }
        };
        key(a, *fee_a)
            .cmp(&key(b, *fee_b))
            .then(a.operator.cmp(b.operator))
    });
    open.into_iter()
        .enumerate()
        .map(|(i, (m, fee))| RankedMethod {
            rank: i + 1,
            rail: m.rail,
            operator: m.operator,
            name: m.name,
            fee_minor: fee,
            expected_seconds: m.expected_seconds,
            success_rate: m.success_rate_bps as f64 / 10_000.0,
        })
        .collect()
}

/// `smart`: expected value for the merchant. A failed attempt costs a retry
/// (about 2 % of the amount in abandoned checkouts), each basis point of fee
/// costs a basis point, and every minute of waiting costs 1 bp. Higher is better.
fn smart_score(method: &Method, fee_minor: i64, amount_minor: i64) -> i64 {
    let fee_bps = fee_minor * 10_000 / amount_minor.max(1);
    let failure_cost_bps = (10_000 - method.success_rate_bps) * 200 / 10_000 * 10;
    let wait_cost_bps = method.expected_seconds / 60;
    -(fee_bps + failure_cost_bps + wait_cost_bps)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rails(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn operators(ranked: &[RankedMethod]) -> Vec<&str> {
        ranked.iter().map(|r| r.operator).collect()
    }

    #[test]
    fn each_policy_orders_by_its_own_measure() {
        let all = rails(&["mobile_money", "card", "bank"]);
        let cheapest = rank(&all, &[], Some("CD"), 100_000, Policy::Cheapest);
        assert_eq!(cheapest[0].operator, "bank_transfer");
        assert!(
            cheapest
                .windows(2)
                .all(|w| w[0].fee_minor <= w[1].fee_minor)
        );
        let fastest = rank(&all, &[], Some("CD"), 100_000, Policy::Fastest);
        assert_eq!(fastest[0].operator, "card");
        assert!(
            fastest
                .windows(2)
                .all(|w| w[0].expected_seconds <= w[1].expected_seconds)
        );
        let reliable = rank(&all, &[], Some("CD"), 100_000, Policy::MostReliable);
        assert_eq!(reliable[0].operator, "bank_transfer");
        assert!(
            reliable
                .windows(2)
                .all(|w| w[0].success_rate >= w[1].success_rate)
        );
    }

    #[test]
    fn allowed_operators_and_country_filter_mobile_money() {
        let ranked = rank(
            &rails(&["mobile_money"]),
            &rails(&["airtel", "mtn"]),
            Some("CD"),
            10_000,
            Policy::Smart,
        );
        assert_eq!(operators(&ranked), vec!["airtel"]);
        let ranked = rank(
            &rails(&["mobile_money"]),
            &[],
            Some("CD"),
            10_000,
            Policy::Cheapest,
        );
        assert_eq!(
            operators(&ranked),
            vec!["africell", "airtel", "mpesa", "orange"]
        );
        assert!(
            rank(
                &rails(&["card"]),
                &rails(&["airtel"]),
                None,
                10_000,
                Policy::Smart
            )
            .len()
                == 1
        );
    }
}
