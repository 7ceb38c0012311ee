//! A route's figures, in integers, from what the sender pays to what the
//! recipient gets (O§20's quote formulas; the rounding is decision 132):
//!
//! ```text
//! amount                      what the sender pays in all, in `currency`
//! − funding_fee               the funding payment's own fees (0 from the wallet)
//! = budget
//! − exchange_fee              the FX leg's fee (80 bps of the budget, an FX quote)
//! = sent                      converted at `rate` (mid less margin), rounded down
//! → converted                 in `target_currency` (= sent when no conversion)
//! − payout_fee                the destination's fee, inside: the largest recipient
//!                             amount R with R + fee(R) ≤ converted
//! = recipient_amount
//! ```
//!
//! Remittances price differently (O§21): a 100 bps fee on top of the amount,
//! the amount converted at the rate, no fee inside ([`remittance`]).

use serde::{Deserialize, Serialize};

use crate::domain::currency::Currency;
use crate::domain::fees;
use crate::domain::fx::{Priced, Rate};
use crate::error::{ApiError, Code};

/// The remittance fee, in basis points of the amount, on top (O§21).
pub const REMITTANCE_FEE_BPS: i64 = 100;

/// What a route moves, fixed when it is quoted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Figures {
    pub amount_minor: i64,
    pub currency: String,
    pub target_currency: String,
    pub funding_fee_minor: i64,
    /// The FX leg's fee, or a remittance's fee; in `currency`.
    pub exchange_fee_minor: i64,
    /// What enters the conversion, in `currency`: amount − funding fee − exchange fee.
    pub sent_minor: i64,
    /// What the conversion yields, in `target_currency`.
    pub converted_minor: i64,
    /// In `target_currency`, inside `converted_minor`.
    pub payout_fee_minor: i64,
    pub recipient_amount_minor: i64,
    /// The customer's rate and the mid-market rate it comes from; `None`
    /// without a conversion.
    pub rate: Option<Rate>,
    pub mid_rate: Option<Rate>,
    #[serde(default)]
    pub margin_bps: u32,
    /// A remittance: the payout's own fee is part of the remittance fee, so
    /// the platform pays it (a fee revenue line) and the recipient gets
    /// `converted_minor` whole.
    #[serde(default)]
    pub payout_fee_included: bool,
}

impl Figures {
    /// What the funding brings into the route's escrow.
    pub fn budget_minor(&self) -> i64 {
        self.amount_minor - self.funding_fee_minor
    }

    pub fn converts(&self) -> bool {
        self.currency != self.target_currency
    }

    /// The origin's platform fee: everything the gateway keeps.
    pub fn platform_fee_minor(&self) -> i64 {
        self.funding_fee_minor + self.exchange_fee_minor
    }

    /// The arithmetic holds (checked when built and before money moves).
    pub fn balanced(&self) -> bool {
        let source =
            self.amount_minor == self.funding_fee_minor + self.exchange_fee_minor + self.sent_minor;
        let target = self.converted_minor == self.payout_fee_minor + self.recipient_amount_minor;
        let same = self.converts() || self.sent_minor == self.converted_minor;
        let positive = [
            self.funding_fee_minor,
            self.exchange_fee_minor,
            self.payout_fee_minor,
        ]
        .iter()
        .all(|f| *f >= 0)
            && self.recipient_amount_minor > 0;
        source && target && same && positive
    }
}

/// How the destination charges, inside the converted amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PayoutFee {
    /// A payout (mobile money, bank, agent cash-out): 70 bps, at least 1.
    Withdrawal,
    /// A wallet of this gateway (or a QR's merchant): the transfer fee, 75 bps, at least 1.
    Transfer,
    /// The sender's own wallet: none.
    Free,
}

impl PayoutFee {
    fn of(self, amount_minor: i64) -> i64 {
        match self {
            PayoutFee::Withdrawal => crate::domain::payouts::fee_minor(amount_minor),
            PayoutFee::Transfer => crate::domain::transfers::fee_minor(amount_minor),
            PayoutFee::Free => 0,
        }
    }
}

/// The largest `r` in `0..=total` with `r + fee(r) ≤ total`, and its fee
/// (the rest of `total`: the fee, plus a unit the rounding could not give
/// the recipient). Fees never fall as amounts grow, so a binary search finds it.
pub fn carve(total_minor: i64, fee: PayoutFee) -> (i64, i64) {
    let fits = |r: i64| r.checked_add(fee.of(r)).is_some_and(|t| t <= total_minor);
    let (mut low, mut high) = (0_i64, total_minor.max(0));
    if !fits(low) {
        return (0, total_minor);
    }
    while low < high {
        let mid = low + (high - low + 1) / 2;
        if fits(mid) {
            low = mid;
        } else {
            high = mid - 1;
        }
    }
    (low, total_minor - low)
}

/// What a route needs to know to price itself.
pub struct RouteInput<'a> {
    pub amount_minor: i64,
    pub currency: Currency,
    pub target_currency: Currency,
    pub funding_fee_minor: i64,
    /// The FX leg, priced on the budget (a fresh quote or a taken one); `None`
    /// without a conversion.
    pub fx: Option<Fx<'a>>,
    pub payout_fee: PayoutFee,
}

/// A priced conversion of the budget.
pub struct Fx<'a> {
    pub priced: &'a Priced,
    pub mid_rate: Rate,
    pub margin_bps: u32,
}

/// The figures of a route, or 400 `invalid_amount` when nothing would reach
/// the recipient.
pub fn route(input: RouteInput<'_>) -> Result<Figures, ApiError> {
    let budget = input.amount_minor - input.funding_fee_minor;
    if budget <= 0 {
        return Err(too_small(
            input.amount_minor,
            "the funding fee takes all of it",
        ));
    }
    let (exchange_fee, converted, rate, mid, margin) = match &input.fx {
        Some(fx) => (
            fx.priced.fee_minor,
            fx.priced.recipient_minor,
            Some(fx.priced.rate),
            Some(fx.mid_rate),
            fx.margin_bps,
        ),
        None => (0, budget, None, None, 0),
    };
    let (recipient, payout_fee) = carve(converted, input.payout_fee);
    finish(Figures {
        amount_minor: input.amount_minor,
        currency: input.currency.code.to_string(),
        target_currency: input.target_currency.code.to_string(),
        funding_fee_minor: input.funding_fee_minor,
        exchange_fee_minor: exchange_fee,
        sent_minor: budget - exchange_fee,
        converted_minor: converted,
        payout_fee_minor: payout_fee,
        recipient_amount_minor: recipient,
        rate,
        mid_rate: mid,
        margin_bps: margin,
        payout_fee_included: false,
    })
}

/// A remittance's fee on `amount_minor`: 100 bps, rounded half up, at least 1.
pub fn remittance_fee_minor(amount_minor: i64) -> i64 {
    fees::bps_of(amount_minor, REMITTANCE_FEE_BPS).max(1)
}

/// The figures of a remittance of `amount_minor` (O§21): the fee on top, the
/// funding payment's fees (when a processor funds it) out of the amount,
/// the rest converted at `rate` (mid less margin) rounded down, and all of it
/// to the recipient.
pub fn remittance(
    amount_minor: i64,
    currency: Currency,
    target_currency: Currency,
    funding_fee_minor: i64,
    conversion: Option<(Rate, Rate, u32)>,
) -> Result<Figures, ApiError> {
    let fee = remittance_fee_minor(amount_minor);
    let sent = amount_minor - funding_fee_minor;
    if sent <= 0 {
        return Err(too_small(amount_minor, "the funding fee takes all of it"));
    }
    let (converted, rate, mid, margin) = match conversion {
        Some((rate, mid, margin)) => {
            let converted =
                crate::domain::fx::convert::convert(sent, currency, target_currency, rate)
                    .ok_or_else(|| too_small(amount_minor, "it does not convert"))?;
            (converted, Some(rate), Some(mid), margin)
        }
        None => (sent, None, None, 0),
    };
    finish(Figures {
        amount_minor: amount_minor + fee,
        currency: currency.code.to_string(),
        target_currency: target_currency.code.to_string(),
        funding_fee_minor,
        exchange_fee_minor: fee,
        sent_minor: sent,
        converted_minor: converted,
        payout_fee_minor: 0,
        recipient_amount_minor: converted,
        rate,
        mid_rate: mid,
        margin_bps: margin,
        payout_fee_included: true,
    })
}

fn finish(figures: Figures) -> Result<Figures, ApiError> {
    if figures.recipient_amount_minor < super::RECIPIENT_AMOUNT_MIN_MINOR {
        return Err(too_small(
            figures.amount_minor,
            &format!(
                "the recipient would get {} {} minor units, under the smallest payout of {}",
                figures.recipient_amount_minor,
                figures.target_currency,
                super::RECIPIENT_AMOUNT_MIN_MINOR
            ),
        ));
    }
    if !figures.balanced() {
        return Err(ApiError::internal(format!(
            "unbalanced route figures {figures:?}"
        )));
    }
    Ok(figures)
}

fn too_small(amount_minor: i64, why: &str) -> ApiError {
    ApiError::new(
        Code::InvalidAmount,
        format!("amount_minor {amount_minor} is too small for this route: {why}"),
    )
    .with_param("amount_minor")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::currency::find;
    use crate::domain::fx::convert;

    fn c(code: &str) -> Currency {
        find(code).expect("a currency")
    }

    #[test]
    fn carving_gives_the_recipient_the_most_the_fee_allows() {
        // 70 bps of 9,930 is 69.51 → 70: 9,930 + 70 = 10,000 exactly.
        assert_eq!(carve(10_000, PayoutFee::Withdrawal), (9_930, 70));
        // 9,931 would need 70 too (10,001): one unit the rounding cannot give.
        assert_eq!(carve(10_001, PayoutFee::Withdrawal), (9_931, 70));
        // 75 bps of 9,926 is 74.445 → 74.
        assert_eq!(carve(10_000, PayoutFee::Transfer), (9_926, 74));
        assert_eq!(carve(10_000, PayoutFee::Free), (10_000, 0));
        // The smallest fee is one unit.
        assert_eq!(carve(2, PayoutFee::Withdrawal), (1, 1));
        assert_eq!(carve(0, PayoutFee::Withdrawal), (0, 0));
        for total in [1, 99, 100, 143, 1_000_003, 987_654_321] {
            for fee in [PayoutFee::Withdrawal, PayoutFee::Transfer] {
                let (r, f) = carve(total, fee);
                assert!(r + fee.of(r) <= total, "{total}");
                assert!(
                    r + 1 + fee.of(r + 1) > total,
                    "{total}: {r} is not the largest"
                );
                assert_eq!(r + f, total);
            }
        }
    }

    #[test]
    fn a_converting_route_is_an_fx_quote_of_its_budget_then_a_payout_inside() {
        // USD 100.00 from mobile money (its fees 266), to CDF mobile money.
        let mid = Rate::units(2800);
        let budget = 10_000 - 266;
        let priced = convert::price(budget, c("USD"), c("CDF"), mid, 100).expect("priced");
        let figures = route(RouteInput {
            amount_minor: 10_000,
            currency: c("USD"),
            target_currency: c("CDF"),
            funding_fee_minor: 266,
            fx: Some(Fx {
                priced: &priced,
                mid_rate: mid,
                margin_bps: 100,
            }),
            payout_fee: PayoutFee::Withdrawal,
        })
        .expect("figures");
        // 80 bps of 9,734 = 77.872 → 78; 96.56 USD × 2772 = 267,664.32 → 26,766,432.
        assert_eq!(figures.exchange_fee_minor, 78);
        assert_eq!(figures.sent_minor, 9_656);
        assert_eq!(figures.converted_minor, 26_766_432);
        let (recipient, fee) = carve(26_766_432, PayoutFee::Withdrawal);
        assert_eq!(
            (figures.recipient_amount_minor, figures.payout_fee_minor),
            (recipient, fee)
        );
        assert_eq!(
            recipient + crate::domain::payouts::fee_minor(recipient),
            26_766_432
        );
        assert!(figures.balanced());
        assert_eq!(figures.platform_fee_minor(), 266 + 78);
    }

    #[test]
    fn a_same_currency_route_to_a_wallet_pays_the_transfer_fee_inside() {
        let figures = route(RouteInput {
            amount_minor: 10_000,
            currency: c("CDF"),
            target_currency: c("CDF"),
            funding_fee_minor: 0,
            fx: None,
            payout_fee: PayoutFee::Transfer,
        })
        .expect("figures");
        assert_eq!(
            (
                figures.sent_minor,
                figures.converted_minor,
                figures.recipient_amount_minor,
                figures.payout_fee_minor
            ),
            (10_000, 10_000, 9_926, 74)
        );
        let err = route(RouteInput {
            amount_minor: 100,
            currency: c("CDF"),
            target_currency: c("CDF"),
            funding_fee_minor: 0,
            fx: None,
            payout_fee: PayoutFee::Withdrawal,
        })
        .expect_err("99 − 1 fee leaves 98 under the smallest payout");
        assert_eq!(
            (err.code, err.param.as_deref()),
            (Code::InvalidAmount, Some("amount_minor"))
        );
    }

    #[test]
    fn a_remittance_charges_its_fee_on_top_and_delivers_the_converted_amount() {
        let mid = Rate::units(2800);
        let rate = mid.less_margin(100);
        let figures =
            remittance(10_000, c("USD"), c("CDF"), 0, Some((rate, mid, 100))).expect("figures");
        // 100 USD at 2772 = 277,200.00 CDF; fee 1.00 USD on top.
        assert_eq!(figures.amount_minor, 10_100);
        assert_eq!(figures.exchange_fee_minor, 100);
        assert_eq!(figures.converted_minor, 27_720_000);
        assert_eq!(figures.recipient_amount_minor, 27_720_000);
        assert!(figures.payout_fee_included && figures.balanced());
        // The smallest fee is one unit: 1 % of 49 is 0.49.
        assert_eq!(remittance_fee_minor(49), 1);
        assert_eq!(remittance_fee_minor(150), 2);
    }
}
