//! The hosted pages in a real browser: headless Chromium driven over WebDriver
//! (Debian's `chromium` and `chromium-driver`, which `.ci/run` installs).
//! Screenshots land in `target/browser-artifacts/`.

use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::free_port;
use crate::support::ik;
use crate::support::intents::{body, create, id_of};

/// chromedriver, in a process group of its own with the browsers it starts.
pub(crate) struct Driver(Child);

impl Drop for Driver {
    /// Kills the whole group: a test that panics drops its WebDriver session
    /// without closing it, and killing chromedriver alone would leave its
    /// Chromium running after the test binary exits.
    fn drop(&mut self) {
        let group = i32::try_from(self.0.id())
            .ok()
            .and_then(rustix::process::Pid::from_raw);
        if let Some(group) = group {
            let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub(crate) fn start_driver() -> (Driver, u16) {
    let port = free_port();
    let child = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .process_group(0)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver must be installed (apt-get install chromium chromium-driver; .ci/run does it)");
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    (Driver(child), port)
}

pub(crate) async fn browser(port: u16) -> Client {
    let profile = tempfile::tempdir().expect("profile").keep();
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": "/usr/bin/chromium",
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--disable-dev-shm-usage", format!("--user-data-dir={}", profile.display())],
        }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a WebDriver session")
}

pub(crate) fn artifacts() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/browser-artifacts");
    std::fs::create_dir_all(&dir).expect("artifacts dir");
    dir
}

pub(crate) async fn wait_for_url(client: &Client, prefix: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let url = client.current_url().await.expect("url").to_string();
        if url.starts_with(prefix) {
            return url;
        }
        assert!(
            Instant::now() < deadline,
            "never reached {prefix}; at {url}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

pub(crate) async fn wait_for_text(client: &Client, css: &str, needle: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        if let Ok(element) = client.find(Locator::Css(css)).await {
            let text = element.text().await.unwrap_or_default();
            if text.contains(needle) {
                return text;
            }
        }
        assert!(Instant::now() < deadline, "{css} never showed {needle:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn pay_with(client: &Client, msisdn: &str) {
    choose_tab(client, "mobile_money").await;
    let input = client
        .find(Locator::Id("msisdn"))
        .await
        .expect("msisdn input");
    input.clear().await.expect("clear");
    input.send_keys(msisdn).await.expect("type");
    client
        .find(Locator::Id("pay"))
        .await
        .expect("pay button")
        .click()
        .await
        .expect("click");
}

/// Opens the rail's tab of the checkout page, when the page shows tabs.
async fn choose_tab(client: &Client, rail: &str) {
    if let Ok(tab) = client.find(Locator::Id(&format!("tab-{rail}"))).await
        && tab.is_displayed().await.unwrap_or(false)
    {
        tab.click().await.expect("click the tab");
    }
}

/// The test server's blocking HTTP client, called from the async browser code.
/// The intent's hosted page, as the API hands it out (with its page token).
fn checkout_url(intent: &Value) -> String {
    intent["checkout_url"]
        .as_str()
        .expect("checkout_url")
        .to_string()
}

pub(crate) fn blocking<T>(f: impl FnOnce() -> T) -> T {
    tokio::task::block_in_place(f)
}

fn intent_with_urls(srv: &TestServer, extra: Value) -> Value {
    let mut input = body(json!({
        "description": "2 bags of rice",
        "success_url": format!("{}/status?paid=1", srv.base_url),
        "cancel_url": format!("{}/sandbox?cancelled=1", srv.base_url),
    }));
    for (k, v) in extra.as_object().into_iter().flatten() {
        input[k] = v.clone();
    }
    create(srv, &input)
}

#[test]
fn a_payer_pays_retries_cancels_and_uses_links_in_a_real_browser() {
    let srv = TestServer::start_args(&["--sandbox-settlement-ms", "300"]);
    let (_driver, port) = start_driver();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let client = browser(port).await;
        let origin = srv.origin.clone();

        // Pay at once with the succeeding number, and land on the success URL.
        let intent = blocking(|| intent_with_urls(&srv, json!({})));
        client.set_window_size(390, 844).await.expect("phone size");
        client.goto(&checkout_url(&intent)).await.expect("open checkout");
        assert!(client.find(Locator::Id("amount")).await.expect("amount").text().await.expect("text").contains("100.00 CDF"));
        std::fs::write(artifacts().join("checkout-phone.png"), client.screenshot().await.expect("shot")).expect("save");
        client.set_window_size(1280, 800).await.expect("desktop size");
        std::fs::write(artifacts().join("checkout-desktop.png"), client.screenshot().await.expect("shot")).expect("save");
        pay_with(&client, "+243000000501").await;
        let landed = wait_for_url(&client, &format!("{}/status?paid=1", srv.base_url)).await;
        assert!(landed.contains(&format!("payment_intent={}", id_of(&intent))), "{landed}");

        // A wrong number shows the error; a retry with a good one pays.
        let intent = blocking(|| intent_with_urls(&srv, json!({})));
        client.goto(&format!("{}&lang=fr", checkout_url(&intent))).await.expect("open");
        pay_with(&client, "+243000000404").await;
        wait_for_text(&client, "#status.error", "Aucun portefeuille").await;
        pay_with(&client, "+243000000501").await;
        wait_for_url(&client, &format!("{}/status?paid=1", srv.base_url)).await;

        // A confirmed cancel goes back to the cancel URL and cancels the intent.
        let intent = blocking(|| intent_with_urls(&srv, json!({})));
        client.goto(&checkout_url(&intent)).await.expect("open");
        client.find(Locator::Css("#cancel-box summary")).await.expect("summary").click().await.expect("open");
        client.find(Locator::Id("cancel")).await.expect("cancel").click().await.expect("click");
        wait_for_url(&client, &format!("{}/sandbox?cancelled=1", srv.base_url)).await;
        assert_eq!(blocking(|| srv.get(&format!("/payment_intents/{}", id_of(&intent)), srv.sk())).body["status"], "CANCELLED");

        // A reusable link takes two payments; a single-use one refuses a second visit.
        for (reusable, visits_paid) in [(true, 2), (false, 1)] {
            let link = blocking(|| {
                srv.post(
                    "/payment_links",
                    srv.sk(),
                    &json!({"amount_minor": 2_500, "currency": "CDF", "reusable": reusable,
                            "success_url": format!("{}/status?link=1", srv.base_url)}),
                    Some(&ik()),
                )
            });
            assert_eq!(link.status, 201, "{link:?}");
            let url = link.body["url"].as_str().expect("url").to_string();
            for _ in 0..visits_paid {
                // The link's page shows what it sells; the payer's click makes the intent.
                client.goto(&url).await.expect("open link");
                wait_for_text(&client, "#amount", "25.00 CDF").await;
                client.find(Locator::Id("continue")).await.expect("button").click().await.expect("click");
                wait_for_url(&client, &format!("{origin}/pay/pi_")).await;
                pay_with(&client, "+243000000501").await;
                wait_for_url(&client, &format!("{}/status?link=1", srv.base_url)).await;
            }
            client.goto(&url).await.expect("open link again");
            if reusable {
                client.find(Locator::Id("continue")).await.expect("button").click().await.expect("click");
                wait_for_url(&client, &format!("{origin}/pay/pi_")).await;
            } else {
                wait_for_text(&client, "#title", "no longer active").await;
            }
            let id = link.body["id"].as_str().expect("id");
            let listed = blocking(|| srv.get("/payment_links", srv.sk()));
            let this = listed.body["data"].as_array().expect("links").iter().find(|l| l["id"] == id).cloned().expect("listed");
            assert_eq!(this["payments_count"], visits_paid, "{this}");
        }

        // An expired checkout session shows a clear page.
        let session = blocking(|| {
            srv.post(
                "/checkout_sessions",
                srv.sk(),
                &json!({"line_items": [{"name": "Rice", "quantity": 2, "unit_amount_minor": 1500}], "currency": "CDF"}),
                Some(&ik()),
            )
        });
        assert_eq!(session.body["amount_total_minor"], 3_000, "{session:?}");
        let id = session.body["id"].as_str().expect("id");
        let expired = blocking(|| srv.post(&format!("/checkout_sessions/{id}/expire"), srv.sk(), &json!({}), None));
        assert_eq!(expired.body["status"], "expired", "{expired:?}");
        client.goto(session.body["url"].as_str().expect("url")).await.expect("open session");
        wait_for_text(&client, "#title", "Checkout expired").await;

        client.close().await.expect("close");
    });
}

pub(crate) async fn type_into(client: &Client, id: &str, text: &str) {
    let input = client.find(Locator::Id(id)).await.expect("input");
    input.clear().await.expect("clear");
    input.send_keys(text).await.expect("type");
}

/// The claim page of a connected account (issue 21): on a phone, in French,
/// a mismatch is refused in the page, a good password claims the account,
/// and the customer logs in with it.
#[test]
fn a_customer_claims_a_connected_account_on_a_phone_in_a_real_browser() {
    let srv = TestServer::start();
    let account = srv.post(
        "/accounts",
        srv.sk(),
        &json!({"business_name": "Boutique Amani", "type": "merchant",
                "email": "amani@example.com", "country": "CD"}),
        Some(&ik()),
    );
    assert_eq!(account.status, 201, "{account:?}");
    let id = account.body["id"].as_str().expect("id").to_string();
    let link = srv.post(
        &format!("/accounts/{id}/account_links"),
        srv.sk(),
        &json!({}),
        Some(&ik()),
    );
    let url = link.body["url"].as_str().expect("url").to_string();
    let (_driver, port) = start_driver();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let client = browser(port).await;
        client.set_window_size(390, 844).await.expect("phone size");
        client
            .goto(&format!("{url}?lang=fr"))
            .await
            .expect("open claim page");
        wait_for_text(&client, "#title", "Boutique Amani").await;
        wait_for_text(&client, "#intro", "Choisissez un mot de passe").await;
        let fits = client
            .execute(
                "return document.documentElement.scrollWidth <= window.innerWidth",
                vec![],
            )
            .await
            .expect("layout");
        assert_eq!(fits, Value::Bool(true), "the page is wider than a phone");
        std::fs::write(
            artifacts().join("claim-phone.png"),
            client.screenshot().await.expect("shot"),
        )
        .expect("save");
        type_into(&client, "password", "customer-password-Lx93").await;
        type_into(&client, "confirm", "customer-password-Lx94").await;
        client
            .find(Locator::Id("submit"))
            .await
            .expect("submit")
            .click()
            .await
            .expect("click");
        wait_for_text(&client, "#status.error", "diffèrent").await;
        type_into(&client, "confirm", "customer-password-Lx93").await;
        client
            .find(Locator::Id("submit"))
            .await
            .expect("submit")
            .click()
            .await
            .expect("click");
        wait_for_text(&client, "#status.done", "Le compte est à vous").await;
        // The link is spent: opening it again shows the invalid page.
        client.goto(&url).await.expect("open again");
        wait_for_text(&client, "#title", "Link not valid").await;
        client.close().await.expect("close");
    });
    let login = srv.post(
        "/sessions",
        None,
        &json!({"email": "amani@example.com", "password": "customer-password-Lx93"}),
        None,
    );
    assert_eq!(login.status, 201, "{login:?}");
    let shown = srv.get(&format!("/accounts/{id}"), srv.sk());
    assert_eq!(shown.body["onboarding"]["claimed"], true, "{shown:?}");
}

#[test]
fn a_payer_subscribes_on_the_hosted_page_pays_the_first_period_and_starts_a_trial_in_french() {
    let srv = TestServer::start();
    let (_driver, port) = start_driver();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let client = browser(port).await;
        let plan = |input: Value| {
            let resp = srv.post("/plans", srv.sk(), &input, Some(&ik()));
            assert_eq!(resp.status, 201, "{resp:?}");
            resp.body
        };
        let monthly = blocking(|| {
            plan(json!({"name": "Fibre <Home>", "currency": "CDF", "amount_minor": 25_000, "interval": "month",
                        "tax_bps": 1600, "tax_label": "VAT 16%", "code": "fibre-home"}))
        });
        let url = monthly["subscribe_url"].as_str().expect("subscribe_url").to_string();
        assert!(url.ends_with("/subscribe/fibre-home"), "{url}");

        // Phone first: the plan, its price and terms, then the number.
        client.set_window_size(390, 844).await.expect("phone size");
        client.goto(&url).await.expect("open subscribe page");
        wait_for_text(&client, "#plan", "Fibre <Home>").await;
        wait_for_text(&client, "#price", "250.00 CDF").await;
        wait_for_text(&client, "#terms", "VAT 16%").await;
        std::fs::write(artifacts().join("subscribe-phone.png"), client.screenshot().await.expect("shot")).expect("save");
        // A bad number is refused on the page, the number kept.
        client.find(Locator::Id("msisdn")).await.expect("msisdn").send_keys("0812").await.expect("type");
        client.find(Locator::Id("subscribe")).await.expect("button").click().await.expect("click");
        wait_for_text(&client, "#error", "E.164").await;
        let input = client.find(Locator::Id("msisdn")).await.expect("msisdn");
        input.clear().await.expect("clear");
        input.send_keys("+243000000501").await.expect("type");
        client.find(Locator::Id("subscribe")).await.expect("button").click().await.expect("click");
        // The first period's payment request opens on the checkout page, paid.
        wait_for_url(&client, &format!("{}/pay/pi_", srv.origin)).await;
        wait_for_text(&client, "#status", "Payment received").await;
        let subs = blocking(|| srv.get("/subscriptions", srv.sk()));
        assert_eq!(subs.body["data"][0]["status"], "ACTIVE", "{subs:?}");
        assert_eq!(subs.body["data"][0]["metadata"]["source"], "subscribe_page");

        // In French, a trial plan starts its trial.
        let trial = blocking(|| {
            plan(json!({"name": "Essai", "currency": "CDF", "amount_minor": 5_000, "interval": "week",
                        "trial_days": 7, "code": "essai"}))
        });
        client.set_window_size(1280, 800).await.expect("desktop size");
        client.goto(&format!("{}?lang=fr", trial["subscribe_url"].as_str().expect("url"))).await.expect("open");
        wait_for_text(&client, "#subscribe", "Commencer l'essai").await;
        wait_for_text(&client, "#price", "par semaine").await;
        std::fs::write(artifacts().join("subscribe-desktop-fr.png"), client.screenshot().await.expect("shot")).expect("save");
        client.find(Locator::Id("msisdn")).await.expect("msisdn").send_keys("+243000000501").await.expect("type");
        client.find(Locator::Id("subscribe")).await.expect("button").click().await.expect("click");
        wait_for_text(&client, "#title", "Votre essai a commencé").await;
        let subs = blocking(|| srv.get("/subscriptions?status=TRIALING", srv.sk()));
        assert_eq!(subs.body["data"].as_array().expect("data").len(), 1, "{subs:?}");
        // The confirmation names the merchant and the plan, and offers a way to cancel.
        wait_for_text(&client, "#plan", "Essai").await;
        wait_for_text(&client, "#merchant", "Sandbox").await;
        std::fs::write(artifacts().join("after-3-subscribed-fr.png"), client.screenshot().await.expect("shot")).expect("save");
        client.find(Locator::Id("cancel")).await.expect("a way to cancel").click().await.expect("click");
        wait_for_text(&client, "#title", "Résilier votre abonnement").await;
        client.find(Locator::Id("confirm-cancel")).await.expect("confirm").click().await.expect("click");
        wait_for_text(&client, "#title", "Abonnement résilié").await;
        let sub = subs.body["data"][0]["id"].as_str().expect("id").to_string();
        let after = blocking(|| srv.get(&format!("/subscriptions/{sub}"), srv.sk()));
        assert_eq!(after.body["cancel_at_period_end"], true, "{after:?}");
        // Without its token the cancel page is not found.
        let forged = blocking(|| srv.root().get_with(&format!("/subscribe/cancel/{sub}?t=0000"), None, &[("accept", "text/html")]));
        assert_eq!(forged.status, 404, "{forged:?}");

        // An archived plan's page says so.
        blocking(|| srv.post("/plans/essai/archive", srv.sk(), &json!({}), Some(&ik())));
        client.goto(trial["subscribe_url"].as_str().expect("url")).await.expect("open");
        wait_for_text(&client, "#title", "Plan not available").await;
        client.close().await.expect("close");
    });
}

/// Issue 27: the card form (masks, the Luhn check in the page, a decline
/// and a retry, the 3-D Secure-like challenge) and the bank instructions,
/// on a phone, with screenshots.
#[test]
fn a_payer_pays_by_card_and_by_bank_transfer_on_a_phone_in_a_real_browser() {
    let srv = TestServer::start();
    let (_driver, port) = start_driver();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let client = browser(port).await;
        client.set_window_size(390, 844).await.expect("phone size");

        // The card form: the mask groups the digits; a Luhn-invalid number never leaves the page.
        let intent = blocking(|| intent_with_urls(&srv, json!({"rails": ["card", "bank", "mobile_money"]})));
        let id = id_of(&intent);
        client.goto(&checkout_url(&intent)).await.expect("open checkout");
        choose_tab(&client, "card").await;
        type_into(&client, "card_number", "4242424242424241").await;
        let shown = client.find(Locator::Id("card_number")).await.expect("number").prop("value").await.expect("value");
        assert_eq!(shown.as_deref(), Some("4242 4242 4242 4241"));
        type_into(&client, "card_exp", "1234").await;
        let exp = client.find(Locator::Id("card_exp")).await.expect("exp").prop("value").await.expect("value");
        assert_eq!(exp.as_deref(), Some("12 / 34"));
        type_into(&client, "card_cvc", "123").await;
        type_into(&client, "card_holder", "A. Payer").await;
        client.find(Locator::Id("card-pay")).await.expect("pay").click().await.expect("click");
        wait_for_text(&client, "#status.error", "not valid").await;
        assert_eq!(blocking(|| srv.get(&format!("/payment_intents/{id}"), srv.sk())).body["attempts_count"], 0);
        // A declined card shows its error; the payer retries with a challenge card and completes it.
        type_into(&client, "card_number", "4000000000000002").await;
        std::fs::write(artifacts().join("card-form-phone.png"), client.screenshot().await.expect("shot")).expect("save");
        client.find(Locator::Id("card-pay")).await.expect("pay").click().await.expect("click");
        wait_for_text(&client, "#status.error", "declined").await;
        type_into(&client, "card_number", "4000002760003184").await;
        client.find(Locator::Id("card-pay")).await.expect("pay").click().await.expect("click");
        wait_for_url(&client, &format!("{}/pay/{id}/challenge", srv.origin)).await;
        std::fs::write(artifacts().join("card-challenge-phone.png"), client.screenshot().await.expect("shot")).expect("save");
        client.find(Locator::Id("complete")).await.expect("complete").click().await.expect("click");
        wait_for_url(&client, &format!("{}/pay/{id}?t=", srv.origin)).await;
        wait_for_text(&client, "#status", "Payment received").await;
        let paid = blocking(|| srv.get(&format!("/payment_intents/{id}"), srv.sk())).body;
        assert_eq!(paid["last_attempt"]["card"]["three_d_secure"], "authenticated", "{paid}");

        // The bank view, in French: instructions with the reference; the page follows the credit.
        let intent = blocking(|| intent_with_urls(&srv, json!({"rails": ["bank"]})));
        let id = id_of(&intent);
        client.goto(&format!("{}&lang=fr", checkout_url(&intent))).await.expect("open checkout");
        client.find(Locator::Id("bank-start")).await.expect("bank").click().await.expect("click");
        let reference = wait_for_text(&client, "#reference .reference", "PI").await;
        assert_eq!(reference, id.replace('_', "").to_uppercase());
        wait_for_text(&client, "#account_number", "000100200300400").await;
        wait_for_text(&client, "#bank-view h2", "virement").await;
        std::fs::write(artifacts().join("bank-instructions-phone.png"), client.screenshot().await.expect("shot")).expect("save");
        let credit = blocking(|| {
            srv.post(
                "/sandbox/bank_credits",
                srv.sk(),
                &json!({"reference": reference, "amount_minor": 10_000, "currency": "CDF"}),
                Some(&ik()),
            )
        });
        assert_eq!(credit.body["outcome"], "paid", "{credit:?}");
        wait_for_url(&client, &format!("{}/status?paid=1", srv.base_url)).await;
        client.close().await.expect("close");
    });
}
