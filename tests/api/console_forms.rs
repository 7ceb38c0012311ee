//! The console's forms that create what a merchant sells (issue 48, item 9),
//! over HTTP: each form makes its object through the API, a second submit of
//! the same form (a double click, a reload) makes no second one, a bad field
//! comes back inside the form with the API's message and makes nothing, and
//! a role whose permission does not allow the operation is offered no form.

use serde_json::Value;

use crate::console::{
    FINANCE, FINANCE_PASSWORD, Page, VIEWER, VIEWER_PASSWORD, Visitor, settled_payment, start,
};
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
