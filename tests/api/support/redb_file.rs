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
