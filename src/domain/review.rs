//! The review of parked money (issue 47): one shape for every object the
//! gateway cannot move on by itself because a provider never said what
//! happened (a payout in NEEDS_REVIEW, a route in MANUAL_REVIEW, a
//! national-switch payment after its last inquiry, ...). A team member reads
//! the provider's statement and records what it shows, `paid` or `returned`,
//! with the evidence (the provider's reference or the statement's line); the
//! object then takes the same path a provider's answer would have given it,
//! with its ledger posting and its events. `docs/operations.md` lists every
//! parked state and its way out.
//!
//! Who may decide is declared with each operation (`member(scope)`: a
//! member's session whose role holds the area's write scope, never an API
//! key); live mode asks for the member's PIN (`http::review`); the decision
//! is audited in the same transaction, and the Idempotency-Key is required.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::Principal;
use crate::error::ApiError;
use crate::store::Tx;

use super::audit::{self, Actor};

/// What the provider's statement shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = ReviewDecision)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The money reached its destination: it leaves transit to the rail.
    Paid,
    /// The money never left (or came back): it returns to the balance it
    /// was taken from.
    Returned,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Paid => "paid",
            Outcome::Returned => "returned",
        }
    }
}

/// What the operator saw.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[schema(as = ReviewEvidence)]
#[serde(deny_unknown_fields)]
pub struct Evidence {
    /// The provider's reference for the transaction, or the line of its
    /// statement that shows the outcome: 3 to 200 characters, not all blank.
    #[schema(min_length = 3, max_length = 200, pattern = "\\S")]
    pub reference: String,
    /// What else the operator wants on record (a call with the provider, a
    /// ticket number): at most 500 characters.
    #[schema(max_length = 500)]
    pub note: Option<String>,
}

/// `POST /{resource}/{id}/review`: the operator's decision on parked money.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    pub outcome: Outcome,
    pub evidence: Evidence,
    /// The member's PIN (step-up): required in live mode.
    #[schema(max_length = 12)]
    pub pin: Option<String>,
}

/// A decision as the object keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolution {
    pub outcome: Outcome,
    /// The provider's reference or statement line.
    pub reference: String,
    pub note: Option<String>,
    /// The member who decided (their e-mail).
    pub resolved_by: String,
    pub resolved_at_ms: i64,
}

/// A decision as the API shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = ReviewResolution)]
pub struct ResolutionView {
    pub outcome: Outcome,
    /// The provider's reference or statement line the decision rests on.
    pub reference: String,
    pub note: Option<String>,
    /// The member who decided.
    pub resolved_by: String,
    pub resolved_at: String,
}

impl Resolution {
    pub fn view(&self) -> ResolutionView {
        ResolutionView {
            outcome: self.outcome,
            reference: self.reference.clone(),
            note: self.note.clone(),
            resolved_by: self.resolved_by.clone(),
            resolved_at: crate::clock::rfc3339(self.resolved_at_ms),
        }
    }
}

/// Bounds of the evidence's text.
const REFERENCE_CHARS: std::ops::RangeInclusive<usize> = 3..=200;
const NOTE_CHARS_MAX: usize = 500;

/// A decision checked before anything is read or written: the evidence's
/// reference 3 to 200 characters and not blank, the note at most 500, no
/// control characters in either (they are shown in the console and in CSV
/// reports).
pub fn validate(evidence: &Evidence) -> Result<(), ApiError> {
    let reference = evidence.reference.trim();
    if !REFERENCE_CHARS.contains(&reference.chars().count()) {
        return Err(ApiError::field(
            "evidence.reference",
            "evidence.reference must be 3 to 200 characters (the provider's reference or the statement line)",
        ));
    }
    if let Some(note) = &evidence.note
        && note.chars().count() > NOTE_CHARS_MAX
    {
        return Err(ApiError::field(
            "evidence.note",
            format!("evidence.note must be at most {NOTE_CHARS_MAX} characters"),
        ));
    }
    let controls = |text: &str| text.chars().any(char::is_control);
    if controls(&evidence.reference) {
        return Err(ApiError::field(
            "evidence.reference",
            "evidence.reference must not contain control characters",
        ));
    }
    if evidence.note.as_deref().is_some_and(controls) {
        return Err(ApiError::field(
            "evidence.note",
            "evidence.note must not contain control characters",
        ));
    }
    Ok(())
}

/// Records `outcome` on `target` by `principal`: the resolution the object
/// keeps, and its audit entry (`<action>` with the evidence), in the
/// command's transaction.
pub fn resolve(
    tx: &mut Tx<'_>,
    principal: &Principal,
    action: &str,
    target: &str,
    outcome: Outcome,
    evidence: &Evidence,
) -> Result<Resolution, ApiError> {
    let resolution = Resolution {
        outcome,
        reference: evidence.reference.trim().to_string(),
        note: evidence
            .note
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(str::to_string),
        resolved_by: principal
            .session
            .as_ref()
            .map_or_else(|| principal.key_id.clone(), |s| s.email.clone()),
        resolved_at_ms: tx.now_ms(),
    };
    audit::record(
        tx,
        &Actor::of(principal),
        action,
        Some(target),
        serde_json::json!({
            "outcome": outcome.as_str(),
            "reference": resolution.reference,
            "note": resolution.note,
        }),
    )?;
    Ok(resolution)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn evidence(reference: &str, note: Option<&str>) -> Evidence {
        Evidence {
            reference: reference.into(),
            note: note.map(str::to_string),
        }
    }

    #[test]
    fn evidence_is_bounded_and_named() {
        let field = |e: &Evidence| validate(e).err().and_then(|e| e.param);
        assert_eq!(field(&evidence("MP2611.0042", None)), None);
        assert_eq!(
            field(&evidence("  ab  ", None)).as_deref(),
            Some("evidence.reference")
        );
        assert_eq!(
            field(&evidence(&"x".repeat(201), None)).as_deref(),
            Some("evidence.reference")
        );
        assert_eq!(
            field(&evidence("ref\u{7}x", None)).as_deref(),
            Some("evidence.reference")
        );
        assert_eq!(
            field(&evidence("ref", Some(&"n".repeat(501)))).as_deref(),
            Some("evidence.note")
        );
        assert_eq!(
            field(&evidence("ref", Some("line\nbreak"))).as_deref(),
            Some("evidence.note")
        );
        assert_eq!(field(&evidence("ref", Some(&"n".repeat(500)))), None);
    }

    #[test]
    fn outcomes_are_named_as_the_api_names_them() {
        for outcome in [Outcome::Paid, Outcome::Returned] {
            let json = serde_json::to_value(outcome).expect("json");
            assert_eq!(json, outcome.as_str());
        }
    }
}
