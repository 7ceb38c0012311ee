//! Live card payments through the card aggregator's hosted page (issue 28,
//! `docs/rails.md`): Flutterwave Standard against the simulator
//! (`rails_sim.rs`). The payer is sent to Flutterwave's link; a webhook or
//! the payer's way back only brings forward the verification
//! (`GET /v3/transactions/{id}/verify`), which alone decides.

use serde_json::{Value, json};

use crate::rails::{
    WITHIN, balance_in, events_of, flutterwave_credentials, intent, start_other, timeline_events,
    wait_status,
};
use crate::rails_sim::{self, Hosted, Sim};
use crate::support::ik;
use crate::support::intents::id_of;
use crate::support::{Resp, TestServer, wait_until};

/// A live UGX intent of 10 000 payable by card.
pub(crate) fn card_intent(srv: &TestServer, live: &str) -> String {
    let resp = srv.post(
        "/payment_intents",
        Some(live),
        &json!({"amount_minor": 10_000, "currency": "UGX", "rails": ["card"]}),
        Some(&ik()),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    id_of(&resp.body)
}

pub(crate) fn confirm_card(srv: &TestServer, live: &str, id: &str) -> Resp {
    srv.post(
        &format!("/payment_intents/{id}/confirm"),
        Some(live),
        &json!({"rail": "card"}),
        Some(&ik()),
    )
}

/// Confirms `id` by card and waits for the hosted payment the payer is sent to.
pub(crate) fn send_payer_to_hosted_page(
    srv: &TestServer,
    live: &str,
    sim: &Sim,
    id: &str,
) -> Hosted {
    let resp = confirm_card(srv, live, id);
    assert_eq!(resp.status, 200, "{resp:?}");
    assert_eq!(resp.body["status"], "REQUIRES_CUSTOMER_ACTION", "{resp:?}");
    let link = wait_until(
        WITHIN,
        "the hosted payment link",
        || {
            let now = intent(srv, live, id);
            (now["next_action"]["type"] == "redirect_to_url")
                .then(|| now["next_action"]["url"].as_str().map(str::to_string))
                .flatten()
        },
        || format!("{}\n{}", intent(srv, live, id), srv.logs()),
    );
    sim.hosted()
        .into_iter()
        .find(|h| h.link == link)
        .unwrap_or_else(|| panic!("no hosted payment with link {link}: {:?}", sim.hosted()))
}

fn webhook(srv: &TestServer, body: &Value, hash: &str) -> Resp {
    srv.request(
        "POST",
        "/rails/flutterwave/callback",
        &[("Content-Type", "application/json"), ("verif-hash", hash)],
        Some(body.to_string().into_bytes()),
    )
}

/// The payer comes back from the hosted page as Flutterwave sends them:
/// `redirect_url` with `status`, `tx_ref` and `transaction_id` appended.
/// Returns the status and the `Location` the gateway answered.
fn come_back(hosted: &Hosted, status: &str, transaction_id: u64) -> (u16, String) {
    let client = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    let url = format!(
        "{}&status={status}&tx_ref={}&transaction_id={transaction_id}",
        hosted.redirect_url, hosted.tx_ref
    );
    let resp = client.get(&url).send().expect("come back");
    let location = resp
        .headers()
        .get("location")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    (resp.status().as_u16(), location)
}

fn start_flutterwave(sim: &Sim, poll_ms: &str) -> (TestServer, String) {
    start_other(
        "flutterwave",
        &sim.base_url_flag(),
        flutterwave_credentials(),
        poll_ms,
    )
}

#[test]
fn a_live_card_payment_goes_through_flutterwaves_hosted_page_and_is_captured_once_after_verify() {
    let sim = Sim::flutterwave();
    // No polling: only the webhook and the payer's way back ask Flutterwave.
    let (srv, live) = start_flutterwave(&sim, "3600000");
    let id = card_intent(&srv, &live);
    // Card details never reach a live gateway: the hosted page takes them.
    let typed = srv.post(
        &format!("/payment_intents/{id}/confirm"),
        Some(&live),
        &json!({"rail": "card", "card": {"number": "4242424242424242", "exp_month": 12,
                                         "exp_year": 2040, "cvc": "123"}}),
        Some(&ik()),
    );
    assert_eq!(typed.status, 400, "{typed:?}");
    assert_eq!(typed.body["param"], "card", "{typed:?}");
    // No live provider holds a payment for a later capture: a manual-capture
    // intent is refused before anything is sent (decision 271).
    let manual = srv.post(
        "/payment_intents",
        Some(&live),
        &json!({"amount_minor": 10_000, "currency": "UGX", "rails": ["card", "mobile_money"],
                "capture_method": "manual"}),
        Some(&ik()),
    );
    assert_eq!(manual.status, 201, "{manual:?}");
    let manual = id_of(&manual.body);
    for attempt in [
        json!({"rail": "card"}),
        json!({"rail": "mobile_money", "customer_msisdn": "+256770000101"}),
    ] {
        let refused = srv.post(
            &format!("/payment_intents/{manual}/confirm"),
            Some(&live),
            &attempt,
            Some(&ik()),
        );
        assert_eq!(refused.status, 400, "{refused:?}");
        assert_eq!(refused.body["param"], "capture_method", "{refused:?}");
    }
    assert!(sim.posts().is_empty(), "nothing sent");
    let hosted = send_payer_to_hosted_page(&srv, &live, &sim, &id);
    assert_eq!(
        (hosted.amount.as_str(), hosted.currency.as_str()),
        ("10000", "UGX")
    );
    assert!(
        hosted
            .redirect_url
            .contains(&format!("/pay/{id}/return?t=")),
        "{hosted:?}"
    );
    // The checkout page sends the payer there too.
    let checkout = intent(&srv, &live, &id)["checkout_url"]
        .as_str()
        .expect("checkout_url")
        .to_string();
    let token = checkout.split("t=").nth(1).expect("page token").to_string();
    let page = srv.root().request(
        "GET",
        &format!("/pay/{id}/status"),
        &[("X-Page-Token", token.as_str())],
        None,
    );
    assert_eq!(
        page.body["next_action_url"],
        hosted.link.as_str(),
        "{page:?}"
    );
    // Its card tab is a button to that page: no card field is shown.
    let (_, path) = checkout.split_once("/pay/").expect("a checkout path");
    let html = srv.root().get(&format!("/pay/{path}"), None);
    assert_eq!(html.status, 200, "{html:?}");
    assert!(html.text.contains("data-hosted=\"1\""), "{}", html.text);
    // The payer pays on Flutterwave's page.
    let transaction = sim.pay_card(&hosted.tx_ref, "successful", None);
    // A forged webhook is refused and asks nothing.
    let forged = webhook(&srv, &sim.charge_completed(transaction), "not-the-hash");
    assert_eq!(forged.status, 401, "{forged:?}");
    assert!(sim.verified_ids().is_empty());
    // The payer comes back with a transaction id nobody vouches for: it
    // only brings the verification forward, by Flutterwave's own id.
    let (status, location) = come_back(&hosted, "successful", 999_999);
    assert_eq!(status, 303);
    assert!(location.starts_with(&format!("/pay/{id}?t=")), "{location}");
    let captured = wait_status(&srv, &live, &id, "SETTLEMENT_PENDING");
    assert_eq!(captured["amount_received_minor"], 10_000, "{captured}");
    assert_eq!(
        sim.verified_ids(),
        vec![transaction],
        "verified once, by its own id"
    );
    let (pending, _) = balance_in(&srv, &live, "UGX");
    assert!(pending > 0 && pending <= 10_000, "{pending}");
    // The webhook arrives late, twice: nothing more happens.
    for _ in 0..2 {
        let late = webhook(
            &srv,
            &sim.charge_completed(transaction),
            rails_sim::FLW_SECRET_HASH,
        );
        assert_eq!(late.status, 200, "{late:?}");
        assert_eq!(late.body["inquiry_queued"], false, "{late:?}");
    }
    let (status, _) = come_back(&hosted, "successful", transaction);
    assert_eq!(status, 303);
    std::thread::sleep(std::time::Duration::from_millis(500));
    assert_eq!(sim.verified_ids().len(), 1);
    assert_eq!(balance_in(&srv, &live, "UGX").0, pending, "captured once");
    assert_eq!(
        events_of(&srv, &live, "payment_intent.captured").len(),
        1,
        "one capture"
    );
    // Refunded by Flutterwave, by the charge's own id, once.
    let refund = srv.post(
        "/refunds",
        Some(&live),
        &json!({"payment_intent": id, "amount_minor": 4_000, "reason": "requested_by_customer"}),
        Some(&ik()),
    );
    assert_eq!(refund.status, 201, "{refund:?}");
    assert_eq!(refund.body["status"], "PROCESSING", "{refund:?}");
    let refund_id = refund.body["id"].as_str().expect("id").to_string();
    wait_until(
        WITHIN,
        "the card refund",
        || {
            let now = srv.get(&format!("/refunds/{refund_id}"), Some(&live)).body;
            (now["status"] == "SUCCEEDED").then_some(now)
        },
        || srv.logs(),
    );
    assert_eq!(sim.card_refunds(), vec![(transaction, "4000".to_string())]);
    assert_eq!(balance_in(&srv, &live, "UGX").0, pending - 4_000);
    assert_eq!(intent(&srv, &live, &id)["amount_refunded_minor"], 4_000);
    // Paid by webhook alone: verified by the id the webhook names.
    let second = card_intent(&srv, &live);
    let hosted = send_payer_to_hosted_page(&srv, &live, &sim, &second);
    let transaction = sim.pay_card(&hosted.tx_ref, "successful", None);
    let resp = webhook(
        &srv,
        &sim.charge_completed(transaction),
        rails_sim::FLW_SECRET_HASH,
    );
    assert_eq!(resp.body["inquiry_queued"], true, "{resp:?}");
    wait_status(&srv, &live, &second, "SETTLEMENT_PENDING");
    assert_eq!(sim.verified_ids().last(), Some(&transaction));
    assert!(timeline_events(&srv, &live, &second).contains(&"attempt.redirect".to_string()));
}

#[test]
fn card_outcomes_declined_mismatched_unannounced_and_timed_out_are_never_guessed() {
    let sim = Sim::flutterwave();
    let (srv, live) = start_flutterwave(&sim, "1500");
    // Declined by the issuer: found by polling, the payer may try again.
    let declined = card_intent(&srv, &live);
    let hosted = send_payer_to_hosted_page(&srv, &live, &sim, &declined);
    sim.pay_card(&hosted.tx_ref, "failed", None);
    let back = wait_status(&srv, &live, &declined, "REQUIRES_PAYMENT_METHOD");
    assert_eq!(back["last_attempt"]["failure_reason"], "declined", "{back}");
    // Paid, the webhook lost: polling verifies it.
    let unannounced = card_intent(&srv, &live);
    let hosted = send_payer_to_hosted_page(&srv, &live, &sim, &unannounced);
    let paid = sim.pay_card(&hosted.tx_ref, "successful", None);
    wait_status(&srv, &live, &unannounced, "SETTLEMENT_PENDING");
    assert!(sim.verified_ids().contains(&paid));
    let (pending, _) = balance_in(&srv, &live, "UGX");
    // Paid, but less than asked: never captured, however often it is verified.
    let short = card_intent(&srv, &live);
    let hosted = send_payer_to_hosted_page(&srv, &live, &sim, &short);
    let underpaid = sim.pay_card(&hosted.tx_ref, "successful", Some("5000"));
    let resp = webhook(
        &srv,
        &sim.charge_completed(underpaid),
        rails_sim::FLW_SECRET_HASH,
    );
    assert_eq!(resp.status, 200, "{resp:?}");
    wait_until(
        WITHIN,
        "two verifications of the short payment",
        || {
            (sim.verified_ids()
                .iter()
                .filter(|i| **i == underpaid)
                .count()
                >= 2)
                .then_some(())
        },
        || srv.logs(),
    );
    let still = intent(&srv, &live, &short);
    assert_eq!(still["status"], "REQUIRES_CUSTOMER_ACTION", "{still}");
    assert_eq!(still["amount_received_minor"], 0, "{still}");
    assert_eq!(balance_in(&srv, &live, "UGX").0, pending);
    // The hosted payment is created but its answer is lost: AMBIGUOUS; the
    // payer never saw a link, Flutterwave has no transaction: not paid.
    sim.hang_payments(true);
    let lost = card_intent(&srv, &live);
    let resp = confirm_card(&srv, &live, &lost);
    assert_eq!(resp.status, 200, "{resp:?}");
    wait_status(&srv, &live, &lost, "AMBIGUOUS");
    assert_eq!(
        events_of(&srv, &live, "payment_intent.ambiguous_hold").len(),
        1
    );
    sim.hang_payments(false);
    let resolved = wait_status(&srv, &live, &lost, "REQUIRES_PAYMENT_METHOD");
    assert!(resolved["next_action"].is_null(), "{resolved}");
    assert_eq!(
        balance_in(&srv, &live, "UGX").0,
        pending,
        "no money guessed"
    );
    assert!(
        timeline_events(&srv, &live, &lost).contains(&"inquiry.not_paid".to_string()),
        "{resolved}"
    );
}

#[test]
fn kill_9_with_a_card_charge_in_flight_then_restart_sends_nothing_twice() {
    let sim = Sim::flutterwave();
    let flag = sim.base_url_flag();
    let (mut srv, live) = start_flutterwave(&sim, "300");
    // In flight: Flutterwave created the hosted payment, its answer never came back.
    sim.hang_payments(true);
    let held = card_intent(&srv, &live);
    assert_eq!(confirm_card(&srv, &live, &held).status, 200);
    wait_until(
        WITHIN,
        "the hosted payment reached Flutterwave",
        || (sim.hosted().len() == 1).then_some(()),
        || srv.logs(),
    );
    srv.restart();
    sim.hang_payments(false);
    // Nobody ever saw its link and no card was charged: not paid, never resent.
    let back = wait_status(&srv, &live, &held, "REQUIRES_PAYMENT_METHOD");
    assert!(back["next_action"].is_null(), "{back}");
    // The payer tries again: a new hosted payment, paid and captured once.
    let again = send_payer_to_hosted_page(&srv, &live, &sim, &held);
    let paid = sim.pay_card(&again.tx_ref, "successful", None);
    let resp = webhook(
        &srv,
        &sim.charge_completed(paid),
        rails_sim::FLW_SECRET_HASH,
    );
    assert_eq!(resp.status, 200, "{resp:?}");
    wait_status(&srv, &live, &held, "SETTLEMENT_PENDING");
    // Committed, not yet taken when the gateway dies: sent once after the restart.
    let delayed = crate::rails::other_args(&flag, Some("5000"));
    srv.set_serve_args(&delayed.iter().map(String::as_str).collect::<Vec<_>>());
    srv.restart();
    let queued = card_intent(&srv, &live);
    assert_eq!(confirm_card(&srv, &live, &queued).status, 200);
    srv.kill();
    assert_eq!(sim.hosted().len(), 2, "not sent before the kill");
    let normal = crate::rails::other_args(&flag, None);
    srv.set_serve_args(&normal.iter().map(String::as_str).collect::<Vec<_>>());
    srv.start_again();
    let hosted = wait_until(
        WITHIN,
        "the queued hosted payment",
        || {
            let link = intent(&srv, &live, &queued)["next_action"]["url"]
                .as_str()
                .map(str::to_string)?;
            sim.hosted().into_iter().find(|h| h.link == link)
        },
        || srv.logs(),
    );
    let paid = sim.pay_card(&hosted.tx_ref, "successful", None);
    wait_status(&srv, &live, &queued, "SETTLEMENT_PENDING");
    assert!(sim.verified_ids().contains(&paid));
    std::thread::sleep(rails_sim::HANG);
    assert_eq!(sim.hosted().len(), 3, "one hosted payment per request");
    assert_eq!(
        events_of(&srv, &live, "payment_intent.captured").len(),
        2,
        "one capture each"
    );
}

#[test]
fn a_card_payment_confirmed_after_its_intent_was_cancelled_is_refunded_out_of_suspense_once() {
    let sim = Sim::flutterwave();
    let (srv, live) = start_flutterwave(&sim, "3600000");
    let id = card_intent(&srv, &live);
    let hosted = send_payer_to_hosted_page(&srv, &live, &sim, &id);
    let cancelled = srv.post(
        &format!("/payment_intents/{id}/cancel"),
        Some(&live),
        &json!({}),
        Some(&ik()),
    );
    assert_eq!(cancelled.body["status"], "CANCELLED", "{cancelled:?}");
    // The payer was still on Flutterwave's page, and paid.
    let transaction = sim.pay_card(&hosted.tx_ref, "successful", None);
    let resp = webhook(
        &srv,
        &sim.charge_completed(transaction),
        rails_sim::FLW_SECRET_HASH,
    );
    assert_eq!(resp.body["inquiry_queued"], true, "{resp:?}");
    let late = wait_until(
        WITHIN,
        "the late card payment",
        || {
            let now = intent(&srv, &live, &id);
            now["late_payments"][0]["id"].as_str().map(str::to_string)
        },
        || srv.logs(),
    );
    assert_eq!(crate::rails::suspense(&srv, &live, "UGX"), 10_000);
    assert_eq!(intent(&srv, &live, &id)["status"], "CANCELLED");
    let refunding = srv.post(
        &format!("/payment_intents/{id}/late_payments/{late}/refund"),
        Some(&live),
        &json!({}),
        Some(&ik()),
    );
    assert_eq!(refunding.status, 200, "{refunding:?}");
    wait_until(
        WITHIN,
        "the late payment refunded",
        || (intent(&srv, &live, &id)["late_payments"][0]["status"] == "REFUNDED").then_some(()),
        || srv.logs(),
    );
    assert_eq!(sim.card_refunds(), vec![(transaction, "10000".to_string())]);
    assert_eq!(crate::rails::suspense(&srv, &live, "UGX"), 0);
    assert_eq!(balance_in(&srv, &live, "UGX"), (0, 0));
    assert!(events_of(&srv, &live, "payment_intent.captured").is_empty());
}
