//! What the API shows of a diaspora quote; once PAID, its `lock` is the
//! receipt of where the money could go.

use serde::Serialize;
use utoipa::ToSchema;

use super::DiasporaQuoteView;
use super::Quote;
use crate::clock::rfc3339;

#[derive(Debug, Serialize, ToSchema)]
pub struct PurposeLock {
    pub institution: String,
    pub institution_name: String,
    pub purpose_code: String,
    /// The beneficiary reference (a student number, an invoice).
    pub reference: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Disclosure {
    /// The rate card the quote was priced from.
    pub rate_card: String,
    /// source_minor + fee_minor: what leaves the wallet.
    pub total_source_minor: i64,
}

pub fn view(q: &Quote) -> DiasporaQuoteView {
    DiasporaQuoteView {
        id: q.id.clone(),
        object: "diaspora_quote",
        livemode: q.mode.livemode(),
        payer: q.owner.clone(),
        rate_card: q.rate_card.clone(),
        source_currency: q.source_currency.clone(),
        dest_currency: q.dest_currency.clone(),
        source_minor: q.source_minor,
        fee_minor: q.fee_minor,
        dest_minor: q.dest_minor,
        customer_rate: super::rate_cards::rate_text(q.customer_rate),
        purpose_code: q.purpose_code.clone(),
        reference: q.reference.clone(),
        status: q.status,
        lock: PurposeLock {
            institution: q.institution.clone(),
            institution_name: q.institution_name.clone(),
            purpose_code: q.purpose_code.clone(),
            reference: q.reference.clone(),
        },
        transaction: q.transaction.clone(),
        expires_at: rfc3339(q.expires_at_ms),
        paid_at: q.paid_at_ms.map(rfc3339),
        created_at: rfc3339(q.created_at_ms),
        disclosure: Disclosure {
            rate_card: q.rate_card.clone(),
            total_source_minor: q.source_minor.saturating_add(q.fee_minor),
        },
    }
}
