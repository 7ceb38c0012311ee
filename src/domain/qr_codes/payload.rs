//! What a static code prints: the EMVCo merchant-presented fields (signed
//! afterwards by `codes::create_code`), and the checks on values that go
//! into them.

use super::{Location, Terminal};
use crate::domain::currency::Currency;
use crate::domain::intents::view::{
    MERCHANT_CITY, MERCHANT_COUNTRY, MerchantPresented, merchant_presented,
};
use crate::error::ApiError;
use crate::qr::emv::{self, Tlv};

/// Everything printed into one code, already validated.
pub(super) struct Printed<'a> {
    pub id: &'a str,
    pub owner: &'a str,
    pub mcc: String,
    pub currency: Currency,
    pub amount_minor: Option<i64>,
    /// The organisation's name (tag 59).
    pub merchant_name: &'a str,
    pub location: Option<&'a Location>,
    pub terminal: Option<&'a Terminal>,
    pub reference: Option<&'a str>,
}

/// Tag 60: the location's city (15 characters), else the merchant's.
pub(crate) fn city_of(location: Option<&Location>) -> String {
    location
        .map(|l| emv::clean(&l.city, 15))
        .filter(|c| !c.trim().is_empty())
        .unwrap_or_else(|| MERCHANT_CITY.to_string())
}

/// The unsigned fields of a static code (point of initiation 11), in tag order.
pub(super) fn fields(p: &Printed<'_>) -> Vec<Tlv> {
    let city = city_of(p.location);
    let mut fields = merchant_presented(&MerchantPresented {
        initiation: "11",
        owner: p.owner,
        object_id: p.id,
        mcc: &p.mcc,
        currency: p.currency,
        amount_minor: p.amount_minor,
        country: p.location.map_or(MERCHANT_COUNTRY, |l| &l.country),
        merchant_name: p.merchant_name,
        city: &city,
    });
    let additional = additional_data(p.location, p.reference, p.terminal);
    if !additional.is_empty() {
        fields.push(Tlv::template("62", additional));
    }
    fields
}

/// Template 62 of static and dynamic codes: the location's name (03), the
/// reference (05, printable already), the terminal's label (07).
pub(crate) fn additional_data(
    location: Option<&Location>,
    reference: Option<&str>,
    terminal: Option<&Terminal>,
) -> Vec<Tlv> {
    let mut additional = Vec::new();
    if let Some(l) = location {
        let label = emv::clean(&l.name, 25);
        if !label.is_empty() {
            additional.push(Tlv::value("03", label));
        }
    }
    if let Some(r) = reference {
        additional.push(Tlv::value("05", r.to_string()));
    }
    if let Some(t) = terminal {
        additional.push(Tlv::value("07", t.label.clone()));
    }
    additional
}

/// A merchant category code (tag 52): four digits.
pub(super) fn mcc(param: &str, value: Option<String>) -> Result<Option<String>, ApiError> {
    match value {
        Some(v) if v.len() != 4 || !v.bytes().all(|b| b.is_ascii_digit()) => Err(ApiError::field(
            param,
            format!("{param} must be a four-digit merchant category code such as 5411 (got {v:?})"),
        )),
        other => Ok(other),
    }
}

/// Printable ASCII of EMVCo's common character set, for values that go into the payload.
pub(super) fn payload_text(
    param: &str,
    value: Option<String>,
    max: usize,
) -> Result<Option<String>, ApiError> {
    match value {
        Some(v) if v.is_empty() || v.chars().count() > max => Err(ApiError::field(
            param,
            format!("{param} must be 1 to {max} characters"),
        )),
        Some(v) if !v.chars().all(|c| c.is_ascii() && !c.is_ascii_control()) => {
            Err(ApiError::field(
                param,
                format!("{param} must be printable ASCII (it is printed into the QR payload)"),
            ))
        }
        other => Ok(other),
    }
}
