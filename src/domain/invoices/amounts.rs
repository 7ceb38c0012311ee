//! An invoice's figures: pure arithmetic, unit-tested.
//!
//! `usage_minor = usage_qty × usage_price_minor`;
//! `tax_minor = round((subtotal + usage) × tax_bps / 10 000)`, half up on the
//! exact product (origin section 24); `total = subtotal + usage + tax`. Every figure is bounded by
//! an intent's amount bound, so a period's invoice is always payable by one
//! payment request.

use serde::{Deserialize, Serialize};

use crate::domain::intents::input::AMOUNT_MINOR_MAX;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Amounts {
    /// The recurring line.
    pub subtotal_minor: i64,
    pub usage_qty: i64,
    pub usage_minor: i64,
    pub tax_minor: i64,
    pub total_minor: i64,
}

/// `amount × bps / 10 000`, rounded half up (amounts are never negative).
pub fn tax_minor(taxable_minor: i64, tax_bps: u32) -> i64 {
    let exact = i128::from(taxable_minor) * i128::from(tax_bps);
    i64::try_from((exact + 5_000) / 10_000).unwrap_or(i64::MAX)
}

/// The figures of an invoice, or `None` when they pass the bound.
pub fn compute(
    subtotal_minor: i64,
    usage_qty: i64,
    usage_price_minor: i64,
    tax_bps: u32,
) -> Option<Amounts> {
    let usage_minor = usage_qty.checked_mul(usage_price_minor)?;
    let taxable = subtotal_minor.checked_add(usage_minor)?;
    let tax = tax_minor(taxable, tax_bps);
    let total_minor = taxable.checked_add(tax)?;
    (total_minor <= AMOUNT_MINOR_MAX).then_some(Amounts {
        subtotal_minor,
        usage_qty,
        usage_minor,
        tax_minor: tax,
        total_minor,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tax_is_rounded_half_up_on_the_exact_product() {
        // 16 % of 1 003 = 160.48 → 160; of 1 004 = 160.64 → 161.
        assert_eq!(tax_minor(1_003, 1_600), 160);
        assert_eq!(tax_minor(1_004, 1_600), 161);
        // Exactly half: 0.5 → 1.
        assert_eq!(tax_minor(1, 5_000), 1);
        assert_eq!(tax_minor(0, 5_000), 0);
        assert_eq!(tax_minor(12_345, 0), 0);
    }

    #[test]
    fn usage_is_priced_and_taxed_with_the_recurring_line() {
        let a = compute(10_000, 7, 250, 1_600).expect("amounts");
        assert_eq!(a.usage_minor, 1_750);
        assert_eq!(a.tax_minor, 1_880);
        assert_eq!(a.total_minor, 13_630);
        assert_eq!(
            a.subtotal_minor + a.usage_minor + a.tax_minor,
            a.total_minor
        );
    }

    #[test]
    fn figures_past_the_bound_are_refused_not_wrapped() {
        assert_eq!(compute(1, i64::MAX, 2, 0), None);
        assert_eq!(compute(AMOUNT_MINOR_MAX, 0, 0, 1), None);
        assert!(compute(AMOUNT_MINOR_MAX, 0, 0, 0).is_some());
    }
}
