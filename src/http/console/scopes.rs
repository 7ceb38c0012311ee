//! A restricted key's scopes as a person picks them (issue 48 item 11):
//! one choice per resource — none, read, or read and write, plus the
//! resource's other accesses (approve, manage, ...) — instead of typing
//! scope names. The resources and accesses are the API's own list
//! (`auth::keys::SCOPES`), so the picker can offer no scope the API refuses.

use std::fmt::Write;

use super::Member;
use super::html::{esc, humane, w};
use super::words::find;
use crate::auth::keys::SCOPES;

/// The resources of [`SCOPES`] in their first order, each with its accesses.
fn resources() -> Vec<(&'static str, Vec<&'static str>)> {
    let mut out: Vec<(&str, Vec<&str>)> = Vec::new();
    for scope in SCOPES {
        let Some((resource, access)) = scope.split_once(':') else {
            continue;
        };
        match out.iter_mut().find(|(r, _)| *r == resource) {
            Some((_, accesses)) => accesses.push(access),
            None => out.push((resource, vec![access])),
        }
    }
    out
}

/// The form field of a resource's choice.
fn field_name(resource: &str) -> String {
    format!("scope_{resource}")
}

/// The choices of a resource: `(value, scopes sent)`. "write" sends read
/// too when the resource has both: a person who may change something
/// expects to see it.
fn choices(accesses: &[&'static str]) -> Vec<(&'static str, Vec<&'static str>)> {
    let mut out = vec![("none", vec![])];
    for access in accesses {
        let mut sent = vec![*access];
        if *access == "write" && accesses.contains(&"read") {
            sent.insert(0, "read");
        }
        out.push((access, sent));
    }
    out
}

/// The picker: a select per resource, "none" chosen.
pub fn picker(member: &Member) -> String {
    let mut out = format!(
        "<fieldset class=\"scopes\" id=\"key-scopes\"><legend>{}</legend>",
        w(member, "scopes")
    );
    for (resource, accesses) in resources() {
        let label = find(member.lang, &format!("res_{resource}"))
            .map_or_else(|| humane(resource), str::to_string);
        let id = format!("scope-{resource}");
        let _ = write!(
            out,
            "<div class=\"field\"><label for=\"{id}\">{}</label><select id=\"{id}\" name=\"{}\">",
            esc(&label),
            field_name(resource)
        );
        for (value, _) in choices(&accesses) {
            let word = find(member.lang, &format!("access_{value}"))
                .map_or_else(|| humane(value), str::to_string);
            let _ = write!(out, "<option value=\"{value}\">{}</option>", esc(&word));
        }
        out.push_str("</select></div>");
    }
    out.push_str("</fieldset>");
    out
}

/// The scopes a submitted picker chose (`field` reads a form field);
/// a value the picker did not offer chooses nothing.
pub fn chosen<'a>(field: impl Fn(&str) -> &'a str) -> Vec<String> {
    let mut scopes = Vec::new();
    for (resource, accesses) in resources() {
        let picked = field(&field_name(resource));
        if let Some((_, sent)) = choices(&accesses).into_iter().find(|(v, _)| *v == picked) {
            scopes.extend(sent.iter().map(|a| format!("{resource}:{a}")));
        }
    }
    scopes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_choice_sends_only_scopes_the_api_knows() {
        let picked = |name: &str| match name {
            "scope_payment_intents" => "write",
            "scope_payouts" => "approve",
            "scope_refunds" => "read",
            "scope_wallets" => "write",
            _ => "none",
        };
        let scopes = chosen(picked);
        assert_eq!(
            scopes,
            [
                "payouts:approve",
                "payment_intents:read",
                "payment_intents:write",
                "refunds:read"
            ]
        );
        for scope in &scopes {
            assert!(crate::auth::keys::is_known_scope(scope), "{scope}");
        }
        assert!(chosen(|_| "none").is_empty());
    }
}
