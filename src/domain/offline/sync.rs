//! `POST /offline/sync`: up to 200 signed promises, settled or rejected
//! strictly in submission order inside ONE writer command, so that each
//! promise sees the effects of the ones before it (nonces, counters,
//! ceilings, balances) and two devices syncing the same promise at once are
//! serialized: the second finds its hash and answers DUPLICATE.
//!
//! Work that needs no store is done before the command, on the request's
//! worker: parsing, hashing, checking signatures against the keys a snapshot
//! holds and the offline QR against the platform keys ([`prepare`]). Inside
//! the command, a key the snapshot did not have (registered in between) is
//! checked there, so the outcome is the same as if everything ran inside.
//!
//! Checks, in the origin's order (origin behaviour section 9); the first
//! that fails rejects the promise with `restore_minor` = its amount:
//! offline_disabled, unknown_party, submitter_not_party, party_inactive,
//! invalid_amount, currency_not_enabled, promise_expired, promise_too_old,
//! merchant_key_unknown, merchant_signature_invalid, payer_device_unknown,
//! payer_key_invalid, payer_signature_invalid, nonce_replayed,
//! nonce_expired, nonce_not_merchants, counter_not_monotonic,
//! offline_ceiling, device_daily_ceiling, guardian_halt, risk_blocked,
//! risk_review, insufficient_funds, posting_failed.
//!
//! A promise rejected before its signatures verified is answered and
//! forgotten: recording it would let anyone who saw a promise string (a
//! party with a broken countersignature) burn it before the honest sync.
//! From the nonce checks on, the outcome is recorded under the hash forever.

use crate::domain::offline::OFFLINE_PROMISE;
use std::collections::BTreeMap;

use serde::Serialize;

use super::state::{self, Status, Trigger};
use super::{Device, Nonce, PROMISE_VALIDITY_MS, read_device, read_nonce};
use crate::auth::Principal;
use crate::domain::events;
use crate::domain::org;
use crate::domain::resource::{Party, belongs};
use crate::error::ApiError;
use crate::events::EventType;
use crate::ledger::{self, Cause, CauseKind, Class, Posting};
use crate::mode::Mode;
use crate::offline::device_keys;
use crate::offline::promise::{self, Promise};
use crate::store::keys;
use crate::store::{Read, Snapshot, Tx};

/// Promises per sync at most (origin behaviour section 18).
pub const PROMISES_PER_SYNC_MAX: usize = 200;
/// Ceilings, in minor units of the promise's currency: one promise, and what
/// one payer device settles in 24 hours (origin: 20 000 and 100 000).
pub const PROMISE_CEILING_MINOR: i64 = 20_000;
pub const DEVICE_DAILY_CEILING_MINOR: i64 = 100_000;
/// Characters of a signature or an offline QR payload at most.
pub const SIGNATURE_CHARS_MAX: usize = 200;
pub const QR_CHARS_MAX: usize = 512;

/// Why a promise was rejected, or why it is a duplicate; declared in the
/// order the checks run.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Serialize,
    serde::Deserialize,
    utoipa::ToSchema,
)]
#[schema(as = OfflinePromiseReason)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    OfflineDisabled,
    UnknownParty,
    SubmitterNotParty,
    PartyInactive,
    InvalidAmount,
    CurrencyNotEnabled,
    PromiseExpired,
    PromiseTooOld,
    MerchantKeyUnknown,
    MerchantSignatureInvalid,
    PayerDeviceUnknown,
    PayerKeyInvalid,
    PayerSignatureInvalid,
    NonceReplayed,
    NonceExpired,
    NonceNotMerchants,
    CounterNotMonotonic,
    OfflineCeiling,
    DeviceDailyCeiling,
    GuardianHalt,
    RiskBlocked,
    RiskReview,
    InsufficientFunds,
    PostingFailed,
    AlreadySettled,
    AlreadyRejected,
}

impl Reason {
    /// Whether a rejection for this reason is recorded under the promise's
    /// hash: only once both signatures verified.
    fn recorded(self) -> bool {
        self >= Reason::NonceReplayed
    }

    /// Whether the promise's nonce and counter are spent by it: once it
    /// passed the counter check.
    fn spends_nonce(self) -> bool {
        self >= Reason::OfflineCeiling
    }
}

/// One promise as the device submitted it.
#[derive(Clone)]
pub struct Submitted {
    pub promise: String,
    pub payer_device_id: String,
    pub payer_signature: String,
    pub merchant_device_id: Option<String>,
    pub merchant_signature: Option<String>,
    /// A signed offline QR (`POST /offline/qr`) in place of the merchant's signature.
    pub qr: Option<String>,
}

/// What an offline QR proves, read before the command.
#[derive(Debug, Clone)]
pub struct QrProof {
    /// The platform's signature holds.
    pub trusted: bool,
    pub merchant: Option<String>,
    pub nonce: Option<String>,
    /// Tag 54 (major units), when the QR fixed the amount.
    pub amount_major: Option<String>,
}

/// A promise ready for the writer: parsed, hashed, signatures checked
/// against the keys of a snapshot.
#[derive(Clone)]
pub struct Prepared {
    pub text: String,
    pub promise: Promise,
    pub hash: String,
    pub submitted: Submitted,
    pub qr: Option<QrProof>,
    /// Public keys (base64) checked before the command: whether each verified.
    pub merchant_checked: BTreeMap<String, bool>,
    pub payer_checked: BTreeMap<String, bool>,
}

/// Parses each promise (400 naming `promises[i].promise` on bad syntax,
/// before anything is written), hashes it, and checks its signatures
/// against the devices' keys in `snapshot`.
pub fn prepare(
    snapshot: &Snapshot,
    mode: Mode,
    submitted: Vec<Submitted>,
) -> Result<Vec<Prepared>, ApiError> {
    let platform_keys = crate::events::signing::keys(snapshot)?;
    let mut prepared = Vec::with_capacity(submitted.len());
    for (i, s) in submitted.into_iter().enumerate() {
        let parsed = promise::parse(&s.promise).map_err(|e| {
            ApiError::field(
                format!("promises[{i}].promise"),
                format!("promises[{i}].promise: {e}"),
            )
        })?;
        // A device id is its party's own: the promise names whose it is.
        let check = |owner: &str, device_id: Option<&str>, signature: Option<&str>| {
            checked_keys(snapshot, mode, owner, device_id, signature, &s.promise)
        };
        let merchant_checked = check(
            &parsed.merchant,
            s.merchant_device_id.as_deref(),
            s.merchant_signature.as_deref(),
        )?;
        let payer_checked = check(
            &parsed.payer,
            Some(&s.payer_device_id),
            Some(&s.payer_signature),
        )?;
        let qr = s.qr.as_deref().map(|payload| {
            qr_proof(payload, |id| {
                platform_keys
                    .iter()
                    .find(|k| k.id == id)
                    .and_then(|k| k.public_key_bytes())
            })
        });
        prepared.push(Prepared {
            text: s.promise.clone(),
            hash: device_keys::digest(&s.promise),
            promise: parsed,
            submitted: s,
            qr,
            merchant_checked,
            payer_checked,
        });
    }
    Ok(prepared)
}

/// Whether `signature` verifies under each key of the device, as `read` has them.
fn checked_keys(
    read: &impl Read,
    mode: Mode,
    owner: &str,
    device_id: Option<&str>,
    signature: Option<&str>,
    text: &str,
) -> Result<BTreeMap<String, bool>, ApiError> {
    let (Some(device_id), Some(signature)) = (device_id, signature) else {
        return Ok(BTreeMap::new());
    };
    let Some(device) = read_device(read, mode, owner, device_id)? else {
        return Ok(BTreeMap::new());
    };
    Ok(device
        .keys
        .iter()
        .map(|k| (k.public_key.clone(), key_signed(k, text, signature)))
        .collect())
}

fn key_signed(key: &super::DeviceKey, text: &str, signature: &str) -> bool {
    key.raw()
        .is_some_and(|raw| device_keys::verifies(&raw, text, signature))
}

/// What an offline QR payload proves: its platform signature, merchant
/// (26/01), nonce (80/03) and fixed amount (54).
fn qr_proof(payload: &str, lookup: impl Fn(&str) -> Option<[u8; 32]>) -> QrProof {
    use crate::qr::{emv, signed};
    let Ok(decoded) = emv::decode(payload) else {
        return QrProof {
            trusted: false,
            merchant: None,
            nonce: None,
            amount_major: None,
        };
    };
    let (verdict, _) = signed::verify(&decoded, lookup);
    QrProof {
        trusted: verdict == signed::Verdict::Trusted,
        merchant: decoded
            .get("26")
            .and_then(|t| t.child("01"))
            .map(str::to_string),
        nonce: decoded
            .get(signed::KEY_TEMPLATE)
            .and_then(|t| t.child(signed::OFFLINE_NONCE))
            .map(str::to_string),
        amount_major: decoded.get("54").map(|t| t.raw_value()),
    }
}

/// What became of one promise in a sync.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = OfflinePromiseOutcome)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Outcome {
    Settled,
    Rejected,
    Duplicate,
}

/// One promise's answer.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SyncResult {
    /// Its position in the request, from 0.
    pub index: usize,
    /// SHA-256 of the promise string, lower-case hex.
    pub hash: String,
    pub status: Outcome,
    /// Why it was rejected, or `already_settled` / `already_rejected`.
    pub reason: Option<Reason>,
    /// REJECTED: what the payer's device restores to its offline balance (the amount).
    pub restore_minor: Option<i64>,
    /// The same, under the spec's name.
    #[serde(rename = "restoreMinor")]
    pub restore_minor_spec: Option<i64>,
    /// The stored promise (`ofp_...`), when it was recorded.
    pub promise: Option<String>,
    /// SETTLED: the ledger posting.
    pub transaction: Option<String>,
    /// SETTLED: the platform's ed25519 signature (base64) over
    /// `<tag>-RECEIPT|<hash>|<transaction>|<amount_minor>|<CURRENCY>`.
    pub receipt: Option<String>,
    /// The `GET /keys` key that signed the receipt.
    pub receipt_key_id: Option<String>,
}

/// The stored outcome of a promise.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct OfflinePromise {
    pub id: String,
    pub mode: Mode,
    /// The merchant.
    pub owner: String,
    pub payer: String,
    /// Who synced it.
    pub submitted_by: String,
    pub promise: String,
    pub hash: String,
    pub tag: String,
    pub amount_minor: i64,
    pub currency: String,
    pub nonce: String,
    pub counter: u64,
    pub reference: String,
    pub expires_at_unix: i64,
    pub payer_device_id: String,
    pub merchant_device_id: Option<String>,
    pub status: Status,
    pub reason: Option<Reason>,
    pub transaction: Option<String>,
    pub receipt: Option<String>,
    pub receipt_key_id: Option<String>,
    pub created_at_ms: i64,
}

impl crate::domain::resource::Owned for OfflinePromise {
    fn id(&self) -> &str {
        &self.id
    }
    fn mode(&self) -> Mode {
        self.mode
    }
    fn owner(&self) -> &str {
        &self.owner
    }
}

/// The whole sync: each promise in order. `offline_disabled` freezes every
/// promise (nothing is checked or recorded).
pub fn apply(
    tx: &mut Tx<'_>,
    principal: &Principal,
    prepared: Vec<Prepared>,
    offline_disabled: bool,
) -> Result<Vec<SyncResult>, ApiError> {
    let mut results = Vec::with_capacity(prepared.len());
    for (index, p) in prepared.into_iter().enumerate() {
        let result = if offline_disabled {
            unrecorded(index, &p, Reason::OfflineDisabled)
        } else {
            one(tx, principal, index, p)?
        };
        results.push(result);
    }
    Ok(results)
}

fn unrecorded(index: usize, p: &Prepared, reason: Reason) -> SyncResult {
    SyncResult {
        index,
        hash: p.hash.clone(),
        status: Outcome::Rejected,
        reason: Some(reason),
        restore_minor: Some(p.promise.amount_minor),
        restore_minor_spec: Some(p.promise.amount_minor),
        promise: None,
        transaction: None,
        receipt: None,
        receipt_key_id: None,
    }
}

/// One promise: DUPLICATE by its hash, else checked, then settled or rejected.
fn one(
    tx: &mut Tx<'_>,
    principal: &Principal,
    index: usize,
    p: Prepared,
) -> Result<SyncResult, ApiError> {
    let mode = principal.mode;
    let seen: Option<String> = tx
        .index(&keys::offline_promise_hash(mode, &p.hash))?
        .and_then(|b| String::from_utf8(b).ok());
    if let Some(id) = seen {
        let earlier: Option<OfflinePromise> = tx.object(&id)?;
        let reason = match earlier.map(|e| e.status) {
            Some(Status::Settled) => Reason::AlreadySettled,
            _ => Reason::AlreadyRejected,
        };
        let mut result = unrecorded(index, &p, reason);
        result.status = Outcome::Duplicate;
        result.restore_minor = None;
        result.restore_minor_spec = None;
        result.promise = Some(id);
        return Ok(result);
    }
    let mut checks = Checks::new(tx, principal, &p)?;
    let verdict = checks.run(tx, &p)?;
    if let Err(reason) = verdict
        && !reason.recorded()
    {
        return Ok(unrecorded(index, &p, reason));
    }
    record(tx, principal, index, p, checks, verdict)
}

/// What the checks read and carry into the outcome.
struct Checks {
    mode: Mode,
    now_ms: i64,
    submitter: String,
    nonce: Option<Nonce>,
    payer_device: Option<Device>,
}

impl Checks {
    fn new(tx: &Tx<'_>, principal: &Principal, p: &Prepared) -> Result<Checks, ApiError> {
        Ok(Checks {
            mode: principal.mode,
            now_ms: tx.now_ms(),
            submitter: principal.owner().to_string(),
            nonce: read_nonce(tx, principal.mode, &p.promise.nonce)?,
            payer_device: read_device(
                tx,
                principal.mode,
                &p.promise.payer,
                &p.submitted.payer_device_id,
            )?,
        })
    }

    /// When the promise was made, as well as the gateway can tell: when its
    /// nonce was fetched (it cannot be older), else now. A subkey valid then
    /// suffices (origin: "payer key valid at promise time").
    fn promise_time_ms(&self) -> i64 {
        self.nonce.as_ref().map_or(self.now_ms, |n| n.issued_at_ms)
    }

    /// `Ok` when every check passes, else the first failing reason.
    fn run(&mut self, tx: &Tx<'_>, p: &Prepared) -> Result<Result<(), Reason>, ApiError> {
        let q = &p.promise;
        let (Some(merchant), Some(payer)) = (org::get(tx, &q.merchant)?, org::get(tx, &q.payer)?)
        else {
            return Ok(Err(Reason::UnknownParty));
        };
        if merchant.id == payer.id {
            return Ok(Err(Reason::UnknownParty));
        }
        if self.submitter != merchant.id && self.submitter != payer.id {
            return Ok(Err(Reason::SubmitterNotParty));
        }
        if [&merchant, &payer]
            .iter()
            .any(|o| !o.admits(org::state::Trigger::Receive))
        {
            return Ok(Err(Reason::PartyInactive));
        }
        if q.amount_minor < 1 {
            return Ok(Err(Reason::InvalidAmount));
        }
        if crate::domain::currency::find(&q.currency).is_none() {
            return Ok(Err(Reason::CurrencyNotEnabled));
        }
        let expires_at_ms = q.expires_at_unix.saturating_mul(1000);
        if expires_at_ms <= self.now_ms {
            return Ok(Err(Reason::PromiseExpired));
        }
        if expires_at_ms > self.now_ms + PROMISE_VALIDITY_MS {
            return Ok(Err(Reason::PromiseTooOld));
        }
        if let Err(reason) = self.merchant_proof(tx, p)? {
            return Ok(Err(reason));
        }
        if let Err(reason) = self.payer_proof(p) {
            return Ok(Err(reason));
        }
        self.spend_checks(tx, p)
    }

    /// The merchant's countersignature by one of its devices, or a signed
    /// offline QR of the merchant with the promise's nonce (and amount).
    fn merchant_proof(&self, tx: &Tx<'_>, p: &Prepared) -> Result<Result<(), Reason>, ApiError> {
        let q = &p.promise;
        if let Some(qr) = &p.qr {
            let matches = qr.trusted
                && qr.merchant.as_deref() == Some(q.merchant.as_str())
                && qr.nonce.as_deref() == Some(q.nonce.as_str())
                && qr.amount_major.as_ref().is_none_or(|major| {
                    crate::domain::currency::find(&q.currency).is_some_and(|c| {
                        *major == crate::domain::currency::major_units(q.amount_minor, c)
                    })
                });
            return Ok(if matches {
                Ok(())
            } else {
                Err(Reason::MerchantSignatureInvalid)
            });
        }
        let device = match &p.submitted.merchant_device_id {
            Some(id) => read_device(tx, self.mode, &q.merchant, id)?,
            None => None,
        };
        let at = self.promise_time_ms();
        let Some(device) = device.filter(|d| belongs(d, self.mode, &q.merchant, Party::Owner))
        else {
            return Ok(Err(Reason::MerchantKeyUnknown));
        };
        if device.keys_valid_at(at).next().is_none() {
            return Ok(Err(Reason::MerchantKeyUnknown));
        }
        let signature = p.submitted.merchant_signature.as_deref().unwrap_or("");
        Ok(
            if signed_by_any(&device, at, &p.merchant_checked, &p.text, signature) {
                Ok(())
            } else {
                Err(Reason::MerchantSignatureInvalid)
            },
        )
    }

    fn payer_proof(&self, p: &Prepared) -> Result<(), Reason> {
        let at = self.promise_time_ms();
        let device = self
            .payer_device
            .as_ref()
            .filter(|d| belongs(*d, self.mode, &p.promise.payer, Party::Owner))
            .ok_or(Reason::PayerDeviceUnknown)?;
        if device.keys_valid_at(at).next().is_none() {
            return Err(Reason::PayerKeyInvalid);
        }
        let signature = &p.submitted.payer_signature;
        if signed_by_any(device, at, &p.payer_checked, &p.text, signature) {
            Ok(())
        } else {
            Err(Reason::PayerSignatureInvalid)
        }
    }

    /// Nonce, counter, ceilings, guardian, funds.
    fn spend_checks(&self, tx: &Tx<'_>, p: &Prepared) -> Result<Result<(), Reason>, ApiError> {
        let q = &p.promise;
        let Some(nonce) = &self.nonce else {
            return Ok(Err(Reason::NonceNotMerchants));
        };
        if nonce.used_by.is_some() {
            return Ok(Err(Reason::NonceReplayed));
        }
        if nonce.expires_at_ms <= self.now_ms {
            return Ok(Err(Reason::NonceExpired));
        }
        if nonce.owner != q.merchant {
            return Ok(Err(Reason::NonceNotMerchants));
        }
        let device = self
            .payer_device
            .as_ref()
            .ok_or_else(|| ApiError::internal("payer device checked above"))?;
        if device.last_counter.is_some_and(|c| q.counter <= c) {
            return Ok(Err(Reason::CounterNotMonotonic));
        }
        if q.amount_minor > PROMISE_CEILING_MINOR {
            return Ok(Err(Reason::OfflineCeiling));
        }
        let settled = device.settled_last_24h(&q.currency, self.now_ms);
        if settled.saturating_add(q.amount_minor) > DEVICE_DAILY_CEILING_MINOR {
            return Ok(Err(Reason::DeviceDailyCeiling));
        }
        if crate::guardian::halted(tx)? {
            return Ok(Err(Reason::GuardianHalt));
        }
        // risk_blocked, risk_review: this gateway has no risk engine yet.
        let payer = ledger::merchant_account(self.mode, &q.payer, &q.currency, Class::Available);
        if ledger::balance(tx, &payer)? < q.amount_minor {
            return Ok(Err(Reason::InsufficientFunds));
        }
        Ok(Ok(()))
    }
}

/// Whether a key of `device` valid at `at_ms` made `signature`: the
/// verdicts reached before the command, and a check here for a key the
/// snapshot did not have yet.
fn signed_by_any(
    device: &Device,
    at_ms: i64,
    checked: &BTreeMap<String, bool>,
    text: &str,
    signature: &str,
) -> bool {
    device
        .keys_valid_at(at_ms)
        .any(|k| match checked.get(&k.public_key) {
            Some(verified) => *verified,
            None => key_signed(k, text, signature),
        })
}

/// Stores the outcome of a promise whose signatures verified: the posting and
/// receipt when it settles, the spent nonce and counter, the record under
/// its hash, and the events to both parties.
fn record(
    tx: &mut Tx<'_>,
    principal: &Principal,
    index: usize,
    p: Prepared,
    checks: Checks,
    verdict: Result<(), Reason>,
) -> Result<SyncResult, ApiError> {
    let mode = principal.mode;
    let q = &p.promise;
    let id = OFFLINE_PROMISE.new_id();
    let settled = match verdict {
        Ok(()) => Some(settle(tx, mode, &id, &p)?),
        Err(_) => None,
    };
    let verdict = match (&settled, verdict) {
        (Some(Err(reason)), _) => Err(*reason),
        (_, v) => v,
    };
    let (trigger, reason) = match verdict {
        Ok(()) => (Trigger::Settle, None),
        Err(reason) => (Trigger::Reject, Some(reason)),
    };
    let status = state::transition(Status::Received, trigger)
        .map_err(|r| ApiError::internal(format!("offline promise transition refused: {r:?}")))?;
    if reason.is_none_or(Reason::spends_nonce) {
        spend(tx, &checks, &id, &p, status == Status::Settled)?;
    }
    let (transaction, receipt, receipt_key_id) = match settled {
        Some(Ok((t, r, k))) => (Some(t), Some(r), Some(k)),
        _ => (None, None, None),
    };
    let record = OfflinePromise {
        id: id.clone(),
        mode,
        owner: q.merchant.clone(),
        payer: q.payer.clone(),
        submitted_by: checks.submitter.clone(),
        promise: p.text.clone(),
        hash: p.hash.clone(),
        tag: q.tag.clone(),
        amount_minor: q.amount_minor,
        currency: q.currency.clone(),
        nonce: q.nonce.clone(),
        counter: q.counter,
        reference: q.reference.clone(),
        expires_at_unix: q.expires_at_unix,
        payer_device_id: p.submitted.payer_device_id.clone(),
        merchant_device_id: p.submitted.merchant_device_id.clone(),
        status,
        reason,
        transaction,
        receipt,
        receipt_key_id,
        created_at_ms: checks.now_ms,
    };
    crate::domain::resource::insert(tx, OFFLINE_PROMISE, &record)?;
    // The payer lists it too.
    tx.put_index(
        keys::owned(OFFLINE_PROMISE, mode, &record.payer, &id),
        Vec::new(),
    );
    tx.put_index(
        keys::offline_promise_hash(mode, &p.hash),
        id.clone().into_bytes(),
    );
    emit(tx, &record)?;
    Ok(result(index, &record))
}

/// The posting payer → merchant (available to available, no fee) and the
/// receipt; `Err(reason)` when the ledger refuses it (nothing was written:
/// the payer's line is checked first).
fn settle(
    tx: &mut Tx<'_>,
    mode: Mode,
    id: &str,
    p: &Prepared,
) -> Result<Result<(String, String, String), Reason>, ApiError> {
    let q = &p.promise;
    let payer = ledger::merchant_account(mode, &q.payer, &q.currency, Class::Available);
    let merchant = ledger::merchant_account(mode, &q.merchant, &q.currency, Class::Available);
    let posted = Posting::build(
        mode,
        &q.merchant,
        Cause {
            kind: CauseKind::OfflinePromise,
            id: id.to_string(),
        },
        &format!("offline promise {id} from {}", q.payer),
    )
    .transfer(payer, merchant, q.amount_minor, &q.currency)
    .post(tx);
    let transaction = match posted {
        Ok(t) => t,
        Err(e) if e.code == crate::error::Code::InsufficientFunds => {
            return Ok(Err(Reason::InsufficientFunds));
        }
        Err(e) => {
            tracing::error!(error = %e.message, promise = id, "offline promise posting failed");
            return Ok(Err(Reason::PostingFailed));
        }
    };
    let key = crate::events::signing::active_key_in(tx)?;
    let message =
        device_keys::receipt_message(&q.tag, &p.hash, &transaction, q.amount_minor, &q.currency);
    let receipt = device_keys::encode_signature(&key.sign_bytes(message.as_bytes())?);
    Ok(Ok((transaction, receipt, key.id)))
}

/// Marks the nonce used and the payer device's counter (and, when it
/// settled, its 24 h total).
fn spend(
    tx: &mut Tx<'_>,
    checks: &Checks,
    id: &str,
    p: &Prepared,
    settled: bool,
) -> Result<(), ApiError> {
    let q = &p.promise;
    if let Some(nonce) = &checks.nonce {
        let mut nonce = nonce.clone();
        nonce.used_by = Some(id.to_string());
        tx.put_object(keys::offline_nonce(checks.mode, &nonce.nonce), &nonce)?;
    }
    // Re-read: an earlier promise of this sync may have moved it.
    if let Some(mut device) = read_device(tx, checks.mode, &q.payer, &p.submitted.payer_device_id)?
    {
        device.last_counter = Some(q.counter);
        if settled {
            device.add_settled(&q.currency, q.amount_minor, checks.now_ms);
        }
        super::put_device(tx, &device)?;
    }
    Ok(())
}

fn emit(tx: &mut Tx<'_>, record: &OfflinePromise) -> Result<(), ApiError> {
    let view = super::promise_view(record);
    let event_type = match record.status {
        Status::Settled => EventType::OfflinePromiseSettled,
        _ => EventType::OfflinePromiseRejected,
    };
    for party in [&record.owner, &record.payer] {
        events::emit_view(tx, event_type, record.mode, party, &view)?;
    }
    if record.status == Status::Settled {
        events::emit_view(
            tx,
            EventType::PaymentCompleted,
            record.mode,
            &record.owner,
            &view,
        )?;
    }
    Ok(())
}

fn result(index: usize, r: &OfflinePromise) -> SyncResult {
    let rejected = r.status == Status::Rejected;
    let restore = rejected.then_some(r.amount_minor);
    SyncResult {
        index,
        hash: r.hash.clone(),
        status: if rejected {
            Outcome::Rejected
        } else {
            Outcome::Settled
        },
        reason: r.reason,
        restore_minor: restore,
        restore_minor_spec: restore,
        promise: Some(r.id.clone()),
        transaction: r.transaction.clone(),
        receipt: r.receipt.clone(),
        receipt_key_id: r.receipt_key_id.clone(),
    }
}
