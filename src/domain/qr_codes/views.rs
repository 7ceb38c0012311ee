//! What a client sees of locations, terminals and QR codes, and the events
//! a code's changes emit (their `data.object` is the view without its SVG).

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

pub use super::codes::QrCodeView;
pub use super::locations::LocationView;
use super::{Location, QrCode, Revocation, RevokeReason, Terminal};
use crate::clock::rfc3339;
use crate::domain::resource;
use crate::error::ApiError;
use crate::events::EventType;

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
