//! Reading a batch's CSV: the header names the columns (any order, any case,
//! a subset of the catalogue), then one record per row, handed to the caller
//! one at a time as it is read (a streamed parse: nothing but the current
//! record is copied out of the text).
//!
//! What it accepts: a UTF-8 byte-order mark, CRLF or LF line ends, quoted
//! fields (with commas, doubled quotes and line breaks inside), blank lines
//! and rows whose cells are all empty (skipped), header cells left empty and
//! the export's own columns `line`, `status`, `errors` (ignored), and a `'`
//! that an export put before `=`, `+`, `-`, `@`,
//! tab or CR (removed again, so an exported batch reads back as it was).
//!
//! What it refuses, before anything is stored: more than [`CSV_BYTES_MAX`]
//! bytes or [`ROWS_MAX`] rows, a missing or unknown header, no rows. A record
//! with more or fewer cells than the header is a row error, not a refusal.
//!
//! Pure: only `std` and the `csv` crate (the fuzz target includes this file).

use super::columns::{Cells, Column};
use super::export::{EXTRA_COLUMNS, unescape_formula};
use crate::domain::csv_file::{Malformed, Records};

/// Rows of one batch (origin behaviour section 18: batch rows 5000).
pub const ROWS_MAX: usize = 5_000;
/// Bytes of one batch's CSV: the request body's own bound (1 MiB,
/// `http::extract::BODY_BYTES_MAX`), which the CSV's JSON string can only
/// exceed, so a CSV this large cannot arrive; checked again here so that the
/// parser's bound does not depend on the transport's.
pub const CSV_BYTES_MAX: usize = 1024 * 1024;

/// One data row as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawRow {
    /// 1-based among the rows (blank rows are not counted).
    pub row: u32,
    /// The line of the text where the record starts (the header is line 1).
    pub line: u64,
    pub cells: Cells,
    /// Set when the record has another number of cells than the header.
    pub cells_found: Option<(usize, usize)>,
}

/// Why the CSV as a whole is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CsvError {
    TooLarge { bytes: usize },
    TooManyRows,
    NoHeader,
    UnknownColumn { name: String },
    DuplicateColumn { name: &'static str },
    MissingColumn { name: &'static str },
    Malformed { line: u64, message: String },
    NoRows,
}

impl CsvError {
    /// Too large (413) rather than malformed (400).
    pub fn is_too_large(&self) -> bool {
        matches!(self, CsvError::TooLarge { .. } | CsvError::TooManyRows)
    }
}

impl std::fmt::Display for CsvError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let columns = || {
            Column::ALL
                .iter()
                .map(|c| c.name())
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            CsvError::TooLarge { bytes } => write!(
                f,
                "csv is {bytes} bytes; a batch's CSV is at most {CSV_BYTES_MAX} bytes: split it into several batches"
            ),
            CsvError::TooManyRows => write!(
                f,
                "csv has more than {ROWS_MAX} rows; a batch holds at most {ROWS_MAX}: split it into several batches"
            ),
            CsvError::NoHeader => write!(
                f,
                "csv is empty: line 1 must be the header naming the columns ({})",
                columns()
            ),
            CsvError::UnknownColumn { name } => write!(
                f,
                "line 1 must be the header; it names an unknown column {name:?} (the columns are {})",
                columns()
            ),
            CsvError::DuplicateColumn { name } => {
                write!(f, "the header names the column {name} twice")
            }
            CsvError::MissingColumn { name } => {
                write!(f, "the header must name the column {name}")
            }
            CsvError::Malformed { line, message } => {
                write!(f, "csv cannot be read at line {line}: {message}")
            }
            CsvError::NoRows => write!(f, "csv has a header but no rows"),
        }
    }
}

/// Reads `text`, calling `each` with every non-blank row in order; answers
/// how many rows there were. Stops at the first refusal, having called
/// `each` for the rows before it (the caller stores nothing until this
/// returns `Ok`).
pub fn read(text: &str, mut each: impl FnMut(RawRow)) -> Result<usize, CsvError> {
    if text.len() > CSV_BYTES_MAX {
        return Err(CsvError::TooLarge { bytes: text.len() });
    }
    let mut records = Records::new(text);
    let mut record = csv::StringRecord::new();
    let header = match next(&mut records, &mut record)? {
        Some(_) => header(&record)?,
        None => return Err(CsvError::NoHeader),
    };
    let mut rows = 0usize;
    while let Some(line) = next(&mut records, &mut record)? {
        let mut cells = Cells::default();
        for (column, value) in header.iter().zip(record.iter()) {
            if let Some(column) = column {
                cells.set(*column, unescape_formula(value.trim()));
            }
        }
        if cells.is_blank() && record.iter().all(|v| v.trim().is_empty()) {
            continue;
        }
        rows += 1;
        if rows > ROWS_MAX {
            return Err(CsvError::TooManyRows);
        }
        each(RawRow {
            row: rows as u32,
            line,
            cells,
            cells_found: (record.len() != header.len()).then_some((record.len(), header.len())),
        });
    }
    match rows {
        0 => Err(CsvError::NoRows),
        n => Ok(n),
    }
}

/// The next record into `record` and its line; `None` at the end.
fn next(
    records: &mut Records<'_>,
    record: &mut csv::StringRecord,
) -> Result<Option<u64>, CsvError> {
    records
        .next(record)
        .map_err(|Malformed { line, message }| CsvError::Malformed { line, message })
}

/// The column of each header cell (`None`: an empty cell, ignored).
fn header(record: &csv::StringRecord) -> Result<Vec<Option<Column>>, CsvError> {
    let mut columns = Vec::with_capacity(record.len());
    for cell in record.iter() {
        // An empty header cell, or a column the export adds (line, status,
        // errors): ignored, so an export uploads as it is.
        let exported = EXTRA_COLUMNS
            .iter()
            .any(|c| c.eq_ignore_ascii_case(cell.trim()));
        if cell.trim().is_empty() || exported {
            columns.push(None);
            continue;
        }
        let column = Column::named(cell).ok_or_else(|| CsvError::UnknownColumn {
            name: cell.chars().take(40).collect(),
        })?;
        if columns.contains(&Some(column)) {
            return Err(CsvError::DuplicateColumn {
                name: column.name(),
            });
        }
        columns.push(Some(column));
    }
    for needed in [Column::Method, Column::Amount] {
        if !columns.contains(&Some(needed)) {
            return Err(CsvError::MissingColumn {
                name: needed.name(),
            });
        }
    }
    Ok(columns)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(text: &str) -> Result<Vec<RawRow>, CsvError> {
        let mut found = Vec::new();
        read(text, |r| found.push(r))?;
        Ok(found)
    }

    #[test]
    fn a_bom_crlf_and_quoted_fields_with_commas_quotes_and_newlines_are_read() {
        let text = "\u{feff}Method,AMOUNT,name,phone,operator_id\r\n\
                    mobile_money,12.50,\"Kabila, Amani \"\"Junior\"\"\",+243812345678,mpesa\r\n\
                    mobile_money,3,\"two\r\nlines\",243812345679,airtel\r\n";
        let found = rows(text).expect("read");
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].line, 2);
        assert_eq!(found[0].row, 1);
        assert_eq!(
            found[0].cells.get(Column::Name),
            Some("Kabila, Amani \"Junior\"")
        );
        assert_eq!(found[0].cells.get(Column::Method), Some("mobile_money"));
        assert_eq!(found[1].line, 3);
        assert_eq!(found[1].cells.get(Column::Name), Some("two\r\nlines"));
        assert_eq!(found[1].cells_found, None);
    }

    #[test]
    fn blank_rows_and_empty_header_cells_are_skipped_and_lines_still_count() {
        let text = "method,amount,,\n\n,,,\nbank,1,,\n";
        let found = rows(text).expect("read");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].line, 4);
        assert_eq!(found[0].row, 1);
        let crlf = rows("method,amount\r\n\r\n,\r\nbank,1\r\n\r\nbank,2").expect("read");
        let lines: Vec<u64> = crlf.iter().map(|r| r.line).collect();
        assert_eq!(lines, vec![4, 6]);
    }

    #[test]
    fn a_short_or_long_record_is_a_row_error_not_a_refusal() {
        let found = rows("method,amount,name\nmobile_money,1\nbank,2,x,extra\n").expect("read");
        assert_eq!(found[0].cells_found, Some((2, 3)));
        assert_eq!(found[1].cells_found, Some((4, 3)));
    }

    #[test]
    fn an_exported_formula_guard_is_removed_on_the_way_back() {
        let found =
            rows("method,amount,name,phone\nmobile_money,1,'=HYPERLINK(x),'+243812345678\n")
                .expect("read");
        assert_eq!(found[0].cells.get(Column::Name), Some("=HYPERLINK(x)"));
        assert_eq!(found[0].cells.get(Column::Phone), Some("+243812345678"));
    }

    #[test]
    fn the_header_and_the_bounds_are_refused_by_name() {
        assert_eq!(rows(""), Err(CsvError::NoHeader));
        assert_eq!(rows("method,amount\n"), Err(CsvError::NoRows));
        assert_eq!(
            rows("mobile_money,12\n"),
            Err(CsvError::UnknownColumn {
                name: "mobile_money".into()
            })
        );
        assert_eq!(
            rows("method,amount,Amount\nx,1,2\n"),
            Err(CsvError::DuplicateColumn { name: "amount" })
        );
        assert_eq!(
            rows("method,phone\nx,1\n"),
            Err(CsvError::MissingColumn { name: "amount" })
        );
        let many = format!("method,amount\n{}", "bank,1\n".repeat(ROWS_MAX + 1));
        assert_eq!(rows(&many), Err(CsvError::TooManyRows));
        assert!(CsvError::TooManyRows.is_too_large());
        let exactly = format!("method,amount\n{}", "bank,1\n".repeat(ROWS_MAX));
        assert_eq!(rows(&exactly).map(|r| r.len()), Ok(ROWS_MAX));
        let huge = format!("method,amount\n{}", "x".repeat(CSV_BYTES_MAX));
        assert!(matches!(rows(&huge), Err(CsvError::TooLarge { .. })));
    }
}
