//! Card, bank transfer, wallet and QR scan-to-pay payments in the sandbox
//! (issue 27): every card magic number, the 3-D Secure-like challenge, bank
//! instructions with exact, short, excess and late credits, wallet payments
//! between organisations, scan-to-pay of a static code, and no card number
//! or CVC in the store or the log.

use std::time::Duration;

use serde_json::{Value, json};

use crate::support::ik;
use crate::support::intents::{SUCCEED, body, create, get_intent, id_of, wait_for_status};
use crate::support::orgs::add_org;
use crate::support::{Resp, TestServer, assert_error, create_key};

fn card_intent(srv: &TestServer, extra: Value) -> String {
    let mut fields = json!({"rails": ["card", "bank", "wallet"]});
    if let (Some(f), Some(e)) = (fields.as_object_mut(), extra.as_object()) {
        f.extend(e.clone());
    }
    id_of(&create(srv, &body(fields)))
}

fn card(number: &str) -> Value {
    json!({"number": number, "exp_month": 12, "exp_year": 2034, "cvc": "123", "holder_name": "A. Payer"})
}

fn confirm(srv: &TestServer, key: Option<&str>, id: &str, body: &Value) -> Resp {
    srv.post(&format!("/payment_intents/{id}/confirm"), key, body, None)
}

fn pay_card(srv: &TestServer, id: &str, number: &str) -> Resp {
    confirm(
        srv,
        srv.sk(),
        id,
        &json!({"rail": "card", "card": card(number)}),
    )
}

/// The path (from `/pay/`) of an absolute page URL.
fn page_path(url: &Value) -> String {
    let url = url.as_str().unwrap_or_else(|| panic!("no url: {url}"));
    url[url.find("/pay/").expect("a /pay/ URL")..].to_string()
}

#[test]
fn every_card_magic_number_gives_its_documented_outcome_and_a_retry_can_pay() {
    let srv = TestServer::start();
    let failures = [
        ("4000000000000002", "declined"),
        ("4000000000009995", "insufficient_funds"),
        ("4000000000000069", "expired_card"),
        ("4000000000000127", "incorrect_cvc"),
    ];
    for (number, reason) in failures {
        let id = card_intent(&srv, json!({}));
        let failed = pay_card(&srv, &id, number);
        assert_eq!(failed.status, 200, "{failed:?}");
        assert_eq!(failed.body["status"], "REQUIRES_PAYMENT_METHOD", "{number}");
        let attempt = &failed.body["last_attempt"];
        assert_eq!(attempt["failure_reason"], reason, "{number}: {attempt}");
        assert_eq!(attempt["card"]["last4"], &number[12..]);
        assert_eq!(attempt["card"]["brand"], "visa");
        // Retryable: another card pays the same intent.
        let paid = pay_card(&srv, &id, "5555555555554444");
        assert_eq!(paid.body["status"], "SETTLEMENT_PENDING", "{paid:?}");
        assert_eq!(paid.body["last_attempt"]["card"]["brand"], "mastercard");
        assert_eq!(paid.body["attempts_count"], 2);
    }
    let id = card_intent(&srv, json!({}));
    let paid = pay_card(&srv, &id, "4242 4242 4242 4242");
    assert_eq!(paid.body["status"], "SETTLEMENT_PENDING", "{paid:?}");
    let card = &paid.body["last_attempt"]["card"];
    assert_eq!(
        *card,
        json!({"brand": "visa", "last4": "4242", "exp_month": 12, "exp_year": 2034}),
        "only brand, last four and expiry are kept"
    );
    // Card fees: 250 bps provider + 50 bps service + 16 % tax on it.
    assert_eq!(paid.body["fees"]["provider_fee_minor"], 250);
    assert_eq!(paid.body["fees"]["service_fee_minor"], 50);
    // The sandbox lists them all.
    let sandbox = srv.get("/sandbox", None).body;
    let listed: Vec<&str> = sandbox["card_numbers"]
        .as_array()
        .expect("card_numbers")
        .iter()
        .filter_map(|c| c["last4"].as_str())
        .collect();
    for last4 in ["4242", "0002", "9995", "0069", "0127", "3184"] {
        assert!(listed.contains(&last4), "{last4} in {listed:?}");
    }
    assert_eq!(sandbox["bank_account"]["account_number"], "000100200300400");
    let rules = sandbox["rail_rules"].as_array().expect("rail_rules");
    for rail in ["bank", "wallet", "qr"] {
        assert!(rules.iter().any(|r| r["rail"] == rail), "{rail}");
    }
    assert!(
        sandbox["magic_numbers"]
            .as_array()
            .is_some_and(|m| m.len() >= 6)
    );
}

#[test]
fn bad_cards_are_400_naming_the_field_and_start_no_attempt() {
    let srv = TestServer::start();
    let id = card_intent(&srv, json!({}));
    let cases = [
        (
            json!({"rail": "card", "card": card("4242424242424241")}),
            "card.number",
        ),
        (json!({"rail": "card", "card": card("4242")}), "card.number"),
        (
            json!({"rail": "card", "card": {"number": "4242424242424242", "exp_month": 13, "exp_year": 2034, "cvc": "123"}}),
            "card.exp_month",
        ),
        (
            json!({"rail": "card", "card": {"number": "4242424242424242", "exp_month": 1, "exp_year": 2020, "cvc": "123"}}),
            "card.exp_year",
        ),
        (
            json!({"rail": "card", "card": {"number": "4242424242424242", "exp_month": 1, "exp_year": 2034, "cvc": "12"}}),
            "card.cvc",
        ),
        (json!({"rail": "card"}), "card"),
    ];
    for (body, param) in cases {
        let resp = confirm(&srv, srv.sk(), &id, &body);
        let error = assert_error(&resp, 400, "validation_error");
        assert_eq!(error["param"], param, "{body}: {resp:?}");
        assert!(!resp.text.contains("424242"), "{}", resp.text);
    }
    let intent = get_intent(&srv, &id);
    assert_eq!(intent["attempts_count"], 0, "{intent}");
    assert_eq!(intent["status"], "REQUIRES_PAYMENT_METHOD");
    // An intent without the card rail refuses a card.
    let mm_only = id_of(&create(&srv, &body(json!({"rails": ["mobile_money"]}))));
    let refused = pay_card(&srv, &mm_only, "4242424242424242");
    assert_error(&refused, 409, "invalid_intent_transition");
}

#[test]
fn live_keys_never_take_card_numbers() {
    let (srv, live) = TestServer::start_with(|dir| create_key(dir, "sk", "live", &[]));
    let resp = srv.post(
        "/payment_intents/pi_01m817j3r8htq9g8y3hv2c9dcr/confirm",
        Some(&live),
        &json!({"rail": "card", "card": card("4242424242424242")}),
        None,
    );
    let error = assert_error(&resp, 400, "validation_error");
    assert_eq!(error["param"], "card");
}

#[test]
fn a_challenge_card_waits_for_the_sandbox_page_and_completing_it_pays() {
    let srv = TestServer::start();
    let id = card_intent(&srv, json!({}));
    let waiting = pay_card(&srv, &id, "4000002760003184");
    assert_eq!(
        waiting.body["status"], "REQUIRES_CUSTOMER_ACTION",
        "{waiting:?}"
    );
    assert_eq!(waiting.body["next_action"]["type"], "three_d_secure");
    assert_eq!(
        waiting.body["last_attempt"]["card"]["three_d_secure"],
        "required"
    );
    let path = page_path(&waiting.body["next_action"]["url"]);
    let page = srv.root().get(&path, None);
    assert_eq!(page.status, 200, "{page:?}");
    assert!(page.text.contains("id=\"complete\""), "{}", page.text);
    assert!(page.text.contains("3184"));
    assert!(
        page.header("content-security-policy")
            .is_some_and(|c| c.contains("default-src 'none'"))
    );
    // Without the page token the page does not exist.
    let (bare, _) = path.split_once('?').expect("query");
    assert_eq!(srv.root().get(bare, None).status, 404);
    // A second attempt cannot start while the challenge waits.
    let busy = pay_card(&srv, &id, "4242424242424242");
    assert_error(&busy, 409, "attempt_in_flight");
    let answered = srv.root().request(
        "POST",
        &path,
        &[("Content-Type", "application/x-www-form-urlencoded")],
        Some(b"outcome=complete".to_vec()),
    );
    assert_eq!(
        answered.status, 200,
        "redirected to the checkout page: {answered:?}"
    );
    let paid = get_intent(&srv, &id);
    assert_eq!(paid["status"], "SETTLEMENT_PENDING", "{paid}");
    assert_eq!(
        paid["last_attempt"]["card"]["three_d_secure"],
        "authenticated"
    );
    assert!(paid["next_action"].is_null());
    // Answered once: the page has nothing left to ask.
    assert_eq!(srv.root().get(&path, None).status, 409);
}

#[test]
fn a_failed_challenge_fails_the_attempt_retryably() {
    let srv = TestServer::start();
    let id = card_intent(&srv, json!({}));
    let waiting = pay_card(&srv, &id, "4000002760003184");
    let path = page_path(&waiting.body["next_action"]["url"]);
    srv.root().request(
        "POST",
        &path,
        &[("Content-Type", "application/x-www-form-urlencoded")],
        Some(b"outcome=fail".to_vec()),
    );
    let failed = get_intent(&srv, &id);
    assert_eq!(failed["status"], "REQUIRES_PAYMENT_METHOD", "{failed}");
    assert_eq!(
        failed["last_attempt"]["failure_reason"],
        "authentication_failed"
    );
    assert_eq!(failed["last_attempt"]["card"]["three_d_secure"], "failed");
    assert_eq!(
        pay_card(&srv, &id, "4242424242424242").body["status"],
        "SETTLEMENT_PENDING"
    );
}

/// Every file under `dir`, read whole.
fn files_under(dir: &std::path::Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("read dir").flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(files_under(&path));
        } else if let Ok(bytes) = std::fs::read(&path) {
            out.push((path, crate::support::with_frames_expanded(bytes)));
        }
    }
    out
}

fn contains(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|w| w == needle.as_bytes())
}

#[test]
fn no_card_number_or_cvc_is_in_the_store_file_or_the_server_log() {
    let mut srv = TestServer::start();
    let pan = "4111111111111111";
    let cvc = "7391";
    let amex = "378282246310005";
    let id = card_intent(&srv, json!({}));
    // A bad card first (with an Idempotency-Key, so a record is written), then good ones.
    let bad = json!({"rail": "card", "card": {"number": "4111111111111112", "exp_month": 12, "exp_year": 2034, "cvc": "739"}});
    let refused = srv.post(
        &format!("/payment_intents/{id}/confirm"),
        srv.sk(),
        &bad,
        Some(&ik()),
    );
    assert_eq!(refused.status, 400, "{refused:?}");
    let good = json!({"rail": "card", "card": {"number": amex, "exp_month": 12, "exp_year": 2034, "cvc": cvc}});
    let paid = srv.post(
        &format!("/payment_intents/{id}/confirm"),
        srv.sk(),
        &good,
        Some(&ik()),
    );
    assert_eq!(paid.body["status"], "SETTLEMENT_PENDING", "{paid:?}");
    let other = card_intent(&srv, json!({}));
    let paid = pay_card(&srv, &other, pan);
    assert_eq!(paid.body["last_attempt"]["card"]["last4"], "1111");
    let logs = srv.logs();
    // Stop the server so the store is closed and whole on disk.
    srv.terminate();
    let files = files_under(&srv.data_dir);
    assert!(!files.is_empty());
    // Nor an unkeyed hash of a body that carried one (the idempotency
    // fingerprint is keyed, decision 231): it could be reversed by trying
    // every number with the brand and last four that the intent shows.
    let unkeyed = hex::encode(<sha2::Sha256 as sha2::Digest>::digest(
        serde_json::to_vec(&good).expect("json"),
    ));
    for (path, bytes) in &files {
        for secret in [
            pan,
            "4111111111111112",
            amex,
            "\"7391\"",
            "\"739\"",
            "\"cvc\"",
            &unkeyed,
        ] {
            assert!(!contains(bytes, secret), "{secret} in {}", path.display());
        }
    }
    for secret in [pan, "4111111111111112", amex, "7391", "cvc"] {
        assert!(!logs.contains(secret), "{secret} in the log:\n{logs}");
    }
    srv.start_again();
}

fn bank_credit(srv: &TestServer, reference: &str, amount: i64) -> Resp {
    srv.post(
        "/sandbox/bank_credits",
        srv.sk(),
        &json!({"reference": reference, "amount_minor": amount, "currency": "CDF"}),
        Some(&ik()),
    )
}

/// A 10 000 CDF intent waiting for a bank transfer; returns (id, reference).
fn waiting_for_transfer(srv: &TestServer) -> (String, String) {
    let id = card_intent(srv, json!({}));
    let started = confirm(srv, srv.sk(), &id, &json!({"rail": "bank"}));
    assert_eq!(started.status, 200, "{started:?}");
    let intent = started.body;
    assert_eq!(intent["status"], "REQUIRES_CUSTOMER_ACTION", "{intent}");
    assert_eq!(intent["next_action"]["type"], "bank_transfer");
    let reference = intent["bank_instructions"]["reference"]
        .as_str()
        .expect("reference")
        .to_string();
    (id, reference)
}

#[test]
fn a_bank_transfer_shows_instructions_and_an_exact_credit_pays_the_intent() {
    let srv = TestServer::start();
    let (id, reference) = waiting_for_transfer(&srv);
    let instructions = get_intent(&srv, &id)["bank_instructions"].clone();
    assert_eq!(
        instructions["bank_name"], "Paygate Sandbox Bank",
        "{instructions}"
    );
    assert_eq!(instructions["account_number"], "000100200300400");
    assert_eq!(instructions["amount_minor"], 10_000);
    assert_eq!(instructions["amount_remaining_minor"], 10_000);
    assert_eq!(instructions["currency"], "CDF");
    assert!(instructions["expires_at"].is_string());
    assert_eq!(reference, id.replace('_', "").to_uppercase());
    // The payer's bank may mangle the reference's case and spacing.
    let typed = format!("{} {}", &reference[..10].to_lowercase(), &reference[10..]);
    let credit = bank_credit(&srv, &typed, 10_000);
    assert_eq!(credit.status, 201, "{credit:?}");
    assert_eq!(credit.body["outcome"], "paid");
    assert_eq!(credit.body["applied_minor"], 10_000);
    assert_eq!(
        credit.body["payment_intent"]["status"],
        "SETTLEMENT_PENDING"
    );
    let paid = get_intent(&srv, &id);
    assert_eq!(paid["bank_instructions"]["amount_received_minor"], 10_000);
    assert!(paid["next_action"].is_null());
    assert_eq!(paid["fees"]["provider_fee_minor"], 50, "bank: 50 bps");
}

#[test]
fn a_short_credit_keeps_the_intent_waiting_and_the_rest_pays_it() {
    let srv = TestServer::start();
    let (id, reference) = waiting_for_transfer(&srv);
    let first = bank_credit(&srv, &reference, 4_000);
    assert_eq!(first.body["outcome"], "partial", "{first:?}");
    assert_eq!(
        first.body["payment_intent"]["status"],
        "REQUIRES_CUSTOMER_ACTION"
    );
    assert_eq!(
        first.body["payment_intent"]["bank_instructions"]["amount_remaining_minor"],
        6_000
    );
    let rest = bank_credit(&srv, &reference, 6_000);
    assert_eq!(rest.body["outcome"], "paid", "{rest:?}");
    assert_eq!(get_intent(&srv, &id)["status"], "SETTLEMENT_PENDING");
}

#[test]
fn a_short_credit_is_sent_back_when_the_intent_is_cancelled() {
    let srv = TestServer::start();
    let (id, reference) = waiting_for_transfer(&srv);
    bank_credit(&srv, &reference, 3_000);
    let cancelled = srv.post(
        &format!("/payment_intents/{id}/cancel"),
        srv.sk(),
        &json!({}),
        None,
    );
    assert_eq!(cancelled.body["status"], "CANCELLED", "{cancelled:?}");
    assert_eq!(
        cancelled.body["bank_instructions"]["amount_returned_minor"],
        3_000
    );
}

#[test]
fn an_excess_credit_pays_the_intent_and_sends_the_excess_back() {
    let srv = TestServer::start();
    let (id, reference) = waiting_for_transfer(&srv);
    let credit = bank_credit(&srv, &reference, 12_500);
    assert_eq!(credit.body["outcome"], "overpaid", "{credit:?}");
    assert_eq!(credit.body["applied_minor"], 10_000);
    assert_eq!(credit.body["returned_minor"], 2_500);
    let paid = get_intent(&srv, &id);
    assert_eq!(paid["status"], "SETTLEMENT_PENDING");
    assert_eq!(
        paid["amount_received_minor"], 10_000,
        "only the amount is collected"
    );
    assert_eq!(paid["bank_instructions"]["amount_returned_minor"], 2_500);
}

#[test]
fn a_credit_after_the_transfer_closed_is_held_in_suspense_for_review_and_pays_nothing() {
    let srv = TestServer::start();
    let (id, reference) = waiting_for_transfer(&srv);
    srv.post(
        &format!("/payment_intents/{id}/cancel"),
        srv.sk(),
        &json!({}),
        None,
    );
    let late = bank_credit(&srv, &reference, 10_000);
    assert_eq!(late.status, 201, "{late:?}");
    assert_eq!(late.body["outcome"], "review");
    assert_eq!(late.body["review_minor"], 10_000);
    let intent = get_intent(&srv, &id);
    assert_eq!(intent["status"], "CANCELLED");
    assert_eq!(
        intent["bank_instructions"]["amount_in_review_minor"],
        10_000
    );
    assert!(intent["collection_transaction"].is_null());
    // The money reached the bank: held in suspense as a late payment.
    assert_eq!(intent["late_payments"][0]["rail"], "bank", "{intent}");
    assert_eq!(intent["late_payments"][0]["status"], "HELD", "{intent}");
    let balance = srv.get("/balance", srv.sk());
    assert_eq!(
        balance.body["balances"][0]["suspense_minor"], 10_000,
        "{balance:?}"
    );
    // A second transfer to a paid intent is late too.
    let (paid, reference) = waiting_for_transfer(&srv);
    bank_credit(&srv, &reference, 10_000);
    assert_eq!(
        bank_credit(&srv, &reference, 10_000).body["outcome"],
        "review"
    );
    assert_eq!(get_intent(&srv, &paid)["amount_received_minor"], 10_000);
}

#[test]
fn bank_credits_need_a_known_reference_of_the_caller_and_a_test_key() {
    let (srv, (live, beta)) = TestServer::start_with(|dir| {
        (
            create_key(dir, "sk", "live", &[]),
            add_org(dir, "@beta", "owner@beta.example"),
        )
    });
    let (_, reference) = waiting_for_transfer(&srv);
    let unknown = bank_credit(&srv, "PI01M817J3R8HTQ9G8Y3HV2C9DCR", 100);
    assert_eq!(
        assert_error(&unknown, 404, "bank_reference_not_found")["param"],
        "reference"
    );
    assert_error(
        &bank_credit(&srv, "nonsense", 100),
        404,
        "bank_reference_not_found",
    );
    let b_key = beta["keys"]["secret_key"].as_str().expect("sk");
    let theirs = srv.post(
        "/sandbox/bank_credits",
        Some(b_key),
        &json!({"reference": reference, "amount_minor": 100, "currency": "CDF"}),
        Some(&ik()),
    );
    assert_error(&theirs, 404, "bank_reference_not_found");
    let live_credit = srv.post(
        "/sandbox/bank_credits",
        Some(&live),
        &json!({"reference": reference, "amount_minor": 100, "currency": "CDF"}),
        Some(&ik()),
    );
    assert_error(&live_credit, 403, "livemode_forbidden");
    let usd = srv.post(
        "/sandbox/bank_credits",
        srv.sk(),
        &json!({"reference": reference, "amount_minor": 100, "currency": "USD"}),
        Some(&ik()),
    );
    assert_eq!(
        assert_error(&usd, 400, "validation_error")["param"],
        "currency"
    );
    let no_key = srv.post(
        "/sandbox/bank_credits",
        srv.sk(),
        &json!({"reference": reference, "amount_minor": 100, "currency": "CDF"}),
        None,
    );
    assert_eq!(no_key.status, 400, "{no_key:?}");
}

/// A's (the instance's) and B's organisations; B holds `b_funds` CDF in available.
fn two_wallets(b_funds: i64) -> (TestServer, String) {
    let (srv, beta) = TestServer::start_with_args(&["--sandbox-settlement-ms", "200"], |dir| {
        add_org(dir, "@beta", "owner@beta.example")
    });
    let b_key = beta["keys"]["secret_key"].as_str().expect("sk").to_string();
    if b_funds > 0 {
        let paid = create(
            &srv,
            &body(
                json!({"amount_minor": b_funds * 2, "customer_msisdn": SUCCEED, "confirm": true}),
            ),
        );
        wait_for_status(&srv, &id_of(&paid), "SETTLED", Duration::from_secs(10));
        let sent = srv.post(
            "/transfers",
            srv.sk(),
            &json!({"to": "@beta", "amount_minor": b_funds, "currency": "CDF"}),
            Some(&ik()),
        );
        assert_eq!(sent.status, 201, "{sent:?}");
    }
    (srv, b_key)
}

fn available(srv: &TestServer, key: Option<&str>) -> (i64, i64) {
    crate::support::balances::balance(srv, key, "CDF")
}

/// The `t` of a checkout URL.
fn token_of(url: &Value) -> String {
    let url = url.as_str().expect("url");
    url.split("t=")
        .nth(1)
        .expect("t")
        .split('&')
        .next()
        .expect("t")
        .to_string()
}

#[test]
fn another_organisation_pays_from_its_wallet_in_one_posting_and_short_funds_fail_retryably() {
    let (srv, b_key) = two_wallets(0);
    let intent = create(&srv, &body(json!({"rails": ["wallet"]})));
    let id = id_of(&intent);
    let token = token_of(&intent["checkout_url"]);
    let pay = json!({"rail": "wallet", "checkout_token": token});
    // B has nothing yet: a retryable failure, nothing moves.
    let short = confirm(&srv, Some(&b_key), &id, &pay);
    assert_eq!(short.status, 200, "{short:?}");
    assert_eq!(short.body["status"], "REQUIRES_PAYMENT_METHOD");
    assert_eq!(
        short.body["last_attempt"]["failure_reason"],
        "insufficient_funds"
    );
    // Without the token B cannot see the intent; A cannot pay itself.
    let blind = confirm(&srv, Some(&b_key), &id, &json!({"rail": "wallet"}));
    assert_error(&blind, 404, "intent_not_found");
    let wrong = confirm(
        &srv,
        Some(&b_key),
        &id,
        &json!({"rail": "wallet", "checkout_token": "x"}),
    );
    assert_error(&wrong, 404, "intent_not_found");
    let own = confirm(&srv, srv.sk(), &id, &pay);
    assert_eq!(assert_error(&own, 400, "validation_error")["param"], "rail");
    drop(srv);

    let (srv, b_key) = two_wallets(30_000);
    let intent = create(&srv, &body(json!({"rails": ["wallet"]})));
    let id = id_of(&intent);
    let pay = json!({"rail": "wallet", "checkout_token": token_of(&intent["checkout_url"])});
    let b_before = available(&srv, Some(&b_key));
    let paid = confirm(&srv, Some(&b_key), &id, &pay);
    assert_eq!(paid.body["status"], "SETTLEMENT_PENDING", "{paid:?}");
    assert_eq!(
        paid.body["last_attempt"]["payer"]
            .as_str()
            .map(|p| p.starts_with("org_")),
        Some(true)
    );
    assert_eq!(paid.body["fees"]["provider_fee_minor"], 0, "no rail fee");
    let fees = paid.body["fees"]["service_fee_minor"]
        .as_i64()
        .expect("fee")
        + paid.body["fees"]["tax_minor"].as_i64().expect("tax");
    assert_eq!(available(&srv, Some(&b_key)).0, b_before.0 - 10_000);
    // One posting: the payer's available balance pays the merchant's net and the fees.
    let txn = paid.body["collection_transaction"].as_str().expect("txn");
    let posting = srv.get(&format!("/transactions/{txn}"), srv.sk());
    assert_eq!(posting.status, 200, "{posting:?}");
    let payer = paid.body["last_attempt"]["payer"].as_str().expect("payer");
    assert!(posting.text.contains(payer), "{}", posting.text);
    assert!(
        posting.text.contains(&(10_000 - fees).to_string()),
        "{}",
        posting.text
    );
    assert!(!posting.text.contains("rail_clearing"), "{}", posting.text);
    // Paid once: a second payment is refused, and B keeps its money.
    let again = confirm(&srv, Some(&b_key), &id, &pay);
    assert_eq!(again.status, 409, "{again:?}");
    assert_eq!(available(&srv, Some(&b_key)).0, b_before.0 - 10_000);
    // A refund goes back to the payer's wallet, not to a rail.
    let refund = srv.post(
        "/refunds",
        srv.sk(),
        &json!({"payment_intent": id, "amount_minor": 4_000, "reason": "requested_by_customer"}),
        Some(&ik()),
    );
    assert_eq!(refund.status, 201, "{refund:?}");
    assert_eq!(refund.body["status"], "SUCCEEDED", "{refund:?}");
    assert_eq!(available(&srv, Some(&b_key)).0, b_before.0 - 6_000);
}

#[test]
fn scanning_a_static_code_creates_its_intent_and_a_wallet_pays_the_amount_it_enters() {
    let (srv, b_key) = two_wallets(30_000);
    let code = srv.post(
        "/qr_codes",
        srv.sk(),
        &json!({"currency": "CDF", "reference": "TILL-1"}),
        None,
    );
    assert_eq!(code.status, 201, "{code:?}");
    let payload = code.body["payload"].as_str().expect("payload");
    let scanned = srv
        .post("/resolve", None, &json!({"payload": payload}), None)
        .body;
    assert_eq!(scanned["kind"], "paygate_qr_code", "{scanned}");
    assert_eq!(scanned["next_action"]["type"], "pay_qr_code");
    let intent = &scanned["payment_intent"];
    assert_eq!(intent["status"], "CREATED", "an open amount: {scanned}");
    assert_eq!(scanned["next_action"]["url"], intent["checkout_url"]);
    let id = intent["id"].as_str().expect("id").to_string();
    let token = token_of(&intent["checkout_url"]);
    let paid = confirm(
        &srv,
        Some(&b_key),
        &id,
        &json!({"rail": "wallet", "checkout_token": token, "amount_minor": 7_000}),
    );
    assert_eq!(paid.body["status"], "SETTLEMENT_PENDING", "{paid:?}");
    assert_eq!(paid.body["amount_received_minor"], 7_000);
    assert_eq!(paid.body["metadata"]["qr_code"], code.body["id"]);
    assert_eq!(paid.body["reference"], "TILL-1");
    // Each scan is a new payment; a revoked code makes none.
    let again = srv
        .post("/resolve", None, &json!({"payload": payload}), None)
        .body;
    assert_ne!(again["payment_intent"]["id"], id.as_str());
    let code_id = code.body["id"].as_str().expect("id");
    let revoked = srv.post(
        &format!("/qr_codes/{code_id}/revoke"),
        srv.sk(),
        &json!({"reason": "lost"}),
        None,
    );
    assert_eq!(revoked.status, 200, "{revoked:?}");
    let dead = srv
        .post("/resolve", None, &json!({"payload": payload}), None)
        .body;
    assert!(dead["payment_intent"].is_null(), "{dead}");
    assert_eq!(dead["next_action"]["type"], "do_not_pay");
}
