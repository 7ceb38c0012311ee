//! A batch row's mobile-money or bank destination is a single payout's
//! (`payouts::Destination`): the same pure rule decides both, and a row
//! keeps every refusal with its column instead of the first one. Only the
//! cells of the row's own method are read, so a spreadsheet with every
//! column filled is not refused for the other method's cells (a valid row
//! then keeps only the cells it is paid on).

use super::columns::{Cells, Column};
use super::validate::{Payee, PayeeMethod, RowError};
use crate::domain::payouts::Destination;
use crate::domain::payouts::destination::{DestinationInput, Method, Problem, Refusal};

impl Payee for Destination {
    fn check(method: PayeeMethod, cells: &Cells, currency: &str) -> Result<Self, Vec<RowError>> {
        let cell = |column: Column| cells.get(column).map(str::to_string);
        let input = match method {
            PayeeMethod::MobileMoney => DestinationInput {
                operator_id: cell(Column::OperatorId),
                phone: cell(Column::Phone),
                name: cell(Column::Name),
                ..DestinationInput::of(Method::MobileMoney)
            },
            PayeeMethod::Bank => DestinationInput {
                bank_name: cell(Column::BankName),
                account_name: cell(Column::AccountName),
                account_number: cell(Column::AccountNumber),
                country: cell(Column::Country),
                swift: cell(Column::Swift),
                bank_account_id: cell(Column::BankAccountId),
                ..DestinationInput::of(Method::Bank)
            },
        };
        Destination::check(input, currency, "")
            .map_err(|refusals| refusals.into_iter().map(row_error).collect())
    }

    fn write(&self, cells: &mut Cells) {
        let mut put = |column: Column, value: Option<&str>| {
            if let Some(value) = value {
                cells.set(column, value);
            }
        };
        match self {
            Destination::MobileMoney {
                operator_id,
                phone,
                name,
                ..
            } => {
                put(Column::Method, Some("mobile_money"));
                put(Column::OperatorId, Some(operator_id));
                put(Column::Phone, Some(phone));
                put(Column::Name, name.as_deref());
            }
            Destination::Bank {
                bank_name,
                account_name,
                account_number,
                country,
                swift,
            } => {
                put(Column::Method, Some("bank"));
                put(Column::BankName, Some(bank_name));
                put(Column::AccountName, Some(account_name));
                put(Column::AccountNumber, Some(account_number));
                put(Column::Country, Some(country));
                put(Column::Swift, swift.as_deref());
            }
        }
    }

    /// The operator (not its spelling: `mpesa_cd` and `mpesa` are one) and
    /// the phone; the country and the account number (the BIC is optional,
    /// so a row with it and a row without still pay the same account).
    fn duplicate_key(&self) -> String {
        match self {
            Destination::MobileMoney {
                operator, phone, ..
            } => format!("mobile_money|{operator}|{phone}"),
            Destination::Bank {
                country,
                account_number,
                ..
            } => format!("bank|{country}|{account_number}"),
        }
    }
}

/// A refusal as a row error: its column and the batch's code for it.
fn row_error(refusal: Refusal) -> RowError {
    let code = match refusal.problem {
        Problem::Required => "required",
        Problem::Invalid => "invalid",
        Problem::UnknownOperator => "unknown_operator",
        Problem::CurrencyNotSupported => "currency_not_supported",
        Problem::SavedBankAccount => "unsupported",
    };
    RowError::new(Some(refusal.field), code, refusal.message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rows_refusals_carry_the_batchs_codes_and_bare_columns() {
        let mut cells = Cells::default();
        cells.set(Column::OperatorId, "zain");
        cells.set(Column::Phone, "12");
        let refused =
            <Destination as Payee>::check(PayeeMethod::MobileMoney, &cells, "CDF").expect_err("x");
        let found: Vec<(Option<&str>, &str)> = refused.iter().map(|e| (e.field, e.code)).collect();
        assert_eq!(
            found,
            vec![
                (Some("operator_id"), "unknown_operator"),
                (Some("phone"), "invalid")
            ]
        );
    }

    #[test]
    fn a_destination_writes_back_the_cells_it_is_checked_from() {
        let mut cells = Cells::default();
        for (column, value) in [
            (Column::BankName, "Rawbank"),
            (Column::AccountName, "Amani K"),
            (Column::AccountNumber, "CD0012345678"),
            (Column::Country, "CD"),
        ] {
            cells.set(column, value);
        }
        let bank = <Destination as Payee>::check(PayeeMethod::Bank, &cells, "CDF").expect("bank");
        let mut written = Cells::default();
        bank.write(&mut written);
        assert_eq!(written.get(Column::Method), Some("bank"));
        assert_eq!(written.get(Column::Swift), None);
        let again = <Destination as Payee>::check(PayeeMethod::Bank, &written, "CDF");
        assert_eq!(again, Ok(bank));
    }
}
