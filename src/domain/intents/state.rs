//! The payment intent state machine: every status, every trigger, and the one
//! [`transition`] function that decides. Drawn in `docs/payment-intents.md`.
//!
//! Status names follow the origin implementation (origin-behaviour section 1)
//! so existing clients keep working.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = PaymentIntentStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Status {
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
}

impl Status {
    #[cfg(test)]
    pub const ALL: [Status; 11] = [
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
    ];

    pub fn as_str(self) -> &'static str {
        match self {
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
        }
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
    /// An attempt started; `waits_for_payer` for prompts (mobile money, card 3DS).
    AttemptStarted { waits_for_payer: bool },
    /// The payer approved and the provider confirmed.
    AttemptSucceeded { manual_capture: bool },
    /// The attempt failed; retryable failures let the payer try again.
    AttemptFailed { retryable: bool },
    /// The provider's outcome is unknown.
    AttemptUnknown,
    /// `POST /capture` on an authorised intent.
    Capture,
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
}

/// Why a trigger is not allowed now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// An attempt is already running.
    AttemptInFlight,
    /// Capture of an intent that is not AUTHORISED.
    NotAuthorised,
    /// The intent is final.
    Closed,
    /// Any other move the table forbids.
    Invalid,
}

/// The next status for `trigger` in `from`, or why not.
pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    use Trigger::*;
    match (from, trigger) {
        (
            RequiresPaymentMethod,
            AttemptStarted {
                waits_for_payer: true,
            },
        ) => Ok(RequiresCustomerAction),
        (
            RequiresPaymentMethod,
            AttemptStarted {
                waits_for_payer: false,
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

        (Authorised, Capture) => Ok(Captured),
        (Captured, QueueSettlement) => Ok(SettlementPending),
        (SettlementPending, Settle) => Ok(Settled),

        (RequiresPaymentMethod | RequiresCustomerAction | Authorised, Cancel) => Ok(Cancelled),
        (Processing, Cancel) => Err(Refusal::AttemptInFlight),
        (RequiresPaymentMethod | RequiresCustomerAction, Expire) => Ok(Expired),

        (Ambiguous, Review { paid: true }) => Ok(Captured),
        (Ambiguous, Review { paid: false }) => Ok(RequiresPaymentMethod),

        (_, Capture) if !from.is_final() => Err(Refusal::NotAuthorised),
        (s, _) if s.is_final() => Err(Refusal::Closed),
        _ => Err(Refusal::Invalid),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Status::*;
    use Trigger::*;

    const TRIGGERS: [Trigger; 14] = [
        AttemptStarted {
            waits_for_payer: true,
        },
        AttemptStarted {
            waits_for_payer: false,
        },
        AttemptSucceeded {
            manual_capture: true,
        },
        AttemptSucceeded {
            manual_capture: false,
        },
        AttemptFailed { retryable: true },
        AttemptFailed { retryable: false },
        AttemptUnknown,
        Capture,
        QueueSettlement,
        Settle,
        Cancel,
        Expire,
        Review { paid: true },
        Review { paid: false },
    ];

    /// Every allowed move; every other (status, trigger) pair must be refused.
    const ALLOWED: &[(Status, Trigger, Status)] = &[
        (
            RequiresPaymentMethod,
            AttemptStarted {
                waits_for_payer: true,
            },
            RequiresCustomerAction,
        ),
        (
            RequiresPaymentMethod,
            AttemptStarted {
                waits_for_payer: false,
            },
            Processing,
        ),
        (RequiresPaymentMethod, Cancel, Cancelled),
        (RequiresPaymentMethod, Expire, Expired),
        (
            RequiresCustomerAction,
            AttemptSucceeded {
                manual_capture: true,
            },
            Authorised,
        ),
        (
            RequiresCustomerAction,
            AttemptSucceeded {
                manual_capture: false,
            },
            Captured,
        ),
        (
            RequiresCustomerAction,
            AttemptFailed { retryable: true },
            RequiresPaymentMethod,
        ),
        (
            RequiresCustomerAction,
            AttemptFailed { retryable: false },
            Failed,
        ),
        (RequiresCustomerAction, AttemptUnknown, Ambiguous),
        (RequiresCustomerAction, Cancel, Cancelled),
        (RequiresCustomerAction, Expire, Expired),
        (
            Processing,
            AttemptSucceeded {
                manual_capture: true,
            },
            Authorised,
        ),
        (
            Processing,
            AttemptSucceeded {
                manual_capture: false,
            },
            Captured,
        ),
        (
            Processing,
            AttemptFailed { retryable: true },
            RequiresPaymentMethod,
        ),
        (Processing, AttemptFailed { retryable: false }, Failed),
        (Processing, AttemptUnknown, Ambiguous),
        (Authorised, Capture, Captured),
        (Authorised, Cancel, Cancelled),
        (Captured, QueueSettlement, SettlementPending),
        (SettlementPending, Settle, Settled),
        (Ambiguous, Review { paid: true }, Captured),
        (Ambiguous, Review { paid: false }, RequiresPaymentMethod),
    ];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        for from in Status::ALL {
            for trigger in TRIGGERS {
                let expected = ALLOWED
                    .iter()
                    .find(|(f, t, _)| *f == from && *t == trigger)
                    .map(|(_, _, to)| *to);
                let got = transition(from, trigger);
                match expected {
                    Some(to) => assert_eq!(got, Ok(to), "{from:?} + {trigger:?}"),
                    None => assert!(
                        got.is_err(),
                        "{from:?} + {trigger:?} should be refused, got {got:?}"
                    ),
                }
            }
        }
    }

    #[test]
    fn refusals_say_why() {
        assert_eq!(
            transition(Processing, Cancel),
            Err(Refusal::AttemptInFlight)
        );
        assert_eq!(
            transition(
                RequiresCustomerAction,
                AttemptStarted {
                    waits_for_payer: true
                }
            ),
            Err(Refusal::AttemptInFlight)
        );
        assert_eq!(
            transition(RequiresPaymentMethod, Capture),
            Err(Refusal::NotAuthorised)
        );
        assert_eq!(
            transition(SettlementPending, Capture),
            Err(Refusal::NotAuthorised)
        );
        assert_eq!(transition(Settled, Cancel), Err(Refusal::Closed));
        assert_eq!(transition(Cancelled, Capture), Err(Refusal::Closed));
        assert_eq!(transition(SettlementPending, Cancel), Err(Refusal::Invalid));
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
