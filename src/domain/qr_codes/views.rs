//! What a client sees of locations, terminals and QR codes, and the events
//! a code's changes emit (their `data.object` is the view without its SVG).

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

use super::state::Status;
use super::{Location, QrCode, Revocation, RevokeReason, Terminal};
use crate::clock::rfc3339;
use crate::domain::resource;
use crate::error::ApiError;
use crate::events::EventType;

#[derive(Debug, Serialize, ToSchema)]
pub struct LocationView {
    pub id: String,
    /// Always `location`.
    pub object: &'static str,
    pub livemode: bool,
    pub name: String,
    pub address: Option<String>,
    pub city: String,
    /// ISO 3166-1 alpha-2.
    pub country: String,
    /// Merchant category code (EMVCo tag 52 of this location's codes).
    pub mcc: String,
    pub metadata: BTreeMap<String, String>,
    pub created_at: String,
}

pub fn location_view(l: &Location) -> LocationView {
    LocationView {
        id: l.id.clone(),
        object: "location",
        livemode: l.mode.livemode(),
        name: l.name.clone(),
        address: l.address.clone(),
        city: l.city.clone(),
        country: l.country.clone(),
        mcc: l.mcc.clone(),
        metadata: l.metadata.clone(),
        created_at: rfc3339(l.created_at_ms),
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TerminalView {
    pub id: String,
    /// Always `terminal`.
    pub object: &'static str,
    pub livemode: bool,
    pub location: String,
    /// Printed as the terminal label (EMVCo 62/07).
    pub label: String,
    pub metadata: BTreeMap<String, String>,
    pub created_at: String,
}

pub fn terminal_view(t: &Terminal) -> TerminalView {
    TerminalView {
        id: t.id.clone(),
        object: "terminal",
        livemode: t.mode.livemode(),
        location: t.location.clone(),
        label: t.label.clone(),
        metadata: t.metadata.clone(),
        created_at: rfc3339(t.created_at_ms),
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RevocationView {
    pub reason: RevokeReason,
    pub note: Option<String>,
    pub revoked_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct QrCodeView {
    pub id: String,
    /// Always `qr_code`.
    pub object: &'static str,
    pub livemode: bool,
    pub status: Status,
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
    /// The code as an SVG image: in the create and retrieve answers only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub svg: Option<String>,
    pub revocation: Option<RevocationView>,
    /// Resolves of this code counted so far.
    pub scans: u64,
    pub created_at: String,
    pub updated_at: String,
}

fn revocation_view(r: &Revocation) -> RevocationView {
    RevocationView {
        reason: r.reason,
        note: r.note.clone(),
        revoked_at: rfc3339(r.at_ms),
    }
}

/// The payload as an SVG QR image (error correction M).
pub fn svg(payload: &str) -> Result<String, ApiError> {
    let code = qrcode::QrCode::with_error_correction_level(payload.as_bytes(), qrcode::EcLevel::M)
        .map_err(ApiError::internal)?;
    Ok(code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(240, 240)
        .quiet_zone(true)
        .build())
}

/// The event of a code's change, in the same transaction (the view without its SVG).
pub fn emit(
    tx: &mut crate::store::Tx<'_>,
    code: &QrCode,
    event_type: EventType,
) -> Result<(), ApiError> {
    resource::emit(tx, event_type, code, &code_view(code, false)?)
}

pub fn code_view(c: &QrCode, with_svg: bool) -> Result<QrCodeView, ApiError> {
    Ok(QrCodeView {
        id: c.id.clone(),
        object: "qr_code",
        livemode: c.mode.livemode(),
        status: c.status,
        location: c.location.clone(),
        terminal: c.terminal.clone(),
        amount_minor: c.amount_minor,
        currency: c.currency.clone(),
        reference: c.reference.clone(),
        description: c.description.clone(),
        metadata: c.metadata.clone(),
        payload: c.payload.clone(),
        key_id: c.key_id.clone(),
        svg: if with_svg {
            Some(svg(&c.payload)?)
        } else {
            None
        },
        revocation: c.revocation.as_ref().map(revocation_view),
        scans: c.scans.total,
        created_at: rfc3339(c.created_at_ms),
        updated_at: rfc3339(c.updated_at_ms),
    })
}
