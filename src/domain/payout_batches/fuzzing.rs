//! The properties of the batch CSV parser that hold for every input, checked
//! by the cargo-fuzz target `fuzz/fuzz_targets/payout_batch_csv.rs` (which
//! includes this file and its siblings as they are) and, in `cargo test`,
//! by a bounded seeded run over mutated inputs (`tests` below).
//!
//! For any text: reading never panics; a read batch has 1 to `ROWS_MAX`
//! rows numbered 1.. in order, on strictly increasing lines after the
//! header; every row validates without panicking, a valid one to an amount
//! within bounds that reads back from its normalised cell; and the export of
//! the rows reads back to the same cells (the formula guard round-trips).

use super::amount::{self, AMOUNT_MINOR_MAX};
use super::columns::Cells;
use super::csv_rows::{self, ROWS_MAX, RawRow};
use super::export::{self, ExportRow};
use super::validate::{self, Payee, Rules};

/// Checks every property on `text`, for a currency of `exponent` decimals,
/// with `P` deciding mobile-money and bank destinations (the gateway's
/// `payouts::Destination` in the suite; a stand-in in the fuzz target, which
/// links nothing of the gateway); panics on a violation.
pub fn check<P: Payee>(text: &str, exponent: u32) {
    let mut raws: Vec<RawRow> = Vec::new();
    let Ok(count) = csv_rows::read(text, |r| raws.push(r)) else {
        return;
    };
    assert!((1..=ROWS_MAX).contains(&count) && count == raws.len());
    let mut previous_line = 1;
    for (i, raw) in raws.iter().enumerate() {
        assert_eq!(raw.row as usize, i + 1);
        assert!(
            raw.line > previous_line,
            "line {} after {previous_line} in {text:?}",
            raw.line
        );
        previous_line = raw.line;
    }
    let rules = Rules {
        currency: "CDF",
        exponent,
        amount_minor_min: 1,
    };
    let mut duplicates = validate::Duplicates::default();
    for raw in &raws {
        let mut checked = validate::check_row::<P>(raw.clone(), &rules);
        duplicates.check(&mut checked);
        match &checked.outcome {
            Ok(valid) => {
                assert!((1..=AMOUNT_MINOR_MAX).contains(&valid.amount_minor));
                let cell = checked.cells.get(super::columns::Column::Amount);
                let back = cell.map(|c| amount::parse_major(c, exponent));
                assert_eq!(back, Some(Ok(valid.amount_minor)));
            }
            Err(errors) => assert!(!errors.is_empty()),
        }
    }
    let cells: Vec<Cells> = raws.iter().map(|r| r.cells.clone()).collect();
    let rows = cells.iter().map(|c| ExportRow {
        line: 0,
        status: "VALID",
        cells: c,
        errors: String::new(),
    });
    let bytes = export::write(rows).expect("an export is written");
    let exported = String::from_utf8(bytes).expect("an export is UTF-8");
    let mut back = Vec::new();
    csv_rows::read(&exported, |r| back.push(r.cells)).expect("an export reads back");
    assert_eq!(back, cells, "the export reads back to the same cells");
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    /// The stable stand-in for the cargo-fuzz target: 20 000 seeded mutations
    /// of well-formed batches (so a failure reproduces), every property checked.
    #[test]
    fn the_csv_parser_keeps_its_properties_on_20k_mutated_inputs() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(0x9b_a7c5);
        let seeds = [
            "method,amount,operator_id,phone,name,reference\n\
             mobile_money,12.50,mpesa,+243812345678,Amani,R1\n\
             mobile_money,3,airtel,243812345679,\"Kabila, A\",\"'=x\"\n",
            "\u{feff}Method,Amount,Bank_Name,Account_Name,Account_Number,Country,Swift\r\n\
             bank,1.5,Equity,Amani K,CD0012345678,CD,EQBLCDKI\r\n\r\n\
             bank,\"2\",\"A \"\"B\"\"\",x,12-34,cd,eqblcdkixxx\r\n",
            "method,amount,wallet,,line,status,errors\nwallet,7,@beta,,2,VALID,\nwallet,0.001,x,,,,\n",
        ];
        let alphabet: Vec<char> = ",\"\r\n'=+-@\t .0123456789aZé\u{feff}".chars().collect();
        for n in 0..20_000u32 {
            let seed = seeds[n as usize % seeds.len()];
            let input = crate::fuzz::mutate(&mut rng, seed, 1..8, &alphabet);
            super::check::<crate::domain::payouts::Destination>(&input, [0, 2, 3][n as usize % 3]);
        }
    }
}
