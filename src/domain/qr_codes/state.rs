//! The QR code lifecycle: a code is created ACTIVE and `POST
//! /qr_codes/{id}/revoke` makes it REVOKED, for good. Codes do not expire
//! (a static code is printed; only its merchant withdraws it), and scans
//! count without changing the status.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

crate::lifecycle::revocable! {
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
    #[schema(as = QrStatus)]
    #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
}
