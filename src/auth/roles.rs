//! Team roles and what a session of each may do: the one declarative table
//! (role → permissions) every session request is checked against by the gate.
//!
//! A permission is a key scope of spec section 5 (`payment_intents:write`) or
//! one of the session-only permissions below, which no API key can hold (keys
//! cannot manage keys, the team, or read the audit log). A session caller of
//! an operation needs the permission its route declares (`access::Access`):
//! the operation's scope, or a session-only permission.

use serde::{Deserialize, Serialize};

#[cfg(test)]
use super::access::Access;
use super::access::Rule;

/// Manage API keys (list, create, rotate, revoke).
pub const API_KEYS_MANAGE: &str = "api_keys:manage";
/// Manage team members (list, add, change role, disable).
pub const TEAM_MANAGE: &str = "team:manage";
/// Read the audit log.
pub const AUDIT_LOG_READ: &str = "audit_log:read";
/// Any logged-in member (their own session).
pub const SELF: &str = "self";
/// Adding and disabling the organisations the gateway hosts: owners only (and
/// `domain::org::require_operator` asks for the instance's own organisation).
pub const ORGANISATIONS_MANAGE: &str = "organisations:manage";
/// Changing the organisation's transfer limits: its owners only.
pub const TRANSFER_LIMITS_MANAGE: &str = "transfer_limits:manage";
/// Creating and revoking credit-readiness consent codes: owners only.
pub const CREDIT_CONSENTS_MANAGE: &str = "credit_consents:manage";
/// Taking a backup of the whole store (`POST /admin/backup`): owners only.
pub const BACKUPS_MANAGE: &str = "backups:manage";
/// Set the gateway's FX rates (`PUT /fx/rates/{pair}`): owners and admins.
pub const FX_RATES_MANAGE: &str = "fx_rates:manage";
/// Configure a live rail's connector (`PUT /rails/{rail}`): owners only.
pub const RAILS_MANAGE: &str = "rails:manage";
/// See the live rails and their health (`GET /rails`): owners and admins.
pub const RAILS_READ: &str = "rails:read";

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Owner,
    Admin,
    Developer,
    Finance,
    Viewer,
}

impl Role {
    pub const ALL: [Role; 5] = [
        Role::Owner,
        Role::Admin,
        Role::Developer,
        Role::Finance,
        Role::Viewer,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Owner => "owner",
            Role::Admin => "admin",
            Role::Developer => "developer",
            Role::Finance => "finance",
            Role::Viewer => "viewer",
        }
    }

    pub fn parse(text: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.as_str() == text)
    }

    /// The permissions of the role: `*` is every key scope.
    pub fn permissions(self) -> &'static [&'static str] {
        match self {
            Role::Owner => &[
                "*",
                API_KEYS_MANAGE,
                TEAM_MANAGE,
                AUDIT_LOG_READ,
                ORGANISATIONS_MANAGE,
                FX_RATES_MANAGE,
                TRANSFER_LIMITS_MANAGE,
                CREDIT_CONSENTS_MANAGE,
                BACKUPS_MANAGE,
                RAILS_MANAGE,
                RAILS_READ,
            ],
            Role::Admin => &[
                "*",
                API_KEYS_MANAGE,
                TEAM_MANAGE,
                AUDIT_LOG_READ,
                FX_RATES_MANAGE,
                RAILS_READ,
            ],
            // Spec section 5 rule 6: keys, webhooks and payment creation; nothing
            // on settlement, payouts, balances or customer exports.
            Role::Developer => &[
                API_KEYS_MANAGE,
                "webhooks:manage",
                "events:read",
                "payment_intents:read",
                "payment_intents:write",
                "checkout_sessions:write",
                "payment_links:write",
                "qr_codes:read",
                "qr_codes:write",
                "qr:create",
                "payments:create",
                "payments:read",
                "verifications:write",
                "accounts:read",
                "test_clocks:read",
                "test_clocks:write",
            ],
            Role::Finance => &[
                "balance:read",
                "settlements:read",
                "settlements:write",
                "payouts:read",
                "payouts:write",
                "payouts:approve",
                "refunds:read",
                "refunds:write",
                "reconciliation:read",
                "reconciliation:write",
                "payment_intents:read",
                "wallets:read",
                "transfers:read",
                "disputes:read",
                "disputes:write",
                "events:read",
            ],
            Role::Viewer => &["*:read"],
        }
    }

    /// Whether a session of this role may use `permission`.
    pub fn allows(self, permission: &str) -> bool {
        if permission == SELF {
            return true;
        }
        let is_key_scope = super::keys::is_known_scope(permission);
        self.permissions().iter().any(|p| {
            *p == permission
                || (*p == "*" && is_key_scope)
                || (*p == "*:read" && is_key_scope && permission.ends_with(":read"))
        })
    }

    /// Whether this role may hand out a key holding `scopes` (`*` for `sk_`):
    /// a member never creates a key stronger than their own role.
    pub fn may_grant(self, scopes: &[String]) -> bool {
        scopes.iter().all(|s| {
            if s == "*" {
                self.permissions().contains(&"*")
            } else {
                self.allows(s)
            }
        })
    }

    /// Whether this role may give (or take away) `other`: only owners touch owners.
    pub fn may_assign(self, other: Role) -> bool {
        match self {
            Role::Owner => true,
            Role::Admin => other != Role::Owner,
            _ => false,
        }
    }
}

/// The permission a session needs for `operation`, as its route declares
/// it; `None` for a public operation.
pub fn session_permission(operation: &Rule) -> Option<&'static str> {
    operation.access.permission()
}

/// Whether an API key is refused `operation` with `session_required`.
#[cfg(test)]
pub fn is_session_only(operation: &Rule) -> bool {
    matches!(operation.access, Access::Session(_) | Access::Member(_))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_developer_role_has_no_settlement_payout_or_export_permission() {
        let dev = Role::Developer;
        for scope in super::super::keys::SCOPES {
            let forbidden = scope.starts_with("settlements:")
                || scope.starts_with("payouts:")
                || scope.starts_with("reconciliation:")
                || *scope == "balance:read";
            if forbidden {
                assert!(!dev.allows(scope), "{scope}");
            }
        }
        for p in [
            API_KEYS_MANAGE,
            "webhooks:manage",
            "payment_intents:write",
            "checkout_sessions:write",
        ] {
            assert!(dev.allows(p), "{p}");
        }
        assert!(!dev.allows(TEAM_MANAGE));
        assert!(!dev.allows(AUDIT_LOG_READ));
        assert!(!dev.allows(FX_RATES_MANAGE));
        assert!(!Role::Finance.allows(FX_RATES_MANAGE));
        assert!(!Role::Viewer.allows(FX_RATES_MANAGE));
        assert!(!dev.may_grant(&["*".to_string()]));
        assert!(dev.may_grant(&["payment_intents:write".to_string()]));
        assert!(!dev.may_grant(&["payouts:write".to_string()]));
    }

    #[test]
    fn owners_and_admins_hold_everything_viewers_only_read() {
        for role in [Role::Owner, Role::Admin] {
            for scope in super::super::keys::SCOPES {
                assert!(role.allows(scope), "{role:?} {scope}");
            }
            assert!(role.allows(API_KEYS_MANAGE) && role.allows(TEAM_MANAGE));
            assert!(role.may_grant(&["*".to_string()]));
        }
        assert!(Role::Viewer.allows("payment_intents:read"));
        assert!(!Role::Viewer.allows("payment_intents:write"));
        assert!(!Role::Viewer.allows(API_KEYS_MANAGE));
        assert!(!Role::Finance.allows(API_KEYS_MANAGE));
        assert!(Role::Finance.allows("payouts:approve"));
        assert!(!Role::Admin.may_assign(Role::Owner));
        assert!(Role::Owner.may_assign(Role::Owner));
    }
}
