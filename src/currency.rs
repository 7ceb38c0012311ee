//! ISO 4217 currencies the gateway accepts: code, numeric code (EMVCo tag 53)
//! and minor-unit exponent.

use crate::error::{ApiError, Code};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Currency {
    pub code: &'static str,
    pub numeric: &'static str,
    pub exponent: u32,
}

const fn c(code: &'static str, numeric: &'static str, exponent: u32) -> Currency {
    Currency {
        code,
        numeric,
        exponent,
    }
}

/// Sorted by code.
pub const CURRENCIES: &[Currency] = &[
    c("AED", "784", 2),
    c("AOA", "973", 2),
    c("AUD", "036", 2),
    c("BIF", "108", 0),
    c("BRL", "986", 2),
    c("BWP", "072", 2),
    c("CAD", "124", 2),
    c("CDF", "976", 2),
    c("CHF", "756", 2),
    c("CNY", "156", 2),
    c("CVE", "132", 2),
    c("DJF", "262", 0),
    c("DKK", "208", 2),
    c("DZD", "012", 2),
    c("EGP", "818", 2),
    c("ERN", "232", 2),
    c("ETB", "230", 2),
    c("EUR", "978", 2),
    c("GBP", "826", 2),
    c("GHS", "936", 2),
    c("GMD", "270", 2),
    c("GNF", "324", 0),
    c("HKD", "344", 2),
    c("INR", "356", 2),
    c("JPY", "392", 0),
    c("KES", "404", 2),
    c("KMF", "174", 0),
    c("KRW", "410", 0),
    c("KWD", "414", 3),
    c("LRD", "430", 2),
    c("LSL", "426", 2),
    c("LYD", "434", 3),
    c("MAD", "504", 2),
    c("MGA", "969", 2),
    c("MUR", "480", 2),
    c("MWK", "454", 2),
    c("MXN", "484", 2),
    c("MZN", "943", 2),
    c("NAD", "516", 2),
    c("NGN", "566", 2),
    c("NOK", "578", 2),
    c("PLN", "985", 2),
    c("RWF", "646", 0),
    c("SAR", "682", 2),
    c("SCR", "690", 2),
    c("SDG", "938", 2),
    c("SEK", "752", 2),
    c("SGD", "702", 2),
    c("SLE", "925", 2),
    c("SOS", "706", 2),
    c("SSP", "728", 2),
    c("STN", "930", 2),
    c("SZL", "748", 2),
    c("TND", "788", 3),
    c("TRY", "949", 2),
    c("TZS", "834", 2),
    c("UGX", "800", 0),
    c("USD", "840", 2),
    c("XAF", "950", 0),
    c("XOF", "952", 0),
    c("ZAR", "710", 2),
    c("ZMW", "967", 2),
];

pub fn find(code: &str) -> Option<Currency> {
    CURRENCIES
        .binary_search_by(|c| c.code.cmp(code))
        .ok()
        .map(|i| CURRENCIES[i])
}

/// Validates a currency field: three upper-case letters of a known currency.
pub fn parse(param: &str, code: &str) -> Result<Currency, ApiError> {
    find(code).ok_or_else(|| {
        let hint = if code.len() == 3 && code.to_ascii_uppercase() != code {
            format!(
                " (currency codes are upper case: {})",
                code.to_ascii_uppercase()
            )
        } else {
            String::new()
        };
        ApiError::new(
            Code::InvalidCurrency,
            format!(
                "{param} must be an ISO 4217 currency code such as CDF or USD (got {code:?}){hint}"
            ),
        )
        .with_param(param)
    })
}

/// `amount_minor` in major units as EMVCo tag 54 wants it: `1500.5` style,
/// no trailing zeros beyond what the exponent needs (`15.00` → `15.00`).
pub fn major_units(amount_minor: i64, currency: Currency) -> String {
    if currency.exponent == 0 {
        return amount_minor.to_string();
    }
    let scale = 10i64.pow(currency.exponent);
    format!(
        "{}.{:0width$}",
        amount_minor / scale,
        amount_minor % scale,
        width = currency.exponent as usize
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_and_unique() {
        for pair in CURRENCIES.windows(2) {
            assert!(pair[0].code < pair[1].code, "{:?}", pair);
        }
        assert_eq!(find("CDF").map(|c| c.numeric), Some("976"));
        assert_eq!(find("cdf"), None);
        assert_eq!(
            parse("currency", "usd").expect_err("lower").code,
            Code::InvalidCurrency
        );
    }

    #[test]
    fn major_units_follow_the_exponent() {
        let usd = find("USD").expect("usd");
        assert_eq!(major_units(150_050, usd), "1500.50");
        assert_eq!(major_units(5, usd), "0.05");
        assert_eq!(major_units(1500, find("UGX").expect("ugx")), "1500");
        assert_eq!(major_units(1234, find("KWD").expect("kwd")), "1.234");
    }
}
