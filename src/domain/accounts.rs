//! Connected accounts of a platform (spec section 4.15). The account records
//! and their operations come with the platforms issue; what the request gate
//! needs now is whether an `acct_` id is connected to the caller's organisation.

use serde::{Deserialize, Serialize};

use crate::store::{Snapshot, StoreError, Table};

/// The part of a connected account the gate reads: which platform it is
/// connected to, and whether that connection still holds.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ConnectedAccount {
    /// The organisation (platform) the account is connected to.
    pub platform: String,
    /// Set once the platform detached: access ends, the account stays the customer's.
    #[serde(default)]
    pub detached_at_ms: Option<i64>,
}

pub fn is_connected(snapshot: &Snapshot, org: &str, account: &str) -> Result<bool, StoreError> {
    let connection: Option<ConnectedAccount> = snapshot.get_json(Table::Objects, account)?;
    Ok(connection.is_some_and(|c| c.platform == org && c.detached_at_ms.is_none()))
}
