//! The merchant console in a real browser (headless Chromium, the harness of
//! `browser.rs`): each role signs in and sees only its pages and actions;
//! a refund from a payment page; every page at 390×844 and 1280×800 saved
//! to `target/browser-artifacts/console-*.png` and checked with axe-core
//! (no finding above "moderate"). axe-core comes from npm at test time
//! (`npm pack axe-core`, cached in `target/axe/`; `tests/run` installs
//! node and npm when missing).

use std::path::PathBuf;
use std::process::Command;

use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use crate::browser::{
    artifacts, blocking, browser, start_driver, type_into, wait_for_text, wait_for_url,
};
use crate::console::{
    ADMIN, ADMIN_PASSWORD, FINANCE, FINANCE_PASSWORD, PAYS, VIEWER, VIEWER_PASSWORD,
    settled_payment, start,
};
use crate::support::TestServer;
use crate::support::intents::id_of;
use crate::team::{DEV, DEV_PASSWORD, OWNER, OWNER_PASSWORD};

/// axe-core's script: from `target/axe/`, packed from npm on first use.
pub(crate) fn axe_source() -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/axe");
    let script = dir.join("package/axe.min.js");
    if !script.exists() {
        std::fs::create_dir_all(&dir).expect("target/axe");
        let packed = Command::new("npm")
            .args(["pack", "axe-core", "--silent"])
            .current_dir(&dir)
            .output()
            .expect("npm must be installed for the accessibility check (tests/run installs it)");
        assert!(
            packed.status.success(),
            "npm pack axe-core: {}",
            String::from_utf8_lossy(&packed.stderr)
        );
        let tarball = String::from_utf8_lossy(&packed.stdout).trim().to_string();
        let unpacked = Command::new("tar")
            .args(["xzf", &tarball])
            .current_dir(&dir)
            .status()
            .expect("tar");
        assert!(unpacked.success(), "unpacking {tarball}");
    }
    std::fs::read_to_string(&script).expect("axe.min.js")
}

/// Runs axe-core on the current page; panics on a finding above "moderate".
pub(crate) async fn assert_accessible(client: &Client, axe: &str, name: &str) {
    let loaded = client
        .execute(&format!("{axe}\n;return typeof window.axe;"), vec![])
        .await
        .expect("inject axe");
    assert_eq!(
        loaded,
        Value::String("object".into()),
        "axe did not load on {name}"
    );
    let found = client
        .execute_async(
            "var done = arguments[arguments.length - 1];\
             window.axe.run(document, {resultTypes: ['violations']}).then(function (r) {\
               done(r.violations.map(function (v) { return {id: v.id, impact: v.impact, help: v.help,\
                 nodes: v.nodes.slice(0, 3).map(function (n) { return n.target.join(' '); })}; }));\
             }, function (e) { done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]); });",
            vec![],
        )
        .await
        .expect("axe.run");
    let serious: Vec<&Value> = found
        .as_array()
        .expect("violations")
        .iter()
        .filter(|v| matches!(v["impact"].as_str(), Some("serious" | "critical")))
        .collect();
    assert!(
        serious.is_empty(),
        "accessibility findings on {name}: {serious:#?}"
    );
}

/// Screenshots of the current page at phone and desktop sizes, each checked with axe.
async fn capture(client: &Client, axe: &str, name: &str) {
    capture_as(client, axe, "console", name).await;
}

/// [`capture`] to `target/browser-artifacts/{prefix}-{name}-{size}.png`
/// (the payer pages' tests use it too).
pub(crate) async fn capture_as(client: &Client, axe: &str, prefix: &str, name: &str) {
    for (w, h, size) in [(390u32, 844u32, "phone"), (1280, 800, "desktop")] {
        client.set_window_size(w, h).await.expect("size");
        let shot = client.screenshot().await.expect("shot");
        std::fs::write(
            artifacts().join(format!("{prefix}-{name}-{size}.png")),
            shot,
        )
        .expect("save");
        assert!(
            says(client, FITS).await,
            "{name} is wider than the {size} window"
        );
        assert_accessible(client, axe, &format!("{name} ({size})")).await;
    }
}

/// The script that tells whether the page fits its window's width.
pub(crate) const FITS: &str =
    "return document.documentElement.scrollWidth <= window.innerWidth + 1";

/// Whether the page's `script` answers true.
pub(crate) async fn says(client: &Client, script: &str) -> bool {
    client.execute(script, vec![]).await.expect(script) == Value::Bool(true)
}

pub async fn sign_in(client: &Client, srv: &TestServer, email: &str, password: &str) {
    client
        .goto(&format!("{}/console/login", srv.origin))
        .await
        .expect("open login");
    type_into(client, "email", email).await;
    type_into(client, "password", password).await;
    click(client, "sign-in").await;
    if std::env::var("CONSOLE_DEBUG").is_ok() {
        tokio::time::sleep(std::time::Duration::from_secs(2)).await;
        eprintln!(
            "AFTER SIGN-IN {}: {}",
            client.current_url().await.expect("url"),
            client.source().await.expect("src")
        );
        eprintln!(
            "LOGS {}",
            srv.logs()
                .lines()
                .filter(|l| l.contains("DEBUG"))
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
    wait_for_text(client, "#who", email).await;
}

pub async fn sign_out(client: &Client) {
    click(client, "logout-submit").await;
    wait_for_text(client, "h1", "Sign in").await;
}

pub async fn click(client: &Client, id: &str) {
    client
        .find(Locator::Id(id))
        .await
        .unwrap_or_else(|e| panic!("#{id}: {e}"))
        .click()
        .await
        .expect("click");
}

/// Chooses `value` in the select `id`.
pub(crate) async fn choose(client: &Client, id: &str, value: &str) {
    let chosen = client
        .execute(
            "var s = document.getElementById(arguments[0]); s.value = arguments[1]; return s.value;",
            vec![Value::String(id.into()), Value::String(value.into())],
        )
        .await
        .expect("choose");
    assert_eq!(chosen, Value::String(value.into()), "#{id} offers {value}");
}

/// The ids of the navigation's links.
async fn nav_of(client: &Client) -> Vec<String> {
    let links = client
        .find_all(Locator::Css("nav.side a"))
        .await
        .expect("nav");
    let mut ids = Vec::new();
    for link in links {
        ids.push(link.attr("id").await.expect("id").unwrap_or_default());
    }
    ids
}

pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime")
}

#[test]
fn each_role_sees_only_its_pages_and_every_page_is_accessible_on_a_phone_and_a_desktop() {
    let srv = start();
    let intent = settled_payment(&srv, 25_000);
    let id = id_of(&intent);
    let disputed = id_of(&settled_payment(&srv, 30_000));
    let dispute = srv.post(
        "/disputes",
        srv.sk(),
        &serde_json::json!({"payment_intent": disputed, "amount_minor": 30_000, "reason": "fraudulent"}),
        Some(&crate::support::ik()),
    );
    assert_eq!(dispute.status, 201, "{dispute:?}");
    let dispute = id_of(&dispute.body);
    let batch = blocking(|| {
        made_batch(
            &srv,
            srv.sk().expect("sk"),
            &[
                row(10_000, "R1"),
                "mobile_money,abc,mpesa,0812,Payee,R2".into(),
            ],
        )
    });
    let receiver = crate::support::Receiver::ok();
    let endpoint = srv.post(
        "/webhook_endpoints",
        srv.sk(),
        &serde_json::json!({"url": receiver.url()}),
        Some(&crate::support::ik()),
    );
    assert_eq!(endpoint.status, 201, "{endpoint:?}");
    let endpoint = id_of(&endpoint.body);
    let made = more_pages_data(&srv);
    let axe = axe_source();
    let (_driver, port) = start_driver();
    runtime().block_on(async {
        let client = browser(port).await;
        let nav = |ids: &[&str]| ids.iter().map(|i| format!("nav-{i}")).collect::<Vec<_>>();
        let everything = [
            "home",
            "payments",
            "refunds",
            "disputes",
            "payouts",
            "wallets",
            "transfers",
            "subscriptions",
            "accounts",
            "qr_codes",
            "settlement",
            "developers",
            "team",
            "audit_log",
        ];
        let cases: [(&str, &str, Vec<String>); 5] = [
            (OWNER, OWNER_PASSWORD, nav(&everything)),
            (ADMIN, ADMIN_PASSWORD, nav(&everything)),
            (
                DEV,
                DEV_PASSWORD,
                nav(&["home", "payments", "accounts", "qr_codes", "developers"]),
            ),
            (
                FINANCE,
                FINANCE_PASSWORD,
                nav(&[
                    "home",
                    "payments",
                    "refunds",
                    "disputes",
                    "payouts",
                    "wallets",
                    "transfers",
                    "settlement",
                    "developers",
                ]),
            ),
            (
                VIEWER,
                VIEWER_PASSWORD,
                nav(&[
                    "home",
                    "payments",
                    "refunds",
                    "disputes",
                    "payouts",
                    "wallets",
                    "transfers",
                    "subscriptions",
                    "accounts",
                    "qr_codes",
                    "settlement",
                    "developers",
                ]),
            ),
        ];
        for (email, password, expected) in cases {
            client.set_window_size(1280, 800).await.expect("size");
            sign_in(&client, &srv, email, password).await;
            assert_eq!(nav_of(&client).await, expected, "{email}'s navigation");
            // A page outside the role is refused even by its URL.
            if !expected.contains(&"nav-team".to_string()) {
                client
                    .goto(&format!("{}/console/team", srv.origin))
                    .await
                    .expect("open");
                wait_for_text(&client, "#error", "role").await;
            }
            // The refund form is there for the roles that may refund.
            client
                .goto(&format!("{}/console/payments/{id}", srv.origin))
                .await
                .expect("open payment");
            wait_for_text(&client, "#facts", "250.00 CDF").await;
            let may_refund = [OWNER, ADMIN, FINANCE].contains(&email);
            assert_eq!(
                client.find(Locator::Id("refund")).await.is_ok(),
                may_refund,
                "{email}'s refund form"
            );
            if email == OWNER {
                // Issue 47: the home page opens with what waits for a person.
                client
                    .goto(&format!("{}/console", srv.origin))
                    .await
                    .expect("open home");
                wait_for_text(&client, "#needs-attention", &made.held_payout).await;
                wait_for_text(&client, "#attention-count", "1").await;
                // Every page, at both sizes, checked with axe.
                for (path, name) in [
                    ("/console".to_string(), "home".to_string()),
                    ("/console/payments".into(), "payments".into()),
                    (format!("/console/payments/{id}"), "payment".into()),
                    ("/console/refunds".into(), "refunds".into()),
                    ("/console/disputes".into(), "disputes".into()),
                    ("/console/payouts".into(), "payouts".into()),
                    ("/console/wallets".into(), "wallets".into()),
                    (format!("/console/payouts/{batch}"), "batch".into()),
                    ("/console/settlement".into(), "settlement".into()),
                    (
                        "/console/settlement#calendar".into(),
                        "settlement-calendar".into(),
                    ),
                    ("/console/developers".into(), "developers".into()),
                    (
                        format!("/console/developers/webhooks/{endpoint}"),
                        "webhook-endpoint".into(),
                    ),
                    ("/console/team".into(), "team".into()),
                    ("/console/audit".into(), "audit-log".into()),
                    ("/console/transfers".into(), "transfers".into()),
                    (
                        format!("/console/transfers/{}", made.transfer),
                        "transfer".into(),
                    ),
                    (format!("/console/fx/{}", made.quote), "fx-quote".into()),
                    ("/console/subscriptions".into(), "subscriptions".into()),
                    (
                        format!("/console/subscriptions/{}", made.subscription),
                        "subscription".into(),
                    ),
                    ("/console/plans".into(), "plans".into()),
                    (format!("/console/plans/{}", made.plan), "plan".into()),
                    ("/console/invoices".into(), "invoices".into()),
                    ("/console/accounts".into(), "accounts".into()),
                    (
                        format!("/console/accounts/{}", made.account),
                        "account".into(),
                    ),
                    ("/console/qr_codes".into(), "qr-codes".into()),
                    (format!("/console/qr_codes/{}", made.code), "qr-code".into()),
                    (
                        format!("/console/qr_codes/{}/print", made.code),
                        "qr-print".into(),
                    ),
                    (
                        format!("/console/locations/{}", made.location),
                        "location".into(),
                    ),
                ] {
                    client
                        .goto(&format!("{}{path}", srv.origin))
                        .await
                        .expect("open");
                    capture(&client, &axe, &name).await;
                }
                // The evidence form answers a dispute.
                client
                    .goto(&format!("{}/console/disputes", srv.origin))
                    .await
                    .expect("open");
                let evidence = "Delivered on 3 March, signed receipt attached.";
                type_into(&client, &format!("evidence-{dispute}"), evidence).await;
                type_into(&client, &format!("files-{dispute}"), "receipt-118.pdf").await;
                click(&client, &format!("respond-{dispute}-submit")).await;
                wait_for_text(&client, "#flash", "under review").await;
                wait_for_text(&client, "table", "Under review").await;
            }
            client
                .goto(&format!("{}/console", srv.origin))
                .await
                .expect("home");
            sign_out(&client).await;
        }
        client
            .goto(&format!("{}/console/login", srv.origin))
            .await
            .expect("open login");
        capture(&client, &axe, "login").await;
        client.close().await.expect("close");
    });
}

#[test]
fn a_finance_member_refunds_part_of_a_payment_from_its_page_in_french() {
    let srv = start();
    let intent = settled_payment(&srv, 40_000);
    let id = id_of(&intent);
    let (_driver, port) = start_driver();
    runtime().block_on(async {
        let client = browser(port).await;
        client.set_window_size(390, 844).await.expect("phone");
        client
            .goto(&format!("{}/console/lang/fr", srv.origin))
            .await
            .expect("fr");
        sign_in(&client, &srv, FINANCE, FINANCE_PASSWORD).await;
        click(&client, "nav-payments").await;
        wait_for_text(&client, "h1", "Paiements").await;
        type_into(&client, "f-reference", "INV-40000").await;
        click(&client, "filter").await;
        // The unfiltered list shows the payment too: wait for the filtered
        // page, or the link found may be the old page's (stale once it goes).
        wait_for_url(&client, &format!("{}/console/payments?", srv.origin)).await;
        client
            .find(Locator::LinkText(&id))
            .await
            .expect("the payment in the list")
            .click()
            .await
            .expect("open");
        wait_for_url(&client, &format!("{}/console/payments/{id}", srv.origin)).await;
        wait_for_text(&client, "#refundable", "400,00 CDF").await;
        type_into(&client, "refund-amount", "150").await;
        click(&client, "refund-submit").await;
        // Nothing is sent before the member confirms the amount and the payer.
        wait_for_text(
            &client,
            "#refund-question",
            "Rembourser 150,00 CDF à +243000000501 ?",
        )
        .await;
        capture_as(&client, &axe_source(), "after-11", "refund-confirm-fr").await;
        click(&client, "refund-confirm-submit").await;
        wait_for_text(&client, "#flash", "Remboursement effectué").await;
        wait_for_text(&client, "#refundable", "250,00 CDF").await;
        client.close().await.expect("close");
    });
    let refunds = blocking(|| srv.get(&format!("/refunds?payment_intent={id}"), srv.sk()));
    assert_eq!(
        refunds.body["data"][0]["amount_minor"], 15_000,
        "{refunds:?}"
    );
    assert_eq!(
        refunds.body["data"][0]["status"], "SUCCEEDED",
        "{refunds:?}"
    );
}

/// A CSV row paying `amount_minor` CDF to the sandbox's succeeding number.
pub(crate) fn row(amount_minor: i64, reference: &str) -> String {
    format!(
        "mobile_money,{}.{:02},mpesa,{PAYS},Payee,{reference}",
        amount_minor / 100,
        amount_minor % 100
    )
}

pub(crate) const BATCH_HEADER: &str = "method,amount,operator_id,phone,name,reference";

/// A batch made with `credential` (a key or a session); its id.
pub(crate) fn made_batch(srv: &TestServer, credential: &str, rows: &[String]) -> String {
    let csv = format!("{BATCH_HEADER}\n{}\n", rows.join("\n"));
    let resp = srv.post(
        "/payouts/batches",
        Some(credential),
        &serde_json::json!({"currency": "CDF", "csv": csv}),
        Some(&crate::support::ik()),
    );
    assert_eq!(resp.status, 201, "{resp:?}");
    id_of(&resp.body)
}

#[test]
fn a_batch_uploaded_by_one_member_is_refused_to_its_author_without_a_pin_and_approved_by_another_with_theirs()
 {
    let srv = start();
    settled_payment(&srv, 100_000);
    let (_driver, port) = start_driver();
    runtime().block_on(async {
        let client = browser(port).await;
        client.set_window_size(1280, 800).await.expect("size");
        // The finance member uploads a CSV with a good row and a bad one.
        sign_in(&client, &srv, FINANCE, FINANCE_PASSWORD).await;
        click(&client, "nav-payouts").await;
        let csv = format!(
            "{BATCH_HEADER}\n{}\nmobile_money,abc,mpesa,0812,Payee,R2\n",
            row(20_000, "R1")
        );
        type_into(&client, "batch-csv", &csv).await;
        client
            .find(Locator::Id("batch-skip"))
            .await
            .expect("skip")
            .click()
            .await
            .expect("tick");
        click(&client, "upload-submit").await;
        wait_for_text(&client, "#flash", "Batch uploaded").await;
        wait_for_text(&client, "#facts", "200.00 CDF").await;
        wait_for_text(&client, "table", "Invalid").await;
        // The checker reads who made it and to whom each row pays.
        wait_for_text(&client, "#facts", FINANCE).await;
        wait_for_text(&client, "table", "Payee").await;
        wait_for_text(&client, "table", PAYS).await;
        let url = client.current_url().await.expect("url").to_string();
        // Its author is refused without a PIN; nothing is paid.
        click(&client, "approve-submit").await;
        wait_for_text(&client, "#flash", "PIN").await;
        wait_for_text(&client, "#facts", "Waiting for approval").await;
        sign_out(&client).await;
        // A second member approves with their PIN: the valid row is paid.
        sign_in(&client, &srv, ADMIN, ADMIN_PASSWORD).await;
        client.goto(&url).await.expect("open batch");
        type_into(&client, "approve-pin", crate::console::ADMIN_PIN).await;
        click(&client, "approve-submit").await;
        wait_for_text(&client, "#flash", "Batch approved").await;
        wait_for_text(&client, "#facts", "Executed").await;
        wait_for_text(&client, "table", "Paid").await;
        wait_for_text(&client, "main", &format!("Approved by {ADMIN}")).await;
        // A row's payout opens on its own page (it said "no object po_...").
        let payout = client
            .find(Locator::Css("table a[href^='/console/payouts/po_']"))
            .await
            .expect("the row's payout link");
        payout.click().await.expect("open payout");
        wait_for_text(&client, "h1", "po_").await;
        wait_for_text(&client, "#facts", "Payee").await;
        wait_for_text(&client, "#facts", "200.00 CDF").await;
        capture_as(&client, &axe_source(), "after-8", "payout-from-batch").await;
        client.close().await.expect("close");
    });
}

#[test]
fn an_owner_creates_and_rotates_a_live_key_with_step_up_and_sees_each_secret_once() {
    let srv = start();
    let (_driver, port) = start_driver();
    let secret = runtime().block_on(async {
        let client = browser(port).await;
        client.set_window_size(1280, 800).await.expect("size");
        sign_in(&client, &srv, OWNER, OWNER_PASSWORD).await;
        click(&client, "mode-switch").await;
        wait_for_text(&client, "#mode", "Live mode").await;
        click(&client, "nav-developers").await;
        type_into(&client, "key-label", "reconciliation").await;
        choose(&client, "scope-payment_intents", "read").await;
        // A live key without the PIN is refused.
        click(&client, "create-key-submit").await;
        wait_for_text(&client, "#flash", "PIN").await;
        type_into(&client, "key-label", "reconciliation").await;
        choose(&client, "scope-payment_intents", "read").await;
        type_into(&client, "key-pin", crate::team::OWNER_PIN).await;
        click(&client, "create-key-submit").await;
        let first = wait_for_text(&client, "#secret", "rk_live_").await;
        click(&client, "nav-developers").await;
        let form = client
            .find(Locator::Css("form[id^=rotate-key_]"))
            .await
            .expect("a rotate form");
        let form_id = form.attr("id").await.expect("id").expect("id");
        let key = form_id.trim_start_matches("rotate-");
        type_into(
            &client,
            &format!("pin-rotate-{key}"),
            crate::team::OWNER_PIN,
        )
        .await;
        click(&client, &format!("{form_id}-submit")).await;
        let second = wait_for_text(&client, "#secret", "rk_live_").await;
        assert_ne!(first, second, "a rotation gives a new secret");
        // The list shows the key without its secret.
        click(&client, "nav-developers").await;
        let page = client.source().await.expect("source");
        assert!(
            !page.contains(second.trim()) && !page.contains(first.trim()),
            "a secret is shown once"
        );
        client.close().await.expect("close");
        second.trim().to_string()
    });
    let used = blocking(|| srv.get("/payment_intents", Some(&secret)));
    assert_eq!(used.status, 200, "the rotated secret works: {used:?}");
}

#[test]
fn a_finance_member_downloads_a_closed_cycles_statement_as_pdf_and_csv() {
    let (srv, ()) = TestServer::start_with_args(&[], |dir| {
        crate::team::add_user(
            dir,
            FINANCE,
            "finance",
            FINANCE_PASSWORD,
            crate::console::FINANCE_PIN,
        );
    });
    let ik = crate::support::ik;
    let clock = srv.post(
        "/test_clocks",
        srv.sk(),
        &serde_json::json!({"frozen_time": "2027-01-04T10:00:00Z", "attach": true}),
        Some(&ik()),
    );
    assert_eq!(clock.status, 201, "{clock:?}");
    let profile = srv.post(
        "/settlement_profiles",
        srv.sk(),
        &serde_json::json!({"currency": "CDF", "schedule": "manual"}),
        Some(&ik()),
    );
    assert!(matches!(profile.status, 200 | 201), "{profile:?}");
    crate::support::intents::create(
        &srv,
        &crate::support::intents::body(
            serde_json::json!({"rails": ["mobile_money"], "customer_msisdn": PAYS, "confirm": true}),
        ),
    );
    let closed = srv.post(
        "/settlement_cycles",
        srv.sk(),
        &serde_json::json!({"currency": "CDF"}),
        Some(&ik()),
    );
    assert_eq!(closed.status, 201, "{closed:?}");
    let cycle = id_of(&closed.body);
    let (_driver, port) = start_driver();
    runtime().block_on(async {
        let client = browser(port).await;
        client.set_window_size(1280, 800).await.expect("size");
        sign_in(&client, &srv, FINANCE, FINANCE_PASSWORD).await;
        click(&client, "nav-settlement").await;
        wait_for_text(&client, "table", &cycle).await;
        let fetched = |kind: &'static str| {
            let client = client.clone();
            let cycle = cycle.clone();
            async move {
                let href = client.find(Locator::Id(&format!("{kind}-{cycle}"))).await.expect("link").attr("href").await.expect("href").expect("href");
                // Downloaded with the session cookie, as the link would.
                client.execute_async(
                    "var done = arguments[arguments.length - 1];\
                     fetch(arguments[0]).then(function (r) { return r.arrayBuffer().then(function (b) {\
                       var head = String.fromCharCode.apply(null, new Uint8Array(b.slice(0, 5)));\
                       done([r.status, r.headers.get('content-type'), r.headers.get('content-disposition'), head, b.byteLength]); }); });",
                    vec![Value::String(href)],
                ).await.expect("fetch")
            }
        };
        let pdf = fetched("pdf").await;
        assert_eq!(pdf[0], 200, "{pdf}");
        assert_eq!(pdf[1], "application/pdf", "{pdf}");
        assert!(pdf[2].as_str().expect("disposition").contains(".pdf"), "{pdf}");
        assert_eq!(pdf[3], "%PDF-", "{pdf}");
        let csv = fetched("csv").await;
        assert_eq!(csv[0], 200, "{csv}");
        assert!(csv[1].as_str().expect("type").starts_with("text/csv"), "{csv}");
        client.close().await.expect("close");
    });
}

/// The objects the pages added for transfers, subscriptions, accounts and QR
/// codes show, made through the API.
pub(crate) struct Made {
    pub(crate) transfer: String,
    pub(crate) quote: String,
    pub(crate) plan: String,
    pub(crate) subscription: String,
    pub(crate) account: String,
    pub(crate) location: String,
    pub(crate) code: String,
    /// A payout the sandbox could not tell about: parked, on the home page.
    pub(crate) held_payout: String,
}

/// A payout of 10.00 CDF to the sandbox's number that never tells: parked
/// (NEEDS_REVIEW) once its polls run out.
pub(crate) fn held_payout(srv: &TestServer) -> String {
    let resp = srv.post(
        "/payouts",
        srv.sk(),
        &json!({"amount_minor": 1_000, "currency": "CDF", "description": "supplier",
                "destination": {"method": "mobile_money", "operator_id": "mpesa_cd",
                                "phone": "+243000000408", "name": "Amani"}}),
        Some(&crate::support::ik()),
    );
    assert!(resp.status < 300, "{resp:?}");
    id_of(&resp.body)
}

pub(crate) fn more_pages_data(srv: &TestServer) -> Made {
    let post = |path: &str, input: Value| {
        let resp = srv.post(path, srv.sk(), &input, Some(&crate::support::ik()));
        assert!(resp.status < 300, "{path}: {resp:?}");
        id_of(&resp.body)
    };
    let transfer = post(
        "/transfers",
        json!({"to": "@beta", "amount_minor": 5_000, "currency": "CDF", "note": "stock"}),
    );
    let quote = post(
        "/fx/quotes",
        json!({"amount_minor": 100_000, "currency": "CDF", "target_currency": "USD"}),
    );
    let plan = post(
        "/plans",
        json!({"name": "Gold", "currency": "CDF", "amount_minor": 150_000, "interval": "month",
               "tax_bps": 1600, "tax_label": "TVA"}),
    );
    let subscription = post(
        "/subscriptions",
        json!({"plan": plan, "customer": {"msisdn": PAYS}}),
    );
    let account = post(
        "/accounts",
        json!({"business_name": "Boutique Connectee", "type": "merchant",
               "email": "connected@a.example", "country": "CD"}),
    );
    let location = post(
        "/locations",
        json!({"name": "Marché Central", "city": "Kinshasa", "country": "CD"}),
    );
    post(
        &format!("/locations/{location}/terminals"),
        json!({"label": "Till 1"}),
    );
    let code = post(
        "/qr_codes",
        json!({"currency": "CDF", "amount_minor": 2_500, "location": location, "reference": "STALL-7"}),
    );
    let held_payout = held_payout(srv);
    post(
        "/test_clocks",
        json!({"frozen_time": "2027-01-04T10:00:00Z"}),
    );
    Made {
        held_payout,
        transfer,
        quote,
        plan,
        subscription,
        account,
        location,
        code,
    }
}
