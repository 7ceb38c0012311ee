//! The one scorer of `POST /verifications` and `GET /payment_resolution`
//! (origin behaviour section 27): each payment earns points for what it shares
//! with the criteria, a payment needs [`CANDIDATE_POINTS_MIN`] to be a
//! candidate, and the ranked candidates give one verdict in the origin's order.
//! Pure: no store, no clock, so the whole rule is one table test.

use serde::{Deserialize, Serialize};

/// A reference equal to the payment's own reference (or its intent id).
pub const REFERENCE_POINTS: u32 = 70;
/// A reference equal to a ledger transaction of the payment: the strongest
/// evidence, since the gateway itself minted that id when it posted.
pub const LEDGER_REFERENCE_POINTS: u32 = 80;
pub const MSISDN_POINTS: u32 = 25;
pub const AMOUNT_POINTS: u32 = 25;
/// Below this a payment is not a candidate: a number or an amount alone
/// (25) matches too many payments to mean anything; both together do (50).
pub const CANDIDATE_POINTS_MIN: u32 = 50;
/// Confidence caps per verdict, as the origin's.
pub const AMBIGUOUS_CONFIDENCE_MAX: u32 = 60;
pub const MISMATCH_CONFIDENCE: u32 = 40;
pub const PENDING_CONFIDENCE_MAX: u32 = 90;
pub const VERIFIED_CONFIDENCE_MAX: u32 = 100;

/// The verdict of `POST /verifications` (`status`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[schema(as = VerificationStatus)]
pub enum Verdict {
    /// A ledger posting credited the merchant for the best candidate.
    Verified,
    /// The best candidate matched, but not at the amount asked about.
    Mismatch,
    /// Candidates tie, or the best is in manual review.
    Ambiguous,
    /// The best candidate is alive but nothing is posted yet.
    Pending,
    /// No candidate, or the best one failed, expired or was cancelled.
    NotFound,
}

/// What a candidate matched on (a match's `matched_on`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MatchedOn {
    Reference,
    LedgerReference,
    Msisdn,
    Amount,
}

/// Why the verdict is what it is: first the verdict's own reason, then what
/// the best candidate matched on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = VerificationReason)]
pub enum Reason {
    NoCandidate,
    TiedCandidates,
    AmountMismatch,
    LedgerPosted,
    PaymentDead,
    ManualReview,
    AwaitingPayment,
    InFlight,
    MatchedReference,
    MatchedLedgerReference,
    MatchedMsisdn,
    MatchedAmount,
}

impl From<MatchedOn> for Reason {
    fn from(on: MatchedOn) -> Reason {
        match on {
            MatchedOn::Reference => Reason::MatchedReference,
            MatchedOn::LedgerReference => Reason::MatchedLedgerReference,
            MatchedOn::Msisdn => Reason::MatchedMsisdn,
            MatchedOn::Amount => Reason::MatchedAmount,
        }
    }
}

/// What the caller asks about (already validated and normalised).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Wanted<'a> {
    pub reference: Option<&'a str>,
    pub msisdn: Option<&'a str>,
    pub amount_minor: Option<i64>,
}

/// What the scorer reads of one payment.
#[derive(Debug, Clone, Default)]
pub struct Payment<'a> {
    pub id: &'a str,
    pub reference: Option<&'a str>,
    /// The ledger transactions of the payment (collection, settlement).
    pub transactions: Vec<&'a str>,
    /// The payer numbers it knows: the intent's and its attempts'.
    pub msisdns: Vec<&'a str>,
    /// The amounts it can be known by: asked and received.
    pub amounts_minor: Vec<i64>,
}

/// A payment's points against the criteria.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Score {
    pub points: u32,
    pub matched_on: Vec<MatchedOn>,
    /// An amount was asked about and the payment is not of it.
    pub amount_mismatch: bool,
}

/// The points `payment` earns, or `None` when it is not a candidate.
pub fn score(wanted: &Wanted<'_>, payment: &Payment<'_>) -> Option<Score> {
    let mut points = 0;
    let mut matched_on = Vec::new();
    if let Some(reference) = wanted.reference {
        if payment.transactions.contains(&reference) {
            points += LEDGER_REFERENCE_POINTS;
            matched_on.push(MatchedOn::LedgerReference);
        } else if payment.reference == Some(reference) || payment.id == reference {
            points += REFERENCE_POINTS;
            matched_on.push(MatchedOn::Reference);
        }
    }
    if wanted.msisdn.is_some_and(|m| payment.msisdns.contains(&m)) {
        points += MSISDN_POINTS;
        matched_on.push(MatchedOn::Msisdn);
    }
    let mut amount_mismatch = false;
    if let Some(amount) = wanted.amount_minor {
        if payment.amounts_minor.contains(&amount) {
            points += AMOUNT_POINTS;
            matched_on.push(MatchedOn::Amount);
        } else {
            amount_mismatch = true;
        }
    }
    (points >= CANDIDATE_POINTS_MIN).then_some(Score {
        points,
        matched_on,
        amount_mismatch,
    })
}

/// Where a candidate payment stands, as far as the verdict cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// A ledger posting credited the merchant (spec section 3: CONFIRMED).
    Posted,
    /// Failed, expired or cancelled: it will never be paid.
    Dead,
    /// The provider's outcome is unknown; an operator must decide.
    InReview,
    /// Open, with no attempt running.
    AwaitingPayment,
    /// An attempt is with the payer or the provider.
    InFlight,
}

/// The verdict with its confidence (0 to 100) and reasons.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub verdict: Verdict,
    pub confidence: u32,
    pub reasons: Vec<Reason>,
}

fn finding(verdict: Verdict, confidence: u32, reason: Reason, best: Option<&Score>) -> Finding {
    let mut reasons = vec![reason];
    if let Some(best) = best {
        reasons.extend(best.matched_on.iter().copied().map(Reason::from));
    }
    Finding {
        verdict,
        confidence,
        reasons,
    }
}

/// The verdict of `ranked` (best first), in the origin's order: nothing,
/// a tie, a wrong amount, a posting, a dead payment, then still pending.
/// A payment in manual review is AMBIGUOUS rather than the origin's PENDING:
/// an operator must decide it, and waiting will not.
pub fn verdict(ranked: &[(Score, Standing)]) -> Finding {
    let Some((best, standing)) = ranked.first() else {
        return finding(Verdict::NotFound, 0, Reason::NoCandidate, None);
    };
    let points = best.points;
    if ranked.get(1).is_some_and(|(next, _)| next.points == points) {
        let confidence = points.min(AMBIGUOUS_CONFIDENCE_MAX);
        return finding(
            Verdict::Ambiguous,
            confidence,
            Reason::TiedCandidates,
            Some(best),
        );
    }
    if best.amount_mismatch {
        return finding(
            Verdict::Mismatch,
            MISMATCH_CONFIDENCE,
            Reason::AmountMismatch,
            Some(best),
        );
    }
    let (verdict, confidence, reason) = match standing {
        Standing::Posted => (
            Verdict::Verified,
            points.min(VERIFIED_CONFIDENCE_MAX),
            Reason::LedgerPosted,
        ),
        Standing::Dead => (Verdict::NotFound, 0, Reason::PaymentDead),
        Standing::InReview => (
            Verdict::Ambiguous,
            points.min(AMBIGUOUS_CONFIDENCE_MAX),
            Reason::ManualReview,
        ),
        Standing::AwaitingPayment => (
            Verdict::Pending,
            points.min(PENDING_CONFIDENCE_MAX),
            Reason::AwaitingPayment,
        ),
        Standing::InFlight => (
            Verdict::Pending,
            points.min(PENDING_CONFIDENCE_MAX),
            Reason::InFlight,
        ),
    };
    finding(verdict, confidence, reason, Some(best))
}

#[cfg(test)]
mod tests {
    use super::*;
    use MatchedOn::*;
    use Reason::*;

    fn payment() -> Payment<'static> {
        Payment {
            id: "pi_1",
            reference: Some("order-1"),
            transactions: vec!["txn_collect", "txn_settle"],
            msisdns: vec!["+243000000501", "+243000000777"],
            amounts_minor: vec![5_000, 4_000],
        }
    }

    fn wanted(
        reference: Option<&'static str>,
        msisdn: Option<&'static str>,
        amount_minor: Option<i64>,
    ) -> Wanted<'static> {
        Wanted {
            reference,
            msisdn,
            amount_minor,
        }
    }

    /// Points, what they were earned on, and whether the amount differs.
    type Expected = (u32, &'static [MatchedOn], bool);

    #[test]
    fn points_add_up_and_a_candidate_needs_fifty() {
        let m = Some("+243000000501");
        let cases: &[(Wanted, Option<Expected>)] = &[
            (
                wanted(Some("order-1"), None, None),
                Some((70, &[Reference], false)),
            ),
            (
                wanted(Some("pi_1"), None, None),
                Some((70, &[Reference], false)),
            ),
            (
                wanted(Some("txn_collect"), None, None),
                Some((80, &[LedgerReference], false)),
            ),
            (
                wanted(Some("txn_settle"), None, None),
                Some((80, &[LedgerReference], false)),
            ),
            (
                wanted(None, m, Some(5_000)),
                Some((50, &[Msisdn, Amount], false)),
            ),
            // Either amount counts: asked and received.
            (
                wanted(None, Some("+243000000777"), Some(4_000)),
                Some((50, &[Msisdn, Amount], false)),
            ),
            (
                wanted(Some("order-1"), m, Some(5_000)),
                Some((120, &[Reference, Msisdn, Amount], false)),
            ),
            (
                wanted(Some("txn_collect"), m, Some(5_000)),
                Some((130, &[LedgerReference, Msisdn, Amount], false)),
            ),
            // A reference carries a wrong amount through: that is a mismatch to report.
            (
                wanted(Some("order-1"), None, Some(9_999)),
                Some((70, &[Reference], true)),
            ),
            (
                wanted(Some("order-1"), Some("+243999999999"), None),
                Some((70, &[Reference], false)),
            ),
            // 25 alone is no candidate, nor 25 with a wrong amount.
            (wanted(None, m, None), None),
            (wanted(None, None, Some(5_000)), None),
            (wanted(None, m, Some(9_999)), None),
            (wanted(Some("order-2"), m, None), None),
            (wanted(Some("ORDER-1"), None, None), None),
            (
                wanted(Some("other"), m, Some(5_000)),
                Some((50, &[Msisdn, Amount], false)),
            ),
            (wanted(None, None, None), None),
        ];
        for (wanted, expected) in cases {
            let got =
                score(wanted, &payment()).map(|s| (s.points, s.matched_on, s.amount_mismatch));
            let expected = expected.map(|(p, on, mismatch)| (p, on.to_vec(), mismatch));
            assert_eq!(got, expected, "{wanted:?}");
        }
    }

    fn scored(points: u32, matched_on: &[MatchedOn], amount_mismatch: bool) -> Score {
        Score {
            points,
            matched_on: matched_on.to_vec(),
            amount_mismatch,
        }
    }

    type Ranked = Vec<(Score, Standing)>;

    #[test]
    fn verdicts_follow_the_origins_order() {
        use Standing as S;
        use Verdict::*;
        let reference = scored(70, &[Reference], false);
        let full = scored(120, &[Reference, Msisdn, Amount], false);
        let pair = scored(50, &[Msisdn, Amount], false);
        let wrong_amount = scored(70, &[Reference], true);
        let cases: Vec<(Ranked, Verdict, u32, Vec<Reason>)> = vec![
            (vec![], NotFound, 0, vec![NoCandidate]),
            // A tie wins over everything after it, even a posting; capped at 60.
            (
                vec![(reference.clone(), S::Posted), (reference.clone(), S::Dead)],
                Ambiguous,
                60,
                vec![TiedCandidates, MatchedReference],
            ),
            (
                vec![(pair.clone(), S::InFlight), (pair.clone(), S::Posted)],
                Ambiguous,
                50,
                vec![TiedCandidates, MatchedMsisdn, MatchedAmount],
            ),
            // A lower second candidate is no tie.
            (
                vec![(full.clone(), S::Posted), (reference.clone(), S::Posted)],
                Verified,
                100,
                vec![LedgerPosted, MatchedReference, MatchedMsisdn, MatchedAmount],
            ),
            // A wrong amount wins over a posting: 40.
            (
                vec![(wrong_amount.clone(), S::Posted)],
                Mismatch,
                40,
                vec![AmountMismatch, MatchedReference],
            ),
            (
                vec![(wrong_amount, S::Dead)],
                Mismatch,
                40,
                vec![AmountMismatch, MatchedReference],
            ),
            (
                vec![(reference.clone(), S::Posted)],
                Verified,
                70,
                vec![LedgerPosted, MatchedReference],
            ),
            (
                vec![(scored(80, &[LedgerReference], false), S::Posted)],
                Verified,
                80,
                vec![LedgerPosted, MatchedLedgerReference],
            ),
            (
                vec![(reference.clone(), S::Dead)],
                NotFound,
                0,
                vec![PaymentDead, MatchedReference],
            ),
            (
                vec![(full.clone(), S::InReview)],
                Ambiguous,
                60,
                vec![ManualReview, MatchedReference, MatchedMsisdn, MatchedAmount],
            ),
            (
                vec![(full.clone(), S::InFlight)],
                Pending,
                90,
                vec![InFlight, MatchedReference, MatchedMsisdn, MatchedAmount],
            ),
            (
                vec![(pair, S::AwaitingPayment)],
                Pending,
                50,
                vec![AwaitingPayment, MatchedMsisdn, MatchedAmount],
            ),
            (
                vec![(reference, S::InFlight)],
                Pending,
                70,
                vec![InFlight, MatchedReference],
            ),
        ];
        for (ranked, verdict_expected, confidence, reasons) in cases {
            let found = verdict(&ranked);
            assert_eq!(
                found,
                Finding {
                    verdict: verdict_expected,
                    confidence,
                    reasons
                },
                "{ranked:?}"
            );
        }
    }
}
