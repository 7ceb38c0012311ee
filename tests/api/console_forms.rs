//! The console's forms that create what a merchant sells (issue 48, item 9),
//! over HTTP: each form makes its object through the API, a second submit of
//! the same form (a double click, a reload) makes no second one, a bad field
//! comes back inside the form with the API's message and makes nothing, and
//! a role whose permission does not allow the operation is offered no form.

use fantoccini::{Client, Locator};
use serde_json::Value;

use crate::browser::{blocking, browser, start_driver, type_into, wait_for_text, wait_for_url};
use crate::console::{ADMIN, ADMIN_PASSWORD, ADMIN_PIN, PAYS};
use crate::console::{
    FINANCE, FINANCE_PASSWORD, Page, VIEWER, VIEWER_PASSWORD, Visitor, settled_payment, start,
};
use crate::console_browser::{
    BATCH_HEADER, axe_source, capture_as, choose, click, row, runtime, sign_in, sign_out,
};
use crate::console_people::{has, in_lang};
use crate::support::TestServer;
use crate::team::{DEV, DEV_PASSWORD, OWNER, OWNER_PASSWORD};

/// Opens `page`, fills the form `key` with `fields` and sends it (its CSRF
/// and form tokens as rendered); the answer and the form token used.
pub fn submit(
    visitor: &mut Visitor,
    page: &str,
    key: &str,
    fields: &[(&str, &str)],
) -> (Page, String) {
    let shown = visitor.get(page);
    assert_eq!(shown.status, 200, "{page}: {}", shown.text);
    let action = format!("/console/new/{key}");
    let csrf = shown.form_value(&action, "csrf");
    let token = shown.form_value(&action, "form_token");
    let answer = send(visitor, key, &csrf, &token, fields);
    (answer, token)
}

fn send(
    visitor: &mut Visitor,
    key: &str,
    csrf: &str,
    token: &str,
    fields: &[(&str, &str)],
) -> Page {
    let mut all = vec![("csrf", csrf), ("form_token", token)];
    all.extend_from_slice(fields);
    visitor.post(&format!("/console/new/{key}"), &all, &[])
}

/// How many objects the API lists at `path`.
fn count(srv: &TestServer, path: &str) -> usize {
    let listed = srv.get(path, srv.sk());
    assert_eq!(listed.status, 200, "{path}: {listed:?}");
    listed.body["data"].as_array().map_or(0, Vec::len)
}

/// A form whose first submit makes one object at `list`, whose second
/// submit (the same token) makes none, and whose `bad` fields are refused in
/// the form with `message`, making nothing.
struct Case<'a> {
    page: &'a str,
    key: &'a str,
    list: &'a str,
    good: Vec<(&'a str, &'a str)>,
    lands: &'a str,
    bad: Vec<(&'a str, &'a str)>,
    message: &'a str,
}

fn check(srv: &TestServer, visitor: &mut Visitor, case: &Case) -> Page {
    let before = count(srv, case.list);
    let (made, token) = submit(visitor, case.page, case.key, &case.good);
    assert_eq!(made.status, 303, "{}: {}", case.key, made.text);
    assert!(
        made.location().starts_with(case.lands),
        "{} went to {}",
        case.key,
        made.location()
    );
    assert_eq!(count(srv, case.list), before + 1, "{} made one", case.key);
    let landed = visitor.get(made.location());
    assert_eq!(landed.status, 200, "{}", landed.text);
    assert!(
        landed.text.contains("class=\"flash good\""),
        "{}",
        landed.text
    );
    // The same form sent again (a double click, a reload): one object.
    let csrf = visitor.csrf();
    let again = send(visitor, case.key, &csrf, &token, &case.good);
    assert_eq!(again.status, 303, "{}", again.text);
    assert_eq!(again.location(), made.location(), "{} replays", case.key);
    assert_eq!(count(srv, case.list), before + 1, "{} made one", case.key);
    // A bad field: back to the form's page, the message inside the form.
    let (refused, _) = submit(visitor, case.page, case.key, &case.bad);
    assert_eq!(
        (refused.status, refused.location()),
        (303, case.page),
        "{}",
        refused.text
    );
    let shown = visitor.get(case.page);
    let error = format!("id=\"{}-error\"", case.key);
    let at = shown
        .text
        .find(&error)
        .unwrap_or_else(|| panic!("{}: no refusal in the form: {}", case.key, shown.text));
    let form_at = shown
        .text
        .find(&format!("id=\"{}\" class=\"action\"", case.key))
        .expect("the form");
    assert!(at > form_at, "{}: the refusal is inside its form", case.key);
    let said = &shown.text[at..at + 400.min(shown.text.len() - at)];
    assert!(
        said.contains(case.message),
        "{}: {said} lacks {:?}",
        case.key,
        case.message
    );
    // What was typed is back in the form, to correct rather than retype.
    assert!(
        case.bad.iter().any(|(name, value)| {
            shown
                .text
                .contains(&format!("name=\"{name}\" value=\"{value}\""))
                || shown
                    .text
                    .contains(&format!("<option value=\"{value}\" selected>"))
        }),
        "{}: the typed values are back: {}",
        case.key,
        shown.text
    );
    assert!(
        !shown.text.contains("id=\"flash\""),
        "{}: said once, in the form",
        case.key
    );
    assert_eq!(
        count(srv, case.list),
        before + 1,
        "{}: nothing made",
        case.key
    );
    landed
}

#[test]
fn every_form_makes_its_object_once_and_refuses_a_bad_field_in_place() {
    let srv = start();
    settled_payment(&srv, 500_000);
    let mut visitor = Visitor::new(&srv);
    visitor.sign_in(OWNER, OWNER_PASSWORD);

    let payment = check(
        &srv,
        &mut visitor,
        &Case {
            page: "/console/sell",
            key: "new-payment",
            list: "/payment_intents?limit=100",
            good: vec![
                ("amount", "2 500,50"),
                ("currency", "CDF"),
                ("reference", "SCHOOL-FEES-7"),
            ],
            lands: "/console/payments/pi_",
            bad: vec![("amount", "abc"), ("currency", "CDF")],
            message: "abc",
        },
    );
    assert!(payment.text.contains("2,500.50 CDF"), "{}", payment.text);
    assert!(
        payment.text.contains("id=\"checkout-link\"") && payment.text.contains("/pay/pi_"),
        "the payer's link to copy: {}",
        payment.text
    );
    assert!(payment.text.contains("id=\"checkout-link-copy\""));

    let link = check(
        &srv,
        &mut visitor,
        &Case {
            page: "/console/sell",
            key: "new-link",
            list: "/payment_links?limit=100",
            good: vec![
                ("currency", "CDF"),
                ("minimum", "10"),
                ("maximum", "1000"),
                ("description", "Donations"),
            ],
            lands: "/console/sell?made=link&id=plink_",
            bad: vec![("currency", "CDF"), ("amount", "50"), ("minimum", "10")],
            message: "takes bounds",
        },
    );
    assert!(link.text.contains("id=\"made-link\""), "{}", link.text);

    let checkout = check(
        &srv,
        &mut visitor,
        &Case {
            page: "/console/sell",
            key: "new-checkout",
            list: "/checkout_sessions?limit=100",
            good: vec![
                ("currency", "CDF"),
                ("item1", "Uniform"),
                ("quantity1", "2"),
                ("price1", "150"),
                ("item2", "Books"),
                ("quantity2", "1"),
                ("price2", "80"),
            ],
            lands: "/console/sell?made=checkout&id=cs_",
            bad: vec![
                ("currency", "CDF"),
                ("item1", "Uniform"),
                ("quantity1", "0"),
                ("price1", "150"),
            ],
            message: "quantity",
        },
    );
    assert!(
        checkout.text.contains("id=\"made-link\""),
        "{}",
        checkout.text
    );

    let request = check(
        &srv,
        &mut visitor,
        &Case {
            page: "/console/sell",
            key: "new-request",
            // A money request is a payment the payer is asked for.
            list: "/payment_intents?limit=100",
            good: vec![
                ("payer", "+243000000777"),
                ("amount", "75"),
                ("currency", "CDF"),
            ],
            lands: "/console/sell?made=request&id=MR-",
            bad: vec![("payer", "nobody"), ("amount", "75"), ("currency", "CDF")],
            message: "payer",
        },
    );
    assert!(request.text.contains("/r/MR-"), "{}", request.text);

    let plan = check(
        &srv,
        &mut visitor,
        &Case {
            page: "/console/plans",
            key: "new-plan",
            list: "/plans?limit=100",
            good: vec![
                ("name", "Gold"),
                ("amount", "1000"),
                ("currency", "CDF"),
                ("interval", "month"),
                ("interval_count", "1"),
                ("trial_days", "0"),
            ],
            lands: "/console/plans/plan_",
            bad: vec![
                ("name", "Silver"),
                ("amount", "1000"),
                ("currency", "CDF"),
                ("interval", "month"),
                ("interval_count", "40"),
            ],
            message: "interval_count",
        },
    );
    assert!(plan.text.contains("Gold"), "{}", plan.text);

    // The subscription form offers the plan just made.
    let plans = srv.get("/plans?limit=100", srv.sk());
    let plan_id = plans.body["data"][0]["id"]
        .as_str()
        .expect("plan")
        .to_string();
    check(
        &srv,
        &mut visitor,
        &Case {
            page: "/console/subscriptions",
            key: "new-subscription",
            list: "/subscriptions?limit=100",
            good: vec![("plan", &plan_id), ("msisdn", "+243000000888")],
            lands: "/console/subscriptions/sub_",
            bad: vec![("plan", &plan_id), ("msisdn", "12")],
            message: "msisdn",
        },
    );

    check(
        &srv,
        &mut visitor,
        &Case {
            page: "/console/payouts",
            key: "new-payout",
            list: "/payouts?limit=100",
            good: vec![
                ("amount", "200"),
                ("currency", "CDF"),
                ("operator", "mpesa"),
                ("phone", "+243000000999"),
                ("name", "Grace"),
            ],
            lands: "/console/payouts/po_",
            bad: vec![
                ("amount", "200"),
                ("currency", "CDF"),
                ("operator", "mpesa"),
                ("phone", "12"),
            ],
            message: "phone",
        },
    );

    check(
        &srv,
        &mut visitor,
        &Case {
            page: "/console/accounts",
            key: "new-account",
            list: "/accounts?limit=100",
            good: vec![
                ("business_name", "École Lumière"),
                ("type", "merchant"),
                ("email", "ecole@example.com"),
                ("country", "cd"),
            ],
            lands: "/console/accounts/acct_",
            bad: vec![
                ("business_name", "École Lumière"),
                ("type", "merchant"),
                ("email", "not-an-email"),
                ("country", "CD"),
            ],
            message: "email",
        },
    );

    // A period paid by hand: closing it leaves a CLOSED cycle to pay.
    let profile = srv.post(
        "/settlement_profiles",
        srv.sk(),
        &serde_json::json!({"currency": "CDF", "schedule": "manual"}),
        Some(&crate::support::ik()),
    );
    assert!(matches!(profile.status, 200 | 201), "{profile:?}");
    crate::support::intents::create(
        &srv,
        &crate::support::intents::body(serde_json::json!({"rails": ["mobile_money"],
            "customer_msisdn": crate::console::PAYS, "confirm": true})),
    );
    check(
        &srv,
        &mut visitor,
        &Case {
            page: "/console/settlement",
            key: "close-cycle",
            // Closing makes the open period a CLOSED cycle.
            list: "/settlement_cycles?status=CLOSED&limit=100",
            good: vec![("currency", "CDF"), ("rail", "")],
            lands: "/console/settlement",
            bad: vec![("currency", "CDF"), ("rail", "pigeon")],
            message: "rail",
        },
    );
    // The closed cycle is paid from its row.
    let cycles = srv.get("/settlement_cycles?limit=100", srv.sk());
    let closed: Vec<&Value> = cycles.body["data"]
        .as_array()
        .expect("cycles")
        .iter()
        .filter(|c| c["status"] == "CLOSED")
        .collect();
    let cycle = closed.first().expect("a closed cycle")["id"]
        .as_str()
        .expect("id")
        .to_string();
    let page = visitor.get("/console/settlement");
    let action = format!("/console/settlement/{cycle}/pay");
    let csrf = page.form_value(&action, "csrf");
    let token = page.form_value(&action, "form_token");
    let paid = visitor.post(&action, &[("csrf", &csrf), ("form_token", &token)], &[]);
    assert_eq!(paid.status, 303, "{}", paid.text);
    let after = srv.get("/settlement_cycles?limit=100", srv.sk());
    let status = after.body["data"]
        .as_array()
        .expect("cycles")
        .iter()
        .find(|c| c["id"] == cycle.as_str())
        .expect("the cycle")["status"]
        .clone();
    assert!(
        status == "PAID" || status == "PAYING",
        "the cycle was paid: {status}"
    );
}

#[test]
fn a_form_is_offered_only_to_a_role_that_may_use_its_operation() {
    let srv = start();
    let pages = [
        "/console/sell",
        "/console/plans",
        "/console/subscriptions",
        "/console/payouts",
        "/console/accounts",
        "/console/settlement",
    ];
    let forms = |visitor: &mut Visitor| -> Vec<String> {
        let mut seen = Vec::new();
        for page in pages {
            let text = visitor.get(page).text;
            for (at, _) in text.match_indices("action=\"/console/new/") {
                let rest = &text[at + 21..];
                seen.push(rest[..rest.find('"').expect("quote")].to_string());
            }
        }
        seen.sort();
        seen
    };
    let mut viewer = Visitor::new(&srv);
    viewer.sign_in(VIEWER, VIEWER_PASSWORD);
    assert!(forms(&mut viewer).is_empty(), "a viewer makes nothing");
    assert_eq!(viewer.get("/console/sell").status, 403);
    let mut developer = Visitor::new(&srv);
    developer.sign_in(DEV, DEV_PASSWORD);
    assert_eq!(
        forms(&mut developer),
        ["new-checkout", "new-link", "new-payment", "new-request"],
        "a developer asks for payments, nothing of settlement or payouts"
    );
    let mut finance = Visitor::new(&srv);
    finance.sign_in(FINANCE, FINANCE_PASSWORD);
    assert_eq!(
        forms(&mut finance),
        ["close-cycle", "new-payout"],
        "finance pays out and settles"
    );
    // A form sent by a role that may not: the API refuses, nothing is made.
    let csrf = finance.csrf();
    let refused = send(
        &mut finance,
        "new-payment",
        &csrf,
        "tok-finance-1",
        &[("amount", "10"), ("currency", "CDF")],
    );
    assert_eq!(refused.location(), "/console/sell", "{}", refused.text);
    assert_eq!(count(&srv, "/payment_intents?limit=100"), 0);
}

/// Issue 48 item 8, over HTTP: a batch's invalid row gets a fix form only
/// for a role that may write payouts; the form, sent twice with its token,
/// fixes the row once.
#[test]
fn a_batch_rows_fix_form_is_offered_to_a_payouts_writer_only_and_fixes_once_when_resent() {
    let srv = start();
    let sk = srv.sk().expect("sk").to_string();
    let rows = [
        crate::console_browser::row(10_000, "R1"),
        format!("mobile_money,abc,mpesa,{PAYS},Payee,R2"),
    ];
    let id = crate::console_browser::made_batch(&srv, &sk, &rows);
    let page = format!("/console/payouts/{id}");
    let action = format!("{page}/fix");
    let mut viewer = Visitor::new(&srv);
    viewer.sign_in(VIEWER, VIEWER_PASSWORD);
    let seen = viewer.get(&page);
    assert_eq!(seen.status, 200, "{}", seen.text);
    assert!(!seen.text.contains("fix-row-2"), "a viewer fixes nothing");
    assert!(!seen.text.contains(&format!("{page}/exclude")));
    let mut finance = Visitor::new(&srv);
    finance.sign_in(FINANCE, FINANCE_PASSWORD);
    let shown = finance.get(&page);
    assert!(
        shown
            .text
            .contains("name=\"amount\" type=\"text\" value=\"abc\""),
        "prefilled with what was uploaded: {}",
        shown.text
    );
    let token = shown.form_value(&action, "form_token");
    let csrf = shown.form_value(&action, "csrf");
    let fields = [
        ("csrf", csrf.as_str()),
        ("form_token", token.as_str()),
        ("row", "2"),
        ("method", "mobile_money"),
        ("amount", "30.00"),
        ("operator_id", "mpesa"),
        ("phone", PAYS),
        ("name", "Payee"),
        ("reference", "R2"),
    ];
    for _ in 0..2 {
        let sent = finance.post(&action, &fields, &[]);
        assert_eq!(
            (sent.status, sent.location()),
            (303, page.as_str()),
            "{}",
            sent.text
        );
    }
    let batch = srv.get(&format!("/payouts/batches/{id}"), srv.sk());
    assert_eq!(batch.body["counts"]["invalid"], 0, "{batch:?}");
    assert_eq!(batch.body["total_minor"], 13_000);
    assert_eq!(batch.body["editors"][0]["email"], FINANCE);
    let events = srv.get("/events?type=payout_batch.updated", srv.sk());
    assert_eq!(
        events.body["data"].as_array().map(Vec::len),
        Some(1),
        "fixed once"
    );
    let after = finance.get(&page);
    assert!(!after.text.contains("fix-row-2"), "no invalid row left");
    assert!(after.text.contains("id=\"editors\""), "{}", after.text);
}

// In a real browser (headless Chromium, the harness of `browser.rs`): each
// form makes its object and refuses a bad field in place; then a merchant's
// whole day without curl. Screenshots `after-9-*` (phone and desktop, EN and
// FR), each checked with axe-core.

/// Types `fields` (`(id, text)`) into the open page's form.
async fn fill(client: &Client, fields: &[(&str, &str)]) {
    for (id, text) in fields {
        type_into(client, id, text).await;
    }
}

async fn open(client: &Client, srv: &TestServer, path: &str) {
    client
        .goto(&format!("{}{path}", srv.origin))
        .await
        .expect("open");
}

/// Sends the form `key` with the bad `fields`: its page again, the
/// refusal (naming `said`) inside the form, nothing made.
async fn refused(client: &Client, key: &str, fields: &[(&str, &str)], said: &str) {
    fill(client, fields).await;
    click(client, &format!("{key}-submit")).await;
    wait_for_text(client, &format!("#{key} #{key}-error"), said).await;
    assert!(!has(client, "#flash").await, "{key}: said in the form only");
}

/// Sends the form `key` with `fields`; waits for the made object's page.
async fn made(client: &Client, srv: &TestServer, key: &str, fields: &[(&str, &str)], lands: &str) {
    fill(client, fields).await;
    click(client, &format!("{key}-submit")).await;
    wait_for_url(client, &format!("{}{lands}", srv.origin)).await;
    wait_for_text(client, ".flash.good", "").await;
}

#[test]
fn each_creating_form_makes_its_object_and_refuses_a_bad_field_in_place_in_a_browser() {
    let srv = start();
    settled_payment(&srv, 500_000);
    let axe = axe_source();
    let (_driver, port) = start_driver();
    runtime().block_on(async {
        let client = browser(port).await;
        client.set_window_size(1280, 800).await.expect("size");
        sign_in(&client, &srv, OWNER, OWNER_PASSWORD).await;
        for lang in ["en", "fr"] {
            in_lang(&client, &srv, lang).await;
            open(&client, &srv, "/console/sell").await;
            capture_as(&client, &axe, "after-9", &format!("sell-{lang}")).await;
            // A refusal in French, in place.
            refused(
                &client,
                "new-payment",
                &[("new-payment-amount", "abc")],
                "abc",
            )
            .await;
            capture_as(&client, &axe, "after-9", &format!("sell-refused-{lang}")).await;
            made(
                &client,
                &srv,
                "new-payment",
                &[
                    ("new-payment-amount", "2500"),
                    ("new-payment-reference", &format!("FEES-{lang}")),
                ],
                "/console/payments/pi_",
            )
            .await;
            wait_for_text(&client, "#payer-link", "").await;
            click(&client, "checkout-link-copy").await;
            let copied = if lang == "en" { "Copied" } else { "Copié" };
            wait_for_text(&client, "#checkout-link-copy", copied).await;
            capture_as(&client, &axe, "after-9", &format!("payment-{lang}")).await;
        }
        in_lang(&client, &srv, "en").await;

        open(&client, &srv, "/console/sell").await;
        refused(
            &client,
            "new-link",
            &[("new-link-amount", "50"), ("new-link-minimum", "10")],
            "bounds",
        )
        .await;
        client
            .find(Locator::Id("new-link-amount"))
            .await
            .expect("amount")
            .clear()
            .await
            .expect("clear");
        made(
            &client,
            &srv,
            "new-link",
            &[
                ("new-link-minimum", "10"),
                ("new-link-maximum", "1000"),
                ("new-link-description", "Donations"),
            ],
            "/console/sell?made=link",
        )
        .await;
        wait_for_text(&client, "#made", "Your payment link").await;
        capture_as(&client, &axe, "after-9", "link-made-en").await;

        refused(
            &client,
            "new-checkout",
            &[
                ("new-checkout-item1", "Uniform"),
                ("new-checkout-quantity1", "2"),
                ("new-checkout-price1", "abc"),
            ],
            "abc",
        )
        .await;
        made(
            &client,
            &srv,
            "new-checkout",
            &[
                ("new-checkout-item1", "Uniform"),
                ("new-checkout-quantity1", "2"),
                ("new-checkout-price1", "150"),
            ],
            "/console/sell?made=checkout",
        )
        .await;
        wait_for_text(&client, "#made", "checkout").await;

        refused(
            &client,
            "new-request",
            &[
                ("new-request-payer", "nobody"),
                ("new-request-amount", "75"),
            ],
            "payer",
        )
        .await;
        made(
            &client,
            &srv,
            "new-request",
            &[
                ("new-request-payer", "+243000000777"),
                ("new-request-amount", "75"),
            ],
            "/console/sell?made=request",
        )
        .await;
        wait_for_text(&client, "#made", "money request").await;

        open(&client, &srv, "/console/plans").await;
        refused(
            &client,
            "new-plan",
            &[
                ("new-plan-name", "Silver"),
                ("new-plan-amount", "1000"),
                ("new-plan-interval_count", "40"),
            ],
            "interval_count",
        )
        .await;
        made(
            &client,
            &srv,
            "new-plan",
            &[
                ("new-plan-name", "Gold"),
                ("new-plan-amount", "1000"),
                ("new-plan-interval_count", "1"),
            ],
            "/console/plans/plan_",
        )
        .await;

        open(&client, &srv, "/console/subscriptions").await;
        refused(
            &client,
            "new-subscription",
            &[("new-subscription-msisdn", "12")],
            "msisdn",
        )
        .await;
        made(
            &client,
            &srv,
            "new-subscription",
            &[("new-subscription-msisdn", "+243000000888")],
            "/console/subscriptions/sub_",
        )
        .await;

        open(&client, &srv, "/console/payouts").await;
        refused(
            &client,
            "new-payout",
            &[("new-payout-amount", "200"), ("new-payout-phone", "12")],
            "phone",
        )
        .await;
        made(
            &client,
            &srv,
            "new-payout",
            &[
                ("new-payout-amount", "200"),
                ("new-payout-phone", "+243000000999"),
                ("new-payout-name", "Grace"),
            ],
            "/console/payouts/po_",
        )
        .await;

        for lang in ["en", "fr"] {
            in_lang(&client, &srv, lang).await;
            open(&client, &srv, "/console/accounts").await;
            refused(
                &client,
                "new-account",
                &[
                    ("new-account-business_name", "É"),
                    ("new-account-email", "ecole@example.com"),
                ],
                "business_name",
            )
            .await;
            capture_as(&client, &axe, "after-9", &format!("account-refused-{lang}")).await;
            made(
                &client,
                &srv,
                "new-account",
                &[
                    ("new-account-business_name", "École Lumière"),
                    ("new-account-email", &format!("ecole-{lang}@example.com")),
                ],
                "/console/accounts/acct_",
            )
            .await;
            open(&client, &srv, "/console/settlement").await;
            capture_as(&client, &axe, "after-9", &format!("settlement-{lang}")).await;
        }
        in_lang(&client, &srv, "en").await;
        // The close's refusal: a rail the API does not know (a stale form
        // offering one; the select offers only known rails).
        open(&client, &srv, "/console/settlement").await;
        client
            .execute(
                "document.getElementById('close-cycle-rail').add(new Option('pigeon', 'pigeon'));",
                vec![],
            )
            .await
            .expect("a stale option");
        choose(&client, "close-cycle-rail", "pigeon").await;
        click(&client, "close-cycle-submit").await;
        wait_for_text(&client, "#close-cycle #close-cycle-error", "rail").await;
        choose(&client, "close-cycle-currency", "CDF").await;
        made(&client, &srv, "close-cycle", &[], "/console/settlement").await;
        client.close().await.expect("close");
    });
    // Each form made its object, once.
    for (path, least) in [
        ("/payment_intents?limit=100", 5),
        ("/payment_links?limit=100", 1),
        ("/checkout_sessions?limit=100", 1),
        ("/plans?limit=100", 1),
        ("/subscriptions?limit=100", 1),
        ("/payouts?limit=100", 1),
        ("/accounts?limit=100", 2),
    ] {
        assert!(count(&srv, path) >= least, "{path}");
    }
    assert_eq!(count(&srv, "/payouts?limit=100"), 1, "one payout");
    assert_eq!(
        count(&srv, "/accounts?limit=100"),
        2,
        "one account a language"
    );
}

/// Reopens `path` until `css` shows `needle` (what the server learns
/// between two loads: a payment paid on the payer's page).
async fn until_shown(client: &Client, srv: &TestServer, path: &str, css: &str, needle: &str) {
    for _ in 0..60 {
        open(client, srv, path).await;
        if let Ok(element) = client.find(Locator::Css(css)).await
            && element.text().await.unwrap_or_default().contains(needle)
        {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    panic!("{path}: {css} never showed {needle:?}");
}

#[test]
fn a_merchants_day_runs_in_the_browser_without_curl() {
    let srv = start();
    // The merchant settles by hand (its configuration, made once before the
    // day): money waits in pending until a cycle is closed and paid.
    let profile = srv.post(
        "/settlement_profiles",
        srv.sk(),
        &serde_json::json!({"currency": "CDF", "schedule": "manual"}),
        Some(&crate::support::ik()),
    );
    assert!(matches!(profile.status, 200 | 201), "{profile:?}");
    let axe = axe_source();
    let (_driver, port) = start_driver();
    let payment = runtime().block_on(async {
        let client = browser(port).await;
        client.set_window_size(1280, 800).await.expect("size");
        sign_in(&client, &srv, OWNER, OWNER_PASSWORD).await;
        // 1. A payment, and its link copied for the payer.
        click(&client, "nav-payments").await;
        click(&client, "get-paid").await;
        made(&client, &srv, "new-payment", &[("new-payment-amount", "2 500"), ("new-payment-reference", "SCHOOL-FEES-7")], "/console/payments/pi_").await;
        let page = client.current_url().await.expect("url").to_string();
        let payment = page.rsplit('/').next().expect("id").to_string();
        click(&client, "checkout-link-copy").await;
        wait_for_text(&client, "#checkout-link-copy", "Copied").await;
        let link = client.find(Locator::Id("checkout-link")).await.expect("link")
            .prop("value").await.expect("value").expect("a link");
        capture_as(&client, &axe, "after-9", "day-payment-en").await;
        // 2. The payer pays it on the payer page, on a phone, in French.
        client.set_window_size(390, 844).await.expect("phone");
        client.goto(&format!("{link}&lang=fr")).await.expect("payer page");
        if let Ok(tab) = client.find(Locator::Id("tab-mobile_money")).await
            && tab.is_displayed().await.unwrap_or(false)
        {
            tab.click().await.expect("tab");
        }
        type_into(&client, "msisdn", PAYS).await;
        click(&client, "pay").await;
        // 3. The console sees it paid, and by whom, in French.
        in_lang(&client, &srv, "fr").await;
        let here = format!("/console/payments/{payment}");
        until_shown(&client, &srv, &here, "#facts", PAYS).await;
        wait_for_text(&client, "#facts", "2 500,00 CDF").await;
        capture_as(&client, &axe, "after-9", "day-paid-fr").await;
        // 4. Part of it refunded, confirmed with the amount and the payer.
        client.set_window_size(1280, 800).await.expect("desktop");
        type_into(&client, "refund-amount", "100").await;
        click(&client, "refund-submit").await;
        wait_for_text(&client, "#refund-question", "100,00 CDF").await;
        click(&client, "refund-confirm-submit").await;
        wait_for_text(&client, "#flash", "Remboursement").await;
        assert!(!has(&client, ".flash.bad").await, "the refund is made");
        // 5. The settlement period closed, then paid from its row.
        in_lang(&client, &srv, "en").await;
        click(&client, "nav-settlement").await;
        made(&client, &srv, "close-cycle", &[], "/console/settlement").await;
        let pay = client.find(Locator::Css("form[id^=pay-sc_] button")).await.expect("a cycle to pay");
        pay.click().await.expect("pay");
        wait_for_text(&client, "#flash", "Settlement paid").await;
        wait_for_text(&client, "table", "Paid").await;
        capture_as(&client, &axe, "after-9", "day-settled-en").await;
        // 6. A list of recipients paid (CSV), approved by a second member.
        click(&client, "nav-payouts").await;
        let csv = format!("{BATCH_HEADER}\n{}\n{}\n", row(20_000, "STAFF-1"), row(15_000, "STAFF-2"));
        type_into(&client, "batch-csv", &csv).await;
        click(&client, "upload-submit").await;
        wait_for_text(&client, "#facts", "350.00 CDF").await;
        let batch = client.current_url().await.expect("url").to_string();
        sign_out(&client).await;
        sign_in(&client, &srv, ADMIN, ADMIN_PASSWORD).await;
        client.goto(&batch).await.expect("batch");
        type_into(&client, "approve-pin", ADMIN_PIN).await;
        click(&client, "approve-submit").await;
        wait_for_text(&client, "#flash", "Batch approved").await;
        wait_for_text(&client, "#facts", "Executed").await;
        sign_out(&client).await;
        // 7. A dispute the card network opened, answered in French.
        let dispute = blocking(|| {
            srv.post(
                "/disputes",
                srv.sk(),
                &serde_json::json!({"payment_intent": payment, "amount_minor": 50_000, "reason": "fraudulent"}),
                Some(&crate::support::ik()),
            )
        });
        assert_eq!(dispute.status, 201, "{dispute:?}");
        let dispute = dispute.body["id"].as_str().expect("id").to_string();
        sign_in(&client, &srv, OWNER, OWNER_PASSWORD).await;
        in_lang(&client, &srv, "fr").await;
        click(&client, "nav-disputes").await;
        type_into(&client, &format!("evidence-{dispute}"), "Reçu signé par le parent, frais de scolarité du trimestre.").await;
        click(&client, &format!("respond-{dispute}-submit")).await;
        wait_for_text(&client, "#flash", "Preuves envoyées").await;
        capture_as(&client, &axe, "after-9", "day-dispute-fr").await;
        // 8. A colleague invited.
        in_lang(&client, &srv, "en").await;
        click(&client, "nav-team").await;
        type_into(&client, "invite-email", "bursar@example.com").await;
        choose(&client, "invite-role", "finance").await;
        type_into(&client, "invite-password", "a-first-password-Zx9").await;
        click(&client, "invite-submit").await;
        wait_for_text(&client, "table", "bursar@example.com").await;
        assert!(!has(&client, ".flash.bad").await, "the colleague is invited");
        client.close().await.expect("close");
        payment
    });
    // What the day did, as the API tells it.
    let intent = srv.get(&format!("/payment_intents/{payment}"), srv.sk());
    assert_eq!(intent.body["amount_refunded_minor"], 10_000, "{intent:?}");
    assert_eq!(
        intent.body["last_attempt"]["customer_msisdn"], PAYS,
        "{intent:?}"
    );
    let paid = srv.get("/settlement_cycles?status=PAID&limit=100", srv.sk());
    assert!(
        !paid.body["data"].as_array().expect("cycles").is_empty(),
        "{paid:?}"
    );
    let payouts = srv.get("/payouts?limit=100", srv.sk());
    assert_eq!(
        payouts.body["data"].as_array().expect("payouts").len(),
        2,
        "{payouts:?}"
    );
    let disputes = srv.get("/disputes?limit=100", srv.sk());
    assert_ne!(
        disputes.body["data"][0]["status"], "NEEDS_RESPONSE",
        "{disputes:?}"
    );
}

/// Scrolls the element `id` into view (for a screenshot of it).
async fn show(client: &Client, id: &str) {
    client
        .execute(
            "document.getElementById(arguments[0]).scrollIntoView();",
            vec![Value::String(id.into())],
        )
        .await
        .expect("scroll");
}

/// Issue 48 item 8: a batch uploaded with a bad row is fixed on its page
/// (the refusal of a bad value in the row's form, then the fix), its totals
/// recomputed, and a second member approves it; EN and FR, phone and
/// desktop, each checked with axe-core. Screenshots `after-8-row-fixed-*`.
#[test]
fn an_invalid_batch_row_is_fixed_in_the_console_and_a_second_member_approves_it_in_a_browser() {
    let srv = start();
    settled_payment(&srv, 500_000);
    let axe = axe_source();
    let (_driver, port) = start_driver();
    runtime().block_on(async {
        let client = browser(port).await;
        client.set_window_size(1280, 800).await.expect("size");
        for lang in ["en", "fr"] {
            // The finance member uploads a good row and one whose amount is wrong.
            sign_in(&client, &srv, FINANCE, FINANCE_PASSWORD).await;
            in_lang(&client, &srv, lang).await;
            open(&client, &srv, "/console/payouts").await;
            let csv = format!(
                "{BATCH_HEADER}\n{}\nmobile_money,abc,mpesa,{PAYS},Payee,FIX-{lang}\n",
                row(20_000, &format!("OK-{lang}"))
            );
            type_into(&client, "batch-csv", &csv).await;
            click(&client, "upload-submit").await;
            wait_for_url(&client, &format!("{}/console/payouts/pb_", srv.origin)).await;
            let url = client.current_url().await.expect("url").to_string();
            let id = url.rsplit('/').next().expect("id").to_string();
            // The row's form shows its errors and what was uploaded.
            wait_for_text(&client, "#fix-row-2-errors", "amount").await;
            let uploaded = client
                .find(Locator::Id("fix-row-2-amount"))
                .await
                .expect("amount")
                .prop("value")
                .await
                .expect("value");
            assert_eq!(uploaded.as_deref(), Some("abc"));
            assert!(!has(&client, "#approve").await, "not ready: no Approve");
            show(&client, "row-2").await;
            capture_as(&client, &axe, "after-8-row-fixed", &format!("form-{lang}")).await;
            // A bad value is refused inside the row's form, nothing changed.
            refused(
                &client,
                "fix-row-2",
                &[("fix-row-2-amount", "12.345")],
                "12.345",
            )
            .await;
            show(&client, "row-2").await;
            capture_as(
                &client,
                &axe,
                "after-8-row-fixed",
                &format!("refused-{lang}"),
            )
            .await;
            // Fixed: the totals are recomputed and Approve is offered.
            fill(&client, &[("fix-row-2-amount", "150.00")]).await;
            click(&client, "fix-row-2-submit").await;
            wait_for_text(&client, ".flash.good", "").await;
            wait_for_text(&client, "#facts", "350").await;
            assert!(!has(&client, "#fix-row-2").await, "no invalid row left");
            assert!(has(&client, "#approve").await, "ready: Approve is offered");
            capture_as(&client, &axe, "after-8-row-fixed", &format!("saved-{lang}")).await;
            let batch = blocking(|| srv.get(&format!("/payouts/batches/{id}"), srv.sk()));
            assert_eq!(batch.body["counts"]["invalid"], 0, "{batch:?}");
            assert_eq!(batch.body["total_minor"], 35_000);
            assert_eq!(batch.body["readiness"]["ready"], true);
            in_lang(&client, &srv, "en").await;
            sign_out(&client).await;
            // A second member approves it: both rows are paid.
            sign_in(&client, &srv, ADMIN, ADMIN_PASSWORD).await;
            in_lang(&client, &srv, lang).await;
            client.goto(&url).await.expect("open batch");
            type_into(&client, "approve-pin", ADMIN_PIN).await;
            click(&client, "approve-submit").await;
            wait_for_text(&client, ".flash.good", "").await;
            capture_as(
                &client,
                &axe,
                "after-8-row-fixed",
                &format!("approved-{lang}"),
            )
            .await;
            let batch = blocking(|| srv.get(&format!("/payouts/batches/{id}"), srv.sk()));
            assert_eq!(batch.body["status"], "EXECUTED", "{batch:?}");
            assert_eq!(batch.body["counts"]["paid"], 2);
            assert_eq!(batch.body["rows"]["data"][1]["amount_minor"], 15_000);
            in_lang(&client, &srv, "en").await;
            sign_out(&client).await;
        }
        client.close().await.expect("close");
    });
}
