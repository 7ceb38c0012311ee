//! Amounts in major units, read exactly: `"1500.50"` in a 2-decimal
//! currency is 150 050 minor units, computed on integers. A float never
//! touches an amount: `"12.345"` in a 2-decimal currency is refused rather
//! than rounded, since a payout of another amount than the one written is
//! money invented or lost.
//!
//! Pure (the fuzz target includes this file).

/// The largest amount of one row, in minor units: the bound of every amount
/// of the gateway (`intents::input::AMOUNT_MINOR_MAX`).
pub const AMOUNT_MINOR_MAX: i64 = 1_000_000_000_000_000;
/// Characters of an amount cell.
const AMOUNT_CHARS_MAX: usize = 40;

/// Why an amount is refused, as the row's error message says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AmountError {
    /// Not digits with an optional `.` and digits.
    NotANumber,
    /// A `,` (thousands separator or decimal comma).
    Comma,
    /// More decimals than the currency has.
    TooPrecise {
        decimals: usize,
    },
    Zero,
    TooLarge,
}

impl AmountError {
    pub fn message(&self, value: &str, currency: &str, exponent: u32) -> String {
        let shown: String = value.chars().take(AMOUNT_CHARS_MAX).collect();
        let decimals = match exponent {
            0 => format!("{currency} has no decimals, such as 1500"),
            1 => format!("at most 1 decimal in {currency}, such as 1500.5"),
            n => format!(
                "at most {n} decimals in {currency}, such as 1500.{}",
                "5".repeat(n as usize)
            ),
        };
        match self {
            AmountError::NotANumber => format!(
                "amount must be a positive number in major units, {decimals} (got {shown:?})"
            ),
            AmountError::Comma => format!(
                "amount must be written without commas: a point for decimals and no thousands separator, {decimals} (got {shown:?})"
            ),
            AmountError::TooPrecise { decimals: found } => {
                format!("amount {shown} has {found} decimals: {decimals}; it is never rounded")
            }
            AmountError::Zero => format!("amount must be more than 0 (got {shown:?})"),
            AmountError::TooLarge => format!(
                "amount {shown} is more than the largest payout, {AMOUNT_MINOR_MAX} minor units"
            ),
        }
    }
}

/// `value` (major units, `"1500"`, `"1500.5"`, `"0.05"`) in minor units of a
/// currency with `exponent` decimals.
pub fn parse_major(value: &str, exponent: u32) -> Result<i64, AmountError> {
    if value.contains(',') {
        return Err(AmountError::Comma);
    }
    let (whole, fraction) = match value.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (value, None),
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if value.len() > AMOUNT_CHARS_MAX || !digits(whole) || !fraction.is_none_or(digits) {
        return Err(AmountError::NotANumber);
    }
    // Trailing zeros add no precision: "12.500" is 12.50.
    let fraction = fraction.unwrap_or("").trim_end_matches('0');
    if fraction.len() > exponent as usize {
        return Err(AmountError::TooPrecise {
            decimals: fraction.len(),
        });
    }
    let scale = 10i128.pow(exponent);
    // Digits only, so a failed parse is an overflow.
    let whole: i128 = whole.parse().map_err(|_| AmountError::TooLarge)?;
    let fraction_minor: i128 = if fraction.is_empty() {
        0
    } else {
        let padded = format!("{fraction:0<width$}", width = exponent as usize);
        padded.parse().map_err(|_| AmountError::NotANumber)?
    };
    let minor = whole
        .checked_mul(scale)
        .and_then(|w| w.checked_add(fraction_minor))
        .ok_or(AmountError::TooLarge)?;
    match minor {
        0 => Err(AmountError::Zero),
        m if m > i128::from(AMOUNT_MINOR_MAX) => Err(AmountError::TooLarge),
        m => Ok(m as i64),
    }
}

/// `amount_minor` in major units, the inverse of [`parse_major`] (the export
/// writes amounts so): `150050` with exponent 2 is `"1500.50"`.
pub fn format_major(amount_minor: i64, exponent: u32) -> String {
    if exponent == 0 {
        return amount_minor.to_string();
    }
    let scale = 10i64.pow(exponent);
    format!(
        "{}.{:0width$}",
        amount_minor / scale,
        amount_minor % scale,
        width = exponent as usize
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn major_units_are_read_exactly_with_the_currency_exponent() {
        assert_eq!(parse_major("1500.50", 2), Ok(150_050));
        assert_eq!(parse_major("1500.5", 2), Ok(150_050));
        assert_eq!(parse_major("1500", 2), Ok(150_000));
        assert_eq!(parse_major("0.05", 2), Ok(5));
        assert_eq!(parse_major("007.10", 2), Ok(710));
        assert_eq!(parse_major("12.500", 2), Ok(1_250), "trailing zeros");
        assert_eq!(parse_major("1500", 0), Ok(1_500));
        assert_eq!(parse_major("1.234", 3), Ok(1_234));
        // 0.1 + 0.2 is not 0.30000000000000004 here.
        assert_eq!(parse_major("0.3", 2), Ok(30));
        assert_eq!(parse_major("10000000000000.00", 2), Ok(AMOUNT_MINOR_MAX));
    }

    #[test]
    fn what_is_not_exact_is_refused_never_rounded() {
        assert_eq!(
            parse_major("12.345", 2),
            Err(AmountError::TooPrecise { decimals: 3 })
        );
        assert_eq!(
            parse_major("12.5", 0),
            Err(AmountError::TooPrecise { decimals: 1 })
        );
        assert_eq!(parse_major("1,500.00", 2), Err(AmountError::Comma));
        assert_eq!(parse_major("12,50", 2), Err(AmountError::Comma));
        for bad in [
            "", "-5", "+5", "1e3", ".5", "5.", "1.2.3", " 5", "5 ", "NaN", "inf", "٣",
        ] {
            assert_eq!(parse_major(bad, 2), Err(AmountError::NotANumber), "{bad:?}");
        }
        assert_eq!(parse_major("0", 2), Err(AmountError::Zero));
        assert_eq!(parse_major("0.00", 2), Err(AmountError::Zero));
        assert_eq!(
            parse_major("10000000000000.01", 2),
            Err(AmountError::TooLarge)
        );
        assert_eq!(
            parse_major("99999999999999999999999999999999999999", 2),
            Err(AmountError::TooLarge)
        );
    }

    #[test]
    fn formatting_is_the_inverse_of_parsing() {
        for (minor, exponent) in [(150_050, 2), (5, 2), (1_500, 0), (1_234, 3), (7, 1)] {
            let text = format_major(minor, exponent);
            assert_eq!(parse_major(&text, exponent), Ok(minor), "{text}");
        }
        assert_eq!(format_major(150_050, 2), "1500.50");
    }

    #[test]
    fn messages_name_the_value_and_the_fix() {
        let m = AmountError::TooPrecise { decimals: 3 }.message("12.345", "CDF", 2);
        assert!(
            m.contains("12.345") && m.contains("at most 2 decimals in CDF"),
            "{m}"
        );
        let m = AmountError::NotANumber.message("abc", "UGX", 0);
        assert!(m.contains("UGX has no decimals"), "{m}");
    }
}
