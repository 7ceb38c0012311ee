//! Locations, terminals, static QR codes (EMVCo with the signed extension),
//! revocation, scan analytics, and resolving any scanned string.
//!
//! Stored as JSON in `Objects` by id; listed through `Index` rows
//! `loc|<mode>|<owner>|<id>`, `qr|<mode>|<owner>|<id>` and
//! `term|<location>|<id>`. Scans are counted inside the code's record (total,
//! per day, per resolve outcome) by the writer.
//!
//! | file | job |
//! |---|---|
//! | `locations.rs` | locations and their terminals: records, inputs, create, read |
//! | `codes.rs` | QR codes: record, create (validate, then sign the payload), revoke, read |
//! | `payload.rs` | the EMVCo fields a code prints, and what may be printed |
//! | `state.rs` | the code lifecycle (`ACTIVE → REVOKED`) with its table test |
//! | `analytics.rs` | scans counted per code (the writer's side of resolve) and their summary |
//! | `resolution.rs` | the answer of `POST /resolve` |
//! | `resolve.rs` | what a scanned string is: our links, our codes, other schemes' codes |
//! | `scan_pay.rs` | the payment intent a payable scan of a static code creates |
//! | `views.rs` | what a client sees of locations, terminals and codes, and their events |

pub mod analytics;
pub mod codes;
pub mod locations;
mod payload;
pub mod resolution;
pub mod resolve;
pub mod scan_pay;
pub mod state;
pub mod views;

pub use analytics::{Analytics, analytics, record_scan};
pub use codes::{CodeInput, QrCode, Revocation, RevokeReason, create_code, read_code, revoke_code};
pub use locations::{
    Location, LocationInput, Terminal, TerminalInput, create_location, create_terminal,
    read_location, read_terminal,
};
pub(crate) use payload::{additional_data, city_of};
pub use resolution::Resolution;
pub use resolve::resolve;
pub use state::Status as QrStatus;

use crate::domain::qr_codes::codes::QR_CODE;
use crate::mode::Mode;
use crate::store::keys::{self, Child};

/// Merchant category code when neither the code nor its location gives one.
pub const DEFAULT_MCC: &str = "5999";
/// Resolve accepts scanned strings up to this many characters.
pub const SCANNED_CHARS_MAX: usize = 2048;
/// Codes, locations and terminals per owner and mode that lists and analytics cover.
pub const ANALYTICS_CODES_MAX: usize = 1000;
/// The largest amount tag 54 (13 characters) holds for currencies of up to three decimals.
pub const QR_AMOUNT_MINOR_MAX: i64 = 999_999_999_999;
/// The terminals of one location, all listed in one page.
pub const TERMINALS_MAX: usize = 100;
pub const NAME_CHARS_MAX: usize = 100;
pub const ADDRESS_CHARS_MAX: usize = 200;
pub const CITY_CHARS_MAX: usize = 60;

pub fn code_prefix(mode: Mode, owner: &str) -> String {
    keys::owned_prefix(QR_CODE.family, mode, owner)
}

pub fn terminal_prefix(location: &str) -> String {
    keys::child_prefix(Child::Terminal, location)
}
