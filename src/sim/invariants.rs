//! The invariants, checked against the store as it is. Cheap ones after
//! every batch; the full set (the ledger recomputed from the journal) every
//! few hundred steps, after every crash and at the end of a run.

use std::collections::BTreeMap;

use crate::ledger;
use crate::mode::Mode;
use crate::store::{Read, Snapshot};

/// No merchant balance of `owner` is negative (system accounts may be).
pub fn owner_balances_not_negative(snapshot: &Snapshot, owner: &str) -> Result<(), String> {
    let balances = ledger::balances(snapshot, Mode::Test, owner).map_err(|e| e.to_string())?;
    for currency in balances {
        for (class, amount) in ledger::Class::ALL.iter().zip(currency.by_class) {
            if amount < 0 {
                return Err(format!(
                    "merchant balance negative: {owner} {} {} = {amount}",
                    currency.currency,
                    class.as_str()
                ));
            }
        }
    }
    Ok(())
}

/// Every posting balances and every stored balance equals its journal
/// (`ledger::verify`, what `paygate verify` and the auditor run); money is
/// conserved: per mode and currency, all accounts (merchants, system
/// accounts standing for the outside world) sum to zero; no merchant
/// balance is negative.
pub fn ledger(snapshot: &Snapshot) -> Result<(), String> {
    let report = ledger::verify(snapshot).map_err(|e| e.to_string())?;
    if !report.ok() {
        return Err(format!("ledger verify: {:?}", report.problems));
    }
    let mut sums: BTreeMap<(String, String), i128> = BTreeMap::new();
    let mut negative = None;
    snapshot
        .for_each_balance(|account, balance| {
            // `<mode>:<owner>:<currency>:<class>`
            let parts: Vec<&str> = account.split(':').collect();
            if let [mode, owner, currency, _] = parts[..] {
                *sums
                    .entry((mode.to_string(), currency.to_string()))
                    .or_default() += i128::from(balance);
                if !owner.starts_with("sys.") && balance < 0 && negative.is_none() {
                    negative = Some(format!("merchant balance negative: {account} = {balance}"));
                }
            }
            Ok(())
        })
        .map_err(|e| e.to_string())?;
    if let Some(negative) = negative {
        return Err(negative);
    }
    for ((mode, currency), sum) in sums {
        if sum != 0 {
            return Err(format!(
                "money not conserved: {mode} {currency} sums to {sum}"
            ));
        }
    }
    Ok(())
}

/// Each acknowledged object is still there (after a crash: it was durable
/// when it was acknowledged).
pub fn acknowledged(snapshot: &Snapshot, ids: &[String]) -> Result<(), String> {
    for id in ids {
        if snapshot
            .object_bytes(id)
            .map_err(|e| e.to_string())?
            .is_none()
        {
            return Err(format!("acknowledged {id} is gone"));
        }
    }
    Ok(())
}

/// An intent never gives back more than it received: refunded, reserved
/// for refunds in flight and disputed together stay within what was
/// received.
pub fn intents(snapshot: &Snapshot, ids: &[String]) -> Result<(), String> {
    for id in ids {
        let Some(intent) = snapshot
            .object::<serde_json::Value>(id)
            .map_err(|e| e.to_string())?
        else {
            continue;
        };
        let field = |name: &str| intent.get(name).and_then(|v| v.as_i64()).unwrap_or(0);
        let received = field("amount_received_minor");
        let out = field("amount_refunded_minor") + field("amount_reserved_minor");
        if out > received {
            return Err(format!(
                "{id}: refunded and reserved {out} exceed the {received} received"
            ));
        }
        if field("amount_refunded_minor") < 0 || received < 0 {
            return Err(format!("{id}: a negative amount: {intent}"));
        }
    }
    Ok(())
}
