//! The one PDF page writer (printpdf, its built-in Helvetica and Courier:
//! nothing to embed), A4: lines of text going down the page, and rules.
//! The settlement statement and the payer's receipt are written with it.

use printpdf::{Line as PathLine, LinePoint, Mm, Op, PdfFontHandle, Point, Pt, TextItem};

pub use printpdf::BuiltinFont;

pub const PAGE_WIDTH_MM: f32 = 210.0;
pub const PAGE_HEIGHT_MM: f32 = 297.0;
pub const LEFT_MM: f32 = 15.0;
const TOP_MM: f32 = 282.0;
pub const BOTTOM_MM: f32 = 18.0;

/// One page being written: its operations and where the next line goes.
pub struct Page {
    pub ops: Vec<Op>,
    pub y_mm: f32,
}

impl Page {
    pub fn new() -> Page {
        Page {
            ops: Vec::new(),
            y_mm: TOP_MM,
        }
    }

    pub fn text(&mut self, font: BuiltinFont, size: f32, x_mm: f32, text: &str) {
        self.ops.extend([
            Op::StartTextSection,
            Op::SetFont {
                font: PdfFontHandle::Builtin(font),
                size: Pt(size),
            },
            Op::SetTextCursor {
                pos: Point::new(Mm(x_mm), Mm(self.y_mm)),
            },
            Op::ShowText {
                items: vec![TextItem::Text(printable(text))],
            },
            Op::EndTextSection,
        ]);
    }

    /// Writes a line of text and moves down.
    pub fn line(&mut self, font: BuiltinFont, size: f32, text: &str) {
        self.text(font, size, LEFT_MM, text);
        self.down(size * 1.4);
    }

    pub fn down(&mut self, pt: f32) {
        self.y_mm -= pt * 25.4 / 72.0;
    }

    pub fn rule(&mut self) {
        let y = self.y_mm + 2.0;
        let point = |x: f32| LinePoint {
            p: Point::new(Mm(x), Mm(y)),
            bezier: false,
        };
        self.ops.extend([
            Op::SetOutlineThickness { pt: Pt(0.5) },
            Op::DrawLine {
                line: PathLine {
                    points: vec![point(LEFT_MM), point(PAGE_WIDTH_MM - LEFT_MM)],
                    is_closed: false,
                },
            },
        ]);
        self.down(6.0);
    }

    pub fn full(&self) -> bool {
        self.y_mm < BOTTOM_MM + 8.0
    }
}

/// The built-in fonts speak WinAnsi: ASCII and Latin-1 (French accents)
/// print, a no-break space is a space, anything else shows as `?`.
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{a0}' | '\u{202f}' => ' ',
            c if c.is_ascii() && !c.is_control() => c,
            c if ('\u{a1}'..='\u{ff}').contains(&c) => c,
            _ => '?',
        })
        .collect()
}

impl Default for Page {
    fn default() -> Page {
        Page::new()
    }
}

/// One page of A4 as a PDF document titled `title`.
pub fn document(title: &str, pages: Vec<Page>) -> Vec<u8> {
    let pages = pages
        .into_iter()
        .map(|page| printpdf::PdfPage::new(Mm(PAGE_WIDTH_MM), Mm(PAGE_HEIGHT_MM), page.ops))
        .collect();
    let mut warnings = Vec::new();
    printpdf::PdfDocument::new(title)
        .with_pages(pages)
        .save(&printpdf::PdfSaveOptions::default(), &mut warnings)
}
