//! A remittance's status (O§21: pending, ready_for_pickup, completed, and
//! rejected, here `failed` or `refunded`). It follows its route's stage:
//!
//! ```text
//! PENDING ──route settled──> COMPLETED
//!    │ ──cash held for pickup──> READY_FOR_PICKUP
//!    │                                │
//!    └──route failed──> FAILED <──────┤
//!    └──money returned──> REFUNDED <──┘
//! ```
//!
//! A pickup's completion needs an agent network this gateway does not have:
//! READY_FOR_PICKUP ends when the route is cancelled or expires (REFUNDED).

use serde::{Deserialize, Serialize};

pub use crate::lifecycle::Refusal;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = RemittanceStatus)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// On its way: funding, converting or paying out.
    Pending,
    /// The cash waits at an agent behind the pickup code.
    ReadyForPickup,
    /// The recipient has the money.
    Completed,
    /// The payout failed; what the route held came back.
    Failed,
    /// Cancelled or expired before it was paid; what the route held came back.
    Refunded,
}

impl Status {
    pub const ALL: [Status; 5] = [
        Status::Pending,
        Status::ReadyForPickup,
        Status::Completed,
        Status::Failed,
        Status::Refunded,
    ];

    pub fn is_final(self) -> bool {
        matches!(self, Status::Completed | Status::Failed | Status::Refunded)
    }
}

/// What its route did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    RouteSettled,
    HeldForPickup,
    RouteFailed,
    MoneyReturned,
}

pub fn transition(from: Status, trigger: Trigger) -> Result<Status, Refusal> {
    use Status::*;
    use Trigger::*;
    match (from, trigger) {
        (Pending, RouteSettled) => Ok(Completed),
        (Pending, HeldForPickup) => Ok(ReadyForPickup),
        (Pending | ReadyForPickup, RouteFailed) => Ok(Failed),
        (Pending | ReadyForPickup, MoneyReturned) => Ok(Refunded),
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

    const TRIGGERS: [Trigger; 4] = [RouteSettled, HeldForPickup, RouteFailed, MoneyReturned];

    const ALLOWED: &[(Status, Trigger, Status)] = &[
        (Pending, RouteSettled, Completed),
        (Pending, HeldForPickup, ReadyForPickup),
        (Pending, RouteFailed, Failed),
        (Pending, MoneyReturned, Refunded),
        (ReadyForPickup, RouteFailed, Failed),
        (ReadyForPickup, MoneyReturned, Refunded),
    ];

    #[test]
    fn every_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        for s in Status::ALL {
            match s {
                Pending | ReadyForPickup | Completed | Failed | Refunded => {}
            }
        }
        for t in TRIGGERS {
            match t {
                RouteSettled | HeldForPickup | RouteFailed | MoneyReturned => {}
            }
        }
        assert_table(&Status::ALL, &TRIGGERS, ALLOWED, transition);
    }

    #[test]
    fn a_final_remittance_never_moves_again() {
        for done in [Completed, Failed, Refunded] {
            for t in TRIGGERS {
                assert_eq!(transition(done, t), Err(Refusal::Closed));
            }
        }
        assert_eq!(
            transition(ReadyForPickup, RouteSettled),
            Err(Refusal::Invalid)
        );
    }
}
