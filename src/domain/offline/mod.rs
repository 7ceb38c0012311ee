//! Offline payments (spec sections 2, 3, 4.12 and 8; origin behaviour
//! section 9; the whole flow in `docs/offline.md`).
//!
//! A party (an organisation of this gateway, merchant or payer) registers a
//! device's ed25519 subkey, valid 72 hours; a merchant's device prefetches
//! single-use nonces, or asks for a server-signed offline QR carrying one.
//! Offline, the payer's device signs a promise string naming the merchant,
//! itself, the amount and a nonce; the merchant's device countersigns it (or
//! holds the signed QR). Back online, either side syncs the promises:
//! `sync::apply` checks each in submission order, inside one writer command,
//! and settles it (one balanced posting payer → merchant, a receipt signed by
//! the platform key) or rejects it with the amount the payer's device
//! restores. The promise's SHA-256 dedupes it forever.
//!
//! The string, the signatures and the receipt format are pure functions in
//! `crate::offline`; this module holds the records and the rules.

pub mod state;
pub mod sync;
mod view;

use crate::store::keys::Family;
use serde::{Deserialize, Serialize};

pub use self::state::Status;
pub use self::view::{
    DeviceView, NoncesView, OfflinePromiseView, OfflineQrView, device_view, nonces_view,
    promise_view,
};

use super::org;
use super::resource::{self, Party};
use crate::auth::Principal;
use crate::error::{ApiError, Code};
use crate::mode::Mode;
use crate::offline::device_keys;
use crate::store::keys;
use crate::store::{Read, Tx};
/// `ofp_...`, listed per owner under `ofp`.
pub const OFFLINE_PROMISE: Family = Family::new("ofp");

/// How long a registered subkey is valid (spec section 8).
pub const SUBKEY_VALIDITY_MS: i64 = 72 * 3_600_000;
/// How long a fetched nonce may be used: as long as a subkey.
pub const NONCE_VALIDITY_MS: i64 = SUBKEY_VALIDITY_MS;
/// How far ahead a promise may expire (origin: validity 72 h).
pub const PROMISE_VALIDITY_MS: i64 = SUBKEY_VALIDITY_MS;
/// Nonces fetched per request at most, and by default.
pub const NONCES_PER_REQUEST_MAX: u32 = 100;
pub const NONCES_PER_REQUEST_DEFAULT: u32 = 10;
/// Subkeys a device keeps (the current one and the ones it rotated from, so
/// that a promise signed before a rotation still verifies).
pub const DEVICE_KEYS_KEPT: usize = 8;
/// Device ids: 6 to 80 of `[A-Za-z0-9._:-]` (origin behaviour section 9).
pub const DEVICE_ID_CHARS_MIN: usize = 6;
pub const DEVICE_ID_CHARS_MAX: usize = 80;
/// The validity of an offline QR, in seconds (origin: 60 to 900, default 900).
pub const QR_VALIDITY_SECS_MIN: i64 = 60;
pub const QR_VALIDITY_SECS_MAX: i64 = 900;

/// A subkey of a device, valid from its registration for 72 hours, or until
/// the device rotated to a newer one.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DeviceKey {
    /// The SPKI DER, base64, as registered.
    pub spki: String,
    /// The raw 32-byte key, base64.
    pub public_key: String,
    pub valid_from_ms: i64,
    pub valid_until_ms: i64,
}

impl DeviceKey {
    pub fn valid_at(&self, at_ms: i64) -> bool {
        (self.valid_from_ms..self.valid_until_ms).contains(&at_ms)
    }

    pub fn raw(&self) -> Option<[u8; 32]> {
        use base64::Engine;
        base64::engine::general_purpose::STANDARD
            .decode(&self.public_key)
            .ok()
            .and_then(|b| b.try_into().ok())
    }
}

/// A merchant's or a payer's device (`ofd|<mode>|<id>`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Device {
    pub id: String,
    pub mode: Mode,
    /// The party (organisation) that registered it.
    pub owner: String,
    /// Newest last, at most [`DEVICE_KEYS_KEPT`].
    pub keys: Vec<DeviceKey>,
    pub created_at_ms: i64,
    /// The highest counter of a promise this device signed as payer that
    /// passed the counter check.
    #[serde(default)]
    pub last_counter: Option<u64>,
    /// What its promises settled, by currency and hour, for the trailing 24 h
    /// ceiling (hours older than 24 are dropped as new ones come).
    #[serde(default)]
    pub settled_by_hour: Vec<HourTotal>,
}

crate::domain::resource::owned!(Device);

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct HourTotal {
    pub currency: String,
    /// Hours since the epoch.
    pub hour: i64,
    pub amount_minor: i64,
}

impl Device {
    pub fn current_key(&self) -> Option<&DeviceKey> {
        self.keys.last()
    }

    /// The keys valid at `at_ms`.
    pub fn keys_valid_at(&self, at_ms: i64) -> impl Iterator<Item = &DeviceKey> {
        self.keys.iter().filter(move |k| k.valid_at(at_ms))
    }

    /// What promises of `currency` settled in the 24 hours up to `now_ms`.
    pub fn settled_last_24h(&self, currency: &str, now_ms: i64) -> i64 {
        let hour = now_ms.div_euclid(3_600_000);
        self.settled_by_hour
            .iter()
            .filter(|h| h.currency == currency && h.hour > hour - 24)
            .map(|h| h.amount_minor)
            .sum()
    }

    pub fn add_settled(&mut self, currency: &str, amount_minor: i64, now_ms: i64) {
        let hour = now_ms.div_euclid(3_600_000);
        self.settled_by_hour.retain(|h| h.hour > hour - 24);
        match self
            .settled_by_hour
            .iter_mut()
            .find(|h| h.currency == currency && h.hour == hour)
        {
            Some(h) => h.amount_minor += amount_minor,
            None => self.settled_by_hour.push(HourTotal {
                currency: currency.to_string(),
                hour,
                amount_minor,
            }),
        }
    }
}

/// A nonce a merchant's device fetched (`ofn|<mode>|<nonce>`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Nonce {
    pub nonce: String,
    /// The merchant (the device's party).
    pub owner: String,
    pub device_id: String,
    pub issued_at_ms: i64,
    pub expires_at_ms: i64,
    /// The promise that used it.
    pub used_by: Option<String>,
}

/// The device `id` of party `owner`. Device ids are the party's own names
/// (`ofd|<mode>|<owner>|<id>`): another organisation cannot take one, or
/// learn that it exists (issue 44). A device registered before ids were
/// per party (`ofd|<mode>|<id>`) is still found, for its owner only.
pub fn read_device(
    read: &impl Read,
    mode: Mode,
    owner: &str,
    id: &str,
) -> Result<Option<Device>, ApiError> {
    if let Some(device) = read.object(&keys::offline_device(mode, owner, id))? {
        return Ok(Some(device));
    }
    let legacy: Option<Device> = read.object(&keys::offline_device_unscoped(mode, id))?;
    Ok(legacy.filter(|d| resource::belongs(d, mode, owner, Party::Owner)))
}

pub fn read_nonce(read: &impl Read, mode: Mode, nonce: &str) -> Result<Option<Nonce>, ApiError> {
    Ok(read.object(&keys::offline_nonce(mode, nonce))?)
}

pub(crate) fn put_device(tx: &mut Tx<'_>, device: &Device) -> Result<(), ApiError> {
    tx.put_object(
        keys::offline_device(device.mode, &device.owner, &device.id),
        device,
    )?;
    Ok(())
}

/// A device id: 6 to 80 of `[A-Za-z0-9._:-]`.
pub fn check_device_id(param: &str, id: &str) -> Result<(), ApiError> {
    let valid = (DEVICE_ID_CHARS_MIN..=DEVICE_ID_CHARS_MAX).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._:-".contains(&b));
    if valid {
        Ok(())
    } else {
        Err(ApiError::field(
            param,
            format!(
                "{param} must be {DEVICE_ID_CHARS_MIN} to {DEVICE_ID_CHARS_MAX} of letters, digits, '.', '_', ':' or '-' (got {id:?})"
            ),
        ))
    }
}

/// A checked subkey: the SPKI as sent and its raw key, base64.
#[derive(Clone)]
pub struct NewKey {
    pub spki: String,
    pub public_key: String,
}

impl NewKey {
    pub fn parse(spki: &str) -> Result<NewKey, ApiError> {
        use base64::Engine;
        let raw = device_keys::public_key_from_spki(spki)
            .map_err(|why| ApiError::field("public_key", format!("public_key {why}")))?;
        Ok(NewKey {
            spki: spki.trim().to_string(),
            public_key: base64::engine::general_purpose::STANDARD.encode(raw),
        })
    }
}

/// Devices a party may register in one mode: every device can promise up to
/// its daily ceiling, so an unbounded number would bound nothing (issue 44).
pub const DEVICES_PER_PARTY_MAX: u32 = 1_000;

/// What a device signs to rotate its subkey: its id and the new key, so the
/// signature cannot be replayed for another device or key.
pub fn rotation_message(device_id: &str, new_public_key: &str) -> String {
    format!("paygate-device-rotation|{device_id}|{new_public_key}")
}

/// `POST /offline/devices`: registers `device_id` for the caller with a
/// subkey valid 72 hours. The same id again rotates its key only with
/// `rotation_signature`, the new key signed by the device's latest subkey
/// (the previous one stays valid for what it signed before now): a
/// registration never takes a device over (issue 44). A party holds at most
/// [`DEVICES_PER_PARTY_MAX`] devices per mode.
pub fn register_device(
    tx: &mut Tx<'_>,
    principal: &Principal,
    device_id: &str,
    key: NewKey,
    rotation_signature: Option<&str>,
) -> Result<(Device, bool), ApiError> {
    let now = tx.now_ms();
    org::require_active(tx, principal.owner())?;
    let existing = read_device(tx, principal.mode, principal.owner(), device_id)?;
    let rotated = existing.is_some();
    let mut device = match existing {
        Some(d) => {
            let message = rotation_message(device_id, &key.public_key);
            // The latest subkey, even expired: whoever holds it is the
            // device (a device offline past 72 hours keeps its id, its
            // counter and its daily ceiling); anyone else is not.
            let proved = rotation_signature.is_some_and(|signature| {
                d.current_key()
                    .and_then(DeviceKey::raw)
                    .is_some_and(|raw| device_keys::verifies(&raw, &message, signature))
            });
            if !proved {
                return Err(ApiError::new(
                    Code::DeviceTaken,
                    format!(
                        "device {device_id} is registered: rotating its key needs rotation_signature, the new key signed by its current one (or register the device under a new id)"
                    ),
                )
                .with_param("rotation_signature"));
            }
            d
        }
        None => {
            count_device(tx, principal.mode, principal.owner())?;
            Device {
                id: device_id.to_string(),
                mode: principal.mode,
                owner: principal.owner().to_string(),
                keys: Vec::new(),
                created_at_ms: now,
                last_counter: None,
                settled_by_hour: Vec::new(),
            }
        }
    };
    for old in &mut device.keys {
        old.valid_until_ms = old.valid_until_ms.min(now);
    }
    device.keys.push(DeviceKey {
        spki: key.spki,
        public_key: key.public_key,
        valid_from_ms: now,
        valid_until_ms: now + SUBKEY_VALIDITY_MS,
    });
    let excess = device.keys.len().saturating_sub(DEVICE_KEYS_KEPT);
    device.keys.drain(..excess);
    put_device(tx, &device)?;
    Ok((device, rotated))
}

/// Counts a new device of `owner`, refusing one past the bound.
fn count_device(tx: &mut Tx<'_>, mode: Mode, owner: &str) -> Result<(), ApiError> {
    let key = keys::offline_device_count(mode, owner);
    let count: u32 = tx.object(&key)?.unwrap_or(0);
    if count >= DEVICES_PER_PARTY_MAX {
        return Err(ApiError::new(
            Code::DeviceLimit,
            format!(
                "an organisation registers at most {DEVICES_PER_PARTY_MAX} offline devices per mode; rotate an existing device's key instead"
            ),
        )
        .with_param("device_id"));
    }
    tx.put_object(key, &(count + 1))?;
    Ok(())
}

/// The caller's device `device_id` with a subkey valid now: what fetches
/// nonces and offline QR codes.
fn merchant_device(
    tx: &Tx<'_>,
    principal: &Principal,
    device_id: &str,
) -> Result<Device, ApiError> {
    let device = read_device(tx, principal.mode, principal.owner(), device_id)?
        .ok_or_else(|| {
            ApiError::field(
                "device_id",
                format!("no device {device_id} is registered by this organisation: POST /offline/devices first"),
            )
        })?;
    if device.keys_valid_at(tx.now_ms()).next().is_none() {
        return Err(ApiError::field(
            "device_id",
            format!("the subkey of device {device_id} has expired (72 hours): register it again"),
        ));
    }
    Ok(device)
}

/// `POST /offline/nonces`: stores `nonces` (16 random bytes each, made
/// before the command) for the caller's device, each usable once within 72
/// hours.
pub fn issue_nonces(
    tx: &mut Tx<'_>,
    principal: &Principal,
    device_id: &str,
    nonces: Vec<String>,
) -> Result<Vec<Nonce>, ApiError> {
    merchant_device(tx, principal, device_id)?;
    let now = tx.now_ms();
    let mut issued = Vec::with_capacity(nonces.len());
    for nonce in nonces {
        let key = keys::offline_nonce(principal.mode, &nonce);
        if tx.object_bytes(&key)?.is_some() {
            // 128 random bits: a repeat is a broken generator, not bad luck.
            return Err(ApiError::internal("a fresh nonce repeated an issued one"));
        }
        let record = Nonce {
            nonce,
            owner: principal.owner().to_string(),
            device_id: device_id.to_string(),
            issued_at_ms: now,
            expires_at_ms: now + NONCE_VALIDITY_MS,
            used_by: None,
        };
        tx.put_object(key, &record)?;
        issued.push(record);
    }
    Ok(issued)
}

/// 16 random bytes in unpadded base64url: from the CSPRNG, or the seeded
/// source under the simulator (`ids::fill`), so a seed replays its nonces.
pub fn fresh_nonce() -> String {
    use base64::Engine;
    let mut bytes = [0u8; 16];
    crate::ids::fill(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// What an offline QR asks for, checked by the handler.
#[derive(Clone)]
pub struct NewOfflineQr {
    pub device_id: String,
    pub currency: crate::domain::currency::Currency,
    pub amount_minor: Option<i64>,
    pub validity_secs: i64,
    pub nonce: String,
}

/// `POST /offline/qr`: a nonce for the caller's device, printed into an
/// EMVCo payload (wallet only, rails mask 1) signed by the platform key with
/// the nonce in `80/03` and the expiry in `80/02`.
pub fn offline_qr(
    tx: &mut Tx<'_>,
    principal: &Principal,
    new: NewOfflineQr,
) -> Result<OfflineQrView, ApiError> {
    use crate::domain::intents::view::{MERCHANT_CITY, MERCHANT_COUNTRY, QR_GUID, merchant_label};
    use crate::qr::emv::{self, Tlv};
    let nonce = issue_nonces(tx, principal, &new.device_id, vec![new.nonce])?
        .pop()
        .ok_or_else(|| ApiError::internal("no nonce issued"))?;
    let expires_at_unix = tx.now_ms().div_euclid(1000) + new.validity_secs;
    let name = org::name_of(tx, principal.owner())?;
    let mut fields = vec![
        Tlv::value("00", "01"),
        Tlv::value(
            "01",
            if new.amount_minor.is_some() {
                "12"
            } else {
                "11"
            },
        ),
        Tlv::template(
            "26",
            vec![
                Tlv::value("00", QR_GUID),
                Tlv::value("01", emv::clean(principal.owner(), 40)),
                // The rails mask: wallet only (origin behaviour section 9).
                Tlv::value("02", "1"),
            ],
        ),
        Tlv::value("52", "5999"),
        Tlv::value("53", new.currency.numeric),
    ];
    if let Some(amount) = new.amount_minor {
        fields.push(Tlv::value(
            "54",
            crate::domain::currency::major_units(amount, new.currency),
        ));
    }
    fields.push(Tlv::value("58", MERCHANT_COUNTRY));
    fields.push(Tlv::value("59", merchant_label(&name)));
    fields.push(Tlv::value("60", MERCHANT_CITY));
    let key = crate::events::signing::active_key_in(tx)?;
    let payload = crate::qr::signed::sign_offline(
        fields,
        &key.id,
        Some(expires_at_unix),
        Some(&nonce.nonce),
        |m| key.sign_bytes(m),
    )?;
    Ok(OfflineQrView {
        object: "offline_qr",
        livemode: principal.livemode(),
        merchant: principal.owner().to_string(),
        device_id: new.device_id,
        payload,
        nonce: nonce.nonce,
        key_id: key.id,
        amount_minor: new.amount_minor,
        currency: new.currency.code.to_string(),
        expires_at: crate::clock::rfc3339(expires_at_unix * 1000),
    })
}
