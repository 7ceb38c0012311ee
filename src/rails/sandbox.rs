//! The sandbox rail's magic payer numbers (spec section 8, test keys only)
//! and its payout numbers (`docs/payouts.md`).

use serde::Serialize;

/// What the sandbox does for a payer number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Succeed,
    Fail,
    Ambiguous,
    TimeoutThenSucceed,
    ProviderUnavailable,
    Declined,
}

/// A row of `GET /sandbox`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct MagicNumber {
    /// The payer number (`customer_msisdn`), or a pattern such as `*0000`.
    pub msisdn: &'static str,
    pub outcome: Outcome,
    /// What happens to the attempt and the intent.
    pub behaviour: &'static str,
    /// The intent's status once the sandbox is done.
    pub intent_ends: &'static str,
}

pub const MAGIC_NUMBERS: &[MagicNumber] = &[
    MagicNumber {
        msisdn: "+243000000501",
        outcome: Outcome::Succeed,
        behaviour: "the payer approves at once; the intent is captured and credited to the test balance; event payment_intent.succeeded",
        intent_ends: "SETTLEMENT_PENDING",
    },
    MagicNumber {
        msisdn: "+243000000404",
        outcome: Outcome::Fail,
        behaviour: "wallet not found: the attempt fails with invalid_msisdn; the intent goes back to REQUIRES_PAYMENT_METHOD",
        intent_ends: "REQUIRES_PAYMENT_METHOD",
    },
    MagicNumber {
        msisdn: "+243000000408",
        outcome: Outcome::Ambiguous,
        behaviour: "the provider outcome is unknown: the payment is parked in MANUAL_REVIEW; event payment_intent.ambiguous_hold",
        intent_ends: "AMBIGUOUS",
    },
    MagicNumber {
        msisdn: "+243000000500",
        outcome: Outcome::TimeoutThenSucceed,
        behaviour: "processing for 6 seconds (a durable timer), then succeeds and settles",
        intent_ends: "SETTLEMENT_PENDING",
    },
    MagicNumber {
        msisdn: "+243000000503",
        outcome: Outcome::ProviderUnavailable,
        behaviour: "retryable attempt failure provider_unavailable; a new attempt is allowed",
        intent_ends: "REQUIRES_PAYMENT_METHOD",
    },
    MagicNumber {
        msisdn: "*0000",
        outcome: Outcome::Declined,
        behaviour: "any number ending in 0000: the payer rejects the prompt; the attempt ends declined",
        intent_ends: "REQUIRES_PAYMENT_METHOD",
    },
];

/// The outcome for a payer number; other numbers succeed like `+243000000501`.
pub fn outcome_for(msisdn: &str) -> Outcome {
    if msisdn.ends_with("0000") {
        return Outcome::Declined;
    }
    MAGIC_NUMBERS
        .iter()
        .find(|m| m.msisdn == msisdn)
        .map(|m| m.outcome)
        .unwrap_or(Outcome::Succeed)
}

/// How long the sandbox keeps a `timeout_then_succeed` payment pending (spec section 8).
pub const PENDING_MS: i64 = 6_000;

/// What the sandbox does with a payout to a destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PayoutOutcome {
    Paid,
    InvalidAccount,
    ProviderUnavailable,
    PendingThenPaid,
    Unknown,
}

/// A row of `GET /sandbox` `payout_numbers`: the same number in either
/// form, as a mobile-money phone or as a bank account number.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PayoutNumber {
    /// A mobile-money destination's `phone`.
    pub phone: &'static str,
    /// A bank destination's `account_number`.
    pub account_number: &'static str,
    pub outcome: PayoutOutcome,
    /// What happens to the payout and its money.
    pub behaviour: &'static str,
    /// The payout's status once the sandbox is done.
    pub payout_ends: &'static str,
}

/// The payout numbers mirror the payer numbers of spec section 8: 501 pays,
/// 404 is a wrong destination, 503 an unavailable provider, 500 waits 6 s,
/// 408 leaves the outcome unknown. Any other destination is paid.
pub const PAYOUT_NUMBERS: &[PayoutNumber] = &[
    PayoutNumber {
        phone: "+243000000501",
        account_number: "000000501",
        outcome: PayoutOutcome::Paid,
        behaviour: "paid at once: the amount leaves in transit for the rail; event payout.succeeded",
        payout_ends: "PAID",
    },
    PayoutNumber {
        phone: "+243000000404",
        account_number: "000000404",
        outcome: PayoutOutcome::InvalidAccount,
        behaviour: "the destination does not exist: the payout fails with invalid_account; amount and fee return to available; event payout.failed",
        payout_ends: "FAILED",
    },
    PayoutNumber {
        phone: "+243000000503",
        account_number: "000000503",
        outcome: PayoutOutcome::ProviderUnavailable,
        behaviour: "the provider is unavailable: the payout fails with provider_unavailable; amount and fee return to available; event payout.failed",
        payout_ends: "FAILED",
    },
    PayoutNumber {
        phone: "+243000000500",
        account_number: "000000500",
        outcome: PayoutOutcome::PendingThenPaid,
        behaviour: "PROCESSING for 6 seconds (a durable timer that follows a test clock), then paid; events payout.processing, payout.succeeded",
        payout_ends: "PAID",
    },
    PayoutNumber {
        phone: "+243000000408",
        account_number: "000000408",
        outcome: PayoutOutcome::Unknown,
        behaviour: "the provider's outcome is unknown: the payout waits in NEEDS_REVIEW with its money in transit; event payout.needs_review",
        payout_ends: "NEEDS_REVIEW",
    },
];

/// The outcome of a payout to `account` (a phone or an account number);
/// any other destination is paid.
pub fn payout_outcome_for(account: &str) -> PayoutOutcome {
    PAYOUT_NUMBERS
        .iter()
        .find(|n| n.phone == account || n.account_number == account)
        .map_or(PayoutOutcome::Paid, |n| n.outcome)
}

/// A row of `GET /sandbox` `rail_rules`: what the sandbox does on the
/// rails that have no magic number (bank, wallet, QR).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RailRule {
    /// `bank`, `wallet` or `qr`.
    pub rail: &'static str,
    /// What the payer (or the test) does.
    pub when: &'static str,
    /// What happens to the attempt and the intent.
    pub behaviour: &'static str,
    pub intent_ends: &'static str,
}

pub const RAIL_RULES: &[RailRule] = &[
    RailRule {
        rail: "bank",
        when: "confirm with rail bank",
        behaviour: "the intent waits in REQUIRES_CUSTOMER_ACTION with bank_instructions (the sandbox bank account and the reference to quote) until a credit arrives through POST /sandbox/bank_credits",
        intent_ends: "REQUIRES_CUSTOMER_ACTION",
    },
    RailRule {
        rail: "bank",
        when: "POST /sandbox/bank_credits of the exact amount",
        behaviour: "the intent is paid (outcome paid)",
        intent_ends: "SETTLEMENT_PENDING",
    },
    RailRule {
        rail: "bank",
        when: "a credit short of the amount",
        behaviour: "counted (outcome partial); the intent keeps waiting for the rest; if it expires or is cancelled first, what arrived is sent back",
        intent_ends: "REQUIRES_CUSTOMER_ACTION",
    },
    RailRule {
        rail: "bank",
        when: "a credit over the amount",
        behaviour: "the intent is paid and the excess sent back to the payer (outcome overpaid, returned_minor)",
        intent_ends: "SETTLEMENT_PENDING",
    },
    RailRule {
        rail: "bank",
        when: "a credit after the attempt closed (paid, expired, cancelled)",
        behaviour: "nothing changes hands: the credit is held for review (outcome review, bank_instructions.amount_in_review_minor)",
        intent_ends: "unchanged",
    },
    RailRule {
        rail: "wallet",
        when: "another organisation confirms with rail wallet and the intent's checkout token",
        behaviour: "one posting from the payer's available balance to the merchant's pending, no provider fee",
        intent_ends: "SETTLEMENT_PENDING",
    },
    RailRule {
        rail: "wallet",
        when: "the payer's available balance is short of the amount",
        behaviour: "the attempt fails insufficient_funds, retryable; nothing moves",
        intent_ends: "REQUIRES_PAYMENT_METHOD",
    },
    RailRule {
        rail: "qr",
        when: "POST /resolve of an active static code of this gateway",
        behaviour: "creates the code's payment intent (open amount unless the code fixes one), returned as payment_intent with its checkout_url; pay it with rail wallet",
        intent_ends: "SETTLEMENT_PENDING once paid",
    },
];

/// How long a bank attempt waits before the rail is asked again (it keeps
/// waiting: the intent's expiry ends it first unless it lives longer).
pub const BANK_WAIT_MS: i64 = 7 * 86_400_000;

/// A card's outcome by its magic last four (`card.rs`); a challenge waits
/// for the sandbox's challenge page.
fn card_collection(card: Option<&super::card::Card>) -> super::Collection {
    use super::card::{self, CardOutcome};
    use super::{Collection, FailureReason};
    let Some(card) = card else {
        return Collection::Failed(FailureReason::Declined);
    };
    match card::outcome_for(card) {
        CardOutcome::Succeed | CardOutcome::RefundUnanswered => Collection::Succeeded,
        CardOutcome::Declined => Collection::Failed(FailureReason::Declined),
        CardOutcome::InsufficientFunds => Collection::Failed(FailureReason::InsufficientFunds),
        CardOutcome::ExpiredCard => Collection::Failed(FailureReason::ExpiredCard),
        CardOutcome::IncorrectCvc => Collection::Failed(FailureReason::IncorrectCvc),
        CardOutcome::ChallengeRequired => Collection::Pending {
            poll_after_ms: card::CHALLENGE_MS,
        },
    }
}

/// The sandbox rail: deterministic, in memory, for test keys.
pub struct Sandbox;

impl super::Rail for Sandbox {
    fn collect(&self, request: &super::CollectRequest<'_>) -> super::Collection {
        use super::{Collection, FailureReason};
        tracing::debug!(
            rail = request.rail,
            amount_minor = request.amount_minor,
            currency = request.currency,
            reference = request.reference,
            "sandbox collect"
        );
        match request.rail {
            "card" => return card_collection(request.card),
            // The payer's transfer arrives when it arrives: `POST
            // /sandbox/bank_credits` says so; until then the rail has nothing new.
            "bank" => {
                return Collection::Pending {
                    poll_after_ms: BANK_WAIT_MS,
                };
            }
            _ => {}
        }
        match outcome_for(request.msisdn.unwrap_or_default()) {
            Outcome::Succeed => Collection::Succeeded,
            Outcome::Fail => Collection::Failed(FailureReason::InvalidMsisdn),
            Outcome::Ambiguous => Collection::Unknown,
            Outcome::TimeoutThenSucceed => Collection::Pending {
                poll_after_ms: PENDING_MS,
            },
            Outcome::ProviderUnavailable => Collection::Failed(FailureReason::ProviderUnavailable),
            Outcome::Declined => Collection::Failed(FailureReason::Declined),
        }
    }

    fn status(&self, request: &super::CollectRequest<'_>) -> super::Collection {
        use super::{Collection, FailureReason};
        match (request.rail, self.collect(request)) {
            // A challenge nobody completed in time fails the attempt.
            ("card", Collection::Pending { .. }) => {
                Collection::Failed(FailureReason::AuthenticationFailed)
            }
            ("bank", pending @ Collection::Pending { .. }) => pending,
            // Once the pending time has passed, the payment goes through.
            (_, Collection::Pending { .. }) => Collection::Succeeded,
            (_, other) => other,
        }
    }

    fn capture(&self, _: &super::CollectRequest<'_>, _: i64) -> Result<(), crate::error::ApiError> {
        Ok(())
    }

    fn void(&self, _: &super::CollectRequest<'_>) -> Result<(), crate::error::ApiError> {
        Ok(())
    }

    /// Sandbox refunds succeed at once (origin behaviour section 2), but
    /// for a payment by the card ending 7726, whose refund is never
    /// answered (`card.rs`).
    fn refund(
        &self,
        request: &super::CollectRequest<'_>,
        _: i64,
    ) -> Result<super::Disbursement, crate::error::ApiError> {
        use super::card::{self, CardOutcome};
        let unanswered = request
            .card
            .is_some_and(|c| card::outcome_for(c) == CardOutcome::RefundUnanswered);
        Ok(if unanswered {
            super::Disbursement::Unknown
        } else {
            super::Disbursement::Paid
        })
    }

    fn pay_out(&self, order: &super::PayoutOrder<'_>) -> super::Disbursement {
        use super::{Disbursement, PayoutFailure};
        tracing::debug!(
            rail = order.rail,
            operator = order.operator,
            amount_minor = order.amount_minor,
            currency = order.currency,
            reference = order.reference,
            "sandbox payout"
        );
        match payout_outcome_for(order.account) {
            PayoutOutcome::Paid => Disbursement::Paid,
            PayoutOutcome::InvalidAccount => Disbursement::Failed(PayoutFailure::InvalidAccount),
            PayoutOutcome::ProviderUnavailable => {
                Disbursement::Failed(PayoutFailure::ProviderUnavailable)
            }
            PayoutOutcome::PendingThenPaid => Disbursement::Pending {
                poll_after_ms: PENDING_MS,
            },
            PayoutOutcome::Unknown => Disbursement::Unknown,
        }
    }

    fn payout_status(&self, order: &super::PayoutOrder<'_>) -> super::Disbursement {
        match self.pay_out(order) {
            // Once the pending time has passed, the payout is paid.
            super::Disbursement::Pending { .. } => super::Disbursement::Paid,
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_numbers_map_to_the_spec_outcomes() {
        assert_eq!(outcome_for("+243000000501"), Outcome::Succeed);
        assert_eq!(outcome_for("+243000000404"), Outcome::Fail);
        assert_eq!(outcome_for("+243000000408"), Outcome::Ambiguous);
        assert_eq!(outcome_for("+243000000500"), Outcome::TimeoutThenSucceed);
        assert_eq!(outcome_for("+243000000503"), Outcome::ProviderUnavailable);
        assert_eq!(outcome_for("+243810000000"), Outcome::Declined);
        assert_eq!(outcome_for("+243811234567"), Outcome::Succeed);
    }

    #[test]
    fn payout_numbers_answer_as_phone_or_account_number_and_others_are_paid() {
        use crate::rails::{Disbursement, PayoutFailure, PayoutOrder, Rail};
        let order = |account| PayoutOrder {
            rail: "mobile_money",
            operator: "mpesa",
            account,
            amount_minor: 1_000,
            currency: "CDF",
            reference: "po_1",
        };
        let rail = Sandbox;
        assert_eq!(rail.pay_out(&order("+243000000501")), Disbursement::Paid);
        assert_eq!(
            rail.pay_out(&order("000000404")),
            Disbursement::Failed(PayoutFailure::InvalidAccount)
        );
        assert_eq!(
            rail.pay_out(&order("+243000000503")),
            Disbursement::Failed(PayoutFailure::ProviderUnavailable)
        );
        assert_eq!(
            rail.pay_out(&order("+243000000500")),
            Disbursement::Pending {
                poll_after_ms: PENDING_MS
            }
        );
        assert_eq!(rail.payout_status(&order("000000500")), Disbursement::Paid);
        assert_eq!(rail.pay_out(&order("+243000000408")), Disbursement::Unknown);
        assert_eq!(
            rail.payout_status(&order("+243000000408")),
            Disbursement::Unknown
        );
        // A collection's declined pattern means nothing to a payout.
        assert_eq!(rail.pay_out(&order("+243810000000")), Disbursement::Paid);
        for n in PAYOUT_NUMBERS {
            assert_eq!(payout_outcome_for(n.phone), n.outcome);
            assert_eq!(payout_outcome_for(n.account_number), n.outcome);
        }
    }
}
