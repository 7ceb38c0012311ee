//! The console's pages for transfers and FX, subscriptions, plans and
//! invoices, connected accounts, QR codes, locations and terminals, the
//! settlement calendar and the test clocks (issue 30), over plain HTTP: each
//! page as each role sees it, and each action sent through its form (CSRF
//! token, form token as the Idempotency-Key) and checked in the API.

use std::time::Duration;

use serde_json::{Value, json};

use crate::console::{
    ADMIN, ADMIN_PASSWORD, FINANCE, FINANCE_PASSWORD, PAYS, Page, VIEWER, VIEWER_PASSWORD, Visitor,
    settled_payment, start,
};
use crate::support::ik;
use crate::support::intents::id_of;
use crate::support::{TestServer, wait_until};
use crate::team::{DEV, DEV_PASSWORD, OWNER, OWNER_PASSWORD};

/// A page the member may open: 200, and every word of it found (a missing
/// word shows as `?`).
fn open(visitor: &mut Visitor<'_>, path: &str) -> Page {
    let page = visitor.get(path);
    assert_eq!(page.status, 200, "{path}: {}", page.text);
    assert!(
        !page.text.contains(">?<"),
        "{path} lacks a word: {}",
        page.text
    );
    page
}

/// A page the member's role does not show: 403 with the reason.
fn refused(visitor: &mut Visitor<'_>, path: &str) {
    let page = visitor.get(path);
    assert_eq!(page.status, 403, "{path}: {}", page.text);
    assert!(page.text.contains("role does not give access"), "{path}");
}

/// Sends the form to `action` found on `page` with its own CSRF and form
/// tokens and `fields`; the answer (a 303 after an action).
fn submit(visitor: &mut Visitor<'_>, page: &Page, action: &str, fields: &[(&str, &str)]) -> Page {
    let csrf = page.form_value(action, "csrf");
    let token = page.form_value(action, "form_token");
    let mut all = vec![("csrf", csrf.as_str()), ("form_token", token.as_str())];
    all.extend_from_slice(fields);
    let done = visitor.post(action, &all, &[]);
    assert_eq!(done.status, 303, "{action}: {}", done.text);
    done
}

fn signed_in<'a>(srv: &'a TestServer, email: &str, password: &str) -> Visitor<'a> {
    let mut visitor = Visitor::new(srv);
    visitor.sign_in(email, password);
    visitor
}

fn ids(list: &Value) -> Vec<String> {
    list["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|o| o["id"].as_str().expect("id").to_string())
        .collect()
}

#[test]
fn a_transfer_and_an_fx_quoted_transfer_are_sent_from_the_console_once_each() {
    let srv = start();
    settled_payment(&srv, 300_000);
    let mut owner = signed_in(&srv, OWNER, OWNER_PASSWORD);
    let page = open(&mut owner, "/console/transfers");
    assert!(page.text.contains("id=\"nav-transfers\""));
    assert!(page.text.contains("USD"), "the rate table: {}", page.text);
    let fields = [
        ("to", "@beta"),
        ("amount", "50"),
        ("currency", "CDF"),
        ("note", "stock"),
    ];
    let done = submit(&mut owner, &page, "/console/transfers", &fields);
    let at = done.location().to_string();
    let id = at
        .strip_prefix("/console/transfers/")
        .unwrap_or_else(|| panic!("to the transfer's page, not {at}"))
        .to_string();
    // The same form sent twice (a double click) sends once.
    let again = submit(&mut owner, &page, "/console/transfers", &fields);
    assert_eq!(again.location(), at, "the replay names the same transfer");
    let sent = srv.get("/transfers", srv.sk());
    assert_eq!(ids(&sent.body), vec![id.to_string()], "{sent:?}");
    assert_eq!(sent.body["data"][0]["amount_minor"], 5_000);
    let detail = open(&mut owner, &at);
    assert!(detail.text.contains("Transfer sent."), "the notice");
    assert!(detail.text.contains("50.00 CDF") && detail.text.contains("Sent"));

    // An FX quote, then a transfer with it: the recipient gets dollars.
    let page = open(&mut owner, "/console/transfers");
    let quoted = submit(
        &mut owner,
        &page,
        "/console/fx",
        &[
            ("amount", "1000"),
            ("currency", "CDF"),
            ("target_currency", "USD"),
        ],
    );
    let quote_page = open(&mut owner, quoted.location());
    let quote = quote_page.form_value("/console/transfers", "quote_id");
    assert!(quote.starts_with("fxq_"), "{quote}");
    // The quote's amount, currency and id travel as the form's hidden fields.
    let hidden = |name: &str| quote_page.form_value("/console/transfers", name);
    let (currency, amount_minor) = (hidden("currency"), hidden("amount_minor"));
    assert_eq!(
        (currency.as_str(), amount_minor.as_str()),
        ("CDF", "100000")
    );
    let with_quote = submit(
        &mut owner,
        &quote_page,
        "/console/transfers",
        &[
            ("to", "@beta"),
            ("quote_id", &quote),
            ("currency", &currency),
            ("amount_minor", &amount_minor),
        ],
    );
    assert!(
        with_quote.location().starts_with("/console/transfers/tr_"),
        "{}",
        owner.get(with_quote.location()).text
    );
    let listed = srv.get("/transfers?limit=1", srv.sk());
    let converted = &listed.body["data"][0];
    assert_eq!(
        (
            converted["quote_id"].as_str(),
            converted["received_currency"].as_str()
        ),
        (Some(quote.as_str()), Some("USD")),
        "{converted}"
    );
    // Used once: its page no longer offers the form.
    let used = open(&mut owner, quoted.location());
    assert!(!used.text.contains("id=\"send-transfer\""));

    // Finance reads the transfers and may not send; a developer sees no page.
    let mut finance = signed_in(&srv, FINANCE, FINANCE_PASSWORD);
    let page = open(&mut finance, "/console/transfers");
    assert!(page.text.contains(&id) && !page.text.contains("id=\"send-transfer\""));
    let mut dev = signed_in(&srv, DEV, DEV_PASSWORD);
    assert!(!dev.get("/console").text.contains("nav-transfers"));
    refused(&mut dev, "/console/transfers");
    refused(&mut dev, &at);
}

#[test]
fn subscriptions_plans_and_invoices_show_to_their_readers_and_cancel_and_archive_through_the_forms()
{
    let srv = start();
    let post = |path: &str, input: Value| {
        let resp = srv.post(path, srv.sk(), &input, Some(&ik()));
        assert!(resp.status < 300, "{path}: {resp:?}");
        resp.body
    };
    let plan = post(
        "/plans",
        json!({"name": "Gold", "currency": "CDF", "amount_minor": 150_000, "interval": "month"}),
    );
    let plan = id_of(&plan);
    let sub = post(
        "/subscriptions",
        json!({"plan": plan, "customer": {"msisdn": PAYS}}),
    );
    let sub = id_of(&sub);
    // Its first invoice is paid at once by the sandbox.
    wait_until(
        Duration::from_secs(10),
        "the subscription to be paid",
        || {
            (srv.get(&format!("/subscriptions/{sub}"), srv.sk()).body["status"] == "ACTIVE")
                .then_some(())
        },
        || format!("{:?}", srv.get(&format!("/subscriptions/{sub}"), srv.sk())),
    );

    let mut owner = signed_in(&srv, OWNER, OWNER_PASSWORD);
    let list = open(&mut owner, "/console/subscriptions");
    assert!(list.text.contains(&sub) && list.text.contains("id=\"overview\""));
    let plans = open(&mut owner, "/console/plans");
    assert!(
        plans.text.contains("Gold") && plans.text.contains("1,500.00 CDF"),
        "{}",
        plans.text
    );
    let invoices = open(&mut owner, "/console/invoices");
    assert!(
        invoices
            .text
            .contains(&format!("/console/subscriptions/{sub}#inv_")),
        "{}",
        invoices.text
    );
    let detail = open(&mut owner, &format!("/console/subscriptions/{sub}"));
    assert!(
        detail.text.contains("class=\"card\" id=\"inv_"),
        "its invoice with its lines"
    );

    // A viewer reads everything and sees no action; finance sees no page.
    let mut viewer = signed_in(&srv, VIEWER, VIEWER_PASSWORD);
    let seen = open(&mut viewer, &format!("/console/subscriptions/{sub}"));
    assert!(!seen.text.contains("id=\"cancel-now\""));
    let seen = open(&mut viewer, &format!("/console/plans/{plan}"));
    assert!(!seen.text.contains("id=\"archive\""));
    let mut finance = signed_in(&srv, FINANCE, FINANCE_PASSWORD);
    refused(&mut finance, "/console/subscriptions");
    refused(&mut finance, "/console/invoices");

    let action = format!("/console/subscriptions/{sub}/cancel");
    let done = submit(&mut owner, &detail, &action, &[("immediately", "true")]);
    assert_eq!(done.location(), format!("/console/subscriptions/{sub}"));
    let after = srv.get(&format!("/subscriptions/{sub}"), srv.sk());
    assert_eq!(after.body["status"], "CANCELLED", "{after:?}");
    let after = open(&mut owner, &format!("/console/subscriptions/{sub}"));
    assert!(
        after.text.contains("Subscription cancelled.") && !after.text.contains("id=\"cancel-now\"")
    );

    let plan_page = open(&mut owner, &format!("/console/plans/{plan}"));
    submit(
        &mut owner,
        &plan_page,
        &format!("/console/plans/{plan}/archive"),
        &[],
    );
    let archived = srv.get(&format!("/plans/{plan}"), srv.sk());
    assert_eq!(archived.body["status"], "ARCHIVED", "{archived:?}");
}

#[test]
fn a_qr_code_is_made_at_a_new_location_printed_and_revoked_from_the_console() {
    let srv = start();
    let mut dev = signed_in(&srv, DEV, DEV_PASSWORD);
    let list = open(&mut dev, "/console/qr_codes");
    // A location with a terminal, then a code there.
    let made = submit(
        &mut dev,
        &list,
        "/console/locations",
        &[
            ("name", "Marché Central"),
            ("city", "Kinshasa"),
            ("country", "CD"),
        ],
    );
    let location_path = made.location().to_string();
    let location = location_path
        .strip_prefix("/console/locations/")
        .expect("to the location's page")
        .to_string();
    let page = open(&mut dev, &location_path);
    submit(
        &mut dev,
        &page,
        &format!("/console/locations/{location}/terminals"),
        &[("label", "Till 1")],
    );
    let terminals = srv.get(&format!("/locations/{location}/terminals"), srv.sk());
    assert_eq!(
        terminals.body["data"][0]["label"], "Till 1",
        "{terminals:?}"
    );
    let list = open(&mut dev, "/console/qr_codes");
    let made = submit(
        &mut dev,
        &list,
        "/console/qr_codes",
        &[
            ("currency", "CDF"),
            ("amount", "25"),
            ("location", &location),
            ("reference", "STALL-7"),
        ],
    );
    let code_path = made.location().to_string();
    let code = code_path
        .strip_prefix("/console/qr_codes/")
        .expect("to the code's page")
        .to_string();
    let page = open(&mut dev, &code_path);
    assert!(
        page.text.contains("src=\"data:image/svg+xml;base64,"),
        "the image"
    );
    let location_page = open(&mut dev, &location_path);
    assert!(location_page.text.contains("Till 1") && location_page.text.contains(&code));

    // The printable view: the code, what it pays and where; no navigation.
    let print = open(&mut dev, &format!("{code_path}/print"));
    assert!(print.text.contains("@media print"));
    assert!(print.text.contains("25.00 CDF") && print.text.contains("Marché Central, Kinshasa"));
    assert!(!print.text.contains("nav-home") && !print.text.contains("<script"));
    assert!(
        print.headers["content-security-policy"]
            .to_str()
            .expect("csp")
            .contains("default-src 'none'")
    );

    // Finance has no QR page; a viewer sees the code without the revoke form.
    let mut finance = signed_in(&srv, FINANCE, FINANCE_PASSWORD);
    refused(&mut finance, "/console/qr_codes");
    refused(&mut finance, &format!("{code_path}/print"));
    let mut viewer = signed_in(&srv, VIEWER, VIEWER_PASSWORD);
    let seen = open(&mut viewer, &code_path);
    assert!(!seen.text.contains("id=\"revoke-code\"") && !seen.text.contains("id=\"new-code\""));

    submit(
        &mut dev,
        &page,
        &format!("/console/qr_codes/{code}/revoke"),
        &[("reason", "stolen"), ("note", "taken from the stall")],
    );
    let revoked = srv.get(&format!("/qr_codes/{code}"), srv.sk());
    assert_eq!(revoked.body["status"], "REVOKED", "{revoked:?}");
    assert_eq!(revoked.body["revocation"]["reason"], "stolen");
}

#[test]
fn connected_accounts_the_settlement_calendar_and_the_test_clocks_show_by_role() {
    let srv = start();
    let post = |path: &str, input: Value| {
        let resp = srv.post(path, srv.sk(), &input, Some(&ik()));
        assert!(resp.status < 300, "{path}: {resp:?}");
        resp.body
    };
    let account = post(
        "/accounts",
        json!({"business_name": "Boutique Connectee", "type": "merchant",
               "email": "connected@a.example", "country": "CD"}),
    );
    let account = id_of(&account);
    // A closed cycle on a test clock's day, for the calendar.
    let clock = post(
        "/test_clocks",
        json!({"frozen_time": "2027-01-04T10:00:00Z", "attach": true}),
    );
    let clock = id_of(&clock);
    post(
        "/settlement_profiles",
        json!({"currency": "CDF", "schedule": "manual"}),
    );
    crate::support::intents::create(
        &srv,
        &crate::support::intents::body(
            json!({"rails": ["mobile_money"], "customer_msisdn": PAYS, "confirm": true}),
        ),
    );
    let cycle = id_of(&post("/settlement_cycles", json!({"currency": "CDF"})));

    let mut admin = signed_in(&srv, ADMIN, ADMIN_PASSWORD);
    let list = open(&mut admin, "/console/accounts");
    assert!(list.text.contains("Boutique Connectee"));
    let detail = open(&mut admin, &format!("/console/accounts/{account}"));
    assert!(detail.text.contains("connected@a.example"));

    let mut finance = signed_in(&srv, FINANCE, FINANCE_PASSWORD);
    refused(&mut finance, "/console/accounts");
    let calendar = open(&mut finance, "/console/settlement?month=2027-01");
    let cell = &calendar.text[calendar
        .text
        .find("id=\"day-2027-01-04\"")
        .expect("the 4th")..];
    let cell = &cell[..cell.find("</td>").expect("cell end")];
    assert!(cell.contains(&cycle), "the cycle closed on the 4th: {cell}");
    assert!(calendar.text.contains("?month=2026-12") && calendar.text.contains("?month=2027-02"));
    // A month that is not one falls back to this month's grid.
    open(&mut finance, "/console/settlement?month=2027-13");

    // A developer advances the clock; a viewer sees it without the form.
    let mut viewer = signed_in(&srv, VIEWER, VIEWER_PASSWORD);
    let seen = open(&mut viewer, "/console/developers");
    assert!(seen.text.contains(&clock) && !seen.text.contains(&format!("advance-form-{clock}")));
    let mut dev = signed_in(&srv, DEV, DEV_PASSWORD);
    let page = open(&mut dev, "/console/developers");
    assert!(
        page.text.contains("value=\"2027-01-05T10:00\""),
        "a day later by default"
    );
    submit(
        &mut dev,
        &page,
        &format!("/console/developers/clocks/{clock}/advance"),
        &[("frozen_time", "2027-01-06T08:30")],
    );
    let clock_now = || srv.get(&format!("/test_clocks/{clock}"), srv.sk()).body;
    wait_until(
        Duration::from_secs(10),
        "the clock to be advanced",
        || {
            let now = clock_now();
            (now["frozen_time"] == "2027-01-06T08:30:00.000Z" && now["status"] == "ready")
                .then_some(())
        },
        || clock_now().to_string(),
    );
    // Live mode shows no clocks (live time is real).
    let csrf = dev.csrf();
    dev.post(
        "/console/mode",
        &[
            ("csrf", &csrf),
            ("mode", "live"),
            ("back", "/console/developers"),
        ],
        &[],
    );
    let live = open(&mut dev, "/console/developers");
    assert!(!live.text.contains(&clock));
}
