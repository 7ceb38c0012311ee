//! Payout commands over an in-memory store: the postings of each outcome,
//! refusals that write nothing, and a poll that cannot pay twice.

use super::*;
use crate::store::Store;

const NOW: i64 = 1_798_761_600_000; // 2027-01-01T00:00:00Z

fn org() -> Principal {
    Principal::system("test", "org_a", Mode::Test)
}

/// A store where org_a has `available_minor` CDF available.
fn funded(available_minor: i64) -> Store {
    let store = Store::ephemeral().expect("store");
    store
        .write_now(NOW, |tx| {
            Posting::build(
                Mode::Test,
                "org_a",
                cause(CauseKind::Settlement, "t"),
                "fund",
            )
            .transfer(
                ledger::system_account(Mode::Test, System::RailClearing("mobile_money"), "CDF"),
                ledger::merchant_account(Mode::Test, "org_a", "CDF", Class::Available),
                available_minor,
                "CDF",
            )
            .post(tx)
        })
        .expect("fund");
    store
}

fn request(phone: &str, amount_minor: i64) -> PayoutRequest {
    PayoutRequest {
        amount_minor,
        currency: "CDF".into(),
        destination: Destination::MobileMoney {
            operator_id: "mpesa_cd".into(),
            operator: "mpesa".into(),
            phone: phone.into(),
            name: None,
        },
        description: None,
        reference: None,
        batch: None,
        funded_from: Class::Available,
    }
}

/// (available, in transit, fee revenue) in CDF.
fn money(store: &Store) -> (i64, i64, i64) {
    store
        .write_now(NOW, |tx| {
            let of = |class| ledger::merchant_account(Mode::Test, "org_a", "CDF", class);
            let fees = ledger::system_account(Mode::Test, System::FeeRevenue, "CDF");
            Ok((
                ledger::balance(tx, &of(Class::Available))?,
                ledger::balance(tx, &of(Class::InTransit))?,
                ledger::balance(tx, &fees)?,
            ))
        })
        .expect("balances")
}

fn verified(store: &Store) {
    let report = ledger::verify(&store.snapshot().expect("snapshot")).expect("verify");
    assert!(report.ok(), "{report:?}");
}

#[test]
fn the_fee_is_70_bps_half_up_and_at_least_one() {
    assert_eq!(fee_minor(10_000), 70);
    assert_eq!(fee_minor(100), 1);
    assert_eq!(fee_minor(150), 1, "1.05 rounds down");
    assert_eq!(fee_minor(1_000_050), 7_000, "7000.35 rounds down");
    assert_eq!(fee_minor(1_071), 7, "7.497 rounds down");
    assert_eq!(fee_minor(1_072), 8, "7.504 rounds up");
}

#[test]
fn a_paid_payout_leaves_through_in_transit_to_the_rail_with_its_fee() {
    let store = funded(20_000);
    let payout = store
        .write_now(NOW, |tx| {
            create(tx, &org(), request("+243000000501", 10_000))
        })
        .expect("paid");
    assert_eq!(payout.status, Status::Paid);
    assert_eq!(payout.fee_minor, 70);
    assert!(payout.paid_transaction.is_some() && payout.return_transaction.is_none());
    assert!(payout.reference.starts_with("PO") && payout.reference.len() == 10);
    assert_eq!(money(&store), (20_000 - 10_070, 0, 70));
    verified(&store);
}

#[test]
fn a_failed_payout_returns_amount_and_fee_to_available() {
    let store = funded(20_000);
    for phone in ["+243000000404", "+243000000503"] {
        let payout = store
            .write_now(NOW, |tx| create(tx, &org(), request(phone, 10_000)))
            .expect("created");
        assert_eq!(payout.status, Status::Failed, "{phone}");
        assert!(payout.failure_reason.is_some() && payout.return_transaction.is_some());
        assert_eq!(money(&store), (20_000, 0, 0), "{phone}");
    }
    verified(&store);
}

#[test]
fn short_funds_refuse_the_payout_and_write_nothing() {
    let store = funded(10_069);
    let refused = store.write_now(NOW, |tx| {
        create(tx, &org(), request("+243000000501", 10_000))
    });
    let error = refused.expect_err("10,000 + 70 > 10,069");
    assert_eq!(
        (error.code, error.param.as_deref()),
        (Code::InsufficientFunds, Some("amount_minor"))
    );
    assert_eq!(money(&store), (10_069, 0, 0));
    let listed = store
        .snapshot()
        .expect("snapshot")
        .scan_index("po|", None, 10)
        .expect("scan");
    assert!(listed.is_empty());
}

#[test]
fn live_mode_without_a_connector_is_refused_before_anything_moves() {
    let store = funded(20_000);
    let live = Principal::system("live", "org_a", Mode::Live);
    let refused = store.write_now(NOW, |tx| create(tx, &live, request("+243000000501", 100)));
    assert_eq!(refused.err().map(|e| e.code), Some(Code::RailNotConfigured));
}

#[test]
fn a_pending_payout_is_paid_by_its_poll_once_however_often_the_poll_fires() {
    let store = funded(20_000);
    let payout = store
        .write_now(NOW, |tx| {
            create(tx, &org(), request("+243000000500", 10_000))
        })
        .expect("pending");
    assert_eq!(payout.status, Status::Processing);
    assert_eq!(money(&store), (20_000 - 10_070, 10_000, 70));
    let timers = store
        .snapshot()
        .expect("snapshot")
        .scan_timers("", None, 10)
        .expect("timers");
    assert_eq!(timers.len(), 1, "one durable poll");
    // The poll fires, then fires again (as after a crash before its commit
    // was acknowledged): the second finds it PAID and does nothing.
    for _ in 0..2 {
        store
            .write_now(NOW + 6_000, |tx| on_poll(tx, &payout.id))
            .expect("poll");
    }
    let paid = read(&store.snapshot().expect("snapshot"), &org(), &payout.id).expect("read");
    assert_eq!((paid.status, paid.polls), (Status::Paid, 1));
    assert_eq!(money(&store), (20_000 - 10_070, 0, 70));
    verified(&store);
}

#[test]
fn an_unknown_outcome_holds_the_money_in_transit_for_review() {
    let store = funded(20_000);
    let payout = store
        .write_now(NOW, |tx| {
            create(tx, &org(), request("+243000000408", 10_000))
        })
        .expect("held");
    assert_eq!(payout.status, Status::NeedsReview);
    assert_eq!(money(&store), (20_000 - 10_070, 10_000, 70));
    verified(&store);
}

#[test]
fn a_batch_row_is_funded_from_its_reserved_class_and_keeps_its_reference() {
    let store = funded(20_000);
    store
        .write_now(NOW, |tx| {
            Posting::build(
                Mode::Test,
                "org_a",
                cause(CauseKind::Payout, "b"),
                "reserve",
            )
            .transfer(
                ledger::merchant_account(Mode::Test, "org_a", "CDF", Class::Available),
                ledger::merchant_account(Mode::Test, "org_a", "CDF", Class::Reserved),
                10_070,
                "CDF",
            )
            .post(tx)
        })
        .expect("reserve");
    let mut row = request("+243000000501", 10_000);
    row.funded_from = Class::Reserved;
    row.batch = Some(BatchRef {
        id: "pb_1".into(),
        row: 7,
    });
    let payout = store
        .write_now(NOW, |tx| create(tx, &org(), row))
        .expect("paid");
    assert_eq!(payout.batch.as_ref().map(|b| b.row), Some(7));
    assert_eq!(view(&payout).batch, payout.batch);
    assert_eq!(money(&store), (20_000 - 10_070, 0, 70));
    verified(&store);
}
