//! The split recoveries a refund causes: what each recipient gives back
//! (`pro_rata`) or keeps (`merchant_absorbs`), and the retry of failed ones.

use super::{RECOVERIES_MAX, Refund};
use crate::auth::Principal;
use crate::domain::intents::{self, Intent};
use crate::domain::splits::{self, Recovery, RecoveryStatus, RefundPolicy};
use crate::error::ApiError;
use crate::store::Tx;

/// Records what each split recipient gives back (pro_rata) or keeps (merchant_absorbs).
pub(super) fn recover_splits(
    tx: &mut Tx<'_>,
    refund: &Refund,
    intent: &mut Intent,
) -> Result<(), ApiError> {
    if intent.split_payouts.is_empty() {
        return Ok(());
    }
    let shares = match intent.split_refund_policy {
        RefundPolicy::ProRata => splits::pro_rata_shares(
            &intent.split_payouts,
            refund.amount_minor,
            intent.amount_received_minor,
        ),
        RefundPolicy::MerchantAbsorbs => vec![0; intent.split_payouts.len()],
    };
    for (i, share) in shares.into_iter().enumerate() {
        let recipient = intent.split_payouts[i].recipient.clone();
        let mut recovery = Recovery {
            refund: refund.id.clone(),
            recipient,
            amount_minor: share,
            // Owed under pro rata (FAILED until taken back, at once below).
            status: match intent.split_refund_policy {
                RefundPolicy::ProRata => RecoveryStatus::Failed,
                RefundPolicy::MerchantAbsorbs => RecoveryStatus::Absorbed,
            },
            transaction: None,
            failure_reason: None,
        };
        if intent.split_refund_policy == RefundPolicy::ProRata {
            splits::recover(
                tx,
                refund.mode,
                &refund.owner,
                &refund.currency,
                &mut recovery,
            )?;
            if recovery.status == RecoveryStatus::Recovered {
                intent.split_payouts[i].recovered_minor += share;
            }
        }
        if intent.split_recoveries.len() < RECOVERIES_MAX {
            intent.split_recoveries.push(recovery);
        }
    }
    Ok(())
}

/// `POST /payment_intents/{id}/split_refunds/retry`: retries FAILED recoveries.
pub fn retry_recoveries(
    tx: &mut Tx<'_>,
    principal: &Principal,
    intent_id: &str,
) -> Result<Intent, ApiError> {
    let mut intent = intents::read(tx, principal, intent_id)?;
    let (mode, owner, currency) = (intent.mode, intent.owner.clone(), intent.currency.clone());
    for i in 0..intent.split_recoveries.len() {
        if intent.split_recoveries[i].status != RecoveryStatus::Failed {
            continue;
        }
        let mut recovery = intent.split_recoveries[i].clone();
        splits::recover(tx, mode, &owner, &currency, &mut recovery)?;
        let recovered = recovery.status == RecoveryStatus::Recovered;
        if let Some(payout) = intent
            .split_payouts
            .iter_mut()
            .find(|p| recovered && p.recipient == recovery.recipient)
        {
            payout.recovered_minor += recovery.amount_minor;
        }
        intent.split_recoveries[i] = recovery;
    }
    intent.updated_at_ms = tx.now_ms();
    intents::save(tx, &intent)?;
    Ok(intent)
}
