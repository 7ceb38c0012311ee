//! A credit-readiness consent's lifecycle: `active → revoked`
//! (`POST /credit_readiness/consents/{id}/revoke` by the owner). Expiry is a
//! time, not a move: a code past its `expires_at` answers 403 whatever its
//! status.

use serde::{Deserialize, Serialize};

crate::lifecycle::revocable! {
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
    #[schema(as = CreditConsentStatus)]
    #[serde(rename_all = "snake_case")]
}
