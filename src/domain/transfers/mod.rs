//! Wallet-to-wallet transfers (spec section 4.5): money moves from the
//! caller's available balance to another organisation's of this gateway, in
//! one balanced posting made by the writer, with the fee on top for the
//! sender (origin section 19: 75 bps). Limits per transfer and per day are
//! checked inside the same command, so two concurrent transfers cannot both
//! pass a daily limit. A transfer is done when it is answered: `SUCCEEDED`.

mod view;

use crate::domain::resource::Kind;
use serde::{Deserialize, Serialize};

pub use self::view::{TransferView, view};

use super::accounts;
use super::org::{self, Organisation};
use super::resource::{self, Party};
use crate::auth::Principal;
use crate::domain::events;
use crate::error::{ApiError, Code, Missing};
use crate::events::EventType;
use crate::ledger::{self, Cause, CauseKind, Class, Posting, System};
use crate::mode::Mode;
use crate::store::keys::{self, Family};
use crate::store::{Read, Tx};

/// The sender's fee, in basis points of the amount, on top (origin section 19).
pub const FEE_BPS: i64 = 75;
/// Bounds of one transfer, in minor units (origin: 100 to 1,000,000 base minor).
pub const AMOUNT_MIN_MINOR: i64 = 100;
/// Default limits of an organisation's transfers, per currency, in minor units.
pub const PER_TRANSFER_LIMIT_MINOR: i64 = 100_000_000;
pub const DAILY_LIMIT_MINOR: i64 = 500_000_000;
const NOTE_CHARS_MAX: usize = 200;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = TransferStatus)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Status {
    Succeeded,
}

/// `tr_...`: transfers, `transfer_not_found` when absent or another's.
pub const TRANSFER: Kind = Kind::new(
    Family::new("tr"),
    Missing::new(Code::TransferNotFound, "transfer"),
);

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Transfer {
    pub id: String,
    pub mode: Mode,
    /// The sender.
    pub owner: String,
    pub recipient: String,
    pub amount_minor: i64,
    pub fee_minor: i64,
    pub currency: String,
    /// What the recipient got, in `received_currency` (the amount, unless
    /// converted by an FX quote).
    #[serde(default)]
    pub received_minor: i64,
    #[serde(default)]
    pub received_currency: String,
    #[serde(default)]
    pub quote_id: Option<String>,
    pub note: Option<String>,
    pub status: Status,
    pub transaction: String,
    pub created_at_ms: i64,
}

/// A transfer is between two parties: its sender owns it, its recipient is
/// its counterparty.
impl crate::domain::resource::Owned for Transfer {
    fn id(&self) -> &str {
        &self.id
    }
    fn mode(&self) -> crate::mode::Mode {
        self.mode
    }
    fn owner(&self) -> &str {
        &self.owner
    }
    fn counterparty(&self) -> Option<&str> {
        Some(&self.recipient)
    }
}

#[derive(Clone)]
pub struct NewTransfer {
    pub to: String,
    pub amount_minor: i64,
    pub currency: String,
    pub note: Option<String>,
    /// An FX quote (`fxq_...`) of this amount and currency: the recipient
    /// gets its `recipient_amount_minor` in its target currency.
    pub quote_id: Option<String>,
    /// The sender's class the amount and fee come from: `available`, or for
    /// a payout batch's `wallet` row the `reserved` its approval set aside.
    pub funded_from: Class,
}

/// The fee of a transfer of `amount_minor`: 75 bps, rounded half up, at
/// least one minor unit (a transfer is never free of its cost to carry).
pub fn fee_minor(amount_minor: i64) -> i64 {
    let exact = i128::from(amount_minor) * i128::from(FEE_BPS);
    i64::try_from((exact + 5_000) / 10_000)
        .unwrap_or(i64::MAX)
        .max(1)
}

/// `POST /transfers`: checks, in the origin's order, the recipient, the
/// currency, the limits, then posts amount and fee from the sender's
/// available balance; a balance short of both is 422 `insufficient_funds`
/// and nothing moves.
pub fn create(
    tx: &mut Tx<'_>,
    principal: &Principal,
    new: NewTransfer,
) -> Result<Transfer, ApiError> {
    let recipient = recipient(tx, principal, &new.to)?;
    let currency = super::currency::parse("currency", &new.currency)?
        .code
        .to_string();
    check_amount(new.amount_minor)?;
    let note = super::fields::text("note", new.note, NOTE_CHARS_MAX)?;
    let (mode, sender) = (principal.mode, principal.owner().to_string());
    check_limits(tx, mode, &sender, &currency, new.amount_minor)?;
    let quote = match &new.quote_id {
        Some(quote_id) => Some(take_quote(
            tx,
            principal,
            quote_id,
            &currency,
            new.amount_minor,
        )?),
        None => None,
    };
    let mut transfer = Transfer {
        id: TRANSFER.new_id(),
        mode,
        owner: sender,
        recipient: recipient.id,
        amount_minor: new.amount_minor,
        fee_minor: fee_minor(new.amount_minor),
        currency,
        // Set by the posting below.
        received_minor: 0,
        received_currency: String::new(),
        quote_id: new.quote_id,
        note,
        status: Status::Succeeded,
        transaction: String::new(),
        created_at_ms: tx.now_ms(),
    };
    let (posting, received_minor, received_currency) =
        posting(&transfer, new.funded_from, quote.as_ref());
    transfer.transaction = posting.post(tx)?;
    transfer.received_minor = received_minor;
    transfer.received_currency = received_currency;
    record(tx, &transfer)?;
    Ok(transfer)
}

/// At least [`AMOUNT_MIN_MINOR`].
fn check_amount(amount_minor: i64) -> Result<(), ApiError> {
    if amount_minor < AMOUNT_MIN_MINOR {
        return Err(ApiError::new(
            Code::InvalidAmount,
            format!("amount_minor must be at least {AMOUNT_MIN_MINOR} (got {amount_minor})"),
        )
        .with_param("amount_minor"));
    }
    Ok(())
}

/// The posting of `transfer` from the sender's `funded_from` balance: the
/// fee to the platform, the amount to the recipient (converted by `quote`
/// when it names one), and what the recipient receives, in which currency.
fn posting(
    transfer: &Transfer,
    funded_from: Class,
    quote: Option<&super::fx::Quote>,
) -> (ledger::PostingBuilder, i64, String) {
    let (mode, id, currency) = (transfer.mode, &transfer.id, &transfer.currency);
    let from = ledger::merchant_account(mode, &transfer.owner, currency, funded_from);
    let fees = ledger::system_account(mode, System::FeeRevenue, currency);
    let posting = Posting::build(
        mode,
        &transfer.owner,
        Cause {
            kind: CauseKind::Transfer,
            id: id.clone(),
        },
        &format!("transfer {id} to {}", transfer.recipient),
    )
    .transfer(from.clone(), fees.clone(), transfer.fee_minor, currency);
    match quote {
        // The conversion goes through the platform's FX position in each
        // currency, so each currency's lines sum to zero (docs/fx.md).
        Some(q) => {
            let to = ledger::merchant_account(
                mode,
                &transfer.recipient,
                &q.target_currency,
                Class::Available,
            );
            let posting = posting
                .transfer(from.clone(), fees, q.fee_minor, currency)
                .transfer(
                    from,
                    ledger::system_account(mode, System::FxPosition, currency),
                    q.amount_minor - q.fee_minor,
                    currency,
                )
                .transfer(
                    ledger::system_account(mode, System::FxPosition, &q.target_currency),
                    to,
                    q.recipient_amount_minor,
                    &q.target_currency,
                );
            (posting, q.recipient_amount_minor, q.target_currency.clone())
        }
        None => {
            let to =
                ledger::merchant_account(mode, &transfer.recipient, currency, Class::Available);
            let posting = posting.transfer(from, to, transfer.amount_minor, currency);
            (posting, transfer.amount_minor, currency.clone())
        }
    }
}

/// Stores `transfer` in both parties' lists and tells both.
fn record(tx: &mut Tx<'_>, transfer: &Transfer) -> Result<(), ApiError> {
    resource::insert(tx, TRANSFER.family, transfer)?;
    // The recipient lists it too.
    tx.put_index(
        keys::owned(
            TRANSFER.family,
            transfer.mode,
            &transfer.recipient,
            &transfer.id,
        ),
        Vec::new(),
    );
    for event_type in [EventType::TransferCreated, EventType::TransferSucceeded] {
        for side in [&transfer.owner, &transfer.recipient] {
            events::emit_view(tx, event_type, transfer.mode, side, &view(transfer, side))?;
        }
    }
    Ok(())
}

/// The FX quote a transfer names: of the transfer's currency and amount,
/// honoured once and before it expires (`fx::take_quote`).
fn take_quote(
    tx: &mut Tx<'_>,
    principal: &Principal,
    quote_id: &str,
    currency: &str,
    amount_minor: i64,
) -> Result<super::fx::Quote, ApiError> {
    let target = super::fx::read(tx, principal, quote_id)
        .map_err(|e| e.with_param("quote_id"))?
        .target_currency;
    let quote = super::fx::take_quote(tx, principal, quote_id, currency, &target)?;
    if quote.amount_minor != amount_minor {
        return Err(ApiError::field(
            "quote_id",
            format!(
                "the quote {quote_id} is for {} {currency}, not {amount_minor}",
                quote.amount_minor
            ),
        ));
    }
    Ok(quote)
}

/// The organisation `to` names (id, `@tag`, phone, e-mail): another active
/// organisation of this gateway.
pub(crate) fn recipient(
    read: &impl Read,
    principal: &Principal,
    to: &str,
) -> Result<Organisation, ApiError> {
    let to = to.trim();
    if !(2..=80).contains(&to.len()) {
        return Err(ApiError::field(
            "to",
            "to must be 2 to 80 characters: an organisation id, @tag, phone or e-mail",
        ));
    }
    let found = if to.starts_with("acct_") {
        connected_organisation(read, principal, to)?
    } else {
        org::find_by_handle(read, to)?
    };
    let found = found.ok_or_else(|| {
        ApiError::new(
            Code::RecipientNotFound,
            format!("no organisation of this gateway is {to:?}"),
        )
        .with_param("to")
    })?;
    if found.id == principal.owner() {
        return Err(
            ApiError::new(Code::SelfTransfer, "a transfer to yourself moves nothing")
                .with_param("to"),
        );
    }
    if !found.admits(org::state::Trigger::Receive) {
        return Err(ApiError::new(
            Code::RecipientInactive,
            format!("{to} is disabled and cannot receive money"),
        )
        .with_param("to"));
    }
    Ok(found)
}

/// The organisation of connected account `id`, for the platform that acts
/// for it: `acct_` is the platform's name for its customer. For anyone else,
/// and for an account detached from its platform, it names nothing, with the
/// answer of an unknown id (a customer is reached by its own id or handles).
fn connected_organisation(
    read: &impl Read,
    principal: &Principal,
    id: &str,
) -> Result<Option<Organisation>, ApiError> {
    let account = match accounts::read(read, principal, id) {
        Ok(account) => account,
        Err(error) if error.code == Code::AccountNotFound => return Ok(None),
        Err(error) => return Err(error),
    };
    if !account.connected() {
        return Ok(None);
    }
    org::get(read, &account.organisation)
}

/// Per-transfer and daily limits, counted in the writer (the day follows the
/// sandbox's test clock).
fn check_limits(
    tx: &mut Tx<'_>,
    mode: Mode,
    owner: &str,
    currency: &str,
    amount_minor: i64,
) -> Result<(), ApiError> {
    let policy = org::get(tx, owner)?;
    let per_transfer = policy
        .as_ref()
        .and_then(|o| o.transfer_limit_minor)
        .unwrap_or(PER_TRANSFER_LIMIT_MINOR);
    let daily = policy
        .as_ref()
        .and_then(|o| o.daily_transfer_limit_minor)
        .unwrap_or(DAILY_LIMIT_MINOR);
    if amount_minor > per_transfer {
        return Err(ApiError::new(
            Code::LimitExceeded,
            format!("one transfer may move at most {per_transfer} {currency} minor units"),
        )
        .with_param("amount_minor"));
    }
    let day = tx.now_ms().div_euclid(86_400_000);
    let key = keys::transfer_day(mode, owner, currency, day);
    let sent = tx.index_count(&key)?.unwrap_or(0);
    if sent + amount_minor > daily {
        return Err(ApiError::new(
            Code::DailyLimitExceeded,
            format!("transfers of {currency} are limited to {daily} minor units a day; {sent} sent today"),
        )
        .with_param("amount_minor"));
    }
    tx.put_index_count(key, sent + amount_minor);
    Ok(())
}

/// The transfer `id`, for its sender or its recipient.
pub fn read(read: &impl Read, principal: &Principal, id: &str) -> Result<Transfer, ApiError> {
    let either = Party::OwnerOrCounterparty;
    resource::find_for(read, principal, either, id, &TRANSFER)
}
