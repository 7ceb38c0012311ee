//! Get paid: the page of the forms that ask a payer for money (issue 48,
//! item 9) — a payment (then its page, with the payer's link to copy), a
//! payment link, a checkout session and a money request (then this page
//! again, with the made object's link to copy). Each form is the kit's
//! ([`create`]), offered only to a role whose permission allows it.

use axum::Router;
use axum::extract::{Query, State};
use axum::routing::get;
use serde::Deserialize;
use serde_json::{Value, json};

use super::api;
use super::create::{
    self, Creator, amount_field, amount_in, amount_required, currency_field, put, text, tick,
};
use super::html::{esc, w};
use super::layout::{self, Page, Shown, percent};
use super::{Console, Member};

pub const HERE: &str = "/console/sell";

pub fn routes() -> Router<Console> {
    Router::new().route(HERE, get(page))
}

/// Copies the text of a `data-copy` button's target into the clipboard and
/// says so on the button; without a script the link is still there to select.
pub const COPY_SCRIPT: &str = "(function(){Array.prototype.forEach.call(document.querySelectorAll('button[data-copy]'),function(b){\
b.addEventListener('click',function(){var t=document.getElementById(b.getAttribute('data-copy'));if(!t){return;}\
var done=function(){b.textContent=b.getAttribute('data-copied');};\
if(navigator.clipboard&&navigator.clipboard.writeText){navigator.clipboard.writeText(t.value).then(done,function(){t.select();document.execCommand('copy');done();});}\
else{t.select();document.execCommand('copy');done();}});});})();";

/// A link for the payer, with a button that copies it.
pub fn copy_link(member: &Member, id: &str, url: &str) -> String {
    format!(
        "<div class=\"field copy\"><label for=\"{id}\">{label}</label>\
         <input id=\"{id}\" type=\"text\" readonly value=\"{url}\">\
         <button type=\"button\" class=\"secondary\" id=\"{id}-copy\" data-copy=\"{id}\" data-copied=\"{copied}\">{copy}</button>\
         <a href=\"{url}\" id=\"{id}-open\" target=\"_blank\" rel=\"noopener\">{open}</a></div>",
        label = esc(w(member, "payer_link")),
        url = esc(url),
        copied = esc(w(member, "copied")),
        copy = esc(w(member, "copy")),
        open = esc(w(member, "open_link")),
    )
}

pub const PAYMENT: Creator = Creator {
    key: "new-payment",
    permission: "payment_intents:write",
    title: "new_payment",
    button: "create_payment",
    done: "done_payment",
    page: HERE,
    api: "/payment_intents",
    fields: |member, _| {
        let key = "new-payment";
        [
            amount_field(member, key, "amount", "amount", true),
            currency_field(member, key),
            create::reference(member, key),
            create::description(member, key),
            create::payer_number(member, key, "msisdn"),
        ]
        .concat()
    },
    body: |post| {
        let mut body = json!({
            "amount_minor": amount_required(post, "amount", "amount")?,
            "currency": post.field("currency"),
        });
        put(post, &mut body, "reference", "reference");
        put(post, &mut body, "description", "description");
        put(post, &mut body, "customer_msisdn", "msisdn");
        Ok(body)
    },
    made: |made| create::page_of("/console/payments", made, "id"),
};

pub const LINK: Creator = Creator {
    key: "new-link",
    permission: "payment_links:write",
    title: "new_link",
    button: "create_link",
    done: "done_link",
    page: HERE,
    api: "/payment_links",
    fields: |member, _| {
        let key = "new-link";
        [
            amount_field(member, key, "amount", "amount_fixed", false),
            currency_field(member, key),
            amount_field(member, key, "minimum", "amount_minimum", false),
            amount_field(member, key, "maximum", "amount_maximum", false),
            create::description(member, key),
            tick(member, key, "reusable", "reusable"),
        ]
        .concat()
    },
    body: |post| {
        let mut body = json!({ "currency": post.field("currency") });
        for (name, field, label) in [
            ("amount_minor", "amount", "amount_fixed"),
            ("minimum_amount_minor", "minimum", "amount_minimum"),
            ("maximum_amount_minor", "maximum", "amount_maximum"),
        ] {
            if let Some(minor) = amount_in(post, field, label)? {
                body[name] = json!(minor);
            }
        }
        put(post, &mut body, "description", "description");
        body["reusable"] = json!(post.field("reusable") == "true");
        Ok(body)
    },
    made: |made| made_here("link", made, "id"),
};

/// The line items a checkout form offers.
const ITEMS: usize = 3;

pub const CHECKOUT: Creator = Creator {
    key: "new-checkout",
    permission: "checkout_sessions:write",
    title: "new_checkout",
    button: "create_checkout",
    done: "done_checkout",
    page: HERE,
    api: "/checkout_sessions",
    fields: |member, _| {
        let key = "new-checkout";
        let mut out = currency_field(member, key);
        for n in 1..=ITEMS {
            let required = if n == 1 { "required " } else { "" };
            out.push_str(&format!(
                "<fieldset class=\"item\"><legend>{} {n}</legend>{}{}{}</fieldset>",
                esc(w(member, "line_item")),
                text(
                    member,
                    key,
                    &format!("item{n}"),
                    "name",
                    "text",
                    &format!("{required}maxlength=\"200\"")
                ),
                text(
                    member,
                    key,
                    &format!("quantity{n}"),
                    "quantity",
                    "number",
                    "min=\"1\" max=\"10000\" inputmode=\"numeric\""
                ),
                amount_field(member, key, &format!("price{n}"), "unit_price", n == 1),
            ));
        }
        out.push_str(&create::payer_number(member, key, "msisdn"));
        out
    },
    body: |post| {
        let mut items = Vec::new();
        for n in 1..=ITEMS {
            let name = post.field(&format!("item{n}"));
            let price = amount_in(post, &format!("price{n}"), "unit_price")?;
            if name.is_empty() && price.is_none() {
                continue;
            }
            let quantity = post.field(&format!("quantity{n}"));
            let quantity = if quantity.is_empty() {
                json!(1)
            } else {
                quantity
                    .parse::<i64>()
                    .map_or_else(|_| json!(quantity), |q| json!(q))
            };
            items.push(json!({
                "name": name,
                "quantity": quantity,
                "unit_amount_minor": price.unwrap_or(0),
            }));
        }
        let mut body = json!({ "currency": post.field("currency"), "line_items": items });
        put(post, &mut body, "customer_msisdn", "msisdn");
        Ok(body)
    },
    made: |made| made_here("checkout", made, "id"),
};

pub const REQUEST: Creator = Creator {
    key: "new-request",
    permission: "payment_intents:write",
    title: "new_request",
    button: "create_request",
    done: "done_request",
    page: HERE,
    api: "/money_requests",
    fields: |member, _| {
        let key = "new-request";
        [
            text(member, key, "payer", "payer_who", "text", "required maxlength=\"254\" autocomplete=\"off\" placeholder=\"+243… · @tag · e-mail\""),
            amount_field(member, key, "amount", "amount", true),
            currency_field(member, key),
            create::description(member, key),
        ]
        .concat()
    },
    body: |post| {
        let mut body = json!({
            "payer": post.field("payer"),
            "amount_minor": amount_required(post, "amount", "amount")?,
            "currency": post.field("currency"),
        });
        put(post, &mut body, "description", "description");
        Ok(body)
    },
    made: |made| made_here("request", made, "code"),
};

/// This page again, naming the object just made.
fn made_here(kind: &str, made: &Value, field: &str) -> String {
    format!(
        "{HERE}?made={kind}&id={}",
        percent(made[field].as_str().unwrap_or(""))
    )
}

#[derive(Deserialize, Default)]
pub struct Made {
    #[serde(default)]
    made: String,
    #[serde(default)]
    id: String,
}

/// The link of the object named by `?made=&id=`, read from the API (the
/// query only names it); `None` when there is none to show.
async fn made_link(console: &Console, member: &Member, made: &Made) -> Option<String> {
    let id = made.id.as_str();
    let (path, field) = match made.made.as_str() {
        "link" if crate::ids::is_id(id, "plink") => ("/payment_links?limit=100".to_string(), "url"),
        "checkout" if crate::ids::is_id(id, "cs") => (format!("/checkout_sessions/{id}"), "url"),
        "request"
            if id.starts_with("MR-")
                && id.len() <= 40
                && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') =>
        {
            (format!("/money_requests/{id}"), "pay_url")
        }
        _ => return None,
    };
    let answer = api::get(console, member, path).await;
    if !answer.ok() {
        return None;
    }
    let found = answer.json();
    let object = if made.made == "link" {
        layout::items(&found)
            .find(|l| l["id"].as_str() == Some(id))?
            .clone()
    } else {
        found
    };
    object[field].as_str().map(str::to_string)
}

pub async fn page(
    State(console): State<Console>,
    member: Member,
    Query(made): Query<Made>,
) -> Shown {
    let forms = [&PAYMENT, &LINK, &CHECKOUT, &REQUEST];
    if !forms.iter().any(|c| member.may(c.permission)) {
        return Err(layout::forbidden(&console, &member, HERE));
    }
    let mut body = String::new();
    if let Some(url) = made_link(&console, &member, &made).await {
        body.push_str(&format!(
            "<section class=\"card\" id=\"made\"><h2>{}</h2>{}</section>",
            esc(w(&member, &format!("made_{}", made.made))),
            copy_link(&member, "made-link", &url)
        ));
    }
    for creator in forms {
        body.push_str(&creator.section(&member, &Value::Null));
    }
    Ok(Page {
        member: &member,
        here: HERE,
        nav: "payments",
        title: w(&member, "get_paid"),
        body,
        script: COPY_SCRIPT,
    }
    .render(&console))
}

/// Whether the member may use any form of this page (the payments page
/// links to it then).
pub fn offered(member: &Member) -> bool {
    [&PAYMENT, &LINK, &CHECKOUT, &REQUEST]
        .iter()
        .any(|c| member.may(c.permission))
}
