//! Payment rails. The sandbox rail is deterministic and answers by magic payer
//! numbers (spec section 8); live connectors are configured per deployment.

pub mod sandbox;
