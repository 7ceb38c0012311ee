//! The page shell: header with the always-visible test/live switch, the
//! language links and logout; the navigation (only the pages the member's
//! role may open); the notice of the last action; and the security headers
//! of the hosted pages (strict CSP with a nonce, no framing, no caching).

use std::fmt::Write;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::auth::{self, FLASH_COOKIE};
use super::html::{esc, w};
use super::words::{Lang, t};
use super::{Console, Member};
use crate::auth::roles;
use crate::mode::Mode;

/// Characters of a notice kept at most.
const FLASH_CHARS_MAX: usize = 300;

/// Whether a member may open a page.
type Visible = fn(&Member) -> bool;

/// The console's pages in the navigation, with who may see each.
pub const NAV: &[(&str, &str, Visible)] = &[
    ("home", "/console", |_| true),
    ("payments", "/console/payments", |m| {
        m.may("payment_intents:read")
    }),
    ("refunds", "/console/refunds", |m| m.may("refunds:read")),
    ("disputes", "/console/disputes", |m| m.may("disputes:read")),
    ("payouts", "/console/payouts", |m| m.may("payouts:read")),
    ("wallets", "/console/wallets", |m| m.may("wallets:read")),
    ("transfers", "/console/transfers", |m| {
        m.may("transfers:read")
    }),
    ("subscriptions", "/console/subscriptions", |m| {
        m.may("subscriptions:read")
    }),
    ("accounts", "/console/accounts", |m| m.may("accounts:read")),
    ("qr_codes", "/console/qr_codes", |m| m.may("qr_codes:read")),
    ("settlement", "/console/settlement", |m| {
        m.may("settlements:read")
    }),
    ("developers", "/console/developers", |m| {
        m.may(roles::API_KEYS_MANAGE) || m.may("webhooks:manage") || m.may("events:read")
    }),
    ("team", "/console/team", |m| m.may(roles::TEAM_MANAGE)),
    ("audit_log", "/console/audit", |m| {
        m.may(roles::AUDIT_LOG_READ)
    }),
];

/// A notice shown once on the next page (Post/Redirect/Get).
#[derive(Debug, Clone)]
pub struct Flash {
    pub good: bool,
    pub text: String,
}

impl Flash {
    fn encode(&self) -> String {
        let text: String = self.text.chars().take(FLASH_CHARS_MAX).collect();
        format!("{}{}", if self.good { "g" } else { "b" }, hex::encode(text))
    }

    pub fn decode(value: &str) -> Option<Flash> {
        let good = value.starts_with('g');
        let bytes = hex::decode(value.get(1..)?).ok()?;
        let text = String::from_utf8(bytes).ok()?;
        Some(Flash { good, text })
    }
}

pub fn see_other(location: &str) -> Response {
    let mut response = StatusCode::SEE_OTHER.into_response();
    if let Ok(value) = HeaderValue::from_str(location) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    response
}

/// Back to `location` with a notice for the next page.
pub fn redirect(console: &Console, location: &str, flash: Flash) -> Response {
    let mut response = see_other(location);
    response.headers_mut().append(
        header::SET_COOKIE,
        auth::set_cookie(console, FLASH_COOKIE, &flash.encode(), 60),
    );
    response
}

/// After an action: its success notice, or the API's refusal as a person reads it.
pub fn after(
    console: &Console,
    location: &str,
    answer: &super::api::Answer,
    member: &Member,
    done_key: &str,
) -> Response {
    let flash = if answer.ok() {
        Flash {
            good: true,
            text: w(member, done_key).to_string(),
        }
    } else {
        Flash {
            good: false,
            text: answer.message(),
        }
    };
    redirect(console, location, flash)
}

/// After a form that creates something: the new object's page under `base`
/// when the API made it, else `fallback`, with the API's message as the notice.
pub fn after_create(
    console: &Console,
    base: &str,
    fallback: &str,
    answer: &super::api::Answer,
    member: &Member,
    done_key: &str,
) -> Response {
    let location = match answer.json()["id"].as_str().filter(|_| answer.ok()) {
        Some(id) => format!("{base}/{id}"),
        None => fallback.to_string(),
    };
    after(console, &location, answer, member, done_key)
}

const STYLE: &str = "
:root{--ink:#1b1f24;--muted:#535c66;--line:#d9dee3;--brand:#0b6e4f;--bad:#a3221b;--bg:#f5f7f8;--live:#8a4b00}
*{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:var(--ink);background:var(--bg)}
a{color:#0a5a40}a:focus,button:focus,input:focus,select:focus,textarea:focus{outline:3px solid #1a73e8;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:9}
header.top{display:flex;flex-wrap:wrap;gap:8px;align-items:center;justify-content:space-between;padding:10px 16px;background:#fff;border-bottom:1px solid var(--line)}
header.top .brand{font-weight:700}header.top form{display:inline}
.mode{display:inline-flex;gap:8px;align-items:center}.pill{padding:3px 10px;border-radius:99px;font-size:13px;font-weight:700}
.pill.test{background:#fff4d6;color:#6b4e00}.pill.live{background:#e3f3ec;color:#0a5a40}
.banner{background:#fff4d6;color:#5c4300;padding:6px 16px;font-size:13px}
.layout{display:flex;min-height:calc(100vh - 60px)}nav.side{width:210px;background:#fff;border-right:1px solid var(--line);padding:12px 0}
nav.side ul{list-style:none;margin:0;padding:0}nav.side a{display:block;padding:9px 18px;text-decoration:none;color:var(--ink)}
nav.side a[aria-current=page]{background:#e8f1ee;font-weight:700;border-left:3px solid var(--brand)}
main{flex:1;padding:20px;max-width:1100px;min-width:0}h1{font-size:24px;margin:4px 0 16px;overflow-wrap:anywhere}h2{font-size:18px;margin:0 0 12px}
.card{background:#fff;border:1px solid var(--line);border-radius:12px;padding:16px;margin-bottom:16px}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:16px}
.figure{font-size:24px;font-weight:700}.muted{color:var(--muted)}
.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:14px}caption{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
th,td{text-align:left;padding:7px 8px;border-bottom:1px solid var(--line);vertical-align:top}th{color:var(--muted);font-weight:600}
h3.caption{font-size:15px;margin:8px 0}
.badge{display:inline-block;padding:1px 8px;border-radius:99px;font-size:12px;font-weight:700;background:#eceff1;color:#37474f}
.badge.good{background:#e3f3ec;color:#0a5a40}.badge.bad{background:#fbeceb;color:var(--bad)}
form.action,form.filters{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:flex-end;margin:8px 0}
form.action label,form.filters label{display:block;font-size:13px;font-weight:600;width:100%}
form.action>label+input,form.action>label+select,form.action>label+textarea{margin-top:-6px}
.field{display:flex;flex-direction:column;gap:4px;min-width:140px}
input,select,textarea{font:inherit;padding:8px 10px;border:1px solid #8a949e;border-radius:8px;background:#fff;max-width:100%}
textarea{width:100%;min-height:120px;font-family:ui-monospace,monospace}
button{font:inherit;font-weight:600;padding:8px 14px;border:0;border-radius:8px;background:var(--brand);color:#fff;cursor:pointer}
button.secondary{background:#fff;color:var(--ink);border:1px solid #8a949e}button.danger{background:var(--bad)}
.flash{padding:10px 14px;border-radius:10px;margin-bottom:16px}.flash.good{background:#e3f3ec}.flash.bad{background:#fbeceb;color:var(--bad)}
.secret{font-family:ui-monospace,monospace;word-break:break-all;background:#fff4d6;padding:10px;border-radius:8px}
figure.chart{margin:0}figure.chart svg{width:100%;height:170px}.bar{fill:var(--brand)}.tick{font-size:10px;fill:var(--muted)}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere;min-width:0}
.tabs ul{list-style:none;display:flex;flex-wrap:wrap;gap:4px 16px;margin:0 0 16px;padding:0}.tabs a{display:inline-block;padding:6px 2px}.tabs a[aria-current=page]{font-weight:700;border-bottom:3px solid var(--brand)}
.qr-box{text-align:center}.qr-box img.qr{max-width:100%;height:auto}.payload{font-family:ui-monospace,monospace;font-size:12px;word-break:break-all}
table.calendar{table-layout:fixed;min-width:320px}table.calendar td{height:78px;padding:4px;border:1px solid var(--line)}table.calendar td.off{background:#f0f2f4}
table.calendar .num{font-weight:700;font-size:13px}table.calendar ul{list-style:none;margin:2px 0 0;padding:0;font-size:12px}
table.calendar li{border-radius:6px;padding:1px 4px;margin-top:2px;background:#eceff1;overflow-wrap:anywhere}table.calendar li.due{background:#fff4d6}table.calendar li.paid{background:#e3f3ec}table.calendar li.cutoff{background:#e6eefc}
.months{display:flex;justify-content:space-between}
a.button{display:inline-block;font-weight:600;padding:8px 14px;border-radius:8px;background:var(--brand);color:#fff;text-decoration:none}
fieldset.scopes{border:1px solid var(--line);border-radius:8px;display:grid;grid-template-columns:repeat(auto-fill,minmax(170px,1fr));gap:8px;width:100%;min-width:0;margin:0}
.login{max-width:400px;margin:60px auto;padding:0 16px}.login form{display:flex;flex-direction:column;gap:6px}.login input{width:100%}
@media (max-width:760px){.layout{display:block}nav.side{width:auto;border-right:0;border-bottom:1px solid var(--line);padding:0;overflow-x:auto}
nav.side ul{display:flex}nav.side a{white-space:nowrap;padding:10px 12px}nav.side a[aria-current=page]{border-left:0;border-bottom:3px solid var(--brand)}main{padding:12px}
table.calendar td{height:52px;padding:2px}table.calendar li{width:10px;height:10px;padding:0;border-radius:99px;background:var(--muted)}table.calendar li.due{background:#b07a00}table.calendar li.paid{background:var(--brand)}table.calendar li.cutoff{background:#1a56c4}
table.calendar ul{display:flex;flex-wrap:wrap;gap:2px}table.calendar li .text{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}}
";

/// The security headers of every console page.
fn secured(status: StatusCode, html: String, nonce: &str) -> Response {
    crate::http::pages::page_response(status, html, nonce)
}

/// A page, or the page shown instead (forbidden, refused, not found): a
/// handler returns the latter early with `?`.
pub type Shown = Result<Response, Response>;

/// A console page of the navigation's `nav` with no script of its own.
pub fn page(
    console: &Console,
    member: &Member,
    here: &str,
    nav: &str,
    title: &str,
    body: String,
) -> Response {
    Page {
        member,
        here,
        nav,
        title,
        body,
        script: "",
    }
    .render(console)
}

/// The path of an object's page, `{base}/{id}`; the not-found page when `id`
/// is not an id of `prefix` (ids go into API paths).
// The error is the page shown instead, as `read_for_page` returns it: built
// once per request, so boxing it would save nothing.
#[allow(clippy::result_large_err)]
pub fn object_here(
    console: &Console,
    member: &Member,
    base: &str,
    id: &str,
    prefix: &str,
) -> Result<String, Response> {
    let here = format!("{base}/{}", percent(id));
    if !crate::ids::is_id(id, prefix) {
        let answer = super::api::Answer::not_found(id);
        return Err(refusal(console, member, &here, &answer));
    }
    Ok(here)
}

/// A full console page.
pub struct Page<'a> {
    pub member: &'a Member,
    /// The path of this page (the switches come back to it).
    pub here: &'a str,
    /// Its key in [`NAV`] (the current page), or "".
    pub nav: &'a str,
    pub title: &'a str,
    pub body: String,
    /// A script of the page's own (run with the page's nonce), if any.
    pub script: &'a str,
}

impl Page<'_> {
    pub fn render(self, console: &Console) -> Response {
        let member = self.member;
        let nonce = crate::ids::random_token(22);
        let lang = member.lang;
        let mut nav = String::new();
        for (key, href, visible) in NAV {
            if !visible(member) {
                continue;
            }
            let current = if *key == self.nav {
                " aria-current=\"page\""
            } else {
                ""
            };
            let _ = write!(
                nav,
                "<li><a href=\"{href}\" id=\"nav-{key}\"{current}>{}</a></li>",
                t(lang, key)
            );
        }
        let flash = member.flash.as_ref().map_or_else(String::new, |f| {
            format!(
                "<div class=\"flash {}\" role=\"status\" id=\"flash\">{}</div>",
                if f.good { "good" } else { "bad" },
                esc(&f.text)
            )
        });
        let script = if self.script.is_empty() {
            String::new()
        } else {
            format!("<script nonce=\"{nonce}\">{}</script>", self.script)
        };
        let html = format!(
            "<!doctype html><html lang=\"{code}\"><head><meta charset=\"utf-8\">\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
             <title>{title} · {console_word}</title><style nonce=\"{nonce}\">{STYLE}</style></head><body>\
             <a class=\"skip\" href=\"#content\">{skip}</a>\
             <header class=\"top\"><span class=\"brand\">paygate · {console_word}</span>{switch}\
             <span class=\"who\"><span id=\"who\">{email}</span> · <span id=\"role\">{role}</span> · {langs} · {logout}</span></header>\
             {banner}<div class=\"layout\"><nav class=\"side\" aria-label=\"{nav_label}\"><ul>{nav}</ul></nav>\
             <main id=\"content\" tabindex=\"-1\"><h1>{title}</h1>{flash}{body}</main></div>{script}</body></html>",
            code = lang.code(),
            title = esc(self.title),
            console_word = t(lang, "console"),
            skip = t(lang, "skip"),
            switch = mode_switch(member, self.here),
            email = esc(&member.email),
            role = t(lang, &format!("role_{}", member.role.as_str())),
            langs = lang_links(lang, self.here),
            logout = super::html::form(member, "/console/logout", "logout", "", t(lang, "log_out"))
                .replace("class=\"action\"", "class=\"inline\""),
            banner = if member.mode == Mode::Test {
                format!(
                    "<div class=\"banner\" id=\"test-banner\">{}</div>",
                    t(lang, "test_banner")
                )
            } else {
                String::new()
            },
            nav_label = t(lang, "nav"),
            body = self.body,
        );
        let mut response = secured(StatusCode::OK, html, &nonce);
        if member.flash.is_some() {
            response.headers_mut().append(
                header::SET_COOKIE,
                auth::set_cookie(console, FLASH_COOKIE, "", 0),
            );
        }
        response
    }
}

/// The test/live switch: the current mode and a button to the other.
fn mode_switch(member: &Member, here: &str) -> String {
    let lang = member.lang;
    let (pill, other, button) = match member.mode {
        Mode::Test => (
            "<span class=\"pill test\" id=\"mode\">".to_string() + t(lang, "test_mode") + "</span>",
            "live",
            t(lang, "to_live"),
        ),
        Mode::Live => (
            "<span class=\"pill live\" id=\"mode\">".to_string() + t(lang, "live_mode") + "</span>",
            "test",
            t(lang, "to_test"),
        ),
    };
    format!(
        "<span class=\"mode\">{pill}<form method=\"post\" action=\"/console/mode\">\
         <input type=\"hidden\" name=\"csrf\" value=\"{csrf}\"><input type=\"hidden\" name=\"mode\" value=\"{other}\">\
         <input type=\"hidden\" name=\"back\" value=\"{back}\">\
         <button type=\"submit\" class=\"secondary\" id=\"mode-switch\">{button}</button></form></span>",
        csrf = esc(&member.csrf),
        back = esc(here),
    )
}

fn lang_links(lang: Lang, here: &str) -> String {
    let back = esc(&percent(here));
    let (en, fr) = match lang {
        Lang::En => (" aria-current=\"true\"", ""),
        Lang::Fr => ("", " aria-current=\"true\""),
    };
    format!(
        "<a href=\"/console/lang/en?back={back}\" lang=\"en\" id=\"lang-en\"{en}>English</a> · \
         <a href=\"/console/lang/fr?back={back}\" lang=\"fr\" id=\"lang-fr\"{fr}>Français</a>"
    )
}

/// Percent-encodes a path for a query value.
pub fn percent(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~' | b'/') {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// The sign-in page (before a session: no navigation).
/// The organisations a sign-in may choose from, after `POST /sessions`
/// answered `organisation_required`: the e-mail typed, and `(id, name)` of each.
pub struct OrgChooser<'a> {
    pub email: &'a str,
    pub organisations: &'a [(String, String)],
}

pub fn login(
    lang: Lang,
    login_token: &str,
    error: Option<&str>,
    status: StatusCode,
    chooser: Option<&OrgChooser<'_>>,
) -> Response {
    let nonce = crate::ids::random_token(22);
    // After `organisation_required`: the e-mail kept, the organisations to
    // choose from, and the password typed again (it is never sent back).
    let email_value = chooser.map_or_else(String::new, |c| format!(" value=\"{}\"", esc(c.email)));
    let organisation = chooser.map_or_else(String::new, |c| {
        let options: String = c
            .organisations
            .iter()
            .map(|(id, name)| {
                format!(
                    "<option value=\"{}\">{} ({})</option>",
                    esc(id),
                    esc(name),
                    esc(id)
                )
            })
            .collect();
        format!(
            "<label for=\"organisation\">{}</label><select id=\"organisation\" name=\"organisation\" required>{options}</select>",
            t(lang, "organisation")
        )
    });
    let error = error.map_or_else(String::new, |e| {
        format!(
            "<div class=\"flash bad\" role=\"alert\" id=\"error\">{}</div>",
            esc(e)
        )
    });
    let html = format!(
        "<!doctype html><html lang=\"{code}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><style nonce=\"{nonce}\">{STYLE}</style></head><body>\
         <main class=\"login\" id=\"content\"><h1>{title}</h1>{error}<div class=\"card\">\
         <form method=\"post\" action=\"/console/login\" id=\"login\">\
         <input type=\"hidden\" name=\"login_token\" value=\"{token}\">\
         <label for=\"email\">{email}</label><input id=\"email\" name=\"email\" type=\"email\" autocomplete=\"username\" required maxlength=\"254\"{email_value}>\
         {organisation}<label for=\"password\">{password}</label><input id=\"password\" name=\"password\" type=\"password\" autocomplete=\"current-password\" required maxlength=\"256\">\
         <button type=\"submit\" id=\"sign-in\">{sign_in}</button></form></div>\
         <p>{langs}</p></main></body></html>",
        code = lang.code(),
        title = t(lang, "sign_in_title"),
        token = esc(login_token),
        email = t(lang, "email"),
        password = t(lang, "password"),
        sign_in = t(lang, "sign_in"),
        langs = lang_links(lang, "/console/login"),
    );
    secured(status, html, &nonce)
}

/// A page the member's role may not open, or an object the API refused to
/// show: in the catalogue's words for a missing object or a refused role,
/// else the API's message.
pub fn refusal(
    console: &Console,
    member: &Member,
    here: &str,
    answer: &super::api::Answer,
) -> Response {
    let message = match (answer.status, answer.code().as_str()) {
        (404, _) => format!(
            "{} <a href=\"/console\">{}</a>",
            w(member, "not_found_text"),
            w(member, "home")
        ),
        (403, "role_denied") => esc(&w(member, "role_refused").replace(
            "{role}",
            &w(member, &format!("role_{}", member.role.as_str())).to_lowercase(),
        )),
        _ => esc(&answer.message()),
    };
    let body = format!("<div class=\"flash bad\" role=\"alert\" id=\"error\">{message}</div>");
    let mut response = Page {
        member,
        here,
        nav: "",
        title: "—",
        body,
        script: "",
    }
    .render(console);
    *response.status_mut() =
        StatusCode::from_u16(answer.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    response
}

/// The JSON of `GET path` for a page that shows it: the forbidden page when
/// the member's role lacks `scope`, the refusal page when the API says no.
pub async fn read_for_page(
    console: &Console,
    member: &Member,
    here: &str,
    scope: &str,
    path: impl Into<String>,
) -> Result<serde_json::Value, Response> {
    if !member.may(scope) {
        return Err(forbidden(console, member, here));
    }
    let answer = super::api::get(console, member, path).await;
    if !answer.ok() {
        return Err(refusal(console, member, here, &answer));
    }
    Ok(answer.json())
}

/// The items of a list answer (`data`), none when it has no list.
pub fn items(list: &serde_json::Value) -> impl Iterator<Item = &serde_json::Value> {
    list["data"].as_array().into_iter().flatten()
}

/// Any other path under `/console`: the console's own not-found page (HTML
/// in the member's language, not the API's JSON), or the sign-in page.
pub async fn not_found(
    axum::extract::State(console): axum::extract::State<Console>,
    member: Member,
    uri: axum::http::Uri,
) -> Response {
    let answer = super::api::Answer::not_found(uri.path());
    refusal(&console, &member, "/console", &answer)
}

/// A page the member's role does not show at all.
pub fn forbidden(console: &Console, member: &Member, here: &str) -> Response {
    let answer = super::api::Answer::refused(member);
    refusal(console, member, here, &answer)
}
