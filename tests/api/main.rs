//! Black-box integration tests of the `paygate` binary: one test binary, one
//! module per area. Every test starts its own server on a temporary data dir
//! through [`support::TestServer`]; dropping it kills the server with SIGKILL
//! and checks the ledger with `paygate verify`.
//!
//! Add an area as `mod <area>;` below and import what it uses from
//! `crate::support` (the harness) and its submodules, the scenario helpers
//! areas share (`support::intents`, `support::balances`, `support::events`,
//! `support::clocks`, ...): a helper a second area needs moves there.

mod access;
mod accounts;
mod agents;
mod browser;
mod checkout;
mod cluster;
mod console;
mod console_browser;
mod console_pages;
mod console_people;
mod crash;
mod credit_readiness;
mod deployment;
mod diaspora;
mod disputes;
mod egress;
mod event_access;
mod foundation;
mod fx;
mod idempotency;
mod intent_methods;
mod intents;
mod limits;
mod member_emails;
mod money_requests;
mod offline;
mod operations;
mod organisations;
mod origin;
mod payer_browser;
mod payout_batches;
mod payouts;
mod public_pages;
mod qr;
mod rails;
mod rails_cards;
mod rails_sim;
mod rails_suspense;
mod ranking;
mod reconciliation;
mod refunds;
mod remittances;
mod reviews;
mod routes;
mod security;
mod settlement;
mod subscriptions;
mod support;
mod switch_payments;
mod team;
mod test_clocks;
mod verifications;
mod wallets;
mod webhooks;
