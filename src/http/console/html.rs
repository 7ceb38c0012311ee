//! Small HTML pieces every page uses: escaping, money, tables, forms with
//! their CSRF and form tokens, and the volume chart as inline SVG. Every
//! string that came from the store or a person goes through [`esc`].

use std::fmt::Write;

use serde_json::Value;

use super::Member;
use super::words::{Lang, find, t};

/// Escapes text for HTML.
pub fn esc(text: &str) -> String {
    crate::http::pages::escape(text)
}

/// A JSON string field, escaped ("" when absent).
pub fn s(value: &Value, field: &str) -> String {
    match &value[field] {
        Value::String(text) => esc(text),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        _ => String::new(),
    }
}

/// An amount in minor units as a person of `lang` reads it: `1,500.00 CDF`
/// in English, `1 500,00 CDF` in French (the payer pages' grouping).
pub fn money(lang: Lang, amount_minor: i64, currency: &str) -> String {
    esc(&crate::http::pages::money::amount(
        lang,
        amount_minor,
        currency,
    ))
}

/// An RFC 3339 time as `2026-11-23 07:48`.
pub fn when(value: &Value, field: &str) -> String {
    let text = value[field].as_str().unwrap_or("");
    esc(&text.replace('T', " ").chars().take(16).collect::<String>())
}

/// A status (`REQUIRES_PAYMENT_METHOD`, `active`) in a person's words: the
/// catalogue's `st_<status>`; a status the catalogue lacks is written
/// lower-case with spaces rather than as the enum.
pub fn status_word(lang: Lang, status: &str) -> String {
    let key = format!("st_{}", status.to_ascii_lowercase());
    match find(lang, &key) {
        Some(word) => word.to_string(),
        None => humane(status),
    }
}

/// `SOME_CODE` or `some_code` as `Some code` (the last resort of a word the
/// catalogue lacks: still no enum on the page).
pub fn humane(code: &str) -> String {
    let spaced = code.replace(['_', '.'], " ").to_ascii_lowercase();
    let mut chars = spaced.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// An event's name (`intent.requires_customer_action`,
/// `payment_intent.succeeded`, `attempt.started`) in a person's words: the
/// catalogue's `ev_<name>`, else the object's word and its status's.
pub fn event_word(lang: Lang, event: &str) -> String {
    let key = format!("ev_{}", event.replace('.', "_"));
    if let Some(word) = find(lang, &key) {
        return word.to_string();
    }
    match event.split_once('.') {
        Some((object, what)) => {
            let object =
                find(lang, &format!("obj_{object}")).map_or_else(|| humane(object), str::to_string);
            format!("{object} · {}", status_word(lang, what).to_lowercase())
        }
        None => humane(event),
    }
}

/// A status as a badge, in the words of `lang`.
pub fn badge(lang: Lang, status: &str) -> String {
    let tone = match status {
        "CAPTURED" | "SETTLED" | "SUCCEEDED" | "succeeded" | "EXECUTED" | "PAID" | "active"
        | "enabled" | "paid" | "closed" | "ACTIVE" | "LOCKED" | "ready" => "good",
        "FAILED" | "CANCELLED" | "EXPIRED" | "failed" | "REJECTED" | "revoked" | "disabled"
        | "INVALID" | "PAST_DUE" | "UNPAID" | "VOID" | "REVOKED" | "stale" | "detached" => "bad",
        _ => "neutral",
    };
    if status.is_empty() {
        return String::new();
    }
    format!(
        "<span class=\"badge {tone}\" data-status=\"{}\">{}</span>",
        esc(status),
        esc(&status_word(lang, status))
    )
}

/// A JSON object's `status` as a badge.
pub fn status_badge(lang: Lang, value: &Value) -> String {
    badge(lang, value["status"].as_str().unwrap_or(""))
}

/// A link to an object's page, `{base}/{id}`, that shows its id.
pub fn id_link(base: &str, value: &Value) -> String {
    let id = value["id"].as_str().unwrap_or("");
    link(&format!("{base}/{id}"), id)
}

/// A link inside the console.
pub fn link(href: &str, text: &str) -> String {
    format!("<a href=\"{}\">{}</a>", esc(href), esc(text))
}

/// A table with a caption (its accessible name, for screen readers: the
/// section's heading shows it) and column headers; cells are already HTML.
pub fn table(caption: &str, headers: &[&str], rows: &[Vec<String>], empty: &str) -> String {
    if rows.is_empty() {
        // Nothing to list: the section's heading names it.
        return format!("<p class=\"muted\">{}</p>", esc(empty));
    }
    // A wide table scrolls on a phone: the region takes the keyboard's focus.
    let mut out = format!(
        "<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"{caption}\"><table><caption>{caption}</caption><thead><tr>",
        caption = esc(caption)
    );
    for h in headers {
        let _ = write!(out, "<th scope=\"col\">{}</th>", esc(h));
    }
    out.push_str("</tr></thead><tbody>");
    for row in rows {
        out.push_str("<tr>");
        for cell in row {
            let _ = write!(out, "<td>{cell}</td>");
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div>");
    out
}

/// A POST form to `action` with the session's CSRF token and a fresh form
/// token (the Idempotency-Key of its action: a double click replays).
pub fn form(member: &Member, action: &str, id: &str, inner: &str, button: &str) -> String {
    format!(
        "<form method=\"post\" action=\"{action}\" id=\"{id}\" class=\"action\">\
         <input type=\"hidden\" name=\"csrf\" value=\"{csrf}\">\
         <input type=\"hidden\" name=\"form_token\" value=\"{token}\">{inner}\
         <button type=\"submit\" id=\"{id}-submit\">{button}</button></form>",
        action = esc(action),
        id = esc(id),
        csrf = esc(&member.csrf),
        token = crate::ids::random_token(22),
        button = esc(button),
    )
}

/// [`form`] whose button is styled as destructive (revoke, cancel, delete,
/// disable): red, never the page's main action colour.
pub fn danger_form(member: &Member, action: &str, id: &str, inner: &str, button: &str) -> String {
    form(member, action, id, inner, button).replace(
        &format!("<button type=\"submit\" id=\"{}-submit\">", esc(id)),
        &format!(
            "<button type=\"submit\" class=\"danger\" id=\"{}-submit\">",
            esc(id)
        ),
    )
}

/// A labelled input.
pub fn input(id: &str, name: &str, label: &str, kind: &str, attrs: &str) -> String {
    format!(
        "<label for=\"{id}\">{label}</label><input id=\"{id}\" name=\"{name}\" type=\"{kind}\" {attrs}>",
        id = esc(id),
        name = esc(name),
        label = esc(label),
        kind = esc(kind),
    )
}

/// A labelled select of `(value, text)` options, `selected` chosen.
pub fn select(
    id: &str,
    name: &str,
    label: &str,
    options: &[(&str, &str)],
    selected: &str,
) -> String {
    let mut out = format!(
        "<label for=\"{id}\">{label}</label><select id=\"{id}\" name=\"{name}\">",
        id = esc(id),
        name = esc(name),
        label = esc(label)
    );
    for (value, text) in options {
        let chosen = if *value == selected { " selected" } else { "" };
        let _ = write!(
            out,
            "<option value=\"{}\"{chosen}>{}</option>",
            esc(value),
            esc(text)
        );
    }
    out.push_str("</select>");
    out
}

/// A section with a table of `rows` under the heading `title` ("nothing yet"
/// when there is none).
pub fn table_section(
    member: &Member,
    title: &str,
    headers: &[&str],
    rows: &[Vec<String>],
) -> String {
    section(
        title,
        &table(title, headers, rows, w(member, "nothing_yet")),
    )
}

/// [`table_section`] titled with the words for `title_key`, its headers the
/// words for `header_keys`.
pub fn titled_table<const N: usize>(
    member: &Member,
    title_key: &str,
    header_keys: [&str; N],
    rows: &[Vec<String>],
) -> String {
    table_section(
        member,
        w(member, title_key),
        &words(member, header_keys),
        rows,
    )
}

/// The input of a step-up PIN (digits, never autofilled), labelled in the
/// member's language.
pub fn pin_input(member: &Member, id: &str) -> String {
    input(
        id,
        "pin",
        w(member, "pin"),
        "password",
        "inputmode=\"numeric\" autocomplete=\"off\" maxlength=\"12\"",
    )
}

/// [`pin_input`] as a form's field.
pub fn pin_field(member: &Member, id: &str) -> String {
    format!("<div class=\"field\">{}</div>", pin_input(member, id))
}

/// The section of an object's actions; none when the member may take none.
pub fn actions_section(member: &Member, actions: &str) -> String {
    if actions.is_empty() {
        return String::new();
    }
    section(w(member, "action"), actions)
}

/// The link back to the list at `href`, as an object's page ends.
pub fn back_link(member: &Member, href: &str) -> String {
    format!("<p>{}</p>", link(href, w(member, "back")))
}

/// A section with a heading.
pub fn section(title: &str, body: &str) -> String {
    format!(
        "<section class=\"card\"><h2>{}</h2>{body}</section>",
        esc(title)
    )
}

/// The volume chart: one bar per day, as inline SVG (no chart library, no
/// script), with a text alternative listing the days.
pub fn bar_chart(lang: Lang, title: &str, days: &[(String, i64)], currency: &str) -> String {
    let width = 560i64;
    let height = 160i64;
    let max = days.iter().map(|(_, v)| *v).max().unwrap_or(0).max(1);
    let slot = width / i64::try_from(days.len().max(1)).unwrap_or(1);
    let mut bars = String::new();
    let mut described = Vec::new();
    for (i, (day, value)) in days.iter().enumerate() {
        let bar_height = (value * (height - 20) / max).max(if *value > 0 { 2 } else { 0 });
        let x = i64::try_from(i).unwrap_or(0) * slot + 4;
        let _ = write!(
            bars,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{bar_height}\" class=\"bar\"><title>{day}: {amount}</title></rect>",
            y = height - 16 - bar_height,
            w = (slot - 8).max(2),
            day = esc(day),
            amount = money(lang, *value, currency),
        );
        if i % 2 == 0 {
            let _ = write!(
                bars,
                "<text x=\"{x}\" y=\"{height}\" class=\"tick\">{}</text>",
                esc(day.get(5..).unwrap_or(day))
            );
        }
        described.push(format!(
            "{day} {}",
            crate::http::pages::money::amount(lang, *value, currency)
        ));
    }
    format!(
        "<figure class=\"chart\"><svg viewBox=\"0 0 {width} {height}\" role=\"img\" aria-labelledby=\"chart-title\" \
         preserveAspectRatio=\"none\"><title id=\"chart-title\">{title}: {desc}</title>{bars}</svg>\
         <figcaption>{title} ({currency})</figcaption></figure>",
        title = esc(title),
        desc = esc(&described.join(", ")),
        currency = esc(currency),
    )
}

/// The word for `key` in the member's language.
pub fn w(member: &Member, key: &str) -> &'static str {
    t(member.lang, key)
}

/// The words for `keys` in the member's language (a table's headers).
pub fn words<const N: usize>(member: &Member, keys: [&str; N]) -> [&'static str; N] {
    keys.map(|key| w(member, key))
}

/// A list of facts (`label`, cell HTML) in a card, as an object's page opens.
pub fn facts(rows: &[(&str, String)]) -> String {
    let mut out = String::from("<section class=\"card\"><dl class=\"facts\" id=\"facts\">");
    for (label, value) in rows {
        let _ = write!(out, "<dt>{}</dt><dd>{value}</dd>", esc(label));
    }
    out.push_str("</dl></section>");
    out
}

/// An amount typed in major units as a person of either language writes it
/// (`1500.50`, `1,500.50`, `1 500,50`) as minor units of `currency`; `None`
/// when it is not a positive amount with at most the currency's digits (the
/// payer pages' reader, `pages/money.rs`).
pub fn minor_of(text: &str, currency: &str) -> Option<i64> {
    let exponent = crate::domain::currency::find(currency).map_or(2, |c| c.exponent);
    crate::http::pages::money::parse(text, exponent)
}

/// A balance's row: its currency, then its amounts `fields` (`balance_minor`, ...).
pub fn balance_row(lang: Lang, balance: &Value, fields: &[&str]) -> Vec<String> {
    let currency = balance["currency"].as_str().unwrap_or("");
    let mut row = vec![esc(currency)];
    row.extend(
        fields
            .iter()
            .map(|field| money(lang, balance[*field].as_i64().unwrap_or(0), currency)),
    );
    row
}

/// An amount field of a JSON object in its `currency_field` (`""` when absent).
pub fn amount_of(lang: Lang, value: &Value, field: &str, currency_field: &str) -> String {
    value[field].as_i64().map_or_else(String::new, |minor| {
        money(lang, minor, value[currency_field].as_str().unwrap_or(""))
    })
}

/// A labelled field in a `.field` box (the action forms' layout).
pub fn field(id: &str, name: &str, label: &str, kind: &str, attrs: &str) -> String {
    format!(
        "<div class=\"field\">{}</div>",
        input(id, name, label, kind, attrs)
    )
}

/// A hidden form field.
pub fn hidden(name: &str, value: &str) -> String {
    format!(
        "<input type=\"hidden\" name=\"{}\" value=\"{}\">",
        esc(name),
        esc(value)
    )
}
