//! Webhook egress by the IANA special-purpose registries (issue 44,
//! finding 8): the IPv6 forms that reach this machine or a private network
//! are refused when an endpoint is registered, in both modes, unless the
//! operator allowed everything.

use serde_json::json;

use crate::support::{TestServer, assert_error, create_key};

/// `127.0.0.1` in IPv4-compatible, SIIT, 6to4 and Teredo form, and a
/// link-local address with a zone id.
const EMBEDDED: &[&str] = &[
    "http://[::127.0.0.1]/hook",
    "http://[::ffff:0:7f00:1]/hook",
    "http://[2002:7f00:1::]/hook",
    "http://[2001:0:7f00:1::1]/hook",
];
const ZONE: &str = "http://[fe80::1%25lo]/hook";

#[test]
fn the_ipv6_forms_of_internal_addresses_are_refused_at_registration() {
    let (srv, live) = TestServer::start_with(|dir| create_key(dir, "sk", "live", &[]));
    for key in [srv.sk(), Some(live.as_str())] {
        for url in EMBEDDED.iter().chain([&ZONE]) {
            let resp = srv.post("/webhook_endpoints", key, &json!({ "url": url }), None);
            let error = assert_error(&resp, 400, "validation_error");
            assert_eq!(error["param"], "url", "{url}: {resp:?}");
        }
    }
    assert_eq!(
        srv.get("/webhook_endpoints", srv.sk()).body["data"],
        json!([]),
        "nothing was written"
    );
    // The same forms of a public address are judged by it.
    for url in [
        "http://[2002:808:808::1]/hook",
        "http://[::ffff:8.8.8.8]/hook",
    ] {
        let resp = srv.post("/webhook_endpoints", srv.sk(), &json!({ "url": url }), None);
        assert_eq!(resp.status, 201, "{url}: {resp:?}");
    }
}

#[test]
fn the_local_policy_does_not_take_them_for_this_machine() {
    let srv = TestServer::start_args(&["--webhook-egress", "local"]);
    for url in EMBEDDED.iter().chain([&ZONE]) {
        let resp = srv.post("/webhook_endpoints", srv.sk(), &json!({ "url": url }), None);
        assert_error(&resp, 400, "validation_error");
    }
}

#[test]
fn an_operator_who_allows_any_address_may_name_them_but_never_a_zone_id() {
    let srv = TestServer::start_args(&["--webhook-egress", "any"]);
    for url in EMBEDDED {
        let resp = srv.post("/webhook_endpoints", srv.sk(), &json!({ "url": url }), None);
        assert_eq!(resp.status, 201, "{url}: {resp:?}");
    }
    // A zone id names an interface, not a host: no delivery could use it.
    let zone = srv.post(
        "/webhook_endpoints",
        srv.sk(),
        &json!({ "url": ZONE }),
        None,
    );
    assert_eq!(assert_error(&zone, 400, "validation_error")["param"], "url");
}
