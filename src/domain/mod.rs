//! Domain rules, one module per resource family. Plain Rust over a store
//! transaction: no HTTP, no async.

pub mod accounts;
pub mod org;
