use std::sync::Arc;

use rand::{RngExt, SeedableRng};

use super::*;
use crate::clock::SystemClock;
use crate::store::{Meta, Read, Store, Writer};

fn cause() -> Cause {
    Cause {
        kind: crate::ledger::CauseKind::PaymentIntent,
        id: "t_1".into(),
    }
}

#[test]
fn random_batches_with_failures_keep_the_ledger_balanced() {
    let store = Store::ephemeral().expect("store");
    let (writer, _) =
        Writer::start(store.clone(), Arc::new(SystemClock), Vec::new()).expect("writer");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let owners = ["org_a", "org_b", "acct_c"];
    let currencies = ["CDF", "USD"];
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut succeeded = 0;
    let mut failed = 0;
    for _round in 0..20 {
        let mut tasks = Vec::new();
        for _ in 0..50 {
            let owner = owners[rng.random_range(0..owners.len())];
            let currency = currencies[rng.random_range(0..currencies.len())];
            let amount: i64 = rng.random_range(1..10_000);
            let kind = rng.random_range(0..4);
            let writer = writer.clone();
            tasks.push(runtime.spawn(async move {
                writer
                    .run(move |tx| {
                        let available =
                            merchant_account(Mode::Test, owner, currency, Class::Available);
                        let reserved =
                            merchant_account(Mode::Test, owner, currency, Class::Reserved);
                        let clearing =
                            system_account(Mode::Test, System::RailClearing("card"), currency);
                        let builder = Posting::build(Mode::Test, owner, cause(), "random");
                        match kind {
                            // Money in from a rail.
                            0 | 1 => builder
                                .transfer(clearing, available, amount, currency)
                                .post(tx),
                            // A reservation that may exceed what is there: may fail.
                            2 => builder
                                .transfer(available, reserved, amount, currency)
                                .post(tx),
                            // Writes, then fails on purpose: must leave nothing.
                            _ => {
                                builder
                                    .transfer(clearing, available.clone(), amount, currency)
                                    .post(tx)?;
                                tx.put_meta_bytes(Meta::Scratch("must-not-exist"), vec![1]);
                                Err(ApiError::field("kind", "failing on purpose"))
                            }
                        }
                    })
                    .await
            }));
        }
        for task in tasks {
            match runtime.block_on(task).expect("join") {
                Ok(_) => succeeded += 1,
                Err(_) => failed += 1,
            }
        }
    }
    assert!(succeeded > 0 && failed > 0);
    let snapshot = store.snapshot().expect("snapshot");
    let report = verify(&snapshot).expect("verify");
    assert!(report.ok(), "{report:?}");
    assert_eq!(report.postings, succeeded);
    assert!(
        !snapshot
            .has_meta(Meta::Scratch("must-not-exist"))
            .expect("get")
    );
    // No merchant balance is negative.
    snapshot
        .for_each_balance(|account, balance| {
            if !is_system(account) {
                assert!(balance >= 0, "{account}");
            }
            Ok(())
        })
        .expect("scan");
}

#[test]
fn an_unbalanced_posting_is_refused() {
    let store = Store::ephemeral().expect("store");
    let result = store.write_now(0, |tx| {
        let mut builder = Posting::build(Mode::Test, "org_a", cause(), "broken");
        builder.posting.lines.push(Line {
            account: merchant_account(Mode::Test, "org_a", "CDF", Class::Available).key(),
            amount_minor: 5,
            currency: "CDF".into(),
        });
        builder.post(tx)
    });
    assert_eq!(result.expect_err("refused").code, Code::InternalError);
    let report = verify(&store.snapshot().expect("snap")).expect("verify");
    assert_eq!(report.postings, 0);
}

#[test]
fn merchant_balances_cannot_go_negative_but_system_ones_can() {
    let store = Store::ephemeral().expect("store");
    let available = merchant_account(Mode::Test, "org_a", "CDF", Class::Available);
    let clearing = system_account(Mode::Test, System::RailClearing("card"), "CDF");
    let err = store
        .write_now(0, |tx| {
            Posting::build(Mode::Test, "org_a", cause(), "x")
                .transfer(available.clone(), clearing.clone(), 1, "CDF")
                .post(tx)
        })
        .expect_err("negative");
    assert_eq!(err.code, Code::InsufficientFunds);
    store
        .write_now(0, |tx| {
            Posting::build(Mode::Test, "org_a", cause(), "x")
                .transfer(clearing.clone(), available.clone(), 7, "CDF")
                .post(tx)
        })
        .expect("in");
    let snap = store.snapshot().expect("snap");
    assert_eq!(snap.balance(&clearing.key()).expect("get"), Some(-7));
    assert!(verify(&snap).expect("verify").ok());
}

#[test]
fn verify_finds_a_tampered_balance() {
    let store = Store::ephemeral().expect("store");
    let available = merchant_account(Mode::Test, "org_a", "CDF", Class::Available);
    let clearing = system_account(Mode::Test, System::RailClearing("card"), "CDF");
    store
        .write_now(0, |tx| {
            Posting::build(Mode::Test, "org_a", cause(), "x")
                .transfer(clearing.clone(), available.clone(), 100, "CDF")
                .post(tx)
        })
        .expect("post");
    store
        .write_now(0, |tx| {
            tx.put_balance(available.key(), 101);
            Ok(())
        })
        .expect("tamper");
    let report = verify(&store.snapshot().expect("snap")).expect("verify");
    assert!(!report.ok());
    assert_eq!(report.balance_mismatches, 1);
}

#[test]
fn account_keys_keep_the_stored_layout() {
    assert_eq!(
        merchant_account(Mode::Live, "org_a", "CDF", Class::SettlementPending).key(),
        "live:org_a:CDF:settlement_pending"
    );
    assert_eq!(
        system_account(Mode::Test, System::RailClearing("card"), "USD").key(),
        "test:sys.rail_clearing.card:USD:system"
    );
}

#[test]
fn balances_are_grouped_by_currency_and_class() {
    let store = Store::ephemeral().expect("store");
    let clearing = system_account(Mode::Test, System::RailClearing("card"), "CDF");
    store
        .write_now(0, |tx| {
            Posting::build(Mode::Test, "org_a", cause(), "x")
                .transfer(
                    clearing.clone(),
                    merchant_account(Mode::Test, "org_a", "CDF", Class::Pending),
                    70,
                    "CDF",
                )
                .transfer(
                    clearing.clone(),
                    merchant_account(Mode::Test, "org_a", "CDF", Class::Available),
                    30,
                    "CDF",
                )
                .transfer(
                    system_account(Mode::Test, System::RailClearing("card"), "USD"),
                    merchant_account(Mode::Test, "org_a", "USD", Class::Held),
                    5,
                    "USD",
                )
                .post(tx)
        })
        .expect("post");
    let snap = store.snapshot().expect("snap");
    let balances = super::balances(&snap, Mode::Test, "org_a").expect("balances");
    assert_eq!(balances.len(), 2, "{balances:?}");
    assert_eq!(balances[0].currency, "CDF");
    assert_eq!(balances[0].of(Class::Pending), 70);
    assert_eq!(balances[0].of(Class::Available), 30);
    assert_eq!(balances[1].currency, "USD");
    assert_eq!(balances[1].of(Class::Held), 5);
    assert!(
        super::balances(&snap, Mode::Live, "org_a")
            .expect("live")
            .is_empty()
    );
}
