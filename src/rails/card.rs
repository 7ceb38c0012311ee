//! Cards in the sandbox: the number's checks (Luhn, brand, expiry, CVC) and
//! the magic numbers that choose an outcome (origin behaviour section 2,
//! Stripe's test numbers). Only [`Card`] (brand, last four, expiry) leaves
//! this module: the number and the CVC are checked here, on the request's
//! worker, and dropped; they are never stored, logged, or handed to the
//! writer (`docs/payments-rails.md`).

use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// Digits of a card number (ISO/IEC 7812: 12 to 19).
pub const NUMBER_DIGITS_MIN: usize = 12;
pub const NUMBER_DIGITS_MAX: usize = 19;
/// Characters of the number as typed (digits with spaces or dashes).
pub const NUMBER_CHARS_MAX: usize = 32;
pub const HOLDER_CHARS_MAX: usize = 100;
/// How far ahead an expiry may be (cards are issued for at most 20 years).
pub const EXP_YEARS_AHEAD_MAX: i64 = 20;

/// The card network, from the number's leading digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Brand {
    Visa,
    Mastercard,
    Amex,
    Discover,
    Unknown,
}

/// What is kept of a card: enough to show the payer which card paid, never
/// enough to pay with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = CardSummary)]
pub struct Card {
    pub brand: Brand,
    /// The last four digits.
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
    /// `required` while the 3-D Secure-like challenge waits, then
    /// `authenticated` or `failed`; absent when none was asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub three_d_secure: Option<ThreeDSecure>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ThreeDSecure {
    Required,
    Authenticated,
    Failed,
}

/// A card as the payer typed it. `Debug` shows no digit of it.
#[derive(Clone, Deserialize, utoipa::ToSchema)]
#[schema(as = CardInput)]
#[serde(deny_unknown_fields)]
pub struct CardInput {
    /// 12 to 19 digits (spaces and dashes are ignored), Luhn-valid. Test
    /// mode only: see `GET /sandbox` `card_numbers`.
    #[schema(min_length = 12, max_length = 32, example = "4242 4242 4242 4242")]
    pub number: String,
    #[serde(deserialize_with = "crate::fields::int")]
    #[schema(minimum = 1, maximum = 12)]
    pub exp_month: i64,
    /// Four digits (two are read as 20xx).
    #[serde(deserialize_with = "crate::fields::int")]
    #[schema(minimum = 0, maximum = 9999)]
    pub exp_year: i64,
    /// 3 digits (4 for American Express).
    #[schema(min_length = 3, max_length = 4, pattern = "^[0-9]{3,4}$")]
    pub cvc: String,
    #[schema(max_length = 100)]
    pub holder_name: Option<String>,
}

impl std::fmt::Debug for CardInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CardInput { .. }")
    }
}

/// Whether `digits` (ASCII digits only) pass the Luhn check.
pub fn luhn_valid(digits: &str) -> bool {
    let mut sum = 0u32;
    for (i, b) in digits.bytes().rev().enumerate() {
        let mut d = u32::from(b - b'0');
        if i % 2 == 1 {
            d *= 2;
            if d > 9 {
                d -= 9;
            }
        }
        sum += d;
    }
    sum.is_multiple_of(10)
}

pub fn brand_of(digits: &str) -> Brand {
    let prefix = |n: usize| digits.get(..n).and_then(|p| p.parse::<u32>().ok());
    match (prefix(1), prefix(2), prefix(4)) {
        (Some(4), _, _) => Brand::Visa,
        (_, Some(34 | 37), _) => Brand::Amex,
        (_, Some(51..=55), _) | (_, _, Some(2221..=2720)) => Brand::Mastercard,
        (_, Some(65), _) | (_, _, Some(6011)) => Brand::Discover,
        _ => Brand::Unknown,
    }
}

/// Checks a typed card against `(year, month)` of today and keeps its
/// summary. Messages name the field and never echo the number or the CVC.
pub fn check(input: &CardInput, today: (i64, i64)) -> Result<Card, ApiError> {
    if input.number.chars().count() > NUMBER_CHARS_MAX {
        return Err(number_error());
    }
    let digits: String = input
        .number
        .chars()
        .filter(|c| *c != ' ' && *c != '-')
        .collect();
    let shaped = (NUMBER_DIGITS_MIN..=NUMBER_DIGITS_MAX).contains(&digits.len())
        && digits.bytes().all(|b| b.is_ascii_digit());
    if !shaped || !luhn_valid(&digits) {
        return Err(number_error());
    }
    let brand = brand_of(&digits);
    if !(1..=12).contains(&input.exp_month) {
        return Err(ApiError::field(
            "card.exp_month",
            format!("card.exp_month must be 1 to 12 (got {})", input.exp_month),
        ));
    }
    let exp_year = match input.exp_year {
        y @ 0..=99 => 2000 + y,
        y => y,
    };
    let (year, month) = today;
    if (exp_year, input.exp_month) < (year, month) {
        return Err(ApiError::field(
            "card.exp_year",
            format!(
                "the card expired at the end of {:02}/{exp_year}; use another card",
                input.exp_month
            ),
        ));
    }
    if exp_year > year + EXP_YEARS_AHEAD_MAX {
        return Err(ApiError::field(
            "card.exp_year",
            format!(
                "card.exp_year must be at most {EXP_YEARS_AHEAD_MAX} years ahead (got {exp_year})"
            ),
        ));
    }
    let cvc_len = if brand == Brand::Amex { 4 } else { 3 };
    let cvc_ok = input.cvc.len() == cvc_len && input.cvc.bytes().all(|b| b.is_ascii_digit());
    if !cvc_ok {
        return Err(ApiError::field(
            "card.cvc",
            format!("card.cvc must be {cvc_len} digits for this card"),
        ));
    }
    crate::fields::text(
        "card.holder_name",
        input.holder_name.clone(),
        HOLDER_CHARS_MAX,
    )?;
    Ok(Card {
        brand,
        last4: digits[digits.len() - 4..].to_string(),
        exp_month: input.exp_month,
        exp_year,
        three_d_secure: None,
    })
}

fn number_error() -> ApiError {
    ApiError::field(
        "card.number",
        format!(
            "card.number must be {NUMBER_DIGITS_MIN} to {NUMBER_DIGITS_MAX} digits that pass the Luhn check; check the number on the card"
        ),
    )
}

/// What the sandbox does with a card, by its last four digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CardOutcome {
    Succeed,
    Declined,
    InsufficientFunds,
    ExpiredCard,
    IncorrectCvc,
    /// A 3-D Secure-like challenge first, on the sandbox's challenge page.
    ChallengeRequired,
    /// Paid at once; a refund of it is never answered by the sandbox
    /// (Stripe's refund-pending test card): the refund stays PROCESSING
    /// until a member reviews it (`POST /refunds/{id}/review`).
    RefundUnanswered,
}

/// A row of `GET /sandbox` `card_numbers`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct MagicCard {
    /// A Luhn-valid number to type; any number with the same last four does the same.
    pub number: &'static str,
    pub last4: &'static str,
    pub outcome: CardOutcome,
    pub behaviour: &'static str,
    pub intent_ends: &'static str,
}

/// Stripe's test numbers, with the last fours of origin behaviour section 2.
pub const CARD_NUMBERS: &[MagicCard] = &[
    MagicCard {
        number: "4242424242424242",
        last4: "4242",
        outcome: CardOutcome::Succeed,
        behaviour: "any Luhn-valid number not listed here succeeds at once (Visa)",
        intent_ends: "SETTLEMENT_PENDING",
    },
    MagicCard {
        number: "4000000000000002",
        last4: "0002",
        outcome: CardOutcome::Declined,
        behaviour: "the issuer declines: attempt failure declined, retryable",
        intent_ends: "REQUIRES_PAYMENT_METHOD",
    },
    MagicCard {
        number: "4000000000009995",
        last4: "9995",
        outcome: CardOutcome::InsufficientFunds,
        behaviour: "the issuer declines for lack of funds: attempt failure insufficient_funds, retryable",
        intent_ends: "REQUIRES_PAYMENT_METHOD",
    },
    MagicCard {
        number: "4000000000000069",
        last4: "0069",
        outcome: CardOutcome::ExpiredCard,
        behaviour: "the issuer says the card expired (whatever the expiry typed): attempt failure expired_card, retryable",
        intent_ends: "REQUIRES_PAYMENT_METHOD",
    },
    MagicCard {
        number: "4000000000000127",
        last4: "0127",
        outcome: CardOutcome::IncorrectCvc,
        behaviour: "the issuer refuses the CVC: attempt failure incorrect_cvc, retryable",
        intent_ends: "REQUIRES_PAYMENT_METHOD",
    },
    MagicCard {
        number: "4000002760003184",
        last4: "3184",
        outcome: CardOutcome::ChallengeRequired,
        behaviour: "3-D Secure-like challenge: the intent waits in REQUIRES_CUSTOMER_ACTION with next_action three_d_secure; completing the challenge page pays, failing it (or leaving it 10 minutes) fails the attempt with authentication_failed, retryable",
        intent_ends: "SETTLEMENT_PENDING",
    },
    MagicCard {
        number: "4000000000007726",
        last4: "7726",
        outcome: CardOutcome::RefundUnanswered,
        behaviour: "succeeds at once; a refund of the payment is never answered: the refund stays PROCESSING (its money reserved) until a member reviews it (POST /refunds/{id}/review)",
        intent_ends: "SETTLEMENT_PENDING",
    },
];

pub fn outcome_for(card: &Card) -> CardOutcome {
    CARD_NUMBERS
        .iter()
        .find(|m| m.last4 == card.last4)
        .map_or(CardOutcome::Succeed, |m| m.outcome)
}

/// How long a challenge waits for the payer before the attempt fails.
pub const CHALLENGE_MS: i64 = 10 * 60_000;

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(number: &str, exp_month: i64, exp_year: i64, cvc: &str) -> CardInput {
        CardInput {
            number: number.into(),
            exp_month,
            exp_year,
            cvc: cvc.into(),
            holder_name: None,
        }
    }

    const TODAY: (i64, i64) = (2026, 11);

    fn param(input: CardInput) -> Option<String> {
        check(&input, TODAY).err().and_then(|e| e.param)
    }

    #[test]
    fn luhn_accepts_test_numbers_and_refuses_a_changed_digit() {
        for m in CARD_NUMBERS {
            assert!(luhn_valid(m.number), "{}", m.number);
            assert!(m.number.ends_with(m.last4));
        }
        assert!(luhn_valid("378282246310005"));
        assert!(!luhn_valid("4242424242424241"));
        assert!(!luhn_valid("4000000000000003"));
    }

    #[test]
    fn brands_follow_the_leading_digits() {
        assert_eq!(brand_of("4242424242424242"), Brand::Visa);
        assert_eq!(brand_of("5555555555554444"), Brand::Mastercard);
        assert_eq!(brand_of("2223003122003222"), Brand::Mastercard);
        assert_eq!(brand_of("378282246310005"), Brand::Amex);
        assert_eq!(brand_of("6011111111111117"), Brand::Discover);
        assert_eq!(brand_of("9999999999999995"), Brand::Unknown);
    }

    #[test]
    fn a_good_card_keeps_only_brand_last_four_and_expiry() {
        let card = check(&typed("4242 4242-4242 4242", 12, 30, "123"), TODAY).expect("valid");
        assert_eq!(
            card,
            Card {
                brand: Brand::Visa,
                last4: "4242".into(),
                exp_month: 12,
                exp_year: 2030,
                three_d_secure: None,
            }
        );
        let kept = serde_json::to_string(&card).expect("json");
        assert!(!kept.contains("424242"), "{kept}");
        assert!(!kept.contains("123"), "{kept}");
        let debug = format!("{:?}", typed("4242424242424242", 12, 2030, "123"));
        assert!(!debug.contains("4242") && !debug.contains("123"), "{debug}");
    }

    #[test]
    fn bad_cards_name_their_field_and_never_echo_the_number() {
        let e = check(&typed("4242424242424241", 12, 2030, "123"), TODAY).expect_err("luhn");
        assert_eq!(e.param.as_deref(), Some("card.number"));
        assert!(!e.message.contains("4242"), "{}", e.message);
        assert_eq!(
            param(typed("4242", 12, 2030, "123")).as_deref(),
            Some("card.number")
        );
        assert_eq!(
            param(typed("42424242424242a2", 12, 2030, "123")).as_deref(),
            Some("card.number")
        );
        assert_eq!(
            param(typed(&"4".repeat(40), 12, 2030, "123")).as_deref(),
            Some("card.number")
        );
        assert_eq!(
            param(typed("4242424242424242", 13, 2030, "123")).as_deref(),
            Some("card.exp_month")
        );
        assert_eq!(
            param(typed("4242424242424242", 10, 2026, "123")).as_deref(),
            Some("card.exp_year")
        );
        assert!(
            check(&typed("4242424242424242", 11, 2026, "123"), TODAY).is_ok(),
            "valid to the end of its month"
        );
        assert_eq!(
            param(typed("4242424242424242", 1, 2099, "123")).as_deref(),
            Some("card.exp_year")
        );
        assert_eq!(
            param(typed("4242424242424242", 12, 2030, "12")).as_deref(),
            Some("card.cvc")
        );
        assert_eq!(
            param(typed("378282246310005", 12, 2030, "123")).as_deref(),
            Some("card.cvc")
        );
        assert!(check(&typed("378282246310005", 12, 2030, "1234"), TODAY).is_ok());
    }

    #[test]
    fn magic_last_fours_choose_the_outcome() {
        let card = |n: &str| check(&typed(n, 12, 2030, "123"), TODAY).expect("valid");
        assert_eq!(outcome_for(&card("4242424242424242")), CardOutcome::Succeed);
        assert_eq!(
            outcome_for(&card("4000000000000002")),
            CardOutcome::Declined
        );
        assert_eq!(
            outcome_for(&card("4000000000009995")),
            CardOutcome::InsufficientFunds
        );
        assert_eq!(
            outcome_for(&card("4000000000000069")),
            CardOutcome::ExpiredCard
        );
        assert_eq!(
            outcome_for(&card("4000000000000127")),
            CardOutcome::IncorrectCvc
        );
        assert_eq!(
            outcome_for(&card("4000002760003184")),
            CardOutcome::ChallengeRequired
        );
    }
}
