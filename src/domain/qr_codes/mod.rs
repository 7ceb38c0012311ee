//! Locations, terminals, static QR codes (EMVCo with the signed extension),
//! revocation, scan analytics, and resolving any scanned string.
//!
//! Stored as JSON in `Objects` by id; listed through `Index` rows
//! `loc|<mode>|<owner>|<id>`, `qr|<mode>|<owner>|<id>` and
//! `term|<location>|<id>`. Scans are counted inside the code's record (total,
//! per day, per resolve outcome) by the writer.

pub mod views;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::Principal;
use crate::clock::rfc3339;
use crate::domain::currency::{self, Currency};
use crate::domain::intents::view::{MERCHANT_CITY, MERCHANT_COUNTRY, QR_GUID, merchant_label};
use crate::domain::intents::{self, Intent};
use crate::domain::{Settings, fields};
use crate::error::{ApiError, Code};
use crate::events::EventType;
use crate::events::signing::{self, KeyStatus};
use crate::ledger::Mode;
use crate::qr::emv::{self, DecodeError, Payload, Tlv};
use crate::qr::signed::{self, Verdict};
use crate::store::{Snapshot, StoreError, Table, Tx};

/// Merchant category code when neither the code nor its location gives one.
pub const DEFAULT_MCC: &str = "5999";
/// Resolve accepts scanned strings up to this many characters.
pub const SCANNED_CHARS_MAX: usize = 2048;
/// Codes, locations and terminals per owner and mode that lists and analytics cover.
pub const ANALYTICS_CODES_MAX: usize = 1000;
/// The largest amount tag 54 (13 characters) holds for currencies of up to three decimals.
pub const QR_AMOUNT_MINOR_MAX: i64 = 999_999_999_999;
pub const NAME_CHARS_MAX: usize = 100;
pub const ADDRESS_CHARS_MAX: usize = 200;
pub const CITY_CHARS_MAX: usize = 60;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Location {
    pub id: String,
    pub mode: Mode,
    pub owner: String,
    pub name: String,
    pub address: Option<String>,
    pub city: String,
    pub country: String,
    pub mcc: String,
    pub metadata: BTreeMap<String, String>,
    pub created_at_ms: i64,
}

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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum QrStatus {
    Active,
    Revoked,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RevokeReason {
    Lost,
    Stolen,
    Tampered,
    Replaced,
    Retired,
}

/// Resolve outcomes counted per code.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct Outcomes {
    /// Signature valid against the key registry, code active.
    pub trusted: u64,
    pub unsigned: u64,
    pub invalid_signature: u64,
    pub unknown_key: u64,
    /// The code was revoked (whatever its signature).
    pub revoked: u64,
    /// The CRC did not match: a damaged or altered print.
    pub bad_crc: u64,
}

impl Outcomes {
    fn bump(&mut self, outcome: Outcome) {
        let slot = match outcome {
            Outcome::Trusted => &mut self.trusted,
            Outcome::Unsigned => &mut self.unsigned,
            Outcome::InvalidSignature => &mut self.invalid_signature,
            Outcome::UnknownKey => &mut self.unknown_key,
            Outcome::Revoked => &mut self.revoked,
            Outcome::BadCrc => &mut self.bad_crc,
        };
        *slot += 1;
    }

    fn add(&mut self, other: &Outcomes) {
        self.trusted += other.trusted;
        self.unsigned += other.unsigned;
        self.invalid_signature += other.invalid_signature;
        self.unknown_key += other.unknown_key;
        self.revoked += other.revoked;
        self.bad_crc += other.bad_crc;
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Trusted,
    Unsigned,
    InvalidSignature,
    UnknownKey,
    Revoked,
    BadCrc,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Scans {
    pub total: u64,
    /// `YYYY-MM-DD` (UTC) → scans.
    pub by_day: BTreeMap<String, u64>,
    pub outcomes: Outcomes,
    pub last_at_ms: Option<i64>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Revocation {
    pub reason: RevokeReason,
    pub note: Option<String>,
    pub at_ms: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct QrCode {
    pub id: String,
    pub mode: Mode,
    pub owner: String,
    pub location: Option<String>,
    pub terminal: Option<String>,
    pub amount_minor: Option<i64>,
    pub currency: String,
    pub reference: Option<String>,
    pub description: Option<String>,
    pub metadata: BTreeMap<String, String>,
    pub payload: String,
    pub key_id: String,
    pub status: QrStatus,
    pub revocation: Option<Revocation>,
    #[serde(default)]
    pub scans: Scans,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

pub fn location_prefix(mode: Mode, owner: &str) -> String {
    crate::store::keys::owned_prefix(crate::store::keys::Family::Location, mode, owner)
}

pub fn code_prefix(mode: Mode, owner: &str) -> String {
    crate::store::keys::owned_prefix(crate::store::keys::Family::QrCode, mode, owner)
}

pub fn terminal_prefix(location: &str) -> String {
    crate::store::keys::child_prefix(crate::store::keys::Child::Terminal, location)
}

fn visible(mode: Mode, owner: &str, principal: &Principal) -> bool {
    mode == principal.mode && owner == principal.owner()
}

// ---------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------

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

fn required_text(param: &str, value: String, max: usize) -> Result<String, ApiError> {
    let value = fields::text(param, Some(value), max)?.unwrap_or_default();
    if value.trim().is_empty() {
        return Err(ApiError::field(param, format!("{param} must not be empty")));
    }
    Ok(value)
}

fn mcc(param: &str, value: Option<String>) -> Result<Option<String>, ApiError> {
    match value {
        Some(v) if v.len() != 4 || !v.bytes().all(|b| b.is_ascii_digit()) => Err(ApiError::field(
            param,
            format!("{param} must be a four-digit merchant category code such as 5411 (got {v:?})"),
        )),
        other => Ok(other),
    }
}

fn country(value: &str) -> Result<String, ApiError> {
    if value.len() == 2 && value.bytes().all(|b| b.is_ascii_uppercase()) {
        Ok(value.to_string())
    } else {
        Err(ApiError::field(
            "country",
            format!(
                "country must be an ISO 3166-1 alpha-2 code in upper case such as CD (got {value:?})"
            ),
        ))
    }
}

/// Printable ASCII of EMVCo's common character set, for values that go into the payload.
fn payload_text(
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

// ---------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------

pub fn create_location(
    tx: &mut Tx<'_>,
    principal: &Principal,
    input: LocationInput,
) -> Result<Location, ApiError> {
    let location = Location {
        id: crate::ids::new_id("loc"),
        mode: principal.mode,
        owner: principal.owner().to_string(),
        name: required_text("name", input.name, NAME_CHARS_MAX)?,
        address: fields::text("address", input.address, ADDRESS_CHARS_MAX)?,
        city: required_text("city", input.city, CITY_CHARS_MAX)?,
        country: country(&input.country)?,
        mcc: mcc("mcc", input.mcc)?.unwrap_or_else(|| DEFAULT_MCC.to_string()),
        metadata: fields::metadata(input.metadata)?,
        created_at_ms: tx.now_ms(),
    };
    tx.put(
        Table::Index,
        format!(
            "{}{}",
            location_prefix(location.mode, &location.owner),
            location.id
        ),
        Vec::new(),
    );
    tx.put_json(Table::Objects, location.id.clone(), &location)?;
    Ok(location)
}

// The id's prefix is checked before the read: another type's record under a
// well-formed id of the wrong family must be a 404, not a decoding failure.

fn location_in(tx: &Tx<'_>, principal: &Principal, id: &str) -> Result<Location, ApiError> {
    if !crate::ids::is_id(id, "loc") {
        return Err(ApiError::not_found("location", id));
    }
    tx.get_json::<Location>(Table::Objects, id)?
        .filter(|l| visible(l.mode, &l.owner, principal))
        .ok_or_else(|| ApiError::not_found("location", id))
}

fn terminal_in(tx: &Tx<'_>, principal: &Principal, id: &str) -> Result<Terminal, ApiError> {
    if !crate::ids::is_id(id, "term") {
        return Err(ApiError::not_found("terminal", id));
    }
    tx.get_json::<Terminal>(Table::Objects, id)?
        .filter(|t| visible(t.mode, &t.owner, principal))
        .ok_or_else(|| ApiError::not_found("terminal", id))
}

pub fn create_terminal(
    tx: &mut Tx<'_>,
    principal: &Principal,
    location: &str,
    input: TerminalInput,
) -> Result<Terminal, ApiError> {
    let location = location_in(tx, principal, location)?;
    let terminal = Terminal {
        id: crate::ids::new_id("term"),
        mode: location.mode,
        owner: location.owner.clone(),
        location: location.id.clone(),
        label: payload_text("label", Some(input.label), 25)?.unwrap_or_default(),
        metadata: fields::metadata(input.metadata)?,
        created_at_ms: tx.now_ms(),
    };
    tx.put(
        Table::Index,
        format!("{}{}", terminal_prefix(&location.id), terminal.id),
        Vec::new(),
    );
    tx.put_json(Table::Objects, terminal.id.clone(), &terminal)?;
    Ok(terminal)
}

pub fn create_code(
    tx: &mut Tx<'_>,
    principal: &Principal,
    input: CodeInput,
) -> Result<QrCode, ApiError> {
    let currency = currency::parse("currency", &input.currency)?;
    if let Some(amount) = input.amount_minor
        && !(1..=QR_AMOUNT_MINOR_MAX).contains(&amount)
    {
        return Err(ApiError::new(
            Code::InvalidAmount,
            format!(
                "amount_minor must be from 1 to {QR_AMOUNT_MINOR_MAX} (tag 54 holds 13 characters; got {amount})"
            ),
        )
        .with_param("amount_minor"));
    }
    let terminal = match &input.terminal {
        Some(id) => Some(terminal_in(tx, principal, id).map_err(|e| e.with_param("terminal"))?),
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
        Some(id) => Some(location_in(tx, principal, id).map_err(|e| e.with_param("location"))?),
        None => None,
    };
    let reference = payload_text("reference", input.reference, 25)?;
    let description = fields::text("description", input.description, 500)?;
    let mcc = mcc("mcc", input.mcc)?
        .or_else(|| location.as_ref().map(|l| l.mcc.clone()))
        .unwrap_or_else(|| DEFAULT_MCC.to_string());
    let org = super::org::require(tx)?;
    let key = signing::active_key_in(tx)?;
    let id = crate::ids::new_id("qr");
    let now = tx.now_ms();
    let mut fields_ = vec![
        Tlv::value("00", "01"),
        Tlv::value("01", "11"),
        Tlv::template(
            "26",
            vec![
                Tlv::value("00", QR_GUID),
                Tlv::value("01", emv::clean(principal.owner(), 40)),
                Tlv::value("03", id.clone()),
            ],
        ),
        Tlv::value("52", mcc),
        Tlv::value("53", currency.numeric),
    ];
    if let Some(amount) = input.amount_minor {
        fields_.push(Tlv::value("54", currency::major_units(amount, currency)));
    }
    let city = location
        .as_ref()
        .map(|l| emv::clean(&l.city, 15))
        .filter(|c| !c.trim().is_empty())
        .unwrap_or_else(|| MERCHANT_CITY.to_string());
    fields_.push(Tlv::value(
        "58",
        location
            .as_ref()
            .map_or(MERCHANT_COUNTRY.to_string(), |l| l.country.clone()),
    ));
    fields_.push(Tlv::value("59", merchant_label(&org.name)));
    fields_.push(Tlv::value("60", city));
    let mut additional = Vec::new();
    if let Some(l) = &location {
        let label = emv::clean(&l.name, 25);
        if !label.is_empty() {
            additional.push(Tlv::value("03", label));
        }
    }
    if let Some(r) = &reference {
        additional.push(Tlv::value("05", r.clone()));
    }
    if let Some(t) = &terminal {
        additional.push(Tlv::value("07", t.label.clone()));
    }
    if !additional.is_empty() {
        fields_.push(Tlv::template("62", additional));
    }
    let payload = signed::sign(fields_, &key.id, |m| key.sign_bytes(m))?;
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
        status: QrStatus::Active,
        revocation: None,
        scans: Scans::default(),
        created_at_ms: now,
        updated_at_ms: now,
    };
    tx.put(
        Table::Index,
        format!("{}{id}", code_prefix(code.mode, &code.owner)),
        Vec::new(),
    );
    tx.put_json(Table::Objects, id, &code)?;
    views::emit(tx, &code, EventType::QrCodeCreated)?;
    Ok(code)
}

pub fn revoke_code(
    tx: &mut Tx<'_>,
    principal: &Principal,
    id: &str,
    reason: RevokeReason,
    note: Option<String>,
) -> Result<QrCode, ApiError> {
    if !crate::ids::is_id(id, "qr") {
        return Err(ApiError::not_found("QR code", id));
    }
    let mut code = tx
        .get_json::<QrCode>(Table::Objects, id)?
        .filter(|c| visible(c.mode, &c.owner, principal))
        .ok_or_else(|| ApiError::not_found("QR code", id))?;
    if code.status == QrStatus::Revoked {
        return Err(ApiError::new(
            Code::QrCodeRevoked,
            format!("QR code {id} is already revoked"),
        ));
    }
    let note = fields::text("note", note, 500)?;
    let now = tx.now_ms();
    code.status = QrStatus::Revoked;
    code.revocation = Some(Revocation {
        reason,
        note,
        at_ms: now,
    });
    code.updated_at_ms = now;
    tx.put_json(Table::Objects, code.id.clone(), &code)?;
    views::emit(tx, &code, EventType::QrCodeRevoked)?;
    Ok(code)
}

/// Counts one resolve of code `id` (the writer's side of `POST /resolve`).
pub fn record_scan(tx: &mut Tx<'_>, id: &str, outcome: Outcome) -> Result<(), ApiError> {
    if !crate::ids::is_id(id, "qr") {
        return Ok(());
    }
    let Some(mut code) = tx.get_json::<QrCode>(Table::Objects, id)? else {
        return Ok(());
    };
    let now = tx.now_ms();
    code.scans.total += 1;
    *code.scans.by_day.entry(day(now)).or_default() += 1;
    code.scans.outcomes.bump(outcome);
    code.scans.last_at_ms = Some(now);
    tx.put_json(Table::Objects, code.id.clone(), &code)?;
    Ok(())
}

fn day(ms: i64) -> String {
    rfc3339(ms).chars().take(10).collect()
}

// ---------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------

pub fn read_location(
    snapshot: &Snapshot,
    principal: &Principal,
    id: &str,
) -> Result<Location, ApiError> {
    if !crate::ids::is_id(id, "loc") {
        return Err(ApiError::not_found("location", id));
    }
    snapshot
        .get_json::<Location>(Table::Objects, id)?
        .filter(|l| visible(l.mode, &l.owner, principal))
        .ok_or_else(|| ApiError::not_found("location", id))
}

pub fn read_code(snapshot: &Snapshot, principal: &Principal, id: &str) -> Result<QrCode, ApiError> {
    if !crate::ids::is_id(id, "qr") {
        return Err(ApiError::not_found("QR code", id));
    }
    snapshot
        .get_json::<QrCode>(Table::Objects, id)?
        .filter(|c| visible(c.mode, &c.owner, principal))
        .ok_or_else(|| ApiError::not_found("QR code", id))
}

/// Objects listed under `prefix`, newest first, at most `limit` (before `before`).
pub fn list<T: serde::de::DeserializeOwned>(
    snapshot: &Snapshot,
    prefix: &str,
    before: Option<&str>,
    limit: usize,
) -> Result<Vec<T>, StoreError> {
    let before = before.map(|b| format!("{prefix}{b}"));
    let rows = snapshot.scan_rev(Table::Index, prefix, before.as_deref(), limit, |_, _| true)?;
    let mut out = Vec::new();
    for (key, _) in rows {
        if let Some(object) = snapshot.get_json::<T>(Table::Objects, &key[prefix.len()..])? {
            out.push(object);
        }
    }
    Ok(out)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CodeScans {
    pub qr_code: String,
    pub location: Option<String>,
    pub terminal: Option<String>,
    pub status: QrStatus,
    pub scans: u64,
    pub outcomes: Outcomes,
    pub last_scanned_at: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LocationScans {
    /// `null` gathers the codes that belong to no location.
    pub location: Option<String>,
    pub scans: u64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DayScans {
    /// `YYYY-MM-DD`, UTC.
    pub date: String,
    pub scans: u64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Analytics {
    /// Always `qr_code_analytics`.
    pub object: &'static str,
    pub livemode: bool,
    pub total_scans: u64,
    /// Per code, most scanned first.
    pub codes: Vec<CodeScans>,
    /// Per location, most scanned first.
    pub locations: Vec<LocationScans>,
    /// Per day (UTC), oldest first.
    pub days: Vec<DayScans>,
    /// Every resolve of these codes by outcome.
    pub outcomes: Outcomes,
}

/// Scan analytics over the newest [`ANALYTICS_CODES_MAX`] codes of the caller,
/// optionally only those of one location.
pub fn analytics(
    snapshot: &Snapshot,
    principal: &Principal,
    location: Option<&str>,
) -> Result<Analytics, ApiError> {
    let codes: Vec<QrCode> = list(
        snapshot,
        &code_prefix(principal.mode, principal.owner()),
        None,
        ANALYTICS_CODES_MAX,
    )?;
    let codes: Vec<QrCode> = codes
        .into_iter()
        .filter(|c| location.is_none_or(|l| c.location.as_deref() == Some(l)))
        .collect();
    let mut outcomes = Outcomes::default();
    let mut per_location: BTreeMap<Option<String>, u64> = BTreeMap::new();
    let mut per_day: BTreeMap<String, u64> = BTreeMap::new();
    let mut total = 0;
    let mut per_code = Vec::new();
    for code in &codes {
        total += code.scans.total;
        outcomes.add(&code.scans.outcomes);
        *per_location.entry(code.location.clone()).or_default() += code.scans.total;
        for (d, n) in &code.scans.by_day {
            *per_day.entry(d.clone()).or_default() += n;
        }
        per_code.push(CodeScans {
            qr_code: code.id.clone(),
            location: code.location.clone(),
            terminal: code.terminal.clone(),
            status: code.status,
            scans: code.scans.total,
            outcomes: code.scans.outcomes.clone(),
            last_scanned_at: code.scans.last_at_ms.map(rfc3339),
        });
    }
    per_code.sort_by_key(|c| std::cmp::Reverse(c.scans));
    let mut locations: Vec<LocationScans> = per_location
        .into_iter()
        .map(|(location, scans)| LocationScans { location, scans })
        .collect();
    locations.sort_by_key(|l| std::cmp::Reverse(l.scans));
    Ok(Analytics {
        object: "qr_code_analytics",
        livemode: principal.livemode(),
        total_scans: total,
        codes: per_code,
        locations,
        days: per_day
            .into_iter()
            .map(|(date, scans)| DayScans { date, scans })
            .collect(),
        outcomes,
    })
}

// ---------------------------------------------------------------------------
// Resolve
// ---------------------------------------------------------------------------

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
    /// `bad_format_indicator`, `crc_not_last`, `bad_value`, `empty`, `not_found`.
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

#[derive(Debug, Serialize, ToSchema)]
pub struct ResolvedQrCode {
    pub id: String,
    pub status: QrStatus,
    pub revocation_reason: Option<RevokeReason>,
    pub location: Option<String>,
    pub terminal: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ResolvedIntent {
    pub id: String,
    pub status: intents::state::Status,
    pub amount_minor: i64,
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
    fn new(kind: Kind) -> Resolution {
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

    fn do_not_pay(&mut self, message: impl Into<String>) {
        self.next_action = NextAction {
            kind: NextActionType::DoNotPay,
            url: None,
            message: message.into(),
        };
    }
}

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

fn intent_view(intent: &Intent, settings: &Settings) -> ResolvedIntent {
    ResolvedIntent {
        id: intent.id.clone(),
        status: intent.status,
        amount_minor: intent.amount_minor,
        currency: intent.currency.clone(),
        checkout_url: intents::view::checkout_url(intent, settings),
        expires_at: rfc3339(intent.expires_at_ms),
    }
}

fn pay_intent_action(intent: &Intent, settings: &Settings, now_ms: i64) -> NextAction {
    let open = matches!(intent.status, intents::state::Status::RequiresPaymentMethod)
        && intent.expires_at_ms > now_ms;
    if open {
        NextAction {
            kind: NextActionType::PayIntent,
            url: Some(intents::view::checkout_url(intent, settings)),
            message: "pay this payment intent on its checkout page".into(),
        }
    } else {
        NextAction {
            kind: NextActionType::None,
            url: None,
            message: format!(
                "this payment is {} and cannot be paid now",
                intent.status.as_str()
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
        out.problem = Some(Problem {
            code: "not_found".into(),
            message: format!("this gateway has no payment link {id:?}"),
        });
        out.do_not_pay("this link does not name a payment link of this gateway");
        return Ok(out);
    };
    out.livemode = Some(link.mode.livemode());
    out.amount_minor = link.amount_minor;
    out.currency = Some(link.currency.clone());
    out.merchant = Some(Merchant {
        name: None,
        city: None,
        country: None,
        mcc: None,
        account: Some(link.owner.clone()),
    });
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
        return Ok((resolve_link(snapshot, settings, &id)?, None));
    }
    // A checkout session or a money request stands for its payment intent.
    let intent_behind = if let Some(id) = segment("/checkout/") {
        let session: Option<crate::domain::checkout::Session> = if crate::ids::is_id(&id, "cs") {
            snapshot.get_json(Table::Objects, &id)?
        } else {
            None
        };
        Some(session.map(|s| s.payment_intent).unwrap_or(id))
    } else if let Some(code) = segment("/r/") {
        let request = crate::domain::money_requests::read_public(snapshot, &code)?;
        Some(request.map(|r| r.payment_intent).unwrap_or(code))
    } else {
        segment("/pay/")
    };
    if let Some(id) = intent_behind {
        let mut out = Resolution::new(Kind::PaygateCheckoutUrl);
        let intent = crate::ids::is_id(&id, "pi")
            .then(|| snapshot.get_json::<Intent>(Table::Objects, &id))
            .transpose()?
            .flatten();
        match intent {
            Some(intent) => {
                out.valid = true;
                out.livemode = Some(intent.mode.livemode());
                out.amount_minor = Some(intent.amount_minor);
                out.currency = Some(intent.currency.clone());
                out.reference = intent.reference.clone();
                out.merchant = Some(Merchant {
                    name: None,
                    city: None,
                    country: None,
                    mcc: None,
                    account: Some(intent.owner.clone()),
                });
                out.next_action = pay_intent_action(&intent, settings, now_ms);
                out.payment_intent = Some(intent_view(&intent, settings));
            }
            None => {
                out.problem = Some(Problem {
                    code: "not_found".into(),
                    message: format!("this gateway has no payment {id:?}"),
                });
                out.do_not_pay("this link does not name a payment of this gateway");
            }
        }
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
    let decoded = emv::decode(scanned);
    let (payload, crc_ok, problem) = match decoded {
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
    let registry = signing::keys(snapshot)?;
    let (verdict, key_id) = signed::verify(&payload, |id| {
        registry
            .iter()
            .find(|k| k.id == id && matches!(k.status, KeyStatus::Active | KeyStatus::Retired))
            .and_then(|k| k.public_key_bytes())
    });
    out.signature = Some(verdict);
    out.key_id = key_id;
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
    let object_id = ours.child("03").unwrap_or_default().to_string();
    let mut scan = None;
    if crate::ids::is_id(&object_id, "qr") {
        out.kind = Kind::PaygateQrCode;
        let code = snapshot.get_json::<QrCode>(Table::Objects, &object_id)?;
        let Some(code) = code else {
            out.problem.get_or_insert(Problem {
                code: "not_found".into(),
                message: format!("this gateway issued no QR code {object_id}"),
            });
            out.do_not_pay("this code names a QR code this gateway never issued");
            return Ok((out, None));
        };
        out.livemode = Some(code.mode.livemode());
        out.amount_minor = code.amount_minor;
        out.currency = Some(code.currency.clone());
        out.revoked = code.status == QrStatus::Revoked;
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
        scan = Some(Scan {
            qr_code: code.id.clone(),
            outcome,
        });
        if let Some(reason) = refusal(&out, verdict) {
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
    } else if crate::ids::is_id(&object_id, "pi") {
        out.kind = Kind::PaygateIntentQr;
        let intent = snapshot.get_json::<Intent>(Table::Objects, &object_id)?;
        let Some(intent) = intent else {
            out.problem.get_or_insert(Problem {
                code: "not_found".into(),
                message: format!("this gateway has no payment {object_id}"),
            });
            out.do_not_pay("this code names a payment this gateway does not know");
            return Ok((out, None));
        };
        out.livemode = Some(intent.mode.livemode());
        out.amount_minor = Some(intent.amount_minor);
        out.currency = Some(intent.currency.clone());
        if let Some(m) = out.merchant.as_mut() {
            m.account = Some(intent.owner.clone());
        }
        out.payment_intent = Some(intent_view(&intent, settings));
        if let Some(reason) = refusal(&out, verdict) {
            out.do_not_pay(reason);
        } else {
            out.next_action = pay_intent_action(&intent, settings, now_ms);
        }
    } else {
        out.problem.get_or_insert(Problem {
            code: "not_found".into(),
            message: "the merchant account template names no object of this gateway".into(),
        });
        out.do_not_pay("this code claims to be of this gateway but names nothing it issued");
    }
    Ok((out, scan))
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
