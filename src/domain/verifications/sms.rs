//! Operator confirmation SMS, pasted as received: the amount, the payer's
//! number and the reference they carry (the formats in `docs/verifications.md`).

use crate::domain::currency;

/// What an operator's confirmation SMS says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sms {
    pub amount_minor: i64,
    pub currency: String,
    pub msisdn: Option<String>,
    pub reference: Option<String>,
}

/// Reads an operator confirmation SMS (the formats in `docs/verifications.md`):
/// the first `<CUR> <amount>` pair (ISO code then a number, `,` grouping and
/// `.` decimals), the first `+<digits>` number, and the token after `Ref`/`Ref:`.
pub fn parse_sms(text: &str) -> Option<Sms> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let mut amount = None;
    for pair in tokens.windows(2) {
        let code = pair[0].trim_matches(|c: char| !c.is_ascii_alphanumeric());
        let Some(currency) = currency::find(code) else {
            continue;
        };
        let number = pair[1].trim_end_matches(['.', ',', ';']).replace(',', "");
        if let Some(minor) = to_minor(&number, currency.exponent) {
            amount = Some((minor, currency.code.to_string()));
            break;
        }
    }
    let (amount_minor, currency) = amount?;
    let msisdn = tokens
        .iter()
        .map(|t| t.trim_matches(|c: char| !(c.is_ascii_digit() || c == '+')))
        .find(|t| t.starts_with('+') && t.len() >= 9 && t[1..].bytes().all(|b| b.is_ascii_digit()))
        .map(str::to_string);
    let reference = tokens
        .windows(2)
        .find(|w| {
            matches!(
                w[0].trim_end_matches(':').to_ascii_lowercase().as_str(),
                "ref" | "reference" | "réf"
            )
        })
        .map(|w| w[1].trim_end_matches(['.', ',', ';']).to_string())
        .filter(|r| !r.is_empty());
    Some(Sms {
        amount_minor,
        currency,
        msisdn,
        reference,
    })
}

/// `"1500.5"` in a currency of `exponent` decimals → minor units.
pub fn to_minor(number: &str, exponent: u32) -> Option<i64> {
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    if whole.is_empty()
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !fraction.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    if fraction.len() > exponent as usize {
        return None;
    }
    let scale = 10i64.checked_pow(exponent)?;
    let whole: i64 = whole.parse().ok()?;
    let padded = format!("{fraction:0<width$}", width = exponent as usize);
    let fraction: i64 = if padded.is_empty() {
        0
    } else {
        padded.parse().ok()?
    };
    whole.checked_mul(scale)?.checked_add(fraction)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sms_formats_of_the_sandbox_operators_parse() {
        let mpesa = parse_sms(
            "PGH4X2K9 Confirmed. You have received CDF 10,000.00 from +243000000501 on 22/11/26 at 3:40 PM. Ref order-1.",
        );
        assert_eq!(
            mpesa,
            Some(Sms {
                amount_minor: 1_000_000,
                currency: "CDF".into(),
                msisdn: Some("+243000000501".into()),
                reference: Some("order-1".into())
            })
        );
        let airtel = parse_sms(
            "Trans ID: CI221126.1540.A12345. You have received USD 12.5 from +243970000001. Ref: INV-77",
        );
        assert_eq!(
            airtel,
            Some(Sms {
                amount_minor: 1_250,
                currency: "USD".into(),
                msisdn: Some("+243970000001".into()),
                reference: Some("INV-77".into())
            })
        );
        let orange = parse_sms("Paiement recu de CDF 2500 du +243890000002. Ref pi_01abc");
        assert_eq!(
            orange.map(|s| (s.amount_minor, s.reference)),
            Some((250_000, Some("pi_01abc".into())))
        );
        assert_eq!(parse_sms("hello there"), None);
        assert_eq!(
            parse_sms("You have received CDF 12.345 from +243000000501"),
            None,
            "too many decimals"
        );
    }
}
