//! The credit-readiness signal (spec 4.13 `GET /credit_readiness/{code}`;
//! origin behaviour section 14): an organisation's owner gives a consent
//! code (`CR-XXXXXX-XXXXXX`, valid 1 to 365 days, 90 by default) to a
//! lender, whose key (`credit:read`) reads with it a 0–1,000 score, its
//! band and eight factors computed from the organisation's last 180 days of
//! ledger ([`score`], `docs/credit-readiness.md`). Never transactions, never
//! a lending decision.
//!
//! - The code is a capability: kept only as its SHA-256 digest (the index
//!   `crc_code|<digest>` finds the consent), shown once at creation.
//! - A score is cached 24 h per consent (on the subject's sandbox clock).
//! - A revoked or expired code is 403; every read is written to the
//!   subject's audit log, with the reader's organisation and key.

pub mod score;
pub mod state;

use crate::domain::disputes::DISPUTE;
use crate::domain::resource::Kind;
use crate::domain::transfers::TRANSFER;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

pub use self::score::{Band, Factor};
pub use self::state::Status;
use self::state::{Trigger, transition};
use super::agents::history::{self, History, newest_of};
use super::audit::{self, Actor};
use super::{org, resource};
use crate::auth::Principal;
use crate::clock::rfc3339;
use crate::domain::{disputes::Dispute, transfers::Transfer};
use crate::error::{ApiError, Code, Missing};
use crate::ledger::Class;
use crate::mode::Mode;
use crate::store::keys::{self, Family};
use crate::store::{Read, Tx};

pub const DAYS_DEFAULT: i64 = 90;
pub const DAYS_MIN: i64 = 1;
pub const DAYS_MAX: i64 = 365;
/// How long a computed score is served again.
pub const CACHE_MS: i64 = 86_400_000;
const DAY_MS: i64 = 86_400_000;
/// Upper-case letters and digits without I, O, 0 and 1 (origin section 16).
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_GROUP_CHARS: usize = 6;

/// `crc_...`: credit-readiness consents, `credit_consent_not_found` when absent or another's.
pub const CREDIT_CONSENT: Kind = Kind::new(
    Family::new("crc"),
    Missing::new(Code::CreditConsentNotFound, "credit-readiness consent"),
);

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Consent {
    /// `crc_...`.
    pub id: String,
    pub mode: Mode,
    /// The organisation whose signal the code shares.
    pub owner: String,
    /// SHA-256 (hex) of the code; the code itself is never stored.
    pub code_digest: String,
    /// The code's last four characters, so the owner can tell codes apart.
    pub code_last4: String,
    pub days: i64,
    pub status: Status,
    pub expires_at_ms: i64,
    pub created_at_ms: i64,
    pub revoked_at_ms: Option<i64>,
}

crate::domain::resource::owned!(Consent);

/// What the API shows of a consent (the code only in the creating answer).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = CreditConsentView)]
pub struct ConsentView {
    pub id: String,
    /// Always `credit_consent`.
    pub object: &'static str,
    pub livemode: bool,
    /// `CR-XXXXXX-XXXXXX`: shown once, in the answer that creates it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    pub code_last4: String,
    pub status: Status,
    pub days: i64,
    pub expires_at: String,
    pub created_at: String,
    pub revoked_at: Option<String>,
}

pub fn consent_view(consent: &Consent, code: Option<String>) -> ConsentView {
    ConsentView {
        id: consent.id.clone(),
        object: "credit_consent",
        livemode: consent.mode.livemode(),
        code,
        code_last4: consent.code_last4.clone(),
        status: consent.status,
        days: consent.days,
        expires_at: rfc3339(consent.expires_at_ms),
        created_at: rfc3339(consent.created_at_ms),
        revoked_at: consent.revoked_at_ms.map(rfc3339),
    }
}

/// `CR-` and two groups of six characters of [`CODE_ALPHABET`].
fn new_code() -> String {
    let group = || -> String {
        (0..CODE_GROUP_CHARS)
            .map(|_| char::from(CODE_ALPHABET[rand::random_range(0..CODE_ALPHABET.len())]))
            .collect()
    };
    format!("CR-{}-{}", group(), group())
}

fn digest(code: &str) -> String {
    hex::encode(Sha256::digest(code.as_bytes()))
}

/// Whether `code` has the consent code's shape (checked before any lookup).
pub fn well_formed(code: &str) -> bool {
    let parts: Vec<&str> = code.split('-').collect();
    matches!(parts.as_slice(), ["CR", a, b]
        if [a, b].iter().all(|g| g.len() == CODE_GROUP_CHARS && g.bytes().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())))
}

/// `POST /credit_readiness/consents`: a new code valid `days` days (the
/// owner's session; the gate checked the role). Gives the consent and its code.
pub fn create(
    tx: &mut Tx<'_>,
    principal: &Principal,
    days: Option<i64>,
) -> Result<(Consent, String), ApiError> {
    let days = days.unwrap_or(DAYS_DEFAULT);
    if !(DAYS_MIN..=DAYS_MAX).contains(&days) {
        return Err(ApiError::field(
            "days",
            format!("days must be from {DAYS_MIN} to {DAYS_MAX} (got {days})"),
        ));
    }
    let code = new_code();
    let now = tx.now_ms();
    let consent = Consent {
        id: CREDIT_CONSENT.new_id(),
        mode: principal.mode,
        owner: principal.owner().to_string(),
        code_digest: digest(&code),
        code_last4: code[code.len() - 4..].to_string(),
        days,
        status: Status::Active,
        expires_at_ms: now + days * DAY_MS,
        created_at_ms: now,
        revoked_at_ms: None,
    };
    resource::insert(tx, CREDIT_CONSENT.family, &consent)?;
    resource::point(
        tx,
        keys::credit_consent_code(&consent.code_digest),
        &consent.id,
    );
    Ok((consent, code))
}

/// `POST /credit_readiness/consents/{id}/revoke`: the code stops working at once.
pub fn revoke(tx: &mut Tx<'_>, principal: &Principal, id: &str) -> Result<Consent, ApiError> {
    let mut consent: Consent = resource::find(tx, principal, id, &CREDIT_CONSENT)?;
    consent.status = transition(consent.status, Trigger::Revoke).map_err(|_| {
        ApiError::new(
            Code::CreditConsentRevoked,
            format!("the consent {id} is already revoked"),
        )
    })?;
    consent.revoked_at_ms = Some(tx.now_ms());
    tx.put_object(consent.id.clone(), &consent)?;
    Ok(consent)
}

/// The consent of `code` in `mode`, usable at `now_ms`: 404 for an unknown
/// code (or one of the other mode), 403 revoked or expired.
pub fn by_code(
    read: &impl Read,
    mode: Mode,
    code: &str,
    now_ms: impl Fn(&Consent) -> Result<i64, ApiError>,
) -> Result<Consent, ApiError> {
    let missing = || {
        ApiError::new(
            Code::CreditConsentNotFound,
            "no credit-readiness consent has this code in this mode",
        )
    };
    if !well_formed(code) {
        return Err(missing());
    }
    let id = read
        .index(&keys::credit_consent_code(&digest(code)))?
        .ok_or_else(missing)?;
    let consent: Consent = read
        .object(&String::from_utf8_lossy(&id))?
        .filter(|c: &Consent| c.mode == mode)
        .ok_or_else(missing)?;
    if consent.status == Status::Revoked {
        return Err(ApiError::new(
            Code::CreditConsentRevoked,
            "the organisation's owner revoked this consent code",
        ));
    }
    if now_ms(&consent)? >= consent.expires_at_ms {
        return Err(ApiError::new(
            Code::CreditConsentExpired,
            format!(
                "this consent code expired at {}",
                rfc3339(consent.expires_at_ms)
            ),
        ));
    }
    Ok(consent)
}

/// The answer of `GET /credit_readiness/{code}`: a signal, no transaction.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Report {
    /// Always `credit_readiness`.
    pub object: String,
    /// The organisation's name, as it registered it.
    pub organisation_name: String,
    /// 0 to 1,000.
    #[schema(minimum = 0, maximum = 1000)]
    pub score: i64,
    pub band: Band,
    /// The eight factors with their points and the origin's maxima (their
    /// maxima sum to 1,100; the score is their sum capped at 1,000).
    pub factors: Vec<Factor>,
    /// The currency the flows were measured in (the one with most income).
    pub currency: Option<String>,
    pub window_days: i64,
    pub computed_at: String,
    /// The same score is served until then.
    pub cached_until: String,
    /// When the consent code stops working.
    pub consent_expires_at: String,
    /// Always says it: a readiness signal, not a lending decision.
    pub disclaimer: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Cached {
    computed_at_ms: i64,
    report: Report,
}

/// The cached report of `consent` if computed less than 24 h before `now_ms`.
pub fn cached(
    read: &impl Read,
    consent: &Consent,
    now_ms: i64,
) -> Result<Option<Report>, ApiError> {
    let found: Option<Cached> = read.object(&keys::credit_score_cache(&consent.id))?;
    Ok(found
        .filter(|c| now_ms < c.computed_at_ms + CACHE_MS && now_ms >= c.computed_at_ms)
        .map(|c| c.report))
}

/// Computes the report of `consent`'s organisation at `now_ms` from `read`.
pub fn compute(read: &dyn History, consent: &Consent, now_ms: i64) -> Result<Report, ApiError> {
    let organisation = org::get(&read, &consent.owner)?;
    let (facts, currency) = facts(
        read,
        consent,
        now_ms,
        organisation.as_ref().map(|o| o.created_at_ms),
    )?;
    let factors = score::factors(&facts);
    let total = score::score(&factors);
    Ok(Report {
        object: "credit_readiness".into(),
        organisation_name: organisation.map(|o| o.name).unwrap_or_default(),
        score: total,
        band: score::band(total),
        factors,
        currency,
        window_days: score::WINDOW_DAYS,
        computed_at: rfc3339(now_ms),
        cached_until: rfc3339(now_ms + CACHE_MS),
        consent_expires_at: rfc3339(consent.expires_at_ms),
        disclaimer: "A readiness signal the organisation chose to share, computed from its own ledger; not a lending decision.".into(),
    })
}

/// Records a read in the subject's audit log and caches a fresh report, in
/// the reader's command. A consent revoked since the snapshot is refused.
pub fn record_read(
    tx: &mut Tx<'_>,
    reader: &Principal,
    consent: &Consent,
    report: &Report,
    fresh: bool,
    now_ms: i64,
) -> Result<(), ApiError> {
    let current: Option<Consent> = tx.object(&consent.id)?;
    if current.is_none_or(|c| c.status == Status::Revoked) {
        return Err(ApiError::new(
            Code::CreditConsentRevoked,
            "the organisation's owner revoked this consent code",
        ));
    }
    if fresh {
        let cached = Cached {
            computed_at_ms: now_ms,
            report: report.clone(),
        };
        tx.put_object(keys::credit_score_cache(&consent.id), &cached)?;
    }
    let mut actor = Actor::of(reader);
    actor.org = consent.owner.clone();
    let details = serde_json::json!({
        "reader_organisation": reader.org,
        "reader_key": reader.key_id,
        "score": report.score,
        "band": report.band,
        "cached": !fresh,
    });
    audit::record(
        tx,
        &actor,
        "credit_readiness.read",
        Some(&consent.id),
        details,
    )
}

/// The facts of the last 180 days, in the currency with the most income.
fn facts(
    read: &dyn History,
    consent: &Consent,
    now_ms: i64,
    created_at_ms: Option<i64>,
) -> Result<(score::Facts, Option<String>), ApiError> {
    let (mode, owner) = (consent.mode, consent.owner.as_str());
    let since = now_ms - score::WINDOW_DAYS * DAY_MS;
    let month_of = |at_ms: i64| -> Option<usize> {
        let age = (now_ms - at_ms).div_euclid(30 * DAY_MS);
        (0..score::MONTHS as i64)
            .contains(&age)
            .then(|| score::MONTHS - 1 - age as usize)
    };
    // Income: each payment's collection posting, the merchant's credit line.
    let mut income: Vec<(String, i64, i64)> = Vec::new();
    for intent in history::intents(read, mode, owner, since)? {
        let Some(id) = &intent.collection_transaction else {
            continue;
        };
        let Some(posting) = history::posting(read, id)? else {
            continue;
        };
        let credited = posting
            .lines
            .iter()
            .filter(|l| is_own(&l.account, owner))
            .map(|l| l.amount_minor)
            .sum::<i64>();
        income.push((intent.currency.clone(), credited, posting.created_at_ms));
    }
    let transfers: Vec<Transfer> = newest_of(read, TRANSFER.family, mode, owner)?;
    for t in transfers
        .iter()
        .filter(|t| t.recipient == owner && t.created_at_ms >= since)
    {
        income.push((
            t.received_currency.clone(),
            t.received_minor,
            t.created_at_ms,
        ));
    }
    let mut totals = std::collections::BTreeMap::<&str, i64>::new();
    for (currency, amount, _) in &income {
        *totals.entry(currency.as_str()).or_default() += amount;
    }
    let currency = totals
        .iter()
        .max_by_key(|(_, v)| **v)
        .map(|(c, _)| c.to_string());
    let main = currency.as_deref().unwrap_or_default();
    let mut facts = score::Facts::default();
    for (c, amount, at) in &income {
        if let (true, Some(m)) = (c == main, month_of(*at)) {
            facts.income_by_month_minor[m] += amount;
            facts.verified_payments += 1;
        }
    }
    // Transfers received are income, not payments a rail confirmed.
    facts.verified_payments -= transfers
        .iter()
        .filter(|t| t.recipient == owner && t.created_at_ms >= since && t.received_currency == main)
        .count() as i64;
    for t in transfers
        .iter()
        .filter(|t| t.owner == owner && t.created_at_ms >= since && t.currency == main)
    {
        facts.outflow_minor += t.amount_minor + t.fee_minor;
    }
    for p in history::payouts(read, mode, owner, since)? {
        facts.payouts += 1;
        if p.status == crate::domain::payouts::Status::Failed {
            facts.payouts_failed += 1;
        } else if p.currency == main {
            facts.outflow_minor += p.amount_minor + p.fee_minor;
        }
    }
    let disputes: Vec<Dispute> = newest_of(read, DISPUTE.family, mode, owner)?;
    facts.disputes = disputes.iter().filter(|d| d.created_at_ms >= since).count() as i64;
    facts.account_age_days = created_at_ms.map_or(0, |c| (now_ms - c).max(0) / DAY_MS);
    Ok((facts, currency))
}

/// The account key belongs to `owner` (a merchant class of its own).
fn is_own(account: &str, owner: &str) -> bool {
    crate::ledger::parse_account(account)
        .is_some_and(|(_, o, _, class)| o == owner && class != Class::Reserved.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_have_the_origins_shape_and_are_told_apart_from_others() {
        let code = new_code();
        assert!(well_formed(&code), "{code}");
        assert_eq!(code.len(), 16);
        assert!(!code[3..].contains(['I', 'O', '0', '1']));
        for bad in [
            "CR-ABCDEF",
            "cr-abcdef-ghjkmn",
            "CR-ABCDEF-GHJKM!",
            "XX-ABCDEF-GHJKMN",
            "",
        ] {
            assert!(!well_formed(bad), "{bad}");
        }
        assert_ne!(digest(&code), code);
    }
}
