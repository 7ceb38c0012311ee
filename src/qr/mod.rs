//! QR payloads (EMVCo merchant-presented mode) and their signed extension.
//! No HTTP and no store here: `domain/qr.rs` uses these for codes and resolves.

pub mod emv;
pub mod signed;
