//! Reading a CSV file a person made (a payout batch, a rail's statement):
//! a byte-order mark is skipped, rows may have more or fewer cells than the
//! header (each reader names that itself), and every record comes with the
//! line of the file it starts on, as the person's editor numbers it. Bounds
//! on size and rows are each reader's own.

/// A record the CSV reader could not read (an unclosed quote, bad UTF-8).
pub struct Malformed {
    pub line: u64,
    pub message: String,
}

/// The records of one file, in order.
pub struct Records<'a> {
    text: &'a [u8],
    reader: csv::Reader<&'a [u8]>,
    lines: Lines,
}

impl<'a> Records<'a> {
    pub fn new(text: &'a str) -> Records<'a> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text).as_bytes();
        let reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(text);
        Records {
            text,
            reader,
            lines: Lines { byte: 0, line: 1 },
        }
    }

    /// Reads the next record into `record`: the file line it starts on, or
    /// `None` at the end.
    pub fn next(&mut self, record: &mut csv::StringRecord) -> Result<Option<u64>, Malformed> {
        let more = self.reader.read_record(record).map_err(|e| Malformed {
            line: e.position().map_or(0, |p| p.line()),
            message: e.to_string(),
        })?;
        if !more {
            return Ok(None);
        }
        Ok(Some(
            record
                .position()
                .map_or(0, |p| self.lines.of(self.text, p.byte())),
        ))
    }
}

/// Lines of the text up to a record's first character, counted once over the
/// whole text; a line ends at LF, CRLF or a lone CR (old Mac files), as the
/// reader's records do. The reader's own line is not the record's: it marks
/// a record where the previous one ended, before a CRLF's LF and any blank
/// lines.
struct Lines {
    byte: usize,
    line: u64,
}

impl Lines {
    /// The line of the record whose reading started at byte `start`.
    fn of(&mut self, text: &[u8], start: u64) -> u64 {
        let mut first = usize::try_from(start).unwrap_or(text.len()).max(self.byte);
        while matches!(text.get(first), Some(b'\r' | b'\n')) {
            first += 1;
        }
        let end = first.min(text.len());
        // A line ends at LF, CRLF, or a CR alone (the reader's terminators).
        let breaks = (self.byte..end)
            .filter(|&i| match text[i] {
                b'\n' => true,
                b'\r' => text.get(i + 1) != Some(&b'\n'),
                _ => false,
            })
            .count();
        self.line += breaks as u64;
        self.byte = end;
        self.line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_come_with_the_line_they_start_on_whatever_the_line_ends() {
        let text = "\u{feff}a,b\r\n1,2\r\n\r\n3,\"x\ny\"\r4,5\n";
        let mut records = Records::new(text);
        let mut record = csv::StringRecord::new();
        let mut seen = Vec::new();
        while let Some(line) = records.next(&mut record).ok().flatten() {
            seen.push((line, record.get(0).unwrap_or_default().to_string()));
        }
        let lines: Vec<(u64, &str)> = seen.iter().map(|(l, c)| (*l, c.as_str())).collect();
        assert_eq!(lines, [(1, "a"), (2, "1"), (4, "3"), (6, "4")]);
    }
}
