//! Static QR codes: the record, creating one (validate, print, sign, store),
//! revoking it (through `state::transition`), and reading it.

use crate::domain::resource::Kind;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::analytics::Scans;
use super::locations::{Location, Terminal, read_location, read_terminal};
use super::payload::{self, Printed, mcc, payload_text};
use super::state::{self, Status, Trigger};
use super::views::{self, RevocationView};
use super::{DEFAULT_MCC, QR_AMOUNT_MINOR_MAX};
use crate::auth::Principal;
use crate::domain::resource;
use crate::domain::{currency, fields};
use crate::error::{ApiError, Code, Missing};
use crate::events::EventType;
use crate::events::signing;
use crate::mode::Mode;
use crate::qr::signed;
use crate::store::Read;
use crate::store::Tx;
use crate::store::keys::Family;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RevokeReason {
    Lost,
    Stolen,
    Tampered,
    Replaced,
    Retired,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Revocation {
    pub reason: RevokeReason,
    pub note: Option<String>,
    pub at_ms: i64,
}

/// `qr_...`: QR codes, `qr_code_not_found` when absent or another's.
pub const QR_CODE: Kind = Kind::new(
    Family::new("qr"),
    Missing::new(Code::QrCodeNotFound, "QR code"),
);

crate::domain::resource::record_and_view! {
    #[derive(Debug, Clone, Serialize, Deserialize)]
    pub struct QrCode {
        pub id: String,
        pub mode: Mode,
        pub owner: String,
    }
    #[derive(Debug, Serialize, ToSchema)]
    pub struct QrCodeView {
        pub id: String,
        /// Always `qr_code`.
        pub object: &'static str,
        pub livemode: bool,
        pub status: Status,
    }
    shared {
        pub location: Option<String>,
        pub terminal: Option<String>,
        /// A fixed amount (tag 54), or `null` when the payer enters it.
        pub amount_minor: Option<i64>,
        pub currency: String,
        /// Printed as the reference label (EMVCo 62/05).
        pub reference: Option<String>,
        pub description: Option<String>,
        pub metadata: BTreeMap<String, String>,
        /// The EMVCo merchant-presented payload, signed (templates 80 and 81).
        pub payload: String,
        /// The platform key (`GET /keys`) that signed the payload.
        pub key_id: String,
    }
    record_tail {
        pub status: Status,
        pub revocation: Option<Revocation>,
        #[serde(default)]
        pub scans: Scans,
        pub created_at_ms: i64,
        pub updated_at_ms: i64,
    }
    view_tail {
        /// The code as an SVG image: in the create and retrieve answers only.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub svg: Option<String>,
        pub revocation: Option<RevocationView>,
        /// Resolves of this code counted so far.
        pub scans: u64,
        pub created_at: String,
        pub updated_at: String,
    }
}

crate::domain::resource::owned!(QrCode);

pub struct CodeInput {
    pub location: Option<String>,
    pub terminal: Option<String>,
    pub amount_minor: Option<i64>,
    pub currency: String,
    pub reference: Option<String>,
    pub description: Option<String>,
    pub mcc: Option<String>,
    pub metadata: Option<BTreeMap<String, String>>,
}

/// A new static code: the input is checked whole before anything is
/// written, then the payload is printed, signed with the active platform key
/// and stored ACTIVE.
pub fn create_code(
    tx: &mut Tx<'_>,
    principal: &Principal,
    input: CodeInput,
) -> Result<QrCode, ApiError> {
    let currency = currency::parse("currency", &input.currency)?;
    check_amount(input.amount_minor)?;
    let (location, terminal) = placement(tx, principal, &input)?;
    let reference = payload_text("reference", input.reference, 25)?;
    let description = fields::text("description", input.description, 500)?;
    let mcc = mcc("mcc", input.mcc)?
        .or_else(|| location.as_ref().map(|l| l.mcc.clone()))
        .unwrap_or_else(|| DEFAULT_MCC.to_string());
    let org_name = crate::domain::org::name_of(tx, principal.owner())?;
    let key = signing::active_key_in(tx)?;
    let id = QR_CODE.new_id();
    let now = tx.now_ms();
    let printed = payload::fields(&Printed {
        id: &id,
        owner: principal.owner(),
        mcc,
        currency,
        amount_minor: input.amount_minor,
        merchant_name: &org_name,
        location: location.as_ref(),
        terminal: terminal.as_ref(),
        reference: reference.as_deref(),
    });
    let payload = signed::sign(printed, &key.id, |m| key.sign_bytes(m))?;
    let code = QrCode {
        id: id.clone(),
        mode: principal.mode,
        owner: principal.owner().to_string(),
        location: location.map(|l| l.id),
        terminal: terminal.map(|t| t.id),
        amount_minor: input.amount_minor,
        currency: currency.code.to_string(),
        reference,
        description,
        metadata: fields::metadata(input.metadata)?,
        payload,
        key_id: key.id,
        status: Status::Active,
        revocation: None,
        scans: Scans::default(),
        created_at_ms: now,
        updated_at_ms: now,
    };
    resource::insert(tx, QR_CODE.family, &code)?;
    views::emit(tx, &code, EventType::QrCodeCreated)?;
    Ok(code)
}

/// A fixed amount must fit tag 54.
fn check_amount(amount_minor: Option<i64>) -> Result<(), ApiError> {
    match amount_minor {
        Some(amount) if !(1..=QR_AMOUNT_MINOR_MAX).contains(&amount) => Err(ApiError::new(
            Code::InvalidAmount,
            format!(
                "amount_minor must be from 1 to {QR_AMOUNT_MINOR_MAX} (tag 54 holds 13 characters; got {amount})"
            ),
        )
        .with_param("amount_minor")),
        _ => Ok(()),
    }
}

/// Where the code is shown: its terminal (if any), and its location, given
/// or taken from the terminal; a terminal of another location is refused.
fn placement(
    tx: &Tx<'_>,
    principal: &Principal,
    input: &CodeInput,
) -> Result<(Option<Location>, Option<Terminal>), ApiError> {
    let terminal = match &input.terminal {
        Some(id) => Some(read_terminal(tx, principal, id).map_err(|e| e.with_param("terminal"))?),
        None => None,
    };
    let location_id = match (&input.location, &terminal) {
        (Some(l), Some(t)) if *l != t.location => {
            return Err(ApiError::field(
                "terminal",
                format!(
                    "terminal {} belongs to location {}, not {l}",
                    t.id, t.location
                ),
            ));
        }
        (Some(l), _) => Some(l.clone()),
        (None, Some(t)) => Some(t.location.clone()),
        (None, None) => None,
    };
    let location = match &location_id {
        Some(id) => Some(read_location(tx, principal, id).map_err(|e| e.with_param("location"))?),
        None => None,
    };
    Ok((location, terminal))
}

pub fn revoke_code(
    tx: &mut Tx<'_>,
    principal: &Principal,
    id: &str,
    reason: RevokeReason,
    note: Option<String>,
) -> Result<QrCode, ApiError> {
    let mut code = read_code(tx, principal, id)?;
    // Checked before the note, as it always was: an already revoked code
    // answers `qr_code_revoked` whatever the body.
    code.status = state::transition(code.status, Trigger::Revoke).map_err(|_| {
        ApiError::new(
            Code::QrCodeRevoked,
            format!("QR code {id} is already revoked"),
        )
    })?;
    let note = fields::text("note", note, 500)?;
    let now = tx.now_ms();
    code.revocation = Some(Revocation {
        reason,
        note,
        at_ms: now,
    });
    code.updated_at_ms = now;
    tx.put_object(code.id.clone(), &code)?;
    views::emit(tx, &code, EventType::QrCodeRevoked)?;
    Ok(code)
}

/// The caller's code `id`, from a snapshot or inside a command.
pub fn read_code(read: &impl Read, principal: &Principal, id: &str) -> Result<QrCode, ApiError> {
    resource::find(read, principal, id, &QR_CODE)
}
