//! `POST /routes/{id}/review` (issue 47, `domain::review`): an operator
//! resolves a route parked in MANUAL_REVIEW or MISMATCHED from the rail's
//! statement, and the route takes the path a rail's answer would have given
//! it.
//!
//! - MANUAL_REVIEW: its payout is in NEEDS_REVIEW, so the decision is the
//!   payout's review ([`crate::domain::review_payout`]), and the route
//!   follows its payout as it does after a poll (`flow::on_payout`): `paid`
//!   settles it (EVIDENCE_RECEIVED, VERIFYING, VERIFIED, SETTLED, its
//!   receipt), `returned` fails it with everything back (FAILED,
//!   `payout_failed:returned`). Reviewing the payout itself does the same,
//!   so both ways agree.
//! - MISMATCHED: its payout is PAID but disagreed with the figures. `paid`:
//!   the statement shows the recipient got the route's amount, SETTLED;
//!   `returned`: the payout came back, and the route returns all of it as
//!   after a failed payout (FAILED, `payout_failed:returned`).

use super::state::{Stage, Trigger};
use super::{Route, flow, legs};
use crate::auth::Principal;
use crate::domain::Settings;
use crate::domain::payouts::Payout;
use crate::domain::review::{self, Evidence, Outcome};
use crate::error::{ApiError, Code};
use crate::ledger::Class;
use crate::store::{Read, Tx};

/// Why a reviewed route that was not settled failed.
const RETURNED: &str = "payout_failed:returned";

pub fn review(
    tx: &mut Tx<'_>,
    settings: &Settings,
    principal: &Principal,
    id: &str,
    outcome: Outcome,
    evidence: &Evidence,
) -> Result<Route, ApiError> {
    let route = super::read(tx, principal, id)?;
    if !matches!(route.stage, Stage::ManualReview | Stage::Mismatched) {
        return Err(ApiError::new(
            Code::NotInReview,
            format!(
                "route {id} is {}: only a route in MANUAL_REVIEW or MISMATCHED is resolved by a review",
                route.stage.as_str()
            ),
        )
        .with_detail("stage", route.stage.as_str()));
    }
    let payout_id = route
        .payout
        .clone()
        .ok_or_else(|| ApiError::internal(format!("route {id} in review has no payout")))?;
    let resolution = review::resolve(tx, principal, "route.reviewed", id, outcome, evidence)?;
    if route.stage == Stage::ManualReview {
        // The payout's own review (the same evidence, `payout.reviewed`
        // in the audit log too); its hook moves the route and gives it the
        // payout's resolution, this one.
        crate::domain::review_payout(tx, settings, principal, &payout_id, outcome, evidence)?;
        return super::read(tx, principal, id);
    }
    let mut route = route;
    route.resolution = Some(resolution);
    resolve_mismatch(tx, &mut route, &payout_id, outcome)?;
    route.save(tx)?;
    Ok(route)
}

/// A MISMATCHED route: settled as its payout stands, or its payout's money
/// back from the rail and everything the route held returned.
fn resolve_mismatch(
    tx: &mut Tx<'_>,
    route: &mut Route,
    payout_id: &str,
    outcome: Outcome,
) -> Result<(), ApiError> {
    if outcome == Outcome::Returned {
        let payout = tx
            .object::<Payout>(payout_id)?
            .ok_or_else(|| ApiError::internal(format!("payout {payout_id} is missing")))?;
        legs::payout_came_back(tx, route, &payout)?;
        flow::give_back(tx, route, RETURNED, Class::Available)?;
    }
    let paid = outcome == Outcome::Paid;
    route.advance(tx, Trigger::Review { paid })
}
