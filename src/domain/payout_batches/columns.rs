//! The columns of a payout batch, as the origin's CSV has them (origin
//! behaviour section 12), in its order: one catalogue that the CSV header,
//! the JSON rows, the export and `GET /payouts/batches/columns` all read.
//!
//! Pure: no store, no HTTP, only `std` and `serde` (the fuzz target
//! `fuzz/fuzz_targets/payout_batch_csv.rs` includes this file as it is).

use serde::{Deserialize, Serialize};

/// One column of a batch row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    Method,
    Amount,
    Wallet,
    OperatorId,
    Phone,
    Name,
    BankName,
    AccountName,
    AccountNumber,
    Country,
    Swift,
    BankAccountId,
    Reference,
}

/// When a column must be filled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Required {
    /// On every row.
    Always,
    /// On rows of this method.
    For(&'static str),
    /// On `bank` rows that name no saved account (`bank_account_id`).
    ForBankDetails,
    Optional,
}

/// The payout methods a row may name.
pub const METHODS: [&str; 3] = ["mobile_money", "bank", "wallet"];

impl Column {
    /// In the origin's order: the CSV export writes them so.
    pub const ALL: [Column; 13] = [
        Column::Method,
        Column::Amount,
        Column::Wallet,
        Column::OperatorId,
        Column::Phone,
        Column::Name,
        Column::BankName,
        Column::AccountName,
        Column::AccountNumber,
        Column::Country,
        Column::Swift,
        Column::BankAccountId,
        Column::Reference,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Column::Method => "method",
            Column::Amount => "amount",
            Column::Wallet => "wallet",
            Column::OperatorId => "operator_id",
            Column::Phone => "phone",
            Column::Name => "name",
            Column::BankName => "bank_name",
            Column::AccountName => "account_name",
            Column::AccountNumber => "account_number",
            Column::Country => "country",
            Column::Swift => "swift",
            Column::BankAccountId => "bank_account_id",
            Column::Reference => "reference",
        }
    }

    /// The column a CSV header cell names: trimmed, any case.
    pub fn named(header: &str) -> Option<Column> {
        let header = header.trim();
        Column::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(header))
    }

    pub fn required(self) -> Required {
        match self {
            Column::Method | Column::Amount => Required::Always,
            Column::Wallet => Required::For("wallet"),
            Column::OperatorId | Column::Phone => Required::For("mobile_money"),
            Column::BankName | Column::AccountName | Column::AccountNumber | Column::Country => {
                Required::ForBankDetails
            }
            // Optional for a single payout too (one destination rule).
            Column::Name | Column::Swift | Column::BankAccountId | Column::Reference => {
                Required::Optional
            }
        }
    }

    /// For a person reading `GET /payouts/batches/columns`.
    pub fn description(self) -> &'static str {
        match self {
            Column::Method => "mobile_money, bank or wallet.",
            Column::Amount => {
                "In MAJOR units of the batch's currency, at most as many decimals as the currency has \
                 (12.50 in CDF; 12.345 is refused), no sign, no thousands separator."
            }
            Column::Wallet => {
                "method wallet: the receiving organisation of this gateway (org_..., @tag, phone or e-mail)."
            }
            Column::OperatorId => {
                "method mobile_money: the operator paying out in the batch's currency, bare (mpesa, airtel, orange, \
                 africell, mtn) or in its country (mpesa_cd), as for a single payout."
            }
            Column::Phone => {
                "method mobile_money: the recipient's number, E.164 with or without its + (+243812345678)."
            }
            Column::Name => {
                "method mobile_money, optional: the recipient's name, 2 to 120 characters."
            }
            Column::BankName => "method bank: the bank's name, 2 to 120 characters.",
            Column::AccountName => "method bank: the account holder, 2 to 120 characters.",
            Column::AccountNumber => {
                "method bank: 4 to 34 letters and digits (an IBAN or a local number; spaces and hyphens are dropped)."
            }
            Column::Country => "method bank: the bank's country, ISO 3166-1 alpha-2 (CD).",
            Column::Swift => {
                "method bank, optional: the bank's BIC, 8 or 11 characters (EQBLCDKI)."
            }
            Column::BankAccountId => {
                "method bank: a saved bank account. This gateway keeps none yet, so such a row is INVALID: \
                 give the bank details instead."
            }
            Column::Reference => {
                "Optional, at most 100 characters: yours, shown on the row; two rows with the same destination, \
                 amount and reference are duplicates."
            }
        }
    }

    pub fn example(self) -> &'static str {
        match self {
            Column::Method => "mobile_money",
            Column::Amount => "1500.50",
            Column::Wallet => "@beta",
            Column::OperatorId => "mpesa",
            Column::Phone => "+243812345678",
            Column::Name => "Amani Kabila",
            Column::BankName => "Equity BCDC",
            Column::AccountName => "Amani Kabila",
            Column::AccountNumber => "CD0001234567890123",
            Column::Country => "CD",
            Column::Swift => "EQBLCDKI",
            Column::BankAccountId => "",
            Column::Reference => "SAL-2026-07-001",
        }
    }
}

/// The cells of one row, by column, as sent (trimmed; an empty cell is
/// `None`), or as normalised once the row is valid (`+` on a phone, upper
/// case on a BIC). Stored with the row and written back by the export.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cells {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wallet: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operator_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account_number: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub swift: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_account_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
}

impl Cells {
    pub fn get(&self, column: Column) -> Option<&str> {
        self.slot(column).as_deref()
    }

    /// Sets a cell from its text: trimmed, and empty means absent.
    pub fn set(&mut self, column: Column, value: &str) {
        let value = value.trim();
        *self.slot_mut(column) = (!value.is_empty()).then(|| value.to_string());
    }

    /// Each cell cut to at most `max_chars` characters (what is kept of an
    /// invalid row, whose cells were never bounded by validation).
    pub fn truncated(mut self, max_chars: usize) -> Cells {
        for column in Column::ALL {
            if let Some(value) = self.slot_mut(column)
                && let Some((cut, _)) = value.char_indices().nth(max_chars)
            {
                value.truncate(cut);
            }
        }
        self
    }

    pub fn is_blank(&self) -> bool {
        Column::ALL.iter().all(|c| self.get(*c).is_none())
    }

    fn slot(&self, column: Column) -> &Option<String> {
        match column {
            Column::Method => &self.method,
            Column::Amount => &self.amount,
            Column::Wallet => &self.wallet,
            Column::OperatorId => &self.operator_id,
            Column::Phone => &self.phone,
            Column::Name => &self.name,
            Column::BankName => &self.bank_name,
            Column::AccountName => &self.account_name,
            Column::AccountNumber => &self.account_number,
            Column::Country => &self.country,
            Column::Swift => &self.swift,
            Column::BankAccountId => &self.bank_account_id,
            Column::Reference => &self.reference,
        }
    }

    fn slot_mut(&mut self, column: Column) -> &mut Option<String> {
        match column {
            Column::Method => &mut self.method,
            Column::Amount => &mut self.amount,
            Column::Wallet => &mut self.wallet,
            Column::OperatorId => &mut self.operator_id,
            Column::Phone => &mut self.phone,
            Column::Name => &mut self.name,
            Column::BankName => &mut self.bank_name,
            Column::AccountName => &mut self.account_name,
            Column::AccountNumber => &mut self.account_number,
            Column::Country => &mut self.country,
            Column::Swift => &mut self.swift,
            Column::BankAccountId => &mut self.bank_account_id,
            Column::Reference => &mut self.reference,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_column_is_named_once_and_found_by_its_name_in_any_case() {
        for column in Column::ALL {
            assert_eq!(Column::named(column.name()), Some(column));
            assert_eq!(
                Column::named(&format!(" {} ", column.name().to_uppercase())),
                Some(column)
            );
            assert!(!column.description().is_empty());
        }
        assert_eq!(Column::named("currency"), None);
        let names: std::collections::BTreeSet<_> = Column::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(names.len(), Column::ALL.len());
    }

    #[test]
    fn cells_are_trimmed_and_empty_means_absent() {
        let mut cells = Cells::default();
        cells.set(Column::Phone, "  +243812345678 ");
        cells.set(Column::Name, "   ");
        assert_eq!(cells.get(Column::Phone), Some("+243812345678"));
        assert_eq!(cells.get(Column::Name), None);
        assert!(!cells.is_blank());
        assert!(Cells::default().is_blank());
        cells.set(Column::Name, &"é".repeat(300));
        let cut = cells.truncated(200);
        assert_eq!(cut.get(Column::Name).map(|n| n.chars().count()), Some(200));
        assert_eq!(cut.get(Column::Phone), Some("+243812345678"));
    }
}
