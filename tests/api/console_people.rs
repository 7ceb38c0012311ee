//! The console as a merchant reads it (issue 48 items 6, 7, 8, 10 and 11),
//! in a real browser: every page as every role in English and French with
//! no error box, raw enum, raw JSON or sideways scroll at 390 px; the Team
//! page; who paid and how, and the search by number, reference and amount;
//! the payout checker's batch; refunds confirmed and honest; webhook
//! endpoints' errors and actions; the review of parked money. Screenshots
//! land in `target/browser-artifacts/after-*.png` (phone and desktop, each
//! checked with axe-core).

use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use crate::browser::{blocking, browser, start_driver, type_into, wait_for_text, wait_for_url};
use crate::console::{
    ADMIN, ADMIN_PASSWORD, FINANCE, FINANCE_PASSWORD, PAYS, VIEWER, VIEWER_PASSWORD,
    settled_payment, start,
};
use crate::console_browser::{
    FITS, axe_source, capture_as, choose, click, held_payout, made_batch, more_pages_data, row,
    runtime, says, sign_in, sign_out,
};
use crate::support::TestServer;
use crate::support::ik;
use crate::support::intents::{create, id_of, wait_for_status};
use crate::team::{DEV, DEV_PASSWORD, OWNER, OWNER_PASSWORD};

const LANGS: [&str; 2] = ["en", "fr"];

/// A payment whose payer typed their number at the checkout (the intent
/// itself has none), settled.
pub fn paid_by_number(srv: &TestServer, amount: i64) -> String {
    let intent = create(
        srv,
        &json!({"amount_minor": amount, "currency": "CDF", "rails": ["mobile_money", "card"],
                "reference": format!("ORDER-{amount}")}),
    );
    let id = id_of(&intent);
    let confirmed = srv.post(
        &format!("/payment_intents/{id}/confirm"),
        srv.sk(),
        &json!({"rail": "mobile_money", "customer_msisdn": PAYS}),
        Some(&ik()),
    );
    assert!(confirmed.status < 300, "{confirmed:?}");
    wait_for_status(srv, &id, "SETTLED", std::time::Duration::from_secs(10));
    id
}

/// A payment paid by card (4242, the sandbox's card that succeeds).
pub fn paid_by_card(srv: &TestServer, amount: i64) -> String {
    let intent = create(
        srv,
        &json!({"amount_minor": amount, "currency": "CDF", "rails": ["card"],
                "reference": format!("CARD-{amount}")}),
    );
    let id = id_of(&intent);
    let confirmed = srv.post(
        &format!("/payment_intents/{id}/confirm"),
        srv.sk(),
        &json!({"rail": "card", "card": {"number": "4242424242424242", "exp_month": 12,
                                         "exp_year": 2040, "cvc": "123"}}),
        Some(&ik()),
    );
    assert!(confirmed.status < 300, "{confirmed:?}");
    id
}

/// A word of the page written for a developer: an enum (`REQUIRES_PAYMENT_METHOD`),
/// an event name (`intent.requires_customer_action`) or a snake-case code
/// (`settlement_pending`).
fn raw_word(text: &str) -> Option<String> {
    text.split(|c: char| c.is_whitespace() || ",;:()«»\"'".contains(c))
        .map(|w| w.trim_matches(|c: char| ".?!".contains(c)))
        .find(|w| {
            let upper = w.len() > 3
                && w.contains('_')
                && w.chars().all(|c| c.is_ascii_uppercase() || c == '_');
            let dotted = [
                "intent.",
                "payment_intent.",
                "attempt.",
                "ledger.",
                "refund.",
                "payout.",
            ]
            .iter()
            .any(|p| w.starts_with(p));
            // A key's redacted prefix (`sk_test_tfcg…`) is what a developer reads.
            let key = ["sk_", "rk_", "pk_", "whsec_"]
                .iter()
                .any(|p| w.starts_with(p));
            let snake = w.contains('_')
                && !key
                && !w.starts_with('_')
                && w.chars().all(|c| c.is_ascii_lowercase() || c == '_');
            upper || dotted || snake
        })
        .map(str::to_string)
}

/// Opens `path` at phone width; what is wrong with it: raw JSON, a
/// developer's word, a visible error box or a page wider than 390 px.
async fn check_page(client: &Client, srv: &TestServer, path: &str, who: &str) -> Vec<String> {
    client.set_window_size(390, 844).await.expect("phone");
    client
        .goto(&format!("{}{path}", srv.origin))
        .await
        .expect("open");
    let text = client
        .find(Locator::Css("body"))
        .await
        .expect("body")
        .text()
        .await
        .expect("text");
    let at = format!("{path} as {who}");
    let mut wrong = Vec::new();
    if text.trim_start().starts_with('{') {
        wrong.push(format!("{at} is raw JSON: {text}"));
    }
    if let Some(word) = raw_word(&text) {
        wrong.push(format!("{at} shows {word:?}"));
    }
    if text.contains(" ? ") || text.lines().any(|l| l.trim() == "?") {
        wrong.push(format!("{at} lacks a word"));
    }
    let error_box = "var e = document.querySelector('#error, .flash.bad'); return !!e && e.offsetParent !== null;";
    if says(client, error_box).await {
        wrong.push(format!("{at} shows an error box: {text}"));
    }
    if !says(client, FITS).await {
        wrong.push(format!("{at} is wider than 390 px"));
    }
    wrong
}

/// Data every page has something of: payments by number and card, a
/// dispute, a batch with an invalid row, a webhook endpoint with a failed
/// delivery, the objects of the other pages, a parked payout.
struct World {
    by_number: String,
    by_card: String,
    batch: String,
    endpoint: String,
    made: crate::console_browser::Made,
}

fn world(srv: &TestServer) -> World {
    let by_number = paid_by_number(srv, 25_000);
    let by_card = paid_by_card(srv, 12_000);
    let disputed = id_of(&settled_payment(srv, 30_000));
    let dispute = srv.post(
        "/disputes",
        srv.sk(),
        &json!({"payment_intent": disputed, "amount_minor": 30_000, "reason": "fraudulent"}),
        Some(&ik()),
    );
    assert_eq!(dispute.status, 201, "{dispute:?}");
    let batch = made_batch(
        srv,
        srv.sk().expect("sk"),
        &[
            row(10_000, "R1"),
            "mobile_money,abc,mpesa,0812,Payee,R2".into(),
        ],
    );
    // Nobody listens on this port: the delivery fails with the reason the API knows.
    let endpoint = srv.post(
        "/webhook_endpoints",
        srv.sk(),
        &json!({"url": "http://127.0.0.1:9/hooks"}),
        Some(&ik()),
    );
    assert_eq!(endpoint.status, 201, "{endpoint:?}");
    let endpoint = id_of(&endpoint.body);
    let made = more_pages_data(srv);
    World {
        by_number,
        by_card,
        batch,
        endpoint,
        made,
    }
}

/// The object pages under each navigation entry.
fn object_pages(w: &World, nav: &str) -> Vec<String> {
    let m = &w.made;
    match nav {
        "/console/payments" => vec![
            format!("/console/payments/{}", w.by_number),
            format!("/console/payments/{}", w.by_card),
            "/console/payments?q=000000501".into(),
        ],
        "/console/payouts" => vec![
            format!("/console/payouts/{}", w.batch),
            format!("/console/payouts/{}", m.held_payout),
        ],
        "/console/transfers" => vec![
            format!("/console/transfers/{}", m.transfer),
            format!("/console/fx/{}", m.quote),
        ],
        "/console/subscriptions" => vec![
            format!("/console/subscriptions/{}", m.subscription),
            "/console/plans".into(),
            format!("/console/plans/{}", m.plan),
            "/console/invoices".into(),
        ],
        "/console/accounts" => vec![format!("/console/accounts/{}", m.account)],
        "/console/qr_codes" => vec![
            format!("/console/qr_codes/{}", m.code),
            format!("/console/locations/{}", m.location),
        ],
        _ => vec![],
    }
}

/// Signs `email` in at desktop size in a fresh browser and runs `walk`
/// with the browser and axe-core's script.
fn as_member<T>(
    srv: &TestServer,
    email: &str,
    password: &str,
    walk: impl AsyncFnOnce(&Client, &str) -> T,
) -> T {
    let axe = axe_source();
    let (_driver, port) = start_driver();
    runtime().block_on(async {
        let client = browser(port).await;
        client.set_window_size(1280, 800).await.expect("size");
        sign_in(&client, srv, email, password).await;
        let out = walk(&client, &axe).await;
        client.close().await.expect("close");
        out
    })
}

async fn nav_hrefs(client: &Client) -> Vec<String> {
    let mut out = Vec::new();
    for link in client
        .find_all(Locator::Css("nav.side a"))
        .await
        .expect("nav")
    {
        out.push(link.attr("href").await.expect("href").unwrap_or_default());
    }
    out
}

async fn has(client: &Client, css: &str) -> bool {
    client.find(Locator::Css(css)).await.is_ok()
}

async fn in_lang(client: &Client, srv: &TestServer, lang: &str) {
    client
        .goto(&format!("{}/console/lang/{lang}?back=/console", srv.origin))
        .await
        .expect("lang");
}

#[test]
fn every_console_page_as_every_role_in_both_languages_has_no_error_box_raw_word_or_json_and_fits_a_phone()
 {
    let srv = start();
    let w = blocking(|| world(&srv));
    let axe = axe_source();
    let (_driver, port) = start_driver();
    runtime().block_on(async {
        let client = browser(port).await;
        let roles = [
            (OWNER, OWNER_PASSWORD),
            (ADMIN, ADMIN_PASSWORD),
            (DEV, DEV_PASSWORD),
            (FINANCE, FINANCE_PASSWORD),
            (VIEWER, VIEWER_PASSWORD),
        ];
        let mut wrong = Vec::new();
        for (email, password) in roles {
            client.set_window_size(1280, 800).await.expect("size");
            sign_in(&client, &srv, email, password).await;
            for lang in LANGS {
                in_lang(&client, &srv, lang).await;
                let mut pages = Vec::new();
                for href in nav_hrefs(&client).await {
                    pages.extend(object_pages(&w, &href));
                    pages.insert(0, href);
                }
                client
                    .goto(&format!("{}/console/developers", srv.origin))
                    .await
                    .expect("dev");
                if has(&client, &format!("a[href$='{}']", w.endpoint)).await {
                    pages.push(format!("/console/developers/webhooks/{}", w.endpoint));
                }
                client
                    .goto(&format!("{}/console", srv.origin))
                    .await
                    .expect("home");
                if has(&client, &format!("#review-{}", w.made.held_payout)).await {
                    pages.push(format!("/console/review/payout/{}", w.made.held_payout));
                }
                assert!(pages.len() >= 5, "{email} sees {pages:?}");
                for path in &pages {
                    let found = check_page(&client, &srv, path, &format!("{email} ({lang})")).await;
                    let fine = found.is_empty();
                    wrong.extend(found);
                    if email == OWNER && fine {
                        let name = path
                            .trim_start_matches("/console")
                            .replace(['/', '?', '='], "-");
                        let name = format!(
                            "{lang}{}",
                            if name.is_empty() {
                                "-home".into()
                            } else {
                                name
                            }
                        );
                        capture_as(&client, &axe, "after-every-page", &name).await;
                    }
                }
                // An unknown console address is the console's page, in the member's words.
                client.set_window_size(390, 844).await.expect("phone");
                client
                    .goto(&format!("{}/console/no-such-page", srv.origin))
                    .await
                    .expect("open");
                let text = wait_for_text(
                    &client,
                    "#error",
                    if lang == "fr" {
                        "n'existe pas"
                    } else {
                        "does not exist"
                    },
                )
                .await;
                assert!(!text.contains('{'), "{text}");
                let html_lang = client
                    .execute("return document.documentElement.lang", vec![])
                    .await
                    .expect("lang");
                assert_eq!(html_lang, Value::String(lang.into()));
                if email == OWNER {
                    capture_as(&client, &axe, "after-10", &format!("not-found-{lang}")).await;
                }
            }
            in_lang(&client, &srv, "en").await;
            sign_out(&client).await;
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
        client.close().await.expect("close");
    });
}

#[test]
fn the_team_page_loads_invites_and_changes_a_role_in_both_languages() {
    let srv = start();
    as_member(&srv, OWNER, OWNER_PASSWORD, async |client, axe| {
        for lang in LANGS {
            in_lang(client, &srv, lang).await;
            click(client, "nav-team").await;
            wait_for_text(client, "table", FINANCE).await;
            assert!(!has(client, "#error").await, "the Team page loads ({lang})");
            capture_as(client, axe, "after-6", &format!("team-{lang}")).await;
        }
        in_lang(client, &srv, "en").await;
        click(client, "nav-team").await;
        type_into(client, "invite-email", "new.colleague@example.com").await;
        choose(client, "invite-role", "finance").await;
        type_into(client, "invite-password", "a-first-password-Zx9").await;
        click(client, "invite-submit").await;
        wait_for_text(client, "table", "new.colleague@example.com").await;
        assert!(
            !has(client, ".flash.bad").await,
            "the invitation is accepted"
        );
        // Their role changed from the same page: the row's own form.
        let form = client
            .execute(
                "var email = arguments[0];\
                 var row = Array.from(document.querySelectorAll('tr')).find(function (r) {\
                   return r.textContent.indexOf(email) >= 0; });\
                 var f = row.querySelector('form[id^=change-]'); f.querySelector('select').value = 'viewer';\
                 return f.id;",
                vec![Value::String("new.colleague@example.com".into())],
            )
            .await
            .expect("the row's role form");
        click(client, &format!("{}-submit", form.as_str().expect("id"))).await;
        wait_for_text(client, "#flash", "").await;
        assert!(!has(client, ".flash.bad").await, "the role is changed");
    });
    let owner = crate::team::login(&srv, OWNER, OWNER_PASSWORD);
    let members = blocking(|| srv.get("/team/members", Some(&owner)));
    let colleague = members.body["data"]
        .as_array()
        .expect("members")
        .iter()
        .find(|m| m["email"] == "new.colleague@example.com")
        .cloned()
        .expect("the invited member");
    assert_eq!(colleague["role"], "viewer", "{colleague}");
}

#[test]
fn payments_show_who_paid_and_how_and_are_found_by_number_reference_and_amount() {
    let srv = start();
    let (by_number, by_card) =
        blocking(|| (paid_by_number(&srv, 25_000), paid_by_card(&srv, 12_000)));
    as_member(&srv, FINANCE, FINANCE_PASSWORD, async |client, axe| {
        for lang in LANGS {
            in_lang(client, &srv, lang).await;
            click(client, "nav-payments").await;
            wait_for_text(client, "table", PAYS).await;
            wait_for_text(client, "table", "Visa •••• 4242").await;
            capture_as(client, axe, "after-7", &format!("payments-{lang}")).await;
            // The payer's number as typed, with spaces, finds only its payment.
            client.set_window_size(1280, 800).await.expect("size");
            type_into(client, "f-q", "000 000 501").await;
            click(client, "filter").await;
            wait_for_url(client, &format!("{}/console/payments?", srv.origin)).await;
            let found = wait_for_text(client, "main", &by_number).await;
            assert!(
                !found.contains(&by_card),
                "the card payment is not found by the number"
            );
            capture_as(
                client,
                axe,
                "after-7",
                &format!("payments-search-number-{lang}"),
            )
            .await;
            // The amount in the member's own format, and the reference.
            let amount = if lang == "fr" { "120,00" } else { "120.00" };
            for (typed, id, other) in [
                (amount, &by_card, &by_number),
                ("order-250", &by_number, &by_card),
            ] {
                client
                    .goto(&format!("{}/console/payments?q={}", srv.origin, typed))
                    .await
                    .expect("search");
                let found = wait_for_text(client, "main", id).await;
                assert!(!found.contains(other.as_str()), "{typed} finds only {id}");
            }
            // The details name the payer and the method.
            client
                .goto(&format!("{}/console/payments/{by_number}", srv.origin))
                .await
                .expect("open");
            wait_for_text(client, "#facts", PAYS).await;
            wait_for_text(client, "#facts", "Mobile money").await;
            let timeline = wait_for_text(
                client,
                "main",
                if lang == "fr" { "Paiement" } else { "Payment" },
            )
            .await;
            assert!(raw_word(&timeline).is_none(), "{:?}", raw_word(&timeline));
            capture_as(
                client,
                axe,
                "after-7",
                &format!("payment-mobile-money-{lang}"),
            )
            .await;
            client
                .goto(&format!("{}/console/payments/{by_card}", srv.origin))
                .await
                .expect("open");
            wait_for_text(client, "#facts", "Visa •••• 4242").await;
            wait_for_text(
                client,
                "#facts",
                if lang == "fr" { "Carte" } else { "Card" },
            )
            .await;
            capture_as(client, axe, "after-7", &format!("payment-card-{lang}")).await;
        }
    });
}

#[test]
fn a_large_refund_is_confirmed_first_and_said_to_wait_for_approval() {
    let srv = start();
    let id = id_of(&settled_payment(&srv, 250_000));
    as_member(&srv, FINANCE, FINANCE_PASSWORD, async |client, axe| {
        client.set_window_size(390, 844).await.expect("size");
        client
            .goto(&format!("{}/console/payments/{id}", srv.origin))
            .await
            .expect("open");
        type_into(client, "refund-amount", "1,500").await;
        click(client, "refund-submit").await;
        wait_for_text(
            client,
            "#refund-question",
            &format!("Refund 1,500.00 CDF to {PAYS}?"),
        )
        .await;
        capture_as(client, axe, "after-11", "refund-confirm-en").await;
        // Above the amount a member refunds alone, without a PIN: it waits, and says so.
        click(client, "refund-confirm-submit").await;
        let flash = wait_for_text(client, "#flash", "").await;
        assert!(
            flash.contains("waits for a second person's approval"),
            "{flash}"
        );
        capture_as(client, axe, "after-11", "refund-waits-en").await;
    });
    let refunds = blocking(|| srv.get(&format!("/refunds?payment_intent={id}"), srv.sk()));
    assert_eq!(
        refunds.body["data"][0]["status"], "REQUESTED",
        "{refunds:?}"
    );
    assert_eq!(
        refunds.body["data"][0]["amount_minor"], 150_000,
        "{refunds:?}"
    );
}

#[test]
fn a_batch_that_cannot_be_approved_offers_no_approve_and_says_why() {
    let srv = start();
    let batch = blocking(|| {
        made_batch(
            &srv,
            srv.sk().expect("sk"),
            &["mobile_money,abc,mpesa,0812,Amani,R2".into()],
        )
    });
    as_member(&srv, ADMIN, ADMIN_PASSWORD, async |client, axe| {
        for lang in LANGS {
            in_lang(client, &srv, lang).await;
            client
                .goto(&format!("{}/console/payouts/{batch}", srv.origin))
                .await
                .expect("open");
            wait_for_text(client, "table", "Amani").await;
            let why = if lang == "fr" {
                "aucune ligne n'est valide"
            } else {
                "no row is valid"
            };
            wait_for_text(client, "#blockers", why).await;
            assert!(
                !has(client, "#approve").await,
                "no Approve on a batch that cannot be approved"
            );
            let cancel_class = client
                .find(Locator::Id("cancel-submit"))
                .await
                .expect("cancel")
                .attr("class")
                .await
                .expect("class");
            assert_eq!(
                cancel_class.as_deref(),
                Some("danger"),
                "cancel looks destructive"
            );
            capture_as(client, axe, "after-8", &format!("batch-blocked-{lang}")).await;
        }
    });
}

#[test]
fn a_webhook_endpoint_shows_the_delivery_error_and_is_tested_disabled_and_deleted() {
    let srv = start();
    let endpoint = blocking(|| {
        let made = srv.post(
            "/webhook_endpoints",
            srv.sk(),
            &json!({"url": "http://127.0.0.1:9/hooks"}),
            Some(&ik()),
        );
        assert_eq!(made.status, 201, "{made:?}");
        id_of(&made.body)
    });
    blocking(|| settled_payment(&srv, 10_000));
    as_member(&srv, OWNER, OWNER_PASSWORD, async |client, axe| {
        let page = format!("{}/console/developers/webhooks/{endpoint}", srv.origin);
        client.goto(&page).await.expect("open");
        // The error the API recorded, not an empty response.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        loop {
            client.goto(&page).await.expect("open");
            let text = client
                .find(Locator::Css("main"))
                .await
                .expect("main")
                .text()
                .await
                .expect("text");
            if text.to_lowercase().contains("refused") || text.to_lowercase().contains("connect") {
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "no delivery error shown: {text}"
            );
            tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        }
        for lang in LANGS {
            in_lang(client, &srv, lang).await;
            client.goto(&page).await.expect("open");
            capture_as(client, axe, "after-11", &format!("webhook-endpoint-{lang}")).await;
        }
        in_lang(client, &srv, "en").await;
        client.goto(&page).await.expect("open");
        let rows_before = client
            .find_all(Locator::Css("table tbody tr"))
            .await
            .expect("rows")
            .len();
        click(client, "send-test-submit").await;
        wait_for_text(client, "#flash", "Test event sent").await;
        let rows_after = client
            .find_all(Locator::Css("table tbody tr"))
            .await
            .expect("rows")
            .len();
        assert_eq!(rows_after, rows_before + 1, "the test delivery is listed");
        click(client, "disable-endpoint-submit").await;
        wait_for_text(client, "#flash", "Endpoint disabled").await;
        assert!(has(client, "#enable-endpoint").await);
        click(client, "delete-endpoint-submit").await;
        wait_for_text(client, "#flash", "Endpoint deleted").await;
    });
    let gone = blocking(|| srv.get(&format!("/webhook_endpoints/{endpoint}"), srv.sk()));
    assert_eq!(gone.status, 404, "{gone:?}");
}

#[test]
fn a_restricted_key_is_made_from_the_scope_picker() {
    let srv = start();
    let secret = as_member(&srv, OWNER, OWNER_PASSWORD, async |client, axe| {
        for lang in LANGS {
            in_lang(client, &srv, lang).await;
            click(client, "nav-developers").await;
            capture_as(client, axe, "after-11", &format!("key-scopes-{lang}")).await;
        }
        in_lang(client, &srv, "en").await;
        click(client, "nav-developers").await;
        type_into(client, "key-label", "shop").await;
        choose(client, "scope-payment_intents", "write").await;
        choose(client, "scope-refunds", "read").await;
        click(client, "create-key-submit").await;
        let secret = wait_for_text(client, "#secret", "rk_test_").await;
        secret.trim().to_string()
    });
    let read = blocking(|| srv.get("/payment_intents", Some(&secret)));
    assert_eq!(read.status, 200, "write includes read: {read:?}");
    let refused = blocking(|| srv.get("/payouts", Some(&secret)));
    assert_eq!(refused.status, 403, "none is none: {refused:?}");
}

#[test]
fn a_parked_payout_is_reviewed_from_needs_attention() {
    let srv = start();
    settled_payment(&srv, 50_000);
    let held = blocking(|| held_payout(&srv));
    let parked = |srv: &TestServer| {
        srv.get(&format!("/payouts/{held}"), srv.sk()).body["status"] == "NEEDS_REVIEW"
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !parked(&srv) {
        assert!(
            std::time::Instant::now() < deadline,
            "the payout never parked"
        );
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    let axe = axe_source();
    let (_driver, port) = start_driver();
    runtime().block_on(async {
        let client = browser(port).await;
        client.set_window_size(1280, 800).await.expect("size");
        sign_in(&client, &srv, FINANCE, FINANCE_PASSWORD).await;
        wait_for_text(&client, "#needs-attention", &held).await;
        for lang in LANGS {
            in_lang(&client, &srv, lang).await;
            capture_as(
                &client,
                &axe,
                "after-review",
                &format!("needs-attention-{lang}"),
            )
            .await;
            client.set_window_size(1280, 800).await.expect("size");
            click(&client, &format!("review-{held}")).await;
            wait_for_text(&client, "h1", &held).await;
            capture_as(&client, &axe, "after-review", &format!("form-{lang}")).await;
            client
                .goto(&format!("{}/console", srv.origin))
                .await
                .expect("home");
        }
        in_lang(&client, &srv, "en").await;
        click(&client, &format!("review-{held}")).await;
        choose(&client, "review-outcome", "returned").await;
        type_into(&client, "review-reference", "MPESA-STATEMENT-0412").await;
        type_into(&client, "review-note", "not on the operator's statement").await;
        click(&client, "review-submit").await;
        wait_for_text(&client, "#flash", "Decision recorded").await;
        wait_for_text(&client, "#attention-count", "0").await;
    });
    let payout = blocking(|| srv.get(&format!("/payouts/{held}"), srv.sk()));
    assert_eq!(payout.body["status"], "FAILED", "{payout:?}");
}

#[test]
fn the_statement_pdf_points_no_reader_to_the_docs() {
    let source = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/domain/settlement/pdf.rs"
    ))
    .expect("pdf.rs");
    let written: Vec<&str> = source
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .filter(|l| l.contains("docs/") || l.contains("spec section"))
        .collect();
    assert!(written.is_empty(), "{written:?}");
}

#[test]
fn an_ambiguous_payment_is_reviewed_from_needs_attention_in_french_on_a_phone() {
    let srv = start();
    let id = id_of(&create(
        &srv,
        &crate::support::intents::mm(crate::support::intents::AMBIGUOUS),
    ));
    as_member(&srv, OWNER, OWNER_PASSWORD, async |client, axe| {
        in_lang(client, &srv, "fr").await;
        client.set_window_size(390, 844).await.expect("phone");
        wait_for_text(client, "#needs-attention", &id).await;
        click(client, &format!("review-{id}")).await;
        wait_for_text(client, "h1", &id).await;
        choose(client, "review-outcome", "not_paid").await;
        type_into(
            client,
            "review-reference",
            "Relevé M-Pesa du 3 mars, ligne 12",
        )
        .await;
        capture_as(client, axe, "after-review", "ambiguous-form-fr").await;
        click(client, "review-submit").await;
        wait_for_text(client, "#flash", "Décision enregistrée").await;
        wait_for_text(client, "#attention-count", "0").await;
    });
    let intent = blocking(|| srv.get(&format!("/payment_intents/{id}"), srv.sk()));
    assert_ne!(intent.body["status"], "AMBIGUOUS", "{intent:?}");
    let note = intent.body["review"].to_string();
    assert!(note.contains("ligne 12"), "the evidence is kept: {note}");
}
