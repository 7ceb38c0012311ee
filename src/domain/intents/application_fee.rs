//! The application fee (spec section 1 rule 7): the platform's fee on a
//! connected account's intent, paid at capture as a split to the platform
//! labelled `application_fee`, from the customer's pending to the
//! platform's, and settled with each one's own period, so both statements
//! show it (the customer's as a negative `application_fee` line of its
//! payment, the platform's as a positive one).
//!
//! Refunds (decision 137, Stripe's default without `refund_application_fee`):
//! the fee is not given back. The customer, the merchant of record, pays the
//! whole refund; the platform keeps what it earned.

use crate::domain::Settings;
use crate::domain::accounts::Account;
use crate::domain::intents::Intent;
use crate::domain::settlement::cycles::{self, Place};
use crate::domain::splits::{PayoutStatus, SplitPayout};
use crate::error::ApiError;
use crate::ledger::{self, Cause, CauseKind, Class, Posting};
use crate::store::{Read, Tx};

/// The split label of the fee.
pub const LABEL: &str = "application_fee";

/// The fee of an intent that names none: floor(amount × bps / 10 000) of the
/// account's default (the origin's rule), at most `cap_minor`.
pub fn default_fee(account: &Account, amount_minor: i64, cap_minor: i64) -> i64 {
    let exact = i128::from(amount_minor.max(0)) * i128::from(account.application_fee_bps) / 10_000;
    i64::try_from(exact).unwrap_or(0).min(cap_minor.max(0))
}

/// Pays the intent's fee to its platform out of what the capture left in
/// the customer's pending (`left_minor`, after gateway fees and splits):
/// a partial capture pays at most that. `None` without a fee.
pub fn pay(
    tx: &mut Tx<'_>,
    settings: &Settings,
    intent: &Intent,
    left_minor: i64,
    rail: &str,
) -> Result<Option<SplitPayout>, ApiError> {
    let Some(account_id) = intent.account.as_deref() else {
        return Ok(None);
    };
    let fee = intent.application_fee_minor.unwrap_or(0).min(left_minor);
    if fee <= 0 {
        return Ok(None);
    }
    let account: Account = tx.object(account_id)?.ok_or_else(|| {
        ApiError::internal(format!("{} names no account {account_id}", intent.id))
    })?;
    // The fee was agreed when the intent was made: a later detach does not
    // take it back from the platform.
    let (mode, currency, platform) = (
        intent.mode,
        intent.currency.as_str(),
        account.owner.as_str(),
    );
    let transaction = Posting::build(
        mode,
        &intent.owner,
        Cause {
            kind: CauseKind::ApplicationFee,
            id: intent.id.clone(),
        },
        &format!("application fee of {} to {platform}", intent.id),
    )
    .payment_intent(&intent.id)
    .transfer(
        ledger::merchant_account(mode, &intent.owner, currency, Class::Pending),
        ledger::merchant_account(mode, platform, currency, Class::Pending),
        fee,
        currency,
    )
    .post(tx)?;
    let place = Place {
        mode,
        owner: platform,
        rail: Some(rail),
        currency,
    };
    cycles::record_application_fee(tx, settings, place, &intent.id, fee, &transaction)?;
    Ok(Some(SplitPayout {
        recipient: platform.to_string(),
        label: Some(LABEL.to_string()),
        bps: 0,
        fixed_minor: fee,
        amount_minor: fee,
        recovered_minor: 0,
        status: PayoutStatus::Paid,
        transaction: Some(transaction),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_fee_is_the_floor_of_the_share_and_never_above_the_cap() {
        let mut account: Account = serde_json::from_value(serde_json::json!({
            "id": "acct_a", "mode": "test", "owner": "org_p", "organisation": "org_c",
            "member": "mem_c", "business_name": "Shop", "account_type": "merchant",
            "email": "a@b.cd", "phone": null, "country": "CD", "application_fee_bps": 250,
            "metadata": {}, "status": "active", "claim": null, "claimed_at_ms": null,
            "detached_at_ms": null, "created_at_ms": 0, "updated_at_ms": 0
        }))
        .expect("account");
        assert_eq!(default_fee(&account, 10_000, 10_000), 250);
        assert_eq!(default_fee(&account, 39, 39), 0);
        assert_eq!(default_fee(&account, 399, 399), 9);
        assert_eq!(default_fee(&account, 10_000, 100), 100);
        account.application_fee_bps = 0;
        assert_eq!(default_fee(&account, 10_000, 10_000), 0);
    }
}
