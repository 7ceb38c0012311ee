//! What the API shows of a connected account (origin section 26's view).

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

use super::state::Status;
use super::{Account, AccountType};
use crate::clock::rfc3339;
use crate::ledger::{Class, CurrencyBalances};

#[derive(Debug, Serialize, ToSchema)]
pub struct AccountView {
    /// `acct_...`
    pub id: String,
    /// Always `account`.
    pub object: &'static str,
    pub livemode: bool,
    pub business_name: String,
    #[serde(rename = "type")]
    pub account_type: AccountType,
    pub email: String,
    pub phone: Option<String>,
    pub country: String,
    /// `active`, or `detached` once the platform's access ended.
    pub status: Status,
    /// Business verification: `none` (no verification is run yet).
    pub kyb_status: &'static str,
    pub kyc_status: &'static str,
    pub onboarding: Onboarding,
    /// The default application fee of the account's intents, in basis points.
    pub application_fee_bps: i64,
    /// The customer organisation's balances by currency; always empty once
    /// the account is detached (the money is the customer's business then).
    pub balances: Vec<AccountBalance>,
    /// The customer's organisation: the merchant of record.
    pub organisation_id: String,
    #[schema(value_type = Object)]
    pub metadata: BTreeMap<String, serde_json::Value>,
    pub detached_at: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = AccountOnboarding)]
pub struct Onboarding {
    /// The customer set a password through a claim link.
    pub claimed: bool,
    pub claimed_at: Option<String>,
    /// When the current claim link stops working (none: no live link).
    pub claim_link_expires_at: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AccountBalance {
    pub currency: String,
    /// Everything held (available, pending, reserved, ...), payouts in transit excepted.
    pub balance_minor: i64,
    pub available_minor: i64,
    pub pending_minor: i64,
}

/// `POST /accounts/{id}/account_links`: the claim URL is shown once.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountLinkView {
    /// Always `account_link`.
    pub object: &'static str,
    pub account: String,
    /// The hosted claim page; one use; hand it to the customer.
    pub url: String,
    pub expires_at: String,
    pub created_at: String,
}

/// The view with the customer's balances while the platform acts for the
/// account. Once detached the platform keeps the record it made (id, status,
/// what it sent at creation, its fee and metadata) but sees none of the
/// customer's money (security review issue 44, finding 6; decision 291).
pub fn render(account: &Account, balances: &[CurrencyBalances]) -> AccountView {
    let mut view = render_stored(account);
    if account.connected() {
        view.balances = balances.iter().map(balance).collect();
    }
    view
}

/// The view without balances (events: the balances of the moment would
/// only mislead a receiver later).
pub fn render_stored(account: &Account) -> AccountView {
    AccountView {
        id: account.id.clone(),
        object: "account",
        livemode: account.mode.livemode(),
        business_name: account.business_name.clone(),
        account_type: account.account_type,
        email: account.email.clone(),
        phone: account.phone.clone(),
        country: account.country.clone(),
        status: account.status,
        kyb_status: "none",
        kyc_status: "none",
        onboarding: Onboarding {
            claimed: account.claimed_at_ms.is_some(),
            claimed_at: account.claimed_at_ms.map(rfc3339),
            claim_link_expires_at: account.claim.as_ref().map(|c| rfc3339(c.expires_at_ms)),
        },
        application_fee_bps: account.application_fee_bps,
        balances: Vec::new(),
        organisation_id: account.organisation.clone(),
        metadata: account.metadata.clone(),
        detached_at: account.detached_at_ms.map(rfc3339),
        created_at: rfc3339(account.created_at_ms),
        updated_at: rfc3339(account.updated_at_ms),
    }
}

fn balance(b: &CurrencyBalances) -> AccountBalance {
    let held: i64 = Class::ALL
        .into_iter()
        .filter(|c| *c != Class::InTransit)
        .map(|c| b.of(c))
        .sum();
    AccountBalance {
        currency: b.currency.clone(),
        balance_minor: held,
        available_minor: b.of(Class::Available),
        pending_minor: b.of(Class::Pending),
    }
}
