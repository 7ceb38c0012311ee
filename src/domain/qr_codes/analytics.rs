//! Scans: each resolve of one of our codes is counted in the code's record
//! by the writer (total, per UTC day, per outcome), and `GET
//! /qr_codes/analytics` sums them per code, location and day.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::codes::QrCode;
use super::state::Status;
use super::{ANALYTICS_CODES_MAX, code_prefix};
use crate::auth::Principal;
use crate::clock::rfc3339;
use crate::error::ApiError;
use crate::store::{Read, Snapshot, StoreError, Tx};

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

/// Counts one resolve of code `id` (the writer's side of `POST /resolve`).
pub fn record_scan(tx: &mut Tx<'_>, id: &str, outcome: Outcome) -> Result<(), ApiError> {
    if !crate::ids::is_id(id, "qr") {
        return Ok(());
    }
    let Some(mut code) = tx.object::<QrCode>(id)? else {
        return Ok(());
    };
    let now = tx.now_ms();
    code.scans.total += 1;
    *code.scans.by_day.entry(day(now)).or_default() += 1;
    code.scans.outcomes.bump(outcome);
    code.scans.last_at_ms = Some(now);
    tx.put_object(code.id.clone(), &code)?;
    Ok(())
}

fn day(ms: i64) -> String {
    rfc3339(ms).chars().take(10).collect()
}

/// Objects listed under `prefix`, newest first, at most `limit` (before `before`).
fn list<T: serde::de::DeserializeOwned>(
    snapshot: &Snapshot,
    prefix: &str,
    before: Option<&str>,
    limit: usize,
) -> Result<Vec<T>, StoreError> {
    let before = before.map(|b| format!("{prefix}{b}"));
    let rows = snapshot.scan_index_page(prefix, before.as_deref(), limit, |_, _| true)?;
    let mut out = Vec::new();
    for (key, _) in rows {
        if let Some(object) = snapshot.object::<T>(crate::store::keys::id_of(&key))? {
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
    pub status: Status,
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
