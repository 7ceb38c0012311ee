//! The forms that create what a merchant sells (issue 48, item 9): a
//! payment, a payment link, a checkout session, a money request, a plan, a
//! subscription, a single payout, a connected account, and the close of a
//! settlement cycle. One kit for all of them: a [`Creator`] names the
//! permission its API operation needs (the form is offered only to a role
//! that has it), its fields, how the form's fields become the API's body, and
//! the page that shows the made object.
//!
//! Every form goes through [`html::form`]: the form token made when it was
//! rendered is the Idempotency-Key of its POST, so a double submit or a
//! reload of the answer makes one object. A refusal — the console's (an
//! amount it cannot read) or the API's message — goes back to the form's
//! page and shows inside the form; nothing is made.
//!
//! [`html::form`]: super::html::form

use axum::Router;
use axum::response::Response;
use axum::routing::post;
use serde_json::{Value, json};

use super::auth::{Action, Post};
use super::html::{esc, field, form, minor_of, section, select, w};
use super::layout::{self, Flash, percent};
use super::{Console, Member};

/// What one creating form is.
pub struct Creator {
    /// Its form's id, and its path: `/console/new/{key}`.
    pub key: &'static str,
    /// The permission of the API operation it calls.
    pub permission: &'static str,
    /// Words: the form's heading, its button, the notice once made.
    pub title: &'static str,
    pub button: &'static str,
    pub done: &'static str,
    /// The console page the form is on: a refusal goes back to it.
    pub page: &'static str,
    /// The API collection it POSTs to.
    pub api: &'static str,
    /// The form's fields; `context` is what the page read for it (the plans
    /// a subscription may take), `Null` when nothing.
    pub fields: fn(&Member, &Value) -> String,
    /// The API's body from the form, or the console's refusal.
    pub body: fn(&Post) -> Result<Value, String>,
    /// The console page of the made object, from the API's answer.
    pub made: fn(&Value) -> String,
}

impl Creator {
    /// The form in a section of its own; nothing when the member's role may
    /// not use its operation.
    pub fn section(&self, member: &Member, context: &Value) -> String {
        if !member.may(self.permission) {
            return String::new();
        }
        let inner = (self.fields)(member, context);
        let action = format!("/console/new/{}", self.key);
        let form = refilled_form(member, &action, self.key, &inner, w(member, self.button));
        section(w(member, self.title), &form)
    }
}

/// [`form`] `key` with what the member typed into it put back when the API
/// refused it (see [`refused`]): every form of this kit, and any other
/// form whose refusal should keep what was typed (a batch row's fix).
pub fn refilled_form(
    member: &Member,
    action: &str,
    key: &str,
    inner: &str,
    button: &str,
) -> String {
    let inner = match member
        .flash
        .as_ref()
        .filter(|f| !f.good && f.form.as_deref() == Some(key))
    {
        Some(flash) => refill(inner, &flash.typed),
        None => inner.to_string(),
    };
    form(member, action, key, &inner, button)
}

/// Back to `page` with `text` shown inside form `key`, and what was typed
/// (never its tokens or a PIN) kept for [`refilled_form`]; nothing was made.
pub fn refused(console: &Console, page: &str, key: &str, post: &Post, text: String) -> Response {
    let typed = post
        .fields
        .iter()
        .filter(|(name, _)| !NOT_ECHOED.contains(&name.as_str()))
        .map(|(name, value)| (name.clone(), value.clone()))
        .collect();
    let flash = Flash {
        good: false,
        text,
        form: Some(key.to_string()),
        typed,
    };
    layout::redirect(console, page, flash)
}

pub fn routes() -> Router<Console> {
    Router::new().route("/console/new/{key}", post(create))
}

/// Every creating form, found by its key.
const CREATORS: [&Creator; 9] = [
    &super::sell::PAYMENT,
    &super::sell::LINK,
    &super::sell::CHECKOUT,
    &super::sell::REQUEST,
    &super::subscriptions::NEW_PLAN,
    &super::subscriptions::NEW_SUBSCRIPTION,
    &super::payouts::NEW_PAYOUT,
    &super::accounts::NEW_ACCOUNT,
    &super::settlement::CLOSE_CYCLE,
];

async fn create(Action(console, key, post): Action) -> Response {
    let Some(creator) = CREATORS.iter().find(|c| c.key == key) else {
        return layout::see_other("/console");
    };
    let refuse = |text: String| refused(&console, creator.page, creator.key, &post, text);
    let body = match (creator.body)(&post) {
        Ok(body) => body,
        Err(text) => return refuse(text),
    };
    let answer = post.send(&console, creator.api, body).await;
    if !answer.ok() {
        return refuse(answer.message());
    }
    let flash = Flash {
        good: true,
        text: w(&post.member, creator.done).to_string(),
        form: None,
        typed: Vec::new(),
    };
    layout::redirect(&console, &(creator.made)(&answer.json()), flash)
}

/// Fields a refused form never gets back: its tokens, and a PIN were a
/// creating form ever to take one.
const NOT_ECHOED: [&str; 3] = ["csrf", "form_token", "pin"];

/// The form's fields `html` with what was typed put back: an input's value
/// (before any default the field has, so it wins), a select's option, a
/// tick box.
fn refill(html: &str, typed: &[(String, String)]) -> String {
    let mut out = html.to_string();
    for (name, value) in typed {
        let named = format!("name=\"{}\"", esc(name));
        let Some(at) = out.find(&named) else {
            continue;
        };
        let tag_start = out[..at].rfind('<').unwrap_or(0);
        if out[tag_start..].starts_with("<select") {
            let end = out[at..].find("</select>").map_or(out.len(), |e| at + e);
            let options = out[at..end].replace(" selected>", ">").replace(
                &format!("<option value=\"{}\">", esc(value)),
                &format!("<option value=\"{}\" selected>", esc(value)),
            );
            out.replace_range(at..end, &options);
        } else if out[at..].starts_with(&format!("{named} type=\"checkbox\"")) {
            if value == "true" {
                out.insert_str(at + named.len(), " checked");
            }
        } else {
            out.insert_str(at + named.len(), &format!(" value=\"{}\"", esc(value)));
        }
    }
    out
}

// The pieces the creators' fields and bodies are made of.

/// Currencies a form offers (the API checks the code anyway).
pub const CURRENCIES: [(&str, &str); 4] = super::payouts::CURRENCIES;

/// The field `{key}-{name}` of a form.
pub fn text(
    member: &Member,
    key: &str,
    name: &str,
    label: &str,
    kind: &str,
    attrs: &str,
) -> String {
    field(
        &format!("{key}-{name}"),
        name,
        w(member, label),
        kind,
        attrs,
    )
}

/// The optional fields several forms share: the merchant's reference, a
/// description, the payer's number.
/// A name a person gives (a plan's, a business's): required, 120 characters.
pub fn name(member: &Member, key: &str, name: &str) -> String {
    text(
        member,
        key,
        name,
        name,
        "text",
        "required maxlength=\"120\"",
    )
}

pub fn reference(member: &Member, key: &str) -> String {
    text(
        member,
        key,
        "reference",
        "reference",
        "text",
        "maxlength=\"64\"",
    )
}

pub fn description(member: &Member, key: &str) -> String {
    text(
        member,
        key,
        "description",
        "description",
        "text",
        "maxlength=\"200\"",
    )
}

pub fn payer_number(member: &Member, key: &str, name: &str) -> String {
    text(
        member,
        key,
        name,
        "payer_number",
        "tel",
        "autocomplete=\"off\" placeholder=\"+243…\"",
    )
}

/// An amount typed in major units (`1 500,50` or `1,500.50`).
pub fn amount_field(member: &Member, key: &str, name: &str, label: &str, required: bool) -> String {
    let required = if required { "required " } else { "" };
    text(
        member,
        key,
        name,
        label,
        "text",
        &format!("{required}inputmode=\"decimal\" autocomplete=\"off\""),
    )
}

/// A select of `(value, word key)` options.
pub fn choice(
    member: &Member,
    key: &str,
    name: &str,
    label: &str,
    options: &[(&str, &str)],
    selected: &str,
) -> String {
    let worded: Vec<(&str, &str)> = options.iter().map(|(v, k)| (*v, w(member, k))).collect();
    format!(
        "<div class=\"field\">{}</div>",
        select(
            &format!("{key}-{name}"),
            name,
            w(member, label),
            &worded,
            selected
        )
    )
}

/// The currency select.
pub fn currency_field(member: &Member, key: &str) -> String {
    format!(
        "<div class=\"field\">{}</div>",
        select(
            &format!("{key}-currency"),
            "currency",
            w(member, "currency"),
            &CURRENCIES,
            "CDF"
        )
    )
}

/// A tick box.
pub fn tick(member: &Member, key: &str, name: &str, label: &str) -> String {
    format!(
        "<div><input id=\"{key}-{name}\" name=\"{name}\" type=\"checkbox\" value=\"true\"> \
         <label for=\"{key}-{name}\" class=\"inline\">{}</label></div>",
        esc(w(member, label))
    )
}

/// The amount field `name` of `post` in minor units of the form's currency:
/// `None` when left empty, the console's refusal when it cannot be read.
pub fn amount_in(post: &Post, name: &str, label: &str) -> Result<Option<i64>, String> {
    let typed = post.field(name);
    if typed.is_empty() {
        return Ok(None);
    }
    match minor_of(typed, post.field("currency")) {
        Some(minor) => Ok(Some(minor)),
        None => Err(format!(
            "{}: {typed:?} ({})",
            w(&post.member, label),
            w(&post.member, "amount_hint")
        )),
    }
}

/// [`amount_in`] of a field the form requires.
pub fn amount_required(post: &Post, name: &str, label: &str) -> Result<i64, String> {
    amount_in(post, name, label)?.ok_or_else(|| {
        format!(
            "{}: {}",
            w(&post.member, label),
            w(&post.member, "required_field")
        )
    })
}

/// Sets `body[name]` from the form's field `field` when it was filled in.
pub fn put(post: &Post, body: &mut Value, name: &str, field: &str) {
    let value = post.field(field);
    if !value.is_empty() {
        body[name] = json!(value);
    }
}

/// Sets `body[name]` to the form's whole number `field` when filled in; a
/// field that is not a number goes as typed, for the API to name it.
pub fn put_number(post: &Post, body: &mut Value, name: &str, field: &str) {
    let value = post.field(field);
    if value.is_empty() {
        return;
    }
    body[name] = match value.parse::<i64>() {
        Ok(n) => json!(n),
        Err(_) => json!(value),
    };
}

/// The console page `{base}/{id}` of the made object's `id`.
pub fn page_of(base: &str, made: &Value, field: &str) -> String {
    format!("{base}/{}", percent(made[field].as_str().unwrap_or("")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_form_gets_back_what_was_typed_and_never_its_tokens() {
        let html = "<input id=\"k-amount\" name=\"amount\" type=\"text\" required>\
                    <input id=\"k-count\" name=\"count\" type=\"number\" value=\"1\">\
                    <select id=\"k-currency\" name=\"currency\"><option value=\"CDF\" selected>CDF</option>\
                    <option value=\"USD\">USD</option></select>\
                    <input id=\"k-again\" name=\"again\" type=\"checkbox\" value=\"true\">";
        let typed = [
            ("amount", "1 500,50\"><script>"),
            ("count", "3"),
            ("currency", "USD"),
            ("again", "true"),
            ("csrf", "nope"),
        ]
        .map(|(n, v)| (n.to_string(), v.to_string()));
        let filled = refill(html, &typed);
        assert!(
            filled.contains("name=\"amount\" value=\"1 500,50&quot;&gt;&lt;script&gt;\""),
            "{filled}"
        );
        assert!(!filled.contains("<script>"), "{filled}");
        assert!(
            filled.contains("name=\"count\" value=\"3\" type=\"number\" value=\"1\""),
            "the typed value comes first: {filled}"
        );
        assert!(
            filled.contains("<option value=\"USD\" selected>"),
            "{filled}"
        );
        assert!(filled.contains("<option value=\"CDF\">"), "{filled}");
        assert!(filled.contains("name=\"again\" checked"), "{filled}");
        assert!(!filled.contains("nope"), "{filled}");
    }
}
