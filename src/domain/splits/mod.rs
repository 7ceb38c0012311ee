//! Splits: at capture, parts of a payment go to recipients (the merchant's own
//! sub-wallets, `<owner>~<recipient>` in the ledger); on a refund, recipients
//! give their share back (`pro_rata`) or keep it (`merchant_absorbs`).
//!
//! Rounding (documented in `docs/decisions.md`): the base is the merchant's
//! net (captured amount less fees). Fixed parts come first; the bps parts share
//! what is left: each gets the floor of its exact share, and the units the
//! floors leave out (the total share rounded half up, less the floors) go one
//! by one to the largest fractional remainders (earliest split first on ties).
//! So every part is within one unit of its exact share, the parts never exceed
//! the base, and the merchant keeps exactly the rest.

pub mod state;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use self::state::RecoveryStatus;
use self::state::{Trigger, transition};

use crate::error::ApiError;
use crate::fields;
use crate::ledger::{self, Cause, Class, Posting};
use crate::mode::Mode;
use crate::store::Tx;

// One part of a split, as the intent's create request gives it (a plain
// comment: a doc comment would describe it in the OpenAPI document).
#[derive(Debug, Clone, Deserialize, serde::Serialize, ToSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SplitInput {
    /// Who receives the part: an organisation sub-wallet label, a connected account (acct_...), a tag, phone or e-mail.
    #[schema(min_length = 1, max_length = 100, pattern = "\\S")]
    pub recipient: String,
    /// Share of the captured amount after fixed parts, in basis points.
    #[serde(default, deserialize_with = "fields::int")]
    #[schema(minimum = 0, maximum = 10_000)]
    pub bps: i64,
    /// A fixed part in minor units, taken first.
    #[serde(default, deserialize_with = "fields::int")]
    #[schema(minimum = 0)]
    pub fixed_minor: i64,
    #[serde(default)]
    #[schema(max_length = 100, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub label: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "snake_case")]
pub enum RefundPolicy {
    /// Each recipient gives back its share of a refund.
    #[default]
    ProRata,
    /// The merchant alone pays refunds; recipients keep their parts.
    MerchantAbsorbs,
}

/// What each split receives from `base_minor` (in the order of `splits`).
pub fn allocate(base_minor: i64, splits: &[SplitInput]) -> Vec<i64> {
    let base = i128::from(base_minor.max(0));
    let mut parts: Vec<i128> = splits.iter().map(|s| i128::from(s.fixed_minor)).collect();
    let fixed_total: i128 = parts.iter().sum();
    let rest = (base - fixed_total).max(0);
    let bps_total: i128 = splits.iter().map(|s| i128::from(s.bps)).sum();
    // The bps parts together: their exact share, rounded half up.
    let share_total = (rest * bps_total + 5_000) / 10_000;
    let mut remainders: Vec<(i128, usize)> = Vec::with_capacity(splits.len());
    let mut floors_total = 0;
    for (i, split) in splits.iter().enumerate() {
        let exact = rest * i128::from(split.bps);
        let floor = exact / 10_000;
        parts[i] += floor;
        floors_total += floor;
        if split.bps > 0 {
            remainders.push((exact % 10_000, i));
        }
    }
    remainders.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let leftover = (share_total - floors_total).max(0);
    for (_, i) in remainders
        .into_iter()
        .take(usize::try_from(leftover).unwrap_or(0))
    {
        parts[i] += 1;
    }
    parts
        .into_iter()
        .map(|p| i64::try_from(p).unwrap_or(i64::MAX))
        .collect()
}

/// The ledger owner of a split recipient's balance.
pub fn recipient_owner(owner: &str, recipient: &str) -> String {
    let clean: String = recipient
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "._-@+".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{owner}~{clean}")
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = SplitPayoutStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PayoutStatus {
    Paid,
}

/// One split's payout from a captured intent.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SplitPayout {
    pub recipient: String,
    pub label: Option<String>,
    pub bps: i64,
    pub fixed_minor: i64,
    pub amount_minor: i64,
    /// What the recipient gave back on refunds so far.
    pub recovered_minor: i64,
    pub status: PayoutStatus,
    pub transaction: Option<String>,
}

/// Pays the splits of a capture out of the merchant's pending balance.
/// Returns the payouts (empty when there are no splits).
pub fn pay_out(
    tx: &mut Tx<'_>,
    mode: Mode,
    owner: &str,
    intent_id: &str,
    currency: &str,
    base_minor: i64,
    splits: &[SplitInput],
) -> Result<Vec<SplitPayout>, ApiError> {
    if splits.is_empty() {
        return Ok(Vec::new());
    }
    let amounts = allocate(base_minor, splits);
    let mut builder = Posting::build(
        mode,
        owner,
        Cause {
            kind: crate::ledger::CauseKind::SplitPayout,
            id: intent_id.to_string(),
        },
        &format!("split payouts of {intent_id}"),
    )
    .payment_intent(intent_id);
    for (split, amount) in splits.iter().zip(&amounts) {
        builder = builder.transfer(
            ledger::merchant_account(mode, owner, currency, Class::Pending),
            ledger::merchant_account(
                mode,
                &recipient_owner(owner, &split.recipient),
                currency,
                Class::Available,
            ),
            *amount,
            currency,
        );
    }
    let transaction = builder.post(tx)?;
    Ok(splits
        .iter()
        .zip(amounts)
        .map(|(split, amount_minor)| SplitPayout {
            recipient: split.recipient.clone(),
            label: split.label.clone(),
            bps: split.bps,
            fixed_minor: split.fixed_minor,
            amount_minor,
            recovered_minor: 0,
            status: PayoutStatus::Paid,
            transaction: Some(transaction.clone()),
        })
        .collect())
}

/// What one recipient gives back (or keeps) for one refund.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Recovery {
    pub refund: String,
    pub recipient: String,
    pub amount_minor: i64,
    pub status: RecoveryStatus,
    pub transaction: Option<String>,
    /// Why it failed, when it did.
    pub failure_reason: Option<String>,
}

/// The share of `refund_minor` each payout gives back under pro rata:
/// `min(left, round_half_up(paid × refund / received))`.
pub fn pro_rata_shares(
    payouts: &[SplitPayout],
    refund_minor: i64,
    received_minor: i64,
) -> Vec<i64> {
    payouts
        .iter()
        .map(|p| {
            let exact = i128::from(p.amount_minor) * i128::from(refund_minor.min(received_minor));
            let share = (2 * exact + i128::from(received_minor.max(1)))
                / (2 * i128::from(received_minor.max(1)));
            let left = i128::from(p.amount_minor - p.recovered_minor);
            i64::try_from(share.min(left).max(0)).unwrap_or(0)
        })
        .collect()
}

/// Moves an owed (FAILED) recovery from the recipient back to the merchant's
/// available balance; a recipient without the funds leaves it FAILED.
pub fn recover(
    tx: &mut Tx<'_>,
    mode: Mode,
    owner: &str,
    currency: &str,
    recovery: &mut Recovery,
) -> Result<(), ApiError> {
    let from = ledger::merchant_account(
        mode,
        &recipient_owner(owner, &recovery.recipient),
        currency,
        Class::Available,
    );
    let funded = recovery.amount_minor == 0 || ledger::balance(tx, &from)? >= recovery.amount_minor;
    recovery.status = transition(recovery.status, Trigger::Recover { funded }).map_err(|_| {
        ApiError::internal(format!(
            "the recovery of {} from {} is {:?}, not owed",
            recovery.refund, recovery.recipient, recovery.status
        ))
    })?;
    if recovery.amount_minor == 0 {
        return Ok(());
    }
    if !funded {
        recovery.failure_reason = Some(format!(
            "{} holds less than {} {currency}",
            recovery.recipient, recovery.amount_minor
        ));
        return Ok(());
    }
    let transaction = Posting::build(
        mode,
        owner,
        Cause {
            kind: crate::ledger::CauseKind::SplitRecovery,
            id: recovery.refund.clone(),
        },
        &format!(
            "split recovery from {} for {}",
            recovery.recipient, recovery.refund
        ),
    )
    .transfer(
        from,
        ledger::merchant_account(mode, owner, currency, Class::Available),
        recovery.amount_minor,
        currency,
    )
    .post(tx)?;
    recovery.transaction = Some(transaction);
    recovery.failure_reason = None;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(bps: i64, fixed_minor: i64) -> SplitInput {
        SplitInput {
            recipient: "r".into(),
            bps,
            fixed_minor,
            label: None,
        }
    }

    #[test]
    fn parts_never_exceed_the_base_and_stay_within_a_unit_of_their_share() {
        let cases: &[(i64, &[(i64, i64)])] = &[
            (1, &[(3_333, 0), (3_333, 0), (3_334, 0)]),
            (7, &[(5_000, 0), (5_000, 0)]),
            (97, &[(3_333, 0), (3_333, 0), (3_333, 0)]),
            (10_007, &[(1, 0), (9_999, 0)]),
            (101, &[(0, 50), (5_000, 0), (5_000, 0)]),
            (13, &[(0, 13)]),
            (9_973, &[(2_500, 3), (2_500, 0), (2_500, 0), (2_499, 0)]),
        ];
        for (base, spec) in cases {
            let splits: Vec<SplitInput> = spec.iter().map(|(b, f)| split(*b, *f)).collect();
            let parts = allocate(*base, &splits);
            let total: i64 = parts.iter().sum();
            assert!(total <= *base, "{base} {spec:?} -> {parts:?}");
            let fixed: i64 = splits.iter().map(|s| s.fixed_minor).sum();
            for (s, part) in splits.iter().zip(&parts) {
                let exact = (*base - fixed) as f64 * s.bps as f64 / 10_000.0 + s.fixed_minor as f64;
                assert!(
                    (*part as f64 - exact).abs() <= 1.0,
                    "{base} {spec:?} -> {parts:?}"
                );
            }
            let bps_total: i64 = splits.iter().map(|s| s.bps).sum();
            if bps_total == 10_000 {
                assert_eq!(
                    total, *base,
                    "a full split leaves the merchant nothing: {parts:?}"
                );
            }
        }
    }

    #[test]
    fn one_unit_split_three_ways_goes_to_the_largest_share() {
        assert_eq!(
            allocate(1, &[split(3_333, 0), split(3_333, 0), split(3_334, 0)]),
            vec![0, 0, 1]
        );
        assert_eq!(allocate(2, &[split(5_000, 0), split(5_000, 0)]), vec![1, 1]);
        assert_eq!(allocate(1, &[split(5_000, 0), split(5_000, 0)]), vec![1, 0]);
    }

    #[test]
    fn pro_rata_shares_follow_the_refund_ratio_and_never_exceed_what_is_left() {
        let payout = |amount_minor, recovered_minor| SplitPayout {
            recipient: "r".into(),
            label: None,
            bps: 0,
            fixed_minor: 0,
            amount_minor,
            recovered_minor,
            status: PayoutStatus::Paid,
            transaction: None,
        };
        assert_eq!(
            pro_rata_shares(&[payout(300, 0), payout(200, 0)], 500, 1_000),
            vec![150, 100]
        );
        assert_eq!(pro_rata_shares(&[payout(300, 290)], 1_000, 1_000), vec![10]);
        assert_eq!(pro_rata_shares(&[payout(1, 0)], 1, 3), vec![0]);
        assert_eq!(pro_rata_shares(&[payout(1, 0)], 2, 3), vec![1]);
    }
}

#[cfg(test)]
mod recovery_tests {
    use super::*;
    use crate::store::{Read, Store};

    /// A recipient that no longer holds its part: the recovery is FAILED and
    /// nothing moves; once funded, the same recovery succeeds.
    #[test]
    fn a_recovery_fails_without_funds_and_succeeds_once_funded() {
        let store = Store::ephemeral().expect("store");
        let mut recovery = Recovery {
            refund: "re_1".into(),
            recipient: "partner".into(),
            amount_minor: 50,
            status: RecoveryStatus::Failed,
            transaction: None,
            failure_reason: None,
        };
        store
            .write_now(0, |tx| {
                recover(tx, Mode::Test, "org_a", "CDF", &mut recovery)
            })
            .expect("recover");
        assert_eq!(recovery.status, RecoveryStatus::Failed);
        assert!(recovery.failure_reason.is_some());
        let recipient = ledger::merchant_account(
            Mode::Test,
            &recipient_owner("org_a", "partner"),
            "CDF",
            Class::Available,
        );
        store
            .write_now(0, |tx| {
                Posting::build(
                    Mode::Test,
                    "org_a",
                    Cause {
                        kind: crate::ledger::CauseKind::PaymentIntent,
                        id: "t".into(),
                    },
                    "fund",
                )
                .transfer(
                    ledger::system_account(Mode::Test, ledger::System::RailClearing("card"), "CDF"),
                    recipient.clone(),
                    80,
                    "CDF",
                )
                .post(tx)
            })
            .expect("fund");
        store
            .write_now(0, |tx| {
                recover(tx, Mode::Test, "org_a", "CDF", &mut recovery)
            })
            .expect("recover");
        assert_eq!(recovery.status, RecoveryStatus::Recovered);
        assert!(recovery.transaction.is_some());
        let snapshot = store.snapshot().expect("snapshot");
        let report = ledger::verify(&snapshot).expect("verify");
        assert!(report.ok());
        assert_eq!(snapshot.balance(&recipient.key()).expect("get"), Some(30));
    }
}
