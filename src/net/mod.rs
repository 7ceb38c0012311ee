//! The gateway's front door: how many connections it holds, how long a client
//! may take to send a request, and how many request-body bytes it buffers at
//! once. Without these, clients that open connections and never finish their
//! request (slowloris, unfinished bodies) exhaust file descriptors and memory
//! with the publishable key alone, or none.
//!
//! - [`fds`]: raises RLIMIT_NOFILE and keeps the connection cap below it.
//! - [`admission`]: the global and per-address connection caps.
//! - [`deadline`]: per-connection read deadlines (request head, keep-alive idle).
//! - [`accept`]: the accept loop that ties them to hyper.
//! - [`body`]: the request-body byte budget and body-read deadline (a layer of
//!   the router).
//! - [`outbound_tls`]: the TLS settings the outbound HTTPS clients share.
//!
//! Memory bound: each open connection costs at most about
//! [`READ_BUFFER_BYTES_MAX`] plus a few KiB of task and parser state, and the
//! bodies being read at most the body budget; so RSS stays below the process's
//! baseline + connections × ~24 KiB + body budget + what handlers allocate.
//! (Measured: 1,000 connections with half a request line each add ~10 MiB.)

pub mod accept;
pub mod admission;
pub mod body;
pub mod deadline;
pub mod fds;
pub mod outbound_tls;
pub mod special_purpose;

use std::time::Duration;

/// Connections held at once. 10,000 idle or slow connections cost about
/// 240 MiB at most (see the module doc), and a payment API with keep-alive
/// clients needs far fewer; clamped below the open-file limit ([`fds`]).
pub const MAX_CONNECTIONS_DEFAULT: u64 = 10_000;

/// Connections from one client address. A fifth of [`MAX_CONNECTIONS_DEFAULT`]:
/// one address cannot take every slot, while the 64 clients of the benchmark,
/// a test harness on 127.0.0.1 and a reverse proxy that pools its upstream
/// connections (hundreds) stay far below it. Behind a proxy or load balancer
/// that opens more, raise it or set 0 (no per-address limit).
pub const MAX_CONNECTIONS_PER_ADDRESS_DEFAULT: u64 = 2_000;

/// Seconds a client has to send a request's line and headers, from the
/// connection's start or from the first byte of a keep-alive request. Real
/// clients send them in one packet; 10 s covers a slow mobile link.
pub const HEADER_TIMEOUT_SECS_DEFAULT: u64 = 10;

/// Seconds a client has to send a whole request body once its headers are in.
/// Bodies are at most 1 MiB ([`body::BODY_BYTES_MAX`]): 30 s
/// is ~35 KiB/s for the largest, far above what API clients need.
pub const BODY_TIMEOUT_SECS_DEFAULT: u64 = 30;

/// Seconds a keep-alive connection may wait for its next request. Longer than
/// the 60 s idle timeout of common load balancers, so the proxy closes its idle
/// connections first and never sends a request on one the gateway is closing.
pub const IDLE_TIMEOUT_SECS_DEFAULT: u64 = 75;

/// MiB of request bodies buffered at once, all connections together. 64 full
/// 1 MiB bodies, or tens of thousands of ordinary ones (a few hundred bytes):
/// a few tens of MiB of RSS at most, far more than the writer's throughput.
pub const BODY_BUDGET_MIB_DEFAULT: u64 = 64;

/// hyper's per-connection read buffer, which holds a request's line and
/// headers (hyper's default is ~400 KiB). 16 KiB, Node's header limit, is
/// plenty for an API request; a larger head gets 431.
pub const READ_BUFFER_BYTES_MAX: usize = 16 * 1024;

/// After SIGTERM, how long in-flight requests get to finish before the store
/// is closed anyway. Handlers answer in milliseconds; a client still sending a
/// body after this is cut off (it retries with its Idempotency-Key).
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// The limits `paygate serve` applies, from its flags.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Connections at once, before the clamp by the open-file limit.
    pub max_connections: usize,
    /// Connections per client address; 0: no per-address limit.
    pub max_connections_per_address: usize,
    pub header_timeout: Duration,
    pub body_timeout: Duration,
    pub idle_timeout: Duration,
    pub body_budget_bytes: usize,
}
