//! The intent's money counters and the one set of methods that moves them.
//!
//! Refunds and disputes take money out of what a payment received; the intent
//! keeps count, so that a new refund or dispute can never take more than is
//! left ([`Intent::refundable`]) and settlement moves only what is still in
//! pending. The counters are private to `domain::intents`: every change goes
//! through a method here, next to the rule it keeps. Each method changes the
//! counters only; the caller posts the matching ledger movement in the same
//! transaction (a failed command drops both).

use super::Intent;
use super::state::Status;

/// Where a dispute's amount is held from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DisputeHold {
    pub from_available_minor: i64,
    pub from_pending_minor: i64,
}

impl Intent {
    /// What a new refund (or dispute) may take: received − refunded −
    /// reserved − disputed − charged back.
    pub fn refundable(&self) -> i64 {
        (self.amount_received_minor
            - self.amount_refunded_minor
            - self.amount_reserved_minor
            - self.amount_disputed_minor
            - self.amount_charged_back_minor)
            .max(0)
    }

    /// Captured and credited to the merchant: the only payments a refund or a
    /// dispute may touch.
    pub fn is_received(&self) -> bool {
        matches!(self.status, Status::SettlementPending | Status::Settled)
    }

    /// Reserves `amount_minor` for a refund: from what the payment left in
    /// pending first, then from available. Returns the part from pending.
    pub(crate) fn reserve_refund(&mut self, amount_minor: i64) -> i64 {
        let from_pending_minor = amount_minor.min(self.pending_remaining_minor.max(0));
        self.pending_remaining_minor -= from_pending_minor;
        self.amount_reserved_minor += amount_minor;
        from_pending_minor
    }

    /// Releases a refund's reservation (rejected or failed): back to pending
    /// while the payment has not settled, otherwise to available. Returns the
    /// part back to pending.
    pub(crate) fn release_refund(&mut self, amount_minor: i64, from_pending_minor: i64) -> i64 {
        let back_to_pending_minor = if self.status == Status::SettlementPending {
            from_pending_minor
        } else {
            0
        };
        self.pending_remaining_minor += back_to_pending_minor;
        self.amount_reserved_minor -= amount_minor;
        back_to_pending_minor
    }

    /// A refund paid out: its reservation becomes refunded.
    pub(crate) fn refund_succeeded(&mut self, amount_minor: i64) {
        self.amount_reserved_minor -= amount_minor;
        self.amount_refunded_minor += amount_minor;
    }

    /// Holds a dispute of `amount_minor`: from the merchant's available
    /// balance (`available_minor`) first, then from what the payment left in
    /// pending. `None`, and nothing held, when both together fall short.
    pub(crate) fn hold_dispute(
        &mut self,
        amount_minor: i64,
        available_minor: i64,
    ) -> Option<DisputeHold> {
        let from_available_minor = amount_minor.min(available_minor.max(0));
        let from_pending_minor =
            (amount_minor - from_available_minor).min(self.pending_remaining_minor.max(0));
        if from_available_minor + from_pending_minor < amount_minor {
            return None;
        }
        self.pending_remaining_minor -= from_pending_minor;
        self.amount_disputed_minor += amount_minor;
        Some(DisputeHold {
            from_available_minor,
            from_pending_minor,
        })
    }

    /// A dispute decided: won returns the amount, lost charges it back.
    pub(crate) fn close_dispute(&mut self, amount_minor: i64, lost: bool) {
        self.amount_disputed_minor -= amount_minor;
        if lost {
            self.amount_charged_back_minor += amount_minor;
        }
    }

    /// Settlement: what is still in pending moves to available. Returns it.
    pub(crate) fn settle_pending(&mut self) -> i64 {
        std::mem::take(&mut self.pending_remaining_minor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn received(amount_minor: i64, pending_minor: i64, status: Status) -> Intent {
        let mut intent: Intent = serde_json::from_str(super::super::storage_tests::FULL_RECORD)
            .expect("a stored intent decodes");
        intent.status = status;
        intent.amount_received_minor = amount_minor;
        intent.pending_remaining_minor = pending_minor;
        intent
    }

    #[test]
    fn a_released_refund_gives_back_what_it_reserved_and_refundable_follows() {
        let mut intent = received(1_000, 300, Status::SettlementPending);
        assert_eq!(intent.reserve_refund(500), 300);
        assert_eq!(intent.refundable(), 500);
        assert_eq!(intent.pending_remaining_minor, 0);
        assert_eq!(intent.release_refund(500, 300), 300);
        assert_eq!(intent.refundable(), 1_000);
        assert_eq!(intent.pending_remaining_minor, 300);
        intent.reserve_refund(200);
        intent.refund_succeeded(200);
        assert_eq!(intent.refundable(), 800);
        assert_eq!(intent.amount_refunded_minor, 200);
    }

    #[test]
    fn a_settled_payment_releases_refunds_to_available() {
        let mut intent = received(1_000, 0, Status::Settled);
        assert_eq!(intent.reserve_refund(400), 0);
        assert_eq!(intent.release_refund(400, 0), 0);
        assert_eq!(intent.refundable(), 1_000);
    }

    #[test]
    fn a_dispute_holds_available_first_and_refuses_what_cannot_be_covered() {
        let mut intent = received(1_000, 600, Status::SettlementPending);
        assert_eq!(intent.hold_dispute(900, 200), None);
        let hold = intent.hold_dispute(700, 200).expect("covered");
        assert_eq!(
            hold,
            DisputeHold {
                from_available_minor: 200,
                from_pending_minor: 500
            }
        );
        assert_eq!(intent.refundable(), 300);
        intent.close_dispute(700, true);
        assert_eq!(intent.refundable(), 300);
        assert_eq!(intent.amount_charged_back_minor, 700);
        assert_eq!(intent.settle_pending(), 100);
        assert_eq!(intent.settle_pending(), 0);
    }
}
