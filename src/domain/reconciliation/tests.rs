//! The import over a real (ephemeral) store: 10,000 switch payments and a
//! statement of 10,000 lines with 5 mismatches, timed; the same bytes again.

use std::time::Instant;

use super::*;
use crate::store::Store;

const OWNER: &str = "org_rec";
const DAY: i64 = 86_400_000;
/// 2026-11-20T00:00:00Z.
const T0: i64 = 1_795_132_800_000;

fn payment(i: usize) -> switch_payments::SwitchPayment {
    serde_json::from_value(serde_json::json!({
        "id": format!("pay_{i:06}"), "mode": "test", "owner": OWNER,
        "merchant_order_id": format!("ord-{i}"), "amount_minor": 1_000 + i as i64,
        "currency": "CDF", "product": "MERCHANT_PAYMENT", "payer_binding": "bind_1",
        "description": null, "correlation_id": format!("c{i}"), "consent": null,
        "status": "COMPLETED",
        "dimensions": {"authorization_status": "AUTHORIZED", "beneficiary_credit_status": "CREDITED",
                       "settlement_status": "SETTLED", "reconciliation_status": "DUE",
                       "resolution_status": "NONE"},
        "switch": "sandbox_switch", "journal": [], "submissions": 1, "inquiries": 0,
        "switch_reference": null, "failure_reason": null, "transaction": null,
        "expires_at_ms": T0 + DAY, "created_at_ms": T0 + (i as i64) * 1_000,
        "updated_at_ms": T0 + (i as i64) * 1_000,
    }))
    .expect("a switch payment")
}

fn statement(n: usize, wrong: &[usize]) -> String {
    let mut text = String::from("reference,amount,currency,date,status\n");
    for i in 0..n {
        let minor = 1_000 + i as i64 + if wrong.contains(&i) { 1 } else { 0 };
        text.push_str(&format!(
            "pay_{i:06},{}.{:02},CDF,2026-11-20,SUCCESSFUL\n",
            minor / 100,
            minor % 100
        ));
    }
    text
}

#[test]
fn ten_thousand_lines_with_five_mismatches_list_exactly_five_and_resolve_the_rest() {
    const N: usize = 10_000;
    let store = Store::ephemeral().expect("store");
    store
        .write_now(T0, |tx| {
            for i in 0..N {
                resource::insert(tx, switch_payments::SWITCH_PAYMENT.family, &payment(i))?;
            }
            Ok(())
        })
        .expect("payments");
    let principal = Principal::system("test", OWNER, Mode::Test);
    let wrong = [7, 1_000, 4_242, 8_000, 9_999];
    let text = statement(N, &wrong);
    let new = || NewStatement {
        rail: "national_switch".into(),
        currency: None,
        text: text.clone(),
    };
    let started = Instant::now();
    let snapshot = store.snapshot().expect("snapshot");
    let prepared = prepare(&snapshot, &principal, new(), T0 + DAY).expect("prepared");
    drop(snapshot);
    let prepared_in = started.elapsed();
    let (statement, stored) = store
        .write_now(T0 + DAY, |tx| import(tx, prepared))
        .expect("imported");
    let took = started.elapsed();
    println!("imported {N} lines in {took:?} (prepared in {prepared_in:?}; debug build)");
    assert!(stored);
    let c = &statement.counts;
    assert_eq!(
        (
            c.lines,
            c.matched,
            c.mismatched,
            c.unmatched,
            c.missing,
            c.resolved
        ),
        (10_000, 9_995, 5, 0, 0, 9_995)
    );
    let listed: Vec<&str> = statement
        .attention
        .iter()
        .map(|i| i.reference.as_str())
        .collect();
    let expected: Vec<String> = wrong.iter().map(|i| format!("pay_{i:06}")).collect();
    assert_eq!(listed, expected);
    assert!(
        statement
            .attention
            .iter()
            .all(|i| i.reason == Reason::Amount)
    );
    let after: switch_payments::SwitchPayment = store
        .snapshot()
        .expect("snapshot")
        .object("pay_000001")
        .expect("read")
        .expect("stored");
    assert_eq!(after.dimensions.reconciliation_status, "MATCHED");
    assert_eq!(
        after.journal.last().map(|f| f.fact.as_str()),
        Some("RECONCILED")
    );

    // The same bytes again: the first statement, nothing written.
    let snapshot = store.snapshot().expect("snapshot");
    let again = prepare(&snapshot, &principal, new(), T0 + DAY).expect("prepared");
    assert!(matches!(&again, Prepared::Known(id) if *id == statement.id));
    drop(snapshot);
    let (same, stored) = store
        .write_now(T0 + DAY, |tx| import(tx, again))
        .expect("answered");
    assert!(!stored);
    assert_eq!(same.counts, statement.counts);
    let totals: ReconciliationTotals = store
        .snapshot()
        .expect("snapshot")
        .meta(Meta::ReconciliationTotals)
        .expect("read")
        .expect("totals");
    assert_eq!(
        (totals.statements, totals.matched, totals.mismatched),
        (1, 9_995, 5)
    );
}

#[test]
fn a_record_the_statement_lacks_in_its_period_is_missing_and_another_owners_is_unmatched() {
    let store = Store::ephemeral().expect("store");
    store
        .write_now(T0, |tx| {
            for i in 0..3 {
                resource::insert(tx, switch_payments::SWITCH_PAYMENT.family, &payment(i))?;
            }
            let mut other = payment(3);
            other.owner = "org_other".into();
            resource::insert(tx, switch_payments::SWITCH_PAYMENT.family, &other)
        })
        .expect("payments");
    let principal = Principal::system("test", OWNER, Mode::Test);
    // Lines for pay_000000 and pay_000003 (another's); pay_000001 and
    // pay_000002 are missing.
    let text = "reference,amount,currency,date\n\
                pay_000000,10.00,CDF,2026-11-20\n\
                pay_000003,10.03,CDF,2026-11-20\n";
    let new = NewStatement {
        rail: "national_switch".into(),
        currency: None,
        text: text.into(),
    };
    let snapshot = store.snapshot().expect("snapshot");
    let Prepared::New(fresh) = prepare(&snapshot, &principal, new, T0).expect("prepared") else {
        panic!("a new statement");
    };
    let c = &fresh.statement.counts;
    assert_eq!((c.matched, c.unmatched, c.missing), (1, 1, 2));
    let missing: Vec<&str> = fresh
        .statement
        .attention
        .iter()
        .filter(|i| i.class == Class::Missing)
        .map(|i| i.reference.as_str())
        .collect();
    assert_eq!(missing, ["pay_000001", "pay_000002"]);
    assert!(fresh.report.starts_with("line,reference,class"));
    assert_eq!(fresh.report.lines().count(), 1 + 2 + 2);
}
