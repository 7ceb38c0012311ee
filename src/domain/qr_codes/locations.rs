//! Locations (where codes are shown: name, city, country and merchant
//! category) and their terminals (a till's label printed on its codes).

use crate::domain::resource::Kind;
use crate::error::Code;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::payload::{mcc, payload_text};
use super::terminal_prefix;
use super::{ADDRESS_CHARS_MAX, CITY_CHARS_MAX, DEFAULT_MCC, NAME_CHARS_MAX};
use crate::auth::Principal;
use crate::domain::fields;
use crate::domain::resource;
use crate::error::{ApiError, Missing};
use crate::mode::Mode;
use crate::store::Read;
use crate::store::Tx;
use crate::store::keys::Family;

/// `loc_...`: locations, `location_not_found` when absent or another's.
pub const LOCATION: Kind = Kind::new(
    Family::new("loc"),
    Missing::new(Code::LocationNotFound, "location"),
);

crate::domain::resource::record_and_view! {
    #[derive(Debug, Clone, Serialize, Deserialize)]
    pub struct Location {
        pub id: String,
        pub mode: Mode,
        pub owner: String,
    }
    #[derive(Debug, Serialize, ToSchema)]
    pub struct LocationView {
        pub id: String,
        /// Always `location`.
        pub object: &'static str,
        pub livemode: bool,
    }
    shared {
        pub name: String,
        pub address: Option<String>,
        pub city: String,
        /// ISO 3166-1 alpha-2.
        pub country: String,
        /// Merchant category code (EMVCo tag 52 of this location's codes).
        pub mcc: String,
        pub metadata: BTreeMap<String, String>,
    }
    record_tail {
        pub created_at_ms: i64,
    }
    view_tail {
        pub created_at: String,
    }
}

/// `term_...`: terminals, `terminal_not_found` when absent or another's.
pub const TERMINAL: Kind = Kind::new(
    Family::new("term"),
    Missing::new(Code::TerminalNotFound, "terminal"),
);

crate::domain::resource::owned!(Location);

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Terminal {
    pub id: String,
    pub mode: Mode,
    pub owner: String,
    pub location: String,
    pub label: String,
    pub metadata: BTreeMap<String, String>,
    pub created_at_ms: i64,
}

crate::domain::resource::owned!(Terminal);

pub struct LocationInput {
    pub name: String,
    pub address: Option<String>,
    pub city: String,
    pub country: String,
    pub mcc: Option<String>,
    pub metadata: Option<BTreeMap<String, String>>,
}

pub struct TerminalInput {
    pub label: String,
    pub metadata: Option<BTreeMap<String, String>>,
}

fn required_text(param: &str, value: String, max: usize) -> Result<String, ApiError> {
    let value = fields::text(param, Some(value), max)?.unwrap_or_default();
    if value.trim().is_empty() {
        return Err(ApiError::field(param, format!("{param} must not be empty")));
    }
    Ok(value)
}

pub fn create_location(
    tx: &mut Tx<'_>,
    principal: &Principal,
    input: LocationInput,
) -> Result<Location, ApiError> {
    let location = Location {
        id: LOCATION.new_id(),
        mode: principal.mode,
        owner: principal.owner().to_string(),
        name: required_text("name", input.name, NAME_CHARS_MAX)?,
        address: fields::text("address", input.address, ADDRESS_CHARS_MAX)?,
        city: required_text("city", input.city, CITY_CHARS_MAX)?,
        country: crate::fields::country(&input.country)?,
        mcc: mcc("mcc", input.mcc)?.unwrap_or_else(|| DEFAULT_MCC.to_string()),
        metadata: fields::metadata(input.metadata)?,
        created_at_ms: tx.now_ms(),
    };
    resource::insert(tx, LOCATION.family, &location)?;
    Ok(location)
}

/// The caller's location `id`, from a snapshot or inside a command.
pub fn read_location(
    read: &impl Read,
    principal: &Principal,
    id: &str,
) -> Result<Location, ApiError> {
    resource::find(read, principal, id, &LOCATION)
}

/// The caller's terminal `id`.
pub fn read_terminal(
    read: &impl Read,
    principal: &Principal,
    id: &str,
) -> Result<Terminal, ApiError> {
    resource::find(read, principal, id, &TERMINAL)
}

pub fn create_terminal(
    tx: &mut Tx<'_>,
    principal: &Principal,
    location: &str,
    input: TerminalInput,
) -> Result<Terminal, ApiError> {
    let location = read_location(tx, principal, location)?;
    let terminal = Terminal {
        id: TERMINAL.new_id(),
        mode: location.mode,
        owner: location.owner.clone(),
        location: location.id.clone(),
        label: payload_text("label", Some(input.label), 25)?.unwrap_or_default(),
        metadata: fields::metadata(input.metadata)?,
        created_at_ms: tx.now_ms(),
    };
    tx.put_index(
        format!("{}{}", terminal_prefix(&location.id), terminal.id),
        Vec::new(),
    );
    tx.put_object(terminal.id.clone(), &terminal)?;
    Ok(terminal)
}
