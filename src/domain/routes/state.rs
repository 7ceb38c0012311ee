//! The stages of a route: the origin's 23 (O§20), in its five groups, and
//! the one [`transition`] every change of stage goes through. Drawn and
//! explained stage by stage in `docs/routes.md` (decision 129).
//!
//! ```text
//! CREATED ─quote─> QUOTED ─fund (wallet)──────────────┐
//!                    └─await funding─> FUNDING_PENDING ─fund─> FUNDED ─reserve fx─> FX_RESERVED
//!                                       │ fail / expire / cancel                   │
//! FUNDED | FX_RESERVED ─settle (wallet, qr, keep)─> SETTLED                        │
//!                      ─short of liquidity─> INSUFFICIENT_LIQUIDITY ─route payout─┐ │
//!                      ─route payout─> PAYOUT_ROUTED ─send─> PAYOUT_SENT          │ │
//! PAYOUT_ROUTED | PAYOUT_SENT ─evidence─> EVIDENCE_RECEIVED ─verify─> VERIFYING
//!                              ─verified─> VERIFIED ─settle─> SETTLED  (or MISMATCHED)
//!                              ─payout failed─> FAILED · ─payout unknown─> MANUAL_REVIEW
//! MANUAL_REVIEW ─evidence (its payout's review or inquiry)─> EVIDENCE_RECEIVED … SETTLED
//!               ─payout failed (returned)─> FAILED
//! MISMATCHED ─review paid─> SETTLED · ─review returned─> FAILED
//! before a payout is made: ─cancel─> REFUNDED · waiting: ─expire─> EXPIRED
//! ```
//!
//! Stages this gateway never enters are kept so that clients of the origin
//! decode every stage they know: BIOMETRIC_APPROVAL_REQUIRED and
//! BIOMETRICALLY_APPROVED (API keys have no biometric step),
//! AWAITING_CONFIRMATION (no recipient-consent flow yet), DUPLICATE (a
//! repeated Idempotency-Key replays the route instead), DISPUTED and
//! REVERSED (a route has no chargeback or reversal operation). No trigger
//! leads into them, and the table test proves it.

use serde::{Deserialize, Serialize};

pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = RouteStage)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Stage {
    Created,
    Quoted,
    BiometricApprovalRequired,
    BiometricallyApproved,
    FundingPending,
    Funded,
    FxReserved,
    AwaitingConfirmation,
    PayoutRouted,
    PayoutSent,
    EvidenceReceived,
    Verifying,
    Verified,
    Settled,
    Expired,
    Failed,
    Mismatched,
    Duplicate,
    InsufficientLiquidity,
    ManualReview,
    Disputed,
    Reversed,
    Refunded,
}

/// The origin's five groups of stages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = RouteStageGroup)]
#[serde(rename_all = "snake_case")]
pub enum Group {
    Initiated,
    Funded,
    Paying,
    Settled,
    Exception,
}

impl Stage {
    pub const ALL: [Stage; 23] = [
        Stage::Created,
        Stage::Quoted,
        Stage::BiometricApprovalRequired,
        Stage::BiometricallyApproved,
        Stage::FundingPending,
        Stage::Funded,
        Stage::FxReserved,
        Stage::AwaitingConfirmation,
        Stage::PayoutRouted,
        Stage::PayoutSent,
        Stage::EvidenceReceived,
        Stage::Verifying,
        Stage::Verified,
        Stage::Settled,
        Stage::Expired,
        Stage::Failed,
        Stage::Mismatched,
        Stage::Duplicate,
        Stage::InsufficientLiquidity,
        Stage::ManualReview,
        Stage::Disputed,
        Stage::Reversed,
        Stage::Refunded,
    ];

    /// Its name as the API shows it (`FX_RESERVED`).
    pub fn as_str(self) -> &'static str {
        self.describe().0
    }

    pub fn group(self) -> Group {
        self.describe().1
    }

    /// A short label for a person.
    pub fn label(self) -> &'static str {
        self.describe().2
    }

    /// What it means for the money.
    pub fn description(self) -> &'static str {
        self.describe().3
    }

    /// The origin's terminal stages (O§20): nothing moves a route out of them.
    pub fn is_terminal(self) -> bool {
        matches!(
            self,
            Stage::Settled | Stage::Expired | Stage::Failed | Stage::Reversed | Stage::Refunded
        )
    }

    /// The stage table of `docs/routes.md`: name, group, label, description.
    fn describe(self) -> (&'static str, Group, &'static str, &'static str) {
        use Group::*;
        match self {
            Stage::Created => ("CREATED", Initiated, "Created", "The route was recorded."),
            Stage::Quoted => (
                "QUOTED",
                Initiated,
                "Quoted",
                "Its figures (fees, rate, recipient amount) are fixed.",
            ),
            Stage::BiometricApprovalRequired => (
                "BIOMETRIC_APPROVAL_REQUIRED",
                Initiated,
                "Approval required",
                "Not entered by this gateway: API keys have no biometric step.",
            ),
            Stage::BiometricallyApproved => (
                "BIOMETRICALLY_APPROVED",
                Initiated,
                "Approved",
                "Not entered by this gateway.",
            ),
            Stage::FundingPending => (
                "FUNDING_PENDING",
                Initiated,
                "Waiting for funds",
                "A funding payment was created on the source's rail; the payer has not paid yet.",
            ),
            Stage::Funded => (
                "FUNDED",
                Funded,
                "Funded",
                "The sender's money is held in escrow for the route.",
            ),
            Stage::FxReserved => (
                "FX_RESERVED",
                Funded,
                "Converted",
                "The money was converted into the target currency at the route's rate; it is held in escrow.",
            ),
            Stage::AwaitingConfirmation => (
                "AWAITING_CONFIRMATION",
                Funded,
                "Awaiting the recipient",
                "Not entered by this gateway: no recipient-consent flow yet.",
            ),
            Stage::PayoutRouted => (
                "PAYOUT_ROUTED",
                Paying,
                "Payout routed",
                "A payout was made on the destination's rail, or the cash waits for pickup at an agent.",
            ),
            Stage::PayoutSent => (
                "PAYOUT_SENT",
                Paying,
                "Payout sent",
                "The rail took the payout; its outcome is pending.",
            ),
            Stage::EvidenceReceived => (
                "EVIDENCE_RECEIVED",
                Paying,
                "Evidence received",
                "The rail confirmed the payout.",
            ),
            Stage::Verifying => (
                "VERIFYING",
                Paying,
                "Verifying",
                "The confirmation is checked against the route's figures.",
            ),
            Stage::Verified => (
                "VERIFIED",
                Paying,
                "Verified",
                "The recipient got the route's amount in its currency.",
            ),
            Stage::Settled => (
                "SETTLED",
                Settled,
                "Settled",
                "Done: the recipient has the money; the receipt is available.",
            ),
            Stage::Expired => (
                "EXPIRED",
                Exception,
                "Expired",
                "Nothing arrived in time (funding, liquidity or a pickup); what the route held was returned.",
            ),
            Stage::Failed => (
                "FAILED",
                Exception,
                "Failed",
                "The funding or the payout failed; what the route held was returned.",
            ),
            Stage::Mismatched => (
                "MISMATCHED",
                Exception,
                "Mismatched",
                "The rail's confirmation disagrees with the route's figures; an operator reviews it.",
            ),
            Stage::Duplicate => (
                "DUPLICATE",
                Exception,
                "Duplicate",
                "Not entered by this gateway: a repeated Idempotency-Key replays the route.",
            ),
            Stage::InsufficientLiquidity => (
                "INSUFFICIENT_LIQUIDITY",
                Exception,
                "Waiting for liquidity",
                "Funded, but the float of the payout currency cannot carry the payout now; it may be cancelled, and it expires after 48 hours.",
            ),
            Stage::ManualReview => (
                "MANUAL_REVIEW",
                Exception,
                "Manual review",
                "The rail cannot tell whether the payout was paid; its money stays in transit until an operator resolves it.",
            ),
            Stage::Disputed => (
                "DISPUTED",
                Exception,
                "Disputed",
                "Not entered by this gateway.",
            ),
            Stage::Reversed => (
                "REVERSED",
                Exception,
                "Reversed",
                "Not entered by this gateway.",
            ),
            Stage::Refunded => (
                "REFUNDED",
                Exception,
                "Cancelled and returned",
                "Cancelled before a payout was made: every unit the route held was returned.",
            ),
        }
    }

    /// The origin's legacy `status` of a route.
    pub fn legacy_status(self) -> &'static str {
        match self {
            Stage::BiometricApprovalRequired => "authentication_required",
            Stage::BiometricallyApproved => "approved",
            Stage::FundingPending => "funding",
            Stage::Funded | Stage::FxReserved | Stage::AwaitingConfirmation => "funded",
            Stage::Settled => "completed",
            Stage::Expired | Stage::Failed | Stage::Mismatched => "failed",
            Stage::Refunded | Stage::Reversed => "refunded",
            _ => "pending",
        }
    }
}

crate::lifecycle::triggers! {
    /// What can happen to a route. Guards travel as data.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Trigger {
        /// Its figures were computed (at creation).
        Quote,
        /// A funding payment was created; the route waits for it.
        AwaitFunding,
        /// The money arrived (from the wallet at once, or the funding payment).
        Fund,
        /// The funding payment failed for good.
        FundingFailed,
        /// The money was converted into the target currency.
        ReserveFx,
        /// The payout currency's float cannot carry the payout now.
        ShortOfLiquidity,
        /// A payout was made (or the cash set aside for an agent).
        RoutePayout,
        /// The rail took the payout and answers later.
        SendPayout,
        /// The rail confirmed the payout.
        ReceiveEvidence,
        /// The confirmation is being checked.
        Verify,
        /// The check's outcome: the payout matches the route's figures.
        CheckEvidence { matches: bool },
        /// Done: straight from the escrow (wallet, qr, keep), or once verified.
        Settle,
        /// The rail refused the payout.
        PayoutFailed,
        /// The rail cannot tell whether it paid.
        PayoutUnknown,
        /// `POST /routes/{id}/cancel`; refused once a payout is being executed.
        Cancel { payout_executing: bool },
        /// A waiting route ran out of time.
        Expire,
        /// `POST /routes/{id}/review` of a MISMATCHED route: an operator found
        /// on the rail's statement that the recipient was paid the route's
        /// amount (`paid`), or that the payout came back.
        Review { paid: bool },
    }
}

/// The next stage for `trigger` in `from`, or why not.
pub fn transition(from: Stage, trigger: Trigger) -> Result<Stage, Refusal> {
    use Stage::*;
    use Trigger::*;
    match (from, trigger) {
        (Created, Quote) => Ok(Quoted),
        (Quoted, AwaitFunding) => Ok(FundingPending),
        (Quoted | FundingPending, Fund) => Ok(Funded),
        (FundingPending, FundingFailed) => Ok(Failed),
        (Funded, ReserveFx) => Ok(FxReserved),
        (Funded | FxReserved, ShortOfLiquidity) => Ok(InsufficientLiquidity),
        (Funded | FxReserved | InsufficientLiquidity, RoutePayout) => Ok(PayoutRouted),
        (PayoutRouted, SendPayout) => Ok(PayoutSent),
        // MANUAL_REVIEW: its payout in NEEDS_REVIEW was decided (by its
        // review, or a live provider's inquiry), as a payout answering late.
        (PayoutRouted | PayoutSent | ManualReview, ReceiveEvidence) => Ok(EvidenceReceived),
        (EvidenceReceived, Verify) => Ok(Verifying),
        (Verifying, CheckEvidence { matches: true }) => Ok(Verified),
        (Verifying, CheckEvidence { matches: false }) => Ok(Mismatched),
        (Funded | FxReserved | Verified, Settle) => Ok(Settled),
        (PayoutRouted | PayoutSent | ManualReview, PayoutFailed) => Ok(Failed),
        (PayoutRouted | PayoutSent, PayoutUnknown) => Ok(ManualReview),
        (Mismatched, Review { paid: true }) => Ok(Settled),
        (Mismatched, Review { paid: false }) => Ok(Failed),
        (s, Cancel { .. }) if s.is_terminal() => Err(Refusal::Closed),
        // Before a payout is executed (spec section 3): a routed agent
        // cash-out has not left, a sent payout has.
        (PayoutSent, Cancel { .. }) => Err(Refusal::AttemptInFlight),
        (
            _,
            Cancel {
                payout_executing: true,
            },
        ) => Err(Refusal::AttemptInFlight),
        (
            FundingPending | Funded | FxReserved | InsufficientLiquidity | PayoutRouted,
            Cancel { .. },
        ) => Ok(Refunded),
        (FundingPending | InsufficientLiquidity | PayoutRouted, Expire) => Ok(Expired),
        (s, _) if s.is_terminal() => Err(Refusal::Closed),
        _ => Err(Refusal::Invalid),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;
    use Stage::*;
    use Trigger::*;

    /// A cancel with no payout being executed, and one while it is.
    const CANCEL: Trigger = Cancel {
        payout_executing: false,
    };
    const CANCEL_WHILE_PAYING: Trigger = Cancel {
        payout_executing: true,
    };

    const ALLOWED: &[(Stage, Trigger, Stage)] = &[
        (Created, Quote, Quoted),
        (Quoted, AwaitFunding, FundingPending),
        (Quoted, Fund, Funded),
        (FundingPending, Fund, Funded),
        (FundingPending, FundingFailed, Failed),
        (FundingPending, CANCEL, Refunded),
        (FundingPending, Expire, Expired),
        (Funded, ReserveFx, FxReserved),
        (Funded, ShortOfLiquidity, InsufficientLiquidity),
        (Funded, RoutePayout, PayoutRouted),
        (Funded, Settle, Settled),
        (Funded, CANCEL, Refunded),
        (FxReserved, ShortOfLiquidity, InsufficientLiquidity),
        (FxReserved, RoutePayout, PayoutRouted),
        (FxReserved, Settle, Settled),
        (FxReserved, CANCEL, Refunded),
        (InsufficientLiquidity, RoutePayout, PayoutRouted),
        (InsufficientLiquidity, CANCEL, Refunded),
        (InsufficientLiquidity, Expire, Expired),
        (PayoutRouted, SendPayout, PayoutSent),
        (PayoutRouted, ReceiveEvidence, EvidenceReceived),
        (PayoutRouted, PayoutFailed, Failed),
        (PayoutRouted, PayoutUnknown, ManualReview),
        (PayoutRouted, CANCEL, Refunded),
        (PayoutRouted, Expire, Expired),
        (PayoutSent, ReceiveEvidence, EvidenceReceived),
        (PayoutSent, PayoutFailed, Failed),
        (PayoutSent, PayoutUnknown, ManualReview),
        (EvidenceReceived, Verify, Verifying),
        (Verifying, CheckEvidence { matches: true }, Verified),
        (Verifying, CheckEvidence { matches: false }, Mismatched),
        (Verified, Settle, Settled),
        (ManualReview, ReceiveEvidence, EvidenceReceived),
        (ManualReview, PayoutFailed, Failed),
        (Mismatched, Review { paid: true }, Settled),
        (Mismatched, Review { paid: false }, Failed),
    ];

    #[test]
    fn every_stage_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        // Exhaustive: a new stage or trigger does not compile until listed.
        for s in Stage::ALL {
            match s {
                Created
                | Quoted
                | BiometricApprovalRequired
                | BiometricallyApproved
                | FundingPending
                | Funded
                | FxReserved
                | AwaitingConfirmation
                | PayoutRouted
                | PayoutSent
                | EvidenceReceived
                | Verifying
                | Verified
                | Settled
                | Expired
                | Failed
                | Mismatched
                | Duplicate
                | InsufficientLiquidity
                | ManualReview
                | Disputed
                | Reversed
                | Refunded => {}
            }
        }
        for t in Trigger::ALL {
            match t {
                Quote
                | AwaitFunding
                | Fund
                | FundingFailed
                | ReserveFx
                | ShortOfLiquidity
                | RoutePayout
                | SendPayout
                | ReceiveEvidence
                | Verify
                | CheckEvidence { .. }
                | Settle
                | PayoutFailed
                | PayoutUnknown
                | Cancel { .. }
                | Expire
                | Review { .. } => {}
            }
        }
        assert_table(&Stage::ALL, Trigger::ALL, ALLOWED, transition);
    }

    #[test]
    fn a_payout_being_executed_cannot_be_cancelled_and_terminal_stages_are_closed() {
        assert_eq!(
            transition(PayoutSent, CANCEL),
            Err(Refusal::AttemptInFlight)
        );
        assert_eq!(
            transition(PayoutRouted, CANCEL_WHILE_PAYING),
            Err(Refusal::AttemptInFlight)
        );
        for done in Stage::ALL.into_iter().filter(|s| s.is_terminal()) {
            for &t in Trigger::ALL {
                assert!(transition(done, t).is_err(), "{done:?} {t:?}");
            }
            assert_eq!(transition(done, CANCEL), Err(Refusal::Closed));
        }
    }

    #[test]
    fn stages_the_gateway_never_enters_have_no_way_in() {
        for never in [
            BiometricApprovalRequired,
            BiometricallyApproved,
            AwaitingConfirmation,
            Duplicate,
            Disputed,
            Reversed,
        ] {
            assert!(ALLOWED.iter().all(|(_, _, to)| *to != never), "{never:?}");
        }
    }

    #[test]
    fn names_and_groups_follow_the_origin() {
        let groups: Vec<_> = Stage::ALL.iter().map(|s| (s.as_str(), s.group())).collect();
        assert_eq!(groups.len(), 23);
        let serialized: Vec<String> = Stage::ALL
            .iter()
            .map(|s| {
                serde_json::to_value(s)
                    .ok()
                    .and_then(|v| v.as_str().map(String::from))
                    .unwrap_or_default()
            })
            .collect();
        for (stage, name) in Stage::ALL.iter().zip(&serialized) {
            assert_eq!(stage.as_str(), name);
            assert!(!stage.label().is_empty() && !stage.description().is_empty());
        }
        let terminal: Vec<_> = Stage::ALL
            .iter()
            .filter(|s| s.is_terminal())
            .map(|s| s.as_str())
            .collect();
        assert_eq!(
            terminal,
            ["SETTLED", "EXPIRED", "FAILED", "REVERSED", "REFUNDED"]
        );
        assert_eq!(FundingPending.group(), Group::Initiated);
        assert_eq!(FxReserved.group(), Group::Funded);
        assert_eq!(PayoutSent.group(), Group::Paying);
        assert_eq!(Settled.group(), Group::Settled);
        assert_eq!(InsufficientLiquidity.group(), Group::Exception);
    }
}
