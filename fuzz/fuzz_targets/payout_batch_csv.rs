//! Fuzzes the payout batch CSV parser: no input may panic, and every
//! property of `src/domain/payout_batches/fuzzing.rs` holds (rows numbered in
//! order on increasing lines, amounts exact and bounded, the export reading
//! back to the same cells).
//!
//! The parser's modules depend on nothing of the gateway but each other, the
//! `csv` crate and serde, so their sources are included as they are (the
//! gateway is a binary crate without a library to link against). The
//! suite's bounded run of the same properties is
//! `fuzzing::tests::the_csv_parser_keeps_its_properties_on_20k_mutated_inputs`.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../src/domain/payout_batches/amount.rs"]
#[allow(dead_code)]
mod amount;
#[path = "../../src/domain/payout_batches/columns.rs"]
#[allow(dead_code)]
mod columns;
#[path = "../../src/domain/payout_batches/csv_rows.rs"]
#[allow(dead_code)]
mod csv_rows;
#[path = "../../src/domain/payout_batches/export.rs"]
#[allow(dead_code)]
mod export;
#[path = "../../src/domain/payout_batches/fuzzing.rs"]
mod fuzzing;
#[path = "../../src/domain/payout_batches/validate.rs"]
#[allow(dead_code)]
mod validate;

/// The fuzz target links nothing of the gateway, so the single payout's
/// destination rule (`payouts::Destination`) is stood in for: a mobile-money
/// row needs a phone, a bank row an account number, both kept as sent.
#[derive(Debug, Clone, PartialEq)]
struct StandIn(&'static str, String);

impl validate::Payee for StandIn {
    fn check(
        method: validate::PayeeMethod,
        cells: &columns::Cells,
        _currency: &str,
    ) -> Result<Self, Vec<validate::RowError>> {
        let (name, column) = match method {
            validate::PayeeMethod::MobileMoney => ("mobile_money", columns::Column::Phone),
            validate::PayeeMethod::Bank => ("bank", columns::Column::AccountNumber),
        };
        match cells.get(column) {
            Some(value) => Ok(StandIn(name, value.to_string())),
            None => Err(vec![validate::RowError::new(
                Some(column.name()),
                "required",
                format!("{} is required", column.name()),
            )]),
        }
    }

    fn write(&self, cells: &mut columns::Cells) {
        cells.set(columns::Column::Method, self.0);
        let column = match self.0 {
            "bank" => columns::Column::AccountNumber,
            _ => columns::Column::Phone,
        };
        cells.set(column, &self.1);
    }

    fn duplicate_key(&self) -> String {
        format!("{}|{}", self.0, self.1)
    }
}

fuzz_target!(|data: &[u8]| {
    // The first byte picks the currency's decimals (0, 2 or 3); the rest is the CSV.
    let Some((first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    fuzzing::check::<StandIn>(text, [0, 2, 3][usize::from(*first) % 3]);
});
