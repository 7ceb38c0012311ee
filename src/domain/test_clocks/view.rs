//! What the API shows of a test clock.

use serde::Serialize;

use super::{Status, TestClock};
use crate::clock::rfc3339;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TestClockView {
    pub id: String,
    /// Always `test_clock`.
    pub object: &'static str,
    /// Always false: test clocks exist in test mode only.
    pub livemode: bool,
    pub name: Option<String>,
    /// The sandbox's "now" while the clock is attached.
    pub frozen_time: String,
    pub status: Status,
    /// While `advancing`: the time the advance goes to.
    pub advancing_to: Option<String>,
    /// Whether the organisation's sandbox follows this clock.
    pub attached: bool,
    /// Timers fired by the last advance.
    pub timers_fired: u64,
    pub created_at: String,
}

pub fn view(clock: &TestClock) -> TestClockView {
    TestClockView {
        id: clock.id.clone(),
        object: "test_clock",
        livemode: false,
        name: clock.name.clone(),
        frozen_time: rfc3339(clock.frozen_time_ms),
        status: clock.status,
        advancing_to: clock.advancing_to_ms.map(rfc3339),
        attached: clock.attached,
        timers_fired: clock.timers_fired,
        created_at: rfc3339(clock.created_at_ms),
    }
}
