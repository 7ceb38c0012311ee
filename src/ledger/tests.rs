use std::sync::Arc;

use rand::{RngExt, SeedableRng};

use super::shards::{SYSTEM_SHARDS, shard_of};
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
    assert_eq!(balance(&snap, &clearing).expect("total"), -7);
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

#[test]
fn an_owner_has_a_stable_shard_and_owners_spread_over_every_shard() {
    // Pinned: every node and every build must send an owner's lines to the
    // same row, so this figure may never change (worked out apart from this
    // code: FNV-1a 64 of "org_a" is 0x8524_8172_8fbf_0209, mod 16 = 9).
    assert_eq!(shard_of("org_a"), 9);
    assert_eq!(shard_of("org_a"), shard_of(&String::from("org_a")));
    let mut per_shard = [0u32; SYSTEM_SHARDS as usize];
    for n in 0..1_600 {
        per_shard[shard_of(&format!("org_{n:05}")) as usize] += 1;
    }
    // 100 expected in each; FNV-1a spreads sequential ids within a third.
    assert!(
        per_shard.iter().all(|count| (67..=133).contains(count)),
        "{per_shard:?}"
    );
}

#[test]
fn a_system_line_goes_to_its_owners_shard_and_the_base_name_is_recovered() {
    let store = Store::ephemeral().expect("store");
    let fees = system_account(Mode::Test, System::FeeRevenue, "CDF");
    let id = store
        .write_now(0, |tx| {
            Posting::build(Mode::Test, "org_a", cause(), "x")
                .transfer(
                    system_account(Mode::Test, System::RailClearing("card"), "CDF"),
                    fees.clone(),
                    40,
                    "CDF",
                )
                .post(tx)
        })
        .expect("post");
    let posting: Posting = store
        .snapshot()
        .expect("snap")
        .posting(&id)
        .expect("get")
        .expect("stored");
    let keys: Vec<&str> = posting.lines.iter().map(|l| l.account.as_str()).collect();
    assert_eq!(
        keys,
        [
            "test:sys.rail_clearing.card~09:CDF:system",
            "test:sys.fee_revenue~09:CDF:system"
        ]
    );
    for key in keys {
        assert!(is_system(key), "{key}");
        assert!(!base_owner(parse_account(key).expect("parts").1).contains('~'));
    }
    assert_eq!(
        parse_account("test:sys.fee_revenue~09:CDF:system"),
        Some(("test", "sys.fee_revenue", "CDF", "system"))
    );
    assert_eq!(
        base_account("test:sys.rail_clearing.card~03:USD:system"),
        "test:sys.rail_clearing.card:USD:system"
    );
    // A merchant's key is its own base, whatever its id holds.
    assert_eq!(
        base_account("test:org_a~1:CDF:available"),
        "test:org_a~1:CDF:available"
    );
    assert_eq!(base_owner("org_a~1"), "org_a~1");
}

#[test]
fn a_system_total_adds_every_shard_and_a_merchant_balance_is_its_row() {
    let store = Store::ephemeral().expect("store");
    let fees = system_account(Mode::Test, System::FeeRevenue, "CDF");
    let owners = ["org_a", "org_b", "org_c", "org_d"];
    for (n, owner) in owners.into_iter().enumerate() {
        let available = merchant_account(Mode::Test, owner, "CDF", Class::Available);
        store
            .write_now(0, |tx| {
                Posting::build(Mode::Test, owner, cause(), "x")
                    .transfer(
                        system_account(Mode::Test, System::RailClearing("card"), "CDF"),
                        available.clone(),
                        1_000,
                        "CDF",
                    )
                    .transfer(available.clone(), fees.clone(), 10 + n as i64, "CDF")
                    .post(tx)
            })
            .expect("post");
    }
    let snap = store.snapshot().expect("snap");
    let mut rows = Vec::new();
    snap.for_each_balance(|account, balance| {
        if account.starts_with("test:sys.fee_revenue") {
            rows.push(balance);
        }
        Ok(())
    })
    .expect("scan");
    // The four owners sit on at least two shards: the rows really are apart.
    assert!(rows.len() >= 2, "{rows:?}");
    assert_eq!(balance(&snap, &fees).expect("total"), 10 + 11 + 12 + 13);
    let clearing = system_account(Mode::Test, System::RailClearing("card"), "CDF");
    assert_eq!(balance(&snap, &clearing).expect("total"), -4_000);
    let a = merchant_account(Mode::Test, "org_a", "CDF", Class::Available);
    assert_eq!(balance(&snap, &a).expect("row"), 990);
    assert!(verify(&snap).expect("verify").ok());
}

#[test]
fn a_store_written_before_the_split_keeps_its_unsharded_rows_valid_and_counted() {
    let store = Store::ephemeral().expect("store");
    let fees = system_account(Mode::Test, System::FeeRevenue, "CDF");
    let clearing = system_account(Mode::Test, System::RailClearing("card"), "CDF");
    let available = merchant_account(Mode::Test, "org_a", "CDF", Class::Available);
    // What an older binary wrote: the base keys themselves, in the journal
    // and the balances, through the store as `apply` wrote them.
    store
        .write_now(0, |tx| {
            let old = Posting {
                id: "txn_old".into(),
                mode: Mode::Test,
                owner: "org_a".into(),
                cause: cause(),
                payment_intent: None,
                description: "before the split".into(),
                lines: vec![
                    Line {
                        account: clearing.key(),
                        amount_minor: -500,
                        currency: "CDF".into(),
                    },
                    Line {
                        account: available.key(),
                        amount_minor: 450,
                        currency: "CDF".into(),
                    },
                    Line {
                        account: fees.key(),
                        amount_minor: 50,
                        currency: "CDF".into(),
                    },
                ],
                created_at_ms: 0,
            };
            tx.put_balance(clearing.key(), -500);
            tx.put_balance(available.key(), 450);
            tx.put_balance(fees.key(), 50);
            tx.put_posting(old.id.clone(), &old)?;
            Ok(())
        })
        .expect("old posting");
    store
        .write_now(0, |tx| {
            Posting::build(Mode::Test, "org_a", cause(), "after the split")
                .transfer(clearing.clone(), available.clone(), 300, "CDF")
                .transfer(available.clone(), fees.clone(), 20, "CDF")
                .post(tx)
        })
        .expect("new posting");
    let snap = store.snapshot().expect("snap");
    // The old row is untouched; the new lines went to the shard.
    assert_eq!(snap.balance(&fees.key()).expect("get"), Some(50));
    assert_eq!(
        snap.balance("test:sys.fee_revenue~09:CDF:system")
            .expect("get"),
        Some(20)
    );
    assert_eq!(balance(&snap, &fees).expect("total"), 70);
    assert_eq!(balance(&snap, &clearing).expect("total"), -800);
    assert_eq!(balance(&snap, &available).expect("row"), 730);
    let report = verify(&snap).expect("verify");
    assert!(report.ok(), "{report:?}");
    assert_eq!(report.postings, 2);
}
