//! The events an organisation's test key sees, as scenarios check them.

use super::TestServer;

/// The types of the organisation's last 200 events, newest first. Fails the
/// test when `/events` does not answer a list (an empty list must mean that
/// no event was recorded, never that the list could not be read).
#[track_caller]
pub fn event_types(srv: &TestServer) -> Vec<String> {
    let resp = srv.get("/events?limit=200", srv.sk());
    assert_eq!(resp.status, 200, "GET /events: {resp:?}");
    resp.body["data"]
        .as_array()
        .unwrap_or_else(|| panic!("GET /events without a data list: {resp:?}"))
        .iter()
        .map(|e| {
            e["type"]
                .as_str()
                .unwrap_or_else(|| panic!("an event without a type: {e}"))
                .to_string()
        })
        .collect()
}

/// The ids of the objects of the organisation's last 200 events of
/// `event_type`, newest first. Fails the test when `/events` does not answer
/// a list or an event has no object id.
#[track_caller]
pub fn object_ids(srv: &TestServer, event_type: &str) -> Vec<String> {
    let resp = srv.get(&format!("/events?type={event_type}&limit=200"), srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    resp.body["data"]
        .as_array()
        .unwrap_or_else(|| panic!("GET /events without a data list: {resp:?}"))
        .iter()
        .map(|e| {
            e["data"]["object"]["id"]
                .as_str()
                .unwrap_or_else(|| panic!("an event without an object id: {e}"))
                .to_string()
        })
        .collect()
}

/// The types of the events whose object is `id`, oldest first.
#[track_caller]
pub fn types_about(srv: &TestServer, id: &str) -> Vec<String> {
    let resp = srv.get("/events?limit=200", srv.sk());
    assert_eq!(resp.status, 200, "{resp:?}");
    let mut found: Vec<String> = resp.body["data"]
        .as_array()
        .expect("events")
        .iter()
        .filter(|e| e["data"]["object"]["id"] == id)
        .map(|e| e["type"].as_str().unwrap_or_default().to_string())
        .collect();
    found.reverse();
    found
}
