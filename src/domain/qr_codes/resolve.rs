//! `POST /resolve`: what any scanned string is, and whether to pay it. Our
//! URLs and codes are answered from our records; other schemes' EMVCo codes
//! from what they print; anything else is named (URL, unknown).

use super::analytics::Outcome;
use super::codes::QrCode;
use super::resolution::{
    Kind, Merchant, NextAction, NextActionType, Problem, Resolution, ResolvedIntent,
    ResolvedQrCode, Template, TemplateField,
};
use super::state::Status;
use crate::clock::rfc3339;
use crate::domain::Settings;
use crate::domain::currency::{self, Currency};
use crate::domain::intents::state::Status as IntentStatus;
use crate::domain::intents::view::QR_GUID;
use crate::domain::intents::{self, Intent};
use crate::domain::{offline, test_clocks};
use crate::error::ApiError;
use crate::events::signing::{self, state as key_state};
use crate::mode::Mode;
use crate::qr::emv::{self, DecodeError, Payload};
use crate::qr::signed::{self, Verdict};
use crate::store::{Read, Snapshot};

/// A scan to count: which code and with what outcome.
pub struct Scan {
    pub qr_code: String,
    pub outcome: Outcome,
}

fn currency_by_numeric(numeric: &str) -> Option<Currency> {
    currency::CURRENCIES
        .iter()
        .find(|c| c.numeric == numeric)
        .copied()
}

fn minor_units(amount: &str, currency: Currency) -> Option<i64> {
    let (digits, decimals) = emv::parse_amount(amount)?;
    if decimals > currency.exponent {
        return None;
    }
    let scale = 10u64.checked_pow(currency.exponent - decimals)?;
    i64::try_from(digits.checked_mul(scale)?).ok()
}

/// The amount of `intent`, `None` while an open amount is not set.
fn amount_of(intent: &Intent) -> Option<i64> {
    (intent.status != IntentStatus::Created).then_some(intent.amount_minor)
}

pub(super) fn intent_view(intent: &Intent, settings: &Settings) -> ResolvedIntent {
    ResolvedIntent {
        id: intent.id.clone(),
        status: intent.public_status(),
        amount_minor: amount_of(intent),
        currency: intent.currency.clone(),
        checkout_url: intents::view::checkout_url(intent, settings),
        expires_at: rfc3339(intent.expires_at_ms),
    }
}

fn pay_intent_action(intent: &Intent, settings: &Settings, now_ms: i64) -> NextAction {
    let open = matches!(
        intent.status,
        IntentStatus::RequiresPaymentMethod | IntentStatus::Created
    ) && intent.expires_at_ms > now_ms;
    if open {
        NextAction {
            kind: NextActionType::PayIntent,
            url: Some(intents::view::checkout_url(intent, settings)),
            message: if intent.status == IntentStatus::Created {
                "enter the amount and pay this payment intent on its checkout page".into()
            } else {
                "pay this payment intent on its checkout page".into()
            },
        }
    } else {
        NextAction {
            kind: NextActionType::None,
            url: None,
            message: format!(
                "this payment is {} and cannot be paid now",
                intent.public_status().as_str()
            ),
        }
    }
}

/// A payment link of this gateway: who, how much, and whether it still works.
fn resolve_link(
    snapshot: &Snapshot,
    settings: &Settings,
    id: &str,
) -> Result<Resolution, ApiError> {
    let mut out = Resolution::new(Kind::PaygatePaymentLink);
    let link = crate::domain::checkout::read_link(snapshot, id)?;
    let Some(link) = link else {
        out.not_found(
            format!("this gateway has no payment link {id:?}"),
            "this link does not name a payment link of this gateway",
        );
        return Ok(out);
    };
    out.records(link.mode, link.amount_minor, &link.currency);
    out.merchant = Some(Merchant::account(&link.owner));
    if link.status == crate::domain::checkout::LinkStatus::Active {
        out.valid = true;
        out.next_action = NextAction {
            kind: NextActionType::OpenPaymentLink,
            url: Some(format!("{}/l/{}", settings.public_url, link.id)),
            message: "open the payment link to pay".into(),
        };
    } else {
        out.do_not_pay("this payment link is no longer active");
    }
    Ok(out)
}

/// Answers what `scanned` is. Never fails on the input: a malformed payload is
/// an answer (`valid: false` with the reason), not an error.
pub fn resolve(
    snapshot: &Snapshot,
    settings: &Settings,
    now_ms: i64,
    scanned: &str,
) -> Result<(Resolution, Option<Scan>), ApiError> {
    let scanned = scanned.trim();
    if let Some(out) = resolve_url(snapshot, settings, now_ms, scanned)? {
        return Ok((out, None));
    }
    if !scanned.starts_with("00") {
        let kind = if scanned.starts_with("http://") || scanned.starts_with("https://") {
            Kind::Url
        } else {
            Kind::Unknown
        };
        return Ok((Resolution::new(kind), None));
    }
    resolve_emv(snapshot, settings, now_ms, scanned)
}

/// A URL of this gateway (`{public_url}/l/…`, `/checkout/…`, `/r/…`,
/// `/pay/…`), or `None` when `scanned` is none of them.
fn resolve_url(
    snapshot: &Snapshot,
    settings: &Settings,
    now_ms: i64,
    scanned: &str,
) -> Result<Option<Resolution>, ApiError> {
    let base = settings.public_url.as_str();
    let segment = |prefix: &str| {
        scanned
            .strip_prefix(base)
            .and_then(|rest| rest.strip_prefix(prefix))
            .map(|rest| {
                rest.split(['?', '#', '/'])
                    .next()
                    .unwrap_or_default()
                    .to_string()
            })
    };
    if let Some(id) = segment("/l/") {
        return resolve_link(snapshot, settings, &id).map(Some);
    }
    // A checkout session or a money request stands for its payment intent;
    // a checkout page URL does only with its page token. The answer carries
    // the intent's tokenised checkout URL, so nothing else may lead to it:
    // an id alone (`/pay/pi_…`, or a `pi_` id where a session or request
    // code should be) answers as an unknown payment.
    let intent_behind = if let Some(id) = segment("/checkout/") {
        let session: Option<crate::domain::checkout::Session> = if crate::ids::is_id(&id, "cs") {
            snapshot.object(&id)?
        } else {
            None
        };
        let token = page_token_of(scanned);
        let session = session.filter(|s| crate::domain::checkout::page_opens(s, token));
        Some(session.map(|s| s.payment_intent).ok_or(id))
    } else if let Some(code) = segment("/r/") {
        let request = crate::domain::money_requests::read_public(snapshot, &code)?;
        Some(request.map(|r| r.payment_intent).ok_or(code))
    } else {
        segment("/pay/").map(|id| {
            let token = page_token_of(scanned);
            if token.is_some_and(|t| intents::view::page_token_matches(&id, t)) {
                Ok(id)
            } else {
                Err(id)
            }
        })
    };
    intent_behind
        .map(|found| match found {
            Ok(id) => resolve_checkout(snapshot, settings, now_ms, &id),
            Err(id) => Ok(unknown_payment(&id)),
        })
        .transpose()
}

/// The `t` query parameter of a scanned checkout URL.
fn page_token_of(scanned: &str) -> Option<&str> {
    let query = scanned.split_once('?')?.1;
    let query = query.split('#').next().unwrap_or_default();
    query.split('&').find_map(|pair| pair.strip_prefix("t="))
}

fn unknown_payment(id: &str) -> Resolution {
    let mut out = Resolution::new(Kind::PaygateCheckoutUrl);
    out.not_found(
        format!("this gateway has no payment {id:?}"),
        "this link does not name a payment of this gateway",
    );
    out
}

/// The checkout page of payment intent `id`.
fn resolve_checkout(
    snapshot: &Snapshot,
    settings: &Settings,
    now_ms: i64,
    id: &str,
) -> Result<Resolution, ApiError> {
    let Some(intent) = read_intent(snapshot, id)? else {
        return Ok(unknown_payment(id));
    };
    let now_ms = test_clocks::now_for(snapshot, intent.mode, &intent.owner, now_ms)?;
    let mut out = Resolution::new(Kind::PaygateCheckoutUrl);
    out.valid = true;
    out.reference = intent.reference.clone();
    out.merchant = Some(Merchant::account(&intent.owner));
    out.next_action = pay_intent_action(&intent, settings, now_ms);
    out.payment_intent = Some(intent_view(&intent, settings));
    out.records(intent.mode, amount_of(&intent), &intent.currency);
    Ok(out)
}

fn read_intent(snapshot: &Snapshot, id: &str) -> Result<Option<Intent>, ApiError> {
    Ok(crate::ids::is_id(id, "pi")
        .then(|| snapshot.object::<Intent>(id))
        .transpose()?
        .flatten())
}

/// An EMVCo payload: what it says, whether its CRC and signature hold, and,
/// for a code of this gateway, what our records say (a scan of one of our
/// static codes is counted).
fn resolve_emv(
    snapshot: &Snapshot,
    settings: &Settings,
    now_ms: i64,
    scanned: &str,
) -> Result<(Resolution, Option<Scan>), ApiError> {
    let (payload, crc_ok, problem) = match emv::decode(scanned) {
        Ok(p) => (p, true, None),
        Err(error) => match emv::inspect(scanned) {
            Ok(p) => {
                let crc_ok = !matches!(error, DecodeError::BadCrc { .. });
                (p, crc_ok, Some(error))
            }
            Err(structural) => {
                let mut out = Resolution::new(Kind::InvalidEmvco);
                out.problem = Some(Problem {
                    code: structural.code().into(),
                    message: structural.to_string(),
                });
                out.do_not_pay("this code is malformed; ask the merchant for another");
                return Ok((out, None));
            }
        },
    };
    let mut out = Resolution::new(Kind::Emvco);
    out.valid = problem.is_none();
    out.crc_valid = Some(crc_ok);
    out.problem = problem.as_ref().map(|e| Problem {
        code: e.code().into(),
        message: e.to_string(),
    });
    describe(&payload, &mut out);
    let verdict = verify(snapshot, &payload, &mut out)?;
    let ours = payload
        .fields
        .iter()
        .find(|f| is_account_template(&f.tag) && f.child("00") == Some(QR_GUID));
    let Some(ours) = ours else {
        if out.valid {
            out.next_action = NextAction {
                kind: NextActionType::UseSchemeApp,
                url: None,
                message: "not a code of this gateway: pay it with an app of the scheme its merchant account templates name".into(),
            };
        } else {
            out.kind = Kind::InvalidEmvco;
            out.do_not_pay("this code is malformed or damaged; ask the merchant for another");
        }
        return Ok((out, None));
    };
    let object_id = ours.child("03").unwrap_or_default();
    let scan = if crate::ids::is_id(object_id, "qr") {
        our_code(snapshot, &mut out, verdict, crc_ok, object_id)?
    } else if crate::ids::is_id(object_id, "pi") {
        let intent_qr = IntentQr {
            payload: &payload,
            verdict,
            id: object_id,
        };
        our_intent(snapshot, settings, now_ms, &mut out, &intent_qr)?;
        None
    } else if object_id.is_empty() && offline_nonce(&payload).is_some() {
        our_offline_qr(
            snapshot,
            now_ms,
            &mut out,
            &payload,
            ours.child("01"),
            verdict,
        )?;
        None
    } else {
        out.not_found(
            "the merchant account template names no object of this gateway",
            "this code claims to be of this gateway but names nothing it issued",
        );
        None
    };
    Ok((out, scan))
}

/// Checks the signed extension against the key registry (active and retired
/// keys verify) and notes the verdict and the key id.
fn verify(
    snapshot: &Snapshot,
    payload: &Payload,
    out: &mut Resolution,
) -> Result<Verdict, ApiError> {
    let registry = signing::keys(snapshot)?;
    let (verdict, key_id) = signed::verify(payload, |id| {
        registry
            .iter()
            .find(|k| k.id == id && key_state::admits(k.status, key_state::Trigger::Verify))
            .and_then(|k| k.public_key_bytes())
    });
    out.signature = Some(verdict);
    out.key_id = key_id;
    Ok(verdict)
}

/// A static code of ours: our record decides (revoked or not), and the scan
/// is counted with its outcome.
fn our_code(
    snapshot: &Snapshot,
    out: &mut Resolution,
    verdict: Verdict,
    crc_ok: bool,
    id: &str,
) -> Result<Option<Scan>, ApiError> {
    out.kind = Kind::PaygateQrCode;
    let Some(code) = snapshot.object::<QrCode>(id)? else {
        out.not_found(
            format!("this gateway issued no QR code {id}"),
            "this code names a QR code this gateway never issued",
        );
        return Ok(None);
    };
    out.records(code.mode, code.amount_minor, &code.currency);
    out.revoked = code.status == Status::Revoked;
    out.qr_code = Some(ResolvedQrCode {
        id: code.id.clone(),
        status: code.status,
        revocation_reason: code.revocation.as_ref().map(|r| r.reason),
        location: code.location.clone(),
        terminal: code.terminal.clone(),
    });
    if let Some(m) = out.merchant.as_mut() {
        m.account = Some(code.owner.clone());
    }
    let outcome = if !crc_ok {
        Outcome::BadCrc
    } else if out.revoked {
        Outcome::Revoked
    } else {
        match verdict {
            Verdict::Trusted => Outcome::Trusted,
            Verdict::Unsigned => Outcome::Unsigned,
            Verdict::InvalidSignature => Outcome::InvalidSignature,
            Verdict::UnknownKey => Outcome::UnknownKey,
        }
    };
    if let Some(reason) = refusal(out, verdict) {
        out.do_not_pay(reason);
    } else {
        out.next_action = NextAction {
            kind: NextActionType::PayQrCode,
            url: None,
            message: match code.amount_minor {
                Some(_) => "pay the fixed amount of this code to the merchant".into(),
                None => "enter the amount and pay the merchant".into(),
            },
        };
    }
    Ok(Some(Scan {
        qr_code: code.id,
        outcome,
    }))
}

/// A dynamic code naming a payment intent of ours: the payload, its
/// signature's verdict, and the intent id it names.
struct IntentQr<'a> {
    payload: &'a Payload,
    verdict: Verdict,
    id: &'a str,
}

/// The dynamic code of a payment intent of ours. It is payable while its
/// signed expiry (`80/02`, origin behaviour section 8) has not passed;
/// payloads minted before they carried one follow the intent's own expiry.
fn our_intent(
    snapshot: &Snapshot,
    settings: &Settings,
    now_ms: i64,
    out: &mut Resolution,
    qr: &IntentQr<'_>,
) -> Result<(), ApiError> {
    out.kind = Kind::PaygateIntentQr;
    let id = qr.id;
    let Some(intent) = snapshot.object::<Intent>(id)? else {
        out.not_found(
            format!("this gateway has no payment {id}"),
            "this code names a payment this gateway does not know",
        );
        return Ok(());
    };
    // The payment's sandbox may follow a test clock: expiries are its time.
    let now_ms = test_clocks::now_for(snapshot, intent.mode, &intent.owner, now_ms)?;
    out.records(intent.mode, amount_of(&intent), &intent.currency);
    if let Some(m) = out.merchant.as_mut() {
        m.account = Some(intent.owner.clone());
    }
    out.payment_intent = Some(intent_view(&intent, settings));
    if let Some(reason) = refusal(out, qr.verdict) {
        out.do_not_pay(reason);
        return Ok(());
    }
    if unexpired(out, qr.payload, now_ms, "payment code") {
        out.next_action = pay_intent_action(&intent, settings, now_ms);
    }
    Ok(())
}

/// Whether a code of ours is still payable by its signed expiry (`80/02`):
/// an unreadable or passed expiry is noted as the problem, with
/// `do_not_pay`. `what` names the code for the payer.
fn unexpired(out: &mut Resolution, payload: &Payload, now_ms: i64, what: &str) -> bool {
    match signed::expires_at_unix(payload) {
        Err(message) => {
            out.problem = Some(Problem {
                code: "bad_value".into(),
                message,
            });
            out.do_not_pay("this code's expiry cannot be read; ask the merchant for a new one");
            false
        }
        Ok(Some(at_unix)) if now_ms >= at_unix.saturating_mul(1_000) => {
            out.problem = Some(Problem {
                code: "expired".into(),
                message: format!(
                    "this {what} expired at {}",
                    rfc3339(at_unix.saturating_mul(1_000))
                ),
            });
            out.do_not_pay(format!(
                "this {what} expired; ask the merchant for a new one"
            ));
            false
        }
        Ok(_) => true,
    }
}

/// The offline nonce a signed payload carries (`80/03`), if any.
fn offline_nonce(payload: &Payload) -> Option<&str> {
    payload
        .fields
        .iter()
        .find(|f| f.tag == signed::KEY_TEMPLATE)
        .and_then(|t| t.child(signed::OFFLINE_NONCE))
}

/// A merchant's offline code (`POST /offline/qr`): its nonce names the code,
/// issued to the merchant its account template names. It is payable from an
/// offline wallet while its signature holds, its signed expiry has not
/// passed and no promise has used its nonce.
fn our_offline_qr(
    snapshot: &Snapshot,
    now_ms: i64,
    out: &mut Resolution,
    payload: &Payload,
    merchant: Option<&str>,
    verdict: Verdict,
) -> Result<(), ApiError> {
    out.kind = Kind::PaygateOfflineQr;
    let nonce = offline_nonce(payload).unwrap_or_default();
    let mut issued = None;
    for mode in [Mode::Test, Mode::Live] {
        let found = offline::read_nonce(snapshot, mode, nonce)?;
        if let Some(found) = found.filter(|n| Some(n.owner.as_str()) == merchant) {
            issued = Some((mode, found));
            break;
        }
    }
    let Some((mode, issued)) = issued else {
        out.not_found(
            "this gateway issued no offline code with this nonce to this merchant",
            "this code claims to be of this gateway but names nothing it issued",
        );
        return Ok(());
    };
    out.livemode = Some(mode.livemode());
    if let Some(m) = out.merchant.as_mut() {
        m.account = Some(issued.owner.clone());
    }
    if let Some(reason) = refusal(out, verdict) {
        out.do_not_pay(reason);
        return Ok(());
    }
    // The merchant's sandbox may follow a test clock: expiries are its time.
    let now_ms = test_clocks::now_for(snapshot, mode, &issued.owner, now_ms)?;
    if !unexpired(out, payload, now_ms, "offline code") {
        return Ok(());
    }
    match issued.used_by {
        Some(_) => {
            out.next_action = NextAction {
                kind: NextActionType::None,
                url: None,
                message: "this offline code was paid already; ask the merchant for a new one"
                    .into(),
            };
        }
        None => {
            out.next_action = NextAction {
                kind: NextActionType::PayOffline,
                url: None,
                message: "pay from your offline wallet: your app signs a promise to this merchant; it settles when a device syncs".into(),
            };
        }
    }
    Ok(())
}

/// Why a code of ours must not be paid, if it must not.
fn refusal(out: &Resolution, verdict: Verdict) -> Option<String> {
    if out.crc_valid == Some(false) {
        return Some("the code's checksum is wrong: it is damaged or was altered".into());
    }
    if out.revoked {
        return Some("the merchant revoked this code".into());
    }
    if let Some(problem) = &out.problem {
        return Some(format!("the code is malformed: {}", problem.message));
    }
    match verdict {
        Verdict::Trusted => None,
        Verdict::Unsigned => {
            Some("this gateway signs every code it issues; this one is unsigned".into())
        }
        Verdict::InvalidSignature => {
            Some("the code's signature does not hold: it was altered".into())
        }
        Verdict::UnknownKey => Some("the code is signed with a key this gateway never used".into()),
    }
}

fn is_account_template(tag: &str) -> bool {
    tag.parse::<u8>().is_ok_and(|n| (26..=51).contains(&n))
}

/// Fills what the payload itself says: merchant, amount, templates.
fn describe(payload: &Payload, out: &mut Resolution) {
    out.merchant = Some(Merchant {
        name: payload.value("59").map(str::to_string),
        city: payload.value("60").map(str::to_string),
        country: payload.value("58").map(str::to_string),
        mcc: payload.value("52").map(str::to_string),
        account: None,
    });
    out.initiation = payload.value("01").map(|v| {
        match v {
            "11" => "static",
            "12" => "dynamic",
            _ => "unknown",
        }
        .to_string()
    });
    let currency = payload.value("53").and_then(currency_by_numeric);
    out.currency = currency.map(|c| c.code.to_string());
    out.amount_minor = match (payload.value("54"), currency) {
        (Some(amount), Some(c)) => minor_units(amount, c),
        _ => None,
    };
    out.reference = payload
        .get("62")
        .and_then(|t| t.child("05"))
        .map(str::to_string);
    out.templates = payload
        .fields
        .iter()
        .filter(|f| emv::is_template(&f.tag))
        .map(|f| Template {
            tag: f.tag.clone(),
            scheme: is_account_template(&f.tag)
                .then(|| f.child("00").map(str::to_string))
                .flatten(),
            fields: f
                .children()
                .iter()
                .map(|c| TemplateField {
                    tag: c.tag.clone(),
                    value: c.raw_value(),
                })
                .collect(),
        })
        .collect();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minor_units_follow_the_currency_exponent() {
        let usd = currency::find("USD").expect("usd");
        let cdf = currency::find("CDF").expect("cdf");
        assert_eq!(minor_units("23.72", usd), Some(2372));
        assert_eq!(minor_units("23", usd), Some(2300));
        assert_eq!(minor_units("23.7", usd), Some(2370));
        assert_eq!(minor_units("23.725", usd), None);
        assert_eq!(currency_by_numeric("976").map(|c| c.code), Some(cdf.code));
    }
}
