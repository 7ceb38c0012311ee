//! Test clocks (the sandbox's time, moved forward on request) and this
//! machine's time, as scenarios use them.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};

use super::{TestServer, ik, wait_until};

/// The frozen time every clock of [`new_clock`] starts at.
pub const T0: &str = "2027-01-01T00:00:00Z";

/// A clock named "january" at [`T0`], attached to the organisation or not.
#[track_caller]
pub fn new_clock(srv: &TestServer, attach: bool) -> Value {
    let resp = srv.post(
        "/test_clocks",
        srv.sk(),
        &json!({"frozen_time": T0, "name": "january", "attach": attach}),
        Some(&ik()),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    assert_eq!(resp.body["frozen_time"], "2027-01-01T00:00:00.000Z");
    assert_eq!(resp.body["attached"], attach);
    resp.body
}

/// A clock at `at`, attached to the organisation's sandbox; its id.
#[track_caller]
pub fn clock_at(srv: &TestServer, at: &str) -> String {
    let resp = srv.post(
        "/test_clocks",
        srv.sk(),
        &json!({"frozen_time": at, "attach": true}),
        Some(&ik()),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    resp.body["id"].as_str().expect("a clock id").to_string()
}

/// Advances `clock` to `to` with the test sk key and waits until the clock
/// is ready again; returns the clock.
#[track_caller]
pub fn advance(srv: &TestServer, clock: &str, to: &str) -> Value {
    advance_as(srv, srv.sk(), clock, to)
}

/// [`advance`] with `key` (another organisation's clock).
#[track_caller]
pub fn advance_as(srv: &TestServer, key: Option<&str>, clock: &str, to: &str) -> Value {
    let resp = srv.post(
        &format!("/test_clocks/{clock}/advance"),
        key,
        &json!({"frozen_time": to}),
        Some(&ik()),
    );
    assert_eq!(resp.status, 200, "{resp:?}");
    wait_until(
        Duration::from_secs(20),
        "the advance",
        || {
            let now = srv.get(&format!("/test_clocks/{clock}"), key).body;
            (now["status"] == "ready").then_some(now)
        },
        || format!("{:?}", srv.get(&format!("/test_clocks/{clock}"), key)),
    )
}

/// This machine's Unix time in seconds.
pub fn now_secs() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}
