//! The background senders: tokio tasks that take a committed row through the
//! writer and only then call out of the process, recording the answer through
//! the writer again. Each owns one queue of the store.
//!
//! - [`webhooks`]: webhook deliveries (`delivery_queue`), signed and sent to
//!   merchants' endpoints.
//! - [`rails`]: live rail requests and their status inquiries, sent to the
//!   providers (`docs/rails.md`).
//! - [`switch`]: national-switch submissions and inquiries, sent to the
//!   switch connector (`docs/national-switch.md`).
//! - [`timers`]: the scheduler task, which fires due timers (`timers`) through
//!   the domain.

pub mod rails;
pub mod switch;
pub mod timers;
pub mod webhooks;
