//! Reading a rail's statement file: a CSV whose header names its columns
//! (any order, any case; columns it does not know are ignored, since every
//! provider adds its own), then one line per movement of money.
//!
//! Columns: `reference` (the gateway's id the provider echoes), `amount`
//! (major units, as statements write them), `currency` (or the statement's
//! own, given with the import), `date` (`YYYY-MM-DD` or RFC 3339: the value
//! date) and, optionally, `status` (absent or empty: the money moved).
//! A UTF-8 byte-order mark, CRLF or LF and quoted fields are fine, as for a
//! payout batch's CSV (both read through `domain::csv_file`).
//!
//! Any line that cannot be read refuses the whole file, naming its line and
//! column, before anything is stored: a statement half read would list as
//! "missing" what its unread lines hold.
//!
//! Pure: only `std`, `csv`, `time` and the shared CSV reader
//! (`domain::csv_file`).

use crate::domain::csv_file::{Malformed, Records};

/// Bytes of one statement file (decision 421). Through the API the request
/// body's own bound (1 MiB) comes first; the CLI reads up to this.
pub const STATEMENT_BYTES_MAX: usize = 8 * 1024 * 1024;
/// Lines of one statement (decision 421): a month of a busy rail.
pub const LINES_MAX: usize = 50_000;
/// Characters of a reference (gateway ids are about 30).
pub const REFERENCE_CHARS_MAX: usize = 100;

/// One line as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The line of the file where it starts (the header is line 1).
    pub line: u64,
    pub reference: String,
    pub amount_minor: i64,
    pub currency: String,
    /// The value date, unix milliseconds (midnight UTC for a bare date).
    pub date_ms: i64,
    /// The provider says the money moved (`false`: failed, returned, ...).
    pub succeeded: bool,
}

/// Why a file is refused as a whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileError {
    TooLarge {
        bytes: usize,
    },
    TooManyLines,
    NoHeader,
    MissingColumn {
        name: &'static str,
    },
    DuplicateColumn {
        name: &'static str,
    },
    Malformed {
        line: u64,
        message: String,
    },
    Cell {
        line: u64,
        column: &'static str,
        message: String,
    },
    NoLines,
}

impl FileError {
    /// 413 rather than 400.
    pub fn is_too_large(&self) -> bool {
        matches!(self, FileError::TooLarge { .. } | FileError::TooManyLines)
    }
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileError::TooLarge { bytes } => write!(
                f,
                "csv is {bytes} bytes; a statement is at most {STATEMENT_BYTES_MAX} bytes: split it by date"
            ),
            FileError::TooManyLines => write!(
                f,
                "csv has more than {LINES_MAX} lines; a statement holds at most {LINES_MAX}: split it by date"
            ),
            FileError::NoHeader => write!(
                f,
                "csv is empty: line 1 must be the header naming the columns (reference, amount, currency, date, status)"
            ),
            FileError::MissingColumn { name } => {
                write!(f, "the header must name the column {name}")
            }
            FileError::DuplicateColumn { name } => {
                write!(f, "the header names the column {name} twice")
            }
            FileError::Malformed { line, message } => {
                write!(f, "csv cannot be read at line {line}: {message}")
            }
            FileError::Cell {
                line,
                column,
                message,
            } => write!(f, "line {line}, column {column}: {message}"),
            FileError::NoLines => write!(f, "csv has a header but no lines"),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Reference,
    Amount,
    Currency,
    Date,
    Status,
}

impl Column {
    const ALL: [Column; 5] = [
        Column::Reference,
        Column::Amount,
        Column::Currency,
        Column::Date,
        Column::Status,
    ];

    fn name(self) -> &'static str {
        match self {
            Column::Reference => "reference",
            Column::Amount => "amount",
            Column::Currency => "currency",
            Column::Date => "date",
            Column::Status => "status",
        }
    }
}

/// Reads `text`; `currency` is the statement's own (upper case), for a file
/// without a `currency` column.
pub fn read(text: &str, currency: Option<&str>) -> Result<Vec<Line>, FileError> {
    if text.len() > STATEMENT_BYTES_MAX {
        return Err(FileError::TooLarge { bytes: text.len() });
    }
    let mut records = Records::new(text);
    let mut record = csv::StringRecord::new();
    if next(&mut records, &mut record)?.is_none() {
        return Err(FileError::NoHeader);
    }
    let columns = header(&record, currency.is_some())?;
    let mut lines = Vec::new();
    while let Some(number) = next(&mut records, &mut record)? {
        if record.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        if lines.len() >= LINES_MAX {
            return Err(FileError::TooManyLines);
        }
        lines.push(line(&record, &columns, number, currency)?);
    }
    if lines.is_empty() {
        return Err(FileError::NoLines);
    }
    Ok(lines)
}

/// The next record into `record` and its line; `None` at the end.
fn next(
    records: &mut Records<'_>,
    record: &mut csv::StringRecord,
) -> Result<Option<u64>, FileError> {
    records
        .next(record)
        .map_err(|Malformed { line, message }| FileError::Malformed { line, message })
}

/// The position of each known column in the header.
fn header(record: &csv::StringRecord, has_currency: bool) -> Result<[Option<usize>; 5], FileError> {
    let mut found = [None; 5];
    for (position, cell) in record.iter().enumerate() {
        let Some(i) = Column::ALL
            .iter()
            .position(|c| c.name().eq_ignore_ascii_case(cell.trim()))
        else {
            continue;
        };
        if found[i].is_some() {
            return Err(FileError::DuplicateColumn {
                name: Column::ALL[i].name(),
            });
        }
        found[i] = Some(position);
    }
    for column in [Column::Reference, Column::Amount, Column::Date] {
        if found[column as usize].is_none() {
            return Err(FileError::MissingColumn {
                name: column.name(),
            });
        }
    }
    if found[Column::Currency as usize].is_none() && !has_currency {
        return Err(FileError::MissingColumn { name: "currency" });
    }
    Ok(found)
}

fn line(
    record: &csv::StringRecord,
    columns: &[Option<usize>; 5],
    number: u64,
    default_currency: Option<&str>,
) -> Result<Line, FileError> {
    let cell = |column: Column| {
        columns[column as usize]
            .and_then(|i| record.get(i))
            .unwrap_or("")
            .trim()
    };
    let refuse = |column: Column, message: String| FileError::Cell {
        line: number,
        column: column.name(),
        message,
    };
    let shown = |value: &str| value.chars().take(40).collect::<String>();
    let reference = cell(Column::Reference);
    if reference.is_empty() || reference.chars().count() > REFERENCE_CHARS_MAX {
        return Err(refuse(
            Column::Reference,
            format!("a reference is 1 to {REFERENCE_CHARS_MAX} characters"),
        ));
    }
    let currency = match cell(Column::Currency) {
        "" => default_currency.unwrap_or("").to_string(),
        given => given.to_ascii_uppercase(),
    };
    let Some(exponent) = crate::currency::find(&currency).map(|c| c.exponent) else {
        return Err(refuse(
            Column::Currency,
            format!("{:?} is not an ISO 4217 currency", shown(&currency)),
        ));
    };
    let amount = cell(Column::Amount);
    let amount_minor = minor_units(amount, exponent).ok_or_else(|| {
        refuse(
            Column::Amount,
            format!(
                "{:?} is not a positive amount in major units with at most {exponent} decimals",
                shown(amount)
            ),
        )
    })?;
    let date = cell(Column::Date);
    let date_ms = date_ms(date).ok_or_else(|| {
        refuse(
            Column::Date,
            format!("{:?} is not a date (YYYY-MM-DD or RFC 3339)", shown(date)),
        )
    })?;
    let status = cell(Column::Status);
    let succeeded = succeeded(status).ok_or_else(|| {
        refuse(
            Column::Status,
            format!(
                "{:?} is neither a success (SUCCESSFUL, SUCCESS, SUCCEEDED, TS, PAID, COMPLETED, SETTLED) nor a failure (FAILED, TF, REJECTED, DECLINED, RETURNED, REVERSED)",
                shown(status)
            ),
        )
    })?;
    Ok(Line {
        line: number,
        reference: reference.to_string(),
        amount_minor,
        currency,
        date_ms,
        succeeded,
    })
}

/// `12.50` in minor units of a currency with `exponent` decimals; positive,
/// exact (no more decimals than the currency has), digits only.
fn minor_units(amount: &str, exponent: u32) -> Option<i64> {
    let (whole, fraction) = amount.split_once('.').unwrap_or((amount, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || whole.len() > 15 {
        return None;
    }
    let fraction = fraction.trim_end_matches('0');
    if fraction.len() > exponent as usize {
        return None;
    }
    let padded = format!("{fraction:0<width$}", width = exponent as usize);
    let fraction: i64 = if padded.is_empty() {
        0
    } else {
        padded.parse().ok()?
    };
    let minor = whole
        .parse::<i64>()
        .ok()?
        .checked_mul(10i64.pow(exponent))?
        .checked_add(fraction)?;
    (minor > 0).then_some(minor)
}

/// A bare date is midnight UTC; an RFC 3339 time is itself.
fn date_ms(value: &str) -> Option<i64> {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    let at = match time::Date::parse(value, &format) {
        Ok(date) => date.midnight().assume_utc(),
        Err(_) => {
            time::OffsetDateTime::parse(value, &time::format_description::well_known::Rfc3339)
                .ok()?
        }
    };
    i64::try_from(at.unix_timestamp_nanos() / 1_000_000).ok()
}

/// The providers' words for the outcome: `Some(true)` the money moved.
fn succeeded(status: &str) -> Option<bool> {
    match status.to_ascii_uppercase().as_str() {
        "" | "SUCCESSFUL" | "SUCCESS" | "SUCCEEDED" | "TS" | "PAID" | "COMPLETED" | "SETTLED" => {
            Some(true)
        }
        "FAILED" | "TF" | "REJECTED" | "DECLINED" | "RETURNED" | "REVERSED" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_statement_is_read_by_its_header_names_with_bom_crlf_and_quotes() {
        let text = "\u{feff}Date,Narration,REFERENCE,Amount,Currency,Status\r\n\
                    2026-11-23,\"Paid, thanks\",pay_1,1500,CDF,SUCCESSFUL\r\n\
                    \r\n\
                    2026-11-24T10:00:00Z,x,po_2,12.50,usd,FAILED\r\n";
        let lines = read(text, None).expect("read");
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].reference, "pay_1");
        assert_eq!(lines[0].amount_minor, 150_000);
        assert_eq!(lines[0].line, 2);
        assert_eq!(lines[0].date_ms, 1_795_392_000_000);
        assert!(lines[0].succeeded);
        assert_eq!(lines[1].currency, "USD");
        assert_eq!(lines[1].amount_minor, 1_250);
        assert!(!lines[1].succeeded);
        assert_eq!(lines[1].line, 4);
    }

    #[test]
    fn the_statement_currency_stands_for_a_missing_column() {
        let lines = read("reference,amount,date\nx,3,2026-01-01\n", Some("USD")).expect("read");
        assert_eq!(
            (lines[0].currency.as_str(), lines[0].amount_minor),
            ("USD", 300)
        );
        assert_eq!(
            read("reference,amount,date\nx,3,2026-01-01\n", None),
            Err(FileError::MissingColumn { name: "currency" })
        );
    }

    #[test]
    fn a_bad_cell_refuses_the_file_naming_its_line_and_column() {
        let cell = |text: &str| match read(text, None) {
            Err(FileError::Cell { line, column, .. }) => (line, column),
            other => panic!("{other:?}"),
        };
        let head = "reference,amount,currency,date\n";
        assert_eq!(
            cell(&format!(
                "{head}a,1,USD,2026-01-01\nb,1.234,USD,2026-01-01\n"
            )),
            (3, "amount")
        );
        assert_eq!(cell(&format!("{head}a,-1,USD,2026-01-01\n")), (2, "amount"));
        assert_eq!(
            cell(&format!("{head}a,1,XXX,2026-01-01\n")),
            (2, "currency")
        );
        assert_eq!(cell(&format!("{head}a,1,USD,yesterday\n")), (2, "date"));
        assert_eq!(
            cell(&format!("{head},1,USD,2026-01-01\n")),
            (2, "reference")
        );
        assert_eq!(
            cell("reference,amount,currency,date,status\na,1,USD,2026-01-01,MAYBE\n"),
            (2, "status")
        );
    }

    #[test]
    fn the_header_and_the_bounds_are_refused_by_name() {
        assert_eq!(read("", None), Err(FileError::NoHeader));
        assert_eq!(
            read("reference,amount,currency,date\n", None),
            Err(FileError::NoLines)
        );
        assert_eq!(
            read("reference,currency,date\nx,USD,2026-01-01\n", None),
            Err(FileError::MissingColumn { name: "amount" })
        );
        assert_eq!(
            read("reference,Reference,amount,currency,date\n", None),
            Err(FileError::DuplicateColumn { name: "reference" })
        );
        let line = "r,1,USD,2026-01-01\n";
        let many = format!(
            "reference,amount,currency,date\n{}",
            line.repeat(LINES_MAX + 1)
        );
        assert_eq!(read(&many, None), Err(FileError::TooManyLines));
        assert!(FileError::TooManyLines.is_too_large());
        let exactly = format!("reference,amount,currency,date\n{}", line.repeat(LINES_MAX));
        assert_eq!(read(&exactly, None).map(|l| l.len()), Ok(LINES_MAX));
        let huge = "x".repeat(STATEMENT_BYTES_MAX + 1);
        assert!(matches!(read(&huge, None), Err(FileError::TooLarge { .. })));
    }
}
