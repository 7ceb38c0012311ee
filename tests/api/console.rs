//! The merchant console (issue 30) over plain HTTP: sign-in into a cookie,
//! the cookie's flags, CSRF refusals, role-filtered pages, actions through
//! the API's commands (audited with the member as actor) and logout. The
//! same pages in a real browser are in `console_browser.rs`.

use std::collections::BTreeMap;
use std::time::Duration;

use reqwest::blocking::Client;
use reqwest::redirect::Policy;
use serde_json::{Value, json};

use crate::support::TestServer;
use crate::support::intents::{body, create, id_of, wait_for_status};
use crate::team::{DEV, DEV_PASSWORD, OWNER, OWNER_PASSWORD, add_user};

pub const PAYS: &str = "+243000000501";
pub const FINANCE: &str = "finance@example.com";
pub const FINANCE_PASSWORD: &str = "finance-password-Hq4";
pub const FINANCE_PIN: &str = "246810";
pub const VIEWER: &str = "viewer@example.com";
pub const VIEWER_PASSWORD: &str = "viewer-password-Mn7";
pub const ADMIN: &str = "admin@example.com";
pub const ADMIN_PASSWORD: &str = "admin-password-Ur5";
pub const ADMIN_PIN: &str = "135790";

/// A server with a member of every role, a second organisation (`@beta`,
/// to send transfers to), and payments that settle quickly.
pub fn start() -> TestServer {
    let (srv, ()) = TestServer::start_with_args(
        &[
            "--sandbox-settlement-ms",
            "300",
            "--webhook-egress",
            "local",
        ],
        |dir| {
            add_user(dir, OWNER, "owner", OWNER_PASSWORD, crate::team::OWNER_PIN);
            add_user(dir, DEV, "developer", DEV_PASSWORD, crate::team::DEV_PIN);
            add_user(dir, ADMIN, "admin", ADMIN_PASSWORD, ADMIN_PIN);
            add_user(dir, FINANCE, "finance", FINANCE_PASSWORD, FINANCE_PIN);
            add_user(dir, VIEWER, "viewer", VIEWER_PASSWORD, "111222");
            crate::support::orgs::add_org(dir, "@beta", "owner@beta.example");
        },
    );
    srv
}

/// A browser without JavaScript: cookies kept by hand, redirects not followed.
pub struct Visitor<'a> {
    srv: &'a TestServer,
    client: Client,
    pub cookies: BTreeMap<String, String>,
}

pub struct Page {
    pub status: u16,
    pub headers: reqwest::header::HeaderMap,
    pub text: String,
}

impl Page {
    pub fn location(&self) -> &str {
        self.headers
            .get("location")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }

    /// The value of hidden input `name` in the first form whose action is `action`.
    pub fn form_value(&self, action: &str, name: &str) -> String {
        let start = self
            .text
            .find(&format!("action=\"{action}\""))
            .unwrap_or_else(|| panic!("no form to {action} in {}", self.text));
        let rest = &self.text[start..];
        let needle = format!("name=\"{name}\" value=\"");
        let at = rest
            .find(&needle)
            .unwrap_or_else(|| panic!("no {name} in the form to {action}"));
        let value = &rest[at + needle.len()..];
        value[..value.find('"').expect("quote")].to_string()
    }
}

impl<'a> Visitor<'a> {
    pub fn new(srv: &'a TestServer) -> Visitor<'a> {
        let client = Client::builder()
            .no_proxy()
            .redirect(Policy::none())
            .timeout(Duration::from_secs(30))
            .build()
            .expect("client");
        Visitor {
            srv,
            client,
            cookies: BTreeMap::new(),
        }
    }

    fn cookie_header(&self) -> String {
        self.cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn keep_cookies(&mut self, headers: &reqwest::header::HeaderMap) {
        for value in headers.get_all("set-cookie") {
            let text = value.to_str().expect("ascii cookie");
            let pair = text.split(';').next().expect("pair");
            let (name, value) = pair.split_once('=').expect("name=value");
            if text.contains("Max-Age=0") {
                self.cookies.remove(name);
            } else {
                self.cookies.insert(name.to_string(), value.to_string());
            }
        }
    }

    pub fn get(&mut self, path: &str) -> Page {
        let response = self
            .client
            .get(format!("{}{path}", self.srv.origin))
            .header("cookie", self.cookie_header())
            .send()
            .expect("GET");
        self.page_of(response)
    }

    /// A form POST with `fields` as given and extra headers (no token added).
    pub fn post(&mut self, path: &str, fields: &[(&str, &str)], headers: &[(&str, &str)]) -> Page {
        let body: String = fields
            .iter()
            .map(|(k, v)| format!("{}={}", enc(k), enc(v)))
            .collect::<Vec<_>>()
            .join("&");
        let mut request = self
            .client
            .post(format!("{}{path}", self.srv.origin))
            .header("cookie", self.cookie_header())
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = request.send().expect("POST");
        self.page_of(response)
    }

    fn page_of(&mut self, response: reqwest::blocking::Response) -> Page {
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        self.keep_cookies(&headers);
        let text = response.text().expect("body");
        Page {
            status,
            headers,
            text,
        }
    }

    /// Signs in through the form; asserts it landed on the home page.
    pub fn sign_in(&mut self, email: &str, password: &str) -> Page {
        let form = self.get("/console/login");
        let token = form.form_value("/console/login", "login_token");
        let done = self.post(
            "/console/login",
            &[
                ("login_token", &token),
                ("email", email),
                ("password", password),
            ],
            &[],
        );
        assert_eq!(
            (done.status, done.location()),
            (303, "/console"),
            "{}",
            done.text
        );
        self.get("/console")
    }

    /// The CSRF token of the signed-in session, as a page shows it.
    pub fn csrf(&mut self) -> String {
        self.get("/console").form_value("/console/logout", "csrf")
    }
}

fn enc(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A captured payment of `amount` CDF, settled.
pub fn settled_payment(srv: &TestServer, amount: i64) -> Value {
    let intent = create(
        srv,
        &body(
            json!({"amount_minor": amount, "rails": ["mobile_money"], "customer_msisdn": PAYS,
                     "confirm": true, "reference": format!("INV-{amount}")}),
        ),
    );
    wait_for_status(srv, &id_of(&intent), "SETTLED", Duration::from_secs(10))
}

#[test]
fn signing_in_sets_a_strict_http_only_cookie_and_logout_ends_the_session() {
    let srv = start();
    let mut visitor = Visitor::new(&srv);
    // Without a session every page sends to the sign-in page.
    let page = visitor.get("/console/payments");
    assert_eq!((page.status, page.location()), (303, "/console/login"));
    // A wrong password is refused on the page, in French when asked.
    visitor.get("/console/lang/fr");
    let form = visitor.get("/console/login");
    let token = form.form_value("/console/login", "login_token");
    let wrong = visitor.post(
        "/console/login",
        &[
            ("login_token", &token),
            ("email", OWNER),
            ("password", "not-the-password"),
        ],
        &[],
    );
    assert_eq!(wrong.status, 401, "{}", wrong.text);
    assert!(
        wrong.text.contains("mot de passe est incorrect"),
        "{}",
        wrong.text
    );
    assert!(!visitor.cookies.contains_key("pg_session"));
    visitor.get("/console/lang/en");

    let form = visitor.get("/console/login");
    let token = form.form_value("/console/login", "login_token");
    let done = visitor.post(
        "/console/login",
        &[
            ("login_token", &token),
            ("email", OWNER),
            ("password", OWNER_PASSWORD),
        ],
        &[],
    );
    assert_eq!(done.status, 303, "{}", done.text);
    let cookie = done
        .headers
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().expect("ascii").to_string())
        .find(|c| c.starts_with("pg_session=sess_"))
        .expect("the session cookie");
    for flag in ["HttpOnly", "SameSite=Strict", "Path=/console"] {
        assert!(cookie.contains(flag), "{cookie} lacks {flag}");
    }
    assert!(
        !cookie.contains("Secure"),
        "plain http: no Secure flag ({cookie})"
    );
    let home = visitor.get("/console");
    assert_eq!(home.status, 200);
    let csp = home
        .headers
        .get("content-security-policy")
        .expect("csp")
        .to_str()
        .expect("ascii");
    assert!(
        csp.contains("default-src 'none'") && csp.contains("script-src 'nonce-"),
        "{csp}"
    );
    assert!(
        home.text.contains("id=\"mode\"") && home.text.contains("Test mode"),
        "the switch is always there"
    );

    // The session the console holds is a real API session.
    let token = visitor.cookies["pg_session"].clone();
    assert_eq!(srv.get("/sessions/current", Some(&token)).status, 200);
    let csrf = visitor.csrf();
    let out = visitor.post(
        "/console/logout",
        &[("csrf", &csrf), ("form_token", "f1")],
        &[],
    );
    assert_eq!((out.status, out.location()), (303, "/console/login"));
    assert!(!visitor.cookies.contains_key("pg_session"));
    assert_eq!(
        srv.get("/sessions/current", Some(&token)).status,
        401,
        "logged out in the API too"
    );
}

#[test]
fn a_post_without_the_csrf_token_or_from_another_origin_is_refused_and_changes_nothing() {
    let srv = start();
    let intent = settled_payment(&srv, 20_000);
    let id = id_of(&intent);
    let mut visitor = Visitor::new(&srv);
    visitor.sign_in(OWNER, OWNER_PASSWORD);
    let csrf = visitor.csrf();
    let path = format!("/console/payments/{id}/refund");
    let fields = |csrf: &'static str| {
        vec![
            ("csrf", csrf),
            ("form_token", "t1"),
            ("amount_minor", "1000"),
            ("reason", "duplicate"),
        ]
    };
    // No token, a wrong token, and the right token from another site.
    let no_token = visitor.post(&path, &fields("")[1..], &[]);
    assert_eq!(no_token.status, 403, "{}", no_token.text);
    let wrong = visitor.post(&path, &fields("0123456789abcdef0123456789abcdef"), &[]);
    assert_eq!(wrong.status, 403);
    let csrf: &'static str = Box::leak(csrf.into_boxed_str());
    let foreign = visitor.post(&path, &fields(csrf), &[("origin", "https://evil.example")]);
    assert_eq!(foreign.status, 403);
    let cross = visitor.post(&path, &fields(csrf), &[("sec-fetch-site", "cross-site")]);
    assert_eq!(cross.status, 403);
    // A login form posted from another site is refused too.
    let login = visitor.post(
        "/console/login",
        &[("email", OWNER), ("password", OWNER_PASSWORD)],
        &[],
    );
    assert_eq!(login.status, 403, "no login token");
    let refunds = srv.get(&format!("/refunds?payment_intent={id}"), srv.sk());
    assert_eq!(
        refunds.body["data"].as_array().expect("data").len(),
        0,
        "nothing was refunded"
    );
    // The same form from the console itself goes through.
    let done = visitor.post(&path, &fields(csrf), &[("origin", srv.origin.as_str())]);
    assert_eq!(done.status, 303, "{}", done.text);
    let refunds = srv.get(&format!("/refunds?payment_intent={id}"), srv.sk());
    assert_eq!(
        refunds.body["data"][0]["amount_minor"], 1_000,
        "{refunds:?}"
    );
    // Audited with the member as actor, in the refund's transaction.
    let owner = crate::team::login(&srv, OWNER, OWNER_PASSWORD);
    let log = srv.get("/audit_log?limit=100", Some(&owner));
    let entry = log.body["data"]
        .as_array()
        .expect("data")
        .iter()
        .find(|e| e["action"] == "console.request")
        .cloned()
        .unwrap_or_else(|| panic!("no console.request in {log:?}"));
    assert_eq!(
        (entry["actor_type"].as_str(), entry["email"].as_str()),
        (Some("member"), Some(OWNER)),
        "{entry}"
    );
    assert_eq!(entry["details"]["request"], "POST /refunds", "{entry}");
}
