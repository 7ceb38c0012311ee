//! Who is at the keyboard, and that the request came from the console itself.
//!
//! - The session: login goes through the API's `POST /sessions` (its
//!   throttle, lockout and audit entries); the token it returns is kept in
//!   the `pg_session` cookie (`HttpOnly`, `SameSite=Strict`, `Path=/console`,
//!   `Secure` when the public URL is https), never shown to a script.
//! - CSRF: every POST carries the session's CSRF token, a digest of the
//!   session token (so it needs no storage, changes with every session, and
//!   cannot be computed without the cookie). A POST whose `Origin` is
//!   another site, or whose `Sec-Fetch-Site` says cross-site, is refused
//!   before anything else. Login itself, before a session, uses a
//!   double-submit token (`pg_login` cookie and form field).

use std::collections::HashMap;
use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Path, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use super::api::{self, Answer, Call};
use super::html::{minor_of, w};
use super::layout::{self, Flash};
use super::words::{Lang, t};
use super::{Console, Member};
use crate::domain::team;
use crate::mode::Mode;

const SESSION_COOKIE: &str = "pg_session";
const MODE_COOKIE: &str = "pg_mode";
const LANG_COOKIE: &str = "pg_lang";
const LOGIN_COOKIE: &str = "pg_login";
pub const FLASH_COOKIE: &str = "pg_flash";
/// Form fields a console POST may carry at most (a CSV is one field).
const FORM_FIELDS_MAX: usize = 64;

/// The value of cookie `name` in the request.
fn cookie<'h>(headers: &'h HeaderMap, name: &'h str) -> Option<&'h str> {
    crate::http::extract::cookies(headers, name).next()
}

/// A `Set-Cookie` value with the console's flags; `max_age_secs` 0 deletes it.
pub fn set_cookie(console: &Console, name: &str, value: &str, max_age_secs: i64) -> HeaderValue {
    let secure = if console.app.settings.public_url.starts_with("https://") {
        "; Secure"
    } else {
        ""
    };
    let text = format!(
        "{name}={value}; Path=/console; HttpOnly; SameSite=Strict; Max-Age={max_age_secs}{secure}"
    );
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static("x=; Max-Age=0"))
}

/// The CSRF token of a session: it proves the form was rendered for the
/// holder of the session cookie.
pub fn csrf_of(session_token: &str) -> String {
    let digest = Sha256::digest(format!("paygate-console-csrf\0{session_token}").as_bytes());
    hex::encode(&digest[..16])
}

/// Constant-time comparison of two tokens.
fn same_token(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// Whether a state-changing request may come from this page's own origin:
/// `Sec-Fetch-Site` when the browser sends it (pages sent with
/// `no-referrer` post with `Origin: null`, so it comes first), else the
/// `Origin` against `Host`; neither (an old client) leaves it to the token.
pub fn same_origin(headers: &HeaderMap) -> bool {
    let text = |name| {
        headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    };
    if let Some(site) = text("sec-fetch-site") {
        return matches!(site, "same-origin" | "none");
    }
    let Some(origin) = text(header::ORIGIN.as_str()) else {
        return true;
    };
    let origin_host = origin.split_once("://").map(|(_, rest)| rest);
    matches!((origin_host, text(header::HOST.as_str())), (Some(o), Some(h)) if o.eq_ignore_ascii_case(h))
}

/// The language: the `pg_lang` cookie, else `Accept-Language`.
fn lang_of(headers: &HeaderMap) -> Lang {
    match cookie(headers, LANG_COOKIE) {
        Some("fr") => Lang::Fr,
        Some("en") => Lang::En,
        _ => crate::http::pages::language(None, headers),
    }
}

fn peer_of(parts: &Parts) -> Option<SocketAddr> {
    parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0)
}

/// The sign-in page for a request without a live session.
fn to_login() -> Response {
    layout::see_other("/console/login")
}

impl FromRequestParts<Console> for Member {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, console: &Console) -> Result<Self, Response> {
        let token = cookie(&parts.headers, SESSION_COOKIE).ok_or_else(to_login)?;
        let snapshot = console.app.store.snapshot().map_err(|_| to_login())?;
        let now = console.app.clock.now_ms();
        let session = team::session_by_token(&snapshot, token)
            .ok()
            .flatten()
            .filter(|s| s.live_at(now))
            .ok_or_else(to_login)?;
        let member = team::member(&snapshot, &session.member_id)
            .ok()
            .flatten()
            .filter(|m| m.active() && m.org == session.org)
            .ok_or_else(to_login)?;
        let mode = match cookie(&parts.headers, MODE_COOKIE) {
            Some("live") => Mode::Live,
            _ => Mode::Test,
        };
        Ok(Member {
            csrf: csrf_of(token),
            token: token.to_string(),
            member_id: member.id,
            email: member.email,
            role: member.role,
            mode,
            lang: lang_of(&parts.headers),
            peer: peer_of(parts),
            flash: cookie(&parts.headers, FLASH_COOKIE).and_then(Flash::decode),
        })
    }
}

/// A console POST: the member, and the form's fields after the origin and
/// the CSRF token were checked.
pub struct Post {
    pub member: Member,
    pub fields: HashMap<String, String>,
}

impl Post {
    pub fn field(&self, name: &str) -> &str {
        self.fields.get(name).map_or("", |v| v.trim())
    }

    /// The form's one-time token, the Idempotency-Key of its action.
    pub fn form_token(&self) -> &str {
        self.field("form_token")
    }

    /// Sets `body[name]` from the form's field of that name when the member
    /// filled it in (a `pin` for step-up, an optional note, ...).
    pub fn copy_filled(&self, body: &mut Value, name: &str) {
        if !self.field(name).is_empty() {
            body[name] = json!(self.field(name));
        }
    }

    /// The form's `amount`, typed in major units, as minor units of
    /// `currency`; else the notice that names what was typed.
    pub fn amount_minor(&self, currency: &str) -> Result<i64, Flash> {
        let typed = self.field("amount");
        minor_of(typed, currency).ok_or_else(|| Flash {
            good: false,
            text: format!(
                "{}: {typed:?} ({})",
                w(&self.member, "amount"),
                w(&self.member, "amount_hint")
            ),
            form: None,
            typed: Vec::new(),
        })
    }

    /// The form's action: `POST path` with `body` to the API as the member,
    /// the form's token as its Idempotency-Key.
    pub async fn send(&self, console: &Console, path: impl Into<String>, body: Value) -> Answer {
        api::send(
            &console.api,
            Call::post(&self.member, path, body, self.form_token()),
        )
        .await
    }

    /// `POST {api}/{id}/{action}` with `body` on an object of `kind`, then
    /// back (see [`Kind::page`]) with the action's notice. An `id` that is
    /// not one of `kind` sends nothing and goes back to its list.
    pub async fn act_on(
        &self,
        console: &Console,
        kind: &Kind,
        (id, action): (&str, &str),
        body: Value,
        done_key: &str,
    ) -> Response {
        if !crate::ids::is_id(id, kind.prefix) {
            return layout::see_other(kind.list);
        }
        let back = match kind.page {
            Some(page) => format!("{page}/{id}"),
            None => kind.list.to_string(),
        };
        let path = format!("{}/{id}/{action}", kind.api);
        self.act(console, path, body, &back, done_key).await
    }

    /// [`Post::act_on`] `approve`, with the PIN (step-up) when the member
    /// typed one.
    pub async fn approve(
        &self,
        console: &Console,
        kind: &Kind,
        id: &str,
        done_key: &str,
    ) -> Response {
        let mut body = json!({});
        self.copy_filled(&mut body, "pin");
        self.act_on(console, kind, (id, "approve"), body, done_key)
            .await
    }

    /// [`Post::send`], then back to `location` with the action's notice
    /// (the `done_key` word, or the API's refusal).
    pub async fn act(
        &self,
        console: &Console,
        path: impl Into<String>,
        body: Value,
        location: &str,
        done_key: &str,
    ) -> Response {
        let answer = self.send(console, path, body).await;
        layout::after(console, location, &answer, &self.member, done_key)
    }
}

/// A kind of object the console's forms act on ([`Post::act_on`]).
pub struct Kind {
    /// The prefix of its ids (`pb`): ids go into API paths.
    prefix: &'static str,
    /// Its API path: `/payouts/batches`.
    api: &'static str,
    /// Its list in the console.
    list: &'static str,
    /// After an action: the object's page under this path, or (`None`) its list.
    page: Option<&'static str>,
}

impl Kind {
    /// Objects with ids of `prefix` at `api`, listed at `list` in the
    /// console, whose actions go back to their `page` (or the list).
    pub const fn new(
        prefix: &'static str,
        api: &'static str,
        list: &'static str,
        page: Option<&'static str>,
    ) -> Kind {
        Kind {
            prefix,
            api,
            list,
            page,
        }
    }
}

fn refused(lang: Lang) -> Response {
    let body = format!(
        "<!doctype html><html lang=\"{}\"><title>403</title><p>{}</p></html>",
        lang.code(),
        t(lang, "csrf_refused")
    );
    (
        StatusCode::FORBIDDEN,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        body,
    )
        .into_response()
}

/// Reads a form body with at most [`FORM_FIELDS_MAX`] fields.
async fn form_of(request: Request, console: &Console) -> Result<HashMap<String, String>, Response> {
    let axum::Form(pairs): axum::Form<Vec<(String, String)>> =
        axum::Form::from_request(request, console)
            .await
            .map_err(IntoResponse::into_response)?;
    if pairs.len() > FORM_FIELDS_MAX {
        return Err((StatusCode::BAD_REQUEST, "too many form fields").into_response());
    }
    Ok(pairs.into_iter().collect())
}

impl FromRequest<Console> for Post {
    type Rejection = Response;

    async fn from_request(request: Request, console: &Console) -> Result<Self, Response> {
        let (mut parts, body) = request.into_parts();
        let lang = lang_of(&parts.headers);
        if !same_origin(&parts.headers) {
            return Err(refused(lang));
        }
        let member = Member::from_request_parts(&mut parts, console).await?;
        let fields = form_of(Request::from_parts(parts, body), console).await?;
        let sent = fields.get("csrf").map_or("", String::as_str);
        if !same_token(sent, &member.csrf) {
            return Err(refused(lang));
        }
        Ok(Post { member, fields })
    }
}

/// A form posted to an action of one object (`/console/payouts/{id}/approve`):
/// the console, the object's id from the path, and the form.
pub struct Action(pub Console, pub String, pub Post);

impl FromRequest<Console> for Action {
    type Rejection = Response;

    async fn from_request(request: Request, console: &Console) -> Result<Self, Response> {
        let (mut parts, body) = request.into_parts();
        let Path(id) = Path::<String>::from_request_parts(&mut parts, console)
            .await
            .map_err(IntoResponse::into_response)?;
        let post = Post::from_request(Request::from_parts(parts, body), console).await?;
        Ok(Action(console.clone(), id, post))
    }
}

/// An object's page (`/console/payouts/{id}`): the console, the member and
/// the object's id from the path.
pub struct ObjectPage(pub Console, pub Member, pub String);

impl FromRequestParts<Console> for ObjectPage {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, console: &Console) -> Result<Self, Response> {
        let member = Member::from_request_parts(parts, console).await?;
        let Path(id) = Path::<String>::from_request_parts(parts, console)
            .await
            .map_err(IntoResponse::into_response)?;
        Ok(ObjectPage(console.clone(), member, id))
    }
}

pub async fn login_page(State(console): State<Console>, headers: HeaderMap) -> Response {
    let lang = lang_of(&headers);
    let token = crate::ids::random_token(22);
    let mut response = layout::login(lang, &token, None, StatusCode::OK, None);
    response.headers_mut().append(
        header::SET_COOKIE,
        set_cookie(&console, LOGIN_COOKIE, &token, 600),
    );
    response
}

/// Signs in through `POST /sessions`; on success the session token goes into
/// the cookie and the member lands on the home page.
pub async fn login(State(console): State<Console>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let lang = lang_of(&parts.headers);
    let pre = cookie(&parts.headers, LOGIN_COOKIE)
        .unwrap_or("")
        .to_string();
    if !same_origin(&parts.headers) {
        return refused(lang);
    }
    let peer = peer_of(&parts);
    let fields = match form_of(Request::from_parts(parts, body), &console).await {
        Ok(fields) => fields,
        Err(response) => return response,
    };
    let field = |n: &str| fields.get(n).cloned().unwrap_or_default();
    if pre.is_empty() || !same_token(&field("login_token"), &pre) {
        return refused(lang);
    }
    let email = field("email").trim().to_string();
    let mut body = json!({ "email": email, "password": field("password") });
    // Chosen on the form shown after `organisation_required`.
    let organisation = field("organisation");
    if !organisation.trim().is_empty() {
        body["organisation"] = json!(organisation.trim());
    }
    let answer = api::login(&console.api, body, peer).await;
    if !answer.ok() {
        let token = crate::ids::random_token(22);
        let code = answer.code();
        let message = match code.as_str() {
            "too_many_attempts" => t(lang, "login_locked").to_string(),
            "invalid_credentials" => t(lang, "login_wrong").to_string(),
            "organisation_required" => t(lang, "login_choose_org").to_string(),
            _ => answer.message(),
        };
        let organisations = organisations_of(&answer.json());
        let chooser = (code == "organisation_required").then_some(layout::OrgChooser {
            email: &email,
            organisations: &organisations,
        });
        let status = if chooser.is_some() {
            StatusCode::CONFLICT
        } else {
            StatusCode::UNAUTHORIZED
        };
        let mut response = layout::login(lang, &token, Some(&message), status, chooser.as_ref());
        response.headers_mut().append(
            header::SET_COOKIE,
            set_cookie(&console, LOGIN_COOKIE, &token, 600),
        );
        return response;
    }
    let token = answer.json()["token"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let ttl_secs = console.app.settings.sessions.absolute_ms / 1000;
    let mut response = layout::see_other("/console");
    let headers = response.headers_mut();
    headers.append(
        header::SET_COOKIE,
        set_cookie(&console, SESSION_COOKIE, &token, ttl_secs),
    );
    headers.append(
        header::SET_COOKIE,
        set_cookie(&console, LOGIN_COOKIE, "", 0),
    );
    response
}

/// `(id, name)` of the organisations an `organisation_required` answer lists.
fn organisations_of(answer: &Value) -> Vec<(String, String)> {
    let listed = answer["error"]["details"]["organisations"].as_array();
    listed
        .into_iter()
        .flatten()
        .filter_map(|o| {
            let id = o["id"].as_str()?;
            Some((id.to_string(), o["name"].as_str().unwrap_or("").to_string()))
        })
        .collect()
}

/// Ends the session through `DELETE /sessions/current` and forgets the cookie.
pub async fn logout(State(console): State<Console>, post: Post) -> Response {
    let call = Call::post(
        &post.member,
        "/sessions/current",
        json!({}),
        post.form_token(),
    );
    let call = Call {
        body: None,
        method: Method::DELETE,
        ..call
    };
    api::send(&console.api, call).await;
    let mut response = layout::see_other("/console/login");
    response.headers_mut().append(
        header::SET_COOKIE,
        set_cookie(&console, SESSION_COOKIE, "", 0),
    );
    response
}

/// Where a switch sends the member back: a console path, else home.
pub fn back_to(path: &str) -> &str {
    let console_path =
        path == "/console" || path.starts_with("/console/") || path.starts_with("/console?");
    let safe = console_path
        && !path.contains("//")
        && !path.contains('\\')
        && path.chars().all(|c| c.is_ascii_graphic());
    if safe { path } else { "/console" }
}

/// The test/live switch: the mode every later request of the console acts in.
pub async fn switch_mode(State(console): State<Console>, post: Post) -> Response {
    let mode = if post.field("mode") == "live" {
        "live"
    } else {
        "test"
    };
    let mut response = layout::see_other(back_to(post.field("back")));
    let max_age = console.app.settings.sessions.absolute_ms / 1000;
    response.headers_mut().append(
        header::SET_COOKIE,
        set_cookie(&console, MODE_COOKIE, mode, max_age),
    );
    response
}

#[derive(serde::Deserialize)]
pub struct Back {
    back: Option<String>,
}

/// The language switch: a preference, not an action (a GET link).
pub async fn switch_lang(
    State(console): State<Console>,
    axum::extract::Path(lang): axum::extract::Path<String>,
    axum::extract::Query(back): axum::extract::Query<Back>,
) -> Response {
    let lang = if lang == "fr" { "fr" } else { "en" };
    let mut response = layout::see_other(back_to(back.back.as_deref().unwrap_or("/console")));
    response.headers_mut().append(
        header::SET_COOKIE,
        set_cookie(&console, LANG_COOKIE, lang, 365 * 24 * 3600),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_post_from_another_site_is_refused_and_one_from_the_console_is_not() {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, HeaderValue::from_static("127.0.0.1:8080"));
        assert!(same_origin(&headers), "no Origin: the CSRF token decides");
        headers.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://127.0.0.1:8080"),
        );
        assert!(same_origin(&headers));
        headers.insert(
            header::ORIGIN,
            HeaderValue::from_static("https://evil.example"),
        );
        assert!(!same_origin(&headers));
        headers.insert(header::ORIGIN, HeaderValue::from_static("null"));
        assert!(!same_origin(&headers));
        // A page sent with no-referrer posts with Origin: null; the
        // browser's Sec-Fetch-Site decides.
        headers.insert("sec-fetch-site", HeaderValue::from_static("same-origin"));
        assert!(same_origin(&headers));
        headers.insert("sec-fetch-site", HeaderValue::from_static("cross-site"));
        assert!(!same_origin(&headers));
        headers.insert("sec-fetch-site", HeaderValue::from_static("same-site"));
        assert!(!same_origin(&headers));
    }

    #[test]
    fn the_csrf_token_is_bound_to_the_session_and_compared_whole() {
        let a = csrf_of("sess_a");
        assert_eq!(a, csrf_of("sess_a"));
        assert_ne!(a, csrf_of("sess_b"));
        assert!(same_token(&a, &a.clone()));
        assert!(!same_token(&a, &a[..31]));
        assert!(!same_token("", &a));
    }

    #[test]
    fn a_switch_only_sends_back_to_a_console_path() {
        assert_eq!(
            back_to("/console/payments?status=CAPTURED"),
            "/console/payments?status=CAPTURED"
        );
        assert_eq!(back_to("https://evil.example"), "/console");
        assert_eq!(back_to("/console//evil.example"), "/console");
        assert_eq!(back_to("/consoled"), "/console");
    }
}
