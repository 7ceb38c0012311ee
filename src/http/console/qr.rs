//! QR codes, locations and terminals: the static codes with their scans, a
//! code's page with its image, the revoke action and a printable view (a
//! page of its own with a print stylesheet: the code large, what it pays
//! and where, no navigation and no script), the locations with their
//! terminals and codes, and the forms that add a code, a location and a
//! terminal. The image is the API's SVG (`GET /qr_codes/{id}`), shown as a
//! `data:` image the pages' CSP allows.

use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{get, post};
use base64::Engine;
use serde_json::{Value, json};

use super::api;
use super::auth::{Action, Kind, ObjectPage, Post};
use super::html::{
    amount_of, back_link, badge, esc, facts, field, form, id_link, link, s, section, select,
    status_badge, table, titled_table, w, when, words,
};
use super::layout::{self, Shown, percent};
use super::payouts::CURRENCIES;
use super::words::t;
use super::{Console, Member};

const HERE: &str = "/console/qr_codes";
const LOCATIONS: &str = "/console/locations";
const READ: &str = "qr_codes:read";
const WRITE: &str = "qr_codes:write";
const CODES: Kind = Kind::new("qr", "/qr_codes", HERE, Some(HERE));
/// Locations (their list is the QR codes' page).
const PLACES: Kind = Kind::new("loc", "/locations", HERE, Some(LOCATIONS));
const REASONS: [&str; 5] = ["lost", "stolen", "tampered", "replaced", "retired"];

pub fn routes() -> Router<Console> {
    Router::new()
        .route(HERE, get(list).post(create_code))
        .route("/console/qr_codes/{id}", get(code))
        .route("/console/qr_codes/{id}/print", get(print))
        .route("/console/qr_codes/{id}/revoke", post(revoke))
        .route(LOCATIONS, post(create_location))
        .route("/console/locations/{id}", get(location))
        .route("/console/locations/{id}/terminals", post(create_terminal))
}

fn page(console: &Console, member: &Member, here: &str, title: &str, body: String) -> Response {
    layout::page(console, member, here, "qr_codes", title, body)
}

/// A code's fixed amount, or that the payer enters it (in its currency).
fn amount(member: &Member, c: &Value) -> String {
    match c["amount_minor"].as_i64() {
        Some(_) => amount_of(member.lang, c, "amount_minor", "currency"),
        None => format!("{} ({})", esc(w(member, "payer_enters")), s(c, "currency")),
    }
}

/// The section of the QR codes of `list`.
fn codes_section(member: &Member, list: &Value) -> String {
    let rows: Vec<Vec<String>> = layout::items(list)
        .map(|c| {
            vec![
                id_link(HERE, c),
                s(c, "location"),
                amount(member, c),
                s(c, "reference"),
                status_badge(member.lang, c),
                s(c, "scans"),
                when(c, "created_at"),
            ]
        })
        .collect();
    titled_table(
        member,
        "qr_codes",
        [
            "id",
            "location",
            "amount",
            "reference",
            "status",
            "scans",
            "created",
        ],
        &rows,
    )
}

pub async fn list(State(console): State<Console>, member: Member) -> Shown {
    let codes = layout::read_for_page(&console, &member, HERE, READ, "/qr_codes?limit=100").await?;
    let locations = api::get(&console, &member, "/locations?limit=100")
        .await
        .json();
    let title = w(&member, "qr_codes");
    let mut body = codes_section(&member, &codes);
    if member.may(WRITE) {
        body.push_str(&section(
            w(&member, "new_code"),
            &code_form(&member, &locations),
        ));
    }
    let rows: Vec<Vec<String>> = layout::items(&locations)
        .map(|l| {
            let id = l["id"].as_str().unwrap_or("");
            vec![
                link(
                    &format!("{LOCATIONS}/{id}"),
                    l["name"].as_str().unwrap_or(id),
                ),
                s(l, "city"),
                s(l, "country"),
                s(l, "mcc"),
                when(l, "created_at"),
            ]
        })
        .collect();
    let headers = words(&member, ["name", "city", "country", "mcc", "created"]);
    let mut located = table(
        w(&member, "locations"),
        &headers,
        &rows,
        w(&member, "nothing_yet"),
    );
    if member.may(WRITE) {
        located.push_str(&location_form(&member));
    }
    body.push_str(&section(w(&member, "locations"), &located));
    Ok(page(&console, &member, HERE, title, body))
}

fn code_form(member: &Member, locations: &Value) -> String {
    let mut places = vec![("", w(member, "none"))];
    let named: Vec<(String, String)> = layout::items(locations)
        .map(|l| {
            (
                l["id"].as_str().unwrap_or("").to_string(),
                l["name"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    places.extend(named.iter().map(|(id, name)| (id.as_str(), name.as_str())));
    let inner = format!(
        "<div class=\"field\">{}</div>{}<div class=\"field\">{}</div>{}{}",
        select(
            "code-currency",
            "currency",
            w(member, "currency"),
            &CURRENCIES,
            "CDF"
        ),
        field(
            "code-amount",
            "amount",
            w(member, "amount_optional"),
            "text",
            "inputmode=\"decimal\" maxlength=\"20\""
        ),
        select(
            "code-location",
            "location",
            w(member, "location"),
            &places,
            ""
        ),
        field(
            "code-reference",
            "reference",
            w(member, "reference"),
            "text",
            "maxlength=\"100\""
        ),
        field(
            "code-description",
            "description",
            w(member, "description"),
            "text",
            "maxlength=\"200\""
        ),
    );
    form(member, HERE, "new-code", &inner, w(member, "create_code"))
}

fn location_form(member: &Member) -> String {
    let inner = format!(
        "{}{}{}{}",
        field(
            "location-name",
            "name",
            w(member, "name"),
            "text",
            "required maxlength=\"100\""
        ),
        field(
            "location-address",
            "address",
            w(member, "address"),
            "text",
            "maxlength=\"200\""
        ),
        field(
            "location-city",
            "city",
            w(member, "city"),
            "text",
            "required maxlength=\"100\""
        ),
        field(
            "location-country",
            "country",
            w(member, "country"),
            "text",
            "required pattern=\"[A-Z]{2}\" maxlength=\"2\" value=\"CD\""
        ),
    );
    format!(
        "<h3 class=\"caption\">{}</h3>{}",
        w(member, "new_location"),
        form(
            member,
            LOCATIONS,
            "new-location",
            &inner,
            w(member, "add_location")
        )
    )
}

pub async fn create_code(State(console): State<Console>, post: Post) -> Response {
    let currency = post.field("currency");
    let mut body = json!({ "currency": currency });
    if !post.field("amount").is_empty() {
        match post.amount_minor(currency) {
            Ok(minor) => body["amount_minor"] = json!(minor),
            Err(flash) => return layout::redirect(&console, HERE, flash),
        }
    }
    for name in ["location", "reference", "description"] {
        post.copy_filled(&mut body, name);
    }
    let answer = post.send(&console, "/qr_codes", body).await;
    layout::after_create(&console, HERE, HERE, &answer, &post.member, "done_code")
}

/// The code's SVG as an image (the CSP allows `data:` images, not inline SVG styles).
fn image(c: &Value, alt: &str, id: &str) -> String {
    let svg = c["svg"].as_str().unwrap_or("");
    let encoded = base64::engine::general_purpose::STANDARD.encode(svg);
    format!(
        "<img class=\"qr\" id=\"{}\" src=\"data:image/svg+xml;base64,{encoded}\" alt=\"{}\" width=\"240\" height=\"240\">",
        esc(id),
        esc(alt)
    )
}

async fn read_code(
    console: &Console,
    member: &Member,
    here: &str,
    id: &str,
) -> Result<Value, Response> {
    if !crate::ids::is_id(id, "qr") {
        let answer = api::Answer::not_found(id);
        return Err(layout::refusal(console, member, here, &answer));
    }
    layout::read_for_page(console, member, here, READ, format!("/qr_codes/{id}")).await
}

pub async fn code(ObjectPage(console, member, id): ObjectPage) -> Shown {
    let here = format!("{HERE}/{}", percent(&id));
    let c = read_code(&console, &member, &here, &id).await?;
    let status = c["status"].as_str().unwrap_or("");
    let location = c["location"]
        .as_str()
        .map_or_else(String::new, |l| link(&format!("{LOCATIONS}/{l}"), l));
    let mut body = facts(&[
        (w(&member, "status"), badge(member.lang, status)),
        (w(&member, "amount"), amount(&member, &c)),
        (w(&member, "location"), location),
        (w(&member, "terminal"), s(&c, "terminal")),
        (w(&member, "reference"), s(&c, "reference")),
        (w(&member, "description"), s(&c, "description")),
        (w(&member, "scans"), s(&c, "scans")),
        (
            w(&member, "revoked"),
            c["revocation"]["reason"]
                .as_str()
                .map_or_else(String::new, esc),
        ),
        (w(&member, "created"), when(&c, "created_at")),
    ]);
    let picture = format!(
        "<div class=\"qr-box\">{}<p><a href=\"{HERE}/{id}/print\" id=\"print-link\">{}</a></p>\
         <p class=\"muted payload\">{}</p></div>",
        image(&c, w(&member, "qr_alt"), "qr-image"),
        w(&member, "printable"),
        s(&c, "payload"),
    );
    body.push_str(&section(w(&member, "qr_code"), &picture));
    if status == "ACTIVE" && member.may(WRITE) {
        let reasons: Vec<(&str, &str)> = REASONS
            .iter()
            .map(|r| (*r, t(member.lang, &format!("revoke_{r}"))))
            .collect();
        let inner = format!(
            "<div class=\"field\">{}</div>{}",
            select(
                "revoke-reason",
                "reason",
                w(&member, "reason"),
                &reasons,
                "lost"
            ),
            field(
                "revoke-note",
                "note",
                w(&member, "note"),
                "text",
                "maxlength=\"500\""
            ),
        );
        let revoke = form(
            &member,
            &format!("{HERE}/{id}/revoke"),
            "revoke-code",
            &inner,
            w(&member, "revoke"),
        )
        .replace(
            "<button type=\"submit\"",
            "<button type=\"submit\" class=\"danger\"",
        );
        body.push_str(&section(w(&member, "action"), &revoke));
    }
    body.push_str(&back_link(&member, HERE));
    let title = format!("{} {id}", w(&member, "qr_code"));
    Ok(page(&console, &member, &here, &title, body))
}

const PRINT_STYLE: &str = "
*{box-sizing:border-box}body{margin:0;font:16px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#111;background:#fff}
main{max-width:560px;margin:24px auto;padding:16px;text-align:center}
.sheet{border:2px solid #111;border-radius:16px;padding:24px}
h1{font-size:26px;margin:0 0 4px}.where{margin:0 0 16px;color:#333}
img.qr{width:100%;max-width:360px;height:auto;image-rendering:pixelated}
.amount{font-size:28px;font-weight:700;margin:12px 0 4px}.ref{margin:0;color:#333}
.scan{font-size:18px;margin:16px 0 0}.id{font-family:ui-monospace,monospace;font-size:12px;color:#444;margin-top:16px}
.screen{margin:16px 0}a{color:#0a5a40}a:focus{outline:3px solid #1a73e8;outline-offset:2px}
@media print{.screen{display:none}main{margin:0 auto;max-width:none}.sheet{border-width:1px}@page{margin:12mm}}
";

/// The printable view: a page of its own, for a sheet on the counter.
pub async fn print(ObjectPage(console, member, id): ObjectPage) -> Shown {
    let here = format!("{HERE}/{}/print", percent(&id));
    let c = read_code(&console, &member, &here, &id).await?;
    let place = match c["location"].as_str() {
        Some(l) if crate::ids::is_id(l, "loc") => {
            let found = api::get(&console, &member, format!("/locations/{l}"))
                .await
                .json();
            [found["name"].as_str(), found["city"].as_str()]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(", ")
        }
        _ => String::new(),
    };
    let lang = member.lang;
    let amount = match c["amount_minor"].as_i64() {
        Some(_) => amount_of(member.lang, &c, "amount_minor", "currency"),
        None => esc(t(lang, "payer_enters")),
    };
    let nonce = crate::ids::random_token(22);
    let revoked = if c["status"] == "REVOKED" {
        format!("<p class=\"amount\">{}</p>", t(lang, "revoked"))
    } else {
        String::new()
    };
    let html = format!(
        "<!doctype html><html lang=\"{code}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><style nonce=\"{nonce}\">{PRINT_STYLE}</style></head><body>\
         <main id=\"content\"><p class=\"screen\"><a href=\"{HERE}/{id}\" id=\"back\">{back}</a> · {hint}</p>\
         <div class=\"sheet\"><h1>{title}</h1><p class=\"where\">{place}</p>{image}\
         <p class=\"amount\" id=\"print-amount\">{amount}</p><p class=\"ref\">{reference}</p>{revoked}\
         <p class=\"scan\">{scan}</p><p class=\"id\">{id}</p></div></main></body></html>",
        code = lang.code(),
        title = t(lang, "scan_to_pay"),
        back = t(lang, "back"),
        hint = t(lang, "print_hint"),
        place = esc(&place),
        image = image(&c, t(lang, "qr_alt"), "qr-image"),
        reference = s(&c, "reference"),
        scan = t(lang, "scan_hint"),
        id = esc(&id),
    );
    Ok(crate::http::pages::page_response(
        StatusCode::OK,
        html,
        &nonce,
    ))
}

pub async fn revoke(Action(console, id, post): Action) -> Response {
    let mut body = json!({ "reason": post.field("reason") });
    post.copy_filled(&mut body, "note");
    let action = (id.as_str(), "revoke");
    post.act_on(&console, &CODES, action, body, "done_revoke_code")
        .await
}

pub async fn create_location(State(console): State<Console>, post: Post) -> Response {
    let mut body = json!({
        "name": post.field("name"),
        "city": post.field("city"),
        "country": post.field("country"),
    });
    post.copy_filled(&mut body, "address");
    let answer = post.send(&console, "/locations", body).await;
    layout::after_create(
        &console,
        LOCATIONS,
        HERE,
        &answer,
        &post.member,
        "done_location",
    )
}

pub async fn location(ObjectPage(console, member, id): ObjectPage) -> Shown {
    let here = layout::object_here(&console, &member, LOCATIONS, &id, "loc")?;
    let path = format!("/locations/{id}");
    let l = layout::read_for_page(&console, &member, &here, READ, path).await?;
    let mut body = facts(&[
        (w(&member, "address"), s(&l, "address")),
        (w(&member, "city"), s(&l, "city")),
        (w(&member, "country"), s(&l, "country")),
        (w(&member, "mcc"), s(&l, "mcc")),
        (w(&member, "created"), when(&l, "created_at")),
    ]);
    let terminals = api::get(&console, &member, format!("/locations/{id}/terminals"))
        .await
        .json();
    let rows: Vec<Vec<String>> = layout::items(&terminals)
        .map(|t| vec![s(t, "id"), s(t, "label"), when(t, "created_at")])
        .collect();
    let headers = words(&member, ["id", "label", "created"]);
    let mut listed = table(
        w(&member, "terminals"),
        &headers,
        &rows,
        w(&member, "nothing_yet"),
    );
    if member.may(WRITE) {
        let inner = field(
            "terminal-label",
            "label",
            w(&member, "label"),
            "text",
            "required maxlength=\"100\"",
        );
        listed.push_str(&form(
            &member,
            &format!("{LOCATIONS}/{id}/terminals"),
            "new-terminal",
            &inner,
            w(&member, "add_terminal"),
        ));
    }
    body.push_str(&section(w(&member, "terminals"), &listed));
    let codes = api::get(
        &console,
        &member,
        format!("/qr_codes?location={id}&limit=100"),
    )
    .await
    .json();
    body.push_str(&codes_section(&member, &codes));
    body.push_str(&back_link(&member, HERE));
    let title = l["name"].as_str().unwrap_or(&id).to_string();
    Ok(page(&console, &member, &here, &title, body))
}

pub async fn create_terminal(Action(console, id, post): Action) -> Response {
    let body = json!({ "label": post.field("label") });
    let action = (id.as_str(), "terminals");
    post.act_on(&console, &PLACES, action, body, "done_terminal")
        .await
}
