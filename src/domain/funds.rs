//! Postings that move one merchant's money between its own balances, for
//! one payment in one currency: a refund's reservation and its release, a
//! dispute's hold. Nothing leaves the merchant, so every line is a
//! `merchant_account` of the same owner; the ledger still checks the sum.

use crate::error::ApiError;
use crate::ledger::{self, Cause, CauseKind, Class, Posting};
use crate::mode::Mode;
use crate::store::Tx;

/// Whose money, for which payment, and why.
pub struct Shift<'a> {
    pub mode: Mode,
    pub owner: &'a str,
    pub currency: &'a str,
    pub payment_intent: &'a str,
    pub cause: CauseKind,
    /// The object that caused it (`re_...`, `dp_...`).
    pub cause_id: &'a str,
    pub description: String,
}

impl Shift<'_> {
    /// Moves each `(class, amount)` of `sources` into `target`, in that
    /// order (the journal keeps the order). Returns the posting id.
    pub fn gather(
        self,
        tx: &mut Tx<'_>,
        sources: &[(Class, i64)],
        target: Class,
    ) -> Result<String, ApiError> {
        let moves = sources
            .iter()
            .map(|&(source, amount_minor)| (source, target, amount_minor));
        self.post(tx, moves)
    }

    /// Moves `source` out into each `(class, amount)` of `targets`, in that
    /// order. Returns the posting id.
    pub fn spread(
        self,
        tx: &mut Tx<'_>,
        source: Class,
        targets: &[(Class, i64)],
    ) -> Result<String, ApiError> {
        let moves = targets
            .iter()
            .map(|&(target, amount_minor)| (source, target, amount_minor));
        self.post(tx, moves)
    }

    fn post(
        self,
        tx: &mut Tx<'_>,
        moves: impl Iterator<Item = (Class, Class, i64)>,
    ) -> Result<String, ApiError> {
        let account = |class| ledger::merchant_account(self.mode, self.owner, self.currency, class);
        let cause = Cause {
            kind: self.cause,
            id: self.cause_id.to_string(),
        };
        let mut posting = Posting::build(self.mode, self.owner, cause, &self.description)
            .payment_intent(self.payment_intent);
        for (debit, credit, amount_minor) in moves {
            posting =
                posting.transfer(account(debit), account(credit), amount_minor, self.currency);
        }
        posting.post(tx)
    }
}
