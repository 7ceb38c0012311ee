//! The double-entry ledger.
//!
//! A [`Posting`] is a list of lines (account, signed amount, currency) that sums
//! to zero per currency. Postings are immutable and append-only; a correction is
//! a new posting. Balances are kept incrementally in the same transaction as the
//! posting, and [`verify`] recomputes every one of them from the journal.
//!
//! Sign convention: a line's amount is the change of that account's balance.
//! Merchant balances (organisations and connected accounts) are what the
//! gateway owes them and never go negative. System accounts stand for the
//! outside world (rail clearing, provider fees, ...) and may go negative: money
//! that came in from a rail leaves `rail_clearing` negative by that amount.
//!
//! A system account is split into per-shard sub-accounts, so that postings
//! of different organisations do not all write one row (`shards.rs`).

mod shards;
pub mod verify;

use crate::error::Missing;
use serde::{Deserialize, Serialize};

use crate::error::{ApiError, Code};
use crate::store::{Read, StoreError, Tx};

pub use shards::{base_account, base_owner};
pub use verify::{VerifyReport, verify};
// Test or live: below the ledger, for the store and auth that come before it.
use crate::mode::Mode;

/// The not-found answer about a transaction.
pub const MISSING_TRANSACTION: Missing = Missing::new(Code::TransactionNotFound, "transaction");

/// Lines one posting may have at most.
pub const POSTING_LINES_MAX: usize = 64;

/// The balance classes of a merchant (spec section 2 and the scope table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Hash, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    Available,
    Pending,
    Reserved,
    SettlementPending,
    Held,
    Disputed,
    Frozen,
    Escrow,
    Suspense,
    /// Paid out and on its way to a destination outside the gateway: still
    /// the merchant's until the rail confirms (a failure returns it).
    InTransit,
}

impl Class {
    pub const ALL: [Class; 10] = [
        Class::Available,
        Class::Pending,
        Class::Reserved,
        Class::SettlementPending,
        Class::Held,
        Class::Disputed,
        Class::Frozen,
        Class::Escrow,
        Class::Suspense,
        Class::InTransit,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Class::Available => "available",
            Class::Pending => "pending",
            Class::Reserved => "reserved",
            Class::SettlementPending => "settlement_pending",
            Class::Held => "held",
            Class::Disputed => "disputed",
            Class::Frozen => "frozen",
            Class::Escrow => "escrow",
            Class::Suspense => "suspense",
            Class::InTransit => "in_transit",
        }
    }
}

/// Accounts of the outside world, per mode and currency.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum System {
    /// Money in flight with a rail (`mobile_money`, `card`, ...).
    RailClearing(&'static str),
    /// What the rails' providers charge.
    ProviderFees,
    /// The gateway operator's own fee income.
    FeeRevenue,
    /// Tax collected on fees, owed to the tax authority.
    TaxPayable,
    /// The platform's book of one currency in conversions: what it bought
    /// (in the source currency) and paid out (in the target), so that each
    /// currency's lines of a conversion still sum to zero.
    FxPosition,
}

impl System {
    fn name(&self) -> String {
        match self {
            System::RailClearing(rail) => format!("rail_clearing.{rail}"),
            System::ProviderFees => "provider_fees".into(),
            System::FeeRevenue => "fee_revenue".into(),
            System::TaxPayable => "tax_payable".into(),
            System::FxPosition => "fx_position".into(),
        }
    }
}

/// Owner ids of system accounts start with this; merchant owners never do.
const SYSTEM_OWNER: &str = "sys.";

/// A ledger account: a merchant's balance of one class, or an account of the
/// outside world. Postings name accounts only through this type; its [`key`]
/// (`<mode>:<owner>:<currency>:<class>`) is how the journal and the balances
/// table store it.
///
/// [`key`]: Account::key
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Account {
    /// What the gateway owes an organisation or a connected account; never negative.
    Merchant {
        mode: Mode,
        owner: String,
        currency: String,
        class: Class,
    },
    /// The outside world; may go negative.
    System {
        mode: Mode,
        system: System,
        currency: String,
    },
}

impl Account {
    /// `test:org_01j..:CDF:pending`, `test:sys.fee_revenue:CDF:system`: a
    /// system account's base key, which a posting sends to a shard
    /// ([`PostingBuilder::post`]) and [`balance`] totals.
    pub fn key(&self) -> String {
        match self {
            Account::Merchant {
                mode,
                owner,
                currency,
                class,
            } => format!("{}:{owner}:{currency}:{}", mode.as_str(), class.as_str()),
            Account::System {
                mode,
                system,
                currency,
            } => format!(
                "{}:{SYSTEM_OWNER}{}:{currency}:system",
                mode.as_str(),
                system.name()
            ),
        }
    }
}

/// A merchant's balance of `class` in `currency`.
pub fn merchant_account(mode: Mode, owner: &str, currency: &str, class: Class) -> Account {
    Account::Merchant {
        mode,
        owner: owner.to_string(),
        currency: currency.to_string(),
        class,
    }
}

/// An account of the outside world in `currency`.
pub fn system_account(mode: Mode, system: System, currency: &str) -> Account {
    Account::System {
        mode,
        system,
        currency: currency.to_string(),
    }
}

/// Whether a stored account key names a system account.
fn is_system(account: &str) -> bool {
    split_key(account).is_some_and(|(_, owner, _, _)| owner.starts_with(SYSTEM_OWNER))
}

/// One currency's balances of an owner, by class, in minor units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CurrencyBalances {
    pub currency: String,
    /// In the order of [`Class::ALL`].
    pub by_class: [i64; Class::ALL.len()],
}

impl CurrencyBalances {
    /// A currency held in no class yet (a wallet enabled but never used).
    pub fn empty(currency: &str) -> CurrencyBalances {
        CurrencyBalances {
            currency: currency.to_string(),
            by_class: [0; Class::ALL.len()],
        }
    }

    pub fn of(&self, class: Class) -> i64 {
        self.by_class[class as usize]
    }
}

/// Every balance `owner` holds in `mode`, one entry per currency it has ever
/// held, sorted by currency: what `GET /balance` shows, and what wallets and
/// statements read.
pub fn balances(
    snapshot: &crate::store::Snapshot,
    mode: Mode,
    owner: &str,
) -> Result<Vec<CurrencyBalances>, StoreError> {
    let prefix = crate::store::keys::balances_prefix(mode, owner);
    let rows = snapshot.scan_balances_rev(&prefix, crate::store::SCAN_ROWS_MAX)?;
    let mut by_currency: std::collections::BTreeMap<String, CurrencyBalances> = Default::default();
    for (account, balance) in rows {
        let Some((_, _, currency, class)) = parse_account(&account) else {
            continue;
        };
        let Some(class) = Class::ALL.into_iter().find(|c| c.as_str() == class) else {
            continue;
        };
        let entry = by_currency
            .entry(currency.to_string())
            .or_insert_with(|| CurrencyBalances {
                currency: currency.to_string(),
                by_class: [0; Class::ALL.len()],
            });
        entry.by_class[class as usize] = balance;
    }
    Ok(by_currency.into_values().collect())
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Line {
    /// Account key `<mode>:<owner>:<currency>:<class>`; a system account's
    /// owner carries its shard (`sys.fee_revenue~07`, the module's doc).
    pub account: String,
    /// Signed change of the account's balance, in minor units.
    pub amount_minor: i64,
    pub currency: String,
}

/// What caused a posting: `payment_intent`, `refund`, `settlement`, ...
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Cause {
    #[schema(value_type = String)]
    pub kind: CauseKind,
    /// The object that caused it (`pi_...`, `re_...`, `dp_...`).
    pub id: String,
}

/// The kinds of [`Cause`], stored (and shown) by their snake_case names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CauseKind {
    /// A payment collected: the rail's money to the merchant's pending balance, fees out.
    PaymentIntent,
    /// A settlement cycle's money (the cause id is the cycle, `sc_...`):
    /// pending to `settlement_pending` at its close, then to available, to a
    /// payout or through a conversion at its pay, or back to pending when it
    /// is under its minimum. (Payments settled one by one before cycles
    /// existed name the payment.)
    Settlement,
    /// A refund's amount set aside in `reserved`.
    RefundReservation,
    /// A refund paid out of `reserved`.
    Refund,
    /// A refused or failed refund's reservation given back.
    RefundRelease,
    /// A dispute's hold, or its release or loss.
    Dispute,
    /// Split shares paid to their recipients.
    SplitPayout,
    /// A split share taken back from its recipient after a refund.
    SplitRecovery,
    /// A verification charged past the free quota.
    Verification,
    /// Money sent from one organisation's wallet to another's, with its fee.
    Transfer,
    /// A payout: its amount to `in_transit` and its fee, or, once the rail
    /// paid it, from `in_transit` to the rail's clearing account.
    Payout,
    /// A failed payout's amount and fee given back to `available`.
    PayoutReturn,
    /// A cross-border route's legs: funding into `escrow`, the exchange
    /// through the FX position, the destination's credit or fee.
    Route,
    /// What a cancelled, expired or failed route gives back.
    RouteReturn,
    /// An approved payout batch's rows and fees set aside in `reserved`.
    PayoutBatchReservation,
    /// What a batch's run did not spend of its reservation, given back.
    PayoutBatchRelease,
    /// A platform's application fee on a connected account's payment: from
    /// the customer's pending to the platform's (the cause id is the intent).
    ApplicationFee,
    /// A settled offline promise: the payer's available balance to the merchant's.
    OfflinePromise,
    /// An invoice collected from the subscriber's wallet: its available
    /// balance to the merchant's pending, fees out.
    Invoice,
    /// An agent run's price (tax included): the organisation's available
    /// balance to fee revenue and tax payable.
    AgentRun,
    /// A national-switch payment credited: the switch's clearing account to
    /// the merchant's available balance.
    SwitchPayment,
    /// A diaspora quote paid: the payer's wallet to the institution's, through
    /// the FX position when the currencies differ, and its fee.
    DiasporaQuote,
    /// A late payment's money out of suspense (the cause id is the late
    /// payment, `lp_...`): to `reserved` while its refund is in flight, then
    /// to the rail's clearing account once paid back, or back to suspense
    /// when refused; or released to available with its fees.
    LatePayment,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Posting {
    pub id: String,
    pub mode: Mode,
    /// The merchant the posting belongs to (who may read it).
    pub owner: String,
    pub cause: Cause,
    /// The payment intent this posting settled or collected, when there is one.
    pub payment_intent: Option<String>,
    pub description: String,
    pub lines: Vec<Line>,
    pub created_at_ms: i64,
}

/// Builds a posting line by line; [`PostingBuilder::post`] checks and applies it.
pub struct PostingBuilder {
    posting: Posting,
}

impl Posting {
    pub fn build(mode: Mode, owner: &str, cause: Cause, description: &str) -> PostingBuilder {
        PostingBuilder {
            posting: Posting {
                id: crate::ids::new_id("txn"),
                mode,
                owner: owner.to_string(),
                cause,
                payment_intent: None,
                description: description.to_string(),
                lines: Vec::new(),
                created_at_ms: 0,
            },
        }
    }

    /// Sums per currency; all zero when the posting balances.
    pub fn imbalance(&self) -> Vec<(String, i128)> {
        let mut sums: std::collections::BTreeMap<&str, i128> = Default::default();
        for line in &self.lines {
            *sums.entry(&line.currency).or_default() += i128::from(line.amount_minor);
        }
        sums.into_iter()
            .filter(|(_, sum)| *sum != 0)
            .map(|(c, s)| (c.to_string(), s))
            .collect()
    }
}

impl PostingBuilder {
    pub fn payment_intent(mut self, id: &str) -> PostingBuilder {
        self.posting.payment_intent = Some(id.to_string());
        self
    }

    /// Moves `amount_minor` from `debit` to `credit` (both in `currency`).
    /// Zero amounts are skipped so that optional fees add no empty lines.
    pub fn transfer(
        mut self,
        debit: Account,
        credit: Account,
        amount_minor: i64,
        currency: &str,
    ) -> PostingBuilder {
        if amount_minor != 0 {
            self.posting.lines.push(Line {
                account: debit.key(),
                amount_minor: -amount_minor,
                currency: currency.to_string(),
            });
            self.posting.lines.push(Line {
                account: credit.key(),
                amount_minor,
                currency: currency.to_string(),
            });
        }
        self
    }

    /// Checks the posting and applies it: journal entry and balances, in `tx`.
    /// Its system lines go to the shard of its owner (the module's doc).
    /// Returns the posting id.
    pub fn post(mut self, tx: &mut Tx<'_>) -> Result<String, ApiError> {
        self.posting.created_at_ms = tx.now_ms();
        shards::send_system_lines(&mut self.posting);
        apply(tx, &self.posting)?;
        Ok(self.posting.id)
    }
}

/// Applies a posting. An unbalanced posting is a programmer error: it is
/// refused (the command fails, nothing is written) and logged loudly.
fn apply(tx: &mut Tx<'_>, posting: &Posting) -> Result<(), ApiError> {
    let imbalance = posting.imbalance();
    if !imbalance.is_empty() || posting.lines.len() > POSTING_LINES_MAX {
        return Err(ApiError::internal(format!(
            "refused posting {} ({:?}): imbalance {imbalance:?}, {} lines",
            posting.id,
            posting.cause,
            posting.lines.len()
        )));
    }
    for line in &posting.lines {
        let before = stored_balance(tx, &line.account)?;
        let after = before
            .checked_add(line.amount_minor)
            .ok_or_else(|| ApiError::internal(format!("balance overflow on {}", line.account)))?;
        if after < 0 && !is_system(&line.account) {
            // Not what the balance holds: the ledger does not know who asks,
            // and only a reader of balances may learn it (finding 10).
            return Err(ApiError::new(
                Code::InsufficientFunds,
                format!(
                    "balance {} cannot cover {} minor {}",
                    account_label(&line.account),
                    line.amount_minor.saturating_neg(),
                    line.currency
                ),
            ));
        }
        tx.put_balance(line.account.clone(), after);
    }
    tx.put_posting(posting.id.clone(), posting)?;
    Ok(())
}

/// How an `insufficient_funds` message speaks of the balance `what` (`the
/// available CDF balance`) that holds `have`: with the amount to a caller who
/// may read balances (`balance:read`), else only that it holds less, so a key
/// without that scope cannot read the balance from a refusal (security review
/// finding 10). `None` is the gateway acting on its own, answering no one.
pub fn held(reader: Option<&crate::auth::Principal>, what: &str, have: i64) -> String {
    match reader {
        Some(reader) if reader.may("balance:read") => format!("{what} holds {have} minor units"),
        _ => format!("{what} holds less"),
    }
}

/// `org_x available CDF` for messages (mode omitted).
fn account_label(account: &str) -> String {
    let parts: Vec<&str> = account.split(':').collect();
    match parts.as_slice() {
        [_, owner, currency, class] => format!("{owner} {class} {currency}"),
        _ => account.to_string(),
    }
}

/// The balance of `account` as `read` (a command's `Tx` or a snapshot) sees
/// it: a merchant's one row; a system account's total over its shards and
/// its unsharded row (a store written before the split).
pub fn balance(read: &impl Read, account: &Account) -> Result<i64, StoreError> {
    let key = account.key();
    if matches!(account, Account::System { .. }) {
        return shards::total(read, &key);
    }
    stored_balance(read, &key)
}

fn stored_balance(read: &impl Read, key: &str) -> Result<i64, StoreError> {
    Ok(read.balance(key)?.unwrap_or(0))
}

/// Splits an account key into `(mode, owner, currency, class)`, the owner by
/// its base name (a system account's shard dropped: [`base_owner`]), as a
/// person or a client reads it.
pub fn parse_account(account: &str) -> Option<(&str, &str, &str, &str)> {
    let (mode, owner, currency, class) = split_key(account)?;
    Some((mode, base_owner(owner), currency, class))
}

/// Splits an account key into its four stored parts, the owner as stored.
fn split_key(account: &str) -> Option<(&str, &str, &str, &str)> {
    let mut parts = account.splitn(4, ':');
    Some((parts.next()?, parts.next()?, parts.next()?, parts.next()?))
}

#[cfg(test)]
mod tests;
