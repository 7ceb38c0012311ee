//! Checkout sessions and payment links over the API (issue 7).

use serde_json::json;

use crate::public_pages::{client, form_of, post_form};
use crate::support::ik;
use crate::support::intents::get_intent;
use crate::support::{TestServer, assert_error};

fn session(srv: &TestServer, key: &str) -> crate::support::Resp {
    srv.post(
        "/checkout_sessions",
        srv.sk(),
        &json!({
            "line_items": [{"name": "Rice 25 kg", "quantity": 2, "unit_amount_minor": 4500}, {"name": "Oil", "quantity": 1, "unit_amount_minor": 1250}],
            "currency": "CDF",
            "success_url": "https://shop.example/ok",
        }),
        Some(key),
    )
}

#[test]
fn a_session_totals_its_items_replays_idempotently_and_completes_when_paid() {
    let srv = TestServer::start();
    let key = ik();
    let created = session(&srv, &key);
    assert_eq!(created.status, 201, "{created:?}");
    assert_eq!(created.body["amount_total_minor"], 10_250);
    assert_eq!(created.body["status"], "open");
    let replay = session(&srv, &key);
    assert_eq!(replay.text, created.text);
    assert_eq!(replay.header("idempotent-replayed"), Some("true"));
    assert_eq!(
        srv.get("/checkout_sessions", srv.sk()).body["data"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
    let intent_id = created.body["payment_intent"].as_str().expect("intent");
    let intent = get_intent(&srv, intent_id);
    assert_eq!(intent["amount_minor"], 10_250);
    // Paying the session's intent completes the session.
    let paid = srv.post(
        &format!("/payment_intents/{intent_id}/confirm"),
        srv.sk(),
        &json!({"customer_msisdn": "+243000000501"}),
        None,
    );
    assert_eq!(paid.body["status"], "SETTLEMENT_PENDING", "{paid:?}");
    let id = created.body["id"].as_str().expect("id");
    let after = srv.get(&format!("/checkout_sessions/{id}"), srv.sk());
    assert_eq!(after.body["status"], "complete", "{after:?}");
    // A complete session cannot expire.
    assert_error(
        &srv.post(
            &format!("/checkout_sessions/{id}/expire"),
            srv.sk(),
            &json!({}),
            None,
        ),
        409,
        "session_not_open",
    );
}

#[test]
fn an_expired_session_cancels_its_intent_and_refuses_a_second_expiry() {
    let srv = TestServer::start();
    let created = session(&srv, &ik());
    let id = created.body["id"].as_str().expect("id");
    let expired = srv.post(
        &format!("/checkout_sessions/{id}/expire"),
        srv.sk(),
        &json!({}),
        None,
    );
    assert_eq!(expired.body["status"], "expired", "{expired:?}");
    assert_eq!(
        get_intent(&srv, created.body["payment_intent"].as_str().expect("pi"))["status"],
        "CANCELLED"
    );
    assert_error(
        &srv.post(
            &format!("/checkout_sessions/{id}/expire"),
            srv.sk(),
            &json!({}),
            None,
        ),
        409,
        "session_not_open",
    );
    let bad = srv.post(
        "/checkout_sessions",
        srv.sk(),
        &json!({"line_items": [], "currency": "CDF"}),
        Some(&ik()),
    );
    assert_eq!(
        assert_error(&bad, 400, "validation_error")["param"],
        "line_items"
    );
    let no_key = srv.post(
        "/checkout_sessions",
        srv.sk(),
        &json!({"line_items": [], "currency": "CDF"}),
        None,
    );
    assert_error(&no_key, 400, "idempotency_key_required");
}

#[test]
fn payment_links_create_fresh_intents_and_deactivate_for_good() {
    let srv = TestServer::start();
    let link = srv.post(
        "/payment_links",
        srv.sk(),
        &json!({"amount_minor": 700, "currency": "CDF", "reusable": true}),
        Some(&ik()),
    );
    assert_eq!(link.status, 201, "{link:?}");
    let url = link.body["url"].as_str().expect("url").to_string();
    let client = client();
    // Each payer's post of the link's form makes its own intent (the GET makes none).
    let visit = || {
        let form = form_of(client.get(&url).send().expect("visit"));
        post_form(&url, Some(&form.cookie), &format!("csrf={}", form.csrf))
    };
    let first = visit();
    let second = visit();
    assert_eq!(
        (first.status().as_u16(), second.status().as_u16()),
        (303, 303)
    );
    let location = |r: &reqwest::blocking::Response| {
        r.headers()["location"].to_str().unwrap_or("").to_string()
    };
    assert_ne!(
        location(&first),
        location(&second),
        "each visit makes its own intent"
    );
    let id = link.body["id"].as_str().expect("id");
    let off = srv.post(
        &format!("/payment_links/{id}/deactivate"),
        srv.sk(),
        &json!({}),
        None,
    );
    assert_eq!(off.body["status"], "inactive", "{off:?}");
    assert_eq!(off.body["inactive_reason"], "deactivated");
    let before = srv.get("/payment_intents?limit=100", srv.sk()).body["data"]
        .as_array()
        .map(Vec::len);
    let refused = client.get(&url).send().expect("visit");
    assert_eq!(refused.status().as_u16(), 410);
    assert_eq!(
        srv.get("/payment_intents?limit=100", srv.sk()).body["data"]
            .as_array()
            .map(Vec::len),
        before,
        "a deactivated link creates nothing"
    );
    assert_error(
        &srv.post(
            &format!("/payment_links/{id}/deactivate"),
            srv.sk(),
            &json!({}),
            None,
        ),
        409,
        "link_inactive",
    );
    // A payer-chosen amount comes from the form.
    let open = srv.post(
        "/payment_links",
        srv.sk(),
        &json!({"currency": "USD", "reusable": true}),
        Some(&ik()),
    );
    let url = open.body["url"].as_str().expect("url");
    let form = form_of(client.get(url).send().expect("form"));
    let chosen = post_form(
        url,
        Some(&form.cookie),
        &format!("amount=12.50&csrf={}", form.csrf),
    );
    assert_eq!(chosen.status().as_u16(), 303);
    let intent_id = location(&chosen)
        .trim_start_matches("/pay/")
        .split('?')
        .next()
        .unwrap_or("")
        .to_string();
    assert_eq!(get_intent(&srv, &intent_id)["amount_minor"], 1_250);
}

#[test]
fn a_unit_price_above_its_documented_bound_is_refused() {
    // Found by API fuzzing: 1,000,000,000,001 was accepted and then broke
    // the response's own schema.
    let srv = TestServer::start();
    let item = |unit: i64| json!({"currency": "CDF", "line_items": [{"name": "x", "quantity": 1, "unit_amount_minor": unit}]});
    let over = srv.post(
        "/checkout_sessions",
        srv.sk(),
        &item(1_000_000_000_001),
        Some(&ik()),
    );
    assert_eq!(
        assert_error(&over, 400, "validation_error")["param"],
        "line_items[0].unit_amount_minor"
    );
    assert_eq!(
        srv.get("/checkout_sessions", srv.sk()).body["data"],
        json!([]),
        "nothing was written"
    );
    let max = srv.post(
        "/checkout_sessions",
        srv.sk(),
        &item(1_000_000_000_000),
        Some(&ik()),
    );
    assert_eq!(max.status, 201, "{max:?}");
}
