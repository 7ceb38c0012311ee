//! Team members, sessions, API key management and the audit log (issue 6).
//! Every operation here but login needs a session; the gate has already
//! checked the member's role against `auth/roles.rs`.

pub mod api_keys;
pub mod audit_log;
pub mod members;
pub mod sessions;

use crate::auth::{Principal, SessionCaller};
use crate::error::ApiError;

/// The team's operations: sessions, keys, members, the audit log.
pub fn operations() -> Vec<crate::http::operations::Served> {
    [
        sessions::operations(),
        api_keys::operations(),
        members::operations(),
        audit_log::operations(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The caller's session: these operations refuse an API key.
fn session_of(caller: &Principal) -> Result<&SessionCaller, ApiError> {
    caller
        .session
        .as_ref()
        .ok_or_else(crate::domain::sessions::required)
}
