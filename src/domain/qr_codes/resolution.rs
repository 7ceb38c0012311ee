//! The answer of `POST /resolve`: what a scanned string is, what it says,
//! whether it can be trusted, and what the payer should do next.

use serde::Serialize;
use utoipa::ToSchema;

use super::codes::RevokeReason;
use super::state::Status;
use crate::domain::intents;
use crate::mode::Mode;
use crate::qr::signed::Verdict;

/// What a scanned string is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A static code of this gateway (`POST /qr_codes`).
    PaygateQrCode,
    /// The dynamic `qr_payload` of a payment intent of this gateway.
    PaygateIntentQr,
    /// A checkout URL of this gateway (`{public_url}/pay/{pi_id}`, a checkout
    /// session's `/checkout/{cs_id}`, a money request's `/r/{code}`).
    PaygateCheckoutUrl,
    /// A payment link of this gateway (`{public_url}/l/{plink_id}`).
    PaygatePaymentLink,
    /// A merchant's offline code of this gateway (`POST /offline/qr`): a
    /// payer's offline wallet pays it with a signed promise.
    PaygateOfflineQr,
    /// An EMVCo merchant-presented payload of another scheme.
    Emvco,
    /// Looks like an EMVCo payload but is malformed (see `problem`).
    InvalidEmvco,
    /// Some other URL.
    Url,
    /// Anything else.
    Unknown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NextActionType {
    /// Pay the payment intent at `url` (its hosted checkout page).
    PayIntent,
    /// Open the payment link at `url`: it makes a payment for this visit.
    OpenPaymentLink,
    /// Pay this static code: the payer's app creates the payment for the merchant
    /// (with the fixed amount, when the code has one).
    PayQrCode,
    /// Pay with an app of the scheme named by the merchant account templates.
    UseSchemeApp,
    /// Pay from the payer's offline wallet: its app signs a promise to the
    /// merchant with the code's nonce (template 80, sub-tag 03), which
    /// settles when the payer's or the merchant's device syncs.
    PayOffline,
    /// Do not pay: the code is revoked, altered, not signed by this gateway, or unknown.
    DoNotPay,
    /// Nothing to pay (already paid, closed, or not a payment code).
    None,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NextAction {
    #[serde(rename = "type")]
    pub kind: NextActionType,
    pub url: Option<String>,
    /// For the payer, in plain words.
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Problem {
    /// `bad_crc`, `bad_length`, `bad_tag`, `duplicate_tag`, `missing_tag`,
    /// `bad_format_indicator`, `crc_not_last`, `bad_value`, `empty`, `not_found`, and
    /// `expired` for an intent's code past its signed expiry (template 80, sub-tag 02).
    pub code: String,
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Merchant {
    /// Tag 59.
    pub name: Option<String>,
    /// Tag 60.
    pub city: Option<String>,
    /// Tag 58.
    pub country: Option<String>,
    /// Tag 52.
    pub mcc: Option<String>,
    /// This gateway's merchant (organisation or connected account) id, for our codes.
    pub account: Option<String>,
}

impl Merchant {
    /// Only our merchant's id: what a URL of ours tells.
    pub(super) fn account(owner: &str) -> Merchant {
        Merchant {
            name: None,
            city: None,
            country: None,
            mcc: None,
            account: Some(owner.to_string()),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ResolvedQrCode {
    pub id: String,
    pub status: Status,
    pub revocation_reason: Option<RevokeReason>,
    pub location: Option<String>,
    pub terminal: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ResolvedIntent {
    pub id: String,
    /// As `GET /payment_intents/{id}` shows it.
    pub status: intents::state::Status,
    /// `null` while an open amount is not set (CREATED): the payer enters it.
    pub amount_minor: Option<i64>,
    pub currency: String,
    pub checkout_url: String,
    pub expires_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TemplateField {
    pub tag: String,
    pub value: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Template {
    /// 26–51 merchant account information, 62 additional data, 64 language, 80–99 unreserved.
    pub tag: String,
    /// For merchant account templates: the scheme's globally unique identifier (sub-tag 00).
    pub scheme: Option<String>,
    pub fields: Vec<TemplateField>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Resolution {
    /// Always `resolution`.
    pub object: &'static str,
    pub kind: Kind,
    /// Well formed (EMVCo structure, mandatory tags and CRC), or a URL this gateway recognises.
    pub valid: bool,
    /// For EMVCo payloads: whether the CRC (tag 63) matches.
    pub crc_valid: Option<bool>,
    /// Why the payload is not valid, or what could not be found.
    pub problem: Option<Problem>,
    /// For EMVCo payloads: the signed extension against `GET /keys`.
    pub signature: Option<Verdict>,
    /// The key id the payload names (template 80).
    pub key_id: Option<String>,
    /// True when the code was revoked by its merchant.
    pub revoked: bool,
    pub merchant: Option<Merchant>,
    /// Point of initiation: `static` (11) or `dynamic` (12).
    pub initiation: Option<String>,
    /// For our codes from our records; else tag 54 in minor units when the currency is known.
    pub amount_minor: Option<i64>,
    pub currency: Option<String>,
    /// Tag 62/05.
    pub reference: Option<String>,
    pub livemode: Option<bool>,
    pub qr_code: Option<ResolvedQrCode>,
    pub payment_intent: Option<ResolvedIntent>,
    /// Every template of the payload (other schemes' included), as found.
    pub templates: Vec<Template>,
    pub next_action: NextAction,
}

impl Resolution {
    pub(super) fn new(kind: Kind) -> Resolution {
        Resolution {
            object: "resolution",
            kind,
            valid: false,
            crc_valid: None,
            problem: None,
            signature: None,
            key_id: None,
            revoked: false,
            merchant: None,
            initiation: None,
            amount_minor: None,
            currency: None,
            reference: None,
            livemode: None,
            qr_code: None,
            payment_intent: None,
            templates: Vec::new(),
            next_action: NextAction {
                kind: NextActionType::None,
                url: None,
                message: "this is not a payment code".into(),
            },
        }
    }

    pub(super) fn do_not_pay(&mut self, message: impl Into<String>) {
        self.next_action = NextAction {
            kind: NextActionType::DoNotPay,
            url: None,
            message: message.into(),
        };
    }

    /// Names nothing this gateway knows: a `not_found` problem (unless the
    /// payload already has one) and `do_not_pay` with `advice`.
    pub(super) fn not_found(&mut self, message: impl Into<String>, advice: &str) {
        self.problem.get_or_insert(Problem {
            code: "not_found".into(),
            message: message.into(),
        });
        self.do_not_pay(advice);
    }

    /// What our record of the object says: its mode, amount and currency.
    pub(super) fn records(&mut self, mode: Mode, amount_minor: Option<i64>, currency: &str) {
        self.livemode = Some(mode.livemode());
        self.amount_minor = amount_minor;
        self.currency = Some(currency.to_string());
    }
}
