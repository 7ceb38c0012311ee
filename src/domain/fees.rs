//! The fee schedule: what the rail's provider charges, the gateway's service
//! fee, and tax on the service fee. Each is its own ledger line.
//!
//! Basis points are rounded half up on the exact product, so a fee is never off
//! by more than half a minor unit, and the merchant's net plus the fees is
//! always exactly the amount.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Fees {
    /// Charged by the rail's provider (operator, acquirer, bank).
    pub provider_fee_minor: i64,
    /// The gateway's own fee.
    pub service_fee_minor: i64,
    /// Tax on the service fee.
    pub tax_minor: i64,
}

impl Fees {
    pub fn total_minor(&self) -> i64 {
        self.provider_fee_minor + self.service_fee_minor + self.tax_minor
    }
}

/// Fee rates of one rail.
#[derive(Debug, Clone, Copy)]
pub struct Schedule {
    pub rail: &'static str,
    pub provider_bps: i64,
    pub provider_fixed_minor: i64,
    pub service_bps: i64,
}

/// Tax on the service fee: 16 % (the DRC's VAT rate), in basis points.
pub const TAX_ON_SERVICE_BPS: i64 = 1600;

pub const SCHEDULES: &[Schedule] = &[
    Schedule {
        rail: "mobile_money",
        provider_bps: 150,
        provider_fixed_minor: 0,
        service_bps: 100,
    },
    Schedule {
        rail: "card",
        provider_bps: 250,
        provider_fixed_minor: 0,
        service_bps: 50,
    },
    Schedule {
        rail: "bank",
        provider_bps: 50,
        provider_fixed_minor: 0,
        service_bps: 50,
    },
    Schedule {
        rail: "wallet",
        provider_bps: 0,
        provider_fixed_minor: 0,
        service_bps: 50,
    },
    Schedule {
        rail: "qr",
        provider_bps: 80,
        provider_fixed_minor: 0,
        service_bps: 50,
    },
];

/// `amount × bps / 10 000`, rounded half up (amounts are positive).
pub fn bps_of(amount_minor: i64, bps: i64) -> i64 {
    let exact = i128::from(amount_minor) * i128::from(bps);
    i64::try_from((exact + 5_000) / 10_000).unwrap_or(i64::MAX)
}

/// Fees on collecting `amount_minor` over `rail`; never more than the amount.
/// `provider_bps` overrides the rail's default provider rate when the
/// operator is known (from the rail catalogue).
pub fn for_collection(rail: &str, provider_bps: Option<i64>, amount_minor: i64) -> Fees {
    let Some(schedule) = SCHEDULES.iter().find(|s| s.rail == rail) else {
        return Fees {
            provider_fee_minor: 0,
            service_fee_minor: 0,
            tax_minor: 0,
        };
    };
    let provider_bps = provider_bps.unwrap_or(schedule.provider_bps);
    let provider =
        (bps_of(amount_minor, provider_bps) + schedule.provider_fixed_minor).min(amount_minor);
    let service = bps_of(amount_minor, schedule.service_bps).min(amount_minor - provider);
    let tax = bps_of(service, TAX_ON_SERVICE_BPS).min(amount_minor - provider - service);
    Fees {
        provider_fee_minor: provider,
        service_fee_minor: service,
        tax_minor: tax,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mobile_money_fees_on_ten_thousand() {
        let fees = for_collection("mobile_money", None, 10_000);
        assert_eq!(
            fees,
            Fees {
                provider_fee_minor: 150,
                service_fee_minor: 100,
                tax_minor: 16
            }
        );
        assert_eq!(fees.total_minor(), 266);
    }

    #[test]
    fn rounding_is_half_up() {
        assert_eq!(bps_of(50, 100), 1); // 0.5 → 1
        assert_eq!(bps_of(49, 100), 0); // 0.49 → 0
        assert_eq!(bps_of(150, 100), 2); // 1.5 → 2
    }

    #[test]
    fn fees_never_exceed_the_amount() {
        for amount in 1..2_000 {
            for schedule in SCHEDULES {
                let fees = for_collection(schedule.rail, None, amount);
                assert!(fees.total_minor() <= amount, "{} {amount}", schedule.rail);
                assert!(
                    fees.provider_fee_minor >= 0
                        && fees.service_fee_minor >= 0
                        && fees.tax_minor >= 0
                );
            }
        }
    }
}
