//! Drop-in for the origin's clients (issue 16): origin-shaped requests, and
//! the origin-shaped answers they read. Each test names the fact of
//! `../shared/spec/origin-behaviour.md` it holds to (`O§n`); where the spec
//! speaks, the spec wins and the test says so.
//!
//! One submodule per area, so the areas can grow apart.

mod errors;
mod intents;
mod verifications;
mod webhooks;
