//! paygate: a payment gateway and money-movement API in one binary.
//! See README.md to start, docs/architecture.md for how it fits together.

mod auth;
mod cli;
mod clock;
mod domain;
mod error;
mod events;
mod guardian;
mod http;
mod ids;
mod ledger;
mod listen;
mod openapi;
mod qr;
mod rails;
mod scheduler;
mod secrets;
mod server;
mod store;

fn main() -> std::process::ExitCode {
    cli::run()
}
