//! The two lifecycles of the webhook area: endpoints and deliveries.

pub use crate::lifecycle::Refusal;

/// Endpoint: enabled or disabled through the API at any time (both moves are
/// allowed from either status: a repeat restates the reason), and disabled
/// by itself once its deliveries have failed continuously for
/// [`DISABLE_AFTER_MS`](endpoint::DISABLE_AFTER_MS), at least
/// [`DISABLE_MIN_FAILURES`](endpoint::DISABLE_MIN_FAILURES) attempts in a row.
pub mod endpoint {
    use serde::{Deserialize, Serialize};

    use super::Refusal;

    /// How long deliveries must have failed without a success in between
    /// before the gateway disables the endpoint: 72 h, the span of one event's
    /// live retries, as the large providers do (issue 16 point 7b). A count
    /// alone (the origin's 50 in a row) disabled a receiver that was down
    /// for three seconds under a burst of 50 events.
    pub const DISABLE_AFTER_MS: i64 = 72 * 3_600_000;
    /// Failed attempts in a row needed as well, so that two failures three
    /// days apart (an endpoint with little traffic) do not disable it. One
    /// event's live schedule alone makes 11 attempts in 72 h.
    pub const DISABLE_MIN_FAILURES: u32 = 10;

    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
    #[serde(rename_all = "lowercase")]
    pub enum EndpointStatus {
        Enabled,
        Disabled,
    }

    impl EndpointStatus {
        pub const ALL: [EndpointStatus; 2] = [EndpointStatus::Enabled, EndpointStatus::Disabled];
    }

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Trigger {
        /// `disabled: false` in a request.
        Enable,
        /// `disabled: true` in a request.
        Disable,
        /// A delivery attempt failed: the failures in a row (this one
        /// included), and how long ago the first of them was.
        DeliveryFailed {
            consecutive_failures: u32,
            failing_for_ms: i64,
        },
    }

    /// The next status for `trigger` in `from`. Every move is allowed: the
    /// `Result` keeps the convention of every lifecycle.
    pub fn transition(from: EndpointStatus, trigger: Trigger) -> Result<EndpointStatus, Refusal> {
        use EndpointStatus::*;
        use Trigger::*;
        Ok(match (from, trigger) {
            (_, Enable) => Enabled,
            (_, Disable) => Disabled,
            (
                Enabled,
                DeliveryFailed {
                    consecutive_failures,
                    failing_for_ms,
                },
            ) if consecutive_failures >= DISABLE_MIN_FAILURES
                && failing_for_ms >= DISABLE_AFTER_MS =>
            {
                Disabled
            }
            (status, DeliveryFailed { .. }) => status,
        })
    }
}

/// Delivery: `PENDING → DELIVERED` on a 2xx answer; `PENDING → FAILED` when
/// a failed attempt leaves no retry, or when its endpoint is gone. A failed
/// attempt with a retry left stays PENDING.
pub mod delivery {
    use serde::{Deserialize, Serialize};

    use super::Refusal;

    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
    #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
    pub enum DeliveryStatus {
        /// Queued or between retries.
        Pending,
        /// A 2xx answer was received.
        Delivered,
        /// Every retry failed (dead letter); replay it by hand.
        Failed,
    }

    impl DeliveryStatus {
        pub const ALL: [DeliveryStatus; 3] = [
            DeliveryStatus::Pending,
            DeliveryStatus::Delivered,
            DeliveryStatus::Failed,
        ];
    }

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Trigger {
        /// An attempt ended; `retry_left` when the schedule has another wait.
        Attempted { delivered: bool, retry_left: bool },
        /// The endpoint is gone.
        Abandon,
    }

    /// The next status for `trigger` in `from`, or why not.
    pub fn transition(from: DeliveryStatus, trigger: Trigger) -> Result<DeliveryStatus, Refusal> {
        use DeliveryStatus::*;
        use Trigger::*;
        match (from, trigger) {
            (
                Pending,
                Attempted {
                    delivered: true, ..
                },
            ) => Ok(Delivered),
            (
                Pending,
                Attempted {
                    delivered: false,
                    retry_left: true,
                },
            ) => Ok(Pending),
            (
                Pending,
                Attempted {
                    delivered: false,
                    retry_left: false,
                },
            )
            | (Pending, Abandon) => Ok(Failed),
            (Delivered | Failed, _) => Err(Refusal::Closed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::delivery::{self, DeliveryStatus};
    use super::endpoint::{self, DISABLE_AFTER_MS, DISABLE_MIN_FAILURES, EndpointStatus};
    use crate::lifecycle::assert_table;

    #[test]
    fn every_endpoint_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        use EndpointStatus::*;
        use endpoint::Trigger::*;
        // Exhaustive: a new status or trigger does not compile until listed.
        for s in EndpointStatus::ALL {
            match s {
                Enabled | Disabled => {}
            }
        }
        let failed = |consecutive_failures, failing_for_ms| DeliveryFailed {
            consecutive_failures,
            failing_for_ms,
        };
        // A burst: many failures within seconds.
        let burst = failed(50, 3_000);
        // Failing long enough, but too few attempts.
        let sparse = failed(DISABLE_MIN_FAILURES - 1, DISABLE_AFTER_MS);
        // Both bounds just short, and both met.
        let short = failed(DISABLE_MIN_FAILURES, DISABLE_AFTER_MS - 1);
        let at = failed(DISABLE_MIN_FAILURES, DISABLE_AFTER_MS);
        let triggers = [Enable, Disable, burst, sparse, short, at];
        for t in triggers {
            match t {
                Enable | Disable | DeliveryFailed { .. } => {}
            }
        }
        let allowed = [
            (Enabled, Enable, Enabled),
            (Enabled, Disable, Disabled),
            (Enabled, burst, Enabled),
            (Enabled, sparse, Enabled),
            (Enabled, short, Enabled),
            (Enabled, at, Disabled),
            (Disabled, Enable, Enabled),
            (Disabled, Disable, Disabled),
            (Disabled, burst, Disabled),
            (Disabled, sparse, Disabled),
            (Disabled, short, Disabled),
            (Disabled, at, Disabled),
        ];
        assert_table(
            &EndpointStatus::ALL,
            &triggers,
            &allowed,
            endpoint::transition,
        );
    }

    #[test]
    fn every_delivery_status_and_trigger_pair_is_allowed_or_refused_as_the_table_says() {
        use DeliveryStatus::*;
        use delivery::Trigger::*;
        for s in DeliveryStatus::ALL {
            match s {
                Pending | Delivered | Failed => {}
            }
        }
        let attempted = |delivered, retry_left| Attempted {
            delivered,
            retry_left,
        };
        let triggers = [
            attempted(true, true),
            attempted(true, false),
            attempted(false, true),
            attempted(false, false),
            Abandon,
        ];
        for t in triggers {
            match t {
                Attempted { .. } | Abandon => {}
            }
        }
        let allowed = [
            (Pending, attempted(true, true), Delivered),
            (Pending, attempted(true, false), Delivered),
            (Pending, attempted(false, true), Pending),
            (Pending, attempted(false, false), Failed),
            (Pending, Abandon, Failed),
        ];
        assert_table(
            &DeliveryStatus::ALL,
            &triggers,
            &allowed,
            delivery::transition,
        );
    }
}
