//! FX arithmetic: exact, in integers, never `f64`.
//!
//! A [`Rate`] is a decimal with 18 places held as an integer count of
//! 10^-18 units. Every product and quotient goes through [`mul_div`], which
//! multiplies into 256 bits before it divides, so nothing overflows or loses a
//! digit silently between the inputs and the one rounding each step makes.
//!
//! Rounding, each step once, as `docs/fx.md` explains:
//! - a mid-market rate derived from the table (an inverse, a cross through
//!   USD) is rounded **half to even** at 18 places: it is a reference value,
//!   not money, and favours nobody;
//! - the customer's rate (mid less the margin) is rounded **down** at 18 places;
//! - the recipient amount is rounded **down** to the target currency's minor
//!   unit: the platform never promises a fraction it cannot pay, and what is
//!   cut (less than one minor unit) stays in its FX position. The origin
//!   floors too (O§19).
//!
//! Each figure a quote shows reproduces the next one exactly: `rate` is
//! computed from the shown `mid_rate`, and the recipient amount from the shown
//! `rate`, so a client can check a quote with the same formula.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::domain::currency::Currency;
use crate::domain::fees;
use crate::domain::intents::input::AMOUNT_MINOR_MAX;
use crate::error::{ApiError, Code};

/// Decimal places of a rate.
pub const RATE_DECIMALS: u32 = 18;
/// One unit of a rate, in its 10^-18 steps.
const ONE: u128 = 10u128.pow(RATE_DECIMALS);
/// The smallest rate an operator may set: 0.000001.
pub const RATE_MIN: Rate = Rate(ONE / 1_000_000);
/// The largest rate an operator may set: 1,000,000.
pub const RATE_MAX: Rate = Rate(ONE * 1_000_000);
/// A rate's text is at most this long (7 integer digits, a point, 18 decimals).
pub const RATE_CHARS_MAX: usize = 40;
/// Basis points in one.
const BPS: u128 = 10_000;

/// Units of the target currency per unit of the source currency (major units:
/// `2800` CDF per USD), as 10^-18 steps. Shown and stored as a decimal string
/// (`"2800"`, `"0.000357142857142857"`): a JSON number would reach most
/// clients as a float and lose digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Rate(u128);

impl Rate {
    /// A rate from its 10^-18 steps.
    #[cfg(test)]
    pub const fn from_steps(steps: u128) -> Rate {
        Rate(steps)
    }

    /// A whole number of units (`Rate::units(2800)`).
    #[cfg(test)]
    pub const fn units(units: u128) -> Rate {
        Rate(units * ONE)
    }

    #[cfg(test)]
    pub fn steps(self) -> u128 {
        self.0
    }

    /// Parses `digits[.digits]`, at most 18 decimals, no sign, no exponent.
    /// The message names what is wrong; the caller adds the field.
    pub fn parse(text: &str) -> Result<Rate, String> {
        let malformed = || {
            format!(
                "must be a decimal such as \"2800\" or \"0.000357\" with at most {RATE_DECIMALS} decimals (got {text:?})"
            )
        };
        if text.is_empty() || text.len() > RATE_CHARS_MAX {
            return Err(malformed());
        }
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty()
            || !digits(whole)
            || !digits(fraction)
            || fraction.len() > RATE_DECIMALS as usize
            || (text.contains('.') && fraction.is_empty())
        {
            return Err(malformed());
        }
        let whole: u128 = whole.parse().map_err(|_| malformed())?;
        let padded = format!("{fraction:0<width$}", width = RATE_DECIMALS as usize);
        let fraction: u128 = padded.parse().map_err(|_| malformed())?;
        let steps = whole
            .checked_mul(ONE)
            .and_then(|w| w.checked_add(fraction))
            .ok_or_else(malformed)?;
        Ok(Rate(steps))
    }

    /// Whether an operator may set it: 0.000001 to 1,000,000.
    pub fn in_bounds(self) -> bool {
        (RATE_MIN..=RATE_MAX).contains(&self)
    }

    /// `1 / self`, half to even at 18 places (a derived mid-market rate).
    pub fn inverse(self) -> Option<Rate> {
        div_half_even(ONE, ONE, self.0).map(Rate)
    }

    /// `self / under`, half to even at 18 places: the cross rate of two legs
    /// quoted against one pivot currency.
    pub fn cross(self, under: Rate) -> Option<Rate> {
        div_half_even(self.0, ONE, under.0).map(Rate)
    }

    /// The customer's rate: `self × (1 − margin_bps / 10 000)`, rounded down.
    pub fn less_margin(self, margin_bps: u32) -> Rate {
        let keep = BPS.saturating_sub(u128::from(margin_bps));
        // `keep ≤ 10 000`, so the quotient is at most `self`: it always fits.
        Rate(mul_div(self.0, keep, BPS).map_or(0, |(q, _)| q))
    }
}

impl fmt::Display for Rate {
    /// The shortest exact decimal: `2800`, `0.5`, `0.000357142857142857`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.0 / ONE;
        let fraction = self.0 % ONE;
        if fraction == 0 {
            return write!(f, "{whole}");
        }
        let digits = format!("{fraction:0width$}", width = RATE_DECIMALS as usize);
        write!(f, "{whole}.{}", digits.trim_end_matches('0'))
    }
}

impl Serialize for Rate {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Rate {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Rate, D::Error> {
        let text = String::deserialize(deserializer)?;
        Rate::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// The exchange fee, in basis points of the amount (the origin's 80 bps).
pub const FEE_BPS: u32 = 80;

/// A conversion priced: what a quote shows besides the mid-market rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Priced {
    /// In the source currency.
    pub fee_minor: i64,
    /// The customer's rate: the mid-market rate less the margin.
    pub rate: Rate,
    /// In the target currency.
    pub recipient_minor: i64,
}

/// Prices converting `amount_minor` of `source` into `target` at `mid` less
/// `margin_bps` (the origin's formula, O§19): the fee, 80 bps of the amount
/// rounded half up as every fee of the gateway (`fees::bps_of`), comes off
/// in the source currency; the rest converts at the customer's rate, rounded
/// down. A recipient amount below one minor unit or above the amount bound is
/// refused on `amount_minor`.
pub fn price(
    amount_minor: i64,
    source: Currency,
    target: Currency,
    mid: Rate,
    margin_bps: u32,
) -> Result<Priced, ApiError> {
    let fee_minor = fees::bps_of(amount_minor, i64::from(FEE_BPS));
    let rate = mid.less_margin(margin_bps);
    let refused = |why: String| ApiError::new(Code::InvalidAmount, why).with_param("amount_minor");
    match convert(amount_minor - fee_minor, source, target, rate) {
        Some(recipient_minor) if (1..=AMOUNT_MINOR_MAX).contains(&recipient_minor) => Ok(Priced {
            fee_minor,
            rate,
            recipient_minor,
        }),
        Some(0) => Err(refused(format!(
            "amount_minor is too small to convert: {amount_minor} {} minor units leave less than one {} minor unit after the {FEE_BPS} bps fee at {rate}",
            source.code, target.code
        ))),
        _ => Err(refused(format!(
            "amount_minor converts to more than {AMOUNT_MINOR_MAX} {} minor units; quote a smaller amount",
            target.code
        ))),
    }
}

/// `amount_minor` of `source` in `target` at `rate`, rounded down to the
/// target's minor unit; `None` when the amount is negative or the result does
/// not fit in an `i64`.
///
/// `amount × rate × 10^target_exponent / (10^18 × 10^source_exponent)`, one
/// division, so the only rounding is the final floor.
pub fn convert(amount_minor: i64, source: Currency, target: Currency, rate: Rate) -> Option<i64> {
    let amount = u128::try_from(amount_minor).ok()?;
    // i64::MAX × 10^3 and 10^18 × 10^3 both fit in u128 (exponents are 0 to 3).
    let scaled = amount.checked_mul(10u128.pow(target.exponent))?;
    let divisor = ONE.checked_mul(10u128.pow(source.exponent))?;
    let (floor, _) = mul_div(scaled, rate.0, divisor)?;
    i64::try_from(floor).ok()
}

/// `a × n / d` rounded half to even; `None` when `d` is 0 or it overflows.
fn div_half_even(a: u128, n: u128, d: u128) -> Option<u128> {
    let (q, r) = mul_div(a, n, d)?;
    let rest = d - r;
    let up = r > rest || (r == rest && q % 2 == 1);
    if up { q.checked_add(1) } else { Some(q) }
}

/// `a × b / d` as (quotient, remainder), exact: the product is formed in 256
/// bits and divided by long division. `None` when `d` is 0 or the quotient
/// does not fit in 128 bits.
pub fn mul_div(a: u128, b: u128, d: u128) -> Option<(u128, u128)> {
    if d == 0 {
        return None;
    }
    let (high, low) = mul_wide(a, b);
    if high >= d {
        return None;
    }
    // Invariant: remainder < d. Shift in one bit of `low` at a time.
    let mut remainder = high;
    let mut quotient: u128 = 0;
    for bit in (0..128).rev() {
        let carry = remainder >> 127;
        remainder = (remainder << 1) | ((low >> bit) & 1);
        quotient <<= 1;
        // With the carry the true value is 2^128 + remainder ≥ d, and below
        // 2d, so the wrapping subtraction lands on the true difference.
        if carry == 1 || remainder >= d {
            remainder = remainder.wrapping_sub(d);
            quotient |= 1;
        }
    }
    Some((quotient, remainder))
}

/// The 256-bit product of `a` and `b` as (high, low) 128-bit halves.
fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    const HALF: u128 = u64::MAX as u128;
    let (a1, a0) = (a >> 64, a & HALF);
    let (b1, b0) = (b >> 64, b & HALF);
    let p00 = a0 * b0;
    let p01 = a0 * b1;
    let p10 = a1 * b0;
    let p11 = a1 * b1;
    // At most 3 × (2^64 − 1): no overflow.
    let middle = (p00 >> 64) + (p01 & HALF) + (p10 & HALF);
    let low = (p00 & HALF) | (middle << 64);
    let high = p11 + (p01 >> 64) + (p10 >> 64) + (middle >> 64);
    (high, low)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::currency::find;

    fn rate(text: &str) -> Rate {
        Rate::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn ccy(code: &str) -> Currency {
        find(code).unwrap_or_else(|| panic!("{code}"))
    }

    #[test]
    fn rates_parse_and_print_exactly() {
        for text in ["2800", "0.5", "0.000357142857142857", "655.957", "1000000"] {
            assert_eq!(rate(text).to_string(), text);
        }
        assert_eq!(rate("2800.000").to_string(), "2800");
        assert_eq!(rate("0.000000000000000001").steps(), 1);
        for bad in [
            "",
            "-1",
            "+1",
            "1e3",
            "1.",
            ".5",
            "1,5",
            "1.2.3",
            " 1",
            "NaN",
            "0.0000000000000000001", // 19 decimals
        ] {
            assert!(Rate::parse(bad).is_err(), "{bad:?} parsed");
        }
        assert!(rate("0.000001").in_bounds() && rate("1000000").in_bounds());
        assert!(!rate("0.00000099").in_bounds() && !rate("1000000.1").in_bounds());
        assert!(!rate("0").in_bounds());
    }

    #[test]
    fn the_wide_product_and_division_are_exact() {
        let max = u128::MAX;
        assert_eq!(mul_wide(max, max), (max - 1, 1));
        assert_eq!(mul_wide(1 << 64, 1 << 64), (1, 0));
        for (a, b, d) in [
            (7u128, 3u128, 2u128),
            (10, 10, 3),
            (0, 5, 7),
            (123_456, 789, 1000),
        ] {
            assert_eq!(mul_div(a, b, d), Some((a * b / d, a * b % d)));
        }
        // (2^128 − 1)² / (2^128 − 1) = 2^128 − 1, remainder 0.
        assert_eq!(mul_div(max, max, max), Some((max, 0)));
        assert_eq!(mul_div(max, 2, 1), None, "quotient over 128 bits");
        assert_eq!(mul_div(1, 1, 0), None);
        // 10^30 × 10^30 / 10^25 = 10^35: the product needs 200 bits.
        let e = |n: u32| 10u128.pow(n);
        assert_eq!(mul_div(e(30), e(30), e(25)), Some((e(35), 0)));
    }

    #[test]
    fn derived_mid_rates_round_half_to_even() {
        // 1 / 2800 = 0.000357142857142857|142857...: the 19th digit is 1, down.
        assert_eq!(
            rate("2800").inverse().map(|r| r.to_string()),
            Some("0.000357142857142857".into())
        );
        // 1 / 3 = 0.333...|3: down; 2 / 3 = 0.666...|6: up.
        assert_eq!(rate("3").inverse(), Some(Rate(333_333_333_333_333_333)));
        assert_eq!(
            rate("2").cross(rate("3")),
            Some(Rate(666_666_666_666_666_667))
        );
        // An exact tie at the 19th place goes to the even neighbour.
        let tie_down = Rate(2).cross(Rate::from_steps(4 * ONE)); // 2e-18 / 4 = 0.5e-18
        assert_eq!(tie_down, Some(Rate(0)));
        let tie_up = Rate(6).cross(Rate::from_steps(4 * ONE)); // 1.5e-18
        assert_eq!(tie_up, Some(Rate(2)));
        // KES → UGX through USD: 3700 / 129.5 = 28.571428571428571428|57...
        assert_eq!(
            rate("3700").cross(rate("129.5")).map(|r| r.to_string()),
            Some("28.571428571428571429".into())
        );
    }

    #[test]
    fn the_margin_rounds_the_customer_rate_down() {
        assert_eq!(rate("2800").less_margin(100).to_string(), "2772");
        assert_eq!(rate("603.5").less_margin(100).to_string(), "597.465");
        // 0.000357142857142857 × 0.99 = 0.00035357142857142843 → ...428 (down).
        assert_eq!(
            rate("0.000357142857142857").less_margin(100).to_string(),
            "0.000353571428571428"
        );
        assert_eq!(rate("1").less_margin(0), rate("1"));
        assert_eq!(rate("1").less_margin(10_000), Rate(0));
    }

    /// The rounding table of `docs/fx.md`: awkward rates, every exponent pair.
    #[test]
    fn conversions_round_down_to_the_target_minor_unit() {
        let cases: &[(i64, &str, &str, &str, i64)] = &[
            // amount, source, target, rate, recipient
            (10_000, "USD", "CDF", "2772", 27_720_000),
            (1, "USD", "XAF", "597.465", 5),    // 5.97465 XAF → 5
            (99, "USD", "XAF", "597.465", 591), // 591.49035 → 591
            (1, "USD", "EUR", "1.5", 1),        // 1.5 → 1, not 2 (no half-up, no half-even)
            (3, "USD", "EUR", "0.5", 1),        // 1.5 → 1
            (5, "USD", "EUR", "0.5", 2),        // 2.5 → 2
            (1, "CDF", "USD", "0.000353571428571428", 0), // 0.0003... cent → 0
            (2_800_000, "CDF", "USD", "0.000353571428571428", 989), // 989.99999... → 989
            (1_000, "KWD", "JPY", "496.123456789012345678", 496), // 1.000 KWD → 496 JPY
            (1, "KWD", "USD", "3.25", 0),       // 0.001 KWD = 0.00325 USD → 0 cents
            (1_000, "XAF", "KWD", "0.0005", 500), // 1,000 XAF = 0.5 KWD = 500 fils
            (1, "UGX", "TZS", "0.7", 70),       // 1 UGX = 0.70 TZS = 70 cents
        ];
        for &(amount, source, target, r, want) in cases {
            let got = convert(amount, ccy(source), ccy(target), rate(r));
            assert_eq!(got, Some(want), "{amount} {source} → {target} at {r}");
        }
    }

    #[test]
    fn a_price_takes_the_fee_then_converts_at_the_rate_less_margin() {
        let (usd, cdf, xaf) = (ccy("USD"), ccy("CDF"), ccy("XAF"));
        // USD 100.00 → CDF at 2800, 100 bps: fee 80 cents, 99.20 × 2772 = 274,982.40 CDF.
        let priced = price(10_000, usd, cdf, rate("2800"), 100).expect("priced");
        assert_eq!(
            priced,
            Priced {
                fee_minor: 80,
                rate: rate("2772"),
                recipient_minor: 27_498_240
            }
        );
        // 63 cents: fee 0.504 → 1 (half up); 62 cents × 597.465 = 370.4283 XAF → 370.
        let small = price(63, usd, xaf, rate("603.5"), 100).expect("priced");
        assert_eq!((small.fee_minor, small.recipient_minor), (1, 370));
        // 1 cent of CDF converts to nothing: refused on amount_minor.
        let dust = price(1, cdf, usd, rate("0.000357142857142857"), 100).expect_err("dust");
        assert_eq!(
            (dust.code, dust.param.as_deref()),
            (Code::InvalidAmount, Some("amount_minor"))
        );
        let huge = price(AMOUNT_MINOR_MAX, usd, xaf, rate("1000000"), 0).expect_err("huge");
        assert_eq!(huge.param.as_deref(), Some("amount_minor"));
    }

    #[test]
    fn conversions_at_the_bounds_never_overflow_silently() {
        let (usd, xaf, kwd) = (ccy("USD"), ccy("XAF"), ccy("KWD"));
        // The largest amount at the largest rate: 10^15 cents × 10^6 = 10^19 XAF: over i64.
        let big = convert(1_000_000_000_000_000, usd, xaf, RATE_MAX);
        assert_eq!(big, None);
        // Just inside: 10^15 cents at 9 → 9 × 10^13 XAF.
        assert_eq!(
            convert(1_000_000_000_000_000, usd, xaf, Rate::units(9)),
            Some(90_000_000_000_000)
        );
        // i64::MAX fils at the smallest rate: exact, no overflow in between.
        let tiny = convert(i64::MAX, kwd, usd, RATE_MIN);
        // 9,223,372,036,854,775.807 KWD × 0.000001 = 9,223,372,036.85... USD.
        assert_eq!(tiny, Some(922_337_203_685));
        assert_eq!(convert(-1, usd, xaf, Rate::units(1)), None);
    }
}
