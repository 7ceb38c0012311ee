//! The PDF statement (printpdf, its built-in Helvetica and Courier: nothing
//! to embed). A4 pages: a header with the organisation, the period, the
//! statement number and the page number on each; the totals, the hash and,
//! when the currency changed, the conversion on the first; then a table of
//! the lines, amounts right-aligned in major units. A statement of more
//! than [`PDF_LINES_MAX`] lines shows its totals and says where the lines
//! are (CSV, JSON), so a PDF stays a document a person reads.

use printpdf::{BuiltinFont, Mm, PdfDocument, PdfPage, PdfSaveOptions};

use super::statement::SettlementStatementView;
use crate::domain::currency;
use crate::domain::pdf::{BOTTOM_MM, LEFT_MM, PAGE_HEIGHT_MM, PAGE_WIDTH_MM, Page};
use crate::error::ApiError;

/// Lines a PDF lists at most (about 300 pages).
pub const PDF_LINES_MAX: usize = 20_000;
const ROW_PT: f32 = 10.5;
const TABLE_PT: f32 = 7.5;

/// `1,234.56 CDF`: major units with the currency's decimals, grouped.
pub fn money(amount_minor: i64, code: &str) -> String {
    let exponent = currency::find(code).map_or(2, |c| c.exponent);
    let scale = 10u64.pow(exponent);
    let magnitude = amount_minor.unsigned_abs();
    let (whole, fraction) = (magnitude / scale, magnitude % scale);
    let digits = whole.to_string();
    let mut grouped = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(d);
    }
    let sign = if amount_minor < 0 { "-" } else { "" };
    if exponent == 0 {
        format!("{sign}{grouped} {code}")
    } else {
        format!(
            "{sign}{grouped}.{fraction:0width$} {code}",
            width = exponent as usize
        )
    }
}

fn header(page: &mut Page, statement: &SettlementStatementView) {
    page.line(
        BuiltinFont::HelveticaBold,
        14.0,
        &format!("Settlement statement {}", statement.number),
    );
    page.line(
        BuiltinFont::Helvetica,
        10.0,
        &format!(
            "{} ({})",
            statement.organisation.name, statement.organisation.id
        ),
    );
    page.line(
        BuiltinFont::Helvetica,
        10.0,
        &format!(
            "Period: {} to {} (UTC)",
            statement.period.from,
            statement.period.to.as_deref().unwrap_or_default(),
        ),
    );
    page.line(
        BuiltinFont::Helvetica,
        10.0,
        &format!(
            "Currency: {}    Cycle: {} ({})",
            statement.currency,
            statement.cycle,
            statement.status.as_str()
        ),
    );
    page.rule();
}

fn totals(page: &mut Page, statement: &SettlementStatementView) {
    let t = &statement.totals;
    let c = statement.currency.as_str();
    let rows = [
        ("Gross", t.gross_minor),
        ("Provider fees", -t.provider_fee_minor),
        ("Service fees", -t.service_fee_minor),
        ("Tax", -t.tax_minor),
        ("Refunds", -t.refunds_minor),
        ("Splits", -t.splits_minor),
        ("Dispute holds", -t.holds_minor),
        ("Carried in", t.carried_in_minor),
        ("Application fees", t.application_fees_minor),
        ("Carried forward", -statement.carried_forward_minor),
        ("Net", statement.net_minor),
    ];
    page.line(BuiltinFont::HelveticaBold, 11.0, "Totals");
    for (label, amount) in rows {
        let font = if label == "Net" {
            BuiltinFont::CourierBold
        } else {
            BuiltinFont::Courier
        };
        page.line(font, 9.0, &format!("{label:<18}{:>28}", money(amount, c)));
    }
    if let (Some(paid), Some(conversion)) = (statement.amount_paid_minor, &statement.conversion) {
        page.line(
            BuiltinFont::Courier,
            9.0,
            &format!(
                "{:<18}{:>28}",
                "Paid",
                money(paid, &statement.settlement_currency)
            ),
        );
        page.line(
            BuiltinFont::Helvetica,
            8.5,
            &format!(
                "Converted to {} at {} (mid-market rate {}, margin {} bps); exchange fee {}.",
                conversion.currency,
                conversion.rate,
                conversion.mid_rate,
                conversion.margin_bps,
                money(conversion.fee_minor, c)
            ),
        );
    }
    if let Some(reason) = &statement.failure_reason {
        page.line(BuiltinFont::Helvetica, 8.5, &format!("Not paid: {reason}"));
    }
    page.down(4.0);
    page.line(
        BuiltinFont::Helvetica,
        8.5,
        "Fingerprint of this statement (SHA-256):",
    );
    page.line(BuiltinFont::Courier, 8.0, &statement.hash);
    page.rule();
}

fn table_header(page: &mut Page) {
    page.line(
        BuiltinFont::CourierBold,
        TABLE_PT,
        &format!(
            "{:>6}  {:<24}  {:<14}  {:<30}  {:>22}",
            "Line", "Date (UTC)", "Type", "Source", "Amount"
        ),
    );
}

/// The statement as a PDF.
pub fn render(statement: &SettlementStatementView) -> Result<Vec<u8>, ApiError> {
    let mut pages = Vec::new();
    let mut page = Page::new();
    header(&mut page, statement);
    totals(&mut page, statement);
    if statement.lines.len() > PDF_LINES_MAX {
        page.line(
            BuiltinFont::Helvetica,
            9.0,
            &format!(
                "{} lines: too many for a PDF. The CSV and JSON statements list them all (same totals and hash).",
                statement.lines.len()
            ),
        );
    } else {
        table_header(&mut page);
        for line in &statement.lines {
            if page.full() {
                pages.push(page);
                page = Page::new();
                header(&mut page, statement);
                table_header(&mut page);
            }
            let text = format!(
                "{:>6}  {:<24}  {:<14}  {:<30}  {:>22}",
                line.line,
                line.date,
                line.line_type.as_str(),
                line.source,
                money(line.amount_minor, &statement.currency)
            );
            page.text(BuiltinFont::Courier, TABLE_PT, LEFT_MM, &text);
            page.down(ROW_PT);
        }
    }
    pages.push(page);
    let count = pages.len();
    let pdf_pages = pages
        .into_iter()
        .enumerate()
        .map(|(i, mut page)| {
            page.y_mm = BOTTOM_MM - 6.0;
            page.text(
                BuiltinFont::Helvetica,
                8.0,
                PAGE_WIDTH_MM - LEFT_MM - 25.0,
                &format!("Page {} of {count}", i + 1),
            );
            PdfPage::new(Mm(PAGE_WIDTH_MM), Mm(PAGE_HEIGHT_MM), page.ops)
        })
        .collect();
    let mut warnings = Vec::new();
    let bytes = PdfDocument::new(&format!("Settlement statement {}", statement.number))
        .with_pages(pdf_pages)
        .save(&PdfSaveOptions::default(), &mut warnings);
    if bytes.is_empty() {
        return Err(ApiError::internal("the PDF statement came out empty"));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::money;

    #[test]
    fn amounts_show_in_major_units_grouped() {
        assert_eq!(money(973_400, "CDF"), "9,734.00 CDF");
        assert_eq!(money(-150, "CDF"), "-1.50 CDF");
        assert_eq!(money(5, "USD"), "0.05 USD");
        assert_eq!(money(1_234_567, "XAF"), "1,234,567 XAF");
        assert_eq!(money(0, "CDF"), "0.00 CDF");
    }
}
