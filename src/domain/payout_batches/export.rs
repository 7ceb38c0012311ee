//! The CSV export of a batch's rows (`GET /payouts/batches/{id}?format=csv`),
//! written through the `csv` crate so quoting is never done by hand.
//!
//! Formula injection: a spreadsheet runs a cell that starts with `=`, `+`,
//! `-`, `@`, a tab or a CR as a formula, and a batch's cells are whatever its
//! author (or the author's data source) typed. Every such cell is written
//! with a `'` before it, which spreadsheets show as text (OWASP's advice);
//! the batch reader removes that `'` again (`unescape_formula`), so an
//! exported batch uploads unchanged. Numbers lose nothing: a phone's `+` is
//! kept behind the `'`.
//!
//! Pure: only `std` and the `csv` crate (the fuzz target includes this file).

use std::borrow::Cow;

use super::columns::{Cells, Column};

/// The first characters that make a spreadsheet cell a formula.
pub const FORMULA_PREFIXES: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// The export's columns after the row's own: where it was, what became of it.
pub const EXTRA_COLUMNS: [&str; 3] = ["line", "status", "errors"];

/// `cell` as safe text for a spreadsheet.
pub fn neutralise(cell: &str) -> Cow<'_, str> {
    if cell.starts_with(FORMULA_PREFIXES) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// The inverse of [`neutralise`] for the batch reader.
pub fn unescape_formula(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(FORMULA_PREFIXES) => rest,
        _ => cell,
    }
}

/// One row of the export.
pub struct ExportRow<'a> {
    pub line: u64,
    pub status: &'a str,
    pub cells: &'a Cells,
    /// The row's errors, joined.
    pub errors: String,
}

/// The CSV of `rows`: a UTF-8 byte-order mark (so spreadsheets read UTF-8),
/// the header, then one CRLF-ended record per row, every cell neutralised.
pub fn write<'a>(rows: impl IntoIterator<Item = ExportRow<'a>>) -> Result<Vec<u8>, String> {
    let mut out = "\u{feff}".as_bytes().to_vec();
    {
        let mut writer = csv::WriterBuilder::new()
            .terminator(csv::Terminator::CRLF)
            .from_writer(&mut out);
        let header = Column::ALL.iter().map(|c| c.name()).chain(EXTRA_COLUMNS);
        writer.write_record(header).map_err(|e| e.to_string())?;
        for row in rows {
            let line = row.line.to_string();
            let cells = Column::ALL
                .iter()
                .map(|c| neutralise(row.cells.get(*c).unwrap_or("")))
                .chain([
                    Cow::Borrowed(line.as_str()),
                    Cow::Borrowed(row.status),
                    neutralise(&row.errors),
                ]);
            writer
                .write_record(cells.map(|c| c.into_owned()))
                .map_err(|e| e.to_string())?;
        }
        writer.flush().map_err(|e| e.to_string())?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_prefixes_are_neutralised_and_read_back() {
        for cell in [
            "=1+1",
            "+243812345678",
            "-5",
            "@SUM(A1)",
            "\tx",
            "\rx",
            "=HYPERLINK(\"http://x\")",
        ] {
            let safe = neutralise(cell);
            assert!(safe.starts_with('\''), "{cell:?}");
            assert_eq!(unescape_formula(&safe), cell);
        }
        assert_eq!(neutralise("Amani"), "Amani");
        assert_eq!(
            unescape_formula("'quoted"),
            "'quoted",
            "a plain apostrophe stays"
        );
    }

    #[test]
    fn the_export_is_quoted_by_the_csv_crate_and_reads_back_through_the_reader() {
        let mut cells = Cells::default();
        cells.set(Column::Method, "mobile_money");
        cells.set(Column::Amount, "12.50");
        cells.set(Column::Name, "=cmd|' /C calc'!A0, \"x\"");
        cells.set(Column::Phone, "+243812345678");
        let rows = [ExportRow {
            line: 2,
            status: "VALID",
            cells: &cells,
            errors: String::new(),
        }];
        let bytes = write(rows).expect("write");
        let text = String::from_utf8(bytes).expect("utf-8");
        assert!(text.starts_with("\u{feff}method,amount,wallet,"), "{text}");
        assert!(text.contains("\r\n"));
        assert!(
            text.contains("\"'=cmd|' /C calc'!A0, \"\"x\"\"\""),
            "{text}"
        );
        assert!(text.contains(",'+243812345678,"), "{text}");
        let mut back = Vec::new();
        super::super::csv_rows::read(&text, |r| back.push(r)).expect("read back");
        assert_eq!(back[0].cells, cells);
    }
}
