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

#[cfg(test)]
mod tests {
    //! MISMATCHED cannot be reached through the API (a payout is made from
    //! its route's figures), so these drive a route there in the store: a
    //! route whose payout the rail answers later, its recipient amount
    //! changed before the rail confirms, then its review.

    use super::*;
    use crate::domain::currency;
    use crate::domain::payouts::{self, Status as PayoutStatus};
    use crate::domain::routes::{self, Ask, FxLock, NewRoute, ROUTE};
    use crate::ledger::{self, Cause, CauseKind, Posting, System};
    use crate::mode::Mode;
    use crate::store::Store;

    const NOW: i64 = 1_798_761_600_000; // 2027-01-01T00:00:00Z
    const FUNDS: i64 = 5_000_000;

    fn org() -> Principal {
        Principal::system("test", "org_a", Mode::Test)
    }

    fn available(store: &Store) -> i64 {
        store
            .write_now(NOW, |tx| {
                let of = ledger::merchant_account(Mode::Test, "org_a", "CDF", Class::Available);
                Ok(ledger::balance(tx, &of)?)
            })
            .expect("balance")
    }

    /// A route of 1,000,000 CDF to M-Pesa DRC in MISMATCHED, and its store.
    fn mismatched() -> (Store, String) {
        let store = Store::ephemeral().expect("store");
        let settings = Settings::default();
        let id = store
            .write_now(NOW, |tx| {
                Posting::build(
                    Mode::Test,
                    "org_a",
                    Cause {
                        kind: CauseKind::Settlement,
                        id: "t".into(),
                    },
                    "fund",
                )
                .transfer(
                    ledger::system_account(Mode::Test, System::RailClearing("mobile_money"), "CDF"),
                    ledger::merchant_account(Mode::Test, "org_a", "CDF", Class::Available),
                    FUNDS,
                    "CDF",
                )
                .post(tx)?;
                let input = serde_json::from_value(serde_json::json!({
                    "method": "mobile_money", "operator_id": "mpesa_cd",
                    "phone": "+243000000500", "name": "Amani"}))
                .map_err(ApiError::internal)?;
                let destination =
                    super::super::ends::parse_destination(tx, &org(), input, "CDF", None)?;
                let cdf = currency::parse("currency", "CDF")?;
                let source = super::super::Source::wallet();
                let ask = Ask {
                    amount_minor: 1_000_000,
                    currency: cdf,
                    target_currency: cdf,
                    source: &source,
                    destination: &destination,
                };
                let (figures, _) = routes::price(tx, &org(), &ask, FxLock::Take(None))?;
                let new = NewRoute {
                    id: ROUTE.new_id(),
                    source,
                    destination,
                    figures,
                    quote_id: None,
                    note: None,
                    purpose: None,
                    source_of_funds: None,
                    remittance: None,
                };
                let mut route = routes::create(tx, &settings, &org(), new)?;
                assert_eq!(route.stage, Stage::PayoutSent);
                // The rail will confirm an amount the route did not send.
                route.figures.recipient_amount_minor += 1;
                route.save(tx)?;
                Ok(route.id)
            })
            .expect("a route");
        store
            .write_now(NOW + 60_000, |tx| {
                let route = routes::read(tx, &org(), &id)?;
                payouts::on_poll(tx, route.payout.as_deref().unwrap_or_default())
            })
            .expect("the poll");
        (store, id)
    }

    fn decide(store: &Store, id: &str, outcome: Outcome) -> Result<Route, ApiError> {
        let evidence = Evidence {
            reference: "MPESA-STMT-2611-0042".into(),
            note: None,
        };
        store.write_now(NOW + 120_000, |tx| {
            review(tx, &Settings::default(), &org(), id, outcome, &evidence)
        })
    }

    fn verified(store: &Store) {
        let report = ledger::verify(&store.snapshot().expect("snapshot")).expect("verify");
        assert!(report.ok(), "{report:?}");
    }

    #[test]
    fn a_mismatched_route_returned_by_its_review_gives_every_unit_back() {
        let (store, id) = mismatched();
        let route = store
            .write_now(NOW, |tx| routes::read(tx, &org(), &id))
            .expect("route");
        assert_eq!(route.stage, Stage::Mismatched);
        assert_eq!(available(&store), FUNDS - 1_000_000);
        let route = decide(&store, &id, Outcome::Returned).expect("reviewed");
        assert_eq!(route.stage, Stage::Failed);
        assert_eq!(route.failure_reason.as_deref(), Some(RETURNED));
        assert_eq!(route.returned_minor, Some(1_000_000));
        assert_eq!(route.resolution.map(|r| r.outcome), Some(Outcome::Returned));
        assert_eq!(available(&store), FUNDS);
        verified(&store);
        let again = decide(&store, &id, Outcome::Paid).err().map(|e| e.code);
        assert_eq!(again, Some(Code::NotInReview));
    }

    #[test]
    fn a_mismatched_route_paid_by_its_review_settles_and_its_payout_stands() {
        let (store, id) = mismatched();
        let route = decide(&store, &id, Outcome::Paid).expect("reviewed");
        assert_eq!(route.stage, Stage::Settled);
        assert!(route.settled_at_ms.is_some());
        let payout = store
            .write_now(NOW, |tx| {
                payouts::read(tx, &org(), route.payout.as_deref().unwrap_or_default())
            })
            .expect("payout");
        assert_eq!(payout.status, PayoutStatus::Paid);
        assert_eq!(available(&store), FUNDS - 1_000_000);
        verified(&store);
    }
}
