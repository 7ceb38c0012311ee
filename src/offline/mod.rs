//! Offline payments' pure parts: the promise string a payer's device signs
//! (`promise`), and the keys, signatures, digest and receipts around it
//! (`device_keys`). No HTTP and no store here: `domain/offline/` uses these
//! for devices, nonces and syncs (`docs/offline.md`).

pub mod device_keys;
pub mod promise;
