//! Public pages that read or act by a code (issue 44, finding 5): a GET never
//! creates, a form post needs the token its page rendered, one per-address
//! limiter covers every code-addressed page and `POST /resolve`, and money
//! request codes carry at least 80 bits.

use reqwest::blocking::{Client, Response};
use serde_json::{Value, json};

use crate::support::ik;
use crate::support::{TestServer, assert_error, data_of};

/// A client that does not follow redirects and keeps no cookies: each
/// test sends the form cookie itself.
pub(crate) fn client() -> Client {
    Client::builder()
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client")
}

#[track_caller]
fn intents_count(srv: &TestServer) -> usize {
    data_of(&srv.get("/payment_intents?limit=200", srv.sk())).len()
}

fn link(srv: &TestServer, body: Value) -> Value {
    let link = srv.post("/payment_links", srv.sk(), &body, Some(&ik()));
    assert_eq!(link.status, 201, "{link:?}");
    link.body
}

/// A rendered form: its `csrf` field and the cookie it was issued with.
pub(crate) struct Form {
    pub csrf: String,
    pub cookie: String,
}

pub(crate) fn form_of(page: Response) -> Form {
    assert_eq!(page.status().as_u16(), 200, "{page:?}");
    let cookie = page
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("pg_form="))
        .and_then(|c| c.split(';').next())
        .expect("form cookie")
        .to_string();
    let html = page.text().expect("html");
    let marker = "name=\"csrf\" value=\"";
    let at = html.find(marker).expect("csrf field") + marker.len();
    let csrf = html[at..].split('"').next().expect("value").to_string();
    Form { csrf, cookie }
}

pub(crate) fn post_form(url: &str, cookie: Option<&str>, body: &str) -> Response {
    let mut request = client()
        .post(url)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(body.to_string());
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    request.send().expect("post")
}

#[test]
fn visiting_a_reusable_link_creates_nothing_until_the_payer_posts_its_form() {
    // The limiter is off here: this test counts intents, not refusals.
    let srv = TestServer::start_args(&["--resolve-rate-limit", "0"]);
    let link = link(
        &srv,
        json!({"amount_minor": 700, "currency": "CDF", "reusable": true, "description": "Sac de riz"}),
    );
    let url = link["url"].as_str().expect("url").to_string();
    let client = client();
    for _ in 0..300 {
        let page = client.get(&url).send().expect("visit");
        assert_eq!(page.status().as_u16(), 200, "{page:?}");
    }
    assert_eq!(intents_count(&srv), 0, "300 visits made no intent");
    let page = client.get(&url).send().expect("visit");
    let form = form_of(page);

    // Without the form's token, or with another one, nothing is created.
    let bare = post_form(&url, None, "");
    assert_eq!(bare.status().as_u16(), 403);
    let forged = post_form(
        &url,
        Some(&form.cookie),
        "csrf=00112233445566778899aabbccddeeff",
    );
    assert_eq!(forged.status().as_u16(), 403);
    let no_cookie = post_form(&url, None, &format!("csrf={}", form.csrf));
    assert_eq!(no_cookie.status().as_u16(), 403);
    assert_eq!(intents_count(&srv), 0, "a refused post writes nothing");

    let paid = post_form(&url, Some(&form.cookie), &format!("csrf={}", form.csrf));
    assert_eq!(paid.status().as_u16(), 303, "{paid:?}");
    let location = paid.headers()["location"].to_str().expect("location");
    assert!(location.starts_with("/pay/pi_"), "{location}");
    assert_eq!(intents_count(&srv), 1, "the payer's post made one intent");
}

#[test]
fn a_payer_chosen_amount_is_posted_with_the_form_token() {
    let srv = TestServer::start_args(&["--resolve-rate-limit", "0"]);
    let link = link(&srv, json!({"currency": "USD", "reusable": true}));
    let url = link["url"].as_str().expect("url").to_string();
    let form = form_of(client().get(&url).send().expect("form"));
    let refused = post_form(&url, None, "amount=12.50");
    assert_eq!(refused.status().as_u16(), 403);
    assert_eq!(intents_count(&srv), 0);
    let chosen = post_form(
        &url,
        Some(&form.cookie),
        &format!("amount=12.50&csrf={}", form.csrf),
    );
    assert_eq!(chosen.status().as_u16(), 303, "{chosen:?}");
    assert_eq!(intents_count(&srv), 1);
}

#[test]
fn one_limiter_per_address_covers_every_code_page_and_resolve() {
    let srv = TestServer::start_args(&["--resolve-rate-limit", "4"]);
    let client = client();
    let origin = srv.root().url("");
    // A checkout URL with its token works whatever the budget: it is no guess.
    let intent = srv.post(
        "/payment_intents",
        srv.sk(),
        &json!({"amount_minor": 500, "currency": "CDF"}),
        Some(&ik()),
    );
    assert_eq!(intent.status, 201, "{intent:?}");
    let checkout = intent.body["checkout_url"]
        .as_str()
        .expect("checkout_url")
        .to_string();
    let spend = |client: &Client| {
        // Two guessed codes, a guessed page token, then a resolve: the same budget.
        let a = client
            .get(format!("{origin}/r/MR-AAAAAAAAAAAAAAAA"))
            .send()
            .expect("guess");
        let b = client
            .get(format!("{origin}/checkout/cs_00000000000000000000000000"))
            .send()
            .expect("guess");
        let c = client
            .get(format!("{origin}/pay/pi_00000000000000000000000000/status"))
            .header("x-page-token", "00000000000000000000000000000000")
            .send()
            .expect("guess");
        let d = srv.post("/resolve", None, &json!({"payload": "hello"}), None);
        (
            a.status().as_u16(),
            b.status().as_u16(),
            c.status().as_u16(),
            d.status,
        )
    };
    let first = spend(&client);
    assert_eq!(first, (404, 404, 404, 200), "within the budget");
    let mut limited = client
        .get(format!("{origin}/l/plink_00000000000000000000000000"))
        .send()
        .expect("page");
    if limited.status().as_u16() != 429 {
        // A new minute began between the calls: spend its budget too.
        spend(&client);
        limited = client
            .get(format!("{origin}/l/plink_00000000000000000000000000"))
            .send()
            .expect("page");
    }
    assert_eq!(limited.status().as_u16(), 429, "{limited:?}");
    let wait: u64 = limited.headers()["retry-after"]
        .to_str()
        .expect("header")
        .parse()
        .expect("seconds");
    assert!((1..=60).contains(&wait), "{wait}");
    assert!(
        limited
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("text/html")),
        "an HTML page answers with a page"
    );
    // The JSON routes answer with the error body, resolve included.
    assert_error(
        &srv.post("/resolve", None, &json!({"payload": "hello"}), None),
        429,
        "rate_limited",
    );
    let status = srv.root().get_with(
        "/pay/pi_00000000000000000000000000/status",
        None,
        &[("X-Page-Token", "00000000000000000000000000000000")],
    );
    assert_error(&status, 429, "rate_limited");
    assert!(status.header("retry-after").is_some());
    // The payer holding a real checkout URL is not refused, nor a keyed call.
    let page = client.get(&checkout).send().expect("checkout page");
    assert_eq!(page.status().as_u16(), 200, "{page:?}");
    assert_eq!(srv.get("/payment_links", srv.sk()).status, 200);
}

#[test]
fn the_subscribe_form_needs_its_token_and_a_refusal_writes_nothing() {
    let srv = TestServer::start_args(&["--resolve-rate-limit", "0"]);
    let plan = srv.post(
        "/plans",
        srv.sk(),
        &json!({"name": "Kinshasa Fibre", "currency": "CDF", "amount_minor": 10_000,
                "interval": "month", "code": "fibre-home"}),
        Some(&ik()),
    );
    assert_eq!(plan.status, 201, "{plan:?}");
    let url = plan.body["subscribe_url"]
        .as_str()
        .expect("subscribe_url")
        .to_string();
    let form = form_of(client().get(&url).send().expect("page"));
    let body = "msisdn=%2B243000000501";
    let subscriptions = |srv: &TestServer| data_of(&srv.get("/subscriptions", srv.sk())).len();
    assert_eq!(post_form(&url, None, body).status().as_u16(), 403);
    assert_eq!(
        post_form(&url, Some(&form.cookie), &format!("{body}&csrf=abc"))
            .status()
            .as_u16(),
        403
    );
    let other = form_of(client().get(&url).send().expect("page"));
    assert_eq!(
        post_form(
            &url,
            Some(&other.cookie),
            &format!("{body}&csrf={}", form.csrf)
        )
        .status()
        .as_u16(),
        403,
        "a token is bound to its own cookie"
    );
    assert_eq!(subscriptions(&srv), 0, "a refused post writes nothing");
    assert_eq!(intents_count(&srv), 0);
    let done = post_form(
        &url,
        Some(&form.cookie),
        &format!("{body}&csrf={}", form.csrf),
    );
    assert_eq!(done.status().as_u16(), 303, "{done:?}");
    assert_eq!(subscriptions(&srv), 1);
}

#[test]
fn new_money_request_codes_carry_at_least_80_bits() {
    let srv = TestServer::start();
    let created = srv.post(
        "/money_requests",
        srv.sk(),
        &json!({"payer": "+243000000501", "amount_minor": 4_200, "currency": "CDF",
                "description": "School fees", "expires_in_minutes": 60}),
        Some(&ik()),
    );
    assert_eq!(created.status, 201, "{created:?}");
    let code = created.body["code"].as_str().expect("code");
    let suffix = code.strip_prefix("MR-").expect("MR- prefix");
    // 32 symbols (no 0, O, 1, I): 5 bits each.
    let alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    assert!(suffix.chars().all(|c| alphabet.contains(c)), "{code}");
    assert!(suffix.chars().count() * 5 >= 80, "{code}");
    // The pay URL still opens by the code.
    let page = client()
        .get(srv.root().url(&format!("/r/{code}")))
        .send()
        .expect("page");
    assert_eq!(page.status().as_u16(), 303, "{page:?}");
}

/// A checkout session's URL carries a page token (issue 44: a code that
/// grants anything carries at least 80 bits; a session id has 64 random
/// ones): the page and `POST /resolve` need it, the id alone is unknown.
#[test]
fn a_checkout_sessions_page_needs_the_token_of_its_url() {
    let srv = TestServer::start();
    let session = srv.post(
        "/checkout_sessions",
        srv.sk(),
        &json!({"line_items": [{"name": "Rice", "quantity": 3, "unit_amount_minor": 1000}], "currency": "CDF"}),
        Some(&ik()),
    );
    assert_eq!(session.status, 201, "{session:?}");
    let url = session.body["url"].as_str().expect("url").to_string();
    let (bare, token) = url.split_once("?t=").expect("a token in the URL");
    assert_eq!(token.len(), 32, "128 bits: {url}");
    let client = client();
    let opened = client.get(&url).send().expect("page");
    assert!(opened.status().is_redirection(), "{}", opened.status());
    for guess in [bare.to_string(), format!("{bare}?t={}", "0".repeat(32))] {
        let refused = client.get(&guess).send().expect("page");
        assert_eq!(refused.status().as_u16(), 404, "{guess}");
        let resolved = srv.post("/resolve", None, &json!({"payload": guess}), None);
        assert_eq!(resolved.body["valid"], false, "{guess}: {resolved:?}");
    }
    let resolved = srv.post("/resolve", None, &json!({"payload": url}), None);
    assert_eq!(resolved.body["valid"], true, "{resolved:?}");
    // The expiry's event serves the working URL; the store keeps no token.
    let id = session.body["id"].as_str().expect("id");
    let expired = srv.post(
        &format!("/checkout_sessions/{id}/expire"),
        srv.sk(),
        &json!({}),
        None,
    );
    assert_eq!(expired.status, 200, "{expired:?}");
    let events = srv.get("/events?type=checkout.session.expired", srv.sk());
    let page = format!("/checkout/{id}?t={token}");
    assert!(events.text.contains(page.as_str()), "{events:?}");
    let mut srv = srv;
    srv.kill();
    let store = crate::support::stored_bytes(&srv.data_dir);
    let needle = format!("t={token}");
    assert!(
        !store.windows(needle.len()).any(|w| w == needle.as_bytes()),
        "a session page token in the store file"
    );
    srv.start_again();
}

#[test]
fn an_unknown_page_answers_a_browser_with_a_page_and_an_api_client_with_json() {
    let srv = TestServer::start();
    let browser = srv.root().get_with(
        "/no-such-page",
        None,
        &[
            ("accept", "text/html,application/xhtml+xml,*/*;q=0.8"),
            ("accept-language", "fr-FR,fr;q=0.9"),
        ],
    );
    assert_eq!(browser.status, 404, "{browser:?}");
    assert!(
        browser
            .header("content-type")
            .unwrap_or("")
            .starts_with("text/html"),
        "{browser:?}"
    );
    assert!(
        browser.text.contains("Page introuvable"),
        "{}",
        browser.text
    );
    assert!(
        browser.text.contains("id=\"back\""),
        "a way back: {}",
        browser.text
    );
    let client = srv
        .root()
        .get_with("/no-such-page", None, &[("accept", "application/json")]);
    assert_eq!(client.status, 404);
    assert_eq!(client.body["code"], "route_not_found", "{client:?}");
    // Under the API's prefix a browser gets the JSON too.
    let api = srv
        .root()
        .get_with("/v1/no-such-thing", None, &[("accept", "text/html")]);
    assert_eq!(api.body["code"], "route_not_found", "{api:?}");
    // A payer's not-found page offers the way back too.
    let payer = srv
        .root()
        .get_with("/pay/pi_doesnotexist?t=x", None, &[("accept", "text/html")]);
    assert_eq!(payer.status, 404, "{payer:?}");
    assert!(payer.text.contains("id=\"back\""), "{}", payer.text);
}
