//! Approval and execution over an in-memory store: the rule, the funds, the
//! chunks driven by their timer, refusals kept in the reservation, a row that
//! waits for its payout's poll, and the ledger balanced after each.

use super::*;
use crate::auth::SessionCaller;
use crate::auth::roles::Role;
use crate::domain::payout_batches::{NewBatch, NewRows, create, prepare};
use crate::ledger::System;
use crate::mode::Mode;
use crate::store::Store;

const NOW: i64 = 1_798_761_600_000; // 2027-01-01T00:00:00Z

fn member(id: &str, role: Role, mode: Mode) -> Principal {
    Principal {
        session: Some(SessionCaller {
            session_id: format!("sess_{id}"),
            member_id: id.into(),
            email: format!("{id}@example.com"),
            role,
        }),
        rights: crate::auth::Rights::Role(role),
        ..Principal::system("test", "org_a", mode)
    }
}

fn maker() -> Principal {
    member("mem_maker", Role::Finance, Mode::Test)
}

fn checker() -> Principal {
    member("mem_checker", Role::Owner, Mode::Test)
}

/// org_a with `available_minor` CDF available in `mode`.
fn funded(mode: Mode, available_minor: i64) -> Store {
    let store = Store::ephemeral().expect("store");
    store
        .write_now(NOW, |tx| {
            let cause = Cause {
                kind: CauseKind::Settlement,
                id: "t".into(),
            };
            Posting::build(mode, "org_a", cause, "fund")
                .transfer(
                    ledger::system_account(mode, System::RailClearing("mobile_money"), "CDF"),
                    ledger::merchant_account(mode, "org_a", "CDF", Class::Available),
                    available_minor,
                    "CDF",
                )
                .post(tx)
        })
        .expect("fund");
    store
}

/// A batch of `phones`, 100.00 CDF each (fee 70), made by `by`.
fn batch(store: &Store, by: &Principal, phones: &[&str]) -> String {
    let mut text = String::from("method,amount,operator_id,phone\n");
    for phone in phones {
        text.push_str(&format!("mobile_money,100,mpesa,{phone}\n"));
    }
    let new = NewBatch {
        currency: crate::domain::currency::find("CDF").expect("cdf"),
        reference: Some("July".into()),
        note: None,
        skip_invalid: false,
        rows: NewRows::Csv(text),
    };
    let snapshot = store.snapshot().expect("snapshot");
    let prepared = prepare(&snapshot, by, new, NOW).expect("prepared");
    let view = store
        .write_now(NOW, |tx| create(tx, by, prepared))
        .expect("created");
    view.id
}

fn approved(store: &Store, by: &Principal, id: &str, chunk_rows: u32) -> PayoutBatch {
    store
        .write_now(NOW, |tx| approve(tx, by, id, false, chunk_rows))
        .expect("approved")
}

fn chunk(store: &Store, id: &str, run: u32) {
    store
        .write_now(NOW, |tx| on_chunk(tx, id, run, 2))
        .expect("chunk");
}

/// Fires the due timers as the scheduler does (each deleted in the command
/// that runs it), with chunks of 2 rows; how many fired.
fn fire(store: &Store) -> usize {
    let settings = crate::domain::Settings {
        payout_batch_chunk_rows: 2,
        ..crate::domain::Settings::default()
    };
    let due = store
        .snapshot()
        .expect("snapshot")
        .scan_timers("", None, 100)
        .expect("timers");
    for (key, value) in &due {
        let timer: scheduler::Timer = crate::store::decode(value).expect("a timer");
        store
            .write_now(NOW, |tx| {
                tx.delete_timer(key.clone());
                crate::domain::on_timer(tx, &settings, &timer.kind)
            })
            .expect("fired");
    }
    due.len()
}

fn stored(store: &Store, id: &str) -> PayoutBatch {
    store
        .snapshot()
        .expect("snapshot")
        .object(id)
        .expect("read")
        .expect("a batch")
}

/// (available, reserved, in transit) of org_a's CDF.
fn money(store: &Store, mode: Mode) -> (i64, i64, i64) {
    store
        .write_now(NOW, |tx| {
            let of = |class| ledger::merchant_account(mode, "org_a", "CDF", class);
            Ok((
                ledger::balance(tx, &of(Class::Available))?,
                ledger::balance(tx, &of(Class::Reserved))?,
                ledger::balance(tx, &of(Class::InTransit))?,
            ))
        })
        .expect("balances")
}

fn chunk_timers(store: &Store) -> usize {
    let snapshot = store.snapshot().expect("snapshot");
    let rows = snapshot.scan_timers("", None, 100).expect("timers");
    rows.iter()
        .filter(|(_, v)| String::from_utf8_lossy(v).contains("payout_batch_chunk"))
        .count()
}

fn verified(store: &Store) {
    let report = ledger::verify(&store.snapshot().expect("snapshot")).expect("verify");
    assert!(report.ok(), "{report:?}");
}

#[test]
fn the_maker_alone_and_a_key_for_the_owner_are_refused_and_nothing_moves() {
    let store = funded(Mode::Test, 100_000);
    let id = batch(&store, &maker(), &["+243000000501"]);
    let refused = store
        .write_now(NOW, |tx| approve(tx, &maker(), &id, false, 2))
        .expect_err("the maker");
    assert_eq!(refused.code, Code::StepUpRequired);
    let key = Principal::system("key_1", "org_a", Mode::Test);
    let by_owner = batch(&store, &checker(), &["+243000000501"]);
    let refused = store
        .write_now(NOW, |tx| approve(tx, &key, &by_owner, true, 2))
        .expect_err("a key never steps up");
    assert_eq!(refused.code, Code::StepUpRequired);
    assert_eq!(money(&store, Mode::Test), (100_000, 0, 0));
    let with_pin = store
        .write_now(NOW, |tx| approve(tx, &maker(), &id, true, 2))
        .expect("the maker with a PIN");
    assert_eq!(with_pin.status, Status::Executed);
    assert!(with_pin.runs[0].stepped_up);
    verified(&store);
}

#[test]
fn rows_are_paid_in_chunks_by_their_timer_and_the_batch_ends_executed() {
    let store = funded(Mode::Test, 100_000);
    let phones = [
        "+243810000001",
        "+243810000002",
        "+243810000003",
        "+243810000004",
        "+243810000005",
    ];
    let id = batch(&store, &maker(), &phones);
    let first = approved(&store, &checker(), &id, 2);
    assert_eq!(first.status, Status::Executing);
    assert_eq!((first.counts.paid, first.cursor), (2, 3));
    // The run's rows and fees are reserved, less what the first chunk spent.
    assert_eq!(first.reserved_minor, 3 * 10_070);
    assert_eq!(
        money(&store, Mode::Test),
        (100_000 - 5 * 10_070, 3 * 10_070, 0)
    );
    assert_eq!(chunk_timers(&store), 1);
    assert_eq!(fire(&store), 1);
    assert_eq!(stored(&store, &id).counts.paid, 4);
    assert_eq!(fire(&store), 1);
    let done = stored(&store, &id);
    assert_eq!(done.status, Status::Executed);
    assert_eq!((done.counts.paid, done.counts.valid), (5, 0));
    assert_eq!((done.paid_minor, done.paid_fees_minor), (50_000, 350));
    assert_eq!(done.runs[0].finished_at_ms, Some(NOW));
    assert_eq!(money(&store, Mode::Test), (100_000 - 5 * 10_070, 0, 0));
    assert_eq!(chunk_timers(&store), 0);
    // A timer fired again, or one of another run, pays nothing.
    chunk(&store, &id, 1);
    chunk(&store, &id, 7);
    assert_eq!(stored(&store, &id).counts.paid, 5);
    assert_eq!(money(&store, Mode::Test), (100_000 - 5 * 10_070, 0, 0));
    verified(&store);
}

#[test]
fn chunks_wait_while_the_guardian_halts_money_movement() {
    let store = funded(Mode::Test, 100_000);
    let phones = ["+243810000001", "+243810000002", "+243810000003"];
    let id = batch(&store, &maker(), &phones);
    approved(&store, &checker(), &id, 2);
    store
        .write_now(NOW, |tx| {
            Ok(tx.put_meta(
                crate::store::Meta::Guardian,
                &serde_json::json!({"reason": "x", "since_ms": 0}),
            )?)
        })
        .expect("halt");
    let halted = store
        .write_now(NOW, |tx| on_chunk(tx, &id, 1, 2))
        .expect_err("halted");
    assert_eq!(halted.code, Code::GuardianHalt);
    assert_eq!(stored(&store, &id).counts.paid, 2);
    store
        .write_now(NOW, |tx| {
            tx.delete_meta(crate::store::Meta::Guardian);
            Ok(())
        })
        .expect("cleared");
    chunk(&store, &id, 1);
    assert_eq!(stored(&store, &id).status, Status::Executed);
    verified(&store);
}

#[test]
fn rows_refused_before_anything_moved_keep_their_share_reserved_until_the_release() {
    // A live batch: no connector, so every payout is refused and nothing moves.
    let live = member("mem_checker", Role::Owner, Mode::Live);
    let store = funded(Mode::Live, 50_000);
    let made_by = member("mem_maker", Role::Finance, Mode::Live);
    let id = batch(
        &store,
        &made_by,
        &["+243810000001", "+243810000002", "+243810000003"],
    );
    let run = approved(&store, &live, &id, 2);
    assert_eq!(run.counts.failed, 2);
    assert_eq!(run.reserved_minor, 3 * 10_070, "nothing spent");
    assert_eq!(
        money(&store, Mode::Live),
        (50_000 - 3 * 10_070, 3 * 10_070, 0)
    );
    assert_eq!(fire(&store), 1);
    let done = stored(&store, &id);
    assert_eq!(done.status, Status::Failed);
    assert_eq!(done.runs[0].released_minor, 3 * 10_070);
    assert_eq!(money(&store, Mode::Live), (50_000, 0, 0));
    let row: BatchRow = store
        .snapshot()
        .expect("snapshot")
        .object(&row_id(&id, 1))
        .expect("read")
        .expect("row");
    let failure = row.failure.expect("why");
    assert_eq!(failure.code, "rail_not_configured");
    assert_eq!(row.attempts, 1);
    verified(&store);
}

#[test]
fn a_row_whose_payout_is_pending_holds_the_batch_until_its_poll_decides() {
    let store = funded(Mode::Test, 100_000);
    let id = batch(
        &store,
        &maker(),
        &["+243000000501", "+243000000500", "+243000000408"],
    );
    let run = approved(&store, &checker(), &id, 5);
    assert_eq!(run.status, Status::Executing, "the pending row holds it");
    assert_eq!(
        (
            run.counts.paid,
            run.counts.processing,
            run.counts.needs_review
        ),
        (1, 1, 1)
    );
    assert_eq!(run.in_transit_minor, 2 * 10_070);
    assert_eq!(run.required_minor(), 0, "nothing is due again");
    let row: BatchRow = store
        .snapshot()
        .expect("snapshot")
        .object(&row_id(&id, 2))
        .expect("read")
        .expect("row");
    let payout = row.payout.expect("its payout");
    let settings = crate::domain::Settings::default();
    for _ in 0..2 {
        store
            .write_now(NOW + 7_000, |tx| {
                crate::domain::on_timer(
                    tx,
                    &settings,
                    &TimerKind::PayoutPoll {
                        payout: payout.clone(),
                    },
                )
            })
            .expect("poll");
    }
    let done = stored(&store, &id);
    assert_eq!(done.status, Status::Executed);
    assert_eq!(
        (
            done.counts.paid,
            done.counts.processing,
            done.counts.needs_review
        ),
        (2, 0, 1)
    );
    assert_eq!(done.in_transit_minor, 10_070, "the row in review");
    assert_eq!(money(&store, Mode::Test), (100_000 - 3 * 10_070, 0, 10_000));
    verified(&store);
}

#[test]
fn approval_needs_the_funds_and_a_batch_that_may_be_approved() {
    let store = funded(Mode::Test, 10_069);
    let id = batch(&store, &maker(), &["+243000000501"]);
    let short = store
        .write_now(NOW, |tx| approve(tx, &checker(), &id, false, 2))
        .expect_err("short");
    assert_eq!(short.code, Code::InsufficientFunds);
    assert_eq!(stored(&store, &id).status, Status::PendingApproval);
    assert_eq!(money(&store, Mode::Test), (10_069, 0, 0));
    let store = funded(Mode::Test, 10_070);
    let id = batch(&store, &maker(), &["+243000000501"]);
    approved(&store, &checker(), &id, 2);
    let again = store
        .write_now(NOW, |tx| approve(tx, &checker(), &id, false, 2))
        .expect_err("executed");
    assert_eq!(again.code, Code::PayoutBatchNotApprovable);
    assert_eq!(money(&store, Mode::Test), (0, 0, 0));
    verified(&store);
}
