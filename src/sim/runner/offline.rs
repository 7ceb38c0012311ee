//! Offline payments in a run: devices of the organisations, each with its
//! own ed25519 key, registered (and rotated) as a device does it; the
//! nonces their merchants fetch; promises signed offline with the real
//! codec (`offline::promise::encode`, `device_keys`) and held by the
//! devices until a sync, which sends them later, out of order, again, or
//! tampered with; and what every sync answer must be.

use std::collections::{BTreeMap, BTreeSet};

use base64::Engine;
use ed25519_dalek::{Signer, SigningKey};
use serde_json::Value;

use super::{Failure, Prng, Who, World};
use crate::domain::offline::{SUBKEY_VALIDITY_MS, rotation_message};
use crate::ledger::{self, Class};
use crate::mode::Mode;
use crate::offline::device_keys;
use crate::offline::promise::{self, Promise};
use crate::sim::requests::{Request, SyncItem};
use crate::sim::workload::Fault;
use crate::store::Output;

/// Promises synced before that a sync may send again, at most.
const SYNCED_KEPT: usize = 64;
/// How long an honest promise is valid (the gateway accepts up to 72 h).
const PROMISE_VALID_S: i64 = 70 * 3_600;
/// A sync takes its promises among this many of the oldest held.
const SYNC_WINDOW: usize = 8;

/// A device of the run, registered by `org`.
pub(super) struct Device {
    org: usize,
    id: String,
    key: SigningKey,
    /// When its current key was registered (what a nonce it signs on
    /// must not precede: the key is checked at the nonce's time).
    key_at_ms: i64,
    /// The last counter it signed as payer.
    counter: u64,
}

/// A nonce a merchant's device fetched.
struct Nonce {
    device: usize,
    nonce: String,
    issued_at_ms: i64,
    /// A promise of the run was made on it.
    used: bool,
}

/// Available balances by organisation and currency.
type Holdings = BTreeMap<(String, String), i64>;

/// What the devices of a run hold, and what the gateway answered of their
/// promises.
#[derive(Default)]
pub(super) struct Offline {
    pub(super) devices: Vec<Device>,
    /// Keys sent in registrations not answered yet, by SPKI.
    keys: BTreeMap<String, [u8; 32]>,
    nonces: Vec<Nonce>,
    /// Signed, not synced yet.
    held: Vec<SyncItem>,
    /// Synced: a sync may send one again (a replay).
    synced: Vec<SyncItem>,
    /// Hashes of promises tampered with or signed by a wrong key.
    pub(super) forged: BTreeSet<String>,
    /// Each recorded promise's hash: its id and whether it settled.
    recorded: BTreeMap<String, (String, bool)>,
    /// Nonces of settled promises.
    pub(super) settled_nonces: BTreeSet<String>,
    /// Every recorded promise (`ofp_...`).
    pub(super) ids: Vec<String>,
    /// The merchants' available balances before the sync with this key ran
    /// alone in its batch.
    before: Option<(String, Holdings)>,
}

/// A key from a draw: 32 bytes of a seeded stream.
fn key_bytes(seed: u64) -> [u8; 32] {
    let mut prng = Prng::new(seed);
    let mut bytes = [0u8; 32];
    for chunk in bytes.chunks_mut(8) {
        chunk.copy_from_slice(&prng.next_u64().to_le_bytes());
    }
    bytes
}

fn signature(key: &SigningKey, text: &str) -> String {
    device_keys::encode_signature(&key.sign(text.as_bytes()).to_bytes())
}

impl World {
    /// `POST /offline/devices`: a new device of `org` with the key of
    /// `key`, or a rotation of one of its devices to it.
    pub(super) fn register_device(
        &mut self,
        n: usize,
        org: u64,
        key: u64,
        rotate: bool,
    ) -> Option<(usize, Who, Request)> {
        let org = (org % self.orgs.len() as u64) as usize;
        let bytes = key_bytes(key);
        let public = SigningKey::from_bytes(&bytes).verifying_key().to_bytes();
        let spki = device_keys::spki_of(&public);
        self.offline.keys.insert(spki.clone(), bytes);
        let own: Vec<usize> = (0..self.offline.devices.len())
            .filter(|&d| self.offline.devices[d].org == org)
            .collect();
        let request = match own.get((key % own.len().max(1) as u64) as usize) {
            Some(&d) if rotate => {
                let device = &self.offline.devices[d];
                let raw = base64::engine::general_purpose::STANDARD.encode(public);
                let message = rotation_message(&device.id, &raw);
                Request::RegisterDevice {
                    device_id: device.id.clone(),
                    spki,
                    rotation_signature: Some(signature(&device.key, &message)),
                }
            }
            _ => Request::RegisterDevice {
                device_id: format!("sim-dev-{n}"),
                spki,
                rotation_signature: None,
            },
        };
        Some((org, Who::Key, request))
    }

    /// `POST /offline/nonces` for a device of the run.
    pub(super) fn fetch_nonces(&self, pick: u64, count: u8) -> Option<(usize, Who, Request)> {
        let devices = &self.offline.devices;
        let device = devices.get((pick % devices.len().max(1) as u64) as usize)?;
        let request = Request::FetchNonces {
            device_id: device.id.clone(),
            count: i64::from(count),
        };
        Some((device.org, Who::Key, request))
    }

    /// Offline: the payer's device signs a promise on a nonce of a
    /// merchant's device (of another organisation), which countersigns it;
    /// `fault` spoils it. The devices hold it until a sync.
    pub(super) fn sign_promise(
        &mut self,
        n: usize,
        payer: u64,
        merchant: u64,
        amount: i64,
        usd: bool,
        fault: Fault,
    ) {
        let off = &self.offline;
        let Some(p) =
            (!off.devices.is_empty()).then(|| (payer % off.devices.len() as u64) as usize)
        else {
            return;
        };
        let payer_org = off.devices[p].org;
        let spent = fault == Fault::SpentNonce;
        let usable = |x: &Nonce| off.devices[x.device].org != payer_org && x.used == spent;
        // Both keys are judged at the nonce's time: a device signs, when
        // it can, on a nonce fetched while its current key and the
        // merchant device's current key were valid.
        let valid = |d: usize, at: i64| {
            let from = off.devices[d].key_at_ms;
            (from..from + SUBKEY_VALIDITY_MS).contains(&at)
        };
        let fresh = |x: &Nonce| valid(p, x.issued_at_ms) && valid(x.device, x.issued_at_ms);
        let mut candidates: Vec<usize> = (0..off.nonces.len())
            .filter(|&i| usable(&off.nonces[i]) && fresh(&off.nonces[i]))
            .collect();
        if candidates.is_empty() {
            candidates = (0..off.nonces.len())
                .filter(|&i| usable(&off.nonces[i]))
                .collect();
        }
        let Some(&chosen) = candidates.get((merchant % candidates.len().max(1) as u64) as usize)
        else {
            return;
        };
        let m = self.offline.nonces[chosen].device;
        self.offline.nonces[chosen].used = true;
        let counter = match fault {
            Fault::StaleCounter => self.offline.devices[p].counter,
            _ => {
                self.offline.devices[p].counter += 1;
                self.offline.devices[p].counter
            }
        };
        let now_s = self.now_ms.div_euclid(1000);
        let mut promise = Promise {
            tag: promise::TAG.to_string(),
            merchant: self.orgs[self.offline.devices[m].org].id.clone(),
            payer: self.orgs[payer_org].id.clone(),
            amount_minor: match fault {
                Fault::OverCeiling => crate::domain::offline::sync::PROMISE_CEILING_MINOR + amount,
                _ => amount,
            },
            currency: if usd { "USD" } else { "CDF" }.to_string(),
            nonce: self.offline.nonces[chosen].nonce.clone(),
            expires_at_unix: now_s
                + match fault {
                    Fault::Expiring => 60 + (amount % 60),
                    _ => PROMISE_VALID_S,
                },
            counter,
            reference: format!("sim {n}"),
        };
        let signed = promise::encode(&promise);
        let stranger = SigningKey::from_bytes(&key_bytes(n as u64 ^ 0x0ff1_1e5e));
        let (payer_key, merchant_key) =
            (&self.offline.devices[p].key, &self.offline.devices[m].key);
        let item = SyncItem {
            payer_device_id: self.offline.devices[p].id.clone(),
            payer_signature: signature(
                if fault == Fault::PayerForged {
                    &stranger
                } else {
                    payer_key
                },
                &signed,
            ),
            merchant_device_id: self.offline.devices[m].id.clone(),
            merchant_signature: signature(
                if fault == Fault::MerchantForged {
                    &stranger
                } else {
                    merchant_key
                },
                &signed,
            ),
            promise: if fault == Fault::Tampered {
                promise.amount_minor += 1;
                promise::encode(&promise)
            } else {
                signed
            },
        };
        if matches!(
            fault,
            Fault::Tampered | Fault::PayerForged | Fault::MerchantForged
        ) {
            self.offline
                .forged
                .insert(device_keys::digest(&item.promise));
        }
        self.note(format!(
            "#{n} offline promise ({fault:?}): {}",
            item.promise
        ));
        self.offline.held.push(item);
    }

    /// `POST /offline/sync` by a party (the payer, or the merchant) of the
    /// first promise taken: up to `count` of the oldest held promises of
    /// that party, in a drawn order; with `replay`, one synced before at a
    /// drawn place.
    pub(super) fn sync_promises(
        &mut self,
        pick: u64,
        count: u8,
        by_payer: bool,
        replay: bool,
    ) -> Option<(usize, Who, Request)> {
        let mut prng = Prng::new(pick);
        let party_of = |item: &SyncItem| {
            let p = promise::parse(&item.promise).ok()?;
            Some(if by_payer { p.payer } else { p.merchant })
        };
        let held = &mut self.offline.held;
        let mut promises = Vec::new();
        let mut party = None;
        for _ in 0..count {
            let window: Vec<usize> = (0..held.len().min(SYNC_WINDOW))
                .filter(|&i| party.is_none() || party_of(&held[i]) == party)
                .collect();
            if window.is_empty() {
                break;
            }
            let at = window[prng.below(window.len() as u64) as usize];
            let item = held.remove(at);
            party = party_of(&item);
            promises.push(item);
        }
        if replay && !self.offline.synced.is_empty() {
            let synced = &self.offline.synced;
            let again = synced[prng.below(synced.len() as u64) as usize].clone();
            if party.is_none() {
                party = party_of(&again);
            }
            let at = prng.below(promises.len() as u64 + 1) as usize;
            promises.insert(at, again);
        }
        let party = party?;
        let org = self.orgs.iter().position(|o| o.id == party)?;
        Some((org, Who::Key, Request::OfflineSync { promises }))
    }

    /// Every organisation's available balance per currency.
    fn available(&self) -> Result<Holdings, String> {
        let snapshot = self.store().snapshot().map_err(|e| e.to_string())?;
        let mut all = BTreeMap::new();
        for org in &self.orgs {
            for b in ledger::balances(&snapshot, Mode::Test, &org.id).map_err(|e| e.to_string())? {
                all.insert((org.id.clone(), b.currency.clone()), b.of(Class::Available));
            }
        }
        Ok(all)
    }

    /// Before a sync that runs alone in its batch: what the parties hold.
    pub(super) fn before_sync(&mut self, n: usize, key: &str) -> Result<(), Failure> {
        let available = self.available().map_err(|what| self.fail(n, what))?;
        self.offline.before = Some((key.to_string(), available));
        Ok(())
    }

    /// A failed sync's promises go back to their devices.
    pub(super) fn sync_failed(&mut self, request: &Request) {
        if let Request::OfflineSync { promises } = request {
            self.offline.held.extend(promises.iter().cloned());
        }
    }

    /// What an offline answer adds to the run: a device, its rotated key,
    /// nonces; a sync's answer is checked.
    pub(super) fn offline_answered(
        &mut self,
        step: usize,
        org: usize,
        key: &str,
        request: &Request,
        answer: &Output,
    ) -> Result<(), Failure> {
        let body: Value = serde_json::from_slice(&answer.body).unwrap_or_default();
        match request {
            Request::RegisterDevice {
                device_id, spki, ..
            } => {
                let Some(bytes) = self.offline.keys.get(spki).copied() else {
                    return Ok(());
                };
                let key = SigningKey::from_bytes(&bytes);
                let now = self.now_ms;
                let found = self
                    .offline
                    .devices
                    .iter_mut()
                    .find(|d| d.org == org && d.id == *device_id);
                match found {
                    Some(device) => {
                        device.key = key;
                        device.key_at_ms = now;
                    }
                    None => self.offline.devices.push(Device {
                        org,
                        id: device_id.clone(),
                        key,
                        key_at_ms: now,
                        counter: 0,
                    }),
                }
            }
            Request::FetchNonces { device_id, .. } => {
                let Some(device) = self
                    .offline
                    .devices
                    .iter()
                    .position(|d| d.org == org && d.id == *device_id)
                else {
                    return Ok(());
                };
                for nonce in body["data"].as_array().into_iter().flatten() {
                    if let Some(nonce) = nonce["nonce"].as_str() {
                        self.offline.nonces.push(Nonce {
                            device,
                            nonce: nonce.to_string(),
                            issued_at_ms: self.now_ms,
                            used: false,
                        });
                    }
                }
            }
            Request::OfflineSync { promises } => {
                let outcomes: Vec<String> = body["results"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|r| match r["reason"].as_str() {
                        Some(reason) => format!("{} {reason}", r["status"].as_str().unwrap_or("")),
                        None => r["status"].as_str().unwrap_or("").to_string(),
                    })
                    .collect();
                self.note(format!("#{step} sync: {}", outcomes.join(", ")));
                self.check_sync(key, promises, &body)
                    .map_err(|what| self.fail(step, what))?;
                let synced = &mut self.offline.synced;
                synced.extend(promises.iter().cloned());
                let excess = synced.len().saturating_sub(SYNCED_KEPT);
                synced.drain(..excess);
            }
            _ => {}
        }
        Ok(())
    }

    /// A sync's answer: one result per promise, in order; a promise seen
    /// before is a DUPLICATE of its first record and moves nothing; a
    /// tampered or forged one is rejected and not recorded; no nonce
    /// settles twice; and (when the sync ran alone in its batch) the
    /// parties' available balances moved by exactly what settled.
    fn check_sync(&mut self, key: &str, items: &[SyncItem], body: &Value) -> Result<(), String> {
        let results = body["results"].as_array().cloned().unwrap_or_default();
        if results.len() != items.len() {
            return Err(format!(
                "a sync of {} promises answered {} results",
                items.len(),
                results.len()
            ));
        }
        let mut moved = Holdings::new();
        for (item, r) in items.iter().zip(&results) {
            let hash = device_keys::digest(&item.promise);
            let (status, id) = (r["status"].as_str().unwrap_or(""), r["promise"].as_str());
            let posted = !r["transaction"].is_null();
            if r["hash"].as_str() != Some(hash.as_str()) {
                return Err(format!("sync result {r} is not of promise {hash}"));
            }
            if let Some((first, settled)) = self.offline.recorded.get(&hash) {
                let reason = if *settled {
                    "already_settled"
                } else {
                    "already_rejected"
                };
                if status != "DUPLICATE" || id != Some(first) || r["reason"] != reason || posted {
                    return Err(format!(
                        "promise {first} synced again was answered {r}, not a DUPLICATE ({reason}) moving nothing"
                    ));
                }
                continue;
            }
            if status == "DUPLICATE" {
                return Err(format!("a promise never recorded answered DUPLICATE: {r}"));
            }
            if self.offline.forged.contains(&hash) && (status != "REJECTED" || id.is_some()) {
                return Err(format!(
                    "a tampered or forged promise was answered {r}: it must be rejected and forgotten"
                ));
            }
            if (status == "SETTLED") != posted {
                return Err(format!(
                    "a {status} promise with transaction {}",
                    r["transaction"]
                ));
            }
            if status == "SETTLED" {
                let p = promise::parse(&item.promise).map_err(|e| e.to_string())?;
                if !self.offline.settled_nonces.insert(p.nonce.clone()) {
                    return Err(format!("nonce {} settled a second promise: {r}", p.nonce));
                }
                *moved.entry((p.merchant, p.currency.clone())).or_default() += p.amount_minor;
                *moved.entry((p.payer, p.currency)).or_default() -= p.amount_minor;
            }
            if let Some(id) = id {
                let recorded = (id.to_string(), status == "SETTLED");
                self.offline.recorded.insert(hash, recorded);
                self.offline.ids.push(id.to_string());
            }
        }
        let Some((_, before)) = self.offline.before.take().filter(|(k, _)| k == key) else {
            return Ok(());
        };
        let after = self.available()?;
        for (party, now) in &after {
            let was = before.get(party).copied().unwrap_or(0);
            let settled = moved.get(party).copied().unwrap_or(0);
            if now - was != settled {
                return Err(format!(
                    "a sync moved {} {} of {}'s available, its settled promises {settled}",
                    now - was,
                    party.1,
                    party.0
                ));
            }
        }
        Ok(())
    }

    /// Every device a registration acknowledged is stored with the key the
    /// run last registered for it.
    pub(super) fn devices_kept(&self, snapshot: &crate::store::Snapshot) -> Result<(), String> {
        for d in &self.offline.devices {
            let owner = &self.orgs[d.org].id;
            let stored = crate::domain::offline::read_device(snapshot, Mode::Test, owner, &d.id)
                .map_err(|e| e.to_string())?
                .ok_or_else(|| format!("acknowledged device {} of {owner} is gone", d.id))?;
            let spki = device_keys::spki_of(&d.key.verifying_key().to_bytes());
            if stored.current_key().map(|k| k.spki.as_str()) != Some(spki.as_str()) {
                return Err(format!("device {} lost its acknowledged key", d.id));
            }
        }
        Ok(())
    }
}
