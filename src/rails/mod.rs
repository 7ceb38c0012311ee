//! Payment rails. Domain code asks a [`Rail`] to collect, capture, void,
//! refund and pay out; the sandbox rail answers deterministically by magic
//! payer numbers (spec section 8) and payout numbers, and is the only rail of
//! test mode. Live mode uses the
//! connectors configured for a deployment; with none configured, a live
//! attempt fails with `rail_not_configured`.
//!
//! Calls are synchronous and made on the writer thread: the sandbox answers
//! from memory. A network connector will answer "pending" at once and report
//! its outcome later through the same `status` path the sandbox's timers use.

pub mod card;
pub mod catalogue;
pub mod live;
pub mod sandbox;
pub mod switch_connector;

use serde::{Deserialize, Serialize};

use crate::error::{ApiError, Code};
use crate::mode::Mode;

/// Why an attempt failed (spec section 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum FailureReason {
    InvalidMsisdn,
    ProviderUnavailable,
    Declined,
    /// The payer's card or wallet cannot cover the amount.
    InsufficientFunds,
    /// The issuer says the card expired.
    ExpiredCard,
    /// The issuer refused the card's CVC.
    IncorrectCvc,
    /// The payer failed (or left) the card's 3-D Secure-like challenge.
    AuthenticationFailed,
}

impl FailureReason {
    /// Retryable failures send the intent back to REQUIRES_PAYMENT_METHOD
    /// (origin behaviour section 1: all three are retryable; so are the
    /// card and wallet reasons, as a payer may try another card or top up).
    pub fn retryable(self) -> bool {
        true
    }
}

/// What a rail says about a collection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Collection {
    Succeeded,
    Failed(FailureReason),
    /// The provider cannot say what happened.
    Unknown,
    /// Ask again (`status`) after this many milliseconds.
    Pending {
        poll_after_ms: i64,
    },
}

pub struct CollectRequest<'a> {
    pub rail: &'a str,
    pub msisdn: Option<&'a str>,
    pub amount_minor: i64,
    pub currency: &'a str,
    pub reference: &'a str,
    /// A card attempt's card: brand, last four and expiry only (the number
    /// and CVC never reach a rail request in test mode: `card.rs`).
    pub card: Option<&'a card::Card>,
}

/// Why a payout failed (`docs/payouts.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PayoutFailure {
    /// The destination does not exist or cannot receive (wrong number, closed account).
    InvalidAccount,
    /// The provider could not take the payout; a new payout may be tried later.
    ProviderUnavailable,
    /// An operator's review found, on the provider's statement, that the
    /// money never left or came back (`POST /payouts/{id}/review`).
    Returned,
}

impl PayoutFailure {
    pub fn as_str(self) -> &'static str {
        match self {
            PayoutFailure::InvalidAccount => "invalid_account",
            PayoutFailure::ProviderUnavailable => "provider_unavailable",
            PayoutFailure::Returned => "returned",
        }
    }
}

/// What a rail says about a payout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Disbursement {
    /// The money reached the destination.
    Paid,
    Failed(PayoutFailure),
    /// The provider cannot say whether the money left.
    Unknown,
    /// Ask again (`payout_status`) after this many milliseconds.
    Pending {
        poll_after_ms: i64,
    },
}

/// A payout as a rail is asked to make it.
pub struct PayoutOrder<'a> {
    /// `mobile_money` or `bank`.
    pub rail: &'a str,
    /// The catalogue entry that carries it (`mpesa`, `switch`, ...).
    pub operator: &'a str,
    /// The phone number (mobile money) or account number (bank) paid.
    pub account: &'a str,
    pub amount_minor: i64,
    pub currency: &'a str,
    /// The payout's id: the provider's idempotency reference, so that asking
    /// twice never pays twice.
    pub reference: &'a str,
}

pub trait Rail {
    /// Starts collecting from the payer.
    fn collect(&self, request: &CollectRequest<'_>) -> Collection;
    /// The current outcome of a collection that was pending.
    fn status(&self, request: &CollectRequest<'_>) -> Collection;
    /// Captures `amount_minor` of an authorisation; the rest is released.
    fn capture(&self, request: &CollectRequest<'_>, amount_minor: i64) -> Result<(), ApiError>;
    /// Voids an authorisation: the payer's funds are released.
    fn void(&self, request: &CollectRequest<'_>) -> Result<(), ApiError>;
    /// Pays `amount_minor` of a captured collection back to the payer:
    /// `Paid` at once, or `Unknown` when the provider never answers (the
    /// refund waits for a member's review).
    fn refund(
        &self,
        request: &CollectRequest<'_>,
        amount_minor: i64,
    ) -> Result<Disbursement, ApiError>;
    /// Sends a payout to its destination.
    fn pay_out(&self, order: &PayoutOrder<'_>) -> Disbursement;
    /// The current outcome of a payout that was pending.
    fn payout_status(&self, order: &PayoutOrder<'_>) -> Disbursement;
}

/// The rail that serves `mode`.
pub fn for_mode(mode: Mode, rail: &str) -> Result<&'static dyn Rail, ApiError> {
    match mode {
        Mode::Test => Ok(&sandbox::Sandbox),
        Mode::Live => Err(ApiError::new(
            Code::RailNotConfigured,
            format!(
                "no live connector is configured for the {rail} rail on this gateway; use a test key for the sandbox"
            ),
        )),
    }
}

/// The rails an intent may use (spec section 4.1 `rails`).
pub const RAILS: &[&str] = &["mobile_money", "card", "bank", "wallet", "qr"];

/// A rail, as request bodies name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RailKind {
    MobileMoney,
    Card,
    Bank,
    Wallet,
    Qr,
}

impl RailKind {
    pub fn as_str(self) -> &'static str {
        match self {
            RailKind::MobileMoney => "mobile_money",
            RailKind::Card => "card",
            RailKind::Bank => "bank",
            RailKind::Wallet => "wallet",
            RailKind::Qr => "qr",
        }
    }
}

/// A mobile-money operator a payer may use (the rail catalogue's operators).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Operator {
    Mpesa,
    Airtel,
    Orange,
    Africell,
    Mtn,
}

impl Operator {
    pub fn as_str(self) -> &'static str {
        match self {
            Operator::Mpesa => "mpesa",
            Operator::Airtel => "airtel",
            Operator::Orange => "orange",
            Operator::Africell => "africell",
            Operator::Mtn => "mtn",
        }
    }
}
