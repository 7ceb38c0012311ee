//! Diaspora transfers (spec 4.12; origin section 23): a sender abroad pays a
//! verified institution at home (a school's fees, a hospital bill) from the
//! source-currency wallet, at a signed rate card's rate, for one purpose.
//!
//! A quote locks the institution, the purpose and the beneficiary reference;
//! paying it moves the money in one balanced posting made by the writer, to
//! the institution the quote names and nowhere else (the pay request names
//! no destination), with the FX through the platform's FX position as
//! transfers do. A quote is paid once: a second pay answers the paid quote,
//! and after its expiry it is 409 `quote_expired`.

pub mod institutions;
pub mod rate_cards;
mod state;
mod view;

use crate::domain::diaspora::institutions::MISSING_INSTITUTION;
use crate::domain::resource::Kind;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use self::state::Status;
use self::state::{Refusal, Trigger, transition};
pub use self::view::view;
use self::view::{Disclosure, PurposeLock};

use super::resource;
use crate::auth::Principal;
use crate::domain::currency;
use crate::domain::events;
use crate::domain::fx::convert::{Rate, convert};
use crate::error::{ApiError, Code, Missing};
use crate::events::EventType;
use crate::ledger::{self, Cause, CauseKind, Class, Posting, System};
use crate::mode::Mode;
use crate::scheduler::{self, TimerKind};
use crate::store::keys::Family;
use crate::store::{Read, Tx};

/// A quote is honoured this long at most (and never past its card).
pub const QUOTE_VALID_MS: i64 = 30 * 60_000;
/// The beneficiary reference (a student number, an invoice) at most.
pub const REFERENCE_CHARS_MAX: usize = 80;
/// Amounts of a quote at most, in minor units.
pub const AMOUNT_MAX_MINOR: i64 = 1_000_000_000_000;

/// `dq_...`: diaspora quotes, `diaspora_quote_not_found` when absent or another's.
pub const DIASPORA_QUOTE: Kind = Kind::new(
    Family::new("dq"),
    Missing::new(Code::DiasporaQuoteNotFound, "diaspora quote"),
);

crate::domain::resource::record_and_view! {
    #[derive(Debug, Clone, Serialize, Deserialize)]
    pub struct Quote {
        pub id: String,
        pub mode: Mode,
        /// The payer.
        pub owner: String,
        pub institution: String,
        pub institution_name: String,
        /// The ledger owner the money reaches: the institution's organisation
        /// (or, in the sandbox, the institution itself).
        pub payee: String,
    }
    #[derive(Debug, Serialize, ToSchema)]
    pub struct DiasporaQuoteView {
        pub id: String,
        /// Always `diaspora_quote`.
        pub object: &'static str,
        pub livemode: bool,
        /// The payer's organisation.
        pub payer: String,
    }
    shared {
        pub rate_card: String,
        pub source_currency: String,
        pub dest_currency: String,
        /// Paid from the source-currency wallet, with `fee_minor` on top.
        pub source_minor: i64,
        pub fee_minor: i64,
        /// What the institution receives.
        pub dest_minor: i64,
    }
    record_tail {
        pub customer_rate: Rate,
        pub purpose_code: String,
        pub reference: String,
        pub status: Status,
        pub transaction: Option<String>,
        pub expires_at_ms: i64,
        pub paid_at_ms: Option<i64>,
        pub created_at_ms: i64,
    }
    view_tail {
        /// Destination units per source unit, a decimal string (8 decimals).
        pub customer_rate: String,
        pub purpose_code: String,
        pub reference: String,
        pub status: Status,
        /// Where the money can go, and only there: fixed at the quote, enforced
        /// when it is paid.
        pub lock: PurposeLock,
        /// The ledger posting, once PAID.
        pub transaction: Option<String>,
        pub expires_at: String,
        pub paid_at: Option<String>,
        pub created_at: String,
        pub disclosure: Disclosure,
    }
}

crate::domain::resource::owned!(Quote);

#[derive(Clone)]
pub struct NewQuote {
    pub institution: String,
    pub purpose_code: String,
    pub reference: String,
    pub source_currency: String,
    pub dest_currency: Option<String>,
    pub source_minor: Option<i64>,
    pub dest_minor: Option<i64>,
    /// The card the sender was shown (`rc_...`); default: the live one.
    pub rate_card: Option<String>,
}

/// `POST /diaspora/quotes`: the origin's checks in its order, then the quote
/// (QUOTED) and its expiry timer.
pub fn create(tx: &mut Tx<'_>, principal: &Principal, new: NewQuote) -> Result<Quote, ApiError> {
    let (mode, owner) = (principal.mode, principal.owner().to_string());
    let institution = institutions::find(tx, &new.institution)?
        .filter(|i| i.payee(mode).is_some())
        .ok_or_else(|| {
            ApiError::not_found(MISSING_INSTITUTION, &new.institution).with_param("institution")
        })?;
    let payee = institution.payee(mode).unwrap_or_default().to_string();
    if payee == owner {
        return Err(ApiError::new(
            Code::SelfTransfer,
            "the institution is the caller's own organisation",
        )
        .with_param("institution"));
    }
    if !institutions::is_purpose(&new.purpose_code) {
        return Err(ApiError::new(
            Code::InvalidPurpose,
            format!(
                "purpose_code {:?} is not a purpose code (GET /diaspora/rate-cards lists them)",
                new.purpose_code
            ),
        )
        .with_param("purpose_code"));
    }
    if !institution.purpose_codes.contains(&new.purpose_code) {
        return Err(ApiError::new(
            Code::PurposeNotAllowed,
            format!(
                "{} accepts {} only",
                institution.name,
                institution.purpose_codes.join(", ")
            ),
        )
        .with_param("purpose_code"));
    }
    let now = tx.now_ms();
    let card = pick_card(tx, mode, &new, &institution.country, now)?;
    let (source_minor, dest_minor) = amounts(&card, new.source_minor, new.dest_minor)?;
    let policy = card.policy;
    if source_minor < policy.min_source_minor {
        return Err(ApiError::new(
            Code::BelowMinimum,
            format!(
                "the source amount must be at least {} (got {source_minor})",
                policy.min_source_minor
            ),
        )
        .with_param("source_minor"));
    }
    if source_minor > policy.max_source_minor {
        return Err(ApiError::new(
            Code::AboveMaximum,
            format!(
                "the source amount must be at most {} (got {source_minor})",
                policy.max_source_minor
            ),
        )
        .with_param("source_minor"));
    }
    let quote = Quote {
        id: DIASPORA_QUOTE.new_id(),
        mode,
        owner,
        institution: institution.id,
        institution_name: institution.name,
        payee,
        rate_card: card.id.clone(),
        source_currency: card.source_currency.into(),
        dest_currency: card.dest_currency.into(),
        source_minor,
        fee_minor: fee_minor(source_minor, policy.fee_bps, policy.fee_fixed_source_minor),
        dest_minor,
        customer_rate: card.customer_rate,
        purpose_code: new.purpose_code,
        reference: new.reference,
        status: Status::Quoted,
        transaction: None,
        expires_at_ms: card.valid_until_ms.min(now + QUOTE_VALID_MS),
        paid_at_ms: None,
        created_at_ms: now,
    };
    resource::insert(tx, DIASPORA_QUOTE.family, &quote)?;
    scheduler::schedule(
        tx,
        quote.expires_at_ms,
        TimerKind::DiasporaQuoteExpire {
            quote: quote.id.clone(),
        },
    )?;
    Ok(quote)
}

/// The card that prices the quote: the one named, if still usable, else the
/// pair's live card (destination default: CDF for CD, else USD).
fn pick_card(
    read: &impl Read,
    mode: Mode,
    new: &NewQuote,
    country: &str,
    now: i64,
) -> Result<rate_cards::Card, ApiError> {
    let source = currency::parse("source_currency", &new.source_currency)?.code;
    let dest = match &new.dest_currency {
        Some(d) => currency::parse("dest_currency", d)?.code,
        None if country == "CD" => "CDF",
        None => "USD",
    };
    let table = crate::domain::fx::rates::table(read, mode)?;
    let no_card = || {
        ApiError::new(
            Code::NoRateCard,
            format!("no rate card carries {source} to {dest}"),
        )
        .with_param("source_currency")
    };
    let Some(id) = &new.rate_card else {
        let card = rate_cards::window(now);
        return rate_cards::card(&table, mode, source, dest, card)
            .filter(|_| {
                rate_cards::SOURCES.contains(&source)
                    && rate_cards::DESTINATIONS.contains(&dest)
                    && source != dest
            })
            .ok_or_else(no_card);
    };
    rate_cards::named(&table, mode, source, dest, id, now).map_err(|why| match why {
        rate_cards::Unusable::Unknown => no_card().with_param("rate_card"),
        rate_cards::Unusable::Expired => ApiError::new(
            Code::RateCardExpired,
            format!("rate card {id} is not valid now: read GET /diaspora/rate-cards again"),
        )
        .with_param("rate_card"),
        rate_cards::Unusable::Superseded => ApiError::new(
            Code::RateCardExpired,
            format!(
                "rate card {id} was superseded by a new rate: read GET /diaspora/rate-cards again"
            ),
        )
        .with_param("rate_card"),
    })
}

/// (source, destination) minor amounts: from the source, dst = floor(src ×
/// rate); from the destination alone, src = the least source amount whose
/// conversion reaches it, then dst = floor(src × rate) (origin section 23).
fn amounts(
    card: &rate_cards::Card,
    source_minor: Option<i64>,
    dest_minor: Option<i64>,
) -> Result<(i64, i64), ApiError> {
    let (from, to) = (
        currency::find(card.source_currency).ok_or_else(|| ApiError::internal("card currency"))?,
        currency::find(card.dest_currency).ok_or_else(|| ApiError::internal("card currency"))?,
    );
    let invalid = |param: &str, why: &str| {
        ApiError::new(Code::InvalidAmount, why.to_string()).with_param(param)
    };
    let in_bounds = |a: i64| (1..=AMOUNT_MAX_MINOR).contains(&a);
    let source = match (source_minor, dest_minor) {
        (Some(s), None) if in_bounds(s) => s,
        (None, Some(d)) if in_bounds(d) => least_source(d, from, to, card.customer_rate)
            .ok_or_else(|| invalid("dest_minor", "dest_minor cannot be reached at this rate"))?,
        (Some(_), Some(_)) => {
            return Err(invalid(
                "source_minor",
                "send source_minor or dest_minor, not both",
            ));
        }
        (None, None) => return Err(invalid("source_minor", "send source_minor or dest_minor")),
        (Some(_), None) => return Err(invalid("source_minor", "source_minor must be 1 to 10^12")),
        (None, Some(_)) => return Err(invalid("dest_minor", "dest_minor must be 1 to 10^12")),
    };
    let dest = convert(source, from, to, card.customer_rate)
        .filter(|d| *d > 0)
        .ok_or_else(|| invalid("source_minor", "the source amount converts to nothing"))?;
    Ok((source, dest))
}

/// The least source amount whose conversion is at least `dest_minor`.
fn least_source(
    dest_minor: i64,
    from: currency::Currency,
    to: currency::Currency,
    rate: Rate,
) -> Option<i64> {
    // The inverse conversion is within a few units of the answer; then step.
    let mut source = convert(dest_minor, to, from, rate.inverse()?)?.max(1);
    for _ in 0..10_000 {
        let reached = convert(source, from, to, rate)?;
        if reached < dest_minor {
            source = source.checked_add(1)?;
        } else if source > 1 && convert(source - 1, from, to, rate)? >= dest_minor {
            source -= 1;
        } else {
            return Some(source);
        }
    }
    None
}

/// fee = round(src × fee_bps / 10 000) + fixed, half up.
pub fn fee_minor(source_minor: i64, fee_bps: i64, fixed_minor: i64) -> i64 {
    let exact = i128::from(source_minor) * i128::from(fee_bps);
    i64::try_from((exact + 5_000) / 10_000)
        .unwrap_or(i64::MAX)
        .saturating_add(fixed_minor)
}

/// `POST /diaspora/quotes/{id}/pay`: PAID answers the paid quote; any other
/// status, or a quote past its expiry, is 409 `quote_expired`. The money goes
/// to the quote's institution only, for its purpose.
pub fn pay(tx: &mut Tx<'_>, principal: &Principal, id: &str) -> Result<Quote, ApiError> {
    let mut quote = read(tx, principal, id)?;
    if quote.status == Status::Paid {
        return Ok(quote);
    }
    let now = tx.now_ms();
    quote.status = transition(
        quote.status,
        Trigger::Pay {
            in_time: now < quote.expires_at_ms,
        },
    )
    .map_err(|r| expired(&quote, r))?;
    // The purpose lock, again in the writer: the institution must still take it.
    let institution = institutions::find(tx, &quote.institution)?;
    let still = institution.as_ref().is_some_and(|i| {
        i.purpose_codes.contains(&quote.purpose_code)
            && i.payee(quote.mode) == Some(quote.payee.as_str())
    });
    if !still {
        return Err(ApiError::new(
            Code::PurposeNotAllowed,
            format!(
                "{} no longer accepts {} payments here",
                quote.institution_name, quote.purpose_code
            ),
        ));
    }
    quote.transaction = Some(post(tx, &quote)?);
    quote.paid_at_ms = Some(now);
    tx.put_object(&quote.id, &quote)?;
    let paid = view(&quote);
    resource::emit(tx, EventType::DiasporaQuotePaid, &quote, &paid)?;
    if institution.is_some_and(|i| i.organisation.is_some()) {
        events::emit_view(
            tx,
            EventType::DiasporaQuotePaid,
            quote.mode,
            &quote.payee,
            &paid,
        )?;
    }
    Ok(quote)
}

fn expired(quote: &Quote, _refusal: Refusal) -> ApiError {
    ApiError::new(
        Code::QuoteExpired,
        format!(
            "diaspora quote {} is {:?} or past its expires_at: ask for a new quote",
            quote.id, quote.status
        ),
    )
    .with_detail(
        "status",
        serde_json::to_value(quote.status).unwrap_or_default(),
    )
}

/// One balanced posting: the fee, and the amount to the payee (through the
/// FX position in each currency when they differ).
fn post(tx: &mut Tx<'_>, q: &Quote) -> Result<String, ApiError> {
    let (mode, src, dst) = (q.mode, q.source_currency.as_str(), q.dest_currency.as_str());
    let from = ledger::merchant_account(mode, &q.owner, src, Class::Available);
    let to = ledger::merchant_account(mode, &q.payee, dst, Class::Available);
    let posting = Posting::build(
        mode,
        &q.owner,
        Cause {
            kind: CauseKind::DiasporaQuote,
            id: q.id.clone(),
        },
        &format!(
            "diaspora quote {} to {} for {}",
            q.id, q.institution, q.purpose_code
        ),
    )
    .transfer(
        from.clone(),
        ledger::system_account(mode, System::FeeRevenue, src),
        q.fee_minor,
        src,
    );
    let posting = if src == dst {
        posting.transfer(from, to, q.source_minor, src)
    } else {
        posting
            .transfer(
                from,
                ledger::system_account(mode, System::FxPosition, src),
                q.source_minor,
                src,
            )
            .transfer(
                ledger::system_account(mode, System::FxPosition, dst),
                to,
                q.dest_minor,
                dst,
            )
    };
    posting.post(tx)
}

/// The quote `id` of the caller.
pub fn read(read: &impl Read, principal: &Principal, id: &str) -> Result<Quote, ApiError> {
    resource::find(read, principal, id, &DIASPORA_QUOTE)
}

/// The expiry timer: a quote still QUOTED is EXPIRED.
pub fn on_expire(tx: &mut Tx<'_>, id: &str) -> Result<(), ApiError> {
    let Some(mut quote) = tx.object::<Quote>(id)? else {
        return Ok(());
    };
    if let Ok(next) = transition(quote.status, Trigger::Expire) {
        quote.status = next;
        tx.put_object(&quote.id, &quote)?;
        resource::emit(tx, EventType::DiasporaQuoteExpired, &quote, &view(&quote))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_the_destination_the_source_is_the_least_that_reaches_it() {
        let usd = currency::find("USD").expect("usd");
        let cdf = currency::find("CDF").expect("cdf");
        let rate = Rate::parse("2758").expect("rate");
        // 100 000 CDF (2 decimals) at 2758 per USD: ceil(100000/2758) = 37 cents.
        let src = least_source(100_000, usd, cdf, rate).expect("src");
        assert_eq!(src, 37);
        assert!(convert(src, usd, cdf, rate).expect("dst") >= 100_000);
        assert!(convert(src - 1, usd, cdf, rate).expect("dst") < 100_000);
    }

    #[test]
    fn the_fee_is_bps_of_the_source_rounded_half_up_plus_the_fixed_part() {
        assert_eq!(fee_minor(10_000, 100, 0), 100);
        assert_eq!(fee_minor(50, 100, 0), 1);
        assert_eq!(fee_minor(49, 100, 25), 25);
    }
}
