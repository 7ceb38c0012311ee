//! The caller's payments scored against the criteria: one snapshot read,
//! shared by `POST /verifications` and `GET /payment_resolution`.

use crate::domain::intents::INTENT;
use serde::{Deserialize, Serialize};

use super::score::{self, Finding, MatchedOn, Payment, Score, Standing, Wanted};
use super::{MATCHES_MAX, Rail};
use crate::auth::Principal;
use crate::clock::rfc3339;
use crate::domain::intents::{AttemptStatus, Intent, state::Status as IntentStatus};
use crate::store::keys;
use crate::store::{Read, Snapshot, StoreError};

/// What to look for, validated and normalised (the echo is `criteria`).
#[derive(Debug, Clone, Default, Serialize, utoipa::ToSchema)]
#[schema(as = VerificationCriteria)]
pub struct Criteria {
    pub reference: Option<String>,
    /// E.164, with its `+`.
    pub msisdn: Option<String>,
    pub amount_minor: Option<i64>,
    /// Only payments in this currency are candidates.
    pub currency: Option<String>,
    pub window_hours: i64,
    /// Only payments on this rail are candidates, when the caller named one.
    #[serde(skip)]
    pub rail: Option<Rail>,
}

impl Criteria {
    /// A reference, or a number with an amount: anything less scores under
    /// the candidate minimum and could only ever answer NOT_FOUND.
    pub fn sufficient(&self) -> bool {
        self.reference.is_some() || (self.msisdn.is_some() && self.amount_minor.is_some())
    }
}

/// A candidate payment, with its score.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Match {
    pub payment_intent: String,
    /// The same as `payment_intent` (the origin's name).
    pub intent_id: String,
    pub status: IntentStatus,
    /// The same as `status` (the origin's name).
    pub stage: IntentStatus,
    pub amount_minor: i64,
    pub currency: String,
    pub reference: Option<String>,
    pub customer_msisdn: Option<String>,
    pub created_at: String,
    /// When the money was collected, else when the intent was created.
    pub at: String,
    /// The ledger transaction that credited the merchant, when there is one.
    pub collection_transaction: Option<String>,
    /// The same as `collection_transaction` (the origin's name).
    pub transaction_id: Option<String>,
    /// What that posting credited to the merchant (net of fees).
    pub credited_minor: Option<i64>,
    /// Points earned: reference 70 (a ledger transaction id 80), msisdn 25, amount 25.
    pub score: u32,
    pub matched_on: Vec<MatchedOn>,
}

/// The verdict and the candidates behind it, best first.
#[derive(Debug, Clone)]
pub struct Resolution {
    pub finding: Finding,
    pub matches: Vec<Match>,
}

/// Candidates held while scanning: past this they are ranked and cut to
/// [`MATCHES_MAX`], so a common number costs bounded memory.
const HELD_MAX: usize = 2 * MATCHES_MAX;

/// Scores the caller's payments created within the window (newest first)
/// and gives the verdict of the best ones.
pub fn resolve(
    snapshot: &Snapshot,
    principal: &Principal,
    criteria: &Criteria,
    now_ms: i64,
) -> Result<Resolution, StoreError> {
    let prefix = keys::owned_prefix(INTENT.family, principal.mode, principal.owner());
    let since = now_ms - criteria.window_hours * 3_600_000;
    let wanted = Wanted {
        reference: criteria.reference.as_deref(),
        msisdn: criteria.msisdn.as_deref(),
        amount_minor: criteria.amount_minor,
    };
    let mut held: Vec<(Score, Intent)> = Vec::new();
    let mut failure = None;
    let mut passed_window = false;
    // Every row is refused (`false`): the scan is for its bounded walk, the
    // candidates are collected here.
    snapshot.scan_index_page(&prefix, None, 1, |key, _| {
        if passed_window || failure.is_some() {
            return false;
        }
        match snapshot.object::<Intent>(crate::store::keys::id_of(key)) {
            Ok(Some(intent)) if intent.created_at_ms < since => passed_window = true,
            Ok(Some(intent)) if eligible(&intent, criteria) => {
                if let Some(score) = score::score(&wanted, &payment(&intent)) {
                    held.push((score, intent));
                    if held.len() > HELD_MAX {
                        rank(&mut held);
                    }
                }
            }
            Ok(_) => {}
            Err(e) => failure = Some(e),
        }
        false
    })?;
    if let Some(e) = failure {
        return Err(e);
    }
    rank(&mut held);
    let standings: Vec<(Score, Standing)> = held
        .iter()
        .map(|(score, intent)| (score.clone(), standing(intent)))
        .collect();
    Ok(Resolution {
        finding: score::verdict(&standings),
        matches: held.into_iter().map(|(s, i)| to_match(s, i)).collect(),
    })
}

/// Best score first; equal scores keep the scan's order, newest first
/// (a stable sort), then at most [`MATCHES_MAX`].
fn rank(held: &mut Vec<(Score, Intent)>) {
    held.sort_by_key(|(score, _)| std::cmp::Reverse(score.points));
    held.truncate(MATCHES_MAX);
}

/// Currency and rail narrow the candidates rather than score them: a payment
/// in another currency is not the payment asked about, whatever its amount.
fn eligible(intent: &Intent, criteria: &Criteria) -> bool {
    let currency_ok = criteria
        .currency
        .as_deref()
        .is_none_or(|c| intent.currency == c);
    let rail_ok = criteria.rail.is_none_or(|rail| {
        let rail = rail.as_str();
        intent.attempts.iter().any(|a| a.rail == rail)
            || (intent.attempts.is_empty() && intent.rails.iter().any(|r| r == rail))
    });
    currency_ok && rail_ok
}

fn payment(intent: &Intent) -> Payment<'_> {
    let msisdns = intent
        .customer_msisdn
        .iter()
        .chain(
            intent
                .attempts
                .iter()
                .filter_map(|a| a.customer_msisdn.as_ref()),
        )
        .map(String::as_str)
        .collect();
    Payment {
        id: &intent.id,
        reference: intent.reference.as_deref(),
        transactions: [
            &intent.collection_transaction,
            &intent.settlement_transaction,
        ]
        .into_iter()
        .filter_map(|t| t.as_deref())
        .collect(),
        msisdns,
        amounts_minor: vec![intent.amount_minor, intent.amount_received_minor],
    }
}

/// A posting decides first (spec section 3: CONFIRMED means a ledger posting
/// exists), whatever happened to the money after it (refunds, disputes).
fn standing(intent: &Intent) -> Standing {
    if intent.collection_transaction.is_some() {
        return Standing::Posted;
    }
    match intent.status {
        IntentStatus::Failed | IntentStatus::Cancelled | IntentStatus::Expired => Standing::Dead,
        IntentStatus::Ambiguous => Standing::InReview,
        IntentStatus::Created | IntentStatus::RequiresPaymentMethod => Standing::AwaitingPayment,
        // Shown statuses of received payments; a posting decided above.
        IntentStatus::PartiallyRefunded | IntentStatus::Refunded | IntentStatus::Disputed => {
            Standing::InFlight
        }
        IntentStatus::RequiresCustomerAction
        | IntentStatus::Processing
        | IntentStatus::Authorised
        | IntentStatus::Captured
        | IntentStatus::SettlementPending
        | IntentStatus::Settled => Standing::InFlight,
    }
}

fn to_match(score: Score, intent: Intent) -> Match {
    let credited_minor = intent
        .fees
        .map(|f| intent.amount_received_minor - f.total_minor())
        .filter(|_| intent.collection_transaction.is_some());
    let collected_at_ms = intent
        .attempts
        .iter()
        .filter(|a| a.status == AttemptStatus::Captured)
        .filter_map(|a| a.ended_at_ms)
        .max()
        .filter(|_| intent.collection_transaction.is_some());
    let shown = intent.public_status();
    Match {
        intent_id: intent.id.clone(),
        payment_intent: intent.id,
        status: shown,
        stage: shown,
        amount_minor: intent.amount_minor,
        currency: intent.currency,
        reference: intent.reference,
        customer_msisdn: intent.customer_msisdn,
        created_at: rfc3339(intent.created_at_ms),
        at: rfc3339(collected_at_ms.unwrap_or(intent.created_at_ms)),
        transaction_id: intent.collection_transaction.clone(),
        collection_transaction: intent.collection_transaction,
        credited_minor,
        score: score.points,
        matched_on: score.matched_on,
    }
}
