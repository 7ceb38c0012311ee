//! Payment verification: did a payment reach the merchant? By reference, by
//! payer number and amount (any combination, as the origin's clients send
//! them), or by an operator's confirmation SMS. One scorer ranks the caller's
//! payments (`score.rs`) and gives the verdict: `VERIFIED` (resolution
//! `CONFIRMED`) only when a ledger posting credited the merchant, then
//! `MISMATCH`, `AMBIGUOUS`, `PENDING` or `NOT_FOUND`, always with the matches.
//!
//! `POST /verifications` counts against a free monthly quota, then costs a fee
//! taken from the merchant's available balance (posted like any fee);
//! `GET /payment_resolution` answers the same question without counting.

mod candidates;
pub mod score;
mod sms;

use serde::{Deserialize, Serialize};

pub use self::candidates::{Criteria, Match, Resolution, resolve};
use self::score::{Reason, Verdict};
pub use self::sms::parse_sms;
use crate::auth::Principal;
use crate::clock::rfc3339;
use crate::domain::events;
use crate::error::{ApiError, Code};
use crate::events::EventType;
use crate::ledger::{self, Cause, Class, Posting, System};
use crate::mode::Mode;
pub use crate::rails::RailKind as Rail;
use crate::store::{Read, Snapshot, StoreError, Tx};

/// Free verifications per calendar month (origin behaviour section 18).
pub const FREE_PER_MONTH: u32 = 30;
/// The price of each verification past the free quota, in minor units.
pub const PRICE_MINOR: i64 = 25;
/// The currency the fee is taken in when the request names none.
pub const PRICE_CURRENCY_DEFAULT: &str = "CDF";
pub const WINDOW_HOURS_DEFAULT: i64 = 72;
pub const WINDOW_HOURS_MAX: i64 = 720;
/// Matches returned at most.
pub const MATCHES_MAX: usize = 20;
/// The rail echoed when the caller names none (the origin's default); it
/// narrows nothing, so card and wallet payments stay verifiable.
pub const RAIL_DEFAULT: Rail = Rail::MobileMoney;
/// Characters of a `rail`, at most.
pub const RAIL_CHARS_MAX: usize = 32;
/// Characters of an msisdn, at most (the origin's bound).
pub const MSISDN_CHARS_MAX: usize = 20;

/// The answer of `GET /payment_resolution` (spec section 3): answers, not
/// stored states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Answer {
    Confirmed,
    Pending,
    Ambiguous,
    NotFound,
}

impl From<Verdict> for Answer {
    /// MISMATCH counts as AMBIGUOUS (origin behaviour section 27).
    fn from(verdict: Verdict) -> Answer {
        match verdict {
            Verdict::Verified => Answer::Confirmed,
            Verdict::Mismatch | Verdict::Ambiguous => Answer::Ambiguous,
            Verdict::Pending => Answer::Pending,
            Verdict::NotFound => Answer::NotFound,
        }
    }
}

/// A sentence for people about the verdict, from its first reason (always
/// the verdict's own; what was matched on follows it).
pub fn note(finding: &score::Finding) -> &'static str {
    match finding.reasons.first() {
        Some(Reason::NoCandidate) | None => "No payment in the window matches the criteria.",
        Some(Reason::TiedCandidates) => {
            "Several payments match equally well; add criteria to tell them apart."
        }
        Some(Reason::AmountMismatch) => "The best match is not of the amount asked about.",
        Some(Reason::LedgerPosted) => "A ledger posting credited the merchant for the best match.",
        Some(Reason::PaymentDead) => {
            "The best match failed, expired or was cancelled; it will not be paid."
        }
        Some(Reason::ManualReview) => {
            "The best match is in manual review: the provider's outcome is unknown."
        }
        Some(Reason::AwaitingPayment) => {
            "The best match is waiting for the payer; nothing is credited yet."
        }
        Some(Reason::InFlight) => "The best match is in progress; nothing is credited yet.",
        Some(
            Reason::MatchedReference
            | Reason::MatchedLedgerReference
            | Reason::MatchedMsisdn
            | Reason::MatchedAmount,
        ) => "The criteria matched a payment.",
    }
}

/// A rail as the origin's clients name it: a family (`mobile_money`, `card`,
/// `bank`, `wallet`, `qr`), an operator (`mpesa`, `airtel`, `orange`,
/// `africell`, `mtn`) or an operator id (`orange_cd`), both mobile money.
/// Case and surrounding spaces do not matter; anything else is refused
/// rather than ignored, since it would silently widen the search.
pub fn rail(value: &str) -> Result<Rail, ApiError> {
    let refuse = |why: String| Err(ApiError::field("rail", why));
    if value.chars().count() > RAIL_CHARS_MAX {
        return refuse(format!("rail must be at most {RAIL_CHARS_MAX} characters"));
    }
    let name = value.trim().to_ascii_lowercase();
    let operator = |s: &str| matches!(s, "mpesa" | "airtel" | "orange" | "africell" | "mtn");
    match name.as_str() {
        "mobile_money" => Ok(Rail::MobileMoney),
        "card" => Ok(Rail::Card),
        "bank" => Ok(Rail::Bank),
        "wallet" => Ok(Rail::Wallet),
        "qr" => Ok(Rail::Qr),
        "diaspora" | "bitcoin" => refuse(format!("rail {name} is not offered by this gateway")),
        s if operator(s) => Ok(Rail::MobileMoney),
        s if s.split_once('_').is_some_and(|(op, country)| {
            operator(op) && country.len() == 2 && country.bytes().all(|b| b.is_ascii_lowercase())
        }) =>
        {
            Ok(Rail::MobileMoney)
        }
        _ => refuse(format!(
            "{value:?} names no rail: use mobile_money, card, bank, wallet, qr, an operator (mpesa, airtel, orange, africell, mtn) or an operator id such as orange_cd"
        )),
    }
}

/// A payer number as the origin's clients send it: E.164 with or without its
/// `+` (`243000000501` is `+243000000501`), at most [`MSISDN_CHARS_MAX`].
/// Surrounding spaces go: a `+` left unencoded in a query string arrives as
/// a space.
pub fn msisdn(param: &str, value: &str) -> Result<String, ApiError> {
    if value.chars().count() > MSISDN_CHARS_MAX {
        return Err(ApiError::field(
            param,
            format!("{param} must be at most {MSISDN_CHARS_MAX} characters"),
        ));
    }
    let trimmed = value.trim();
    let digits = trimmed.strip_prefix('+').unwrap_or(trimmed);
    crate::fields::msisdn(param, &format!("+{digits}")).map_err(|_| {
        ApiError::field(
            param,
            format!("{param} must be an E.164 number, with or without its +, such as 243000000501 (got {value:?})"),
        )
    })
}

/// How the criteria were given: an SMS, else a reference (with or without
/// a number and amount), else a number with an amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    Reference,
    MsisdnAmount,
    Sms,
}

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Verification {
    pub id: String,
    /// Always `verification`.
    pub object: String,
    pub livemode: bool,
    /// The verdict: VERIFIED only when a ledger posting credited the merchant.
    pub status: Verdict,
    /// 0 to 100: the best match's score, capped by the verdict (AMBIGUOUS 60,
    /// MISMATCH 40, PENDING 90).
    pub confidence: u32,
    /// The verdict's reason first, then what the best match matched on.
    pub reasons: Vec<Reason>,
    /// The best match, when there is one.
    #[serde(rename = "match")]
    pub best: Option<Match>,
    /// The rail asked about (`mobile_money` when none was named, which narrows nothing).
    pub rail: Rail,
    pub reference: Option<String>,
    pub msisdn: Option<String>,
    pub amount_minor: Option<i64>,
    pub currency: Option<String>,
    pub window_hours: i64,
    /// Whether this verification cost a fee.
    pub charged: bool,
    pub method: Method,
    /// `status` as `GET /payment_resolution` says it (VERIFIED is CONFIRMED,
    /// MISMATCH is AMBIGUOUS).
    pub answer: Answer,
    /// Every candidate, best first (at most 20).
    pub matches: Vec<Match>,
    /// The fee taken for this verification (0 within the free quota).
    pub charged_minor: i64,
    pub charged_currency: Option<String>,
    /// The ledger transaction of the fee, when one was taken.
    pub fee_transaction: Option<String>,
    pub created_at: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, Default)]
struct Usage {
    used: u32,
}

fn period(now_ms: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp(now_ms.div_euclid(1000))
        .map(|t| format!("{:04}-{:02}", t.year(), u8::from(t.month())))
        .unwrap_or_else(|_| "1970-01".into())
}

fn usage_key(mode: Mode, owner: &str, period: &str) -> String {
    crate::store::keys::verification_quota(mode, owner, period)
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct QuotaView {
    /// Always `verification_quota`.
    pub object: &'static str,
    /// The calendar month (UTC) the quota counts, `YYYY-MM`.
    pub period: String,
    pub free_quota: u32,
    pub used: u32,
    pub remaining_free: u32,
    /// The price of each verification past the free quota.
    pub price_minor: i64,
    /// The currency the price is taken in unless the request names another.
    pub price_currency: &'static str,
}

pub fn quota(
    snapshot: &Snapshot,
    principal: &Principal,
    now_ms: i64,
) -> Result<QuotaView, StoreError> {
    let period = period(now_ms);
    let usage: Usage = snapshot
        .object(&usage_key(principal.mode, principal.owner(), &period))?
        .unwrap_or_default();
    Ok(QuotaView {
        object: "verification_quota",
        period,
        free_quota: FREE_PER_MONTH,
        used: usage.used,
        remaining_free: FREE_PER_MONTH.saturating_sub(usage.used),
        price_minor: PRICE_MINOR,
        price_currency: PRICE_CURRENCY_DEFAULT,
    })
}

/// Counts one verification in the month's quota; past the free ones, takes
/// the price from the available balance in `currency` (CDF when none) or
/// refuses with 402, counting nothing. Gives the fee, its currency and its
/// ledger transaction.
fn count(
    tx: &mut Tx<'_>,
    principal: &Principal,
    id: &str,
    currency: Option<&str>,
) -> Result<(i64, Option<String>, Option<String>), ApiError> {
    let period = period(tx.now_ms());
    let key = usage_key(principal.mode, principal.owner(), &period);
    let mut usage: Usage = tx.object(&key)?.unwrap_or_default();
    usage.used = usage.used.saturating_add(1);
    tx.put_object(key, &usage)?;
    if usage.used <= FREE_PER_MONTH {
        return Ok((0, None, None));
    }
    let currency = currency.unwrap_or(PRICE_CURRENCY_DEFAULT).to_string();
    let available = ledger::merchant_account(
        principal.mode,
        principal.owner(),
        &currency,
        Class::Available,
    );
    if ledger::balance(tx, &available)? < PRICE_MINOR {
        return Err(ApiError::new(
            Code::VerificationQuotaExhausted,
            format!(
                "the {FREE_PER_MONTH} free verifications of {period} are used; each costs {PRICE_MINOR} minor {currency}, and the available balance cannot cover it"
            ),
        ));
    }
    let transaction = Posting::build(
        principal.mode,
        principal.owner(),
        Cause {
            kind: crate::ledger::CauseKind::Verification,
            id: id.to_string(),
        },
        "verification fee",
    )
    .transfer(
        available,
        ledger::system_account(principal.mode, System::FeeRevenue, &currency),
        PRICE_MINOR,
        &currency,
    )
    .post(tx)?;
    Ok((PRICE_MINOR, Some(currency), Some(transaction)))
}

/// `POST /verifications`: counts against the quota (charging past it), records
/// and emits the verdict `resolution` (read from a snapshot) gives.
pub fn verify(
    tx: &mut Tx<'_>,
    principal: &Principal,
    method: Method,
    criteria: Criteria,
    resolution: Resolution,
) -> Result<Verification, ApiError> {
    let now = tx.now_ms();
    let id = crate::ids::new_id("vf");
    let (charged_minor, charged_currency, fee_transaction) =
        count(tx, principal, &id, criteria.currency.as_deref())?;
    let Resolution { finding, matches } = resolution;
    let verification = Verification {
        id: id.clone(),
        object: "verification".into(),
        livemode: principal.livemode(),
        status: finding.verdict,
        confidence: finding.confidence,
        reasons: finding.reasons,
        best: matches.first().cloned(),
        rail: criteria.rail.unwrap_or(RAIL_DEFAULT),
        reference: criteria.reference,
        msisdn: criteria.msisdn,
        amount_minor: criteria.amount_minor,
        currency: criteria.currency,
        window_hours: criteria.window_hours,
        charged: charged_minor > 0,
        method,
        answer: finding.verdict.into(),
        matches,
        charged_minor,
        charged_currency,
        fee_transaction,
        created_at: rfc3339(now),
    };
    tx.put_object(id.clone(), &verification)?;
    let object = serde_json::to_value(&verification).map_err(ApiError::internal)?;
    // The origin's clients wait for `verification.confirmed` (O§6).
    let mut types = vec![EventType::VerificationCompleted];
    if verification.status == Verdict::Verified {
        types.push(EventType::VerificationConfirmed);
    }
    for event_type in types {
        events::emit(
            tx,
            event_type,
            principal.mode,
            principal.owner(),
            principal.account.as_deref(),
            object.clone(),
        )?;
    }
    Ok(verification)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rails_are_read_in_the_origins_vocabulary() {
        for (value, expected) in [
            ("mobile_money", Rail::MobileMoney),
            ("MPESA", Rail::MobileMoney),
            (" orange ", Rail::MobileMoney),
            ("orange_cd", Rail::MobileMoney),
            ("africell_cd", Rail::MobileMoney),
            ("card", Rail::Card),
            ("Bank", Rail::Bank),
            ("wallet", Rail::Wallet),
            ("qr", Rail::Qr),
        ] {
            assert_eq!(rail(value).ok(), Some(expected), "{value}");
        }
        for value in [
            "bitcoin",
            "diaspora",
            "orange_c",
            "orange_cod",
            "vodacom",
            "",
            "x".repeat(40).as_str(),
        ] {
            let refused = rail(value).err().map(|e| e.param);
            assert_eq!(refused, Some(Some("rail".into())), "{value}");
        }
    }

    #[test]
    fn numbers_come_with_or_without_their_plus() {
        assert_eq!(
            msisdn("msisdn", "243000000501").ok().as_deref(),
            Some("+243000000501")
        );
        assert_eq!(
            msisdn("msisdn", "+243000000501").ok().as_deref(),
            Some("+243000000501")
        );
        assert_eq!(
            msisdn("msisdn", " 243000000501").ok().as_deref(),
            Some("+243000000501"),
            "an unencoded + in a query string"
        );
        for value in [
            "0812345678",
            "++243000000501",
            "24300",
            "243 000 000 501",
            "+2430000005011234567890",
        ] {
            assert!(msisdn("msisdn", value).is_err(), "{value}");
        }
    }

    #[test]
    fn periods_are_calendar_months_in_utc() {
        assert_eq!(period(1_788_264_000_000), "2026-09");
        assert_eq!(period(0), "1970-01");
    }
}
