//! QR payloads (EMVCo merchant-presented mode).

pub mod emv;
