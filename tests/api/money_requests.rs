//! Money requests (issue 7): code, pay URL, paid and cancelled are final.

use serde_json::json;

use crate::support::ik;
use crate::support::intents::get_intent;
use crate::support::{TestServer, assert_error};

fn request(srv: &TestServer, payer: &str) -> crate::support::Resp {
    srv.post(
        "/money_requests",
        srv.sk(),
        &json!({"payer": payer, "amount_minor": 4_200, "currency": "CDF", "description": "School fees", "expires_in_minutes": 60}),
        Some(&ik()),
    )
}

#[test]
fn a_request_is_paid_through_its_url_and_then_final() {
    let srv = TestServer::start();
    let created = request(&srv, "+243000000501");
    assert_eq!(created.status, 201, "{created:?}");
    let code = created.body["code"].as_str().expect("code").to_string();
    assert!(code.starts_with("MR-"));
    assert_eq!(created.body["status"], "PENDING");
    assert_eq!(created.body["payer_kind"], "phone");
    let intent = created.body["payment_intent"].as_str().expect("intent");
    assert_eq!(
        get_intent(&srv, intent)["status"],
        "REQUIRES_PAYMENT_METHOD",
        "no attempt before the payer acts"
    );
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    let visit = client
        .get(created.body["pay_url"].as_str().expect("url"))
        .send()
        .expect("visit");
    assert_eq!(visit.status().as_u16(), 303);
    let location = visit.headers()["location"].to_str().unwrap_or("");
    let token = location
        .strip_prefix(&format!("/pay/{intent}?t="))
        .and_then(|rest| rest.split('&').next())
        .unwrap_or_else(|| panic!("{location}"));
    let paid = client
        .post(format!("{}/pay/{intent}/attempt", srv.origin))
        .header("x-page-token", token)
        .header("content-type", "application/json")
        .body(r#"{"msisdn":"+243000000501"}"#)
        .send()
        .expect("pay");
    assert_eq!(paid.status().as_u16(), 200);
    let read = srv.get(&format!("/money_requests/{code}"), srv.sk());
    assert_eq!(read.body["status"], "PAID", "{read:?}");
    assert_error(
        &srv.post(
            &format!("/money_requests/{code}/cancel"),
            srv.sk(),
            &json!({}),
            None,
        ),
        409,
        "request_not_pending",
    );
}

#[test]
fn an_unpaid_request_can_be_cancelled_once_and_its_url_then_refuses() {
    let srv = TestServer::start();
    let created = request(&srv, "@amani_k");
    assert_eq!(created.body["payer_kind"], "tag");
    let code = created.body["code"].as_str().expect("code");
    let cancelled = srv.post(
        &format!("/money_requests/{code}/cancel"),
        srv.sk(),
        &json!({}),
        None,
    );
    assert_eq!(cancelled.body["status"], "CANCELLED", "{cancelled:?}");
    assert_eq!(
        get_intent(&srv, created.body["payment_intent"].as_str().expect("pi"))["status"],
        "CANCELLED"
    );
    assert_error(
        &srv.post(
            &format!("/money_requests/{code}/cancel"),
            srv.sk(),
            &json!({}),
            None,
        ),
        409,
        "request_not_pending",
    );
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    assert_eq!(
        client
            .get(created.body["pay_url"].as_str().expect("url"))
            .send()
            .expect("visit")
            .status()
            .as_u16(),
        410
    );
    assert_eq!(
        assert_error(&request(&srv, "nobody"), 400, "validation_error")["param"],
        "payer"
    );
    assert_error(
        &srv.get("/money_requests/MR-NOTHERE", srv.sk()),
        404,
        "money_request_not_found",
    );
}
