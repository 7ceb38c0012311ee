//! Writes to a stopped server's redb file behind the ledger's back, for the
//! tests that prove the gateway notices (redb only: on PostgreSQL there is
//! no such file).

use std::path::Path;

/// Adds `delta` to the stored pending balance in CDF, behind the ledger's back.
pub fn tamper_pending_balance(data_dir: &Path, delta: i64) {
    // A killed server's last batches may be in its write-ahead log only:
    // opening the store (as `verify` does) replays them into the file, so
    // the start after the tampering does not write the true balance back.
    let _ = super::verify(data_dir);
    let db = redb::Database::open(data_dir.join("paygate.redb")).expect("open the store");
    let table: redb::TableDefinition<&str, &[u8]> = redb::TableDefinition::new("balances");
    let txn = db.begin_write().expect("write");
    {
        let mut balances = txn.open_table(table).expect("balances");
        use redb::ReadableTable;
        let key = {
            balances
                .iter()
                .expect("iter")
                .filter_map(Result::ok)
                .map(|(k, _)| k.value().to_string())
                .find(|k| k.starts_with("test:org_") && k.ends_with(":CDF:pending"))
                .expect("a pending CDF balance")
        };
        let current = {
            let value = balances.get(key.as_str()).expect("get").expect("present");
            i64::from_be_bytes(value.value().try_into().expect("8 bytes"))
        };
        balances
            .insert(key.as_str(), (current + delta).to_be_bytes().as_slice())
            .expect("insert");
    }
    txn.commit().expect("commit");
}

/// Every stored balance whose account key starts with `prefix`, read from a
/// stopped server's redb file, by key.
pub fn balances_starting_with(
    data_dir: &Path,
    prefix: &str,
) -> std::collections::BTreeMap<String, i64> {
    // As above: a killed server's last batches may be in its log only.
    super::verify(data_dir).assert_success();
    let db = redb::Database::open(data_dir.join("paygate.redb")).expect("open the store");
    let table: redb::TableDefinition<&str, &[u8]> = redb::TableDefinition::new("balances");
    use redb::{ReadableDatabase, ReadableTable};
    let txn = db.begin_read().expect("read");
    let balances = txn.open_table(table).expect("balances");
    balances
        .iter()
        .expect("iter")
        .filter_map(Result::ok)
        .filter(|(k, _)| k.value().starts_with(prefix))
        .map(|(k, v)| {
            let bytes: [u8; 8] = v.value().try_into().expect("8 bytes");
            (k.value().to_string(), i64::from_be_bytes(bytes))
        })
        .collect()
}
