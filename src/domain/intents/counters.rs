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

/// A merchant's balances in the payment's currency, as a command reads them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Balances {
    pub pending_minor: i64,
    pub available_minor: i64,
}

/// Where a refund's reservation came from: `from_pending_minor` of it from
/// pending (of which `borrowed_minor` beyond what its payment left there), the
/// rest from available.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reservation {
    pub from_pending_minor: i64,
    pub borrowed_minor: i64,
}

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

    /// The status clients see (origin behaviour section 1): DISPUTED while a
    /// dispute holds part of the payment, REFUNDED once refunds took all it
    /// received, PARTIALLY_REFUNDED once they took part, else the stored
    /// status. Derived, never stored, so the lifecycle that settlement and
    /// refunds follow is untouched.
    pub fn public_status(&self) -> Status {
        if self.amount_disputed_minor > 0 {
            Status::Disputed
        } else if self.amount_refunded_minor > 0
            && self.amount_refunded_minor >= self.amount_received_minor
        {
            Status::Refunded
        } else if self.amount_refunded_minor > 0 {
            Status::PartiallyRefunded
        } else {
            self.status
        }
    }

    /// Captured and credited to the merchant: the only payments a refund or a
    /// dispute may touch.
    pub fn is_received(&self) -> bool {
        matches!(self.status, Status::SettlementPending | Status::Settled)
    }

    /// Reserves `amount_minor` for a refund from the merchant's balances
    /// (`merchant` holds them now): while the payment is unsettled, pending
    /// first, then available; once settled, available first, then pending.
    ///
    /// A refund may take more from pending than its own payment left there:
    /// the payer gets the whole amount back while the merchant received it
    /// less the fee, so the fee's part comes from the merchant's other pending
    /// money (defects 13 and 14 of issue 16). That part is `borrowed_minor`:
    /// the counter drops by the payment's own part only, and a release puts
    /// the borrowed part back in pending, where it belongs to other payments.
    pub(crate) fn reserve_refund(&mut self, amount_minor: i64, merchant: Balances) -> Reservation {
        let pending = merchant.pending_minor.max(0);
        let from_pending_minor = if self.status == Status::SettlementPending {
            amount_minor.min(pending)
        } else {
            (amount_minor - merchant.available_minor.max(0)).clamp(0, pending)
        };
        let own_minor = from_pending_minor.min(self.pending_remaining_minor.max(0));
        self.pending_remaining_minor -= own_minor;
        self.amount_reserved_minor += amount_minor;
        Reservation {
            from_pending_minor,
            borrowed_minor: from_pending_minor - own_minor,
        }
    }

    /// Releases a refund's reservation (rejected or failed): the payment's
    /// own part back to pending while it has not settled, otherwise to
    /// available; a borrowed part back to pending. Returns the part back to
    /// pending.
    pub(crate) fn release_refund(&mut self, amount_minor: i64, reserved: Reservation) -> i64 {
        let own_minor = reserved.from_pending_minor - reserved.borrowed_minor;
        let own_back_minor = if self.status == Status::SettlementPending {
            own_minor
        } else {
            0
        };
        self.pending_remaining_minor += own_back_minor;
        self.amount_reserved_minor -= amount_minor;
        own_back_minor + reserved.borrowed_minor
    }

    /// A refund paid out: its reservation becomes refunded.
    pub(crate) fn refund_succeeded(&mut self, amount_minor: i64) {
        self.amount_reserved_minor -= amount_minor;
        self.amount_refunded_minor += amount_minor;
    }

    /// Holds a dispute of `amount_minor`: from the merchant's available
    /// balance first, then from what the payment left in pending (at most
    /// what pending holds). `None`, and nothing held, when both fall short.
    pub(crate) fn hold_dispute(
        &mut self,
        amount_minor: i64,
        Balances {
            pending_minor,
            available_minor,
        }: Balances,
    ) -> Option<DisputeHold> {
        let from_available_minor = amount_minor.min(available_minor.max(0));
        let from_pending_minor = (amount_minor - from_available_minor)
            .min(self.pending_remaining_minor.max(0))
            .min(pending_minor.max(0));
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

    /// Its settlement cycle closed: what the payment still has in pending
    /// left with the cycle's net, so refunds and disputes from now on find
    /// none of it there. Kept as its share of the cycle; done once.
    pub(crate) fn close_settlement_share(&mut self) {
        if self.settlement_share_minor.is_none() {
            self.settlement_share_minor = Some(std::mem::take(&mut self.pending_remaining_minor));
        }
    }

    /// Its settlement cycle paid: the payment's share of the net (what it
    /// had in pending at the close), taken once.
    pub(crate) fn take_settlement_share(&mut self) -> i64 {
        let remaining = std::mem::take(&mut self.pending_remaining_minor);
        self.settlement_share_minor
            .take()
            .unwrap_or(remaining)
            .max(0)
    }

    /// Settlement: what the payment still has in pending moves to available,
    /// at most what the merchant's pending holds (`pending_minor`: a refund's
    /// fee may have drawn on it, see [`Intent::reserve_refund`]). Returns it.
    pub(crate) fn settle_pending(&mut self, pending_minor: i64) -> i64 {
        std::mem::take(&mut self.pending_remaining_minor).clamp(0, pending_minor.max(0))
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

    fn merchant(pending_minor: i64, available_minor: i64) -> Balances {
        Balances {
            pending_minor,
            available_minor,
        }
    }

    #[test]
    fn a_released_refund_gives_back_what_it_reserved_and_refundable_follows() {
        let mut intent = received(1_000, 300, Status::SettlementPending);
        let reserved = intent.reserve_refund(500, merchant(300, 900));
        assert_eq!(
            reserved,
            Reservation {
                from_pending_minor: 300,
                borrowed_minor: 0
            }
        );
        assert_eq!(intent.refundable(), 500);
        assert_eq!(intent.pending_remaining_minor, 0);
        assert_eq!(intent.release_refund(500, reserved), 300);
        assert_eq!(intent.refundable(), 1_000);
        assert_eq!(intent.pending_remaining_minor, 300);
        intent.reserve_refund(200, merchant(300, 900));
        intent.refund_succeeded(200);
        assert_eq!(intent.refundable(), 800);
        assert_eq!(intent.amount_refunded_minor, 200);
    }

    /// Defects 13 and 14 of issue 16: the payment left 967 (1 000 less a fee
    /// of 33) in pending; a full refund takes the fee's part from the
    /// merchant's other pending money, not from an empty available.
    #[test]
    fn a_refund_beyond_its_payments_pending_borrows_pending_before_available() {
        let mut intent = received(1_000, 967, Status::SettlementPending);
        let reserved = intent.reserve_refund(1_000, merchant(5_000, 0));
        assert_eq!(
            reserved,
            Reservation {
                from_pending_minor: 1_000,
                borrowed_minor: 33
            }
        );
        assert_eq!(intent.pending_remaining_minor, 0);
        // Released: the payment's own part and the borrowed part go back to pending.
        assert_eq!(intent.release_refund(1_000, reserved), 1_000);
        assert_eq!(intent.pending_remaining_minor, 967);
        // Settled meanwhile: the own part goes to available, the borrowed part to pending.
        let reserved = intent.reserve_refund(1_000, merchant(5_000, 0));
        intent.status = Status::Settled;
        assert_eq!(intent.release_refund(1_000, reserved), 33);
    }

    #[test]
    fn a_settled_payment_reserves_available_first_and_releases_to_available() {
        let mut intent = received(1_000, 0, Status::Settled);
        let reserved = intent.reserve_refund(400, merchant(1_000, 2_000));
        assert_eq!(reserved.from_pending_minor, 0);
        assert_eq!(intent.release_refund(400, reserved), 0);
        assert_eq!(intent.refundable(), 1_000);
        // Available short: the rest from pending, returned there.
        let reserved = intent.reserve_refund(400, merchant(1_000, 100));
        assert_eq!(
            reserved,
            Reservation {
                from_pending_minor: 300,
                borrowed_minor: 300
            }
        );
        assert_eq!(intent.release_refund(400, reserved), 300);
    }

    #[test]
    fn the_public_status_follows_refunds_and_open_disputes() {
        let mut intent = received(1_000, 967, Status::SettlementPending);
        assert_eq!(intent.public_status(), Status::SettlementPending);
        intent.reserve_refund(400, merchant(5_000, 0));
        assert_eq!(
            intent.public_status(),
            Status::SettlementPending,
            "a refund in progress changes nothing"
        );
        intent.refund_succeeded(400);
        assert_eq!(intent.public_status(), Status::PartiallyRefunded);
        intent.hold_dispute(100, merchant(5_000, 0)).expect("held");
        assert_eq!(intent.public_status(), Status::Disputed);
        intent.close_dispute(100, false);
        assert_eq!(intent.public_status(), Status::PartiallyRefunded);
        intent.status = Status::Settled;
        intent.reserve_refund(600, merchant(5_000, 0));
        intent.refund_succeeded(600);
        assert_eq!(intent.public_status(), Status::Refunded);
        assert_eq!(intent.status, Status::Settled, "the stored status stays");
    }

    #[test]
    fn a_dispute_holds_available_first_and_refuses_what_cannot_be_covered() {
        let mut intent = received(1_000, 600, Status::SettlementPending);
        assert_eq!(intent.hold_dispute(900, merchant(5_000, 200)), None);
        assert_eq!(intent.hold_dispute(700, merchant(400, 200)), None);
        let hold = intent
            .hold_dispute(700, merchant(5_000, 200))
            .expect("covered");
        assert_eq!(
            hold,
            DisputeHold {
                from_available_minor: 200,
                from_pending_minor: 500
            }
        );
        assert_eq!(intent.refundable(), 300);
        intent.close_dispute(700, true);
        // Its cycle closes: a later refund finds none of it in pending.
        let mut closed = intent.clone();
        closed.close_settlement_share();
        closed.close_settlement_share();
        let later = closed.reserve_refund(50, merchant(5_000, 0));
        assert_eq!(later.borrowed_minor, 50, "all of it borrowed");
        assert_eq!(closed.take_settlement_share(), 100);
        assert_eq!(closed.take_settlement_share(), 0, "taken once");
        assert_eq!(intent.refundable(), 300);
        assert_eq!(intent.amount_charged_back_minor, 700);
        assert_eq!(intent.settle_pending(5_000), 100);
        assert_eq!(intent.settle_pending(5_000), 0);
        // Never more than pending holds (a refund's fee drew on it).
        intent.pending_remaining_minor = 100;
        assert_eq!(intent.settle_pending(60), 60);
    }
}
