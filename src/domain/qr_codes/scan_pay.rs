//! Scan-to-pay of a static code: a payable scan of one of our static codes
//! creates the code's payment intent there and then (open amount unless the
//! code fixes one), which the payer's wallet confirms (`rail: wallet` with
//! the intent's checkout token) or the checkout page takes.

use serde_json::json;

use super::codes::QrCode;
use super::resolution::Resolution;
use super::state::Status;
use crate::auth::Principal;
use crate::domain::Settings;
use crate::domain::intents::{self, Intent};
use crate::error::ApiError;
use crate::store::{Read, Tx};

/// How long a scan's intent may be paid: a payer in front of the till.
pub const SCAN_INTENT_EXPIRES_MINUTES: i64 = 15;

/// The intent of a scan of the active code `id` (none when it is not active).
pub fn intent_for_scan(
    tx: &mut Tx<'_>,
    settings: &Settings,
    id: &str,
) -> Result<Option<Intent>, ApiError> {
    let Some(code) = tx.object::<QrCode>(id)? else {
        return Ok(None);
    };
    if code.status != Status::Active {
        return Ok(None);
    }
    let principal = Principal::system("qr_scan", &code.owner, code.mode);
    let mut body = json!({
        "currency": code.currency,
        "expires_in_minutes": SCAN_INTENT_EXPIRES_MINUTES,
        "qr": false,
        "metadata": {"qr_code": code.id},
    });
    let fields = [
        ("amount_minor", code.amount_minor.map(|a| json!(a))),
        ("reference", code.reference.clone().map(|r| json!(r))),
        ("description", code.description.clone().map(|d| json!(d))),
        ("location_id", code.location.clone().map(|l| json!(l))),
        ("terminal_id", code.terminal.clone().map(|t| json!(t))),
    ];
    for (name, value) in fields {
        if let (Some(value), Some(object)) = (value, body.as_object_mut()) {
            object.insert(name.to_string(), value);
        }
    }
    let parsed: intents::input::CreateIntent = serde_json::from_value(body)
        .map_err(|e| ApiError::internal(format!("the intent of a scan of {id}: {e}")))?;
    let valid = parsed.validate(false)?;
    let minted = intents::Minted::in_tx(tx, &principal, valid)?;
    let (intent, _) = intents::create(tx, settings, &principal, minted)?;
    Ok(Some(intent))
}

/// The answer names the scan's intent and its checkout page.
pub fn attach(resolution: &mut Resolution, intent: &Intent, settings: &Settings) {
    let url = intents::view::checkout_url(intent, settings);
    resolution.payment_intent = Some(super::resolve::intent_view(intent, settings));
    resolution.next_action.url = Some(url);
    resolution.next_action.message = match resolution.amount_minor {
        Some(_) => "pay this code's payment intent: confirm it with rail wallet and the t of its checkout_url, or open url".into(),
        None => "enter the amount and pay this code's payment intent: confirm it with rail wallet, amount_minor and the t of its checkout_url, or open url".into(),
    };
}
