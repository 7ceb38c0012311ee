//! Amounts as a payer reads and types them: shown in the page's language
//! ("2,500.00 CDF" in English, "2 500,00 CDF" in French, as the PDF
//! statement groups them), and read back from what a payer types in either
//! habit ("1 000,50", "1,000.50", "1000.5"; decision 452).

use super::Lang;
use crate::domain::currency;

/// French groups with a no-break space, so an amount never breaks mid-number.
const FR_GROUP: char = '\u{a0}';

/// `amount_minor` of `code` in major units, grouped as `lang` writes numbers.
pub fn amount(lang: Lang, amount_minor: i64, code: &str) -> String {
    let exponent = currency::find(code).map_or(2, |c| c.exponent);
    let (group, decimal) = match lang {
        Lang::En => (',', '.'),
        Lang::Fr => (FR_GROUP, ','),
    };
    let scale = 10u64.pow(exponent);
    let magnitude = amount_minor.unsigned_abs();
    let (whole, fraction) = (magnitude / scale, magnitude % scale);
    let digits = whole.to_string();
    let mut out = String::new();
    if amount_minor < 0 {
        out.push('-');
    }
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(group);
        }
        out.push(d);
    }
    if exponent > 0 {
        out.push(decimal);
        out.push_str(&format!("{fraction:0width$}", width = exponent as usize));
    }
    out.push(' ');
    out.push_str(code);
    out
}

/// What a payer typed, in minor units of a currency with `exponent`
/// decimals; `None` when it is not a positive amount in that currency.
/// Spaces group; of `,` and `.` the last one is the decimal mark, unless it
/// is the only kind, appears more than once or has exactly three digits
/// after it in a currency with fewer decimals ("1,000" is a thousand).
pub fn parse(text: &str, exponent: u32) -> Option<i64> {
    let compact: String = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, ' ' | '\u{a0}' | '\u{202f}' | '\''))
        .collect();
    if compact.is_empty()
        || !compact
            .chars()
            .all(|c| c.is_ascii_digit() || c == ',' || c == '.')
    {
        return None;
    }
    let last_mark = compact.rfind([',', '.']);
    let decimal_at = last_mark.filter(|&at| {
        let mark = &compact[at..=at];
        let other = if mark == "," { '.' } else { ',' };
        let digits_after = compact.len() - at - 1;
        let repeated = compact.matches(mark).count() > 1;
        compact.contains(other) || !(repeated || (digits_after == 3 && exponent < 3))
    });
    let (whole, fraction) = match decimal_at {
        Some(at) => (&compact[..at], &compact[at + 1..]),
        None => (compact.as_str(), ""),
    };
    // Grouping marks stand between groups of three digits.
    let mut groups = whole.split([',', '.']);
    let leading = groups.next().unwrap_or("");
    if groups.any(|g| g.len() != 3) || (leading.is_empty() && whole.contains([',', '.'])) {
        return None;
    }
    let whole: String = whole.chars().filter(char::is_ascii_digit).collect();
    if fraction.len() > exponent as usize || fraction.contains([',', '.']) {
        return None;
    }
    let whole: i64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let padded = format!("{fraction:0<width$}", width = exponent as usize);
    let fraction: i64 = if padded.is_empty() {
        0
    } else {
        padded.parse().ok()?
    };
    let minor = whole
        .checked_mul(10i64.checked_pow(exponent)?)?
        .checked_add(fraction)?;
    (minor > 0).then_some(minor)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_show_as_each_language_writes_them() {
        assert_eq!(amount(Lang::En, 250_000, "CDF"), "2,500.00 CDF");
        assert_eq!(amount(Lang::Fr, 250_000, "CDF"), "2\u{a0}500,00 CDF");
        assert_eq!(amount(Lang::En, 5, "USD"), "0.05 USD");
        assert_eq!(
            amount(Lang::Fr, 1_234_567, "XAF"),
            "1\u{a0}234\u{a0}567 XAF"
        );
        assert_eq!(amount(Lang::En, -150, "CDF"), "-1.50 CDF");
    }

    #[test]
    fn what_a_payer_types_reads_in_either_habit() {
        for (typed, minor) in [
            ("1 000,50", Some(100_050)),
            ("1,000.50", Some(100_050)),
            ("1.000,50", Some(100_050)),
            ("1000.5", Some(100_050)),
            ("1000,5", Some(100_050)),
            ("1,000", Some(100_000)),
            ("1\u{a0}000", Some(100_000)),
            ("12", Some(1_200)),
            ("0,05", Some(5)),
            ("1,000,000", Some(100_000_000)),
            ("abc", None),
            ("", None),
            ("0", None),
            ("1.234.5", None),
            ("1,001", Some(100_100)),
            ("10.505", Some(1_050_500)),
            ("1,00,0", None),
            ("-5", None),
        ] {
            assert_eq!(parse(typed, 2), minor, "{typed:?}");
        }
        assert_eq!(parse("1 500", 0), Some(1_500));
        assert_eq!(parse("1,5", 0), None);
        assert_eq!(parse("99999999999999999999", 2), None);
    }
}
