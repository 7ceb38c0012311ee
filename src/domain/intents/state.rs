//! The payment intent state machine: every status, every trigger, and the one
//! [`transition`] function that decides. Drawn in `docs/payment-intents.md`.
//!
//! Status names follow the origin implementation (origin-behaviour section 1)
//! so existing clients keep working.
//!
//! PARTIALLY_REFUNDED, REFUNDED and DISPUTED are the origin's statuses of a
//! paid intent after refunds and while a dispute is open. They are never
//! stored: the stored status stays the payment's lifecycle (settlement and
//! refunds key on it), and [`super::Intent::public_status`] derives them
//! from the intent's counters for what clients see. `transition` refuses
//! every trigger from them.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = PaymentIntentStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Status {
    /// Created without an amount (an open-amount QR, origin section 1); the
    /// amount is set once, with the first attempt.
    Created,
    /// Created; waiting for the payer's method (or back here after a retryable failure).
    RequiresPaymentMethod,
    /// An attempt is waiting for the payer (a mobile-money prompt, a card challenge).
    RequiresCustomerAction,
    /// An attempt is with the provider.
    Processing,
    /// Manual capture: the payer approved; funds held until captured or cancelled.
    Authorised,
    /// Funds captured (momentary: settlement is queued at once).
    Captured,
    /// Captured and credited to the merchant's pending balance; waiting for settlement.
    SettlementPending,
    /// Settled to the merchant's available balance. Final.
    Settled,
    /// The provider's outcome is unknown; the payment is parked in MANUAL_REVIEW.
    Ambiguous,
    /// A non-retryable failure. Final.
    Failed,
    /// Cancelled before capture. Final.
    Cancelled,
    /// Expired before payment. Final.
    Expired,
    /// Shown, never stored: part of the payment was refunded.
    PartiallyRefunded,
    /// Shown, never stored: all of the payment was refunded.
    Refunded,
    /// Shown, never stored: a dispute on the payment is open.
    Disputed,
}

impl Status {
    /// Every status (the table test's list; the simulator's too).
    pub const ALL: [Status; 15] = [
        Status::Created,
        Status::RequiresPaymentMethod,
        Status::RequiresCustomerAction,
        Status::Processing,
        Status::Authorised,
        Status::Captured,
        Status::SettlementPending,
        Status::Settled,
        Status::Ambiguous,
        Status::Failed,
        Status::Cancelled,
        Status::Expired,
        Status::PartiallyRefunded,
        Status::Refunded,
        Status::Disputed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Created => "CREATED",
            Status::RequiresPaymentMethod => "REQUIRES_PAYMENT_METHOD",
            Status::RequiresCustomerAction => "REQUIRES_CUSTOMER_ACTION",
            Status::Processing => "PROCESSING",
            Status::Authorised => "AUTHORISED",
            Status::Captured => "CAPTURED",
            Status::SettlementPending => "SETTLEMENT_PENDING",
            Status::Settled => "SETTLED",
            Status::Ambiguous => "AMBIGUOUS",
            Status::Failed => "FAILED",
            Status::Cancelled => "CANCELLED",
            Status::Expired => "EXPIRED",
            Status::PartiallyRefunded => "PARTIALLY_REFUNDED",
            Status::Refunded => "REFUNDED",
            Status::Disputed => "DISPUTED",
        }
    }

    /// Derived from the counters for clients, never stored.
    pub fn is_derived(self) -> bool {
        matches!(
            self,
            Status::PartiallyRefunded | Status::Refunded | Status::Disputed
        )
    }

    pub fn is_final(self) -> bool {
        matches!(
            self,
            Status::Settled | Status::Failed | Status::Cancelled | Status::Expired
        )
    }
}

/// What can happen to an intent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// An attempt started; `waits_for_payer` for prompts (mobile money, card 3DS);
    /// `past_expiry` when it comes at or after the intent's expiry.
    AttemptStarted {
        waits_for_payer: bool,
        past_expiry: bool,
    },
    /// The payer approved and the provider confirmed.
    AttemptSucceeded { manual_capture: bool },
    /// The attempt failed; retryable failures let the payer try again.
    AttemptFailed { retryable: bool },
    /// The provider's outcome is unknown.
    AttemptUnknown,
    /// `POST /capture`; only intents created with `capture_method: manual` are captured by hand.
    Capture { manual_capture: bool },
    /// Captured funds were credited to pending and queued for settlement.
    QueueSettlement,
    /// Settlement moved the funds to available.
    Settle,
    /// `POST /cancel`.
    Cancel,
    /// The intent's expiry timer fired.
    Expire,
    /// An operator resolved an AMBIGUOUS payment.
    Review { paid: bool },
    /// The amount of an open-amount intent was set (once).
    SetAmount,
    /// The payer left a waiting bank transfer for another method
    /// (decision 453): only while nothing of the transfer has arrived.
    SwitchFromBank { nothing_received: bool },
}

/// Why a trigger is not allowed now: the one refusal type of every lifecycle.
pub use crate::lifecycle::Refusal;

/// The next status for `trigger` in `from`, or why not.
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    use Trigger::*;
    match (from, trigger) {
        // Statuses shown, never stored: nothing starts from them.
        (s, _) if s.is_derived() => Err(Refusal::Invalid),
        // Checked first: an expired intent takes no attempt, whatever else holds.
        (Expired, AttemptStarted { .. })
        | (
            _,
            AttemptStarted {
                past_expiry: true, ..
            },
        ) => Err(Refusal::DeadlinePassed),
        (
            RequiresPaymentMethod,
            AttemptStarted {
                waits_for_payer: true,
                ..
            },
        ) => Ok(RequiresCustomerAction),
        (
            RequiresPaymentMethod,
            AttemptStarted {
                waits_for_payer: false,
                ..
            },
        ) => Ok(Processing),
        (RequiresCustomerAction | Processing, AttemptStarted { .. }) => {
            Err(Refusal::AttemptInFlight)
        }

        (
            RequiresCustomerAction | Processing,
            AttemptSucceeded {
                manual_capture: true,
            },
        ) => Ok(Authorised),
        (
            RequiresCustomerAction | Processing,
            AttemptSucceeded {
                manual_capture: false,
            },
        ) => Ok(Captured),
        (RequiresCustomerAction | Processing, AttemptFailed { retryable: true }) => {
            Ok(RequiresPaymentMethod)
        }
        (RequiresCustomerAction | Processing, AttemptFailed { retryable: false }) => Ok(Failed),
        (RequiresCustomerAction | Processing, AttemptUnknown) => Ok(Ambiguous),

        (
            Authorised,
            Capture {
                manual_capture: true,
            },
        ) => Ok(Captured),
        (Captured, QueueSettlement) => Ok(SettlementPending),
        (SettlementPending, Settle) => Ok(Settled),

        (Created, SetAmount) => Ok(RequiresPaymentMethod),
        (
            RequiresCustomerAction,
            SwitchFromBank {
                nothing_received: true,
            },
        ) => Ok(RequiresPaymentMethod),
        (
            RequiresCustomerAction,
            SwitchFromBank {
                nothing_received: false,
            },
        ) => Err(Refusal::AttemptInFlight),
        (Created | RequiresPaymentMethod | RequiresCustomerAction | Authorised, Cancel) => {
            Ok(Cancelled)
        }
        (Processing, Cancel) => Err(Refusal::AttemptInFlight),
        (Created | RequiresPaymentMethod | RequiresCustomerAction, Expire) => Ok(Expired),

        (Ambiguous, Review { paid: true }) => Ok(Captured),
        (Ambiguous, Review { paid: false }) => Ok(RequiresPaymentMethod),

        (_, Capture { .. }) if !from.is_final() => Err(Refusal::NotAuthorised),
        (s, _) if s.is_final() => Err(Refusal::Closed),
        _ => Err(Refusal::Invalid),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::assert_table;
    use Status::*;
    use Trigger::*;

    const fn started(waits_for_payer: bool, past_expiry: bool) -> Trigger {
        AttemptStarted {
            waits_for_payer,
            past_expiry,
        }
    }

    const MANUAL: Trigger = Capture {
        manual_capture: true,
    };
    const AUTOMATIC: Trigger = Capture {
        manual_capture: false,
    };
    const SUCCEEDED_MANUAL: Trigger = AttemptSucceeded {
        manual_capture: true,
    };
    const SUCCEEDED_AUTOMATIC: Trigger = AttemptSucceeded {
        manual_capture: false,
    };
    const RETRYABLE: Trigger = AttemptFailed { retryable: true };
    const FINAL_FAILURE: Trigger = AttemptFailed { retryable: false };

    const TRIGGERS: [Trigger; 20] = [
        started(true, false),
        started(false, false),
        started(true, true),
        started(false, true),
        SUCCEEDED_MANUAL,
        SUCCEEDED_AUTOMATIC,
        RETRYABLE,
        FINAL_FAILURE,
        AttemptUnknown,
        MANUAL,
        AUTOMATIC,
        QueueSettlement,
        Settle,
        Cancel,
        Expire,
        Review { paid: true },
        Review { paid: false },
        SetAmount,
        SwitchFromBank {
            nothing_received: true,
        },
        SwitchFromBank {
            nothing_received: false,
        },
    ];

    /// Every allowed move; every other (status, trigger) pair must be refused.
    const ALLOWED: &[(Status, Trigger, Status)] = &[
        (Created, SetAmount, RequiresPaymentMethod),
        (Created, Cancel, Cancelled),
        (Created, Expire, Expired),
        (
            RequiresPaymentMethod,
            started(true, false),
            RequiresCustomerAction,
        ),
        (RequiresPaymentMethod, started(false, false), Processing),
        (RequiresPaymentMethod, Cancel, Cancelled),
        (RequiresPaymentMethod, Expire, Expired),
        (RequiresCustomerAction, SUCCEEDED_MANUAL, Authorised),
        (RequiresCustomerAction, SUCCEEDED_AUTOMATIC, Captured),
        (RequiresCustomerAction, RETRYABLE, RequiresPaymentMethod),
        (RequiresCustomerAction, FINAL_FAILURE, Failed),
        (RequiresCustomerAction, AttemptUnknown, Ambiguous),
        (RequiresCustomerAction, Cancel, Cancelled),
        (RequiresCustomerAction, Expire, Expired),
        (
            RequiresCustomerAction,
            SwitchFromBank {
                nothing_received: true,
            },
            RequiresPaymentMethod,
        ),
        (Processing, SUCCEEDED_MANUAL, Authorised),
        (Processing, SUCCEEDED_AUTOMATIC, Captured),
        (Processing, RETRYABLE, RequiresPaymentMethod),
        (Processing, FINAL_FAILURE, Failed),
        (Processing, AttemptUnknown, Ambiguous),
        (Authorised, MANUAL, Captured),
        (Authorised, Cancel, Cancelled),
        (Captured, QueueSettlement, SettlementPending),
        (SettlementPending, Settle, Settled),
        (Ambiguous, Review { paid: true }, Captured),
        (Ambiguous, Review { paid: false }, RequiresPaymentMethod),
    ];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        // Exhaustive: a new status or trigger does not compile until listed.
        for s in Status::ALL {
            match s {
                Created
                | RequiresPaymentMethod
                | RequiresCustomerAction
                | Processing
                | Authorised
                | Captured
                | SettlementPending
                | Settled
                | Ambiguous
                | Failed
                | Cancelled
                | Expired
                | PartiallyRefunded
                | Refunded
                | Disputed => {}
            }
        }
        for t in TRIGGERS {
            match t {
                AttemptStarted { .. }
                | AttemptSucceeded { .. }
                | AttemptFailed { .. }
                | AttemptUnknown
                | Capture { .. }
                | QueueSettlement
                | Settle
                | Cancel
                | Expire
                | Review { .. }
                | SetAmount
                | SwitchFromBank { .. } => {}
            }
        }
        assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
    }

    #[test]
    fn refusals_say_why() {
        assert_eq!(
            transition(Processing, Cancel),
            Err(Refusal::AttemptInFlight)
        );
        assert_eq!(
            transition(RequiresCustomerAction, started(true, false)),
            Err(Refusal::AttemptInFlight)
        );
        assert_eq!(
            transition(RequiresPaymentMethod, MANUAL),
            Err(Refusal::NotAuthorised)
        );
        assert_eq!(
            transition(Authorised, AUTOMATIC),
            Err(Refusal::NotAuthorised)
        );
        assert_eq!(
            transition(SettlementPending, MANUAL),
            Err(Refusal::NotAuthorised)
        );
        assert_eq!(transition(Settled, Cancel), Err(Refusal::Closed));
        assert_eq!(transition(Cancelled, MANUAL), Err(Refusal::Closed));
        assert_eq!(transition(SettlementPending, Cancel), Err(Refusal::Invalid));
    }

    #[test]
    fn an_expired_intent_or_a_late_attempt_is_refused_as_expired() {
        for from in Status::ALL.into_iter().filter(|s| !s.is_derived()) {
            assert_eq!(
                transition(from, started(true, true)),
                Err(Refusal::DeadlinePassed)
            );
        }
        assert_eq!(
            transition(Expired, started(true, false)),
            Err(Refusal::DeadlinePassed)
        );
    }

    #[test]
    fn an_open_amount_takes_no_attempt_and_derived_statuses_take_nothing() {
        assert_eq!(
            transition(Created, started(true, false)),
            Err(Refusal::Invalid)
        );
        for from in Status::ALL.into_iter().filter(|s| s.is_derived()) {
            for trigger in TRIGGERS {
                assert_eq!(transition(from, trigger), Err(Refusal::Invalid));
            }
        }
    }

    #[test]
    fn final_statuses_accept_nothing() {
        for from in Status::ALL.into_iter().filter(|s| s.is_final()) {
            for trigger in TRIGGERS {
                assert!(transition(from, trigger).is_err());
            }
        }
    }
}
