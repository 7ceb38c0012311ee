//! The payer's pages in a real browser (issue 48, items 1 to 5): each
//! journey on a phone (390×844) and a desktop (1280×800), in English and
//! French, checked with the console's axe-core helper; screenshots to
//! `target/browser-artifacts/payer-*.png`. A last test opens every payer
//! page in both languages and fails on an error box, a raw enum, a raw JSON
//! answer or a page wider than a phone.

use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use crate::browser::{
    artifacts, blocking, browser, start_driver, type_into, wait_for_text, wait_for_url,
};
use crate::console_browser::{axe_source, capture_as, runtime};
use crate::support::TestServer;
use crate::support::ik;
use crate::support::intents::{body, create, id_of};

const LANGS: [&str; 2] = ["en", "fr"];

/// Screenshots of the current page at both sizes (the console's helper:
/// axe and a page wider than its window), then back to the phone.
async fn capture(client: &Client, axe: &str, name: &str) {
    capture_as(client, axe, "payer", name).await;
    client.set_window_size(390, 844).await.expect("phone");
}

fn make_intent(srv: &TestServer, extra: Value) -> Value {
    let mut input = body(json!({
        "description": "School fees",
        "reference": "INV-2041",
        "success_url": format!("{}/status?paid=1", srv.base_url),
        "cancel_url": format!("{}/sandbox?back=1", srv.base_url),
    }));
    for (k, v) in extra.as_object().into_iter().flatten() {
        input[k] = v.clone();
    }
    create(srv, &input)
}

fn page_url(intent: &Value, lang: &str) -> String {
    format!(
        "{}&lang={lang}",
        intent["checkout_url"].as_str().expect("checkout_url")
    )
}

fn status_of(srv: &TestServer, id: &str) -> String {
    srv.get(&format!("/payment_intents/{id}"), srv.sk()).body["status"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

async fn click(client: &Client, id: &str) {
    client
        .find(Locator::Id(id))
        .await
        .expect(id)
        .click()
        .await
        .expect("click");
}

async fn visible(client: &Client, id: &str) -> bool {
    match client.find(Locator::Id(id)).await {
        Ok(e) => e.is_displayed().await.unwrap_or(false),
        Err(_) => false,
    }
}

#[test]
fn leaving_the_checkout_keeps_the_payment_open_and_only_a_confirmed_choice_cancels_it() {
    let srv = TestServer::start();
    let (_driver, port) = start_driver();
    runtime().block_on(async {
        let client = browser(port).await;
        let axe = axe_source();
        for lang in LANGS {
            let intent = blocking(|| make_intent(&srv, json!({})));
            let id = id_of(&intent);
            client.goto(&page_url(&intent, lang)).await.expect("open");
            let back = wait_for_text(
                &client,
                "#back",
                if lang == "fr" { "Retour à" } else { "Back to" },
            )
            .await;
            assert!(back.contains("Sandbox"), "{back}");
            capture(&client, &axe, &format!("1-checkout-{lang}")).await;
            click(&client, "back").await;
            wait_for_url(&client, &format!("{}/sandbox?back=1", srv.base_url)).await;
            assert_eq!(blocking(|| status_of(&srv, &id)), "REQUIRES_PAYMENT_METHOD");
            // The merchant's link still works: the payer comes back and pays.
            client
                .goto(&page_url(&intent, lang))
                .await
                .expect("open again");
            type_into(&client, "msisdn", "+243000000501").await;
            click(&client, "pay").await;
            wait_for_url(&client, &format!("{}/status?paid=1", srv.base_url)).await;
        }
        // Cancelling is a confirmed choice behind its own disclosure.
        let intent = blocking(|| make_intent(&srv, json!({})));
        let id = id_of(&intent);
        client.goto(&page_url(&intent, "fr")).await.expect("open");
        assert!(
            !visible(&client, "cancel").await,
            "the cancel button is behind its confirmation"
        );
        client
            .find(Locator::Css("#cancel-box summary"))
            .await
            .expect("summary")
            .click()
            .await
            .expect("open");
        capture(&client, &axe, "1-cancel-confirm-fr").await;
        click(&client, "cancel").await;
        wait_for_url(&client, &format!("{}/sandbox?back=1", srv.base_url)).await;
        assert_eq!(blocking(|| status_of(&srv, &id)), "CANCELLED");
        client.close().await.expect("close");
    });
}

#[test]
fn bank_transfer_is_not_the_default_lets_the_payer_switch_back_and_shows_what_remains() {
    let srv = TestServer::start();
    let (_driver, port) = start_driver();
    runtime().block_on(async {
        let client = browser(port).await;
        let axe = axe_source();
        for lang in LANGS {
            let intent =
                blocking(|| make_intent(&srv, json!({"rails": ["bank", "card", "mobile_money"]})));
            let id = id_of(&intent);
            client.goto(&page_url(&intent, lang)).await.expect("open");
            let selected = client
                .find(Locator::Id("tab-mobile_money"))
                .await
                .expect("tab")
                .attr("aria-selected")
                .await
                .expect("attr");
            assert_eq!(
                selected.as_deref(),
                Some("true"),
                "mobile money opens first"
            );
            click(&client, "tab-bank").await;
            click(&client, "bank-start").await;
            wait_for_text(&client, "#reference .reference", "PI").await;
            let expires = wait_for_text(&client, "#bank_expires", "").await;
            assert!(
                expires.contains("UTC") || expires.contains("GMT"),
                "a time zone: {expires}"
            );
            assert!(visible(&client, "tabs").await, "the other methods stay");
            let copies = client
                .find_all(Locator::Css("button.copy"))
                .await
                .expect("copies");
            assert_eq!(copies.len(), 3, "account number, reference, amount");
            assert!(copies[0].is_displayed().await.expect("shown"));
            capture(&client, &axe, &format!("2-bank-details-{lang}")).await;
            // The payer changes their mind: mobile money pays the same intent.
            click(&client, "tab-mobile_money").await;
            type_into(&client, "msisdn", "+243000000501").await;
            click(&client, "pay").await;
            wait_for_url(&client, &format!("{}/status?paid=1", srv.base_url)).await;
            let paid = blocking(|| srv.get(&format!("/payment_intents/{id}"), srv.sk())).body;
            assert!(
                paid["amount_received_minor"].as_i64().unwrap_or(0) == 10_000,
                "{paid}"
            );

            // A partial credit: the page asks for what remains, by bank only.
            let intent = blocking(|| make_intent(&srv, json!({"rails": ["bank", "mobile_money"]})));
            client.goto(&page_url(&intent, lang)).await.expect("open");
            click(&client, "tab-bank").await;
            click(&client, "bank-start").await;
            let reference = wait_for_text(&client, "#reference .reference", "PI").await;
            let credit = blocking(|| {
                srv.post(
                    "/sandbox/bank_credits",
                    srv.sk(),
                    &json!({"reference": reference, "amount_minor": 4_000, "currency": "CDF"}),
                    Some(&ik()),
                )
            });
            assert_eq!(credit.body["outcome"], "partial", "{credit:?}");
            client.refresh().await.expect("reload");
            let remaining = wait_for_text(&client, "#bank_amount", "60").await;
            assert!(
                remaining.contains(if lang == "fr" {
                    "60,00 CDF"
                } else {
                    "60.00 CDF"
                }),
                "{remaining}"
            );
            wait_for_text(&client, "#bank_received", "40").await;
            assert!(
                !visible(&client, "tabs").await,
                "a transfer partly received is finished by bank"
            );
            capture(&client, &axe, &format!("2-bank-partial-{lang}")).await;
        }
        client.close().await.expect("close");
    });
}

#[test]
fn a_payer_types_the_amount_of_a_link_in_their_own_format_within_its_bounds() {
    let srv = TestServer::start();
    let (_driver, port) = start_driver();
    runtime().block_on(async {
        let client = browser(port).await;
        let axe = axe_source();
        let link = blocking(|| {
            srv.post(
                "/payment_links",
                srv.sk(),
                &json!({"currency": "CDF", "reusable": true, "description": "Donation",
                    "minimum_amount_minor": 1_000, "maximum_amount_minor": 500_000}),
                Some(&ik()),
            )
        });
        assert_eq!(link.status, 201, "{link:?}");
        assert_eq!(link.body["maximum_amount_minor"], 500_000);
        let url = link.body["url"].as_str().expect("url").to_string();
        for (lang, typed, shown, hint) in [
            (
                "en",
                "1,000.50",
                "1,000.50 CDF",
                "Between 10.00 CDF and 5,000.00 CDF",
            ),
            (
                "fr",
                "1 000,50",
                "1 000,50 CDF",
                "Entre 10,00 CDF et 5 000,00 CDF",
            ),
        ] {
            client
                .goto(&format!("{url}?lang={lang}"))
                .await
                .expect("open");
            wait_for_text(&client, "#amount-hint", hint).await;
            let label = wait_for_text(&client, "label[for=amount]", "CDF").await;
            assert!(
                label.contains(if lang == "fr" { "Montant" } else { "Amount" }),
                "{label}"
            );
            capture(&client, &axe, &format!("3-link-{lang}")).await;
            // Not a number: refused in place, with what was typed kept.
            type_into(&client, "amount", "abc").await;
            click(&client, "continue").await;
            wait_for_text(
                &client,
                "#amount-error",
                if lang == "fr" { "chiffres" } else { "numbers" },
            )
            .await;
            let kept = client
                .find(Locator::Id("amount"))
                .await
                .expect("amount")
                .prop("value")
                .await
                .expect("value");
            assert_eq!(kept.as_deref(), Some("abc"));
            capture(&client, &axe, &format!("3-link-refused-{lang}")).await;
            // Above the maximum.
            type_into(&client, "amount", "9 999").await;
            click(&client, "continue").await;
            wait_for_text(
                &client,
                "#amount-error",
                if lang == "fr" { "au plus" } else { "at most" },
            )
            .await;
            // The payer's own format pays.
            type_into(&client, "amount", typed).await;
            click(&client, "continue").await;
            wait_for_url(&client, &format!("{}/pay/pi_", srv.origin)).await;
            wait_for_text(&client, "#amount", shown).await;
        }
        client.close().await.expect("close");
    });
}

#[test]
fn a_paid_payment_has_a_receipt_page_and_pdf_reachable_again_from_its_link() {
    let srv = TestServer::start();
    let (_driver, port) = start_driver();
    runtime().block_on(async {
        let client = browser(port).await;
        let axe = axe_source();
        for lang in LANGS {
            let intent = blocking(|| make_intent(&srv, json!({"success_url": null})));
            let id = id_of(&intent);
            client.goto(&page_url(&intent, lang)).await.expect("open");
            type_into(&client, "msisdn", "+243000000501").await;
            click(&client, "pay").await;
            wait_for_text(&client, "#status.done", "").await;
            // The link the payer holds leads to the receipt once paid.
            client
                .goto(&page_url(&intent, lang))
                .await
                .expect("open again");
            click(&client, "receipt-link").await;
            wait_for_url(&client, &format!("{}/pay/{id}/receipt", srv.origin)).await;
            let text = wait_for_text(&client, "#receipt", "INV-2041").await;
            for needle in [
                id.as_str(),
                "+243000000501",
                "Sandbox",
                "School fees",
                "UTC",
            ] {
                assert!(text.contains(needle), "{needle} in {text}");
            }
            assert!(
                text.contains(if lang == "fr" {
                    "100,00 CDF"
                } else {
                    "100.00 CDF"
                }),
                "{text}"
            );
            capture(&client, &axe, &format!("4-receipt-{lang}")).await;
            let pdf = client
                .find(Locator::Id("pdf"))
                .await
                .expect("pdf")
                .attr("href")
                .await
                .expect("href")
                .expect("href");
            let bytes = blocking(|| {
                reqwest::blocking::get(format!("{}{}", srv.origin, pdf))
                    .expect("pdf")
                    .bytes()
                    .expect("bytes")
            });
            assert!(bytes.starts_with(b"%PDF"), "a PDF");
            let file = artifacts().join(format!("payer-4-receipt-{lang}.pdf"));
            std::fs::write(&file, &bytes).expect("save");
            let out = std::process::Command::new("pdftotext")
                .arg(&file)
                .arg("-")
                .output()
                .expect("pdftotext");
            let read = String::from_utf8_lossy(&out.stdout);
            for needle in [
                id.as_str(),
                "+243000000501",
                "INV-2041",
                if lang == "fr" {
                    "Reçu de paiement"
                } else {
                    "Payment receipt"
                },
            ] {
                assert!(read.contains(needle), "{needle} in the PDF: {read}");
            }
        }
        // No receipt before the payment.
        let unpaid = blocking(|| make_intent(&srv, json!({})));
        let receipt = unpaid["checkout_url"]
            .as_str()
            .expect("url")
            .replace("?t=", "/receipt?t=");
        client.goto(&receipt).await.expect("open");
        wait_for_text(&client, "#title", "Receipt").await;
        client.close().await.expect("close");
    });
}

#[test]
fn line_items_amounts_in_the_payers_locale_and_the_checkout_without_script() {
    let srv = TestServer::start();
    let (_driver, port) = start_driver();
    runtime().block_on(async {
        let client = browser(port).await;
        let axe = axe_source();
        let session = blocking(|| {
            srv.post("/checkout_sessions", srv.sk(),
            &json!({"line_items": [{"name": "Rice", "quantity": 2, "unit_amount_minor": 125_000},
                                   {"name": "Beans", "quantity": 1, "unit_amount_minor": 50_000}],
                    "currency": "CDF"}), Some(&ik()))
        });
        let url = session.body["url"].as_str().expect("url").to_string();
        for (lang, total, line) in [
            ("en", "3,000.00 CDF", "2,500.00 CDF"),
            ("fr", "3 000,00 CDF", "2 500,00 CDF"),
        ] {
            client
                .goto(&format!("{url}&lang={lang}"))
                .await
                .expect("open");
            wait_for_text(&client, "#amount", total).await;
            let rows = client
                .find_all(Locator::Css("#items tbody tr"))
                .await
                .expect("rows");
            assert_eq!(rows.len(), 2);
            let first = rows[0].text().await.expect("row");
            assert!(
                first.contains("Rice") && first.contains(line) && first.contains('2'),
                "{first}"
            );
            capture(&client, &axe, &format!("5-items-{lang}")).await;
        }
        client.close().await.expect("close");
    });
    // Without a script the form posts (the number never in a URL) and the page follows.
    let intent = make_intent(&srv, json!({}));
    let page = intent["checkout_url"].as_str().expect("url").to_string();
    let no_redirect = reqwest::blocking::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    let html = no_redirect
        .get(&page)
        .send()
        .expect("page")
        .text()
        .expect("html");
    assert!(html.contains("method=\"post\""), "the form posts");
    let posted = no_redirect
        .post(format!("{page}&lang=fr"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("rail=mobile_money&operator=&msisdn=%2B243000000501")
        .send()
        .expect("post");
    assert_eq!(posted.status().as_u16(), 303);
    let location = posted.headers()["location"]
        .to_str()
        .expect("location")
        .to_string();
    assert!(
        location.starts_with(&format!("/pay/{}?t=", id_of(&intent))) && !location.contains("243"),
        "{location}"
    );
    let refused = no_redirect
        .post(format!("{page}&lang=fr"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("rail=mobile_money&msisdn=")
        .send()
        .expect("post");
    assert_eq!(refused.status().as_u16(), 200);
    let html = refused.text().expect("html");
    assert!(
        html.contains("Aucun portefeuille"),
        "the refusal in the payer's words"
    );
}

#[test]
fn every_payer_page_in_both_languages_shows_no_error_box_raw_enum_or_json_and_fits_a_phone() {
    let srv = TestServer::start();
    let (_driver, port) = start_driver();
    runtime().block_on(async {
        let client = browser(port).await;
        client.set_window_size(390, 844).await.expect("phone");
        let open = blocking(|| make_intent(&srv, json!({"rails": ["mobile_money", "card", "bank"]})));
        let paid = blocking(|| make_intent(&srv, json!({})));
        let pid = id_of(&paid);
        blocking(|| srv.post(&format!("/payment_intents/{pid}/confirm"), srv.sk(), &json!({"customer_msisdn": "+243000000501"}), Some(&ik())));
        let fixed = blocking(|| srv.post("/payment_links", srv.sk(), &json!({"amount_minor": 2_500, "currency": "CDF", "description": "Ticket"}), Some(&ik()))).body;
        let chosen = blocking(|| srv.post("/payment_links", srv.sk(), &json!({"currency": "CDF"}), Some(&ik()))).body;
        let session = blocking(|| srv.post("/checkout_sessions", srv.sk(),
            &json!({"line_items": [{"name": "Rice", "quantity": 2, "unit_amount_minor": 1500}], "currency": "CDF"}), Some(&ik()))).body;
        let receipt = paid["checkout_url"].as_str().expect("url").replace("?t=", "/receipt?t=");
        let plan = blocking(|| srv.post("/plans", srv.sk(), &json!({"name": "School meals", "currency": "CDF",
            "amount_minor": 12_000, "interval": "month", "trial_days": 7, "code": "every-page"}), Some(&ik()))).body;
        let request = blocking(|| srv.post("/money_requests", srv.sk(),
            &json!({"payer": "+243000000777", "amount_minor": 7_500, "currency": "CDF"}), Some(&ik()))).body;
        let card = blocking(|| make_intent(&srv, json!({"rails": ["card"]})));
        let card_id = id_of(&card);
        let challenge = blocking(|| srv.post(&format!("/payment_intents/{card_id}/confirm"), srv.sk(),
            &json!({"rail": "card", "card": {"number": "4000002760003184", "exp_month": 12, "exp_year": 2040, "cvc": "123"}}),
            Some(&ik()))).body;
        let account = blocking(|| srv.post("/accounts", srv.sk(), &json!({"business_name": "Boutique Amani",
            "type": "merchant", "email": "amani@example.com", "country": "CD"}), Some(&ik()))).body;
        let claim = blocking(|| srv.post(&format!("/accounts/{}/account_links", id_of(&account)), srv.sk(), &json!({}), Some(&ik()))).body;
        let then = |url: &str| if url.contains('?') { format!("{url}&") } else { format!("{url}?") };
        let pages = [
            ("checkout", format!("{}&", open["checkout_url"].as_str().expect("url"))),
            ("checkout-paid", format!("{}&", paid["checkout_url"].as_str().expect("url"))),
            ("receipt", format!("{receipt}&")),
            ("link-fixed", format!("{}?", fixed["url"].as_str().expect("url"))),
            ("link-chosen", format!("{}?", chosen["url"].as_str().expect("url"))),
            ("session", format!("{}&", session["url"].as_str().expect("url"))),
            ("subscribe", then(plan["subscribe_url"].as_str().expect("subscribe url"))),
            ("money-request", then(request["pay_url"].as_str().expect("pay url"))),
            ("card-check", then(challenge["next_action"]["url"].as_str().expect("challenge url"))),
            ("claim", then(claim["url"].as_str().expect("claim url"))),
            ("not-found", format!("{}/pay/pi_nothing?", srv.origin)),
        ];
        let raw_enum = regex_free_raw_enum;
        for lang in LANGS {
            for (name, url) in &pages {
                client.goto(&format!("{url}lang={lang}")).await.expect("open");
                let text = client.find(Locator::Css("body")).await.expect("body").text().await.expect("text");
                assert!(!text.trim_start().starts_with('{'), "{name} ({lang}) is raw JSON: {text}");
                assert!(raw_enum(&text).is_none(), "{name} ({lang}) shows {:?}", raw_enum(&text));
                let error_box = client.execute(
                    "var e = document.querySelector('.status.error, .error-text'); return !!e && e.offsetParent !== null && e.textContent.trim() !== '';",
                    vec![]).await.expect("error box");
                assert_eq!(error_box, Value::Bool(false), "{name} ({lang}) shows an error box");
                let fits = client.execute("return document.documentElement.scrollWidth <= window.innerWidth + 1", vec![]).await.expect("layout");
                assert_eq!(fits, Value::Bool(true), "{name} ({lang}) is wider than 390 px");
                if *name != "not-found" {
                    let lang_attr = client.execute("return document.documentElement.lang", vec![]).await.expect("lang");
                    assert_eq!(lang_attr, Value::String(lang.into()), "{name}");
                }
            }
        }
        client.close().await.expect("close");
    });
}

/// A word of the page written as a developer's enum (`REQUIRES_PAYMENT_METHOD`, `intent.captured`).
fn regex_free_raw_enum(text: &str) -> Option<String> {
    text.split(|c: char| c.is_whitespace() || ",;:()".contains(c))
        .find(|w| {
            let upper = w.len() > 3
                && w.contains('_')
                && w.chars().all(|c| c.is_ascii_uppercase() || c == '_');
            let dotted = w.starts_with("intent.") || w.starts_with("payment_intent.");
            upper || dotted
        })
        .map(str::to_string)
}
