//! The invariants, checked against the store as it is. Cheap ones after
//! every batch; the full set (the ledger recomputed from the journal) every
//! few hundred steps, after every crash and at the end of a run.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::ledger;
use crate::mode::Mode;
use crate::store::{Read, Snapshot, Tx, WrittenObject};

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
/// accounts standing for the outside world, each shard of one a row of
/// its own) sum to zero; no merchant balance is negative.
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
        counters(id, &intent)?;
    }
    Ok(())
}

/// The counters of one intent (its stored record): none negative, and
/// refunded and reserved within what was received.
fn counters(id: &str, intent: &Value) -> Result<(), String> {
    let field = |name: &str| intent.get(name).and_then(|v| v.as_i64()).unwrap_or(0);
    let received = field("amount_received_minor");
    let out = field("amount_refunded_minor") + field("amount_reserved_minor");
    if out > received {
        return Err(format!(
            "{id}: refunded and reserved {out} exceed the {received} received"
        ));
    }
    // A refund that resolves a reservation its creation never stored
    // drives `amount_reserved_minor` below zero.
    for name in [
        "amount_received_minor",
        "amount_refunded_minor",
        "amount_reserved_minor",
        "amount_disputed_minor",
        "amount_charged_back_minor",
    ] {
        if field(name) < 0 {
            return Err(format!("{id}: {name} is negative ({})", field(name)));
        }
    }
    Ok(())
}

/// What a command did to payment intents, on its transaction: each intent
/// it wrote keeps its counters (`counters`), and the command that collects
/// a payment (sets its `collection_transaction`) posts what the intent
/// records (`collection_posting`).
pub fn collections(tx: &Tx<'_>, written: &[WrittenObject]) -> Result<(), String> {
    for object in written {
        let Some(now) = object
            .now
            .as_deref()
            .filter(|_| object.id.starts_with("pi_"))
        else {
            continue;
        };
        let Ok(intent) = serde_json::from_slice::<Value>(now) else {
            return Err(format!("{}: its record is not JSON", object.id));
        };
        counters(&object.id, &intent)?;
        let collection = |record: &Value| {
            record
                .get("collection_transaction")
                .and_then(Value::as_str)
                .map(str::to_string)
        };
        let Some(txn) = collection(&intent) else {
            continue;
        };
        let before = object
            .before
            .as_deref()
            .and_then(|b| serde_json::from_slice::<Value>(b).ok());
        if before.as_ref().and_then(collection).as_deref() == Some(txn.as_str()) {
            continue;
        }
        let posting = tx
            .posting::<ledger::Posting>(&txn)
            .map_err(|e| e.to_string())?
            .ok_or_else(|| format!("{}: its collection {txn} is not in the journal", object.id))?;
        collection_posting(&object.id, &intent, &posting)?;
    }
    Ok(())
}

/// A collection posting moves what the intent received out of its source
/// (the rail's clearing account, or a wallet payer's available balance)
/// and credits the merchant's pending with the received less the fees,
/// and the fee accounts (provider fees, fee revenue, tax payable) with
/// exactly the intent's stored `fees`: a fee line dropped or doubled
/// leaves the posting balanced, money conserved, and the fee misbooked.
fn collection_posting(id: &str, intent: &Value, posting: &ledger::Posting) -> Result<(), String> {
    use crate::domain::fees::Fees;
    use ledger::{Class, System};
    let text = |name: &str| intent.get(name).and_then(Value::as_str).unwrap_or_default();
    let mode = serde_json::from_value::<Mode>(intent.get("mode").cloned().unwrap_or_default())
        .map_err(|e| format!("{id}: mode: {e}"))?;
    let (owner, currency) = (text("owner"), text("currency"));
    let received = intent
        .get("amount_received_minor")
        .and_then(Value::as_i64)
        .unwrap_or(0);
    let fees = match intent.get("fees").filter(|f| !f.is_null()) {
        Some(fees) => {
            serde_json::from_value::<Fees>(fees.clone()).map_err(|e| format!("{id}: fees: {e}"))?
        }
        None => Fees {
            provider_fee_minor: 0,
            service_fee_minor: 0,
            tax_minor: 0,
        },
    };
    // By base account: a fee line goes to a shard of its system account.
    let mut credited: BTreeMap<String, i64> = BTreeMap::new();
    let mut paid_out = 0;
    for line in &posting.lines {
        if line.amount_minor < 0 {
            paid_out -= line.amount_minor;
        } else {
            *credited
                .entry(ledger::base_account(&line.account))
                .or_default() += line.amount_minor;
        }
    }
    let expected = [
        (
            ledger::merchant_account(mode, owner, currency, Class::Pending),
            received - fees.total_minor(),
        ),
        (
            ledger::system_account(mode, System::ProviderFees, currency),
            fees.provider_fee_minor,
        ),
        (
            ledger::system_account(mode, System::FeeRevenue, currency),
            fees.service_fee_minor,
        ),
        (
            ledger::system_account(mode, System::TaxPayable, currency),
            fees.tax_minor,
        ),
    ];
    for (account, amount) in expected {
        let key = account.key();
        let got = credited.get(key.as_str()).copied().unwrap_or(0);
        if got != amount {
            return Err(format!(
                "{id}: its collection {} credits {key} with {got}, the intent says {amount}",
                posting.id
            ));
        }
    }
    if paid_out != received {
        return Err(format!(
            "{id}: its collection {} takes {paid_out} from its source, the intent received {received}",
            posting.id
        ));
    }
    Ok(())
}

/// Offline promises are settled at most once: no two settled promises
/// share a nonce; a settled one has its posting and its receipt, a
/// rejected one neither; each is recorded under the SHA-256 of its string,
/// and that hash names it.
pub fn offline_promises(snapshot: &Snapshot, ids: &[String]) -> Result<(), String> {
    use crate::domain::offline::Status;
    use crate::domain::offline::sync::OfflinePromise;
    let mut nonces: BTreeMap<&str, &str> = BTreeMap::new();
    let promises: Vec<OfflinePromise> = ids
        .iter()
        .map(|id| {
            snapshot
                .object::<OfflinePromise>(id)
                .map_err(|e| e.to_string())?
                .ok_or_else(|| format!("recorded promise {id} is gone"))
        })
        .collect::<Result<_, String>>()?;
    for p in &promises {
        let settled = p.status == Status::Settled;
        let posted = p.transaction.is_some() && p.receipt.is_some();
        if settled != posted || (!settled && p.transaction.is_some()) {
            return Err(format!(
                "{}: {:?} with transaction {:?}",
                p.id, p.status, p.transaction
            ));
        }
        if p.hash != crate::offline::device_keys::digest(&p.promise) {
            return Err(format!("{}: its hash is not its string's", p.id));
        }
        let named = snapshot
            .index(&crate::store::keys::offline_promise_hash(p.mode, &p.hash))
            .map_err(|e| e.to_string())?;
        if named.as_deref() != Some(p.id.as_bytes()) {
            return Err(format!("{}: its hash names another record", p.id));
        }
        if settled && let Some(first) = nonces.insert(&p.nonce, &p.id) {
            return Err(format!(
                "nonce {} settled two promises: {first} and {}",
                p.nonce, p.id
            ));
        }
    }
    Ok(())
}

/// What a command did, on its transaction before it is flushed: every
/// object it wrote moved as its resource's transition table allows
/// (`lifecycles`), and the last event it emitted about an object carries
/// that object as stored: every field the event's object shares by name
/// with the stored object holds the same value (the event carries the API's
/// view, the store the record; what both name must agree).
pub fn moves_and_events(tx: &Tx<'_>, written: &[WrittenObject]) -> Result<(), String> {
    let mut stored: BTreeMap<&str, &[u8]> = BTreeMap::new();
    for object in written {
        let Some(now) = &object.now else { continue };
        stored.insert(&object.id, now);
        super::lifecycles::check_nested(&object.id, object.before.as_deref(), now)?;
        let Some(to) = super::lifecycles::status(now) else {
            continue;
        };
        let from = object.before.as_deref().and_then(super::lifecycles::status);
        super::lifecycles::check(&object.id, from.as_deref(), &to)?;
    }
    // The last event about each object: what a reader of the events
    // believes the object is now.
    let mut last: BTreeMap<String, (&str, Value)> = BTreeMap::new();
    for emitted in tx.emitted() {
        let Ok(object) = serde_json::from_slice::<Value>(&emitted.object) else {
            return Err(format!("event {}: its object is not JSON", emitted.event));
        };
        if let Some(id) = object.get("id").and_then(|id| id.as_str()) {
            last.insert(id.to_string(), (&emitted.event, object));
        }
    }
    let before: BTreeMap<&str, Option<String>> = written
        .iter()
        .map(|o| {
            let status = o.before.as_deref().and_then(super::lifecycles::status);
            (o.id.as_str(), status)
        })
        .collect();
    for (id, (event, object)) in last {
        let record = match stored.get(id.as_str()) {
            Some(bytes) => serde_json::from_slice::<Value>(bytes).ok(),
            None => tx.object::<Value>(&id).map_err(|e| e.to_string())?,
        };
        let Some(record) = record.map(shown) else {
            continue;
        };
        if approved_batch(&id, &object) {
            continue;
        }
        for (field, value) in object.as_object().into_iter().flatten() {
            let Some(kept) = record.get(field) else {
                continue;
            };
            let scalar = !(value.is_object() || value.is_array());
            if field == "status" && on_the_way(&id, &before, value, kept) {
                continue;
            }
            if scalar && kept != value {
                return Err(format!(
                    "event {event} about {id}: {field} is {value}, the stored object has {kept}"
                ));
            }
        }
    }
    Ok(())
}

/// A record as its views show it where they derive a field from it: an
/// intent's `status` is its public status (decision 84: PARTIALLY_REFUNDED,
/// REFUNDED and DISPUTED are shown, never stored).
fn shown(mut record: Value) -> Value {
    let public = serde_json::from_value::<crate::domain::intents::Intent>(record.clone())
        .ok()
        .filter(|_| {
            record
                .get("id")
                .and_then(|v| v.as_str())
                .is_some_and(|id| id.starts_with("pi_"))
        })
        .and_then(|intent| serde_json::to_value(intent.public_status()).ok());
    if let Some(status) = public {
        record["status"] = status;
    }
    record
}

/// Whether an event's `status` is one the object passed through in this
/// command on its way to the stored one (decision 440): a command that
/// applies several triggers emits the events of the steps it names (a
/// payment's `succeeded` at CAPTURED), and a step without an event of its
/// own may follow (queued for settlement: SETTLEMENT_PENDING). The status
/// must lie on a path of the table from the one before the command to
/// the one stored.
fn on_the_way(
    id: &str,
    before: &BTreeMap<&str, Option<String>>,
    event: &Value,
    stored: &Value,
) -> bool {
    let (Some(event), Some(stored)) = (event.as_str(), stored.as_str()) else {
        return false;
    };
    let from = before.get(id).cloned().flatten();
    super::lifecycles::check(id, from.as_deref(), event).is_ok()
        && super::lifecycles::check(id, Some(event), stored).is_ok()
}

/// `payout_batch.approved`, the one event of a batch EXECUTING: it shows
/// the batch as approved, before its first chunk of rows runs in the same
/// command (decision 440); the rows' payouts carry their own events and the
/// batch's figures follow with its finishing event.
fn approved_batch(id: &str, event: &Value) -> bool {
    id.starts_with("pb_") && event.get("status").and_then(|s| s.as_str()) == Some("EXECUTING")
}

/// Usage is billed once: per subscription, the usage its invoices billed
/// and what its current period holds add up to what was recorded
/// (acknowledged `POST /subscriptions/{id}/usage` answers). A period's end
/// that billed usage twice, or dropped it, breaks the sum.
pub fn usage(
    snapshot: &crate::store::Snapshot,
    recorded: &BTreeMap<String, i64>,
) -> Result<(), String> {
    use crate::domain::subscriptions::Subscription;
    for (id, recorded) in recorded {
        let Some(sub) = snapshot
            .object::<Subscription>(id)
            .map_err(|e| e.to_string())?
        else {
            return Err(format!("{id}: an acknowledged subscription vanished"));
        };
        let invoices = crate::domain::invoices::of_subscription(snapshot, id, 100_000)
            .map_err(|e| e.to_string())?;
        let billed: i64 = invoices.iter().map(|i| i.amounts.usage_qty).sum();
        if billed + sub.usage_qty != *recorded {
            return Err(format!(
                "{id}: {recorded} units of usage recorded, {billed} billed and {} in the current period",
                sub.usage_qty
            ));
        }
    }
    Ok(())
}

/// The webhook deliveries of `endpoints`, and the dispatcher's queue:
/// - a PENDING delivery has its due row in the queue (none is lost: a
///   crash, a lease that was never followed by an attempt, leave it due);
///   every row of the queue is a PENDING delivery's, at its due time;
/// - attempts follow the retry schedule: numbered in order, each retry no
///   sooner than its wait less the 10 % jitter, at most one attempt past
///   the schedule's waits;
/// - DELIVERED: exactly one 2xx answer, the last attempt; FAILED: the
///   last attempt failed, with no wait left, or given up (its endpoint
///   gone or disabled).
pub fn deliveries(snapshot: &Snapshot, endpoints: &[&str]) -> Result<(), String> {
    use crate::domain::webhooks::{self, Delivery, DeliveryStatus};
    use std::collections::BTreeSet;
    let rows: BTreeSet<String> = snapshot
        .scan_queue(crate::store::Queue::Deliveries, None, 1_000_000)
        .map_err(|e| e.to_string())?
        .into_iter()
        .map(|(key, _)| key)
        .collect();
    let mut pending_rows = BTreeSet::new();
    for endpoint in endpoints {
        let prefix = webhooks::delivery_prefix(endpoint);
        for (key, _) in snapshot
            .scan_index(&prefix, None, 1_000_000)
            .map_err(|e| e.to_string())?
        {
            let id = crate::store::keys::id_of(&key);
            let Some(d) = snapshot.object::<Delivery>(id).map_err(|e| e.to_string())? else {
                return Err(format!("{id}: an indexed delivery vanished"));
            };
            let delays = webhooks::retry_delays(d.mode);
            let answered = |a: &webhooks::DeliveryAttempt| {
                a.status_code.is_some_and(|c| (200..300).contains(&c))
            };
            for (i, a) in d.attempts.iter().enumerate() {
                if a.number as usize != i + 1 {
                    return Err(format!("{id}: attempt {} numbered {}", i + 1, a.number));
                }
                if let (Some(prev), Some(wait)) =
                    (i.checked_sub(1), delays.get(i.saturating_sub(1)))
                {
                    let gap = a.at_ms - d.attempts[prev].at_ms;
                    let given_up = i + 1 == d.attempts.len() && d.status == DeliveryStatus::Failed;
                    if gap * 10 < wait * 9 && !given_up {
                        return Err(format!(
                            "{id}: attempt {} came {gap} ms after the one before; the schedule waits {wait} ms",
                            i + 1
                        ));
                    }
                }
            }
            if d.attempts.len() > delays.len() + 1 {
                return Err(format!(
                    "{id}: {} attempts, the schedule allows {}",
                    d.attempts.len(),
                    delays.len() + 1
                ));
            }
            let last = d.attempts.last();
            match d.status {
                DeliveryStatus::Pending => {
                    let Some(due) = d.next_attempt_at_ms else {
                        return Err(format!("{id}: PENDING with no next attempt: lost"));
                    };
                    let row = crate::store::keys::due(due, id);
                    if !rows.contains(&row) {
                        return Err(format!(
                            "{id}: PENDING, due at {due}, not in the queue: lost"
                        ));
                    }
                    pending_rows.insert(row);
                    if d.attempts.iter().any(answered) {
                        return Err(format!("{id}: answered 2xx and still PENDING"));
                    }
                }
                DeliveryStatus::Delivered => {
                    if d.attempts.iter().filter(|a| answered(a)).count() != 1
                        || !last.is_some_and(answered)
                    {
                        return Err(format!("{id}: DELIVERED but its attempts say otherwise"));
                    }
                }
                DeliveryStatus::Failed => {
                    let given_up = last
                        .and_then(|a| a.error.as_deref())
                        .is_some_and(|e| e.starts_with("the endpoint"));
                    if last.is_some_and(answered)
                        || (!given_up && d.attempts.len() != delays.len() + 1)
                    {
                        return Err(format!(
                            "{id}: FAILED after {} attempts, the schedule has {}",
                            d.attempts.len(),
                            delays.len() + 1
                        ));
                    }
                }
            }
        }
    }
    if let Some(orphan) = rows.difference(&pending_rows).next() {
        return Err(format!(
            "the delivery queue has {orphan}, which no PENDING delivery is due at"
        ));
    }
    Ok(())
}

/// After the dispatcher's last rounds: no delivery is left waiting.
pub fn no_delivery_pending(snapshot: &Snapshot) -> Result<(), String> {
    match snapshot
        .first_due(crate::store::Queue::Deliveries)
        .map_err(|e| e.to_string())?
    {
        Some(due) => Err(format!(
            "a delivery is still due at {due} after the last rounds"
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::ledger::{Cause, CauseKind, Line, Posting};

    const CLEARING: &str = "test:sys.rail_clearing.mobile_money:CDF:system";
    const PENDING: &str = "test:org_1:CDF:pending";
    const FEES: &str = "test:sys.fee_revenue:CDF:system";
    const PROVIDER: &str = "test:sys.provider_fees:CDF:system";
    const TAX: &str = "test:sys.tax_payable:CDF:system";

    fn intent() -> serde_json::Value {
        json!({
            "id": "pi_1", "mode": "test", "owner": "org_1", "currency": "CDF",
            "amount_received_minor": 10_000,
            "fees": {"provider_fee_minor": 150, "service_fee_minor": 100, "tax_minor": 16},
        })
    }

    /// The posting of `transfers` out of `source`: each a debit and a credit.
    fn posting(source: &str, transfers: &[(&str, i64)]) -> Posting {
        let line = |account: &str, amount_minor| Line {
            account: account.to_string(),
            amount_minor,
            currency: "CDF".into(),
        };
        Posting {
            id: "txn_1".into(),
            mode: crate::mode::Mode::Test,
            owner: "org_1".into(),
            cause: Cause {
                kind: CauseKind::PaymentIntent,
                id: "pi_1".into(),
            },
            payment_intent: Some("pi_1".into()),
            description: "collection".into(),
            lines: transfers
                .iter()
                .flat_map(|(to, amount)| [line(source, -amount), line(to, *amount)])
                .collect(),
            created_at_ms: 0,
        }
    }

    #[test]
    fn a_collection_books_each_fee_the_intent_records() {
        let whole = [(PENDING, 9_734), (PROVIDER, 150), (FEES, 100), (TAX, 16)];
        assert_eq!(
            super::collection_posting("pi_1", &intent(), &posting(CLEARING, &whole)),
            Ok(())
        );
        // A wallet payment: from the payer's available balance.
        let wallet = posting("test:org_2:CDF:available", &whole);
        assert_eq!(
            super::collection_posting("pi_1", &intent(), &wallet),
            Ok(())
        );
        // The fee lines on their system accounts' shards, as postings write them.
        let sharded = [
            (PENDING, 9_734),
            ("test:sys.provider_fees~03:CDF:system", 150),
            ("test:sys.fee_revenue~03:CDF:system", 100),
            ("test:sys.tax_payable~03:CDF:system", 16),
        ];
        assert_eq!(
            super::collection_posting("pi_1", &intent(), &posting(CLEARING, &sharded)),
            Ok(())
        );
        // The service fee's line dropped: balanced, and caught.
        let dropped = posting(CLEARING, &[(PENDING, 9_734), (PROVIDER, 150), (TAX, 16)]);
        let what = super::collection_posting("pi_1", &intent(), &dropped).unwrap_err();
        assert!(
            what.contains("fee_revenue") && what.contains("100"),
            "{what}"
        );
        // The fee kept by the merchant instead.
        let kept = posting(CLEARING, &[(PENDING, 9_834), (PROVIDER, 150), (TAX, 16)]);
        assert!(super::collection_posting("pi_1", &intent(), &kept).is_err());
        // No fees recorded: the whole amount to pending.
        let mut free = intent();
        free["fees"] = serde_json::Value::Null;
        let all = posting(CLEARING, &[(PENDING, 10_000)]);
        assert_eq!(super::collection_posting("pi_1", &free, &all), Ok(()));
    }

    #[test]
    fn an_intent_counter_below_zero_is_caught() {
        let mut record = intent();
        record["amount_reserved_minor"] = json!(0);
        assert_eq!(super::counters("pi_1", &record), Ok(()));
        // A refund resolved whose reservation was never stored.
        record["amount_refunded_minor"] = json!(2_000);
        record["amount_reserved_minor"] = json!(-2_000);
        let what = super::counters("pi_1", &record).unwrap_err();
        assert!(what.contains("amount_reserved_minor is negative"), "{what}");
        record["amount_reserved_minor"] = json!(8_001);
        assert!(super::counters("pi_1", &record).is_err());
    }
}
