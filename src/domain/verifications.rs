//! Payment verification: did a payment reach the merchant? By reference, by
//! payer number and amount, or by an operator's confirmation SMS. The answer is
//! `CONFIRMED` only when a ledger posting credited the merchant, `AMBIGUOUS`
//! while a payment is in manual review, `PENDING` while one is in flight, else
//! `NOT_FOUND`, always with the matches.
//!
//! `POST /verifications` counts against a free monthly quota, then costs a fee
//! taken from the merchant's available balance (posted like any fee);
//! `GET /payment_resolution` answers the same question without counting.

use serde::{Deserialize, Serialize};

use super::currency;
use super::intents::{Intent, state::Status as IntentStatus};
use crate::auth::Principal;
use crate::clock::rfc3339;
use crate::error::{ApiError, Code};
use crate::events::{self, EventType};
use crate::ledger::{self, Cause, Class, Mode, Posting, System};
use crate::store::keys::{self, Family};
use crate::store::{Snapshot, StoreError, Table, Tx};

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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Answer {
    Confirmed,
    Pending,
    Ambiguous,
    NotFound,
}

/// What to look for.
#[derive(Debug, Clone, Default)]
pub struct Query {
    pub reference: Option<String>,
    pub msisdn: Option<String>,
    pub amount_minor: Option<i64>,
    pub currency: Option<String>,
    pub window_hours: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Match {
    pub payment_intent: String,
    pub status: IntentStatus,
    pub amount_minor: i64,
    pub currency: String,
    pub reference: Option<String>,
    pub customer_msisdn: Option<String>,
    pub created_at: String,
    /// The ledger transaction that credited the merchant, when there is one.
    pub collection_transaction: Option<String>,
    /// What that posting credited to the merchant (net of fees).
    pub credited_minor: Option<i64>,
}

fn matches_query(intent: &Intent, query: &Query) -> bool {
    let reference_ok = query
        .reference
        .as_deref()
        .is_none_or(|r| intent.reference.as_deref() == Some(r) || intent.id == r);
    let msisdn_ok = query.msisdn.as_deref().is_none_or(|m| {
        intent.customer_msisdn.as_deref() == Some(m)
            || intent
                .attempts
                .iter()
                .any(|a| a.customer_msisdn.as_deref() == Some(m))
    });
    let amount_ok = query
        .amount_minor
        .is_none_or(|a| intent.amount_minor == a || intent.amount_received_minor == a);
    let currency_ok = query
        .currency
        .as_deref()
        .is_none_or(|c| intent.currency == c);
    reference_ok && msisdn_ok && amount_ok && currency_ok
}

/// Intents of the caller that match, newest first, within the time window.
pub fn find(
    snapshot: &Snapshot,
    principal: &Principal,
    query: &Query,
    now_ms: i64,
) -> Result<Vec<Match>, StoreError> {
    let prefix = keys::owned_prefix(Family::PaymentIntent, principal.mode, principal.owner());
    let since = now_ms - query.window_hours * 3_600_000;
    let mut found = Vec::new();
    let mut failure = None;
    let mut passed_window = false;
    snapshot.scan_rev(Table::Index, &prefix, None, MATCHES_MAX, |key, _| {
        if passed_window {
            return false;
        }
        match snapshot.get_json::<Intent>(Table::Objects, &key[prefix.len()..]) {
            Ok(Some(intent)) if intent.created_at_ms < since => {
                passed_window = true;
                false
            }
            Ok(Some(intent)) if matches_query(&intent, query) => {
                found.push(intent);
                true
            }
            Ok(_) => false,
            Err(e) => {
                failure = Some(e);
                false
            }
        }
    })?;
    if let Some(e) = failure {
        return Err(e);
    }
    Ok(found
        .into_iter()
        .map(|intent| {
            let credited = intent
                .fees
                .map(|f| intent.amount_received_minor - f.total_minor())
                .filter(|_| intent.collection_transaction.is_some());
            Match {
                payment_intent: intent.id,
                status: intent.status,
                amount_minor: intent.amount_minor,
                currency: intent.currency,
                reference: intent.reference,
                customer_msisdn: intent.customer_msisdn,
                created_at: rfc3339(intent.created_at_ms),
                collection_transaction: intent.collection_transaction,
                credited_minor: credited,
            }
        })
        .collect())
}

/// The answer the matches give.
pub fn answer(matches: &[Match]) -> Answer {
    if matches.iter().any(|m| m.collection_transaction.is_some()) {
        Answer::Confirmed
    } else if matches.iter().any(|m| m.status == IntentStatus::Ambiguous) {
        Answer::Ambiguous
    } else if matches.iter().any(|m| {
        matches!(
            m.status,
            IntentStatus::RequiresCustomerAction
                | IntentStatus::Processing
                | IntentStatus::Authorised
        )
    }) {
        Answer::Pending
    } else {
        Answer::NotFound
    }
}

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
    pub method: Method,
    pub answer: Answer,
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
        .get_json(
            Table::Objects,
            &usage_key(principal.mode, principal.owner(), &period),
        )?
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

/// `POST /verifications`: counts against the quota (charging past it), records
/// and emits the answer the `matches` (read from a snapshot) give.
pub fn verify(
    tx: &mut Tx<'_>,
    principal: &Principal,
    method: Method,
    currency: Option<String>,
    matches: Vec<Match>,
) -> Result<Verification, ApiError> {
    let now = tx.now_ms();
    let period = period(now);
    let key = usage_key(principal.mode, principal.owner(), &period);
    let mut usage: Usage = tx.get_json(Table::Objects, &key)?.unwrap_or_default();
    usage.used = usage.used.saturating_add(1);
    let id = crate::ids::new_id("vf");
    let (charged_minor, charged_currency, fee_transaction) = if usage.used > FREE_PER_MONTH {
        let currency = currency.unwrap_or_else(|| PRICE_CURRENCY_DEFAULT.to_string());
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
                id: id.clone(),
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
        (PRICE_MINOR, Some(currency), Some(transaction))
    } else {
        (0, None, None)
    };
    tx.put_json(Table::Objects, key, &usage)?;
    let verification = Verification {
        id: id.clone(),
        object: "verification".into(),
        livemode: principal.livemode(),
        method,
        answer: answer(&matches),
        matches,
        charged_minor,
        charged_currency,
        fee_transaction,
        created_at: rfc3339(now),
    };
    tx.put_json(Table::Objects, id.clone(), &verification)?;
    let object = serde_json::to_value(&verification).map_err(ApiError::internal)?;
    let mut types = vec![EventType::VerificationCompleted];
    if verification.answer == Answer::Confirmed {
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

    #[test]
    fn periods_are_calendar_months_in_utc() {
        assert_eq!(period(1_788_264_000_000), "2026-09");
        assert_eq!(period(0), "1970-01");
    }
}
