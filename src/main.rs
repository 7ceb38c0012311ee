//! paygate: a payment gateway and money-movement API in one binary.
//! See README.md to start, docs/architecture.md for how it fits together.

mod auth;
mod backup;
mod cli;
mod clock;
mod config;
mod currency;
mod domain;
mod error;
mod events;
mod fields;
#[cfg(test)]
mod fuzz;
mod guardian;
mod headers;
mod http;
mod ids;
mod ledger;
mod lifecycle;
mod listen;
mod memory;
mod metrics;
mod mode;
mod net;
mod offline;
mod outbox;
mod qr;
mod rails;
mod scheduler;
mod secrets;
mod server;
mod store;

/// mimalloc instead of glibc's malloc: a create allocates and frees hundreds of
/// small buffers on the writer thread, and glibc's free and consolidation were
/// a tenth of that thread's time (bench/README.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    cli::run()
}
