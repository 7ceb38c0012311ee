//! Who paid and how (issue 48 item 7): the payer's number, card or wallet
//! and the method, read from the payment's latest attempt (the intent's
//! own `customer_msisdn` is only what the merchant gave at creation, blank
//! when the payer typed their number at the checkout), and the search that
//! matches a payment by that number, its reference, its amount or its id.

use serde_json::Value;

use super::html::{esc, humane, minor_of, status_word};
use super::words::Lang;

/// The payer as a person reads it: `+243000000501`, `Visa •••• 4242`, or
/// the paying organisation of a wallet; "" when nobody has tried to pay.
pub fn payer(intent: &Value) -> String {
    let attempt = &intent["last_attempt"];
    if let Some(last4) = attempt["card"]["last4"].as_str() {
        let brand = humane(attempt["card"]["brand"].as_str().unwrap_or("card"));
        return format!("{brand} •••• {last4}");
    }
    if let Some(number) = attempt["customer_msisdn"]
        .as_str()
        .or(intent["customer_msisdn"].as_str())
    {
        return number.to_string();
    }
    attempt["payer"].as_str().unwrap_or_default().to_string()
}

/// The method as a person reads it: `Mobile money · mpesa`, `Card`.
pub fn method(lang: Lang, intent: &Value) -> String {
    let attempt = &intent["last_attempt"];
    let Some(rail) = attempt["rail"].as_str() else {
        return String::new();
    };
    let word = status_word(lang, rail);
    match attempt["operator"].as_str() {
        Some(operator) => format!("{word} · {}", operator_name(rail, operator)),
        None => word,
    }
}

/// An operator's name from the rails' catalogue (`mpesa` → `M-Pesa`); a
/// country-suffixed payout operator (`mpesa_cd`) as its operator and
/// country (`M-Pesa (CD)`); else the id as given.
pub fn operator_name(rail: &str, operator: &str) -> String {
    if let Some(method) = crate::rails::catalogue::find(rail, operator) {
        return method.name.to_string();
    }
    match operator.rsplit_once('_') {
        Some((base, country)) if country.len() == 2 => {
            match crate::rails::catalogue::find(rail, base) {
                Some(method) => format!("{} ({})", method.name, country.to_ascii_uppercase()),
                None => operator.to_string(),
            }
        }
        _ => operator.to_string(),
    }
}

/// Both, escaped, for a table cell: the payer over the method.
pub fn cell(lang: Lang, intent: &Value) -> String {
    let (who, how) = (payer(intent), method(lang, intent));
    match (who.is_empty(), how.is_empty()) {
        (true, true) => String::new(),
        (false, true) => esc(&who),
        (true, false) => format!("<span class=\"muted\">{}</span>", esc(&how)),
        (false, false) => format!(
            "{}<br><span class=\"muted\">{}</span>",
            esc(&who),
            esc(&how)
        ),
    }
}

/// The digits of a typed number (`0812 345`, `+243-812...`).
fn digits(text: &str) -> String {
    text.chars().filter(char::is_ascii_digit).collect()
}

/// Whether `typed` names the payer's number (its digits, at least three, in
/// the number's) or the card's last four.
pub fn number_matches(intent: &Value, typed: &str) -> bool {
    let wanted = digits(typed);
    if wanted.len() < 3 {
        return false;
    }
    let attempt = &intent["last_attempt"];
    [
        attempt["customer_msisdn"].as_str(),
        intent["customer_msisdn"].as_str(),
        attempt["card"]["last4"].as_str(),
    ]
    .into_iter()
    .flatten()
    .any(|n| digits(n).contains(&wanted))
}

/// Whether the one search box's `typed` finds `intent`: its id, reference
/// (contained, any case), payer's number or card, or amount (typed in
/// either language's format, equal).
pub fn search_matches(intent: &Value, typed: &str) -> bool {
    let typed = typed.trim();
    if typed.is_empty() {
        return true;
    }
    let lower = typed.to_lowercase();
    let text = |field: &str| intent[field].as_str().unwrap_or("").to_lowercase();
    if text("id") == lower || text("reference").contains(&lower) {
        return true;
    }
    if number_matches(intent, typed) {
        return true;
    }
    let currency = intent["currency"].as_str().unwrap_or("");
    minor_of(typed, currency).is_some_and(|m| intent["amount_minor"].as_i64() == Some(m))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn by_number() -> Value {
        json!({"id": "pi_1", "reference": "ORDER-25000", "amount_minor": 250_000, "currency": "CDF",
               "customer_msisdn": null,
               "last_attempt": {"rail": "mobile_money", "operator": "mpesa", "customer_msisdn": "+243000000501"}})
    }

    fn by_card() -> Value {
        json!({"id": "pi_2", "amount_minor": 12_000, "currency": "CDF",
               "last_attempt": {"rail": "card", "card": {"brand": "visa", "last4": "4242"}}})
    }

    #[test]
    fn the_payer_and_method_come_from_the_attempt() {
        assert_eq!(payer(&by_number()), "+243000000501");
        let mpesa = crate::rails::catalogue::find("mobile_money", "mpesa")
            .expect("mpesa")
            .name;
        assert_eq!(
            method(Lang::Fr, &by_number()),
            format!("Mobile money · {mpesa}")
        );
        assert_eq!(
            operator_name("mobile_money", "mpesa_cd"),
            format!("{mpesa} (CD)")
        );
        assert_eq!(
            operator_name("mobile_money", "nothing_known"),
            "nothing_known"
        );
        assert_eq!(payer(&by_card()), "Visa •••• 4242");
        assert_eq!(method(Lang::Fr, &by_card()), "Carte");
        assert_eq!(payer(&json!({"customer_msisdn": "+243811"})), "+243811");
        assert_eq!(cell(Lang::En, &json!({})), "");
    }

    #[test]
    fn the_search_finds_by_number_reference_amount_card_and_id() {
        let (mm, card) = (by_number(), by_card());
        for typed in [
            "000 000 501",
            "+243000000501",
            "order-25",
            "2,500.00",
            "2 500,00",
            "2500",
            "pi_1",
        ] {
            assert!(search_matches(&mm, typed), "{typed}");
        }
        for typed in ["4242", "120"] {
            assert!(search_matches(&card, typed), "{typed}");
        }
        for typed in ["502", "ORDER-26", "2,500.01", "pi_"] {
            assert!(!search_matches(&mm, typed), "{typed}");
        }
        assert!(!number_matches(&mm, "50"), "too few digits find everything");
    }
}
